//! Why an order of command and control (4.1-4.3), the chain of command and skills (10.7) is refused.

use crate::data::mission::{Net, Pyro, Skill};
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::input::Action;
use crate::engine::kernel::pos::CardPos;

/// Why an order of command and control (4.1-4.3), the chain of command and skills (10.7) is refused.
///
/// Not `Copy`: two reasons hold more than small values, the units the
/// order of precedence allows ([`Command::PrecedenceOnly`]) and the order a
/// skill does not serve ([`Command::SkillDoesNotServe`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    // The chain of command and communication (4.0, 4.1, 4.3).
    /// No unit has that id.
    NoUnit { unit: UnitId },
    /// The recipient has left play.
    OutOfPlay { unit: UnitId },
    /// The recipient is an enemy unit.
    EnemyUnit { unit: UnitId },
    /// An HQ on its fire-team side commands only itself (4.1.4).
    FireTeamSide { hq: UnitId },
    /// The recipient is not under the originator (4.0).
    NotUnder { unit: UnitId, hq: UnitId },
    /// The originator cannot reach the recipient (4.3.1-4.3.5), each way
    /// of communicating named with what stops it; `nets` are the networks
    /// both may talk on (4.3.3).
    NoLink {
        from: UnitId,
        to: UnitId,
        nets: Nets,
    },

    // Command and control actions (4.2.1).
    /// Runners, nets, phones and signals set aside (13.3).
    CommsAbstracted,
    /// General Initiative commands activate no HQ (3.3.2 D).
    InitiativeCannotActivate,
    /// Activation outside the Activation Segment or the CO HQ's
    /// initiative impulse (3.3.1, 3.3.2 C).
    ActivateWhen,
    /// An HQ activating itself (4.2.1 a).
    ActivateSelf,
    /// Both HQs on their command sides (4.2.1 a).
    ActivateCommandSides,
    /// Activation of an HQ not directly under the originator (4.2.1 a).
    NotDirectlyUnder { hq: UnitId, by: UnitId },
    /// The HQ is already activated (4.2.1 a).
    AlreadyActivated { hq: UnitId },
    /// Exhort without an originator (4.1.3).
    ExhortByHq,
    /// An order that needs an impulse outside one.
    NoImpulse,
    /// Exhort with no failed attempt by the unit (4.2.1 b).
    ExhortNoFailure,
    /// Pyrotechnics by a unit not in Good Order (4.2.1 c).
    PyroGoodOrder,
    /// The unit carries none of that device (4.2.1 c).
    NoPyro { unit: UnitId, device: Pyro },
    /// Pyrotechnics from the staging area (4.2.1 c).
    PyroOffMap,
    /// Where a device may go (4.3.6).
    PyroWhere,
    /// An order that needs an originating HQ (4.1.3).
    HqMustOrder,
    /// A PLT HQ reconstituted by other than the CO HQ or staff (4.2.1 d).
    PltHqRebuiltBy,
    /// The unit to reconstitute is not a platoon HQ (4.2.1 d).
    NotPltHq { plt: UnitId },
    /// The platoon HQ is still in play (4.2.1 d).
    PltHqInPlay,
    /// The stand-in is not a Good Order unit of a platoon (10.2.2).
    NotPlatoonUnit { unit: UnitId },
    /// The stand-in is of another platoon (10.2.2).
    NotOfPlatoon { unit: UnitId },
    /// The CO HQ reconstituted by other than the staff (4.2.1 e).
    CoHqRebuiltBy,
    /// The CO HQ is still in play (4.2.1 e).
    CoHqInPlay,
    /// The order of precedence names one other unit first (4.2.1 e).
    PrecedenceFirst { first: UnitId },
    /// The order of precedence allows only these units (4.2.1 e).
    PrecedenceOnly { eligible: Box<[UnitId]> },
    /// No unit may take over the company yet (4.2.1 e, 10.2.2).
    NoSuccessor,
    /// Creating a runner without an originator (4.1.3).
    CoCreatesRunners,
    /// A runner created by other than the CO HQ (4.2.1 f).
    OnlyCoCreatesRunners,
    /// The unit giving up a step for a runner (4.2.1 f).
    RunnerFrom,
    /// HQs, staff, runners and porters give no runner (4.2.1 f).
    RunnerNotFrom,
    /// Two runners already in play (4.3.2).
    TwoRunners,
    /// Dispatching a runner without an originator (4.1.3).
    CoDispatchesRunners,
    /// A runner dispatched by other than the CO HQ (4.2.1 g).
    OnlyCoDispatchesRunners,
    /// Not a Good Order runner in play (4.2.1 g-h).
    NotRunner { runner: UnitId },
    /// The runner is already on an errand (4.2.1 g).
    RunnerOnErrand,
    /// A runner sent to other than a platoon HQ or staff on the map
    /// (4.2.1 g).
    RunnerTo { to: UnitId },
    /// The runner's destination is full (5.1.5).
    CardFull { pos: CardPos },
    /// Dismissing a runner without an originator (4.1.3).
    CoDismissesRunners,
    /// A runner dismissed by other than the CO HQ (4.2.1 h).
    OnlyCoDismissesRunners,
    /// The runner, the CO HQ and the unit not on one card (4.2.1 h).
    DismissShareCard,
    /// The unit cannot take the runner's step (4.2.1 h).
    CannotAbsorb { unit: UnitId },
    /// The unit has no set to take over the lost one (4.2.1 j).
    NoSetForNet { unit: UnitId, net: Net },
    /// A line repaired by a unit not in Good Order (4.2.1 k).
    RepairGoodOrder,
    /// The HQ is not on the card with the cut line (4.2.1 k).
    RepairHqThere,
    /// No cut phone line on the card (4.2.1 k).
    NoCutLine,
    /// New controls without an originator (4.1.3).
    HqDesignates,
    /// New controls by other than the CO HQ or a patrol's PLT HQ (4.2.1 l).
    OnlyCoDesignates,
    /// Controls from the staging area (4.2.1 l).
    ControlsOnMap,
    /// A collection point on a MEDEVAC mission (5.1.7).
    MedevacMission,
    /// The casualty collection point is already on the card (4.2.1 l).
    CasualtyPointHere,
    /// The action is not one of command and control.
    NotCommandAction,

    // Skills (10.7).
    /// The holder holds no such marker (10.7).
    NoSkill { holder: UnitId, skill: Skill },
    /// The holder is out of play (10.7).
    HolderOutOfPlay { holder: UnitId },
    /// The holder's skills serve only itself or its platoon (10.7).
    SkillServes { holder: UnitId },
    /// A skill used on its own for a unit that is not there.
    NoSuchUnit,
    /// A skill used outside an impulse (10.7).
    SkillInImpulse,
    /// Leadership outside the General Initiative impulse (10.7).
    LeadershipWhen,
    /// The unit is not a paralyzed team (10.7).
    NotParalyzed { unit: UnitId },
    /// A team splits off a squad of three or four steps (10.7).
    SplitSquad,
    /// Splitting a team without saying which (10.7).
    SayWhichTeam,
    /// The skill is used with an attempt, not on its own (10.7).
    NotOnItsOwn { skill: Skill },
    /// The skill does not serve that order (10.7).
    SkillDoesNotServe { skill: Skill, action: Box<Action> },
    /// A skill for a group's order (10.7).
    SkillOneUnit,
}

impl Command {
    /// [`Command::NoLink`]: `from` cannot reach `to`, where
    /// `both_may_use` says which networks both may talk on (4.3.3).
    pub fn no_link(from: UnitId, to: UnitId, both_may_use: impl Fn(Net) -> bool) -> Command {
        let nets = [Net::CoTac, Net::BnTac, Net::ArtyFd, Net::MtrFd, Net::AirCtl]
            .into_iter()
            .filter(|n| both_may_use(*n))
            .fold(Nets::default(), |s, n| Nets(s.0 | Nets::bit(n)));
        Command::NoLink { from, to, nets }
    }
}

/// A set of radio and telephone networks (4.3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Nets(u8);

impl Nets {
    fn bit(net: Net) -> u8 {
        1 << net as u8
    }

    /// Whether `net` is in the set.
    pub fn has(self, net: Net) -> bool {
        self.0 & Nets::bit(net) != 0
    }
}
