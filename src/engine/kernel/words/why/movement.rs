//! The words of a refusal of movement and carrying (4.2.2, 5.1, 3.5).

use crate::engine::kernel::game::Game;
use crate::engine::kernel::why::Move;

/// The reason in words.
pub(crate) fn text(game: &Game, why: &Move) -> String {
    match *why {
        Move::NoSuchCover { pos } => format!("there is no such cover marker on {pos}"),
        Move::CoverHeldByEnemy => "the enemy is under that cover marker (5.2.3)".into(),
        Move::CoverFull { kind, cap } => {
            format!("the {} holds at most {cap} steps (5.2.3 B)", kind.label())
        }
        Move::PinnedToSafetyOnly { unit } => format!(
            "{} is pinned: it may only move to the staging area or a friendly card under no VOF (4.2.5)",
            game.describe(unit)
        ),
        Move::FireTeamToSafetyOnly => {
            "a fire team may only move to the staging area or a friendly card under no VOF (4.2.5)"
                .into()
        }
        Move::FireTeamIntoPc => {
            "fire teams cannot scout into cards with Potential Contact markers (4.2.5)".into()
        }
        Move::LitterToSafetyOnly => {
            "a litter or paralyzed team may only move to the staging area or a friendly card under no VOF (4.2.5)"
                .into()
        }
        Move::CasualtyMoves => {
            "casualties cannot move; another unit must carry them (5.1.7)".into()
        }
        Move::NotOnPatrol { unit } => format!(
            "{} is not on the patrol: the rest of the company stays in place and supports by fire (11.4)",
            game.describe(unit)
        ),
        Move::ExposedMoves { unit } => format!(
            "{} is marked Exposed and cannot move to another card this turn (5.1.3)",
            game.describe(unit)
        ),
        Move::CarrierTiedDown { unit } => format!(
            "{} is pinned or paralyzed and cannot carry its casualty any farther: set it down first (5.1.6)",
            game.describe(unit)
        ),
        Move::NotAdjacent { from, to } => format!("{to} is not adjacent to {from} (5.1.2)"),
        // The words of the map's bounds (`map::bounds::Barred`).
        Move::NoCard { to } => format!("{to} has no card: it lies off the map (2.4.1)"),
        Move::BeyondSide { to } => format!(
            "{to} lies beyond the company's side boundary: the map grew there to place the enemy, and our units may not leave the map's original bounds (2.4.1 A, 9.2.2)"
        ),
        Move::BeyondFarEdge { to } => format!(
            "{to} lies beyond the map's far edge: the map grew there to place the enemy, and our units may not leave the map's original bounds (9.2.2)"
        ),
        Move::BeyondLimitOfAdvance { to, loa } => {
            format!("{to} is beyond the limit of advance, row {loa} (2.4.1 A)")
        }
        Move::DiagonalPdf => "infantry cannot move diagonally through a PDF (5.1.2)".into(),
        Move::Stacking { to, steps, limit } => {
            format!("{to} already holds {steps} friendly steps; the limit is {limit} (5.1.5)")
        }
        Move::NotGoodOrder => "only Good Order units and some teams may move (4.2.2 a)".into(),
        Move::PinnedInfiltrates => "a pinned unit cannot infiltrate (4.2.5)".into(),
        Move::ParalyzedInfiltrates => "a paralyzed team cannot infiltrate (4.2.5)".into(),
        Move::TeamInfiltratesAlone => {
            "this team may infiltrate only into a friendly-occupied card (4.2.5)".into()
        }
        Move::HeavyInfiltrates => {
            "tripod machine guns and heavy weapons cannot infiltrate (5.1.4)".into()
        }
        Move::InfiltrateNoVof => {
            "infiltration needs a VOF marker on the card left or entered (5.1.4)".into()
        }
        Move::PlatoonWithoutHq => {
            "a platoon action is ordered by its platoon HQ (4.2.2 b)".into()
        }
        Move::PlatoonNotByPltHq => "only a platoon HQ can move its platoon (4.2.2 b)".into(),
        Move::FlippedHqPlatoon => {
            "an HQ on its fire-team side can command only itself, not its platoon (4.1.4)".into()
        }
        Move::NoPlatoonMover { to } => format!("no unit of the platoon can move to {to}"),
        Move::PlatoonStacking { to } => {
            format!("the platoon would exceed 16 steps on {to} (5.1.5)")
        }
        Move::CannotSeekCover => "this unit cannot seek cover (4.2.5)".into(),
        Move::SeekCoverStaging => "there is no cover to seek in the staging area".into(),
        Move::SeekCoverUnderCover => {
            "a unit under a cover marker cannot seek cover (5.1.1)".into()
        }
        Move::CoverPotentialReached { pos } => {
            format!("{pos} has reached its cover potential (5.2.3)")
        }
        Move::CannotMoveWithin => "this unit cannot move within its card (4.2.5)".into(),
        Move::AlreadyUnderCover => "the unit is already under that cover marker".into(),
        Move::NotUnderCover => "the unit is not under cover".into(),
        Move::ExposedInfiltrates => "an Exposed unit cannot infiltrate (5.1.4)".into(),
        Move::InfiltrateWithinNoVof => {
            "infiltrating within a card needs a VOF marker on it (5.1.4)".into()
        }
        Move::TiedDownPicksUp => {
            "pinned and paralyzed units cannot pick anything up (5.1.6)".into()
        }
        Move::NoSuchCasualty => "no such casualty".into(),
        Move::NotFriendlyCasualty { unit } => {
            format!("{} is not a friendly casualty", game.describe(unit))
        }
        Move::CasualtyElsewhere => "the casualty is on another card".into(),
        Move::CasualtyCarried => "that casualty is already being carried".into(),
        Move::CasualtiesOrAmmo => {
            "a unit carries casualties or one kind of ammunition, not both (5.1.6 A)".into()
        }
        Move::CasualtyPerStep => "each step carries one casualty (5.1.6 A)".into(),
        Move::NotMovement => "not a movement action".into(),
        Move::NoSuchItem => "there is no such item on the unit's card".into(),
        Move::OneAmmoKind => "a unit carries one kind of ammunition at a time (5.1.6 A)".into(),
        Move::AmmoFull => "the unit can carry no more of that ammunition (5.1.6 A)".into(),
        Move::AssetsFull { most } => format!("a unit carries at most {most} assets (5.1.6 A)"),
    }
}
