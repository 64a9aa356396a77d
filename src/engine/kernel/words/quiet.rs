//! The words of the steps where nothing happens, and why
//! ([`Quiet`]).

use crate::engine::kernel::events::{Commander, Idle, PlacementStep, Quiet, Tie};
use crate::engine::kernel::game::Game;

pub(super) fn text(game: &Game, why: &Quiet) -> Option<String> {
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
        Quiet::TaskingDone {
            commands,
            experience,
        } => format!(
            "The CO HQ spends {commands} command(s) on battalion's tasking: the company will earn {experience} experience point(s) for it (10.3.1)."
        ),
        Quiet::TheHqLeftPlay { who } => format!(
            "{} has left play: its impulse ends and the commands it had left are lost.",
            super::commander(game, *who)
        ),
        Quiet::SavedCommandsOverTheLimit { who, had, keep } => {
            // The plain label, a vehicle platoon HQ's included.
            let label = match who {
                Commander::Vehicle(v) => super::vehicle(game, v).to_string(),
                _ => super::commander(game, *who),
            };
            format!(
                "{label} had {had} saved command(s); with visibility limited it keeps {keep} and loses the rest (8.1)."
            )
        }
        Quiet::Experience => {
            let tally = game.state.tally.clone().unwrap_or_default();
            let lines: Vec<String> = tally
                .lines
                .iter()
                .map(|(t, n, p)| format!("{} x{n}: {p}", t.label()))
                // Counted once: a mission with its own award for Higher HQ
                // events lists them among its lines already.
                .chain((tally.unlisted() > 0).then(|| {
                    format!(
                        "Higher HQ taskings carried out x{}: {}",
                        game.state.hq_tasks.0,
                        tally.unlisted()
                    )
                }))
                .collect();
            if lines.is_empty() {
                "The mission earned no experience points.".into()
            } else {
                format!(
                    "Experience earned: {} point(s) ({}).",
                    tally.total,
                    lines.join(", ")
                )
            }
        }
        Quiet::NoCoHq => {
            "The company has no CO HQ in play to activate.".into()
        }
        Quiet::CoHqOnItsFireTeamSide => {
            "The CO HQ is on its fire-team side: it cannot be activated and must draw for initiative.".into()
        }
        Quiet::NoCommunicationWithBattalion => {
            "The CO HQ has no communication with battalion and cannot be activated; it will draw for initiative.".into()
        }
        Quiet::RunnerFailed { to } => format!("The runner sent to {} could not deliver its message.", game.describe(*to)),
        Quiet::RunnerNotUsed { hq } => format!("The runner reaches {}, which is left to act on its own initiative.", game.describe(*hq)),
        Quiet::AlreadyActivated { hq } => format!("Another runner reaches {}, already activated.", game.describe(*hq)),
        Quiet::RandomTarget(tie) => match tie {
            Tie::Targets { from, n, pick } => format!(
                "Fire from {from}: {n} targets are equally close and strong; the R# picks {pick}."
            ),
            Tie::EnemyTargets {
                from,
                n,
                most,
                pick,
            } => format!(
                "Enemy fire from {from}: {n} cards hold {most} friendly step{} each; the R# picks {pick}.",
                if *most == 1 { "" } else { "s" }
            ),
            Tie::Units { at, n, most, pick } => format!(
                "{n} US units of {most} step{} on {at}: the R# picks {}.",
                if *most == 1 { "" } else { "s" },
                game.describe(*pick)
            ),
            Tie::SpotterCards { pick } => {
                format!("Cards of equal size at equal range: the R# picks {pick}.")
            }
        },
        Quiet::GasFallBack { unit, r } => {
            format!("R# {r} of 3: {} falls back out of the gas.", game.describe(*unit))
        }
        Quiet::NoCaptureOrRetreat => {
            "No paralyzed or litter team is captured or has to retreat.".into()
        }
        Quiet::BattalionFireDeclined { target } => format!(
            "Three bursts: the battalion could fire around {target}, but is not asked to."
        ),
        Quiet::FpfExhausted => "The final protective fire has run out.".into(),
        Quiet::Order { letter, n, next } => {
            format!("{n} markers of letter {letter}: the R# takes {next} next.")
        }
        Quiet::NoContactTables => {
            "This mission's briefing has no contact tables: the contact comes to nothing.".into()
        }
        Quiet::CounterLimit { package, r } => format!(
            "R# {r}: {} — not enough counters left, draw again.",
            super::package(game, *package)
        ),
        Quiet::ContactPackage {
            table,
            roll,
            package,
        } => format!(
            "Contact table {table}, R# {roll}: {}.",
            super::package(game, *package)
        ),
        Quiet::Discarded => "No package could be placed legally: the contact is discarded.".into(),
        Quiet::NoLegalCard { package } => format!(
            "No legal card for part of {}: the package cannot be placed whole, draw another.",
            super::package(game, *package)
        ),
        Quiet::NoRoomForAVehicle {
            package,
            vehicle,
            at,
            no_go,
        } => format!(
            "The {} of {} cannot go on {at} ({}): it stays off the map.",
            super::package_vehicle(game, *package, *vehicle),
            super::package(game, *package),
            if *no_go {
                "NO-GO ground"
            } else {
                "no room for another vehicle"
            }
        ),
        Quiet::Placement(step) => match step {
            PlacementStep::SightStops { from, at } => {
                format!("Sight from {from} does not carry past {at}: the placement stops there.")
            }
            PlacementStep::NoDirection => "No direction came up for the package.".into(),
            PlacementStep::NotOnItsTarget { r } => format!(
                "Placement R# {r}: a sniper or spotter never starts on the card it fires on; draw again."
            ),
            PlacementStep::Toward {
                r,
                dir,
                from,
                range,
            } => format!(
                "Placement R# {r}: {} of {from}, as far as sight and range reach ({range} card{}).",
                dir.label(),
                if *range == 1 { "" } else { "s" }
            ),
            PlacementStep::On { r, at } => format!("Placement R# {r}: {at}."),
            PlacementStep::Illegal { at: Some(c), .. } => {
                format!("{c} is no legal place for them: draw again.")
            }
            PlacementStep::Illegal { r, at: None } => {
                format!("Placement R# {r}: no legal card there, draw again.")
            }
        },
        Quiet::CardOrder(order) => {
            let list: Vec<String> = order.iter().map(|p| p.to_string()).collect();
            format!("The enemy cards are checked in this order: {}.", list.join(", "))
        }
        Quiet::CannotAct { unit, why } => format!(
            "{} {}",
            game.describe(*unit),
            match why {
                Idle::AlreadyUnderCover => "is already under cover.".into(),
                Idle::NoBetterCover => "has no better cover next to it.".into(),
                Idle::NoCardAhead => "has no card ahead to advance onto.".into(),
                Idle::CardAheadFull(to) => {
                    format!("cannot advance: {to} is full (16 steps of its side).")
                }
                Idle::CannotFire => "cannot fire now.".into(),
                Idle::NoTargetInReach => "has no target in range and sight.".into(),
                Idle::NoFireAtOwnCard => "cannot fire at its own card.".into(),
                Idle::NoTargetToConcentrateOn => "has no target to concentrate its fire on.".into(),
                Idle::NoWayUnseen => "has no way to close in unseen.".into(),
                Idle::NothingToRallyFrom => "has nothing to rally from.".into(),
                Idle::NoTeamToJoin => "has no other team to join.".into(),
                Idle::NoOtherFire => "is under no fire from another direction.".into(),
                Idle::NoLitter => "carries no litter.".into(),
                Idle::NoCasualtyInReach => "cannot reach a casualty.".into(),
            }
        ),
        Quiet::InfiltrationFailed { unit, to } => format!(
            "{} made for {to}, drawn at random among cards as good, and stays where it is.",
            game.describe(*unit)
        ),
        Quiet::PcLetter(l) => format!("The row holds mixed PC letters: the R# picks {l}."),
        Quiet::CannotFallBack { unit } => format!(
            "{} cannot fall back: the cards behind it are full (16 steps).",
            game.describe(*unit)
        ),
        Quiet::NoTarget { spotter } => {
            format!("{} sees no target and waits.", game.describe(*spotter))
        }
        Quiet::NoVehicles => "No vehicle or aircraft is activated.".into(),
        Quiet::VehicleHolds(v) => format!(
            "{} holds its position: nothing its orders name can be done.",
            super::vehicle(game, v)
        ),
        Quiet::VehiclePhaseOver => "The Vehicle Movement and Combat Phase is over.".into(),
        Quiet::NoFireAtTheAircraft(v) => {
            let x = &game.state.vehicles[v.0 as usize];
            format!("No enemy fire can reach {} over {}.", x.label, x.pos)
        }
        Quiet::NoAircraftLeftToAttack { target } => {
            format!("No attack helicopter is left over {target} to attack it.")
        }
        Quiet::AircraftHome(v) => format!(
            "{}'s time on station is over: it flies home.",
            super::vehicle(game, v)
        ),
        Quiet::ForwardAirControllerOnStation { vehicle, agency } => format!(
            "{} comes on station for {}: place it over a card, mark a target and call air support, with no command, for {} turns.",
            super::vehicle(game, vehicle),
            game.mission.fire_support[*agency as usize].name,
            crate::engine::kernel::vehicle::FAC_TURNS
        ),
        Quiet::GunshipOnStation { vehicle, agency } => format!(
            "{} comes on station for {} for the rest of the mission: each night turn, with no command, place it over any card, then fire on and light up to {} cards, its own or adjacent ones. It flies too high for the enemy's fire.",
            super::vehicle(game, vehicle),
            game.mission.fire_support[*agency as usize].name,
            crate::engine::kernel::vehicle::GUNSHIP_RUNS
        ),
        Quiet::GunshipIdleByDay(v) => format!(
            "{} stays away this turn: gunships fly only at night (7.1.4).",
            super::vehicle(game, v)
        ),
        Quiet::DamagedHelicopterGrounded(v) => format!(
            "{} lands in the Pickup Zone damaged: it flies no more in this mission.",
            super::vehicle(game, v)
        ),
        Quiet::LandingPlanMade(helicopters) => {
            let loads: Vec<String> = helicopters
                .iter()
                .map(|v| {
                    let x = &game.state.vehicles[v.0 as usize];
                    let aboard: Vec<String> =
                        game.state.passengers(*v).map(|u| u.label.clone()).collect();
                    format!(
                        "{} {}: {}",
                        x.label,
                        x.pos.on_words(),
                        if aboard.is_empty() {
                            "empty".to_string()
                        } else {
                            aboard.join(", ")
                        }
                    )
                })
                .collect();
            format!("The landing plan is made. {}.", loads.join("; "))
        }
        Quiet::AirAssaultPlanning { flies } => format!(
            "Air assault planning: the helicopters in the Pickup Zone fly from turn {flies}. Board them, and mark a landing zone if the one on the map will not do."
        ),
        Quiet::LandingPlanAdjusted => {
            "Landing plan: units wait in the Pickup Zone and a helicopter there has room for them."
                .into()
        }
        Quiet::HelicopterMustMove { vehicle, to } => format!(
            "{} cannot stay where it is: it flies on to {}.",
            super::vehicle(game, vehicle),
            to.words()
        ),
        Quiet::Skill {
            skill,
            holder,
            unit,
            team,
        } => {
            use crate::data::mission::Skill;
            let what = match (skill, team) {
                (Skill::Leadership, _) => "one more General Initiative command".to_string(),
                (Skill::SnapOut, _) => format!(
                    "{} pulls itself together as an assault team",
                    super::was(game, *unit)
                ),
                (Skill::PullTogether, _) => format!(
                    "{} pulls itself together as a fire team",
                    super::was(game, *unit)
                ),
                (Skill::SplitTeam, Some(t)) => format!(
                    "{} splits off {}",
                    game.describe(*unit),
                    game.describe(*t)
                ),
                _ => String::new(),
            };
            format!(
                "{} spends its {} skill marker: {what}.",
                game.describe(*holder),
                skill.label()
            )
        }
        Quiet::Attachment { vehicle, to } => {
            let x = &game.state.vehicles[vehicle.0 as usize];
            let platoon = x.platoon.clone().unwrap_or_default();
            match to {
                Some(h) => format!(
                    "{} leaves the {platoon} and is attached to {}'s platoon: its HQ orders it.",
                    x.label,
                    game.describe(*h)
                ),
                None => format!("{} stays with the {platoon}.", x.label),
            }
        }
        Quiet::AirCallFailed {
            caller,
            kind,
            target,
        } => format!(
            "{}'s call for {} on {target} fails: no burst icon.",
            super::piece(game, *caller),
            kind.label()
        ),
        Quiet::AttackHelicoptersLoiter {
            vehicle,
            section,
            target,
            adjacent,
        } => {
            format!(
                "{} loiter a second turn and strike {}{} again.",
                super::section(game, *vehicle, section),
                target.map(|t| t.to_string()).unwrap_or_default(),
                adjacent.map(|c| format!(" and {c}")).unwrap_or_default()
            )
        }
        _ => return None,
    })
}
