//! `--autoplay`: a bot plays on screen, one input each time its delay has
//! passed.

use super::{App, Driver, Overlay, Screen};
use std::time::Instant;

impl<D: Driver> App<D> {
    /// Autoplay: the bot gives one input when its delay has passed.
    pub fn tick(&mut self, now: Instant) {
        let Some(a) = &mut self.autoplay else {
            return;
        };
        if self.overlay == Overlay::Quit {
            return;
        }
        if let Some(last) = a.last
            && now.duration_since(last) < a.delay
        {
            return;
        }
        a.last = Some(now);
        match self.screen {
            Screen::Briefing => self.screen = Screen::Play,
            Screen::Play => {
                let legal = self.game().legal_inputs();
                let Some(mut a) = self.autoplay.take() else {
                    return;
                };
                let pick = crate::play::sim::choose(a.bot, &mut a.rng, self.game(), &legal);
                self.autoplay = Some(a);
                if let Some(i) = pick {
                    self.give(&i);
                }
            }
            _ => {}
        }
    }
}
