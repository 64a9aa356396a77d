//! Positions on the map grid (2.2, 5.2).
//!
//! Rows count away from the player: row 1 is the row nearest the Main
//! Staging Area, which is row 0. Columns count left to right from 1. Map
//! expansion (9.2.2) can add cards beyond the dealt grid, so coordinates are
//! signed.

use crate::data::terrain::Dir;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A card position: row (away from the player) and column (left to right).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CardPos {
    pub row: i8,
    pub col: i8,
}

impl CardPos {
    pub const fn new(row: i8, col: i8) -> Self {
        CardPos { row, col }
    }

    /// The neighbouring position in a direction.
    pub fn step(self, dir: Dir) -> CardPos {
        let (dr, dc) = dir.delta();
        CardPos::new(self.row + dr as i8, self.col + dc as i8)
    }

    /// Cards between two positions counted as the rules count range: the
    /// larger of the row and column differences (0 = same card).
    pub fn distance(self, other: CardPos) -> u8 {
        let dr = (self.row as i16 - other.row as i16).unsigned_abs();
        let dc = (self.col as i16 - other.col as i16).unsigned_abs();
        dr.max(dc) as u8
    }

    /// The direction of `other` if it lies on one of the eight straight
    /// lines from this card (5.2.1), `None` for the same card or off-line.
    pub fn line_dir(self, other: CardPos) -> Option<Dir> {
        let dr = other.row as i16 - self.row as i16;
        let dc = other.col as i16 - self.col as i16;
        if (dr, dc) == (0, 0) || !(dr == 0 || dc == 0 || dr.abs() == dc.abs()) {
            return None;
        }
        Dir::ALL
            .into_iter()
            .find(|d| d.delta() == (dr.signum() as i32, dc.signum() as i32))
    }

    /// The one of the eight directions that points most nearly at
    /// `other` (`None` for the same card).
    pub fn toward(self, other: CardPos) -> Option<Dir> {
        let dr = (other.row as i32 - self.row as i32).signum();
        let dc = (other.col as i32 - self.col as i32).signum();
        Dir::ALL.into_iter().find(|d| d.delta() == (dr, dc))
    }

    /// Whether two positions are adjacent (including diagonally).
    pub fn adjacent(self, other: CardPos) -> bool {
        self.distance(other) == 1
    }

    /// The direction to an adjacent card.
    pub fn dir_to(self, other: CardPos) -> Option<Dir> {
        if self.adjacent(other) {
            self.line_dir(other)
        } else {
            None
        }
    }

    /// Whether this is a Main Staging Area position (row 0 and below).
    pub fn is_staging(self) -> bool {
        self.row <= 0
    }
}

impl fmt::Display for CardPos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_staging() {
            write!(f, "SA{}", self.col)
        } else {
            write!(f, "R{}C{}", self.row, self.col)
        }
    }
}
