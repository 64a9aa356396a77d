//! Combat (chapter 6): fire on the map ([`fire`], 6.1-6.2), engaging
//! ([`engage`], 6.1, 6.2.3), combat resolution with the Net Combat Modifier
//! and hit effects ([`resolution`], 6.3), the combat actions of the Action
//! Menu ([`actions`], 4.2.4, 6.4-6.6), indirect fire support ([`support`],
//! 6.7), ammunition ([`ammo`], 6.8), mutual capture, retreat and prisoners
//! ([`capture`], 3.5, 9.13), and mines and claymores ([`mines`], 9.5).

pub mod actions;
pub mod ammo;
pub mod capture;
pub mod engage;
pub mod fire;
pub mod hits;
pub mod mines;
pub mod resolution;
pub mod support;
