//! What a draw reads: the section of an Action card read (1.2.2 A-E),
//! one card read and what for, and what an attempt looks for. Below the
//! events and the inputs, which both name them.

use crate::data::action::{ActionCard, Icon, Word};
use crate::engine::kernel::purpose::Purpose;
use serde::{Deserialize, Serialize};

/// Which section of an Action card was read (1.2.2 A-E).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Section {
    /// The helmet: activated commands.
    Activated,
    /// The star: initiative commands.
    Initiative,
    /// The action-attempt word.
    Word,
    /// The main icon.
    Icon,
    /// The Higher HQ icon.
    HigherHq,
    /// The fire result beside an NCM.
    Fire(i8),
    /// The hit effect for an experience level.
    HitEffect,
    /// The random-number strip under N.
    Random(u8),
    /// The anti-tank number.
    AntiTank,
}

/// One card drawn, the section read and what for: as facts
/// ([`Purpose`]) and in the narrator's words, made when it was drawn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardRead {
    pub card: u8,
    pub section: Section,
    pub purpose: Purpose,
    pub words: String,
}

/// What an attempt looks for on the drawn cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Needed {
    Word(Word),
    Icon(Icon),
}

impl Needed {
    pub fn found(self, c: &ActionCard) -> bool {
        match self {
            Needed::Word(w) => c.word == Some(w),
            Needed::Icon(Icon::Crosshairs) => c.shows_crosshairs(),
            Needed::Icon(Icon::Burst) => c.shows_burst(),
            Needed::Icon(i) => c.icon == i,
        }
    }

    pub fn label(self) -> String {
        match self {
            Needed::Word(w) => format!("the word {w}"),
            Needed::Icon(i) => format!("the {i} icon"),
        }
    }

    pub(crate) fn section(self) -> Section {
        match self {
            Needed::Word(_) => Section::Word,
            Needed::Icon(_) => Section::Icon,
        }
    }
}
