//! Indirect fire missions (6.7): calling for fire from off-map agencies,
//! short rounds, battalion fire missions, registered targets; and what the
//! Pending markers become in the VOF Segment.

use crate::data::action::Icon;
use crate::data::mission::{Agency, FmKind, RadioClass};
use crate::data::units::{Side, UnitKind};
use crate::engine::kernel::events::{EventKind, Needed};
use crate::engine::kernel::events::{MarkerKind, Quiet, StatusChange};
use crate::engine::kernel::game::{Game, Illegal};
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::input::{Action, Order};
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::purpose::Purpose;
use crate::engine::kernel::state::SmokeKind;
use crate::engine::kernel::why::Fire;
use crate::engine::kernel::words::why::refuse;
use crate::engine::map::los::line_between;
use crate::engine::orders::attempts::{attempt, failed};
use crate::engine::orders::chain::can_order;

/// Fire missions of a kind an agency has left (6.7.1).
pub fn missions_left(game: &Game, agency: u8, kind: FmKind) -> u8 {
    game.state
        .fire_missions
        .iter()
        .find(|(a, k, _)| *a == agency && *k == kind)
        .map(|(_, _, n)| *n)
        .unwrap_or(0)
}

/// The observer's draws for an agency, as the briefing lists them.
fn observer_draws(game: &Game, agency: u8, observer: UnitId) -> Option<u8> {
    let fs = game.mission.fire_support.get(agency as usize)?;
    let roster = game.state.unit(observer).roster.as_deref()?;
    fs.observers
        .iter()
        .find(|(r, _)| r == roster)
        .map(|(_, d)| *d)
}

/// How an observer reaches its firing agency (6.7.1), as the screens say it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    /// Communications abstracted (13.3): any observer not pinned.
    Abstract,
    /// A man-pack or squad radio on the agency's fire direction net: its name.
    Radio(String),
    /// A field telephone on the agency's net, wired to the staging area.
    Phone,
    /// The CO HQ, in contact with the battalion.
    Battalion,
    /// A platoon HQ, through the CO HQ on the company net, then the battalion.
    ThroughCo,
}

impl Route {
    /// The route in words ("by radio SCR-300").
    pub fn words(&self) -> String {
        match self {
            Route::Abstract => "communications abstracted (13.3)".into(),
            Route::Radio(name) => format!("by radio {name}"),
            Route::Phone => "by telephone, wired back".into(),
            Route::Battalion => "by the battalion net".into(),
            Route::ThroughCo => "through the CO HQ".into(),
        }
    }
}

/// 6.7.1 Communication with the firing agency: an observer on the
/// agency's fire direction net (a man-pack radio, or a phone wired to the
/// staging area); the CO HQ by the battalion net; a platoon HQ through the
/// CO HQ on the company net. `None`: out of touch.
fn route(game: &Game, observer: UnitId, agency: Agency) -> Option<Route> {
    let u = game.state.unit(observer);
    if game.state.options.abstract_comms {
        return (!u.pinned).then_some(Route::Abstract);
    }
    let net = agency.net();
    if let Some(name) = u.assets.iter().find_map(|a| match a {
        crate::engine::kernel::asset::Asset::Radio {
            name,
            class,
            net: n,
        } if *n == net && *class != RadioClass::Handheld => Some(name.clone()),
        _ => None,
    }) {
        return Some(Route::Radio(name));
    }
    if u.phones().any(|n| n == net) {
        let staging = CardPos::new(0, u.pos.col.clamp(1, game.state.map.cols));
        if crate::engine::orders::comms::wire_connects(game, u.pos, staging) {
            return Some(Route::Phone);
        }
    }
    let co = game.state.co_hq().map(|c| c.id);
    if Some(observer) == co {
        return crate::engine::orders::comms::co_in_contact_with_bn(game)
            .then_some(Route::Battalion);
    }
    if u.kind == UnitKind::Hq
        && let Some(c) = co
    {
        return (crate::engine::orders::comms::in_communication(game, c, observer)
            && crate::engine::orders::comms::co_in_contact_with_bn(game))
        .then_some(Route::ThroughCo);
    }
    None
}

fn reaches_agency(game: &Game, observer: UnitId, agency: Agency) -> bool {
    route(game, observer, agency).is_some()
}

/// One eligible observer of a firing agency as things stand (6.7.1), for
/// the screens: who, the cards a call draws, and whether it could call
/// now (in Good Order on its observer side and in touch with the agency;
/// the target, its line of sight and the order itself are the call's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ObserverNow {
    /// The roster id the mission names.
    pub roster: String,
    pub unit: Option<UnitId>,
    pub draws: u8,
    /// How it reaches the agency, or why it cannot call now.
    pub can_call: Result<Route, &'static str>,
}

/// The eligible observers of agency `agency`, in the mission's order.
pub fn observers_now(game: &Game, agency: u8) -> Vec<ObserverNow> {
    let Some(fs) = game.mission.fire_support.get(agency as usize) else {
        return Vec::new();
    };
    fs.observers
        .iter()
        .map(|(roster, draws)| {
            let unit = game
                .state
                .by_roster(roster)
                .filter(|u| u.in_play())
                .map(|u| u.id);
            let can_call = match unit.map(|id| game.state.unit(id)) {
                None => Err("out of play"),
                Some(u) if !u.good_order() || u.flipped => {
                    Err("not in Good Order on its observer side")
                }
                Some(u) => route(game, u.id, fs.agency).ok_or("no way to reach it now"),
            };
            ObserverNow {
                roster: roster.clone(),
                unit,
                draws: *draws,
                can_call,
            }
        })
        .collect()
}

/// A fire mission's marker on the map (6.7.3, 3.7.1 A, 9.8), for the screens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissionMarker {
    pub pos: CardPos,
    /// The enemy's (9.8), else the company's.
    pub enemy: bool,
    /// Pending (to fall at the next VOF Segment), else Incoming! now.
    pub pending: bool,
    /// What it brings, where known: a Pending marker's kind; an air strike.
    pub kind: Option<FmKind>,
}

/// Every Pending and Incoming! marker on the map, in card order.
pub fn mission_markers(game: &Game) -> Vec<MissionMarker> {
    let mut out = Vec::new();
    for c in &game.state.map.cards {
        let m = &c.markers;
        if m.pending_fire {
            out.push(MissionMarker {
                pos: c.pos,
                enemy: m.enemy_pending,
                pending: true,
                kind: m.pending_kind,
            });
        }
        if m.incoming {
            out.push(MissionMarker {
                pos: c.pos,
                enemy: m.enemy_incoming,
                pending: false,
                kind: m.air_strike.then_some(FmKind::AirStrike),
            });
        }
    }
    out.sort_by_key(|m| m.pos);
    out
}

/// 6.7.2 F: an air strike needs a mark: white phosphorus on the target, or
/// colored smoke on the friendly card closest to it.
pub fn marked(game: &Game, target: CardPos) -> bool {
    if game
        .state
        .map
        .card(target)
        .is_some_and(|c| c.markers.smokes().any(|s| s == SmokeKind::Wp))
    {
        return true;
    }
    let mut friendly: Vec<CardPos> = game
        .friendly()
        .filter(|u| !u.pos.is_staging() && u.kind != UnitKind::Casualty)
        .map(|u| u.pos)
        .collect();
    friendly.sort();
    friendly.dedup();
    let Some(d) = friendly.iter().map(|p| p.distance(target)).min() else {
        return false;
    };
    friendly
        .iter()
        .filter(|p| p.distance(target) == d)
        .any(|p| {
            game.state.map.card(*p).is_some_and(|c| {
                c.markers.signals.iter().any(|s| {
                    matches!(
                        s,
                        crate::data::mission::Pyro::RedSmoke
                            | crate::data::mission::Pyro::GreenSmoke
                            | crate::data::mission::Pyro::YellowSmoke
                            | crate::data::mission::Pyro::PurpleSmoke
                    )
                })
            })
        })
}

/// Whether a card is a target for a fire mission of this kind (6.7.1): a
/// spotted enemy on it; for smoke or WP also a card with no friendly unit
/// and no spotted enemy; for illumination any card.
pub(crate) fn target_fits(game: &Game, kind: FmKind, target: CardPos) -> bool {
    match kind {
        FmKind::Smoke | FmKind::Wp => {
            game.state.enemy_on(target, true)
                || !game
                    .state
                    .units_at(target)
                    .any(|e| e.kind != UnitKind::Casualty && (e.side == Side::Us || e.spotted))
        }
        FmKind::Illumination => true,
        _ => game.state.enemy_on(target, true),
    }
}

pub fn check(game: &Game, by: Option<UnitId>, action: &Action) -> Result<(), Illegal> {
    let Action::CallForFire {
        observer,
        agency,
        kind,
        target,
    } = action
    else {
        return refuse(game, Fire::NotCallForFire);
    };
    let Some(fs) = game.mission.fire_support.get(*agency as usize) else {
        return refuse(game, Fire::NoSuchAgency);
    };
    can_order(game, by, *observer)?;
    let u = game.state.unit(*observer);
    if observer_draws(game, *agency, *observer).is_none() {
        return refuse(
            game,
            Fire::NotObserver {
                unit: *observer,
                agency: *agency,
            },
        );
    }
    if !u.good_order() || u.flipped {
        return refuse(game, Fire::ObserverNotReady);
    }
    if *kind == FmKind::Fpf {
        return refuse(game, Fire::FpfByOwnOrder);
    }
    // 7.1.2: a loitering section is sent at a new target by a new call,
    // with no mission spent.
    let retarget = *kind == FmKind::AttackHelicopter && loitering(game, *agency).is_some();
    if missions_left(game, *agency, *kind) == 0 && !retarget {
        return refuse(
            game,
            Fire::NoMissionLeft {
                agency: *agency,
                kind: *kind,
            },
        );
    }
    if game.state.map.card(*target).is_none() {
        return refuse(game, Fire::NotACard { pos: *target });
    }
    if !target_fits(game, *kind, *target) {
        return refuse(game, Fire::NoMissionTarget);
    }
    if !game.unit_sees(*observer, *target) {
        return refuse(
            game,
            Fire::ObserverNoLineOfSight {
                unit: *observer,
                target: *target,
            },
        );
    }
    if !reaches_agency(game, *observer, fs.agency) {
        return refuse(
            game,
            Fire::AgencyUnreachable {
                unit: *observer,
                agency: *agency,
            },
        );
    }
    if kind.air() && !marked(game, *target) {
        return refuse(game, Fire::NeedsMark { kind: *kind });
    }
    Ok(())
}

/// Every call for fire worth checking now. Pruned (see `orders::wanted`),
/// it leaves out calls the agency has no mission of that kind left for
/// and calls at a card that is no target for the kind (6.7.1), and the FPF
/// (fired by its own order, 6.7.4).
pub fn candidates(game: &Game, prune: bool, out: &mut Vec<Action>) {
    let cards = &game.state.map.cards;
    for (i, fs) in game.mission.fire_support.iter().enumerate() {
        // Pruned: whether the agency can fire each of its missions, and
        // whether each may go at a card (by mission and card: 0 not asked
        // yet, 1 no, 2 yes), asked once for every observer.
        let open: Vec<bool> = fs
            .missions
            .iter()
            .map(|m| {
                !prune
                    || (m.kind != FmKind::Fpf
                        && (m.kind == FmKind::AttackHelicopter
                            || missions_left(game, i as u8, m.kind) > 0))
            })
            .collect();
        let mut fits = vec![0u8; fs.missions.len() * cards.len()];
        for (who, _) in &fs.observers {
            let Some(u) = game.state.by_roster(who) else {
                continue;
            };
            if !u.in_play() {
                continue;
            }
            for (mi, m) in fs.missions.iter().enumerate() {
                if !open[mi] {
                    continue;
                }
                for (ci, c) in cards.iter().enumerate() {
                    if c.pos.distance(u.pos) > 3 && m.kind != FmKind::Illumination {
                        continue;
                    }
                    if prune {
                        let f = &mut fits[mi * cards.len() + ci];
                        if *f == 0 {
                            *f = 1 + u8::from(target_fits(game, m.kind, c.pos));
                        }
                        if *f == 1 {
                            continue;
                        }
                    }
                    out.push(Action::CallForFire {
                        observer: u.id,
                        agency: i as u8,
                        kind: m.kind,
                        target: c.pos,
                    });
                }
            }
        }
    }
}

/// Cards an observer's call for fire draws (6.7.1): the agency's figure
/// for that observer (two if it gives none), by the observer's experience
/// (4.2), one more on a registered target. The order and its forecast
/// both read it.
pub(crate) fn call_draws(game: &Game, observer: UnitId, agency: u8, target: CardPos) -> usize {
    let base = observer_draws(game, agency, observer).unwrap_or(2);
    let registered = game.state.registered.contains(&(agency, target));
    game.attempt_draws(base, game.experience(observer)) + usize::from(registered)
}

pub fn perform(game: &mut Game, order: &Order) {
    let Action::CallForFire {
        observer,
        agency,
        kind,
        target,
    } = &order.action
    else {
        return;
    };
    let n = call_draws(game, *observer, *agency, *target);
    let r = attempt(
        game,
        Some(*observer),
        n,
        Needed::Icon(Icon::Burst),
        Purpose::CallForFire,
    );
    let caller = Caller::unit(game, *observer);
    if r.success && *kind == FmKind::AttackHelicopter {
        send_helicopters(game, &caller, *agency, *target, &r.cards);
    } else if r.success {
        land(game, &caller, *agency, *kind, *target, &r.cards);
    } else {
        failed(game, order, *observer, false);
    }
}

/// The success branch for Exhort (4.2.1 b).
pub fn upgrade(game: &mut Game, f: &crate::engine::kernel::state::FailedAttempt) {
    if let Action::CallForFire {
        observer,
        agency,
        kind,
        target,
    } = &f.order.action
    {
        let caller = Caller::unit(game, *observer);
        if *kind == FmKind::AttackHelicopter
            && (missions_left(game, *agency, *kind) > 0 || loitering(game, *agency).is_some())
        {
            send_helicopters(game, &caller, *agency, *target, &[]);
        } else if missions_left(game, *agency, *kind) > 0 {
            land(game, &caller, *agency, *kind, *target, &[]);
        }
    }
}

/// Where a short round falls (6.7.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Landing {
    /// On this card.
    On(CardPos),
    /// On one of these cards, drawn at random (1.2.2 E).
    Around(Vec<CardPos>),
}

/// 6.7.3: a short round lands one card closer to the observer along its
/// line of sight, or on a random bordering card when the observer is on
/// the target card (or for an air strike, around the mark); on the target
/// itself when no card borders it.
pub fn short_landing(game: &Game, observer: UnitId, kind: FmKind, target: CardPos) -> Landing {
    short_landing_from(game, game.state.unit(observer).pos, kind, target)
}

/// [`short_landing`] for an observer at `opos`.
fn short_landing_from(game: &Game, opos: CardPos, kind: FmKind, target: CardPos) -> Landing {
    if !kind.air()
        && opos != target
        && let Some(line) = line_between(opos, target)
        && let Some(last) = line.last()
    {
        Landing::On(*last)
    } else if !kind.air() && opos != target {
        Landing::On(opos)
    } else {
        let around: Vec<CardPos> = crate::data::terrain::Dir::ALL
            .iter()
            .map(|d| target.step(*d))
            .filter(|p| game.state.map.card(*p).is_some())
            .collect();
        if around.is_empty() {
            Landing::On(target)
        } else {
            Landing::Around(around)
        }
    }
}

/// Who calls for fire: an observer on the map, or a forward air
/// controller over it (7.1.3): a name for the log and a card for where a
/// short round falls (6.7.3).
pub struct Caller {
    pub who: crate::engine::kernel::events::Piece,
    pub pos: CardPos,
}

impl Caller {
    pub fn unit(game: &Game, u: UnitId) -> Caller {
        Caller {
            who: crate::engine::kernel::events::Piece::Unit(u),
            pos: game.state.unit(u).pos,
        }
    }
}

/// 7.1.3: a forward air controller's call for air support: `draws` cards
/// for the burst icon (no command, no order); on success the air strike's
/// Pending marker, or the attack helicopters, as an observer's call brings
/// them. The checks are the caller's (`vehicles::air`).
pub fn air_call(
    game: &mut Game,
    caller: &Caller,
    agency: u8,
    kind: FmKind,
    target: CardPos,
    draws: u8,
) {
    let n = game.attempt_draws(draws, crate::data::action::Experience::Line);
    let r = attempt(
        game,
        None,
        n,
        Needed::Icon(Icon::Burst),
        Purpose::CallForFireBy { caller: caller.who },
    );
    if !r.success {
        game.say(
            "7.1.3",
            EventKind::Nothing {
                why: Quiet::AirCallFailed {
                    caller: caller.who,
                    kind,
                    target,
                },
            },
            Vec::new(),
        );
    } else if kind == FmKind::AttackHelicopter {
        send_helicopters(game, caller, agency, target, &r.cards);
    } else {
        land(game, caller, agency, kind, target, &r.cards);
    }
}

/// Where a call's fire falls: on the target, or astray on a short round
/// (6.7.3), with the cards read to place it; and whether it fell short.
fn falls_at(
    game: &mut Game,
    observer: &Caller,
    kind: FmKind,
    target: CardPos,
    cards: &[u8],
) -> (CardPos, bool, Vec<crate::engine::kernel::events::CardRead>) {
    let short = cards
        .iter()
        .any(|&c| game.card(c).is_some_and(|c| c.is_short()));
    let mut reads = Vec::new();
    let mut at = target;
    if short {
        match short_landing_from(game, observer.pos, kind, target) {
            Landing::On(c) => at = c,
            Landing::Around(around) => {
                let (r, rr) = game.random(around.len() as u32, Purpose::ShortRound);
                reads = rr;
                at = around[(r as usize).saturating_sub(1).min(around.len() - 1)];
            }
        }
    }
    (at, short, reads)
}

/// 7.1.2: a section of attack helicopters on station for this agency,
/// loitering for its second turn: its section number.
pub fn loitering(game: &Game, agency: u8) -> Option<u8> {
    game.state
        .vehicles
        .iter()
        .filter(|v| v.in_play())
        .filter_map(|v| v.air)
        .find(|a| a.agency == agency && a.chosen && a.turns == 1)
        .map(|a| a.section)
}

/// 7.1.2: the aircraft of a call, two to a section.
pub const SECTION: u8 = 2;

/// 7.1.2: a successful call for attack helicopters. A section of two comes
/// on station, to be placed on the target card (or where a short call
/// strays, 6.7.3) in this turn's Vehicle phase; a section loitering from
/// last turn is sent at the new target instead, with no mission spent.
fn send_helicopters(game: &mut Game, observer: &Caller, agency: u8, target: CardPos, cards: &[u8]) {
    let fs = game.mission.fire_support[agency as usize].clone();
    let (at, short, reads) = falls_at(game, observer, FmKind::AttackHelicopter, target, cards);
    // The call's log marker, for the section sent or the one loitering.
    let called = |section, loitering| MarkerKind::AttackHelicopters {
        caller: observer.who,
        agency,
        target,
        short,
        section,
        loitering,
    };
    if let Some(section) = loitering(game, agency) {
        let mut names = Vec::new();
        for v in &mut game.state.vehicles {
            if let Some(a) = v.air.as_mut()
                && a.section == section
                && v.out.is_none()
                && !v.gone
            {
                a.target = at;
                a.adjacent = None;
                a.short = short;
                a.chosen = false;
                v.activated = true;
                names.push(v.id);
            }
        }
        announce(game, at, called(names, true), reads);
        return;
    }
    let Some(ty) = fs
        .missions
        .iter()
        .find(|m| m.kind == FmKind::AttackHelicopter)
        .and_then(|m| m.helicopter.clone())
        .and_then(|h| game.data.vehicles.vehicle(&h.0).cloned())
    else {
        return;
    };
    spend_mission(game, agency, FmKind::AttackHelicopter, "7.1.2");
    let section = game
        .state
        .vehicles
        .iter()
        .filter_map(|v| v.air.map(|a| a.section))
        .max()
        .unwrap_or(0)
        + 1;
    let mut names = Vec::new();
    let off = game.state.map.staging_below(at.col);
    for k in 0..SECTION {
        let label = format!("{} {section}{}", ty.name, (b'a' + k) as char);
        let id = crate::engine::kernel::units::add_vehicle(&mut game.state, &ty, label, off, None);
        let v = &mut game.state.vehicles[id.0 as usize];
        v.activated = true;
        v.air = Some(crate::engine::kernel::vehicle::AirTask {
            agency,
            section,
            target: at,
            adjacent: None,
            short,
            chosen: false,
            turns: 2,
        });
        names.push(id);
    }
    announce(game, at, called(names, false), reads);
}

/// 7.1.2: the log line of a successful call for attack helicopters.
fn announce(
    game: &mut Game,
    at: CardPos,
    what: MarkerKind,
    reads: Vec<crate::engine::kernel::events::CardRead>,
) {
    game.say("7.1.2", EventKind::Marker { pos: at, what }, reads);
}

/// A successful call: a Pending marker on the target (or astray on a short
/// round), the mission spent, the target registered; three bursts bring a
/// battalion mission where allowed.
fn land(
    game: &mut Game,
    observer: &Caller,
    agency: u8,
    kind: FmKind,
    target: CardPos,
    cards: &[u8],
) {
    let fs = game.mission.fire_support[agency as usize].clone();
    let modifier = fs
        .missions
        .iter()
        .find(|m| m.kind == kind)
        .map(|m| m.modifier)
        .unwrap_or(0);
    let triple = cards
        .iter()
        .any(|&c| game.card(c).is_some_and(|c| c.icon == Icon::TripleBurst));
    let (at, short, reads) = falls_at(game, observer, kind, target, cards);
    spend_mission(game, agency, kind, "6.7.1");
    place_pending(game, at, kind, modifier, fs.agency == Agency::Mortars);
    if fs.agency != Agency::Air {
        game.state.registered.retain(|(a, _)| *a != agency);
        game.state.registered.push((agency, target));
        game.state.registered.sort();
    }
    game.say(
        "6.7.3",
        EventKind::Marker {
            pos: at,
            what: MarkerKind::PendingFire {
                caller: observer.who,
                agency,
                kind,
                target,
                short,
            },
        },
        reads,
    );
    // 6.7.2 G: three bursts let the battalion fire too, on two cards
    // bordering the target: the player picks them, or declines ("you may");
    // the program suggests the two holding the most spotted enemy steps
    // (position order on ties).
    if triple && fs.battalion && matches!(kind, FmKind::He | FmKind::Tot) && !short {
        let mut around: Vec<(u32, CardPos)> = crate::data::terrain::Dir::ALL
            .iter()
            .map(|d| target.step(*d))
            .filter(|p| game.state.map.card(*p).is_some())
            .map(|p| {
                let steps: u32 = game
                    .state
                    .units_at(p)
                    .filter(|e| e.side != Side::Us && e.spotted)
                    .map(|e| e.steps as u32)
                    .sum();
                (steps, p)
            })
            .collect();
        around.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut suggested: Vec<CardPos> = around.iter().take(2).map(|(_, p)| *p).collect();
        suggested.sort();
        let mut cards: Vec<CardPos> = around.into_iter().map(|(_, p)| p).collect();
        cards.sort();
        if !cards.is_empty() {
            game.state
                .choices
                .push(crate::engine::kernel::input::Choice::BattalionFire {
                    target,
                    kind,
                    modifier,
                    cards,
                    suggested,
                });
        }
    }
}

/// The answer to [`crate::engine::kernel::input::Choice::BattalionFire`]:
/// Pending markers on the cards named, or none when the mission is not
/// taken (6.7.2 G).
pub fn battalion_fire(
    game: &mut Game,
    target: CardPos,
    kind: FmKind,
    modifier: i8,
    cards: &[CardPos],
) {
    if cards.is_empty() {
        game.say(
            "6.7.2 G",
            EventKind::Nothing {
                why: Quiet::BattalionFireDeclined { target },
            },
            Vec::new(),
        );
        return;
    }
    for p in cards {
        place_pending(game, *p, kind, modifier, false);
        game.say(
            "6.7.2 G",
            EventKind::Marker {
                pos: *p,
                what: MarkerKind::BattalionFire,
            },
            Vec::new(),
        );
    }
}

/// One fire mission of a kind spent from an agency's allotment (6.7.1,
/// 6.7.2 D, 7.1.2), logged with what is left.
fn spend_mission(game: &mut Game, agency: u8, kind: FmKind, rule: &str) {
    let mut left = None;
    for m in &mut game.state.fire_missions {
        if m.0 == agency && m.1 == kind && m.2 > 0 {
            m.2 -= 1;
            left = Some(m.2);
        }
    }
    let Some(left) = left else {
        return;
    };
    game.say(
        rule,
        EventKind::FireMissionSpent { agency, kind, left },
        Vec::new(),
    );
}

fn place_pending(game: &mut Game, at: CardPos, kind: FmKind, modifier: i8, mortar: bool) {
    if let Some(c) = game.state.map.card_mut(at) {
        c.markers.pending_fire = true;
        c.markers.enemy_pending = false;
        c.markers.pending_mod = modifier;
        c.markers.pending_kind = Some(kind);
        c.markers.pending_mortar = mortar;
    }
}

/// 3.7.1 A: a Pending marker flips: Incoming! (or an air strike) for
/// blast missions, smoke for smoke and WP, illumination for flares.
pub fn flip_pending(game: &mut Game, pos: CardPos) {
    // 8.2: a mortar's illumination round lights less than a howitzer's.
    let mortar = game
        .state
        .map
        .card(pos)
        .is_some_and(|c| c.markers.pending_mortar);
    let source = if mortar {
        "mortar_illum"
    } else {
        "artillery_illum"
    };
    let illum = game.data.charts.flare(source).map(|i| (i.card, i.adjacent));
    let Some(c) = game.state.map.card_mut(pos) else {
        return;
    };
    c.markers.pending_mortar = false;
    let kind = c.markers.pending_kind.take().unwrap_or(FmKind::He);
    let modifier = c.markers.pending_mod;
    c.markers.pending_fire = false;
    // The Incoming! is the side's whose Pending marker it was (9.8).
    c.markers.enemy_incoming = std::mem::take(&mut c.markers.enemy_pending);
    match kind {
        FmKind::He | FmKind::Tot | FmKind::AirStrike | FmKind::Fpf => {
            c.markers.incoming = true;
            c.markers.incoming_mod = modifier;
            c.markers.air_strike = kind == FmKind::AirStrike;
        }
        FmKind::Wp => {
            c.markers.incoming = true;
            c.markers.incoming_mod = modifier;
            c.markers.mission_smoke = Some(SmokeKind::Wp);
        }
        FmKind::Smoke => c.markers.mission_smoke = Some(SmokeKind::Smoke),
        // 7.1.2: attack helicopters place no Pending marker.
        FmKind::AttackHelicopter => {}
        FmKind::Illumination => {
            if let Some((card, adj)) = illum {
                c.markers.illumination = Some(card);
                c.markers.illumination_adjacent = adj;
            }
        }
    }
}

/// 4.2.4 m: the CO HQ orders the final protective fires and lines. Legal on
/// a defensive mission with an FPF able to fire or an FPL machine gun in
/// Good Order not yet firing.
pub fn check_final(game: &Game, by: Option<UnitId>) -> Result<(), Illegal> {
    let Some(b) = by else {
        return refuse(game, Fire::FpfNotCo);
    };
    if game.state.co_hq().map(|c| c.id) != Some(b) {
        return refuse(game, Fire::FpfNotCo);
    }
    if game.mission.kind != crate::data::mission::MissionKind::Defensive {
        return refuse(game, Fire::FpfNotDefensive);
    }
    let fpf = !game.state.fpf_firing && fpf_agency(game).is_some();
    let fpl = game.state.fpl.iter().any(|(u, _, firing)| {
        !firing && game.state.unit(*u).in_play() && game.state.unit(*u).good_order()
    });
    if !fpf && !fpl {
        return refuse(game, Fire::FpfNoneReady);
    }
    Ok(())
}

/// The agency with final protective fire left, and the FPF card.
fn fpf_agency(game: &Game) -> Option<(u8, CardPos)> {
    let at = game
        .state
        .map
        .point(crate::engine::kernel::state::PointControl::FinalProtectiveFire)?;
    let i = game
        .mission
        .fire_support
        .iter()
        .position(|f| f.missions.iter().any(|m| m.kind == FmKind::Fpf))?;
    (missions_left(game, i as u8, FmKind::Fpf) > 0).then_some((i as u8, at))
}

pub fn perform_final(game: &mut Game) {
    if !game.state.fpf_firing && fpf_agency(game).is_some() {
        game.state.fpf_firing = true;
        fire_fpf(game);
    }
    let ready: Vec<usize> = game
        .state
        .fpl
        .iter()
        .enumerate()
        .filter(|(_, (u, _, firing))| {
            !firing && game.state.unit(*u).in_play() && game.state.unit(*u).good_order()
        })
        .map(|(i, _)| i)
        .collect();
    for i in ready {
        game.state.fpl[i].2 = true;
        let (u, d, _) = game.state.fpl[i];
        game.say(
            "6.4",
            EventKind::Status {
                unit: u,
                what: StatusChange::FinalProtectiveLine(d),
            },
            Vec::new(),
        );
    }
}

/// Places the FPF's Pending marker and spends a mission; the FPF keeps
/// firing every turn until its missions run out (6.7.2 D).
pub fn fire_fpf(game: &mut Game) {
    let Some((agency, at)) = fpf_agency(game) else {
        if game.state.fpf_firing {
            game.state.fpf_firing = false;
            game.say(
                "6.7.2 D",
                EventKind::Nothing {
                    why: Quiet::FpfExhausted,
                },
                Vec::new(),
            );
        }
        return;
    };
    let modifier = game.mission.fire_support[agency as usize]
        .missions
        .iter()
        .find(|m| m.kind == FmKind::Fpf)
        .map(|m| m.modifier)
        .unwrap_or(0);
    spend_mission(game, agency, FmKind::Fpf, "6.7.2 D");
    place_pending(game, at, FmKind::Fpf, modifier, false);
    game.say(
        "6.7.2 D",
        EventKind::Marker {
            pos: at,
            what: MarkerKind::Fpf,
        },
        Vec::new(),
    );
}
