//! The Mutual Capture & Retreat Phase (3.5), prisoners (9.13) and indirect
//! fire missions (6.7), each from a small arranged position.

use crate::common;
use common::{
    Markers, OPEN, Scenario, add, cards, fire_with_shooter, gi, id, new_impulse, open_cards,
    open_map, p, put,
};
use fof::engine::Answer;

use fof::data::DataSet;
use fof::data::action::{ActionCard, Icon};
use fof::data::mission::{Agency, FireSupport, FmKind, FmSpec, Net, RadioClass};
use fof::data::units::{Side, UnitKind};
use fof::engine::kernel::deck::Card;
use fof::engine::kernel::game::Game;
use fof::engine::kernel::ids::UnitId;
use fof::engine::kernel::input::Input;
use fof::engine::kernel::input::{Action, Order};
use fof::engine::kernel::pos::CardPos;
use fof::engine::kernel::state::{Asset, FireLink};

/// The crossroads mission with its enemy removed, an all-open 3x3 map and
/// the given fire support.
fn game_with(support: Vec<FireSupport>) -> Game {
    game_tweaked(support, |_| {})
}

fn game_tweaked(support: Vec<FireSupport>, tweak: impl FnOnce(&mut DataSet)) -> Game {
    Scenario::of("crossroads_firefight")
        .named("support_test")
        .seed(5)
        .data(tweak)
        .visibility("day")
        .mission(|m| {
            m.enemy.clear();
            m.fire_support = support;
        })
        .open()
        .game()
}

fn game() -> Game {
    game_with(Vec::new())
}

fn burst(c: &ActionCard) -> bool {
    c.icon == Icon::Burst && c.mark.is_none()
}

fn no_burst(c: &ActionCard) -> bool {
    !c.shows_burst()
}

// ---------------------------------------------------------------------------
// 9.13 Prisoners, 3.5 capture
// ---------------------------------------------------------------------------

#[test]
fn rule_9_13_a_paralyzed_team_left_alone_with_the_enemy_is_captured_and_guarded() {
    let mut g = game();
    let team = add(&mut g, "us_paralyzed_team", p(2, 2));
    let squad = add(&mut g, "de_rifle_squad", p(2, 2));
    fof::engine::testing::combat::capture_retreat(&mut g);
    let t = g.state().unit(team);
    assert!(t.captured && !t.in_play());
    // The German squad gives up a step to guard the prisoner.
    assert_eq!(g.state().unit(squad).steps, 3);
    let guards: Vec<_> = g.state().units.iter().filter(|u| u.guard).collect();
    assert_eq!(guards.len(), 1);
    assert_eq!(guards[0].side, Side::Enemy);
    let taken = g
        .log()
        .iter()
        .find(|e| e.rule == "9.13")
        .expect("a 9.13 event")
        .clone();
    // Learn mode explains it as prisoners taken (9.13 once read as 9.1).
    let learn = fof::learn::load(&fof::data::DataSource::Embedded)
        .expect("the shipped data loads")
        .1;
    let entry = fof::ui::learn::explain(&learn, &g, &fof::ui::step::StopKind::Piece, &[taken]);
    assert_eq!(entry, learn.procedure(fof::learn::Procedure::Prisoners));
}

#[test]
fn rule_9_13_a_side_that_takes_no_prisoners_shoots_them() {
    let mut g = game_tweaked(Vec::new(), |d| {
        d.campaigns[0].no_prisoners = vec![Side::Enemy];
    });
    let team = add(&mut g, "us_paralyzed_team", p(2, 2));
    let squad = add(&mut g, "de_rifle_squad", p(2, 2));
    fof::engine::testing::combat::capture_retreat(&mut g);
    let t = g.state().unit(team);
    assert!(!t.captured && t.in_play());
    assert_eq!(t.kind, fof::data::units::UnitKind::Casualty);
    assert_eq!(g.state().unit(squad).steps, 4, "no guard is needed");
    assert!(!g.state().units.iter().any(|u| u.guard));
}

#[test]
fn rule_9_13_enemy_casualties_on_a_cleared_card_are_captured_without_a_us_unit_there() {
    // The enemy fell back and left its casualty: the card is Cleared (no
    // enemy unit, no PC marker), so the casualty is taken though no US unit
    // stands on it.
    let mut g = game();
    let cas = add(&mut g, "de_casualty", p(3, 2));
    fof::engine::testing::combat::capture_retreat(&mut g);
    assert!(g.state().unit(cas).captured);
    // A PC marker still there: not Cleared, not captured.
    let mut g = game();
    let cas = add(&mut g, "de_casualty", p(3, 2));
    g.state_mut().map.card_mut(p(3, 2)).unwrap().markers.pc =
        Some(fof::engine::kernel::state::PcMarker {
            letter: fof::data::charts::PcLetter::C,
            hidden: true,
        });
    fof::engine::testing::combat::capture_retreat(&mut g);
    assert!(!g.state().unit(cas).captured);
}

/// The answer the engine suggests to its pending question, as the one-key
/// default offers it.
fn take_suggestion(g: &mut Game) {
    let s = g.suggestion().expect("a question with a suggestion");
    assert_eq!(
        g.legal_inputs().first(),
        Some(&s),
        "the suggestion comes first"
    );
    g.apply_held(&s).expect("the suggestion is legal");
}

/// Two one-step units of the company that could guard a German litter
/// team taken on R2C2: the LMG team and a fire team (returned second).
fn prisoners_and_two_guards() -> (Game, UnitId, UnitId, UnitId) {
    let mut g = game();
    let team = add(&mut g, "de_litter_team", p(2, 2));
    let lmg = id(&g, "2_lmg");
    put(&mut g, lmg, p(2, 2));
    let fire_team = add(&mut g, "us_fire_team", p(2, 2));
    fof::engine::testing::combat::capture_retreat(&mut g);
    (g, team, fire_team, lmg)
}

#[test]
fn rule_9_13_a_one_step_unit_with_a_vof_guards_first() {
    // 9.13 names single-step units with a printed VOF as guards: with one
    // there, no squad gives up a step and nothing is asked.
    let mut g = game();
    let team = add(&mut g, "de_litter_team", p(2, 2));
    let squad = id(&g, "2_1");
    put(&mut g, squad, p(2, 2));
    let lmg = id(&g, "2_lmg");
    put(&mut g, lmg, p(2, 2));
    fof::engine::testing::combat::capture_retreat(&mut g);
    assert!(g.state().choices.is_empty());
    assert!(g.state().unit(team).captured);
    assert!(g.state().unit(lmg).guard, "the one-step LMG team guards");
    assert_eq!(g.state().unit(squad).steps, 4);
}

#[test]
fn rule_9_13_the_player_chooses_which_unit_guards_the_company_prisoners() {
    let (mut g, team, team2, lmg) = prisoners_and_two_guards();
    assert_eq!(
        g.legal_inputs(),
        vec![
            Input::Answer(Answer::Guard { unit: lmg }),
            Input::Answer(Answer::Guard { unit: team2 })
        ],
        "the one-step units, the first the suggestion"
    );
    let (rule, q) = fof::engine::testing::turn::question(&g, &g.state().choices[0]);
    assert_eq!(rule, "9.13");
    assert!(q.contains("guard"), "{q}");
    // Anything but an answer is refused while the question waits.
    let why = g.apply_held(&Input::EndImpulse).unwrap_err().text;
    assert!(why.contains("9.13"), "{why}");
    // The fire team guards instead of the LMG team.
    g.apply_held(&Input::Answer(Answer::Guard { unit: team2 }))
        .unwrap();
    assert!(g.state().unit(team).captured);
    assert!(g.state().unit(team2).guard && !g.state().unit(team2).in_play());
    assert!(
        g.state().unit(lmg).in_play(),
        "the LMG team stays in the fight"
    );
    assert_eq!(g.state().units.iter().filter(|u| u.guard).count(), 1);
    // A unit that is not on the card is refused.
    let (mut g, _, _, _) = prisoners_and_two_guards();
    let far = id(&g, "co_hq");
    let why = g
        .apply_held(&Input::Answer(Answer::Guard { unit: far }))
        .unwrap_err()
        .text;
    assert!(why.contains("answer the question asked first"), "{why}");
}

#[test]
fn rule_9_13_a_squad_gives_a_step_only_when_no_one_step_unit_can_guard() {
    let mut g = game();
    let team = add(&mut g, "de_litter_team", p(2, 2));
    let (a, b) = (id(&g, "2_1"), id(&g, "2_2"));
    put(&mut g, a, p(2, 2));
    put(&mut g, b, p(2, 2));
    fof::engine::testing::combat::capture_retreat(&mut g);
    assert!(g.state().unit(team).captured);
    assert_eq!(
        g.legal_inputs(),
        vec![
            Input::Answer(Answer::Guard { unit: a }),
            Input::Answer(Answer::Guard { unit: b })
        ]
    );
    g.apply_held(&Input::Answer(Answer::Guard { unit: b }))
        .unwrap();
    assert_eq!(g.state().unit(b).steps, 3, "2/2 gives up a step");
    assert_eq!(g.state().unit(a).steps, 4);
    let guard = g.state().units.iter().find(|u| u.guard).unwrap();
    assert_eq!(guard.designation, g.state().unit(b).designation);
}

#[test]
fn rule_9_13_the_enemy_s_guard_is_never_asked() {
    let mut g = game();
    let team = add(&mut g, "us_paralyzed_team", p(2, 2));
    add(&mut g, "de_mg_team", p(2, 2));
    add(&mut g, "de_mg_team", p(2, 2));
    fof::engine::testing::combat::capture_retreat(&mut g);
    assert!(g.state().unit(team).captured);
    assert!(g.state().choices.is_empty());
    assert_eq!(g.state().units.iter().filter(|u| u.guard).count(), 1);
}

#[test]
fn rule_9_13_a_single_possible_guard_is_not_asked() {
    let mut g = game();
    let team = add(&mut g, "de_litter_team", p(2, 2));
    let lmg = id(&g, "2_lmg");
    put(&mut g, lmg, p(2, 2));
    fof::engine::testing::combat::capture_retreat(&mut g);
    assert!(g.state().choices.is_empty());
    assert!(g.state().unit(team).captured);
    assert!(g.state().unit(lmg).guard);
}

#[test]
fn rule_9_13_no_capture_while_friends_remain_on_the_card() {
    let mut g = game();
    let team = add(&mut g, "us_paralyzed_team", p(2, 2));
    let friend = id(&g, "2_1");
    put(&mut g, friend, p(2, 2));
    add(&mut g, "de_rifle_squad", p(2, 2));
    fof::engine::testing::combat::capture_retreat(&mut g);
    assert!(g.state().unit(team).in_play());
    assert!(!g.state().unit(team).captured);
}

#[test]
fn rule_9_13_enemy_casualties_on_a_card_the_enemy_left_are_taken() {
    let mut g = game();
    let cas = add(&mut g, "de_casualty", p(2, 2));
    let squad = id(&g, "2_1");
    put(&mut g, squad, p(2, 2));
    fof::engine::testing::combat::capture_retreat(&mut g);
    assert!(g.state().unit(cas).captured);
    assert_eq!(g.state().unit(squad).steps, 4, "no guard for casualties");
    assert!(!g.state().units.iter().any(|u| u.guard));
}

// ---------------------------------------------------------------------------
// 3.5 Retreats
// ---------------------------------------------------------------------------

fn under_fire(g: &mut Game, pos: CardPos) {
    let shooter = add(g, "de_rifle_squad", p(3, 3));
    g.state_mut().unit_mut(shooter).spotted = false;
    g.state_mut().fires.push(FireLink {
        side: Side::Enemy,
        from: p(3, 3),
        target: pos,
    });
    g.state_mut().fires.sort();
}

#[test]
fn rule_3_5_a_paralyzed_team_under_fire_retreats_toward_its_edge_and_is_exposed() {
    let mut g = game();
    let team = add(&mut g, "us_paralyzed_team", p(2, 2));
    under_fire(&mut g, p(2, 2));
    fof::engine::testing::combat::capture_retreat(&mut g);
    let t = g.state().unit(team);
    assert!(t.exposed);
    assert!(t.pos.row < 2, "toward the friendly edge: {}", t.pos);
    assert!(!g.card_under_vof(t.pos), "to a card out of fire");
}

#[test]
fn rule_3_5_a_paralyzed_team_prefers_the_best_net_ncm_to_its_own_edge() {
    // 3.5: out of fire first, then a better net NCM (6.3), then toward the
    // team's edge. On an open map smoke beside the team gives it the better
    // NCM, though the card is not toward its edge.
    use fof::engine::kernel::state::SmokeKind;
    let mut g = game();
    let team = add(&mut g, "us_paralyzed_team", p(2, 2));
    under_fire(&mut g, p(2, 2));
    g.state_mut().map.card_mut(p(2, 1)).unwrap().markers.smoke = Some(SmokeKind::Smoke);
    fof::engine::testing::combat::capture_retreat(&mut g);
    assert_eq!(g.state().unit(team).pos, p(2, 1));
}

#[test]
fn rule_3_5_a_litter_team_retreats_with_the_casualty_it_carries() {
    let mut g = game();
    let team = add(&mut g, "us_litter_team", p(2, 2));
    let cas = add(&mut g, "us_casualty", p(2, 2));
    g.state_mut().carried.push((team, cas));
    under_fire(&mut g, p(2, 2));
    fof::engine::testing::combat::capture_retreat(&mut g);
    take_suggestion(&mut g);
    let t = g.state().unit(team).pos;
    assert_ne!(t, p(2, 2), "a casualty step is on the card: it retreats");
    assert_eq!(g.state().unit(cas).pos, t);
    assert_eq!(g.state().carried, vec![(team, cas)]);
}

#[test]
fn rule_3_5_the_player_chooses_among_equally_good_cards_for_a_litter_team() {
    // On an open map three cards toward the company's edge are out of fire
    // and no better covered than another: the rule gives no way to settle
    // it for a litter team, so the player picks (decision, 3.5).
    let mut g = game();
    let team = add(&mut g, "us_litter_team", p(2, 2));
    let cas = add(&mut g, "us_casualty", p(2, 2));
    g.state_mut().carried.push((team, cas));
    under_fire(&mut g, p(2, 2));
    let drawn = g.state().deck.cards_drawn();
    let logged = g.log().len();
    fof::engine::testing::combat::capture_retreat(&mut g);
    assert_eq!(g.state().deck.cards_drawn(), drawn, "no R# drawn");
    assert!(
        !g.log()[logged..]
            .iter()
            .any(|e| e.text.contains("has to retreat")),
        "the phase does not say nobody retreats while the player is asked"
    );
    let to: Vec<CardPos> = g
        .legal_inputs()
        .iter()
        .map(|i| match i {
            Input::Answer(Answer::RetreatTo { to, .. }) => *to,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(to, vec![p(1, 1), p(1, 2), p(1, 3)]);
    g.apply_held(&Input::Answer(Answer::RetreatTo {
        unit: team,
        to: p(1, 3),
        casualty: Some(cas),
    }))
    .unwrap();
    let t = g.state().unit(team);
    assert_eq!(t.pos, p(1, 3));
    assert!(t.exposed);
    assert_eq!(g.state().unit(cas).pos, p(1, 3));
    // A card that is not among the best is refused.
    let mut g = game();
    let team = add(&mut g, "us_litter_team", p(2, 2));
    let cas = add(&mut g, "us_casualty", p(2, 2));
    g.state_mut().carried.push((team, cas));
    under_fire(&mut g, p(2, 2));
    fof::engine::testing::combat::capture_retreat(&mut g);
    let why = g
        .apply_held(&Input::Answer(Answer::RetreatTo {
            unit: team,
            to: p(2, 1),
            casualty: Some(cas),
        }))
        .unwrap_err()
        .text;
    assert!(why.contains("3.5"), "{why}");
}

#[test]
fn rule_3_5_the_player_chooses_which_free_casualty_a_litter_team_takes() {
    // Two casualties lie free beside the team; the best card is unique (a
    // 1-column map would do; here the casualties' choice is enough).
    let mut g = game();
    let team = add(&mut g, "us_litter_team", p(2, 2));
    let a = add(&mut g, "us_casualty", p(2, 2));
    let b = add(&mut g, "us_casualty", p(2, 2));
    under_fire(&mut g, p(2, 2));
    fof::engine::testing::combat::capture_retreat(&mut g);
    let offered: std::collections::BTreeSet<Option<UnitId>> = g
        .legal_inputs()
        .iter()
        .filter_map(|i| match i {
            Input::Answer(Answer::RetreatTo { casualty, .. }) => Some(*casualty),
            _ => None,
        })
        .collect();
    assert_eq!(offered, [Some(a), Some(b)].into_iter().collect());
    g.apply_held(&Input::Answer(Answer::RetreatTo {
        unit: team,
        to: p(1, 2),
        casualty: Some(b),
    }))
    .unwrap();
    assert_eq!(g.state().unit(b).pos, p(1, 2));
    assert_eq!(g.state().unit(a).pos, p(2, 2), "the other stays");
    assert_eq!(g.state().carried, vec![(team, b)]);
}

#[test]
fn rule_3_5_two_litter_teams_retreat_one_after_the_other_and_share_no_casualty() {
    // The second team is asked only once the first has gone, and the
    // casualty the first took along is no longer offered to it.
    let mut g = game();
    let (l1, l2) = (
        add(&mut g, "us_litter_team", p(2, 2)),
        add(&mut g, "us_litter_team", p(2, 2)),
    );
    let (c1, c2) = (
        add(&mut g, "us_casualty", p(2, 2)),
        add(&mut g, "us_casualty", p(2, 2)),
    );
    under_fire(&mut g, p(2, 2));
    fof::engine::testing::combat::capture_retreat(&mut g);
    assert_eq!(g.state().choices.len(), 1, "one team at a time");
    g.apply_held(&Input::Answer(Answer::RetreatTo {
        unit: l1,
        to: p(1, 1),
        casualty: Some(c1),
    }))
    .unwrap();
    let offered: Vec<Option<UnitId>> = g
        .legal_inputs()
        .iter()
        .map(|i| match i {
            Input::Answer(Answer::RetreatTo { unit, casualty, .. }) => {
                assert_eq!(*unit, l2);
                *casualty
            }
            other => panic!("{other:?}"),
        })
        .collect();
    assert!(offered.iter().all(|c| *c == Some(c2)), "{offered:?}");
    take_suggestion(&mut g);
    assert_eq!(g.state().carried, vec![(l1, c1), (l2, c2)]);
    assert_eq!(g.state().unit(c1).pos, p(1, 1));
    assert_eq!(g.state().unit(c2).pos, g.state().unit(l2).pos);
    assert!(g.state().choices.is_empty());
}

#[test]
fn rule_3_5_a_paralyzed_teams_ties_are_settled_by_the_r_number_not_asked() {
    let mut g = game();
    let team = add(&mut g, "us_paralyzed_team", p(2, 2));
    under_fire(&mut g, p(2, 2));
    fof::engine::testing::combat::capture_retreat(&mut g);
    assert!(g.state().choices.is_empty());
    assert_ne!(g.state().unit(team).pos, p(2, 2));
}

#[test]
fn rule_3_5_a_pinned_team_does_not_retreat() {
    let mut g = game();
    let team = add(&mut g, "us_paralyzed_team", p(2, 2));
    g.state_mut().unit_mut(team).pinned = true;
    under_fire(&mut g, p(2, 2));
    fof::engine::testing::combat::capture_retreat(&mut g);
    assert_eq!(g.state().unit(team).pos, p(2, 2));
}

#[test]
fn rule_3_5_a_litter_team_retreats_only_with_a_casualty_and_takes_it_along() {
    let mut g = game();
    let team = add(&mut g, "us_litter_team", p(2, 2));
    under_fire(&mut g, p(2, 2));
    fof::engine::testing::combat::capture_retreat(&mut g);
    assert_eq!(g.state().unit(team).pos, p(2, 2), "no casualty: it stays");
    let cas = add(&mut g, "us_casualty", p(2, 2));
    fof::engine::testing::combat::capture_retreat(&mut g);
    take_suggestion(&mut g);
    let t = g.state().unit(team).pos;
    assert_ne!(t, p(2, 2));
    assert_eq!(g.state().unit(cas).pos, t, "the casualty goes along");
}

#[test]
fn rule_3_5_an_enemy_team_retreating_off_the_map_leaves_play() {
    let mut g = game();
    let team = add(&mut g, "de_paralyzed_team", p(3, 2));
    // US fire from below on the top row: the team's edge is off the map.
    let sq = id(&g, "2_1");
    put(&mut g, sq, p(1, 2));
    g.state_mut().fires.push(FireLink {
        side: Side::Us,
        from: p(1, 2),
        target: p(3, 2),
    });
    fof::engine::testing::combat::capture_retreat(&mut g);
    let t = g.state().unit(team);
    assert!(!t.in_play());
    assert!(t.withdrawn, "its steps leave with it");
}

// ---------------------------------------------------------------------------
// 6.7 Calls for fire
// ---------------------------------------------------------------------------

fn artillery(battalion: bool) -> FireSupport {
    FireSupport {
        id: "arty".into(),
        name: "Battery".into(),
        agency: Agency::Artillery,
        missions: vec![
            FmSpec {
                kind: FmKind::He,
                count: 2,
                modifier: -5,
                helicopter: None,
            },
            FmSpec {
                kind: FmKind::Smoke,
                count: 1,
                modifier: 0,
                helicopter: None,
            },
        ],
        observers: vec![("2plt_hq".into(), 3)],
        battalion,
        registered: None,
        fac: None,
        gunship: None,
    }
}

/// The 2nd PLT HQ on R1C2 with an artillery radio, a spotted German squad
/// on R3C2.
fn fire_position(battalion: bool) -> (Game, UnitId, UnitId) {
    let mut g = game_with(vec![artillery(battalion)]);
    let hq = id(&g, "2plt_hq");
    put(&mut g, hq, p(1, 2));
    g.state_mut().unit_mut(hq).assets.push(Asset::Radio {
        name: "SCR-610".into(),
        class: RadioClass::Manpack,
        net: Net::ArtyFd,
    });
    let e = add(&mut g, "de_rifle_squad", p(3, 2));
    g.state_mut().unit_mut(e).spotted = true;
    new_impulse(&mut g, Some(hq), 6);
    (g, hq, e)
}

fn call(hq: UnitId, kind: FmKind, target: CardPos) -> Input {
    Input::Order(Order {
        by: Some(hq),
        action: Action::CallForFire {
            observer: hq,
            agency: 0,
            kind,
            target,
        },
    })
}

fn missions_left(g: &Game, kind: FmKind) -> u8 {
    g.state()
        .fire_missions
        .iter()
        .find(|m| m.1 == kind)
        .map(|m| m.2)
        .unwrap()
}

#[test]
fn rule_6_7_3_a_burst_places_a_pending_marker_and_spends_a_mission() {
    let (mut g, hq, _) = fire_position(false);
    let mut deck = cards(&g, 2, no_burst);
    deck.extend(cards(&g, 1, burst));
    g.state_mut().deck.put_on_top(&deck);
    assert!(g.legal_inputs().contains(&call(hq, FmKind::He, p(3, 2))));
    g.apply(&call(hq, FmKind::He, p(3, 2))).unwrap();
    let m = &g.state().map.card(p(3, 2)).unwrap().markers;
    assert!(m.pending_fire);
    assert_eq!(m.pending_mod, -5);
    assert_eq!(missions_left(&g, FmKind::He), 1);
    assert!(
        g.state().registered.contains(&(0, p(3, 2))),
        "the target is registered (6.7.5)"
    );
}

#[test]
fn rule_6_7_3_a_failed_call_spends_no_mission() {
    let (mut g, hq, _) = fire_position(false);
    let deck = cards(&g, 3, no_burst);
    g.state_mut().deck.put_on_top(&deck);
    g.apply(&call(hq, FmKind::He, p(3, 2))).unwrap();
    assert!(!g.state().map.card(p(3, 2)).unwrap().markers.pending_fire);
    assert_eq!(missions_left(&g, FmKind::He), 2);
}

#[test]
fn rule_6_7_1_prerequisites_target_missions_observer_los_and_network() {
    let (mut g, hq, e) = fire_position(false);
    // An unspotted enemy is no HE target; an empty card is a smoke target.
    g.state_mut().unit_mut(e).spotted = false;
    let why = g.apply(&call(hq, FmKind::He, p(3, 2))).unwrap_err();
    assert!(why.text.contains("spotted"), "{why}");
    assert!(g.legal_inputs().contains(&call(hq, FmKind::Smoke, p(2, 3))));
    g.state_mut().unit_mut(e).spotted = true;
    // Not an eligible observer.
    let sq = id(&g, "2_1");
    let by_squad = Input::Order(Order {
        by: Some(hq),
        action: Action::CallForFire {
            observer: sq,
            agency: 0,
            kind: FmKind::He,
            target: p(3, 2),
        },
    });
    assert!(g.apply(&by_squad).unwrap_err().text.contains("eligible"));
    // No radio on the fire direction net, no battalion link: no call.
    g.state_mut().unit_mut(hq).assets.retain(|a| {
        !matches!(
            a,
            Asset::Radio {
                net: Net::ArtyFd,
                ..
            }
        )
    });
    let co = id(&g, "co_hq");
    g.state_mut().unit_mut(co).assets.clear();
    put(&mut g, co, p(1, 1));
    let h = g.state_hash();
    let why = g.apply(&call(hq, FmKind::He, p(3, 2))).unwrap_err();
    assert!(why.text.contains("network"), "{why}");
    assert_eq!(h, g.state_hash());
}

#[test]
fn rule_6_7_3_a_short_round_lands_one_card_closer_to_the_observer() {
    let (mut g, hq, _) = fire_position(false);
    let short: Vec<Card> = cards(&g, 1, |c| c.is_short());
    let mut deck = short;
    deck.extend(cards(&g, 2, no_burst));
    g.state_mut().deck.put_on_top(&deck);
    g.apply(&call(hq, FmKind::He, p(3, 2))).unwrap();
    assert!(!g.state().map.card(p(3, 2)).unwrap().markers.pending_fire);
    assert!(
        g.state().map.card(p(2, 2)).unwrap().markers.pending_fire,
        "one card closer along the LOS"
    );
}

#[test]
fn rule_6_7_2_g_three_bursts_bring_a_battalion_mission() {
    let (mut g, hq, _) = fire_position(true);
    let mut deck = cards(&g, 1, |c| c.icon == Icon::TripleBurst);
    deck.extend(cards(&g, 2, no_burst));
    g.state_mut().deck.put_on_top(&deck);
    g.apply(&call(hq, FmKind::He, p(3, 2))).unwrap();
    let take = g.suggestion().expect("the battalion's cards are asked for");
    g.apply(&take).unwrap();
    let pending = g
        .state()
        .map
        .cards
        .iter()
        .filter(|c| c.markers.pending_fire)
        .count();
    assert_eq!(pending, 3, "the target and two bordering cards");
    assert_eq!(missions_left(&g, FmKind::He), 1, "one mission spent");
}

#[test]
fn rule_6_7_2_g_the_player_picks_the_battalions_two_cards_or_declines() {
    // 6.7.2 G "you may": the two bordering cards are the player's to name,
    // or none; the program suggests those with the most spotted enemy
    // steps.
    use fof::engine::kernel::input::{Choice, Decision};
    for pick in [Some(vec![p(2, 1), p(3, 1)]), None] {
        let (mut g, hq, _) = fire_position(true);
        let mut deck = cards(&g, 1, |c| c.icon == Icon::TripleBurst);
        deck.extend(cards(&g, 2, no_burst));
        g.state_mut().deck.put_on_top(&deck);
        g.apply(&call(hq, FmKind::He, p(3, 2))).unwrap();
        let Decision::Choose(Choice::BattalionFire { target, cards, .. }) = g.prompt().decision
        else {
            panic!("the battalion's cards are asked for: {:?}", g.prompt());
        };
        assert_eq!(target, p(3, 2));
        assert!(cards.contains(&p(2, 1)) && cards.contains(&p(3, 1)));
        let legal = g.legal_inputs();
        assert_eq!(Some(legal[0].clone()), g.suggestion(), "suggestion first");
        assert!(legal.contains(&Input::Answer(Answer::BattalionFire { cards: Vec::new() })));
        assert_eq!(legal.len(), cards.len() * (cards.len() - 1) / 2 + 1);
        let answer = Input::Answer(Answer::BattalionFire {
            cards: pick.clone().unwrap_or_default(),
        });
        g.apply(&answer).unwrap();
        let pending: Vec<CardPos> = g
            .state()
            .map
            .cards
            .iter()
            .filter(|c| c.markers.pending_fire)
            .map(|c| c.pos)
            .collect();
        let mut want = vec![p(3, 2)];
        want.extend(pick.unwrap_or_default());
        want.sort();
        assert_eq!(pending, want);
    }
}

#[test]
fn rule_6_7_5_a_registered_target_adds_a_card_to_the_draw() {
    let (mut g, hq, _) = fire_position(false);
    g.state_mut().registered.push((0, p(3, 2)));
    let deck = cards(&g, 5, no_burst);
    g.state_mut().deck.put_on_top(&deck);
    let ev = g.apply(&call(hq, FmKind::He, p(3, 2))).unwrap();
    let drawn: usize = ev
        .iter()
        .filter(|e| e.rule == "4.2")
        .map(|e| e.cards.len())
        .sum();
    assert_eq!(drawn, 4, "3 for the observer (Line) + 1 registered");
}

#[test]
fn rule_3_7_1_a_pending_becomes_incoming_then_goes_after_a_turn() {
    let (mut g, _, e) = fire_position(false);
    {
        let m = &mut g.state_mut().map.card_mut(p(3, 2)).unwrap().markers;
        m.pending_fire = true;
        m.pending_mod = -5;
        m.pending_kind = Some(FmKind::He);
    }
    fof::engine::testing::turn::vof_segment(&mut g);
    let m = &g.state().map.card(p(3, 2)).unwrap().markers;
    assert!(m.incoming && !m.pending_fire);
    let n = fof::engine::testing::combat::ncm(&g, e).unwrap();
    assert_eq!(
        n.parts[0],
        (fof::engine::kernel::events::NcmPart::Incoming, -5)
    );
    fof::engine::testing::turn::vof_segment(&mut g);
    assert!(!g.state().map.card(p(3, 2)).unwrap().markers.incoming);
    assert_eq!(g.state().unit(e).kind, UnitKind::Squad);
}

#[test]
fn rule_6_7_2_f_an_air_strike_needs_a_mark() {
    let mut sup = artillery(false);
    sup.agency = Agency::Air;
    sup.missions = vec![FmSpec {
        kind: FmKind::AirStrike,
        count: 1,
        modifier: -6,
        helicopter: None,
    }];
    let mut g = game_with(vec![sup]);
    let hq = id(&g, "2plt_hq");
    put(&mut g, hq, p(1, 2));
    g.state_mut().unit_mut(hq).assets.push(Asset::Radio {
        name: "SCR-522".into(),
        class: RadioClass::Manpack,
        net: Net::AirCtl,
    });
    let e = add(&mut g, "de_rifle_squad", p(3, 2));
    g.state_mut().unit_mut(e).spotted = true;
    new_impulse(&mut g, Some(hq), 6);
    let why = g.apply(&call(hq, FmKind::AirStrike, p(3, 2))).unwrap_err();
    assert!(why.text.contains("mark"), "{why}");
    // White phosphorus on the target is a mark.
    g.state_mut().map.card_mut(p(3, 2)).unwrap().markers.smoke =
        Some(fof::engine::kernel::state::SmokeKind::Wp);
    assert!(
        g.legal_inputs()
            .contains(&call(hq, FmKind::AirStrike, p(3, 2)))
    );
}

// ---------------------------------------------------------------------------
// 8.3 Night observation devices
// ---------------------------------------------------------------------------

/// A night game where German rifle squads carry a night device.
fn night_game(sight: Option<fof::data::units::NightSight>) -> Game {
    let mut g = Scenario::of("crossroads_firefight")
        .named("night_test")
        .seed(5)
        .data(|data| {
            for t in &mut data.units.units {
                if t.id.0 == "de_rifle_squad" {
                    t.sight = sight;
                }
            }
        })
        .mission(|m| {
            m.enemy.clear();
            m.visibility = "dark".into();
        })
        .game();
    open_map(&mut g);
    g
}

#[test]
fn rule_8_3_2_passive_ir_sees_to_full_range_at_night() {
    use fof::data::units::NightSight;
    for (sight, sees) in [
        (None, false),
        (Some(NightSight::PassiveIr), true),
        (Some(NightSight::Thermal), true),
        (Some(NightSight::ActiveIr), false),
    ] {
        let mut g = night_game(sight);
        let e = add(&mut g, "de_rifle_squad", p(3, 2));
        assert_eq!(g.unit_sees(e, p(1, 2)), sees, "{sight:?}");
        assert!(g.unit_sees(e, p(2, 2)), "adjacent is always in sight");
    }
}

#[test]
fn rule_8_3_1_and_8_3_2_devices_take_the_visibility_modifier_off_their_fire() {
    use fof::data::units::NightSight;
    let vis_part = |g: &Game, u: UnitId| {
        fof::engine::testing::combat::ncm(g, u)
            .unwrap()
            .parts
            .iter()
            .any(|(w, _)| *w == fof::engine::kernel::events::NcmPart::Visibility)
    };
    // Fire from the next card: passive IR and thermal drop the modifier,
    // active IR does not (it works at point blank only).
    for (sight, applies) in [
        (None, true),
        (Some(NightSight::ActiveIr), true),
        (Some(NightSight::PassiveIr), false),
        (Some(NightSight::Thermal), false),
    ] {
        let mut g = night_game(sight);
        let sq = id(&g, "2_1");
        put(&mut g, sq, p(1, 2));
        let e = add(&mut g, "de_rifle_squad", p(2, 2));
        g.state_mut().unit_mut(e).spotted = false;
        g.state_mut().fires = vec![FireLink {
            side: Side::Enemy,
            from: p(2, 2),
            target: p(1, 2),
        }];
        assert_eq!(vis_part(&g, sq), applies, "{sight:?}");
    }
    // Active IR at point blank.
    let mut g = night_game(Some(NightSight::ActiveIr));
    let sq = id(&g, "2_1");
    put(&mut g, sq, p(2, 2));
    add(&mut g, "de_rifle_squad", p(2, 2));
    g.state_mut().fires = vec![FireLink {
        side: Side::Enemy,
        from: p(2, 2),
        target: p(2, 2),
    }];
    assert!(!vis_part(&g, sq));
}

#[test]
fn rule_8_2_a_card_lit_by_the_spill_of_an_adjacent_marker_is_illuminated_for_sight() {
    // A star cluster over R1C1 spills onto R1C2: at night a German squad on
    // R3C2, two cards away, sees R1C2 as it would an illuminated card; R1C3,
    // not next to the marker, stays dark.
    let mut g = night_game(None);
    let e = add(&mut g, "de_rifle_squad", p(3, 2));
    assert!(
        !g.unit_sees(e, p(1, 2)),
        "the dark card two away is not seen"
    );
    {
        let c = g.state_mut().map.card_mut(p(1, 1)).unwrap();
        c.markers.illumination = Some(-2);
        c.markers.illumination_adjacent = Some(-1);
    }
    assert!(g.illuminated(p(1, 2)), "the spill lights the next card");
    assert!(!g.illuminated(p(1, 3)), "two cards from the marker: dark");
    assert!(
        g.unit_sees(e, p(1, 2)),
        "a lit card is seen to normal range"
    );
    // A hand flare lights its own card only (no spill value).
    let mut g = night_game(None);
    g.state_mut()
        .map
        .card_mut(p(1, 1))
        .unwrap()
        .markers
        .illumination = Some(-3);
    assert!(!g.illuminated(p(1, 2)));
}

#[test]
fn rule_8_3_2_passive_ir_fire_into_a_card_lit_by_spill_keeps_the_visibility_modifier() {
    use fof::data::units::NightSight;
    let vis_part = |g: &Game, u: UnitId| {
        fof::engine::testing::combat::ncm(g, u)
            .unwrap()
            .parts
            .iter()
            .any(|(w, _)| *w == fof::engine::kernel::events::NcmPart::Visibility)
    };
    let mut g = night_game(Some(NightSight::PassiveIr));
    let sq = id(&g, "2_1");
    put(&mut g, sq, p(1, 2));
    let e = add(&mut g, "de_rifle_squad", p(2, 2));
    g.state_mut().unit_mut(e).spotted = false;
    g.state_mut().fires = vec![FireLink {
        side: Side::Enemy,
        from: p(2, 2),
        target: p(1, 2),
    }];
    assert!(!vis_part(&g, sq), "in the dark the sight works");
    {
        let c = g.state_mut().map.card_mut(p(1, 1)).unwrap();
        c.markers.illumination = Some(-3);
        c.markers.illumination_adjacent = Some(-2);
    }
    assert!(
        vis_part(&g, sq),
        "light spilled onto the target card blinds passive infrared"
    );
}

#[test]
fn rule_8_3_3_thermal_sights_ignore_the_smoke_benefit() {
    use fof::data::units::NightSight;
    for (sight, smoke) in [(None, true), (Some(NightSight::Thermal), false)] {
        let mut g = night_game(sight);
        let sq = id(&g, "2_1");
        put(&mut g, sq, p(1, 2));
        add(&mut g, "de_rifle_squad", p(2, 2));
        g.state_mut().map.card_mut(p(1, 2)).unwrap().markers.smoke =
            Some(fof::engine::kernel::state::SmokeKind::Smoke);
        g.state_mut().fires = vec![FireLink {
            side: Side::Enemy,
            from: p(2, 2),
            target: p(1, 2),
        }];
        let n = fof::engine::testing::combat::ncm(&g, sq).unwrap();
        assert_eq!(
            n.parts
                .iter()
                .any(|(w, _)| *w == fof::engine::kernel::events::NcmPart::Smoke),
            smoke,
            "{sight:?}"
        );
    }
}

// ---------------------------------------------------------------------------
// 4.2.4 m, 6.4, 6.7.2 D Final protective fires and lines
// ---------------------------------------------------------------------------

/// A defensive version of the crossroads: an HMG on R1C1 with a final
/// protective line to the right-front (north-east), and an FPF on R3C2.
fn defence() -> (Game, UnitId, UnitId) {
    use fof::data::mission::{At, MissionKind, RosterEntry, Start};
    let mut g = Scenario::of("crossroads_firefight")
        .named("defence_test")
        .seed(3)
        .mission(|m| {
            m.kind = MissionKind::Defensive;
            m.enemy.clear();
            m.visibility = "dusk".into();
            m.controls.objectives.clear();
            m.controls.attack_position = None;
            m.signals.clear();
            m.controls.fpf = Some(At(3, 2));
            m.controls.fpl = vec![("hmg".into(), fof::data::terrain::Dir::NE)];
            m.company.push(RosterEntry {
                id: "hmg".into(),
                unit_type: fof::data::units::UnitTypeId("us_hmg_team".into()),
                label: "HMG".into(),
                hq: Some("co_hq".into()),
                experience: fof::data::action::Experience::Line,
                start: Start::Card(At(1, 1)),
                steps: None,
                skills: Vec::new(),
                teams: 0,
                load: None,
            });
            m.fire_support = vec![FireSupport {
                id: "arty".into(),
                name: "Battery".into(),
                agency: Agency::Artillery,
                missions: vec![FmSpec {
                    kind: FmKind::Fpf,
                    count: 2,
                    modifier: -4,
                    helicopter: None,
                }],
                observers: vec![("co_hq".into(), 2)],
                battalion: false,
                registered: None,
                fac: None,
                gunship: None,
            }];
        })
        .game();
    open_cards(&mut g, OPEN, Markers::Keep);
    g.state_mut().fires.clear();
    let co = id(&g, "co_hq");
    let hmg = id(&g, "hmg");
    new_impulse(&mut g, Some(co), 6);
    (g, co, hmg)
}

fn final_fire(by: UnitId) -> Input {
    Input::Order(Order {
        by: Some(by),
        action: Action::FireFinalProtective,
    })
}

#[test]
fn rule_6_4_a_machine_gun_on_an_fpl_does_not_open_fire_by_itself() {
    let (mut g, co, hmg) = defence();
    let e = add(&mut g, "de_rifle_squad", p(2, 2));
    g.state_mut().unit_mut(e).spotted = true;
    // Any change on the map makes units check whether to open fire.
    g.apply(&Input::Order(Order {
        by: Some(co),
        action: Action::SeekCover { unit: co },
    }))
    .ok();
    assert!(
        !g.state()
            .fires
            .iter()
            .any(|f| f.side == Side::Us && f.from == g.state().unit(hmg).pos),
        "the FPL gun holds its fire"
    );
}

#[test]
fn rule_4_2_4_m_the_co_hq_fires_the_fpf_and_fpl() {
    let (mut g, co, hmg) = defence();
    let plt = id(&g, "2plt_hq");
    let why = g.apply(&final_fire(plt)).unwrap_err();
    assert!(
        why.text.contains("CO HQ") || why.text.contains("spending"),
        "{why}"
    );
    assert!(g.legal_inputs().contains(&final_fire(co)));
    g.apply(&final_fire(co)).unwrap();
    assert!(g.state().fpl.iter().any(|(u, _, f)| *u == hmg && *f));
    assert!(g.state().fpf_firing);
    assert!(g.state().map.card(p(3, 2)).unwrap().markers.pending_fire);
    let left = g
        .state()
        .fire_missions
        .iter()
        .find(|m| m.1 == FmKind::Fpf)
        .unwrap()
        .2;
    assert_eq!(left, 1);
    // Nothing left to start: refused.
    let h = g.state_hash();
    assert!(g.apply(&final_fire(co)).is_err());
    assert_eq!(h, g.state_hash());
}

#[test]
fn rule_6_4_an_fpl_puts_an_h_vof_on_its_diagonal_whatever_the_visibility() {
    let (mut g, co, _) = defence();
    let near = add(&mut g, "de_rifle_squad", p(2, 2));
    let far = add(&mut g, "de_rifle_squad", p(3, 3));
    let off = add(&mut g, "de_rifle_squad", p(2, 1));
    g.apply(&final_fire(co)).unwrap();
    for e in [near, far] {
        let n = fof::engine::testing::combat::ncm(&g, e).unwrap();
        assert_eq!(
            n.parts[0],
            (
                fof::engine::kernel::events::NcmPart::FinalProtectiveLine,
                -3
            )
        );
        assert!(
            !n.parts
                .iter()
                .any(|(w, _)| *w == fof::engine::kernel::events::NcmPart::Visibility),
            "{n:?}"
        );
    }
    assert!(
        fof::engine::testing::combat::ncm(&g, off)
            .map(|n| n.parts[0].0 != fof::engine::kernel::events::NcmPart::FinalProtectiveLine)
            .unwrap_or(true),
        "off the diagonal"
    );
}

#[test]
fn rule_6_4_an_fpl_spends_two_points_a_turn_and_a_cease_fire_ends_it() {
    let (mut g, co, hmg) = defence();
    add(&mut g, "de_rifle_squad", p(2, 2));
    g.apply(&final_fire(co)).unwrap();
    let before = g.state().unit(hmg).ammo.unwrap();
    fof::engine::testing::combat::expend_for_fire(&mut g);
    assert_eq!(g.state().unit(hmg).ammo.unwrap(), before - 2);
    new_impulse(&mut g, Some(co), 6);
    put(&mut g, co, p(1, 1)); // the CO HQ reaches the gun's card by voice
    let cease = Input::Order(Order {
        by: Some(co),
        action: Action::CeaseFire { at: p(1, 1) },
    });
    g.apply(&cease).unwrap();
    assert!(g.state().fpl.iter().all(|(_, _, f)| !f));
}

// ---------------------------------------------------------------------------
// 9.5 Mines and claymores
// ---------------------------------------------------------------------------

#[test]
fn rule_9_5_a_unit_entering_a_minefield_checks_three_cards_for_a_burst() {
    for (hit, expect) in [(true, 1u8), (false, 0u8)] {
        let mut g = game();
        let sq = id(&g, "2_1");
        put(&mut g, sq, p(1, 2));
        g.state_mut().map.card_mut(p(2, 2)).unwrap().markers.mines = true;
        let mut deck = if hit { cards(&g, 1, burst) } else { Vec::new() };
        deck.extend(cards(&g, 3, no_burst));
        g.state_mut().deck.put_on_top(&deck);
        new_impulse(&mut g, None, 6);
        let ev = g
            .apply(&Input::Order(Order {
                by: None,
                action: Action::Move {
                    unit: sq,
                    to: p(2, 2),
                    cover: None,
                },
            }))
            .unwrap();
        let check = ev.iter().find(|e| e.rule == "9.5").expect("a mine check");
        assert_eq!(check.cards.len(), 3);
        assert_eq!(g.state().unit(sq).mined, expect);
        if hit {
            let n = fof::engine::testing::combat::ncm(&g, sq).unwrap();
            assert_eq!(n.parts[0].1, -4, "{n:?}");
            assert!(
                !n.parts
                    .iter()
                    .any(|(w, _)| *w == fof::engine::kernel::events::NcmPart::Visibility),
                "not affected by visibility"
            );
        }
    }
}

#[test]
fn rule_9_5_mine_attacks_take_no_crowding_modifier() {
    // 5.2.3 gives the crowding modifier under grenades and Incoming!; 9.5's
    // mines are neither. Eight steps under one cover marker: grenades count
    // the crowd, mines do not.
    use fof::data::charts::CoverKind;
    let mut g = game();
    let a = add(&mut g, "us_rifle_squad", p(2, 2));
    let b = add(&mut g, "us_rifle_squad", p(2, 2));
    let c = common::cover(&mut g, p(2, 2), CoverKind::Basic);
    for x in [a, b] {
        g.state_mut().unit_mut(x).cover = Some(c);
    }
    g.state_mut().unit_mut(a).mined = 1;
    let n = fof::engine::testing::combat::ncm(&g, a).unwrap();
    assert!(
        !n.parts
            .iter()
            .any(|(w, _)| matches!(w, fof::engine::kernel::events::NcmPart::Crowding(_))),
        "{n:?}"
    );
    g.state_mut().unit_mut(a).mined = 0;
    g.state_mut().unit_mut(a).grenaded = 1;
    let n = fof::engine::testing::combat::ncm(&g, a).unwrap();
    assert!(
        n.parts
            .iter()
            .any(|(w, _)| matches!(w, fof::engine::kernel::events::NcmPart::Crowding(_))),
        "{n:?}"
    );
}

#[test]
fn rule_9_5_no_mine_check_when_leaving_a_mined_card() {
    let mut g = game();
    let sq = id(&g, "2_1");
    put(&mut g, sq, p(2, 2));
    g.state_mut().map.card_mut(p(2, 2)).unwrap().markers.mines = true;
    new_impulse(&mut g, None, 6);
    let ev = g
        .apply(&Input::Order(Order {
            by: None,
            action: Action::Move {
                unit: sq,
                to: p(1, 2),
                cover: None,
            },
        }))
        .unwrap();
    assert!(!ev.iter().any(|e| e.rule == "9.5"));
}

#[test]
fn rule_9_5_a_claymore_attacks_one_enemy_on_its_card_once() {
    let mut g = game();
    g.state_mut()
        .map
        .card_mut(p(2, 2))
        .unwrap()
        .markers
        .claymore = true;
    let e = add(&mut g, "de_rifle_squad", p(2, 2));
    // Any change on the map: the claymore fires.
    new_impulse(&mut g, None, 6);
    let sq = id(&g, "2_1");
    put(&mut g, sq, CardPos::new(0, 1));
    g.apply(&Input::Order(Order {
        by: None,
        action: Action::Move {
            unit: sq,
            to: CardPos::new(0, 2),
            cover: None,
        },
    }))
    .unwrap();
    assert_eq!(g.state().unit(e).mined, 1);
    assert!(
        !g.state().map.card(p(2, 2)).unwrap().markers.claymore,
        "used once"
    );
}

#[test]
fn rule_9_5_an_enemy_unit_moving_onto_a_mined_card_checks_for_mines() {
    // "friendly or enemy": a German squad falling back onto a minefield
    // draws its three cards like a US unit would.
    let mut g = game();
    for pos in [p(3, 1), p(3, 2), p(3, 3)] {
        g.state_mut().map.card_mut(pos).unwrap().markers.mines = true;
    }
    let e = add(&mut g, "de_rifle_squad", p(2, 2));
    g.state_mut().unit_mut(e).spotted = true;
    let sq = id(&g, "2_1");
    put(&mut g, sq, p(1, 2));
    let deck = cards(&g, 1, burst);
    g.state_mut().deck.put_on_top(&deck);
    assert!(fof::engine::testing::enemy::fall_back(&mut g, e, "9.4"));
    assert_eq!(g.state().unit(e).pos.row, 3);
    let check = g
        .log()
        .iter()
        .find(|ev| ev.rule == "9.5")
        .expect("the enemy checks for mines");
    assert_eq!(check.cards.len(), 3);
    assert_eq!(g.state().unit(e).mined, 1, "the burst on top is a hit");
}

#[test]
fn rule_9_5_a_unit_retreating_onto_a_mined_card_checks_for_mines() {
    // 3.5 retreats are moves like any other: a paralyzed team that falls
    // back onto a minefield checks.
    let mut g = game();
    for pos in [p(1, 1), p(1, 2), p(1, 3), p(2, 1), p(2, 3)] {
        g.state_mut().map.card_mut(pos).unwrap().markers.mines = true;
    }
    let team = add(&mut g, "us_paralyzed_team", p(2, 2));
    under_fire(&mut g, p(2, 2));
    fof::engine::testing::combat::capture_retreat(&mut g);
    let t = g.state().unit(team);
    assert_ne!(t.pos, p(2, 2), "it retreats");
    assert!(
        g.log()
            .iter()
            .any(|ev| ev.rule == "9.5" && ev.text.contains("checks for mines")),
        "the retreat checks for mines"
    );
}

#[test]
fn rule_9_5_a_claymore_fires_once_the_enemy_units_have_moved() {
    // An enemy squad that advances onto a claymore's card during the Enemy
    // Activity segment is attacked in that segment, not after the next US
    // order.
    let mut g = game();
    g.state_mut()
        .map
        .card_mut(p(2, 2))
        .unwrap()
        .markers
        .claymore = true;
    let e = add(&mut g, "de_rifle_squad", p(2, 2));
    fof::engine::testing::turn::enemy_activity(&mut g);
    assert_eq!(g.state().unit(e).mined, 1, "the claymore fired");
    assert!(!g.state().map.card(p(2, 2)).unwrap().markers.claymore);
}

// ---------------------------------------------------------------------------
// 6.5.2-6.5.3 Demolition charges and flamethrowers
// ---------------------------------------------------------------------------

/// An engineer team and a flamethrower on R2C2 with a German squad in a
/// bunker there.
fn strongpoint() -> (
    Game,
    UnitId,
    UnitId,
    UnitId,
    fof::engine::kernel::ids::CoverId,
) {
    use fof::data::charts::CoverKind;
    use fof::engine::kernel::ids::CoverId;
    use fof::engine::kernel::state::CoverMarker;
    let mut g = game();
    let eng = add(&mut g, "us_engineer_team", p(2, 2));
    let flame = add(&mut g, "us_flamethrower", p(2, 2));
    let e = add(&mut g, "de_assault_squad", p(2, 2));
    let id = CoverId(g.state().next_cover);
    g.state_mut().next_cover += 1;
    g.state_mut()
        .map
        .card_mut(p(2, 2))
        .unwrap()
        .covers
        .push(CoverMarker {
            id,
            kind: CoverKind::Bunker,
            facing: None,
        });
    g.state_mut().unit_mut(e).cover = Some(id);
    g.state_mut().unit_mut(e).spotted = true;
    new_impulse(&mut g, None, 6);
    (g, eng, flame, e, id)
}

#[test]
fn rule_6_5_2_a_charge_is_thrown_under_fire_and_placed_otherwise() {
    let (mut g, eng, _, _, bunker) = strongpoint();
    // The Germans and Americans share the card: the Americans' point-blank
    // fire puts a VOF on it (the Germans in their bunker do not fire into
    // their own card, 5.2.3 B), so the charge must be thrown.
    add(&mut g, "us_rifle_squad", p(2, 2));
    fof::engine::testing::combat::update_engagement(&mut g);
    assert!(g.card_under_vof(p(2, 2)));
    let place = gi(Action::PlaceDemo {
        unit: eng,
        cover: bunker,
    });
    assert!(g.apply(&place).unwrap_err().text.contains("thrown"));
    let throw = gi(Action::ThrowDemo {
        unit: eng,
        cover: bunker,
    });
    assert!(g.legal_inputs().contains(&throw));
    // A miss: a Demo Miss on the card, the charge spent.
    let deck = cards(&g, 2, |c| c.icon != Icon::Grenade);
    g.state_mut().deck.put_on_top(&deck);
    let before = g.state().unit(eng).ammo.unwrap();
    g.apply(&throw).unwrap();
    assert!(g.state().map.card(p(2, 2)).unwrap().markers.demo_miss);
    assert_eq!(g.state().unit(eng).ammo.unwrap(), before - 1);
}

#[test]
fn rule_6_5_2_a_charge_on_a_bunker_makes_every_occupant_a_casualty_and_leaves_foxholes() {
    use fof::data::charts::CoverKind;
    let (mut g, eng, _, e, bunker) = strongpoint();
    g.state_mut().fires.clear();
    let steps = g.state().unit(e).steps as usize;
    g.apply(&gi(Action::PlaceDemo {
        unit: eng,
        cover: bunker,
    }))
    .unwrap();
    fof::engine::testing::combat::resolve_special(&mut g);
    assert!(!g.state().unit(e).in_play());
    let cas = g
        .state()
        .units_at(p(2, 2))
        .filter(|u| u.side == Side::Enemy && u.kind == UnitKind::Casualty)
        .count();
    assert_eq!(cas, steps, "every step a casualty");
    assert_eq!(
        g.state().cover_kind(p(2, 2), bunker),
        Some(CoverKind::Foxhole)
    );
}

#[test]
fn rule_6_5_3_flame_hits_every_occupant_and_burns_the_bunker_out() {
    let (mut g, _, flame, e, bunker) = strongpoint();
    g.state_mut().fires.clear();
    let fuel = g.state().unit(flame).ammo.unwrap();
    g.apply(&gi(Action::Flame {
        unit: flame,
        cover: bunker,
    }))
    .unwrap();
    assert_eq!(g.state().unit(flame).ammo.unwrap(), fuel - 1);
    let before: u32 = g
        .state()
        .units
        .iter()
        .filter(|u| u.side == Side::Enemy && u.accounted())
        .map(|u| u.steps as u32)
        .sum();
    fof::engine::testing::combat::resolve_special(&mut g);
    assert!(
        g.log()
            .iter()
            .any(|ev| ev.rule == "6.5.3" && ev.text.contains("hit by the flamethrower"))
    );
    assert_eq!(
        g.state().cover_kind(p(2, 2), bunker),
        None,
        "the bunker is gone"
    );
    for u in g
        .state()
        .units_at(p(2, 2))
        .filter(|u| u.side == Side::Enemy && u.kind != UnitKind::Casualty)
    {
        assert!(u.cover.is_none() && u.exposed, "survivors come out Exposed");
    }
    let after: u32 = g
        .state()
        .units
        .iter()
        .filter(|u| u.side == Side::Enemy && u.accounted())
        .map(|u| u.steps as u32)
        .sum();
    assert_eq!(before, after, "steps conserved");
    let _ = e;
}

#[test]
fn rule_6_5_2_only_demolition_units_and_only_at_enemy_held_cover() {
    let (mut g, _, flame, _, bunker) = strongpoint();
    let sq = id(&g, "2_1");
    put(&mut g, sq, p(2, 2));
    assert!(
        g.apply(&gi(Action::ThrowDemo {
            unit: sq,
            cover: bunker
        }))
        .is_err()
    );
    assert!(
        g.apply(&gi(Action::PlaceDemo {
            unit: flame,
            cover: bunker
        }))
        .is_err()
    );
    // An empty cover marker is no target.
    use fof::engine::kernel::ids::CoverId;
    use fof::engine::kernel::state::CoverMarker;
    let empty = CoverId(g.state().next_cover);
    g.state_mut().next_cover += 1;
    g.state_mut()
        .map
        .card_mut(p(2, 2))
        .unwrap()
        .covers
        .push(CoverMarker {
            id: empty,
            kind: fof::data::charts::CoverKind::Basic,
            facing: None,
        });
    let why = g
        .apply(&gi(Action::Flame {
            unit: flame,
            cover: empty,
        }))
        .unwrap_err();
    assert!(why.text.contains("enemy-held"), "{why}");
}

#[test]
fn rule_4_3_6_c_a_wp_grenade_attack_also_puts_wp_smoke_on_the_card() {
    use fof::data::mission::Pyro;
    let mut g = game();
    let sq = id(&g, "2_1");
    put(&mut g, sq, p(2, 2));
    let e = add(&mut g, "de_rifle_squad", p(2, 2));
    g.state_mut().unit_mut(e).spotted = true;
    new_impulse(&mut g, None, 6);
    let wp = gi(Action::WpGrenade {
        unit: sq,
        target: e,
    });
    let why = g.apply(&wp).unwrap_err();
    assert!(why.text.contains("white phosphorus"), "{why}");
    g.state_mut()
        .unit_mut(sq)
        .assets
        .push(Asset::Pyro(Pyro::WpSmoke, 1));
    assert!(g.legal_inputs().contains(&wp));
    g.apply(&wp).unwrap();
    assert_eq!(
        g.state().map.card(p(2, 2)).unwrap().markers.smoke,
        Some(fof::engine::kernel::state::SmokeKind::Wp)
    );
    assert!(
        !g.state()
            .unit(sq)
            .assets
            .iter()
            .any(|a| matches!(a, Asset::Pyro(Pyro::WpSmoke, _))),
        "the grenade is used"
    );
}

#[test]
fn rule_6_2_3_fire_is_never_shifted_onto_or_through_friendly_troops() {
    let mut g = game();
    let (a, b, c) = (id(&g, "2_1"), id(&g, "2_2"), id(&g, "2_3"));
    put(&mut g, a, p(1, 2));
    put(&mut g, b, p(2, 2));
    put(&mut g, c, p(1, 1));
    let e = add(&mut g, "de_rifle_squad", p(3, 2));
    g.state_mut().unit_mut(e).spotted = false;
    g.state_mut().fires = vec![FireLink {
        side: Side::Us,
        from: p(1, 2),
        target: p(1, 3),
    }];
    new_impulse(&mut g, None, 6);
    let shift = |to| gi(Action::ShiftFire { at: p(1, 2), to });
    let why = g.apply(&shift(p(1, 1))).unwrap_err();
    assert!(why.text.contains("friendly troops"), "{why}");
    let why = g.apply(&shift(p(3, 2))).unwrap_err();
    assert!(why.text.contains("through"), "{why}");
    assert!(
        g.legal_inputs().contains(&shift(p(2, 3))),
        "an empty card is fine"
    );
}

#[test]
fn rule_8_2_an_illumination_mission_lights_as_its_agency_does() {
    let illum = |g: &Game, id: &str| {
        g.data()
            .charts
            .illumination
            .iter()
            .find(|i| i.id == id)
            .map(|i| (Some(i.card), i.adjacent))
            .unwrap()
    };
    for (mortar, source) in [(true, "mortar_illum"), (false, "artillery_illum")] {
        let mut g = game();
        let at = p(2, 2);
        {
            let m = &mut g.state_mut().map.card_mut(at).unwrap().markers;
            m.pending_fire = true;
            m.pending_kind = Some(fof::data::mission::FmKind::Illumination);
            m.pending_mortar = mortar;
        }
        fof::engine::testing::combat::flip_pending(&mut g, at);
        let m = &g.state().map.card(at).unwrap().markers;
        assert_eq!(
            (m.illumination, m.illumination_adjacent),
            illum(&g, source),
            "{source}"
        );
        assert!(!m.pending_fire && !m.pending_mortar);
    }
}

// ---- 3.7.1 A, 3.8, 8.2, 8.4: how long smoke and light last --------------

#[test]
fn rule_3_8_pyrotechnic_smoke_wp_and_tear_gas_are_gone_after_clean_up() {
    use fof::engine::kernel::state::SmokeKind;
    let mut g = game();
    let placed = [
        (p(2, 1), SmokeKind::Smoke),
        (p(2, 2), SmokeKind::Wp),
        (p(2, 3), SmokeKind::Cs),
    ];
    for (at, s) in placed {
        g.state_mut().map.card_mut(at).unwrap().markers.smoke = Some(s);
    }
    fof::engine::testing::turn::clean_up(&mut g);
    for (at, _) in placed {
        let m = &g.state().map.card(at).unwrap().markers;
        assert!(!m.smoky(), "{at} still has smoke after Clean Up");
    }
    let cleared: Vec<CardPos> = g
        .log()
        .iter()
        .filter(|e| e.rule == "3.8")
        .filter_map(|e| match &e.kind {
            fof::engine::EventKind::Marker {
                pos,
                what: fof::engine::kernel::events::MarkerKind::SmokeCleared(_),
            } => Some(*pos),
            _ => None,
        })
        .collect();
    assert_eq!(cleared, vec![p(2, 1), p(2, 2), p(2, 3)]);
}

#[test]
fn rule_3_7_1_a_the_activity_level_is_adjusted_before_the_pc_markers_are_drawn_for() {
    // 3.7.1 A ends with "Adjust the Current Activity marker as needed"; B
    // then draws for PC markers at the Current Activity Level. Last turn's
    // Incoming! on two US cards made the level Engaged; with it gone the
    // company sees no enemy and no fire: No Contact, whose row applies.
    use fof::data::charts::{Activity, PcDraw, PcLetter};
    use fof::engine::kernel::state::PcMarker;
    let mut g = game();
    add(&mut g, "us_rifle_squad", p(2, 2));
    add(&mut g, "us_rifle_squad", p(1, 1));
    for at in [p(2, 2), p(1, 1)] {
        g.state_mut().map.card_mut(at).unwrap().markers.incoming = true;
    }
    g.state_mut().map.card_mut(p(2, 2)).unwrap().markers.pc = Some(PcMarker {
        letter: PcLetter::C,
        hidden: false,
    });
    fof::engine::testing::enemy::update_activity(&mut g);
    assert_eq!(g.state().activity, Activity::Engaged);
    let chart = &g.data().charts.pc_draws;
    let (PcDraw::Draw(quiet), PcDraw::Draw(engaged)) = (
        chart.get(PcLetter::C, Activity::NoContact),
        chart.get(PcLetter::C, Activity::Engaged),
    ) else {
        panic!("letter C draws at both levels");
    };
    assert_ne!(quiet, engaged, "the test needs two different rows");
    let before = g.log().len();
    fof::engine::testing::turn::vof_segment(&mut g);
    let drawn = g.log()[before..]
        .iter()
        .find(|e| {
            e.text.contains("PC marker")
                || e.cards.iter().any(|c| {
                    matches!(
                        c.purpose,
                        fof::engine::kernel::purpose::Purpose::PcMarker { .. }
                    )
                })
        })
        .map(|e| e.cards.len())
        .expect("the PC marker is drawn for");
    assert_eq!(drawn, quiet as usize);
}

#[test]
fn rule_3_7_1_a_a_fire_missions_smoke_lasts_until_the_next_vof_segment() {
    use fof::engine::kernel::state::SmokeKind;
    for (kind, smoke) in [
        (FmKind::Smoke, SmokeKind::Smoke),
        (FmKind::Wp, SmokeKind::Wp),
    ] {
        let mut g = game();
        let at = p(3, 2);
        {
            let m = &mut g.state_mut().map.card_mut(at).unwrap().markers;
            m.pending_fire = true;
            m.pending_kind = Some(kind);
        }
        fof::engine::testing::turn::vof_segment(&mut g);
        let m = &g.state().map.card(at).unwrap().markers;
        assert_eq!(m.mission_smoke, Some(smoke), "{kind:?} lands");
        // A fire mission's smoke is not a pyrotechnic: Clean Up leaves it,
        // and it screens the next Command Phase.
        fof::engine::testing::turn::clean_up(&mut g);
        assert!(g.state().map.card(at).unwrap().markers.smoky(), "{kind:?}");
        // The next VOF Segment removes the fire mission's markers.
        fof::engine::testing::turn::vof_segment(&mut g);
        let m = &g.state().map.card(at).unwrap().markers;
        assert!(!m.smoky() && !m.incoming, "{kind:?} gone");
        assert!(
            g.log()
                .iter()
                .any(|e| e.rule == "3.7.1 A" && e.text.contains("fire mission's smoke")),
            "{kind:?}: the removal is logged"
        );
    }
}

#[test]
fn rule_8_2_light_spilled_on_the_cards_around_goes_with_its_marker() {
    let mut g = game();
    let at = p(2, 2);
    {
        let m = &mut g.state_mut().map.card_mut(at).unwrap().markers;
        m.pending_fire = true;
        m.pending_kind = Some(FmKind::Illumination);
    }
    fof::engine::testing::combat::flip_pending(&mut g, at);
    let m = &g.state().map.card(at).unwrap().markers;
    assert!(m.illumination.is_some() && m.illumination_adjacent.is_some());
    fof::engine::testing::turn::clean_up(&mut g);
    let m = &g.state().map.card(at).unwrap().markers;
    assert_eq!((m.illumination, m.illumination_adjacent), (None, None));
}

#[test]
fn rule_8_4_smoke_of_two_sources_gives_only_the_best_benefit() {
    use fof::engine::kernel::state::SmokeKind;
    let (mut g, _, e) = fire_position(false);
    fire_with_shooter(&mut g, Side::Us, p(1, 2), p(3, 2));
    {
        let m = &mut g.state_mut().map.card_mut(p(3, 2)).unwrap().markers;
        m.smoke = Some(SmokeKind::Wp);
        m.mission_smoke = Some(SmokeKind::Smoke);
    }
    let best = g.data().charts.smoke.smoke.max(g.data().charts.smoke.wp) as i32;
    let n = fof::engine::testing::combat::ncm(&g, e).expect("under the US VOF");
    let smoke: Vec<i32> = n
        .parts
        .iter()
        .filter(|(w, _)| *w == fof::engine::kernel::events::NcmPart::Smoke)
        .map(|(_, v)| *v)
        .collect();
    assert_eq!(smoke, vec![best]);
}

#[test]
fn rule_6_7_3_forecast_short_round_odds_count_the_short_cards_left() {
    let (g, hq, _) = fire_position(false);
    let input = call(hq, FmKind::He, p(3, 2));
    let f = fof::engine::testing::turn::forecast(&g, &input);
    let n = f.attempt.as_ref().expect("an attempt").cards as usize;
    // Every n-card draw from the pile, counted by hand: those with a burst
    // and a card marked Short.
    let pile: Vec<&ActionCard> = g
        .state()
        .deck
        .pile()
        .iter()
        .filter_map(|c| match c {
            Card::Action(x) => g.card(*x),
            _ => None,
        })
        .collect();
    let (mut both, mut all) = (0u128, 0u128);
    let mut idx: Vec<usize> = (0..n).collect();
    loop {
        all += 1;
        let hit = idx.iter().any(|&i| pile[i].shows_burst());
        let short = idx.iter().any(|&i| pile[i].is_short());
        both += u128::from(hit && short);
        // The next n-subset in lexicographic order.
        let mut k = n;
        while k > 0 && idx[k - 1] == pile.len() - n + k - 1 {
            k -= 1;
        }
        if k == 0 {
            break;
        }
        idx[k - 1] += 1;
        for j in k..n {
            idx[j] = idx[j - 1] + 1;
        }
    }
    let s = f.short_round.expect("a call for fire has short-round odds");
    assert_eq!(s.num * all, both * s.den, "{s:?} vs {both}/{all}");
    assert!(both > 0, "the pile holds Short cards");
    // The short round falls one card toward the observer: R2C2.
    assert!(
        f.consequences
            .iter()
            .any(|c| c.starts_with("short round possible: would land on R2C2")),
        "{:?}",
        f.consequences
    );
    // Success spends a mission: possible, not certain.
    assert!(
        f.consequences
            .iter()
            .any(|c| c == "possibly spends one high explosive mission of the Battery (1 left)"),
        "{:?}",
        f.consequences
    );
}

/// 4.2.4 i: the log names the card fire is called on. Found by a newcomer
/// play test: it read "CO HQ spends 1 command(s): Call for Fire: CO HQ."
#[test]
fn rule_4_2_4_i_the_log_names_the_card_a_call_for_fire_is_aimed_at() {
    let data = common::shipped();
    let mut seen = 0;
    for seed in 1..=6u64 {
        let (_, log) = fof::play::sim::play_logged(
            data.clone(),
            "crossroads_firefight",
            seed,
            fof::play::sim::Bot::Random,
            fof::engine::Options::default(),
        )
        .unwrap();
        for e in log.iter().filter(|e| {
            matches!(&e.kind, fof::engine::kernel::events::EventKind::Order { action, .. } if matches!(action, fof::engine::Action::CallForFire { .. }))
        }) {
            let at = e.text.rsplit(" on ").next().unwrap_or("");
            assert!(
                at.starts_with('R') && at.ends_with('.'),
                "{}",
                e.text
            );
            seen += 1;
        }
    }
    assert!(seen > 0, "a call for fire in six games");
}
