//! The answers: what the player says when the rules stop a procedure to
//! ask a question, and the steps of the vehicle and air phase. They are
//! one variant of [`Input`], so the list of them is written once, here,
//! with the rule and the units of each.
//!
//! [`Input`]: crate::engine::kernel::input::Input

use crate::engine::kernel::ids::{CoverId, UnitId};
use crate::engine::kernel::pos::CardPos;
use serde::{Deserialize, Serialize};

/// An answer: what the player says when the rules stop a procedure to
/// ask ([`Choice`]), and the steps of the vehicle and air phase (7.2-7.8).
/// These are not orders: they spend no command. An input is an answer by
/// its variant ([`Input::Answer`]), never by a list.
///
/// [`Choice`]: crate::engine::kernel::input::Choice
/// [`Input::Answer`]: crate::engine::kernel::input::Input::Answer
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Answer {
    /// 4.2.2 b: a unit of a platoon move ends under this cover marker on
    /// its new card, or under none.
    MoverCover {
        unit: UnitId,
        cover: Option<CoverId>,
    },
    /// 3.3.1 B: the runner that reached `hq` activates it, or not.
    RunnerActivates {
        runner: UnitId,
        hq: UnitId,
        activate: bool,
    },
    /// 5.1.6 B: the unit goes on picking up the item at `item` on its
    /// card, or (none) stops.
    PickUpMore { unit: UnitId, item: Option<usize> },
    /// 6.7.2 G: the battalion fires on these two cards bordering the
    /// target, or (none named) the mission is not taken.
    BattalionFire { cards: Vec<CardPos> },
    /// 11.4: these units go out on the combat patrol; the rest of the
    /// company stays where it stands.
    NamePatrol { units: Vec<UnitId> },
    /// 2.4.1 B: the unit sets up on this card.
    SetUpAt { unit: UnitId, at: CardPos },
    /// 2.4.1 B: every unit not yet placed keeps the briefing's position.
    KeepPlan,
    /// 2.3.2: the asset `from` holds at the set-up goes with `to` (the
    /// same unit: it stays where the briefing put it).
    Carry {
        asset: crate::engine::kernel::asset::Asset,
        from: UnitId,
        to: UnitId,
    },
    /// 2.3.2: every asset not yet handed out stays with the holder the
    /// briefing names.
    KeepAssets,
    /// 2.3.3, 4.3.6: the signal `device` carries `order` (none: it means
    /// nothing this mission).
    SignalMeans {
        device: crate::data::mission::Pyro,
        order: Option<crate::data::mission::SignalOrder>,
    },
    /// 2.3.3: every signal not yet given a meaning keeps the briefing's.
    KeepSignals,
    /// 7.1.1: before the mission, the vehicle goes to the infantry
    /// platoon of HQ `to`, whose HQ then activates it, or (none) stays
    /// with its vehicle platoon.
    AttachVehicle {
        vehicle: crate::engine::kernel::ids::VehicleId,
        to: Option<UnitId>,
    },
    /// 10.2.1: the teams of a successful Reconstitute Squad re-form as
    /// this removed squad.
    Reform { squad: UnitId },
    /// 9.13: this unit guards the prisoners just taken (a squad gives up
    /// one step to do it).
    Guard { unit: UnitId },
    /// 3.5: the litter team retreats to this card, taking this casualty
    /// along (none: the one it carries, or none to take).
    RetreatTo {
        unit: UnitId,
        to: CardPos,
        casualty: Option<UnitId>,
    },
    /// 11.1 step 3: before a new attempt, the unit takes position on this
    /// friendly secured card (its own card: it stays).
    RepositionAt { unit: UnitId, at: CardPos },
    /// 11.1 step 3: every unit not yet repositioned stays where it stands.
    KeepPositions,
    /// 11.1 step 3: the repositioned unit goes under this cover marker of
    /// its card, or under none.
    TakeCover {
        unit: UnitId,
        cover: Option<CoverId>,
    },
    /// 7.3.1, 7.5 B: the activated vehicle moves to this adjacent card.
    VehicleMove {
        vehicle: crate::engine::kernel::ids::VehicleId,
        to: CardPos,
    },
    /// 7.5 A, C, 7.6: the shooter fires at this enemy vehicle.
    VehicleFire {
        shooter: crate::engine::kernel::vehicle::Shooter,
        target: crate::engine::kernel::ids::VehicleId,
    },
    /// 7.5 E: the activated vehicle tries to spot the unspotted enemy on
    /// this card, in lieu of firing.
    VehicleSpot {
        vehicle: crate::engine::kernel::ids::VehicleId,
        target: CardPos,
    },
    /// 7.2: the shooter's activation is complete (Moved/Fired).
    VehicleEnd {
        shooter: crate::engine::kernel::vehicle::Shooter,
    },
    /// 7.8: the activated vehicle fires a smoke (or white phosphorus)
    /// round at this card, in lieu of firing at a vehicle.
    VehicleSmoke {
        vehicle: crate::engine::kernel::ids::VehicleId,
        target: CardPos,
        wp: bool,
    },
    /// 7.1.2, 7.3.2: the called section of attack helicopters this aircraft
    /// belongs to is placed on its target card and attacks it, and this
    /// adjacent card too while both aircraft are undamaged.
    AirAttack {
        vehicle: crate::engine::kernel::ids::VehicleId,
        adjacent: Option<CardPos>,
    },
    /// 7.1.3: the forward air controller aircraft comes over this card for
    /// the turn (the enemy there fires at it); 7.1.4: a gunship does, high
    /// above the enemy's fire.
    AirPlace {
        vehicle: crate::engine::kernel::ids::VehicleId,
        at: CardPos,
    },
    /// 7.1.3: it marks this card, its own or an adjacent one (the WP
    /// rocket's close range), with white phosphorus.
    FacMark {
        vehicle: crate::engine::kernel::ids::VehicleId,
        target: CardPos,
    },
    /// 7.1.3: it calls its air agency's strike or helicopters onto this
    /// card, its own or an adjacent one, once a turn, with no command.
    FacCall {
        vehicle: crate::engine::kernel::ids::VehicleId,
        kind: crate::data::mission::FmKind,
        target: CardPos,
    },
    /// 2.4.3: in the landing plan, this unit boards this helicopter, or
    /// (`None`) gets off into the Pickup Zone.
    Board {
        unit: UnitId,
        vehicle: Option<crate::engine::kernel::ids::VehicleId>,
    },
    /// 2.4.3: the landing plan is made.
    LandingPlanDone,
    /// 7.4.5: in a landing plan made in play, the card becomes a card of
    /// the air assault's landing zone.
    PlanLandingZone { at: CardPos },
    /// 7.4.5: the transport helicopter flies to this helicopter staging
    /// area, or lands on this LZ card.
    HeliFly {
        vehicle: crate::engine::kernel::ids::VehicleId,
        to: CardPos,
    },
    /// 7.1.4: the gunship fires on this card and drops flares over it: its
    /// own card or an adjacent one, three a turn, each card once.
    GunshipRun {
        vehicle: crate::engine::kernel::ids::VehicleId,
        at: CardPos,
    },
    /// 7.4.2: the vehicle in its activation sets this passenger down on
    /// its card, before or after it moves (no command).
    VehicleDisembark {
        vehicle: crate::engine::kernel::ids::VehicleId,
        unit: UnitId,
    },
    /// 7.5 D: this unit fires in reaction at the vehicle that moved or
    /// fired.
    React {
        shooter: crate::engine::kernel::vehicle::Shooter,
    },
    /// 7.5 D: no more reaction fire at it.
    HoldFire,
}

impl Answer {
    /// The rule section the answer applies.
    pub fn rule(&self) -> &'static str {
        use Answer::*;
        match self {
            MoverCover { .. } => "4.2.2 b",
            RunnerActivates { .. } => "3.3.1 B",
            PickUpMore { .. } => "5.1.6 B",
            BattalionFire { .. } => "6.7.2 G",
            NamePatrol { .. } => "11.4",
            SetUpAt { .. } | KeepPlan => "2.4.1 B",
            Reform { .. } => "10.2.1",
            Guard { .. } => "9.13",
            RetreatTo { .. } => "3.5",
            RepositionAt { .. } | KeepPositions | TakeCover { .. } => "11.1",
            Carry { .. } | KeepAssets => "2.3.2",
            VehicleMove { .. } => "7.3.1",
            VehicleFire { .. } | VehicleEnd { .. } => "7.5",
            VehicleSpot { .. } => "7.5 E",
            VehicleDisembark { .. } => "7.4.2",
            VehicleSmoke { .. } => "7.8",
            AirAttack { .. } => "7.1.2",
            GunshipRun { .. } => "7.1.4",
            HeliFly { .. } | PlanLandingZone { .. } => "7.4.5",
            Board { .. } | LandingPlanDone => "2.4.3",
            // 7.3.2: an aircraft is placed over its card, not flown there.
            AirPlace { .. } => "7.3.2",
            FacMark { .. } | FacCall { .. } => "7.1.3",
            React { .. } | HoldFire => "7.5 D",
            SignalMeans { .. } | KeepSignals => "2.3.3",
            AttachVehicle { .. } => "7.1.1",
        }
    }

    /// The units the answer names, the one acting first (a vehicle or an
    /// aircraft is not a unit: an answer about one alone names none).
    pub fn units(&self) -> Vec<UnitId> {
        use crate::engine::kernel::vehicle::Shooter;
        use Answer::*;
        match self {
            MoverCover { unit, .. }
            | PickUpMore { unit, .. }
            | SetUpAt { unit, .. }
            | Guard { unit }
            | RepositionAt { unit, .. }
            | TakeCover { unit, .. }
            | Board { unit, .. }
            | VehicleDisembark { unit, .. } => vec![*unit],
            RunnerActivates { runner, hq, .. } => vec![*runner, *hq],
            NamePatrol { units } => units.clone(),
            Reform { squad } => vec![*squad],
            RetreatTo { unit, casualty, .. } => std::iter::once(*unit).chain(*casualty).collect(),
            AttachVehicle { to, .. } => to.iter().copied().collect(),
            Carry { from, to, .. } => vec![*from, *to],
            VehicleFire {
                shooter: Shooter::Team(u),
                ..
            }
            | VehicleEnd {
                shooter: Shooter::Team(u),
            }
            | React {
                shooter: Shooter::Team(u),
            } => vec![*u],
            BattalionFire { .. }
            | KeepPlan
            | KeepAssets
            | SignalMeans { .. }
            | KeepSignals
            | KeepPositions
            | LandingPlanDone
            | PlanLandingZone { .. }
            | VehicleMove { .. }
            | VehicleFire { .. }
            | VehicleSpot { .. }
            | VehicleEnd { .. }
            | VehicleSmoke { .. }
            | AirAttack { .. }
            | AirPlace { .. }
            | GunshipRun { .. }
            | HeliFly { .. }
            | FacMark { .. }
            | FacCall { .. }
            | React { .. }
            | HoldFire => Vec::new(),
        }
    }
}
