//! Why an order of fire and the combat actions (chapter 6, 4.2.4) and fire support (6.7) is refused.

use crate::data::mission::FmKind;
use crate::data::units::Range;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::pos::CardPos;

/// Why an order of fire and the combat actions (chapter 6, 4.2.4) and fire support (6.7) is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fire {
    /// Porters neither spot nor fight (`UnitKind::Porter`).
    PorterCannotFight,
    /// The unit is not fit to fire concentrated fire (4.2.5).
    NotFitToFire { unit: UnitId },
    /// The unit is not fit to spot (4.2.5).
    NotFitToSpot { unit: UnitId },
    /// The unit is not fit for a grenade, charge or flame attack (4.2.5).
    NotFitToFight { unit: UnitId },
    /// The target is no enemy unit in play.
    NotEnemyInPlay { unit: UnitId },
    /// The target has not been spotted (9.3).
    TargetUnspotted,
    /// Units in the staging area do not fire (2.4.2).
    FromStaging,
    /// The target is beyond the unit's range (1.2.7).
    BeyondRange { cards: u8, range: Range },
    /// No line of sight from the unit to the target (5.2.1).
    NoLineOfSight,
    /// Units in smoke do not fire out of their card (4.3.6 C).
    InSmoke,
    /// The target is not along the unit's PDF (6.2.3).
    OffPdf,
    /// The unit has no VOF rating.
    NoVofRating { unit: UnitId },
    /// Concentrated fire needs an S, A, A/S or H rating (4.2.4 b).
    ConcentrateRating,
    /// Heavy weapons do not fire while Exposed (6.4).
    ExposedHeavy,
    /// A grenade attack needs a printed VOF (6.5.1).
    NoPrintedVof { unit: UnitId },
    /// A mortar never fires at its own card (6.4).
    MortarOwnCard,
    /// Grenades beyond the own card need G! (6.2.1).
    GrenadeNotBeyondCard,
    /// The grenade target is beyond the G! reach (6.5.1).
    GrenadeBeyondReach { cards: u8, reach: Range },
    /// The rifle grenades are spent (6.4).
    RifleGrenadesSpent,
    /// The weapon does not fire from under a roof (6.4).
    UnderRoof,
    /// A Cease or Shift Fire order does not reach the card (4.3).
    CardNotReached { hq: UnitId, at: CardPos },
    /// No unspotted enemy to spot on the card (9.3).
    NothingToSpot { target: CardPos },
    /// The spotter has no line of sight to the card (9.3).
    SpotterNoLineOfSight { unit: UnitId, target: CardPos },
    /// A WP grenade attack needs a WP grenade (4.3.6 C).
    NoWpGrenade,
    /// A platoon action has no originator (4.2.4 c, h).
    PlatoonActionUnordered,
    /// A platoon action is ordered by its platoon HQ (4.2.4 c, h).
    PlatoonActionNotByPltHq,
    /// A flipped platoon HQ commands only itself (4.1.4).
    PlatoonHqFlipped,
    /// No unit of the platoon on the HQ's card can attack (4.2.4 c, h).
    PlatoonNoneAble,
    /// Flame attacks are a flamethrower's (6.5.3).
    NotFlamethrower,
    /// Demolition charges are a demolition unit's (6.5.2).
    NotDemolition,
    /// No charge or fuel left (6.8.1 E-F).
    NoChargeLeft,
    /// The target of a charge or flame is no enemy-held cover marker on the card (6.5.2-6.5.3).
    CoverNotHeld,
    /// With a VOF on the card the charge is thrown (6.5.2).
    DemoMustBeThrown,
    /// With no VOF on the card the charge is placed (6.5.2).
    DemoMustBePlaced,
    /// A one-step mortar team fires by direct lay only (6.7.4, 4.2.4 j).
    OneStepMortar,
    /// Only an on-map mortar of two steps or more fires as one (4.2.4 j).
    NotOnMapMortar,
    /// The mortar is not in Good Order or is Exposed (6.4).
    MortarNotReady,
    /// A mortar does not fire from under a roof (6.4).
    MortarUnderRoof,
    /// A mortar does not fire from +3 woods (6.4).
    MortarInWoods,
    /// The mortar is out of ammunition (6.8).
    MortarDry,
    /// The mortar is not on the map (4.2.4 j).
    MortarOffMap,
    /// No spotted enemy on the mortar's target card (4.2.4 j).
    NoSpottedEnemyOn { target: CardPos },
    /// The target is beyond the mortar's range (4.2.4 j).
    MortarBeyondRange,
    /// The one who lays the mortar has no line of sight (4.2.4 j).
    MortarNoLineOfSight { unit: UnitId, target: CardPos },
    /// No friendly unit on the card is firing (4.2.4 k).
    NoneFiring { at: CardPos },
    /// Shift Fire to the card it fires from (4.2.4 l).
    ShiftToSameCard,
    /// Fire goes along a straight line (5.2.1, 6.2.3).
    NotInLine,
    /// Fire is never put on friendly troops (6.1.1).
    OnFriendly,
    /// Fire does not go through a card holding US units (6.2.3).
    ThroughFriendly,
    /// No friendly unit on the card has a VOF rating (4.2.4 l).
    NoVofOn { at: CardPos },
    /// The card is not on the map.
    NotACard { pos: CardPos },
    /// The new target is beyond the range of the card's units (4.2.4 l).
    ShiftBeyondRange { at: CardPos, to: CardPos },
    /// The new target is not in the originator's line of sight (4.2.4 l).
    ShiftUnseen { to: CardPos },
    /// The card's units already fire at the new target (4.2.4 l).
    AlreadyFiringThere { at: CardPos, to: CardPos },
    /// The action is not a combat action.
    NotCombat,
    /// The action is not a call for fire (6.7.1).
    NotCallForFire,
    /// The mission lists no such firing agency (6.7.1).
    NoSuchAgency,
    /// The unit is not an eligible observer of the agency (6.7.1).
    NotObserver { unit: UnitId, agency: u8 },
    /// The observer is not in Good Order on its observer side (1.2.3 C).
    ObserverNotReady,
    /// Final protective fire comes by its own order (4.2.4 m).
    FpfByOwnOrder,
    /// The agency has no mission of the kind left (6.7.1).
    NoMissionLeft { agency: u8, kind: FmKind },
    /// The card is no target for a fire mission (6.7.1).
    NoMissionTarget,
    /// The observer has no line of sight to the target (6.7.1).
    ObserverNoLineOfSight { unit: UnitId, target: CardPos },
    /// The observer cannot reach the agency on its network (6.7.1).
    AgencyUnreachable { unit: UnitId, agency: u8 },
    /// Air missions need a mark first (6.7.2 F, 7.1.2).
    NeedsMark { kind: FmKind },
    /// Final protective fire is the CO HQ's order (4.2.4 m).
    FpfNotCo,
    /// Final protective fire belongs to defensive missions (2.4.1 B).
    FpfNotDefensive,
    /// No final protective fire or line is ready (4.2.4 m).
    FpfNoneReady,
}
