//! Unit types (rule 1.2.3): the counters of both sides.

use super::action::Experience;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Identifier of a unit type in `assets/units.ron` ("us_rifle_squad").
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnitTypeId(pub String);

impl fmt::Display for UnitTypeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The unit types file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitsFile {
    pub units: Vec<UnitType>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The player's side.
    Us,
    /// The enemy's side, whatever its army (the German army in Normandy,
    /// the North Korean and Chinese armies in Korea: `Nation` tells them
    /// apart). Files written before the enemy had a neutral name call it
    /// `German`, which still reads.
    #[serde(alias = "German")]
    Enemy,
}

impl Side {
    /// The other side.
    pub fn opponent(self) -> Side {
        match self {
            Side::Us => Side::Enemy,
            Side::Enemy => Side::Us,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Side::Us => "US",
            Side::Enemy => "enemy",
        }
    }
}

/// What a counter is (1.2.3 A-I, 9.6-9.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum UnitKind {
    /// Two or more steps, the primary combat unit (1.2.3 A).
    Squad,
    /// Company or platoon headquarters (1.2.3 B).
    Hq,
    /// Company staff: executive officer, first sergeant (1.2.3 H).
    Staff,
    /// Battalion-level staff or commander, always Line (1.2.3 H).
    HigherStaff,
    /// Forward observer for off-map fire (1.2.3 C).
    ForwardObserver,
    /// A crew-served weapon and its crew (1.2.3 D).
    WeaponsTeam,
    /// Carries messages between HQs (1.2.3 I, 4.3.2).
    Runner,
    /// Limited action team: assault team (1.2.3 F).
    AssaultTeam,
    /// Limited action team: fire team (1.2.3 F).
    FireTeam,
    /// Limited action team: litter team (1.2.3 F).
    LitterTeam,
    /// Limited action team: paralyzed team (1.2.3 F).
    ParalyzedTeam,
    /// A step out of action (1.2.3 G).
    Casualty,
    /// Enemy sniper (9.6).
    Sniper,
    /// Enemy indirect-fire spotter (9.8).
    Spotter,
    /// Enemy leader (9.7).
    Leader,
    /// A carrying party of civilian porters attached to the company (our
    /// own counter, for Korea: the Korean Service Corps): carries
    /// ammunition and casualties by its steps (5.1.6 A), never fires,
    /// never becomes a team, and does not secure a card (see
    /// `engine::combat::hits` and `engine::recovery::victory`).
    Porter,
}

impl UnitKind {
    pub fn is_lat(self) -> bool {
        matches!(
            self,
            UnitKind::AssaultTeam
                | UnitKind::FireTeam
                | UnitKind::LitterTeam
                | UnitKind::ParalyzedTeam
        )
    }

    /// HQs and staff can originate orders (4.1).
    pub fn commands(self) -> bool {
        matches!(self, UnitKind::Hq | UnitKind::Staff | UnitKind::HigherStaff)
    }
}

/// Volume of fire ratings (1.2.7, 6.2.1, 6.2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Vof {
    /// Small arms.
    S,
    /// Automatic weapons.
    A,
    /// Assault rifles: A at point blank, S beyond.
    AS,
    /// Heavy weapons.
    H,
    /// Grenade or rocket launcher as the main weapon.
    G,
    /// Sniper.
    Sniper,
    /// Flamethrower.
    Flame,
    /// Demolition charge.
    Demo,
}

impl Vof {
    pub const ALL: [Vof; 8] = [
        Vof::S,
        Vof::A,
        Vof::AS,
        Vof::H,
        Vof::G,
        Vof::Sniper,
        Vof::Flame,
        Vof::Demo,
    ];

    /// The rating in words (1.2.7).
    pub fn meaning(self) -> &'static str {
        match self {
            Vof::S => "small arms",
            Vof::A => "automatic weapons",
            Vof::AS => "assault rifles: automatic at point blank, small arms beyond",
            Vof::H => "heavy weapons",
            Vof::G => "a grenade or rocket launcher",
            Vof::Sniper => "a sniper",
            Vof::Flame => "a flamethrower",
            Vof::Demo => "a demolition charge",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Vof::S => "S",
            Vof::A => "A",
            Vof::AS => "A/S",
            Vof::H => "H",
            Vof::G => "G!",
            Vof::Sniper => "S!",
            Vof::Flame => "F!",
            Vof::Demo => "D!",
        }
    }
}

/// Range ratings (1.2.7): how many cards away a unit can fire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Range {
    /// Point blank: the same card.
    P,
    /// Close: an adjacent card.
    C,
    /// Long: two cards away.
    L,
    /// Very long: three cards away.
    V,
}

impl Range {
    pub const ALL: [Range; 4] = [Range::P, Range::C, Range::L, Range::V];

    /// The rating in words (1.2.7).
    pub fn meaning(self) -> &'static str {
        match self {
            Range::P => "range: point blank, its own card",
            Range::C => "range: close, an adjacent card",
            Range::L => "range: long, two cards away",
            Range::V => "range: very long, three cards away",
        }
    }

    /// The farthest card distance this range reaches.
    pub fn cards(self) -> u8 {
        match self {
            Range::P => 0,
            Range::C => 1,
            Range::L => 2,
            Range::V => 3,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Range::P => "P",
            Range::C => "C",
            Range::L => "L",
            Range::V => "V",
        }
    }
}

/// A side of a counter that fires.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ratings {
    pub vof: Vof,
    pub range: Range,
    /// The G! superscript (6.2.1): may also make grenade attacks out to range.
    #[serde(default)]
    pub grenade: bool,
}

/// Weapons whose use the rules restrict (6.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Weapon {
    /// Rifles, carbines, submachine guns: no restriction.
    Rifles,
    /// Belt-fed machine gun on a bipod.
    BipodMg,
    /// Belt-fed machine gun on a tripod: grazing fire, FPL, no infiltration.
    TripodMg,
    /// A mortar tube or section.
    Mortar,
    /// Light rocket launcher (bazooka, Panzerschreck).
    RocketLauncher,
    /// Single-shot antitank rocket usable only against vehicles.
    Panzerfaust,
    /// Recoilless rifle.
    RecoillessRifle,
    /// Man-packed flamethrower.
    Flamethrower,
    /// Rifle grenades carried as an allotment.
    RifleGrenades,
}

/// Night observation devices (8.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum NightSight {
    /// Active infrared: no visibility modifier at point blank (8.3.1).
    ActiveIr,
    /// Passive infrared: full range and no visibility modifier, except in
    /// illuminated areas (8.3.2).
    PassiveIr,
    /// Thermal sights: full range and no visibility, rain, fog or smoke
    /// modifier (8.3.3).
    Thermal,
}

/// Ammunition kinds tracked by 6.8.1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum AmmoKind {
    Mg,
    Mortar,
    Rcl,
    Rocket,
    Flame,
    Demo,
    RifleGrenade,
    Tank,
}

impl AmmoKind {
    /// Points of this ammunition one infantry step carries (5.1.6 A).
    pub fn per_step(self) -> u8 {
        match self {
            AmmoKind::Mg => 6,
            AmmoKind::Mortar => 2,
            AmmoKind::Rcl | AmmoKind::Rocket => 3,
            AmmoKind::Flame => 1,
            AmmoKind::Demo => 2,
            AmmoKind::RifleGrenade | AmmoKind::Tank => 1,
        }
    }

    /// The ammunition in words.
    pub fn label(self) -> &'static str {
        match self {
            AmmoKind::Mg => "machine-gun",
            AmmoKind::Mortar => "mortar",
            AmmoKind::Rcl => "recoilless rifle",
            AmmoKind::Rocket => "rocket",
            AmmoKind::Flame => "flamethrower",
            AmmoKind::Demo => "demolition charge",
            AmmoKind::RifleGrenade => "rifle grenade",
            AmmoKind::Tank => "tank gun",
        }
    }

    pub const ALL: [AmmoKind; 8] = [
        AmmoKind::Mg,
        AmmoKind::Mortar,
        AmmoKind::Rcl,
        AmmoKind::Rocket,
        AmmoKind::Flame,
        AmmoKind::Demo,
        AmmoKind::RifleGrenade,
        AmmoKind::Tank,
    ];

    /// The name a command line uses for it ("mg", "rifle-grenade").
    pub fn key(self) -> &'static str {
        match self {
            AmmoKind::Mg => "mg",
            AmmoKind::Mortar => "mortar",
            AmmoKind::Rcl => "rcl",
            AmmoKind::Rocket => "rocket",
            AmmoKind::Flame => "flame",
            AmmoKind::Demo => "demo",
            AmmoKind::RifleGrenade => "rifle-grenade",
            AmmoKind::Tank => "tank",
        }
    }

    /// The kind a command line names.
    pub fn from_key(key: &str) -> Option<AmmoKind> {
        AmmoKind::ALL.into_iter().find(|k| k.key() == key)
    }

    fn bit(self) -> u16 {
        1 << AmmoKind::ALL.iter().position(|k| *k == self).unwrap_or(0)
    }
}

/// A set of ammunition kinds (13.2: the kinds whose tracking is set
/// aside). Written as a list of kinds.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(from = "Vec<AmmoKind>", into = "Vec<AmmoKind>")]
pub struct AmmoSet(u16);

impl AmmoSet {
    pub fn contains(self, k: AmmoKind) -> bool {
        self.0 & k.bit() != 0
    }

    pub fn insert(&mut self, k: AmmoKind) {
        self.0 |= k.bit();
    }

    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }

    /// The kinds in the set, in the order of [`AmmoKind::ALL`].
    pub fn kinds(self) -> Vec<AmmoKind> {
        AmmoKind::ALL
            .into_iter()
            .filter(|k| self.contains(*k))
            .collect()
    }
}

impl From<Vec<AmmoKind>> for AmmoSet {
    fn from(v: Vec<AmmoKind>) -> AmmoSet {
        let mut s = AmmoSet::default();
        for k in v {
            s.insert(k);
        }
        s
    }
}

impl From<AmmoSet> for Vec<AmmoKind> {
    fn from(s: AmmoSet) -> Vec<AmmoKind> {
        s.kinds()
    }
}

/// A tracked ammunition allotment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ammo {
    pub kind: AmmoKind,
    /// Points the unit starts a mission with.
    pub points: u8,
}

/// One counter type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitType {
    pub id: UnitTypeId,
    /// Short label printed on the counter ("Rifle Sqd").
    pub name: String,
    pub side: Side,
    pub kind: UnitKind,
    /// Steps at full strength (1-4).
    pub steps: u8,
    /// The front's fire ratings; `None` for a command, observer, runner or
    /// casualty side with no VOF printed.
    #[serde(default)]
    pub front: Option<Ratings>,
    /// The reverse side's fire ratings: the fire-team side of HQs, staff,
    /// observers, weapons teams and some fire teams (4.1.4, 6.3.3).
    #[serde(default)]
    pub back: Option<Ratings>,
    /// The main weapon, where 6.4 restricts it.
    #[serde(default)]
    pub weapon: Option<Weapon>,
    /// Tracked ammunition (6.8).
    #[serde(default)]
    pub ammo: Option<Ammo>,
    /// Experience fixed by the rules (LATs, higher staff); `None` means the
    /// roster decides.
    #[serde(default)]
    pub experience: Option<Experience>,
    /// The generic fire team this unit's steps become (6.3.3 F); by id.
    #[serde(default)]
    pub fire_team: Option<UnitTypeId>,
    /// For an enemy spotter: the NCM value of the Incoming! fire it brings
    /// down on US infantry (6.2.2, 9.8).
    #[serde(default)]
    pub incoming: Option<i8>,
    /// A night observation device (8.3).
    #[serde(default)]
    pub sight: Option<NightSight>,
    /// The army the counter belongs to, where it is not the side's own
    /// (American for the player's side, German for the enemy's).
    #[serde(default)]
    pub nation: Option<Nation>,
}

impl UnitType {
    /// The counter's army: its own `nation`, or its side's.
    pub fn nation(&self) -> Nation {
        self.nation.unwrap_or(Nation::of_side(self.side))
    }
}

/// The army a counter belongs to, for the rules that tell armies apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Nation {
    American,
    German,
    NorthKorean,
    Chinese,
}

impl Nation {
    /// The army a counter of the side belongs to unless it names its own:
    /// the American army for the player's, the German for the enemy's
    /// (the first campaign's, whose counters name no army).
    pub fn of_side(side: Side) -> Nation {
        match side {
            Side::Us => Nation::American,
            Side::Enemy => Nation::German,
        }
    }

    /// The army in words.
    pub fn label(self) -> &'static str {
        match self {
            Nation::American => "American",
            Nation::German => "German",
            Nation::NorthKorean => "North Korean",
            Nation::Chinese => "Chinese",
        }
    }

    /// Its grenades are the lighter kind, whose Grenade VOF counts -3
    /// instead of -4 (6.5.1: Chinese, Japanese, North Korean, Viet Cong
    /// and NVA grenades; of these armies the data has the two of Korea).
    pub fn light_grenades(self) -> bool {
        matches!(self, Nation::NorthKorean | Nation::Chinese)
    }
}
