//! The start menu of `fof`: the campaigns in the save folder (continued,
//! or deleted after a confirmation), a new campaign (which campaign, its
//! mode of 11.2 and the options of chapter 13, each with what it means),
//! learning the rules, one mission, saved games and replays.

use super::app::Msg;
use super::keys::{Command, Key, KeyMap};
use super::theme::{Role, Theme};
use crate::data::DataSet;
use crate::engine::Options;
use crate::play::campaign::folder::{self, Described, Slot};
use crate::play::campaign::{End, Mode};
use crate::play::session::NewCampaign;
use crossterm::event::{KeyCode, KeyEventKind, MouseButton, MouseEventKind};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What the player chose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// The campaign in this folder, continued (or its decisions between
    /// missions made).
    Continue(PathBuf),
    /// A new campaign, begun in this folder.
    New(PathBuf, NewCampaign),
    /// Learn mode on the mission made for learning, a new game on this
    /// seed (as [`Choice::Mission`]: a finished learning game is not
    /// shown again, and one in progress is under Continue).
    Learn(u64),
    /// One mission, a new game on this seed (see
    /// [`crate::play::session::next_single_seed`]).
    Mission(String, u64),
    /// A saved game or replay file: resumed if in progress and resumable,
    /// else watched.
    File(PathBuf),
}

/// What a line of the main page does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    Choose(Choice),
    /// A campaign of the save folder, by its index in the menu's list.
    Campaign(usize),
    /// The new-campaign page.
    NewCampaign,
    Quit,
}

/// One line of the menu.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartEntry {
    pub label: String,
    pub item: Item,
}

/// The new campaign being set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewForm {
    /// Index in the data's campaigns.
    pub campaign: usize,
    pub mode: Mode,
    pub options: Options,
    pub seed: u64,
    /// The row selected (see [`NEW_ROWS`]).
    pub row: usize,
}

/// The rows of the new-campaign page.
pub const NEW_ROWS: usize = 7;

/// Which page of the menu is shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Page {
    Main,
    New(NewForm),
    /// Deleting the campaign of this index, once confirmed.
    Delete(usize),
}

pub struct StartMenu {
    pub entries: Vec<StartEntry>,
    pub selected: usize,
    pub chosen: Option<Choice>,
    pub quit: bool,
    pub keys: KeyMap,
    pub theme: Theme,
    pub size: (u16, u16),
    pub page: Page,
    /// The campaigns in the save folder, each read (or why it does not
    /// load).
    pub campaigns: Vec<(Slot, Result<Described, String>)>,
    /// A word for a first-time player (an empty save folder).
    pub hint: Option<String>,
    /// The answer to the last key, if it needs one.
    pub message: Option<String>,
    /// The missions with a single game in progress (see [`Saved`]).
    ongoing: Vec<Ongoing>,
    data: Arc<DataSet>,
    dir: PathBuf,
    seed: u64,
    hits: RefCell<Vec<(Rect, usize)>>,
}

/// The replay and save files in the save folder: `plays/`, `replays/`
/// and their subfolders one level down, sorted by path.
pub fn saved_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for sub in [crate::play::session::PLAYS, "replays"] {
        let Ok(rd) = std::fs::read_dir(dir.join(sub)) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                if let Ok(inner) = std::fs::read_dir(&p) {
                    out.extend(
                        inner
                            .flatten()
                            .map(|x| x.path())
                            .filter(|x| x.extension().is_some_and(|e| e == "replay")),
                    );
                }
            } else if p.extension().is_some_and(|e| e == "replay") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// A single mission's game in progress: its mission, and whether it is
/// played in learn mode.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Ongoing {
    mission: String,
    learning: bool,
}

/// What a saved file is, for its line in the menu.
enum Saved {
    /// A single mission's save with no input yet: nothing to continue
    /// (the next new game of its mission begins it afresh).
    Empty,
    /// A single mission's game in progress, resumed when chosen: its
    /// line and its mission.
    InProgress(String, Ongoing),
    /// Anything else: watched in the viewer when chosen (or refused with
    /// its reason, if it does not load).
    Other(String),
}

/// A saved file's line in words: its mission's name and seed rather than
/// its path, which closes the line only where the words would be the same
/// for two files (a campaign's replays).
fn saved_file(dir: &Path, f: &Path, data: &DataSet) -> Saved {
    let name = f.strip_prefix(dir).unwrap_or(f).display().to_string();
    let Some(r) = std::fs::read(f)
        .ok()
        .and_then(|b| crate::play::replay::Replay::parse_bytes(&b).ok())
    else {
        return Saved::Other(format!("Saved file that does not load: {name}"));
    };
    let mission = data
        .mission(&r.mission)
        .map_or_else(|| r.mission.clone(), |m| m.name.clone());
    let own = r.company.is_none() && r.continues.is_none();
    let learning = own && crate::play::session::learn_path(dir, &r.mission, r.seed) == f;
    let single = learning || own && crate::play::session::single_path(dir, &r.mission, r.seed) == f;
    let n = r.inputs.len();
    // "84 input(s) in" read as a line cut short.
    let given = if n == 1 {
        "1 input so far".to_string()
    } else {
        format!("{n} inputs so far")
    };
    match (single, &r.end) {
        (true, None) if n == 0 => Saved::Empty,
        (true, None) => Saved::InProgress(
            if learning {
                format!("Continue learning: {mission}, seed {} ({given})", r.seed)
            } else {
                format!("Continue: {mission}, seed {} ({given})", r.seed)
            },
            Ongoing {
                mission: r.mission.clone(),
                learning,
            },
        ),
        (true, Some(_)) => Saved::Other(format!(
            "Watch the replay: {mission}, seed {}, over after {n} input(s)",
            r.seed
        )),
        (false, _) => Saved::Other(format!(
            "Watch the replay: {mission}, seed {} ({name})",
            r.seed
        )),
    }
}

fn on(b: bool) -> &'static str {
    if b { "on" } else { "off" }
}

impl StartMenu {
    /// The menu over the save folder `dir`; `seed` is the one a new
    /// campaign is offered (the player may change it).
    pub fn new(
        data: &Arc<DataSet>,
        dir: &Path,
        keys: KeyMap,
        theme: Theme,
        seed: u64,
    ) -> StartMenu {
        let mut menu = StartMenu {
            entries: Vec::new(),
            selected: 0,
            chosen: None,
            quit: false,
            keys,
            theme,
            size: (80, 24),
            page: Page::Main,
            campaigns: Vec::new(),
            hint: None,
            message: None,
            ongoing: Vec::new(),
            data: data.clone(),
            dir: dir.to_path_buf(),
            seed,
            hits: RefCell::new(Vec::new()),
        };
        menu.refresh();
        menu
    }

    /// Reads the save folder again and lays out the main page.
    fn refresh(&mut self) {
        let data = &self.data;
        self.campaigns = folder::slots(&self.dir)
            .into_iter()
            .map(|s| {
                let d = folder::describe(&s, data);
                (s, d)
            })
            .collect();
        let files: Vec<(PathBuf, Saved)> = saved_files(&self.dir)
            .into_iter()
            .map(|f| {
                let s = saved_file(&self.dir, &f, data);
                (f, s)
            })
            .filter(|(_, s)| !matches!(s, Saved::Empty))
            .collect();
        let first_time = self.campaigns.is_empty() && files.is_empty();
        let learn = data
            .mission(super::learn::LEARN_MISSION)
            .map(|m| m.name.clone())
            .unwrap_or_else(|| "the first mission".into());
        self.hint = first_time.then(|| {
            format!(
                "New to Fields of Fire? Begin with \"Learn the rules\": {learn} walks through a turn, stopping at every step to say what happens and why."
            )
        });
        let mut entries = Vec::new();
        let learn_entry = StartEntry {
            label: format!("Learn the rules: {learn}, step by step"),
            item: Item::Choose(Choice::Learn(crate::play::session::next_learn_seed(
                &self.dir,
                super::learn::LEARN_MISSION,
            ))),
        };
        if first_time {
            entries.push(learn_entry.clone());
        }
        for (i, (slot, d)) in self.campaigns.iter().enumerate() {
            let label = match d {
                Ok(d) => format!("[{}] {}: {}", slot.title(), d.short, d.title),
                Err(_) => format!("[{}] damaged: its file does not load", slot.title()),
            };
            entries.push(StartEntry {
                label,
                item: Item::Campaign(i),
            });
        }
        entries.push(StartEntry {
            label: "New campaign: choose the campaign, its mode and options".into(),
            item: Item::NewCampaign,
        });
        if !first_time {
            entries.push(learn_entry);
        }
        for m in data.missions_in_order() {
            // The theatre is the terrain deck's ("Korea 1950-51").
            let theatre = data
                .terrain_deck(&m.terrain)
                .map(|d| format!("{}, ", d.name))
                .unwrap_or_default();
            entries.push(StartEntry {
                label: format!(
                    "Play one mission: {} ({theatre}{}, {} turns)",
                    m.name,
                    m.kind.label(),
                    m.turns
                ),
                item: Item::Choose(Choice::Mission(
                    m.id.clone(),
                    crate::play::session::next_single_seed(&self.dir, &m.id, Options::default()),
                )),
            });
        }
        // Games in progress come first, after the campaigns: they are what
        // a returning player looks for. Replays and saves that do not load
        // close the list.
        let mut ongoing = Vec::new();
        self.ongoing.clear();
        for (f, saved) in files {
            match saved {
                Saved::Empty => {}
                Saved::InProgress(label, game) => {
                    self.ongoing.push(game);
                    ongoing.push(StartEntry {
                        label,
                        item: Item::Choose(Choice::File(f)),
                    });
                }
                Saved::Other(label) => entries.push(StartEntry {
                    label,
                    item: Item::Choose(Choice::File(f)),
                }),
            }
        }
        let at = self.campaigns.len();
        entries.splice(at..at, ongoing);
        entries.push(StartEntry {
            label: "Quit".into(),
            item: Item::Quit,
        });
        self.entries = entries;
        self.selected = self.selected.min(self.entries.len() - 1);
        self.page = Page::Main;
    }

    pub fn done(&self) -> bool {
        self.quit || self.chosen.is_some()
    }

    fn pick(&mut self) {
        self.message = None;
        let Some(e) = self.entries.get(self.selected) else {
            return;
        };
        match e.item.clone() {
            Item::Choose(c) => self.chosen = Some(c),
            Item::Quit => self.quit = true,
            Item::NewCampaign => {
                self.page = Page::New(NewForm {
                    campaign: 0,
                    mode: Mode::Standard,
                    options: Options::default(),
                    seed: self.seed,
                    row: 0,
                })
            }
            Item::Campaign(i) => {
                let (slot, d) = &self.campaigns[i];
                match d {
                    Ok(d)
                        if d.campaign.between.is_none()
                            && (d.campaign.end.is_some()
                                || d.campaign.next_mission(&self.data).is_none()) =>
                    {
                        let why = match &d.campaign.end {
                            Some(End::Lost(w)) => format!("it was lost: {w}"),
                            _ => "it was won".into(),
                        };
                        self.message = Some(format!(
                            "This campaign is over ({why}). Begin a new one with \"New campaign\", or press d to delete it."
                        ));
                    }
                    Ok(_) => self.chosen = Some(Choice::Continue(slot.dir.clone())),
                    Err(e) => {
                        self.message = Some(format!(
                            "This campaign's file does not load ({e}); it is left as it is (d deletes the campaign)."
                        ))
                    }
                }
            }
        }
    }

    /// The campaign a new one would be saved as, for the page's last line.
    fn new_slot(&self, form: &NewForm) -> Slot {
        let id = self
            .data
            .campaigns
            .get(form.campaign)
            .map(|c| c.id.as_str())
            .unwrap_or("campaign");
        folder::free_slot(&self.dir, id)
    }

    fn new_key(&mut self, cmd: Option<Command>, code: KeyCode) {
        let Page::New(mut form) = self.page.clone() else {
            return;
        };
        let n_camp = self.data.campaigns.len().max(1);
        let change = |form: &mut NewForm, by: i64| match form.row {
            0 => form.campaign = (form.campaign as i64 + by).rem_euclid(n_camp as i64) as usize,
            1 => {
                let i = Mode::ALL.iter().position(|m| *m == form.mode).unwrap_or(0) as i64;
                form.mode = Mode::ALL[(i + by).rem_euclid(3) as usize];
            }
            2 => form.options.all_line = !form.options.all_line,
            3 => form.options.no_ammo = !form.options.no_ammo,
            4 => form.options.abstract_comms = !form.options.abstract_comms,
            5 => form.seed = form.seed.saturating_add_signed(by),
            _ => {}
        };
        match (cmd, code) {
            // The seed is typed, digit by digit.
            (_, KeyCode::Char(c)) if form.row == 5 && c.is_ascii_digit() => {
                let d = c.to_digit(10).unwrap_or(0) as u64;
                if let Some(v) = form.seed.checked_mul(10).and_then(|v| v.checked_add(d)) {
                    form.seed = v;
                }
            }
            (_, KeyCode::Backspace) if form.row == 5 => form.seed /= 10,
            (Some(Command::Up), _) => form.row = form.row.saturating_sub(1),
            (Some(Command::Down), _) => form.row = (form.row + 1).min(NEW_ROWS - 1),
            (Some(Command::Left), _) => change(&mut form, -1),
            (Some(Command::Right), _) => change(&mut form, 1),
            (Some(Command::Confirm), _) if form.row == NEW_ROWS - 1 => {
                let Some(c) = self.data.campaigns.get(form.campaign) else {
                    self.message = Some("No campaign is shipped with this data.".into());
                    return;
                };
                let slot = self.new_slot(&form);
                self.chosen = Some(Choice::New(
                    slot.dir,
                    NewCampaign {
                        id: Some(c.id.clone()),
                        mode: form.mode,
                        seed: form.seed,
                        options: form.options,
                    },
                ));
            }
            (Some(Command::Confirm), _) => change(&mut form, 1),
            (Some(Command::Back), _) => {
                self.page = Page::Main;
                return;
            }
            (Some(Command::Quit), _) => {
                self.quit = true;
                return;
            }
            _ => {}
        }
        self.page = Page::New(form);
    }

    fn delete_key(&mut self, i: usize, code: KeyCode) {
        match code {
            KeyCode::Char('y') | KeyCode::Char('Y') => {
                let (slot, d) = &self.campaigns[i];
                let camp = d.as_ref().ok().map(|d| &d.campaign);
                self.message = Some(match folder::remove(slot, camp) {
                    Ok(()) => format!("The campaign [{}] is deleted.", slot.title()),
                    Err(e) => format!("The campaign [{}] could not be deleted: {e}", slot.title()),
                });
                let msg = self.message.take();
                self.refresh();
                self.message = msg;
            }
            _ => self.page = Page::Main,
        }
    }

    pub fn update(&mut self, msg: Msg) {
        match msg {
            Msg::Resize(w, h) => self.size = (w, h),
            Msg::Tick => {}
            Msg::Key(k) => {
                if k.kind == KeyEventKind::Release {
                    return;
                }
                let key = Key::from_event(&k);
                let cmd = self.keys.command(key);
                match self.page.clone() {
                    Page::New(_) => return self.new_key(cmd, key.code),
                    Page::Delete(i) => return self.delete_key(i, key.code),
                    Page::Main => {}
                }
                if matches!(key.code, KeyCode::Char('d') | KeyCode::Delete)
                    && let Some(Item::Campaign(i)) =
                        self.entries.get(self.selected).map(|e| &e.item)
                {
                    self.message = None;
                    self.page = Page::Delete(*i);
                    return;
                }
                match cmd {
                    Some(Command::Up) => self.selected = self.selected.saturating_sub(1),
                    Some(Command::Down) if self.selected + 1 < self.entries.len() => {
                        self.selected += 1
                    }
                    Some(Command::Confirm) => self.pick(),
                    Some(Command::Quit) | Some(Command::Back) => self.quit = true,
                    _ => {}
                }
            }
            Msg::Mouse(m) => {
                if self.page != Page::Main {
                    return;
                }
                if let MouseEventKind::Down(MouseButton::Left) = m.kind {
                    let hit = self
                        .hits
                        .borrow()
                        .iter()
                        .find(|(r, _)| m.column >= r.x && m.column < r.x + r.width && m.row == r.y)
                        .map(|(_, i)| *i);
                    if let Some(i) = hit {
                        if i == self.selected {
                            self.pick();
                        } else {
                            self.selected = i;
                        }
                    }
                }
            }
        }
    }

    pub fn draw(&self, f: &mut Frame) {
        match &self.page {
            Page::Main => self.draw_main(f),
            Page::New(form) => self.draw_new(f, form),
            Page::Delete(i) => self.draw_delete(f, *i),
        }
    }

    /// A page of the menu: its lines, wrapped, in a frame with its title.
    fn page_of(&self, f: &mut Frame, title: &str, lines: Vec<Line<'static>>) {
        f.render_widget(
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .block(self.theme.block().title(title.to_string())),
            f.area(),
        );
    }

    fn header(&self) -> Vec<Line<'static>> {
        let t = &self.theme;
        vec![
            Line::styled("fof: Fields of Fire in the terminal", t.style(Role::Title)),
            Line::styled(
                "An unofficial implementation with original cards and missions.",
                t.style(Role::Dim),
            ),
            Line::raw(""),
        ]
    }

    fn draw_main(&self, f: &mut Frame) {
        let area = f.area();
        let t = &self.theme;
        let mut lines = self.header();
        for extra in [&self.hint, &self.message].into_iter().flatten() {
            lines.push(Line::styled(extra.clone(), t.style(Role::Warn)));
            lines.push(Line::raw(""));
        }
        // Rows the hint and message take once wrapped.
        let inner_w = area.width.saturating_sub(2).max(1) as usize;
        let used = super::view::wrap::rows(&lines, area.width.saturating_sub(2));
        let top = area.y + 1 + used as u16;
        let room = (area.height as usize).saturating_sub(used + 6);
        let first = self.selected.saturating_sub(room.saturating_sub(1));
        let mut hits = Vec::new();
        for (i, e) in self.entries.iter().enumerate().skip(first).take(room) {
            let st = if i == self.selected {
                t.style(Role::Selected)
            } else {
                t.style(Role::Text)
            };
            hits.push((
                Rect::new(
                    area.x + 1,
                    top + (i - first) as u16,
                    area.width.saturating_sub(2),
                    1,
                ),
                i,
            ));
            let mut label = format!(" {} ", e.label);
            if label.chars().count() > inner_w {
                label = label
                    .chars()
                    .take(inner_w.saturating_sub(3))
                    .collect::<String>()
                    + "...";
            }
            lines.push(Line::from(Span::styled(label, st)));
        }
        *self.hits.borrow_mut() = hits;
        // The lines out of sight, above and below the list.
        let below = self.entries.len().saturating_sub(first + room);
        let mut more = Vec::new();
        if first > 0 {
            more.push(format!("{} {first} more above", t.sym("▴", "^")));
        }
        if below > 0 {
            more.push(format!("{} {below} more below", t.sym("▾", "v")));
        }
        lines.push(if more.is_empty() {
            Line::raw("")
        } else {
            Line::styled(format!(" {}", more.join("   ")), t.style(Role::Dim))
        });
        match self.entries.get(self.selected).map(|e| &e.item) {
            Some(Item::Campaign(i)) => {
                if let Some((_, Ok(d))) = self.campaigns.get(*i) {
                    lines.push(Line::styled(
                        format!("{}: {}", d.title, d.standing),
                        t.style(Role::Dim),
                    ));
                }
            }
            Some(Item::Choose(c @ (Choice::Mission(_, seed) | Choice::Learn(seed)))) => {
                lines.push(Line::styled(
                    if self.ongoing.iter().any(|o| match c {
                        Choice::Mission(m, _) => !o.learning && o.mission == *m,
                        _ => o.learning && o.mission == super::learn::LEARN_MISSION,
                    }) {
                        format!(
                            "A new game, dealt from seed {seed}; the one begun is under Continue."
                        )
                    } else {
                        format!("A new game, dealt from seed {seed}.")
                    },
                    t.style(Role::Dim),
                ))
            }
            _ => {}
        }
        let on_campaign = matches!(
            self.entries.get(self.selected).map(|e| &e.item),
            Some(Item::Campaign(_))
        );
        lines.push(Line::styled(
            format!(
                "{}/{} choose   {} open{}   {} quit",
                self.keys.key(Command::Up),
                self.keys.key(Command::Down),
                self.keys.key(Command::Confirm),
                if on_campaign { "   d delete" } else { "" },
                self.keys.key(Command::Quit)
            ),
            t.style(Role::Dim),
        ));
        self.page_of(f, " fof ", lines);
    }

    fn draw_new(&self, f: &mut Frame, form: &NewForm) {
        let t = &self.theme;
        let camp = self.data.campaigns.get(form.campaign);
        let rows: [(String, String, String); NEW_ROWS] = [
            (
                "Campaign".into(),
                camp.map(|c| c.name.clone()).unwrap_or_else(|| "none".into()),
                // Its first sentence: the page fits 80x24.
                camp.map(|c| {
                    let first = c.history.split(". ").next().unwrap_or("");
                    format!(
                        "{} missions. {}{}",
                        c.missions.len(),
                        first.trim_end_matches('.'),
                        if first.is_empty() { "" } else { "." }
                    )
                })
                .unwrap_or_default(),
            ),
            (
                "Mode (11.2)".into(),
                form.mode.title().into(),
                format!("{}.", capitalized(form.mode.explain())),
            ),
            (
                "Every unit Line (13.1)".into(),
                on(form.options.all_line).into(),
                "Every unit fights as Line whatever its experience: fewer figures to track.".into(),
            ),
            (
                "Ammunition not tracked (13.2)".into(),
                on(form.options.no_ammo).into(),
                "No unit runs low or out of ammunition.".into(),
            ),
            (
                "Communications simplified (13.3)".into(),
                on(form.options.abstract_comms).into(),
                "Every HQ and staff unit is in communication unless it is pinned.".into(),
            ),
            (
                "Seed".into(),
                form.seed.to_string(),
                "Deals every card of the campaign: each mission's game seed is worked out from this one and the mission's place, so the same seed and choices give the same campaign. Type digits to set it (Backspace erases).".into(),
            ),
            (
                "Begin".into(),
                String::new(),
                "Begin the campaign with these settings; its first briefing follows.".into(),
            ),
        ];
        let mut lines = self.header();
        lines.push(Line::styled("A new campaign", t.style(Role::Title)));
        lines.push(Line::raw(""));
        for (i, (name, value, _)) in rows.iter().enumerate() {
            let sel = i == form.row;
            let st = if sel {
                t.style(Role::Selected)
            } else {
                t.style(Role::Text)
            };
            let text = if value.is_empty() {
                format!("{} {name} ", if sel { ">" } else { " " })
            } else {
                format!("{} {name:<34} < {value} >", if sel { ">" } else { " " })
            };
            lines.push(Line::styled(text, st));
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled(rows[form.row].2.clone(), t.style(Role::Text)));
        lines.push(Line::raw(""));
        let slot = self.new_slot(form);
        lines.push(Line::styled(
            match &slot.name {
                None => "Saved as \"main\", in the save folder itself; on the command line: fof campaign status"
                    .to_string(),
                Some(n) => format!(
                    "Saved beside the others as \"{n}\"; on the command line: fof campaign status --name {n}"
                ),
            },
            t.style(Role::Dim),
        ));
        if let Some(m) = &self.message {
            lines.push(Line::styled(m.clone(), t.style(Role::Warn)));
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            format!(
                "{}/{} row   {}/{} change   {} change or begin   {} back",
                self.keys.key(Command::Up),
                self.keys.key(Command::Down),
                self.keys.key(Command::Left),
                self.keys.key(Command::Right),
                self.keys.key(Command::Confirm),
                self.keys.key(Command::Back)
            ),
            t.style(Role::Dim),
        ));
        self.page_of(f, " fof: new campaign ", lines);
    }

    fn draw_delete(&self, f: &mut Frame, i: usize) {
        let t = &self.theme;
        let (slot, d) = &self.campaigns[i];
        let line = match d {
            Ok(d) => format!("{}: {}", d.title, d.standing),
            Err(e) => e.clone(),
        };
        let mut lines = self.header();
        lines.push(Line::styled(
            format!("Delete the campaign [{}]?", slot.title()),
            t.style(Role::Warn),
        ));
        lines.push(Line::raw(line.clone()));
        lines.push(Line::raw(""));
        lines.push(Line::raw(
            "Its campaign file, its mission in progress and its replays are removed; this cannot be undone.",
        ));
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            "y: delete it   any other key: keep it",
            t.style(Role::Dim),
        ));
        self.page_of(f, " fof ", lines);
    }
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
