//! Who gives a vehicle its orders (7.1.1): the CO HQ over the battalion
//! net, the infantry platoon HQ it is attached to, any HQ face to face
//! with a truck or jeep, or General Initiative.

use crate::data::mission::Net;
use crate::data::units::{Side, UnitKind};
use crate::data::vehicles::VehicleClass;
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
pub fn reaches(game: &Game, by: Option<UnitId>, v: VehicleId) -> Result<(), Illegal> {
    let x = &game.state.vehicles[v.0 as usize];
    let Some(b) = by else {
        return Ok(());
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
    let co = game.state.co_hq().map(|u| u.id);
    if Some(b) == co {
        if hq.radios().any(|(_, n)| n == Net::BnTac) || hq.pos == x.pos {
            return Ok(());
        }
        return no(|| {
            format!(
                "{} has no battalion-net radio to call {} and is not on its card (7.1.1)",
                hq.label, x.label
            )
        });
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
    no(|| {
        format!(
            "{} is not attached to {}: only the CO HQ, the HQ it is attached to, or General Initiative activates it (7.1.1)",
            x.label, hq.label
        )
    })
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
