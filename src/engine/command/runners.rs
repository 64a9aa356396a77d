//! Messages in flight: runners arriving with their orders (4.3.4) and
//! telephone lines cut by fire on their cards (4.3.5).

use crate::data::units::Side;
use crate::engine::kernel::events::EventKind;
use crate::engine::kernel::events::{MarkerKind, Quiet};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::input::Choice;
use crate::engine::kernel::purpose::Purpose;

/// 3.3.1 B, 4.3.2: runners dispatched on an earlier turn that were neither
/// hit nor pinned reach the HQ they were sent to; the player may activate
/// it (3.3.1 B "You may also activate", a question put to the player), and
/// the runner returns to the CO HQ, Exposed. Decision: this happens at the
/// start of the CO HQ impulse step whether or not the CO HQ itself was
/// activated, since the runner carries the order given the turn before; a
/// runner whose HQ is not activated returns all the same.
pub fn runner_arrivals(game: &mut Game) {
    let turn = game.state.turn;
    let tasks: Vec<_> = game
        .state
        .runners
        .iter()
        .copied()
        .filter(|t| t.turn < turn)
        .collect();
    for t in tasks {
        game.state.runners.retain(|x| x.runner != t.runner);
        let runner = game.state.unit(t.runner).clone();
        let target = game.state.unit(t.target).clone();
        let ok = runner.in_play()
            && runner.good_order()
            && target.in_play()
            && target.pos == runner.pos
            && target.can_command_others();
        if ok {
            game.state.choices.push(Choice::Runner {
                runner: t.runner,
                hq: t.target,
            });
        } else {
            game.say(
                "4.3.2",
                EventKind::Nothing {
                    why: Quiet::RunnerFailed { to: t.target },
                },
                Vec::new(),
            );
            return_to_co(game, t.runner);
        }
    }
}

/// The answer to [`Choice::Runner`]: the HQ is activated or not, and the
/// runner goes back to the CO HQ.
pub fn runner_answer(game: &mut Game, runner: UnitId, hq: UnitId, activate: bool) {
    if activate {
        if let Some(h) = game.state.hq_state_mut(hq) {
            h.activated = true;
        }
        game.say(
            "3.3.1 B",
            EventKind::Activated {
                hq,
                how: crate::engine::kernel::events::Activation::Runner,
            },
            Vec::new(),
        );
    } else {
        game.say(
            "3.3.1 B",
            EventKind::Nothing {
                why: Quiet::RunnerNotUsed { hq },
            },
            Vec::new(),
        );
    }
    return_to_co(game, runner);
    // Another runner that reached the same HQ has nothing left to ask once
    // it is activated: it returns too.
    if activate {
        let others: Vec<UnitId> = game
            .state
            .choices
            .iter()
            .filter_map(|c| match c {
                Choice::Runner { runner: r, hq: h } if *h == hq => Some(*r),
                _ => None,
            })
            .collect();
        game.state
            .choices
            .retain(|c| !matches!(c, Choice::Runner { hq: h, .. } if *h == hq));
        for r in others {
            game.say(
                "3.3.1 B",
                EventKind::Nothing {
                    why: Quiet::AlreadyActivated { hq },
                },
                Vec::new(),
            );
            return_to_co(game, r);
        }
    }
}

/// 3.3.1 B: a runner back from its errand returns to the CO HQ, Exposed.
fn return_to_co(game: &mut Game, id: UnitId) {
    let runner = game.state.unit(id).clone();
    if !runner.in_play() {
        return;
    }
    let co = game.state.co_hq().map(|u| (u.id, u.pos));
    // Decision (4.3.2, 5.1.5): a runner that would overfill the CO
    // HQ's card waits on its own card instead.
    let room = co.is_some_and(|(_, pos)| game.has_room(id, pos));
    if let Some((_, pos)) = co.filter(|_| room) {
        let r = game.state.unit_mut(id);
        r.pos = pos;
        r.cover = None;
        r.exposed = true;
        game.say(
            "3.3.1 B",
            EventKind::Moved {
                unit: id,
                from: runner.pos,
                to: pos,
                exposed: true,
                fell_back: false,
                how: crate::engine::kernel::events::Movement::RunnerBack,
            },
            Vec::new(),
        );
    }
}

/// 4.3.4: in the Combat Effects Phase a phone line under Incoming! is cut
/// on a 1 in 2 (R# under 2 shows 1), and one on a card held by Good Order
/// enemy units with no Good Order friendly unit is found and cut on a 1 or
/// 2 in 3.
pub fn phone_line_cuts(game: &mut Game) {
    let lines: Vec<_> = game
        .state
        .map
        .cards
        .iter()
        .filter(|c| c.markers.phone_line == Some(false))
        .map(|c| (c.pos, c.markers.incoming))
        .collect();
    for (pos, incoming) in lines {
        let enemy_holds = game
            .state
            .units_at(pos)
            .any(|u| u.side != Side::Us && u.good_order())
            && !game
                .state
                .units_at(pos)
                .any(|u| u.side == Side::Us && u.good_order());
        let (n, cut_on) = if incoming {
            (2, 1)
        } else if enemy_holds {
            (3, 2)
        } else {
            continue;
        };
        let (r, reads) = game.random(n, Purpose::PhoneLine { pos });
        let cut = r <= cut_on;
        if cut && let Some(c) = game.state.map.card_mut(pos) {
            c.markers.phone_line = Some(true);
        }
        let r = r as u8;
        game.say(
            "4.3.4",
            EventKind::Marker {
                pos,
                what: if cut {
                    MarkerKind::PhoneLineCut { incoming, r }
                } else {
                    MarkerKind::PhoneLineHolds { incoming, r }
                },
            },
            reads,
        );
    }
}
