//! The words of a refusal ([`Why`]): why an input cannot be given now, as
//! the "why not?" window, the orders menu and a refused input read it.
//! One file per part of the rules, as the reasons are typed.

use crate::engine::kernel::game::Game;
use crate::engine::kernel::why::Why;

mod command;
mod fire;
mod movement;
mod rally;
mod turn;
mod vehicle;

/// The reason in words.
pub(crate) fn text(game: &Game, why: &Why) -> String {
    match why {
        Why::Fire(w) => fire::text(game, w),
        Why::Command(w) => command::text(game, w),
        Why::Move(w) => movement::text(game, w),
        Why::Rally(w) => rally::text(game, w),
        Why::Vehicle(w) => vehicle::text(game, w),
        Why::Turn(w) => turn::text(game, w),
        Why::Said(s) => s.clone(),
    }
}
