//! The enemy's indirect-fire spotters (9.8): a spotter placed by a contact
//! and its first Incoming!, the card it calls fire on by priority, and its
//! calls for fire in the Enemy Activity segment.

use crate::data::action::Icon;
use crate::data::units::{Side, UnitKind};
use crate::engine::enemy::moves::bonus;
use crate::engine::kernel::events::{EventKind, Needed};
use crate::engine::kernel::events::{MarkerKind, Quiet};
use crate::engine::kernel::game::{Game, pick_card};
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::purpose::Purpose;
use crate::engine::kernel::state::SpotterTask;
use crate::engine::kernel::units::leave_play;
use crate::engine::orders::attempts::attempt;

/// Registers a spotter placed by a contact: its Incoming! falls on the
/// contact card at once, and it keeps the mission's remaining fire
/// missions (9.8).
pub fn spotter_placed(game: &mut Game, id: UnitId, contact: CardPos) {
    let ncm = spotter_ncm(game, id);
    let total = game.mission.enemy_fire.as_ref().map_or(1, |f| f.missions);
    if let Some(c) = game.state.map.card_mut(contact) {
        c.markers.incoming = true;
        c.markers.enemy_incoming = true;
        c.markers.incoming_mod = ncm;
    }
    game.state.spotters.push(SpotterTask {
        unit: id,
        missions: total.saturating_sub(1),
        target: contact,
    });
    game.say(
        "9.8",
        EventKind::Marker {
            pos: contact,
            what: MarkerKind::Incoming {
                spotter: id,
                ncm,
                left: total.saturating_sub(1),
            },
        },
        Vec::new(),
    );
    if total <= 1 {
        spent(game, id);
    }
}

fn spotter_ncm(game: &Game, id: UnitId) -> i8 {
    game.state
        .unit(id)
        .type_in(&game.data)
        .and_then(|t| t.incoming)
        .unwrap_or(0)
}

/// The card a spotter calls fire on (9.8): US units on the card of its
/// last Incoming!; else, in its sight, a card with a US vehicle; else the
/// card with the most US steps; the nearer first and R# between equals at
/// the same range. Never a card holding enemy units (9.2.2).
pub fn spotter_target(game: &mut Game, task: &SpotterTask) -> Option<CardPos> {
    // 9.2.2: the enemy never puts its fire on a card holding its own units.
    let own = |g: &Game, p: CardPos| {
        g.state
            .units_at(p)
            .any(|x| x.side != Side::Us && x.kind != UnitKind::Casualty)
    };
    if game.us_on(task.target) && !own(game, task.target) {
        return Some(task.target);
    }
    let u = game.state.unit(task.unit).clone();
    // 9.8: the company's vehicles are the second priority.
    let vehicle_on = |g: &Game, p: CardPos| {
        g.state
            .vehicles
            .iter()
            .any(|v| v.in_play() && v.side == Side::Us && v.pos == p)
    };
    let mut cards: Vec<CardPos> = game
        .friendly()
        .filter(|f| !f.pos.is_staging() && f.kind != UnitKind::Casualty)
        .map(|f| f.pos)
        .chain(
            game.state
                .vehicles
                .iter()
                .filter(|v| v.in_play() && v.side == Side::Us && !v.pos.is_staging())
                .map(|v| v.pos),
        )
        .filter(|p| *p != u.pos && !own(game, *p))
        .collect();
    cards.sort();
    cards.dedup();
    let options: Vec<(CardPos, (bool, u8, i32))> = cards
        .into_iter()
        .filter(|p| game.unit_sees(u.id, *p))
        .map(|p| {
            (
                p,
                (
                    vehicle_on(game, p),
                    game.state.steps_at(p, Side::Us),
                    -(u.pos.distance(p) as i32),
                ),
            )
        })
        .collect();
    pick_card(game, &options, Purpose::SpotterTie).map(|(p, reads)| {
        if !reads.is_empty() {
            game.say(
                "9.8",
                EventKind::Nothing {
                    why: Quiet::RandomTarget(crate::engine::kernel::events::Tie::SpotterCards {
                        pick: p,
                    }),
                },
                reads,
            );
        }
        p
    })
}

/// 9.8: each Good Order spotter with fire missions calls for fire; one
/// with none left leaves play. A call draws the mission's cards (one more
/// with a leader) for a burst; a success places a Pending marker that
/// lands in the VOF segment (3.7.1 A) and spends a mission.
pub(crate) fn spotters(game: &mut Game) {
    let draws = game.mission.enemy_fire.as_ref().map_or(1, |f| f.draws) as usize;
    let tasks = game.state.spotters.clone();
    for (i, task) in tasks.iter().enumerate() {
        let u = game.state.unit(task.unit).clone();
        if !u.in_play() || !u.good_order() || u.kind != UnitKind::Spotter {
            continue;
        }
        game.state.counters.enemy_checks += 1;
        if task.missions == 0 {
            spent(game, task.unit);
            continue;
        }
        let Some(target) = spotter_target(game, task) else {
            game.say(
                "9.8",
                EventKind::Nothing {
                    why: Quiet::NoTarget { spotter: task.unit },
                },
                Vec::new(),
            );
            continue;
        };
        let n = draws + bonus(game, task.unit);
        let r = attempt(
            game,
            Some(task.unit),
            n,
            Needed::Icon(Icon::Burst),
            Purpose::EnemyCall { target },
        );
        if !r.success {
            continue;
        }
        let ncm = spotter_ncm(game, task.unit);
        if let Some(c) = game.state.map.card_mut(target)
            && !c.markers.pending_fire
        {
            c.markers.pending_fire = true;
            c.markers.enemy_pending = true;
            c.markers.pending_mod = ncm;
            c.markers.pending_kind = Some(crate::data::mission::FmKind::He);
        }
        let t = &mut game.state.spotters[i];
        t.missions -= 1;
        t.target = target;
        let left = t.missions;
        game.say(
            "9.8",
            EventKind::Marker {
                pos: target,
                what: MarkerKind::Pending {
                    spotter: task.unit,
                    ncm,
                    left,
                },
            },
            Vec::new(),
        );
        if left == 0 {
            spent(game, task.unit);
        }
    }
}

/// 9.8: a Good Order spotter whose fire missions are all called leaves
/// play at once.
fn spent(game: &mut Game, id: UnitId) {
    leave_play(
        game,
        id,
        "9.8",
        crate::engine::kernel::events::Exit::SpotterDone,
        Vec::new(),
    );
}
