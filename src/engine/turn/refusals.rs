//! "Why not?": the orders of the Action Menu (4.2) that cannot be given
//! now, each with the engine's reason, for a unit or for the company as a
//! whole.
//!
//! Nothing here judges an order: every reason is the refusal of
//! [`menu::check_parts`], the check that decides legality, for one of the
//! candidate orders [`menu::candidates`] lists; and an order kind counts
//! as possible exactly when [`menu::legal_orders`] holds an order of it.
//! Only when there is no candidate at all to check (no enemy on the map
//! to aim at, nobody firing) does this module say so in its own words.
//!
//! Which candidate speaks for a kind (decision): among the refused
//! candidates of the kind, the one whose reason is the rarest among them,
//! the first in the candidates' stable order breaking ties. A reason that
//! refuses every candidate alike (the unit is pinned, the commands are
//! spent) comes from a check that stops every candidate early and is then
//! the only one; a reason peculiar to one candidate comes from a check
//! that let it through further (the only card holding a spotted enemy, out
//! of line of sight), which is what a player asking "why not?" wants to
//! hear.

use crate::data::units::{Side, UnitKind};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::input::{Action, Order};
use crate::engine::kernel::pos::CardPos;
use crate::engine::turn::menu;

/// One order of the Action Menu that the unit cannot be given now, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The order's name in the menu ([`Action::name`]), e.g. "Spot".
    pub order: &'static str,
    /// Its rule section ([`Action::rule`]).
    pub rule: &'static str,
    /// One refused candidate, with its originator (`None` when there was
    /// none to try).
    pub example: Option<Order>,
    /// The engine's own reason, in words.
    pub reason: String,
    /// Other refused candidates of the kind whose reasons differ from
    /// `reason` and from each other (at most [`ALSO`], in the candidates'
    /// order): a kind refused for one target as out of range and for
    /// another as unspotted says both.
    pub also: Vec<(Order, String)>,
}

/// How many other reasons a kind gives beside its own.
pub const ALSO: usize = 2;

/// Orders aimed at a card or an enemy unit: one refused for one target may
/// be refused for another target for another reason (out of range here,
/// unspotted there), so their refusals name the target and give the other
/// reasons too ([`Refusal::also`]). Decision: the other kinds' candidates
/// differ by little the player asks about (which cover, which HQ), and
/// their other reasons would be noise.
pub fn aimed(a: &Action) -> bool {
    matches!(
        a,
        Action::Spot { .. }
            | Action::ConcentrateFire { .. }
            | Action::PlatoonConcentrate { .. }
            | Action::Grenade { .. }
            | Action::PlatoonGrenade { .. }
            | Action::WpGrenade { .. }
            | Action::MortarFire { .. }
            | Action::CallForFire { .. }
    )
}

/// Where an order goes or what it is aimed at: the card a unit or platoon
/// moves to, the card spotted or fired on, the enemy unit attacked, the
/// vehicle boarded. The
/// kinds with an aim are those a player gives to one target among several
/// ([`refused_targets`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aim {
    Card(CardPos),
    Unit(UnitId),
    /// The vehicle a unit boards (7.4.1).
    Vehicle(crate::engine::kernel::ids::VehicleId),
}

/// The aim of an order, for the kinds that have one (see [`Aim`]).
pub fn aim(a: &Action) -> Option<Aim> {
    use Action::*;
    match a {
        Move { to, .. }
        | Infiltrate { to, .. }
        | MovePlatoon { to }
        | InfiltratePlatoon { to }
        | Spot { target: to, .. }
        | MortarFire { target: to, .. }
        | CallForFire { target: to, .. } => Some(Aim::Card(*to)),
        ConcentrateFire { target, .. }
        | Grenade { target, .. }
        | WpGrenade { target, .. }
        | PlatoonConcentrate { target }
        | PlatoonGrenade { target } => Some(Aim::Unit(*target)),
        Embark { vehicle, .. } => Some(Aim::Vehicle(*vehicle)),
        _ => None,
    }
}

/// Why an order aimed at an enemy unit or card has nothing to aim at.
const NO_ENEMY: &str = "no enemy unit is known on the map to aim at";

/// For a friendly unit: every kind of order of the Action Menu that could
/// name it (as the unit acting, or as the HQ activating another) for which
/// no candidate is legal now, each with the engine's refusal reason for its
/// most relevant candidate; kinds with at least one legal candidate are left
/// out. In Action Menu order (4.2.1 command and control, 4.2.2 movement,
/// 4.2.3 rally, 4.2.4 combat). Outside an impulse, one refusal says why no
/// order can be given. A unit that is not a friendly unit in play has none.
pub fn refused_orders(game: &Game, unit: UnitId) -> Vec<Refusal> {
    if !game
        .state
        .get(unit)
        .is_some_and(|u| u.in_play() && u.side == Side::Us)
    {
        return Vec::new();
    }
    if let Some(r) = outside_impulse(game) {
        return vec![r];
    }
    let names = |by: Option<UnitId>, a: &Action| -> bool {
        a.unit() == Some(unit)
            || matches!(a, Action::Activate { hq } if by == Some(unit) && *hq != unit)
    };
    let mut out = refusals(game, Some(unit), names, |a| a.unit().is_some());
    // Orders aimed at the enemy have no candidate while no enemy is on the
    // map; the unit could be named by them once one is.
    if !game.state.in_play().any(enemy) {
        for probe in [
            Action::Spot {
                unit,
                target: game.state.unit(unit).pos,
            },
            Action::ConcentrateFire { unit, target: unit },
            Action::Grenade { unit, target: unit },
            Action::MortarFire {
                mortar: unit,
                target: game.state.unit(unit).pos,
            },
        ] {
            out.push(said(&probe, NO_ENEMY));
        }
    }
    sorted(out)
}

/// The same for the company as a whole: the orders naming no unit
/// (designating a casualty point, platoon orders, cease and shift fire,
/// final protective fire, the battalion's tasking), and calls for fire
/// taken together: refused when no observer can call any. The battalion's
/// tasking is left out on a turn with none.
pub fn refused_company_orders(game: &Game) -> Vec<Refusal> {
    if let Some(r) = outside_impulse(game) {
        return vec![r];
    }
    let company = |a: &Action| a.unit().is_none() || matches!(a, Action::CallForFire { .. });
    let mut out = refusals(game, None, |_, a| company(a), company);
    let have = |name: &str, out: &[Refusal]| out.iter().any(|r| r.order == name);
    let legal = menu::legal_orders(game);
    let any_legal = |f: &dyn Fn(&Action) -> bool| legal.iter().any(|o| f(&o.action));
    let enemies = game.state.in_play().any(enemy);
    // Kinds with no candidate at all.
    let imp = game.state.impulse.as_ref();
    let hq = imp.and_then(|i| i.hq);
    if !any_legal(&|a| matches!(a, Action::MovePlatoon { .. })) && !have("Move a Platoon", &out) {
        // Platoon moves are listed only for a platoon HQ's impulse: ask the
        // check why this originator cannot move one.
        let pos = hq.map(|h| game.state.unit(h).pos);
        let to = pos
            .and_then(|p| crate::engine::movement::actions::neighbours(game, p).next())
            .or_else(|| game.state.map.cards.first().map(|c| c.pos));
        if let Some(to) = to {
            for probe in [Action::MovePlatoon { to }, Action::InfiltratePlatoon { to }] {
                if let Some(r) = checked(game, hq, probe) {
                    out.push(r);
                }
            }
        }
    }
    if !enemies {
        let target = UnitId(0);
        out.push(said(&Action::PlatoonConcentrate { target }, NO_ENEMY));
        out.push(said(&Action::PlatoonGrenade { target }, NO_ENEMY));
    }
    let at = game
        .state
        .map
        .cards
        .first()
        .map(|c| c.pos)
        .unwrap_or(crate::engine::kernel::pos::CardPos::new(1, 1));
    if !have("Cease Fire", &out) && !any_legal(&|a| matches!(a, Action::CeaseFire { .. })) {
        out.push(said(
            &Action::CeaseFire { at },
            "no friendly unit is firing now (4.2.4 k)",
        ));
    }
    if !have("Shift Fire", &out) && !any_legal(&|a| matches!(a, Action::ShiftFire { .. })) {
        out.push(said(
            &Action::ShiftFire { at, to: at },
            "no friendly unit is on the map to shift its fire (4.2.4 l)",
        ));
    }
    if !have("Call for Fire", &out) && !any_legal(&|a| matches!(a, Action::CallForFire { .. })) {
        let probe = Action::CallForFire {
            observer: UnitId(0),
            agency: 0,
            kind: crate::data::mission::FmKind::He,
            target: at,
        };
        let why = if game.mission.fire_support.is_empty() {
            "this mission has no off-map fire support (6.7)"
        } else {
            "no observer of the company's fire support is in play (6.7.1)"
        };
        out.push(said(&probe, why));
    }
    sorted(out)
}

/// "Why not there?": for the orders of a kind that `unit` (the company's
/// orders when `None`) may be given to some targets now, the targets it
/// may not be given to, each with the engine's reason: the adjacent cards
/// a move may not go to (a diagonal across a hedgerow, a card already
/// full, 5.1.2, 5.1.5), the cards and enemy units it may not spot or fire
/// at, the vehicles it may not board (full, 7.4.1). [`refused_orders`] and [`refused_company_orders`] say why a kind
/// cannot be given at all; this says why one that can is not open
/// everywhere. One refusal per kind and target, in the candidates' order,
/// through the candidate with the rarest reason (see the module's
/// comment); empty outside an impulse.
pub fn refused_targets(game: &Game, unit: Option<UnitId>) -> Vec<Refusal> {
    if outside_impulse(game).is_some() {
        return Vec::new();
    }
    if let Some(u) = unit
        && !game
            .state
            .get(u)
            .is_some_and(|x| x.in_play() && x.side == Side::Us)
    {
        return Vec::new();
    }
    let Some((anyone, hqs)) = menu::originators(game) else {
        return Vec::new();
    };
    // The company's own aimed orders name no unit; a unit's name it.
    let ours = |a: &Action| aim(a).is_some() && a.unit() == unit;
    let legal = menu::legal_orders(game);
    let open: Vec<(&'static str, Aim)> = legal
        .iter()
        .filter(|o| ours(&o.action))
        .filter_map(|o| aim(&o.action).map(|t| (o.action.name(), t)))
        .collect();
    let mut refused: Vec<((&'static str, Aim), Candidates)> = Vec::new();
    for action in menu::candidates(game) {
        if !ours(&action) {
            continue;
        }
        let Some(t) = aim(&action) else { continue };
        let key = (action.name(), t);
        // Only kinds open to some target, and targets closed to them.
        if !open.iter().any(|(n, _)| *n == key.0) || open.contains(&key) {
            continue;
        }
        let origs = if action.needs_hq() { &hqs } else { &anyone };
        for by in origs {
            let Err(e) = menu::check_parts(game, *by, &action) else {
                continue;
            };
            let order = Order {
                by: *by,
                action: action.clone(),
            };
            match refused.iter_mut().find(|(k, _)| *k == key) {
                Some((_, v)) => v.push((order, e.text)),
                None => refused.push((key, vec![(order, e.text)])),
            }
        }
    }
    let out = refused
        .into_iter()
        .filter_map(|(_, v)| {
            let (order, reason) = rarest(&v)?;
            Some(Refusal {
                order: order.action.name(),
                rule: rule_of(&order.action),
                example: Some(order),
                reason,
                also: Vec::new(),
            })
        })
        .collect();
    sorted_stable(out)
}

/// Refused candidates with their reasons, in the candidates' order.
type Candidates = Vec<(Order, String)>;

/// The candidate that speaks for refused ones: the one with the rarest
/// reason, the first breaking ties (see the module's comment).
fn rarest(v: &[(Order, String)]) -> Option<(Order, String)> {
    let count = |r: &str| v.iter().filter(|(_, s)| s == r).count();
    v.iter()
        .enumerate()
        .min_by_key(|(i, (_, r))| (count(r), *i))
        .map(|(_, x)| x.clone())
}

/// [`sorted`] without merging: several refusals of a kind (one per
/// target) stay, in the candidates' order.
fn sorted_stable(mut v: Vec<Refusal>) -> Vec<Refusal> {
    v.sort_by_key(menu_order);
    v
}

fn enemy(e: &crate::engine::kernel::state::Unit) -> bool {
    e.side != Side::Us && e.kind != UnitKind::Casualty
}

/// The one refusal outside an impulse: the check's reason for any order.
fn outside_impulse(game: &Game) -> Option<Refusal> {
    let reason = if game.is_over() {
        "the mission is over".to_string()
    } else if game.state.impulse.is_some() && game.state.choices.is_empty() {
        return None;
    } else {
        let probe = Order {
            by: None,
            action: Action::DesignateCasualtyPoint,
        };
        match menu::check(game, &probe) {
            Err(e) => e.text,
            Ok(()) => return None,
        }
    };
    let rule = if game.state.choices.is_empty() {
        "4.1"
    } else {
        game.prompt().rule
    };
    Some(Refusal {
        order: "Any order",
        rule,
        example: None,
        reason,
        also: Vec::new(),
    })
}

/// A refusal for a kind with no candidate, in this module's words.
fn said(probe: &Action, reason: &str) -> Refusal {
    Refusal {
        order: probe.name(),
        rule: rule_of(probe),
        example: None,
        reason: reason.to_string(),
        also: Vec::new(),
    }
}

/// The check's refusal of one order, if it refuses it.
fn checked(game: &Game, by: Option<UnitId>, action: Action) -> Option<Refusal> {
    let e = menu::check_parts(game, by, &action).err()?;
    Some(Refusal {
        order: action.name(),
        rule: action.rule(),
        reason: e.text,
        example: Some(Order { by, action }),
        also: Vec::new(),
    })
}

/// The section a kind is listed under in the menu: a WP grenade is a
/// grenade attack (4.2.4 d with 4.3.6 C).
fn rule_of(a: &Action) -> &'static str {
    match a {
        Action::WpGrenade { .. } => "4.2.4 d",
        _ => a.rule(),
    }
}

/// Action Menu order: 4.2.1 to 4.2.4 by letter, the battalion's tasking
/// (3.1) last; stable within a section. One refusal per kind.
fn sorted(mut v: Vec<Refusal>) -> Vec<Refusal> {
    v.sort_by_key(menu_order);
    v.dedup_by(|a, b| a.order == b.order);
    v
}

/// Where a refusal stands in the Action Menu: its section (as the menu
/// lists its example, see [`rule_of`]), the battalion's tasking (3.1) last.
fn menu_order(r: &Refusal) -> (bool, &'static str) {
    let rule = match r.example.as_ref() {
        Some(o) => rule_of(&o.action),
        None => r.rule,
    };
    (rule.starts_with('3'), rule)
}

/// The refused kinds among the candidates `names` accepts (with their
/// originator): a kind is refused when no legal order of it is named, and
/// speaks through its candidate with the rarest reason (see the module's
/// comment). `kind_filter` picks the legal orders that count; `unit`, the
/// unit asked about, whose being activated comes after its activating
/// others.
fn refusals(
    game: &Game,
    unit: Option<UnitId>,
    names: impl Fn(Option<UnitId>, &Action) -> bool,
    kind_filter: impl Fn(&Action) -> bool,
) -> Vec<Refusal> {
    let Some((anyone, hqs)) = menu::originators(game) else {
        return Vec::new();
    };
    let legal = menu::legal_orders(game);
    let possible: Vec<&'static str> = legal
        .iter()
        .filter(|o| kind_filter(&o.action) && names(o.by, &o.action))
        .map(|o| o.action.name())
        .collect();
    // Refused candidates by kind, in the candidates' order; an HQ's
    // activating others comes before its being activated.
    let mut kinds: Vec<(&'static str, Candidates)> = Vec::new();
    let mut cands = menu::candidates(game);
    cands.sort_by_key(|a| matches!(a, Action::Activate { hq } if Some(*hq) == unit));
    for action in cands {
        if !kind_filter(&action) || possible.contains(&action.name()) {
            continue;
        }
        let origs = if action.needs_hq() { &hqs } else { &anyone };
        for by in origs {
            if !names(*by, &action) {
                continue;
            }
            let Err(e) = menu::check_parts(game, *by, &action) else {
                continue;
            };
            let order = Order {
                by: *by,
                action: action.clone(),
            };
            match kinds.iter_mut().find(|(n, _)| *n == action.name()) {
                Some((_, v)) => v.push((order, e.text)),
                None => kinds.push((action.name(), vec![(order, e.text)])),
            }
        }
    }
    kinds
        .into_iter()
        .filter_map(|(name, v)| {
            let (order, reason) = rarest(&v)?;
            // Every candidate of `v` is of the same kind, aimed or not.
            let mut also: Vec<(Order, String)> = Vec::new();
            if aimed(&order.action) {
                for (o, r) in &v {
                    if also.len() < ALSO && *r != reason && also.iter().all(|(_, x)| x != r) {
                        also.push((o.clone(), r.clone()));
                    }
                }
            }
            Some(Refusal {
                order: name,
                rule: order.action.rule(),
                example: Some(order),
                reason,
                also,
            })
        })
        .collect()
}
