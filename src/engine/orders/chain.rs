//! Who may order whom (4.0, 4.1, 4.3): the chain of command, and whether
//! the originator is in communication with the unit it orders.

use crate::data::mission::MissionKind;
use crate::data::units::{Side, UnitKind};
use crate::engine::kernel::game::{Game, Illegal};
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::why::Command;
use crate::engine::kernel::words::why::refuse;

/// Whether the originator can order `unit`: chain of command and
/// communication. `by` of `None` is General Initiative: any friendly unit
/// in play, no communication needed (3.3.2 D).
pub fn can_order(game: &Game, by: Option<UnitId>, unit: UnitId) -> Result<(), Illegal> {
    match chain_of_command(game, by, unit)? {
        Some(h) if !crate::engine::orders::comms::in_communication(game, h, unit) => {
            out_of_touch(game, h, unit)
        }
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
        Some(h) if !crate::engine::orders::comms::in_communication(game, h, unit) => {
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
    refuse(game, crate::engine::orders::comms::no_link(game, h, unit))
}

/// Everything [`can_order`] checks but communication; returns the
/// originator when communication must still be checked.
fn chain_of_command(
    game: &Game,
    by: Option<UnitId>,
    unit: UnitId,
) -> Result<Option<UnitId>, Illegal> {
    let Some(u) = game.state.get(unit) else {
        return refuse(game, Command::NoUnit { unit });
    };
    if !u.in_play() {
        return refuse(game, Command::OutOfPlay { unit });
    }
    if u.side != Side::Us {
        return refuse(game, Command::EnemyUnit { unit });
    }
    let Some(h) = by else {
        return Ok(None);
    };
    let hq = game.state.unit(h);
    if h == unit {
        return Ok(None);
    }
    if hq.flipped {
        return refuse(game, Command::FireTeamSide { hq: h });
    }
    let co = game.state.co_hq().map(|c| c.id);
    // Any HQ may order an LAT, a unit on its fire-team side included
    // (decision, 4.2.3 f).
    let authority = u.kind.is_lat()
        || u.fire_team_lat()
        || Some(h) == co
        // 4.0: CO staff command the units below the CO HQ, never the CO
        // HQ, fellow staff or the battalion's officers.
        || (hq.kind == UnitKind::Staff
            && Some(unit) != co
            && !matches!(u.kind, UnitKind::Staff | UnitKind::HigherStaff))
        || hq.kind == UnitKind::HigherStaff
        || u.platoon == Some(h)
        || u.hq == Some(h);
    if !authority {
        return refuse(game, Command::NotUnder { unit, hq: h });
    }
    if game.state.impulse.as_ref().is_some_and(|i| i.general()) {
        // An HQ originating under General Initiative needs no communication.
        return Ok(None);
    }
    Ok(Some(h))
}

/// Whether the mission is a combat patrol (4.2.1 l lets a PLT HQ designate
/// controls there).
pub fn patrol(game: &Game) -> bool {
    game.mission.kind == MissionKind::Patrol
}

/// 11.4: whether a unit may move on this mission: on a combat patrol only
/// the patrol's members (and teams split from them, which keep their
/// designation) move; the rest of the company stays where it stands.
/// Decision: runners carry messages wherever they must, so they move.
pub fn may_move_on_patrol(game: &Game, u: &crate::engine::kernel::state::Unit) -> bool {
    !patrol(game)
        || u.side != Side::Us
        || u.kind == UnitKind::Runner
        || game.state.moved.is_empty()
        || game.state.moved.binary_search(&u.designation).is_ok()
}

/// 11.4: the patrols the player may send out, the briefing's first: the
/// units it names (or the first platoon), then each platoon HQ with the
/// units it commands. Each list is sorted by unit id.
pub fn patrol_options(game: &Game) -> Vec<Vec<UnitId>> {
    let s = &game.state;
    let platoons: Vec<Vec<UnitId>> = s
        .in_play()
        .filter(|h| h.side == Side::Us && crate::engine::kernel::units::is_plt_hq(game, h.id))
        .map(|h| {
            s.in_play()
                .filter(|u| u.id == h.id || (u.hq == Some(h.id) && u.kind != UnitKind::Casualty))
                .map(|u| u.id)
                .collect()
        })
        .collect();
    let mut v: Vec<Vec<UnitId>> = Vec::new();
    let mut briefing: Vec<UnitId> = game
        .mission
        .patrol
        .iter()
        .filter_map(|id| s.by_roster(id))
        .filter(|u| u.in_play())
        .map(|u| u.id)
        .collect();
    briefing.sort();
    if !briefing.is_empty() {
        v.push(briefing);
    }
    for p in platoons {
        if !v.contains(&p) {
            v.push(p);
        }
    }
    if v.is_empty() {
        // No platoon HQ left: the whole company goes.
        v.push(
            s.in_play()
                .filter(|u| u.side == Side::Us && u.kind != UnitKind::Casualty)
                .map(|u| u.id)
                .collect(),
        );
    }
    v
}
