//! Every refusal is in words: in random games on every mission, inputs
//! that were legal at some point of the game (orders, answers, choices of
//! HQ) are given again where they are not, and the "why not?" lists are
//! asked for every unit of the company; each refusal must say why in
//! words (no empty reason, no code name) and change nothing.
//!
//! With `FOF_REFUSALS_DUMP=FILE` the refusals met are written to FILE, each
//! once, sorted (mission, the input, the words): the words of two builds
//! compare line by line (the refusals' typed reasons of issue 57 kept
//! every sentence).

use crate::common;
use crate::words::code_name;
use fof::data::units::Side;
use fof::engine::testing::turn::{
    candidates, check_order, refused_company_orders, refused_orders, refused_targets,
};
use fof::engine::{Game, Input, Options, Order, UnitId};
use fof::play::sim::{Bot, bot_rng, choose};
use std::collections::BTreeSet;

/// How many inputs seen before are tried again at a decision.
const POOL: usize = 120;

#[test]
fn every_refusal_met_in_random_games_is_said_in_words() {
    let data = common::shipped();
    let dump = std::env::var_os("FOF_REFUSALS_DUMP");
    let seeds = common::depth(1, 4);
    // A decision in so many is tried over (all of them when dumping).
    let every = if dump.is_some() { 4 } else { 30 };
    let mut out: BTreeSet<String> = BTreeSet::new();
    let mut bad: Vec<String> = Vec::new();
    let mut met = 0usize;
    for m in &data.missions {
        for seed in 1..=seeds {
            let mut g = Game::new(data.clone(), &m.id, seed, Options::default()).unwrap();
            let mut rng = bot_rng(seed);
            let mut pool: Vec<Input> = Vec::new();
            let mut known: BTreeSet<String> = BTreeSet::new();
            let mut n = 0usize;
            while !g.is_over() && n < 400 {
                n += 1;
                let legal = g.legal_inputs();
                let mut said = |what: String, text: &str| {
                    met += 1;
                    if text == "TAKEN BUT NOT LISTED" {
                        bad.push(format!(
                            "{} seed {seed} input {n}: {what} is taken but not listed",
                            m.id
                        ));
                    } else if text.trim().is_empty() {
                        bad.push(format!("{} seed {seed} input {n}: {what}: no reason", m.id));
                    } else if let Some(w) = code_name(text) {
                        bad.push(format!(
                            "{} seed {seed} input {n}: {what}: `{w}` in \"{text}\"",
                            m.id
                        ));
                    }
                    if dump.is_some() {
                        out.insert(format!("{} {what} => {text}", m.id));
                    }
                };
                if n.is_multiple_of(every) {
                    let hash = g.state_hash();
                    for i in pool.iter().rev().take(POOL) {
                        if legal.contains(i) {
                            continue;
                        }
                        let mut c = g.clone();
                        match c.apply(i) {
                            Ok(_) => said(format!("{i:?}"), "TAKEN BUT NOT LISTED"),
                            Err(e) => said(format!("{i:?}"), &e.to_string()),
                        }
                    }
                    let units: Vec<_> = g
                        .state()
                        .in_play()
                        .filter(|u| u.side == Side::Us)
                        .map(|u| u.id)
                        .collect();
                    for u in units {
                        for r in refused_orders(&g, u)
                            .into_iter()
                            .chain(refused_targets(&g, Some(u)))
                        {
                            said(format!("{u} {}", r.order), &r.reason);
                            for (o, why) in &r.also {
                                said(format!("{o:?}"), why);
                            }
                        }
                    }
                    // Every candidate order, by every unit of the company
                    // and by no one.
                    if g.state().impulse.is_some() {
                        let by: Vec<Option<UnitId>> = std::iter::once(None)
                            .chain(
                                g.state()
                                    .in_play()
                                    .filter(|u| u.side == Side::Us)
                                    .map(|u| Some(u.id)),
                            )
                            .collect();
                        for action in candidates(&g) {
                            for b in &by {
                                let o = Order {
                                    by: *b,
                                    action: action.clone(),
                                };
                                if let Err(e) = check_order(&g, &o) {
                                    said(format!("{o:?}"), &e.to_string());
                                }
                            }
                        }
                    }
                    for r in refused_company_orders(&g)
                        .into_iter()
                        .chain(refused_targets(&g, None))
                    {
                        said(format!("company {}", r.order), &r.reason);
                    }
                    assert_eq!(g.state_hash(), hash, "asking changed the game");
                }
                for i in &legal {
                    if known.insert(format!("{i:?}")) {
                        pool.push(i.clone());
                    }
                }
                let i = choose(Bot::Random, &mut rng, &g, &legal).expect("a legal input");
                g.apply(&i).expect("legal");
            }
        }
    }
    if let Some(path) = dump {
        let text: Vec<String> = out.into_iter().collect();
        std::fs::write(path, text.join("\n")).expect("the dump is written");
    }
    assert!(met > 1000, "only {met} refusals met");
    assert!(
        bad.is_empty(),
        "{} refusals not in words:\n{}",
        bad.len(),
        bad[..bad.len().min(40)].join("\n")
    );
}
