//! The Action deck in play (rule 1.2.2 E-F): drawing, the reshuffle card and
//! random numbers. This is the only source of chance in the engine.
//!
//! The deck is shuffled by a `ChaCha8Rng` seeded from the game's seed and
//! kept, with the pile order, in the serializable game state. The shuffle is
//! our own Fisher-Yates over the generator's raw 32-bit output, so the order
//! a seed produces depends on nothing but ChaCha8 itself.

use crate::data::action::{ActionCard, ActionDeck, DeckEntry, RN_MAX};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A physical card: a numbered action card or the reshuffle card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Card {
    Action(u8),
    Reshuffle,
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Action(n) => write!(f, "{n}"),
            Card::Reshuffle => f.write_str("R"),
        }
    }
}

/// What a draw turned up: the action cards in order, and whether the
/// reshuffle card came up among them (the deck was then reshuffled after
/// the draw finished).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draw {
    /// The action cards drawn, in order; always as many as asked for.
    pub cards: Vec<u8>,
    /// Every physical card turned, in order, the reshuffle card included.
    pub turned: Vec<Card>,
    /// The reshuffle card came up and the whole deck was reshuffled once
    /// the draw was complete.
    pub reshuffled: bool,
}

/// What the draw pile holds, counted (see [`Deck::pile_stats`]).
#[derive(Debug, Clone)]
pub struct PileStats {
    /// The action cards still in the pile, counted.
    pub stats: crate::data::stats::DeckStats,
    /// The reshuffle card is still in the pile: it will come up among
    /// the cards left (1.2.2 F).
    pub reshuffle_to_come: bool,
    /// Cards read since the last shuffle.
    pub read: usize,
}

/// The Action deck's state in a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    #[serde(with = "rng_state")]
    rng: ChaCha8Rng,
    /// The draw pile; the next card is the last element.
    pile: Vec<Card>,
    /// Cards already read, in the order they were drawn.
    discard: Vec<Card>,
    /// How many times the deck has been reshuffled since the game began.
    reshuffles: u32,
    /// Total action cards drawn since the game began.
    drawn: u64,
}

/// An unbiased integer in `0..n` from the generator (Lemire's method with
/// rejection). `n` must be at least 1.
fn below(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    debug_assert!(n > 0);
    let n = n.max(1);
    let threshold = n.wrapping_neg() % n;
    loop {
        let m = (rng.next_u32() as u64) * (n as u64);
        if (m as u32) >= threshold {
            return (m >> 32) as u32;
        }
    }
}

fn shuffle<T>(rng: &mut ChaCha8Rng, cards: &mut [T]) {
    for i in (1..cards.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        cards.swap(i, j);
    }
}

impl Deck {
    /// A freshly shuffled deck for a game seed.
    pub fn new(deck: &ActionDeck, seed: u64) -> Deck {
        let mut pile: Vec<Card> = deck
            .cards
            .iter()
            .map(|c| match c {
                DeckEntry::Action(a) => Card::Action(a.number),
                DeckEntry::Reshuffle => Card::Reshuffle,
            })
            .collect();
        pile.sort();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        shuffle(&mut rng, &mut pile);
        Deck {
            rng,
            pile,
            discard: Vec::new(),
            reshuffles: 0,
            drawn: 0,
        }
    }

    /// A deck whose next cards are `top`, in that order, followed by the
    /// rest of the deck in shuffled order. Rule tests use it to arrange a
    /// known card sequence; cards named in `top` that the deck does not hold
    /// are ignored.
    pub fn stacked(deck: &ActionDeck, seed: u64, top: &[Card]) -> Deck {
        let mut d = Deck::new(deck, seed);
        let mut front = Vec::new();
        for c in top {
            if let Some(i) = d.pile.iter().position(|x| x == c) {
                front.push(d.pile.remove(i));
            }
        }
        // The pile's next card is its last element.
        front.reverse();
        d.pile.extend(front);
        d
    }

    /// Shuffles other components (the terrain deck, a cup of PC markers)
    /// with the game's generator, so that they too follow from the seed.
    pub fn shuffle_items<T>(&mut self, items: &mut [T]) {
        shuffle(&mut self.rng, items);
    }

    /// Moves the named cards, in order, to the top of the draw pile (the
    /// first named is drawn next). Cards already read this pass are taken
    /// back from the discard pile. Rule tests use it to arrange a known
    /// sequence mid-game.
    pub fn put_on_top(&mut self, top: &[Card]) {
        let mut front = Vec::new();
        for c in top {
            if let Some(i) = self.pile.iter().position(|x| x == c) {
                front.push(self.pile.remove(i));
            } else if let Some(i) = self.discard.iter().position(|x| x == c) {
                front.push(self.discard.remove(i));
            }
        }
        front.reverse();
        self.pile.extend(front);
    }

    /// For trial runs on a copy of a game (the forecast): orders the draw
    /// pile so that the action cards `first` accepts come up first, then
    /// the other action cards, the reshuffle card last. The real order of
    /// the pile plays no part in what a trial so arranged shows.
    pub(crate) fn arrange_for_trial(&mut self, first: impl Fn(&Card) -> bool) {
        // The pile's next card is its last element.
        self.pile
            .sort_by_key(|c| (matches!(c, Card::Action(_)), first(c), *c));
    }

    /// Cards in the whole deck, the reshuffle card included.
    pub fn size(&self) -> usize {
        self.pile.len() + self.discard.len()
    }

    /// The draw pile, next card last. The UI counts it for the odds, as a
    /// player could count the physical deck.
    pub fn pile(&self) -> &[Card] {
        &self.pile
    }

    /// The action cards still to be drawn before the next reshuffle could
    /// happen, in no particular order promised.
    pub fn remaining_actions(&self) -> impl Iterator<Item = u8> + '_ {
        self.pile.iter().filter_map(|c| match c {
            Card::Action(n) => Some(*n),
            Card::Reshuffle => None,
        })
    }

    /// The cards still in the pile counted as `fof deck stats` counts the
    /// whole deck (for the deck panel): exact counts, and the exact odds
    /// of each word and icon over the next 1 to 5 action cards.
    pub fn pile_stats(&self, data: &ActionDeck) -> PileStats {
        let cards: Vec<&ActionCard> = self
            .remaining_actions()
            .filter_map(|n| card_in(data, n))
            .collect();
        PileStats {
            stats: crate::data::stats::deck_stats(&cards),
            reshuffle_to_come: self.pile.contains(&Card::Reshuffle),
            read: self.discard.len(),
        }
    }

    pub fn discard(&self) -> &[Card] {
        &self.discard
    }

    pub fn reshuffles(&self) -> u32 {
        self.reshuffles
    }

    pub fn cards_drawn(&self) -> u64 {
        self.drawn
    }

    /// Gathers every card and shuffles them all (1.2.2 F).
    fn reshuffle_all(&mut self) {
        self.pile.append(&mut self.discard);
        self.pile.sort();
        shuffle(&mut self.rng, &mut self.pile);
        self.reshuffles += 1;
    }

    /// Draws `count` action cards (1.2.2 F): always the full number. When
    /// the reshuffle card turns up it does not count as one of them; the
    /// draw is finished first and then every card, the reshuffle card
    /// included, is reshuffled.
    ///
    /// Decision (1.2.2 F is silent): should the pile run out in the middle
    /// of a draw after the reshuffle card was turned, the cards already read
    /// earlier are shuffled into a new pile at once (the cards of the draw in
    /// progress stay out) and the draw goes on; the full reshuffle still
    /// happens at the end of the draw. A draw larger than the whole deck
    /// (no rule asks for one) reuses the cards it has already read.
    pub fn draw(&mut self, count: usize) -> Draw {
        let mut cards = Vec::with_capacity(count);
        let mut turned = Vec::with_capacity(count + 1);
        // Cards of this draw already moved back into play (see below).
        let mut flushed = 0;
        let mut reshuffle = false;
        while cards.len() < count {
            if self.pile.is_empty() {
                // The pile ran dry in the middle of a draw. Shuffle the cards
                // read earlier into a new pile; if there are none (a draw
                // larger than the deck), the cards this draw has read so far.
                if self.discard.is_empty() {
                    self.discard.extend_from_slice(&turned[flushed..]);
                    flushed = turned.len();
                }
                self.pile.append(&mut self.discard);
                self.pile.sort();
                shuffle(&mut self.rng, &mut self.pile);
            }
            let Some(card) = self.pile.pop() else {
                break; // an empty deck: nothing to draw
            };
            turned.push(card);
            match card {
                Card::Action(n) => {
                    cards.push(n);
                    self.drawn += 1;
                }
                Card::Reshuffle => reshuffle = true,
            }
        }
        self.discard.extend_from_slice(&turned[flushed..]);
        if reshuffle {
            self.reshuffle_all();
        }
        Draw {
            cards,
            turned,
            reshuffled: reshuffle,
        }
    }

    /// Draws one card and reads its random-number strip for "which of `n`
    /// options" (1.2.2 E). Returns the option (1..=n) and the draw.
    ///
    /// `n` of 0 or 1 needs no card and returns 1. Decision for `n` above 12
    /// (the strip stops at 12; the rules never need more, but a random order
    /// over many cards can): draw two cards read under 12 as the digits of a
    /// number in 0..144 and redraw values that would bias the result, so
    /// every option stays equally likely.
    pub fn random_number(&mut self, data: &ActionDeck, n: u32) -> (u32, Vec<Draw>) {
        if n <= 1 {
            return (1, Vec::new());
        }
        if n <= RN_MAX as u32 {
            let d = self.draw(1);
            let v = d
                .cards
                .first()
                .and_then(|&c| card_in(data, c))
                .and_then(|c| c.random_number(n as u8))
                .unwrap_or(1) as u32;
            return (v, vec![d]);
        }
        let base = RN_MAX as u32;
        let span = base * base;
        let limit = span - span % n;
        let mut draws = Vec::new();
        loop {
            let d = self.draw(2);
            let digit = |i: usize| {
                d.cards
                    .get(i)
                    .and_then(|&c| card_in(data, c))
                    .and_then(|c| c.random_number(RN_MAX))
                    .unwrap_or(1) as u32
                    - 1
            };
            let v = digit(0) * base + digit(1);
            draws.push(d);
            if v < limit {
                return (v % n + 1, draws);
            }
        }
    }
}

/// Looks up a card by number in the deck data.
pub fn card_in(data: &ActionDeck, number: u8) -> Option<&ActionCard> {
    // A deck that lists its cards in number order from 1 (the shipped one
    // does) has card n at n - 1: looked up there first, anywhere else after.
    if let Some(DeckEntry::Action(a)) = data.cards.get(usize::from(number).wrapping_sub(1))
        && a.number == number
    {
        return Some(a);
    }
    data.cards.iter().find_map(|c| match c {
        DeckEntry::Action(a) if a.number == number => Some(a),
        _ => None,
    })
}

/// The generator's state written with plain integers, so that every serde
/// format can hold it (RON has no 128-bit integers): the 32-byte seed as
/// hex, the stream, and the 128-bit word position as two halves.
mod rng_state {
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct State {
        seed: String,
        stream: u64,
        word_hi: u64,
        word_lo: u64,
    }

    pub fn serialize<S: Serializer>(rng: &ChaCha8Rng, s: S) -> Result<S::Ok, S::Error> {
        let seed: String = rng.get_seed().iter().map(|b| format!("{b:02x}")).collect();
        let pos = rng.get_word_pos();
        State {
            seed,
            stream: rng.get_stream(),
            word_hi: (pos >> 64) as u64,
            word_lo: pos as u64,
        }
        .serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<ChaCha8Rng, D::Error> {
        let st = State::deserialize(d)?;
        let bytes = st.seed.as_bytes();
        if bytes.len() != 64 {
            return Err(serde::de::Error::custom(
                "the generator seed must be 64 hex digits",
            ));
        }
        let mut seed = [0u8; 32];
        for (i, pair) in bytes.chunks(2).enumerate() {
            let hex = std::str::from_utf8(pair).map_err(serde::de::Error::custom)?;
            seed[i] = u8::from_str_radix(hex, 16)
                .map_err(|_| serde::de::Error::custom("the generator seed must be hex digits"))?;
        }
        let mut rng = ChaCha8Rng::from_seed(seed);
        rng.set_stream(st.stream);
        rng.set_word_pos(((st.word_hi as u128) << 64) | st.word_lo as u128);
        Ok(rng)
    }
}
