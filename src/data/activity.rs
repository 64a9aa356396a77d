//! The enemy activity hierarchy tables (9.4). The structure follows the
//! rulebook: three tables, each an ordered list of situations, the first
//! that applies to a unit being used, with one column per tactic (or, on
//! the Pinned/LAT table, per leader present or not). The cells are ours
//! (see ../shared/rules/README.md): each is an automatic result, a dash
//! (nothing happens) or a random number out of a small N read from the R#
//! strip of one drawn card.

use super::units::UnitKind;
use serde::{Deserialize, Serialize};

/// The enemy's tactics for a mission (9.4): the column read on the
/// Offensive (Assault, Overrun) or Defensive (Delay, Hasty, Deliberate)
/// table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Tactic {
    Assault,
    Overrun,
    Delay,
    Hasty,
    Deliberate,
}

impl Tactic {
    /// The tactic in words, as the table's column is headed (9.4).
    pub fn label(self) -> &'static str {
        match self {
            Tactic::Assault => "Assault",
            Tactic::Overrun => "Overrun",
            Tactic::Delay => "Delay",
            Tactic::Hasty => "Hasty",
            Tactic::Deliberate => "Deliberate",
        }
    }

    /// Whether the tactic is read on the Offensive table.
    pub fn offensive(self) -> bool {
        matches!(self, Tactic::Assault | Tactic::Overrun)
    }
}

/// What a unit does (9.4): the actions the table cells name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Act {
    /// The unit does nothing.
    Nothing,
    /// Seek cover on its card; with none left to find, move to cover.
    SeekCover,
    /// Move to the adjacent card with better terrain cover.
    MoveToCover,
    /// Fall back to the rear (9.4).
    FallBack,
    /// Advance one card straight toward the company.
    Advance,
    /// A grenade attack on US units on its card, otherwise concentrated
    /// fire on its target.
    Attack,
    /// Infiltrate one card toward the closest US unit.
    Infiltrate,
    /// Rally: remove Pinned, or a paralyzed team becomes a litter team.
    Rally,
    /// Two teams on the card join into a squad.
    Reconstitute,
    /// Turn its fire on the card firing at it from another direction.
    ShiftFire,
    /// A litter team goes for its side's casualties.
    ToCasualty,
    /// The unit goes back into hiding: removed and replaced by its row's
    /// PC marker (9.4).
    ReplaceByPc,
}

impl Act {
    pub fn label(self) -> &'static str {
        match self {
            Act::Nothing => "no action",
            Act::SeekCover => "seek cover",
            Act::MoveToCover => "move to cover",
            Act::FallBack => "fall back",
            Act::Advance => "advance",
            Act::Attack => "grenade or concentrate fire",
            Act::Infiltrate => "infiltrate",
            Act::Rally => "rally",
            Act::Reconstitute => "reconstitute",
            Act::ShiftFire => "shift fire",
            Act::ToCasualty => "move toward a casualty",
            Act::ReplaceByPc => "replace by a PC marker",
        }
    }
}

/// One cell of a hierarchy table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cell {
    /// The action happens without a draw.
    Auto(Act),
    /// Nothing happens.
    Dash,
    /// A random number under `n` (2-6) from the R# strip; each entry is a
    /// (first, last, action) range, together covering 1..=n.
    Draw(u8, Vec<(u8, u8, Act)>),
}

impl Cell {
    /// The action for random number `r` (or the automatic one).
    pub fn lookup(&self, r: u8) -> Act {
        match self {
            Cell::Auto(a) => *a,
            Cell::Dash => Act::Nothing,
            Cell::Draw(_, rows) => rows
                .iter()
                .find(|(lo, hi, _)| (*lo..=*hi).contains(&r))
                .map(|(_, _, a)| *a)
                .unwrap_or(Act::Nothing),
        }
    }

    /// Every action the cell can name.
    pub fn acts(&self) -> Vec<Act> {
        match self {
            Cell::Auto(a) => vec![*a],
            Cell::Dash => Vec::new(),
            Cell::Draw(_, rows) => rows.iter().map(|(_, _, a)| *a).collect(),
        }
    }
}

/// A situation a row applies to: every condition of the row must hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Cond {
    /// The unit is Pinned.
    Pinned,
    /// The unit is a counter of this kind.
    Kind(UnitKind),
    /// A leader, weapons team, sniper or spotter on its fire-team side.
    FireTeamSide,
    /// US units (not casualties) share its card.
    WithUs,
    /// No US unit but casualties shares its card.
    Apart,
    /// Under a cover marker.
    InCover,
    /// Not under a cover marker.
    NoCover,
    /// Two or more fire or assault teams of its side on its card.
    TeamsToJoin,
    /// Its VOF is automatic (A or A/S), grenade (G) or heavy (H).
    HeavyWeapon,
    /// It tracks ammunition and has none left.
    OutOfAmmo,
    /// Its card is firing at US units (a target along its PDF).
    Firing,
    /// Its card is not firing.
    NotFiring,
    /// A US VOF lies on its card.
    UnderFire,
    /// No VOF lies on its card.
    NotUnderFire,
    /// It sees no US unit.
    NoLos,
    /// US fire on its card comes from a card it is not firing at.
    FireFromElsewhere,
    /// Its terrain and cover are at least as good as its target's.
    BetterPosition,
    /// Its terrain and cover are worse than its target's.
    WorsePosition,
}

/// A row of the Pinned/LAT table: leader present on the card, or not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PinnedRow {
    pub when: Vec<Cond>,
    pub leader: Cell,
    pub no_leader: Cell,
}

/// A row of the Offensive table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OffensiveRow {
    pub when: Vec<Cond>,
    pub assault: Cell,
    pub overrun: Cell,
}

/// A row of the Defensive table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DefensiveRow {
    pub when: Vec<Cond>,
    pub delay: Cell,
    pub hasty: Cell,
    pub deliberate: Cell,
}

impl OffensiveRow {
    pub fn cell(&self, t: Tactic) -> &Cell {
        match t {
            Tactic::Overrun => &self.overrun,
            _ => &self.assault,
        }
    }
}

impl DefensiveRow {
    pub fn cell(&self, t: Tactic) -> &Cell {
        match t {
            Tactic::Delay => &self.delay,
            Tactic::Deliberate => &self.deliberate,
            _ => &self.hasty,
        }
    }
}
