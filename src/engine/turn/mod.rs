//! The driver: setting a game up and running the sequence of play
//! (chapter 3) step by step ([`driver`]), the automatic work of each phase
//! and segment ([`phases`], 3.1-3.8), the Action Menu as a whole ([`menu`],
//! 4.2), orders given with a skill marker ([`skilled`], 10.7), the odds
//! of an input before it is given ([`forecast`]) and why the orders that
//! cannot be given now are refused ([`refusals`]).

pub mod choices;
pub mod driver;
pub mod forecast;
pub mod menu;
pub mod phases;
pub mod refusals;
pub mod skilled;
