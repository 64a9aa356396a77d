//! Composition of the Action deck and the exact odds of its words and icons,
//! for `fof deck stats` (and later the odds shown in the orders menu).

use super::action::{
    ActionCard, Experience, FireResult, HitLetter, Icon, Mark, NCM_MIN, NCM_ROWS, RN_MAX, RN_MIN,
    Word,
};
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

/// A probability as an exact fraction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Odds {
    pub num: u128,
    pub den: u128,
}

impl Odds {
    /// Percentage with two decimals, rounded half up, by integer arithmetic.
    pub fn percent(&self) -> String {
        if self.den == 0 {
            return "0.00".into();
        }
        let hundredths = (self.num * 10_000 * 2 + self.den) / (self.den * 2);
        format!("{}.{:02}", hundredths / 100, hundredths % 100)
    }
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn choose(n: u128, k: u128) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        r = r * (n - i) / (i + 1);
    }
    r
}

/// The exact chance that at least one of `draws` cards drawn without
/// replacement from `deck` cards shows a property held by `hits` of them.
pub fn at_least_one(deck: u128, hits: u128, draws: u128) -> Odds {
    let total = choose(deck, draws);
    if total == 0 {
        return Odds { num: 0, den: 1 };
    }
    let none = choose(deck.saturating_sub(hits), draws);
    let num = total - none;
    let g = gcd(num, total).max(1);
    Odds {
        num: num / g,
        den: total / g,
    }
}

/// The properties whose odds the stats report: words, icons, the Higher HQ
/// icon, each with the predicate the engine uses for success.
/// A named yes/no reading of a card.
pub type CardProperty = (&'static str, fn(&ActionCard) -> bool);

pub fn success_properties() -> Vec<CardProperty> {
    vec![
        ("contact", |c| c.word == Some(Word::Contact)),
        ("cover", |c| c.word == Some(Word::Cover)),
        ("rally", |c| c.word == Some(Word::Rally)),
        ("crosshairs", |c| c.shows_crosshairs()),
        ("infiltrate", |c| c.icon == Icon::Infiltrate),
        ("grenade", |c| c.icon == Icon::Grenade),
        ("burst", |c| c.shows_burst()),
        ("triple_burst", |c| c.icon == Icon::TripleBurst),
        ("jam", |c| c.is_jam()),
        ("short", |c| c.is_short()),
        ("higher_hq", |c| c.higher_hq),
    ]
}

/// Everything `fof deck stats` reports.
#[derive(Debug, Clone)]
pub struct DeckStats {
    pub cards: usize,
    pub activated: BTreeMap<u8, usize>,
    pub initiative: BTreeMap<u8, usize>,
    /// contact, cover, rally, none.
    pub words: Vec<(&'static str, usize)>,
    /// crosshairs, crosshairs_jam, infiltrate, grenade, burst, burst_short,
    /// triple_burst: each card counted once under its exact printing.
    pub icons: Vec<(&'static str, usize)>,
    pub hq: usize,
    pub anti_tank: BTreeMap<u8, usize>,
    /// For NCM -4..=+6: (hit, pin, miss).
    pub fire: Vec<(i8, [usize; 3])>,
    /// By level (veteran, line, green): two-letter count, first-letter and
    /// all-letter counts for C, P, L, F, A.
    pub hit_effects: Vec<(Experience, usize, [usize; 5], [usize; 5])>,
    /// For each success property, the odds for 1..=5 cards.
    pub odds: Vec<(&'static str, usize, Vec<Odds>)>,
    /// The random-number strip (1.2.2 E): for each number of options N
    /// (2..=12), how many cards read 1, 2, ..., N.
    pub random: Vec<(u8, Vec<usize>)>,
}

pub fn deck_stats(cards: &[&ActionCard]) -> DeckStats {
    let n = cards.len();
    let count = |f: &dyn Fn(&ActionCard) -> bool| cards.iter().filter(|c| f(c)).count();
    let mut activated = BTreeMap::new();
    let mut initiative = BTreeMap::new();
    let mut anti_tank = BTreeMap::new();
    for c in cards {
        *activated.entry(c.activated).or_insert(0) += 1;
        *initiative.entry(c.initiative).or_insert(0) += 1;
        *anti_tank.entry(c.anti_tank).or_insert(0) += 1;
    }
    let words = vec![
        ("contact", count(&|c| c.word == Some(Word::Contact))),
        ("cover", count(&|c| c.word == Some(Word::Cover))),
        ("rally", count(&|c| c.word == Some(Word::Rally))),
        ("none", count(&|c| c.word.is_none())),
    ];
    let icons = vec![
        (
            "crosshairs",
            count(&|c| c.icon == Icon::Crosshairs && c.mark.is_none()),
        ),
        (
            "crosshairs_jam",
            count(&|c| c.icon == Icon::Crosshairs && c.mark == Some(Mark::Jam)),
        ),
        ("infiltrate", count(&|c| c.icon == Icon::Infiltrate)),
        ("grenade", count(&|c| c.icon == Icon::Grenade)),
        (
            "burst",
            count(&|c| c.icon == Icon::Burst && c.mark.is_none()),
        ),
        (
            "burst_short",
            count(&|c| c.icon == Icon::Burst && c.mark == Some(Mark::Short)),
        ),
        ("triple_burst", count(&|c| c.icon == Icon::TripleBurst)),
    ];
    let fire = (0..NCM_ROWS)
        .map(|row| {
            let k = |r: FireResult| cards.iter().filter(|c| c.fire[row] == r).count();
            (
                NCM_MIN + row as i8,
                [k(FireResult::Hit), k(FireResult::Pin), k(FireResult::Miss)],
            )
        })
        .collect();
    let hit_effects = Experience::ALL
        .iter()
        .map(|&level| {
            let mut first = [0; 5];
            let mut all = [0; 5];
            let mut two = 0;
            for c in cards {
                let letters = c.hit.for_level(level);
                if letters.len() == 2 {
                    two += 1;
                }
                for (i, l) in letters.iter().enumerate() {
                    let k = HitLetter::ALL.iter().position(|x| x == l).unwrap_or(0);
                    if i == 0 {
                        first[k] += 1;
                    }
                    all[k] += 1;
                }
            }
            (level, two, first, all)
        })
        .collect();
    let odds = success_properties()
        .into_iter()
        .map(|(name, pred)| {
            let hits = cards.iter().filter(|c| pred(c)).count();
            let row = (1..=5)
                .map(|d| at_least_one(n as u128, hits as u128, d))
                .collect();
            (name, hits, row)
        })
        .collect();
    let random = (RN_MIN..=RN_MAX)
        .map(|options| {
            let mut counts = vec![0; options as usize];
            for c in cards {
                if let Some(v) = c.random_number(options)
                    && (1..=options).contains(&v)
                {
                    counts[v as usize - 1] += 1;
                }
            }
            (options, counts)
        })
        .collect();
    DeckStats {
        cards: n,
        activated,
        initiative,
        words,
        icons,
        hq: count(&|c| c.higher_hq),
        anti_tank,
        fire,
        hit_effects,
        odds,
        random,
    }
}

impl Odds {
    /// The chance as a whole percent, rounded half up ("16%").
    pub fn whole_percent(&self) -> String {
        if self.den == 0 {
            return "0%".into();
        }
        format!("{}%", (self.num * 200 + self.den) / (self.den * 2))
    }
}

/// The share of `total` that `count` is, as an exact fraction.
pub fn share(count: usize, total: usize) -> Odds {
    at_least_one(total as u128, count as u128, 1)
}

impl DeckStats {
    pub fn to_json(&self) -> Value {
        let counts = |m: &BTreeMap<u8, usize>| {
            let mut o = Map::new();
            for (k, v) in m {
                o.insert(k.to_string(), json!(v));
            }
            Value::Object(o)
        };
        let pairs = |v: &[(&str, usize)]| {
            let mut o = Map::new();
            for (k, n) in v {
                o.insert(k.to_string(), json!(n));
            }
            Value::Object(o)
        };
        let mut fire = Map::new();
        for (ncm, [h, p, m]) in &self.fire {
            fire.insert(ncm.to_string(), json!({"hit": h, "pin": p, "miss": m}));
        }
        let letters = |a: &[usize; 5]| {
            let mut o = Map::new();
            for (i, l) in HitLetter::ALL.iter().enumerate() {
                o.insert(l.key().to_string(), json!(a[i]));
            }
            Value::Object(o)
        };
        let mut hit = Map::new();
        for (level, two, first, all) in &self.hit_effects {
            hit.insert(
                level.key().to_string(),
                json!({"two_letter": two, "first": letters(first), "all": letters(all)}),
            );
        }
        let mut odds = Map::new();
        for (name, hits, row) in &self.odds {
            let draws: Vec<Value> = row
                .iter()
                .enumerate()
                .map(|(i, o)| {
                    json!({"draws": i + 1, "num": o.num.to_string(), "den": o.den.to_string(), "percent": o.percent()})
                })
                .collect();
            odds.insert(
                name.to_string(),
                json!({"cards": hits, "at_least_one": draws}),
            );
        }
        json!({
            "cards": self.cards,
            "activated": counts(&self.activated),
            "initiative": counts(&self.initiative),
            "words": pairs(&self.words),
            "icons": pairs(&self.icons),
            "hq": self.hq,
            "anti_tank": counts(&self.anti_tank),
            "fire": Value::Object(fire),
            "hit_effects": Value::Object(hit),
            "odds": Value::Object(odds),
        })
    }

    /// The plain-text report.
    pub fn to_text(&self) -> String {
        use std::fmt::Write;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "Action deck: {} action cards (plus the reshuffle card)",
            self.cards
        );
        let line = |m: &BTreeMap<u8, usize>| {
            m.iter()
                .rev()
                .map(|(k, v)| format!("{k}: {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = writeln!(s, "Activated commands (helmet): {}", line(&self.activated));
        let _ = writeln!(s, "Initiative commands (star):  {}", line(&self.initiative));
        let join = |v: &[(&str, usize)]| {
            v.iter()
                .map(|(k, n)| format!("{k} {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = writeln!(s, "Words: {}", join(&self.words));
        let _ = writeln!(s, "Icons: {}", join(&self.icons));
        let _ = writeln!(s, "Higher HQ icon: {}", self.hq);
        let at: Vec<String> = self
            .anti_tank
            .iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect();
        let _ = writeln!(s, "Anti-tank numbers: {}", at.join(", "));
        let _ = writeln!(s, "\nFire results by NCM:");
        let _ = writeln!(s, "  NCM   HIT  PIN  MISS");
        for (ncm, [h, p, m]) in &self.fire {
            let _ = writeln!(s, "  {ncm:+3}  {h:4} {p:4} {m:5}");
        }
        let _ = writeln!(s, "\nHit effects (first letter / all letters), C P L F A:");
        for (level, two, first, all) in &self.hit_effects {
            let f: Vec<String> = first.iter().map(|v| v.to_string()).collect();
            let a: Vec<String> = all.iter().map(|v| v.to_string()).collect();
            let _ = writeln!(
                s,
                "  {:8} two letters on {two:2} cards; first {}; all {}",
                level.key(),
                f.join(" "),
                a.join(" ")
            );
        }
        let _ = writeln!(s, "\nChance of at least one success, full deck:");
        let _ = writeln!(
            s,
            "  {:14} cards   1 card   2 cards  3 cards  4 cards  5 cards",
            ""
        );
        for (name, hits, row) in &self.odds {
            let cells: Vec<String> = row.iter().map(|o| format!("{:>7}%", o.percent())).collect();
            let _ = writeln!(s, "  {name:14} {hits:5}  {}", cells.join(" "));
        }
        s
    }
}
