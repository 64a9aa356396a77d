//! Playing one mission with its save: the piece shared by `fof campaign
//! play` (a bot's inputs) and the terminal UI (a human's, one per key).
//!
//! A [`Session`] holds the game as a [`Recorder`] and a [`Journal`] that
//! appends every input to the save as it is applied, so a kill loses at
//! most the last input. Where the save lives:
//!
//! - In a campaign ([`Session::open`]), the save folder holds
//!   `campaign.ron` and, while a mission is being played, `current.replay`.
//!   Opening resumes `current.replay` when it is the next mission's game
//!   (same mission and seed); one left over from another game is moved
//!   aside to `current.replay.old`. [`Session::finish`] writes the
//!   mission's replay to `replays/` ([`crate::play::campaign::replay_path`]),
//!   runs the between-mission procedure, saves `campaign.ron` and removes
//!   `current.replay`.
//! - A single mission outside a campaign ([`Session::single`]) is saved in
//!   `plays/<mission>-seed<seed>.replay` in the save folder, and stays
//!   there: the same mission and seed opened again resumes it (or shows it
//!   over, once it is), so a finished game's replay is never overwritten.
//!
//! A save or campaign file that does not load is refused, with its path,
//! and left exactly as it is.

use crate::data::DataSet;
use crate::engine::kernel::events::Event;
use crate::engine::{Game, Illegal, Input, Options};
use crate::play::campaign::{self as c, Campaign, Mode, Record};
use crate::play::replay::{Journal, Recorder, ReplayError};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The save of the campaign mission in progress, in the save folder.
pub const CURRENT: &str = "current.replay";
/// Where a `current.replay` left over from another game is moved.
pub const STALE: &str = "current.replay.old";
/// The folder, in the save folder, of single missions' saves.
pub const PLAYS: &str = "plays";

/// The save of a single mission (see the module's notes).
pub fn single_path(dir: &Path, mission: &str, seed: u64) -> PathBuf {
    dir.join(PLAYS).join(format!("{mission}-seed{seed}.replay"))
}

/// The save of a single mission played in learn mode (`fof learn`, the
/// start menu's "Learn the rules"): beside the others in [`PLAYS`], named
/// apart so that Continue opens it in learn mode again (a play test's
/// learn game came back without its explanations).
pub fn learn_path(dir: &Path, mission: &str, seed: u64) -> PathBuf {
    dir.join(PLAYS)
        .join(format!("{mission}-seed{seed}-learn.replay"))
}

/// The seed a new game of `mission` is given from the start menu: the
/// first, counting from 1, with no save in [`PLAYS`], or whose save holds
/// no input yet (a game opened and left at its briefing, begun afresh on
/// the same deal) by this version of the program with `options`. Any
/// other save, one that does not load included, is passed over: never
/// reused, so never overwritten.
pub fn next_single_seed(dir: &Path, mission: &str, options: Options) -> u64 {
    next_seed(dir, mission, options, single_path)
}

/// [`next_single_seed`] among the saves of learn mode ([`learn_path`]).
pub fn next_learn_seed(dir: &Path, mission: &str) -> u64 {
    next_seed(dir, mission, Options::default(), learn_path)
}

fn next_seed(
    dir: &Path,
    mission: &str,
    options: Options,
    path_of: fn(&Path, &str, u64) -> PathBuf,
) -> u64 {
    (1..u64::MAX)
        .find(|&seed| {
            let path = path_of(dir, mission, seed);
            if !path.exists() {
                return true;
            }
            std::fs::read(&path)
                .ok()
                .and_then(|b| crate::play::replay::Replay::parse_bytes(&b).ok())
                .is_some_and(|r| {
                    r.mission == mission
                        && r.seed == seed
                        && r.inputs.is_empty()
                        && r.end.is_none()
                        && r.company.is_none()
                        && r.continues.is_none()
                        && r.options == options
                        && r.program == crate::play::replay::PROGRAM
                })
        })
        .unwrap_or(1)
}

/// The optional rules in words, for messages: "no optional rule", or
/// those in force ("every unit Line (13.1), ...").
fn options_words(o: &Options) -> String {
    let mut on = Vec::new();
    if o.all_line {
        on.push("every unit Line (13.1)".to_string());
    }
    if o.no_ammo {
        on.push("no ammunition tracked (13.2)".to_string());
    } else if !o.untracked.is_empty() {
        let kinds: Vec<&str> = o.untracked.kinds().iter().map(|k| k.label()).collect();
        on.push(format!(
            "{} ammunition not tracked (13.2)",
            kinds.join(" and ")
        ));
    }
    if o.abstract_comms {
        on.push("communications simplified (13.3)".to_string());
    }
    if on.is_empty() {
        "no optional rule".into()
    } else {
        on.join(", ")
    }
}

/// Why a session cannot open, save or finish. Every message about a file
/// names it.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The campaign file does not load, or the campaign cannot begin (the
    /// message names the file where one is at fault).
    #[error("{0}")]
    Campaign(String),
    #[error("the campaign is over: nothing left to play")]
    CampaignOver,
    /// The mission cannot be set up.
    #[error("{0}")]
    Setup(String),
    /// A save that does not load: it is never overwritten.
    #[error("{}: {source}; the save is left as it is", path.display())]
    BadSave { path: PathBuf, source: ReplayError },
    /// A save that loads but is not the game asked for.
    #[error("{}: {why}; the save is left as it is", path.display())]
    OtherGame { path: PathBuf, why: String },
    #[error("{}: cannot save: {source}", path.display())]
    Save { path: PathBuf, source: io::Error },
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
    /// Another copy of fof has this game open ([`SaveLock`]): nothing is
    /// read or written (the reliability review's F6: two copies on one
    /// save lost an input without a word).
    #[error(
        "{}: this game is open in another copy of fof{}; close that one first (nothing was changed)",
        path.display(),
        holder.as_ref().map(|p| format!(" (process {p})")).unwrap_or_default()
    )]
    InUse {
        path: PathBuf,
        holder: Option<String>,
    },
    #[error("the mission is not over yet")]
    NotOver,
    #[error("the mission is finished: nothing more can be changed")]
    Finished,
    /// An undo with nothing it may take back ([`Session::undo`]).
    #[error("{}", NOTHING_TO_UNDO)]
    NothingToUndo,
    #[error("cannot rewind to input {n}: only {inputs} recorded")]
    Rewind { n: u64, inputs: u64 },
    /// Playing the recorded inputs again failed: a bug, as the engine is
    /// deterministic.
    #[error("the game cannot be rebuilt from its inputs: {0}")]
    Rebuild(ReplayError),
}

/// Why an undo is refused: the engine's rule of what may be taken back
/// ([`crate::engine::kernel::undo`]), in words.
pub const NOTHING_TO_UNDO: &str = "nothing to undo: only inputs of this impulse given since the last card was drawn or terrain revealed can be taken back";

/// Why [`Session::apply`] did not go through cleanly.
#[derive(Debug, thiserror::Error)]
pub enum ApplyError {
    /// The input is not legal now: nothing changed.
    #[error("{0}")]
    Illegal(Illegal),
    /// The input was applied, and the game goes on in memory, but the save
    /// could not be written. The next input (or [`Session::rewind`])
    /// writes the whole save again, once the folder can be written.
    #[error(
        "{error}; the input was played and the game goes on, but it is not saved: the save is written again with the next input"
    )]
    NotSaved {
        events: Vec<Event>,
        error: Box<SessionError>,
    },
}

/// A campaign to begin when the save folder has none
/// ([`Session::open_or_new`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewCampaign {
    /// The campaign's id; `None`: the first campaign in the data.
    pub id: Option<String>,
    pub mode: Mode,
    pub seed: u64,
    /// The options of chapter 13, for every mission of the campaign.
    pub options: Options,
}

impl Default for NewCampaign {
    fn default() -> Self {
        NewCampaign {
            id: None,
            mode: Mode::Standard,
            seed: 1,
            options: Options::default(),
        }
    }
}

/// What [`Session::finish`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finished {
    /// Where the mission's replay is.
    pub replay: PathBuf,
    /// The campaign's record of the attempt (none for a single mission).
    pub record: Option<Record>,
    /// The campaign's status after the mission, or for a single mission
    /// its outcome in one line.
    pub status: String,
}

/// The lock a session holds on its game while it is open, so that a second
/// copy of fof on the same save folder is refused ([`SessionError::InUse`])
/// instead of writing over the first one's inputs. It is an advisory lock
/// of the operating system on a file beside the save (`campaign.lock` in a
/// campaign's folder, `NAME.replay.lock` beside a single mission's save),
/// so it goes with the process however that ends, a kill included; the
/// file itself stays, empty of meaning once unlocked, and holds the
/// process number of its holder for the message.
pub struct SaveLock {
    _file: std::fs::File,
}

impl SaveLock {
    /// Takes the lock of `game` (the save or folder named in the refusal)
    /// through the file `at`.
    pub fn take(at: &Path, game: &Path) -> Result<SaveLock, SessionError> {
        use std::io::{Read, Seek, Write};
        let io = |source| SessionError::Io {
            path: at.to_path_buf(),
            source,
        };
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(at)
            .map_err(io)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                let mut held = String::new();
                let _ = file.read_to_string(&mut held);
                let held = held.trim();
                let holder = (!held.is_empty()
                    && held.len() <= 20
                    && held.bytes().all(|b| b.is_ascii_digit()))
                .then(|| held.to_string());
                return Err(SessionError::InUse {
                    path: game.to_path_buf(),
                    holder,
                });
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(io(e)),
        }
        // The process number is for the message only: failing to write it
        // does not stop the game.
        let _ = file
            .set_len(0)
            .and_then(|_| file.rewind())
            .and_then(|_| write!(file, "{}", std::process::id()));
        Ok(SaveLock { _file: file })
    }

    /// The lock of the campaign in the save folder `dir`.
    fn campaign(dir: &Path) -> Result<SaveLock, SessionError> {
        std::fs::create_dir_all(dir).map_err(|source| SessionError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        SaveLock::take(&dir.join(CAMPAIGN_LOCK), dir)
    }

    /// The lock of a single mission's save at `save`.
    fn single(save: &Path) -> Result<SaveLock, SessionError> {
        let mut name = save.file_name().unwrap_or_default().to_os_string();
        name.push(".lock");
        SaveLock::take(&save.with_file_name(name), save)
    }
}

/// The lock file of a campaign's save folder ([`SaveLock`]).
pub const CAMPAIGN_LOCK: &str = "campaign.lock";

/// One mission being played and saved as it goes.
pub struct Session {
    data: Arc<DataSet>,
    dir: PathBuf,
    /// The save of the game in progress.
    save: PathBuf,
    seed: u64,
    rec: Recorder,
    /// `None` after a failed write: the next write makes the whole file.
    journal: Option<Journal>,
    campaign: Option<Campaign>,
    began_campaign: bool,
    note: Option<String>,
    finished: Option<Finished>,
    /// Held while the session lives; shared with the next mission's
    /// session while it opens ([`Session::next_mission`]).
    _lock: Arc<SaveLock>,
}

/// How a session began, for [`Session::begin`].
#[derive(Default)]
struct Begun {
    campaign: Option<Campaign>,
    began_campaign: bool,
    note: Option<String>,
    /// The save was read whole from its file (nothing cut).
    whole: bool,
}

fn resumed_note(rec: &Recorder, cut: bool) -> String {
    format!(
        "Resumed {} after {} input(s){}.",
        rec.game().mission().name,
        rec.inputs(),
        if cut {
            " (the last, cut short by an interruption, was dropped)"
        } else {
            ""
        }
    )
}

fn save_error(path: &Path) -> impl FnOnce(io::Error) -> SessionError + '_ {
    move |source| SessionError::Save {
        path: path.to_path_buf(),
        source,
    }
}

impl Session {
    /// Loads the campaign in `dir` and opens its next mission, resuming
    /// `current.replay` when it is that mission's game. A campaign file or
    /// save that does not load is refused and left as it is.
    ///
    /// While the decisions after the last mission are still open, the
    /// session holds that mission's finished game (from its replay), and
    /// [`Session::choose`] makes them.
    ///
    /// A campaign open in another copy of fof is refused
    /// ([`SessionError::InUse`]).
    pub fn open(data: Arc<DataSet>, dir: &Path) -> Result<Session, SessionError> {
        // No campaign there: refused with the campaign's reason, before a
        // lock file is made (in a folder that may not exist).
        if !c::file_in(dir).exists() {
            c::load_checked(dir, &data).map_err(SessionError::Campaign)?;
        }
        let lock = Arc::new(SaveLock::campaign(dir)?);
        Session::open_locked(data, dir, lock)
    }

    fn open_locked(
        data: Arc<DataSet>,
        dir: &Path,
        lock: Arc<SaveLock>,
    ) -> Result<Session, SessionError> {
        let camp = c::load_checked(dir, &data).map_err(SessionError::Campaign)?;
        if camp.between.is_some() {
            return Session::deciding(data, dir, camp, lock);
        }
        Session::start(data, dir, camp, false, lock)
    }

    /// Opens the campaign's next mission in place of this session (once the
    /// decisions after the last one are made), keeping the campaign's lock
    /// held throughout. On an error this session is left as it was.
    pub fn next_mission(&mut self) -> Result<(), SessionError> {
        let dir = self.dir.clone();
        *self = if self.campaign.is_some() {
            Session::open_locked(self.data.clone(), &dir, self._lock.clone())?
        } else {
            Session::open(self.data.clone(), &dir)?
        };
        Ok(())
    }

    /// The campaign between two missions: the last mission's game as its
    /// replay left it, finished.
    fn deciding(
        data: Arc<DataSet>,
        dir: &Path,
        camp: Campaign,
        lock: Arc<SaveLock>,
    ) -> Result<Session, SessionError> {
        let last = camp.records.last().ok_or_else(|| {
            SessionError::Campaign("decisions are open but no mission was played".into())
        })?;
        let replay = dir.join(&last.replay);
        let (rec, _) = crate::play::replay::recover(&replay, data.clone()).map_err(|source| {
            SessionError::BadSave {
                path: replay.clone(),
                source,
            }
        })?;
        let finished = Finished {
            replay: replay.clone(),
            record: Some(last.clone()),
            status: c::status(&camp, &data),
        };
        Ok(Session {
            data,
            dir: dir.to_path_buf(),
            save: replay,
            seed: rec.game().state().seed,
            rec,
            journal: None,
            campaign: Some(camp),
            began_campaign: false,
            note: None,
            finished: Some(finished),
            _lock: lock,
        })
    }

    /// Makes one decision between missions (10.3-10.7, 11.3) and saves the
    /// campaign. A choice refused changes nothing; a campaign that cannot
    /// be saved is not changed in memory either.
    pub fn choose(&mut self, choice: &c::Choice) -> Result<(), SessionError> {
        let Some(camp) = &self.campaign else {
            return Err(SessionError::Campaign(
                "no campaign: nothing to decide".into(),
            ));
        };
        let mut next = camp.clone();
        next.choose(choice).map_err(SessionError::Campaign)?;
        let file = c::file_in(&self.dir);
        c::save(&file, &self.data, &next).map_err(save_error(&file))?;
        if let Some(f) = &mut self.finished {
            f.record = next.records.last().cloned();
            f.status = c::status(&next, &self.data);
        }
        self.campaign = Some(next);
        Ok(())
    }

    /// [`Session::open`], but when `dir` holds no campaign file yet, begins
    /// `new` there first (saving `campaign.ron`): "continue the last
    /// campaign or start the default one".
    pub fn open_or_new(
        data: Arc<DataSet>,
        dir: &Path,
        new: &NewCampaign,
    ) -> Result<Session, SessionError> {
        let lock = Arc::new(SaveLock::campaign(dir)?);
        let path = c::file_in(dir);
        match std::fs::symlink_metadata(&path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            _ => return Session::open_locked(data, dir, lock),
        }
        let id = match &new.id {
            Some(id) => id.clone(),
            None => match data.campaigns.first() {
                Some(c) => c.id.clone(),
                None => {
                    return Err(SessionError::Campaign(
                        "the game data has no campaign".into(),
                    ));
                }
            },
        };
        let mut camp = Campaign::new(&data, &id, new.mode, new.seed)
            .map_err(|e| SessionError::Campaign(e.to_string()))?;
        camp.options = new.options;
        c::save(&path, &data, &camp).map_err(save_error(&path))?;
        Session::start(data, dir, camp, true, lock)
    }

    fn start(
        data: Arc<DataSet>,
        dir: &Path,
        mut camp: Campaign,
        began_campaign: bool,
        lock: Arc<SaveLock>,
    ) -> Result<Session, SessionError> {
        let options = camp.options;
        let Some(mission) = camp.next_mission(&data).map(str::to_string) else {
            return Err(SessionError::CampaignOver);
        };
        let seed = camp.next_seed();
        let mut rec = camp
            .start_recorded(&data, options)
            .map_err(|e| SessionError::Setup(e.to_string()))?;
        let current = dir.join(CURRENT);
        let mut note = None;
        let mut whole = false;
        if current.exists() {
            let (r, cut) =
                crate::play::replay::recover(&current, data.clone()).map_err(|source| {
                    SessionError::BadSave {
                        path: current.clone(),
                        source,
                    }
                })?;
            let s = r.game().state();
            if s.mission == mission && s.seed == seed {
                note = Some(resumed_note(&r, cut));
                whole = !cut;
                rec = r;
            } else {
                // Left over from a mission already carried on.
                std::fs::rename(&current, dir.join(STALE)).map_err(|source| SessionError::Io {
                    path: current.clone(),
                    source,
                })?;
            }
        }
        let begun = Begun {
            campaign: Some(camp),
            began_campaign,
            note,
            whole,
        };
        Session::begin(data, dir, current, rec, begun, lock)
    }

    /// A session over `rec`, appended to `save` from now on: a save
    /// recovered `whole` is left as it is until there is an input to add
    /// ([`Journal::resume`]), any other is written whole now.
    fn begin(
        data: Arc<DataSet>,
        dir: &Path,
        save: PathBuf,
        rec: Recorder,
        begun: Begun,
        lock: Arc<SaveLock>,
    ) -> Result<Session, SessionError> {
        let Begun {
            campaign,
            began_campaign,
            note,
            whole,
        } = begun;
        let journal = if whole {
            Journal::resume(&save, &rec)
        } else {
            Journal::create(&save, &rec)
        }
        .map_err(save_error(&save))?;
        Ok(Session {
            data,
            dir: dir.to_path_buf(),
            save,
            seed: rec.game().state().seed,
            rec,
            journal: Some(journal),
            campaign,
            began_campaign,
            note,
            finished: None,
            _lock: lock,
        })
    }

    /// Plays one mission outside a campaign (`fof play --mission ID --seed
    /// N`), saved in [`single_path`]; a save there of the same mission and
    /// seed is resumed (it must have been begun with the same `options`).
    pub fn single(
        data: Arc<DataSet>,
        dir: &Path,
        mission: &str,
        seed: u64,
        options: Options,
    ) -> Result<Session, SessionError> {
        Session::single_at(data, dir, mission, seed, options, single_path)
    }

    /// [`Session::single`] in learn mode, saved in [`learn_path`].
    pub fn learning(
        data: Arc<DataSet>,
        dir: &Path,
        mission: &str,
        seed: u64,
    ) -> Result<Session, SessionError> {
        Session::single_at(data, dir, mission, seed, Options::default(), learn_path)
    }

    fn single_at(
        data: Arc<DataSet>,
        dir: &Path,
        mission: &str,
        seed: u64,
        options: Options,
        path_of: fn(&Path, &str, u64) -> PathBuf,
    ) -> Result<Session, SessionError> {
        if data.mission(mission).is_none() {
            return Err(SessionError::Setup(format!(
                "no mission `{mission}` in the data (fof list shows them)"
            )));
        }
        let save = path_of(dir, mission, seed);
        if let Some(d) = save.parent() {
            std::fs::create_dir_all(d).map_err(|source| SessionError::Io {
                path: d.to_path_buf(),
                source,
            })?;
        }
        let lock = Arc::new(SaveLock::single(&save)?);
        let mut note = None;
        let mut whole = false;
        let rec = if save.exists() {
            let (r, cut) = crate::play::replay::recover(&save, data.clone()).map_err(|source| {
                SessionError::BadSave {
                    path: save.clone(),
                    source,
                }
            })?;
            let s = r.game().state();
            let why = if s.mission != mission || s.seed != seed {
                Some(format!(
                    "it holds {} seed {}, not {mission} seed {seed}",
                    s.mission, s.seed
                ))
            } else if s.options != options {
                Some(format!(
                    "it was begun with other options ({}, not {})",
                    options_words(&s.options),
                    options_words(&options)
                ))
            } else {
                None
            };
            if let Some(why) = why {
                return Err(SessionError::OtherGame { path: save, why });
            }
            // A save with no input yet is a new game, not one resumed.
            if r.inputs() > 0 || cut {
                note = Some(resumed_note(&r, cut));
            }
            whole = !cut;
            r
        } else {
            Recorder::new(data.clone(), mission, seed, options)
                .map_err(|e| SessionError::Setup(e.to_string()))?
        };
        let begun = Begun {
            note,
            whole,
            ..Begun::default()
        };
        Session::begin(data, dir, save, rec, begun, lock)
    }

    /// Takes over a recorded game (the replay viewer's "take over from
    /// here"): it is played on as a single mission, saved in a new file in
    /// `dir/plays/` named after its mission, seed and input count (with a
    /// number added if that name is taken). The file it came from is not
    /// touched.
    pub fn take_over(
        data: Arc<DataSet>,
        dir: &Path,
        rec: Recorder,
    ) -> Result<Session, SessionError> {
        let s = rec.game().state();
        let plays = dir.join(PLAYS);
        std::fs::create_dir_all(&plays).map_err(|source| SessionError::Io {
            path: plays.clone(),
            source,
        })?;
        let base = format!("{}-seed{}-from{}", s.mission, s.seed, rec.inputs());
        let mut save = plays.join(format!("{base}.replay"));
        let mut n = 2;
        while save.exists() {
            save = plays.join(format!("{base}-{n}.replay"));
            n += 1;
        }
        let lock = Arc::new(SaveLock::single(&save)?);
        Session::begin(data, dir, save, rec, Begun::default(), lock)
    }

    pub fn game(&self) -> &Game {
        self.rec.game()
    }

    pub fn recorder(&self) -> &Recorder {
        &self.rec
    }

    pub fn data(&self) -> &Arc<DataSet> {
        &self.data
    }

    /// The save folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file the game in progress is saved in.
    pub fn save_path(&self) -> &Path {
        &self.save
    }

    /// The mission's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The campaign, as it stands (carried on once [`Session::finish`]ed);
    /// `None` for a single mission.
    pub fn campaign(&self) -> Option<&Campaign> {
        self.campaign.as_ref()
    }

    /// Whether [`Session::open_or_new`] began the campaign.
    pub fn began_campaign(&self) -> bool {
        self.began_campaign
    }

    /// "Resumed MISSION after N input(s)." when a save was picked up.
    pub fn resume_note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// What [`Session::finish`] did, once it has.
    pub fn finished(&self) -> Option<&Finished> {
        self.finished.as_ref()
    }

    /// Applies an input and appends it to the save. An illegal input
    /// changes nothing. A save that cannot be written is reported
    /// ([`ApplyError::NotSaved`], with the input's events) but the input
    /// stands and the game goes on in memory.
    pub fn apply(&mut self, input: &Input) -> Result<Vec<Event>, ApplyError> {
        if self.finished.is_some() {
            return Err(ApplyError::Illegal(Illegal::new(
                self.rec.game(),
                crate::engine::kernel::why::Turn::Finished,
            )));
        }
        let events = self.rec.apply(input).map_err(ApplyError::Illegal)?;
        match self.write() {
            Ok(()) => Ok(events),
            Err(error) => Err(ApplyError::NotSaved {
                events,
                error: Box::new(error),
            }),
        }
    }

    /// Brings the save up to the game: appends to it, or after a failed
    /// write makes the whole file again (atomically).
    fn write(&mut self) -> Result<(), SessionError> {
        let written = match self.journal.as_mut() {
            Some(j) => j.update(&self.rec),
            None => Journal::create(&self.save, &self.rec).map(|j| self.journal = Some(j)),
        };
        written.map_err(|e| {
            self.journal = None;
            save_error(&self.save)(e)
        })
    }

    /// Takes the last input back, if the engine allows it
    /// ([`Game::undoable`]: it revealed nothing, and it was given in the
    /// impulse of the inputs before it), and writes the save again, as
    /// [`Session::rewind`].
    pub fn undo(&mut self) -> Result<(), SessionError> {
        if self.finished.is_some() {
            return Err(SessionError::Finished);
        }
        let inputs = self.rec.inputs();
        if self.rec.game().undoable() == 0 || inputs == 0 {
            return Err(SessionError::NothingToUndo);
        }
        self.rewind(inputs - 1)
    }

    /// Goes back to the game as it was after its first `n` inputs (for
    /// tools and tests; a player's undo is [`Session::undo`], which allows
    /// only what the engine says may be taken back) and writes the save
    /// again, atomically. If the save cannot
    /// be written the error says so, but the game is rewound in memory.
    pub fn rewind(&mut self, n: u64) -> Result<(), SessionError> {
        if self.finished.is_some() {
            return Err(SessionError::Finished);
        }
        let inputs = self.rec.inputs();
        if n > inputs {
            return Err(SessionError::Rewind { n, inputs });
        }
        self.rec = self
            .rec
            .rewound(self.data.clone(), n)
            .map_err(SessionError::Rebuild)?;
        self.journal = None;
        self.write()
    }

    /// Once the game is over: in a campaign, saves the mission's replay,
    /// runs the between-mission procedure, saves the campaign and removes
    /// `current.replay`; for a single mission, makes sure its save (now a
    /// replay) is whole. Calling it again returns the same result. If a
    /// step fails nothing is carried on, and it may be called again.
    pub fn finish(&mut self) -> Result<Finished, SessionError> {
        if let Some(f) = &self.finished {
            return Ok(f.clone());
        }
        if !self.rec.game().is_over() {
            return Err(SessionError::NotOver);
        }
        self.write()?;
        let finished = match &mut self.campaign {
            None => {
                let s = self.rec.game().state();
                let outcome = crate::play::sim::Standing::of(s.outcome.as_ref());
                Finished {
                    replay: self.save.clone(),
                    record: None,
                    status: format!(
                        "{} seed {}: {outcome} after {} turns, {} inputs, hash {}\n",
                        s.mission,
                        s.seed,
                        s.turn,
                        self.rec.inputs(),
                        crate::engine::kernel::hash::hex(self.rec.game().state_hash())
                    ),
                }
            }
            Some(camp) => {
                let mission = &self.rec.game().state().mission;
                let replay = c::replay_path(&self.dir, camp, mission);
                if let Some(d) = replay.parent() {
                    std::fs::create_dir_all(d).map_err(|source| SessionError::Io {
                        path: d.to_path_buf(),
                        source,
                    })?;
                }
                crate::play::replay::save_atomic(&replay, &self.rec.text())
                    .map_err(save_error(&replay))?;
                let mut next = camp.clone();
                let record = next.end_mission(&self.data, self.rec.game());
                let file = c::file_in(&self.dir);
                c::save(&file, &self.data, &next).map_err(save_error(&file))?;
                *camp = next;
                self.journal = None;
                let _ = std::fs::remove_file(&self.save);
                Finished {
                    replay,
                    record: Some(record),
                    status: c::status(camp, &self.data),
                }
            }
        };
        self.finished = Some(finished.clone());
        Ok(finished)
    }
}
