//! The enemy (chapter 9): the Current Activity Level ([`activity`], 9.1),
//! Potential Contact markers and generating the enemy ([`contact`], 9.1.5,
//! 9.2-9.3), and the enemy's activity checks on the hierarchy tables, with
//! its spotters ([`hierarchy`], 9.4, 9.6-9.8).

pub mod activity;
pub mod contact;
pub mod gas;
pub mod hierarchy;
pub mod moves;
pub mod spotters;
