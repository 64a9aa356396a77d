//! `fof`: the Fields of Fire system (2nd edition rules) for the terminal.
//!
//! Layers, each using only those before it: [`data`] (schemas, loading,
//! validation of the RON files) -> [`engine`] (the rules: pure and
//! deterministic, all chance from the Action deck) -> [`play`] (saves and
//! replays, sessions, the campaign, the bots) and [`learn`] (learn mode's
//! explanations, keyed by the engine's steps, events and orders) -> [`ui`]
//! (the terminal front end) -> [`front`] (which game the front end opens)
//! -> [`cli`] (the command line). The binary only parses the command line.

pub mod cli;
pub mod data;
pub mod engine;
pub mod front;
pub mod learn;
pub mod play;
pub mod ui;
