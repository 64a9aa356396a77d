//! The game's units as the state keeps them: a list in id order (a unit's
//! id is its place in the list), and where they stand, looked up by card.
//!
//! Most rules ask "who is on this card?" (stacking 5.1.5, fire 6.1,
//! activity 9.1, ...), and a full company's legal orders ask it thousands
//! of times between two changes. [`Units::at`] answers from an index of
//! the units in play sorted by card, built when first asked and dropped
//! whenever the list changes. The index is derived from the list alone:
//! it is never saved, never hashed and never compared, so a game reads,
//! writes and plays exactly as without it.
//!
//! The list holds any [`Placed`] item (the state's `Unit`); it is read
//! through `Deref<Target = [U]>` and changed only through [`Units::edit`]
//! and [`Units::push`], which drop the index (so does `State::unit_mut`,
//! which goes through `edit`); the compiler holds every change to those
//! paths. Dropping the index on every change, not only on a move, costs
//! a rebuild per order or so (about 1.4% of a game's instructions on
//! `hedgerow_attack`); telling moves apart would need a guard around
//! every `unit_mut`.

use crate::engine::kernel::pos::CardPos;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::ops::Deref;
use std::sync::OnceLock;

/// What the card index needs of a unit: the card it stands on while in
/// play, `None` out of play.
pub trait Placed {
    fn placed(&self) -> Option<CardPos>;
}

/// The game's units in id order, with the index of the cards they stand
/// on (see the module documentation).
#[derive(Clone)]
pub struct Units<U> {
    list: Vec<U>,
    /// The units in play as [`key`]s (card, then place), sorted; `list` is
    /// the truth.
    by_card: OnceLock<Vec<u64>>,
}

/// A card and a unit's place in the list (its id) as one number that
/// sorts as (card, place) does: the card's row and column, each moved to
/// an unsigned byte with its order kept, above the place.
fn key(pos: CardPos, place: usize) -> u64 {
    (card_key(pos) << 32) | (place as u64 & 0xffff_ffff)
}

/// The place a [`key`] holds.
fn place(k: u64) -> usize {
    (k & 0xffff_ffff) as usize
}

fn card_key(pos: CardPos) -> u64 {
    let byte = |x: i8| u64::from((x as u8) ^ 0x80);
    (byte(pos.row) << 8) | byte(pos.col)
}

impl<U: Placed> Units<U> {
    /// The index, built if it is not.
    fn index(&self) -> &[u64] {
        self.by_card.get_or_init(|| {
            let mut v: Vec<u64> = self
                .list
                .iter()
                .enumerate()
                .filter_map(|(i, u)| u.placed().map(|p| key(p, i)))
                .collect();
            v.sort_unstable();
            v
        })
    }

    /// The units in play on a card, in id order.
    pub fn at(&self, pos: CardPos) -> impl Iterator<Item = &U> + '_ {
        let ix = self.index();
        let card = card_key(pos);
        let start = ix.partition_point(|k| k >> 32 < card);
        ix[start..]
            .iter()
            .take_while(move |k| *k >> 32 == card)
            .map(|k| &self.list[place(*k)])
    }

    /// Every unit in play, card by card in the cards' order, each card's
    /// in id order.
    pub fn by_card(&self) -> impl Iterator<Item = &U> + '_ {
        self.index().iter().map(|k| &self.list[place(*k)])
    }
}

impl<U> Units<U> {
    /// The list to change, one unit (`State::unit_mut`) or all of them
    /// (set-up, a phase's sweep): the index is dropped.
    pub fn edit(&mut self) -> &mut Vec<U> {
        self.by_card.take();
        &mut self.list
    }

    /// Adds a unit at the end of the list (its id must be its place).
    pub fn push(&mut self, u: U) {
        self.by_card.take();
        self.list.push(u);
    }
}

impl<U> Default for Units<U> {
    fn default() -> Self {
        Units::from(Vec::new())
    }
}

impl<U> From<Vec<U>> for Units<U> {
    fn from(list: Vec<U>) -> Self {
        Units {
            list,
            by_card: OnceLock::new(),
        }
    }
}

impl<U> Deref for Units<U> {
    type Target = [U];
    fn deref(&self) -> &[U] {
        &self.list
    }
}

impl<'a, U> IntoIterator for &'a Units<U> {
    type Item = &'a U;
    type IntoIter = std::slice::Iter<'a, U>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

impl<U: PartialEq> PartialEq for Units<U> {
    fn eq(&self, other: &Self) -> bool {
        self.list == other.list
    }
}

impl<U: Eq> Eq for Units<U> {}

impl<U: std::fmt::Debug> std::fmt::Debug for Units<U> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.list.fmt(f)
    }
}

impl<U: Serialize> Serialize for Units<U> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.list.serialize(s)
    }
}

impl<'de, U: Deserialize<'de>> Deserialize<'de> for Units<U> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Vec::<U>::deserialize(d).map(Units::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A unit as the index sees it: a name, a card, in play or not.
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
    struct Piece {
        id: u16,
        pos: CardPos,
        removed: bool,
    }

    impl Placed for Piece {
        fn placed(&self) -> Option<CardPos> {
            (!self.removed).then_some(self.pos)
        }
    }

    fn unit(id: u16, row: i8) -> Piece {
        Piece {
            id,
            pos: CardPos::new(row, 1),
            removed: false,
        }
    }

    fn ids(u: &Units<Piece>, row: i8) -> Vec<u16> {
        u.at(CardPos::new(row, 1)).map(|u| u.id).collect()
    }

    #[test]
    fn the_index_follows_every_move_arrival_and_removal() {
        let mut u = Units::from(vec![unit(0, 1), unit(1, 2), unit(2, 1)]);
        // Negative rows and columns sort before positive ones, as cards do.
        u.edit()[1].pos = CardPos::new(-1, 1);
        assert_eq!(ids(&u, -1), [1]);
        u.edit()[1].pos = CardPos::new(2, 1);
        assert_eq!(ids(&u, 1), [0, 2]);
        u.edit()[0].pos = CardPos::new(2, 1);
        assert_eq!(ids(&u, 1), [2]);
        assert_eq!(ids(&u, 2), [0, 1]);
        u.edit()[1].removed = true;
        assert_eq!(ids(&u, 2), [0]);
        u.push(unit(3, 2));
        assert_eq!(ids(&u, 2), [0, 3]);
        u.edit()[3].pos = CardPos::new(1, 1);
        assert_eq!(ids(&u, 1), [2, 3]);
        assert_eq!(ids(&u, 3), [] as [u16; 0]);
        let all: Vec<u16> = u.by_card().map(|p| p.id).collect();
        assert_eq!(all, [2, 3, 0]);
    }

    #[test]
    fn the_index_is_never_written_nor_compared() {
        let a = Units::from(vec![unit(0, 1)]);
        let b = a.clone();
        let _ = a.at(CardPos::new(1, 1)).count();
        assert_eq!(a, b);
        let text = ron::to_string(&a).unwrap();
        assert_eq!(text, ron::to_string(&a.list).unwrap());
        let back: Units<Piece> = ron::from_str(&text).unwrap();
        assert_eq!(back, a);
    }
}
