//! Helpers shared by the test files, one copy each:
//!
//! - [`setup`]: the shipped data, test missions and the games built on them;
//! - [`board`]: arranging a position on a game (the map, units, cover, fire,
//!   the impulse);
//! - [`cards`]: finding action cards by what they show and stacking the deck;
//! - [`inputs`]: building orders and applying inputs that must be legal or
//!   refused;
//! - [`sources`]: the data sources, edited and loaded, and copies of the
//!   data folders on disk;
//! - [`campaign`]: a campaign begun, its members, a squad left as a
//!   mission might leave it;
//! - [`screen`]: a screen drawn without a terminal, as text.
//!
//! Every helper is re-exported here: `use common::{id, put, ...}`.

#![allow(dead_code)]

pub mod board;
pub mod campaign;
pub mod cards;
pub mod inputs;
pub mod screen;
pub mod setup;
pub mod sources;

// Not every helper is used by the test files at every moment: a re-export
// left unused is not a fault.
#[allow(unused_imports)]
pub use {board::*, campaign::*, cards::*, inputs::*, screen::*, setup::*, sources::*};
