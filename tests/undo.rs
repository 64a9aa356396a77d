//! Undo is the engine's rule, not the screen's guess (issue 57): an input
//! whose events reveal something (a card drawn, the deck reshuffled, a
//! terrain card laid or turned, the enemy placed) cannot be taken back, nor
//! can an input of an earlier impulse. Asked of the engine
//! (`Game::undoable`) and of the session (`Session::undo`).

use fof::data::DataSet;
use fof::engine::kernel::events::{Creation, Event, EventKind};
use fof::engine::{Game, Input, Options};
use fof::play::session::{NewCampaign, Session, SessionError};
use fof::play::sim::{Bot, MAX_INPUTS, bot_rng, choose};
use std::sync::{Arc, OnceLock};

fn data() -> Arc<DataSet> {
    static DATA: OnceLock<Arc<DataSet>> = OnceLock::new();
    DATA.get_or_init(|| Arc::new(DataSet::embedded().unwrap()))
        .clone()
}

/// The kinds of event that reveal, each tested on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reveal {
    CardsDrawn,
    Reshuffled,
    CardRevealed,
    MapExpanded,
    PlacedAtMaxLos,
    HigherHqCheck,
    ActivityCheck,
    Contact,
    Reinforcement,
}

const ALL: [Reveal; 9] = [
    Reveal::CardsDrawn,
    Reveal::Reshuffled,
    Reveal::CardRevealed,
    Reveal::MapExpanded,
    Reveal::PlacedAtMaxLos,
    Reveal::HigherHqCheck,
    Reveal::ActivityCheck,
    Reveal::Contact,
    Reveal::Reinforcement,
];

impl Reveal {
    fn is(self, e: &Event) -> bool {
        match (self, &e.kind) {
            (Reveal::CardsDrawn, _) => !e.cards.is_empty(),
            (Reveal::Reshuffled, EventKind::Reshuffled)
            | (Reveal::CardRevealed, EventKind::CardRevealed { .. })
            | (Reveal::MapExpanded, EventKind::MapExpanded { .. })
            | (Reveal::PlacedAtMaxLos, EventKind::PlacedAtMaxLos { .. })
            | (Reveal::HigherHqCheck, EventKind::HigherHqCheck { .. })
            | (Reveal::ActivityCheck, EventKind::ActivityCheck { .. }) => true,
            (
                Reveal::Contact,
                EventKind::UnitCreated {
                    why: Creation::Contact { .. },
                    ..
                },
            ) => true,
            (
                Reveal::Reinforcement,
                EventKind::UnitCreated {
                    why: Creation::Reinforcement,
                    ..
                },
            ) => true,
            _ => false,
        }
    }
}

/// What the screen used to count to decide (before issue 57): action cards
/// drawn and reshuffles, terrain cards laid and face up. Kept here only to
/// check the engine's rule covers at least as much.
fn old_fingerprint(g: &Game) -> (u64, usize) {
    let s = g.state();
    (
        s.deck.cards_drawn() + s.deck.reshuffles() as u64,
        s.map.cards.len() + s.map.cards.iter().filter(|c| c.face_up).count(),
    )
}

/// One input of a random game, as the tests need it.
struct Step {
    mission: String,
    seed: u64,
    /// Inputs of the game before this one.
    before: Vec<Input>,
    input: Input,
    events: Vec<Event>,
}

/// Random games on every mission, each input checked as it goes, and the
/// first input found showing each revealing kind.
struct Corpus {
    inputs: usize,
    quiet_undoable: usize,
    new_impulse_quiet: usize,
    found: Vec<(Reveal, Step)>,
}

fn corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let data = data();
        let mut c = Corpus {
            inputs: 0,
            quiet_undoable: 0,
            new_impulse_quiet: 0,
            found: Vec::new(),
        };
        for seed in 1..=4u64 {
            for m in data.missions_in_order() {
                let mut g = Game::new(data.clone(), &m.id, seed, Options::default()).unwrap();
                let mut rng = bot_rng(seed);
                let mut played: Vec<Input> = Vec::new();
                let mut last_impulse = None;
                while !g.is_over() && (played.len() as u64) < MAX_INPUTS {
                    let legal = g.legal_inputs();
                    let Some(i) = choose(Bot::Random, &mut rng, &g, &legal) else {
                        break;
                    };
                    let s = g.state();
                    let impulse = (s.turn, s.step, s.impulse.as_ref().and_then(|x| x.hq));
                    let (fp, undoable) = (old_fingerprint(&g), g.undoable());
                    let events = g.apply(&i).unwrap();
                    c.inputs += 1;
                    let reveals = events.iter().any(Event::reveals);
                    // The engine's rule covers what the screen counted.
                    if old_fingerprint(&g) != fp {
                        assert!(reveals, "{} seed {seed} input {}", m.id, played.len() + 1);
                    }
                    if reveals {
                        assert_eq!(g.undoable(), 0, "{} seed {seed}", m.id);
                    } else if last_impulse == Some(impulse) {
                        assert_eq!(g.undoable(), undoable + 1, "{} seed {seed}", m.id);
                        c.quiet_undoable += 1;
                    } else {
                        assert_eq!(g.undoable(), 1, "a new impulse's first input");
                        c.new_impulse_quiet += 1;
                    }
                    last_impulse = Some(impulse);
                    for k in ALL {
                        if !c.found.iter().any(|(f, _)| *f == k) && events.iter().any(|e| k.is(e)) {
                            c.found.push((
                                k,
                                Step {
                                    mission: m.id.clone(),
                                    seed,
                                    before: played.clone(),
                                    input: i.clone(),
                                    events: events.clone(),
                                },
                            ));
                        }
                    }
                    played.push(i);
                }
            }
        }
        c
    })
}

#[test]
fn undo_the_engine_counts_every_quiet_input_of_an_impulse_and_none_past_a_reveal() {
    let c = corpus();
    assert!(c.inputs > 10_000, "only {} inputs played", c.inputs);
    assert!(
        c.quiet_undoable > 1_000,
        "only {} inputs could be taken back",
        c.quiet_undoable
    );
}

/// The input found for `k`, played again: after it nothing can be undone,
/// the session refuses, and the event of that kind reveals on its own
/// (without the cards it carries).
fn stops_at(k: Reveal) {
    let (_, step) = corpus()
        .found
        .iter()
        .find(|(f, _)| *f == k)
        .unwrap_or_else(|| panic!("no random game showed {k:?}"));
    let e = step.events.iter().find(|e| k.is(e)).unwrap();
    if k != Reveal::CardsDrawn {
        let mut bare = e.clone();
        bare.cards.clear();
        assert!(bare.reveals(), "{k:?} reveals by its kind");
    }
    let mut g = Game::new(data(), &step.mission, step.seed, Options::default()).unwrap();
    for i in &step.before {
        g.apply(i).unwrap();
    }
    let events = g.apply(&step.input).unwrap();
    assert!(events.iter().any(|x| k.is(x)));
    assert_eq!(g.undoable(), 0, "undo stops at {k:?}");
}

#[test]
fn undo_stops_at_cards_drawn() {
    stops_at(Reveal::CardsDrawn);
}

#[test]
fn undo_stops_at_a_reshuffle() {
    stops_at(Reveal::Reshuffled);
}

#[test]
fn undo_stops_at_a_terrain_card_revealed() {
    stops_at(Reveal::CardRevealed);
}

#[test]
fn undo_stops_at_the_map_expanded() {
    stops_at(Reveal::MapExpanded);
}

#[test]
fn undo_stops_at_an_enemy_placed_at_max_los() {
    stops_at(Reveal::PlacedAtMaxLos);
}

#[test]
fn undo_stops_at_a_higher_hq_check() {
    stops_at(Reveal::HigherHqCheck);
}

#[test]
fn undo_stops_at_an_enemy_activity_check() {
    stops_at(Reveal::ActivityCheck);
}

#[test]
fn undo_stops_at_a_contact() {
    stops_at(Reveal::Contact);
}

#[test]
fn undo_stops_at_reinforcements() {
    stops_at(Reveal::Reinforcement);
}

/// Every kind that does not reveal stays quiet: what is not listed in
/// `Reveal` may be undone when it comes without cards.
#[test]
fn undo_events_that_reveal_nothing_do_not_stop_it() {
    let c = corpus();
    let mut quiet = 0;
    for (_, s) in &c.found {
        for e in &s.events {
            if e.cards.is_empty() && !ALL.iter().any(|k| k.is(e)) {
                assert!(!e.reveals(), "{:?} should not stop an undo", e.kind);
                quiet += 1;
            }
        }
    }
    assert!(quiet > 0);
}

#[test]
fn undo_session_takes_back_a_quiet_input_and_refuses_past_a_reveal() {
    let dir = std::env::temp_dir().join(format!("fof-undo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut s = Session::open_or_new(data(), &dir, &NewCampaign::default()).unwrap();
    let mut rng = bot_rng(5);
    let (mut took_back, mut refused) = (false, false);
    while !(s.game().is_over() || took_back && refused) {
        let legal = s.game().legal_inputs();
        let i = choose(Bot::Random, &mut rng, s.game(), &legal).unwrap();
        let before = (s.game().state_hash(), s.recorder().inputs());
        let events = s.apply(&i).unwrap();
        if events.iter().any(Event::reveals) {
            assert!(matches!(s.undo(), Err(SessionError::NothingToUndo)));
            assert_eq!(s.recorder().inputs(), before.1 + 1, "the input stands");
            refused = true;
        } else if !took_back {
            s.undo().unwrap();
            assert_eq!(
                (s.game().state_hash(), s.recorder().inputs()),
                before,
                "the game is as it was"
            );
            // The save was written again without the input.
            let (rec, _) = fof::play::replay::recover(s.save_path(), data()).unwrap();
            assert_eq!(rec.inputs(), before.1);
            took_back = true;
            s.apply(&i).unwrap();
        }
    }
    assert!(took_back && refused);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn undo_an_input_of_an_earlier_impulse_stays_given() {
    // Checked input by input in the corpus: the first quiet input of a new
    // impulse can be taken back alone, whatever the impulse before left.
    let c = corpus();
    assert!(
        c.new_impulse_quiet > 100,
        "only {} quiet first inputs of an impulse",
        c.new_impulse_quiet
    );
}

#[test]
fn undo_twice_takes_back_two_quiet_inputs_of_one_impulse() {
    let dir = std::env::temp_dir().join(format!("fof-undo2-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut s = Session::open_or_new(data(), &dir, &NewCampaign::default()).unwrap();
    let mut rng = bot_rng(9);
    // Play until two quiet inputs of one impulse have been given in a row.
    let mut marks: Vec<(u64, u64)> = Vec::new();
    while s.game().undoable() < 2 && !s.game().is_over() {
        let legal = s.game().legal_inputs();
        // Prefer an order that reveals nothing, tried on a copy.
        let quiet = legal.iter().find(|i| {
            let mut g = s.game().clone();
            matches!(i, Input::Order(_))
                && g.apply(i).is_ok_and(|ev| !ev.iter().any(Event::reveals))
                && g.state().impulse.is_some()
        });
        let i = match quiet {
            Some(q) => q.clone(),
            None => choose(Bot::Random, &mut rng, s.game(), &legal).unwrap(),
        };
        marks.push((s.game().state_hash(), s.recorder().inputs()));
        s.apply(&i).unwrap();
    }
    assert_eq!(s.game().undoable(), 2, "two quiet inputs in a row");
    let first = marks[marks.len() - 2];
    s.undo().unwrap();
    assert_eq!(s.game().undoable(), 1);
    s.undo().unwrap();
    assert_eq!((s.game().state_hash(), s.recorder().inputs()), first);
    let _ = std::fs::remove_dir_all(&dir);
}
