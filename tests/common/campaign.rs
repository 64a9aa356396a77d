//! A campaign's books between missions: a campaign begun, its members, and
//! a squad left as a mission might leave it.

use super::new_data;
use fof::data::DataSet;
use fof::data::units::UnitKind;
use fof::engine::{Game, Options};
use fof::play::campaign::{Campaign, Member, Mode};
use std::sync::Arc;

/// The Normandy campaign (seed 7) with its first mission set up (the
/// roster enlisted).
pub fn started(mode: Mode) -> (Campaign, Game, Arc<DataSet>) {
    let d = new_data();
    let mut c = Campaign::new(&d, "normandy_1944", mode, 7).unwrap();
    let g = c.start(&d, Options::default()).unwrap();
    (c, g, d)
}

/// The campaign's member of this roster id.
pub fn member<'a>(c: &'a Campaign, id: &str) -> &'a Member {
    c.roster.iter().find(|m| m.id == id).unwrap()
}

/// The squad `sq` ends with `counter` steps (none: its counter out of
/// play) and `teams` fire teams of its own.
pub fn leave(g: &mut Game, sq: &str, counter: u8, teams: usize) {
    let u = g.state().by_roster(sq).unwrap().clone();
    for _ in 0..teams {
        fof::engine::kernel::units::spawn_team(g, &u, UnitKind::FireTeam);
    }
    let s = g.state_mut().unit_mut(u.id);
    if counter == 0 {
        s.removed = true;
    } else {
        s.steps = counter;
    }
}
