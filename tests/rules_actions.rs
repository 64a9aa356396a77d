//! The Action Menu's command & control, rally and combat actions (4.2,
//! 4.2.1, 4.2.3, 4.2.4, 4.2.5), communication (4.0, 4.1.4, 4.3, 13.3),
//! rallying and reconstituting (10.1, 10.2), grenades, jams and
//! concentrated fire (6.5.1, 6.5.4, 6.6).
//!
//! Every test starts from the shipped mission at the CO HQ's first impulse,
//! lays an all-open map (every card a light-bordered open field), then
//! arranges its own small position with `state_mut()`: units moved, enemy
//! units added, fire links, markers, the impulse's originator and commands.
//! Action cards are found by what they show, never by number.

use crate::common;
use common::{
    Markers, OPEN, Scenario, add, attempts, by, card_numbers, cover, crosshairs, enemy, fire,
    grenade, id, impulse, lay, legal, links, no_crosshairs, no_grenade, no_rally, ok, open_cards,
    order, p, play_on, put_all, radio, rally, refused, spent, top, u, under_vof, unit,
};
use fof::engine::Answer;
use fof::engine::testing::orders;

use fof::data::action::{ActionCard, Experience, Mark};
use fof::data::charts::CoverKind;
use fof::data::mission::{Net, Pyro, RadioClass};
use fof::data::units::{Side, UnitKind};
use fof::engine::kernel::events::EventKind;
use fof::engine::kernel::game::Game;
use fof::engine::kernel::ids::UnitId;
use fof::engine::kernel::input::Input;
use fof::engine::kernel::input::{Action, TeamKind};
use fof::engine::kernel::pos::CardPos;
use fof::engine::kernel::state::{Asset, FireLink, Options, PointControl, SmokeKind};
use fof::engine::testing::combat::spotting_draws;
use fof::engine::testing::command::co_successor;
use fof::engine::testing::orders::Link;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// Terrain cards of the Normandy deck used to shape positions.
const WALLED: u8 = 44; // hedgerow, +2, every border dark
const ORCHARD: u8 = 12; // orchard, +1: no spotting modifier for the card
const VILLAGE: u8 = 16; // village, +3: the dense-card spotting modifier
const HILL: u8 = 42; // a hill: the card on top stands one level higher

fn new_game(visibility: &str, options: Options) -> Game {
    let mut g = Scenario::of("hedgerow_attack")
        .named(&format!("actions_{visibility}"))
        .seed(11)
        .options(options)
        .visibility(visibility)
        .game();
    let co = id(&g, "co_hq");
    assert_eq!(
        g.state().impulse.as_ref().and_then(|i| i.hq),
        Some(co),
        "the game opens on the CO HQ's impulse"
    );
    open_cards(&mut g, OPEN, Markers::Clear);
    impulse(&mut g, Some(co));
    g
}

/// A daylight game with the default options.
fn game() -> Game {
    new_game("day", Options::default())
}

fn set_available(g: &mut Game, n: u8) {
    g.state_mut()
        .impulse
        .as_mut()
        .expect("an impulse")
        .available = n;
}

/// A new counter ([`add`]) under `hq`, of `platoon`.
fn add_under(
    g: &mut Game,
    ty: &str,
    pos: CardPos,
    hq: Option<UnitId>,
    platoon: Option<UnitId>,
) -> UnitId {
    let id = add(g, ty, pos);
    let x = u(g, id);
    x.hq = hq;
    x.platoon = platoon;
    id
}

/// A limited action team of the 1st platoon.
fn lat(g: &mut Game, ty: &str, pos: CardPos) -> UnitId {
    let plt = id(g, "1plt_hq");
    add_under(g, ty, pos, Some(plt), Some(plt))
}

fn jam(c: &ActionCard) -> bool {
    c.mark == Some(Mark::Jam)
}

fn drawn(g: &Game) -> u64 {
    g.state().deck.cards_drawn()
}

/// Replaces a unit's radios and phones with `assets`.
fn equip(g: &mut Game, id: UnitId, assets: &[Asset]) {
    let x = u(g, id);
    x.assets
        .retain(|a| !matches!(a, Asset::Radio { .. } | Asset::Phone { .. }));
    x.assets.extend(assets.iter().cloned());
}

fn link(g: &Game, a: UnitId, b: UnitId) -> Option<Link> {
    orders::link(g, a, b)
}

/// Plays on (ending impulses, taking HQs in order) until an impulse opens
/// in `turn`.
fn advance_to_turn(g: &mut Game, turn: u8) {
    for _ in 0..400 {
        if g.state().turn >= turn && g.state().impulse.is_some() {
            return;
        }
        play_on(g);
    }
    panic!("turn {turn} never came");
}

/// The 1st platoon HQ, squad 1/1 and its LMG on R1C2 firing at a spotted
/// German rifle squad on R3C2 (an orchard), in the PLT HQ's impulse.
struct Fight {
    g: Game,
    plt: UnitId,
    sq: UnitId,
    lmg: UnitId,
    e: UnitId,
}

fn firefight() -> Fight {
    let mut g = game();
    let plt = id(&g, "1plt_hq");
    let sq = id(&g, "1_1");
    let lmg = id(&g, "1_lmg");
    put_all(&mut g, &[plt, sq, lmg], p(1, 2));
    lay(&mut g, p(3, 2), &[ORCHARD]);
    let e = enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    fire(&mut g, Side::Us, p(1, 2), p(3, 2));
    impulse(&mut g, Some(plt));
    Fight { g, plt, sq, lmg, e }
}

// ---------------------------------------------------------------------------
// 4.2 Actions in general
// ---------------------------------------------------------------------------

#[test]
fn rule_4_2_actions_cost_one_command_and_platoon_actions_two() {
    let (t, x) = (p(2, 2), UnitId(0));
    for a in [
        Action::MovePlatoon { to: t },
        Action::InfiltratePlatoon { to: t },
        Action::PlatoonConcentrate { target: x },
        Action::PlatoonGrenade { target: x },
    ] {
        assert_eq!(a.cost(), 2, "{}", a.name());
    }
    for a in [
        Action::Activate { hq: x },
        Action::Exhort { unit: x },
        Action::CreateRunner { from: x },
        Action::DesignateCasualtyPoint,
        Action::RemovePin { unit: x },
        Action::DetachTeam {
            squad: x,
            kind: TeamKind::Fire,
        },
        Action::ReconstituteSquad {
            teams: vec![x, UnitId(1)],
        },
        Action::Spot { unit: x, target: t },
        Action::ConcentrateFire { unit: x, target: x },
        Action::Grenade { unit: x, target: x },
        Action::MortarFire {
            mortar: x,
            target: t,
        },
        Action::CeaseFire { at: t },
        Action::ShiftFire { at: t, to: t },
    ] {
        assert_eq!(a.cost(), 1, "{}", a.name());
    }
    // In play: a one-command order takes one command off the impulse.
    let mut g = game();
    let (co, sq) = (id(&g, "co_hq"), id(&g, "1_1"));
    put_all(&mut g, &[co, sq], p(1, 1));
    ok(
        &mut g,
        by(
            co,
            Action::DetachTeam {
                squad: sq,
                kind: TeamKind::Fire,
            },
        ),
    );
    assert_eq!(spent(&g), 1);
}

#[test]
fn rule_4_1_3_an_order_costing_more_than_the_commands_left_is_refused() {
    let Fight {
        mut g, plt, sq, e, ..
    } = firefight();
    set_available(&mut g, 1);
    let platoon = by(plt, Action::PlatoonConcentrate { target: e });
    let why = refused(&mut g, platoon.clone());
    assert!(why.contains("costs 2"), "{why}");
    // One command still pays for a one-command order...
    assert!(legal(
        &g,
        &by(
            plt,
            Action::ConcentrateFire {
                unit: sq,
                target: e
            }
        )
    ));
    // ...and with two left the platoon order is legal.
    set_available(&mut g, 2);
    assert!(legal(&g, &platoon));
    // With nothing left, nothing can be ordered.
    set_available(&mut g, 0);
    let why = refused(
        &mut g,
        by(
            plt,
            Action::ConcentrateFire {
                unit: sq,
                target: e,
            },
        ),
    );
    assert!(why.contains("0 left"), "{why}");
}

#[test]
fn rule_4_2_an_order_from_an_hq_not_spending_this_impulse_is_refused() {
    let mut g = game();
    let (co, plt, sq) = (id(&g, "co_hq"), id(&g, "1plt_hq"), id(&g, "1_1"));
    put_all(&mut g, &[co, plt, sq], p(1, 1));
    let detach = Action::DetachTeam {
        squad: sq,
        kind: TeamKind::Fire,
    };
    let why = refused(&mut g, by(plt, detach.clone()));
    assert!(why.contains("only CO HQ"), "{why}");
    // General Initiative commands carry no originator (3.3.2 D)...
    impulse(&mut g, None);
    let why = refused(&mut g, by(co, detach.clone()));
    assert!(why.contains("without an originator"), "{why}");
    // ...except the actions an HQ must originate (4.1.3).
    let why = refused(&mut g, order(None, Action::DesignateCasualtyPoint));
    assert!(why.contains("originated by an HQ"), "{why}");
    ok(&mut g, order(None, detach));
    assert_eq!(unit(&g, sq).steps, 3);
}

#[test]
fn rule_4_2_one_action_of_each_named_type_per_unit_per_impulse() {
    let mut g = game();
    let (co, sq) = (id(&g, "co_hq"), id(&g, "1_1"));
    put_all(&mut g, &[co, sq], p(1, 1));
    let detach = |kind| by(co, Action::DetachTeam { squad: sq, kind });
    ok(&mut g, detach(TeamKind::Fire));
    let team = UnitId(g.state().units.len() as u16 - 1);
    let why = refused(&mut g, detach(TeamKind::Assault));
    assert!(why.contains("already performed Detach Team"), "{why}");
    // Another named action on the same squad is still allowed.
    ok(&mut g, by(co, Action::Supplement { squad: sq, team }));
    assert_eq!(unit(&g, sq).steps, 4);
    assert_eq!(spent(&g), 2);
}

#[test]
fn rule_4_2_example_repair_a_line_and_create_a_runner_but_not_a_second_runner() {
    // 4.2: "a unit could be ordered to Repair a Cut Phone Line and Create a
    // Runner in the same Impulse, but could not Create a Runner another time
    // in that same Impulse."
    let mut g = game();
    let (co, sq) = (id(&g, "co_hq"), id(&g, "1_1"));
    put_all(&mut g, &[co, sq], p(2, 1));
    g.state_mut()
        .map
        .card_mut(p(2, 1))
        .unwrap()
        .markers
        .phone_line = Some(true);
    ok(&mut g, by(co, Action::RepairLine { unit: sq }));
    ok(&mut g, by(co, Action::CreateRunner { from: sq }));
    let why = refused(&mut g, by(co, Action::CreateRunner { from: sq }));
    assert!(why.contains("already performed"), "{why}");
    assert_eq!(unit(&g, sq).steps, 3);
}

// ---------------------------------------------------------------------------
// 4.2.1 b Exhort
// ---------------------------------------------------------------------------

/// The 1st platoon HQ pinned under a VOF, in its own impulse.
fn pinned_plt_hq() -> (Game, UnitId) {
    let mut g = game();
    let plt = id(&g, "1plt_hq");
    put_all(&mut g, &[plt], p(2, 2));
    u(&mut g, plt).pinned = true;
    under_vof(&mut g, p(2, 2));
    impulse(&mut g, Some(plt));
    (g, plt)
}

#[test]
fn rule_4_2_1_b_exhort_needs_a_failed_attempt() {
    let (mut g, plt) = pinned_plt_hq();
    let why = refused(&mut g, by(plt, Action::Exhort { unit: plt }));
    assert!(why.contains("failed attempt"), "{why}");
    // A successful attempt cannot be exhorted either.
    let mut r = card_numbers(&g, 1, rally);
    r.extend(card_numbers(&g, 1, no_rally));
    top(&mut g, &r);
    let ev = ok(&mut g, by(plt, Action::RemovePin { unit: plt }));
    assert_eq!(attempts(&ev), vec![(2, true)]);
    refused(&mut g, by(plt, Action::Exhort { unit: plt }));
}

#[test]
fn rule_4_2_1_b_exhorting_a_failed_remove_pin_draws_one_card_and_succeeds() {
    let (mut g, plt) = pinned_plt_hq();
    let mut deck = card_numbers(&g, 2, no_rally);
    deck.extend(card_numbers(&g, 1, rally));
    top(&mut g, &deck);
    let ev = ok(&mut g, by(plt, Action::RemovePin { unit: plt }));
    assert_eq!(attempts(&ev), vec![(2, false)], "a Line HQ draws two");
    assert!(unit(&g, plt).pinned);
    let ev = ok(&mut g, by(plt, Action::Exhort { unit: plt }));
    assert_eq!(attempts(&ev), vec![(1, true)], "Exhort draws one card");
    assert_eq!(ev.iter().flat_map(|e| &e.cards).count(), 1);
    assert!(!unit(&g, plt).pinned, "the success branch applies");
    assert_eq!(spent(&g), 2);
}

#[test]
fn rule_4_2_1_b_exhort_is_declared_once_per_failed_attempt() {
    let (mut g, plt) = pinned_plt_hq();
    let deck = card_numbers(&g, 3, no_rally);
    top(&mut g, &deck);
    ok(&mut g, by(plt, Action::RemovePin { unit: plt }));
    let ev = ok(&mut g, by(plt, Action::Exhort { unit: plt }));
    assert_eq!(attempts(&ev), vec![(1, false)]);
    assert!(unit(&g, plt).pinned);
    refused(&mut g, by(plt, Action::Exhort { unit: plt }));
}

#[test]
fn rule_4_2_1_b_exhort_may_be_declared_for_any_failed_attempt_of_the_impulse() {
    // 4.2.1 b: "once for any failed attempt". Decision: a failure stays open
    // to Exhort until an order names its unit again, or an order for a
    // whole platoon or card is given.
    let mut g = game();
    let (co, plt) = (id(&g, "co_hq"), id(&g, "1plt_hq"));
    let sq = id(&g, "1_1");
    put_all(&mut g, &[co, plt, sq], p(2, 2));
    u(&mut g, plt).pinned = true;
    u(&mut g, sq).pinned = true;
    under_vof(&mut g, p(2, 2));
    impulse(&mut g, Some(co));
    let deck = card_numbers(&g, 4, no_rally);
    top(&mut g, &deck);
    ok(&mut g, by(co, Action::RemovePin { unit: plt }));
    ok(&mut g, by(co, Action::RemovePin { unit: sq }));
    // The first failure is still open after the second order.
    assert!(legal(&g, &by(co, Action::Exhort { unit: plt })));
    assert!(legal(&g, &by(co, Action::Exhort { unit: sq })));
    // An order naming the squad closes its failure, not the HQ's.
    let c = cover(&mut g, p(2, 2), CoverKind::Basic);
    // (Arranged: the squad shakes off its pin, so the CO HQ can reach it.)
    u(&mut g, sq).pinned = false;
    ok(
        &mut g,
        by(
            co,
            Action::MoveCover {
                unit: sq,
                cover: Some(c),
            },
        ),
    );
    refused(&mut g, by(co, Action::Exhort { unit: sq }));
    assert!(legal(&g, &by(co, Action::Exhort { unit: plt })));
    // An order for no one unit closes them all.
    ok(&mut g, by(co, Action::DesignateCasualtyPoint));
    refused(&mut g, by(co, Action::Exhort { unit: plt }));
}

#[test]
fn rule_4_2_1_b_exhorting_an_earlier_grenade_keeps_the_miss_a_later_failure_needs() {
    let mut g = game();
    let (plt, sq, lmg) = (id(&g, "1plt_hq"), id(&g, "1_1"), id(&g, "1_lmg"));
    put_all(&mut g, &[plt, sq, lmg], p(2, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    u(&mut g, e).pinned = true; // no free answers
    impulse(&mut g, Some(plt));
    let mut deck = card_numbers(&g, 4, no_grenade);
    deck.extend(card_numbers(&g, 1, grenade));
    top(&mut g, &deck);
    for x in [sq, lmg] {
        ok(&mut g, by(plt, Action::Grenade { unit: x, target: e }));
    }
    let card = |g: &Game| g.state().map.card(p(2, 2)).unwrap().markers.grenade_miss;
    assert!(card(&g));
    ok(&mut g, by(plt, Action::Exhort { unit: sq }));
    assert_eq!(unit(&g, e).grenaded, 1);
    assert!(card(&g), "the LMG's failure still leaves its Grenade Miss");
}

#[test]
fn rule_4_2_1_b_exhorting_a_failed_spot_spots_the_card() {
    let Fight {
        mut g, plt, sq, e, ..
    } = firefight();
    u(&mut g, e).spotted = false;
    let n = spotting_draws(&g, sq, p(3, 2));
    let mut deck = card_numbers(&g, n, no_crosshairs);
    deck.extend(card_numbers(&g, 1, crosshairs));
    top(&mut g, &deck);
    let ev = ok(
        &mut g,
        by(
            plt,
            Action::Spot {
                unit: sq,
                target: p(3, 2),
            },
        ),
    );
    assert_eq!(attempts(&ev), vec![(n, false)]);
    assert!(!unit(&g, e).spotted);
    let ev = ok(&mut g, by(plt, Action::Exhort { unit: sq }));
    assert_eq!(attempts(&ev), vec![(1, true)]);
    assert!(unit(&g, e).spotted);
}

#[test]
fn rule_4_2_1_b_exhorting_a_failed_grenade_attack_replaces_the_miss_with_a_hit() {
    let mut g = game();
    let (plt, sq) = (id(&g, "1plt_hq"), id(&g, "1_1"));
    put_all(&mut g, &[plt, sq], p(2, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    impulse(&mut g, Some(plt));
    // Two cards for the attempt, two for the German squad's free answer
    // (6.5.1), then the card Exhort draws.
    let mut deck = card_numbers(&g, 4, no_grenade);
    deck.extend(card_numbers(&g, 1, grenade));
    top(&mut g, &deck);
    let ev = ok(
        &mut g,
        by(
            plt,
            Action::Grenade {
                unit: sq,
                target: e,
            },
        ),
    );
    assert_eq!(
        attempts(&ev),
        vec![(2, false), (2, false)],
        "attempt and free answer"
    );
    let card = |g: &Game| g.state().map.card(p(2, 2)).unwrap().markers.grenade_miss;
    assert!(card(&g), "the failure leaves a Grenade Miss on the card");
    assert_eq!(unit(&g, e).grenaded, 0);
    ok(&mut g, by(plt, Action::Exhort { unit: sq }));
    assert_eq!(unit(&g, e).grenaded, 1);
    assert!(!card(&g), "the miss this attempt placed is taken back");
}

// ---------------------------------------------------------------------------
// 4.0, 4.1.4 The chain of command
// ---------------------------------------------------------------------------

#[test]
fn rule_4_0_a_plt_hq_orders_only_its_own_platoon() {
    let mut g = game();
    let (plt, mine, theirs) = (id(&g, "1plt_hq"), id(&g, "1_1"), id(&g, "2_1"));
    put_all(&mut g, &[plt, mine, theirs], p(1, 1));
    impulse(&mut g, Some(plt));
    let detach = |s| {
        by(
            plt,
            Action::DetachTeam {
                squad: s,
                kind: TeamKind::Fire,
            },
        )
    };
    let why = refused(&mut g, detach(theirs));
    assert!(why.contains("chain of command"), "{why}");
    ok(&mut g, detach(mine));
}

#[test]
fn rule_4_0_company_staff_do_not_order_the_co_hq_or_each_other() {
    // 4.0: an HQ commands its subordinates and itself; the CO HQ is
    // subordinate to the battalion, not to its own staff.
    let mut g = game();
    let (co, xo, sg) = (id(&g, "co_hq"), id(&g, "xo"), id(&g, "first_sgt"));
    put_all(&mut g, &[co, xo, sg], p(1, 1));
    impulse(&mut g, Some(xo));
    let cover = |x| by(xo, Action::SeekCover { unit: x });
    for x in [co, sg] {
        let why = refused(&mut g, cover(x));
        assert!(why.contains("chain of command"), "{why}");
    }
    // It still orders itself and the company's other units.
    let a = id(&g, "1_1");
    put_all(&mut g, &[a], p(1, 1));
    for x in [xo, a] {
        assert!(fof::engine::testing::orders::can_order(&g, Some(xo), x).is_ok());
    }
}

#[test]
fn rule_4_0_any_hq_orders_a_limited_action_team() {
    let mut g = game();
    let plt2 = id(&g, "2plt_hq");
    put_all(&mut g, &[plt2], p(1, 1));
    // A fire team of the 1st platoon takes orders from the 2nd PLT HQ.
    let ft = lat(&mut g, "us_fire_team", p(1, 1));
    impulse(&mut g, Some(plt2));
    ok(&mut g, by(plt2, Action::FireToAssault { unit: ft }));
    assert_eq!(unit(&g, ft).kind, UnitKind::AssaultTeam);
}

#[test]
fn rule_4_0_the_co_hq_and_company_staff_order_any_company_unit() {
    let mut g = game();
    let (co, xo, sg) = (id(&g, "co_hq"), id(&g, "xo"), id(&g, "first_sgt"));
    let (a, b, c) = (id(&g, "1_1"), id(&g, "2_1"), id(&g, "3_1"));
    put_all(&mut g, &[co, xo, sg, a, b, c], p(1, 1));
    let detach = |hq, s| {
        by(
            hq,
            Action::DetachTeam {
                squad: s,
                kind: TeamKind::Fire,
            },
        )
    };
    ok(&mut g, detach(co, a));
    impulse(&mut g, Some(xo));
    ok(&mut g, detach(xo, b));
    impulse(&mut g, Some(sg));
    ok(&mut g, detach(sg, c));
    for s in [a, b, c] {
        assert_eq!(unit(&g, s).steps, 3);
    }
}

#[test]
fn rule_4_1_4_an_hq_on_its_fire_team_side_orders_only_itself() {
    let mut g = game();
    let (plt, sq) = (id(&g, "1plt_hq"), id(&g, "1_1"));
    put_all(&mut g, &[plt, sq], p(1, 1));
    u(&mut g, plt).flipped = true;
    impulse(&mut g, Some(plt));
    let why = refused(
        &mut g,
        by(
            plt,
            Action::DetachTeam {
                squad: sq,
                kind: TeamKind::Fire,
            },
        ),
    );
    assert!(why.contains("fire-team side"), "{why}");
    ok(&mut g, by(plt, Action::RallyToFront { unit: plt }));
    assert!(!unit(&g, plt).flipped);
}

// ---------------------------------------------------------------------------
// 4.3 Communication
// ---------------------------------------------------------------------------

#[test]
fn rule_4_3_1_visual_verbal_needs_one_card_both_unpinned_and_the_same_cover() {
    let mut g = game();
    let (co, sq) = (id(&g, "co_hq"), id(&g, "1_1"));
    assert_eq!(link(&g, co, co), Some(Link::Itself));
    put_all(&mut g, &[co, sq], p(2, 2));
    assert_eq!(link(&g, co, sq), Some(Link::VisualVerbal));
    // Different cards: the squad has no radio.
    put_all(&mut g, &[sq], p(2, 3));
    assert_eq!(link(&g, co, sq), None);
    put_all(&mut g, &[sq], p(2, 2));
    // One under cover, the other in the open.
    let c1 = cover(&mut g, p(2, 2), CoverKind::Basic);
    let c2 = cover(&mut g, p(2, 2), CoverKind::Basic);
    u(&mut g, sq).cover = Some(c1);
    assert_eq!(link(&g, co, sq), None);
    // Both under the same cover marker.
    u(&mut g, co).cover = Some(c1);
    assert_eq!(link(&g, co, sq), Some(Link::VisualVerbal));
    // Under two different cover markers.
    u(&mut g, co).cover = Some(c2);
    assert_eq!(link(&g, co, sq), None);
    // Both in the open, but one pinned.
    put_all(&mut g, &[co, sq], p(2, 2));
    u(&mut g, sq).pinned = true;
    assert_eq!(link(&g, co, sq), None);
    u(&mut g, sq).pinned = false;
    u(&mut g, co).pinned = true;
    assert_eq!(link(&g, co, sq), None);
}

#[test]
fn rule_4_3_an_order_to_a_unit_out_of_communication_is_refused() {
    let mut g = game();
    let (co, sq) = (id(&g, "co_hq"), id(&g, "1_1"));
    put_all(&mut g, &[co], p(2, 2));
    put_all(&mut g, &[sq], p(2, 3));
    let detach = by(
        co,
        Action::DetachTeam {
            squad: sq,
            kind: TeamKind::Fire,
        },
    );
    let why = refused(&mut g, detach.clone());
    assert!(why.contains("not in communication"), "{why}");
    put_all(&mut g, &[sq], p(2, 2));
    ok(&mut g, detach);
}

#[test]
fn rule_4_3_5_a_a_handheld_radio_needs_los_and_works_through_smoke() {
    let mut g = game();
    let (co, plt) = (id(&g, "co_hq"), id(&g, "1plt_hq"));
    // Both carry an SCR-536 on the CO TAC net.
    put_all(&mut g, &[co], p(1, 1));
    put_all(&mut g, &[plt], p(3, 1));
    assert_eq!(link(&g, co, plt), Some(Link::Radio(Net::CoTac)));
    // Smoke between them blocks sight but not the radio.
    g.state_mut().map.card_mut(p(2, 1)).unwrap().markers.smoke = Some(SmokeKind::Smoke);
    assert!(!g.unit_sees(co, p(3, 1)));
    assert_eq!(link(&g, co, plt), Some(Link::Radio(Net::CoTac)));
    // A dark-bordered card between them cuts the LOS and the radio.
    g.state_mut().map.card_mut(p(2, 1)).unwrap().markers.smoke = None;
    lay(&mut g, p(2, 1), &[WALLED]);
    assert_eq!(link(&g, co, plt), None);
    // Orders follow: the squad-less PLT HQ is out of reach.
    let why = refused(&mut g, by(co, Action::FlipToFireTeam { unit: plt }));
    assert!(why.contains("not in communication"), "{why}");
}

#[test]
fn rule_4_3_5_a_a_handheld_radio_does_not_work_from_under_cover() {
    let mut g = game();
    let (co, plt) = (id(&g, "co_hq"), id(&g, "1plt_hq"));
    put_all(&mut g, &[co], p(1, 1));
    put_all(&mut g, &[plt], p(1, 2));
    assert_eq!(link(&g, co, plt), Some(Link::Radio(Net::CoTac)));
    let c = cover(&mut g, p(1, 2), CoverKind::Basic);
    u(&mut g, plt).cover = Some(c);
    assert_eq!(link(&g, co, plt), None);
    assert_eq!(link(&g, plt, co), None);
}

#[test]
fn rule_4_3_5_a_a_handheld_radio_does_not_work_when_its_holder_is_pinned() {
    // Decision: the SCR-536 example of 4.3 ("as long as none is under cover
    // or pinned") adds Pinned to the rule's cover marker.
    let mut g = game();
    let (co, plt) = (id(&g, "co_hq"), id(&g, "1plt_hq"));
    put_all(&mut g, &[co], p(1, 1));
    put_all(&mut g, &[plt], p(1, 2));
    assert_eq!(link(&g, co, plt), Some(Link::Radio(Net::CoTac)));
    u(&mut g, plt).pinned = true;
    assert_eq!(link(&g, co, plt), None);
    assert_eq!(link(&g, plt, co), None);
}

#[test]
fn rule_4_3_5_a_a_handheld_radio_reaches_as_if_in_daylight() {
    let mut g = new_game("dusk", Options::default());
    let (co, plt) = (id(&g, "co_hq"), id(&g, "1plt_hq"));
    put_all(&mut g, &[co], p(1, 1));
    put_all(&mut g, &[plt], p(3, 1));
    assert!(g.limited_visibility());
    assert!(!g.unit_sees(co, p(3, 1)), "at dusk sight reaches one card");
    assert_eq!(link(&g, co, plt), Some(Link::Radio(Net::CoTac)));
    ok(&mut g, by(co, Action::FlipToFireTeam { unit: plt }));
    assert!(unit(&g, plt).flipped);
}

#[test]
fn rule_4_3_5_b_manpack_radios_reach_anywhere_on_the_map() {
    let mut g = game();
    let (co, plt) = (id(&g, "co_hq"), id(&g, "1plt_hq"));
    let set = radio("set", RadioClass::Manpack, Net::CoTac);
    equip(&mut g, co, std::slice::from_ref(&set));
    equip(&mut g, plt, &[set]);
    put_all(&mut g, &[co], p(1, 1));
    put_all(&mut g, &[plt], p(4, 3));
    lay(&mut g, p(2, 2), &[WALLED]);
    lay(&mut g, p(3, 3), &[WALLED]);
    let c = cover(&mut g, p(4, 3), CoverKind::Basic);
    u(&mut g, plt).cover = Some(c);
    assert_eq!(link(&g, co, plt), Some(Link::Radio(Net::CoTac)));
    ok(&mut g, by(co, Action::FlipToFireTeam { unit: plt }));
}

#[test]
fn rule_4_3_3_co_tac_sets_talk_only_with_the_co_hqs_set() {
    let mut g = game();
    let (co, plt1, plt2) = (id(&g, "co_hq"), id(&g, "1plt_hq"), id(&g, "2plt_hq"));
    put_all(&mut g, &[plt1], p(1, 1));
    put_all(&mut g, &[plt2], p(1, 3));
    assert!(g.unit_sees(plt1, p(1, 3)));
    assert_eq!(link(&g, plt1, plt2), None, "no CO HQ set between them");
    put_all(&mut g, &[co], p(1, 2));
    assert_eq!(link(&g, co, plt1), Some(Link::Radio(Net::CoTac)));
    assert_eq!(link(&g, plt2, co), Some(Link::Radio(Net::CoTac)));
    assert_eq!(link(&g, plt1, plt2), None);
}

#[test]
fn rule_4_3_3_forward_observers_may_not_use_the_co_tac_net() {
    let mut g = game();
    let (co, fo) = (id(&g, "co_hq"), id(&g, "fo_arty"));
    let set = radio("set", RadioClass::Manpack, Net::CoTac);
    equip(&mut g, co, std::slice::from_ref(&set));
    equip(&mut g, fo, &[set]);
    put_all(&mut g, &[co], p(1, 1));
    put_all(&mut g, &[fo], p(1, 2));
    assert_eq!(link(&g, co, fo), None);
}

#[test]
fn rule_4_3_4_a_phone_reaches_the_co_hqs_phone_from_its_card_or_an_adjacent_one() {
    let mut g = game();
    let (co, plt) = (id(&g, "co_hq"), id(&g, "1plt_hq"));
    let phone = Asset::Phone { net: Net::CoTac };
    equip(&mut g, co, std::slice::from_ref(&phone));
    equip(&mut g, plt, &[phone]);
    // Same card, different cover: the phone carries the order.
    put_all(&mut g, &[co, plt], p(2, 2));
    let c = cover(&mut g, p(2, 2), CoverKind::Basic);
    u(&mut g, co).cover = Some(c);
    assert_eq!(link(&g, co, plt), Some(Link::Phone(Net::CoTac)));
    // Adjacent card.
    put_all(&mut g, &[plt], p(3, 3));
    assert_eq!(link(&g, co, plt), Some(Link::Phone(Net::CoTac)));
    // Two cards away with no phone line.
    put_all(&mut g, &[plt], p(4, 2));
    assert_eq!(link(&g, co, plt), None);
}

#[test]
fn rule_4_3_4_without_wire_a_distant_phone_does_not_connect_and_the_search_ends() {
    // Regression: the search once walked along row 0 past the staging
    // area until the column number overflowed.
    let g = game();
    assert!(!fof::engine::testing::orders::wire_connects(
        &g,
        p(0, 1),
        p(3, 3)
    ));
    assert!(!fof::engine::testing::orders::wire_connects(
        &g,
        p(3, 3),
        p(0, 2)
    ));
    assert!(fof::engine::testing::orders::wire_connects(
        &g,
        p(0, 1),
        p(0, 3)
    ));
}

#[test]
fn rule_4_3_4_phone_lines_carry_the_call_and_a_cut_line_breaks_it() {
    let mut g = game();
    let (co, plt) = (id(&g, "co_hq"), id(&g, "1plt_hq"));
    let phone = Asset::Phone { net: Net::CoTac };
    equip(&mut g, co, std::slice::from_ref(&phone));
    equip(&mut g, plt, &[phone]);
    put_all(&mut g, &[co], p(1, 1));
    put_all(&mut g, &[plt], p(4, 1));
    let line = |g: &mut Game, pos: CardPos, cut: bool| {
        g.state_mut().map.card_mut(pos).unwrap().markers.phone_line = Some(cut);
    };
    line(&mut g, p(2, 1), false);
    assert_eq!(link(&g, co, plt), None, "the string has a gap on R3C1");
    line(&mut g, p(3, 1), false);
    assert_eq!(link(&g, co, plt), Some(Link::Phone(Net::CoTac)));
    assert!(orders::wire_connects(&g, p(4, 1), p(1, 1)));
    line(&mut g, p(3, 1), true);
    assert_eq!(link(&g, co, plt), None);
    assert!(!orders::wire_connects(&g, p(4, 1), p(1, 1)));
    let why = refused(&mut g, by(co, Action::FlipToFireTeam { unit: plt }));
    assert!(why.contains("not in communication"), "{why}");
}

#[test]
fn rule_4_3_4_phones_talk_only_on_one_net_through_the_co_hq() {
    let mut g = game();
    let (co, plt1, plt2) = (id(&g, "co_hq"), id(&g, "1plt_hq"), id(&g, "2plt_hq"));
    for x in [co, plt1, plt2] {
        equip(&mut g, x, &[Asset::Phone { net: Net::CoTac }]);
    }
    put_all(&mut g, &[plt1], p(2, 1));
    put_all(&mut g, &[plt2], p(2, 2));
    assert_eq!(link(&g, plt1, plt2), None, "CO TAC phones ring the CO HQ");
    put_all(&mut g, &[co], p(1, 1));
    assert_eq!(link(&g, co, plt1), Some(Link::Phone(Net::CoTac)));
    equip(&mut g, plt1, &[Asset::Phone { net: Net::BnTac }]);
    assert_eq!(link(&g, co, plt1), None, "a phone on another net");
}

#[test]
fn rule_4_2_1_k_a_cut_line_is_repaired_by_a_good_order_unit_with_an_hq_on_the_card() {
    let mut g = game();
    let (co, sq) = (id(&g, "co_hq"), id(&g, "1_1"));
    put_all(&mut g, &[co, sq], p(2, 1));
    let repair = by(co, Action::RepairLine { unit: sq });
    let why = refused(&mut g, repair.clone());
    assert!(why.contains("no cut phone line"), "{why}");
    g.state_mut()
        .map
        .card_mut(p(2, 1))
        .unwrap()
        .markers
        .phone_line = Some(true);
    ok(&mut g, repair.clone());
    assert_eq!(
        g.state().map.card(p(2, 1)).unwrap().markers.phone_line,
        Some(false)
    );
    // The HQ one card away talks to the squad by radio, but is not on the
    // card with the cut line.
    let mut g = game();
    let (co, sq) = (id(&g, "co_hq"), id(&g, "1_1"));
    equip(
        &mut g,
        sq,
        &[radio("set", RadioClass::Handheld, Net::CoTac)],
    );
    put_all(&mut g, &[co], p(1, 1));
    put_all(&mut g, &[sq], p(2, 1));
    g.state_mut()
        .map
        .card_mut(p(2, 1))
        .unwrap()
        .markers
        .phone_line = Some(true);
    assert_eq!(link(&g, co, sq), Some(Link::Radio(Net::CoTac)));
    let why = refused(&mut g, repair.clone());
    assert!(why.contains("on the card"), "{why}");
    // A pinned unit does not repair lines.
    put_all(&mut g, &[co], p(2, 1));
    u(&mut g, sq).pinned = true;
    refused(&mut g, repair);
}

#[test]
fn rule_13_3_abstract_communications_reach_everywhere_unless_the_hq_is_pinned() {
    let mut g = new_game(
        "day",
        Options {
            abstract_comms: true,
            ..Options::default()
        },
    );
    let (co, a, b) = (id(&g, "co_hq"), id(&g, "1_1"), id(&g, "2_1"));
    put_all(&mut g, &[co], p(1, 1));
    put_all(&mut g, &[a, b], p(4, 3));
    let c = cover(&mut g, p(4, 3), CoverKind::Basic);
    u(&mut g, a).cover = Some(c);
    assert_eq!(link(&g, co, a), Some(Link::Abstract));
    let detach = |s| {
        by(
            co,
            Action::DetachTeam {
                squad: s,
                kind: TeamKind::Fire,
            },
        )
    };
    ok(&mut g, detach(a));
    // A pinned HQ commands only itself.
    u(&mut g, co).pinned = true;
    assert_eq!(link(&g, co, b), None);
    let why = refused(&mut g, detach(b));
    assert!(why.contains("not in communication"), "{why}");
    ok(&mut g, by(co, Action::RemovePin { unit: co }));
    assert!(!unit(&g, co).pinned);
}

// ---------------------------------------------------------------------------
// 4.2.1 f-h, 4.3.2 Runners
// ---------------------------------------------------------------------------

fn last_unit(g: &Game) -> UnitId {
    UnitId(g.state().units.len() as u16 - 1)
}

#[test]
fn rule_4_2_1_f_the_co_hq_creates_a_runner_from_a_step() {
    let mut g = game();
    let (co, sq) = (id(&g, "co_hq"), id(&g, "1_1"));
    put_all(&mut g, &[co, sq], p(1, 1));
    ok(&mut g, by(co, Action::CreateRunner { from: sq }));
    let r = last_unit(&g);
    assert_eq!(unit(&g, r).kind, UnitKind::Runner);
    assert_eq!(unit(&g, r).pos, p(1, 1));
    assert!(unit(&g, r).in_play());
    assert_eq!(unit(&g, sq).steps, 3);
}

#[test]
fn rule_4_2_1_f_only_the_co_hq_creates_runners() {
    let mut g = game();
    let (plt, sq) = (id(&g, "1plt_hq"), id(&g, "1_1"));
    put_all(&mut g, &[plt, sq], p(1, 1));
    impulse(&mut g, Some(plt));
    let why = refused(&mut g, by(plt, Action::CreateRunner { from: sq }));
    assert!(why.contains("only the CO HQ"), "{why}");
}

#[test]
fn rule_4_2_1_f_runners_come_from_good_order_units_or_fire_and_assault_teams() {
    let mut g = game();
    let co = id(&g, "co_hq");
    put_all(&mut g, &[co], p(1, 1));
    let para = lat(&mut g, "us_paralyzed_team", p(1, 1));
    let why = refused(&mut g, by(co, Action::CreateRunner { from: para }));
    assert!(why.contains("runner comes from"), "{why}");
    let ft = lat(&mut g, "us_fire_team", p(1, 1));
    ok(&mut g, by(co, Action::CreateRunner { from: ft }));
    assert!(!unit(&g, ft).in_play(), "its only step became the runner");
    assert_eq!(unit(&g, last_unit(&g)).kind, UnitKind::Runner);
}

#[test]
fn rule_4_3_2_no_more_than_two_runners_in_play() {
    let mut g = game();
    let co = id(&g, "co_hq");
    let squads = [id(&g, "1_1"), id(&g, "1_2"), id(&g, "1_3")];
    put_all(&mut g, &[co], p(1, 1));
    put_all(&mut g, &squads, p(1, 1));
    ok(&mut g, by(co, Action::CreateRunner { from: squads[0] }));
    ok(&mut g, by(co, Action::CreateRunner { from: squads[1] }));
    let why = refused(&mut g, by(co, Action::CreateRunner { from: squads[2] }));
    assert!(why.contains("two runners"), "{why}");
}

/// The CO HQ and squad 1/1 on R1C1, the 1st PLT HQ on R3C3, and a runner
/// just created from the squad.
fn runner_position() -> (Game, UnitId, UnitId, UnitId) {
    let mut g = game();
    let (co, plt, sq) = (id(&g, "co_hq"), id(&g, "1plt_hq"), id(&g, "1_1"));
    put_all(&mut g, &[co, sq], p(1, 1));
    put_all(&mut g, &[plt], p(3, 3));
    ok(&mut g, by(co, Action::CreateRunner { from: sq }));
    let r = last_unit(&g);
    (g, co, plt, r)
}

#[test]
fn rule_4_2_1_g_a_dispatched_runner_activates_the_hq_next_turn_and_returns_exposed() {
    let (mut g, co, plt, r) = runner_position();
    ok(
        &mut g,
        by(co, Action::DispatchRunner { runner: r, to: plt }),
    );
    assert_eq!(unit(&g, r).pos, p(3, 3), "the runner goes to the PLT HQ");
    assert!(unit(&g, r).exposed);
    assert!(!g.state().hq_state(plt).unwrap().activated);
    advance_to_turn(&mut g, 2);
    assert!(
        g.state().hq_state(plt).unwrap().activated,
        "the PLT HQ is activated on the next turn"
    );
    assert_eq!(
        unit(&g, r).pos,
        p(1, 1),
        "the runner is back with the CO HQ"
    );
    assert!(unit(&g, r).exposed);
    assert!(
        g.hq_candidates(fof::engine::kernel::sequence::Step::ActivatedImpulses)
            .contains(&plt)
    );
}

#[test]
fn rule_3_3_1_b_the_player_may_decline_the_runners_activation() {
    // 3.3.1 B: "You may also activate": the runner's arrival is a question,
    // with activating suggested; declined, the HQ draws on its own
    // initiative and the runner still returns to the CO HQ.
    use fof::engine::kernel::input::{Choice, Decision};
    let (mut g, co, plt, r) = runner_position();
    ok(
        &mut g,
        by(co, Action::DispatchRunner { runner: r, to: plt }),
    );
    for _ in 0..400 {
        if matches!(g.prompt().decision, Decision::Choose(Choice::Runner { .. })) {
            break;
        }
        play_on(&mut g);
    }
    assert_eq!(
        g.prompt().decision,
        Decision::Choose(Choice::Runner { runner: r, hq: plt })
    );
    assert_eq!(g.prompt().rule, "3.3.1 B");
    let yes = Input::Answer(Answer::RunnerActivates {
        runner: r,
        hq: plt,
        activate: true,
    });
    let no = Input::Answer(Answer::RunnerActivates {
        runner: r,
        hq: plt,
        activate: false,
    });
    assert_eq!(g.legal_inputs(), vec![yes.clone(), no.clone()]);
    assert_eq!(g.suggestion(), Some(yes));
    // Nothing else is taken while the question waits.
    let why = g.apply(&Input::EndImpulse).unwrap_err();
    assert!(why.text.contains("3.3.1 B"), "{why}");
    ok(&mut g, no);
    assert!(!g.state().hq_state(plt).unwrap().activated);
    assert_eq!(unit(&g, r).pos, p(1, 1), "the runner is back all the same");
}

#[test]
fn rule_4_3_2_a_pinned_runner_does_not_activate_the_hq() {
    let (mut g, co, plt, r) = runner_position();
    ok(
        &mut g,
        by(co, Action::DispatchRunner { runner: r, to: plt }),
    );
    // Fire on the PLT HQ's card keeps the runner pinned through the turn.
    u(&mut g, r).pinned = true;
    under_vof(&mut g, p(3, 3));
    advance_to_turn(&mut g, 2);
    assert!(unit(&g, r).pinned);
    assert!(!g.state().hq_state(plt).unwrap().activated);
}

#[test]
fn rule_4_2_1_g_runners_go_to_a_plt_hq_or_company_staff_on_the_map() {
    let (mut g, co, _, r) = runner_position();
    let (sq, xo) = (id(&g, "1_2"), id(&g, "xo"));
    put_all(&mut g, &[sq], p(2, 2));
    let why = refused(&mut g, by(co, Action::DispatchRunner { runner: r, to: sq }));
    assert!(why.contains("platoon HQ or company staff"), "{why}");
    assert!(unit(&g, xo).pos.is_staging());
    refused(&mut g, by(co, Action::DispatchRunner { runner: r, to: xo }));
    put_all(&mut g, &[xo], p(2, 2));
    ok(&mut g, by(co, Action::DispatchRunner { runner: r, to: xo }));
    assert_eq!(unit(&g, r).pos, p(2, 2));
}

#[test]
fn rule_4_2_1_h_a_dismissed_runner_rejoins_a_squad_below_strength_on_the_co_hqs_card() {
    let (mut g, co, _, r) = runner_position();
    let (sq, full, away) = (id(&g, "1_1"), id(&g, "1_2"), id(&g, "1_3"));
    put_all(&mut g, &[full], p(1, 1));
    put_all(&mut g, &[away], p(1, 2));
    u(&mut g, away).steps = 3;
    let why = refused(
        &mut g,
        by(
            co,
            Action::DismissRunner {
                runner: r,
                into: full,
            },
        ),
    );
    assert!(why.contains("cannot absorb"), "{why}");
    refused(
        &mut g,
        by(
            co,
            Action::DismissRunner {
                runner: r,
                into: away,
            },
        ),
    );
    ok(
        &mut g,
        by(
            co,
            Action::DismissRunner {
                runner: r,
                into: sq,
            },
        ),
    );
    assert_eq!(unit(&g, sq).steps, 4);
    assert!(!unit(&g, r).in_play());
}

// ---------------------------------------------------------------------------
// 4.2.1 c, 4.3.6 Pyrotechnics
// ---------------------------------------------------------------------------

fn pyro_count(g: &Game, id: UnitId, device: Pyro) -> u8 {
    unit(g, id)
        .assets
        .iter()
        .find_map(|a| match a {
            Asset::Pyro(d, n) if *d == device => Some(*n),
            _ => None,
        })
        .unwrap_or(0)
}

#[test]
fn rule_4_2_1_c_smoke_goes_on_the_units_own_card_and_blocks_sight_out_of_it() {
    let mut g = game();
    let plt = id(&g, "1plt_hq");
    let watcher = id(&g, "1_1");
    put_all(&mut g, &[plt], p(1, 2));
    put_all(&mut g, &[watcher], p(3, 2));
    impulse(&mut g, Some(plt));
    assert_eq!(pyro_count(&g, plt, Pyro::Smoke), 2);
    let smoke = |at| {
        by(
            plt,
            Action::DeployPyro {
                unit: plt,
                device: Pyro::Smoke,
                at,
            },
        )
    };
    let why = refused(&mut g, smoke(p(2, 2)));
    assert!(why.contains("aerial"), "{why}");
    assert!(g.unit_sees(plt, p(3, 2)));
    ok(&mut g, smoke(p(1, 2)));
    assert_eq!(
        g.state().map.card(p(1, 2)).unwrap().markers.smoke,
        Some(SmokeKind::Smoke)
    );
    assert_eq!(pyro_count(&g, plt, Pyro::Smoke), 1, "one device used up");
    assert!(!g.unit_sees(plt, p(3, 2)), "no sight out of the smoke");
    assert!(g.unit_sees(watcher, p(1, 2)), "sight into it remains");
}

#[test]
fn rule_4_3_6_d_a_cs_grenade_screens_its_card_like_smoke() {
    let mut g = game();
    let plt = id(&g, "1plt_hq");
    let watcher = id(&g, "1_1");
    put_all(&mut g, &[plt], p(1, 2));
    put_all(&mut g, &[watcher], p(3, 2));
    g.state_mut()
        .unit_mut(plt)
        .assets
        .push(Asset::Pyro(Pyro::CsGas, 1));
    impulse(&mut g, Some(plt));
    ok(
        &mut g,
        by(
            plt,
            Action::DeployPyro {
                unit: plt,
                device: Pyro::CsGas,
                at: p(1, 2),
            },
        ),
    );
    assert_eq!(
        g.state().map.card(p(1, 2)).unwrap().markers.smoke,
        Some(SmokeKind::Cs)
    );
    assert_eq!(pyro_count(&g, plt, Pyro::CsGas), 0);
    assert!(!g.unit_sees(plt, p(3, 2)), "no sight out of the gas");
    assert!(g.unit_sees(watcher, p(1, 2)), "sight into it remains");
}

#[test]
fn rule_4_2_1_c_an_aerial_signal_bursts_over_the_units_card_or_an_adjacent_one() {
    let mut g = game();
    let co = id(&g, "co_hq");
    put_all(&mut g, &[co], p(2, 2));
    let star = |at| {
        by(
            co,
            Action::DeployPyro {
                unit: co,
                device: Pyro::GreenStarCluster,
                at,
            },
        )
    };
    let why = refused(&mut g, star(p(4, 2)));
    assert!(why.contains("adjacent"), "{why}");
    ok(&mut g, star(p(3, 3)));
    assert_eq!(
        g.state().map.card(p(3, 3)).unwrap().markers.signals,
        vec![Pyro::GreenStarCluster]
    );
    assert_eq!(pyro_count(&g, co, Pyro::GreenStarCluster), 0);
    // The device is used up: in a later impulse it is gone.
    impulse(&mut g, Some(co));
    let why = refused(&mut g, star(p(2, 2)));
    assert!(why.contains("carries no"), "{why}");
    // The other device is still there and may burst over the own card.
    ok(
        &mut g,
        by(
            co,
            Action::DeployPyro {
                unit: co,
                device: Pyro::RedStarCluster,
                at: p(2, 2),
            },
        ),
    );
}

#[test]
fn rule_4_2_1_c_a_hand_flare_lights_an_adjacent_card() {
    let mut g = game();
    let co = id(&g, "co_hq");
    put_all(&mut g, &[co], p(2, 2));
    u(&mut g, co).assets.push(Asset::Pyro(Pyro::HandFlare, 1));
    ok(
        &mut g,
        by(
            co,
            Action::DeployPyro {
                unit: co,
                device: Pyro::HandFlare,
                at: p(3, 2),
            },
        ),
    );
    assert!(
        g.state()
            .map
            .card(p(3, 2))
            .unwrap()
            .markers
            .illumination
            .is_some()
    );
    assert_eq!(pyro_count(&g, co, Pyro::HandFlare), 0);
}

#[test]
fn rule_4_2_1_c_only_a_good_order_unit_deploys_a_device() {
    let mut g = game();
    let plt = id(&g, "1plt_hq");
    put_all(&mut g, &[plt], p(1, 2));
    u(&mut g, plt).pinned = true;
    impulse(&mut g, Some(plt));
    let why = refused(
        &mut g,
        by(
            plt,
            Action::DeployPyro {
                unit: plt,
                device: Pyro::Smoke,
                at: p(1, 2),
            },
        ),
    );
    assert!(why.contains("Good Order"), "{why}");
}

// ---------------------------------------------------------------------------
// 4.2.1 d, e, 10.2.2 Reconstituting HQs
// ---------------------------------------------------------------------------

#[test]
fn rule_4_2_1_d_a_plt_hq_returns_green_from_a_step_of_its_platoon() {
    let mut g = game();
    let (co, plt, sq, other) = (
        id(&g, "co_hq"),
        id(&g, "1plt_hq"),
        id(&g, "1_1"),
        id(&g, "2_1"),
    );
    put_all(&mut g, &[co, sq, other], p(2, 2));
    let rebuild = |from| by(co, Action::ReconstitutePltHq { from, plt });
    let why = refused(&mut g, rebuild(sq));
    assert!(why.contains("still in play"), "{why}");
    assert_eq!(unit(&g, plt).experience, Experience::Line);
    u(&mut g, plt).removed = true;
    // A squad of another platoon cannot stand in.
    refused(&mut g, rebuild(other));
    ok(&mut g, rebuild(sq));
    let h = unit(&g, plt);
    assert!(h.in_play());
    assert_eq!(h.pos, p(2, 2));
    assert_eq!(h.experience, Experience::Green);
    assert_eq!(unit(&g, sq).steps, 3);
}

#[test]
fn rule_4_2_1_d_the_co_hq_or_company_staff_reconstitute_a_plt_hq() {
    let mut g = game();
    let (plt1, plt2, xo, sq) = (
        id(&g, "1plt_hq"),
        id(&g, "2plt_hq"),
        id(&g, "xo"),
        id(&g, "1_1"),
    );
    u(&mut g, plt1).removed = true;
    put_all(&mut g, &[plt2, xo, sq], p(2, 2));
    impulse(&mut g, Some(plt2));
    let why = refused(
        &mut g,
        by(
            plt2,
            Action::ReconstitutePltHq {
                from: sq,
                plt: plt1,
            },
        ),
    );
    assert!(why.contains("only the CO HQ or company staff"), "{why}");
    impulse(&mut g, Some(xo));
    ok(
        &mut g,
        by(
            xo,
            Action::ReconstitutePltHq {
                from: sq,
                plt: plt1,
            },
        ),
    );
    assert!(unit(&g, plt1).in_play());
}

#[test]
fn rule_4_2_1_e_the_xo_takes_over_the_company_first() {
    let mut g = game();
    let (co, xo, plt) = (id(&g, "co_hq"), id(&g, "xo"), id(&g, "1plt_hq"));
    u(&mut g, co).removed = true;
    put_all(&mut g, &[xo, plt], p(2, 2));
    impulse(&mut g, Some(xo));
    let why = refused(&mut g, by(xo, Action::ReconstituteCoHq { from: plt }));
    assert!(why.contains("order of precedence"), "{why}");
    ok(&mut g, by(xo, Action::ReconstituteCoHq { from: xo }));
    assert!(unit(&g, co).in_play());
    assert_eq!(unit(&g, co).pos, p(2, 2));
    assert!(!unit(&g, xo).in_play(), "the XO became the CO HQ");
    // 10.2.2: reconstituted HQs always enter play Green.
    assert_eq!(unit(&g, co).experience, Experience::Green);
}

#[test]
fn rule_4_2_1_e_order_of_precedence_xo_plt_hq_arty_fo_first_sergeant_then_a_step() {
    let mut g = game();
    let co = id(&g, "co_hq");
    let xo = id(&g, "xo");
    let plts = [id(&g, "1plt_hq"), id(&g, "2plt_hq"), id(&g, "3plt_hq")];
    let (fo, sg) = (id(&g, "fo_arty"), id(&g, "first_sgt"));
    u(&mut g, co).removed = true;
    assert_eq!(co_successor(&g), Some(xo));
    u(&mut g, xo).removed = true;
    assert!(plts.contains(&co_successor(&g).expect("a PLT HQ")));
    for h in plts {
        u(&mut g, h).removed = true;
    }
    assert_eq!(co_successor(&g), Some(fo));
    u(&mut g, fo).removed = true;
    assert_eq!(co_successor(&g), Some(sg));
    u(&mut g, sg).removed = true;
    let step = co_successor(&g).expect("a Good Order step");
    assert!(unit(&g, step).good_order() && !unit(&g, step).is_hq_or_staff());
}

#[test]
fn rule_10_2_2_any_platoon_hq_may_take_over_the_company_the_player_picks() {
    // 10.2.2: the XO gone, "any Platoon HQ": each is a legal recipient,
    // not only the first.
    let mut g = game();
    let (co, xo, sg) = (id(&g, "co_hq"), id(&g, "xo"), id(&g, "first_sgt"));
    let plts = [id(&g, "1plt_hq"), id(&g, "2plt_hq"), id(&g, "3plt_hq")];
    u(&mut g, co).removed = true;
    u(&mut g, xo).removed = true;
    put_all(&mut g, &[sg, plts[0], plts[1], plts[2]], p(2, 2));
    assert_eq!(
        fof::engine::testing::command::co_successors(&g),
        plts.to_vec()
    );
    impulse(&mut g, Some(sg));
    for h in plts {
        assert!(
            legal(&g, &by(sg, Action::ReconstituteCoHq { from: h })),
            "{h:?}"
        );
    }
    // The first sergeant is below them in the order: refused, naming them.
    let why = refused(&mut g, by(sg, Action::ReconstituteCoHq { from: sg }));
    assert!(why.contains("only 1 PLT HQ, 2 PLT HQ or 3 PLT HQ"), "{why}");
    ok(&mut g, by(sg, Action::ReconstituteCoHq { from: plts[2] }));
    assert!(unit(&g, co).in_play());
    assert!(
        !unit(&g, plts[2]).in_play(),
        "the 3rd platoon's HQ took over"
    );
    assert!(unit(&g, plts[0]).in_play() && unit(&g, plts[1]).in_play());
}

#[test]
fn rule_10_2_2_a_higher_unit_on_its_fire_team_side_is_not_skipped() {
    let mut g = game();
    let (co, xo, sg, plt) = (
        id(&g, "co_hq"),
        id(&g, "xo"),
        id(&g, "first_sgt"),
        id(&g, "1plt_hq"),
    );
    u(&mut g, co).removed = true;
    u(&mut g, xo).flipped = true;
    put_all(&mut g, &[xo, sg, plt], p(2, 2));
    assert_eq!(co_successor(&g), None, "the XO must rally first");
    impulse(&mut g, Some(sg));
    refused(&mut g, by(sg, Action::ReconstituteCoHq { from: plt }));
    // Rallied to its command side, the XO takes over.
    u(&mut g, xo).flipped = false;
    assert_eq!(co_successor(&g), Some(xo));
    ok(&mut g, by(sg, Action::ReconstituteCoHq { from: xo }));
    assert!(unit(&g, co).in_play());
}

#[test]
fn rule_4_2_1_e_only_battalion_or_company_staff_reconstitute_the_co_hq() {
    let mut g = game();
    let (co, xo, plt) = (id(&g, "co_hq"), id(&g, "xo"), id(&g, "1plt_hq"));
    u(&mut g, co).removed = true;
    put_all(&mut g, &[xo, plt], p(2, 2));
    impulse(&mut g, Some(plt));
    let why = refused(&mut g, by(plt, Action::ReconstituteCoHq { from: xo }));
    assert!(why.contains("staff"), "{why}");
}

// ---------------------------------------------------------------------------
// 4.2.1 l Casualty collection point
// ---------------------------------------------------------------------------

#[test]
fn rule_4_2_1_l_the_co_hq_designates_a_casualty_collection_point_on_its_card() {
    let mut g = game();
    let (co, plt) = (id(&g, "co_hq"), id(&g, "1plt_hq"));
    // Not from the staging area.
    let why = refused(&mut g, by(co, Action::DesignateCasualtyPoint));
    assert!(why.contains("on the map"), "{why}");
    put_all(&mut g, &[co], p(2, 2));
    ok(&mut g, by(co, Action::DesignateCasualtyPoint));
    assert_eq!(
        g.state().map.point(PointControl::CasualtyPoint),
        Some(p(2, 2))
    );
    impulse(&mut g, Some(co));
    refused(&mut g, by(co, Action::DesignateCasualtyPoint));
    // A PLT HQ designates controls only on a patrol.
    put_all(&mut g, &[plt], p(3, 3));
    impulse(&mut g, Some(plt));
    let why = refused(&mut g, by(plt, Action::DesignateCasualtyPoint));
    assert!(why.contains("only the CO HQ"), "{why}");
    // Moving on: a new point replaces the old one.
    put_all(&mut g, &[co], p(3, 1));
    impulse(&mut g, Some(co));
    ok(&mut g, by(co, Action::DesignateCasualtyPoint));
    let points: Vec<_> = g
        .state()
        .map
        .controls
        .points
        .iter()
        .filter(|(k, _)| *k == PointControl::CasualtyPoint)
        .collect();
    assert_eq!(points, vec![&(PointControl::CasualtyPoint, p(3, 1))]);
}

// ---------------------------------------------------------------------------
// 4.2.3, 4.2.5, 10.1 Rally actions
// ---------------------------------------------------------------------------

#[test]
fn rule_4_2_3_a_removing_a_pin_is_automatic_without_a_vof() {
    let mut g = game();
    let plt = id(&g, "1plt_hq");
    put_all(&mut g, &[plt], p(2, 2));
    u(&mut g, plt).pinned = true;
    impulse(&mut g, Some(plt));
    let before = drawn(&g);
    ok(&mut g, by(plt, Action::RemovePin { unit: plt }));
    assert_eq!(drawn(&g), before, "no card is drawn");
    assert!(!unit(&g, plt).pinned);
}

#[test]
fn rule_4_2_3_a_a_mines_marker_is_a_vof_marker_for_removing_a_pin() {
    // A play test saw Remove Pinned Marker offered as sure on a mined
    // card: 9.5 names the marker a Mines VOF marker, and 4.2.3 a is
    // automatic only on a card with no VOF marker.
    let mut g = game();
    let plt = id(&g, "1plt_hq");
    put_all(&mut g, &[plt], p(2, 2));
    u(&mut g, plt).pinned = true;
    g.state_mut().map.card_mut(p(2, 2)).unwrap().markers.mines = true;
    impulse(&mut g, Some(plt));
    let deck = card_numbers(&g, 2, no_rally);
    top(&mut g, &deck);
    let ev = ok(&mut g, by(plt, Action::RemovePin { unit: plt }));
    assert_eq!(attempts(&ev), vec![(2, false)]);
    assert!(unit(&g, plt).pinned, "failure does nothing");
}

#[test]
fn rule_4_2_3_a_under_a_vof_removing_a_pin_needs_the_word_rally() {
    let (mut g, plt) = pinned_plt_hq();
    let deck = card_numbers(&g, 2, no_rally);
    top(&mut g, &deck);
    let ev = ok(&mut g, by(plt, Action::RemovePin { unit: plt }));
    assert_eq!(attempts(&ev), vec![(2, false)]);
    assert!(unit(&g, plt).pinned, "failure does nothing");
    let (mut g, plt) = pinned_plt_hq();
    rally_on_the_second_card(&mut g);
    let ev = ok(&mut g, by(plt, Action::RemovePin { unit: plt }));
    assert_eq!(attempts(&ev), vec![(2, true)]);
    assert!(!unit(&g, plt).pinned);
}

#[test]
fn rule_4_2_3_a_a_pinned_unit_still_hears_the_order_to_remove_its_pin() {
    // Digest, "Using Visual-Verbal Communication": pinned units can always
    // receive an order to attempt to remove a Pinned marker. Decision: the
    // recipient's Pinned marker does not break visual-verbal contact for
    // this one order; the originator must still share its card and cover.
    let mut g = game();
    let (co, sq) = (id(&g, "co_hq"), id(&g, "1_1"));
    put_all(&mut g, &[co, sq], p(2, 2));
    u(&mut g, sq).pinned = true;
    under_vof(&mut g, p(2, 2));
    assert_eq!(link(&g, co, sq), None);
    let detach = by(
        co,
        Action::DetachTeam {
            squad: sq,
            kind: TeamKind::Fire,
        },
    );
    refused(&mut g, detach);
    let mut deck = card_numbers(&g, 2, no_rally);
    deck.extend(card_numbers(&g, 1, rally));
    top(&mut g, &deck);
    let ev = ok(&mut g, by(co, Action::RemovePin { unit: sq }));
    assert_eq!(attempts(&ev), vec![(2, false)]);
    // The brief's example: the failed attempt is exhorted with a Rally card.
    let ev = ok(&mut g, by(co, Action::Exhort { unit: sq }));
    assert_eq!(attempts(&ev), vec![(1, true)]);
    assert!(!unit(&g, sq).pinned);
    // Not from another card.
    let mut g = game();
    let (co, sq) = (id(&g, "co_hq"), id(&g, "1_1"));
    put_all(&mut g, &[co], p(2, 1));
    put_all(&mut g, &[sq], p(2, 2));
    u(&mut g, sq).pinned = true;
    let why = refused(&mut g, by(co, Action::RemovePin { unit: sq }));
    assert!(why.contains("not in communication"), "{why}");
}

#[test]
fn rule_4_2_3_rally_draws_follow_the_originators_experience() {
    // 4.2: rally draws are modified by the HQ giving the order, not by the
    // unit rallying (a Green fire team here).
    for (hq, n) in [("2plt_hq", 3), ("1plt_hq", 2), ("3plt_hq", 1)] {
        let mut g = game();
        let h = id(&g, hq);
        put_all(&mut g, &[h], p(2, 2));
        let ft = lat(&mut g, "us_fire_team", p(2, 2));
        under_vof(&mut g, p(2, 2));
        impulse(&mut g, Some(h));
        let deck = card_numbers(&g, 3, no_rally);
        top(&mut g, &deck);
        let ev = ok(&mut g, by(h, Action::FireToAssault { unit: ft }));
        assert_eq!(attempts(&ev), vec![(n, false)], "{hq}");
    }
}

#[test]
fn rule_4_2_3_under_general_initiative_rally_draws_follow_the_unit() {
    // Decision: with no originator (3.3.2 D) the rallying unit's own
    // experience modifies the draw.
    let mut g = game();
    let ft = lat(&mut g, "us_fire_team", p(2, 2));
    under_vof(&mut g, p(2, 2));
    impulse(&mut g, None);
    let deck = card_numbers(&g, 2, no_rally);
    top(&mut g, &deck);
    let ev = ok(&mut g, order(None, Action::FireToAssault { unit: ft }));
    assert_eq!(
        attempts(&ev),
        vec![(1, false)],
        "a Green fire team draws one"
    );
}

#[test]
fn rule_10_1_1_a_rallied_unit_loses_its_pin_and_nothing_else() {
    // 10.1.1: rallying (4.2.3 a) takes the Pinned marker off; the unit keeps
    // its counter, steps, experience and card.
    let mut g = game();
    let (co, sq) = (id(&g, "co_hq"), id(&g, "1_1"));
    put_all(&mut g, &[co, sq], p(2, 2));
    u(&mut g, sq).pinned = true;
    let before = unit(&g, sq).clone();
    ok(&mut g, by(co, Action::RemovePin { unit: sq }));
    let after = unit(&g, sq).clone();
    assert!(!after.pinned);
    assert_eq!(
        (after.kind, after.steps, after.experience, after.pos),
        (before.kind, before.steps, before.experience, before.pos)
    );
}

#[test]
fn rule_10_1_3_an_lat_rallies_no_higher_than_a_fire_or_assault_team() {
    // A squad's last step became a paralyzed team (its counter left play):
    // rallying climbs the states of 10.1.3 to a fire or assault team and no
    // further; a lone team cannot bring its squad back (4.2.3 i needs two).
    let mut g = game();
    let (co, sq) = (id(&g, "co_hq"), id(&g, "1_1"));
    put_all(&mut g, &[co, sq], p(2, 2));
    let from = unit(&g, sq).clone();
    let t = fof::engine::kernel::units::spawn_team(&mut g, &from, UnitKind::ParalyzedTeam);
    u(&mut g, t).pinned = false;
    u(&mut g, sq).removed = true;
    ok(&mut g, by(co, Action::ParalyzedToLitter { unit: t }));
    ok(&mut g, by(co, Action::LitterToFire { unit: t }));
    ok(&mut g, by(co, Action::FireToAssault { unit: t }));
    assert_eq!(unit(&g, t).kind, UnitKind::AssaultTeam);
    assert!(!unit(&g, sq).in_play(), "the squad's counter stays out");
    // No legal order names the team and brings back a Good Order counter.
    impulse(&mut g, Some(co));
    for i in g.legal_inputs() {
        if let Input::Order(o) = &i
            && let Action::ReconstituteSquad { teams } = &o.action
        {
            assert!(!teams.contains(&t), "{i:?}");
        }
    }
    let why = refused(&mut g, by(co, Action::ReconstituteSquad { teams: vec![t] }));
    assert!(why.contains("2 to 4 teams"), "{why}");
}

#[test]
fn rule_4_2_3_b_to_e_teams_climb_from_paralyzed_to_litter_fire_and_assault() {
    let mut g = game();
    let co = id(&g, "co_hq");
    put_all(&mut g, &[co], p(2, 2));
    let t = lat(&mut g, "us_paralyzed_team", p(2, 2));
    let before = drawn(&g);
    ok(&mut g, by(co, Action::ParalyzedToLitter { unit: t }));
    assert_eq!(unit(&g, t).kind, UnitKind::LitterTeam);
    ok(&mut g, by(co, Action::LitterToFire { unit: t }));
    assert_eq!(unit(&g, t).kind, UnitKind::FireTeam);
    assert_eq!(unit(&g, t).experience, Experience::Green);
    ok(&mut g, by(co, Action::FireToAssault { unit: t }));
    assert_eq!(unit(&g, t).kind, UnitKind::AssaultTeam);
    assert_eq!(unit(&g, t).experience, Experience::Line);
    ok(&mut g, by(co, Action::AssaultToFire { unit: t }));
    assert_eq!(unit(&g, t).kind, UnitKind::FireTeam);
    assert_eq!(drawn(&g), before, "no VOF on the card: no draws");
    assert_eq!(spent(&g), 4);
    // Each conversion fits one kind of team only.
    impulse(&mut g, Some(co));
    let why = refused(&mut g, by(co, Action::ParalyzedToLitter { unit: t }));
    assert!(why.contains("not a paralyzed team"), "{why}");
}

#[test]
fn rule_4_2_3_b_under_a_vof_a_conversion_needs_the_word_rally() {
    let mut g = game();
    let co = id(&g, "co_hq");
    put_all(&mut g, &[co], p(2, 2));
    let t = lat(&mut g, "us_paralyzed_team", p(2, 2));
    let l = lat(&mut g, "us_litter_team", p(2, 2));
    under_vof(&mut g, p(2, 2));
    let mut deck = card_numbers(&g, 2, no_rally);
    deck.extend(card_numbers(&g, 2, rally));
    top(&mut g, &deck);
    let ev = ok(&mut g, by(co, Action::ParalyzedToLitter { unit: t }));
    assert_eq!(attempts(&ev), vec![(2, false)]);
    assert_eq!(unit(&g, t).kind, UnitKind::ParalyzedTeam);
    let ev = ok(&mut g, by(co, Action::LitterToFire { unit: l }));
    assert_eq!(attempts(&ev), vec![(2, true)]);
    assert_eq!(unit(&g, l).kind, UnitKind::FireTeam);
}

#[test]
fn rule_4_2_3_e_assault_to_fire_team_is_automatic_even_under_a_vof() {
    let mut g = game();
    let co = id(&g, "co_hq");
    put_all(&mut g, &[co], p(2, 2));
    let t = lat(&mut g, "us_assault_team", p(2, 2));
    under_vof(&mut g, p(2, 2));
    let before = drawn(&g);
    ok(&mut g, by(co, Action::AssaultToFire { unit: t }));
    assert_eq!(drawn(&g), before);
    assert_eq!(unit(&g, t).kind, UnitKind::FireTeam);
}

#[test]
fn rule_4_2_3_f_a_weapons_team_rallies_to_its_front() {
    let mut g = game();
    let (plt, lmg) = (id(&g, "1plt_hq"), id(&g, "1_lmg"));
    put_all(&mut g, &[plt, lmg], p(2, 2));
    u(&mut g, lmg).flipped = true;
    impulse(&mut g, Some(plt));
    let before = drawn(&g);
    ok(&mut g, by(plt, Action::RallyToFront { unit: lmg }));
    assert!(!unit(&g, lmg).flipped);
    assert_eq!(drawn(&g), before);
    // 10.1.2: it keeps its experience.
    assert_eq!(unit(&g, lmg).experience, Experience::Line);
    // A unit already on its front has nothing to rally.
    impulse(&mut g, Some(plt));
    refused(&mut g, by(plt, Action::RallyToFront { unit: lmg }));
}

#[test]
fn rule_4_2_3_f_under_a_vof_rallying_to_the_front_needs_the_word_rally() {
    let mut g = game();
    let (plt, lmg) = (id(&g, "1plt_hq"), id(&g, "1_lmg"));
    put_all(&mut g, &[plt, lmg], p(2, 2));
    u(&mut g, lmg).flipped = true;
    under_vof(&mut g, p(2, 2));
    impulse(&mut g, Some(plt));
    let deck = card_numbers(&g, 2, no_rally);
    top(&mut g, &deck);
    let ev = ok(&mut g, by(plt, Action::RallyToFront { unit: lmg }));
    assert_eq!(attempts(&ev), vec![(2, false)]);
    assert!(unit(&g, lmg).flipped);
}

#[test]
fn rule_4_2_3_f_an_hq_rallies_itself_to_its_command_side() {
    let mut g = game();
    let plt = id(&g, "1plt_hq");
    put_all(&mut g, &[plt], p(2, 2));
    u(&mut g, plt).flipped = true;
    impulse(&mut g, Some(plt));
    ok(&mut g, by(plt, Action::RallyToFront { unit: plt }));
    assert!(!unit(&g, plt).flipped);
}

#[test]
fn rule_4_2_3_f_a_superior_hq_rallies_a_flipped_plt_hq() {
    // 4.2.3 f: the recipient is the HQ itself or any unpinned Fire LAT with
    // an HQ on its Good Order side: the CO HQ may rally a flipped PLT HQ.
    let mut g = game();
    let (co, plt) = (id(&g, "co_hq"), id(&g, "1plt_hq"));
    put_all(&mut g, &[co, plt], p(2, 2));
    u(&mut g, plt).flipped = true;
    impulse(&mut g, Some(co));
    ok(&mut g, by(co, Action::RallyToFront { unit: plt }));
    assert!(!unit(&g, plt).flipped);
}

#[test]
fn rule_10_1_2_a_unit_on_its_fire_team_side_draws_as_green_and_keeps_its_level() {
    // Decision (4.2.5, 10.1.2): a Fire Team LAT is Green; a Line LMG on its
    // fire-team side attempts with one card fewer, and rallied back it is
    // Line again.
    let mut g = game();
    let (plt, lmg) = (id(&g, "1plt_hq"), id(&g, "1_lmg"));
    put_all(&mut g, &[plt, lmg], p(1, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    fof::engine::testing::combat::update_engagement(&mut g);
    u(&mut g, lmg).flipped = true;
    u(&mut g, lmg).pos = p(2, 2);
    fof::engine::testing::combat::update_engagement(&mut g);
    impulse(&mut g, Some(plt));
    let deck = card_numbers(&g, 3, no_crosshairs);
    top(&mut g, &deck);
    u(&mut g, plt).pos = p(2, 2);
    let ev = ok(
        &mut g,
        by(
            plt,
            Action::ConcentrateFire {
                unit: lmg,
                target: e,
            },
        ),
    );
    assert_eq!(attempts(&ev), vec![(1, false)], "Green: one card");
    assert_eq!(unit(&g, lmg).experience, Experience::Line);
}

#[test]
fn rule_4_2_1_c_a_unit_on_its_fire_team_side_deploys_no_pyrotechnics() {
    // 4.2.1 c asks for a Good Order unit; a flipped HQ is a Fire Team LAT
    // (decision, 4.2.3 f).
    let mut g = game();
    let plt = id(&g, "1plt_hq");
    put_all(&mut g, &[plt], p(2, 2));
    u(&mut g, plt).assets.push(Asset::Pyro(Pyro::HandFlare, 1));
    let flare = by(
        plt,
        Action::DeployPyro {
            unit: plt,
            device: Pyro::HandFlare,
            at: p(2, 2),
        },
    );
    u(&mut g, plt).flipped = true;
    impulse(&mut g, Some(plt));
    let why = refused(&mut g, flare.clone());
    assert!(why.contains("Good Order"), "{why}");
    u(&mut g, plt).flipped = false;
    assert!(legal(&g, &flare));
}

#[test]
fn rule_4_2_3_f_squads_have_no_fire_team_side_to_rally_from() {
    let mut g = game();
    let (co, sq) = (id(&g, "co_hq"), id(&g, "1_1"));
    put_all(&mut g, &[co, sq], p(2, 2));
    u(&mut g, sq).flipped = true;
    refused(&mut g, by(co, Action::RallyToFront { unit: sq }));
}

#[test]
fn rule_4_2_3_g_a_3_or_4_step_squad_detaches_a_team() {
    let mut g = game();
    let co = id(&g, "co_hq");
    let (a, b, c) = (id(&g, "1_1"), id(&g, "1_2"), id(&g, "1_3"));
    put_all(&mut g, &[co, a, b, c], p(2, 2));
    u(&mut g, b).steps = 3;
    u(&mut g, c).steps = 2;
    ok(
        &mut g,
        by(
            co,
            Action::DetachTeam {
                squad: a,
                kind: TeamKind::Fire,
            },
        ),
    );
    let fire_team = last_unit(&g);
    assert_eq!(unit(&g, a).steps, 3);
    assert_eq!(unit(&g, fire_team).kind, UnitKind::FireTeam);
    assert_eq!(unit(&g, fire_team).pos, p(2, 2));
    ok(
        &mut g,
        by(
            co,
            Action::DetachTeam {
                squad: b,
                kind: TeamKind::Assault,
            },
        ),
    );
    assert_eq!(unit(&g, b).steps, 2);
    assert_eq!(unit(&g, last_unit(&g)).kind, UnitKind::AssaultTeam);
    let why = refused(
        &mut g,
        by(
            co,
            Action::DetachTeam {
                squad: c,
                kind: TeamKind::Fire,
            },
        ),
    );
    assert!(why.contains("3 or 4 steps"), "{why}");
}

#[test]
fn rule_4_2_3_h_a_2_or_3_step_squad_takes_in_a_team_on_its_card() {
    let mut g = game();
    let co = id(&g, "co_hq");
    let (a, full, one) = (id(&g, "1_1"), id(&g, "1_2"), id(&g, "1_3"));
    put_all(&mut g, &[co, a, full, one], p(2, 2));
    u(&mut g, a).steps = 2;
    u(&mut g, one).steps = 1;
    let here = lat(&mut g, "us_assault_team", p(2, 2));
    let away = lat(&mut g, "us_fire_team", p(2, 3));
    let supplement = |squad, team| by(co, Action::Supplement { squad, team });
    let why = refused(&mut g, supplement(full, here));
    assert!(why.contains("2 or 3 steps"), "{why}");
    refused(&mut g, supplement(one, here));
    refused(&mut g, supplement(a, away));
    ok(&mut g, supplement(a, here));
    assert_eq!(unit(&g, a).steps, 3);
    assert!(!unit(&g, here).in_play());
}

/// The next two cards: no Rally word, then the Rally word (a Line
/// originator's two-card attempt succeeds on its second card).
fn rally_on_the_second_card(g: &mut Game) {
    let mut deck = card_numbers(g, 1, no_rally);
    deck.extend(card_numbers(g, 1, rally));
    top(g, &deck);
}

/// Three fire teams of the 1st platoon with the CO HQ on R2C2, squad 1/3
/// removed from play earlier.
fn broken_squad() -> (Game, UnitId, UnitId, Vec<UnitId>) {
    let mut g = game();
    let (co, sq) = (id(&g, "co_hq"), id(&g, "1_3"));
    put_all(&mut g, &[co], p(2, 2));
    u(&mut g, sq).removed = true;
    let teams: Vec<UnitId> = (0..3)
        .map(|_| lat(&mut g, "us_fire_team", p(2, 2)))
        .collect();
    (g, co, sq, teams)
}

#[test]
fn rule_4_2_3_i_teams_reconstitute_a_removed_squad_with_as_many_steps() {
    let (mut g, co, sq, teams) = broken_squad();
    rally_on_the_second_card(&mut g);
    let ev = ok(
        &mut g,
        by(
            co,
            Action::ReconstituteSquad {
                teams: teams.clone(),
            },
        ),
    );
    assert_eq!(attempts(&ev), vec![(2, true)], "a Line CO HQ draws two");
    let s = unit(&g, sq);
    assert!(s.in_play());
    assert_eq!(s.steps, 3, "as many steps as teams (10.2.1 slip)");
    assert_eq!(s.pos, p(2, 2));
    assert!(teams.iter().all(|t| !unit(&g, *t).in_play()));
}

#[test]
fn rule_10_2_1_the_player_names_the_removed_squad_the_teams_rebuild() {
    // Squads 1/3 and 1/2 (2nd platoon) are both out of play: the rule
    // names neither, so the player does; the teams' own platoon comes
    // first as the suggestion.
    let (mut g, co, sq, teams) = broken_squad();
    let other = id(&g, "2_1");
    u(&mut g, other).removed = true;
    rally_on_the_second_card(&mut g);
    ok(
        &mut g,
        by(
            co,
            Action::ReconstituteSquad {
                teams: teams.clone(),
            },
        ),
    );
    assert!(!unit(&g, sq).in_play() && !unit(&g, other).in_play());
    assert_eq!(
        g.legal_inputs(),
        vec![
            Input::Answer(Answer::Reform { squad: sq }),
            Input::Answer(Answer::Reform { squad: other })
        ]
    );
    assert_eq!(
        g.suggestion(),
        Some(Input::Answer(Answer::Reform { squad: sq }))
    );
    // Any other input waits for the answer.
    refused(&mut g, Input::EndImpulse);
    ok(&mut g, Input::Answer(Answer::Reform { squad: other }));
    let s = unit(&g, other);
    assert!(s.in_play() && s.rebuilt);
    assert_eq!((s.steps, s.pos), (3, p(2, 2)));
    assert!(!unit(&g, sq).in_play(), "the other squad stays out");
    assert!(teams.iter().all(|t| !unit(&g, *t).in_play()));
}

#[test]
fn rule_10_2_1_a_captured_squad_or_one_too_small_is_not_offered() {
    // 10.2.1: never more steps than the squad had; a squad taken prisoner
    // (9.13) is out of the mission. With one squad left to offer, nothing
    // is asked.
    let (mut g, co, sq, teams) = broken_squad();
    let gone = id(&g, "2_1");
    u(&mut g, gone).removed = true;
    u(&mut g, gone).captured = true;
    rally_on_the_second_card(&mut g);
    ok(
        &mut g,
        by(
            co,
            Action::ReconstituteSquad {
                teams: teams.clone(),
            },
        ),
    );
    assert!(g.state().choices.is_empty());
    assert!(unit(&g, sq).in_play());
    assert!(!unit(&g, gone).in_play());
}

#[test]
fn rule_10_2_3_a_removed_weapons_team_never_returns_its_teams_rebuild_a_squad() {
    // The LMG team's counter is gone (its step now a fire team): teams may
    // rebuild the removed squad, never the weapons team, and with no squad
    // removed they rebuild nothing.
    let (mut g, co, sq, teams) = broken_squad();
    let lmg = id(&g, "1_lmg");
    u(&mut g, lmg).removed = true;
    rally_on_the_second_card(&mut g);
    ok(
        &mut g,
        by(
            co,
            Action::ReconstituteSquad {
                teams: teams[..2].to_vec(),
            },
        ),
    );
    assert!(unit(&g, sq).in_play(), "the squad returns");
    assert!(!unit(&g, lmg).in_play(), "the weapons team does not");
    // Nothing left to rebuild but the weapons team: refused.
    let more = vec![teams[2], lat(&mut g, "us_fire_team", p(2, 2))];
    let why = refused(&mut g, by(co, Action::ReconstituteSquad { teams: more }));
    assert!(!why.is_empty());
    assert!(!unit(&g, lmg).in_play());
}

#[test]
fn rule_4_2_3_i_reconstituting_always_draws_and_a_failure_does_nothing() {
    // The Action Menu gives no automatic success without a VOF here.
    let (mut g, co, sq, teams) = broken_squad();
    assert!(!g.card_under_vof(p(2, 2)));
    let deck = card_numbers(&g, 2, no_rally);
    top(&mut g, &deck);
    let ev = ok(
        &mut g,
        by(
            co,
            Action::ReconstituteSquad {
                teams: teams[..2].to_vec(),
            },
        ),
    );
    assert_eq!(attempts(&ev), vec![(2, false)]);
    assert!(!unit(&g, sq).in_play());
    assert!(teams.iter().all(|t| unit(&g, *t).in_play()));
}

#[test]
fn rule_4_2_3_i_needs_two_to_four_teams_and_a_squad_removed_from_play() {
    let (mut g, co, sq, teams) = broken_squad();
    let why = refused(
        &mut g,
        by(
            co,
            Action::ReconstituteSquad {
                teams: teams[..1].to_vec(),
            },
        ),
    );
    assert!(why.contains("2 to 4"), "{why}");
    let mut five = teams.clone();
    five.push(lat(&mut g, "us_assault_team", p(2, 2)));
    five.push(lat(&mut g, "us_assault_team", p(2, 2)));
    refused(&mut g, by(co, Action::ReconstituteSquad { teams: five }));
    u(&mut g, sq).removed = false;
    let why = refused(
        &mut g,
        by(
            co,
            Action::ReconstituteSquad {
                teams: teams[..2].to_vec(),
            },
        ),
    );
    assert!(why.contains("removed from play"), "{why}");
}

#[test]
fn rule_4_1_3_reconstituting_a_squad_needs_an_hq_even_under_general_initiative() {
    let (mut g, co, _, teams) = broken_squad();
    impulse(&mut g, None);
    let rebuild = Action::ReconstituteSquad {
        teams: teams[..2].to_vec(),
    };
    refused(&mut g, order(None, rebuild.clone()));
    assert!(legal(&g, &by(co, rebuild)));
}

#[test]
fn rule_4_2_3_j_a_good_order_unit_flips_to_its_fire_team_side() {
    let mut g = game();
    let (plt, lmg, sq) = (id(&g, "1plt_hq"), id(&g, "1_lmg"), id(&g, "1_1"));
    put_all(&mut g, &[plt, lmg, sq], p(2, 2));
    impulse(&mut g, Some(plt));
    ok(&mut g, by(plt, Action::FlipToFireTeam { unit: lmg }));
    assert!(unit(&g, lmg).flipped);
    let why = refused(&mut g, by(plt, Action::FlipToFireTeam { unit: sq }));
    assert!(why.contains("no fire-team side"), "{why}");
}

#[test]
fn rule_4_2_5_a_pinned_unit_may_only_attempt_to_remove_its_pin_among_rally_actions() {
    // General Initiative needs no communication, so only 4.2.5 decides.
    let mut g = game();
    let (lmg, sq) = (id(&g, "1_lmg"), id(&g, "1_1"));
    put_all(&mut g, &[lmg, sq], p(2, 2));
    let para = lat(&mut g, "us_paralyzed_team", p(2, 2));
    let ft = lat(&mut g, "us_fire_team", p(2, 2));
    let aslt = lat(&mut g, "us_assault_team", p(2, 2));
    for x in [lmg, sq, para, ft, aslt] {
        u(&mut g, x).pinned = true;
    }
    impulse(&mut g, None);
    let rally_orders = |g: &Game, x: UnitId| -> Vec<Action> {
        g.legal_inputs()
            .into_iter()
            .filter_map(|i| match i {
                Input::Order(o) if o.action.rule().starts_with("4.2.3") => Some(o.action),
                _ => None,
            })
            .filter(|a| a.unit() == Some(x))
            .collect()
    };
    for x in [lmg, sq, para, ft, aslt] {
        assert_eq!(rally_orders(&g, x), vec![Action::RemovePin { unit: x }]);
    }
    let why = refused(
        &mut g,
        order(None, Action::ParalyzedToLitter { unit: para }),
    );
    assert!(why.contains("pinned"), "{why}");
    refused(&mut g, order(None, Action::FireToAssault { unit: ft }));
    refused(&mut g, order(None, Action::AssaultToFire { unit: aslt }));
    refused(&mut g, order(None, Action::FlipToFireTeam { unit: lmg }));
    refused(
        &mut g,
        order(
            None,
            Action::DetachTeam {
                squad: sq,
                kind: TeamKind::Fire,
            },
        ),
    );
    u(&mut g, lmg).flipped = true;
    refused(&mut g, order(None, Action::RallyToFront { unit: lmg }));
    ok(&mut g, order(None, Action::RemovePin { unit: para }));
    assert!(!unit(&g, para).pinned);
}

// ---------------------------------------------------------------------------
// 4.2.4 a, 9.3 Spotting
// ---------------------------------------------------------------------------

#[test]
fn rule_4_2_4_a_spotting_draws_follow_the_chart() {
    let Fight { mut g, sq, e, .. } = firefight();
    u(&mut g, e).spotted = false;
    let target = p(3, 2);
    // Base two: a Line spotter, a Line target in the open on a +1 card.
    assert_eq!(spotting_draws(&g, sq, target), 2);
    u(&mut g, sq).experience = Experience::Veteran;
    assert_eq!(spotting_draws(&g, sq, target), 3, "Veteran spotter +1");
    u(&mut g, sq).experience = Experience::Green;
    assert_eq!(spotting_draws(&g, sq, target), 1, "Green spotter -1");
    u(&mut g, sq).experience = Experience::Line;
    lay(&mut g, p(1, 2), &[HILL, OPEN]);
    assert_eq!(spotting_draws(&g, sq, target), 3, "from higher ground +1");
    lay(&mut g, p(1, 2), &[OPEN]);
    put_all(&mut g, &[sq], target);
    assert_eq!(spotting_draws(&g, sq, target), 3, "on the target's card +1");
    put_all(&mut g, &[sq], p(1, 2));
    u(&mut g, e).exposed = true;
    assert_eq!(spotting_draws(&g, sq, target), 4, "target Exposed +2");
    u(&mut g, e).exposed = false;
    u(&mut g, e).experience = Experience::Veteran;
    assert_eq!(spotting_draws(&g, sq, target), 1, "Veteran target -1");
    u(&mut g, e).experience = Experience::Green;
    assert_eq!(spotting_draws(&g, sq, target), 3, "Green target +1");
    u(&mut g, e).experience = Experience::Line;
    let c = cover(&mut g, target, CoverKind::Basic);
    u(&mut g, e).cover = Some(c);
    assert_eq!(spotting_draws(&g, sq, target), 1, "under cover -1");
    u(&mut g, e).cover = None;
    lay(&mut g, target, &[OPEN]);
    assert_eq!(spotting_draws(&g, sq, target), 3, "on a +0 card +1");
    lay(&mut g, target, &[VILLAGE]);
    assert_eq!(spotting_draws(&g, sq, target), 1, "on a +3 card -1");
    lay(&mut g, target, &[ORCHARD]);
    fire(&mut g, Side::Enemy, target, p(1, 2));
    assert_eq!(spotting_draws(&g, sq, target), 3, "firing an A VOF +1");
    // The most visible unspotted unit on the card counts.
    let sniper = enemy(&mut g, "de_sniper", target, false);
    assert_eq!(spotting_draws(&g, sq, target), 3);
    u(&mut g, e).removed = true;
    // A Veteran sniper, firing S!: -1 -1.
    assert_eq!(spotting_draws(&g, sq, target), 1, "never below one");
    u(&mut g, e).removed = false;
    u(&mut g, sniper).removed = true;
    // A mortar firing G: +2.
    let mortar = enemy(&mut g, "de_mortar", target, false);
    u(&mut g, e).removed = true;
    assert_eq!(spotting_draws(&g, sq, target), 4, "firing G +2");
    u(&mut g, mortar).removed = true;
}

#[test]
fn rule_13_1_with_every_unit_line_the_targets_experience_changes_no_spotting_draw() {
    let Fight { mut g, sq, e, .. } = firefight();
    u(&mut g, e).spotted = false;
    let target = p(3, 2);
    g.state_mut().options.all_line = true;
    for x in [Experience::Veteran, Experience::Green, Experience::Line] {
        u(&mut g, e).experience = x;
        assert_eq!(spotting_draws(&g, sq, target), 2, "{x:?} target");
    }
}

#[test]
fn rule_4_2_4_a_a_spotting_attempt_needs_crosshairs() {
    let Fight {
        mut g, plt, sq, e, ..
    } = firefight();
    u(&mut g, e).spotted = false;
    let spot = by(
        plt,
        Action::Spot {
            unit: sq,
            target: p(3, 2),
        },
    );
    let deck = card_numbers(&g, 2, no_crosshairs);
    top(&mut g, &deck);
    let ev = ok(&mut g, spot.clone());
    assert_eq!(attempts(&ev), vec![(2, false)]);
    assert!(!unit(&g, e).spotted);
    impulse(&mut g, Some(plt));
    // Since the first order the unspotted German squad has opened fire on
    // the Americans in its range (6.1.1), so it counts as firing automatic
    // weapons: one more card (9.3).
    assert!(
        g.state()
            .fires
            .iter()
            .any(|f| f.side == Side::Enemy && f.from == p(3, 2))
    );
    let mut deck = card_numbers(&g, 2, no_crosshairs);
    deck.extend(card_numbers(&g, 1, crosshairs));
    top(&mut g, &deck);
    let ev = ok(&mut g, spot.clone());
    assert_eq!(attempts(&ev), vec![(3, true)]);
    assert!(unit(&g, e).spotted);
    // Nothing left to spot there.
    impulse(&mut g, Some(plt));
    let why = refused(&mut g, spot);
    assert!(why.contains("no unspotted enemy"), "{why}");
}

#[test]
fn rule_4_2_4_a_spotting_needs_line_of_sight() {
    let Fight {
        mut g, plt, sq, e, ..
    } = firefight();
    u(&mut g, e).spotted = false;
    lay(&mut g, p(2, 2), &[WALLED]);
    let why = refused(
        &mut g,
        by(
            plt,
            Action::Spot {
                unit: sq,
                target: p(3, 2),
            },
        ),
    );
    assert!(why.contains("line of sight"), "{why}");
}

// ---------------------------------------------------------------------------
// 4.2.4 b, c, 6.6 Concentrated fire; 6.5.4 Jam
// ---------------------------------------------------------------------------

#[test]
fn rule_4_2_4_b_concentrated_fire_places_a_marker_on_the_target() {
    let Fight {
        mut g, plt, lmg, e, ..
    } = firefight();
    let mut deck = card_numbers(&g, 1, crosshairs);
    deck.extend(card_numbers(&g, 1, no_crosshairs));
    top(&mut g, &deck);
    let ev = ok(
        &mut g,
        by(
            plt,
            Action::ConcentrateFire {
                unit: lmg,
                target: e,
            },
        ),
    );
    assert_eq!(attempts(&ev), vec![(2, true)]);
    assert_eq!(unit(&g, e).concentrated, 1);
    // A failed attempt does nothing.
    let Fight {
        mut g, plt, lmg, e, ..
    } = firefight();
    let deck = card_numbers(&g, 2, no_crosshairs);
    top(&mut g, &deck);
    let ev = ok(
        &mut g,
        by(
            plt,
            Action::ConcentrateFire {
                unit: lmg,
                target: e,
            },
        ),
    );
    assert_eq!(attempts(&ev), vec![(2, false)]);
    assert_eq!(unit(&g, e).concentrated, 0);
}

#[test]
fn rule_4_2_4_b_a_tripod_machine_gun_draws_one_more_card() {
    let Fight {
        mut g, plt, lmg, e, ..
    } = firefight();
    u(&mut g, lmg).unit_type = g.data().unit_type("us_hmg_team").unwrap().id.clone();
    let deck = card_numbers(&g, 3, no_crosshairs);
    top(&mut g, &deck);
    let ev = ok(
        &mut g,
        by(
            plt,
            Action::ConcentrateFire {
                unit: lmg,
                target: e,
            },
        ),
    );
    assert_eq!(attempts(&ev), vec![(3, false)]);
}

#[test]
fn rule_4_2_4_b_the_target_must_be_spotted_in_range_in_los_and_along_the_pdf() {
    let Fight {
        mut g,
        plt,
        sq,
        lmg,
        e,
    } = firefight();
    let conc = |x| by(plt, Action::ConcentrateFire { unit: x, target: e });
    assert!(legal(&g, &conc(lmg)));
    u(&mut g, e).spotted = false;
    let why = refused(&mut g, conc(lmg));
    assert!(why.contains("spotted"), "{why}");
    u(&mut g, e).spotted = true;
    // 6.2.3: a card whose PDF points elsewhere fires only along it.
    g.state_mut().fires.clear();
    fire(&mut g, Side::Us, p(1, 2), p(1, 1));
    let why = refused(&mut g, conc(lmg));
    assert!(why.contains("PDF"), "{why}");
    g.state_mut().fires.clear();
    fire(&mut g, Side::Us, p(1, 2), p(3, 2));
    lay(&mut g, p(2, 2), &[WALLED]);
    let why = refused(&mut g, conc(lmg));
    assert!(why.contains("line of sight"), "{why}");
    lay(&mut g, p(2, 2), &[OPEN]);
    // A fire team's close range does not reach two cards.
    let ft = lat(&mut g, "us_fire_team", p(1, 2));
    let why = refused(&mut g, conc(ft));
    assert!(why.contains("beyond range"), "{why}");
    // A unit with no S, A, A/S or H rating cannot concentrate fire.
    let why = refused(&mut g, conc(plt));
    assert!(why.contains("VOF rating"), "{why}");
    // Pinned units take no combat actions (4.2.5).
    u(&mut g, sq).pinned = true;
    refused(&mut g, conc(sq));
}

#[test]
fn rule_6_5_4_a_weapons_team_drawing_jam_while_concentrating_fire_breaks_down() {
    let Fight {
        mut g, plt, lmg, e, ..
    } = firefight();
    let mut deck = card_numbers(&g, 1, jam);
    deck.extend(card_numbers(&g, 1, no_crosshairs));
    top(&mut g, &deck);
    let before = g.state().units.len();
    ok(
        &mut g,
        by(
            plt,
            Action::ConcentrateFire {
                unit: lmg,
                target: e,
            },
        ),
    );
    assert!(!unit(&g, lmg).in_play(), "the LMG leaves play");
    assert_eq!(g.state().units.len(), before + 1);
    let ft = unit(&g, last_unit(&g));
    assert_eq!(ft.kind, UnitKind::FireTeam, "its step becomes a fire team");
    assert_eq!(ft.pos, p(1, 2));
    // Decision: the jammed weapon's attempt places no marker.
    assert_eq!(unit(&g, e).concentrated, 0);
}

#[test]
fn rule_6_5_4_a_rifle_squad_does_not_jam() {
    // 6.5.4 names units armed with a machine gun, rocket launcher or
    // recoilless rifle; a rifle squad firing S reads the Jam card as
    // crosshairs and nothing more.
    let Fight {
        mut g, plt, sq, e, ..
    } = firefight();
    let mut deck = card_numbers(&g, 1, jam);
    deck.extend(card_numbers(&g, 1, no_crosshairs));
    top(&mut g, &deck);
    ok(
        &mut g,
        by(
            plt,
            Action::ConcentrateFire {
                unit: sq,
                target: e,
            },
        ),
    );
    assert!(unit(&g, sq).in_play());
    assert_eq!(unit(&g, e).concentrated, 1);
}

#[test]
fn rule_6_5_4_a_rocket_launcher_jams_on_a_close_range_grenade_attack() {
    let mut g = game();
    let (plt, bzk) = (id(&g, "3plt_hq"), id(&g, "3_bzk"));
    put_all(&mut g, &[plt, bzk], p(1, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    fire(&mut g, Side::Us, p(1, 2), p(2, 2));
    impulse(&mut g, Some(plt));
    let mut deck = card_numbers(&g, 1, jam);
    deck.extend(card_numbers(&g, 1, no_grenade));
    top(&mut g, &deck);
    ok(
        &mut g,
        by(
            plt,
            Action::Grenade {
                unit: bzk,
                target: e,
            },
        ),
    );
    assert!(!unit(&g, bzk).in_play());
    assert_eq!(unit(&g, last_unit(&g)).kind, UnitKind::FireTeam);
}

#[test]
fn rule_4_2_4_c_a_platoon_concentrates_fire_one_draw_per_unit_for_two_commands() {
    let Fight {
        mut g,
        plt,
        sq,
        lmg,
        e,
    } = firefight();
    // 4.2 note 2: each unit draws with its own experience.
    u(&mut g, sq).experience = Experience::Veteran;
    // A squad of another platoon on the card does not join in.
    let other = id(&g, "2_1");
    put_all(&mut g, &[other], p(1, 2));
    // The squad draws three cards, the LMG two; both find crosshairs.
    let (hits, misses) = (
        card_numbers(&g, 2, crosshairs),
        card_numbers(&g, 3, no_crosshairs),
    );
    let deck = [hits[0], misses[0], misses[1], misses[2], hits[1]];
    top(&mut g, &deck);
    let ev = ok(&mut g, by(plt, Action::PlatoonConcentrate { target: e }));
    assert_eq!(attempts(&ev), vec![(3, true), (2, true)]);
    let units: Vec<_> = ev
        .iter()
        .filter_map(|x| match x.kind {
            EventKind::Attempt { unit, .. } => unit,
            _ => None,
        })
        .collect();
    assert_eq!(units, vec![sq, lmg]);
    assert_eq!(unit(&g, e).concentrated, 2);
    assert_eq!(spent(&g), 2);
}

#[test]
fn rule_4_2_4_c_only_a_plt_hq_orders_its_platoon_to_fire_together() {
    let Fight { mut g, plt, e, .. } = firefight();
    let co = id(&g, "co_hq");
    put_all(&mut g, &[co], p(1, 2));
    impulse(&mut g, Some(co));
    let why = refused(&mut g, by(co, Action::PlatoonConcentrate { target: e }));
    assert!(why.contains("platoon HQ"), "{why}");
    // A PLT HQ away from its units has no one to fire.
    impulse(&mut g, Some(plt));
    put_all(&mut g, &[plt], p(1, 3));
    refused(&mut g, by(plt, Action::PlatoonConcentrate { target: e }));
}

// ---------------------------------------------------------------------------
// 4.2.4 d, h, 6.5.1 Grenade attacks
// ---------------------------------------------------------------------------

#[test]
fn rule_4_2_4_d_a_grenade_attack_on_the_same_card_marks_the_target_or_misses() {
    let mut g = game();
    let (plt, sq, lmg) = (id(&g, "1plt_hq"), id(&g, "1_1"), id(&g, "1_lmg"));
    put_all(&mut g, &[plt, sq, lmg], p(2, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    impulse(&mut g, Some(plt));
    let mut deck = card_numbers(&g, 1, grenade);
    deck.extend(card_numbers(&g, 5, no_grenade));
    top(&mut g, &deck);
    let ev = ok(
        &mut g,
        by(
            plt,
            Action::Grenade {
                unit: sq,
                target: e,
            },
        ),
    );
    // The attempt, then the German squad's free answer (6.5.1), which
    // misses and leaves a Grenade Miss on the card.
    assert_eq!(attempts(&ev), vec![(2, true), (2, false)]);
    assert_eq!(unit(&g, e).grenaded, 1);
    assert_eq!(unit(&g, sq).grenaded, 0);
    let miss = |g: &Game| g.state().map.card(p(2, 2)).unwrap().markers.grenade_miss;
    assert!(miss(&g));
    g.state_mut()
        .map
        .card_mut(p(2, 2))
        .unwrap()
        .markers
        .grenade_miss = false;
    // Any unit with a printed VOF may throw grenades on its own card.
    let ev = ok(
        &mut g,
        by(
            plt,
            Action::Grenade {
                unit: lmg,
                target: e,
            },
        ),
    );
    assert_eq!(attempts(&ev)[0], (2, false), "the LMG's attempt fails");
    assert_eq!(unit(&g, e).grenaded, 1);
    assert!(miss(&g), "a Grenade Miss goes on the card");
    assert!(g.card_under_vof(p(2, 2)));
}

#[test]
fn rule_6_5_1_a_grenaded_unit_that_leaves_its_cover_marker_takes_a_single_grenade_miss() {
    // 6.5.1: "If the target of a successful Grenade Attack moves prior to
    // Combat Resolution, the Grenade Attack is treated as Grenade Miss";
    // leaving the cover marker is such a move.
    let mut g = game();
    let (plt, sq) = (id(&g, "1plt_hq"), id(&g, "1_1"));
    put_all(&mut g, &[plt, sq], p(2, 2));
    let c = cover(&mut g, p(2, 2), CoverKind::Basic);
    u(&mut g, sq).cover = Some(c);
    u(&mut g, plt).cover = Some(c);
    u(&mut g, sq).grenaded = 2;
    impulse(&mut g, Some(plt));
    ok(
        &mut g,
        by(
            plt,
            Action::MoveCover {
                unit: sq,
                cover: None,
            },
        ),
    );
    assert_eq!(unit(&g, sq).grenaded, 0);
    assert!(g.state().map.card(p(2, 2)).unwrap().markers.grenade_miss);
}

#[test]
fn rule_4_2_4_d_a_g_unit_throws_at_close_range_along_its_pdf() {
    let mut g = game();
    let (plt, sq, lmg) = (id(&g, "1plt_hq"), id(&g, "1_1"), id(&g, "1_lmg"));
    put_all(&mut g, &[plt, sq, lmg], p(1, 2));
    let near = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    let far = enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    impulse(&mut g, Some(plt));
    let throw = |x, t| by(plt, Action::Grenade { unit: x, target: t });
    fire(&mut g, Side::Us, p(1, 2), p(1, 1));
    let why = refused(&mut g, throw(sq, near));
    assert!(why.contains("PDF"), "{why}");
    g.state_mut().fires.clear();
    fire(&mut g, Side::Us, p(1, 2), p(2, 2));
    let why = refused(&mut g, throw(lmg, near));
    assert!(why.contains("G!"), "{why}");
    let why = refused(&mut g, throw(sq, far));
    assert!(why.contains("close range"), "{why}");
    assert_eq!(unit(&g, sq).ammo, Some(1));
    let mut deck = card_numbers(&g, 1, grenade);
    deck.extend(card_numbers(&g, 1, no_grenade));
    top(&mut g, &deck);
    ok(&mut g, throw(sq, near));
    assert_eq!(unit(&g, near).grenaded, 1);
    // 6.4: rifle grenades are used up once fired.
    assert_eq!(unit(&g, sq).ammo, Some(0));
    impulse(&mut g, Some(plt));
    let why = refused(&mut g, throw(sq, near));
    assert!(why.contains("rifle grenades"), "{why}");
}

#[test]
fn rule_6_5_1_a_g_rated_unit_reaches_out_to_its_printed_range() {
    // 6.5.1: a unit with a G! VOF rating and a printed range may attack out
    // to that range; the superscript G! alone reaches close range.
    let mut g = game();
    let (co, mortar) = (id(&g, "co_hq"), id(&g, "mtr_60"));
    put_all(&mut g, &[co, mortar], p(1, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    fire(&mut g, Side::Us, p(1, 2), p(3, 2));
    let throw = by(
        co,
        Action::Grenade {
            unit: mortar,
            target: e,
        },
    );
    let mut deck = card_numbers(&g, 1, grenade);
    deck.extend(card_numbers(&g, 1, no_grenade));
    top(&mut g, &deck);
    ok(&mut g, throw);
    assert_eq!(unit(&g, e).grenaded, 1);
    // The bazooka's printed range is close: one card.
    let (plt, bzk) = (id(&g, "3plt_hq"), id(&g, "3_bzk"));
    put_all(&mut g, &[plt, bzk], p(1, 2));
    impulse(&mut g, Some(plt));
    let why = refused(
        &mut g,
        by(
            plt,
            Action::Grenade {
                unit: bzk,
                target: e,
            },
        ),
    );
    assert!(why.contains("range"), "{why}");
}

#[test]
fn rule_6_4_a_mortar_never_attacks_its_own_card() {
    let mut g = game();
    let (co, mortar) = (id(&g, "co_hq"), id(&g, "mtr_60"));
    put_all(&mut g, &[co, mortar], p(2, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    let why = refused(
        &mut g,
        by(
            co,
            Action::Grenade {
                unit: mortar,
                target: e,
            },
        ),
    );
    assert!(why.contains("own card"), "{why}");
}

#[test]
fn rule_4_2_4_h_a_platoon_grenade_attack_draws_for_each_unit() {
    let mut g = game();
    let (plt, sq, lmg) = (id(&g, "1plt_hq"), id(&g, "1_1"), id(&g, "1_lmg"));
    put_all(&mut g, &[plt, sq, lmg], p(2, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    impulse(&mut g, Some(plt));
    let mut deck = card_numbers(&g, 1, grenade);
    deck.extend(card_numbers(&g, 3, no_grenade));
    top(&mut g, &deck);
    let ev = ok(&mut g, by(plt, Action::PlatoonGrenade { target: e }));
    // Each attempt draws its free answer from the German squad (6.5.1).
    let a = attempts(&ev);
    assert_eq!(a.len(), 4, "{a:?}");
    assert_eq!(a[0], (2, true));
    assert_eq!(a[2].0, 2);
    assert_eq!(unit(&g, e).grenaded, 1);
    assert!(g.state().map.card(p(2, 2)).unwrap().markers.grenade_miss);
    assert_eq!(spent(&g), 2);
}

// ---------------------------------------------------------------------------
// 4.2.4 j On-map mortars
// ---------------------------------------------------------------------------

/// The CO HQ with an 81mm mortar section on R1C1, a spotted German squad on
/// R3C1.
fn mortar_position() -> (Game, UnitId, UnitId, UnitId) {
    let mut g = game();
    let co = id(&g, "co_hq");
    put_all(&mut g, &[co], p(1, 1));
    let m = add_under(&mut g, "us_mortar_81", p(1, 1), Some(co), None);
    let e = enemy(&mut g, "de_rifle_squad", p(3, 1), true);
    (g, co, m, e)
}

#[test]
fn rule_4_2_4_j_an_on_map_mortar_fires_on_a_spotted_card_in_the_originators_los() {
    let (mut g, co, m, _) = mortar_position();
    let before = unit(&g, m).ammo.unwrap();
    let ev = ok(
        &mut g,
        by(
            co,
            Action::MortarFire {
                mortar: m,
                target: p(3, 1),
            },
        ),
    );
    assert!(attempts(&ev).is_empty(), "automatic");
    // 6.7.4: indirect lay, an H VOF on the target card and no PDF from the
    // order itself (fire links come only from automatic opening fire).
    assert!(g.state().map.card(p(3, 1)).unwrap().markers.indirect_h);
    let opened = ev.iter().filter(|e| e.rule == "6.1.1").count();
    let us_links = g
        .state()
        .fires
        .iter()
        .filter(|f| f.side == Side::Us)
        .count();
    assert!(
        us_links <= opened,
        "every friendly PDF comes from opening fire"
    );
    assert!(g.card_under_vof(p(3, 1)));
    assert_eq!(unit(&g, m).ammo, Some(before - 1), "it expends ammunition");
}

#[test]
fn rule_4_2_4_j_the_mortar_needs_two_steps_no_exposed_marker_and_another_card() {
    let (mut g, co, m, e) = mortar_position();
    let fire_at = |x, t| {
        by(
            co,
            Action::MortarFire {
                mortar: x,
                target: t,
            },
        )
    };
    u(&mut g, m).steps = 1;
    let why = refused(&mut g, fire_at(m, p(3, 1)));
    assert!(why.contains("two or more steps"), "{why}");
    u(&mut g, m).steps = 2;
    u(&mut g, m).exposed = true;
    let why = refused(&mut g, fire_at(m, p(3, 1)));
    assert!(why.contains("Exposed"), "{why}");
    u(&mut g, m).exposed = false;
    put_all(&mut g, &[e], p(1, 1));
    let why = refused(&mut g, fire_at(m, p(1, 1)));
    assert!(why.contains("own card"), "{why}");
    put_all(&mut g, &[e], p(3, 1));
    u(&mut g, e).spotted = false;
    let why = refused(&mut g, fire_at(m, p(3, 1)));
    assert!(why.contains("spotted"), "{why}");
    u(&mut g, e).spotted = true;
    lay(&mut g, p(2, 1), &[WALLED]);
    let why = refused(&mut g, fire_at(m, p(3, 1)));
    assert!(why.contains("line of sight"), "{why}");
    lay(&mut g, p(2, 1), &[OPEN]);
    // A single-tube team fires by grenade attack, not this way.
    let tube = id(&g, "mtr_60");
    put_all(&mut g, &[tube], p(1, 1));
    refused(&mut g, fire_at(tube, p(3, 1)));
    ok(&mut g, fire_at(m, p(3, 1)));
}

// ---------------------------------------------------------------------------
// 4.2.4 k, l Cease fire and shift fire
// ---------------------------------------------------------------------------

#[test]
fn rule_4_2_4_k_cease_fire_removes_the_cards_pdf_and_vof() {
    let Fight { mut g, plt, e, .. } = firefight();
    assert!(g.card_under_vof(p(3, 2)));
    // With the enemy still spotted in range and LOS, the units open fire
    // again at once (4.2.4 k, 6.2.3): ceasing fire only holds when no
    // enemy is left to engage.
    let ev = ok(&mut g, by(plt, Action::CeaseFire { at: p(1, 2) }));
    assert!(ev.iter().any(|x| x.rule == "4.2.4 k"));
    assert!(ev.iter().any(|x| x.rule == "6.1.1"), "fire re-opens");
    assert!(links(&g, Side::Us).contains(&(p(1, 2), p(3, 2))));
    // Once the enemy is out of sight (unspotted), ceasing fire holds.
    u(&mut g, e).spotted = false;
    impulse(&mut g, Some(plt));
    ok(&mut g, by(plt, Action::CeaseFire { at: p(1, 2) }));
    assert!(links(&g, Side::Us).is_empty());
    impulse(&mut g, Some(plt));
    let why = refused(&mut g, by(plt, Action::CeaseFire { at: p(1, 2) }));
    assert!(why.contains("firing"), "{why}");
}

#[test]
fn rule_4_2_a_cards_occupants_cease_or_shift_fire_once_an_impulse() {
    // 4.2: one action of each named type per unit per impulse; a card-wide
    // Cease Fire or Shift Fire is performed by every occupant, so the card
    // takes one of each.
    let Fight { mut g, plt, .. } = firefight();
    ok(&mut g, by(plt, Action::CeaseFire { at: p(1, 2) }));
    let why = refused(&mut g, by(plt, Action::CeaseFire { at: p(1, 2) }));
    assert!(why.contains("already performed"), "{why}");
    ok(
        &mut g,
        by(
            plt,
            Action::ShiftFire {
                at: p(1, 2),
                to: p(2, 3),
            },
        ),
    );
    let why = refused(
        &mut g,
        by(
            plt,
            Action::ShiftFire {
                at: p(1, 2),
                to: p(3, 2),
            },
        ),
    );
    assert!(why.contains("already performed"), "{why}");
}

#[test]
fn rule_4_3_1_every_occupant_of_the_card_receives_cease_fire() {
    // 4.3.1 exception: pinned units and units under other cover on the
    // originator's card stop firing too.
    let Fight {
        mut g,
        plt,
        sq,
        lmg,
        ..
    } = firefight();
    u(&mut g, sq).pinned = true;
    let c = cover(&mut g, p(1, 2), CoverKind::Basic);
    u(&mut g, lmg).cover = Some(c);
    assert_eq!(link(&g, plt, sq), None);
    assert_eq!(link(&g, plt, lmg), None);
    let e = g
        .state()
        .units_at(p(3, 2))
        .find(|x| x.side == Side::Enemy)
        .unwrap()
        .id;
    u(&mut g, e).spotted = false;
    ok(&mut g, by(plt, Action::CeaseFire { at: p(1, 2) }));
    assert!(links(&g, Side::Us).is_empty());
}

#[test]
fn rule_4_2_4_k_the_originator_must_reach_the_card() {
    // Decision (4.3, 4.3.1, digest): the card's occupants receive the order
    // whether in communication or not, but the originator must be on the
    // card or in communication with one of its friendly occupants.
    let Fight { mut g, plt, .. } = firefight();
    let co = id(&g, "co_hq");
    impulse(&mut g, Some(co));
    assert!(unit(&g, co).pos.is_staging());
    let why = refused(&mut g, by(co, Action::CeaseFire { at: p(1, 2) }));
    assert!(why.contains("communication"), "{why}");
    let why = refused(
        &mut g,
        by(
            co,
            Action::ShiftFire {
                at: p(1, 2),
                to: p(2, 3),
            },
        ),
    );
    assert!(why.contains("communication"), "{why}");
    // By radio to the PLT HQ on the card.
    put_all(&mut g, &[co], p(1, 1));
    assert_eq!(link(&g, co, plt), Some(Link::Radio(Net::CoTac)));
    let ev = ok(&mut g, by(co, Action::CeaseFire { at: p(1, 2) }));
    assert!(ev.iter().any(|x| x.rule == "4.2.4 k"));
}

#[test]
fn rule_4_2_4_l_shift_fire_to_a_card_in_the_originators_los_and_in_range() {
    let Fight { mut g, plt, .. } = firefight();
    let shift = |to| by(plt, Action::ShiftFire { at: p(1, 2), to });
    // Out of range of every unit on the card (long range: two cards).
    let why = refused(&mut g, shift(p(4, 2)));
    assert!(why.contains("beyond the range"), "{why}");
    // Out of the originator's LOS.
    lay(&mut g, p(2, 2), &[WALLED]);
    let why = refused(&mut g, shift(p(3, 2)));
    assert!(why.contains("line of sight"), "{why}");
    lay(&mut g, p(2, 2), &[OPEN]);
    // An empty card in LOS and range.
    ok(&mut g, shift(p(2, 3)));
    // The friendly fire now goes to the empty card; the German squad's own
    // fire at the Americans is untouched.
    assert_eq!(links(&g, Side::Us), vec![(p(1, 2), p(2, 3))]);
    assert!(
        !g.state()
            .fires
            .iter()
            .any(|f| f.side == Side::Us && f.target == p(3, 2))
    );
    let _ = FireLink {
        side: Side::Us,
        from: p(1, 2),
        target: p(2, 3),
    };
}

// ---------------------------------------------------------------------------
// Follow-ups: 10.2.1-10.2.2, 6.4, 4.1.4 for platoon fire
// ---------------------------------------------------------------------------

#[test]
fn rule_10_2_2_the_xo_can_stand_in_for_a_platoon_hq() {
    let mut g = game();
    let (co, xo, plt) = (id(&g, "co_hq"), id(&g, "xo"), id(&g, "1plt_hq"));
    put_all(&mut g, &[co, xo], p(2, 2));
    u(&mut g, plt).removed = true;
    let steps_before: u32 = g.state().in_play().map(|x| x.steps as u32).sum();
    ok(&mut g, by(co, Action::ReconstitutePltHq { from: xo, plt }));
    assert!(unit(&g, plt).in_play());
    assert_eq!(unit(&g, plt).pos, p(2, 2));
    assert_eq!(unit(&g, plt).experience, Experience::Green);
    assert!(!unit(&g, xo).in_play(), "the XO becomes the platoon HQ");
    let steps_after: u32 = g.state().in_play().map(|x| x.steps as u32).sum();
    assert_eq!(steps_before, steps_after);
}

#[test]
fn rule_4_1_3_an_hq_that_leaves_play_in_its_own_impulse_ends_it() {
    // Decision (4.1.3, 10.2.2): the XO spending its own commands to become
    // a platoon HQ leaves play; its impulse ends and what it had left is
    // lost, none saved.
    let mut g = game();
    let (xo, plt) = (id(&g, "xo"), id(&g, "1plt_hq"));
    put_all(&mut g, &[xo], p(2, 2));
    u(&mut g, plt).removed = true;
    impulse(&mut g, Some(xo));
    let events = ok(&mut g, by(xo, Action::ReconstitutePltHq { from: xo, plt }));
    assert!(!unit(&g, xo).in_play());
    assert!(
        events.iter().any(|e| matches!(
            e.kind,
            EventKind::ImpulseEnds { hq: Some(h), saved: 0, lost: 5, .. } if h == xo
        )),
        "{events:?}"
    );
    assert_ne!(g.state().impulse.as_ref().and_then(|i| i.hq), Some(xo));
    assert_eq!(g.state().hq_state(xo).map(|h| h.saved), Some(0));
}

#[test]
fn rule_10_2_2_a_reconstituted_hq_starts_with_no_saved_commands() {
    // Decision (4.1.3, 10.2.2): the commands the lost HQ had saved went
    // with it.
    let mut g = game();
    let (co, xo, plt) = (id(&g, "co_hq"), id(&g, "xo"), id(&g, "1plt_hq"));
    put_all(&mut g, &[co, xo], p(2, 2));
    g.state_mut().hq_state_mut(plt).unwrap().saved = 3;
    u(&mut g, plt).removed = true;
    ok(&mut g, by(co, Action::ReconstitutePltHq { from: xo, plt }));
    assert_eq!(g.state().hq_state(plt).unwrap().saved, 0);
    assert!(g.state().hq_state(plt).unwrap().saved <= g.save_limit(plt));
}

#[test]
fn rule_10_2_2_a_squad_of_another_platoon_cannot_stand_in() {
    let mut g = game();
    let (co, plt, other) = (id(&g, "co_hq"), id(&g, "1plt_hq"), id(&g, "2_1"));
    put_all(&mut g, &[co, other], p(2, 2));
    u(&mut g, plt).removed = true;
    let why = refused(
        &mut g,
        by(co, Action::ReconstitutePltHq { from: other, plt }),
    );
    assert!(why.contains("does not belong to that platoon"), "{why}");
}

#[test]
fn rule_6_4_an_exposed_tripod_machine_gun_cannot_concentrate_fire() {
    let mut f = firefight();
    let hmg = add_under(&mut f.g, "us_hmg_team", p(1, 2), Some(f.plt), Some(f.plt));
    let action = |t| Action::ConcentrateFire {
        unit: hmg,
        target: t,
    };
    let e = f.e;
    assert!(legal(&f.g, &by(f.plt, action(e))));
    u(&mut f.g, hmg).exposed = true;
    let why = refused(&mut f.g, by(f.plt, action(e)));
    assert!(why.contains("Exposed"), "{why}");
    // A rifle squad may fire while Exposed.
    u(&mut f.g, f.sq).exposed = true;
    assert!(legal(
        &f.g,
        &by(
            f.plt,
            Action::ConcentrateFire {
                unit: f.sq,
                target: e
            }
        )
    ));
}

#[test]
fn rule_4_1_4_a_flipped_platoon_hq_cannot_order_platoon_fire() {
    let mut f = firefight();
    let e = f.e;
    assert!(legal(
        &f.g,
        &by(f.plt, Action::PlatoonConcentrate { target: e })
    ));
    u(&mut f.g, f.plt).flipped = true;
    let why = refused(
        &mut f.g,
        by(f.plt, Action::PlatoonConcentrate { target: e }),
    );
    assert!(why.contains("fire-team side"), "{why}");
}

#[test]
fn rule_10_2_1_a_reconstituted_squad_takes_the_teams_experience() {
    for (kinds, level) in [
        (["us_assault_team", "us_assault_team"], Experience::Line),
        (["us_assault_team", "us_fire_team"], Experience::Green),
    ] {
        let mut g = game();
        let co = id(&g, "co_hq");
        let sq = id(&g, "1_1");
        assert_eq!(unit(&g, sq).experience, Experience::Line);
        u(&mut g, sq).removed = true;
        put_all(&mut g, &[co], p(2, 2));
        let a = lat(&mut g, kinds[0], p(2, 2));
        let b = lat(&mut g, kinds[1], p(2, 2));
        let mut teams = vec![a, b];
        teams.sort();
        let deck = card_numbers(&g, 2, rally);
        top(&mut g, &deck);
        ok(&mut g, by(co, Action::ReconstituteSquad { teams }));
        assert!(unit(&g, sq).in_play());
        assert_eq!(unit(&g, sq).steps, 2);
        assert_eq!(unit(&g, sq).experience, level, "{kinds:?}");
    }
}

#[test]
fn rule_4_2_4_l_shift_fire_engages_another_card_than_the_one_under_fire() {
    // 4.2.4 l: Shift Fire moves the card's fire to engage another card.
    // Onto the card the units already fire at, and only there, it would
    // change nothing: refused, and not offered.
    let Fight { mut g, plt, .. } = firefight();
    assert_eq!(links(&g, Side::Us), vec![(p(1, 2), p(3, 2))]);
    let same = by(
        plt,
        Action::ShiftFire {
            at: p(1, 2),
            to: p(3, 2),
        },
    );
    assert!(!g.legal_inputs().contains(&same));
    let why = refused(&mut g, same);
    assert!(why.contains("already fire at R3C2"), "{why}");
    // Another card still takes it.
    let other = by(
        plt,
        Action::ShiftFire {
            at: p(1, 2),
            to: p(2, 3),
        },
    );
    assert!(g.legal_inputs().contains(&other));
}
