//! What an input changed, folded from its events: the one record both the
//! orders menu's consequences (a trial run's events,
//! [`crate::engine::turn::forecast`]) and the after-input summary read.
//! Typed, in the order the events came; the words are the reader's. The
//! state after the input is read only for what a fact means now (a
//! label, whether a pinned unit is still pinned, whose marker lies on a
//! card), never compared with the state before.

use crate::data::charts::Activity;
use crate::data::mission::FmKind;
use crate::data::vehicles::AtResult;
use crate::engine::kernel::events::{
    Creation, Event, EventKind, MarkerKind, Removal, StatusChange,
};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::{UnitId, VehicleId};
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::state::FireLink;

/// A unit hit, broken up or gone: the counters its lost steps became
/// (teams, casualties, a runner, a rebuilt HQ), and whether its own
/// counter left play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loss {
    pub unit: UnitId,
    pub became: Vec<UnitId>,
    pub gone: bool,
    /// The card it was on when it was hit or left (its last card).
    pub at: CardPos,
}

/// A fire mission marked on a card by the input: whose, and whether it
/// comes in now (Incoming!) or is on its way (Pending, 3.7.1 A).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mission {
    pub pos: CardPos,
    pub ours: bool,
    pub incoming: bool,
}

/// What the events of an input did, typed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fold {
    pub missions: Vec<Mission>,
    pub losses: Vec<Loss>,
    /// Flipped to the fire-team side (6.3.3).
    pub flipped: Vec<UnitId>,
    /// Pinned, and pinned still.
    pub pinned: Vec<UnitId>,
    /// Unpinned or rallied, and unpinned still.
    pub unpinned: Vec<UnitId>,
    /// Marked Exposed (5.1.1, 5.1.6 B, 5.2.3, 6.5.3).
    pub exposed: Vec<UnitId>,
    /// Moved to another card, or under, out of or between cover markers.
    pub moved: Vec<UnitId>,
    /// Fired their last tracked ammunition (6.8.2).
    pub out_of_ammo: Vec<UnitId>,
    /// Counters new in play that no loss accounts for: contacts,
    /// reinforcements, crews.
    pub fresh: Vec<UnitId>,
    /// Two enemy teams joined up as one unit (9.4): the two, and the unit
    /// they became.
    pub joined: Vec<(UnitId, UnitId, UnitId)>,
    pub vehicles_in: Vec<VehicleId>,
    pub vehicles_out: Vec<(VehicleId, AtResult, CardPos)>,
    /// A vehicle's first card and last card of the input (a staging area
    /// included).
    pub vehicles_moved: Vec<(VehicleId, CardPos, CardPos)>,
    /// Fire links opened and still open (6.1.1, 6.7.4).
    pub fire_opened: Vec<FireLink>,
    /// Fire missions spent: agency, kind, how many, how many left.
    pub missions_spent: Vec<(u8, FmKind, u8, u8)>,
    /// The activity level the input left, when it changed it (9.1).
    pub activity: Option<Activity>,
    /// Links of the chain of command cut (`false`) or made (4.3):
    /// (HQ, unit, linked).
    pub links: Vec<(UnitId, UnitId, bool)>,
}

fn push<T: PartialEq>(v: &mut Vec<T>, x: T) {
    if !v.contains(&x) {
        v.push(x);
    }
}

impl MarkerKind {
    /// Whether the marker puts a fire mission on its card: `Some(false)`
    /// pending (3.7.1 A, 6.7.2 D, 9.8), `Some(true)` coming in now
    /// (Incoming!, a barrage, a Pending marker landing). Every kind is
    /// named, so a new one must be decided here.
    pub fn fire_mission(&self) -> Option<bool> {
        use MarkerKind as M;
        match self {
            M::PendingFire { .. } | M::BattalionFire | M::Fpf | M::Pending { .. } => Some(false),
            M::Incoming { .. } | M::Barrage(_) | M::PendingLands => Some(true),
            M::AircraftAborts { .. }
            | M::AmmunitionAboard { .. }
            | M::AmmunitionUnloaded { .. }
            | M::AttackHelicopters { .. }
            | M::AttackHelicoptersFire { .. }
            | M::CasualtyCollectionPoint
            | M::CeaseFire
            | M::DemoMiss
            | M::Demolition
            | M::Flame { .. }
            | M::GrenadeMiss { .. }
            | M::GunshipFireAndFlares { .. }
            | M::LandingZone(_)
            | M::MedevacLz { .. }
            | M::Mines
            | M::MortarFire { .. }
            | M::PcRemoved
            | M::PhoneLine(_)
            | M::PhoneLineRepaired { .. }
            | M::SetDestroyed { .. }
            | M::SetDropped { .. }
            | M::SniperTarget { .. }
            | M::Spotted { .. }
            | M::VehicleLeaves(_)
            | M::VehiclePinLifted(_)
            | M::VehiclePinned(_)
            | M::Wp { .. }
            | M::WpMark(_)
            | M::CoverDestroyed { .. }
            | M::IncomingRemoved
            | M::MissionSmokeRemoved
            | M::SmokeCleared(_)
            | M::Signal { .. }
            | M::PhoneLineCut { .. }
            | M::PhoneLineHolds { .. }
            | M::Pyro(_)
            | M::Contact(_)
            | M::NoContact(_)
            | M::RoutePoint(_)
            | M::VehicleMineCheck { .. }
            | M::Smoke { .. } => None,
        }
    }
}

/// Whether a counter so created is a step its parent gave up (6.3.3,
/// 4.2.1 f, 4.2.3 g, 10.2.2).
fn of_a_step(why: &Creation) -> bool {
    matches!(
        why,
        Creation::SplitStep
            | Creation::Runner
            | Creation::Detached
            | Creation::Reconstituted { .. }
    )
}

/// The fold of `events`, the events of one input, over `after`, the game
/// the input left.
pub fn fold(after: &Game, events: &[Event]) -> Fold {
    let s = &after.state;
    let mut f = Fold::default();
    let mut created: Vec<(UnitId, Option<UnitId>, Creation)> = Vec::new();
    let mut gone: Vec<(UnitId, Vec<UnitId>)> = Vec::new();
    let mut at: Vec<(UnitId, CardPos)> = Vec::new();
    // The game may stand before some of the events (learn mode walks
    // back): a unit it does not hold yet is left out, never looked up.
    let first_at = |u: UnitId, p: Option<CardPos>, at: &mut Vec<(UnitId, CardPos)>| {
        if let Some(p) = p
            && !at.iter().any(|(x, _)| *x == u)
        {
            at.push((u, p));
        }
    };
    let pos_of = |u: UnitId| s.get(u).map(|x| x.pos);
    let in_play = |u: &UnitId| s.get(*u).is_some_and(|x| x.in_play());
    for e in events {
        match &e.kind {
            EventKind::Marker { pos, what } => {
                let Some(incoming) = what.fire_mission() else {
                    continue;
                };
                let Some(c) = s.map.card(*pos) else { continue };
                let m = &c.markers;
                // Read on the card now: a barrage is always the enemy's
                // (3.4.1); a mission that has since landed or lifted is
                // not said.
                let (on, ours) = match (what, incoming) {
                    (MarkerKind::Barrage(_), _) => (m.incoming, false),
                    (_, true) => (m.incoming, !m.enemy_incoming),
                    (_, false) => (m.pending_fire, !m.enemy_pending),
                };
                if on {
                    push(
                        &mut f.missions,
                        Mission {
                            pos: *pos,
                            ours,
                            incoming,
                        },
                    );
                }
            }
            EventKind::UnitCreated {
                unit,
                from,
                why: why @ Creation::Contact { first, .. },
            } => {
                for id in first.0..=unit.0 {
                    created.push((UnitId(id), *from, *why));
                }
            }
            EventKind::UnitCreated { unit, from, why } => {
                created.push((*unit, *from, *why));
                if let Some(p) = from {
                    first_at(*p, pos_of(*unit), &mut at);
                }
            }
            EventKind::UnitRemoved { unit, why } => {
                let by = match why {
                    Removal::Replaced { by, .. } => by.clone(),
                    Removal::CarriedOff { casualty } => {
                        first_at(*casualty, pos_of(*casualty), &mut at);
                        gone.push((*casualty, Vec::new()));
                        Vec::new()
                    }
                    _ => Vec::new(),
                };
                first_at(*unit, pos_of(*unit), &mut at);
                gone.push((*unit, by));
            }
            EventKind::Status { unit, what } => match what {
                StatusChange::FireTeamSide => push(&mut f.flipped, *unit),
                StatusChange::Pinned { newly: true, .. } | StatusChange::Hit { pins: true, .. } => {
                    push(&mut f.pinned, *unit)
                }
                StatusChange::Unpinned { .. }
                | StatusChange::Rallied(_)
                | StatusChange::Miss { unpins: true, .. } => push(&mut f.unpinned, *unit),
                StatusChange::Captured { prisoners } => {
                    for p in prisoners {
                        first_at(*p, pos_of(*p), &mut at);
                        gone.push((*p, Vec::new()));
                    }
                }
                StatusChange::Guard { from, .. } => match from {
                    // A step split off to guard: its parent lost it.
                    Some(p) => created.push((*unit, Some(*p), Creation::SplitStep)),
                    None => {
                        first_at(*unit, pos_of(*unit), &mut at);
                        gone.push((*unit, Vec::new()));
                    }
                },
                StatusChange::Exposed
                | StatusChange::PickedUp(_)
                | StatusChange::PickedUpACasualty(_) => push(&mut f.exposed, *unit),
                StatusChange::OutOfAmmunition(_) => {
                    push(&mut f.out_of_ammo, *unit);
                    // A weapons team with a back flips to it when it
                    // runs dry (6.8.2).
                    if s.get(*unit).is_some_and(|x| x.flipped) {
                        push(&mut f.flipped, *unit);
                    }
                }
                StatusChange::Demolished { casualties } => {
                    first_at(*unit, pos_of(*unit), &mut at);
                    gone.push((*unit, casualties.clone()));
                }
                _ => {}
            },
            EventKind::Moved { unit, exposed, .. } => {
                push(&mut f.moved, *unit);
                if *exposed {
                    push(&mut f.exposed, *unit);
                }
            }
            EventKind::CoverChanged { unit, exposed, .. } => {
                push(&mut f.moved, *unit);
                if *exposed {
                    push(&mut f.exposed, *unit);
                }
            }
            EventKind::CoverFound { unit, .. } => {
                push(&mut f.moved, *unit);
                push(&mut f.exposed, *unit);
            }
            EventKind::VehicleEnters { vehicle, .. } => push(&mut f.vehicles_in, *vehicle),
            EventKind::VehicleOut {
                vehicle, result, ..
            } => {
                if let Some(v) = s.vehicles.get(usize::from(vehicle.0)) {
                    push(&mut f.vehicles_out, (*vehicle, *result, v.pos));
                }
            }
            EventKind::VehicleMoved {
                vehicle, from, to, ..
            } => match f.vehicles_moved.iter_mut().find(|m| m.0 == *vehicle) {
                Some(m) => m.2 = *to,
                None => f.vehicles_moved.push((*vehicle, *from, *to)),
            },
            EventKind::FireOpened { link, .. } => push(&mut f.fire_opened, *link),
            EventKind::FireMissionSpent { agency, kind, left } => {
                match f
                    .missions_spent
                    .iter_mut()
                    .find(|m| (m.0, m.1) == (*agency, *kind))
                {
                    Some(m) => {
                        m.2 += 1;
                        m.3 = *left;
                    }
                    None => f.missions_spent.push((*agency, *kind, 1, *left)),
                }
            }
            EventKind::Activity { level } => f.activity = Some(*level),
            EventKind::Communication { hq, unit, linked } => {
                // Cut then made again in one input says nothing.
                match f.links.iter().position(|l| (l.0, l.1) == (*hq, *unit)) {
                    Some(i) => {
                        f.links.remove(i);
                    }
                    None => f.links.push((*hq, *unit, *linked)),
                }
            }
            _ => {}
        }
    }
    // Losses: each unit that left play, and each that gave steps to new
    // counters, with the counters its steps became.
    let mut claimed: Vec<UnitId> = Vec::new();
    let mut losers: Vec<UnitId> = Vec::new();
    for (u, _) in &gone {
        push(&mut losers, *u);
    }
    for (_, from, why) in &created {
        if let Some(p) = from.filter(|_| of_a_step(why)) {
            push(&mut losers, p);
        }
    }
    for u in losers.into_iter().filter(|u| s.get(*u).is_some()) {
        let mut became: Vec<UnitId> = Vec::new();
        for (t, from, why) in &created {
            if *from == Some(u) && of_a_step(why) {
                push(&mut became, *t);
            }
        }
        let mut is_gone = false;
        for (g, by) in &gone {
            if *g == u {
                is_gone = true;
                for b in by {
                    push(&mut became, *b);
                }
            }
        }
        // A counter that came and went within the input is not new.
        became.retain(in_play);
        claimed.extend(became.iter().copied());
        let pos = at
            .iter()
            .find(|(x, _)| *x == u)
            .map(|(_, p)| *p)
            .unwrap_or(s.unit(u).pos);
        // A unit removed and back in play in one input (a fall back and
        // return) lost nothing.
        if is_gone && s.unit(u).in_play() && became.is_empty() {
            continue;
        }
        // Gone: removed, or out of play now (a one-step unit made a
        // runner, 4.2.1 f).
        f.losses.push(Loss {
            unit: u,
            became,
            gone: !s.unit(u).in_play(),
            at: pos,
        });
    }
    for (t, from, why) in &created {
        if let (Some(a), Creation::JoinedUp { with }) = (from, why) {
            if [*a, *with, *t].iter().all(|u| s.get(*u).is_some()) {
                f.joined.push((*a, *with, *t));
            }
            continue;
        }
        if !claimed.contains(t) && in_play(t) {
            push(&mut f.fresh, *t);
        }
    }
    // Statuses said as they stand now.
    let lost: Vec<UnitId> = f.losses.iter().filter(|l| l.gone).map(|l| l.unit).collect();
    f.flipped.retain(|u| in_play(u) && s.unit(*u).flipped);
    f.pinned
        .retain(|u| in_play(u) && s.unit(*u).pinned && !f.fresh.contains(u));
    f.unpinned.retain(|u| in_play(u) && !s.unit(*u).pinned);
    f.exposed.retain(|u| in_play(u) && s.unit(*u).exposed);
    f.moved.retain(|u| !lost.contains(u) && in_play(u));
    f.out_of_ammo.retain(|u| s.get(*u).is_some());
    f.fire_opened
        .retain(|l| s.fires.contains(l) || s.lay_pdfs.contains(l));
    let vehicle_known = |v: &VehicleId| s.vehicles.get(usize::from(v.0)).is_some();
    f.vehicles_in.retain(vehicle_known);
    f.vehicles_moved.retain(|m| vehicle_known(&m.0));
    f.links
        .retain(|(h, u, _)| s.get(*h).is_some() && s.get(*u).is_some());
    f.activity = f.activity.filter(|l| *l == s.activity);
    f
}
