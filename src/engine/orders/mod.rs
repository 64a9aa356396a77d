//! Giving orders (4.0-4.3): who may order whom through the chain of command
//! and communication ([`chain`], [`comms`]), and the action attempt with
//! its draw, skill markers and failures ([`attempts`], [`skills`], 10.7),
//! and what the menu asks of each family's candidates ([`wanted`]).
//! The orders themselves are data in `kernel::input`; each chapter judges
//! and carries out its own family of the Action Menu, and `turn::menu`
//! dispatches to them.

pub mod attempts;
pub mod chain;
pub mod comms;
pub mod skills;
pub mod wanted;
