//! The marks a player steers by, in one list: the objectives and the other
//! control markers of the map (2.4.1), the lines across it (phase lines,
//! the limit of advance, the main line of resistance) and the far edge,
//! the enemy's side (9.2.2, 9.4). The briefing lists them under "Where",
//! and the goals key takes the cursor to each in turn, the map scrolling
//! there, with the same words.
//!
//! Every entry is read off the state's tactical control markers
//! (`state.map.controls`), as the cards print them; nothing here decides
//! a rule. The words are the map key's ([`Code`], [`Mark`]), spelled out.

use crate::engine::kernel::game::Game;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::state::PointControl;
use crate::ui::view::legend::{Code, Mark};

/// One mark: the card the cursor goes to, and what it is in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Goal {
    pub at: CardPos,
    pub words: String,
}

/// The order the list keeps: where the company is sent first, then where
/// it may not go, then the rest.
fn rank(p: PointControl) -> u8 {
    match p {
        PointControl::PrimaryObjective => 0,
        PointControl::SecondaryObjective => 1,
        PointControl::AttackPosition => 2,
        PointControl::RoutePoint(_) => 3,
        PointControl::CombatOutpost => 4,
        PointControl::LandingZone => 5,
        PointControl::MedevacLz => 6,
        PointControl::CasualtyPoint => 7,
        PointControl::FinalProtectiveFire => 8,
    }
}

/// A card's place and, face up, its terrain: "R4C2, Woods".
fn place(g: &Game, at: CardPos) -> String {
    let face_up = g.state().map.card(at).is_some_and(|c| c.face_up);
    match g.top_card(at).filter(|_| face_up) {
        Some(tc) => format!("{at}, {}", tc.terrain.label()),
        None => format!("{at}, face down"),
    }
}

/// The map's marks, in the order the goals key visits them. A line across
/// the map is visited on the column `col` (the cursor's), kept within the
/// map.
pub fn goals(g: &Game, col: i8) -> Vec<Goal> {
    let m = &g.state().map;
    let ctl = &m.controls;
    let (_, top, c0, c1) = m.extent();
    let col = col.clamp(c0, c1.max(c0));
    let mut points: Vec<(PointControl, CardPos)> = ctl.points.clone();
    points.sort_by_key(|(p, at)| {
        let n = match p {
            PointControl::RoutePoint(n) => *n,
            _ => 0,
        };
        (rank(*p), n, at.row, at.col)
    });
    let point = |(p, at): (PointControl, CardPos)| Goal {
        at,
        words: format!("{}: {}", capital(&Mark::point(p).spelled()), place(g, at)),
    };
    // Where the company is sent (objectives, attack position, route,
    // outpost) first, then the lines across the map, then the cards that
    // serve (landing zones, casualty point, final protective fire).
    let later: Vec<(PointControl, CardPos)> = points
        .iter()
        .copied()
        .filter(|(p, _)| rank(*p) > 4)
        .collect();
    let mut out: Vec<Goal> = points
        .into_iter()
        .filter(|(p, _)| rank(*p) <= 4)
        .map(point)
        .collect();
    let row = |r: i8, words: String| Goal {
        at: CardPos::new(r, col),
        words,
    };
    if let Some(r) = ctl.mlr {
        out.push(row(
            r,
            format!(
                "{}: along the top of row {r}",
                capital(&Code::MainLine.spelled(&[]))
            ),
        ));
    }
    let mut lines = ctl.phase_lines.clone();
    lines.sort_unstable();
    for (i, r) in lines.iter().enumerate() {
        out.push(row(
            *r,
            format!(
                "Phase line {} of {} (2.4.1): along the top of row {r}",
                i + 1,
                lines.len()
            ),
        ));
    }
    if let Some(r) = ctl.loa {
        out.push(row(
            r,
            format!("{}: row {r}", capital(&Code::LimitOfAdvance.spelled(&[]))),
        ));
    }
    out.extend(later.into_iter().map(point));
    // Short, for the one line under the map at 80x24; the map key says
    // the rest.
    out.push(row(
        top,
        format!(
            "The far edge, over row {top}: the enemy's side ({})",
            Code::FarEdge.abbrev().rule
        ),
    ));
    // The near edge, where the company comes in (2.4.2), when it begins
    // in staging areas.
    let staging = CardPos::new(0, col);
    if m.is_staging(staging) {
        out.push(Goal {
            at: staging,
            words: "The staging areas (2.4.2): under row 1, the company's side".into(),
        });
    }
    out
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
