//! Landing zones (7.4.5, 2.2.1 E): the mission's, new ones designated in
//! play by the CO HQ (4.2.1 l) or marked by a coloured smoke the signal
//! plan gives that meaning (4.3.6), and the MEDEVAC LZ of missions whose
//! casualties leave by helicopter (5.1.7); and when a mid-mission air
//! assault's helicopters may leave the Pickup Zone (7.4.5).
//!
//! Decisions:
//! - 7.4.5: a landing zone spans one to three adjacent cards, and a mission
//!   may have several. A new LZ card next to an existing one joins it, so
//!   a card is refused when the landing zone it would make up holds more
//!   than three cards.
//! - 7.4.5 asks that LZ cards be open ground, village, brush, elephant
//!   grass or rice paddy; the terrain deck's validation lets the helicopter
//!   icon (2.2.1 E) go only on such cards, so the icon is what the engine
//!   reads.
//! - 5.1.7: the MEDEVAC LZ is a card of a landing zone, one at a time;
//!   designating another moves it. The HQ or staff unit that directs the
//!   helicopter may be any of the company's in play on the card.

use crate::data::mission::Evacuation;
use crate::data::units::Side;
use crate::engine::kernel::events::EventKind;
use crate::engine::kernel::events::MarkerKind;
use crate::engine::kernel::game::{Game, Illegal, no};
use crate::engine::kernel::ids::VehicleId;
use crate::engine::kernel::pos::{CardPos, HeliArea};
use crate::engine::kernel::state::PointControl;

/// The landing zones' cards, in card order (7.4.5).
pub fn lz_cards(game: &Game) -> Vec<CardPos> {
    let mut v: Vec<CardPos> = game
        .state
        .map
        .controls
        .points
        .iter()
        .filter(|(k, _)| *k == PointControl::LandingZone)
        .map(|(_, p)| *p)
        .collect();
    v.sort();
    v.dedup();
    v
}

/// The cards of the landing zone `pos` would belong to, `pos` included:
/// the LZ cards joined to it card by adjacent card.
fn zone_with(lz: &[CardPos], pos: CardPos) -> Vec<CardPos> {
    let mut zone = vec![pos];
    let mut k = 0;
    while k < zone.len() {
        let at = zone[k];
        for c in lz {
            if c.adjacent(at) && !zone.contains(c) {
                zone.push(*c);
            }
        }
        k += 1;
    }
    zone
}

/// Why `pos` may not become a card of a landing zone now (7.4.5, 2.2.1 E).
pub fn check_new(game: &Game, pos: CardPos) -> Result<(), Illegal> {
    if !game.helicopters {
        return no("no helicopters fly in this mission: it has no landing zones (7.4.5)");
    }
    if pos.is_staging() {
        return no("a landing zone is marked on the map (7.4.5)");
    }
    let Some(card) = game.top_card(pos) else {
        return no(|| format!("there is no terrain card on {pos}"));
    };
    if !card.lz {
        return no(|| {
            format!(
                "{} on {pos} has no helicopter icon: it cannot be a landing zone (2.2.1 E, 7.4.5)",
                card.name
            )
        });
    }
    let lz = lz_cards(game);
    if lz.contains(&pos) {
        return no(|| format!("{pos} is a card of a landing zone already"));
    }
    let zone = zone_with(&lz, pos);
    if zone.len() > 3 {
        return no(|| {
            format!(
                "{pos} would make a landing zone of {} cards with those next to it: one spans three at most (7.4.5)",
                zone.len()
            )
        });
    }
    Ok(())
}

/// Marks `pos` as a card of a landing zone (4.2.1 l, 4.3.6, 7.4.5); the
/// caller has checked it with [`check_new`].
pub fn designate(
    game: &mut Game,
    pos: CardPos,
    rule: &'static str,
    by: crate::engine::kernel::events::LzBy,
) {
    game.state
        .map
        .controls
        .points
        .push((PointControl::LandingZone, pos));
    game.say(
        rule,
        EventKind::Marker {
            pos,
            what: MarkerKind::LandingZone(by),
        },
        Vec::new(),
    );
}

/// Why `pos` may not become the MEDEVAC LZ now (5.1.7).
pub fn check_medevac(game: &Game, pos: CardPos) -> Result<(), Illegal> {
    if game.mission.evacuation != Evacuation::Medevac {
        return no("in this mission casualties leave by the casualty collection point (5.1.7)");
    }
    if !lz_cards(game).contains(&pos) {
        return no(|| {
            format!(
                "the MEDEVAC LZ goes on a card of a landing zone: designate {pos} a landing zone first (5.1.7, 4.2.1 l)"
            )
        });
    }
    if game.state.map.point(PointControl::MedevacLz) == Some(pos) {
        return no("the MEDEVAC LZ is already here");
    }
    Ok(())
}

/// Makes `pos` the MEDEVAC LZ, moving it if there was one (5.1.7).
pub fn designate_medevac(game: &mut Game, pos: CardPos) {
    let from = game.state.map.set_point(PointControl::MedevacLz, pos);
    game.say(
        "4.2.1 l",
        EventKind::Marker {
            pos,
            what: MarkerKind::MedevacLz { from },
        },
        Vec::new(),
    );
}

/// Where casualties set down are evacuated in the Clean Up Phase, and what
/// to call it (5.1.7): the collection point, or the MEDEVAC LZ while an HQ
/// or staff unit of the company is on it to direct the helicopter.
pub fn evacuation_point(
    game: &Game,
) -> Option<(CardPos, crate::engine::kernel::events::Evacuation)> {
    use crate::engine::kernel::events::Evacuation as From;
    match game.mission.evacuation {
        Evacuation::CollectionPoint => game
            .state
            .map
            .point(PointControl::CasualtyPoint)
            .map(|p| (p, From::CollectionPoint(p))),
        Evacuation::Medevac => {
            let at = game.state.map.point(PointControl::MedevacLz)?;
            game.state
                .in_play()
                .any(|u| u.side == Side::Us && u.pos == at && u.is_hq_or_staff())
                .then_some((at, From::MedevacLz(at)))
        }
    }
}

/// 7.4.5: a mid-mission air assault's helicopters wait in the Pickup Zone
/// until its turn. Decision: every helicopter in the Pickup Zone waits,
/// one back early from a first wave as well.
pub fn check_assault_turn(game: &Game, v: VehicleId) -> Result<(), Illegal> {
    let x = &game.state.vehicles[v.0 as usize];
    match game.mission.air_assault {
        Some(t)
            if x.lift.is_some()
                && x.pos.heli_area() == Some(HeliArea::PickUp)
                && game.state.turn < t =>
        {
            no(|| {
                format!(
                    "{} waits in the Pickup Zone for the air assault of turn {t} (7.4.5)",
                    x.label
                )
            })
        }
        _ => Ok(()),
    }
}
