//! Replays and saves: one text format for both.
//!
//! A replay is the mission, the seed, the options and every input in
//! order, each with the state hash after it. The engine is deterministic,
//! so playing the inputs again from a fresh [`Game::new`] rebuilds the
//! game exactly, and the hashes prove it line by line. A save of a game in
//! progress is the same file without its `end` line.
//!
//! Why this file is long: this doc is the format's reference, with the
//! history of the program versions that play a file differently; the code
//! is under 1,000 lines.
//!
//! # The format (version 1)
//!
//! Line-based UTF-8 text, every line ended by `\n` (a `\r` before it is
//! ignored), fields separated by one space:
//!
//! ```text
//! fof-replay 1
//! program 0.1.0
//! data 0123456789abcdef
//! mission hedgerow_attack
//! seed 3
//! options (all_line:false,no_ammo:false,abstract_comms:false)
//! start 0123456789abcdef
//! input 1 ChooseHq((2)) hash 0123456789abcdef
//! input 2 EndImpulse hash 0123456789abcdef
//! end 2 0123456789abcdef
//! ```
//!
//! - `fof-replay`: the format version; any other version is refused.
//! - `program`: the version of `fof` that wrote the file (informative, see
//!   below).
//! - `data`: the [`DataSet::hash`] of the game data it was played with, 16
//!   hex digits; other data is refused.
//! - `mission`, `seed`, `options` ([`Options`] as one-line RON): what
//!   [`Game::new`] is given.
//! - `start`: the state hash after setup, before any input.
//! - `input <n> <input> hash <h>`: the n-th input (n counts from 1), an
//!   [`Input`] as one-line RON, and the state hash after applying it. An
//!   answer is written as its own variant (`KeepPlan`), as the files were
//!   before answers were nested in [`Input::Answer`]; `Answer(KeepPlan)`
//!   reads too ([`input_ron`], [`read_input`]).
//! - `end <count> <h>`: written only once the mission is over: the number
//!   of inputs and the final state hash. Nothing may follow it.
//!
//! Two optional lines may follow `start`, in a campaign's files:
//!
//! - `company <list as RON>`: the company as the campaign sent it in
//!   (experience, steps, skill markers, the fire teams each unit left at
//!   the end of the last mission), when it differs from the mission's own
//!   list.
//! - `continues <state as RON>`: a reattempt on the same ground (11.1),
//!   the state the failed attempt left.
//!
//! Loading plays the inputs again from a fresh game and refuses, naming
//! the line: another format version, other game data, an unknown
//! mission, a line that does not parse, an illegal input (with the
//! engine's reason), a hash that diverges, a cut-short last line, a
//! finished mission without its `end` line, text after `end`, and an `end`
//! line that disagrees. A file that exists but does not load is never
//! overwritten. Files are written atomically ([`save_atomic`]), and a game
//! in progress is saved after every input by a [`Journal`]: a kill loses
//! at most the input being written.
//!
//! A file without an `end` line is a game in progress, and may be continued
//! ([`Recorder::resume`]). A cut-short file is told apart from one: its
//! last line lacks its end of line, or does not parse, or the mission is
//! over after the last input but no `end` line says so; each is refused.
//!
//! # Program versions
//!
//! A file of another format version is refused. A file written by another
//! version of `fof` in the same format is accepted only if every hash
//! matches: the rules may have changed between versions, and the hashes
//! are what says whether they did for this game. When a hash diverges the
//! message names both program versions, so an older file whose game a
//! change touches is refused at its first input whose hash no longer
//! matches, and never played on differently.
//!
//! The program version goes up with every change that plays the same seed
//! and inputs differently:
//!
//! - 0.2.0: smoke lifts at Clean Up and a fire mission's smoke at the next
//!   VOF Segment; a weapons section out of ammunition fires small arms at
//!   close range, and a team on its fire-team side spends no weapon
//!   ammunition; fire and litter teams may infiltrate into a friendly card
//!   under fire.
//! - 0.3.0: the second fidelity pass of chapters 3 to 6, among them
//!   point-blank fire pooled with fire from outside, direct lay by G!
//!   weapons with its PDF, a weapons team, FO or HQ on its fire-team side
//!   limited as a Fire Team, the CO HQ activating on initiative, and three
//!   questions the rules leave to the player that the program used to
//!   answer itself: each platoon mover's cover, a runner's activation, the
//!   battalion's share of a fire mission.
//! - 0.4.0: the fidelity pass of chapters 2 and 8 to 13, among them
//!   enemies placed at max LOS card by card along the line and in sight of
//!   the unit that found them, mines for every mover and claymores once
//!   the enemy has moved, light spilled onto the cards around an
//!   illumination marker, the player naming a combat patrol's members and
//!   setting up a defensive mission's units, snipers engaging the closest
//!   card, and enemy moves held to the stacking limit.
//! - 0.5.0: the player hands out the radios, telephones and pyrotechnics
//!   of the HQs and staff before turn 1, and a campaign's teams left at the
//!   end of a mission go into the next one as fire teams.
//! - 0.5.1: no rule changed, but the reason a mission failed, kept in the
//!   state, names its objective in words, so the last hash of a failed
//!   mission differs.
//! - 0.6.0: the choices the rules leave to the player in a mission are
//!   asked instead of settled by the program: the squad teams re-form
//!   (10.2.1), any eligible platoon HQ taking over the company (10.2.2),
//!   the guard of the company's prisoners (9.13), a litter team's retreat
//!   among equally good cards and the casualty it takes (3.5; the first of
//!   the equal cards is the suggestion where an R# used to be drawn), and
//!   the repositioning before a reattempt (11.1 step 3); a squad taken
//!   prisoner or withdrawn no longer comes back from teams.
//! - 0.7.0: vehicles (chapter 7) and the enemy's (9.10) in the Vehicle
//!   Movement and Combat Phase, the combined-arms mission
//!   `panzer_counterattack`, and armoured force packages in the Normandy
//!   campaign's table: the earlier missions play as before, but the data
//!   changed, so their older files are refused as made with other data.
//! - 0.8.0: transport (7.4) and preplanned transport (7.2.1), with trucks
//!   carrying the mortar and a squad in `panzer_counterattack`, snipers
//!   picking vehicles (9.6), vehicles resolving contact where they stop
//!   (9.2.1), smoke and WP rounds for the Shermans (7.8), and ammunition
//!   loaded onto vehicles (4.2.2 h D).
//! - 0.9.0: vehicle platoon HQs with their own impulse (7.1.1): the
//!   Shermans of `panzer_counterattack` are a tank section led by Able 1
//!   instead of tanks attached to Second Platoon, and the set-up asks
//!   whether Able 2 is attached to an infantry platoon; assets loaded onto
//!   vehicles (4.2.2 h A, D), and what a vehicle leaving the fight does
//!   with its load (7.7).
//! - 0.10.0: attack helicopters (7.1.2, 7.3.2, 7.7 B) and forward air
//!   controller aircraft (7.1.3) for air agencies that offer them (no
//!   Normandy mission does), and teams a hit splits from a passenger stay
//!   aboard (1.2.1 I, 7.4.3), which changes some games of
//!   `panzer_counterattack`.
//! - 0.11.0: a weapons team firing its last round (or a unit throwing its
//!   last demolition charge) draws for the attempt as itself, and only
//!   then flips to its fire-team side (6.8.2), which changes the games
//!   where a bazooka, a mortar or rifle grenades fire their last round in
//!   a grenade attack.
//! - 0.12.0: rocket launchers and recoilless rifles do not fire from under
//!   a building, bunker or pillbox, at infantry or at a vehicle, and an
//!   Exposed heavy weapon does not fire at a vehicle (6.4), which changes
//!   6 games in 300 of `panzer_counterattack`; a platoon HQ left at home
//!   on a combat patrol no longer moves its platoon with Move a Platoon
//!   (11.4: only the patrol moves), which changes nearly every game of the
//!   patrol missions; the enemy side, once called German in the files, is
//!   now the enemy whatever its army, so state hashes change for every
//!   game.
//! - 0.13.0: a Korean Service Corps carrying party goes with the company
//!   in `k51_ridge_assault` and `k51_night_defence`, which changes their
//!   games, and a campaign that moves on after a failed mission rebuilds
//!   the HQs it lost before the next one, which changes later missions of
//!   such campaigns.
//! - 0.14.0: a Staging Area card has no stacking limit (2.4.2), so a unit
//!   aboard a vehicle there may always get off, which changes most games of
//!   `k50_hill_before_dark` and a few of `panzer_counterattack`.
//! - 0.15.0: Shift Fire is refused onto the card the units already fire at
//!   (4.2.4 l), which changes nearly every game of every mission (the
//!   random bot's choices are drawn from a shorter list), and a squad's
//!   second team takes a letter ("2/1 Fire Tm B", kept when it is
//!   converted) so that no two units share a name, which changes the state
//!   hash of every game where a unit breaks into a second team of one name.
//! - 0.16.0: an enemy package no longer appears on a card the company holds
//!   other than the one where contact was made (9.2.2), a mission's
//!   scripted counterattack leaves an enemy already attacking on its own
//!   tactics (9.1.4), and a pin is removed without a draw only on a card
//!   with no Mines marker (4.2.3 a, 9.5), which changes many games of every
//!   mission.

use crate::data::DataSet;
use crate::data::mission::RosterEntry;
use crate::engine::kernel::events::Event;
use crate::engine::kernel::hash::hex;
use crate::engine::kernel::why::Turn;
use crate::engine::{Answer, Game, Illegal, Input, Options, SetupError};
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// The format version this program reads and writes.
pub const FORMAT: u32 = 1;

/// An input as the one line of RON an `input` line holds. An answer
/// ([`Input::Answer`]) is written as its own variant, `KeepPlan`, not
/// `Answer(KeepPlan)`: format 1 was written so before answers were nested,
/// and no answer shares a variant name with another input, so the bare
/// name still says which input it is.
pub fn input_ron(input: &Input) -> Result<String, ron::Error> {
    match input {
        Input::Answer(a) => ron::to_string(a),
        other => ron::to_string(other),
    }
}

/// Reads an `input` line's RON: an input, or an answer written bare
/// ([`input_ron`]). When neither reads, the error is the one that got
/// further into the text (an answer's misspelt field, not "unknown
/// variant"), the input's on a tie.
pub fn read_input(text: &str) -> Result<Input, ron::error::SpannedError> {
    let input = match ron::from_str::<Input>(text) {
        Ok(i) => return Ok(i),
        Err(e) => e,
    };
    match ron::from_str::<Answer>(text) {
        Ok(a) => Ok(Input::Answer(a)),
        Err(answer)
            if (answer.span.end.line, answer.span.end.col)
                > (input.span.end.line, input.span.end.col) =>
        {
            Err(answer)
        }
        Err(_) => Err(input),
    }
}

/// This program's version, as written on the `program` line.
pub const PROGRAM: &str = env!("CARGO_PKG_VERSION");

/// The header's lines, in order, with what each holds (for messages).
const HEADER: [(&str, &str); 7] = [
    ("fof-replay", "`fof-replay 1`"),
    ("program", "`program <version>`"),
    ("data", "`data <16 hex digits>`"),
    ("mission", "`mission <id>`"),
    ("seed", "`seed <number>`"),
    ("options", "`options <options as RON>`"),
    ("start", "`start <16 hex digits>`"),
];

/// The line numbers of the header's lines that messages refer to.
const DATA_LINE: usize = 3;
const MISSION_LINE: usize = 4;
const START_LINE: usize = 7;

const BODY_EXPECTED: &str =
    "`input <n> <input> hash <16 hex digits>` or `end <count> <16 hex digits>`";

/// What is wrong with a replay or save file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    #[error("the file is empty: expected `fof-replay {FORMAT}`")]
    Empty,
    #[error("not a text file: invalid UTF-8")]
    NotText,
    #[error("not a fof replay or save: expected `fof-replay {FORMAT}`, found `{found}`")]
    NotAReplay { found: String },
    #[error(
        "replay format version {found} is not supported: fof {PROGRAM} reads version {FORMAT} only"
    )]
    FormatVersion { found: String },
    #[error("expected {expected}, found `{found}`")]
    Syntax { expected: String, found: String },
    #[error("{what} does not parse: {detail}")]
    BadValue { what: String, detail: String },
    #[error("the file ends before {expected}: it is truncated")]
    Incomplete { expected: String },
    #[error("the last line is cut short (it has no end of line): the file is truncated")]
    Truncated,
    #[error("expected input number {expected}, found {found}")]
    InputNumber { expected: u64, found: u64 },
    #[error("text after the `end` line")]
    AfterEnd,
    #[error("`end` counts {said} inputs but the file has {found}")]
    EndCount { said: u64, found: u64 },
    #[error(
        "recorded with other game data: data hash {}, but this data's hash is {}",
        hex(*recorded),
        hex(*loaded)
    )]
    DataMismatch { recorded: u64, loaded: u64 },
    #[error("no mission `{0}` in the game data")]
    UnknownMission(String),
    #[error("mission `{mission}` cannot be set up: {reason}")]
    Setup { mission: String, reason: String },
    #[error("input {number} is illegal at this point: {reason}")]
    Illegal { number: u64, reason: String },
    #[error(
        "the game diverges from the recording {at}: expected hash {}, got {}{}",
        hex(*expected),
        hex(*got),
        version_note(recorded_by)
    )]
    Diverged {
        at: String,
        expected: u64,
        got: u64,
        recorded_by: String,
    },
    #[error(
        "`end` gives the final hash {} but the game ends with {}",
        hex(*expected),
        hex(*got)
    )]
    EndHash { expected: u64, got: u64 },
    #[error("the file has an `end` line but the mission is not over after its {inputs} inputs")]
    EndNotOver { inputs: u64 },
    #[error(
        "the mission is over after input {number} but no `end` line follows: the file is truncated"
    )]
    MissingEnd { number: u64 },
    #[error("cannot read the file: {0}")]
    Io(String),
    #[error(
        "{path} exists but does not load ({reason}); a corrupt save is never overwritten: move it away or choose another name"
    )]
    WontOverwrite { path: String, reason: String },
}

fn version_note(recorded_by: &str) -> String {
    if recorded_by == PROGRAM {
        String::new()
    } else {
        format!(
            " (the file was written by fof {recorded_by}, this is fof {PROGRAM}: the rules may differ)"
        )
    }
}

/// A problem and the line of the file where it is (1-based), if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    pub line: Option<usize>,
    pub problem: Problem,
}

impl ReplayError {
    fn at(line: usize, problem: Problem) -> Self {
        ReplayError {
            line: Some(line),
            problem,
        }
    }

    fn whole(problem: Problem) -> Self {
        ReplayError {
            line: None,
            problem,
        }
    }
}

impl fmt::Display for ReplayError {
    /// `line N: message`, or the message alone when no line is at fault.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(n) => write!(f, "line {n}: {}", self.problem),
            None => write!(f, "{}", self.problem),
        }
    }
}

impl std::error::Error for ReplayError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.problem)
    }
}

/// One recorded input: where it is, what it is, the hash after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recorded {
    pub line: usize,
    pub input: Input,
    pub hash: u64,
}

/// The `end` line: the number of inputs and the final hash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct End {
    pub line: usize,
    pub inputs: u64,
    pub hash: u64,
}

/// A parsed replay or save. [`Replay::parse`] checks the text's syntax;
/// [`Replay::play`] checks it against the game data and the engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// The `program` line: the version of fof that wrote the file.
    pub program: String,
    pub data_hash: u64,
    pub mission: String,
    pub seed: u64,
    pub options: Options,
    /// The state hash after setup.
    pub start_hash: u64,
    /// The company as a campaign sent it in, when it differs from the
    /// mission's own list: the optional `company <list as RON>` line that
    /// may follow `start`.
    pub company: Option<Vec<RosterEntry>>,
    /// A reattempt on the same ground (11.1): the failed attempt's final
    /// state, on the optional `continues <state as RON>` line that may
    /// follow `start` (and `company`).
    pub continues: Option<Box<crate::engine::kernel::state::State>>,
    pub inputs: Vec<Recorded>,
    /// `None` for a game in progress.
    pub end: Option<End>,
}

/// A short excerpt of a line for a message, control characters escaped
/// so that a damaged file cannot garble the terminal.
/// A message quoting the file, at most a few lines long: a 20 MB line's
/// parse error once printed the whole line (the reliability review).
fn clip(detail: &str) -> String {
    const MAX: usize = 240;
    if detail.chars().count() <= MAX {
        return detail.to_string();
    }
    let head: String = detail.chars().take(MAX).collect();
    format!(
        "{head}... ({} characters more)",
        detail.chars().count() - MAX
    )
}

fn excerpt(line: &str) -> String {
    const MAX: usize = 60;
    let mut s = String::new();
    for (i, c) in line.chars().enumerate() {
        if i == MAX {
            s.push_str("...");
            break;
        }
        if c.is_control() {
            s.extend(c.escape_debug());
        } else {
            s.push(c);
        }
    }
    s
}

fn syntax(line: usize, expected: &str, found: &str) -> ReplayError {
    ReplayError::at(
        line,
        Problem::Syntax {
            expected: expected.to_string(),
            found: excerpt(found),
        },
    )
}

/// 16 hex digits, nothing else (no sign, no prefix).
fn parse_hash(s: &str) -> Option<u64> {
    if s.len() == 16 && s.bytes().all(|b| b.is_ascii_hexdigit()) {
        u64::from_str_radix(s, 16).ok()
    } else {
        None
    }
}

/// Decimal digits, nothing else.
fn parse_number(s: &str) -> Option<u64> {
    if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
        s.parse().ok()
    } else {
        None
    }
}

/// A token without spaces, not empty.
fn parse_word(s: &str) -> Option<String> {
    if !s.is_empty() && !s.contains(char::is_whitespace) {
        Some(s.to_string())
    } else {
        None
    }
}

impl Replay {
    /// Reads a file's bytes: like [`Replay::parse`], but invalid UTF-8 is
    /// refused at the line where it is.
    pub fn parse_bytes(bytes: &[u8]) -> Result<Replay, ReplayError> {
        match std::str::from_utf8(bytes) {
            Ok(text) => Replay::parse(text),
            Err(e) => {
                let line = 1 + bytes[..e.valid_up_to()]
                    .iter()
                    .filter(|&&b| b == b'\n')
                    .count();
                Err(ReplayError::at(line, Problem::NotText))
            }
        }
    }

    /// Parses the text of a replay or save. Checks the syntax of every
    /// line, the numbering of the inputs and the `end` line's count; the
    /// hashes are checked by [`Replay::play`].
    pub fn parse(text: &str) -> Result<Replay, ReplayError> {
        if text.is_empty() {
            return Err(ReplayError::at(1, Problem::Empty));
        }
        let complete = text.ends_with('\n');
        let body = if complete {
            &text[..text.len() - 1]
        } else {
            text
        };
        let lines: Vec<&str> = body.split('\n').collect();
        let last = lines.len();
        // The line at `n` (1-based), its `\r` ignored; an unterminated
        // last line is refused as truncated before it is read.
        let get = |n: usize| -> Result<Option<&str>, ReplayError> {
            match lines.get(n - 1) {
                None => Ok(None),
                Some(_) if n == last && !complete => Err(ReplayError::at(n, Problem::Truncated)),
                Some(l) => Ok(Some(l.strip_suffix('\r').unwrap_or(l))),
            }
        };

        // A file that is not a replay at all is named so, even if short.
        if !lines[0].starts_with("fof-replay") {
            return Err(ReplayError::at(
                1,
                Problem::NotAReplay {
                    found: excerpt(lines[0]),
                },
            ));
        }
        // The header: one value per line, in a fixed order.
        let mut values: Vec<&str> = Vec::with_capacity(HEADER.len());
        for (i, (key, expected)) in HEADER.iter().enumerate() {
            let n = i + 1;
            let Some(line) = get(n)? else {
                return Err(ReplayError::at(
                    n,
                    Problem::Incomplete {
                        expected: format!("its header is complete (expected {expected})"),
                    },
                ));
            };
            let value = line
                .strip_prefix(key)
                .and_then(|rest| rest.strip_prefix(' '));
            match value {
                Some(v) => values.push(v),
                None if n == 1 => {
                    return Err(ReplayError::at(
                        1,
                        Problem::NotAReplay {
                            found: excerpt(line),
                        },
                    ));
                }
                None => return Err(syntax(n, expected, line)),
            }
        }
        let [version, program, data, mission, seed, options, start] = values[..] else {
            return Err(ReplayError::whole(Problem::Empty));
        };
        if version != FORMAT.to_string() {
            return Err(ReplayError::at(
                1,
                Problem::FormatVersion {
                    found: excerpt(version),
                },
            ));
        }
        let program = parse_word(program).ok_or_else(|| syntax(2, HEADER[1].1, program))?;
        let data_hash = parse_hash(data).ok_or_else(|| syntax(3, HEADER[2].1, data))?;
        let mission = parse_word(mission).ok_or_else(|| syntax(4, HEADER[3].1, mission))?;
        let seed = parse_number(seed).ok_or_else(|| syntax(5, HEADER[4].1, seed))?;
        let options: Options = ron::from_str(options).map_err(|e| {
            ReplayError::at(
                6,
                Problem::BadValue {
                    what: "the `options` line".into(),
                    detail: clip(&e.to_string()),
                },
            )
        })?;
        let start_hash = parse_hash(start).ok_or_else(|| syntax(7, HEADER[6].1, start))?;

        // The body: inputs, then perhaps the end.
        let mut inputs: Vec<Recorded> = Vec::new();
        let mut end: Option<End> = None;
        let mut company: Option<Vec<RosterEntry>> = None;
        let mut continues: Option<Box<crate::engine::kernel::state::State>> = None;
        let mut n = HEADER.len() + 1;
        while let Some(line) = get(n)? {
            if end.is_some() {
                return Err(ReplayError::at(n, Problem::AfterEnd));
            }
            if inputs.is_empty()
                && continues.is_none()
                && let Some(rest) = line.strip_prefix("continues ")
            {
                continues = Some(Box::new(ron::from_str(rest).map_err(|e| {
                    ReplayError::at(
                        n,
                        Problem::BadValue {
                            what: "the `continues` line".into(),
                            detail: clip(&e.to_string()),
                        },
                    )
                })?));
            } else if n == HEADER.len() + 1
                && let Some(rest) = line.strip_prefix("company ")
            {
                company = Some(ron::from_str(rest).map_err(|e| {
                    ReplayError::at(
                        n,
                        Problem::BadValue {
                            what: "the `company` line".into(),
                            detail: clip(&e.to_string()),
                        },
                    )
                })?);
            } else if let Some(rest) = line.strip_prefix("input ") {
                let expected = inputs.len() as u64 + 1;
                inputs.push(parse_input(n, rest, expected, line)?);
            } else if let Some(rest) = line.strip_prefix("end ") {
                let (count, hash) = rest
                    .split_once(' ')
                    .and_then(|(c, h)| Some((parse_number(c)?, parse_hash(h)?)))
                    .ok_or_else(|| syntax(n, "`end <count> <16 hex digits>`", line))?;
                if count != inputs.len() as u64 {
                    return Err(ReplayError::at(
                        n,
                        Problem::EndCount {
                            said: count,
                            found: inputs.len() as u64,
                        },
                    ));
                }
                end = Some(End {
                    line: n,
                    inputs: count,
                    hash,
                });
            } else {
                return Err(syntax(n, BODY_EXPECTED, line));
            }
            n += 1;
        }
        Ok(Replay {
            program,
            data_hash,
            mission,
            seed,
            options,
            start_hash,
            company,
            continues,
            inputs,
            end,
        })
    }

    /// Plays the replay on `data` from a fresh game, checking the hash
    /// after setup and after every input, and the `end` line. Returns the
    /// game as the last input left it: over, or in progress for a save.
    pub fn play(&self, data: Arc<DataSet>) -> Result<Game, ReplayError> {
        Recorder::resume(data, self).map(Recorder::into_game)
    }
}

fn parse_input(n: usize, rest: &str, expected: u64, line: &str) -> Result<Recorded, ReplayError> {
    let shape = "`input <n> <input> hash <16 hex digits>`";
    let (number, rest) = rest
        .split_once(' ')
        .and_then(|(num, r)| Some((parse_number(num)?, r)))
        .ok_or_else(|| syntax(n, shape, line))?;
    if number != expected {
        return Err(ReplayError::at(
            n,
            Problem::InputNumber {
                expected,
                found: number,
            },
        ));
    }
    let (ron_text, hash) = rest
        .rsplit_once(" hash ")
        .and_then(|(r, h)| Some((r, parse_hash(h)?)))
        .ok_or_else(|| syntax(n, shape, line))?;
    let input: Input = read_input(ron_text).map_err(|e| {
        ReplayError::at(
            n,
            Problem::BadValue {
                what: format!("input {number}"),
                detail: clip(&e.to_string()),
            },
        )
    })?;
    Ok(Recorded {
        line: n,
        input,
        hash,
    })
}

/// One input as a line of the file, without its end of line.
fn input_line(number: u64, ron_text: &str, hash: u64) -> String {
    format!("input {number} {ron_text} hash {}", hex(hash))
}

/// A game that writes its replay as it goes: apply inputs through it, and
/// [`Recorder::text`] is the file at any moment (a save while the game is
/// in progress, a replay with its `end` line once it is over).
#[derive(Debug, Clone)]
pub struct Recorder {
    game: Game,
    mission: String,
    seed: u64,
    options: Options,
    start_hash: u64,
    company: Option<Vec<RosterEntry>>,
    continues: Option<Box<crate::engine::kernel::state::State>>,
    /// The `input` lines so far, each ended by `\n`.
    lines: String,
    inputs: u64,
    last_hash: u64,
}

impl Recorder {
    /// Sets a mission up, as [`Game::new`], and starts recording.
    pub fn new(
        data: Arc<DataSet>,
        mission: &str,
        seed: u64,
        options: Options,
    ) -> Result<Recorder, SetupError> {
        Recorder::continuing(data, mission, seed, options, None, None)
    }

    /// Sets a mission up, with the company a campaign sends in instead of
    /// the mission's own list (`company`, recorded on the `company` line,
    /// see [`crate::play::campaign`]), and as a reattempt on the ground a failed
    /// attempt left (`prev`: 11.1, [`crate::engine::recovery::reattempt`], recorded
    /// on the `continues` line).
    pub fn continuing(
        data: Arc<DataSet>,
        mission: &str,
        seed: u64,
        options: Options,
        company: Option<Vec<RosterEntry>>,
        prev: Option<Box<crate::engine::kernel::state::State>>,
    ) -> Result<Recorder, SetupError> {
        let data = match &company {
            Some(list) => {
                let mut d = (*data).clone();
                if let Some(m) = d.missions.iter_mut().find(|m| m.id == mission) {
                    m.set_company(list.clone());
                }
                Arc::new(d)
            }
            None => data,
        };
        let game = match &prev {
            Some(p) => Game::reattempt(data, p, seed)?,
            None => Game::new(data, mission, seed, options)?,
        };
        let start_hash = game.state_hash();
        Ok(Recorder {
            game,
            mission: mission.to_string(),
            seed,
            options,
            start_hash,
            company,
            continues: prev,
            lines: String::new(),
            inputs: 0,
            last_hash: start_hash,
        })
    }

    /// Plays a replay or save again on `data`, checking every hash (see
    /// [`Replay::play`]), and goes on recording from where it stopped. The
    /// text it writes names this program's version: every line in it has
    /// been checked by this program.
    pub fn resume(data: Arc<DataSet>, replay: &Replay) -> Result<Recorder, ReplayError> {
        Recorder::resume_checked(data, replay, true)
    }

    /// [`Recorder::resume`]; `want_end`: a finished game must have its
    /// `end` line (not so for a save whose cut last line was the `end`).
    fn resume_checked(
        data: Arc<DataSet>,
        replay: &Replay,
        want_end: bool,
    ) -> Result<Recorder, ReplayError> {
        if replay.data_hash != data.hash {
            return Err(ReplayError::at(
                DATA_LINE,
                Problem::DataMismatch {
                    recorded: replay.data_hash,
                    loaded: data.hash,
                },
            ));
        }
        if data.mission(&replay.mission).is_none() {
            return Err(ReplayError::at(
                MISSION_LINE,
                Problem::UnknownMission(excerpt(&replay.mission)),
            ));
        }
        let mut rec = Recorder::continuing(
            data,
            &replay.mission,
            replay.seed,
            replay.options,
            replay.company.clone(),
            replay.continues.clone(),
        )
        .map_err(|e| {
            ReplayError::at(
                MISSION_LINE,
                Problem::Setup {
                    mission: replay.mission.clone(),
                    reason: e.0,
                },
            )
        })?;
        if rec.start_hash != replay.start_hash {
            return Err(ReplayError::at(
                START_LINE,
                Problem::Diverged {
                    at: "after setup".into(),
                    expected: replay.start_hash,
                    got: rec.start_hash,
                    recorded_by: replay.program.clone(),
                },
            ));
        }
        for (i, r) in replay.inputs.iter().enumerate() {
            let number = i as u64 + 1;
            let ron_text = input_ron(&r.input).map_err(|e| {
                ReplayError::at(
                    r.line,
                    Problem::BadValue {
                        what: format!("input {number}"),
                        detail: clip(&e.to_string()),
                    },
                )
            })?;
            rec.game.apply(&r.input).map_err(|e| {
                ReplayError::at(
                    r.line,
                    Problem::Illegal {
                        number,
                        reason: e.text,
                    },
                )
            })?;
            let got = rec.push(&ron_text);
            if got != r.hash {
                return Err(ReplayError::at(
                    r.line,
                    Problem::Diverged {
                        at: format!("after input {number}"),
                        expected: r.hash,
                        got,
                        recorded_by: replay.program.clone(),
                    },
                ));
            }
            if want_end
                && rec.game.is_over()
                && replay.end.is_none()
                && i + 1 == replay.inputs.len()
            {
                return Err(ReplayError::at(r.line, Problem::MissingEnd { number }));
            }
        }
        if let Some(end) = replay.end {
            if !rec.game.is_over() {
                return Err(ReplayError::at(
                    end.line,
                    Problem::EndNotOver { inputs: rec.inputs },
                ));
            }
            if end.hash != rec.last_hash {
                return Err(ReplayError::at(
                    end.line,
                    Problem::EndHash {
                        expected: end.hash,
                        got: rec.last_hash,
                    },
                ));
            }
        }
        Ok(rec)
    }

    /// The recorder as it stood after its first `n` inputs (all of them if
    /// fewer were recorded): the mission set up again on `data`, the data
    /// it was begun with, and those inputs played again, every hash
    /// checked. For an undo: the engine is deterministic, so this is the
    /// game exactly as it was then.
    pub fn rewound(&self, data: Arc<DataSet>, n: u64) -> Result<Recorder, ReplayError> {
        let mut replay = Replay::parse(&self.text())?;
        replay
            .inputs
            .truncate(usize::try_from(n).unwrap_or(usize::MAX));
        replay.end = None;
        Recorder::resume_checked(data, &replay, false)
    }

    /// Notes an input just applied: appends its line, returns the hash.
    fn push(&mut self, ron_text: &str) -> u64 {
        self.inputs += 1;
        self.last_hash = self.game.state_hash();
        self.lines
            .push_str(&input_line(self.inputs, ron_text, self.last_hash));
        self.lines.push('\n');
        self.last_hash
    }

    /// Applies one input to the game and records it. An illegal input is
    /// refused, as by [`Game::apply`], and not recorded; so is one that
    /// would not read back from the file as the same input.
    pub fn apply(&mut self, input: &Input) -> Result<Vec<Event>, Illegal> {
        let ron_text =
            input_ron(input).map_err(|_| Illegal::new(&self.game, Turn::NotRecordable))?;
        let reads_back =
            !ron_text.contains(['\n', '\r']) && read_input(&ron_text).ok().as_ref() == Some(input);
        if !reads_back {
            return Err(Illegal::new(&self.game, Turn::NotRecordable));
        }
        let events = self.game.apply(input)?;
        self.push(&ron_text);
        Ok(events)
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn into_game(self) -> Game {
        self.game
    }

    /// The number of inputs recorded.
    pub fn inputs(&self) -> u64 {
        self.inputs
    }

    /// The `input` lines recorded so far, each ended by a newline.
    pub fn input_lines(&self) -> &str {
        &self.lines
    }

    /// The `end` line, once the mission is over.
    pub fn end_line(&self) -> Option<String> {
        self.game
            .is_over()
            .then(|| format!("end {} {}\n", self.inputs, hex(self.last_hash)))
    }

    /// The file as it stands: the header, every input, and the `end` line
    /// if the mission is over.
    pub fn text(&self) -> String {
        let options = ron::to_string(&self.options).unwrap_or_default();
        let mut s = format!(
            "fof-replay {FORMAT}\nprogram {PROGRAM}\ndata {}\nmission {}\nseed {}\noptions {options}\nstart {}\n",
            hex(self.game.data().hash),
            self.mission,
            self.seed,
            hex(self.start_hash),
        );
        if let Some(c) = &self.company {
            s.push_str(&format!(
                "company {}\n",
                ron::to_string(c).unwrap_or_default()
            ));
        }
        if let Some(p) = &self.continues {
            s.push_str(&format!(
                "continues {}\n",
                ron::to_string(p).unwrap_or_default()
            ));
        }
        s.push_str(&self.lines);
        if self.game.is_over() {
            s.push_str(&format!("end {} {}\n", self.inputs, hex(self.last_hash)));
        }
        s
    }
}

/// Reads and plays a file: the whole check of a replay or save.
pub fn load(path: &Path, data: Arc<DataSet>) -> Result<Game, ReplayError> {
    let bytes = fs::read(path).map_err(|e| ReplayError::whole(Problem::Io(e.to_string())))?;
    Replay::parse_bytes(&bytes)?.play(data)
}

/// Whether a save may be written at `path`: yes if nothing is there, or if
/// what is there loads (a replay or save that plays on `data`). A file that
/// exists but does not load is never overwritten: it may be the only copy
/// of a game, damaged, or not a save at all.
pub fn safe_to_overwrite(path: &Path, data: Arc<DataSet>) -> Result<(), ReplayError> {
    match fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => {
            return Err(ReplayError::whole(Problem::WontOverwrite {
                path: path.display().to_string(),
                reason: e.to_string(),
            }));
        }
        Ok(_) => {}
    }
    load(path, data).map(|_| ()).map_err(|e| {
        ReplayError::whole(Problem::WontOverwrite {
            path: path.display().to_string(),
            reason: e.to_string(),
        })
    })
}

/// Writes `text` to `path` atomically: into a new temporary file in the
/// same folder, flushed to disk, then renamed over `path`. Whatever fails,
/// `path` holds either its old content or the whole new text, and no
/// temporary file is left behind.
pub fn save_atomic(path: &Path, text: &str) -> io::Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} does not name a file", path.display()),
        )
    })?;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let tmp = dir.join(format!(
        ".{}.{}-{}.tmp",
        name.to_string_lossy(),
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let written = (|| {
        let mut f = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, path)
    })();
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    // Make the rename itself durable where folders can be synced.
    #[cfg(unix)]
    if let Ok(d) = File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Saving a game in progress after every input
// ---------------------------------------------------------------------------

/// A save written as the game goes: the header once (atomically), then one
/// `input` line appended and flushed to disk after every input. A kill at
/// any moment leaves either the whole last line or a cut one, which
/// [`recover`] drops: at most the last input is lost, and the file never
/// needs rewriting.
pub struct Journal {
    /// `None` until the first write of a save resumed with another text
    /// than this program writes ([`Journal::resume`]).
    file: Option<File>,
    path: PathBuf,
    written: u64,
    ended: bool,
}

impl Journal {
    /// Starts a save for `rec` at `path`: its text so far, atomically.
    pub fn create(path: &Path, rec: &Recorder) -> io::Result<Journal> {
        save_atomic(path, &rec.text())?;
        Journal::appending(path, rec)
    }

    fn appending(path: &Path, rec: &Recorder) -> io::Result<Journal> {
        let file = OpenOptions::new().append(true).open(path)?;
        Ok(Journal {
            file: Some(file),
            path: path.to_path_buf(),
            written: rec.inputs(),
            ended: rec.game().is_over(),
        })
    }

    /// Goes on with the save at `path` that `rec` was read from whole
    /// ([`recover`], nothing cut): the file is not touched until there is
    /// something to add. A file this program would write otherwise (its
    /// header names another version of fof, its lines end in CRLF) is then
    /// written again whole, atomically, with the header of this program,
    /// which has just played every input in it and matched every hash
    /// (the reliability review's F2: opening a save rewrote it at once).
    pub fn resume(path: &Path, rec: &Recorder) -> io::Result<Journal> {
        let same = fs::read(path).is_ok_and(|b| b == rec.text().as_bytes());
        if same {
            return Journal::appending(path, rec);
        }
        // Not ended: a game over whose file lacks its `end` line gets the
        // file written whole at the first update.
        Ok(Journal {
            file: None,
            path: path.to_path_buf(),
            written: rec.inputs(),
            ended: false,
        })
    }

    /// Appends the inputs `rec` recorded since the last call, and the
    /// `end` line once the game is over; each write is synced.
    pub fn update(&mut self, rec: &Recorder) -> io::Result<()> {
        if self.ended || (rec.inputs() == self.written && !rec.game().is_over()) {
            return Ok(());
        }
        let Some(file) = self.file.as_mut() else {
            *self = Journal::create(&self.path, rec)?;
            return Ok(());
        };
        let mut chunk: String = rec
            .input_lines()
            .split_inclusive('\n')
            .skip(self.written as usize)
            .collect();
        if let Some(end) = rec.end_line() {
            chunk.push_str(&end);
        }
        file.write_all(chunk.as_bytes())?;
        file.sync_data()?;
        self.written = rec.inputs();
        self.ended = rec.game().is_over();
        Ok(())
    }
}

/// Reads a save written by a [`Journal`], dropping a last line cut short
/// by a kill (the only input it can lose), and plays it again. Returns the
/// recorder to go on with and whether a cut line was dropped. Anything
/// else wrong is refused as by [`Replay::parse`].
pub fn recover(path: &Path, data: Arc<DataSet>) -> Result<(Recorder, bool), ReplayError> {
    let bytes = fs::read(path).map_err(|e| ReplayError::whole(Problem::Io(e.to_string())))?;
    // Cut at the last newline before decoding: a kill may split a
    // character as well as a line.
    let (bytes, cut) = match bytes.iter().rposition(|b| *b == b'\n') {
        Some(i) if i + 1 < bytes.len() => (&bytes[..=i], true),
        _ => (&bytes[..], false),
    };
    let replay = Replay::parse_bytes(bytes)?;
    Ok((Recorder::resume_checked(data, &replay, !cut)?, cut))
}
