//! The odds of an input before it is given, for the orders menu: its
//! command cost, the cards its attempt draws and the chance of success
//! counted from the cards still in the Action deck, as a player counting
//! the physical deck could (4.2, 1.2.2 F).
//!
//! Why this file is long: the odds counted without a trial, the trial runs
//! and the comparison of their states are one procedure, held to agree by
//! `forecast_planned_equals_trial_runs`; the words of single rules (a mine
//! check, an asset handed out) live with those rules.
//!
//! The rules for an attempt's draw (cards by experience, the tripod MG and
//! leader bonuses, skills, a rally with no VOF needing no draw...) live in
//! the modules that carry the orders out. So as not to derive them twice,
//! the forecast trial-runs the input on a copy of the game and reads the
//! first [`EventKind::Attempt`] it produced: how many cards it drew, what it
//! looked for, whether it was sure. The trial's outcome is never used: it
//! saw the real order of the pile. The chance is computed from the deck's
//! composition alone.
//!
//! Orders that draw once per unit (a platoon's infiltration, concentrated
//! fire or grenades) forecast their first attempt in [`Forecast::attempt`]
//! and the chance that every attempt succeeds in [`Forecast::whole`].
//!
//! What the input will do ([`Forecast::consequences`]) comes from two more
//! trial runs, on copies whose draw pile is arranged so that every attempt
//! succeeds in one and fails in the other (the real order of the pile plays
//! no part in either): what both show is certain, what only one shows is
//! possible. The state before and after each trial is compared; nothing is
//! worked out a second time.

pub use crate::data::stats::Odds;
use crate::data::stats::at_least_one;
use crate::data::units::Side;
use crate::engine::combat::support::{Landing, short_landing};
use crate::engine::kernel::deck::Card;
use crate::engine::kernel::events::{EventKind, Needed};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::input::Answer;
use crate::engine::kernel::input::{Action, Input, Order};

/// What an input costs and, if it makes an attempt, its odds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Forecast {
    /// Commands the input spends (0 for ending the impulse, choosing an HQ,
    /// setting something down, or an input the engine would refuse).
    pub cost: u8,
    /// The (first) attempt it makes; `None` when it makes none: its effect
    /// is certain.
    pub attempt: Option<AttemptOdds>,
    /// What the input will do that matters to the player, in words, worst
    /// first; what depends on the cards drawn is marked possible.
    pub consequences: Vec<String>,
    /// How many of the first `consequences` are warnings (a loss, a risk,
    /// a unit left in the open); the rest are news (a move under cover, a
    /// link of the chain of command made), which a play test saw marked
    /// "!" like the warnings.
    pub warnings: usize,
    /// For an order that makes several attempts (one per unit of a
    /// platoon): the exact chance that every one succeeds. `None` for an
    /// order of one attempt or none, or when the draws would run through
    /// the whole pile (see [`whole_chance`]).
    pub whole: Option<Odds>,
    /// For a call for fire: the chance that it succeeds and lands short
    /// (6.7.3), counted like [`chance`]. `None` for other inputs.
    pub short_round: Option<Odds>,
    /// Units that will check for mines (9.5): cards are drawn even by an
    /// order that makes no attempt, so its effect is not certain.
    pub mine_checks: usize,
}

/// The odds of an attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttemptOdds {
    /// Action cards the attempt draws.
    pub cards: u8,
    /// What it looks for ("the word Rally"); "none" when it needs no draw.
    pub needed: String,
    /// What it looks for, structured; `None` when it needs no draw.
    pub looking_for: Option<Needed>,
    /// It succeeds whatever is drawn: a skill (10.7) or no draw needed.
    pub sure: bool,
    /// The exact chance of success.
    pub chance: Odds,
}

impl Forecast {
    /// What an input the engine would refuse forecasts: nothing.
    fn refused() -> Forecast {
        Forecast {
            cost: 0,
            attempt: None,
            consequences: Vec::new(),
            warnings: 0,
            whole: None,
            short_round: None,
            mine_checks: 0,
        }
    }
}

/// The forecast for one input. An input the engine would refuse forecasts
/// cost 0 and no attempt.
///
/// Most orders' attempt is fixed by the rules before it is made: who
/// draws, how many cards, for what ([`planned`]). Their odds are counted
/// from the pile without carrying the order out, with the same functions
/// the order draws by; only what the order will do comes from trial runs.
/// The others (several attempts, a signal's orders, an input that is not
/// an order) are forecast from a trial run ([`forecast_by_trials`]).
pub fn forecast(game: &Game, input: &Input) -> Forecast {
    forecast_planned(game, input).unwrap_or_else(|| forecast_by_trials(game, input))
}

/// The forecast of an input whose attempt [`planned`] knows, its odds
/// counted without a trial run; `None` for the others. The same forecast
/// as [`forecast_by_trials`] gives (the test
/// `forecast_planned_equals_trial_runs` holds them to it).
pub fn forecast_planned(game: &Game, input: &Input) -> Option<Forecast> {
    let plan = planned(game, input)?;
    Some(match planned_odds(game, input, plan) {
        Some((f, need)) => with_consequences(game, input, f, need, None),
        None => Forecast::refused(),
    })
}

/// The highest rank of a consequence that warns: a move to a card (5) and
/// a link of communication made (6) are news.
const WARNS: u8 = 4;

/// `f` with what the input will do, worst first (from [`consequences_of`]),
/// and the commands an impulse it ended lost (4.1.3): `lost` when known
/// already, else as the consequences' trial found them.
fn with_consequences(
    game: &Game,
    input: &Input,
    mut f: Forecast,
    need: Option<Needed>,
    lost: Option<u8>,
) -> Forecast {
    let (mut consequences, found, mines) = consequences_of(game, input, need, f.short_round);
    f.mine_checks = mines;
    let lost = lost.unwrap_or(found);
    if lost > 0 {
        consequences.push((
            1,
            format!("ends the impulse with {lost} command(s) unsaved (4.1.3)"),
        ));
    }
    consequences.sort_by_key(|(rank, _)| *rank);
    // Ranks 0-4 warn; 5 and over tell (see `consequences_of`).
    f.warnings = consequences
        .iter()
        .filter(|(rank, _)| *rank <= WARNS)
        .count();
    f.consequences = consequences.into_iter().map(|(_, t)| t).collect();
    f
}

/// An input's cost and odds without what it will do (its consequences
/// left empty): what the orders menu's columns show. Counted from the
/// pile where [`planned`] knows the attempt, from a trial run where it
/// does not.
pub fn odds(game: &Game, input: &Input) -> Forecast {
    let f = match planned(game, input) {
        Some(plan) => planned_odds(game, input, plan).map(|(f, _)| f),
        None => trial_odds(game, input).map(|(f, _, _)| f),
    };
    f.unwrap_or_else(Forecast::refused)
}

/// The cost and odds of an input whose attempt is `plan`, and what the
/// attempt looks for; `None`: the engine refuses it.
fn planned_odds(game: &Game, input: &Input, plan: Planned) -> Option<(Forecast, Option<Needed>)> {
    let cost = match input {
        Input::Order(o) => o.action.cost(),
        _ => 0,
    };
    let (attempt, need, short_round) = match plan {
        Planned::Refused => return None,
        Planned::Nothing => (None, None, None),
        Planned::One { cards, need } => {
            let short_round = match input {
                Input::Order(Order {
                    action: Action::CallForFire { .. },
                    ..
                }) => need.and_then(|need| short_chance(game, need, cards)),
                _ => None,
            };
            let odds = AttemptOdds {
                cards: u8::try_from(cards).unwrap_or(u8::MAX),
                needed: need.map_or_else(|| "none".into(), |n| n.label()),
                looking_for: need,
                sure: need.is_none(),
                chance: match need {
                    Some(need) => chance(game, need, cards),
                    None => ONE,
                },
            };
            (Some(odds), need, short_round)
        }
    };
    let f = Forecast {
        cost,
        attempt,
        consequences: Vec::new(),
        warnings: 0,
        whole: None,
        short_round,
        mine_checks: 0,
    };
    Some((f, need))
}

/// An input's attempt as the rules fix it before it is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Planned {
    /// The engine refuses it (or the mission is over).
    Refused,
    /// It makes no attempt.
    Nothing,
    /// One attempt, by the company's unit: `cards` drawn looking for
    /// `need`; with no `need` it succeeds without a draw (a rally where no
    /// VOF lies, 4.2.3).
    One { cards: usize, need: Option<Needed> },
}

/// The attempt an input will make, read from the functions the orders
/// draw by after the checks `act` makes first (an order's check, an
/// impulse to end); `None` where only carrying the input out tells: orders that
/// draw once per unit of a platoon, a pyrotechnic whose signal orders an
/// infiltration, anti-tank and vehicle fire, a skill given with the order,
/// an answer to a question, and inputs other than orders and ending the
/// impulse. An enemy's answer to a grenade (6.5.1) comes after the
/// company's attempt and does not change its odds.
fn planned(game: &Game, input: &Input) -> Option<Planned> {
    use crate::engine::combat::actions::{concentrate_draws, grenade_draws, spotting_draws};
    use crate::engine::movement::actions::{infiltrate_draws, seek_cover_draws};
    use crate::engine::recovery::rally::{rally_draws, reconstitute_draws};
    if !game.state.choices.is_empty() || game.state.skill_in_use.is_some() {
        return None;
    }
    let refused = game.is_over()
        || match input {
            Input::Order(o) => crate::engine::turn::menu::check(game, o).is_err(),
            Input::EndImpulse => game.state.impulse.is_none(),
            _ => return None,
        };
    if refused {
        return Some(Planned::Refused);
    }
    let Input::Order(o) = input else {
        return Some(Planned::Nothing);
    };
    let a = &o.action;
    let one = |cards: usize| {
        Some(Planned::One {
            cards,
            need: crate::engine::kernel::input::needed_for(a),
        })
    };
    match a {
        Action::Infiltrate { unit, .. } | Action::InfiltrateCover { unit, .. } => {
            one(infiltrate_draws(game, *unit))
        }
        Action::SeekCover { unit } => one(seek_cover_draws(game, *unit)),
        Action::RemovePin { unit }
        | Action::ParalyzedToLitter { unit }
        | Action::LitterToFire { unit }
        | Action::FireToAssault { unit }
        | Action::RallyToFront { unit } => match rally_draws(game, o, *unit) {
            Some(n) => one(n),
            None => Some(Planned::One {
                cards: 0,
                need: None,
            }),
        },
        Action::ReconstituteSquad { teams } => one(reconstitute_draws(game, o, teams)),
        Action::Spot { unit, target } => one(spotting_draws(game, *unit, *target)),
        Action::ConcentrateFire { unit, .. } => one(concentrate_draws(game, *unit)),
        Action::Grenade { unit, .. }
        | Action::WpGrenade { unit, .. }
        | Action::ThrowDemo { unit, .. } => one(grenade_draws(game, *unit)),
        Action::CallForFire {
            observer,
            agency,
            target,
            ..
        } => one(crate::engine::combat::support::call_draws(
            game, *observer, *agency, *target,
        )),
        Action::Exhort { unit } => Some(
            match crate::engine::command::actions::exhort_needs(game, *unit) {
                Some(need) => Planned::One {
                    cards: 1,
                    need: Some(need),
                },
                None => Planned::Nothing,
            },
        ),
        // Orders that draw for no attempt of their own.
        Action::Activate { .. }
        | Action::ActivateVehicle { .. }
        | Action::ActivateVehicleHq { .. }
        | Action::Embark { .. }
        | Action::Disembark { .. }
        | Action::Load { .. }
        | Action::Unload { .. }
        | Action::ReconstitutePltHq { .. }
        | Action::CreateRunner { .. }
        | Action::DispatchRunner { .. }
        | Action::DismissRunner { .. }
        | Action::DesignateCasualtyPoint
        | Action::Move { .. }
        | Action::MovePlatoon { .. }
        | Action::MoveCover { .. }
        | Action::PickUp { .. }
        | Action::PickUpItem { .. }
        | Action::AssaultToFire { .. }
        | Action::DetachTeam { .. }
        | Action::Supplement { .. }
        | Action::FlipToFireTeam { .. }
        | Action::CeaseFire { .. }
        | Action::ShiftFire { .. }
        | Action::FireFinalProtective => Some(Planned::Nothing),
        _ => None,
    }
}

/// The forecast for one input from a trial run of it on a copy of the
/// game (its cost, its attempts, what they look for), and the chance
/// counted from the pile. An input the engine would refuse forecasts cost
/// 0 and no attempt.
pub fn forecast_by_trials(game: &Game, input: &Input) -> Forecast {
    match trial_odds(game, input) {
        Some((f, need, lost)) => with_consequences(game, input, f, need, Some(lost)),
        None => Forecast::refused(),
    }
}

/// The cost and odds of an input from a trial run of it, what its
/// attempts look for and the commands the impulse lost if it ended it;
/// `None`: the engine refuses it.
fn trial_odds(game: &Game, input: &Input) -> Option<(Forecast, Option<Needed>, u8)> {
    let mut trial = game.without_log();
    if trial.is_over() || trial.act(input).is_err() {
        return None;
    }
    let events = trial.log();
    let cost = events
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::Order { cost, .. } => Some(*cost),
            _ => None,
        })
        .unwrap_or(0);
    let attempt = events.iter().find_map(|e| match &e.kind {
        EventKind::Attempt {
            looking_for, sure, ..
        } => {
            let cards = e.cards.len();
            let chance = match looking_for {
                Some(need) if !*sure => chance(game, *need, cards),
                _ => Odds { num: 1, den: 1 },
            };
            Some(AttemptOdds {
                cards: u8::try_from(cards).unwrap_or(u8::MAX),
                needed: looking_for.map_or_else(|| "none".into(), |n| n.label()),
                looking_for: *looking_for,
                sure: *sure,
                chance,
            })
        }
        _ => None,
    });
    // Every attempt the input made: its draws, what it looked for, sure.
    // An enemy's attempt in answer (a grenade thrown back, 6.5.1) draws
    // its cards whatever they show: for the whole order's chance it is a
    // draw with nothing looked for.
    let attempts: Vec<(usize, Option<Needed>, bool)> = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Attempt {
                unit,
                looking_for,
                sure,
                ..
            } => {
                let ours =
                    unit.is_none_or(|u| game.state.get(u).is_none_or(|x| x.side == Side::Us));
                Some(if ours {
                    (e.cards.len(), *looking_for, *sure)
                } else {
                    (e.cards.len(), None, true)
                })
            }
            _ => None,
        })
        .collect();
    let ours = attempts
        .iter()
        .filter(|(_, need, sure)| need.is_some() && !sure)
        .count();
    let whole = if ours > 1 {
        whole_chance(game, &attempts)
    } else {
        None
    };
    let short_round = match input {
        Input::Order(Order {
            action: Action::CallForFire { .. },
            ..
        }) => attempts
            .first()
            .and_then(|(n, need, _)| need.and_then(|need| short_chance(game, need, *n))),
        _ => None,
    };
    let need = attempts.iter().find_map(|(_, n, _)| *n);
    let f = Forecast {
        cost,
        attempt,
        consequences: Vec::new(),
        warnings: 0,
        whole,
        short_round,
        mine_checks: 0,
    };
    Some((f, need, lost_in(events)))
}

/// Commands an impulse that ended in these events lost, neither spent
/// nor saved (4.1.3).
fn lost_in(events: &[crate::engine::kernel::events::Event]) -> u8 {
    events
        .iter()
        .map(|e| match e.kind {
            EventKind::ImpulseEnds { lost, .. } => lost,
            _ => 0,
        })
        .max()
        .unwrap_or(0)
}

/// What an input does, from two trial runs on copies of the game whose
/// pile is arranged so that every attempt succeeds in one and fails in the
/// other: (rank, words), lowest rank worst. Facts of both trials are
/// certain; those of one only are possible. When the first trial draws no
/// card the order of the pile played no part in it, and the second would
/// show the same: it is not run. Also the commands the impulse lost if
/// the input ended it (4.1.3).
fn consequences_of(
    game: &Game,
    input: &Input,
    need: Option<Needed>,
    short_round: Option<Odds>,
) -> (Vec<(u8, String)>, u8, usize) {
    let Some(first) = arranged(game, input, need, true) else {
        return (Vec::new(), 0, 0);
    };
    let good = changes(&first);
    let lost = lost_in(first.log());
    let bad = if first.state.deck.cards_drawn() == game.state.deck.cards_drawn() {
        good.clone()
    } else {
        arranged(game, input, need, false)
            .map(|t| changes(&t))
            .unwrap_or_default()
    };
    let mut out: Vec<(u8, String)> = Vec::new();
    for (rank, text) in &good {
        if bad.contains(&(*rank, text.clone())) {
            out.push((*rank, text.clone()));
        } else {
            out.push((*rank, format!("possibly {text}")));
        }
    }
    for (rank, text) in &bad {
        if !good.contains(&(*rank, text.clone())) {
            out.push((*rank, format!("possibly {text}")));
        }
    }
    if let (Some(odds), Input::Order(o)) = (short_round, input)
        && odds.num > 0
        && let Action::CallForFire {
            observer,
            kind,
            target,
            ..
        } = o.action
    {
        let cards = match short_landing(game, observer, kind, target) {
            Landing::On(c) => vec![c],
            Landing::Around(v) => v,
        };
        let mut words = Vec::new();
        for c in cards {
            let here: Vec<String> = game
                .friendly()
                .filter(|u| u.pos == c && u.kind != crate::data::units::UnitKind::Casualty)
                .map(|u| u.label.clone())
                .collect();
            words.push(match here.len() {
                0 => format!("{c}"),
                1 => format!("{c} where {} is", here[0]),
                _ => format!("{c} where {} are", here.join(", ")),
            });
        }
        let many = words.len() > 1;
        let on = words.join(" or ");
        let text = if many {
            format!("short round possible: would land on one of {on} (6.7.3)")
        } else {
            format!("short round possible: would land on {on} (6.7.3)")
        };
        out.push((0, text));
    }
    if let Some(text) = crate::engine::turn::choices::carried(game, input) {
        out.push((7, text));
    }
    // 9.5: mine checks draw cards though the order makes no attempt. The
    // odds are counted only for an input that makes one: the forecast runs
    // for every entry of the orders menu.
    use crate::engine::combat::mines;
    let checks = mines::checks(&first);
    if !checks.is_empty() {
        let burst = chance(
            game,
            Needed::Icon(crate::data::action::Icon::Burst),
            mines::CHECK_CARDS,
        );
        for (unit, at) in &checks {
            out.push((1, mines::check_words(game, *unit, *at, &burst)));
        }
    }
    // A platoon move says who it leaves behind, and why (4.2.2 b).
    if let Input::Order(o) = input
        && let Some(hq) = o.by
        && let Action::MovePlatoon { to } | Action::InfiltratePlatoon { to } = o.action
        && game.state.get(hq).is_some()
    {
        let infiltrate = matches!(o.action, Action::InfiltratePlatoon { .. });
        let from = game.state.unit(hq).pos;
        for (u, why) in
            crate::engine::movement::actions::platoon_left_behind(game, hq, to, infiltrate)
        {
            out.push((
                2,
                format!("{} stays on {from}: {why}", game.state.unit(u).label),
            ));
        }
    }
    // 7.5: an activated vehicle that fires in reaction before its own
    // turn in the phase has taken its one action (7.5 D): it may not
    // move after firing (7.3.1), nor fire again.
    if let Input::Answer(Answer::React {
        shooter: crate::engine::kernel::vehicle::Shooter::Vehicle(v),
    }) = input
        && let (Some(b), Some(a)) = (
            game.state.vehicles.get(v.0 as usize),
            first.state.vehicles.get(v.0 as usize),
        )
        && b.activated
        && !b.done
        && !b.fired
        && a.fired
    {
        out.push((
            2,
            format!(
                "{} spends its one action of this phase on it (7.5): it may not move or fire again",
                a.label
            ),
        ));
    }
    (out, lost, checks.len())
}

/// A trial run of the input on a copy of the game whose pile is arranged
/// so that every attempt looking for `need` succeeds (or fails): the real
/// order of the pile plays no part. With nothing looked for, the two
/// arrangements read the pile in opposite orders of the card numbers.
/// `None`: the engine refuses the input.
fn arranged(game: &Game, input: &Input, need: Option<Needed>, succeed: bool) -> Option<Game> {
    let mut t = game.without_log();
    t.state.deck.arrange_for_trial(|c| match (c, need) {
        (Card::Action(n), Some(need)) => {
            game.card(*n).is_some_and(|card| need.found(card)) == succeed
        }
        (Card::Action(n), None) => (*n % 2 == 0) == succeed,
        _ => false,
    });
    t.act(input).ok()?;
    Some(t)
}

/// What a trial run did that the player cares about, from its events
/// (the engine's fold, [`crate::engine::kernel::fold`]): (rank, words),
/// lowest rank worst.
fn changes(after: &Game) -> Vec<(u8, String)> {
    let f = crate::engine::kernel::fold::fold(after, after.log());
    let s = &after.state;
    let ours = |u: &UnitId| s.unit(*u).side == Side::Us;
    let mut out = Vec::new();
    for l in f.losses.iter().filter(|l| l.gone && ours(&l.unit)) {
        out.push((1, format!("takes {} out of play", s.unit(l.unit).label)));
    }
    // One line for every unit left Exposed: a platoon's move wrote one a
    // unit, and the menu's details were cut before who stays behind.
    let exposed: Vec<String> = f
        .exposed
        .iter()
        .filter(|u| ours(u))
        .map(|u| s.unit(*u).label.clone())
        .collect();
    if !exposed.is_empty() {
        out.push((
            2,
            format!(
                "leaves {} Exposed this turn",
                crate::engine::kernel::names::and_list(&exposed)
            ),
        ));
    }
    // Units moving to one card in one way are named on one line: a
    // platoon's move listed four of its five units, the fifth cut off
    // under the menu's details (a play test).
    let mut moves: Vec<(
        u8,
        &'static str,
        crate::engine::kernel::pos::CardPos,
        Vec<String>,
    )> = Vec::new();
    for a in f.moved.iter().filter(|u| ours(u)).map(|u| s.unit(*u)) {
        let (rank, how) = if a.cover.is_none() && !a.pos.is_staging() {
            (4, "into the open on")
        } else if a.cover.is_some() {
            (5, "under cover on")
        } else {
            (5, "to")
        };
        match moves
            .iter_mut()
            .find(|(r, h, p, _)| (*r, *h, *p) == (rank, how, a.pos))
        {
            Some((_, _, _, names)) => names.push(a.label.clone()),
            None => moves.push((rank, how, a.pos, vec![a.label.clone()])),
        }
    }
    for u in f.out_of_ammo.iter().filter(|u| ours(u)) {
        out.push((
            3,
            format!("spends the last ammunition of {}", s.unit(*u).label),
        ));
    }
    for (rank, how, pos, names) in moves {
        let verb = if names.len() == 1 { "moves" } else { "move" };
        let who = crate::engine::kernel::names::and_list(&names);
        out.push((rank, format!("{who} {verb} {how} {pos}")));
    }
    out.extend(links_changed(after, &f.links));
    // 4.2.1 e, 3.3.1 A: a CO HQ rebuilt where no battalion radio reaches
    // it (the old one's lies where it fell) cannot be activated by the
    // battalion: a play test was not told so.
    if crate::engine::kernel::events::company_rebuilt(after.log())
        && !crate::engine::orders::comms::co_in_contact_with_bn(after)
    {
        out.push((
            3,
            "leaves the new CO HQ without a battalion radio: the battalion cannot activate it until it has one (5.1.6) or is in the staging area (3.3.1 A)".into(),
        ));
    }
    for &(agency, kind, _, left) in &f.missions_spent {
        let name = after
            .mission
            .fire_support
            .get(agency as usize)
            .map(|f| f.name.clone())
            .unwrap_or_default();
        let what = kind.label();
        out.push(if left == 0 {
            (3, format!("spends the last {what} mission of the {name}"))
        } else {
            (
                6,
                format!("spends one {what} mission of the {name} ({left} left)"),
            )
        });
    }
    out
}

/// The links of the chain of command an order cuts or makes (4.3, the
/// engine's [`crate::engine::kernel::events::EventKind::Communication`]):
/// a cut link is a warning, grouped by HQ: "leaves 1 PLT HQ out of
/// communication with 1/1 Squad, 1/2 Squad (4.3)"; a link made is news.
fn links_changed(after: &Game, links: &[(UnitId, UnitId, bool)]) -> Vec<(u8, String)> {
    let mut cut: Vec<(UnitId, Vec<String>)> = Vec::new();
    let mut made: Vec<(UnitId, Vec<String>)> = Vec::new();
    for &(h, u, linked) in links {
        let list = if linked { &mut made } else { &mut cut };
        let label = after.state.unit(u).label.clone();
        match list.iter_mut().find(|(x, _)| *x == h) {
            Some((_, names)) => names.push(label),
            None => list.push((h, vec![label])),
        }
    }
    let hq = |h: UnitId| after.state.unit(h).label.clone();
    let mut out: Vec<(u8, String)> = cut
        .into_iter()
        .map(|(h, names)| {
            (
                3,
                format!(
                    "leaves {} out of communication with {} (4.3)",
                    hq(h),
                    names.join(", ")
                ),
            )
        })
        .collect();
    out.extend(made.into_iter().map(|(h, names)| {
        (
            6,
            format!(
                "puts {} in communication with {} (4.3)",
                hq(h),
                names.join(", ")
            ),
        )
    }));
    out
}

/// The exact chance that every one of several attempts succeeds, drawing
/// one after another from the pile without replacement: `attempts` gives
/// each one's cards, what it looks for and whether it is sure whatever is
/// drawn.
///
/// Counted over the state (action cards left, hits left, the reshuffle
/// card still in the pile). The reshuffle card lies anywhere in the pile
/// with equal chance and does not count among the cards drawn (1.2.2 F):
/// a draw of n from A action cards turns it up with chance n/(A+1),
/// whatever action cards came with it; once that draw is complete the
/// whole deck is shuffled, and the next attempt draws from all the action
/// cards again.
///
/// Decisions: `None` when the attempts look for different things, when
/// one would draw more cards than the pile holds (the discard would be
/// shuffled in mid-draw), or when the exact fraction would not fit in 128
/// bits.
pub fn whole_chance(game: &Game, attempts: &[(usize, Option<Needed>, bool)]) -> Option<Odds> {
    let need = attempts.iter().find_map(|(_, n, _)| *n)?;
    if attempts
        .iter()
        .any(|(_, n, _)| n.is_some_and(|n| n != need))
    {
        return None;
    }
    let deck = &game.state().deck;
    let hit = |c: &Card| match c {
        Card::Action(n) => game.card(*n).is_some_and(|card| need.found(card)),
        _ => false,
    };
    let actions = |cards: &[Card]| {
        cards
            .iter()
            .filter(|c| matches!(c, Card::Action(_)))
            .count()
    };
    let (a0, h0) = (
        actions(deck.pile()) as u128,
        deck.pile().iter().filter(|c| hit(c)).count() as u128,
    );
    let r0 = deck.pile().contains(&Card::Reshuffle);
    let all = (actions(deck.pile()) + actions(deck.discard())) as u128;
    let all_hits = (deck
        .pile()
        .iter()
        .chain(deck.discard())
        .filter(|c| hit(c))
        .count()) as u128;
    // (action cards left, hits left, reshuffle card in the pile) -> chance.
    let mut states: Vec<((u128, u128, bool), Odds)> = vec![((a0, h0, r0), ONE)];
    for &(n, looking, sure) in attempts {
        let n = n as u128;
        let mut next: Vec<((u128, u128, bool), Odds)> = Vec::new();
        for ((a, h, r), p) in states {
            if n > a {
                return None;
            }
            let total = choose(a, n);
            let first = if looking.is_none() || sure { 0 } else { 1 };
            for j in first..=n.min(h) {
                let ways = choose(h, j).checked_mul(choose(a - h, n - j))?;
                if ways == 0 {
                    continue;
                }
                let pj = mul(p, reduce(ways, total))?;
                if r {
                    // The reshuffle card comes up with chance n/(A+1).
                    let up = mul(pj, reduce(n, a + 1))?;
                    let down = mul(pj, reduce(a + 1 - n, a + 1))?;
                    add_to(&mut next, (all, all_hits, true), up)?;
                    add_to(&mut next, (a - n, h - j, true), down)?;
                } else {
                    add_to(&mut next, (a - n, h - j, false), pj)?;
                }
            }
        }
        states = next;
    }
    let mut sum = Odds { num: 0, den: 1 };
    for (_, p) in states {
        sum = plus(sum, p)?;
    }
    Some(sum)
}

const ONE: Odds = Odds { num: 1, den: 1 };

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn reduce(num: u128, den: u128) -> Odds {
    let g = gcd(num, den).max(1);
    Odds {
        num: num / g,
        den: den / g,
    }
}

fn mul(a: Odds, b: Odds) -> Option<Odds> {
    let x = reduce(a.num, b.den);
    let y = reduce(b.num, a.den);
    Some(reduce(x.num.checked_mul(y.num)?, y.den.checked_mul(x.den)?))
}

fn plus(a: Odds, b: Odds) -> Option<Odds> {
    let g = gcd(a.den, b.den).max(1);
    let den = (a.den / g).checked_mul(b.den)?;
    let num = a
        .num
        .checked_mul(b.den / g)?
        .checked_add(b.num.checked_mul(a.den / g)?)?;
    Some(reduce(num, den))
}

fn add_to(v: &mut Vec<((u128, u128, bool), Odds)>, k: (u128, u128, bool), p: Odds) -> Option<()> {
    match v.iter_mut().find(|(s, _)| *s == k) {
        Some((_, q)) => *q = plus(*q, p)?,
        None => v.push((k, p)),
    }
    Some(())
}

fn choose(n: u128, k: u128) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        r = r * (n - i) / (i + 1);
    }
    r
}

/// The chance that a call for fire drawing `draws` cards succeeds (a card
/// showing `need`) with a card marked Short among them (6.7.3): counted
/// from the pile as [`chance`] counts, with every n-card draw equally
/// likely. `None` when the draw would run through the whole pile.
pub fn short_chance(game: &Game, need: Needed, draws: usize) -> Option<Odds> {
    let mut a = 0u128;
    let (mut hits, mut shorts, mut either) = (0u128, 0u128, 0u128);
    for c in game.state().deck.pile() {
        let Card::Action(n) = c else { continue };
        let Some(card) = game.card(*n) else { continue };
        a += 1;
        let (h, s) = (need.found(card), card.is_short());
        hits += u128::from(h);
        shorts += u128::from(s);
        either += u128::from(h || s);
    }
    let n = draws as u128;
    if n > a {
        return None;
    }
    let total = choose(a, n);
    // Draws with a hit and a Short card: all, less those without a hit,
    // less those without a Short card, plus those with neither.
    let both = (total + choose(a - either, n)) - choose(a - hits, n) - choose(a - shorts, n);
    Some(reduce(both, total))
}

/// The forecasts for several inputs (the orders menu's list).
pub fn forecasts(game: &Game, inputs: &[Input]) -> Vec<Forecast> {
    inputs.iter().map(|i| forecast(game, i)).collect()
}

/// The exact chance that `draws` action cards drawn from the game's deck
/// now include at least one showing `need`.
///
/// With A action cards left in the pile, H of them hits, and n ≤ A cards
/// drawn, the draw is a uniform n-subset of those A: the hypergeometric
/// 1 - C(A-H, n)/C(A, n). The reshuffle card does not count as one of the n
/// (1.2.2 F) and does not change which action cards are drawn. When n > A
/// the whole pile is drawn, then the discard is shuffled into a new pile and
/// the draw goes on ([`crate::engine::kernel::deck::Deck::draw`]): with a hit in the pile
/// the attempt is sure to succeed; without one, it is the chance of a hit
/// among n - A cards of the discard's action cards.
pub fn chance(game: &Game, need: Needed, draws: usize) -> Odds {
    let deck = &game.state().deck;
    let count = |cards: &[Card]| {
        let mut all = 0u128;
        let mut hits = 0u128;
        for c in cards {
            if let Card::Action(n) = c {
                all += 1;
                if game.card(*n).is_some_and(|card| need.found(card)) {
                    hits += 1;
                }
            }
        }
        (all, hits)
    };
    let n = draws as u128;
    let (a, h) = count(deck.pile());
    if n <= a {
        return at_least_one(a, h, n);
    }
    if h > 0 {
        return Odds { num: 1, den: 1 };
    }
    // A draw larger than the whole deck (no rule asks for one) reuses the
    // cards it read, which showed no hit: only the discard's count.
    let (d, dh) = count(deck.discard());
    at_least_one(d, dh, (n - a).min(d))
}

/// What an input may lead to, for a bot weighing its choices (the planner
/// of `fof sim --bot planner` and the hint key): the game after the input
/// in each case that matters, with its chance. An input that makes an
/// attempt gives two cases, the attempt succeeding and failing, trial-run
/// on copies whose pile is arranged for each (as [`Forecast::consequences`]
/// is found); an input with no attempt gives one, with chance 1. The
/// input's first trial on the real pile only tells what the attempt looks
/// for; its outcome is never returned, so a bot weighing these never sees
/// the order of the cards. `None`: the engine refuses the input.
pub fn outcomes(game: &Game, input: &Input) -> Option<Vec<(Odds, Game)>> {
    // An attempt the rules fix beforehand needs no first trial.
    match planned(game, input) {
        Some(Planned::Refused) => return None,
        Some(Planned::One {
            cards,
            need: Some(need),
        }) => return both_ways(game, input, need, cards),
        _ => {}
    }
    let mut first = game.without_log();
    if first.is_over() || first.act(input).is_err() {
        return None;
    }
    let drew = first.state.deck.cards_drawn() != game.state.deck.cards_drawn();
    let attempt = first.log.iter().find_map(|e| match &e.kind {
        EventKind::Attempt {
            unit,
            looking_for: Some(need),
            sure: false,
            ..
        } if unit.is_none_or(|u| game.state.get(u).is_none_or(|x| x.side == Side::Us)) => {
            Some((*need, e.cards.len()))
        }
        _ => None,
    });
    let sure = Odds { num: 1, den: 1 };
    match attempt {
        // Nothing drawn: the first trial is the certain outcome.
        None if !drew => Some(vec![(sure, first)]),
        // Cards drawn for something other than our attempt (a contact, a
        // grenade thrown back): one trial on an arranged pile stands for
        // them, so that the real order of the cards plays no part.
        None => Some(vec![(sure, arranged(game, input, None, true)?)]),
        Some((need, cards)) => both_ways(game, input, need, cards),
    }
}

/// [`outcomes`] of an input whose attempt draws `cards` looking for
/// `need`: the game after it succeeds and after it fails, each with its
/// chance (a case that cannot happen left out).
fn both_ways(game: &Game, input: &Input, need: Needed, cards: usize) -> Option<Vec<(Odds, Game)>> {
    let p = chance(game, need, cards);
    let mut out = Vec::new();
    if p.num > 0 {
        out.push((p, arranged(game, input, Some(need), true)?));
    }
    if p.num < p.den {
        let q = Odds {
            num: p.den - p.num,
            den: p.den,
        };
        out.push((q, arranged(game, input, Some(need), false)?));
    }
    Some(out)
}
