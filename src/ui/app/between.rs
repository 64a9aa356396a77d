//! Between missions: the debrief, then each decision of 10.3-10.7 and 11.3
//! in turn, the program's suggestion selected so that Enter takes it; then
//! what the campaign came to, and on to the next briefing.

use super::{App, Driver, Finished, Overlay, Screen};
use crate::data::DataSet;
use crate::play::campaign::{Campaign, Choice, End, Stage};
use crate::ui::keys::Command;

/// The decisions open between missions, as the driver offers them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deciding {
    pub stage: Stage,
    /// What the stage is about: the debrief, or the points, steps or
    /// rotations left and the rule.
    pub lines: Vec<String>,
    /// Each decision open, with what it does in words.
    pub choices: Vec<(Choice, String)>,
    /// The program's suggestion, among `choices`.
    pub suggested: Option<usize>,
    /// The decisions made so far after this mission, in words.
    pub done: Vec<String>,
}

impl Finished {
    /// What a finished mission came to, for the screen after the
    /// decisions: its replay, result and the decisions made, then the
    /// campaign's status; whether another mission follows, or how the
    /// campaign ended.
    pub fn of(
        camp: Option<&Campaign>,
        data: &DataSet,
        f: &crate::play::session::Finished,
    ) -> Finished {
        let mut lines = vec![format!("The mission's replay: {}", f.replay.display())];
        if let Some(r) = &f.record {
            lines.push(format!(
                "{} (attempt {}): {}",
                data.mission_name(&r.mission),
                r.attempt,
                if r.success {
                    "success".to_string()
                } else {
                    format!("failure: {}", r.why)
                }
            ));
            lines.push(format!(
                "Experience earned: {}; casualty steps: {}",
                r.experience, r.casualties
            ));
            lines.push("Your decisions after it:".into());
            if r.decided.is_empty() {
                lines.push("  none".into());
            }
            lines.extend(r.decided.iter().map(|d| format!("  {d}")));
        }
        lines.push(String::new());
        lines.extend(f.status.lines().map(str::to_string));
        let next = camp.is_some_and(|c| c.end.is_none() && c.next_mission(data).is_some());
        let over = camp.and_then(|c| match &c.end {
            Some(End::Won) => Some(format!(
                "The campaign is won: {} (11.2). \"New campaign\" on the start menu begins another.",
                c.mode.won_why()
            )),
            Some(End::Lost(why)) => Some(format!(
                "The campaign is lost: {why}. \"New campaign\" on the start menu begins another."
            )),
            None => None,
        });
        Finished { lines, next, over }
    }
}

impl Deciding {
    /// The decisions open in a campaign, after the game just finished.
    pub fn of(c: &Campaign, data: &DataSet, game: &crate::engine::Game) -> Option<Deciding> {
        let b = c.between.as_ref()?;
        let lines = if b.stage == Stage::Debrief {
            c.debrief(data, &crate::play::report::report(game))
        } else {
            c.stage_lines(data)
        };
        let choices: Vec<_> = c
            .choices()
            .into_iter()
            .map(|x| {
                let label = c.choice_label(data, &x);
                (x, label)
            })
            .collect();
        let suggested = c
            .suggestion()
            .and_then(|s| choices.iter().position(|(x, _)| *x == s));
        Some(Deciding {
            stage: b.stage,
            lines,
            choices,
            suggested,
            done: c
                .records
                .last()
                .map(|r| r.decided.clone())
                .unwrap_or_default(),
        })
    }
}

impl<D: Driver> App<D> {
    /// The mission's books are kept: to the debrief, or (outside a
    /// campaign, or once decided) to what it came to.
    pub(super) fn enter_between(&mut self, f: Finished) {
        self.screen = Screen::Between(f);
        self.report_scroll = 0;
        self.select_suggestion();
    }

    fn select_suggestion(&mut self) {
        self.between_sel = self
            .driver
            .deciding()
            .and_then(|d| d.suggested)
            .unwrap_or(0);
    }

    /// A decision clicked: selected, or taken when it already was.
    pub(super) fn between_click(&mut self, i: usize) {
        if i == self.between_sel {
            if let Screen::Between(f) = self.screen.clone() {
                self.between_command(Command::Confirm, &f);
            }
        } else {
            self.between_sel = i;
        }
    }

    pub(super) fn between_command(&mut self, cmd: Command, f: &Finished) {
        if let Some(d) = self.driver.deciding() {
            let n = d.choices.len();
            match cmd {
                // With one choice, the arrows scroll the text (a long
                // debrief on a small screen).
                Command::Up if n <= 1 => self.scroll_report(-1),
                Command::Down if n <= 1 => self.scroll_report(1),
                Command::Up => self.between_sel = self.between_sel.saturating_sub(1),
                Command::Down if self.between_sel + 1 < n => self.between_sel += 1,
                Command::LogUp => self.scroll_report(-5),
                Command::LogDown => self.scroll_report(5),
                Command::Confirm => {
                    let Some((c, _)) = d.choices.get(self.between_sel) else {
                        return;
                    };
                    match self.driver.decide(c) {
                        Ok(()) => {
                            self.message = None;
                            if self.driver.deciding().map(|x| x.stage) != Some(d.stage) {
                                self.report_scroll = 0;
                            }
                            if let Ok(f) = self.driver.finish() {
                                self.screen = Screen::Between(f);
                            }
                            self.select_suggestion();
                        }
                        Err(e) => self.message = Some(e),
                    }
                }
                _ => {}
            }
            return;
        }
        match cmd {
            Command::Up => self.scroll_report(-1),
            Command::Down => self.scroll_report(1),
            Command::Confirm if f.next => match self.driver.next_mission() {
                Ok(()) => {
                    self.screen = Screen::Briefing;
                    self.cursors.clear();
                    self.shown.clear();
                    self.summary.clear();
                    self.log_back = 0;
                    self.report_scroll = 0;
                    self.home_cursor();
                }
                Err(e) => self.message = Some(e),
            },
            // Opened from the start menu, a campaign over goes back to it,
            // where "New campaign" begins another (a play test found only
            // a way out of the program).
            Command::Confirm | Command::Back if self.menu => {
                self.back = true;
                self.quit = true;
            }
            Command::Confirm => self.overlay = Overlay::Quit,
            _ => {}
        }
    }
}
