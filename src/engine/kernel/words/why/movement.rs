//! The words of a refusal of movement and carrying (4.2.2, 5.1, 3.5).

use crate::engine::kernel::game::Game;
use crate::engine::kernel::why::Move;

/// The reason in words.
pub(crate) fn text(_game: &Game, why: &Move) -> String {
    match *why {}
}
