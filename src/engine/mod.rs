//! The rules engine: pure, deterministic, no terminal, no files, no clock.
//!
//! [`Game`] is the entry point: it sets a mission up, runs the sequence of
//! play by itself, and stops when the player must decide; [`Game::prompt`]
//! says what is decided and [`Game::legal_inputs`] lists every input the
//! engine accepts. Every change is logged as an [`Event`] with its rule
//! section and the cards drawn.
//!
//! The folders follow the rulebook, and imports run one way: a folder
//! uses only the folders below it in this table (`tests/architecture.rs`
//! checks it, and that no two files import each other in a circle). The
//! README's "Architecture" section maps every rule section to its file.
//!
//! | folder | rules |
//! |---|---|
//! | [`turn`] | the driver: the sequence of play (chapter 3) step by step, the prompt and the inputs, the Action Menu's dispatch (4.2), orders given with skills (10.7), odds |
//! | [`command`] | command and control: commands drawn, spent and saved (4.1), the C2 actions (4.2.1), runners and lines (4.3.4-4.3.5), signals (4.3.6) |
//! | [`enemy`] | the enemy (chapter 9): activity level, contact and placement, activity checks, moves, spotters, tear gas |
//! | [`vehicles`] | vehicles (chapter 7) and the enemy's (9.10): activation, movement with trafficability, AT Combat and its results, the Vehicle Movement and Combat Phase (3.6) |
//! | [`movement`] | movement (4.2.2, 5.1): moving, infiltrating, cover, carrying |
//! | [`recovery`] | after combat: rally and reconstitution (4.2.3, 10.1-10.2), victory and experience (11.0, 10.3.1), reattempts (11.1) |
//! | [`combat`] | combat (chapter 6): fire on the map, engaging, the NCM and hit effects, combat actions (4.2.4), fire support, ammunition, capture and retreat (3.5), mines (9.5) |
//! | [`orders`] | giving orders (4.0-4.3): the chain of command, communication, the action attempt, skill markers (10.7) |
//! | [`map`] | the map (chapter 2, 5.2, chapter 8): set-up, the ground and visibility, LOS and range, sight, revealing and expanding the map |
//! | [`kernel`] | the floor: the game and its state, ids, inputs and orders as data, the deck (1.2.2), events, the state hash, positions, the steps of the sequence of play, units entering and leaving play |
//!
//! Urban warfare (chapter 12) will have a folder of its own above movement
//! (`urban`).

pub(crate) mod combat;
pub(crate) mod command;
pub(crate) mod enemy;
pub mod kernel;
pub(crate) mod map;
pub(crate) mod movement;
pub(crate) mod orders;
pub(crate) mod recovery;
pub mod testing;
pub(crate) mod turn;
pub(crate) mod vehicles;

pub use kernel::events::{CardRead, Event, EventKind, Needed, Section};
pub use kernel::game::{Game, Illegal, SetupError};
pub use kernel::ids::{CoverId, UnitId};
pub use kernel::input::{Action, Answer, Decision, Input, Order, Prompt, TeamKind};
pub use kernel::pos::CardPos;
pub use kernel::sequence::Step;
pub use kernel::state::{Options, State};
