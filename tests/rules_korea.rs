//! The rules the rulebook gives the Korean War, on the shipped Korea
//! missions: the Korea deck dealt (1.2.1), the company of 1950-51 with the
//! 1944 squad breakdown (11.3), casualties evacuated from a collection
//! point (3.8, 5.1.7), vehicles on the battalion net (7.1.1), North Korean
//! armour (9.10), Chinese human waves at night (9.12) and the NKPA's
//! prisoners (9.13). The grenades of the two armies (6.5.1) and the tank
//! example (7.6) are in rules_combat.rs and rules_vehicles.rs.

use crate::common;

use common::*;
use fof::data::DataSet;
use fof::data::mission::Evacuation;
use fof::data::units::{Nation, Side, UnitKind};
use fof::engine::{EventKind, Game, Options};
use std::sync::Arc;

fn data() -> Arc<DataSet> {
    Arc::new(DataSet::embedded().expect("the shipped data loads"))
}

/// The missions of the two Korea campaigns, in campaign order.
fn korea_missions(d: &DataSet) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for c in d.campaigns.iter().filter(|c| c.id.starts_with("korea")) {
        for m in &c.missions {
            out.push((c.id.clone(), m.clone()));
        }
    }
    out
}

/// A mission played to its end by the random bot (as `fof sim` plays it).
fn random_game(d: &Arc<DataSet>, mission: &str, seed: u64) -> Game {
    let (report, g) = fof::play::sim::play_game(
        d.clone(),
        mission,
        seed,
        fof::play::sim::Bot::Random,
        Options::default(),
    )
    .expect("it sets up");
    assert_ne!(
        report.outcome,
        fof::play::report::Standing::Stalled,
        "{mission} {seed}"
    );
    assert!(g.is_over(), "{mission} {seed} ends");
    g
}

#[test]
fn rule_1_2_1_every_korea_mission_deals_the_korea_deck_with_the_company_of_1950_51() {
    let d = data();
    let missions = korea_missions(&d);
    assert_eq!(missions.len(), 8, "two campaigns of four missions");
    for (campaign, id) in &missions {
        let m = d.mission(id).expect("the mission");
        assert_eq!(m.terrain, "korea", "{id}");
        assert_eq!(m.campaign.as_deref(), Some(campaign.as_str()), "{id}");
        let g = Game::new(d.clone(), id, 1, Options::default()).expect("it sets up");
        // Every card dealt is a Korea card.
        let deck = d.terrain_deck("korea").expect("the Korea deck");
        for c in &g.state().map.cards {
            for n in &c.stack {
                assert!(deck.cards.iter().any(|t| t.number == *n), "{id}: card {n}");
            }
        }
        // 11.3: the rulebook gives WWII and Korea one squad breakdown, so
        // the company's squads are the 1944 rifle squad.
        for u in g.state().units.iter().filter(|u| u.side == Side::Us) {
            if u.kind == UnitKind::Squad && u.unit_type.0 != "us_mortar_81" {
                assert_eq!(u.unit_type.0, "us_rifle_squad", "{id}: {}", u.label);
            }
        }
        // The enemy is the campaign's army, never the German one.
        let army = if campaign == "korea_1950" {
            Nation::NorthKorean
        } else {
            Nation::Chinese
        };
        let c = d.campaign(campaign).expect("the campaign");
        for p in &c.packages {
            for ty in p.groups.iter().flatten() {
                let t = d.unit_type(&ty.0).expect("a counter");
                assert_eq!(t.nation(), army, "{campaign}: {}", p.id);
            }
        }
        for u in g.state().units.iter().filter(|u| u.side == Side::Enemy) {
            let t = d.unit_type(&u.unit_type.0).expect("a counter");
            assert_eq!(t.nation(), army, "{id}: {}", u.label);
        }
    }
}

#[test]
fn rule_3_8_korean_war_casualties_are_evacuated_from_the_collection_point_at_clean_up() {
    let d = data();
    for (_, id) in korea_missions(&d) {
        let m = d.mission(&id).expect("the mission");
        // 5.1.7: WWII and Korea evacuate through a collection point, never
        // a MEDEVAC landing zone.
        assert_eq!(m.evacuation, Evacuation::CollectionPoint, "{id}");
        assert!(m.controls.casualty_point.is_some(), "{id}");
    }
    let mut g = Game::new(d.clone(), "k50_ridge_at_dawn", 4, Options::default()).unwrap();
    keep_plan(&mut g);
    let ccp = g
        .state()
        .map
        .controls
        .points
        .iter()
        .find(|(k, _)| *k == fof::engine::kernel::state::PointControl::CasualtyPoint)
        .map(|(_, at)| *at)
        .expect("the collection point is on the map");
    let there = add_spotted(&mut g, "us_casualty", ccp);
    let away = add_spotted(&mut g, "us_casualty", p(3, 2));
    let turn = g.state().turn;
    for _ in 0..400 {
        if g.state().turn != turn || g.is_over() {
            break;
        }
        play_on(&mut g);
    }
    assert!(!unit(&g, there).in_play(), "evacuated at Clean Up");
    assert!(g.state().evacuated >= 1);
    assert!(g.log().iter().any(|e| matches!(
        e.kind,
        EventKind::UnitRemoved {
            unit,
            why: fof::engine::kernel::events::Removal::Evacuated(_),
        } if unit == there
    ) && e.rule == "5.1.7"));
    assert!(
        unit(&g, away).in_play() || unit(&g, away).captured,
        "not at the point"
    );
}

#[test]
fn rule_7_1_1_a_korean_war_tank_answers_the_co_hq_on_the_battalion_net() {
    let d = data();
    let mut g = Game::new(d, "k50_hill_before_dark", 2, Options::default()).unwrap();
    keep_plan(&mut g);
    let co = id(&g, "co_hq");
    let tank = g
        .state()
        .vehicles
        .iter()
        .find(|v| v.vehicle_type.0 == "us_m4a3e8")
        .map(|v| v.id)
        .expect("the Easy Eights come with the company");
    // The CO HQ's SCR-300 is on the battalion net, the tanks' net in the
    // wars before Vietnam (7.1.1).
    assert!(
        unit(&g, co)
            .radios()
            .any(|(_, n)| n == fof::data::mission::Net::BnTac)
    );
    assert!(fof::engine::testing::vehicles::reaches(&g, Some(co), tank).is_ok());
    // Without it, only face to face on the tank's card.
    u(&mut g, co).assets.clear();
    let tpos = g.state().vehicles[tank.0 as usize].pos;
    let away = if tpos == p(1, 1) { p(1, 3) } else { p(1, 1) };
    put(&mut g, co, away);
    let why = fof::engine::testing::vehicles::reaches(&g, Some(co), tank).unwrap_err();
    assert!(why.text.contains("battalion-net radio"), "{}", why.text);
    put(&mut g, co, tpos);
    assert!(fof::engine::testing::vehicles::reaches(&g, Some(co), tank).is_ok());
}

#[test]
fn rule_9_10_north_korean_armour_comes_on_and_fights() {
    let d = data();
    let mut fought = 0;
    for seed in 1..=8 {
        let g = random_game(&d, "k50_tanks_in_the_paddies", seed);
        let t34s = g
            .state()
            .vehicles
            .iter()
            .filter(|v| v.vehicle_type.0 == "nk_t34_85")
            .count();
        assert!(t34s >= 2, "seed {seed}: the T-34s are in the mission");
        if g.log()
            .iter()
            .any(|e| matches!(e.kind, EventKind::AtCombat { .. }))
        {
            fought += 1;
        }
    }
    assert!(fought >= 6, "anti-tank combat in {fought} of 8 games");
}

#[test]
fn rule_9_12_the_chinese_night_attack_comes_in_human_waves() {
    let d = data();
    let m = d.mission("k51_night_defence").expect("the mission");
    assert!(
        d.charts
            .visibility
            .iter()
            .find(|v| v.id == m.visibility)
            .is_some_and(|v| v.limited()),
        "a night mission"
    );
    let mut waves = 0;
    for seed in 1..=10 {
        let g = random_game(&d, "k51_night_defence", seed);
        let wave: Vec<_> = g
            .state()
            .units
            .iter()
            .filter(|u| u.side == Side::Enemy && u.human_wave)
            .collect();
        if !wave.is_empty() {
            waves += 1;
        }
        // 9.12: never pinned, whatever fell on them.
        assert!(wave.iter().all(|u| !u.pinned), "seed {seed}");
    }
    assert!(waves >= 5, "human waves in {waves} of 10 nights");
}

#[test]
fn rule_9_13_the_north_koreans_of_1950_take_no_prisoners() {
    let d = data();
    let c = d.campaign("korea_1950").expect("the campaign");
    assert_eq!(c.no_prisoners, vec![Side::Enemy]);
    let mut g = Game::new(d.clone(), "k50_ridge_at_dawn", 3, Options::default()).unwrap();
    let team = add(&mut g, "us_paralyzed_team", p(3, 2));
    let squad = enemy(&mut g, "nk_rifle_squad", p(3, 2), true);
    fof::engine::testing::combat::capture_retreat(&mut g);
    assert_eq!(unit(&g, team).kind, UnitKind::Casualty, "shot");
    assert!(!unit(&g, team).captured);
    assert_eq!(unit(&g, squad).steps, 3, "no guard is needed");
    // The Chinese of 1951 take them.
    let c51 = d.campaign("korea_1951").expect("the campaign");
    assert!(c51.no_prisoners.is_empty());
}

/// The porters of the 1951 missions (our own counter, `UnitKind::Porter`):
/// they start with the company's reserve on their backs, within what their
/// two steps carry (5.1.6 A), have no VOF, and across whole random-bot
/// games are offered movement, carrying and rally orders but never a
/// combat one.
#[test]
fn rule_5_1_6_porters_carry_the_reserve_and_never_fight() {
    let d = data();
    for (mission, load) in [
        ("k51_night_defence", (fof::data::units::AmmoKind::Mg, 12)),
        ("k51_ridge_assault", (fof::data::units::AmmoKind::Mortar, 4)),
    ] {
        let g = Game::new(d.clone(), mission, 1, Options::default()).expect("it sets up");
        let p = g.state().by_roster("ksc_1").expect("the porters");
        assert_eq!(
            (p.kind, p.steps, p.cargo),
            (UnitKind::Porter, 2, Some(load)),
            "{mission}"
        );
        assert!(
            fof::engine::testing::combat::ratings(&g, p).is_none(),
            "{mission}"
        );
    }
    let mut offered = 0;
    for seed in 1..=6u64 {
        let mut g = Game::new(d.clone(), "k51_night_defence", seed, Options::default()).unwrap();
        let porter = g.state().by_roster("ksc_1").unwrap().id;
        let mut rng = fof::play::sim::bot_rng(seed);
        let mut n = 0;
        while !g.is_over() && n < fof::play::sim::MAX_INPUTS {
            let legal = g.legal_inputs();
            for i in &legal {
                if let fof::engine::kernel::input::Input::Order(o) = i
                    && o.action.unit() == Some(porter)
                {
                    offered += 1;
                    assert_ne!(
                        o.action.section(),
                        fof::engine::kernel::input::MenuSection::Combat,
                        "{o:?}"
                    );
                }
            }
            let i =
                fof::play::sim::choose(fof::play::sim::Bot::Random, &mut rng, &g, &legal).unwrap();
            g.apply(&i).unwrap();
            n += 1;
        }
    }
    assert!(offered > 0, "the porters take orders");
}

/// A hit on porters (our own reading of 6.3.3 for a counter that never
/// becomes a team): a casualty letter takes a step as a casualty, any other
/// letter pins the party with its load; the last step hit by a casualty
/// letter leaves only the casualty.
#[test]
fn rule_6_3_3_porters_lose_a_step_only_to_a_casualty_result() {
    use fof::data::action::HitLetter::{C, F, L, P};
    use fof::engine::testing::combat::apply_hit;
    let d = data();
    let mut g = Game::new(d, "k51_night_defence", 1, Options::default()).unwrap();
    let porter = id(&g, "ksc_1");
    let teams = |g: &Game| {
        g.state()
            .units
            .iter()
            .filter(|u| u.kind.is_lat() && u.designation == "KSC Porters")
            .count()
    };
    let casualties = |g: &Game| {
        g.state()
            .units
            .iter()
            .filter(|u| u.kind == UnitKind::Casualty && u.designation == "KSC Porters")
            .count()
    };
    apply_hit(&mut g, porter, &[P, F]);
    let p = g.state().unit(porter);
    assert!(p.pinned && p.steps == 2 && p.in_play() && p.cargo.is_some());
    assert_eq!((teams(&g), casualties(&g)), (0, 0));
    apply_hit(&mut g, porter, &[C, L]);
    let p = g.state().unit(porter);
    assert!(p.pinned && p.steps == 1 && p.in_play());
    assert_eq!((teams(&g), casualties(&g)), (0, 1));
    apply_hit(&mut g, porter, &[C]);
    assert!(!g.state().unit(porter).in_play());
    assert_eq!((teams(&g), casualties(&g)), (0, 2));
}

/// 11.0, 10.3.1: porters alone on an objective do not secure it; a rifle
/// squad beside them does.
#[test]
fn rule_11_0_porters_alone_do_not_secure_a_card() {
    let d = data();
    let mut g = Game::new(d, "k51_ridge_assault", 1, Options::default()).unwrap();
    let at = fof::engine::testing::recovery::victory_place(&g, fof::data::mission::Place::Primary)
        .expect("a primary objective");
    let porter = id(&g, "ksc_1");
    put(&mut g, porter, at);
    assert!(!fof::engine::testing::recovery::secure(&g, at));
    let sq = id(&g, "1_1");
    put(&mut g, sq, at);
    assert!(fof::engine::testing::recovery::secure(&g, at));
}
