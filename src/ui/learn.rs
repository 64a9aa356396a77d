//! Learn mode's words: a stop's events split into the procedures they
//! belong to, and for each the explanation kept in `assets/learn.ron`
//! (our own texts, keyed by rule section) with what happened in this game.

use super::step::StopKind;
use crate::engine::kernel::events::{Event, EventKind};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::input::{Decision, Input};
use crate::learn::{Entry, Learn, Procedure};
use std::ops::Range;

/// The mission learn mode opens by default: the one made for learning, if
/// the data has it.
pub const LEARN_MISSION: &str = "first_contact";

/// The procedures of a stop: a new one begins with each step of the turn
/// begun and with each event that drew cards (drawing is what a procedure
/// does); events between belong to the one before. An input's own events
/// are one procedure.
pub fn groups(events: &[Event], kind: &StopKind) -> Vec<Range<usize>> {
    if events.is_empty() || matches!(kind, StopKind::Input(_)) {
        return std::iter::once(0..events.len()).collect();
    }
    let mut out = Vec::new();
    let mut start = 0;
    let mut has_cards = false;
    for (i, e) in events.iter().enumerate() {
        let boundary = matches!(
            e.kind,
            EventKind::StepBegins { .. } | EventKind::TurnBegins { .. }
        );
        let drew = !e.cards.is_empty();
        if i > start && (boundary || (drew && has_cards)) {
            out.push(start..i);
            start = i;
            has_cards = false;
        }
        has_cards |= drew;
    }
    out.push(start..events.len());
    out
}

/// Whether an event is part of an enemy unit's falling back (9.4): the
/// check that drew it, the move, the rear cards full, or the unit gone
/// off the map.
fn falls_back(e: &Event) -> bool {
    use crate::engine::kernel::events::{Quiet, Removal};
    matches!(
        e.kind,
        EventKind::ActivityCheck {
            act: crate::data::activity::Act::FallBack,
            ..
        } | EventKind::Moved {
            fell_back: true,
            ..
        } | EventKind::Nothing {
            why: Quiet::CannotFallBack { .. }
        } | EventKind::UnitRemoved {
            why: Removal::FellBackOffMap { .. },
            ..
        }
    )
}

/// The procedure an event's rule section names, where it names one.
fn procedure_of(e: &Event) -> Option<Procedure> {
    let c = e.clause();
    let p = if c.within(&[9, 11]) || c.within(&[9, 12]) {
        Procedure::FanaticsAndHumanWaves
    } else if c.within(&[9, 13]) {
        Procedure::Prisoners
    } else if c.within(&[9, 1, 5]) {
        Procedure::PcResolution
    } else if c.within(&[9, 2]) {
        Procedure::EnemyPlacement
    } else if c.within(&[9, 3]) {
        Procedure::Spotting
    } else if c.within(&[9, 4]) {
        if falls_back(e) {
            Procedure::FallBack
        } else {
            Procedure::ActivityCheck
        }
    } else if c.within(&[9, 1]) {
        Procedure::CurrentActivity
    } else if c.within(&[6, 3]) {
        Procedure::CombatResolution
    } else if c.within(&[10, 1]) {
        Procedure::Rally
    } else if c.within(&[4, 1, 1])
        // 3.3 and 7.1.1: an HQ's or a vehicle platoon HQ's draw.
        || matches!(e.kind, EventKind::Commands { .. })
    {
        Procedure::CommandDraw
    } else if c.within(&[3, 8]) {
        Procedure::CleanUp
    } else {
        return None;
    };
    Some(p)
}

/// The explanation of one procedure of a stop.
pub fn explain<'a>(learn: &'a Learn, game: &Game, kind: &StopKind, events: &[Event]) -> &'a Entry {
    if let StopKind::Input(input) = kind {
        return match input {
            Input::Order(o) => learn.action(&o.action),
            Input::Skilled { order, .. } => learn.action(&order.action),
            // An answer's events say what it did; one that only says
            // "nothing" (the set-up's "the other assets stay", 2.3.2) is
            // explained by its step, not as a step with nothing to do
            // (a newcomer read "Nothing to do (3.0)" over an answer).
            _ => match events
                .iter()
                .find(|e| !matches!(e.kind, EventKind::Nothing { .. }))
            {
                Some(e) => learn.event(&e.kind),
                None if events.iter().any(|e| e.clause().within(&[2])) => {
                    learn.step(crate::engine::kernel::sequence::Step::Setup)
                }
                None => learn.step(game.state().step),
            },
        };
    }
    if let Some(step) = events.iter().find_map(|e| match e.kind {
        EventKind::StepBegins { step } => Some(step),
        _ => None,
    }) {
        return learn.step(step);
    }
    // The event that drew, else the first.
    let key = events
        .iter()
        .find(|e| !e.cards.is_empty())
        .or(events.first());
    match key {
        None => learn.step(game.state().step),
        Some(e) => match (procedure_of(e), &e.kind) {
            (_, EventKind::Attempt { .. }) => learn.procedure(Procedure::ActionAttempt),
            (Some(p), _) => learn.procedure(p),
            (None, k) => learn.event(k),
        },
    }
}

/// What the player decides now, in words, for the stop where the walk
/// waits.
pub fn decision(learn: &Learn, game: &Game) -> (String, String) {
    let p = game.prompt();
    let e = learn.step(p.step);
    let what = match &p.decision {
        // An impulse with no command to spend (an initiative draw of 0):
        // the orders menu has nothing to give, so the words say so rather
        // than send the player into it (a newcomer read "0 command(s) to
        // spend. Enter opens the orders").
        Decision::Orders { left: 0, .. } => {
            let free = game
                .legal_inputs()
                .iter()
                .any(|i| !matches!(i, Input::EndImpulse));
            format!(
                "Your decision: {} has no command to spend in this impulse, and orders cost commands (4.1.1). {}Ending the impulse (e) hands the turn on to the next HQ.",
                game.spender(),
                if free {
                    "What costs nothing is still open (o lists it). "
                } else {
                    ""
                }
            )
        }
        Decision::Orders { left, .. } => format!(
            "Your decision: {} has {left} command(s) to spend. Enter opens the orders, grouped by section of the Action Menu, with nothing selected: choose one with the arrows (or type to search) and Enter gives it. Each shows the commands it costs, the cards its attempt draws, its chance of success counted from the cards still in the deck and what it will do; w says why an order you expected is missing. Ending the impulse saves what may be saved (4.1.3).",
            game.spender()
        ),
        Decision::ChooseHq {
            candidates,
            vehicles,
        } => format!(
            "Your decision: several HQs may take their impulse now ({}); choose which goes first (o lists them). The order matters: an HQ that acts first can change what the next one faces.",
            candidates
                .iter()
                .map(|c| game.describe(*c))
                .chain(
                    vehicles
                        .iter()
                        .map(|v| crate::engine::vehicles::radio::hq_name(game, *v))
                )
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Decision::Choose(c) => {
            let (rule, q) = game.question(c);
            format!(
                "Your decision ({rule}): {q} The rules leave this to you; the program's suggestion comes first in the list (Enter takes it)."
            )
        }
        Decision::MissionOver => "The mission is over.".into(),
    };
    (
        format!("{} ({})", e.title, e.rule),
        format!("{}\n{what}", e.text),
    )
}
