//! Positions on the map grid (2.2, 5.2).
//!
//! Rows count away from the player: row 1 is the row nearest the Main
//! Staging Area, which is row 0. Columns count left to right from 1. Map
//! expansion (9.2.2) can add cards beyond the dealt grid, so coordinates are
//! signed.

pub use crate::data::mission::HeliArea;
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

    /// Whether this is off the map: a Main Staging Area position (row 0)
    /// or a helicopter staging area (2.4.2 B, [`HeliArea`]).
    pub fn is_staging(self) -> bool {
        self.row <= 0
    }

    /// Whether two off-map positions see and hear each other: any two
    /// cards of the Main Staging Area (2.4.2 A), or one helicopter staging
    /// area with itself; nothing passes into or out of a helicopter area
    /// (2.4.2 B).
    pub fn staging_link(self, other: CardPos) -> bool {
        (self.row == 0 && other.row == 0) || (self.row == HELI_ROW && self == other)
    }

    /// Where something is, in words: "on R2C2", "on SA1", or "in the
    /// Inbound area" for a helicopter staging area.
    pub fn on_words(self) -> String {
        match self.heli_area() {
            Some(a) => format!("in {}", a.words()),
            None => format!("on {self}"),
        }
    }

    /// Where a transport helicopter is, in words (7.4.5): "the Inbound
    /// area", or "the LZ on R2C2" on the map.
    pub fn heli_place(self) -> String {
        match self.heli_area() {
            Some(a) => a.words().to_string(),
            None => format!("the LZ on {self}"),
        }
    }

    /// The helicopter staging area this position stands for, if any
    /// (2.4.2 B).
    pub fn heli_area(self) -> Option<HeliArea> {
        if self.row != HELI_ROW {
            return None;
        }
        HeliArea::ALL.into_iter().find(|a| a.pos() == self)
    }
}

/// The row of the helicopter staging areas: far from every card, so that
/// no distance or adjacency reaches them (2.4.2 B: "do not treat these as
/// being adjacent to the map").
pub const HELI_ROW: i8 = -100;

impl HeliArea {
    /// The position that stands for the area.
    pub const fn pos(self) -> CardPos {
        CardPos::new(
            HELI_ROW,
            match self {
                HeliArea::PickUp => 1,
                HeliArea::Inbound => 2,
                HeliArea::Outbound => 3,
                HeliArea::Loiter => 4,
            },
        )
    }
}

impl fmt::Display for CardPos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(a) = self.heli_area() {
            write!(f, "{}", a.short())
        } else if self.is_staging() {
            write!(f, "SA{}", self.col)
        } else {
            write!(f, "R{}C{}", self.row, self.col)
        }
    }
}
