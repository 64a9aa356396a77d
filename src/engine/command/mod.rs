//! Command and control (chapter 4): command draws ([`draws`], 4.1.2), the
//! command and control actions of the Action Menu ([`actions`], 4.2.1) and
//! pyrotechnic signals ([`signals`], 4.3.6).

pub mod actions;
pub mod draws;
pub mod runners;
pub mod signals;
