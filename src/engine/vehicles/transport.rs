//! Transport (7.4, 4.2.2 h, 5.1.6): units and casualties embarked on the
//! company's vehicles, set down on the card, carried from card to card,
//! and thrown off when the vehicle is hit.
//!
//! A passenger stays a unit on the vehicle's card (`Unit::riding`), under
//! no cover marker: it can be fired upon like any infantry there (7.4.3,
//! 7.4.4). Riders in jeeps, trucks and half-tracks fire as usual; riders on
//! a tank, tank destroyer or assault gun have no VOF and the vehicle does
//! not fight while it carries them (7.4.4, `combat::fire::silenced`).
//!
//! Decisions:
//! - 7.4.1: the Embark order is given to the vehicle by whoever may
//!   activate it, and it activates the vehicle (if it is not yet), so that
//!   it can carry its passengers in this turn's Vehicle phase.
//! - 7.4.3 over 7.4.4: the passengers of open vehicles (jeeps, trucks,
//!   half-tracks) suffer an AT hit the way riders on a tank do: a Brewed
//!   Up, Knocked Out or Pinned result hits each and puts it off Exposed; a
//!   retreating vehicle sets them down unhurt before it leaves.
//! - 5.1.6 A: a vehicle carries one kind of load, casualties or infantry
//!   steps, when it takes them aboard; a passenger who becomes a casualty
//!   aboard stays aboard.
//! - 4.2.2 h C, 7.4.1-7.4.2 put an Exposed marker on the vehicle too;
//!   nothing on our chart reads a vehicle's Exposed marker (7.6 names no
//!   such modifier), so only the passengers' is kept.
//! - 4.2.2 h D: a unit loads the ammunition it carries for others; its
//!   assets (radios, telephones, pyrotechnics) stay with it. The vehicle
//!   unloads all its ammunition onto its card at once.
//! - A unit carrying a casualty sets it down before it embarks; the
//!   vehicle can take the casualty aboard itself (5.1.6).
//! - 9.2.1: passengers pass through cards with their vehicle; like it,
//!   they resolve the Potential Contact marker where it stops (3.7.1 B).

use crate::data::units::{Side, UnitKind};
use crate::engine::kernel::asset::Asset;
use crate::engine::kernel::events::EventKind;
use crate::engine::kernel::events::{MarkerKind, StatusChange};
use crate::engine::kernel::game::{Game, Illegal, no};
use crate::engine::kernel::ids::{UnitId, VehicleId};
use crate::engine::kernel::input::Action;

/// The steps aboard a vehicle (7.4).
pub fn load(game: &Game, v: VehicleId) -> u8 {
    game.state.passengers(v).map(|u| u.steps).sum()
}

/// The vehicle's transport capacity in steps (7.4).
pub fn capacity(game: &Game, v: VehicleId) -> u8 {
    game.state
        .vehicles
        .get(v.0 as usize)
        .and_then(|x| game.data.vehicles.vehicle(&x.vehicle_type.0))
        .map(|t| t.capacity)
        .unwrap_or(0)
}

/// 7.4.3: a vehicle with no crew (a jeep) moves only with someone aboard
/// to drive it: a passenger who is not a casualty.
pub fn has_driver(game: &Game, v: VehicleId) -> bool {
    let crewed = game
        .state
        .vehicles
        .get(v.0 as usize)
        .and_then(|x| game.data.vehicles.vehicle(&x.vehicle_type.0))
        .is_some_and(|t| t.crew > 0);
    crewed
        || game
            .state
            .passengers(v)
            .any(|u| u.kind != UnitKind::Casualty)
}

/// Checks the Embark order (4.2.2 h, 7.4.1, 5.1.6): the vehicle, the unit
/// on its card, room aboard, one kind of load.
pub fn check_embark(
    game: &Game,
    by: Option<UnitId>,
    v: VehicleId,
    unit: UnitId,
) -> Result<(), Illegal> {
    let x = crate::engine::vehicles::radio::company_vehicle(game, v)?;
    let cap = capacity(game, v);
    if cap == 0 {
        return no(|| format!("{} carries no passengers (7.4)", x.label));
    }
    let u = game.state.unit(unit);
    if u.side != Side::Us || !u.in_play() {
        return no(|| format!("{} is not one of the company's units", u.label));
    }
    if let Some(r) = u.riding {
        let on = game
            .state
            .vehicles
            .get(r.0 as usize)
            .map(|w| w.label.clone())
            .unwrap_or_default();
        return no(|| format!("{} is already aboard {on}", u.label));
    }
    if u.pos != x.pos {
        return no(|| {
            format!(
                "{} is on {} and {} on {}: a unit embarks on its own card (7.4.1)",
                u.label, u.pos, x.label, x.pos
            )
        });
    }
    if u.kind != UnitKind::Casualty && u.tied_down() {
        return no(|| {
            format!(
                "{} is pinned or paralyzed: it cannot embark (5.1.6)",
                u.label
            )
        });
    }
    if game.state.carried.iter().any(|(c, _)| *c == unit) {
        return no(|| {
            format!(
                "{} carries a casualty: set it down first; the vehicle can take the casualty aboard itself (5.1.6)",
                u.label
            )
        });
    }
    if game.state.carried.iter().any(|(_, c)| *c == unit) {
        return no(|| format!("{} is being carried by another unit", u.label));
    }
    let have = load(game, v);
    if have + u.steps > cap {
        return no(|| {
            format!(
                "{} has room for {cap} step(s) and carries {have}; {} is {} step(s) (7.4)",
                x.label, u.label, u.steps
            )
        });
    }
    if let Some((k, _)) = x.cargo {
        return no(|| {
            format!(
                "{} carries {} ammunition: a vehicle carries one kind of load, ammunition or passengers (5.1.6 A)",
                x.label,
                k.label()
            )
        });
    }
    let casualty = u.kind == UnitKind::Casualty;
    if let Some(other) = game.state.passengers(v).next()
        && (other.kind == UnitKind::Casualty) != casualty
    {
        return no(|| {
            format!(
                "{} carries {}: a vehicle carries one kind of load, casualties or infantry (5.1.6 A)",
                x.label,
                if casualty { "infantry" } else { "casualties" }
            )
        });
    }
    crate::engine::vehicles::radio::reaches(game, by, v)
}

/// 7.4: what a passenger may not do aboard. It goes where the vehicle
/// goes: no moving, seeking cover or picking things up until it is off
/// (nor being picked up); squads and teams split and join on the ground;
/// riders on a tank have no fire of their own, though they may look for
/// the enemy (7.4.4).
pub fn check_passenger(game: &Game, a: &Action) -> Result<(), Illegal> {
    let mut aboard = None;
    a.each_id(|id| {
        if aboard.is_none() && game.state.get(id).is_some_and(|u| u.riding.is_some()) {
            aboard = Some(id);
        }
    });
    let Some(id) = aboard else {
        return Ok(());
    };
    let name = game.describe(id);
    match a {
        Action::Move { .. }
        | Action::Infiltrate { .. }
        | Action::SeekCover { .. }
        | Action::MoveCover { .. }
        | Action::InfiltrateCover { .. }
        | Action::PickUp { .. }
        | Action::PickUpItem { .. } => no(|| {
            format!(
                "{name} is aboard a vehicle: it goes where the vehicle goes; disembark it first (7.4)"
            )
        }),
        Action::DetachTeam { .. }
        | Action::Supplement { .. }
        | Action::ReconstituteSquad { .. } => no(|| {
            format!("{name} is aboard a vehicle: squads and teams split and join once off it (7.4)")
        }),
        Action::ConcentrateFire { unit, .. }
        | Action::Grenade { unit, .. }
        | Action::WpGrenade { unit, .. }
        | Action::ThrowDemo { unit, .. }
        | Action::PlaceDemo { unit, .. }
        | Action::Flame { unit, .. }
        | Action::MortarFire { mortar: unit, .. }
            if crate::engine::combat::fire::rides_outside(game, game.state.unit(*unit)) =>
        {
            no(|| {
                format!(
                    "{name} is riding on a tank: it has no fire of its own until it is off (7.4.4)"
                )
            })
        }
        _ => Ok(()),
    }
}

/// Carries out a checked Embark order: the unit leaves its cover and goes
/// aboard, both Exposed (4.2.2 h C); the vehicle is activated if it was
/// not (decision, 7.4.1).
pub fn embark(game: &mut Game, v: VehicleId, unit: UnitId) {
    {
        let u = game.state.unit_mut(unit);
        u.riding = Some(v);
        u.cover = None;
        u.exposed = true;
    }
    let x = &mut game.state.vehicles[v.0 as usize];
    // 7.2.1: a preplanned transport is never activated.
    let activates = !x.activated && x.schedule.is_none();
    x.activated |= activates;
    game.say(
        "7.4.1",
        EventKind::Status {
            unit,
            what: StatusChange::Embarked {
                vehicle: v,
                activates,
            },
        },
        Vec::new(),
    );
}

/// The ammunition points of `kind` the vehicle can still take aboard
/// (5.1.6 A): what its steps of capacity would carry, none while it has
/// passengers or another kind aboard.
pub fn ammo_room(game: &Game, v: VehicleId, kind: crate::data::units::AmmoKind) -> u8 {
    let x = &game.state.vehicles[v.0 as usize];
    if game.state.passengers(v).next().is_some() || x.cargo.is_some_and(|(k, _)| k != kind) {
        return 0;
    }
    let cap = crate::engine::movement::carrying::per_step(kind).saturating_mul(capacity(game, v));
    cap.saturating_sub(x.cargo.map(|(_, n)| n).unwrap_or(0))
}

/// Checks the Load order (4.2.2 h D): a unit on the vehicle's card, free
/// to act, with ammunition carried for others, and room for it aboard.
pub fn check_load(
    game: &Game,
    by: Option<UnitId>,
    unit: UnitId,
    v: VehicleId,
    asset: Option<usize>,
) -> Result<(), Illegal> {
    let x = crate::engine::vehicles::radio::company_vehicle(game, v)?;
    let u = game.state.unit(unit);
    if u.pos != x.pos || u.riding.is_some() {
        return no(|| {
            format!(
                "{} must stand on {}'s card, not aboard, to load it",
                u.label, x.label
            )
        });
    }
    if u.tied_down() {
        return no(|| format!("{} is pinned or paralyzed: it cannot load (5.1.6)", u.label));
    }
    // 4.2.2 h A: a vehicle carries any number of assets, beside whatever
    // else it carries.
    if let Some(i) = asset {
        if i >= u.assets.len() {
            return no(|| format!("{} does not carry that", u.label));
        }
        if capacity(game, v) == 0 {
            return no(|| format!("{} carries nothing (7.4)", x.label));
        }
        return crate::engine::orders::chain::can_order(game, by, unit);
    }
    let Some((kind, n)) = u.cargo else {
        return no(|| format!("{} carries no ammunition for others to load", u.label));
    };
    if ammo_room(game, v, kind) < n {
        return no(|| {
            format!(
                "{} has room for {} point(s) of {} ammunition: one kind, within its capacity, and none beside passengers (5.1.6 A)",
                x.label,
                ammo_room(game, v, kind),
                kind.label()
            )
        });
    }
    crate::engine::orders::chain::can_order(game, by, unit)
}

/// Carries out a checked Load order: the unit is marked Exposed.
pub fn load_onto(game: &mut Game, unit: UnitId, v: VehicleId, asset: Option<usize>) {
    let item = match asset {
        Some(i) => {
            let a = game.state.unit_mut(unit).assets.remove(i);
            game.state.vehicles[v.0 as usize].assets.push(a.clone());
            crate::engine::kernel::state::Item::Asset(a)
        }
        None => {
            let Some((kind, n)) = game.state.unit_mut(unit).cargo.take() else {
                return;
            };
            let x = &mut game.state.vehicles[v.0 as usize];
            let have = x.cargo.map(|(_, m)| m).unwrap_or(0);
            x.cargo = Some((kind, have + n));
            crate::engine::kernel::state::Item::Ammo(kind, n)
        }
    };
    game.state.unit_mut(unit).exposed = true;
    game.say(
        "4.2.2 h",
        EventKind::Status {
            unit,
            what: StatusChange::Loaded { vehicle: v, item },
        },
        Vec::new(),
    );
}

/// Checks the Unload order (7.4.2): ammunition aboard, and an HQ that
/// may give the vehicle orders.
pub fn check_unload(game: &Game, by: Option<UnitId>, v: VehicleId) -> Result<(), Illegal> {
    let x = crate::engine::vehicles::radio::company_vehicle(game, v)?;
    if x.cargo.is_none() && x.assets.is_empty() {
        return no(|| format!("{} has no ammunition or assets aboard", x.label));
    }
    if x.pos.is_staging() {
        return no(|| {
            format!(
                "{} is in the staging area: drive it onto the map first",
                x.label
            )
        });
    }
    crate::engine::vehicles::radio::reaches(game, by, v)
}

/// Sets the ammunition aboard down on the vehicle's card (7.4.2).
pub fn unload(game: &mut Game, v: VehicleId) {
    let pos = game.state.vehicles[v.0 as usize].pos;
    let items = items_aboard(game, v);
    for item in items.clone() {
        game.state.map.lay_item(pos, item);
    }
    if items.is_empty() {
        return;
    }
    game.say(
        "7.4.2",
        EventKind::Marker {
            pos,
            what: MarkerKind::AmmunitionUnloaded { vehicle: v, items },
        },
        Vec::new(),
    );
}

/// Takes everything loaded aboard the vehicle: its ammunition, then its
/// assets (4.2.2 h D).
fn items_aboard(game: &mut Game, v: VehicleId) -> Vec<crate::engine::kernel::state::Item> {
    use crate::engine::kernel::state::Item;
    let x = &mut game.state.vehicles[v.0 as usize];
    let ammo = x.cargo.take().map(|(k, n)| Item::Ammo(k, n));
    ammo.into_iter()
        .chain(std::mem::take(&mut x.assets).into_iter().map(Item::Asset))
        .collect()
}

/// What becomes of the ammunition and assets loaded aboard a vehicle that
/// leaves the fight (5.1.6, 7.7). Decision: a knocked-out vehicle leaves
/// them in its wreck, on its card, for units to pick up (`wreck`); one
/// that brews up burns them; one that retreats or leaves the map takes them
/// with it. Radios and telephones burnt or taken away are lost to the
/// company, so a surviving set may switch to their nets (4.2.1 j).
pub fn items_leave(game: &mut Game, v: VehicleId, fate: crate::engine::kernel::events::CargoFate) {
    use crate::engine::kernel::events::CargoFate;
    use crate::engine::kernel::state::Item;
    let wreck = fate == CargoFate::InTheWreck;
    let pos = game.state.vehicles[v.0 as usize].pos;
    let items = items_aboard(game, v);
    if items.is_empty() {
        return;
    }
    for item in items.clone() {
        match item {
            i if wreck => game.state.map.lay_item(pos, i),
            Item::Asset(a @ (Asset::Radio { .. } | Asset::Phone { .. })) => {
                game.state.lost_assets.push(a);
                game.state.lost_assets.sort();
            }
            _ => {}
        }
    }
    game.say(
        "7.7",
        EventKind::Marker {
            pos,
            what: MarkerKind::AmmunitionAboard {
                vehicle: v,
                items,
                fate,
            },
        },
        Vec::new(),
    );
}

/// Why the passenger cannot get off now (5.1.6), if it cannot.
pub fn check_off(game: &Game, unit: UnitId) -> Result<VehicleId, Illegal> {
    let u = game.state.unit(unit);
    let Some(v) = u.riding else {
        return no(|| format!("{} is not aboard a vehicle", u.label));
    };
    if u.kind != UnitKind::Casualty && u.tied_down() {
        return no(|| {
            format!(
                "{} is pinned or paralyzed: it cannot disembark until rallied (5.1.6)",
                u.label
            )
        });
    }
    // 1.2.1 I, 5.1.5: passengers do not count against the card's 16 steps
    // while aboard; getting off, they must find room.
    let room = room_on(game, u.pos, u.side);
    if u.kind != UnitKind::Casualty && room < u.steps {
        return no(|| {
            format!(
                "{} has room for {room} more step(s) of its side: {} ({} step(s)) stays aboard (1.2.1 I)",
                u.pos, u.label, u.steps
            )
        });
    }
    Ok(v)
}

/// Steps of `side` a card still has room for (1.2.1 I); a Staging Area
/// card has no stacking limit (2.4.2), so room for any unit.
pub fn room_on(game: &Game, pos: crate::engine::kernel::pos::CardPos, side: Side) -> u8 {
    if pos.is_staging() {
        return u8::MAX;
    }
    game.data
        .charts
        .stacking
        .steps
        .saturating_sub(game.state.steps_at(pos, side))
}

/// Decision (1.2.1 I, 5.1.5, as for a crew bailing out, 7.7 A): a
/// passenger a rule puts off its vehicle (struck, pulling out, leaving the
/// map) onto a card without room for all its steps loses the steps that
/// find none, as casualties: its own first, then those of the teams its
/// hit made (the newest units of the card).
pub fn make_room(game: &mut Game, unit: UnitId) {
    let (pos, side) = {
        let u = game.state.unit(unit);
        (u.pos, u.side)
    };
    let cap = game.data.charts.stacking.steps;
    let over = game.state.steps_at(pos, side).saturating_sub(cap);
    // 2.4.2: a Staging Area card has room for all.
    if over == 0 || pos.is_staging() {
        return;
    }
    game.say(
        "1.2.1 I",
        EventKind::Status {
            unit,
            what: StatusChange::NoRoom { over },
        },
        Vec::new(),
    );
    for _ in 0..over {
        let u = game.state.unit(unit);
        let who = if u.in_play() && u.kind != UnitKind::Casualty {
            Some(unit)
        } else {
            game.state
                .units_at(pos)
                .filter(|x| x.side == side && x.kind != UnitKind::Casualty && x.riding.is_none())
                .map(|x| x.id)
                .max()
        };
        let Some(who) = who else { break };
        crate::engine::combat::resolution::apply_hit(
            game,
            who,
            &[crate::data::action::HitLetter::C],
        );
    }
}

/// Checks the Disembark order of the Command Phase (4.2.2 h): a passenger
/// is ordered like any unit; a casualty is set down by the vehicle, which
/// takes the order from whoever may activate it.
pub fn check_disembark(game: &Game, by: Option<UnitId>, unit: UnitId) -> Result<(), Illegal> {
    let v = check_off(game, unit)?;
    if game.state.unit(unit).kind == UnitKind::Casualty {
        return crate::engine::vehicles::radio::reaches(game, by, v);
    }
    crate::engine::orders::chain::can_order(game, by, unit)
}

/// The passenger gets off onto the vehicle's card, Exposed (7.4.2).
pub fn disembark(game: &mut Game, unit: UnitId) {
    let Some(v) = game.state.unit(unit).riding else {
        return;
    };
    {
        let u = game.state.unit_mut(unit);
        u.riding = None;
        u.exposed = true;
    }
    game.say(
        "7.4.2",
        EventKind::Status {
            unit,
            what: StatusChange::Disembarked(v),
        },
        Vec::new(),
    );
}

/// 7.4.3, 7.4.4: the vehicle moved; its passengers went with it, Exposed.
pub fn carry_along(game: &mut Game, v: VehicleId) {
    let pos = game.state.vehicles[v.0 as usize].pos;
    let riders: Vec<UnitId> = game.state.passengers(v).map(|u| u.id).collect();
    for r in riders {
        let u = game.state.unit_mut(r);
        u.pos = pos;
        u.cover = None;
        u.exposed = true;
    }
}

/// 7.4.4 (and 7.4.3, decision above): an AT result on a vehicle with
/// passengers. `hit`: Brewed Up, Knocked Out or Pinned: each passenger is
/// hit, its effect drawn at once, and it is put off Exposed. Otherwise (the
/// vehicle retreats out of play) they are set down unhurt.
pub fn thrown_off(game: &mut Game, v: VehicleId, hit: bool) {
    let riders: Vec<UnitId> = game.state.passengers(v).map(|u| u.id).collect();
    if riders.is_empty() {
        return;
    }
    for r in riders {
        {
            let u = game.state.unit_mut(r);
            u.riding = None;
            u.exposed = true;
        }
        game.say(
            if hit { "7.4.4" } else { "7.4.2" },
            EventKind::Status {
                unit: r,
                what: StatusChange::ThrownOff { vehicle: v, hit },
            },
            Vec::new(),
        );
        if hit && game.state.unit(r).kind != UnitKind::Casualty {
            crate::engine::combat::resolution::hit_effect(game, r, "7.4.4");
        }
        make_room(game, r);
    }
}

/// Passengers a rule moved elsewhere (a retreat, 3.5; a repositioning,
/// 11.1) or whose vehicle left play have left it: they are no longer
/// aboard. Every input ends with this, so that a passenger is always on
/// its vehicle's card.
pub fn settle(game: &mut Game) {
    if game.state.vehicles.is_empty() {
        return;
    }
    for i in 0..game.state.units.len() {
        let u = &game.state.units[i];
        let Some(v) = u.riding else {
            continue;
        };
        let keep = u.in_play()
            && game
                .state
                .vehicles
                .get(v.0 as usize)
                .is_some_and(|x| x.in_play() && x.pos == u.pos);
        if !keep {
            game.state.units.edit()[i].riding = None;
        }
    }
}

/// 7.7 B 1: every step of the unit becomes a casualty at once (a
/// helicopter that crashes with it aboard).
pub fn all_casualties(game: &mut Game, id: UnitId) {
    let u = game.state.unit(id).clone();
    if !u.in_play() || u.kind == UnitKind::Casualty {
        return;
    }
    for _ in 1..u.steps {
        crate::engine::combat::hits::split_step(game, id, UnitKind::Casualty, "7.7 B 1");
    }
    crate::engine::combat::resolution::replace_with(game, id, UnitKind::Casualty);
}
