//! Action attempts (4.2): the cards an attempt draws and what it looks for
//! on them, with skill markers' help (10.7), and what a failed attempt
//! leaves for Exhort (4.2.1 b).

use crate::engine::kernel::events::{EventKind, Needed};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::input::Order;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::purpose::Purpose;
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
    what: Purpose,
) -> AttemptResult {
    // 10.7: a skill given with the order adds a card or makes it succeed.
    let (extra, auto) = crate::engine::orders::skills::for_attempt(game, unit, needed);
    let n = n + extra;
    let (cards, reads) = game.draw(n, needed.section(), what);
    let found = cards
        .iter()
        .any(|&c| game.card(c).is_some_and(|card| needed.found(card)));
    let success = auto || found;
    game.say(
        "4.2",
        EventKind::Attempt {
            unit,
            what,
            looking_for: Some(needed),
            sure: auto,
            success,
        },
        reads,
    );
    AttemptResult { success, cards }
}

/// Remembers a failed attempt for Exhort (4.2.1 b). A failure that found
/// the card's miss marker already there leans on it too: exhorting an
/// earlier failure no longer takes that marker away.
pub fn failed(game: &mut Game, order: &Order, unit: UnitId, placed_miss: bool) {
    let card = miss_card(game, order);
    let cards: Vec<Option<CardPos>> = game
        .state
        .impulse
        .as_ref()
        .map(|i| {
            i.exhortable
                .iter()
                .map(|f| miss_card(game, &f.order))
                .collect()
        })
        .unwrap_or_default();
    if let Some(imp) = &mut game.state.impulse {
        if !placed_miss && card.is_some() {
            for (f, c) in imp.exhortable.iter_mut().zip(cards) {
                if c == card {
                    f.placed_miss = false;
                }
            }
        }
        imp.exhortable.push(FailedAttempt {
            order: order.clone(),
            unit,
            placed_miss,
        });
    }
}

/// The card whose Grenade Miss or Demo Miss marker a failure of `order`
/// places (6.2.2).
fn miss_card(game: &Game, order: &Order) -> Option<CardPos> {
    use crate::engine::kernel::input::Action;
    match &order.action {
        Action::Grenade { target, .. }
        | Action::WpGrenade { target, .. }
        | Action::PlatoonGrenade { target } => Some(game.state.unit(*target).pos),
        Action::ThrowDemo { unit, .. } => Some(game.state.unit(*unit).pos),
        _ => None,
    }
}
