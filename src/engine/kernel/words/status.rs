//! The words of a unit's change of status ([`StatusChange`]).

use crate::engine::kernel::events::{CardRead, StatusChange};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;

pub(super) fn text(
    game: &Game,
    unit: UnitId,
    what: &StatusChange,
    cards: &[CardRead],
) -> Option<String> {
    let name = || game.describe(unit);
    let _ = cards;
    Some(match what {
        StatusChange::Unpinned => {
            format!("{} is under no VOF and loses its Pinned marker.", name())
        }
        StatusChange::SwitchedNet(to) => {
            format!("{} switches its set to the {} net.", name(), to.label())
        }
        _ => return None,
    })
}
