//! What a card is drawn for ([`Purpose`]), as facts: the log's detail and
//! the card pop-up say it in the narrator's words
//! (`kernel::words::purpose`), made when the card is drawn and kept in
//! [`crate::engine::kernel::reading::CardRead`].

use crate::data::charts::PcLetter;
use crate::data::units::Side;
use crate::engine::kernel::ids::{Piece, UnitId, VehicleId};
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::vof::VofLevel;
use serde::{Deserialize, Serialize};

/// What a card is drawn for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Purpose {
    // ---- commands (4.1) ----
    /// An HQ's or staff's activated or initiative commands (4.1.2).
    Commands { activated: bool, hq: UnitId },
    /// A vehicle platoon HQ's commands (7.1.1).
    VehicleCommands { activated: bool, vehicle: VehicleId },
    /// General Initiative's commands (3.3.2 D).
    GeneralInitiative,
    /// The Higher HQ icon of the friendly or enemy check (3.1, 3.2.1).
    HigherHqIcon { friendly: bool },
    /// The Higher HQ event's random number (3.1, 3.2.1).
    HigherHqEvent { friendly: bool },
    /// A phone line on a card cut or not (4.3.5).
    PhoneLine { pos: CardPos },
    // ---- action attempts (4.2) ----
    /// Concentrated fire (4.2.4 b).
    ConcentratingFire,
    /// A grenade attack ordered (6.5).
    GrenadeAttack,
    /// A grenade attack given free in answer to one (6.5).
    FreeGrenade,
    /// Exhort's one more card (4.2.1 b).
    Exhort,
    /// An infiltration on a signal (4.3.6).
    SignalInfiltration,
    /// Removing a Pinned marker (4.2.3).
    RemovePin,
    /// A conversion by rally (4.2.3 b-f).
    Conversion(Conversion),
    /// Spotting (4.2.4 a).
    Spotting,
    /// Throwing a demolition charge (6.5.2).
    ThrowingDemolition,
    /// A call for fire (6.7).
    CallForFire,
    /// A call for fire by a unit or vehicle named (6.7, 7.3).
    CallForFireBy { caller: Piece },
    /// Reconstituting a squad from its teams (10.2).
    ReconstitutingSquad,
    /// An enemy unit reconstituting (9.7).
    Reconstituting,
    /// An enemy unit seeking cover (9.4).
    SeekingCover,
    /// An infiltration ordered (4.2.2 c).
    Infiltration,
    /// An enemy unit infiltrating (9.4).
    Infiltrating,
    /// A platoon's infiltration (4.2.2 c).
    PlatoonInfiltration,
    /// An enemy unit infiltrating to or from cover (9.4).
    InfiltratingCover,
    /// An enemy unit rallying (9.7).
    EnemyRally,
    /// An enemy spotter's call for fire (9.8).
    EnemyCall { target: CardPos },
    /// A vehicle spotting (7.5).
    VehicleSpotting { vehicle: VehicleId },
    /// A G! weapon's grenade draw before an AT shot (7.6).
    GWeapon { by: AtBy, target: VehicleId },
    // ---- fire and its effects (chapter 6) ----
    /// A unit's fire result (6.3).
    FireOn { unit: UnitId },
    /// A hit unit's hit effect (6.3.3).
    HitEffect { unit: UnitId },
    /// A flamethrower's hit on a unit under cover (6.5.2).
    FlameHit { unit: UnitId },
    /// A sniper's target among several (6.6).
    SniperTarget,
    /// Where a short round falls (6.7).
    ShortRound,
    /// A mine check for a unit (9.5).
    MineCheck { unit: UnitId },
    /// A claymore's target among several (9.5).
    ClaymoreTarget,
    /// A booby trap's victim among several (9.5).
    BoobyTrapVictim,
    /// The card an AT shot reads (7.6).
    AntiTank { by: AtBy, target: VehicleId },
    /// A mine check for a vehicle (7.2, 9.5).
    VehicleMineCheck { vehicle: VehicleId },
    /// A barrage's target among several (3.1).
    BarrageTarget,
    // ---- ties and tables ----
    /// The company's choice between equal targets (6.1.1).
    TiedTargets,
    /// The enemy's choice between equal targets (9.4).
    EnemyTiedTargets,
    /// A spotter's choice between equal targets (9.8).
    SpotterTie,
    /// A retreat among equal cards (3.5).
    RetreatTie,
    /// A fall-back card (9.6).
    FallBack,
    /// A withdrawal card (9.9).
    Withdrawal,
    /// A card an enemy unit moves to for cover (9.4).
    CoverCard,
    /// A card an enemy unit infiltrates to (9.4).
    InfiltrateCard,
    /// A card an enemy unit shifts its fire to (9.4).
    ShiftFireCard,
    /// A card toward a casualty (9.4).
    CasualtyCard,
    /// The order the enemy cards act in (9.4).
    EnemyCardOrder,
    /// The enemy activity table (9.4).
    ActivityTable,
    /// The letter of a mixed PC row (9.4).
    MixedPcLetter,
    /// The order of PC markers of one letter (9.1.5).
    PcOrder,
    /// A PC marker's contact draw (9.1).
    PcMarker { letter: PcLetter, pos: CardPos },
    /// The contact table (9.1).
    ContactTable,
    /// The unit placement table (9.2).
    PlacementTable,
    /// The direction of a placement by package (9.2).
    PlacementDirection,
    /// Tear gas: whether a unit falls back (4.3.6 D).
    TearGas,
    /// The urban cover table (5.1.3).
    UrbanCover,
    /// Whether a casualty's radio or phone is lost (3.5).
    CasualtyRadio,
    /// An enemy vehicle's activity check (9.10).
    VehicleActivity { vehicle: VehicleId },
    /// An enemy vehicle's advance among equal cards (9.10).
    VehicleAdvance { vehicle: VehicleId },
}

/// A conversion a rally attempt makes (4.2.3 b-f).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Conversion {
    ParalyzedToLitter,
    LitterToFire,
    FireToAssault,
    RallyToFront,
}

/// Who fires an AT shot (7.6): a unit or a vehicle, or the VOF of a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AtBy {
    Unit(UnitId),
    Vehicle(VehicleId),
    /// The VOF on a card, fired by the other side than the target's
    /// (`target_side`), at the level it has.
    Vof {
        target_side: Side,
        level: VofLevel,
        pos: CardPos,
    },
    /// The enemy's VOF on a landing zone, at a helicopter setting down
    /// (7.4).
    LzVof {
        level: VofLevel,
        pos: CardPos,
    },
    /// The enemy around a card, at an aircraft (7.3.2).
    Around {
        pos: CardPos,
    },
    /// A sniper, at a vehicle (6.6, 7.5).
    Sniper,
    /// A mine, under a vehicle (7.2, 9.5).
    Mine,
}
