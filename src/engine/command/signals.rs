//! Pyrotechnic signals (4.3.6): units that see a signal carry out the order
//! the signal plan gives it, without spending commands.

use crate::data::action::Icon;
use crate::data::mission::{Pyro, SignalOrder};
use crate::data::units::{Side, UnitKind};
use crate::engine::combat::fire::{add_link, basic_vof};
use crate::engine::kernel::events::{EventKind, Needed};
use crate::engine::kernel::events::{MarkerKind, Quiet};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::purpose::Purpose;
use crate::engine::kernel::state::{FireLink, PointControl};
use crate::engine::orders::attempts::attempt;

/// Colored flares are seen from anywhere on the map; smoke only within
/// normal LOS (4.3.6 A-B).
fn sees_signal(game: &Game, unit: UnitId, device: Pyro, at: CardPos) -> bool {
    let u = game.state.unit(unit);
    if u.pos.is_staging() {
        return false;
    }
    match device {
        Pyro::RedStarParachute
        | Pyro::GreenStarParachute
        | Pyro::RedStarCluster
        | Pyro::GreenStarCluster => true,
        _ => u.pos == at || game.unit_sees(unit, at),
    }
}

/// Units that can step onto `to` on a signal: Good Order, not Exposed, a
/// legal move (the checks of 4.2.2 a without an originator).
fn mover_ok(game: &Game, unit: UnitId, to: CardPos) -> bool {
    let u = game.state.unit(unit);
    u.good_order()
        && !u.exposed
        && u.pos.adjacent(to)
        && crate::engine::movement::actions::check_move(game, None, unit, to, None, false).is_ok()
}

/// Carries out the signal plan's order for a device deployed on `at`.
pub fn trigger(game: &mut Game, device: Pyro, at: CardPos) {
    let Some(order) = game
        .state
        .signal_plan
        .iter()
        .find(|(d, _)| *d == device)
        .map(|(_, o)| *o)
    else {
        return;
    };
    let seers: Vec<UnitId> = game
        .friendly()
        .filter(|u| u.kind != UnitKind::Casualty)
        .map(|u| u.id)
        .filter(|id| sees_signal(game, *id, device, at))
        .collect();
    game.say(
        "4.3.6",
        EventKind::Marker {
            pos: at,
            what: MarkerKind::Signal {
                order,
                device,
                seen: seers.len() as u8,
            },
        },
        Vec::new(),
    );
    let point = |game: &Game, k: PointControl| game.state.map.point(k);
    match order {
        SignalOrder::CeaseFire => {
            let mut cards: Vec<CardPos> = seers.iter().map(|u| game.state.unit(*u).pos).collect();
            cards.sort();
            cards.dedup();
            game.state
                .fires
                .retain(|f| !(f.side == Side::Us && cards.contains(&f.from)));
        }
        SignalOrder::ShiftFire => {
            let mut cards: Vec<CardPos> = seers
                .iter()
                .filter(|u| {
                    let unit = game.state.unit(**u);
                    // 4.3.6: the prerequisites of the action must be met; a
                    // flare is seen from anywhere, but fire needs a line of
                    // sight to the new target (4.2.4 l, 6.1).
                    basic_vof(game, unit, unit.pos.distance(at)).is_some()
                        && game.unit_sees(**u, at)
                })
                .map(|u| game.state.unit(*u).pos)
                .filter(|p| *p != at && p.line_dir(at).is_some() && p.distance(at) <= 3)
                .collect();
            cards.sort();
            cards.dedup();
            for c in cards {
                game.state
                    .fires
                    .retain(|f| !(f.side == Side::Us && f.from == c));
                let link = FireLink {
                    side: Side::Us,
                    from: c,
                    target: at,
                };
                if add_link(game, link) {
                    crate::engine::combat::fire::fire_opened(game, link, false);
                }
            }
        }
        SignalOrder::CrossPhaseLine(n) => {
            let Some(row) = game
                .state
                .map
                .controls
                .phase_lines
                .get(n.saturating_sub(1) as usize)
                .copied()
            else {
                return;
            };
            for u in seers {
                let pos = game.state.unit(u).pos;
                let to = CardPos::new(pos.row + 1, pos.col);
                if pos.row == row && mover_ok(game, u, to) {
                    crate::engine::movement::actions::move_unit(game, u, to, None, true);
                }
            }
        }
        SignalOrder::MoveToPrimary
        | SignalOrder::MoveToSecondary
        | SignalOrder::MoveToSignal
        | SignalOrder::MoveToRoutePoint(_) => {
            let target = match order {
                SignalOrder::MoveToPrimary => point(game, PointControl::PrimaryObjective),
                SignalOrder::MoveToSecondary => point(game, PointControl::SecondaryObjective),
                SignalOrder::MoveToRoutePoint(n) => point(game, PointControl::RoutePoint(n)),
                _ => Some(at),
            };
            let Some(to) = target else { return };
            for u in seers {
                if mover_ok(game, u, to) {
                    crate::engine::movement::actions::move_unit(game, u, to, None, true);
                }
            }
        }
        SignalOrder::MarkLandingZone => {
            // 4.3.6, 7.4.5: the smoke itself marks the card; no unit need
            // see it. A card that cannot be an LZ stays as it is.
            match crate::engine::vehicles::lz::check_new(game, at) {
                Ok(()) => crate::engine::vehicles::lz::designate(
                    game,
                    at,
                    "4.3.6",
                    crate::engine::kernel::events::LzBy::Signal(device),
                ),
                Err(why) => game.emit(
                    "4.3.6",
                    EventKind::Nothing {
                        why: Quiet::NoNewLandingZone,
                    },
                    format!("The smoke marks no new landing zone: {}.", why.text),
                    Vec::new(),
                ),
            }
        }
        SignalOrder::InfiltrateToPrimary | SignalOrder::InfiltrateToSecondary => {
            let kind = if order == SignalOrder::InfiltrateToPrimary {
                PointControl::PrimaryObjective
            } else {
                PointControl::SecondaryObjective
            };
            let (Some(ap), Some(to)) =
                (point(game, PointControl::AttackPosition), point(game, kind))
            else {
                return;
            };
            let vof = game.card_under_vof(ap) || game.card_under_vof(to);
            for u in seers {
                if game.state.unit(u).pos != ap || !mover_ok(game, u, to) {
                    continue;
                }
                let success = if vof {
                    let n = game.attempt_draws(2, game.experience(u));
                    attempt(
                        game,
                        Some(u),
                        n,
                        Needed::Icon(Icon::Infiltrate),
                        Purpose::SignalInfiltration,
                    )
                    .success
                } else {
                    false
                };
                crate::engine::movement::actions::move_unit(game, u, to, None, !success);
            }
        }
    }
}
