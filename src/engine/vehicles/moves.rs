//! Activating vehicles and AT-capable teams (7.1.1, 7.2, 7.5) and moving
//! vehicles from card to card (7.3.1, 1.2.1 B, I).

use crate::data::terrain::Traffic;
use crate::data::units::Side;
use crate::engine::kernel::events::EventKind;
use crate::engine::kernel::events::{MarkerKind, Quiet};
use crate::engine::kernel::events::{VehicleActivation, VehicleMove};
use crate::engine::kernel::game::{Game, Illegal, no};
use crate::engine::kernel::ids::{UnitId, VehicleId};
use crate::engine::kernel::input::Action;
use crate::engine::kernel::pos::CardPos;
use crate::engine::vehicles::at::vehicle;

/// Vehicles of `side` on a card, and the wrecks there, against the
/// capacity of four per side (1.2.1 I). Decision (7.7, 5.1.5): a wreck
/// "counts against the vehicle capacity limits" (7.7, the later and more
/// particular rule), against each side's.
pub fn vehicles_on(game: &Game, pos: CardPos, side: Side) -> usize {
    game.state
        .vehicles
        .iter()
        // 7.1.4: a gunship flies too high to take a place on the card.
        .filter(|v| v.in_play() && v.pos == pos && v.side == side && v.gunship.is_none())
        .count()
        + game.state.wrecks.iter().filter(|w| w.pos == pos).count()
}

/// Checks an activation order (7.2, 7.5).
pub fn check(game: &Game, by: Option<UnitId>, a: &Action) -> Result<(), Illegal> {
    match a {
        Action::ActivateVehicle { vehicle: v } => {
            let x = crate::engine::vehicles::radio::company_vehicle(game, *v)?;
            if x.schedule.is_some() {
                return no(|| {
                    format!(
                        "{} keeps a preplanned transport schedule: it is never activated (7.2.1)",
                        x.label
                    )
                });
            }
            if x.activated {
                return no(|| {
                    format!(
                        "{} is already activated this turn: once a turn (7.2)",
                        x.label
                    )
                });
            }
            crate::engine::vehicles::lz::check_assault_turn(game, *v)?;
            crate::engine::vehicles::radio::reaches(game, by, *v)
        }
        Action::ActivateVehicleHq { vehicle: v } => {
            crate::engine::vehicles::radio::check_activate_hq(game, by, *v)
        }
        Action::ReadyAntiTank { unit } => {
            let u = game.state.unit(*unit);
            if u.side != Side::Us || !u.in_play() {
                return no(|| format!("{} is not one of the company's units", u.label));
            }
            if game.data.vehicles.weapon(&u.unit_type.0).is_none() {
                return no(|| {
                    format!(
                        "{} has no weapon that can fire at a vehicle (1.2.6)",
                        u.label
                    )
                });
            }
            if u.pinned {
                return no(|| {
                    format!(
                        "{} is pinned: a pinned unit takes no combat action (4.2.5)",
                        u.label
                    )
                });
            }
            if !crate::engine::vehicles::at::roof_allows(game, u) {
                return no(|| {
                    format!(
                        "{} cannot fire its rocket launcher or recoilless rifle from under a building, bunker or pillbox (6.4)",
                        u.label
                    )
                });
            }
            if crate::engine::combat::actions::exposed_heavy(game, u) {
                return no(|| {
                    format!(
                        "{} is Exposed: heavy weapons cannot fire while Exposed (6.4)",
                        u.label
                    )
                });
            }
            if !crate::engine::vehicles::at::at_capable(game, *unit) {
                return no(|| {
                    format!(
                        "{} cannot fire its anti-tank weapon now (on its fire-team side, out of ammunition, or in the staging area)",
                        u.label
                    )
                });
            }
            if game.state.vehicle_phase.ready.contains(unit) {
                return no(|| format!("{} is already readied this turn", u.label));
            }
            if !game
                .state
                .vehicles
                .iter()
                .any(|v| v.in_play() && v.side != u.side && !v.pos.is_staging())
            {
                return no("there is no enemy vehicle on the map to fire at");
            }
            crate::engine::orders::chain::can_order(game, by, *unit)
        }
        Action::Embark { vehicle: v, unit } => {
            crate::engine::vehicles::transport::check_embark(game, by, *v, *unit)
        }
        Action::Disembark { unit } => {
            crate::engine::vehicles::transport::check_disembark(game, by, *unit)
        }
        Action::Load {
            unit,
            vehicle: v,
            asset,
        } => crate::engine::vehicles::transport::check_load(game, by, *unit, *v, *asset),
        Action::Unload { vehicle: v } => {
            crate::engine::vehicles::transport::check_unload(game, by, *v)
        }
        _ => Ok(()),
    }
}

/// 7.4.5: "commands must FIRST be spent on moving the helicopters": while
/// a transport helicopter in flight that this originator could activate
/// is not yet activated, its commands go to that (or to activating a
/// subordinate HQ, the procedures' one exception) before anything else.
pub fn check_helicopters_first(game: &Game, by: Option<UnitId>, a: &Action) -> Result<(), Illegal> {
    // The menu calls this only where helicopters fly.
    if matches!(a, Action::Activate { .. }) {
        return Ok(());
    }
    if let Action::ActivateVehicle { vehicle: v } = a
        && game.state.vehicles[v.0 as usize].in_flight()
    {
        return Ok(());
    }
    let waiting = game.state.vehicles.iter().find(|x| {
        x.in_flight()
            && !x.activated
            && crate::engine::vehicles::radio::reaches(game, by, x.id).is_ok()
    });
    match waiting {
        Some(x) => no(|| {
            format!(
                "{} is in flight and not yet activated: the helicopters in flight take the first commands (7.4.5)",
                x.label
            )
        }),
        None => Ok(()),
    }
}

/// Candidates for the Action Menu.
pub fn candidates(game: &Game, out: &mut Vec<Action>) {
    if game.state.vehicles.is_empty() {
        return;
    }
    for v in &game.state.vehicles {
        if v.side == Side::Us && v.in_play() && !v.activated && v.schedule.is_none() {
            out.push(Action::ActivateVehicle { vehicle: v.id });
        }
        if v.command.is_some_and(|c| !c.activated && !c.done) && v.in_play() {
            out.push(Action::ActivateVehicleHq { vehicle: v.id });
        }
    }
    // 7.4.1-7.4.2: the company's units beside a vehicle with room, and
    // every passenger.
    for v in &game.state.vehicles {
        if v.side != Side::Us
            || !v.in_play()
            || crate::engine::vehicles::transport::capacity(game, v.id) == 0
        {
            continue;
        }
        for u in game.state.units_at(v.pos) {
            if u.side == Side::Us && u.riding.is_none() {
                out.push(Action::Embark {
                    vehicle: v.id,
                    unit: u.id,
                });
                if u.cargo.is_some() {
                    out.push(Action::Load {
                        unit: u.id,
                        vehicle: v.id,
                        asset: None,
                    });
                }
                for i in 0..u.assets.len() {
                    out.push(Action::Load {
                        unit: u.id,
                        vehicle: v.id,
                        asset: Some(i),
                    });
                }
            }
        }
        if v.cargo.is_some() || !v.assets.is_empty() {
            out.push(Action::Unload { vehicle: v.id });
        }
    }
    for u in game.friendly() {
        if u.riding.is_some() {
            out.push(Action::Disembark { unit: u.id });
        }
    }
    if game
        .state
        .vehicles
        .iter()
        .any(|v| v.in_play() && v.side != Side::Us)
    {
        for u in game.friendly() {
            if game.data.vehicles.weapon(&u.unit_type.0).is_some() {
                out.push(Action::ReadyAntiTank { unit: u.id });
            }
        }
    }
}

/// Carries out a checked activation order.
pub fn perform(game: &mut Game, a: &Action) {
    match a {
        Action::ActivateVehicle { vehicle: v } => {
            game.state.vehicles[v.0 as usize].activated = true;
            if game.state.vehicles[v.0 as usize].lift.is_some() {
                // 7.4.5: the helicopters that fly together.
                // 7.2, 7.4.5 (the procedures digest): one activation
                // activates every transport helicopter of the company in
                // the same staging area or on the same LZ card.
                let pos = vehicle(game, *v).pos;
                let mut with = Vec::new();
                for x in &mut game.state.vehicles {
                    if x.id != *v && x.lift.is_some() && x.in_play() && x.pos == pos && !x.activated
                    {
                        x.activated = true;
                        with.push(x.id);
                    }
                }
                game.say(
                    "7.4.5",
                    EventKind::VehicleActivated {
                        vehicle: Some(*v),
                        how: VehicleActivation::Helicopters { with },
                    },
                    Vec::new(),
                );
                return;
            }
            game.say(
                "7.2",
                EventKind::VehicleActivated {
                    vehicle: Some(*v),
                    how: VehicleActivation::Vehicle,
                },
                Vec::new(),
            );
        }
        Action::ActivateVehicleHq { vehicle: v } => {
            if let Some(c) = &mut game.state.vehicles[v.0 as usize].command {
                c.activated = true;
            }
            game.say(
                "7.1.1",
                EventKind::VehicleActivated {
                    vehicle: Some(*v),
                    how: VehicleActivation::PlatoonHq,
                },
                Vec::new(),
            );
        }
        Action::ReadyAntiTank { unit } => {
            game.state.vehicle_phase.ready.push(*unit);
            game.say(
                "7.5",
                EventKind::VehicleActivated {
                    vehicle: None,
                    how: VehicleActivation::AntiTank(*unit),
                },
                Vec::new(),
            );
        }
        Action::Embark { vehicle: v, unit } => {
            crate::engine::vehicles::transport::embark(game, *v, *unit)
        }
        Action::Disembark { unit } => crate::engine::vehicles::transport::disembark(game, *unit),
        Action::Load {
            unit,
            vehicle: v,
            asset,
        } => crate::engine::vehicles::transport::load_onto(game, *unit, *v, *asset),
        Action::Unload { vehicle: v } => crate::engine::vehicles::transport::unload(game, *v),
        _ => {}
    }
}

/// Whether the vehicle may move to `to` now (7.3.1): an adjacent dealt
/// card, not NO trafficability, room for one more vehicle of its side
/// (1.2.1 I, wrecks included).
pub fn check_move(game: &Game, v: VehicleId, to: CardPos) -> Result<(), Illegal> {
    let Some(x) = game.state.vehicles.get(v.0 as usize) else {
        return no(|| format!("there is no vehicle {v}"));
    };
    if !x.in_play() {
        return no(|| format!("{} is out of the fight", x.label));
    }
    let t = game.data.vehicles.vehicle(&x.vehicle_type.0);
    if !t.is_some_and(|t| t.mobile) {
        return no(|| format!("{} is a gun that never moves (7.1.1)", x.label));
    }
    if !x.pos.adjacent(to) {
        return no(|| format!("{to} is not next to {}", x.pos));
    }
    if !crate::engine::vehicles::transport::has_driver(game, v) {
        return no(|| {
            format!(
                "{} has no crew: it moves only with a unit aboard to drive it (7.4.3)",
                x.label
            )
        });
    }
    // 7.5 note, 4.2.5: a pinned vehicle moves only into a staging area or
    // onto a card its side holds with no VOF on it.
    if x.pinned && !to.is_staging() {
        let friendly = game.state.units_at(to).any(|u| u.side == x.side)
            || game
                .state
                .vehicles
                .iter()
                .any(|w| w.in_play() && w.pos == to && w.side == x.side && w.id != v);
        let under_fire = crate::engine::combat::fire::card_vof_on(game, to, x.side).is_some();
        if !friendly || under_fire {
            return no(|| {
                format!(
                    "{} is pinned (buttoned up): it moves only to a staging area or a card its side holds with no VOF on it (4.2.5)",
                    x.label
                )
            });
        }
    }
    if to.is_staging() {
        if !game.state.map.is_staging(to) {
            return no(|| format!("{to} is off the map"));
        }
        if x.side == Side::Us {
            return Ok(());
        }
        return no("the enemy's vehicles do not enter the company's staging area");
    }
    may_enter(game, to, x.side)
}

/// Whether a vehicle of `side` may end up on the map card `to`: a card is
/// laid there, it is not NO-GO ground, and it has room for one more of
/// the side's vehicles (1.2.1 B, I; wrecks count).
fn may_enter(game: &Game, to: CardPos, side: Side) -> Result<(), Illegal> {
    let Some(card) = game.top_card(to) else {
        return no(|| format!("no card is laid at {to}"));
    };
    if card.traffic == Traffic::No {
        return no(|| format!("{to} is NO-GO ground for vehicles (1.2.1 B)"));
    }
    let cap = game.data.charts.stacking.vehicles as usize;
    if vehicles_on(game, to, side) >= cap {
        return no(|| {
            format!(
                "{to} already holds {cap} of its side's vehicles and wrecks, the most a card takes (1.2.1 I)"
            )
        });
    }
    Ok(())
}

/// Moves the vehicle one card (7.5 B). Returns whether it must stop there
/// (SLOW ground, 7.3.1).
pub fn move_to(game: &mut Game, v: VehicleId, to: CardPos) -> bool {
    move_to_drawn(game, v, to, Vec::new())
}

/// [`move_to`], `reads` being the card drawn to pick `to` among cards
/// equally good (an enemy vehicle's advance), logged with the move: the
/// after-action report counted it among cards drawn that no event shows.
pub fn move_to_drawn(
    game: &mut Game,
    v: VehicleId,
    to: CardPos,
    reads: Vec<crate::engine::kernel::events::CardRead>,
) -> bool {
    let from = vehicle(game, v).pos;
    {
        let x = &mut game.state.vehicles[v.0 as usize];
        x.pos = to;
        x.moved = true;
        x.vof_taken = false;
    }
    let slow = game
        .top_card(to)
        .is_some_and(|c| c.traffic == Traffic::Slow);
    game.say(
        "7.3.1",
        EventKind::VehicleMoved {
            vehicle: v,
            from,
            to,
            how: VehicleMove::Drive {
                drawn: !reads.is_empty(),
                slow,
            },
        },
        reads,
    );
    crate::engine::vehicles::transport::carry_along(game, v);
    // 9.2.1: a vehicle passes through cards without resolving their
    // Potential Contact markers; the marker where it stops is resolved in
    // the VOF Segment like any (3.7.1 B, `enemy::contact`). 9.5: it checks
    // for mines on each card it enters.
    crate::engine::vehicles::at::mine_check(game, v);
    slow
}

/// 7.2.1: the preplanned transports keep their schedules at the start of
/// the Vehicle phase, with no activation: one that is due drives from its
/// staging area to its card; one whose time is up sets down whoever is
/// still aboard and leaves the map (not a loss). Returns the vehicles that
/// arrived, for the fire on their card and the enemy's reactions.
///
/// Decisions: the schedule's card is reached by the road the mission
/// planned, in one move (it is not stopped by SLOW ground on the way); if
/// that card is NO-go ground or already holds four of the company's
/// vehicles and wrecks, the vehicle waits in its staging area and tries
/// again next turn, until its time to leave.
pub fn keep_schedules(game: &mut Game) -> Vec<VehicleId> {
    let turn = game.state.turn;
    let due: Vec<VehicleId> = game
        .state
        .vehicles
        .iter()
        .filter(|v| v.side == Side::Us && v.in_play() && v.schedule.is_some())
        .map(|v| v.id)
        .collect();
    let mut arrived = Vec::new();
    for v in due {
        let (label, pos, s) = {
            let x = vehicle(game, v);
            (x.label.clone(), x.pos, x.schedule.expect("scheduled"))
        };
        if turn >= s.leave {
            let riders: Vec<UnitId> = game.state.passengers(v).map(|u| u.id).collect();
            for r in riders {
                crate::engine::vehicles::transport::disembark(game, r);
                crate::engine::vehicles::transport::make_room(game, r);
            }
            crate::engine::vehicles::transport::items_leave(
                game,
                v,
                crate::engine::kernel::events::CargoFate::LeavesTheMap,
            );
            game.state.vehicles[v.0 as usize].gone = true;
            game.say(
                "7.2.1",
                EventKind::Marker {
                    pos,
                    what: MarkerKind::VehicleLeaves(v),
                },
                Vec::new(),
            );
            continue;
        }
        if turn < s.arrive || !pos.is_staging() {
            continue;
        }
        let to = CardPos::new(s.at.0, s.at.1);
        if let Err(Illegal { text: why, .. }) = may_enter(game, to, Side::Us) {
            game.emit(
                "7.2.1",
                EventKind::Nothing {
                    why: Quiet::ScheduleBlocked,
                },
                format!(
                    "{label} cannot drive to {to} as planned ({why}): it waits in the staging area."
                ),
                Vec::new(),
            );
            continue;
        }
        {
            let x = &mut game.state.vehicles[v.0 as usize];
            x.pos = to;
            x.moved = true;
            x.vof_taken = false;
        }
        crate::engine::vehicles::transport::carry_along(game, v);
        game.say(
            "7.2.1",
            EventKind::VehicleMoved {
                vehicle: v,
                from: pos,
                to,
                how: VehicleMove::Scheduled,
            },
            Vec::new(),
        );
        crate::engine::vehicles::at::mine_check(game, v);
        arrived.push(v);
    }
    arrived
}
