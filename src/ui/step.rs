//! Walking a game one stop at a time, forward and back: learn mode and the
//! replay viewer. A stop is either an input applied (without the automatic
//! play after it) or one piece of that automatic play (a step of the turn
//! begun and its automatic work done, an impulse handed out: see
//! [`Game::advance`]). The order of stops follows from the start and the
//! inputs alone, so going back is going forward again from a snapshot.

use crate::engine::kernel::events::{Event, EventKind};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::input::Input;
use crate::engine::kernel::sequence::Step;
use std::ops::Range;

/// Stops between two snapshots kept for going back.
const SNAPSHOT_EVERY: usize = 64;

/// What a stop is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StopKind {
    /// Where the walk begins.
    Start,
    /// An input of the player's, applied.
    Input(Input),
    /// A piece of the automatic play.
    Piece,
}

/// One stop: what it is, where in the turn it falls, its events and the
/// state hash after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stop {
    pub kind: StopKind,
    pub turn: u8,
    pub step: Step,
    /// Its events, as a range of [`Stepper::events`].
    pub events: Range<usize>,
    pub hash: u64,
    /// Inputs applied up to and including this stop.
    pub inputs: usize,
}

impl Stop {
    /// Whether the stop begins a step of the turn (a phase, segment or
    /// impulse boundary).
    pub fn begins_step(&self, events: &[Event]) -> Option<Step> {
        events[self.events.clone()]
            .iter()
            .find_map(|e| match e.kind {
                EventKind::StepBegins { step } => Some(step),
                _ => None,
            })
    }
}

/// A game walked stop by stop.
pub struct Stepper {
    /// The game at the current stop.
    game: Game,
    inputs: Vec<Input>,
    /// Every event met so far, in order.
    pub events: Vec<Event>,
    /// Every stop met so far; `stops[0]` is the start.
    pub stops: Vec<Stop>,
    /// The current stop.
    pub pos: usize,
    /// Games at some stops, to go back from.
    snapshots: Vec<(usize, Game)>,
    /// Whether automatic play is pending at the current stop, once asked
    /// (finding out runs it on a copy: the screen asks on every frame).
    pending: std::cell::Cell<Option<bool>>,
    /// Whether the last stop met is the last there is: a step forward
    /// from it found nothing (until an input is added).
    ended: bool,
}

impl Stepper {
    /// Starts at `start` (a game from [`Game::new_held`], or any game),
    /// with the inputs to play (none for learn mode, which adds them as the
    /// player gives them).
    pub fn new(start: Game, inputs: Vec<Input>) -> Stepper {
        let events = start.log().to_vec();
        let first = Stop {
            kind: StopKind::Start,
            turn: start.state().turn,
            step: start.state().step,
            events: 0..events.len(),
            hash: start.state_hash(),
            inputs: 0,
        };
        let snap = (0, start.without_log());
        Stepper {
            game: start,
            inputs,
            events,
            stops: vec![first],
            pos: 0,
            snapshots: vec![snap],
            pending: std::cell::Cell::new(None),
            ended: false,
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn stop(&self) -> &Stop {
        &self.stops[self.pos]
    }

    /// The current stop's events.
    pub fn stop_events(&self) -> &[Event] {
        &self.events[self.stop().events.clone()]
    }

    /// Every event up to and including the current stop.
    pub fn events_so_far(&self) -> &[Event] {
        &self.events[..self.stop().events.end]
    }

    pub fn inputs(&self) -> &[Input] {
        &self.inputs
    }

    /// Adds an input to play after the ones given (learn mode).
    pub fn push_input(&mut self, input: Input) {
        self.inputs.push(input);
        self.ended = false;
    }

    /// Whether the game at the current stop waits for the player and no
    /// input is left to play.
    pub fn waiting(&self) -> bool {
        self.pos + 1 == self.stops.len() && !self.can_go_on()
    }

    /// Whether the game at the current stop waits for the player (its
    /// automatic play is done), whatever inputs are left to play.
    pub fn at_decision(&self) -> bool {
        let pending = match self.pending.get() {
            Some(p) => p,
            None => {
                let p = self.game.without_log().advance().is_some();
                self.pending.set(Some(p));
                p
            }
        };
        !pending
    }

    fn can_go_on(&self) -> bool {
        !self.at_decision() || self.stop().inputs < self.inputs.len()
    }

    /// One step of the game from the current one; `None` at the end.
    fn step_game(game: &mut Game, inputs: &[Input], done: usize) -> Option<(StopKind, Vec<Event>)> {
        if let Some(ev) = game.advance() {
            return Some((StopKind::Piece, ev));
        }
        let input = inputs.get(done)?;
        let ev = game.apply_held(input).ok()?;
        Some((StopKind::Input(input.clone()), ev))
    }

    /// Goes one stop forward. Returns `false` at the end (the game waits
    /// for an input not given, or is over).
    pub fn forward(&mut self) -> bool {
        let done = self.stop().inputs;
        let Some((kind, ev)) = Self::step_game(&mut self.game, &self.inputs, done) else {
            if self.pos + 1 == self.stops.len() {
                self.ended = true;
            }
            return false;
        };
        self.pending.set(None);
        self.pos += 1;
        if self.pos == self.stops.len() {
            let start = self.events.len();
            self.events.extend(ev);
            let inputs = done + usize::from(matches!(kind, StopKind::Input(_)));
            self.stops.push(Stop {
                kind,
                turn: self.game.state().turn,
                step: self.game.state().step,
                events: start..self.events.len(),
                hash: self.game.state_hash(),
                inputs,
            });
            if self.pos.is_multiple_of(SNAPSHOT_EVERY) {
                self.snapshots.push((self.pos, self.game.without_log()));
            }
        }
        true
    }

    /// Goes to stop `k` (one already met, or further forward): back from the
    /// nearest snapshot, forward by stepping.
    pub fn goto(&mut self, k: usize) {
        if k < self.pos {
            let (at, g) = self
                .snapshots
                .iter()
                .rev()
                .find(|(at, _)| *at <= k)
                .cloned()
                .expect("the start is always a snapshot");
            self.game = g;
            self.pending.set(None);
            self.pos = at;
        }
        while self.pos < k {
            if !self.forward() {
                break;
            }
        }
    }

    pub fn back(&mut self) -> bool {
        if self.pos == 0 {
            return false;
        }
        self.goto(self.pos - 1);
        true
    }

    /// Forward until `pred` holds for the new stop (or the end). Returns
    /// whether it moved.
    pub fn forward_until(&mut self, pred: impl Fn(&Stop, &[Event]) -> bool) -> bool {
        let from = self.pos;
        while self.forward() {
            if pred(self.stop(), &self.events) {
                break;
            }
        }
        self.pos != from
    }

    /// Back until `pred` holds (or the start).
    pub fn back_until(&mut self, pred: impl Fn(&Stop, &[Event]) -> bool) -> bool {
        let mut k = self.pos;
        while k > 0 {
            k -= 1;
            if pred(&self.stops[k], &self.events) {
                break;
            }
        }
        let moved = k != self.pos;
        self.goto(k);
        moved
    }

    /// How many stops there are, once the last has been met (while more
    /// may come, the count so far would read as a total).
    pub fn total(&self) -> Option<usize> {
        self.ended.then_some(self.stops.len())
    }

    /// Walks to the end, meeting every stop.
    pub fn to_end(&mut self) {
        while self.forward() {}
    }
}
