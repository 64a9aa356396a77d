//! The panels beside the map: the Command Display, the selected card with
//! its units, the log, and learn mode's explanations.

use super::exp;
use super::map::markers;
use super::wrap::{wrap_line, wrap_spans};
use crate::data::terrain::{Border, CoverValue, Dir, Traffic};
use crate::data::units::Side;
use crate::engine::kernel::events::EventKind;
use crate::engine::kernel::input::Decision;
use crate::ui::app::{App, Driver};
use crate::ui::keys::Command;
use crate::ui::labels;
use crate::ui::theme::Role;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

/// The fire missions left, wrapped to the Command Display's inner width.
fn fire_rows<D: Driver>(app: &App<D>, width: u16) -> Vec<Line<'static>> {
    // 7.4.5: and the helicopters of an air assault.
    // At 80x24 in fewer words (three rows of a night defence's fire plan
    // pushed the last HQs out of the display).
    super::support::missions_left_line(app, width < 42)
        .into_iter()
        .chain(super::support::helicopters_line(app))
        .flat_map(|l| wrap_spans(vec![Span::raw(l)], width.saturating_sub(2) as usize))
        .collect()
}

/// The Command Display's height for its `lines` in a box `inner` cells
/// wide inside: the lines as wrapped there, and the borders.
pub(super) fn command_display_height(lines: &[Line], inner: u16) -> u16 {
    super::wrap::rows(lines, inner) as u16 + 2
}

/// Draws the Command Display's `lines` (see [`command_display_lines`]).
/// Every line wraps rather than being cut (an HQ with several skills,
/// "General Initiative Impulse (3.3.2 D)" at 80x24), and
/// [`command_display_height`] counts the rows wrapped.
pub(super) fn command_display<D: Driver>(
    f: &mut Frame,
    app: &App<D>,
    area: Rect,
    lines: Vec<Line<'static>>,
) {
    let t = &app.theme;
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(t.block().title(" Command Display ")),
        area,
    );
}

/// The Command Display's lines for a box `inner` cells wide inside, built
/// once a frame for its height and its drawing. Where they would take more
/// than `room` rows, the deck's line goes first (the deck panel, a key
/// away, says it and more): the HQs come before it.
pub(super) fn command_display_lines<D: Driver>(
    app: &App<D>,
    inner: u16,
    room: u16,
) -> Vec<Line<'static>> {
    let (mut lines, deck_at) = display_lines(app, inner);
    if command_display_height(&lines, inner) > room {
        lines.remove(deck_at);
    }
    // Then the phase's name: the step's, under it, names its rule.
    if command_display_height(&lines, inner) > room {
        lines.remove(1);
    }
    lines
}

/// The Command Display's lines, and where the deck's line is among them.
fn display_lines<D: Driver>(app: &App<D>, inner: u16) -> (Vec<Line<'static>>, usize) {
    let g = app.game();
    let s = g.state();
    let t = &app.theme;
    let p = g.prompt();
    // While a turn is walked through, the step whose work is shown (the
    // state has already moved on to the next).
    let (turn, step) = app.shown_turn_step();
    // At 80x24 the display is 28 cells wide: its first lines say the same
    // in fewer words ("Deck: 50 left, 1 read, 0 reshu" was cut).
    let narrow = inner < 40;
    let (of, activity) = if narrow {
        ("/", ", ")
    } else {
        (" of ", "  Activity: ")
    };
    let mut lines = vec![
        Line::from(vec![
            Span::styled(
                format!("Turn {turn}{of}{}", g.mission().turns),
                t.style(Role::Title),
            ),
            Span::raw(format!("{activity}{}", s.activity.label())),
        ]),
        Line::raw(step.phase_name().to_string()),
        Line::styled(
            format!("{} ({})", step.name(), step.rule(g.mission().kind)),
            t.style(Role::Highlight),
        ),
    ];
    lines.push(match &p.decision {
        _ if app.walking() => Line::styled(
            if app.viewer.is_some() {
                "Replay: watching, not playing"
            } else {
                "Learn mode: the rules run, step by step"
            },
            t.style(Role::Warn),
        ),
        Decision::Orders {
            left,
            spent,
            available,
            ..
        } => {
            // When the impulse's limit binds, what is held beyond it is
            // said apart ("2 left of 3 held"): "2 left (4/7 spent)" read as
            // a sum that did not add up.
            Line::raw(match p.decision.held_beyond_limit() {
                Some(held) => format!("{}: {left} left of {held} held", g.spender()),
                None => format!("{}: {left} left ({spent}/{available} spent)", g.spender()),
            })
        }
        Decision::ChooseHq { .. } => {
            Line::styled("Choose whose impulse comes next", t.style(Role::Warn))
        }
        // Issue 58: the question itself, not only its rule ("A question
        // for you (2.3.2)" left a newcomer guessing what was asked); cut
        // to two lines on the narrow display, whole in the menu.
        Decision::Choose(c) => {
            let (rule, q) = g.question(c);
            let mut text = format!("Asked ({rule}): {q}");
            let most = if narrow {
                2 * inner as usize
            } else {
                4 * inner as usize
            };
            if text.chars().count() > most {
                // Cut at a word's end.
                let head: String = text.chars().take(most.saturating_sub(1)).collect();
                let head = head.rsplit_once(' ').map_or(head.as_str(), |(h, _)| h);
                text = format!("{}{}", head.trim_end(), t.sym("…", "~"));
            }
            Line::styled(text, t.style(Role::Warn))
        }
        Decision::MissionOver => Line::styled("The mission is over", t.style(Role::Warn)),
    });
    let vis = g
        .visibility_level()
        .map(|v| format!("{:+} {}", v.modifier, v.name))
        .unwrap_or_default();
    lines.push(Line::raw(format!("Visibility {vis}")));
    let pile = s.deck.pile().len();
    let deck = if narrow {
        // The cards read are the cards not left: said on the wide display.
        match s.deck.reshuffles() {
            0 => format!("Deck: {pile} left, no reshuffle"),
            1 => format!("Deck: {pile} left, 1 reshuffle"),
            n => format!("Deck: {pile} left, {n} reshuffles"),
        }
    } else {
        format!(
            "Deck: {pile} left, {} read, {} reshuffle(s)",
            s.deck.discard().len(),
            s.deck.reshuffles()
        )
    };
    let deck_at = lines.len();
    lines.push(Line::styled(deck, t.style(Role::Dim)));
    lines.extend(fire_rows(app, inner + 2));
    // Every HQ once, the company's then the vehicle platoons' (7.1.1):
    // its name, what it saved, its skills and where it stands; drawn as a
    // table, or grouped by state on the narrow display.
    struct HqRow {
        name: String,
        saved: u8,
        skills: Vec<&'static str>,
        vehicle: bool,
        state: &'static str,
        role: Role,
    }
    let current = s.impulse.as_ref().and_then(|i| i.hq);
    let current_vehicle = s.impulse.as_ref().and_then(|i| i.vehicle);
    let mut hqs: Vec<HqRow> = Vec::new();
    for h in &s.hqs {
        let Some(u) = s.get(h.unit) else { continue };
        if !u.in_play() {
            continue;
        }
        let (state, role) = hq_row(current == Some(h.unit), h.done, h.activated);
        hqs.push(HqRow {
            name: u.label.clone(),
            saved: h.saved,
            skills: s
                .skills
                .iter()
                .filter(|(x, _)| *x == h.unit)
                .map(|(_, k)| k.label())
                .collect(),
            vehicle: false,
            state,
            role,
        });
    }
    for x in s.vehicles.iter().filter(|x| x.in_play()) {
        let Some(c) = x.command else { continue };
        let (state, role) = hq_row(current_vehicle == Some(x.id), c.done, c.activated);
        hqs.push(HqRow {
            name: x.label.clone(),
            saved: c.saved,
            skills: Vec::new(),
            vehicle: true,
            state,
            role,
        });
    }
    if narrow {
        // At 80x24 a row an HQ left the last HQs under the card panel:
        // the HQs grouped by where they stand, a line or two each, with
        // what they saved where they saved any.
        let mut groups: Vec<(&'static str, Role, Vec<String>)> = Vec::new();
        for h in hqs {
            // A name is not broken over two rows ("2 / PLT HQ"), but for
            // a terminal that draws ASCII only.
            let mut name = if t.ascii || h.vehicle {
                h.name
            } else {
                h.name.replace(' ', "\u{a0}")
            };
            if h.vehicle {
                name.push_str(" (vehicle HQ)");
            }
            if h.saved > 0 {
                name.push_str(&format!(" ({} saved)", h.saved));
            }
            if !h.skills.is_empty() {
                name.push_str(&format!(" [{}]", h.skills.join(", ")));
            }
            match groups.iter_mut().find(|(st, _, _)| *st == h.state) {
                Some((_, _, names)) => names.push(name),
                None => groups.push((h.state, h.role, vec![name])),
            }
        }
        let order = ["spending", "activated", "waiting", "done"];
        groups.sort_by_key(|(state, _, _)| order.iter().position(|o| o == state));
        for (state, role, names) in groups {
            let mut head = state.to_string();
            head[..1].make_ascii_uppercase();
            lines.push(Line::styled(
                format!("{head}: {}", names.join(", ")),
                t.style(role),
            ));
        }
        return (lines, deck_at);
    }
    lines.push(Line::styled("HQ          saved  state", t.style(Role::Dim)));
    for h in hqs {
        let name: String = h.name.chars().take(12).collect();
        let mut text = format!("{name:<12} {:>3}   {}", h.saved, h.state);
        if h.vehicle {
            text.push_str(" (vehicle HQ)");
        }
        if !h.skills.is_empty() {
            text.push_str(&format!(" [{}]", h.skills.join(", ")));
        }
        lines.push(Line::styled(text, t.style(h.role)));
    }
    (lines, deck_at)
}

pub(super) fn card_panel<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect) {
    let g = app.game();
    let s = g.state();
    let t = &app.theme;
    let pos = app.cursor;
    let card = s.map.card(pos);
    let mut lines: Vec<Line> = Vec::new();
    match (
        card,
        card.filter(|c| c.face_up).and_then(|_| g.top_card(pos)),
    ) {
        (None, _) => lines.push(Line::raw(if s.map.is_staging(pos) {
            "Main Staging Area (2.4.2)"
        } else {
            "No card here"
        })),
        (Some(_), None) => lines.push(Line::raw(
            "Face down: revealed when a unit sees it or enters it (5.2)",
        )),
        (Some(mc), Some(tc)) => {
            lines.push(Line::styled(
                format!("{} (card {})", tc.name, tc.number),
                t.style(Role::Title),
            ));
            lines.push(Line::raw(format!(
                "{}, level {}{} (5.2.2)",
                tc.terrain.label(),
                g.level(pos),
                match mc.stack.len() {
                    0 | 1 => String::new(),
                    2 => ", on 1 hill card".into(),
                    n => format!(", on {} hill cards", n - 1),
                }
            )));
            lines.push(Line::raw(match tc.cover {
                CoverValue::None => "Cover & concealment: none (1.2.1)".to_string(),
                CoverValue::Single(v) => format!("Cover & concealment: {v} (1.2.1)"),
                CoverValue::Split { dark, light } => format!(
                    "Cover & concealment: {dark} across dark borders, {light} otherwise (1.2.1)"
                ),
            }));
            let found: Vec<String> = mc
                .covers
                .iter()
                .map(|c| c.kind.label().to_string())
                .collect();
            // 9.2.3: the enemy's cover comes with it, whatever the card
            // holds: "1 of 0 found" on an open field read as a slip.
            lines.push(Line::raw(format!(
                "Cover markers: {} here{}, {} to find; Seek Cover draws {} (5.2.3)",
                mc.covers.len(),
                if found.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", found.join(", "))
                },
                crate::engine::movement::actions::cover_potential_left(g, pos),
                tc.seek_draws
            )));
            let dark: Vec<&str> = Dir::ALL
                .iter()
                .filter(|d| tc.borders.get(**d) == Border::Dark)
                .map(|d| d.label())
                .collect();
            lines.push(Line::raw(format!(
                "Dark borders (block sight, 5.2.2): {}",
                if dark.is_empty() {
                    "none".into()
                } else {
                    dark.join(" ")
                }
            )));
            lines.push(Line::raw(format!(
                "Burst {:+} (1.2.1 H); vehicles: {} (1.2.1 B){}{}{}",
                tc.burst,
                match tc.traffic {
                    Traffic::Go => "go",
                    Traffic::Slow => "slow, stop on entering",
                    Traffic::No => "may not enter",
                },
                if matches!(tc.relief, crate::data::terrain::Relief::MultiStory) {
                    "; upper story (1.2.1 G)"
                } else {
                    ""
                },
                if tc.lz { "; landing zone (7.4.5)" } else { "" },
                if tc.urban { "; urban cover" } else { "" }
            )));
            if let Some(sp) = &tc.special {
                lines.push(Line::styled(sp.clone(), t.style(Role::Marker)));
            }
        }
    }
    // Each marker spelled out with its rule, under the words the map
    // prints for it where it has the room.
    for m in markers(g, pos, card) {
        let (word, full) = (m.word(), m.spelled());
        lines.push(Line::styled(
            if word == full {
                format!("Marker: {word}")
            } else if full.trim_start_matches("the ").starts_with(word.as_str()) {
                // "the limit of advance: no further": the words once.
                format!("Marker: {full}")
            } else {
                format!("{word}: {full}")
            },
            t.style(Role::Marker),
        ));
    }
    // Fire into the card and out of it (6.2), from the engine's links.
    for link in s.fires.iter().chain(s.lay_pdfs.iter()) {
        let who = if link.side == Side::Us {
            "ours"
        } else {
            "the enemy's"
        };
        let (role, code) = super::fire::kind_of(g, link);
        let text = if link.from == pos && link.target == pos {
            format!("Fire within the card: {who}, {code}")
        } else if link.target == pos {
            format!("Fired on from {}: {who}, {code}", link.from)
        } else if link.from == pos {
            format!("Fires at {}: {who}, {code}", link.target)
        } else {
            continue;
        };
        lines.push(Line::styled(text, t.style(role)));
    }
    // Vehicles and wrecks (7.0, 7.7), before the infantry.
    for v in s
        .vehicles
        .iter()
        .filter(|v| v.in_play() && v.pos == pos && !v.aloft_off_map())
    {
        let (head, row) = labels::vehicle_words(g, v);
        let role = if v.side == Side::Us {
            Role::Us
        } else {
            Role::Enemy
        };
        lines.push(Line::styled(head, t.style(role)));
        lines.push(Line::styled(format!("   {row}"), t.style(Role::Dim)));
    }
    for w in s.wrecks.iter().filter(|w| w.pos == pos) {
        lines.push(Line::styled(
            if w.burning {
                "A burning wreck: its smoke blocks sight (7.7)"
            } else {
                "A wreck: cover for a vehicle here (7.7)"
            },
            t.style(Role::Marker),
        ));
    }
    let sel = app.selected_unit();
    let mut sel_row = None;
    for id in app.units_here() {
        let u = s.unit(id);
        let role = if u.side == Side::Us {
            Role::Us
        } else {
            Role::Enemy
        };
        let mut st = t.style(role);
        if Some(id) == sel {
            st = st.patch(t.style(Role::Selected));
        }
        let ratings = crate::engine::combat::fire::ratings(g, u)
            .map(|r| super::legend::ratings(&r))
            .unwrap_or_else(|| "no fire".into());
        if Some(id) == sel {
            sel_row = Some(lines.len());
        }
        lines.push(Line::styled(
            format!(
                "{}{}: {} step(s), {}, {ratings}",
                if Some(id) == sel { "> " } else { "" },
                u.label,
                u.steps,
                exp(u.experience)
            ),
            st,
        ));
        let mut status = labels::status_words(g, u);
        if u.side != Side::Us && !u.spotted {
            status.push_str(", not spotted");
        }
        lines.push(Line::styled(format!("   {status}"), t.style(Role::Dim)));
    }
    // Every line wrapped here, so that rows can be counted: the panel
    // scrolls to keep the selected unit (Tab) in view, never "+N more".
    let width = area.width.saturating_sub(2) as usize;
    let inner_h = area.height.saturating_sub(2) as usize;
    let mut rows: Vec<Line> = Vec::new();
    let mut sel_at = None;
    for (i, l) in lines.into_iter().enumerate() {
        if Some(i) == sel_row {
            sel_at = Some(rows.len());
        }
        rows.extend(wrap_line(l, width, 2));
    }
    let total = rows.len();
    let mut top = 0;
    // The selected unit and its status line in view.
    if total > inner_h
        && let Some(at) = sel_at
    {
        top = (at + 2).saturating_sub(inner_h).min(at);
    }
    let more_below = total > top + inner_h;
    let mut block = t.block().title(format!(" {pos} "));
    if top > 0 || more_below {
        let mut parts = Vec::new();
        if top > 0 {
            parts.push(format!("{top} up"));
        }
        if more_below {
            parts.push(format!("{} down", total - top - inner_h));
        }
        // Beside the map, the key that shows the card whole.
        let whole = if app.overlay == crate::ui::app::Overlay::Card {
            String::new()
        } else {
            format!(", {} whole", app.keys.key(Command::CardView))
        };
        block = block.title_bottom(Line::styled(
            format!(
                " {}: {}{whole} ",
                parts.join(", "),
                app.keys.key(Command::NextUnit)
            ),
            t.style(Role::Dim),
        ));
    }
    f.render_widget(
        Paragraph::new(rows).scroll((top as u16, 0)).block(block),
        area,
    );
}

pub(super) fn log_view<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect) {
    let t = &app.theme;
    let events = app.log_events();
    let inner_h = area.height.saturating_sub(2) as usize;
    let inner_w = area.width.saturating_sub(2) as usize;
    let end = events.len().saturating_sub(app.log_back);
    let g = app.game();
    // Newest at the bottom; each event wrapped whole, never cut, as many
    // as fit (the oldest shown may lose its first rows).
    let mut shown: Vec<Vec<Line>> = Vec::new();
    let mut used = 0;
    for e in events[..end].iter().rev() {
        if used >= inner_h {
            break;
        }
        let side = crate::ui::app::event_side(g, e);
        let role = match side {
            Some(Side::Us) => Role::Text,
            Some(_) => Role::Enemy,
            None => Role::Dim,
        };
        let cards: Vec<String> = e.cards.iter().map(|c| c.card.to_string()).collect();
        let mut spans = vec![
            Span::styled(format!("T{} ", e.turn), t.style(Role::Dim)),
            Span::styled(format!("[{}] ", e.rule), t.style(Role::Marker)),
            Span::styled(e.text.clone(), t.style(role)),
        ];
        if !cards.is_empty() {
            spans.push(Span::styled(
                format!(" (cards {})", cards.join(",")),
                t.style(Role::Dim),
            ));
        }
        let rows = wrap_spans(spans, inner_w);
        used += rows.len();
        shown.push(rows);
    }
    // The events shown whole: a page for the page keys.
    app.hits.borrow_mut().log_page = {
        let mut rows = 0;
        shown
            .iter()
            .take_while(|e| {
                rows += e.len();
                rows <= inner_h
            })
            .count()
    };
    // An event taller than the whole log shows its beginning (its turn and
    // rule); otherwise the oldest event shown loses its first rows.
    let mut lines: Vec<Line> = match shown.first() {
        Some(newest) if newest.len() > inner_h => newest[..inner_h].to_vec(),
        _ => shown.into_iter().rev().flatten().collect(),
    };
    if lines.len() > inner_h {
        lines.drain(..lines.len() - inner_h);
    }
    let title = format!(
        " Log: {} ({} event(s){}) ",
        app.log_filter.label(),
        events.len(),
        if app.log_back > 0 {
            format!(", {} back", app.log_back)
        } else {
            String::new()
        }
    );
    app.hits.borrow_mut().log = area;
    f.render_widget(Paragraph::new(lines).block(t.block().title(title)), area);
}

pub(super) fn learn_panel<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect) {
    let Some(w) = &app.walk else {
        return;
    };
    let g = app.game();
    let t = &app.theme;
    let mut lines: Vec<Line> = Vec::new();
    let title;
    if w.waiting() && app.viewer.is_none() {
        let (head, text) = crate::ui::learn::decision(&app.explanations, g);
        title = head;
        for l in text.lines() {
            lines.push(Line::raw(l.to_string()));
        }
    } else {
        let stop = w.stop();
        let events = w.stop_events();
        let groups = crate::ui::learn::groups(events, &stop.kind);
        let i = app.sub.min(groups.len() - 1);
        let group = &events[groups[i].clone()];
        let entry = crate::ui::learn::explain(&app.explanations, g, &stop.kind, group);
        title = format!("{} ({})", entry.title, entry.rule);
        lines.push(Line::raw(entry.text.clone()));
        let (turn, step) = app.shown_turn_step();
        lines.push(Line::styled(
            format!(
                "In this game (turn {}, {}; stop {}{}{}):",
                turn,
                step.name(),
                w.pos + 1,
                // The total only once the walk has met the last stop.
                w.total().map(|n| format!(" of {n}")).unwrap_or_default(),
                if groups.len() > 1 {
                    format!(", part {} of {}", i + 1, groups.len())
                } else {
                    String::new()
                }
            ),
            t.style(Role::Title),
        ));
        if let crate::ui::step::StopKind::Input(input) = &stop.kind {
            lines.push(Line::styled(
                format!("You chose: {}", labels::input(g, input)),
                t.style(Role::Us),
            ));
        }
        for e in group {
            let cards: Vec<String> = e.cards.iter().map(|c| c.card.to_string()).collect();
            let mut spans = vec![
                Span::styled(format!("[{}] ", e.rule), t.style(Role::Marker)),
                Span::raw(e.text.clone()),
            ];
            if !cards.is_empty() {
                spans.push(Span::styled(
                    format!(" (cards {})", cards.join(", ")),
                    t.style(Role::Highlight),
                ));
            }
            lines.push(Line::from(spans));
        }
        if group.is_empty() {
            lines.push(Line::styled(
                "Nothing happens here this time.",
                t.style(Role::Dim),
            ));
        }
        // A step of impulses that hands out none says why (the engine's
        // words), rather than leave its explanation to read as if it had.
        if let [e] = group
            && let EventKind::StepBegins { step } = e.kind
            && let Some(why) = g.no_impulse_why(step)
        {
            lines.push(Line::styled(
                format!("No impulse here this turn: {why}."),
                t.style(Role::Dim),
            ));
        }
    }
    let k = |c: Command| app.keys.key(c);
    let keys = if app.viewer.is_some() {
        format!(
            " {}/{} stop  {}/{} input  {}/{} phase  {}/{} turn  {} take over ",
            k(Command::NextStep),
            k(Command::PrevStep),
            k(Command::NextDecision),
            k(Command::PrevDecision),
            k(Command::NextPhase),
            k(Command::PrevPhase),
            k(Command::NextTurn),
            k(Command::PrevTurn),
            k(Command::TakeOver)
        )
    } else if w.waiting() {
        // The walk waits for the player: Enter opens the orders or the
        // question, as on the key bar (the panel said "Enter next" there).
        let why = if matches!(g.prompt().decision, Decision::Orders { .. }) {
            format!(
                "  {} all orders  {} why not?",
                k(Command::AllOrders),
                k(Command::WhyNot)
            )
        } else {
            String::new()
        };
        format!(
            " {} {}{why}  {} leave learn mode ",
            k(Command::Confirm),
            super::enter_word(app),
            k(Command::ToggleLearn)
        )
    } else {
        format!(
            " {} next  {} to your decision  {} end of turn  {} leave learn mode ",
            k(Command::Confirm),
            k(Command::NextDecision),
            k(Command::NextTurn),
            k(Command::ToggleLearn)
        )
    };
    // Wrapped here so that rows can be counted: the page keys scroll it.
    let width = area.width.saturating_sub(2) as usize;
    let inner_h = area.height.saturating_sub(2) as usize;
    let mut rows: Vec<Line> = Vec::new();
    for l in lines {
        rows.extend(wrap_line(l, width, 0));
    }
    let most = rows.len().saturating_sub(inner_h) as u16;
    let scroll = app.learn_scroll_now().min(most);
    let mut block = t
        .block()
        .title(format!(" Learn: {title} "))
        .title_bottom(Line::styled(keys, t.style(Role::Dim)));
    if most > 0 {
        block = block.title_bottom(
            Line::styled(
                if scroll < most {
                    format!(" more below: {} ", app.keys.key(Command::LogDown))
                } else {
                    format!(" more above: {} ", app.keys.key(Command::LogUp))
                },
                t.style(Role::Highlight),
            )
            .right_aligned(),
        );
    }
    f.render_widget(Paragraph::new(rows).scroll((scroll, 0)).block(block), area);
}

/// An HQ's state on the Command Display, in a word, and its style: the
/// one spending, done for the turn, activated, or waiting (4.1).
fn hq_row(spending: bool, done: bool, activated: bool) -> (&'static str, Role) {
    match (spending, done, activated) {
        (true, _, _) => ("spending", Role::Highlight),
        (false, true, _) => ("done", Role::Dim),
        (false, false, true) => ("activated", Role::Text),
        (false, false, false) => ("waiting", Role::Text),
    }
}
