//! The after-input summary and the forecast's consequences read the
//! engine's fold of an input's events (`fof::engine::kernel::fold`), not a
//! comparison of two states (issue 57). Here the comparison comes back as
//! the judge: in random games on every mission, every change a diff of the
//! states before and after an input shows is in the fold, and the fold
//! says nothing the diff does not show.

use fof::data::DataSet;
use fof::data::units::UnitKind;
use fof::engine::kernel::fold::fold;
use fof::engine::kernel::ids::UnitId;
use fof::engine::kernel::state::State;
use fof::engine::{Game, Options};
use fof::play::sim::{Bot, bot_rng, choose};
use std::sync::{Arc, OnceLock};

fn data() -> Arc<DataSet> {
    static DATA: OnceLock<Arc<DataSet>> = OnceLock::new();
    DATA.get_or_init(|| Arc::new(DataSet::embedded().unwrap()))
        .clone()
}

/// The changes a state diff shows, in the fold's terms, sorted.
#[derive(Debug, Default, PartialEq, Eq)]
struct Seen {
    /// Units out of play now that were in play.
    gone: Vec<UnitId>,
    /// Units in play both times with fewer steps.
    hit: Vec<UnitId>,
    flipped: Vec<UnitId>,
    pinned: Vec<UnitId>,
    /// Counters new in play.
    new: Vec<UnitId>,
    vehicles_out: Vec<u16>,
    fire_opened: Vec<String>,
    missions_spent: Vec<(u8, String, u8)>,
}

fn diff(before: &State, after: &State) -> Seen {
    let mut s = Seen::default();
    for u in &after.units {
        let Some(b) = before.units.iter().find(|b| b.id == u.id) else {
            if u.in_play() {
                s.new.push(u.id);
            }
            continue;
        };
        if b.in_play() && !u.in_play() {
            s.gone.push(u.id);
        }
        if !b.in_play() && u.in_play() {
            s.new.push(u.id);
        }
        if b.in_play() && u.in_play() {
            if u.steps < b.steps {
                s.hit.push(u.id);
            }
            if u.flipped && !b.flipped {
                s.flipped.push(u.id);
            }
            if u.pinned && !b.pinned {
                s.pinned.push(u.id);
            }
        }
    }
    for v in &after.vehicles {
        if v.out.is_some()
            && before
                .vehicles
                .iter()
                .any(|b| b.id == v.id && b.out.is_none())
        {
            s.vehicles_out.push(v.id.0);
        }
    }
    for l in after.fires.iter().chain(after.lay_pdfs.iter()) {
        if !before.fires.contains(l) && !before.lay_pdfs.contains(l) {
            s.fire_opened.push(format!("{l:?}"));
        }
    }
    for (agency, kind, left) in &after.fire_missions {
        let was = before
            .fire_missions
            .iter()
            .find(|(a, k, _)| a == agency && k == kind)
            .map(|m| m.2)
            .unwrap_or(0);
        if was > *left {
            s.missions_spent
                .push((*agency, kind.label().to_string(), was - left));
        }
    }
    s.fire_opened.sort();
    s.fire_opened.dedup();
    s
}

fn folded(g: &Game, events: &[fof::engine::kernel::events::Event]) -> Seen {
    let f = fold(g, events);
    let st = g.state();
    let mut s = Seen {
        gone: f
            .losses
            .iter()
            .filter(|l| l.gone)
            .map(|l| l.unit)
            .chain(f.joined.iter().flat_map(|j| [j.0, j.1]))
            .collect(),
        hit: f
            .losses
            .iter()
            .filter(|l| !l.gone)
            .map(|l| l.unit)
            .collect(),
        flipped: f.flipped.clone(),
        pinned: f.pinned.clone(),
        new: f
            .fresh
            .iter()
            .chain(f.losses.iter().flat_map(|l| l.became.iter()))
            .chain(f.joined.iter().map(|j| &j.2))
            .copied()
            .collect(),
        vehicles_out: f.vehicles_out.iter().map(|v| v.0.0).collect(),
        fire_opened: f.fire_opened.iter().map(|l| format!("{l:?}")).collect(),
        missions_spent: f
            .missions_spent
            .iter()
            .map(|m| (m.0, m.1.label().to_string(), m.2))
            .collect(),
    };
    // A team merged back into its squad gives it its steps again: the
    // squad may show no loss although a counter left.
    s.hit.retain(|u| st.unit(*u).in_play());
    s.fire_opened.sort();
    s.fire_opened.dedup();
    s
}

fn sorted(mut s: Seen) -> Seen {
    for v in [
        &mut s.gone,
        &mut s.hit,
        &mut s.flipped,
        &mut s.pinned,
        &mut s.new,
    ] {
        v.sort();
        v.dedup();
    }
    s.vehicles_out.sort();
    s.missions_spent.sort();
    s
}

/// The state diff and the fold agree on every input of random games, one
/// seed per mission.
#[test]
fn the_fold_of_an_inputs_events_shows_what_the_state_diff_shows() {
    let d = data();
    let mut inputs = 0usize;
    let mut changes = 0usize;
    let mut wrong: Vec<String> = Vec::new();
    for m in d.missions_in_order() {
        for seed in [3u64, 11] {
            let mut g = Game::new(d.clone(), &m.id, seed, Options::default()).expect("setup");
            let mut rng = bot_rng(seed);
            let mut n = 0;
            while !g.is_over() && n < 600 {
                n += 1;
                let before = g.state().clone();
                let legal = g.legal_inputs();
                let i = choose(Bot::Random, &mut rng, &g, &legal).expect("a legal input");
                let events = g.apply(&i).expect("legal");
                inputs += 1;
                let want = sorted(diff(&before, g.state()));
                let mut got = sorted(folded(&g, &events));
                // A counter new in the input and hit, pinned or gone in it
                // too: the fold says both, the diff at most that it is new.
                let was = |u: &UnitId| before.get(*u).is_some_and(|b| b.in_play());
                got.hit.retain(was);
                got.pinned.retain(was);
                // Rallied and pinned again in one input: pinned both times.
                got.pinned
                    .retain(|u| want.pinned.contains(u) || !before.unit(*u).pinned);
                got.gone.retain(was);
                // Fire ceased and opened again in one input (a cease fire
                // that the firers' own card reopens): the fold says it
                // opened, the diff sees the same link.
                got.fire_opened.retain(|l| {
                    want.fire_opened.contains(l)
                        || !before
                            .fires
                            .iter()
                            .chain(before.lay_pdfs.iter())
                            .any(|b| format!("{b:?}") == *l)
                });
                if want != Seen::default() {
                    changes += 1;
                }
                if want != got && wrong.len() < 8 {
                    let casualty = |u: &UnitId| g.state().unit(*u).kind == UnitKind::Casualty;
                    wrong.push(format!(
                        "{} seed {seed} input {n} {i:?}:\n  diff {want:?}\n  fold {got:?}\n  casualties among new: {:?}\n  events: {:?}",
                        m.id,
                        want.new.iter().filter(|u| casualty(u)).collect::<Vec<_>>(),
                        events.iter().map(|e| &e.text).collect::<Vec<_>>()
                    ));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
    assert!(
        inputs > 1000 && changes > 200,
        "{inputs} inputs, {changes} with changes"
    );
}
