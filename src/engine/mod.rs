//! The rules engine: pure, deterministic, no terminal, no files, no clock.
//!
//! [`Game`] is the entry point: it sets a mission up, runs the sequence of
//! play by itself, and stops when the player must decide; [`Game::prompt`]
//! says what is decided and [`Game::legal_inputs`] lists every input the
//! engine accepts. Every change is logged as an [`events::Event`] with its
//! rule section and the cards drawn.

pub mod actions;
pub mod activity;
pub mod ammo;
pub mod c2;
pub mod combat;
pub mod combat_orders;
pub mod command;
pub mod comms;
pub mod contact;
pub mod deck;
pub mod engage;
pub mod events;
pub mod fire;
pub mod forecast;
pub mod game;
pub mod hash;
pub mod hierarchy;
pub mod los;
pub mod movement;
pub mod orders;
pub mod phases;
pub mod pos;
pub mod rally;
pub mod reattempt;
pub mod sequence;
pub mod setup;
pub mod sight;
pub mod signals;
pub mod skills;
pub mod state;
pub mod support;
pub mod victory;

pub use events::{CardRead, Event, EventKind, Section};
pub use game::{Decision, Game, Illegal, Input, Prompt, SetupError};
pub use orders::{Action, Needed, Order, TeamKind};
pub use pos::CardPos;
pub use sequence::Step;
pub use state::{CoverId, Options, State, UnitId};
