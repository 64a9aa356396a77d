//! Rally actions (4.2.3, 10.1-10.2): removing Pinned markers, converting
//! limited action teams, flipping fire-team sides, detaching and
//! supplementing, reconstituting squads.

use crate::data::action::Word;
use crate::data::units::{Side, UnitKind};
use crate::engine::kernel::events::StatusChange;
use crate::engine::kernel::events::{EventKind, Needed};
use crate::engine::kernel::game::{Game, Illegal};
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::input::{Action, Order, TeamKind};
use crate::engine::kernel::purpose::Purpose;
use crate::engine::kernel::state::Unit;
use crate::engine::kernel::units::{convert, spawn_team};
use crate::engine::kernel::why::Rally;
use crate::engine::kernel::words::why::refuse;
use crate::engine::orders::attempts::{attempt, failed};
use crate::engine::orders::chain::can_order;
use crate::engine::orders::wanted::Wanted;

/// Whether a rally attempt on this unit needs cards: only when its card
/// has a VOF marker (4.2.3 a-d, f). Decision: a Mines marker, either side,
/// is one (9.5 names it a Mines VOF marker; 6.2.2 lists mines among the
/// special VOF); the fire and markers `card_under_vof` weighs for the
/// activity level, infiltration and exposure stay as they are.
fn needs_draw(game: &Game, u: &Unit) -> bool {
    game.card_under_vof(u.pos) || game.state.map.card(u.pos).is_some_and(|c| c.markers.mines)
}

fn unpinned_kind(
    game: &Game,
    by: Option<UnitId>,
    unit: UnitId,
    kind: UnitKind,
) -> Result<(), Illegal> {
    can_order(game, by, unit)?;
    let u = game.state.unit(unit);
    if u.kind != kind {
        return refuse(game, Rally::NotKind { unit, kind });
    }
    if u.pinned {
        return refuse(game, Rally::PinnedFirst { unit });
    }
    Ok(())
}

/// 10.2.1: the removed squads the teams could re-form as: the side's
/// squads out of play whose counter holds as many steps as there are
/// teams (never more firepower than it started with), those of the first
/// team's platoon first, then by counter. The rule names no squad: which
/// one comes back is the player's choice ([`Choice::Reform`]), the first
/// here being the program's suggestion.
pub fn returnable_squads(game: &Game, teams: &[UnitId]) -> Vec<UnitId> {
    let Some(first) = teams.first().map(|t| game.state.unit(*t)) else {
        return Vec::new();
    };
    let mut removed: Vec<&Unit> = game
        .state
        .units
        .iter()
        .filter(|u| u.removed && u.kind == UnitKind::Squad && u.side == first.side)
        .filter(|u| !u.captured && !u.guard && !u.withdrawn)
        .filter(|u| u.type_in(&game.data).map(|t| t.steps).unwrap_or(4) >= teams.len() as u8)
        .collect();
    removed.sort_by_key(|u| (u.platoon != first.platoon, u.id));
    removed.into_iter().map(|u| u.id).collect()
}

pub fn check(game: &Game, by: Option<UnitId>, action: &Action) -> Result<(), Illegal> {
    match action {
        Action::RemovePin { unit } => {
            // 4.3.1 (digest): a pinned unit still hears this order.
            crate::engine::orders::chain::can_order_to_unpin(game, by, *unit)?;
            if !game.state.unit(*unit).pinned {
                return refuse(game, Rally::NotPinned { unit: *unit });
            }
            Ok(())
        }
        Action::ParalyzedToLitter { unit } => {
            unpinned_kind(game, by, *unit, UnitKind::ParalyzedTeam)
        }
        Action::LitterToFire { unit } => unpinned_kind(game, by, *unit, UnitKind::LitterTeam),
        Action::FireToAssault { unit } => unpinned_kind(game, by, *unit, UnitKind::FireTeam),
        Action::AssaultToFire { unit } => unpinned_kind(game, by, *unit, UnitKind::AssaultTeam),
        Action::RallyToFront { unit } => {
            can_order(game, by, *unit)?;
            let u = game.state.unit(*unit);
            if !u.flipped {
                return refuse(game, Rally::NotFlipped { unit: *unit });
            }
            if u.pinned {
                return refuse(game, Rally::Pinned { unit: *unit });
            }
            // 4.2.3 f: the HQ or staff itself, or any HQ or staff in
            // communication: a flipped HQ is a Fire Team LAT (decision), so
            // any HQ may order it (4.0, `can_order`).
            if !matches!(
                u.kind,
                UnitKind::Hq
                    | UnitKind::Staff
                    | UnitKind::HigherStaff
                    | UnitKind::WeaponsTeam
                    | UnitKind::ForwardObserver
            ) {
                return refuse(game, Rally::NoFront);
            }
            Ok(())
        }
        Action::DetachTeam { squad, .. } => {
            can_order(game, by, *squad)?;
            let u = game.state.unit(*squad);
            if u.kind != UnitKind::Squad || !u.good_order() {
                return refuse(game, Rally::NotGoodOrderSquad { unit: *squad });
            }
            if u.steps < 3 {
                return refuse(game, Rally::DetachTooSmall);
            }
            Ok(())
        }
        Action::Supplement { squad, team } => {
            can_order(game, by, *squad)?;
            can_order(game, by, *team)?;
            let s = game.state.unit(*squad);
            let t = game.state.unit(*team);
            if s.kind != UnitKind::Squad || !s.good_order() {
                return refuse(game, Rally::NotGoodOrderSquad { unit: *squad });
            }
            let full = s.type_in(&game.data).map(|x| x.steps).unwrap_or(4);
            if s.steps < 2 || s.steps >= full || s.steps > 3 {
                return refuse(game, Rally::SupplementStrength);
            }
            if !matches!(t.kind, UnitKind::FireTeam | UnitKind::AssaultTeam) || t.pinned {
                return refuse(game, Rally::NotUnpinnedTeam { unit: *team });
            }
            if t.pos != s.pos {
                return refuse(game, Rally::TeamElsewhere);
            }
            Ok(())
        }
        Action::ReconstituteSquad { teams } => {
            if by.is_none() {
                return refuse(game, Rally::ReconstituteWithoutHq);
            }
            if !(2..=4).contains(&teams.len()) {
                return refuse(game, Rally::TeamCount);
            }
            let mut sorted = teams.clone();
            sorted.sort();
            sorted.dedup();
            if sorted.len() != teams.len() || sorted != *teams {
                return refuse(game, Rally::TeamsOrder);
            }
            let pos = game.state.unit(teams[0]).pos;
            for t in teams {
                can_order(game, by, *t)?;
                let u = game.state.unit(*t);
                if !matches!(u.kind, UnitKind::FireTeam | UnitKind::AssaultTeam) || u.pinned {
                    return refuse(game, Rally::NotUnpinnedTeam { unit: *t });
                }
                if u.pos != pos {
                    return refuse(game, Rally::TeamsApart);
                }
            }
            if returnable_squads(game, teams).is_empty() {
                // Squads taken prisoner, guarding or withdrawn are out of
                // the mission; the others may be too small.
                let any = game.state.units.iter().any(|u| {
                    u.removed
                        && u.kind == UnitKind::Squad
                        && u.side == Side::Us
                        && !u.captured
                        && !u.guard
                        && !u.withdrawn
                });
                if any {
                    return refuse(game, Rally::NoSquadOfSteps { teams: teams.len() });
                }
                let out = game
                    .state
                    .units
                    .iter()
                    .any(|u| u.removed && u.kind == UnitKind::Squad && u.side == Side::Us);
                if out {
                    return refuse(game, Rally::RemovedSquadsOut);
                }
                return refuse(game, Rally::NoRemovedSquad);
            }
            Ok(())
        }
        Action::FlipToFireTeam { unit } => {
            can_order(game, by, *unit)?;
            let u = game.state.unit(*unit);
            if !u.good_order() || u.flipped {
                return refuse(game, Rally::NotGoodOrderFront { unit: *unit });
            }
            let back = u.type_in(&game.data).and_then(|t| t.back);
            if back.is_none() {
                return refuse(game, Rally::NoFireTeamSide { unit: *unit });
            }
            Ok(())
        }
        _ => refuse(game, Rally::NotRally),
    }
}

/// Every rally-family action worth checking now, as `wanted` asks (see
/// [`Wanted`]): the orders to a unit (all but the Remove Pinned
/// order, heard by a pinned unit, and squad reconstitution) only for the
/// units it accepts. Pruned, it leaves out removing a pin from a unit
/// that has none and flipping a unit that is not in Good Order (4.2.3 a,
/// j).
pub(crate) fn candidates(game: &Game, wanted: &mut Wanted, out: &mut Vec<Action>) {
    let prune = wanted.prune;
    for u in game.friendly() {
        let id = u.id;
        if !prune || u.pinned {
            out.push(Action::RemovePin { unit: id });
        }
        if !(wanted.units)(id) {
            continue;
        }
        match u.kind {
            UnitKind::ParalyzedTeam => out.push(Action::ParalyzedToLitter { unit: id }),
            UnitKind::LitterTeam => out.push(Action::LitterToFire { unit: id }),
            UnitKind::FireTeam => out.push(Action::FireToAssault { unit: id }),
            UnitKind::AssaultTeam => out.push(Action::AssaultToFire { unit: id }),
            UnitKind::Squad => {
                out.push(Action::DetachTeam {
                    squad: id,
                    kind: TeamKind::Assault,
                });
                out.push(Action::DetachTeam {
                    squad: id,
                    kind: TeamKind::Fire,
                });
                for t in game.state.units_at(u.pos) {
                    if matches!(t.kind, UnitKind::FireTeam | UnitKind::AssaultTeam)
                        && t.side == u.side
                    {
                        out.push(Action::Supplement {
                            squad: id,
                            team: t.id,
                        });
                    }
                }
            }
            _ => {}
        }
        if u.flipped {
            out.push(Action::RallyToFront { unit: id });
        } else if !prune || u.good_order() {
            out.push(Action::FlipToFireTeam { unit: id });
        }
    }
    // Teams that could rebuild a squad, per card: every set of 2 to 4.
    let mut cards: Vec<_> = game
        .friendly()
        .filter(|u| matches!(u.kind, UnitKind::FireTeam | UnitKind::AssaultTeam))
        .map(|u| u.pos)
        .collect();
    cards.sort();
    cards.dedup();
    for pos in cards {
        let teams: Vec<UnitId> = game
            .state
            .units_at(pos)
            .filter(|u| {
                u.side == Side::Us && matches!(u.kind, UnitKind::FireTeam | UnitKind::AssaultTeam)
            })
            .map(|u| u.id)
            .take(8)
            .collect();
        let n = teams.len();
        for mask in 0u32..(1 << n) {
            let k = mask.count_ones();
            if (2..=4).contains(&k) {
                let set: Vec<UnitId> = (0..n)
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| teams[i])
                    .collect();
                out.push(Action::ReconstituteSquad { teams: set });
            }
        }
    }
}

/// Cards a rally attempt on `unit` draws: two, by the originator's
/// experience (the recipient's under General Initiative) (4.2); `None`
/// when no VOF is on its card and it succeeds without a draw. The order
/// and its forecast both read it.
pub(crate) fn rally_draws(game: &Game, order: &Order, unit: UnitId) -> Option<usize> {
    if !needs_draw(game, game.state.unit(unit)) {
        return None;
    }
    Some(game.attempt_draws(2, game.experience(order.by.unwrap_or(unit))))
}

/// Cards reconstituting a squad draws: two, by the originator's experience
/// (the first team's when no one gives the order) (4.2.3 i).
pub(crate) fn reconstitute_draws(game: &Game, order: &Order, teams: &[UnitId]) -> usize {
    let by = order.by.or(teams.first().copied());
    by.map_or(2, |b| game.attempt_draws(2, game.experience(b)))
}

/// Draws for a rally attempt with the originator's experience (4.2), the
/// recipient's under General Initiative. Returns `true` on success; with no
/// VOF on the card the attempt succeeds without a draw.
fn rally_attempt(game: &mut Game, order: &Order, unit: UnitId, what: Purpose) -> bool {
    let Some(n) = rally_draws(game, order, unit) else {
        game.say(
            order.action.rule(),
            EventKind::Attempt {
                unit: Some(unit),
                what,
                looking_for: None,
                sure: true,
                success: true,
            },
            Vec::new(),
        );
        return true;
    };
    let r = attempt(game, Some(unit), n, Needed::Word(Word::Rally), what);
    if !r.success {
        failed(game, order, unit, false);
    }
    r.success
}

/// The conversion a rally order attempts (4.2.3 b-f).
fn conversion(a: &Action) -> Purpose {
    use crate::engine::kernel::purpose::Conversion;
    Purpose::Conversion(match a {
        Action::ParalyzedToLitter { .. } => Conversion::ParalyzedToLitter,
        Action::LitterToFire { .. } => Conversion::LitterToFire,
        Action::FireToAssault { .. } => Conversion::FireToAssault,
        _ => Conversion::RallyToFront,
    })
}

pub fn perform(game: &mut Game, order: &Order) {
    match &order.action {
        Action::RemovePin { unit } if rally_attempt(game, order, *unit, Purpose::RemovePin) => {
            success(game, order, *unit);
        }
        Action::ParalyzedToLitter { unit }
        | Action::LitterToFire { unit }
        | Action::FireToAssault { unit }
        | Action::RallyToFront { unit }
            if rally_attempt(game, order, *unit, conversion(&order.action)) =>
        {
            success(game, order, *unit);
        }
        Action::AssaultToFire { unit } => success(game, order, *unit),
        Action::DetachTeam { squad, kind } => {
            let s = game.state.unit(*squad).clone();
            let k = match kind {
                TeamKind::Assault => UnitKind::AssaultTeam,
                TeamKind::Fire => UnitKind::FireTeam,
            };
            game.state.unit_mut(*squad).steps -= 1;
            let id = spawn_team(game, &s, k);
            game.say(
                "4.2.3 g",
                EventKind::UnitCreated {
                    unit: id,
                    from: Some(*squad),
                    why: crate::engine::kernel::events::Creation::Detached,
                },
                Vec::new(),
            );
        }
        Action::Supplement { squad, team } => {
            game.state.unit_mut(*team).removed = true;
            game.state.unit_mut(*squad).steps += 1;
            game.say(
                "4.2.3 h",
                EventKind::UnitRemoved {
                    unit: *team,
                    why: crate::engine::kernel::events::Removal::Rejoined { into: *squad },
                },
                Vec::new(),
            );
        }
        Action::ReconstituteSquad { teams } => {
            let n = reconstitute_draws(game, order, teams);
            let r = attempt(
                game,
                Some(teams[0]),
                n,
                Needed::Word(Word::Rally),
                Purpose::ReconstitutingSquad,
            );
            if r.success {
                success(game, order, teams[0]);
            } else {
                failed(game, order, teams[0], false);
            }
        }
        Action::FlipToFireTeam { unit } => {
            game.state.unit_mut(*unit).flipped = true;
            game.say(
                "4.2.3 j",
                EventKind::Status {
                    unit: *unit,
                    what: StatusChange::FireTeamSide,
                },
                Vec::new(),
            );
        }
        _ => {}
    }
}

/// The success branch of a rally action (also used by Exhort).
pub fn success(game: &mut Game, order: &Order, unit: UnitId) {
    let rule = order.action.rule();
    let what = match &order.action {
        Action::RemovePin { .. } => {
            game.state.unit_mut(unit).pinned = false;
            StatusChange::Unpinned { rallied: true }
        }
        Action::ParalyzedToLitter { .. } => {
            convert(game, unit, UnitKind::LitterTeam);
            StatusChange::LitterTeam
        }
        Action::LitterToFire { .. } => {
            convert(game, unit, UnitKind::FireTeam);
            StatusChange::FireTeam(crate::engine::kernel::events::TeamFrom::Litter)
        }
        Action::FireToAssault { .. } => {
            convert(game, unit, UnitKind::AssaultTeam);
            StatusChange::AssaultTeam
        }
        Action::AssaultToFire { .. } => {
            convert(game, unit, UnitKind::FireTeam);
            StatusChange::FireTeam(crate::engine::kernel::events::TeamFrom::Assault)
        }
        Action::RallyToFront { .. } => {
            game.state.unit_mut(unit).flipped = false;
            StatusChange::Front
        }
        Action::ReconstituteSquad { teams } => {
            let squads = returnable_squads(game, teams);
            match squads.as_slice() {
                [] => return,
                [one] => reform(game, teams, *one),
                _ if game.state.unit(teams[0]).side == Side::Us => {
                    // 10.2.1: which of the removed squads comes back is the
                    // player's to say.
                    game.state
                        .choices
                        .push(crate::engine::kernel::input::Choice::Reform {
                            teams: teams.clone(),
                            squads,
                        });
                }
                [first, ..] => reform(game, teams, *first),
            }
            return;
        }
        _ => return,
    };
    game.say(rule, EventKind::Status { unit, what }, Vec::new());
}

/// 10.2.1: the teams leave play and `squad` comes back on their card with
/// as many steps as there were teams.
pub fn reform(game: &mut Game, teams: &[UnitId], squad: UnitId) {
    let pos = game.state.unit(teams[0]).pos;
    let cover = game.state.unit(teams[0]).cover;
    for t in teams {
        game.state.unit_mut(*t).removed = true;
    }
    // 10.2.1: the squad's experience comes from the teams (an assault team
    // counts Line, any other team Green) combined by the table of 10.6.
    let levels: Vec<crate::data::action::Experience> = teams
        .iter()
        .map(|t| {
            if game.state.unit(*t).kind == UnitKind::AssaultTeam {
                crate::data::action::Experience::Line
            } else {
                crate::data::action::Experience::Green
            }
        })
        .collect();
    let exp = crate::data::action::combined(&levels);
    let s = game.state.unit_mut(squad);
    s.rebuilt = true;
    s.removed = false;
    s.experience = exp;
    s.steps = teams.len() as u8;
    s.pos = pos;
    s.cover = cover;
    s.pinned = false;
    s.exposed = false;
    s.flipped = false;
    game.say(
        "10.2.1",
        EventKind::Status {
            unit: squad,
            what: StatusChange::Reconstituted {
                teams: teams.len() as u8,
            },
        },
        Vec::new(),
    );
}
