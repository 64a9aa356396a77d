//! The map: the terrain cards as the screen draws them, with their borders,
//! levels, counters and markers, and the fire arrows on their edges.

use super::legend::{self, Code};
use super::put;
use crate::data::terrain::{Border, CoverValue, Dir, Relief, Traffic};
use crate::data::units::Side;
use crate::engine::kernel::game::Game;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::state::{MapCard, SmokeKind, Unit};
use crate::ui::app::{App, Driver};
use crate::ui::labels;
use crate::ui::theme::Role;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// The narrowest and widest card box, in columns.
pub(super) const CARD_W: (u16, u16) = (16, 34);
/// The shortest and tallest card box, in rows: taller cards list more
/// counters.
pub(super) const CARD_H: (u16, u16) = (7, 14);

/// A card box's size for the area and the grid.
pub(super) fn card_size(area: Rect, cols: u16, rows: u16) -> (u16, u16) {
    let w = (area.width / cols.max(1)).clamp(CARD_W.0, CARD_W.1);
    let h = (area.height / rows.max(1)).clamp(CARD_H.0, CARD_H.1);
    (w, h)
}

pub(super) fn map<D: Driver>(buf: &mut Buffer, app: &App<D>, area: Rect) {
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
    let mut drawn = Vec::new();
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
            drawn.push(pos);
        }
    }
    if app.fire_lines {
        // Where any card would be, on the screen or off it: lines to a
        // card scrolled out of view run to the map's edge.
        let origin = |p: CardPos| {
            (
                i32::from(area.x) + (i32::from(p.col - c0) - i32::from(first_c)) * i32::from(cw),
                i32::from(area.y) + (i32::from(r1 - p.row) - i32::from(first_r)) * i32::from(ch),
            )
        };
        app.hits.borrow_mut().fire =
            super::fire::draw(buf, g, &app.theme, area, &origin, &drawn, cw, ch);
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

pub(super) fn draw_card<D: Driver>(
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
                    .filter_map(|n| deck.and_then(|d| d.card(*n)))
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
    // The selected card's position in brackets: the cursor's twin of
    // its colour.
    let title = if selected {
        format!("[{pos}]")
    } else {
        format!(" {pos} ")
    };
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
    for link in crate::engine::combat::fire::pdfs(g) {
        if link.from != pos {
            continue;
        }
        let Some(d) = pos.line_dir(link.target) else {
            continue;
        };
        let arrow = legend::arrow(d, t.ascii);
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
            let (l1, l2) = terrain_lines(g, pos, mc, tc);
            line(buf, &mut y, &l1, t.style(Role::Title));
            line(buf, &mut y, &l2, t.style(Role::Text));
        }
    }
    let units: Vec<&Unit> = {
        let mut v: Vec<&Unit> = s.units_at(pos).filter(|u| u.side == Side::Us).collect();
        v.extend(s.units_at(pos).filter(|u| u.side != Side::Us));
        v
    };
    // Vehicles first, both sides (7.0): they are what a glance looks for.
    // An aircraft off the map is on station in the air, not in a staging
    // area (7.1.2).
    let vehicles: Vec<_> = s
        .vehicles
        .iter()
        .filter(|v| v.in_play() && v.pos == pos && !v.aloft_off_map())
        .collect();
    let total = vehicles.len() + units.len();
    let marks = markers(g, pos, card);
    if !marks.is_empty() {
        // Wrap markers over as many lines as they need, leaving the last
        // line for the counters if there are any (at least their "+N
        // more").
        let stop = if total > 0 {
            last.saturating_sub(1)
        } else {
            last
        };
        let mut cur = String::new();
        for m in marks {
            if !cur.is_empty() && cur.chars().count() + 1 + m.chars().count() > inner_w as usize {
                if y < stop {
                    line(buf, &mut y, &cur, t.style(Role::Marker));
                }
                cur.clear();
            }
            if !cur.is_empty() {
                cur.push(' ');
            }
            cur.push_str(&m);
        }
        if !cur.is_empty() && y < stop {
            line(buf, &mut y, &cur, t.style(Role::Marker));
        }
    }
    let sel = if selected { app.selected_unit() } else { None };
    // What does not fit is counted on the last line: vehicles and units
    // alike, so that no counter on the card goes unmentioned.
    let room = last.saturating_sub(y) as usize;
    let shown = if total > room {
        room.saturating_sub(1)
    } else {
        total
    };
    for v in vehicles.iter().take(shown) {
        let st = t.style(if v.side == Side::Us {
            Role::Us
        } else {
            Role::Enemy
        });
        let load = crate::engine::vehicles::transport::load(g, v.id);
        line(buf, &mut y, &vehicle_line(v, load, inner_w as usize, t), st);
    }
    for u in units.iter().take(shown.saturating_sub(vehicles.len())) {
        let text = counter(u, inner_w as usize, t);
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
    if shown < total {
        line(
            buf,
            &mut y,
            &Code::More.with(total - shown),
            t.style(Role::Dim),
        );
    }
}

/// A vehicle in one line: its name and markers (7.2, 7.7 A 4).
pub(super) fn vehicle_line(
    v: &crate::engine::kernel::vehicle::Vehicle,
    load: u8,
    width: usize,
    t: &crate::ui::theme::Theme,
) -> String {
    let mut tail = String::new();
    if load > 0 {
        tail.push(' ');
        tail.push_str(&Code::VehicleLoad.with(load));
    }
    for (on, c) in [
        (v.activated && !v.done, Code::VehicleActivated),
        (v.done, Code::VehicleDone),
        (v.pinned, Code::Pinned),
    ] {
        if on {
            tail.push(' ');
            tail.push_str(c.text());
        }
    }
    let room = width.saturating_sub(tail.chars().count());
    let name = format!("[{}]", fit_name(&v.label, room.saturating_sub(2), t));
    format!("{name}{tail}")
}

/// A counter in one line: name, steps, experience, status flags.
pub(super) fn counter(u: &Unit, width: usize, t: &crate::ui::theme::Theme) -> String {
    let mut tail = format!(" {}{}", u.steps, Code::experience(u.experience).text());
    if u.side != Side::Us && !u.spotted {
        tail.push_str(Code::NotSpotted.text());
    }
    let fl = labels::flags(u);
    if !fl.is_empty() {
        tail.push(' ');
        tail.push_str(&fl);
    }
    let room = width.saturating_sub(tail.chars().count());
    format!("{}{tail}", fit_name(&u.label, room, t))
}

/// A unit's name in `room` characters. A name too long loses letters
/// from the middle, never the number that tells it apart: "Gren Sqd #22"
/// in 8 is "Gren…#22" (cut at its end it read "Gren Sqd #2", another
/// squad). Without a number after its first word, it is cut at its end,
/// marked with "…" ("~" in ASCII).
pub fn fit_name(name: &str, room: usize, t: &crate::ui::theme::Theme) -> String {
    let ell = t.sym("…", "~");
    let len = name.chars().count();
    if len <= room {
        return name.to_string();
    }
    if room <= 1 {
        return name.chars().take(room).collect();
    }
    // The last word with a digit, when a word comes before it.
    let words: Vec<(usize, &str)> = name
        .split(' ')
        .scan(0, |at, w| {
            let start = *at;
            *at += w.len() + 1;
            Some((start, w))
        })
        .collect();
    if let Some(&(start, _)) = words
        .iter()
        .skip(1)
        .rev()
        .find(|(_, w)| w.chars().any(|c| c.is_ascii_digit()))
    {
        let suffix = &name[start..];
        if suffix.chars().count() < room {
            let keep = room - suffix.chars().count() - 1;
            let head: String = name[..start].chars().take(keep).collect();
            return format!("{}{ell}{suffix}", head.trim_end());
        }
    }
    let head: String = name.chars().take(room - 1).collect();
    format!("{}{ell}", head.trim_end())
}

/// The markers on a card, shortest names (the help screen has the key).
pub(super) fn markers(g: &Game, pos: CardPos, card: Option<&MapCard>) -> Vec<String> {
    let s = g.state();
    let mut v = Vec::new();
    if let Some(c) = card {
        let m = &c.markers;
        if let Some(pc) = m.pc {
            v.push(Code::pc((!pc.hidden).then_some(pc.letter)).text().into());
        }
        if let Some(vof) = crate::engine::combat::fire::card_vof(g, pos) {
            v.push(Code::vof(vof).text().into());
        }
        let mut code = |on: bool, c: Code| {
            if on {
                v.push(c.text().to_string());
            }
        };
        code(
            crate::engine::combat::resolution::crossfire(g, pos),
            Code::Crossfire,
        );
        code(m.incoming && m.air_strike, Code::AirStrike);
        code(m.incoming && !m.air_strike, Code::Incoming);
        code(m.pending_fire, Code::Pending);
        let mut smokes: Vec<SmokeKind> = m.smokes().collect();
        smokes.dedup();
        for s in smokes {
            v.push(Code::smoke(s).text().into());
        }
        let mut code = |on: bool, c: Code| {
            if on {
                v.push(c.text().to_string());
            }
        };
        code(m.illumination.is_some(), Code::Illumination);
        code(m.mines, Code::Mines);
        code(m.claymore, Code::Claymore);
        code(m.grenade_miss, Code::GrenadeMiss);
        code(m.demo_miss, Code::DemoMiss);
        code(!m.demo_on.is_empty(), Code::Demo);
        code(!m.flame_on.is_empty(), Code::Flame);
        if !m.items.is_empty() {
            v.push(Code::Items.with(m.items.len()));
        }
        let mut code = |on: bool, c: Code| {
            if on {
                v.push(c.text().to_string());
            }
        };
        code(m.phone_line == Some(true), Code::LineCut);
        code(m.phone_line == Some(false), Code::Line);
        for p in &m.signals {
            v.push(p.label().to_string());
        }
    }
    for w in s.wrecks.iter().filter(|w| w.pos == pos) {
        v.push(
            if w.burning {
                Code::BurningWreck
            } else {
                Code::Wreck
            }
            .text()
            .to_string(),
        );
    }
    let ctl = &s.map.controls;
    for (k, p) in &ctl.points {
        if *p == pos {
            v.push(Code::point(*k));
        }
    }
    if !pos.is_staging() {
        let mut code = |on: bool, c: Code| {
            if on {
                v.push(c.text().to_string());
            }
        };
        code(ctl.loa == Some(pos.row), Code::LimitOfAdvance);
        code(ctl.phase_lines.contains(&pos.row), Code::PhaseLine);
        code(ctl.mlr == Some(pos.row), Code::MainLine);
        code(
            ctl.boundaries && (pos.col == 1 || pos.col == s.map.cols),
            Code::Boundary,
        );
    }
    v
}

/// A face-up card's two terrain lines: terrain, level and hills; cover,
/// cover markers, burst, trafficability and multi-story.
pub(super) fn terrain_lines(
    g: &Game,
    pos: CardPos,
    mc: &MapCard,
    tc: &crate::data::terrain::TerrainCard,
) -> (String, String) {
    let level = g.level(pos);
    let hills = mc.stack.len().saturating_sub(1);
    let mut l1 = tc.terrain.label().to_string();
    if level != 1 {
        l1.push(' ');
        l1.push_str(&Code::Level.with(level));
    }
    if hills > 0 {
        l1.push(' ');
        l1.push_str(&Code::Hills.with(hills));
    }
    let mut l2 = match tc.cover {
        CoverValue::None => Code::CoverNone.text().to_string(),
        CoverValue::Single(v) => Code::Cover.with(v),
        CoverValue::Split { dark, light } => Code::CoverSplit.with2(dark, light),
    };
    l2.push(' ');
    // The markers on the card (the enemy's placed with it among them,
    // 9.2.3) and those seeking may still find, as the engine counts them.
    l2.push_str(&Code::CoverMarkers.with2(
        mc.covers.len(),
        crate::engine::movement::actions::cover_potential_left(g, mc.pos),
    ));
    if tc.burst != 0 {
        l2.push(' ');
        l2.push_str(&Code::Burst.with(format!("{:+}", tc.burst)));
    }
    match tc.traffic {
        Traffic::Go => {}
        Traffic::Slow => l2.push_str(&format!(" {}", Code::Slow.text())),
        Traffic::No => l2.push_str(&format!(" {}", Code::NoVehicles.text())),
    }
    if let Relief::MultiStory = tc.relief {
        l2.push_str(&format!(" {}", Code::MultiStory.text()));
    }
    (l1, l2)
}

/// The codes a map card prints, one token each: its markers, and its
/// terrain lines after the terrain's name (a face-down card prints markers
/// only). Every one of them is one the help's key must explain; the test
/// `every_code_a_card_prints_is_in_the_key` holds the two together.
pub fn printed_codes(g: &Game, card: &MapCard) -> Vec<String> {
    let mut tokens = markers(g, card.pos, Some(card));
    if let Some(tc) = g.top_card(card.pos).filter(|_| card.face_up) {
        let (l1, l2) = terrain_lines(g, card.pos, card, tc);
        let rest = l1.strip_prefix(tc.terrain.label()).unwrap_or(&l1);
        tokens.extend(rest.split_whitespace().map(String::from));
        tokens.extend(l2.split_whitespace().map(String::from));
    }
    tokens
}
