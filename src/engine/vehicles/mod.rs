//! Vehicles (chapter 7) and the enemy's (9.10): who may fire at a vehicle
//! and how that fire is resolved (7.5-7.7, [`at`]), moving and activating
//! them ([`moves`]), and the Vehicle Movement and Combat Phase itself
//! (3.6, 7.2, 7.5 D, 9.10, [`phase`]); transport ([`transport`], 7.4);
//! who orders a vehicle ([`radio`], 7.1.1); attack helicopters and forward
//! air controllers ([`air`], 7.1.2, 7.1.3, 7.3.2, with the AT results of
//! 7.7 B in [`at`]); fixed-wing gunships ([`gunship`], 7.1.4).
//!
//! What this edition has of the chapter: ground vehicles of both sides
//! (tanks, tank destroyers, assault guns, half-tracks, jeeps, trucks, towed
//! AT guns) and AT-capable infantry teams; their activation (7.2: the CO
//! HQ, a vehicle platoon's own HQ with its impulse, the infantry platoon HQ
//! a vehicle is attached to, or General Initiative); ground movement with
//! each card's trafficability and the vehicle capacity (7.3.1, 1.2.1 I); AT
//! fire with move-then-fire, reaction fire, spotting (7.5 E), Quick Shots
//! and G! weapons (7.5-7.6); every result for vehicles (7.7 A) with wrecks
//! and burning wrecks; main-gun ammunition, smoke and WP rounds (7.8);
//! enemy vehicles activated by activity checks with the mission's
//! priorities (9.10), mines under vehicles (9.5) and the spotters' priority
//! for them (9.8). A vehicle's fire at infantry is placed and resolved with
//! everyone's in the Combat Phase (`combat::fire`, `combat::engage`, 7.5 A
//! note). Units, casualties, ammunition and assets ride in and on the
//! company's vehicles (7.4.1-7.4.4, 4.2.2 h), and preplanned transports
//! keep their schedules (7.2.1); the enemy's vehicles carry no passengers,
//! 9.10 giving them movement and combat only. Attack helicopters are called like air
//! strikes, placed on their target under the enemy's fire, attack it and
//! one card beside it, loiter a second turn, and are shot down or abort
//! as 7.7 B gives it. A forward air controller aircraft flies over a card
//! each turn for five turns, marks a target with its WP rocket and calls
//! its agency's strikes and helicopters (7.1.3). A gunship flies each night
//! turn with no command, over any card and above the enemy's fire, and
//! fires on and lights three cards around it (7.1.4). Transport
//! helicopters carry an air assault between the helicopter staging areas
//! and the landing zone ([`heli`], 7.4.5, 2.4.2 B, 2.4.3); landing zones
//! designated in play and the MEDEVAC LZ are in [`lz`] (4.2.1 l, 5.1.7).

pub mod air;
pub mod at;
pub mod gunship;
pub mod heli;
pub mod lz;
pub mod moves;
pub mod phase;
pub mod radio;
pub mod transport;
