//! The game itself: the data it runs on, its mission, state and log; the
//! accessors, card draws and logging that every rule uses; and refusals
//! ([`Illegal`], with their reasons written only when read). The driver
//! that runs the sequence of play is `turn::driver`.

use crate::data::DataSet;
use crate::data::action::{ActionCard, Experience};
use crate::data::charts::Activity;
use crate::data::mission::{Mission, ObjectiveKind};
use crate::data::units::{Side, UnitKind};
use crate::engine::kernel::deck::card_in;
use crate::engine::kernel::events::{CardRead, Event, EventKind};
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::purpose::Purpose;
use crate::engine::kernel::sequence::Step;
use crate::engine::kernel::state::{Unit, *};
use crate::engine::kernel::why::Why;
use std::fmt;
use std::sync::Arc;

/// An input refused, with the reason. Nothing changed.
///
/// The reason is typed ([`Why`]); its words are the narrator's, made when
/// the refusal is made ([`refuse`]), and empty inside [`quietly`], where
/// only whether an input is refused is asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Illegal {
    /// Why, as facts.
    pub why: Why,
    /// Why, in words (empty when made inside [`quietly`]).
    pub text: String,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::error::Error for Illegal {}

// Enumerating the legal inputs checks hundreds of candidate orders and
// keeps only the yes/no answer; writing out why each refused one is
// refused was a third of `fof sim`'s time. Inside [`quietly`] a refusal
// keeps its typed reason and is not worded. This touches only the words
// of a refusal, never whether it is one.
thread_local! {
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with refusals' reasons left unworded: for callers that only
/// ask whether something is legal. The flag is restored afterwards, also
/// on unwinding.
pub(crate) fn quietly<T>(f: impl FnOnce() -> T) -> T {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            QUIET.with(|q| q.set(self.0));
        }
    }
    let _restore = Restore(QUIET.with(|q| q.replace(true)));
    f()
}

/// The reason of a refusal still worded where it is checked: a text, or
/// a closure that writes it when the reason will be read.
pub(crate) trait Reason {
    fn text(self) -> String;
}

impl Reason for &str {
    fn text(self) -> String {
        self.to_string()
    }
}

impl Reason for String {
    fn text(self) -> String {
        self
    }
}

impl<F: FnOnce() -> String> Reason for F {
    fn text(self) -> String {
        self()
    }
}

impl Illegal {
    /// A refusal worded where it is checked; its reason is written unless
    /// inside [`quietly`].
    pub(crate) fn because(why: impl Reason) -> Illegal {
        let text = if QUIET.with(|q| q.get()) {
            String::new()
        } else {
            why.text()
        };
        Illegal {
            why: Why::Said(text.clone()),
            text,
        }
    }
}

/// Whether refusals are left unworded now (inside [`quietly`]).
pub(crate) fn is_quiet() -> bool {
    QUIET.with(|q| q.get())
}

/// Refuses, with a reason written only when it will be read.
pub(crate) fn no<T>(why: impl Reason) -> Result<T, Illegal> {
    Err(Illegal::because(why))
}

/// A mission that cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError(pub String);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetupError {}

/// A game in progress: the data it runs on, its state and its log.
#[derive(Debug, Clone)]
pub struct Game {
    pub(crate) data: Arc<DataSet>,
    pub(crate) mission: Arc<Mission>,
    pub(crate) state: State,
    pub(crate) log: Vec<Event>,
    /// Whether helicopters fly in the mission ([`Mission::helicopters`]),
    /// worked out once: the menu weighs it for every order (7.4.5).
    pub(crate) helicopters: bool,
    /// Where an undo must stop ([`crate::engine::kernel::undo`]).
    pub(crate) undo: crate::engine::kernel::undo::Marks,
    /// The label each converted counter had before its last conversion
    /// (6.3.3, 4.2.3, 9.7): the narrator names a unit as it was ("2/1 Sqd
    /// rallies..."). Not part of the state: no rule reads it.
    pub(crate) renamed: Vec<(UnitId, String)>,
}

impl Game {
    /// Direct access to the state, for rule tests and tools that arrange a
    /// position. Nothing in play uses it: changing the state this way
    /// bypasses every rule.
    pub fn state_mut(&mut self) -> &mut State {
        &mut self.state
    }

    /// Rebuilds a game around a saved state.
    pub fn from_state(data: Arc<DataSet>, state: State) -> Result<Game, SetupError> {
        let mission = data
            .mission(&state.mission)
            .cloned()
            .ok_or_else(|| SetupError(format!("no mission `{}`", state.mission)))?;
        Ok(Game {
            data,
            helicopters: mission.helicopters(),
            mission: Arc::new(mission),
            state,
            log: Vec::new(),
            undo: Default::default(),
            renamed: Vec::new(),
        })
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    pub fn data(&self) -> &DataSet {
        &self.data
    }

    pub fn mission(&self) -> &Mission {
        &self.mission
    }

    /// How many of the last inputs may be taken back: those since the
    /// last that revealed something, in the impulse of the last input
    /// ([`crate::engine::kernel::undo`]).
    pub fn undoable(&self) -> u64 {
        self.undo.undoable()
    }

    /// The impulse an input given now is given in, for the undo marks.
    pub(crate) fn impulse_now(&self) -> crate::engine::kernel::undo::Impulse {
        let s = &self.state;
        (s.turn, s.step, s.impulse.as_ref().and_then(|i| i.hq))
    }

    /// Every event since the game began (or since it was rebuilt).
    pub fn log(&self) -> &[Event] {
        &self.log
    }

    pub fn is_over(&self) -> bool {
        self.state.step == Step::MissionEnd
    }

    /// A stable 64-bit hash of the whole state.
    pub fn state_hash(&self) -> u64 {
        crate::engine::kernel::hash::state_hash(&self.state)
    }

    /// The card data for a drawn card number.
    pub fn card(&self, number: u8) -> Option<&ActionCard> {
        card_in(&self.data.action, number)
    }

    /// A copy of the game without its log, for trial runs that must not
    /// touch the real game (the log can be long; the state is all a trial
    /// needs).
    pub(crate) fn without_log(&self) -> Game {
        Game {
            data: self.data.clone(),
            mission: self.mission.clone(),
            state: self.state.clone(),
            log: Vec::new(),
            helicopters: self.helicopters,
            undo: self.undo.clone(),
            renamed: self.renamed.clone(),
        }
    }

    // ---- helpers used by every rules module --------------------------

    /// A short name for a unit: the label its counter shows.
    pub fn describe(&self, id: UnitId) -> String {
        match self.state.get(id) {
            Some(u) => u.label.clone(),
            None => format!("unit {id}"),
        }
    }

    /// Logs an event in words of the emit site's own (the kinds the
    /// narrator does not word yet).
    pub(crate) fn emit(&mut self, rule: &str, kind: EventKind, text: String, cards: Vec<CardRead>) {
        self.log.push(Event {
            turn: self.state.turn,
            step: self.state.step,
            rule: rule.to_string(),
            kind,
            text,
            cards,
        });
    }

    /// A unit's experience for draws, honouring option 13.1.
    pub(crate) fn experience(&self, id: UnitId) -> Experience {
        let u = self.state.unit(id);
        if self.state.options.all_line {
            Experience::Line
        } else if u.flipped {
            // Decision (4.2.5, 10.1.2): on its fire-team side a unit is a
            // Fire Team LAT, which is Green; flipped back it is again what
            // its counter says.
            Experience::Green
        } else {
            u.experience
        }
    }

    /// The experience an HQ or staff commands with (4.1.2 A, 4.1.3): its
    /// counter's, on either side. Decision (4.1.4): on its fire-team side
    /// the HQ is limited in whom it commands, not in how well; its draws
    /// and savings keep its level (the Green of a Fire Team LAT counts in
    /// its own attempts, [`Game::experience`]).
    pub(crate) fn command_experience(&self, id: UnitId) -> Experience {
        if self.state.options.all_line {
            Experience::Line
        } else {
            self.state.unit(id).experience
        }
    }

    /// Cards for an attempt: the base, +1 Veteran, -1 Green, minimum 1
    /// (4.2).
    pub(crate) fn attempt_draws(&self, base: u8, exp: Experience) -> usize {
        let c = &self.data.charts.action_draws;
        let adj = match exp {
            Experience::Veteran => c.veteran,
            Experience::Green => c.green,
            Experience::Line => 0,
        };
        (base as i32 + adj as i32).max(c.min as i32) as usize
    }

    // ---- the side's units ---------------------------------------------

    /// The units of the player's side, in play.
    pub fn friendly(&self) -> impl Iterator<Item = &Unit> {
        self.state.in_play().filter(|u| u.side == Side::Us)
    }

    /// Whether a unit fits on a card under the stacking limit (1.2.1 I,
    /// 5.1.5): its side's steps there, casualties aside, with its own.
    pub fn has_room(&self, unit: UnitId, at: CardPos) -> bool {
        // 2.4.2: Staging Area cards (the helicopters' too) have no
        // stacking limit.
        if at.is_staging() {
            return true;
        }
        let u = self.state.unit(unit);
        u32::from(self.state.steps_at(at, u.side)) + u32::from(u.steps)
            <= u32::from(self.data.charts.stacking.steps)
    }

    /// Whether a US unit other than a casualty stands on the card.
    pub fn us_on(&self, at: CardPos) -> bool {
        self.state.us_on(at)
    }

    /// Whether a friendly Good Order unit holds a position with no enemy.
    pub fn held_by_us(&self, pos: CardPos) -> bool {
        let s = &self.state;
        s.units_at(pos)
            .any(|u| u.side == Side::Us && u.good_order())
            && !s
                .units_at(pos)
                .any(|u| u.side != Side::Us && u.kind != UnitKind::Casualty)
    }

    pub(crate) fn objective(&self, kind: ObjectiveKind) -> Option<CardPos> {
        self.mission
            .controls
            .objectives
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, a)| CardPos::new(a.0, a.1))
    }

    pub(crate) fn set_activity(&mut self, level: Activity) {
        if self.state.activity != level {
            self.state.activity = level;
            self.say("9.1", EventKind::Activity { level }, Vec::new());
        }
    }
}

/// The cards of `options` that share the best key, in the order given.
pub(crate) fn best_cards<K: Ord + Copy>(options: &[(CardPos, K)]) -> Vec<CardPos> {
    let Some(best) = options.iter().map(|(_, k)| *k).max() else {
        return Vec::new();
    };
    options
        .iter()
        .filter(|(_, k)| *k == best)
        .map(|(q, _)| *q)
        .collect()
}

/// The best of `options` by key, a random number from the Action deck
/// breaking ties among equals (5.1.3 retreats, 9.4, 9.6, 9.9).
pub(crate) fn pick_card<K: Ord + Copy>(
    game: &mut Game,
    options: &[(CardPos, K)],
    purpose: Purpose,
) -> Option<(CardPos, Vec<crate::engine::kernel::events::CardRead>)> {
    let top = best_cards(options);
    if top.is_empty() {
        return None;
    }
    if top.len() == 1 {
        return Some((top[0], Vec::new()));
    }
    let (r, reads) = game.random(top.len() as u32, purpose);
    Some((
        top[(r as usize).saturating_sub(1).min(top.len() - 1)],
        reads,
    ))
}
