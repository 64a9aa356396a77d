//! Mission files (2.0-2.4): what a briefing tells the player before play.
//!
//! Why this file is long: it is the whole mission schema, one type per
//! part of a briefing, each field documented with the section it serves;
//! splitting it would scatter what one mission file says.

use super::action::Experience;
use super::charts::PcLetter;
use super::units::UnitTypeId;
use serde::{Deserialize, Serialize};

/// The three kinds of mission (3.0, 2.4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum MissionKind {
    Offensive,
    Defensive,
    Patrol,
}

impl MissionKind {
    pub fn label(self) -> &'static str {
        match self {
            MissionKind::Offensive => "Offensive",
            MissionKind::Defensive => "Defensive",
            MissionKind::Patrol => "Combat Patrol",
        }
    }
}

/// A card position in a mission file: `(row, col)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct At(pub i8, pub i8);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Face {
    Up,
    Down,
}

/// A terrain card laid at a fixed place (2.2.1: fixed and mixed maps).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FixedCard {
    pub at: At,
    /// The terrain card's number in the mission's deck. A hill placed here
    /// gets a random card dealt on top of it, as 5.2.2 A says.
    pub card: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapSpec {
    pub rows: u8,
    pub cols: u8,
    /// Cards laid at fixed places; every other place is dealt at random.
    /// None listed: a random map; all listed: a fixed map; some: mixed.
    #[serde(default)]
    pub fixed: Vec<FixedCard>,
    /// Face up (the default) or face down (2.2.1, 5.2).
    #[serde(default = "face_up")]
    pub face: Face,
}

fn face_up() -> Face {
    Face::Up
}

fn yes() -> bool {
    true
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ObjectiveKind {
    Primary,
    Secondary,
}

/// Tactical control markers (2.4.1).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Controls {
    /// Left and right boundaries along the outer columns (2.4.1 A).
    #[serde(default = "yes")]
    pub boundaries: bool,
    /// Limit of advance along the top row: friendly units may not move past
    /// this row (2.4.1 A). `None` for no limit.
    #[serde(default)]
    pub loa: Option<i8>,
    /// Phase lines, each drawn above the given row (2.4.1 A).
    #[serde(default)]
    pub phase_lines: Vec<i8>,
    /// Objectives (2.4.1 A, C).
    #[serde(default)]
    pub objectives: Vec<(ObjectiveKind, At)>,
    /// Attack position (2.4.1 A).
    #[serde(default)]
    pub attack_position: Option<At>,
    /// 7.4.5: the landing zone of an air assault: one to three adjacent
    /// cards showing the LZ icon. Written only when set.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lz: Vec<At>,
    /// Main line of resistance, drawn above the given row (2.4.1 B-C).
    #[serde(default)]
    pub mlr: Option<i8>,
    /// Combat outpost (2.4.1 B).
    #[serde(default)]
    pub cop: Option<At>,
    /// Route points of a patrol, in order (2.4.1 C).
    #[serde(default)]
    pub route: Vec<At>,
    /// A casualty collection point (5.1.7).
    #[serde(default)]
    pub casualty_point: Option<At>,
    /// 5.1.7: the MEDEVAC LZ at the start, a card of `lz`, in a mission
    /// whose casualties leave by MEDEVAC (`evacuation: Medevac`). Written
    /// only when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub medevac: Option<At>,
    /// The final protective fire marker (6.7.2 D).
    #[serde(default)]
    pub fpf: Option<At>,
    /// Claymores placed at the start (9.5).
    #[serde(default)]
    pub claymores: Vec<At>,
    /// Known minefields at the start (9.5).
    #[serde(default)]
    pub mines: Vec<At>,
    /// Final protective lines: a tripod machine gun (by roster id) and the
    /// diagonal it fires along (6.4).
    #[serde(default)]
    pub fpl: Vec<(String, crate::data::terrain::Dir)>,
}

/// Where a unit starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Start {
    /// A card of the Main Staging Area, by column (2.4.2 A).
    Staging(i8),
    /// A map card.
    Card(At),
    /// A helicopter staging area (2.4.2 B, 7.4.5): the units of an air
    /// assault wait in the Pickup Zone; its helicopters start there or,
    /// loaded, Inbound.
    Heli(HeliArea),
}

/// 2.4.2 B, 7.4.5: the four off-map areas of a helicopter assault, on the
/// Helicopter Control Card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum HeliArea {
    /// The Pickup Zone, where helicopters load and unload and may wait.
    PickUp,
    /// On the way in, the turn before landing.
    Inbound,
    /// On the way back, the turn before the Pickup Zone.
    Outbound,
    /// Circling, waiting a turn to land.
    Loiter,
}

impl HeliArea {
    pub const ALL: [HeliArea; 4] = [
        HeliArea::PickUp,
        HeliArea::Inbound,
        HeliArea::Outbound,
        HeliArea::Loiter,
    ];

    pub fn words(self) -> &'static str {
        match self {
            HeliArea::PickUp => "the Pickup Zone",
            HeliArea::Inbound => "the Inbound area",
            HeliArea::Outbound => "the Outbound area",
            HeliArea::Loiter => "the Loiter area",
        }
    }

    pub fn short(self) -> &'static str {
        match self {
            HeliArea::PickUp => "PZ",
            HeliArea::Inbound => "Inbound",
            HeliArea::Outbound => "Outbound",
            HeliArea::Loiter => "Loiter",
        }
    }
}

/// One unit of the company or an attachment (2.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RosterEntry {
    /// Identifier within the mission ("1plt_hq", "1_1").
    pub id: String,
    /// Counter type in assets/units.ron.
    #[serde(rename = "type")]
    pub unit_type: UnitTypeId,
    /// What the counter shows ("1/1", "2 PLT").
    pub label: String,
    /// The HQ the unit answers to, by roster id; `None` for the CO HQ
    /// (which answers to the battalion).
    #[serde(default)]
    pub hq: Option<String>,
    pub experience: Experience,
    pub start: Start,
    /// Steps at the start, if below the counter's full strength.
    #[serde(default)]
    pub steps: Option<u8>,
    /// Skill markers held at the start (10.7): by a PLT HQ for its
    /// platoon, by a staff unit for itself; three at most.
    #[serde(default)]
    pub skills: Vec<Skill>,
    /// Fire teams of the unit's designation that start beside it as
    /// counters of their own, Green: its steps a campaign's last mission
    /// left as teams (11.3 step 3). With `steps: Some(0)` the unit's own
    /// counter starts out of play, to be reconstituted from teams (4.2.3 i,
    /// 10.2.1) or rebuilt as an HQ (10.2.2). Written by a campaign, never
    /// in a mission file.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub teams: u8,
    /// Ammunition the unit carries for others at the start (5.1.6 A): one
    /// kind, within what its steps carry. Porters bring the company's
    /// reserve up this way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub load: Option<(super::units::AmmoKind, u8)>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// Skill markers (10.7): single-use, bought between missions with
/// experience points or given by the mission; our own names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Skill {
    /// One General Initiative command.
    Leadership,
    /// A paralyzed team becomes an assault team.
    SnapOut,
    /// A paralyzed team becomes a fire team.
    PullTogether,
    /// A squad of three or four steps detaches an assault or fire team.
    SplitTeam,
    /// One more card for any action attempt.
    Drilled,
    /// A spotting attempt succeeds.
    KeenEye,
    /// A search for cover succeeds.
    GroundSense,
    /// A concentrated fire attempt succeeds.
    FireDiscipline,
    /// An infiltration succeeds.
    Stalker,
    /// A hand grenade attack succeeds.
    Pitcher,
}

impl Skill {
    /// What spending the marker does, in words (10.7).
    pub fn effect(self) -> &'static str {
        match self {
            Skill::Leadership => "one General Initiative command",
            Skill::SnapOut => "a paralyzed team becomes an assault team",
            Skill::PullTogether => "a paralyzed team becomes a fire team",
            Skill::SplitTeam => "a squad of three or four steps detaches an assault or fire team",
            Skill::Drilled => "one more card for any action attempt",
            Skill::KeenEye => "a spotting attempt succeeds",
            Skill::GroundSense => "a search for cover succeeds",
            Skill::FireDiscipline => "a concentrated fire attempt succeeds",
            Skill::Stalker => "an infiltration succeeds",
            Skill::Pitcher => "a hand grenade attack succeeds",
        }
    }

    /// The skill in words (10.7).
    pub fn label(self) -> &'static str {
        match self {
            Skill::Leadership => "leadership",
            Skill::SnapOut => "snap out of it",
            Skill::PullTogether => "pull together",
            Skill::SplitTeam => "split team",
            Skill::Drilled => "drilled",
            Skill::KeenEye => "keen eye",
            Skill::GroundSense => "ground sense",
            Skill::FireDiscipline => "fire discipline",
            Skill::Stalker => "stalker",
            Skill::Pitcher => "pitcher",
        }
    }

    pub const ALL: [Skill; 10] = [
        Skill::Leadership,
        Skill::SnapOut,
        Skill::PullTogether,
        Skill::SplitTeam,
        Skill::Drilled,
        Skill::KeenEye,
        Skill::GroundSense,
        Skill::FireDiscipline,
        Skill::Stalker,
        Skill::Pitcher,
    ];

    /// Experience points it costs between missions (10.7).
    pub fn cost(self) -> u32 {
        match self {
            Skill::Leadership | Skill::SnapOut => 2,
            _ => 1,
        }
    }
}

/// Radio classes (4.3.5 A-C).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum RadioClass {
    /// Early handheld: within LOS, not from under cover (4.3.5 A).
    Handheld,
    /// Man-pack or vehicle: anywhere on the map (4.3.5 B).
    Manpack,
    /// Advanced squad radios (4.3.5 C).
    Squad,
}

/// Radio and telephone networks (4.3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Net {
    CoTac,
    BnTac,
    ArtyFd,
    MtrFd,
    AirCtl,
}

impl Net {
    pub fn label(self) -> &'static str {
        match self {
            Net::CoTac => "CO TAC",
            Net::BnTac => "BN TAC",
            Net::ArtyFd => "ARTY FD",
            Net::MtrFd => "MTR FD",
            Net::AirCtl => "AIR CTL",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RadioSpec {
    /// Roster id of the unit carrying it.
    pub holder: String,
    /// The set's name as shown ("SCR-300").
    pub name: String,
    pub class: RadioClass,
    pub net: Net,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhoneSpec {
    pub holder: String,
    pub net: Net,
}

/// Pyrotechnic devices (4.3.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Pyro {
    RedStarParachute,
    GreenStarParachute,
    RedStarCluster,
    GreenStarCluster,
    RedSmoke,
    GreenSmoke,
    YellowSmoke,
    PurpleSmoke,
    Smoke,
    WpSmoke,
    HandFlare,
    /// A tear gas (CS) grenade (4.3.6 D).
    CsGas,
}

impl Pyro {
    /// A signal: star clusters and parachutes, coloured smoke (4.3.6 A-B);
    /// not the smoke, white phosphorus and tear gas grenades or the hand
    /// flare, which are weapons and light.
    pub fn is_signal(self) -> bool {
        !matches!(
            self,
            Pyro::Smoke | Pyro::WpSmoke | Pyro::HandFlare | Pyro::CsGas
        )
    }

    /// Coloured smoke, the only signal that marks a landing zone (4.3.6 B).
    pub fn is_coloured_smoke(self) -> bool {
        matches!(
            self,
            Pyro::RedSmoke | Pyro::GreenSmoke | Pyro::YellowSmoke | Pyro::PurpleSmoke
        )
    }

    /// The device in words.
    pub fn label(self) -> &'static str {
        match self {
            Pyro::RedStarParachute => "red star parachute",
            Pyro::GreenStarParachute => "green star parachute",
            Pyro::RedStarCluster => "red star cluster",
            Pyro::GreenStarCluster => "green star cluster",
            Pyro::RedSmoke => "red smoke",
            Pyro::GreenSmoke => "green smoke",
            Pyro::YellowSmoke => "yellow smoke",
            Pyro::PurpleSmoke => "purple smoke",
            Pyro::Smoke => "smoke grenade",
            Pyro::WpSmoke => "white phosphorus grenade",
            Pyro::HandFlare => "hand flare",
            Pyro::CsGas => "tear gas grenade",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PyroSpec {
    pub holder: String,
    pub device: Pyro,
    #[serde(default = "one")]
    pub count: u8,
}

fn one() -> u8 {
    1
}

/// How a mission's casualties are evacuated (5.1.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Evacuation {
    /// Set down at the casualty collection point.
    #[default]
    CollectionPoint,
    /// Set down at the MEDEVAC LZ while an HQ or staff unit is there to
    /// direct the helicopter, or flown to the Pickup Zone (7.4.5).
    Medevac,
}

impl Evacuation {
    fn is_collection_point(&self) -> bool {
        *self == Evacuation::CollectionPoint
    }
}

/// What a pyrotechnic signal tells the units that see it to do (4.3.6):
/// the signal plan written on the mission log before play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SignalOrder {
    /// CF: cease fire.
    CeaseFire,
    /// SF: shift fire. Decision: to the card where the signal shows.
    ShiftFire,
    /// XPL#: units next to phase line # cross it.
    CrossPhaseLine(u8),
    /// M2PO: units next to the primary objective move onto it.
    MoveToPrimary,
    /// InfAP2PO: units on the attack position infiltrate the primary
    /// objective.
    InfiltrateToPrimary,
    /// M2SO: units next to the secondary objective move onto it.
    MoveToSecondary,
    /// InfAP2SO: from the attack position to the secondary objective.
    InfiltrateToSecondary,
    /// M2S: units next to the signal move to its card.
    MoveToSignal,
    /// M2RP#: units next to route point # move to it.
    MoveToRoutePoint(u8),
    /// LZ: the card where the coloured smoke shows becomes a card of a
    /// landing zone (4.3.6, the general options of missions with
    /// helicopters; 7.4.5).
    MarkLandingZone,
}

impl SignalOrder {
    /// The order in words, as the signal plan reads.
    pub fn label(self) -> String {
        match self {
            SignalOrder::CeaseFire => "cease fire".into(),
            SignalOrder::ShiftFire => "shift fire to the signal's card".into(),
            SignalOrder::CrossPhaseLine(n) => format!("units next to phase line {n} cross it"),
            SignalOrder::MoveToPrimary => "units next to the primary objective move onto it".into(),
            SignalOrder::InfiltrateToPrimary => {
                "units on the attack position infiltrate the primary objective".into()
            }
            SignalOrder::MoveToSecondary => {
                "units next to the secondary objective move onto it".into()
            }
            SignalOrder::InfiltrateToSecondary => {
                "units on the attack position infiltrate the secondary objective".into()
            }
            SignalOrder::MoveToSignal => "units next to the signal move to it".into(),
            SignalOrder::MoveToRoutePoint(n) => {
                format!("units next to route point {n} move onto it")
            }
            SignalOrder::MarkLandingZone => "the smoke marks a new landing zone".into(),
        }
    }

    /// 4.3.6: the orders a signal may carry on a mission of `kind`, as the
    /// signal charts of offensive, defensive and patrol missions list
    /// them, those naming a control only when the mission has it. Not
    /// offered: the defensive chart's Final Protective Fires, which the CO
    /// HQ calls by order here (4.2.4 m), and the mark of friendly
    /// positions for air strikes. In a mission with transport helicopters
    /// a coloured smoke may also mark a new landing zone (4.3.6, 7.4.5).
    pub fn offered(
        kind: MissionKind,
        c: &Controls,
        device: Pyro,
        helicopters: bool,
    ) -> Vec<SignalOrder> {
        let has = |k: ObjectiveKind| c.objectives.iter().any(|(x, _)| *x == k);
        let ap = c.attack_position.is_some();
        let mut v = vec![SignalOrder::CeaseFire, SignalOrder::ShiftFire];
        match kind {
            MissionKind::Offensive => {
                v.extend((1..=c.phase_lines.len() as u8).map(SignalOrder::CrossPhaseLine));
                if has(ObjectiveKind::Primary) {
                    v.push(SignalOrder::MoveToPrimary);
                    if ap {
                        v.push(SignalOrder::InfiltrateToPrimary);
                    }
                }
                if has(ObjectiveKind::Secondary) {
                    v.push(SignalOrder::MoveToSecondary);
                    if ap {
                        v.push(SignalOrder::InfiltrateToSecondary);
                    }
                }
            }
            MissionKind::Defensive => {}
            MissionKind::Patrol => {
                v.extend((1..=c.route.len() as u8).map(SignalOrder::MoveToRoutePoint));
                if has(ObjectiveKind::Primary) {
                    v.push(SignalOrder::MoveToPrimary);
                }
            }
        }
        v.push(SignalOrder::MoveToSignal);
        if helicopters && device.is_coloured_smoke() {
            v.push(SignalOrder::MarkLandingZone);
        }
        v
    }
}

/// Potential Contact markers placed at setup (9.1.2), one per card of the
/// row that holds no friendly unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PcRow {
    pub row: i8,
    /// One letter for the whole row, or several mixed at random (9.1.2).
    pub letters: Vec<PcLetter>,
    /// Placed "?" side up (9.1.2).
    #[serde(default)]
    pub hidden: bool,
}

/// The kinds of fire mission (6.7.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum FmKind {
    /// High explosive.
    He,
    /// Time on target.
    Tot,
    /// Smoke, to screen.
    Smoke,
    /// White phosphorus: blast and smoke.
    Wp,
    /// Illumination rounds.
    Illumination,
    /// An air strike: needs a mark (6.7.2 F).
    AirStrike,
    /// A section of attack helicopters, called as an air strike is
    /// (7.1.2): placed on the target card in the Vehicle phase, it attacks
    /// with its VOF and may loiter a second turn.
    AttackHelicopter,
    /// Final protective fire, fired by the CO HQ's order on defence
    /// (6.7.2 D, 4.2.4 m); the count is how many turns it can fire.
    Fpf,
}

impl FmKind {
    /// The mission's kind in words.
    pub fn label(self) -> &'static str {
        match self {
            FmKind::He => "high explosive",
            FmKind::Tot => "time on target",
            FmKind::Smoke => "smoke",
            FmKind::Wp => "white phosphorus",
            FmKind::Illumination => "illumination",
            FmKind::AirStrike => "air strike",
            FmKind::AttackHelicopter => "attack helicopters",
            FmKind::Fpf => "final protective fire",
        }
    }

    /// Air support: called through an air agency only, and only once the
    /// target is marked (6.7.2 F; 7.1.2: attack helicopters are called
    /// "in the same manner as a Close Air Support Mission").
    pub fn air(self) -> bool {
        matches!(self, FmKind::AirStrike | FmKind::AttackHelicopter)
    }
}

/// Who fires the missions (6.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Agency {
    Artillery,
    Mortars,
    Air,
}

impl Agency {
    /// The fire direction network its observers use (4.3.3).
    pub fn net(self) -> Net {
        match self {
            Agency::Artillery => Net::ArtyFd,
            Agency::Mortars => Net::MtrFd,
            Agency::Air => Net::AirCtl,
        }
    }
}

/// One line of the Fire Support Available table: a mission type, how many
/// are available, and its NCM value against infantry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FmSpec {
    pub kind: FmKind,
    pub count: u8,
    #[serde(default)]
    pub modifier: i8,
    /// Attack helicopters (7.1.2): the chart's row of the two aircraft a
    /// call brings. Only with that kind, and required by it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub helicopter: Option<crate::data::vehicles::VehicleTypeId>,
}

/// A firing agency of the Fire Support Available table (6.7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireSupport {
    pub id: String,
    pub name: String,
    pub agency: Agency,
    pub missions: Vec<FmSpec>,
    /// Eligible observers by roster id and the cards each draws (6.7.1).
    pub observers: Vec<(String, u8)>,
    /// Battalion fire missions on three bursts (6.7.2 G, artillery only).
    #[serde(default)]
    pub battalion: bool,
    /// A registered target at the start (6.7.5).
    #[serde(default)]
    pub registered: Option<At>,
    /// 7.1.3: a forward air controller aircraft that comes on station to
    /// call this air agency's strikes and helicopters. Written only when
    /// set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fac: Option<FacSpec>,
    /// 7.1.4: a fixed-wing gunship that comes on station at night to stay
    /// for the rest of the mission. Written only when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gunship: Option<GunshipSpec>,
}

/// 7.1.4: an air agency's fixed-wing gunship.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GunshipSpec {
    /// Its row on the vehicle chart (a fixed-wing gunship).
    pub aircraft: crate::data::vehicles::VehicleTypeId,
    /// The turn it comes on station; it flies every night turn after.
    pub arrives: u8,
}

/// 7.1.3: an air agency's forward air controller aircraft.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FacSpec {
    /// Its row on the vehicle chart (a forward air controller aircraft).
    pub aircraft: crate::data::vehicles::VehicleTypeId,
    /// The turn it comes on station, to stay five turns (7.1.3).
    pub arrives: u8,
    /// The cards it draws for the burst icon when it calls (6.7.1).
    pub draws: u8,
}

/// How far away the enemy appears (9.2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Reach {
    Adjacent,
    MaxLos,
}

/// One result of the Unit Placement table (9.2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Placement {
    /// On the card where contact occurred.
    Here,
    /// In a direction from the contact card (relative to the player), at a
    /// distance.
    Toward(crate::data::terrain::Dir, Reach),
    /// Per the package's own placement column; draw again for a direction.
    PerPackage,
}

/// The Unit Placement table: results by R# under `n`, ascending.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacementTable {
    pub n: u8,
    pub entries: Vec<(u8, Placement)>,
}

/// Contact tables (9.2.1): for each PC letter, results by R# under 10,
/// ascending, naming force packages of the campaign.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContactTables {
    pub a: Vec<(u8, String)>,
    pub b: Vec<(u8, String)>,
    pub c: Vec<(u8, String)>,
}

/// What a Higher HQ event brings (3.1, 3.2.1, 3.4.1). The events are our
/// own design.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum HhqEvent {
    /// Nothing happens.
    Quiet,
    /// Friendly: units join the company in the staging area (type, count).
    Reinforcement(UnitTypeId, u8),
    /// Friendly: a firing agency gets more missions (agency id, kind, count).
    MoreFire(String, FmKind, u8),
    /// Friendly: battalion wants something done: the CO HQ may spend this
    /// many commands this turn for the experience points (10.3.1).
    Tasking { commands: u8, experience: u8 },
    /// Enemy: a counterattack with this PC letter (9.1.4).
    Counterattack(PcLetter),
    /// Enemy: a barrage falls on the card holding the most US steps.
    Barrage(i8),
    /// Enemy: PC markers of a letter on a row (9.1.1).
    Stirring(PcLetter, i8),
}

impl HhqEvent {
    /// The event's kind in words (what follows in the log says the rest).
    pub fn label(&self) -> &'static str {
        match self {
            HhqEvent::Quiet => "nothing happens",
            HhqEvent::Reinforcement(..) => "reinforcements",
            HhqEvent::MoreFire(..) => "more fire missions",
            HhqEvent::Tasking { .. } => "a battalion tasking",
            HhqEvent::Counterattack(_) => "a counterattack",
            HhqEvent::Barrage(_) => "a barrage",
            HhqEvent::Stirring(..) => "the enemy stirs",
        }
    }
}

/// A Higher HQ event table: results by R# under 10 for a band of turns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HhqBand {
    /// First and last turn of the band.
    pub turns: (u8, u8),
    pub rows: Vec<(u8, HhqEvent)>,
}

/// An enemy unit already on the map when the mission begins.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnemyStart {
    #[serde(rename = "type")]
    pub unit_type: UnitTypeId,
    pub at: At,
    /// Spotted from the start (9.3).
    #[serde(default)]
    pub spotted: bool,
    /// The cover or fortification it holds (9.2.3).
    #[serde(default)]
    pub cover: Option<super::charts::CoverKind>,
}

/// A place a success condition or award names (2.4.1, 10.3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Place {
    Primary,
    Secondary,
    AttackPosition,
    Cop,
}

impl Place {
    /// The place in words.
    pub fn label(self) -> &'static str {
        match self {
            Place::Primary => "the primary objective",
            Place::Secondary => "the secondary objective",
            Place::AttackPosition => "the attack position",
            Place::Cop => "the combat outpost",
        }
    }
}

/// One success condition (11.0): every condition of a mission must hold at
/// its end. "Clear": no enemy unit (casualties aside) and no PC marker on
/// the card; "Secure": a friendly Good Order unit on it (10.3.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Goal {
    Secure(Place),
    Clear(Place),
    ClearAndSecure(Place),
    /// No enemy unit (casualties aside) at or behind the main line of
    /// resistance (2.4.1 B).
    HoldMlr,
    /// Every route point touched by a friendly unit, in order (2.4.1 C).
    Route,
    /// At least this many cards clear.
    ClearCards(u8),
    /// The CO HQ is not a casualty.
    CoHqAlive,
}

impl Goal {
    /// The condition in words, as the briefing and the after-action report
    /// state it.
    pub fn label(&self) -> String {
        match self {
            // 10.3.1: "secure" asks only that a unit of ours occupy the
            // card (the glossary's "secured card" is also cleared: that is
            // `ClearAndSecure`). A play test read "a Good Order unit" here
            // and a pinned unit beside the enemy met it: the words now say
            // what is counted.
            Goal::Secure(p) => format!(
                "secure {}: a unit of ours on it, even beside the enemy (10.3.1)",
                p.label()
            ),
            Goal::Clear(p) => format!("clear {}: no enemy unit and no PC marker on it", p.label()),
            Goal::ClearAndSecure(p) => format!("clear and secure {}", p.label()),
            Goal::HoldMlr => "hold the MLR: no enemy unit at or behind it".to_string(),
            Goal::Route => "touch every route point, in order".to_string(),
            Goal::ClearCards(n) => format!("at least {n} cards clear of the enemy"),
            Goal::CoHqAlive => "the CO HQ is not a casualty".to_string(),
        }
    }
}

/// A task that earns experience (10.3.1). "Per" tasks score for each
/// occurrence; the others once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Task {
    /// Per enemy casualty step captured (9.13).
    CaptureCasualty,
    /// Per enemy step taken prisoner (9.13), casualties aside.
    CapturePrisoner,
    /// Once, with at least this many cards clear.
    ClearCards(u8),
    /// Once, with more than this many cards clear.
    ClearMoreThan(u8),
    /// Once, with every card of the map clear.
    ClearAllRows,
    /// Per clear card, other than an objective, that held a PC marker of
    /// letter A.
    ClearPcA,
    /// Per clear card, other than an objective, that held a PC marker of
    /// letter B or C.
    ClearPcBC,
    /// Once, with every card of this column clear.
    ClearColumn(i8),
    /// Once, with every card of this row clear.
    ClearRow(i8),
    /// Per clear card, other than an objective, on this row.
    ClearOnRow(i8),
    /// Once, with every card on the map's edge clear.
    ClearPerimeter,
    /// Per Higher HQ event marked as earning experience that the company
    /// carried out (3.1): the event's own points are added as well.
    HqEvent,
    /// Per friendly-occupied card without enemy units at the end.
    FriendlyCards,
    /// Per enemy casualty step inflicted and not captured.
    InflictCasualty,
    /// Per enemy vehicle knocked out.
    KnockOutVehicle,
    /// Per successful grenade attack by the company.
    Grenade,
    /// Once, with the place secured.
    Secure(Place),
    /// Per friendly casualty step evacuated (5.1.7).
    Evacuate,
}

impl Task {
    /// The task in words, as the tally lists it (10.3.1).
    pub fn label(&self) -> String {
        match self {
            Task::CaptureCasualty => "enemy casualties captured".into(),
            Task::CapturePrisoner => "enemy prisoners taken".into(),
            Task::ClearCards(n) => format!("at least {n} cards clear"),
            Task::ClearMoreThan(n) => format!("more than {n} cards clear"),
            Task::ClearAllRows => "every card clear".into(),
            Task::ClearPcA => "clear cards that held a PC marker A".into(),
            Task::ClearPcBC => "clear cards that held a PC marker B or C".into(),
            Task::ClearColumn(c) => format!("column {c} clear"),
            Task::ClearRow(r) => format!("row {r} clear"),
            Task::ClearOnRow(r) => format!("clear cards on row {r}"),
            Task::ClearPerimeter => "every card on the map's edge clear".into(),
            Task::HqEvent => "Higher HQ events carried out".into(),
            Task::FriendlyCards => "cards the company holds".into(),
            Task::InflictCasualty => "enemy casualties inflicted".into(),
            Task::KnockOutVehicle => "enemy vehicles knocked out".into(),
            Task::Grenade => "successful grenade attacks".into(),
            Task::Secure(p) => format!("{} secured", p.label()),
            Task::Evacuate => "casualties evacuated".into(),
        }
    }
}

/// What the enemy's indirect-fire spotters have (9.8): fire missions per
/// spotter, the first (automatic) one included, and the cards drawn for
/// each later call for fire. The NCM is the spotter type's Incoming! value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnemyFire {
    pub missions: u8,
    pub draws: u8,
}

/// A mission file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mission {
    pub id: String,
    pub name: String,
    pub kind: MissionKind,
    /// The briefing, in our own words.
    pub briefing: String,
    /// The terrain deck's id.
    pub terrain: String,
    pub turns: u8,
    /// A visibility level id from the charts: the level at the start.
    pub visibility: String,
    /// Changes of visibility during the mission (8.0, 8.2: dusk falls, the
    /// moon rises): from the turn given on, the level named. Ascending.
    #[serde(default)]
    pub visibility_from: Vec<(u8, String)>,
    pub map: MapSpec,
    #[serde(default)]
    pub controls: Controls,
    /// A battalion leader on the map (3.3.1 A, 4.1.1).
    #[serde(default)]
    pub bn_hq_on_map: bool,
    pub company: Vec<RosterEntry>,
    #[serde(default)]
    pub radios: Vec<RadioSpec>,
    #[serde(default)]
    pub phones: Vec<PhoneSpec>,
    /// Phone line markers carried at the start, by holder (4.3.4).
    #[serde(default)]
    pub phone_lines: Vec<(String, u8)>,
    #[serde(default)]
    pub pyrotechnics: Vec<PyroSpec>,
    #[serde(default)]
    pub pc_markers: Vec<PcRow>,
    /// The signal plan: one order per signal device (4.3.6).
    #[serde(default)]
    pub signals: Vec<(Pyro, SignalOrder)>,
    /// Enemy units on the map at the start.
    #[serde(default)]
    pub enemy: Vec<EnemyStart>,
    /// Fire support available (6.7).
    #[serde(default)]
    pub fire_support: Vec<FireSupport>,
    /// The campaign whose force packages the contacts draw on.
    #[serde(default)]
    pub campaign: Option<String>,
    /// Contact tables per PC letter (9.2.1).
    #[serde(default)]
    pub contacts: Option<ContactTables>,
    /// The Unit Placement table (9.2.2).
    #[serde(default)]
    pub placement: Option<PlacementTable>,
    /// The enemy's default cover (9.2.3).
    #[serde(default)]
    pub enemy_cover: Option<super::charts::CoverKind>,
    /// Every enemy unit of the mission is fanatic (9.11), the briefing's
    /// and those contacts bring alike.
    #[serde(default)]
    pub fanatic: bool,
    /// How casualties leave the battlefield (5.1.7): by a casualty
    /// collection point (the default, as in WWII, Korea and Hue City), or
    /// by helicopter from the MEDEVAC LZ (Volume I Vietnam missions).
    /// Written only when not the default.
    #[serde(default, skip_serializing_if = "Evacuation::is_collection_point")]
    pub evacuation: Evacuation,
    /// 7.4.5: a mid-mission air assault: the transport helicopters waiting
    /// in the Pickup Zone may fly from this turn on, and the landing plan
    /// (boarding, and a new landing zone if wanted) is made at the start of
    /// the turn before. Written only when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub air_assault: Option<u8>,
    /// Counterattacks: on these turns a PC marker of the letter goes on
    /// every US-occupied card (9.1.4).
    #[serde(default)]
    pub counterattacks: Vec<(u8, PcLetter)>,
    /// The enemy's tactics: the column of the Offensive or Defensive
    /// activity table (9.4). Unset: Assault in a defensive mission, Hasty
    /// otherwise.
    #[serde(default)]
    pub tactics: Option<super::activity::Tactic>,
    /// The enemy's fire missions (9.8).
    #[serde(default)]
    pub enemy_fire: Option<EnemyFire>,
    /// How many times the mission may be attempted (11.1).
    #[serde(default = "one")]
    pub attempts: u8,
    /// A combat patrol mission's patrols (11.4): each a separate mission
    /// for experience (10.3.3), fought in turn on the same map.
    #[serde(default = "one")]
    pub patrols: u8,
    /// A combat patrol's members as the briefing sends them out (11.4):
    /// roster ids, offered to the player as the suggested patrol. Empty:
    /// the first platoon HQ and the units it commands.
    #[serde(default)]
    pub patrol: Vec<String>,
    /// Success conditions (11.0). None listed: the default for the kind
    /// (the primary objective secured on an offensive mission or patrol,
    /// the MLR held on a defensive one).
    #[serde(default)]
    pub success: Vec<Goal>,
    /// Experience points per task (10.3.1).
    #[serde(default)]
    pub awards: Vec<(Task, u8)>,
    /// Friendly Higher HQ events (3.1).
    #[serde(default)]
    pub friendly_events: Vec<HhqBand>,
    /// Enemy Higher HQ events (3.2.1, 3.4.1).
    #[serde(default)]
    pub enemy_events: Vec<HhqBand>,
    /// Vehicles of both sides at the start (7.0, 7.1.1): the company's
    /// attached armour and the enemy's.
    #[serde(default)]
    pub vehicles: Vec<VehicleStart>,
    /// How the enemy's vehicles are activated and what they do (9.10).
    #[serde(default)]
    pub vehicle_orders: Option<EnemyVehicleOrders>,
}

/// A vehicle at the start of the mission (7.1.1, 2.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VehicleStart {
    /// Its row on the Vehicle and Anti-Tank Weapons Chart.
    #[serde(rename = "type")]
    pub vehicle_type: super::vehicles::VehicleTypeId,
    /// What the counter shows; the chart's name when left out.
    #[serde(default)]
    pub label: Option<String>,
    /// The company roster id of the infantry platoon HQ it is attached to
    /// (7.1.1); `None`: the CO HQ activates it.
    #[serde(default)]
    pub attached: Option<String>,
    /// 7.1.1: the vehicle platoon (or section) it belongs to, by name: its
    /// platoon HQ activates it. `None`: in no platoon.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub platoon: Option<String>,
    /// 7.1.1: it is its platoon's HQ, with an impulse of its own in the
    /// Command Phase.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub platoon_hq: bool,
    pub start: Start,
    /// Company roster ids that start the mission aboard it (7.4.1), set up
    /// where it starts.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub carrying: Vec<String>,
    /// 7.8: smoke and white phosphorus rounds for its gun, where the
    /// mission gives them.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub smoke: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub wp: u8,
    /// 7.2.1: a preplanned transport schedule: the vehicle is never
    /// activated; it keeps to this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schedule: Option<TransportSchedule>,
}

/// 7.2.1: when a preplanned transport drives from its staging area to a
/// card, sets its passengers down there, and leaves the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransportSchedule {
    /// The turn, in its Vehicle phase, it arrives.
    pub arrive: u8,
    /// The card it drives to.
    pub at: At,
    /// The turn, in its Vehicle phase, it leaves the map.
    pub leave: u8,
}

/// 9.10: enemy vehicles are activated by an activity check (one card, the
/// random-number strip under `of`: activated on `activate` or less) and
/// act by the first of `priorities` that they can carry out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnemyVehicleOrders {
    pub activate: u8,
    pub of: u8,
    pub priorities: Vec<VehiclePriority>,
}

/// What an activated enemy vehicle does, in the mission's order (9.10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum VehiclePriority {
    /// Fire at the US vehicle in LOS and range it has the best odds
    /// against.
    KnockOut,
    /// Move one card toward the company (and fire after, if it may).
    Advance,
    /// Stay and do nothing more.
    Hold,
}

impl Mission {
    /// The company as a campaign sends it in (11.3): a member left out (lost
    /// for good) or whose counter has no step left is not aboard the
    /// vehicle the briefing put it on (7.4.1).
    pub fn set_company(&mut self, company: Vec<RosterEntry>) {
        let present = |id: &String| company.iter().any(|e| &e.id == id && e.steps != Some(0));
        for v in &mut self.vehicles {
            v.carrying.retain(present);
        }
        self.company = company;
    }

    /// Whether helicopters land on this mission's map: the company's
    /// transport helicopters (the only vehicles that start in a helicopter
    /// staging area) or MEDEVAC flights (5.1.7). The landing-zone orders
    /// and the signal that marks a landing zone are offered only then.
    pub fn helicopters(&self) -> bool {
        self.evacuation == Evacuation::Medevac
            || self
                .vehicles
                .iter()
                .any(|v| matches!(v.start, Start::Heli(_)))
    }

    /// The enemy's tactics as the briefing gives them (9.4).
    pub fn enemy_tactics(&self) -> super::activity::Tactic {
        use super::activity::Tactic;
        self.tactics.unwrap_or(match self.kind {
            MissionKind::Defensive => Tactic::Assault,
            _ => Tactic::Hasty,
        })
    }

    pub fn entry(&self, id: &str) -> Option<&RosterEntry> {
        self.company.iter().find(|e| e.id == id)
    }
}
