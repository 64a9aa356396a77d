//! The map: the terrain cards as the screen draws them, with their borders,
//! levels, counters and markers, and the fire arrows on their edges.

use super::legend::{self, Code, Mark};
use super::put;
use crate::data::terrain::{Border, CoverValue, Dir, Relief, Traffic};
use crate::data::units::Side;
use crate::engine::kernel::game::Game;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::state::{MapCard, SmokeKind, Unit};
use crate::engine::kernel::vehicle::Vehicle;
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

/// The vehicles a card's box shows, both sides: an aircraft off the map
/// is on station in the air, not in a staging area (7.1.2).
fn shown_vehicles(g: &Game, pos: CardPos) -> impl Iterator<Item = &Vehicle> {
    g.state()
        .vehicles
        .iter()
        .filter(move |v| v.in_play() && v.pos == pos && !v.aloft_off_map())
}

/// The rows a card's box needs to show everything on it, borders
/// included: its two lines of terrain (a staging area's name), its
/// markers and every counter, in one column or, with `two` on a box wide
/// enough, in two.
fn card_need(g: &Game, pos: CardPos, inner_w: u16, two: bool) -> u16 {
    let s = g.state();
    let card = s.map.card(pos);
    if card.is_none() && !s.map.is_staging(pos) {
        return 0;
    }
    let counters = s.units_at(pos).count() + shown_vehicles(g, pos).count();
    let lines = if two && inner_w >= TWO_COLUMNS {
        counters.div_ceil(2)
    } else {
        counters
    };
    // A staging area's name or "face down" takes a line.
    let label = usize::from(card.is_none_or(|c| !c.face_up));
    let head = card_head(g, pos, card, inner_w, false).lines();
    (label + head + lines) as u16 + 2
}

/// A card's head (terrain and markers) in codes or in short words.
fn card_head(g: &Game, pos: CardPos, card: Option<&MapCard>, inner_w: u16, words: bool) -> Head {
    let terrain = card
        .filter(|c| c.face_up)
        .and_then(|mc| g.top_card(pos).map(|tc| terrain_marks(g, pos, mc, tc)));
    head(terrain.as_ref(), &markers(g, pos, card), inner_w, words)
}

/// The rows the fullest card of map row `row` needs (row 0: the staging
/// areas), its counters in two columns with `two`.
fn row_need(g: &Game, row: i8, c0: i8, c1: i8, inner_w: u16, two: bool) -> u16 {
    (c0..=c1)
        .map(|c| card_need(g, CardPos::new(row, c), inner_w, two))
        .max()
        .unwrap_or(0)
}

/// The heights of `rows` rows of cards sharing `room` rows of screen,
/// each at least a card's least height: first to the rows that need more
/// to show all they hold (the fullest first, the far rows on a tie),
/// then what is left to every row alike, up to a card's greatest height.
fn row_heights(needs: &[u16], room: u16) -> Vec<u16> {
    let mut h = vec![CARD_H.0; needs.len()];
    let mut left = room.saturating_sub(CARD_H.0 * needs.len() as u16);
    while left > 0 {
        let short = (0..needs.len())
            .filter(|&i| needs[i] > h[i])
            .max_by_key(|&i| (needs[i] - h[i], std::cmp::Reverse(i)));
        let Some(i) = short else { break };
        h[i] += 1;
        left -= 1;
    }
    while left > 0 && h.iter().any(|&x| x < CARD_H.1) {
        for x in h.iter_mut() {
            if left > 0 && *x < CARD_H.1 {
                *x += 1;
                left -= 1;
            }
        }
    }
    h
}

/// The height of the staging areas' strip under the map (2.4.2): as tall
/// as the fullest staging area needs, so that the company waiting there
/// is in view whole, never "+N more" while the map has room: with its
/// counters in one column when that leaves every row of cards its least
/// height, in two when that does; else leaving two rows of cards above it
/// (or one), which scroll.
pub(super) fn staging_height<D: Driver>(app: &App<D>, area: Rect, cw: u16) -> u16 {
    let (_, r1, c0, c1) = app.bounds();
    let rows = r1.max(1) as u16;
    let keep = CARD_H.0 * rows.min(2);
    let g = app.game();
    let inner = cw.saturating_sub(2);
    let need = |two: bool| row_need(g, 0, c0, c1, inner, two).max(3);
    let (one, two) = (need(false), need(true));
    let grid = rows * CARD_H.0;
    if area.height >= grid + one {
        one
    } else if area.height >= grid + two {
        area.height - grid
    } else {
        // Two rows of cards if the strip keeps a card's least height, one
        // else: the company waiting comes before the far rows, which
        // scroll.
        let least = one.min(
            area.height
                .saturating_sub(keep)
                .max(one.min(CARD_H.0))
                .min(area.height.saturating_sub(CARD_H.0))
                .max(3),
        );
        // What whole rows of cards leave goes to the strip, up to its need
        // (at 80x24 four lines stood empty under it while a staging area
        // said "+6 more"); one row of cards in view gives up a line of its
        // least height for the strip to be whole.
        let vis = (area.height.saturating_sub(least) / CARD_H.0).max(1);
        let strip = area
            .height
            .saturating_sub(vis * CARD_H.0)
            .max(least)
            .min(one);
        if vis == 1 && strip < one {
            area.height.saturating_sub(CARD_H.0 - 1).clamp(strip, one)
        } else {
            strip
        }
    }
}

/// The rows the map needs at the least to show one row of cards (a line
/// short of a card's least height, as [`staging_height`] allows) and the
/// staging areas whole, their counters in one column, for an area `width`
/// wide.
pub(super) fn staged_height<D: Driver>(app: &App<D>, width: u16) -> u16 {
    let (_, _, c0, c1) = app.bounds();
    let cols = (c1 - c0 + 1).max(1) as u16;
    let cw = (width / cols).clamp(CARD_W.0, CARD_W.1);
    let strip = row_need(app.game(), 0, c0, c1, cw.saturating_sub(2), false).max(3);
    CARD_H.0 - 1 + strip
}

/// The rows the map needs to show every row of cards at its least height
/// and the staging areas whole (their counters in two columns where the
/// boxes are wide enough), for an area `width` wide.
pub(super) fn need_height<D: Driver>(app: &App<D>, width: u16) -> u16 {
    let (_, r1, c0, c1) = app.bounds();
    let cols = (c1 - c0 + 1).max(1) as u16;
    let cw = (width / cols).clamp(CARD_W.0, CARD_W.1);
    let strip = row_need(app.game(), 0, c0, c1, cw.saturating_sub(2), true).max(3);
    r1.max(1) as u16 * CARD_H.0 + strip
}

pub(super) fn map<D: Driver>(buf: &mut Buffer, app: &App<D>, area: Rect) {
    let (_, r1, c0, c1) = app.bounds();
    // The grid holds the map's rows (1 up to the far row); the staging
    // areas (row 0) are a strip under it, sized by what waits there.
    let rows = r1.max(1) as u16;
    let cols = (c1 - c0 + 1) as u16;
    let cw = (area.width / cols.max(1)).clamp(CARD_W.0, CARD_W.1);
    let strip_h = staging_height(app, area, cw);
    let grid_h = area.height.saturating_sub(strip_h);
    let g = app.game();
    let vis_cols = (area.width / cw).max(1).min(cols);
    // Every row in view when they fit at a card's least height, each as
    // tall as what it holds needs where there is room; else as many rows
    // as fit at that height, scrolled to the cursor.
    let all_fit = grid_h >= rows * CARD_H.0;
    let vis_rows = if all_fit {
        rows
    } else {
        (grid_h / CARD_H.0).clamp(1, rows)
    };
    // Scroll so that the cursor is in view: columns from the left, rows
    // from the top (the highest row); on a staging area, the nearest rows.
    let cur_c = (app.cursor.col - c0) as u16;
    let cur_r = (r1 - app.cursor.row.max(1)) as u16;
    let first_c = cur_c.saturating_sub(vis_cols - 1).min(cols - vis_cols);
    let first_r = cur_r.saturating_sub(vis_rows - 1).min(rows - vis_rows);
    let heights = if all_fit {
        let needs: Vec<u16> = (0..rows)
            .map(|vr| row_need(g, r1 - vr as i8, c0, c1, cw.saturating_sub(2), false))
            .collect();
        row_heights(&needs, grid_h)
    } else {
        // The rows in view share the grid alike (the strip took what whole
        // rows left over, or a line of a single row's least height).
        let n = vis_rows.max(1);
        (0..n)
            .map(|i| grid_h / n + u16::from(i < grid_h % n))
            .collect()
    };
    // Each visible row's top, from the grid's; the staging strip under the
    // last.
    let tops: Vec<u16> = heights
        .iter()
        .scan(area.y, |y, h| {
            let top = *y;
            *y += h;
            Some(top)
        })
        .collect();
    let strip_y = area.y + heights.iter().sum::<u16>();
    // Centre the cards in the area.
    let area = Rect::new(
        area.x + (area.width - vis_cols * cw) / 2,
        area.y,
        vis_cols * cw + (area.width - vis_cols * cw) % 2,
        area.height,
    );
    let mut drawn = Vec::new();
    for vr in 0..=vis_rows {
        for vc in 0..vis_cols {
            // The row under the grid's last is the staging areas'.
            let row = if vr == vis_rows {
                0
            } else {
                r1 - (first_r + vr) as i8
            };
            let col = c0 + (first_c + vc) as i8;
            let pos = CardPos::new(row, col);
            let rect = if row == 0 {
                Rect::new(
                    area.x + vc * cw,
                    strip_y,
                    cw,
                    strip_h.min(area.bottom().saturating_sub(strip_y)),
                )
            } else {
                Rect::new(
                    area.x + vc * cw,
                    tops[vr as usize],
                    cw,
                    heights[vr as usize],
                )
            };
            if rect.height < 3 {
                continue;
            }
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
        // card scrolled out of view run to the map's edge (rows off the
        // screen at a card's least height).
        let origin = |p: CardPos| {
            let x =
                i32::from(area.x) + (i32::from(p.col - c0) - i32::from(first_c)) * i32::from(cw);
            let vr = i32::from(r1 - p.row) - i32::from(first_r);
            let (y, h) = if p.row == 0 {
                (i32::from(strip_y), i32::from(strip_h))
            } else if vr < 0 {
                (
                    i32::from(area.y) + vr * i32::from(CARD_H.0),
                    i32::from(CARD_H.0),
                )
            } else if let Some(&top) = tops.get(vr as usize) {
                (i32::from(top), i32::from(heights[vr as usize]))
            } else {
                let below = vr - tops.len() as i32;
                (
                    i32::from(strip_y) + below * i32::from(CARD_H.0),
                    i32::from(CARD_H.0),
                )
            };
            (x, y, h)
        };
        app.hits.borrow_mut().fire =
            super::fire::draw(buf, g, &app.theme, area, &origin, &drawn, cw);
    }
    // The far edge, the enemy's side (9.2.2, 9.4), on the top row's top
    // border at its right, where no card's name is.
    let t = &app.theme;
    let right = area.x + vis_cols * cw;
    // A label on a border at the right of the last card in view, clear of
    // its name ("R4C3" and its frame): the first of `labels` that fits.
    let on_border = |buf: &mut Buffer, y: u16, labels: &[String]| {
        if let Some(label) = labels.iter().find(|l| cw >= l.chars().count() as u16 + 8) {
            let w = label.chars().count() as u16;
            buf.set_string(right - w - 1, y, label, t.style(Role::Warn));
        }
    };
    if first_r == 0 && vis_cols > 0 {
        let up = t.sym("▲", "^");
        on_border(
            buf,
            area.y,
            &[
                format!(" {up} {} ", Code::FarEdge.text()),
                format!("{up} enemy"),
            ],
        );
    }
    // Rows scrolled out of view, said in words on the frames of the rows
    // in view (at 80x24 a newcomer took the far row, scrolled to, for the
    // row next to the staging areas).
    if vis_rows < rows && vis_cols > 0 {
        let above = first_r;
        let below = rows - first_r - vis_rows;
        let said = |n: u16, sym: &str| {
            let rows = if n == 1 { "row" } else { "rows" };
            [
                format!(" {sym} {n} {rows} "),
                format!("{sym}{n} {rows}"),
                format!("{sym}{n}"),
            ]
        };
        if above > 0 {
            on_border(buf, area.y, &said(above, t.sym("▴", "^")));
        }
        if below > 0 {
            on_border(
                buf,
                strip_y.saturating_sub(1),
                &said(below, t.sym("▾", "v")),
            );
        }
    }
    // Scroll hints.
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
    let units: Vec<&Unit> = {
        let mut v: Vec<&Unit> = s.units_at(pos).filter(|u| u.side == Side::Us).collect();
        v.extend(s.units_at(pos).filter(|u| u.side != Side::Us));
        v
    };
    // Vehicles first, both sides (7.0): they are what a glance looks for.
    let vehicles: Vec<_> = shown_vehicles(g, pos).collect();
    let total = vehicles.len() + units.len();
    // Short words where the box has the room for them and every counter,
    // codes else (the help's key and the card panel say what each means).
    let inner_h = (y1 - y0).saturating_sub(1) as usize;
    let label = usize::from(top.is_none());
    let hd = {
        let words = card_head(g, pos, card, inner_w, true);
        if words.lines() + label + total <= inner_h {
            words
        } else {
            card_head(g, pos, card, inner_w, false)
        }
    };
    match (card, top) {
        (None, _) => {
            // A staging area's box is named SA1, SA2...: in words on its
            // first line when that leaves room for everything in it.
            let marks = hd.markers.len();
            let lines = if inner_w >= TWO_COLUMNS && total + marks + 1 > inner_h {
                total.div_ceil(2)
            } else {
                total
            };
            if inner_h > lines + marks {
                line(buf, &mut y, "Staging Area", t.style(Role::Dim));
            }
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
        (Some(_), Some(_)) => {
            if let Some(title) = &hd.title {
                line(buf, &mut y, title, t.style(Role::Title));
            }
            for l in &hd.terrain {
                line(buf, &mut y, l, t.style(Role::Text));
            }
        }
    }
    // Markers over as many lines as they need, leaving the last line for
    // the counters if there are any (at least their "+N more").
    let stop = if total > 0 {
        last.saturating_sub(1)
    } else {
        last
    };
    for l in &hd.markers {
        if y < stop {
            line(buf, &mut y, l, t.style(Role::Marker));
        }
    }
    let sel = if selected { app.selected_unit() } else { None };
    // The counters in one column, or in two side by side on a wide box
    // too short for one; what does not fit even so is counted in the last
    // cell: vehicles and units alike, so that no counter on the card goes
    // unmentioned.
    let room = last.saturating_sub(y) as usize;
    let columns = if total > room && inner_w >= TWO_COLUMNS {
        2
    } else {
        1
    };
    let col_w = if columns == 2 {
        (inner_w - 1) / 2
    } else {
        inner_w
    };
    let cells = room * columns;
    let shown = if total > cells {
        cells.saturating_sub(1)
    } else {
        total
    };
    let mut texts: Vec<(String, Style)> = Vec::new();
    for v in vehicles.iter() {
        let st = t.style(if v.side == Side::Us {
            Role::Us
        } else {
            Role::Enemy
        });
        let load = crate::engine::vehicles::transport::load(g, v.id);
        texts.push((vehicle_line(v, load, col_w as usize, t), st));
    }
    for u in units.iter() {
        let mut st = t.style(if u.side == Side::Us {
            Role::Us
        } else {
            Role::Enemy
        });
        if Some(u.id) == sel {
            st = st.patch(t.style(Role::Selected));
        }
        texts.push((counter(u, col_w as usize, t), st));
    }
    texts.truncate(shown);
    if shown < total {
        texts.push((Code::More.with(total - shown), t.style(Role::Dim)));
    }
    // Down the first column, then the second.
    let per_col = texts.len().div_ceil(columns).max(1);
    for (i, (text, st)) in texts.iter().enumerate() {
        let (col, row) = (i / per_col, i % per_col);
        let yy = y + row as u16;
        if yy < last {
            put(buf, x0 + 1 + col as u16 * (col_w + 1), yy, text, col_w, *st);
        }
    }
}

/// The least inner width of a box that lists its counters in two columns
/// when one is too short: two of 15 columns and a space.
const TWO_COLUMNS: u16 = 31;

/// Tokens joined by `sep` into lines at most `width` wide (a line that
/// goes on below ends in the separator's comma, if it has one).
fn wrap_tokens(tokens: Vec<String>, width: u16, sep: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let tail = sep.trim_end();
    for m in tokens {
        if !cur.is_empty()
            && cur.chars().count() + sep.chars().count() + m.chars().count() > width as usize
        {
            cur.push_str(tail);
            out.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push_str(sep);
        }
        cur.push_str(&m);
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// A vehicle in one line: its name and markers (7.2, 7.7 A 4).
pub(super) fn vehicle_line(
    v: &Vehicle,
    load: u8,
    width: usize,
    t: &crate::ui::theme::Theme,
) -> String {
    let mut tail = String::new();
    for m in vehicle_codes(v, load) {
        tail.push(' ');
        tail.push_str(&m.short());
    }
    let room = width.saturating_sub(tail.chars().count());
    let name = format!("[{}]", fit_name(&v.label, room.saturating_sub(2), t));
    format!("{name}{tail}")
}

/// The codes a vehicle's line prints after its name (7.2, 7.4).
fn vehicle_codes(v: &Vehicle, load: u8) -> Vec<Mark> {
    let mut out = Vec::new();
    if load > 0 {
        out.push(Mark::with(Code::VehicleLoad, load));
    }
    for (on, c) in [
        (v.activated && !v.done, Code::VehicleActivated),
        (v.done, Code::VehicleDone),
        (v.pinned, Code::Pinned),
    ] {
        if on {
            out.push(Mark::of(c));
        }
    }
    out
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

/// The codes of the key that the map shows now, in the key's order: the
/// frame's (and the arrows and shading when some card has them), every
/// card's terrain and markers, the counters' and the vehicles' letters.
/// What the legend key (one key from the map) explains.
pub fn codes_on_map(g: &Game) -> Vec<Code> {
    let s = g.state();
    let mut on: Vec<Code> = vec![Code::Position, Code::FarEdge];
    let mut add = |m: &Mark| {
        if let Mark::Code(c, _) = m {
            on.push(*c);
        }
    };
    for mc in &s.map.cards {
        let top = g.top_card(mc.pos).filter(|_| mc.face_up);
        if let Some(tc) = top {
            let tm = terrain_marks(g, mc.pos, mc, tc);
            tm.relief.iter().chain(tm.cover.iter()).for_each(&mut add);
        }
        markers(g, mc.pos, Some(mc)).iter().for_each(&mut add);
    }
    for c in 1..=s.map.cols {
        let p = CardPos::new(0, c);
        if s.map.is_staging(p) {
            add(&Mark::of(Code::Staging));
            markers(g, p, None).iter().for_each(&mut add);
        }
    }
    for v in s
        .vehicles
        .iter()
        .filter(|v| v.in_play() && !v.aloft_off_map())
    {
        let load = crate::engine::vehicles::transport::load(g, v.id);
        vehicle_codes(v, load).iter().for_each(&mut add);
    }
    for u in s.in_play() {
        on.push(Code::experience(u.experience));
        if u.side != Side::Us && !u.spotted {
            on.push(Code::NotSpotted);
        }
        on.extend(labels::flag_codes(u));
    }
    Code::ALL.into_iter().filter(|c| on.contains(c)).collect()
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

/// The markers on a card, as codes, words or spelled out (the help
/// screen has the key).
pub(super) fn markers(g: &Game, pos: CardPos, card: Option<&MapCard>) -> Vec<Mark> {
    let s = g.state();
    let mut v = Vec::new();
    let code = |v: &mut Vec<Mark>, on: bool, c: Code| {
        if on {
            v.push(Mark::of(c));
        }
    };
    if let Some(c) = card {
        let m = &c.markers;
        if let Some(pc) = m.pc {
            v.push(Mark::of(Code::pc((!pc.hidden).then_some(pc.letter))));
        }
        if let Some(vof) = crate::engine::combat::fire::card_vof(g, pos) {
            v.push(Mark::of(Code::vof(vof)));
        }
        code(
            &mut v,
            crate::engine::combat::resolution::crossfire(g, pos),
            Code::Crossfire,
        );
        code(&mut v, m.incoming && m.air_strike, Code::AirStrike);
        code(&mut v, m.incoming && !m.air_strike, Code::Incoming);
        code(&mut v, m.pending_fire, Code::Pending);
        let mut smokes: Vec<SmokeKind> = m.smokes().collect();
        smokes.dedup();
        for s in smokes {
            v.push(Mark::of(Code::smoke(s)));
        }
        code(&mut v, m.illumination.is_some(), Code::Illumination);
        code(&mut v, m.mines, Code::Mines);
        code(&mut v, m.claymore, Code::Claymore);
        code(&mut v, m.grenade_miss, Code::GrenadeMiss);
        code(&mut v, m.demo_miss, Code::DemoMiss);
        code(&mut v, !m.demo_on.is_empty(), Code::Demo);
        code(&mut v, !m.flame_on.is_empty(), Code::Flame);
        if !m.items.is_empty() {
            v.push(Mark::with(Code::Items, m.items.len()));
        }
        code(&mut v, m.phone_line == Some(true), Code::LineCut);
        code(&mut v, m.phone_line == Some(false), Code::Line);
        for p in &m.signals {
            v.push(Mark::Words(p.label().to_string()));
        }
    }
    for w in s.wrecks.iter().filter(|w| w.pos == pos) {
        v.push(Mark::of(if w.burning {
            Code::BurningWreck
        } else {
            Code::Wreck
        }));
    }
    let ctl = &s.map.controls;
    for (k, p) in &ctl.points {
        if *p == pos {
            v.push(Mark::point(*k));
        }
    }
    if !pos.is_staging() {
        code(&mut v, ctl.loa == Some(pos.row), Code::LimitOfAdvance);
        code(&mut v, ctl.phase_lines.contains(&pos.row), Code::PhaseLine);
        code(&mut v, ctl.mlr == Some(pos.row), Code::MainLine);
        code(
            &mut v,
            ctl.boundaries && (pos.col == 1 || pos.col == s.map.cols),
            Code::Boundary,
        );
    }
    v
}

/// A face-up card's terrain as its box prints it: the terrain's name, then
/// its level and hills; then its cover, cover markers, burst,
/// trafficability and multi-story.
pub(super) struct TerrainMarks {
    pub name: &'static str,
    pub relief: Vec<Mark>,
    pub cover: Vec<Mark>,
}

pub(super) fn terrain_marks(
    g: &Game,
    pos: CardPos,
    mc: &MapCard,
    tc: &crate::data::terrain::TerrainCard,
) -> TerrainMarks {
    let level = g.level(pos);
    let hills = mc.stack.len().saturating_sub(1);
    let mut relief = Vec::new();
    if level != 1 {
        relief.push(Mark::with(Code::Level, level));
    }
    if hills > 0 {
        relief.push(Mark::with(Code::Hills, hills));
    }
    let mut cover = vec![match tc.cover {
        CoverValue::None => Mark::of(Code::CoverNone),
        CoverValue::Single(v) => Mark::with(Code::Cover, v),
        CoverValue::Split { dark, light } => Mark::with2(Code::CoverSplit, dark, light),
    }];
    // The markers on the card (the enemy's placed with it among them,
    // 9.2.3) and those seeking may still find, as the engine counts them.
    cover.push(Mark::with2(
        Code::CoverMarkers,
        mc.covers.len(),
        crate::engine::movement::actions::cover_potential_left(g, mc.pos),
    ));
    if tc.burst != 0 {
        cover.push(Mark::with(Code::Burst, format!("{:+}", tc.burst)));
    }
    match tc.traffic {
        Traffic::Go => {}
        Traffic::Slow => cover.push(Mark::of(Code::Slow)),
        Traffic::No => cover.push(Mark::of(Code::NoVehicles)),
    }
    if let Relief::MultiStory = tc.relief {
        cover.push(Mark::of(Code::MultiStory));
    }
    TerrainMarks {
        name: tc.terrain.label(),
        relief,
        cover,
    }
}

/// The head of a card's box, in one of two forms: codes ("Orchard lv2
/// h1", "C1 m0/2 b-1 slow") or, where the box has the room, short words
/// ("Orchard, level 2, on 1 hill", "cover 1, markers 0/2, burst -1,
/// slow"); its markers after, in the same form.
pub(super) struct Head {
    pub title: Option<String>,
    pub terrain: Vec<String>,
    pub markers: Vec<String>,
}

impl Head {
    pub fn lines(&self) -> usize {
        usize::from(self.title.is_some()) + self.terrain.len() + self.markers.len()
    }
}

/// A card's head in codes (`words` false) or in short words, wrapped to
/// `width`; `None` for a face-down card or a staging area's terrain.
pub(super) fn head(
    terrain: Option<&TerrainMarks>,
    marks: &[Mark],
    width: u16,
    words: bool,
) -> Head {
    let form = |m: &Mark| if words { m.word() } else { m.short() };
    let sep = if words { ", " } else { " " };
    // The terrain's name whole on its line, its level and hills after it
    // if they fit there, else first on the next.
    let mut rest: Vec<String> = Vec::new();
    let title = terrain.map(|t| {
        let mut l = t.name.to_string();
        let relief: Vec<String> = t.relief.iter().map(form).collect();
        let long = relief
            .iter()
            .map(|r| sep.chars().count() + r.chars().count())
            .sum::<usize>();
        if l.chars().count() + long <= width as usize {
            for r in &relief {
                l.push_str(sep);
                l.push_str(r);
            }
        } else {
            rest = relief;
        }
        l
    });
    let terrain_lines = terrain
        .map(|t| {
            rest.extend(t.cover.iter().map(form));
            wrap_tokens(std::mem::take(&mut rest), width, sep)
        })
        .unwrap_or_default();
    Head {
        title,
        terrain: terrain_lines,
        markers: wrap_tokens(marks.iter().map(form).collect(), width, sep),
    }
}

/// The codes a map card prints, one token each: its markers, and its
/// terrain lines after the terrain's name (a face-down card prints markers
/// only). Every one of them is one the help's key must explain; the test
/// `every_code_a_card_prints_is_in_the_key` holds the two together.
pub fn printed_codes(g: &Game, card: &MapCard) -> Vec<String> {
    let marks = markers(g, card.pos, Some(card));
    let mut all: Vec<&Mark> = marks.iter().collect();
    let terrain = g
        .top_card(card.pos)
        .filter(|_| card.face_up)
        .map(|tc| terrain_marks(g, card.pos, card, tc));
    if let Some(t) = &terrain {
        all.extend(t.relief.iter().chain(t.cover.iter()));
    }
    all.iter().flat_map(|m| [m.short(), m.word()]).collect()
}
