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

/// The hedgerow mission renamed `name`, on an open map with no enemy or PC
/// markers; the roster ids given hold the skills given.
pub fn open_game_with_skills(
    name: &str,
    skills: &[(&str, &[fof::data::mission::Skill])],
) -> fof::engine::Game {
    let mut data = DataSet::embedded().unwrap();
    let mut m = data.mission("hedgerow_attack").unwrap().clone();
    m.id = name.into();
    m.pc_markers.clear();
    m.enemy.clear();
    for (who, s) in skills {
        m.company.iter_mut().find(|e| e.id == *who).unwrap().skills = s.to_vec();
    }
    data.missions.push(m);
    let mut g = fof::engine::Game::new(
        std::sync::Arc::new(data),
        name,
        3,
        fof::engine::Options::default(),
    )
    .unwrap();
    open_map(&mut g);
    g
}

pub fn id(g: &fof::engine::Game, roster: &str) -> fof::engine::UnitId {
    g.state().by_roster(roster).unwrap().id
}

/// Puts a unit on a card, out of cover.
pub fn put(
    g: &mut fof::engine::Game,
    u: fof::engine::UnitId,
    at: fof::engine::kernel::pos::CardPos,
) {
    let x = g.state_mut().unit_mut(u);
    x.pos = at;
    x.cover = None;
}

/// Gives the impulse to `hq` (`None`: General Initiative) with six fresh
/// commands and nothing done yet.
pub fn impulse(g: &mut fof::engine::Game, hq: Option<fof::engine::UnitId>) {
    let imp = g.state_mut().impulse.as_mut().expect("an impulse");
    imp.hq = hq;
    imp.available = 6;
    imp.spent = 0;
    imp.done.clear();
    imp.exhortable.clear();
}
