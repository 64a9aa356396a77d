//! The Vehicle Movement and Combat Phase (3.6): the enemy's activity
//! checks for its vehicles (9.10), alternating activations (7.2, 9.10),
//! moving and firing (7.5 A-C), reaction fire (7.5 D), the VOF on the
//! vehicles' cards, and the Pinned markers that lift at the end (7.7 A 4).
//!
//! Why this file is long: the phase loop and the one question it asks
//! (whose activation, and what it does) belong together: its legal inputs,
//! suggestion, answers and refusal reasons for every kind of vehicle, the
//! aircraft included, are read against the same state of the phase.

use crate::data::mission::{MissionKind, VehiclePriority};
use crate::data::units::Side;
use crate::engine::kernel::events::EventKind;
use crate::engine::kernel::events::{MarkerKind, Quiet};
use crate::engine::kernel::game::{Game, Illegal, no};
use crate::engine::kernel::ids::VehicleId;
use crate::engine::kernel::input::Answer;
use crate::engine::kernel::input::{Choice, Input};
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::purpose::Purpose;
use crate::engine::kernel::vehicle::{Shooter, VehiclePhase};
use crate::engine::vehicles::at::{
    self, armed, in_reach, modifier, shooter_name, shooter_side, vehicle,
};
use crate::engine::vehicles::{air, gunship, heli, moves, transport};

/// A vehicle on the map, or one of the company's in its staging area
/// (which may drive onto the map).
fn any_in_play(game: &Game) -> bool {
    game.state
        .vehicles
        .iter()
        .any(|v| v.in_play() && (!v.pos.is_staging() || v.side == Side::Us))
}

/// 3.6 begins: with no vehicle in play nothing happens; otherwise the
/// enemy's vehicles take their activity checks (9.10) and the side that
/// goes first is set (9.10: the player on offence and patrol, the enemy on
/// defence).
pub fn begin(game: &mut Game) {
    // 7.1.3: a forward air controller arriving this turn is in play before
    // the phase asks whether anything flies or drives.
    air::fac_turn(game);
    gunship::turn(game);
    // 7.4.5: the helicopters in flight must move.
    heli::begin(game);
    if !any_in_play(game) {
        game.say(
            "3.6",
            EventKind::Nothing {
                why: Quiet::NoVehicles,
            },
            Vec::new(),
        );
        game.state.vehicle_phase = VehiclePhase::default();
        return;
    }
    // 7.2.1: the preplanned transports first: the fire on the card it
    // reaches strikes the vehicle, the enemy reacts, then its passengers
    // get off.
    for v in moves::keep_schedules(game) {
        at::vof_attack(game, v);
        enemy_reacts(game, v);
        if vehicle(game, v).in_play() {
            let riders: Vec<_> = game.state.passengers(v).map(|u| u.id).collect();
            for r in riders {
                if transport::check_off(game, r).is_ok() {
                    transport::disembark(game, r);
                }
            }
        }
    }
    // 7.1.2: a loitering section of attack helicopters strikes again.
    air::begin(game);
    let enemy: Vec<VehicleId> = game
        .state
        .vehicles
        .iter()
        .filter(|v| v.side != Side::Us && v.in_play() && !v.pos.is_staging())
        .map(|v| v.id)
        .collect();
    let orders = game.mission.vehicle_orders.clone();
    for v in enemy {
        let Some(o) = &orders else {
            continue;
        };
        let (r, reads) = game.random(o.of as u32, Purpose::VehicleActivity { vehicle: v });
        let on = r <= o.activate as u32;
        if on {
            game.state.vehicles[v.0 as usize].activated = true;
            game.state.vehicle_phase.enemy.push(v);
        }
        game.say(
            "9.10",
            EventKind::VehicleActivated {
                vehicle: on.then_some(v),
                how: crate::engine::kernel::events::VehicleActivation::Check {
                    vehicle: v,
                    r: r as u8,
                    of: o.of,
                    activate: o.activate,
                },
            },
            reads,
        );
    }
    let first = if game.mission.kind == MissionKind::Defensive {
        Side::Enemy
    } else {
        Side::Us
    };
    game.state.vehicle_phase.next = Some(first);
    proceed(game);
}

/// The company's shooters still to act: activated vehicles not done, and
/// readied AT teams that have not fired (7.2, 7.5).
pub fn player_pending(game: &Game) -> Vec<Shooter> {
    let vp = &game.state.vehicle_phase;
    let mut v: Vec<Shooter> = game
        .state
        .vehicles
        .iter()
        .filter(|x| x.side == Side::Us && x.in_play() && x.activated && !x.done)
        // 7.1.2: a section of aircraft acts as one, through its leader.
        .filter(|x| x.air.is_none() || air::leader(game, x.id) == Some(x.id))
        .map(|x| Shooter::Vehicle(x.id))
        .collect();
    for u in &vp.ready {
        if !vp.fired.contains(u) && game.state.unit(*u).in_play() {
            v.push(Shooter::Team(*u));
        }
    }
    v
}

fn enemy_pending(game: &Game) -> Vec<VehicleId> {
    game.state
        .vehicle_phase
        .enemy
        .iter()
        .copied()
        .filter(|v| vehicle(game, *v).in_play() && !vehicle(game, *v).done)
        .collect()
}

/// Runs the phase on until the player must decide or it ends.
pub fn proceed(game: &mut Game) {
    for _ in 0..1000 {
        if game.state.outcome.is_some() || !game.state.choices.is_empty() {
            return;
        }
        // An enemy activation under way goes on first.
        if game.state.vehicle_phase.acting.is_some() {
            enemy_go(game);
            continue;
        }
        if let Some(cur) = game.state.vehicle_phase.current {
            if still_going(game, cur) {
                game.state
                    .choices
                    .push(Choice::VehicleTurn { pending: vec![cur] });
                return;
            }
            finish(game, cur);
            continue;
        }
        let us = player_pending(game);
        let them = enemy_pending(game);
        if us.is_empty() && them.is_empty() {
            end_phase(game);
            return;
        }
        let side = game.state.vehicle_phase.next.unwrap_or(Side::Us);
        if side == Side::Us && !us.is_empty() {
            game.state.choices.push(Choice::VehicleTurn { pending: us });
            return;
        }
        if side != Side::Us && !them.is_empty() {
            game.state.vehicle_phase.acting = Some(them[0]);
            game.state.vehicle_phase.stage = 0;
            game.state.vehicle_phase.next = Some(Side::Us);
            continue;
        }
        game.state.vehicle_phase.next = Some(side.opponent());
    }
}

/// Whether the company's shooter under way can still do anything.
fn still_going(game: &Game, s: Shooter) -> bool {
    !legal_for(game, s).is_empty()
}

/// The shooter's activation is complete: Moved/Fired (7.2).
fn finish(game: &mut Game, s: Shooter) {
    match s {
        Shooter::Vehicle(v) => {
            for m in air::section_of(game, v) {
                game.state.vehicles[m.0 as usize].done = true;
            }
        }
        Shooter::Team(u) => {
            if !game.state.vehicle_phase.fired.contains(&u) {
                game.state.vehicle_phase.fired.push(u);
            }
        }
    }
    let next = shooter_side(game, s).opponent();
    let vp = &mut game.state.vehicle_phase;
    vp.current = None;
    vp.quick = false;
    vp.stopped = false;
    vp.next = Some(next);
}

/// The enemy vehicles the shooter may fire at now.
pub fn targets(game: &Game, s: Shooter) -> Vec<VehicleId> {
    let side = shooter_side(game, s);
    game.state
        .vehicles
        .iter()
        .filter(|t| t.side != side && t.in_play())
        .map(|t| t.id)
        .filter(|t| in_reach(game, s, *t))
        .collect()
}

/// Whether the shooter may fire in its activation now (7.5 A, C; 7.6
/// Quick Shot).
fn may_fire(game: &Game, s: Shooter) -> bool {
    if !armed(game, s) {
        return false;
    }
    let vp = &game.state.vehicle_phase;
    match s {
        Shooter::Vehicle(v) => {
            let x = vehicle(game, v);
            // Fired once unless a Quick Shot; never with riders aboard a
            // tank (7.4.4, in `armed`).
            (!x.fired || (vp.quick && vp.current == Some(s))) && fires_after_moving(game, x)
        }
        Shooter::Team(u) => !vp.fired.contains(&u) || (vp.quick && vp.current == Some(s)),
    }
}

/// 7.5 C: a vehicle that moved this phase fires only with a Move & Fire
/// value. Decision (7.3.1, 7.5 D): in reaction too, which it pays.
fn fires_after_moving(game: &Game, x: &crate::engine::kernel::vehicle::Vehicle) -> bool {
    !x.moved
        || game
            .data
            .vehicles
            .vehicle(&x.vehicle_type.0)
            .is_some_and(|t| t.move_fire.is_some())
}

/// The cards next to `pos` a unit could step to, in row then column order
/// (the movement rules' neighbours, 5.1.2).
fn around(game: &Game, pos: CardPos) -> Vec<CardPos> {
    let mut v: Vec<CardPos> = crate::engine::movement::actions::neighbours(game, pos).collect();
    v.sort();
    v
}

/// An aircraft's inputs in its activation: a gunship's (7.1.4), or a
/// called helicopter's or forward air controller's (7.1.2, 7.1.3).
fn aircraft_legal(game: &Game, v: VehicleId) -> Vec<Input> {
    if vehicle(game, v).lift.is_some() {
        heli::legal(game, v)
    } else if vehicle(game, v).gunship.is_some() {
        gunship::legal(game, v)
    } else {
        air::legal_for(game, v)
    }
}

/// The program's suggestion for an aircraft in its activation.
fn aircraft_suggestion(game: &Game, v: VehicleId) -> Input {
    if vehicle(game, v).lift.is_some() {
        heli::suggestion(game, v)
    } else if vehicle(game, v).gunship.is_some() {
        gunship::suggestion(game, v)
    } else {
        air::suggestion(game, v)
    }
}

/// The legal inputs of one of the company's shooters in its activation.
fn legal_for(game: &Game, s: Shooter) -> Vec<Input> {
    if let Shooter::Vehicle(v) = s
        && at::is_aircraft(game, v)
    {
        return aircraft_legal(game, v);
    }
    let mut out = Vec::new();
    if let Shooter::Vehicle(v) = s {
        let x = vehicle(game, v);
        if x.in_play() && !x.fired && !game.state.vehicle_phase.stopped {
            for to in around(game, x.pos) {
                if moves::check_move(game, v, to).is_ok() {
                    out.push(Input::Answer(Answer::VehicleMove { vehicle: v, to }));
                }
            }
        }
    }
    if may_fire(game, s) {
        for t in targets(game, s) {
            out.push(Input::Answer(Answer::VehicleFire {
                shooter: s,
                target: t,
            }));
        }
    }
    if let Shooter::Vehicle(v) = s {
        for target in spot_targets(game, v) {
            out.push(Input::Answer(Answer::VehicleSpot { vehicle: v, target }));
        }
        for (target, wp) in smoke_targets(game, v) {
            out.push(Input::Answer(Answer::VehicleSmoke {
                vehicle: v,
                target,
                wp,
            }));
        }
        // 7.4.2: passengers set down before or after it moves, no order.
        for p in game.state.passengers(v) {
            if transport::check_off(game, p.id).is_ok() {
                out.push(Input::Answer(Answer::VehicleDisembark {
                    vehicle: v,
                    unit: p.id,
                }));
            }
        }
    }
    out
}

/// 7.5 E: the cards an activated vehicle may try to spot, in lieu of
/// firing: not pinned, not yet fired; an unspotted enemy unit there, in its
/// sight.
pub fn spot_targets(game: &Game, v: VehicleId) -> Vec<CardPos> {
    let x = vehicle(game, v);
    if !x.in_play() || x.pinned || x.fired || x.pos.is_staging() {
        return Vec::new();
    }
    let mut cards: Vec<CardPos> = game
        .state
        .in_play()
        .filter(|u| {
            u.side != x.side
                && !u.spotted
                && u.kind != crate::data::units::UnitKind::Casualty
                && !u.pos.is_staging()
        })
        .map(|u| u.pos)
        .filter(|p| {
            *p == x.pos
                || crate::engine::map::los::sees_card(
                    game,
                    crate::engine::map::los::Viewer::on_ground(game, x.pos),
                    *p,
                    game.visibility(),
                )
        })
        .collect();
    cards.sort();
    cards.dedup();
    cards
}

/// 7.8: the cards an activated vehicle may fire a smoke or white
/// phosphorus round at, in lieu of firing at a vehicle, with the kind: it
/// has such rounds and could fire now (not yet fired, not carrying riders
/// on a tank's deck, after moving only with a Move & Fire value). Decision:
/// any other card it sees within the range of its fire at infantry.
pub fn smoke_targets(game: &Game, v: VehicleId) -> Vec<(CardPos, bool)> {
    let x = vehicle(game, v);
    let t = game.data.vehicles.vehicle(&x.vehicle_type.0);
    let Some(range) = t.and_then(|t| t.vof).map(|r| r.range.cards()) else {
        return Vec::new();
    };
    let may = x.in_play()
        && !x.pos.is_staging()
        && !x.fired
        && (x.smoke > 0 || x.wp > 0)
        && !crate::engine::combat::fire::silenced(game, x)
        && fires_after_moving(game, x);
    if !may {
        return Vec::new();
    }
    let mut out = Vec::new();
    for c in &game.state.map.cards {
        let p = c.pos;
        if p.is_staging() || p == x.pos || p.distance(x.pos) > range {
            continue;
        }
        let seen = crate::engine::map::los::sees_card(
            game,
            crate::engine::map::los::Viewer::on_ground(game, x.pos),
            p,
            game.visibility(),
        );
        if !seen {
            continue;
        }
        if x.smoke > 0 {
            out.push((p, false));
        }
        if x.wp > 0 {
            out.push((p, true));
        }
    }
    out.sort();
    out
}

/// 7.8: a smoke or WP round bursts on the card (8.4); it counts as the
/// vehicle's fire and draws reactions.
fn fire_smoke(game: &mut Game, v: VehicleId, target: CardPos, wp: bool) {
    at::vof_attack(game, v);
    if !vehicle(game, v).in_play() {
        return;
    }
    use crate::engine::kernel::state::SmokeKind;
    {
        let x = &mut game.state.vehicles[v.0 as usize];
        x.fired = true;
        if wp {
            x.wp = x.wp.saturating_sub(1);
        } else {
            x.smoke = x.smoke.saturating_sub(1);
        }
    }
    if let Some(c) = game.state.map.card_mut(target) {
        c.markers.smoke = Some(if wp { SmokeKind::Wp } else { SmokeKind::Smoke });
    }
    game.say(
        "7.8",
        EventKind::Marker {
            pos: target,
            what: if wp {
                MarkerKind::Wp { by: Some(v) }
            } else {
                MarkerKind::Smoke { by: v }
            },
        },
        Vec::new(),
    );
    enemy_reacts(game, v);
}

/// 7.5 E: the spotting attempt, as any unit's (9.3), by a crew of Line
/// experience (decision: crews are Line, as 7.7 A makes them); the VOF on
/// its card comes first, and the attempt draws reaction fire as if it had
/// fired.
fn spot(game: &mut Game, v: VehicleId, target: CardPos) {
    at::vof_attack(game, v);
    if !vehicle(game, v).in_play() {
        return;
    }
    let x = vehicle(game, v).clone();
    let n = crate::engine::combat::actions::spotting_draws_from(
        game,
        crate::data::action::Experience::Line,
        game.level(x.pos),
        x.pos,
        target,
    );
    let r = crate::engine::orders::attempts::attempt(
        game,
        None,
        n,
        crate::engine::kernel::events::Needed::Icon(crate::data::action::Icon::Crosshairs),
        Purpose::VehicleSpotting { vehicle: v },
    );
    if r.success {
        crate::engine::combat::actions::spot_card(game, target);
    }
    game.state.vehicles[v.0 as usize].fired = true;
    enemy_reacts(game, v);
}

/// Legal inputs for the 3.6 questions.
pub fn legal(game: &Game, c: &Choice) -> Vec<Input> {
    match c {
        Choice::VehicleTurn { pending } => {
            let mut out = Vec::new();
            for s in pending {
                out.extend(legal_for(game, *s));
                // 7.4.5: a helicopter in flight must move on.
                if !matches!(s, Shooter::Vehicle(v) if heli::must_move(game, *v)) {
                    out.push(Input::Answer(Answer::VehicleEnd { shooter: *s }));
                }
            }
            out
        }
        Choice::Reaction { shooters, .. } => {
            let mut out: Vec<Input> = shooters
                .iter()
                .map(|s| Input::Answer(Answer::React { shooter: *s }))
                .collect();
            out.push(Input::Answer(Answer::HoldFire));
            out
        }
        _ => Vec::new(),
    }
}

/// The program's suggestion: fire with the best odds if there is a target;
/// otherwise end the activation, or hold fire. A move is never suggested:
/// where the tanks go is the player's plan.
pub fn suggestion(game: &Game, c: &Choice) -> Option<Input> {
    let best = |pairs: Vec<(Shooter, VehicleId)>| {
        pairs
            .into_iter()
            .filter_map(|(s, t)| modifier(game, s, t).map(|m| (m.total, s, t)))
            .min_by_key(|(m, s, t)| (*m, *s, *t))
    };
    match c {
        Choice::VehicleTurn { pending } => {
            // 7.1.2: a called section strikes: that is what it came for.
            if let Some(v) = pending.iter().find_map(|s| match s {
                Shooter::Vehicle(v) if !aircraft_legal(game, *v).is_empty() => Some(*v),
                _ => None,
            }) {
                return Some(aircraft_suggestion(game, v));
            }
            let pairs: Vec<(Shooter, VehicleId)> = pending
                .iter()
                .filter(|s| may_fire(game, **s))
                .flat_map(|s| targets(game, *s).into_iter().map(move |t| (*s, t)))
                .collect();
            match best(pairs) {
                Some((_, shooter, target)) => {
                    Some(Input::Answer(Answer::VehicleFire { shooter, target }))
                }
                None => pending
                    .first()
                    .map(|s| Input::Answer(Answer::VehicleEnd { shooter: *s })),
            }
        }
        Choice::Reaction { target, shooters } => {
            match best(shooters.iter().map(|s| (*s, *target)).collect()) {
                Some((_, shooter, _)) => Some(Input::Answer(Answer::React { shooter })),
                None => Some(Input::Answer(Answer::HoldFire)),
            }
        }
        _ => None,
    }
}

/// Answers a 3.6 question. The choice has been taken off the queue by the
/// caller only once this returns `Ok`.
pub fn answer(game: &mut Game, c: &Choice, input: &Input) -> Result<(), Illegal> {
    if !legal(game, c).contains(input) {
        return no(|| refusal(game, c, input));
    }
    game.state.choices.remove(0);
    match input {
        Input::Answer(Answer::VehicleMove { vehicle: v, to }) => {
            let s = Shooter::Vehicle(*v);
            game.state.vehicle_phase.current = Some(s);
            // 7.5 B: the VOF on the card it leaves first (once).
            at::vof_attack(game, *v);
            if vehicle(game, *v).in_play() && moves::check_move(game, *v, *to).is_ok() {
                let slow = moves::move_to(game, *v, *to);
                game.state.vehicle_phase.stopped = slow;
                at::vof_attack(game, *v);
                enemy_reacts(game, *v);
            }
        }
        Input::Answer(Answer::VehicleFire { shooter, target }) => {
            game.state.vehicle_phase.current = Some(*shooter);
            // 7.5 A: the VOF on the firer's card comes first, unless it
            // already struck the vehicle on this card in this phase.
            if let Shooter::Vehicle(v) = shooter {
                at::vof_attack(game, *v);
            }
            if armed(game, *shooter) {
                let quick = at::fire(game, *shooter, *target);
                if let Shooter::Vehicle(v) = shooter {
                    enemy_reacts(game, *v);
                }
                let again = quick && armed(game, *shooter) && !targets(game, *shooter).is_empty();
                game.state.vehicle_phase.quick = again;
                if !again {
                    finish(game, *shooter);
                }
            } else {
                finish(game, *shooter);
            }
        }
        Input::Answer(Answer::VehicleSpot { vehicle: v, target }) => {
            game.state.vehicle_phase.current = Some(Shooter::Vehicle(*v));
            spot(game, *v, *target);
            finish(game, Shooter::Vehicle(*v));
        }
        Input::Answer(Answer::VehicleEnd { shooter }) => finish(game, *shooter),
        Input::Answer(Answer::AirPlace { vehicle: v, at }) => {
            game.state.vehicle_phase.current = Some(Shooter::Vehicle(*v));
            if vehicle(game, *v).gunship.is_some() {
                gunship::place(game, *v, *at);
            } else {
                air::fac_place(game, *v, *at);
            }
        }
        Input::Answer(Answer::HeliFly { vehicle: v, to }) => {
            game.state.vehicle_phase.current = Some(Shooter::Vehicle(*v));
            if heli::fly(game, *v, *to) {
                finish(game, Shooter::Vehicle(*v));
            }
        }
        Input::Answer(Answer::GunshipRun { vehicle: v, at }) => {
            game.state.vehicle_phase.current = Some(Shooter::Vehicle(*v));
            if gunship::run(game, *v, *at) {
                finish(game, Shooter::Vehicle(*v));
            }
        }
        Input::Answer(Answer::FacMark { vehicle: v, target }) => {
            game.state.vehicle_phase.current = Some(Shooter::Vehicle(*v));
            air::fac_mark(game, *v, *target);
        }
        Input::Answer(Answer::FacCall {
            vehicle: v,
            kind,
            target,
        }) => {
            game.state.vehicle_phase.current = Some(Shooter::Vehicle(*v));
            air::fac_call(game, *v, *kind, *target);
        }
        Input::Answer(Answer::AirAttack {
            vehicle: v,
            adjacent,
        }) => {
            game.state.vehicle_phase.current = Some(Shooter::Vehicle(*v));
            air::strike(game, *v, *adjacent);
            finish(game, Shooter::Vehicle(*v));
        }
        Input::Answer(Answer::VehicleDisembark { vehicle: v, unit }) => {
            game.state.vehicle_phase.current = Some(Shooter::Vehicle(*v));
            transport::disembark(game, *unit);
        }
        Input::Answer(Answer::VehicleSmoke {
            vehicle: v,
            target,
            wp,
        }) => {
            game.state.vehicle_phase.current = Some(Shooter::Vehicle(*v));
            fire_smoke(game, *v, *target, *wp);
            finish(game, Shooter::Vehicle(*v));
        }
        Input::Answer(Answer::React { shooter }) => {
            let Choice::Reaction { target, shooters } = c else {
                return Ok(());
            };
            // Decision (7.5 D, 7.6): reaction fire is one shot; a Quick Shot
            // result in reaction earns no second one.
            at::fire(game, *shooter, *target);
            let rest: Vec<Shooter> = shooters
                .iter()
                .copied()
                .filter(|s| s != shooter && can_react(game, *s, *target))
                .collect();
            if !rest.is_empty() {
                game.state.choices.insert(
                    0,
                    Choice::Reaction {
                        target: *target,
                        shooters: rest,
                    },
                );
                return Ok(());
            }
        }
        Input::Answer(Answer::HoldFire) => {}
        _ => {}
    }
    proceed(game);
    Ok(())
}

fn refusal(game: &Game, c: &Choice, input: &Input) -> String {
    match (c, input) {
        (Choice::VehicleTurn { pending }, Input::Answer(Answer::VehicleMove { vehicle: v, to })) => {
            let s = Shooter::Vehicle(*v);
            if !pending.contains(&s) {
                return "that vehicle has no activation to carry out now (7.2)".into();
            }
            let x = vehicle(game, *v);
            if x.fired {
                return format!(
                    "{} has fired: a vehicle may not move after it fires (7.3.1)",
                    x.label
                );
            }
            if game.state.vehicle_phase.stopped {
                return format!(
                    "{} entered SLOW ground and must stop there (7.3.1)",
                    x.label
                );
            }
            match moves::check_move(game, *v, *to) {
                Err(e) => e.text,
                Ok(()) => "that move is not open now".into(),
            }
        }
        (Choice::VehicleTurn { pending }, Input::Answer(Answer::VehicleFire { shooter, target })) => {
            if !pending.contains(shooter) {
                return "that unit has no activation to carry out now (7.2, 7.5)".into();
            }
            if !may_fire(game, *shooter) {
                return format!(
                    "{} may not fire now: it has fired, moved without a Move & Fire value, or has no rounds left (7.5, 7.8)",
                    shooter_name(game, *shooter)
                );
            }
            match game.state.vehicles.get(target.0 as usize) {
                Some(t) => format!(
                    "{} cannot see {} or it is out of range (7.5 A)",
                    shooter_name(game, *shooter),
                    t.label
                ),
                None => format!("there is no vehicle {target}"),
            }
        }
        (Choice::VehicleTurn { pending }, Input::Answer(Answer::VehicleSpot { vehicle: v, target })) => {
            if !pending.contains(&Shooter::Vehicle(*v)) {
                return "that vehicle has no activation to carry out now (7.2)".into();
            }
            format!(
                "{} cannot try to spot {target}: it is pinned or has fired, or no unspotted enemy it can see is there (7.5 E)",
                vehicle(game, *v).label
            )
        }
        (Choice::VehicleTurn { pending }, Input::Answer(Answer::VehicleDisembark { vehicle: v, unit })) => {
            if !pending.contains(&Shooter::Vehicle(*v)) {
                return "that vehicle has no activation to carry out now (7.2)".into();
            }
            if game.state.get(*unit).and_then(|u| u.riding) != Some(*v) {
                return format!(
                    "{} is not aboard {}",
                    game.describe(*unit),
                    vehicle(game, *v).label
                );
            }
            match transport::check_off(game, *unit) {
                Err(e) => e.text,
                Ok(_) => "that passenger cannot get off now".into(),
            }
        }
        (Choice::VehicleTurn { pending }, Input::Answer(Answer::VehicleSmoke { vehicle: v, target, .. })) => {
            if !pending.contains(&Shooter::Vehicle(*v)) {
                return "that vehicle has no activation to carry out now (7.2)".into();
            }
            format!(
                "{} cannot fire that round at {target}: it has none of that kind left, has fired, carries riders, moved without a Move & Fire value, or cannot see the card within its range (7.8)",
                vehicle(game, *v).label
            )
        }
        (Choice::VehicleTurn { pending }, Input::Answer(Answer::AirAttack { vehicle: v, adjacent })) => {
            if !pending.contains(&Shooter::Vehicle(*v)) || !at::is_aircraft(game, *v) {
                return "that is not a called attack helicopter waiting to strike (7.1.2)".into();
            }
            match adjacent {
                Some(a) if vehicle(game, *v).air.is_some_and(|t| t.short) => format!(
                    "the call fell short: the helicopters attack their new target only, not {a} (6.7.3, 7.1.2)"
                ),
                Some(a) => format!(
                    "{a} is not next to the helicopters' target: the second card must be adjacent (7.1.2)"
                ),
                None => "those helicopters have struck already this turn (7.1.2)".into(),
            }
        }
        (Choice::VehicleTurn { .. }, Input::Answer(Answer::FacCall { vehicle: v, kind, target })) => {
            match air::check_fac_call(game, *v, *kind, *target) {
                Err(e) => e.text,
                Ok(()) => "that aircraft has no activation to carry out now (7.2)".into(),
            }
        }
        (Choice::VehicleTurn { .. }, Input::Answer(Answer::HeliFly { vehicle: v, to })) => {
            match heli::check_fly(game, *v, *to) {
                Err(e) => e.text,
                Ok(()) => "that helicopter has no activation to carry out now (7.2)".into(),
            }
        }
        (Choice::VehicleTurn { .. }, Input::Answer(Answer::GunshipRun { vehicle: v, at })) => {
            match gunship::check_run(game, *v, *at) {
                Err(e) => e.text,
                Ok(()) => "that aircraft has no activation to carry out now (7.2)".into(),
            }
        }
        (
            Choice::VehicleTurn { .. },
            Input::Answer(Answer::AirPlace { vehicle: v, .. }) | Input::Answer(Answer::FacMark { vehicle: v, .. }),
        ) => format!(
            "{} is not an aircraft waiting to fly over a card (a forward air controller or a gunship, once a turn, the gunship at night), or has placed or marked already this turn (7.1.3, 7.1.4)",
            game.state
                .vehicles
                .get(v.0 as usize)
                .map(|x| x.label.clone())
                .unwrap_or_else(|| "that vehicle".into())
        ),
        (Choice::VehicleTurn { .. }, _) => {
            "move, fire, spot, set passengers down, strike with called helicopters, fly the gunship, or end one of the activated vehicles or readied teams (3.6)".into()
        }
        (Choice::Reaction { .. }, _) => {
            "fire with one of the units offered, or hold fire (7.5 D)".into()
        }
        _ => "that is not an answer to this question".into(),
    }
}

/// Whether `s` may fire in reaction at `target` (7.5 D): not yet fired in
/// this phase, armed, in sight and reach.
fn can_react(game: &Game, s: Shooter, target: VehicleId) -> bool {
    let fresh = match s {
        Shooter::Vehicle(v) => {
            let x = vehicle(game, v);
            !x.fired && fires_after_moving(game, x)
        }
        Shooter::Team(u) => !game.state.vehicle_phase.fired.contains(&u),
    };
    fresh && armed(game, s) && in_reach(game, s, target)
}

/// Every unit of `side` that could fire in reaction at `target`.
fn reactors(game: &Game, side: Side, target: VehicleId) -> Vec<Shooter> {
    let mut v: Vec<Shooter> = game
        .state
        .vehicles
        .iter()
        .filter(|x| x.side == side)
        .map(|x| Shooter::Vehicle(x.id))
        .collect();
    v.extend(
        game.state
            .in_play()
            .filter(|u| u.side == side && game.data.vehicles.weapon(&u.unit_type.0).is_some())
            .map(|u| Shooter::Team(u.id)),
    );
    v.into_iter()
        .filter(|s| can_react(game, *s, target))
        .collect()
}

/// 7.5 D: the enemy's AT-capable units always fire in reaction when they
/// can, one after another while the vehicle is in play.
fn enemy_reacts(game: &mut Game, target: VehicleId) {
    let side = vehicle(game, target).side.opponent();
    if side == Side::Us {
        return;
    }
    for s in reactors(game, side, target) {
        if !vehicle(game, target).in_play() {
            return;
        }
        if can_react(game, s, target) {
            at::fire(game, s, target);
        }
    }
}

/// 7.5 D: the company's units that could react to an enemy vehicle's
/// move or fire are offered the shot. `true` when the player is asked.
fn ask_reactions(game: &mut Game, target: VehicleId) -> bool {
    if !vehicle(game, target).in_play() {
        return false;
    }
    let shooters = reactors(game, Side::Us, target);
    if shooters.is_empty() {
        return false;
    }
    game.state
        .choices
        .insert(0, Choice::Reaction { target, shooters });
    true
}

/// The best US target for an enemy shooter: the lowest AT modifier, the
/// lower id first among equals.
fn best_target(game: &Game, s: Shooter) -> Option<VehicleId> {
    targets(game, s)
        .into_iter()
        .filter_map(|t| modifier(game, s, t).map(|m| (m.total, t)))
        .min()
        .map(|(_, t)| t)
}

/// The enemy activation under way, one piece at a time: it stops when the
/// player is asked about reaction fire and goes on after the answer.
fn enemy_go(game: &mut Game) {
    let Some(v) = game.state.vehicle_phase.acting else {
        return;
    };
    let s = Shooter::Vehicle(v);
    let done = |game: &mut Game| {
        game.state.vehicles[v.0 as usize].done = true;
        game.state.vehicle_phase.acting = None;
        game.state.vehicle_phase.stage = 0;
    };
    if !vehicle(game, v).in_play() {
        done(game);
        return;
    }
    match game.state.vehicle_phase.stage {
        0 => {
            let priorities = game
                .mission
                .vehicle_orders
                .as_ref()
                .map(|o| o.priorities.clone())
                .unwrap_or_default();
            for p in priorities {
                match p {
                    VehiclePriority::KnockOut => {
                        if may_fire(game, s)
                            && let Some(t) = best_target(game, s)
                        {
                            game.state.vehicle_phase.stage = 2;
                            at::vof_attack(game, v);
                            if vehicle(game, v).in_play() {
                                enemy_fire(game, s, t);
                                ask_reactions(game, v);
                            }
                            return;
                        }
                    }
                    VehiclePriority::Advance => {
                        if let Some(to) = advance_card(game, v) {
                            game.state.vehicle_phase.stage = 1;
                            at::vof_attack(game, v);
                            if vehicle(game, v).in_play() && !vehicle(game, v).pinned {
                                let (to, reads) = to;
                                moves::move_to_drawn(game, v, to, reads);
                                at::vof_attack(game, v);
                                ask_reactions(game, v);
                            }
                            return;
                        }
                    }
                    VehiclePriority::Hold => break,
                }
            }
            game.say(
                "9.10",
                EventKind::Nothing {
                    why: Quiet::VehicleHolds(v),
                },
                Vec::new(),
            );
            done(game);
        }
        1 => {
            game.state.vehicle_phase.stage = 2;
            let knock_out = game
                .mission
                .vehicle_orders
                .as_ref()
                .is_some_and(|o| o.priorities.contains(&VehiclePriority::KnockOut));
            if knock_out
                && may_fire(game, s)
                && let Some(t) = best_target(game, s)
            {
                enemy_fire(game, s, t);
                ask_reactions(game, v);
            }
        }
        _ => done(game),
    }
}

/// An enemy shot, with its Quick Shots taken while a target remains (7.6).
fn enemy_fire(game: &mut Game, s: Shooter, first: VehicleId) {
    let mut t = first;
    for _ in 0..8 {
        game.state.vehicle_phase.quick = false;
        let quick = at::fire(game, s, t);
        if !quick || !armed(game, s) {
            return;
        }
        match best_target(game, s) {
            Some(n) => t = n,
            None => return,
        }
    }
}

/// 9.10 "Advance": the adjacent card the vehicle can enter that brings it
/// nearest the company's closest unit or vehicle, R# among equals; `None`
/// when no move brings it nearer.
fn advance_card(
    game: &mut Game,
    v: VehicleId,
) -> Option<(CardPos, Vec<crate::engine::kernel::events::CardRead>)> {
    let x = vehicle(game, v).clone();
    if x.fired {
        return None;
    }
    let us: Vec<CardPos> = game
        .state
        .in_play()
        .filter(|u| u.side == Side::Us && !u.pos.is_staging())
        .map(|u| u.pos)
        .chain(
            game.state
                .vehicles
                .iter()
                .filter(|w| w.side == Side::Us && w.in_play() && !w.pos.is_staging())
                .map(|w| w.pos),
        )
        .collect();
    let near = |p: CardPos| us.iter().map(|q| p.distance(*q)).min().unwrap_or(u8::MAX);
    let now = near(x.pos);
    let mut options = Vec::new();
    for to in around(game, x.pos) {
        if to.is_staging() || moves::check_move(game, v, to).is_err() {
            continue;
        }
        let d = near(to);
        if d < now {
            // Nearest first: the key is the negated distance.
            options.push((to, std::cmp::Reverse(d)));
        }
    }
    crate::engine::kernel::game::pick_card(game, &options, Purpose::VehicleAdvance { vehicle: v })
}

/// 3.6 ends: the vehicles that were not activated take the VOF on their
/// cards (7.5 D), Pinned markers lift from vehicles no attack touched in
/// the phase (7.7 A 4), and the phase's marks go.
fn end_phase(game: &mut Game) {
    // 7.4.5: a helicopter in flight that has not moved moves on.
    heli::end(game);
    let idle: Vec<VehicleId> = game
        .state
        .vehicles
        .iter()
        .filter(|v| v.in_play() && !v.activated && !v.pos.is_staging())
        .map(|v| v.id)
        .collect();
    // Decision (7.5 D): "friendly vehicles that were not activated" is read
    // for both sides; the enemy's idle vehicles sit under the company's
    // fire just the same.
    for v in idle {
        at::vof_attack(game, v);
    }
    let lifted: Vec<VehicleId> = game
        .state
        .vehicles
        .iter()
        .filter(|v| v.in_play() && v.pinned && !v.attacked)
        .map(|v| v.id)
        .collect();
    for v in lifted {
        game.state.vehicles[v.0 as usize].pinned = false;
        let x = vehicle(game, v);
        let pos = x.pos;
        game.say(
            "7.7 A 4",
            EventKind::Marker {
                pos,
                what: MarkerKind::VehiclePinLifted(v),
            },
            Vec::new(),
        );
    }
    for v in &mut game.state.vehicles {
        v.moved = false;
        v.fired = false;
        v.attacked = false;
        v.vof_taken = false;
    }
    game.state.vehicle_phase = VehiclePhase::default();
    // 7.3.2: the attack helicopters' run is over.
    air::fly_off(game);
    // The fire on the map follows the vehicles that moved or fell (6.1).
    crate::engine::combat::engage::update(game);
    game.say(
        "3.6",
        EventKind::Nothing {
            why: Quiet::VehiclePhaseOver,
        },
        Vec::new(),
    );
}

/// 3.8: the Activated and Moved/Fired markers come off.
pub fn clean_up(game: &mut Game) {
    for v in &mut game.state.vehicles {
        v.activated = false;
        v.done = false;
    }
    air::clean_up(game);
}
