//! Vehicles on the map (7.0-7.8): the counters, their markers, the wrecks
//! they leave, and where the Vehicle Movement and Combat Phase stands. The
//! rules that move and fight them live in `engine::vehicles`.

use crate::data::units::Side;
use crate::data::vehicles::{AtResult, VehicleTypeId};
use crate::engine::kernel::ids::{UnitId, VehicleId};
use crate::engine::kernel::pos::CardPos;
use serde::{Deserialize, Serialize};

/// A vehicle counter in the mission.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vehicle {
    pub id: VehicleId,
    /// Its row on the Vehicle and Anti-Tank Weapons Chart.
    pub vehicle_type: VehicleTypeId,
    /// What the counter shows ("Able 1").
    pub label: String,
    pub side: Side,
    pub pos: CardPos,
    /// The infantry platoon HQ it was attached to before the mission, which
    /// may activate it (7.1.1); `None`: the CO HQ or General Initiative.
    #[serde(default)]
    pub attached: Option<UnitId>,
    /// Activated marker (7.2): it may move and fire in this turn's 3.6.
    #[serde(default)]
    pub activated: bool,
    /// The marker flipped to Moved/Fired: its activation is complete.
    #[serde(default)]
    pub done: bool,
    /// It moved in this phase (a moving target; its move-and-fire value).
    #[serde(default)]
    pub moved: bool,
    /// It fired in this phase, in its activation or in reaction (7.5 D).
    #[serde(default)]
    pub fired: bool,
    /// Pinned: buttoned up (7.7 A 4).
    #[serde(default)]
    pub pinned: bool,
    /// Attacked in this phase: a Pinned marker stays (7.7 A 4).
    #[serde(default)]
    pub attacked: bool,
    /// The VOF on the card it stands on has attacked it in this phase
    /// (7.5 A-B): it does not again before it fires.
    #[serde(default)]
    pub vof_taken: bool,
    /// Main-gun rounds left (7.8); `None`: not tracked.
    #[serde(default)]
    pub ammo: Option<u8>,
    /// Enemy vehicles: seen by the company. Decision (9.3): a vehicle is
    /// too big to hide; it is spotted when it comes into play.
    #[serde(default)]
    pub spotted: bool,
    /// Out of play, and how (7.7 A): `None` while it fights.
    #[serde(default)]
    pub out: Option<AtResult>,
    /// 7.8: smoke and white phosphorus rounds left, where the mission gave
    /// them. Written only when any.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub smoke: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub wp: u8,
    /// 4.2.2 h D, 5.1.6 A: ammunition loaded aboard for the infantry: its
    /// kind and points. Written only when some.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cargo: Option<(crate::data::units::AmmoKind, u8)>,
    /// 7.2.1: its preplanned transport schedule, if it has one. Written
    /// only when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schedule: Option<crate::data::mission::TransportSchedule>,
    /// 7.2.1: it kept its schedule to the end and left the map (not a
    /// loss). Written only when set.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub gone: bool,
    /// The sniper's target this Combat Phase (9.6): its H VOF attacks the
    /// crew. Written only when set.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sniped: bool,
    /// 4.2.2 h A, D: assets loaded aboard (any number, beside any one
    /// other kind of load). Written only when any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assets: Vec<crate::engine::kernel::asset::Asset>,
    /// 7.1.1: the vehicle platoon it belongs to, by name. Written only
    /// when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub platoon: Option<String>,
    /// 7.1.1: it is its platoon's HQ: its commands this turn. Written only
    /// for a platoon HQ.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<PlatoonCommand>,
    /// 7.1.2: an attack helicopter's task, from the call that brought it.
    /// Written only for aircraft.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub air: Option<AirTask>,
    /// 7.1.3: a forward air controller aircraft's turn. Written only for
    /// one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fac: Option<FacTask>,
    /// 7.1.4: a fixed-wing gunship's turn. Written only for one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gunship: Option<GunshipTask>,
    /// 7.4.5: a transport helicopter's record. Written only for one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lift: Option<Lift>,
}

/// 7.4.5: what a transport helicopter has done in the mission.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Lift {
    /// Its landings on the landing zone so far: after the first, it lands
    /// only where a pyrotechnic marks the LZ (7.3.2).
    pub landings: u8,
    /// Aborted damaged (7.7 B 3): it goes back to the Pickup Zone and
    /// stays there.
    pub damaged: bool,
}

/// 7.1.4: the cards a gunship fires on and lights each turn.
pub const GUNSHIP_RUNS: usize = 3;

/// 7.1.3: a forward air controller's turns on station, the first and
/// four of loitering.
pub const FAC_TURNS: u8 = 5;

/// 7.1.4: a fixed-wing gunship on station, for the rest of the mission.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GunshipTask {
    /// The air agency that sent it.
    pub agency: u8,
    /// The cards it has fired on and lit this turn (three at most, its own
    /// or adjacent ones).
    pub runs: [Option<CardPos>; GUNSHIP_RUNS],
}

impl GunshipTask {
    /// The runs it has made this turn.
    pub fn made(&self) -> usize {
        self.runs.iter().flatten().count()
    }
}

/// 7.1.3: a forward air controller aircraft on station.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FacTask {
    /// The air agency whose strikes and helicopters it calls.
    pub agency: u8,
    /// Turns on station left, this one included (five on arrival).
    pub turns: u8,
    /// It has marked a target with its WP rocket this turn.
    pub marked: bool,
    /// It has called for air support this turn.
    pub called: bool,
}

/// 7.1.2: what a called section of attack helicopters is to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AirTask {
    /// The firing agency that sent it (its index in the mission's list).
    pub agency: u8,
    /// Its section: the aircraft of one call share it.
    pub section: u8,
    /// The card it is placed on and attacks.
    pub target: CardPos,
    /// The one adjacent card it also attacks, chosen when it first strikes
    /// (only while both aircraft are undamaged).
    pub adjacent: Option<CardPos>,
    /// The call fell short (6.7.3): only the new target card is attacked.
    pub short: bool,
    /// The player has chosen its targets: on its loiter turn it strikes
    /// them again by itself.
    pub chosen: bool,
    /// Turns on station left, this one included: two at the call, the
    /// second its loiter turn.
    pub turns: u8,
}

/// 7.1.1: a vehicle platoon HQ's commands, kept like an infantry HQ's
/// (4.1, 4.1.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PlatoonCommand {
    /// Commands saved from earlier turns.
    pub saved: u8,
    /// Activated this turn by the CO HQ.
    pub activated: bool,
    /// Its impulse is over for this turn.
    pub done: bool,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl Vehicle {
    pub fn in_play(&self) -> bool {
        self.out.is_none() && !self.gone
    }

    /// An aircraft on station off the map (7.1.2, 7.1.3): in the air, not
    /// in a staging area.
    pub fn aloft_off_map(&self) -> bool {
        self.aircraft_task() && self.pos.is_staging()
    }

    /// 7.4.5: a transport helicopter in flight: Inbound, Loiter, Outbound
    /// or on the map (it must move each turn).
    pub fn in_flight(&self) -> bool {
        self.lift.is_some()
            && self.in_play()
            && self.pos.heli_area() != Some(crate::engine::kernel::pos::HeliArea::PickUp)
    }

    /// It is one of the aircraft: a called helicopter, a forward air
    /// controller or a gunship (7.1.2-7.1.4).
    pub fn aircraft_task(&self) -> bool {
        self.air.is_some() || self.fac.is_some() || self.gunship.is_some() || self.lift.is_some()
    }
}

/// A Wreck or Burning Wreck marker (7.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Wreck {
    pub pos: CardPos,
    /// Burning: smoke that blocks LOS, no cover (7.7, 8.4).
    pub burning: bool,
}

/// Who fires at a vehicle: a vehicle, or an AT-capable infantry unit (1.2.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Shooter {
    Vehicle(VehicleId),
    Team(UnitId),
}

/// Where the 3.6 phase stands (7.2, 9.10).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct VehiclePhase {
    /// The side whose activation comes next (9.10: alternating).
    pub next: Option<Side>,
    /// The activation under way: its moves and fire come before anything
    /// else (7.2 "one at a time until its activation is complete").
    pub current: Option<Shooter>,
    /// It made a Quick Shot: it may fire again (7.6).
    pub quick: bool,
    /// Enemy vehicles the activity checks activated, not yet acted.
    pub enemy: Vec<VehicleId>,
    /// AT-capable infantry readied in the Command Phase (7.5), and those
    /// that have fired in this phase.
    pub ready: Vec<UnitId>,
    pub fired: Vec<UnitId>,
    /// The company's vehicle under way entered SLOW ground: it stops
    /// (7.3.1).
    pub stopped: bool,
    /// The enemy vehicle whose activation is under way, and how far it has
    /// gone (0: not begun, 1: moved, 2: done).
    pub acting: Option<VehicleId>,
    pub stage: u8,
    /// 7.4.5: the landings and take-offs on each LZ card this phase (four
    /// of each a card). Written only when any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub landed: Vec<CardPos>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub took_off: Vec<CardPos>,
}

impl VehiclePhase {
    /// Nothing under way and nothing readied.
    pub fn is_idle(&self) -> bool {
        *self == VehiclePhase::default()
    }
}
