//! Events: every change the engine makes, with the rule section it applies
//! and every card it drew. The log, learn mode and the tests read these.
//!
//! Why this file is long: every payload of an event is a type of its own
//! (the narrator, [`crate::engine::kernel::words`], words them; the fold
//! and the report decide on them), and they are read together.

use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::pos::CardPos;
pub use crate::engine::kernel::reading::{CardRead, Needed, Section};
use crate::engine::kernel::sequence::Step;
use serde::{Deserialize, Serialize};

/// How a unit's status changed (the payload of [`EventKind::Status`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum StatusChange {
    /// boards this helicopter in the landing plan (2.4.3)
    Boards(crate::engine::kernel::ids::VehicleId),
    /// booby trap
    BoobyTrap,
    /// taken prisoner (9.13): these counters leave play with it
    Captured { prisoners: Vec<UnitId> },
    /// claymore
    Claymore,
    /// destroyed by a demolition charge (6.5.2): every step became one of
    /// these casualty counters
    Demolished { casualties: Vec<UnitId> },
    /// got off this vehicle, Exposed (7.4.2)
    Disembarked(crate::engine::kernel::ids::VehicleId),
    /// embarked on this vehicle, Exposed (7.4.1); `activates` when the
    /// order activated the vehicle
    Embarked {
        vehicle: crate::engine::kernel::ids::VehicleId,
        activates: bool,
    },
    /// fires its final protective line in this direction (6.4)
    FinalProtectiveLine(crate::data::terrain::Dir),
    /// became a fire team, from what (4.2.3, 9.7, 4.3.6 D)
    FireTeam(TeamFrom),
    /// fire-team side
    FireTeamSide,
    /// flame hit
    FlameHit,
    /// left behind to guard prisoners (9.13), out of play: a step split
    /// off `from`, or the whole unit
    Guard {
        from: Option<UnitId>,
        at: CardPos,
        /// the prisoner steps it guards
        steps: u8,
    },
    /// a fire result of HIT (6.3.2 C); `pins` when it newly pinned the unit
    Hit { pins: bool, fire: FireRead },
    /// loaded this item onto this vehicle, Exposed (4.2.2 h)
    Loaded {
        vehicle: crate::engine::kernel::ids::VehicleId,
        item: crate::engine::kernel::state::Item,
    },
    /// a fire result of MISS (6.3.2 A); `unpins` when it took a Pinned
    /// marker off
    Miss { unpins: bool, fire: FireRead },
    /// no room on its card for this many of its steps (1.2.1 I)
    NoRoom { over: u8 },
    /// not exposed
    NotExposed,
    /// out of ammunition, its last spent on this
    OutOfAmmunition(AmmoUse),
    /// picked up an item, and marked Exposed (5.1.6 B)
    PickedUp(Pickup),
    /// picked up this casualty, and marked Exposed (5.1.6 B)
    PickedUpACasualty(UnitId),
    /// pinned, or a PIN result (6.3.2 B); `newly` when the unit was not
    /// pinned before
    Pinned { newly: bool, by: PinCause },
    /// an enemy unit rallied (9.4), from what
    Rallied(RallyFrom),
    /// re-formed from this many teams (10.2.1)
    Reconstituted { teams: u8 },
    /// a casualty set down by this carrier (5.1.6 B)
    SetDown { by: UnitId },
    /// set this item down on its card (5.1.6 B)
    SetDownAnItem(crate::engine::kernel::state::Item),
    /// prisoners shot by captors who take none (9.13): these counters
    /// became casualties where they stood
    Shot { prisoners: Vec<UnitId> },
    /// picked by the sniper on `from` among `among` units (6.2.2);
    /// `exposed` when Exposed units came first
    SniperTarget {
        from: CardPos,
        among: u8,
        exposed: bool,
    },
    /// spotted
    Spotted,
    /// leaves this helicopter, if any, and waits in the Pickup Zone (2.4.3)
    StaysInThePickupZone(Option<crate::engine::kernel::ids::VehicleId>),
    /// put off this vehicle, Exposed: struck and hit (`hit`, 7.4.4), or
    /// before it pulls out (7.4.2)
    ThrownOff {
        vehicle: crate::engine::kernel::ids::VehicleId,
        hit: bool,
    },
    /// the Pinned marker off: rallied (`rallied`, 4.2.3), or under no VOF
    /// (3.7.2)
    Unpinned { rallied: bool },
    /// unspotted
    Unspotted,
    /// a Concentrated Fire marker (6.6); `critical` for a critical hit
    ConcentratedFire { critical: bool },
    /// a Grenade Attack marker (6.5.1); `critical` for a critical hit
    GrenadeAttack { critical: bool },
    /// the hit effect read for the unit (6.3.3), its letters in order
    HitEffect {
        letters: Vec<crate::data::action::HitLetter>,
        level: crate::data::action::Experience,
        reading: HitReading,
    },
    /// a mine check found a burst (9.5)
    MineHit,
    /// a mine check found none (9.5)
    MineMiss,
    /// the unit's radio switched to another net (4.2.1 j)
    SwitchedNet(crate::data::mission::Net),
    /// a litter team again (rally, 10.1)
    LitterTeam,
    /// marked Exposed for the rest of the turn (5.1.1, 5.1.6, 5.2.3, 6.5.2):
    /// logged when the marker is new
    Exposed,
    /// an assault team (rally, 10.1)
    AssaultTeam,
    /// flipped back to its front (rally, 10.1)
    Front,
}

/// What a marker placed or removed on a card is (the payload of
/// [`EventKind::Marker`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum MarkerKind {
    /// the aircraft cannot come onto the card, which holds `cap` of the
    /// company's vehicles and wrecks (1.2.1 I)
    AircraftAborts {
        vehicle: crate::engine::kernel::ids::VehicleId,
        cap: u8,
    },
    /// what a vehicle leaving the fight carried, and what becomes of it
    AmmunitionAboard {
        vehicle: crate::engine::kernel::ids::VehicleId,
        items: Vec<crate::engine::kernel::state::Item>,
        fate: CargoFate,
    },
    /// what a vehicle set down on its card (7.4.2)
    AmmunitionUnloaded {
        vehicle: crate::engine::kernel::ids::VehicleId,
        items: Vec<crate::engine::kernel::state::Item>,
    },
    /// a call brings attack helicopters onto the card (7.1.2): a new
    /// section from the agency (`agency`), or the section loitering
    /// (`loitering`); `target` the card called, where a short call strays
    AttackHelicopters {
        caller: Piece,
        agency: u8,
        target: CardPos,
        short: bool,
        section: Vec<crate::engine::kernel::ids::VehicleId>,
        loitering: bool,
    },
    /// the attack helicopters' fire on the card, and the adjacent one
    /// (`adjacent`), or on it alone though one was chosen (`alone`) (7.1.2)
    AttackHelicoptersFire {
        level: Option<crate::engine::kernel::state::VofLevel>,
        adjacent: Option<CardPos>,
        alone: bool,
    },
    /// barrage
    Barrage(i8),
    /// battalion fire
    BattalionFire,
    /// casualty collection point
    CasualtyCollectionPoint,
    /// cease fire
    CeaseFire,
    /// Demo Miss
    DemoMiss,
    /// demolition
    Demolition,
    /// a flamethrower's attack on an enemy position (6.5.3)
    Flame {
        by: crate::engine::kernel::ids::UnitId,
    },
    /// FPF
    Fpf,
    /// Grenade Miss: the grenades missed, or (`mover`) their target moved
    /// before they landed (6.2.2, 6.5.1)
    GrenadeMiss {
        mover: Option<crate::engine::kernel::ids::UnitId>,
    },
    /// a gunship's run on the card (7.1.4): its fire, the flares' light
    /// on the card and around it, and the runs made so far
    GunshipFireAndFlares {
        vehicle: crate::engine::kernel::ids::VehicleId,
        level: Option<crate::engine::kernel::state::VofLevel>,
        flares: Option<(i8, Option<i8>)>,
        made: u8,
    },
    /// Incoming! called at once by a spotter placed (9.8): its modifier
    /// and the missions left
    Incoming {
        spotter: crate::engine::kernel::ids::UnitId,
        ncm: i8,
        left: u8,
    },
    /// a card made a landing zone (4.2.1 l, 4.3.6, 7.4.5), by what
    LandingZone(LzBy),
    /// the MEDEVAC LZ set up on the card, moved from another if any
    /// (5.1.7)
    MedevacLz { from: Option<CardPos> },
    /// mines
    Mines,
    /// a mortar's fire by indirect lay from a card (6.7.4)
    MortarFire {
        mortar: crate::engine::kernel::ids::UnitId,
        from: CardPos,
    },
    /// PC removed
    PcRemoved,
    /// a spotter's fire mission on its way (9.8): its modifier and the
    /// missions left
    Pending {
        spotter: crate::engine::kernel::ids::UnitId,
        ncm: i8,
        left: u8,
    },
    /// a call's Pending marker on the card (6.7.3); `target` the card
    /// called, where a short round strays
    PendingFire {
        caller: Piece,
        agency: u8,
        kind: crate::data::mission::FmKind,
        target: CardPos,
        short: bool,
    },
    /// a phone line laid by this unit as it leaves the card (4.3.4)
    PhoneLine(crate::engine::kernel::ids::UnitId),
    /// phone line repaired
    PhoneLineRepaired {
        by: crate::engine::kernel::ids::UnitId,
    },
    /// a casualty's radio or phone destroyed with it (4.3.5), on the
    /// random number `r` of 2
    SetDestroyed {
        set: crate::engine::kernel::asset::Asset,
        r: u8,
    },
    /// a casualty's radio or phone left on the card (4.3.5)
    SetDropped {
        set: crate::engine::kernel::asset::Asset,
        r: u8,
    },
    /// a sniper's Heavy Weapons fire aimed at this vehicle's crew, picked
    /// among `among` units and vehicles (9.6)
    SniperTarget {
        vehicle: crate::engine::kernel::ids::VehicleId,
        from: CardPos,
        among: u8,
    },
    /// the enemy on the card spotted: this many units (9.3)
    Spotted { units: u8 },
    /// the vehicle leaves the map as its schedule plans (7.2.1)
    VehicleLeaves(crate::engine::kernel::ids::VehicleId),
    /// the vehicle was not attacked this phase: its Pinned marker comes
    /// off (7.7 A 4)
    VehiclePinLifted(crate::engine::kernel::ids::VehicleId),
    /// the vehicle is pinned and buttons up (7.7 A 4)
    VehiclePinned(crate::engine::kernel::ids::VehicleId),
    /// WP: white phosphorus smoke from a rifle grenade (4.3.6 C), or
    /// fired by this vehicle (7.8)
    Wp {
        by: Option<crate::engine::kernel::ids::VehicleId>,
    },
    /// a forward air controller's WP rocket marks the target (7.1.3)
    WpMark(crate::engine::kernel::ids::VehicleId),
    /// a cover marker destroyed (6.5.2, 6.5.3)
    /// blown in by a demolition charge and left as foxholes (`demo`), or
    /// burned out by flame
    CoverDestroyed {
        kind: crate::data::charts::CoverKind,
        demo: bool,
    },
    /// Incoming! removed (3.7.1 A)
    IncomingRemoved,
    /// the last fire mission's smoke removed (3.7.1 A)
    MissionSmokeRemoved,
    /// a pending fire mission lands (3.7.1 A)
    PendingLands,
    /// smoke of a kind clears (3.8)
    SmokeCleared(crate::engine::kernel::state::SmokeKind),
    /// a signal given its order (4.3.6)
    Signal {
        order: crate::data::mission::SignalOrder,
        device: crate::data::mission::Pyro,
        /// how many units of the company see it
        seen: u8,
    },
    /// a phone line cut (4.3.4): under Incoming! (else on a card the
    /// enemy holds), with the random number
    PhoneLineCut { incoming: bool, r: u8 },
    /// a phone line holds (4.3.4)
    PhoneLineHolds { incoming: bool, r: u8 },
    /// a pyrotechnic shown (4.2.1 c)
    Pyro(crate::data::mission::Pyro),
    /// a PC marker resolved into contact (9.1.5)
    Contact(PcCheck),
    /// a PC marker resolved into nothing (9.1.5)
    NoContact(PcCheck),
    /// a patrol's route point reached (2.4.1 C)
    RoutePoint(u8),
    /// a vehicle's mine check (9.5), a hit or not
    VehicleMineCheck {
        vehicle: crate::engine::kernel::ids::VehicleId,
        hit: bool,
    },
    /// smoke fired by this vehicle (7.8)
    Smoke {
        by: crate::engine::kernel::ids::VehicleId,
    },
}

/// Why nothing happened in a step (the payload of [`EventKind::Nothing`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Quiet {
    /// air call failed
    /// a call for air support failed: no burst icon (7.1.3)
    AirCallFailed {
        caller: Piece,
        kind: crate::data::mission::FmKind,
        target: CardPos,
    },
    /// aircraft home
    AircraftHome(crate::engine::kernel::ids::VehicleId),
    /// already activated
    AlreadyActivated { hq: UnitId },
    /// asset handed out
    AssetHandedOut {
        asset: crate::engine::kernel::asset::Asset,
        from: UnitId,
        to: UnitId,
    },
    /// assets kept
    AssetsKept,
    /// attachment
    /// before the mission, a vehicle attached to an infantry platoon's HQ
    /// (`to`) or staying with its vehicle platoon (7.1.1)
    Attachment {
        vehicle: crate::engine::kernel::ids::VehicleId,
        to: Option<UnitId>,
    },
    /// attack helicopters loiter
    /// a section of attack helicopters loiters a second turn and strikes
    /// its target (and the adjacent card) again (7.1.2)
    AttackHelicoptersLoiter {
        vehicle: crate::engine::kernel::ids::VehicleId,
        section: Vec<crate::engine::kernel::ids::VehicleId>,
        target: Option<CardPos>,
        adjacent: Option<CardPos>,
    },
    /// battalion fire declined
    BattalionFireDeclined { target: CardPos },
    /// cannot act
    CannotAct { unit: UnitId, why: Idle },
    /// card order
    /// the order the enemy cards are checked in (9.4)
    CardOrder(Vec<CardPos>),
    /// clean up
    CleanUp,
    /// CO HQ on its fire-team side
    CoHqOnItsFireTeamSide,
    /// counter limit
    CounterLimit { package: PackageRef, r: u8 },
    /// counterattack
    Counterattack {
        letter: crate::data::charts::PcLetter,
        /// How many cards the company holds, each given a marker.
        cards: u8,
        /// The last turn of the Assault tactics the counterattack puts
        /// the enemy on; `None` when it keeps its own.
        assault_until: Option<u8>,
    },
    /// damaged helicopter grounded
    DamagedHelicopterGrounded(crate::engine::kernel::ids::VehicleId),
    /// discarded
    Discarded,
    /// experience
    Experience,
    /// turn 1
    FirstTurn { friendly: bool },
    /// forward air controller on station
    ForwardAirControllerOnStation {
        vehicle: crate::engine::kernel::ids::VehicleId,
        agency: u8,
    },
    /// FPF exhausted
    FpfExhausted,
    /// gas: fall back
    GasFallBack { unit: UnitId, r: u8 },
    /// gunship idle by day
    GunshipIdleByDay(crate::engine::kernel::ids::VehicleId),
    /// gunship on station
    GunshipOnStation {
        vehicle: crate::engine::kernel::ids::VehicleId,
        agency: u8,
    },
    /// helicopter must move
    /// a helicopter in flight that has not moved flies on (7.4.5)
    HelicopterMustMove {
        vehicle: crate::engine::kernel::ids::VehicleId,
        to: crate::engine::kernel::pos::HeliArea,
    },
    /// infiltration failed
    InfiltrationFailed { unit: UnitId, to: CardPos },
    /// landing plan made
    /// the landing plan made: these helicopters and their loads (2.4.3)
    LandingPlanMade(Vec<crate::engine::kernel::ids::VehicleId>),
    /// more fire
    MoreFire {
        kind: crate::data::mission::FmKind,
        n: u8,
    },
    /// no aircraft left to attack
    NoAircraftLeftToAttack { target: CardPos },
    /// no capture or retreat
    NoCaptureOrRetreat,
    /// no CO HQ
    NoCoHq,
    /// no communication with battalion
    NoCommunicationWithBattalion,
    /// no contact tables
    NoContactTables,
    /// no enemy to check
    NoEnemyToCheck,
    /// no fire at the aircraft
    NoFireAtTheAircraft(crate::engine::kernel::ids::VehicleId),
    /// no legal card
    NoLegalCard { package: PackageRef },
    /// no new landing zone
    NoNewLandingZone,
    /// an enemy unit cannot fall back: the cards behind it are full (9.4)
    CannotFallBack { unit: UnitId },
    /// no room for a vehicle
    /// the package's vehicle (its place in the package's list) cannot go
    /// on the card: NO-GO ground, or no room
    NoRoomForAVehicle {
        package: PackageRef,
        vehicle: u8,
        at: CardPos,
        no_go: bool,
    },
    /// no target
    /// a spotter sees no target and waits (9.8)
    NoTarget { spotter: UnitId },
    /// no vehicles
    NoVehicles,
    /// order
    /// the order of PC markers of one letter: `n` of them, this one next
    Order {
        letter: crate::data::charts::PcLetter,
        n: u8,
        next: CardPos,
    },
    /// patrol named
    PatrolNamed { units: Vec<UnitId> },
    /// PC letter
    /// a mixed PC row's letter drawn (9.4)
    PcLetter(crate::data::charts::PcLetter),
    /// PC markers placed
    PcMarkersPlaced,
    /// placement
    Placement(PlacementStep),
    /// plan kept
    PlanKept,
    /// position kept
    PositionKept { unit: UnitId, at: CardPos },
    /// positions kept
    PositionsKept,
    /// random target
    RandomTarget(Tie),
    /// runner failed
    RunnerFailed { to: UnitId },
    /// runner not used
    RunnerNotUsed { hq: UnitId },
    /// saved commands over the limit
    SavedCommandsOverTheLimit { who: Commander, had: u8, keep: u8 },
    /// schedule blocked
    ScheduleBlocked,
    /// set up
    SetUp { unit: UnitId, at: CardPos },
    /// signal given its meaning
    SignalGivenItsMeaning {
        device: crate::data::mission::Pyro,
        order: Option<crate::data::mission::SignalOrder>,
    },
    /// signal plan kept
    SignalPlanKept,
    /// stirring
    Stirring {
        letter: crate::data::charts::PcLetter,
        row: i8,
    },
    /// tasking
    Tasking { commands: u8, experience: u8 },
    /// tasking done
    TaskingDone { commands: u8, experience: u8 },
    /// the HQ left play
    TheHqLeftPlay { who: Commander },
    /// vehicle holds
    VehicleHolds(crate::engine::kernel::ids::VehicleId),
    /// vehicle phase over
    VehiclePhaseOver,
    /// a skill marker spent (10.7)
    Skill {
        skill: crate::data::mission::Skill,
        holder: UnitId,
        /// the unit it was used on
        unit: UnitId,
        /// the team a Split Team skill split off
        team: Option<UnitId>,
    },
    /// a contact package drawn from a contact table (9.2.1): the table and
    /// the random number
    ContactPackage {
        table: crate::data::charts::PcLetter,
        roll: u8,
        package: PackageRef,
    },
    /// the landing plan made again before an air assault whose
    /// helicopters fly from turn `flies` (7.4.5)
    AirAssaultPlanning { flies: u8 },
    /// the landing plan adjusted (2.4.3)
    LandingPlanAdjusted,
}

/// Why a counter came into play (the payload of [`EventKind::UnitCreated`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Creation {
    /// A step of the parent split off as a team or a casualty (a hit's
    /// effect, 6.3.3; a crash, 7.7 B 1).
    SplitStep,
    /// A lost HQ rebuilt from a step of the parent (10.2.2); `company`
    /// when it is the CO HQ.
    Reconstituted { company: bool },
    /// A step of the parent became a runner (4.2.1 f).
    Runner,
    /// A squad detached a step as a team (4.2.3 g).
    Detached,
    /// Two enemy teams joined up as one unit; the parent is the first,
    /// `with` the second (9.4).
    JoinedUp { with: UnitId },
    /// The enemy placed by a contact (9.2.2): the group, from `first` to
    /// the event's unit (created one after the other).
    Contact {
        first: UnitId,
        spotted: bool,
        cover: Option<crate::data::charts::CoverKind>,
    },
    /// Reinforcements from Higher HQ (3.2.1).
    Reinforcement,
    /// The crew of a knocked-out vehicle (7.7 A).
    Crew {
        vehicle: crate::engine::kernel::ids::VehicleId,
    },
}

/// Why a counter left play (the payload of [`EventKind::UnitRemoved`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Removal {
    /// Replaced by new counters in its place: teams or a casualty after a
    /// hit (6.3.3), fire teams after a jam (6.5.4).
    Replaced { by: Vec<UnitId>, jam: bool },
    /// A casualty evacuated (5.1.7), from the place named.
    Evacuated(Evacuation),
    /// Left the map or withdrew for good (3.5, 9.4, 9.8, 9.9).
    LeftPlay(Exit),
    /// An enemy unit fell back off the map from this card (9.4).
    FellBackOffMap { from: CardPos },
    /// A runner or a team merged back into a unit (4.2.1 h, 4.2.3 h).
    Rejoined { into: UnitId },
    /// An enemy unit slipped out of sight, a PC marker in its place (9.4).
    /// `pc`: the PC marker of this letter put in its place, if any
    SlippedAway {
        pc: Option<crate::data::charts::PcLetter>,
    },
    /// A litter team carried a casualty to the rear: both left play (9.4).
    CarriedOff { casualty: UnitId },
}

/// Whether the mission was won (the payload of [`EventKind::MissionEnds`];
/// the state's [`crate::engine::kernel::state::Outcome`] also holds a
/// failure's reason).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ending {
    Success,
    Failure,
}

/// A reason a draw for commands is modified (4.1.2 A-C); the value is the
/// commands chart's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DrawModifier {
    Pinned,
    Green,
    Veteran,
    UnderCover,
    /// small-arms fire on the drawer's card
    SmallArms,
    /// automatic fire on the drawer's card
    Automatic,
    /// heavy, sniper or Incoming! fire on the drawer's card
    Heavy,
    /// the Current Activity Level is No Contact
    NoContact,
}

/// How an HQ came by the commands of its impulse (the payload of
/// [`EventKind::Commands`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum CommandsFrom {
    /// The battalion HQ receives the most and cannot save them (4.1.1).
    Battalion,
    /// A staff unit acting on its own initiative: one command, no draw
    /// (3.3.2 C).
    OwnInitiative,
    /// A card drawn for activated or initiative commands (4.1.1-4.1.2,
    /// 3.3.2 B), with each modifier and the minimum; `vehicle` for a
    /// vehicle platoon HQ (7.1.1).
    Draw {
        activated: bool,
        card: u8,
        min: u8,
        why: Vec<(DrawModifier, i8)>,
        vehicle: Option<crate::engine::kernel::ids::VehicleId>,
    },
    /// The General Initiative's card, halved on a combat patrol (3.3.2 D).
    General { card: u8, halved: bool },
}

/// What moved a unit from card to card (the payload of
/// [`EventKind::Moved`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Movement {
    /// Repositioned before a new attempt at a mission (11.1 step 3).
    Reposition,
    /// An order moved it (5.1.2); `under` when it ends under cover.
    Order { under: bool },
    /// It retreated (3.5), carrying this casualty along, if any.
    Retreat { carrying: Option<UnitId> },
    /// A runner set out for this HQ (4.3.2).
    RunnerOut { to: UnitId },
    /// A runner went back to the CO HQ (3.3.1 B).
    RunnerBack,
    /// An enemy activity moved it (9.4).
    Enemy(EnemyMove),
    /// An enemy unit fell back (9.4) to the best terrain, out of the
    /// company's sight or in it, with the card's terrain cover.
    FallBack { unseen: bool, cover: i32 },
    /// An enemy unit withdrew away from the company (9.6, 9.9).
    Away,
}

/// What an enemy activity moved a unit for (9.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EnemyMove {
    /// to better cover
    ToCover,
    Advance,
    Infiltrate,
    /// for a casualty on the card
    ForCasualty,
}

/// How a unit's cover changed (the payload of
/// [`EventKind::CoverChanged`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CoverMove {
    /// Repositioned before a new attempt at a mission (11.1 step 3): the
    /// cover it took, if any.
    Reposition(Option<crate::data::charts::CoverKind>),
    /// A unit of a platoon move ended its move under this cover, or in
    /// the open (4.2.2 b).
    PlatoonMove(Option<crate::data::charts::CoverKind>),
    /// An order moved it under this cover, or out of cover (5.1.1).
    Order(Option<crate::data::charts::CoverKind>),
    /// An enemy unit seeking cover moved under a free marker (5.1.1, 9.4).
    Seek,
}

/// Whose commands an impulse spends (4.1, 7.1.1, 3.3.2 D).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Commander {
    Unit(UnitId),
    /// a vehicle platoon HQ (7.1.1)
    Vehicle(crate::engine::kernel::ids::VehicleId),
    /// the General Initiative impulse (3.3.2 D)
    General,
}

impl Commander {
    /// The owner of an impulse.
    pub fn of(imp: &crate::engine::kernel::state::Impulse) -> Commander {
        match (imp.hq, imp.vehicle) {
            (Some(h), _) => Commander::Unit(h),
            (None, Some(v)) => Commander::Vehicle(v),
            (None, None) => Commander::General,
        }
    }
}

/// How an HQ was activated (the payload of [`EventKind::Activated`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Activation {
    /// by an Activate order (4.2.1 a)
    Order,
    /// by a runner reaching it (3.3.1 B)
    Runner,
    /// the CO HQ, by the battalion off the map (3.3.1 A)
    Battalion,
}

/// What a unit spent its ammunition on (6.8.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AmmoUse {
    ConcentratedFire,
    Grenades,
    Demolition,
    Flame,
    /// its fire in the Combat Phase
    CombatPhase,
    FinalProtectiveLine,
    /// fire at a vehicle
    AtVehicle,
}

pub use crate::engine::kernel::ids::Piece;

/// A tie broken at random (the payload of [`Quiet::RandomTarget`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tie {
    /// Our fire from a card: `n` targets equally close and strong (6.1.1).
    Targets { from: CardPos, n: u8, pick: CardPos },
    /// Enemy fire from a card: `n` cards holding `most` of our steps each
    /// (9.4).
    EnemyTargets {
        from: CardPos,
        n: u8,
        most: u8,
        pick: CardPos,
    },
    /// `n` of our units of `most` steps on a card (9.4).
    Units {
        at: CardPos,
        n: u8,
        most: u8,
        pick: UnitId,
    },
    /// A spotter's cards of equal size at equal range (9.8).
    SpotterCards { pick: CardPos },
}

/// What opened fire along a link (the payload of [`EventKind::FireOpened`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FireCause {
    /// A link new in the state where no order or procedure says more.
    Plain,
    /// Units in sight of the enemy opened fire (6.1.1).
    Engage,
    /// Fire followed this lone unit as it moved (6.2.3).
    Follows(UnitId),
    /// A Shift Fire order (4.2.4 l).
    ShiftOrder,
    /// An enemy unit shifted its card's fire (9.4).
    EnemyShift(UnitId),
    /// A contact's enemy opened fire on the unit or vehicle that found it
    /// (9.2.4).
    Contact(Piece),
}

/// How a hit effect's letters are read (6.3.3, 9.11, 9.12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum HitReading {
    AsShown,
    /// a human wave takes every hit as a casualty (9.12)
    HumanWave,
    /// fanatics read a litter result as a fire team and a paralyzed one
    /// as a casualty (9.11)
    Fanatic,
}

/// What pinned a unit (the payload of [`StatusChange::Pinned`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum PinCause {
    /// a PIN result of fire (6.3.2 B)
    Fire(FireRead),
    /// porters hit go to ground (6.3.3)
    Porters,
    /// staying in tear gas, with the random number of 3 (4.3.6 D)
    Gas { r: u8 },
}

/// Why a vehicle left play (the payload of [`EventKind::VehicleOut`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum OutCause {
    /// it fired its last round (6.8.1 G)
    Dry,
    /// its crew pulled out (7.7 A 3)
    CrewPullOut,
    /// brewed up or knocked out, or an aircraft shot down (7.7 A 1-2,
    /// B 1-2), with its crew's steps
    Wrecked { air: bool, crew: u8 },
    /// an aircraft aborted, damaged, flying off this card (7.7 B 3)
    Aborted { from: CardPos },
}

/// A force package of the mission's campaign, by its place in the
/// campaign's list (9.2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackageRef(pub u16);

/// What a PC marker's check read (the payload of [`MarkerKind::Contact`]
/// and [`MarkerKind::NoContact`], 9.1.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PcCheck {
    pub letter: crate::data::charts::PcLetter,
    /// the unit or vehicle on the card
    pub by: Piece,
    pub activity: crate::data::charts::Activity,
    /// the cards drawn, or `None` for an automatic contact
    pub drawn: Option<u8>,
}

/// A step of placing a contact's group (the payload of
/// [`Quiet::Placement`], 9.2.2, 9.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlacementStep {
    /// sight from the contact's card does not carry past `at`
    SightStops { from: CardPos, at: CardPos },
    /// no direction came up for a per-package placement
    NoDirection,
    /// a sniper or spotter never starts on the card it fires on
    NotOnItsTarget { r: u8 },
    /// toward a direction, as far as sight and range reach
    Toward {
        r: u8,
        dir: crate::data::terrain::Dir,
        from: CardPos,
        range: u8,
    },
    /// the group goes on this card
    On { r: u8, at: CardPos },
    /// no legal card: `at` when the card reached at max LOS is no legal
    /// place
    Illegal { r: u8, at: Option<CardPos> },
}

/// The activity table an enemy unit was checked on (9.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActivityTable {
    PinnedLat,
    Offensive,
    Defensive,
}

impl ActivityTable {
    /// The table as the charts head it.
    pub fn label(self) -> &'static str {
        match self {
            ActivityTable::PinnedLat => "Pinned/LAT",
            ActivityTable::Offensive => "Offensive",
            ActivityTable::Defensive => "Defensive",
        }
    }
}

/// The column of the activity table read (9.4): the tactic's, or on the
/// Pinned/LAT table whether a leader is with the unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActivityColumn {
    Leader,
    NoLeader,
    Tactic(crate::data::activity::Tactic),
}

impl ActivityColumn {
    /// The column as the charts head it.
    pub fn label(self) -> &'static str {
        match self {
            ActivityColumn::Leader => "leader",
            ActivityColumn::NoLeader => "no leader",
            ActivityColumn::Tactic(t) => t.label(),
        }
    }
}

/// How an activity table's cell was read (9.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CellRead {
    /// a random number `r` of `k`
    Draw {
        r: u8,
        k: u8,
    },
    Auto,
    /// a dash: no action
    Dash,
}

/// Where an enemy activity check read its action (the payload of
/// [`EventKind::ActivityCheck`]): no row applied, or this row and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActivityRead {
    NoRow(ActivityTable),
    Row {
        table: ActivityTable,
        row: u8,
        column: ActivityColumn,
        cell: CellRead,
    },
}

/// Why an enemy unit's action came to nothing (the payload of
/// [`Quiet::CannotAct`], 9.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Idle {
    AlreadyUnderCover,
    NoBetterCover,
    NoCardAhead,
    /// the card ahead holds its side's 16 steps
    CardAheadFull(CardPos),
    CannotFire,
    NoTargetInReach,
    NoFireAtOwnCard,
    NoTargetToConcentrateOn,
    NoWayUnseen,
    NothingToRallyFrom,
    NoTeamToJoin,
    NoOtherFire,
    NoLitter,
    NoCasualtyInReach,
}

/// How a vehicle or an AT-capable team was activated (the payload of
/// [`EventKind::VehicleActivated`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum VehicleActivation {
    /// transport helicopters flying together from one place (7.4.5): the
    /// others activated with the ordered one
    Helicopters {
        with: Vec<crate::engine::kernel::ids::VehicleId>,
    },
    /// a vehicle ordered to move and fire (7.2)
    Vehicle,
    /// a vehicle platoon HQ given its impulse (7.1.1)
    PlatoonHq,
    /// a team readying its anti-tank weapon (7.5)
    AntiTank(UnitId),
    /// an enemy vehicle's activity check (9.10): the random number of
    /// `of`, activated on `activate` or less
    Check {
        vehicle: crate::engine::kernel::ids::VehicleId,
        r: u8,
        of: u8,
        activate: u8,
    },
}

/// What moved a vehicle (the payload of [`EventKind::VehicleMoved`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum VehicleMove {
    /// driven to an adjacent card (7.3.1): `drawn` when picked at random
    /// among cards as good, `slow` on SLOW ground
    Drive { drawn: bool, slow: bool },
    /// arrived as its schedule plans (7.2.1)
    Scheduled,
    /// an aircraft came onto its target (7.3.2), for an attack run or not
    Aircraft { attacks: bool },
    /// an aircraft pulled off after its run, or for the turn (7.3.2)
    PullsOff { for_the_turn: bool },
    /// a gunship circles over the card (7.1.4)
    Circles,
    /// a helicopter flew (7.4.5) with this many units aboard
    Flies { aboard: u8 },
    /// a helicopter aborted to a holding box (7.7 B 3-4)
    AbortsToBox { damaged: bool, passengers: bool },
    /// an aircraft aborted, undamaged, off the map (7.7 B 4)
    AbortsOff,
}

/// How a unit left play for good (the payload of [`Removal::LeftPlay`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Exit {
    /// retreated off the map from this card (3.5)
    RetreatOffMap { from: CardPos },
    /// a casualty carried off the map by the unit retreating with it (3.5)
    CarriedOffWith,
    /// an enemy weapons team out of ammunition withdrew unseen (9.9)
    Dry,
    /// an enemy unit slipped off the map from this card (9.6, 9.9)
    SlipsOff { from: CardPos },
    /// an enemy spotter that called all its fire missions (9.8)
    SpotterDone,
}

/// Where a casualty was evacuated from (the payload of
/// [`Removal::Evacuated`], 5.1.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Evacuation {
    CollectionPoint(CardPos),
    MedevacLz(CardPos),
    /// by helicopter, back in the Pickup Zone (7.4.5)
    PickupZone,
}

/// What a unit became a fire team from (the payload of
/// [`StatusChange::FireTeam`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TeamFrom {
    /// a litter team rallied (4.2.3)
    Litter,
    /// an assault team ordered to (4.2.3)
    Assault,
    /// an enemy leader left alone (9.7)
    Alone,
    /// a unit caught in tear gas broke down into this many fire teams
    /// (4.3.6 D)
    Gas { teams: u8 },
}

/// What made a card a landing zone (the payload of
/// [`MarkerKind::LandingZone`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LzBy {
    /// the unit ordered to mark its card (4.2.1 l)
    Unit(UnitId),
    /// a pyrotechnic's smoke (4.3.6)
    Signal(crate::data::mission::Pyro),
    /// the air assault's planning (7.4.5)
    Planning,
}

/// What an enemy unit rallied from (the payload of
/// [`StatusChange::Rallied`], 9.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RallyFrom {
    /// it removes its Pinned marker
    Pinned,
    /// it turns back to its full side
    Flipped,
    /// a paralyzed team becomes a litter team
    Paralyzed,
    /// a litter team with no casualty becomes a fire team
    Litter,
}

/// What becomes of what a vehicle carried when it leaves the fight (the
/// payload of [`MarkerKind::AmmunitionAboard`], 5.1.6, 7.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CargoFate {
    /// left in the wreck on its card
    InTheWreck,
    /// burnt with it
    Burnt,
    /// gone with it out of play
    LeavesPlay,
    /// gone with it off the map
    LeavesTheMap,
}

/// A part of a unit's net combat modifier (6.3): the base VOF that bears
/// on it, or a modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum NcmPart {
    /// a final protective line (6.4)
    FinalProtectiveLine,
    /// grazing machine-gun fire (6.4)
    Grazing,
    /// a fire link's VOF (6.2)
    Vof(crate::engine::kernel::state::VofLevel),
    /// this many grenade attacks (6.5.1)
    Grenades(u8),
    AirStrike,
    Incoming,
    /// the company's aircraft's VOF (7.1.2, 7.1.4)
    Aircraft(crate::engine::kernel::state::VofLevel),
    /// a mortar's indirect lay (6.7.4)
    IndirectMortar,
    /// this many mine attacks (9.5)
    Mines(u8),
    Sniper,
    /// a Grenade or Demo Miss alone on the card (6.2.2)
    NoOtherVof,
    /// no VOF at all: a +0 base (3.5)
    NoVof,
    Visibility,
    Smoke,
    Pinned,
    Exposed,
    Cover(crate::data::charts::CoverKind),
    /// this many steps crowding under one cover (5.2.3)
    Crowding(u8),
    Terrain,
    BurstIcon,
    /// this many Concentrated Fire markers (6.6)
    Concentrated(u8),
    Crossfire,
    GrenadeMiss,
    DemoMiss,
}

/// A fire result read for a unit (6.3.2): its NCM with each part, before
/// and after clamping, and whether it is a human wave, never pinned
/// (9.12).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireRead {
    pub value: i32,
    pub raw: i32,
    pub parts: Vec<(NcmPart, i32)>,
    pub human_wave: bool,
}

/// What a unit took when it picked an item up (the payload of
/// [`StatusChange::PickedUp`], 5.1.6 B, 6.8.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pickup {
    /// ammunition: points refilling its own weapon, then points carried
    Ammo {
        kind: crate::data::units::AmmoKind,
        refilled: u8,
        carried: u8,
    },
    Asset(crate::engine::kernel::asset::Asset),
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventKind {
    /// The map was dealt and the company placed (2.2-2.4).
    Setup,
    /// A terrain card was laid or revealed.
    CardRevealed {
        pos: CardPos,
    },
    /// The map grew (9.2.2).
    MapExpanded {
        pos: CardPos,
    },
    TurnBegins {
        turn: u8,
    },
    /// A phase, segment or impulse began.
    StepBegins {
        step: Step,
    },
    /// The reshuffle card came up; the deck was reshuffled (1.2.2 F).
    Reshuffled,
    /// A Higher HQ event check (3.1, 3.2.1, 3.4.1).
    HigherHqCheck {
        friendly: bool,
        event: Option<u8>,
        /// The event the roll gave, if the briefing's table has one.
        what: Option<crate::data::mission::HhqEvent>,
    },
    /// An HQ drew or received commands (4.1.1).
    Commands {
        hq: Option<UnitId>,
        drawn: u8,
        modifier: i8,
        total: u8,
        saved: u8,
        from: CommandsFrom,
    },
    /// An HQ or staff was activated (3.3.1, 4.2.1 a).
    Activated {
        hq: UnitId,
        how: Activation,
    },
    /// An impulse ended; commands were saved or lost (4.1.3).
    ImpulseEnds {
        hq: Option<UnitId>,
        saved: u8,
        lost: u8,
        /// Whose impulse it was, and the most it could keep (4.1.3).
        who: Commander,
        limit: u8,
    },
    /// An order was given: commands spent on an action (4.2).
    Order {
        by: Option<UnitId>,
        unit: Option<UnitId>,
        cost: u8,
        action: crate::engine::kernel::input::Action,
    },
    /// An attempt drew its cards (4.2); the cards are the event's
    /// [`Event::cards`].
    Attempt {
        unit: Option<UnitId>,
        /// What the attempt is for.
        what: crate::engine::kernel::purpose::Purpose,
        /// What the cards were searched for; `None` when no draw was
        /// needed (a rally with no VOF on the card, 4.2.3).
        looking_for: Option<Needed>,
        /// The attempt succeeded whatever was drawn: a skill (10.7) or no
        /// draw needed.
        sure: bool,
        success: bool,
    },
    Moved {
        unit: UnitId,
        from: CardPos,
        to: CardPos,
        exposed: bool,
        /// An enemy unit falling back (9.4).
        fell_back: bool,
        how: Movement,
    },
    /// A unit went under, changed or left cover (5.1.1); `exposed` when
    /// the change marked it Exposed.
    CoverChanged {
        unit: UnitId,
        under: bool,
        exposed: bool,
        how: CoverMove,
    },
    /// A new cover marker was found (5.2.3) by `unit`, which moves under it
    /// and is marked Exposed.
    CoverFound {
        unit: UnitId,
        pos: CardPos,
        kind: Vec<crate::data::charts::CoverKind>,
    },
    /// A unit's status changed (pinned, exposed, flipped, converted...).
    Status {
        unit: UnitId,
        what: StatusChange,
    },
    /// A unit entered play (team detached, runner created, squad back...):
    /// `from` the unit it came out of, if any.
    UnitCreated {
        unit: UnitId,
        from: Option<UnitId>,
        why: Creation,
    },
    /// An enemy group placed at max LOS (9.2.2): the card it went on and
    /// the card of the unit that made contact, which it must see.
    PlacedAtMaxLos {
        at: CardPos,
        trigger: CardPos,
    },
    /// An enemy activity check (9.4): the unit and the action drawn.
    ActivityCheck {
        unit: UnitId,
        act: crate::data::activity::Act,
        read: ActivityRead,
    },
    /// A unit left play.
    UnitRemoved {
        unit: UnitId,
        why: Removal,
    },
    /// A marker was placed or removed on a card.
    Marker {
        pos: CardPos,
        what: MarkerKind,
    },
    /// The Current Activity Level changed (9.1).
    Activity {
        level: crate::data::charts::Activity,
    },
    /// Nothing to do in this step, and why.
    Nothing {
        why: Quiet,
    },
    /// A vehicle or an AT-capable team was activated for the Vehicle
    /// Movement and Combat Phase (7.2, 7.5, 9.10).
    VehicleActivated {
        vehicle: Option<crate::engine::kernel::ids::VehicleId>,
        how: VehicleActivation,
    },
    /// A vehicle moved to an adjacent card (7.3.1, 7.5 B).
    VehicleMoved {
        vehicle: crate::engine::kernel::ids::VehicleId,
        from: CardPos,
        to: CardPos,
        how: VehicleMove,
    },
    /// AT Combat against a vehicle (7.6, 7.7): the AT modifier, the AT
    /// number drawn, and the result on the Anti-Armor table.
    AtCombat {
        target: crate::engine::kernel::ids::VehicleId,
        modifier: i32,
        number: u8,
        result: crate::data::vehicles::AtResult,
    },
    /// The mission ended (11.0).
    MissionEnds {
        outcome: Ending,
    },
    /// A fire mission of a fire support agency was spent (6.7, 7.1): the
    /// agency's index in the mission, the kind, and how many are left.
    FireMissionSpent {
        agency: u8,
        kind: crate::data::mission::FmKind,
        left: u8,
    },
    /// A side opened fire from a card at a card, or at its own card
    /// (point-blank, 6.1.1, 6.1.2); `lay` for the PDF of a G! weapon's
    /// direct fire (6.7.4). Logged when the link is new.
    FireOpened {
        link: crate::engine::kernel::state::FireLink,
        lay: bool,
        by: FireCause,
    },
    /// An enemy vehicle came onto the map with a contact (9.10). (Our
    /// aircraft and helicopters arrive off the map and fly on by
    /// [`EventKind::VehicleMoved`].)
    VehicleEnters {
        vehicle: crate::engine::kernel::ids::VehicleId,
        package: PackageRef,
    },
    /// A vehicle left play for the mission: retreating, knocked out or
    /// brewed up (7.7), or out of ammunition (6.8.1 G).
    VehicleOut {
        vehicle: crate::engine::kernel::ids::VehicleId,
        result: crate::data::vehicles::AtResult,
        cause: OutCause,
    },
    /// An order cut or made the link of communication between a unit of
    /// the company and the HQ it answers to (4.3).
    Communication {
        hq: UnitId,
        unit: UnitId,
        linked: bool,
    },
}

/// One entry of the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub turn: u8,
    pub step: Step,
    /// The rule section applied ("4.2.2 a").
    pub rule: String,
    pub kind: EventKind,
    /// The event in plain words.
    pub text: String,
    /// Every card drawn for it.
    pub cards: Vec<CardRead>,
}

/// Whether the events tell of the CO HQ reconstituted (4.2.1 e): what
/// the forecast and the summary of an input both look for.
pub fn company_rebuilt(events: &[Event]) -> bool {
    events.iter().any(|e| {
        matches!(
            e.kind,
            EventKind::UnitCreated {
                why: Creation::Reconstituted { company: true },
                ..
            }
        )
    })
}

impl Event {
    /// Whether the event shows the player something that was hidden: a
    /// card drawn from the Action deck, the deck reshuffled, a terrain card
    /// laid or turned face up, the enemy placed. An input whose events
    /// reveal cannot be undone ([`crate::engine::kernel::undo`]). Every kind
    /// is named, so a new one must be decided here.
    pub fn reveals(&self) -> bool {
        if !self.cards.is_empty() {
            return true;
        }
        match &self.kind {
            EventKind::Reshuffled
            | EventKind::CardRevealed { .. }
            | EventKind::MapExpanded { .. }
            | EventKind::PlacedAtMaxLos { .. }
            | EventKind::HigherHqCheck { .. }
            | EventKind::ActivityCheck { .. } => true,
            EventKind::UnitCreated { why, .. } => {
                matches!(why, Creation::Contact { .. } | Creation::Reinforcement)
            }
            EventKind::Setup
            | EventKind::TurnBegins { .. }
            | EventKind::StepBegins { .. }
            | EventKind::Commands { .. }
            | EventKind::Activated { .. }
            | EventKind::ImpulseEnds { .. }
            | EventKind::Order { .. }
            | EventKind::Attempt { .. }
            | EventKind::Moved { .. }
            | EventKind::CoverChanged { .. }
            | EventKind::CoverFound { .. }
            | EventKind::Status { .. }
            | EventKind::UnitRemoved { .. }
            | EventKind::Marker { .. }
            | EventKind::Activity { .. }
            | EventKind::Nothing { .. }
            | EventKind::VehicleActivated { .. }
            | EventKind::VehicleMoved { .. }
            | EventKind::AtCombat { .. }
            | EventKind::MissionEnds { .. }
            | EventKind::FireMissionSpent { .. }
            | EventKind::FireOpened { .. }
            | EventKind::VehicleEnters { .. }
            | EventKind::VehicleOut { .. }
            | EventKind::Communication { .. } => false,
        }
    }

    /// The event's rule section as a typed value.
    pub fn clause(&self) -> crate::engine::kernel::clause::Clause {
        crate::engine::kernel::clause::Clause::of(&self.rule)
    }

    /// The unit the event is about, when it names one.
    pub fn unit(&self) -> Option<UnitId> {
        match &self.kind {
            EventKind::Activated { hq, .. } => Some(*hq),
            EventKind::Attempt { unit, .. } | EventKind::Order { unit, .. } => *unit,
            EventKind::Moved { unit, .. }
            | EventKind::CoverChanged { unit, .. }
            | EventKind::Status { unit, .. }
            | EventKind::UnitCreated { unit, .. }
            | EventKind::ActivityCheck { unit, .. }
            | EventKind::UnitRemoved { unit, .. }
            | EventKind::Communication { unit, .. } => Some(*unit),
            _ => None,
        }
    }
}
