//! The words of a refusal of fire and the combat actions (chapter 6, 4.2.4) and fire support (6.7).

use crate::engine::kernel::game::Game;
use crate::engine::kernel::why::Fire;

/// The reason in words.
pub(crate) fn text(_game: &Game, why: &Fire) -> String {
    match *why {}
}
