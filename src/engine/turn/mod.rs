//! The driver: the sequence of play (chapter 3) run step by step, the
//! automatic work of each phase and segment ([`phases`], 3.1-3.8), the
//! Action Menu's dispatch to its four families ([`menu`], 4.2), and the
//! odds of an input before it is given ([`forecast`]).

pub mod driver;
pub mod forecast;
pub mod menu;
pub mod phases;
pub mod skilled;
