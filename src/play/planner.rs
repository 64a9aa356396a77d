//! The planner: a bot that plays the company the way a careful player
//! would, and says why (`fof sim --bot planner`, `fof play --autoplay
//! planner`, and the hint key of the terminal).
//!
//! It looks one input ahead. For each legal input it asks the engine what
//! the input may lead to ([`forecast::outcomes`]: the game after it, once
//! if its effect is certain, twice if it makes an attempt, the attempt
//! succeeding and failing, each with its exact chance counted over the
//! cards left in the pile, as a player counting the deck could), scores
//! each resulting position, and takes the input whose expected score
//! gains the most over the position now, less what its commands cost. It
//! never sees the order of the pile, and it only ever picks among
//! `legal_inputs()`.
//!
//! The score is the rulebook's play advice written as terms a position
//! has: steps alive on both sides (a step of ours 100 points, an enemy
//! step 70: the company cannot replace its losses during a mission), the
//! pinned to rally, units Exposed or in the open on a card under fire,
//! cover taken, the advance of squads, teams and weapons toward the
//! objective (offensive missions) or the next route point (patrols),
//! units of ours on a card a fire mission or mortar will land on (its VOF
//! strikes friend and foe, 6.7), the objective secured and cleared, in a
//! defence the line held (each step of a squad, team or HQ on the map
//! rather than in the staging area, where it cannot fire: 50 a step, more
//! than the worst danger it could leave behind, so that the planner never
//! empties the line to get out of fire), enemy units spotted (so that they
//! can be fired on), pinned or under fire, subordinate HQs activated, and
//! against the score an HQ or staff unit alone on a card the enemy holds. An
//! input costs 3 points a command, and the planner ends the impulse when
//! no input gains 2. The term that gains the most is the reason given for
//! the choice. A unit aboard a vehicle is scored as any unit on its card,
//! with no cover (7.4.3, 7.4.4).
//!
//! A term for enemy units near the line was tried and dropped: it changed
//! no choice, since the planner looks one input ahead and an input's harm
//! to the enemy comes later, in the Combat Effects segment. The approach
//! covered by fire has no term.
//!
//! The other bot, `random` ([`crate::play::sim::Bot`]), picks uniformly
//! among the legal inputs: it is the engine's stress test (the property
//! tests, the fuzzers and the soak run use it). Both are deterministic for
//! a seed.
//!
//! Where the rules put a question to the player, it answers with the
//! program's suggestion; when an HQ must be chosen, it takes the CO HQ
//! first (it activates the others), then the HQ with the most units that
//! could act.
//!
//! Scores are whole numbers and ties go to the first input in the legal
//! order: the planner is deterministic for a game.

use crate::data::mission::{MissionKind, ObjectiveKind};
use crate::data::stats::Odds;
use crate::data::units::{Side, UnitKind};
use crate::engine::Game;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::input::{Decision, Input};
use crate::engine::kernel::pos::CardPos;
use crate::engine::turn::forecast;
use std::collections::BTreeMap;

/// The planner's choice and why, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    pub input: Input,
    pub reason: String,
}

/// What a position is scored on: one term per unit and aspect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Term {
    /// The objective (or route point) held, and clear of the enemy.
    Objective,
    /// Route points reached (patrols).
    Route,
    Steps(UnitId),
    Pinned(UnitId),
    /// On a card under fire, Exposed or in the open.
    Danger(UnitId),
    /// On a card a fire mission or a mortar will land on, ours or the
    /// enemy's: its VOF strikes every unit there, friend and foe (6.2.2,
    /// 6.7). A tip called our artillery onto a card our platoon held.
    Shelled(UnitId),
    Cover(UnitId),
    Progress(UnitId),
    /// A defence: a unit of ours on the map, where it can hold the line
    /// (in the staging area it cannot fire on the enemy, 2.4.2 A).
    Line(UnitId),
    /// An HQ or staff unit on a card the enemy holds with no squad or team
    /// of ours beside it: the enemy on the card fires on it, and its loss
    /// cuts the chain of command (4.0). A tip sent a lone platoon HQ onto
    /// an enemy card for the advance it made.
    Alone(UnitId),
    EnemySteps(UnitId),
    EnemySpotted(UnitId),
    EnemyPinned(UnitId),
    /// Concentrated fire, grenade attacks, a fire mission or any VOF
    /// waiting for the enemy unit in the Combat Effects segment.
    EnemyUnderFire(UnitId),
    /// A subordinate HQ activated for this turn.
    Active(UnitId),
    /// Commands the input spends.
    Cost,
}

// The weights. A friendly step is worth more than an enemy step: the
// company cannot replace its losses during a mission.
const STEP: i64 = 100;
const ENEMY_STEP: i64 = 70;
const PINNED: i64 = 35;
const EXPOSED_UNDER_FIRE: i64 = 45;
const OPEN_UNDER_FIRE: i64 = 20;
const COVERED_UNDER_FIRE: i64 = 4;
const EXPOSED: i64 = 6;
const COVER: i64 = 6;
const SPOTTED: i64 = 12;
const ENEMY_PINNED: i64 = 25;
const ACTIVE: i64 = 18;
const ENEMY_UNDER_VOF: i64 = 8;
const ENEMY_MARKER: i64 = 22;
const ENEMY_FIRE_MISSION: i64 = 25;
const SHELLED: i64 = 60;
const SECURED: i64 = 90;
const CLEARED: i64 = 90;
const ROUTE_POINT: i64 = 120;
const COMMAND: i64 = 3;
/// A step of ours holding the line in a defence: more than the worst
/// danger it could escape by leaving the map, so that the planner never
/// empties the line to get out of fire.
const LINE: i64 = 50;
/// An HQ or staff step alone with the enemy: more than the advance of a
/// card or two is worth to it (`drive`), so that the HQs follow their
/// squads onto an enemy's card rather than lead them.
const ALONE: i64 = 40;
/// Remoteness counted from here: farther than any map's cards.
const FAR: i64 = 40;
/// Below this expected gain the planner would rather end the impulse.
const WORTH: i64 = 2;

/// Where the company is headed: the primary objective of an offensive
/// mission, the next route point of a patrol (or its objective once the
/// route is walked); nowhere in a defence.
fn target(game: &Game) -> Option<CardPos> {
    let m = game.mission();
    let primary = game.objective(ObjectiveKind::Primary);
    match m.kind {
        MissionKind::Offensive => primary,
        MissionKind::Patrol => m
            .controls
            .route
            .get(game.state().route_reached as usize)
            .map(|a| CardPos::new(a.0, a.1))
            .or(primary),
        MissionKind::Defensive => None,
    }
}

/// How much a unit of this kind should press toward the objective: the
/// rifle squads and teams most, the HQs behind them, the staff, observers
/// and mortars not at all.
fn drive(kind: UnitKind) -> i64 {
    match kind {
        UnitKind::Squad | UnitKind::AssaultTeam | UnitKind::FireTeam => 8,
        UnitKind::WeaponsTeam => 4,
        UnitKind::Hq => 3,
        _ => 0,
    }
}

/// Cards to go, counting a diagonal a little longer than a straight step
/// so that a sideways move toward the objective's column still counts.
fn remoteness(from: CardPos, to: CardPos) -> i64 {
    let dr = (from.row as i64 - to.row as i64).abs();
    let dc = (from.col as i64 - to.col as i64).abs();
    2 * dr.max(dc) + dr + dc
}

/// The position's score, term by term.
fn score(game: &Game, target: Option<CardPos>) -> BTreeMap<Term, i64> {
    let s = game.state();
    let mut t = BTreeMap::new();
    // A defence is lost if the enemy stands on our side of the main line
    // of resistance at the end (11.0, 2.4.1 B): the line is held from the
    // map, not from the staging area. (A term for the enemy's nearness to
    // the line was tried and dropped: the planner looks one order ahead,
    // and what an order does to the enemy's steps comes later, in the
    // Combat Effects segment, so it never changed a choice.)
    let defence = game.mission().kind == MissionKind::Defensive;
    for u in s.in_play() {
        if u.kind == UnitKind::Casualty {
            continue;
        }
        // What befalls a unit befalls each of its steps.
        let n = u.steps.max(1) as i64;
        if u.side == Side::Us {
            t.insert(Term::Steps(u.id), STEP * n);
            if u.pinned {
                t.insert(Term::Pinned(u.id), -PINNED * n);
            }
            if u.pos.is_staging() {
                // Off the map: no fire reaches it. A unit aboard a vehicle
                // on the map is fired on like any other on its card, with
                // no cover (7.4.3, 7.4.4): it is scored as one.
            } else if game.card_under_vof(u.pos) {
                let d = if u.exposed {
                    EXPOSED_UNDER_FIRE
                } else if u.cover.is_some() {
                    COVERED_UNDER_FIRE
                } else {
                    OPEN_UNDER_FIRE
                };
                t.insert(Term::Danger(u.id), -d * n);
            } else if u.exposed {
                t.insert(Term::Danger(u.id), -EXPOSED * n);
            }
            if u.cover.is_some() {
                t.insert(Term::Cover(u.id), COVER * n);
            }
            if !u.pos.is_staging() && game.card_shelled(u.pos) {
                t.insert(Term::Shelled(u.id), -SHELLED * n);
            }
            if let Some(to) = target {
                let w = drive(u.kind);
                if w > 0 {
                    // Counted as closeness, so that a step taken away
                    // (a runner made of it) loses its share.
                    let near = (FAR - remoteness(u.pos, to)).max(0);
                    t.insert(Term::Progress(u.id), w * n * near);
                }
            }
            if u.is_hq_or_staff() && !u.pos.is_staging() && alone_with_enemy(game, u.pos) {
                t.insert(Term::Alone(u.id), -ALONE * n);
            }
            if defence && !u.pos.is_staging() && drive(u.kind) > 0 {
                t.insert(Term::Line(u.id), LINE * n);
            }
            if u.is_hq_or_staff() && s.hq_state(u.id).is_some_and(|h| h.activated && !h.done) {
                t.insert(Term::Active(u.id), ACTIVE);
            }
        } else {
            t.insert(Term::EnemySteps(u.id), -ENEMY_STEP * n);
            if u.spotted {
                t.insert(Term::EnemySpotted(u.id), SPOTTED * n);
            }
            if u.pinned {
                t.insert(Term::EnemyPinned(u.id), ENEMY_PINNED * n);
            }
            let mut fire = (u.concentrated + u.grenaded) as i64 * ENEMY_MARKER;
            if game.card_under_vof(u.pos) {
                fire += ENEMY_UNDER_VOF * n;
            }
            if s.map.card(u.pos).is_some_and(|c| {
                c.markers.incoming || c.markers.pending_fire || c.markers.indirect_h
            }) {
                fire += ENEMY_FIRE_MISSION * n;
            }
            if fire > 0 {
                t.insert(Term::EnemyUnderFire(u.id), fire);
            }
        }
    }
    if let Some(at) = target {
        let mut v = 0;
        if game.us_on(at) {
            v += SECURED;
            if s.cleared(at) {
                v += CLEARED;
            }
        }
        if v > 0 {
            t.insert(Term::Objective, v);
        }
    }
    if game.mission().kind == MissionKind::Patrol {
        t.insert(Term::Route, ROUTE_POINT * s.route_reached as i64);
    }
    t
}

/// Whether the enemy is on the card and no fighting unit of ours (a squad
/// or a team, `drive` above an HQ's) stands with the HQs there.
fn alone_with_enemy(game: &Game, at: CardPos) -> bool {
    let s = game.state();
    let mut enemy = false;
    for u in s.units_at(at) {
        if u.kind == UnitKind::Casualty {
            continue;
        }
        if u.side != Side::Us {
            enemy = true;
        } else if drive(u.kind) > drive(UnitKind::Hq) {
            return false;
        }
    }
    enemy
}

/// The expected change of each term, in thousandths of a point: the sum
/// over the input's outcomes of chance x (score after - score now).
fn expected(
    now: &BTreeMap<Term, i64>,
    outcomes: &[(Odds, Game)],
    target: Option<CardPos>,
) -> BTreeMap<Term, i64> {
    let mut out: BTreeMap<Term, i64> = BTreeMap::new();
    for (p, g) in outcomes {
        let after = score(g, target);
        let permille = (p.num * 1000 / p.den.max(1)) as i64;
        let keys: std::collections::BTreeSet<&Term> = now.keys().chain(after.keys()).collect();
        for k in keys {
            let d = after.get(k).copied().unwrap_or(0) - now.get(k).copied().unwrap_or(0);
            if d != 0 {
                *out.entry(*k).or_insert(0) += d * permille;
            }
        }
    }
    out.retain(|_, v| *v != 0);
    out
}

/// The planner's input for the game's current decision, among `legal`,
/// with its reason. `None` only when `legal` is empty.
pub fn suggest(game: &Game, legal: &[Input]) -> Option<Hint> {
    let first = legal.first()?.clone();
    match game.prompt().decision {
        Decision::Orders { .. } => Some(orders(game, legal)),
        Decision::ChooseHq { .. } => choose_hq(game, legal),
        Decision::Choose(_) => {
            let input = game
                .suggestion()
                .filter(|s| legal.contains(s))
                .unwrap_or(first);
            Some(Hint {
                input,
                reason: "the answer the program suggests for this question".into(),
            })
        }
        Decision::MissionOver => Some(Hint {
            input: first,
            reason: "the mission is over".into(),
        }),
    }
}

/// The next HQ: the CO HQ first, then the one with the most units that
/// could act on its commands; among equals, the first offered.
fn choose_hq(game: &Game, legal: &[Input]) -> Option<Hint> {
    let s = game.state();
    let co = s.co_hq().map(|u| u.id);
    let value = |i: &Input| -> (i64, String) {
        match i {
            Input::ChooseHq(h) if Some(*h) == co => (
                1000,
                format!(
                    "{} goes first: it can activate the other HQs",
                    game.describe(*h)
                ),
            ),
            Input::ChooseHq(h) => {
                let n = game
                    .friendly()
                    .filter(|u| {
                        u.kind != UnitKind::Casualty
                            && u.id != *h
                            && (u.hq == Some(*h) || u.platoon == Some(*h))
                            && !u.pinned
                    })
                    .count() as i64;
                let active = s.hq_state(*h).is_some_and(|x| x.activated);
                (
                    n * 10 + if active { 5 } else { 0 },
                    format!(
                        "{} goes next: {n} of its units can act on its commands",
                        game.describe(*h)
                    ),
                )
            }
            _ => (0, "its platoon's vehicles need their orders".into()),
        }
    };
    // The first of the highest: `min_by_key` keeps the first of equals.
    legal
        .iter()
        .map(|i| (value(i), i))
        .min_by_key(|((v, _), _)| std::cmp::Reverse(*v))
        .map(|((_, reason), i)| Hint {
            input: i.clone(),
            reason,
        })
}

/// An order weighed: its expected gain, the gain term by term, its chance
/// if it draws, and a game after it (to name the units it creates).
struct Weighed<'a> {
    total: i64,
    input: &'a Input,
    terms: BTreeMap<Term, i64>,
    chance: Option<Odds>,
    after: Game,
}

/// Whether the order calls a fire mission or mortar fire onto a card a
/// unit of ours holds: its VOF would strike them with the enemy (6.2.2,
/// 6.7). The planner never does, whatever the enemy there: the score
/// weighs a step of the enemy's under fire against a step of ours in
/// danger, and a large enemy stack could outweigh a lone HQ of ours. A
/// unit aboard a vehicle counts: it is fired on like any unit on its card
/// (7.4.3, 7.4.4).
fn shells_our_own(game: &Game, a: &crate::engine::kernel::input::Action) -> bool {
    use crate::engine::kernel::input::Action;
    let (Action::CallForFire { target, .. } | Action::MortarFire { target, .. }) = a else {
        return false;
    };
    game.us_on(*target)
}

/// The best order of the impulse, or ending it: the order whose expected
/// gain (in thousandths of a point, commands paid) is highest, the first
/// of equals in the legal order, if it gains enough.
fn orders(game: &Game, legal: &[Input]) -> Hint {
    let target = target(game);
    let now = score(game, target);
    let mut best: Option<Weighed> = None;
    for i in legal {
        let Input::Order(o) = i else {
            // Setting down what is carried, or ending the impulse: never
            // worth more than what an order gains here.
            continue;
        };
        if shells_our_own(game, &o.action) {
            continue;
        }
        let Some(mut outs) = forecast::outcomes(game, i) else {
            continue;
        };
        let mut terms = expected(&now, &outs, target);
        let cost = o.action.cost() as i64 * COMMAND * 1000;
        if cost > 0 {
            terms.insert(Term::Cost, -cost);
        }
        let total: i64 = terms.values().sum();
        if best.as_ref().is_none_or(|b| total > b.total) {
            let chance = (outs.len() > 1).then(|| outs[0].0);
            let (_, after) = outs.swap_remove(0);
            best = Some(Weighed {
                total,
                input: i,
                terms,
                chance,
                after,
            });
        }
    }
    let end = legal.iter().find(|i| matches!(i, Input::EndImpulse));
    match (best, end) {
        (Some(b), end) if b.total >= WORTH * 1000 || end.is_none() => Hint {
            input: b.input.clone(),
            reason: reason(game, &b.after, b.input, &b.terms, b.chance, target),
        },
        (_, end) => Hint {
            input: end.unwrap_or(&legal[0]).clone(),
            reason: "no order would gain enough for its commands: end the impulse".into(),
        },
    }
}

/// The reason for an order: the term it gains the most on, in words, and
/// its chance when it makes an attempt. Units are named as in `after`, the
/// game after the order (which may create them), and placed where they are
/// `now`, as the hint is read.
fn reason(
    now: &Game,
    game: &Game,
    input: &Input,
    terms: &BTreeMap<Term, i64>,
    chance: Option<Odds>,
    target: Option<CardPos>,
) -> String {
    let top = terms
        .iter()
        .filter(|(k, _)| **k != Term::Cost)
        .max_by_key(|(_, v)| **v)
        .map(|(k, _)| *k);
    let name = |u: UnitId| game.describe(u);
    let at = |u: UnitId| {
        now.state()
            .get(u)
            .or_else(|| game.state().get(u))
            .map(|x| x.pos.to_string())
            .unwrap_or_default()
    };
    let place = target.map(|t| t.to_string()).unwrap_or_default();
    let why = match top {
        // A patrol's target is its next route point (11.4, 2.4.1 C), the
        // objective only when it is the route's end.
        Some(Term::Objective) => match game.mission().kind {
            MissionKind::Patrol => format!("the patrol reaches its route point {place}"),
            _ => format!("it takes the objective {place}"),
        },
        Some(Term::Route) => "the patrol reaches its next route point".into(),
        Some(Term::Steps(u)) => format!("{} gets steps back", name(u)),
        Some(Term::Pinned(u)) => format!("{} is Pinned: rallied, it can act again", name(u)),
        Some(Term::Danger(u)) => {
            let before = now.state().get(u).map(|x| x.pos);
            let after = game.state().get(u).map(|x| x.pos);
            match before {
                // The unit stays where it is, and its card is no longer
                // under fire: the order drew the fire away (an enemy
                // unit's fire ends when one of ours enters its card,
                // 6.1.2), and says who goes where the fire is now.
                Some(p) if after == Some(p) && now.card_under_vof(p) && !game.card_under_vof(p) => {
                    let mover = match input {
                        Input::Order(o) => o.action.unit().filter(|m| *m != u),
                        _ => None,
                    };
                    let instead = mover
                        .and_then(|m| game.state().get(m))
                        .filter(|m| game.card_under_vof(m.pos))
                        .map(|m| format!(", at the risk of {} on {}", name(m.id), m.pos))
                        .unwrap_or_default();
                    format!(
                        "{} is in harm's way on {p}: this draws the enemy's fire off that card{instead}",
                        name(u)
                    )
                }
                _ => format!(
                    "{} is in harm's way on {}: this takes it out of the open",
                    name(u),
                    at(u)
                ),
            }
        }
        Some(Term::Shelled(u)) => format!(
            "{} leaves {}, where a fire mission will land",
            name(u),
            now.state()
                .get(u)
                .map(|x| x.pos.to_string())
                .unwrap_or_default()
        ),
        Some(Term::Cover(u)) => format!("{} gets under cover", name(u)),
        Some(Term::Line(u)) => format!("{} takes its place on the line", name(u)),
        Some(Term::Alone(u)) => format!(
            "{} gets away from the enemy on {}, where no squad of ours covers it",
            name(u),
            at(u)
        ),
        Some(Term::Progress(u)) => match game.mission().kind {
            MissionKind::Patrol => format!("{} heads for the next route point {place}", name(u)),
            _ => format!("{} closes on the objective {place}", name(u)),
        },
        Some(Term::EnemySteps(u)) => format!("it may cost {} steps", name(u)),
        Some(Term::EnemySpotted(u)) => {
            format!("{} is spotted, so it can be fired on", name(u))
        }
        Some(Term::EnemyPinned(u)) => format!("it may pin {}", name(u)),
        Some(Term::EnemyUnderFire(u)) => format!("it puts {} under fire", name(u)),
        Some(Term::Active(u)) => format!("{} gets its own commands this turn", name(u)),
        Some(Term::Cost) | None => "it is the best use of the commands".into(),
    };
    match chance {
        // Rounded as the orders menu shows the same chance.
        Some(p) => format!("{why} (succeeds {})", p.whole_percent()),
        None => why,
    }
}
