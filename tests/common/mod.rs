//! Helpers shared by the rule test files.

#![allow(dead_code)]

use fof::data::DataSet;
use fof::data::activity::Cell;

/// An enemy whose activity checks all come to nothing (9.4), for tests of
/// other rules that play through the Enemy Activity segment.
pub fn quiet_enemy(data: &mut DataSet) {
    for r in &mut data.charts.activity_pinned {
        (r.leader, r.no_leader) = (Cell::Dash, Cell::Dash);
    }
    for r in &mut data.charts.activity_offensive {
        (r.assault, r.overrun) = (Cell::Dash, Cell::Dash);
    }
    for r in &mut data.charts.activity_defensive {
        (r.delay, r.hasty, r.deliberate) = (Cell::Dash, Cell::Dash, Cell::Dash);
    }
}

/// The Normandy deck's open field: cover +0, every border light.
pub const OPEN: u8 = 45;

/// Lays an open field face up on every card of the map, with no cover
/// markers, no markers and no fire: a clean board for a rule test.
pub fn open_map(g: &mut fof::engine::Game) {
    for c in &mut g.state_mut().map.cards {
        c.stack = vec![OPEN];
        c.face_up = true;
        c.covers.clear();
        c.markers = Default::default();
    }
    g.state_mut().fires.clear();
}
