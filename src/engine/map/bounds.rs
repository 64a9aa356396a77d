//! Where our units may go on the map (2.4.1 A, 9.2.2): the staging area
//! and the cards of the original grid short of the limit of advance, and
//! why not elsewhere, in words.

use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::state::Map;
use std::fmt;

/// Why our units may not enter a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Barred {
    /// No card is dealt there.
    NoCard(CardPos),
    /// A card laid beside the original grid when the map grew to place
    /// the enemy (9.2.2): beyond a side boundary.
    Side(CardPos),
    /// A card laid beyond the original grid's far row (9.2.2).
    FarEdge(CardPos),
    /// Beyond the mission's limit of advance (2.4.1 A).
    LimitOfAdvance(CardPos, i8),
}

impl fmt::Display for Barred {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Barred::NoCard(p) => write!(f, "{p} has no card: it lies off the map (2.4.1)"),
            Barred::Side(p) => write!(
                f,
                "{p} lies beyond the company's side boundary: the map grew there to place the enemy, and our units may not leave the map's original bounds (2.4.1 A, 9.2.2)"
            ),
            Barred::FarEdge(p) => write!(
                f,
                "{p} lies beyond the map's far edge: the map grew there to place the enemy, and our units may not leave the map's original bounds (9.2.2)"
            ),
            Barred::LimitOfAdvance(p, loa) => {
                write!(f, "{p} is beyond the limit of advance, row {loa} (2.4.1 A)")
            }
        }
    }
}

impl Map {
    /// Why friendly units may not enter `pos`, or `None` where they may:
    /// the staging area, and map cards of the original grid inside the
    /// boundaries and the limit of advance (2.4.1 A). Cards added by map
    /// expansion lie outside the original boundaries, where US units may
    /// not go (9.2.2).
    pub fn friendly_barred(&self, pos: CardPos) -> Option<Barred> {
        if self.is_staging(pos) {
            return None;
        }
        if self.card(pos).is_none() {
            return Some(Barred::NoCard(pos));
        }
        if pos.col < 1 || pos.col > self.cols {
            return Some(Barred::Side(pos));
        }
        if pos.row < 1 || pos.row > self.rows {
            return Some(Barred::FarEdge(pos));
        }
        if let Some(loa) = self.controls.loa
            && pos.row > loa
        {
            return Some(Barred::LimitOfAdvance(pos, loa));
        }
        None
    }

    /// Whether friendly units may enter `pos` ([`Map::friendly_barred`]).
    pub fn friendly_may_enter(&self, pos: CardPos) -> bool {
        self.friendly_barred(pos).is_none()
    }
}
