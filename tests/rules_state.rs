//! Signals, the growing map, networks, the activity level, sight on the game
//! map and the engine contract: rules 2.4.1 (tactical control markers),
//! 4.2.1 c and 4.3.6 (pyrotechnic signal plans), 4.2.1 j (switching a set to
//! another network), 5.2.1-5.2.2 and 8.4 (line of sight on the dealt map:
//! upper stories, hills, face-down cards, smoke, the staging area), 9.1 (the
//! Current Activity Level), 9.2.2 (map expansion) and DESIGN.md "The engine
//! contract" / "Saves and replays" (a stable state hash, RON saves, refused
//! inputs change nothing, every event names its rule and its cards).
//!
//! The rule tests build a small offensive mission in code (a fixed 4 x 3 map
//! of plain cards, a handful of units in the staging area), arrange the
//! position with `state_mut()` and check both the legal and the refused
//! case. The contract tests play the shipped mission.

use crate::common;
use common::{
    CO, LMG, PLT, S1, S2, S3, action_cards_where, add_spotted, base, cover, entry,
    fire_with_shooter, gi, lay, mv, new_impulse, ok, p, plain_cards, put, radio, refused, sa,
    shipped, small_mission, spent, start, terrain_where, top_cards,
};
use fof::engine::Answer;
use fof::engine::testing::command;
use fof::engine::testing::enemy;
use fof::engine::testing::map;

use fof::data::action::{Experience, Icon};
use fof::data::charts::{Activity, CoverKind};
use fof::data::mission::{At, Mission, Net, ObjectiveKind, Pyro, RadioClass, SignalOrder};
use fof::data::terrain::Relief;
use fof::data::units::Side;

use fof::engine::kernel::events::{Event, EventKind};
use fof::engine::kernel::game::Game;
use fof::engine::kernel::ids::UnitId;
use fof::engine::kernel::input::Input;
use fof::engine::kernel::input::{Action, Order};
use fof::engine::kernel::pos::CardPos;
use fof::engine::kernel::state::{Asset, FireLink, Options, PointControl, SmokeKind, State};

// ---------------------------------------------------------------------------
// Data and missions
// ---------------------------------------------------------------------------

/// A plain card with every border segment light.
fn all_light() -> u8 {
    terrain_where(|c| {
        !c.is_hill() && !c.urban && c.relief == Relief::Flat && c.borders.dark_count() == 0
    })[0]
}

/// A plain card with every border segment dark.
fn all_dark() -> u8 {
    terrain_where(|c| {
        !c.is_hill() && !c.urban && c.relief == Relief::Flat && c.borders.dark_count() == 8
    })[0]
}

fn hill() -> u8 {
    terrain_where(|c| c.is_hill())[0]
}

// Unit ids of the test company past the platoon of `small_mission`, in
// roster order.
const FO: UnitId = UnitId(6);
const S4: UnitId = UnitId(7);

/// A 4 x 3 offensive mission on a fixed map of plain cards, face up: the
/// primary objective on R3C2, the secondary on R3C1, the attack position on
/// R2C2, phase line 1 above row 2, the limit of advance on row 4. No PC
/// markers, no radios, no signal plan. The CO HQ carries the four colored
/// flares, the platoon HQ the colored smoke.
fn mission() -> Mission {
    let mut m = small_mission("state_test", 4, 3, &plain_cards(0));
    m.controls.phase_lines = vec![2];
    m.controls.objectives = vec![
        (ObjectiveKind::Primary, At(3, 2)),
        (ObjectiveKind::Secondary, At(3, 1)),
    ];
    m.controls.attack_position = Some(At(2, 2));
    m.controls.route = Vec::new();
    m.controls.cop = None;
    m.company.extend([
        entry("fo", "us_fo_artillery", Some("co"), Experience::Line, 2),
        entry("s4", "us_rifle_squad", Some("plt"), Experience::Line, 3),
    ]);
    use fof::data::mission::PyroSpec;
    let pyro = |holder: &str, device: Pyro| PyroSpec {
        holder: holder.into(),
        device,
        count: 1,
    };
    m.pyrotechnics = vec![
        pyro("co", Pyro::GreenStarCluster),
        pyro("co", Pyro::RedStarCluster),
        pyro("co", Pyro::GreenStarParachute),
        pyro("co", Pyro::RedStarParachute),
        pyro("plt", Pyro::GreenSmoke),
        pyro("plt", Pyro::RedSmoke),
        pyro("plt", Pyro::PurpleSmoke),
    ];
    m.signals = Vec::new();
    m
}

/// The test mission with a signal plan, six General Initiative commands at
/// hand.
fn game_with_signals(plan: &[(Pyro, SignalOrder)]) -> Game {
    let mut m = mission();
    m.signals = plan.to_vec();
    let mut g = start(m, 1);
    new_impulse(&mut g, None, 6);
    g
}

fn game() -> Game {
    game_with_signals(&[])
}

// ---------------------------------------------------------------------------
// Arranging a position
// ---------------------------------------------------------------------------

fn pos(game: &Game, id: UnitId) -> CardPos {
    game.state().unit(id).pos
}

/// An enemy rifle squad, spotted or not.
fn enemy(game: &mut Game, at: CardPos, spotted: bool) -> UnitId {
    let id = add_spotted(game, "de_rifle_squad", at);
    game.state_mut().unit_mut(id).spotted = spotted;
    id
}

fn fires(game: &Game) -> Vec<FireLink> {
    game.state().fires.clone()
}

/// The friendly fire links only: enemy units answer fire by themselves
/// (6.1.1), which these tests do not look at.
fn us_fires(game: &Game) -> Vec<FireLink> {
    game.state()
        .fires
        .iter()
        .filter(|f| f.side == Side::Us)
        .copied()
        .collect()
}

fn link(side: Side, from: CardPos, target: CardPos) -> FireLink {
    FireLink { side, from, target }
}

fn pyros(game: &Game, id: UnitId) -> Vec<(Pyro, u8)> {
    game.state()
        .unit(id)
        .assets
        .iter()
        .filter_map(|a| match a {
            Asset::Pyro(d, n) => Some((*d, *n)),
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------

fn deploy(unit: UnitId, device: Pyro, at: CardPos) -> Input {
    gi(Action::DeployPyro { unit, device, at })
}

fn moved(events: &[Event], unit: UnitId) -> bool {
    events
        .iter()
        .any(|e| matches!(e.kind, EventKind::Moved { unit: u, .. } if u == unit))
}

// ---------------------------------------------------------------------------
// 2.4.1: tactical control markers
// ---------------------------------------------------------------------------

#[test]
fn rule_2_4_1_the_missions_control_markers_land_on_the_map() {
    let mut m = mission();
    m.controls.attack_position = Some(At(1, 2));
    m.controls.casualty_point = Some(At(1, 1));
    m.controls.cop = Some(At(2, 3));
    m.controls.route = vec![At(2, 2), At(3, 3)];
    m.controls.phase_lines = vec![1, 3];
    m.controls.loa = Some(4);
    let g = start(m, 1);
    let map = &g.state().map;
    assert_eq!(map.point(PointControl::PrimaryObjective), Some(p(3, 2)));
    assert_eq!(map.point(PointControl::SecondaryObjective), Some(p(3, 1)));
    assert_eq!(map.point(PointControl::AttackPosition), Some(p(1, 2)));
    assert_eq!(map.point(PointControl::CasualtyPoint), Some(p(1, 1)));
    assert_eq!(map.point(PointControl::CombatOutpost), Some(p(2, 3)));
    assert_eq!(map.point(PointControl::RoutePoint(1)), Some(p(2, 2)));
    assert_eq!(map.point(PointControl::RoutePoint(2)), Some(p(3, 3)));
    assert_eq!(map.point(PointControl::RoutePoint(3)), None);
    assert_eq!(map.controls.phase_lines, vec![1, 3]);
    assert_eq!(map.controls.loa, Some(4));
    assert!(map.controls.boundaries);
}

#[test]
fn rule_2_4_1_controls_the_mission_does_not_name_are_absent() {
    let mut m = mission();
    m.controls.attack_position = None;
    m.controls.objectives = vec![(ObjectiveKind::Primary, At(4, 2))];
    let g = start(m, 1);
    let map = &g.state().map;
    assert_eq!(map.point(PointControl::PrimaryObjective), Some(p(4, 2)));
    assert_eq!(map.point(PointControl::SecondaryObjective), None);
    assert_eq!(map.point(PointControl::AttackPosition), None);
    assert_eq!(map.point(PointControl::CasualtyPoint), None);
}

// ---------------------------------------------------------------------------
// 4.3.6: pyrotechnic signals
// ---------------------------------------------------------------------------

/// The signal position of most tests: the CO HQ on R1C1, units around the
/// primary objective (R3C2).
fn around_the_objective(g: &mut Game) {
    put(g, CO, p(1, 1));
    put(g, PLT, p(1, 3));
    put(g, S1, p(2, 1)); // adjacent to the objective
    put(g, S2, p(2, 2)); // adjacent
    put(g, S3, p(2, 3)); // adjacent
    put(g, LMG, p(1, 2)); // two rows away: not adjacent
    put(g, S4, p(4, 3)); // adjacent, off every line from R1C1
}

#[test]
fn rule_4_3_6_a_flare_moves_good_order_units_next_to_the_primary_onto_it() {
    let mut g = game_with_signals(&[(Pyro::GreenStarCluster, SignalOrder::MoveToPrimary)]);
    around_the_objective(&mut g);
    g.state_mut().unit_mut(S2).exposed = true;
    g.state_mut().unit_mut(S3).pinned = true;
    // A flare is seen from anywhere: S4 has no line of sight to R1C1.
    assert!(!g.unit_sees(S4, p(1, 1)));
    let ev = ok(&mut g, deploy(CO, Pyro::GreenStarCluster, p(1, 1)));
    assert_eq!(pos(&g, S1), p(3, 2), "Good Order and adjacent: moves");
    assert_eq!(pos(&g, S4), p(3, 2), "flares need no line of sight");
    assert_eq!(pos(&g, S2), p(2, 2), "an Exposed unit stays");
    assert_eq!(pos(&g, S3), p(2, 3), "a pinned unit stays");
    assert_eq!(pos(&g, LMG), p(1, 2), "not adjacent: stays");
    assert_eq!(pos(&g, CO), p(1, 1));
    assert!(
        g.state().unit(S1).exposed,
        "a move on a signal is a move (5.1.2)"
    );
    assert!(moved(&ev, S1) && moved(&ev, S4) && !moved(&ev, S2));
    assert!(ev.iter().any(|e| e.rule == "4.3.6"));
    assert_eq!(spent(&g), 1, "the units move at no cost beyond the deploy");
}

#[test]
fn rule_4_3_6_the_shipped_missions_signal_plan_is_followed() {
    // hedgerow_attack: Green Star Cluster = move to the primary objective
    // (R4C2), Red Star Cluster = cease fire.
    let mut g = shipped_game(1);
    common::keep_assets(&mut g);
    new_impulse(&mut g, None, 6);
    let id = |g: &Game, r: &str| g.state().by_roster(r).expect("roster unit").id;
    let (co, sq, far) = (id(&g, "co_hq"), id(&g, "1_1"), id(&g, "2_1"));
    put(&mut g, co, p(1, 2));
    put(&mut g, sq, p(3, 1));
    put(&mut g, far, p(2, 3));
    fire_with_shooter(&mut g, Side::Us, p(2, 3), p(3, 3));
    ok(&mut g, deploy(co, Pyro::GreenStarCluster, p(1, 2)));
    assert_eq!(pos(&g, sq), p(4, 2));
    assert_eq!(pos(&g, far), p(2, 3));
    assert_eq!(fires(&g), vec![link(Side::Us, p(2, 3), p(3, 3))]);
    new_impulse(&mut g, None, 6);
    ok(&mut g, deploy(co, Pyro::RedStarCluster, p(1, 2)));
    assert!(fires(&g).is_empty());
}

#[test]
fn rule_2_3_3_a_signal_carries_the_meaning_the_player_gave_it() {
    // The same ground as above, but before turn 1 the player made the
    // green star cluster mean cease fire: it stops the fire and moves no
    // one.
    let mut g2 = shipped_game(1);
    use fof::engine::kernel::input::{Choice, Input};
    g2.apply(&Input::Answer(Answer::KeepAssets)).unwrap();
    while let Some(Choice::Signal { device }) = g2.state().choices.first().cloned() {
        let order = (device == Pyro::GreenStarCluster).then_some(SignalOrder::CeaseFire);
        let order = order.or_else(|| {
            g2.state()
                .signal_plan
                .iter()
                .find(|(d, _)| *d == device)
                .map(|(_, o)| *o)
        });
        g2.apply(&Input::Answer(Answer::SignalMeans { device, order }))
            .unwrap();
    }
    let mut g = g2;
    new_impulse(&mut g, None, 6);
    let id = |g: &Game, r: &str| g.state().by_roster(r).expect("roster unit").id;
    let (co, sq, far) = (id(&g, "co_hq"), id(&g, "1_1"), id(&g, "2_1"));
    put(&mut g, co, p(1, 2));
    put(&mut g, sq, p(3, 1));
    put(&mut g, far, p(2, 3));
    fire_with_shooter(&mut g, Side::Us, p(2, 3), p(3, 3));
    ok(&mut g, deploy(co, Pyro::GreenStarCluster, p(1, 2)));
    assert_eq!(pos(&g, sq), p(3, 1), "nobody moves on it now");
    assert!(fires(&g).is_empty(), "the fire stops");
}

#[test]
fn rule_4_3_6_a_signal_move_respects_the_stacking_limit() {
    let mut g = game_with_signals(&[(Pyro::GreenStarCluster, SignalOrder::MoveToPrimary)]);
    around_the_objective(&mut g);
    // The objective holds one step less than the limit (5.1.5): no squad
    // fits.
    let limit = base().charts.stacking.steps;
    let filler = add_spotted(&mut g, "us_rifle_squad", p(3, 2));
    g.state_mut().unit_mut(filler).steps = limit - 1;
    assert!(g.state().unit(S1).steps > 1);
    ok(&mut g, deploy(CO, Pyro::GreenStarCluster, p(1, 1)));
    assert_eq!(pos(&g, S1), p(2, 1));
    assert_eq!(pos(&g, S4), p(4, 3));
    assert_eq!(g.state().steps_at(p(3, 2), Side::Us), limit - 1);
}

#[test]
fn rule_4_3_6_b_colored_smoke_is_seen_only_along_a_clear_line_of_sight() {
    let mut g = game_with_signals(&[(Pyro::GreenSmoke, SignalOrder::MoveToPrimary)]);
    put(&mut g, PLT, p(1, 1));
    put(&mut g, S1, p(3, 1)); // adjacent to the objective, in column 1
    put(&mut g, S2, p(2, 2)); // adjacent to the objective and to R1C1
    lay(&mut g, p(2, 1), &[all_dark()]);
    assert!(!g.unit_sees(S1, p(1, 1)), "the dark card hides the smoke");
    assert!(g.unit_sees(S2, p(1, 1)));
    ok(&mut g, deploy(PLT, Pyro::GreenSmoke, p(1, 1)));
    assert_eq!(pos(&g, S2), p(3, 2), "sees the smoke: moves");
    assert_eq!(pos(&g, S1), p(3, 1), "cannot see the smoke: stays");
    assert_eq!(
        g.state().map.card(p(1, 1)).unwrap().markers.signals,
        vec![Pyro::GreenSmoke]
    );
}

#[test]
fn rule_4_3_6_b_colored_smoke_is_placed_on_the_deployers_card_only() {
    let mut g = game_with_signals(&[(Pyro::GreenSmoke, SignalOrder::MoveToSignal)]);
    put(&mut g, PLT, p(1, 1));
    let why = refused(&mut g, deploy(PLT, Pyro::GreenSmoke, p(2, 1)));
    assert!(why.contains("4.3.6"), "{why}");
    // An aerial device may burst over an adjacent card.
    put(&mut g, CO, p(1, 2));
    ok(&mut g, deploy(CO, Pyro::GreenStarCluster, p(2, 2)));
    assert_eq!(
        g.state().map.card(p(2, 2)).unwrap().markers.signals,
        vec![Pyro::GreenStarCluster]
    );
}

#[test]
fn rule_4_3_6_move_to_signal_brings_adjacent_units_onto_the_signals_card() {
    let mut g = game_with_signals(&[(Pyro::RedStarParachute, SignalOrder::MoveToSignal)]);
    put(&mut g, CO, p(1, 2));
    put(&mut g, S1, p(3, 1)); // adjacent to R2C2
    put(&mut g, S2, p(4, 2)); // two rows beyond: stays
    ok(&mut g, deploy(CO, Pyro::RedStarParachute, p(2, 2)));
    assert_eq!(pos(&g, S1), p(2, 2));
    assert_eq!(pos(&g, S2), p(4, 2));
    assert_eq!(pos(&g, CO), p(2, 2), "the deployer is adjacent too");
}

#[test]
fn rule_4_3_6_cease_fire_flare_removes_friendly_fire_only() {
    let mut g = game_with_signals(&[(Pyro::RedStarCluster, SignalOrder::CeaseFire)]);
    put(&mut g, CO, p(1, 2));
    put(&mut g, S1, p(2, 1));
    put(&mut g, S3, p(2, 3));
    // Unspotted enemies: once the Americans cease fire they have no
    // spotted target to re-open on (6.2.3).
    enemy(&mut g, p(4, 1), false);
    enemy(&mut g, p(4, 3), false);
    fire_with_shooter(&mut g, Side::Us, p(2, 1), p(4, 1));
    fire_with_shooter(&mut g, Side::Us, p(2, 3), p(4, 3));
    fire_with_shooter(&mut g, Side::Enemy, p(4, 1), p(2, 1));
    ok(&mut g, deploy(CO, Pyro::RedStarCluster, p(1, 2)));
    assert_eq!(us_fires(&g), vec![], "every friendly link goes");
    assert!(
        fires(&g).contains(&link(Side::Enemy, p(4, 1), p(2, 1))),
        "the enemy keeps firing"
    );
}

#[test]
fn rule_4_3_6_cease_fire_smoke_stops_only_the_units_that_see_it() {
    let mut g = game_with_signals(&[(Pyro::RedSmoke, SignalOrder::CeaseFire)]);
    put(&mut g, PLT, p(1, 1));
    put(&mut g, S1, p(3, 1)); // behind a dark card: cannot see R1C1
    put(&mut g, S2, p(2, 2)); // adjacent: sees
    lay(&mut g, p(2, 1), &[all_dark()]);
    enemy(&mut g, p(4, 1), false);
    enemy(&mut g, p(4, 2), false);
    fire_with_shooter(&mut g, Side::Us, p(3, 1), p(4, 1));
    fire_with_shooter(&mut g, Side::Us, p(2, 2), p(4, 2));
    assert!(!g.unit_sees(S1, p(1, 1)));
    ok(&mut g, deploy(PLT, Pyro::RedSmoke, p(1, 1)));
    assert_eq!(us_fires(&g), vec![link(Side::Us, p(3, 1), p(4, 1))]);
}

#[test]
fn rule_4_3_6_cross_phase_line_moves_the_row_below_it_forward() {
    // Phase line 1 is drawn above row 2.
    let mut g = game_with_signals(&[(Pyro::GreenStarParachute, SignalOrder::CrossPhaseLine(1))]);
    put(&mut g, CO, p(1, 2));
    put(&mut g, S1, p(2, 1));
    put(&mut g, S2, p(2, 3));
    put(&mut g, S3, p(2, 2));
    g.state_mut().unit_mut(S3).exposed = true;
    put(&mut g, LMG, p(3, 1));
    put(&mut g, S4, p(1, 3));
    ok(&mut g, deploy(CO, Pyro::GreenStarParachute, p(1, 2)));
    assert_eq!(pos(&g, S1), p(3, 1));
    assert_eq!(pos(&g, S2), p(3, 3));
    assert_eq!(pos(&g, S3), p(2, 2), "Exposed: stays");
    assert_eq!(pos(&g, LMG), p(3, 1), "already across");
    assert_eq!(pos(&g, S4), p(1, 3), "not next to the line");
    assert_eq!(pos(&g, CO), p(1, 2));
}

#[test]
fn rule_4_3_6_cross_phase_line_without_such_a_line_does_nothing() {
    let mut g = game_with_signals(&[(Pyro::GreenStarParachute, SignalOrder::CrossPhaseLine(2))]);
    put(&mut g, CO, p(1, 2));
    put(&mut g, S1, p(2, 1));
    ok(&mut g, deploy(CO, Pyro::GreenStarParachute, p(1, 2)));
    assert_eq!(pos(&g, S1), p(2, 1));
}

#[test]
fn rule_4_3_6_shift_fire_turns_the_seers_fire_onto_the_signals_card() {
    // Decision (4.3.6, SignalOrder::ShiftFire): the fire shifts to the card
    // where the signal shows; a unit needs a line of sight to it (6.1).
    let mut g = game_with_signals(&[(Pyro::RedStarParachute, SignalOrder::ShiftFire)]);
    put(&mut g, S1, p(2, 1));
    put(&mut g, LMG, p(1, 2)); // behind a dark card from R3C2
    lay(&mut g, p(2, 2), &[all_dark()]);
    put(&mut g, CO, p(2, 3)); // bursts the flare over R3C2
    enemy(&mut g, p(3, 1), true);
    enemy(&mut g, p(3, 2), true);
    fire_with_shooter(&mut g, Side::Us, p(2, 1), p(3, 1));
    assert!(g.unit_sees(S1, p(3, 2)));
    assert!(!g.unit_sees(LMG, p(3, 2)));
    ok(&mut g, deploy(CO, Pyro::RedStarParachute, p(3, 2)));
    let f = fires(&g);
    assert!(f.contains(&link(Side::Us, p(2, 1), p(3, 2))), "{f:?}");
    assert!(!f.contains(&link(Side::Us, p(2, 1), p(3, 1))), "{f:?}");
    assert!(
        !f.iter().any(|l| l.from == p(1, 2)),
        "no line of sight, no fire: {f:?}"
    );
}

#[test]
fn rule_4_3_6_a_device_with_no_plan_entry_only_shows() {
    let mut g = game_with_signals(&[(Pyro::GreenStarCluster, SignalOrder::MoveToPrimary)]);
    put(&mut g, PLT, p(2, 2));
    put(&mut g, S1, p(2, 1));
    fire_with_shooter(&mut g, Side::Us, p(2, 1), p(3, 1));
    enemy(&mut g, p(3, 1), true);
    let ev = ok(&mut g, deploy(PLT, Pyro::PurpleSmoke, p(2, 2)));
    assert_eq!(pos(&g, S1), p(2, 1));
    assert_eq!(pos(&g, PLT), p(2, 2));
    assert_eq!(us_fires(&g), vec![link(Side::Us, p(2, 1), p(3, 1))]);
    assert!(!ev.iter().any(|e| e.rule == "4.3.6"), "no order is given");
    assert_eq!(
        g.state().map.card(p(2, 2)).unwrap().markers.signals,
        vec![Pyro::PurpleSmoke]
    );
    assert_eq!(spent(&g), 1);
}

#[test]
fn rule_4_3_6_a_device_used_up_is_no_longer_offered() {
    let mut g = game_with_signals(&[]);
    put(&mut g, CO, p(1, 2));
    assert!(pyros(&g, CO).contains(&(Pyro::GreenStarCluster, 1)));
    ok(&mut g, deploy(CO, Pyro::GreenStarCluster, p(1, 2)));
    assert!(
        !pyros(&g, CO)
            .iter()
            .any(|(d, _)| *d == Pyro::GreenStarCluster)
    );
    // A new impulse: the CO HQ has no Green Star Cluster left.
    new_impulse(&mut g, None, 6);
    let why = refused(&mut g, deploy(CO, Pyro::GreenStarCluster, p(1, 2)));
    assert!(why.contains("carries no"), "{why}");
    assert!(!g.legal_inputs().iter().any(|i| matches!(
        i,
        Input::Order(Order {
            action: Action::DeployPyro {
                device: Pyro::GreenStarCluster,
                ..
            },
            ..
        })
    )));
    // The other devices are still offered.
    assert!(
        g.legal_inputs()
            .contains(&deploy(CO, Pyro::RedStarCluster, p(1, 2)))
    );
}

#[test]
fn rule_4_2_1_c_only_a_good_order_unit_on_the_map_deploys() {
    let mut g = game();
    // In the staging area.
    let why = refused(&mut g, deploy(CO, Pyro::GreenStarCluster, sa(2)));
    assert!(why.contains("map"), "{why}");
    put(&mut g, CO, p(1, 2));
    g.state_mut().unit_mut(CO).pinned = true;
    let why = refused(&mut g, deploy(CO, Pyro::GreenStarCluster, p(1, 2)));
    assert!(why.contains("Good Order"), "{why}");
    // A unit without the device.
    put(&mut g, S1, p(1, 1));
    let why = refused(&mut g, deploy(S1, Pyro::GreenStarCluster, p(1, 1)));
    assert!(why.contains("carries no"), "{why}");
}

#[test]
fn rule_4_3_6_infiltration_signal_from_the_attack_position() {
    let mut g = game_with_signals(&[(Pyro::GreenStarCluster, SignalOrder::InfiltrateToPrimary)]);
    put(&mut g, CO, p(1, 1));
    put(&mut g, S1, p(2, 2)); // on the attack position
    put(&mut g, S2, p(2, 1)); // next to the objective, not on the AP
    enemy(&mut g, p(4, 2), true);
    fire_with_shooter(&mut g, Side::Enemy, p(4, 2), p(3, 2));
    let inf = action_cards_where(|c| c.icon == Icon::Infiltrate, 1);
    top_cards(&mut g, &inf);
    let ev = ok(&mut g, deploy(CO, Pyro::GreenStarCluster, p(1, 1)));
    assert_eq!(pos(&g, S1), p(3, 2));
    assert!(
        !g.state().unit(S1).exposed,
        "a successful infiltration is not exposed (5.1.4)"
    );
    assert_eq!(pos(&g, S2), p(2, 1), "only units on the attack position");
    assert!(
        ev.iter()
            .any(|e| matches!(e.kind, EventKind::Attempt { success: true, .. }))
    );
}

// ---------------------------------------------------------------------------
// 9.2.2: map expansion
// ---------------------------------------------------------------------------

/// Arranges the terrain pile so that the next cards dealt are `next`, in
/// order.
fn next_terrain(g: &mut Game, next: &[u8]) {
    let pile = &mut g.state_mut().map.terrain_pile;
    pile.retain(|n| !next.contains(n));
    pile.extend(next.iter().rev());
}

#[test]
fn rule_9_2_2_the_map_grows_with_a_face_up_card() {
    let mut g = game();
    let plain = *plain_cards(0).last().unwrap();
    next_terrain(&mut g, &[plain]);
    let before = g.state().map.terrain_pile.len();
    map::expand_map(&mut g, p(5, 2)).expect("the map grows");
    let c = g.state().map.card(p(5, 2)).expect("a new card");
    assert!(c.face_up);
    assert_eq!(c.stack, vec![plain]);
    assert_eq!(g.state().map.terrain_pile.len(), before - 1);
    assert!(
        g.log()
            .iter()
            .any(|e| e.rule == "9.2.2" && e.kind == EventKind::MapExpanded { pos: p(5, 2) })
    );
    assert_eq!(g.level(p(5, 2)), 1);
}

#[test]
fn rule_9_2_2_an_expansion_hill_gets_cards_on_top() {
    let mut g = game();
    let hills = terrain_where(|c| c.is_hill());
    let plain = *plain_cards(0).last().unwrap();
    next_terrain(&mut g, &[hills[0], hills[1], plain]);
    map::expand_map(&mut g, p(2, 4)).expect("the map grows");
    let c = g.state().map.card(p(2, 4)).expect("a new card");
    assert_eq!(c.stack, vec![hills[0], hills[1], plain]);
    assert!(c.face_up);
    assert_eq!(g.level(p(2, 4)), 3);
}

#[test]
fn rule_9_2_2_no_expansion_where_a_card_lies() {
    let mut g = game();
    let before = g.state_hash();
    map::expand_map(&mut g, p(2, 2)).expect("nothing to do");
    assert_eq!(g.state_hash(), before);
}

#[test]
fn rule_9_2_2_the_map_does_not_grow_into_the_staging_area() {
    // Decision (9.2.2, map::reveal::expand_map): no growth into row 0 or below.
    let mut g = game();
    let before = g.state_hash();
    assert!(map::expand_map(&mut g, sa(2)).is_err());
    assert!(map::expand_map(&mut g, p(-1, 2)).is_err());
    assert_eq!(g.state_hash(), before);
}

#[test]
fn rule_9_2_2_an_exhausted_terrain_deck_cannot_expand_the_map() {
    let mut g = game();
    g.state_mut().map.terrain_pile.clear();
    let before = g.state_hash();
    let err = map::expand_map(&mut g, p(5, 1)).expect_err("no card to lay");
    assert!(err.text.contains("exhausted"), "{}", err.text);
    assert_eq!(g.state_hash(), before);
    assert!(g.state().map.card(p(5, 1)).is_none());
}

#[test]
fn rule_9_2_2_us_units_may_not_enter_expanded_cards() {
    let mut m = mission();
    m.controls.loa = None;
    m.controls.boundaries = false;
    let mut g = start(m, 1);
    new_impulse(&mut g, None, 6);
    map::expand_map(&mut g, p(5, 2)).unwrap();
    map::expand_map(&mut g, p(2, 4)).unwrap();
    put(&mut g, S1, p(4, 2));
    put(&mut g, S2, p(2, 3));
    refused(&mut g, mv(S1, p(5, 2)));
    refused(&mut g, mv(S2, p(2, 4)));
    // Inside the original grid they still move.
    ok(&mut g, mv(S2, p(2, 2)));
}

// ---------------------------------------------------------------------------
// 4.2.1 j: switching a set to another network
// ---------------------------------------------------------------------------

fn nets(g: &Game, id: UnitId) -> Vec<(RadioClass, Net)> {
    g.state().unit(id).radios().collect()
}

fn switch(unit: UnitId, to: Net) -> Input {
    gi(Action::SwitchNet { unit, to })
}

#[test]
fn rule_4_2_1_j_a_set_switches_to_the_net_of_a_lost_set_of_its_kind() {
    let mut g = game();
    put(&mut g, FO, p(1, 2));
    g.state_mut().unit_mut(FO).assets = vec![radio("SCR-610", RadioClass::Manpack, Net::ArtyFd)];
    g.state_mut().lost_assets = vec![radio("SCR-300", RadioClass::Manpack, Net::BnTac)];
    let ev = ok(&mut g, switch(FO, Net::BnTac));
    assert_eq!(nets(&g, FO), vec![(RadioClass::Manpack, Net::BnTac)]);
    assert_eq!(
        g.state().lost_assets,
        vec![radio("SCR-610", RadioClass::Manpack, Net::ArtyFd)],
        "the old net goes to the lost list"
    );
    assert_eq!(spent(&g), 1);
    assert!(ev.iter().any(|e| e.rule == "4.2.1 j"));
}

#[test]
fn rule_4_2_1_j_no_switch_without_a_lost_set() {
    let mut g = game();
    put(&mut g, FO, p(1, 2));
    g.state_mut().unit_mut(FO).assets = vec![radio("SCR-610", RadioClass::Manpack, Net::ArtyFd)];
    let why = refused(&mut g, switch(FO, Net::BnTac));
    assert!(why.contains("4.2.1 j"), "{why}");
}

#[test]
fn rule_4_2_1_j_no_switch_to_a_lost_set_of_another_kind() {
    let mut g = game();
    put(&mut g, FO, p(1, 2));
    g.state_mut().unit_mut(FO).assets = vec![radio("SCR-610", RadioClass::Manpack, Net::ArtyFd)];
    g.state_mut().lost_assets = vec![radio("SCR-536", RadioClass::Handheld, Net::CoTac)];
    refused(&mut g, switch(FO, Net::CoTac));
    // A unit with no set at all cannot switch either.
    refused(&mut g, switch(S1, Net::CoTac));
    assert_eq!(nets(&g, FO), vec![(RadioClass::Manpack, Net::ArtyFd)]);
}

// ---------------------------------------------------------------------------
// 9.1: the Current Activity Level
// ---------------------------------------------------------------------------

/// Two friendly squads on R2C1 and R2C3, enemy squads facing them on R3C1
/// and R3C3.
fn two_fronts(g: &mut Game) {
    put(g, S1, p(2, 1));
    put(g, S3, p(2, 3));
    enemy(g, p(3, 1), false);
    enemy(g, p(3, 3), false);
}

#[test]
fn rule_9_1_no_contact_without_vof_or_spotted_enemy() {
    let mut g = game();
    two_fronts(&mut g);
    assert_eq!(enemy::activity_level(&g), Activity::NoContact);
}

#[test]
fn rule_9_1_contact_with_one_occupied_card_under_vof() {
    let mut g = game();
    two_fronts(&mut g);
    fire_with_shooter(&mut g, Side::Enemy, p(3, 1), p(2, 1));
    assert_eq!(enemy::activity_level(&g), Activity::Contact);
}

#[test]
fn rule_9_1_contact_with_a_spotted_enemy() {
    let mut g = game();
    two_fronts(&mut g);
    enemy(&mut g, p(4, 2), true);
    assert_eq!(enemy::activity_level(&g), Activity::Contact);
}

#[test]
fn rule_9_1_engaged_with_two_occupied_cards_under_vof() {
    let mut g = game();
    two_fronts(&mut g);
    fire_with_shooter(&mut g, Side::Enemy, p(3, 1), p(2, 1));
    fire_with_shooter(&mut g, Side::Us, p(2, 3), p(3, 3));
    assert_eq!(enemy::activity_level(&g), Activity::Engaged);
}

#[test]
fn rule_9_1_heavily_engaged_when_a_card_also_holds_both_sides() {
    let mut g = game();
    two_fronts(&mut g);
    fire_with_shooter(&mut g, Side::Enemy, p(3, 1), p(2, 1));
    fire_with_shooter(&mut g, Side::Us, p(2, 3), p(3, 3));
    put(&mut g, S2, p(3, 1));
    assert_eq!(enemy::activity_level(&g), Activity::HeavilyEngaged);
    // Both sides on a card without two cards under fire: not heavily engaged.
    g.state_mut().fires.clear();
    assert_eq!(enemy::activity_level(&g), Activity::NoContact);
}

#[test]
fn rule_9_1_the_level_is_updated_after_an_order() {
    let mut g = game();
    two_fronts(&mut g);
    fire_with_shooter(&mut g, Side::Enemy, p(3, 1), p(2, 1));
    g.state_mut().activity = Activity::NoContact;
    put(&mut g, LMG, p(1, 2));
    let ev = ok(&mut g, mv(LMG, p(1, 3)));
    // Whatever the new level is (enemy units answer fire by themselves,
    // 6.1.1), the stored level follows the definition at once.
    assert_eq!(g.state().activity, enemy::activity_level(&g));
    assert_ne!(g.state().activity, Activity::NoContact);
    let e = ev
        .iter()
        .find(|e| matches!(e.kind, EventKind::Activity { .. }))
        .expect("an Activity event");
    assert_eq!(e.rule, "9.1");
    assert_eq!(
        e.kind,
        EventKind::Activity {
            level: g.state().activity
        }
    );
    // No change, no event: a move between staging cards changes no fire.
    put(&mut g, S3, CardPos::new(0, 1));
    enemy::update_activity(&mut g); // settle the level after the arrangement
    let ev = ok(&mut g, mv(S3, CardPos::new(0, 2)));
    assert!(
        !ev.iter()
            .any(|e| matches!(e.kind, EventKind::Activity { .. }))
    );
}

#[test]
fn rule_9_1_no_contact_adds_one_to_command_draws() {
    let mut g = game();
    put(&mut g, CO, p(1, 2));
    g.state_mut().activity = Activity::Contact;
    let (contact, _) = command::draw_modifier(&g, CO);
    g.state_mut().activity = Activity::NoContact;
    let (quiet, why) = command::draw_modifier(&g, CO);
    assert_eq!(quiet, contact + 1);
    assert!(
        why.iter()
            .any(|(m, _)| *m == fof::engine::kernel::events::DrawModifier::NoContact),
        "{why:?}"
    );
}

// ---------------------------------------------------------------------------
// 5.2.1-5.2.2, 8.4: line of sight on the game map
// ---------------------------------------------------------------------------

/// Column 2 as a sight line: R1C2 and R3C2 open ground, R2C2 a card with
/// dark borders all round at level 1. S1 looks from R1C2 to R3C2.
fn sight_line() -> Game {
    let mut g = game();
    lay(&mut g, p(1, 2), &[all_light()]);
    lay(&mut g, p(2, 2), &[all_dark()]);
    lay(&mut g, p(3, 2), &[all_light()]);
    put(&mut g, S1, p(1, 2));
    g
}

#[test]
fn rule_5_2_1_a_dark_card_between_blocks_at_the_same_level() {
    let g = sight_line();
    assert!(!g.unit_sees(S1, p(3, 2)));
    assert!(g.unit_sees(S1, p(2, 2)), "adjacent cards are always seen");
}

#[test]
fn rule_5_2_2_b_an_upper_story_sees_from_one_level_up() {
    let mut g = sight_line();
    assert_eq!(g.unit_level(S1), 1);
    let up = cover(&mut g, p(1, 2), CoverKind::UpperStory);
    g.state_mut().unit_mut(S1).cover = Some(up);
    assert_eq!(g.unit_level(S1), 2);
    assert!(g.unit_sees(S1, p(3, 2)));
}

#[test]
fn rule_5_2_2_b_a_church_tower_sees_from_one_level_up() {
    let mut g = sight_line();
    let tower = cover(&mut g, p(1, 2), CoverKind::ChurchTower);
    g.state_mut().unit_mut(S1).cover = Some(tower);
    assert_eq!(g.unit_level(S1), 2);
    assert!(g.unit_sees(S1, p(3, 2)));
}

#[test]
fn rule_5_2_2_other_cover_does_not_raise_the_unit() {
    let mut g = sight_line();
    let c = cover(&mut g, p(1, 2), CoverKind::StrongBuilding);
    g.state_mut().unit_mut(S1).cover = Some(c);
    assert_eq!(g.unit_level(S1), 1);
    assert!(!g.unit_sees(S1, p(3, 2)));
}

#[test]
fn rule_5_2_2_a_a_hill_stack_raises_the_viewer() {
    let mut g = sight_line();
    lay(&mut g, p(1, 2), &[hill(), all_light()]);
    assert_eq!(g.level(p(1, 2)), 2);
    assert_eq!(g.unit_level(S1), 2);
    assert!(g.unit_sees(S1, p(3, 2)));
}

#[test]
fn rule_5_2_2_a_a_hill_between_two_level_one_cards_blocks() {
    let mut g = sight_line();
    lay(&mut g, p(2, 2), &[hill(), all_light()]);
    assert!(!g.unit_sees(S1, p(3, 2)));
    // From an upper story at level 2 the crest still hides the lower card.
    let up = cover(&mut g, p(1, 2), CoverKind::UpperStory);
    g.state_mut().unit_mut(S1).cover = Some(up);
    assert!(!g.unit_sees(S1, p(3, 2)));
}

#[test]
fn rule_5_2_a_face_down_card_reads_as_open_level_one_ground() {
    let mut g = sight_line();
    g.state_mut().map.card_mut(p(2, 2)).unwrap().face_up = false;
    assert!(g.unit_sees(S1, p(3, 2)), "its dark borders are not known");
    // A face-down hill is not known to be a hill either.
    lay(&mut g, p(2, 2), &[hill()]);
    assert!(g.unit_sees(S1, p(3, 2)));
}

#[test]
fn rule_5_2_a_face_down_hill_target_is_seen_as_level_one() {
    // Decision (5.2, sight.rs): a face-down card reads as open level-1
    // ground, as a target too: the dark card in between hides it.
    let mut g = sight_line();
    lay(&mut g, p(3, 2), &[hill()]);
    g.state_mut().map.card_mut(p(3, 2)).unwrap().face_up = false;
    assert!(!g.unit_sees(S1, p(3, 2)));
}

#[test]
fn rule_8_4_smoke_between_blocks_sight() {
    let mut g = game();
    lay(&mut g, p(1, 2), &[all_light()]);
    lay(&mut g, p(2, 2), &[all_light()]);
    lay(&mut g, p(3, 2), &[all_light()]);
    put(&mut g, S1, p(1, 2));
    assert!(g.unit_sees(S1, p(3, 2)));
    g.state_mut().map.card_mut(p(2, 2)).unwrap().markers.smoke = Some(SmokeKind::Smoke);
    assert!(!g.unit_sees(S1, p(3, 2)), "not through smoke");
    assert!(g.unit_sees(S1, p(2, 2)), "into smoke");
    g.state_mut().map.card_mut(p(2, 2)).unwrap().markers.smoke = None;
    g.state_mut()
        .map
        .card_mut(p(2, 2))
        .unwrap()
        .markers
        .incoming = true;
    assert!(!g.unit_sees(S1, p(3, 2)), "not through Incoming!");
}

#[test]
fn rule_8_4_units_in_smoke_cannot_see_out() {
    let mut g = game();
    put(&mut g, S1, p(1, 2));
    g.state_mut().map.card_mut(p(1, 2)).unwrap().markers.smoke = Some(SmokeKind::Wp);
    assert!(!g.unit_sees(S1, p(2, 2)), "not even adjacent");
    put(&mut g, S2, p(2, 2));
    assert!(g.unit_sees(S2, p(1, 2)), "but others see in");
    assert!(!g.unit_sees_unit(S1, S2));
    assert!(g.unit_sees_unit(S2, S1));
}

#[test]
fn rule_2_4_2_units_in_the_staging_area_neither_see_nor_are_seen() {
    let mut g = game();
    put(&mut g, S1, sa(2));
    put(&mut g, S2, p(1, 2));
    assert!(!g.unit_sees(S1, p(1, 2)));
    assert!(!g.unit_sees(S2, sa(2)));
    assert!(!g.unit_sees_unit(S1, S2));
    assert!(!g.unit_sees_unit(S2, S1));
    assert!(g.unit_sees(S2, p(1, 1)));
}

// ---------------------------------------------------------------------------
// The engine contract (DESIGN.md): hashes, saves, refused inputs, events
// ---------------------------------------------------------------------------

fn shipped_game(seed: u64) -> Game {
    Game::new(shipped(), "hedgerow_attack", seed, Options::default()).expect("mission sets up")
}

/// A small deterministic chooser (xorshift) so the tests need no RNG crate.
struct Chooser(u64);

impl Chooser {
    fn pick(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Plays up to `n` legal inputs chosen by `seed`, returning them with the
/// hash after each.
fn play(game: &mut Game, n: usize, seed: u64) -> Vec<(Input, u64)> {
    let mut c = Chooser(seed.max(1));
    let mut out = Vec::new();
    for _ in 0..n {
        if game.is_over() {
            break;
        }
        let legal = game.legal_inputs();
        let input = legal[c.pick(legal.len())].clone();
        game.apply(&input).expect("a listed input is accepted");
        out.push((input, game.state_hash()));
    }
    out
}

/// The state hash of the shipped mission, seed 1, right after setup.
/// Pinned: if this changes, every saved game and replay breaks. Change it
/// only with a deliberate change to the state, the data or the setup, and
/// say so in the commit.
const SEED_1_SETUP_HASH: u64 = 0x10dc_846c_e630_630c;

#[test]
fn contract_state_hash_after_setup_is_pinned() {
    let g = shipped_game(1);
    assert_eq!(
        g.state_hash(),
        SEED_1_SETUP_HASH,
        "the setup hash moved: saves and replays break (got {:#018x})",
        g.state_hash()
    );
}

#[test]
fn contract_same_seed_and_inputs_give_the_same_hashes() {
    let mut a = shipped_game(7);
    let mut b = shipped_game(7);
    assert_eq!(a.state_hash(), b.state_hash());
    let ha = play(&mut a, 150, 99);
    let hb = play(&mut b, 150, 99);
    assert_eq!(ha, hb);
    assert_eq!(a.log(), b.log());
    // Another seed deals another game.
    assert_ne!(shipped_game(8).state_hash(), shipped_game(7).state_hash());
}

#[test]
fn contract_a_state_saved_to_ron_continues_identically() {
    let mut a = shipped_game(3);
    play(&mut a, 60, 5);
    let text = ron::to_string(a.state()).expect("the state serializes");
    let back: State = ron::from_str(&text).expect("the state reads back");
    assert_eq!(&back, a.state());
    let mut b = Game::from_state(shipped(), back).expect("the game rebuilds");
    assert_eq!(b.state_hash(), a.state_hash());
    assert_eq!(b.prompt(), a.prompt());
    let mut c = Chooser(11);
    for _ in 0..150 {
        if a.is_over() {
            assert!(b.is_over());
            break;
        }
        let legal = a.legal_inputs();
        assert_eq!(legal, b.legal_inputs());
        let input = legal[c.pick(legal.len())].clone();
        let ea = a.apply(&input).expect("accepted");
        let eb = b.apply(&input).expect("accepted");
        assert_eq!(ea, eb);
        assert_eq!(a.state_hash(), b.state_hash());
    }
}

/// What the state keeps only to answer faster (the units on a card, a
/// unit's place in the data's types) must give the answers a plain search
/// gives, at every point of a game, when its remembered places are wrong,
/// and after the state is read back without them.
fn assert_lookups_match_a_search(g: &Game) {
    let s = g.state();
    for u in s.units.iter() {
        let found = u.type_in(g.data()).map(|t| &t.id);
        let searched = g.data().unit_type(&u.unit_type.0).map(|t| &t.id);
        assert_eq!(found, searched, "type of {}", u.label);
    }
    let mut cards: Vec<CardPos> = s.units.iter().map(|u| u.pos).collect();
    cards.extend(s.map.cards.iter().map(|c| c.pos));
    cards.sort();
    cards.dedup();
    for pos in cards {
        let indexed: Vec<UnitId> = s.units_at(pos).map(|u| u.id).collect();
        let searched: Vec<UnitId> = s.in_play().filter(|u| u.pos == pos).map(|u| u.id).collect();
        assert_eq!(indexed, searched, "units on {pos}");
    }
}

#[test]
fn contract_remembered_lookups_answer_as_a_search_does() {
    let mut g = shipped_game(5);
    let mut c = Chooser(17);
    for step in 0..200 {
        if g.is_over() {
            break;
        }
        assert_lookups_match_a_search(&g);
        if step % 25 == 0 {
            // Every unit remembers a wrong place for its type (the next
            // type's, or one past the list): still the right type.
            let n = g.data().units.units.len() as u16;
            for (i, u) in g.state().units.iter().enumerate() {
                let wrong = if i % 2 == 0 { n } else { (i as u16 + 1) % n };
                u.type_slot
                    .0
                    .store(wrong, std::sync::atomic::Ordering::Relaxed);
            }
            assert_lookups_match_a_search(&g);
        }
        let legal = g.legal_inputs();
        let input = legal[c.pick(legal.len())].clone();
        g.apply(&input).expect("a listed input is accepted");
    }
    let text = ron::to_string(g.state()).expect("the state serializes");
    assert!(!text.contains("type_slot") && !text.contains("by_card"));
    let back: State = ron::from_str(&text).expect("the state reads back");
    let b = Game::from_state(shipped(), back).expect("the game rebuilds");
    assert_lookups_match_a_search(&b);
    assert_eq!(b.legal_inputs(), g.legal_inputs());
}

#[test]
fn contract_an_illegal_input_never_changes_the_hash() {
    let mut g = shipped_game(4);
    let mut c = Chooser(21);
    let nobody = UnitId(999);
    for _ in 0..120 {
        if g.is_over() {
            break;
        }
        let legal = g.legal_inputs();
        let illegal = [
            Input::ChooseHq(nobody),
            Input::Drop {
                carrier: UnitId(0),
                casualty: UnitId(1),
            },
            mv(UnitId(1), p(9, 9)),
            gi(Action::SwitchNet {
                unit: UnitId(0),
                to: Net::AirCtl,
            }),
            Input::Order(Order {
                by: Some(nobody),
                action: Action::DesignateCasualtyPoint,
            }),
        ];
        for bad in illegal {
            assert!(!legal.contains(&bad));
            let before = g.state_hash();
            let log = g.log().len();
            assert!(g.apply(&bad).is_err(), "{bad:?} should be refused");
            assert_eq!(g.state_hash(), before, "{bad:?} changed the state");
            assert_eq!(g.log().len(), log, "{bad:?} logged something");
        }
        let input = legal[c.pick(legal.len())].clone();
        g.apply(&input).expect("accepted");
    }
    // The mission over, nothing is accepted.
    if g.is_over() {
        let before = g.state_hash();
        assert!(g.apply(&Input::EndImpulse).is_err());
        assert_eq!(g.state_hash(), before);
    }
}

#[test]
fn contract_every_event_names_a_rule_and_every_card_drawn() {
    for seed in [1, 2] {
        let mut g = shipped_game(seed);
        play(&mut g, 400, seed + 100);
        assert!(g.state().deck.cards_drawn() > 0);
        for e in g.log() {
            assert!(!e.rule.trim().is_empty(), "an event without a rule: {e:?}");
        }
        let listed: u64 = g.log().iter().map(|e| e.cards.len() as u64).sum();
        assert_eq!(
            listed,
            g.state().deck.cards_drawn(),
            "every card drawn is listed in an event (seed {seed})"
        );
    }
}

/// 1.2.2: every card drawn from the Action deck is shown in the log with
/// what it was read for. Found by a newcomer play test: the after-action
/// report said "Cards drawn: 286, of which the log records 284": the card
/// drawn to pick an enemy vehicle's advance among cards as near (7.3.1),
/// and the card picking an enemy infiltration's goal when the attempt
/// failed (9.4), were never logged. Random games of every mission.
#[test]
fn rule_1_2_2_every_card_drawn_is_in_the_log() {
    let data = common::shipped();
    let missions: Vec<String> = data.missions.iter().map(|m| m.id.clone()).collect();
    for mission in &missions {
        for seed in 1..=4u64 {
            let mut g = fof::engine::Game::new(
                data.clone(),
                mission,
                seed,
                fof::engine::Options::default(),
            )
            .unwrap();
            let mut rng = fof::play::sim::bot_rng(seed);
            while !g.is_over() {
                let legal = g.legal_inputs();
                let i = fof::play::sim::pick(&mut rng, &legal).unwrap();
                g.apply(&i).unwrap();
            }
            let logged: u64 = g.log().iter().map(|e| e.cards.len() as u64).sum();
            assert_eq!(
                logged,
                g.state().deck.cards_drawn(),
                "{mission} seed {seed}: cards drawn that no event shows"
            );
        }
    }
}
