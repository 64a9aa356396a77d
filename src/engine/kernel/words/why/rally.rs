//! The words of a refusal of rally and reconstitution (4.2.3, 10.1-10.2).

use crate::engine::kernel::game::Game;
use crate::engine::kernel::why::Rally;

/// The reason in words.
pub(crate) fn text(_game: &Game, why: &Rally) -> String {
    match *why {}
}
