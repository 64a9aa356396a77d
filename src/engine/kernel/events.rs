//! Events: every change the engine makes, with the rule section it applies
//! and every card it drew. The log, learn mode and the tests read these.

use crate::data::action::{ActionCard, Icon, Word};
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::sequence::Step;
use serde::{Deserialize, Serialize};

/// Which section of an Action card was read (1.2.2 A-E).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Section {
    /// The helmet: activated commands.
    Activated,
    /// The star: initiative commands.
    Initiative,
    /// The action-attempt word.
    Word,
    /// The main icon.
    Icon,
    /// The Higher HQ icon.
    HigherHq,
    /// The fire result beside an NCM.
    Fire(i8),
    /// The hit effect for an experience level.
    HitEffect,
    /// The random-number strip under N.
    Random(u8),
    /// The anti-tank number.
    AntiTank,
}

/// One card drawn, the section read and what for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardRead {
    pub card: u8,
    pub section: Section,
    pub purpose: String,
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
    },
    /// An HQ drew or received commands (4.1.1).
    Commands {
        hq: Option<UnitId>,
        drawn: u8,
        modifier: i8,
        total: u8,
        saved: u8,
    },
    /// An HQ or staff was activated (3.3.1, 4.2.1 a).
    Activated {
        hq: UnitId,
    },
    /// An impulse ended; commands were saved or lost (4.1.3).
    ImpulseEnds {
        hq: Option<UnitId>,
        saved: u8,
        lost: u8,
    },
    /// An order was given: commands spent on an action (4.2).
    Order {
        by: Option<UnitId>,
        unit: Option<UnitId>,
        cost: u8,
        action: String,
    },
    /// An attempt drew its cards (4.2); the cards are the event's
    /// [`Event::cards`].
    Attempt {
        unit: Option<UnitId>,
        needed: String,
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
    },
    /// A unit went under, changed or left cover (5.1.1).
    CoverChanged {
        unit: UnitId,
        under: bool,
    },
    /// A new cover marker was found (5.2.3).
    CoverFound {
        pos: CardPos,
        kind: String,
    },
    /// A unit's status changed (pinned, exposed, flipped, converted...).
    Status {
        unit: UnitId,
        what: String,
    },
    /// A unit entered play (team detached, runner created, squad back...).
    UnitCreated {
        unit: UnitId,
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
        act: String,
    },
    /// A unit left play.
    UnitRemoved {
        unit: UnitId,
    },
    /// A marker was placed or removed on a card.
    Marker {
        pos: CardPos,
        what: String,
    },
    /// The Current Activity Level changed (9.1).
    Activity {
        level: String,
    },
    /// Nothing to do in this step, and why.
    Nothing {
        why: String,
    },
    /// A vehicle or an AT-capable team was activated for the Vehicle
    /// Movement and Combat Phase (7.2, 7.5, 9.10).
    VehicleActivated {
        vehicle: Option<crate::engine::kernel::ids::VehicleId>,
    },
    /// A vehicle moved to an adjacent card (7.3.1, 7.5 B).
    VehicleMoved {
        vehicle: crate::engine::kernel::ids::VehicleId,
        from: CardPos,
        to: CardPos,
    },
    /// AT Combat against a vehicle (7.6, 7.7): the AT modifier, the AT
    /// number drawn, and the result on the Anti-Armor table.
    AtCombat {
        target: crate::engine::kernel::ids::VehicleId,
        modifier: i32,
        number: u8,
        result: String,
    },
    /// The mission ended (11.0).
    MissionEnds {
        outcome: String,
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

impl Event {
    /// The unit the event is about, when it names one.
    pub fn unit(&self) -> Option<UnitId> {
        match &self.kind {
            EventKind::Activated { hq } => Some(*hq),
            EventKind::Attempt { unit, .. } | EventKind::Order { unit, .. } => *unit,
            EventKind::Moved { unit, .. }
            | EventKind::CoverChanged { unit, .. }
            | EventKind::Status { unit, .. }
            | EventKind::UnitCreated { unit }
            | EventKind::ActivityCheck { unit, .. }
            | EventKind::UnitRemoved { unit } => Some(*unit),
            _ => None,
        }
    }
}

/// What an attempt looks for on the drawn cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Needed {
    Word(Word),
    Icon(Icon),
}

impl Needed {
    pub fn found(self, c: &ActionCard) -> bool {
        match self {
            Needed::Word(w) => c.word == Some(w),
            Needed::Icon(Icon::Crosshairs) => c.shows_crosshairs(),
            Needed::Icon(Icon::Burst) => c.shows_burst(),
            Needed::Icon(i) => c.icon == i,
        }
    }

    pub fn label(self) -> String {
        match self {
            Needed::Word(w) => format!("the word {w}"),
            Needed::Icon(i) => format!("the {i} icon"),
        }
    }

    pub(crate) fn section(self) -> Section {
        match self {
            Needed::Word(_) => Section::Word,
            Needed::Icon(_) => Section::Icon,
        }
    }
}
