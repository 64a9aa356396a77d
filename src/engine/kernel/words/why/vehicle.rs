//! The words of a refusal of vehicles, aircraft and helicopters (chapter 7).

use crate::engine::kernel::game::Game;
use crate::engine::kernel::why::Vehicle;

/// The reason in words.
pub(crate) fn text(_game: &Game, why: &Vehicle) -> String {
    match *why {}
}
