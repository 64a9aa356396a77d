//! The rules engine: pure, deterministic, no terminal, no files, no clock.

pub mod deck;
pub mod los;
pub mod pos;
