//! Why an input is refused: the reason as typed facts ([`Why`]), one enum
//! per part of the rules, with the units, cards and numbers the reason
//! names. The words are the narrator's (`kernel::words::why`), made when
//! the refusal is made unless only its yes/no is wanted
//! ([`crate::engine::kernel::game::quietly`]), and kept in
//! [`crate::engine::kernel::game::Illegal`] beside the reason.
//!
//! A reason holds only small copied values (ids, positions, numbers,
//! kinds): making one costs no allocation, so the menu's hundreds of trial
//! checks can build them all and word none.

mod command;
mod fire;
mod movement;
mod rally;
mod turn;
mod vehicle;

pub use command::Command;
pub use fire::Fire;
pub use movement::Move;
pub use rally::Rally;
pub use turn::Turn;
pub use vehicle::Vehicle;

/// Why an input is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// Fire and the combat actions (chapter 6, 4.2.4), fire support (6.7).
    Fire(Fire),
    /// Command and control (4.1-4.3), the chain of command, skills (10.7).
    Command(Command),
    /// Movement and carrying (4.2.2, 5.1, 3.5).
    Move(Move),
    /// Rally and reconstitution (4.2.3, 10.1-10.2).
    Rally(Rally),
    /// Vehicles, aircraft and helicopters (chapter 7).
    Vehicle(Vehicle),
    /// The sequence of play, the inputs and the questions (chapter 3).
    Turn(Turn),
    /// A reason still worded where it is checked (being moved to the
    /// typed reasons above).
    Said(String),
}

impl From<Fire> for Why {
    fn from(w: Fire) -> Why {
        Why::Fire(w)
    }
}

impl From<Command> for Why {
    fn from(w: Command) -> Why {
        Why::Command(w)
    }
}

impl From<Move> for Why {
    fn from(w: Move) -> Why {
        Why::Move(w)
    }
}

impl From<Rally> for Why {
    fn from(w: Rally) -> Why {
        Why::Rally(w)
    }
}

impl From<Vehicle> for Why {
    fn from(w: Vehicle) -> Why {
        Why::Vehicle(w)
    }
}

impl From<Turn> for Why {
    fn from(w: Turn) -> Why {
        Why::Turn(w)
    }
}
