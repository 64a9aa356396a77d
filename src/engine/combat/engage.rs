//! Engaging (6.1, 6.2.3): automatic and mandatory opening fire, continuing
//! fire and the conditions that end it, fire that follows a lone enemy.
//!
//! Fire is kept per card and side: every unit of a side on a card fires
//! along that card's PDF (6.2.3), so a fire link from a card stands for all
//! of them; the VOF it carries is computed from whichever of them can reach
//! the target.

use crate::data::units::{Side, UnitKind};
use crate::engine::combat::fire::{add_link, basic_vof, link_vof, ratings};
use crate::engine::kernel::events::EventKind;
use crate::engine::kernel::events::{Quiet, StatusChange};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::purpose::Purpose;
use crate::engine::kernel::state::FireLink;
use crate::engine::map::los::line_between;

/// Whether a unit of `side` counts as a visible target: enemy units must be
/// spotted (9.3); US units are seen when in LOS.
fn visible_target(u: &crate::engine::kernel::state::Unit, side: Side) -> bool {
    u.side != side
        && u.kind != UnitKind::Casualty
        && u.in_play()
        && (side == Side::Enemy || u.spotted)
}

/// The cards holding both sides (casualties aside).
fn jointly_occupied(game: &Game, pos: CardPos) -> bool {
    let mut us = false;
    let mut them = false;
    for u in game.state.units_at(pos) {
        if u.kind == UnitKind::Casualty {
            continue;
        }
        if u.side == Side::Us {
            us = true;
        } else {
            them = true;
        }
    }
    us && them
}

/// The farthest range any unit of `side` on `pos` can fire with a Basic
/// VOF, if any can fire at all.
fn reach(game: &Game, pos: CardPos, side: Side) -> Option<u8> {
    game.state
        .units_at(pos)
        .filter(|u| u.side == side && basic_vof(game, u, 1).is_some())
        .filter_map(|u| ratings(game, u).map(|r| r.range.cards()))
        .max()
        .max(crate::engine::combat::fire::vehicle_reach(game, pos, side))
}

/// Whether a unit of `side` on `from` can see the target card.
fn seen_from(game: &Game, from: CardPos, side: Side, to: CardPos, range: u8) -> bool {
    let d = from.distance(to);
    // A vehicle sees from its card's ground level (7.5 A note).
    let vehicle = || {
        crate::engine::combat::fire::vehicles_firing(game, from, side, d)
            .next()
            .is_some()
            && crate::engine::map::los::sees_card(
                game,
                crate::engine::map::los::Viewer::on_ground(game, from),
                to,
                game.visibility(),
            )
    };
    (game.state.units_at(from).any(|u| {
        u.side == side
            && basic_vof(game, u, d).is_some()
            && ratings(game, u).is_some_and(|r| r.range.cards() >= d)
            && crate::engine::combat::fire::arc_allows(game, u, to)
            && game.unit_sees(u.id, to)
    }) || vehicle())
        && d <= range
}

/// 6.2.3: a US unit does not open fire through a card holding other US
/// units. 6.4 overhead fire: tripod machine guns and H weapons fire over a
/// friendly card at least one level below them, or below the target;
/// mortars fire over friendly troops freely.
fn friendly_in_between(game: &Game, from: CardPos, to: CardPos, side: Side) -> bool {
    if side != Side::Us {
        return false;
    }
    let Some(cards) = line_between(from, to) else {
        return false;
    };
    let from_level = game.level(from);
    let to_level = game.level(to);
    let over = |kind: Overhead, mid: CardPos| match kind {
        Overhead::None => false,
        Overhead::Mortar => true,
        Overhead::Heavy => game.level(mid) < from_level || game.level(mid) < to_level,
    };
    let best = overhead(game, from, side);
    cards.iter().any(|c| game.us_on(*c) && !over(best, *c))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Overhead {
    None,
    Heavy,
    Mortar,
}

/// What the units of a side on a card can fire over (6.4).
fn overhead(game: &Game, pos: CardPos, side: Side) -> Overhead {
    // A vehicle's H gun fires over like any H weapon (6.4).
    let vehicle_h = crate::engine::combat::fire::vehicles_firing(game, pos, side, 1).any(|v| {
        crate::engine::combat::fire::vehicle_vof(game, v, 1)
            == Some(crate::engine::combat::fire::VofLevel::Heavy)
    });
    let units = game
        .state
        .units_at(pos)
        .filter(|u| u.side == side && basic_vof(game, u, 1).is_some())
        .map(|u| {
            let weapon = crate::engine::combat::fire::weapon(game, u);
            let h = ratings(game, u).is_some_and(|r| r.vof == crate::data::units::Vof::H);
            match weapon {
                Some(crate::data::units::Weapon::Mortar) => Overhead::Mortar,
                Some(crate::data::units::Weapon::TripodMg) => Overhead::Heavy,
                _ if h => Overhead::Heavy,
                _ => Overhead::None,
            }
        })
        .max()
        .unwrap_or(Overhead::None);
    if vehicle_h {
        units.max(Overhead::Heavy)
    } else {
        units
    }
}

/// Whether the units of `side` on `pos` may fire out of their card:
/// smoke and Incoming! on it stop that (4.3.6 C, 6.1.2).
fn may_fire_out(game: &Game, pos: CardPos) -> bool {
    game.state
        .map
        .card(pos)
        .is_some_and(|c| !c.markers.smoky() && !c.markers.incoming)
}

/// The best VOF a card projects (for the "highest VOF" priority of 6.1.1).
fn projected(game: &Game, pos: CardPos) -> Option<crate::engine::combat::fire::VofLevel> {
    game.state
        .fires
        .iter()
        .filter(|f| f.from == pos)
        .filter_map(|f| link_vof(game, f))
        .max()
}

/// Brings every fire link up to date and opens fire where the Basic Combat
/// Principle demands it (6.1). Called after every change on the map.
pub fn update(game: &mut Game) {
    unify_spotting(game);
    continuing(game);
    for _ in 0..8 {
        if !open_fire(game) {
            break;
        }
    }
}

/// 6.1.2, 6.2.3: links whose firing units are gone are removed; smoke or
/// Incoming! on the firing card stops its fire; an enemy entering the card
/// draws its fire; smoke along the PDF or a shorter range brings the VOF to
/// the nearer card.
fn continuing(game: &mut Game) {
    let links = game.state.fires.clone();
    for l in links {
        let mut new = Some(l);
        // The firing card's reach: its units and vehicles, which nothing
        // below changes (only the links do).
        let reach_now = reach(game, l.from, l.side);
        let gone = reach_now.is_none();
        let enemy_here = game
            .state
            .units_at(l.from)
            .any(|u| visible_target(u, l.side));
        if gone || l.from.is_staging() || (l.from != l.target && !may_fire_out(game, l.from)) {
            new = None;
        } else if l.side != Side::Us && l.from != l.target && !game.us_on(l.target) {
            // 9.4: the enemy stops firing into a card with no valid target
            // left, as if ordered to cease fire.
            new = None;
        } else if l.from == l.target && !enemy_here {
            // Point-blank fire ends with the last enemy on the card: there
            // is nothing left to fire at inside it.
            new = None;
        } else if l.from != l.target
            && game
                .state
                .units_at(l.from)
                .any(|u| visible_target(u, l.side))
        {
            // An enemy entered the firing card: fire shifts to it.
            new = Some(FireLink {
                target: l.from,
                ..l
            });
        } else if l.from != l.target {
            let range = reach_now.unwrap_or(0);
            let dir = l.from.line_dir(l.target);
            let mut target = l.target;
            if let (Some(d), true) = (dir, l.from.distance(l.target) > range) {
                target = l.from;
                for _ in 0..range {
                    target = target.step(d);
                }
            }
            // Smoke along the PDF stops the fire at the smoke (6.1.2).
            if let Some(cards) = line_between(l.from, target)
                && let Some(s) = cards
                    .iter()
                    .find(|c| game.state.map.card(**c).is_some_and(|m| m.markers.smoky()))
            {
                target = *s;
            }
            let no_card =
                game.state.map.card(target).is_none() && !game.state.map.is_staging(target);
            if target == l.from || no_card {
                // Decision (6.1, 9.2.2): fire cut short to a position where
                // no card lies (between an expansion card and the grid)
                // has nowhere to put its VOF marker: it stops.
                new = None;
            } else {
                new = Some(FireLink { target, ..l });
            }
        }
        if new != Some(l) {
            game.state.fires.retain(|f| *f != l);
            if let Some(n) = new
                && add_link(game, n)
            {
                crate::engine::combat::fire::fire_opened(game, n, false);
            }
        }
    }
}

/// 6.1.1: non-engaged units with a spotted enemy in range and LOS open
/// fire. Returns whether any fire was opened.
fn open_fire(game: &mut Game) -> bool {
    let mut changed = false;
    for side in [Side::Us, Side::Enemy] {
        let mut cards: Vec<CardPos> = game
            .state
            .in_play()
            .filter(|u| u.side == side && !u.pos.is_staging() && u.kind != UnitKind::Casualty)
            .map(|u| u.pos)
            .chain(
                // 7.5 A note: vehicles fire at infantry like any unit.
                game.state
                    .vehicles
                    .iter()
                    .filter(|v| v.side == side)
                    .filter(|v| crate::engine::combat::fire::vehicle_vof(game, v, 0).is_some())
                    .map(|v| v.pos),
            )
            .collect();
        cards.sort();
        cards.dedup();
        // 9.2.1: a package placed without fire opens fire only when the
        // situation changes on a later turn (decision: from the next turn
        // on); a card holding only such units stays silent until then.
        let turn = game.state.turn;
        cards.retain(|p| {
            game.state
                .units_at(*p)
                .filter(|u| u.side == side && u.kind != UnitKind::Casualty)
                .any(|u| u.holds_fire.is_none_or(|t| t < turn))
                || crate::engine::combat::fire::vehicles_firing(game, *p, side, 0)
                    .next()
                    .is_some()
        });
        // The cards holding a target for this side, in the map's order:
        // found for the first firing card that looks for one, and kept for
        // the others (opening fire below changes no unit).
        let mut target_cards: Option<Vec<CardPos>> = None;
        for pos in cards {
            let engaged = game
                .state
                .fires
                .iter()
                .any(|f| f.side == side && f.from == pos);
            // Enemy on the card: point-blank fire.
            let here = game.state.units_at(pos).any(|u| visible_target(u, side));
            // An engaged card with no enemy on it keeps its fire whatever
            // its reach (below): its reach is not worked out.
            if engaged && !here {
                continue;
            }
            let Some(range) = reach(game, pos, side) else {
                continue;
            };
            let point_blank = || {
                game.state
                    .units_at(pos)
                    .any(|u| u.side == side && basic_vof(game, u, 0).is_some())
                    || crate::engine::combat::fire::vehicles_firing(game, pos, side, 0)
                        .next()
                        .is_some()
            };
            if here && point_blank() {
                if !game
                    .state
                    .fires
                    .iter()
                    .any(|f| f.side == side && f.from == pos && f.target == pos)
                {
                    game.state
                        .fires
                        .retain(|f| !(f.side == side && f.from == pos));
                    log_open(game, side, pos, pos);
                    changed = true;
                }
                continue;
            }
            if here {
                // Nothing here can fire at point blank (a lone mortar):
                // it neither fires in its card nor out of it.
                continue;
            }
            // An engaged card went on above.
            if !may_fire_out(game, pos) {
                continue;
            }
            let targets: Vec<CardPos> = target_cards
                .get_or_insert_with(|| {
                    game.state
                        .map
                        .cards
                        .iter()
                        .map(|c| c.pos)
                        .filter(|q| game.state.units_at(*q).any(|u| visible_target(u, side)))
                        .collect()
                })
                .iter()
                .copied()
                .filter(|q| *q != pos && pos.line_dir(*q).is_some() && pos.distance(*q) <= range)
                // 6.1.1: US units never open fire into a card holding both
                // sides; the enemy does (9.4).
                .filter(|q| side != Side::Us || !jointly_occupied(game, *q))
                .filter(|q| !friendly_in_between(game, pos, *q, side))
                .filter(|q| seen_from(game, pos, side, *q, range))
                .collect();
            if targets.is_empty() {
                continue;
            }
            let target = if side == Side::Us {
                choose_target(game, pos, &targets)
            } else {
                choose_enemy_target(game, pos, &targets)
            };
            log_open(game, side, pos, target);
            changed = true;
        }
    }
    changed
}

/// 6.1.1 priorities: the closest card, then the card projecting the
/// highest VOF, then at random.
fn choose_target(game: &mut Game, from: CardPos, targets: &[CardPos]) -> CardPos {
    let closest = targets.iter().map(|t| from.distance(*t)).min().unwrap_or(0);
    let near: Vec<CardPos> = targets
        .iter()
        .copied()
        .filter(|t| from.distance(*t) == closest)
        .collect();
    let best = near.iter().map(|t| projected(game, *t)).max().flatten();
    let top: Vec<CardPos> = near
        .iter()
        .copied()
        .filter(|t| projected(game, *t) == best)
        .collect();
    if top.len() == 1 {
        return top[0];
    }
    let (r, reads) = game.random(top.len() as u32, Purpose::TiedTargets);
    let pick = top[(r as usize).saturating_sub(1).min(top.len() - 1)];
    game.say(
        "6.1.1",
        EventKind::Nothing {
            why: Quiet::RandomTarget(crate::engine::kernel::events::Tie::Targets {
                from,
                n: top.len() as u8,
                pick,
            }),
        },
        reads,
    );
    pick
}

/// 9.4: the enemy engages the card with the most friendly steps, at
/// random among equals.
fn choose_enemy_target(game: &mut Game, from: CardPos, targets: &[CardPos]) -> CardPos {
    // 9.6: a sniper engages the closest friendly-occupied card in its LOS,
    // and only among the closest the one with most steps.
    let sniper = game
        .state
        .units_at(from)
        .any(|u| u.side != Side::Us && u.kind == UnitKind::Sniper);
    let near = targets.iter().map(|t| from.distance(*t)).min().unwrap_or(0);
    let targets: Vec<CardPos> = targets
        .iter()
        .copied()
        .filter(|t| !sniper || from.distance(*t) == near)
        .collect();
    let steps = |g: &Game, q: CardPos| g.state.steps_at(q, Side::Us);
    let most = targets.iter().map(|t| steps(game, *t)).max().unwrap_or(0);
    let top: Vec<CardPos> = targets
        .iter()
        .copied()
        .filter(|t| steps(game, *t) == most)
        .collect();
    if top.len() == 1 {
        return top[0];
    }
    let (r, reads) = game.random(top.len() as u32, Purpose::EnemyTiedTargets);
    let pick = top[(r as usize).saturating_sub(1).min(top.len() - 1)];
    game.say(
        "9.4",
        EventKind::Nothing {
            why: Quiet::RandomTarget(crate::engine::kernel::events::Tie::EnemyTargets {
                from,
                n: top.len() as u8,
                most,
                pick,
            }),
        },
        reads,
    );
    pick
}

fn log_open(game: &mut Game, side: Side, from: CardPos, target: CardPos) {
    crate::engine::combat::fire::open_link(
        game,
        FireLink { side, from, target },
        "6.1.1",
        crate::engine::kernel::events::FireCause::Engage,
        Vec::new(),
    );
}

/// 6.2.3: fire on a lone enemy unit that moves follows it: along the same
/// PDF when the new card lies on it, and from a shared card with a new PDF.
pub fn follow(
    game: &mut Game,
    mover: crate::engine::kernel::ids::UnitId,
    from: CardPos,
    to: CardPos,
) {
    let u = game.state.unit(mover).clone();
    let lone = !game
        .state
        .units_at(from)
        .any(|x| x.id != mover && x.side == u.side && x.kind != UnitKind::Casualty);
    if !lone {
        return;
    }
    let hunters = u.side.opponent();
    let links: Vec<FireLink> = game
        .state
        .fires
        .iter()
        .filter(|f| f.side == hunters && f.target == from)
        .copied()
        .collect();
    for l in links {
        let along = l.from != from
            && l.from.line_dir(from) == l.from.line_dir(to)
            && l.from.line_dir(to).is_some();
        let shared = l.from == from;
        let range = reach(game, l.from, hunters).unwrap_or(0);
        let sees = seen_from(game, l.from, hunters, to, range.max(1));
        if (along || shared) && sees && l.from.distance(to) <= range {
            game.state.fires.retain(|f| *f != l);
            crate::engine::combat::fire::open_link(
                game,
                FireLink { target: to, ..l },
                "6.2.3",
                crate::engine::kernel::events::FireCause::Follows(mover),
                Vec::new(),
            );
        }
    }
}

/// 9.3: a card never holds spotted and unspotted enemy units together: once
/// one is spotted, all on the card are, newcomers included.
pub fn unify_spotting(game: &mut Game) {
    let spotted_cards: Vec<CardPos> = game
        .state
        .in_play()
        .filter(|u| u.side != Side::Us && u.spotted && u.kind != UnitKind::Casualty)
        .map(|u| u.pos)
        .collect();
    let ids: Vec<crate::engine::kernel::ids::UnitId> = game
        .state
        .in_play()
        .filter(|u| u.side != Side::Us && !u.spotted && spotted_cards.contains(&u.pos))
        .map(|u| u.id)
        .collect();
    for id in ids {
        game.state.unit_mut(id).spotted = true;
        game.say(
            "9.3",
            EventKind::Status {
                unit: id,
                what: StatusChange::Spotted,
            },
            Vec::new(),
        );
    }
}
