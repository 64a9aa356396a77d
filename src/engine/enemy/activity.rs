//! The Current Activity Level (9.1), kept up to date after every change.

use crate::data::charts::Activity;
use crate::data::units::{Side, UnitKind};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::pos::CardPos;

/// The level the map shows now, by the definitions of 9.1.
pub fn level(game: &Game) -> Activity {
    let s = &game.state;
    // One pass over the units: the cards off the staging area that units
    // other than casualties hold, in order, each with whether friendly
    // and enemy units are there; and whether an enemy unit is spotted.
    let mut held: Vec<(CardPos, bool, bool)> = Vec::new();
    let mut spotted = false;
    for u in s.in_play().filter(|u| u.kind != UnitKind::Casualty) {
        let us = u.side == Side::Us;
        spotted |= !us && u.spotted;
        if u.pos.is_staging() {
            continue;
        }
        match held.binary_search_by(|h| h.0.cmp(&u.pos)) {
            Ok(i) => {
                let h = &mut held[i];
                h.1 |= us;
                h.2 |= !us;
            }
            Err(i) => held.insert(i, (u.pos, us, !us)),
        }
    }
    // Whether none, one, or two or more of those cards lie under a VOF:
    // the level asks no more.
    let under_vof = held
        .iter()
        .filter(|h| game.card_under_vof(h.0))
        .take(2)
        .count();
    let mixed = held.iter().any(|h| h.1 && h.2);
    if under_vof >= 2 && mixed {
        Activity::HeavilyEngaged
    } else if under_vof >= 2 {
        Activity::Engaged
    } else if under_vof == 1 || spotted || any_vof(game) {
        // 9.1: No Contact needs no VOF or PDF marker anywhere on the map;
        // fire into an empty card is at least Contact.
        Activity::Contact
    } else {
        Activity::NoContact
    }
}

/// Recomputes the level and logs a change.
pub fn update(game: &mut Game) {
    let l = level(game);
    game.set_activity(l);
}

/// Whether any VOF or PDF marker lies anywhere on the map.
fn any_vof(game: &Game) -> bool {
    !game.state.fires.is_empty()
        || !game.state.lay_pdfs.is_empty()
        || game.state.map.cards.iter().any(|c| {
            c.markers.incoming
                || c.markers.indirect_h
                || c.markers.grenade_miss
                || c.markers.demo_miss
        })
        || game.state.in_play().any(|u| u.grenaded > 0)
}
