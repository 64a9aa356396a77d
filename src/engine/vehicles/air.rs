//! Attack helicopters (7.1.2) placed on their target in the Vehicle phase
//! (7.3.2), the enemy's fire at them (7.3.2: only on the card where they
//! are placed), and what AT Combat does to an aircraft (7.7 B).
//!
//! A call for attack helicopters (`combat::support`) brings a section of
//! two aircraft on station off the map. In the Vehicle phase the player
//! places the section on its target card, whenever he wishes among the
//! phase's activations; the enemy fires at each aircraft as it arrives;
//! those still there attack the target card with their VOF, and one
//! adjacent card too while both are undamaged. The attack is a VOF marker
//! on the card, resolved with all fire in the Combat Effects segment. At
//! the end of the phase the aircraft fly off the map again (an attack run,
//! 7.3.2). On the next turn the section loiters: it strikes the same cards
//! by itself, unless a new call sends it elsewhere; then it goes home.

use crate::data::units::{Side, UnitKind, Vof};
use crate::data::vehicles::AtResult;
use crate::engine::combat::fire::VofLevel;
use crate::engine::kernel::events::EventKind;
use crate::engine::kernel::events::{MarkerKind, Quiet};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::VehicleId;
use crate::engine::kernel::input::Answer;
use crate::engine::kernel::input::Input;
use crate::engine::kernel::pos::CardPos;
use crate::engine::vehicles::at::{AtModifier, Part, aircraft, vehicle};

/// The section's aircraft still in play, in id order.
fn section(game: &Game, s: u8) -> Vec<VehicleId> {
    game.state
        .vehicles
        .iter()
        .filter(|v| v.in_play() && v.air.is_some_and(|a| a.section == s))
        .map(|v| v.id)
        .collect()
}

/// The aircraft that speaks for its section in the Vehicle phase: the
/// first still in play. A section strikes as one (7.1.2: "called by a
/// single call"), so only its leader is offered the strike.
pub fn leader(game: &Game, v: VehicleId) -> Option<VehicleId> {
    let a = vehicle(game, v).air?;
    section(game, a.section).first().copied()
}

/// Every aircraft of `v`'s section still in play (`v` alone if it has no
/// task).
pub fn section_of(game: &Game, v: VehicleId) -> Vec<VehicleId> {
    match vehicle(game, v).air {
        Some(a) => section(game, a.section),
        None => vec![v],
    }
}

/// The odds of the enemy's fire at an aircraft over `at`, result by
/// result (7.3.2, 7.7 B), in percent; `None` when nothing can reach it.
pub fn reaction_odds(game: &Game, v: VehicleId, at: CardPos) -> Option<Vec<(AtResult, u32)>> {
    let m = reaction_modifier(game, v, at)?;
    Some(
        crate::engine::vehicles::at::odds(game, m.total)
            .iter()
            .map(|(r, n, all)| (*r, n * 100 / (*all).max(1)))
            .collect(),
    )
}

/// The odds at a called section's target in words: every result
/// ("auto-rotate 20%, abort 30%, miss 50%"), or in short ("shot down 20%,
/// aborts 30%").
pub fn reaction_words(game: &Game, v: VehicleId, short: bool) -> Option<String> {
    let a = vehicle(game, v).air?;
    if !short {
        return odds_over(game, v, a.target);
    }
    short_odds(game, v, a.target)
}

/// The odds of the enemy's fire at an aircraft over `at` in short: "shot
/// down 20%, aborts 30%".
pub fn short_odds(game: &Game, v: VehicleId, at: CardPos) -> Option<String> {
    let odds = reaction_odds(game, v, at)?;
    let sum = |f: fn(AtResult) -> bool| -> u32 {
        odds.iter().filter(|(r, _)| f(*r)).map(|(_, p)| p).sum()
    };
    let down = sum(|r| matches!(r, AtResult::BrewedUp | AtResult::KnockedOut));
    let abort = sum(|r| matches!(r, AtResult::Retreating | AtResult::Pinned));
    Some(format!("shot down {down}%, aborts {abort}%"))
}

/// The section of `v` in words: its one aircraft's name, or the type's
/// name for both ("Gunships").
pub fn section_words(game: &Game, v: VehicleId) -> String {
    crate::engine::kernel::words::section(game, v, &section_of(game, v))
}

/// 7.1.2: the cards the section may attack beside its target: every card
/// next to it, none after a short call (6.7.3: only the new target).
pub fn adjacent_choices(game: &Game, v: VehicleId) -> Vec<CardPos> {
    let Some(a) = vehicle(game, v).air else {
        return Vec::new();
    };
    if a.short {
        return Vec::new();
    }
    let mut out: Vec<CardPos> = crate::data::terrain::Dir::ALL
        .iter()
        .map(|d| a.target.step(*d))
        .filter(|p| game.state.map.card(*p).is_some())
        .collect();
    out.sort();
    out
}

/// The inputs of a called aircraft in its activation: its section strikes,
/// with or without an adjacent card. Nothing once it has struck.
pub fn legal_for(game: &Game, v: VehicleId) -> Vec<Input> {
    let x = vehicle(game, v);
    if x.fac.is_some() {
        return fac_legal(game, v);
    }
    let Some(a) = x.air else {
        return Vec::new();
    };
    if !x.in_play() || !x.pos.is_staging() || a.chosen || x.done || leader(game, v) != Some(v) {
        return Vec::new();
    }
    let mut out = vec![Input::Answer(Answer::AirAttack {
        vehicle: v,
        adjacent: None,
    })];
    for c in adjacent_choices(game, v) {
        out.push(Input::Answer(Answer::AirAttack {
            vehicle: v,
            adjacent: Some(c),
        }));
    }
    out
}

/// The spotted enemy steps on a card.
pub fn enemy_steps(game: &Game, pos: CardPos) -> u32 {
    game.state
        .units_at(pos)
        .filter(|u| u.side != Side::Us && u.spotted && u.kind != UnitKind::Casualty)
        .map(|u| u.steps as u32)
        .sum()
}

/// The program's suggestion: the adjacent card with the most spotted enemy
/// steps (the first in card order among equals), or the target alone.
pub fn suggestion(game: &Game, v: VehicleId) -> Input {
    if vehicle(game, v).fac.is_some() {
        return fac_suggestion(game, v);
    }
    let best = adjacent_choices(game, v)
        .into_iter()
        .map(|c| (enemy_steps(game, c), c))
        .filter(|(n, _)| *n > 0)
        .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)))
        .map(|(_, c)| c);
    Input::Answer(Answer::AirAttack {
        vehicle: v,
        adjacent: best,
    })
}

/// 7.3.2: the section this aircraft belongs to is placed on its target,
/// each aircraft under the enemy's fire as it arrives; those still there
/// attack. `adjacent`: the player's second card (7.1.2).
pub fn strike(game: &mut Game, v: VehicleId, adjacent: Option<CardPos>) {
    let Some(a) = vehicle(game, v).air else {
        return;
    };
    let members = section(game, a.section);
    for m in &members {
        if let Some(t) = game.state.vehicles[m.0 as usize].air.as_mut() {
            t.adjacent = adjacent;
            t.chosen = true;
        }
    }
    for m in &members {
        if vehicle(game, *m).in_play() && vehicle(game, *m).pos.is_staging() {
            place(game, *m, a.target);
        }
    }
    attack(game, a.section, a.target, adjacent);
    for m in members {
        let x = &mut game.state.vehicles[m.0 as usize];
        x.done = true;
        x.fired = true;
    }
}

/// One aircraft comes onto its target card: room for it (1.2.1 I: four
/// vehicles a card, wrecks counted), then the enemy's fire (7.3.2).
fn place(game: &mut Game, v: VehicleId, target: CardPos) {
    // 1.2.1 I (and 7.4.5 for landing zones): four vehicles a card, wrecks
    // counted. Decision: an aircraft is over the card, not on its ground,
    // so NO-GO trafficability does not keep it off.
    let cap = game.data.charts.stacking.vehicles as usize;
    if crate::engine::vehicles::moves::vehicles_on(game, target, Side::Us) >= cap {
        game.say(
            "7.3.2",
            EventKind::Marker {
                pos: target,
                what: MarkerKind::AircraftAborts {
                    vehicle: v,
                    cap: cap as u8,
                },
            },
            Vec::new(),
        );
        return;
    }
    game.state.vehicles[v.0 as usize].pos = target;
    game.state.vehicles[v.0 as usize].moved = true;
    let attacks = vehicle(game, v).fac.is_none();
    game.say(
        "7.3.2",
        EventKind::VehicleMoved {
            vehicle: v,
            from: game.state.map.staging_below(target.col),
            to: target,
            how: crate::engine::kernel::events::VehicleMove::Aircraft { attacks },
        },
        Vec::new(),
    );
    reaction(game, v);
}

/// The best fire the enemy can put on an aircraft over `pos`, and its
/// gunnery against aircraft (7.3.2): every enemy unit and vehicle in Good
/// Order that sees the card within its range, read on the chart's rows for
/// aircraft; the lowest gunnery wins. `None`: nothing can reach it.
pub fn enemy_fire_at(game: &Game, pos: CardPos) -> Option<(VofLevel, i8)> {
    let mut levels: Vec<VofLevel> = game
        .state
        .in_play()
        .filter(|u| u.side != Side::Us && !u.pos.is_staging() && u.good_order())
        .filter(|u| game.unit_sees(u.id, pos) || u.pos == pos)
        .filter_map(|u| crate::engine::combat::fire::basic_vof(game, u, u.pos.distance(pos)))
        .collect();
    for x in &game.state.vehicles {
        if x.side == Side::Us || !x.in_play() || x.pos.is_staging() || aircraft(game, x) {
            continue;
        }
        let d = x.pos.distance(pos);
        let sees = d == 0
            || crate::engine::map::los::sees_card(
                game,
                crate::engine::map::los::Viewer::on_ground(game, x.pos),
                pos,
                game.visibility(),
            );
        if sees && let Some(l) = crate::engine::combat::fire::vehicle_vof(game, x, d) {
            levels.push(l);
        }
    }
    levels
        .into_iter()
        .filter_map(|l| {
            let kind = crate::engine::vehicles::at::chart_kind(l)?;
            game.data.vehicles.air_gunnery(kind).map(|g| (l, g))
        })
        .min_by_key(|(l, g)| (*g, std::cmp::Reverse(*l)))
}

/// The AT modifier of the enemy's best fire at an aircraft over `pos`
/// (7.3.2: no cover in the air, and no moving-target modifier), or `None`.
pub fn reaction_modifier(game: &Game, v: VehicleId, pos: CardPos) -> Option<AtModifier> {
    let (level, g) = enemy_fire_at(game, pos)?;
    Some(modifier(
        game,
        v,
        format!("{} fire at an aircraft", level.label()),
        g,
    ))
}

/// The AT modifier of fire at an aircraft (7.3.2): the fire's gunnery
/// (`what`, `g`) and the aircraft's defence; no cover in the air, no
/// moving-target modifier.
pub fn modifier(game: &Game, v: VehicleId, what: String, g: i8) -> AtModifier {
    let mut parts: Vec<Part> = vec![(what, g as i32)];
    if let Some(t) = game.data.vehicles.vehicle(&vehicle(game, v).vehicle_type.0)
        && t.defence != 0
    {
        parts.push((format!("{} defence", t.name), t.defence as i32));
    }
    let total = parts.iter().map(|p| p.1).sum();
    AtModifier { parts, total }
}

/// 7.1.2, 7.3.2: the reaction AT Combat against an aircraft as it is
/// placed: one attack by the best enemy fire that reaches it. Decision: the
/// fire of every enemy unit that sees the card counts as one volume, as a
/// card's VOF does against a vehicle (7.5 B), rather than a shot each.
pub(crate) fn reaction(game: &mut Game, v: VehicleId) {
    let pos = vehicle(game, v).pos;
    match reaction_modifier(game, v, pos) {
        Some(m) => {
            let by = crate::engine::kernel::purpose::AtBy::Around { pos };
            crate::engine::vehicles::at::resolve(game, by, v, &m, false);
        }
        None => {
            game.say(
                "7.3.2",
                EventKind::Nothing {
                    why: Quiet::NoFireAtTheAircraft(v),
                },
                Vec::new(),
            );
        }
    }
}

/// The section's attack: a VOF marker on the target, and on the adjacent
/// card while at least two aircraft are there (7.1.2).
fn attack(game: &mut Game, section_no: u8, target: CardPos, adjacent: Option<CardPos>) {
    let over: Vec<VehicleId> = section(game, section_no)
        .into_iter()
        .filter(|m| vehicle(game, *m).pos == target)
        .collect();
    let Some(vof) = over
        .iter()
        .filter_map(|m| {
            game.data
                .vehicles
                .vehicle(&vehicle(game, *m).vehicle_type.0)
                .and_then(|t| t.vof)
                .map(|r| r.vof)
        })
        .max_by_key(|v| point_blank(*v))
    else {
        game.say(
            "7.1.2",
            EventKind::Nothing {
                why: Quiet::NoAircraftLeftToAttack { target },
            },
            Vec::new(),
        );
        return;
    };
    let mut cards = vec![target];
    let mut alone = false;
    if let Some(a) = adjacent {
        if over.len() >= 2 {
            cards.push(a);
        } else {
            alone = true;
        }
    }
    for c in &cards {
        if let Some(card) = game.state.map.card_mut(*c) {
            card.markers.air_attack = Some(vof);
        }
    }
    game.say(
        "7.1.2",
        EventKind::Marker {
            pos: target,
            what: MarkerKind::AttackHelicoptersFire {
                level: point_blank(vof),
                adjacent,
                alone,
            },
        },
        Vec::new(),
    );
}

/// An aircraft's VOF as it fires on the card below it.
pub fn point_blank(v: Vof) -> Option<VofLevel> {
    crate::engine::combat::fire::level_of(v, 0)
}

/// 3.6 begins: a section loitering on its second turn strikes its targets
/// again by itself (7.1.2); one that has not struck yet (called this turn,
/// or sent at a new target) waits for the player.
pub fn begin(game: &mut Game) {
    let mut loiter: Vec<(u8, VehicleId, Option<CardPos>)> = Vec::new();
    for x in &mut game.state.vehicles {
        if !x.in_play() {
            continue;
        }
        let Some(a) = x.air else {
            continue;
        };
        if a.chosen {
            if !loiter.iter().any(|(s, _, _)| *s == a.section) {
                loiter.push((a.section, x.id, a.adjacent));
            }
        } else {
            x.activated = true;
        }
    }
    for (_, v, adjacent) in loiter {
        let why = Quiet::AttackHelicoptersLoiter {
            vehicle: v,
            section: section_of(game, v),
            target: vehicle(game, v).air.map(|a| a.target),
            adjacent,
        };
        game.say("7.1.2", EventKind::Nothing { why }, Vec::new());
        strike(game, v, adjacent);
    }
}

/// 3.6 ends: the aircraft over the map fly off it again (7.3.2: an attack
/// run, not a stay).
pub fn fly_off(game: &mut Game) {
    let over: Vec<VehicleId> = game
        .state
        .vehicles
        .iter()
        .filter(|x| {
            // 7.4.5: a transport helicopter stays on its LZ to the next
            // Vehicle phase.
            x.in_play() && !x.pos.is_staging() && x.aircraft_task() && x.lift.is_none()
        })
        .map(|x| x.id)
        .collect();
    for v in over {
        let off = game.state.map.staging_below(vehicle(game, v).pos.col);
        let x = &mut game.state.vehicles[v.0 as usize];
        let from = x.pos;
        x.pos = off;
        let for_the_turn = x.fac.is_some() || x.gunship.is_some();
        game.say(
            "7.3.2",
            EventKind::VehicleMoved {
                vehicle: v,
                from,
                to: off,
                how: crate::engine::kernel::events::VehicleMove::PullsOff { for_the_turn },
            },
            Vec::new(),
        );
    }
}

/// 3.8: a turn on station is spent; after its second (7.1.2: it may loiter
/// one more turn) the section goes home. Not a loss.
pub fn clean_up(game: &mut Game) {
    let mut home = Vec::new();
    for x in &mut game.state.vehicles {
        if !x.in_play() {
            continue;
        }
        let (turns, rule) = match (x.air.as_mut(), x.fac.as_mut()) {
            (Some(a), _) => (&mut a.turns, "7.1.2"),
            (None, Some(f)) => (&mut f.turns, "7.1.3"),
            (None, None) => continue,
        };
        *turns = turns.saturating_sub(1);
        if *turns == 0 {
            x.gone = true;
            home.push((rule, x.id));
        }
    }
    for (rule, v) in home {
        game.say(
            rule,
            EventKind::Nothing {
                why: Quiet::AircraftHome(v),
            },
            Vec::new(),
        );
    }
}

// ---------------------------------------------------------------------------
// 7.1.3: forward air controller aircraft
// ---------------------------------------------------------------------------

/// The aircraft an air agency sends on station by itself in this turn (a
/// forward air controller, 7.1.3; a gunship, 7.1.4): for each agency whose
/// `spec` names an aircraft arriving now, with none of its own (`mine`)
/// in the game yet, the aircraft enters off the map. Returns each arrival's
/// agency and vehicle; the caller gives it its task.
pub(crate) fn arrivals(
    game: &mut Game,
    spec: impl Fn(
        &crate::data::mission::FireSupport,
    ) -> Option<(crate::data::vehicles::VehicleTypeId, u8)>,
    mine: impl Fn(&crate::engine::kernel::vehicle::Vehicle) -> Option<u8>,
) -> Vec<(u8, VehicleId)> {
    let turn = game.state.turn;
    let due: Vec<(u8, crate::data::vehicles::VehicleTypeId)> = game
        .mission
        .fire_support
        .iter()
        .enumerate()
        .filter_map(|(i, fs)| spec(fs).map(|(t, at)| (i as u8, t, at)))
        .filter(|(_, _, at)| *at == turn)
        .map(|(i, t, _)| (i, t))
        .collect();
    let mut out = Vec::new();
    for (agency, aircraft) in due {
        if game.state.vehicles.iter().any(|v| mine(v) == Some(agency)) {
            continue;
        }
        let Some(t) = game.data.vehicles.vehicle(&aircraft.0).cloned() else {
            continue;
        };
        let off = game.state.map.staging_below(1);
        let id = crate::engine::kernel::units::add_vehicle(
            &mut game.state,
            &t,
            t.name.clone(),
            off,
            None,
        );
        out.push((agency, id));
    }
    out
}

/// 7.1.3: five turns on station, the first and four of loitering.
pub const FAC_TURNS: u8 = crate::engine::kernel::vehicle::FAC_TURNS;

/// 7.1.3: a forward air controller comes on station in its turn, off the
/// map until placed; one on station is ready again for its turn. Called
/// first thing in 3.6, before the phase looks for anything to move.
pub fn fac_turn(game: &mut Game) {
    let arrived = arrivals(
        game,
        |fs| fs.fac.as_ref().map(|f| (f.aircraft.clone(), f.arrives)),
        |v| v.fac.map(|f| f.agency),
    );
    for (agency, id) in arrived {
        game.state.vehicles[id.0 as usize].fac = Some(crate::engine::kernel::vehicle::FacTask {
            agency,
            turns: FAC_TURNS,
            marked: false,
            called: false,
        });
        game.say(
            "7.1.3",
            EventKind::Nothing {
                why: Quiet::ForwardAirControllerOnStation {
                    vehicle: id,
                    agency,
                },
            },
            Vec::new(),
        );
    }
    for x in &mut game.state.vehicles {
        if x.in_play()
            && let Some(f) = x.fac.as_mut()
        {
            f.marked = false;
            f.called = false;
            x.activated = true;
        }
    }
}

/// The cards within the WP rocket's close range of the aircraft: its own
/// and the adjacent ones (7.1.3), in card order.
pub(crate) fn close_cards(game: &Game, pos: CardPos) -> Vec<CardPos> {
    let mut out: Vec<CardPos> = std::iter::once(pos)
        .chain(crate::data::terrain::Dir::ALL.iter().map(|d| pos.step(*d)))
        .filter(|p| game.state.map.card(*p).is_some())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Whether the forward air controller may call `kind` on `target` now
/// (7.1.3): over the map, no call yet this turn, an air strike or attack
/// helicopters its agency still has (or a loitering section to send),
/// within close range, a spotted enemy there, and the target marked
/// (6.7.2 F).
pub fn check_fac_call(
    game: &Game,
    v: VehicleId,
    kind: crate::data::mission::FmKind,
    target: CardPos,
) -> Result<(), crate::engine::kernel::game::Illegal> {
    use crate::data::mission::FmKind;
    use crate::engine::kernel::game::no;
    let Some(x) = game.state.vehicles.get(v.0 as usize) else {
        return no(|| format!("there is no vehicle {v}"));
    };
    let Some(f) = x.fac else {
        return no("only a forward air controller aircraft calls from the air (7.1.3)");
    };
    if !x.in_play() || x.pos.is_staging() {
        return no("the forward air controller must be over the map first (7.1.3)");
    }
    if f.called {
        return no("the forward air controller calls once a turn (7.1.3)");
    }
    if !kind.air() {
        return no(
            "a forward air controller calls air strikes and attack helicopters only (7.1.3)",
        );
    }
    let open = crate::engine::combat::support::missions_left(game, f.agency, kind) > 0
        || (kind == FmKind::AttackHelicopter
            && crate::engine::combat::support::loitering(game, f.agency).is_some());
    if !open {
        return no(|| format!("no {} left to call (6.7.1)", kind.label()));
    }
    if !close_cards(game, x.pos).contains(&target) {
        return no(|| {
            format!(
                "{target} is beyond close range of {} over {} (7.1.3)",
                x.label, x.pos
            )
        });
    }
    if enemy_steps(game, target) == 0 {
        return no("air support needs a card with a spotted enemy (6.7.1)");
    }
    if !crate::engine::combat::support::marked(game, target) {
        return no("mark the target first: a WP rocket on it (6.7.2 F, 7.1.3)");
    }
    Ok(())
}

/// The inputs of a forward air controller in its activation: fly over a
/// card while off the map; then mark and call, once each.
fn fac_legal(game: &Game, v: VehicleId) -> Vec<Input> {
    let x = vehicle(game, v);
    let Some(f) = x.fac else {
        return Vec::new();
    };
    if !x.in_play() || x.done {
        return Vec::new();
    }
    // Once a turn: an aircraft that aborted undamaged is back next turn.
    if x.pos.is_staging() && x.moved {
        return Vec::new();
    }
    if x.pos.is_staging() {
        // 1.2.1 I: only over a card with room for one more vehicle.
        let cap = game.data.charts.stacking.vehicles as usize;
        return game
            .state
            .map
            .cards
            .iter()
            .filter(|c| crate::engine::vehicles::moves::vehicles_on(game, c.pos, Side::Us) < cap)
            .map(|c| {
                Input::Answer(Answer::AirPlace {
                    vehicle: v,
                    at: c.pos,
                })
            })
            .collect();
    }
    let mut out = Vec::new();
    if !f.marked {
        for target in close_cards(game, x.pos) {
            out.push(Input::Answer(Answer::FacMark { vehicle: v, target }));
        }
    }
    if !f.called {
        use crate::data::mission::FmKind;
        for kind in [FmKind::AirStrike, FmKind::AttackHelicopter] {
            for target in close_cards(game, x.pos) {
                if check_fac_call(game, v, kind, target).is_ok() {
                    out.push(Input::Answer(Answer::FacCall {
                        vehicle: v,
                        kind,
                        target,
                    }));
                }
            }
        }
    }
    out
}

/// The odds of the enemy's fire at an aircraft over `at`, in words, or
/// `None` when nothing reaches it (7.3.2).
pub fn odds_over(game: &Game, v: VehicleId, at: CardPos) -> Option<String> {
    Some(
        reaction_odds(game, v, at)?
            .iter()
            .map(|(r, p)| format!("{} {p}%", r.air_short()))
            .collect::<Vec<_>>()
            .join(", "),
    )
}

/// 7.1.3: the forward air controller comes over `at` (1.2.1 I's room
/// checked as for helicopters), under the enemy's fire.
pub fn fac_place(game: &mut Game, v: VehicleId, at: CardPos) {
    place(game, v, at);
}

/// 7.1.3: its WP rocket marks `target` for the pilots; the smoke lasts as
/// a WP mission's does, to the next VOF Segment (3.7.1 A).
pub fn fac_mark(game: &mut Game, v: VehicleId, target: CardPos) {
    if let Some(f) = game.state.vehicles[v.0 as usize].fac.as_mut() {
        f.marked = true;
    }
    if let Some(c) = game.state.map.card_mut(target) {
        c.markers.mission_smoke = Some(crate::engine::kernel::state::SmokeKind::Wp);
    }
    game.say(
        "7.1.3",
        EventKind::Marker {
            pos: target,
            what: MarkerKind::WpMark(v),
        },
        Vec::new(),
    );
}

/// 7.1.3: its call for air support, with no command.
pub fn fac_call(
    game: &mut Game,
    v: VehicleId,
    kind: crate::data::mission::FmKind,
    target: CardPos,
) {
    let Some(f) = vehicle(game, v).fac else {
        return;
    };
    if let Some(t) = game.state.vehicles[v.0 as usize].fac.as_mut() {
        t.called = true;
    }
    let draws = game
        .mission
        .fire_support
        .get(f.agency as usize)
        .and_then(|fs| fs.fac.as_ref())
        .map(|s| s.draws)
        .unwrap_or(1);
    let x = vehicle(game, v);
    let caller = crate::engine::combat::support::Caller {
        who: crate::engine::kernel::events::Piece::Vehicle(v),
        pos: x.pos,
    };
    crate::engine::combat::support::air_call(game, &caller, f.agency, kind, target, draws);
}

/// The program's suggestion for a forward air controller: over the card
/// with the most spotted enemy steps; then the WP rocket on the close card
/// with the most, then the call there (an air strike before helicopters);
/// otherwise its turn ends.
fn fac_suggestion(game: &Game, v: VehicleId) -> Input {
    let legal = fac_legal(game, v);
    let most = |cards: Vec<CardPos>| -> Option<CardPos> {
        cards
            .into_iter()
            .map(|c| (enemy_steps(game, c), c))
            .filter(|(n, _)| *n > 0)
            .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)))
            .map(|(_, c)| c)
    };
    let x = vehicle(game, v);
    if x.pos.is_staging() {
        let cards: Vec<CardPos> = game.state.map.cards.iter().map(|c| c.pos).collect();
        if let Some(at) = most(cards) {
            return Input::Answer(Answer::AirPlace { vehicle: v, at });
        }
    } else {
        if let Some(call) = legal
            .iter()
            .find(|i| matches!(i, Input::Answer(Answer::FacCall { .. })))
            .cloned()
        {
            return call;
        }
        if let Some(target) = most(close_cards(game, x.pos))
            && legal.contains(&Input::Answer(Answer::FacMark { vehicle: v, target }))
        {
            return Input::Answer(Answer::FacMark { vehicle: v, target });
        }
    }
    Input::Answer(Answer::VehicleEnd {
        shooter: crate::engine::kernel::vehicle::Shooter::Vehicle(v),
    })
}
