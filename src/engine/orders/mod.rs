//! The Action Menu (4.2): orders, their cost, who may give and receive
//! them, their legality, and carrying them out.
//!
//! Every order is checked by [`check`], which says why an illegal order is
//! refused; [`legal_orders`] enumerates every candidate and keeps those
//! `check` accepts, so the list and the check can never disagree.

pub mod comms;
pub mod skills;

use crate::data::action::{Icon, Word};
use crate::data::mission::MissionKind;
use crate::data::units::{Side, UnitKind};
use crate::engine::kernel::events::{EventKind, Needed};
use crate::engine::kernel::game::{Game, Illegal, no};
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::input::{Action, Order};
use crate::engine::kernel::state::FailedAttempt;

// ---------------------------------------------------------------------------
// Who may order whom (4.0, 4.1, 4.3)
// ---------------------------------------------------------------------------

/// Whether the originator can order `unit`: chain of command and
/// communication. `by` of `None` is General Initiative: any friendly unit
/// in play, no communication needed (3.3.2 D).
pub fn can_order(game: &Game, by: Option<UnitId>, unit: UnitId) -> Result<(), Illegal> {
    match chain_of_command(game, by, unit)? {
        Some(h) if !comms::in_communication(game, h, unit) => out_of_touch(game, h, unit),
        _ => Ok(()),
    }
}

/// Like [`can_order`], for an order to attempt to remove a Pinned marker
/// (4.2.3 a). The digest words the 4.3.1 exception: pinned units can always
/// receive that order. Decision: the recipient's Pinned marker does not
/// break visual-verbal contact for it; the originator must still be
/// unpinned and share the recipient's card and cover.
pub fn can_order_to_unpin(game: &Game, by: Option<UnitId>, unit: UnitId) -> Result<(), Illegal> {
    match chain_of_command(game, by, unit)? {
        Some(h) if !comms::in_communication(game, h, unit) => {
            let (o, u) = (game.state.unit(h), game.state.unit(unit));
            if u.pinned && !o.pinned && o.pos == u.pos && o.cover == u.cover {
                Ok(())
            } else {
                out_of_touch(game, h, unit)
            }
        }
        _ => Ok(()),
    }
}

fn out_of_touch(game: &Game, h: UnitId, unit: UnitId) -> Result<(), Illegal> {
    no(|| {
        format!(
            "{} is not in communication with {} (4.3)",
            game.describe(h),
            game.describe(unit)
        )
    })
}

/// Everything [`can_order`] checks but communication; returns the
/// originator when communication must still be checked.
fn chain_of_command(
    game: &Game,
    by: Option<UnitId>,
    unit: UnitId,
) -> Result<Option<UnitId>, Illegal> {
    let Some(u) = game.state.get(unit) else {
        return Err(Illegal::because(|| format!("there is no unit {unit}")));
    };
    if !u.in_play() {
        return Err(Illegal::because(|| {
            format!("{} is no longer in play", game.describe(unit))
        }));
    }
    if u.side != Side::Us {
        return Err(Illegal::because(|| {
            format!("{} is an enemy unit", game.describe(unit))
        }));
    }
    let Some(h) = by else {
        return Ok(None);
    };
    let hq = game.state.unit(h);
    if h == unit {
        return Ok(None);
    }
    if hq.flipped {
        return Err(Illegal::because(|| {
            format!(
                "{} is on its fire-team side and can command only itself (4.1.4)",
                game.describe(h)
            )
        }));
    }
    let co = game.state.co_hq().map(|c| c.id);
    let authority = u.kind.is_lat()
        || Some(h) == co
        || hq.kind == UnitKind::Staff
        || hq.kind == UnitKind::HigherStaff
        || u.platoon == Some(h)
        || u.hq == Some(h);
    if !authority {
        return Err(Illegal::because(|| {
            format!(
                "{} is not under {} in the chain of command (4.0)",
                game.describe(unit),
                game.describe(h)
            )
        }));
    }
    if game.state.impulse.as_ref().is_some_and(|i| i.hq.is_none()) {
        // An HQ originating under General Initiative needs no communication.
        return Ok(None);
    }
    Ok(Some(h))
}

// ---------------------------------------------------------------------------
// Attempts (4.2)
// ---------------------------------------------------------------------------

/// The outcome of an attempt's draw.
pub struct AttemptResult {
    pub success: bool,
    pub cards: Vec<u8>,
}

/// Draws `n` cards for an attempt and reports whether any shows what is
/// needed. Logs the attempt with the cards.
pub fn attempt(
    game: &mut Game,
    unit: Option<UnitId>,
    n: usize,
    needed: Needed,
    what: &str,
) -> AttemptResult {
    // 10.7: a skill given with the order adds a card or makes it succeed.
    let (extra, auto) = crate::engine::orders::skills::for_attempt(game, unit, needed);
    let n = n + extra;
    let (cards, reads) = game.draw(n, needed.section(), what);
    let found = cards
        .iter()
        .any(|&c| game.card(c).is_some_and(|card| needed.found(card)));
    let success = auto || found;
    let who = unit.map(|u| game.describe(u)).unwrap_or_default();
    let list: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
    game.emit(
        "4.2",
        EventKind::Attempt {
            unit,
            needed: needed.label(),
            looking_for: Some(needed),
            sure: auto,
            success,
        },
        format!(
            "{what}{}{}: {} card(s) drawn ({}) looking for {}: {}.",
            if who.is_empty() { "" } else { " by " },
            who,
            n,
            list.join(", "),
            needed.label(),
            match (found, auto) {
                (true, _) => "success",
                (false, true) => "success, by skill (10.7)",
                _ => "failure",
            }
        ),
        reads,
    );
    AttemptResult { success, cards }
}

/// Remembers a failed attempt for Exhort (4.2.1 b).
pub fn failed(game: &mut Game, order: &Order, unit: UnitId, placed_miss: bool) {
    if let Some(imp) = &mut game.state.impulse {
        imp.exhortable.push(FailedAttempt {
            order: order.clone(),
            unit,
            placed_miss,
        });
    }
}

/// Whether the mission is a combat patrol (4.2.1 l lets a PLT HQ designate
/// controls there).
pub fn patrol(game: &Game) -> bool {
    game.mission.kind == MissionKind::Patrol
}

/// What a failed attempt was looking for, for Exhort (4.2.1 b).
pub fn needed_for(a: &Action) -> Option<Needed> {
    use Action::*;
    match a {
        Infiltrate { .. } | InfiltratePlatoon { .. } | InfiltrateCover { .. } => {
            Some(Needed::Icon(Icon::Infiltrate))
        }
        SeekCover { .. } => Some(Needed::Word(Word::Cover)),
        RemovePin { .. }
        | ParalyzedToLitter { .. }
        | LitterToFire { .. }
        | FireToAssault { .. }
        | RallyToFront { .. }
        | ReconstituteSquad { .. } => Some(Needed::Word(Word::Rally)),
        Spot { .. } | ConcentrateFire { .. } | PlatoonConcentrate { .. } => {
            Some(Needed::Icon(Icon::Crosshairs))
        }
        Grenade { .. } | PlatoonGrenade { .. } | WpGrenade { .. } => {
            Some(Needed::Icon(Icon::Grenade))
        }
        CallForFire { .. } => Some(Needed::Icon(Icon::Burst)),
        ThrowDemo { .. } => Some(Needed::Icon(Icon::Grenade)),
        _ => None,
    }
}
