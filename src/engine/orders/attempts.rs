//! Action attempts (4.2): the cards an attempt draws and what it looks for
//! on them, with skill markers' help (10.7), and what a failed attempt
//! leaves for Exhort (4.2.1 b).

use crate::engine::kernel::events::{EventKind, Needed};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::input::Order;
use crate::engine::kernel::state::FailedAttempt;

/// The outcome of an attempt's draw.
pub struct AttemptResult {
    pub success: bool,
    pub cards: Vec<u8>,
}

/// Draws `n` cards for an attempt and reports whether any shows what is
/// needed. Logs the attempt with the cards.
pub fn attempt(
    game: &mut Game,
    unit: Option<UnitId>,
    n: usize,
    needed: Needed,
    what: &str,
) -> AttemptResult {
    // 10.7: a skill given with the order adds a card or makes it succeed.
    let (extra, auto) = crate::engine::orders::skills::for_attempt(game, unit, needed);
    let n = n + extra;
    let (cards, reads) = game.draw(n, needed.section(), what);
    let found = cards
        .iter()
        .any(|&c| game.card(c).is_some_and(|card| needed.found(card)));
    let success = auto || found;
    let who = unit.map(|u| game.describe(u)).unwrap_or_default();
    let list: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
    game.emit(
        "4.2",
        EventKind::Attempt {
            unit,
            needed: needed.label(),
            looking_for: Some(needed),
            sure: auto,
            success,
        },
        format!(
            "{what}{}{}: {} card(s) drawn ({}) looking for {}: {}.",
            if who.is_empty() { "" } else { " by " },
            who,
            n,
            list.join(", "),
            needed.label(),
            match (found, auto) {
                (true, _) => "success",
                (false, true) => "success, by skill (10.7)",
                _ => "failure",
            }
        ),
        reads,
    );
    AttemptResult { success, cards }
}

/// Remembers a failed attempt for Exhort (4.2.1 b).
pub fn failed(game: &mut Game, order: &Order, unit: UnitId, placed_miss: bool) {
    if let Some(imp) = &mut game.state.impulse {
        imp.exhortable.push(FailedAttempt {
            order: order.clone(),
            unit,
            placed_miss,
        });
    }
}
