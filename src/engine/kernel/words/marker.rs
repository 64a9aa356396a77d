//! The words of a marker placed or removed on a card ([`MarkerKind`]).

use crate::engine::kernel::events::{CardRead, MarkerKind};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::state::SmokeKind;

pub(super) fn text(
    game: &Game,
    pos: CardPos,
    what: &MarkerKind,
    cards: &[CardRead],
) -> Option<String> {
    let _ = (game, cards);
    Some(match what {
        MarkerKind::IncomingRemoved => format!("Incoming! removed on {pos}."),
        MarkerKind::MissionSmokeRemoved => {
            format!("the last fire mission's smoke removed on {pos}.")
        }
        MarkerKind::PendingLands => format!("Pending fire mission lands on {pos}."),
        MarkerKind::SmokeCleared(s) => {
            let what = match s {
                SmokeKind::Smoke => "smoke",
                SmokeKind::Wp => "white phosphorus smoke",
                SmokeKind::Cs => "tear gas",
            };
            format!("The {what} on {pos} clears.")
        }
        MarkerKind::Barrage(v) => format!("An enemy barrage ({v:+}) falls on {pos}."),
        _ => return None,
    })
}
