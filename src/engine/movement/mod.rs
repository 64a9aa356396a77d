//! Movement (5.1, 5.2.3): the movement actions of the Action Menu
//! ([`actions`], 4.2.2): moving between cards, infiltrating, seeking and
//! moving to cover; and carrying ammunition, assets and casualties
//! ([`carrying`], 5.1.6).

pub mod actions;
pub mod carrying;
