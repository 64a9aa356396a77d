//! The second loading pass: invariants and cross-references.

use super::action::{
    ActionCard, ActionDeck, DeckEntry, Experience, FireResult, HitLetter, Icon, Mark, NCM_ROWS,
    RN_COLUMNS, RN_MIN, Word,
};
use super::charts::{Charts, CoverKind, PcDraw};
use super::locate::{locate, locate_field};
use super::terrain::{CoverValue, TerrainDeck, TerrainType};
use super::units::{UnitKind, UnitsFile};
use super::{DataError, SourceFile};
use std::collections::{BTreeMap, BTreeSet};

/// The published aggregate figures our original Action deck is calibrated
/// to (see the rules README). The arrangement card by card is ours.
pub mod calibration {
    /// Action cards, the reshuffle card excluded.
    pub const ACTION_CARDS: usize = 50;
    /// (commands, cards) for the helmet.
    pub const ACTIVATED: [(u8, usize); 6] = [(6, 2), (5, 8), (4, 14), (3, 12), (2, 10), (1, 4)];
    /// (commands, cards) for the star.
    pub const INITIATIVE: [(u8, usize); 5] = [(4, 4), (3, 12), (2, 18), (1, 12), (0, 4)];
    /// Contact!, Cover, Rally, none.
    pub const WORDS: [usize; 4] = [7, 12, 15, 16];
    /// Plain crosshairs, infiltrate, grenade, plain burst, three bursts,
    /// crosshairs marked Jam, burst marked Short.
    pub const ICONS: [usize; 7] = [14, 10, 10, 10, 4, 1, 1];
    pub const HIGHER_HQ: usize = 12;
    /// Cards per anti-tank number 0..=9.
    pub const ANTI_TANK_EACH: usize = 5;
    /// HIT cards for NCM -4..=+6.
    pub const HIT: [usize; 11] = [40, 35, 30, 25, 20, 15, 10, 5, 3, 2, 2];
    pub const PIN: [usize; 11] = [9, 13, 17, 20, 20, 20, 20, 20, 17, 13, 9];
    pub const MISS: [usize; 11] = [1, 2, 3, 5, 10, 15, 20, 25, 30, 35, 39];
    /// Two-letter hit effects for Veteran, Line, Green.
    pub const TWO_LETTER: [usize; 3] = [28, 28, 32];
    /// First-letter counts C, P, L, F, A for Veteran, Line, Green.
    pub const FIRST_LETTER: [[usize; 5]; 3] =
        [[13, 18, 7, 9, 3], [14, 19, 8, 7, 2], [15, 23, 6, 5, 1]];
    /// All-letter counts C, P, L, F, A for Veteran, Line, Green.
    pub const ALL_LETTERS: [[usize; 5]; 3] = [
        [24, 23, 12, 16, 3],
        [25, 24, 14, 13, 2],
        [28, 31, 12, 10, 1],
    ];
    /// How far an all-letter count may stray from its figure.
    pub const LETTER_TOLERANCE: usize = 2;

    /// Normandy terrain composition: (type, cards).
    pub const NORMANDY: [(super::TerrainType, usize); 11] = [
        (super::TerrainType::Hill, 6),
        (super::TerrainType::Marsh, 2),
        (super::TerrainType::Orchard, 8),
        (super::TerrainType::Woods, 8),
        (super::TerrainType::Hedgerow, 12),
        (super::TerrainType::Village, 4),
        (super::TerrainType::OpenFields, 4),
        (super::TerrainType::Gully, 4),
        (super::TerrainType::Farm, 5),
        (super::TerrainType::Church, 1),
        (super::TerrainType::Cemetery, 1),
    ];
}

fn err(f: &SourceFile, index: usize, field: Option<&str>, msg: String) -> DataError {
    DataError::at(&f.path, locate(&f.text, "cards", index, field), msg)
}

fn err_top(f: &SourceFile, field: &str, msg: String) -> DataError {
    DataError::at(&f.path, locate_field(&f.text, field), msg)
}

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
                "card {}: fire results are not monotone: {:?} at NCM {:+} follows {:?} at NCM {:+}",
                c.number,
                c.fire[i],
                i as i32 - 4,
                c.fire[i - 1],
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

pub fn terrain_deck(f: &SourceFile, deck: &TerrainDeck, out: &mut Vec<DataError>) {
    if deck.cards.is_empty() {
        out.push(err_top(
            f,
            "cards",
            "the terrain deck holds no cards".into(),
        ));
    }
    let mut seen = BTreeMap::new();
    for (i, c) in deck.cards.iter().enumerate() {
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
        if c.name.trim().is_empty() {
            out.push(err(
                f,
                i,
                Some("name"),
                format!("card {}: the name is empty", c.number),
            ));
        }
        match (c.terrain, c.cover) {
            (TerrainType::Hill, CoverValue::None) => {}
            (TerrainType::Hill, _) => out.push(err(f, i, Some("cover"), format!("card {}: a hill card has no cover value of its own (5.2.2 A); write `cover: None`", c.number))),
            (_, CoverValue::None) => out.push(err(f, i, Some("cover"), format!("card {}: only hill cards may have no cover value", c.number))),
            (_, CoverValue::Single(v)) if !(0..=5).contains(&v) => out.push(err(f, i, Some("cover"), format!("card {}: cover value {v} is outside 0..=5", c.number))),
            (_, CoverValue::Split { dark, light }) if dark <= light || light < 0 || dark > 5 => out.push(err(f, i, Some("cover"), format!("card {}: a split cover value needs 0 <= light < dark <= 5, found dark {dark} light {light}", c.number))),
            _ => {}
        }
        if c.cover_markers > 4 {
            out.push(err(
                f,
                i,
                Some("cover_markers"),
                format!(
                    "card {}: cover potential {} is above 4",
                    c.number, c.cover_markers
                ),
            ));
        }
        if c.seek_draws == 0 || c.seek_draws > 6 {
            out.push(err(
                f,
                i,
                Some("seek_draws"),
                format!(
                    "card {}: seek cover draws {} is outside 1..=6",
                    c.number, c.seek_draws
                ),
            ));
        }
        if !(-3..=3).contains(&c.burst) {
            out.push(err(
                f,
                i,
                Some("burst"),
                format!(
                    "card {}: burst modifier {} is outside -3..=3",
                    c.number, c.burst
                ),
            ));
        }
    }
    if deck.id == "normandy" {
        for (t, n) in calibration::NORMANDY {
            let got = deck.cards.iter().filter(|c| c.terrain == t).count();
            if got != n {
                out.push(err_top(
                    f,
                    "cards",
                    format!(
                        "deck composition: the Normandy deck should hold {n} {t} cards, found {got}"
                    ),
                ));
            }
        }
    }
}

pub fn terrain_ids(decks: &[(&SourceFile, TerrainDeck)], out: &mut Vec<DataError>) {
    let mut seen = BTreeSet::new();
    for (f, d) in decks {
        if !seen.insert(d.id.clone()) {
            out.push(err_top(
                f,
                "id",
                format!("terrain deck id `{}` is used by another deck", d.id),
            ));
        }
    }
}

pub fn units(f: &SourceFile, file: &UnitsFile, out: &mut Vec<DataError>) {
    let e = |i: usize, field: &str, msg: String| {
        DataError::at(&f.path, locate(&f.text, "units", i, Some(field)), msg)
    };
    let ids: BTreeSet<&str> = file.units.iter().map(|u| u.id.0.as_str()).collect();
    let mut seen = BTreeSet::new();
    for (i, u) in file.units.iter().enumerate() {
        if !seen.insert(u.id.0.as_str()) {
            out.push(e(i, "id", format!("unit id `{}` is used twice", u.id)));
        }
        let steps_ok = match u.kind {
            UnitKind::Squad => (2..=4).contains(&u.steps),
            _ => u.steps == 1,
        };
        if !steps_ok {
            out.push(e(
                i,
                "steps",
                format!(
                    "unit `{}`: a {:?} cannot have {} steps (squads 2-4, every other unit 1)",
                    u.id, u.kind, u.steps
                ),
            ));
        }
        let needs_back = matches!(
            u.kind,
            UnitKind::Hq | UnitKind::Staff | UnitKind::ForwardObserver
        );
        if needs_back && u.back.is_none() {
            out.push(e(i, "kind", format!("unit `{}`: an HQ, staff or observer needs its fire-team side (`back`) (1.2.3 B-C)", u.id)));
        }
        let no_vof = matches!(
            u.kind,
            UnitKind::Hq
                | UnitKind::Staff
                | UnitKind::HigherStaff
                | UnitKind::ForwardObserver
                | UnitKind::Runner
                | UnitKind::Casualty
                | UnitKind::LitterTeam
                | UnitKind::ParalyzedTeam
        );
        if no_vof && u.front.is_some() {
            out.push(e(
                i,
                "front",
                format!("unit `{}`: a {:?} has no VOF on its front", u.id, u.kind),
            ));
        }
        let needs_vof = matches!(
            u.kind,
            UnitKind::Squad
                | UnitKind::WeaponsTeam
                | UnitKind::AssaultTeam
                | UnitKind::FireTeam
                | UnitKind::Sniper
        );
        if needs_vof && u.front.is_none() {
            out.push(e(
                i,
                "kind",
                format!("unit `{}`: a {:?} needs a VOF on its front", u.id, u.kind),
            ));
        }
        if u.kind.is_lat() && u.experience.is_none() {
            out.push(e(
                i,
                "kind",
                format!(
                    "unit `{}`: a limited action team has a fixed experience level (4.2.5)",
                    u.id
                ),
            ));
        }
        if u.kind == UnitKind::HigherStaff && u.experience != Some(Experience::Line) {
            out.push(e(
                i,
                "kind",
                format!("unit `{}`: battalion staff are always Line (1.2.3 H)", u.id),
            ));
        }
        if let Some(a) = u.ammo
            && a.points == 0
        {
            out.push(e(
                i,
                "ammo",
                format!(
                    "unit `{}`: an ammunition allotment of 0 points; leave `ammo` out instead",
                    u.id
                ),
            ));
        }
        if let Some(ft) = &u.fire_team {
            if !ids.contains(ft.0.as_str()) {
                out.push(e(
                    i,
                    "fire_team",
                    format!(
                        "unit `{}`: fire team `{ft}` is not a unit id in this file",
                        u.id
                    ),
                ));
            } else if let Some(t) = file.units.iter().find(|x| x.id == *ft)
                && (t.kind != UnitKind::FireTeam || t.side != u.side)
            {
                out.push(e(
                    i,
                    "fire_team",
                    format!(
                        "unit `{}`: `{ft}` is not a fire team of the same side",
                        u.id
                    ),
                ));
            }
        }
    }
}

pub fn charts(f: &SourceFile, c: &Charts, out: &mut Vec<DataError>) {
    let e = |field: &str, msg: String| DataError::at(&f.path, locate_field(&f.text, field), msg);
    for (letter, row) in [
        ("a", &c.pc_draws.a),
        ("b", &c.pc_draws.b),
        ("c", &c.pc_draws.c),
    ] {
        // More activity never makes contact harder to find (9.1.5).
        let key = |d: &PcDraw| match d {
            PcDraw::Auto => 0u16,
            PcDraw::Draw(n) => 1000 - *n as u16,
        };
        if row.windows(2).any(|w| key(&w[1]) < key(&w[0])) {
            out.push(e(
                "pc_draws",
                format!(
                    "PC letter {}: draws must not rise as the activity level rises",
                    letter.to_uppercase()
                ),
            ));
        }
        if row.len() != 4 {
            out.push(e("pc_draws", format!("PC letter {}: needs 4 entries (No Contact, Contact, Engaged, Heavily Engaged), found {}", letter.to_uppercase(), row.len())));
        }
        if row.contains(&PcDraw::Draw(0)) {
            out.push(e(
                "pc_draws",
                format!(
                    "PC letter {}: a draw of 0 cards; write Auto",
                    letter.to_uppercase()
                ),
            ));
        }
    }
    for level in Experience::ALL {
        let n = c.commands.save.iter().filter(|s| s.level == level).count();
        if n != 1 {
            out.push(e(
                "save",
                format!(
                    "save limits must list {} exactly once, found {n}",
                    level.key()
                ),
            ));
        }
    }
    if c.commands.spend_max_limited > c.commands.spend_max_day {
        out.push(e(
            "spend_max_limited",
            "the limited-visibility spend maximum is above the daytime one".into(),
        ));
    }
    if c.action_draws.min == 0 {
        out.push(e(
            "action_draws",
            "the minimum draw must be at least 1".into(),
        ));
    }
    if c.spotting.min == 0 {
        out.push(e(
            "spotting",
            "the minimum spotting draw must be at least 1".into(),
        ));
    }
    for kind in CoverKind::ALL {
        let n = c.cover_markers.iter().filter(|m| m.kind == kind).count();
        if n != 1 {
            out.push(e(
                "cover_markers",
                format!("cover markers must list {kind:?} exactly once, found {n}"),
            ));
        }
    }
    if c.vof.ncm_min >= c.vof.ncm_max {
        out.push(e(
            "ncm_min",
            "the NCM minimum must be below the maximum".into(),
        ));
    }
    let mut ids = BTreeSet::new();
    for v in &c.visibility {
        if !ids.insert(v.id.as_str()) {
            out.push(e(
                "visibility",
                format!("visibility id `{}` is used twice", v.id),
            ));
        }
        if !(0..=5).contains(&v.modifier) {
            out.push(e(
                "visibility",
                format!(
                    "visibility `{}`: modifier {} is outside 0..=5 (8.1)",
                    v.id, v.modifier
                ),
            ));
        }
    }
    if !c.visibility.iter().any(|v| v.modifier == 0) {
        out.push(e(
            "visibility",
            "no visibility level with modifier +0 (normal daylight)".into(),
        ));
    }
    let mut ids = BTreeSet::new();
    for i in &c.illumination {
        if !ids.insert(i.id.as_str()) {
            out.push(e(
                "illumination",
                format!("illumination id `{}` is used twice", i.id),
            ));
        }
    }
    let u = &c.urban_cover;
    if !(2..=12).contains(&u.n) {
        out.push(e(
            "urban_cover",
            format!("the urban cover table reads N={}, outside 2..=12", u.n),
        ));
    }
    if u.entries.windows(2).any(|w| w[1].0 <= w[0].0) || u.entries.last().map(|x| x.0) != Some(u.n)
    {
        out.push(e(
            "urban_cover",
            format!("urban cover entries must rise and end at {}", u.n),
        ));
    }
    if c.stacking.steps == 0 {
        out.push(e(
            "stacking",
            "the stacking limit must be at least 1 step".into(),
        ));
    }
    activity_tables(f, c, out);
}

/// The enemy activity hierarchy tables (9.4): each cell's ranges cover
/// 1..=n exactly with n in 2..=6, no row asks for contradictory
/// conditions, and each table has rows.
fn activity_tables(f: &SourceFile, c: &Charts, out: &mut Vec<DataError>) {
    use super::activity::{Cell, Cond};
    let mut check = |table: &str, i: usize, when: &[Cond], cells: &[(&str, &Cell)]| {
        let at = |field: &str| DataError::at(&f.path, locate(&f.text, table, i, Some(field)), "");
        for (a, b) in [
            (Cond::WithUs, Cond::Apart),
            (Cond::InCover, Cond::NoCover),
            (Cond::Firing, Cond::NotFiring),
            (Cond::UnderFire, Cond::NotUnderFire),
            (Cond::BetterPosition, Cond::WorsePosition),
        ] {
            if when.contains(&a) && when.contains(&b) {
                let mut d = at("when");
                d.message = format!(
                    "{table} row {}: {a:?} and {b:?} can never hold together",
                    i + 1
                );
                out.push(d);
            }
        }
        for (name, cell) in cells {
            let Cell::Draw(n, ranges) = cell else {
                continue;
            };
            let mut next = 1u8;
            let mut ok = (2..=6).contains(n);
            for (lo, hi, _) in ranges {
                ok &= *lo == next && hi >= lo;
                next = hi.saturating_add(1);
            }
            ok &= next == n.saturating_add(1);
            if !ok {
                let mut d = at(name);
                d.message = format!(
                    "{table} row {}, {name}: a draw must use N from 2 to 6 and ranges that run from 1 to N in order without gaps or overlaps",
                    i + 1
                );
                out.push(d);
            }
        }
    };
    for (i, r) in c.activity_pinned.iter().enumerate() {
        check(
            "activity_pinned",
            i,
            &r.when,
            &[("leader", &r.leader), ("no_leader", &r.no_leader)],
        );
    }
    for (i, r) in c.activity_offensive.iter().enumerate() {
        check(
            "activity_offensive",
            i,
            &r.when,
            &[("assault", &r.assault), ("overrun", &r.overrun)],
        );
    }
    for (i, r) in c.activity_defensive.iter().enumerate() {
        check(
            "activity_defensive",
            i,
            &r.when,
            &[
                ("delay", &r.delay),
                ("hasty", &r.hasty),
                ("deliberate", &r.deliberate),
            ],
        );
    }
    for (name, empty) in [
        ("activity_pinned", c.activity_pinned.is_empty()),
        ("activity_offensive", c.activity_offensive.is_empty()),
        ("activity_defensive", c.activity_defensive.is_empty()),
    ] {
        if empty {
            out.push(DataError::at(
                &f.path,
                locate_field(&f.text, name),
                format!("{name}: the table needs at least one row"),
            ));
        }
    }
}

/// Missions: every reference resolves, every place is on the map.
pub fn missions(
    files: &[(&SourceFile, super::mission::Mission)],
    decks: Option<&[&TerrainDeck]>,
    units: &UnitsFile,
    charts: &Charts,
    out: &mut Vec<DataError>,
) {
    use super::mission::{Face, Start};
    let mut ids = BTreeSet::new();
    for (f, m) in files {
        let at = |field: &str| DataError::at(&f.path, locate_field(&f.text, field), String::new());
        let e = |field: &str, msg: String| DataError {
            message: msg,
            ..at(field)
        };
        let in_roster = |i: usize, field: &str, msg: String| {
            DataError::at(&f.path, locate(&f.text, "company", i, Some(field)), msg)
        };
        if !ids.insert(m.id.as_str()) {
            out.push(e(
                "id",
                format!("mission id `{}` is used by another mission", m.id),
            ));
        }
        if m.turns == 0 {
            out.push(e("turns", "a mission needs at least one turn".into()));
        }
        // 9.4: an enemy facing a defending company attacks; one facing an
        // attack or a patrol defends.
        if let Some(t) = m.tactics {
            let defending_us = m.kind == super::mission::MissionKind::Defensive;
            if t.offensive() != defending_us {
                out.push(e(
                    "tactics",
                    format!(
                        "tactics {t:?} are read on the {} table, but in a {} mission the enemy {} (9.4)",
                        if t.offensive() { "Offensive" } else { "Defensive" },
                        m.kind.label().to_lowercase(),
                        if defending_us { "attacks: use Assault or Overrun" } else { "defends: use Delay, Hasty or Deliberate" }
                    ),
                ));
            }
        }
        // 11.0, 10.3.1: goals and awards name places and lines the mission
        // has.
        if m.patrols == 0 || (m.patrols > 1 && m.kind != super::mission::MissionKind::Patrol) {
            out.push(e(
                "patrols",
                "only a combat patrol mission has several patrols, and every mission at least one (11.4)".into(),
            ));
        }
        if m.attempts == 0 {
            out.push(e(
                "attempts",
                "a mission must allow at least one attempt (11.1)".into(),
            ));
        }
        {
            use super::mission::{Goal, Place, Task};
            let c = &m.controls;
            let has = |p: Place| match p {
                Place::Primary => c
                    .objectives
                    .iter()
                    .any(|(k, _)| *k == super::mission::ObjectiveKind::Primary),
                Place::Secondary => c
                    .objectives
                    .iter()
                    .any(|(k, _)| *k == super::mission::ObjectiveKind::Secondary),
                Place::AttackPosition => c.attack_position.is_some(),
                Place::Cop => c.cop.is_some(),
            };
            for g in &m.success {
                let missing = match g {
                    Goal::Secure(p) | Goal::Clear(p) | Goal::ClearAndSecure(p) => {
                        (!has(*p)).then(|| format!("no {p:?} marker in the controls"))
                    }
                    Goal::HoldMlr => c.mlr.is_none().then(|| "no `mlr` in the controls".into()),
                    Goal::Route => c
                        .route
                        .is_empty()
                        .then(|| "no `route` points in the controls".into()),
                    Goal::ClearCards(_) | Goal::CoHqAlive => None,
                };
                if let Some(why) = missing {
                    out.push(e("success", format!("success condition {g:?}: {why}")));
                }
            }
            let (rows, cols) = (m.map.rows as i8, m.map.cols as i8);
            for (t, _) in &m.awards {
                let bad = match t {
                    Task::Secure(p) => {
                        (!has(*p)).then(|| format!("no {p:?} marker in the controls"))
                    }
                    Task::ClearRow(r) | Task::ClearOnRow(r) if !(1..=rows).contains(r) => {
                        Some(format!("row {r} is not on the {rows}-row map"))
                    }
                    Task::ClearColumn(k) if !(1..=cols).contains(k) => {
                        Some(format!("column {k} is not on the {cols}-column map"))
                    }
                    _ => None,
                };
                if let Some(why) = bad {
                    out.push(e("awards", format!("award {t:?}: {why}")));
                }
            }
        }
        if let Some(ef) = &m.enemy_fire
            && (ef.missions == 0 || ef.draws == 0)
        {
            out.push(e(
                "enemy_fire",
                "enemy fire needs at least one mission and one card per call (9.8)".into(),
            ));
        }
        if !charts.visibility.iter().any(|v| v.id == m.visibility) {
            out.push(e(
                "visibility",
                format!(
                    "visibility `{}` is not a level in assets/charts.ron",
                    m.visibility
                ),
            ));
        }
        let deck = decks.and_then(|ds| ds.iter().find(|d| d.id == m.terrain));
        if decks.is_some() && deck.is_none() {
            out.push(e(
                "terrain",
                format!("terrain deck `{}` does not exist", m.terrain),
            ));
        }
        let (rows, cols) = (m.map.rows as i8, m.map.cols as i8);
        if rows == 0 || cols == 0 || rows > 12 || cols > 12 {
            out.push(e(
                "map",
                format!("a map of {rows} x {cols} cards; rows and columns must be 1..=12"),
            ));
        }
        if let Some(d) = deck {
            let plain = d.cards.iter().filter(|c| !c.is_hill()).count();
            if (rows as usize) * (cols as usize) > plain {
                out.push(e(
                    "map",
                    format!(
                        "the map needs {} cards but the deck holds {plain} that are not hills",
                        rows as usize * cols as usize
                    ),
                ));
            }
            for fc in &m.map.fixed {
                if !d.cards.iter().any(|c| c.number == fc.card) {
                    out.push(e(
                        "fixed",
                        format!("fixed card {} is not in the `{}` deck", fc.card, d.id),
                    ));
                }
            }
        }
        let on_map = |a: super::mission::At| a.0 >= 1 && a.0 <= rows && a.1 >= 1 && a.1 <= cols;
        let mut fixed_at = BTreeSet::new();
        for fc in &m.map.fixed {
            if !on_map(fc.at) {
                out.push(e(
                    "fixed",
                    format!(
                        "fixed card at ({}, {}) is off the {rows} x {cols} map",
                        fc.at.0, fc.at.1
                    ),
                ));
            }
            if !fixed_at.insert(fc.at) {
                out.push(e(
                    "fixed",
                    format!("two fixed cards at ({}, {})", fc.at.0, fc.at.1),
                ));
            }
        }
        if m.map.face == Face::Down
            && m.map.fixed.len() == (rows as usize) * (cols as usize)
            && rows > 0
        {
            // A fully fixed map laid face down is allowed; nothing to check.
        }
        let c = &m.controls;
        for (kind, a) in &c.objectives {
            if !on_map(*a) {
                out.push(e(
                    "objectives",
                    format!("{kind:?} objective at ({}, {}) is off the map", a.0, a.1),
                ));
            }
        }
        for (name, a) in [
            ("attack_position", c.attack_position),
            ("cop", c.cop),
            ("casualty_point", c.casualty_point),
        ] {
            if let Some(a) = a
                && !on_map(a)
            {
                out.push(e(
                    name,
                    format!("`{name}` at ({}, {}) is off the map", a.0, a.1),
                ));
            }
        }
        for a in &c.route {
            if !on_map(*a) {
                out.push(e(
                    "route",
                    format!("route point ({}, {}) is off the map", a.0, a.1),
                ));
            }
        }
        for (name, row) in [("loa", c.loa), ("mlr", c.mlr)] {
            if let Some(r) = row
                && (r < 1 || r > rows)
            {
                out.push(e(name, format!("`{name}` row {r} is outside 1..={rows}")));
            }
        }
        for r in &c.phase_lines {
            if *r < 1 || *r > rows {
                out.push(e(
                    "phase_lines",
                    format!("phase line above row {r} is outside 1..={rows}"),
                ));
            }
        }
        // The roster.
        let mut roster = BTreeSet::new();
        let mut co_hqs = 0;
        for (i, r) in m.company.iter().enumerate() {
            if !roster.insert(r.id.as_str()) {
                out.push(in_roster(
                    i,
                    "id",
                    format!("roster id `{}` is used twice", r.id),
                ));
            }
            let t = units.units.iter().find(|u| u.id == r.unit_type);
            match t {
                None => out.push(in_roster(
                    i,
                    "type",
                    format!("unit type `{}` is not in assets/units.ron", r.unit_type),
                )),
                Some(t) => {
                    if t.side != super::units::Side::Us {
                        out.push(in_roster(
                            i,
                            "type",
                            format!("`{}` is not a US unit type", r.unit_type),
                        ));
                    }
                    if let Some(s) = r.steps
                        && (s == 0 || s > t.steps)
                    {
                        out.push(in_roster(
                            i,
                            "steps",
                            format!(
                                "`{}` starts with {s} steps; its counter has {}",
                                r.id, t.steps
                            ),
                        ));
                    }
                    // 10.7: skill markers go to PLT HQs and staff, three
                    // at most each.
                    if !r.skills.is_empty() {
                        let holder = r.hq.is_some()
                            && matches!(
                                t.kind,
                                UnitKind::Hq | UnitKind::Staff | UnitKind::HigherStaff
                            );
                        if !holder {
                            out.push(in_roster(
                                i,
                                "skills",
                                format!("`{}` cannot hold skill markers: only PLT HQs and staff do (10.7)", r.id),
                            ));
                        }
                        if r.skills.len() > 3 {
                            out.push(in_roster(
                                i,
                                "skills",
                                format!(
                                    "`{}` holds {} skill markers; three at most (10.7)",
                                    r.id,
                                    r.skills.len()
                                ),
                            ));
                        }
                    }
                    if r.hq.is_none() {
                        if t.kind == UnitKind::Hq {
                            co_hqs += 1;
                        } else {
                            out.push(in_roster(
                                i,
                                "hq",
                                format!(
                                    "`{}` needs an `hq`: only the CO HQ answers to the battalion",
                                    r.id
                                ),
                            ));
                        }
                    }
                }
            }
            match r.start {
                Start::Staging(col) if col < 1 || col > cols => out.push(in_roster(
                    i,
                    "start",
                    format!(
                        "`{}` starts in staging column {col}, outside 1..={cols}",
                        r.id
                    ),
                )),
                Start::Card(a) if !on_map(a) => out.push(in_roster(
                    i,
                    "start",
                    format!("`{}` starts at ({}, {}), off the map", r.id, a.0, a.1),
                )),
                _ => {}
            }
        }
        if co_hqs != 1 {
            out.push(e(
                "company",
                format!("the roster needs exactly one CO HQ (an HQ with no `hq`), found {co_hqs}"),
            ));
        }
        for (i, r) in m.company.iter().enumerate() {
            if let Some(h) = &r.hq {
                match m.company.iter().find(|x| &x.id == h) {
                    None => out.push(in_roster(
                        i,
                        "hq",
                        format!("`{}` answers to `{h}`, which is not in the roster", r.id),
                    )),
                    Some(x) => {
                        let kind = units
                            .units
                            .iter()
                            .find(|u| u.id == x.unit_type)
                            .map(|u| u.kind);
                        if !kind.is_some_and(|k| k.commands()) {
                            out.push(in_roster(
                                i,
                                "hq",
                                format!("`{}` answers to `{h}`, which is not an HQ or staff", r.id),
                            ));
                        }
                    }
                }
            }
        }
        let holders = m
            .radios
            .iter()
            .map(|r| ("radios", &r.holder))
            .chain(m.phones.iter().map(|p| ("phones", &p.holder)))
            .chain(m.phone_lines.iter().map(|(h, _)| ("phone_lines", h)))
            .chain(m.pyrotechnics.iter().map(|p| ("pyrotechnics", &p.holder)));
        for (field, h) in holders {
            if !roster.contains(h.as_str()) {
                out.push(e(field, format!("`{h}` in `{field}` is not in the roster")));
            }
        }
        {
            use super::mission::{ObjectiveKind, SignalOrder};
            let has = |k: ObjectiveKind| c.objectives.iter().any(|(x, _)| *x == k);
            let mut seen = BTreeSet::new();
            for (device, order) in &m.signals {
                if !seen.insert(*device) {
                    out.push(e(
                        "signals",
                        format!("the signal plan gives {device:?} two orders"),
                    ));
                }
                let ok = match order {
                    SignalOrder::CrossPhaseLine(n) => {
                        *n >= 1 && (*n as usize) <= c.phase_lines.len()
                    }
                    SignalOrder::MoveToRoutePoint(n) => *n >= 1 && (*n as usize) <= c.route.len(),
                    SignalOrder::MoveToPrimary => has(ObjectiveKind::Primary),
                    SignalOrder::MoveToSecondary => has(ObjectiveKind::Secondary),
                    SignalOrder::InfiltrateToPrimary => {
                        has(ObjectiveKind::Primary) && c.attack_position.is_some()
                    }
                    SignalOrder::InfiltrateToSecondary => {
                        has(ObjectiveKind::Secondary) && c.attack_position.is_some()
                    }
                    SignalOrder::CeaseFire | SignalOrder::ShiftFire | SignalOrder::MoveToSignal => {
                        true
                    }
                };
                if !ok {
                    out.push(e(
                        "signals",
                        format!("{device:?} orders {order:?}, but the mission has no such control"),
                    ));
                }
            }
        }
        let mut fs_ids = BTreeSet::new();
        for fs in &m.fire_support {
            use super::mission::{Agency, FmKind};
            if !fs_ids.insert(fs.id.as_str()) {
                out.push(e(
                    "fire_support",
                    format!("firing agency id `{}` is used twice", fs.id),
                ));
            }
            for (who, draws) in &fs.observers {
                if !roster.contains(who.as_str()) {
                    out.push(e(
                        "fire_support",
                        format!("observer `{who}` of `{}` is not in the roster", fs.id),
                    ));
                }
                if *draws == 0 {
                    out.push(e(
                        "fire_support",
                        format!("observer `{who}` of `{}` draws no card", fs.id),
                    ));
                }
            }
            if fs.battalion && fs.agency != Agency::Artillery {
                out.push(e(
                    "fire_support",
                    format!(
                        "`{}`: only artillery fires battalion missions (6.7.2 G)",
                        fs.id
                    ),
                ));
            }
            for mspec in &fs.missions {
                let air = mspec.kind == FmKind::AirStrike;
                if mspec.kind == FmKind::Fpf && c.fpf.is_none() {
                    out.push(e(
                        "fire_support",
                        format!("`{}` lists FPF but the mission places no FPF marker", fs.id),
                    ));
                }
                if air != (fs.agency == Agency::Air) {
                    out.push(e(
                        "fire_support",
                        format!(
                            "`{}`: air strikes come from air agencies only (6.7.2 F)",
                            fs.id
                        ),
                    ));
                }
            }
            if let Some(a) = fs.registered {
                if !on_map(a) {
                    out.push(e(
                        "fire_support",
                        format!("`{}`: registered target off the map", fs.id),
                    ));
                }
                if fs.agency != Agency::Artillery {
                    out.push(e(
                        "fire_support",
                        format!(
                            "`{}`: only artillery starts with a registered target (6.7.5)",
                            fs.id
                        ),
                    ));
                }
            }
        }
        if (c.fpf.is_some() || !c.fpl.is_empty())
            && m.kind != super::mission::MissionKind::Defensive
        {
            out.push(e(
                "controls",
                "final protective fires and lines belong to defensive missions (2.4.1 B)".into(),
            ));
        }
        for a in c.claymores.iter().chain(c.mines.iter()) {
            if !on_map(*a) {
                out.push(e(
                    "controls",
                    format!(
                        "a claymore or minefield at ({}, {}) is off the map",
                        a.0, a.1
                    ),
                ));
            }
        }
        if let Some(a) = c.fpf
            && !on_map(a)
        {
            out.push(e(
                "fpf",
                format!("the FPF marker at ({}, {}) is off the map", a.0, a.1),
            ));
        }
        for (who, dir) in &c.fpl {
            if !dir.is_diagonal() {
                out.push(e(
                    "fpl",
                    format!("the FPL of `{who}` must run along a diagonal (6.4)"),
                ));
            }
            let tripod = m
                .company
                .iter()
                .find(|r| &r.id == who)
                .and_then(|r| units.units.iter().find(|u| u.id == r.unit_type))
                .is_some_and(|u| u.weapon == Some(super::units::Weapon::TripodMg));
            if !tripod {
                out.push(e(
                    "fpl",
                    format!("`{who}` is not a tripod machine gun of the roster (6.4)"),
                ));
            }
        }
        for en in &m.enemy {
            match units.units.iter().find(|u| u.id == en.unit_type) {
                None => out.push(e(
                    "enemy",
                    format!(
                        "enemy unit type `{}` is not in assets/units.ron",
                        en.unit_type
                    ),
                )),
                Some(t) if t.side == super::units::Side::Us => out.push(e(
                    "enemy",
                    format!("`{}` is a US unit, not an enemy", en.unit_type),
                )),
                _ => {}
            }
            if !on_map(en.at) {
                out.push(e(
                    "enemy",
                    format!(
                        "an enemy unit starts at ({}, {}), off the map",
                        en.at.0, en.at.1
                    ),
                ));
            }
        }
        for p in &m.pc_markers {
            if p.row < 1 || p.row > rows {
                out.push(e(
                    "pc_markers",
                    format!("PC markers on row {} outside 1..={rows}", p.row),
                ));
            }
            if p.letters.is_empty() {
                out.push(e(
                    "pc_markers",
                    format!("PC markers on row {} name no letter", p.row),
                ));
            }
        }
    }
}

/// A table of results read by R# under `n`: ascending, ending at `n`.
fn ascending<T>(rows: &[(u8, T)], n: u8) -> bool {
    !rows.is_empty()
        && rows.windows(2).all(|w| w[0].0 < w[1].0)
        && rows.first().is_some_and(|r| r.0 >= 1)
        && rows.last().is_some_and(|r| r.0 == n)
}

/// Campaigns: packages name real enemy types, missions exist; missions'
/// contact tables name packages of their campaign; tables are well formed.
pub fn campaigns(
    files: &[(&SourceFile, super::campaign::Campaign)],
    missions: &[(&SourceFile, super::mission::Mission)],
    units: &UnitsFile,
    out: &mut Vec<DataError>,
) {
    let mut ids = BTreeSet::new();
    for (f, c) in files {
        let e =
            |field: &str, msg: String| DataError::at(&f.path, locate_field(&f.text, field), msg);
        if !ids.insert(c.id.as_str()) {
            out.push(e("id", format!("campaign id `{}` is used twice", c.id)));
        }
        for m in &c.missions {
            if !missions.iter().any(|(_, x)| &x.id == m) {
                out.push(e("missions", format!("mission `{m}` is not in missions/")));
            }
        }
        let mut pk = BTreeSet::new();
        for (i, p) in c.packages.iter().enumerate() {
            let at = |field: &str, msg: String| {
                DataError::at(&f.path, locate(&f.text, "packages", i, Some(field)), msg)
            };
            if !pk.insert(p.id.as_str()) {
                out.push(at("id", format!("package id `{}` is used twice", p.id)));
            }
            if p.groups.is_empty() && p.effect.is_none() {
                out.push(at(
                    "groups",
                    format!("package `{}` brings no unit and no effect", p.id),
                ));
            }
            for g in &p.groups {
                if g.is_empty() {
                    out.push(at(
                        "groups",
                        format!("package `{}` has an empty group", p.id),
                    ));
                }
                for t in g {
                    match units.units.iter().find(|u| &u.id == t) {
                        None => out.push(at(
                            "groups",
                            format!(
                                "package `{}`: unit type `{t}` is not in assets/units.ron",
                                p.id
                            ),
                        )),
                        Some(u) if u.side == super::units::Side::Us => out.push(at(
                            "groups",
                            format!("package `{}`: `{t}` is a US unit", p.id),
                        )),
                        _ => {}
                    }
                }
            }
        }
    }
    for (f, m) in missions {
        let e =
            |field: &str, msg: String| DataError::at(&f.path, locate_field(&f.text, field), msg);
        let camp = match &m.campaign {
            Some(id) => match files.iter().find(|(_, c)| &c.id == id) {
                Some((_, c)) => Some(c),
                None => {
                    out.push(e("campaign", format!("campaign `{id}` does not exist")));
                    None
                }
            },
            None => None,
        };
        if let Some(t) = &m.contacts {
            for (letter, rows) in [("a", &t.a), ("b", &t.b), ("c", &t.c)] {
                if !ascending(rows, 10) {
                    out.push(e(
                        "contacts",
                        format!(
                            "contact table {}: results must rise and end at 10",
                            letter.to_uppercase()
                        ),
                    ));
                }
                for (_, pid) in rows.iter() {
                    match camp {
                        Some(c) if c.package(pid).is_some() => {}
                        Some(c) => out.push(e(
                            "contacts",
                            format!("package `{pid}` is not in campaign `{}`", c.id),
                        )),
                        None => out.push(e(
                            "contacts",
                            "contact tables need the mission's `campaign`".into(),
                        )),
                    }
                }
            }
            if m.placement.is_none() {
                out.push(e(
                    "contacts",
                    "contact tables need a `placement` table (9.2.2)".into(),
                ));
            }
        }
        for (field, bands, friendly) in [
            ("friendly_events", &m.friendly_events, true),
            ("enemy_events", &m.enemy_events, false),
        ] {
            use super::mission::HhqEvent as H;
            for b in bands.iter() {
                if b.turns.0 > b.turns.1 || !ascending(&b.rows, 10) {
                    out.push(e(
                        field,
                        format!(
                            "turns {}-{}: results must rise and end at 10",
                            b.turns.0, b.turns.1
                        ),
                    ));
                }
                for (_, ev) in &b.rows {
                    let side_ok = match ev {
                        H::Quiet => true,
                        H::Reinforcement(..) | H::MoreFire(..) | H::Tasking { .. } => friendly,
                        H::Counterattack(_) | H::Barrage(_) | H::Stirring(..) => !friendly,
                    };
                    if !side_ok {
                        out.push(e(
                            field,
                            format!(
                                "{ev:?} is not a {} event",
                                if friendly { "friendly" } else { "enemy" }
                            ),
                        ));
                    }
                    if let H::Reinforcement(t, _) = ev
                        && !units
                            .units
                            .iter()
                            .any(|u| &u.id == t && u.side == super::units::Side::Us)
                    {
                        out.push(e(
                            field,
                            format!("reinforcement `{t}` is not a US unit type"),
                        ));
                    }
                    if let H::MoreFire(a, _, _) = ev
                        && !m.fire_support.iter().any(|f| &f.id == a)
                    {
                        out.push(e(field, format!("no firing agency `{a}` in the mission")));
                    }
                }
            }
        }
        if let Some(p) = &m.placement
            && !ascending(&p.entries, p.n)
        {
            out.push(e(
                "placement",
                format!("placement results must rise and end at {}", p.n),
            ));
        }
    }
}
