//! The floor every rule stands on: the game state ([`state`]), the Action
//! deck and its draws ([`deck`], 1.2.2 E-F), events with their rule
//! sections ([`events`]), the state hash ([`hash`]), positions on the map
//! grid ([`pos`], 2.2), the steps of the sequence of play ([`sequence`],
//! 3.0-3.8), and the [`game::Game`] itself with the accessors, draws and
//! logging that every rule uses.
//!
//! Nothing here imports a rule: the rules import the kernel.

pub mod deck;
pub mod events;
pub mod game;
pub mod hash;
pub mod ids;
pub mod input;
pub mod pos;
pub mod sequence;
pub mod state;
pub mod units;
