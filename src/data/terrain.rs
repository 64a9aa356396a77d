//! Terrain decks (rule 1.2.1): the cards the map is dealt from.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A terrain deck file, e.g. `decks/terrain/normandy.ron`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainDeck {
    /// Identifier used by missions to name the deck ("normandy").
    pub id: String,
    /// Display name.
    pub name: String,
    pub cards: Vec<TerrainCard>,
}

impl TerrainDeck {
    /// The card with this number. Decks list their cards from 1 in order,
    /// so the card is first looked for at its number's place; a deck
    /// listed otherwise is searched. Numbers are unique in a deck (the
    /// data's checks refuse a number used twice), so both find the same
    /// card.
    pub fn card(&self, number: u8) -> Option<&TerrainCard> {
        usize::from(number)
            .checked_sub(1)
            .and_then(|i| self.cards.get(i))
            .filter(|c| c.number == number)
            .or_else(|| self.cards.iter().find(|c| c.number == number))
    }
}

/// The kinds of terrain a card can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum TerrainType {
    /// Raises the card placed on top of it by one level (5.2.2 A).
    Hill,
    Marsh,
    Orchard,
    Woods,
    Hedgerow,
    Village,
    OpenFields,
    Gully,
    Farm,
    Church,
    Cemetery,
    /// Flooded or dry paddy fields between low earth dikes (Korea).
    RicePaddy,
    /// Scrub, thorn and low growth on slopes and wasteland (Korea).
    Brush,
}

impl TerrainType {
    /// Ground a landing zone may be marked on (7.4.5): open fields, a
    /// village, brush or a rice paddy, of this edition's terrain types
    /// (the rules also name elephant grass, which no deck of ours has).
    pub fn lz_ground(self) -> bool {
        matches!(
            self,
            TerrainType::OpenFields
                | TerrainType::Village
                | TerrainType::Brush
                | TerrainType::RicePaddy
        )
    }

    pub const ALL: [TerrainType; 13] = [
        TerrainType::Hill,
        TerrainType::Marsh,
        TerrainType::Orchard,
        TerrainType::Woods,
        TerrainType::Hedgerow,
        TerrainType::Village,
        TerrainType::OpenFields,
        TerrainType::Gully,
        TerrainType::Farm,
        TerrainType::Church,
        TerrainType::Cemetery,
        TerrainType::RicePaddy,
        TerrainType::Brush,
    ];

    pub fn label(self) -> &'static str {
        match self {
            TerrainType::Hill => "Hill",
            TerrainType::Marsh => "Marsh",
            TerrainType::Orchard => "Orchard",
            TerrainType::Woods => "Woods",
            TerrainType::Hedgerow => "Hedgerow",
            TerrainType::Village => "Village",
            TerrainType::OpenFields => "Open Fields",
            TerrainType::Gully => "Gully",
            TerrainType::Farm => "Farm",
            TerrainType::Church => "Church",
            TerrainType::Cemetery => "Cemetery",
            TerrainType::RicePaddy => "Rice Paddy",
            TerrainType::Brush => "Brush",
        }
    }
}

impl fmt::Display for TerrainType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// Cover & Concealment (1.2.1 A).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CoverValue {
    /// Hill cards carry no value of their own (5.2.2 A).
    None,
    /// One value for all fire.
    Single(i8),
    /// Direct fire across a dark border uses `dark`; all other fire `light`.
    Split { dark: i8, light: i8 },
}

impl CoverValue {
    /// The value for fire entering across a border of the given kind
    /// (direct fire only; 5.2.3).
    pub fn across(self, border: Border) -> i8 {
        match (self, border) {
            (CoverValue::None, _) => 0,
            (CoverValue::Single(v), _) => v,
            (CoverValue::Split { dark, .. }, Border::Dark) => dark,
            (CoverValue::Split { light, .. }, Border::Light) => light,
        }
    }

    /// The lower value: grenades, Incoming!, air strikes and fire from inside
    /// the card use it (5.2.3).
    pub fn lower(self) -> i8 {
        match self {
            CoverValue::None => 0,
            CoverValue::Single(v) => v,
            CoverValue::Split { light, .. } => light,
        }
    }
}

/// One border segment (1.2.1 C): dark segments block line of sight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Border {
    Dark,
    Light,
}

/// The eight border segments of a card: four sides and four corners.
/// "n" is the side facing away from the player (toward higher rows).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Borders {
    pub n: Border,
    pub ne: Border,
    pub e: Border,
    pub se: Border,
    pub s: Border,
    pub sw: Border,
    pub w: Border,
    pub nw: Border,
}

/// The eight directions from a card to its neighbours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Dir {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Dir {
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];

    /// (row step, column step): north is +1 row, east is +1 column.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (1, 0),
            Dir::NE => (1, 1),
            Dir::E => (0, 1),
            Dir::SE => (-1, 1),
            Dir::S => (-1, 0),
            Dir::SW => (-1, -1),
            Dir::W => (0, -1),
            Dir::NW => (1, -1),
        }
    }

    pub fn opposite(self) -> Dir {
        match self {
            Dir::N => Dir::S,
            Dir::NE => Dir::SW,
            Dir::E => Dir::W,
            Dir::SE => Dir::NW,
            Dir::S => Dir::N,
            Dir::SW => Dir::NE,
            Dir::W => Dir::E,
            Dir::NW => Dir::SE,
        }
    }

    pub fn is_diagonal(self) -> bool {
        matches!(self, Dir::NE | Dir::SE | Dir::SW | Dir::NW)
    }

    pub fn label(self) -> &'static str {
        match self {
            Dir::N => "front",
            Dir::NE => "right-front",
            Dir::E => "right",
            Dir::SE => "right-rear",
            Dir::S => "rear",
            Dir::SW => "left-rear",
            Dir::W => "left",
            Dir::NW => "left-front",
        }
    }
}

impl Borders {
    pub fn get(&self, dir: Dir) -> Border {
        match dir {
            Dir::N => self.n,
            Dir::NE => self.ne,
            Dir::E => self.e,
            Dir::SE => self.se,
            Dir::S => self.s,
            Dir::SW => self.sw,
            Dir::W => self.w,
            Dir::NW => self.nw,
        }
    }

    pub fn all_light() -> Borders {
        Borders {
            n: Border::Light,
            ne: Border::Light,
            e: Border::Light,
            se: Border::Light,
            s: Border::Light,
            sw: Border::Light,
            w: Border::Light,
            nw: Border::Light,
        }
    }

    pub fn dark_count(&self) -> usize {
        Dir::ALL
            .iter()
            .filter(|d| self.get(**d) == Border::Dark)
            .count()
    }
}

/// Vehicle trafficability (1.2.1 B, 7.3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Traffic {
    /// No restriction.
    Go,
    /// A vehicle must stop when it enters.
    Slow,
    /// Vehicles may not enter.
    No,
}

/// The elevation / multi-story icon (1.2.1 G, 5.2.2 B-C).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Relief {
    /// No icon.
    Flat,
    /// Printed elevation difference, in levels (+1 or -1).
    Elevation(i8),
    /// A multi-story building: found building cover brings an upper story.
    MultiStory,
}

/// One terrain card (1.2.1 A-I).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainCard {
    /// Card number within its deck.
    pub number: u8,
    /// Our own name for the place the card shows.
    pub name: String,
    pub terrain: TerrainType,
    /// Cover & Concealment (1.2.1 A).
    pub cover: CoverValue,
    /// The eight border segments (1.2.1 C).
    pub borders: Borders,
    /// Maximum number of cover markers that can be found (1.2.1 F).
    pub cover_markers: u8,
    /// Cards drawn when seeking cover (1.2.1 F, 5.2.3).
    pub seek_draws: u8,
    /// Vehicle trafficability (1.2.1 B).
    pub traffic: Traffic,
    /// The landing zone icon (1.2.1 E).
    #[serde(default)]
    pub lz: bool,
    /// Elevation or multi-story icon (1.2.1 G).
    #[serde(default = "flat")]
    pub relief: Relief,
    /// Modifier applied to Incoming! fire on this card (1.2.1 H).
    #[serde(default)]
    pub burst: i8,
    /// The urban cover symbol: found cover is drawn from the urban cover
    /// table (5.2.3 C).
    #[serde(default)]
    pub urban: bool,
    /// Special instructions printed on the card, in our own words.
    #[serde(default)]
    pub special: Option<String>,
}

fn flat() -> Relief {
    Relief::Flat
}

impl TerrainCard {
    pub fn is_hill(&self) -> bool {
        self.terrain == TerrainType::Hill
    }
}
