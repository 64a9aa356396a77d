//! The words of a marker placed or removed on a card ([`MarkerKind`]).

use crate::data::mission::Pyro;
use crate::engine::kernel::events::{CardRead, CargoFate, LzBy, MarkerKind};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::state::SmokeKind;

pub(super) fn text(game: &Game, pos: CardPos, what: &MarkerKind, cards: &[CardRead]) -> String {
    match what {
        MarkerKind::IncomingRemoved => format!("Incoming! removed on {pos}."),
        MarkerKind::MissionSmokeRemoved => {
            format!("the last fire mission's smoke removed on {pos}.")
        }
        MarkerKind::PendingLands => format!("Pending fire mission lands on {pos}."),
        MarkerKind::SmokeCleared(s) => {
            let what = match s {
                SmokeKind::Smoke => "smoke",
                SmokeKind::Wp => "white phosphorus smoke",
                SmokeKind::Cs => "tear gas",
            };
            format!("The {what} on {pos} clears.")
        }
        MarkerKind::Barrage(v) => format!("An enemy barrage ({v:+}) falls on {pos}."),
        MarkerKind::PhoneLineRepaired { by } => {
            format!("{} splices the cut line on {pos}.", game.describe(*by))
        }
        MarkerKind::CasualtyCollectionPoint => {
            format!("A casualty collection point is set up on {pos}.")
        }
        MarkerKind::Pyro(device) => match device {
            Pyro::Smoke => format!(
                "Smoke is thrown on {pos}: it blocks sight through and out of the card (8.4)."
            ),
            Pyro::WpSmoke => format!("White phosphorus smoke bursts on {pos} (8.4)."),
            Pyro::CsGas => format!(
                "Tear gas (CS) spreads over {pos}: it screens like smoke; the company's gas masks keep it fighting, but the enemy there must fall back or go to ground (4.3.6 D)."
            ),
            Pyro::HandFlare => format!("A flare lights {pos} (8.2)."),
            other => format!("A {} signal shows over {pos} (4.3.6).", other.label()),
        },
        MarkerKind::PhoneLineCut { incoming, r } | MarkerKind::PhoneLineHolds { incoming, r } => {
            let cut = matches!(what, MarkerKind::PhoneLineCut { .. });
            let (n, why) = if *incoming {
                (2, "Incoming! falls on the line")
            } else {
                (3, "the enemy holds the card")
            };
            format!(
                "{why} on {pos}: R# under {n} is {r}, the line {}.",
                if cut { "is cut" } else { "holds" }
            )
        }
        MarkerKind::Signal {
            order,
            device,
            seen,
        } => format!(
            "The signal plan gives the {} the order \"{}\"; {seen} unit(s) see it.",
            device.label(),
            order.label()
        ),
        MarkerKind::GrenadeMiss { mover: None } => {
            format!("The grenades miss: a Grenade Miss VOF goes on {pos}.")
        }
        MarkerKind::GrenadeMiss { mover: Some(u) } => format!(
            "{} moves before the grenades land: they count as a single Grenade Miss on {pos}.",
            game.describe(*u)
        ),
        MarkerKind::Wp { by: None } => format!("White phosphorus smoke bursts on {pos}."),
        MarkerKind::Wp { by: Some(v) } | MarkerKind::Smoke { by: v } => format!(
            "{} fires a {} round: it bursts on {pos}, blocking sight through and out of the card until Clean Up (8.4).",
            super::vehicle(game, v),
            if matches!(what, MarkerKind::Wp { .. }) {
                "white phosphorus"
            } else {
                "smoke"
            }
        ),
        MarkerKind::DemoMiss => format!("The charge misses: a Demo Miss VOF goes on {pos}."),
        MarkerKind::Flame { by } => {
            format!(
                "{} scorches the enemy position on {pos}.",
                game.describe(*by)
            )
        }
        MarkerKind::MortarFire { mortar, from } => format!(
            "{} fires by indirect lay from {from}: an H VOF falls on {pos}, with no PDF.",
            game.describe(*mortar)
        ),
        MarkerKind::CeaseFire => {
            format!("The units on {pos} cease fire: their VOF and PDF markers are removed.")
        }
        MarkerKind::Spotted { units } => {
            format!("The enemy on {pos} is spotted ({units} unit(s)).")
        }
        MarkerKind::Demolition => {
            format!("A demolition charge is set against the enemy position on {pos}.")
        }
        MarkerKind::BattalionFire => {
            format!("Three bursts: the battalion fires too, a Pending marker goes on {pos}.")
        }
        MarkerKind::Fpf => format!("The final protective fire falls on {pos}."),
        MarkerKind::SniperTarget {
            vehicle,
            from,
            among,
        } => format!(
            "The sniper on {from} picks {} among {among} unit(s) and vehicle(s): its Heavy Weapons fire is aimed at the crew.",
            super::vehicle(game, vehicle)
        ),
        MarkerKind::CoverDestroyed { kind, demo } => format!(
            "The {} on {pos} is {}.",
            kind.label(),
            if *demo {
                "blown in and left as foxholes"
            } else {
                "burned out and gone"
            }
        ),
        MarkerKind::Contact(c) | MarkerKind::NoContact(c) => {
            let contact = matches!(what, MarkerKind::Contact(_));
            let how = match c.drawn {
                None => "automatic contact".to_string(),
                Some(n) => {
                    let list: Vec<String> = cards.iter().map(|c| c.card.to_string()).collect();
                    format!(
                        "{n} card(s) drawn ({}){}",
                        list.join(", "),
                        if contact {
                            ", Contact! found"
                        } else {
                            ", no Contact!"
                        }
                    )
                }
            };
            format!(
                "PC marker {} on {pos} with {}, activity {}: {how}. The marker is removed{}.",
                c.letter,
                super::piece(game, c.by),
                c.activity.label(),
                if contact {
                    " and the enemy appears"
                } else {
                    ""
                }
            )
        }
        MarkerKind::Mines => format!("Mines on {pos}: every unit there checks."),
        MarkerKind::PcRemoved => {
            format!("The PC marker on {pos}, in their line of fire, is removed.")
        }
        MarkerKind::Incoming { spotter, ncm, left } => format!(
            "{} calls down fire at once: Incoming! ({ncm:+}) falls on {pos}; {left} more fire mission(s) left.",
            game.describe(*spotter)
        ),
        MarkerKind::Pending { spotter, ncm, left } => format!(
            "{}'s fire mission is on its way to {pos} (Incoming! {ncm:+} in the VOF segment); {left} left.",
            game.describe(*spotter)
        ),
        MarkerKind::VehicleLeaves(v) => format!(
            "{} leaves the map from {pos}, as its schedule plans.",
            super::vehicle(game, v)
        ),
        MarkerKind::VehiclePinLifted(v) => format!(
            "{} was not attacked this phase: its Pinned marker comes off.",
            super::vehicle(game, v)
        ),
        MarkerKind::VehiclePinned(v) => {
            format!("{} is pinned: it buttons up.", super::vehicle(game, v))
        }
        MarkerKind::VehicleMineCheck { vehicle, hit } => format!(
            "{} checks for mines on {pos}: {}.",
            super::vehicle(game, vehicle),
            if *hit {
                "a burst: a mine goes off under it"
            } else {
                "no burst, no mine"
            }
        ),
        MarkerKind::AircraftAborts { vehicle, cap } => format!(
            "{} cannot come onto {pos}: it already holds {cap} of the company's vehicles and wrecks (1.2.1 I). It aborts, undamaged.",
            super::vehicle(game, vehicle)
        ),
        MarkerKind::AttackHelicoptersFire {
            level,
            adjacent,
            alone,
        } => {
            let mut cards = vec![pos.to_string()];
            let mut note = String::new();
            if let Some(a) = adjacent {
                if *alone {
                    note = format!(
                        " Only one aircraft is still over {pos}: it attacks that card alone, not {a}."
                    );
                } else {
                    cards.push(a.to_string());
                }
            }
            format!(
                "The attack helicopters attack {} with {} VOF, against the enemy there in the Combat Phase.{note}",
                cards.join(" and "),
                level.map(|l| l.label()).unwrap_or("no")
            )
        }
        MarkerKind::WpMark(v) => format!(
            "{} fires a WP rocket onto {pos}: the target is marked.",
            super::vehicle(game, v)
        ),
        MarkerKind::SetDestroyed { set, r } => {
            format!(
                "{} is destroyed with its carrier (R# under 2: {r}).",
                set.words()
            )
        }
        MarkerKind::SetDropped { set, r } => {
            format!(
                "{} survives and lies on {pos} (R# under 2: {r}).",
                set.words()
            )
        }
        MarkerKind::RoutePoint(n) => format!(
            "The patrol reaches route point {n} of {} on {pos}.",
            game.mission.controls.route.len()
        ),
        MarkerKind::PhoneLine(u) => {
            format!(
                "{} lays a phone line on {pos} as it leaves.",
                game.describe(*u)
            )
        }
        MarkerKind::LandingZone(by) => format!(
            "{}: {pos} is now a landing zone for the helicopters.",
            match by {
                LzBy::Unit(u) => format!("{} marks its card", game.describe(*u)),
                LzBy::Signal(d) => format!("The {} marks its card", d.label()),
                LzBy::Planning => "Air assault planning".to_string(),
            }
        ),
        MarkerKind::MedevacLz { from: Some(f) } => {
            format!("The MEDEVAC LZ moves from {f} to {pos}.")
        }
        MarkerKind::MedevacLz { from: None } => format!("The MEDEVAC LZ is set up on {pos}."),
        MarkerKind::AmmunitionUnloaded { vehicle, items } => {
            let words: Vec<String> = items.iter().map(|i| i.words()).collect();
            format!(
                "{} sets {} down on {pos}, for units to pick up.",
                super::vehicle(game, vehicle),
                words.join(", ")
            )
        }
        MarkerKind::AmmunitionAboard {
            vehicle,
            items,
            fate,
        } => {
            let words: Vec<String> = items.iter().map(|i| i.words()).collect();
            let label = &super::vehicle(game, vehicle);
            match fate {
                CargoFate::InTheWreck => format!(
                    "{} aboard {label} are left in the wreck on {pos}, for units to pick up.",
                    words.join(", ")
                ),
                CargoFate::Burnt => format!("{} aboard {label} burn with it.", words.join(", ")),
                CargoFate::LeavesPlay => {
                    format!("{} aboard {label} leave play with it.", words.join(", "))
                }
                CargoFate::LeavesTheMap => {
                    format!("{} aboard {label} leave the map with it.", words.join(", "))
                }
            }
        }
        MarkerKind::GunshipFireAndFlares {
            vehicle,
            level,
            flares,
            made,
        } => format!(
            "{} fires on {pos}: {} VOF against the enemy there in the Combat Phase; {} ({made} of {} runs made).",
            super::vehicle(game, vehicle),
            level.map(|l| l.label()).unwrap_or("no"),
            flares
                .map(|(card, adj)| format!(
                    "flares light it ({card:+} on the card{})",
                    adj.map(|a| format!(", {a:+} around it"))
                        .unwrap_or_default()
                ))
                .unwrap_or_default(),
            crate::engine::kernel::vehicle::GUNSHIP_RUNS
        ),
        MarkerKind::AttackHelicopters {
            caller,
            agency,
            target,
            short,
            section,
            loitering,
        } => {
            let who = super::piece(game, *caller);
            let names: Vec<String> = section
                .iter()
                .map(|v| super::vehicle(game, v).to_string())
                .collect();
            let stray = if *short {
                format!(
                    " SHORT: it is talked onto {pos} instead of {target}, and attacks that card only."
                )
            } else {
                String::new()
            };
            if *loitering {
                format!(
                    "{who} calls the loitering {} onto {target}: they will strike it in the Vehicle phase.{stray}",
                    names.join(" and ")
                )
            } else {
                format!(
                    "{who} calls attack helicopters from {} on {target}: {} come on station, to strike in the Vehicle phase.{stray}",
                    game.mission.fire_support[*agency as usize].name,
                    names.join(" and ")
                )
            }
        }
        MarkerKind::PendingFire {
            caller,
            agency,
            kind,
            target,
            short,
        } => {
            let who = super::piece(game, *caller);
            let from = &game.mission.fire_support[*agency as usize].name;
            if *short {
                format!(
                    "{who} calls {} from {from}: SHORT ROUND, the Pending marker lands on {pos} instead of {target}.",
                    kind.label()
                )
            } else {
                format!(
                    "{who} calls {} from {from} on {target}: a Pending marker goes on it.",
                    kind.label()
                )
            }
        }
    }
}
