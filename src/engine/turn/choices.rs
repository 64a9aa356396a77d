//! Questions the rules leave to the player in the middle of a procedure
//! (a platoon mover's cover, 4.2.2 b; a runner's activation, 3.3.1 B; the
//! battalion's share of a fire mission, 6.7.2 G): their answers as inputs,
//! the program's suggestion, and carrying the answer out.

use crate::engine::kernel::events::Quiet;
use crate::engine::kernel::game::{Game, Illegal};
use crate::engine::kernel::input::Answer;
use crate::engine::kernel::input::{Choice, Input};
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::why::Turn;
use crate::engine::kernel::words::why::refuse;

/// The answers open to the first pending question, the program's
/// suggestion first.
pub fn legal(game: &Game) -> Vec<Input> {
    let Some(choice) = game.state.choices.first() else {
        return Vec::new();
    };
    let mut v = match choice {
        Choice::VehicleTurn { .. } | Choice::Reaction { .. } => {
            crate::engine::vehicles::phase::legal(game, choice)
        }
        Choice::MoverCover { unit, covers, .. } => {
            let open = crate::engine::movement::actions::covers_open_to(game, *unit);
            std::iter::once(None)
                .chain(covers.iter().filter(|c| open.contains(c)).map(|c| Some(*c)))
                .map(|cover| Input::Answer(Answer::MoverCover { unit: *unit, cover }))
                .collect()
        }
        Choice::PickUpMore { unit } => std::iter::once(None)
            .chain(
                crate::engine::movement::carrying::items_open_to(game, *unit)
                    .into_iter()
                    .map(Some),
            )
            .map(|item| Input::Answer(Answer::PickUpMore { unit: *unit, item }))
            .collect(),
        Choice::Runner { runner, hq } => [true, false]
            .into_iter()
            .map(|activate| {
                Input::Answer(Answer::RunnerActivates {
                    runner: *runner,
                    hq: *hq,
                    activate,
                })
            })
            .collect(),
        Choice::Patrol => crate::engine::orders::chain::patrol_options(game)
            .into_iter()
            .map(|units| Input::Answer(Answer::NamePatrol { units }))
            .collect(),
        Choice::Attach { vehicle } => std::iter::once(None)
            .chain(
                crate::engine::vehicles::radio::attach_to(game)
                    .into_iter()
                    .map(Some),
            )
            .map(|to| {
                Input::Answer(Answer::AttachVehicle {
                    vehicle: *vehicle,
                    to,
                })
            })
            .collect(),
        Choice::LandingPlan => std::iter::once(Input::Answer(Answer::LandingPlanDone))
            .chain(crate::engine::vehicles::heli::plan_inputs(game))
            .chain(crate::engine::vehicles::heli::plan_lz_inputs(game))
            .collect(),
        Choice::Asset { from, asset } => std::iter::once(Input::Answer(Answer::KeepAssets))
            .chain(asset_holders(game).into_iter().map(|to| {
                Input::Answer(Answer::Carry {
                    asset: asset.clone(),
                    from: *from,
                    to,
                })
            }))
            .collect(),
        Choice::Signal { device } => std::iter::once(Input::Answer(Answer::KeepSignals))
            .chain(
                crate::data::mission::SignalOrder::offered(
                    game.mission.kind,
                    &game.mission.controls,
                    *device,
                    game.helicopters,
                )
                .into_iter()
                .map(Some)
                .chain(std::iter::once(None))
                .map(|order| {
                    Input::Answer(Answer::SignalMeans {
                        device: *device,
                        order,
                    })
                }),
            )
            .collect(),
        Choice::SetUp { unit } => std::iter::once(Input::Answer(Answer::KeepPlan))
            .chain(
                set_up_cards(game, *unit)
                    .into_iter()
                    .map(|at| Input::Answer(Answer::SetUpAt { unit: *unit, at })),
            )
            .collect(),
        Choice::Reform { squads, .. } => squads
            .iter()
            .map(|s| Input::Answer(Answer::Reform { squad: *s }))
            .collect(),
        Choice::Guard { candidates, .. } => candidates
            .iter()
            .map(|u| Input::Answer(Answer::Guard { unit: *u }))
            .collect(),
        Choice::Retreat { unit, options, .. } => options
            .iter()
            .map(|(to, casualty)| {
                Input::Answer(Answer::RetreatTo {
                    unit: *unit,
                    to: *to,
                    casualty: *casualty,
                })
            })
            .collect(),
        Choice::Reposition { unit, cards } => {
            // Staying first (its own card is always open), then the other
            // cards in order.
            let here = game.state.unit(*unit).pos;
            std::iter::once(Input::Answer(Answer::KeepPositions))
                .chain(
                    std::iter::once(here)
                        .chain(cards.iter().copied().filter(|at| *at != here))
                        .filter(|at| reposition_open(game, *unit, *at))
                        .map(|at| Input::Answer(Answer::RepositionAt { unit: *unit, at })),
                )
                .collect()
        }
        Choice::TakeCover { unit, covers } => {
            let open = cover_choices(game, *unit);
            std::iter::once(None)
                .chain(covers.iter().filter(|c| open.contains(c)).map(|c| Some(*c)))
                .map(|cover| Input::Answer(Answer::TakeCover { unit: *unit, cover }))
                .collect()
        }
        Choice::BattalionFire { cards, .. } => {
            let mut v: Vec<Input> = pairs(cards)
                .into_iter()
                .map(|cards| Input::Answer(Answer::BattalionFire { cards }))
                .collect();
            v.push(Input::Answer(Answer::BattalionFire { cards: Vec::new() }));
            v
        }
    };
    if let Some(s) = suggestion(game)
        && let Some(i) = v.iter().position(|x| *x == s)
    {
        let s = v.remove(i);
        v.insert(0, s);
    }
    v
}

/// The cards the battalion may fire on: any two of those bordering the
/// target, or the one there is.
fn pairs(cards: &[CardPos]) -> Vec<Vec<CardPos>> {
    if cards.len() < 2 {
        return vec![cards.to_vec()];
    }
    let mut v = Vec::new();
    for (i, a) in cards.iter().enumerate() {
        for b in &cards[i + 1..] {
            v.push(vec![*a, *b]);
        }
    }
    v
}

/// The program's answer to the pending question, offered as a one-key
/// suggestion: what it did before the question was the player's (no cover
/// after a platoon move, the runner used, the battalion's two cards with
/// the most spotted enemy steps).
pub fn suggestion(game: &Game) -> Option<Input> {
    Some(match game.state.choices.first()? {
        c @ (Choice::VehicleTurn { .. } | Choice::Reaction { .. }) => {
            crate::engine::vehicles::phase::suggestion(game, c)?
        }
        Choice::MoverCover { unit, .. } => Input::Answer(Answer::MoverCover {
            unit: *unit,
            cover: None,
        }),
        Choice::Runner { runner, hq } => Input::Answer(Answer::RunnerActivates {
            runner: *runner,
            hq: *hq,
            activate: true,
        }),
        Choice::PickUpMore { unit } => Input::Answer(Answer::PickUpMore {
            unit: *unit,
            item: None,
        }),
        Choice::BattalionFire { suggested, .. } => Input::Answer(Answer::BattalionFire {
            cards: suggested.clone(),
        }),
        Choice::Reform { squads, .. } => Input::Answer(Answer::Reform {
            squad: *squads.first()?,
        }),
        Choice::Guard { candidates, .. } => Input::Answer(Answer::Guard {
            unit: *candidates.first()?,
        }),
        Choice::Retreat { unit, options, .. } => {
            let (to, casualty) = *options.first()?;
            Input::Answer(Answer::RetreatTo {
                unit: *unit,
                to,
                casualty,
            })
        }
        Choice::Reposition { .. } => Input::Answer(Answer::KeepPositions),
        Choice::SetUp { .. } => Input::Answer(Answer::KeepPlan),
        Choice::TakeCover { unit, .. } => Input::Answer(Answer::TakeCover {
            unit: *unit,
            cover: cover_choices(game, *unit).into_iter().max_by_key(|c| {
                let u = game.state.unit(*unit);
                let kind = game.state.cover_kind(u.pos, *c);
                (
                    kind.map(|k| game.data.charts.cover_value(k)),
                    // Among equals the cover it is under already.
                    u.cover == Some(*c),
                    std::cmp::Reverse(*c),
                )
            }),
        }),
        Choice::Asset { .. } => Input::Answer(Answer::KeepAssets),
        Choice::LandingPlan => Input::Answer(Answer::LandingPlanDone),
        Choice::Signal { .. } => Input::Answer(Answer::KeepSignals),
        Choice::Attach { vehicle } => Input::Answer(Answer::AttachVehicle {
            vehicle: *vehicle,
            to: None,
        }),
        Choice::Patrol => Input::Answer(Answer::NamePatrol {
            units: crate::engine::orders::chain::patrol_options(game)
                .into_iter()
                .next()
                .unwrap_or_default(),
        }),
    })
}

/// 2.3.2: what an answer to "who carries this asset?" hands its holder,
/// for the forecast (a play test could not tell what a radio's holder
/// would gain): "CO HQ carries the radio SCR-300 (BN TAC): the battalion
/// net, ...".
pub fn carried(game: &Game, input: &Input) -> Option<String> {
    let (to, asset) = match input {
        Input::Answer(Answer::Carry { asset, to, .. }) => (*to, asset),
        Input::Answer(Answer::KeepAssets) => match game.state.choices.first() {
            Some(Choice::Asset { from, asset }) => (*from, asset),
            _ => return None,
        },
        _ => return None,
    };
    let holder = game.state.get(to)?;
    Some(format!(
        "{} carries {}: {}",
        holder.label,
        asset.words(),
        asset.purpose()
    ))
}

/// The question of one aircraft's activation alone in the Vehicle phase:
/// a transport helicopter (7.4.5), a gunship (7.1.4), a forward air
/// controller (7.1.3) or a called section of attack helicopters (7.1.2).
fn aircraft_question(game: &Game, choice: &Choice) -> Option<(&'static str, String)> {
    let Choice::VehicleTurn { pending } = choice else {
        return None;
    };
    let [crate::engine::kernel::vehicle::Shooter::Vehicle(v)] = pending.as_slice() else {
        return None;
    };
    let x = game.state.vehicles.get(v.0 as usize)?;
    if x.lift.is_some() {
        let place = x.pos.heli_place();
        return Some((
            "7.4.5",
            if x.moved {
                format!(
                    "{} on {place}: set passengers down, or end its turn?",
                    x.label
                )
            } else {
                format!("{} in {place}: where does it fly?", x.label)
            },
        ));
    }
    if let Some(g) = x.gunship {
        return Some((
            "7.1.4",
            if x.pos.is_staging() {
                format!("{} (gunship): over which card tonight?", x.label)
            } else {
                format!(
                    "{} over {}: fire on and light which card ({} of {} runs left)?",
                    x.label,
                    x.pos,
                    crate::engine::vehicles::gunship::RUNS - g.made(),
                    crate::engine::vehicles::gunship::RUNS
                )
            },
        ));
    }
    if x.fac.is_some() {
        return Some((
            "7.1.3",
            if x.pos.is_staging() {
                format!("{} (forward air controller): over which card?", x.label)
            } else {
                format!(
                    "{} over {}: mark a target, call air support, or end its turn?",
                    x.label, x.pos
                )
            },
        ));
    }
    if !crate::engine::vehicles::at::is_aircraft(game, *v) {
        return None;
    }
    let air = crate::engine::vehicles::air::section_words(game, *v);
    let target = x.air.map(|a| a.target.to_string()).unwrap_or_default();
    Some((
        "7.1.2",
        match crate::engine::vehicles::air::reaction_words(game, *v, false) {
            Some(o) => format!("{air}: strike {target}? Fire at each aircraft: {o}"),
            None => format!("{air}: strike {target}? No enemy fire reaches them"),
        },
    ))
}

impl Game {
    /// A question of the rules in words, with its rule section: what the
    /// question menu, the Command Display and learn mode ask.
    pub fn question(&self, choice: &Choice) -> (&'static str, String) {
        question(self, choice)
    }
}

/// The question in words, with its rule.
pub fn question(game: &Game, choice: &Choice) -> (&'static str, String) {
    if let Some(q) = aircraft_question(game, choice) {
        return q;
    }
    match choice {
        Choice::VehicleTurn { pending } => (
            "3.6",
            if pending.len() == 1 {
                format!(
                    "{}: move, fire or end its activation?",
                    crate::engine::vehicles::at::shooter_name(game, pending[0])
                )
            } else {
                format!(
                    "Vehicle phase: which of {} acts next, and how?",
                    pending
                        .iter()
                        .map(|s| crate::engine::vehicles::at::shooter_name(game, *s))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            },
        ),
        Choice::Reaction { target, .. } => (
            "7.5 D",
            format!(
                "{} moved or fired in sight: fire at it in reaction?",
                crate::engine::vehicles::at::vehicle(game, *target).label
            ),
        ),
        Choice::MoverCover { unit, .. } => (
            "4.2.2 b",
            format!(
                "{}: end the platoon move under cover on {}?",
                game.describe(*unit),
                game.state.unit(*unit).pos
            ),
        ),
        Choice::PickUpMore { unit } => (
            "5.1.6 B",
            format!(
                "{}: pick up anything more from {}?",
                game.describe(*unit),
                game.state.unit(*unit).pos
            ),
        ),
        Choice::Runner { runner, hq } => (
            "3.3.1 B",
            format!(
                "The runner {} is with {}: activate it?",
                game.describe(*runner),
                game.describe(*hq)
            ),
        ),
        Choice::SetUp { unit } => (
            "2.4.1 B",
            format!(
                "Set-up: where does {} go? (plan: {})",
                game.describe(*unit),
                game.state.unit(*unit).pos
            ),
        ),
        Choice::Asset { from, asset } => (
            "2.3.2",
            format!(
                "Set-up: who carries {}? (plan: {})",
                asset.words(),
                game.describe(*from)
            ),
        ),
        Choice::LandingPlan if crate::engine::vehicles::heli::assault_planning(game) => (
            "7.4.5",
            "Air assault planning: who boards, and where do they land?".into(),
        ),
        Choice::LandingPlan if game.state.step != crate::engine::kernel::sequence::Step::Setup => (
            "2.4.3",
            "Landing plan: who boards the helicopters in the Pickup Zone?".into(),
        ),
        Choice::LandingPlan => (
            "2.4.3",
            "Set-up, landing plan: who boards which helicopter?".into(),
        ),
        Choice::Attach { vehicle } => {
            let x = &game.state.vehicles[vehicle.0 as usize];
            (
                "7.1.1",
                format!(
                    "Set-up: keep {} in the {}, or attach it to a platoon?",
                    x.label,
                    x.platoon.clone().unwrap_or_default()
                ),
            )
        }
        Choice::Signal { device } => (
            "2.3.3",
            format!("Set-up: what does the {} signal mean?", device.label()),
        ),
        Choice::Patrol => ("11.4", "Who goes on the patrol? (only they move)".into()),
        Choice::Reform { teams, .. } => (
            "10.2.1",
            format!(
                "{} teams on {} re-form a squad: which removed squad comes back?",
                teams.len(),
                teams
                    .first()
                    .map(|t| game.state.unit(*t).pos.to_string())
                    .unwrap_or_default()
            ),
        ),
        Choice::Guard { pos, prisoners, .. } => (
            "9.13",
            format!(
                "{} prisoner step(s) taken on {pos}: who guards them? (out for the mission)",
                prisoners
                    .iter()
                    .map(|p| u32::from(game.state.unit(*p).steps))
                    .sum::<u32>()
            ),
        ),
        Choice::Retreat { unit, options, .. } => {
            let (u, at) = (game.describe(*unit), game.state.unit(*unit).pos);
            let first = options.first().map(|o| o.0);
            let text = if options.iter().all(|(c, _)| Some(*c) == first) {
                format!("{u} retreats from {at}: which casualty does it take along?")
            } else {
                format!("{u} retreats from {at}: to which of the equal cards?")
            };
            ("3.5", text)
        }
        Choice::Reposition { unit, .. } => (
            "11.1",
            format!(
                "New attempt: where does {} go? (on {} now; any secured card)",
                game.describe(*unit),
                game.state.unit(*unit).pos
            ),
        ),
        Choice::TakeCover { unit, .. } => (
            "11.1",
            format!(
                "New attempt: does {} go under cover on {}?",
                game.describe(*unit),
                game.state.unit(*unit).pos
            ),
        ),

        Choice::BattalionFire { target, .. } => (
            "6.7.2 G",
            format!(
                "Three bursts at {target}: the battalion may fire on two cards beside it. Which?"
            ),
        ),
    }
}

/// Checks and carries out the answer to the first pending question. Any
/// other input is refused while a question waits.
pub fn answer(game: &mut Game, input: &Input) -> Result<(), Illegal> {
    let Some(choice) = game.state.choices.first().cloned() else {
        return refuse(game, Turn::NoQuestion);
    };
    if matches!(choice, Choice::VehicleTurn { .. } | Choice::Reaction { .. }) {
        return crate::engine::vehicles::phase::answer(game, &choice, input);
    }
    if !legal(game).contains(input) {
        let (rule, _) = question(game, &choice);
        return refuse(game, Turn::AnswerFirst { rule });
    }
    game.state.choices.remove(0);
    match (&choice, input) {
        (
            Choice::MoverCover { from_fortified, .. },
            Input::Answer(Answer::MoverCover { unit, cover }),
        ) => crate::engine::movement::actions::settle_cover(game, *unit, *cover, *from_fortified),
        (
            Choice::PickUpMore { .. },
            Input::Answer(Answer::PickUpMore {
                unit,
                item: Some(i),
            }),
        ) => {
            crate::engine::movement::carrying::pick_up_item(game, *unit, *i);
            if !crate::engine::movement::carrying::items_open_to(game, *unit).is_empty() {
                game.state.choices.insert(0, choice.clone());
            }
        }
        (
            Choice::Runner { runner, hq },
            Input::Answer(Answer::RunnerActivates { activate, .. }),
        ) => crate::engine::command::runners::runner_answer(game, *runner, *hq, *activate),
        (
            Choice::BattalionFire {
                target,
                kind,
                modifier,
                ..
            },
            Input::Answer(Answer::BattalionFire { cards }),
        ) => crate::engine::combat::support::battalion_fire(game, *target, *kind, *modifier, cards),
        (Choice::Patrol, Input::Answer(Answer::NamePatrol { units })) => name_patrol(game, units),
        (Choice::Reform { teams, .. }, Input::Answer(Answer::Reform { squad })) => {
            crate::engine::recovery::rally::reform(game, teams, *squad)
        }
        (Choice::Guard { pos, prisoners, .. }, Input::Answer(Answer::Guard { unit })) => {
            crate::engine::combat::capture::guard_with(game, *pos, prisoners, *unit)
        }
        (Choice::Retreat { rest, .. }, Input::Answer(Answer::RetreatTo { unit, to, casualty })) => {
            crate::engine::combat::capture::retreat_to(game, *unit, *to, *casualty, Vec::new());
            crate::engine::combat::capture::retreat_each(game, rest);
        }
        (Choice::Reposition { .. }, Input::Answer(Answer::RepositionAt { unit, at })) => {
            reposition_at(game, *unit, *at)
        }
        (Choice::Reposition { .. }, Input::Answer(Answer::KeepPositions)) => {
            game.state
                .choices
                .retain(|c| !matches!(c, Choice::Reposition { .. }));
            game.say(
                "11.1",
                crate::engine::kernel::events::EventKind::Nothing {
                    why: Quiet::PositionsKept,
                },
                Vec::new(),
            );
        }
        (Choice::TakeCover { .. }, Input::Answer(Answer::TakeCover { unit, cover })) => {
            take_cover(game, *unit, *cover)
        }
        (Choice::SetUp { .. }, Input::Answer(Answer::SetUpAt { unit, at })) => {
            set_up_at(game, *unit, *at)
        }
        (Choice::Asset { .. }, Input::Answer(Answer::Carry { asset, from, to })) => {
            carry(game, asset, *from, *to)
        }
        (Choice::LandingPlan, Input::Answer(Answer::Board { unit, vehicle })) => {
            crate::engine::vehicles::heli::board(game, *unit, *vehicle);
            game.state.choices.insert(0, choice.clone());
        }
        (Choice::LandingPlan, Input::Answer(Answer::PlanLandingZone { at })) => {
            crate::engine::vehicles::heli::plan_lz(game, *at);
            game.state.choices.insert(0, choice.clone());
        }
        (Choice::LandingPlan, Input::Answer(Answer::LandingPlanDone)) => {
            crate::engine::vehicles::heli::plan_made(game)
        }
        (Choice::Attach { .. }, Input::Answer(Answer::AttachVehicle { vehicle, to })) => {
            crate::engine::vehicles::radio::attach(game, *vehicle, *to)
        }
        (Choice::Signal { .. }, Input::Answer(Answer::SignalMeans { device, order })) => {
            signal_means(game, *device, *order)
        }
        (Choice::Signal { .. }, Input::Answer(Answer::KeepSignals)) => {
            game.state
                .choices
                .retain(|c| !matches!(c, Choice::Signal { .. }));
            game.say(
                "2.3.3",
                crate::engine::kernel::events::EventKind::Nothing {
                    why: Quiet::SignalPlanKept,
                },
                Vec::new(),
            );
        }
        (Choice::Asset { .. }, Input::Answer(Answer::KeepAssets)) => {
            game.state
                .choices
                .retain(|c| !matches!(c, Choice::Asset { .. }));
            game.say(
                "2.3.2",
                crate::engine::kernel::events::EventKind::Nothing {
                    why: Quiet::AssetsKept,
                },
                Vec::new(),
            );
        }
        (Choice::SetUp { .. }, Input::Answer(Answer::KeepPlan)) => {
            game.state
                .choices
                .retain(|c| !matches!(c, Choice::SetUp { .. }));
            game.say(
                "2.4.1 B",
                crate::engine::kernel::events::EventKind::Nothing {
                    why: Quiet::PlanKept,
                },
                Vec::new(),
            );
        }
        _ => {}
    }
    crate::engine::combat::engage::update(game);
    Ok(())
}

/// 11.4: the named units make up the patrol (their designations, so that
/// teams split from them go with it).
fn name_patrol(game: &mut Game, units: &[crate::engine::kernel::ids::UnitId]) {
    let mut d: Vec<String> = units
        .iter()
        .map(|u| game.state.unit(*u).designation.clone())
        .collect();
    d.sort();
    d.dedup();
    game.state.moved = d;
    game.say(
        "11.4",
        crate::engine::kernel::events::EventKind::Nothing {
            why: Quiet::PatrolNamed {
                units: units.to_vec(),
            },
        },
        Vec::new(),
    );
}

/// 2.4.1 B: the cards a unit may set up on in a defensive mission: the
/// Staging Area and the map's cards from row 1 to the MLR inside the
/// boundaries, and the combat outpost, which holds the units of a single
/// platoon (decision: of one platoon, or the company's own units with no
/// platoon); never above the stacking limit with the units already there.
/// Its own card is always open to it.
pub fn set_up_cards(game: &Game, unit: crate::engine::kernel::ids::UnitId) -> Vec<CardPos> {
    use crate::engine::kernel::state::PointControl;
    let u = game.state.unit(unit);
    let map = &game.state.map;
    let mlr = map.controls.mlr.unwrap_or(1);
    let cop = map
        .controls
        .points
        .iter()
        .find(|(k, _)| *k == PointControl::CombatOutpost)
        .map(|(_, p)| *p);
    let mut cards: Vec<CardPos> = map.staging().collect();
    cards.extend(
        map.cards
            .iter()
            .map(|c| c.pos)
            .filter(|p| (1..=mlr).contains(&p.row) || Some(*p) == cop)
            .filter(|p| map.friendly_may_enter(*p)),
    );
    cards.retain(|p| {
        if *p == u.pos || map.is_staging(*p) {
            return true;
        }
        let room = game.has_room(unit, *p);
        let one_platoon = Some(*p) != cop
            || game
                .state
                .units_at(*p)
                .filter(|x| x.side == u.side && x.kind != crate::data::units::UnitKind::Casualty)
                .all(|x| x.platoon == u.platoon);
        room && one_platoon
    });
    cards.sort();
    cards.dedup();
    cards
}

/// 2.4.1 B: the unit takes its position (its cover stays with the card it
/// left: foxholes are dug where the plan put them).
fn set_up_at(game: &mut Game, unit: crate::engine::kernel::ids::UnitId, at: CardPos) {
    let from = game.state.unit(unit).pos;
    if from != at {
        let u = game.state.unit_mut(unit);
        u.pos = at;
        u.cover = None;
    }
    game.say(
        "2.4.1 B",
        crate::engine::kernel::events::EventKind::Nothing {
            why: Quiet::SetUp { unit, at },
        },
        Vec::new(),
    );
    crate::engine::map::reveal::reveal_around(game);
}

/// 2.3.2: the units that may take an asset at the set-up: the company's
/// HQs and staff in play (the battalion's own staff aside).
pub fn asset_holders(game: &Game) -> Vec<crate::engine::kernel::ids::UnitId> {
    use crate::data::units::{Side, UnitKind};
    game.state
        .in_play()
        .filter(|u| u.side == Side::Us && matches!(u.kind, UnitKind::Hq | UnitKind::Staff))
        .map(|u| u.id)
        .collect()
}

/// 2.3.2: the asset changes hands (or stays, handed to its holder).
fn carry(
    game: &mut Game,
    asset: &crate::engine::kernel::asset::Asset,
    from: crate::engine::kernel::ids::UnitId,
    to: crate::engine::kernel::ids::UnitId,
) {
    if from != to {
        let held = &mut game.state.unit_mut(from).assets;
        if let Some(i) = held.iter().position(|a| a == asset) {
            held.remove(i);
            let mine = &mut game.state.unit_mut(to).assets;
            mine.push(asset.clone());
            mine.sort();
        }
    }
    game.say(
        "2.3.2",
        crate::engine::kernel::events::EventKind::Nothing {
            why: Quiet::AssetHandedOut {
                asset: asset.clone(),
                from,
                to,
            },
        },
        Vec::new(),
    );
}

/// 2.3.3: the signal plan gives `device` its meaning (one order a
/// device, 4.3.6).
fn signal_means(
    game: &mut Game,
    device: crate::data::mission::Pyro,
    order: Option<crate::data::mission::SignalOrder>,
) {
    let plan = &mut game.state.signal_plan;
    plan.retain(|(d, _)| *d != device);
    if let Some(o) = order {
        plan.push((device, o));
        plan.sort();
    }
    game.say(
        "2.3.3",
        crate::engine::kernel::events::EventKind::Nothing {
            why: Quiet::SignalGivenItsMeaning { device, order },
        },
        Vec::new(),
    );
}

/// 11.1 step 3: whether the unit may take position on `at` now: its own
/// card always; another only with room under the stacking limit (5.3)
/// and no enemy there (the cards were friendly secured when the attempt
/// was set up).
fn reposition_open(game: &Game, unit: crate::engine::kernel::ids::UnitId, at: CardPos) -> bool {
    let u = game.state.unit(unit);
    if at == u.pos || game.state.map.is_staging(at) {
        return true;
    }
    let enemy = game
        .state
        .units_at(at)
        .any(|x| x.side != u.side && x.kind != crate::data::units::UnitKind::Casualty);
    !enemy && game.state.map.friendly_may_enter(at) && game.has_room(unit, at)
}

/// 11.1 step 3: the unit takes position on `at` (leaving its cover if it
/// moves); the cover markers found there with room are offered next.
fn reposition_at(game: &mut Game, unit: crate::engine::kernel::ids::UnitId, at: CardPos) {
    let from = game.state.unit(unit).pos;
    if from != at {
        let u = game.state.unit_mut(unit);
        u.pos = at;
        u.cover = None;
    }
    let kind = if from == at {
        crate::engine::kernel::events::EventKind::Nothing {
            why: Quiet::PositionKept { unit, at },
        }
    } else {
        crate::engine::kernel::events::EventKind::Moved {
            unit,
            from,
            to: at,
            exposed: false,
            fell_back: false,
            how: crate::engine::kernel::events::Movement::Reposition,
        }
    };
    game.say("11.1", kind, Vec::new());
    crate::engine::map::reveal::reveal_around(game);
    if !crate::engine::movement::actions::covers_open_to(game, unit).is_empty() {
        let covers = cover_choices(game, unit);
        game.state
            .choices
            .insert(0, Choice::TakeCover { unit, covers });
    }
}

/// 11.1 step 3: the cover markers a repositioned unit may be under: the
/// one it is under (it may stay there) and those open to it on its card.
fn cover_choices(
    game: &Game,
    unit: crate::engine::kernel::ids::UnitId,
) -> Vec<crate::engine::kernel::ids::CoverId> {
    let mut v = crate::engine::movement::actions::covers_open_to(game, unit);
    v.extend(game.state.unit(unit).cover);
    v.sort();
    v.dedup();
    v
}

/// 11.1 step 3: the unit goes under `cover` on its card, or stays in the
/// open.
fn take_cover(
    game: &mut Game,
    unit: crate::engine::kernel::ids::UnitId,
    cover: Option<crate::engine::kernel::ids::CoverId>,
) {
    let pos = game.state.unit(unit).pos;
    let kind = cover.and_then(|c| game.state.cover_kind(pos, c));
    game.state.unit_mut(unit).cover = cover;
    game.say(
        "11.1",
        crate::engine::kernel::events::EventKind::CoverChanged {
            unit,
            under: cover.is_some(),
            exposed: false,
            how: crate::engine::kernel::events::CoverMove::Reposition(kind),
        },
        Vec::new(),
    );
}
