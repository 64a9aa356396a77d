//! The words of a refusal of rally and reconstitution (4.2.3, 10.1-10.2).

use crate::data::units::UnitKind;
use crate::engine::kernel::game::Game;
use crate::engine::kernel::why::Rally;

/// The reason in words.
pub(crate) fn text(game: &Game, why: &Rally) -> String {
    match *why {
        Rally::NotKind { unit, kind } => {
            format!("{} is not {}", game.describe(unit), a_team(kind))
        }
        Rally::PinnedFirst { unit } => format!(
            "{} is pinned: remove the Pinned marker first (4.2.5)",
            game.describe(unit)
        ),
        Rally::NotPinned { unit } => format!("{} is not pinned", game.describe(unit)),
        Rally::NotFlipped { unit } => {
            format!("{} is not on its fire-team side", game.describe(unit))
        }
        Rally::Pinned { unit } => format!("{} is pinned (4.2.5)", game.describe(unit)),
        Rally::NoFront => {
            "only HQs, staff, weapons teams and observers have a front to rally to (4.2.3 f)".into()
        }
        Rally::NotGoodOrderSquad { unit } => {
            format!("{} is not a Good Order squad", game.describe(unit))
        }
        Rally::DetachTooSmall => "only a squad of 3 or 4 steps can detach a team (4.2.3 g)".into(),
        Rally::SupplementStrength => {
            "only a squad of 2 or 3 steps below its full strength can take a team (4.2.3 h)".into()
        }
        Rally::NotUnpinnedTeam { unit } => format!(
            "{} is not an unpinned fire or assault team",
            game.describe(unit)
        ),
        Rally::TeamElsewhere => "the team must be on the squad's card".into(),
        Rally::ReconstituteWithoutHq => {
            "an HQ or staff must order a squad reconstituted (4.1.3)".into()
        }
        Rally::TeamCount => "a squad is reconstituted from 2 to 4 teams (4.2.3 i)".into(),
        Rally::TeamsOrder => "list each team once, in order".into(),
        Rally::TeamsApart => "the teams must be on one card".into(),
        Rally::NoSquadOfSteps { teams } => format!(
            "no squad removed from play holds {teams} steps: a squad never comes back stronger than it was (10.2.1)"
        ),
        Rally::RemovedSquadsOut => {
            "no squad removed from play can come back: those taken prisoner, guarding prisoners or withdrawn stay out of the mission (4.2.3 i, 9.13)"
                .into()
        }
        Rally::NoRemovedSquad => {
            "no squad has been removed from play to reconstitute (4.2.3 i)".into()
        }
        Rally::NotGoodOrderFront { unit } => format!(
            "{} is not a Good Order unit on its front",
            game.describe(unit)
        ),
        Rally::NoFireTeamSide { unit } => {
            format!("{} has no fire-team side (4.2.3 j)", game.describe(unit))
        }
        Rally::NotRally => "not a rally action".into(),
    }
}

/// A limited action team's kind with its article, as a conversion names
/// the team it takes (4.2.3 b-e).
fn a_team(kind: UnitKind) -> &'static str {
    match kind {
        UnitKind::ParalyzedTeam => "a paralyzed team",
        UnitKind::LitterTeam => "a litter team",
        UnitKind::FireTeam => "a fire team",
        UnitKind::AssaultTeam => "an assault team",
        // No conversion takes another kind.
        _ => "the team the conversion takes",
    }
}
