//! The enemy's moves outside its activity checks' actions: falling back
//! (9.4) and moving exposed, withdrawals and dry weapons teams leaving
//! (9.9), leaders left alone (9.7), units leaving play, and the helpers the
//! activity checks share with them (the card picked by R#, the nearest US
//! unit, whether the company sees a card, the terrain's cover).

use crate::data::units::{Side, UnitKind};
use crate::engine::kernel::events::EventKind;
use crate::engine::kernel::events::{Quiet, StatusChange};
use crate::engine::kernel::game::{Game, pick_card};
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::purpose::Purpose;
use crate::engine::kernel::state::{FireLink, Unit};
use crate::engine::kernel::units::leave_play;
use crate::engine::map::ground::terrain_cover;

/// 9.6 and 9.9: a spotted Good Order sniper (not in a fortification), and a
/// spotted Good Order enemy weapons team out of ammunition, move one card
/// away from the US units each Enemy Activity Check Segment until out of
/// their sight or off the map. A sniper out of sight is unspotted again.
pub(crate) fn withdrawals(game: &mut Game) {
    let ids: Vec<UnitId> = game
        .state
        .in_play()
        .filter(|u| u.side != Side::Us && u.unbroken() && u.spotted)
        .map(|u| u.id)
        .collect();
    for id in ids {
        let u = game.state.unit(id).clone();
        if !u.in_play() {
            continue;
        }
        let weapon_dry =
            u.kind == UnitKind::WeaponsTeam && crate::engine::kernel::units::dry(game, &u);
        let fortified = u
            .cover
            .and_then(|c| game.state.cover_kind(u.pos, c))
            .is_some_and(|k| k.is_fortification());
        let sniper = u.kind == UnitKind::Sniper && !fortified;
        if !(sniper || weapon_dry) {
            continue;
        }
        game.state.counters.enemy_checks += 1;
        if us_sees(game, u.pos) {
            let rule = if sniper { "9.6" } else { "9.9" };
            if !withdraw_one_card(game, id, rule, !sniper) {
                continue;
            }
        }
        // 9.6: once out of every US unit's sight the sniper is unspotted.
        let now = game.state.unit(id);
        if sniper && now.in_play() && !us_sees(game, now.pos) {
            game.state.unit_mut(id).spotted = false;
            game.say(
                "9.6",
                EventKind::Status {
                    unit: id,
                    what: StatusChange::Unspotted,
                },
                Vec::new(),
            );
        }
    }
    crate::engine::combat::engage::update(game);
    crate::engine::enemy::activity::update(game);
}

/// 9.9: in the Clean Up Phase an unspotted enemy weapons team out of
/// ammunition leaves play.
pub fn dry_teams_leave(game: &mut Game) {
    if game.state.options.no_ammo {
        return;
    }
    let ids: Vec<UnitId> = game
        .state
        .in_play()
        .filter(|u| {
            u.side != Side::Us
                && u.kind == UnitKind::WeaponsTeam
                && crate::engine::kernel::units::dry(game, u)
                && !u.spotted
        })
        .map(|u| u.id)
        .collect();
    for id in ids {
        leave_play(
            game,
            id,
            "9.9",
            crate::engine::kernel::events::Exit::Dry,
            Vec::new(),
        );
    }
}

/// How far the nearest US unit on the map (casualties aside) is from `at`;
/// `u8::MAX` with none on the map.
pub(crate) fn nearest_us(game: &Game, at: CardPos) -> u8 {
    game.friendly()
        .filter(|f| !f.pos.is_staging() && f.kind != UnitKind::Casualty)
        .map(|f| f.pos.distance(at))
        .min()
        .unwrap_or(u8::MAX)
}

/// Whether any US unit on the map sees `at` or stands on it.
pub(crate) fn us_sees(game: &Game, at: CardPos) -> bool {
    game.friendly()
        .filter(|f| !f.pos.is_staging() && f.kind != UnitKind::Casualty)
        .any(|f| f.pos == at || game.unit_sees(f.id, at))
}

/// 9.4 Fall Back: the enemy unit moves to one of the cards to its rear,
/// first one out of sight of every US unit, then the one with the best
/// terrain cover, then at random; it is marked Exposed. Decision (9.4):
/// the rear is the row beyond the unit, away from the edge the company
/// entered by (row + 1): the card straight behind and the two diagonals,
/// those that exist (two at a side edge). With no card there the unit
/// leaves the map and is removed from play; the map is not extended. A
/// unit that was firing at US units on its own card keeps that target
/// from its new card unless it falls back onto US units. Returns whether
/// the unit is still in play.
pub fn fall_back(game: &mut Game, id: UnitId, rule: &str) -> bool {
    let u = game.state.unit(id).clone();
    if !u.in_play() {
        return false;
    }
    let rear: Vec<CardPos> = [-1i8, 0, 1]
        .iter()
        .map(|dc| CardPos::new(u.pos.row + 1, u.pos.col + dc))
        .filter(|q| game.state.map.card(*q).is_some())
        .collect();
    // 9.4: enemy units that move keep to the stacking limit as US units do.
    let options: Vec<(CardPos, (bool, i32))> = rear
        .iter()
        .copied()
        .filter(|q| game.has_room(id, *q))
        .map(|q| (q, (!us_sees(game, q), terrain_cover(game, q))))
        .collect();
    // Decision (9.4): rear cards all full to the stacking limit leave the
    // unit where it is; only a missing rear card takes it off the map.
    if options.is_empty() && !rear.is_empty() {
        game.say(
            rule,
            EventKind::Nothing {
                why: Quiet::CannotFallBack { unit: id },
            },
            Vec::new(),
        );
        return true;
    }
    let Some((to, reads)) = pick_card(game, &options, Purpose::FallBack) else {
        crate::engine::kernel::units::leave_play_as(
            game,
            id,
            rule,
            crate::engine::kernel::events::Removal::FellBackOffMap { from: u.pos },
            Vec::new(),
        );
        crate::engine::combat::fire::drop_orphan_fire(game, u.pos);
        crate::engine::combat::engage::update(game);
        return false;
    };
    let held_own_card = game
        .state
        .fires
        .iter()
        .any(|f| f.side == u.side && f.from == u.pos && f.target == u.pos);
    move_exposed(game, id, to);
    if held_own_card && game.us_on(u.pos) && !game.us_on(to) {
        let link = FireLink {
            side: u.side,
            from: to,
            target: u.pos,
        };
        if !game.state.fires.contains(&link) {
            game.state.fires.push(link);
            crate::engine::combat::fire::fire_opened(game, link, false);
        }
    }
    let (out, c) = options
        .iter()
        .find(|(q, _)| *q == to)
        .map(|(_, k)| *k)
        .unwrap_or_default();
    game.say(
        rule,
        EventKind::Moved {
            unit: id,
            from: u.pos,
            to,
            exposed: true,
            fell_back: true,
            how: crate::engine::kernel::events::Movement::FallBack {
                unseen: out,
                cover: c,
            },
        },
        reads,
    );
    crate::engine::combat::engage::update(game);
    crate::engine::enemy::activity::update(game);
    true
}

/// 9.7: an enemy leader alone on its card (no other unit of its side but
/// casualties) turns to its fire team side in the Enemy Activity segment.
/// Checking at every segment is the same as "the first segment after being
/// left alone".
pub(crate) fn leaders_alone(game: &mut Game) {
    let alone: Vec<UnitId> = game
        .state
        .in_play()
        .filter(|u| u.side != Side::Us && u.kind == UnitKind::Leader)
        .filter(|l| {
            !game
                .state
                .units_at(l.pos)
                .any(|x| x.id != l.id && x.side == l.side && x.kind != UnitKind::Casualty)
        })
        .map(|u| u.id)
        .collect();
    for id in alone {
        crate::engine::kernel::units::convert(game, id, UnitKind::FireTeam);
        game.say(
            "9.7",
            EventKind::Status {
                unit: id,
                what: StatusChange::FireTeam(crate::engine::kernel::events::TeamFrom::Alone),
            },
            Vec::new(),
        );
    }
}

/// 9.6, 9.9: moves the unit one card away from the nearest US units, out
/// of their sight first, then into the best terrain, then at random; off
/// the map it leaves play. Returns whether it is still in play.
fn withdraw_one_card(game: &mut Game, id: UnitId, rule: &str, dry: bool) -> bool {
    let from = game.state.unit(id).pos;
    let nearest = |at: CardPos| nearest_us(game, at);
    let here = nearest(from);
    let mut options: Vec<(CardPos, (bool, i32))> = Vec::new();
    for d in crate::data::terrain::Dir::ALL {
        let q = from.step(d);
        if nearest(q) <= here || q.row < 1 {
            continue;
        }
        let off = game.state.map.card(q).is_none();
        if !off && (game.us_on(q) || !game.has_room(id, q)) {
            continue;
        }
        // 9.6: a sniper gets out of sight first, then into the best cover,
        // and off the map before anything. 9.9: a weapons team out of
        // ammunition keeps to the greatest cover and concealment (terrain
        // cover, then out of sight); decision: it leaves the map only when
        // no card farther from the company is open to it.
        let key = match (off, dry) {
            (true, false) => (true, i32::MAX),
            (true, true) => (false, i32::MIN),
            (false, false) => (!us_sees(game, q), terrain_cover(game, q)),
            (false, true) => (
                false,
                terrain_cover(game, q) * 2 + i32::from(!us_sees(game, q)),
            ),
        };
        options.push((q, key));
    }
    let Some((to, reads)) = pick_card(game, &options, Purpose::Withdrawal) else {
        return true;
    };
    if game.state.map.card(to).is_none() {
        leave_play(
            game,
            id,
            rule,
            crate::engine::kernel::events::Exit::SlipsOff { from },
            reads,
        );
        return false;
    }
    move_exposed(game, id, to);
    game.say(
        rule,
        EventKind::Moved {
            unit: id,
            from,
            to,
            exposed: true,
            fell_back: false,
            how: crate::engine::kernel::events::Movement::Away,
        },
        reads,
    );
    true
}

/// An enemy unit leaves its card for `to`, out of its cover and marked
/// Exposed (9.4); the company's fire follows it when it can (6.2.3) and
/// fire from the card it left stops if no one there supports it (6.1.2).
pub(crate) fn move_exposed(game: &mut Game, id: UnitId, to: CardPos) {
    let from = game.state.unit(id).pos;
    {
        let m = game.state.unit_mut(id);
        m.pos = to;
        m.cover = None;
        m.exposed = true;
    }
    crate::engine::combat::engage::follow(game, id, from, to);
    crate::engine::combat::fire::drop_orphan_fire(game, from);
    // 9.5: friendly or enemy, a unit entering a mined card checks.
    crate::engine::combat::mines::mine_check(game, id);
}

/// Cards an enemy attempt gets beyond its own: one when the unit is in
/// visual-verbal contact with a Good Order leader (9.7, 4.3.1: same card,
/// neither pinned, under the same cover marker or none).
pub fn bonus(game: &Game, id: UnitId) -> usize {
    let u = game.state.unit(id);
    usize::from(game.state.units_at(u.pos).any(|l| {
        l.id != u.id
            && l.side == u.side
            && l.kind == UnitKind::Leader
            && l.good_order()
            && !l.flipped
            && crate::engine::orders::comms::visual_verbal(u, l)
    }))
}

/// A Good Order enemy leader on the unit's card, the unit aside: the
/// pinned table's leader column (9.4). Decision: the column asks only
/// whether a leader is with the unit, not for visual-verbal contact,
/// which 9.7 requires for the extra card alone.
pub(crate) fn leader_with(game: &Game, u: &Unit) -> bool {
    game.state.units_at(u.pos).any(|l| {
        l.id != u.id
            && l.side == u.side
            && l.kind == UnitKind::Leader
            && l.good_order()
            && !l.flipped
    })
}
