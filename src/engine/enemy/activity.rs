//! The Current Activity Level (9.1), kept up to date after every change.

use crate::data::charts::Activity;
use crate::data::units::{Side, UnitKind};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::pos::CardPos;

/// The level the map shows now, by the definitions of 9.1.
pub fn level(game: &Game) -> Activity {
    let s = &game.state;
    let mut occupied: Vec<CardPos> = s
        .in_play()
        .filter(|u| u.kind != UnitKind::Casualty && !u.pos.is_staging())
        .map(|u| u.pos)
        .collect();
    occupied.sort();
    occupied.dedup();
    let under_vof = occupied.iter().filter(|p| game.card_under_vof(**p)).count();
    let mixed = occupied.iter().any(|p| {
        let mut sides = s
            .units_at(*p)
            .filter(|u| u.kind != UnitKind::Casualty)
            .map(|u| u.side == Side::Us);
        let first = sides.next();
        first.is_some() && sides.any(|x| Some(x) != first)
    });
    let spotted = s
        .in_play()
        .any(|u| u.side != Side::Us && u.spotted && u.kind != UnitKind::Casualty);
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
