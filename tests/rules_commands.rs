//! The sequence of play and command & control draws: rules 3.0-3.8 (the
//! order of a turn), 3.1 / 3.2.1 / 3.4.1 (Higher HQ checks), 3.3.1-3.3.2
//! (activation and initiative), 4.1.1-4.1.4 (obtaining, modifying, spending
//! and saving commands, HQ fire teams), 13.1 and 13.3, and the rulebook's
//! worked examples for them (the Command Example of 3.3, the CO HQ example
//! of 4.1.3 and the 2nd Platoon example of 4.2).
//!
//! Positions are built from a small company of our own (see `company`) on a
//! clone of the shipped mission's map, so that the tests do not depend on the
//! shipped roster. Known action cards are put on top of the deck to fix the
//! draws; they are found by scanning `data.action_cards()`.

use crate::common;
use fof::engine::testing::orders;

use common::{fire, id, legal, order, p, top};

use fof::data::DataSet;
use fof::data::action::{ActionCard, Experience};
use fof::data::charts::{Activity, CoverKind};
use fof::data::mission::Net;
use fof::data::mission::{At, Mission, MissionKind, RadioClass, RadioSpec, RosterEntry, Start};
use fof::data::units::{Side, UnitTypeId};
use fof::engine::kernel::deck::Card;
use fof::engine::kernel::events::{CardRead, Event, EventKind, Section};
use fof::engine::kernel::ids::CoverId;
use fof::engine::kernel::input::{Action, Order};
use fof::engine::kernel::pos::CardPos;
use fof::engine::kernel::sequence::Step;
use fof::engine::kernel::state::CoverMarker;
use fof::engine::testing::orders::Link;
use fof::engine::{Decision, Game, Input, Options, UnitId};
use std::sync::Arc;

// ---------------------------------------------------------------------------
// Arranging positions
// ---------------------------------------------------------------------------

const BASE_MISSION: &str = "hedgerow_attack";
const MISSION: &str = "rules_commands";
const SEED: u64 = 7;

fn entry(
    id: &str,
    ty: &str,
    label: &str,
    hq: Option<&str>,
    exp: Experience,
    start: Start,
) -> RosterEntry {
    RosterEntry {
        id: id.into(),
        unit_type: UnitTypeId(ty.into()),
        label: label.into(),
        hq: hq.map(Into::into),
        experience: exp,
        start,
        steps: None,
        skills: Vec::new(),
        teams: 0,
        load: None,
    }
}

fn radio(holder: &str, name: &str, class: RadioClass, net: Net) -> RadioSpec {
    RadioSpec {
        holder: holder.into(),
        name: name.into(),
        class,
        net,
    }
}

/// A small company: the CO HQ and its two staff, three platoon HQs (Line,
/// Veteran, Green) with a squad or two each. The CO HQ carries a BN TAC
/// man-pack set and a CO TAC handheld, each platoon HQ a CO TAC handheld.
fn company(m: &mut Mission) {
    use Experience::*;
    let s = Start::Staging;
    m.company = vec![
        entry("co_hq", "us_co_hq", "CO HQ", None, Line, s(2)),
        entry("xo", "us_xo", "XO", Some("co_hq"), Line, s(2)),
        entry(
            "first_sgt",
            "us_first_sgt",
            "1SG",
            Some("co_hq"),
            Line,
            s(2),
        ),
        entry(
            "1plt_hq",
            "us_plt_hq",
            "1 PLT HQ",
            Some("co_hq"),
            Line,
            s(1),
        ),
        entry("1_1", "us_rifle_squad", "1/1", Some("1plt_hq"), Line, s(1)),
        entry("2_1", "us_rifle_squad", "2/1", Some("1plt_hq"), Line, s(1)),
        entry(
            "2plt_hq",
            "us_plt_hq",
            "2 PLT HQ",
            Some("co_hq"),
            Veteran,
            s(3),
        ),
        entry("1_2", "us_rifle_squad", "1/2", Some("2plt_hq"), Line, s(3)),
        entry("2_2", "us_rifle_squad", "2/2", Some("2plt_hq"), Line, s(3)),
        entry(
            "3plt_hq",
            "us_plt_hq",
            "3 PLT HQ",
            Some("co_hq"),
            Green,
            s(2),
        ),
        entry("1_3", "us_rifle_squad", "1/3", Some("3plt_hq"), Line, s(2)),
    ];
    m.radios = vec![
        radio("co_hq", "SCR-300", RadioClass::Manpack, Net::BnTac),
        radio("co_hq", "SCR-536", RadioClass::Handheld, Net::CoTac),
        radio("1plt_hq", "SCR-536", RadioClass::Handheld, Net::CoTac),
        radio("2plt_hq", "SCR-536", RadioClass::Handheld, Net::CoTac),
        radio("3plt_hq", "SCR-536", RadioClass::Handheld, Net::CoTac),
    ];
    m.phones.clear();
    m.phone_lines.clear();
    m.pyrotechnics.clear();
    // No Potential Contact markers: nothing but the command draws and the
    // Higher HQ checks takes cards from the deck in these tests.
    m.pc_markers.clear();
}

/// The shipped data with a test mission: the shipped mission's map, our
/// company, then `f`'s changes.
fn data_with(f: impl FnOnce(&mut Mission)) -> Arc<DataSet> {
    let mut data = DataSet::embedded().expect("shipped data loads");
    let mut m = data
        .mission(BASE_MISSION)
        .expect("the shipped mission")
        .clone();
    m.id = MISSION.into();
    m.kind = MissionKind::Offensive;
    m.turns = 10;
    m.visibility = "day".into();
    company(&mut m);
    f(&mut m);
    data.missions.push(m);
    // The command rules are tested against an enemy that stays put: its
    // activity checks (9.4) would draw from the stacked cards.
    common::quiet_enemy(&mut data);
    Arc::new(data)
}

fn data() -> Arc<DataSet> {
    data_with(|_| {})
}

/// A game whose first action cards drawn after setup are `top`.
fn start(data: &Arc<DataSet>, options: Options, top: &[u8]) -> Game {
    let cards: Vec<Card> = top.iter().map(|&n| Card::Action(n)).collect();
    let mut g = Game::new_stacked(data.clone(), MISSION, SEED, options, &cards).expect("setup");
    common::keep_plan(&mut g);
    g
}

/// A card matching `pred` that is not in `avoid`.
fn find(data: &DataSet, avoid: &[u8], pred: impl Fn(&ActionCard) -> bool) -> u8 {
    data.action_cards()
        .into_iter()
        .find(|c| !avoid.contains(&c.number) && pred(c))
        .map(|c| c.number)
        .expect("the deck holds such a card")
}

/// A card with this helmet (activated) number.
fn helmet(data: &DataSet, n: u8, avoid: &[u8]) -> u8 {
    find(data, avoid, |c| c.activated == n)
}

/// A card with this star (initiative) number.
fn star(data: &DataSet, n: u8, avoid: &[u8]) -> u8 {
    find(data, avoid, |c| c.initiative == n)
}

/// A card without the Higher HQ icon.
fn no_icon(data: &DataSet, avoid: &[u8]) -> u8 {
    find(data, avoid, |c| !c.higher_hq)
}

fn card(data: &DataSet, n: u8) -> &ActionCard {
    data.action_card(n).expect("card exists")
}

/// Adds an enemy unit of a counter type on a card, clone of an existing
/// unit with its identity and type changed. `side` lets the tests borrow a
/// US counter's ratings for an enemy weapon our German counters lack.
fn add_enemy(g: &mut Game, ty: &str, pos: CardPos, spotted: bool) -> UnitId {
    let t = g.data().unit_type(ty).expect("unit type").clone();
    let s = g.state_mut();
    let mut u = s.units[0].clone();
    u.id = UnitId(s.units.len() as u16);
    u.roster = None;
    u.label = t.name.clone();
    u.designation = t.name.clone();
    u.unit_type = UnitTypeId(ty.into());
    u.side = Side::Enemy;
    u.kind = t.kind;
    u.hq = None;
    u.platoon = None;
    u.experience = Experience::Line;
    u.steps = t.steps;
    u.pos = pos;
    u.cover = None;
    u.flipped = false;
    u.pinned = false;
    u.exposed = false;
    u.spotted = spotted;
    u.assets.clear();
    let uid = u.id;
    s.units.push(u);
    uid
}

/// Puts a basic cover marker on the unit's card and the unit under it.
fn under_cover(g: &mut Game, unit: UnitId) {
    let s = g.state_mut();
    let cid = CoverId(1000 + s.next_cover);
    s.next_cover += 1;
    let pos = s.unit(unit).pos;
    s.map
        .card_mut(pos)
        .expect("a map card")
        .covers
        .push(CoverMarker {
            id: cid,
            kind: CoverKind::Basic,
            facing: None,
        });
    s.unit_mut(unit).cover = Some(cid);
}

// ---------------------------------------------------------------------------
// Moving through the turn
// ---------------------------------------------------------------------------

/// Takes the least eventful input: end the impulse, or let the first
/// candidate HQ take its impulse.
fn pass(g: &mut Game) {
    let input = match g.prompt().decision {
        Decision::ChooseHq { candidates, .. } => Input::ChooseHq(candidates[0]),
        Decision::Orders { .. } => Input::EndImpulse,
        Decision::Choose(_) => g.suggestion().expect("a suggested answer"),
        Decision::MissionOver => panic!("the mission is over"),
    };
    g.apply(&input).expect("a legal input");
}

fn pass_until(g: &mut Game, pred: impl Fn(&Game) -> bool) {
    for _ in 0..500 {
        if pred(g) {
            return;
        }
        pass(g);
    }
    panic!("never reached the wanted position: {:?}", g.prompt());
}

/// Plays on (ending every impulse) to the General Initiative impulse of the
/// current turn: the last decision of an offensive turn.
fn to_general_initiative(g: &mut Game) {
    pass_until(g, |g| {
        g.state().step == Step::GeneralInitiative && g.state().impulse.is_some()
    });
}

/// Plays on to the start of the next turn's first decision.
fn finish_turn(g: &mut Game) {
    let t = g.state().turn;
    pass_until(g, |g| g.state().turn > t || g.is_over());
}

fn is_orders_of(g: &Game, hq: UnitId) -> bool {
    matches!(g.prompt().decision, Decision::Orders { hq: Some(h), .. } if h == hq)
}

fn choose_candidates(g: &Game) -> Vec<UnitId> {
    match g.prompt().decision {
        Decision::ChooseHq { candidates, .. } => candidates,
        d => panic!("expected a choice of HQ, got {d:?}"),
    }
}

// ---------------------------------------------------------------------------
// Reading the log
// ---------------------------------------------------------------------------

/// One HQ's command draw as the log records it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Draw {
    turn: u8,
    step: Step,
    rule: String,
    drawn: u8,
    modifier: i8,
    total: u8,
    saved: u8,
    cards: Vec<CardRead>,
}

fn draws_of(events: &[Event], hq: Option<UnitId>) -> Vec<Draw> {
    events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Commands {
                hq: h,
                drawn,
                modifier,
                total,
                saved,
                ..
            } if *h == hq => Some(Draw {
                turn: e.turn,
                step: e.step,
                rule: e.rule.clone(),
                drawn: *drawn,
                modifier: *modifier,
                total: *total,
                saved: *saved,
                cards: e.cards.clone(),
            }),
            _ => None,
        })
        .collect()
}

/// The single command draw of an HQ among `events`.
fn draw_of(events: &[Event], hq: UnitId) -> Draw {
    let d = draws_of(events, Some(hq));
    assert_eq!(d.len(), 1, "one command draw expected: {d:?}");
    d[0].clone()
}

fn impulse_end(events: &[Event], hq: Option<UnitId>) -> (u8, u8) {
    events
        .iter()
        .find_map(|e| match e.kind {
            EventKind::ImpulseEnds {
                hq: h, saved, lost, ..
            } if h == hq => Some((saved, lost)),
            _ => None,
        })
        .expect("an ImpulseEnds event")
}

fn steps_begun(events: &[Event], turn: u8) -> Vec<Step> {
    events
        .iter()
        .filter(|e| e.turn == turn)
        .filter_map(|e| match e.kind {
            EventKind::StepBegins { step } => Some(step),
            _ => None,
        })
        .collect()
}

fn activated_events(events: &[Event]) -> Vec<(UnitId, String)> {
    events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Activated { hq, .. } => Some((hq, e.rule.clone())),
            _ => None,
        })
        .collect()
}

fn higher_hq_checks(events: &[Event], turn: u8) -> Vec<(bool, Option<u8>, String, Vec<CardRead>)> {
    events
        .iter()
        .filter(|e| e.turn == turn)
        .filter_map(|e| match e.kind {
            EventKind::HigherHqCheck {
                friendly, event, ..
            } => Some((friendly, event, e.rule.clone(), e.cards.clone())),
            _ => None,
        })
        .collect()
}

/// Applies an input that must be refused, and checks that nothing changed.
fn refused(g: &mut Game, input: &Input) -> String {
    let before = g.state_hash();
    let log = g.log().len();
    let err = g.apply(input).expect_err("the input must be refused");
    assert_eq!(g.state_hash(), before, "a refused input changes nothing");
    assert_eq!(g.log().len(), log, "a refused input logs nothing");
    err.text
}

// ---------------------------------------------------------------------------
// Common positions
// ---------------------------------------------------------------------------

/// Turn 1, the CO HQ activated nobody: the three platoon HQs wait to draw
/// for initiative, in the player's order (3.3.2 B).
fn at_plt_initiative(data: &Arc<DataSet>, options: Options) -> Game {
    let mut g = start(data, options, &[]);
    let co = id(&g, "co_hq");
    assert!(is_orders_of(&g, co));
    g.apply(&Input::EndImpulse).unwrap();
    assert_eq!(g.prompt().step, Step::PltHqInitiative);
    assert_eq!(choose_candidates(&g).len(), 3);
    g
}

/// Lets `hq` draw next from a known card; returns its draw.
fn draw_now(g: &mut Game, hq: UnitId, card: u8) -> Draw {
    top(g, &[card]);
    let ev = g.apply(&Input::ChooseHq(hq)).expect("a candidate HQ");
    let d = draw_of(&ev, hq);
    assert_eq!(d.cards.len(), 1);
    assert_eq!(d.cards[0].card, card, "the stacked card was read");
    d
}

/// The modifier 1 PLT HQ (Line) gets drawing for initiative after
/// `arrange`, with the Current Activity at Contact unless `arrange` says
/// otherwise (so that No Contact's +1 stays out of the way).
fn plt1_modifier(arrange: impl FnOnce(&mut Game, UnitId)) -> Draw {
    let data = data();
    let mut g = at_plt_initiative(&data, Options::default());
    let hq = id(&g, "1plt_hq");
    g.state_mut().activity = Activity::Contact;
    arrange(&mut g, hq);
    let c = star(&data, 3, &[]);
    draw_now(&mut g, hq, c)
}

// ===========================================================================
// 3.0 and the Turn Sequence Summary
// ===========================================================================

const COMMAND_PHASE: [Step; 7] = [
    Step::BnHqImpulse,
    Step::CoHqImpulse,
    Step::ActivatedImpulses,
    Step::CoHqInitiative,
    Step::PltHqInitiative,
    Step::StaffInitiative,
    Step::GeneralInitiative,
];

const AFTER_ENEMY: [Step; 5] = [
    Step::CaptureRetreat,
    Step::VehicleAircraft,
    Step::VofSegment,
    Step::CombatEffects,
    Step::CleanUp,
];

fn full_turn_steps(kind: MissionKind) -> Vec<Step> {
    let data = data_with(|m| m.kind = kind);
    let mut g = start(&data, Options::default(), &[]);
    finish_turn(&mut g);
    assert_eq!(g.state().turn, 2);
    steps_begun(g.log(), 1)
}

#[test]
fn rule_3_0_offensive_turn_has_the_command_phase_before_enemy_activity() {
    let mut want = vec![Step::FriendlyHigherHq];
    want.extend(COMMAND_PHASE);
    want.extend([Step::EnemyHigherHq, Step::EnemyActivity]);
    want.extend(AFTER_ENEMY);
    assert_eq!(full_turn_steps(MissionKind::Offensive), want);
}

#[test]
fn rule_3_0_combat_patrol_follows_the_offensive_sequence() {
    let mut want = vec![Step::FriendlyHigherHq];
    want.extend(COMMAND_PHASE);
    want.extend([Step::EnemyHigherHq, Step::EnemyActivity]);
    want.extend(AFTER_ENEMY);
    assert_eq!(full_turn_steps(MissionKind::Patrol), want);
}

#[test]
fn rule_3_0_defensive_turn_has_enemy_activity_before_the_command_phase() {
    let mut want = vec![
        Step::FriendlyHigherHq,
        Step::EnemyHigherHq,
        Step::EnemyActivity,
    ];
    want.extend(COMMAND_PHASE);
    want.extend(AFTER_ENEMY);
    assert_eq!(full_turn_steps(MissionKind::Defensive), want);
}

#[test]
fn rule_3_0_enemy_activity_steps_cite_3_2_on_defence_and_3_4_on_offence() {
    let rules = |kind| {
        let data = data_with(|m| m.kind = kind);
        let mut g = start(&data, Options::default(), &[]);
        finish_turn(&mut g);
        g.log()
            .iter()
            .filter(|e| e.turn == 1)
            .filter_map(|e| match e.kind {
                EventKind::StepBegins {
                    step: Step::EnemyHigherHq | Step::EnemyActivity,
                } => Some(e.rule.clone()),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(rules(MissionKind::Defensive), ["3.2.1", "3.2.2"]);
    assert_eq!(rules(MissionKind::Offensive), ["3.4.1", "3.4.2"]);
}

#[test]
fn rule_3_0_turn_counter_advances_each_turn() {
    let data = data();
    let mut g = start(&data, Options::default(), &[]);
    assert_eq!(g.prompt().turn, 1);
    for turn in 2..=4u8 {
        finish_turn(&mut g);
        assert_eq!(g.prompt().turn, turn);
        assert_eq!(g.state().turn, turn);
        let begins: Vec<u8> = g
            .log()
            .iter()
            .filter_map(|e| match e.kind {
                EventKind::TurnBegins { turn } => Some(turn),
                _ => None,
            })
            .collect();
        assert_eq!(begins, (1..=turn).collect::<Vec<_>>());
        // The new turn opens with the Friendly Higher HQ Event Phase.
        assert_eq!(steps_begun(g.log(), turn)[0], Step::FriendlyHigherHq);
    }
}

#[test]
fn rule_3_0_mission_ends_after_its_last_turn_and_accepts_no_input() {
    let data = data_with(|m| m.turns = 2);
    let mut g = start(&data, Options::default(), &[]);
    finish_turn(&mut g);
    assert_eq!(g.state().turn, 2);
    assert!(!g.is_over());
    finish_turn(&mut g);
    assert!(g.is_over());
    assert_eq!(g.prompt().decision, Decision::MissionOver);
    assert!(g.legal_inputs().is_empty());
    // The last turn was played out to its Clean Up Phase, then the mission
    // ended; no third turn began.
    let last = steps_begun(g.log(), 2);
    assert_eq!(last.last(), Some(&Step::CleanUp));
    let ends: Vec<&Event> = g
        .log()
        .iter()
        .filter(|e| matches!(e.kind, EventKind::MissionEnds { .. }))
        .collect();
    assert_eq!(ends.len(), 1);
    assert_eq!(ends[0].turn, 2);
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e.kind, EventKind::TurnBegins { turn: 3 }))
    );
    let co = id(&g, "co_hq");
    for input in [
        Input::EndImpulse,
        Input::ChooseHq(co),
        order(Some(co), Action::FlipToFireTeam { unit: co }),
    ] {
        let why = refused(&mut g, &input);
        assert!(why.contains("over"), "{why}");
    }
}

// ===========================================================================
// 3.1, 3.2.1, 3.4.1: Higher HQ checks
// ===========================================================================

#[test]
fn rule_3_1_no_friendly_higher_hq_check_on_turn_1() {
    let data = data();
    let c = helmet(&data, 3, &[]);
    let g = start(&data, Options::default(), &[c]);
    assert!(higher_hq_checks(g.log(), 1).is_empty());
    let nothing = g
        .log()
        .iter()
        .find(|e| e.step == Step::FriendlyHigherHq && matches!(e.kind, EventKind::Nothing { .. }))
        .expect("the phase says why nothing happens");
    assert_eq!(nothing.rule, "3.1");
    assert!(nothing.cards.is_empty());
    // The first card of the game went to the CO HQ's command draw.
    let co = id(&g, "co_hq");
    assert_eq!(draw_of(g.log(), co).cards[0].card, c);
    assert_eq!(g.state().deck.cards_drawn(), 1);
}

#[test]
fn rule_3_1_turn_2_draws_one_card_and_stops_without_the_higher_hq_icon() {
    let data = data();
    let mut g = start(&data, Options::default(), &[]);
    to_general_initiative(&mut g);
    let plain = no_icon(&data, &[]);
    top(&mut g, &[plain]);
    g.apply(&Input::EndImpulse).unwrap();
    let checks = higher_hq_checks(g.log(), 2);
    let (friendly, event, rule, cards) = &checks[0];
    assert!(*friendly);
    assert_eq!(*event, None);
    assert_eq!(rule, "3.1");
    assert_eq!(cards.len(), 1);
    assert_eq!(cards[0].card, plain);
    assert_eq!(cards[0].section, Section::HigherHq);
}

#[test]
fn rule_3_1_higher_hq_icon_draws_a_second_card_read_under_10() {
    let data = data();
    let mut g = start(&data, Options::default(), &[]);
    to_general_initiative(&mut g);
    let icon = find(&data, &[], |c| c.higher_hq);
    // The second card's R# under 10 picks the event; take one whose value
    // is not 1 so that a wrong reading shows.
    let rn = find(&data, &[icon], |c| {
        c.random_number(10).is_some_and(|v| v > 1)
    });
    top(&mut g, &[icon, rn]);
    g.apply(&Input::EndImpulse).unwrap();
    let checks = higher_hq_checks(g.log(), 2);
    let (friendly, event, rule, cards) = &checks[0];
    assert!(*friendly);
    assert_eq!(rule, "3.1");
    assert_eq!(*event, card(&data, rn).random_number(10));
    let read: Vec<(u8, Section)> = cards.iter().map(|c| (c.card, c.section)).collect();
    assert_eq!(read, [(icon, Section::HigherHq), (rn, Section::Random(10))]);
}

#[test]
fn rule_3_4_1_enemy_higher_hq_check_follows_the_command_phase_from_turn_2() {
    let data = data();
    let mut g = start(&data, Options::default(), &[]);
    finish_turn(&mut g);
    // Turn 1: nothing, and no card.
    let t1: Vec<&Event> = g
        .log()
        .iter()
        .filter(|e| e.turn == 1 && e.step == Step::EnemyHigherHq)
        .collect();
    assert!(t1.iter().all(|e| e.cards.is_empty()));
    assert!(
        t1.iter()
            .any(|e| e.rule == "3.4.1" && matches!(e.kind, EventKind::Nothing { .. }))
    );
    // Turn 2: after the General Initiative impulse, a check with the icon.
    to_general_initiative(&mut g);
    let icon = find(&data, &[], |c| c.higher_hq);
    let rn = find(&data, &[icon], |c| {
        c.random_number(10).is_some_and(|v| v > 1)
    });
    top(&mut g, &[icon, rn]);
    let ev = g.apply(&Input::EndImpulse).unwrap();
    let checks = higher_hq_checks(&ev, 2);
    assert_eq!(checks.len(), 1);
    let (friendly, event, rule, _) = &checks[0];
    assert!(!*friendly);
    assert_eq!(rule, "3.4.1");
    assert_eq!(*event, card(&data, rn).random_number(10));
}

#[test]
fn rule_3_2_1_defensive_enemy_higher_hq_check_comes_before_the_co_hq_draw() {
    let data = data_with(|m| m.kind = MissionKind::Defensive);
    let mut g = start(&data, Options::default(), &[]);
    to_general_initiative(&mut g);
    let plain = no_icon(&data, &[]);
    let icon = find(&data, &[plain], |c| c.higher_hq);
    let rn = find(&data, &[plain, icon], |c| {
        c.random_number(10).is_some_and(|v| v > 1)
    });
    let co_card = helmet(&data, 3, &[plain, icon, rn]);
    top(&mut g, &[plain, icon, rn, co_card]);
    g.apply(&Input::EndImpulse).unwrap();
    let checks = higher_hq_checks(g.log(), 2);
    assert_eq!(checks.len(), 2);
    assert!(checks[0].0 && checks[0].1.is_none() && checks[0].2 == "3.1");
    assert!(!checks[1].0);
    assert_eq!(checks[1].2, "3.2.1");
    assert_eq!(checks[1].1, card(&data, rn).random_number(10));
    // The CO HQ drew next, from the card after them.
    let co = id(&g, "co_hq");
    let d = draws_of(g.log(), Some(co));
    assert_eq!(d[1].turn, 2);
    assert_eq!(d[1].cards[0].card, co_card);
}

// ===========================================================================
// 3.3.1 A: the battalion and the CO HQ's activation
// ===========================================================================

#[test]
fn rule_3_3_1_a_co_hq_in_the_staging_area_is_activated_automatically() {
    let data = data();
    let c = helmet(&data, 3, &[]);
    let g = start(&data, Options::default(), &[c]);
    let co = id(&g, "co_hq");
    assert_eq!(activated_events(g.log()), [(co, "3.3.1 A".to_string())]);
    let d = draw_of(g.log(), co);
    assert_eq!(d.step, Step::CoHqImpulse);
    assert_eq!(d.drawn, card(&data, c).activated);
    assert_eq!(d.cards[0].section, Section::Activated);
    assert!(is_orders_of(&g, co));
    assert_eq!(g.prompt().step, Step::CoHqImpulse);
}

#[test]
fn rule_3_3_1_a_co_hq_on_the_map_with_a_bn_manpack_radio_is_activated() {
    let data = data_with(|m| m.company[0].start = Start::Card(At(1, 2)));
    let c = helmet(&data, 3, &[]);
    let g = start(&data, Options::default(), &[c]);
    let co = id(&g, "co_hq");
    assert_eq!(g.state().unit(co).pos, p(1, 2));
    assert_eq!(activated_events(g.log()), [(co, "3.3.1 A".to_string())]);
    let d = draw_of(g.log(), co);
    assert_eq!(d.step, Step::CoHqImpulse);
    assert_eq!(d.drawn, card(&data, c).activated);
}

#[test]
fn rule_3_3_1_a_co_hq_out_of_communication_with_battalion_draws_initiative() {
    // On the map with no battalion radio: not activated (4.1.1 note); it
    // draws the star number in the Initiative Segment (3.3.2 A).
    let data = data_with(|m| {
        m.company[0].start = Start::Card(At(1, 2));
        m.radios.retain(|r| r.net != Net::BnTac);
    });
    let c = find(&data, &[], |c| {
        c.activated != c.initiative && c.initiative > 0
    });
    let g = start(&data, Options::default(), &[c]);
    let co = id(&g, "co_hq");
    assert!(activated_events(g.log()).is_empty());
    assert!(
        g.log()
            .iter()
            .any(|e| e.step == Step::BnHqImpulse && matches!(e.kind, EventKind::Nothing { .. }))
    );
    let d = draw_of(g.log(), co);
    assert_eq!(d.step, Step::CoHqInitiative);
    assert_eq!(d.rule, "3.3.2");
    assert_eq!(d.drawn, card(&data, c).initiative);
    assert_eq!(d.cards[0].section, Section::Initiative);
    assert_eq!(g.prompt().step, Step::CoHqInitiative);
    assert!(is_orders_of(&g, co));
}

#[test]
fn rule_3_3_1_a_bn_hq_on_the_map_gets_the_maximum_cannot_save_and_activates_the_co_hq() {
    let data = data_with(|m| {
        m.company.push(entry(
            "bn_cmdr",
            "us_bn_cmdr",
            "BN Cmdr",
            None,
            Experience::Line,
            Start::Card(At(1, 2)),
        ));
        m.radios
            .push(radio("bn_cmdr", "SCR-300", RadioClass::Manpack, Net::BnTac));
    });
    let c = helmet(&data, 3, &[]);
    let mut g = start(&data, Options::default(), &[c]);
    let bn = id(&g, "bn_cmdr");
    let co = id(&g, "co_hq");
    // The CO HQ is not activated automatically while the BN HQ is on the map.
    assert!(activated_events(g.log()).is_empty());
    assert_eq!(g.prompt().step, Step::BnHqImpulse);
    assert_eq!(
        g.prompt().decision,
        Decision::Orders {
            hq: Some(bn),
            left: 6,
            spent: 0,
            available: 6
        }
    );
    let d = draw_of(g.log(), bn);
    assert_eq!((d.total, d.modifier, d.saved), (6, 0, 0));
    assert!(d.cards.is_empty(), "no card is drawn for the BN HQ");
    let activate = order(Some(bn), Action::Activate { hq: co });
    assert!(legal(&g, &activate));
    g.apply(&activate).unwrap();
    let ev = g.apply(&Input::EndImpulse).unwrap();
    assert_eq!(impulse_end(&ev, Some(bn)), (0, 5));
    let d = draw_of(&ev, co);
    assert_eq!(d.step, Step::CoHqImpulse);
    assert_eq!(d.drawn, card(&data, c).activated);
}

#[test]
fn rule_4_1_1_bn_hq_gets_four_commands_in_limited_visibility() {
    let data = data_with(|m| {
        m.visibility = "dark".into();
        m.company.push(entry(
            "bn_cmdr",
            "us_bn_cmdr",
            "BN Cmdr",
            None,
            Experience::Line,
            Start::Card(At(1, 2)),
        ));
    });
    let g = start(&data, Options::default(), &[]);
    let bn = id(&g, "bn_cmdr");
    assert_eq!(
        g.prompt().decision,
        Decision::Orders {
            hq: Some(bn),
            left: 4,
            spent: 0,
            available: 4
        }
    );
}

// ===========================================================================
// 3.3.1 B, 4.1.1, 4.1.2: the command draw and its modifiers
// ===========================================================================

#[test]
fn rule_4_1_2_line_hq_in_contact_draws_the_printed_number() {
    let d = plt1_modifier(|_, _| {});
    assert_eq!((d.drawn, d.modifier, d.total), (3, 0, 3));
    assert_eq!(d.cards[0].section, Section::Initiative);
}

#[test]
fn rule_4_1_2_pinned_hq_draws_one_less() {
    let d = plt1_modifier(|g, hq| g.state_mut().unit_mut(hq).pinned = true);
    assert_eq!((d.drawn, d.modifier, d.total), (3, -1, 2));
}

#[test]
fn rule_4_1_2_green_hq_draws_one_less() {
    let d = plt1_modifier(|g, hq| g.state_mut().unit_mut(hq).experience = Experience::Green);
    assert_eq!((d.modifier, d.total), (-1, 2));
}

#[test]
fn rule_4_1_2_veteran_hq_draws_one_more() {
    let d = plt1_modifier(|g, hq| g.state_mut().unit_mut(hq).experience = Experience::Veteran);
    assert_eq!((d.modifier, d.total), (1, 4));
}

#[test]
fn rule_4_1_2_hq_under_a_cover_marker_draws_one_more() {
    let d = plt1_modifier(|g, hq| {
        g.state_mut().unit_mut(hq).pos = p(1, 1);
        under_cover(g, hq);
    });
    assert_eq!((d.modifier, d.total), (1, 4));
}

#[test]
fn rule_4_1_2_small_arms_vof_on_the_hq_card_is_minus_1() {
    let d = plt1_modifier(|g, hq| {
        g.state_mut().unit_mut(hq).pos = p(1, 1);
        add_enemy(g, "de_leader", p(2, 1), true);
        fire(g, Side::Enemy, p(2, 1), p(1, 1));
    });
    assert_eq!((d.modifier, d.total), (-1, 2));
}

#[test]
fn rule_4_1_2_vof_on_another_card_does_not_count() {
    let d = plt1_modifier(|g, hq| {
        g.state_mut().unit_mut(hq).pos = p(1, 1);
        add_enemy(g, "de_rifle_squad", p(3, 2), true);
        fire(g, Side::Enemy, p(3, 2), p(1, 2));
    });
    assert_eq!((d.modifier, d.total), (0, 3));
}

#[test]
fn rule_4_1_2_automatic_weapons_vof_is_minus_2() {
    let d = plt1_modifier(|g, hq| {
        g.state_mut().unit_mut(hq).pos = p(1, 1);
        add_enemy(g, "de_rifle_squad", p(3, 1), true);
        fire(g, Side::Enemy, p(3, 1), p(1, 1));
    });
    assert_eq!((d.modifier, d.total), (-2, 1));
}

#[test]
fn rule_4_1_2_heavy_weapons_vof_is_minus_3() {
    // None of our German counters fires H: borrow the 81mm section's
    // ratings for an enemy heavy weapon.
    let d = plt1_modifier(|g, hq| {
        g.state_mut().unit_mut(hq).pos = p(1, 1);
        add_enemy(g, "us_mortar_81", p(3, 1), true);
        fire(g, Side::Enemy, p(3, 1), p(1, 1));
    });
    assert_eq!((d.modifier, d.total), (-3, 0));
}

#[test]
fn rule_4_1_2_sniper_vof_is_minus_3() {
    let d = plt1_modifier(|g, hq| {
        g.state_mut().unit_mut(hq).pos = p(1, 1);
        add_enemy(g, "de_sniper", p(3, 1), true);
        fire(g, Side::Enemy, p(3, 1), p(1, 1));
    });
    assert_eq!((d.modifier, d.total), (-3, 0));
}

#[test]
fn rule_4_1_2_incoming_marker_is_minus_3() {
    let d = plt1_modifier(|g, hq| {
        g.state_mut().unit_mut(hq).pos = p(1, 1);
        g.state_mut()
            .map
            .card_mut(p(1, 1))
            .unwrap()
            .markers
            .incoming = true;
    });
    assert_eq!((d.modifier, d.total), (-3, 0));
}

#[test]
fn rule_4_1_2_only_the_cards_vof_marker_counts_not_each_firer() {
    // Decision (6.2: a card carries one VOF marker, the best): small arms
    // and automatic fire into the same card give -2, not -3.
    let d = plt1_modifier(|g, hq| {
        g.state_mut().unit_mut(hq).pos = p(1, 1);
        add_enemy(g, "de_leader", p(3, 1), true);
        add_enemy(g, "de_rifle_squad", p(2, 2), true);
        fire(g, Side::Enemy, p(3, 1), p(1, 1));
        fire(g, Side::Enemy, p(2, 2), p(1, 1));
    });
    assert_eq!((d.modifier, d.total), (-2, 1));
}

#[test]
fn rule_4_1_2_no_contact_adds_one() {
    let d = plt1_modifier(|g, _| g.state_mut().activity = Activity::NoContact);
    assert_eq!((d.modifier, d.total), (1, 4));
    for level in [Activity::Engaged, Activity::HeavilyEngaged] {
        let d = plt1_modifier(|g, _| g.state_mut().activity = level);
        assert_eq!((d.modifier, d.total), (0, 3), "{level:?}");
    }
}

#[test]
fn rule_4_1_2_modifiers_add_up() {
    // Veteran +1, under cover +1, pinned -1, automatic fire -2: -1.
    let d = plt1_modifier(|g, hq| {
        let u = g.state_mut().unit_mut(hq);
        u.pos = p(1, 1);
        u.experience = Experience::Veteran;
        u.pinned = true;
        under_cover(g, hq);
        add_enemy(g, "de_rifle_squad", p(3, 1), true);
        fire(g, Side::Enemy, p(3, 1), p(1, 1));
    });
    assert_eq!((d.drawn, d.modifier, d.total), (3, -1, 2));
}

#[test]
fn rule_4_1_2_an_activated_hq_gets_at_least_one_command() {
    let data = data();
    let mut g = start(&data, Options::default(), &[]);
    let co = id(&g, "co_hq");
    let plt1 = id(&g, "1plt_hq");
    g.apply(&order(Some(co), Action::Activate { hq: plt1 }))
        .unwrap();
    // Pinned (-1) under sniper fire (-3), in Contact: a printed 1 gives -3.
    {
        let s = g.state_mut();
        s.activity = Activity::Contact;
        let u = s.unit_mut(plt1);
        u.pos = p(1, 1);
        u.pinned = true;
    }
    add_enemy(&mut g, "de_sniper", p(3, 1), true);
    fire(&mut g, Side::Enemy, p(3, 1), p(1, 1));
    let c = helmet(&data, 1, &[]);
    top(&mut g, &[c]);
    let ev = g.apply(&Input::EndImpulse).unwrap();
    let d = draw_of(&ev, plt1);
    assert_eq!(d.step, Step::ActivatedImpulses);
    assert_eq!(d.cards[0].section, Section::Activated);
    assert_eq!((d.drawn, d.modifier, d.total), (1, -4, 1));
}

#[test]
fn rule_4_1_2_an_hq_on_initiative_may_get_zero_commands() {
    let data = data();
    let mut g = at_plt_initiative(&data, Options::default());
    let plt3 = id(&g, "3plt_hq"); // Green
    g.state_mut().activity = Activity::Contact;
    g.state_mut().unit_mut(plt3).pinned = true;
    let c = star(&data, 1, &[]);
    let d = draw_now(&mut g, plt3, c);
    assert_eq!((d.drawn, d.modifier, d.total), (1, -2, 0));
    assert!(matches!(
        g.prompt().decision,
        Decision::Orders { hq: Some(h), left: 0, available: 0, .. } if h == plt3
    ));
    // Nothing can be ordered with no commands.
    assert_eq!(g.legal_inputs(), [Input::EndImpulse]);
}

#[test]
fn rule_4_1_2_command_draw_reads_the_modified_helmet_for_the_co_hq() {
    // A Veteran CO HQ in the staging area on turn 1 (No Contact): +2.
    let data = data_with(|m| m.company[0].experience = Experience::Veteran);
    let c = helmet(&data, 3, &[]);
    let g = start(&data, Options::default(), &[c]);
    let d = draw_of(g.log(), id(&g, "co_hq"));
    assert_eq!((d.drawn, d.modifier, d.total), (3, 2, 5));
}

// ===========================================================================
// 3.3.2 D: General Initiative
// ===========================================================================

fn general_initiative(kind: MissionKind, printed: u8) -> (Game, Draw) {
    let data = data_with(|m| m.kind = kind);
    let mut g = start(&data, Options::default(), &[]);
    // Staff impulses draw no card: the next card goes to General Initiative.
    pass_until(&mut g, |g| g.state().step == Step::StaffInitiative);
    let c = star(&data, printed, &[]);
    top(&mut g, &[c]);
    to_general_initiative(&mut g);
    let d = draws_of(g.log(), None);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].cards[0].card, c);
    (g, d[0].clone())
}

#[test]
fn rule_3_3_2_d_general_initiative_is_not_modified() {
    // No Contact would add +1 to an HQ's draw: not to this one.
    let (g, d) = general_initiative(MissionKind::Offensive, 3);
    assert_eq!(g.state().activity, Activity::NoContact);
    assert_eq!((d.drawn, d.modifier, d.total, d.saved), (3, 0, 3, 0));
    assert_eq!(d.cards[0].section, Section::Initiative);
    assert_eq!(d.step, Step::GeneralInitiative);
    assert!(matches!(
        g.prompt().decision,
        Decision::Orders {
            hq: None,
            available: 3,
            ..
        }
    ));
}

#[test]
fn rule_3_3_2_d_general_initiative_is_halved_rounding_down_on_a_combat_patrol() {
    let (_, d) = general_initiative(MissionKind::Patrol, 3);
    assert_eq!((d.drawn, d.total), (3, 1));
    let (_, d) = general_initiative(MissionKind::Patrol, 4);
    assert_eq!((d.drawn, d.total), (4, 2));
    let (_, d) = general_initiative(MissionKind::Defensive, 3);
    assert_eq!((d.drawn, d.total), (3, 3));
}

#[test]
fn rule_3_3_2_d_general_initiative_commands_are_not_saved() {
    let (mut g, d) = general_initiative(MissionKind::Offensive, 2);
    assert_eq!(d.total, 2);
    let ev = g.apply(&Input::EndImpulse).unwrap();
    assert_eq!(impulse_end(&ev, None), (0, 2));
}

#[test]
fn rule_3_3_2_d_general_initiative_needs_no_hq_and_cannot_activate() {
    let (mut g, _) = general_initiative(MissionKind::Offensive, 3);
    let co = id(&g, "co_hq");
    let plt1 = id(&g, "1plt_hq");
    let sq = id(&g, "1_1");
    // Any unit in play, no originator, no communication needed.
    let mv = order(
        None,
        Action::Move {
            unit: sq,
            to: p(1, 1),
            cover: None,
        },
    );
    assert!(legal(&g, &mv));
    let act = order(None, Action::Activate { hq: plt1 });
    assert!(!legal(&g, &act));
    let why = refused(&mut g, &act);
    assert!(why.contains("3.3.2 D"), "{why}");
    let act_by_co = order(Some(co), Action::Activate { hq: plt1 });
    assert!(!legal(&g, &act_by_co));
    refused(&mut g, &act_by_co);
    g.apply(&mv).unwrap();
}

// ===========================================================================
// 3.3.1 C: activated platoon HQs and staff, in the player's order
// ===========================================================================

/// Turn 1: the CO HQ activates 1 and 2 PLT HQ and ends its impulse.
fn with_two_activated(data: &Arc<DataSet>) -> Game {
    let mut g = start(data, Options::default(), &[]);
    let co = id(&g, "co_hq");
    for r in ["1plt_hq", "2plt_hq"] {
        let h = id(&g, r);
        g.apply(&order(Some(co), Action::Activate { hq: h }))
            .unwrap();
    }
    g.apply(&Input::EndImpulse).unwrap();
    g
}

#[test]
fn rule_3_3_1_c_activated_hqs_draw_the_helmet_in_the_order_the_player_chooses() {
    let data = data();
    let mut g = with_two_activated(&data);
    let plt1 = id(&g, "1plt_hq");
    let plt2 = id(&g, "2plt_hq");
    assert_eq!(g.prompt().step, Step::ActivatedImpulses);
    assert_eq!(g.prompt().rule, "3.3.1 C");
    assert_eq!(choose_candidates(&g), [plt1, plt2]);
    assert_eq!(
        g.legal_inputs(),
        [Input::ChooseHq(plt1), Input::ChooseHq(plt2)]
    );
    // The player takes 2 PLT HQ first.
    let c = find(&data, &[], |c| c.activated != c.initiative);
    let d = draw_now(&mut g, plt2, c);
    assert_eq!(d.step, Step::ActivatedImpulses);
    assert_eq!(d.cards[0].section, Section::Activated);
    assert_eq!(d.drawn, card(&data, c).activated);
    assert!(is_orders_of(&g, plt2));
}

#[test]
fn rule_3_3_1_c_choosing_an_hq_that_has_no_impulse_now_is_refused() {
    let data = data();
    let mut g = with_two_activated(&data);
    for r in ["3plt_hq", "xo", "1_1", "co_hq"] {
        let u = id(&g, r);
        assert!(!legal(&g, &Input::ChooseHq(u)));
        let why = refused(&mut g, &Input::ChooseHq(u));
        assert!(why.contains("no impulse"), "{why}");
    }
    // Orders wait for an HQ to be chosen.
    let plt1 = id(&g, "1plt_hq");
    let why = refused(
        &mut g,
        &order(Some(plt1), Action::FlipToFireTeam { unit: plt1 }),
    );
    assert!(why.contains("choose"), "{why}");
    refused(&mut g, &Input::EndImpulse);
}

#[test]
fn rule_3_3_1_c_one_hq_finishes_its_impulse_before_the_next_draws() {
    let data = data();
    let mut g = with_two_activated(&data);
    let plt1 = id(&g, "1plt_hq");
    let plt2 = id(&g, "2plt_hq");
    let sq = id(&g, "1_1");
    let a = helmet(&data, 4, &[]);
    let b = helmet(&data, 2, &[a]);
    top(&mut g, &[a, b]);
    g.apply(&Input::ChooseHq(plt2)).unwrap();
    // 1 PLT HQ has not drawn yet, cannot be chosen, and cannot spend.
    assert!(draws_of(g.log(), Some(plt1)).is_empty());
    assert!(
        !g.legal_inputs()
            .iter()
            .any(|i| matches!(i, Input::ChooseHq(_)))
    );
    let why = refused(&mut g, &Input::ChooseHq(plt1));
    assert!(why.contains("4.1"), "{why}");
    let mv = order(
        Some(plt1),
        Action::Move {
            unit: sq,
            to: p(1, 1),
            cover: None,
        },
    );
    let why = refused(&mut g, &mv);
    assert!(why.contains("only 2 PLT HQ"), "{why}");
    // Once 2 PLT HQ ends, 1 PLT HQ (the last one left) draws at once.
    let ev = g.apply(&Input::EndImpulse).unwrap();
    let d = draw_of(&ev, plt1);
    assert_eq!(d.cards[0].card, b);
    assert_eq!(d.step, Step::ActivatedImpulses);
    assert!(is_orders_of(&g, plt1));
    assert!(legal(&g, &mv));
}

#[test]
fn rule_3_3_1_c_activated_plt_hqs_take_no_initiative_impulse() {
    let data = data();
    let mut g = with_two_activated(&data);
    let plt3 = id(&g, "3plt_hq");
    pass_until(&mut g, |g| g.state().step == Step::StaffInitiative);
    for r in ["1plt_hq", "2plt_hq"] {
        let d = draws_of(g.log(), Some(id(&g, r)));
        assert_eq!(d.len(), 1, "{r} draws once");
        assert_eq!(d[0].step, Step::ActivatedImpulses);
    }
    let d = draws_of(g.log(), Some(plt3));
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].step, Step::PltHqInitiative);
    assert_eq!(d[0].cards[0].section, Section::Initiative);
}

#[test]
fn rule_3_3_1_c_an_activated_co_staff_draws_the_helmet_and_may_activate_a_plt_hq() {
    // 4.0: platoon HQs are subordinate to the CO staff; 3.3.2 C forbids
    // only the staff's initiative commands to activate them.
    let data = data();
    let mut g = start(&data, Options::default(), &[]);
    let co = id(&g, "co_hq");
    let xo = id(&g, "xo");
    let plt3 = id(&g, "3plt_hq");
    g.apply(&order(Some(co), Action::Activate { hq: xo }))
        .unwrap();
    let a = find(&data, &[], |c| {
        c.activated != c.initiative && c.activated > 1
    });
    let b = helmet(&data, 2, &[a]);
    top(&mut g, &[a, b]);
    let ev = g.apply(&Input::EndImpulse).unwrap();
    let d = draw_of(&ev, xo);
    assert_eq!(d.step, Step::ActivatedImpulses);
    assert_eq!(d.drawn, card(&data, a).activated);
    assert_eq!(d.cards[0].section, Section::Activated);
    let act = order(Some(xo), Action::Activate { hq: plt3 });
    assert!(legal(&g, &act));
    g.apply(&act).unwrap();
    let ev = g.apply(&Input::EndImpulse).unwrap();
    let d = draw_of(&ev, plt3);
    assert_eq!(d.step, Step::ActivatedImpulses);
    assert_eq!(d.drawn, 2);
    assert_eq!(d.cards[0].section, Section::Activated);
}

// ===========================================================================
// 3.3.2 A-C: the Initiative Segment
// ===========================================================================

#[test]
fn rule_3_3_2_b_plt_hqs_not_activated_draw_the_star_in_the_players_order() {
    let data = data();
    let mut g = at_plt_initiative(&data, Options::default());
    let plt1 = id(&g, "1plt_hq");
    let plt2 = id(&g, "2plt_hq");
    let plt3 = id(&g, "3plt_hq");
    assert_eq!(g.prompt().rule, "3.3.2 B");
    assert_eq!(choose_candidates(&g), [plt1, plt2, plt3]);
    let c = find(&data, &[], |c| c.activated != c.initiative);
    let d = draw_now(&mut g, plt3, c);
    assert_eq!(d.step, Step::PltHqInitiative);
    assert_eq!(d.drawn, card(&data, c).initiative);
    assert_eq!(d.cards[0].section, Section::Initiative);
    g.apply(&Input::EndImpulse).unwrap();
    assert_eq!(choose_candidates(&g), [plt1, plt2]);
}

#[test]
fn rule_3_3_2_c_staff_not_activated_get_one_command_and_draw_no_card() {
    let data = data();
    let mut g = start(&data, Options::default(), &[]);
    let xo = id(&g, "xo");
    let sg = id(&g, "first_sgt");
    pass_until(&mut g, |g| g.state().step == Step::StaffInitiative);
    assert_eq!(g.prompt().rule, "3.3.2 C");
    assert_eq!(choose_candidates(&g), [xo, sg]);
    g.state_mut().hq_state_mut(sg).unwrap().saved = 2;
    let before = g.state().deck.cards_drawn();
    let ev = g.apply(&Input::ChooseHq(sg)).unwrap();
    assert_eq!(g.state().deck.cards_drawn(), before, "no card drawn");
    let d = draw_of(&ev, sg);
    assert_eq!(d.rule, "3.3.2 C");
    assert!(d.cards.is_empty());
    assert_eq!((d.drawn, d.modifier, d.saved, d.total), (1, 0, 2, 3));
    // The XO, the last staff unit left, takes its impulse at once.
    let ev = g.apply(&Input::EndImpulse).unwrap();
    let d = draw_of(&ev, xo);
    assert_eq!((d.drawn, d.total), (1, 1));
    assert!(is_orders_of(&g, xo));
    assert_eq!(g.state().deck.cards_drawn(), before, "no card drawn");
}

#[test]
fn rule_3_3_2_c_staff_modifiers_do_not_apply_to_the_single_command() {
    // A pinned Green XO still gets exactly one command: no draw, nothing
    // to modify.
    let data = data();
    let mut g = start(&data, Options::default(), &[]);
    let xo = id(&g, "xo");
    pass_until(&mut g, |g| g.state().step == Step::StaffInitiative);
    {
        let u = g.state_mut().unit_mut(xo);
        u.pinned = true;
        u.experience = Experience::Green;
    }
    let ev = g.apply(&Input::ChooseHq(xo)).unwrap();
    let d = draw_of(&ev, xo);
    assert_eq!((d.drawn, d.modifier, d.total), (1, 0, 1));
}

#[test]
fn rule_3_3_2_c_staff_initiative_commands_cannot_activate_plt_hqs() {
    let data = data();
    let mut g = start(&data, Options::default(), &[]);
    let xo = id(&g, "xo");
    let plt1 = id(&g, "1plt_hq");
    pass_until(&mut g, |g| g.state().step == Step::StaffInitiative);
    g.apply(&Input::ChooseHq(xo)).unwrap();
    let act = order(Some(xo), Action::Activate { hq: plt1 });
    assert!(!legal(&g, &act));
    let why = refused(&mut g, &act);
    assert!(why.contains("3.3.1"), "{why}");
    // The command itself is good for other orders.
    assert!(
        g.legal_inputs()
            .iter()
            .any(|i| matches!(i, Input::Order(o) if o.by == Some(xo)))
    );
}

#[test]
fn rule_3_3_2_a_co_hq_on_initiative_may_activate_a_plt_hq_which_then_draws_activated_commands() {
    // Decision (3.3.2 A-C, 4.2.1 a): the CO HQ on initiative spends its
    // commands as in the Activation Segment; only the staff's initiative
    // commands may not activate PLT HQs (3.3.2 C). The PLT HQ it activates
    // takes its impulse among the initiative impulses, with the helmet.
    let data = data_with(|m| {
        m.company[0].start = Start::Card(At(1, 2));
        m.radios.retain(|r| r.net != Net::BnTac);
    });
    let mut g = start(&data, Options::default(), &[]);
    let co = id(&g, "co_hq");
    let plt3 = id(&g, "3plt_hq");
    g.state_mut().unit_mut(plt3).pos = p(1, 2);
    assert_eq!(g.prompt().step, Step::CoHqInitiative);
    assert!(is_orders_of(&g, co));
    assert_eq!(orders::link(&g, co, plt3), Some(Link::VisualVerbal));
    let act = order(Some(co), Action::Activate { hq: plt3 });
    assert!(legal(&g, &act));
    g.apply(&act).unwrap();
    assert!(g.state().hq_state(plt3).unwrap().activated);
    g.apply(&Input::EndImpulse).unwrap();
    assert_eq!(g.prompt().step, Step::PltHqInitiative);
    let c = find(&data, &[], |c| c.activated != c.initiative);
    let d = draw_now(&mut g, plt3, c);
    assert_eq!(d.step, Step::PltHqInitiative);
    assert_eq!(d.cards[0].section, Section::Activated);
    assert_eq!(d.rule, "4.1.1");
}

#[test]
fn rule_3_3_2_b_a_plt_hq_on_initiative_activates_no_one() {
    let data = data();
    let mut g = at_plt_initiative(&data, Options::default());
    let plt1 = id(&g, "1plt_hq");
    let xo = id(&g, "xo");
    g.apply(&Input::ChooseHq(plt1)).unwrap();
    let act = order(Some(plt1), Action::Activate { hq: xo });
    assert!(!legal(&g, &act));
    let why = refused(&mut g, &act);
    assert!(why.contains("3.3.1"), "{why}");
}

// ===========================================================================
// 4.1.3: spending and saving
// ===========================================================================

/// Spends one command on the first legal one-command order the impulse's HQ
/// can give to another unit (moves preferred).
fn spend_one(g: &mut Game) {
    let hq = match g.prompt().decision {
        Decision::Orders { hq, .. } => hq,
        d => panic!("no impulse: {d:?}"),
    };
    let orders: Vec<Order> = g
        .legal_inputs()
        .into_iter()
        .filter_map(|i| match i {
            Input::Order(o) => Some(o),
            _ => None,
        })
        .filter(|o| o.action.cost() == 1)
        .filter(|o| !matches!(o.action, Action::Activate { .. }))
        .filter(|o| hq.is_none() || o.action.unit() != hq)
        .collect();
    let o = orders
        .iter()
        .find(|o| matches!(o.action, Action::Move { .. }))
        .or(orders.first())
        .expect("a one-command order")
        .clone();
    g.apply(&Input::Order(o)).unwrap();
}

#[test]
fn rule_4_1_3_at_most_six_commands_spent_per_impulse_by_day() {
    let data = data();
    let c = helmet(&data, 6, &[]);
    let mut g = start(&data, Options::default(), &[c]);
    let co = id(&g, "co_hq");
    // 6 + 1 (No Contact) = 7 at hand, 6 may be spent.
    assert_eq!(
        g.prompt().decision,
        Decision::Orders {
            hq: Some(co),
            left: 6,
            spent: 0,
            available: 7
        }
    );
    for n in 1..=6u8 {
        spend_one(&mut g);
        assert!(matches!(g.prompt().decision,
            Decision::Orders { left, spent, .. } if spent == n && left == 6 - n));
    }
    assert_eq!(g.legal_inputs(), [Input::EndImpulse]);
    let flip = order(Some(co), Action::FlipToFireTeam { unit: co });
    let why = refused(&mut g, &flip);
    assert!(why.contains("4.1.3"), "{why}");
    // The seventh command was not spent: it may be saved.
    let ev = g.apply(&Input::EndImpulse).unwrap();
    assert_eq!(impulse_end(&ev, Some(co)), (1, 0));
}

#[test]
fn rule_4_1_3_at_most_four_commands_spent_per_impulse_in_limited_visibility() {
    let data = data_with(|m| m.visibility = "dark".into());
    let c = helmet(&data, 5, &[]);
    let mut g = start(&data, Options::default(), &[c]);
    assert!(g.limited_visibility());
    let co = id(&g, "co_hq");
    assert_eq!(
        g.prompt().decision,
        Decision::Orders {
            hq: Some(co),
            left: 4,
            spent: 0,
            available: 6
        }
    );
    for _ in 0..4 {
        spend_one(&mut g);
    }
    assert_eq!(g.legal_inputs(), [Input::EndImpulse]);
    let ev = g.apply(&Input::EndImpulse).unwrap();
    assert_eq!(impulse_end(&ev, Some(co)), (2, 0));
}

/// 1, 2 or 3 PLT HQ (Line, Veteran, Green) draws for initiative with
/// `preset` saved commands, in Contact, spends nothing and ends: (saved,
/// lost) and the commands it had.
fn save_test(visibility: &str, roster: &str, preset: u8, printed: u8) -> (u8, u8, u8) {
    let v = visibility.to_string();
    let data = data_with(move |m| m.visibility = v);
    let mut g = at_plt_initiative(&data, Options::default());
    let hq = id(&g, roster);
    g.state_mut().activity = Activity::Contact;
    g.state_mut().hq_state_mut(hq).unwrap().saved = preset;
    let c = star(&data, printed, &[]);
    let d = draw_now(&mut g, hq, c);
    assert_eq!(d.saved, preset);
    // What the screen asks before the impulse ends is what ending it does.
    let ask = g.impulse_end().expect("an impulse");
    let ev = g.apply(&Input::EndImpulse).unwrap();
    let (saved, lost) = impulse_end(&ev, Some(hq));
    assert_eq!((ask.unspent, ask.saved, ask.lost), (d.total, saved, lost));
    // The log says what is kept and the limit that decides it (a play
    // test read "7 command(s) saved" as 7 added, and could not tell
    // whether 7 was allowed): the limit is what the rule allows.
    let text = &ev
        .iter()
        .find(|e| matches!(e.kind, EventKind::ImpulseEnds { hq: h, .. } if h == Some(hq)))
        .expect("the impulse ends")
        .text;
    let want = match (saved, lost) {
        (0, 0) => "no command left to keep".to_string(),
        (k, 0) => format!(
            "{k} command(s) kept for later turns (up to {} may be kept",
            ask.limit
        ),
        (k, l) => format!(
            "{k} command(s) kept for later turns, {l} lost: no more than {} may be kept",
            ask.limit
        ),
    };
    assert!(text.contains(&want), "{text}");
    assert!(lost == 0 || saved == ask.limit, "{text}");
    assert!(
        g.impulse_end().is_none() || g.state().impulse.as_ref().is_some_and(|i| i.hq != Some(hq))
    );
    assert_eq!(g.state().hq_state(hq).unwrap().saved, saved);
    (d.total, saved, lost)
}

#[test]
fn rule_4_1_3_green_hq_saves_three_by_day_and_two_in_limited_visibility() {
    // Green -1: 3 - 1 + 3 saved = 5.
    assert_eq!(save_test("day", "3plt_hq", 3, 3), (5, 3, 2));
    assert_eq!(save_test("dark", "3plt_hq", 3, 3), (5, 2, 3));
}

#[test]
fn rule_4_1_3_line_hq_saves_six_by_day_and_four_in_limited_visibility() {
    assert_eq!(save_test("day", "1plt_hq", 6, 2), (8, 6, 2));
    assert_eq!(save_test("dark", "1plt_hq", 6, 2), (8, 4, 4));
    // Below the limit nothing is lost.
    assert_eq!(save_test("day", "1plt_hq", 1, 2), (3, 3, 0));
}

#[test]
fn rule_4_1_3_veteran_hq_saves_nine_by_day_and_six_in_limited_visibility() {
    // Veteran +1: 2 + 1 + 8 saved = 11.
    assert_eq!(save_test("day", "2plt_hq", 8, 2), (11, 9, 2));
    assert_eq!(save_test("dark", "2plt_hq", 8, 2), (11, 6, 5));
}

#[test]
fn rule_4_1_3_saved_commands_carry_to_the_next_turn_and_add_to_the_draw() {
    let data = data();
    let first = helmet(&data, 2, &[]);
    let mut g = start(&data, Options::default(), &[first]);
    let co = id(&g, "co_hq");
    // 2 + 1 (No Contact) = 3; one spent, two saved.
    spend_one(&mut g);
    let ev = g.apply(&Input::EndImpulse).unwrap();
    assert_eq!(impulse_end(&ev, Some(co)), (2, 0));
    assert_eq!(g.state().hq_state(co).unwrap().saved, 2);
    to_general_initiative(&mut g);
    let plain = no_icon(&data, &[first]);
    let second = helmet(&data, 4, &[first, plain]);
    top(&mut g, &[plain, second]);
    let ev = g.apply(&Input::EndImpulse).unwrap();
    let d = draw_of(&ev, co);
    assert_eq!(d.turn, 2);
    assert_eq!((d.drawn, d.modifier, d.saved, d.total), (4, 1, 2, 7));
    assert_eq!(
        g.prompt().decision,
        Decision::Orders {
            hq: Some(co),
            left: 6,
            spent: 0,
            available: 7
        }
    );
}

// ===========================================================================
// 4.1.4: HQ and staff fire teams; 4.1.3: HQ-only actions
// ===========================================================================

#[test]
fn rule_4_1_4_hq_on_its_fire_team_side_can_only_order_itself() {
    let data = data();
    let mut g = at_plt_initiative(&data, Options::default());
    let plt1 = id(&g, "1plt_hq");
    let sq = id(&g, "1_1");
    g.state_mut().unit_mut(plt1).flipped = true;
    let c = star(&data, 3, &[]);
    draw_now(&mut g, plt1, c);
    let orders: Vec<Order> = g
        .legal_inputs()
        .into_iter()
        .filter_map(|i| match i {
            Input::Order(o) => Some(o),
            _ => None,
        })
        .collect();
    assert!(!orders.is_empty(), "it can still order itself");
    for o in &orders {
        assert_eq!(o.action.unit(), Some(plt1), "{o:?}");
    }
    // The squad stands where the HQ, a Fire Team LAT now (4.2.5), may go.
    g.state_mut().unit_mut(sq).pos = p(1, 1);
    let mv = order(
        Some(plt1),
        Action::Move {
            unit: sq,
            to: p(2, 1),
            cover: None,
        },
    );
    let why = refused(&mut g, &mv);
    assert!(why.contains("4.1.4"), "{why}");
    let own = order(
        Some(plt1),
        Action::Move {
            unit: plt1,
            to: p(1, 1),
            cover: None,
        },
    );
    assert!(legal(&g, &own));
    g.apply(&own).unwrap();
}

#[test]
fn rule_4_1_4_hq_on_its_fire_team_side_cannot_be_activated() {
    let data = data();
    let mut g = start(&data, Options::default(), &[]);
    let co = id(&g, "co_hq");
    let plt1 = id(&g, "1plt_hq");
    let act = order(Some(co), Action::Activate { hq: plt1 });
    assert!(legal(&g, &act));
    g.state_mut().unit_mut(plt1).flipped = true;
    assert!(!legal(&g, &act));
    refused(&mut g, &act);
    // It draws for initiative instead.
    g.apply(&Input::EndImpulse).unwrap();
    assert!(choose_candidates(&g).contains(&plt1));
    assert_eq!(g.prompt().step, Step::PltHqInitiative);
}

#[test]
fn rule_4_1_4_co_hq_on_its_fire_team_side_is_not_activated_and_draws_initiative() {
    let data = data();
    let mut g = start(&data, Options::default(), &[]);
    let co = id(&g, "co_hq");
    to_general_initiative(&mut g);
    g.state_mut().unit_mut(co).flipped = true;
    let plain = no_icon(&data, &[]);
    let c = find(&data, &[plain], |c| c.activated != c.initiative);
    top(&mut g, &[plain, c]);
    let ev = g.apply(&Input::EndImpulse).unwrap();
    assert!(activated_events(&ev).is_empty());
    assert!(
        ev.iter()
            .any(|e| e.rule == "4.1.4" && e.step == Step::BnHqImpulse)
    );
    let d = draw_of(&ev, co);
    assert_eq!(d.step, Step::CoHqInitiative);
    assert_eq!(d.drawn, card(&data, c).initiative);
    assert_eq!(d.cards[0].section, Section::Initiative);
}

#[test]
fn rule_4_1_3_hq_only_actions_under_general_initiative_need_an_hq_originator() {
    let (mut g, _) = general_initiative(MissionKind::Offensive, 2);
    let co = id(&g, "co_hq");
    let sq = id(&g, "1_3");
    let anon = order(None, Action::CreateRunner { from: sq });
    assert!(!legal(&g, &anon));
    let why = refused(&mut g, &anon);
    assert!(why.contains("4.1.3"), "{why}");
    let by_co = order(Some(co), Action::CreateRunner { from: sq });
    assert!(legal(&g, &by_co));
    // Other actions are given without an originator.
    let mv = order(
        Some(co),
        Action::Move {
            unit: sq,
            to: p(1, 2),
            cover: None,
        },
    );
    assert!(!legal(&g, &mv));
    refused(&mut g, &mv);
    // An HQ on its fire-team side cannot originate them.
    g.state_mut().unit_mut(co).flipped = true;
    assert!(!legal(&g, &by_co));
    refused(&mut g, &by_co);
    g.state_mut().unit_mut(co).flipped = false;
    g.apply(&by_co).unwrap();
}

// ===========================================================================
// The rulebook's worked examples
// ===========================================================================

/// Turn 2 of a game whose Current Activity is Contact (a spotted enemy far
/// off), the CO HQ (of `exp`) drawing `co_card` as its activated commands.
fn co_in_contact_turn_2(exp: Experience, co_card: u8) -> Game {
    let data = data_with(|m| m.company[0].experience = exp);
    let mut g = start(&data, Options::default(), &[]);
    to_general_initiative(&mut g);
    // The example's Command Display starts with nothing saved.
    let co = id(&g, "co_hq");
    g.state_mut().hq_state_mut(co).unwrap().saved = 0;
    add_enemy(&mut g, "de_rifle_squad", p(4, 2), true);
    let plain = no_icon(&data, &[co_card]);
    top(&mut g, &[plain, co_card]);
    g.apply(&Input::EndImpulse).unwrap();
    assert_eq!(g.state().turn, 2);
    assert_eq!(g.state().activity, Activity::Contact);
    g
}

#[test]
fn rule_4_1_3_example_co_hq_card_4_2_activated_gets_four_activates_two_and_saves_two() {
    let data = data();
    let c = find(&data, &[], |c| c.activated == 4 && c.initiative == 2);
    let mut g = co_in_contact_turn_2(Experience::Line, c);
    let co = id(&g, "co_hq");
    let d = draws_of(g.log(), Some(co)).pop().unwrap();
    assert_eq!(d.turn, 2);
    assert_eq!(d.cards[0].section, Section::Activated);
    assert_eq!((d.drawn, d.modifier, d.total), (4, 0, 4));
    assert_eq!(d.saved, 0);
    assert_eq!(
        g.prompt().decision,
        Decision::Orders {
            hq: Some(co),
            left: 4,
            spent: 0,
            available: 4
        }
    );
    let plt1 = id(&g, "1plt_hq");
    let plt2 = id(&g, "2plt_hq");
    g.apply(&order(Some(co), Action::Activate { hq: plt1 }))
        .unwrap();
    g.apply(&order(Some(co), Action::Activate { hq: plt2 }))
        .unwrap();
    let ev = g.apply(&Input::EndImpulse).unwrap();
    let (saved, lost) = impulse_end(&ev, Some(co));
    assert_eq!((saved, lost), (2, 0));
    // The Command Display: the CO HQ's Saved Commands marker on 2.
    assert_eq!(g.state().hq_state(co).unwrap().saved, 2);
    assert_eq!(choose_candidates(&g), [plt1, plt2]);
}

#[test]
fn rule_4_1_3_example_a_green_co_hq_would_get_three() {
    let data = data();
    let c = find(&data, &[], |c| c.activated == 4 && c.initiative == 2);
    let g = co_in_contact_turn_2(Experience::Green, c);
    let d = draws_of(g.log(), Some(id(&g, "co_hq"))).pop().unwrap();
    assert_eq!((d.drawn, d.modifier, d.total - d.saved), (4, -1, 3));
}

#[test]
fn rule_4_2_example_2nd_plt_card_5_4_veteran_under_sniper_fire_with_one_saved_has_four() {
    let data = data();
    let mut g = start(&data, Options::default(), &[]);
    let co = id(&g, "co_hq");
    let plt2 = id(&g, "2plt_hq");
    g.apply(&order(Some(co), Action::Activate { hq: plt2 }))
        .unwrap();
    // 2nd PLT HQ (Veteran) in the bocage, a spotted sniper firing into its
    // card, one command saved from an earlier turn.
    g.state_mut().unit_mut(plt2).pos = p(2, 2);
    g.state_mut().hq_state_mut(plt2).unwrap().saved = 1;
    add_enemy(&mut g, "de_sniper", p(3, 3), true);
    fire(&mut g, Side::Enemy, p(3, 3), p(2, 2));
    g.state_mut().activity = Activity::Contact; // the sniper is spotted
    let c = find(&data, &[], |c| c.activated == 5 && c.initiative == 4);
    top(&mut g, &[c]);
    let ev = g.apply(&Input::EndImpulse).unwrap();
    let d = draw_of(&ev, plt2);
    assert_eq!(d.step, Step::ActivatedImpulses);
    assert_eq!(d.drawn, 5);
    assert_eq!(d.modifier, 1 - 3);
    assert_eq!(d.total - d.saved, 3, "2nd PLT HQ receives 3 commands");
    assert_eq!(d.saved, 1);
    assert_eq!(d.total, 4, "four available with the saved one");
    assert!(matches!(g.prompt().decision,
        Decision::Orders { hq: Some(h), available: 4, left: 4, .. } if h == plt2));
}

/// The Command Example of 3.3 (steps 1-7): the CO HQ and 3 PLT HQ with
/// 1/3 on one card, not under cover; 2 PLT HQ and 2/2 on the next card;
/// the HQs carry SCR-536 handhelds, 2/2 no radio.
fn command_example(top: &[u8]) -> Game {
    let data = data_with(|m| {
        for e in &mut m.company {
            e.start = match e.id.as_str() {
                "co_hq" | "3plt_hq" | "1_3" => Start::Card(At(1, 2)),
                "2plt_hq" | "2_2" => Start::Card(At(2, 2)),
                _ => e.start,
            };
        }
    });
    start(&data, Options::default(), top)
}

#[test]
fn rule_3_3_command_example_co_hq_activated_activates_3_plt_by_voice_and_2_plt_by_radio() {
    let data = data();
    let a = find(&data, &[], |c| c.activated != c.initiative);
    let mut g = command_example(&[a]);
    let co = id(&g, "co_hq");
    let plt2 = id(&g, "2plt_hq");
    let plt3 = id(&g, "3plt_hq");
    // 1. Activated automatically (no Higher HQ in play); the helmet.
    assert_eq!(activated_events(g.log()), [(co, "3.3.1 A".to_string())]);
    let d = draw_of(g.log(), co);
    assert_eq!(d.drawn, card(&data, a).activated);
    assert_eq!(d.cards[0].section, Section::Activated);
    // 2. 3 PLT HQ on the same card, not under cover: voice.
    assert_eq!(orders::link(&g, co, plt3), Some(Link::VisualVerbal));
    // 6. 2 PLT HQ on the next card: the SCR-536.
    assert_eq!(orders::link(&g, co, plt2), Some(Link::Radio(Net::CoTac)));
    let act3 = order(Some(co), Action::Activate { hq: plt3 });
    let act2 = order(Some(co), Action::Activate { hq: plt2 });
    assert!(legal(&g, &act3) && legal(&g, &act2));
    let ev = g.apply(&act3).unwrap();
    assert_eq!(activated_events(&ev), [(plt3, "4.2.1 a".to_string())]);
    g.apply(&act2).unwrap();
    assert!(matches!(
        g.prompt().decision,
        Decision::Orders { spent: 2, .. }
    ));
}

#[test]
fn rule_3_3_command_example_co_hq_can_order_1_3_but_not_2_2_which_has_no_radio() {
    let mut g = command_example(&[]);
    let co = id(&g, "co_hq");
    let s13 = id(&g, "1_3");
    let s22 = id(&g, "2_2");
    // 5. The CO HQ could order 1/3 directly.
    let mv13 = order(
        Some(co),
        Action::Move {
            unit: s13,
            to: p(1, 1),
            cover: None,
        },
    );
    assert!(legal(&g, &mv13));
    // 7. ... but not 2/2 on the next card.
    assert!(orders::link(&g, co, s22).is_none());
    assert!(
        !g.legal_inputs()
            .iter()
            .any(|i| matches!(i, Input::Order(o) if o.action.unit() == Some(s22)))
    );
    let mv22 = order(
        Some(co),
        Action::Move {
            unit: s22,
            to: p(2, 1),
            cover: None,
        },
    );
    let why = refused(&mut g, &mv22);
    assert!(why.contains("communication"), "{why}");
}

#[test]
fn rule_3_3_command_example_activated_plt_hqs_draw_the_helmet_and_order_their_squads() {
    let data = data();
    let a = helmet(&data, 3, &[]);
    let b = find(&data, &[a], |c| c.activated != c.initiative);
    let c = find(&data, &[a, b], |c| c.activated != c.initiative);
    let mut g = command_example(&[a, b, c]);
    let co = id(&g, "co_hq");
    let plt2 = id(&g, "2plt_hq");
    let plt3 = id(&g, "3plt_hq");
    let s13 = id(&g, "1_3");
    let s22 = id(&g, "2_2");
    g.apply(&order(Some(co), Action::Activate { hq: plt3 }))
        .unwrap();
    g.apply(&order(Some(co), Action::Activate { hq: plt2 }))
        .unwrap();
    g.apply(&Input::EndImpulse).unwrap();
    // 3. In the activated impulses 3 PLT HQ draws: the helmet number.
    let ev = g.apply(&Input::ChooseHq(plt3)).unwrap();
    let d = draw_of(&ev, plt3);
    assert_eq!(d.step, Step::ActivatedImpulses);
    assert_eq!(d.drawn, card(&data, b).activated);
    // 4. One command orders 1/3 to move.
    let mv13 = order(
        Some(plt3),
        Action::Move {
            unit: s13,
            to: p(1, 1),
            cover: None,
        },
    );
    let ev = g.apply(&mv13).unwrap();
    assert!(ev.iter().any(|e| matches!(e.kind,
        EventKind::Order { by: Some(b), unit: Some(u), cost: 1, .. } if b == plt3 && u == s13)));
    assert_eq!(g.state().unit(s13).pos, p(1, 1));
    // 3 PLT HQ cannot order 2/2 of another platoon (4.0).
    assert!(
        !g.legal_inputs()
            .iter()
            .any(|i| matches!(i, Input::Order(o) if o.action.unit() == Some(s22)))
    );
    // 7. 2 PLT HQ draws its helmet number and orders 2/2.
    let ev = g.apply(&Input::EndImpulse).unwrap();
    let d = draw_of(&ev, plt2);
    assert_eq!(d.drawn, card(&data, c).activated);
    let o22 = g
        .legal_inputs()
        .into_iter()
        .find(|i| matches!(i, Input::Order(o) if o.action.unit() == Some(s22)))
        .expect("2 PLT HQ can order 2/2");
    let ev = g.apply(&o22).unwrap();
    assert!(ev.iter().any(|e| matches!(e.kind,
        EventKind::Order { by: Some(b), unit: Some(u), .. } if b == plt2 && u == s22)));
}

#[test]
fn rule_3_3_command_example_plt_hqs_not_activated_draw_the_star() {
    let data = data();
    let a = helmet(&data, 3, &[]);
    let b = find(&data, &[a], |c| c.activated != c.initiative);
    let mut g = command_example(&[a]);
    let plt3 = id(&g, "3plt_hq");
    g.apply(&Input::EndImpulse).unwrap();
    assert_eq!(g.prompt().step, Step::PltHqInitiative);
    let d = draw_now(&mut g, plt3, b);
    assert_eq!(d.drawn, card(&data, b).initiative);
    assert_eq!(d.cards[0].section, Section::Initiative);
}

// ===========================================================================
// 13.1, 13.3: streamlined play
// ===========================================================================

#[test]
fn rule_13_1_all_line_green_and_veteran_hqs_draw_without_experience_modifiers() {
    let all_line = Options {
        all_line: true,
        ..Options::default()
    };
    for (roster, normal) in [("3plt_hq", -1), ("2plt_hq", 1)] {
        for (opts, want) in [(Options::default(), normal), (all_line, 0)] {
            let data = data();
            let mut g = at_plt_initiative(&data, opts);
            let hq = id(&g, roster);
            g.state_mut().activity = Activity::Contact;
            let c = star(&data, 2, &[]);
            let d = draw_now(&mut g, hq, c);
            assert_eq!(d.modifier, want, "{roster} {opts:?}");
        }
    }
}

#[test]
fn rule_13_1_all_line_green_hq_saves_as_line() {
    let all_line = Options {
        all_line: true,
        ..Options::default()
    };
    let data = data();
    let mut g = at_plt_initiative(&data, all_line);
    let hq = id(&g, "3plt_hq");
    g.state_mut().activity = Activity::Contact;
    g.state_mut().hq_state_mut(hq).unwrap().saved = 3;
    let c = star(&data, 3, &[]);
    let d = draw_now(&mut g, hq, c);
    assert_eq!(d.total, 6);
    let ev = g.apply(&Input::EndImpulse).unwrap();
    assert_eq!(impulse_end(&ev, Some(hq)), (6, 0));
}

fn abstract_comms() -> Options {
    Options {
        abstract_comms: true,
        ..Options::default()
    }
}

#[test]
fn rule_13_3_abstract_communications_activate_a_co_hq_with_no_battalion_radio() {
    let data = data_with(|m| {
        m.company[0].start = Start::Card(At(1, 2));
        m.radios.clear();
    });
    let g = start(&data, Options::default(), &[]);
    assert!(activated_events(g.log()).is_empty());
    let g = start(&data, abstract_comms(), &[]);
    let co = id(&g, "co_hq");
    assert_eq!(activated_events(g.log()), [(co, "3.3.1 A".to_string())]);
    assert_eq!(g.prompt().step, Step::CoHqImpulse);
}

#[test]
fn rule_13_3_abstract_communications_reach_any_card_without_radios() {
    let data = data_with(|m| {
        m.company[0].start = Start::Card(At(1, 1));
        m.radios.clear();
        for e in &mut m.company {
            if e.id == "2plt_hq" || e.id == "2_2" {
                e.start = Start::Card(At(3, 3));
            }
        }
    });
    let mut g = start(&data, abstract_comms(), &[]);
    let co = id(&g, "co_hq");
    let plt2 = id(&g, "2plt_hq");
    let s22 = id(&g, "2_2");
    assert_eq!(orders::link(&g, co, plt2), Some(Link::Abstract));
    assert_eq!(orders::link(&g, co, s22), Some(Link::Abstract));
    let act = order(Some(co), Action::Activate { hq: plt2 });
    assert!(legal(&g, &act));
    g.apply(&act).unwrap();
}

#[test]
fn rule_13_3_runners_radio_nets_phones_and_signals_are_set_aside() {
    use fof::engine::kernel::state::Asset;
    let mut g = start(&data(), abstract_comms(), &[]);
    let co = id(&g, "co_hq");
    let plt1 = id(&g, "1plt_hq");
    // A star cluster and a smoke grenade in the CO HQ's hands.
    for d in [
        fof::data::mission::Pyro::GreenStarCluster,
        fof::data::mission::Pyro::Smoke,
    ] {
        g.state_mut().unit_mut(co).assets.push(Asset::Pyro(d, 1));
    }
    let at = g.state().unit(co).pos;
    let runner = order(Some(co), Action::CreateRunner { from: co });
    let why = refused(&mut g, &runner);
    assert!(why.contains("13.3"), "{why}");
    let signal = order(
        Some(co),
        Action::DeployPyro {
            unit: co,
            device: fof::data::mission::Pyro::GreenStarCluster,
            at,
        },
    );
    let why = refused(&mut g, &signal);
    assert!(why.contains("13.3"), "{why}");
    // Smoke is no signal: it stays.
    let smoke = order(
        Some(co),
        Action::DeployPyro {
            unit: co,
            device: fof::data::mission::Pyro::Smoke,
            at,
        },
    );
    let why = fof::engine::testing::turn::check_order(
        &g,
        match &smoke {
            Input::Order(o) => o,
            _ => unreachable!(),
        },
    );
    assert!(
        why.as_ref().map_err(|e| e.text.contains("13.3")) != Err(true),
        "{why:?}"
    );
    let _ = plt1;
}

#[test]
fn rule_13_3_a_pinned_hq_can_command_only_itself() {
    let mut g = start(&data(), abstract_comms(), &[]);
    let co = id(&g, "co_hq");
    let plt1 = id(&g, "1plt_hq");
    let act = order(Some(co), Action::Activate { hq: plt1 });
    assert!(legal(&g, &act));
    g.state_mut().unit_mut(co).pinned = true;
    assert_eq!(orders::link(&g, co, plt1), None);
    assert!(!legal(&g, &act));
    let why = refused(&mut g, &act);
    assert!(why.contains("communication"), "{why}");
    for i in g.legal_inputs() {
        if let Input::Order(o) = i {
            assert_eq!(o.action.unit(), Some(co), "{o:?}");
        }
    }
}

#[test]
fn rule_13_3_a_pinned_co_hq_is_not_activated() {
    let data = data_with(|m| {
        m.company[0].start = Start::Card(At(1, 2));
        m.radios.clear();
    });
    let mut g = start(&data, abstract_comms(), &[]);
    let co = id(&g, "co_hq");
    to_general_initiative(&mut g);
    // Pinned, and kept pinned through the Combat Effects Segment by a
    // fire mission landing on its card (3.7.1 A flips Pending to Incoming!).
    g.state_mut().unit_mut(co).pinned = true;
    g.state_mut()
        .map
        .card_mut(p(1, 2))
        .unwrap()
        .markers
        .pending_fire = true;
    let plain = no_icon(&data, &[]);
    top(&mut g, &[plain]);
    let ev = g.apply(&Input::EndImpulse).unwrap();
    assert_eq!(g.state().turn, 2);
    assert!(g.state().unit(co).pinned);
    assert!(activated_events(&ev).is_empty());
    let d = draw_of(&ev, co);
    assert_eq!(d.step, Step::CoHqInitiative);
}

/// 8.1: night falls in turn 2; the Line CO HQ saved six commands by day
/// (its daylight limit) and keeps the four of the night's limit: the rest
/// are lost as the turn begins, with a line in the log.
#[test]
fn rule_8_1_saved_commands_over_the_limited_visibility_limit_are_lost_when_night_falls() {
    let data = data_with(|m| m.visibility_from = vec![(2, "dark".into())]);
    let mut g = start(&data, Options::default(), &[]);
    let co = id(&g, "co_hq");
    assert_eq!(g.save_limit(co), 6, "a Line HQ by day");
    to_general_initiative(&mut g);
    g.state_mut().hq_state_mut(co).unwrap().saved = 6;
    finish_turn(&mut g);
    assert_eq!(g.state().turn, 2);
    assert_eq!(g.save_limit(co), 4, "at night");
    let left = g.state().hq_state(co).unwrap().saved;
    assert!(left <= 4, "{left} saved");
    assert!(
        g.log()
            .iter()
            .any(|e| e.rule == "8.1" && e.text.contains("had 6 saved command(s)")),
        "the loss is logged"
    );
}
