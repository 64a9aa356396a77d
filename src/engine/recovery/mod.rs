//! After combat: rally and reconstitution ([`rally`], 4.2.3, 10.1-10.2),
//! the mission's outcome and the experience it earns ([`victory`], 11.0,
//! 10.3.1), and reattempting a failed mission ([`reattempt`], 11.1).

pub mod rally;
pub mod reattempt;
pub mod victory;
