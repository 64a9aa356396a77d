//! The Vehicle and Anti-Tank Weapons Chart and the Anti-Armor table
//! (7.0-7.7): every vehicle counter, every AT-capable infantry weapon, and
//! what a Volume of Fire does to a vehicle on its card.
//!
//! The values are ours (see `assets/README.md`): lower is better for the
//! firer, as with the Net Combat Modifier. The AT modifier of 7.6 is the
//! firer's gunnery at the range, plus the target's defensive value, its
//! card's cover, the firer's move-and-fire modifier if it moved, and the
//! chart's other modifiers; the drawn card's AT number (0-9) is added and
//! the sum read on the Anti-Armor table.

use super::units::{Ratings, Side, UnitTypeId, Vof};
use serde::{Deserialize, Serialize};

/// The chart file (`assets/vehicles.ron`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VehiclesFile {
    /// One row per vehicle counter, both sides (7.1.1).
    pub vehicles: Vec<VehicleType>,
    /// AT-capable infantry units: the unit type and its row (1.2.6, 7.5 A).
    pub weapons: Vec<AtWeapon>,
    /// A Volume of Fire on a vehicle's card attacks it with this gunnery
    /// (7.5 B, D): the weapons without a line of their own.
    pub vof: Vec<VofGunnery>,
    /// The VOF that can attack an aircraft, with its gunnery (7.3.2,
    /// 7.1.3): a fire not listed cannot harm one (the chart's guns are
    /// anti-tank weapons and never do). Empty: no aircraft can be hit.
    #[serde(default)]
    pub air: Vec<VofGunnery>,
    /// The modifiers at the foot of the chart (7.6 E, 7.7 A 4).
    pub modifiers: AtModifiers,
    /// The Anti-Armor table: the first row whose `upto` the sum does not
    /// pass gives the result; a sum above every row is a miss (7.6).
    pub anti_armor: Vec<AntiArmorRow>,
    /// The final sums that are Quick Shot results (7.6).
    pub quick_shot: Vec<i8>,
}

impl VehiclesFile {
    pub fn vehicle(&self, id: &str) -> Option<&VehicleType> {
        self.vehicles.iter().find(|v| v.id.0 == id)
    }

    pub fn weapon(&self, unit_type: &str) -> Option<&AtWeapon> {
        self.weapons.iter().find(|w| w.unit.0 == unit_type)
    }

    /// The gunnery of a Volume of Fire of this kind against a vehicle;
    /// `None`: it cannot harm one.
    pub fn vof_gunnery(&self, vof: VofKind) -> Option<i8> {
        self.vof.iter().find(|v| v.vof == vof).map(|v| v.gunnery)
    }

    /// The gunnery of a VOF of this kind against an aircraft; `None`: it
    /// cannot harm one (7.3.2).
    pub fn air_gunnery(&self, vof: VofKind) -> Option<i8> {
        self.air.iter().find(|v| v.vof == vof).map(|v| v.gunnery)
    }

    /// The row of the table above the one `sum` reads (the next better
    /// result for the shooter): the highest sum that gives it, and it.
    /// `None` at the best row.
    pub fn better(&self, sum: i32) -> Option<(i32, AtResult)> {
        let i = self
            .anti_armor
            .iter()
            .position(|r| sum <= r.upto as i32)
            .unwrap_or(self.anti_armor.len());
        let r = self.anti_armor.get(i.checked_sub(1)?)?;
        Some((r.upto as i32, r.result))
    }

    /// The Anti-Armor table's result for a final sum (7.6).
    pub fn result(&self, sum: i32) -> AtResult {
        self.anti_armor
            .iter()
            .find(|r| sum <= r.upto as i32)
            .map(|r| r.result)
            .unwrap_or(AtResult::Missed)
    }
}

/// Identifier of a vehicle type ("us_m4").
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct VehicleTypeId(pub String);

impl std::fmt::Display for VehicleTypeId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// What kind of vehicle a counter is (7.1.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum VehicleClass {
    Tank,
    TankDestroyer,
    AssaultGun,
    HalfTrack,
    Jeep,
    Truck,
    /// A towed anti-tank gun: a vehicle that may not move (7.1.1).
    AtGun,
    /// A helicopter with no transport capacity (7.3.2): called like an air
    /// strike, placed on its target card, attacking with its VOF (7.1.2).
    AttackHelicopter,
    /// A forward air controller's light aircraft (7.1.3): placed each turn
    /// over a card, it marks targets and calls air support.
    FacAircraft,
    /// A fixed-wing gunship (7.1.4): at night, placed each turn over any
    /// card, too high for the enemy's fire, it drops flares and fires on
    /// three cards around it.
    FixedWingGunship,
    /// A helicopter with a transport capacity (7.3.2, 7.4.5): it carries
    /// the company between the helicopter staging areas and a landing
    /// zone.
    TransportHelicopter,
}

impl VehicleClass {
    /// 7.4.4: passengers ride on the outside of the hull, with no fire of
    /// their own, and the vehicle fights only once they are off. The
    /// jeeps, trucks and half-tracks are open vehicles that carry them
    /// inside (7.4.3).
    pub fn riders_outside(self) -> bool {
        matches!(
            self,
            VehicleClass::Tank | VehicleClass::TankDestroyer | VehicleClass::AssaultGun
        )
    }

    pub fn words(self) -> &'static str {
        match self {
            VehicleClass::Tank => "tank",
            VehicleClass::TankDestroyer => "tank destroyer",
            VehicleClass::AssaultGun => "assault gun",
            VehicleClass::HalfTrack => "half-track",
            VehicleClass::Jeep => "jeep",
            VehicleClass::Truck => "truck",
            VehicleClass::AtGun => "anti-tank gun",
            VehicleClass::AttackHelicopter => "attack helicopter",
            VehicleClass::FacAircraft => "forward air controller aircraft",
            VehicleClass::FixedWingGunship => "fixed-wing gunship",
            VehicleClass::TransportHelicopter => "transport helicopter",
        }
    }

    /// A helicopter or aircraft (7.0): placed, not driven, and its AT
    /// results are read as 7.7 B gives them.
    pub fn aircraft(self) -> bool {
        matches!(
            self,
            VehicleClass::AttackHelicopter
                | VehicleClass::FacAircraft
                | VehicleClass::FixedWingGunship
                | VehicleClass::TransportHelicopter
        )
    }
}

/// Gunnery modifiers by range (7.6 A): `None` where the weapon cannot
/// reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gunnery {
    /// Point blank: the same card.
    #[serde(default)]
    pub p: Option<i8>,
    /// Close: an adjacent card.
    #[serde(default)]
    pub c: Option<i8>,
    /// Long: two cards away.
    #[serde(default)]
    pub l: Option<i8>,
    /// Very long: three cards away.
    #[serde(default)]
    pub v: Option<i8>,
}

impl Gunnery {
    /// The modifier at `distance` cards, if the weapon reaches.
    pub fn at(&self, distance: u8) -> Option<i8> {
        match distance {
            0 => self.p,
            1 => self.c,
            2 => self.l,
            3 => self.v,
            _ => None,
        }
    }

    /// The farthest distance with a value.
    pub fn reach(&self) -> Option<u8> {
        (0..=3u8).rev().find(|d| self.at(*d).is_some())
    }
}

/// A vehicle counter's row (7.0-7.8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VehicleType {
    pub id: VehicleTypeId,
    /// Printed on the counter ("M4 Sherman").
    pub name: String,
    pub side: Side,
    pub class: VehicleClass,
    /// Its gun against vehicles; `None`: it cannot perform AT Combat.
    #[serde(default)]
    pub gunnery: Option<Gunnery>,
    /// The Defensive Value column (7.6 B).
    pub defence: i8,
    /// The Move & Fire column (7.5 C, 7.6 D): `None` when it may not fire
    /// after moving.
    #[serde(default)]
    pub move_fire: Option<i8>,
    /// Quick Shot capability (7.6).
    #[serde(default)]
    pub quick_shot: bool,
    /// A G! gun: a grenade-attack draw comes first (7.6).
    #[serde(default)]
    pub grenade: bool,
    /// The Mobile column: `false` for guns that never move (7.1.1).
    pub mobile: bool,
    /// Crew in steps (7.7).
    pub crew: u8,
    /// Transport capacity in steps (7.4).
    #[serde(default)]
    pub capacity: u8,
    /// Its fire against infantry (7.5 A note): a VOF like any unit's.
    #[serde(default)]
    pub vof: Option<Ratings>,
    /// Main gun rounds carried (7.8); `None`: not tracked.
    #[serde(default)]
    pub ammo: Option<u8>,
    /// The army it belongs to, where it is not its side's own: its crew
    /// bail out as that army's teams.
    #[serde(default)]
    pub nation: Option<super::units::Nation>,
}

impl VehicleType {
    /// The vehicle's army: its own `nation`, or its side's.
    pub fn nation(&self) -> super::units::Nation {
        self.nation
            .unwrap_or(super::units::Nation::of_side(self.side))
    }
}

/// An AT-capable infantry weapon's row (1.2.6, 7.5 A).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AtWeapon {
    /// The unit type that carries it (`assets/units.ron`).
    pub unit: UnitTypeId,
    pub gunnery: Gunnery,
    #[serde(default)]
    pub quick_shot: bool,
    /// A G! weapon: a grenade-attack draw comes first (7.6).
    #[serde(default)]
    pub grenade: bool,
}

/// The kinds of Volume of Fire a card can be under, as the chart reads
/// them against vehicles (7.5 B, D).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum VofKind {
    SmallArms,
    Automatic,
    Heavy,
    Sniper,
    Incoming,
}

impl VofKind {
    pub fn from_vof(v: Vof) -> Option<VofKind> {
        match v {
            Vof::S => Some(VofKind::SmallArms),
            Vof::A | Vof::AS => Some(VofKind::Automatic),
            Vof::H => Some(VofKind::Heavy),
            Vof::Sniper => Some(VofKind::Sniper),
            _ => None,
        }
    }
}

/// A VOF's row against vehicles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VofGunnery {
    pub vof: VofKind,
    pub gunnery: i8,
}

/// The chart's other modifiers (7.6 E).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AtModifiers {
    /// The target moved this phase (7.3.2 example).
    pub moving_target: i8,
    /// The target is Pinned, buttoned up (7.7 A 4).
    pub target_pinned: i8,
    /// The firer is Pinned (7.7 A 4).
    pub firer_pinned: i8,
    /// A Wreck marker on the target's card: cover like any cover marker
    /// (7.7).
    pub wreck_cover: i8,
}

/// What an AT attack does (7.7 A).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum AtResult {
    BrewedUp,
    KnockedOut,
    Retreating,
    Pinned,
    Missed,
}

impl AtResult {
    pub const ALL: [AtResult; 5] = [
        AtResult::BrewedUp,
        AtResult::KnockedOut,
        AtResult::Retreating,
        AtResult::Pinned,
        AtResult::Missed,
    ];

    pub fn words(self) -> &'static str {
        match self {
            AtResult::BrewedUp => "brewed up",
            AtResult::KnockedOut => "knocked out",
            AtResult::Retreating => "retreats",
            AtResult::Pinned => "pinned (buttoned up)",
            AtResult::Missed => "missed",
        }
    }

    /// 7.7 B: the same row of the Anti-Armor table read for a helicopter
    /// (or FAC aircraft): shot down and crashed, shot down and
    /// auto-rotating, aborted damaged, aborted undamaged, missed.
    pub fn air_words(self) -> &'static str {
        match self {
            AtResult::BrewedUp => "shot down, crashed",
            AtResult::KnockedOut => "shot down, auto-rotates to the ground",
            AtResult::Retreating => "aborts, damaged",
            AtResult::Pinned => "aborts, undamaged",
            AtResult::Missed => "missed",
        }
    }

    /// 7.7 B in a word or two.
    pub fn air_short(self) -> &'static str {
        match self {
            AtResult::BrewedUp => "crash",
            AtResult::KnockedOut => "auto-rotate",
            AtResult::Retreating => "abort damaged",
            AtResult::Pinned => "abort",
            AtResult::Missed => "miss",
        }
    }

    /// The result in a word or two, for the odds in a menu line.
    pub fn short(self) -> &'static str {
        match self {
            AtResult::BrewedUp => "brew up",
            AtResult::KnockedOut => "knock out",
            AtResult::Retreating => "retreat",
            AtResult::Pinned => "pin",
            AtResult::Missed => "miss",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AntiArmorRow {
    pub upto: i8,
    pub result: AtResult,
}
