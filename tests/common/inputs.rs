//! Orders, and inputs applied with a check that they are legal or refused.

use fof::engine::{Action, CardPos, Event, EventKind, Game, Input, Order, UnitId};

/// An order from `by` (`None`: General Initiative).
pub fn order(by: Option<UnitId>, action: Action) -> Input {
    Input::Order(Order { by, action })
}

/// An order from the HQ `hq`.
pub fn by(hq: UnitId, action: Action) -> Input {
    order(Some(hq), action)
}

/// A General Initiative order.
pub fn gi(action: Action) -> Input {
    order(None, action)
}

/// A General Initiative move onto a card, out of cover.
pub fn mv(unit: UnitId, to: CardPos) -> Input {
    gi(Action::Move {
        unit,
        to,
        cover: None,
    })
}

/// Plays one input: ends the impulse where that is legal, else takes the
/// first legal input.
pub fn play_on(g: &mut Game) {
    let inputs = g.legal_inputs();
    let next = if inputs.contains(&Input::EndImpulse) {
        Input::EndImpulse
    } else {
        inputs.first().cloned().expect("something to do")
    };
    g.apply(&next).expect("a legal input");
}

pub fn legal(g: &Game, i: &Input) -> bool {
    g.legal_inputs().contains(i)
}

/// Applies an input that must be legal: offered and accepted. Returns its
/// events.
pub fn ok(g: &mut Game, i: Input) -> Vec<Event> {
    assert!(legal(g, &i), "{i:?} should be a legal input");
    match g.apply(&i) {
        Ok(ev) => ev,
        Err(e) => panic!("{i:?} was refused: {e}"),
    }
}

/// Applies an input that must be refused: not offered, refused, and
/// changing nothing. Returns the reason.
pub fn refused(g: &mut Game, i: Input) -> String {
    assert!(!legal(g, &i), "{i:?} should not be a legal input");
    let before = g.state_hash();
    let e = match g.apply(&i) {
        Ok(_) => panic!("{i:?} should have been refused"),
        Err(e) => e,
    };
    assert_eq!(g.state_hash(), before, "a refused input changes nothing");
    e.text
}

/// The attempts among some events (those needing a draw): cards drawn,
/// success and the unit.
pub fn unit_attempts(ev: &[Event]) -> Vec<(usize, bool, Option<UnitId>)> {
    ev.iter()
        .filter_map(|e| match &e.kind {
            EventKind::Attempt {
                success,
                looking_for: Some(_),
                unit,
                ..
            } => Some((e.cards.len(), *success, *unit)),
            _ => None,
        })
        .collect()
}

/// The attempts among some events (those needing a draw): cards drawn and
/// success, in order.
pub fn attempts(ev: &[Event]) -> Vec<(usize, bool)> {
    unit_attempts(ev)
        .into_iter()
        .map(|(n, success, _)| (n, success))
        .collect()
}

/// Plays the random bot's game of `mission` for `seed`, at most `steps`
/// decisions, calling `f` with the game and its legal inputs before each
/// pick: the positions of random games that many tests check.
pub fn random_walk(
    data: std::sync::Arc<fof::data::DataSet>,
    mission: &str,
    seed: u64,
    steps: usize,
    mut f: impl FnMut(&Game, &[Input]),
) {
    let mut g = Game::new(data, mission, seed, fof::engine::Options::default()).unwrap();
    let mut rng = fof::play::sim::bot_rng(seed);
    for _ in 0..steps {
        if g.is_over() {
            break;
        }
        let legal = g.legal_inputs();
        f(&g, &legal);
        let i = fof::play::sim::pick(&mut rng, &legal).unwrap();
        g.apply(&i).unwrap();
    }
}
