//! Charts and tables the rules refer to (player aids, 1.2.5 B).
//!
//! The values are ours, calibrated to the figures listed in the rules
//! README; each field names the section that uses it.

use super::action::Experience;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Charts {
    /// Potential Contact draws (9.1.5).
    pub pc_draws: PcDrawsChart,
    /// Command draw modifiers and limits (4.1.2, 4.1.3).
    pub commands: CommandChart,
    /// Cards drawn for an action attempt (4.2).
    pub action_draws: ActionDrawChart,
    /// Spotting attempt draws (9.3).
    pub spotting: SpottingChart,
    /// Cover marker values (5.2.3).
    pub cover_markers: Vec<CoverMarkerSpec>,
    /// Unit status modifiers to the NCM (6.3, 5.2.3).
    pub status: StatusModifiers,
    /// VOF values and card-level modifiers (6.2.1, 6.2.2).
    pub vof: VofChart,
    /// Visibility levels (8.0-8.1).
    pub visibility: Vec<VisibilityLevel>,
    /// Illumination sources (8.2).
    pub illumination: Vec<IlluminationSpec>,
    /// Smoke's defensive benefit (8.4).
    pub smoke: SmokeChart,
    /// Card capacity (1.2.1 I, 5.1.5).
    pub stacking: Stacking,
    /// What cover found on an urban card turns out to be (5.2.3 C): read
    /// from the random-number strip under `n`.
    pub urban_cover: UrbanCoverTable,
    /// Enemy activity hierarchy tables (9.4): Pinned/LAT, Offensive and
    /// Defensive, each an ordered list of situations.
    pub activity_pinned: Vec<super::activity::PinnedRow>,
    pub activity_offensive: Vec<super::activity::OffensiveRow>,
    pub activity_defensive: Vec<super::activity::DefensiveRow>,
}

impl Charts {
    /// The illumination row with this id (8.2).
    pub fn flare(&self, id: &str) -> Option<&IlluminationSpec> {
        self.illumination.iter().find(|i| i.id == id)
    }

    /// A cover marker's printed value (5.2.3); 0 for a kind the chart
    /// does not list.
    pub fn cover_value(&self, kind: CoverKind) -> i32 {
        self.cover_markers
            .iter()
            .find(|c| c.kind == kind)
            .map(|c| c.value as i32)
            .unwrap_or(0)
    }

    /// Whether units under a marker of this kind fire only along its arrow
    /// (bunkers, pillboxes: 5.2.3 B).
    pub fn firing_arc(&self, kind: CoverKind) -> bool {
        self.cover_markers
            .iter()
            .any(|c| c.kind == kind && c.firing_arc)
    }
}

/// The urban cover probability table (5.2.3 C).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UrbanCoverTable {
    /// Number of options (2..=12).
    pub n: u8,
    /// (highest random number, cover kind), ascending; the last entry's
    /// number must be `n`.
    pub entries: Vec<(u8, CoverKind)>,
}

impl UrbanCoverTable {
    pub fn lookup(&self, r: u8) -> CoverKind {
        self.entries
            .iter()
            .find(|(upto, _)| r <= *upto)
            .or(self.entries.last())
            .map(|(_, k)| *k)
            .unwrap_or(CoverKind::Basic)
    }
}

/// Current Activity Level (9.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Activity {
    NoContact,
    Contact,
    Engaged,
    HeavilyEngaged,
}

impl Activity {
    pub const ALL: [Activity; 4] = [
        Activity::NoContact,
        Activity::Contact,
        Activity::Engaged,
        Activity::HeavilyEngaged,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Activity::NoContact => "No Contact",
            Activity::Contact => "Contact",
            Activity::Engaged => "Engaged",
            Activity::HeavilyEngaged => "Heavily Engaged",
        }
    }
}

/// One cell of the PC draws chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PcDraw {
    /// Contact is made without drawing.
    Auto,
    /// Draw this many cards looking for Contact!.
    Draw(u8),
}

/// Draws per activity level, four entries in the order No Contact,
/// Contact, Engaged, Heavily Engaged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PcDrawsChart {
    pub a: Vec<PcDraw>,
    pub b: Vec<PcDraw>,
    pub c: Vec<PcDraw>,
}

/// Potential Contact marker letters (9.1.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum PcLetter {
    A,
    B,
    C,
}

impl PcLetter {
    /// The letter as the marker shows it (9.1.1).
    pub fn label(self) -> &'static str {
        match self {
            PcLetter::A => "A",
            PcLetter::B => "B",
            PcLetter::C => "C",
        }
    }
}

impl std::fmt::Display for PcLetter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label())
    }
}

impl PcDrawsChart {
    /// The chart cell for a letter and an activity level (9.1.5).
    pub fn get(&self, letter: PcLetter, activity: Activity) -> PcDraw {
        let row = match letter {
            PcLetter::A => &self.a,
            PcLetter::B => &self.b,
            PcLetter::C => &self.c,
        };
        let i = Activity::ALL
            .iter()
            .position(|a| *a == activity)
            .unwrap_or(0);
        row.get(i).copied().unwrap_or(PcDraw::Auto)
    }
}

/// Save limits for one experience level (4.1.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveLimit {
    pub level: Experience,
    pub day: u8,
    pub limited: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandChart {
    /// HQ or staff pinned (4.1.2 A).
    pub pinned: i8,
    /// HQ or staff is Green (4.1.2 A).
    pub green: i8,
    /// HQ or staff is Veteran (4.1.2 A).
    pub veteran: i8,
    /// HQ or staff under a cover marker or fortification (4.1.2 A).
    pub under_cover: i8,
    /// A small-arms VOF on the HQ's card (4.1.2 B).
    pub vof_small_arms: i8,
    /// An automatic-weapons VOF on the HQ's card (4.1.2 B).
    pub vof_automatic: i8,
    /// A heavy, sniper or Incoming! VOF on the HQ's card (4.1.2 B).
    pub vof_heavy: i8,
    /// Current activity is No Contact (4.1.2 C).
    pub no_contact: i8,
    /// Minimum for an activated HQ (4.1.2).
    pub activated_min: u8,
    /// Minimum for an initiative draw (4.1.2).
    pub initiative_min: u8,
    /// Most commands spent by one HQ in one impulse, by day (4.1.3).
    pub spend_max_day: u8,
    /// The same in limited visibility (4.1.3, 8.1).
    pub spend_max_limited: u8,
    /// Commands for an on-map battalion HQ, by day and at night (4.1.1).
    pub bn_hq_day: u8,
    pub bn_hq_night: u8,
    /// Save limits by experience (4.1.3).
    pub save: Vec<SaveLimit>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionDrawChart {
    /// Cards drawn for a plain attempt (4.2).
    pub base: u8,
    /// Added for a Veteran unit (4.2).
    pub veteran: i8,
    /// Added for a Green unit (4.2).
    pub green: i8,
    /// Never fewer than this (4.2).
    pub min: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpottingChart {
    pub base: u8,
    pub min: u8,
    pub spotter_green: i8,
    pub spotter_veteran: i8,
    pub spotter_higher: i8,
    pub spotter_same_card: i8,
    pub target_exposed: i8,
    pub target_veteran: i8,
    pub target_green: i8,
    pub target_sniper_or_spotter: i8,
    pub target_under_cover: i8,
    /// Target on a card whose cover & concealment is +0.
    pub target_open_card: i8,
    /// Target on a card whose cover & concealment is +3 or better.
    pub target_dense_card: i8,
    pub target_firing_heavy_or_grenade: i8,
    pub target_firing_automatic: i8,
}

/// Kinds of cover marker (5.2.3 A-D).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum CoverKind {
    Basic,
    Foxhole,
    Trench,
    Bunker,
    Pillbox,
    DeepBunker,
    LightBuilding,
    StrongBuilding,
    UpperStory,
    ChurchTower,
}

impl CoverKind {
    pub const ALL: [CoverKind; 10] = [
        CoverKind::Basic,
        CoverKind::Foxhole,
        CoverKind::Trench,
        CoverKind::Bunker,
        CoverKind::Pillbox,
        CoverKind::DeepBunker,
        CoverKind::LightBuilding,
        CoverKind::StrongBuilding,
        CoverKind::UpperStory,
        CoverKind::ChurchTower,
    ];

    /// The marker's name in words, for the log and the screens.
    pub fn label(self) -> &'static str {
        match self {
            CoverKind::Basic => "basic",
            CoverKind::Foxhole => "foxhole",
            CoverKind::Trench => "trench",
            CoverKind::Bunker => "bunker",
            CoverKind::Pillbox => "pillbox",
            CoverKind::DeepBunker => "deep bunker",
            CoverKind::LightBuilding => "light building",
            CoverKind::StrongBuilding => "strong building",
            CoverKind::UpperStory => "upper story",
            CoverKind::ChurchTower => "church tower",
        }
    }

    /// Field fortifications do not count against a card's cover potential.
    pub fn is_fortification(self) -> bool {
        matches!(
            self,
            CoverKind::Foxhole
                | CoverKind::Trench
                | CoverKind::Bunker
                | CoverKind::Pillbox
                | CoverKind::DeepBunker
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoverMarkerSpec {
    pub kind: CoverKind,
    /// NCM bonus for the units under it.
    pub value: i8,
    /// Step capacity printed on the marker, if limited (bunkers, pillboxes).
    #[serde(default)]
    pub capacity: Option<u8>,
    /// Units under it fire only along its arrow (bunkers, pillboxes).
    #[serde(default)]
    pub firing_arc: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatusModifiers {
    pub pinned: i8,
    pub exposed: i8,
    /// Per step above `crowding_free_steps` under one cover marker, against
    /// grenades, Incoming! and air strikes only (5.2.3).
    pub crowding_per_step: i8,
    pub crowding_free_steps: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VofChart {
    pub small_arms: i8,
    pub automatic: i8,
    pub heavy: i8,
    pub all_pinned: i8,
    /// US and German grenades (6.2.2).
    pub grenade: i8,
    /// Grenades of the other armies (6.2.2).
    pub grenade_light: i8,
    pub grenade_miss: i8,
    pub concentrated: i8,
    pub sniper: i8,
    pub crossfire: i8,
    pub mines: i8,
    pub demo_miss: i8,
    /// Flamethrower attack value (6.5.3).
    pub flame: i8,
    /// Demolition charge attack value (6.5.2).
    pub demo: i8,
    /// NCM bounds (6.3).
    pub ncm_min: i8,
    pub ncm_max: i8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VisibilityLevel {
    pub id: String,
    pub name: String,
    /// Added to the NCM (8.1); greater than +1 is limited visibility.
    pub modifier: i8,
    /// Rain, snow or fog: illumination does not help (8.2).
    #[serde(default)]
    pub weather: bool,
    /// A moonlit night: illumination is available (8.2).
    #[serde(default)]
    pub moon: bool,
}

impl VisibilityLevel {
    /// 8.0: a modifier greater than +1 is limited visibility.
    pub fn limited(&self) -> bool {
        self.modifier > 1
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IlluminationSpec {
    pub id: String,
    pub name: String,
    /// Modifier to the visibility on the marker's card.
    pub card: i8,
    /// Modifier on adjacent cards, if any.
    #[serde(default)]
    pub adjacent: Option<i8>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SmokeChart {
    /// Defensive benefit of smoke to a card's occupants (8.4).
    pub smoke: i8,
    /// Defensive benefit of white phosphorus smoke (8.4).
    pub wp: i8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stacking {
    /// Steps per side per card, casualties excluded.
    pub steps: u8,
    /// Vehicles per side per card.
    pub vehicles: u8,
}
