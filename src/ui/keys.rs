//! Key bindings: the commands of the front end and the keys that give
//! them, read from a RON file (`assets/keys.ron` is built in; a player's
//! own file replaces the commands it lists).

use crate::data::locate::{Pos, pos_of};
use crate::data::{DataError, SourceFile};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde::Deserialize;
use std::fmt;

/// What a key asks the front end to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
pub enum Command {
    Up,
    Down,
    Left,
    Right,
    NextUnit,
    PrevUnit,
    Confirm,
    Back,
    AllOrders,
    EndImpulse,
    Undo,
    Cards,
    LogUp,
    LogDown,
    LogFilter,
    Help,
    Quit,
    NextStep,
    PrevStep,
    NextDecision,
    PrevDecision,
    NextPhase,
    PrevPhase,
    NextTurn,
    PrevTurn,
    ToggleLearn,
    TakeOver,
    NextImpulse,
    PrevImpulse,
    ToStart,
    ToEnd,
    Search,
    WhyNot,
    OnlyCommand,
    OnlyMovement,
    OnlyRally,
    OnlyCombat,
    AllSections,
    FireLines,
    LogDetail,
    Report,
    Support,
    Deck,
    Hint,
    Legend,
    CardView,
    Goals,
}

impl Command {
    pub const ALL: [Command; 47] = [
        Command::Up,
        Command::Down,
        Command::Left,
        Command::Right,
        Command::NextUnit,
        Command::PrevUnit,
        Command::Confirm,
        Command::Back,
        Command::AllOrders,
        Command::EndImpulse,
        Command::Undo,
        Command::Cards,
        Command::LogUp,
        Command::LogDown,
        Command::LogFilter,
        Command::Help,
        Command::Quit,
        Command::NextStep,
        Command::PrevStep,
        Command::NextDecision,
        Command::PrevDecision,
        Command::NextPhase,
        Command::PrevPhase,
        Command::NextTurn,
        Command::PrevTurn,
        Command::ToggleLearn,
        Command::TakeOver,
        Command::NextImpulse,
        Command::PrevImpulse,
        Command::ToStart,
        Command::ToEnd,
        Command::Search,
        Command::WhyNot,
        Command::OnlyCommand,
        Command::OnlyMovement,
        Command::OnlyRally,
        Command::OnlyCombat,
        Command::AllSections,
        Command::FireLines,
        Command::LogDetail,
        Command::Report,
        Command::Support,
        Command::Deck,
        Command::Hint,
        Command::Legend,
        Command::CardView,
        Command::Goals,
    ];

    /// What the command does, for the help screen.
    pub fn help(self) -> &'static str {
        match self {
            Command::Up => {
                "cursor up: the card above, or the entry above in a menu (round from the top)"
            }
            Command::Down => "cursor down",
            Command::Left => "cursor left; menus: fold the section",
            Command::Right => "cursor right; menus: unfold the section",
            Command::NextUnit => {
                "select the next unit on the card; orders menu: the next section alone"
            }
            Command::PrevUnit => {
                "select the previous unit on the card; orders menu: the section before"
            }
            Command::Confirm => {
                "open the orders, the selected unit's first; give the chosen order; fold or unfold a section heading"
            }
            Command::Back => "close the menu or window (from a briefing: the start menu)",
            Command::AllOrders => "the orders menu from the top: every input the rules allow now",
            Command::EndImpulse => "end the impulse (commands saved up to the limit, 4.1.3)",
            Command::Undo => {
                "take back the last input of this impulse, if it revealed nothing (no card, terrain or enemy)"
            }
            Command::Cards => "show the last cards drawn again",
            Command::LogUp => {
                "scroll the log back a pane (learn mode: the explanation; the fire support or the deck when shown); menus: a page up"
            }
            Command::LogDown => "scroll the log forward; menus: a page down",
            Command::LogFilter => "log: all events, the company's, the enemy's",
            Command::Help => "this help",
            Command::Quit => "quit (the game is saved after every input)",
            Command::NextStep => "learn mode and replays: the next stop (learn mode: Enter too)",
            Command::PrevStep => "replays: the stop before",
            Command::NextDecision => {
                "learn mode: run to the next decision; replays: the next input"
            }
            Command::PrevDecision => "replays: the input before",
            Command::NextPhase => "replays: the next phase, segment or impulse",
            Command::PrevPhase => "replays: the phase, segment or impulse before",
            Command::NextTurn => "learn mode: run to the end of the turn; replays: the next turn",
            Command::PrevTurn => "replays: the turn before",
            Command::ToggleLearn => "learn mode on or off (leave it any time and play on)",
            Command::TakeOver => "replays: take over from here as a new game (a new file)",
            Command::NextImpulse => "replays: the next impulse (an HQ's commands drawn)",
            Command::PrevImpulse => "replays: the impulse before",
            Command::ToStart => "replays: the start; menus: the first entry",
            Command::ToEnd => {
                "replays: the end; learn mode: run to your decision; menus: the last entry"
            }
            Command::Search => {
                "menus: search the entries (in a menu every printable key is search text); Backspace deletes, Esc clears"
            }
            Command::WhyNot => {
                "why not? the orders the selected unit (or the company) cannot be given now, with the reason"
            }
            Command::OnlyCommand => {
                "on the map: the orders menu, Command & Control orders only (4.2.1); in the menu Tab goes section by section"
            }
            Command::OnlyMovement => {
                "on the map: the orders menu, Movement orders only (4.2.2); in the menu Tab goes section by section"
            }
            Command::OnlyRally => {
                "on the map: the orders menu, Rally orders only (4.2.3); in the menu Tab goes section by section"
            }
            Command::OnlyCombat => {
                "on the map: the orders menu, Combat orders only (4.2.4); in the menu Tab goes section by section"
            }
            Command::AllSections => "on the map: the orders menu, every section",
            Command::FireLines => {
                "fire lines on the map, on or off: each fire link from the firing card to its target, with its VOF (6.2)"
            }
            Command::LogDetail => {
                "the log's newest line shown, in full: its cards and what each was read for; Up/Down go through the log, / searches it"
            }
            Command::Report => {
                "the after-action report so far: the success conditions, experience and charts by turn"
            }
            Command::Support => {
                "fire support beside the map: agencies, missions left, observers, targets, fire on the way (again: the card)"
            }
            Command::Deck => {
                "the Action deck beside the map: the cards left and the chance of each word, icon and result (again: the card)"
            }
            Command::CardView => {
                "the selected card whole over the map: its terrain, markers, fire and every unit (arrows: the next card, Tab: the next unit, Enter: its orders)"
            }
            Command::Goals => {
                "the map's marks one at a time, the cursor on each (the map scrolls there): the objectives, route points and other control markers, the phase lines, the limit of advance, the main line, the far edge where the enemy is (2.4.1, 9.2.2)"
            }
            Command::Legend => {
                "the key to the map: every code it shows now, in short words and in full, with its rule"
            }
            Command::Hint => {
                "a tip: the input the planner bot would choose now, selected in its menu, and why (Enter gives it, Esc leaves it)"
            }
        }
    }
}

/// A key with its modifier (only Ctrl matters; Shift is in the character).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    pub code: KeyCode,
    pub ctrl: bool,
}

impl Key {
    /// Whether the key types a character (a search box takes it as text).
    pub fn types(&self) -> bool {
        matches!(self.code, KeyCode::Char(_)) && !self.ctrl
    }

    pub fn from_event(e: &KeyEvent) -> Key {
        let code = match e.code {
            // Shift+Tab arrives as BackTab on most terminals, as Tab with
            // Shift on some.
            KeyCode::Tab if e.modifiers.contains(KeyModifiers::SHIFT) => KeyCode::BackTab,
            KeyCode::Char(c) => KeyCode::Char(c),
            other => other,
        };
        Key {
            code,
            ctrl: e.modifiers.contains(KeyModifiers::CONTROL),
        }
    }

    /// Reads a key name as written in the bindings file.
    pub fn parse(s: &str) -> Option<Key> {
        let (ctrl, rest) = match s.strip_prefix("Ctrl-") {
            Some(r) => (true, r),
            None => (false, s),
        };
        let mut chars = rest.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) => KeyCode::Char(c),
            _ => match rest {
                "Up" => KeyCode::Up,
                "Down" => KeyCode::Down,
                "Left" => KeyCode::Left,
                "Right" => KeyCode::Right,
                "Enter" => KeyCode::Enter,
                "Esc" => KeyCode::Esc,
                "Tab" => KeyCode::Tab,
                "BackTab" => KeyCode::BackTab,
                "Space" => KeyCode::Char(' '),
                "PageUp" => KeyCode::PageUp,
                "PageDown" => KeyCode::PageDown,
                "Home" => KeyCode::Home,
                "End" => KeyCode::End,
                "Backspace" => KeyCode::Backspace,
                "Delete" => KeyCode::Delete,
                f if f.starts_with('F') => {
                    let n: u8 = f[1..].parse().ok()?;
                    if !(1..=12).contains(&n) {
                        return None;
                    }
                    KeyCode::F(n)
                }
                _ => return None,
            },
        };
        Some(Key { code, ctrl })
    }

    fn name(self) -> String {
        let base = match self.code {
            KeyCode::Char(' ') => "Space".to_string(),
            KeyCode::Char(c) => c.to_string(),
            KeyCode::Up => "Up".into(),
            KeyCode::Down => "Down".into(),
            KeyCode::Left => "Left".into(),
            KeyCode::Right => "Right".into(),
            KeyCode::Enter => "Enter".into(),
            KeyCode::Esc => "Esc".into(),
            KeyCode::Tab => "Tab".into(),
            KeyCode::BackTab => "S-Tab".into(),
            KeyCode::PageUp => "PgUp".into(),
            KeyCode::PageDown => "PgDn".into(),
            KeyCode::Home => "Home".into(),
            KeyCode::End => "End".into(),
            KeyCode::Backspace => "Bksp".into(),
            KeyCode::Delete => "Del".into(),
            KeyCode::F(n) => format!("F{n}"),
            _ => "key".into(),
        };
        if self.ctrl { format!("C-{base}") } else { base }
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct KeysFile {
    bindings: Vec<(Command, Vec<String>)>,
}

/// The key map: for each command its keys, in the order written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyMap {
    bindings: Vec<(Command, Vec<Key>)>,
}

const DEFAULT: &str = include_str!("../../assets/keys.ron");

impl Default for KeyMap {
    fn default() -> Self {
        let src = SourceFile {
            path: "assets/keys.ron".into(),
            text: DEFAULT.into(),
        };
        // The built-in file is checked by a test; should it ever fail the
        // front end still gets a usable map.
        KeyMap::parse(&src, None).unwrap_or(KeyMap {
            bindings: Vec::new(),
        })
    }
}

impl KeyMap {
    /// Reads a bindings file over `base` (commands it leaves out keep
    /// their keys there). Errors are `path:line:col: message`.
    pub fn parse(src: &SourceFile, base: Option<&KeyMap>) -> Result<KeyMap, DataError> {
        let file: KeysFile = crate::data::parse(src)?;
        let mut bindings: Vec<(Command, Vec<Key>)> =
            base.map(|b| b.bindings.clone()).unwrap_or_default();
        let mut seen: Vec<Command> = Vec::new();
        for (cmd, names) in &file.bindings {
            if seen.contains(cmd) {
                return Err(error_at(
                    src,
                    &format!("{cmd:?}"),
                    format!("{cmd:?} is bound twice"),
                ));
            }
            seen.push(*cmd);
            let mut keys = Vec::new();
            for n in names {
                match Key::parse(n) {
                    Some(k) => keys.push(k),
                    None => {
                        return Err(error_at(
                            src,
                            &format!("\"{n}\""),
                            format!(
                                "`{n}` is not a key name (see the comment at the top of assets/keys.ron)"
                            ),
                        ));
                    }
                }
            }
            if keys.is_empty() {
                return Err(error_at(
                    src,
                    &format!("{cmd:?}"),
                    format!("{cmd:?} has no key"),
                ));
            }
            bindings.retain(|(c, _)| c != cmd);
            bindings.push((*cmd, keys));
        }
        bindings.sort_by_key(|(c, _)| *c);
        // One key, one command.
        for (i, (c1, k1)) in bindings.iter().enumerate() {
            for (c2, k2) in &bindings[i + 1..] {
                if let Some(k) = k1.iter().find(|k| k2.contains(k)) {
                    return Err(error_at(
                        src,
                        &format!("{c2:?}"),
                        format!("the key {k} is bound to both {c1:?} and {c2:?}"),
                    ));
                }
            }
        }
        if base.is_none()
            && let Some(c) = Command::ALL
                .iter()
                .find(|c| !bindings.iter().any(|(b, _)| b == *c))
        {
            return Err(DataError::at(
                &src.path,
                Pos::START,
                format!("no key for {c:?}"),
            ));
        }
        Ok(KeyMap { bindings })
    }

    /// The command a key gives, if any.
    pub fn command(&self, key: Key) -> Option<Command> {
        self.bindings
            .iter()
            .find(|(_, ks)| ks.contains(&key))
            .map(|(c, _)| *c)
    }

    /// The first key of a command, for the help bar.
    pub fn key(&self, cmd: Command) -> String {
        self.bindings
            .iter()
            .find(|(c, _)| *c == cmd)
            .and_then(|(_, ks)| ks.first())
            .map(|k| k.to_string())
            .unwrap_or_else(|| "-".into())
    }

    /// The first key of a command that types nothing (an arrow, Enter,
    /// Tab, a function key, a Ctrl key): what a menu says, since there
    /// every printable key is search text; "-" if it has none.
    pub fn menu_key(&self, cmd: Command) -> String {
        self.bindings
            .iter()
            .find(|(c, _)| *c == cmd)
            .and_then(|(_, ks)| ks.iter().find(|k| !k.types()))
            .map(|k| k.to_string())
            .unwrap_or_else(|| "-".into())
    }

    /// Every key of a command, for the help screen.
    pub fn keys(&self, cmd: Command) -> String {
        self.bindings
            .iter()
            .find(|(c, _)| *c == cmd)
            .map(|(_, ks)| {
                ks.iter()
                    .map(|k| k.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .unwrap_or_default()
    }
}

/// An error placed at the first occurrence of `needle` in the file.
fn error_at(src: &SourceFile, needle: &str, message: String) -> DataError {
    let pos = src
        .text
        .match_indices(needle)
        .map(|(i, _)| i)
        .find(|i| {
            // Skip occurrences inside comments.
            let line_start = src.text[..*i].rfind('\n').map(|s| s + 1).unwrap_or(0);
            !src.text[line_start..*i].contains("//")
        })
        .map(|i| pos_of(&src.text, i))
        .unwrap_or(Pos::START);
    DataError::at(&src.path, pos, message)
}
