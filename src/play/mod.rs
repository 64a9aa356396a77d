//! Playing games with the engine, below the front ends: saves and replays
//! ([`replay`]), the campaign carried from mission to mission
//! ([`campaign`], 10.3-10.7 and 11.0-11.3), one mission played and saved
//! input by input ([`session`]), the bots and `fof sim` ([`sim`]), and the
//! after-action report of a game ([`report`]), and the folders on the
//! player's machine where all that is kept ([`folders`]).
//!
//! These use the engine's public API only (a game changes by legal inputs)
//! and know nothing of the terminal.

pub mod campaign;
pub mod folders;
pub mod planner;
pub mod replay;
pub mod report;
pub mod session;
pub mod sim;
