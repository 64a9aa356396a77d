//! Checks of the Action deck: each card's fields, and the deck's
//! composition against the calibration figures.

use super::calibration;
use super::{err, err_top};
use crate::data::action::{
    ActionCard, ActionDeck, DeckEntry, Experience, FireResult, HitLetter, Icon, Mark, NCM_ROWS,
    RN_COLUMNS, RN_MIN, Word,
};
use crate::data::{DataError, SourceFile};
use std::collections::BTreeMap;

fn icon_index(card: &ActionCard) -> usize {
    match (card.icon, card.mark) {
        (Icon::Crosshairs, Some(Mark::Jam)) => 5,
        (Icon::Burst, Some(Mark::Short)) => 6,
        (Icon::Crosshairs, _) => 0,
        (Icon::Infiltrate, _) => 1,
        (Icon::Grenade, _) => 2,
        (Icon::Burst, _) => 3,
        (Icon::TripleBurst, _) => 4,
    }
}

fn letter_index(l: HitLetter) -> usize {
    HitLetter::ALL.iter().position(|x| *x == l).unwrap_or(0)
}

/// Checks one action card on its own. Pushes errors located at the card.
fn action_card(f: &SourceFile, index: usize, c: &ActionCard, out: &mut Vec<DataError>) {
    if c.activated > 6 {
        out.push(err(
            f,
            index,
            Some("activated"),
            format!(
                "card {}: activated commands {} is above 6",
                c.number, c.activated
            ),
        ));
    }
    if c.initiative > 6 {
        out.push(err(
            f,
            index,
            Some("initiative"),
            format!(
                "card {}: initiative commands {} is above 6",
                c.number, c.initiative
            ),
        ));
    }
    if c.anti_tank > 9 {
        out.push(err(
            f,
            index,
            Some("anti_tank"),
            format!(
                "card {}: anti-tank number {} is outside 0..=9",
                c.number, c.anti_tank
            ),
        ));
    }
    match (c.mark, c.icon) {
        (Some(Mark::Jam), Icon::Crosshairs) | (Some(Mark::Short), Icon::Burst) | (None, _) => {}
        (Some(m), icon) => out.push(err(f, index, Some("mark"), format!("card {}: the {m:?} mark cannot be printed on a {icon} icon (Jam goes on crosshairs, Short on a burst)", c.number))),
    }
    if c.fire.len() != NCM_ROWS {
        out.push(err(
            f,
            index,
            Some("fire"),
            format!(
                "card {}: `fire` needs {NCM_ROWS} results (NCM -4 to +6), found {}",
                c.number,
                c.fire.len()
            ),
        ));
    }
    if c.random.len() != RN_COLUMNS {
        out.push(err(
            f,
            index,
            Some("random"),
            format!(
                "card {}: `random` needs {RN_COLUMNS} numbers (N = 2 to 12), found {}",
                c.number,
                c.random.len()
            ),
        ));
    }
    // Fire results: hits, then pins, then misses as the NCM rises (6.3.2).
    let rank = |r: FireResult| match r {
        FireResult::Hit => 0,
        FireResult::Pin => 1,
        FireResult::Miss => 2,
    };
    if let Some(i) = (1..c.fire.len()).find(|&i| rank(c.fire[i]) < rank(c.fire[i - 1])) {
        out.push(err(
            f,
            index,
            Some("fire"),
            format!(
                "card {}: fire results are not monotone: {} at NCM {:+} follows {} at NCM {:+}",
                c.number,
                c.fire[i].key(),
                i as i32 - 4,
                c.fire[i - 1].key(),
                i as i32 - 5
            ),
        ));
    }
    for level in Experience::ALL {
        let letters = c.hit.for_level(level);
        if letters.is_empty() || letters.len() > 2 {
            out.push(err(
                f,
                index,
                Some(level.key()),
                format!(
                    "card {}: the {} hit effect must have one or two letters, found {}",
                    c.number,
                    level.key(),
                    letters.len()
                ),
            ));
        }
    }
    for (i, &v) in c.random.iter().enumerate() {
        let n = RN_MIN as usize + i;
        if v == 0 || v as usize > n {
            out.push(err(
                f,
                index,
                Some("random"),
                format!(
                    "card {}: random number {v} for N={n} is outside 1..={n}",
                    c.number
                ),
            ));
        }
    }
}

pub fn action_deck(f: &SourceFile, deck: &ActionDeck, out: &mut Vec<DataError>) {
    let reshuffles: Vec<usize> = deck
        .cards
        .iter()
        .enumerate()
        .filter(|(_, c)| matches!(c, DeckEntry::Reshuffle))
        .map(|(i, _)| i)
        .collect();
    if reshuffles.len() != 1 {
        let at = reshuffles.get(1).copied().unwrap_or(deck.cards.len());
        out.push(err(
            f,
            at,
            None,
            format!(
                "the deck must hold exactly one Reshuffle card, found {}",
                reshuffles.len()
            ),
        ));
    }
    let cards: Vec<(usize, &ActionCard)> = deck
        .cards
        .iter()
        .enumerate()
        .filter_map(|(i, c)| match c {
            DeckEntry::Action(a) => Some((i, a)),
            DeckEntry::Reshuffle => None,
        })
        .collect();
    if cards.len() != calibration::ACTION_CARDS {
        out.push(err_top(
            f,
            "cards",
            format!(
                "the deck must hold {} action cards, found {}",
                calibration::ACTION_CARDS,
                cards.len()
            ),
        ));
    }
    let mut seen = BTreeMap::new();
    for &(i, c) in &cards {
        if c.number == 0 || c.number as usize > calibration::ACTION_CARDS {
            out.push(err(
                f,
                i,
                Some("number"),
                format!(
                    "card number {} is outside 1..={}",
                    c.number,
                    calibration::ACTION_CARDS
                ),
            ));
        }
        if let Some(first) = seen.insert(c.number, i) {
            out.push(err(
                f,
                i,
                Some("number"),
                format!(
                    "card number {} is used twice (first as entry {})",
                    c.number,
                    first + 1
                ),
            ));
        }
        action_card(f, i, c, out);
    }
    let malformed = cards
        .iter()
        .any(|(_, c)| c.fire.len() != NCM_ROWS || c.random.len() != RN_COLUMNS);
    if cards.len() != calibration::ACTION_CARDS || malformed {
        return; // Aggregate figures only make sense for a full, well-formed deck.
    }
    let mut agg = Vec::new();
    let count = |pred: &dyn Fn(&ActionCard) -> bool| cards.iter().filter(|(_, c)| pred(c)).count();
    for (v, n) in calibration::ACTIVATED {
        let got = count(&|c| c.activated == v);
        if got != n {
            agg.push(format!(
                "{n} cards should show {v} activated commands, found {got}"
            ));
        }
    }
    for (v, n) in calibration::INITIATIVE {
        let got = count(&|c| c.initiative == v);
        if got != n {
            agg.push(format!(
                "{n} cards should show {v} initiative commands, found {got}"
            ));
        }
    }
    let words = [
        Some(Word::Contact),
        Some(Word::Cover),
        Some(Word::Rally),
        None,
    ];
    for (w, n) in words.iter().zip(calibration::WORDS) {
        let got = count(&|c| c.word == *w);
        if got != n {
            let name = w.map(|w| w.to_string()).unwrap_or_else(|| "no word".into());
            agg.push(format!("{n} cards should show {name}, found {got}"));
        }
    }
    let icon_names = [
        "crosshairs",
        "infiltrate",
        "grenade",
        "burst",
        "three bursts",
        "crosshairs marked Jam",
        "burst marked Short",
    ];
    for (i, n) in calibration::ICONS.iter().enumerate() {
        let got = count(&|c| icon_index(c) == i);
        if got != *n {
            agg.push(format!(
                "{n} cards should show {}, found {got}",
                icon_names[i]
            ));
        }
    }
    let hq = count(&|c| c.higher_hq);
    if hq != calibration::HIGHER_HQ {
        agg.push(format!(
            "{} cards should show the Higher HQ icon, found {hq}",
            calibration::HIGHER_HQ
        ));
    }
    for v in 0..=9u8 {
        let got = count(&|c| c.anti_tank == v);
        if got != calibration::ANTI_TANK_EACH {
            agg.push(format!(
                "{} cards should show anti-tank number {v}, found {got}",
                calibration::ANTI_TANK_EACH
            ));
        }
    }
    for row in 0..NCM_ROWS {
        for (res, want) in [
            (FireResult::Hit, calibration::HIT[row]),
            (FireResult::Pin, calibration::PIN[row]),
            (FireResult::Miss, calibration::MISS[row]),
        ] {
            let got = count(&|c| c.fire[row] == res);
            if got != want {
                agg.push(format!(
                    "{want} cards should show {} at NCM {:+}, found {got}",
                    res.key().to_uppercase(),
                    row as i32 - 4
                ));
            }
        }
    }
    for (li, level) in Experience::ALL.iter().enumerate() {
        let two = count(&|c| c.hit.for_level(*level).len() == 2);
        if two != calibration::TWO_LETTER[li] {
            agg.push(format!(
                "{} cards should show two {} hit letters, found {two}",
                calibration::TWO_LETTER[li],
                level.key()
            ));
        }
        let mut first = [0usize; 5];
        let mut all = [0usize; 5];
        for (_, c) in &cards {
            let letters = c.hit.for_level(*level);
            if let Some(l) = letters.first() {
                first[letter_index(*l)] += 1;
            }
            for l in letters {
                all[letter_index(*l)] += 1;
            }
        }
        for (k, letter) in HitLetter::ALL.iter().enumerate() {
            if first[k] != calibration::FIRST_LETTER[li][k] {
                agg.push(format!(
                    "{} cards should lead the {} hit effect with {}, found {}",
                    calibration::FIRST_LETTER[li][k],
                    level.key(),
                    letter.key(),
                    first[k]
                ));
            }
            if all[k].abs_diff(calibration::ALL_LETTERS[li][k]) > calibration::LETTER_TOLERANCE {
                agg.push(format!(
                    "the {} hit effects should show {} about {} times (within {}), found {}",
                    level.key(),
                    letter.key(),
                    calibration::ALL_LETTERS[li][k],
                    calibration::LETTER_TOLERANCE,
                    all[k]
                ));
            }
        }
    }
    for col in 0..RN_COLUMNS {
        let n = RN_MIN as usize + col;
        let (lo, hi) = (
            calibration::ACTION_CARDS / n,
            calibration::ACTION_CARDS.div_ceil(n),
        );
        for v in 1..=n {
            let got = count(&|c| c.random[col] as usize == v);
            if got < lo || got > hi {
                agg.push(format!(
                    "random number {v} for N={n} should appear on {lo}..={hi} cards, found {got}"
                ));
            }
        }
    }
    for m in agg {
        out.push(err_top(f, "cards", format!("deck composition: {m}")));
    }
}
