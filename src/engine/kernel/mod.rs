//! The floor every rule stands on: the [`game::Game`] with the accessors,
//! draws and logging every rule uses; the game state ([`state`]) and the
//! ids it names things by ([`ids`]); the inputs and the Action Menu's
//! orders as data ([`input`]); the Action deck and its draws ([`deck`],
//! 1.2.2 E-F); events with their rule sections ([`events`]) and a section
//! as a typed value ([`clause`]); what a draw reads ([`reading`]); the state
//! hash ([`hash`]); positions on the map grid ([`pos`], 2.2); the steps of
//! the sequence of play ([`sequence`], 3.0-3.8); units entering, changing
//! and leaving play ([`units`]); the list of units with the cards they
//! stand on ([`roster`]); what units carry ([`asset`]); the kinds of VOF
//! ([`vof`]); why an input is refused ([`why`]); the narrator, the words of every
//! event and refusal ([`words`]).
//!
//! Nothing here imports a rule: the rules import the kernel.

pub mod answer;
pub mod asset;
pub mod clause;
pub mod deck;
pub mod events;
pub mod fold;
pub mod game;
pub mod hash;
pub mod ids;
pub mod input;
pub mod names;
pub mod pos;
pub mod purpose;
pub mod reading;
pub mod roster;
pub mod sequence;
pub mod state;
pub mod undo;
pub mod units;
pub mod vehicle;
pub mod vof;
pub mod why;
pub mod words;
