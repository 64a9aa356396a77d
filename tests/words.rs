//! Words, not code names: what the player reads (the log's event texts,
//! every entry of the orders and question menus, the questions and the
//! unit status lines) never shows a Rust identifier or Debug formatting.
//! Random-bot games on every shipped mission are scanned at every
//! decision.

mod common;

use fof::engine::{Game, Options};
use fof::play::sim::{Bot, bot_rng, choose};

/// A word joined from capitalised parts ("GreenStarCluster",
/// "InflictCasualty"), or Debug's marks ("Some(", "UnitId(", "{ ").
fn code_name(text: &str) -> Option<String> {
    for marks in [
        "Some(", "None", "UnitId(", "CardPos", "CoverId(", " { ", "::", "[\"",
    ] {
        if text.contains(marks) {
            return Some(marks.to_string());
        }
    }
    for word in text.split(|c: char| !c.is_ascii_alphanumeric()) {
        let chars: Vec<char> = word.chars().collect();
        // A lower-case letter followed by a capital inside one word.
        let joined = chars
            .windows(2)
            .any(|w| w[0].is_ascii_lowercase() && w[1].is_ascii_uppercase());
        if joined {
            return Some(word.to_string());
        }
    }
    None
}

fn check(what: &str, text: &str, seen: &mut Vec<String>) {
    if let Some(w) = code_name(text) {
        seen.push(format!("{what}: `{w}` in \"{text}\""));
    }
}

#[test]
fn the_scanner_finds_code_names_and_debug_marks() {
    assert!(code_name("GreenStarCluster fired").is_some());
    assert!(code_name("signal: Some(CeaseFire)").is_some());
    assert!(code_name("the green star cluster: cease fire").is_none());
    assert!(code_name("MG42 #7 fires at R2C1 (6.2)").is_none());
}

#[test]
fn every_text_the_player_reads_is_in_words_on_every_mission() {
    let data = common::shipped();
    let mut seen: Vec<String> = Vec::new();
    for m in &data.missions {
        for seed in 1..=4u64 {
            let mut g = Game::new(data.clone(), &m.id, seed, Options::default()).unwrap();
            let mut rng = bot_rng(seed);
            let mut n = 0;
            while !g.is_over() && n < 400 {
                let legal = g.legal_inputs();
                for i in &legal {
                    check("menu", &fof::ui::labels::input(&g, i), &mut seen);
                }
                if let Some(c) = g.state().choices.first() {
                    let (_, q) = fof::engine::turn::choices::question(&g, c);
                    check("question", &q, &mut seen);
                }
                for u in g.state().units.iter().filter(|u| u.in_play()) {
                    check("status", &fof::ui::labels::status_words(&g, u), &mut seen);
                }
                let i = choose(Bot::Random, &mut rng, &legal).unwrap();
                g.apply(&i).unwrap();
                n += 1;
            }
            for e in g.log() {
                check("log", &e.text, &mut seen);
            }
        }
    }
    seen.sort();
    seen.dedup();
    assert!(
        seen.is_empty(),
        "{} code names:\n{}",
        seen.len(),
        seen.join("\n")
    );
}
