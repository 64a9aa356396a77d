//! Views: they draw the app's state and the game's, and change nothing
//! (except noting where things were drawn, for the mouse).

mod between;
mod deck;
pub mod fire;
pub mod legend;
mod logdetail;
mod map;
mod menu;
mod panels;
mod report;
mod screens;
mod support;
pub(crate) mod wrap;

use map::map;
pub use map::{codes_on_map, fit_name, printed_codes};
use panels::{
    card_panel, command_display, command_display_height, command_display_lines, learn_panel,
    log_view,
};
use screens::{briefing, overlay};

use super::app::{App, Driver, Hits, MIN_SIZE, Overlay, Screen, SidePanel};
use super::keys::Command;
use super::theme::Role;
use crate::data::action::Experience;
use crate::engine::kernel::input::Decision;
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

/// Draws the whole screen.
pub fn draw<D: Driver>(f: &mut Frame, app: &App<D>) {
    let area = f.area();
    *app.hits.borrow_mut() = Hits::default();
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        too_small(f, app, area);
        return;
    }
    match &app.screen {
        Screen::Briefing => briefing(f, app, area),
        Screen::Result if app.log_back == 0 => {
            let k = |c: Command| app.keys.key(c);
            report::report(
                f,
                app,
                area,
                app.report_scroll,
                vec![
                    (k(Command::Confirm), "carry on"),
                    (k(Command::LogUp), "the log"),
                    (k(Command::Quit), "quit"),
                ],
            );
        }
        Screen::Play | Screen::Result => play(f, app, area),
        Screen::Between(fin) => between::between(f, app, area, fin),
    }
    overlay(f, app, area);
}

fn too_small<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect) {
    let text = vec![
        Line::styled("Terminal too small", app.theme.style(Role::Warn)),
        Line::raw(format!(
            "{}x{}: fof needs at least {}x{}.",
            area.width, area.height, MIN_SIZE.0, MIN_SIZE.1
        )),
        Line::raw("Make the window larger; the game waits."),
    ];
    let h = (text.len() as u16).min(area.height);
    let y = area.y + area.height.saturating_sub(h) / 2;
    f.render_widget(
        Paragraph::new(text).centered().wrap(Wrap { trim: true }),
        Rect::new(area.x, y, area.width, h),
    );
}

pub(super) fn exp(e: Experience) -> &'static str {
    match e {
        Experience::Green => "Green",
        Experience::Line => "Line",
        Experience::Veteran => "Veteran",
    }
}

fn play<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect) {
    let (min_log, log_h) = if app.walk.is_some() {
        (8, (area.height / 3).clamp(8, 16))
    } else {
        (4, (area.height / 4).clamp(4, 12))
    };
    // The log is as tall as what it holds, up to its share: a game's first
    // events leave their rows to the map.
    let log_h = log_h.min((app.log_events().len() as u16 + 2).max(min_log));
    // The log gives up rows, down to its least, where that lets every row
    // of the map show at the cards' least height and the staging areas
    // whole: a map taller than the screen hides its far rows (a mission's
    // objective row, often) behind a scroll mark a player easily misses.
    let side_w = side_width(app, area);
    let need = map::need_height(app, area.width.saturating_sub(side_w)) + 2;
    // Where the map cannot be whole, the log still gives up rows, down to
    // its least, as far as the staging areas then show the company
    // waiting there whole (at 80x24 the log's share left "+3 more" in the
    // main staging area at the first impulse).
    let staged = map::staged_height(app, area.width.saturating_sub(side_w)) + 2;
    let log_h = if area.height >= need + min_log {
        log_h.min(area.height - need)
    } else {
        log_h.min(area.height.saturating_sub(staged).max(min_log))
    };
    let [main, log, msg, bar] = Layout::vertical([
        Constraint::Min(10),
        Constraint::Length(log_h),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let [map_area, side] =
        Layout::horizontal([Constraint::Min(40), Constraint::Length(side_w)]).areas(main);
    map(f.buffer_mut(), app, map_area);
    // The card panel keeps four rows (two of text: `z` opens the card
    // whole) on a short screen, six on a taller one.
    let keep = if side.height < 24 { 4 } else { 6 };
    let cd_lines = command_display_lines(
        app,
        side.width.saturating_sub(2),
        side.height.saturating_sub(keep),
    );
    let cd_h = command_display_height(&cd_lines, side.width.saturating_sub(2))
        .min(side.height.saturating_sub(keep));
    let [cd, panel] = Layout::vertical([Constraint::Length(cd_h), Constraint::Min(4)]).areas(side);
    // The fire support and deck panels go under the Command Display when
    // they fit there; when they do not, they take the whole side column
    // (the player asked for them; the Command Display is a key away).
    let inner_w = side.width.saturating_sub(2) as usize;
    let rows = match app.side {
        SidePanel::Card => 0,
        SidePanel::Support => support::support_lines(app, inner_w).len(),
        SidePanel::Deck => deck::deck_lines(app, inner_w).len(),
    };
    let panel = if rows + 2 > panel.height as usize {
        side
    } else {
        command_display(f, app, cd, cd_lines);
        panel
    };
    match app.side {
        SidePanel::Card => card_panel(f, app, panel),
        SidePanel::Support => support::support_panel(f, app, panel),
        SidePanel::Deck => deck::deck_panel(f, app, panel),
    }
    if app.walk.is_some() && app.learn {
        let [panel, log] =
            Layout::horizontal([Constraint::Percentage(60), Constraint::Percentage(40)]).areas(log);
        learn_panel(f, app, panel);
        log_view(f, app, log);
    } else {
        log_view(f, app, log);
    }
    if let Some(m) = &app.message {
        f.render_widget(
            Paragraph::new(Line::styled(m.clone(), app.theme.style(Role::Warn))),
            msg,
        );
    }
    help_bar(f, app, bar);
}

/// The side panels' width: the map takes what its cards can use (up to
/// 34 columns a card), the side panels the rest; wide terminals get wide
/// panels.
fn side_width<D: Driver>(app: &App<D>, area: Rect) -> u16 {
    if area.width >= 140 {
        let (_, _, c0, c1) = app.bounds();
        let want = (c1 - c0 + 1).max(1) as u16 * map::CARD_W.1;
        area.width.saturating_sub(want).clamp(48, 72)
    } else {
        32
    }
}

// ---- the map ---------------------------------------------------------------

/// Writes `s` clipped to `width` cells.
pub(super) fn put(buf: &mut Buffer, x: u16, y: u16, s: &str, width: u16, style: Style) {
    if width == 0 {
        return;
    }
    let clipped: String = s.chars().take(width as usize).collect();
    buf.set_string(x, y, clipped, style);
}

// ---- the Command Display -----------------------------------------------------

// ---- the card panel ------------------------------------------------------------

// ---- the log -----------------------------------------------------------------------

pub(super) fn help_bar<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect) {
    let k = |c: Command| app.keys.key(c);
    let items: Vec<(String, &str)> = match (&app.overlay, &app.screen) {
        (Overlay::Menu(m), _) => {
            // Every printable key is search text in a menu: its bar names
            // the keys that type nothing.
            let mk = |c: Command| app.keys.menu_key(c);
            let mut v = vec![
                (
                    format!("{}/{}", mk(Command::Up), mk(Command::Down)),
                    "choose",
                ),
                (
                    mk(Command::Confirm),
                    if matches!(app.game().prompt().decision, Decision::Choose(_)) {
                        "answer"
                    } else {
                        "give"
                    },
                ),
                ("type".to_string(), "search"),
            ];
            if m.grouped {
                v.push((mk(Command::WhyNot), "why not?"));
                v.push((mk(Command::Hint), "tip"));
                v.push((mk(Command::NextUnit), "section"));
            }
            v.push((mk(Command::Back), "back"));
            v.push((mk(Command::Help), "help"));
            v
        }
        (Overlay::WhyNot(_), _) => vec![
            (format!("{}/{}", k(Command::Up), k(Command::Down)), "scroll"),
            (k(Command::Back), "back"),
        ],
        (Overlay::Log(d), _) if !d.searching && !d.query.trim().is_empty() => vec![
            (k(Command::Confirm), "next match"),
            (
                format!("{}/{}", k(Command::Up), k(Command::Down)),
                "older/newer",
            ),
            (k(Command::Search), "search"),
            (k(Command::Back), "clear the search"),
        ],
        (Overlay::Log(_), _) => vec![
            (
                format!("{}/{}", k(Command::Up), k(Command::Down)),
                "older/newer",
            ),
            (k(Command::Search), "search"),
            (k(Command::Back), "close"),
        ],
        (Overlay::Cards(_), _) => vec![
            (k(Command::Confirm), "next card"),
            (k(Command::Left), "previous"),
            (k(Command::Back), "close"),
        ],
        // The keys the question names, so that the bar agrees with it.
        (Overlay::EndImpulse, _) => vec![
            (
                format!("{}/{}", k(Command::EndImpulse), k(Command::Confirm)),
                "end it",
            ),
            ("any other key".into(), "go on ordering"),
        ],
        (Overlay::Card, _) => vec![
            (app.theme.sym("←↑↓→", "arrows").to_string(), "card"),
            (k(Command::NextUnit), "unit"),
            (k(Command::Confirm), "orders"),
            (k(Command::Back), "back"),
        ],
        (Overlay::Help(_) | Overlay::Legend(_), _) => vec![
            (format!("{}/{}", k(Command::Up), k(Command::Down)), "scroll"),
            (k(Command::Back), "back"),
        ],
        (Overlay::Quit, _) | (Overlay::Report, _) => {
            vec![(k(Command::Back), "back")]
        }
        (_, _) if app.viewer.is_some() => vec![
            (
                format!("{}/{}", k(Command::NextStep), k(Command::PrevStep)),
                "stop",
            ),
            (
                format!("{}/{}", k(Command::NextDecision), k(Command::PrevDecision)),
                "input",
            ),
            (
                format!("{}/{}", k(Command::NextPhase), k(Command::PrevPhase)),
                "phase",
            ),
            (
                format!("{}/{}", k(Command::NextTurn), k(Command::PrevTurn)),
                "turn",
            ),
            (k(Command::TakeOver), "take over"),
            (app.theme.sym("←↑↓→", "arrows").to_string(), "card"),
            (k(Command::Help), "help"),
            (k(Command::Quit), "quit"),
            (k(Command::Report), "report"),
        ],
        (_, Screen::Play) if app.walking() => vec![
            (k(Command::Confirm), "next step"),
            (k(Command::NextDecision), "to your decision"),
            (k(Command::NextTurn), "end of turn"),
            (k(Command::ToggleLearn), "leave learn mode"),
            (app.theme.sym("←↑↓→", "arrows").to_string(), "card"),
            (k(Command::Help), "help"),
            (k(Command::Quit), "quit"),
        ],
        (_, Screen::Result) => vec![
            (k(Command::Confirm), "carry on"),
            (
                format!("{}/{}", k(Command::LogUp), k(Command::LogDown)),
                "log back/forward",
            ),
            (k(Command::Report), "the report"),
            (k(Command::Quit), "quit"),
        ],
        _ => {
            // In the order they are dropped from the end on a narrow
            // terminal: ending the impulse stays at 80 columns (a newcomer
            // at 80x24 could not find it), and so does the tip (another
            // found it only inside the orders menu); the orders menu lists
            // every order whatever is selected, so "all orders" may go.
            let mut v = vec![
                (app.theme.sym("←↑↓→", "arrows").to_string(), "card"),
                (k(Command::NextUnit), "unit"),
                (k(Command::Confirm), "orders"),
                (k(Command::EndImpulse), "end impulse"),
                (k(Command::Hint), "tip"),
                (k(Command::AllOrders), "all orders"),
                (k(Command::WhyNot), "why not?"),
                (k(Command::Legend), "map key"),
                (k(Command::Goals), "goals"),
                (k(Command::Undo), "undo"),
                (k(Command::Cards), "cards"),
                (k(Command::FireLines), "fire lines"),
                (k(Command::LogDetail), "log detail"),
                (k(Command::LogFilter), "log filter"),
                (k(Command::Help), "help"),
                (k(Command::Quit), "quit"),
            ];
            // No impulse is in progress while an HQ is chosen or a
            // question answered: the bar does not offer to end one (a
            // newcomer pressed it and was told so).
            v[2].1 = enter_word(app);
            if !matches!(app.game().prompt().decision, Decision::Orders { .. }) {
                v.remove(3);
            }
            v
        }
    };
    // The panel keys go before the help key where the bar has room for
    // them (the help lists every key).
    let mut items = items;
    let panels = app.overlay == Overlay::None && app.screen == Screen::Play;
    if panels {
        let width = |v: &[(String, &str)]| -> usize {
            v.iter()
                .map(|(k, w)| k.chars().count() + w.chars().count() + 3)
                .sum()
        };
        let extra = [
            (k(Command::Support), "fire support"),
            (k(Command::Deck), "deck"),
        ];
        let mut at = items
            .iter()
            .position(|(key, _)| *key == k(Command::Help))
            .unwrap_or(items.len());
        for e in extra {
            if width(&items) + width(std::slice::from_ref(&e)) <= area.width as usize {
                items.insert(at, e);
                at += 1;
            }
        }
    }
    let t = &app.theme;
    // What does not fit is left out from the end of the list, but help and
    // quit (the last two) always stay: help lists every key.
    let width = |v: &[(String, &str)]| {
        v.iter()
            .map(|(k, w)| k.chars().count() + w.chars().count() + 3)
            .sum::<usize>()
    };
    // Short of room (80 columns), fewer words first, so that "why not?"
    // stays (a play test at 80x24 found it only under ?): the orders menu
    // lists every order whatever is selected, and the arrows say "card"
    // by themselves.
    if width(&items) > area.width as usize && area.width < 100 {
        let arrows = app.theme.sym("←↑↓→", "arrows");
        items.retain(|(key, _)| *key != k(Command::AllOrders));
        for (key, what) in items.iter_mut() {
            // The map's key, or the menu's (F2, a menu taking letters).
            if *key == k(Command::WhyNot) || *key == app.keys.menu_key(Command::WhyNot) {
                *what = "why not";
            } else if key == arrows {
                *what = "";
            }
        }
    }
    while width(&items) > area.width as usize && items.len() > 2 {
        let at = items.len() - 3;
        items.remove(at);
    }
    let mut spans = Vec::new();
    for (key, what) in items {
        spans.push(Span::styled(key, t.style(Role::Highlight)));
        spans.push(Span::raw(if what.is_empty() {
            "  ".to_string()
        } else {
            format!(" {what}  ")
        }));
    }
    f.render_widget(Paragraph::new(Line::from(spans)), area);
}

/// What Enter does on the map at the decision waiting: open the orders,
/// choose the HQ whose impulse comes next, or answer a question. The key
/// bar and learn mode's panel say the same.
pub(super) fn enter_word<D: Driver>(app: &App<D>) -> &'static str {
    match app.game().prompt().decision {
        Decision::ChooseHq { .. } => "choose HQ",
        Decision::Choose(_) => "answer",
        _ => "orders",
    }
}

// ---- overlays ------------------------------------------------------------------------

pub(super) fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

// ---- learn mode and the replay viewer ---------------------------------------------
