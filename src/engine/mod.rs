//! The rules engine: pure, deterministic, no terminal, no files, no clock.
//!
//! [`Game`] is the entry point: it sets a mission up, runs the sequence of
//! play by itself, and stops when the player must decide; [`Game::prompt`]
//! says what is decided and [`Game::legal_inputs`] lists every input the
//! engine accepts. Every change is logged as an [`Event`] with its rule
//! section and the cards drawn.
//!
//! The folders follow the rulebook, and imports run one way, from the top
//! of this list to the bottom (`tests/architecture.rs` checks it):
//!
//! | folder | rules |
//! |---|---|
//! | [`turn`] | the driver: the sequence of play (3.x) step by step, inputs, the Action Menu's dispatch, odds |
//! | [`command`] | command and control: command draws (4.1.2), the C2 actions (4.2.1), signals (4.3.6) |
//! | [`enemy`] | the enemy (9.x): contact, placement, activity checks and their tables |
//! | [`movement`] | movement (4.2.2, 5.1, 5.2.3) |
//! | [`combat`] | combat (6.x): fire, engagement, the NCM and hit effects, combat actions, fire support, ammunition, mines |
//! | [`recovery`] | after combat: rally and reconstitution (4.2.3, 10.1-10.2), victory (11.0, 10.3.1), reattempts (11.1) |
//! | [`orders`] | giving orders (4.2, 4.3): the chain of command, communication, the attempt, skill markers (10.7) |
//! | [`map`] | the map (2.x, 5.2, 8.x): set-up, LOS and range, sight |
//! | [`kernel`] | the floor: the game state, the deck (1.2.2), events, the state hash, positions, the steps of the sequence of play (3.x) |
//!
//! Vehicles (chapter 7) will have a folder of their own between combat and
//! the enemy, and urban warfare (chapter 12) one beside movement.

pub mod combat;
pub mod command;
pub mod enemy;
pub mod kernel;
pub mod map;
pub mod movement;
pub mod orders;
pub mod recovery;
pub mod turn;

pub use kernel::events::{CardRead, Event, EventKind, Needed, Section};
pub use kernel::game::{Game, Illegal, SetupError};
pub use kernel::ids::{CoverId, UnitId};
pub use kernel::input::{Action, Decision, Input, Order, Prompt, TeamKind};
pub use kernel::pos::CardPos;
pub use kernel::sequence::Step;
pub use kernel::state::{Options, State};
