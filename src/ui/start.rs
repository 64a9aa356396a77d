//! The start menu of `fof`: continue or begin the campaign, learn the
//! rules, play one mission, resume or watch a saved game or replay.

use super::app::Msg;
use super::keys::{Command, Key, KeyMap};
use super::theme::{Role, Theme};
use crate::data::DataSet;
use crossterm::event::{KeyEventKind, MouseButton, MouseEventKind};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use std::cell::RefCell;
use std::path::{Path, PathBuf};

/// What the player chose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// The campaign in the save folder, or a new one of the default.
    Campaign,
    /// Learn mode on the mission made for learning.
    Learn,
    /// One mission, seed 1.
    Mission(String),
    /// A saved game or replay file: resumed if in progress and resumable,
    /// else watched.
    File(PathBuf),
}

/// One line of the menu.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartEntry {
    pub label: String,
    pub choice: Option<Choice>,
}

pub struct StartMenu {
    pub entries: Vec<StartEntry>,
    pub selected: usize,
    pub chosen: Option<Choice>,
    pub quit: bool,
    pub keys: KeyMap,
    pub theme: Theme,
    pub size: (u16, u16),
    hits: RefCell<Vec<(Rect, usize)>>,
}

/// The replay and save files in the save folder: `plays/`, `replays/`
/// and their subfolders one level down, sorted by path.
pub fn saved_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for sub in [crate::play::session::PLAYS, "replays"] {
        let Ok(rd) = std::fs::read_dir(dir.join(sub)) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                if let Ok(inner) = std::fs::read_dir(&p) {
                    out.extend(
                        inner
                            .flatten()
                            .map(|x| x.path())
                            .filter(|x| x.extension().is_some_and(|e| e == "replay")),
                    );
                }
            } else if p.extension().is_some_and(|e| e == "replay") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

impl StartMenu {
    pub fn new(data: &DataSet, dir: &Path, keys: KeyMap, theme: Theme) -> StartMenu {
        let mut entries = Vec::new();
        let camp_file = crate::play::campaign::file_in(dir);
        let campaign = if camp_file.exists() {
            match crate::play::campaign::load(&camp_file, data) {
                Ok(c) => match c.next_mission(data) {
                    Some(m) => format!(
                        "Continue the campaign: {} (next: {})",
                        data.campaign(&c.id)
                            .map(|x| x.name.as_str())
                            .unwrap_or(&c.id),
                        data.mission(m).map(|x| x.name.as_str()).unwrap_or(m)
                    ),
                    None => "The campaign is over: see fof campaign status".into(),
                },
                Err(e) => format!("The campaign file does not load: {e}"),
            }
        } else {
            format!(
                "Begin the campaign: {}",
                data.campaigns
                    .first()
                    .map(|c| c.name.as_str())
                    .unwrap_or("none")
            )
        };
        entries.push(StartEntry {
            label: campaign,
            choice: Some(Choice::Campaign),
        });
        let learn = data
            .mission(super::learn::LEARN_MISSION)
            .map(|m| m.name.clone())
            .unwrap_or_else(|| "the first mission".into());
        entries.push(StartEntry {
            label: format!("Learn the rules: {learn}, step by step"),
            choice: Some(Choice::Learn),
        });
        for m in &data.missions {
            entries.push(StartEntry {
                label: format!(
                    "Play one mission: {} ({}, {} turns)",
                    m.name,
                    m.kind.label(),
                    m.turns
                ),
                choice: Some(Choice::Mission(m.id.clone())),
            });
        }
        for f in saved_files(dir) {
            let name = f.strip_prefix(dir).unwrap_or(&f).display().to_string();
            entries.push(StartEntry {
                label: format!("Saved game or replay: {name}"),
                choice: Some(Choice::File(f)),
            });
        }
        entries.push(StartEntry {
            label: "Quit".into(),
            choice: None,
        });
        StartMenu {
            entries,
            selected: 0,
            chosen: None,
            quit: false,
            keys,
            theme,
            size: (80, 24),
            hits: RefCell::new(Vec::new()),
        }
    }

    pub fn done(&self) -> bool {
        self.quit || self.chosen.is_some()
    }

    fn pick(&mut self) {
        match self
            .entries
            .get(self.selected)
            .and_then(|e| e.choice.clone())
        {
            Some(c) => self.chosen = Some(c),
            None => self.quit = true,
        }
    }

    pub fn update(&mut self, msg: Msg) {
        match msg {
            Msg::Resize(w, h) => self.size = (w, h),
            Msg::Tick => {}
            Msg::Key(k) => {
                if k.kind == KeyEventKind::Release {
                    return;
                }
                match self.keys.command(Key::from_event(&k)) {
                    Some(Command::Up) => self.selected = self.selected.saturating_sub(1),
                    Some(Command::Down) if self.selected + 1 < self.entries.len() => {
                        self.selected += 1
                    }
                    Some(Command::Confirm) => self.pick(),
                    Some(Command::Quit) | Some(Command::Back) => self.quit = true,
                    _ => {}
                }
            }
            Msg::Mouse(m) => {
                if let MouseEventKind::Down(MouseButton::Left) = m.kind {
                    let hit = self
                        .hits
                        .borrow()
                        .iter()
                        .find(|(r, _)| m.column >= r.x && m.column < r.x + r.width && m.row == r.y)
                        .map(|(_, i)| *i);
                    if let Some(i) = hit {
                        if i == self.selected {
                            self.pick();
                        } else {
                            self.selected = i;
                        }
                    }
                }
            }
        }
    }

    pub fn draw(&self, f: &mut Frame) {
        let area = f.area();
        let t = &self.theme;
        let mut lines = vec![
            Line::styled("fof: Fields of Fire in the terminal", t.style(Role::Title)),
            Line::styled(
                "An unofficial implementation with original cards and missions.",
                t.style(Role::Dim),
            ),
            Line::raw(""),
        ];
        let top = area.y + 1 + lines.len() as u16;
        let room = area.height.saturating_sub(lines.len() as u16 + 4) as usize;
        let first = self.selected.saturating_sub(room.saturating_sub(1));
        let mut hits = Vec::new();
        for (i, e) in self.entries.iter().enumerate().skip(first).take(room) {
            let st = if i == self.selected {
                t.style(Role::Selected)
            } else {
                t.style(Role::Text)
            };
            hits.push((
                Rect::new(
                    area.x + 1,
                    top + (i - first) as u16,
                    area.width.saturating_sub(2),
                    1,
                ),
                i,
            ));
            lines.push(Line::from(Span::styled(format!(" {} ", e.label), st)));
        }
        *self.hits.borrow_mut() = hits;
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            format!(
                "{}/{} choose   {} open   {} quit",
                self.keys.key(Command::Up),
                self.keys.key(Command::Down),
                self.keys.key(Command::Confirm),
                self.keys.key(Command::Quit)
            ),
            t.style(Role::Dim),
        ));
        f.render_widget(
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .block(t.block().title(" fof ")),
            area,
        );
    }
}
