//! The front end's state and its update function (Elm-like): a message for
//! every key, mouse event, resize or tick; views only draw (see
//! [`super::view`]). The app never changes the game except by applying one
//! of the engine's legal inputs through its [`Driver`].

mod autoplay;
mod between;
mod hint;
mod local;
mod logview;
mod menu;
mod orders;
mod overlays;
mod walk;
mod whynot;

pub use between::Deciding;
pub use logview::LogDetail;
pub use menu::{Menu, Row, Sel};
pub use whynot::{WhyKind, WhyLine, WhyNot};

pub use local::Local;
use walk::impulse_begins;

use super::keys::{Command, Key, KeyMap};
use super::step::{Stepper, StopKind};
use super::theme::Theme;
use crate::data::units::Side;
use crate::engine::kernel::events::{CardRead, Event, EventKind};
use crate::engine::kernel::game::{Game, Illegal};
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::input::{Decision, Input, MenuSection};
use crate::engine::kernel::pos::CardPos;
use crate::learn::Learn;
use crossterm::event::{KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind};
use rand_chacha::ChaCha8Rng;
use ratatui::layout::Rect;
use std::cell::RefCell;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What the between-mission procedure came to, for its screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finished {
    /// Lines to show: experience, promotions, replacements, skills, the
    /// company's state.
    pub lines: Vec<String>,
    /// Another mission follows (a campaign that goes on).
    pub next: bool,
    /// The campaign is over: how it ended, in words.
    pub over: Option<String>,
}

/// Where the game lives: applying inputs, saving them, taking them back.
pub trait Driver {
    fn game(&self) -> &Game;
    /// Applies one input. `Err` is the engine's refusal; nothing changed.
    fn apply(&mut self, input: &Input) -> Result<Vec<Event>, Illegal>;
    /// A problem saving the last input (the game goes on in memory), taken.
    fn take_warning(&mut self) -> Option<String>;
    /// Inputs applied since the mission began.
    fn inputs(&self) -> u64;
    /// What the mission puts at stake in the campaign, in words, for the
    /// briefing (none outside a campaign).
    fn stakes(&self) -> Vec<String> {
        Vec::new()
    }
    /// Takes the last input back, if the engine allows it
    /// ([`Game::undoable`]); `Err` says why not.
    fn undo(&mut self) -> Result<(), String>;
    /// The mission is over: keep its record and run the between-mission
    /// procedure.
    fn finish(&mut self) -> Result<Finished, String>;
    /// Opens the next mission of the campaign.
    fn next_mission(&mut self) -> Result<(), String>;
    /// The decisions between missions open now (none outside a campaign).
    fn deciding(&self) -> Option<Deciding> {
        None
    }
    /// Makes one of them; `Err`: refused, with the reason.
    fn decide(&mut self, _choice: &crate::play::campaign::Choice) -> Result<(), String> {
        Err("no campaign: nothing to decide".into())
    }
    /// Makes the game recorded in `rec` the one played from now on, saved
    /// in a new file (a replay taken over: the old file is left as it is).
    /// Returns where it is saved.
    fn take_over(&mut self, rec: crate::play::replay::Recorder) -> Result<String, String>;
}

/// The screens, in the order a mission goes through them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Screen {
    Briefing,
    Play,
    /// The mission is over: its result.
    Result,
    /// After the between-mission procedure.
    Between(Finished),
}

/// Where an entry stands in a grouped menu: a section of the Action Menu,
/// or the impulse itself (ending it, setting something down).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Group {
    Section(MenuSection),
    Impulse,
}

impl Group {
    /// Its heading in words, with its rule.
    pub fn label(self) -> String {
        match self {
            Group::Section(s) => format!("{} ({})", s.label(), s.rule()),
            Group::Impulse => "The impulse (4.1.3)".into(),
        }
    }
}

/// One input in a menu, with what it costs, its odds and what it will do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub input: Input,
    pub label: String,
    pub rule: &'static str,
    pub cost: u8,
    /// The attempt it makes, where it makes one: cards drawn, what they
    /// must show, the chance of success ("64%", "sure": for an order that
    /// draws for every unit, of the whole order).
    pub odds: Option<Odds>,
    /// Its section in a grouped menu.
    pub group: Group,
    /// Who receives it ("3/2 on R2C1", "the platoon"), empty for none.
    pub recipient: String,
    /// Who gives it ("CO HQ", "General Initiative"), empty for answers.
    pub by: String,
    /// What it will or may do that matters, in words, worst first.
    pub consequences: Vec<String>,
    /// How many of the first `consequences` warn; the rest are news.
    pub warnings: usize,
    /// Units the order makes check for mines (9.5): it draws cards though
    /// it makes no attempt.
    pub mine_checks: usize,
    /// The hint key's reason, when this is the planner's choice.
    pub tip: Option<String>,
    /// Everything a search looks in, lower case.
    pub search: String,
    /// The label without its recipient, for a grouped menu where the
    /// recipient heads its entries.
    pub short: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Odds {
    pub cards: u8,
    pub needed: String,
    pub chance: String,
    /// It succeeds whatever is drawn (`chance` then says "sure").
    pub sure: bool,
    /// Orders drawing once per unit: the chance of one unit's attempt
    /// (`chance` is then that of every attempt succeeding).
    pub each: Option<String>,
    /// Calls for fire: the chance of a short round.
    pub short_round: Option<String>,
}

/// What lies over the screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Overlay {
    None,
    Menu(Menu),
    /// Help, scrolled by so many lines.
    Help(u16),
    /// The key to the codes the map shows now, scrolled so many lines.
    Legend(u16),
    /// The selected card whole, over the map (issue 58: at 80x24 a card
    /// box shows a few of its counters).
    Card,
    /// Asking before quitting.
    Quit,
    /// Asking before ending an impulse with commands not spent (4.1.3):
    /// a word typed on the map that begins with the key must not end it.
    EndImpulse,
    /// The cards of the last draw, one after another: which is shown.
    Cards(usize),
    /// "Why not?": the orders that cannot be given now, with the reasons.
    WhyNot(WhyNot),
    /// One event of the log in full, with its cards; the log's search.
    Log(LogDetail),
    /// The after-action report so far (scrolled by `App::report_scroll`).
    Report,
}

/// What the panel under the Command Display shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SidePanel {
    /// The selected card and its units.
    Card,
    /// The fire support: the Mission Log of the board game.
    Support,
    /// The Action deck: what the cards still to be drawn hold.
    Deck,
}

/// Which events the log shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFilter {
    All,
    Company,
    Enemy,
}

impl LogFilter {
    pub fn label(self) -> &'static str {
        match self {
            LogFilter::All => "all",
            LogFilter::Company => "company",
            LogFilter::Enemy => "enemy",
        }
    }
}

/// A message to the app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Msg {
    Key(KeyEvent),
    Mouse(MouseEvent),
    Resize(u16, u16),
    /// Time passes (autoplay).
    Tick,
}

/// Where things were drawn last, for the mouse.
#[derive(Debug, Clone, Default)]
pub struct Hits {
    pub cards: Vec<(Rect, CardPos)>,
    pub menu: Vec<(Rect, usize)>,
    pub log: Rect,
    /// The fire lines drawn: each link with the cell of its arrowhead, when
    /// that cell is on the screen.
    pub fire: Vec<(crate::engine::kernel::state::FireLink, Option<(u16, u16)>)>,
    /// How far the after-action report can scroll, as last drawn.
    pub report_max: u16,
    /// How far the "why not?" window and the help can scroll, as drawn.
    pub why_max: u16,
    pub help_max: u16,
    /// Events the log pane showed whole, as last drawn: a page of it.
    pub log_page: usize,
}

/// The bot playing on screen (`--autoplay`).
pub struct Autoplay {
    pub bot: crate::play::sim::Bot,
    pub rng: ChaCha8Rng,
    pub delay: Duration,
    pub last: Option<Instant>,
}

/// A card drawn by the last input, with what it was drawn for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shown {
    pub read: CardRead,
    /// The event it belongs to, in words, and its rule.
    pub event: String,
    pub rule: String,
}

impl Shown {
    /// Every card the events drew, in order.
    pub fn of(events: &[Event]) -> Vec<Shown> {
        events
            .iter()
            .flat_map(|e| {
                e.cards.iter().map(move |r| Shown {
                    read: r.clone(),
                    event: e.text.clone(),
                    rule: e.rule.clone(),
                })
            })
            .collect()
    }
}

pub struct App<D: Driver> {
    pub driver: D,
    /// Learn mode's explanations, loaded with the game's data.
    pub explanations: Arc<Learn>,
    pub keys: KeyMap,
    pub theme: Theme,
    pub screen: Screen,
    pub overlay: Overlay,
    pub cursor: CardPos,
    /// Index of the selected unit among the card's units.
    pub unit: usize,
    /// Which of the map's marks the goals key shows next
    /// ([`crate::ui::goals`]).
    pub goal: usize,
    /// What the panel under the Command Display shows. Its key shows a
    /// panel and, pressed again, the card again; choosing a card or a unit
    /// (arrows, Tab, the mouse) shows the card too, since what the player
    /// then wants to see is that card. Orders given and stops walked leave
    /// the panel as it is.
    pub side: SidePanel,
    /// How far the fire-support or deck panel is scrolled (the page keys,
    /// while one of them is shown).
    pub side_scroll: u16,
    pub log_filter: LogFilter,
    /// Lines scrolled back from the newest.
    pub log_back: usize,
    pub shown: Vec<Shown>,
    /// What the last input changed that matters, worst first: the last
    /// page of the drawn-cards pop-up.
    pub summary: Vec<crate::ui::summary::Change>,
    /// Where the cursor stood before each input of the game (by the count
    /// of inputs before it), to put it back on an undo. Which inputs may
    /// be undone is the engine's to say ([`Game::undoable`]).
    pub cursors: Vec<(u64, CardPos, usize)>,
    /// The last word to the player: a refusal, a warning, a note.
    pub message: Option<String>,
    pub quit: bool,
    /// Opened from the start menu: a briefing offers the way back to it.
    pub menu: bool,
    /// The player went back to the start menu (the app is done too).
    pub back: bool,
    pub autoplay: Option<Autoplay>,
    pub size: (u16, u16),
    pub hits: RefCell<Hits>,
    /// Learn mode: the game walked stop by stop, explained.
    pub learn: bool,
    /// The walk of learn mode or the replay viewer.
    pub walk: Option<Stepper>,
    /// Learn mode: which procedure of the current stop is explained.
    pub sub: usize,
    /// The replay viewer: the file watched.
    pub viewer: Option<Viewer>,
    /// The fire lines are drawn over the map.
    pub fire_lines: bool,
    /// Learn mode: how far the explanation is scrolled, and the stop and
    /// procedure it was scrolled at (another stop starts at the top).
    pub learn_scroll: (usize, usize, u16),
    /// Rows the after-action report is scrolled down.
    pub report_scroll: u16,
    /// The decision selected between missions.
    pub between_sel: usize,
}

/// A replay or save being watched (`fof replay FILE`).
pub struct Viewer {
    pub path: std::path::PathBuf,
    pub replay: crate::play::replay::Replay,
    pub data: std::sync::Arc<crate::data::DataSet>,
}

/// The smallest terminal the screen is laid out for.
pub const MIN_SIZE: (u16, u16) = (80, 24);

impl<D: Driver> App<D> {
    pub fn new(driver: D, explanations: Arc<Learn>, keys: KeyMap, theme: Theme) -> App<D> {
        let mut app = App {
            driver,
            explanations,
            keys,
            theme,
            screen: Screen::Briefing,
            overlay: Overlay::None,
            cursor: CardPos::new(0, 1),
            unit: 0,
            goal: 0,
            side: SidePanel::Card,
            side_scroll: 0,
            log_filter: LogFilter::All,
            log_back: 0,
            shown: Vec::new(),
            summary: Vec::new(),
            cursors: Vec::new(),
            message: None,
            quit: false,
            menu: false,
            back: false,
            autoplay: None,
            size: (160, 50),
            hits: RefCell::new(Hits::default()),
            learn: false,
            walk: None,
            sub: 0,
            viewer: None,
            fire_lines: false,
            learn_scroll: (0, 0, 0),
            report_scroll: 0,
            between_sel: 0,
        };
        app.home_cursor();
        app.message = app.driver.take_warning();
        if app.game().is_over() {
            app.screen = Screen::Result;
        }
        app
    }

    /// The game as shown: the walk's in learn mode and the viewer, else
    /// the driver's.
    pub fn game(&self) -> &Game {
        match &self.walk {
            Some(w) => w.game(),
            None => self.driver.game(),
        }
    }

    /// The after-action report of the game as shown: in learn mode and the
    /// viewer, from the events met so far.
    pub fn report(&self) -> crate::play::report::Report {
        match &self.walk {
            Some(w) => crate::play::report::report_of(w.game(), w.events_so_far()),
            None => crate::play::report::report(self.driver.game()),
        }
    }

    /// Scrolls the after-action report by `by` rows, within what the last
    /// frame drew.
    pub(super) fn scroll_report(&mut self, by: i32) {
        let max = self.hits.borrow().report_max as i32;
        self.report_scroll = (self.report_scroll as i32 + by).clamp(0, max) as u16;
    }

    /// Turns learn mode on from the start of a game set up held
    /// ([`Game::new_held`]): the walk begins before turn 1's automatic
    /// play. The driver's game must be that game run to its first decision.
    pub fn learn_from(&mut self, held: Game) {
        self.learn = true;
        self.walk = Some(Stepper::new(held, Vec::new()));
        self.sub = 0;
    }

    /// Watches a replay: the walk begins at `start` (held where possible)
    /// with the replay's inputs.
    pub fn view(&mut self, viewer: Viewer, start: Game) {
        let inputs = viewer
            .replay
            .inputs
            .iter()
            .map(|r| r.input.clone())
            .collect();
        self.walk = Some(Stepper::new(start, inputs));
        self.viewer = Some(viewer);
        self.screen = Screen::Play;
        self.learn = true;
        self.sub = 0;
    }

    /// The turn and step shown: while a turn is walked through, those of
    /// the procedure explained (the state may already be in the next step);
    /// else the game's.
    pub fn shown_turn_step(&self) -> (u8, crate::engine::kernel::sequence::Step) {
        let s = self.game().state();
        if let Some(w) = &self.walk
            && self.walking()
        {
            let events = w.stop_events();
            let groups = super::learn::groups(events, &w.stop().kind);
            let g = &groups[self.sub.min(groups.len() - 1)];
            if let Some(e) = events[g.clone()].last() {
                return (e.turn, e.step);
            }
        }
        (s.turn, s.step)
    }

    /// Whether the walk is between decisions: the player's orders wait.
    pub fn walking(&self) -> bool {
        self.viewer.is_some() || self.walk.as_ref().is_some_and(|w| !w.waiting())
    }

    pub fn too_small(&self) -> bool {
        self.size.0 < MIN_SIZE.0 || self.size.1 < MIN_SIZE.1
    }

    /// Puts the cursor on the CO HQ, or the first friendly unit.
    fn home_cursor(&mut self) {
        let s = self.game().state();
        let pos = s
            .co_hq()
            .map(|u| u.pos)
            .or_else(|| s.in_play().find(|u| u.side == Side::Us).map(|u| u.pos));
        if let Some(p) = pos {
            self.cursor = p;
        }
        self.unit = 0;
    }

    /// The units shown on the cursor's card, in the order Tab cycles them:
    /// the company's first, then the enemy's.
    pub fn units_here(&self) -> Vec<UnitId> {
        let s = self.game().state();
        let mut v: Vec<UnitId> = s
            .units_at(self.cursor)
            .filter(|u| u.side == Side::Us)
            .map(|u| u.id)
            .collect();
        v.extend(
            s.units_at(self.cursor)
                .filter(|u| u.side != Side::Us)
                .map(|u| u.id),
        );
        v
    }

    pub fn selected_unit(&self) -> Option<UnitId> {
        let v = self.units_here();
        v.get(self.unit.min(v.len().saturating_sub(1))).copied()
    }

    /// The positions the cursor may visit: every dealt card and the
    /// staging area.
    pub fn bounds(&self) -> (i8, i8, i8, i8) {
        self.game().state().map.extent()
    }

    // ---- update ----------------------------------------------------------

    pub fn update(&mut self, msg: Msg) {
        match msg {
            Msg::Resize(w, h) => self.size = (w, h),
            Msg::Tick => self.tick(Instant::now()),
            Msg::Key(k) => {
                if k.kind == KeyEventKind::Release {
                    return;
                }
                let key = Key::from_event(&k);
                self.message = None; // it answered the key before
                if self.search_key(key) || self.log_search_key(key) {
                    return;
                }
                // Quitting is always possible, whatever lies over the screen.
                match self.keys.command(key) {
                    Some(cmd) => self.command(cmd, Some(key)),
                    None => self.other_key(key),
                }
            }
            Msg::Mouse(m) => self.mouse(m),
        }
    }

    pub fn command(&mut self, cmd: Command, key: Option<Key>) {
        if self.too_small() && cmd != Command::Quit {
            return;
        }
        // Overlays first.
        if self.overlay_command(cmd, key) {
            return;
        }
        match cmd {
            Command::Quit => {
                self.overlay = Overlay::Quit;
                return;
            }
            Command::Help => {
                self.overlay = Overlay::Help(0);
                return;
            }
            Command::Legend => {
                self.overlay = Overlay::Legend(0);
                return;
            }
            Command::CardView if self.screen == Screen::Play => {
                self.overlay = Overlay::Card;
                return;
            }
            _ => {}
        }
        match self.screen.clone() {
            Screen::Briefing => match cmd {
                Command::Confirm => {
                    self.screen = Screen::Play;
                    self.report_scroll = 0;
                }
                Command::Up => self.scroll_report(-1),
                Command::Down => self.scroll_report(1),
                // Nothing is lost: every input is saved as it is given.
                Command::Back if self.menu => {
                    self.back = true;
                    self.quit = true;
                }
                _ => {}
            },
            Screen::Result => match cmd {
                Command::Confirm => match self.driver.finish() {
                    Ok(f) => self.enter_between(f),
                    Err(e) => self.message = Some(e),
                },
                // The report fills the screen until the log is scrolled
                // back; back at the newest line (or with the report's
                // key) it shows again.
                Command::Up if self.log_back == 0 => self.scroll_report(-1),
                Command::Down if self.log_back == 0 => self.scroll_report(1),
                Command::Report => self.log_back = 0,
                _ => self.play_command(cmd),
            },
            Screen::Between(f) => self.between_command(cmd, &f),
            Screen::Play => self.play_command(cmd),
        }
    }

    fn play_command(&mut self, cmd: Command) {
        let (r0, r1, c0, c1) = self.bounds();
        match cmd {
            // Rows count away from the player: up the screen is up a row.
            Command::Up => self.move_cursor(1, 0, (r0, r1, c0, c1)),
            Command::Down => self.move_cursor(-1, 0, (r0, r1, c0, c1)),
            Command::Left => self.move_cursor(0, -1, (r0, r1, c0, c1)),
            Command::Right => self.move_cursor(0, 1, (r0, r1, c0, c1)),
            Command::NextUnit => {
                let n = self.units_here().len();
                if n > 0 {
                    self.unit = (self.unit + 1) % n;
                }
                self.side = SidePanel::Card;
            }
            Command::PrevUnit => {
                let n = self.units_here().len();
                if n > 0 {
                    self.unit = (self.unit + n - 1) % n;
                }
                self.side = SidePanel::Card;
            }
            Command::Support => self.toggle_side(SidePanel::Support),
            Command::Deck => self.toggle_side(SidePanel::Deck),
            Command::Confirm if self.walking() && self.viewer.is_none() => self.next_stop(),
            Command::Confirm if self.viewer.is_some() => {
                self.message =
                    Some("a replay is watched, not played: X takes it over from here".into())
            }
            Command::AllOrders if self.walking() => self.walking_message(),
            Command::EndImpulse if self.walking() => self.walking_message(),
            Command::Undo if self.viewer.is_some() => self.walking_message(),
            Command::Confirm => self.open_unit_menu(),
            Command::AllOrders => self.open_all_menu(),
            Command::NextStep => self.next_stop(),
            Command::PrevStep => self.walk_back(|_, _| true),
            Command::NextDecision => {
                if self.viewer.is_some() {
                    self.walk_forward(|s, _| matches!(s.kind, StopKind::Input(_)));
                } else {
                    self.walk_forward(|_, _| false);
                }
            }
            Command::PrevDecision => self.walk_back(|s, _| matches!(s.kind, StopKind::Input(_))),
            Command::NextPhase => self.walk_forward(|s, e| s.begins_step(e).is_some()),
            Command::PrevPhase => self.walk_back(|s, e| s.begins_step(e).is_some()),
            Command::NextTurn => {
                let turn = self.game().state().turn;
                self.walk_forward(move |s, _| s.turn != turn);
            }
            Command::PrevTurn => self.prev_turn(),
            Command::NextImpulse => self.walk_forward(impulse_begins),
            Command::PrevImpulse => self.walk_back(impulse_begins),
            Command::ToStart => self.walk_back(|_, _| false),
            Command::ToEnd => self.run_to_end(),
            Command::ToggleLearn => self.toggle_learn(),
            Command::TakeOver => self.take_over(),
            Command::EndImpulse => {
                if self.game().legal_inputs().contains(&Input::EndImpulse) {
                    if self.game().impulse_end().is_some_and(|e| e.unspent > 0) {
                        self.overlay = Overlay::EndImpulse;
                    } else {
                        self.give(&Input::EndImpulse);
                    }
                } else {
                    self.message = Some(match self.game().prompt().decision {
                        Decision::ChooseHq { .. } => {
                            "no impulse is in progress: choose the HQ whose impulse comes next (Enter on it, or the full list)".into()
                        }
                        Decision::Choose(c) => {
                            let (rule, q) = self.game().question(&c);
                            format!("answer the question first ({rule}): {q} (Enter)")
                        }
                        _ => "there is no impulse to end".into(),
                    });
                }
            }
            Command::Undo => self.take_back(),
            Command::Cards => {
                if self.shown.is_empty() && self.summary.is_empty() {
                    self.message = Some("no card has been drawn yet".into());
                } else {
                    self.overlay = Overlay::Cards(0);
                }
            }
            // Learn mode: the page keys scroll the explanation (i opens the
            // log, which keeps its own keys there).
            Command::LogUp | Command::LogDown if self.learn && self.walk.is_some() => {
                let at = (self.walk.as_ref().map(|w| w.pos).unwrap_or(0), self.sub);
                let mut scroll = self.learn_scroll_now();
                scroll = if cmd == Command::LogUp {
                    scroll.saturating_sub(5)
                } else {
                    scroll.saturating_add(5)
                };
                self.learn_scroll = (at.0, at.1, scroll);
            }
            // The fire-support and deck panels: the page keys scroll them
            // (i opens the log, which keeps its own keys there).
            Command::LogUp | Command::LogDown if self.side != SidePanel::Card => {
                self.side_scroll = if cmd == Command::LogUp {
                    self.side_scroll.saturating_sub(5)
                } else {
                    self.side_scroll.saturating_add(5)
                };
            }
            // A page is what the pane shows whole (it was five events:
            // at 80x24, where the pane shows two or three, events were
            // skipped). The event cut at the top of the pane is the first
            // of the page before.
            Command::LogUp => {
                let page = self.hits.borrow().log_page.max(1);
                let most = self.log_events().len().saturating_sub(1);
                self.log_back = (self.log_back + page).min(most);
            }
            Command::LogDown => {
                let page = self.hits.borrow().log_page.max(1);
                self.log_back = self.log_back.saturating_sub(page);
            }
            Command::LogFilter => {
                self.log_filter = match self.log_filter {
                    LogFilter::All => LogFilter::Company,
                    LogFilter::Company => LogFilter::Enemy,
                    LogFilter::Enemy => LogFilter::All,
                };
                self.log_back = 0;
            }
            Command::Back => self.message = None,
            Command::Hint if self.walking() => self.walking_message(),
            Command::Hint => self.show_hint(),
            Command::WhyNot if self.viewer.is_some() => self.walking_message(),
            Command::WhyNot => {
                let u = self.selected_unit();
                self.open_why_not(u);
            }
            Command::Search
            | Command::OnlyCommand
            | Command::OnlyMovement
            | Command::OnlyRally
            | Command::OnlyCombat
            | Command::AllSections => {
                if self.walking() {
                    self.walking_message();
                } else {
                    self.open_all_menu();
                    if let Overlay::Menu(menu) = &mut self.overlay {
                        match cmd {
                            Command::Search => menu.begin_search(),
                            Command::OnlyCommand => menu.only(Some(MenuSection::CommandAndControl)),
                            Command::OnlyMovement => menu.only(Some(MenuSection::Movement)),
                            Command::OnlyRally => menu.only(Some(MenuSection::Rally)),
                            Command::OnlyCombat => menu.only(Some(MenuSection::Combat)),
                            _ => {}
                        }
                    }
                }
            }
            Command::FireLines => {
                self.fire_lines = !self.fire_lines;
                self.message = Some(if self.fire_lines {
                    format!(
                        "fire lines on ({} hides them): each from the firer to its target, with its VOF",
                        self.keys.key(Command::FireLines)
                    )
                } else {
                    "fire lines off".into()
                });
            }
            Command::LogDetail => self.open_log_detail(),
            Command::Goals => self.next_goal(),
            Command::Report => {
                self.report_scroll = 0;
                self.overlay = Overlay::Report;
            }
            Command::Help | Command::Quit | Command::Legend | Command::CardView => {}
        }
    }

    /// The replay viewer: the game as it stands at this stop becomes a new
    /// game, saved in a new file.
    fn take_over(&mut self) {
        let Some(v) = &self.viewer else {
            self.message = Some("take over is for replays (fof replay FILE)".into());
            return;
        };
        let Some(w) = &self.walk else { return };
        if !w.at_decision() {
            self.message =
                Some("take over where the player decides: N goes to the next decision".into());
            return;
        }
        let n = w.stop().inputs as u64;
        let rec = crate::play::replay::Recorder::resume(v.data.clone(), &v.replay)
            .and_then(|r| r.rewound(v.data.clone(), n));
        let rec = match rec {
            Ok(r) => r,
            Err(e) => {
                self.message = Some(format!("cannot take over: {e}"));
                return;
            }
        };
        match self.driver.take_over(rec) {
            Ok(at) => {
                self.viewer = None;
                self.walk = None;
                self.learn = false;
                self.cursors.clear();
                self.message = Some(format!(
                    "taken over after {n} input(s): the new game is saved in {at}; the replay is left as it is"
                ));
                if self.driver.game().is_over() {
                    self.screen = Screen::Result;
                }
            }
            Err(e) => self.message = Some(format!("cannot take over: {e}")),
        }
    }

    /// The goals key: the cursor on the next of the map's marks
    /// ([`crate::ui::goals`]), round from the first, and what it is.
    fn next_goal(&mut self) {
        let list = crate::ui::goals::goals(self.game(), self.cursor.col);
        let Some(goal) = list.get(self.goal % list.len().max(1)) else {
            return;
        };
        let i = self.goal % list.len();
        self.cursor = goal.at;
        self.unit = 0;
        self.side = SidePanel::Card;
        self.goal = i + 1;
        self.message = Some(format!(
            "{} ({} of {}; {} the next)",
            goal.words,
            i + 1,
            list.len(),
            self.keys.key(Command::Goals)
        ));
    }

    fn move_cursor(&mut self, dr: i8, dc: i8, (r0, r1, c0, c1): (i8, i8, i8, i8)) {
        let p = CardPos::new(
            (self.cursor.row + dr).clamp(r0, r1),
            (self.cursor.col + dc).clamp(c0, c1),
        );
        if p != self.cursor {
            self.cursor = p;
            self.unit = 0;
            // The message answered the last key, about the card or unit
            // left behind (a newcomer read "1SG has no order open to it
            // now" long after moving on).
            self.message = None;
        }
        self.side = SidePanel::Card;
    }

    fn mouse(&mut self, m: MouseEvent) {
        let hit = |r: &Rect| {
            m.column >= r.x && m.column < r.x + r.width && m.row >= r.y && m.row < r.y + r.height
        };
        match m.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                let hits = self.hits.borrow().clone();
                if let Overlay::Menu(menu) = &mut self.overlay {
                    if let Some((_, i)) = hits.menu.iter().find(|(r, _)| hit(r)) {
                        let rows = menu.rows();
                        match rows.get(*i) {
                            Some(Row::Header { group, .. }) => {
                                let g = *group;
                                menu.selected = Some(Sel::Header(g));
                                menu.toggle(g);
                            }
                            Some(Row::Entry(e)) => {
                                if menu.selected == Some(Sel::Entry(*e)) {
                                    self.command(Command::Confirm, None);
                                } else {
                                    menu.selected = Some(Sel::Entry(*e));
                                }
                            }
                            _ => {}
                        }
                    }
                    return;
                }
                if let (Overlay::None, Screen::Between(_)) = (&self.overlay, &self.screen) {
                    if let Some((_, i)) = hits.menu.iter().find(|(r, _)| hit(r)) {
                        self.between_click(*i);
                    }
                    return;
                }
                if self.overlay != Overlay::None || self.screen != Screen::Play {
                    return;
                }
                if let Some((_, p)) = hits.cards.iter().find(|(r, _)| hit(r)) {
                    self.side = SidePanel::Card;
                    if *p == self.cursor {
                        let n = self.units_here().len();
                        if n > 0 {
                            self.unit = (self.unit + 1) % n;
                        }
                    } else {
                        self.cursor = *p;
                        self.unit = 0;
                    }
                }
            }
            MouseEventKind::Down(MouseButton::Right)
                if self.overlay == Overlay::None && self.screen == Screen::Play =>
            {
                self.open_unit_menu();
            }
            MouseEventKind::ScrollUp => {
                if let Overlay::Menu(menu) = &mut self.overlay {
                    menu.step(-1, false);
                } else {
                    self.log_back = self.log_back.saturating_add(1);
                }
            }
            MouseEventKind::ScrollDown => {
                if let Overlay::Menu(menu) = &mut self.overlay {
                    menu.step(1, false);
                } else {
                    self.log_back = self.log_back.saturating_sub(1);
                }
            }
            _ => {}
        }
    }

    /// The events the log shows under the filter, oldest first.
    pub fn log_events(&self) -> Vec<&Event> {
        let g = self.game();
        let all = match &self.walk {
            // Up to the procedure explained now.
            Some(w) => {
                let stop = w.stop();
                let groups = super::learn::groups(w.stop_events(), &stop.kind);
                let g = &groups[self.sub.min(groups.len() - 1)];
                &w.events[..stop.events.start + g.end]
            }
            None => g.log(),
        };
        all.iter()
            .filter(|e| match self.log_filter {
                LogFilter::All => true,
                f => event_side(g, e).is_some_and(|s| (s == Side::Us) == (f == LogFilter::Company)),
            })
            .collect()
    }
}

/// Whose event it is: the side of the unit it concerns, the company's for
/// commands and impulses, the enemy's for activity checks.
pub fn event_side(game: &Game, e: &Event) -> Option<Side> {
    let unit = match &e.kind {
        EventKind::Commands { .. } | EventKind::ImpulseEnds { .. } | EventKind::Order { .. } => {
            return Some(Side::Us);
        }
        _ => e.unit(),
    }?;
    game.state().get(unit).map(|u| u.side)
}
