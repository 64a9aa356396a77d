//! The words of a refusal ([`Why`]): why an input cannot be given now, as
//! the "why not?" window, the orders menu and a refused input read it.
//! One file per part of the rules, as the reasons are typed.

use crate::engine::kernel::game::{Game, Illegal, is_quiet};
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

impl Illegal {
    /// A refusal for a typed reason, worded by the narrator unless inside
    /// [`crate::engine::kernel::game::quietly`].
    pub(crate) fn new(game: &Game, why: impl Into<Why>) -> Illegal {
        let why = why.into();
        let text = if is_quiet() {
            String::new()
        } else {
            text(game, &why)
        };
        Illegal { why, text }
    }
}

/// Refuses for a typed reason, worded by the narrator unless inside
/// [`crate::engine::kernel::game::quietly`].
pub(crate) fn refuse<T>(game: &Game, why: impl Into<Why>) -> Result<T, Illegal> {
    Err(Illegal::new(game, why))
}
