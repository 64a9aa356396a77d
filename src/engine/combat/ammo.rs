//! Ammunition (6.8): points spent when tracked weapons fire, running out,
//! and what an out-of-ammunition unit can still do. Option 13.2 turns it
//! off for every kind of ammunition or for the kinds the player names.

use crate::data::units::{AmmoKind, UnitKind};
use crate::engine::combat::fire::basic_vof;
use crate::engine::kernel::events::AmmoUse;
use crate::engine::kernel::events::EventKind;
use crate::engine::kernel::events::StatusChange;
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::units::tracked;

/// Kinds spent by Basic VOF each Combat Phase the unit fires (6.8.1 A-C).
fn spent_by_basic_fire(kind: AmmoKind) -> bool {
    matches!(
        kind,
        AmmoKind::Mg | AmmoKind::Mortar | AmmoKind::Rcl | AmmoKind::Tank
    )
}

/// Spends one point for `unit`, reporting when it runs dry (6.8.2).
pub fn spend(game: &mut Game, unit: UnitId, points: u8, why: AmmoUse) {
    if !tracked(game, game.state.unit(unit)) {
        return;
    }
    let Some(left) = game.state.unit(unit).ammo else {
        return;
    };
    let after = left.saturating_sub(points);
    game.state.unit_mut(unit).ammo = Some(after);
    if after == 0 && left > 0 {
        out_of_ammo(game, unit, why);
    }
}

/// 6.8.2: a weapons team that fires its last point flips to its fire-team
/// side; a squad whose machine gun runs dry fights on with the Out of Ammo
/// ratings (small arms, close range: see `fire::ratings`).
fn out_of_ammo(game: &mut Game, unit: UnitId, why: AmmoUse) {
    let u = game.state.unit(unit).clone();
    let has_back = u.type_in(&game.data).is_some_and(|t| t.back.is_some());
    if u.kind == UnitKind::WeaponsTeam && has_back {
        game.state.unit_mut(unit).flipped = true;
    }
    game.say(
        "6.8.2",
        EventKind::Status {
            unit,
            what: StatusChange::OutOfAmmunition(why),
        },
        Vec::new(),
    );
}

/// 6.8.1: at the start of combat resolution every unit firing a Basic VOF
/// with a tracked weapon spends one point.
pub fn expend_for_fire(game: &mut Game) {
    if game.state.options.no_ammo {
        return;
    }
    let links = game.state.fires.clone();
    let mut firing: Vec<UnitId> = Vec::new();
    for l in &links {
        let d = l.from.distance(l.target);
        for u in game.state.units_at(l.from) {
            let kind = u.type_in(&game.data).and_then(|t| t.ammo).map(|a| a.kind);
            let reaches =
                crate::engine::combat::fire::ratings(game, u).is_some_and(|r| r.range.cards() >= d);
            // 6.8.1 A-C: a weapons team on its fire-team side fires small
            // arms, not its weapon, and spends nothing.
            if u.side == l.side
                && tracked(game, u)
                && !u.flipped
                && u.ammo.is_some_and(|a| a > 0)
                && kind.is_some_and(spent_by_basic_fire)
                && reaches
                && basic_vof(game, u, d).is_some()
            {
                firing.push(u.id);
            }
        }
    }
    firing.sort();
    firing.dedup();
    for id in firing {
        spend(game, id, 1, AmmoUse::CombatPhase);
    }
    // 7.8: a vehicle firing at infantry spends a round too (its shots at
    // vehicles in 3.6 were paid there).
    let mut vehicles: Vec<crate::engine::kernel::ids::VehicleId> = Vec::new();
    for l in &links {
        let d = l.from.distance(l.target);
        vehicles.extend(
            crate::engine::combat::fire::vehicles_firing(game, l.from, l.side, d)
                .filter(|v| v.ammo.is_some())
                .map(|v| v.id),
        );
    }
    vehicles.sort();
    vehicles.dedup();
    for v in vehicles {
        let x = &mut game.state.vehicles[v.0 as usize];
        if let Some(a) = x.ammo.as_mut() {
            *a = a.saturating_sub(1);
            if *a == 0 {
                vehicle_dry(game, v);
            }
        }
    }
    // 6.4: a final protective line spends two points a turn and stops when
    // the gun runs dry.
    let fpls: Vec<UnitId> = game
        .state
        .fpl
        .iter()
        .filter(|(_, _, f)| *f)
        .map(|(u, _, _)| *u)
        .collect();
    for u in fpls {
        spend(game, u, 2, AmmoUse::FinalProtectiveLine);
        let dry = game.state.unit(u).ammo == Some(0) || !game.state.unit(u).in_play();
        if dry {
            for f in &mut game.state.fpl {
                if f.0 == u {
                    f.2 = false;
                }
            }
        }
    }
}

/// 6.8.1 G, 7.8: a vehicle that fired its last round has no VOF and leaves
/// play (it is not knocked out: no wreck, no experience).
pub fn vehicle_dry(game: &mut Game, v: crate::engine::kernel::ids::VehicleId) {
    let x = game.state.vehicles[v.0 as usize].clone();
    if !x.in_play() {
        return;
    }
    game.state.vehicles[v.0 as usize].out = Some(crate::data::vehicles::AtResult::Retreating);
    game.say(
        "6.8.1 G",
        crate::engine::kernel::events::EventKind::VehicleOut {
            vehicle: v,
            result: crate::data::vehicles::AtResult::Retreating,
            cause: crate::engine::kernel::events::OutCause::Dry,
        },
        Vec::new(),
    );
}
