//! Dispatch of the Action Menu to its four families (4.2.1-4.2.4), and the
//! work every order triggers afterwards.

use super::game::{Game, Illegal};
use super::orders::{Action, Needed, Order};
use super::pos::CardPos;
use super::state::{FailedAttempt, UnitId};
use super::{c2, combat_orders, movement, rally};
use crate::data::action::{Icon, Word};
use crate::data::units::Side;

pub fn check_action(game: &Game, by: Option<UnitId>, a: &Action) -> Result<(), Illegal> {
    use Action::*;
    match a {
        Activate { .. }
        | Exhort { .. }
        | DeployPyro { .. }
        | ReconstitutePltHq { .. }
        | ReconstituteCoHq { .. }
        | CreateRunner { .. }
        | DispatchRunner { .. }
        | DismissRunner { .. }
        | RepairLine { .. }
        | SwitchNet { .. }
        | DesignateCasualtyPoint => c2::check(game, by, a),
        Move { .. }
        | MovePlatoon { .. }
        | Infiltrate { .. }
        | InfiltratePlatoon { .. }
        | SeekCover { .. }
        | MoveCover { .. }
        | InfiltrateCover { .. }
        | PickUp { .. }
        | PickUpItem { .. } => movement::check(game, by, a),
        RemovePin { .. }
        | ParalyzedToLitter { .. }
        | LitterToFire { .. }
        | FireToAssault { .. }
        | AssaultToFire { .. }
        | RallyToFront { .. }
        | DetachTeam { .. }
        | Supplement { .. }
        | ReconstituteSquad { .. }
        | FlipToFireTeam { .. } => rally::check(game, by, a),
        Spot { .. }
        | ConcentrateFire { .. }
        | PlatoonConcentrate { .. }
        | Grenade { .. }
        | PlatoonGrenade { .. }
        | MortarFire { .. }
        | CeaseFire { .. }
        | ShiftFire { .. }
        | ThrowDemo { .. }
        | PlaceDemo { .. }
        | Flame { .. }
        | WpGrenade { .. } => combat_orders::check(game, by, a),
        CallForFire { .. } => super::support::check(game, by, a),
        FireFinalProtective => super::support::check_final(game, by),
        HigherTask { commands } => check_tasking(game, by, *commands),
    }
}

/// 3.1: the battalion's tasking of this turn is carried out by the CO HQ
/// spending the commands it asks for.
fn check_tasking(game: &Game, by: Option<UnitId>, commands: u8) -> Result<(), Illegal> {
    let co = game.state.co_hq().map(|c| c.id);
    if by.is_none() || by != co {
        return Err(Illegal::because(
            "only the CO HQ carries out a battalion tasking (3.1)",
        ));
    }
    match game.state.tasking {
        Some((c, _)) if c == commands => Ok(()),
        Some((c, _)) => Err(Illegal::because(|| {
            format!("this turn's tasking asks for {c} commands, not {commands}")
        })),
        None => Err(Illegal::because(
            "battalion has no tasking for the company this turn (3.1)",
        )),
    }
}

fn perform_tasking(game: &mut Game) {
    let Some((c, xp)) = game.state.tasking.take() else {
        return;
    };
    game.state.hq_tasks.0 += 1;
    game.state.hq_tasks.1 += xp as u32;
    game.emit(
        "3.1",
        super::events::EventKind::Nothing {
            why: "tasking done".into(),
        },
        format!(
            "The CO HQ spends {c} command(s) on battalion's tasking: the company will earn {xp} experience point(s) for it (10.3.1)."
        ),
        Vec::new(),
    );
}

/// Every action worth checking now (a superset of the legal ones).
pub fn candidates(game: &Game) -> Vec<Action> {
    let mut out = Vec::new();
    c2::candidates(game, &mut out);
    movement::candidates(game, &mut out);
    rally::candidates(game, &mut out);
    combat_orders::candidates(game, &mut out);
    super::support::candidates(game, &mut out);
    out.push(Action::FireFinalProtective);
    if let Some((commands, _)) = game.state.tasking {
        out.push(Action::HigherTask { commands });
    }
    out
}

pub fn perform(game: &mut Game, order: &Order) {
    use Action::*;
    match &order.action {
        Activate { .. }
        | Exhort { .. }
        | DeployPyro { .. }
        | ReconstitutePltHq { .. }
        | ReconstituteCoHq { .. }
        | CreateRunner { .. }
        | DispatchRunner { .. }
        | DismissRunner { .. }
        | RepairLine { .. }
        | SwitchNet { .. }
        | DesignateCasualtyPoint => c2::perform(game, order),
        Move { .. }
        | MovePlatoon { .. }
        | Infiltrate { .. }
        | InfiltratePlatoon { .. }
        | SeekCover { .. }
        | MoveCover { .. }
        | InfiltrateCover { .. }
        | PickUp { .. }
        | PickUpItem { .. } => movement::perform(game, order),
        RemovePin { .. }
        | ParalyzedToLitter { .. }
        | LitterToFire { .. }
        | FireToAssault { .. }
        | AssaultToFire { .. }
        | RallyToFront { .. }
        | DetachTeam { .. }
        | Supplement { .. }
        | ReconstituteSquad { .. }
        | FlipToFireTeam { .. } => rally::perform(game, order),
        Spot { .. }
        | ConcentrateFire { .. }
        | PlatoonConcentrate { .. }
        | Grenade { .. }
        | PlatoonGrenade { .. }
        | MortarFire { .. }
        | CeaseFire { .. }
        | ShiftFire { .. }
        | ThrowDemo { .. }
        | PlaceDemo { .. }
        | Flame { .. }
        | WpGrenade { .. } => combat_orders::perform(game, order),
        CallForFire { .. } => super::support::perform(game, order),
        FireFinalProtective => super::support::perform_final(game),
        HigherTask { .. } => perform_tasking(game),
    }
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

/// Applies the success branch of an exhorted attempt.
pub fn upgrade(game: &mut Game, f: &FailedAttempt, unit: UnitId) {
    use Action::*;
    match &f.order.action {
        Infiltrate { .. }
        | InfiltratePlatoon { .. }
        | InfiltrateCover { .. }
        | SeekCover { .. } => movement::upgrade(game, &f.order, unit),
        RemovePin { .. }
        | ParalyzedToLitter { .. }
        | LitterToFire { .. }
        | FireToAssault { .. }
        | RallyToFront { .. }
        | ReconstituteSquad { .. } => {
            let still = match &f.order.action {
                ReconstituteSquad { teams } => teams.iter().all(|t| game.state.unit(*t).in_play()),
                _ => game.state.unit(unit).in_play(),
            };
            if still {
                rally::success(game, &f.order, unit);
            }
        }
        Spot { .. }
        | ConcentrateFire { .. }
        | PlatoonConcentrate { .. }
        | Grenade { .. }
        | WpGrenade { .. }
        | PlatoonGrenade { .. } => combat_orders::upgrade(game, f),
        CallForFire { .. } => super::support::upgrade(game, f),
        ThrowDemo { .. } => combat_orders::upgrade(game, f),
        _ => {}
    }
}

/// Fire links from a card that no friendly unit there can still support
/// are removed (6.1.2: units that move away stop firing).
pub fn drop_orphan_fire(game: &mut Game, from: CardPos) {
    let anyone = |side: Side| {
        game.state
            .units_at(from)
            .any(|u| u.side == side && super::fire::ratings(game, u).is_some())
    };
    let keep_us = anyone(Side::Us);
    let keep_them = anyone(Side::German);
    game.state.fires.retain(|f| {
        f.from != from || (f.side == Side::Us && keep_us) || (f.side != Side::Us && keep_them)
    });
}

/// After any order: reveal cards now in view and update the activity level.
pub fn after_change(game: &mut Game) {
    movement::reveal_around(game);
    super::phases::claymores(game);
    super::engage::update(game);
    super::activity::update(game);
}
