//! The words of a unit's change of status ([`StatusChange`]).

use crate::engine::kernel::events::{
    AmmoUse, CardRead, HitReading, PinCause, RallyFrom, StatusChange, TeamFrom,
};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;

pub(super) fn text(game: &Game, unit: UnitId, what: &StatusChange, cards: &[CardRead]) -> String {
    let name = || game.describe(unit);
    match what {
        StatusChange::Unpinned { rallied: false } => {
            format!("{} is under no VOF and loses its Pinned marker.", name())
        }
        StatusChange::SwitchedNet(to) => {
            format!("{} switches its set to the {} net.", name(), to.label())
        }
        StatusChange::OutOfAmmunition(why) => format!(
            "{} fires its last ammunition {} and is out of ammunition.",
            name(),
            match why {
                AmmoUse::ConcentratedFire => "concentrating fire",
                AmmoUse::Grenades => "with a grenade attack",
                AmmoUse::Demolition => "with a demolition charge",
                AmmoUse::Flame => "with a flame attack",
                AmmoUse::CombatPhase => "in the Combat Phase",
                AmmoUse::FinalProtectiveLine => "on its final protective line",
                AmmoUse::AtVehicle => "at a vehicle",
            }
        ),
        StatusChange::Spotted => {
            format!(
                "{} shares a card with spotted enemy units and is spotted too.",
                name()
            )
        }
        StatusChange::HitEffect {
            letters,
            level,
            reading,
        } => {
            let shown: Vec<&str> = letters.iter().map(|l| l.key()).collect();
            format!(
                "Hit effect for {} ({}): card {} shows {}{}.",
                name(),
                level.key(),
                super::first(cards),
                shown.join(""),
                match reading {
                    HitReading::AsShown => "",
                    HitReading::HumanWave => ": a human wave takes every hit as a casualty",
                    HitReading::Fanatic => {
                        ": fanatics take a litter result as a fire team and a paralyzed one as a casualty"
                    }
                }
            )
        }
        StatusChange::Pinned {
            by: PinCause::Porters,
            ..
        } => format!(
            "{} go to ground: porters never become teams, and only a casualty result costs them a step.",
            name()
        ),
        StatusChange::FireTeamSide => format!("{} flips to its fire-team side.", name()),
        StatusChange::MineHit | StatusChange::MineMiss => format!(
            "{} checks for mines on {}: {}.",
            name(),
            game.state.unit(unit).pos,
            if *what == StatusChange::MineHit {
                "a burst: a mine goes off, resolved at -4 in the Combat Effects Segment"
            } else {
                "no burst, no mine"
            }
        ),
        StatusChange::Claymore => format!(
            "A claymore on {} fires at {}: a -4 mine attack.",
            game.state.unit(unit).pos,
            name()
        ),
        StatusChange::Pinned {
            by: PinCause::Gas { r },
            ..
        } => format!("R# {r} of 3: {} stays in the gas, Pinned.", name()),
        StatusChange::ConcentratedFire { critical } | StatusChange::GrenadeAttack { critical } => {
            let what = if matches!(what, StatusChange::ConcentratedFire { .. }) {
                "Concentrated Fire"
            } else {
                "Grenade Attack"
            };
            let covered = game.state.unit(unit).cover.is_some();
            let whom = if covered {
                format!("the units under {}'s cover", name())
            } else {
                name()
            };
            let extra = match (critical, covered) {
                (true, true) => ": a critical hit, the cover gives them no benefit this turn",
                (true, false) => ": a critical hit, a second marker goes on",
                _ => "",
            };
            format!("A {what} marker goes on {whom}{extra}.")
        }
        StatusChange::Captured { prisoners } => {
            let names: Vec<String> = prisoners.iter().map(|t| game.describe(*t)).collect();
            format!(
                "{} taken prisoner on {}.",
                names.join(", "),
                game.state.unit(unit).pos
            )
        }
        StatusChange::Guard { from, at, steps } => format!(
            "{}{} stays behind on {at} to guard the {steps} prisoner step(s).",
            name(),
            from.map(|f| format!(" (a step of {})", game.describe(f)))
                .unwrap_or_default()
        ),
        StatusChange::FinalProtectiveLine(d) => format!(
            "{} fires its final protective line toward the {}.",
            name(),
            d.label()
        ),
        StatusChange::SniperTarget {
            from,
            among,
            exposed,
        } => format!(
            "The sniper on {from} picks {} among {among} unit(s){}.",
            name(),
            if *exposed {
                " (Exposed units first)"
            } else {
                ""
            }
        ),
        StatusChange::FlameHit => format!(
            "{} is hit by the flamethrower; the hit effect is read on card {}.",
            name(),
            super::first(cards)
        ),
        StatusChange::Exposed => {
            format!(
                "{} leaves the burned position and is marked Exposed.",
                name()
            )
        }
        StatusChange::Demolished { .. } => format!(
            "The demolition charge destroys {} on {}.",
            name(),
            game.state.unit(unit).pos
        ),
        StatusChange::BoobyTrap => format!("A booby trap goes off under {}: a -4 attack.", name()),
        StatusChange::Unspotted => {
            format!(
                "{} is out of sight of the company and unspotted again.",
                name()
            )
        }
        StatusChange::Reconstituted { teams } => {
            format!("{teams} teams re-form as {} with {teams} steps.", name())
        }
        StatusChange::PickedUpACasualty(c) => format!(
            "{} picks up {} and is marked Exposed.",
            name(),
            game.describe(*c)
        ),
        StatusChange::NotExposed => format!(
            "{} slipped through after all: its Exposed marker is removed.",
            name()
        ),
        StatusChange::SetDownAnItem(item) => format!(
            "{} sets {} down on {}.",
            name(),
            item.words(),
            game.state.unit(unit).pos
        ),
        StatusChange::SetDown { by } => format!(
            "{} sets {} down on {}.",
            game.describe(*by),
            name(),
            game.state.unit(unit).pos
        ),
        StatusChange::Embarked { vehicle, activates } => format!(
            "{} embarks on {} and is marked Exposed{}.",
            name(),
            super::vehicle(game, vehicle),
            if *activates {
                "; the order activates the vehicle for this turn's Vehicle phase (3.6)"
            } else {
                ""
            }
        ),
        StatusChange::NoRoom { over } => format!(
            "{} has no room for {over} step(s) of {}: they become casualties.",
            game.state.unit(unit).pos,
            name()
        ),
        StatusChange::Disembarked(v) => {
            let x = &game.state.vehicles[v.0 as usize];
            format!(
                "{} gets off {} on {} and is marked Exposed.",
                name(),
                x.label,
                x.pos
            )
        }
        StatusChange::ThrownOff { vehicle, hit } => {
            let label = &super::vehicle(game, vehicle);
            if *hit {
                format!(
                    "{} is riding {label} when it is struck: it is hit and off the vehicle, Exposed.",
                    name()
                )
            } else {
                format!(
                    "{} gets off {label} before it pulls out, and is marked Exposed.",
                    name()
                )
            }
        }
        StatusChange::Unpinned { rallied: true } => format!("{} is no longer pinned.", name()),
        StatusChange::LitterTeam => {
            format!("{} recovers enough to act as a litter team.", name())
        }
        StatusChange::FireTeam(TeamFrom::Litter) => format!("{} is a fire team again.", name()),
        StatusChange::FireTeam(TeamFrom::Assault) => format!("{} becomes a fire team.", name()),
        StatusChange::AssaultTeam => format!("{} becomes an assault team.", name()),
        StatusChange::Front => format!("{} flips back to its front.", name()),
        StatusChange::Boards(v) => {
            let x = &game.state.vehicles[v.0 as usize];
            format!(
                "Landing plan: {} boards {} {}.",
                name(),
                x.label,
                x.pos.on_words()
            )
        }
        StatusChange::StaysInThePickupZone(from) => format!(
            "Landing plan: {} leaves {} and waits in the Pickup Zone.",
            name(),
            from.map(|w| super::vehicle(game, &w).to_string())
                .unwrap_or_default()
        ),
        StatusChange::FireTeam(TeamFrom::Gas { teams }) => format!(
            "{} is caught in the tear gas on {} and breaks down into {teams} fire team(s).",
            super::was(game, unit),
            game.state.unit(unit).pos
        ),
        StatusChange::FireTeam(TeamFrom::Alone) => format!(
            "{} is alone on {} and becomes {}.",
            super::was(game, unit),
            game.state.unit(unit).pos,
            name()
        ),
        StatusChange::Rallied(from) => {
            // Pinned and flipped units keep their counter: their name now
            // is the one they had.
            let before = match from {
                RallyFrom::Pinned | RallyFrom::Flipped => name(),
                RallyFrom::Paralyzed | RallyFrom::Litter => super::was(game, unit),
            };
            format!(
                "{before} rallies: it {}.",
                match from {
                    RallyFrom::Pinned => "removes its Pinned marker",
                    RallyFrom::Flipped => "turns back to its full side",
                    RallyFrom::Paralyzed => "becomes a litter team",
                    RallyFrom::Litter => "becomes a fire team",
                }
            )
        }
        StatusChange::Shot { prisoners } => {
            let names: Vec<String> = prisoners.iter().map(|p| super::was(game, *p)).collect();
            format!(
                "{} on {} cannot get away; their captors take no prisoners and shoot them.",
                names.join(", "),
                game.state.unit(unit).pos
            )
        }
        StatusChange::Loaded { vehicle, item } => format!(
            "{} loads {} onto {} and is marked Exposed.",
            name(),
            match item {
                crate::engine::kernel::state::Item::Asset(a) => a.words(),
                crate::engine::kernel::state::Item::Ammo(kind, n) => {
                    format!("{n} point(s) of {} ammunition", kind.label())
                }
            },
            super::vehicle(game, vehicle)
        ),
        StatusChange::Miss { unpins, fire } => format!(
            "{}: {}; card {} reads MISS{}.",
            name(),
            super::ncm(fire),
            super::first(cards),
            if *unpins {
                ", its Pinned marker is removed"
            } else {
                ""
            }
        ),
        StatusChange::Pinned {
            by: PinCause::Fire(fire),
            ..
        } => format!(
            "{}: {}; card {} reads PIN{}.",
            name(),
            super::ncm(fire),
            super::first(cards),
            super::never_pinned(fire)
        ),
        StatusChange::Hit { fire, .. } => format!(
            "{}: {}; card {} reads HIT{}.",
            name(),
            super::ncm(fire),
            super::first(cards),
            super::never_pinned(fire)
        ),
        StatusChange::PickedUp(took) => {
            let text = match took {
                crate::engine::kernel::events::Pickup::Ammo {
                    kind,
                    refilled,
                    carried,
                } => {
                    let mut parts = Vec::new();
                    if *refilled > 0 {
                        parts.push(format!("refills its weapon with {refilled} point(s)"));
                    }
                    if *carried > 0 {
                        parts.push(format!(
                            "carries {carried} point(s) of {} ammunition",
                            kind.label()
                        ));
                    }
                    parts.join(" and ")
                }
                crate::engine::kernel::events::Pickup::Asset(a) => {
                    format!("picks up {}", a.words())
                }
            };
            format!("{} {text} and is marked Exposed.", name())
        }
    }
}
