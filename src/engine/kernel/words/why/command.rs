//! The words of a refusal of command and control (4.1-4.3), the chain of command and skills (10.7).

use crate::engine::kernel::game::Game;
use crate::engine::kernel::why::Command;

/// The reason in words.
pub(crate) fn text(_game: &Game, why: &Command) -> String {
    match *why {}
}
