//! What the player gives the engine: the orders of the Action Menu as
//! data (4.2; who gives them, to whom, at what cost) and the other inputs
//! (ending an impulse, choosing the next HQ, setting things down, skill
//! markers), with the prompt that asks for them. The rules that judge and
//! carry them out live with their chapters; this is their vocabulary.

use crate::data::action::{Icon, Word};
use crate::data::mission::{FmKind, Net, Pyro};
use crate::engine::kernel::ids::{CoverId, UnitId};
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::reading::Needed;
use crate::engine::kernel::sequence::Step;
use serde::{Deserialize, Serialize};

pub use crate::engine::kernel::answer::Answer;

/// Something the player can do now.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Input {
    /// Spend commands on an action (4.2).
    Order(Order),
    /// End the current impulse; commands are saved up to the limit and the
    /// rest lost (4.1.3).
    EndImpulse,
    /// Choose which HQ or staff takes its impulse next (3.3.1 C, 3.3.2 B-C).
    ChooseHq(UnitId),
    /// 7.1.1: the vehicle platoon HQ that takes the next impulse.
    ChooseVehicleHq(crate::engine::kernel::ids::VehicleId),
    /// Set down a carried casualty on the carrier's card: free (5.1.6 B).
    Drop { carrier: UnitId, casualty: UnitId },
    /// Set down carried ammunition, or an asset by its index in the unit's
    /// assets, on the unit's card: free (5.1.6 B).
    DropItem { unit: UnitId, asset: Option<usize> },
    /// The answer to a question the rules put in the middle of a
    /// procedure ([`Decision::Choose`]), or to a step of the vehicle
    /// and air phase: see [`Answer`].
    Answer(Answer),
    /// Give an order with a skill marker of `holder` (10.7).
    Skilled {
        holder: UnitId,
        skill: crate::data::mission::Skill,
        order: Order,
    },
    /// Use a skill marker on its own (10.7): `team` for a split-off team.
    UseSkill {
        holder: UnitId,
        skill: crate::data::mission::Skill,
        unit: UnitId,
        team: Option<crate::engine::kernel::input::TeamKind>,
    },
}

impl Input {
    /// The rule section the input applies: an order's action, a skill
    /// marker's 10.7, an answer's own section.
    pub fn rule(&self) -> &'static str {
        match self {
            Input::Order(o) => o.action.rule(),
            Input::Skilled { .. } | Input::UseSkill { .. } => "10.7",
            Input::EndImpulse => "4.1.3",
            Input::ChooseHq(_) => "3.3",
            Input::ChooseVehicleHq(_) => "7.1.1",
            Input::Drop { .. } | Input::DropItem { .. } => "5.1.6 B",
            Input::Answer(a) => a.rule(),
        }
    }

    /// The units the input names, the one acting first: the menu of a
    /// selected unit lists the inputs that name it.
    pub fn units(&self) -> Vec<UnitId> {
        match self {
            Input::Order(o) => o.action.ids(),
            Input::Skilled { holder, order, .. } => {
                let mut v = order.action.ids();
                v.push(*holder);
                v
            }
            Input::UseSkill { holder, unit, .. } => vec![*unit, *holder],
            Input::ChooseHq(id) => vec![*id],
            Input::Drop { carrier, casualty } => vec![*carrier, *casualty],
            Input::DropItem { unit, .. } => vec![*unit],
            Input::EndImpulse | Input::ChooseVehicleHq(_) => Vec::new(),
            Input::Answer(a) => a.units(),
        }
    }
}

/// What is being decided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// Spend commands or end the impulse.
    Orders {
        hq: Option<UnitId>,
        left: u8,
        spent: u8,
        available: u8,
    },
    /// Pick the HQ whose impulse comes next.
    ChooseHq {
        candidates: Vec<UnitId>,
        /// 7.1.1: the vehicle platoon HQs that may take it too.
        vehicles: Vec<crate::engine::kernel::ids::VehicleId>,
    },
    /// Answer a question the rules put in the middle of a procedure.
    Choose(Choice),
    /// The mission is over: nothing to decide.
    MissionOver,
}

impl Decision {
    /// 4.1.3: an impulse spends no more than its limit, whatever the HQ
    /// holds. The commands held, when they are more than may be spent now
    /// (the limit binds); `None` otherwise and outside an impulse.
    pub fn held_beyond_limit(&self) -> Option<u8> {
        match *self {
            Decision::Orders {
                left,
                spent,
                available,
                ..
            } => Some(available.saturating_sub(spent)).filter(|held| *held > left),
            _ => None,
        }
    }
}

/// A question the rules leave to the player in the middle of a procedure;
/// the game waits for the answer before anything else goes on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Choice {
    /// 4.2.2 b: a unit of a platoon move may end under one of the cover
    /// markers of its new card, as a single move allows (4.2.2 a).
    /// `from_fortified`: it left a trench, bunker or pillbox marker, so
    /// ending under another keeps it from being Exposed.
    MoverCover {
        unit: UnitId,
        covers: Vec<CoverId>,
        from_fortified: bool,
    },
    /// 3.3.1 B: a runner dispatched on an earlier turn stands, in Good
    /// Order, with the HQ it was sent to: the player may activate it.
    Runner { runner: UnitId, hq: UnitId },
    /// 5.1.6 B: a unit that picked up an item under a Pick Up order may
    /// take more from its card, up to what it may carry, with no other
    /// order.
    PickUpMore { unit: UnitId },
    /// 11.4: before a combat patrol sets out, the player names the units
    /// that go: a platoon, with the attachments the briefing sends along.
    Patrol,
    /// 2.4.1 B: before a defensive mission the player sets each unit up
    /// between the Staging Area and the MLR (or in the combat outpost); the
    /// briefing's plan is the suggestion.
    SetUp { unit: UnitId },
    /// 2.3.2: before play the player hands each radio, field telephone,
    /// phone line marker and pyrotechnic an HQ or staff unit holds to the
    /// HQ or staff unit of their choice; the briefing's holder is the
    /// suggestion.
    Asset {
        from: UnitId,
        asset: crate::engine::kernel::asset::Asset,
    },
    /// 2.3.3: before play the player gives each signal device the company
    /// carries its meaning, from the signal chart of the mission's kind
    /// (4.3.6); the briefing's plan is the suggestion.
    Signal { device: crate::data::mission::Pyro },
    /// 10.2.1: a Reconstitute Squad attempt succeeded and more than one
    /// removed squad could come back: the player names it (the rule
    /// names none). `squads` are the candidates, the suggestion first.
    Reform {
        teams: Vec<UnitId>,
        squads: Vec<UnitId>,
    },
    /// 9.13: the company took prisoners on `pos`; one of its single-step
    /// units with a printed VOF there, or a step of a squad there
    /// (decision, see `capture.rs`), leaves play to guard them: which one
    /// is the player's choice. `candidates`, the suggestion first.
    Guard {
        pos: CardPos,
        prisoners: Vec<UnitId>,
        candidates: Vec<UnitId>,
    },
    /// 3.5: a company litter team must retreat and several cards are
    /// equally good by the rule's priorities, or several casualties lie
    /// free for it to take: the player chooses among `options` (card,
    /// casualty taken along), the suggestion first.
    /// `rest`: the teams whose retreat comes after this one's, carried
    /// out (or asked) once it is answered, as the phase goes one team at
    /// a time.
    Retreat {
        unit: UnitId,
        options: Vec<(CardPos, Option<UnitId>)>,
        rest: Vec<UnitId>,
    },
    /// 11.1 step 3: before a new attempt on the same ground, the unit may
    /// be repositioned to any friendly secured card (`cards`, fixed when
    /// the attempt is set up; its own card among them).
    Reposition { unit: UnitId, cards: Vec<CardPos> },
    /// 11.1 step 3: the repositioned unit may go under any cover marker
    /// already found on its card that has room (`covers`).
    TakeCover { unit: UnitId, covers: Vec<CoverId> },
    /// 7.1.1: before the mission the player may attach a vehicle of a
    /// vehicle platoon (its HQ aside) to an infantry platoon; staying with
    /// its platoon is the suggestion.
    Attach {
        vehicle: crate::engine::kernel::ids::VehicleId,
    },
    /// 2.4.3, 7.4.5: before the mission the player makes the landing plan:
    /// who boards which helicopter in the Inbound area (the first wave) or
    /// the Pickup Zone; the mission's plan is the suggestion.
    LandingPlan,
    /// 7.2, 9.10: the company's activations in the Vehicle Movement and
    /// Combat Phase: one of `pending` moves and fires (the one under way,
    /// alone, until it is complete).
    VehicleTurn {
        pending: Vec<crate::engine::kernel::vehicle::Shooter>,
    },
    /// 7.5 D: an enemy vehicle moved or fired in sight of these units of
    /// the company, which may fire at it in reaction, one at a time.
    Reaction {
        target: crate::engine::kernel::ids::VehicleId,
        shooters: Vec<crate::engine::kernel::vehicle::Shooter>,
    },
    /// 6.7.2 G: three bursts let the battalion fire too, on two cards
    /// bordering the target, if the player takes it. `suggested` is the
    /// program's pick: the two holding the most spotted enemy steps.
    BattalionFire {
        target: CardPos,
        kind: FmKind,
        modifier: i8,
        cards: Vec<CardPos>,
        suggested: Vec<CardPos>,
    },
}

/// The pending decision and where in the turn it arises.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prompt {
    pub turn: u8,
    pub step: Step,
    pub rule: &'static str,
    pub decision: Decision,
}

/// An order: the originator whose commands pay for it, and the action.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Order {
    /// The HQ or staff giving the order; `None` under General Initiative
    /// (3.3.2 D), except for the actions only an HQ may originate (4.1.3).
    pub by: Option<UnitId>,
    pub action: Action,
}

/// Kinds of team a squad can detach (4.2.3 g).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TeamKind {
    Assault,
    Fire,
}

/// Every action of the Action Menu (4.2.1-4.2.4) this edition supports.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Action {
    // ---- 4.2.1 Command & Control ----
    /// a. Activate a subordinate HQ or staff.
    Activate { hq: UnitId },
    /// 7.2: activate a vehicle for this turn's Vehicle Movement and
    /// Combat Phase (CO HQ, the platoon HQ it is attached to, or General
    /// Initiative).
    ActivateVehicle {
        vehicle: crate::engine::kernel::ids::VehicleId,
    },
    /// 7.1.1, 4.2.1 a: the CO HQ activates a vehicle platoon HQ, which then
    /// takes its impulse with activated commands.
    ActivateVehicleHq {
        vehicle: crate::engine::kernel::ids::VehicleId,
    },
    /// 7.5: activate an AT-capable team to fire in the Vehicle Movement and
    /// Combat Phase.
    ReadyAntiTank { unit: UnitId },
    /// 4.2.2 h, 7.4.1: the vehicle takes this unit (or casualty) of its
    /// card aboard; the order activates it for the Vehicle phase.
    Embark {
        vehicle: crate::engine::kernel::ids::VehicleId,
        unit: UnitId,
    },
    /// 4.2.2 h, 7.4.2: the passenger gets off its vehicle onto the card.
    Disembark { unit: UnitId },
    /// 4.2.2 h D: the unit loads the ammunition it carries for others
    /// (`asset` none), or the asset at that index among its assets (a
    /// radio, telephone, phone lines, a pyrotechnic), onto the vehicle on
    /// its card.
    Load {
        unit: UnitId,
        vehicle: crate::engine::kernel::ids::VehicleId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        asset: Option<usize>,
    },
    /// 4.2.2 h D, 7.4.2: the vehicle sets the ammunition aboard down on
    /// its card, for units to pick up.
    Unload {
        vehicle: crate::engine::kernel::ids::VehicleId,
    },
    /// b. Exhort: one more card for a failed attempt.
    Exhort { unit: UnitId },
    /// c. Deploy a pyrotechnic device.
    DeployPyro {
        unit: UnitId,
        device: Pyro,
        at: CardPos,
    },
    /// d. Reconstitute platoon HQ `plt` from a step of its platoon, or from
    /// the XO or first sergeant (10.2.2).
    ReconstitutePltHq { from: UnitId, plt: UnitId },
    /// e. Reconstitute the CO HQ.
    ReconstituteCoHq { from: UnitId },
    /// f. Create a runner from a step.
    CreateRunner { from: UnitId },
    /// g. Dispatch a runner to an HQ or staff.
    DispatchRunner { runner: UnitId, to: UnitId },
    /// h. Dismiss a runner into a unit.
    DismissRunner { runner: UnitId, into: UnitId },
    /// j. Switch a radio or phone to the network of a destroyed set.
    SwitchNet { unit: UnitId, to: Net },
    /// k. Repair a cut phone line.
    RepairLine { unit: UnitId },
    /// l. Designate a casualty collection point on the HQ's card.
    DesignateCasualtyPoint,
    /// l. Designate the HQ's card a card of a landing zone (7.4.5).
    DesignateLandingZone,
    /// l. Make the landing-zone card under the HQ the MEDEVAC LZ (5.1.7).
    DesignateMedevac,
    // ---- 4.2.2 Movement ----
    /// a. Move to an adjacent card.
    Move {
        unit: UnitId,
        to: CardPos,
        cover: Option<CoverId>,
    },
    /// b. Move a platoon to an adjacent card.
    MovePlatoon { to: CardPos },
    /// c. Attempt to infiltrate an adjacent card.
    Infiltrate {
        unit: UnitId,
        to: CardPos,
        cover: Option<CoverId>,
    },
    /// d. Attempt to have a platoon infiltrate.
    InfiltratePlatoon { to: CardPos },
    /// e. Attempt to seek cover.
    SeekCover { unit: UnitId },
    /// f. Move to or from cover (`None`: out of cover).
    MoveCover {
        unit: UnitId,
        cover: Option<CoverId>,
    },
    /// g. Attempt to infiltrate to or from cover.
    InfiltrateCover {
        unit: UnitId,
        cover: Option<CoverId>,
    },
    /// h. Pick up a casualty.
    PickUp { unit: UnitId, casualty: UnitId },
    /// h. Pick up an item lying on the card: ammunition or an asset (by
    /// its index in the card's items).
    PickUpItem { unit: UnitId, item: usize },
    // ---- 4.2.3 Rally ----
    /// a. Attempt to remove a Pinned marker.
    RemovePin { unit: UnitId },
    /// b. Paralyzed team to litter team.
    ParalyzedToLitter { unit: UnitId },
    /// c. Litter team to fire team.
    LitterToFire { unit: UnitId },
    /// d. Fire team to assault team.
    FireToAssault { unit: UnitId },
    /// e. Assault team to fire team.
    AssaultToFire { unit: UnitId },
    /// f. Flip a unit from its fire-team side back to its front.
    RallyToFront { unit: UnitId },
    /// g. Detach a team from a squad.
    DetachTeam { squad: UnitId, kind: TeamKind },
    /// h. Supplement a squad with a team.
    Supplement { squad: UnitId, team: UnitId },
    /// i. Attempt to reconstitute a squad from 2 to 4 teams.
    ReconstituteSquad { teams: Vec<UnitId> },
    /// j. Flip a unit to its fire-team side.
    FlipToFireTeam { unit: UnitId },
    // ---- 4.2.4 Combat ----
    /// a. Attempt to spot the enemy on a card.
    Spot { unit: UnitId, target: CardPos },
    /// b. Attempt to concentrate fire on an enemy unit.
    ConcentrateFire { unit: UnitId, target: UnitId },
    /// c. Attempt to have a platoon concentrate fire.
    PlatoonConcentrate { target: UnitId },
    /// d. Attempt to make a grenade attack.
    Grenade { unit: UnitId, target: UnitId },
    /// d with 4.3.6 C: a grenade attack that also throws white phosphorus
    /// smoke onto the target's card.
    WpGrenade { unit: UnitId, target: UnitId },
    /// e. Attempt to throw a demolition charge at an enemy-held cover marker.
    ThrowDemo { unit: UnitId, cover: CoverId },
    /// f. Place a demolition charge on an enemy-held cover marker.
    PlaceDemo { unit: UnitId, cover: CoverId },
    /// g. Flamethrower attack on an enemy-held cover marker.
    Flame { unit: UnitId, cover: CoverId },
    /// h. Attempt to have a platoon make grenade attacks.
    PlatoonGrenade { target: UnitId },
    /// i. Attempt to call for fire from an off-map agency (by its index in
    /// the mission's fire support).
    CallForFire {
        observer: UnitId,
        agency: u8,
        kind: FmKind,
        target: CardPos,
    },
    /// j. Fire an on-map mortar at a spotted enemy card.
    MortarFire { mortar: UnitId, target: CardPos },
    /// k. Cease fire: the card's occupants stop firing.
    CeaseFire { at: CardPos },
    /// l. Shift fire: the card's occupants fire at another card.
    ShiftFire { at: CardPos, to: CardPos },
    /// m. Fire the final protective fires and lines.
    FireFinalProtective,
    // ---- 3.1 Higher HQ events ----
    /// Carry out the battalion's tasking of this turn: the CO HQ spends
    /// the commands it asks for and the company earns its points.
    HigherTask { commands: u8 },
}

/// The four sections of the Action Menu (4.2.1-4.2.4), in its order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MenuSection {
    CommandAndControl,
    Movement,
    Rally,
    Combat,
}

impl MenuSection {
    pub const ALL: [MenuSection; 4] = [
        MenuSection::CommandAndControl,
        MenuSection::Movement,
        MenuSection::Rally,
        MenuSection::Combat,
    ];

    /// Its name in words.
    pub fn label(self) -> &'static str {
        match self {
            MenuSection::CommandAndControl => "Command & Control",
            MenuSection::Movement => "Movement",
            MenuSection::Rally => "Rally",
            MenuSection::Combat => "Combat",
        }
    }

    /// Its section of the rules.
    pub fn rule(self) -> &'static str {
        match self {
            MenuSection::CommandAndControl => "4.2.1",
            MenuSection::Movement => "4.2.2",
            MenuSection::Rally => "4.2.3",
            MenuSection::Combat => "4.2.4",
        }
    }
}

impl Action {
    /// The rule section of the action.
    pub fn rule(&self) -> &'static str {
        use Action::*;
        match self {
            Activate { .. } => "4.2.1 a",
            ActivateVehicle { .. } => "7.2",
            ActivateVehicleHq { .. } => "7.1.1",
            ReadyAntiTank { .. } => "7.5",
            Embark { .. } => "7.4.1",
            Disembark { .. } => "7.4.2",
            Load { .. } => "4.2.2 h",
            Unload { .. } => "7.4.2",
            Exhort { .. } => "4.2.1 b",
            DeployPyro { .. } => "4.2.1 c",
            ReconstitutePltHq { .. } => "4.2.1 d",
            ReconstituteCoHq { .. } => "4.2.1 e",
            CreateRunner { .. } => "4.2.1 f",
            DispatchRunner { .. } => "4.2.1 g",
            DismissRunner { .. } => "4.2.1 h",
            SwitchNet { .. } => "4.2.1 j",
            RepairLine { .. } => "4.2.1 k",
            DesignateCasualtyPoint | DesignateLandingZone | DesignateMedevac => "4.2.1 l",
            Move { .. } => "4.2.2 a",
            MovePlatoon { .. } => "4.2.2 b",
            Infiltrate { .. } => "4.2.2 c",
            InfiltratePlatoon { .. } => "4.2.2 d",
            SeekCover { .. } => "4.2.2 e",
            MoveCover { .. } => "4.2.2 f",
            InfiltrateCover { .. } => "4.2.2 g",
            PickUp { .. } | PickUpItem { .. } => "4.2.2 h",
            RemovePin { .. } => "4.2.3 a",
            ParalyzedToLitter { .. } => "4.2.3 b",
            LitterToFire { .. } => "4.2.3 c",
            FireToAssault { .. } => "4.2.3 d",
            AssaultToFire { .. } => "4.2.3 e",
            RallyToFront { .. } => "4.2.3 f",
            DetachTeam { .. } => "4.2.3 g",
            Supplement { .. } => "4.2.3 h",
            ReconstituteSquad { .. } => "4.2.3 i",
            FlipToFireTeam { .. } => "4.2.3 j",
            Spot { .. } => "4.2.4 a",
            ConcentrateFire { .. } => "4.2.4 b",
            PlatoonConcentrate { .. } => "4.2.4 c",
            Grenade { .. } => "4.2.4 d",
            WpGrenade { .. } => "4.3.6 C",
            ThrowDemo { .. } => "4.2.4 e",
            PlaceDemo { .. } => "4.2.4 f",
            Flame { .. } => "4.2.4 g",
            PlatoonGrenade { .. } => "4.2.4 h",
            CallForFire { .. } => "4.2.4 i",
            MortarFire { .. } => "4.2.4 j",
            CeaseFire { .. } => "4.2.4 k",
            ShiftFire { .. } => "4.2.4 l",
            FireFinalProtective => "4.2.4 m",
            HigherTask { .. } => "3.1",
        }
    }

    /// The action's name in the menu.
    pub fn name(&self) -> &'static str {
        use Action::*;
        match self {
            Activate { .. } => "Activate",
            ActivateVehicle { .. } => "Activate a Vehicle",
            ActivateVehicleHq { .. } => "Activate a Vehicle Platoon HQ",
            ReadyAntiTank { .. } => "Ready for Anti-Tank Fire",
            Embark { .. } => "Embark on a Vehicle",
            Disembark { .. } => "Disembark",
            Load { .. } => "Load a Vehicle",
            Unload { .. } => "Unload a Vehicle",
            Exhort { .. } => "Exhort",
            DeployPyro { .. } => "Deploy Pyrotechnic",
            ReconstitutePltHq { .. } => "Reconstitute a PLT HQ",
            ReconstituteCoHq { .. } => "Reconstitute the CO HQ",
            CreateRunner { .. } => "Create a Runner",
            DispatchRunner { .. } => "Dispatch a Runner",
            DismissRunner { .. } => "Dismiss a Runner",
            SwitchNet { .. } => "Switch Network",
            RepairLine { .. } => "Repair a Cut Phone Line",
            DesignateCasualtyPoint => "Designate a Casualty Collection Point",
            DesignateLandingZone => "Designate a Landing Zone",
            DesignateMedevac => "Designate the MEDEVAC LZ",
            Move { .. } => "Move to an Adjacent Card",
            MovePlatoon { .. } => "Move a Platoon",
            Infiltrate { .. } => "Infiltrate an Adjacent Card",
            InfiltratePlatoon { .. } => "Platoon Infiltration",
            SeekCover { .. } => "Seek Cover",
            MoveCover { .. } => "Move to or from Cover",
            InfiltrateCover { .. } => "Infiltrate to or from Cover",
            PickUp { .. } | PickUpItem { .. } => "Pick Up",
            RemovePin { .. } => "Remove Pinned Marker",
            ParalyzedToLitter { .. } => "Paralyzed to Litter Team",
            LitterToFire { .. } => "Litter to Fire Team",
            FireToAssault { .. } => "Fire to Assault Team",
            AssaultToFire { .. } => "Assault to Fire Team",
            RallyToFront { .. } => "Rally to Front",
            DetachTeam { .. } => "Detach Team",
            Supplement { .. } => "Supplement Squad",
            ReconstituteSquad { .. } => "Reconstitute Squad",
            FlipToFireTeam { .. } => "Flip to Fire Team Side",
            Spot { .. } => "Spot",
            ConcentrateFire { .. } => "Concentrate Fire",
            PlatoonConcentrate { .. } => "Platoon Concentrate Fire",
            Grenade { .. } => "Grenade Attack",
            WpGrenade { .. } => "Grenade Attack",
            ThrowDemo { .. } => "Throw a Demolition Charge",
            PlaceDemo { .. } => "Place a Demolition Charge",
            Flame { .. } => "Flamethrower Attack",
            PlatoonGrenade { .. } => "Platoon Grenade Attack",
            CallForFire { .. } => "Call for Fire",
            MortarFire { .. } => "On-Map Mortar Fire",
            CeaseFire { .. } => "Cease Fire",
            ShiftFire { .. } => "Shift Fire",
            FireFinalProtective => "Fire FPF/FPL",
            HigherTask { .. } => "Carry Out Battalion Tasking",
        }
    }

    /// The section of the Action Menu (4.2) the order belongs to.
    pub fn section(&self) -> MenuSection {
        use Action::*;
        match self {
            Activate { .. }
            | Exhort { .. }
            | DeployPyro { .. }
            | ReconstitutePltHq { .. }
            | ReconstituteCoHq { .. }
            | CreateRunner { .. }
            | DispatchRunner { .. }
            | DismissRunner { .. }
            | RepairLine { .. }
            | SwitchNet { .. }
            | DesignateCasualtyPoint
            | DesignateLandingZone
            | DesignateMedevac
            | HigherTask { .. } => MenuSection::CommandAndControl,
            Move { .. }
            | MovePlatoon { .. }
            | Infiltrate { .. }
            | InfiltratePlatoon { .. }
            | SeekCover { .. }
            | MoveCover { .. }
            | InfiltrateCover { .. }
            | PickUp { .. }
            | PickUpItem { .. } => MenuSection::Movement,
            RemovePin { .. }
            | ParalyzedToLitter { .. }
            | LitterToFire { .. }
            | FireToAssault { .. }
            | AssaultToFire { .. }
            | RallyToFront { .. }
            | DetachTeam { .. }
            | Supplement { .. }
            | ReconstituteSquad { .. }
            | FlipToFireTeam { .. } => MenuSection::Rally,
            Spot { .. }
            | ConcentrateFire { .. }
            | PlatoonConcentrate { .. }
            | Grenade { .. }
            | PlatoonGrenade { .. }
            | MortarFire { .. }
            | CeaseFire { .. }
            | ShiftFire { .. }
            | ThrowDemo { .. }
            | PlaceDemo { .. }
            | Flame { .. }
            | WpGrenade { .. }
            | CallForFire { .. }
            | FireFinalProtective => MenuSection::Combat,
            // 7.2: activating a vehicle is command and control; readying a
            // team's AT fire is combat.
            ActivateVehicle { .. } | ActivateVehicleHq { .. } => MenuSection::CommandAndControl,
            ReadyAntiTank { .. } => MenuSection::Combat,
            // 4.2.2 h: transport is a movement action.
            Embark { .. } | Disembark { .. } | Load { .. } | Unload { .. } => MenuSection::Movement,
        }
    }

    /// Commands it costs (4.2).
    pub fn cost(&self) -> u8 {
        match self {
            _ if self.whole_platoon() => 2,
            Action::HigherTask { commands } => *commands,
            _ => 1,
        }
    }

    /// An order to a whole platoon, given by its HQ (4.2.2 b, d, 4.2.4 c,
    /// h).
    pub fn whole_platoon(&self) -> bool {
        use Action::*;
        matches!(
            self,
            MovePlatoon { .. }
                | InfiltratePlatoon { .. }
                | PlatoonConcentrate { .. }
                | PlatoonGrenade { .. }
        )
    }

    /// Actions an HQ or staff must originate even under General Initiative
    /// (4.1.3).
    pub fn needs_hq(&self) -> bool {
        use Action::*;
        matches!(
            self,
            Exhort { .. }
                | ReconstitutePltHq { .. }
                | ReconstituteCoHq { .. }
                | CreateRunner { .. }
                | DispatchRunner { .. }
                | DismissRunner { .. }
                | DesignateCasualtyPoint
                | DesignateLandingZone
                | DesignateMedevac
                | ReconstituteSquad { .. }
                | FireFinalProtective
                | HigherTask { .. }
        )
    }

    /// The unit that carries the action out, where there is one.
    pub fn unit(&self) -> Option<UnitId> {
        use Action::*;
        match self {
            Activate { hq } => Some(*hq),
            Exhort { unit }
            | DeployPyro { unit, .. }
            | RepairLine { unit }
            | SwitchNet { unit, .. }
            | Move { unit, .. }
            | Infiltrate { unit, .. }
            | SeekCover { unit }
            | MoveCover { unit, .. }
            | InfiltrateCover { unit, .. }
            | PickUp { unit, .. }
            | PickUpItem { unit, .. }
            | RemovePin { unit }
            | ParalyzedToLitter { unit }
            | LitterToFire { unit }
            | FireToAssault { unit }
            | AssaultToFire { unit }
            | RallyToFront { unit }
            | FlipToFireTeam { unit }
            | Spot { unit, .. }
            | ConcentrateFire { unit, .. }
            | Grenade { unit, .. }
            | WpGrenade { unit, .. }
            | ThrowDemo { unit, .. }
            | PlaceDemo { unit, .. }
            | Flame { unit, .. }
            | ReadyAntiTank { unit }
            | Embark { unit, .. }
            | Disembark { unit }
            | Load { unit, .. } => Some(*unit),
            ReconstitutePltHq { from, .. } | ReconstituteCoHq { from } | CreateRunner { from } => {
                Some(*from)
            }
            DispatchRunner { runner, .. } | DismissRunner { runner, .. } => Some(*runner),
            DetachTeam { squad, .. } | Supplement { squad, .. } => Some(*squad),
            ReconstituteSquad { teams } => teams.first().copied(),
            MortarFire { mortar, .. } => Some(*mortar),
            CallForFire { observer, .. } => Some(*observer),
            DesignateCasualtyPoint
            | DesignateLandingZone
            | DesignateMedevac
            | MovePlatoon { .. }
            | InfiltratePlatoon { .. }
            | PlatoonConcentrate { .. }
            | PlatoonGrenade { .. }
            | CeaseFire { .. }
            | ShiftFire { .. }
            | FireFinalProtective
            | HigherTask { .. }
            | ActivateVehicle { .. }
            | ActivateVehicleHq { .. }
            | Unload { .. } => None,
        }
    }

    /// Every unit the action names.
    pub fn ids(&self) -> Vec<UnitId> {
        let mut v = Vec::new();
        self.each_id(|id| v.push(id));
        v
    }

    /// Calls `f` with every unit the action names, in [`Action::ids`]'s
    /// order, without building a list.
    pub fn each_id(&self, mut f: impl FnMut(UnitId)) {
        use Action::*;
        match self {
            Activate { hq } => f(*hq),
            ReconstitutePltHq { from: a, plt: b }
            | DispatchRunner { runner: a, to: b }
            | DismissRunner { runner: a, into: b }
            | Supplement { squad: a, team: b }
            | PickUp {
                unit: a,
                casualty: b,
            }
            | ConcentrateFire { unit: a, target: b }
            | Grenade { unit: a, target: b }
            | WpGrenade { unit: a, target: b } => {
                f(*a);
                f(*b);
            }
            ReconstituteSquad { teams } => teams.iter().copied().for_each(f),
            PlatoonConcentrate { target } | PlatoonGrenade { target } => f(*target),
            _ => {
                if let Some(u) = self.unit() {
                    f(u)
                }
            }
        }
    }

    /// Moves within a card may be repeated in an impulse (4.2).
    pub(crate) fn repeatable(&self) -> bool {
        matches!(
            self,
            Action::MoveCover { .. } | Action::InfiltrateCover { .. }
        )
    }
}

/// What a failed attempt was looking for, for Exhort (4.2.1 b).
pub fn needed_for(a: &Action) -> Option<Needed> {
    use Action::*;
    match a {
        Infiltrate { .. } | InfiltratePlatoon { .. } | InfiltrateCover { .. } => {
            Some(Needed::Icon(Icon::Infiltrate))
        }
        SeekCover { .. } => Some(Needed::Word(Word::Cover)),
        RemovePin { .. }
        | ParalyzedToLitter { .. }
        | LitterToFire { .. }
        | FireToAssault { .. }
        | RallyToFront { .. }
        | ReconstituteSquad { .. } => Some(Needed::Word(Word::Rally)),
        Spot { .. } | ConcentrateFire { .. } | PlatoonConcentrate { .. } => {
            Some(Needed::Icon(Icon::Crosshairs))
        }
        Grenade { .. } | PlatoonGrenade { .. } | WpGrenade { .. } => {
            Some(Needed::Icon(Icon::Grenade))
        }
        CallForFire { .. } => Some(Needed::Icon(Icon::Burst)),
        ThrowDemo { .. } => Some(Needed::Icon(Icon::Grenade)),
        _ => None,
    }
}
