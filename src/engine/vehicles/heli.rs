//! Transport helicopters and the helicopter assault (7.3.2, 7.4.5, 2.4.2 B):
//! the four helicopter staging areas, the landing zone, landing under the
//! enemy's fire, setting the passengers down, and the round trip back to
//! the Pickup Zone. The AT results of 7.7 B 3-4 for a transport (abort to
//! the Outbound or Inbound area with its passengers) are in `at::abort`.
//!
//! A helicopter in the Pickup Zone waits until activated (a command, 7.2);
//! one in flight (Inbound, Loiter, Outbound, or on an LZ card) must move
//! each Vehicle phase whether activated or not, fuel forcing it on
//! (7.4.5). Where each may go:
//! - Pickup Zone: to the Inbound area, or stay;
//! - Inbound: land on an LZ card, or go to the Loiter area, or back to the
//!   Pickup Zone;
//! - Loiter: land on an LZ card, or go to the Outbound area;
//! - an LZ card: take off for the Outbound area;
//! - Outbound: to the Pickup Zone.
//!
//! Decisions:
//! - 7.3.2: after a helicopter's first landing in the mission, it lands
//!   again only on an LZ card marked with a pyrotechnic this turn.
//! - 7.4.5: a landing is fired on as an attack helicopter's placement is
//!   (the enemy's best fire that reaches the card, on the chart's rows for
//!   aircraft), then by the VOF already on the card (at the better of the
//!   aircraft's and the ground vehicle's rows), before anyone gets off. A helicopter sitting on the LZ is not fired on again: the rules
//!   name only the landing.
//! - 7.4.5: in the Pickup Zone passengers get off as the helicopter
//!   lands, and casualties aboard are evacuated (5.1.7: "by helicopter
//!   from any LZ to the Pick Up Zone").
//! - A helicopter that must move and is not moved by the player moves by
//!   itself at the end of the phase: Inbound to Loiter, Loiter and the LZ
//!   to Outbound, Outbound to the Pickup Zone.

use crate::data::units::{Side, UnitKind};
use crate::engine::kernel::events::EventKind;
use crate::engine::kernel::events::{Quiet, StatusChange};
use crate::engine::kernel::game::{Game, Illegal, no};
use crate::engine::kernel::ids::{UnitId, VehicleId};
use crate::engine::kernel::input::Answer;
use crate::engine::kernel::input::Input;
use crate::engine::kernel::pos::{CardPos, HeliArea};
use crate::engine::kernel::vehicle::Shooter;
use crate::engine::vehicles::at::vehicle;
use crate::engine::vehicles::lz::lz_cards;

/// Whether `pos` is marked for a landing: a pyrotechnic showing there this
/// turn (7.3.2).
fn marked(game: &Game, pos: CardPos) -> bool {
    game.state
        .map
        .card(pos)
        .is_some_and(|c| !c.markers.signals.is_empty())
}

/// Why the helicopter may not land on `lz` now (7.3.2, 7.4.5, 1.2.1 I).
pub fn check_landing(game: &Game, v: VehicleId, lz: CardPos) -> Result<(), Illegal> {
    let x = vehicle(game, v);
    let Some(l) = x.lift else {
        return no(|| format!("{} is not a transport helicopter (7.4.5)", x.label));
    };
    if !matches!(
        x.pos.heli_area(),
        Some(HeliArea::Inbound | HeliArea::Loiter)
    ) {
        return no(|| {
            format!(
                "{} lands from the Inbound or Loiter area only (7.4.5)",
                x.label
            )
        });
    }
    if !lz_cards(game).contains(&lz) {
        return no(|| format!("{lz} is not a card of the landing zone (7.3.2, 7.4.5)"));
    }
    let cap = game.data.charts.stacking.vehicles as usize;
    let landed = game
        .state
        .vehicle_phase
        .landed
        .iter()
        .filter(|p| **p == lz)
        .count();
    if landed >= cap {
        return no(|| format!("{cap} helicopters have landed on {lz} this turn already (7.4.5)"));
    }
    if crate::engine::vehicles::moves::vehicles_on(game, lz, Side::Us) >= cap {
        return no(|| {
            format!(
                "{lz} already holds {cap} of the company's vehicles and wrecks (1.2.1 I, 7.4.5)"
            )
        });
    }
    if l.landings > 0 && !marked(game, lz) {
        return no(|| {
            format!(
                "after its first landing a helicopter lands only where a pyrotechnic marks the LZ: deploy one on {lz} first (7.3.2)"
            )
        });
    }
    Ok(())
}

/// Where the helicopter may fly in its activation (7.4.5), or nothing once
/// it has moved this phase.
pub fn destinations(game: &Game, v: VehicleId) -> Vec<CardPos> {
    let x = vehicle(game, v);
    let Some(l) = x.lift else {
        return Vec::new();
    };
    if !x.in_play() || x.moved || x.done {
        return Vec::new();
    }
    match x.pos.heli_area() {
        // 7.4.5: activated (an Embark order does it too) but not before a
        // mid-mission air assault's turn.
        Some(HeliArea::PickUp)
            if x.activated
                && !l.damaged
                && crate::engine::vehicles::lz::check_assault_turn(game, v).is_ok() =>
        {
            vec![HeliArea::Inbound.pos()]
        }
        Some(HeliArea::PickUp) => Vec::new(),
        Some(HeliArea::Inbound) => lz_cards(game)
            .into_iter()
            .filter(|z| check_landing(game, v, *z).is_ok())
            .chain([HeliArea::Loiter.pos(), HeliArea::PickUp.pos()])
            .collect(),
        Some(HeliArea::Loiter) => lz_cards(game)
            .into_iter()
            .filter(|z| check_landing(game, v, *z).is_ok())
            .chain([HeliArea::Outbound.pos()])
            .collect(),
        Some(HeliArea::Outbound) => vec![HeliArea::PickUp.pos()],
        None => vec![HeliArea::Outbound.pos()],
    }
}

/// Why the helicopter may not fly to `to` now.
pub fn check_fly(game: &Game, v: VehicleId, to: CardPos) -> Result<(), Illegal> {
    let Some(x) = game.state.vehicles.get(v.0 as usize) else {
        return no(|| format!("there is no vehicle {v}"));
    };
    if x.lift.is_none() {
        return no(|| format!("{} is not a transport helicopter (7.4.5)", x.label));
    }
    if x.moved {
        return no(|| format!("{} has flown already this turn (7.4.5)", x.label));
    }
    if x.pos.heli_area() == Some(HeliArea::PickUp) && !x.activated {
        return no(|| {
            format!(
                "{} waits in the Pickup Zone until activated by a command (7.2, 7.4.5)",
                x.label
            )
        });
    }
    if x.lift.is_some_and(|l| l.damaged) && x.pos.heli_area() == Some(HeliArea::PickUp) {
        return no(|| {
            format!(
                "{} came back damaged: it flies no more in this mission (7.7 B 3)",
                x.label
            )
        });
    }
    crate::engine::vehicles::lz::check_assault_turn(game, v)?;
    if !to.is_staging() {
        check_landing(game, v, to)?;
    }
    if destinations(game, v).contains(&to) {
        Ok(())
    } else {
        no(|| {
            format!(
                "from {} a helicopter goes on to {} (7.4.5)",
                x.pos.heli_place(),
                next_words(x.pos)
            )
        })
    }
}

fn next_words(pos: CardPos) -> &'static str {
    match pos.heli_area() {
        Some(HeliArea::PickUp) => "the Inbound area",
        Some(HeliArea::Inbound) => "an LZ card, the Loiter area or back to the Pickup Zone",
        Some(HeliArea::Loiter) => "an LZ card or the Outbound area",
        Some(HeliArea::Outbound) => "the Pickup Zone",
        None => "the Outbound area",
    }
}

/// Whether the helicopter must still move this phase (7.4.5: fuel).
pub fn must_move(game: &Game, v: VehicleId) -> bool {
    let x = vehicle(game, v);
    x.in_flight() && !x.moved && !destinations(game, v).is_empty()
}

/// The inputs of a transport helicopter in its activation: where it may
/// fly, and, on the map, setting its passengers down (7.4.2).
pub fn legal(game: &Game, v: VehicleId) -> Vec<Input> {
    let x = vehicle(game, v);
    let mut out: Vec<Input> = destinations(game, v)
        .into_iter()
        .map(|to| Input::Answer(Answer::HeliFly { vehicle: v, to }))
        .collect();
    if !x.pos.is_staging() && x.in_play() && !x.done {
        for u in game.state.passengers(v) {
            if crate::engine::vehicles::transport::check_off(game, u.id).is_ok() {
                out.push(Input::Answer(Answer::VehicleDisembark {
                    vehicle: v,
                    unit: u.id,
                }));
            }
        }
    }
    out
}

/// The program's suggestion: a loaded helicopter goes in and lands where
/// the enemy's fire is least; its passengers get off; an empty one (or one
/// with casualties) heads home; one in the Pickup Zone waits unless it has
/// passengers.
pub fn suggestion(game: &Game, v: VehicleId) -> Input {
    let x = vehicle(game, v);
    let end = Input::Answer(Answer::VehicleEnd {
        shooter: Shooter::Vehicle(v),
    });
    let fly = |to: CardPos| Input::Answer(Answer::HeliFly { vehicle: v, to });
    let legal = legal(game, v);
    let troops = game
        .state
        .passengers(v)
        .any(|u| u.kind != UnitKind::Casualty);
    if let Some(off) = legal
        .iter()
        .find(|i| matches!(i, Input::Answer(Answer::VehicleDisembark { unit, .. }) if game.state.unit(*unit).kind != UnitKind::Casualty))
    {
        return off.clone();
    }
    let dest = destinations(game, v);
    match x.pos.heli_area() {
        Some(HeliArea::PickUp) if troops && !dest.is_empty() => fly(HeliArea::Inbound.pos()),
        Some(HeliArea::PickUp) => end,
        Some(HeliArea::Inbound | HeliArea::Loiter) if troops => {
            let safest = dest
                .iter()
                .filter(|p| !p.is_staging())
                .min_by_key(|p| {
                    (
                        crate::engine::vehicles::air::reaction_modifier(game, v, **p)
                            .map(|m| -m.total)
                            .unwrap_or(i32::MIN),
                        **p,
                    )
                })
                .copied();
            match safest {
                Some(p) => fly(p),
                None if x.pos.heli_area() == Some(HeliArea::Inbound) => fly(HeliArea::Loiter.pos()),
                None => fly(HeliArea::Outbound.pos()),
            }
        }
        Some(HeliArea::Inbound) => fly(HeliArea::PickUp.pos()),
        Some(HeliArea::Loiter) | None => {
            if dest.is_empty() {
                end
            } else {
                fly(HeliArea::Outbound.pos())
            }
        }
        Some(HeliArea::Outbound) => fly(HeliArea::PickUp.pos()),
    }
}

/// Carries out a checked flight. Returns whether the helicopter's
/// activation is over (anywhere but on an LZ card, where its passengers
/// may still get off).
pub fn fly(game: &mut Game, v: VehicleId, to: CardPos) -> bool {
    let from = vehicle(game, v).pos;
    if !from.is_staging() {
        game.state.vehicle_phase.took_off.push(from);
    }
    {
        let x = &mut game.state.vehicles[v.0 as usize];
        x.pos = to;
        x.moved = true;
    }
    crate::engine::vehicles::transport::carry_along(game, v);
    let aboard = game.state.passengers(v).count() as u8;
    game.say(
        "7.4.5",
        EventKind::VehicleMoved {
            vehicle: v,
            from,
            to,
            how: crate::engine::kernel::events::VehicleMove::Flies { aboard },
        },
        Vec::new(),
    );
    if to.heli_area() == Some(HeliArea::PickUp) {
        land_at_pickup(game, v);
        return true;
    }
    if to.is_staging() {
        return true;
    }
    game.state.vehicle_phase.landed.push(to);
    if let Some(l) = game.state.vehicles[v.0 as usize].lift.as_mut() {
        l.landings = l.landings.saturating_add(1);
    }
    // 7.4.5: the enemy fires as it comes in, then the VOF on the card,
    // before anyone gets off.
    crate::engine::vehicles::air::reaction(game, v);
    if vehicle(game, v).in_play() && vehicle(game, v).pos == to {
        landing_vof(game, v);
    }
    let x = vehicle(game, v);
    !x.in_play() || x.pos != to
}

/// 7.4.5: helicopters that set down on a card under a VOF take its fire
/// before their passengers get off: the card's VOF against the company,
/// read on the chart's rows for aircraft.
fn landing_vof(game: &mut Game, v: VehicleId) {
    let pos = vehicle(game, v).pos;
    let Some(level) = crate::engine::combat::fire::card_vof_on(game, pos, Side::Us) else {
        return;
    };
    // Setting down, it is an aircraft and on the ground at once: the VOF
    // takes it at the better of the chart's two rows for that fire (the
    // aircraft's, 7.3.2, and a vehicle's, 7.5 B), so that Incoming! on
    // the LZ strikes it too.
    let Some(kind) = crate::engine::vehicles::at::chart_kind(level) else {
        return;
    };
    let rows = [
        game.data.vehicles.air_gunnery(kind),
        game.data.vehicles.vof_gunnery(kind),
    ];
    let Some(g) = rows.into_iter().flatten().min() else {
        return;
    };
    let m = crate::engine::vehicles::air::modifier(
        game,
        v,
        format!("{} VOF on the LZ", level.label()),
        g,
    );
    let by = crate::engine::kernel::purpose::AtBy::LzVof { level, pos };
    crate::engine::vehicles::at::resolve(game, by, v, &m, false);
}

/// 7.4.5, 5.1.7: back in the Pickup Zone its passengers get off, and the
/// casualties among them are evacuated; a damaged helicopter stays there
/// (7.7 B 3).
fn land_at_pickup(game: &mut Game, v: VehicleId) {
    let riders: Vec<UnitId> = game.state.passengers(v).map(|u| u.id).collect();
    for r in riders {
        crate::engine::vehicles::transport::disembark(game, r);
        if game.state.unit(r).kind == UnitKind::Casualty {
            crate::engine::kernel::units::evacuate(
                game,
                r,
                crate::engine::kernel::events::Evacuation::PickupZone,
            );
        }
    }
    if vehicle(game, v).lift.is_some_and(|l| l.damaged) {
        game.say(
            "7.7 B 3",
            EventKind::Nothing {
                why: Quiet::DamagedHelicopterGrounded(v),
            },
            Vec::new(),
        );
    }
}

/// 3.6 begins: every helicopter in flight is activated, with or without a
/// command (7.4.5: they must move).
pub fn begin(game: &mut Game) {
    for x in &mut game.state.vehicles {
        if x.in_flight() {
            x.activated = true;
        }
    }
}

/// 3.6 ends: a helicopter in flight that has not moved moves on by
/// itself (7.4.5: fuel).
pub fn end(game: &mut Game) {
    let due: Vec<VehicleId> = game
        .state
        .vehicles
        .iter()
        .filter(|x| x.in_flight() && !x.moved)
        .map(|x| x.id)
        .collect();
    for v in due {
        let to = match vehicle(game, v).pos.heli_area() {
            Some(HeliArea::Inbound) => HeliArea::Loiter,
            Some(HeliArea::Outbound) => HeliArea::PickUp,
            _ => HeliArea::Outbound,
        };
        game.say(
            "7.4.5",
            EventKind::Nothing {
                why: Quiet::HelicopterMustMove { vehicle: v, to },
            },
            Vec::new(),
        );
        fly(game, v, to.pos());
    }
}

// ---------------------------------------------------------------------------
// 2.4.3: the landing plan
// ---------------------------------------------------------------------------

/// The helicopters a plan loads: the company's in the Pickup Zone, and at
/// set-up those in the Inbound area (the first wave).
fn planned(game: &Game) -> Vec<VehicleId> {
    let setup = game.state.step == crate::engine::kernel::sequence::Step::Setup;
    game.state
        .vehicles
        .iter()
        .filter(|x| {
            x.lift.is_some()
                && x.in_play()
                && match x.pos.heli_area() {
                    Some(HeliArea::PickUp) => true,
                    Some(HeliArea::Inbound) => setup,
                    _ => false,
                }
        })
        .map(|x| x.id)
        .collect()
}

/// Whether the landing plan now being made is a mid-mission air assault's
/// planning phase, the turn before it flies (7.4.5).
pub fn assault_planning(game: &Game) -> bool {
    game.state.step != crate::engine::kernel::sequence::Step::Setup
        && game.mission.air_assault == Some(game.state.turn + 1)
}

/// 2.4.3: the landing plan's choices: a unit waiting in the Pickup Zone
/// boards a helicopter with room for its steps (7.4); one aboard gets off
/// into the Pickup Zone. Decision: squads are split into teams by orders
/// once the mission begins, not in the plan.
pub fn plan_inputs(game: &Game) -> Vec<Input> {
    let pz = HeliArea::PickUp.pos();
    let lifts = planned(game);
    let mut out = Vec::new();
    for u in game.state.in_play() {
        if u.side != Side::Us || u.kind == UnitKind::Casualty {
            continue;
        }
        match u.riding {
            Some(v) if lifts.contains(&v) => out.push(Input::Answer(Answer::Board {
                unit: u.id,
                vehicle: None,
            })),
            None if u.pos == pz => {
                for v in &lifts {
                    let room = crate::engine::vehicles::transport::capacity(game, *v)
                        .saturating_sub(crate::engine::vehicles::transport::load(game, *v));
                    if u.steps <= room {
                        out.push(Input::Answer(Answer::Board {
                            unit: u.id,
                            vehicle: Some(*v),
                        }));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// 2.4.3: one change to the plan.
pub fn board(game: &mut Game, unit: UnitId, v: Option<VehicleId>) {
    match v {
        Some(v) => {
            let pos = vehicle(game, v).pos;
            {
                let u = game.state.unit_mut(unit);
                u.riding = Some(v);
                u.pos = pos;
                u.cover = None;
            }
            game.say(
                "2.4.3",
                EventKind::Status {
                    unit,
                    what: StatusChange::Boards(v),
                },
                Vec::new(),
            );
        }
        None => {
            let from = game.state.unit(unit).riding;
            {
                let u = game.state.unit_mut(unit);
                u.riding = None;
                u.pos = HeliArea::PickUp.pos();
            }
            game.say(
                "2.4.3",
                EventKind::Status {
                    unit,
                    what: StatusChange::StaysInThePickupZone(from),
                },
                Vec::new(),
            );
        }
    }
}

/// 7.4.5: the cards a landing plan made in play may designate: one new
/// landing zone, its first card any face-up card that may be one, the next
/// ones beside a card already designated in this plan. Decision: the rules
/// give the planning phase of a mid-mission air assault the designation
/// of "a Landing Zone", one, without a command.
pub fn plan_lz_inputs(game: &Game) -> Vec<Input> {
    if !assault_planning(game) {
        return Vec::new();
    }
    let chosen = &game.state.plan_lz;
    game.state
        .map
        .cards
        .iter()
        .filter(|c| c.face_up)
        .map(|c| c.pos)
        .filter(|p| chosen.is_empty() || chosen.iter().any(|c| c.adjacent(*p)))
        .filter(|p| crate::engine::vehicles::lz::check_new(game, *p).is_ok())
        .map(|at| Input::Answer(Answer::PlanLandingZone { at }))
        .collect()
}

/// Designates a card of the landing plan's landing zone (7.4.5).
pub fn plan_lz(game: &mut Game, at: CardPos) {
    game.state.plan_lz.push(at);
    crate::engine::vehicles::lz::designate(
        game,
        at,
        "7.4.5",
        crate::engine::kernel::events::LzBy::Planning,
    );
}

/// 7.4.5: at the start of the turn before a mid-mission air assault, the
/// planning phase: the landing plan is made again, with a new landing zone
/// if wanted. Any other turn the plan is adjusted (2.4.3; the procedures:
/// "you can adjust the plan each turn") when a unit waits in the Pickup
/// Zone beside a helicopter with room for it there: no HQ stands in the
/// Pickup Zone to order it aboard.
pub fn planning_phase(game: &mut Game) {
    if planned(game).is_empty() {
        return;
    }
    let (rule, why) = if assault_planning(game) {
        (
            "7.4.5",
            Quiet::AirAssaultPlanning {
                flies: game.state.turn + 1,
            },
        )
    } else if plan_inputs(game).iter().any(|i| {
        matches!(
            i,
            Input::Answer(Answer::Board {
                vehicle: Some(_),
                ..
            })
        )
    }) {
        ("2.4.3", Quiet::LandingPlanAdjusted)
    } else {
        return;
    };
    game.say(rule, EventKind::Nothing { why }, Vec::new());
    game.state
        .choices
        .push(crate::engine::kernel::input::Choice::LandingPlan);
}

/// 2.4.3: the plan is made: each helicopter's load, in words.
pub fn plan_made(game: &mut Game) {
    game.state.plan_lz.clear();
    let helicopters = planned(game);
    game.say(
        "2.4.3",
        EventKind::Nothing {
            why: Quiet::LandingPlanMade(helicopters),
        },
        Vec::new(),
    );
}
