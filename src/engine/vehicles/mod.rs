//! Vehicles (chapter 7) and the enemy's (9.10): who may fire at a vehicle
//! and how that fire is resolved (7.5-7.7, [`at`]), moving and activating
//! them ([`moves`]), and the Vehicle Movement and Combat Phase itself
//! (3.6, 7.2, 7.5 D, 9.10, [`phase`]); transport ([`transport`], 7.4).
//!
//! What this edition has of the chapter, and what it has not yet: ground
//! vehicles of both sides (tanks, tank destroyers, assault guns,
//! half-tracks, jeeps, trucks, towed AT guns) and AT-capable infantry teams, their
//! activation (7.2: the CO HQ, the platoon HQ a vehicle is attached to, or
//! General Initiative), ground movement with each card's trafficability and
//! the vehicle capacity (7.3.1, 1.2.1 I), AT fire with move-then-fire,
//! reaction fire, spotting (7.5 E), Quick Shots and G! weapons (7.5-7.6),
//! every result for vehicles (7.7 A) with wrecks and burning wrecks,
//! main-gun ammunition
//! (7.8), enemy vehicles activated by activity checks with the mission's
//! priorities (9.10), mines under vehicles (9.5) and the spotters'
//! priority for them (9.8). A vehicle's fire at infantry is placed and
//! resolved with everyone's in the Combat Phase (`combat::fire`,
//! `combat::engage`, 7.5 A note). Units and casualties ride in and on
//! the company's vehicles (7.4.1-7.4.4), and preplanned transports keep
//! their schedules (7.2.1). Not yet: vehicle platoon HQs with
//! their own impulse, helicopters and
//! aircraft (7.1.2-7.1.4, 7.3.2, 7.4.5), loading assets onto vehicles
//! (4.2.2 h D: ammunition is loaded and unloaded). Smoke and WP rounds
//! (7.8) are fired in a vehicle's activation where the mission gives them.

pub mod at;
pub mod moves;
pub mod phase;
pub mod radio;
pub mod transport;
