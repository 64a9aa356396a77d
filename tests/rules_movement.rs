//! The map and movement: rules 2.2, 2.4.1-2.4.2, 4.2.2 (the movement actions
//! of the Action Menu), 4.2.5 (pinned and LAT limitations), 4.3.4 (laying
//! phone lines), 5.1-5.1.7 (movement, stacking, transport, evacuation),
//! 5.2, 5.2.2 A and 5.2.3 (face-down maps, hills, cover) and 9.2.2 (US units
//! stay inside the original map).
//!
//! Every test builds a small mission in code (a fixed map of plain cards and
//! a handful of units), arranges a position with `state_mut()`, stacks the
//! Action deck where a draw matters, and checks both the legal and the
//! refused case.

use crate::common;
use common::{
    CO, LMG, PLT, S1, S2, S3, action_cards_where, add_spotted, base, cover, entry,
    fire_with_shooter, id, lay, legal, mv, new_impulse, ok, order, p, plain_cards, play_on, put,
    refused, sa, small_mission, spent, start, terrain, terrain_where, top_cards, unit,
};
use fof::engine::Answer;

use fof::data::action::{Experience, Icon, Word};
use fof::data::charts::CoverKind;
use fof::data::mission::{At, Face, FixedCard, Mission, Start};
use fof::data::terrain::{Relief, TerrainCard, TerrainType};
use fof::data::units::Side;
use fof::engine::kernel::deck::Card;
use fof::engine::kernel::events::{Event, EventKind};
use fof::engine::kernel::game::Game;
use fof::engine::kernel::ids::{CoverId, UnitId};
use fof::engine::kernel::input::Action;
use fof::engine::kernel::input::Input;
use fof::engine::kernel::pos::CardPos;
use fof::engine::kernel::sequence::Step;
use fof::engine::kernel::state::{Asset, CoverMarker, MapCard, PcMarker};

// ---------------------------------------------------------------------------
// Data and missions
// ---------------------------------------------------------------------------

fn tcard(n: u8) -> &'static TerrainCard {
    terrain()
        .iter()
        .find(|c| c.number == n)
        .expect("terrain card")
}

fn is_hill(n: u8) -> bool {
    tcard(n).is_hill()
}

// Unit ids of the test company past the platoon of `small_mission`, in
// roster order.
const HMG: UnitId = UnitId(6);
const MTR: UnitId = UnitId(7);
const PLT2: UnitId = UnitId(8);
const T1: UnitId = UnitId(9);

/// A `rows` x `cols` offensive mission on a fixed map of plain cards, face
/// up, inside boundaries with the limit of advance on the top row, no PC
/// markers, no radios. The company waits in the staging area.
fn mission(rows: u8, cols: u8) -> Mission {
    let plain = plain_cards(2);
    assert!(plain.len() >= rows as usize * cols as usize);
    let mut m = small_mission("movement_test", rows, cols, &plain);
    m.controls.phase_lines = Vec::new();
    m.controls.objectives = vec![(fof::data::mission::ObjectiveKind::Primary, At(1, 1))];
    use Experience::*;
    m.company.extend([
        entry("hmg", "us_hmg_team", Some("co"), Line, 2),
        entry("mtr", "us_mortar_81", Some("co"), Line, 2),
        entry("plt2", "us_plt_hq", Some("co"), Line, 3),
        entry("t1", "us_rifle_squad", Some("plt2"), Line, 3),
    ]);
    m
}

/// The default position: a 3 x 3 map, commands at hand for General
/// Initiative.
fn game() -> Game {
    let mut g = start(mission(3, 3), 1);
    new_impulse(&mut g, None, 6);
    g
}

// ---------------------------------------------------------------------------
// Arranging a position
// ---------------------------------------------------------------------------

fn left(game: &Game) -> u8 {
    game.state().impulse.as_ref().expect("an impulse").left()
}

fn under(game: &mut Game, id: UnitId, cover: CoverId) {
    game.state_mut().unit_mut(id).cover = Some(cover);
}

// ---------------------------------------------------------------------------
// The Action deck
// ---------------------------------------------------------------------------

fn infiltrate_icon() -> Card {
    action_cards_where(|c| c.icon == Icon::Infiltrate, 1)[0]
}

fn no_infiltrate(n: usize) -> Vec<Card> {
    action_cards_where(|c| c.icon != Icon::Infiltrate, n)
}

fn cover_word() -> Card {
    action_cards_where(|c| c.word == Some(Word::Cover), 1)[0]
}

fn no_cover(n: usize) -> Vec<Card> {
    action_cards_where(|c| c.word != Some(Word::Cover), n)
}

/// A card, not among `avoid`, whose random number out of `n` passes `pred`.
fn random_card(n: u8, pred: impl Fn(u8) -> bool, avoid: &[Card]) -> Card {
    action_cards_where(
        |c| !avoid.contains(&Card::Action(c.number)) && c.random_number(n).is_some_and(&pred),
        1,
    )[0]
}

// ---------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------

fn mv_cover(id: UnitId, to: CardPos, cover: CoverId) -> Input {
    order(
        None,
        Action::Move {
            unit: id,
            to,
            cover: Some(cover),
        },
    )
}

fn infiltrate(id: UnitId, to: CardPos) -> Input {
    order(
        None,
        Action::Infiltrate {
            unit: id,
            to,
            cover: None,
        },
    )
}

fn seek(id: UnitId) -> Input {
    order(None, Action::SeekCover { unit: id })
}

fn to_cover(id: UnitId, cover: Option<CoverId>) -> Input {
    order(None, Action::MoveCover { unit: id, cover })
}

fn infiltrate_cover(id: UnitId, cover: Option<CoverId>) -> Input {
    order(None, Action::InfiltrateCover { unit: id, cover })
}

fn pick_up(id: UnitId, casualty: UnitId) -> Input {
    order(None, Action::PickUp { unit: id, casualty })
}

/// The number of cards the last attempt drew.
fn last_attempt_draws(events: &[Event]) -> usize {
    events
        .iter()
        .rev()
        .find(|e| matches!(e.kind, EventKind::Attempt { .. }))
        .expect("an attempt")
        .cards
        .len()
}

fn stacks(game: &Game) -> Vec<(CardPos, Vec<u8>)> {
    game.state()
        .map
        .cards
        .iter()
        .map(|c| (c.pos, c.stack.clone()))
        .collect()
}

fn face_up(game: &Game, pos: CardPos) -> bool {
    game.state().map.card(pos).expect("map card").face_up
}

/// Ends impulses and picks HQs until the Clean Up Phase of the current
/// turn is over.
fn finish_turn(game: &mut Game) {
    let turn = game.state().turn;
    for _ in 0..100 {
        if game.state().turn != turn || game.is_over() {
            return;
        }
        play_on(game);
    }
    panic!("the turn did not end");
}

// ---------------------------------------------------------------------------
// 2.2, 5.2, 5.2.2 A: dealing the map
// ---------------------------------------------------------------------------

#[test]
fn rule_2_2_the_map_has_rows_times_columns_cards() {
    let mut m = mission(3, 4);
    m.map.fixed.clear();
    let g = start(m, 11);
    let map = &g.state().map;
    assert_eq!((map.rows, map.cols), (3, 4));
    assert_eq!(map.cards.len(), 12);
    for r in 1..=3 {
        for c in 1..=4 {
            let card = map.card(p(r, c)).expect("every grid position is dealt");
            assert!(card.face_up, "cards are dealt face up by default (2.2.1)");
            assert!(!card.stack.is_empty());
        }
    }
    // No terrain card is dealt twice; the rest of the deck stays in the pile.
    let mut used: Vec<u8> = map.cards.iter().flat_map(|c| c.stack.clone()).collect();
    used.extend(map.terrain_pile.iter().copied());
    used.sort();
    let mut all: Vec<u8> = terrain().iter().map(|c| c.number).collect();
    all.sort();
    assert_eq!(used, all);
}

#[test]
fn rule_2_2_the_set_up_counts_the_units_of_the_company_not_the_enemy_placed_with_it() {
    // Found by a newcomer play test: "11 units of the company assemble"
    // where the company had 7; the briefing's enemy placed at the start
    // was counted with it.
    let data = common::shipped();
    let mut with_enemy = 0;
    for m in data.missions.iter() {
        let g = Game::new(data.clone(), &m.id, 1, fof::engine::Options::default()).unwrap();
        let ours = g
            .state()
            .units
            .iter()
            .filter(|u| u.side == Side::Us)
            .count();
        with_enemy += usize::from(g.state().units.iter().any(|u| u.side == Side::Enemy));
        let setup = g
            .log()
            .iter()
            .find(|e| e.kind == EventKind::Setup)
            .expect("the set-up is logged");
        assert!(
            setup
                .text
                .contains(&format!("; {ours} units of the company assemble")),
            "{}: {}",
            m.id,
            setup.text
        );
    }
    assert!(with_enemy > 0, "some mission places enemy at the start");
}

#[test]
fn rule_2_2_1_fixed_cards_land_where_the_mission_says() {
    let mut m = mission(3, 3);
    let plain = plain_cards(2);
    // A mixed map: two fixed cards, the rest dealt at random.
    let (a, b) = (plain[5], plain[9]);
    m.map.fixed = vec![
        FixedCard {
            at: At(2, 3),
            card: a,
        },
        FixedCard {
            at: At(3, 1),
            card: b,
        },
    ];
    for seed in [1, 2, 3] {
        let g = start(m.clone(), seed);
        let map = &g.state().map;
        assert_eq!(map.card(p(2, 3)).unwrap().stack, vec![a]);
        assert_eq!(map.card(p(3, 1)).unwrap().stack, vec![b]);
        let elsewhere = map
            .cards
            .iter()
            .filter(|c| c.pos != p(2, 3) && c.pos != p(3, 1))
            .any(|c| c.stack.contains(&a) || c.stack.contains(&b));
        assert!(!elsewhere, "a fixed card is not dealt a second time");
        assert!(!map.terrain_pile.contains(&a) && !map.terrain_pile.contains(&b));
    }
}

#[test]
fn rule_5_2_2_a_a_hill_gets_a_card_on_top_and_raises_the_level() {
    let hill = terrain_where(|c| c.is_hill())[0];
    let mut m = mission(3, 3);
    m.map.fixed.retain(|f| f.at != At(2, 2));
    m.map.fixed.push(FixedCard {
        at: At(2, 2),
        card: hill,
    });
    for seed in [1, 2, 3, 4] {
        let g = start(m.clone(), seed);
        let stack = &g.state().map.card(p(2, 2)).unwrap().stack;
        assert_eq!(stack[0], hill, "the hill stays at the bottom");
        assert!(stack.len() >= 2, "a card is dealt on top of the hill");
        let (top, beneath) = stack.split_last().unwrap();
        assert!(!is_hill(*top), "dealing goes on until a card is not a hill");
        assert!(beneath.iter().all(|n| is_hill(*n)));
        assert_eq!(g.level(p(2, 2)), 1 + beneath.len() as i8);
        assert_eq!(g.top_card(p(2, 2)).unwrap().number, *top);
        // A plain card stays at the base level.
        assert_eq!(g.level(p(1, 1)), 1);
    }
}

#[test]
fn rule_2_2_same_seed_deals_the_same_map_another_seed_another() {
    let mut m = mission(4, 3);
    m.map.fixed.clear();
    let a = stacks(&start(m.clone(), 42));
    let b = stacks(&start(m.clone(), 42));
    let c = stacks(&start(m, 43));
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn rule_5_2_a_face_down_map_starts_hidden() {
    let mut m = mission(3, 3);
    m.map.fixed.clear();
    m.map.face = Face::Down;
    let g = start(m, 5);
    for c in &g.state().map.cards {
        assert!(!c.face_up, "{} should start face down", c.pos);
        // Face-down hills are completed only when revealed (5.2.2 A).
        assert_eq!(c.stack.len(), 1);
    }
}

#[test]
fn rule_5_2_a_card_is_revealed_when_a_friendly_unit_on_the_map_sees_it() {
    let mut m = mission(5, 3);
    m.map.face = Face::Down;
    m.controls.loa = Some(5);
    let mut g = start(m, 5);
    new_impulse(&mut g, None, 6);
    // Units in the staging area see nothing.
    assert!(g.state().map.cards.iter().all(|c| !c.face_up));
    ok(&mut g, mv(S1, p(1, 2)));
    assert!(face_up(&g, p(1, 2)), "the unit's own card");
    for pos in [p(1, 1), p(1, 3), p(2, 1), p(2, 2), p(2, 3)] {
        assert!(face_up(&g, pos), "{pos} is adjacent: LOS is automatic");
    }
    for c in 1..=3 {
        assert!(!face_up(&g, p(5, c)), "R5C{c} is beyond the longest LOS");
    }
    assert!(
        g.log()
            .iter()
            .any(|e| e.kind == EventKind::CardRevealed { pos: p(2, 2) })
    );
}

#[test]
fn rule_5_2_a_units_starting_on_a_face_down_map_reveal_what_they_see() {
    let mut m = mission(5, 3);
    m.map.face = Face::Down;
    m.controls.loa = Some(5);
    m.company[2].start = Start::Card(At(1, 2));
    let g = start(m, 5);
    assert!(face_up(&g, p(1, 2)));
    assert!(face_up(&g, p(2, 2)));
    assert!(!face_up(&g, p(5, 2)));
}

#[test]
fn rule_5_2_a_cards_are_revealed_nearest_first_so_a_blocking_card_hides_what_is_behind() {
    // A unit on R4C2 looks back down the column: R3C2, right next to it, has
    // dark front and rear borders. Turned up first, it hides R2C2, which a
    // pass in map order (R2 before R3, the hidden R3 read as open) would
    // have revealed.
    use fof::data::terrain::{Border, Dir};
    let dark = terrain_where(|c| {
        c.borders.get(Dir::N) == Border::Dark
            && c.borders.get(Dir::S) == Border::Dark
            && c.relief == Relief::Flat
            && c.terrain != TerrainType::Hill
    })[0];
    let plain = plain_cards(0);
    let mut m = mission(5, 3);
    m.map.face = Face::Down;
    m.controls.loa = Some(5);
    m.map.fixed = vec![
        FixedCard {
            at: At(3, 2),
            card: dark,
        },
        FixedCard {
            at: At(2, 2),
            card: plain[0],
        },
        FixedCard {
            at: At(4, 2),
            card: plain[1],
        },
    ];
    m.company[2].start = Start::Card(At(4, 2));
    let g = start(m, 5);
    assert!(face_up(&g, p(3, 2)), "the next card");
    assert!(!face_up(&g, p(2, 2)), "hidden behind the dark borders");
}

#[test]
fn rule_5_2_2_a_a_revealed_hill_gets_a_card_on_top() {
    let hill = terrain_where(|c| c.is_hill())[0];
    let mut m = mission(3, 3);
    m.map.face = Face::Down;
    m.map.fixed.retain(|f| f.at != At(2, 2));
    m.map.fixed.push(FixedCard {
        at: At(2, 2),
        card: hill,
    });
    let mut g = start(m, 9);
    new_impulse(&mut g, None, 6);
    assert_eq!(g.state().map.card(p(2, 2)).unwrap().stack, vec![hill]);
    let pile = g.state().map.terrain_pile.len();
    ok(&mut g, mv(S1, p(1, 2)));
    let card = g.state().map.card(p(2, 2)).unwrap();
    assert!(card.face_up);
    assert_eq!(card.stack[0], hill);
    let (top, beneath) = card.stack.split_last().unwrap();
    assert!(!is_hill(*top));
    assert!(beneath.iter().all(|n| is_hill(*n)));
    assert_eq!(
        g.state().map.terrain_pile.len(),
        pile - beneath.len(),
        "the cards on top come from the terrain deck"
    );
    assert_eq!(g.level(p(2, 2)), 1 + beneath.len() as i8);
}

// ---------------------------------------------------------------------------
// 2.4.1 boundaries and limit of advance, 9.2.2 the original map
// ---------------------------------------------------------------------------

#[test]
fn rule_2_4_1_a_no_move_beyond_the_limit_of_advance() {
    let mut m = mission(3, 3);
    m.controls.loa = Some(2);
    let mut g = start(m, 1);
    new_impulse(&mut g, None, 6);
    put(&mut g, S1, p(2, 2));
    for to in [p(3, 1), p(3, 2), p(3, 3)] {
        let why = refused(&mut g, mv(S1, to));
        assert!(why.contains("2.4.1"), "{why}");
        refused(&mut g, infiltrate(S1, to));
    }
    ok(&mut g, mv(S1, p(2, 3)));
}

#[test]
fn rule_2_4_1_a_no_move_across_the_boundaries_even_onto_expanded_cards() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    put(&mut g, S2, p(2, 3));
    // Map expansion (9.2.2) has laid cards outside both boundaries.
    for pos in [p(1, 0), p(2, 4)] {
        g.state_mut().map.insert(MapCard {
            pos,
            stack: vec![plain_cards(2)[20]],
            face_up: true,
            covers: Vec::new(),
            markers: Default::default(),
        });
    }
    let why = refused(&mut g, mv(S1, p(1, 0)));
    assert!(
        why.contains("2.4.1") && why.contains("side boundary"),
        "{why}"
    );
    let why = refused(&mut g, mv(S1, p(2, 0)));
    assert!(why.contains("no card"), "{why}");
    refused(&mut g, mv(S2, p(2, 4)));
    ok(&mut g, mv(S1, p(2, 1)));
}

#[test]
fn rule_9_2_2_us_units_stay_inside_the_original_map() {
    // A mission without a limit of advance: cards the enemy's placement adds
    // beyond the top row are still closed to US units (9.2.2: "US units may
    // not leave the original boundaries unless specifically indicated").
    let mut m = mission(3, 3);
    m.controls.loa = None;
    let mut g = start(m, 1);
    new_impulse(&mut g, None, 6);
    put(&mut g, S1, p(3, 2));
    g.state_mut().map.insert(MapCard {
        pos: p(4, 2),
        stack: vec![plain_cards(2)[20]],
        face_up: true,
        covers: Vec::new(),
        markers: Default::default(),
    });
    // The refusal names the case: a play test read "off the map, or
    // beyond a boundary or the limit of advance" of a card on the map, in
    // a mission with no limit of advance.
    let why = refused(&mut g, mv(S1, p(4, 2)));
    assert!(why.contains("far edge") && why.contains("9.2.2"), "{why}");
    assert!(!why.contains("limit of advance"), "{why}");
    ok(&mut g, mv(S1, p(3, 1)));
}

// ---------------------------------------------------------------------------
// 2.4.2 the Main Staging Area
// ---------------------------------------------------------------------------

#[test]
fn rule_2_4_2_a_moving_between_staging_cards_is_not_exposed() {
    let mut g = game();
    assert_eq!(unit(&g, S1).pos, sa(1));
    let ev = ok(&mut g, mv(S1, sa(2)));
    assert_eq!(unit(&g, S1).pos, sa(2));
    assert!(!unit(&g, S1).exposed);
    assert!(ev.iter().any(|e| e.kind
        == EventKind::Moved {
            unit: S1,
            from: sa(1),
            to: sa(2),
            exposed: false,
            fell_back: false,
            how: fof::engine::kernel::events::Movement::Order { under: false },
        }));
    // Staging cards are adjacent only to their neighbours.
    let why = refused(&mut g, mv(S2, sa(3)));
    assert!(why.contains("adjacent"), "{why}");
}

#[test]
fn rule_4_2_one_move_per_unit_per_impulse_even_in_the_staging_area() {
    // 5.1.3 lets a unit cross several staging cards "during a Command
    // Phase": it is never Exposed there, so it moves again in a later
    // impulse. Within one impulse 4.2 allows one action of each named type.
    let mut g = game();
    ok(&mut g, mv(S1, sa(2)));
    let why = refused(&mut g, mv(S1, sa(3)));
    assert!(why.contains("4.2"), "{why}");
    new_impulse(&mut g, None, 6);
    ok(&mut g, mv(S1, sa(3)));
    assert_eq!(unit(&g, S1).pos, sa(3));
    assert!(!unit(&g, S1).exposed);
}

#[test]
fn rule_2_4_2_a_entering_and_leaving_the_map_marks_exposed() {
    let mut g = game();
    ok(&mut g, mv(S1, p(1, 2)));
    assert_eq!(unit(&g, S1).pos, p(1, 2));
    assert!(unit(&g, S1).exposed);
    put(&mut g, S2, p(1, 1));
    ok(&mut g, mv(S2, sa(1)));
    assert!(unit(&g, S2).exposed);
}

#[test]
fn rule_2_4_2_staging_cards_have_no_stacking_limit() {
    let mut g = game();
    // SA1 holds the platoon (14 steps); four more squads make 30.
    for _ in 0..4 {
        add_spotted(&mut g, "us_rifle_squad", sa(1));
    }
    assert_eq!(g.state().steps_at(sa(1), Side::Us), 30);
    put(&mut g, T1, sa(2));
    ok(&mut g, mv(T1, sa(1)));
    assert_eq!(g.state().steps_at(sa(1), Side::Us), 34);
}

// ---------------------------------------------------------------------------
// 4.2.2 a, 5.1.2, 5.1.3: moving to an adjacent card
// ---------------------------------------------------------------------------

#[test]
fn rule_5_1_2_a_move_to_an_adjacent_card_marks_exposed() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    let ev = ok(&mut g, mv(S1, p(2, 2)));
    assert_eq!(unit(&g, S1).pos, p(2, 2), "diagonal moves are allowed");
    assert!(unit(&g, S1).exposed);
    assert_eq!(spent(&g), 1);
    assert!(ev.iter().any(|e| e.rule == "4.2.2 a"));
}

#[test]
fn rule_5_1_2_only_adjacent_cards() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    let why = refused(&mut g, mv(S1, p(3, 1)));
    assert!(why.contains("5.1.2"), "{why}");
    refused(&mut g, mv(S1, p(1, 1)));
}

#[test]
fn rule_5_1_2_casualties_do_not_move_by_themselves() {
    let mut g = game();
    let cas = add_spotted(&mut g, "us_casualty", p(1, 1));
    let why = refused(&mut g, mv(cas, p(2, 1)));
    assert!(why.contains("4.2.2 a") || why.contains("5.1.7"), "{why}");
}

#[test]
fn rule_5_1_3_an_exposed_unit_cannot_move_to_another_card() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    let c = cover(&mut g, p(1, 1), CoverKind::Basic);
    g.state_mut().unit_mut(S1).exposed = true;
    let why = refused(&mut g, mv(S1, p(2, 1)));
    assert!(why.contains("5.1.3"), "{why}");
    refused(&mut g, mv(S1, sa(1)));
    fire_with_shooter(&mut g, Side::Enemy, p(3, 1), p(1, 1));
    refused(&mut g, infiltrate(S1, p(2, 1)));
    // ... but it may move within its card, seeking cover included.
    assert!(g.legal_inputs().contains(&seek(S1)));
    ok(&mut g, to_cover(S1, Some(c)));
    assert_eq!(unit(&g, S1).cover, Some(c));
}

#[test]
fn rule_5_1_2_no_diagonal_move_through_a_pdf() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    // The other two cards of the 2 x 2 block fire at each other.
    fire_with_shooter(&mut g, Side::Enemy, p(1, 2), p(2, 1));
    let why = refused(&mut g, mv(S1, p(2, 2)));
    assert!(why.contains("PDF"), "{why}");
    // Orthogonal moves do not cross it.
    assert!(g.legal_inputs().contains(&mv(S1, p(2, 1))));
    assert!(g.legal_inputs().contains(&mv(S1, p(1, 2))));
    // The PDF blocks whichever way it points, and friendly fire too.
    g.state_mut().fires.clear();
    fire_with_shooter(&mut g, Side::Us, p(2, 1), p(1, 2));
    refused(&mut g, mv(S1, p(2, 2)));
    // A PDF elsewhere does not.
    g.state_mut().fires.clear();
    fire_with_shooter(&mut g, Side::Enemy, p(3, 2), p(2, 1));
    ok(&mut g, mv(S1, p(2, 2)));
}

#[test]
fn rule_5_1_2_a_unit_may_enter_directly_under_a_cover_marker() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    let c = cover(&mut g, p(2, 1), CoverKind::Basic);
    let friend = add_spotted(&mut g, "us_rifle_squad", p(2, 1));
    under(&mut g, friend, c);
    ok(&mut g, mv_cover(S1, p(2, 1), c));
    assert_eq!(unit(&g, S1).pos, p(2, 1));
    assert_eq!(unit(&g, S1).cover, Some(c));
    assert!(unit(&g, S1).exposed);
    // A unit that moves without a marker leaves its cover behind.
    put(&mut g, S2, p(1, 1));
    let c2 = cover(&mut g, p(1, 1), CoverKind::Basic);
    under(&mut g, S2, c2);
    ok(&mut g, mv(S2, p(1, 2)));
    assert_eq!(unit(&g, S2).cover, None);
}

#[test]
fn rule_5_2_3_a_unit_cannot_enter_a_cover_marker_the_enemy_holds() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    let c = cover(&mut g, p(2, 1), CoverKind::Basic);
    let enemy = add_spotted(&mut g, "de_rifle_squad", p(2, 1));
    under(&mut g, enemy, c);
    let why = refused(&mut g, mv_cover(S1, p(2, 1), c));
    assert!(why.contains("5.2.3"), "{why}");
    // Casualties under a marker do not hold it.
    let dead = add_spotted(&mut g, "de_casualty", p(2, 1));
    under(&mut g, dead, c);
    g.state_mut().unit_mut(enemy).removed = true;
    ok(&mut g, mv_cover(S1, p(2, 1), c));
    assert_eq!(unit(&g, S1).cover, Some(c));
}

#[test]
fn rule_5_2_3_b_bunker_and_pillbox_capacity() {
    let mut g = game();
    put(&mut g, LMG, p(1, 1));
    put(&mut g, S2, p(1, 2));
    let bunker = cover(&mut g, p(2, 1), CoverKind::Bunker);
    let pillbox = cover(&mut g, p(2, 2), CoverKind::Pillbox);
    put(&mut g, S1, p(2, 1));
    under(&mut g, S1, bunker);
    // The bunker holds 4 steps: the squad fills it.
    let why = refused(&mut g, mv_cover(LMG, p(2, 1), bunker));
    assert!(why.contains("5.2.3"), "{why}");
    // A pillbox holds 3: a full squad does not fit even alone.
    refused(&mut g, mv_cover(S2, p(2, 2), pillbox));
    ok(&mut g, mv_cover(LMG, p(2, 2), pillbox));
    // With one step lost the squad leaves room for the team.
    put(&mut g, LMG, p(1, 1));
    g.state_mut().unit_mut(LMG).exposed = false;
    g.state_mut().unit_mut(S1).steps = 3;
    new_impulse(&mut g, None, 6);
    ok(&mut g, mv_cover(LMG, p(2, 1), bunker));
    assert_eq!(unit(&g, LMG).cover, Some(bunker));
}

#[test]
fn rule_5_1_2_moving_between_fortifications_of_adjacent_cards_is_not_exposed() {
    let mut g = game();
    let t1 = cover(&mut g, p(1, 1), CoverKind::Trench);
    let t2 = cover(&mut g, p(2, 1), CoverKind::Trench);
    let b = cover(&mut g, p(1, 2), CoverKind::Bunker);
    let pb = cover(&mut g, p(2, 2), CoverKind::Pillbox);
    let basic = cover(&mut g, p(1, 3), CoverKind::Basic);
    put(&mut g, LMG, p(1, 1));
    under(&mut g, LMG, t1);
    ok(&mut g, mv_cover(LMG, p(2, 1), t2));
    assert!(!unit(&g, LMG).exposed, "trench to trench");
    put(&mut g, HMG, p(1, 2));
    under(&mut g, HMG, b);
    ok(&mut g, mv_cover(HMG, p(2, 2), pb));
    assert!(!unit(&g, HMG).exposed, "bunker to pillbox");
    // From a fortification into the open, or into basic cover: Exposed.
    put(&mut g, S1, p(1, 2));
    under(&mut g, S1, b);
    ok(&mut g, mv_cover(S1, p(1, 3), basic));
    assert!(unit(&g, S1).exposed);
    put(&mut g, S2, p(1, 1));
    under(&mut g, S2, t1);
    ok(&mut g, mv(S2, p(2, 1)));
    assert!(unit(&g, S2).exposed);
}

#[test]
fn rule_5_1_2_foxholes_are_not_among_the_connected_fortifications() {
    // 4.2.2 a and 5.1.2 name trenches, bunkers and pillboxes only.
    let mut g = game();
    let f1 = cover(&mut g, p(1, 1), CoverKind::Foxhole);
    let f2 = cover(&mut g, p(2, 1), CoverKind::Foxhole);
    put(&mut g, S1, p(1, 1));
    under(&mut g, S1, f1);
    ok(&mut g, mv_cover(S1, p(2, 1), f2));
    assert!(unit(&g, S1).exposed);
}

// ---------------------------------------------------------------------------
// 5.1.5 stacking
// ---------------------------------------------------------------------------

#[test]
fn rule_5_1_5_sixteen_steps_per_side_on_a_card() {
    let mut g = game();
    for id in [S1, S2, S3, T1] {
        put(&mut g, id, p(2, 1));
    }
    put(&mut g, LMG, p(1, 1));
    assert_eq!(g.state().steps_at(p(2, 1), Side::Us), 16);
    let why = refused(&mut g, mv(LMG, p(2, 1)));
    assert!(why.contains("5.1.5"), "{why}");
    fire_with_shooter(&mut g, Side::Enemy, p(3, 3), p(1, 1));
    refused(&mut g, infiltrate(LMG, p(2, 1)));
    // Fifteen steps leave room for one more.
    g.state_mut().unit_mut(T1).steps = 3;
    ok(&mut g, mv(LMG, p(2, 1)));
    assert_eq!(g.state().steps_at(p(2, 1), Side::Us), 16);
}

#[test]
fn rule_5_1_5_casualties_and_enemy_steps_do_not_count() {
    let mut g = game();
    for id in [S1, S2, S3] {
        put(&mut g, id, p(2, 1));
    }
    g.state_mut().unit_mut(S3).steps = 3; // 11 friendly steps
    for _ in 0..4 {
        add_spotted(&mut g, "us_casualty", p(2, 1));
    }
    add_spotted(&mut g, "de_rifle_squad", p(2, 1));
    put(&mut g, T1, p(1, 1));
    put(&mut g, LMG, p(1, 2));
    ok(&mut g, mv(T1, p(2, 1)));
    assert_eq!(g.state().steps_at(p(2, 1), Side::Us), 15);
    ok(&mut g, mv(LMG, p(2, 1)));
    assert_eq!(g.state().steps_at(p(2, 1), Side::Us), 16);
}

// ---------------------------------------------------------------------------
// 4.2.2 b, d: platoon moves
// ---------------------------------------------------------------------------

fn plt_move(by: Option<UnitId>, to: CardPos) -> Input {
    order(by, Action::MovePlatoon { to })
}

#[test]
fn rule_4_2_2_b_platoon_move_costs_two_and_moves_the_good_order_units() {
    let mut g = game();
    for id in [PLT, S1, S2, S3, LMG, PLT2, T1] {
        put(&mut g, id, p(1, 2));
    }
    g.state_mut().unit_mut(S2).exposed = true;
    g.state_mut().unit_mut(S3).pinned = true;
    new_impulse(&mut g, Some(PLT), 3);
    let ev = ok(&mut g, plt_move(Some(PLT), p(2, 2)));
    assert_eq!(spent(&g), 2);
    assert!(ev.iter().any(|e| e.rule == "4.2.2 b"));
    for id in [PLT, S1, LMG] {
        assert_eq!(unit(&g, id).pos, p(2, 2), "{id} moves with its platoon");
        assert!(unit(&g, id).exposed);
    }
    assert_eq!(unit(&g, S2).pos, p(1, 2), "Exposed units stay");
    assert_eq!(unit(&g, S3).pos, p(1, 2), "pinned units stay");
    assert_eq!(unit(&g, T1).pos, p(1, 2), "another platoon's squad stays");
    assert_eq!(unit(&g, PLT2).pos, p(1, 2), "another platoon's HQ stays");
    // The movers have moved this impulse.
    put(&mut g, S1, p(2, 2));
    g.state_mut().unit_mut(S1).exposed = false;
    let why = refused(
        &mut g,
        order(
            Some(PLT),
            Action::Move {
                unit: S1,
                to: p(2, 1),
                cover: None,
            },
        ),
    );
    assert!(why.contains("4.2"), "{why}");
}

#[test]
fn rule_4_2_2_b_each_unit_of_a_platoon_move_may_end_under_cover() {
    // 4.2.2 b: each unit performs a 4.2.2 a move, which may end under a
    // cover marker of the new card: the player is asked unit by unit, no
    // cover suggested (what the program did before).
    use fof::data::charts::CoverKind;
    use fof::engine::kernel::input::{Choice, Decision};
    let mut g = game();
    for id in [PLT, S1, LMG] {
        put(&mut g, id, p(1, 2));
    }
    let c = common::cover(&mut g, p(2, 2), CoverKind::Basic);
    new_impulse(&mut g, Some(PLT), 3);
    ok(&mut g, plt_move(Some(PLT), p(2, 2)));
    let mut asked = Vec::new();
    while let Decision::Choose(Choice::MoverCover {
        unit: u, covers, ..
    }) = g.prompt().decision
    {
        assert_eq!(covers, vec![c]);
        assert_eq!(
            g.suggestion(),
            Some(Input::Answer(Answer::MoverCover {
                unit: u,
                cover: None
            }))
        );
        asked.push(u);
        // The squad goes under the marker, the others stay in the open.
        let cover = (u == S1).then_some(c);
        ok(&mut g, Input::Answer(Answer::MoverCover { unit: u, cover }));
    }
    asked.sort();
    let mut movers = vec![PLT, S1, LMG];
    movers.sort();
    assert_eq!(asked, movers);
    assert_eq!(unit(&g, S1).cover, Some(c));
    assert_eq!(unit(&g, LMG).cover, None);
    assert!(unit(&g, S1).exposed, "a move under cover still exposes");
    // Back to the orders.
    assert!(matches!(g.prompt().decision, Decision::Orders { .. }));
}

#[test]
fn rule_4_2_2_b_only_a_platoon_hq_moves_a_platoon() {
    let mut g = game();
    for id in [CO, PLT, S1, S2] {
        put(&mut g, id, p(1, 2));
    }
    refused(&mut g, plt_move(None, p(2, 2)));
    new_impulse(&mut g, Some(CO), 4);
    let why = refused(&mut g, plt_move(Some(CO), p(2, 2)));
    assert!(why.contains("4.2.2 b"), "{why}");
    // Two commands are needed.
    new_impulse(&mut g, Some(PLT), 1);
    let why = refused(&mut g, plt_move(Some(PLT), p(2, 2)));
    assert!(why.contains("4.1.3"), "{why}");
    new_impulse(&mut g, Some(PLT), 2);
    ok(&mut g, plt_move(Some(PLT), p(2, 2)));
    assert_eq!(left(&g), 0);
}

#[test]
fn rule_4_2_2_b_platoon_move_reaches_only_units_in_communication() {
    // Decision (4.3, 4.3.1): a platoon move orders each unit, so a unit of
    // the platoon under another cover marker than its HQ's (and with no
    // radio or phone link) does not hear it and stays.
    let mut g = game();
    for id in [PLT, S1, S2] {
        put(&mut g, id, p(1, 2));
    }
    let c = cover(&mut g, p(1, 2), CoverKind::Basic);
    under(&mut g, S2, c);
    new_impulse(&mut g, Some(PLT), 2);
    ok(&mut g, plt_move(Some(PLT), p(2, 2)));
    assert_eq!(unit(&g, S1).pos, p(2, 2));
    assert_eq!(unit(&g, S2).pos, p(1, 2));
    assert_eq!(unit(&g, S2).cover, Some(c));
}

#[test]
fn rule_4_2_2_b_a_platoon_move_respects_stacking() {
    let mut g = game();
    for id in [PLT, S1, S2, S3] {
        put(&mut g, id, p(1, 2));
    }
    put(&mut g, T1, p(2, 2)); // 4 steps there; the platoon brings 13
    new_impulse(&mut g, Some(PLT), 2);
    let why = refused(&mut g, plt_move(Some(PLT), p(2, 2)));
    assert!(why.contains("5.1.5"), "{why}");
    g.state_mut().unit_mut(T1).steps = 3;
    ok(&mut g, plt_move(Some(PLT), p(2, 2)));
    assert_eq!(g.state().steps_at(p(2, 2), Side::Us), 16);
}

#[test]
fn rule_4_2_2_d_platoon_infiltration_draws_for_each_unit() {
    let mut g = game();
    for id in [PLT, S1, HMG] {
        put(&mut g, id, p(1, 2));
    }
    fire_with_shooter(&mut g, Side::Enemy, p(3, 2), p(2, 2));
    new_impulse(&mut g, Some(PLT), 2);
    // The HQ draws first (id order): an Infiltrate icon; the squad misses.
    let mut top = vec![infiltrate_icon()];
    top.extend(no_infiltrate(3));
    top_cards(&mut g, &top);
    let ev = ok(
        &mut g,
        order(Some(PLT), Action::InfiltratePlatoon { to: p(2, 2) }),
    );
    let attempts = ev
        .iter()
        .filter(|e| matches!(e.kind, EventKind::Attempt { .. }))
        .count();
    assert_eq!(attempts, 2);
    assert_eq!(unit(&g, PLT).pos, p(2, 2));
    assert!(!unit(&g, PLT).exposed);
    assert_eq!(unit(&g, S1).pos, p(2, 2));
    assert!(
        unit(&g, S1).exposed,
        "a failed infiltration is a regular move"
    );
    assert_eq!(unit(&g, HMG).pos, p(1, 2), "not in the platoon");
}

// ---------------------------------------------------------------------------
// 4.2.2 c, 5.1.4: infiltration
// ---------------------------------------------------------------------------

#[test]
fn rule_5_1_4_infiltration_needs_a_vof_on_the_origin_or_destination() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    let why = refused(&mut g, infiltrate(S1, p(2, 1)));
    assert!(why.contains("5.1.4"), "{why}");
    // A VOF elsewhere does not help.
    fire_with_shooter(&mut g, Side::Enemy, p(3, 3), p(2, 3));
    refused(&mut g, infiltrate(S1, p(2, 1)));
    fire_with_shooter(&mut g, Side::Enemy, p(3, 1), p(2, 1));
    assert!(g.legal_inputs().contains(&infiltrate(S1, p(2, 1))));
    g.state_mut().fires.clear();
    fire_with_shooter(&mut g, Side::Enemy, p(3, 1), p(1, 1));
    assert!(g.legal_inputs().contains(&infiltrate(S1, p(2, 1))));
    // Other VOF markers count too: a grenade miss on the destination.
    g.state_mut().fires.clear();
    g.state_mut()
        .map
        .card_mut(p(2, 1))
        .unwrap()
        .markers
        .grenade_miss = true;
    assert!(g.legal_inputs().contains(&infiltrate(S1, p(2, 1))));
}

#[test]
fn rule_5_1_4_tripod_mgs_and_h_vof_units_cannot_infiltrate() {
    let mut g = game();
    for id in [HMG, MTR, LMG] {
        put(&mut g, id, p(1, 1));
    }
    fire_with_shooter(&mut g, Side::Enemy, p(3, 1), p(1, 1));
    let why = refused(&mut g, infiltrate(HMG, p(2, 1)));
    assert!(why.contains("5.1.4"), "{why}");
    refused(&mut g, infiltrate(MTR, p(2, 1)));
    let c = cover(&mut g, p(1, 1), CoverKind::Basic);
    refused(&mut g, infiltrate_cover(HMG, Some(c)));
    // A bipod LMG may; the others may still move.
    assert!(g.legal_inputs().contains(&infiltrate(LMG, p(2, 1))));
    ok(&mut g, mv(HMG, p(2, 1)));
}

#[test]
fn rule_5_1_4_a_successful_infiltration_is_not_exposed() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    let c = cover(&mut g, p(2, 1), CoverKind::Basic);
    fire_with_shooter(&mut g, Side::Enemy, p(3, 1), p(2, 1));
    let mut top = no_infiltrate(1);
    top.push(infiltrate_icon());
    top_cards(&mut g, &top);
    let ev = ok(
        &mut g,
        order(
            None,
            Action::Infiltrate {
                unit: S1,
                to: p(2, 1),
                cover: Some(c),
            },
        ),
    );
    assert_eq!(last_attempt_draws(&ev), 2);
    assert_eq!(unit(&g, S1).pos, p(2, 1));
    assert_eq!(unit(&g, S1).cover, Some(c), "it may go under cover there");
    assert!(!unit(&g, S1).exposed);
    assert_eq!(spent(&g), 1);
}

#[test]
fn rule_5_1_4_a_failed_infiltration_becomes_a_regular_move() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    fire_with_shooter(&mut g, Side::Enemy, p(3, 1), p(1, 1));
    top_cards(&mut g, &no_infiltrate(2));
    let ev = ok(&mut g, infiltrate(S1, p(2, 1)));
    assert!(ev.iter().any(|e| matches!(
        e.kind,
        EventKind::Attempt {
            unit: Some(u),
            success: false,
            ..
        } if u == S1
    )));
    assert_eq!(unit(&g, S1).pos, p(2, 1));
    assert!(unit(&g, S1).exposed);
    assert_eq!(spent(&g), 1, "the command is still spent");
}

#[test]
fn rule_5_1_4_infiltration_draws_two_plus_one_veteran_minus_one_green() {
    for (exp, n) in [
        (Experience::Line, 2),
        (Experience::Veteran, 3),
        (Experience::Green, 1),
    ] {
        let mut g = game();
        put(&mut g, S1, p(1, 1));
        g.state_mut().unit_mut(S1).experience = exp;
        fire_with_shooter(&mut g, Side::Enemy, p(3, 1), p(1, 1));
        top_cards(&mut g, &no_infiltrate(3));
        let ev = ok(&mut g, infiltrate(S1, p(2, 1)));
        assert_eq!(last_attempt_draws(&ev), n, "{exp:?}");
    }
}

// ---------------------------------------------------------------------------
// 4.2.2 e, 5.2.3: seeking cover
// ---------------------------------------------------------------------------

#[test]
fn rule_5_2_3_seek_cover_draws_the_cards_cover_number_plus_or_minus_experience() {
    for (exp, adj) in [
        (Experience::Line, 0i32),
        (Experience::Veteran, 1),
        (Experience::Green, -1),
    ] {
        let mut g = game();
        put(&mut g, S1, p(1, 1));
        g.state_mut().unit_mut(S1).experience = exp;
        let base = g.top_card(p(1, 1)).unwrap().seek_draws as i32;
        top_cards(&mut g, &no_cover(6));
        let ev = ok(&mut g, seek(S1));
        assert_eq!(
            last_attempt_draws(&ev) as i32,
            (base + adj).max(1),
            "{exp:?}"
        );
    }
}

#[test]
fn rule_5_2_3_the_word_cover_places_a_new_marker_and_exposes_the_unit() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    let n = g.top_card(p(1, 1)).unwrap().seek_draws as usize;
    let mut top = no_cover(n - 1);
    top.push(cover_word());
    top_cards(&mut g, &top);
    ok(&mut g, seek(S1));
    let covers = &g.state().map.card(p(1, 1)).unwrap().covers;
    assert_eq!(covers.len(), 1);
    assert_eq!(covers[0].kind, CoverKind::Basic);
    assert_eq!(unit(&g, S1).cover, Some(covers[0].id));
    assert!(unit(&g, S1).exposed);
}

#[test]
fn rule_5_2_3_seek_cover_fails_without_the_word() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    top_cards(&mut g, &no_cover(6));
    ok(&mut g, seek(S1));
    assert!(g.state().map.card(p(1, 1)).unwrap().covers.is_empty());
    assert_eq!(unit(&g, S1).cover, None);
    assert!(!unit(&g, S1).exposed, "a failed search does nothing");
    assert_eq!(spent(&g), 1);
}

#[test]
fn rule_4_2_a_failed_seek_cover_is_not_repeated_in_the_impulse() {
    // Decision: 4.2 excepts only movement within a card (4.2.2 f, and its
    // infiltration form g) from "one action of each named type"; Seek Cover
    // is an attempt, retried by Exhort (4.2.1 b), not by buying it again.
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    top_cards(&mut g, &no_cover(6));
    ok(&mut g, seek(S1));
    let why = refused(&mut g, seek(S1));
    assert!(why.contains("4.2"), "{why}");
}

#[test]
fn rule_5_1_1_a_unit_under_cover_cannot_seek_cover() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    let c = cover(&mut g, p(1, 1), CoverKind::Basic);
    under(&mut g, S1, c);
    let why = refused(&mut g, seek(S1));
    assert!(why.contains("5.1.1"), "{why}");
    // Out in the open again, it may.
    ok(&mut g, to_cover(S1, None));
    assert!(g.legal_inputs().contains(&seek(S1)));
}

#[test]
fn rule_5_2_3_no_seeking_once_the_card_reached_its_cover_potential() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    let potential = g.top_card(p(1, 1)).unwrap().cover_markers;
    // Field fortifications do not count against the potential (5.2.3 B).
    cover(&mut g, p(1, 1), CoverKind::Trench);
    cover(&mut g, p(1, 1), CoverKind::Foxhole);
    for _ in 0..potential - 1 {
        cover(&mut g, p(1, 1), CoverKind::Basic);
    }
    assert!(g.legal_inputs().contains(&seek(S1)));
    cover(&mut g, p(1, 1), CoverKind::Basic);
    let why = refused(&mut g, seek(S1));
    assert!(why.contains("cover potential"), "{why}");
    // There is no cover to find in the staging area.
    put(&mut g, S3, sa(1));
    refused(&mut g, seek(S3));
    // A card with no potential at all (open fields).
    let open = terrain_where(|c| c.cover_markers == 0 && !c.is_hill())[0];
    lay(&mut g, p(2, 1), &[open]);
    put(&mut g, S2, p(2, 1));
    refused(&mut g, seek(S2));
}

#[test]
fn rule_5_2_3_c_urban_cover_comes_from_the_urban_cover_table() {
    // The table in assets/charts.ron: R# out of 6, 1-2 basic (rubble), 3-4
    // light building, 5-6 strong building.
    let table = &base().charts.urban_cover;
    let village =
        terrain_where(|c| c.urban && c.relief == Relief::Flat && c.terrain == TerrainType::Village)
            [0];
    for (r, kind) in [
        (1u8, CoverKind::Basic),
        (3, CoverKind::LightBuilding),
        (6, CoverKind::StrongBuilding),
    ] {
        assert_eq!(table.lookup(r), kind);
        let mut g = game();
        lay(&mut g, p(1, 1), &[village]);
        put(&mut g, S1, p(1, 1));
        let n = g.top_card(p(1, 1)).unwrap().seek_draws as usize;
        let mut top = vec![cover_word()];
        top.extend(no_cover(n - 1));
        let rn = random_card(table.n, |x| table.lookup(x) == kind, &top);
        top.push(rn);
        top_cards(&mut g, &top);
        ok(&mut g, seek(S1));
        let covers = &g.state().map.card(p(1, 1)).unwrap().covers;
        assert_eq!(covers.len(), 1, "no upper story on a single-story card");
        assert_eq!(covers[0].kind, kind);
        assert_eq!(unit(&g, S1).cover, Some(covers[0].id));
    }
}

/// Seeks cover successfully on a card with the urban-table result `kind`;
/// returns the cover markers found.
fn urban_find(card: u8, kind: CoverKind) -> (Game, Vec<CoverMarker>) {
    let table = &base().charts.urban_cover;
    let mut g = game();
    lay(&mut g, p(1, 1), &[card]);
    put(&mut g, S1, p(1, 1));
    let n = g.top_card(p(1, 1)).unwrap().seek_draws as usize;
    let mut top = vec![cover_word()];
    top.extend(no_cover(n - 1));
    let rn = random_card(table.n, |x| table.lookup(x) == kind, &top);
    top.push(rn);
    top_cards(&mut g, &top);
    ok(&mut g, seek(S1));
    let covers = g.state().map.card(p(1, 1)).unwrap().covers.clone();
    (g, covers)
}

#[test]
fn rule_5_2_2_b_a_building_on_a_multi_story_card_brings_an_upper_story() {
    let multi = terrain_where(|c| {
        c.urban && c.relief == Relief::MultiStory && c.terrain != TerrainType::Church
    })[0];
    let (g, covers) = urban_find(multi, CoverKind::StrongBuilding);
    let kinds: Vec<CoverKind> = covers.iter().map(|c| c.kind).collect();
    assert_eq!(
        kinds,
        vec![CoverKind::StrongBuilding, CoverKind::UpperStory]
    );
    assert_eq!(
        unit(&g, S1).cover,
        Some(covers[0].id),
        "the unit finds the ground floor"
    );
    // Rubble brings no upper story.
    let (_, covers) = urban_find(multi, CoverKind::Basic);
    assert_eq!(covers.len(), 1);
    assert_eq!(covers[0].kind, CoverKind::Basic);
}

#[test]
fn rule_5_2_2_b_a_church_gets_a_church_tower() {
    let church = terrain_where(|c| c.terrain == TerrainType::Church)[0];
    let (mut g, covers) = urban_find(church, CoverKind::LightBuilding);
    let kinds: Vec<CoverKind> = covers.iter().map(|c| c.kind).collect();
    assert_eq!(
        kinds,
        vec![CoverKind::LightBuilding, CoverKind::ChurchTower]
    );
    // Units move between the two markers, or straight up from the open; the
    // tower raises the unit's level (5.2.2 B).
    let ground = g.unit_level(S1);
    ok(&mut g, to_cover(S1, Some(covers[1].id)));
    assert_eq!(g.unit_level(S1), ground + 1);
    put(&mut g, S2, p(1, 1));
    ok(&mut g, to_cover(S2, Some(covers[1].id)));
    assert_eq!(unit(&g, S2).cover, Some(covers[1].id));
}

#[test]
fn rule_5_2_3_c_upper_stories_do_not_count_against_the_potential() {
    let multi = terrain_where(|c| {
        c.urban && c.relief == Relief::MultiStory && c.terrain != TerrainType::Church
    })[0];
    let mut g = game();
    lay(&mut g, p(1, 1), &[multi]);
    put(&mut g, S1, p(1, 1));
    let potential = g.top_card(p(1, 1)).unwrap().cover_markers;
    for _ in 0..potential - 1 {
        cover(&mut g, p(1, 1), CoverKind::LightBuilding);
        cover(&mut g, p(1, 1), CoverKind::UpperStory);
    }
    assert!(g.legal_inputs().contains(&seek(S1)));
    cover(&mut g, p(1, 1), CoverKind::StrongBuilding);
    refused(&mut g, seek(S1));
}

// ---------------------------------------------------------------------------
// 4.2.2 f, g, 5.1.1: moving within a card
// ---------------------------------------------------------------------------

#[test]
fn rule_5_1_1_moving_to_or_from_cover_marks_exposed_and_may_be_repeated() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    let a = cover(&mut g, p(1, 1), CoverKind::Basic);
    let b = cover(&mut g, p(1, 1), CoverKind::Basic);
    let ev = ok(&mut g, to_cover(S1, Some(a)));
    assert!(ev.iter().any(|e| e.rule == "4.2.2 f"));
    assert_eq!(unit(&g, S1).cover, Some(a));
    assert!(unit(&g, S1).exposed);
    // Straight from one marker to another, then out: three moves, three
    // commands, one impulse.
    ok(&mut g, to_cover(S1, Some(b)));
    assert_eq!(unit(&g, S1).cover, Some(b));
    ok(&mut g, to_cover(S1, None));
    assert_eq!(unit(&g, S1).cover, None);
    assert_eq!(spent(&g), 3);
    // Moving to where it already is means nothing.
    refused(&mut g, to_cover(S1, None));
}

#[test]
fn rule_5_1_1_moving_between_fortifications_in_a_card_is_not_exposed() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    let trench = cover(&mut g, p(1, 1), CoverKind::Trench);
    let bunker = cover(&mut g, p(1, 1), CoverKind::Bunker);
    let basic = cover(&mut g, p(1, 1), CoverKind::Basic);
    under(&mut g, S1, trench);
    ok(&mut g, to_cover(S1, Some(bunker)));
    assert!(!unit(&g, S1).exposed);
    ok(&mut g, to_cover(S1, Some(basic)));
    assert!(unit(&g, S1).exposed);
}

#[test]
fn rule_5_2_3_no_moving_under_a_marker_the_enemy_holds() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    let c = cover(&mut g, p(1, 1), CoverKind::Basic);
    let e = add_spotted(&mut g, "de_rifle_squad", p(1, 1));
    under(&mut g, e, c);
    let why = refused(&mut g, to_cover(S1, Some(c)));
    assert!(why.contains("5.2.3"), "{why}");
}

#[test]
fn rule_4_2_2_g_infiltrating_to_or_from_cover_needs_a_vof_on_the_card() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    let c = cover(&mut g, p(1, 1), CoverKind::Basic);
    // A VOF on the next card is not enough.
    fire_with_shooter(&mut g, Side::Enemy, p(3, 1), p(2, 1));
    let why = refused(&mut g, infiltrate_cover(S1, Some(c)));
    assert!(why.contains("5.1.4"), "{why}");
    fire_with_shooter(&mut g, Side::Enemy, p(3, 1), p(1, 1));
    let mut top = vec![infiltrate_icon()];
    top.extend(no_infiltrate(1));
    top_cards(&mut g, &top);
    let ev = ok(&mut g, infiltrate_cover(S1, Some(c)));
    assert_eq!(last_attempt_draws(&ev), 2);
    assert_eq!(unit(&g, S1).cover, Some(c));
    assert!(!unit(&g, S1).exposed);
    // Repeatable in the impulse; a failure is a regular move to or from cover.
    top_cards(&mut g, &no_infiltrate(2));
    ok(&mut g, infiltrate_cover(S1, None));
    assert_eq!(unit(&g, S1).cover, None);
    assert!(unit(&g, S1).exposed);
    assert_eq!(spent(&g), 2);
    // Exposed now: no more infiltrating, though moving to cover is allowed.
    refused(&mut g, infiltrate_cover(S1, Some(c)));
    ok(&mut g, to_cover(S1, Some(c)));
}

// ---------------------------------------------------------------------------
// 4.2.2 h, 5.1.6, 5.1.7: casualties
// ---------------------------------------------------------------------------

#[test]
fn rule_5_1_6_b_picking_up_a_casualty_marks_exposed() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    let cas = add_spotted(&mut g, "us_casualty", p(1, 1));
    let ev = ok(&mut g, pick_up(S1, cas));
    assert!(ev.iter().any(|e| e.rule == "4.2.2 h"));
    assert!(unit(&g, S1).exposed);
    assert_eq!(g.state().carried, vec![(S1, cas)]);
    assert_eq!(spent(&g), 1);
    // Another card's casualty cannot be reached.
    let far = add_spotted(&mut g, "us_casualty", p(2, 1));
    refused(&mut g, pick_up(S2, far));
}

#[test]
fn rule_5_1_6_b_an_exposed_unit_may_pick_up_a_pinned_one_may_not() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    put(&mut g, S2, p(1, 1));
    let c1 = add_spotted(&mut g, "us_casualty", p(1, 1));
    let c2 = add_spotted(&mut g, "us_casualty", p(1, 1));
    g.state_mut().unit_mut(S1).exposed = true;
    g.state_mut().unit_mut(S2).pinned = true;
    ok(&mut g, pick_up(S1, c1));
    let why = refused(&mut g, pick_up(S2, c2));
    assert!(why.contains("5.1.6"), "{why}");
}

#[test]
fn rule_5_1_6_a_one_casualty_per_step() {
    let mut g = game();
    put(&mut g, LMG, p(1, 1));
    let c1 = add_spotted(&mut g, "us_casualty", p(1, 1));
    let c2 = add_spotted(&mut g, "us_casualty", p(1, 1));
    ok(&mut g, pick_up(LMG, c1));
    // A one-step team is full; and a carried casualty is not picked twice.
    new_impulse(&mut g, None, 6);
    let why = refused(&mut g, pick_up(LMG, c2));
    assert!(why.contains("5.1.6"), "{why}");
    put(&mut g, S1, p(1, 1));
    refused(&mut g, pick_up(S1, c1));
    ok(&mut g, pick_up(S1, c2));
}

#[test]
fn rule_5_1_6_the_casualty_moves_with_its_carrier_and_drop_is_free() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    let c = add_spotted(&mut g, "us_casualty", p(1, 1));
    g.state_mut().carried.push((S1, c));
    ok(&mut g, mv(S1, p(2, 1)));
    assert_eq!(unit(&g, c).pos, p(2, 1));
    let drop = Input::Drop {
        carrier: S1,
        casualty: c,
    };
    let before = spent(&g);
    ok(&mut g, drop.clone());
    assert_eq!(spent(&g), before, "dropping costs nothing");
    assert!(g.state().carried.is_empty());
    assert_eq!(unit(&g, c).pos, p(2, 1));
    // Nothing left to drop.
    let h = g.state_hash();
    assert!(g.apply(&drop).is_err());
    assert_eq!(g.state_hash(), h);
}

#[test]
fn rule_5_1_6_b_a_pinned_carrier_cannot_take_its_casualty_any_farther() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    let c = add_spotted(&mut g, "us_casualty", p(1, 1));
    g.state_mut().carried.push((S1, c));
    g.state_mut().unit_mut(S1).pinned = true;
    let why = refused(&mut g, mv(S1, sa(1)));
    assert!(why.contains("5.1.6"), "{why}");
    // It keeps what it carries; once set down, it may go.
    ok(
        &mut g,
        Input::Drop {
            carrier: S1,
            casualty: c,
        },
    );
    ok(&mut g, mv(S1, sa(1)));
    assert_eq!(unit(&g, c).pos, p(1, 1));
}

#[test]
fn rule_5_1_7_a_casualty_set_down_at_the_collection_point_is_evacuated_in_clean_up() {
    let mut m = mission(3, 3);
    m.controls.casualty_point = Some(At(1, 1));
    let mut g = start(m, 3);
    new_impulse(&mut g, None, 6);
    put(&mut g, S1, p(1, 2));
    put(&mut g, S2, p(1, 2));
    let dropped = add_spotted(&mut g, "us_casualty", p(1, 2));
    let kept = add_spotted(&mut g, "us_casualty", p(1, 2));
    let elsewhere = add_spotted(&mut g, "us_casualty", p(2, 2));
    g.state_mut().carried.push((S1, dropped));
    g.state_mut().carried.push((S2, kept));
    g.state_mut().carried.sort();
    ok(&mut g, mv(S1, p(1, 1)));
    ok(&mut g, mv(S2, p(1, 1)));
    ok(
        &mut g,
        Input::Drop {
            carrier: S1,
            casualty: dropped,
        },
    );
    assert!(unit(&g, dropped).in_play(), "evacuation waits for Clean Up");
    finish_turn(&mut g);
    assert!(!unit(&g, dropped).in_play());
    assert_eq!(g.state().evacuated, 1);
    assert!(unit(&g, kept).in_play(), "still carried: not set down");
    assert!(unit(&g, elsewhere).in_play());
    let ev = g
        .log()
        .iter()
        .find(|e| {
            matches!(
                e.kind,
                EventKind::UnitRemoved {
                    unit,
                    why: fof::engine::kernel::events::Removal::Evacuated(_),
                } if unit == dropped
            )
        })
        .expect("the evacuation is logged");
    assert_eq!(ev.step, Step::CleanUp);
    assert_eq!(ev.rule, "5.1.7");
}

// ---------------------------------------------------------------------------
// 4.2.5: pinned and LAT limitations
// ---------------------------------------------------------------------------

#[test]
fn rule_4_2_5_a_pinned_unit_moves_only_to_staging_or_a_quiet_friendly_card() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    g.state_mut().unit_mut(S1).pinned = true;
    let why = refused(&mut g, mv(S1, p(2, 1)));
    assert!(why.contains("4.2.5"), "{why}");
    put(&mut g, S2, p(2, 1));
    assert!(g.legal_inputs().contains(&mv(S1, p(2, 1))));
    fire_with_shooter(&mut g, Side::Enemy, p(3, 1), p(2, 1));
    refused(&mut g, mv(S1, p(2, 1)));
    // An enemy unit does not make a card friendly.
    add_spotted(&mut g, "de_rifle_squad", p(1, 2));
    refused(&mut g, mv(S1, p(1, 2)));
    ok(&mut g, mv(S1, sa(1)));
}

#[test]
fn rule_4_2_5_a_pinned_unit_may_seek_cover_and_move_to_cover_but_not_infiltrate() {
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    put(&mut g, S2, p(2, 1));
    g.state_mut().unit_mut(S1).pinned = true;
    let c = cover(&mut g, p(1, 1), CoverKind::Basic);
    fire_with_shooter(&mut g, Side::Enemy, p(3, 3), p(1, 1));
    let why = refused(&mut g, infiltrate(S1, p(2, 1)));
    assert!(why.contains("4.2.5"), "{why}");
    refused(&mut g, infiltrate_cover(S1, Some(c)));
    assert!(g.legal_inputs().contains(&seek(S1)));
    ok(&mut g, to_cover(S1, Some(c)));
    assert_eq!(unit(&g, S1).cover, Some(c));
}

#[test]
fn rule_4_2_5_fire_team_moves_only_to_staging_or_a_quiet_friendly_card() {
    let mut g = game();
    let ft = add_spotted(&mut g, "us_fire_team", p(1, 1));
    refused(&mut g, mv(ft, p(2, 1)));
    put(&mut g, S1, p(2, 1));
    fire_with_shooter(&mut g, Side::Enemy, p(3, 1), p(2, 1));
    refused(&mut g, mv(ft, p(2, 1)));
    g.state_mut().fires.clear();
    ok(&mut g, mv(ft, p(2, 1)));
    let ft2 = add_spotted(&mut g, "us_fire_team", p(1, 1));
    ok(&mut g, mv(ft2, sa(1)));
    assert_eq!(unit(&g, ft2).pos, sa(1));
}

#[test]
fn rule_4_2_5_fire_teams_cannot_scout_into_cards_with_pc_markers() {
    let mut g = game();
    let ft = add_spotted(&mut g, "us_fire_team", p(1, 1));
    put(&mut g, S1, p(2, 1));
    g.state_mut().map.card_mut(p(2, 1)).unwrap().markers.pc = Some(PcMarker {
        letter: fof::data::charts::PcLetter::B,
        hidden: false,
    });
    let why = refused(&mut g, mv(ft, p(2, 1)));
    assert!(why.contains("Potential Contact"), "{why}");
    // Other units may.
    put(&mut g, S2, p(1, 1));
    ok(&mut g, mv(S2, p(2, 1)));
}

#[test]
fn rule_4_2_5_a_weapons_team_on_its_fire_team_side_moves_as_a_fire_team() {
    // Decision (4.2.3 f, 4.2.5): a weapons team, FO or HQ on its fire-team
    // side is a Fire Team LAT: it moves only to a staging area or a quiet
    // friendly card and never scouts into a PC card.
    let mut g = game();
    let lmg = add_spotted(&mut g, "us_lmg_team", p(1, 1));
    let hq = add_spotted(&mut g, "us_plt_hq", p(1, 2));
    for x in [lmg, hq] {
        g.state_mut().unit_mut(x).flipped = true;
    }
    let why = refused(&mut g, mv(lmg, p(2, 1)));
    assert!(why.contains("fire team"), "{why}");
    refused(&mut g, mv(hq, p(2, 2)));
    put(&mut g, S1, p(2, 1));
    g.state_mut().map.card_mut(p(2, 1)).unwrap().markers.pc = Some(PcMarker {
        letter: fof::data::charts::PcLetter::B,
        hidden: false,
    });
    let why = refused(&mut g, mv(lmg, p(2, 1)));
    assert!(why.contains("Potential Contact"), "{why}");
    g.state_mut().map.card_mut(p(2, 1)).unwrap().markers.pc = None;
    ok(&mut g, mv(lmg, p(2, 1)));
    // On its front again it moves freely.
    g.state_mut().unit_mut(hq).flipped = false;
    ok(&mut g, mv(hq, p(2, 2)));
}

#[test]
fn rule_4_2_5_fire_and_litter_teams_infiltrate_only_into_friendly_cards() {
    let mut g = game();
    let ft = add_spotted(&mut g, "us_fire_team", p(1, 1));
    let lt = add_spotted(&mut g, "us_litter_team", p(1, 1));
    fire_with_shooter(&mut g, Side::Enemy, p(3, 3), p(1, 1));
    refused(&mut g, infiltrate(ft, p(2, 1)));
    refused(&mut g, infiltrate(lt, p(2, 1)));
    put(&mut g, S1, p(2, 1));
    assert!(g.legal_inputs().contains(&infiltrate(ft, p(2, 1))));
    assert!(g.legal_inputs().contains(&infiltrate(lt, p(2, 1))));
}

#[test]
fn rule_4_2_5_a_fire_or_litter_team_infiltrates_into_a_friendly_card_under_vof() {
    // 4.2.5 c: a fire or litter team may infiltrate into a friendly-occupied
    // card; unlike a move (4.2.5 a), fire on that card does not stop it.
    let mut g = game();
    let ft = add_spotted(&mut g, "us_fire_team", p(1, 1));
    let lt = add_spotted(&mut g, "us_litter_team", p(1, 1));
    put(&mut g, S1, p(2, 1));
    fire_with_shooter(&mut g, Side::Enemy, p(3, 1), p(2, 1));
    assert!(g.legal_inputs().contains(&infiltrate(ft, p(2, 1))));
    assert!(g.legal_inputs().contains(&infiltrate(lt, p(2, 1))));
    // A move into the same card is still refused.
    refused(&mut g, mv(ft, p(2, 1)));
    refused(&mut g, mv(lt, p(2, 1)));
    ok(&mut g, infiltrate(ft, p(2, 1)));
}

#[test]
fn rule_4_2_5_litter_team_moves_to_staging_or_a_quiet_friendly_card() {
    let mut g = game();
    let lt = add_spotted(&mut g, "us_litter_team", p(1, 1));
    refused(&mut g, mv(lt, p(1, 2)));
    put(&mut g, S1, p(1, 2));
    fire_with_shooter(&mut g, Side::Enemy, p(3, 2), p(1, 2));
    refused(&mut g, mv(lt, p(1, 2)));
    g.state_mut().fires.clear();
    ok(&mut g, mv(lt, p(1, 2)));
    // It may pick up, seek cover and move to cover.
    let cas = add_spotted(&mut g, "us_casualty", p(1, 2));
    ok(&mut g, pick_up(lt, cas));
    let c = cover(&mut g, p(1, 2), CoverKind::Basic);
    ok(&mut g, to_cover(lt, Some(c)));
}

#[test]
fn rule_4_2_5_paralyzed_team_only_moves_to_a_quiet_friendly_card_or_staging() {
    let mut g = game();
    let pt = add_spotted(&mut g, "us_paralyzed_team", p(1, 1));
    let c = cover(&mut g, p(1, 1), CoverKind::Basic);
    let cas = add_spotted(&mut g, "us_casualty", p(1, 1));
    refused(&mut g, mv(pt, p(2, 1)));
    refused(&mut g, seek(pt));
    refused(&mut g, to_cover(pt, Some(c)));
    refused(&mut g, pick_up(pt, cas));
    put(&mut g, S1, p(2, 1));
    fire_with_shooter(&mut g, Side::Enemy, p(3, 3), p(1, 1));
    refused(&mut g, infiltrate(pt, p(2, 1)));
    ok(&mut g, mv(pt, p(2, 1)));
    assert!(unit(&g, pt).exposed);
}

#[test]
fn rule_4_2_5_an_assault_team_moves_freely() {
    let mut g = game();
    let at = add_spotted(&mut g, "us_assault_team", p(1, 1));
    ok(&mut g, mv(at, p(2, 1)));
    assert_eq!(unit(&g, at).pos, p(2, 1));
}

// ---------------------------------------------------------------------------
// 4.3.4: laying phone lines
// ---------------------------------------------------------------------------

fn lines(g: &Game, id: UnitId) -> u8 {
    unit(g, id)
        .assets
        .iter()
        .map(|a| match a {
            Asset::PhoneLines(n) => *n,
            _ => 0,
        })
        .sum()
}

fn line_on(g: &Game, pos: CardPos) -> Option<bool> {
    g.state().map.card(pos).unwrap().markers.phone_line
}

#[test]
fn rule_4_3_4_a_unit_carrying_phone_lines_lays_one_on_the_card_it_leaves() {
    let mut m = mission(3, 3);
    m.phone_lines = vec![("s1".into(), 2)];
    let mut g = start(m, 1);
    new_impulse(&mut g, None, 6);
    assert_eq!(lines(&g, S1), 2);
    // Leaving the staging area lays nothing: it is wired already (2.4.2 A).
    ok(&mut g, mv(S1, p(1, 1)));
    assert_eq!(lines(&g, S1), 2);
    new_impulse(&mut g, None, 6);
    g.state_mut().unit_mut(S1).exposed = false;
    let ev = ok(&mut g, mv(S1, p(2, 1)));
    assert_eq!(line_on(&g, p(1, 1)), Some(false));
    assert_eq!(line_on(&g, p(2, 1)), None);
    assert_eq!(lines(&g, S1), 1);
    assert!(ev.iter().any(|e| e.rule == "4.3.4"));
    // The last line goes down on the next card left.
    new_impulse(&mut g, None, 6);
    g.state_mut().unit_mut(S1).exposed = false;
    ok(&mut g, mv(S1, p(3, 1)));
    assert_eq!(line_on(&g, p(2, 1)), Some(false));
    assert_eq!(lines(&g, S1), 0);
    assert!(
        !unit(&g, S1)
            .assets
            .iter()
            .any(|a| matches!(a, Asset::PhoneLines(_)))
    );
}

#[test]
fn rule_4_3_4_one_line_per_card_and_only_by_units_carrying_one() {
    let mut m = mission(3, 3);
    m.phone_lines = vec![("s1".into(), 2)];
    let mut g = start(m, 1);
    new_impulse(&mut g, None, 6);
    put(&mut g, S1, p(1, 1));
    put(&mut g, S2, p(1, 2));
    g.state_mut()
        .map
        .card_mut(p(1, 1))
        .unwrap()
        .markers
        .phone_line = Some(false);
    ok(&mut g, mv(S1, p(2, 1)));
    assert_eq!(lines(&g, S1), 2, "the card already has a line");
    ok(&mut g, mv(S2, p(2, 2)));
    assert_eq!(line_on(&g, p(1, 2)), None, "S2 carries no line");
}

// ---------------------------------------------------------------------------
// 4.2: the rulebook's example of an impulse (the movement parts)
// ---------------------------------------------------------------------------

#[test]
fn rule_4_2_example_second_platoon_spends_four_commands() {
    // 2nd PLT HQ has 4 commands: one sends 1/2 into the gully, two move the
    // HQ with 2/2 and 3/2 into the woods, one has the weapons team seek
    // cover; it draws four cards, one shows Cover: a +1 cover marker.
    let mut g = game();
    let plt = PLT;
    let (sq1, sq2, sq3, wpn) = (S1, S2, S3, LMG);
    for id in [plt, sq1, sq2, sq3, wpn] {
        put(&mut g, id, p(1, 2));
    }
    new_impulse(&mut g, Some(plt), 4);
    ok(
        &mut g,
        order(
            Some(plt),
            Action::Move {
                unit: sq1,
                to: p(2, 1),
                cover: None,
            },
        ),
    );
    ok(&mut g, plt_move(Some(plt), p(2, 2)));
    for id in [plt, sq2, sq3, wpn] {
        assert_eq!(unit(&g, id).pos, p(2, 2));
        assert!(unit(&g, id).exposed);
    }
    assert_eq!(unit(&g, sq1).pos, p(2, 1));
    assert!(unit(&g, sq1).exposed);
    // The weapons team seeks cover where it now stands and draws four
    // cards: here a card with a Seek Cover number of 3 and a Veteran team.
    let woods = terrain_where(|c| !c.urban && !c.is_hill() && c.seek_draws == 3)[0];
    lay(&mut g, p(2, 2), &[woods]);
    g.state_mut().unit_mut(wpn).experience = Experience::Veteran;
    let mut top = no_cover(3);
    top.push(cover_word());
    top_cards(&mut g, &top);
    let ev = ok(&mut g, order(Some(plt), Action::SeekCover { unit: wpn }));
    assert_eq!(last_attempt_draws(&ev), 4);
    let cover = unit(&g, wpn).cover.expect("under cover");
    assert_eq!(g.state().cover_kind(p(2, 2), cover), Some(CoverKind::Basic));
    assert_eq!(left(&g), 0);
}

// ---------------------------------------------------------------------------
// 5.1.6 Items: ammunition and assets lying on a card
// ---------------------------------------------------------------------------

fn lay_item(game: &mut Game, pos: CardPos, item: fof::engine::kernel::state::Item) {
    let c = game.state_mut().map.card_mut(pos).expect("a map card");
    c.markers.items.push(item);
    c.markers.items.sort();
}

#[test]
fn rule_6_8_3_an_lmg_out_of_ammo_refills_from_ammunition_on_its_card() {
    use fof::data::units::AmmoKind;
    use fof::engine::kernel::state::Item;
    let mut g = game();
    put(&mut g, LMG, p(1, 1));
    {
        let u = g.state_mut().unit_mut(LMG);
        u.ammo = Some(0);
        u.flipped = true;
    }
    lay_item(&mut g, p(1, 1), Item::Ammo(AmmoKind::Mg, 10));
    let pick = order(None, Action::PickUpItem { unit: LMG, item: 0 });
    if let Input::Order(o) = &pick {
        fof::engine::testing::turn::check_order(&g, o).expect("legal");
    }
    assert!(g.legal_inputs().contains(&pick));
    g.apply(&pick).expect("pick up");
    let u = unit(&g, LMG);
    assert_eq!(u.ammo, Some(6), "a one-step team holds its allotment of 6");
    assert!(
        !u.flipped,
        "resupplied weapons teams flip back to their front (6.8.3)"
    );
    assert!(u.exposed, "picking up marks Exposed (5.1.6 B)");
    assert_eq!(
        u.cargo, None,
        "a one-step team's six points are all in the gun"
    );
    let left = &g.state().map.card(p(1, 1)).unwrap().markers.items;
    assert_eq!(
        left,
        &vec![Item::Ammo(AmmoKind::Mg, 4)],
        "the rest stays on the card"
    );
}

#[test]
fn rule_5_1_6_b_one_pick_up_order_takes_items_up_to_the_units_capacity() {
    // 5.1.6 B: "may pick up and drop off items up to its Transport
    // Capacity" with a Pick Up order: after the first item the player is
    // asked for more, free, until nothing more can be taken.
    use fof::data::mission::Pyro;
    use fof::engine::kernel::input::{Choice, Decision};
    use fof::engine::kernel::state::{Asset, Item};
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    lay_item(&mut g, p(1, 1), Item::Asset(Asset::Pyro(Pyro::Smoke, 1)));
    lay_item(
        &mut g,
        p(1, 1),
        Item::Asset(Asset::Pyro(Pyro::HandFlare, 1)),
    );
    let before = spent(&g);
    ok(
        &mut g,
        order(None, Action::PickUpItem { unit: S1, item: 0 }),
    );
    assert_eq!(
        g.prompt().decision,
        Decision::Choose(Choice::PickUpMore { unit: S1 })
    );
    assert_eq!(
        g.suggestion(),
        Some(Input::Answer(Answer::PickUpMore {
            unit: S1,
            item: None
        }))
    );
    ok(
        &mut g,
        Input::Answer(Answer::PickUpMore {
            unit: S1,
            item: Some(0),
        }),
    );
    assert_eq!(spent(&g) - before, 1, "one order for both");
    assert_eq!(unit(&g, S1).assets.len(), 2);
    assert!(
        g.state()
            .map
            .card(p(1, 1))
            .unwrap()
            .markers
            .items
            .is_empty()
    );
    assert!(
        matches!(g.prompt().decision, Decision::Orders { .. }),
        "nothing left to ask"
    );
}

#[test]
fn rule_5_1_6_a_a_squad_carries_six_mg_points_per_step_and_one_kind_at_a_time() {
    use fof::data::units::AmmoKind;
    use fof::engine::kernel::state::Item;
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    lay_item(&mut g, p(1, 1), Item::Ammo(AmmoKind::Mg, 30));
    lay_item(&mut g, p(1, 1), Item::Ammo(AmmoKind::Mortar, 2));
    // Items are sorted: Mg first.
    g.apply(&order(None, Action::PickUpItem { unit: S1, item: 0 }))
        .expect("pick up MG ammo");
    assert_eq!(
        unit(&g, S1).cargo,
        Some((AmmoKind::Mg, 24)),
        "4 steps x 6 points"
    );
    new_impulse(&mut g, None, 6);
    let mortar = g
        .state()
        .map
        .card(p(1, 1))
        .unwrap()
        .markers
        .items
        .iter()
        .position(|i| matches!(i, Item::Ammo(AmmoKind::Mortar, _)))
        .unwrap();
    let pick = order(
        None,
        Action::PickUpItem {
            unit: S1,
            item: mortar,
        },
    );
    assert!(!g.legal_inputs().contains(&pick));
    let err = g.apply(&pick).unwrap_err();
    assert!(err.text.contains("one kind of ammunition"), "{err}");
    // Setting the cargo down is free and puts it on the card.
    let before = spent(&g);
    g.apply(&Input::DropItem {
        unit: S1,
        asset: None,
    })
    .expect("drop");
    assert_eq!(spent(&g), before);
    assert_eq!(unit(&g, S1).cargo, None);
    let items = &g.state().map.card(p(1, 1)).unwrap().markers.items;
    assert!(items.contains(&Item::Ammo(AmmoKind::Mg, 24)));
}

#[test]
fn rule_5_1_6_a_casualties_and_ammunition_are_not_carried_together() {
    use fof::data::units::AmmoKind;
    let mut g = game();
    put(&mut g, S1, p(1, 1));
    g.state_mut().unit_mut(S1).cargo = Some((AmmoKind::Mg, 6));
    let cas = add_spotted(&mut g, "us_casualty", p(1, 1));
    let pick = order(
        None,
        Action::PickUp {
            unit: S1,
            casualty: cas,
        },
    );
    assert!(!g.legal_inputs().contains(&pick));
    let err = g.apply(&pick).unwrap_err();
    assert!(err.text.contains("not both"), "{err}");
}

#[test]
fn rule_5_1_6_b_assets_dropped_on_a_card_can_be_picked_up_by_another_unit() {
    use fof::engine::kernel::state::{Asset, Item};
    let mut g = game();
    put(&mut g, PLT, p(1, 1));
    put(&mut g, S1, p(1, 1));
    let radio = Asset::Radio {
        name: "SCR-536".into(),
        class: fof::data::mission::RadioClass::Handheld,
        net: fof::data::mission::Net::CoTac,
    };
    g.state_mut().unit_mut(PLT).assets = vec![radio.clone()];
    g.apply(&Input::DropItem {
        unit: PLT,
        asset: Some(0),
    })
    .expect("drop the radio");
    assert!(unit(&g, PLT).assets.is_empty());
    let items = g.state().map.card(p(1, 1)).unwrap().markers.items.clone();
    assert_eq!(items, vec![Item::Asset(radio.clone())]);
    g.apply(&order(None, Action::PickUpItem { unit: S1, item: 0 }))
        .expect("pick it up");
    assert_eq!(unit(&g, S1).assets, vec![radio]);
    assert!(
        g.state()
            .map
            .card(p(1, 1))
            .unwrap()
            .markers
            .items
            .is_empty()
    );
    // Nothing left to pick up: refused with a reason, nothing changes.
    let h = g.state_hash();
    assert!(
        g.apply(&order(None, Action::PickUpItem { unit: S1, item: 0 }))
            .is_err()
    );
    assert_eq!(h, g.state_hash());
}

// ---------------------------------------------------------------------------
// 11.4 Combat patrols: who goes out
// ---------------------------------------------------------------------------

/// The night patrol mission as shipped, before its patrol is named.
fn patrol_game(seed: u64) -> Game {
    let mut g = Game::new(
        common::shipped(),
        "night_patrol",
        seed,
        fof::engine::Options::default(),
    )
    .unwrap();
    common::keep_assets(&mut g);
    g
}

#[test]
fn rule_11_4_the_player_names_the_patrol_before_it_sets_out() {
    use fof::engine::kernel::input::{Choice, Decision};
    let g = patrol_game(3);
    assert_eq!(g.prompt().decision, Decision::Choose(Choice::Patrol));
    assert_eq!(g.state().turn, 1);
    let legal = g.legal_inputs();
    assert!(
        legal.len() >= 2,
        "the briefing's patrol and the other platoon"
    );
    // The suggestion is the briefing's: first platoon with its attachments.
    let sugg = g.suggestion().unwrap();
    assert_eq!(legal[0], sugg);
    let Input::Answer(Answer::NamePatrol { units }) = &sugg else {
        panic!("{sugg:?}")
    };
    let names: Vec<&str> = units
        .iter()
        .map(|u| g.state().unit(*u).roster.as_deref().unwrap_or(""))
        .collect();
    assert!(
        names.contains(&"1plt_hq") && names.contains(&"1_1"),
        "{names:?}"
    );
    assert!(
        !names.contains(&"2_1") && !names.contains(&"co_hq"),
        "{names:?}"
    );
    // No order is taken before the answer.
    assert!(
        legal
            .iter()
            .all(|i| matches!(i, Input::Answer(Answer::NamePatrol { .. })))
    );
}

#[test]
fn rule_11_4_only_the_patrols_units_may_move() {
    let mut g = patrol_game(3);
    let sugg = g.suggestion().unwrap();
    g.apply(&sugg).unwrap();
    assert!(
        g.log()
            .iter()
            .any(|e| e.rule == "11.4" && e.text.contains("The patrol goes out"))
    );
    let (out, home) = (id(&g, "1_1"), id(&g, "2_1"));
    new_impulse(&mut g, None, 6);
    let to = |g: &Game, u: UnitId| {
        let p = g.state().unit(u).pos;
        CardPos::new(p.row + 1, p.col)
    };
    let t = to(&g, home);
    let why = refused(&mut g, mv(home, t));
    assert!(
        why.contains("not on the patrol") && why.contains("11.4"),
        "{why}"
    );
    let t = to(&g, out);
    assert!(legal(&g, &mv(out, t)), "a patrol member moves");
    // The random bot never moves a unit that stayed home.
    assert!(!g.legal_inputs().iter().any(|i| match i {
        Input::Order(o) => matches!(&o.action, Action::Move { unit, .. } | Action::Infiltrate { unit, .. } if *unit == home),
        _ => false,
    }));
    // Nor does its platoon HQ move it with the platoon (Move a Platoon
    // once took every unit of a platoon left at home along).
    let hq = id(&g, "2plt_hq");
    new_impulse(&mut g, Some(hq), 6);
    let at = g.state().unit(hq).pos;
    let why = refused(
        &mut g,
        common::by(
            hq,
            Action::MovePlatoon {
                to: CardPos::new(at.row + 1, at.col),
            },
        ),
    );
    assert!(
        why.contains("not on the patrol") && why.contains("11.4"),
        "{why}"
    );
    assert!(!g.legal_inputs().iter().any(|i| matches!(
        i,
        Input::Order(o) if matches!(o.action, Action::MovePlatoon { .. } | Action::InfiltratePlatoon { .. })
    )));
    // The patrol's platoon HQ moves its platoon, patrol members only.
    let hq1 = id(&g, "1plt_hq");
    new_impulse(&mut g, Some(hq1), 6);
    let moves: Vec<Input> = g
        .legal_inputs()
        .into_iter()
        .filter(|i| matches!(i, Input::Order(o) if matches!(o.action, Action::MovePlatoon { .. })))
        .collect();
    assert!(!moves.is_empty(), "the patrol's platoon moves");
    for i in moves {
        let mut g2 = g.clone();
        g2.apply(&i).unwrap();
        for u in &g2.state().units {
            if u.id.0 as usize >= g.state().units.len() || u.pos == g.state().unit(u.id).pos {
                continue;
            }
            assert!(
                fof::engine::testing::orders::may_move_on_patrol(&g2, u),
                "{} moved",
                u.label
            );
        }
    }
}

// ---------------------------------------------------------------------------
// 2.4.1 B Setting up on defence
// ---------------------------------------------------------------------------

fn defence_game(seed: u64) -> Game {
    let mut g = Game::new(
        common::shipped(),
        "orchard_line",
        seed,
        fof::engine::Options::default(),
    )
    .unwrap();
    common::keep_assets(&mut g);
    g
}

#[test]
fn rule_2_4_1_b_on_defence_the_player_sets_each_unit_up_behind_the_mlr() {
    use fof::engine::kernel::input::{Choice, Decision};
    let mut g = defence_game(4);
    let Decision::Choose(Choice::SetUp { unit }) = g.prompt().decision else {
        panic!("{:?}", g.prompt().decision)
    };
    let planned = g.state().unit(unit).pos;
    let legal = g.legal_inputs();
    // One key keeps the briefing's plan: it is the suggestion, first.
    assert_eq!(legal[0], Input::Answer(Answer::KeepPlan));
    assert_eq!(g.suggestion(), Some(Input::Answer(Answer::KeepPlan)));
    let cards: Vec<CardPos> = legal
        .iter()
        .filter_map(|i| match i {
            Input::Answer(Answer::SetUpAt { at, .. }) => Some(*at),
            _ => None,
        })
        .collect();
    assert!(cards.contains(&planned), "its planned card");
    let mlr = g.mission().controls.mlr.unwrap();
    let cop = g.mission().controls.cop.map(|a| CardPos::new(a.0, a.1));
    for c in &cards {
        assert!(c.row <= mlr || Some(*c) == cop, "{c} lies beyond the MLR");
    }
    // Beyond the MLR (not the outpost) is refused.
    let far = CardPos::new(mlr + 1, 2);
    assert_ne!(Some(far), cop);
    let why = refused(&mut g, Input::Answer(Answer::SetUpAt { unit, at: far }));
    assert!(why.contains("2.4.1 B"), "{why}");
    // The unit goes where it is told; the next unit is asked.
    let other = *cards.iter().find(|c| **c != planned && c.row >= 1).unwrap();
    g.apply(&Input::Answer(Answer::SetUpAt { unit, at: other }))
        .unwrap();
    assert_eq!(g.state().unit(unit).pos, other);
    assert!(matches!(
        g.prompt().decision,
        Decision::Choose(Choice::SetUp { unit: u }) if u != unit
    ));
    // Keeping the plan places every other unit as the briefing says, and
    // the first turn begins.
    g.apply(&Input::Answer(Answer::KeepPlan)).unwrap();
    assert!(g.state().choices.is_empty());
    assert!(!matches!(g.prompt().decision, Decision::Choose(_)));
    assert!(
        g.log()
            .iter()
            .any(|e| e.rule == "2.4.1 B" && e.text.contains("briefing"))
    );
}

#[test]
fn rule_2_4_1_b_the_combat_outpost_takes_the_units_of_a_single_platoon() {
    use fof::engine::kernel::input::{Choice, Decision};
    let mut g = defence_game(4);
    let cop = g
        .mission()
        .controls
        .cop
        .map(|a| CardPos::new(a.0, a.1))
        .unwrap();
    let mut seen_refusal = false;
    while let Decision::Choose(Choice::SetUp { unit }) = g.prompt().decision {
        let at_cop = Input::Answer(Answer::SetUpAt { unit, at: cop });
        if legal(&g, &at_cop) {
            g.apply(&at_cop).unwrap();
        } else {
            seen_refusal = true;
            let platoons: Vec<_> = g
                .state()
                .units_at(cop)
                .filter(|x| x.side == fof::data::units::Side::Us)
                .map(|x| x.platoon)
                .collect();
            let me = g.state().unit(unit).platoon;
            let full = g.state().steps_at(cop, fof::data::units::Side::Us)
                + g.state().unit(unit).steps
                > 16;
            assert!(
                full || platoons.iter().any(|p| *p != me),
                "{platoons:?} {me:?}"
            );
            g.apply(&Input::Answer(Answer::KeepPlan)).unwrap();
        }
    }
    assert!(seen_refusal, "a second platoon (or a crowd) is kept out");
    let platoons: std::collections::BTreeSet<_> = g
        .state()
        .units_at(cop)
        .filter(|x| x.side == fof::data::units::Side::Us)
        .map(|x| x.platoon)
        .collect();
    assert!(platoons.len() <= 1, "{platoons:?}");
}

// ---------------------------------------------------------------------------
// 2.2.2, 2.3, 9.1.1-9.1.2 The set-up's markers and the company's assets
// ---------------------------------------------------------------------------

#[test]
fn rule_2_2_2_and_9_1_2_setup_places_the_activity_marker_and_a_pc_marker_on_every_free_card_of_a_listed_row()
 {
    let g = Game::new(
        common::shipped(),
        "hedgerow_attack",
        7,
        fof::engine::Options::default(),
    )
    .unwrap();
    // 2.2.2: the Current Activity marker starts at No Contact and is set at
    // once to what the map shows (9.1).
    assert_eq!(
        g.state().activity,
        fof::engine::testing::enemy::activity_level(&g),
        "the level its definition gives"
    );
    // 9.1.2: a marker on each card of every listed row with no friendly
    // unit on it (the PC resolution of turn 1 may have taken those under
    // the company, none are on the others).
    for row in &g.mission().pc_markers {
        for c in g.state().map.cards.iter().filter(|c| c.pos.row == row.row) {
            let friendly = g
                .state()
                .units_at(c.pos)
                .any(|u| u.side == Side::Us && u.in_play());
            let resolved = g.log().iter().any(|e| {
                e.rule == "9.1.5"
                    && matches!(&e.kind, EventKind::Marker { pos, .. } if *pos == c.pos)
            });
            if !friendly && !resolved {
                let m = c.markers.pc.expect("a PC marker");
                assert!(row.letters.contains(&m.letter), "{}: {:?}", c.pos, m);
                assert_eq!(m.hidden, row.hidden);
            }
        }
    }
}

#[test]
fn rule_2_3_the_company_takes_its_radios_and_pyrotechnics_as_the_briefing_assigns_them() {
    let g = Game::new(
        common::shipped(),
        "hedgerow_attack",
        7,
        fof::engine::Options::default(),
    )
    .unwrap();
    for r in &g.mission().radios {
        let u = g.state().by_roster(&r.holder).expect("the holder");
        assert!(
            u.assets.iter().any(|a| matches!(
                a,
                Asset::Radio { name, net, .. } if *name == r.name && *net == r.net
            )),
            "{} carries the {}",
            r.holder,
            r.name
        );
    }
    for p in &g.mission().pyrotechnics {
        let u = g.state().by_roster(&p.holder).expect("the holder");
        assert!(
            u.assets
                .iter()
                .any(|a| matches!(a, Asset::Pyro(d, _) if *d == p.device)),
            "{} carries {:?}",
            p.holder,
            p.device
        );
    }
}

#[test]
fn rule_2_3_2_each_answer_to_who_carries_an_asset_says_what_it_is_for() {
    // A play test could not tell what a radio's holder would gain: every
    // answer to the set-up's asset questions now says who carries it and
    // what it does (the net, the reach, 4.3.3-4.3.6), in every mission.
    use fof::engine::kernel::input::{Choice, Decision, Input};
    use fof::engine::testing::turn::forecast;
    let data = common::shipped();
    let mut asked = 0;
    for m in &data.missions {
        let mut g = Game::new(data.clone(), &m.id, 1, fof::engine::Options::default())
            .expect("mission sets up");
        while let Decision::Choose(Choice::Asset { from, asset }) = g.prompt().decision {
            asked += 1;
            for input in g.legal_inputs() {
                let holder = match &input {
                    Input::Answer(Answer::Carry { to, .. }) => *to,
                    Input::Answer(Answer::KeepAssets) => from,
                    other => panic!("{other:?} among the asset's answers"),
                };
                let said = forecast(&g, &input).consequences;
                let want = format!(
                    "{} carries {}: {}",
                    g.state().unit(holder).label,
                    asset.words(),
                    asset.purpose()
                );
                assert!(said.contains(&want), "{}: {said:?}", m.id);
                assert!(
                    want.contains("(4.3.") || want.contains("(8."),
                    "the purpose cites its rule: {want}"
                );
            }
            // The next asset: hand this one to the first other holder.
            let next = g
                .legal_inputs()
                .into_iter()
                .find(|i| matches!(i, Input::Answer(Answer::Carry { to, .. }) if *to != from))
                .unwrap_or(Input::Answer(Answer::KeepAssets));
            g.apply(&next).unwrap();
        }
    }
    assert!(asked >= 20, "only {asked} asset questions were asked");
}

#[test]
fn rule_2_3_2_the_player_hands_out_the_assets_before_turn_1() {
    use fof::engine::kernel::input::{Choice, Decision, Input};
    use fof::engine::kernel::sequence::Step;
    use fof::engine::kernel::state::Asset;
    let new = |options| {
        Game::new(common::shipped(), "hedgerow_attack", 7, options).expect("mission sets up")
    };
    let mut g = new(fof::engine::Options::default());
    // Before turn 1: the first question is who carries the first asset;
    // keeping the briefing's holders is the one-key suggestion.
    assert_eq!(g.state().step, Step::Setup);
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e.kind, EventKind::TurnBegins { .. }))
    );
    let Decision::Choose(Choice::Asset { from, asset }) = g.prompt().decision else {
        panic!("{:?}", g.prompt().decision)
    };
    let legal = g.legal_inputs();
    assert_eq!(legal[0], Input::Answer(Answer::KeepAssets));
    assert_eq!(g.suggestion(), Some(Input::Answer(Answer::KeepAssets)));
    let holders: Vec<_> = legal
        .iter()
        .filter_map(|i| match i {
            Input::Answer(Answer::Carry { to, .. }) => Some(*to),
            _ => None,
        })
        .collect();
    for to in &holders {
        assert!(g.state().unit(*to).kind.commands(), "HQs and staff only");
    }
    // Handed to another HQ, it changes hands; the next asset is asked.
    let to = *holders.iter().find(|h| **h != from).expect("another HQ");
    let carry = Input::Answer(Answer::Carry {
        asset: asset.clone(),
        from,
        to,
    });
    g.apply(&carry).unwrap();
    assert!(g.state().unit(to).assets.contains(&asset));
    assert_eq!(
        g.state()
            .unit(from)
            .assets
            .iter()
            .filter(|a| **a == asset)
            .count(),
        0,
        "{:?}",
        g.state().unit(from).assets
    );
    assert!(g.log().last().unwrap().rule == "2.3.2");
    // One key keeps the rest; the signal plan is asked next (2.3.3), and
    // once it is kept turn 1 begins.
    if matches!(g.prompt().decision, Decision::Choose(Choice::Asset { .. })) {
        g.apply(&Input::Answer(Answer::KeepAssets)).unwrap();
    }
    assert!(matches!(
        g.prompt().decision,
        Decision::Choose(Choice::Signal { .. })
    ));
    g.apply(&Input::Answer(Answer::KeepSignals)).unwrap();
    assert!(g.state().choices.is_empty());
    assert_ne!(g.state().step, Step::Setup);
    assert!(
        g.log()
            .iter()
            .any(|e| matches!(e.kind, EventKind::TurnBegins { turn: 1 }))
    );
    // 13.3: the communication assets set aside are not handed out.
    let g = new(fof::engine::Options {
        abstract_comms: true,
        ..Default::default()
    });
    for c in &g.state().choices {
        if let Choice::Asset { asset, .. } = c {
            assert!(
                matches!(asset, Asset::Pyro(p, _) if !p.is_signal()),
                "{asset:?}"
            );
        }
    }
}

#[test]
fn rule_2_3_3_the_player_gives_each_signal_its_meaning_from_the_missions_chart() {
    use fof::data::mission::{Pyro, SignalOrder};
    use fof::engine::kernel::input::{Choice, Decision, Input};
    // hedgerow_attack's plan: green star cluster, move onto the primary
    // objective; red star cluster, cease fire.
    let mut g = Game::new(
        common::shipped(),
        "hedgerow_attack",
        7,
        fof::engine::Options::default(),
    )
    .unwrap();
    g.apply(&Input::Answer(Answer::KeepAssets)).unwrap();
    let Decision::Choose(Choice::Signal { device }) = g.prompt().decision else {
        panic!("{:?}", g.prompt().decision)
    };
    assert_eq!(device, Pyro::RedStarCluster, "asked in the devices' order");
    let legal = g.legal_inputs();
    assert_eq!(
        legal[0],
        Input::Answer(Answer::KeepSignals),
        "the briefing's plan, one key"
    );
    let offered: Vec<Option<SignalOrder>> = legal
        .iter()
        .filter_map(|i| match i {
            Input::Answer(Answer::SignalMeans { order, .. }) => Some(*order),
            _ => None,
        })
        .collect();
    // The offensive chart: phase lines and objectives the mission has,
    // never the patrol's route points (4.3.6).
    assert!(offered.contains(&Some(SignalOrder::CeaseFire)));
    assert!(offered.contains(&Some(SignalOrder::MoveToPrimary)));
    assert!(offered.contains(&None), "a signal may mean nothing");
    assert!(
        !offered
            .iter()
            .any(|o| matches!(o, Some(SignalOrder::MoveToRoutePoint(_))))
    );
    // Red now shifts fire; the green cluster keeps its meaning.
    g.apply(&Input::Answer(Answer::SignalMeans {
        device,
        order: Some(SignalOrder::ShiftFire),
    }))
    .unwrap();
    assert!(matches!(
        g.prompt().decision,
        Decision::Choose(Choice::Signal {
            device: Pyro::GreenStarCluster
        })
    ));
    g.apply(&Input::Answer(Answer::KeepSignals)).unwrap();
    let mut want = vec![
        (Pyro::GreenStarCluster, SignalOrder::MoveToPrimary),
        (Pyro::RedStarCluster, SignalOrder::ShiftFire),
    ];
    want.sort();
    assert_eq!(g.state().signal_plan, want);
    let said: Vec<String> = g
        .log()
        .iter()
        .filter(|e| e.rule == "2.3.3")
        .map(|e| e.text.clone())
        .collect();
    assert!(
        said.iter()
            .any(|t| t.contains("red star cluster") && t.contains("shift fire")),
        "{said:?}"
    );
}
