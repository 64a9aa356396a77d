//! What an input changed that matters to the player, in words, worst
//! first: the drawn-cards pop-up ends with it. It words the engine's fold
//! of the input's events ([`crate::engine::kernel::fold`]); what a change
//! means (a VOF's kind, who is on a card) is read from the engine, never
//! worked out here.

use crate::data::units::{Side, UnitKind};
use crate::engine::kernel::events::Event;
use crate::engine::kernel::fold::fold;
use crate::engine::kernel::game::Game;
use crate::engine::kernel::names::and_list;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::state::State;
use crate::ui::theme::Role;

/// One change: how much it matters (0 first), its words, its style.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub rank: u8,
    pub text: String,
    pub role: Role,
}

/// The most lines the summary gives; the log has the rest.
pub const MOST: usize = 12;

fn names(s: &State, pos: CardPos, side: Side) -> Vec<String> {
    s.units_at(pos)
        .filter(|u| (u.side == Side::Us) == (side == Side::Us))
        .map(|u| u.label.clone())
        .collect()
}

/// How much a change to a unit matters: one of ours that is a loss (1,
/// bad), one of ours that still fights (2, take note), the enemy's (5,
/// good for us).
fn unit_rank(ours: bool, loss: bool) -> (u8, Role) {
    match (ours, loss) {
        (true, true) => (1, Role::Bad),
        (true, false) => (2, Role::Warn),
        (false, _) => (5, Role::Good),
    }
}

/// The changes `events`, the events of one input, made to the game as it
/// stands, worst first.
pub fn changes(events: &[Event], after: &Game) -> Vec<Change> {
    let s = after.state();
    let f = fold(after, events);
    let mut out: Vec<Change> = Vec::new();
    let mut add = |rank: u8, role: Role, text: String| out.push(Change { rank, text, role });
    // Fire missions newly pending or incoming; on our own units first.
    for m in &f.missions {
        let what = match (m.ours, m.incoming) {
            (true, false) => "Our fire mission is pending",
            (true, true) => "Our fire mission comes in (Incoming!)",
            (false, false) => "An enemy fire mission is pending",
            (false, true) => "An enemy fire mission comes in (Incoming!)",
        };
        let pos = m.pos;
        let ours = names(s, pos, Side::Us);
        if ours.is_empty() {
            add(6, Role::Text, format!("{what} on {pos}."));
        } else {
            add(
                0,
                Role::Bad,
                format!(
                    "{what} on {pos}, where our {} {}!",
                    and_list(&ours),
                    if ours.len() == 1 { "is" } else { "are" }
                ),
            );
        }
    }
    // Units hit or gone, with the counters their lost steps became (6.3.3:
    // they keep its designation and take its card).
    for l in &f.losses {
        let u = s.unit(l.unit);
        let ours = u.side == Side::Us;
        let became: Vec<_> = l.became.iter().map(|b| s.unit(*b)).collect();
        let lost: u8 = became.iter().map(|b| b.steps.max(1)).sum();
        let casualties: u8 = became
            .iter()
            .filter(|b| b.kind == UnitKind::Casualty)
            .map(|b| b.steps.max(1))
            .sum();
        let mut what: Vec<String> = became
            .iter()
            .filter(|b| b.kind != UnitKind::Casualty)
            .map(|b| b.label.clone())
            .collect();
        match casualties {
            0 => {}
            1 => what.push("a casualty".into()),
            n => what.push(format!("{n} casualty steps")),
        }
        let steps = |n: u8| format!("{n} step{}", if n == 1 { "" } else { "s" });
        let parts = what.len();
        let what = and_list(&what);
        let place = l.at;
        let text = match (l.gone, became.is_empty()) {
            (true, true) if ours => format!("{} is out of play.", u.label),
            (true, true) => format!("{} ({place}) is out of play.", u.label),
            // One counter in its place: a conversion (a rally, a runner
            // made of it) or a hit on a one-step unit.
            (true, false) if parts == 1 => format!("{} on {place} becomes {what}.", u.label),
            // A hit that leaves no step in the counter: it breaks up into
            // what its steps became.
            (true, false) => format!("{} on {place} breaks up into {what}.", u.label),
            // Still in play with nothing new: a step lost outright.
            (false, true) => format!("{} on {place} lost a step ({} left).", u.label, u.steps),
            (false, false) => format!(
                "{} on {place}: {} split off as {what} ({} left).",
                u.label,
                steps(lost),
                u.steps
            ),
        };
        // A step become a casualty, a paralyzed or litter team (6.3.3:
        // neither fights; a play test read "Para Tm B" as good news), a
        // counter gone with nothing in its place, or an HQ no longer one
        // is a loss; other teams still fight.
        let loss = casualties > 0
            || became.is_empty()
            || became
                .iter()
                .any(|b| matches!(b.kind, UnitKind::ParalyzedTeam | UnitKind::LitterTeam))
            || (l.gone && u.is_hq_or_staff() && !became.iter().any(|b| b.is_hq_or_staff()));
        let (rank, role) = unit_rank(ours, loss);
        add(rank, role, text);
    }
    // 4.2.1 e, 3.3.1 A: a CO HQ rebuilt out of the battalion's reach (the
    // old one's radio lies where it fell): a play test was not told.
    if crate::engine::kernel::events::company_rebuilt(events) && !after.co_reaches_battalion() {
        add(
            1,
            Role::Bad,
            "The new CO HQ has no battalion radio: the battalion cannot activate it until it has one (5.1.6) or is in the staging area (3.3.1 A).".into(),
        );
    }
    // 6.3.3: an A or F result flips a unit to its fire-team side; an HQ or
    // staff unit flipped no longer commands (a play test read only "1 PLT
    // HQ is pinned").
    for id in &f.flipped {
        let u = s.unit(*id);
        let ours = u.side == Side::Us;
        let lost_hq = ours && u.is_hq_or_staff();
        let text = format!(
            "{} flips to its fire-team side{} (6.3.3).",
            u.label,
            if lost_hq {
                ": it no longer commands"
            } else {
                ""
            }
        );
        let (rank, role) = unit_rank(ours, lost_hq);
        add(rank, role, text);
    }
    for id in &f.pinned {
        let u = s.unit(*id);
        if u.side == Side::Us {
            add(3, Role::Warn, format!("{} is pinned.", u.label));
        } else {
            add(6, Role::Good, format!("{} is pinned.", u.label));
        }
    }
    for id in f.unpinned.iter().filter(|u| s.unit(**u).side == Side::Us) {
        add(
            7,
            Role::Good,
            format!("{} is no longer pinned.", s.unit(*id).label),
        );
    }
    for id in f.exposed.iter().filter(|u| s.unit(**u).side == Side::Us) {
        let u = s.unit(*id);
        add(
            4,
            Role::Warn,
            format!("{} is exposed on {}.", u.label, u.pos),
        );
    }
    // Vehicles: come on, knocked out or brewed up, retreating, or moved (a
    // play test's What changed said nothing of a Panzer moving up to the
    // line, nor of the 57mm gun brewing it up).
    let vehicle = |v: crate::engine::kernel::ids::VehicleId| &s.vehicles[usize::from(v.0)];
    for v in f.vehicles_in.iter().map(|v| vehicle(*v)) {
        if !v.in_play() || v.pos.is_staging() {
            continue;
        }
        let text = format!("{} comes on {}.", v.label, v.pos.on_words());
        if v.side == Side::Us {
            add(7, Role::Good, text);
        } else {
            add(1, Role::Warn, format!("Contact: {text}"));
        }
    }
    for (id, result, pos) in &f.vehicles_out {
        let v = vehicle(*id);
        let text = vehicle_out(v, *pos, *result);
        match v.side == Side::Us {
            true => add(1, Role::Bad, text),
            false => add(5, Role::Good, text),
        }
    }
    for (id, from, to) in &f.vehicles_moved {
        let v = vehicle(*id);
        if !v.in_play() || from == to {
            continue;
        }
        let ours = v.side == Side::Us;
        let text = format!("{} moves from {from} to {to}.", v.label);
        // An enemy vehicle on or beside a card of ours warns.
        let near_us = !ours
            && s.in_play()
                .any(|u| u.side == Side::Us && u.pos.distance(v.pos) <= 1);
        match (ours, near_us) {
            (true, _) => add(7, Role::Text, text),
            (false, true) => add(2, Role::Warn, text),
            (false, false) => add(6, Role::Text, text),
        }
    }
    for (a, b, into) in &f.joined {
        let (a, b, into) = (s.unit(*a), s.unit(*b), s.unit(*into));
        let text = format!(
            "{} and {} join up as {} on {}.",
            a.label, b.label, into.label, into.pos
        );
        if into.side == Side::Us {
            add(7, Role::Good, text);
        } else {
            add(4, Role::Warn, text);
        }
    }
    // Units new on the map not said above: contacts, and our fire teams
    // and casualties.
    for u in f.fresh.iter().map(|u| s.unit(*u)) {
        if u.side == Side::Us {
            add(2, Role::Warn, format!("{} is now on {}.", u.label, u.pos));
        } else {
            add(1, Role::Warn, format!("Contact: {} on {}.", u.label, u.pos));
        }
    }
    // Fire newly opened; the enemy's at our units first.
    for link in &f.fire_opened {
        // The kind of fire in words (6.2.2); a G! weapon's direct fire
        // carries no VOF of its own (6.7.4).
        let code = match crate::engine::combat::fire::link_vof(after, link) {
            // Said of the firers: "(all pinned)" alone read as our units
            // being pinned.
            Some(crate::engine::combat::fire::VofLevel::AllPinned) if s.fires.contains(link) => {
                "all pinned VOF: the firers are pinned".to_string()
            }
            Some(v) if s.fires.contains(link) => v.label().to_lowercase(),
            _ => "grenade or rocket fire".to_string(),
        };
        let at = if link.from == link.target {
            format!("within {}", link.target)
        } else {
            format!("from {} at {}", link.from, link.target)
        };
        if link.side == Side::Us {
            add(7, Role::Text, format!("Our fire {at} ({code})."));
        } else {
            let ours = names(s, link.target, Side::Us);
            if ours.is_empty() {
                add(4, Role::Warn, format!("Enemy fire {at} ({code})."));
            } else {
                add(
                    1,
                    Role::Bad,
                    format!("Enemy fire {at} ({code}), on our {}.", and_list(&ours)),
                );
            }
        }
    }
    // Fire missions spent.
    for (agency, kind, spent, left) in &f.missions_spent {
        let name = after
            .mission()
            .fire_support
            .get(usize::from(*agency))
            .map(|a| a.name.clone())
            .unwrap_or_else(|| "fire support".into());
        add(
            6,
            Role::Text,
            format!(
                "{name}: {} missions left {} -> {left}.",
                kind.label(),
                left + spent
            ),
        );
    }
    if let Some(level) = f.activity {
        add(
            3,
            Role::Warn,
            format!("The enemy's activity is now {}.", level.label()),
        );
    }
    out.sort_by_key(|c| c.rank);
    out
}

/// A vehicle out of the fight for the mission, in words (7.7, 6.8.1 G).
pub fn vehicle_out(
    v: &crate::engine::kernel::vehicle::Vehicle,
    pos: CardPos,
    result: crate::data::vehicles::AtResult,
) -> String {
    use crate::data::vehicles::AtResult;
    let what = match result {
        AtResult::Retreating => "is out of the fight for the mission",
        AtResult::BrewedUp => "is brewed up",
        AtResult::KnockedOut => "is knocked out",
        // Not a way out of play: said as the table reads it.
        AtResult::Pinned | AtResult::Missed => result.words(),
    };
    if pos.is_staging() {
        format!("{} {what}.", v.label)
    } else {
        format!("{} on {pos} {what}.", v.label)
    }
}
