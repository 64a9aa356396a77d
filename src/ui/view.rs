//! Views: they draw the app's state and the game's, and change nothing
//! (except noting where things were drawn, for the mouse).

use super::app::{App, Driver, Hits, MIN_SIZE, Overlay, Screen};
use super::keys::Command;
use super::labels;
use super::theme::Role;
use crate::data::action::Experience;
use crate::data::terrain::{Border, CoverValue, Dir, Relief, Traffic};
use crate::data::units::Side;
use crate::engine::kernel::events::Section;
use crate::engine::kernel::game::Game;
use crate::engine::kernel::input::Decision;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::state::{MapCard, PointControl, SmokeKind, Unit};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

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
        Screen::Play | Screen::Result => {
            play(f, app, area);
            if app.screen == Screen::Result && app.overlay == Overlay::None {
                result(f, app, area);
            }
        }
        Screen::Between(fin) => {
            let mut lines: Vec<Line> = vec![
                Line::styled("Between missions", app.theme.style(Role::Title)),
                Line::raw(""),
            ];
            lines.extend(fin.lines.iter().map(|l| Line::raw(l.clone())));
            lines.push(Line::raw(""));
            lines.push(Line::styled(
                if fin.next {
                    format!(
                        "{}: the next mission's briefing   {}: quit",
                        app.keys.key(Command::Confirm),
                        app.keys.key(Command::Quit)
                    )
                } else {
                    format!("{}: quit", app.keys.key(Command::Confirm))
                },
                app.theme.style(Role::Dim),
            ));
            f.render_widget(
                Paragraph::new(lines)
                    .wrap(Wrap { trim: false })
                    .block(app.theme.block().title(" After the mission ")),
                area,
            );
        }
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

/// The mission's visibility level from the charts.
fn visibility(g: &Game) -> Option<&crate::data::charts::VisibilityLevel> {
    g.data()
        .charts
        .visibility
        .iter()
        .find(|v| v.id == g.mission().visibility)
}

fn briefing<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect) {
    let g = app.game();
    let m = g.mission();
    let t = &app.theme;
    let vis = visibility(g)
        .map(|v| format!("{} ({:+})", v.name, v.modifier))
        .unwrap_or_else(|| m.visibility.clone());
    let mut lines = vec![
        Line::styled(m.name.clone(), t.style(Role::Title)),
        Line::raw(format!(
            "{} mission, {} turns, visibility {vis}; seed {}",
            m.kind.label(),
            m.turns,
            g.state().seed
        )),
        Line::raw(""),
    ];
    for para in m.briefing.split("\n\n") {
        lines.push(Line::raw(
            para.split_whitespace().collect::<Vec<_>>().join(" "),
        ));
        lines.push(Line::raw(""));
    }
    lines.push(Line::styled(
        "To succeed (11.0), at the end",
        t.style(Role::Title),
    ));
    for goal in &m.success {
        use crate::data::mission::{Goal, Place};
        let place = |p: &Place| match p {
            Place::Primary => "the primary objective",
            Place::Secondary => "the secondary objective",
            Place::AttackPosition => "the attack position",
            Place::Cop => "the combat outpost",
        };
        lines.push(Line::raw(match goal {
            Goal::Secure(p) => format!("  secure {}: a Good Order unit of ours on it", place(p)),
            Goal::Clear(p) => format!("  clear {}: no enemy unit and no PC marker on it", place(p)),
            Goal::ClearAndSecure(p) => format!("  clear and secure {}", place(p)),
            Goal::HoldMlr => "  hold the MLR: no enemy unit at or behind it".to_string(),
            Goal::Route => "  touch every route point, in order".to_string(),
            Goal::ClearCards(n) => format!("  at least {n} cards clear of the enemy"),
            Goal::CoHqAlive => "  the CO HQ is not a casualty".to_string(),
        }));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled("The company", t.style(Role::Title)));
    let s = g.state();
    let us: Vec<&Unit> = s.in_play().filter(|u| u.side == Side::Us).collect();
    let mut row = String::new();
    for u in &us {
        let item = format!(
            "{} ({} step{}, {}), ",
            u.label,
            u.steps,
            if u.steps == 1 { "" } else { "s" },
            exp(u.experience)
        );
        row.push_str(&item);
    }
    lines.push(Line::raw(row.trim_end_matches(", ").to_string()));
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        format!(
            "{}: begin   {}: help   {}: quit",
            app.keys.key(Command::Confirm),
            app.keys.key(Command::Help),
            app.keys.key(Command::Quit)
        ),
        t.style(Role::Dim),
    ));
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(t.block().title(" Mission briefing ")),
        area,
    );
}

fn exp(e: Experience) -> &'static str {
    match e {
        Experience::Green => "Green",
        Experience::Line => "Line",
        Experience::Veteran => "Veteran",
    }
}

fn exp_letter(e: Experience) -> char {
    match e {
        Experience::Green => 'G',
        Experience::Line => 'L',
        Experience::Veteran => 'V',
    }
}

fn play<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect) {
    let log_h = if app.walk.is_some() {
        (area.height / 3).clamp(8, 16)
    } else {
        (area.height / 4).clamp(4, 12)
    };
    let [main, log, msg, bar] = Layout::vertical([
        Constraint::Min(10),
        Constraint::Length(log_h),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let side_w = if area.width >= 140 { 48 } else { 32 };
    let [map_area, side] =
        Layout::horizontal([Constraint::Min(40), Constraint::Length(side_w)]).areas(main);
    map(f.buffer_mut(), app, map_area);
    let cd_h = command_display_height(app).min(side.height.saturating_sub(6));
    let [cd, panel] = Layout::vertical([Constraint::Length(cd_h), Constraint::Min(4)]).areas(side);
    command_display(f, app, cd);
    card_panel(f, app, panel);
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

// ---- the map ---------------------------------------------------------------

/// A card box's size for the area and the grid.
fn card_size(area: Rect, cols: u16, rows: u16) -> (u16, u16) {
    let w = (area.width / cols.max(1)).clamp(16, 26);
    let h = (area.height / rows.max(1)).clamp(7, 10);
    (w, h)
}

fn map<D: Driver>(buf: &mut Buffer, app: &App<D>, area: Rect) {
    let (r0, r1, c0, c1) = app.bounds();
    let rows = (r1 - r0 + 1) as u16;
    let cols = (c1 - c0 + 1) as u16;
    let (cw, ch) = card_size(area, cols, rows);
    let vis_cols = (area.width / cw).max(1).min(cols);
    let vis_rows = (area.height / ch).max(1).min(rows);
    // Scroll so that the cursor is in view: columns from the left, rows
    // from the top (the highest row).
    let cur_c = (app.cursor.col - c0) as u16;
    let cur_r = (r1 - app.cursor.row) as u16;
    let first_c = cur_c.saturating_sub(vis_cols - 1).min(cols - vis_cols);
    let first_r = cur_r.saturating_sub(vis_rows - 1).min(rows - vis_rows);
    let g = app.game();
    // Centre the cards in the area.
    let area = Rect::new(
        area.x + (area.width - vis_cols * cw) / 2,
        area.y,
        vis_cols * cw + (area.width - vis_cols * cw) % 2,
        area.height,
    );
    for vr in 0..vis_rows {
        for vc in 0..vis_cols {
            let row = r1 - (first_r + vr) as i8;
            let col = c0 + (first_c + vc) as i8;
            let pos = CardPos::new(row, col);
            let rect = Rect::new(area.x + vc * cw, area.y + vr * ch, cw, ch);
            let staging = g.state().map.is_staging(pos);
            let card = g.state().map.card(pos);
            if card.is_none() && !staging {
                continue;
            }
            app.hits.borrow_mut().cards.push((rect, pos));
            draw_card(buf, app, pos, card, rect);
        }
    }
    // Scroll hints.
    let t = &app.theme;
    if first_c > 0 {
        buf.set_string(
            area.x,
            area.y + area.height / 2,
            t.sym("◂", "<"),
            t.style(Role::Cursor),
        );
    }
    if first_c + vis_cols < cols {
        buf.set_string(
            area.x + area.width - 1,
            area.y + area.height / 2,
            t.sym("▸", ">"),
            t.style(Role::Cursor),
        );
    }
    if first_r > 0 {
        buf.set_string(
            area.x + area.width / 2,
            area.y,
            t.sym("▴", "^"),
            t.style(Role::Cursor),
        );
    }
    if first_r + vis_rows < rows {
        buf.set_string(
            area.x + area.width / 2,
            (area.y + vis_rows * ch).min(area.y + area.height - 1),
            t.sym("▾", "v"),
            t.style(Role::Cursor),
        );
    }
}

/// Writes `s` clipped to `width` cells.
fn put(buf: &mut Buffer, x: u16, y: u16, s: &str, width: u16, style: Style) {
    if width == 0 {
        return;
    }
    let clipped: String = s.chars().take(width as usize).collect();
    buf.set_string(x, y, clipped, style);
}

fn draw_card<D: Driver>(
    buf: &mut Buffer,
    app: &App<D>,
    pos: CardPos,
    card: Option<&MapCard>,
    r: Rect,
) {
    let g = app.game();
    let t = &app.theme;
    let lines = t.lines();
    let selected = pos == app.cursor;
    let top = card.filter(|c| c.face_up).and_then(|_| g.top_card(pos));
    // Border segments: the top card's, darkened by hills beneath (5.2.2).
    let borders = top.map(|tc| {
        let deck = g.data().terrain_deck(&g.state().map.deck);
        let beneath: Vec<_> = card
            .map(|c| {
                c.stack[..c.stack.len().saturating_sub(1)]
                    .iter()
                    .filter_map(|n| deck.and_then(|d| d.cards.iter().find(|x| x.number == *n)))
                    .map(|x| x.borders)
                    .collect()
            })
            .unwrap_or_default();
        crate::engine::map::los::effective_borders(&tc.borders, &beneath)
    });
    let seg = |d: Dir| borders.map(|b| b.get(d)).unwrap_or(Border::Light);
    let style_of = |d: Dir| {
        if selected {
            t.style(Role::Cursor)
        } else if seg(d) == Border::Dark {
            t.style(Role::Dark)
        } else {
            t.style(Role::Light)
        }
    };
    let heavy = |d: Dir| usize::from(seg(d) == Border::Dark);
    let (x0, y0, x1, y1) = (r.x, r.y, r.x + r.width - 1, r.y + r.height - 1);
    for x in x0 + 1..x1 {
        buf.set_string(x, y0, lines.h[heavy(Dir::N)], style_of(Dir::N));
        buf.set_string(x, y1, lines.h[heavy(Dir::S)], style_of(Dir::S));
    }
    for y in y0 + 1..y1 {
        buf.set_string(x0, y, lines.v[heavy(Dir::W)], style_of(Dir::W));
        buf.set_string(x1, y, lines.v[heavy(Dir::E)], style_of(Dir::E));
    }
    buf.set_string(x0, y0, lines.corner[heavy(Dir::NW)][0], style_of(Dir::NW));
    buf.set_string(x1, y0, lines.corner[heavy(Dir::NE)][1], style_of(Dir::NE));
    buf.set_string(x0, y1, lines.corner[heavy(Dir::SW)][2], style_of(Dir::SW));
    buf.set_string(x1, y1, lines.corner[heavy(Dir::SE)][3], style_of(Dir::SE));
    let title = format!(" {pos} ");
    put(
        buf,
        x0 + 1,
        y0,
        &title,
        r.width.saturating_sub(2),
        if selected {
            t.style(Role::Cursor)
        } else {
            t.style(Role::Dim)
        },
    );
    // PDF arrows on this card's edge toward the cards it fires at.
    for link in &g.state().fires {
        if link.from != pos || link.target == pos {
            continue;
        }
        let Some(d) = pos.line_dir(link.target) else {
            continue;
        };
        let arrow = arrow_for(d, t.ascii);
        let (ax, ay) = match d {
            Dir::N => (x0 + r.width / 2, y0),
            Dir::S => (x0 + r.width / 2, y1),
            Dir::E => (x1, y0 + r.height / 2),
            Dir::W => (x0, y0 + r.height / 2),
            Dir::NE => (x1, y0),
            Dir::NW => (x0, y0),
            Dir::SE => (x1, y1),
            Dir::SW => (x0, y1),
        };
        let role = if link.side == Side::Us {
            Role::Us
        } else {
            Role::Enemy
        };
        buf.set_string(ax, ay, arrow, t.style(role));
    }
    let inner_w = r.width.saturating_sub(2);
    let mut y = y0 + 1;
    let last = y1;
    let line = |buf: &mut Buffer, y: &mut u16, s: &str, st: Style| {
        if *y < last {
            put(buf, x0 + 1, *y, s, inner_w, st);
            *y += 1;
        }
    };
    let s = g.state();
    match (card, top) {
        (None, _) => {
            line(buf, &mut y, "Staging Area", t.style(Role::Dim));
        }
        (Some(_), None) => {
            for yy in y0 + 1..y1 {
                let fill: String = lines.shade.repeat(inner_w as usize);
                put(buf, x0 + 1, yy, &fill, inner_w, t.style(Role::FaceDown));
            }
            put(
                buf,
                x0 + 1,
                y0 + 1,
                "face down",
                inner_w,
                t.style(Role::Dim),
            );
            y = y0 + 2;
        }
        (Some(mc), Some(tc)) => {
            let level = g.level(pos);
            let hills = mc.stack.len().saturating_sub(1);
            let mut l1 = tc.terrain.label().to_string();
            if level != 1 {
                l1.push_str(&format!(" lv{level}"));
            }
            if hills > 0 {
                l1.push_str(&format!(" h{hills}"));
            }
            line(buf, &mut y, &l1, t.style(Role::Title));
            let cv = match tc.cover {
                CoverValue::None => "C-".to_string(),
                CoverValue::Single(v) => format!("C{v}"),
                CoverValue::Split { dark, light } => format!("C{dark}/{light}"),
            };
            let mut l2 = format!("{cv} m{}/{}", mc.covers.len(), tc.cover_markers);
            if tc.burst != 0 {
                l2.push_str(&format!(" b{:+}", tc.burst));
            }
            l2.push_str(match tc.traffic {
                Traffic::Go => "",
                Traffic::Slow => " slow",
                Traffic::No => " noV",
            });
            if let Relief::MultiStory = tc.relief {
                l2.push_str(" ms");
            }
            line(buf, &mut y, &l2, t.style(Role::Text));
        }
    }
    let marks = markers(g, pos, card);
    if !marks.is_empty() {
        // Wrap markers over as many lines as they need, leaving room for
        // at least one counter.
        let mut cur = String::new();
        for m in marks {
            if !cur.is_empty() && cur.chars().count() + 1 + m.chars().count() > inner_w as usize {
                line(buf, &mut y, &cur, t.style(Role::Marker));
                cur.clear();
            }
            if !cur.is_empty() {
                cur.push(' ');
            }
            cur.push_str(&m);
        }
        if !cur.is_empty() {
            line(buf, &mut y, &cur, t.style(Role::Marker));
        }
    }
    let units: Vec<&Unit> = {
        let mut v: Vec<&Unit> = s.units_at(pos).filter(|u| u.side == Side::Us).collect();
        v.extend(s.units_at(pos).filter(|u| u.side != Side::Us));
        v
    };
    let sel = if selected { app.selected_unit() } else { None };
    let room = last.saturating_sub(y) as usize;
    for (i, u) in units.iter().enumerate() {
        if i + 1 == room && units.len() > room {
            line(
                buf,
                &mut y,
                &format!("+{} more", units.len() - i),
                t.style(Role::Dim),
            );
            break;
        }
        let text = counter(g, u, inner_w as usize);
        let mut st = t.style(if u.side == Side::Us {
            Role::Us
        } else {
            Role::Enemy
        });
        if Some(u.id) == sel {
            st = st.patch(t.style(Role::Selected));
        }
        line(buf, &mut y, &text, st);
    }
}

fn arrow_for(d: Dir, ascii: bool) -> &'static str {
    if ascii {
        return match d {
            Dir::N => "^",
            Dir::S => "v",
            Dir::E => ">",
            Dir::W => "<",
            Dir::NE | Dir::SW => "/",
            Dir::NW | Dir::SE => "\\",
        };
    }
    match d {
        Dir::N => "↑",
        Dir::S => "↓",
        Dir::E => "→",
        Dir::W => "←",
        Dir::NE => "↗",
        Dir::NW => "↖",
        Dir::SE => "↘",
        Dir::SW => "↙",
    }
}

/// A counter in one line: name, steps, experience, status flags.
fn counter(g: &Game, u: &Unit, width: usize) -> String {
    let mut tail = format!(" {}{}", u.steps, exp_letter(u.experience));
    if u.side != Side::Us && !u.spotted {
        tail.push('?');
    }
    let fl = labels::flags(u);
    if !fl.is_empty() {
        tail.push(' ');
        tail.push_str(&fl);
    }
    let _ = g;
    let room = width.saturating_sub(tail.chars().count());
    let name: String = u.label.chars().take(room).collect();
    format!("{name}{tail}")
}

/// The markers on a card, shortest names (the help screen has the key).
fn markers(g: &Game, pos: CardPos, card: Option<&MapCard>) -> Vec<String> {
    let s = g.state();
    let mut v = Vec::new();
    if let Some(c) = card {
        let m = &c.markers;
        if let Some(pc) = m.pc {
            v.push(if pc.hidden {
                "PC:?".to_string()
            } else {
                format!("PC:{:?}", pc.letter)
            });
        }
        if let Some(vof) = crate::engine::combat::fire::card_vof(g, pos) {
            v.push(
                match vof {
                    crate::engine::combat::fire::VofLevel::AllPinned => "V:pin",
                    crate::engine::combat::fire::VofLevel::SmallArms => "V:S",
                    crate::engine::combat::fire::VofLevel::Automatic => "V:A",
                    crate::engine::combat::fire::VofLevel::Heavy => "V:H",
                    crate::engine::combat::fire::VofLevel::Sniper => "V:snp",
                    crate::engine::combat::fire::VofLevel::Incoming => "V:Inc",
                }
                .into(),
            );
        }
        if crate::engine::combat::resolution::crossfire(g, pos) {
            v.push("XFire".into());
        }
        if m.incoming {
            v.push(if m.air_strike {
                "Air!".into()
            } else {
                "Inc!".into()
            });
        }
        if m.pending_fire {
            v.push("Pend".into());
        }
        match m.smoke {
            Some(SmokeKind::Smoke) => v.push("Smoke".into()),
            Some(SmokeKind::Wp) => v.push("WP".into()),
            Some(SmokeKind::Cs) => v.push("CS".into()),
            None => {}
        }
        if m.illumination.is_some() {
            v.push("Illum".into());
        }
        if m.mines {
            v.push("Mines".into());
        }
        if m.claymore {
            v.push("Clay".into());
        }
        if m.grenade_miss {
            v.push("GrMiss".into());
        }
        if m.demo_miss {
            v.push("DmMiss".into());
        }
        if !m.demo_on.is_empty() {
            v.push("Demo".into());
        }
        if !m.flame_on.is_empty() {
            v.push("Flame".into());
        }
        if !m.items.is_empty() {
            v.push(format!("Items{}", m.items.len()));
        }
        match m.phone_line {
            Some(true) => v.push("Line-cut".into()),
            Some(false) => v.push("Line".into()),
            None => {}
        }
        for p in &m.signals {
            v.push(format!("{p:?}"));
        }
    }
    let ctl = &s.map.controls;
    for (k, p) in &ctl.points {
        if *p == pos {
            v.push(match k {
                PointControl::PrimaryObjective => "OBJ1".into(),
                PointControl::SecondaryObjective => "OBJ2".into(),
                PointControl::AttackPosition => "AtkPos".into(),
                PointControl::CombatOutpost => "COP".into(),
                PointControl::RoutePoint(n) => format!("RP{n}"),
                PointControl::CasualtyPoint => "CCP".into(),
                PointControl::FinalProtectiveFire => "FPF".into(),
            });
        }
    }
    if !pos.is_staging() {
        if ctl.loa == Some(pos.row) {
            v.push("LOA".into());
        }
        if ctl.phase_lines.contains(&pos.row) {
            v.push("PL".into());
        }
        if ctl.mlr == Some(pos.row) {
            v.push("MLR".into());
        }
        if ctl.boundaries && (pos.col == 1 || pos.col == s.map.cols) {
            v.push("Bdry".into());
        }
    }
    v
}

// ---- the Command Display -----------------------------------------------------

fn command_display_height<D: Driver>(app: &App<D>) -> u16 {
    9 + app.game().state().hqs.len() as u16
}

fn command_display<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect) {
    let g = app.game();
    let s = g.state();
    let t = &app.theme;
    let p = g.prompt();
    // While a turn is walked through, the step whose work is shown (the
    // state has already moved on to the next).
    let (turn, step) = app.shown_turn_step();
    let mut lines = vec![
        Line::from(vec![
            Span::styled(
                format!("Turn {} of {}", turn, g.mission().turns),
                t.style(Role::Title),
            ),
            Span::raw(format!("  Activity: {}", s.activity.label())),
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
            hq,
            left,
            spent,
            available,
        } => Line::raw(format!(
            "{}: {left} left ({spent}/{available} spent)",
            hq.map(|h| g.describe(h))
                .unwrap_or_else(|| "General Initiative".into())
        )),
        Decision::ChooseHq { .. } => {
            Line::styled("Choose whose impulse comes next", t.style(Role::Warn))
        }
        Decision::MissionOver => Line::styled("The mission is over", t.style(Role::Warn)),
    });
    let vis = visibility(g)
        .map(|v| format!("{:+} {}", v.modifier, v.name))
        .unwrap_or_default();
    lines.push(Line::raw(format!("Visibility {vis}")));
    let pile = s.deck.pile().len();
    lines.push(Line::styled(
        format!(
            "Deck: {pile} left, {} read, {} reshuffle(s)",
            s.deck.discard().len(),
            s.deck.reshuffles()
        ),
        t.style(Role::Dim),
    ));
    lines.push(Line::styled("HQ          saved  state", t.style(Role::Dim)));
    let current = s.impulse.as_ref().and_then(|i| i.hq);
    for h in &s.hqs {
        let Some(u) = s.get(h.unit) else { continue };
        if !u.in_play() {
            continue;
        }
        let state = if current == Some(h.unit) {
            "spending"
        } else if h.done {
            "done"
        } else if h.activated {
            "activated"
        } else {
            "waiting"
        };
        let skills: Vec<String> = s
            .skills
            .iter()
            .filter(|(x, _)| *x == h.unit)
            .map(|(_, k)| format!("{k:?}"))
            .collect();
        let name: String = u.label.chars().take(12).collect();
        let mut text = format!("{name:<12} {:>3}   {state}", h.saved);
        if !skills.is_empty() {
            text.push_str(&format!(" [{}]", skills.join(",")));
        }
        let role = if current == Some(h.unit) {
            Role::Highlight
        } else if h.done {
            Role::Dim
        } else {
            Role::Text
        };
        lines.push(Line::styled(text, t.style(role)));
    }
    f.render_widget(
        Paragraph::new(lines).block(t.block().title(" Command Display ")),
        area,
    );
}

// ---- the card panel ------------------------------------------------------------

fn card_panel<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect) {
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
                "{}, level {}{}",
                tc.terrain.label(),
                g.level(pos),
                if mc.stack.len() > 1 {
                    format!(", on {} hill card(s)", mc.stack.len() - 1)
                } else {
                    String::new()
                }
            )));
            lines.push(Line::raw(match tc.cover {
                CoverValue::None => "Cover & concealment: none".to_string(),
                CoverValue::Single(v) => format!("Cover & concealment: {v}"),
                CoverValue::Split { dark, light } => {
                    format!("Cover & concealment: {dark} across dark borders, {light} otherwise")
                }
            }));
            let found: Vec<String> = mc
                .covers
                .iter()
                .map(|c| labels::words(&format!("{:?}", c.kind)))
                .collect();
            lines.push(Line::raw(format!(
                "Cover markers: {} of {} found{}; seek with {} card(s)",
                mc.covers.len(),
                tc.cover_markers,
                if found.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", found.join(", "))
                },
                tc.seek_draws
            )));
            let dark: Vec<&str> = Dir::ALL
                .iter()
                .filter(|d| tc.borders.get(**d) == Border::Dark)
                .map(|d| d.label())
                .collect();
            lines.push(Line::raw(format!(
                "Dark borders: {}",
                if dark.is_empty() {
                    "none".into()
                } else {
                    dark.join(" ")
                }
            )));
            lines.push(Line::raw(format!(
                "Burst {:+}; vehicles: {}{}{}",
                tc.burst,
                match tc.traffic {
                    Traffic::Go => "go",
                    Traffic::Slow => "slow",
                    Traffic::No => "no go",
                },
                if tc.lz { "; landing zone" } else { "" },
                if tc.urban { "; urban cover" } else { "" }
            )));
            if let Some(sp) = &tc.special {
                lines.push(Line::styled(sp.clone(), t.style(Role::Marker)));
            }
        }
    }
    let marks = markers(g, pos, card);
    if !marks.is_empty() {
        lines.push(Line::styled(
            format!("Markers: {}", marks.join(" ")),
            t.style(Role::Marker),
        ));
    }
    let sel = app.selected_unit();
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
            .map(|r| {
                format!(
                    "{:?}/{:?}{}",
                    r.vof,
                    r.range,
                    if r.grenade { " G!" } else { "" }
                )
            })
            .unwrap_or_else(|| "no fire".into());
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
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(t.block().title(format!(" {pos} "))),
        area,
    );
}

// ---- the log -----------------------------------------------------------------------

fn log_view<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect) {
    let t = &app.theme;
    let events = app.log_events();
    let inner_h = area.height.saturating_sub(2) as usize;
    let end = events.len().saturating_sub(app.log_back);
    let start = end.saturating_sub(inner_h);
    let g = app.game();
    let lines: Vec<Line> = events[start..end]
        .iter()
        .map(|e| {
            let side = super::app::event_side(g, e);
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
            Line::from(spans)
        })
        .collect();
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

fn help_bar<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect) {
    let k = |c: Command| app.keys.key(c);
    let items: Vec<(String, &str)> = match (&app.overlay, &app.screen) {
        (Overlay::Menu(_), _) => vec![
            (format!("{}/{}", k(Command::Up), k(Command::Down)), "choose"),
            (k(Command::Confirm), "give the order"),
            (k(Command::Back), "back"),
            (k(Command::Help), "help"),
        ],
        (Overlay::Cards(_), _) => vec![
            (k(Command::Confirm), "next card"),
            (k(Command::Left), "previous"),
            (k(Command::Back), "close"),
        ],
        (Overlay::Help(_), _) | (Overlay::Quit, _) => vec![(k(Command::Back), "back")],
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
            (k(Command::LogUp), "log back"),
            (k(Command::Quit), "quit"),
        ],
        _ => {
            let mut v = vec![
                (app.theme.sym("←↑↓→", "arrows").to_string(), "card"),
                (k(Command::NextUnit), "unit"),
                (k(Command::Confirm), "orders"),
                (k(Command::AllOrders), "all inputs"),
                (k(Command::EndImpulse), "end impulse"),
                (k(Command::Undo), "undo"),
                (k(Command::Cards), "cards"),
                (k(Command::LogFilter), "log filter"),
                (k(Command::Help), "help"),
                (k(Command::Quit), "quit"),
            ];
            if matches!(app.game().prompt().decision, Decision::ChooseHq { .. }) {
                v[2].1 = "choose HQ";
            }
            v
        }
    };
    let t = &app.theme;
    let mut spans = Vec::new();
    for (key, what) in items {
        spans.push(Span::styled(key, t.style(Role::Highlight)));
        spans.push(Span::raw(format!(" {what}  ")));
    }
    f.render_widget(Paragraph::new(Line::from(spans)), area);
}

// ---- overlays ------------------------------------------------------------------------

fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

fn overlay<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect) {
    match &app.overlay {
        Overlay::None => {}
        Overlay::Quit => {
            let r = centered(area, 50, 6);
            f.render_widget(Clear, r);
            f.render_widget(
                Paragraph::new(vec![
                    Line::raw("Quit fof?"),
                    Line::raw("The game is saved after every input."),
                    Line::styled(
                        format!(
                            "y or {}: quit   n or {}: stay",
                            app.keys.key(Command::Confirm),
                            app.keys.key(Command::Back)
                        ),
                        app.theme.style(Role::Dim),
                    ),
                ])
                .block(app.theme.block().title(" Quit ")),
                r,
            );
        }
        Overlay::Help(scroll) => help(f, app, area, *scroll),
        Overlay::Menu(menu) => {
            let w = area.width.saturating_sub(8).min(120);
            // Learn mode explains the order under the cursor.
            let explain = if app.learn {
                menu.entries.get(menu.selected).map(|e| {
                    let l = &app.explanations;
                    let entry = match &e.input {
                        crate::engine::kernel::input::Input::Order(o) => l.action(&o.action),
                        crate::engine::kernel::input::Input::Skilled { order, .. } => {
                            l.action(&order.action)
                        }
                        crate::engine::kernel::input::Input::EndImpulse => {
                            l.event_key(crate::learn::EventKey::ImpulseEnds)
                        }
                        _ => l.step(app.game().state().step),
                    };
                    format!("{} ({}): {}", entry.title, entry.rule, entry.text)
                })
            } else {
                None
            };
            let extra = if explain.is_some() { 6 } else { 0 };
            let h = (menu.entries.len() as u16 + 4 + extra).min(area.height.saturating_sub(4));
            let r = centered(area, w, h);
            f.render_widget(Clear, r);
            let inner = h.saturating_sub(3 + extra) as usize;
            let first = menu.selected.saturating_sub(inner.saturating_sub(1));
            let t = &app.theme;
            let mut lines = vec![Line::styled(
                format!(
                    "{:<4} {:<5} {:>6}  {:<9} {}",
                    "cost",
                    "cards",
                    "chance",
                    "rule",
                    "order (chance: from the cards still in the deck)"
                ),
                t.style(Role::Dim),
            )];
            for (i, e) in menu.entries.iter().enumerate().skip(first).take(inner) {
                let (cards, chance, needed) = match &e.odds {
                    Some(o) => (
                        o.cards.to_string(),
                        o.chance.clone(),
                        format!(", for {}", o.needed),
                    ),
                    None => (String::new(), String::new(), String::new()),
                };
                let text = format!(
                    "{:<4} {:<5} {:>6}  {:<9} {}{needed}",
                    e.cost, cards, chance, e.rule, e.label
                );
                let st = if i == menu.selected {
                    t.style(Role::Selected)
                } else {
                    t.style(Role::Text)
                };
                let y = r.y + 2 + (i - first) as u16;
                app.hits
                    .borrow_mut()
                    .menu
                    .push((Rect::new(r.x + 1, y, r.width.saturating_sub(2), 1), i));
                lines.push(Line::styled(text, st));
            }
            f.render_widget(
                Paragraph::new(lines).block(t.block().title(format!(
                    " {} ({} of {}) ",
                    menu.title,
                    menu.selected + 1,
                    menu.entries.len()
                ))),
                r,
            );
            if let Some(text) = explain {
                let er = Rect::new(
                    r.x + 1,
                    r.y + r.height.saturating_sub(extra + 1),
                    r.width.saturating_sub(2),
                    extra,
                );
                f.render_widget(Clear, er);
                f.render_widget(
                    Paragraph::new(text)
                        .wrap(Wrap { trim: false })
                        .style(app.theme.style(Role::Dim))
                        .block(
                            Block::default()
                                .borders(ratatui::widgets::Borders::TOP)
                                .title(" Learn "),
                        ),
                    er,
                );
            }
        }
        Overlay::Cards(i) => cards(f, app, area, *i),
    }
}

fn help<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect, scroll: u16) {
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
    lines.push(Line::raw("Mouse: click a card to select it (again: the next unit), click a menu entry twice to give it; right click opens the orders; the wheel scrolls the log or the menu."));
    lines.push(Line::raw(""));
    lines.push(Line::styled("How a turn goes", t.style(Role::Title)));
    for l in [
        "The program runs every step the rules run by themselves (events, enemy activity, combat, clean up) and stops only when you must decide.",
        "In the command phase each HQ in turn draws commands (4.1); choose whose impulse comes next when asked, then spend its commands on orders from the menus. Every order in a menu is legal now; its cost, the cards its attempt draws and its chance from the cards still in the deck are shown beside it.",
        "End the impulse to save what the rules let you save (4.1.3). Inputs that drew no card can be taken back within the impulse.",
    ] {
        lines.push(Line::raw(l));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled("On a card", t.style(Role::Title)));
    for l in [
        "Top border: the position (R = row away from you, C = column; SA = staging area). Heavy lines are dark border segments (block sight), thin lines light ones; arrows on an edge are PDFs (fire toward that card).",
        "Line 1: terrain, lvN its level when not 1, hN hill cards beneath. Line 2: C cover & concealment (dark/light when split), mN/M cover markers found of the card's potential, b burst modifier, slow/noV vehicle trafficability, ms multi-story.",
        "Markers: PC:? or PC:A/B/C potential contact; V:S/A/H/snp/Inc/pin the VOF on the card; XFire crossfire; Inc!/Air! incoming; Pend pending fire mission; Smoke WP CS; Illum; Mines; Clay claymore; GrMiss DmMiss misses; Demo Flame attacks; ItemsN things lying there; Line phone line; OBJ1 OBJ2 AtkPos COP RPn CCP FPF LOA PL MLR Bdry control measures.",
        "Counters: name, steps, experience (G Green, L Line, V Veteran; ? not spotted) and status: P pinned, E exposed, F fire-team side, C under cover, * concentrated fire, g grenade attack.",
    ] {
        lines.push(Line::raw(l));
    }
    let r = centered(
        area,
        area.width.saturating_sub(4).min(120),
        area.height.saturating_sub(2),
    );
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0))
            .block(
                t.block()
                    .title(format!(" Help: {} closes ", app.keys.key(Command::Back))),
            ),
        r,
    );
}

fn cards<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect, i: usize) {
    let Some(shown) = app.shown.get(i) else {
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
                shown.read.purpose
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
                v.iter()
                    .map(|l| format!("{l:?}"))
                    .collect::<Vec<_>>()
                    .join("")
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
                " Drawn: {} next, {} close ",
                app.keys.key(Command::Confirm),
                app.keys.key(Command::Back)
            ))),
        r,
    );
}

fn result<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect) {
    let g = app.game();
    let s = g.state();
    let t = &app.theme;
    let mut lines = vec![match &s.outcome {
        Some(crate::engine::kernel::state::Outcome::Success) => {
            Line::styled("Mission accomplished", t.style(Role::Good))
        }
        Some(crate::engine::kernel::state::Outcome::Failure(why)) => {
            Line::styled(format!("Mission failed: {why}"), t.style(Role::Bad))
        }
        None => Line::raw("The mission is over"),
    }];
    lines.push(Line::raw(format!(
        "{}: turn {} of {}",
        g.mission().name,
        s.turn,
        g.mission().turns
    )));
    let cas = crate::play::sim::casualties(g);
    lines.push(Line::raw(format!(
        "Casualties: {} of the company's steps, {} of the enemy's",
        cas.friendly, cas.enemy
    )));
    if let Some(tally) = &s.tally {
        lines.push(Line::styled(
            "Experience earned (10.3.1)",
            t.style(Role::Title),
        ));
        for (task, n, pts) in &tally.lines {
            lines.push(Line::raw(format!(
                "  {} x{n}: {pts}",
                labels::words(&format!("{task:?}"))
            )));
        }
        lines.push(Line::raw(format!("  Total: {}", tally.total)));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        format!(
            "{}: carry on   {}: the log   {}: quit",
            app.keys.key(Command::Confirm),
            app.keys.key(Command::LogUp),
            app.keys.key(Command::Quit)
        ),
        t.style(Role::Dim),
    ));
    let h = (lines.len() as u16 + 2).min(area.height);
    let r = centered(area, 70, h);
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(t.block().title(" Mission result ")),
        r,
    );
}

// ---- learn mode and the replay viewer ---------------------------------------------

fn learn_panel<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect) {
    let Some(w) = &app.walk else {
        return;
    };
    let g = app.game();
    let t = &app.theme;
    let mut lines: Vec<Line> = Vec::new();
    let title;
    if w.waiting() && app.viewer.is_none() {
        let (head, text) = super::learn::decision(&app.explanations, g);
        title = head;
        for l in text.lines() {
            lines.push(Line::raw(l.to_string()));
        }
    } else {
        let stop = w.stop();
        let events = w.stop_events();
        let groups = super::learn::groups(events, &stop.kind);
        let i = app.sub.min(groups.len() - 1);
        let group = &events[groups[i].clone()];
        let entry = super::learn::explain(&app.explanations, g, &stop.kind, group);
        title = format!("{} ({})", entry.title, entry.rule);
        lines.push(Line::raw(entry.text.clone()));
        let (turn, step) = app.shown_turn_step();
        lines.push(Line::styled(
            format!(
                "In this game (turn {}, {}; stop {} of {}{}):",
                turn,
                step.name(),
                w.pos + 1,
                w.stops.len(),
                if groups.len() > 1 {
                    format!(", part {} of {}", i + 1, groups.len())
                } else {
                    String::new()
                }
            ),
            t.style(Role::Title),
        ));
        if let super::step::StopKind::Input(input) = &stop.kind {
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
    } else {
        format!(
            " {} next  {} to your decision  {} end of turn  {} leave learn mode ",
            k(Command::Confirm),
            k(Command::NextDecision),
            k(Command::NextTurn),
            k(Command::ToggleLearn)
        )
    };
    f.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(
            t.block()
                .title(format!(" Learn: {title} "))
                .title_bottom(Line::styled(keys, t.style(Role::Dim))),
        ),
        area,
    );
}
