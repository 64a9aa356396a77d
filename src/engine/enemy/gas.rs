//! Tear gas on the enemy (4.3.6 D): Good Order units on a card holding CS
//! become fire teams, then each falls back or is pinned.

use crate::data::units::{Side, UnitKind};
use crate::engine::enemy::moves::fall_back;
use crate::engine::kernel::events::EventKind;
use crate::engine::kernel::events::{Quiet, StatusChange};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::purpose::Purpose;

/// 4.3.6 D: on every card holding CS, the enemy's Good Order units become
/// fire teams; then each enemy unit there falls back on a 1 or 2 of R#
/// under 3, marked Exposed (out of the company's sight first, then the
/// best terrain, then R#: the 9.4 Fall Back), or is Pinned on a 3. US units
/// wear gas masks and are not affected. Returns the units whose action
/// this was, so that they take no activity check this segment (9.4).
pub fn cs_gas(game: &mut Game) -> Vec<UnitId> {
    let cards: Vec<CardPos> = game
        .state
        .map
        .cards
        .iter()
        .filter(|c| c.markers.smoke == Some(crate::engine::kernel::state::SmokeKind::Cs))
        .map(|c| c.pos)
        .collect();
    let mut hit = Vec::new();
    for pos in cards {
        let here: Vec<UnitId> = game
            .state
            .units_at(pos)
            .filter(|u| u.side != Side::Us && u.kind != UnitKind::Casualty)
            .map(|u| u.id)
            .collect();
        let mut here = here;
        for id in here.clone() {
            if game.state.unit(id).good_order() {
                // Every step becomes a fire team of one step.
                let src = game.state.unit(id).clone();
                for _ in 1..src.steps {
                    here.push(crate::engine::kernel::units::spawn_team(
                        game,
                        &src,
                        UnitKind::FireTeam,
                    ));
                }
                crate::engine::kernel::units::convert(game, id, UnitKind::FireTeam);
                game.state.unit_mut(id).steps = 1;
                game.say(
                    "4.3.6 D",
                    EventKind::Status {
                        unit: id,
                        what: StatusChange::FireTeam(
                            crate::engine::kernel::events::TeamFrom::Gas {
                                teams: src.steps.max(1),
                            },
                        ),
                    },
                    Vec::new(),
                );
            }
        }
        for id in here {
            // A unit that fell back onto another gassed card is not
            // checked twice.
            if hit.contains(&id) || !game.state.unit(id).in_play() {
                continue;
            }
            hit.push(id);
            game.state.counters.enemy_checks += 1;
            let (r, reads) = game.random(3, Purpose::TearGas);
            if r <= 2 {
                game.say(
                    "4.3.6 D",
                    EventKind::Nothing {
                        why: Quiet::GasFallBack {
                            unit: id,
                            r: r as u8,
                        },
                    },
                    reads,
                );
                fall_back(game, id, "4.3.6 D");
            } else {
                let newly = !game.state.unit(id).pinned;
                game.state.unit_mut(id).pinned = true;
                game.say(
                    "4.3.6 D",
                    EventKind::Status {
                        unit: id,
                        what: StatusChange::Pinned {
                            newly,
                            by: crate::engine::kernel::events::PinCause::Gas { r: r as u8 },
                        },
                    },
                    reads,
                );
            }
        }
    }
    hit
}
