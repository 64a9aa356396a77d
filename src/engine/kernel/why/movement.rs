//! Why an order of movement and carrying (4.2.2, 5.1, 3.5) is refused.

use crate::data::charts::CoverKind;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::pos::CardPos;

/// Why an order of movement and carrying (4.2.2, 5.1, 3.5) is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// The cover marker named is not on the card (5.2.3).
    NoSuchCover { pos: CardPos },
    /// The enemy is under the cover marker (5.2.3).
    CoverHeldByEnemy,
    /// The cover marker would hold more steps than it may (5.2.3 B).
    CoverFull { kind: CoverKind, cap: u8 },
    /// A pinned unit moves only to safety (4.2.5).
    PinnedToSafetyOnly { unit: UnitId },
    /// A fire team moves only to safety (4.2.5).
    FireTeamToSafetyOnly,
    /// A fire team may not scout into a Potential Contact card (4.2.5).
    FireTeamIntoPc,
    /// A litter or paralyzed team moves only to safety (4.2.5).
    LitterToSafetyOnly,
    /// A casualty does not move by itself (5.1.7).
    CasualtyMoves,
    /// The unit is not on the patrol (11.4).
    NotOnPatrol { unit: UnitId },
    /// An Exposed unit may not leave its card (5.1.3).
    ExposedMoves { unit: UnitId },
    /// A pinned or paralyzed carrier may not carry any farther (5.1.6).
    CarrierTiedDown { unit: UnitId },
    /// The destination is not adjacent (5.1.2).
    NotAdjacent { from: CardPos, to: CardPos },
    /// No card is dealt at the destination (2.4.1).
    NoCard { to: CardPos },
    /// The destination is beyond the side boundary (2.4.1 A, 9.2.2).
    BeyondSide { to: CardPos },
    /// The destination is beyond the map's far edge (9.2.2).
    BeyondFarEdge { to: CardPos },
    /// The destination is beyond the limit of advance (2.4.1 A).
    BeyondLimitOfAdvance { to: CardPos, loa: i8 },
    /// Infantry may not move diagonally through a PDF (5.1.2).
    DiagonalPdf,
    /// The destination would hold too many friendly steps (5.1.5).
    Stacking { to: CardPos, steps: u8, limit: u8 },
    /// The unit is neither in Good Order nor one that may move (4.2.2 a).
    NotGoodOrder,
    /// A pinned unit may not infiltrate (4.2.5).
    PinnedInfiltrates,
    /// A paralyzed team may not infiltrate (4.2.5).
    ParalyzedInfiltrates,
    /// A team infiltrates only into a friendly-occupied card (4.2.5).
    TeamInfiltratesAlone,
    /// Tripod machine guns and heavy weapons may not infiltrate (5.1.4).
    HeavyInfiltrates,
    /// Infiltration needs a VOF marker on either card (5.1.4).
    InfiltrateNoVof,
    /// A platoon action ordered by no one (4.2.2 b).
    PlatoonWithoutHq,
    /// A platoon action ordered by a unit not a platoon HQ (4.2.2 b).
    PlatoonNotByPltHq,
    /// A flipped HQ commands only itself (4.1.4).
    FlippedHqPlatoon,
    /// No unit of the platoon can move to the destination (4.2.2 b).
    NoPlatoonMover { to: CardPos },
    /// The platoon would exceed the stacking limit (5.1.5).
    PlatoonStacking { to: CardPos },
    /// The unit may not seek cover (4.2.5).
    CannotSeekCover,
    /// No cover to seek in the staging area (5.2.3).
    SeekCoverStaging,
    /// A unit under a cover marker may not seek cover (5.1.1).
    SeekCoverUnderCover,
    /// The card's cover potential is used up (5.2.3).
    CoverPotentialReached { pos: CardPos },
    /// The unit may not move within its card (4.2.5).
    CannotMoveWithin,
    /// The unit is already under that cover marker (5.2.3).
    AlreadyUnderCover,
    /// The unit leaving cover is not under any (5.2.3).
    NotUnderCover,
    /// An Exposed unit may not infiltrate (5.1.4).
    ExposedInfiltrates,
    /// Infiltrating within a card needs a VOF marker on it (5.1.4).
    InfiltrateWithinNoVof,
    /// A pinned or paralyzed unit may not pick anything up (5.1.6).
    TiedDownPicksUp,
    /// The casualty named does not exist (5.1.6).
    NoSuchCasualty,
    /// The unit named is not a friendly casualty in play (5.1.6).
    NotFriendlyCasualty { unit: UnitId },
    /// The casualty is on another card (5.1.6).
    CasualtyElsewhere,
    /// The casualty is already carried (5.1.6).
    CasualtyCarried,
    /// A unit carries casualties or ammunition, not both (5.1.6 A).
    CasualtiesOrAmmo,
    /// Each step carries one casualty (5.1.6 A).
    CasualtyPerStep,
    /// The action is not of the movement family.
    NotMovement,
    /// The item named is not on the unit's card (5.1.6 B).
    NoSuchItem,
    /// A unit carries one kind of ammunition at a time (5.1.6 A).
    OneAmmoKind,
    /// The unit has no room for more of that ammunition (5.1.6 A).
    AmmoFull,
    /// The unit carries as many assets as it may (5.1.6 A).
    AssetsFull { most: usize },
}
