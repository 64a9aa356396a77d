//! A game held in memory only, the driver of tests and demonstrations.

use super::{Driver, Finished};
use crate::engine::kernel::events::Event;
use crate::engine::kernel::game::{Game, Illegal};
use crate::engine::kernel::input::Input;

/// A game held in memory only (tests, demonstrations).
pub struct Local {
    start: Game,
    game: Game,
    inputs: Vec<Input>,
}

impl Local {
    pub fn new(game: Game) -> Local {
        Local {
            start: game.clone(),
            game,
            inputs: Vec::new(),
        }
    }
}

impl Driver for Local {
    fn game(&self) -> &Game {
        &self.game
    }

    fn apply(&mut self, input: &Input) -> Result<Vec<Event>, Illegal> {
        let ev = self.game.apply(input)?;
        self.inputs.push(input.clone());
        Ok(ev)
    }

    fn take_warning(&mut self) -> Option<String> {
        None
    }

    fn inputs(&self) -> u64 {
        self.inputs.len() as u64
    }

    fn undo(&mut self) -> Result<(), String> {
        // A game taken over starts here: nothing before it can come back.
        if self.game.undoable() == 0 || self.inputs.is_empty() {
            return Err(crate::play::session::NOTHING_TO_UNDO.into());
        }
        let n = self.inputs.len() - 1;
        let mut g = self.start.clone();
        for i in &self.inputs[..n] {
            g.apply(i).map_err(|e| e.to_string())?;
        }
        self.inputs.truncate(n);
        self.game = g;
        Ok(())
    }

    fn finish(&mut self) -> Result<Finished, String> {
        Ok(Finished {
            lines: vec!["This mission was played on its own: no campaign to carry on.".into()],
            next: false,
            over: None,
        })
    }

    fn next_mission(&mut self) -> Result<(), String> {
        Err("no campaign: nothing follows this mission".into())
    }

    fn take_over(&mut self, rec: crate::play::replay::Recorder) -> Result<String, String> {
        let game = rec.into_game();
        self.start = game.clone();
        self.game = game;
        self.inputs.clear();
        Ok("in memory only".into())
    }
}
