//! The command line: argument parsing and the commands that print.
//!
//! Every command writes to the writers it is given and returns the process
//! exit code, so tests run them without spawning a process. The terminal
//! front end is reached through [`crate::front`], given options of its own
//! filled from the arguments here.
//!
//! Why this file is long: the doc comments of the arguments are the
//! reference of every command and option (`fof help`, `fof man`), kept on
//! the definitions they describe; the code is under 1,000 lines.

use crate::data::stats::deck_stats;
use crate::data::{DataSet, DataSource};
use crate::engine::kernel::deck::{Card, Deck};
use crate::front::{LearnOptions, PlayOptions, UiOptions};
use crate::learn::Learn;
use clap::{Args, CommandFactory, Parser, Subcommand};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Debug, Parser)]
#[command(
    name = "fof",
    version,
    about = "Fields of Fire (2nd edition rules) in the terminal: an unofficial implementation with original data",
    after_long_help = AFTER_HELP
)]
pub struct Cli {
    #[command(flatten)]
    pub data: DataArg,
    #[command(flatten)]
    pub ui: UiArgs,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// What `fof --help`, `fof help` and the manual page (as its EXTRA
/// section) say after the options: the start menu, the files, the
/// environment and the exit status.
const AFTER_HELP: &str = "\
Without a command, fof opens the start menu: the campaigns of the save folder, each with where it stands (continued when chosen; d deletes one, after a confirmation), a new campaign (the campaign, its mode, the options of chapter 13 and the seed), learn mode, one mission (dealt from the first seed with no save of that mission), the games in progress, and the finished games and replays, which open in the replay viewer. In a game, ? lists every key. Each command's own options: fof help COMMAND (or fof COMMAND --help).

Files in the save folder:
  campaign.ron                      the campaign: its company and every decision between missions, in words
  current.replay                    the campaign's mission in progress
  replays/                          the campaign's missions played, one replay each
  campaigns/NAME/                   another campaign begun beside the first (--name NAME), laid out the same way
  plays/MISSION-seedN.replay        a single mission (fof play); opening it again resumes it
  plays/MISSION-seedN-learn.replay  a mission in learn mode (fof learn)
A game is saved after every input. A save or campaign file that exists but does not load is refused with its line and the reason, and never overwritten.

keys.ron in the config folder (or --keys FILE) rebinds the commands it lists: copy assets/keys.ron from the source and edit it. A mistake is reported as file:line:col: message.

Environment:
  NO_COLOR                          no colour (every colour cue has a twin: the enemy underlined, the selected card's position in brackets, the fire lines labelled, the pop-up's !!, ! and +)
  COLORTERM=truecolor (or 24bit)    24-bit colour
  LC_ALL, LC_CTYPE, LANG            a locale that is not UTF-8 draws with ASCII, as --ascii does
  XDG_DATA_HOME, XDG_CONFIG_HOME    the save and config folders on Linux

Exit status: 0 when all went well; 1 when the game data, a file or a check fails; 2 for a command line that cannot be run, and for fof, fof play and fof learn without a terminal.";

/// Options of the terminal front end (`fof` and `fof play`).
#[derive(Debug, Clone, Args)]
pub struct UiArgs {
    /// Key bindings file (default: keys.ron in the platform's config
    /// folder if present, ~/.config/fof/keys.ron on Linux).
    ///
    /// The config folder is $XDG_CONFIG_HOME/fof (if set), else
    /// ~/.config/fof on Linux; ~/Library/Application Support/fof on macOS;
    /// %APPDATA%\fof\config on Windows.
    #[arg(long, value_name = "FILE", global = true)]
    pub keys: Option<PathBuf>,
    /// Draw with ASCII characters only.
    #[arg(long, global = true)]
    pub ascii: bool,
    /// Where campaigns and saves are kept (default: the platform's data
    /// folder, ~/.local/share/fof on Linux).
    ///
    /// The data folder is $XDG_DATA_HOME/fof (if set), else
    /// ~/.local/share/fof on Linux; ~/Library/Application Support/fof on
    /// macOS; %APPDATA%\fof\data on Windows; fof-saves in the current
    /// folder when no home folder is found.
    #[arg(long, value_name = "DIR", global = true)]
    pub save_dir: Option<PathBuf>,
}

impl UiArgs {
    /// The front end's options.
    pub fn options(&self) -> UiOptions {
        UiOptions {
            keys: self.keys.clone(),
            ascii: self.ascii,
            save_dir: self.save_dir.clone(),
            from_menu: false,
        }
    }
}

#[derive(Debug, Clone, Args)]
pub struct LearnArgs {
    /// The mission (default: the one made for learning).
    #[arg(long)]
    pub mission: Option<String>,
    /// The seed that deals the game. The game is saved as
    /// `plays/<mission>-seed<seed>-learn.replay` in the save folder after
    /// every input; the same mission and seed opened again resumes it in
    /// learn mode (or shows it over, once it is). Another seed deals a new
    /// game.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

impl LearnArgs {
    /// What the front end opens.
    pub fn options(&self) -> LearnOptions {
        LearnOptions {
            mission: self.mission.clone(),
            seed: self.seed,
        }
    }
}

/// The streamlining options of chapter 13, chosen before a game starts.
#[derive(Debug, Clone, Default, Args)]
pub struct StreamlineArgs {
    /// 13.1: treat every unit as Line.
    #[arg(long)]
    pub all_line: bool,
    /// 13.2: do not track ammunition.
    #[arg(long)]
    pub no_ammo: bool,
    /// 13.2: do not track these kinds of ammunition only, comma-separated:
    /// mg, mortar, rcl, rocket, flame, demo, rifle-grenade, tank.
    #[arg(long, value_name = "KINDS", value_delimiter = ',', value_parser = ammo_kind)]
    pub untracked_ammo: Vec<crate::data::units::AmmoKind>,
    /// 13.3: HQs and staff are always in communication unless pinned.
    #[arg(long)]
    pub abstract_comms: bool,
}

/// An ammunition kind named on the command line.
fn ammo_kind(s: &str) -> Result<crate::data::units::AmmoKind, String> {
    use crate::data::units::AmmoKind;
    AmmoKind::from_key(s).ok_or_else(|| {
        let keys: Vec<&str> = AmmoKind::ALL.iter().map(|k| k.key()).collect();
        format!("no ammunition kind `{s}`: one of {}", keys.join(", "))
    })
}

impl StreamlineArgs {
    /// The engine's options.
    pub fn options(&self) -> crate::engine::Options {
        crate::engine::Options {
            all_line: self.all_line,
            no_ammo: self.no_ammo,
            abstract_comms: self.abstract_comms,
            untracked: self.untracked_ammo.clone().into(),
        }
    }
}

#[derive(Debug, Clone, Args)]
pub struct PlayArgs {
    /// The mission to play (`fof list --ids`); default: the first of the
    /// start menu's missions.
    #[arg(long)]
    pub mission: Option<String>,
    /// The seed that deals the game. The game is saved as
    /// `plays/<mission>-seed<seed>.replay` in the save folder after every
    /// input; the same mission and seed opened again resumes it (or shows
    /// it over, once it is). Another seed deals a new game: the start
    /// menu's "Play one mission" takes the first seed with no save.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Let a bot play on screen (a demonstration).
    #[arg(long, value_enum, value_name = "BOT")]
    pub autoplay: Option<crate::play::sim::Bot>,
    /// Milliseconds between the bot's inputs.
    #[arg(long, default_value_t = 300, value_name = "MS")]
    pub delay: u64,
    #[command(flatten)]
    pub streamline: StreamlineArgs,
}

impl PlayArgs {
    /// What the front end opens.
    pub fn options(&self) -> PlayOptions {
        PlayOptions {
            mission: self.mission.clone(),
            seed: self.seed,
            autoplay: self.autoplay,
            delay: self.delay,
            options: self.streamline.options(),
        }
    }
}

#[derive(Debug, Clone, Args)]
pub struct DataArg {
    /// Load game data from DIR (laid out like the repository: decks/,
    /// missions/, assets/) instead of the data built into the program.
    #[arg(long, value_name = "DIR", global = true)]
    pub data: Option<PathBuf>,
}

impl DataArg {
    pub fn source(&self) -> DataSource {
        match &self.data {
            Some(d) => DataSource::Dir(d.clone()),
            None => DataSource::Embedded,
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Validate all game data and print a summary; exit 1 on any error.
    ///
    /// Every error of every file is listed, each as `path:line:col:
    /// message`. The summary gives the data's hash, the one a replay's
    /// `data` line records.
    Check,
    /// Play one mission in the terminal, outside any campaign.
    ///
    /// The game is saved after every input as
    /// `plays/<mission>-seed<seed>.replay` in the save folder, and opening
    /// the same mission and seed again resumes it. With --autoplay a bot
    /// plays on screen and nothing is saved. The options of chapter 13 are
    /// recorded in the save.
    Play(PlayArgs),
    /// Learn the rules: a mission walked through step by step, each step
    /// explained with its rule section.
    ///
    /// The game stops at every phase, segment and impulse and at every
    /// procedure the rules run by themselves, and explains it beside the
    /// log: what the step is for, the rule in our own words with its
    /// section, and what happened in this game with the cards drawn. L
    /// turns learn mode on or off in any game.
    Learn(LearnArgs),
    /// Inspect the Action deck.
    Deck {
        #[command(subcommand)]
        command: DeckCommand,
    },
    /// List the campaigns and missions.
    List {
        /// Print only mission ids, one per line.
        #[arg(long)]
        ids: bool,
    },
    /// Play whole missions with a bot, for testing and balance.
    ///
    /// Plays --games games of each mission (seeds N, N+1, ...) and prints a
    /// line per game (the mission, seed, outcome, turns, inputs, cards
    /// drawn, casualties and final state hash), then the outcomes counted.
    /// On a terminal a progress bar goes to standard error; the results
    /// alone go to standard output. The exit status is 1 if a game stalled
    /// before its end.
    Sim(SimArgs),
    /// Play a replay or save file again, checking every step against the
    /// hashes it records; print the log and the final hash.
    ///
    /// On a terminal the file opens in the replay viewer (after being
    /// checked in full), which stops where learn mode stops; X there takes
    /// over from a decision, as a new save in plays/. Piped, or with
    /// --print, the log is printed, then the after-action report (each
    /// success condition met or not, the experience, the figures by turn)
    /// and the outcome. Any problem is printed as `FILE:line N: message`,
    /// with exit status 1: another format or data set, a line that does not
    /// parse, an illegal input, a hash that diverges.
    Replay(ReplayArgs),
    /// Start, inspect or play a campaign: the company carried from mission
    /// to mission, saved in the save folder.
    Campaign {
        /// Which campaign of the save folder: one begun from the start
        /// menu beside another is named (the menu shows the name);
        /// without it, the save folder's own campaign.
        #[arg(long, global = true, value_name = "NAME")]
        name: Option<String>,
        #[command(subcommand)]
        command: CampaignCommand,
    },
    /// Print the shell completions of fof for SHELL (bash, zsh, fish,
    /// elvish or powershell), to be saved where the shell reads them.
    ///
    /// For bash: `mkdir -p ~/.local/share/bash-completion/completions; fof
    /// completions bash > ~/.local/share/bash-completion/completions/fof`.
    Completions {
        /// The shell to complete for.
        #[arg(value_enum, value_name = "SHELL")]
        shell: clap_complete::Shell,
    },
    /// Print fof's manual page (roff, for `man`): `fof man > fof.1; man
    /// ./fof.1`.
    Man,
}

#[derive(Debug, Clone, Subcommand)]
pub enum CampaignCommand {
    /// Begin a campaign (11.2: the mode is chosen now).
    ///
    /// Without an id, the campaigns are listed and the exit status is 2.
    /// The options of chapter 13 hold for all its missions.
    New {
        /// The campaign's id (`fof list` shows them; without it, they are
        /// listed).
        id: Option<String>,
        #[arg(long, value_enum, default_value_t = crate::play::campaign::Mode::Standard)]
        mode: crate::play::campaign::Mode,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The options of chapter 13, for every mission of the campaign.
        #[command(flatten)]
        streamline: StreamlineArgs,
    },
    /// The company roster with its experience, the missions done and to
    /// come, and the decisions made between missions.
    ///
    /// Each step's experience is shown with the unit's level (10.6), every
    /// mission's result and experience with the decisions made after it,
    /// and the decisions still open.
    Status,
    /// Play the next mission with a bot, record it, and carry the company
    /// on (10.3-11.3), the decisions between missions made as `--between`
    /// says. A mission in progress (the campaign's `current.replay`, left
    /// by `fof`) is resumed: the bot plays it on from where it stands.
    Play {
        #[arg(long, value_enum, default_value_t = crate::play::sim::Bot::Random)]
        bot: crate::play::sim::Bot,
        /// Who makes the decisions between missions: the bot (at random
        /// among those open), the program's suggestion, or the player
        /// (left open for `fof`).
        #[arg(long, value_enum, default_value_t = Decider::Bot)]
        between: Decider,
    },
    /// Play the campaign file again from its beginning: every mission's
    /// replay and every decision between missions; the roster must come
    /// out as the file has it.
    ///
    /// Says how many attempts and decisions it played again when all
    /// holds; else prints what does not (a refused decision as
    /// `campaign.ron:LINE: reason`) and exits 1.
    Verify,
}

/// Who makes the decisions between missions in `fof campaign play`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Decider {
    /// The bot, at random among the decisions open.
    Bot,
    /// The program's suggestion each time.
    Suggestion,
    /// None: they are left open for the player, on the screens `fof`
    /// opens.
    Player,
}

#[derive(Debug, Clone, Args)]
pub struct ReplayArgs {
    /// The replay or save file: one written by `fof sim --record`, or a
    /// game's save (a single mission's `plays/<mission>-seed<seed>.replay`,
    /// a campaign's replays and `current.replay`).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Only check the file: print the final state hash and nothing else
    /// (as `fof sim --json` prints it).
    #[arg(long)]
    pub verify: bool,
    /// Print the log even on a terminal (where the file otherwise opens in
    /// the replay viewer).
    #[arg(long)]
    pub print: bool,
}

#[derive(Debug, Clone, Args)]
pub struct SimArgs {
    /// The mission to play (default: every shipped mission).
    #[arg(long)]
    pub mission: Option<String>,
    /// The first seed; games use seeds N, N+1, ...
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How many games per mission.
    #[arg(long, default_value_t = 1)]
    pub games: u64,
    #[arg(long, value_enum, default_value_t = crate::play::sim::Bot::Random)]
    pub bot: crate::play::sim::Bot,
    /// One JSON object per game on its own line: mission, seed, bot,
    /// outcome, turns, inputs, cards_drawn, hash, casualties (friendly and
    /// enemy steps), vehicles_lost (vehicles of each side brewed up, knocked
    /// out or retreated), contacts (PC markers resolved into enemy units)
    /// and enemy_checks (enemy activity checks made).
    #[arg(long)]
    pub json: bool,
    /// Print every event of every game, with its rule and cards.
    #[arg(long)]
    pub log: bool,
    /// Instead of a line per game, print each mission's aggregates over its
    /// games, read from their after-action reports: the win rate with its
    /// 95% Wilson interval, the turns played, casualty steps, cards,
    /// commands and contacts per game, and histograms of the turns played
    /// and the company's casualties (with --json: one JSON object,
    /// `{"summaries": [...]}`). Not with --log or --record.
    #[arg(long)]
    pub summary: bool,
    /// Write the game as a replay file (`fof replay FILE` plays it again).
    /// One game only: name the mission (unless the data has just one) and
    /// leave --games at 1. An existing FILE is replaced only if it is a
    /// replay or save that loads.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    #[command(flatten)]
    pub streamline: StreamlineArgs,
}

#[derive(Debug, Subcommand)]
pub enum DeckCommand {
    /// The deck's composition and the odds of each word and icon.
    ///
    /// The odds are exact, for draws of 1 to 5 cards.
    Stats {
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Shuffle a fresh deck with a seed and list the cards drawn, one per
    /// line (the reshuffle card shows as R).
    Draw {
        #[arg(long)]
        seed: u64,
        #[arg(long)]
        count: usize,
    },
}

/// Runs a parsed command line. Returns the exit code.
pub fn run(cli: &Cli, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let source = cli.data.source();
    match &cli.command {
        None => {
            let Some((data, learn)) = load_or_report(&source, err) else {
                return 1;
            };
            crate::front::campaign(Arc::new(data), Arc::new(learn), &cli.ui.options(), err)
        }
        Some(Command::Learn(args)) => {
            let Some((data, learn)) = load_or_report(&source, err) else {
                return 1;
            };
            crate::front::learn(
                Arc::new(data),
                Arc::new(learn),
                &cli.ui.options(),
                &args.options(),
                err,
            )
        }
        Some(Command::Play(args)) => {
            let Some((data, learn)) = load_or_report(&source, err) else {
                return 1;
            };
            crate::front::play(
                Arc::new(data),
                Arc::new(learn),
                &cli.ui.options(),
                &args.options(),
                err,
            )
        }
        Some(Command::Check) => {
            // The keys file is data too (reliability F5: a bad one passed
            // the check unmentioned): --keys FILE, else the config
            // folder's keys.ron when there is one.
            if let Err(e) = crate::ui::load_keys(cli.ui.keys.as_deref()) {
                let _ = writeln!(err, "{e}");
                return 1;
            }
            summary(&source, out, err, false)
        }
        Some(Command::Completions { shell }) => completions(*shell, out),
        Some(Command::Man) => man(out, err),
        Some(Command::List { ids }) => {
            let Some((data, _)) = load_or_report(&source, err) else {
                return 1;
            };
            let mut text = String::new();
            if !*ids {
                text.push_str("Missions:\n");
            }
            for m in &data.missions {
                if *ids {
                    text.push_str(&format!("{}\n", m.id));
                } else {
                    text.push_str(&format!(
                        "{:24} {} ({}, {} turns)\n",
                        m.id,
                        m.name,
                        m.kind.label(),
                        m.turns
                    ));
                }
            }
            if !*ids {
                text.push_str("\nCampaigns (fof campaign new ID):\n");
                text.push_str(&campaign_list(&data));
            }
            write_all(out, &text)
        }
        Some(Command::Sim(args)) => {
            let Some((data, _)) = load_or_report(&source, err) else {
                return 1;
            };
            sim(Arc::new(data), args, out, err)
        }
        Some(Command::Campaign { name, command }) => {
            let save_dir = crate::play::folders::save_dir(cli.ui.save_dir.clone());
            let Some((data, _)) = load_or_report(&source, err) else {
                return 1;
            };
            let slot = match crate::play::campaign::folder::slot(&save_dir, name.as_deref()) {
                Ok(s) => s,
                Err(e) => {
                    let _ = writeln!(err, "fof: {e}");
                    return 2;
                }
            };
            campaign(Arc::new(data), command, &slot.dir, out, err)
        }
        Some(Command::Replay(args)) => {
            let Some((data, learn)) = load_or_report(&source, err) else {
                return 1;
            };
            // On a terminal the file opens in the replay viewer; piped or
            // with --verify (or --print) it is played and printed.
            if !args.verify && !args.print && crate::ui::have_terminal() {
                return crate::front::view(
                    Arc::new(data),
                    Arc::new(learn),
                    &cli.ui.options(),
                    &args.file,
                    err,
                );
            }
            replay(Arc::new(data), args, out, err)
        }
        Some(Command::Deck { command }) => {
            let Some((data, _)) = load_or_report(&source, err) else {
                return 1;
            };
            match command {
                DeckCommand::Stats { json } => {
                    let stats = deck_stats(&data.action_cards());
                    let text = if *json {
                        format!("{}\n", stats.to_json())
                    } else {
                        stats.to_text()
                    };
                    write_all(out, &text)
                }
                DeckCommand::Draw { seed, count } => {
                    let mut deck = Deck::new(&data.action, *seed);
                    let mut text = String::new();
                    let mut printed = 0;
                    // Draw one action card at a time so that the reshuffle
                    // card appears in the list where it was turned.
                    while printed < *count {
                        let d = deck.draw(1);
                        for c in d.turned {
                            text.push_str(&c.to_string());
                            text.push('\n');
                            if c != Card::Reshuffle {
                                printed += 1;
                            }
                        }
                    }
                    write_all(out, &text)
                }
            }
        }
    }
}

/// `fof completions SHELL`: the completion script clap_complete makes from
/// the same definitions as the parser, so it never lags behind them.
fn completions(shell: clap_complete::Shell, out: &mut dyn Write) -> i32 {
    // Written to memory first: clap_complete panics when its writer fails
    // (a closed pipe, a full disk), and `write_all` does not.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "fof", &mut script);
    write_bytes(out, &script)
}

/// `fof man`: the manual page, made by clap_mangen from the same
/// definitions as `--help`. One page: each command is a subsection of it
/// with its own synopsis, description and options (clap_mangen's own
/// list would point to a page per command, fof-check(1) and so on, that
/// nothing installs).
fn man(out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let mut page = Vec::new();
    // Rendering into memory fails only if the definitions cannot be
    // written as roff: a bug, but reported rather than a panic.
    if let Err(e) = man_page(&mut page) {
        let _ = writeln!(err, "fof: the manual page could not be made: {e}");
        return 1;
    }
    write_bytes(out, &page)
}

fn man_page(page: &mut Vec<u8>) -> std::io::Result<()> {
    let cmd = Cli::command();
    let man = clap_mangen::Man::new(cmd.clone());
    man.render_title(page)?;
    man.render_name_section(page)?;
    man.render_synopsis_section(page)?;
    man.render_description_section(page)?;
    man.render_options_section(page)?;
    writeln!(page, ".SH COMMANDS")?;
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        man_command(page, sub, &format!("fof {}", sub.get_name()))?;
    }
    if cmd.get_after_long_help().is_some() || cmd.get_after_help().is_some() {
        man.render_extra_section(page)?;
    }
    man.render_version_section(page)
}

/// A command of the manual page as a subsection, `name` as typed
/// ("fof deck stats"), then its own commands, each in full.
fn man_command(page: &mut Vec<u8>, cmd: &clap::Command, name: &str) -> std::io::Result<()> {
    writeln!(page, ".SS \"{name}\"")?;
    let m = clap_mangen::Man::new(cmd.clone().bin_name(name));
    let mut part = Vec::new();
    m.render_synopsis_section(&mut part)?;
    m.render_description_section(&mut part)?;
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        m.render_options_section(&mut part)?;
    }
    // The parts' own headings become paragraphs of the subsection.
    let part = String::from_utf8_lossy(&part)
        .replace(".SH SYNOPSIS\n", "")
        .replace(".SH DESCRIPTION\n", ".PP\n")
        .replace(".SH OPTIONS\n", ".PP\nOptions:\n");
    page.extend_from_slice(part.as_bytes());
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        man_command(page, sub, &format!("{name} {}", sub.get_name()))?;
    }
    Ok(())
}

fn write_all(out: &mut dyn Write, text: &str) -> i32 {
    write_bytes(out, text.as_bytes())
}

fn write_bytes(out: &mut dyn Write, bytes: &[u8]) -> i32 {
    match out.write_all(bytes).and_then(|_| out.flush()) {
        Ok(()) => 0,
        // A closed pipe (e.g. `| head`) is not an error worth a message.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(_) => 1,
    }
}

/// The data set and learn mode's explanations, or `None` after printing
/// every error.
fn load_or_report(source: &DataSource, err: &mut dyn Write) -> Option<(DataSet, Learn)> {
    match crate::learn::load(source) {
        Ok(d) => Some(d),
        Err(errors) => {
            let _ = write!(err, "{errors}");
            let _ = writeln!(err, "{} error(s) in the game data", errors.0.len());
            None
        }
    }
}

fn summary(source: &DataSource, out: &mut dyn Write, err: &mut dyn Write, banner: bool) -> i32 {
    let Some((data, _)) = load_or_report(source, err) else {
        return 1;
    };
    let mut s = String::new();
    if banner {
        s.push_str("fof: Fields of Fire in the terminal (unofficial, original data)\n\n");
    }
    s.push_str(&format!(
        "Action deck: {} action cards + reshuffle card\n",
        data.action_cards().len()
    ));
    for d in &data.terrain {
        s.push_str(&format!(
            "Terrain deck {}: {} cards ({})\n",
            d.id,
            d.cards.len(),
            d.name
        ));
    }
    let us = data
        .units
        .units
        .iter()
        .filter(|u| u.side == crate::data::units::Side::Us)
        .count();
    s.push_str(&format!(
        "Unit types: {} ({} US, {} enemy)\n",
        data.units.units.len(),
        us,
        data.units.units.len() - us
    ));
    s.push_str(&format!(
        "Charts: PC draws, commands, action draws, spotting, {} cover markers, status, VOF, {} visibility levels, {} illumination sources, smoke, stacking\n",
        data.charts.cover_markers.len(),
        data.charts.visibility.len(),
        data.charts.illumination.len()
    ));
    s.push_str(&format!(
        "Learn mode: {} steps, {} events, {} orders, {} procedures explained\n",
        crate::engine::Step::ALL.len(),
        crate::learn::EventKey::ALL.len(),
        crate::learn::ActionKey::ALL.len(),
        crate::learn::Procedure::ALL.len()
    ));
    s.push_str(&format!("Missions: {}\n", data.missions.len()));
    for m in &data.missions {
        s.push_str(&format!(
            "  {}: {} ({}, {} turns, {}x{} map)\n",
            m.id,
            m.name,
            m.kind.label(),
            m.turns,
            m.map.rows,
            m.map.cols
        ));
    }
    s.push_str(&format!("Campaigns: {}\n", data.campaigns.len()));
    for c in &data.campaigns {
        s.push_str(&format!(
            "  {}: {} ({}, {} missions, {} force packages)\n",
            c.id,
            c.name,
            c.year,
            c.missions.len(),
            c.packages.len()
        ));
    }
    s.push_str(&format!("Data hash: {:016x}\n", data.hash));
    if !banner {
        s.push_str("All data is valid.\n");
    }
    write_all(out, &s)
}

fn sim(data: Arc<DataSet>, args: &SimArgs, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let options = args.streamline.options();
    let missions: Vec<String> = match &args.mission {
        Some(m) => {
            if data.mission(m).is_none() {
                let _ = writeln!(err, "no mission `{m}`; `fof list --ids` shows them");
                return 2;
            }
            vec![m.clone()]
        }
        None => data.missions.iter().map(|m| m.id.clone()).collect(),
    };
    if let Some(path) = &args.record {
        if missions.len() != 1 || args.games != 1 {
            let _ = writeln!(
                err,
                "--record writes one game: give --mission ID and leave --games at 1"
            );
            return 2;
        }
        if let Err(e) = crate::play::replay::safe_to_overwrite(path, data.clone()) {
            let _ = writeln!(err, "{e}");
            return 1;
        }
    }
    if args.summary && (args.log || args.record.is_some()) {
        let _ = writeln!(
            err,
            "--summary prints aggregates only: leave out --log and --record"
        );
        return 2;
    }
    let mut failed = false;
    let mut tally: std::collections::BTreeMap<String, u64> = std::collections::BTreeMap::new();
    let mut reports: Vec<(crate::play::report::Report, bool)> = Vec::new();
    let mut summaries: Vec<crate::play::report::Summary> = Vec::new();
    let bar = sim_progress(missions.len() as u64 * args.games, args.json);
    for m in &missions {
        for i in 0..args.games {
            bar.inc(1);
            let seed = args.seed.wrapping_add(i);
            let played = if let Some(path) = &args.record {
                crate::play::sim::play_recorded(data.clone(), m, seed, args.bot, options).map(
                    |(r, rec)| {
                        if args.log {
                            bar.suspend(|| write_log(out, rec.game().log()));
                        }
                        (r, Some((path, rec.text())))
                    },
                )
            } else if args.log {
                crate::play::sim::play_logged(data.clone(), m, seed, args.bot, options).map(
                    |(r, log)| {
                        bar.suspend(|| write_log(out, &log));
                        (r, None)
                    },
                )
            } else if args.summary {
                crate::play::sim::play_game(data.clone(), m, seed, args.bot, options).map(
                    |(r, game)| {
                        let stalled = r.outcome == crate::play::sim::Standing::Stalled;
                        reports.push((crate::play::report::report(&game), stalled));
                        (r, None)
                    },
                )
            } else {
                crate::play::sim::play(data.clone(), m, seed, args.bot, options).map(|r| (r, None))
            };
            let (r, record) = match played {
                Ok(r) => r,
                Err(e) => {
                    let _ = writeln!(err, "{m} seed {seed}: {e}");
                    return 1;
                }
            };
            if let Some((path, text)) = record
                && let Err(e) = crate::play::replay::save_atomic(path, &text)
            {
                let _ = writeln!(err, "{}: cannot write the replay: {e}", path.display());
                return 1;
            }
            failed |= r.outcome == crate::play::sim::Standing::Stalled;
            *tally
                .entry(format!("{} {}", r.mission, r.outcome))
                .or_insert(0) += 1;
            if args.summary {
                continue;
            }
            let line = if args.json {
                serde_json::to_string(&r).unwrap_or_default()
            } else {
                let lost = r.vehicles_lost;
                let vehicles = if lost.friendly + lost.enemy > 0 {
                    format!(
                        ", vehicles lost {} friendly / {} enemy",
                        lost.friendly, lost.enemy
                    )
                } else {
                    String::new()
                };
                format!(
                    "{} seed {}: {} after {} turns, {} inputs, {} cards, casualties {} friendly / {} enemy{vehicles}, hash {}",
                    r.mission,
                    r.seed,
                    r.outcome,
                    r.turns,
                    r.inputs,
                    r.cards_drawn,
                    r.casualties.friendly,
                    r.casualties.enemy,
                    r.hash
                )
            };
            if bar.suspend(|| writeln!(out, "{line}")).is_err() {
                return 0;
            }
        }
        if args.summary {
            summaries.push(crate::play::report::Summary::of(
                m,
                &std::mem::take(&mut reports),
            ));
        }
    }
    bar.finish_and_clear();
    if args.summary {
        let text = if args.json {
            let v = serde_json::json!({ "summaries": summaries });
            format!("{v}\n")
        } else {
            summaries
                .iter()
                .map(|s| s.to_text())
                .collect::<Vec<_>>()
                .join("\n")
        };
        return match write_all(out, &text) {
            0 => i32::from(failed),
            e => e,
        };
    }
    if !args.json {
        for (k, n) in &tally {
            let _ = writeln!(out, "{k}: {n}");
        }
    }
    i32::from(failed)
}

/// The progress bar of a long `fof sim` run: drawn on standard error when
/// that is a terminal, never with `--json` or for a single game, so that
/// piped output holds nothing but the results.
fn sim_progress(games: u64, json: bool) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if json || games < 2 || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(games);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {per_sec}, {eta} left",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

/// Prints events as `fof sim --log` and `fof replay` do.
fn write_log(out: &mut dyn Write, log: &[crate::engine::kernel::events::Event]) {
    for e in log {
        let cards: Vec<String> = e.cards.iter().map(|c| c.card.to_string()).collect();
        let cards = if cards.is_empty() {
            String::new()
        } else {
            format!(" [cards {}]", cards.join(" "))
        };
        if writeln!(out, "T{} {:>7}  {}{}", e.turn, e.rule, e.text, cards).is_err() {
            return;
        }
    }
}

/// `fof replay FILE [--verify]`: exit 0 if the file plays back exactly.
fn replay(data: Arc<DataSet>, args: &ReplayArgs, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let path = args.file.display();
    let game = match crate::play::replay::load(&args.file, data) {
        Ok(g) => g,
        Err(e) => {
            let _ = match e.line {
                Some(_) => writeln!(err, "{path}:{e}"),
                None => writeln!(err, "{path}: {e}"),
            };
            return 1;
        }
    };
    let hash = crate::engine::kernel::hash::hex(game.state_hash());
    if args.verify {
        return write_all(out, &format!("{hash}\n"));
    }
    write_log(out, game.log());
    let _ = writeln!(out);
    let _ = write!(out, "{}", crate::play::report::report(&game).to_text());
    let _ = writeln!(out);
    let s = game.state();
    let outcome = crate::play::sim::Standing::of(s.outcome.as_ref());
    write_all(
        out,
        &format!(
            "{} seed {}: {} after {} turns, {} inputs, hash {}\n",
            s.mission, s.seed, outcome, s.turn, s.counters.inputs, hash
        ),
    )
}

/// `fof campaign ...`: the campaign file lives in `dir`; a file that does
/// not load is reported and never overwritten.
fn campaign(
    data: Arc<DataSet>,
    command: &CampaignCommand,
    dir: &std::path::Path,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    use crate::play::campaign::{self as c, Campaign};
    let path = c::file_in(dir);
    let fail = |err: &mut dyn Write, msg: String| {
        let _ = writeln!(err, "{msg}");
        1
    };
    match command {
        CampaignCommand::New {
            id,
            mode,
            seed,
            streamline,
        } => {
            let Some(id) = id else {
                let _ = writeln!(
                    err,
                    "fof campaign new: which campaign? Give its id:\n{}",
                    campaign_list(&data)
                );
                return 2;
            };
            if path.exists() {
                let why = match c::load(&path, &data) {
                    Ok(_) => "a campaign is already in progress there (fof campaign status); give the new one a --name, or choose another --save-dir".to_string(),
                    Err(e) => format!("{e}; it is left as it is"),
                };
                return fail(err, format!("{}: {why}", path.display()));
            }
            let mut camp = match Campaign::new(&data, id, *mode, *seed) {
                Ok(x) => x,
                Err(e) => return fail(err, e.to_string()),
            };
            camp.options = streamline.options();
            if let Err(e) = c::save(&path, &data, &camp) {
                return fail(err, format!("{}: cannot save: {e}", path.display()));
            }
            write_all(
                out,
                &format!(
                    "Campaign saved to {}.\n{}",
                    path.display(),
                    c::status(&camp, &data)
                ),
            )
        }
        CampaignCommand::Status => match c::load_checked(dir, &data) {
            Ok(camp) => write_all(out, &c::status(&camp, &data)),
            Err(e) => fail(err, e),
        },
        CampaignCommand::Verify => match c::verify(dir, &data) {
            Ok(s) => write_all(out, &s),
            Err(e) => fail(err, e),
        },
        CampaignCommand::Play { bot, between } => {
            use crate::play::session::{ApplyError, Session};
            let mut session = match Session::open(data.clone(), dir) {
                Ok(s) => s,
                Err(e) => return fail(err, e.to_string()),
            };
            let mission = session.game().state().mission.clone();
            let mut rng = crate::play::sim::bot_rng(session.seed() ^ session.recorder().inputs());
            let mut n = session.recorder().inputs();
            while !session.game().is_over() && n < crate::play::sim::MAX_INPUTS {
                let legal = session.game().legal_inputs();
                let Some(i) = crate::play::sim::choose(*bot, &mut rng, session.game(), &legal)
                else {
                    break;
                };
                match session.apply(&i) {
                    Ok(_) => {}
                    Err(ApplyError::Illegal(e)) => {
                        return fail(err, format!("the bot's input was refused: {e}"));
                    }
                    Err(ApplyError::NotSaved { error, .. }) => return fail(err, error.to_string()),
                }
                n += 1;
            }
            if !session.game().is_over() {
                return fail(err, format!("{mission} stalled after {n} inputs"));
            }
            let mut finished = match session.finish() {
                Ok(f) => f,
                Err(e) => return fail(err, e.to_string()),
            };
            // The decisions between missions.
            while let Some(camp) = session.campaign() {
                let open = camp.choices();
                if *between == Decider::Player {
                    break;
                }
                let choice = match between {
                    Decider::Suggestion => camp.suggestion().or_else(|| open.first().cloned()),
                    Decider::Bot | Decider::Player => crate::play::sim::pick(&mut rng, &open),
                };
                let Some(choice) = choice else {
                    break;
                };
                if let Err(e) = session.choose(&choice) {
                    return fail(err, e.to_string());
                }
            }
            if let Some(f) = session.finished() {
                finished = f.clone();
            }
            let note = session
                .resume_note()
                .map(|s| format!("{s}\n"))
                .unwrap_or_default();
            write_all(
                out,
                &format!(
                    "{note}Replay saved to {}.\n{}",
                    finished.replay.display(),
                    finished.status
                ),
            )
        }
    }
}

/// The shipped campaigns, one line each: id, name, missions.
fn campaign_list(data: &crate::data::DataSet) -> String {
    data.campaigns
        .iter()
        .map(|c| {
            format!(
                "{:24} {} ({} missions: {})\n",
                c.id,
                c.name,
                c.missions.len(),
                c.missions.join(", ")
            )
        })
        .collect()
}
