//! The orders menu: its entries with their odds, the menus of a unit and
//! of all units, giving an input, and taking the last one back.

use super::{App, Driver, Entry, Menu, Odds, Overlay, Screen, Shown};
use crate::data::units::Side;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::input::{Decision, Input};
use crate::ui::labels;
use crate::ui::step::Stepper;

impl<D: Driver> App<D> {
    pub fn entry(&self, input: &Input) -> Entry {
        let g = self.game();
        let f = crate::engine::turn::forecast::forecast(g, input);
        Entry {
            input: input.clone(),
            label: labels::input(g, input),
            rule: labels::input_rule(input),
            cost: f.cost,
            odds: f.attempt.map(|a| Odds {
                cards: a.cards,
                needed: a.needed.clone(),
                chance: if a.sure {
                    "sure".into()
                } else if a.chance.den == 0 {
                    "0%".into()
                } else {
                    // Whole percent, rounded half up: enough to choose by.
                    let c = a.chance;
                    format!("{}%", (c.num * 200 + c.den) / (c.den * 2))
                },
            }),
        }
    }

    pub(super) fn menu_of(&self, title: String, inputs: &[Input]) -> Menu {
        Menu {
            title,
            entries: inputs.iter().map(|i| self.entry(i)).collect(),
            selected: 0,
        }
    }

    /// The question the rules put to the player (a platoon mover's cover,
    /// a runner, a battalion mission): its answers, the program's
    /// suggestion first and marked, so that Enter takes it.
    pub fn open_question_menu(&mut self) -> bool {
        let g = self.game();
        let crate::engine::kernel::input::Decision::Choose(c) = g.prompt().decision else {
            return false;
        };
        let (rule, q) = crate::engine::turn::choices::question(g, &c);
        let suggested = g.suggestion();
        let legal = g.legal_inputs();
        let mut menu = self.menu_of(format!("{q} ({rule})"), &legal);
        for e in &mut menu.entries {
            if Some(&e.input) == suggested.as_ref() {
                e.label.push_str("  (suggested)");
            }
        }
        self.overlay = Overlay::Menu(menu);
        true
    }

    /// The menu of the selected unit: every legal input that names it, and
    /// ending the impulse.
    pub fn open_unit_menu(&mut self) {
        if self.open_question_menu() {
            return;
        }
        let legal = self.game().legal_inputs();
        if legal.is_empty() {
            self.message = Some("the mission is over: nothing to decide".into());
            return;
        }
        let Some(u) = self.selected_unit() else {
            self.open_all_menu();
            return;
        };
        let mine: Vec<Input> = legal
            .iter()
            .filter(|i| labels::input_units(i).contains(&u))
            .cloned()
            .collect();
        if mine.is_empty() {
            self.message = Some(format!(
                "{} has no order open to it now; here is every input the rules allow",
                self.game().describe(u)
            ));
            self.open_all_menu();
            return;
        }
        let mut inputs = mine;
        if legal.contains(&Input::EndImpulse) {
            inputs.push(Input::EndImpulse);
        }
        let title = format!("Orders: {}", self.game().describe(u));
        self.overlay = Overlay::Menu(self.menu_of(title, &inputs));
    }

    /// Every legal input.
    pub fn open_all_menu(&mut self) {
        if self.open_question_menu() {
            return;
        }
        let legal = self.game().legal_inputs();
        if legal.is_empty() {
            self.message = Some("the mission is over: nothing to decide".into());
            return;
        }
        let title = match self.game().prompt().decision {
            Decision::ChooseHq { .. } => "Whose impulse comes next".to_string(),
            _ => "Every input the rules allow now".to_string(),
        };
        self.overlay = Overlay::Menu(self.menu_of(title, &legal));
    }

    /// Applies an input through the driver, keeps what it drew for the
    /// card view, and what can be undone.
    pub fn give(&mut self, input: &Input) {
        if self.walking() {
            self.walking_message();
            return;
        }
        let before = self.fingerprint();
        let n = self.driver.inputs();
        let (cursor, unit) = (self.cursor, self.unit);
        match self.driver.apply(input) {
            Err(e) => {
                self.message = Some(format!("refused: {e}"));
            }
            Ok(events) => {
                self.message = self.driver.take_warning();
                if let Some(w) = &mut self.walk {
                    // Learn mode: walk the input, then the automatic play
                    // after it, stop by stop.
                    w.push_input(input.clone());
                    w.forward();
                    self.sub = 0;
                }
                self.log_back = 0;
                self.shown = Shown::of(&events);
                let after = self.fingerprint();
                let scope = self.scope();
                if before.0 != after.0 || before.1 != after.1 {
                    // Something was revealed: nothing before it comes back.
                    self.undo.clear();
                } else {
                    if self.undo_scope != Some(before.2) {
                        self.undo.clear();
                    }
                    self.undo.push((n, cursor, unit));
                }
                self.undo_scope = Some(scope);
                if !self.shown.is_empty() && self.autoplay.is_none() && !self.learn {
                    self.overlay = Overlay::Cards(0);
                } else if self.autoplay.is_none() && !self.learn {
                    // A question the rules put now is asked at once.
                    self.open_question_menu();
                }
                if self.game().is_over() && self.screen == Screen::Play {
                    self.screen = Screen::Result;
                }
                // Keep the cursor on a unit that moved.
                if let Some(u) = labels::input_units(input).first()
                    && let Some(unit) = self.game().state().get(*u)
                    && unit.in_play()
                    && unit.side == Side::Us
                {
                    self.cursor = unit.pos;
                    self.unit = self.units_here().iter().position(|x| x == u).unwrap_or(0);
                }
            }
        }
    }

    /// What an undo may not reach back past: cards drawn from the Action
    /// deck and terrain revealed (decision on issue 7's "back to the last
    /// card drawn": a terrain card turned face up is information too).
    pub(super) fn fingerprint(
        &self,
    ) -> (
        u64,
        usize,
        (u8, crate::engine::kernel::sequence::Step, Option<UnitId>),
    ) {
        let s = self.game().state();
        let revealed = s.map.cards.iter().filter(|c| c.face_up).count() + s.map.cards.len();
        (
            s.deck.cards_drawn() + s.deck.reshuffles() as u64,
            revealed,
            self.scope(),
        )
    }

    pub(super) fn scope(&self) -> (u8, crate::engine::kernel::sequence::Step, Option<UnitId>) {
        let s = self.game().state();
        (s.turn, s.step, s.impulse.as_ref().and_then(|i| i.hq))
    }

    pub(super) fn take_back(&mut self) {
        if self.undo_scope != Some(self.scope()) {
            self.undo.clear();
        }
        match self.undo.pop() {
            None => self.message = Some(
                "nothing to undo: only inputs of this impulse that drew no card can be taken back"
                    .into(),
            ),
            Some((n, cursor, unit)) => match self.driver.rewind(n) {
                Ok(()) => {
                    self.cursor = cursor;
                    self.unit = unit;
                    if self.learn {
                        self.walk = Some(Stepper::new(self.driver.game().clone(), Vec::new()));
                        self.sub = 0;
                    }
                    self.message = Some("the last input was taken back".into());
                    self.shown.clear();
                    if self.screen == Screen::Result && !self.game().is_over() {
                        self.screen = Screen::Play;
                    }
                }
                Err(e) => {
                    self.undo.clear();
                    self.message = Some(format!("cannot undo: {e}"));
                }
            },
        }
    }
}
