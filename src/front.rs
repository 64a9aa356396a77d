//! Glue between the command line and the terminal front end: which game
//! to open (the campaign, one mission, a bot's demonstration) and the exit
//! code.
//!
//! It takes plain options of its own ([`UiOptions`], [`PlayOptions`],
//! [`LearnOptions`]), which the command line fills from its arguments: the
//! command line calls this module, and this module the terminal front end
//! ([`ui`](super::ui)), never the other way round.

use crate::data::DataSet;
use crate::engine::kernel::events::Event;
use crate::engine::{Game, Options};
use crate::engine::{Illegal, Input};
use crate::learn::Learn;
use crate::play::session::{ApplyError, Session};
use crate::play::sim::Bot;
use crate::ui::app::{App, Autoplay, Driver, Finished, Local};
use crate::ui::learn::LEARN_MISSION;
use crate::ui::theme::Theme;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// Options of the terminal front end (`fof` and `fof play`).
#[derive(Debug, Clone, Default)]
pub struct UiOptions {
    /// Key bindings file (default: keys.ron in the platform's config folder
    /// if present, see [`crate::play::folders`]).
    pub keys: Option<PathBuf>,
    /// Draw with ASCII characters only.
    pub ascii: bool,
    /// Where campaigns and saves are kept (default: the save folder).
    pub save_dir: Option<PathBuf>,
    /// Opened from the start menu, which a briefing may go back to.
    pub from_menu: bool,
}

/// What `fof play` opens.
#[derive(Debug, Clone)]
pub struct PlayOptions {
    /// The mission; default: the first.
    pub mission: Option<String>,
    pub seed: u64,
    /// A bot playing on screen (a demonstration).
    pub autoplay: Option<Bot>,
    /// Milliseconds between the bot's inputs.
    pub delay: u64,
    /// The streamlining options of chapter 13.
    pub options: Options,
}

/// What `fof learn` opens.
#[derive(Debug, Clone)]
pub struct LearnOptions {
    /// The mission; default: the one made for learning ([`LEARN_MISSION`]).
    pub mission: Option<String>,
    pub seed: u64,
}

/// A game saved after every input through a [`Session`]: the campaign's
/// next mission or a single mission.
pub struct Saved {
    session: Session,
    data: Arc<DataSet>,
    dir: PathBuf,
    warning: Option<String>,
    /// The open decisions as last built: the screen asks for them on every
    /// redraw, and the debrief reads the whole mission's log. Dropped
    /// whenever the campaign may change.
    deciding: std::cell::RefCell<Option<crate::ui::app::Deciding>>,
}

impl Saved {
    pub fn new(session: Session, data: Arc<DataSet>, dir: &Path) -> Saved {
        let warning = session.resume_note().map(str::to_string);
        Saved {
            session,
            data,
            dir: dir.to_path_buf(),
            warning,
            deciding: std::cell::RefCell::new(None),
        }
    }
}

impl Driver for Saved {
    fn game(&self) -> &Game {
        self.session.game()
    }

    fn apply(&mut self, input: &Input) -> Result<Vec<Event>, Illegal> {
        match self.session.apply(input) {
            Ok(ev) => Ok(ev),
            Err(ApplyError::Illegal(e)) => Err(e),
            Err(e @ ApplyError::NotSaved { .. }) => {
                let msg = e.to_string();
                let ApplyError::NotSaved { events, .. } = e else {
                    unreachable!("matched above")
                };
                self.warning = Some(msg);
                Ok(events)
            }
        }
    }

    fn take_warning(&mut self) -> Option<String> {
        self.warning.take()
    }

    fn inputs(&self) -> u64 {
        self.session.recorder().inputs()
    }

    fn stakes(&self) -> Vec<String> {
        self.session
            .campaign()
            .map(|c| c.stakes(&self.data))
            .unwrap_or_default()
    }

    fn undo(&mut self) -> Result<(), String> {
        self.deciding.replace(None);
        self.session.undo().map_err(|e| e.to_string())
    }

    fn finish(&mut self) -> Result<Finished, String> {
        self.deciding.replace(None);
        let f = self.session.finish().map_err(|e| e.to_string())?;
        Ok(Finished::of(self.session.campaign(), &self.data, &f))
    }

    fn deciding(&self) -> Option<crate::ui::app::Deciding> {
        if let Some(d) = self.deciding.borrow().as_ref() {
            return Some(d.clone());
        }
        let d =
            crate::ui::app::Deciding::of(self.session.campaign()?, &self.data, self.session.game());
        self.deciding.replace(d.clone());
        d
    }

    fn decide(&mut self, choice: &crate::play::campaign::Choice) -> Result<(), String> {
        self.deciding.replace(None);
        self.session.choose(choice).map_err(|e| e.to_string())
    }

    fn next_mission(&mut self) -> Result<(), String> {
        self.deciding.replace(None);
        self.session.next_mission().map_err(|e| e.to_string())?;
        self.warning = self.session.resume_note().map(str::to_string);
        Ok(())
    }

    fn take_over(&mut self, rec: crate::play::replay::Recorder) -> Result<String, String> {
        self.deciding.replace(None);
        let s = Session::take_over(self.data.clone(), &self.dir, rec).map_err(|e| e.to_string())?;
        let at = s.save_path().display().to_string();
        self.session = s;
        Ok(at)
    }
}

/// The front end's game: in memory (a demonstration, a replay watched) or
/// saved. A replay taken over becomes a saved game.
pub enum Front {
    Memory {
        local: Box<Local>,
        data: Arc<DataSet>,
        dir: PathBuf,
    },
    Saved(Box<Saved>),
}

impl Front {
    fn inner(&self) -> &dyn Driver {
        match self {
            Front::Memory { local, .. } => local.as_ref(),
            Front::Saved(s) => s.as_ref(),
        }
    }

    fn inner_mut(&mut self) -> &mut dyn Driver {
        match self {
            Front::Memory { local, .. } => local.as_mut(),
            Front::Saved(s) => s.as_mut(),
        }
    }
}

impl Driver for Front {
    fn game(&self) -> &Game {
        self.inner().game()
    }

    fn apply(&mut self, input: &Input) -> Result<Vec<Event>, Illegal> {
        self.inner_mut().apply(input)
    }

    fn take_warning(&mut self) -> Option<String> {
        self.inner_mut().take_warning()
    }

    fn inputs(&self) -> u64 {
        self.inner().inputs()
    }

    fn stakes(&self) -> Vec<String> {
        self.inner().stakes()
    }

    fn undo(&mut self) -> Result<(), String> {
        self.inner_mut().undo()
    }

    fn finish(&mut self) -> Result<Finished, String> {
        self.inner_mut().finish()
    }

    fn next_mission(&mut self) -> Result<(), String> {
        self.inner_mut().next_mission()
    }

    fn deciding(&self) -> Option<crate::ui::app::Deciding> {
        self.inner().deciding()
    }

    fn decide(&mut self, choice: &crate::play::campaign::Choice) -> Result<(), String> {
        self.inner_mut().decide(choice)
    }

    fn take_over(&mut self, rec: crate::play::replay::Recorder) -> Result<String, String> {
        match self {
            Front::Saved(s) => s.take_over(rec),
            Front::Memory { data, dir, .. } => {
                let (data, dir) = (data.clone(), dir.clone());
                let s = Session::take_over(data.clone(), &dir, rec).map_err(|e| e.to_string())?;
                let at = s.save_path().display().to_string();
                *self = Front::Saved(Box::new(Saved::new(s, data, &dir)));
                Ok(at)
            }
        }
    }
}

/// Exit code when there is no terminal to draw on.
pub const NO_TERMINAL: i32 = 2;

/// How often the screen is redrawn when nothing happens.
const TICK: Duration = Duration::from_millis(250);

/// The app over a saved session, or the exit code after saying why the
/// session could not open.
fn saved_app(
    session: Result<Session, crate::play::session::SessionError>,
    data: Arc<DataSet>,
    explanations: Arc<Learn>,
    dir: &Path,
    keys: crate::ui::keys::KeyMap,
    theme: Theme,
    err: &mut dyn Write,
) -> Result<App<Front>, i32> {
    match session {
        Ok(s) => Ok(App::new(
            Front::Saved(Box::new(Saved::new(s, data, dir))),
            explanations,
            keys,
            theme,
        )),
        Err(e) => {
            let _ = writeln!(err, "fof: {e}");
            Err(1)
        }
    }
}

/// What [`start`] returns when the player went back to the start menu:
/// [`campaign`] shows the menu again, and never returns it.
const BACK: i32 = -1;

fn start<D: Driver>(mut app: App<D>, ui: &UiOptions, tick: Duration, err: &mut dyn Write) -> i32 {
    app.menu = ui.from_menu;
    match crate::ui::run(&mut app, tick) {
        Ok(()) if app.back => BACK,
        Ok(()) => 0,
        Err(e) => report_start(e, err),
    }
}

/// Checks the terminal and reads the key bindings before anything is
/// opened or written.
fn prepare(ui: &UiOptions, err: &mut dyn Write) -> Result<(crate::ui::keys::KeyMap, Theme), i32> {
    if !crate::ui::have_terminal() {
        return Err(report_start(crate::ui::StartError::NotATerminal, err));
    }
    let keys = match crate::ui::load_keys(ui.keys.as_deref()) {
        Ok(k) => k,
        Err(e) => {
            let _ = writeln!(err, "{e}");
            return Err(1);
        }
    };
    Ok((keys, Theme::from_env(ui.ascii)))
}

/// `fof play`: one mission, or a bot playing on screen.
pub fn play(
    data: Arc<DataSet>,
    explanations: Arc<Learn>,
    ui: &UiOptions,
    args: &PlayOptions,
    err: &mut dyn Write,
) -> i32 {
    let (keys, theme) = match prepare(ui, err) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let mission = match &args.mission {
        Some(m) => m.clone(),
        None => match default_mission(&data) {
            Some(m) => m,
            None => {
                let _ = writeln!(err, "fof: the data has no mission");
                return 1;
            }
        },
    };
    if let Some(bot) = args.autoplay {
        // A demonstration: in memory, nothing saved.
        let game = match Game::new(data.clone(), &mission, args.seed, args.options) {
            Ok(g) => g,
            Err(e) => {
                let _ = writeln!(err, "fof: {e}");
                return 1;
            }
        };
        let dir = crate::play::folders::save_dir(ui.save_dir.clone());
        let mut app = App::new(
            Front::Memory {
                local: Box::new(Local::new(game)),
                data,
                dir,
            },
            explanations,
            keys,
            theme,
        );
        app.autoplay = Some(Autoplay {
            bot,
            rng: crate::play::sim::bot_rng(args.seed),
            delay: Duration::from_millis(args.delay),
            last: None,
        });
        let tick = Duration::from_millis(args.delay.clamp(1, 250));
        return start(app, ui, tick, err);
    }
    let dir = crate::play::folders::save_dir(ui.save_dir.clone());
    let session = Session::single(data.clone(), &dir, &mission, args.seed, args.options);
    match saved_app(session, data, explanations, &dir, keys, theme, err) {
        Ok(app) => start(app, ui, TICK, err),
        Err(code) => code,
    }
}

/// `fof`: the start menu, then what was chosen there (its first entry
/// continues the campaign in the save folder, or begins the default one).
pub fn campaign(
    data: Arc<DataSet>,
    explanations: Arc<Learn>,
    ui: &UiOptions,
    err: &mut dyn Write,
) -> i32 {
    let (keys, theme) = match prepare(ui, err) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let dir = crate::play::folders::save_dir(ui.save_dir.clone());
    // A new campaign is offered a seed of its own each time (the player
    // may change it; the campaign file keeps it). The clock only picks
    // the number: the engine never reads it.
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() % 1_000_000)
        .unwrap_or(1)
        .max(1);
    // What is opened from the menu may go back to it (from a briefing).
    let ui = &UiOptions {
        from_menu: true,
        ..ui.clone()
    };
    loop {
        let code = {
            let (data, explanations, keys) = (data.clone(), explanations.clone(), keys.clone());
            let mut menu = crate::ui::start::StartMenu::new(&data, &dir, keys.clone(), theme, seed);
            if let Err(e) = crate::ui::run(&mut menu, TICK) {
                return report_start(e, err);
            }
            let Some(choice) = menu.chosen else {
                return 0;
            };
            use crate::ui::start::Choice;
            match choice {
                Choice::Continue(cdir) => {
                    let session = Session::open(data.clone(), &cdir);
                    match saved_app(session, data, explanations, &cdir, keys, theme, err) {
                        Ok(app) => start(app, ui, TICK, err),
                        Err(code) => code,
                    }
                }
                Choice::New(cdir, new) => {
                    let session = Session::open_or_new(data.clone(), &cdir, &new);
                    match saved_app(session, data, explanations, &cdir, keys, theme, err) {
                        Ok(app) => start(app, ui, TICK, err),
                        Err(code) => code,
                    }
                }
                Choice::Learn(seed) => learn(
                    data,
                    explanations,
                    ui,
                    &LearnOptions {
                        mission: None,
                        seed,
                    },
                    err,
                ),
                Choice::Mission(m, seed) => play(
                    data,
                    explanations,
                    ui,
                    &PlayOptions {
                        mission: Some(m),
                        seed,
                        autoplay: None,
                        delay: 300,
                        options: Options::default(),
                    },
                    err,
                ),
                Choice::File(path) => open_file(data, explanations, ui, &path, err),
            }
        };
        if code != BACK {
            return code;
        }
    }
}

/// A file from the start menu: a single mission's save in progress is
/// resumed (in learn mode if it was begun there); anything else is
/// watched in the viewer.
fn open_file(
    data: Arc<DataSet>,
    explanations: Arc<Learn>,
    ui: &UiOptions,
    path: &Path,
    err: &mut dyn Write,
) -> i32 {
    let dir = crate::play::folders::save_dir(ui.save_dir.clone());
    if let Ok(bytes) = std::fs::read(path)
        && let Ok(r) = crate::play::replay::Replay::parse_bytes(&bytes)
        && r.end.is_none()
        && r.company.is_none()
        && r.continues.is_none()
    {
        // A game of learn mode goes on in learn mode.
        if crate::play::session::learn_path(&dir, &r.mission, r.seed) == path {
            return learn(
                data,
                explanations,
                ui,
                &LearnOptions {
                    mission: Some(r.mission.clone()),
                    seed: r.seed,
                },
                err,
            );
        }
        if crate::play::session::single_path(&dir, &r.mission, r.seed) == path {
            return play(
                data,
                explanations,
                ui,
                &PlayOptions {
                    mission: Some(r.mission.clone()),
                    seed: r.seed,
                    autoplay: None,
                    delay: 300,
                    options: r.options,
                },
                err,
            );
        }
    }
    view(data, explanations, ui, path, err)
}

fn report_start(e: crate::ui::StartError, err: &mut dyn Write) -> i32 {
    match e {
        crate::ui::StartError::NotATerminal => {
            let _ = writeln!(
                err,
                "fof: the game needs a terminal (standard input and output are not one); \
                 for scripted use see `fof sim`, `fof replay` and `fof campaign`"
            );
            NO_TERMINAL
        }
        crate::ui::StartError::Io(e) => {
            let _ = writeln!(err, "fof: terminal error: {e}");
            1
        }
    }
}

/// `fof learn`: a mission played in learn mode from before turn 1, saved
/// like `fof play`.
pub fn learn(
    data: Arc<DataSet>,
    explanations: Arc<Learn>,
    ui: &UiOptions,
    args: &LearnOptions,
    err: &mut dyn Write,
) -> i32 {
    let (keys, theme) = match prepare(ui, err) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let mission = match &args.mission {
        Some(m) => m.clone(),
        None if data.mission(LEARN_MISSION).is_some() => LEARN_MISSION.to_string(),
        None => match default_mission(&data) {
            Some(m) => m,
            None => {
                let _ = writeln!(err, "fof: the data has no mission");
                return 1;
            }
        },
    };
    let dir = crate::play::folders::save_dir(ui.save_dir.clone());
    let session = Session::learning(data.clone(), &dir, &mission, args.seed);
    // A fresh game is walked from before turn 1; one resumed from its save
    // from where it stands.
    let fresh = session.as_ref().is_ok_and(|s| s.recorder().inputs() == 0);
    let held = if fresh {
        Game::new_held(data.clone(), &mission, args.seed, Options::default()).ok()
    } else {
        None
    };
    let mut app = match saved_app(session, data, explanations, &dir, keys, theme, err) {
        Ok(app) => app,
        Err(code) => return code,
    };
    match held {
        Some(h) => app.learn_from(h),
        // Resumed: from where it stands. (A key's command here was lost:
        // the screen had no size yet, and learn mode never came on.)
        None => app.learn_here(),
    }
    app.screen = crate::ui::app::Screen::Play;
    start(app, ui, TICK, err)
}

/// `fof replay FILE` on a terminal: the replay viewer. The file is checked
/// in full first (another data set, a divergence... are refused with the
/// reason and the line).
pub fn view(
    data: Arc<DataSet>,
    explanations: Arc<Learn>,
    ui: &UiOptions,
    path: &Path,
    err: &mut dyn Write,
) -> i32 {
    let (keys, theme) = match prepare(ui, err) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let replay = match std::fs::read(path)
        .map_err(|e| e.to_string())
        .and_then(|b| crate::play::replay::Replay::parse_bytes(&b).map_err(|e| e.to_string()))
    {
        Ok(r) => r,
        Err(e) => {
            let _ = writeln!(err, "{}: {e}", path.display());
            return 1;
        }
    };
    let end = match replay.play(data.clone()) {
        Ok(g) => g,
        Err(e) => {
            let _ = writeln!(err, "{}: {e}", path.display());
            return 1;
        }
    };
    let first = match viewer_start(data.clone(), &replay) {
        Ok(g) => g,
        Err(e) => {
            let _ = writeln!(err, "{}: {e}", path.display());
            return 1;
        }
    };
    let dir = crate::play::folders::save_dir(ui.save_dir.clone());
    let mut app = App::new(
        Front::Memory {
            local: Box::new(Local::new(end)),
            data: data.clone(),
            dir,
        },
        explanations,
        keys,
        theme,
    );
    app.view(
        crate::ui::app::Viewer {
            path: path.to_path_buf(),
            replay,
            data,
        },
        first,
    );
    start(app, ui, TICK, err)
}

/// Where the viewer's walk begins: before turn 1's automatic play for a
/// plain replay; after it for a campaign's (its company and ground are set
/// up by the campaign code, run to the first decision).
pub fn viewer_start(data: Arc<DataSet>, r: &crate::play::replay::Replay) -> Result<Game, String> {
    if r.company.is_none() && r.continues.is_none() {
        Game::new_held(data, &r.mission, r.seed, r.options).map_err(|e| e.to_string())
    } else {
        crate::play::replay::Recorder::continuing(
            data,
            &r.mission,
            r.seed,
            r.options,
            r.company.clone(),
            r.continues.clone(),
        )
        .map(crate::play::replay::Recorder::into_game)
        .map_err(|e| e.to_string())
    }
}

/// The mission `fof play` plays when none is named: the start menu's
/// first (the training mission, with the shipped data), as a player who
/// starts from the menu meets it.
pub fn default_mission(data: &DataSet) -> Option<String> {
    data.missions_in_order().first().map(|m| m.id.clone())
}
