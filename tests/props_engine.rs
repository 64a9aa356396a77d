//! Property tests of the engine contract: for random seeds and random legal
//! play, nothing panics, every listed input is accepted, inputs not listed
//! are refused without changing anything, and steps are conserved.

use fof::data::DataSet;
use fof::data::units::{Side, UnitKind};
use fof::engine::orders::{Order, legal_orders};
use fof::engine::{Game, Input, Options, UnitId};
use proptest::prelude::*;
use rand::Rng;
use std::sync::{Arc, OnceLock};

fn data() -> Arc<DataSet> {
    static DATA: OnceLock<Arc<DataSet>> = OnceLock::new();
    DATA.get_or_init(|| Arc::new(DataSet::embedded().unwrap()))
        .clone()
}

/// Friendly steps in play plus those evacuated: never changes (5.1.7,
/// 4.2.3 g-i, 4.2.1 d-h).
fn friendly_steps(game: &Game) -> u32 {
    let s = game.state();
    s.in_play()
        .filter(|u| u.side == Side::Us)
        .map(|u| u.steps as u32)
        .sum::<u32>()
        + s.evacuated as u32
}

/// Inputs that look plausible but may or may not be legal: every candidate
/// action with every originator, every HQ choice, every drop.
fn near_misses(game: &Game) -> Vec<Input> {
    let mut v = vec![Input::EndImpulse];
    let ids: Vec<UnitId> = game.state().units.iter().map(|u| u.id).collect();
    for id in &ids {
        v.push(Input::ChooseHq(*id));
        for c in &ids {
            v.push(Input::Drop {
                carrier: *id,
                casualty: *c,
            });
        }
    }
    let mut origins: Vec<Option<UnitId>> = vec![None];
    origins.extend(ids.iter().map(|i| Some(*i)));
    for a in fof::engine::actions::candidates(game) {
        for by in &origins {
            v.push(Input::Order(Order {
                by: *by,
                action: a.clone(),
            }));
        }
    }
    v
}

fn check_contract(game: &Game, rng: &mut impl Rng) {
    let legal = game.legal_inputs();
    let before = game.state_hash();
    // Every listed input is accepted.
    for input in &legal {
        let mut g = game.clone();
        assert!(g.apply(input).is_ok(), "listed input refused: {input:?}");
    }
    // Unlisted inputs are refused and change nothing (a sample of them).
    let misses = near_misses(game);
    for _ in 0..60 {
        let input = &misses[rng.random_range(0..misses.len())];
        if legal.contains(input) {
            continue;
        }
        let mut g = game.clone();
        let r = g.apply(input);
        assert!(r.is_err(), "unlisted input accepted: {input:?}");
        assert_eq!(g.state_hash(), before, "a refused input changed the state");
        assert!(!r.unwrap_err().0.is_empty(), "a refusal says why");
    }
    // The order list and the order check agree.
    if let Some(fof::engine::Decision::Orders { .. }) = Some(game.prompt().decision) {
        for o in legal_orders(game) {
            assert!(fof::engine::orders::check(game, &o).is_ok());
        }
    }
}

fn play(seed: u64, bot_seed: u64, max_inputs: usize, options: Options) {
    let mut game = Game::new(data(), "hedgerow_attack", seed, options).unwrap();
    let mut rng = fof::sim::bot_rng(bot_seed);
    let steps = friendly_steps(&game);
    let mut n = 0;
    while !game.is_over() && n < max_inputs {
        if n % 23 == 0 {
            check_contract(&game, &mut rng);
        }
        let legal = game.legal_inputs();
        assert!(!legal.is_empty(), "a decision with no legal input");
        let input = legal[rng.random_range(0..legal.len())].clone();
        game.apply(&input).unwrap();
        assert_eq!(friendly_steps(&game), steps, "steps are conserved");
        // No unit on two cards, no friendly card above the stacking limit.
        for u in game.state().in_play() {
            if u.side == Side::Us && !u.pos.is_staging() && u.kind != UnitKind::Casualty {
                assert!(game.state().steps_at(u.pos, Side::Us) <= 16);
            }
        }
        n += 1;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn random_legal_play_keeps_the_engine_contract(seed in 0u64..1_000_000, bot in 0u64..1_000_000) {
        play(seed, bot, 600, Options::default());
    }

    #[test]
    fn the_contract_holds_with_every_streamlining_option(seed in 0u64..1_000_000, bot in 0u64..1_000_000) {
        let options = Options { all_line: true, no_ammo: true, abstract_comms: true };
        play(seed, bot, 300, options);
    }
}

#[test]
fn every_game_ends() {
    for seed in 0..20 {
        let r = fof::sim::play(
            data(),
            "hedgerow_attack",
            seed,
            fof::sim::Bot::Random,
            Options::default(),
        )
        .unwrap();
        assert_ne!(r.outcome, "stalled", "seed {seed}");
        assert!(r.turns >= 1);
    }
}
