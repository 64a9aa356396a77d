//! Glue between the command line and the terminal front end: which game
//! to open (the campaign, one mission, a bot's demonstration) and the exit
//! code.

use crate::cli::{PlayArgs, UiArgs};
use crate::data::DataSet;
use crate::engine::events::Event;
use crate::engine::{Game, Options};
use crate::engine::{Illegal, Input};
use crate::session::{ApplyError, NewCampaign, Session};
use crate::ui::app::{App, Autoplay, Driver, Finished, Local};
use crate::ui::theme::Theme;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// A game saved after every input through a [`Session`]: the campaign's
/// next mission or a single mission.
pub struct Saved {
    session: Session,
    data: Arc<DataSet>,
    dir: PathBuf,
    warning: Option<String>,
}

impl Saved {
    pub fn new(session: Session, data: Arc<DataSet>, dir: &Path) -> Saved {
        let warning = session.resume_note().map(str::to_string);
        Saved {
            session,
            data,
            dir: dir.to_path_buf(),
            warning,
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

    fn rewind(&mut self, n: u64) -> Result<(), String> {
        self.session.rewind(n).map_err(|e| e.to_string())
    }

    fn finish(&mut self) -> Result<Finished, String> {
        let f = self.session.finish().map_err(|e| e.to_string())?;
        let mut lines = vec![format!("The mission's replay: {}", f.replay.display())];
        if let Some(r) = &f.record {
            lines.push(format!(
                "{} (attempt {}): {}",
                r.mission,
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
            lines.push(format!(
                "Promotions (10.3.2): {}",
                if r.promotions.is_empty() {
                    "none".to_string()
                } else {
                    r.promotions.join(", ")
                }
            ));
            lines.push(format!(
                "Skills bought (10.7): {}",
                if r.skills.is_empty() {
                    "none".to_string()
                } else {
                    r.skills.join(", ")
                }
            ));
            lines.push(format!(
                "Replacements (10.4): {} green step(s), {} veteran step(s) returned",
                r.replacements, r.veterans_returned
            ));
        }
        lines.push(String::new());
        lines.extend(f.status.lines().map(str::to_string));
        let next = self
            .session
            .campaign()
            .is_some_and(|c| c.end.is_none() && c.next_mission(&self.data).is_some());
        Ok(Finished { lines, next })
    }

    fn next_mission(&mut self) -> Result<(), String> {
        let s = Session::open(self.data.clone(), &self.dir, Options::default())
            .map_err(|e| e.to_string())?;
        self.warning = s.resume_note().map(str::to_string);
        self.session = s;
        Ok(())
    }
}

/// Exit code when there is no terminal to draw on.
pub const NO_TERMINAL: i32 = 2;

fn start<D: Driver>(app: App<D>, tick: Duration, err: &mut dyn Write) -> i32 {
    match crate::ui::run(app, tick) {
        Ok(()) => 0,
        Err(crate::ui::StartError::NotATerminal) => {
            let _ = writeln!(
                err,
                "fof: the game needs a terminal (standard input and output are not one); \
                 for scripted use see `fof sim`, `fof replay` and `fof campaign`"
            );
            NO_TERMINAL
        }
        Err(crate::ui::StartError::Io(e)) => {
            let _ = writeln!(err, "fof: terminal error: {e}");
            1
        }
    }
}

/// Checks the terminal and reads the key bindings before anything is
/// opened or written.
fn prepare(ui: &UiArgs, err: &mut dyn Write) -> Result<(crate::ui::keys::KeyMap, Theme), i32> {
    if !crate::ui::have_terminal() {
        let _ = writeln!(
            err,
            "fof: the game needs a terminal (standard input and output are not one); \
             for scripted use see `fof sim`, `fof replay` and `fof campaign`"
        );
        return Err(NO_TERMINAL);
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
pub fn play(data: Arc<DataSet>, ui: &UiArgs, args: &PlayArgs, err: &mut dyn Write) -> i32 {
    let (keys, theme) = match prepare(ui, err) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let mission = match &args.mission {
        Some(m) => m.clone(),
        None => match data.missions.first() {
            Some(m) => m.id.clone(),
            None => {
                let _ = writeln!(err, "fof: the data has no mission");
                return 1;
            }
        },
    };
    if let Some(bot) = args.autoplay {
        // A demonstration: in memory, nothing saved.
        let game = match Game::new(data, &mission, args.seed, Options::default()) {
            Ok(g) => g,
            Err(e) => {
                let _ = writeln!(err, "fof: {e}");
                return 1;
            }
        };
        let mut app = App::new(Local::new(game), keys, theme);
        let _ = bot;
        app.autoplay = Some(Autoplay {
            rng: crate::sim::bot_rng(args.seed),
            delay: Duration::from_millis(args.delay),
            last: None,
        });
        let tick = Duration::from_millis(args.delay.clamp(1, 250));
        return start(app, tick, err);
    }
    let dir = crate::replay::save_dir(ui.save_dir.clone());
    match Session::single(data.clone(), &dir, &mission, args.seed, Options::default()) {
        Ok(s) => start(
            App::new(Saved::new(s, data, &dir), keys, theme),
            Duration::from_millis(250),
            err,
        ),
        Err(e) => {
            let _ = writeln!(err, "fof: {e}");
            1
        }
    }
}

/// `fof`: the campaign in the save folder, or a new one of the default
/// campaign.
pub fn campaign(data: Arc<DataSet>, ui: &UiArgs, err: &mut dyn Write) -> i32 {
    let (keys, theme) = match prepare(ui, err) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let dir = crate::replay::save_dir(ui.save_dir.clone());
    match Session::open_or_new(
        data.clone(),
        &dir,
        &NewCampaign::default(),
        Options::default(),
    ) {
        Ok(s) => start(
            App::new(Saved::new(s, data, &dir), keys, theme),
            Duration::from_millis(250),
            err,
        ),
        Err(e) => {
            let _ = writeln!(err, "fof: {e}");
            1
        }
    }
}
