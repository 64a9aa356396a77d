//! The Action deck (rule 1.2.2): the game's only source of chance.
//!
//! A deck file lists the fifty action cards and the reshuffle card. Every
//! section of a card described in 1.2.2 A-F is a field here.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Lowest Net Combat Modifier printed on a card (6.3).
pub const NCM_MIN: i8 = -4;
/// Highest Net Combat Modifier printed on a card (6.3).
pub const NCM_MAX: i8 = 6;
/// Number of NCM rows on a card: -4 ..= +6.
pub const NCM_ROWS: usize = 11;
/// Smallest "number of options" on the random-number strip (1.2.2 E).
pub const RN_MIN: u8 = 2;
/// Largest "number of options" on the random-number strip (1.2.2 E).
pub const RN_MAX: u8 = 12;
/// Entries on the random-number strip, one per N in 2..=12.
pub const RN_COLUMNS: usize = 11;

/// The whole deck as written in `decks/action.ron`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionDeck {
    /// Every physical card of the deck, action cards and the reshuffle card.
    pub cards: Vec<DeckEntry>,
}

/// One physical card of the Action deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum DeckEntry {
    /// A numbered action card.
    Action(ActionCard),
    /// The reshuffle card (1.2.2 F): never counts as one of a draw's cards.
    Reshuffle,
}

/// The action-attempt word in the upper right of a card (1.2.2 B).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Word {
    /// "Contact!": potential contact resolution finds the enemy (9.1.5).
    Contact,
    /// "Cover": seeking cover succeeds (5.2.3).
    Cover,
    /// "Rally": rally attempts succeed (4.2.3, 10.1).
    Rally,
}

impl Word {
    pub const ALL: [Word; 3] = [Word::Contact, Word::Cover, Word::Rally];

    pub fn key(self) -> &'static str {
        match self {
            Word::Contact => "contact",
            Word::Cover => "cover",
            Word::Rally => "rally",
        }
    }
}

/// The main icon of the action-attempt section (1.2.2 B). Exactly one per card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Icon {
    /// Crosshairs: spotting and concentrated fire succeed.
    Crosshairs,
    /// Infiltration succeeds (5.1.4).
    Infiltrate,
    /// A grenade attack succeeds (6.5.1).
    Grenade,
    /// A call for fire succeeds (6.7.3).
    Burst,
    /// Three bursts: a call for fire succeeds and a battalion fire mission
    /// may be fired where the mission allows it (6.7.2 G).
    TripleBurst,
}

impl Icon {
    pub const ALL: [Icon; 5] = [
        Icon::Crosshairs,
        Icon::Infiltrate,
        Icon::Grenade,
        Icon::Burst,
        Icon::TripleBurst,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Icon::Crosshairs => "crosshairs",
            Icon::Infiltrate => "infiltrate",
            Icon::Grenade => "grenade",
            Icon::Burst => "burst",
            Icon::TripleBurst => "triple_burst",
        }
    }
}

/// A mark printed across the main icon: Jam on a crosshairs card (6.5.4),
/// Short on a burst card (6.7.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Mark {
    Jam,
    Short,
}

/// A fire result for one Net Combat Modifier (6.3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum FireResult {
    Hit,
    Pin,
    Miss,
}

impl FireResult {
    pub fn key(self) -> &'static str {
        match self {
            FireResult::Hit => "hit",
            FireResult::Pin => "pin",
            FireResult::Miss => "miss",
        }
    }
}

/// One letter of a hit effect (6.3.3): the limited action team a step becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum HitLetter {
    /// Casualty.
    C,
    /// Paralyzed team.
    P,
    /// Litter team.
    L,
    /// Fire team.
    F,
    /// Assault team.
    A,
}

impl HitLetter {
    pub const ALL: [HitLetter; 5] = [
        HitLetter::C,
        HitLetter::P,
        HitLetter::L,
        HitLetter::F,
        HitLetter::A,
    ];

    pub fn key(self) -> &'static str {
        match self {
            HitLetter::C => "C",
            HitLetter::P => "P",
            HitLetter::L => "L",
            HitLetter::F => "F",
            HitLetter::A => "A",
        }
    }
}

/// Experience levels (1.2.6): hit effects and draws depend on them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Experience {
    Green,
    Line,
    Veteran,
}

impl Experience {
    pub const ALL: [Experience; 3] = [Experience::Veteran, Experience::Line, Experience::Green];

    pub fn key(self) -> &'static str {
        match self {
            Experience::Green => "green",
            Experience::Line => "line",
            Experience::Veteran => "veteran",
        }
    }
}

/// The hit effect section (1.2.2 D): one or two letters per experience level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HitEffects {
    pub veteran: Vec<HitLetter>,
    pub line: Vec<HitLetter>,
    pub green: Vec<HitLetter>,
}

impl HitEffects {
    pub fn for_level(&self, level: Experience) -> &[HitLetter] {
        match level {
            Experience::Veteran => &self.veteran,
            Experience::Line => &self.line,
            Experience::Green => &self.green,
        }
    }
}

/// A numbered action card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionCard {
    /// The card number printed on it (1..=50).
    pub number: u8,
    /// Commands for an activated HQ: the helmet (1.2.2 A).
    pub activated: u8,
    /// Commands for an HQ on its own initiative: the star (1.2.2 A).
    pub initiative: u8,
    /// The action-attempt word, if any (1.2.2 B).
    #[serde(default)]
    pub word: Option<Word>,
    /// The main icon (1.2.2 B).
    pub icon: Icon,
    /// Jam or Short across the icon, if any.
    #[serde(default)]
    pub mark: Option<Mark>,
    /// The Higher HQ icon (3.1, 3.2.1, 3.4.1).
    #[serde(default)]
    pub higher_hq: bool,
    /// The anti-tank number, 0..=9 (7.6).
    pub anti_tank: u8,
    /// Fire results for NCM -4, -3, ..., +6 in that order, eleven entries
    /// (1.2.2 C, 6.3.2).
    pub fire: Vec<FireResult>,
    /// Hit effects by experience level (1.2.2 D, 6.3.3).
    pub hit: HitEffects,
    /// The random-number strip: the value for N = 2, 3, ..., 12, eleven
    /// entries (1.2.2 E).
    pub random: Vec<u8>,
}

impl ActionCard {
    /// The fire result printed beside a Net Combat Modifier. The modifier is
    /// clamped to the printed rows first, as 6.3 requires.
    pub fn fire_result(&self, ncm: i32) -> FireResult {
        let clamped = ncm.clamp(NCM_MIN as i32, NCM_MAX as i32);
        // Validation guarantees NCM_ROWS entries; a short list reads as MISS.
        self.fire
            .get((clamped - NCM_MIN as i32) as usize)
            .copied()
            .unwrap_or(FireResult::Miss)
    }

    /// The random number for "which of `n` options" (1.2.2 E).
    /// Returns `None` when `n` is outside the strip (2..=12).
    pub fn random_number(&self, n: u8) -> Option<u8> {
        if (RN_MIN..=RN_MAX).contains(&n) {
            self.random.get((n - RN_MIN) as usize).copied()
        } else {
            None
        }
    }

    /// Crosshairs success: a Jam card shows crosshairs too.
    /// Decision (6.5.4): the Jam card is a crosshairs card whose mark
    /// additionally jams a weapons unit making a grenade or concentrate-fire
    /// attempt; the attempt itself still reads the crosshairs.
    pub fn shows_crosshairs(&self) -> bool {
        self.icon == Icon::Crosshairs
    }

    /// Burst success for a call for fire (6.7.3). Decision: the Short card is
    /// a burst card (the call succeeds but goes awry) and the three-burst icon
    /// shows bursts, so both count as a burst.
    pub fn shows_burst(&self) -> bool {
        matches!(self.icon, Icon::Burst | Icon::TripleBurst)
    }

    pub fn is_jam(&self) -> bool {
        self.mark == Some(Mark::Jam)
    }

    pub fn is_short(&self) -> bool {
        self.mark == Some(Mark::Short)
    }
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Word::Contact => "Contact!",
            Word::Cover => "Cover",
            Word::Rally => "Rally",
        })
    }
}

impl fmt::Display for Icon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Icon::Crosshairs => "crosshairs",
            Icon::Infiltrate => "infiltrate",
            Icon::Grenade => "grenade",
            Icon::Burst => "burst",
            Icon::TripleBurst => "three bursts",
        })
    }
}

/// 10.6: the experience of a unit of several steps. One step is its own
/// level; two to four steps follow the rulebook's tables; a mix the tables
/// do not list (Veteran + Line + two Green) is Green, the level the nearest
/// listed mixes give. Larger units take the rounded-down mean.
pub fn combined(steps: &[Experience]) -> Experience {
    use Experience::*;
    let v = steps.iter().filter(|e| **e == Veteran).count();
    let l = steps.iter().filter(|e| **e == Line).count();
    let g = steps.iter().filter(|e| **e == Green).count();
    match steps.len() {
        0 => Green,
        1 => steps[0],
        2 => match (v, l, g) {
            (2, _, _) => Veteran,
            (_, 2, _) => Line,
            (_, _, 2) => Green,
            (1, _, _) => Line,
            _ => Green,
        },
        3 => match (v, l, g) {
            (3, _, _) => Veteran,
            (2, 1, _) => Veteran,
            (2, _, 1) => Line,
            (_, l, _) if l >= 2 => Line,
            (1, 0, 2) => Line,
            (0, 1, 2) => Green,
            (1, 1, 1) => Line,
            _ => Green,
        },
        4 => {
            if v >= 3 {
                Veteran
            } else if v == 2 || l >= 3 || (l == 2 && v == 1) {
                Line
            } else {
                Green
            }
        }
        n => {
            let sum: usize = steps
                .iter()
                .map(|e| match e {
                    Green => 0,
                    Line => 1,
                    Veteran => 2,
                })
                .sum();
            match sum / n {
                0 => Green,
                1 => Line,
                _ => Veteran,
            }
        }
    }
}
