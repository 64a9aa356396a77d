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
