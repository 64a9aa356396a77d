//! The automatic work of each phase and segment (3.1-3.8).

use crate::data::mission::MissionKind;
use crate::data::units::{Side, UnitKind};
use crate::engine::kernel::events::{EventKind, Section};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::state::{FireLink, PointControl, Unit};

/// 3.1, 3.2.1, 3.4.1: from turn 2 draw a card; on a Higher HQ icon draw
/// another and read the random number under 10 for the mission's event
/// table.
pub fn higher_hq_check(game: &mut Game, friendly: bool) {
    let (rule, who) = if friendly {
        ("3.1", "Friendly")
    } else if game.mission.kind == MissionKind::Defensive {
        ("3.2.1", "Enemy")
    } else {
        ("3.4.1", "Enemy")
    };
    if game.state.turn < 2 {
        game.emit(
            rule,
            EventKind::Nothing {
                why: "turn 1".into(),
            },
            format!("{who} Higher HQ events are checked from turn 2 on."),
            Vec::new(),
        );
        return;
    }
    let (cards, mut reads) = game.draw(1, Section::HigherHq, &format!("{who} Higher HQ icon"));
    let icon = cards
        .first()
        .and_then(|&c| game.card(c))
        .is_some_and(|c| c.higher_hq);
    if !icon {
        game.emit(
            rule,
            EventKind::HigherHqCheck {
                friendly,
                event: None,
            },
            format!(
                "{who} Higher HQ check: card {} shows no Higher HQ icon; no event.",
                cards.first().copied().unwrap_or(0)
            ),
            reads,
        );
        return;
    }
    let (r, more) = game.random(10, &format!("{who} Higher HQ event (R# under 10)"));
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
        game.emit(
            rule,
            EventKind::HigherHqCheck {
                friendly,
                event: Some(r as u8),
            },
            format!("{who} Higher HQ check: the Higher HQ icon is showing; R# {r}: {event:?}."),
            reads,
        );
        apply_event(game, rule, event);
        return;
    }
    game.emit(
        rule,
        EventKind::HigherHqCheck {
            friendly,
            event: Some(r as u8),
        },
        format!(
            "{who} Higher HQ check: the Higher HQ icon is showing; the event roll is {r}. This mission's briefing lists no {} events, so nothing happens.",
            who.to_lowercase()
        ),
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
    withdrawals(game);
    leaders_alone(game);
    let checks = game.state.counters.enemy_checks;
    let gassed = crate::engine::enemy::hierarchy::cs_gas(game);
    crate::engine::enemy::hierarchy::run_skipping(game, &gassed);
    if game.state.counters.enemy_checks == checks {
        let rule = if game.mission.kind == MissionKind::Defensive {
            "3.2.2"
        } else {
            "3.4.2"
        };
        game.emit(
            rule,
            EventKind::Nothing {
                why: "no enemy to check".into(),
            },
            "No enemy unit takes an activity check this turn.".into(),
            Vec::new(),
        );
    }
}

/// 3.3.1 B, 4.3.2: runners dispatched on an earlier turn that were neither
/// hit nor pinned activate the HQ they reached, then return to the CO HQ
/// and are marked Exposed. Decision: this happens at the start of the CO HQ
/// impulse step whether or not the CO HQ itself was activated, since the
/// runner carries the order given the turn before.
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
            if let Some(h) = game.state.hq_state_mut(t.target) {
                h.activated = true;
            }
            game.emit(
                "4.3.2",
                EventKind::Activated { hq: t.target },
                format!(
                    "The runner reaches {} and activates it.",
                    game.describe(t.target)
                ),
                Vec::new(),
            );
        } else {
            game.emit(
                "4.3.2",
                EventKind::Nothing {
                    why: "runner failed".into(),
                },
                format!(
                    "The runner sent to {} could not deliver its message.",
                    game.describe(t.target)
                ),
                Vec::new(),
            );
        }
        if runner.in_play() {
            let co = game.state.co_hq().map(|u| (u.id, u.pos));
            // Decision (4.3.2, 5.1.5): a runner that would overfill the CO
            // HQ's card waits on its own card instead.
            let room = co.is_some_and(|(_, pos)| {
                pos.is_staging()
                    || game.state.steps_at(pos, Side::Us) + runner.steps
                        <= game.data.charts.stacking.steps
            });
            if let Some((_, pos)) = co.filter(|_| room) {
                let r = game.state.unit_mut(t.runner);
                r.pos = pos;
                r.cover = None;
                r.exposed = true;
                game.emit(
                    "3.3.1 B",
                    EventKind::Moved {
                        unit: t.runner,
                        from: runner.pos,
                        to: pos,
                        exposed: true,
                    },
                    "The runner returns to the CO HQ and is marked Exposed.".into(),
                    Vec::new(),
                );
            }
        }
    }
}

/// 3.5: captures (9.13), then retreats of paralyzed and litter teams
/// under fire.
pub fn capture_retreat(game: &mut Game) {
    let before = game.log.len();
    captures(game);
    retreats(game);
    if game.log.len() == before {
        game.emit(
            "3.5",
            EventKind::Nothing {
                why: "no capture or retreat".into(),
            },
            "No paralyzed or litter team is captured or has to retreat.".into(),
            Vec::new(),
        );
    }
}

fn other_side(s: Side) -> Side {
    if s == Side::Us {
        Side::German
    } else {
        Side::Us
    }
}

/// 9.13: paralyzed and litter teams are captured on a card where no
/// friendly force remains and the other side has a Good Order unit or an
/// assault or fire team. A step guards them and leaves play with them:
/// a one-step unit with a printed VOF if there is one, else a step taken
/// from a squad (decision: the rule names only one-step guards; a squad
/// gives one up rather than letting prisoners go). Enemy casualties on a
/// card the enemy has left are taken without a guard.
fn captures(game: &mut Game) {
    let cards: Vec<CardPos> = game.state.map.cards.iter().map(|c| c.pos).collect();
    for pos in cards {
        for side in [Side::Us, Side::German] {
            let captors = other_side(side);
            let here: Vec<Unit> = game.state.units_at(pos).cloned().collect();
            let captor_ok = |u: &Unit| {
                u.side == captors
                    && (u.good_order()
                        || matches!(u.kind, UnitKind::AssaultTeam | UnitKind::FireTeam))
            };
            if !here.iter().any(captor_ok) {
                continue;
            }
            let helpless =
                |u: &Unit| matches!(u.kind, UnitKind::ParalyzedTeam | UnitKind::LitterTeam);
            let others = here
                .iter()
                .any(|u| u.side == side && !helpless(u) && u.kind != UnitKind::Casualty);
            if others {
                continue;
            }
            let taken: Vec<UnitId> = here
                .iter()
                .filter(|u| u.side == side && helpless(u))
                .map(|u| u.id)
                .collect();
            if !taken.is_empty() {
                take_prisoners(game, pos, &taken, captors, true);
            }
            // Enemy casualties left behind are taken as prisoners too.
            if side == Side::German {
                let cas: Vec<UnitId> = game
                    .state
                    .units_at(pos)
                    .filter(|u| u.side == side && u.kind == UnitKind::Casualty)
                    .map(|u| u.id)
                    .collect();
                let enemy_left = game
                    .state
                    .units_at(pos)
                    .any(|u| u.side == side && u.kind != UnitKind::Casualty);
                if !cas.is_empty() && !enemy_left {
                    take_prisoners(game, pos, &cas, captors, false);
                }
            }
        }
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
        let mut names = Vec::new();
        for t in taken {
            if game.state.unit(*t).kind != UnitKind::Casualty {
                names.push(game.describe(*t));
                crate::engine::kernel::units::convert(game, *t, UnitKind::Casualty);
            }
        }
        if !names.is_empty() {
            game.emit(
                "9.13",
                EventKind::Status {
                    unit: taken[0],
                    what: "shot".into(),
                },
                format!(
                    "{} on {pos} cannot get away; their captors take no prisoners and shoot them.",
                    names.join(", ")
                ),
                Vec::new(),
            );
        }
        return;
    }
    let mut guard_text = String::new();
    if guarded {
        let single = game
            .state
            .units_at(pos)
            .filter(|u| {
                u.side == captors
                    && u.steps == 1
                    && u.kind != UnitKind::Casualty
                    && crate::engine::combat::fire::ratings(game, u).is_some()
                    && !u.is_hq_or_staff()
            })
            .map(|u| u.id)
            .next();
        let guard = match single {
            Some(g) => Some(g),
            None => {
                let squad = game
                    .state
                    .units_at(pos)
                    .filter(|u| u.side == captors && u.kind == UnitKind::Squad && u.steps >= 2)
                    .map(|u| u.id)
                    .next();
                squad.map(|s| {
                    let src = game.state.unit(s).clone();
                    game.state.unit_mut(s).steps -= 1;
                    crate::engine::kernel::units::spawn_team(game, &src, UnitKind::FireTeam)
                })
            }
        };
        if let Some(g) = guard {
            let gu = game.state.unit_mut(g);
            gu.removed = true;
            gu.guard = true;
            guard_text = format!(" {} stays behind to guard them.", game.describe(g));
        }
    }
    let names: Vec<String> = taken.iter().map(|t| game.describe(*t)).collect();
    for t in taken {
        let u = game.state.unit_mut(*t);
        u.removed = true;
        u.captured = true;
        game.state.carried.retain(|(k, c)| k != t && c != t);
    }
    game.emit(
        "9.13",
        EventKind::Status {
            unit: taken[0],
            what: "captured".into(),
        },
        format!("{} taken prisoner on {pos}.{guard_text}", names.join(", ")),
        Vec::new(),
    );
}

/// 3.5: paralyzed teams under a VOF, and litter teams under a VOF with a
/// casualty to carry, retreat one card; neither when pinned. The best card
/// is out of fire, then better cover, then toward the team's own edge; ties
/// are settled by R#. Retreating units are marked Exposed; an enemy team
/// retreating off the map leaves play.
fn retreats(game: &mut Game) {
    let teams: Vec<UnitId> = game
        .state
        .in_play()
        .filter(|u| matches!(u.kind, UnitKind::ParalyzedTeam | UnitKind::LitterTeam))
        .filter(|u| !u.pinned && !u.pos.is_staging() && game.card_under_vof(u.pos))
        .map(|u| u.id)
        .collect();
    for id in teams {
        let u = game.state.unit(id).clone();
        if !u.in_play() {
            continue;
        }
        let casualty = if u.kind == UnitKind::LitterTeam {
            let c = game
                .state
                .units_at(u.pos)
                .find(|c| {
                    c.side == u.side
                        && c.kind == UnitKind::Casualty
                        && !game.state.carried.iter().any(|(_, x)| *x == c.id)
                })
                .map(|c| (c.id, c.cover));
            match c {
                Some(c) => Some(c),
                None => continue, // no casualty: the litter team stays
            }
        } else {
            None
        };
        let toward = if u.side == Side::Us { -1 } else { 1 };
        let here_cover = terrain_cover(game, u.pos);
        let mut options: Vec<(CardPos, (bool, bool, bool))> = Vec::new();
        for d in crate::data::terrain::Dir::ALL {
            let q = u.pos.step(d);
            let off_map = game.state.map.card(q).is_none() && !game.state.map.is_staging(q);
            if off_map && !(u.side != Side::Us && q.row > u.pos.row) {
                continue;
            }
            if u.side == Side::Us && !game.state.map.friendly_may_enter(q) {
                continue;
            }
            if !off_map
                && !game.state.map.is_staging(q)
                && game.state.steps_at(q, u.side) + 1 > game.data.charts.stacking.steps
            {
                continue;
            }
            let key = (
                off_map || !game.card_under_vof(q),
                off_map || game.state.map.is_staging(q) || terrain_cover(game, q) > here_cover,
                (q.row - u.pos.row).signum() as i32 == toward,
            );
            options.push((q, key));
        }
        let Some((dest, reads)) = pick_card(game, &options, "retreat among equal cards") else {
            continue;
        };
        let from = u.pos;
        if game.state.map.card(dest).is_none() && !game.state.map.is_staging(dest) {
            let text = format!(
                "{} retreats off the map from {from} and leaves play.",
                game.describe(id)
            );
            leave_play(game, id, "3.5", text, reads);
            continue;
        }
        {
            let m = game.state.unit_mut(id);
            m.pos = dest;
            m.cover = None;
            m.exposed = true;
        }
        let mut carried = String::new();
        if let Some((c, ccover)) = casualty {
            // The litter team takes the casualty along when neither is under
            // cover or both are under the same marker.
            if ccover == u.cover {
                let cu = game.state.unit_mut(c);
                cu.pos = dest;
                cu.cover = None;
                carried = format!(", carrying {}", game.describe(c));
            }
        }
        game.emit(
            "3.5",
            EventKind::Moved {
                unit: id,
                from,
                to: dest,
                exposed: true,
            },
            format!(
                "{} retreats from {from} to {dest}{carried} and is marked Exposed.",
                game.describe(id)
            ),
            reads,
        );
    }
}

/// 3.6: no vehicles take part in this mission.
pub fn vehicles(game: &mut Game) {
    game.emit(
        "3.6",
        EventKind::Nothing {
            why: "no vehicles".into(),
        },
        "No vehicle or aircraft is activated.".into(),
        Vec::new(),
    );
}

/// 3.7.1 A: remove last turn's Incoming! markers, flip Pending markers to
/// Incoming!; then 3.7.1 B, the Potential Contact markers.
pub fn vof_segment(game: &mut Game) {
    let mut changes = Vec::new();
    for c in &mut game.state.map.cards {
        if c.markers.incoming {
            c.markers.incoming = false;
            c.markers.air_strike = false;
            changes.push((c.pos, "Incoming! removed"));
        }
        if c.markers.pending_fire {
            changes.push((c.pos, "Pending fire mission lands"));
        }
    }
    for (pos, what) in &changes {
        if *what == "Pending fire mission lands" {
            crate::engine::combat::support::flip_pending(game, *pos);
        }
    }
    // 6.7.2 D: the final protective fire keeps falling while it lasts.
    if game.state.fpf_firing {
        crate::engine::combat::support::fire_fpf(game);
    }
    // 3.7.1 B: Potential Contact markers where US units stand.
    crate::engine::enemy::contact::resolve_markers(game);
    for (pos, what) in changes {
        game.emit(
            "3.7.1 A",
            EventKind::Marker {
                pos,
                what: what.into(),
            },
            format!("{what} on {pos}."),
            Vec::new(),
        );
    }
    crate::engine::enemy::activity::update(game);
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
        let (n, cut_on, why) = if incoming {
            (2, 1, "Incoming! falls on the line")
        } else if enemy_holds {
            (3, 2, "the enemy holds the card")
        } else {
            continue;
        };
        let (r, reads) = game.random(n, &format!("phone line on {pos}"));
        let cut = r <= cut_on;
        if cut && let Some(c) = game.state.map.card_mut(pos) {
            c.markers.phone_line = Some(true);
        }
        game.emit(
            "4.3.4",
            EventKind::Marker {
                pos,
                what: if cut {
                    "phone line cut".into()
                } else {
                    "phone line holds".into()
                },
            },
            format!(
                "{why} on {pos}: R# under {n} is {r}, the line {}.",
                if cut { "is cut" } else { "holds" }
            ),
            reads,
        );
    }
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
        game.emit(
            "3.7.2",
            EventKind::Status {
                unit: id,
                what: "unpinned".into(),
            },
            format!(
                "{} is under no VOF and loses its Pinned marker.",
                game.describe(id)
            ),
            Vec::new(),
        );
    }
    crate::engine::combat::ammo::expend_for_fire(game);
    crate::engine::combat::resolution::resolve_all(game);
    crate::engine::combat::engage::update(game);
    crate::engine::enemy::activity::update(game);
}

/// 3.8: remove the markers that last a turn, evacuate casualties at a
/// collection point, remove unresolved PC markers on defence.
pub fn clean_up(game: &mut Game) {
    dry_teams_leave(game);
    let defensive = game.mission.kind == MissionKind::Defensive;
    for c in &mut game.state.map.cards {
        c.markers.signals.clear();
        c.markers.illumination = None;
        c.markers.grenade_miss = false;
        c.markers.demo_miss = false;
        c.markers.indirect_h = false;
        c.markers.demo_on.clear();
        c.markers.flame_on.clear();
        if defensive {
            c.markers.pc = None;
        }
    }
    for u in &mut game.state.units {
        u.exposed = false;
        u.concentrated = 0;
        u.grenaded = 0;
        u.cover_lost = false;
        u.sniped = false;
        u.mined = 0;
    }
    // 5.1.7: casualties set down at the collection point are evacuated.
    if let Some(ccp) = game.state.map.point(PointControl::CasualtyPoint) {
        let carried: Vec<UnitId> = game.state.carried.iter().map(|(_, c)| *c).collect();
        let evac: Vec<UnitId> = game
            .state
            .in_play()
            .filter(|u| u.side == Side::Us && u.kind == UnitKind::Casualty && u.pos == ccp)
            .filter(|u| !carried.contains(&u.id))
            .map(|u| u.id)
            .collect();
        for id in evac {
            game.state.unit_mut(id).removed = true;
            game.state.evacuated += 1;
            game.emit(
                "5.1.7",
                EventKind::UnitRemoved { unit: id },
                format!("A casualty is evacuated from the collection point at {ccp}."),
                Vec::new(),
            );
        }
    }
    game.emit(
        "3.8",
        EventKind::Nothing {
            why: "clean up".into(),
        },
        "Exposed, signal, illumination, grenade and demolition markers are removed.".into(),
        Vec::new(),
    );
    // 9.1: markers removed and units gone change the level.
    crate::engine::enemy::activity::update(game);
}

/// 9.5: a unit entering or moving within a mined card checks for a mine:
/// three cards, a burst icon is a hit resolved in the Combat Effects
/// Segment.
pub fn mine_check(game: &mut Game, unit: UnitId) {
    let u = game.state.unit(unit).clone();
    if u.kind == UnitKind::Casualty || !u.in_play() {
        return;
    }
    if !game.state.map.card(u.pos).is_some_and(|c| c.markers.mines) {
        return;
    }
    let (cards, reads) = game.draw(
        3,
        crate::engine::kernel::events::Section::Icon,
        &format!("mine check for {}", u.label),
    );
    let hit = cards
        .iter()
        .any(|&c| game.card(c).is_some_and(|c| c.shows_burst()));
    if hit {
        game.state.unit_mut(unit).mined += 1;
    }
    game.emit(
        "9.5",
        EventKind::Status {
            unit,
            what: if hit {
                "mine hit".into()
            } else {
                "mine check".into()
            },
        },
        format!(
            "{} checks for mines on {}: {}.",
            game.describe(unit),
            u.pos,
            if hit {
                "a burst: a mine goes off, resolved at -4 in the Combat Effects Segment"
            } else {
                "no burst, no mine"
            }
        ),
        reads,
    );
}

/// 9.5: a claymore on a card an enemy unit has entered attacks one of them
/// at random with a -4 mine attack, then is gone.
pub fn claymores(game: &mut Game) {
    let cards: Vec<CardPos> = game
        .state
        .map
        .cards
        .iter()
        .filter(|c| c.markers.claymore)
        .map(|c| c.pos)
        .collect();
    for pos in cards {
        let targets: Vec<UnitId> = game
            .state
            .units_at(pos)
            .filter(|u| u.side != Side::Us && u.kind != UnitKind::Casualty)
            .map(|u| u.id)
            .collect();
        if targets.is_empty() {
            continue;
        }
        let (r, reads) = game.random(targets.len() as u32, "claymore's target");
        let t = targets[(r as usize).saturating_sub(1).min(targets.len() - 1)];
        game.state.unit_mut(t).mined += 1;
        if let Some(c) = game.state.map.card_mut(pos) {
            c.markers.claymore = false;
        }
        game.emit(
            "9.5",
            EventKind::Status {
                unit: t,
                what: "claymore".into(),
            },
            format!(
                "A claymore on {pos} fires at {}: a -4 mine attack.",
                game.describe(t)
            ),
            reads,
        );
    }
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
        game.emit(
            "9.1.3",
            EventKind::Nothing {
                why: "PC markers placed".into(),
            },
            "The enemy gathers: Potential Contact markers are placed for this turn.".into(),
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
    // 9.1.4: a counterattack puts the enemy on Assault tactics for three
    // turns, this one included.
    game.state.assault_until = game.state.turn.saturating_add(2);
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
    game.emit(
        rule,
        EventKind::Nothing { why: "counterattack".into() },
        format!("The enemy counterattacks: a PC marker {letter:?} goes on each of the {} cards the company holds, and the enemy fights on Assault tactics to the end of turn {}.", cards.len(), game.state.assault_until),
        Vec::new(),
    );
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
                    game.emit(
                        rule,
                        EventKind::UnitCreated { unit: id },
                        format!(
                            "Reinforcements: {} arrives in the staging area.",
                            game.describe(id)
                        ),
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
            game.emit(
                rule,
                EventKind::Nothing {
                    why: "more fire".into(),
                },
                format!("Battalion releases {n} more {kind:?} mission(s)."),
                Vec::new(),
            );
        }
        HhqEvent::Tasking {
            commands,
            experience,
        } => {
            game.state.tasking = Some((commands, experience));
            game.emit(
                rule,
                EventKind::Nothing { why: "tasking".into() },
                format!("Battalion asks for something this turn: {commands} command(s) from the CO HQ earn {experience} experience point(s); it may be ignored."),
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
                game.random(top.len() as u32, "barrage target")
            } else {
                (1, Vec::new())
            };
            let at = top[(r as usize).saturating_sub(1).min(top.len() - 1)];
            if let Some(c) = game.state.map.card_mut(at) {
                c.markers.incoming = true;
                c.markers.incoming_mod = v;
            }
            game.emit(
                rule,
                EventKind::Marker {
                    pos: at,
                    what: "barrage".into(),
                },
                format!("An enemy barrage ({v:+}) falls on {at}."),
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
            game.emit(
                rule,
                EventKind::Nothing {
                    why: "stirring".into(),
                },
                format!("The enemy stirs: PC markers {letter:?} on row {row}."),
                Vec::new(),
            );
        }
    }
}

/// 9.6 and 9.9: a spotted Good Order sniper (not in a fortification), and a
/// spotted Good Order enemy weapons team out of ammunition, move one card
/// away from the US units each Enemy Activity Check Segment until out of
/// their sight or off the map. A sniper out of sight is unspotted again.
fn withdrawals(game: &mut Game) {
    let ids: Vec<UnitId> = game
        .state
        .in_play()
        .filter(|u| u.side != Side::Us && u.good_order() && u.spotted)
        .map(|u| u.id)
        .collect();
    for id in ids {
        let u = game.state.unit(id).clone();
        if !u.in_play() {
            continue;
        }
        let weapon_dry =
            u.kind == UnitKind::WeaponsTeam && u.ammo == Some(0) && !game.state.options.no_ammo;
        let fortified = u
            .cover
            .and_then(|c| game.state.cover_kind(u.pos, c))
            .is_some_and(|k| k.is_fortification());
        let sniper = u.kind == UnitKind::Sniper && !fortified;
        if !(sniper || weapon_dry) {
            continue;
        }
        game.state.counters.enemy_checks += 1;
        if us_sees(game, u.pos) {
            let rule = if sniper { "9.6" } else { "9.9" };
            if !withdraw_one_card(game, id, rule) {
                continue;
            }
        }
        // 9.6: once out of every US unit's sight the sniper is unspotted.
        let now = game.state.unit(id);
        if sniper && now.in_play() && !us_sees(game, now.pos) {
            game.state.unit_mut(id).spotted = false;
            game.emit(
                "9.6",
                EventKind::Status {
                    unit: id,
                    what: "unspotted".into(),
                },
                format!(
                    "{} is out of sight of the company and unspotted again.",
                    game.describe(id)
                ),
                Vec::new(),
            );
        }
    }
    crate::engine::combat::engage::update(game);
    crate::engine::enemy::activity::update(game);
}

/// 9.9: in the Clean Up Phase an unspotted enemy weapons team out of
/// ammunition leaves play.
pub fn dry_teams_leave(game: &mut Game) {
    if game.state.options.no_ammo {
        return;
    }
    let ids: Vec<UnitId> = game
        .state
        .in_play()
        .filter(|u| {
            u.side != Side::Us && u.kind == UnitKind::WeaponsTeam && u.ammo == Some(0) && !u.spotted
        })
        .map(|u| u.id)
        .collect();
    for id in ids {
        let text = format!(
            "{} has no ammunition left and withdraws unseen.",
            game.describe(id)
        );
        leave_play(game, id, "9.9", text, Vec::new());
    }
}

/// The best of `options` by key, a random number from the Action deck
/// breaking ties among equals (5.1.3 retreats, 9.4, 9.6, 9.9).
pub(crate) fn pick_card<K: Ord + Copy>(
    game: &mut Game,
    options: &[(CardPos, K)],
    purpose: &str,
) -> Option<(CardPos, Vec<crate::engine::kernel::events::CardRead>)> {
    let best = options.iter().map(|(_, k)| *k).max()?;
    let top: Vec<CardPos> = options
        .iter()
        .filter(|(_, k)| *k == best)
        .map(|(q, _)| *q)
        .collect();
    if top.len() == 1 {
        return Some((top[0], Vec::new()));
    }
    let (r, reads) = game.random(top.len() as u32, purpose);
    Some((
        top[(r as usize).saturating_sub(1).min(top.len() - 1)],
        reads,
    ))
}

/// How far the nearest US unit on the map (casualties aside) is from `at`;
/// `u8::MAX` with none on the map.
pub(crate) fn nearest_us(game: &Game, at: CardPos) -> u8 {
    game.friendly()
        .filter(|f| !f.pos.is_staging() && f.kind != UnitKind::Casualty)
        .map(|f| f.pos.distance(at))
        .min()
        .unwrap_or(u8::MAX)
}

/// Whether any US unit on the map sees `at` or stands on it.
pub(crate) fn us_sees(game: &Game, at: CardPos) -> bool {
    game.friendly()
        .filter(|f| !f.pos.is_staging() && f.kind != UnitKind::Casualty)
        .any(|f| f.pos == at || game.unit_sees(f.id, at))
}

/// 9.4 Fall Back: the enemy unit moves to one of the cards to its rear,
/// first one out of sight of every US unit, then the one with the best
/// terrain cover, then at random; it is marked Exposed. Decision (9.4):
/// the rear is the row beyond the unit, away from the edge the company
/// entered by (row + 1): the card straight behind and the two diagonals,
/// those that exist (two at a side edge). With no card there the unit
/// leaves the map and is removed from play; the map is not extended. A
/// unit that was firing at US units on its own card keeps that target
/// from its new card unless it falls back onto US units. Returns whether
/// the unit is still in play.
pub fn fall_back(game: &mut Game, id: UnitId, rule: &str) -> bool {
    let u = game.state.unit(id).clone();
    if !u.in_play() {
        return false;
    }
    let options: Vec<(CardPos, (bool, i32))> = [-1i8, 0, 1]
        .iter()
        .map(|dc| CardPos::new(u.pos.row + 1, u.pos.col + dc))
        .filter(|q| game.state.map.card(*q).is_some())
        .map(|q| (q, (!us_sees(game, q), terrain_cover(game, q))))
        .collect();
    let Some((to, reads)) = pick_card(game, &options, "fall back card") else {
        let text = format!(
            "{} falls back off the map from {} and is removed from play.",
            game.describe(id),
            u.pos
        );
        leave_play(game, id, rule, text, Vec::new());
        crate::engine::turn::menu::drop_orphan_fire(game, u.pos);
        crate::engine::combat::engage::update(game);
        return false;
    };
    let held_own_card = game
        .state
        .fires
        .iter()
        .any(|f| f.side == u.side && f.from == u.pos && f.target == u.pos);
    move_exposed(game, id, to);
    if held_own_card && game.us_on(u.pos) && !game.us_on(to) {
        let link = FireLink {
            side: u.side,
            from: to,
            target: u.pos,
        };
        if !game.state.fires.contains(&link) {
            game.state.fires.push(link);
        }
    }
    let (out, c) = options
        .iter()
        .find(|(q, _)| *q == to)
        .map(|(_, k)| *k)
        .unwrap_or_default();
    let why = if out {
        format!(", out of the company's sight (terrain +{c})")
    } else {
        format!(", the best terrain in the company's sight (+{c})")
    };
    game.emit(
        rule,
        EventKind::Moved {
            unit: id,
            from: u.pos,
            to,
            exposed: true,
        },
        format!(
            "{} falls back from {} to {to}{why} and is marked Exposed.",
            game.describe(id),
            u.pos
        ),
        reads,
    );
    crate::engine::combat::engage::update(game);
    crate::engine::enemy::activity::update(game);
    true
}

/// 9.7: an enemy leader alone on its card (no other unit of its side but
/// casualties) turns to its fire team side in the Enemy Activity segment.
/// Checking at every segment is the same as "the first segment after being
/// left alone".
fn leaders_alone(game: &mut Game) {
    let alone: Vec<UnitId> = game
        .state
        .in_play()
        .filter(|u| u.side != Side::Us && u.kind == UnitKind::Leader)
        .filter(|l| {
            !game
                .state
                .units_at(l.pos)
                .any(|x| x.id != l.id && x.side == l.side && x.kind != UnitKind::Casualty)
        })
        .map(|u| u.id)
        .collect();
    for id in alone {
        let before = game.describe(id);
        crate::engine::kernel::units::convert(game, id, UnitKind::FireTeam);
        game.emit(
            "9.7",
            EventKind::Status {
                unit: id,
                what: "fire team".into(),
            },
            format!(
                "{before} is alone on {} and becomes {}.",
                game.state.unit(id).pos,
                game.describe(id)
            ),
            Vec::new(),
        );
    }
}

/// 9.6, 9.9: moves the unit one card away from the nearest US units, out
/// of their sight first, then into the best terrain, then at random; off
/// the map it leaves play. Returns whether it is still in play.
fn withdraw_one_card(game: &mut Game, id: UnitId, rule: &str) -> bool {
    let from = game.state.unit(id).pos;
    let nearest = |at: CardPos| nearest_us(game, at);
    let here = nearest(from);
    let mut options: Vec<(CardPos, (bool, i32))> = Vec::new();
    for d in crate::data::terrain::Dir::ALL {
        let q = from.step(d);
        if nearest(q) <= here || q.row < 1 {
            continue;
        }
        let off = game.state.map.card(q).is_none();
        if !off && game.us_on(q) {
            continue;
        }
        let key = if off {
            (true, i32::MAX)
        } else {
            (!us_sees(game, q), terrain_cover(game, q))
        };
        options.push((q, key));
    }
    let Some((to, reads)) = pick_card(game, &options, "withdrawal card") else {
        return true;
    };
    if game.state.map.card(to).is_none() {
        let text = format!(
            "{} slips off the map from {from} and leaves play.",
            game.describe(id)
        );
        leave_play(game, id, rule, text, reads);
        return false;
    }
    move_exposed(game, id, to);
    game.emit(
        rule,
        EventKind::Moved {
            unit: id,
            from,
            to,
            exposed: true,
        },
        format!(
            "{} moves away from the company to {to} and is marked Exposed.",
            game.describe(id)
        ),
        reads,
    );
    true
}

/// The lower cover value of the top terrain card at `at`; 0 off the map.
pub(crate) fn terrain_cover(game: &Game, at: CardPos) -> i32 {
    game.top_card(at)
        .map(|t| t.cover.lower() as i32)
        .unwrap_or(0)
}

/// An enemy unit leaves its card for `to`, out of its cover and marked
/// Exposed (9.4); the company's fire follows it when it can (6.2.3) and
/// fire from the card it left stops if no one there supports it (6.1.2).
pub(crate) fn move_exposed(game: &mut Game, id: UnitId, to: CardPos) {
    let from = game.state.unit(id).pos;
    {
        let m = game.state.unit_mut(id);
        m.pos = to;
        m.cover = None;
        m.exposed = true;
    }
    crate::engine::combat::engage::follow(game, id, from, to);
    crate::engine::turn::menu::drop_orphan_fire(game, from);
}

/// Takes a unit out of play for good: it left the map or withdrew.
pub(crate) fn leave_play(
    game: &mut Game,
    id: UnitId,
    rule: &str,
    text: String,
    reads: Vec<crate::engine::kernel::events::CardRead>,
) {
    let m = game.state.unit_mut(id);
    m.removed = true;
    m.withdrawn = true;
    game.emit(rule, EventKind::UnitRemoved { unit: id }, text, reads);
}
