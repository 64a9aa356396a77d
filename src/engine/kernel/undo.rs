//! Where an undo must stop. The rules hold information the player has not
//! seen (the Action deck's order, the terrain cards face down, the enemy
//! not yet placed); an input that turns any of it up cannot be taken back,
//! or a player could draw, look and choose again. So the engine marks every
//! input that revealed something (see [`Event::reveals`]), and every front
//! end, bot and tool asks it ([`crate::engine::kernel::game::Game::undoable`])
//! instead of guessing from the state.
//!
//! Decision (no section of the rules: undo is the program's, issue 7 and
//! issue 57): what may be taken back is the run of the last inputs that
//! revealed nothing, all given in the same impulse (the same turn, step and
//! HQ). The last of them may itself end the impulse; an input of an earlier
//! impulse stays given.

use crate::engine::kernel::events::Event;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::sequence::Step;

/// The impulse an input was given in: turn, step and the HQ in command.
pub type Impulse = (u8, Step, Option<UnitId>);

/// The undo marks of a game. Kept beside the state, not in it, so the
/// state's hash (and with it every replay) does not see them; replaying
/// the inputs builds them again exactly.
#[derive(Debug, Clone, Default)]
pub struct Marks {
    /// Inputs applied since the game was set up.
    applied: u64,
    /// Inputs that may not be taken back: undo stops here.
    floor: u64,
    /// The impulse the last input was given in.
    last: Option<Impulse>,
}

impl Marks {
    /// Before an input given in `impulse` is applied: an input of another
    /// impulse than the last starts a new run.
    pub(crate) fn giving(&mut self, impulse: Impulse) {
        if self.last != Some(impulse) {
            self.floor = self.applied;
        }
        self.last = Some(impulse);
        self.applied += 1;
    }

    /// Events of the input just given (all at once, or piece by piece as
    /// learn mode and the replay viewer run them): one that reveals
    /// something puts the floor after the input.
    pub(crate) fn saw(&mut self, events: &[Event]) {
        if events.iter().any(Event::reveals) {
            self.floor = self.applied;
        }
    }

    /// How many of the last inputs may be taken back.
    pub fn undoable(&self) -> u64 {
        self.applied - self.floor
    }
}
