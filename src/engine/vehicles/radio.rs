//! Who gives a vehicle its orders (7.1.1): the CO HQ over the battalion
//! net, the infantry platoon HQ it is attached to, any HQ face to face
//! with a truck or jeep, or General Initiative.

use crate::data::mission::Net;
use crate::data::units::{Side, UnitKind};
use crate::data::vehicles::VehicleClass;
use crate::engine::kernel::events::Quiet;
use crate::engine::kernel::game::{Game, Illegal, no};
use crate::engine::kernel::ids::{UnitId, VehicleId};
use crate::engine::kernel::vehicle::Vehicle;

/// Whether `by` (an HQ, or General Initiative) may activate the vehicle
/// (7.1.1). Decision: an attached vehicle's radio is on the battalion net
/// (7.1.1, WWII); the CO HQ reaches it with a battalion-net radio or on its
/// card, the platoon HQ it is attached to on its card or an adjacent one
/// (hand signals and the tank's outside telephone); General Initiative
/// reaches any.
///
/// 7.1.1: trucks and jeeps have no radio; any HQ or staff unit in
/// visual-verbal communication with one gives it orders: on its card,
/// unpinned, and under no cover marker (a vehicle is under none) or
/// aboard it.
///
/// 7.1.1: in a vehicle platoon HQ's impulse (no originator, the impulse's
/// vehicle) only the vehicles of its platoon are reached; it is always in
/// communication with them.
pub fn reaches(game: &Game, by: Option<UnitId>, v: VehicleId) -> Result<(), Illegal> {
    let x = &game.state.vehicles[v.0 as usize];
    let Some(b) = by else {
        let Some(h) = game.state.impulse.as_ref().and_then(|i| i.vehicle) else {
            return Ok(());
        };
        if platoon_hq(game, v) == Some(h) {
            return Ok(());
        }
        return no(|| {
            format!(
                "{} is not in {}'s platoon: a vehicle platoon HQ orders only its own platoon's vehicles (7.1.1)",
                x.label, game.state.vehicles[h.0 as usize].label
            )
        });
    };
    let hq = game.state.unit(b);
    let small = game
        .data
        .vehicles
        .vehicle(&x.vehicle_type.0)
        .is_some_and(|t| matches!(t.class, VehicleClass::Truck | VehicleClass::Jeep));
    if small {
        let staff = matches!(
            hq.kind,
            UnitKind::Hq | UnitKind::Staff | UnitKind::HigherStaff
        );
        if staff && hq.pos == x.pos && !hq.pinned && (hq.cover.is_none() || hq.riding == Some(v)) {
            return Ok(());
        }
        return no(|| {
            format!(
                "{} has no radio: an HQ or staff unit gives it orders face to face, on its card, unpinned and under no cover marker (7.1.1, 4.3.1)",
                x.label
            )
        });
    }
    // 7.4.5 (the procedures' helicopter assault): any HQ or staff unit
    // activates the transport helicopters. Decision: over a company or
    // battalion net radio (the helicopters answer either, as for the CO
    // HQ below), or face to face on the helicopter's card.
    if x.lift.is_some() && matches!(hq.kind, UnitKind::Hq | UnitKind::Staff) {
        if hq
            .radios()
            .any(|(_, n)| matches!(n, Net::CoTac | Net::BnTac))
            || hq.pos == x.pos
        {
            return Ok(());
        }
        return no(|| {
            format!(
                "{} has no company or battalion net radio to call {} and is not on its card (7.4.5)",
                hq.label, x.label
            )
        });
    }
    let co = game.state.co_hq().map(|u| u.id);
    if Some(b) == co {
        return co_reaches(game, b, v);
    }
    if x.attached == Some(b) {
        if hq.pos.distance(x.pos) <= 1 {
            return Ok(());
        }
        return no(|| {
            format!(
                "{} must be on {}'s card or next to it to signal it (7.1.1)",
                hq.label, x.label
            )
        });
    }
    if let Some(p) = &x.platoon {
        return no(|| {
            format!(
                "{} is in the {p}: only the CO HQ, its platoon HQ, or General Initiative activates it (7.1.1)",
                x.label
            )
        });
    }
    no(|| {
        format!(
            "{} is not attached to {}: only the CO HQ, the HQ it is attached to, or General Initiative activates it (7.1.1)",
            x.label, hq.label
        )
    })
}

/// Decision (7.1.1): a vehicle's radio is on the battalion net in the
/// wars our campaigns cover (WWII, Korea); the CO HQ calls it with a
/// battalion-net radio, or gives its orders on the vehicle's card.
fn co_reaches(game: &Game, co: UnitId, v: VehicleId) -> Result<(), Illegal> {
    let (hq, x) = (game.state.unit(co), &game.state.vehicles[v.0 as usize]);
    if hq.radios().any(|(_, n)| n == Net::BnTac) || hq.pos == x.pos {
        return Ok(());
    }
    no(|| {
        format!(
            "{} has no battalion-net radio to call {} and is not on its card (7.1.1)",
            hq.label, x.label
        )
    })
}

/// The HQ of the vehicle's platoon, in play (itself when it is the HQ);
/// `None` when it is in no platoon or its HQ is out of the fight (7.1.1).
pub fn platoon_hq(game: &Game, v: VehicleId) -> Option<VehicleId> {
    let p = game.state.vehicles[v.0 as usize].platoon.as_ref()?;
    game.state
        .vehicles
        .iter()
        .find(|w| w.command.is_some() && w.in_play() && w.platoon.as_ref() == Some(p))
        .map(|w| w.id)
}

/// Decision (7.1.1 with 1.2.1 I): a vehicle platoon HQ commands as Line,
/// the experience our crews have.
pub const HQ_EXPERIENCE: crate::data::action::Experience = crate::data::action::Experience::Line;

/// "Able 1 (Tank Section HQ)".
pub fn hq_name(game: &Game, v: VehicleId) -> String {
    crate::engine::kernel::words::vehicle_hq(game, v)
}

/// 7.1.1, 4.2.1 a: the CO HQ activates a vehicle platoon HQ, "just as it
/// would activate any other PLT HQ": in its own impulse, over the battalion
/// net or face to face, once a turn and before the HQ's impulse.
pub fn check_activate_hq(game: &Game, by: Option<UnitId>, v: VehicleId) -> Result<(), Illegal> {
    let x = company_vehicle(game, v)?;
    let Some(c) = x.command else {
        return no(|| format!("{} is not a vehicle platoon HQ (7.1.1)", x.label));
    };
    let co = game.state.co_hq().map(|u| u.id);
    let Some(b) = by.filter(|b| Some(*b) == co) else {
        return no("only the CO HQ activates a vehicle platoon HQ (7.1.1)");
    };
    if !game.state.unit(b).can_command_others() {
        return no("the CO HQ must be on its command side (4.2.1 a)");
    }
    if c.done {
        return no(|| format!("{} has taken its impulse this turn", hq_name(game, v)));
    }
    if c.activated {
        return no(|| format!("{} is already activated", hq_name(game, v)));
    }
    co_reaches(game, b, v)
}

/// The company's vehicle `v`, in play, that an order names; why not
/// otherwise.
pub fn company_vehicle(game: &Game, v: VehicleId) -> Result<&Vehicle, Illegal> {
    let Some(x) = game.state.vehicles.get(v.0 as usize) else {
        return no(|| format!("there is no vehicle {v}"));
    };
    if x.side != Side::Us {
        return no(|| format!("{} is the enemy's", x.label));
    }
    if !x.in_play() {
        return no(|| format!("{} is out of the fight", x.label));
    }
    Ok(x)
}

/// 7.1.1: the infantry platoon HQs a vehicle may be attached to before the
/// mission, in id order.
pub fn attach_to(game: &Game) -> Vec<UnitId> {
    game.friendly()
        .filter(|u| crate::engine::kernel::units::is_plt_hq(game, u.id))
        .map(|u| u.id)
        .collect()
}

/// 7.1.1: the vehicle leaves its vehicle platoon for the infantry platoon
/// of HQ `to`, or (none) stays. Decision: an attached vehicle answers to
/// that platoon's HQ, the CO HQ and General Initiative, no longer to its
/// vehicle platoon's HQ.
pub fn attach(game: &mut Game, v: VehicleId, to: Option<UnitId>) {
    use crate::engine::kernel::events::EventKind;
    // Worded before the vehicle leaves its platoon, whose name the words
    // give.
    game.say(
        "7.1.1",
        EventKind::Nothing {
            why: Quiet::Attachment { vehicle: v, to },
        },
        Vec::new(),
    );
    if let Some(h) = to {
        let x = &mut game.state.vehicles[v.0 as usize];
        x.attached = Some(h);
        x.platoon = None;
    }
}
