//! The map (chapter 2, 5.2, chapter 8): preparing a mission ([`setup`],
//! 2.0-2.4), the ground and the visibility ([`ground`], 5.2.2, 8.0), line of
//! sight and range ([`los`], 5.2.1-5.2.2, 8.1-8.4), sight on the game's map
//! ([`sight`]), revealing and expanding the map ([`reveal`], 5.2,
//! 9.2.2), and where our units may go on it ([`bounds`], 2.4.1 A, 9.2.2).

pub mod bounds;
pub mod ground;
pub mod los;
pub mod reveal;
pub mod setup;
pub mod sight;
