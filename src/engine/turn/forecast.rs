//! The odds of an input before it is given, for the orders menu: its
//! command cost, the cards its attempt draws and the chance of success
//! counted from the cards still in the Action deck, as a player counting
//! the physical deck could (4.2, 1.2.2 F).
//!
//! The rules for an attempt's draw (cards by experience, the tripod MG and
//! leader bonuses, skills, a rally with no VOF needing no draw...) live in
//! the modules that carry the orders out. So as not to derive them twice,
//! the forecast trial-runs the input on a copy of the game and reads the
//! first [`EventKind::Attempt`] it produced: how many cards it drew, what it
//! looked for, whether it was sure. The trial's outcome is never used: it
//! saw the real order of the pile. The chance is computed from the deck's
//! composition alone.
//!
//! Orders that draw once per unit (a platoon's move or infiltration)
//! forecast their first attempt only.

pub use crate::data::stats::Odds;
use crate::data::stats::at_least_one;
use crate::engine::kernel::deck::Card;
use crate::engine::kernel::events::{EventKind, Needed};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::input::Input;

/// What an input costs and, if it makes an attempt, its odds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Forecast {
    /// Commands the input spends (0 for ending the impulse, choosing an HQ,
    /// setting something down, or an input the engine would refuse).
    pub cost: u8,
    /// The (first) attempt it makes; `None` when it makes none: its effect
    /// is certain.
    pub attempt: Option<AttemptOdds>,
}

/// The odds of an attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttemptOdds {
    /// Action cards the attempt draws.
    pub cards: u8,
    /// What it looks for ("the word Rally"); "none" when it needs no draw.
    pub needed: String,
    /// What it looks for, structured; `None` when it needs no draw.
    pub looking_for: Option<Needed>,
    /// It succeeds whatever is drawn: a skill (10.7) or no draw needed.
    pub sure: bool,
    /// The exact chance of success.
    pub chance: Odds,
}

/// The forecast for one input. An input the engine would refuse forecasts
/// cost 0 and no attempt.
pub fn forecast(game: &Game, input: &Input) -> Forecast {
    let mut trial = game.without_log();
    if trial.is_over() || trial.act(input).is_err() {
        return Forecast {
            cost: 0,
            attempt: None,
        };
    }
    let events = trial.log();
    let cost = events
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::Order { cost, .. } => Some(*cost),
            _ => None,
        })
        .unwrap_or(0);
    let attempt = events.iter().find_map(|e| match &e.kind {
        EventKind::Attempt {
            needed,
            looking_for,
            sure,
            ..
        } => {
            let cards = e.cards.len();
            let chance = match looking_for {
                Some(need) if !*sure => chance(game, *need, cards),
                _ => Odds { num: 1, den: 1 },
            };
            Some(AttemptOdds {
                cards: u8::try_from(cards).unwrap_or(u8::MAX),
                needed: needed.clone(),
                looking_for: *looking_for,
                sure: *sure,
                chance,
            })
        }
        _ => None,
    });
    Forecast { cost, attempt }
}

/// The forecasts for several inputs (the orders menu's list).
pub fn forecasts(game: &Game, inputs: &[Input]) -> Vec<Forecast> {
    inputs.iter().map(|i| forecast(game, i)).collect()
}

/// The exact chance that `draws` action cards drawn from the game's deck
/// now include at least one showing `need`.
///
/// With A action cards left in the pile, H of them hits, and n ≤ A cards
/// drawn, the draw is a uniform n-subset of those A: the hypergeometric
/// 1 - C(A-H, n)/C(A, n). The reshuffle card does not count as one of the n
/// (1.2.2 F) and does not change which action cards are drawn. When n > A
/// the whole pile is drawn, then the discard is shuffled into a new pile and
/// the draw goes on ([`crate::engine::kernel::deck::Deck::draw`]): with a hit in the pile
/// the attempt is sure to succeed; without one, it is the chance of a hit
/// among n - A cards of the discard's action cards.
pub fn chance(game: &Game, need: Needed, draws: usize) -> Odds {
    let deck = &game.state().deck;
    let count = |cards: &[Card]| {
        let mut all = 0u128;
        let mut hits = 0u128;
        for c in cards {
            if let Card::Action(n) = c {
                all += 1;
                if game.card(*n).is_some_and(|card| need.found(card)) {
                    hits += 1;
                }
            }
        }
        (all, hits)
    };
    let n = draws as u128;
    let (a, h) = count(deck.pile());
    if n <= a {
        return at_least_one(a, h, n);
    }
    if h > 0 {
        return Odds { num: 1, den: 1 };
    }
    // A draw larger than the whole deck (no rule asks for one) reuses the
    // cards it read, which showed no hit: only the discard's count.
    let (d, dh) = count(deck.discard());
    at_least_one(d, dh, (n - a).min(d))
}
