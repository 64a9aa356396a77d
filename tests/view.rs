//! The views' parts that other tests do not reach through a whole screen:
//! the help's key of codes, and the line a fire link is drawn along.

use fof::data::DataSet;
use fof::data::terrain::Dir;
use fof::engine::{Game, Options};
use fof::play::sim::{Bot, bot_rng, choose};
use fof::ui::theme::Theme;
use fof::ui::view::legend::{ARROWS, ARROWS_ASCII, Code, arrow, key, known};
use fof::ui::view::{fire::cells, printed_codes};
use std::sync::Arc;

#[test]
fn every_code_is_in_the_key_once() {
    let t = Theme::default();
    let k = key(&t);
    let codes: Vec<&str> = k
        .iter()
        .flat_map(|s| s.entries.iter().map(|a| a.code))
        .collect();
    for c in Code::ALL {
        assert!(codes.contains(&c.text()), "{c:?}");
    }
    // The counters' letters and the ratings share letters; within a group
    // no code repeats.
    for s in &k {
        let mut seen: Vec<&str> = s.entries.iter().map(|a| a.code).collect();
        seen.sort();
        let n = seen.len();
        seen.dedup();
        assert_eq!(seen.len(), n, "{}", s.title);
    }
    let arrows: Vec<&str> = Dir::ALL.iter().map(|d| arrow(*d, false)).collect();
    assert_eq!(arrows.concat(), ARROWS);
    let ascii: Vec<&str> = Dir::ALL.iter().map(|d| arrow(*d, true)).collect();
    assert_eq!(ascii.concat(), ARROWS_ASCII);
}

#[test]
fn codes_with_numbers_fill_and_match() {
    let t = Theme::default();
    assert_eq!(Code::Level.with(2), "lv2");
    assert_eq!(Code::CoverMarkers.with2(1, 3), "m1/3");
    assert_eq!(Code::CoverSplit.with2(2, 0), "C2/0");
    assert_eq!(Code::Burst.with(format!("{:+}", -1)), "b-1");
    assert_eq!(Code::RoutePoint.with(3), "RP3");
    assert_eq!(Code::More.with(4), "+4 more");
    for ok in [
        "lv2", "h1", "C3", "C-", "C2/0", "m0/2", "b+1", "Items2", "RP1", "R3C2", "SA1",
    ] {
        assert!(known(&t, ok), "{ok}");
    }
    for bad in ["lv", "Cx", "m1", "Itemsx", "RP", "XFIRE", "Smokey"] {
        assert!(!known(&t, bad), "{bad}");
    }
}

/// Every code a card prints (its terrain lines after the terrain's name,
/// its markers) is in the help's key, over random-bot games on every
/// mission; the pyrotechnic signals showing are named in words.
#[test]
fn every_code_a_card_prints_is_in_the_key() {
    let data = Arc::new(DataSet::embedded().expect("the shipped data"));
    let theme = Theme::default();
    let mut unknown: Vec<String> = Vec::new();
    let mut checked = 0;
    for m in &data.missions {
        for seed in 1..=2u64 {
            let mut g = Game::new(data.clone(), &m.id, seed, Options::default()).unwrap();
            let mut rng = bot_rng(seed);
            let mut n = 0;
            while !g.is_over() && n < 300 {
                if n % 10 == 0 {
                    for mc in &g.state().map.cards {
                        for t in printed_codes(&g, mc) {
                            checked += 1;
                            let words = t.chars().all(|c| c.is_ascii_lowercase() || c == ' ');
                            if !words && !known(&theme, &t) {
                                unknown.push(format!("{}: {t}", m.id));
                            }
                        }
                    }
                }
                let legal = g.legal_inputs();
                let Some(i) = choose(Bot::Random, &mut rng, &g, &legal) else {
                    break;
                };
                g.apply(&i).unwrap();
                n += 1;
            }
        }
    }
    unknown.sort();
    unknown.dedup();
    assert!(checked > 1000, "{checked} codes checked");
    assert!(unknown.is_empty(), "not in the key: {unknown:?}");
}

#[test]
fn a_line_runs_cell_by_cell_from_end_to_end() {
    let c = cells((0, 0), (6, 2));
    assert_eq!(c.first(), Some(&(0, 0)));
    assert_eq!(c.last(), Some(&(6, 2)));
    for w in c.windows(2) {
        assert!((w[1].0 - w[0].0).abs() <= 1 && (w[1].1 - w[0].1).abs() <= 1);
    }
    assert_eq!(cells((3, 3), (3, 3)), vec![(3, 3)]);
}

/// A unit's name too long for its line loses letters from the middle and
/// keeps the number that tells it apart. Found by a newcomer play test at
/// 80x24: "Gren Sqd #22" showed as "Gren Sqd #2", another squad's name,
/// and "Gren Sqd #9" as "Gren Sqd ", no number at all.
#[test]
fn a_units_name_cut_to_fit_keeps_its_number() {
    let t = Theme::default();
    let fit_name = |n: &str, r: usize| fof::ui::view::fit_name(n, r, &t);
    assert_eq!(fit_name("Gren Sqd #22", 12), "Gren Sqd #22");
    assert_eq!(fit_name("Gren Sqd #22", 11), "Gren Sq…#22");
    assert_eq!(fit_name("Gren Sqd #22", 8), "Gren…#22");
    assert_eq!(fit_name("Gren Sqd #9", 9), "Gren S…#9");
    // A number first: the end goes.
    assert_eq!(fit_name("#13 Casualty", 8), "#13 Cas…");
    assert_eq!(fit_name("2/2 Fire Tm", 6), "2/2 F…");
    // No room for a word before the number: cut at the end.
    assert_eq!(fit_name("Able 1 crew Fire Tm", 10), "Able 1 cr…");
    assert_eq!(fit_name("Gren Sqd #22", 4), "…#22");
    assert_eq!(fit_name("Gren Sqd #22", 3), "Gr…");
    assert_eq!(fit_name("Gren Sqd #22", 1), "G");
    assert_eq!(fit_name("Gren Sqd #22", 0), "");
    let ascii = Theme {
        ascii: true,
        ..Theme::default()
    };
    assert_eq!(
        fof::ui::view::fit_name("Gren Sqd #22", 8, &ascii),
        "Gren~#22"
    );
    for room in 0..20 {
        assert!(fit_name("Gren Sqd #22 Fire Tm", room).chars().count() <= room);
    }
}
