//! The sequence of play (3.0-3.8) as explicit steps with their rule
//! numbers, in the order of the Turn Sequence Summary.

use crate::data::mission::MissionKind;
use serde::{Deserialize, Serialize};

/// One step of a turn: a phase, segment or impulse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Step {
    /// Before turn 1: the map is dealt and the company placed (2.0-2.4).
    Setup,
    /// 3.1 Friendly Higher HQ Event Phase (from turn 2).
    FriendlyHigherHq,
    /// 3.2.1 / 3.4.1 Enemy Higher HQ Event Segment (from turn 2).
    EnemyHigherHq,
    /// 3.2.2 / 3.4.2 Enemy Activity Check Segment.
    EnemyActivity,
    /// 3.3.1 A Battalion HQ Impulse.
    BnHqImpulse,
    /// 3.3.1 B Company HQ Impulse (activated).
    CoHqImpulse,
    /// 3.3.1 C Platoon HQ / Company Staff Impulses (activated).
    ActivatedImpulses,
    /// 3.3.2 A Company HQ Impulse on initiative.
    CoHqInitiative,
    /// 3.3.2 B Platoon HQ Impulses on initiative.
    PltHqInitiative,
    /// 3.3.2 C Company Staff Impulses on initiative.
    StaffInitiative,
    /// 3.3.2 D General Initiative Impulse.
    GeneralInitiative,
    /// 3.5 Mutual Capture & Retreat Phase.
    CaptureRetreat,
    /// 3.6 Mutual Vehicle-Aircraft Phase.
    VehicleAircraft,
    /// 3.7.1 Volume of Fire Segment.
    VofSegment,
    /// 3.7.2 Combat Effects Segment.
    CombatEffects,
    /// 3.8 Clean Up Phase.
    CleanUp,
    /// The mission is over (11.0).
    MissionEnd,
}

impl Step {
    /// Every step, in declaration order (`Step::ALL[s as usize] == s`).
    pub const ALL: [Step; 17] = [
        Step::Setup,
        Step::FriendlyHigherHq,
        Step::EnemyHigherHq,
        Step::EnemyActivity,
        Step::BnHqImpulse,
        Step::CoHqImpulse,
        Step::ActivatedImpulses,
        Step::CoHqInitiative,
        Step::PltHqInitiative,
        Step::StaffInitiative,
        Step::GeneralInitiative,
        Step::CaptureRetreat,
        Step::VehicleAircraft,
        Step::VofSegment,
        Step::CombatEffects,
        Step::CleanUp,
        Step::MissionEnd,
    ];

    /// The rule section that governs the step.
    pub fn rule(self, kind: MissionKind) -> &'static str {
        let defensive = kind == MissionKind::Defensive;
        match self {
            Step::Setup => "2.0",
            Step::FriendlyHigherHq => "3.1",
            Step::EnemyHigherHq if defensive => "3.2.1",
            Step::EnemyHigherHq => "3.4.1",
            Step::EnemyActivity if defensive => "3.2.2",
            Step::EnemyActivity => "3.4.2",
            Step::BnHqImpulse => "3.3.1 A",
            Step::CoHqImpulse => "3.3.1 B",
            Step::ActivatedImpulses => "3.3.1 C",
            Step::CoHqInitiative => "3.3.2 A",
            Step::PltHqInitiative => "3.3.2 B",
            Step::StaffInitiative => "3.3.2 C",
            Step::GeneralInitiative => "3.3.2 D",
            Step::CaptureRetreat => "3.5",
            Step::VehicleAircraft => "3.6",
            Step::VofSegment => "3.7.1",
            Step::CombatEffects => "3.7.2",
            Step::CleanUp => "3.8",
            Step::MissionEnd => "11.0",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Step::Setup => "Mission Setup",
            Step::FriendlyHigherHq => "Friendly Higher HQ Event Phase",
            Step::EnemyHigherHq => "Enemy Higher HQ Event Segment",
            Step::EnemyActivity => "Enemy Activity Check Segment",
            Step::BnHqImpulse => "Battalion HQ Impulse",
            Step::CoHqImpulse => "Company HQ Impulse",
            Step::ActivatedImpulses => "Platoon HQ / Company Staff Impulses",
            Step::CoHqInitiative => "Company HQ Initiative Impulse",
            Step::PltHqInitiative => "Platoon HQ Initiative Impulses",
            Step::StaffInitiative => "Company Staff Initiative Impulses",
            Step::GeneralInitiative => "General Initiative Impulse",
            Step::CaptureRetreat => "Mutual Capture & Retreat Phase",
            Step::VehicleAircraft => "Mutual Vehicle-Aircraft Phase",
            Step::VofSegment => "Volume of Fire Segment",
            Step::CombatEffects => "Combat Effects Segment",
            Step::CleanUp => "Clean Up Phase",
            Step::MissionEnd => "Mission End",
        }
    }

    /// The phase a step belongs to, for display ("Friendly Command Phase").
    pub fn phase_name(self) -> &'static str {
        match self {
            Step::Setup => "Setup",
            Step::FriendlyHigherHq => "Friendly Higher HQ Event Phase",
            Step::EnemyHigherHq | Step::EnemyActivity => "Enemy Activity Phase",
            Step::BnHqImpulse
            | Step::CoHqImpulse
            | Step::ActivatedImpulses
            | Step::CoHqInitiative
            | Step::PltHqInitiative
            | Step::StaffInitiative
            | Step::GeneralInitiative => "Friendly Command Phase",
            Step::CaptureRetreat => "Mutual Capture & Retreat Phase",
            Step::VehicleAircraft => "Mutual Vehicle-Aircraft Phase",
            Step::VofSegment | Step::CombatEffects => "Mutual Combat Phase",
            Step::CleanUp => "Clean Up Phase",
            Step::MissionEnd => "Mission End",
        }
    }

    /// Whether the step belongs to the Friendly Command Phase (3.3).
    pub fn is_command(self) -> bool {
        matches!(
            self,
            Step::BnHqImpulse
                | Step::CoHqImpulse
                | Step::ActivatedImpulses
                | Step::CoHqInitiative
                | Step::PltHqInitiative
                | Step::StaffInitiative
                | Step::GeneralInitiative
        )
    }
}

/// The steps of one turn in order for a kind of mission (3.0): defensive
/// missions check enemy activity before the command phase, offensive
/// missions and patrols after it (3.2, 3.4).
pub fn turn_order(kind: MissionKind) -> &'static [Step] {
    const COMMAND: [Step; 7] = [
        Step::BnHqImpulse,
        Step::CoHqImpulse,
        Step::ActivatedImpulses,
        Step::CoHqInitiative,
        Step::PltHqInitiative,
        Step::StaffInitiative,
        Step::GeneralInitiative,
    ];
    const DEFENSIVE: [Step; 15] = [
        Step::FriendlyHigherHq,
        Step::EnemyHigherHq,
        Step::EnemyActivity,
        COMMAND[0],
        COMMAND[1],
        COMMAND[2],
        COMMAND[3],
        COMMAND[4],
        COMMAND[5],
        COMMAND[6],
        Step::CaptureRetreat,
        Step::VehicleAircraft,
        Step::VofSegment,
        Step::CombatEffects,
        Step::CleanUp,
    ];
    const OFFENSIVE: [Step; 15] = [
        Step::FriendlyHigherHq,
        COMMAND[0],
        COMMAND[1],
        COMMAND[2],
        COMMAND[3],
        COMMAND[4],
        COMMAND[5],
        COMMAND[6],
        Step::EnemyHigherHq,
        Step::EnemyActivity,
        Step::CaptureRetreat,
        Step::VehicleAircraft,
        Step::VofSegment,
        Step::CombatEffects,
        Step::CleanUp,
    ];
    match kind {
        MissionKind::Defensive => &DEFENSIVE,
        MissionKind::Offensive | MissionKind::Patrol => &OFFENSIVE,
    }
}

/// The step after `step` in the same turn, or `None` at the end of a turn.
pub fn next_in_turn(kind: MissionKind, step: Step) -> Option<Step> {
    let order = turn_order(kind);
    if step == Step::Setup {
        return order.first().copied();
    }
    let i = order.iter().position(|s| *s == step)?;
    order.get(i + 1).copied()
}
