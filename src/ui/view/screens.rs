//! Whole screens and pop-ups over the map: the briefing, the orders menu
//! and other overlays, the help, the cards drawn (the mission's result is the after-action report, `report.rs`).

use super::{centered, exp};
use crate::data::units::Side;
use crate::engine::kernel::events::Section;
use crate::engine::kernel::input::{Action, Input};
use crate::engine::kernel::state::Unit;
use crate::ui::app::{App, Driver, Overlay};
use crate::ui::keys::Command;
use crate::ui::theme::Role;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

pub(super) fn briefing<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect) {
    let g = app.game();
    let m = g.mission();
    let t = &app.theme;
    let level = |id: &str| {
        g.data()
            .charts
            .visibility
            .iter()
            .find(|v| v.id == id)
            .map(|v| format!("{} ({:+})", v.name, v.modifier))
            .unwrap_or_else(|| id.to_string())
    };
    let mut vis = level(g.visibility_id());
    for (turn, v) in &m.visibility_from {
        if *turn > g.state().turn {
            vis.push_str(&format!(", {} from turn {turn}", level(v)));
        }
    }
    // A game resumed after play began (an order given or an impulse
    // ended; the set-up's questions alone are not play).
    let resumed = g.state().turn > 1
        || g.log().iter().any(|e| {
            matches!(
                e.kind,
                crate::engine::kernel::events::EventKind::Order { .. }
                    | crate::engine::kernel::events::EventKind::ImpulseEnds { .. }
            )
        });
    let mut lines = vec![
        Line::styled(m.name.clone(), t.style(Role::Title)),
        Line::raw(format!(
            "{} mission, {} turns, visibility {vis}; game seed {}",
            m.kind.label(),
            m.turns,
            g.state().seed
        )),
        Line::raw(""),
    ];
    if resumed {
        let s = g.state();
        let whose = s
            .impulse
            .as_ref()
            // The step's name already says "General Initiative Impulse".
            .filter(|i| !i.general())
            .map(|i| format!(", {}'s impulse", g.impulse_owner(i)))
            .unwrap_or_default();
        lines.insert(
            0,
            Line::styled(
                format!(
                    "Mission in progress: turn {} of {}, {}{whose}; {} input(s) given",
                    s.turn,
                    m.turns,
                    s.step.name(),
                    s.counters.inputs
                ),
                t.style(Role::Warn),
            ),
        );
        // What opening the save found (reliability F1: the note that the
        // last input, cut short, was dropped was never shown): the
        // briefing is the first screen a resumed game shows.
        if let Some(note) = &app.message {
            lines.insert(1, Line::styled(note.clone(), t.style(Role::Warn)));
        }
    }
    for para in m.briefing.split("\n\n") {
        lines.push(Line::raw(
            para.split_whitespace().collect::<Vec<_>>().join(" "),
        ));
        lines.push(Line::raw(""));
    }
    let stakes = app.driver.stakes();
    if !stakes.is_empty() {
        lines.push(Line::styled("What is at stake", t.style(Role::Title)));
        for l in stakes {
            lines.push(Line::styled(format!("  {l}"), t.style(Role::Warn)));
        }
        lines.push(Line::raw(""));
    }
    lines.push(Line::styled(
        "To succeed (11.0), at the end",
        t.style(Role::Title),
    ));
    for goal in &m.success {
        lines.push(Line::raw(format!("  {}", goal.label())));
    }
    // Where the marks are that the goals say (2.4.1): the same list the
    // goals key walks on the map.
    lines.push(Line::styled(
        format!(
            "Where, on the map (rows counted away from you; {} on the map goes to each)",
            app.keys.key(crate::ui::keys::Command::Goals)
        ),
        t.style(Role::Title),
    ));
    for goal in crate::ui::goals::goals(g, 1) {
        lines.push(Line::raw(format!("  {}", goal.words)));
    }
    lines.push(Line::raw(""));
    if !m.awards.is_empty() {
        let awards: Vec<String> = m
            .awards
            .iter()
            .map(|(task, pts)| format!("{} {pts}", task.label()))
            .collect();
        lines.push(Line::raw(format!(
            "Experience (10.3.1): {}",
            awards.join("; ")
        )));
    }
    if !m.fire_support.is_empty() {
        let fs: Vec<String> = m
            .fire_support
            .iter()
            .map(|a| {
                let mut kinds: Vec<String> = a
                    .missions
                    .iter()
                    .map(|x| format!("{} {}", x.kind.label(), x.count))
                    .collect();
                // 7.1.3, 7.1.4: the aircraft that come on station by
                // themselves.
                if let Some(f) = &a.fac {
                    kinds.push(format!(
                        "a forward air controller from turn {} for five turns",
                        f.arrives
                    ));
                }
                if let Some(gs) = &a.gunship {
                    kinds.push(format!(
                        "a gunship from turn {}, every night turn",
                        gs.arrives
                    ));
                }
                format!("{}: {}", a.name, kinds.join(", "))
            })
            .collect();
        lines.push(Line::raw(format!("Fire support (6.7): {}", fs.join("; "))));
    }
    lines.push(Line::raw(""));
    // Where the company begins: a resumed game shows it first.
    let company_at = lines.len();
    lines.push(Line::styled(
        if resumed {
            "The company as it stands"
        } else {
            "The company"
        },
        t.style(Role::Title),
    ));
    let s = g.state();
    let us: Vec<&Unit> = s.in_play().filter(|u| u.side == Side::Us).collect();
    if resumed {
        // Where each unit is and how it stands, one per line.
        for u in &us {
            lines.push(Line::raw(format!(
                "  {} on {}: {} step{}, {}, {}",
                u.label,
                u.pos,
                u.steps,
                if u.steps == 1 { "" } else { "s" },
                exp(u.experience),
                crate::ui::labels::status_words(g, u)
            )));
        }
        let cas = crate::play::sim::casualties(g);
        lines.push(Line::raw(format!(
            "  Casualties so far: {} of the company's steps, {} of the enemy's",
            cas.friendly, cas.enemy,
        )));
    } else {
        let mut row = String::new();
        for u in &us {
            // Skill markers it holds (10.7), bought between missions or
            // given by the mission.
            let skills: Vec<&str> = s
                .skills
                .iter()
                .filter(|(h, _)| *h == u.id)
                .map(|(_, k)| k.label())
                .collect();
            // 5.1.6 A: a load it carries for others (porters' reserve).
            let load = crate::ui::labels::load_words(u)
                .map(|w| format!(", {w}"))
                .unwrap_or_default();
            let item = format!(
                "{} ({} step{}, {}{load}{}), ",
                u.label,
                u.steps,
                if u.steps == 1 { "" } else { "s" },
                exp(u.experience),
                if skills.is_empty() {
                    String::new()
                } else {
                    format!("; skills: {}", skills.join(", "))
                }
            );
            row.push_str(&item);
        }
        lines.push(Line::raw(row.trim_end_matches(", ").to_string()));
    }
    // 7.1.1: the vehicles with the company, and the enemy's in sight.
    for (side, title) in [
        (Side::Us, "Vehicles with the company"),
        (Side::Enemy, "Enemy vehicles seen"),
    ] {
        let v: Vec<String> = s
            .vehicles
            .iter()
            .filter(|v| v.side == side && v.in_play() && v.spotted)
            .map(|v| {
                let (head, _) = crate::ui::labels::vehicle_words(g, v);
                let aboard: Vec<String> = s.passengers(v.id).map(|u| u.label.clone()).collect();
                let mut w = if let Some(a) = v.pos.heli_area() {
                    format!("{head}, in {}", a.words())
                } else if v.aloft_off_map() {
                    format!("{head}, in the air off the map")
                } else {
                    format!("{head} on {}", v.pos)
                };
                if !aboard.is_empty() {
                    w.push_str(&format!(" with {} aboard", aboard.join(", ")));
                }
                if let Some(p) = crate::ui::labels::schedule_words(v) {
                    w.push_str(&format!(", {p}"));
                }
                w
            })
            .collect();
        if !v.is_empty() {
            lines.push(Line::raw(format!("{title}: {}", v.join("; "))));
        }
    }
    // 7.4.5, 5.1.7: a mid-mission air assault and how casualties leave.
    if let Some(t) = m.air_assault {
        lines.push(Line::raw(format!(
            "Air assault (7.4.5): the helicopters in the Pickup Zone fly from turn {t}; the landing plan is made as turn {} begins.",
            t.saturating_sub(1)
        )));
    }
    if m.evacuation == crate::data::mission::Evacuation::Medevac {
        lines.push(Line::raw(
            "Casualties (5.1.7): flown out from the MEDEVAC LZ while an HQ or staff unit is there, or carried by helicopter to the Pickup Zone.",
        ));
    }
    if resumed {
        // The company as it stands comes first: the briefing follows.
        let company: Vec<Line> = lines.drain(company_at..).collect();
        let mut head: Vec<Line> = lines.drain(..4).collect();
        head.extend(company);
        head.push(Line::raw(""));
        head.append(&mut lines);
        lines = head;
    }
    // Too long for the screen (80x24, say), it scrolls with the arrows.
    let rows = super::wrap::rows(&lines, area.width.saturating_sub(2));
    let room = area.height.saturating_sub(2) as usize;
    let max = rows.saturating_sub(room) as u16;
    let scroll = app.report_scroll.min(max);
    app.hits.borrow_mut().report_max = max;
    let keys = format!(
        " {}: {}   {}{}{}: help   {}: quit ",
        app.keys.key(Command::Confirm),
        if resumed { "carry on" } else { "begin" },
        if app.menu {
            format!("{}: start menu   ", app.keys.key(Command::Back))
        } else {
            String::new()
        },
        if max > 0 {
            format!(
                "{}/{}: scroll ({}/{})   ",
                app.keys.key(Command::Up),
                app.keys.key(Command::Down),
                scroll,
                max
            )
        } else {
            String::new()
        },
        app.keys.key(Command::Help),
        app.keys.key(Command::Quit)
    );
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0))
            .block(
                t.block()
                    .title(if resumed {
                        " Mission in progress "
                    } else {
                        " Mission briefing "
                    })
                    .title_bottom(Line::styled(keys, t.style(Role::Highlight))),
            ),
        area,
    );
}

/// Asking before an impulse ends with commands not spent: what ending it
/// saves and loses, from the engine (4.1.3).
fn end_impulse<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect) {
    let g = app.game();
    let who = g.spender();
    let Some(end) = g.impulse_end() else {
        return;
    };
    let plural = |n: u8| if n == 1 { "" } else { "s" };
    let fate = match (end.saved, end.lost) {
        (s, 0) => format!("{s} kept for later turns (4.1.3)."),
        (0, l) => format!("{l} lost: none can be kept (4.1.3)."),
        (s, l) => format!(
            "{s} kept for later turns, {l} lost: the most {who} may keep is {} (4.1.3).",
            end.limit
        ),
    };
    let mut lines = vec![
        Line::raw(format!("End {who}'s impulse?")),
        Line::raw(format!(
            "{} command{} not spent: {fate}",
            end.unspent,
            plural(end.unspent)
        )),
    ];
    // The HQs and staff this impulse may still activate (4.2.1 a), as
    // the engine lists the orders: a play test ended the CO HQ's impulse
    // with no platoon HQ activated and was not told what that costs.
    let mut idle: Vec<String> = g
        .legal_inputs()
        .iter()
        .filter_map(|i| match i {
            Input::Order(o) => match o.action {
                Action::Activate { hq } => Some(g.describe(hq)),
                _ => None,
            },
            _ => None,
        })
        .collect();
    idle.dedup();
    if !idle.is_empty() {
        lines.push(Line::styled(
            format!(
                "Not activated: {}. Ended now, each takes its impulse in the Initiative Segment instead (3.3.2): a platoon HQ with the Initiative number, a staff officer with one command.",
                idle.join(", ")
            ),
            app.theme.style(Role::Warn),
        ));
    }
    lines.push(Line::styled(
        format!(
            "{} or {}: end it   {}: go on ordering",
            app.keys.key(Command::EndImpulse),
            app.keys.key(Command::Confirm),
            app.keys.key(Command::Back)
        ),
        app.theme.style(Role::Dim),
    ));
    let w = (lines.iter().map(|l| l.width()).max().unwrap_or(0) as u16 + 4)
        .min(area.width.saturating_sub(2).min(100));
    // Narrower than its longest line, the box wraps it.
    let h = super::wrap::rows(&lines, w.saturating_sub(2)) as u16 + 2;
    let r = centered(area, w, h);
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(app.theme.block().title(" End the impulse ")),
        r,
    );
}

pub(super) fn overlay<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect) {
    match &app.overlay {
        Overlay::None => {}
        Overlay::Quit => {
            // What is kept: a game saves every input; a replay watched is
            // left as it is.
            let kept = if app.viewer.is_some() {
                "The replay is left as it is."
            } else {
                "The game is saved after every input."
            };
            let (ask, keys) = if app.menu {
                (
                    "Leave for the start menu?",
                    format!(
                        "y or {}: start menu   {}: quit fof   n or {}: stay",
                        app.keys.key(Command::Confirm),
                        app.keys.key(Command::Quit),
                        app.keys.key(Command::Back)
                    ),
                )
            } else {
                (
                    "Quit fof?",
                    format!(
                        "y or {}: quit   n or {}: stay",
                        app.keys.key(Command::Confirm),
                        app.keys.key(Command::Back)
                    ),
                )
            };
            let r = centered(area, 58, 6);
            f.render_widget(Clear, r);
            f.render_widget(
                Paragraph::new(vec![
                    Line::raw(ask),
                    Line::raw(kept),
                    Line::styled(keys, app.theme.style(Role::Dim)),
                ])
                .wrap(Wrap { trim: false })
                .block(app.theme.block().title(" Quit ")),
                r,
            );
        }
        Overlay::EndImpulse => end_impulse(f, app, area),
        Overlay::Help(scroll) => help(f, app, area, *scroll),
        Overlay::Menu(m) => super::menu::menu(f, app, area, m),
        Overlay::WhyNot(w) => super::menu::why_not(f, app, area, w),
        Overlay::Log(d) => super::logdetail::log_detail(f, app, area, d),
        Overlay::Cards(i) => cards(f, app, area, *i),
        Overlay::Legend(scroll) => legend(f, app, area, *scroll),
        Overlay::Card => {
            let r = centered(
                area,
                area.width.saturating_sub(4).min(100),
                area.height.saturating_sub(2),
            );
            f.render_widget(Clear, r);
            super::panels::card_panel(f, app, r);
        }
        Overlay::Report => super::report::report(
            f,
            app,
            area,
            app.report_scroll,
            vec![(app.keys.key(Command::Back), "close")],
        ),
    }
}

pub(super) fn help<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect, scroll: u16) {
    let t = &app.theme;
    let mut lines = vec![Line::styled("Keys", t.style(Role::Title))];
    for c in Command::ALL {
        lines.push(Line::from(vec![
            Span::styled(
                format!("{:<14}", app.keys.keys(c)),
                t.style(Role::Highlight),
            ),
            Span::raw(format!(" {}", c.help())),
        ]));
    }
    lines.push(Line::raw("Mouse: click a card to select it (again: the next unit), click a menu entry twice to give it and a section heading to fold it; right click opens the orders; the wheel scrolls the log or the menu."));
    lines.push(Line::raw(format!(
        "Typing: on the map at an impulse, a character that is no key opens the orders searching for it (rally, r2c1); a word that begins with a key's letter needs {} first (/spot). In a menu every printable key is search text (1 PLT, lmg): there {} picks a section alone, {} asks why not?, {} gives the tip and {} the help. Backspace deletes, {} clears the search. The quit prompt takes y or n.",
        app.keys.key(Command::Search),
        app.keys.menu_key(Command::NextUnit),
        app.keys.menu_key(Command::WhyNot),
        app.keys.menu_key(Command::Hint),
        app.keys.menu_key(Command::Help),
        app.keys.key(Command::Back)
    )));
    lines.push(Line::raw(""));
    lines.push(Line::styled("How a turn goes", t.style(Role::Title)));
    for l in [
        "The program runs every step the rules run by themselves (events, enemy activity, combat, clean up) and stops only when you must decide.",
        "In the command phase each HQ in turn draws commands (4.1); choose whose impulse comes next when asked, then spend its commands on orders from the orders menu, grouped by section of the Action Menu (4.2.1-4.2.4) and by the unit that receives them; it opens with nothing selected, so pick an order (the arrows, or type to search) before Enter gives it. Every order in it is legal now; its cost, the cards its attempt draws and its chance from the cards still in the deck are shown beside it, and the selected one says what it will do (a unit left Exposed, a short round, the last fire mission spent). An order you expected and do not see: w lists the orders the selected unit cannot be given now, each with its reason.",
        "End the impulse to save what the rules let you save (4.1.3). Inputs that drew no card can be taken back within the impulse.",
    ] {
        lines.push(Line::raw(l));
    }
    let k = |c: Command| app.keys.key(c);
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        "Menus, windows and panels",
        t.style(Role::Title),
    ));
    for l in [
        "Searching the orders menu: an entry is shown when every word typed begins one of its words (rally, 1/2, r2c1, #9). The entry whose order's name a word begins is selected first (move r1c3 selects a move before a signal that means move), and setting something down only when nothing else matches. In an order's details ! marks a warning and - news, such as a move under cover; an entry too long for the window ends in … and is written whole above its details.".to_string(),
        format!(
            "The cards drawn are shown one by one, with the section read and what each was drawn for; the last page says what the input changed that matters, worst first (a short round, steps lost, contacts, enemy fire on us, units pinned, fire missions spent). A loss, a contact or fire on us opens that page even when no card was drawn, and {} still takes the input back from it. {} goes on a card at a time; {} or {} skips to the last page, and {} there closes.",
            k(Command::Undo),
            k(Command::Confirm),
            k(Command::Back),
            k(Command::ToEnd),
            k(Command::Back)
        ),
        format!(
            "Beside the map, the selected card's panel names the fire into and out of it and lists every unit on it, scrolled to the one {} selects. {} shows the fire support there instead: each agency with the missions of each kind it has left and its final protective fire, its observers with the cards they draw and whether each can reach it now, the registered targets, the fire missions on their way and the enemy's seen so far. {} shows the Action deck: the cards left, whether the reshuffle card is among them, and the exact chance of each icon and word, of the commands, of the random numbers and of hit, pin and miss at each Net Combat Modifier. {}/{} scroll these panels when they are long. With the fire lines on, fire within a card, Crossfire and fire missions are written on the card's bottom row.",
            k(Command::NextUnit),
            k(Command::Support),
            k(Command::Deck),
            k(Command::LogUp),
            k(Command::LogDown)
        ),
        format!(
            "The after-action report ({}) checks each success condition as if the mission ended now, with the experience it would earn and charts by turn of the steps lost, the commands drawn and spent, the cards drawn, the contacts and the activity level. When the mission ends it fills the screen: the arrows scroll it, {} looks at the log, {} carries on.",
            k(Command::Report),
            k(Command::LogUp),
            k(Command::Confirm)
        ),
        format!(
            "Learn mode ({}, or fof learn) stops at every phase, segment and impulse and at every procedure the rules run by themselves, and explains it beside the log; {}/{} scroll the explanation. The replay viewer (fof replay FILE) stops where learn mode stops; {} at a decision saves the game so far as a new file in plays/ and plays on from there, the replay left as it is.",
            k(Command::ToggleLearn),
            k(Command::LogUp),
            k(Command::LogDown),
            k(Command::TakeOver)
        ),
        "The screen needs 80x24 at least and follows resizes. The cards grow with the terminal, up to 34 columns and 14 rows, to show more counters, and the side panels take the width the map cannot use. Where the whole map fits if the log gives up rows, the log does, down to four lines; a map that cannot fit scrolls with the cursor, a mark at its edge showing where rows or columns are out of view. A list longer than its window says on its lower edge how many rows lie below.".to_string(),
        "Settings: keys.ron in the config folder (fof --help says where), or --keys FILE, rebinds the keys; --ascii draws with ASCII only; NO_COLOR turns colour off (every colour cue has a twin), COLORTERM=truecolor gives 24-bit colour.".to_string(),
    ] {
        lines.push(Line::raw(l));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled("On a card", t.style(Role::Title)));
    lines.push(Line::raw(
        "A card shows its position, its terrain, the markers on it and its counters (name, steps, experience, status), in these abbreviations:",
    ));
    lines.extend(key_lines(app, None));
    scrolled_window(
        f,
        app,
        area,
        format!(" Help: {} closes ", app.keys.key(Command::Back)),
        lines,
        scroll,
    );
}

/// The map's key (issue 58: a legend one key away): every code the map
/// shows now, its short words and its meaning with the rule; the help has
/// the whole key.
pub(super) fn legend<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect, scroll: u16) {
    let on = super::map::codes_on_map(app.game());
    let mut lines = vec![Line::raw(format!(
        "The codes on the map now, with the short words a card prints instead where it has the room, and what each means. {} shows every key and the whole key.",
        app.keys.key(Command::Help)
    ))];
    lines.extend(key_lines(app, Some(&on)));
    scrolled_window(
        f,
        app,
        area,
        format!(" Key to the map: {} closes ", app.keys.key(Command::Back)),
        lines,
        scroll,
    );
}

/// A window over the map holding `lines`, scrolled by `scroll` (never
/// past its last line), what lies below said on its lower edge: at 80x24
/// most of the help is below.
fn scrolled_window<D: Driver>(
    f: &mut Frame,
    app: &App<D>,
    area: Rect,
    title: String,
    lines: Vec<Line<'static>>,
    scroll: u16,
) {
    let t = &app.theme;
    let r = centered(
        area,
        area.width.saturating_sub(4).min(120),
        area.height.saturating_sub(2),
    );
    let tall = super::wrap::rows(&lines, r.width.saturating_sub(2)) as u16;
    let max = tall.saturating_sub(r.height.saturating_sub(2));
    app.hits.borrow_mut().help_max = max;
    let scroll = scroll.min(max);
    let mut block = t.block().title(title);
    if scroll < max {
        let keys = format!(
            "{}, {}",
            app.keys.key(Command::Down),
            app.keys.key(Command::LogDown)
        );
        block = block.title_bottom(super::wrap::more_lines(t, max - scroll, &keys));
    }
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0))
            .block(block),
        r,
    );
}

/// The help's key to the abbreviations, generated from the one table the
/// map and the panels print from.
pub(super) fn key_lines<D: Driver>(
    app: &App<D>,
    only: Option<&[super::legend::Code]>,
) -> Vec<Line<'static>> {
    let t = &app.theme;
    let mut lines = Vec::new();
    // With `only`, the entries of those codes, and those that are no code
    // of a card: the frame's lines, arrows and shading, and the fire
    // ratings the card panel prints.
    use super::legend::Code;
    let is_code = |a: &super::legend::Abbrev| Code::ALL.iter().any(|c| c.abbrev() == *a);
    let keep = |a: &super::legend::Abbrev| {
        only.is_none_or(|cs| !is_code(a) || cs.iter().any(|c| c.abbrev() == *a))
    };
    for section in super::legend::key(t) {
        let entries: Vec<_> = section.entries.into_iter().filter(|a| keep(a)).collect();
        if entries.is_empty() {
            continue;
        }
        lines.push(Line::styled(
            format!(" {}", section.title),
            t.style(Role::Highlight),
        ));
        for a in entries {
            let rule = if a.rule.is_empty() {
                String::new()
            } else {
                format!(" ({})", a.rule)
            };
            let word = if a.word == a.code {
                String::new()
            } else {
                a.word.to_string()
            };
            lines.push(Line::from(vec![
                Span::styled(format!("  {:<9}", a.code), t.style(Role::Marker)),
                Span::styled(format!(" {word:<16}"), t.style(Role::Marker)),
                Span::raw(format!(" {}{rule}", a.meaning)),
            ]));
        }
    }
    lines
}

pub(super) fn cards<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect, i: usize) {
    let Some(shown) = app.shown.get(i) else {
        summary(f, app, area);
        return;
    };
    let g = app.game();
    let t = &app.theme;
    let hl = t.style(Role::Highlight);
    let plain = t.style(Role::Text);
    let sec = shown.read.section;
    let pick = |on: bool| if on { hl } else { plain };
    let mut lines = vec![
        Line::styled(
            format!(
                "Card {} of {}: {}",
                i + 1,
                app.shown.len(),
                shown.read.words
            ),
            t.style(Role::Title),
        ),
        Line::raw(""),
    ];
    match g.card(shown.read.card) {
        None => lines.push(Line::raw(format!("card {}", shown.read.card))),
        Some(c) => {
            lines.push(Line::styled(
                format!("  Action card {}", c.number),
                t.style(Role::Title),
            ));
            lines.push(Line::from(vec![
                Span::raw("  Commands: "),
                Span::styled(
                    format!("activated {}", c.activated),
                    pick(sec == Section::Activated),
                ),
                Span::raw("  "),
                Span::styled(
                    format!("initiative {}", c.initiative),
                    pick(sec == Section::Initiative),
                ),
            ]));
            lines.push(Line::from(vec![
                Span::raw("  Word: "),
                Span::styled(
                    c.word
                        .map(|w| w.to_string())
                        .unwrap_or_else(|| "none".into()),
                    pick(sec == Section::Word),
                ),
                Span::raw("   Icon: "),
                Span::styled(
                    format!(
                        "{}{}",
                        c.icon,
                        match c.mark {
                            Some(crate::data::action::Mark::Jam) => " (Jam)",
                            Some(crate::data::action::Mark::Short) => " (Short)",
                            None => "",
                        }
                    ),
                    pick(sec == Section::Icon),
                ),
                Span::raw("   Higher HQ: "),
                Span::styled(
                    if c.higher_hq { "yes" } else { "no" },
                    pick(sec == Section::HigherHq),
                ),
            ]));
            let mut fire = vec![Span::raw("  Fire (NCM -4..+6): ")];
            for (k, r) in c.fire.iter().enumerate() {
                let ncm = k as i8 + crate::data::action::NCM_MIN;
                let letter = match r {
                    crate::data::action::FireResult::Hit => "H",
                    crate::data::action::FireResult::Pin => "P",
                    crate::data::action::FireResult::Miss => "-",
                };
                fire.push(Span::styled(
                    letter.to_string(),
                    pick(sec == Section::Fire(ncm)),
                ));
                fire.push(Span::raw(" "));
            }
            lines.push(Line::from(fire));
            let letters = |v: &[crate::data::action::HitLetter]| {
                v.iter().map(|l| l.key()).collect::<Vec<_>>().join("")
            };
            lines.push(Line::from(vec![
                Span::raw("  Hit effect: "),
                Span::styled(
                    format!(
                        "V {}  L {}  G {}",
                        letters(&c.hit.veteran),
                        letters(&c.hit.line),
                        letters(&c.hit.green)
                    ),
                    pick(sec == Section::HitEffect),
                ),
            ]));
            let mut rn = vec![Span::raw("  Random (N=2..12): ")];
            for (k, v) in c.random.iter().enumerate() {
                let n = k as u8 + crate::data::action::RN_MIN;
                rn.push(Span::styled(v.to_string(), pick(sec == Section::Random(n))));
                rn.push(Span::raw(" "));
            }
            lines.push(Line::from(rn));
            lines.push(Line::from(vec![
                Span::raw("  Anti-tank: "),
                Span::styled(c.anti_tank.to_string(), pick(sec == Section::AntiTank)),
            ]));
        }
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        format!("[{}] {}", shown.rule, shown.event),
        t.style(Role::Dim),
    ));
    let r = centered(area, 76, 16);
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(t.block().title(format!(
                " Drawn: {} next, {} {} ",
                app.keys.key(Command::Confirm),
                app.keys.key(Command::Back),
                if app.summary.is_empty() {
                    "close"
                } else {
                    "what changed"
                }
            ))),
        r,
    );
}
/// The pop-up's last page: what the input changed that matters, worst
/// first, in words; the log has every event.
fn summary<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect) {
    let t = &app.theme;
    let most = crate::ui::summary::MOST;
    let mut lines = vec![
        Line::styled(
            if app.shown.is_empty() {
                "What changed".to_string()
            } else {
                format!("What changed, after {} card(s)", app.shown.len())
            },
            t.style(Role::Title),
        ),
        Line::raw(""),
    ];
    for c in app.summary.iter().take(most) {
        let mark = match c.role {
            Role::Bad => "!! ",
            Role::Warn => " ! ",
            Role::Good => " + ",
            _ => "   ",
        };
        lines.push(Line::from(vec![
            Span::styled(mark, t.style(c.role)),
            Span::styled(c.text.clone(), t.style(c.role)),
        ]));
    }
    if app.summary.len() > most {
        lines.push(Line::styled(
            format!(
                "   and {} more: the log has them all",
                app.summary.len() - most
            ),
            t.style(Role::Dim),
        ));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        "!! bad for us   ! take note   + good for us",
        t.style(Role::Dim),
    ));
    let h = (lines.len() as u16 + 2).max(8);
    let r = centered(area, 76, h);
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(t.block().title(format!(
                " What changed: {} or {} closes ",
                app.keys.key(Command::Confirm),
                app.keys.key(Command::Back)
            ))),
        r,
    );
}
