//! Mines and claymores (9.5): the check a unit makes on a mined card, and
//! claymores firing at the enemy units that moved onto their card.

use crate::data::units::{Side, UnitKind};
use crate::engine::kernel::events::EventKind;
use crate::engine::kernel::events::StatusChange;
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::purpose::Purpose;

/// The cards a mine check draws (9.5).
pub const CHECK_CARDS: usize = 3;

/// 9.5: a unit entering or moving within a mined card checks for a mine:
/// three cards, a burst icon is a hit resolved in the Combat Effects
/// Segment.
pub fn mine_check(game: &mut Game, unit: UnitId) {
    let u = game.state.unit(unit).clone();
    if u.kind == UnitKind::Casualty || !u.in_play() {
        return;
    }
    if !game.state.map.card(u.pos).is_some_and(|c| c.markers.mines) {
        return;
    }
    let (cards, reads) = game.draw(
        CHECK_CARDS,
        crate::engine::kernel::events::Section::Icon,
        Purpose::MineCheck { unit: u.id },
    );
    let hit = cards
        .iter()
        .any(|&c| game.card(c).is_some_and(|c| c.shows_burst()));
    if hit {
        game.state.unit_mut(unit).mined += 1;
    }
    game.say(
        "9.5",
        EventKind::Status {
            unit,
            what: if hit {
                StatusChange::MineHit
            } else {
                StatusChange::MineMiss
            },
        },
        reads,
    );
}

/// The mine checks (9.5) a trial run of an input made: the unit that
/// checked and the card, for the forecast (a play test's move onto a mined
/// card said "No draw: its effect is certain", and the check's three cards
/// hit the HQ). `after`'s log holds the input's events alone, and each
/// unit stands where it checked.
pub fn checks(after: &Game) -> Vec<(UnitId, CardPos)> {
    after
        .log()
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Status {
                unit,
                what: StatusChange::MineHit | StatusChange::MineMiss,
            } => after.state.get(*unit).map(|u| (*unit, u.pos)),
            _ => None,
        })
        .collect()
}

/// A mine check to come, in words for the forecast; `burst`: the chance
/// that [`CHECK_CARDS`] cards show a burst.
pub fn check_words(
    game: &Game,
    unit: UnitId,
    at: CardPos,
    burst: &crate::data::stats::Odds,
) -> String {
    format!(
        "{} checks for mines on {at} (9.5): {CHECK_CARDS} cards, a burst a hit ({} chance), resolved at -4 in the Combat Effects Segment",
        game.state.unit(unit).label,
        burst.whole_percent()
    )
}

/// 9.5: a claymore on a card an enemy unit has entered attacks one of them
/// at random with a -4 mine attack, then is gone.
pub fn claymores(game: &mut Game) {
    let cards: Vec<CardPos> = game
        .state
        .map
        .cards
        .iter()
        .filter(|c| c.markers.claymore)
        .map(|c| c.pos)
        .collect();
    for pos in cards {
        let targets: Vec<UnitId> = game
            .state
            .units_at(pos)
            .filter(|u| u.side != Side::Us && u.kind != UnitKind::Casualty)
            .map(|u| u.id)
            .collect();
        if targets.is_empty() {
            continue;
        }
        let (r, reads) = game.random(targets.len() as u32, Purpose::ClaymoreTarget);
        let t = targets[(r as usize).saturating_sub(1).min(targets.len() - 1)];
        game.state.unit_mut(t).mined += 1;
        if let Some(c) = game.state.map.card_mut(pos) {
            c.markers.claymore = false;
        }
        game.say(
            "9.5",
            EventKind::Status {
                unit: t,
                what: StatusChange::Claymore,
            },
            reads,
        );
    }
}
