//! The words of a refusal of the sequence of play.

use crate::engine::kernel::game::Game;
use crate::engine::kernel::why::Turn;

/// The reason in words.
pub(crate) fn text(game: &Game, why: &Turn) -> String {
    let d = |u| game.describe(u);
    let vehicle = |v: crate::engine::kernel::ids::VehicleId| {
        game.state
            .vehicles
            .get(v.0 as usize)
            .map_or_else(|| format!("vehicle {v}"), |x| x.label.clone())
    };
    match *why {
        Turn::Over => "the mission is over".into(),
        Turn::NoImpulse => "no HQ is spending commands now: choose the next HQ first".into(),
        Turn::NotInImpulse => "no impulse is in progress".into(),
        Turn::ImpulseUnderway => "finish the current impulse before another HQ draws (4.1)".into(),
        Turn::NoUnit { unit } => format!("there is no unit {unit}"),
        Turn::NoVehicle { vehicle } => format!("there is no vehicle {vehicle}"),
        Turn::NoSuchUnit => "there is no such unit".into(),
        Turn::NoImpulseToTake { hq, step } => format!(
            "{} has no impulse to take in the {} ({})",
            d(hq),
            step.name(),
            step.rule(game.mission.kind)
        ),
        Turn::NotVehicleHq { vehicle: v } => {
            format!("{} is not a vehicle platoon HQ (7.1.1)", vehicle(v))
        }
        Turn::VehicleHqNoImpulse { vehicle: v, step } => format!(
            "{} has no impulse to take in the {} ({})",
            vehicle(v),
            step.name(),
            step.rule(game.mission.kind)
        ),
        Turn::ItemsInImpulse => "items are set down during an impulse".into(),
        Turn::NotFriendlyInPlay { unit } => format!("{} is not a friendly unit in play", d(unit)),
        Turn::ItemsOnMap => "items are set down on the map".into(),
        Turn::NotCarryingThat { unit } => format!("{} is not carrying that", d(unit)),
        Turn::CasualtiesInImpulse => "casualties are set down during an impulse".into(),
        Turn::NotCarrying { carrier, casualty } => {
            format!("{} is not carrying {}", d(carrier), d(casualty))
        }
        Turn::NoQuestion => "there is no question to answer now".into(),
        Turn::AnswerFirst { rule } => format!("answer the question asked first ({rule})"),
        Turn::TaskingByCo => "only the CO HQ carries out a battalion tasking (3.1)".into(),
        Turn::TaskingAsks { asks, given } => {
            format!("this turn's tasking asks for {asks} commands, not {given}")
        }
        Turn::NoTasking => "battalion has no tasking for the company this turn (3.1)".into(),
        Turn::Costs { order, cost, left } => {
            format!("{order} costs {cost} command(s); {left} left this impulse (4.1.3)")
        }
        Turn::VehicleImpulseOnly => match &game.state.impulse {
            Some(imp) => format!(
                "only {} is spending commands in this impulse",
                crate::engine::kernel::words::impulse_owner(game, imp)
            ),
            None => "no impulse is in progress".into(),
        },
        Turn::VehicleOrdersOnly => format!(
            "{} commands only its platoon's vehicles: it activates them, has them take units aboard or set ammunition down (7.1.1)",
            match &game.state.impulse {
                Some(imp) => crate::engine::kernel::words::impulse_owner(game, imp),
                None => "a vehicle platoon HQ".into(),
            }
        ),
        Turn::OnlyHq { hq } => format!("only {} is spending commands in this impulse", d(hq)),
        Turn::NeedsHq { order } => format!(
            "{order} must be originated by an HQ or staff even under General Initiative (4.1.3)"
        ),
        Turn::NoOriginator => {
            "General Initiative commands are given without an originator (3.3.2 D)".into()
        }
        Turn::CannotOriginate { unit } => format!("{} cannot originate orders", d(unit)),
        Turn::Already { unit, order } => {
            format!(
                "{} has already performed {order} this impulse (4.2)",
                d(unit)
            )
        }
        Turn::CardAlready { at, order } => {
            format!("the units on {at} have already performed {order} this impulse (4.2)")
        }
        Turn::MapStaging { pos } => {
            format!("{pos} lies in the staging area: the map does not grow there")
        }
        Turn::TerrainExhausted => "the terrain deck is exhausted".into(),
        Turn::NotRecordable => {
            "this input cannot be recorded: it would not read back from the file as itself".into()
        }
        Turn::Finished => "the mission is finished: nothing more can be changed".into(),
    }
}
