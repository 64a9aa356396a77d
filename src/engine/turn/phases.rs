//! The automatic work of each phase and segment (3.1-3.8).

use crate::data::mission::MissionKind;
use crate::data::units::{Side, UnitKind};
use crate::engine::command::runners::phone_line_cuts;
use crate::engine::enemy::moves::dry_teams_leave;
use crate::engine::kernel::events::{EventKind, Section};
use crate::engine::kernel::events::{MarkerKind, Quiet, StatusChange};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::purpose::Purpose;

/// 3.1, 3.2.1, 3.4.1: from turn 2 draw a card; on a Higher HQ icon draw
/// another and read the random number under 10 for the mission's event
/// table.
pub fn higher_hq_check(game: &mut Game, friendly: bool) {
    let rule = if friendly {
        "3.1"
    } else if game.mission.kind == MissionKind::Defensive {
        "3.2.1"
    } else {
        "3.4.1"
    };
    if game.state.turn < 2 {
        game.say(
            rule,
            EventKind::Nothing {
                why: Quiet::FirstTurn { friendly },
            },
            Vec::new(),
        );
        return;
    }
    let (cards, mut reads) = game.draw(1, Section::HigherHq, Purpose::HigherHqIcon { friendly });
    let icon = cards
        .first()
        .and_then(|&c| game.card(c))
        .is_some_and(|c| c.higher_hq);
    if !icon {
        game.say(
            rule,
            EventKind::HigherHqCheck {
                friendly,
                event: None,
                what: None,
            },
            reads,
        );
        return;
    }
    let (r, more) = game.random(10, Purpose::HigherHqEvent { friendly });
    reads.extend(more);
    let turn = game.state.turn;
    let table = if friendly {
        &game.mission.friendly_events
    } else {
        &game.mission.enemy_events
    };
    let event = table
        .iter()
        .find(|b| b.turns.0 <= turn && turn <= b.turns.1)
        .and_then(|b| b.rows.iter().find(|(upto, _)| r as u8 <= *upto))
        .map(|(_, e)| e.clone());
    if let Some(event) = event {
        game.say(
            rule,
            EventKind::HigherHqCheck {
                friendly,
                event: Some(r as u8),
                what: Some(event.clone()),
            },
            reads,
        );
        apply_event(game, rule, event);
        return;
    }
    game.say(
        rule,
        EventKind::HigherHqCheck {
            friendly,
            event: Some(r as u8),
            what: None,
        },
        reads,
    );
}

/// 3.2.2 / 3.4.2: the Enemy Activity Check segment: new PC markers for
/// the turn (9.1.3, 9.1.4), withdrawing snipers and dry weapons teams
/// (9.6, 9.9), leaders left alone (9.7), CS gas (4.3.6 D), then the
/// spotters' calls for fire (9.8) and every other unit's activity check
/// (9.4).
pub fn enemy_activity(game: &mut Game) {
    place_turn_markers(game);
    crate::engine::enemy::moves::withdrawals(game);
    crate::engine::enemy::moves::leaders_alone(game);
    let checks = game.state.counters.enemy_checks;
    let gassed = crate::engine::enemy::gas::cs_gas(game);
    crate::engine::enemy::hierarchy::run_skipping(game, &gassed);
    // 9.5: claymores fire once all the enemy units have moved.
    crate::engine::combat::mines::claymores(game);
    if game.state.counters.enemy_checks == checks {
        let rule = if game.mission.kind == MissionKind::Defensive {
            "3.2.2"
        } else {
            "3.4.2"
        };
        game.say(
            rule,
            EventKind::Nothing {
                why: Quiet::NoEnemyToCheck,
            },
            Vec::new(),
        );
    }
}

/// 3.7.1 A: remove last turn's Incoming! markers, flip Pending markers to
/// Incoming!; then 3.7.1 B, the Potential Contact markers.
pub fn vof_segment(game: &mut Game) {
    let mut changes = Vec::new();
    for c in &mut game.state.map.cards {
        if c.markers.incoming {
            c.markers.incoming = false;
            c.markers.enemy_incoming = false;
            c.markers.air_strike = false;
            changes.push((c.pos, MarkerKind::IncomingRemoved));
        }
        // 3.7.1 A: a fire mission's smoke goes with its other markers.
        if c.markers.mission_smoke.take().is_some() {
            changes.push((c.pos, MarkerKind::MissionSmokeRemoved));
        }
        if c.markers.pending_fire {
            changes.push((c.pos, MarkerKind::PendingLands));
        }
    }
    for (pos, what) in &changes {
        if *what == MarkerKind::PendingLands {
            crate::engine::combat::support::flip_pending(game, *pos);
        }
    }
    // 6.7.2 D: the final protective fire keeps falling while it lasts.
    if game.state.fpf_firing {
        crate::engine::combat::support::fire_fpf(game);
    }
    for (pos, what) in changes {
        game.say("3.7.1 A", EventKind::Marker { pos, what }, Vec::new());
    }
    // 3.7.1 A ends by adjusting the Current Activity marker: the PC draws
    // of B read the level the new markers make.
    crate::engine::enemy::activity::update(game);
    // 3.7.1 B: Potential Contact markers where US units stand.
    crate::engine::enemy::contact::resolve_markers(game);
    // 9.5: an enemy unit that appears on a claymore's card is attacked.
    crate::engine::combat::mines::claymores(game);
    crate::engine::enemy::activity::update(game);
}

/// 3.7.2: pinned units not under any VOF lose their Pinned markers; the
/// combat rules then resolve every VOF.
pub fn combat_effects(game: &mut Game) {
    phone_line_cuts(game);
    let freed: Vec<UnitId> = game
        .state
        .in_play()
        // 6.3.2 B: no enemy VOF bears on the unit.
        .filter(|u| u.pinned && crate::engine::combat::resolution::ncm(game, u.id).is_none())
        .map(|u| u.id)
        .collect();
    for id in freed {
        game.state.unit_mut(id).pinned = false;
        game.say(
            "3.7.2",
            EventKind::Status {
                unit: id,
                what: StatusChange::Unpinned { rallied: false },
            },
            Vec::new(),
        );
    }
    crate::engine::combat::ammo::expend_for_fire(game);
    crate::engine::combat::resolution::resolve_all(game);
    crate::engine::vehicles::at::sniper_attacks(game);
    crate::engine::combat::engage::update(game);
    crate::engine::enemy::activity::update(game);
}

/// 3.8: remove the markers that last a turn, evacuate casualties at a
/// collection point, remove unresolved PC markers on defence.
pub fn clean_up(game: &mut Game) {
    dry_teams_leave(game);
    crate::engine::vehicles::phase::clean_up(game);
    let defensive = game.mission.kind == MissionKind::Defensive;
    let mut cleared = Vec::new();
    for c in &mut game.state.map.cards {
        c.markers.signals.clear();
        // 3.8: pyrotechnic smoke, WP and CS go (4.3.6 C-D); a fire
        // mission's smoke stays until the next VOF Segment (3.7.1 A).
        if let Some(s) = c.markers.smoke.take() {
            cleared.push((c.pos, s));
        }
        c.markers.illumination = None;
        // The light a flare spills onto the cards around goes with it (8.2).
        c.markers.illumination_adjacent = None;
        c.markers.grenade_miss = false;
        c.markers.demo_miss = false;
        c.markers.indirect_h = false;
        c.markers.air_attack = None;
        c.markers.demo_on.clear();
        c.markers.flame_on.clear();
        if defensive {
            c.markers.pc = None;
        }
    }
    // The PDFs of G! weapons' direct fire go with their markers (6.7.4).
    game.state.lay_pdfs.clear();
    for u in game.state.units.edit().iter_mut() {
        u.exposed = false;
        u.concentrated = 0;
        u.grenaded = 0;
        u.grenaded_light = 0;
        u.cover_lost = false;
        u.sniped = false;
        u.mined = 0;
    }
    // 5.1.7: casualties set down at the collection point, or at the
    // MEDEVAC LZ with an HQ or staff unit there, are evacuated.
    if let Some((ccp, from)) = crate::engine::vehicles::lz::evacuation_point(game) {
        let carried: Vec<UnitId> = game.state.carried.iter().map(|(_, c)| *c).collect();
        let evac: Vec<UnitId> = game
            .state
            .in_play()
            .filter(|u| u.side == Side::Us && u.kind == UnitKind::Casualty && u.pos == ccp)
            .filter(|u| !carried.contains(&u.id))
            .map(|u| u.id)
            .collect();
        for id in evac {
            crate::engine::kernel::units::evacuate(game, id, from);
        }
    }
    game.say(
        "3.8",
        EventKind::Nothing {
            why: Quiet::CleanUp,
        },
        Vec::new(),
    );
    for (pos, s) in cleared {
        game.say(
            "3.8",
            EventKind::Marker {
                pos,
                what: MarkerKind::SmokeCleared(s),
            },
            Vec::new(),
        );
    }
    // 9.1: markers removed and units gone change the level.
    crate::engine::enemy::activity::update(game);
}

/// 9.1.3: on defence PC markers are placed every turn, the first
/// included, as the briefing says (they are resolved in the VOF segment
/// and the unresolved ones removed at Clean Up); 9.1.4: on a counterattack
/// turn a marker of the given letter goes on every US-occupied card (a
/// card keeps its higher letter).
fn place_turn_markers(game: &mut Game) {
    let mission = game.mission.clone();
    if mission.kind == MissionKind::Defensive && !mission.pc_markers.is_empty() {
        crate::engine::map::setup::place_pc_markers(&mission, &mut game.state, true);
        game.say(
            "9.1.3",
            EventKind::Nothing {
                why: Quiet::PcMarkersPlaced,
            },
            Vec::new(),
        );
    }
    let turn = game.state.turn;
    for (_, letter) in mission.counterattacks.iter().filter(|(t, _)| *t == turn) {
        counterattack_markers(game, *letter, "9.1.4");
    }
}

/// 9.1.4: a PC marker of the letter on every US-occupied card (a card keeps
/// its higher letter).
fn counterattack_markers(game: &mut Game, letter: crate::data::charts::PcLetter, rule: &str) {
    let mut cards: Vec<CardPos> = game
        .friendly()
        .filter(|u| !u.pos.is_staging() && u.kind != UnitKind::Casualty)
        .map(|u| u.pos)
        .collect();
    cards.sort();
    cards.dedup();
    // 9.1.4: a counterattack puts a defending enemy on Assault tactics
    // for three turns, this one included. Decision: 9.1.4 is written for
    // offensive missions, whose enemy defends; a mission that scripts its
    // attack waves with it (a defence) leaves an enemy already on Assault
    // or Overrun on its own column (a play test saw an Overrun enemy
    // switched to the milder Assault).
    let switch = !game.mission.enemy_tactics().offensive();
    if switch {
        game.state.assault_until = game.state.turn.saturating_add(2);
    }
    for pos in &cards {
        if let Some(c) = game.state.map.card_mut(*pos) {
            let keep = c.markers.pc.is_some_and(|m| m.letter <= letter);
            if !keep {
                c.markers.pc = Some(crate::engine::kernel::state::PcMarker {
                    letter,
                    hidden: false,
                });
            }
        }
    }
    game.state.note_pc_markers();
    let why = Quiet::Counterattack {
        letter,
        cards: cards.len() as u8,
        assault_until: switch.then_some(game.state.assault_until),
    };
    game.say(rule, EventKind::Nothing { why }, Vec::new());
}

/// Carries out a Higher HQ event (3.1, 3.2.1, 3.4.1).
fn apply_event(game: &mut Game, rule: &str, event: crate::data::mission::HhqEvent) {
    use crate::data::mission::HhqEvent;
    match event {
        HhqEvent::Quiet => {}
        HhqEvent::Reinforcement(t, n) => {
            let data = game.data.clone();
            let col = (game.state.map.cols + 1) / 2;
            let co = game.state.co_hq().map(|u| u.id);
            for _ in 0..n {
                if let Some(id) = game.state.add_unit(&data, &t.0, CardPos::new(0, col)) {
                    game.state.unit_mut(id).hq = co;
                    game.state.counters.reinforcements += game.state.unit(id).steps as u32;
                    game.say(
                        rule,
                        EventKind::UnitCreated {
                            unit: id,
                            from: None,
                            why: crate::engine::kernel::events::Creation::Reinforcement,
                        },
                        Vec::new(),
                    );
                }
            }
        }
        HhqEvent::MoreFire(agency, kind, n) => {
            let Some(i) = game
                .mission
                .fire_support
                .iter()
                .position(|f| f.id == agency)
            else {
                return;
            };
            match game
                .state
                .fire_missions
                .iter_mut()
                .find(|m| m.0 == i as u8 && m.1 == kind)
            {
                Some(m) => m.2 += n,
                None => game.state.fire_missions.push((i as u8, kind, n)),
            }
            game.state.fire_missions.sort();
            game.say(
                rule,
                EventKind::Nothing {
                    why: Quiet::MoreFire { kind, n },
                },
                Vec::new(),
            );
        }
        HhqEvent::Tasking {
            commands,
            experience,
        } => {
            game.state.tasking = Some((commands, experience));
            game.say(
                rule,
                EventKind::Nothing {
                    why: Quiet::Tasking {
                        commands,
                        experience,
                    },
                },
                Vec::new(),
            );
        }
        HhqEvent::Counterattack(letter) => counterattack_markers(game, letter, rule),
        HhqEvent::Barrage(v) => {
            let mut cards: Vec<(u8, CardPos)> = game
                .state
                .map
                .cards
                .iter()
                .map(|c| (game.state.steps_at(c.pos, Side::Us), c.pos))
                .filter(|(s, _)| *s > 0)
                .collect();
            cards.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            let Some(&(most, _)) = cards.first() else {
                return;
            };
            let top: Vec<CardPos> = cards
                .iter()
                .filter(|(s, _)| *s == most)
                .map(|(_, p)| *p)
                .collect();
            let (r, reads) = if top.len() > 1 {
                game.random(top.len() as u32, Purpose::BarrageTarget)
            } else {
                (1, Vec::new())
            };
            let at = top[(r as usize).saturating_sub(1).min(top.len() - 1)];
            if let Some(c) = game.state.map.card_mut(at) {
                c.markers.incoming = true;
                c.markers.incoming_mod = v;
            }
            game.say(
                rule,
                EventKind::Marker {
                    pos: at,
                    what: MarkerKind::Barrage(v),
                },
                reads,
            );
        }
        HhqEvent::Stirring(letter, row) => {
            let cards: Vec<CardPos> = game
                .state
                .map
                .cards
                .iter()
                .map(|c| c.pos)
                .filter(|p| p.row == row)
                .collect();
            for pos in cards {
                if game.state.units_at(pos).any(|u| u.side == Side::Us) {
                    continue;
                }
                if let Some(c) = game.state.map.card_mut(pos) {
                    let keep = c.markers.pc.is_some_and(|m| m.letter <= letter);
                    if !keep {
                        c.markers.pc = Some(crate::engine::kernel::state::PcMarker {
                            letter,
                            hidden: false,
                        });
                    }
                }
            }
            game.state.note_pc_markers();
            game.say(
                rule,
                EventKind::Nothing {
                    why: Quiet::Stirring { letter, row },
                },
                Vec::new(),
            );
        }
    }
}
