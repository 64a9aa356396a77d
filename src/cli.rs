//! The command line: argument parsing and the commands that print.
//!
//! Every command writes to the writers it is given and returns the process
//! exit code, so tests run them without spawning a process.

use crate::data::stats::deck_stats;
use crate::data::{DataSet, DataSource, load};
use crate::engine::deck::{Card, Deck};
use clap::{Args, Parser, Subcommand};
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(
    name = "fof",
    version,
    about = "Fields of Fire (2nd edition rules) in the terminal: an unofficial implementation with original data"
)]
pub struct Cli {
    #[command(flatten)]
    pub data: DataArg,
    #[command(subcommand)]
    pub command: Option<Command>,
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
    Check,
    /// Inspect the Action deck.
    Deck {
        #[command(subcommand)]
        command: DeckCommand,
    },
}

#[derive(Debug, Subcommand)]
pub enum DeckCommand {
    /// The deck's composition and the odds of each word and icon.
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
        None => summary(&source, out, err, true),
        Some(Command::Check) => summary(&source, out, err, false),
        Some(Command::Deck { command }) => {
            let Some(data) = load_or_report(&source, err) else {
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

fn write_all(out: &mut dyn Write, text: &str) -> i32 {
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => 0,
        // A closed pipe (e.g. `| head`) is not an error worth a message.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(_) => 1,
    }
}

fn load_or_report(source: &DataSource, err: &mut dyn Write) -> Option<DataSet> {
    match load(source) {
        Ok(d) => Some(d),
        Err(errors) => {
            let _ = write!(err, "{errors}");
            let _ = writeln!(err, "{} error(s) in the game data", errors.0.len());
            None
        }
    }
}

fn summary(source: &DataSource, out: &mut dyn Write, err: &mut dyn Write, banner: bool) -> i32 {
    let Some(data) = load_or_report(source, err) else {
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
    s.push_str(&format!("Data hash: {:016x}\n", data.hash));
    if !banner {
        s.push_str("All data is valid.\n");
    }
    write_all(out, &s)
}
