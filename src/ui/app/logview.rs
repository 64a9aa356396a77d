//! The log's detail view: one event in full, with every card it drew and
//! what each was read for; Up and Down go through the log, and the log can
//! be searched (only the events that match are stepped through).

use super::{App, Driver, Overlay};
use crate::engine::kernel::events::Event;
use crate::ui::keys::{Command, Key};

/// The detail view's place in the log (an index into the events the log
/// shows, under its filter) and its search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogDetail {
    pub at: usize,
    pub query: String,
    pub searching: bool,
}

/// Whether an event matches the words sought: each word, in any case,
/// somewhere in its text, its rule, its turn ("T3") or its cards' numbers
/// and purposes.
pub fn matches(e: &Event, query: &str) -> bool {
    let mut hay = format!("t{} {} {}", e.turn, e.rule, e.text).to_lowercase();
    for c in &e.cards {
        hay.push_str(&format!(" {} {}", c.card, c.words.to_lowercase()));
    }
    query
        .to_lowercase()
        .split_whitespace()
        .all(|w| hay.contains(w))
}

impl<D: Driver> App<D> {
    /// Opens the detail view on the newest event the log shows.
    pub(super) fn open_log_detail(&mut self) {
        let n = self.log_events().len();
        if n == 0 {
            self.message = Some("the log is empty".into());
            return;
        }
        let at = n.saturating_sub(1 + self.log_back.min(n - 1));
        self.overlay = Overlay::Log(LogDetail {
            at,
            query: String::new(),
            searching: false,
        });
    }

    /// The events the detail view steps through: all the log shows, or
    /// those matching the search.
    pub fn log_detail_hits(&self, d: &LogDetail) -> Vec<usize> {
        self.log_events()
            .iter()
            .enumerate()
            .filter(|(_, e)| d.query.trim().is_empty() || matches(e, &d.query))
            .map(|(i, _)| i)
            .collect()
    }

    /// A key typed while the detail view searches; returns whether taken.
    pub(super) fn log_search_key(&mut self, key: Key) -> bool {
        use crossterm::event::KeyCode;
        let Overlay::Log(d) = &self.overlay else {
            return false;
        };
        if key.ctrl || !d.searching {
            return false;
        }
        let mut d = d.clone();
        match key.code {
            KeyCode::Char(c) => d.query.push(c),
            KeyCode::Backspace => {
                d.query.pop();
            }
            _ => return false,
        }
        self.settle(&mut d);
        self.overlay = Overlay::Log(d);
        true
    }

    /// After the search changed: stay on the event if it matches, else go
    /// to the nearest older match, else the newest.
    fn settle(&self, d: &mut LogDetail) {
        let hits = self.log_detail_hits(d);
        if hits.contains(&d.at) {
            return;
        }
        if let Some(&i) = hits.iter().rev().find(|&&i| i < d.at).or(hits.last()) {
            d.at = i;
        }
    }

    /// The detail view's commands.
    pub(super) fn log_detail_command(&mut self, cmd: Command) {
        let Overlay::Log(d) = &self.overlay else {
            return;
        };
        let mut d = d.clone();
        let hits = self.log_detail_hits(&d);
        let here = hits.iter().position(|&i| i == d.at);
        let step = |by: isize| -> Option<usize> {
            if hits.is_empty() {
                return None;
            }
            let k = match here {
                Some(k) => (k as isize + by).clamp(0, hits.len() as isize - 1) as usize,
                None if by < 0 => hits.iter().rposition(|&i| i < d.at).unwrap_or(0),
                None => hits
                    .iter()
                    .position(|&i| i > d.at)
                    .unwrap_or(hits.len() - 1),
            };
            Some(hits[k])
        };
        match cmd {
            Command::Up | Command::Left => d.at = step(-1).unwrap_or(d.at),
            Command::Down | Command::Right => d.at = step(1).unwrap_or(d.at),
            Command::LogUp => d.at = step(-10).unwrap_or(d.at),
            Command::LogDown => d.at = step(10).unwrap_or(d.at),
            Command::ToStart => d.at = hits.first().copied().unwrap_or(d.at),
            Command::ToEnd => d.at = hits.last().copied().unwrap_or(d.at),
            // A new search: the last one's words are dropped (a play
            // test's second search ran on from the first's words).
            Command::Search if !d.searching => {
                d.searching = true;
                d.query.clear();
            }
            Command::Search => {}
            Command::Confirm if d.searching => d.searching = false,
            // With a search made, Enter steps to the next match (as Down
            // does) instead of closing the view under the reader's eyes.
            Command::Confirm if !d.query.trim().is_empty() => d.at = step(1).unwrap_or(d.at),
            Command::Back if d.searching || !d.query.is_empty() => {
                d.searching = false;
                d.query.clear();
            }
            Command::Back | Command::LogDetail | Command::Confirm => {
                // The log below is left showing the event last read.
                let n = self.log_events().len();
                self.log_back = n.saturating_sub(d.at + 1);
                self.overlay = Overlay::None;
                return;
            }
            Command::Help => {
                self.overlay = Overlay::Help(0);
                return;
            }
            Command::Quit => {
                self.overlay = Overlay::Quit;
                return;
            }
            _ => {}
        }
        self.overlay = Overlay::Log(d);
    }
}
