//! The after-action report: what a mission came to and why, the experience
//! it earned, and its figures turn by turn. One pure function,
//! [`report_of`], derives everything from the game's state and its event
//! log; the screen, `fof replay --print` and `fof sim --summary` all read
//! it. The success conditions are the engine's
//! ([`crate::engine::recovery::victory::conditions`]), never checked again
//! here.
//!
//! How each figure is found in the log:
//! - cards drawn: the cards every event records (1.2.2). The deck counts
//!   one more card for each failed enemy infiltration that had to choose
//!   between equal cards first (9.4): that choice's card is drawn but no
//!   event records it, so no turn can be given for it; such cards are
//!   counted apart (`cards_unlogged`), the total being the deck's;
//! - commands drawn: what each command draw gave an HQ, without the
//!   commands it had saved (4.1.1); commands spent: the cost of each order
//!   (4.2);
//! - the activity level: the last level the log announces by the end of
//!   the turn (9.1), No Contact before any;
//! - contacts: force packages placed (9.2.1), one per PC marker resolved
//!   into enemy units;
//! - steps lost: the casualty steps `fof sim` counts at the end (casualty
//!   counters in play, and the company's evacuated, 5.1.7), each in the
//!   turn it became a casualty. The log names a casualty that split off a
//!   unit (6.3.3); one that replaced a whole counter or came out of a
//!   demolition (6.5.2) is named by its parent only, and is matched to the
//!   event by its designation and the order counters are created in. A
//!   casualty the log gives no turn for is counted apart (`unplaced`), so
//!   that the totals still agree.

use crate::data::charts::Activity;
use crate::data::units::Side;
use crate::engine::kernel::events::{Event, EventKind, Quiet, Removal, StatusChange};
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::state::Outcome;
use crate::engine::{Game, Step};
use serde::Serialize;

pub use crate::play::sim::Standing;
use std::collections::BTreeMap;

/// The figures of one turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TurnFigures {
    pub turn: u8,
    /// The company's steps that became casualties.
    pub friendly_lost: u32,
    /// The enemy's steps that became casualties.
    pub enemy_lost: u32,
    /// Commands the HQs drew or were given (saved ones aside).
    pub commands_drawn: u32,
    /// Commands spent on orders.
    pub commands_spent: u32,
    /// Action cards drawn.
    pub cards: u32,
    /// The Current Activity Level at the end of the turn.
    #[serde(serialize_with = "activity_label")]
    pub activity: Activity,
    /// Force packages placed: PC markers that became enemy units.
    pub contacts: u32,
}

fn activity_label<S: serde::Serializer>(a: &Activity, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(a.label())
}

/// One success condition and whether it holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Condition {
    /// The condition in words.
    pub text: String,
    pub met: bool,
    /// Why not, when it does not hold.
    pub why: Option<String>,
}

/// One line of the experience earned: a task, how often, the points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Earned {
    pub task: String,
    pub count: u32,
    pub points: u32,
}

/// The after-action report of a game, finished or not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    pub mission: String,
    pub name: String,
    pub kind: String,
    pub seed: u64,
    /// The turn reached, and the mission's length.
    pub turn: u8,
    pub turns: u8,
    /// The mission is over.
    pub over: bool,
    /// Won, lost, or still going (never stalled: that is the sim's word
    /// for a bot's game that did not end).
    pub outcome: Standing,
    /// The reason of a failure, in words.
    pub why: Option<String>,
    /// The success conditions, checked now (at the end, once over).
    pub conditions: Vec<Condition>,
    /// The experience earned (10.3.1): at the end, or as it would stand if
    /// the mission ended now.
    pub experience: Vec<Earned>,
    pub experience_total: u32,
    pub by_turn: Vec<TurnFigures>,
    /// Casualty steps, as `fof sim` counts them.
    pub friendly_casualties: u32,
    pub enemy_casualties: u32,
    /// Casualty steps the log gives no turn for (counted in the totals,
    /// not in `by_turn`): (friendly, enemy).
    pub unplaced: (u32, u32),
    /// Action cards the deck counts as drawn that no event records (so in
    /// no turn).
    pub cards_unlogged: u64,
}

impl Report {
    /// A figure summed over the turns.
    pub fn total(&self, f: impl Fn(&TurnFigures) -> u32) -> u32 {
        self.by_turn.iter().map(f).sum()
    }

    /// Every action card drawn, as the deck counts them (those the log
    /// does not record included).
    pub fn cards_drawn(&self) -> u64 {
        self.total(|t| t.cards) as u64 + self.cards_unlogged
    }
}

/// The report of a game from its own log.
pub fn report(game: &Game) -> Report {
    report_of(game, game.log())
}

/// The report of a game whose events are `log` (the replay viewer keeps
/// the log apart from the game it shows).
pub fn report_of(game: &Game, log: &[Event]) -> Report {
    let s = game.state();
    let m = game.mission();
    let last = log
        .iter()
        .map(|e| e.turn)
        .max()
        .unwrap_or(0)
        .max(s.turn)
        .max(1);
    let mut by_turn: Vec<TurnFigures> = (1..=last)
        .map(|turn| TurnFigures {
            turn,
            friendly_lost: 0,
            enemy_lost: 0,
            commands_drawn: 0,
            commands_spent: 0,
            cards: 0,
            activity: Activity::NoContact,
            contacts: 0,
        })
        .collect();
    // Events before turn 1 (the set-up) count with turn 1.
    let at = |turn: u8| (turn.max(1) - 1) as usize;
    let mut level = Activity::NoContact;
    let mut filled = 0usize;
    for e in log {
        let i = at(e.turn);
        while filled < i {
            by_turn[filled].activity = level;
            filled += 1;
        }
        let t = &mut by_turn[i];
        t.cards += e.cards.len() as u32;
        match &e.kind {
            EventKind::Commands { total, saved, .. } => {
                t.commands_drawn += total.saturating_sub(*saved) as u32
            }
            EventKind::Order { cost, .. } => t.commands_spent += *cost as u32,
            EventKind::Activity { level: l } => level = *l,
            EventKind::Nothing {
                why: Quiet::ContactPackage { .. },
            } => t.contacts += 1,
            EventKind::Nothing {
                why: Quiet::NoLegalCard { .. },
            } => t.contacts = t.contacts.saturating_sub(1),
            _ => {}
        }
    }
    for t in by_turn.iter_mut().skip(filled) {
        t.activity = level;
    }
    // Steps lost, by the turn each casualty came about.
    let (placed, unplaced) = casualty_turns(game, log);
    for (turn, side, steps) in placed {
        let t = &mut by_turn[at(turn).min(last as usize - 1)];
        if side == Side::Us {
            t.friendly_lost += steps;
        } else {
            t.enemy_lost += steps;
        }
    }
    let cas = crate::play::sim::casualties(game);
    let logged: u64 = log.iter().map(|e| e.cards.len() as u64).sum();
    let cards_unlogged = s.deck.cards_drawn().saturating_sub(logged);
    let conditions = crate::engine::recovery::victory::conditions(game)
        .into_iter()
        .map(|(g, r)| Condition {
            text: g.label(),
            met: r.is_ok(),
            why: r.err(),
        })
        .collect();
    let tally = match &s.tally {
        Some(t) => t.clone(),
        None => crate::engine::recovery::victory::tally(game),
    };
    let mut experience: Vec<Earned> = tally
        .lines
        .iter()
        .map(|(task, n, p)| Earned {
            task: task.label(),
            count: *n,
            points: *p,
        })
        .collect();
    if tally.unlisted() > 0 {
        experience.push(Earned {
            task: "Higher HQ taskings carried out".into(),
            count: s.hq_tasks.0 as u32,
            points: tally.unlisted(),
        });
    }
    let outcome = Standing::of(s.outcome.as_ref());
    let why = match &s.outcome {
        Some(Outcome::Failure(w)) => Some(w.clone()),
        _ => None,
    };
    Report {
        mission: m.id.clone(),
        name: m.name.clone(),
        kind: m.kind.label().to_string(),
        seed: s.seed,
        turn: s.turn,
        turns: m.turns,
        over: game.is_over() || s.step == Step::MissionEnd,
        outcome,
        why,
        conditions,
        experience,
        experience_total: tally.total,
        by_turn,
        friendly_casualties: cas.friendly,
        enemy_casualties: cas.enemy,
        unplaced,
        cards_unlogged,
    }
}

/// A casualty placed: its turn, its side, its steps.
type Placed = (u8, Side, u32);

/// The casualty steps counted at the end, each with the turn it became a
/// casualty and its side; and the steps no turn was found for
/// (friendly, enemy). A fold over the log: every event that makes a
/// casualty counter names it (a step split off, a counter replaced, a
/// demolition, prisoners shot), and an evacuation names the casualty.
fn casualty_turns(game: &Game, log: &[Event]) -> (Vec<Placed>, (u32, u32)) {
    let s = game.state();
    // When each counter came about, by the event that made it.
    let mut turn_of: BTreeMap<UnitId, u8> = BTreeMap::new();
    let mut evacuated: Vec<(u8, UnitId)> = Vec::new();
    for e in log {
        let made: &[UnitId] = match &e.kind {
            EventKind::UnitCreated { unit, .. } => std::slice::from_ref(unit),
            EventKind::UnitRemoved {
                why: Removal::Replaced { by, .. },
                ..
            } => by,
            EventKind::Status {
                what:
                    StatusChange::Demolished { casualties: list }
                    | StatusChange::Shot { prisoners: list },
                ..
            } => list,
            EventKind::UnitRemoved {
                unit,
                why: Removal::Evacuated(_),
            } => {
                evacuated.push((e.turn, *unit));
                &[]
            }
            _ => &[],
        };
        for u in made {
            turn_of.entry(*u).or_insert(e.turn);
        }
    }
    // What is counted: as `sim::casualties`, the casualty counters it
    // counts and evacuated ones.
    let mut placed = Vec::new();
    let mut unplaced = (0u32, 0u32);
    for u in s
        .units
        .iter()
        .filter(|u| crate::play::sim::counted_casualty(u))
    {
        match turn_of.get(&u.id) {
            Some(t) => placed.push((*t, u.side, u.steps as u32)),
            None if u.side == Side::Us => unplaced.0 += u.steps as u32,
            None => unplaced.1 += u.steps as u32,
        }
    }
    let logged = evacuated.len().min(s.evacuated as usize);
    placed.extend(
        evacuated
            .iter()
            .take(logged)
            .map(|(t, _)| (*t, Side::Us, 1)),
    );
    unplaced.0 += s.evacuated as u32 - logged as u32;
    (placed, unplaced)
}

// ---- in words ------------------------------------------------------------

/// The activity level as a number: 0 No Contact to 3 Heavily Engaged.
pub fn activity_index(a: Activity) -> u32 {
    Activity::ALL.iter().position(|x| *x == a).unwrap_or(0) as u32
}

impl Report {
    /// The result in one line.
    pub fn headline(&self) -> String {
        match (self.outcome, &self.why) {
            (Standing::Success, _) => "Mission accomplished".into(),
            (_, Some(why)) => format!("Mission failed: {why}"),
            (Standing::Failure, None) => "Mission failed".into(),
            _ => "Mission in progress".into(),
        }
    }

    /// The report as text, for `fof replay --print`.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        s.push_str(&format!(
            "After-action report: {} ({} mission, seed {})\n",
            self.name, self.kind, self.seed
        ));
        s.push_str(&format!(
            "{}, after {} of {} turns\n",
            self.headline(),
            self.turn,
            self.turns
        ));
        s.push_str(if self.over {
            "Success conditions, at the end:\n"
        } else {
            "Success conditions, if the mission ended now:\n"
        });
        for c in &self.conditions {
            let why = c.why.as_ref().map(|w| format!(": {w}")).unwrap_or_default();
            s.push_str(&format!(
                "  [{}] {}{why}\n",
                if c.met { "met" } else { "not met" },
                c.text
            ));
        }
        s.push_str(if self.over {
            "Experience earned (10.3.1):\n"
        } else {
            "Experience, if the mission ended now (10.3.1):\n"
        });
        for e in &self.experience {
            s.push_str(&format!("  {} x{}: {}\n", e.task, e.count, e.points));
        }
        s.push_str(&format!("  total: {}\n", self.experience_total));
        s.push_str(&format!(
            "Casualty steps: {} of the company's, {} of the enemy's\n",
            self.friendly_casualties, self.enemy_casualties
        ));
        if self.unplaced != (0, 0) {
            s.push_str(&format!(
                "  of which the log gives no turn for {} of the company's and {} of the enemy's\n",
                self.unplaced.0, self.unplaced.1
            ));
        }
        if self.cards_unlogged > 0 {
            s.push_str(&format!(
                "Cards drawn: {}, of which the log records {} (by turn below)\n",
                self.cards_drawn(),
                self.total(|t| t.cards)
            ));
        }
        s.push_str("By turn:\n");
        let heads = [
            "turn", "lost us", "lost en", "cmd in", "cmd out", "cards", "contacts", "activity",
        ];
        s.push_str(&format!(
            "  {:>4} {:>7} {:>7} {:>6} {:>7} {:>5} {:>8}  {}\n",
            heads[0], heads[1], heads[2], heads[3], heads[4], heads[5], heads[6], heads[7]
        ));
        for t in &self.by_turn {
            s.push_str(&format!(
                "  {:>4} {:>7} {:>7} {:>6} {:>7} {:>5} {:>8}  {}\n",
                t.turn,
                t.friendly_lost,
                t.enemy_lost,
                t.commands_drawn,
                t.commands_spent,
                t.cards,
                t.contacts,
                t.activity.label()
            ));
        }
        s.push_str(&format!(
            "  {:>4} {:>7} {:>7} {:>6} {:>7} {:>5} {:>8}\n",
            "all",
            self.total(|t| t.friendly_lost),
            self.total(|t| t.enemy_lost),
            self.total(|t| t.commands_drawn),
            self.total(|t| t.commands_spent),
            self.total(|t| t.cards),
            self.total(|t| t.contacts)
        ));
        s.push_str(
            "  (lost us/en: steps that became casualties; cmd in/out: commands drawn and spent)\n",
        );
        s
    }
}

// ---- many games ------------------------------------------------------------

/// Aggregates over many games of one mission, for `fof sim --summary`:
/// every figure comes from each game's [`Report`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    pub mission: String,
    pub games: u32,
    pub successes: u32,
    pub failures: u32,
    pub stalled: u32,
    /// The share of successes, and its 95% Wilson interval.
    pub win_rate: f64,
    pub win_low: f64,
    pub win_high: f64,
    pub turns_mean: f64,
    pub turns_min: u8,
    pub turns_max: u8,
    pub friendly_casualties_mean: f64,
    pub enemy_casualties_mean: f64,
    pub cards_mean: f64,
    pub commands_drawn_mean: f64,
    pub commands_spent_mean: f64,
    pub contacts_mean: f64,
    /// Games by turns played.
    pub turns_played: BTreeMap<u8, u32>,
    /// Games by the company's casualty steps.
    pub friendly_casualties: BTreeMap<u32, u32>,
}

/// The 95% Wilson score interval of `k` successes in `n` trials.
pub fn wilson(k: u32, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = n as f64;
    let p = k as f64 / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

impl Summary {
    /// Gathers the reports of a mission's games; `stalled` games (that
    /// never ended) count as games but not as successes.
    pub fn of(mission: &str, reports: &[(Report, bool)]) -> Summary {
        let n = reports.len() as u32;
        let mean = |f: &dyn Fn(&Report) -> u32| {
            if n == 0 {
                0.0
            } else {
                reports.iter().map(|(r, _)| f(r) as f64).sum::<f64>() / n as f64
            }
        };
        let successes = reports
            .iter()
            .filter(|(r, st)| !st && r.outcome == Standing::Success)
            .count() as u32;
        let stalled = reports.iter().filter(|(_, st)| *st).count() as u32;
        let mut turns_played = BTreeMap::new();
        let mut friendly = BTreeMap::new();
        for (r, _) in reports {
            *turns_played.entry(r.turn).or_insert(0) += 1;
            *friendly.entry(r.friendly_casualties).or_insert(0) += 1;
        }
        let (lo, hi) = wilson(successes, n);
        Summary {
            mission: mission.to_string(),
            games: n,
            successes,
            failures: n - successes - stalled,
            stalled,
            win_rate: if n == 0 {
                0.0
            } else {
                successes as f64 / n as f64
            },
            win_low: lo,
            win_high: hi,
            turns_mean: mean(&|r| r.turn as u32),
            turns_min: reports.iter().map(|(r, _)| r.turn).min().unwrap_or(0),
            turns_max: reports.iter().map(|(r, _)| r.turn).max().unwrap_or(0),
            friendly_casualties_mean: mean(&|r| r.friendly_casualties),
            enemy_casualties_mean: mean(&|r| r.enemy_casualties),
            cards_mean: mean(&|r| r.cards_drawn() as u32),
            commands_drawn_mean: mean(&|r| r.total(|t| t.commands_drawn)),
            commands_spent_mean: mean(&|r| r.total(|t| t.commands_spent)),
            contacts_mean: mean(&|r| r.total(|t| t.contacts)),
            turns_played,
            friendly_casualties: friendly,
        }
    }

    /// The summary as text, with histograms drawn in characters.
    pub fn to_text(&self) -> String {
        let pc = |x: f64| format!("{:.1}%", x * 100.0);
        let mut s = format!(
            "{}: {} games, {} successes, {} failures{}\n",
            self.mission,
            self.games,
            self.successes,
            self.failures,
            if self.stalled > 0 {
                format!(", {} stalled", self.stalled)
            } else {
                String::new()
            }
        );
        s.push_str(&format!(
            "  win rate {} (95% Wilson interval {} to {})\n",
            pc(self.win_rate),
            pc(self.win_low),
            pc(self.win_high)
        ));
        s.push_str(&format!(
            "  turns played: mean {:.2}, fewest {}, most {}\n",
            self.turns_mean, self.turns_min, self.turns_max
        ));
        s.push_str(&format!(
            "  casualty steps per game: company {:.2}, enemy {:.2}\n",
            self.friendly_casualties_mean, self.enemy_casualties_mean
        ));
        s.push_str(&format!(
            "  per game: {:.1} cards drawn, {:.1} commands drawn, {:.1} spent, {:.2} contacts\n",
            self.cards_mean, self.commands_drawn_mean, self.commands_spent_mean, self.contacts_mean
        ));
        s.push_str("  games by turns played:\n");
        s.push_str(&histogram(&self.turns_played, "turns"));
        s.push_str("  games by company casualty steps:\n");
        s.push_str(&histogram(&self.friendly_casualties, "steps"));
        s
    }
}

/// A text histogram: one row per value, a bar of `#` scaled to 40 at most.
fn histogram<K: std::fmt::Display>(counts: &BTreeMap<K, u32>, unit: &str) -> String {
    let max = counts.values().copied().max().unwrap_or(0).max(1);
    let mut s = String::new();
    for (k, n) in counts {
        let w = ((*n as u64 * 40).div_ceil(max as u64)) as usize;
        s.push_str(&format!(
            "  {:>4} {unit:<5} {:>5} {}\n",
            k.to_string(),
            n,
            "#".repeat(w)
        ));
    }
    s
}
