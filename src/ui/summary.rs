//! What an input changed that matters to the player, in words, worst
//! first: the drawn-cards pop-up ends with it. It compares the state
//! before the input with the state after; what a change means (a VOF's
//! kind, who is on a card) is read from the engine, never worked out
//! here.

use crate::data::units::Side;
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

/// The changes from `before` to the game as it stands, worst first.
pub fn changes(before: &State, after: &Game) -> Vec<Change> {
    let s = after.state();
    let mut out: Vec<Change> = Vec::new();
    let mut add = |rank: u8, role: Role, text: String| out.push(Change { rank, text, role });
    // Fire missions newly pending or incoming; on our own units first.
    for mc in &s.map.cards {
        let pos = mc.pos;
        let m = &mc.markers;
        let was = before.map.card(pos).map(|c| c.markers.clone());
        let new = |now: bool, then: fn(&crate::engine::kernel::state::CardMarkers) -> bool| {
            now && !was.as_ref().is_some_and(then)
        };
        let ours = names(s, pos, Side::Us);
        let whose = [
            (
                new(m.pending_fire, |w| w.pending_fire),
                "Our fire mission is pending",
            ),
            (
                new(m.incoming, |w| w.incoming),
                "Our fire mission comes in (Incoming!)",
            ),
            (
                new(m.enemy_pending, |w| w.enemy_pending),
                "An enemy fire mission is pending",
            ),
            (
                new(m.enemy_incoming, |w| w.enemy_incoming),
                "An enemy fire mission comes in (Incoming!)",
            ),
        ];
        for (on, what) in whose {
            if !on {
                continue;
            }
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
    }
    // Counters new in play: the teams and casualties a hit unit's steps
    // became (6.3.3: they keep its designation and take its card) are
    // said with it; the rest below.
    let mut fresh: Vec<&crate::engine::kernel::state::Unit> = s
        .in_play()
        .filter(|u| !before.units.iter().any(|b| b.id == u.id && b.in_play()))
        .collect();
    // Units of both sides: steps lost, out of play, pinned, exposed,
    // rallied.
    for u in s.units.iter() {
        let Some(b) = before.units.iter().find(|b| b.id == u.id) else {
            continue;
        };
        let ours = u.side == Side::Us;
        let gone = b.in_play() && !u.in_play();
        if !gone && (!u.in_play() || u.steps >= b.steps) {
            // Neither hit nor gone: its other changes below.
        } else {
            let lost = b.steps.saturating_sub(if gone { 0 } else { u.steps });
            // The counters its lost steps became, taken from the fresh
            // ones of its side and designation on its card.
            let mut became = Vec::new();
            let mut left = lost;
            fresh.retain(|f| {
                let mine = left > 0
                    && f.side == u.side
                    && f.designation == u.designation
                    && f.pos == b.pos;
                if mine {
                    left = left.saturating_sub(f.steps.max(1));
                    became.push(*f);
                }
                !mine
            });
            let casualties: u8 = became
                .iter()
                .filter(|f| f.kind == crate::data::units::UnitKind::Casualty)
                .map(|f| f.steps.max(1))
                .sum();
            let mut what: Vec<String> = became
                .iter()
                .filter(|f| f.kind != crate::data::units::UnitKind::Casualty)
                .map(|f| f.label.clone())
                .collect();
            match casualties {
                0 => {}
                1 => what.push("a casualty".into()),
                n => what.push(format!("{n} casualty steps")),
            }
            let steps = |n: u8| format!("{n} step{}", if n == 1 { "" } else { "s" });
            let parts = what.len();
            let what = and_list(&what);
            let place = if ours { u.pos } else { b.pos };
            let text = match (gone, became.is_empty()) {
                (true, true) if ours => format!("{} is out of play.", u.label),
                (true, true) => format!("{} ({}) is out of play.", u.label, b.pos),
                // One counter in its place: a conversion (a rally, a
                // runner made of it) or a hit on a one-step unit.
                (true, false) if parts == 1 => format!("{} on {place} becomes {what}.", u.label),
                // A hit that leaves no step in the counter: it breaks up
                // into what its steps became.
                (true, false) => format!("{} on {place} breaks up into {what}.", u.label),
                (false, true) => format!(
                    "{} on {place} lost {} ({} left).",
                    u.label,
                    steps(lost),
                    u.steps
                ),
                (false, false) => format!(
                    "{} on {place}: {} split off as {what} ({} left).",
                    u.label,
                    steps(lost),
                    u.steps
                ),
            };
            // A step become a casualty, a counter gone with nothing in
            // its place, or an HQ no longer one is a loss; teams still
            // fight.
            let loss = casualties > 0
                || became.is_empty()
                || (gone && b.is_hq_or_staff() && !became.iter().any(|f| f.is_hq_or_staff()));
            match (ours, loss) {
                (true, true) => add(1, Role::Bad, text),
                (true, false) => add(2, Role::Warn, text),
                (false, _) => add(5, Role::Good, text),
            }
            if gone || !u.in_play() {
                continue;
            }
        }
        // 6.3.3: an A or F result flips a unit to its fire-team side; an
        // HQ or staff unit flipped no longer commands (a play test read
        // only "1 PLT HQ is pinned").
        if u.flipped && !b.flipped {
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
            match (ours, lost_hq) {
                (true, true) => add(1, Role::Bad, text),
                (true, false) => add(2, Role::Warn, text),
                (false, _) => add(5, Role::Good, text),
            }
        }
        if u.pinned && !b.pinned {
            if ours {
                add(3, Role::Warn, format!("{} is pinned.", u.label));
            } else {
                add(6, Role::Good, format!("{} is pinned.", u.label));
            }
        }
        if ours && !u.pinned && b.pinned {
            add(7, Role::Good, format!("{} is no longer pinned.", u.label));
        }
        if ours && u.exposed && !b.exposed {
            add(
                4,
                Role::Warn,
                format!("{} is exposed on {}.", u.label, u.pos),
            );
        }
    }
    // Vehicles: knocked out or brewed up, retreating, come on or moved
    // (a play test's What changed said nothing of a Panzer moving up to
    // the line, nor of the 57mm gun brewing it up).
    for v in &s.vehicles {
        let ours = v.side == Side::Us;
        let Some(b) = before.vehicles.iter().find(|b| b.id == v.id) else {
            if v.in_play() && !v.pos.is_staging() {
                let text = format!("{} comes on {}.", v.label, v.pos.on_words());
                if ours {
                    add(7, Role::Good, text);
                } else {
                    add(1, Role::Warn, format!("Contact: {text}"));
                }
            }
            continue;
        };
        if b.out.is_none()
            && let Some(r) = v.out
        {
            let text = format!("{} on {} is {}.", v.label, b.pos, r.words());
            match ours {
                true => add(1, Role::Bad, text),
                false => add(5, Role::Good, text),
            }
            continue;
        }
        if v.in_play() && b.in_play() && v.pos != b.pos {
            let text = format!("{} moves from {} to {}.", v.label, b.pos, v.pos);
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
    }
    // Units new on the map not said above: contacts, and our fire teams
    // and casualties.
    for u in fresh {
        if u.side == Side::Us {
            add(2, Role::Warn, format!("{} is now on {}.", u.label, u.pos));
        } else {
            add(1, Role::Warn, format!("Contact: {} on {}.", u.label, u.pos));
        }
    }
    // Fire newly opened; the enemy's at our units first.
    for link in crate::engine::combat::fire::pdfs(after)
        .chain(s.fires.iter().filter(|l| l.from == l.target))
    {
        if before.fires.contains(link) || before.lay_pdfs.contains(link) {
            continue;
        }
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
    for (agency, kind, left) in &s.fire_missions {
        let was = before
            .fire_missions
            .iter()
            .find(|(a, k, _)| a == agency && k == kind)
            .map(|x| x.2);
        if let Some(w) = was.filter(|w| w > left) {
            let name = after
                .mission()
                .fire_support
                .get(usize::from(*agency))
                .map(|a| a.name.clone())
                .unwrap_or_else(|| "fire support".into());
            add(
                6,
                Role::Text,
                format!("{name}: {} missions left {w} -> {left}.", kind.label()),
            );
        }
    }
    if s.activity != before.activity {
        add(
            3,
            Role::Warn,
            format!("The enemy's activity is now {}.", s.activity.label()),
        );
    }
    out.sort_by_key(|c| c.rank);
    out
}
