//! The words of a refusal of the sequence of play, the inputs and the questions (chapter 3).

use crate::engine::kernel::game::Game;
use crate::engine::kernel::why::Turn;

/// The reason in words.
pub(crate) fn text(_game: &Game, why: &Turn) -> String {
    match *why {}
}
