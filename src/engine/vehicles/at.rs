//! AT Combat (7.5 A, 7.6) and its results (7.7 A).

use crate::data::action::Icon;
use crate::data::units::{Side, UnitKind};
use crate::data::vehicles::{AtResult, Gunnery, VofKind};
use crate::engine::combat::fire::VofLevel;
use crate::engine::kernel::events::MarkerKind;
use crate::engine::kernel::events::{EventKind, Needed, Section};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::{UnitId, VehicleId};
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::purpose::{AtBy, Purpose};
use crate::engine::kernel::vehicle::{Shooter, Vehicle, Wreck};
use crate::engine::map::los::{Viewer, sees_card};

/// One part of an AT modifier, in words, and its value.
pub type Part = (String, i32);

/// The AT modifier of one attack, part by part (7.6 A-E).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AtModifier {
    pub parts: Vec<Part>,
    pub total: i32,
}

/// What a shooter fires with: its row of the chart.
#[derive(Debug, Clone, Copy)]
struct Gun {
    gunnery: Gunnery,
    quick_shot: bool,
    grenade: bool,
    move_fire: Option<i8>,
}

/// A shooter's side, card and name.
pub fn shooter_side(game: &Game, s: Shooter) -> Side {
    match s {
        Shooter::Vehicle(v) => game.state.vehicles[v.0 as usize].side,
        Shooter::Team(u) => game.state.unit(u).side,
    }
}

pub fn shooter_pos(game: &Game, s: Shooter) -> CardPos {
    match s {
        Shooter::Vehicle(v) => game.state.vehicles[v.0 as usize].pos,
        Shooter::Team(u) => game.state.unit(u).pos,
    }
}

pub fn shooter_name(game: &Game, s: Shooter) -> String {
    match s {
        Shooter::Vehicle(v) => game
            .state
            .vehicles
            .get(v.0 as usize)
            .map(|x| x.label.clone())
            .unwrap_or_else(|| format!("vehicle {v}")),
        Shooter::Team(u) => game.describe(u),
    }
}

pub fn vehicle(game: &Game, v: VehicleId) -> &Vehicle {
    &game.state.vehicles[v.0 as usize]
}

fn gun(game: &Game, s: Shooter) -> Option<Gun> {
    match s {
        Shooter::Vehicle(v) => {
            let t = game
                .data
                .vehicles
                .vehicle(&vehicle(game, v).vehicle_type.0)?;
            Some(Gun {
                gunnery: t.gunnery?,
                quick_shot: t.quick_shot,
                grenade: t.grenade,
                move_fire: t.move_fire,
            })
        }
        Shooter::Team(u) => {
            let unit = game.state.unit(u);
            let w = game.data.vehicles.weapon(&unit.unit_type.0)?;
            Some(Gun {
                gunnery: w.gunnery,
                quick_shot: w.quick_shot,
                grenade: w.grenade,
                move_fire: None,
            })
        }
    }
}

/// Whether a team is AT-capable (1.2.6): its counter has a row on the
/// chart and it fights with its weapon (its front side, ammunition left).
pub fn at_capable(game: &Game, u: UnitId) -> bool {
    let unit = game.state.unit(u);
    // 4.2.5: a pinned unit takes no combat action.
    unit.in_play()
        && !unit.flipped
        && !unit.pinned
        && !unit.pos.is_staging()
        && matches!(unit.kind, UnitKind::WeaponsTeam)
        && game.data.vehicles.weapon(&unit.unit_type.0).is_some()
        && !crate::engine::kernel::units::dry(game, unit)
        && roof_allows(game, unit)
        && !crate::engine::combat::actions::exposed_heavy(game, unit)
}

/// 6.4: a rocket launcher or recoilless rifle never fires from under a
/// building, bunker or pillbox, at a vehicle or anything else.
pub fn roof_allows(game: &Game, unit: &crate::engine::kernel::state::Unit) -> bool {
    use crate::engine::combat::fire::{roof_forbids, under_roof, weapon};
    !(roof_forbids(weapon(game, unit)) && under_roof(game, unit))
}

/// Whether the shooter may fire at a vehicle now, whatever its activation:
/// in play, a gun, rounds left, and for a vehicle not already fired
/// this phase unless a Quick Shot lets it.
pub fn armed(game: &Game, s: Shooter) -> bool {
    match s {
        Shooter::Vehicle(v) => {
            let x = vehicle(game, v);
            x.in_play()
                && !x.pos.is_staging()
                && x.ammo != Some(0)
                && gun(game, s).is_some()
                && !crate::engine::combat::fire::silenced(game, x)
        }
        Shooter::Team(u) => at_capable(game, u),
    }
}

/// Whether `s` sees the target's card and reaches it (7.5 A).
pub fn in_reach(game: &Game, s: Shooter, target: VehicleId) -> bool {
    let Some(g) = gun(game, s) else {
        return false;
    };
    let Some(t) = game.state.vehicles.get(target.0 as usize) else {
        return false;
    };
    if !t.in_play() || t.pos.is_staging() || t.side == shooter_side(game, s) {
        return false;
    }
    // 7.3.2: an aircraft is fired upon only by the fire the chart lists
    // against aircraft, as it is placed; guns aimed at armour never.
    if aircraft(game, t) {
        return false;
    }
    let from = shooter_pos(game, s);
    if from.is_staging() {
        return false;
    }
    let d = from.distance(t.pos);
    if g.gunnery.at(d).is_none() {
        return false;
    }
    match s {
        Shooter::Team(u) => game.unit_sees(u, t.pos),
        Shooter::Vehicle(_) => sees_card(
            game,
            Viewer::on_ground(game, from),
            t.pos,
            game.visibility(),
        ),
    }
}

/// The cover a vehicle has on its card (7.6 C): the terrain card's value,
/// and a Wreck marker's (7.7).
fn cover_parts(game: &Game, target: &Vehicle, parts: &mut Vec<Part>) {
    let terrain = crate::engine::map::ground::terrain_cover(game, target.pos);
    if terrain != 0 {
        parts.push(("terrain".into(), terrain));
    }
    if game
        .state
        .wrecks
        .iter()
        .any(|w| w.pos == target.pos && !w.burning)
    {
        parts.push((
            "a wreck for cover".into(),
            game.data.vehicles.modifiers.wreck_cover as i32,
        ));
    }
}

fn target_parts(game: &Game, target: &Vehicle, parts: &mut Vec<Part>) {
    if let Some(t) = game.data.vehicles.vehicle(&target.vehicle_type.0)
        && t.defence != 0
    {
        parts.push((format!("{} defence", t.name), t.defence as i32));
    }
    cover_parts(game, target, parts);
    let m = game.data.vehicles.modifiers;
    if target.moved {
        parts.push(("moving target".into(), m.moving_target as i32));
    }
    if target.pinned {
        parts.push(("target pinned".into(), m.target_pinned as i32));
    }
}

/// The AT modifier of `s` firing at `target` (7.6 A-E); `None` when it
/// cannot (out of reach or sight, no gun).
pub fn modifier(game: &Game, s: Shooter, target: VehicleId) -> Option<AtModifier> {
    if !in_reach(game, s, target) {
        return None;
    }
    let g = gun(game, s)?;
    let t = vehicle(game, target);
    let d = shooter_pos(game, s).distance(t.pos);
    let mut parts: Vec<Part> = vec![(
        format!("gunnery at {}", range_words(d)),
        g.gunnery.at(d)? as i32,
    )];
    target_parts(game, t, &mut parts);
    let m = game.data.vehicles.modifiers;
    match s {
        Shooter::Vehicle(v) => {
            let x = vehicle(game, v);
            if x.moved
                && let Some(mf) = g.move_fire
            {
                parts.push(("fired after moving".into(), mf as i32));
            }
            if x.pinned {
                parts.push(("firer pinned".into(), m.firer_pinned as i32));
            }
        }
        Shooter::Team(_) => {}
    }
    let total = parts.iter().map(|p| p.1).sum();
    Some(AtModifier { parts, total })
}

/// Whether the shooter's weapon is G!: a grenade-attack draw comes first
/// (7.6), which the odds shown do not include.
pub fn grenade_first(game: &Game, s: Shooter) -> bool {
    gun(game, s).is_some_and(|g| g.grenade)
}

/// The chart's row for a Volume of Fire (7.5 B, 7.3.2); `None` for All
/// Pinned, which harms no vehicle or aircraft.
pub fn chart_kind(vof: VofLevel) -> Option<VofKind> {
    match vof {
        VofLevel::AllPinned => None,
        VofLevel::SmallArms => Some(VofKind::SmallArms),
        VofLevel::Automatic => Some(VofKind::Automatic),
        VofLevel::Heavy => Some(VofKind::Heavy),
        VofLevel::Sniper => Some(VofKind::Sniper),
        VofLevel::Incoming => Some(VofKind::Incoming),
    }
}

/// The AT modifier of a Volume of Fire on the vehicle's card (7.5 B, D).
pub fn vof_modifier(game: &Game, vof: VofLevel, target: VehicleId) -> Option<AtModifier> {
    let kind = chart_kind(vof)?;
    let g = game.data.vehicles.vof_gunnery(kind)?;
    let t = vehicle(game, target);
    let mut parts: Vec<Part> = vec![(format!("{} fire", vof.label()), g as i32)];
    target_parts(game, t, &mut parts);
    let total = parts.iter().map(|p| p.1).sum();
    Some(AtModifier { parts, total })
}

fn range_words(d: u8) -> &'static str {
    match d {
        0 => "point blank",
        1 => "close range",
        2 => "long range",
        _ => "very long range",
    }
}

/// The odds of each result with this modifier, as cards of the deck out
/// of all its action cards (7.6): what the orders menu shows.
pub fn odds(game: &Game, total: i32) -> Vec<(AtResult, u32, u32)> {
    let cards = game.data.action.cards.iter().filter_map(|c| match c {
        crate::data::action::DeckEntry::Action(a) => Some(a),
        crate::data::action::DeckEntry::Reshuffle => None,
    });
    let mut counts = [0u32; 5];
    let mut all = 0;
    for c in cards {
        all += 1;
        let r = game.data.vehicles.result(c.anti_tank as i32 + total);
        counts[AtResult::ALL.iter().position(|x| *x == r).unwrap_or(4)] += 1;
    }
    AtResult::ALL
        .iter()
        .zip(counts)
        .filter(|(_, n)| *n > 0)
        .map(|(r, n)| (*r, n, all))
        .collect()
}

/// The odds in words: "brewed up 2 in 10, knocked out 3 in 10, ...".
pub fn odds_words(game: &Game, total: i32) -> String {
    odds(game, total)
        .iter()
        .map(|(r, n, all)| format!("{} {}%", r.short(), n * 100 / (*all).max(1)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Fires `s` at `target` (7.6): a G! weapon first draws as a grenade
/// attack; then one card's AT number plus the AT modifier is read on the
/// Anti-Armor table, and the result applied (7.7). Returns whether the
/// shot was a Quick Shot (7.6: the shooter may fire again).
pub fn fire(game: &mut Game, s: Shooter, target: VehicleId) -> bool {
    let Some(m) = modifier(game, s, target) else {
        return false;
    };
    let Some(g) = gun(game, s) else {
        return false;
    };
    let by = match s {
        Shooter::Team(u) => AtBy::Unit(u),
        Shooter::Vehicle(v) => AtBy::Vehicle(v),
    };
    // 7.8: a round spent each time it fires; 6.8.1 D, a rocket each shot.
    let mut dry = None;
    match s {
        Shooter::Vehicle(v) => {
            let x = &mut game.state.vehicles[v.0 as usize];
            x.fired = true;
            if let Some(a) = x.ammo.as_mut() {
                *a = a.saturating_sub(1);
                if *a == 0 {
                    dry = Some(v);
                }
            }
        }
        Shooter::Team(u) => {
            crate::engine::combat::ammo::spend(
                game,
                u,
                1,
                crate::engine::kernel::events::AmmoUse::AtVehicle,
            );
            if !game.state.vehicle_phase.fired.contains(&u) {
                game.state.vehicle_phase.fired.push(u);
            }
        }
    }
    if g.grenade {
        let exp = match s {
            Shooter::Team(u) => game.experience(u),
            Shooter::Vehicle(_) => crate::data::action::Experience::Line,
        };
        let n = game.attempt_draws(2, exp);
        let unit = match s {
            Shooter::Team(u) => Some(u),
            Shooter::Vehicle(_) => None,
        };
        let r = crate::engine::orders::attempts::attempt(
            game,
            unit,
            n,
            Needed::Icon(Icon::Grenade),
            Purpose::GWeapon { by, target },
        );
        if !r.success {
            game.emit(
                "7.6",
                EventKind::AtCombat {
                    target,
                    modifier: m.total,
                    number: 0,
                    result: AtResult::Missed,
                },
                format!(
                    "{} fires at {}: the G! weapon's grenade draw failed, a miss.",
                    crate::engine::kernel::words::purpose::at_by(game, by),
                    vehicle(game, target).label
                ),
                Vec::new(),
            );
            game.state.vehicles[target.0 as usize].attacked = true;
            return false;
        }
    }
    let quick = resolve(game, by, target, &m, g.quick_shot);
    // 6.8.1 G, 7.8: a tank out of ammunition leaves play.
    if let Some(v) = dry {
        crate::engine::combat::ammo::vehicle_dry(game, v);
        return false;
    }
    quick
}

/// Draws the AT number and applies the result (7.6, 7.7). `quick`: the
/// shooter has the Quick Shot capability.
pub(crate) fn resolve(
    game: &mut Game,
    by: AtBy,
    target: VehicleId,
    m: &AtModifier,
    quick: bool,
) -> bool {
    let name = crate::engine::kernel::words::purpose::at_by(game, by);
    let tname = vehicle(game, target).label.clone();
    let (cards, reads) = game.draw(1, Section::AntiTank, Purpose::AntiTank { by, target });
    let number = cards
        .first()
        .and_then(|&c| game.card(c))
        .map(|c| c.anti_tank)
        .unwrap_or(9);
    let sum = number as i32 + m.total;
    let result = game.data.vehicles.result(sum);
    let words = result_words(game, target, result);
    // What the sum needed to do better, so that a sum reads against the
    // table (a play test saw sums with no threshold).
    let better = game
        .data
        .vehicles
        .better(sum)
        .map(|(upto, r)| format!("; {upto} or less: {}", result_words(game, target, r)))
        .unwrap_or_default();
    let parts: Vec<String> = m.parts.iter().map(|(w, v)| format!("{w} {v:+}")).collect();
    let quick_shot = quick
        && game
            .data
            .vehicles
            .quick_shot
            .contains(&(sum as i8).clamp(-128, 127));
    game.emit(
        "7.6",
        EventKind::AtCombat {
            target,
            modifier: m.total,
            number,
            result,
        },
        format!(
            "{name} fires at {tname}: AT modifier {:+} ({}); card {} has AT number {number}, sum {sum}: {}{better}{}.",
            m.total,
            parts.join(", "),
            cards.first().copied().unwrap_or(0),
            words,
            if quick_shot { "; a Quick Shot" } else { "" }
        ),
        reads,
    );
    apply(game, target, result);
    quick_shot
}

/// A result in words: a vehicle's (7.7 A), or an aircraft's (7.7 B).
pub fn result_words(game: &Game, target: VehicleId, result: AtResult) -> &'static str {
    if is_aircraft(game, target) {
        result.air_words()
    } else {
        result.words()
    }
}

/// A Volume of Fire on the vehicle's card attacks it (7.5 B, D). Not an
/// aircraft: it is fired upon only as it is placed (7.3.2).
pub fn vof_attack(game: &mut Game, target: VehicleId) {
    let t = vehicle(game, target);
    if !t.in_play() || t.pos.is_staging() || t.vof_taken || aircraft(game, t) {
        return;
    }
    game.state.vehicles[target.0 as usize].vof_taken = true;
    let t = vehicle(game, target);
    let Some(vof) = crate::engine::combat::fire::card_vof_on(game, t.pos, t.side) else {
        return;
    };
    let Some(m) = vof_modifier(game, vof, target) else {
        return;
    };
    // Whose fire it is, so that it does not read as a weapon on the card.
    let by = AtBy::Vof {
        target_side: t.side,
        level: vof,
        pos: t.pos,
    };
    resolve(game, by, target, &m, false);
}

/// 9.6: a vehicle the sniper picked in this Combat Phase is attacked by
/// its H VOF (the sniper has time to aim at the crew).
pub fn sniper_attacks(game: &mut Game) {
    let picked: Vec<VehicleId> = game
        .state
        .vehicles
        .iter()
        .filter(|v| v.sniped)
        .map(|v| v.id)
        .collect();
    for v in picked {
        game.state.vehicles[v.0 as usize].sniped = false;
        if !vehicle(game, v).in_play() {
            continue;
        }
        if let Some(m) = vof_modifier(game, VofLevel::Heavy, v) {
            resolve(game, AtBy::Sniper, v, &m, false);
        }
    }
}

/// Applies an AT Combat result to a vehicle (7.7 A), or to an aircraft
/// (7.7 B: aborts are its own; being shot down is as for a vehicle).
pub fn apply(game: &mut Game, target: VehicleId, result: AtResult) {
    let v = vehicle(game, target).clone();
    game.state.vehicles[target.0 as usize].attacked = true;
    let air = aircraft(game, &v);
    if air && matches!(result, AtResult::Retreating | AtResult::Pinned) {
        abort(game, target, result);
        return;
    }
    let crew = game
        .data
        .vehicles
        .vehicle(&v.vehicle_type.0)
        .map(|t| t.crew)
        .unwrap_or(0);
    // 7.4.4: the passengers of a vehicle struck are hit and put off before
    // anything else; those of a vehicle pulling out get off first.
    match result {
        AtResult::Missed => {}
        // 7.7 B 1: a transport helicopter that crashes kills everyone
        // aboard: each passenger step becomes a casualty.
        AtResult::BrewedUp if air => {
            let riders: Vec<UnitId> = game.state.passengers(target).map(|u| u.id).collect();
            for r in riders {
                game.state.unit_mut(r).riding = None;
                crate::engine::vehicles::transport::all_casualties(game, r);
            }
        }
        AtResult::Retreating => crate::engine::vehicles::transport::thrown_off(game, target, false),
        // 7.7 B 2 (decision): the passengers of a helicopter that
        // auto-rotates get out under the wreck each with a HIT, as riders
        // of a struck vehicle do (7.4.4), rather than step by step.
        AtResult::Pinned | AtResult::BrewedUp | AtResult::KnockedOut => {
            crate::engine::vehicles::transport::thrown_off(game, target, true)
        }
    }
    match result {
        AtResult::Missed => {}
        AtResult::Pinned => {
            if !v.pinned {
                game.state.vehicles[target.0 as usize].pinned = true;
                game.say(
                    "7.7 A 4",
                    EventKind::Marker {
                        pos: v.pos,
                        what: MarkerKind::VehiclePinned(target),
                    },
                    Vec::new(),
                );
            }
        }
        AtResult::Retreating => {
            crate::engine::vehicles::transport::items_leave(
                game,
                target,
                crate::engine::kernel::events::CargoFate::LeavesPlay,
            );
            game.state.vehicles[target.0 as usize].out = Some(result);
            game.say(
                "7.7 A 3",
                EventKind::VehicleOut {
                    vehicle: target,
                    result,
                    cause: crate::engine::kernel::events::OutCause::CrewPullOut,
                },
                Vec::new(),
            );
        }
        AtResult::BrewedUp | AtResult::KnockedOut => {
            let burning = result == AtResult::BrewedUp;
            game.state.vehicles[target.0 as usize].out = Some(result);
            game.state.wrecks.push(Wreck {
                pos: v.pos,
                burning,
            });
            game.state.wrecks.sort();
            game.say(
                match (air, burning) {
                    (false, true) => "7.7 A 1",
                    (false, false) => "7.7 A 2",
                    (true, true) => "7.7 B 1",
                    (true, false) => "7.7 B 2",
                },
                // The wreck, burning when brewed up, is in the result.
                EventKind::VehicleOut {
                    vehicle: target,
                    result,
                    cause: crate::engine::kernel::events::OutCause::Wrecked { air, crew },
                },
                Vec::new(),
            );
            for _ in 0..crew {
                crew_step(game, &v, burning);
            }
            // Decision (5.1.6, 7.7): what is loaded aboard burns with a
            // vehicle that brews up; a knocked-out one leaves it in the
            // wreck, on its card, for units to pick up.
            crate::engine::vehicles::transport::items_leave(
                game,
                target,
                if burning {
                    crate::engine::kernel::events::CargoFate::Burnt
                } else {
                    crate::engine::kernel::events::CargoFate::InTheWreck
                },
            );
        }
    }
}

/// One crew step of a destroyed vehicle: a casualty (brewed up), or a
/// Fire Team under the wreck, Exposed, that takes a HIT (knocked out).
fn crew_step(game: &mut Game, v: &Vehicle, casualty: bool) {
    // Decision (1.2.1 I): a crew step with no room left on the card (its
    // side's 16 steps there already) does not get out: a casualty.
    let full = !casualty
        && game.state.steps_at(v.pos, v.side) as u32 + 1 > game.data.charts.stacking.steps as u32;
    let casualty = casualty || full;
    let kind = if casualty {
        UnitKind::Casualty
    } else {
        UnitKind::FireTeam
    };
    let nation = game
        .data
        .vehicles
        .vehicle(&v.vehicle_type.0)
        .map(|t| t.nation())
        .unwrap_or(crate::data::units::Nation::of_side(v.side));
    let Some(ty) = crate::engine::kernel::units::team_type(game, v.side, nation, kind) else {
        return;
    };
    let Some(t) = game.data.unit_type(&ty.0).cloned() else {
        return;
    };
    let id = UnitId(game.state.units.len() as u16);
    let mut u = crate::engine::kernel::state::Unit::from_type(id, &t, v.pos);
    u.label = crate::engine::kernel::units::unique_label(
        &game.state.units,
        &format!("{} crew {}", v.label, t.name),
    );
    u.designation = format!("{} crew", v.label);
    u.experience = crate::data::action::Experience::Line;
    u.exposed = !casualty;
    u.spotted = true;
    game.state.units.push(u);
    match v.side {
        Side::Us => game.state.counters.crews_us += 1,
        Side::Enemy => game.state.counters.crews_enemy += 1,
    }
    game.say(
        "7.7 A",
        EventKind::UnitCreated {
            unit: id,
            from: None,
            why: crate::engine::kernel::events::Creation::Crew { vehicle: v.id },
        },
        Vec::new(),
    );
    if casualty {
        return;
    }
    game.state.unit_mut(id).pinned = true;
    crate::engine::combat::resolution::hit_effect(game, id, "7.7 A 2");
}

/// Whether the vehicle is an aircraft on the chart (7.0).
pub fn aircraft(game: &Game, v: &Vehicle) -> bool {
    game.data
        .vehicles
        .vehicle(&v.vehicle_type.0)
        .is_some_and(|t| t.class.aircraft())
}

pub fn is_aircraft(game: &Game, v: VehicleId) -> bool {
    game.state
        .vehicles
        .get(v.0 as usize)
        .is_some_and(|x| aircraft(game, x))
}

/// 7.7 B: an AT Combat result for a helicopter. Shot down and crashed is a
/// Burning Wreck and casualties, shot down and auto-rotating a Wreck with
/// its crew as fire teams (both as 7.7 A 1-2 for vehicles, which
/// [`apply`] does); aborted damaged takes it
/// out for the rest of the mission; aborted undamaged sends it off the
/// map, to come back on a later turn.
pub fn abort(game: &mut Game, v: VehicleId, result: AtResult) {
    let x = vehicle(game, v).clone();
    let from = x.pos;
    let off = game.state.map.staging_below(from.col);
    if x.lift.is_some() {
        // 7.7 B 3-4: a transport helicopter and its passengers go to a
        // helicopter staging area: damaged, to the Outbound area, back to
        // the Pickup Zone next turn to stay there; undamaged, to the
        // Inbound area, to land again or loiter next turn.
        use crate::engine::kernel::pos::HeliArea;
        let damaged = result == AtResult::Retreating;
        let area = if damaged {
            HeliArea::Outbound
        } else {
            HeliArea::Inbound
        };
        {
            let y = &mut game.state.vehicles[v.0 as usize];
            y.pos = area.pos();
            if let Some(l) = y.lift.as_mut() {
                l.damaged |= damaged;
            }
        }
        crate::engine::vehicles::transport::carry_along(game, v);
        let aboard = game.state.passengers(v).count();
        game.say(
            if damaged { "7.7 B 3" } else { "7.7 B 4" },
            EventKind::VehicleMoved {
                vehicle: v,
                from,
                to: area.pos(),
                how: crate::engine::kernel::events::VehicleMove::AbortsToBox {
                    damaged,
                    passengers: aboard > 0,
                },
            },
            Vec::new(),
        );
        return;
    }
    game.state.vehicles[v.0 as usize].pos = off;
    if result == AtResult::Retreating {
        game.state.vehicles[v.0 as usize].out = Some(result);
        game.say(
            "7.7 B 3",
            EventKind::VehicleOut {
                vehicle: v,
                result,
                cause: crate::engine::kernel::events::OutCause::Aborted { from },
            },
            Vec::new(),
        );
    } else {
        game.say(
            "7.7 B 4",
            EventKind::VehicleMoved {
                vehicle: v,
                from,
                to: off,
                how: crate::engine::kernel::events::VehicleMove::AbortsOff,
            },
            Vec::new(),
        );
    }
}

/// 9.5: a vehicle entering or moving within a mined card (or on a card
/// where mines are found) checks for a mine: three cards, a burst icon is
/// a mine attack, resolved at once as AT Combat at -2 plus the vehicle's
/// defence. Decision: a mine strikes from below, so the card's cover and
/// the moving-target modifier do not count.
pub fn mine_check(game: &mut Game, v: VehicleId) {
    let x = vehicle(game, v).clone();
    if !x.in_play() || !game.state.map.card(x.pos).is_some_and(|c| c.markers.mines) {
        return;
    }
    let (cards, reads) = game.draw(3, Section::Icon, Purpose::VehicleMineCheck { vehicle: v });
    let hit = cards
        .iter()
        .any(|&c| game.card(c).is_some_and(|c| c.shows_burst()));
    game.say(
        "9.5",
        EventKind::Marker {
            pos: x.pos,
            what: MarkerKind::VehicleMineCheck { vehicle: v, hit },
        },
        reads,
    );
    if !hit {
        return;
    }
    let mut parts: Vec<Part> = vec![("a mine".into(), MINE_AT)];
    if let Some(t) = game.data.vehicles.vehicle(&x.vehicle_type.0)
        && t.defence != 0
    {
        parts.push((format!("{} defence", t.name), t.defence as i32));
    }
    let total = parts.iter().map(|p| p.1).sum();
    resolve(game, AtBy::Mine, v, &AtModifier { parts, total }, false);
}

/// 9.5: a mine's VOF in AT Combat.
pub const MINE_AT: i32 = -2;
