//! The enemy (chapter 9): the Current Activity Level ([`activity`], 9.1),
//! Potential Contact markers and generating the enemy ([`contact`], 9.1.5,
//! 9.2-9.3), activity checks on the hierarchy tables ([`hierarchy`], 9.4),
//! the enemy's moves, withdrawals and leaders ([`moves`], 9.4, 9.7, 9.9),
//! its indirect-fire spotters ([`spotters`], 9.8), and tear gas
//! ([`gas`], 4.3.6 D).

pub mod activity;
pub mod contact;
pub mod gas;
pub mod hierarchy;
pub mod moves;
pub mod spotters;
