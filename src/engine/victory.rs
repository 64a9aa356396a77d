//! Mission outcome (11.0).

use super::game::Game;
use super::state::Outcome;
use crate::data::mission::{MissionKind, ObjectiveKind};

/// Decides the outcome when the mission ends. Decision (until the campaign
/// rules bring each mission's own success conditions, 11.0): an offensive
/// mission or patrol succeeds when the company holds its primary objective
/// (a friendly Good Order unit on it and no enemy), a defensive mission
/// when no enemy unit stands at or behind its main line of resistance.
pub fn outcome(game: &Game) -> Outcome {
    match game.mission.kind {
        MissionKind::Offensive | MissionKind::Patrol => {
            match game.objective(ObjectiveKind::Primary) {
                Some(p) if game.held_by_us(p) => Outcome::Success,
                Some(p) => Outcome::Failure(format!("the primary objective {p} is not held")),
                None => Outcome::Failure("the mission names no objective".into()),
            }
        }
        MissionKind::Defensive => {
            let mlr = game.state.map.controls.mlr.unwrap_or(1);
            let breached = game.state.in_play().any(|u| {
                u.side != crate::data::units::Side::Us && u.pos.row <= mlr && !u.pos.is_staging()
            });
            if breached {
                Outcome::Failure("the enemy broke through the main line of resistance".into())
            } else {
                Outcome::Success
            }
        }
    }
}
