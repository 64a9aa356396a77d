//! "Why not?" (4.2): the orders a unit, or the company, cannot be given
//! now, each with the engine's own reason. The reasons are the refusals of
//! the very check that judges an order, never worked out a second time.

use crate::common;

use common::{Markers, OPEN, Scenario, enemy, id, impulse, open_cards, p, put_all, refused, u};

use fof::engine::kernel::input::{Action, Input, Order};
use fof::engine::testing::turn::{Refusal, refused_company_orders, refused_orders};
use fof::engine::{Game, Options, UnitId};
use fof::play::sim::{Bot, bot_rng, choose};

/// Whether a legal input is an order of `kind` naming `unit` as the
/// refusals understand it: the unit acting, or an HQ activating another.
fn names(i: &Input, unit: Option<UnitId>, kind: &str) -> bool {
    let Input::Order(o) = i else { return false };
    if o.action.name() != kind {
        return false;
    }
    match unit {
        None => true,
        Some(u) => {
            o.action.unit() == Some(u)
                || matches!(o.action, Action::Activate { hq } if o.by == Some(u) && hq != u)
        }
    }
}

/// Every refusal with an example is the engine's refusal of that example,
/// word for word; no refused kind has a legal order; the reasons are words.
fn check_refusals(g: &Game, unit: Option<UnitId>, refusals: &[Refusal], legal: &[Input]) {
    for r in refusals {
        assert!(!r.reason.is_empty(), "{r:?}");
        for mark in ["Some(", "UnitId(", "CardPos", "::"] {
            assert!(!r.reason.contains(mark), "code in a reason: {r:?}");
        }
        if let Some(example) = &r.example {
            assert_eq!(example.action.name(), r.order);
            let mut trial = g.clone();
            let input = Input::Order(example.clone());
            match trial.apply(&input) {
                Ok(_) => panic!("the example of a refusal was accepted: {r:?}"),
                Err(e) => assert_eq!(e.to_string(), r.reason, "{example:?}"),
            }
        }
        if r.order != "Any order" {
            assert!(
                !legal.iter().any(|i| names(i, unit, r.order)),
                "{} is refused for {unit:?} but a legal order of it is offered",
                r.order
            );
        }
    }
}

/// Calls `f` with positions of random games: every mission, two seeds,
/// every sixth input of the first 240, with the legal inputs there.
fn each_sampled_position(mut f: impl FnMut(&Game, &[Input])) {
    let data = common::shipped();
    for m in &data.missions {
        for seed in 1..=2u64 {
            let mut g = Game::new(data.clone(), &m.id, seed, Options::default()).unwrap();
            let mut rng = bot_rng(seed);
            let mut n = 0;
            while !g.is_over() && n < 240 {
                let legal = g.legal_inputs();
                if n % 6 == 0 {
                    f(&g, &legal);
                }
                let i = choose(Bot::Random, &mut rng, &g, &legal).unwrap();
                g.apply(&i).unwrap();
                n += 1;
            }
        }
    }
}

#[test]
fn rule_4_2_the_why_not_reasons_equal_the_engines_refusal_reasons_for_the_same_orders() {
    let mut refusals_seen = 0usize;
    each_sampled_position(|g, legal| {
        let units: Vec<UnitId> = g.friendly().map(|u| u.id).collect();
        for unit in units {
            let r = refused_orders(g, unit);
            refusals_seen += r.len();
            check_refusals(g, Some(unit), &r, legal);
        }
        let r = refused_company_orders(g);
        check_refusals(g, None, &r, legal);
    });
    assert!(refusals_seen > 1000, "only {refusals_seen} refusals seen");
}

#[test]
fn rule_4_2_the_refusals_are_in_action_menu_order_one_per_kind() {
    let mut g = open_game();
    let co = id(&g, "co_hq");
    let sq = id(&g, "1_1");
    u(&mut g, sq).pinned = true;
    impulse(&mut g, Some(co));
    let r = refused_orders(&g, sq);
    let rules: Vec<&str> = r.iter().map(|r| sort_rule(r)).collect();
    let mut sorted = rules.clone();
    sorted.sort();
    assert_eq!(rules, sorted);
    let mut kinds: Vec<&str> = r.iter().map(|r| r.order).collect();
    kinds.sort();
    let n = kinds.len();
    kinds.dedup();
    assert_eq!(kinds.len(), n, "one refusal per kind");
}

fn sort_rule(r: &Refusal) -> &'static str {
    match r.example.as_ref().map(|o| &o.action) {
        Some(Action::WpGrenade { .. }) => "4.2.4 d",
        _ => r.rule,
    }
}

/// The hedgerow mission on an open map at the CO HQ's first impulse.
fn open_game() -> Game {
    let mut g = Scenario::of("hedgerow_attack")
        .named("whynot_test")
        .seed(11)
        .game();
    open_cards(&mut g, OPEN, Markers::Clear);
    g
}

#[test]
fn rule_4_3_an_hq_out_of_communication_is_told_why_it_cannot_activate() {
    let mut g = open_game();
    let co = id(&g, "co_hq");
    impulse(&mut g, Some(co));
    // The CO HQ alone at (1, 1) with no radio or telephone; everyone else
    // three cards away.
    let others: Vec<UnitId> = g.friendly().map(|u| u.id).filter(|x| *x != co).collect();
    put_all(&mut g, &[co], p(1, 1));
    put_all(&mut g, &others, p(4, 3));
    u(&mut g, co).assets.clear();
    let plt1 = id(&g, "1plt_hq");
    let why = refused(&mut g, common::by(co, Action::Activate { hq: plt1 }));
    let r = refused_orders(&g, co);
    let activate = r
        .iter()
        .find(|r| r.order == "Activate")
        .expect("Activate is refused");
    assert!(activate.reason.contains("(4.3"), "{}", activate.reason);
    assert!(
        activate.reason.contains("not in communication"),
        "{}",
        activate.reason
    );
    let ex = activate.example.as_ref().expect("an example");
    assert_eq!(ex.by, Some(co));
    if ex.action == (Action::Activate { hq: plt1 }) {
        assert_eq!(why, activate.reason);
    }
    // Back in touch, the CO HQ may activate: Activate is no longer refused.
    put_all(&mut g, &[co], p(4, 3));
    assert!(
        !refused_orders(&g, co).iter().any(|r| r.order == "Activate"),
        "{:?}",
        refused_orders(&g, co)
    );
}

#[test]
fn rule_9_3_concentrated_fire_and_grenades_at_an_unspotted_enemy_say_it_is_not_spotted() {
    let mut g = open_game();
    let co = id(&g, "co_hq");
    let sq = id(&g, "1_1");
    put_all(&mut g, &[co, sq], p(2, 2));
    enemy(&mut g, "de_rifle_squad", p(2, 2), false);
    impulse(&mut g, Some(co));
    let r = refused_orders(&g, sq);
    for kind in ["Concentrate Fire", "Grenade Attack"] {
        let x = r
            .iter()
            .find(|r| r.order == kind)
            .unwrap_or_else(|| panic!("{kind} is refused: {r:?}"));
        assert!(x.reason.contains("not been spotted"), "{}", x.reason);
        assert!(x.reason.contains("(9.3)"), "{}", x.reason);
    }
    // Spotting it is possible: it is not among the refusals.
    assert!(!r.iter().any(|r| r.order == "Spot"), "{r:?}");
}

#[test]
fn rule_4_2_4_with_no_enemy_on_the_map_orders_aimed_at_one_say_so() {
    let mut g = open_game();
    let co = id(&g, "co_hq");
    let sq = id(&g, "1_1");
    impulse(&mut g, Some(co));
    let enemies: Vec<UnitId> = g
        .state()
        .units
        .iter()
        .filter(|x| x.in_play() && x.side != fof::data::units::Side::Us)
        .map(|x| x.id)
        .collect();
    for e in enemies {
        u(&mut g, e).removed = true;
    }
    let r = refused_orders(&g, sq);
    let spot = r.iter().find(|r| r.order == "Spot").expect("Spot refused");
    assert_eq!(spot.example, None);
    assert!(spot.reason.contains("no enemy"), "{}", spot.reason);
    let c = refused_company_orders(&g);
    assert!(
        c.iter()
            .any(|r| r.order == "Platoon Concentrate Fire" && r.reason.contains("no enemy")),
        "{c:?}"
    );
}

#[test]
fn rule_4_1_outside_an_impulse_one_refusal_says_why() {
    let mut g = open_game();
    let sq = id(&g, "1_1");
    g.state_mut().impulse = None;
    let r = refused_orders(&g, sq);
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(r[0].example, None);
    let order = Input::Order(Order {
        by: None,
        action: Action::SeekCover { unit: sq },
    });
    let e = g.clone().apply(&order).unwrap_err();
    assert_eq!(e.to_string(), r[0].reason);
    assert_eq!(refused_company_orders(&g), r);
}

/// "Why not there?": every target refusal is the engine's refusal of its
/// example word for word, names a kind that is open for some other target
/// and a target no legal order of the kind reaches; and the refusals
/// include moves to an adjacent card (the question a newcomer could not
/// get answered: the move to one card was missing from the menu while the
/// moves to the others were there).
#[test]
fn rule_4_2_why_not_says_why_an_order_open_for_some_targets_is_refused_for_others() {
    use fof::engine::testing::turn::{aim, refused_targets};
    let mut seen: Vec<&'static str> = Vec::new();
    let mut count = 0usize;
    each_sampled_position(|g, legal| {
        let mut who: Vec<Option<UnitId>> = g.friendly().map(|u| Some(u.id)).collect();
        who.push(None);
        for unit in who {
            for r in refused_targets(g, unit) {
                count += 1;
                let o = r.example.clone().expect("a target refusal has its order");
                assert_eq!(o.action.unit(), unit, "{r:?}");
                let t = aim(&o.action).expect("an aimed order");
                let mut trial = g.clone();
                match trial.apply(&Input::Order(o.clone())) {
                    Ok(_) => panic!("the example was accepted: {r:?}"),
                    Err(e) => assert_eq!(e.to_string(), r.reason),
                }
                let of_kind = |i: &Input| match i {
                    Input::Order(x) => x.action.name() == r.order && x.action.unit() == unit,
                    _ => false,
                };
                assert!(legal.iter().any(of_kind), "open for some target: {r:?}");
                assert!(
                    !legal
                        .iter()
                        .any(|i| of_kind(i)
                            && matches!(i, Input::Order(x) if aim(&x.action) == Some(t))),
                    "no legal order of the kind reaches the target: {r:?}"
                );
                if !seen.contains(&r.order) {
                    seen.push(r.order);
                }
            }
        }
    });
    assert!(count > 100, "only {count} target refusals seen");
    for kind in [
        "Move to an Adjacent Card",
        "Move a Platoon",
        "Embark on a Vehicle",
    ] {
        assert!(seen.contains(&kind), "{kind} among {seen:?}");
    }
}
