//! The terminal front end (ratatui + crossterm): the app state and its
//! update function ([`app`]), views that only draw ([`view`]), key bindings
//! ([`keys`]), colours and line characters ([`theme`]), and the loop that
//! ties them to a real terminal, restoring it on every way out.
//!
//! It uses the layers below it (the engine, the games played, learn mode's
//! explanations, the data) and nothing of the command line or of the glue
//! that decides which game to open: those call it, never the other way.

pub mod app;
pub mod goals;
pub mod keys;
pub mod labels;
pub mod learn;
pub mod start;
pub mod step;
pub mod summary;
pub mod theme;
pub mod view;

use app::{App, Driver, Msg};
use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event as TermEvent};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Puts the terminal back as it was: main screen, cooked mode, cursor and
/// mouse released. Safe to call more than once.
pub fn restore_terminal() {
    let _ = disable_raw_mode();
    let mut out = io::stdout();
    let _ = execute!(
        out,
        DisableMouseCapture,
        LeaveAlternateScreen,
        crossterm::cursor::Show
    );
    let _ = out.flush();
}

/// Whether [`run`] holds the terminal (raw mode, the alternate screen).
static TAKEN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Restores the terminal when dropped: on return, error or unwinding.
struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        TAKEN.store(false, std::sync::atomic::Ordering::SeqCst);
        restore_terminal();
    }
}

/// Why the front end could not start.
#[derive(Debug)]
pub enum StartError {
    /// Standard input or output is not a terminal.
    NotATerminal,
    Io(io::Error),
}

/// Whether both ends are a terminal.
pub fn have_terminal() -> bool {
    io::stdin().is_terminal() && io::stdout().is_terminal()
}

/// What the terminal loop runs: the start menu or the app.
pub trait Tui {
    fn update(&mut self, msg: Msg);
    fn draw(&self, f: &mut ratatui::Frame);
    fn done(&self) -> bool;
}

impl<D: Driver> Tui for App<D> {
    fn update(&mut self, msg: Msg) {
        App::update(self, msg)
    }

    fn draw(&self, f: &mut ratatui::Frame) {
        view::draw(f, self)
    }

    fn done(&self) -> bool {
        self.quit
    }
}

impl Tui for start::StartMenu {
    fn update(&mut self, msg: Msg) {
        start::StartMenu::update(self, msg)
    }

    fn draw(&self, f: &mut ratatui::Frame) {
        start::StartMenu::draw(self, f)
    }

    fn done(&self) -> bool {
        start::StartMenu::done(self)
    }
}

/// Has a panic while [`run`] holds the terminal restore it first, then
/// print its message. The hook is set once per process, however many
/// times the terminal is taken (the start menu, then each game): a second
/// call changes nothing and returns false.
pub fn restore_on_panic() -> bool {
    static SET: std::sync::Once = std::sync::Once::new();
    let mut first = false;
    SET.call_once(|| {
        first = true;
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if TAKEN.load(std::sync::atomic::Ordering::SeqCst) {
                restore_terminal();
            }
            previous(info);
        }));
    });
    first
}

/// Runs on the real terminal until it is done (the player quits or
/// chooses), restoring the terminal on the way out.
pub fn run<T: Tui>(app: &mut T, tick: Duration) -> Result<(), StartError> {
    if !have_terminal() {
        return Err(StartError::NotATerminal);
    }
    restore_on_panic();
    enable_raw_mode().map_err(StartError::Io)?;
    let _guard = Guard;
    TAKEN.store(true, std::sync::atomic::Ordering::SeqCst);
    execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture).map_err(StartError::Io)?;
    let mut terminal =
        Terminal::new(CrosstermBackend::new(io::stdout())).map_err(StartError::Io)?;
    terminal.clear().map_err(StartError::Io)?;
    let size = terminal.size().map_err(StartError::Io)?;
    app.update(Msg::Resize(size.width, size.height));
    while !app.done() {
        terminal.draw(|f| app.draw(f)).map_err(StartError::Io)?;
        if event::poll(tick).map_err(StartError::Io)? {
            match event::read().map_err(StartError::Io)? {
                TermEvent::Key(k) => app.update(Msg::Key(k)),
                TermEvent::Mouse(m) => app.update(Msg::Mouse(m)),
                TermEvent::Resize(w, h) => app.update(Msg::Resize(w, h)),
                _ => {}
            }
        } else {
            app.update(Msg::Tick);
        }
    }
    Ok(())
}

/// The player's key bindings: `--keys FILE`, else `keys.ron` in the
/// platform's config folder if present (`$XDG_CONFIG_HOME/fof` or
/// `~/.config/fof` on Linux: see [`crate::play::folders`]), else the
/// built-in ones. A file that does not read is an error
/// (`path:line:col: message`), not silently ignored.
pub fn load_keys(explicit: Option<&Path>) -> Result<keys::KeyMap, String> {
    let path: Option<PathBuf> = match explicit {
        Some(p) => Some(p.to_path_buf()),
        None => crate::play::folders::keys_file().filter(|p| p.exists()),
    };
    let base = keys::KeyMap::default();
    let Some(path) = path else {
        return Ok(base);
    };
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let src = crate::data::SourceFile {
        path: path.display().to_string(),
        text,
    };
    keys::KeyMap::parse(&src, Some(&base)).map_err(|e| e.to_string())
}
