//! Command and control (chapter 4): commands drawn, spent and saved
//! ([`draws`], 4.1), the command and control actions of the Action Menu
//! ([`actions`], 4.2.1), runners and telephone lines ([`runners`],
//! 4.3.4-4.3.5), pyrotechnic signals ([`signals`], 4.3.6) and vehicle
//! platoon HQs' impulses ([`vehicle_hqs`], 7.1.1); why a step of
//! impulses hands out none ([`impulses`], 3.3).

pub mod actions;
pub mod draws;
pub mod impulses;
pub mod runners;
pub mod signals;
pub mod vehicle_hqs;
