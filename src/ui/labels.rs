//! Inputs and units in words, for menus and panels. Presentation only: what
//! an input does is the engine's business; this names its parts.
//!
//! An input's rule and the units it names are the engine's
//! ([`Input::rule`], [`Input::units`]); this file only words it.
//!
//! Why this file is long: one match gives every kind of input its words,
//! so that a new input is worded in one place; splitting it by chapter
//! would scatter that match.

use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::{CoverId, UnitId};
use crate::engine::kernel::input::Answer;
use crate::engine::kernel::input::Input;
use crate::engine::kernel::input::{Action, TeamKind};
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::state::Unit;

fn name(game: &Game, id: UnitId) -> String {
    game.describe(id)
}

fn cover_at(game: &Game, pos: CardPos, cover: Option<CoverId>) -> String {
    match cover {
        None => "in the open".into(),
        Some(c) => format!("under {}", cover_name(game, pos, c)),
    }
}

/// A cover marker in words, told apart from the others of its kind on
/// its card by its number there and by who is under it: a play test met
/// two entries "to basic" that differed only in their details.
pub fn cover_name(game: &Game, pos: CardPos, cover: CoverId) -> String {
    use crate::data::charts::CoverKind;
    let s = game.state();
    let Some(card) = s.map.card(pos) else {
        return "cover".into();
    };
    let Some(kind) = card.covers.iter().find(|c| c.id == cover).map(|c| c.kind) else {
        return "cover".into();
    };
    let mut text = match kind {
        CoverKind::Basic => "basic cover".to_string(),
        k => k.label().to_string(),
    };
    let same: Vec<CoverId> = card
        .covers
        .iter()
        .filter(|c| c.kind == kind)
        .map(|c| c.id)
        .collect();
    if same.len() > 1
        && let Some(i) = same.iter().position(|c| *c == cover)
    {
        let under: Vec<String> = s
            .units_at(pos)
            .filter(|u| u.cover == Some(cover))
            .map(|u| u.label.clone())
            .collect();
        text.push_str(&format!(" {} of {}", i + 1, same.len()));
        text.push_str(&if under.is_empty() {
            ", empty".to_string()
        } else {
            format!(", with {}", crate::engine::kernel::names::and_list(&under))
        });
    }
    text
}

fn unit_pos(game: &Game, id: UnitId) -> CardPos {
    game.state()
        .get(id)
        .map(|u| u.pos)
        .unwrap_or(CardPos::new(0, 0))
}

/// What the action acts on, in words ("to R2C3, in the open").
pub fn action_detail(game: &Game, a: &Action) -> String {
    use Action::*;
    match a {
        Activate { hq } => name(game, *hq),
        Exhort { unit } => format!("{} tries again", name(game, *unit)),
        DeployPyro { unit, device, at } => {
            // What the signal plan makes it mean (2.3.3, 4.3.6), so that
            // the order says what it will do.
            let meaning = game
                .state()
                .signal_plan
                .iter()
                .find(|(d, _)| d == device)
                .map(|(_, o)| format!(" (signals \"{}\")", o.label()))
                .unwrap_or_default();
            format!("{}: {} on {at}{meaning}", name(game, *unit), device.label())
        }
        ReconstitutePltHq { from, plt } => {
            format!("{} from {}", name(game, *plt), name(game, *from))
        }
        ReconstituteCoHq { from } => format!("from {}", name(game, *from)),
        CreateRunner { from } => format!("from {}", name(game, *from)),
        DispatchRunner { runner, to } => format!("{} to {}", name(game, *runner), name(game, *to)),
        DismissRunner { runner, into } => {
            format!("{} into {}", name(game, *runner), name(game, *into))
        }
        SwitchNet { unit, to } => format!("{} to {}", name(game, *unit), to.label()),
        RepairLine { unit } => name(game, *unit),
        DesignateCasualtyPoint | DesignateLandingZone | DesignateMedevac => {
            "on the HQ's card".into()
        }
        Move { unit, to, cover } | Infiltrate { unit, to, cover } => format!(
            "{} to {}, {}",
            name(game, *unit),
            to,
            cover_at(game, *to, *cover)
        ),
        MovePlatoon { to } | InfiltratePlatoon { to } => format!("to {to}"),
        SeekCover { unit } => name(game, *unit),
        MoveCover { unit, cover } | InfiltrateCover { unit, cover } => format!(
            "{}: {}",
            name(game, *unit),
            match cover {
                None => "out of cover".to_string(),
                Some(_) => cover_at(game, unit_pos(game, *unit), *cover).replace("under", "to"),
            }
        ),
        PickUp { unit, casualty } => {
            format!("{} picks up {}", name(game, *unit), name(game, *casualty))
        }
        PickUpItem { unit, item } => {
            let pos = unit_pos(game, *unit);
            let what = game
                .state()
                .map
                .card(pos)
                .and_then(|c| c.markers.items.get(*item))
                .map(self::item)
                .unwrap_or_else(|| "an item".into());
            format!("{} picks up {what}", name(game, *unit))
        }
        RemovePin { unit }
        | ParalyzedToLitter { unit }
        | LitterToFire { unit }
        | FireToAssault { unit }
        | AssaultToFire { unit }
        | RallyToFront { unit }
        | FlipToFireTeam { unit } => name(game, *unit),
        DetachTeam { squad, kind } => format!(
            "{}: {} team",
            name(game, *squad),
            match kind {
                TeamKind::Assault => "an assault",
                TeamKind::Fire => "a fire",
            }
        ),
        Supplement { squad, team } => format!("{} with {}", name(game, *squad), name(game, *team)),
        ReconstituteSquad { teams } => teams
            .iter()
            .map(|t| name(game, *t))
            .collect::<Vec<_>>()
            .join(" + "),
        Spot { unit, target } => format!("{} looks at {target}", name(game, *unit)),
        ConcentrateFire { unit, target } | Grenade { unit, target } => {
            format!("{} at {}", name(game, *unit), name(game, *target))
        }
        WpGrenade { unit, target } => format!(
            "{} at {}, with white phosphorus",
            name(game, *unit),
            name(game, *target)
        ),
        PlatoonConcentrate { target } | PlatoonGrenade { target } => {
            format!("at {}", name(game, *target))
        }
        ThrowDemo { unit, cover } | PlaceDemo { unit, cover } | Flame { unit, cover } => {
            let pos = game
                .state()
                .map
                .cards
                .iter()
                .find(|c| c.covers.iter().any(|m| m.id == *cover))
                .map(|c| c.pos);
            match pos {
                Some(p) => format!(
                    "{} at {} on {p}",
                    name(game, *unit),
                    cover_at(game, p, Some(*cover)).replace("under ", "")
                ),
                None => name(game, *unit),
            }
        }
        CallForFire {
            observer,
            agency,
            kind,
            target,
        } => {
            let agency = game
                .mission()
                .fire_support
                .get(*agency as usize)
                .map(|f| f.name.clone())
                .unwrap_or_else(|| format!("agency {agency}"));
            // The kind and the target first: they are what tells the
            // entries apart in a narrow menu.
            format!(
                "{} calls {} on {target} from {agency}",
                name(game, *observer),
                kind.label()
            )
        }
        MortarFire { mortar, target } => format!("{} on {target}", name(game, *mortar)),
        CeaseFire { at } => format!("units on {at}"),
        ShiftFire { at, to } => format!("units on {at} to {to}"),
        FireFinalProtective => "every FPF and FPL".into(),
        HigherTask { commands } => format!("{commands} command(s)"),
        ActivateVehicle { vehicle } => match game.state().vehicles.get(vehicle.0 as usize) {
            Some(v) => format!("{} {}", v.label, v.pos.on_words()),
            None => format!("vehicle {vehicle}"),
        },
        ActivateVehicleHq { vehicle } => match game.state().vehicles.get(vehicle.0 as usize) {
            Some(v) => format!(
                "{} on {}",
                crate::engine::vehicles::radio::hq_name(game, *vehicle),
                v.pos
            ),
            None => format!("vehicle {vehicle}"),
        },
        ReadyAntiTank { unit } => format!("{} on {}", name(game, *unit), unit_pos(game, *unit)),
        Embark { vehicle, unit } => match game.state().vehicles.get(vehicle.0 as usize) {
            Some(v) => {
                let cap = crate::engine::vehicles::transport::capacity(game, *vehicle);
                let load = crate::engine::vehicles::transport::load(game, *vehicle);
                format!(
                    "{}, room for {} of {cap} step(s)",
                    v.label,
                    cap.saturating_sub(load)
                )
            }
            None => format!("{} boards vehicle {vehicle}", name(game, *unit)),
        },
        Load {
            unit,
            vehicle,
            asset,
        } => {
            let u = game.state().get(*unit);
            let what = match asset {
                Some(i) => u
                    .and_then(|u| u.assets.get(*i))
                    .map(|a| {
                        format!(
                            "{} of {}",
                            a.words(),
                            u.map(|u| u.label.as_str()).unwrap_or_default()
                        )
                    })
                    .unwrap_or_default(),
                None => u
                    .and_then(|u| u.cargo)
                    .map(|(k, n)| format!("{n} point(s) of {} ammunition", k.label()))
                    .unwrap_or_default(),
            };
            match game.state().vehicles.get(vehicle.0 as usize) {
                Some(v) => format!("{what} onto {}", v.label),
                None => format!("{what} onto vehicle {vehicle}"),
            }
        }
        Unload { vehicle } => match game.state().vehicles.get(vehicle.0 as usize) {
            Some(v) => format!(
                "{}: {} set down on {}",
                v.label,
                v.cargo
                    .map(|(k, n)| format!("{n} point(s) of {} ammunition", k.label()))
                    .unwrap_or_default(),
                v.pos
            ),
            None => format!("vehicle {vehicle}"),
        },
        Disembark { unit } => format!(
            "{} gets off onto {}",
            name(game, *unit),
            unit_pos(game, *unit)
        ),
    }
}

/// A shooter's name in words.
fn shooter(game: &Game, s: crate::engine::kernel::vehicle::Shooter) -> String {
    crate::engine::vehicles::at::shooter_name(game, s)
}

/// An AT shot in words with its modifier and odds, from the engine (7.6).
pub fn at_shot(
    game: &Game,
    s: crate::engine::kernel::vehicle::Shooter,
    target: crate::engine::kernel::ids::VehicleId,
) -> String {
    let Some(t) = game.state().vehicles.get(target.0 as usize) else {
        return format!("{} fires at a vehicle that is not there", shooter(game, s));
    };
    // 7.6: a G! weapon's shot needs a grenade draw first; the odds are
    // those of the shot once it is off.
    let g = if crate::engine::vehicles::at::grenade_first(game, s) {
        "after a grenade draw, "
    } else {
        ""
    };
    match crate::engine::vehicles::at::modifier(game, s, target) {
        Some(m) => format!(
            "{} fires at {} on {} ({g}AT {:+}: {})",
            shooter(game, s),
            t.label,
            t.pos,
            m.total,
            crate::engine::vehicles::at::odds_words(game, m.total)
        ),
        None => format!("{} fires at {} on {}", shooter(game, s), t.label, t.pos),
    }
}

/// An input in words, for the orders menu and the log of the player's
/// choices.
pub fn input(game: &Game, input: &Input) -> String {
    match input {
        Input::Order(o) => {
            let by = match (o.by, game.state().impulse.as_ref().and_then(|i| i.hq)) {
                (Some(b), Some(h)) if b != h => format!(" (by {})", name(game, b)),
                (Some(b), None) => format!(" (by {})", name(game, b)),
                _ => String::new(),
            };
            format!(
                "{}: {}{by}",
                o.action.name(),
                action_detail(game, &o.action)
            )
        }
        Input::EndImpulse => "End the impulse".into(),
        Input::ChooseHq(id) => format!("Take the impulse of {}", name(game, *id)),
        Input::ChooseVehicleHq(v) => format!(
            "Take the impulse of {}",
            crate::engine::vehicles::radio::hq_name(game, *v)
        ),
        Input::Drop { carrier, casualty } => {
            format!(
                "Set down: {} puts down {}",
                name(game, *carrier),
                name(game, *casualty)
            )
        }
        Input::DropItem { unit, asset } => match asset {
            None => format!("Set down: {} puts down its ammunition", name(game, *unit)),
            Some(i) => {
                let what = game
                    .state()
                    .get(*unit)
                    .and_then(|u| u.assets.get(*i))
                    .map(self::asset)
                    .unwrap_or_else(|| "an asset".into());
                format!("Set down: {} puts down {what}", name(game, *unit))
            }
        },
        Input::Answer(Answer::MoverCover { unit, cover }) => {
            format!(
                "{}: {}",
                name(game, *unit),
                cover_words(game, *unit, *cover)
            )
        }
        Input::Answer(Answer::RunnerActivates { hq, activate, .. }) => {
            let hq = name(game, *hq);
            if *activate {
                format!("The runner activates {hq}")
            } else {
                format!("{hq} not activated (it draws on initiative)")
            }
        }
        Input::Answer(Answer::PickUpMore { unit, item }) => match item {
            None => format!("{}: nothing more", name(game, *unit)),
            Some(i) => {
                let what = game
                    .state()
                    .get(*unit)
                    .and_then(|u| game.state().map.card(u.pos))
                    .and_then(|c| c.markers.items.get(*i))
                    .map(self::item)
                    .unwrap_or_else(|| "an item".into());
                format!("{}: pick up {what} too", name(game, *unit))
            }
        },
        Input::Answer(Answer::BattalionFire { cards }) => match cards.as_slice() {
            [] => "The battalion does not fire (decline)".into(),
            cs => format!(
                "The battalion fires on {}",
                cs.iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
        },
        Input::Answer(Answer::SetUpAt { unit, at }) => {
            let here = game.state().get(*unit).map(|u| u.pos) == Some(*at);
            let plan = if here { ", as the briefing plans" } else { "" };
            if at.row == 0 {
                format!("{}: in the staging area ({at}){plan}", name(game, *unit))
            } else {
                format!("{}: on {at}{plan}", name(game, *unit))
            }
        }
        Input::Answer(Answer::KeepPlan) => "Keep the briefing's plan (all the rest)".into(),
        Input::Answer(Answer::Reform { squad }) => format!("{} comes back", name(game, *squad)),
        Input::Answer(Answer::Guard { unit }) => {
            let squad = game
                .state()
                .get(*unit)
                .is_some_and(|u| u.kind == crate::data::units::UnitKind::Squad);
            if squad {
                format!("A step of {} guards them", name(game, *unit))
            } else {
                format!("{} guards them", name(game, *unit))
            }
        }
        Input::Answer(Answer::RetreatTo { to, casualty, .. }) => match casualty {
            Some(c) if !game.state().carried.iter().any(|(_, x)| x == c) => {
                format!("Retreat to {to}, taking {} along", name(game, *c))
            }
            _ => format!("Retreat to {to}"),
        },
        Input::Answer(Answer::RepositionAt { unit, at }) => {
            let here = game.state().get(*unit).map(|u| u.pos) == Some(*at);
            if here {
                format!("{}: stays on {at}", name(game, *unit))
            } else if at.is_staging() {
                format!("{}: to the staging area ({at})", name(game, *unit))
            } else {
                format!("{}: to {at}", name(game, *unit))
            }
        }
        Input::Answer(Answer::KeepPositions) => {
            "Everyone else keeps their position (all the rest)".into()
        }
        Input::Answer(Answer::TakeCover { unit, cover }) => {
            let now = cover.is_some() && game.state().get(*unit).and_then(|u| u.cover) == *cover;
            let now = if now { " (where it is now)" } else { "" };
            format!(
                "{}: {}{now}",
                name(game, *unit),
                cover_words(game, *unit, *cover)
            )
        }
        Input::Answer(Answer::Carry { asset, from, to }) => {
            if from == to {
                format!(
                    "{} keeps {}, as the briefing plans",
                    name(game, *to),
                    asset.words()
                )
            } else {
                format!("{} carries {}", name(game, *to), asset.words())
            }
        }
        Input::Answer(Answer::KeepAssets) => "Keep the briefing's holders (all the rest)".into(),
        Input::Answer(Answer::VehicleMove { vehicle, to }) => {
            let Some(v) = game.state().vehicles.get(vehicle.0 as usize) else {
                return format!("A vehicle that is not there moves to {to}");
            };
            let ground = game
                .top_card(*to)
                .map(|c| match c.traffic {
                    crate::data::terrain::Traffic::Slow => ", SLOW ground: it stops there",
                    _ => "",
                })
                .unwrap_or("");
            format!("{} moves to {to}{ground}", v.label)
        }
        Input::Answer(Answer::VehicleFire { shooter: s, target }) => at_shot(game, *s, *target),
        Input::Answer(Answer::VehicleSpot { vehicle, target }) => {
            match game.state().vehicles.get(vehicle.0 as usize) {
                Some(v) => format!("{} tries to spot the enemy on {target}", v.label),
                None => format!("A vehicle that is not there spots {target}"),
            }
        }
        Input::Answer(Answer::VehicleEnd { shooter: s }) => match s {
            crate::engine::kernel::vehicle::Shooter::Vehicle(v)
                if crate::engine::vehicles::at::is_aircraft(game, *v) =>
            {
                format!(
                    "{}: {}",
                    crate::engine::vehicles::air::section_words(game, *v),
                    if game
                        .state()
                        .vehicles
                        .get(v.0 as usize)
                        .is_some_and(|x| x.air.is_none())
                    {
                        "nothing more this turn"
                    } else {
                        "no strike now"
                    }
                )
            }
            _ => format!("{}: end its activation", shooter(game, *s)),
        },
        Input::Answer(Answer::VehicleSmoke {
            vehicle,
            target,
            wp,
        }) => match game.state().vehicles.get(vehicle.0 as usize) {
            Some(v) => format!(
                "{} fires a {} round at {target} ({} left)",
                v.label,
                if *wp { "white phosphorus" } else { "smoke" },
                if *wp { v.wp } else { v.smoke }
            ),
            None => format!("A vehicle that is not there fires smoke at {target}"),
        },
        Input::Answer(Answer::AirAttack { vehicle, adjacent }) => {
            match game.state().vehicles.get(vehicle.0 as usize) {
                Some(v) => {
                    let target = v.air.map(|a| a.target.to_string()).unwrap_or_default();
                    let cards = match adjacent {
                        Some(a) => format!("{target} and {a}"),
                        None => format!("{target} only"),
                    };
                    // 7.3.2: what the enemy's fire may do to each aircraft.
                    let air = crate::engine::vehicles::air::section_words(game, *vehicle);
                    let risk =
                        match crate::engine::vehicles::air::reaction_words(game, *vehicle, true) {
                            Some(o) => format!(" (each: {o})"),
                            None => " (no enemy fire reaches them)".into(),
                        };
                    format!("{air} strike {cards}{risk}")
                }
                None => "Attack helicopters strike".into(),
            }
        }
        Input::Answer(Answer::AirPlace { vehicle, at }) => {
            let label = game
                .state()
                .vehicles
                .get(vehicle.0 as usize)
                .map(|v| v.label.clone())
                .unwrap_or_default();
            let high = game
                .state()
                .vehicles
                .get(vehicle.0 as usize)
                .is_some_and(|x| x.gunship.is_some());
            match crate::engine::vehicles::air::odds_over(game, *vehicle, *at) {
                _ if high => {
                    let n = crate::engine::vehicles::gunship::reach(game, *at);
                    format!(
                        "{label} over {at} ({} in reach)",
                        match n {
                            0 => "no enemy seen".to_string(),
                            1 => "1 enemy step".to_string(),
                            n => format!("{n} enemy steps"),
                        }
                    )
                }
                Some(o) => format!("{label} flies over {at} (enemy fire: {o})"),
                None => format!("{label} flies over {at} (no enemy fire reaches it)"),
            }
        }
        Input::Answer(Answer::Board { unit, vehicle }) => {
            let who = game.describe(*unit);
            match vehicle.and_then(|v| game.state().vehicles.get(v.0 as usize)) {
                Some(x) => {
                    let room = crate::engine::vehicles::transport::capacity(game, x.id)
                        .saturating_sub(crate::engine::vehicles::transport::load(game, x.id));
                    format!(
                        "{who} boards {} {} ({room} step(s) free)",
                        x.label,
                        x.pos.on_words()
                    )
                }
                None => format!("{who} gets off and waits in the Pickup Zone"),
            }
        }
        Input::Answer(Answer::LandingPlanDone) => "The landing plan is made: begin".into(),
        Input::Answer(Answer::PlanLandingZone { at }) => {
            let name = game
                .top_card(*at)
                .map(|c| format!("{}; ", c.name))
                .unwrap_or_default();
            // What a helicopter landing there would meet (7.4.5), in short:
            // the odds in full come with the landing itself.
            let lift = game
                .state()
                .vehicles
                .iter()
                .find(|x| x.lift.is_some() && x.in_play());
            let risk = lift
                .and_then(|x| crate::engine::vehicles::air::short_odds(game, x.id, *at))
                .unwrap_or_else(|| "no enemy fire reaches it".into());
            if game.state().plan_lz.is_empty() {
                format!("Mark {at} the LZ ({name}{risk})")
            } else {
                format!("Add {at} to the LZ ({name}{risk})")
            }
        }
        Input::Answer(Answer::HeliFly { vehicle, to }) => {
            let x = game.state().vehicles.get(vehicle.0 as usize);
            let label = x.map(|x| x.label.clone()).unwrap_or_default();
            let aboard = game.state().passengers(*vehicle).count();
            let with = if aboard > 0 {
                format!(", {aboard} aboard")
            } else {
                String::new()
            };
            match to.heli_area() {
                Some(a) if x.is_some_and(|x| !x.pos.is_staging()) => {
                    format!("{label} takes off for {}{with}", a.words())
                }
                Some(a) => format!("{label} flies to {}{with}", a.words()),
                None => {
                    let risk = match crate::engine::vehicles::air::odds_over(game, *vehicle, *to) {
                        Some(o) => format!("enemy fire: {o}"),
                        None => "no enemy fire reaches it".into(),
                    };
                    format!("{label} lands on the LZ at {to}{with} ({risk})")
                }
            }
        }
        Input::Answer(Answer::GunshipRun { vehicle, at }) => {
            let (label, left) = game
                .state()
                .vehicles
                .get(vehicle.0 as usize)
                .map(|x| {
                    let made = x.gunship.map(|g| g.made()).unwrap_or(0);
                    (
                        x.label.clone(),
                        crate::engine::vehicles::gunship::RUNS.saturating_sub(made + 1),
                    )
                })
                .unwrap_or_default();
            let enemy = crate::engine::vehicles::air::enemy_steps(game, *at);
            let seen = match enemy {
                0 => "no enemy seen".to_string(),
                1 => "1 enemy step".to_string(),
                n => format!("{n} enemy steps"),
            };
            format!("{label} fires on and lights {at} ({seen}, {left} left after)")
        }
        Input::Answer(Answer::FacMark { vehicle, target }) => {
            match game.state().vehicles.get(vehicle.0 as usize) {
                Some(v) => format!("{} marks {target} with a WP rocket", v.label),
                None => format!("A WP rocket marks {target}"),
            }
        }
        Input::Answer(Answer::FacCall {
            vehicle,
            kind,
            target,
        }) => match game.state().vehicles.get(vehicle.0 as usize) {
            Some(v) => format!("{} calls {} on {target}", v.label, kind.label()),
            None => format!("{} on {target}", kind.label()),
        },
        Input::Answer(Answer::VehicleDisembark { vehicle, unit }) => {
            match game.state().vehicles.get(vehicle.0 as usize) {
                Some(v) => format!("{} sets {} down on {}", v.label, name(game, *unit), v.pos),
                None => format!("{} gets off", name(game, *unit)),
            }
        }
        Input::Answer(Answer::React { shooter: s }) => match game.state().choices.first() {
            Some(crate::engine::kernel::input::Choice::Reaction { target, .. }) => {
                format!("In reaction: {}", at_shot(game, *s, *target))
            }
            _ => format!("{} fires in reaction", shooter(game, *s)),
        },
        Input::Answer(Answer::HoldFire) => "Hold fire".into(),
        Input::Answer(Answer::SignalMeans { device, order }) => {
            let planned = game
                .state()
                .signal_plan
                .iter()
                .find(|(d, _)| d == device)
                .map(|(_, o)| *o);
            let plan = if planned == *order {
                ", as the briefing plans"
            } else {
                ""
            };
            match order {
                Some(o) => format!("The {}: {}{plan}", device.label(), o.label()),
                None => format!("The {}: no meaning this mission{plan}", device.label()),
            }
        }
        Input::Answer(Answer::KeepSignals) => "Keep the briefing's meanings (all the rest)".into(),
        Input::Answer(Answer::AttachVehicle { vehicle, to }) => {
            let x = game.state().vehicles.get(vehicle.0 as usize);
            let label = x.map(|x| x.label.clone()).unwrap_or_default();
            match to {
                Some(h) => format!("Attach {label} to {}'s platoon", name(game, *h)),
                None => {
                    let hq = crate::engine::vehicles::radio::platoon_hq(game, *vehicle)
                        .and_then(|h| game.state().vehicles.get(h.0 as usize))
                        .map(|h| format!(" ({} orders it)", h.label))
                        .unwrap_or_default();
                    format!(
                        "Keep {label} in the {}{hq}",
                        x.and_then(|x| x.platoon.clone()).unwrap_or_default()
                    )
                }
            }
        }
        Input::Answer(Answer::NamePatrol { units }) => {
            let hq = units
                .iter()
                .find(|u| {
                    game.state()
                        .get(**u)
                        .is_some_and(|x| x.kind == crate::data::units::UnitKind::Hq)
                })
                .map(|u| name(game, *u));
            format!(
                "Send {} ({} unit{})",
                hq.unwrap_or_else(|| "these units".into()),
                units.len(),
                if units.len() == 1 { "" } else { "s" }
            )
        }
        Input::Skilled {
            holder,
            skill,
            order,
        } => format!(
            "{}: {} with {}'s {} skill",
            order.action.name(),
            action_detail(game, &order.action),
            name(game, *holder),
            skill.label()
        ),
        Input::UseSkill {
            holder,
            skill,
            unit,
            team,
        } => format!(
            "Use {}'s {} skill on {}{}",
            name(game, *holder),
            skill.label(),
            name(game, *unit),
            match team {
                Some(TeamKind::Assault) => " (assault team)",
                Some(TeamKind::Fire) => " (fire team)",
                None => "",
            }
        ),
    }
}

/// Where a unit ends up on its card: in the open, or under a cover
/// marker named by its kind.
fn cover_words(
    game: &Game,
    unit: UnitId,
    cover: Option<crate::engine::kernel::ids::CoverId>,
) -> String {
    let Some(c) = cover else {
        return "in the open".into();
    };
    game.state()
        .get(unit)
        .and_then(|u| game.state().cover_kind(u.pos, c))
        .map(|k| format!("under the {} cover marker", k.label()))
        .unwrap_or_else(|| "under a cover marker".into())
}

/// A counter's short status flags: P pinned, E exposed, F fire-team side,
/// C under cover, and more (the codes of the help's key).
pub fn flags(u: &Unit) -> String {
    flag_codes(u).iter().map(|c| c.text()).collect()
}

/// The status codes a counter prints after its steps and experience.
pub fn flag_codes(u: &Unit) -> Vec<crate::ui::view::legend::Code> {
    use crate::ui::view::legend::Code;
    [
        (u.pinned, Code::Pinned),
        (u.exposed, Code::Exposed),
        (u.flipped, Code::FireTeamSide),
        (u.cover.is_some(), Code::UnderCover),
        (u.concentrated > 0, Code::Concentrated),
        (u.grenaded > 0, Code::Grenaded),
        (u.riding.is_some(), Code::Aboard),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .map(|(_, c)| *c)
    .collect()
}

/// What a counter is when that, not its markers, decides what it can do:
/// a casualty, a paralyzed or litter team, another limited action team.
fn kind_words(game: &Game, u: &Unit) -> Option<String> {
    use crate::data::units::{Side, UnitKind};
    Some(match u.kind {
        UnitKind::Casualty => {
            let carrier = game
                .state()
                .carried
                .iter()
                .find(|(_, c)| *c == u.id)
                .map(|(by, _)| name(game, *by));
            match (carrier, u.side) {
                (Some(by), _) => format!("casualty, carried by {by}"),
                (None, Side::Us)
                    if game.mission().evacuation == crate::data::mission::Evacuation::Medevac =>
                {
                    "casualty: needs carrying to the MEDEVAC LZ (5.1.7)".into()
                }
                (None, Side::Us) => "casualty: needs carrying to the CCP (5.1.7)".into(),
                (None, _) => "casualty: out of action".into(),
            }
        }
        UnitKind::ParalyzedTeam => "paralyzed team (4.2.5)".into(),
        UnitKind::LitterTeam => "litter team: carries casualties (5.1.6)".into(),
        UnitKind::AssaultTeam | UnitKind::FireTeam => "limited action team (4.2.5)".into(),
        UnitKind::Porter => "porters: carry, never fight".into(),
        _ => return None,
    })
}

/// A counter's status in words, for the side panel. "Good Order" only
/// when the engine says so.
pub fn status_words(game: &Game, u: &Unit) -> String {
    let mut w: Vec<String> = kind_words(game, u).into_iter().collect();
    if u.pinned {
        w.push("Pinned".into());
    }
    if u.exposed {
        w.push("Exposed".into());
    }
    if let Some(v) = u
        .riding
        .and_then(|v| game.state().vehicles.get(v.0 as usize))
    {
        w.push(if crate::engine::combat::fire::rides_outside(game, u) {
            format!("riding on {}, no fire of its own", v.label)
        } else {
            format!("aboard {}", v.label)
        });
    }
    if u.flipped {
        w.push("fire-team side".into());
    }
    if let Some(c) = u.cover {
        w.push(cover_at(game, u.pos, Some(c)));
    }
    if u.concentrated > 0 {
        w.push(format!("{} Concentrated Fire", u.concentrated));
    }
    if u.grenaded > 0 {
        w.push(format!("{} Grenade Attack", u.grenaded));
    }
    if let Some(a) = u.ammo {
        w.push(format!("ammo {a}"));
    }
    // 5.1.6: what it carries for others.
    w.extend(load_words(u));
    let litters = game
        .state()
        .carried
        .iter()
        .filter(|(by, _)| *by == u.id)
        .count();
    if litters > 0 {
        w.push(format!(
            "carrying {litters} casualt{}",
            if litters == 1 { "y" } else { "ies" }
        ));
    }
    if w.is_empty() {
        if u.good_order() {
            "Good Order".into()
        } else {
            "not in Good Order".into()
        }
    } else {
        w.join(", ")
    }
}

/// The ammunition a unit carries for others (5.1.6 A), in words.
pub fn load_words(u: &Unit) -> Option<String> {
    u.cargo
        .map(|(k, n)| format!("carrying {n} {} ammo", k.label()))
}

/// An asset or an item in words.
pub fn asset(a: &crate::engine::kernel::state::Asset) -> String {
    a.words()
}

pub fn item(i: &crate::engine::kernel::state::Item) -> String {
    i.words()
}

/// What a card showed in the section an event read, in words: "activated
/// commands: 2", "fire result at NCM +1: pin", "random number for N = 7: 3".
pub fn card_read(
    c: &crate::data::action::ActionCard,
    sec: crate::engine::kernel::events::Section,
) -> String {
    use crate::engine::kernel::events::Section;
    let letters = |v: &[crate::data::action::HitLetter]| {
        v.iter().map(|l| l.key()).collect::<Vec<_>>().join("")
    };
    match sec {
        Section::Activated => format!("activated commands (helmet): {}", c.activated),
        Section::Initiative => format!("initiative commands (star): {}", c.initiative),
        Section::Word => format!(
            "the action word: {}",
            c.word
                .map(|w| w.to_string())
                .unwrap_or_else(|| "none".into())
        ),
        Section::Icon => format!(
            "the icon: {}{}",
            c.icon,
            match c.mark {
                Some(crate::data::action::Mark::Jam) => " (Jam)",
                Some(crate::data::action::Mark::Short) => " (Short)",
                None => "",
            }
        ),
        Section::HigherHq => format!(
            "the Higher HQ icon: {}",
            if c.higher_hq { "yes" } else { "no" }
        ),
        Section::Fire(ncm) => format!(
            "the fire result at NCM {ncm:+}: {}",
            c.fire_result(i32::from(ncm)).key()
        ),
        Section::HitEffect => format!(
            "the hit effect: Veteran {}, Line {}, Green {}",
            letters(&c.hit.veteran),
            letters(&c.hit.line),
            letters(&c.hit.green)
        ),
        Section::Random(n) => format!(
            "the random number for N = {n}: {}",
            c.random
                .get(usize::from(n.saturating_sub(crate::data::action::RN_MIN)))
                .map(|v| v.to_string())
                .unwrap_or_else(|| "none".into())
        ),
        Section::AntiTank => format!("the anti-tank number: {}", c.anti_tank),
    }
}

/// A vehicle in words for the card panel and the briefing: its name,
/// type and markers; then its row of the chart (7.0-7.8).
pub fn vehicle_words(game: &Game, v: &crate::engine::kernel::vehicle::Vehicle) -> (String, String) {
    let t = game.data().vehicles.vehicle(&v.vehicle_type.0);
    let mut head = match t {
        Some(t) => format!("{}: {} ({})", v.label, t.name, t.class.words()),
        None => v.label.clone(),
    };
    if let Some(w) = command_words(game, v) {
        head.push_str(", ");
        head.push_str(&w);
    }
    // 7.1.2: a called attack helicopter's task.
    if let Some(a) = v.air {
        head.push_str(&format!(
            ", {} {}{}, {} turn(s) on station",
            if a.chosen { "striking" } else { "called onto" },
            a.target,
            match a.adjacent {
                Some(c) if a.chosen => format!(" and {c}"),
                _ => String::new(),
            },
            a.turns
        ));
    }
    for (on, w) in [
        (v.activated && !v.done, "activated"),
        (v.done, "moved or fired"),
        (v.pinned, "pinned (buttoned up)"),
    ] {
        if on {
            head.push_str(", ");
            head.push_str(w);
        }
    }
    let Some(t) = t else {
        return (head, String::new());
    };
    let mut parts = vec![format!("defence {:+}", t.defence)];
    match t.gunnery {
        Some(g) => {
            let ranges: Vec<String> = [
                (g.p, "point blank"),
                (g.c, "close"),
                (g.l, "long"),
                (g.v, "very long"),
            ]
            .iter()
            .filter_map(|(x, w)| x.map(|x| format!("{w} {x:+}")))
            .collect();
            parts.push(format!("gun {}", ranges.join(", ")));
            match t.move_fire {
                Some(m) => parts.push(format!("fires after moving at {m:+}")),
                None => parts.push("no fire after moving".into()),
            }
            if t.quick_shot {
                parts.push("quick shot".into());
            }
            if let Some(a) = v.ammo {
                parts.push(format!("{a} round(s)"));
            }
            if v.smoke > 0 || v.wp > 0 {
                parts.push(format!("{} smoke and {} WP round(s)", v.smoke, v.wp));
            }
            if let Some((k, n)) = v.cargo {
                parts.push(format!("{n} point(s) of {} ammunition aboard", k.label()));
            }
        }
        None => parts.push("no gun against vehicles".into()),
    }
    if !t.mobile {
        parts.push("never moves".into());
    }
    parts.push(format!("crew {}", t.crew));
    if t.capacity > 0 {
        let aboard: Vec<String> = game
            .state()
            .passengers(v.id)
            .map(|u| format!("{} ({} step(s))", u.label, u.steps))
            .collect();
        let load = crate::engine::vehicles::transport::load(game, v.id);
        parts.push(if aboard.is_empty() {
            format!("carries {} step(s), empty", t.capacity)
        } else {
            format!(
                "carries {} step(s), {load} aboard: {}",
                t.capacity,
                aboard.join(", ")
            )
        });
        if t.class.riders_outside() && load > 0 {
            parts.push("cannot fight until its riders are off".into());
        }
    }
    if !v.assets.is_empty() {
        let a: Vec<String> = v.assets.iter().map(|a| a.words()).collect();
        parts.push(format!("loaded aboard: {}", a.join(", ")));
    }
    if let Some(s) = schedule_words(v) {
        parts.push(s);
    }
    (head, parts.join("; "))
}

/// 7.1.1: who orders a company vehicle, in words: its vehicle platoon
/// (and whether it leads it) or the infantry platoon it is attached to.
pub fn command_words(game: &Game, v: &crate::engine::kernel::vehicle::Vehicle) -> Option<String> {
    match (&v.platoon, v.command, v.attached) {
        (Some(p), Some(_), _) => Some(format!("HQ of the {p}")),
        (Some(p), None, _) => Some(format!("in the {p}")),
        (None, _, Some(h)) => Some(format!("attached to {}", game.describe(h))),
        (None, _, None) => None,
    }
}

/// 7.2.1: a preplanned transport's schedule in words.
pub fn schedule_words(v: &crate::engine::kernel::vehicle::Vehicle) -> Option<String> {
    v.schedule.map(|s| {
        format!(
            "preplanned: arrives on {} in turn {} and leaves the map in turn {} (7.2.1)",
            crate::engine::kernel::pos::CardPos::new(s.at.0, s.at.1),
            s.arrive,
            s.leave
        )
    })
}
