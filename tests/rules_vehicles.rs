//! Vehicles (chapter 7), enemy vehicles (9.10) and the vehicle parts of
//! 1.2.1 I and 10.3.1, tested by section on the combined-arms mission.

use crate::common;
use common::*;
use fof::data::mission::Mission;
use fof::data::vehicles::AtResult;
use fof::engine::Answer;
use fof::engine::kernel::ids::VehicleId;
use fof::engine::kernel::input::{Action, Choice, Input};
use fof::engine::kernel::vehicle::Shooter;
use fof::engine::testing::vehicles;

use fof::engine::{EventKind, Game, Options};

/// The combined-arms mission on an open map, its set-up done, no PC
/// markers; the Shermans on R1C2, the gun on R1C3, the Panzer IV on R2C2
/// and the StuG on R3C2. `m` changes the mission first.
fn game_with(m: impl FnOnce(&mut Mission)) -> Game {
    let mut g = Scenario::of("panzer_counterattack")
        .named("armour_test")
        .seed(1)
        .mission(|x| {
            x.pc_markers.clear();
            x.counterattacks.clear();
        })
        .mission(m)
        .open()
        .game();
    g.state_mut().choices.clear();
    for (label, at) in [
        ("Able 1", p(1, 2)),
        ("Able 2", p(1, 2)),
        ("57mm Gun", p(1, 3)),
        ("Panzer IV 1", p(2, 2)),
        ("Stug 1", p(3, 2)),
    ] {
        let v = veh(&g, label);
        g.state_mut().vehicles[v.0 as usize].pos = at;
    }
    g
}

fn game() -> Game {
    game_with(|_| {})
}

fn veh(g: &Game, label: &str) -> VehicleId {
    g.state()
        .vehicles
        .iter()
        .find(|v| v.label == label)
        .map(|v| v.id)
        .expect("the vehicle is in the mission")
}

/// The next card drawn shows this AT number.
fn next_at(g: &mut Game, n: u8) {
    let c = cards(g, 1, |c| c.anti_tank == n);
    top_cards(g, &c);
}

/// Whether the enemy may still fire in reaction this phase.
#[derive(PartialEq)]
enum Reactions {
    Open,
    /// Every enemy vehicle has fired already: none reacts.
    Spent,
}

/// The company's tank `v` activated and its turn in the Vehicle phase
/// begun (3.6, 7.2).
fn its_turn(g: &mut Game, v: VehicleId, reactions: Reactions) {
    g.state_mut().vehicles[v.0 as usize].activated = true;
    if reactions == Reactions::Spent {
        for x in &mut g.state_mut().vehicles {
            x.fired = x.side != fof::data::units::Side::Us;
        }
    }
    g.state_mut().choices.push(Choice::VehicleTurn {
        pending: vec![Shooter::Vehicle(v)],
    });
}

fn tank(g: &Game, v: VehicleId) -> &fof::engine::kernel::vehicle::Vehicle {
    &g.state().vehicles[v.0 as usize]
}

#[test]
fn rule_7_6_the_worked_example_adds_gunnery_defence_moving_and_cover() {
    // 7.6 A-E, as the rulebook's tank example adds them: close-range
    // gunnery, the target's defensive value, +1 for a moving target, the
    // card's cover (+0 in the open).
    let mut g = game();
    let (able, pz) = (veh(&g, "Able 1"), veh(&g, "Panzer IV 1"));
    g.state_mut().vehicles[pz.0 as usize].moved = true;
    let m = vehicles::at_modifier(&g, Shooter::Vehicle(able), pz).expect("in sight and reach");
    let values: Vec<i32> = m.parts.iter().map(|p| p.1).collect();
    assert_eq!(values, vec![-3, 1, 1], "{:?}", m.parts);
    assert_eq!(m.total, -1);
    // On a +2 card the target's cover counts too.
    lay(&mut g, p(2, 2), &[36]);
    let m = vehicles::at_modifier(&g, Shooter::Vehicle(able), pz).expect("in sight");
    assert_eq!(m.total, 1, "{:?}", m.parts);
}

#[test]
fn rule_7_6_the_at_number_plus_the_modifier_is_read_on_the_anti_armor_table() {
    let g = game();
    let t = &g.data().vehicles;
    assert_eq!(t.result(-3), AtResult::BrewedUp);
    assert_eq!(t.result(0), AtResult::KnockedOut);
    assert_eq!(t.result(3), AtResult::Retreating);
    assert_eq!(t.result(5), AtResult::Pinned);
    assert_eq!(t.result(7), AtResult::Missed);
    // The odds the menu shows come from the same table and deck: at -1,
    // AT numbers 0 brew up (one in ten), 1-3 knock out.
    let odds = vehicles::at_odds(&g, -1);
    assert_eq!(odds[0], (AtResult::BrewedUp, 5, 50));
    assert_eq!(odds[1], (AtResult::KnockedOut, 15, 50));
}

#[test]
fn rule_7_7_a_1_brewed_up_leaves_a_burning_wreck_its_crew_casualties_and_smoke() {
    let mut g = game();
    let (able, pz, stug) = (veh(&g, "Able 1"), veh(&g, "Panzer IV 1"), veh(&g, "Stug 1"));
    assert!(
        vehicles::in_reach(&g, Shooter::Vehicle(able), stug),
        "seen over the open"
    );
    let before = g.state().units.len();
    next_at(&mut g, 0);
    vehicles::at_fire(&mut g, Shooter::Vehicle(able), pz);
    assert_eq!(tank(&g, pz).out, Some(AtResult::BrewedUp));
    assert!(
        g.state()
            .wrecks
            .iter()
            .any(|w| w.pos == p(2, 2) && w.burning)
    );
    let crew: Vec<_> = g.state().units[before..].iter().collect();
    assert_eq!(crew.len(), 2, "a crew of two steps");
    assert!(
        crew.iter()
            .all(|u| u.kind == fof::data::units::UnitKind::Casualty)
    );
    // The burning wreck's smoke blocks sight through its card (7.7, 8.4).
    assert!(!vehicles::in_reach(&g, Shooter::Vehicle(able), stug));
}

#[test]
fn rule_7_7_a_2_knocked_out_leaves_a_wreck_and_its_crew_bail_out_hit_and_exposed() {
    let mut g = game();
    let (able, pz) = (veh(&g, "Able 1"), veh(&g, "Panzer IV 1"));
    let before = g.state().units.len();
    next_at(&mut g, 2); // -2 + 2 = 0: knocked out
    vehicles::at_fire(&mut g, Shooter::Vehicle(able), pz);
    assert_eq!(tank(&g, pz).out, Some(AtResult::KnockedOut));
    assert!(
        g.state()
            .wrecks
            .iter()
            .any(|w| w.pos == p(2, 2) && !w.burning)
    );
    let crew: Vec<_> = g.state().units[before..]
        .iter()
        .filter(|u| u.designation == "Panzer IV 1 crew" && u.in_play())
        .collect();
    assert_eq!(crew.len(), 2, "one team a crew step");
    assert!(
        crew.iter()
            .filter(|u| u.kind != fof::data::units::UnitKind::Casualty)
            .all(|u| u.exposed),
        "the crew bail out Exposed"
    );
    assert!(
        g.log()
            .iter()
            .any(|e| e.rule == "7.7 A 2" && e.text.contains("Hit effect"))
    );
    // The wreck is cover for a vehicle on its card (7.7).
    let stug = veh(&g, "Stug 1");
    g.state_mut().vehicles[stug.0 as usize].pos = p(2, 2);
    let m = vehicles::at_modifier(&g, Shooter::Vehicle(able), stug).expect("in sight");
    assert!(
        m.parts.iter().any(|(w, v)| w.contains("wreck") && *v == 1),
        "{:?}",
        m.parts
    );
}

#[test]
fn rule_7_7_a_3_a_retreating_vehicle_leaves_play_without_a_wreck() {
    let mut g = game();
    let (able, pz) = (veh(&g, "Able 1"), veh(&g, "Panzer IV 1"));
    next_at(&mut g, 5); // -2 + 5 = 3
    vehicles::at_fire(&mut g, Shooter::Vehicle(able), pz);
    assert_eq!(tank(&g, pz).out, Some(AtResult::Retreating));
    assert!(g.state().wrecks.is_empty());
}

#[test]
fn rule_7_7_a_4_a_pinned_vehicle_is_easier_to_hit_and_its_marker_lifts_if_left_alone() {
    let mut g = game_with(|m| m.vehicle_orders = None);
    let (able, pz) = (veh(&g, "Able 1"), veh(&g, "Panzer IV 1"));
    next_at(&mut g, 7); // -2 + 7 = 5: pinned
    vehicles::at_fire(&mut g, Shooter::Vehicle(able), pz);
    assert!(tank(&g, pz).pinned);
    let m = vehicles::at_modifier(&g, Shooter::Vehicle(veh(&g, "Able 2")), pz).expect("in sight");
    assert!(
        m.parts
            .iter()
            .any(|(w, v)| w == "target pinned" && *v == -1)
    );
    // A pinned firer is worse off (+1).
    let back = vehicles::at_modifier(&g, Shooter::Vehicle(pz), able).expect("in sight");
    assert!(
        back.parts
            .iter()
            .any(|(w, v)| w == "firer pinned" && *v == 1)
    );
    // Attacked in this phase, the marker stays at its end.
    vehicles::begin_vehicle_phase(&mut g);
    assert!(tank(&g, pz).pinned, "attacked this phase");
    // Left alone in the next phase, it comes off.
    vehicles::begin_vehicle_phase(&mut g);
    assert!(!tank(&g, pz).pinned);
    assert!(
        g.log()
            .iter()
            .any(|e| e.rule == "7.7 A 4" && e.text.contains("comes off"))
    );
}

#[test]
fn rule_7_6_a_quick_shot_sum_lets_a_quick_shot_gun_fire_again() {
    let mut g = game();
    let (able, pz) = (veh(&g, "Able 1"), veh(&g, "Panzer IV 1"));
    its_turn(&mut g, able, Reactions::Spent);
    next_at(&mut g, 6); // -2 + 6 = 4: pinned, and a Quick Shot sum
    let fire = Input::Answer(Answer::VehicleFire {
        shooter: Shooter::Vehicle(able),
        target: pz,
    });
    g.apply(&fire).expect("in sight and reach");
    assert!(tank(&g, pz).pinned);
    // The phase offers the same tank the shot again.
    assert!(
        matches!(g.state().choices.first(), Some(Choice::VehicleTurn { pending }) if pending == &vec![Shooter::Vehicle(able)])
    );
    assert!(g.legal_inputs().contains(&fire));
    // Not a Quick Shot sum: its activation is over.
    let mut g = game();
    let (able, pz) = (veh(&g, "Able 1"), veh(&g, "Panzer IV 1"));
    next_at(&mut g, 3); // sum 1: knocked out, not a Quick Shot sum
    assert!(!vehicles::at_fire(&mut g, Shooter::Vehicle(able), pz));
    // The Stug has no Quick Shot at all.
    let mut g = game();
    let (stug, a1) = (veh(&g, "Stug 1"), veh(&g, "Able 1"));
    g.state_mut().vehicles[stug.0 as usize].pos = p(2, 3);
    next_at(&mut g, 2); // -3 + 1 + 2 = 0
    assert!(!vehicles::at_fire(&mut g, Shooter::Vehicle(stug), a1));
}

#[test]
fn rule_7_6_a_g_weapon_first_needs_a_grenade_draw() {
    let mut g = game();
    let bzk = id(&g, "2_bzk");
    let pz = veh(&g, "Panzer IV 1");
    let misses = cards(&g, 4, no_grenade);
    top_cards(&mut g, &misses);
    vehicles::at_fire(&mut g, Shooter::Team(bzk), pz);
    assert!(tank(&g, pz).in_play());
    let last = g
        .log()
        .iter()
        .rev()
        .find(|e| matches!(e.kind, EventKind::AtCombat { .. }));
    assert!(last.is_some_and(|e| e.text.contains("grenade draw failed")));
    // The draw says in words what a G! weapon needs.
    assert!(
        g.log().iter().any(|e| e
            .text
            .contains("(a G! weapon: a grenade draw before the shot, 7.6)")),
        "the G! draw in words"
    );
    // With a grenade icon drawn the shot is resolved on the table.
    let mut g = game();
    let hit = cards(&g, 1, grenade);
    top_cards(&mut g, &hit);
    let before = g.log().len();
    let (bzk, pz) = (id(&g, "2_bzk"), veh(&g, "Panzer IV 1"));
    vehicles::at_fire(&mut g, Shooter::Team(bzk), pz);
    assert!(
        g.log()[before..]
            .iter()
            .any(|e| e.text.contains("AT number"))
    );
}

#[test]
fn rule_7_3_1_no_go_ground_is_closed_and_slow_ground_stops_the_vehicle() {
    let mut g = game();
    let able = veh(&g, "Able 1");
    lay(&mut g, p(2, 1), &[36]); // woods: no vehicles
    let err = vehicles::check_move(&g, able, p(2, 1)).expect_err("woods");
    assert!(err.text.contains("NO-GO"), "{}", err.text);
    lay(&mut g, p(2, 3), &[46]); // a farm: SLOW
    assert!(vehicles::check_move(&g, able, p(2, 3)).is_ok());
    // In the phase: after entering SLOW ground no move is offered.
    its_turn(&mut g, able, Reactions::Spent);
    g.apply(&Input::Answer(Answer::VehicleMove {
        vehicle: able,
        to: p(2, 3),
    }))
    .expect("onto the farm");
    assert_eq!(tank(&g, able).pos, p(2, 3));
    assert!(matches!(
        g.state().choices.first(),
        Some(Choice::VehicleTurn { .. })
    ));
    assert!(
        !g.legal_inputs()
            .iter()
            .any(|i| matches!(i, Input::Answer(Answer::VehicleMove { .. }))),
        "it stopped"
    );
    // On open ground it may go on.
    let mut g = game();
    let able = veh(&g, "Able 1");
    assert!(!vehicles::move_to(&mut g, able, p(2, 2)));
    // A gun never moves (7.1.1).
    let gun = veh(&g, "57mm Gun");
    let err = vehicles::check_move(&g, gun, p(2, 3)).expect_err("a towed gun");
    assert!(err.text.contains("never moves"), "{}", err.text);
}

#[test]
fn rule_1_2_1_i_a_card_takes_four_vehicles_a_side_and_wrecks_count() {
    let mut g = game();
    let able = veh(&g, "Able 1");
    // Two of ours and both of theirs on R2C2: the enemy's do not count
    // against our four.
    for label in ["Able 2", "57mm Gun", "Panzer IV 1", "Stug 1"] {
        let v = veh(&g, label);
        g.state_mut().vehicles[v.0 as usize].pos = p(2, 2);
    }
    assert_eq!(
        vehicles::vehicles_on(&g, p(2, 2), fof::data::units::Side::Us),
        2
    );
    assert!(vehicles::check_move(&g, able, p(2, 2)).is_ok());
    // Two wrecks fill our last two places (7.7).
    for _ in 0..2 {
        g.state_mut()
            .wrecks
            .push(fof::engine::kernel::vehicle::Wreck {
                pos: p(2, 2),
                burning: false,
            });
    }
    let err = vehicles::check_move(&g, able, p(2, 2)).expect_err("four a side");
    assert!(err.text.contains("1.2.1 I"), "{}", err.text);
}

#[test]
fn rule_7_2_a_vehicle_is_activated_once_a_turn_for_a_command() {
    let mut g = game();
    let co = id(&g, "co_hq");
    let able = veh(&g, "Able 1");
    new_impulse(&mut g, Some(co), 3);
    let order = by(co, Action::ActivateVehicle { vehicle: able });
    assert!(g.legal_inputs().contains(&order));
    g.apply(&order)
        .expect("the CO HQ calls the tank on the battalion net");
    assert!(tank(&g, able).activated);
    assert_eq!(spent(&g), 1);
    let err = g.apply(&order).expect_err("once a turn");
    assert!(err.text.contains("once a turn"), "{}", err.text);
}

/// The combined-arms mission with both Shermans attached to Second
/// Platoon instead of forming the tank section (7.1.1).
fn attached_game() -> Game {
    game_with(|m| {
        for v in m.vehicles.iter_mut().filter(|v| v.platoon.is_some()) {
            v.platoon = None;
            v.platoon_hq = false;
            v.attached = Some("2plt_hq".into());
        }
    })
}

/// The game waiting, with no impulse open, in the Command Phase step `s`.
fn at_step(g: &mut Game, s: fof::engine::Step) {
    let st = g.state_mut();
    st.step = s;
    st.step_begun = true;
    st.impulse = None;
}

#[test]
fn rule_7_1_1_only_the_co_hq_the_hq_it_is_attached_to_or_general_initiative_activate_it() {
    let mut g = attached_game();
    let able = veh(&g, "Able 1");
    let (p1, p2) = (id(&g, "1plt_hq"), id(&g, "2plt_hq"));
    new_impulse(&mut g, Some(p1), 3);
    let err = g
        .apply(&by(p1, Action::ActivateVehicle { vehicle: able }))
        .expect_err("1 PLT has no tanks");
    assert!(err.text.contains("not attached"), "{}", err.text);
    new_impulse(&mut g, Some(p2), 3);
    g.apply(&by(p2, Action::ActivateVehicle { vehicle: able }))
        .expect("its own platoon HQ, on its card");
    new_impulse(&mut g, None, 3);
    g.apply(&order(
        None,
        Action::ActivateVehicle {
            vehicle: veh(&g, "Able 2"),
        },
    ))
    .expect("General Initiative");
    // The attached HQ must be within signalling distance.
    let mut g = attached_game();
    let p2 = id(&g, "2plt_hq");
    put(&mut g, p2, p(3, 3));
    new_impulse(&mut g, Some(p2), 3);
    assert!(
        g.apply(&by(
            p2,
            Action::ActivateVehicle {
                vehicle: veh(&g, "Able 1")
            }
        ))
        .is_err()
    );
}

#[test]
fn rule_7_5_c_a_vehicle_fires_after_moving_only_with_a_move_and_fire_value() {
    let mut g = game();
    let able = veh(&g, "Able 1");
    let pz = veh(&g, "Panzer IV 1");
    g.state_mut().vehicles[pz.0 as usize].pos = p(3, 2);
    its_turn(&mut g, able, Reactions::Spent);
    g.apply(&Input::Answer(Answer::VehicleMove {
        vehicle: able,
        to: p(2, 2),
    }))
    .expect("open ground ahead");
    let fire = Input::Answer(Answer::VehicleFire {
        shooter: Shooter::Vehicle(able),
        target: pz,
    });
    assert!(g.legal_inputs().contains(&fire), "{:?}", g.legal_inputs());
    let m = vehicles::at_modifier(&g, Shooter::Vehicle(able), pz).expect("adjacent");
    assert!(
        m.parts
            .iter()
            .any(|(w, v)| w == "fired after moving" && *v == 3)
    );
    // The Stug has no Move & Fire value.
    assert!(
        g.data()
            .vehicles
            .vehicle("de_stug")
            .unwrap()
            .move_fire
            .is_none()
    );
    let mut d = (*g.data()).clone();
    d.vehicles
        .vehicles
        .iter_mut()
        .for_each(|t| t.move_fire = None);
    let mut g2 = Scenario::of("panzer_counterattack")
        .named("no_move_fire")
        .seed(1)
        .data(|x| *x = d.clone())
        .open()
        .game();
    g2.state_mut().choices.clear();
    let able = veh(&g2, "Able 1");
    let pz = veh(&g2, "Panzer IV 1");
    g2.state_mut().vehicles[able.0 as usize].pos = p(1, 2);
    g2.state_mut().vehicles[pz.0 as usize].pos = p(3, 2);
    its_turn(&mut g2, able, Reactions::Spent);
    g2.apply(&Input::Answer(Answer::VehicleMove {
        vehicle: able,
        to: p(2, 2),
    }))
    .expect("open ground ahead");
    assert!(
        !g2.legal_inputs()
            .iter()
            .any(|i| matches!(i, Input::Answer(Answer::VehicleFire { .. })))
    );
}

#[test]
fn rule_7_8_each_shot_spends_a_main_gun_round_and_an_empty_gun_cannot_fire() {
    let mut g = game();
    let (able, pz) = (veh(&g, "Able 1"), veh(&g, "Panzer IV 1"));
    assert_eq!(tank(&g, able).ammo, Some(14));
    next_at(&mut g, 9);
    vehicles::at_fire(&mut g, Shooter::Vehicle(able), pz);
    assert_eq!(tank(&g, able).ammo, Some(13));
    g.state_mut().vehicles[able.0 as usize].ammo = Some(0);
    assert!(!vehicles::armed(&g, Shooter::Vehicle(able)));
}

#[test]
fn rule_9_10_on_defence_the_enemy_vehicles_act_first_and_the_company_may_react() {
    let mut g = game_with(|m| {
        m.vehicle_orders = Some(fof::data::mission::EnemyVehicleOrders {
            activate: 10,
            of: 10,
            priorities: vec![fof::data::mission::VehiclePriority::KnockOut],
        })
    });
    let able = veh(&g, "Able 1");
    g.state_mut().vehicles[able.0 as usize].activated = true;
    next_at(&mut g, 9); // the Panzer misses
    let before = g.log().len();
    vehicles::begin_vehicle_phase(&mut g);
    let first = g.log()[before..]
        .iter()
        .find(|e| matches!(e.kind, EventKind::AtCombat { .. }))
        .expect("a shot");
    assert!(first.text.starts_with("Panzer IV 1"), "{}", first.text);
    // 7.5 D: it fired in sight of the company's tanks and gun, which may
    // fire back; the program suggests the best-placed one.
    match g.state().choices.first() {
        Some(Choice::Reaction { target, shooters }) => {
            assert_eq!(*target, veh(&g, "Panzer IV 1"));
            assert!(shooters.contains(&Shooter::Vehicle(veh(&g, "Able 2"))));
        }
        other => panic!("expected a reaction question, got {other:?}"),
    }
    assert!(matches!(
        g.suggestion(),
        Some(Input::Answer(Answer::React { .. }))
    ));
    assert!(g.legal_inputs().contains(&Input::Answer(Answer::HoldFire)));
    g.apply(&Input::Answer(Answer::HoldFire))
        .expect("the company holds fire");
    // Then the company's activated tank acts.
    assert!(matches!(
        g.state().choices.first(),
        Some(Choice::VehicleTurn { .. })
    ));
}

#[test]
fn rule_7_5_d_the_enemy_always_fires_back_at_a_vehicle_that_moves_in_sight() {
    let mut g = game();
    let (able, stug) = (veh(&g, "Able 1"), veh(&g, "Stug 1"));
    g.state_mut().vehicles[stug.0 as usize].pos = p(3, 1);
    its_turn(&mut g, able, Reactions::Open);
    next_at(&mut g, 9);
    let nine = cards(&g, 2, |c| c.anti_tank == 9);
    top_cards(&mut g, &nine); // both miss
    let before = g.log().len();
    g.apply(&Input::Answer(Answer::VehicleMove {
        vehicle: able,
        to: p(1, 1),
    }))
    .expect("a move along the line");
    let shots = |who: &str| {
        g.log()[before..]
            .iter()
            .filter(|e| matches!(e.kind, EventKind::AtCombat { .. }))
            .filter(|e| e.text.starts_with(&format!("{who} fires at Able 1")))
            .count()
    };
    assert_eq!(shots("Panzer IV 1"), 1, "the adjacent Panzer reacts once");
    assert_eq!(shots("Stug 1"), 1, "the Stug two cards off reacts once");
    assert!(tank(&g, able).moved);
}

#[test]
fn rule_10_3_1_knocking_out_an_enemy_vehicle_earns_experience() {
    let mut g = game();
    let pz = veh(&g, "Panzer IV 1");
    vehicles::apply_at_result(&mut g, pz, AtResult::KnockedOut);
    let t = fof::engine::testing::recovery::tally(&g);
    assert!(
        t.lines.iter().any(
            |(task, n, pts)| *task == fof::data::mission::Task::KnockOutVehicle
                && *n == 1
                && *pts == 2
        ),
        "{:?}",
        t.lines
    );
    // A vehicle that only retreats earns nothing.
    let mut g = game();
    let stug = veh(&g, "Stug 1");
    vehicles::apply_at_result(&mut g, stug, AtResult::Retreating);
    let t = fof::engine::testing::recovery::tally(&g);
    assert!(
        !t.lines
            .iter()
            .any(|(task, n, _)| *task == fof::data::mission::Task::KnockOutVehicle && *n > 0)
    );
}

#[test]
fn rule_7_0_vehicles_fight_in_most_games_of_the_combined_arms_mission() {
    let data = shipped();
    let mut fought = 0;
    for seed in 1..=20 {
        let mut g = Game::new(
            data.clone(),
            "panzer_counterattack",
            seed,
            Options::default(),
        )
        .expect("sets up");
        let mut n = 0;
        while !g.is_over() && n < 3000 {
            let i = g
                .suggestion()
                .or_else(|| g.legal_inputs().into_iter().next());
            let Some(i) = i else { break };
            g.apply_logged(&i).expect("a legal input");
            n += 1;
        }
        assert!(g.is_over(), "seed {seed} ends");
        if g.log()
            .iter()
            .any(|e| matches!(e.kind, EventKind::AtCombat { .. }))
        {
            fought += 1;
        }
    }
    assert!(fought >= 15, "vehicles fought in {fought} of 20 games");
}

#[test]
fn rule_9_10_on_offence_the_company_s_vehicles_act_first() {
    let mut g = game_with(|m| {
        m.kind = fof::data::mission::MissionKind::Offensive;
        m.vehicle_orders = Some(fof::data::mission::EnemyVehicleOrders {
            activate: 10,
            of: 10,
            priorities: vec![fof::data::mission::VehiclePriority::KnockOut],
        })
    });
    let able = veh(&g, "Able 1");
    g.state_mut().vehicles[able.0 as usize].activated = true;
    let before = g.log().len();
    vehicles::begin_vehicle_phase(&mut g);
    assert!(matches!(
        g.state().choices.first(),
        Some(Choice::VehicleTurn { .. })
    ));
    assert!(
        !g.log()[before..]
            .iter()
            .any(|e| matches!(e.kind, EventKind::AtCombat { .. })),
        "no enemy shot before the company's first activation"
    );
    // Then the company ends its activation and the enemy acts.
    next_at(&mut g, 9);
    g.apply(&Input::Answer(Answer::VehicleEnd {
        shooter: Shooter::Vehicle(able),
    }))
    .expect("ends");
    assert!(
        g.log()
            .iter()
            .any(|e| e.text.starts_with("Panzer IV 1 fires"))
    );
}

#[test]
fn rule_4_2_5_a_pinned_vehicle_moves_only_to_its_side_s_cards_without_fire_or_the_staging_area() {
    let mut g = game();
    let able = veh(&g, "Able 1");
    g.state_mut().vehicles[able.0 as usize].pinned = true;
    let err = vehicles::check_move(&g, able, p(2, 3)).expect_err("an empty card");
    assert!(err.text.contains("4.2.5"), "{}", err.text);
    assert!(
        vehicles::check_move(&g, able, p(1, 3)).is_ok(),
        "the gun's card"
    );
    assert!(
        vehicles::check_move(&g, able, sa(2)).is_ok(),
        "the staging area"
    );
    // A pinned team takes no combat action: it is not readied, nor reacts.
    let bzk = id(&g, "2_bzk");
    u(&mut g, bzk).pinned = true;
    let co = id(&g, "co_hq");
    new_impulse(&mut g, Some(co), 3);
    let err = g
        .apply(&by(co, Action::ReadyAntiTank { unit: bzk }))
        .expect_err("pinned");
    assert!(err.text.contains("4.2.5"), "{}", err.text);
    assert!(!vehicles::armed(&g, Shooter::Team(bzk)));
}

#[test]
fn rule_6_8_1_g_a_tank_that_fires_its_last_round_leaves_play() {
    let mut g = game();
    let (able, pz) = (veh(&g, "Able 1"), veh(&g, "Panzer IV 1"));
    g.state_mut().vehicles[able.0 as usize].ammo = Some(1);
    next_at(&mut g, 9);
    vehicles::at_fire(&mut g, Shooter::Vehicle(able), pz);
    assert_eq!(tank(&g, able).out, Some(AtResult::Retreating));
    assert!(g.state().wrecks.is_empty(), "no wreck");
}

#[test]
fn rule_7_5_a_b_the_vof_on_a_card_strikes_a_vehicle_once_before_it_fires() {
    let mut g = game();
    let (able, pz) = (veh(&g, "Able 1"), veh(&g, "Panzer IV 1"));
    // The enemy's fire on the tanks' card.
    fire_with_shooter(&mut g, fof::data::units::Side::Enemy, p(2, 2), p(1, 2));
    its_turn(&mut g, able, Reactions::Spent);
    let nine = cards(&g, 3, |c| c.anti_tank == 9);
    top_cards(&mut g, &nine);
    let before = g.log().len();
    g.apply(&Input::Answer(Answer::VehicleFire {
        shooter: Shooter::Vehicle(able),
        target: pz,
    }))
    .expect("fires");
    let vof = g.log()[before..]
        .iter()
        // Named as the enemy's fire, not as a weapon on the card.
        .filter(|e| {
            matches!(e.kind, EventKind::AtCombat { .. })
                && e.text.starts_with("The enemy's ")
                && e.text.contains(" VOF on ")
        })
        .filter(|e| e.text.contains("fires at Able 1"))
        .count();
    assert_eq!(vof, 1, "the card's VOF first, once");
}

#[test]
fn a_vehicle_answer_naming_no_vehicle_is_refused_with_a_reason() {
    let mut g = game();
    let able = veh(&g, "Able 1");
    its_turn(&mut g, able, Reactions::Open);
    let err = g
        .apply(&Input::Answer(Answer::VehicleFire {
            shooter: Shooter::Vehicle(able),
            target: VehicleId(99),
        }))
        .expect_err("no such vehicle");
    assert!(err.text.contains("no vehicle"), "{}", err.text);
    let err = g
        .apply(&Input::Answer(Answer::VehicleMove {
            vehicle: VehicleId(77),
            to: p(2, 2),
        }))
        .expect_err("no such vehicle");
    assert!(!err.text.is_empty());
}

#[test]
fn rule_9_5_a_vehicle_entering_a_mined_card_checks_and_a_mine_strikes_at_minus_2() {
    let mut g = game();
    let able = veh(&g, "Able 1");
    g.state_mut().map.card_mut(p(2, 3)).unwrap().markers.mines = true;
    let bursts = cards(&g, 3, |c| c.shows_burst());
    top_cards(&mut g, &bursts);
    next_at(&mut g, 9);
    let before = g.log().len();
    vehicles::move_to(&mut g, able, p(2, 3));
    let log = &g.log()[before..];
    assert!(
        log.iter()
            .any(|e| e.rule == "9.5" && e.text.contains("a mine goes off"))
    );
    let shot = log
        .iter()
        .find(|e| matches!(e.kind, EventKind::AtCombat { .. }))
        .expect("the mine's AT attack");
    assert!(shot.text.contains("a mine -2"), "{}", shot.text);
    assert!(shot.text.contains("AT modifier -1"), "{}", shot.text);
    // No burst among the three cards: no mine.
    let mut g = game();
    let able = veh(&g, "Able 1");
    g.state_mut().map.card_mut(p(2, 3)).unwrap().markers.mines = true;
    let quiet = cards(&g, 3, |c| !c.shows_burst());
    top_cards(&mut g, &quiet);
    let before = g.log().len();
    vehicles::move_to(&mut g, able, p(2, 3));
    assert!(
        !g.log()[before..]
            .iter()
            .any(|e| matches!(e.kind, EventKind::AtCombat { .. }))
    );
}

#[test]
fn rule_7_5_a_a_vehicle_fires_at_infantry_like_any_unit_and_spends_a_round() {
    let mut g = game();
    // Only the tanks on R1C2; the infantry out of the way.
    let ours: Vec<_> = g
        .state()
        .in_play()
        .filter(|u| u.side == fof::data::units::Side::Us)
        .map(|u| u.id)
        .collect();
    put_all(&mut g, &ours, sa(1));
    for label in ["Panzer IV 1", "Stug 1", "57mm Gun"] {
        let v = veh(&g, label);
        g.state_mut().vehicles[v.0 as usize].pos = p(4, 3);
    }
    let squad = enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    g.state_mut().fires.clear();
    fof::engine::testing::combat::update_engagement(&mut g);
    let link = g
        .state()
        .fires
        .iter()
        .find(|f| f.side == fof::data::units::Side::Us && f.from == p(1, 2))
        .copied()
        .expect("the tanks open fire");
    assert_eq!(link.target, p(3, 2));
    assert_eq!(
        fof::engine::testing::combat::link_vof(&g, &link),
        Some(fof::engine::testing::combat::VofLevel::Heavy),
        "the Sherman's H"
    );
    // 7.8: a round a Combat Phase for each tank that fires.
    fof::engine::testing::combat::expend_for_fire(&mut g);
    assert_eq!(tank(&g, veh(&g, "Able 1")).ammo, Some(13));
    assert_eq!(tank(&g, veh(&g, "Able 2")).ammo, Some(13));
    // A pinned tank's fire is All Pinned (7.5 A note).
    for label in ["Able 1", "Able 2"] {
        let v = veh(&g, label);
        g.state_mut().vehicles[v.0 as usize].pinned = true;
    }
    assert_eq!(
        fof::engine::testing::combat::link_vof(&g, &link),
        Some(fof::engine::testing::combat::VofLevel::AllPinned)
    );
    let _ = squad;
}

#[test]
fn rule_7_5_e_an_activated_vehicle_may_spot_in_lieu_of_firing_and_draws_reactions() {
    let mut g = game();
    let able = veh(&g, "Able 1");
    let squad = enemy(&mut g, "de_rifle_squad", p(3, 2), false);
    its_turn(&mut g, able, Reactions::Open);
    let spot = Input::Answer(Answer::VehicleSpot {
        vehicle: able,
        target: p(3, 2),
    });
    assert!(g.legal_inputs().contains(&spot), "{:?}", g.legal_inputs());
    let hits = cards(&g, 4, crosshairs);
    top_cards(&mut g, &hits);
    let before = g.log().len();
    g.apply(&spot).expect("in sight");
    assert!(unit(&g, squad).spotted, "spotted");
    assert!(tank(&g, able).done, "spotting was its action");
    // As if it had fired (7.5 E): the Panzer on the next card reacts.
    assert!(
        g.log()[before..]
            .iter()
            .any(|e| e.text.starts_with("Panzer IV 1 fires at Able 1"))
    );
    // A pinned vehicle may not spot.
    let mut g = game();
    let able = veh(&g, "Able 1");
    enemy(&mut g, "de_rifle_squad", p(3, 2), false);
    assert_eq!(vehicles::spot_targets(&g, able), vec![p(3, 2)]);
    g.state_mut().vehicles[able.0 as usize].pinned = true;
    assert!(vehicles::spot_targets(&g, able).is_empty());
}

// ---- 7.4 Transport ----

/// `hq`'s order to `vehicle` to take `unit` aboard (7.4.1).
fn embark(
    hq: fof::engine::kernel::ids::UnitId,
    vehicle: VehicleId,
    unit: fof::engine::kernel::ids::UnitId,
) -> Input {
    by(hq, Action::Embark { vehicle, unit })
}

/// 1/2 (a four-step squad) aboard Able 1 on R1C2, by the CO HQ's order.
fn squad_aboard(g: &mut Game) -> (VehicleId, fof::engine::kernel::ids::UnitId) {
    let (co, squad, able) = (id(g, "co_hq"), id(g, "2_1"), veh(g, "Able 1"));
    new_impulse(g, Some(co), 3);
    g.apply(&embark(co, able, squad))
        .expect("the squad is on the tank's card");
    (able, squad)
}

#[test]
fn rule_1_2_1_i_teams_a_hit_splits_from_a_passenger_stay_aboard() {
    // Found by the property test: a squad riding a truck was hit in the
    // Combat Phase (7.4.3: passengers of open vehicles are fired upon like
    // infantry); its new teams stood on a full card, 17 steps on it.
    let mut g = game();
    let (able, squad) = squad_aboard(&mut g);
    let before = g
        .state()
        .steps_at(tank(&g, able).pos, fof::data::units::Side::Us);
    fof::engine::testing::combat::apply_hit(
        &mut g,
        squad,
        &[
            fof::data::action::HitLetter::F,
            fof::data::action::HitLetter::P,
        ],
    );
    let teams: Vec<_> = g
        .state()
        .units
        .iter()
        .filter(|u| u.designation == unit(&g, squad).designation && u.id != squad && u.in_play())
        .collect();
    assert_eq!(teams.len(), 2, "two teams split off");
    assert!(teams.iter().all(|t| t.riding == Some(able)), "still aboard");
    assert_eq!(
        g.state()
            .steps_at(tank(&g, able).pos, fof::data::units::Side::Us),
        before,
        "nothing new stands on the card"
    );
}

#[test]
fn rule_7_4_1_an_embark_order_takes_a_unit_of_the_card_aboard_exposed_and_activates_the_vehicle() {
    let mut g = game();
    let (co, squad, able) = (id(&g, "co_hq"), id(&g, "2_1"), veh(&g, "Able 1"));
    cover(&mut g, p(1, 2), fof::data::charts::CoverKind::Basic);
    let c = g.state().map.card(p(1, 2)).unwrap().covers[0].id;
    u(&mut g, squad).cover = Some(c);
    new_impulse(&mut g, Some(co), 3);
    let order = embark(co, able, squad);
    assert!(g.legal_inputs().contains(&order));
    g.apply(&order).expect("legal");
    let s = unit(&g, squad);
    assert_eq!(s.riding, Some(able));
    assert!(
        s.exposed && s.cover.is_none(),
        "it leaves its cover, Exposed"
    );
    assert!(tank(&g, able).activated, "the order activates the tank");
    assert_eq!(spent(&g), 1);
    // The deck is full: four steps of four.
    let bzk = id(&g, "2_bzk");
    let err = g.apply(&embark(co, able, bzk)).expect_err("no room");
    assert!(err.text.contains("room for 4"), "{}", err.text);
    // A unit on another card, or pinned, does not embark.
    let sq2 = id(&g, "2_2");
    let able2 = veh(&g, "Able 2");
    let err = g.apply(&embark(co, able2, sq2)).expect_err("another card");
    assert!(err.text.contains("its own card"), "{}", err.text);
    u(&mut g, bzk).pinned = true;
    let err = g.apply(&embark(co, able2, bzk)).expect_err("pinned");
    assert!(err.text.contains("5.1.6"), "{}", err.text);
}

#[test]
fn rule_5_1_6_a_a_vehicle_carries_casualties_or_infantry_not_both() {
    let mut g = game();
    let (co, able) = (id(&g, "co_hq"), veh(&g, "Able 2"));
    let cas = add(&mut g, "us_casualty", p(1, 2));
    let bzk = id(&g, "2_bzk");
    new_impulse(&mut g, Some(co), 3);
    g.apply(&embark(co, able, cas))
        .expect("a casualty is carried");
    let err = g
        .apply(&embark(co, able, bzk))
        .expect_err("one kind of load");
    assert!(err.text.contains("one kind of load"), "{}", err.text);
}

#[test]
fn rule_7_4_4_riders_go_with_the_tank_exposed_and_it_fights_only_once_they_are_off() {
    let mut g = game();
    let (able, squad) = squad_aboard(&mut g);
    u(&mut g, squad).exposed = false;
    // No fire on the cards it drives over.
    g.state_mut().fires.clear();
    its_turn(&mut g, able, Reactions::Spent);
    let legal = g.legal_inputs();
    assert!(
        !legal
            .iter()
            .any(|i| matches!(i, Input::Answer(Answer::VehicleFire { .. }))),
        "no fire with riders aboard: {legal:?}"
    );
    // The rider has no VOF of its own and the tank none at infantry.
    assert_eq!(
        fof::engine::testing::combat::basic_vof(&g, unit(&g, squad), 1),
        None
    );
    assert_eq!(
        fof::engine::testing::combat::vehicle_vof(&g, tank(&g, able), 1),
        None
    );
    g.apply(&Input::Answer(Answer::VehicleMove {
        vehicle: able,
        to: p(1, 1),
    }))
    .expect("open ground");
    let s = unit(&g, squad);
    assert_eq!(
        (s.pos, s.riding),
        (p(1, 1), Some(able)),
        "carried along: {:?}",
        g.log().iter().rev().take(8).collect::<Vec<_>>()
    );
    assert!(s.exposed, "riders of a moving vehicle are Exposed");
    // 7.4.2: set down with no order, then the tank may fire (it has a
    // Move & Fire value).
    let off = Input::Answer(Answer::VehicleDisembark {
        vehicle: able,
        unit: squad,
    });
    assert!(g.legal_inputs().contains(&off), "{:?}", g.legal_inputs());
    g.apply(&off).expect("legal");
    assert_eq!(unit(&g, squad).riding, None);
    assert_eq!(unit(&g, squad).pos, p(1, 1));
    assert!(
        g.legal_inputs()
            .iter()
            .any(|i| matches!(i, Input::Answer(Answer::VehicleFire { .. }))),
        "{:?}",
        g.legal_inputs()
    );
}

#[test]
fn rule_7_4_4_riders_on_a_struck_tank_are_hit_and_thrown_off_exposed() {
    for (result, hit) in [
        (AtResult::Pinned, true),
        (AtResult::KnockedOut, true),
        (AtResult::Retreating, false),
    ] {
        let mut g = game();
        let (able, squad) = squad_aboard(&mut g);
        u(&mut g, squad).exposed = false;
        let before = g.log().len();
        vehicles::apply_at_result(&mut g, able, result);
        let s = unit(&g, squad);
        assert_eq!(s.riding, None, "{result:?}");
        assert!(s.exposed, "{result:?}");
        let hits = g.log()[before..]
            .iter()
            .any(|e| e.rule == "7.4.4" && e.text.contains("Hit effect"));
        assert_eq!(hits, hit, "{result:?}: {:?}", &g.log()[before..]);
    }
}

#[test]
fn rule_7_4_2_a_passenger_moves_only_with_its_vehicle_and_gets_off_by_order() {
    let mut g = game();
    let (_, squad) = squad_aboard(&mut g);
    let p2 = id(&g, "2plt_hq");
    new_impulse(&mut g, Some(p2), 3);
    let err = g
        .apply(&by(
            p2,
            Action::Move {
                unit: squad,
                to: p(1, 1),
                cover: None,
            },
        ))
        .expect_err("aboard");
    assert!(err.text.contains("aboard"), "{}", err.text);
    u(&mut g, squad).pinned = true;
    let off = by(p2, Action::Disembark { unit: squad });
    let err = g.apply(&off).expect_err("pinned");
    assert!(err.text.contains("until rallied"), "{}", err.text);
    u(&mut g, squad).pinned = false;
    u(&mut g, squad).exposed = false;
    g.apply(&off).expect("its platoon HQ, beside it");
    assert_eq!(unit(&g, squad).riding, None);
    assert!(unit(&g, squad).exposed);
}

#[test]
fn rule_7_4_3_trucks_take_orders_face_to_face_and_a_jeep_needs_a_driver() {
    let mut g = game();
    // The mission's truck starts in the staging area with the mortar
    // aboard (7.4.1).
    let truck = veh(&g, "Truck 1");
    let mortar = id(&g, "mtr_60");
    assert_eq!(unit(&g, mortar).riding, Some(truck));
    assert_eq!(unit(&g, mortar).pos, tank(&g, truck).pos);
    // No radio: the CO HQ on R1C2 cannot call it; the XO beside it can.
    let (co, xo) = (id(&g, "co_hq"), id(&g, "xo"));
    new_impulse(&mut g, Some(co), 3);
    let err = g
        .apply(&by(co, Action::ActivateVehicle { vehicle: truck }))
        .expect_err("no radio");
    assert!(err.text.contains("no radio"), "{}", err.text);
    new_impulse(&mut g, Some(xo), 3);
    g.apply(&by(xo, Action::ActivateVehicle { vehicle: truck }))
        .expect("face to face");
    // A rifle team in an open vehicle fires as usual (7.4.3).
    let lmg = id(&g, "1_lmg");
    let yard = tank(&g, truck).pos;
    put(&mut g, lmg, yard);
    g.apply(&embark(xo, truck, lmg)).expect("room for it");
    u(&mut g, lmg).exposed = false;
    assert!(fof::engine::testing::combat::basic_vof(&g, unit(&g, lmg), 1).is_some());
    // A jeep has no crew: it moves only with someone aboard to drive.
    let t = g.data().vehicles.vehicle("us_jeep").unwrap().clone();
    let jeep =
        fof::engine::kernel::units::add_vehicle(g.state_mut(), &t, "Jeep 1".into(), p(1, 1), None);
    let err = vehicles::check_move(&g, jeep, p(2, 1)).expect_err("no driver");
    assert!(err.text.contains("no crew"), "{}", err.text);
    let hq = id(&g, "1plt_hq");
    new_impulse(&mut g, Some(hq), 3);
    g.apply(&embark(hq, jeep, hq))
        .expect("the platoon leader climbs in");
    vehicles::check_move(&g, jeep, p(2, 1)).expect("it has a driver now");
}

/// The combined-arms mission with `from` replaced by `to` is refused with
/// an error naming `needle`, at the line of the edit (give or take the
/// entry's lines).
fn mission_refused(from: &str, to: &str, needle: &str) {
    let path = "missions/panzer_counterattack.ron";
    let mut set = embedded();
    let m = set
        .missions
        .iter_mut()
        .find(|m| m.path == path)
        .expect("the shipped mission");
    let at = m.text.find(from).expect("the text to edit");
    let line = m.text[..at].matches('\n').count() + 1;
    m.text = m.text.replace(from, to);
    let errs = errors_of(&set);
    let e = error_at(&errs, path, needle);
    assert!(e.line.abs_diff(line) <= 3, "{e} (edit on line {line})");
}

#[test]
fn rule_7_4_1_a_mission_puts_no_more_aboard_than_the_vehicle_carries() {
    mission_refused(
        r#"carrying: ["mtr_60"]"#,
        r#"carrying: ["mtr_60", "2_1", "2_2"]"#,
        "carries 8 step(s)",
    );
}

#[test]
fn rule_9_2_1_a_vehicle_resolves_contact_only_on_the_card_where_it_stops() {
    use fof::data::charts::PcLetter;
    use fof::engine::kernel::state::PcMarker;
    let mut g = game();
    let able = veh(&g, "Able 1");
    // The German armour out of the way, PC A markers (automatic contact
    // at this level or not, they are resolved) on both cards it drives.
    for label in ["Panzer IV 1", "Stug 1"] {
        let v = veh(&g, label);
        g.state_mut().vehicles[v.0 as usize].pos = p(4, 3);
    }
    for at in [p(2, 2), p(3, 2)] {
        g.state_mut().map.card_mut(at).unwrap().markers.pc = Some(PcMarker {
            letter: PcLetter::A,
            hidden: false,
        });
    }
    vehicles::move_to(&mut g, able, p(2, 2));
    vehicles::move_to(&mut g, able, p(3, 2));
    assert!(
        g.state().map.card(p(2, 2)).unwrap().markers.pc.is_some(),
        "driving through leaves the marker"
    );
    fof::engine::testing::enemy::resolve_markers(&mut g);
    assert!(
        g.state().map.card(p(3, 2)).unwrap().markers.pc.is_none(),
        "the marker where it stopped is resolved"
    );
    assert!(g.state().map.card(p(2, 2)).unwrap().markers.pc.is_some());
    assert!(
        g.log()
            .iter()
            .any(|e| e.rule == "9.1.5" && e.text.contains("with Able 1")),
        "the tank triggers it"
    );
}

#[test]
fn rule_9_6_a_sniper_may_pick_a_vehicle_on_its_card_and_aims_heavy_fire_at_it() {
    use fof::data::units::Side;
    let mut g = game();
    // Only the two Shermans on R1C2; a sniper fires at it from R3C2.
    let ours: Vec<_> = g
        .state()
        .units_at(p(1, 2))
        .filter(|u| u.side == Side::Us)
        .map(|u| u.id)
        .collect();
    put_all(&mut g, &ours, sa(1));
    enemy(&mut g, "de_sniper", p(3, 2), true);
    g.state_mut().fires.clear();
    fire(&mut g, Side::Enemy, p(3, 2), p(1, 2));
    fof::engine::testing::combat::pick_sniper_targets(&mut g);
    let picked: Vec<_> = g
        .state()
        .vehicles
        .iter()
        .filter(|v| v.sniped)
        .map(|v| v.label.clone())
        .collect();
    assert_eq!(picked.len(), 1, "one of the two tanks: {picked:?}");
    let before = g.log().len();
    vehicles::sniper_attacks(&mut g);
    let shot = g.log()[before..]
        .iter()
        .find(|e| matches!(e.kind, EventKind::AtCombat { .. }))
        .expect("the sniper's fire is AT combat");
    assert!(
        shot.text.contains("Heavy Weapons fire"),
        "the H VOF: {}",
        shot.text
    );
    assert!(g.state().vehicles.iter().all(|v| !v.sniped));
    // An Exposed unit on the card is picked before any vehicle.
    let sq = id(&g, "2_1");
    put(&mut g, sq, p(1, 2));
    u(&mut g, sq).exposed = true;
    fof::engine::testing::combat::pick_sniper_targets(&mut g);
    assert!(unit(&g, sq).sniped);
    assert!(g.state().vehicles.iter().all(|v| !v.sniped));
}

#[test]
fn rule_7_2_1_a_preplanned_truck_arrives_sets_its_squad_down_and_leaves_on_schedule() {
    let mut g = game();
    let truck = veh(&g, "Truck 2");
    let squad = id(&g, "1_3");
    assert_eq!(unit(&g, squad).riding, Some(truck), "it starts aboard");
    // Never activated: it keeps its schedule.
    new_impulse(&mut g, None, 3);
    let err = g
        .apply(&gi(Action::ActivateVehicle { vehicle: truck }))
        .expect_err("preplanned");
    assert!(err.text.contains("7.2.1"), "{}", err.text);
    // Turn 1: it waits.
    g.state_mut().impulse = None;
    vehicles::begin_vehicle_phase(&mut g);
    assert!(tank(&g, truck).pos.is_staging());
    // Turn 2: to R1C1, where the squad gets off, Exposed.
    g.state_mut().choices.clear();
    g.state_mut().vehicle_phase = Default::default();
    g.state_mut().turn = 2;
    u(&mut g, squad).exposed = false;
    vehicles::begin_vehicle_phase(&mut g);
    assert_eq!(tank(&g, truck).pos, p(1, 1));
    let s = unit(&g, squad);
    assert_eq!((s.pos, s.riding, s.exposed), (p(1, 1), None, true));
    assert!(
        g.log()
            .iter()
            .any(|e| e.rule == "7.2.1" && e.text.contains("arrives on R1C1"))
    );
    // Turn 3: it leaves the map, which is no loss.
    g.state_mut().choices.clear();
    g.state_mut().vehicle_phase = Default::default();
    g.state_mut().turn = 3;
    vehicles::begin_vehicle_phase(&mut g);
    let t = tank(&g, truck);
    assert!(t.gone && !t.in_play() && t.out.is_none());
}

#[test]
fn rule_7_2_1_a_schedule_leaves_after_it_arrives() {
    mission_refused("leave: 3", "leave: 2", "leaves after it arrives");
}

#[test]
fn rule_7_8_a_tank_fires_the_smoke_and_wp_rounds_the_mission_gives_it_in_lieu_of_firing() {
    let mut g = game();
    let able = veh(&g, "Able 1");
    assert_eq!((tank(&g, able).smoke, tank(&g, able).wp), (2, 1));
    g.state_mut().fires.clear();
    its_turn(&mut g, able, Reactions::Spent);
    let smoke = Input::Answer(Answer::VehicleSmoke {
        vehicle: able,
        target: p(2, 2),
        wp: false,
    });
    assert!(g.legal_inputs().contains(&smoke), "{:?}", g.legal_inputs());
    // Not on its own card.
    assert!(
        !g.legal_inputs()
            .contains(&Input::Answer(Answer::VehicleSmoke {
                vehicle: able,
                target: p(1, 2),
                wp: false,
            }))
    );
    g.apply(&smoke).expect("in sight and range");
    let x = tank(&g, able);
    assert_eq!(
        (x.smoke, x.wp, x.ammo),
        (1, 1, Some(14)),
        "a smoke round spent"
    );
    assert!(x.done, "it was its fire for the phase");
    assert_eq!(
        g.state().map.card(p(2, 2)).unwrap().markers.smoke,
        Some(fof::engine::kernel::state::SmokeKind::Smoke)
    );
    // Riders on the deck: no round at all (7.4.4).
    let mut g = game();
    let (able, _) = squad_aboard(&mut g);
    its_turn(&mut g, able, Reactions::Spent);
    assert!(
        !g.legal_inputs()
            .iter()
            .any(|i| matches!(i, Input::Answer(Answer::VehicleSmoke { .. })))
    );
}

#[test]
fn rule_4_2_2_h_d_a_unit_loads_ammunition_aboard_and_the_vehicle_unloads_it_where_it_drives() {
    use fof::data::units::AmmoKind;
    use fof::engine::kernel::state::Item;
    let mut g = game();
    let (co, sq, able) = (id(&g, "co_hq"), id(&g, "2_1"), veh(&g, "Able 1"));
    u(&mut g, sq).cargo = Some((AmmoKind::Mg, 6));
    new_impulse(&mut g, Some(co), 3);
    let load = by(
        co,
        Action::Load {
            unit: sq,
            vehicle: able,
            asset: None,
        },
    );
    assert!(g.legal_inputs().contains(&load));
    g.apply(&load).expect("on the tank's card");
    assert_eq!(tank(&g, able).cargo, Some((AmmoKind::Mg, 6)));
    assert_eq!(unit(&g, sq).cargo, None);
    assert!(unit(&g, sq).exposed);
    // One kind of load: no passengers beside the ammunition (5.1.6 A),
    // and the tank still fights with only ammunition aboard (7.4.4).
    let bzk = id(&g, "2_bzk");
    let err = g
        .apply(&embark(co, able, bzk))
        .expect_err("ammunition aboard");
    assert!(err.text.contains("one kind of load"), "{}", err.text);
    assert!(!fof::engine::testing::combat::silenced(&g, tank(&g, able)));
    // Driven forward and unloaded there for the infantry.
    vehicles::move_to(&mut g, able, p(2, 2));
    g.apply(&by(co, Action::Unload { vehicle: able }))
        .expect("the CO HQ reaches it by radio");
    assert_eq!(tank(&g, able).cargo, None);
    assert!(
        g.state()
            .map
            .card(p(2, 2))
            .unwrap()
            .markers
            .items
            .contains(&Item::Ammo(AmmoKind::Mg, 6))
    );
    // Ammunition does not go aboard beside passengers.
    let mut g = game();
    let (_, _) = squad_aboard(&mut g);
    let (co, lmg, able) = (id(&g, "co_hq"), id(&g, "2_bzk"), veh(&g, "Able 1"));
    u(&mut g, lmg).cargo = Some((AmmoKind::Mg, 6));
    let err = g
        .apply(&by(
            co,
            Action::Load {
                unit: lmg,
                vehicle: able,
                asset: None,
            },
        ))
        .expect_err("passengers aboard");
    assert!(err.text.contains("none beside passengers"), "{}", err.text);
}

#[test]
fn rule_7_1_1_a_vehicle_platoon_hq_takes_an_impulse_and_orders_only_its_own_platoon() {
    use fof::engine::Step;
    let mut g = game();
    let (able1, able2, gun) = (veh(&g, "Able 1"), veh(&g, "Able 2"), veh(&g, "57mm Gun"));
    let p2 = id(&g, "2plt_hq");
    // Not activated by the CO HQ: it draws among the platoon HQs'
    // initiative impulses (3.3.2 B), never in the Activation Segment.
    at_step(&mut g, Step::ActivatedImpulses);
    assert!(!legal(&g, &Input::ChooseVehicleHq(able1)));
    at_step(&mut g, Step::PltHqInitiative);
    assert!(legal(&g, &Input::ChooseVehicleHq(able1)));
    let why = refused(&mut g, Input::ChooseVehicleHq(able2));
    assert!(why.contains("not a vehicle platoon HQ"), "{why}");
    let ev = ok(&mut g, Input::ChooseVehicleHq(able1));
    assert!(
        ev.iter()
            .any(|e| e.rule == "7.1.1" && e.text.contains("initiative commands")),
        "{ev:?}"
    );
    let imp = g.state().impulse.clone().expect("its impulse");
    assert_eq!((imp.hq, imp.vehicle), (None, Some(able1)));
    g.state_mut().impulse.as_mut().unwrap().available = 4;
    // Its own platoon's vehicles, itself included; no other vehicle, no
    // infantry, no order in anyone else's name.
    ok(
        &mut g,
        order(None, Action::ActivateVehicle { vehicle: able2 }),
    );
    ok(
        &mut g,
        order(None, Action::ActivateVehicle { vehicle: able1 }),
    );
    let why = refused(
        &mut g,
        order(None, Action::ActivateVehicle { vehicle: gun }),
    );
    assert!(why.contains("not in Able 1's platoon"), "{why}");
    let why = refused(
        &mut g,
        order(
            None,
            Action::Move {
                unit: p2,
                to: p(1, 1),
                cover: None,
            },
        ),
    );
    assert!(why.contains("only its platoon's vehicles"), "{why}");
    let why = refused(&mut g, by(p2, Action::ActivateVehicle { vehicle: gun }));
    assert!(why.contains("only Able 1"), "{why}");
    // It saves what a Line HQ may (4.1.3) and is done for the turn.
    let limit = g.save_limit_of(fof::data::action::Experience::Line);
    ok(&mut g, Input::EndImpulse);
    let c = tank(&g, able1).command.expect("a platoon HQ");
    assert!(c.done);
    assert_eq!(c.saved, 2.min(limit));
    assert!(!legal(&g, &Input::ChooseVehicleHq(able1)));
}

#[test]
fn rule_7_1_1_the_co_hq_activates_a_vehicle_platoon_hq_which_draws_activated_commands() {
    use fof::engine::Step;
    let mut g = game();
    let able1 = veh(&g, "Able 1");
    let (co, p2) = (id(&g, "co_hq"), id(&g, "2plt_hq"));
    g.state_mut().step = Step::CoHqImpulse;
    new_impulse(&mut g, Some(p2), 3);
    let why = refused(&mut g, by(p2, Action::ActivateVehicleHq { vehicle: able1 }));
    assert!(why.contains("only the CO HQ"), "{why}");
    new_impulse(&mut g, Some(co), 3);
    let activate = by(co, Action::ActivateVehicleHq { vehicle: able1 });
    ok(&mut g, activate.clone());
    assert!(tank(&g, able1).command.unwrap().activated);
    let why = refused(&mut g, activate);
    assert!(why.contains("already activated"), "{why}");
    // It takes its impulse in the Activation Segment with activated
    // commands (3.3.1 C).
    at_step(&mut g, Step::ActivatedImpulses);
    let ev = ok(&mut g, Input::ChooseVehicleHq(able1));
    assert!(
        ev.iter().any(|e| e.text.contains("activated commands")),
        "{ev:?}"
    );
    // The CO HQ needs its battalion radio, or the tank's card.
    let mut g = game();
    let co = id(&g, "co_hq");
    g.state_mut().unit_mut(co).assets.clear();
    put(&mut g, co, p(3, 3));
    g.state_mut().step = Step::CoHqImpulse;
    new_impulse(&mut g, Some(co), 3);
    let why = refused(&mut g, by(co, Action::ActivateVehicleHq { vehicle: able1 }));
    assert!(why.contains("battalion-net radio"), "{why}");
}

#[test]
fn rule_7_1_1_a_platoon_without_its_hq_answers_to_the_co_hq_and_general_initiative() {
    use fof::engine::Step;
    let mut g = game();
    let (able1, able2) = (veh(&g, "Able 1"), veh(&g, "Able 2"));
    g.state_mut().vehicles[able1.0 as usize].out = Some(AtResult::BrewedUp);
    at_step(&mut g, Step::PltHqInitiative);
    assert!(
        !g.legal_inputs()
            .iter()
            .any(|i| matches!(i, Input::ChooseVehicleHq(_)))
    );
    new_impulse(&mut g, None, 3);
    ok(&mut g, gi(Action::ActivateVehicle { vehicle: able2 }));
}

#[test]
fn rule_7_1_1_a_platoon_vehicle_may_be_attached_to_an_infantry_platoon_before_the_mission() {
    let data = std::sync::Arc::new(fof::data::DataSet::embedded().expect("the shipped data"));
    let mut g = Game::new(data, "panzer_counterattack", 2, Options::default()).expect("sets up");
    let (able1, able2) = (veh(&g, "Able 1"), veh(&g, "Able 2"));
    let p2 = id(&g, "2plt_hq");
    // The set-up's earlier questions answered as the briefing plans.
    while !matches!(g.state().choices.first(), Some(Choice::Attach { .. })) {
        let s = g.suggestion().expect("a set-up question");
        g.apply(&s).expect("the suggestion is legal");
    }
    // Only Able 2 is asked: the section's HQ stays with its section.
    assert_eq!(
        g.state().choices.first(),
        Some(&Choice::Attach { vehicle: able2 })
    );
    assert!(
        !g.state()
            .choices
            .contains(&Choice::Attach { vehicle: able1 })
    );
    assert_eq!(
        g.suggestion(),
        Some(Input::Answer(Answer::AttachVehicle {
            vehicle: able2,
            to: None
        }))
    );
    let to_p2 = Input::Answer(Answer::AttachVehicle {
        vehicle: able2,
        to: Some(p2),
    });
    ok(&mut g, to_p2.clone());
    assert!(!legal(&g, &to_p2), "asked once");
    let (attached, platoon, pos) = {
        let x = tank(&g, able2);
        (x.attached, x.platoon.clone(), x.pos)
    };
    assert_eq!((attached, platoon), (Some(p2), None));
    // Second Platoon's HQ now orders it; the section's HQ no longer does.
    g.state_mut().choices.clear();
    put(&mut g, p2, pos);
    new_impulse(&mut g, Some(p2), 3);
    ok(&mut g, by(p2, Action::ActivateVehicle { vehicle: able2 }));
    let mut imp = fof::engine::kernel::state::Impulse::open(None, 3, false, 3);
    imp.vehicle = Some(able1);
    g.state_mut().impulse = Some(imp);
    g.state_mut().vehicles[able2.0 as usize].activated = false;
    let why = refused(
        &mut g,
        order(None, Action::ActivateVehicle { vehicle: able2 }),
    );
    assert!(why.contains("not in Able 1's platoon"), "{why}");
}

#[test]
fn rule_7_1_1_a_vehicle_platoon_is_checked_with_file_line_and_column() {
    // Two HQs in one platoon.
    mission_refused(
        r#"platoon: Some("Tank Section"), start: Card(At(1, 2)),"#,
        r#"platoon: Some("Tank Section"), platoon_hq: true, start: Card(At(1, 2)),"#,
        "has 2 HQs",
    );
    // Attached to an infantry platoon and in a vehicle platoon at once.
    mission_refused(
        r#"platoon: Some("Tank Section"), start: Card(At(1, 2)),"#,
        r#"platoon: Some("Tank Section"), attached: Some("2plt_hq"), start: Card(At(1, 2)),"#,
        "not also in a vehicle platoon",
    );
    // A truck has no radio to be in one.
    mission_refused(
        r#"label: Some("Truck 1"), start"#,
        r#"label: Some("Truck 1"), platoon: Some("Tank Section"), start"#,
        "has no radio",
    );
}

#[test]
fn rule_4_2_2_h_d_a_unit_loads_assets_aboard_beside_passengers_and_a_wreck_keeps_them() {
    use fof::engine::kernel::asset::Asset;
    use fof::engine::kernel::state::Item;
    // A squad rides Able 1; the CO HQ still puts its battalion radio
    // aboard (4.2.2 h A: any number of assets beside the one other load).
    let mut g = game();
    let _ = squad_aboard(&mut g);
    let (co, able) = (id(&g, "co_hq"), veh(&g, "Able 1"));
    let at = tank(&g, able).pos;
    put(&mut g, co, at);
    new_impulse(&mut g, Some(co), 3);
    let i = unit(&g, co)
        .assets
        .iter()
        .position(|a| matches!(a, Asset::Radio { .. }))
        .expect("the CO HQ's radio");
    let radio = unit(&g, co).assets[i].clone();
    ok(
        &mut g,
        by(
            co,
            Action::Load {
                unit: co,
                vehicle: able,
                asset: Some(i),
            },
        ),
    );
    assert_eq!(tank(&g, able).assets, vec![radio.clone()]);
    assert!(!unit(&g, co).assets.contains(&radio));
    assert!(unit(&g, co).exposed);
    // The gun carries nothing, not even a radio (asked in a new impulse:
    // a unit loads once an impulse, 4.2).
    new_impulse(&mut g, Some(co), 3);
    let gun = veh(&g, "57mm Gun");
    let j = unit(&g, co).assets.len().saturating_sub(1);
    let at = tank(&g, gun).pos;
    put(&mut g, co, at);
    if !unit(&g, co).assets.is_empty() {
        let why = refused(
            &mut g,
            by(
                co,
                Action::Load {
                    unit: co,
                    vehicle: gun,
                    asset: Some(j),
                },
            ),
        );
        assert!(why.contains("carries nothing"), "{why}");
    }
    // Its battalion radio aboard, the CO HQ no longer reaches the tank
    // from afar; on its card it has it unloaded, there to pick up.
    let why = refused(&mut g, by(co, Action::Unload { vehicle: able }));
    assert!(why.contains("battalion-net radio"), "{why}");
    let at = tank(&g, able).pos;
    put(&mut g, co, at);
    ok(&mut g, by(co, Action::Unload { vehicle: able }));
    let pos = tank(&g, able).pos;
    assert!(tank(&g, able).assets.is_empty());
    assert!(
        g.state()
            .map
            .card(pos)
            .unwrap()
            .markers
            .items
            .contains(&Item::Asset(radio.clone()))
    );
    // 7.7: a knocked-out tank leaves its load in the wreck; one that brews
    // up burns it, and a radio burnt is lost to the company (4.2.1 j).
    // 7.3: one that retreats takes it away.
    for result in [
        AtResult::BrewedUp,
        AtResult::KnockedOut,
        AtResult::Retreating,
    ] {
        let mut g = game();
        let able = veh(&g, "Able 1");
        g.state_mut().vehicles[able.0 as usize]
            .assets
            .push(radio.clone());
        vehicles::apply_at_result(&mut g, able, result);
        let pos = tank(&g, able).pos;
        let on_card = g
            .state()
            .map
            .card(pos)
            .unwrap()
            .markers
            .items
            .contains(&Item::Asset(radio.clone()));
        assert!(tank(&g, able).assets.is_empty(), "{result:?}");
        assert_eq!(on_card, result == AtResult::KnockedOut, "{result:?}");
        assert_eq!(
            g.state().lost_assets.contains(&radio),
            result != AtResult::KnockedOut,
            "{result:?}"
        );
    }
}

#[test]
fn rule_1_2_1_i_passengers_do_not_count_against_the_card_but_need_room_to_get_off() {
    let mut g = game();
    let (able, squad) = squad_aboard(&mut g);
    let pos = tank(&g, able).pos;
    let before = g.state().steps_at(pos, fof::data::units::Side::Us);
    // Fill the card to 16 steps with others (the squad aboard aside).
    let others: Vec<_> = g
        .state()
        .units
        .iter()
        .filter(|x| {
            x.side == fof::data::units::Side::Us
                && x.in_play()
                && x.pos != pos
                && !x.pos.is_staging()
                && x.riding.is_none()
        })
        .map(|x| (x.id, x.steps))
        .collect();
    let mut steps = before;
    for (o, n) in others {
        if steps + n <= 16 {
            put(&mut g, o, pos);
            steps += n;
        }
    }
    assert_eq!(
        g.state().steps_at(pos, fof::data::units::Side::Us),
        steps,
        "the squad aboard is not counted"
    );
    assert!(steps + unit(&g, squad).steps > 16, "no room for the squad");
    // It stays aboard when ordered off...
    let co = id(&g, "co_hq");
    new_impulse(&mut g, Some(co), 3);
    let why = refused(&mut g, by(co, Action::Disembark { unit: squad }));
    assert!(why.contains("stays aboard (1.2.1 I)"), "{why}");
    // ...and when the tank pulls out, the steps that find no room are
    // casualties.
    vehicles::apply_at_result(&mut g, able, AtResult::Retreating);
    assert_eq!(unit(&g, squad).riding, None);
    assert!(g.state().steps_at(pos, fof::data::units::Side::Us) <= 16);
    assert!(
        g.state()
            .units_at(pos)
            .any(|x| x.kind == fof::data::units::UnitKind::Casualty),
        "a step without room became a casualty"
    );
}

#[test]
fn rule_2_4_2_a_passenger_gets_off_in_a_staging_area_however_full() {
    // 2.4.2: Staging Area cards have no stacking limit, so a passenger
    // there always has room to get off (found in play: a CO HQ that had
    // boarded a tank in a crowded staging area could not get off again).
    let mut g = game();
    let (able, squad) = squad_aboard(&mut g);
    let sa = fof::engine::kernel::pos::CardPos::new(0, 1);
    g.state_mut().vehicles[able.0 as usize].pos = sa;
    put(&mut g, squad, sa);
    let co = id(&g, "co_hq");
    let others: Vec<_> = g
        .state()
        .units
        .iter()
        .filter(|x| x.side == fof::data::units::Side::Us && x.in_play() && x.riding.is_none())
        .map(|x| x.id)
        .collect();
    put_all(&mut g, &others, sa);
    let us = g.state().steps_at(sa, fof::data::units::Side::Us);
    assert!(
        us >= 16,
        "the staging card holds {us} steps, the limit of a terrain card or more"
    );
    new_impulse(&mut g, Some(co), 3);
    let off = by(co, Action::Disembark { unit: squad });
    assert!(
        legal(&g, &off),
        "getting off in a staging area is a legal order"
    );
    g.apply(&off)
        .expect("the squad gets off in the staging area");
    assert_eq!(unit(&g, squad).riding, None);
    assert_eq!(unit(&g, squad).pos, sa);
    // And a tank that pulls out of a crowded staging area puts nobody
    // down as a casualty for want of room.
    new_impulse(&mut g, Some(co), 3);
    g.apply(&embark(co, able, squad)).expect("aboard again");
    let casualties = |g: &Game| {
        g.state()
            .units_at(sa)
            .filter(|x| x.kind == fof::data::units::UnitKind::Casualty)
            .count()
    };
    let before = casualties(&g);
    vehicles::apply_at_result(&mut g, able, AtResult::Retreating);
    assert_eq!(unit(&g, squad).riding, None);
    assert_eq!(casualties(&g), before, "no step lost for want of room");
}

// ---------------------------------------------------------------------------
// 7.1.2, 7.3.2, 7.7 B: attack helicopters
// ---------------------------------------------------------------------------

mod air {
    use super::*;
    use fof::data::action::{ActionCard, Icon};
    use fof::data::mission::{Agency, FireSupport, FmKind, FmSpec, Net, RadioClass};
    use fof::data::units::{Side, UnitKind};
    use fof::data::vehicles::VehicleTypeId;
    use fof::engine::kernel::ids::UnitId;
    use fof::engine::kernel::input::Order;
    use fof::engine::kernel::pos::CardPos;
    use fof::engine::kernel::state::SmokeKind;

    /// The air agency is the mission's second (after the mortars).
    const AIR: u8 = 1;

    /// The combined-arms mission with a section of attack helicopters on
    /// call (`count` calls), the enemy's vehicles gone, the CO HQ on R1C3
    /// with an air-control radio, a spotted German squad on R3C3 and
    /// another on R3C2.
    fn helo_game(count: u8) -> (Game, UnitId, UnitId) {
        air_game(count, false)
    }

    /// [`helo_game`], and with `fac` an air strike too and a forward air
    /// controller arriving in turn 1 (7.1.3).
    fn air_game(count: u8, fac: bool) -> (Game, UnitId, UnitId) {
        let mut g = game_with(|m| {
            let mut missions = vec![FmSpec {
                kind: FmKind::AttackHelicopter,
                count,
                modifier: 0,
                helicopter: Some(VehicleTypeId("us_gunship_helo".into())),
            }];
            if fac {
                missions.push(FmSpec {
                    kind: FmKind::AirStrike,
                    count: 1,
                    modifier: -6,
                    helicopter: None,
                });
            }
            m.fire_support.push(FireSupport {
                id: "air".into(),
                name: "Air Cavalry".into(),
                agency: Agency::Air,
                missions,
                observers: vec![("co_hq".into(), 3)],
                battalion: false,
                registered: None,
                fac: fac.then(|| fof::data::mission::FacSpec {
                    aircraft: VehicleTypeId("us_fac_plane".into()),
                    arrives: 1,
                    draws: 3,
                }),
                gunship: None,
            });
        });
        for x in &mut g.state_mut().vehicles {
            if x.side != Side::Us {
                x.gone = true;
            }
        }
        let co = id(&g, "co_hq");
        put(&mut g, co, p(1, 3));
        u(&mut g, co)
            .assets
            .push(radio("AN/PRC-10", RadioClass::Manpack, Net::AirCtl));
        let e = enemy(&mut g, "de_rifle_squad", p(3, 3), true);
        enemy(&mut g, "de_rifle_squad", p(3, 2), true);
        new_impulse(&mut g, Some(co), 6);
        (g, co, e)
    }

    fn call(co: UnitId, target: CardPos) -> Input {
        Input::Order(Order {
            by: Some(co),
            action: Action::CallForFire {
                observer: co,
                agency: AIR,
                kind: FmKind::AttackHelicopter,
                target,
            },
        })
    }

    fn wp_on(g: &mut Game, pos: CardPos) {
        g.state_mut()
            .map
            .card_mut(pos)
            .unwrap()
            .markers
            .mission_smoke = Some(SmokeKind::Wp);
    }

    fn hit(c: &ActionCard) -> bool {
        c.icon == Icon::Burst && !c.is_short()
    }

    fn no_hit(c: &ActionCard) -> bool {
        !c.shows_burst()
    }

    /// The next call succeeds, on target.
    fn call_succeeds(g: &mut Game) {
        let mut deck = cards(g, 1, hit);
        deck.extend(cards(g, 2, no_hit));
        top_cards(g, &deck);
    }

    fn helos(g: &Game) -> Vec<VehicleId> {
        g.state()
            .vehicles
            .iter()
            .filter(|v| v.air.is_some())
            .map(|v| v.id)
            .collect()
    }

    fn left(g: &Game) -> u8 {
        g.state()
            .fire_missions
            .iter()
            .find(|m| m.0 == AIR && m.1 == FmKind::AttackHelicopter)
            .map(|m| m.2)
            .unwrap()
    }

    /// A section called onto R3C3 and the Vehicle phase begun.
    fn called() -> (Game, UnitId, UnitId) {
        let (mut g, co, e) = helo_game(1);
        wp_on(&mut g, p(3, 3));
        call_succeeds(&mut g);
        ok(&mut g, call(co, p(3, 3)));
        g.state_mut().impulse = None;
        vehicles::begin_vehicle_phase(&mut g);
        (g, co, e)
    }

    #[test]
    fn rule_7_1_2_attack_helicopters_are_called_as_an_air_strike_is_and_need_a_mark() {
        let (mut g, co, _) = helo_game(1);
        // 6.7.2 F, 7.1.2: no mark, no call.
        let why = refused(&mut g, call(co, p(3, 3)));
        assert!(why.contains("need a mark"), "{why}");
        wp_on(&mut g, p(3, 3));
        call_succeeds(&mut g);
        ok(&mut g, call(co, p(3, 3)));
        let hs = helos(&g);
        assert_eq!(hs.len(), 2, "a section of two aircraft");
        for h in &hs {
            let x = tank(&g, *h);
            assert!(x.pos.is_staging(), "on station off the map until placed");
            assert!(x.activated);
            assert_eq!(x.air.unwrap().target, p(3, 3));
            assert_eq!(
                x.air.unwrap().turns,
                2,
                "the call's turn and one loiter turn"
            );
        }
        assert_eq!(left(&g), 0, "the mission is spent");
        // No Pending marker: they come in the Vehicle phase.
        assert!(!g.state().map.card(p(3, 3)).unwrap().markers.pending_fire);
    }

    #[test]
    fn rule_7_3_2_the_section_is_placed_on_its_target_and_attacks_it_and_an_adjacent_card() {
        let (mut g, _, e) = called();
        let hs = helos(&g);
        let c = g
            .state()
            .choices
            .first()
            .cloned()
            .expect("the player's turn");
        assert!(matches!(c, Choice::VehicleTurn { .. }), "{c:?}");
        let legal = g.legal_inputs();
        assert!(legal.contains(&Input::Answer(Answer::AirAttack {
            vehicle: hs[0],
            adjacent: None
        })));
        assert!(legal.contains(&Input::Answer(Answer::AirAttack {
            vehicle: hs[0],
            adjacent: Some(p(3, 2))
        })));
        // Only cards next to the target.
        assert!(!legal.contains(&Input::Answer(Answer::AirAttack {
            vehicle: hs[0],
            adjacent: Some(p(1, 1))
        })));
        // The program suggests the neighbour with the enemy on it.
        assert_eq!(
            g.suggestion(),
            Some(Input::Answer(Answer::AirAttack {
                vehicle: hs[0],
                adjacent: Some(p(3, 2))
            }))
        );
        // The squads' fire at each aircraft as it arrives misses.
        let nines = cards(&g, 2, |c| c.anti_tank == 9);
        top_cards(&mut g, &nines);
        ok(
            &mut g,
            Input::Answer(Answer::AirAttack {
                vehicle: hs[0],
                adjacent: Some(p(3, 2)),
            }),
        );
        let reactions: Vec<_> = g
            .log()
            .iter()
            .filter(|x| x.rule == "7.6" && x.text.contains("fire at an aircraft"))
            .collect();
        assert_eq!(reactions.len(), 2, "one reaction a placed aircraft");
        for c in [p(3, 3), p(3, 2)] {
            assert!(
                g.state().map.card(c).unwrap().markers.air_attack.is_some(),
                "{c} is attacked"
            );
        }
        // The enemy on the card is under their VOF in the Combat Phase.
        let n = fof::engine::testing::combat::ncm(&g, e).expect("under fire");
        assert!(
            n.parts.iter().any(|(w, _)| *w
                == fof::engine::kernel::events::NcmPart::Aircraft(
                    fof::engine::kernel::state::VofLevel::Heavy
                )),
            "{:?}",
            n.parts
        );
        // The run is over when the phase ends: the aircraft are off the map.
        assert!(
            g.state().choices.is_empty()
                || !matches!(g.state().choices[0], Choice::VehicleTurn { .. })
        );
        for h in &hs {
            assert!(tank(&g, *h).pos.is_staging(), "flown off after the run");
            assert!(tank(&g, *h).in_play());
        }
    }

    #[test]
    fn rule_7_1_2_with_one_aircraft_undamaged_only_the_target_card_is_attacked() {
        let (mut g, _, _) = called();
        let hs = helos(&g);
        // Automatic fire 3 + AT 0 = 3: the first aborts, damaged; the
        // second is missed.
        let mut deck = cards(&g, 1, |c| c.anti_tank == 0);
        deck.extend(cards(&g, 1, |c| c.anti_tank == 9));
        top_cards(&mut g, &deck);
        ok(
            &mut g,
            Input::Answer(Answer::AirAttack {
                vehicle: hs[0],
                adjacent: Some(p(3, 2)),
            }),
        );
        assert_eq!(tank(&g, hs[0]).out, Some(AtResult::Retreating));
        assert!(g.log().iter().any(|x| x.rule == "7.7 B 3"));
        assert!(
            g.state()
                .map
                .card(p(3, 3))
                .unwrap()
                .markers
                .air_attack
                .is_some()
        );
        assert!(
            g.state()
                .map
                .card(p(3, 2))
                .unwrap()
                .markers
                .air_attack
                .is_none(),
            "one aircraft attacks the target only"
        );
        assert!(g.log().iter().any(|x| x.text.contains("Only one aircraft")));
    }

    #[test]
    fn rule_7_7_b_helicopter_results_crash_auto_rotate_and_abort() {
        let (g0, _, _) = called();
        let hs = helos(&g0);
        let place = |g: &mut Game| {
            for h in &hs {
                g.state_mut().vehicles[h.0 as usize].pos = p(3, 3);
            }
        };
        // 1) Shot down, crashed: a Burning Wreck, the crew casualties.
        let mut g = g0.clone();
        place(&mut g);
        let before = g.state().units.len();
        vehicles::apply_at_result(&mut g, hs[0], AtResult::BrewedUp);
        assert!(
            g.state()
                .wrecks
                .iter()
                .any(|w| w.pos == p(3, 3) && w.burning)
        );
        assert!(
            g.state().units[before..]
                .iter()
                .all(|u| u.kind == UnitKind::Casualty)
        );
        assert!(
            g.log()
                .iter()
                .any(|x| x.rule == "7.7 B 1" && x.text.contains("shot down"))
        );
        // 2) Shot down, auto-rotating: a Wreck, the crew a fire team hit.
        let mut g = g0.clone();
        place(&mut g);
        let before = g.state().units.len();
        vehicles::apply_at_result(&mut g, hs[0], AtResult::KnockedOut);
        assert!(
            g.state()
                .wrecks
                .iter()
                .any(|w| w.pos == p(3, 3) && !w.burning)
        );
        assert!(g.state().units.len() > before, "the crew gets out");
        assert!(
            g.log()
                .iter()
                .any(|x| x.text.contains("1 crew step(s) get out as fire teams")),
            "a crew of one step"
        );
        assert!(
            g.log()
                .iter()
                .any(|x| x.rule == "7.7 B 2" && x.text.contains("auto-rotates"))
        );
        // 3) Aborted, damaged: off the map for the rest of the mission.
        let mut g = g0.clone();
        place(&mut g);
        vehicles::apply_at_result(&mut g, hs[0], AtResult::Retreating);
        assert!(!tank(&g, hs[0]).in_play());
        assert!(tank(&g, hs[0]).pos.is_staging());
        assert!(g.state().wrecks.is_empty());
        // 4) Aborted, undamaged: off the map, still available.
        let mut g = g0.clone();
        place(&mut g);
        vehicles::apply_at_result(&mut g, hs[0], AtResult::Pinned);
        assert!(tank(&g, hs[0]).in_play());
        assert!(tank(&g, hs[0]).pos.is_staging());
        assert!(
            !tank(&g, hs[0]).pinned,
            "an aircraft is not pinned: it aborts"
        );
        assert!(g.log().iter().any(|x| x.rule == "7.7 B 4"));
        // The log reads the helicopter's column of results.
        assert_eq!(
            vehicles::result_words(&g, hs[0], AtResult::Pinned),
            "aborts, undamaged"
        );
    }

    #[test]
    fn rule_7_1_2_the_section_loiters_a_second_turn_and_strikes_again_by_itself() {
        let (mut g, _, _) = called();
        let hs = helos(&g);
        let nines = cards(&g, 2, |c| c.anti_tank == 9);
        top_cards(&mut g, &nines);
        ok(
            &mut g,
            Input::Answer(Answer::AirAttack {
                vehicle: hs[0],
                adjacent: Some(p(3, 2)),
            }),
        );
        // The turn ends: the markers go, a turn on station is spent.
        for c in [p(3, 3), p(3, 2)] {
            g.state_mut().map.card_mut(c).unwrap().markers.air_attack = None;
        }
        vehicles::vehicle_clean_up(&mut g);
        assert_eq!(tank(&g, hs[0]).air.unwrap().turns, 1);
        assert!(tank(&g, hs[0]).in_play());
        // The next Vehicle phase: no question, the same two cards.
        g.state_mut().choices.clear();
        let nines = cards(&g, 2, |c| c.anti_tank == 9);
        top_cards(&mut g, &nines);
        vehicles::begin_vehicle_phase(&mut g);
        assert!(
            g.log()
                .iter()
                .any(|x| x.text.contains("loiter a second turn"))
        );
        for c in [p(3, 3), p(3, 2)] {
            assert!(g.state().map.card(c).unwrap().markers.air_attack.is_some());
        }
        assert!(
            !g.legal_inputs()
                .iter()
                .any(|i| matches!(i, Input::Answer(Answer::AirAttack { .. }))),
            "no second strike this turn"
        );
        // Then home: not a loss.
        vehicles::vehicle_clean_up(&mut g);
        for h in &hs {
            assert!(tank(&g, *h).gone);
            assert_eq!(tank(&g, *h).out, None);
        }
    }

    #[test]
    fn rule_7_1_2_a_new_call_sends_the_loitering_section_elsewhere_with_no_mission_spent() {
        let (mut g, co, _) = called();
        let hs = helos(&g);
        let nines = cards(&g, 2, |c| c.anti_tank == 9);
        top_cards(&mut g, &nines);
        ok(
            &mut g,
            Input::Answer(Answer::AirAttack {
                vehicle: hs[0],
                adjacent: None,
            }),
        );
        vehicles::vehicle_clean_up(&mut g);
        assert_eq!(left(&g), 0);
        // Next turn, the CO HQ calls the section onto R3C2.
        g.state_mut().choices.clear();
        put(&mut g, co, p(1, 2));
        new_impulse(&mut g, Some(co), 6);
        wp_on(&mut g, p(3, 2));
        call_succeeds(&mut g);
        ok(&mut g, call(co, p(3, 2)));
        assert_eq!(left(&g), 0, "no mission spent");
        assert_eq!(helos(&g).len(), 2, "the same section, no new one");
        let a = tank(&g, hs[0]).air.unwrap();
        assert_eq!((a.target, a.chosen), (p(3, 2), false));
        // Its strike is the player's again.
        g.state_mut().impulse = None;
        vehicles::begin_vehicle_phase(&mut g);
        assert!(g.legal_inputs().contains(&Input::Answer(Answer::AirAttack {
            vehicle: hs[0],
            adjacent: None
        })));
    }

    #[test]
    fn rule_6_7_3_a_short_call_for_helicopters_attacks_only_its_new_target() {
        let (mut g, co, _) = helo_game(1);
        wp_on(&mut g, p(3, 3));
        let mut deck = cards(&g, 1, |c| c.is_short());
        deck.extend(cards(&g, 2, no_hit));
        // The random draw for where it strays comes next.
        top_cards(&mut g, &deck);
        ok(&mut g, call(co, p(3, 3)));
        let hs = helos(&g);
        let a = tank(&g, hs[0]).air.unwrap();
        assert!(a.short);
        assert_ne!(a.target, p(3, 3), "talked onto a card bordering the mark");
        assert_eq!(a.target.distance(p(3, 3)), 1);
        g.state_mut().impulse = None;
        vehicles::begin_vehicle_phase(&mut g);
        let strikes: Vec<Input> = g
            .legal_inputs()
            .into_iter()
            .filter(|i| matches!(i, Input::Answer(Answer::AirAttack { .. })))
            .collect();
        assert!(
            strikes
                .iter()
                .all(|i| matches!(i, Input::Answer(Answer::AirAttack { adjacent: None, .. }))),
            "{strikes:?}"
        );
        assert!(!strikes.is_empty());
    }

    #[test]
    fn rule_7_3_2_aircraft_are_fired_on_by_the_chart_s_fire_for_aircraft_never_by_guns() {
        let (mut g, _, _) = called();
        let hs = helos(&g);
        // A Panzer IV back on the map: its gun cannot reach an aircraft.
        let pz = veh(&g, "Panzer IV 1");
        g.state_mut().vehicles[pz.0 as usize].gone = false;
        g.state_mut().vehicles[pz.0 as usize].pos = p(2, 3);
        g.state_mut().vehicles[hs[0].0 as usize].pos = p(3, 3);
        assert!(!vehicles::in_reach(&g, Shooter::Vehicle(pz), hs[0]));
        // The best fire that reaches it: the Panzer's machine guns and
        // main gun as H VOF, read on the chart's row for aircraft.
        let m = fof::engine::testing::vehicles::reaction_modifier(&g, hs[0], p(3, 3)).unwrap();
        assert_eq!(
            m.parts[0].1,
            g.data()
                .vehicles
                .air_gunnery(fof::data::vehicles::VofKind::Heavy)
                .unwrap() as i32
        );
        // With nobody left to see it, nothing reaches it.
        for x in g.state_mut().units.edit().iter_mut() {
            if x.side != Side::Us {
                x.removed = true;
            }
        }
        g.state_mut().vehicles[pz.0 as usize].gone = true;
        assert!(fof::engine::testing::vehicles::reaction_modifier(&g, hs[0], p(3, 3)).is_none());
    }

    #[test]
    fn rule_7_1_2_an_attack_helicopter_mission_is_checked_with_file_line_and_column() {
        let from = "fire_support: [\n        (\n            id: \"mortars\",";
        let with = |spec: &str| {
            format!(
                "fire_support: [\n        (id: \"air\", name: \"Air\", agency: Air, missions: [{spec}], observers: [(\"co_hq\", 2)]),\n        (\n            id: \"mortars\","
            )
        };
        // No aircraft named.
        mission_refused(
            from,
            &with("(kind: AttackHelicopter, count: 1)"),
            "need `helicopter",
        );
        // A tank is not an attack helicopter.
        mission_refused(
            from,
            &with(r#"(kind: AttackHelicopter, count: 1, helicopter: Some("us_m4"))"#),
            "not one of the company's attack helicopters",
        );
        // Only attack-helicopter missions name one.
        mission_refused(
            from,
            &with(r#"(kind: AirStrike, count: 1, helicopter: Some("us_gunship_helo"))"#),
            "only an attack-helicopter mission",
        );
        // An aircraft is not set on the map like a tank.
        mission_refused(
            r#"type: "us_m4", label: Some("Able 2")"#,
            r#"type: "us_gunship_helo", label: Some("Able 2")"#,
            "is an aircraft",
        );
    }

    fn fac(g: &Game) -> VehicleId {
        g.state()
            .vehicles
            .iter()
            .find(|v| v.fac.is_some())
            .map(|v| v.id)
            .expect("the forward air controller is on station")
    }

    fn left_of(g: &Game, kind: FmKind) -> u8 {
        g.state()
            .fire_missions
            .iter()
            .find(|m| m.0 == AIR && m.1 == kind)
            .map(|m| m.2)
            .unwrap()
    }

    #[test]
    fn rule_7_1_3_a_fac_is_placed_marks_its_target_and_calls_with_no_command() {
        let (mut g, _, _) = air_game(1, true);
        g.state_mut().impulse = None;
        assert_eq!(g.state().turn, 1);
        vehicles::begin_vehicle_phase(&mut g);
        let f = fac(&g);
        assert!(tank(&g, f).pos.is_staging(), "off the map until placed");
        let place = Input::Answer(Answer::AirPlace {
            vehicle: f,
            at: p(2, 3),
        });
        assert!(g.legal_inputs().contains(&place));
        // The suggestion flies it over the enemy.
        assert!(matches!(
            g.suggestion(),
            Some(Input::Answer(Answer::AirPlace { .. }))
        ));
        // The squad next door fires at it as it arrives, and misses.
        let nine = cards(&g, 1, |c| c.anti_tank == 9);
        top_cards(&mut g, &nine);
        ok(&mut g, place);
        assert_eq!(tank(&g, f).pos, p(2, 3));
        assert!(
            g.log()
                .iter()
                .any(|x| x.rule == "7.6" && x.text.contains("Bird Dog"))
        );
        // No call before the mark (6.7.2 F).
        let call = Input::Answer(Answer::FacCall {
            vehicle: f,
            kind: FmKind::AirStrike,
            target: p(3, 3),
        });
        let why = refused(&mut g, call.clone());
        assert!(why.contains("mark the target first"), "{why}");
        // Beyond close range, no mark.
        assert!(!g.legal_inputs().contains(&Input::Answer(Answer::FacMark {
            vehicle: f,
            target: p(1, 1)
        })));
        ok(
            &mut g,
            Input::Answer(Answer::FacMark {
                vehicle: f,
                target: p(3, 3),
            }),
        );
        assert_eq!(
            g.state().map.card(p(3, 3)).unwrap().markers.mission_smoke,
            Some(SmokeKind::Wp)
        );
        call_succeeds(&mut g);
        ok(&mut g, call.clone());
        let m = &g.state().map.card(p(3, 3)).unwrap().markers;
        assert!(m.pending_fire);
        assert_eq!(m.pending_kind, Some(FmKind::AirStrike));
        assert_eq!(left_of(&g, FmKind::AirStrike), 0);
        // Once a turn.
        assert!(
            !g.legal_inputs()
                .iter()
                .any(|i| matches!(i, Input::Answer(Answer::FacCall { .. })))
        );
    }

    #[test]
    fn rule_7_1_3_a_fac_stays_five_turns_then_flies_home() {
        let (mut g, _, _) = air_game(1, true);
        g.state_mut().impulse = None;
        for turn in 1..=5u8 {
            g.state_mut().turn = turn;
            g.state_mut().choices.clear();
            vehicles::begin_vehicle_phase(&mut g);
            let f = fac(&g);
            assert!(tank(&g, f).in_play(), "turn {turn}");
            assert!(
                g.legal_inputs().contains(&Input::Answer(Answer::AirPlace {
                    vehicle: f,
                    at: p(1, 1)
                })),
                "turn {turn}: it may fly over a card"
            );
            vehicles::vehicle_clean_up(&mut g);
        }
        let f = fac(&g);
        assert!(tank(&g, f).gone, "home after five turns");
        assert_eq!(
            g.state()
                .vehicles
                .iter()
                .filter(|v| v.fac.is_some())
                .count(),
            1,
            "one aircraft, not a new one each turn"
        );
    }

    #[test]
    fn rule_7_1_3_a_fac_calls_helicopters_that_strike_in_the_same_phase() {
        let (mut g, _, _) = air_game(1, true);
        g.state_mut().impulse = None;
        vehicles::begin_vehicle_phase(&mut g);
        let f = fac(&g);
        let nine = cards(&g, 1, |c| c.anti_tank == 9);
        top_cards(&mut g, &nine);
        ok(
            &mut g,
            Input::Answer(Answer::AirPlace {
                vehicle: f,
                at: p(3, 3),
            }),
        );
        let nine = cards(&g, 1, |c| c.anti_tank == 9);
        top_cards(&mut g, &nine);
        ok(
            &mut g,
            Input::Answer(Answer::FacMark {
                vehicle: f,
                target: p(3, 3),
            }),
        );
        call_succeeds(&mut g);
        ok(
            &mut g,
            Input::Answer(Answer::FacCall {
                vehicle: f,
                kind: FmKind::AttackHelicopter,
                target: p(3, 3),
            }),
        );
        let hs = helos(&g);
        assert_eq!(hs.len(), 2);
        assert!(
            g.legal_inputs().contains(&Input::Answer(Answer::AirAttack {
                vehicle: hs[0],
                adjacent: None
            })),
            "the section strikes in this Vehicle phase"
        );
    }

    #[test]
    fn rule_7_1_3_a_fac_is_checked_with_file_line_and_column() {
        let from = "fire_support: [\n        (\n            id: \"mortars\",";
        let with = |fac: &str, agency: &str| {
            format!(
                "fire_support: [\n        (id: \"air\", name: \"Air\", agency: {agency}, missions: [(kind: He, count: 1)], observers: [(\"co_hq\", 2)], {fac}),\n        (\n            id: \"mortars\","
            )
        };
        mission_refused(
            from,
            &with(
                r#"fac: Some((aircraft: "us_m4", arrives: 1, draws: 3))"#,
                "Artillery",
            ),
            "not one of the company's forward air controller aircraft",
        );
        mission_refused(
            from,
            &with(
                r#"fac: Some((aircraft: "us_fac_plane", arrives: 1, draws: 3))"#,
                "Artillery",
            ),
            "give it to an air agency",
        );
        mission_refused(
            from,
            &with(
                r#"fac: Some((aircraft: "us_fac_plane", arrives: 9, draws: 3))"#,
                "Artillery",
            ),
            "arrives in turn 9",
        );
    }

    #[test]
    fn rule_7_7_b_4_a_fac_that_aborts_undamaged_is_back_only_next_turn() {
        let (mut g, _, _) = air_game(1, true);
        g.state_mut().impulse = None;
        vehicles::begin_vehicle_phase(&mut g);
        let f = fac(&g);
        // The squad there fires: automatic +3, AT 2: 5, aborted undamaged.
        let two = cards(&g, 1, |c| c.anti_tank == 2);
        top_cards(&mut g, &two);
        ok(
            &mut g,
            Input::Answer(Answer::AirPlace {
                vehicle: f,
                at: p(3, 3),
            }),
        );
        assert!(tank(&g, f).pos.is_staging());
        assert!(tank(&g, f).in_play());
        assert!(
            !g.legal_inputs()
                .iter()
                .any(|i| matches!(i, Input::Answer(Answer::AirPlace { .. }))),
            "not again this turn"
        );
        // Next turn it flies again.
        vehicles::vehicle_clean_up(&mut g);
        g.state_mut().turn = 2;
        g.state_mut().choices.clear();
        vehicles::begin_vehicle_phase(&mut g);
        assert!(g.legal_inputs().contains(&Input::Answer(Answer::AirPlace {
            vehicle: f,
            at: p(3, 3)
        })));
    }

    #[test]
    fn rule_7_1_3_a_fac_arrives_in_a_mission_with_no_vehicle_in_play() {
        let (mut g, _, _) = air_game(1, true);
        g.state_mut().impulse = None;
        for x in &mut g.state_mut().vehicles {
            x.gone = true;
        }
        vehicles::begin_vehicle_phase(&mut g);
        let f = fac(&g);
        assert!(tank(&g, f).in_play());
        assert!(g.legal_inputs().contains(&Input::Answer(Answer::AirPlace {
            vehicle: f,
            at: p(3, 3)
        })));
    }

    // -----------------------------------------------------------------------
    // 7.1.4: fixed-wing gunships
    // -----------------------------------------------------------------------

    /// The combined-arms mission at night (a full moon), with an air agency
    /// whose gunship arrives in turn 1; from `dawn` on, the night is over.
    fn gunship_game(dawn: Option<u8>) -> (Game, UnitId) {
        let mut g = game_with(|m| {
            m.visibility = "full_moon".into();
            m.visibility_from.clear();
            if let Some(t) = dawn {
                m.visibility_from.push((t, "dusk".into()));
            }
            m.fire_support.push(FireSupport {
                id: "air".into(),
                name: "Air Commando".into(),
                agency: Agency::Air,
                missions: vec![FmSpec {
                    kind: FmKind::AirStrike,
                    count: 1,
                    modifier: -6,
                    helicopter: None,
                }],
                observers: vec![("co_hq".into(), 3)],
                battalion: false,
                registered: None,
                fac: None,
                gunship: Some(fof::data::mission::GunshipSpec {
                    aircraft: VehicleTypeId("us_spooky".into()),
                    arrives: 1,
                }),
            });
        });
        for x in &mut g.state_mut().vehicles {
            if x.side != Side::Us {
                x.gone = true;
            }
        }
        let co = id(&g, "co_hq");
        put(&mut g, co, p(1, 3));
        let e = enemy(&mut g, "de_rifle_squad", p(3, 3), true);
        enemy(&mut g, "de_rifle_squad", p(3, 2), true);
        // A machine gun beside the target: it would fire at a helicopter.
        enemy(&mut g, "de_mg_team", p(2, 3), true);
        g.state_mut().impulse = None;
        (g, e)
    }

    fn spooky(g: &Game) -> VehicleId {
        g.state()
            .vehicles
            .iter()
            .find(|v| v.gunship.is_some())
            .map(|v| v.id)
            .expect("the gunship is on station")
    }

    #[test]
    fn rule_7_1_4_a_gunship_flies_at_night_with_no_command_above_the_enemy_s_fire() {
        let (mut g, _) = gunship_game(None);
        vehicles::begin_vehicle_phase(&mut g);
        let s = spooky(&g);
        assert!(tank(&g, s).pos.is_staging(), "off the map until placed");
        // Anywhere on the map, with no command.
        let legal = g.legal_inputs();
        for at in [p(1, 1), p(3, 3), p(2, 3)] {
            assert!(
                legal.contains(&Input::Answer(Answer::AirPlace { vehicle: s, at })),
                "{at}"
            );
        }
        // The suggestion goes where the spotted enemy is thickest.
        assert!(matches!(
            g.suggestion(),
            Some(Input::Answer(Answer::AirPlace { at, .. })) if at == p(3, 3) || at == p(2, 3) || at == p(3, 2)
        ));
        let log = g.log().len();
        ok(
            &mut g,
            Input::Answer(Answer::AirPlace {
                vehicle: s,
                at: p(2, 3),
            }),
        );
        assert_eq!(tank(&g, s).pos, p(2, 3));
        // Not one shot at it, though a machine gun is on the card below.
        assert!(
            !g.log()[log..].iter().any(|x| x.rule == "7.6"),
            "no AT Combat against a gunship"
        );
        assert!(tank(&g, s).in_play());
        // It is not counted among the card's four vehicles (1.2.1 I).
        assert_eq!(
            fof::engine::testing::vehicles::vehicles_on(&g, p(2, 3), Side::Us),
            0
        );
    }

    #[test]
    fn rule_7_1_4_three_runs_of_h_vof_and_flares_on_its_card_or_adjacent_ones() {
        let (mut g, e) = gunship_game(None);
        vehicles::begin_vehicle_phase(&mut g);
        let s = spooky(&g);
        ok(
            &mut g,
            Input::Answer(Answer::AirPlace {
                vehicle: s,
                at: p(2, 3),
            }),
        );
        // Only its own card and the adjacent ones.
        let far = Input::Answer(Answer::GunshipRun {
            vehicle: s,
            at: p(1, 1),
        });
        assert!(!g.legal_inputs().contains(&far));
        let why = refused(&mut g, far);
        assert!(why.contains("not Spooky's card or next to it"), "{why}");
        // The suggestion fires on the enemy first.
        assert!(matches!(
            g.suggestion(),
            Some(Input::Answer(Answer::GunshipRun { at, .. })) if at == p(3, 3) || at == p(2, 3) || at == p(3, 2)
        ));
        for at in [p(3, 3), p(3, 2)] {
            ok(&mut g, Input::Answer(Answer::GunshipRun { vehicle: s, at }));
        }
        // Each card once.
        let again = Input::Answer(Answer::GunshipRun {
            vehicle: s,
            at: p(3, 3),
        });
        assert!(!g.legal_inputs().contains(&again));
        let why = refused(&mut g, again);
        assert!(why.contains("already this turn"), "{why}");
        ok(
            &mut g,
            Input::Answer(Answer::GunshipRun {
                vehicle: s,
                at: p(2, 3),
            }),
        );
        for at in [p(3, 3), p(3, 2), p(2, 3)] {
            let m = &g.state().map.card(at).unwrap().markers;
            assert!(m.air_attack.is_some(), "{at}: fired on");
            assert_eq!(m.illumination, Some(-4), "{at}: lit");
            assert_eq!(m.illumination_adjacent, Some(-2), "{at}: lit around");
        }
        // Three runs and its turn is over.
        assert!(
            !g.legal_inputs()
                .iter()
                .any(|i| matches!(i, Input::Answer(Answer::GunshipRun { .. }))),
            "three runs a turn"
        );
        // The enemy below is under its H VOF, lit by the flares.
        let n = fof::engine::testing::combat::ncm(&g, e).expect("under fire");
        assert!(
            n.parts.iter().any(|(w, _)| *w
                == fof::engine::kernel::events::NcmPart::Aircraft(
                    fof::engine::kernel::state::VofLevel::Heavy
                )),
            "{:?}",
            n.parts
        );
        assert!(g.illuminated(p(3, 3)));
        // The gunship stays on station after its turn.
        vehicles::vehicle_clean_up(&mut g);
        assert!(tank(&g, s).in_play(), "on station for the whole mission");
    }

    #[test]
    fn rule_7_1_4_a_gunship_stays_all_mission_and_flies_only_at_night() {
        let (mut g, _) = gunship_game(Some(3));
        for turn in 1..=4u8 {
            g.state_mut().turn = turn;
            g.state_mut().choices.clear();
            vehicles::begin_vehicle_phase(&mut g);
            let s = spooky(&g);
            let night = turn < 3;
            assert!(tank(&g, s).in_play(), "turn {turn}");
            assert_eq!(
                g.legal_inputs().contains(&Input::Answer(Answer::AirPlace {
                    vehicle: s,
                    at: p(1, 1)
                })),
                night,
                "turn {turn}: it flies only at night"
            );
            if !night {
                assert!(
                    g.log()
                        .iter()
                        .any(|x| x.rule == "7.1.4" && x.text.contains("only at night"))
                );
            }
            vehicles::vehicle_clean_up(&mut g);
        }
        assert_eq!(
            g.state()
                .vehicles
                .iter()
                .filter(|v| v.gunship.is_some())
                .count(),
            1,
            "one aircraft, not a new one each turn"
        );
    }

    #[test]
    fn rule_7_1_4_a_gunship_is_checked_with_file_line_and_column() {
        let from = "fire_support: [\n        (\n            id: \"mortars\",";
        let with = |gunship: &str, agency: &str| {
            format!(
                "fire_support: [\n        (id: \"air\", name: \"Air\", agency: {agency}, missions: [(kind: He, count: 1)], observers: [(\"co_hq\", 2)], {gunship}),\n        (\n            id: \"mortars\","
            )
        };
        mission_refused(
            from,
            &with(
                r#"gunship: Some((aircraft: "us_fac_plane", arrives: 1))"#,
                "Air",
            ),
            "not one of the company's fixed-wing gunships",
        );
        mission_refused(
            from,
            &with(
                r#"gunship: Some((aircraft: "us_spooky", arrives: 1))"#,
                "Artillery",
            ),
            "give it to an air agency",
        );
        // The shipped mission is fought by day.
        mission_refused(
            from,
            &with(
                r#"gunship: Some((aircraft: "us_spooky", arrives: 1))"#,
                "Air",
            ),
            "gunships fly only at night",
        );
        mission_refused(
            from,
            &with(
                r#"gunship: Some((aircraft: "us_spooky", arrives: 9))"#,
                "Air",
            ),
            "arrives in turn 9",
        );
    }
}

// ---------------------------------------------------------------------------
// 7.4.5, 2.4.2 B, 7.7 B: transport helicopters and the helicopter assault
// ---------------------------------------------------------------------------

mod lift {
    use super::*;
    use fof::data::mission::{At, HeliArea, Pyro, Start, VehicleStart};
    use fof::data::units::{Side, UnitKind};
    use fof::data::vehicles::VehicleTypeId;
    use fof::engine::kernel::ids::UnitId;
    use fof::engine::kernel::pos::CardPos;

    /// The LZ: the mown hayfield in the middle of the combined-arms map.
    const LZ: (i8, i8) = (2, 2);

    fn slick(label: &str, start: HeliArea, carrying: &[&str]) -> VehicleStart {
        VehicleStart {
            vehicle_type: VehicleTypeId("us_slick".into()),
            label: Some(label.into()),
            attached: None,
            platoon: None,
            platoon_hq: false,
            start: Start::Heli(start),
            carrying: carrying.iter().map(|s| s.to_string()).collect(),
            smoke: 0,
            wp: 0,
            schedule: None,
        }
    }

    /// The combined-arms mission turned air assault: a one-card LZ on
    /// R2C2; Slick 1 Inbound with 1/2 aboard, Slick 2 in the Pickup Zone
    /// with 2/2 waiting there; the enemy's vehicles gone.
    fn lift_game() -> Game {
        lift_game_with(|_| {})
    }

    /// [`lift_game`] with `f` changing the mission first.
    fn lift_game_with(f: impl FnOnce(&mut Mission)) -> Game {
        let mut g = game_with(|m| {
            f(m);
            m.controls.lz = vec![At(LZ.0, LZ.1)];
            for r in &mut m.company {
                match r.id.as_str() {
                    "2_1" => r.start = Start::Heli(HeliArea::Inbound),
                    "2_2" => r.start = Start::Heli(HeliArea::PickUp),
                    _ => {}
                }
            }
            m.vehicles
                .push(slick("Slick 1", HeliArea::Inbound, &["2_1"]));
            m.vehicles.push(slick("Slick 2", HeliArea::PickUp, &[]));
        });
        for x in &mut g.state_mut().vehicles {
            if x.side != Side::Us {
                x.gone = true;
            }
        }
        g.state_mut().impulse = None;
        g
    }

    fn lz() -> CardPos {
        p(LZ.0, LZ.1)
    }

    fn fly(v: VehicleId, to: CardPos) -> Input {
        Input::Answer(Answer::HeliFly { vehicle: v, to })
    }

    fn misses(g: &mut Game, n: usize) {
        let nines = cards(g, n, |c| c.anti_tank == 9);
        top_cards(g, &nines);
    }

    #[test]
    fn rule_7_4_5_a_loaded_helicopter_lands_on_the_lz_and_sets_its_passengers_down() {
        let mut g = lift_game();
        let (s1, s2) = (veh(&g, "Slick 1"), veh(&g, "Slick 2"));
        let squad = id(&g, "2_1");
        assert_eq!(tank(&g, s1).pos, HeliArea::Inbound.pos());
        assert_eq!(unit(&g, squad).riding, Some(s1));
        vehicles::begin_vehicle_phase(&mut g);
        let legal = g.legal_inputs();
        // In flight: it must move on (no ending its activation in place).
        for to in [lz(), HeliArea::Loiter.pos(), HeliArea::PickUp.pos()] {
            assert!(legal.contains(&fly(s1, to)), "{to}");
        }
        assert!(!legal.contains(&fly(s1, HeliArea::Outbound.pos())));
        assert!(!legal.contains(&Input::Answer(Answer::VehicleEnd {
            shooter: Shooter::Vehicle(s1)
        })));
        // Slick 2 waits in the Pickup Zone: not activated, it does nothing.
        assert!(!legal.iter().any(
            |i| matches!(i, Input::Answer(Answer::HeliFly { vehicle, .. }) if *vehicle == s2)
        ));
        // The program suggests landing the loaded helicopter.
        assert_eq!(g.suggestion(), Some(fly(s1, lz())));
        misses(&mut g, 4);
        ok(&mut g, fly(s1, lz()));
        assert_eq!(tank(&g, s1).pos, lz());
        assert_eq!(unit(&g, squad).pos, lz(), "the passengers came with it");
        // Then its passengers get off, before it ends its activation.
        let off = Input::Answer(Answer::VehicleDisembark {
            vehicle: s1,
            unit: squad,
        });
        assert!(g.legal_inputs().contains(&off));
        assert_eq!(g.suggestion(), Some(off.clone()));
        ok(&mut g, off);
        assert_eq!(unit(&g, squad).riding, None);
        assert!(unit(&g, squad).exposed);
        assert!(
            g.log()
                .iter()
                .any(|e| e.rule == "7.4.5" && e.text.contains("lands on the LZ at R2C2"))
        );
    }

    #[test]
    fn rule_7_4_5_the_round_trip_lz_outbound_pickup_zone_with_casualties_evacuated() {
        let mut g = lift_game();
        let s1 = veh(&g, "Slick 1");
        let squad = id(&g, "2_1");
        // Turn 1: it lands and 1/2 gets off.
        vehicles::begin_vehicle_phase(&mut g);
        misses(&mut g, 4);
        ok(&mut g, fly(s1, lz()));
        ok(
            &mut g,
            Input::Answer(Answer::VehicleDisembark {
                vehicle: s1,
                unit: squad,
            }),
        );
        vehicles::vehicle_clean_up(&mut g);
        // A casualty is put aboard on the LZ (the Embark order, 7.4.1).
        let cas = add(&mut g, "us_casualty", lz());
        g.state_mut().unit_mut(cas).riding = Some(s1);
        // Turn 2: on the LZ it must take off, for the Outbound area only.
        g.state_mut().turn = 2;
        g.state_mut().choices.clear();
        vehicles::begin_vehicle_phase(&mut g);
        let legal = g.legal_inputs();
        let mine: Vec<&Input> = legal
            .iter()
            .filter(|i| matches!(i, Input::Answer(Answer::HeliFly { vehicle, .. }) | Input::Answer(Answer::VehicleEnd { shooter: Shooter::Vehicle(vehicle) }) if *vehicle == s1))
            .collect();
        assert_eq!(mine, vec![&fly(s1, HeliArea::Outbound.pos())]);
        ok(&mut g, fly(s1, HeliArea::Outbound.pos()));
        assert_eq!(unit(&g, cas).pos, HeliArea::Outbound.pos());
        vehicles::vehicle_clean_up(&mut g);
        // Turn 3: Outbound to the Pickup Zone, where the casualty is
        // evacuated.
        g.state_mut().turn = 3;
        g.state_mut().choices.clear();
        let before = g.state().evacuated;
        vehicles::begin_vehicle_phase(&mut g);
        ok(&mut g, fly(s1, HeliArea::PickUp.pos()));
        assert_eq!(tank(&g, s1).pos, HeliArea::PickUp.pos());
        assert_eq!(g.state().evacuated, before + 1);
        assert!(!unit(&g, cas).in_play());
        vehicles::vehicle_clean_up(&mut g);
        // Turn 4: in the Pickup Zone it waits for a command.
        g.state_mut().turn = 4;
        g.state_mut().choices.clear();
        vehicles::begin_vehicle_phase(&mut g);
        assert!(!g.legal_inputs().iter().any(
            |i| matches!(i, Input::Answer(Answer::HeliFly { vehicle, .. }) if *vehicle == s1)
        ));
    }

    #[test]
    fn rule_7_4_5_a_helicopter_left_to_itself_moves_on_at_the_end_of_the_phase() {
        let mut g = lift_game();
        let s1 = veh(&g, "Slick 1");
        vehicles::begin_vehicle_phase(&mut g);
        // The phase ends with the helicopter still Inbound: it goes on to
        // the Loiter area by itself.
        g.state_mut().choices.clear();
        fof::engine::testing::vehicles::helicopters_fly_on(&mut g);
        assert_eq!(tank(&g, s1).pos, HeliArea::Loiter.pos());
        assert!(
            g.log()
                .iter()
                .any(|e| e.rule == "7.4.5" && e.text.contains("cannot stay"))
        );
    }

    #[test]
    fn rule_7_4_5_commands_go_first_to_the_helicopters_in_flight_and_one_activates_a_flight() {
        let mut g = lift_game();
        let (s1, s2) = (veh(&g, "Slick 1"), veh(&g, "Slick 2"));
        let co = id(&g, "co_hq");
        new_impulse(&mut g, Some(co), 6);
        // Slick 1 is Inbound and not activated: the CO HQ's commands go
        // to it first.
        let other = by(co, Action::ActivateVehicle { vehicle: s2 });
        let why = refused(&mut g, other.clone());
        assert!(why.contains("take the first commands"), "{why}");
        let first = by(co, Action::ActivateVehicle { vehicle: s1 });
        assert!(g.legal_inputs().contains(&first));
        ok(&mut g, first);
        assert!(tank(&g, s1).activated);
        // Now the Pickup Zone's helicopter may be activated; it lifts off
        // in the Vehicle phase.
        ok(&mut g, other);
        g.state_mut().impulse = None;
        vehicles::begin_vehicle_phase(&mut g);
        assert!(g.legal_inputs().contains(&fly(s2, HeliArea::Inbound.pos())));
        assert!(
            !g.legal_inputs().contains(&fly(s2, lz())),
            "no landing straight from the Pickup Zone"
        );
    }

    #[test]
    fn rule_7_4_5_four_landings_a_turn_four_vehicles_a_card_and_a_pyrotechnic_after_the_first() {
        let mut g = lift_game();
        let s1 = veh(&g, "Slick 1");
        assert!(fof::engine::testing::vehicles::check_landing(&g, s1, lz()).is_ok());
        // Not a card of the LZ.
        let why = fof::engine::testing::vehicles::check_landing(&g, s1, p(1, 1))
            .unwrap_err()
            .text;
        assert!(why.contains("not a card of the landing zone"), "{why}");
        // Four have landed there this turn.
        g.state_mut().vehicle_phase.landed = vec![lz(); 4];
        let why = fof::engine::testing::vehicles::check_landing(&g, s1, lz())
            .unwrap_err()
            .text;
        assert!(why.contains("have landed"), "{why}");
        g.state_mut().vehicle_phase.landed.clear();
        // Four wrecks on the card (1.2.1 I).
        for _ in 0..4 {
            g.state_mut()
                .wrecks
                .push(fof::engine::kernel::vehicle::Wreck {
                    pos: lz(),
                    burning: false,
                });
        }
        let why = fof::engine::testing::vehicles::check_landing(&g, s1, lz())
            .unwrap_err()
            .text;
        assert!(why.contains("already holds 4"), "{why}");
        g.state_mut().wrecks.clear();
        // After its first landing, only onto a marked LZ (7.3.2).
        g.state_mut().vehicles[s1.0 as usize]
            .lift
            .as_mut()
            .unwrap()
            .landings = 1;
        let why = fof::engine::testing::vehicles::check_landing(&g, s1, lz())
            .unwrap_err()
            .text;
        assert!(why.contains("pyrotechnic"), "{why}");
        g.state_mut()
            .map
            .card_mut(lz())
            .unwrap()
            .markers
            .signals
            .push(Pyro::YellowSmoke);
        assert!(fof::engine::testing::vehicles::check_landing(&g, s1, lz()).is_ok());
    }

    #[test]
    fn rule_7_4_5_a_landing_under_a_vof_takes_that_fire_before_anyone_gets_off() {
        let mut g = lift_game();
        let s1 = veh(&g, "Slick 1");
        {
            let m = &mut g.state_mut().map.card_mut(lz()).unwrap().markers;
            m.incoming = true;
            m.enemy_incoming = true;
        }
        vehicles::begin_vehicle_phase(&mut g);
        misses(&mut g, 4);
        ok(&mut g, fly(s1, lz()));
        assert!(
            g.log()
                .iter()
                .any(|e| e.rule == "7.6" && e.text.contains("VOF on the LZ")),
            "the landing draws the card's fire"
        );
    }

    #[test]
    fn rule_7_7_b_3_aborted_damaged_outbound_with_its_passengers_then_grounded_in_the_pickup_zone()
    {
        let mut g = lift_game();
        let s1 = veh(&g, "Slick 1");
        let squad = id(&g, "2_1");
        g.state_mut().vehicles[s1.0 as usize].pos = lz();
        g.state_mut().unit_mut(squad).pos = lz();
        vehicles::apply_at_result(&mut g, s1, AtResult::Retreating);
        assert_eq!(tank(&g, s1).pos, HeliArea::Outbound.pos());
        assert_eq!(unit(&g, squad).pos, HeliArea::Outbound.pos());
        assert_eq!(
            unit(&g, squad).riding,
            Some(s1),
            "its passengers stay aboard"
        );
        vehicles::begin_vehicle_phase(&mut g);
        ok(&mut g, fly(s1, HeliArea::PickUp.pos()));
        assert_eq!(unit(&g, squad).riding, None, "set down in the Pickup Zone");
        vehicles::vehicle_clean_up(&mut g);
        g.state_mut().vehicles[s1.0 as usize].activated = true;
        let why = fof::engine::testing::vehicles::check_fly(&g, s1, HeliArea::Inbound.pos())
            .unwrap_err()
            .text;
        assert!(why.contains("flies no more"), "{why}");
    }

    #[test]
    fn rule_7_7_b_4_aborted_undamaged_back_to_the_inbound_area_and_b_1_a_crash_kills_all_aboard() {
        let mut g = lift_game();
        let s1 = veh(&g, "Slick 1");
        let squad = id(&g, "2_1");
        g.state_mut().vehicles[s1.0 as usize].pos = lz();
        g.state_mut().unit_mut(squad).pos = lz();
        vehicles::apply_at_result(&mut g, s1, AtResult::Pinned);
        assert_eq!(tank(&g, s1).pos, HeliArea::Inbound.pos());
        assert_eq!(unit(&g, squad).riding, Some(s1));
        assert!(tank(&g, s1).in_play());
        // Back on the LZ, it crashes: every step aboard is a casualty.
        g.state_mut().vehicles[s1.0 as usize].pos = lz();
        g.state_mut().unit_mut(squad).pos = lz();
        let steps = unit(&g, squad).steps as usize;
        let before = g
            .state()
            .units_at(lz())
            .filter(|u| u.kind == UnitKind::Casualty)
            .count();
        vehicles::apply_at_result(&mut g, s1, AtResult::BrewedUp);
        assert!(!unit(&g, squad).in_play());
        let after = g
            .state()
            .units_at(lz())
            .filter(|u| u.kind == UnitKind::Casualty)
            .count();
        // The squad's steps and the two crew.
        assert_eq!(after - before, steps + 2);
    }

    #[test]
    fn rule_2_4_2_b_no_sight_wire_or_walking_into_a_helicopter_staging_area() {
        let g = lift_game();
        let waiting: UnitId = id(&g, "2_2");
        assert_eq!(unit(&g, waiting).pos, HeliArea::PickUp.pos());
        let pz = HeliArea::PickUp.pos();
        assert!(!fof::engine::testing::orders::wire_connects(
            &g,
            pz,
            p(0, 1)
        ));
        assert!(!fof::engine::testing::orders::wire_connects(
            &g,
            p(1, 2),
            pz
        ));
        assert!(fof::engine::testing::orders::wire_connects(&g, pz, pz));
        assert!(!g.unit_sees(waiting, p(1, 2)));
        // No move order takes it anywhere.
        assert!(!g.legal_inputs().iter().any(|i| matches!(
            i,
            Input::Order(o) if matches!(o.action, Action::Move { unit, .. } if unit == waiting)
        )));
        assert_eq!(format!("{pz}"), "PZ");
    }

    #[test]
    fn rule_2_4_3_the_landing_plan_is_the_player_s_before_the_mission() {
        let mut g = lift_game();
        let (s1, s2) = (veh(&g, "Slick 1"), veh(&g, "Slick 2"));
        let (first, waiting) = (id(&g, "2_1"), id(&g, "2_2"));
        g.state_mut().choices.push(Choice::LandingPlan);
        let legal = g.legal_inputs();
        // The mission's plan is the suggestion.
        assert_eq!(g.suggestion(), Some(Input::Answer(Answer::LandingPlanDone)));
        // 2/2 may board the empty helicopter, not the full one (4 steps
        // of room, 7.4); 1/2 may get off into the Pickup Zone.
        let on2 = Input::Answer(Answer::Board {
            unit: waiting,
            vehicle: Some(s2),
        });
        assert!(legal.contains(&on2));
        assert!(!legal.contains(&Input::Answer(Answer::Board {
            unit: waiting,
            vehicle: Some(s1)
        })));
        let off = Input::Answer(Answer::Board {
            unit: first,
            vehicle: None,
        });
        assert!(legal.contains(&off));
        ok(&mut g, off);
        assert_eq!(unit(&g, first).riding, None);
        assert_eq!(unit(&g, first).pos, HeliArea::PickUp.pos());
        // Now 2/2 goes in the first wave instead, and the plan is made.
        ok(
            &mut g,
            Input::Answer(Answer::Board {
                unit: waiting,
                vehicle: Some(s1),
            }),
        );
        assert_eq!(unit(&g, waiting).riding, Some(s1));
        assert_eq!(unit(&g, waiting).pos, HeliArea::Inbound.pos());
        ok(&mut g, Input::Answer(Answer::LandingPlanDone));
        assert!(g.state().choices.is_empty());
        assert!(
            g.log()
                .iter()
                .any(|e| e.rule == "2.4.3" && e.text.contains("Slick 1 in the Inbound area: 2/2"))
        );
    }

    #[test]
    fn rule_7_4_5_an_air_assault_is_checked_with_file_line_and_column() {
        let slick =
            "        (type: \"us_slick\", label: Some(\"Slick 1\"), start: Heli(PickUp)),\n";
        let from = "    vehicles: [\n";
        // A helicopter Inbound with no landing zone.
        mission_refused(
            from,
            &format!("{from}{}", slick.replace("PickUp", "Inbound")),
            "designates a landing zone",
        );
        // An LZ on a card that is not fixed, and one with no helicopter
        // icon (the crossroads hamlet).
        let controls = "        casualty_point: Some(At(1, 2)),";
        mission_refused(
            controls,
            "        casualty_point: Some(At(1, 2)),\n        lz: [At(3, 3)],",
            "must be a fixed card",
        );
        mission_refused(
            controls,
            "        casualty_point: Some(At(1, 2)),\n        lz: [At(1, 2)],",
            "has no helicopter icon",
        );
        // A unit waiting in the Pickup Zone with no helicopter to fly it.
        mission_refused(
            "label: \"1/2\", hq: Some(\"2plt_hq\"), experience: Line, start: Card(At(1, 2))",
            "label: \"1/2\", hq: Some(\"2plt_hq\"), experience: Line, start: Heli(PickUp)",
            "no transport helicopter",
        );
    }

    // -----------------------------------------------------------------------
    // 4.2.1 l, 4.3.6, 5.1.7, 7.4.5: landing zones marked in play, the
    // MEDEVAC LZ, and a mid-mission air assault's planning phase
    // -----------------------------------------------------------------------

    use fof::data::mission::{Evacuation, SignalOrder};
    use fof::engine::kernel::state::{Asset, PointControl};
    use fof::engine::testing::vehicles::lz_cards;

    /// A card with no helicopter icon: the crossroads hamlet.
    const NO_ICON: u8 = 55;

    /// The CO HQ on `at` with an impulse, Slick 1 (in flight) activated so
    /// that the CO's commands are free for other orders (7.4.5).
    fn co_on(g: &mut Game, at: CardPos) -> UnitId {
        let co = id(g, "co_hq");
        put_all(g, &[co], at);
        new_impulse(g, Some(co), 6);
        if let Some(s1) = g
            .state()
            .vehicles
            .iter()
            .find(|x| x.label == "Slick 1" && x.in_flight() && !x.activated)
            .map(|x| x.id)
        {
            ok(g, by(co, Action::ActivateVehicle { vehicle: s1 }));
        }
        co
    }

    #[test]
    fn rule_4_2_1_l_the_co_hq_designates_a_landing_zone_on_a_card_with_the_helicopter_icon() {
        let mut g = lift_game();
        // The hamlet has no icon.
        lay(&mut g, p(1, 2), &[NO_ICON]);
        let co = co_on(&mut g, p(1, 2));
        let why = refused(&mut g, by(co, Action::DesignateLandingZone));
        assert!(why.contains("no helicopter icon"), "{why}");
        // The open field on R4C2 has one: one command marks it.
        put_all(&mut g, &[co], p(4, 2));
        let order = by(co, Action::DesignateLandingZone);
        assert!(g.legal_inputs().contains(&order));
        let before = spent(&g);
        ok(&mut g, order.clone());
        assert_eq!(spent(&g), before + 1, "one command");
        assert_eq!(lz_cards(&g), vec![lz(), p(4, 2)]);
        let why = refused(&mut g, order);
        assert!(why.contains("already"), "{why}");
        // A helicopter Inbound may land there now.
        let s1 = veh(&g, "Slick 1");
        assert!(fof::engine::testing::vehicles::check_landing(&g, s1, p(4, 2)).is_ok());
        // A landing zone spans three cards at most: R2C1 and R2C3 join
        // R2C2's, so R3C2 beside them would make four.
        for at in [p(2, 1), p(2, 3)] {
            put_all(&mut g, &[co], at);
            ok(&mut g, by(co, Action::DesignateLandingZone));
        }
        put_all(&mut g, &[co], p(3, 2));
        let why = refused(&mut g, by(co, Action::DesignateLandingZone));
        assert!(why.contains("three at most"), "{why}");
        // A platoon HQ designates nothing off a patrol.
        let plt = id(&g, "2plt_hq");
        put_all(&mut g, &[plt], p(4, 1));
        new_impulse(&mut g, Some(plt), 3);
        let why = refused(&mut g, by(plt, Action::DesignateLandingZone));
        assert!(why.contains("only the CO HQ"), "{why}");
    }

    #[test]
    fn rule_4_2_1_l_no_landing_zone_orders_where_no_helicopter_flies() {
        let mut g = game_with(|_| {});
        let co = co_on(&mut g, p(4, 2));
        let order = by(co, Action::DesignateLandingZone);
        assert!(!g.legal_inputs().contains(&order));
        let why = refused(&mut g, order);
        assert!(why.contains("no helicopters fly"), "{why}");
        assert!(
            !g.legal_inputs().contains(&by(co, Action::DesignateMedevac)),
            "no MEDEVAC in a mission with a collection point"
        );
        // Nor does the signal chart offer the LZ smoke.
        let c = &g.mission().controls;
        let kind = g.mission().kind;
        assert!(
            !SignalOrder::offered(kind, c, Pyro::GreenSmoke, false)
                .contains(&SignalOrder::MarkLandingZone)
        );
        assert!(
            SignalOrder::offered(kind, c, Pyro::GreenSmoke, true)
                .contains(&SignalOrder::MarkLandingZone)
        );
        assert!(
            !SignalOrder::offered(kind, c, Pyro::GreenStarCluster, true)
                .contains(&SignalOrder::MarkLandingZone),
            "coloured smoke only"
        );
    }

    #[test]
    fn rule_4_3_6_a_coloured_smoke_the_signal_plan_calls_lz_marks_a_landing_zone() {
        let mut g = lift_game();
        g.state_mut().signal_plan = vec![(Pyro::GreenSmoke, SignalOrder::MarkLandingZone)];
        let (plt, sq) = (id(&g, "2plt_hq"), id(&g, "2_3"));
        // On a card without the icon the smoke marks nothing.
        lay(&mut g, p(4, 1), &[NO_ICON]);
        put_all(&mut g, &[plt, sq], p(4, 1));
        u(&mut g, sq).assets.push(Asset::Pyro(Pyro::GreenSmoke, 2));
        new_impulse(&mut g, Some(plt), 3);
        // Its radio reaches Slick 1 in flight: that comes first (7.4.5).
        let s1 = veh(&g, "Slick 1");
        ok(&mut g, by(plt, Action::ActivateVehicle { vehicle: s1 }));
        let deploy = |at| {
            by(
                plt,
                Action::DeployPyro {
                    unit: sq,
                    device: Pyro::GreenSmoke,
                    at,
                },
            )
        };
        let ev = ok(&mut g, deploy(p(4, 1)));
        assert!(
            ev.iter()
                .any(|e| e.text.contains("marks no new landing zone")),
            "the log says why"
        );
        assert_eq!(lz_cards(&g), vec![lz()]);
        // On the open field it marks a landing zone, with no command of
        // the CO's.
        put_all(&mut g, &[plt, sq], p(4, 2));
        new_impulse(&mut g, Some(plt), 3);
        ok(&mut g, deploy(p(4, 2)));
        assert_eq!(lz_cards(&g), vec![lz(), p(4, 2)]);
        // And the smoke on the card lets a helicopter land there again.
        g.state_mut().vehicles[s1.0 as usize].lift = Some(fof::engine::kernel::vehicle::Lift {
            landings: 1,
            damaged: false,
        });
        assert!(fof::engine::testing::vehicles::check_landing(&g, s1, p(4, 2)).is_ok());
        assert!(fof::engine::testing::vehicles::check_landing(&g, s1, lz()).is_err());
    }

    /// A Volume I Vietnam-style mission: casualties leave by MEDEVAC, no
    /// collection point, one LZ card on R2C2.
    fn medevac_game() -> Game {
        lift_game_with(|m| {
            m.evacuation = Evacuation::Medevac;
            m.controls.casualty_point = None;
        })
    }

    #[test]
    fn rule_5_1_7_the_medevac_lz_flies_casualties_out_while_an_hq_is_there() {
        let mut g = medevac_game();
        let co = co_on(&mut g, lz());
        let why = refused(&mut g, by(co, Action::DesignateCasualtyPoint));
        assert!(why.contains("MEDEVAC"), "{why}");
        let order = by(co, Action::DesignateMedevac);
        assert!(g.legal_inputs().contains(&order));
        ok(&mut g, order);
        assert_eq!(g.state().map.point(PointControl::MedevacLz), Some(lz()));
        // A casualty set down there leaves in the Clean Up Phase while the
        // CO HQ is on the card.
        let cas = add(&mut g, "us_casualty", lz());
        let before = g.state().evacuated;
        fof::engine::testing::turn::clean_up(&mut g);
        assert!(!unit(&g, cas).in_play());
        assert_eq!(g.state().evacuated, before + 1);
        // With no HQ or staff there, none does.
        put_all(&mut g, &[co], p(3, 3));
        let cas = add(&mut g, "us_casualty", lz());
        fof::engine::testing::turn::clean_up(&mut g);
        assert!(unit(&g, cas).in_play(), "no one to bring the helicopter in");
        // Only a card of a landing zone, and one at a time: a second one
        // moves it.
        let co = co_on(&mut g, p(4, 2));
        let why = refused(&mut g, by(co, Action::DesignateMedevac));
        assert!(why.contains("landing zone first"), "{why}");
        ok(&mut g, by(co, Action::DesignateLandingZone));
        ok(&mut g, by(co, Action::DesignateMedevac));
        let medevac: Vec<_> = g
            .state()
            .map
            .controls
            .points
            .iter()
            .filter(|(k, _)| *k == PointControl::MedevacLz)
            .collect();
        assert_eq!(medevac, vec![&(PointControl::MedevacLz, p(4, 2))]);
    }

    /// Runs the turn on to the start of the next one.
    fn to_next_turn(g: &mut Game) {
        let s = g.state_mut();
        s.impulse = None;
        s.choices.clear();
        s.step = fof::engine::kernel::sequence::Step::CleanUp;
        s.step_begun = true;
        let turn = s.turn;
        while g.state().turn == turn {
            g.advance().expect("the turn goes on");
        }
    }

    #[test]
    fn rule_7_4_5_a_mid_mission_air_assault_waits_for_its_turn_and_is_planned_the_turn_before() {
        let mut g = lift_game_with(|m| m.air_assault = Some(3));
        let s2 = veh(&g, "Slick 2");
        let co = co_on(&mut g, p(1, 2));
        let why = refused(&mut g, by(co, Action::ActivateVehicle { vehicle: s2 }));
        assert!(why.contains("air assault of turn 3"), "{why}");
        // Activated all the same (an Embark order activates its vehicle,
        // 7.4.1), it still does not fly before its turn.
        g.state_mut().vehicles[s2.0 as usize].activated = true;
        assert!(fof::engine::testing::vehicles::destinations(&g, s2).is_empty());
        let why = fof::engine::testing::vehicles::check_fly(&g, s2, HeliArea::Inbound.pos())
            .unwrap_err()
            .text;
        assert!(why.contains("air assault of turn 3"), "{why}");
        g.state_mut().vehicles[s2.0 as usize].activated = false;
        // Turn 2 begins with the planning phase.
        to_next_turn(&mut g);
        assert_eq!(g.state().turn, 2);
        assert_eq!(g.state().choices.first(), Some(&Choice::LandingPlan));
        let (rule, text) = fof::engine::testing::turn::question(&g, &Choice::LandingPlan);
        assert_eq!(rule, "7.4.5");
        assert!(text.contains("Air assault planning"), "{text}");
        let legal = g.legal_inputs();
        let lz_at = |l: &[Input]| -> Vec<CardPos> {
            l.iter()
                .filter_map(|i| match i {
                    Input::Answer(Answer::PlanLandingZone { at }) => Some(*at),
                    _ => None,
                })
                .collect()
        };
        assert!(lz_at(&legal).contains(&p(4, 2)));
        assert!(!lz_at(&legal).contains(&lz()), "already a landing zone");
        // One landing zone: after R4C2 only the cards beside it.
        ok(
            &mut g,
            Input::Answer(Answer::PlanLandingZone { at: p(4, 2) }),
        );
        let next = lz_at(&g.legal_inputs());
        assert!(!next.is_empty());
        assert!(next.iter().all(|c| c.adjacent(p(4, 2))), "{next:?}");
        let squad = id(&g, "2_2");
        ok(
            &mut g,
            Input::Answer(Answer::Board {
                unit: squad,
                vehicle: Some(s2),
            }),
        );
        ok(&mut g, Input::Answer(Answer::LandingPlanDone));
        assert!(g.state().plan_lz.is_empty());
        assert!(lz_cards(&g).contains(&p(4, 2)));
        assert_eq!(unit(&g, squad).riding, Some(s2));
        // Turn 3: the helicopters may fly.
        g.state_mut().turn = 3;
        assert!(fof::engine::testing::vehicles::check_assault_turn(&g, s2).is_ok());
    }

    #[test]
    fn rule_2_4_3_the_plan_is_adjusted_when_units_wait_in_the_pickup_zone_beside_a_helicopter() {
        let mut g = lift_game();
        let (s1, s2) = (veh(&g, "Slick 1"), veh(&g, "Slick 2"));
        let (waiting, aboard) = (id(&g, "2_2"), id(&g, "2_1"));
        to_next_turn(&mut g);
        assert_eq!(g.state().turn, 2);
        assert_eq!(g.state().choices.first(), Some(&Choice::LandingPlan));
        let (rule, text) = fof::engine::testing::turn::question(&g, &Choice::LandingPlan);
        assert_eq!(rule, "2.4.3");
        assert!(text.contains("Pickup Zone"), "{text}");
        let legal = g.legal_inputs();
        assert!(legal.contains(&Input::Answer(Answer::Board {
            unit: waiting,
            vehicle: Some(s2)
        })));
        // Only the Pickup Zone's helicopters: Slick 1 is in the air with
        // 1/2, and no landing zone is marked here.
        assert_ne!(tank(&g, s1).pos, HeliArea::PickUp.pos());
        assert!(
            !legal
                .iter()
                .any(|i| matches!(i, Input::Answer(Answer::Board { unit, .. }) if *unit == aboard))
        );
        assert!(
            !legal
                .iter()
                .any(|i| matches!(i, Input::Answer(Answer::PlanLandingZone { .. })))
        );
        ok(
            &mut g,
            Input::Answer(Answer::Board {
                unit: waiting,
                vehicle: Some(s2),
            }),
        );
        ok(&mut g, Input::Answer(Answer::LandingPlanDone));
        // Nobody waits now: no question next turn.
        to_next_turn(&mut g);
        assert!(
            !g.state().choices.contains(&Choice::LandingPlan),
            "{:?}",
            g.state().choices
        );
    }

    #[test]
    fn rule_7_4_5_any_hq_or_staff_that_can_call_them_activates_the_helicopters() {
        let mut g = lift_game();
        let (s1, s2) = (veh(&g, "Slick 1"), veh(&g, "Slick 2"));
        // 1 PLT HQ has a company-net radio: the helicopter in flight takes
        // its first command, then the Pickup Zone's may have one.
        let plt = id(&g, "1plt_hq");
        new_impulse(&mut g, Some(plt), 3);
        let why = refused(&mut g, by(plt, Action::ActivateVehicle { vehicle: s2 }));
        assert!(why.contains("take the first commands"), "{why}");
        ok(&mut g, by(plt, Action::ActivateVehicle { vehicle: s1 }));
        ok(&mut g, by(plt, Action::ActivateVehicle { vehicle: s2 }));
        assert!(tank(&g, s2).activated);
        // The XO, in the staging area with no radio, cannot call them.
        let mut g = lift_game();
        let xo = id(&g, "xo");
        assert!(unit(&g, xo).radios().next().is_none());
        new_impulse(&mut g, Some(xo), 3);
        let why = refused(&mut g, by(xo, Action::ActivateVehicle { vehicle: s1 }));
        assert!(why.contains("no company or battalion net radio"), "{why}");
    }

    #[test]
    fn rule_7_4_5_landing_zones_medevac_and_air_assaults_are_checked_with_file_line_and_column() {
        let slick =
            "        (type: \"us_slick\", label: Some(\"Slick 1\"), start: Heli(PickUp)),\n";
        let from = "    vehicles: [\n";
        let turns = "    turns: 6,\n";
        // An air assault with no helicopter waiting, or outside the mission.
        mission_refused(
            turns,
            "    turns: 6,\n    air_assault: Some(3),\n",
            "helicopters waiting in the Pickup Zone",
        );
        mission_refused(
            turns,
            "    turns: 6,\n    air_assault: Some(9),\n",
            "from turn 2",
        );
        // A MEDEVAC LZ in a mission with a collection point, and off the LZ.
        let controls = "        casualty_point: Some(At(1, 2)),";
        mission_refused(
            controls,
            "        casualty_point: Some(At(1, 2)),\n        medevac: Some(At(2, 2)),",
            "add `evacuation: Medevac`",
        );
        mission_refused(
            controls,
            "        casualty_point: Some(At(1, 2)),\n        medevac: Some(At(2, 2)),",
            "must be a card of `lz`",
        );
        // A helicopter waiting in the Pickup Zone needs no LZ at the start
        // (one may be marked in play); one Inbound does.
        let path = "missions/panzer_counterattack.ron";
        let mut set = embedded();
        let m = set
            .missions
            .iter_mut()
            .find(|m| m.path == path)
            .expect("the shipped mission");
        m.text = m.text.replace(from, &format!("{from}{slick}"));
        if let Err(errs) = fof::learn::load_sources(&set) {
            panic!("a helicopter waiting in the Pickup Zone with no LZ yet is refused:\n{errs}");
        }
        mission_refused(
            from,
            &format!("{from}{}", slick.replace("PickUp", "Inbound")),
            "designates a landing zone",
        );
    }
}

/// The combined-arms mission moved to Korea: Able 1 an M4A3E8, the Panzer
/// IV a T-34/85, every card a dry rice paddy (+0).
fn korea_tanks() -> (Game, VehicleId, VehicleId) {
    let mut g = game_with(|x| {
        x.terrain = "korea".into();
        x.map.fixed.clear();
        for v in &mut x.vehicles {
            match v.label.as_deref() {
                Some("Able 1") => {
                    v.vehicle_type = fof::data::vehicles::VehicleTypeId("us_m4a3e8".into())
                }
                Some("Panzer IV 1") => {
                    v.vehicle_type = fof::data::vehicles::VehicleTypeId("nk_t34_85".into())
                }
                _ => {}
            }
        }
    });
    open_map_with(&mut g, 17);
    let (able, t34) = (veh(&g, "Able 1"), veh(&g, "Panzer IV 1"));
    (g, able, t34)
}

#[test]
fn rule_7_6_the_tank_example_an_easy_eight_against_a_moving_t34_85() {
    // The rulebook's Korean tank example: the M4A3E8 fires at close range
    // (-3) on a T-34/85 (+1) that moved (+1) into a rice paddy (+0): -1.
    let (mut g, able, t34) = korea_tanks();
    assert_eq!(tank(&g, t34).vehicle_type.0, "nk_t34_85");
    g.state_mut().vehicles[t34.0 as usize].moved = true;
    let m = vehicles::at_modifier(&g, Shooter::Vehicle(able), t34).expect("adjacent");
    assert_eq!(m.total, -1, "{:?}", m.parts);
    // Pinned by it, the T-34 fires back after moving: close range -3,
    // after moving +3, pinned +1, at the Easy Eight (+0) in a +2 village.
    g.state_mut().vehicles[t34.0 as usize].pinned = true;
    g.state_mut().vehicles[able.0 as usize].moved = false;
    lay(&mut g, p(1, 2), &[26]);
    let back = vehicles::at_modifier(&g, Shooter::Vehicle(t34), able).expect("adjacent");
    assert_eq!(back.total, 3, "{:?}", back.parts);
    for part in ["fired after moving", "firer pinned"] {
        assert!(back.parts.iter().any(|p| p.0 == part), "{:?}", back.parts);
    }
}

#[test]
fn rule_6_4_a_rocket_launcher_under_a_roof_is_not_readied_against_armour() {
    let mut g = game();
    let bzk = id(&g, "2_bzk");
    let at_card = unit(&g, bzk).pos;
    let roof = cover(
        &mut g,
        at_card,
        fof::data::charts::CoverKind::StrongBuilding,
    );
    u(&mut g, bzk).cover = Some(roof);
    let co = id(&g, "co_hq");
    new_impulse(&mut g, Some(co), 3);
    let err = g
        .apply(&by(co, Action::ReadyAntiTank { unit: bzk }))
        .expect_err("under a roof");
    assert!(err.text.contains("(6.4)"), "{}", err.text);
    assert!(!vehicles::armed(&g, Shooter::Team(bzk)));
    // Out from under it, it may fire.
    u(&mut g, bzk).cover = None;
    assert!(vehicles::armed(&g, Shooter::Team(bzk)));
}

/// 7.6: a shot's sum reads against the Anti-Armor table: the log says
/// what the next better result needed (a play test saw sums with no
/// threshold); the best result needs nothing more.
#[test]
fn rule_7_6_a_shots_sum_says_what_the_next_better_result_needed() {
    let g = game();
    let t = &g.data().vehicles;
    assert_eq!(t.better(4), Some((3, AtResult::Retreating)));
    assert!(matches!(t.better(0), Some((u, AtResult::BrewedUp)) if (-3..0).contains(&u)));
    assert_eq!(t.better(-3), None, "brewed up is the best");
    let mut g = game();
    let (able, pz) = (veh(&g, "Able 1"), veh(&g, "Panzer IV 1"));
    next_at(&mut g, 6); // -2 + 6 = 4: pinned
    vehicles::at_fire(&mut g, Shooter::Vehicle(able), pz);
    let shot = g
        .log()
        .iter()
        .rev()
        .find(|e| matches!(e.kind, EventKind::AtCombat { .. }))
        .expect("the shot");
    assert!(
        shot.text
            .contains("sum 4: pinned (buttoned up); 3 or less: retreats"),
        "{}",
        shot.text
    );
}
