//! `fof sim` and `fof list`: the engine harness as a user runs it.

use crate::common;

use fof::data::DataSet;
use fof::engine::Options;
use fof::play::sim::{Bot, play};
use std::collections::BTreeSet;
use std::process::Command;
use std::sync::Arc;

fn fof(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_fof"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn list_shows_every_mission() {
    let data = DataSet::embedded().unwrap();
    let ids = fof(&["list", "--ids"]);
    assert_eq!(ids.status.code(), Some(0));
    let listed: Vec<String> = String::from_utf8_lossy(&ids.stdout)
        .lines()
        .map(String::from)
        .collect();
    let shipped: Vec<String> = data.missions.iter().map(|m| m.id.clone()).collect();
    assert_eq!(listed, shipped);
    let full = String::from_utf8_lossy(&fof(&["list"]).stdout).into_owned();
    for m in &data.missions {
        assert!(full.contains(&m.name), "{full}");
    }
}

#[test]
fn sim_json_lines_have_every_field_and_repeat_per_seed() {
    let out = fof(&["sim", "--games", "3", "--seed", "5", "--json"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let again =
        String::from_utf8_lossy(&fof(&["sim", "--games", "3", "--seed", "5", "--json"]).stdout)
            .into_owned();
    assert_eq!(text, again, "same seeds, same games");
    let data = DataSet::embedded().unwrap();
    assert_eq!(text.lines().count(), 3 * data.missions.len());
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        for key in [
            "mission",
            "seed",
            "bot",
            "outcome",
            "turns",
            "inputs",
            "cards_drawn",
            "hash",
            "contacts",
            "enemy_checks",
        ] {
            assert!(!v[key].is_null(), "{key} missing: {line}");
        }
        assert_eq!(v["bot"], "random");
        assert_eq!(v["hash"].as_str().unwrap().len(), 16);
        assert!(
            ["success", "failure"].contains(&v["outcome"].as_str().unwrap()),
            "{line}"
        );
    }
}

#[test]
fn sim_rejects_an_unknown_mission() {
    let out = fof(&["sim", "--mission", "nowhere"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nowhere"));
}

#[test]
fn hundreds_of_games_per_mission_end_deterministically_and_differ() {
    let data = Arc::new(DataSet::embedded().unwrap());
    // 300 games a mission with FOF_DEEP_TESTS.
    let games = common::depth(100, 300);
    for m in data.missions.clone() {
        let mut hashes = BTreeSet::new();
        for seed in 1..=games {
            let r = play(data.clone(), &m.id, seed, Bot::Random, Options::default()).unwrap();
            assert_ne!(
                r.outcome,
                fof::play::report::Standing::Stalled,
                "{} seed {seed}",
                m.id
            );
            assert!(r.inputs < fof::play::sim::MAX_INPUTS);
            if seed <= 10 {
                let again =
                    play(data.clone(), &m.id, seed, Bot::Random, Options::default()).unwrap();
                assert_eq!(r, again, "{} seed {seed} repeats", m.id);
            }
            hashes.insert(r.hash);
        }
        assert!(
            hashes.len() as u64 >= games * 5 / 6,
            "{}: only {} distinct hashes",
            m.id,
            hashes.len()
        );
    }
}

#[test]
fn rule_6_3_fire_is_resolved_and_casualties_occur_in_most_firefights() {
    // The crossroads mission starts in contact: most games see steps lost.
    let data = Arc::new(DataSet::embedded().unwrap());
    let mut with_casualties = 0;
    for seed in 1..=100 {
        let r = play(
            data.clone(),
            "crossroads_firefight",
            seed,
            Bot::Random,
            Options::default(),
        )
        .unwrap();
        if r.casualties.friendly + r.casualties.enemy > 0 {
            with_casualties += 1;
        }
    }
    assert!(
        with_casualties > 60,
        "only {with_casualties} of 100 games had casualties"
    );
}

#[test]
fn rule_9_1_5_enemies_are_contacted_in_most_games_of_the_attack() {
    let data = Arc::new(DataSet::embedded().unwrap());
    let mut with_contacts = 0;
    for seed in 1..=100 {
        let r = play(
            data.clone(),
            "hedgerow_attack",
            seed,
            Bot::Random,
            Options::default(),
        )
        .unwrap();
        if r.contacts > 0 {
            with_contacts += 1;
        }
    }
    assert!(
        with_contacts > 60,
        "only {with_contacts} of 100 games made contact"
    );
}

/// The planner (issue 21) plays every shipped mission to its end with
/// legal inputs only (an input the engine refused would leave the game
/// "stalled"), gives a reason in words for every choice, and plays the
/// same game again for the same seed.
#[test]
fn the_planner_plays_every_mission_legally_to_its_end_and_repeats_per_seed() {
    let data = Arc::new(DataSet::embedded().unwrap());
    for m in &data.missions {
        for seed in [1, 2] {
            let r = play(data.clone(), &m.id, seed, Bot::Planner, Options::default()).unwrap();
            assert_ne!(
                r.outcome,
                fof::play::report::Standing::Stalled,
                "{} seed {seed}",
                m.id
            );
            assert_eq!(r.bot, "planner");
        }
    }
    let once = play(
        data.clone(),
        "first_contact",
        9,
        Bot::Planner,
        Options::default(),
    )
    .unwrap();
    let again = play(
        data.clone(),
        "first_contact",
        9,
        Bot::Planner,
        Options::default(),
    )
    .unwrap();
    assert_eq!(once, again, "same seed, same game");
    // Its reasons are words, never code.
    let mut g =
        fof::engine::Game::new(data.clone(), "hedgerow_attack", 4, Options::default()).unwrap();
    let mut reasons = BTreeSet::new();
    for _ in 0..150 {
        if g.is_over() {
            break;
        }
        let legal = g.legal_inputs();
        let h = fof::play::planner::suggest(&g, &legal).unwrap();
        assert!(legal.contains(&h.input));
        reasons.insert(h.reason.clone());
        g.apply(&h.input).unwrap();
    }
    assert!(reasons.len() > 5, "{reasons:?}");
    for r in &reasons {
        for code in ["::", "Some(", "None", "UnitId", "CardPos", "{", "_"] {
            assert!(!r.contains(code), "{r}");
        }
    }
}

/// The planner plays better than chance: on the same seeds of the two
/// shortest offensive missions it does far better than the random bot
/// (300 games of every mission, in the README's balance table: 92%
/// against 37% and 13% against none). The training mission, which the
/// random bot wins a third of the time, is compared by the games lost
/// (the planner loses about an eighth as often there), the other by the games
/// won: a ratio of wins near the ceiling swings with a few seeds.
#[test]
fn the_planner_succeeds_more_often_than_the_random_bot() {
    let data = Arc::new(DataSet::embedded().unwrap());
    for (mission, seeds, by_losses) in [
        ("first_contact", 1..=20u64, true),
        ("crossroads_firefight", 1..=40, false),
    ] {
        let count = |bot: Bot| {
            seeds
                .clone()
                .filter(|s| {
                    let won = play(data.clone(), mission, *s, bot, Options::default())
                        .unwrap()
                        .outcome
                        == fof::play::report::Standing::Success;
                    won != by_losses
                })
                .count()
        };
        let (random, planner) = (count(Bot::Random), count(Bot::Planner));
        if by_losses {
            assert!(
                2 * planner <= random,
                "{mission}: games lost, planner {planner}, random {random}"
            );
        } else {
            assert!(
                planner >= 2 * random.max(1),
                "{mission}: games won, planner {planner}, random {random}"
            );
        }
    }
}

/// The hint's "in harm's way on X" names the card the unit is on as the
/// hint is given, not the card the order would take it to (a play-test
/// saw "CO HQ is in harm's way on SA1" for a CO HQ on R2C2 told to move to
/// the staging area).
#[test]
fn a_hint_names_the_card_a_unit_in_harms_way_is_on_now() {
    let data = Arc::new(DataSet::embedded().unwrap());
    let mut seen = 0;
    for (mission, seed) in [
        ("hedgerow_attack", 4u64),
        ("hedgerow_attack", 5),
        ("village_assault", 2),
        ("crossroads_firefight", 3),
        ("crossroads_firefight", 7),
    ] {
        let mut g =
            fof::engine::Game::new(data.clone(), mission, seed, Options::default()).unwrap();
        for _ in 0..400 {
            if g.is_over() {
                break;
            }
            let legal = g.legal_inputs();
            let h = fof::play::planner::suggest(&g, &legal).unwrap();
            if let Some((name, rest)) = h.reason.split_once(" is in harm's way on ") {
                let card = rest.split(':').next().unwrap();
                seen += 1;
                let on = g
                    .state()
                    .units
                    .iter()
                    .filter(|u| u.in_play() && g.describe(u.id) == name)
                    .any(|u| u.pos.to_string() == card);
                assert!(on, "{mission} seed {seed}: {} ", h.reason);
            }
            g.apply(&h.input).unwrap();
        }
    }
    assert!(seen > 0, "no hint about a unit in harm's way");
}

/// 6.1.2: an enemy unit stops firing at a card when one of ours enters its
/// own card. The planner uses it (a light unit drawing the fire off a card
/// full of the company), and its reason says so, not that the unit in
/// harm's way is taken out of the open (found by a newcomer play test:
/// the tip named a unit the order never moves).
#[test]
fn planner_a_reason_about_a_unit_the_order_does_not_move_says_how_it_helps() {
    let data = common::shipped();
    let mut drawn = 0;
    for seed in 0..6u64 {
        let mut g = fof::engine::Game::new(
            data.clone(),
            "crossroads_firefight",
            seed,
            Options::default(),
        )
        .unwrap();
        for _ in 0..400 {
            if g.is_over() {
                break;
            }
            let legal = g.legal_inputs();
            let h = fof::play::planner::suggest(&g, &legal).unwrap();
            if let fof::engine::kernel::input::Input::Order(o) = &h.input
                && h.reason.contains("in harm's way")
            {
                let mover = o.action.unit().map(|u| g.describe(u)).unwrap_or_default();
                if !h.reason.starts_with(&format!("{mover} ")) {
                    assert!(
                        h.reason.contains("draws the enemy's fire off that card"),
                        "{}",
                        h.reason
                    );
                    drawn += 1;
                }
            }
            g.apply(&h.input).unwrap();
        }
    }
    assert!(drawn > 0, "no order drew fire off another unit's card");
}

/// 6.7, 6.2.2: a fire mission's VOF strikes every unit on its card, friend
/// and foe. Found by a newcomer play test: the tip called high explosive
/// onto R2C2 while the player's own platoon held it. Positions from games
/// the random bot plays: wherever the planner calls for fire or fires a
/// mortar, no unit of ours is on the target card.
#[test]
fn rule_6_7_the_planner_never_calls_fire_onto_a_card_our_units_hold() {
    use fof::engine::kernel::input::{Action, Input};
    let data = common::shipped();
    let mut fire = 0;
    for (mission, seeds) in [
        ("village_assault", 16..19u64),
        ("crossroads_firefight", 12..15),
    ] {
        for seed in seeds {
            let mut g =
                fof::engine::Game::new(data.clone(), mission, seed, Options::default()).unwrap();
            let mut rng = fof::play::sim::bot_rng(seed);
            for _ in 0..500 {
                if g.is_over() {
                    break;
                }
                let legal = g.legal_inputs();
                if matches!(
                    g.prompt().decision,
                    fof::engine::kernel::input::Decision::Orders { .. }
                ) {
                    let h = fof::play::planner::suggest(&g, &legal).unwrap();
                    if let Input::Order(o) = &h.input
                        && let Action::CallForFire { target, .. }
                        | Action::MortarFire { target, .. } = o.action
                    {
                        fire += 1;
                        let ours: Vec<String> = g
                            .friendly()
                            .filter(|u| u.pos == target && u.riding.is_none())
                            .map(|u| g.describe(u.id))
                            .collect();
                        assert!(
                            ours.is_empty(),
                            "{mission} seed {seed}: {} onto {ours:?} ({})",
                            target,
                            h.reason
                        );
                    }
                }
                let i = fof::play::sim::pick(&mut rng, &legal).unwrap();
                g.apply(&i).unwrap();
            }
        }
    }
    assert!(fire > 0, "the planner called for fire somewhere");
}

/// The planner's choice at each order decision of random games of
/// `missions` (seeds 1 to `seeds`), with the game it was made in.
fn planner_orders(
    missions: &[&str],
    seeds: u64,
    mut f: impl FnMut(&str, u64, &fof::engine::Game, &fof::play::planner::Hint),
) {
    let data = common::shipped();
    for mission in missions {
        for seed in 1..=seeds {
            common::random_walk(data.clone(), mission, seed, 400, |g, legal| {
                if matches!(
                    g.prompt().decision,
                    fof::engine::kernel::input::Decision::Orders { .. }
                ) {
                    let h = fof::play::planner::suggest(g, legal).unwrap();
                    f(mission, seed, g, &h);
                }
            });
        }
    }
}

#[test]
fn rule_7_4_4_the_planner_never_puts_a_unit_aboard_to_take_it_out_of_fire() {
    // 7.4.3, 7.4.4: a passenger is fired on like any unit on its card and
    // has no cover. A tip embarked an Exposed CO HQ on a tank "to take it
    // out of the open"; the planner scored riders as out of reach.
    use fof::engine::kernel::input::{Action, Input};
    let mut embarks = 0;
    planner_orders(
        &[
            "panzer_counterattack",
            "k50_hill_before_dark",
            "k50_tanks_in_the_paddies",
        ],
        8,
        |mission, seed, g, h| {
            if let Input::Order(o) = &h.input
                && let Action::Embark { unit, .. } = o.action
            {
                embarks += 1;
                let name = g.describe(unit);
                assert!(
                    !h.reason.starts_with(&format!("{name} is in harm's way")),
                    "{mission} seed {seed}: {name} embarks: {}",
                    h.reason
                );
            }
        },
    );
    eprintln!("{embarks} embarks suggested");
}

#[test]
fn rule_2_4_1_b_the_planner_keeps_the_line_of_a_defence() {
    // 11.0: a defence is lost if the enemy is on our side of the main line
    // of resistance at the end. A tip moved three squads off the line into
    // the staging area, where they cannot fire, to get them out of fire.
    use fof::data::units::UnitKind;
    use fof::engine::kernel::input::{Action, Input};
    let mut moves = 0;
    planner_orders(
        &[
            "orchard_line",
            "panzer_counterattack",
            "k51_night_defence",
            "k50_ridge_at_dawn",
        ],
        6,
        |mission, seed, g, h| {
            let Input::Order(o) = &h.input else { return };
            // A platoon's move is its HQ's (4.2.2 b).
            let (unit, to) = match o.action {
                Action::Move { unit, to, .. } => (Some(unit), to),
                Action::MovePlatoon { to } => (o.by, to),
                _ => return,
            };
            moves += 1;
            let unit = unit.and_then(|u| g.state().get(u));
            let fighting = unit.is_some_and(|u| {
                matches!(
                    u.kind,
                    UnitKind::Squad
                        | UnitKind::AssaultTeam
                        | UnitKind::FireTeam
                        | UnitKind::WeaponsTeam
                        | UnitKind::Hq
                ) && !u.pos.is_staging()
            });
            // Out of the way of a fire mission about to land (6.7) is the
            // one good reason to step off the line.
            let shelled = unit.is_some_and(|u| g.card_shelled(u.pos));
            assert!(
                !(fighting && to.is_staging()) || shelled,
                "{mission} seed {seed}: {} leaves the line: {}",
                g.describe(unit.unwrap().id),
                h.reason
            );
        },
    );
    assert!(moves > 0, "the planner moved someone");
}

/// 11.4, 2.4.1 C: a patrol walks route points; only the last of them may
/// be its objective. Found by a newcomer play test: the tip said "it takes
/// the objective R2C3" of the patrol's fifth route point. In planner games
/// of the patrol, a hint names the objective only with the objective's
/// own card.
#[test]
fn rule_11_4_a_patrols_hint_calls_a_route_point_a_route_point() {
    let data = common::shipped();
    let m = data.mission("night_patrol").unwrap();
    let objectives: Vec<String> = m
        .controls
        .objectives
        .iter()
        .map(|(_, a)| fof::engine::kernel::pos::CardPos::new(a.0, a.1).to_string())
        .collect();
    let mut routed = 0;
    for seed in 1..=12u64 {
        let mut g =
            fof::engine::Game::new(data.clone(), "night_patrol", seed, Options::default()).unwrap();
        for _ in 0..600 {
            if g.is_over() {
                break;
            }
            let legal = g.legal_inputs();
            let h = fof::play::planner::suggest(&g, &legal).unwrap();
            if let Some((_, rest)) = h.reason.split_once("objective ") {
                let card = rest.split([' ', ',', ':']).next().unwrap();
                assert!(
                    objectives.iter().any(|o| o == card),
                    "seed {seed}: {} (objectives {objectives:?})",
                    h.reason
                );
            }
            if h.reason.contains("route point") {
                routed += 1;
            }
            g.apply(&h.input).unwrap();
        }
    }
    assert!(routed > 0, "no hint about a route point");
}

/// 4.0: an HQ's loss cuts the chain of command, and the enemy on a card
/// fires on every unit of ours there. Found by play tests: the tip sent a
/// lone platoon HQ onto a card the enemy held, for the advance it made.
/// In planner games of the offensives, an order that leaves an HQ on a
/// card with the enemy and no squad or team of ours, where it was not so
/// before, is given only to escape a fire mission or to draw the enemy's
/// fire off a squad (6.1.2), and its reason names the HQ's risk.
#[test]
fn rule_4_0_the_planner_sends_no_hq_alone_onto_the_enemys_card() {
    use fof::data::units::{Side, UnitKind};
    let data = common::shipped();
    let alone = |g: &fof::engine::Game| -> Vec<String> {
        let s = g.state();
        s.units
            .iter()
            .filter(|u| {
                u.in_play() && u.side == Side::Us && u.is_hq_or_staff() && !u.pos.is_staging()
            })
            .filter(|u| {
                let on: Vec<_> = s
                    .units_at(u.pos)
                    .filter(|x| x.kind != UnitKind::Casualty)
                    .collect();
                on.iter().any(|x| x.side != Side::Us)
                    && !on.iter().any(|x| {
                        x.side == Side::Us
                            && matches!(
                                x.kind,
                                UnitKind::Squad
                                    | UnitKind::AssaultTeam
                                    | UnitKind::FireTeam
                                    | UnitKind::WeaponsTeam
                            )
                    })
            })
            .map(|u| g.describe(u.id))
            .collect()
    };
    let mut moves = 0;
    let mut bad = Vec::new();
    for mission in [
        "crossroads_firefight",
        "hedgerow_attack",
        "village_assault",
        "orchard_line",
    ] {
        for seed in 1..=4u64 {
            let mut g =
                fof::engine::Game::new(data.clone(), mission, seed, Options::default()).unwrap();
            for _ in 0..1500 {
                if g.is_over() {
                    break;
                }
                let legal = g.legal_inputs();
                let h = fof::play::planner::suggest(&g, &legal).unwrap();
                let before = alone(&g);
                let mut after = g.clone();
                after.apply(&h.input).unwrap();
                if let fof::engine::kernel::input::Input::Order(o) = &h.input
                    && o.action.unit().is_some()
                {
                    moves += 1;
                    let now = alone(&after);
                    for n in now {
                        let said = h.reason.contains("where a fire mission will land")
                            || h.reason.contains(&format!("at the risk of {n} on"));
                        if !before.contains(&n) && !said {
                            bad.push(format!("{mission} seed {seed}: {n} after {}", h.reason));
                        }
                    }
                }
                g = after;
            }
        }
    }
    assert!(moves > 0);
    assert!(bad.is_empty(), "{} case(s):\n{}", bad.len(), bad.join("\n"));
}
