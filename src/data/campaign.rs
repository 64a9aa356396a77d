//! Campaign files (1.1.2, 9.2.1): the company's war, the enemy's force
//! packages, and the missions in order.

use super::charts::CoverKind;
use super::units::UnitTypeId;
use serde::{Deserialize, Serialize};

/// Where a package's units go when the placement table says "per package"
/// (9.2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum PackagePlacement {
    /// On the card where contact occurred.
    SameCard,
    /// On a card adjacent to it.
    Adjacent,
    /// As far as the units can see and fire, toward the contact card.
    MaxLos,
}

/// The cover a package's units take (9.2.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PackageCover {
    /// The mission's default cover.
    Default,
    /// Exposed, no cover marker.
    None,
    /// A named cover or fortification.
    Under(CoverKind),
}

/// What a contact brings besides units (9.2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ContactEffect {
    /// A minefield on the contact card (9.5).
    Mines,
    /// A booby trap: one -4 attack on a unit of the card (9.5).
    BoobyTrap,
}

/// One line of the Enemy Force Package table (9.2.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForcePackage {
    pub id: String,
    pub name: String,
    /// Groups of units: the units of a group go on one card ('+'); groups
    /// go on separate cards ('/').
    #[serde(default)]
    pub groups: Vec<Vec<UnitTypeId>>,
    #[serde(default)]
    pub effect: Option<ContactEffect>,
    /// Opens fire on the unit that triggered it at once (9.2.4).
    #[serde(default)]
    pub opens_fire: bool,
    /// Placed spotted (9.3).
    #[serde(default)]
    pub spotted: bool,
    pub placement: PackagePlacement,
    #[serde(default = "default_cover")]
    pub cover: PackageCover,
    /// Fanatic units (9.11).
    #[serde(default)]
    pub fanatic: bool,
    /// A human wave assault (9.12): every hit a casualty, never pinned.
    #[serde(default)]
    pub human_wave: bool,
    /// Vehicles that come with the package, on the card of its first
    /// group (9.10).
    #[serde(default)]
    pub vehicles: Vec<super::vehicles::VehicleTypeId>,
}

fn default_cover() -> PackageCover {
    PackageCover::Default
}

/// A campaign file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Campaign {
    pub id: String,
    pub name: String,
    /// The year it is fought: campaigns are listed, and the first offered,
    /// in the order of their wars.
    pub year: u16,
    /// A historical note in our own words.
    pub history: String,
    /// The missions in order, by id.
    pub missions: Vec<String>,
    /// The Enemy Force Package table.
    pub packages: Vec<ForcePackage>,
    /// Counters of each enemy unit type available (9.2.1: counter limits);
    /// types not listed are unlimited.
    #[serde(default)]
    pub counters: Vec<(UnitTypeId, u8)>,
    /// Sides that take no prisoners (9.13): the teams they would capture
    /// are shot and become casualties.
    #[serde(default)]
    pub no_prisoners: Vec<super::units::Side>,
    /// The enemy fights fanatically in every mission of the campaign
    /// (9.11).
    #[serde(default)]
    pub fanatic: bool,
    /// Green replacement steps after each successful mission, in campaign
    /// order (10.4); missions past the list's end get none.
    #[serde(default)]
    pub replacements: Vec<u8>,
    /// Veteran steps rotated out of the company after a mission: (mission
    /// index from 0, steps) (10.5).
    #[serde(default)]
    pub rotations: Vec<(u8, u8)>,
    /// Roster ids of the units attached to the company (10.3.2, 10.4):
    /// never promoted with its points, replaced by their own parent units.
    #[serde(default)]
    pub attached: Vec<String>,
}

impl Campaign {
    pub fn package(&self, id: &str) -> Option<&ForcePackage> {
        self.packages.iter().find(|p| p.id == id)
    }
}
