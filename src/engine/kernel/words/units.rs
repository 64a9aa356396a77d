//! The words of units entering, moving in, changing cover in and leaving
//! play.

use crate::engine::kernel::events::{
    CoverMove, Creation, EnemyMove, Evacuation, EventKind, Exit, Movement, Removal,
};
use crate::engine::kernel::game::Game;

pub(super) fn event(game: &Game, kind: &EventKind) -> Option<String> {
    Some(match kind {
        EventKind::UnitCreated {
            unit,
            why: Creation::Reinforcement,
            ..
        } => format!(
            "Reinforcements: {} arrives in the staging area.",
            game.describe(*unit)
        ),
        EventKind::Moved {
            unit,
            from,
            to,
            exposed,
            how,
            ..
        } => {
            let name = game.describe(*unit);
            let marked = |unseen: &str| {
                if *exposed {
                    " and is marked Exposed".to_string()
                } else {
                    unseen.to_string()
                }
            };
            match how {
                Movement::Reposition => format!("{name} takes position on {to}, from {from}."),
                Movement::Order { under } => format!(
                    "{name} moves from {from} to {to}{}{}.",
                    if *under { ", under cover" } else { "" },
                    marked(" without being exposed")
                ),
                Movement::Retreat { carrying } => format!(
                    "{name} retreats from {from} to {to}{} and is marked Exposed.",
                    carrying
                        .map(|c| format!(", carrying {}", game.describe(c)))
                        .unwrap_or_default()
                ),
                Movement::RunnerOut { to } => format!(
                    "A runner sets out for {} and is marked Exposed; if it is neither hit nor pinned, it activates that HQ next turn.",
                    game.describe(*to)
                ),
                Movement::RunnerBack => {
                    "The runner returns to the CO HQ and is marked Exposed.".into()
                }
                Movement::Enemy(what) => {
                    let what = match what {
                        EnemyMove::ToCover => "moves to better cover on",
                        EnemyMove::Advance => "advances to",
                        EnemyMove::Infiltrate => "infiltrates to",
                        EnemyMove::ForCasualty => "goes for a casualty on",
                    };
                    format!("{name} {what} {to}{}.", marked(" unseen"))
                }
                Movement::FallBack { unseen, cover } => format!(
                    "{name} falls back from {from} to {to}{} and is marked Exposed.",
                    if *unseen {
                        format!(", out of the company's sight (terrain +{cover})")
                    } else {
                        format!(", the best terrain in the company's sight (+{cover})")
                    }
                ),
                Movement::Away => {
                    format!("{name} moves away from the company to {to} and is marked Exposed.")
                }
            }
        }
        EventKind::CoverChanged {
            unit, exposed, how, ..
        } => {
            let name = game.describe(*unit);
            let pos = game.state.unit(*unit).pos;
            match how {
                CoverMove::Reposition(Some(k)) => {
                    format!("{name} takes the {} cover marker on {pos}.", k.label())
                }
                CoverMove::Reposition(None) => format!("{name} stays in the open on {pos}."),
                CoverMove::PlatoonMove(Some(k)) => {
                    format!("{name} ends its move under the {} cover marker.", k.label())
                }
                CoverMove::PlatoonMove(None) => format!("{name} ends its move in the open."),
                CoverMove::Order(to) => format!(
                    "{name} {}{}.",
                    match to {
                        Some(k) => format!("moves under the {} cover marker", k.label()),
                        None => "leaves its cover".into(),
                    },
                    if *exposed {
                        " and is marked Exposed"
                    } else {
                        " unseen"
                    }
                ),
                CoverMove::Seek => {
                    format!("{name} moves under the cover marker on {pos} and is marked Exposed.")
                }
            }
        }
        EventKind::CoverFound { unit, pos, kind } => {
            let names: Vec<&str> = kind.iter().map(|k| k.label()).collect();
            format!(
                "{} finds cover on {pos} ({}) and moves under it, marked Exposed.",
                game.describe(*unit),
                names.join(" and ")
            )
        }
        EventKind::UnitCreated {
            unit,
            from: Some(from),
            why: Creation::Reconstituted { company },
        } => {
            if *company {
                format!(
                    "{} takes command of the company as {}.",
                    game.describe(*from),
                    game.describe(*unit)
                )
            } else {
                format!(
                    "{} is reconstituted from a step of {}, at Green.",
                    game.describe(*unit),
                    game.describe(*from)
                )
            }
        }
        EventKind::UnitCreated {
            from: Some(from),
            why: Creation::Runner,
            ..
        } => format!(
            "{} gives up a step to serve as a runner.",
            game.describe(*from)
        ),
        EventKind::UnitCreated {
            unit,
            from: Some(from),
            why: Creation::SplitStep,
        } => format!(
            "A step of {} becomes {}.",
            game.describe(*from),
            game.describe(*unit)
        ),
        EventKind::UnitRemoved {
            unit,
            why: Removal::Replaced { by, jam },
        } => {
            if *jam {
                format!(
                    "{}'s weapon jams: the unit is replaced by {} fire team(s).",
                    game.describe(*unit),
                    by.len()
                )
            } else {
                let by: Vec<String> = by.iter().map(|t| game.describe(*t)).collect();
                format!("{} is replaced by {}.", game.describe(*unit), by.join(", "))
            }
        }
        EventKind::UnitCreated {
            unit,
            why:
                Creation::Contact {
                    first,
                    spotted,
                    cover,
                },
            ..
        } => {
            let names: Vec<String> = (first.0..=unit.0)
                .map(|i| game.describe(crate::engine::kernel::ids::UnitId(i)))
                .collect();
            format!(
                "{} {} on {}{}{}.",
                names.join(" + "),
                if names.len() == 1 {
                    "appears"
                } else {
                    "appear"
                },
                game.state.unit(*unit).pos,
                if *spotted { ", spotted" } else { ", unspotted" },
                match cover {
                    Some(k) => format!(", under the {} cover marker", k.label()),
                    None => String::new(),
                }
            )
        }
        EventKind::UnitCreated {
            unit,
            from: Some(from),
            why: Creation::JoinedUp { with },
        } => format!(
            "{} and {} join up as {} on {}.",
            game.describe(*from),
            game.describe(*with),
            game.describe(*unit),
            game.state.unit(*unit).pos
        ),
        EventKind::UnitRemoved {
            unit,
            why: Removal::SlippedAway { pc },
        } => {
            let text = format!(
                "{} slips away out of sight from {}",
                game.describe(*unit),
                game.state.unit(*unit).pos
            );
            match pc {
                Some(l) => format!("{text}: a PC marker {l} takes its place."),
                None => format!("{text}."),
            }
        }
        EventKind::UnitCreated {
            unit,
            why: Creation::Crew { .. },
            ..
        } => format!(
            "{} enters play on {}.",
            game.describe(*unit),
            game.state.unit(*unit).pos
        ),
        EventKind::UnitRemoved {
            unit,
            why: Removal::LeftPlay(how),
        } => {
            let name = game.describe(*unit);
            match how {
                Exit::RetreatOffMap { from } => {
                    format!("{name} retreats off the map from {from} and leaves play.")
                }
                Exit::CarriedOffWith => format!("{name} is carried off the map with it."),
                Exit::Dry => format!("{name} has no ammunition left and withdraws unseen."),
                Exit::SlipsOff { from } => {
                    format!("{name} slips off the map from {from} and leaves play.")
                }
                Exit::SpotterDone => {
                    format!("{name} has called all its fire missions and leaves play.")
                }
            }
        }
        EventKind::UnitRemoved {
            unit,
            why: Removal::FellBackOffMap { from },
        } => format!(
            "{} falls back off the map from {from} and is removed from play.",
            game.describe(*unit)
        ),
        EventKind::UnitRemoved {
            unit,
            why: Removal::CarriedOff { casualty },
        } => format!(
            "{} carries {} to the rear: both leave play.",
            game.describe(*unit),
            game.describe(*casualty)
        ),
        EventKind::UnitRemoved {
            why: Removal::Evacuated(from),
            ..
        } => match from {
            Evacuation::CollectionPoint(at) => {
                format!("A casualty is evacuated from the collection point at {at}.")
            }
            Evacuation::MedevacLz(at) => {
                format!("A casualty is evacuated from the MEDEVAC LZ at {at}.")
            }
            Evacuation::PickupZone => "A casualty is evacuated from the Pickup Zone.".into(),
        },
        EventKind::UnitRemoved {
            why: Removal::Rejoined { into },
            unit,
        } => {
            if game.state.unit(*unit).kind == crate::data::units::UnitKind::Runner {
                format!("The runner rejoins {}.", game.describe(*into))
            } else {
                format!(
                    "{} joins {}, which grows to {} steps.",
                    game.describe(*unit),
                    game.describe(*into),
                    game.state.unit(*into).steps
                )
            }
        }
        EventKind::UnitCreated {
            unit,
            from: Some(from),
            why: Creation::Detached,
        } => format!(
            "{} detaches a step as {}.",
            game.describe(*from),
            game.describe(*unit)
        ),
        _ => return None,
    })
}
