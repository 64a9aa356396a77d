//! Communication (4.3): whether an originator can reach a recipient with
//! an order, by voice, radio or field telephone.

use crate::data::mission::{Net, RadioClass};
use crate::data::units::UnitKind;
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::state::Unit;
use crate::engine::kernel::why::Command;
use crate::engine::map::los::{Viewer, Visibility, explain_los};
use std::collections::BTreeSet;

/// How two units are in communication, for the log and the UI.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Link {
    /// The same unit.
    Itself,
    /// 4.3.1: same card, unpinned, same cover or both in the open.
    VisualVerbal,
    /// 4.3.5: radios on one network.
    Radio(Net),
    /// 4.3.4: field telephones on one network.
    Phone(Net),
    /// 13.3: communications abstracted.
    Abstract,
}

impl Link {
    pub fn label(self) -> String {
        match self {
            Link::Itself => "itself".into(),
            Link::VisualVerbal => "voice and signals".into(),
            Link::Radio(n) => format!("radio ({})", n.label()),
            Link::Phone(n) => format!("telephone ({})", n.label()),
            Link::Abstract => "abstracted communications".into(),
        }
    }
}

/// 4.3.1: visual-verbal contact.
pub fn visual_verbal(a: &Unit, b: &Unit) -> bool {
    a.pos == b.pos && !a.pinned && !b.pinned && a.cover == b.cover
}

/// Whether `from` can pass an order to `to` now, and how (4.3).
pub fn link(game: &Game, from: UnitId, to: UnitId) -> Option<Link> {
    if from == to {
        return Some(Link::Itself);
    }
    let a = game.state.unit(from);
    let b = game.state.unit(to);
    if game.state.options.abstract_comms {
        // 13.3: HQs and staff are always in communication, except that a
        // pinned HQ or staff can command only itself. Decision: the same
        // holds for their orders to any unit they command.
        return (!a.pinned).then_some(Link::Abstract);
    }
    if visual_verbal(a, b) {
        return Some(Link::VisualVerbal);
    }
    if let Some(n) = radio_link(game, a, b) {
        return Some(Link::Radio(n));
    }
    if let Some(n) = phone_link(game, a, b) {
        return Some(Link::Phone(n));
    }
    None
}

pub fn in_communication(game: &Game, from: UnitId, to: UnitId) -> bool {
    link(game, from, to).is_some()
}

/// The links of the chain of command: each unit of the company in play
/// (casualties aside) with the HQ it answers to, when that HQ is in play
/// (the CO HQ for a platoon HQ or staff, a platoon HQ for its squads and
/// teams), and whether the two are in communication (4.3).
/// Decision: only these links are followed; the CO HQ may order any unit
/// of the company (4.0), but a player plans by the HQ each unit answers to.
pub(crate) fn chain_links(game: &Game) -> Vec<(UnitId, UnitId, bool)> {
    game.state
        .units
        .iter()
        .filter(|u| {
            u.side == crate::data::units::Side::Us
                && u.in_play()
                && u.kind != crate::data::units::UnitKind::Casualty
        })
        .filter_map(|u| {
            let h = u.hq.filter(|h| *h != u.id)?;
            game.state
                .get(h)
                .is_some_and(|x| x.in_play())
                .then(|| (h, u.id, in_communication(game, h, u.id)))
        })
        .collect()
}

/// Logs each link of the chain of command (see [`chain_links`]) that was
/// in `before` and is still there, and is now cut or made (4.3).
pub(crate) fn note_links(game: &mut Game, before: &[(UnitId, UnitId, bool)]) {
    let now = chain_links(game);
    for (hq, unit, linked) in now {
        let Some(&(_, _, was)) = before.iter().find(|(h, u, _)| (*h, *u) == (hq, unit)) else {
            continue;
        };
        if was == linked {
            continue;
        }
        game.say(
            "4.3",
            crate::engine::kernel::events::EventKind::Communication { hq, unit, linked },
            Vec::new(),
        );
    }
}

/// Why `from` cannot pass an order to `to` now (4.3.1-4.3.5), for
/// refusals and the "why not?" list: the narrator words each way of
/// communicating with what stops it, reading the same checks as [`link`];
/// which networks both may talk on (4.3.3) is the rules' fact, given here.
pub(crate) fn no_link(game: &Game, from: UnitId, to: UnitId) -> Command {
    let (a, b) = (game.state.unit(from), game.state.unit(to));
    Command::no_link(from, to, |n| may_use(game, a, n) && may_use(game, b, n))
}

fn is_co_hq(game: &Game, u: &Unit) -> bool {
    game.state.co_hq().is_some_and(|c| c.id == u.id)
}

/// Who may talk on a network (4.3.3): the CO TAC net is a hub around the
/// CO HQ's set that forward observers may not use; the fire direction and
/// air nets belong to their observers.
fn may_use(game: &Game, u: &Unit, net: Net) -> bool {
    match net {
        Net::CoTac => u.kind != UnitKind::ForwardObserver,
        Net::BnTac => is_co_hq(game, u) || u.kind == UnitKind::HigherStaff,
        Net::ArtyFd | Net::MtrFd | Net::AirCtl => u.kind == UnitKind::ForwardObserver,
    }
}

/// A handheld set works within daylight LOS, ignoring smoke, and not from
/// under a cover marker (4.3.5 A). Decision: nor held by a pinned unit; the
/// rule's text names only cover, but its SCR-536 example (4.3) says the
/// sets communicate "as long as none is under cover or pinned".
fn handheld_ok(game: &Game, a: &Unit, b: &Unit) -> bool {
    if a.cover.is_some() || b.cover.is_some() || a.pinned || b.pinned {
        return false;
    }
    if a.pos.staging_link(b.pos) {
        return true; // 2.4.2 A: LOS exists throughout the staging area.
    }
    if a.pos.is_staging() || b.pos.is_staging() {
        return false;
    }
    let clear = ClearAir(game);
    explain_los(
        &clear,
        Viewer::new(a.pos, game.unit_level(a.id)),
        Viewer::new(b.pos, game.unit_level(b.id)),
        Visibility::NORMAL,
    )
    .is_clear()
}

/// The map with smoke and Incoming! ignored (4.3.5 A).
struct ClearAir<'a>(&'a Game);

impl crate::engine::map::los::LosMap for ClearAir<'_> {
    fn cell(&self, pos: CardPos) -> Option<crate::engine::map::los::LosCell> {
        self.0.cell(pos).map(|mut c| {
            c.obscured = false;
            c
        })
    }

    fn ground(&self, pos: CardPos) -> Option<crate::engine::map::los::LosCell> {
        self.0.ground(pos).map(|mut c| {
            c.obscured = false;
            c
        })
    }
}

fn radio_link(game: &Game, a: &Unit, b: &Unit) -> Option<Net> {
    for (ca, na) in a.radios() {
        for (cb, nb) in b.radios() {
            if na != nb || !may_use(game, a, na) || !may_use(game, b, nb) {
                continue;
            }
            // 4.3.3: on the CO TAC net every set talks through the CO HQ's.
            if na == Net::CoTac && !is_co_hq(game, a) && !is_co_hq(game, b) {
                continue;
            }
            let ok = match (ca, cb) {
                (RadioClass::Handheld, _) | (_, RadioClass::Handheld) => handheld_ok(game, a, b),
                _ => true,
            };
            if ok {
                return Some(na);
            }
        }
    }
    // 4.3.5 C: with squad radios, squads talk to their platoon HQ within
    // the same and adjacent cards.
    let squad_radio = |u: &Unit| u.radios().any(|(c, _)| c == RadioClass::Squad);
    let pair = |h: &Unit, s: &Unit| {
        s.platoon == Some(h.id) && squad_radio(h) && s.pos.distance(h.pos) <= 1
    };
    if pair(a, b) || pair(b, a) {
        return Some(Net::CoTac);
    }
    None
}

fn phone_link(game: &Game, a: &Unit, b: &Unit) -> Option<Net> {
    for na in a.phones() {
        if !b.phones().any(|nb| nb == na) || na != Net::CoTac {
            continue;
        }
        // On the CO TAC net a phone connects to the CO HQ's phone (4.3.4).
        let (hub, other) = if is_co_hq(game, a) {
            (a, b)
        } else if is_co_hq(game, b) {
            (b, a)
        } else {
            continue;
        };
        if !may_use(game, other, na) {
            continue;
        }
        if wire_connects(game, other.pos, hub.pos) {
            return Some(na);
        }
    }
    None
}

/// 4.3.4: two cards are connected by wire when they are the same or
/// adjacent, both in the staging area (2.4.2 A), or joined through an
/// unbroken chain of uncut Phone Line markers on every card in between.
pub fn wire_connects(game: &Game, from: CardPos, to: CardPos) -> bool {
    if from.heli_area().is_some() || to.heli_area().is_some() {
        // 2.4.2 B: no wire runs to a helicopter staging area.
        return from == to;
    }
    if from.distance(to) <= 1 || from.staging_link(to) {
        return true;
    }
    // The staging area counts as wired only within the map's columns: the
    // search must not wander along row 0 forever.
    let has_line = |p: CardPos| {
        game.state.map.is_staging(p)
            || game
                .state
                .map
                .card(p)
                .is_some_and(|c| c.markers.phone_line == Some(false))
    };
    // Breadth-first search over cards carrying a line.
    let mut seen = BTreeSet::new();
    let mut frontier = vec![from];
    seen.insert(from);
    while let Some(p) = frontier.pop() {
        for d in crate::data::terrain::Dir::ALL {
            let q = p.step(d);
            if q == to {
                return true;
            }
            if seen.contains(&q) || !has_line(q) {
                continue;
            }
            seen.insert(q);
            frontier.push(q);
        }
    }
    false
}

impl Game {
    /// Whether the CO HQ is in communication with the battalion now
    /// ([`co_in_contact_with_bn`]): what the screens ask of a rebuilt CO
    /// HQ (4.2.1 e).
    pub fn co_reaches_battalion(&self) -> bool {
        co_in_contact_with_bn(self)
    }
}

/// 3.3.1 A, 4.1.1: the CO HQ can be activated when it is in communication
/// with the battalion: in the staging area, by a battalion radio, or by a
/// battalion phone wired to the staging area.
pub fn co_in_contact_with_bn(game: &Game) -> bool {
    let Some(co) = game.state.co_hq() else {
        return false;
    };
    if game.state.options.abstract_comms {
        return !co.pinned;
    }
    if co.pos.is_staging() {
        return true;
    }
    if co
        .radios()
        .any(|(c, n)| n == Net::BnTac && c != RadioClass::Handheld)
    {
        return true;
    }
    if co.phones().any(|n| n == Net::BnTac) {
        let staging = CardPos::new(0, co.pos.col.clamp(1, game.state.map.cols));
        return wire_connects(game, co.pos, staging);
    }
    false
}
