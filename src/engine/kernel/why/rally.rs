//! Why an order of rally and reconstitution (4.2.3, 10.1-10.2) is refused.

use crate::data::units::UnitKind;
use crate::engine::kernel::ids::UnitId;

/// Why an order of rally and reconstitution (4.2.3, 10.1-10.2) is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rally {
    /// The unit converted is not the limited action team the conversion
    /// takes (`kind`: paralyzed, litter, fire or assault team; 4.2.3 b-e).
    NotKind { unit: UnitId, kind: UnitKind },
    /// A pinned team is converted before its pin is removed (4.2.5).
    PinnedFirst { unit: UnitId },
    /// The unit whose pin is to be removed is not pinned (4.2.3 a).
    NotPinned { unit: UnitId },
    /// The unit rallied to its front is not flipped (4.2.3 f).
    NotFlipped { unit: UnitId },
    /// The unit rallied to its front is pinned (4.2.5).
    Pinned { unit: UnitId },
    /// The unit has no front to rally to (4.2.3 f).
    NoFront,
    /// The unit is not a Good Order squad (4.2.3 g-h).
    NotGoodOrderSquad { unit: UnitId },
    /// The squad is too small to detach a team (4.2.3 g).
    DetachTooSmall,
    /// The squad cannot take a team at its strength (4.2.3 h).
    SupplementStrength,
    /// The team is not an unpinned fire or assault team (4.2.3 h-i).
    NotUnpinnedTeam { unit: UnitId },
    /// The team is not on the squad's card (4.2.3 h).
    TeamElsewhere,
    /// Reconstitution ordered by no HQ or staff (4.1.3).
    ReconstituteWithoutHq,
    /// Reconstitution from too few or too many teams (4.2.3 i).
    TeamCount,
    /// The teams are listed twice or out of order (4.2.3 i).
    TeamsOrder,
    /// The teams are on different cards (4.2.3 i).
    TeamsApart,
    /// No removed squad is large enough for the teams (10.2.1).
    NoSquadOfSteps { teams: usize },
    /// The removed squads are all out of the mission (4.2.3 i, 9.13).
    RemovedSquadsOut,
    /// No squad has been removed (4.2.3 i).
    NoRemovedSquad,
    /// The unit flipped is not a Good Order unit on its front (4.2.3 j).
    NotGoodOrderFront { unit: UnitId },
    /// The unit has no fire-team side (4.2.3 j).
    NoFireTeamSide { unit: UnitId },
    /// The action is not of the rally family.
    NotRally,
}
