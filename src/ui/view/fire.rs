//! The fire lines over the map (toggled with `v`): every fire link drawn
//! from the firing card to its target, in the colour of its kind of fire
//! and labelled with its VOF code, so that colour is never the only cue;
//! fire within a card, Crossfire and fire missions are labelled on the
//! card's bottom row. What a link is and how strong comes from the engine
//! (`fire::pdfs`, `fire::link_vof`, `resolution::crossfire`).

use super::legend::{self, Code};
use crate::data::terrain::Dir;
use crate::data::units::Side;
use crate::engine::combat::fire::{self, VofLevel};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::state::FireLink;
use crate::ui::theme::{Role, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// One fire line as drawn: its link, the cells it runs through (screen
/// coordinates, possibly off the map area, which clips them), its label
/// and its style.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FireLine {
    pub link: FireLink,
    pub cells: Vec<(i32, i32)>,
    pub label: String,
    pub role: Role,
}

/// The role and the code of a link's kind of fire: its VOF (6.2.2), or a
/// G! weapon's direct fire, which carries none (6.7.4).
pub fn kind_of(g: &Game, link: &FireLink) -> (Role, String) {
    let is_lay = g.state().lay_pdfs.contains(link) && !g.state().fires.contains(link);
    if is_lay {
        return (Role::FireGrenade, Code::GrenadeCapable.text().to_string());
    }
    match fire::link_vof(g, link) {
        Some(v) => (role_of(v), Code::vof(v).text().to_string()),
        None => (Role::FireSmall, "fire".to_string()),
    }
}

pub fn role_of(v: VofLevel) -> Role {
    match v {
        VofLevel::AllPinned | VofLevel::SmallArms | VofLevel::Sniper => Role::FireSmall,
        VofLevel::Automatic => Role::FireAutomatic,
        VofLevel::Heavy => Role::FireHeavy,
        VofLevel::Incoming => Role::FireIncoming,
    }
}

/// The cells of a line from `a` to `b` (Bresenham), both ends included.
pub fn cells(a: (i32, i32), b: (i32, i32)) -> Vec<(i32, i32)> {
    let (mut x, mut y) = a;
    let dx = (b.0 - a.0).abs();
    let dy = -(b.1 - a.1).abs();
    let sx = if a.0 < b.0 { 1 } else { -1 };
    let sy = if a.1 < b.1 { 1 } else { -1 };
    let mut err = dx + dy;
    let mut out = vec![(x, y)];
    while (x, y) != b {
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
        out.push((x, y));
    }
    out
}

/// Where a card's box is on the screen: its top-left cell and its height
/// (rows of cards may differ in height; all are as wide).
pub type Place<'a> = &'a dyn Fn(CardPos) -> (i32, i32, i32);

/// The fire lines between cards, for cards placed by `origin` and `cw`
/// wide.
pub fn lines(g: &Game, origin: Place, cw: u16) -> Vec<FireLine> {
    let centre = |p: CardPos| {
        let (x, y, h) = origin(p);
        (x + i32::from(cw) / 2, y + h / 2)
    };
    let mut out = Vec::new();
    for link in fire::pdfs(g) {
        let (mut a, mut b) = (centre(link.from), centre(link.target));
        // The two sides' lines between the same cards lie side by side.
        let shift = if link.side == Side::Us { -1 } else { 1 };
        if a.1 == b.1 {
            a.1 += shift;
            b.1 += shift;
        } else {
            a.0 += 2 * shift;
            b.0 += 2 * shift;
        }
        let mut c = cells(a, b);
        // Leave the target's centre free for its own labels.
        c.pop();
        let (role, label) = kind_of(g, link);
        out.push(FireLine {
            link: *link,
            cells: c,
            label,
            role,
        });
    }
    out
}

/// What the bottom row of a card says under the fire lines: fire within
/// the card, Crossfire, fire missions; with the role of the worst.
pub fn card_label(g: &Game, pos: CardPos) -> Option<(String, Role)> {
    let s = g.state();
    let mut parts: Vec<String> = Vec::new();
    let mut role = None;
    let mut worst = |r: Role| {
        let rank = |r: Role| match r {
            Role::FireIncoming => 4,
            Role::FireHeavy => 3,
            Role::FireAutomatic => 2,
            Role::FireGrenade => 1,
            _ => 0,
        };
        if role.is_none_or(|w| rank(r) > rank(w)) {
            role = Some(r);
        }
    };
    for link in s.fires.iter().filter(|l| l.from == pos && l.target == pos) {
        let (r, code) = kind_of(g, link);
        worst(r);
        let who = if link.side == Side::Us {
            "ours"
        } else {
            "enemy"
        };
        parts.push(format!("{code} within ({who})"));
    }
    if crate::engine::combat::resolution::crossfire(g, pos) {
        worst(Role::FireHeavy);
        parts.push(Code::Crossfire.text().to_string());
    }
    if let Some(m) = s.map.card(pos).map(|c| &c.markers) {
        if m.incoming || m.enemy_incoming {
            worst(Role::FireIncoming);
            parts.push(Code::Incoming.text().to_string());
        }
        if m.pending_fire || m.enemy_pending {
            worst(Role::FireIncoming);
            parts.push(Code::Pending.text().to_string());
        }
    }
    role.map(|r| (parts.join(" "), r))
}

/// Draws the fire lines and the cards' fire labels, clipped to `area`:
/// the lines, then their labels, then the arrowheads, so that none hides
/// another's head. Returns each link with its arrowhead's cell, when on
/// the screen.
#[allow(clippy::too_many_arguments)]
pub fn draw(
    buf: &mut Buffer,
    g: &Game,
    theme: &Theme,
    area: Rect,
    origin: Place,
    shown: &[CardPos],
    cw: u16,
) -> Vec<(FireLink, Option<(u16, u16)>)> {
    let inside = |x: i32, y: i32| {
        x >= i32::from(area.x)
            && y >= i32::from(area.y)
            && x < i32::from(area.x + area.width)
            && y < i32::from(area.y + area.height)
    };
    let put = |buf: &mut Buffer, x: i32, y: i32, s: &str, role: Role| {
        if inside(x, y) {
            buf.set_string(x as u16, y as u16, s, theme.style(role));
        }
    };
    let all = lines(g, origin, cw);
    for line in &all {
        let n = line.cells.len();
        let (first, last) = (line.cells[0], line.cells[n - 1]);
        // Straight lines in line glyphs, slanting ones dotted: a stair of
        // glyphs reads worse than dots.
        let body = if first.1 == last.1 {
            theme.sym("─", "-")
        } else if first.0 == last.0 {
            theme.sym("│", "|")
        } else {
            theme.sym("·", ".")
        };
        for &(x, y) in &line.cells[1..n.saturating_sub(1)] {
            put(buf, x, y, body, line.role);
        }
    }
    for line in &all {
        let n = line.cells.len();
        if n > 4 {
            let (mx, my) = line.cells[n / 2];
            let text = format!(" {} ", line.label);
            let x0 = mx - text.chars().count() as i32 / 2;
            for (k, c) in text.chars().enumerate() {
                put(buf, x0 + k as i32, my, &c.to_string(), line.role);
            }
        }
    }
    let mut drawn = Vec::new();
    for line in &all {
        let (x, y) = line.cells[line.cells.len() - 1];
        let head = line
            .link
            .from
            .line_dir(line.link.target)
            .map(|d: Dir| legend::arrow(d, theme.ascii))
            .unwrap_or("*");
        put(buf, x, y, head, line.role);
        drawn.push((line.link, inside(x, y).then_some((x as u16, y as u16))));
    }
    for &pos in shown {
        let Some((text, role)) = card_label(g, pos) else {
            continue;
        };
        let (x, y, h) = origin(pos);
        let y = y + h - 2;
        let room = cw.saturating_sub(2) as usize;
        for (k, c) in text.chars().take(room).enumerate() {
            put(buf, x + 1 + k as i32, y, &c.to_string(), role);
        }
    }
    drawn
}
