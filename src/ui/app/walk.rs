//! Walking a game stop by stop, for learn mode and the replay viewer:
//! forward and back by stop, input, impulse, phase and turn, and learn
//! mode turned on and off.

use super::{App, Driver, Screen, Shown};
use crate::engine::kernel::events::{Event, EventKind};
use crate::ui::step::{Stepper, Stop};

impl<D: Driver> App<D> {
    /// Learn mode: how far the explanation of this stop is scrolled.
    pub fn learn_scroll_now(&self) -> u16 {
        let at = (self.walk.as_ref().map(|w| w.pos).unwrap_or(0), self.sub);
        if (self.learn_scroll.0, self.learn_scroll.1) == at {
            self.learn_scroll.2
        } else {
            0
        }
    }

    /// The pages of the drawn-cards pop-up: each card, then what changed.
    pub fn card_pages(&self) -> usize {
        self.shown.len() + usize::from(!self.summary.is_empty())
    }

    pub(super) fn walking_message(&mut self) {
        self.message = Some(if self.viewer.is_some() {
            "a replay is watched, not played: X takes it over from here".into()
        } else {
            "the turn is being walked through: Enter for the next step, N to run to your decision, L to leave learn mode".into()
        });
    }

    /// Learn mode: the next procedure of this stop, else the next stop.
    pub fn next_stop(&mut self) {
        let Some(w) = &mut self.walk else {
            self.message = Some("learn mode is off: L turns it on".into());
            return;
        };
        let groups = crate::ui::learn::groups(w.stop_events(), &w.stop().kind);
        if self.sub + 1 < groups.len() {
            self.sub += 1;
            return;
        }
        if w.forward() {
            self.sub = 0;
            self.follow_walk();
        } else {
            self.at_walk_end();
        }
    }

    pub(super) fn at_walk_end(&mut self) {
        self.message = Some(if self.viewer.is_some() {
            "the end of the replay".into()
        } else if self.game().is_over() {
            "the mission is over".into()
        } else {
            "your decision: Enter opens the orders of the selected unit, o every input".into()
        });
        if self.viewer.is_none() && self.game().is_over() {
            self.screen = Screen::Result;
        }
    }

    pub(super) fn walk_forward(&mut self, pred: impl Fn(&Stop, &[Event]) -> bool) {
        let Some(w) = &mut self.walk else {
            self.message = Some("learn mode is off: L turns it on".into());
            return;
        };
        if w.forward_until(pred) {
            // Show the last procedure of the stop reached.
            self.sub = 0;
            self.follow_walk();
        }
        if self.walk.as_ref().is_some_and(|w| w.waiting()) {
            self.at_walk_end();
        }
    }

    /// End: a replay to its last input, learn mode's steps to your
    /// decision; in a game outside learn mode nothing lies ahead.
    pub(super) fn run_to_end(&mut self) {
        if self.viewer.is_some() || self.walk.is_some() {
            self.walk_forward(|_, _| false);
        } else {
            self.message = Some(
                "the game is at your decision already: End runs a replay, or learn mode's steps, to the end"
                    .into(),
            );
        }
    }

    pub(super) fn walk_back(&mut self, pred: impl Fn(&Stop, &[Event]) -> bool) {
        if self.viewer.is_none() {
            self.message = Some(
                "going back is for replays; in a game, u takes back inputs that drew no card"
                    .into(),
            );
            return;
        }
        if let Some(w) = &mut self.walk
            && w.back_until(pred)
        {
            self.sub = 0;
            self.follow_walk();
        }
    }

    pub(super) fn prev_turn(&mut self) {
        if self.viewer.is_none() {
            self.walk_back(|_, _| true);
            return;
        }
        let Some(w) = &mut self.walk else { return };
        let turn = w.stop().turn;
        let first_of = |t: u8| w.stops.iter().position(|s| s.turn == t);
        let target = match first_of(turn) {
            Some(k) if k < w.pos => k,
            _ => first_of(turn.saturating_sub(1)).unwrap_or(0),
        };
        w.goto(target);
        self.sub = 0;
        self.follow_walk();
    }

    /// Keeps the cursor and the shown cards with the walk.
    pub(super) fn follow_walk(&mut self) {
        let Some(w) = &self.walk else { return };
        self.shown = Shown::of(w.stop_events());
        self.summary.clear();
        self.log_back = 0;
        if self.screen == Screen::Result && !self.game().is_over() {
            self.screen = Screen::Play;
        }
    }

    pub(super) fn toggle_learn(&mut self) {
        if self.viewer.is_some() {
            self.learn = !self.learn;
            return;
        }
        if self.learn {
            self.learn = false;
            self.walk = None;
            self.message = Some("learn mode off: the game goes on from your decision".into());
        } else {
            self.learn_here();
            self.message =
                Some("learn mode on: each step of the turn is stopped at and explained".into());
        }
    }

    /// Learn mode from where the game stands (a game of learn mode
    /// resumed from its save, or `L` in the middle of a game).
    pub fn learn_here(&mut self) {
        self.learn = true;
        let walk = Stepper::new(self.driver.game().clone(), Vec::new());
        // Turned on in the middle of a game (or a game of learn mode
        // resumed), the walk begins where the game stands: the events so
        // far are history, shown whole in the log, not the first procedure
        // to explain (a play test's resumed game showed only its 7 set-up
        // events of 43).
        self.sub = super::super::learn::groups(walk.stop_events(), &walk.stop().kind)
            .len()
            .saturating_sub(1);
        self.walk = Some(walk);
    }
}

/// Whether a stop hands an HQ its impulse: its commands are drawn (4.1).
pub(super) fn impulse_begins(s: &Stop, events: &[Event]) -> bool {
    events[s.events.clone()]
        .iter()
        .any(|e| matches!(e.kind, EventKind::Commands { .. }))
}
