//! Line of sight and range (5.2.1, 5.2.2, 8.1, 8.2, 8.4; also 4.3.6 C and
//! 6.2.2 for smoke and Incoming!/Air Strike markers).
//!
//! The module is pure: it reads the map through the small [`LosMap`] trait
//! and answers with a boolean ([`has_los`]) or with the reason
//! ([`explain_los`]). It never iterates a hash map and uses no floats, so the
//! same map always gives the same answer.
//!
//! # The procedure, in our words
//!
//! 1. A unit always sees its own card, whatever is on it (4.3.6 C: units in
//!    smoke may still fire within their card).
//! 2. A unit on a card holding smoke, WP, Incoming! or an Air Strike cannot
//!    see out of it, not even into an adjacent card (5.2.1 exception, 8.4,
//!    6.2.2).
//! 3. LOS runs only along the eight straight lines: the four orthogonals and
//!    the exact diagonals. A "knight's move" target is never seen (5.2.1).
//! 4. Range: three cards in normal visibility; in limited visibility one card
//!    (adjacent), or three when the target card is illuminated (8.1, 8.2).
//!    Elevation never adds range (5.2.1).
//! 5. An adjacent card is always seen: there is nothing in between (5.2.1).
//! 6. Otherwise every card strictly between the two ends is checked in turn;
//!    the ends' own borders never matter (5.2.1). An intervening card blocks
//!    if it is obscured (at every level: 4.3.6 C, 8.4, 6.2.2), if the
//!    elevation rule says so (5.2.2, see [`explain_los`]), or, when it stands
//!    at the same level as both ends, if the border segment crossed on entry
//!    or on exit is dark (5.2.1).
//!
//! # Decisions where the rules leave room
//!
//! * **Elevation (5.2.2).** Let `hi` be the higher of the two ends' levels and
//!   `lo` the lower. An intervening card below `hi` is looked over and its
//!   borders are ignored ("higher elevations see over any lower elevations
//!   despite intervening dark borders"). An intervening card at `hi` or above
//!   that is also above `lo` blocks outright: at `hi` it is a crest hiding the
//!   lower ground behind it ("same level terrain blocks LOS to any lower level
//!   terrain"), above `hi` it is a hill standing between two lower cards. An
//!   intervening card at the same level as both ends uses the border rule.
//!   The test depends only on `hi` and `lo`, never on which end is the viewer,
//!   so LOS stays reciprocal as 5.2.1 requires. We do not model slopes: a
//!   level 3 observer sees over a level 2 card to a level 1 card.
//! * **Missing cards.** A position with no card dealt (a gap, or a position
//!   off the dealt grid) reads as open level 1 ground with light borders,
//!   nothing on it and no illumination. This covers the ends too; deciding
//!   whether a unit off the map (a Staging Area) may look at all is the
//!   caller's business.
//! * **Illumination (8.2).** Only the *target* card needs to be illuminated
//!   for an observer to see it out to normal range in limited visibility; the
//!   observer's card and the cards between need not be. This follows the 8.2
//!   example (units in the dark see into the illuminated area, the units in
//!   it cannot see out). The procedures digest words it as "all cards along
//!   the LOS are illuminated"; we follow the rulebook's example. An
//!   illuminated card still needs clear borders and elevation between the
//!   two ends. Whether illumination works at all (not in rain, snow or fog,
//!   8.2) is for the [`LosMap`] to say: report `illuminated: false` then.
//! * **Night observation devices (8.3)** are not modelled here: a caller that
//!   lets a unit ignore limited visibility passes [`Visibility::NORMAL`].
//! * **Buildings.** On standard terrain cards buildings, cover markers and
//!   upper stories never block LOS (5.2.1); only the unit's own level
//!   changes. Urban terrain cards (12.0) have their own rules, not handled
//!   here.

use crate::data::terrain::{Border, Borders, Dir, Relief, TerrainCard};
use crate::data::units::Range;
use crate::engine::kernel::pos::CardPos;
use std::fmt;

/// Normal visibility range, in cards: Very Long range (5.2.1).
pub const NORMAL_MAX_RANGE: u8 = 3;

/// Limited visibility range, in cards: Close range, adjacent only (8.1).
pub const LIMITED_MAX_RANGE: u8 = 1;

/// What LOS needs to know about one card on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LosCell {
    /// Ground level of the card: 1, plus one per Hill card beneath it, plus
    /// any elevation printed on the card (5.2.2 A, C). An upper story is not
    /// part of the card's level; it is carried by the [`Viewer`].
    pub level: i8,
    /// The effective border segments: a segment is dark if it is dark on the
    /// top card or on any Hill card beneath it (5.2.2 A). See
    /// [`effective_borders`].
    pub borders: Borders,
    /// Smoke, WP smoke, Incoming! or an Air Strike marker is on the card. LOS
    /// can enter the card but not pass through it or start from it (5.2.1,
    /// 4.3.6 C, 6.2.2, 8.4).
    pub obscured: bool,
    /// The card is under the effect of illumination (8.2).
    pub illuminated: bool,
}

impl LosCell {
    /// Open ground at a level: light borders, nothing on it, not lit.
    pub fn open(level: i8) -> LosCell {
        LosCell {
            level,
            borders: Borders::all_light(),
            obscured: false,
            illuminated: false,
        }
    }

    /// The cell for a stack of terrain cards: `top` is the terrain card shown,
    /// `hills` the Hill cards beneath it (5.2.2 A). The level counts each hill
    /// and any printed elevation (5.2.2 C); a Multi-Story icon does not raise
    /// the card (only units on an upper story are higher, 5.2.2 B). The
    /// result is neither obscured nor illuminated; set those from the markers
    /// on the card.
    pub fn from_stack(top: &TerrainCard, hills: &[TerrainCard]) -> LosCell {
        let under: Vec<Borders> = hills.iter().map(|h| h.borders).collect();
        LosCell::stacked(top, hills.len(), &under)
    }

    /// [`LosCell::from_stack`] from the number of Hill cards beneath and
    /// their borders (all of them, or already merged by
    /// [`effective_borders`]).
    pub fn stacked(top: &TerrainCard, hills: usize, under: &[Borders]) -> LosCell {
        let printed = match top.relief {
            Relief::Elevation(e) => e,
            Relief::Flat | Relief::MultiStory => 0,
        };
        let hill_count = i8::try_from(hills).unwrap_or(i8::MAX);
        LosCell {
            level: 1i8.saturating_add(hill_count).saturating_add(printed),
            borders: effective_borders(&top.borders, under),
            obscured: false,
            illuminated: false,
        }
    }
}

/// The borders LOS uses for a stack: a segment is dark when it is dark on the
/// top card or on any Hill card beneath (5.2.2 A: the hill's dark borders
/// supersede the light borders of the card on top).
pub fn effective_borders(top: &Borders, beneath: &[Borders]) -> Borders {
    let seg = |dir: Dir| {
        if top.get(dir) == Border::Dark || beneath.iter().any(|b| b.get(dir) == Border::Dark) {
            Border::Dark
        } else {
            Border::Light
        }
    };
    Borders {
        n: seg(Dir::N),
        ne: seg(Dir::NE),
        e: seg(Dir::E),
        se: seg(Dir::SE),
        s: seg(Dir::S),
        sw: seg(Dir::SW),
        w: seg(Dir::W),
        nw: seg(Dir::NW),
    }
}

/// The map as LOS sees it. The engine's map implements this; tests use a
/// small ordered map.
pub trait LosMap {
    /// The card at a position, or `None` where no card is dealt (read as open
    /// level 1 ground; see the module notes).
    fn cell(&self, pos: CardPos) -> Option<LosCell>;

    /// [`LosMap::cell`] where its `illuminated` flag will not be read: LOS
    /// reads it only for the target card (8.2), so a map may skip finding
    /// it for the others and leave it `false`.
    fn ground(&self, pos: CardPos) -> Option<LosCell> {
        self.cell(pos)
    }
}

impl<M: LosMap + ?Sized> LosMap for &M {
    fn cell(&self, pos: CardPos) -> Option<LosCell> {
        (**self).cell(pos)
    }

    fn ground(&self, pos: CardPos) -> Option<LosCell> {
        (**self).ground(pos)
    }
}

/// The cell at a position, with the "missing card is open ground" decision.
fn cell_at(map: &impl LosMap, pos: CardPos) -> LosCell {
    map.cell(pos).unwrap_or_else(|| LosCell::open(1))
}

/// [`cell_at`] by [`LosMap::ground`]: its `illuminated` is not to be read.
fn ground_at(map: &impl LosMap, pos: CardPos) -> LosCell {
    map.ground(pos).unwrap_or_else(|| LosCell::open(1))
}

/// One end of a line of sight: a card and the level the unit stands at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Viewer {
    pub pos: CardPos,
    /// The unit's own level: its card's level, plus one on an upper story or
    /// church tower (5.2.2 B).
    pub level: i8,
}

impl Viewer {
    pub fn new(pos: CardPos, level: i8) -> Viewer {
        Viewer { pos, level }
    }

    /// A unit (or simply the ground) at its card's own level.
    pub fn on_ground(map: &impl LosMap, pos: CardPos) -> Viewer {
        Viewer {
            pos,
            level: cell_at(map, pos).level,
        }
    }

    /// A unit on the upper story of a multi-story building or in a church
    /// tower: one level above its card (5.2.2 B).
    pub fn upper_story(map: &impl LosMap, pos: CardPos) -> Viewer {
        Viewer {
            pos,
            level: cell_at(map, pos).level.saturating_add(1),
        }
    }
}

/// The visibility condition of the turn (8.0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Visibility {
    /// Limited visibility: the Visibility Modifier is greater than +1 (8.0).
    pub limited: bool,
}

impl Visibility {
    pub const NORMAL: Visibility = Visibility { limited: false };
    pub const LIMITED: Visibility = Visibility { limited: true };

    /// From the mission's Visibility Modifier: +0 and +1 are normal, anything
    /// greater is limited (8.0).
    pub fn from_modifier(modifier: i8) -> Visibility {
        Visibility {
            limited: modifier > 1,
        }
    }

    /// The farthest a unit can see into a card, in cards: three normally,
    /// one in limited visibility unless the target card is illuminated
    /// (8.1 2, 8.2).
    pub fn max_range(self, target_illuminated: bool) -> u8 {
        if self.limited && !target_illuminated {
            LIMITED_MAX_RANGE
        } else {
            NORMAL_MAX_RANGE
        }
    }
}

/// Why an intervening card stops a line of sight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Block {
    /// The border segment of the intervening card on this side (the entry or
    /// the exit segment) is dark (5.2.1).
    DarkBorder(Dir),
    /// The card stands higher than both ends: a hill in between (5.2.2).
    HigherGround,
    /// The card is level with the higher end and above the lower one: the
    /// crest hides the lower ground behind it (5.2.2).
    SameLevelCrest,
    /// Smoke, WP, Incoming! or an Air Strike on the card: it can be seen into
    /// but not through, at any level (4.3.6 C, 6.2.2, 8.4).
    Obscured,
}

/// The answer of [`explain_los`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LosResult {
    /// The target can be seen.
    Clear,
    /// The viewer's card is obscured: nothing outside it can be seen (5.2.1,
    /// 8.4, 6.2.2).
    ObscuredOrigin,
    /// The target is not on one of the eight straight lines (5.2.1).
    NotStraight,
    /// The target is farther than the visibility allows (5.2.1, 8.1, 8.2).
    TooFar { distance: u8, max: u8 },
    /// An intervening card stops the line.
    BlockedBy { pos: CardPos, reason: Block },
}

impl LosResult {
    pub fn is_clear(self) -> bool {
        self == LosResult::Clear
    }
}

impl fmt::Display for Block {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Block::DarkBorder(dir) => write!(f, "dark border on its {} side", dir.label()),
            Block::HigherGround => f.write_str("higher ground in between"),
            Block::SameLevelCrest => f.write_str("a crest hides the lower ground beyond"),
            Block::Obscured => f.write_str("smoke or incoming fire"),
        }
    }
}

impl fmt::Display for LosResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LosResult::Clear => f.write_str("clear line of sight"),
            LosResult::ObscuredOrigin => {
                f.write_str("no line of sight out of a card with smoke or incoming fire")
            }
            LosResult::NotStraight => f.write_str("not on a straight line"),
            LosResult::TooFar { distance, max } => {
                write!(f, "{distance} cards away; visibility allows {max}")
            }
            LosResult::BlockedBy { pos, reason } => write!(f, "blocked at {pos}: {reason}"),
        }
    }
}

/// The cards strictly between two positions along one of the eight straight
/// lines, nearest `from` first (5.2.1). Empty for adjacent cards; `None` for
/// the same card or a position off the eight lines.
pub fn line_between(from: CardPos, to: CardPos) -> Option<Vec<CardPos>> {
    let dir = from.line_dir(to)?;
    let (dr, dc) = dir.delta();
    let steps = i32::from(from.distance(to));
    // Every position strictly between two valid positions fits in `i8`.
    let cards = (1..steps)
        .map(|k| {
            let row = i32::from(from.row) + dr * k;
            let col = i32::from(from.col) + dc * k;
            CardPos::new(row as i8, col as i8)
        })
        .collect();
    Some(cards)
}

/// The range band of a distance in cards (1.2.7): 0 Point blank, 1 Close,
/// 2 Long, 3 Very long; beyond that no weapon reaches.
pub fn range_band(distance: u8) -> Option<Range> {
    match distance {
        0 => Some(Range::P),
        1 => Some(Range::C),
        2 => Some(Range::L),
        3 => Some(Range::V),
        _ => None,
    }
}

/// Whether a target card is within a unit's range rating (1.2.7): range is
/// counted in cards, diagonals counting one like orthogonals. This says
/// nothing about LOS.
pub fn in_range(from: CardPos, to: CardPos, range: Range) -> bool {
    from.distance(to) <= range.cards()
}

/// Whether `from` can see `to` (5.2.1). See [`explain_los`].
pub fn has_los(map: &impl LosMap, from: Viewer, to: Viewer, vis: Visibility) -> bool {
    explain_los(map, from, to, vis).is_clear()
}

/// Whether a unit can see a card's ground, as when deciding which face-down
/// cards to reveal (5.2): the target is taken at its card's own level.
pub fn sees_card(map: &impl LosMap, from: Viewer, to: CardPos, vis: Visibility) -> bool {
    has_los(map, from, Viewer::on_ground(map, to), vis)
}

/// Traces a line of sight and says why it is clear or not.
///
/// Checks in this order, reporting the first that fails:
/// 1. same card: always clear (4.3.6 C: units in smoke still act within
///    their card);
/// 2. the viewer's card is obscured: [`LosResult::ObscuredOrigin`], even
///    toward an adjacent card (5.2.1 exception, 6.2.2, 8.4);
/// 3. not on a straight line: [`LosResult::NotStraight`] (5.2.1);
/// 4. farther than visibility allows: [`LosResult::TooFar`] (5.2.1, 8.1,
///    8.2);
/// 5. adjacent: clear (5.2.1);
/// 6. each intervening card from the viewer outward, first
///    [`Block::Obscured`], then elevation ([`Block::HigherGround`],
///    [`Block::SameLevelCrest`]), then, only for a card level with both ends,
///    the entry segment and then the exit segment ([`Block::DarkBorder`]).
///
/// With nothing obscured and no illumination in limited visibility the
/// result is reciprocal: `from` sees `to` exactly when `to` sees `from`
/// (5.2.1). The reported blocking card may differ between the two
/// directions, since each walk reports the first block it meets.
pub fn explain_los(map: &impl LosMap, from: Viewer, to: Viewer, vis: Visibility) -> LosResult {
    if from.pos == to.pos {
        return LosResult::Clear;
    }
    if ground_at(map, from.pos).obscured {
        return LosResult::ObscuredOrigin;
    }
    let (Some(dir), Some(between)) = (from.pos.line_dir(to.pos), line_between(from.pos, to.pos))
    else {
        return LosResult::NotStraight;
    };
    let distance = from.pos.distance(to.pos);
    // The target's illumination counts only in limited visibility (8.2);
    // finding it reads the cards around, so it is asked only then.
    let max = vis.max_range(vis.limited && cell_at(map, to.pos).illuminated);
    if distance > max {
        return LosResult::TooFar { distance, max };
    }
    // Adjacent cards have nothing between them: `between` is empty and the
    // loop below does nothing (5.2.1: always LOS into adjacent cards).
    let hi = from.level.max(to.level);
    let lo = from.level.min(to.level);
    for pos in between {
        let cell = ground_at(map, pos);
        let blocked = |reason| LosResult::BlockedBy { pos, reason };
        // 4.3.6 C, 6.2.2, 8.4: smoke and incoming fire block at every level.
        if cell.obscured {
            return blocked(Block::Obscured);
        }
        // 5.2.2: looked over from the higher end; its borders do not count.
        if cell.level < hi {
            continue;
        }
        // 5.2.2: at or above the higher end and above the lower one.
        if cell.level > lo {
            return blocked(if cell.level > hi {
                Block::HigherGround
            } else {
                Block::SameLevelCrest
            });
        }
        // Level with both ends (5.2.1): the line enters through the segment
        // facing the viewer and leaves through the one facing the target;
        // sides for orthogonal lines, corners for diagonal ones.
        let entry = dir.opposite();
        if cell.borders.get(entry) == Border::Dark {
            return blocked(Block::DarkBorder(entry));
        }
        if cell.borders.get(dir) == Border::Dark {
            return blocked(Block::DarkBorder(dir));
        }
    }
    LosResult::Clear
}
