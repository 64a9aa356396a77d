//! Why an input of the sequence of play (chapter 3) is refused: the
//! mission over, no impulse or the wrong one, a question waiting, an
//! originator who may not give the order, items and casualties set down.

use crate::engine::kernel::ids::{UnitId, VehicleId};
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::sequence::Step;

/// Why an input of the sequence of play is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// The mission has ended (11.0): nothing more is played.
    Over,
    /// An order with no HQ spending commands (4.1).
    NoImpulse,
    /// An input of an impulse with none under way (4.1).
    NotInImpulse,
    /// An HQ chosen while another's impulse is under way (4.1).
    ImpulseUnderway,
    /// An input naming a unit the game does not have.
    NoUnit { unit: UnitId },
    /// An input naming a vehicle the game does not have.
    NoVehicle { vehicle: VehicleId },
    /// An input naming units that are not there, without saying which.
    NoSuchUnit,
    /// An HQ or staff with no impulse in this step (3.3).
    NoImpulseToTake { hq: UnitId, step: Step },
    /// A vehicle chosen as a platoon HQ that is none (7.1.1).
    NotVehicleHq { vehicle: VehicleId },
    /// A vehicle platoon HQ with no impulse in this step (7.1.1, 3.3).
    VehicleHqNoImpulse { vehicle: VehicleId, step: Step },
    /// An item set down outside an impulse.
    ItemsInImpulse,
    /// An item set down by a unit that is not the company's in play.
    NotFriendlyInPlay { unit: UnitId },
    /// An item set down in a staging area (2.4.2).
    ItemsOnMap,
    /// An item set down that the unit does not carry.
    NotCarryingThat { unit: UnitId },
    /// A casualty set down outside an impulse (3.5).
    CasualtiesInImpulse,
    /// A casualty set down that the unit does not carry (3.5).
    NotCarrying { carrier: UnitId, casualty: UnitId },
    /// An answer with no question asked.
    NoQuestion,
    /// Another input, or an answer the question does not allow, while a
    /// question waits; `rule` is the question's section.
    AnswerFirst { rule: &'static str },
    /// The battalion's tasking carried out by another than the CO HQ (3.1).
    TaskingByCo,
    /// The tasking carried out with another number of commands (3.1).
    TaskingAsks { asks: u8, given: u8 },
    /// No tasking this turn (3.1).
    NoTasking,
    /// An order that costs more commands than are left (4.1.3); `order`
    /// is its name in the menu ([`crate::engine::kernel::input::Action::name`]).
    Costs {
        order: &'static str,
        cost: u8,
        left: u8,
    },
    /// An originator in the impulse of a vehicle platoon HQ (7.1.1).
    VehicleImpulseOnly,
    /// An order other than a vehicle's in a vehicle platoon HQ's
    /// impulse (7.1.1).
    VehicleOrdersOnly,
    /// An originator other than the HQ spending the impulse (4.1).
    OnlyHq { hq: UnitId },
    /// An order only an HQ may originate, under General Initiative
    /// without one (4.1.3).
    NeedsHq { order: &'static str },
    /// An originator named for an order of General Initiative (3.3.2 D).
    NoOriginator,
    /// An originator that is not an HQ or staff of the company in play.
    CannotOriginate { unit: UnitId },
    /// An order a unit has already carried out this impulse (4.2).
    Already { unit: UnitId, order: &'static str },
    /// An order the units of a card have already carried out this
    /// impulse (4.2).
    CardAlready { at: CardPos, order: &'static str },
    /// The map grown into a staging area (2.4.2, 9.2).
    MapStaging { pos: CardPos },
    /// The map grown with no terrain card left (2.2).
    TerrainExhausted,
    /// An input the replay file could not hold as itself.
    NotRecordable,
    /// An input given after the mission was finished and saved.
    Finished,
}
