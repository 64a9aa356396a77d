//! The Current Activity Level (9.1), kept up to date after every change.

use crate::data::charts::Activity;
use crate::data::units::{Side, UnitKind};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::pos::CardPos;

/// The level the map shows now, by the definitions of 9.1.
pub fn level(game: &Game) -> Activity {
    let s = &game.state;
    // One pass over the units in play, card by card (the state's card
    // index): for each card off the staging area that units other than
    // casualties hold, whether friendly and enemy units are there, and
    // whether it lies under a VOF; and whether an enemy unit is spotted.
    // Whether none, one, or two or more such cards lie under a VOF: the
    // level asks no more.
    let mut spotted = false;
    let mut under_vof = 0;
    let mut mixed = false;
    let mut card: Option<(CardPos, bool, bool)> = None;
    let mut close = |c: Option<(CardPos, bool, bool)>| {
        if let Some((pos, us, them)) = c {
            mixed |= us && them;
            if under_vof < 2 && game.card_under_vof(pos) {
                under_vof += 1;
            }
        }
    };
    for u in s.units.by_card().filter(|u| u.kind != UnitKind::Casualty) {
        let us = u.side == Side::Us;
        spotted |= !us && u.spotted;
        if u.pos.is_staging() {
            continue;
        }
        match &mut card {
            Some((pos, a, b)) if *pos == u.pos => {
                *a |= us;
                *b |= !us;
            }
            _ => {
                close(card);
                card = Some((u.pos, us, !us));
            }
        }
    }
    close(card);
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
