//! The Mutual Capture and Retreat Phase (3.5): units alone with the enemy
//! on a card are captured, prisoners taken and guarded (9.13), and units
//! that must retreat do.

use crate::data::units::{Side, UnitKind};
use crate::engine::kernel::events::EventKind;
use crate::engine::kernel::events::{Quiet, StatusChange};
use crate::engine::kernel::game::{Game, pick_card};
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::input::Choice;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::purpose::Purpose;
use crate::engine::kernel::state::Unit;
use crate::engine::kernel::units::leave_play;
use crate::engine::map::ground::terrain_cover;

/// 3.5: captures (9.13), then retreats of paralyzed and litter teams
/// under fire.
pub fn capture_retreat(game: &mut Game) {
    let (before, asked) = (game.log.len(), game.state.choices.len());
    captures(game);
    retreats(game);
    if game.log.len() == before && game.state.choices.len() == asked {
        game.say(
            "3.5",
            EventKind::Nothing {
                why: Quiet::NoCaptureOrRetreat,
            },
            Vec::new(),
        );
    }
}

/// 9.13: paralyzed and litter teams are captured on a card where no
/// friendly force remains and the other side has a Good Order unit or an
/// assault or fire team. A step guards them and leaves play with them:
/// a one-step unit with a printed VOF if there is one, else a step taken
/// from a squad (decision: the rule names only one-step guards; a squad
/// gives one up rather than letting prisoners go). Enemy casualties on a
/// Cleared card are taken without a guard, a US unit there or not.
fn captures(game: &mut Game) {
    let cards: Vec<CardPos> = game.state.map.cards.iter().map(|c| c.pos).collect();
    for pos in cards {
        for side in [Side::Us, Side::Enemy] {
            let captors = side.opponent();
            let captor_ok = |u: &Unit| {
                // Porters take no prisoners: they carry no arms.
                u.side == captors
                    && u.kind != UnitKind::Porter
                    && (u.good_order() || u.kind == UnitKind::AssaultTeam || u.fire_team_lat())
            };
            let helpless =
                |u: &Unit| matches!(u.kind, UnitKind::ParalyzedTeam | UnitKind::LitterTeam);
            // What the card holds now, before any casualty is taken below:
            // a captor, other units of the side, and its helpless teams.
            let captor = game.state.units_at(pos).any(captor_ok);
            let others = game
                .state
                .units_at(pos)
                .any(|u| u.side == side && !helpless(u) && u.kind != UnitKind::Casualty);
            let taken: Vec<UnitId> = if captor && !others {
                game.state
                    .units_at(pos)
                    .filter(|u| u.side == side && helpless(u))
                    .map(|u| u.id)
                    .collect()
            } else {
                Vec::new()
            };
            if side == Side::Enemy {
                casualties_on_cleared(game, pos, captors);
            }
            if !captor || others {
                continue;
            }
            if !taken.is_empty() {
                take_prisoners(game, pos, &taken, captors, true);
            }
            // The teams just taken leave the card Cleared: its casualties go
            // too.
            if side == Side::Enemy {
                casualties_on_cleared(game, pos, captors);
            }
        }
    }
}

/// 9.13: enemy casualties are captured, with no guard, once their card is
/// Cleared (no enemy unit and no PC marker on it), whether or not a US
/// unit stands there.
fn casualties_on_cleared(game: &mut Game, pos: CardPos, captors: Side) {
    let cas: Vec<UnitId> = game
        .state
        .units_at(pos)
        .filter(|u| u.side == Side::Enemy && u.kind == UnitKind::Casualty)
        .map(|u| u.id)
        .collect();
    let enemy_left = game
        .state
        .units_at(pos)
        .any(|u| u.side == Side::Enemy && u.kind != UnitKind::Casualty);
    let pc = game
        .state
        .map
        .card(pos)
        .is_some_and(|c| c.markers.pc.is_some());
    if !cas.is_empty() && !enemy_left && !pc {
        take_prisoners(game, pos, &cas, captors, false);
    }
}

fn take_prisoners(game: &mut Game, pos: CardPos, taken: &[UnitId], captors: Side, guarded: bool) {
    // 9.13: a side the campaign says takes no prisoners shoots them.
    let shoots = game
        .mission
        .campaign
        .as_ref()
        .and_then(|c| game.data.campaign(c))
        .is_some_and(|c| c.no_prisoners.contains(&captors));
    if shoots {
        let mut prisoners = Vec::new();
        for t in taken {
            if game.state.unit(*t).kind != UnitKind::Casualty {
                prisoners.push(*t);
                crate::engine::kernel::units::convert(game, *t, UnitKind::Casualty);
            }
        }
        if !prisoners.is_empty() {
            game.say(
                "9.13",
                EventKind::Status {
                    unit: taken[0],
                    what: StatusChange::Shot { prisoners },
                },
                Vec::new(),
            );
        }
        return;
    }
    for t in taken {
        let u = game.state.unit_mut(*t);
        u.removed = true;
        u.captured = true;
        game.state.carried.retain(|(k, c)| k != t && c != t);
    }
    game.say(
        "9.13",
        EventKind::Status {
            unit: taken[0],
            what: StatusChange::Captured {
                prisoners: taken.to_vec(),
            },
        },
        Vec::new(),
    );
    if !guarded {
        return;
    }
    let candidates = guard_candidates(game, pos, captors);
    match candidates.as_slice() {
        [] => {}
        [one] => guard_with(game, pos, taken, *one),
        // 9.13: which step guards the company's prisoners is the
        // player's choice.
        _ if captors == Side::Us => game.state.choices.push(Choice::Guard {
            pos,
            prisoners: taken.to_vec(),
            candidates,
        }),
        [first, ..] => guard_with(game, pos, taken, *first),
    }
}

/// 9.13: the units of `captors` on `pos` that may guard prisoners: the
/// single-step units with a printed VOF (not HQs or staff); only when
/// there is none, the squads that could give up a step (decision: the
/// rule names only one-step guards; a squad gives one up rather than
/// letting prisoners go). The first is the program's suggestion.
pub fn guard_candidates(game: &Game, pos: CardPos, captors: Side) -> Vec<UnitId> {
    let here = || game.state.units_at(pos).filter(|u| u.side == captors);
    let singles: Vec<UnitId> = here()
        .filter(|u| {
            u.steps == 1
                && u.kind != UnitKind::Casualty
                && crate::engine::combat::fire::ratings(game, u).is_some()
                && !u.is_hq_or_staff()
        })
        .map(|u| u.id)
        .collect();
    if !singles.is_empty() {
        return singles;
    }
    here()
        .filter(|u| u.kind == UnitKind::Squad && u.steps >= 2)
        .map(|u| u.id)
        .collect()
}

/// 9.13: `unit` (or a step it gives up, for a squad) leaves play to guard
/// the prisoners taken on `pos`; a friendly guard comes back after the
/// mission with its experience.
pub fn guard_with(game: &mut Game, pos: CardPos, prisoners: &[UnitId], unit: UnitId) {
    let g = if game.state.unit(unit).kind == UnitKind::Squad && game.state.unit(unit).steps >= 2 {
        let src = game.state.unit(unit).clone();
        game.state.unit_mut(unit).steps -= 1;
        crate::engine::kernel::units::spawn_team(game, &src, UnitKind::FireTeam)
    } else {
        unit
    };
    {
        let gu = game.state.unit_mut(g);
        gu.removed = true;
        gu.guard = true;
    }
    let steps: u32 = prisoners
        .iter()
        .map(|p| u32::from(game.state.unit(*p).steps))
        .sum();
    game.say(
        "9.13",
        EventKind::Status {
            unit: g,
            what: StatusChange::Guard {
                from: (g != unit).then_some(unit),
                at: pos,
                steps: steps as u8,
            },
        },
        Vec::new(),
    );
}

/// 3.5: paralyzed teams under a VOF, and litter teams under a VOF with a
/// casualty to carry (the one they carry or one lying free), retreat one
/// card; neither when pinned. The best card is out of fire, then better
/// (the best net NCM for a paralyzed team, better terrain cover than its
/// own for a litter team), then toward the team's own edge. A paralyzed
/// team's ties are settled by R#, as the rule says; the rule gives no way
/// to settle a litter team's, so for the company's own litter teams the
/// player chooses among the equally good cards, and among the casualties
/// it could take along (decision, 3.5); the enemy's are settled by R#.
/// Retreating units are marked Exposed; an enemy team retreating off the
/// map leaves play.
fn retreats(game: &mut Game) {
    let teams: Vec<UnitId> = game
        .state
        .in_play()
        .filter(|u| matches!(u.kind, UnitKind::ParalyzedTeam | UnitKind::LitterTeam))
        .filter(|u| !u.pinned && !u.pos.is_staging() && game.card_under_vof(u.pos))
        .map(|u| u.id)
        .collect();
    retreat_each(game, &teams);
}

/// 3.5: the retreats of `teams`, one after the other; a question put to
/// the player stops the list, and its answer carries on with the rest
/// (so each team's options are those the retreats before it left).
pub fn retreat_each(game: &mut Game, teams: &[UnitId]) {
    for (i, &id) in teams.iter().enumerate() {
        let u = game.state.unit(id).clone();
        if !u.in_play() {
            continue;
        }
        // A litter team's casualties: the one it carries, else those lying
        // free on its card that it may pick up (neither under cover or
        // both under the same marker); with none on its card it stays.
        let casualties: Vec<Option<UnitId>> = if u.kind == UnitKind::LitterTeam {
            let carrying = game
                .state
                .carried
                .iter()
                .find(|(k, _)| *k == id)
                .map(|(_, c)| *c);
            let free: Vec<&Unit> = game
                .state
                .units_at(u.pos)
                .filter(|c| {
                    c.side == u.side
                        && c.kind == UnitKind::Casualty
                        && !game.state.carried.iter().any(|(_, x)| *x == c.id)
                })
                .collect();
            match carrying {
                Some(c) => vec![Some(c)],
                None if free.is_empty() => continue,
                None => {
                    let takeable: Vec<Option<UnitId>> = free
                        .iter()
                        .filter(|c| c.cover == u.cover)
                        .map(|c| Some(c.id))
                        .collect();
                    if takeable.is_empty() {
                        vec![None]
                    } else {
                        takeable
                    }
                }
            }
        } else {
            vec![None]
        };
        let options = retreat_options(game, id);
        let top = crate::engine::kernel::game::best_cards(&options);
        if top.is_empty() {
            continue;
        }
        let player = u.side == Side::Us && u.kind == UnitKind::LitterTeam;
        if player && top.len() * casualties.len() > 1 {
            let mut top = top;
            top.sort();
            let options = top
                .iter()
                .flat_map(|q| casualties.iter().map(move |c| (*q, *c)))
                .collect();
            game.state
                .choices
                .push(crate::engine::kernel::input::Choice::Retreat {
                    unit: id,
                    options,
                    rest: teams[i + 1..].to_vec(),
                });
            return;
        }
        let Some((dest, reads)) = pick_card(game, &options, Purpose::RetreatTie) else {
            continue;
        };
        retreat_to(game, id, dest, casualties[0], reads);
    }
}

/// 3.5: the cards a retreating team may go to, each with how good it is
/// by the rule's priorities (out of fire, better, toward its own edge).
fn retreat_options(game: &Game, id: UnitId) -> Vec<(CardPos, (bool, i32, bool))> {
    let u = game.state.unit(id).clone();
    let toward = if u.side == Side::Us { -1 } else { 1 };
    let here_cover = terrain_cover(game, u.pos);
    // 3.5: a paralyzed team looks for a better net NCM (6.3), weighed on a
    // copy of the position with the team standing on each card, out of
    // cover; a litter team for better terrain cover.
    let mut probe = (u.kind == UnitKind::ParalyzedTeam).then(|| game.without_log());
    let mut net_at = |q: CardPos| -> i32 {
        let Some(p) = probe.as_mut() else { return 0 };
        let m = p.state.unit_mut(id);
        m.pos = q;
        m.cover = None;
        crate::engine::combat::resolution::net_ncm(p, id)
    };
    let mut options: Vec<(CardPos, (bool, i32, bool))> = Vec::new();
    for d in crate::data::terrain::Dir::ALL {
        let q = u.pos.step(d);
        let off_map = game.state.map.card(q).is_none() && !game.state.map.is_staging(q);
        if off_map && !(u.side != Side::Us && q.row > u.pos.row) {
            continue;
        }
        if u.side == Side::Us && !game.state.map.friendly_may_enter(q) {
            continue;
        }
        // `has_room` knows a staging area has no limit (2.4.2).
        if !off_map && !game.has_room(id, q) {
            continue;
        }
        // Decision (3.5): a paralyzed team takes the card with the best
        // net NCM ("equal NCMs" are the ties the R# settles), the edge
        // deciding between equals first; a litter team any card with
        // better cover than its own.
        let better = if off_map || game.state.map.is_staging(q) {
            i32::MAX
        } else if u.kind == UnitKind::ParalyzedTeam {
            net_at(q)
        } else {
            i32::from(terrain_cover(game, q) > here_cover)
        };
        let key = (
            off_map || !game.card_under_vof(q),
            better,
            (q.row - u.pos.row).signum() as i32 == toward,
        );
        options.push((q, key));
    }
    options
}

/// 3.5: the team retreats to `dest`, marked Exposed, taking `casualty`
/// along when it may (the one it carries, or one under the same cover as
/// the team or, neither under cover); off the map it leaves play.
pub fn retreat_to(
    game: &mut Game,
    id: UnitId,
    dest: CardPos,
    casualty: Option<UnitId>,
    reads: Vec<crate::engine::kernel::events::CardRead>,
) {
    let u = game.state.unit(id).clone();
    let casualty = casualty.map(|c| {
        let carried = game.state.carried.contains(&(id, c));
        (
            c,
            if carried {
                u.cover
            } else {
                game.state.unit(c).cover
            },
        )
    });
    let from = u.pos;
    if game.state.map.card(dest).is_none() && !game.state.map.is_staging(dest) {
        leave_play(
            game,
            id,
            "3.5",
            crate::engine::kernel::events::Exit::RetreatOffMap { from },
            reads,
        );
        // The casualty it takes along leaves with it; one it cannot take
        // stays where it lies.
        game.state.carried.retain(|(k, _)| *k != id);
        if let Some((c, ccover)) = casualty
            && ccover == u.cover
        {
            leave_play(
                game,
                c,
                "3.5",
                crate::engine::kernel::events::Exit::CarriedOffWith,
                Vec::new(),
            );
        }
        return;
    }
    {
        let m = game.state.unit_mut(id);
        m.pos = dest;
        m.cover = None;
        m.exposed = true;
    }
    let mut carrying = None;
    if let Some((c, ccover)) = casualty {
        // The litter team takes the casualty along when neither is under
        // cover or both are under the same marker.
        if ccover == u.cover {
            let cu = game.state.unit_mut(c);
            cu.pos = dest;
            cu.cover = None;
            // (The enemy's litter teams carry in their own procedure, 9.4:
            // only the company's carrying is recorded.)
            if u.side == Side::Us && !game.state.carried.iter().any(|(_, x)| *x == c) {
                game.state.carried.push((id, c));
                game.state.carried.sort();
            }
            carrying = Some(c);
        }
    }
    game.say(
        "3.5",
        EventKind::Moved {
            unit: id,
            from,
            to: dest,
            exposed: true,
            fell_back: false,
            how: crate::engine::kernel::events::Movement::Retreat { carrying },
        },
        reads,
    );
    // 9.5: a retreat into a mined card checks like any other move.
    crate::engine::combat::mines::mine_check(game, id);
}
