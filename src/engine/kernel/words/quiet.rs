//! The words of the steps where nothing happens, and why
//! ([`Quiet`]).

use super::first;
use crate::engine::kernel::events::{CardRead, Quiet};
use crate::engine::kernel::game::Game;

pub(super) fn text(game: &Game, why: &Quiet, cards: &[CardRead]) -> Option<String> {
    let _ = (game, cards, first(cards));
    Some(match why {
        Quiet::FirstTurn { friendly } => format!(
            "{} Higher HQ events are checked from turn 2 on.",
            if *friendly { "Friendly" } else { "Enemy" }
        ),
        Quiet::NoEnemyToCheck => "No enemy unit takes an activity check this turn.".into(),
        Quiet::CleanUp => {
            "Exposed, signal, illumination, grenade and demolition markers are removed.".into()
        }
        Quiet::PcMarkersPlaced => {
            "The enemy gathers: Potential Contact markers are placed for this turn.".into()
        }
        Quiet::Counterattack {
            letter,
            cards,
            assault_until,
        } => match assault_until {
            Some(t) => format!(
                "The enemy counterattacks: a PC marker {letter} goes on each of the {cards} cards the company holds, and the enemy fights on Assault tactics to the end of turn {t}."
            ),
            None => format!(
                "The enemy counterattacks: a PC marker {letter} goes on each of the {cards} cards the company holds; the enemy keeps its {} tactics.",
                game.mission.enemy_tactics().label()
            ),
        },
        Quiet::MoreFire { kind, n } => {
            format!("Battalion releases {n} more {} mission(s).", kind.label())
        }
        Quiet::Tasking {
            commands,
            experience,
        } => format!(
            "Battalion asks for something this turn: {commands} command(s) from the CO HQ earn {experience} experience point(s); it may be ignored."
        ),
        Quiet::Stirring { letter, row } => {
            format!("The enemy stirs: PC markers {letter} on row {row}.")
        }
        Quiet::PositionsKept => "The rest of the company keeps its current position.".into(),
        Quiet::SignalPlanKept => {
            "The other signals keep the meaning the briefing gives them.".into()
        }
        Quiet::AssetsKept => "The other assets stay with the holders the briefing names.".into(),
        Quiet::PlanKept => "The rest of the company takes the positions the briefing gives.".into(),
        Quiet::PatrolNamed { units } => {
            let names: Vec<String> = units.iter().map(|u| game.describe(*u)).collect();
            format!(
                "The patrol goes out: {}. The rest of the company stays in place and supports by fire.",
                names.join(", ")
            )
        }
        Quiet::SetUp { unit, at } => format!("{} sets up on {at}.", game.describe(*unit)),
        Quiet::AssetHandedOut { asset, from, to } if from == to => format!(
            "{} keeps {}, as the briefing plans.",
            game.describe(*to),
            asset.words()
        ),
        Quiet::AssetHandedOut { asset, from, to } => format!(
            "{} carries {} instead of {}.",
            game.describe(*to),
            asset.words(),
            game.describe(*from)
        ),
        Quiet::SignalGivenItsMeaning { device, order } => match order {
            Some(o) => format!(
                "The signal plan: the {} means \"{}\".",
                device.label(),
                o.label()
            ),
            None => format!(
                "The signal plan: the {} means nothing this mission.",
                device.label()
            ),
        },
        Quiet::PositionKept { unit, at } => format!("{} stays on {at}.", game.describe(*unit)),
        _ => return None,
    })
}
