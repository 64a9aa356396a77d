//! The words of the turn's own events: the set-up, turns and steps, the
//! deck, commands, the activity level and the mission's end.

use crate::data::mission::Face;
use crate::data::units::Side;
use crate::engine::kernel::events::{
    Activation, ActivityRead, CardRead, CellRead, CommandsFrom, DrawModifier, EventKind, FireCause,
    OutCause, VehicleActivation, VehicleMove,
};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::input::Action;
use crate::engine::kernel::state::Outcome;

pub(super) fn event(game: &Game, kind: &EventKind, cards: &[CardRead]) -> Option<String> {
    Some(match kind {
        EventKind::Reshuffled => {
            "The reshuffle card came up: once the draw was complete the whole deck, reshuffle card included, was shuffled.".into()
        }
        EventKind::Activity { level } => {
            format!("The Current Activity Level is now {}.", level.label())
        }
        EventKind::TurnBegins { turn } => {
            format!("Turn {turn} of {} begins.", game.mission.turns)
        }
        // The rule is the event's own, shown beside its text.
        EventKind::StepBegins { step } => step.name().to_string(),
        EventKind::Commands {
            hq,
            drawn,
            total,
            saved,
            from,
            ..
        } => {
            let name = || hq.map(|h| game.describe(h)).unwrap_or_default();
            match from {
                CommandsFrom::Battalion => format!(
                    "{} (battalion) receives {total} commands; they cannot be saved.",
                    name()
                ),
                CommandsFrom::OwnInitiative => format!(
                    "{} acts on its own initiative with 1 command (plus {saved} saved).",
                    name()
                ),
                CommandsFrom::Draw {
                    activated,
                    card,
                    min,
                    why,
                    vehicle,
                } => {
                    let who = match vehicle {
                        Some(v) => super::vehicle_hq(game, *v),
                        None => name(),
                    };
                    let label = match (activated, drawn) {
                        (true, 1) => "activated command",
                        (true, _) => "activated commands",
                        (false, 1) => "initiative command",
                        (false, _) => "initiative commands",
                    };
                    let modifier: i8 = why.iter().map(|(_, v)| v).sum();
                    let why = if why.is_empty() {
                        String::new()
                    } else {
                        let w: Vec<String> = why
                            .iter()
                            .map(|(m, v)| format!("{} {v:+}", draw_modifier(*m)))
                            .collect();
                        format!(" ({})", w.join(", "))
                    };
                    let got = total - saved;
                    format!(
                        "{who} draws card {card}: {drawn} {label}, modified by {modifier:+}{why}, minimum {min}: {got}; with {saved} saved, {total} at hand{}.",
                        if vehicle.is_some() {
                            " for its platoon's vehicles"
                        } else {
                            ""
                        }
                    )
                }
                CommandsFrom::General { card, halved } => format!(
                    "General Initiative: card {card} shows {drawn}{}: {total} command(s) for any units, not to be saved.",
                    if *halved {
                        " (halved on a combat patrol)"
                    } else {
                        ""
                    }
                ),
            }
        }
        EventKind::MissionEnds { .. } => match &game.state.outcome {
            Some(Outcome::Failure(why)) => format!("The mission failed: {why}."),
            _ => "The mission succeeded.".to_string(),
        },
        EventKind::HigherHqCheck {
            friendly,
            event,
            what,
        } => {
            let who = if *friendly { "Friendly" } else { "Enemy" };
            match (event, what) {
                (None, _) => format!(
                    "{who} Higher HQ check: card {} shows no Higher HQ icon; no event.",
                    super::first(cards)
                ),
                (Some(r), Some(e)) => format!(
                    "{who} Higher HQ check: the Higher HQ icon is showing; R# {r}: {}.",
                    e.label()
                ),
                (Some(r), None) => format!(
                    "{who} Higher HQ check: the Higher HQ icon is showing; the event roll is {r}. This mission's briefing lists no {} events, so nothing happens.",
                    who.to_lowercase()
                ),
            }
        }
        EventKind::Order {
            by, cost, action, ..
        } => {
            let a = action;
            let vehicle = |v: &crate::engine::kernel::ids::VehicleId| {
                super::vehicle(game, v).to_string()
            };
            let what = match (a, a.unit()) {
                (Action::ActivateVehicle { vehicle: v } | Action::ActivateVehicleHq { vehicle: v }, _) => {
                    format!("{}: {}", a.name(), vehicle(v))
                }
                (Action::Unload { vehicle: v }, _) | (Action::Load { vehicle: v, .. }, _) => format!(
                    "{}: {}{}",
                    a.name(),
                    a.unit()
                        .map(|u| format!("{} to ", game.describe(u)))
                        .unwrap_or_default(),
                    vehicle(v)
                ),
                // The card fire is called on, which the unit alone does not
                // say (the log read "Call for Fire: CO HQ.").
                (
                    Action::CallForFire {
                        observer: u,
                        target,
                        ..
                    }
                    | Action::MortarFire { mortar: u, target },
                    _,
                ) => format!("{}: {} on {target}", a.name(), game.describe(*u)),
                (Action::Embark { vehicle: v, unit }, _) => format!(
                    "{}: {} on {}",
                    a.name(),
                    game.describe(*unit),
                    vehicle(v)
                ),
                (_, Some(u)) => format!("{}: {}", a.name(), game.describe(u)),
                (_, None) => a.name().to_string(),
            };
            format!(
                "{} spends {cost} command(s): {what}.",
                super::originator(game, *by)
            )
        }
        EventKind::Activated { hq, how } => match how {
            Activation::Order => format!("{} is activated.", game.describe(*hq)),
            Activation::Runner => {
                format!("The runner reaches {} and activates it.", game.describe(*hq))
            }
            Activation::Battalion => "The battalion is off the map and the CO HQ is in communication with it: the CO HQ is activated.".into(),
        },
        EventKind::Setup => {
            let m = &game.mission;
            let face = if m.map.face == Face::Up {
                "face up"
            } else {
                "face down"
            };
            format!(
                "{}: a {} x {} map of the {} terrain deck is dealt {face}; {} units of the company assemble; visibility: {}.",
                m.name,
                m.map.rows,
                m.map.cols,
                game.data
                    .terrain_deck(&m.terrain)
                    .map(|d| d.name.clone())
                    .unwrap_or_else(|| m.terrain.clone()),
                // Ours only: a briefing's enemy placed at the start is no
                // part of the company (a newcomer counted 7 where the log
                // said 11).
                game.state
                    .units
                    .iter()
                    .filter(|u| u.side == Side::Us)
                    .count(),
                game.visibility_level()
                    .map(|v| v.name.to_lowercase())
                    .unwrap_or_else(|| m.visibility.clone())
            )
        }
        EventKind::ImpulseEnds {
            saved,
            lost,
            who,
            limit,
            ..
        } => format!(
            "{} ends its impulse: {}.",
            super::commander(game, *who),
            super::impulse_end(*saved, *lost, *limit)
        ),
        EventKind::Communication { hq, unit, linked } => format!(
            "{} is {} communication with {}.",
            game.describe(*unit),
            if *linked { "now in" } else { "now out of" },
            game.describe(*hq)
        ),
        EventKind::FireOpened { link, lay, by } => {
            let (from, target) = (link.from, link.target);
            match by {
                FireCause::Plain => {
                    let whose = if link.side == Side::Us {
                        "Our"
                    } else {
                        "Enemy"
                    };
                    match (lay, from == target) {
                        (true, _) => format!(
                            "{whose} grenade or rocket fire from {from} at {target} marks its line of fire."
                        ),
                        (false, true) => format!("{whose} fire within {target}."),
                        (false, false) => format!("{whose} fire from {from} at {target}."),
                    }
                }
                FireCause::Engage => {
                    let who = if link.side == Side::Us {
                        "Friendly"
                    } else {
                        "Enemy"
                    };
                    if from == target {
                        format!("{who} units on {from} open fire on the enemy in their own card.")
                    } else {
                        format!(
                            "{who} units on {from} open fire on {target}: a PDF is placed toward it."
                        )
                    }
                }
                FireCause::Follows(u) => {
                    format!("Fire from {from} follows {} to {target}.", game.describe(*u))
                }
                FireCause::ShiftOrder => {
                    format!("The units on {from} shift their fire to {target}.")
                }
                FireCause::EnemyShift(u) => format!(
                    "{} shifts the fire of {from} onto {target}.",
                    game.describe(*u)
                ),
                FireCause::Contact(p) => {
                    format!("They open fire on {} at {target}.", super::piece(game, *p))
                }
            }
        }
        EventKind::VehicleOut {
            vehicle,
            result,
            cause,
        } => {
            let v = &game.state.vehicles[vehicle.0 as usize];
            let label = &v.label;
            match cause {
                OutCause::Dry => format!(
                    "{label} has fired its last round: it leaves play for the rest of the mission."
                ),
                OutCause::CrewPullOut => format!(
                    "{label}'s crew pull out: it leaves play for the rest of the mission."
                ),
                OutCause::Wrecked { air, crew } => {
                    let burning = *result == crate::data::vehicles::AtResult::BrewedUp;
                    let pos = v.pos;
                    match (air, burning) {
                        (true, true) => format!(
                            "{label} is shot down and crashes: a Burning Wreck on {pos}, its smoke blocking sight; {crew} crew step(s) become casualties."
                        ),
                        (true, false) => format!(
                            "{label} is shot down and auto-rotates to the ground: a Wreck on {pos}; {crew} crew step(s) get out as fire teams, each hit."
                        ),
                        (false, true) => format!(
                            "{label} brews up: a Burning Wreck on {pos}, its smoke blocking sight; {crew} crew step(s) become casualties."
                        ),
                        (false, false) => format!(
                            "{label} is knocked out: a Wreck on {pos}; {crew} crew step(s) bail out as fire teams, each hit."
                        ),
                    }
                }
                OutCause::Aborted { from } => format!(
                    "{label} aborts, damaged: it flies off {from} and is out for the rest of the mission."
                ),
            }
        }
        EventKind::FireMissionSpent { agency, kind, left } => format!(
            "{}: one {} mission spent, {left} left.",
            game.mission
                .fire_support
                .get(usize::from(*agency))
                .map(|f| f.name.clone())
                .unwrap_or_else(|| "fire support".into()),
            kind.label()
        ),
        EventKind::VehicleEnters { vehicle, package } => {
            let v = &game.state.vehicles[vehicle.0 as usize];
            let class = game
                .data
                .vehicles
                .vehicle(&v.vehicle_type.0)
                .map(|t| t.class.words())
                .unwrap_or_default();
            format!(
                "{} ({class}) comes with {} on {}.",
                v.label,
                super::package(game, *package),
                v.pos
            )
        }
        EventKind::PlacedAtMaxLos { at, .. } => format!("The group goes on {at}."),
        EventKind::ActivityCheck { unit, act, read } => {
            let name = game.describe(*unit);
            match read {
                ActivityRead::NoRow(table) => format!(
                    "{name}: no row of the {} table applies; it does nothing.",
                    table.label()
                ),
                ActivityRead::Row {
                    table,
                    row,
                    column,
                    cell,
                } => {
                    let how = match cell {
                        CellRead::Draw { r, k } => format!("R# {r} of {k}"),
                        CellRead::Auto => "automatic".to_string(),
                        CellRead::Dash => "a dash".to_string(),
                    };
                    format!(
                        "{name}: {} table, row {row}, {} column, {how}: {}.",
                        table.label(),
                        column.label(),
                        act.label()
                    )
                }
            }
        }
        EventKind::VehicleActivated { vehicle, how } => {
            let label = |v: &crate::engine::kernel::ids::VehicleId| {
                super::vehicle(game, v).to_string()
            };
            match (how, vehicle) {
                (VehicleActivation::Helicopters { with }, Some(v)) => {
                    let names: Vec<String> =
                        std::iter::once(label(v)).chain(with.iter().map(label)).collect();
                    let place = game.state.vehicles[v.0 as usize].pos.heli_place();
                    format!(
                        "{} in {place} {} activated: {} in this turn's Vehicle phase (3.6).",
                        names.join(", "),
                        if names.len() == 1 { "is" } else { "are" },
                        if names.len() == 1 { "it flies" } else { "they fly" }
                    )
                }
                (VehicleActivation::Vehicle, Some(v)) => format!(
                    "{} is activated: it moves and fires in this turn's Vehicle phase (3.6).",
                    label(v)
                ),
                (VehicleActivation::PlatoonHq, Some(v)) => format!(
                    "{} is activated: it takes its impulse with activated commands, to spend on its platoon's vehicles (3.3.1 C).",
                    super::vehicle_hq(game, *v)
                ),
                (VehicleActivation::AntiTank(u), _) => format!(
                    "{} readies its anti-tank weapon: it fires in this turn's Vehicle phase (3.6).",
                    game.describe(*u)
                ),
                (
                    VehicleActivation::Check {
                        vehicle: v,
                        r,
                        of,
                        activate,
                    },
                    _,
                ) => {
                    let on = vehicle.is_some();
                    format!(
                        "Activity check for {}: R# {r} of {of}, {} on {activate} or less: {}.",
                        label(v),
                        if on { "activated" } else { "not activated" },
                        if on {
                            "it moves and fires this phase"
                        } else {
                            "it only reacts"
                        }
                    )
                }
                (_, None) => String::new(),
            }
        }
        EventKind::VehicleMoved {
            vehicle,
            from,
            to,
            how,
        } => {
            let label = &super::vehicle(game, vehicle);
            match how {
                VehicleMove::Drive { drawn, slow } => format!(
                    "{label} moves from {from} to {to}{}{}.",
                    if *drawn {
                        ", drawn at random among the cards that bring it equally near the company"
                    } else {
                        ""
                    },
                    if *slow { ", SLOW ground: it stops there" } else { "" }
                ),
                VehicleMove::Scheduled => format!("{label} arrives on {to}, as its schedule plans."),
                VehicleMove::Aircraft { attacks } => format!(
                    "{label} {} {to}{}.",
                    if *attacks { "swoops onto" } else { "flies over" },
                    if *attacks { " for its attack run" } else { "" }
                ),
                VehicleMove::PullsOff { for_the_turn } => format!(
                    "{label} pulls off {from} {}.",
                    if *for_the_turn {
                        "for the turn"
                    } else {
                        "after its attack run"
                    }
                ),
                VehicleMove::Circles => {
                    format!("{label} circles over {to}, too high for the enemy's fire.")
                }
                VehicleMove::Flies { aboard } => {
                    let with = if *aboard > 0 {
                        format!(" with {aboard} unit(s) aboard")
                    } else {
                        String::new()
                    };
                    match (from.heli_area(), to.heli_area()) {
                        (None, Some(a)) => {
                            format!("{label} takes off from {from}{with} for {}.", a.words())
                        }
                        (_, Some(a)) => format!(
                            "{label} flies from {} to {}{with}.",
                            from.heli_place(),
                            a.words()
                        ),
                        (_, None) => format!(
                            "{label} comes in from {} and lands on the LZ at {to}{with}.",
                            from.heli_place()
                        ),
                    }
                }
                VehicleMove::AbortsToBox {
                    damaged,
                    passengers,
                } => format!(
                    "{label} aborts{}, {}: it flies off {from} to {}{}.",
                    if *passengers { " with its passengers" } else { "" },
                    if *damaged { "damaged" } else { "undamaged" },
                    to.heli_area().map(|a| a.words()).unwrap_or_default(),
                    if *damaged {
                        ", to go back to the Pickup Zone next turn and fly no more in this mission"
                    } else {
                        ", to land again or loiter next turn"
                    }
                ),
                VehicleMove::AbortsOff => format!(
                    "{label} aborts, undamaged: it flies off {from}, and may come back on a later turn."
                ),
            }
        }
        EventKind::CardRevealed { pos } => format!(
            "{pos} is revealed: {}.",
            game.top_card(*pos).map(|c| c.name.clone()).unwrap_or_default()
        ),
        EventKind::MapExpanded { pos } => {
            format!("The map grows: a new terrain card is laid at {pos}.")
        }
        EventKind::Attempt {
            unit,
            what,
            looking_for,
            sure,
            ..
        } => {
            let what = super::purpose::text(game, *what);
            let Some(needed) = looking_for else {
                // A rally with no VOF on the card (4.2.3).
                let pos = unit
                    .map(|u| game.state.unit(u).pos.to_string())
                    .unwrap_or_default();
                return Some(format!(
                    "{what}: no VOF on {pos}, so it succeeds without a draw."
                ));
            };
            let who = unit.map(|u| game.describe(u)).unwrap_or_default();
            let list: Vec<String> = cards.iter().map(|c| c.card.to_string()).collect();
            let found = cards
                .iter()
                .any(|c| game.card(c.card).is_some_and(|card| needed.found(card)));
            format!(
                "{what}{}{}: {} card(s) drawn ({}) looking for {}: {}.",
                if who.is_empty() { "" } else { " by " },
                who,
                cards.len(),
                list.join(", "),
                needed.label(),
                match (found, *sure) {
                    (true, _) => "success",
                    (false, true) => "success, by skill (10.7)",
                    _ => "failure",
                }
            )
        }
        _ => return None,
    })
}

/// A reason a draw for commands is modified, as the log names it.
pub(crate) fn draw_modifier(m: DrawModifier) -> &'static str {
    match m {
        DrawModifier::Pinned => "pinned",
        DrawModifier::Green => "Green",
        DrawModifier::Veteran => "Veteran",
        DrawModifier::UnderCover => "under cover",
        DrawModifier::SmallArms => "small-arms fire on its card",
        DrawModifier::Automatic => "automatic fire on its card",
        DrawModifier::Heavy => "heavy, sniper or Incoming! fire on its card",
        DrawModifier::NoContact => "No Contact",
    }
}
