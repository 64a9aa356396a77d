//! Movement actions (4.2.2, 5.1, 5.2.3): moving between cards, infiltrating,
//! seeking and moving to cover, picking up casualties.
//!
//! Why this file is long: the family's check, candidates and performance
//! share its private helpers on destinations and cover markers (5.1.5,
//! 5.2.3); split, those would have to be opened to other files.

use crate::data::action::{Icon, Word};
use crate::data::charts::CoverKind;
use crate::data::terrain::{Dir, Relief, TerrainType};
use crate::data::units::{Side, UnitKind, Vof, Weapon};
use crate::engine::combat::fire::{diagonal_crosses_pdf, ratings};
use crate::engine::kernel::events::{EventKind, Needed};
use crate::engine::kernel::events::{MarkerKind, StatusChange};
use crate::engine::kernel::game::{Game, Illegal};
use crate::engine::kernel::ids::{CoverId, UnitId};
use crate::engine::kernel::input::{Action, Order};
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::purpose::Purpose;
use crate::engine::kernel::state::{Asset, CoverMarker, MapCard, Unit};
use crate::engine::kernel::units::is_plt_hq;
use crate::engine::kernel::why::Move;
use crate::engine::kernel::words::why::refuse;
use crate::engine::map::bounds::Barred;
use crate::engine::map::reveal::reveal_around;
use crate::engine::movement::carrying::pick_up_item;
use crate::engine::movement::carrying::{can_take, items_open_to};
use crate::engine::orders::attempts::{attempt, failed};
use crate::engine::orders::chain::can_order;
use crate::engine::orders::wanted::Wanted;

/// Fortifications between which moving is not exposed (5.1.1, 5.1.2).
fn fortified(kind: Option<CoverKind>) -> bool {
    matches!(
        kind,
        Some(CoverKind::Trench | CoverKind::Bunker | CoverKind::Pillbox | CoverKind::DeepBunker)
    )
}

/// Positions a unit can step to from `pos` (5.1.2, 2.4.2 A).
pub fn neighbours(game: &Game, pos: CardPos) -> impl Iterator<Item = CardPos> + '_ {
    Dir::ALL
        .iter()
        .map(move |d| pos.step(*d))
        .filter(|p| game.state.map.is_staging(*p) || game.state.map.card(*p).is_some())
}

/// No cover marker, then each marker on the card: where a unit moving
/// there, or within it, may end (5.2.3).
fn cover_choices(card: Option<&MapCard>) -> impl Iterator<Item = Option<CoverId>> + '_ {
    let markers = card.map(|c| c.covers.as_slice()).unwrap_or(&[]);
    std::iter::once(None).chain(markers.iter().map(|m| Some(m.id)))
}

/// Whether the enemy holds a cover marker (only one side may be under a
/// marker at a time, 5.2.3).
fn cover_held_by_other(game: &Game, pos: CardPos, cover: CoverId, side: Side) -> bool {
    game.state
        .units_at(pos)
        .any(|u| u.cover == Some(cover) && u.side != side && u.kind != UnitKind::Casualty)
}

/// Checks that a unit may go under a cover marker on a card.
fn check_cover(game: &Game, u: &Unit, pos: CardPos, cover: CoverId) -> Result<(), Illegal> {
    let Some(kind) = game.state.cover_kind(pos, cover) else {
        return refuse(game, Move::NoSuchCover { pos });
    };
    if cover_held_by_other(game, pos, cover, u.side) {
        return refuse(game, Move::CoverHeldByEnemy);
    }
    let cap = game
        .data
        .charts
        .cover_markers
        .iter()
        .find(|c| c.kind == kind)
        .and_then(|c| c.capacity);
    if let Some(cap) = cap {
        let inside: u8 = game
            .state
            .units_at(pos)
            .filter(|x| x.cover == Some(cover) && x.id != u.id && x.kind != UnitKind::Casualty)
            .map(|x| x.steps)
            .sum();
        if inside + u.steps > cap {
            return refuse(game, Move::CoverFull { kind, cap });
        }
    }
    Ok(())
}

/// The friendly units (casualties aside) on a card.
fn friendly_occupied(game: &Game, pos: CardPos, except: UnitId) -> bool {
    game.state
        .units_at(pos)
        .any(|x| x.side == Side::Us && x.id != except && x.kind != UnitKind::Casualty)
}

/// 4.2.5: where a pinned unit or a limited action team may move to an
/// adjacent card.
fn restricted_destination(
    game: &Game,
    u: &Unit,
    to: CardPos,
    infiltrate: bool,
) -> Result<(), Illegal> {
    // 4.2.5: a pinned unit or a team moves (4.2.2 a) only to a staging area
    // or a friendly card under no VOF. Infiltrating (4.2.2 c) has no such
    // condition: a fire or litter team may infiltrate into any
    // friendly-occupied card, under fire or not, and a pinned or paralyzed
    // unit may not infiltrate at all; the infiltration check says both.
    let safe = || {
        infiltrate
            || game.state.map.is_staging(to)
            || (friendly_occupied(game, to, u.id) && !game.card_under_vof(to))
    };
    if u.pinned {
        return if safe() {
            Ok(())
        } else {
            refuse(game, Move::PinnedToSafetyOnly { unit: u.id })
        };
    }
    match u.kind {
        _ if u.fire_team_lat() => {
            if !safe() {
                return refuse(game, Move::FireTeamToSafetyOnly);
            }
            if game
                .state
                .map
                .card(to)
                .is_some_and(|c| c.markers.pc.is_some())
            {
                return refuse(game, Move::FireTeamIntoPc);
            }
            Ok(())
        }
        UnitKind::LitterTeam | UnitKind::ParalyzedTeam if !safe() => {
            refuse(game, Move::LitterToSafetyOnly)
        }
        _ => Ok(()),
    }
}

/// Common checks for moving a unit to an adjacent card (4.2.2 a, 5.1.2).
pub fn check_move(
    game: &Game,
    by: Option<UnitId>,
    unit: UnitId,
    to: CardPos,
    cover: Option<CoverId>,
    infiltrate: bool,
) -> Result<(), Illegal> {
    can_order(game, by, unit)?;
    let u = game.state.unit(unit);
    if u.kind == UnitKind::Casualty {
        return refuse(game, Move::CasualtyMoves);
    }
    if !crate::engine::orders::chain::may_move_on_patrol(game, u) {
        return refuse(game, Move::NotOnPatrol { unit });
    }
    if u.exposed {
        return refuse(game, Move::ExposedMoves { unit });
    }
    // 5.1.6 A-B: a pinned or paralyzed carrier keeps what it carries but
    // cannot transport it any farther until rallied; it must set it down.
    if (u.pinned || u.kind == UnitKind::ParalyzedTeam)
        && game.state.carried.iter().any(|(k, _)| *k == unit)
    {
        return refuse(game, Move::CarrierTiedDown { unit });
    }
    if !u.pos.adjacent(to) {
        return refuse(game, Move::NotAdjacent { from: u.pos, to });
    }
    if let Some(barred) = game.state.map.friendly_barred(to) {
        return refuse(
            game,
            match barred {
                Barred::NoCard(to) => Move::NoCard { to },
                Barred::Side(to) => Move::BeyondSide { to },
                Barred::FarEdge(to) => Move::BeyondFarEdge { to },
                Barred::LimitOfAdvance(to, loa) => Move::BeyondLimitOfAdvance { to, loa },
            },
        );
    }
    restricted_destination(game, u, to, infiltrate)?;
    if diagonal_crosses_pdf(game, u.pos, to) {
        return refuse(game, Move::DiagonalPdf);
    }
    if !game.state.map.is_staging(to) {
        let steps = game.state.steps_at(to, u.side);
        let limit = game.data.charts.stacking.steps;
        let escort: u8 = idle_runners(game, unit)
            .iter()
            .map(|r| game.state.unit(*r).steps)
            .sum();
        if steps + u.steps + escort > limit {
            return refuse(game, Move::Stacking { to, steps, limit });
        }
    }
    if let Some(c) = cover {
        check_cover(game, u, to, c)?;
    }
    Ok(())
}

/// Units that may not infiltrate: tripod machine guns and H VOF (5.1.4).
fn cannot_infiltrate(game: &Game, u: &Unit) -> bool {
    let t = u.type_in(&game.data);
    t.is_some_and(|t| t.weapon == Some(Weapon::TripodMg))
        || ratings(game, u).is_some_and(|r| r.vof == Vof::H)
}

pub fn check(game: &Game, by: Option<UnitId>, action: &Action) -> Result<(), Illegal> {
    match action {
        Action::Move { unit, to, cover } => {
            let u = game.state.unit(*unit);
            if !u.good_order() && !u.pinned && !u.kind.is_lat() && !u.flipped {
                return refuse(game, Move::NotGoodOrder);
            }
            check_move(game, by, *unit, *to, *cover, false)
        }
        Action::Infiltrate { unit, to, cover } => {
            check_move(game, by, *unit, *to, *cover, true)?;
            let u = game.state.unit(*unit);
            if u.pinned {
                return refuse(game, Move::PinnedInfiltrates);
            }
            match u.kind {
                UnitKind::ParalyzedTeam => return refuse(game, Move::ParalyzedInfiltrates),
                _ if (u.fire_team_lat() || u.kind == UnitKind::LitterTeam)
                    && !friendly_occupied(game, *to, *unit) =>
                {
                    return refuse(game, Move::TeamInfiltratesAlone);
                }
                _ => {}
            }
            if cannot_infiltrate(game, u) {
                return refuse(game, Move::HeavyInfiltrates);
            }
            if !game.card_under_vof(u.pos) && !game.card_under_vof(*to) {
                return refuse(game, Move::InfiltrateNoVof);
            }
            Ok(())
        }
        Action::MovePlatoon { to } | Action::InfiltratePlatoon { to } => {
            let Some(h) = by else {
                return refuse(game, Move::PlatoonWithoutHq);
            };
            if !is_plt_hq(game, h) {
                return refuse(game, Move::PlatoonNotByPltHq);
            }
            if game.state.unit(h).flipped {
                return refuse(game, Move::FlippedHqPlatoon);
            }
            if !crate::engine::orders::chain::may_move_on_patrol(game, game.state.unit(h)) {
                return refuse(game, Move::NotOnPatrol { unit: h });
            }
            let infiltrate = matches!(action, Action::InfiltratePlatoon { .. });
            let movers = platoon_movers(game, h, *to, infiltrate);
            if movers.is_empty() {
                return refuse(game, Move::NoPlatoonMover { to: *to });
            }
            let pos = game.state.unit(h).pos;
            if infiltrate && !game.card_under_vof(pos) && !game.card_under_vof(*to) {
                return refuse(game, Move::InfiltrateNoVof);
            }
            let steps: u8 = movers.iter().map(|m| game.state.unit(*m).steps).sum();
            if !game.state.map.is_staging(*to)
                && game.state.steps_at(*to, Side::Us) + steps > game.data.charts.stacking.steps
            {
                return refuse(game, Move::PlatoonStacking { to: *to });
            }
            Ok(())
        }
        Action::SeekCover { unit } => {
            can_order(game, by, *unit)?;
            let u = game.state.unit(*unit);
            if u.kind == UnitKind::ParalyzedTeam || u.kind == UnitKind::Casualty {
                return refuse(game, Move::CannotSeekCover);
            }
            if u.pos.is_staging() {
                return refuse(game, Move::SeekCoverStaging);
            }
            if u.cover.is_some() {
                return refuse(game, Move::SeekCoverUnderCover);
            }
            if cover_potential_left(game, u.pos) == 0 {
                return refuse(game, Move::CoverPotentialReached { pos: u.pos });
            }
            Ok(())
        }
        Action::MoveCover { unit, cover } | Action::InfiltrateCover { unit, cover } => {
            can_order(game, by, *unit)?;
            let u = game.state.unit(*unit);
            if matches!(u.kind, UnitKind::ParalyzedTeam | UnitKind::Casualty) {
                return refuse(game, Move::CannotMoveWithin);
            }
            if u.cover == *cover {
                return refuse(
                    game,
                    match cover {
                        Some(_) => Move::AlreadyUnderCover,
                        None => Move::NotUnderCover,
                    },
                );
            }
            if let Some(c) = cover {
                check_cover(game, u, u.pos, *c)?;
            }
            if matches!(action, Action::InfiltrateCover { .. }) {
                if u.exposed {
                    return refuse(game, Move::ExposedInfiltrates);
                }
                if u.pinned {
                    return refuse(game, Move::PinnedInfiltrates);
                }
                if cannot_infiltrate(game, u) {
                    return refuse(game, Move::HeavyInfiltrates);
                }
                if !game.card_under_vof(u.pos) {
                    return refuse(game, Move::InfiltrateWithinNoVof);
                }
            }
            Ok(())
        }
        Action::PickUpItem { unit, item } => {
            can_order(game, by, *unit)?;
            can_take(game, *unit, *item)
        }
        Action::PickUp { unit, casualty } => {
            can_order(game, by, *unit)?;
            let u = game.state.unit(*unit);
            if u.pinned || matches!(u.kind, UnitKind::ParalyzedTeam | UnitKind::Casualty) {
                return refuse(game, Move::TiedDownPicksUp);
            }
            let Some(c) = game.state.get(*casualty) else {
                return refuse(game, Move::NoSuchCasualty);
            };
            if c.kind != UnitKind::Casualty || !c.in_play() || c.side != u.side {
                return refuse(game, Move::NotFriendlyCasualty { unit: *casualty });
            }
            if c.pos != u.pos {
                return refuse(game, Move::CasualtyElsewhere);
            }
            if game.state.carried.iter().any(|(_, x)| x == casualty) {
                return refuse(game, Move::CasualtyCarried);
            }
            if u.cargo.is_some() {
                return refuse(game, Move::CasualtiesOrAmmo);
            }
            let load = game.state.carried.iter().filter(|(k, _)| k == unit).count() as u8;
            if load >= u.steps {
                return refuse(game, Move::CasualtyPerStep);
            }
            Ok(())
        }
        _ => refuse(game, Move::NotMovement),
    }
}

/// Runners not on an errand, which move with the CO HQ (4.3.2): those that
/// would go along if `unit` (the CO HQ) moved; empty for any other unit.
pub fn idle_runners(game: &Game, unit: UnitId) -> Vec<UnitId> {
    if game.state.co_hq().is_none_or(|c| c.id != unit) {
        return Vec::new();
    }
    let from = game.state.unit(unit).pos;
    let busy: Vec<UnitId> = game.state.runners.iter().map(|t| t.runner).collect();
    game.friendly()
        .filter(|r| r.kind == UnitKind::Runner && !busy.contains(&r.id) && r.pos == from)
        .map(|r| r.id)
        .collect()
}

/// The units of a platoon that take part in a platoon move (4.2.2 b, d):
/// Good Order, on the HQ's card, not Exposed, and able to make the move.
pub fn platoon_movers(game: &Game, hq: UnitId, to: CardPos, infiltrate: bool) -> Vec<UnitId> {
    crate::engine::kernel::units::platoon_on_card(game, hq)
        .filter(|u| stays(game, hq, u, to, infiltrate).is_none())
        .map(|u| u.id)
        .collect()
}

/// The units of `hq`'s platoon on its card that a platoon move (or
/// infiltration) to `to` leaves behind, each with why, in words: the
/// preview says who stays (a newcomer's platoon move left its Exposed HQ
/// behind unsaid).
pub fn platoon_left_behind(
    game: &Game,
    hq: UnitId,
    to: CardPos,
    infiltrate: bool,
) -> Vec<(UnitId, String)> {
    crate::engine::kernel::units::platoon_on_card(game, hq)
        .filter(|u| u.kind != UnitKind::Casualty)
        .filter_map(|u| stays(game, hq, u, to, infiltrate).map(|why| (u.id, why.words(game, hq))))
        .collect()
}

/// Why a unit of the platoon stays when its platoon moves (4.2.2 b).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stays {
    NotGoodOrder,
    Exposed,
    Aboard,
    OnPatrol,
    OutOfTouch,
    CannotInfiltrate,
    CannotEnter,
}

impl Stays {
    fn words(self, game: &Game, hq: UnitId) -> String {
        match self {
            Stays::NotGoodOrder => "it is not in Good Order (4.2.2 b)".into(),
            Stays::Exposed => {
                "it is Exposed and cannot move to another card this turn (5.1.3)".into()
            }
            Stays::Aboard => "it is aboard a vehicle".into(),
            Stays::OnPatrol => "it is not on the patrol (11.4)".into(),
            Stays::OutOfTouch => format!(
                "it is out of communication with {} (4.3)",
                game.describe(hq)
            ),
            Stays::CannotInfiltrate => {
                "tripod machine guns and heavy weapons cannot infiltrate (5.1.4)".into()
            }
            Stays::CannotEnter => "it cannot enter that card from here (5.1.2)".into(),
        }
    }
}

/// Whether a unit of the platoon on the HQ's card moves with it, and if
/// not why: the one place the rule is written.
fn stays(game: &Game, hq: UnitId, u: &Unit, to: CardPos, infiltrate: bool) -> Option<Stays> {
    if !u.good_order() {
        return Some(Stays::NotGoodOrder);
    }
    if u.exposed {
        return Some(Stays::Exposed);
    }
    if u.riding.is_some() {
        return Some(Stays::Aboard);
    }
    // 11.4: on a combat patrol the units left at home never move.
    if !crate::engine::orders::chain::may_move_on_patrol(game, u) {
        return Some(Stays::OnPatrol);
    }
    // 4.3: each mover receives the order, so it must be in communication
    // with the HQ (e.g. not under another cover marker, 4.3.1).
    if !crate::engine::orders::comms::in_communication(game, hq, u.id) {
        return Some(Stays::OutOfTouch);
    }
    if infiltrate && cannot_infiltrate(game, u) {
        return Some(Stays::CannotInfiltrate);
    }
    if !(u.pos.adjacent(to)
        && game.state.map.friendly_may_enter(to)
        && !diagonal_crosses_pdf(game, u.pos, to))
    {
        return Some(Stays::CannotEnter);
    }
    None
}

/// Cover markers that can still be found on a card (5.2.3): the top card's
/// potential less the markers found that count against it.
pub fn cover_potential_left(game: &Game, pos: CardPos) -> u8 {
    let Some(top) = game.top_card(pos) else {
        return 0;
    };
    let found = game
        .state
        .map
        .card(pos)
        .map(|c| {
            c.covers
                .iter()
                .filter(|m| {
                    !m.kind.is_fortification()
                        && !matches!(m.kind, CoverKind::UpperStory | CoverKind::ChurchTower)
                })
                .count() as u8
        })
        .unwrap_or(0);
    top.cover_markers.saturating_sub(found)
}

/// The movement family's candidates, as `wanted` asks (see
/// [`Wanted`]), and the platoon moves. Pruned, it leaves out an
/// Exposed unit moving to another card (5.1.3), infiltrating with no VOF
/// on the card left or entered (5.1.4), seeking cover in the staging area
/// or under a cover marker, and moving to the cover a unit is already
/// under (5.1.1).
pub(crate) fn candidates(game: &Game, wanted: &mut Wanted, out: &mut Vec<Action>) {
    let prune = wanted.prune;
    let imp_hq = game.state.impulse.as_ref().and_then(|i| i.hq);
    // Whether a VOF lies on a card, asked once per card.
    let mut vofs: Vec<(CardPos, bool)> = Vec::new();
    let mut vof = |pos: CardPos| match vofs.iter().find(|(p, _)| *p == pos) {
        Some((_, v)) => *v,
        None => {
            let v = game.card_under_vof(pos);
            vofs.push((pos, v));
            v
        }
    };
    // The company's casualties in play, in id order, found once.
    let casualties: Vec<&Unit> = game
        .friendly()
        .filter(|c| c.kind == UnitKind::Casualty)
        .collect();
    for u in game.friendly() {
        if u.kind == UnitKind::Casualty || !(wanted.units)(u.id) {
            continue;
        }
        let moves = !prune || !u.exposed;
        let vof_here = prune && vof(u.pos);
        for to in neighbours(game, u.pos) {
            let infiltrates = !prune || (!u.exposed && (vof_here || vof(to)));
            if !moves && !infiltrates {
                continue;
            }
            for cover in cover_choices(game.state.map.card(to)) {
                if moves {
                    out.push(Action::Move {
                        unit: u.id,
                        to,
                        cover,
                    });
                }
                if infiltrates {
                    out.push(Action::Infiltrate {
                        unit: u.id,
                        to,
                        cover,
                    });
                }
            }
        }
        if !prune || !(u.pos.is_staging() || u.cover.is_some()) {
            out.push(Action::SeekCover { unit: u.id });
        }
        let here = game.state.map.card(u.pos);
        for cover in cover_choices(here) {
            if prune && u.cover == cover {
                continue;
            }
            out.push(Action::MoveCover { unit: u.id, cover });
            if !prune || vof_here {
                out.push(Action::InfiltrateCover { unit: u.id, cover });
            }
        }
        for c in casualties.iter().filter(|c| c.pos == u.pos) {
            out.push(Action::PickUp {
                unit: u.id,
                casualty: c.id,
            });
        }
        if let Some(card) = here {
            for item in 0..card.markers.items.len() {
                out.push(Action::PickUpItem { unit: u.id, item });
            }
        }
    }
    if let Some(h) = imp_hq
        && is_plt_hq(game, h)
    {
        for to in neighbours(game, game.state.unit(h).pos) {
            out.push(Action::MovePlatoon { to });
            out.push(Action::InfiltratePlatoon { to });
        }
    }
}

/// Cards an infiltration attempt draws, to or from cover or into the next
/// card, alone or with a platoon: two, by the unit's experience (4.2).
/// The order and its forecast both read it.
pub(crate) fn infiltrate_draws(game: &Game, unit: UnitId) -> usize {
    game.attempt_draws(2, game.experience(unit))
}

/// Cards a Seek Cover attempt draws: the unit's card's own figure (two on
/// a card that gives none), by the unit's experience (4.2).
pub(crate) fn seek_cover_draws(game: &Game, unit: UnitId) -> usize {
    let pos = game.state.unit(unit).pos;
    let base = game.top_card(pos).map(|c| c.seek_draws).unwrap_or(2);
    game.attempt_draws(base, game.experience(unit))
}

pub fn perform(game: &mut Game, order: &Order) {
    match &order.action {
        Action::Move { unit, to, cover } => move_unit(game, *unit, *to, *cover, true),
        Action::Infiltrate { unit, to, cover } => {
            let n = infiltrate_draws(game, *unit);
            let r = attempt(
                game,
                Some(*unit),
                n,
                Needed::Icon(Icon::Infiltrate),
                Purpose::Infiltration,
            );
            move_unit(game, *unit, *to, *cover, !r.success);
            if !r.success {
                failed(game, order, *unit, false);
            }
        }
        Action::MovePlatoon { to } | Action::InfiltratePlatoon { to } => {
            let Some(h) = order.by else { return };
            let infiltrate = matches!(order.action, Action::InfiltratePlatoon { .. });
            let movers = platoon_movers(game, h, *to, infiltrate);
            let from_fortified: Vec<bool> = movers
                .iter()
                .map(|m| {
                    let u = game.state.unit(*m);
                    fortified(u.cover.and_then(|c| game.state.cover_kind(u.pos, c)))
                })
                .collect();
            for &m in &movers {
                if let Some(imp) = &mut game.state.impulse
                    && m != h
                {
                    imp.done.push((m, "Move to an Adjacent Card".into()));
                }
                if infiltrate {
                    let n = infiltrate_draws(game, m);
                    let r = attempt(
                        game,
                        Some(m),
                        n,
                        Needed::Icon(Icon::Infiltrate),
                        Purpose::PlatoonInfiltration,
                    );
                    move_unit(game, m, *to, None, !r.success);
                    if !r.success {
                        failed(game, order, m, false);
                    }
                } else {
                    move_unit(game, m, *to, None, true);
                }
            }
            // 4.2.2 b: each unit performs a move of 4.2.2 a, which lets it
            // end under a cover marker of the new card: the player says,
            // unit by unit, where there is a marker it may go under.
            for (m, from_fortified) in movers.into_iter().zip(from_fortified) {
                let covers = covers_open_to(game, m);
                if !covers.is_empty() {
                    game.state
                        .choices
                        .push(crate::engine::kernel::input::Choice::MoverCover {
                            unit: m,
                            covers,
                            from_fortified,
                        });
                }
            }
        }
        Action::SeekCover { unit } => {
            let n = seek_cover_draws(game, *unit);
            let r = attempt(
                game,
                Some(*unit),
                n,
                Needed::Word(Word::Cover),
                Purpose::SeekingCover,
            );
            if r.success {
                found_cover(game, *unit);
            } else {
                failed(game, order, *unit, false);
            }
        }
        Action::MoveCover { unit, cover } => change_cover(game, *unit, *cover, true),
        Action::InfiltrateCover { unit, cover } => {
            let n = infiltrate_draws(game, *unit);
            let r = attempt(
                game,
                Some(*unit),
                n,
                Needed::Icon(Icon::Infiltrate),
                Purpose::InfiltratingCover,
            );
            change_cover(game, *unit, *cover, !r.success);
            if !r.success {
                failed(game, order, *unit, false);
            }
        }
        Action::PickUpItem { unit, item } => {
            pick_up_item(game, *unit, *item);
            // 5.1.6 B: one Pick Up order takes items up to the unit's
            // capacity: the player may go on picking up, free.
            if !items_open_to(game, *unit).is_empty() {
                game.state
                    .choices
                    .push(crate::engine::kernel::input::Choice::PickUpMore { unit: *unit });
            }
        }
        Action::PickUp { unit, casualty } => {
            game.state.carried.push((*unit, *casualty));
            game.state.carried.sort();
            game.state.unit_mut(*unit).exposed = true;
            game.say(
                "5.1.6 B",
                EventKind::Status {
                    unit: *unit,
                    what: StatusChange::PickedUpACasualty(*casualty),
                },
                Vec::new(),
            );
        }
        _ => {}
    }
}

/// The success branch of a failed movement attempt, for Exhort (4.2.1 b).
pub fn upgrade(game: &mut Game, order: &Order, unit: UnitId) {
    match &order.action {
        Action::Infiltrate { .. }
        | Action::InfiltratePlatoon { .. }
        | Action::InfiltrateCover { .. } => {
            game.state.unit_mut(unit).exposed = false;
            game.say(
                "5.1.4",
                EventKind::Status {
                    unit,
                    what: StatusChange::NotExposed,
                },
                Vec::new(),
            );
        }
        Action::SeekCover { .. }
            if game.state.unit(unit).cover.is_none()
                && cover_potential_left(game, game.state.unit(unit).pos) > 0 =>
        {
            found_cover(game, unit);
        }
        _ => {}
    }
}

/// Moves a unit to an adjacent card (5.1.2): Exposed unless told not to,
/// or between fortifications; lays a phone line behind it if it carries
/// one (4.3.4); carried casualties come along.
pub fn move_unit(game: &mut Game, unit: UnitId, to: CardPos, cover: Option<CoverId>, expose: bool) {
    let from = game.state.unit(unit).pos;
    let from_cover = game
        .state
        .unit(unit)
        .cover
        .and_then(|c| game.state.cover_kind(from, c));
    let to_cover = cover.and_then(|c| game.state.cover_kind(to, c));
    let staging = game.state.map.is_staging(from) && game.state.map.is_staging(to);
    let exposed = expose && !staging && !(fortified(from_cover) && fortified(to_cover));
    lay_phone_line(game, unit, from);
    grenades_miss(game, unit, from);
    {
        let u = game.state.unit_mut(unit);
        u.pos = to;
        u.cover = cover;
        if exposed {
            u.exposed = true;
        }
    }
    let carried: Vec<UnitId> = game
        .state
        .carried
        .iter()
        .filter(|(k, _)| *k == unit)
        .map(|(_, c)| *c)
        .collect();
    for c in carried {
        let cu = game.state.unit_mut(c);
        cu.pos = to;
        cu.cover = cover;
    }
    // 4.3.2: runners not on an errand move with the CO HQ.
    {
        for r in idle_runners(game, unit) {
            let ru = game.state.unit_mut(r);
            ru.pos = to;
            ru.cover = cover;
        }
    }
    // Fire from a unit that leaves its card stops (6.1.2): only the
    // links of the card it left that no unit still supports are removed.
    crate::engine::combat::fire::drop_orphan_fire(game, from);
    game.say(
        "5.1.2",
        EventKind::Moved {
            unit,
            from,
            to,
            exposed,
            fell_back: false,
            how: crate::engine::kernel::events::Movement::Order {
                under: cover.is_some(),
            },
        },
        Vec::new(),
    );
    reveal_around(game);
    crate::engine::recovery::victory::touch_route(game);
    crate::engine::combat::mines::mine_check(game, unit);
}

fn lay_phone_line(game: &mut Game, unit: UnitId, from: CardPos) {
    if from.is_staging() {
        return;
    }
    let has_line = game
        .state
        .map
        .card(from)
        .is_some_and(|c| c.markers.phone_line.is_some());
    if has_line {
        return;
    }
    let u = game.state.unit_mut(unit);
    let mut laid = false;
    for a in &mut u.assets {
        if let Asset::PhoneLines(n) = a
            && *n > 0
        {
            *n -= 1;
            laid = true;
            break;
        }
    }
    u.assets.retain(|a| !matches!(a, Asset::PhoneLines(0)));
    if laid {
        if let Some(c) = game.state.map.card_mut(from) {
            c.markers.phone_line = Some(false);
        }
        game.say(
            "4.3.4",
            EventKind::Marker {
                pos: from,
                what: MarkerKind::PhoneLine(unit),
            },
            Vec::new(),
        );
    }
}

/// The cover markers of its card a unit may end a move under (4.2.2 a,
/// 5.2.3 B capacities).
pub fn covers_open_to(game: &Game, unit: UnitId) -> Vec<CoverId> {
    let u = game.state.unit(unit);
    if !u.in_play() || u.pos.is_staging() {
        return Vec::new();
    }
    game.state
        .map
        .card(u.pos)
        .map(|c| {
            c.covers
                .iter()
                .map(|m| m.id)
                .filter(|id| Some(*id) != u.cover && check_cover(game, u, u.pos, *id).is_ok())
                .collect()
        })
        .unwrap_or_default()
}

/// The answer to a platoon mover's cover question (4.2.2 b): the unit and
/// the casualties it carries end under `cover`, or under none; a unit that
/// went from one field fortification into another is not Exposed (4.2.2 a).
pub fn settle_cover(game: &mut Game, unit: UnitId, cover: Option<CoverId>, from_fortified: bool) {
    let pos = game.state.unit(unit).pos;
    let kind = cover.and_then(|c| game.state.cover_kind(pos, c));
    {
        let u = game.state.unit_mut(unit);
        u.cover = cover;
        if from_fortified && fortified(kind) {
            u.exposed = false;
        }
    }
    for (k, c) in game.state.carried.clone() {
        if k == unit {
            game.state.unit_mut(c).cover = cover;
        }
    }
    game.say(
        "4.2.2 b",
        EventKind::CoverChanged {
            unit,
            under: cover.is_some(),
            exposed: false,
            how: crate::engine::kernel::events::CoverMove::PlatoonMove(kind),
        },
        Vec::new(),
    );
}

/// 6.5.1, 6.2.2: the target of successful grenade attacks that moves
/// before combat resolution, out of its card or out of (or into) a cover
/// marker, turns them into a single Grenade Miss on the card it was on.
fn grenades_miss(game: &mut Game, unit: UnitId, pos: CardPos) {
    if game.state.unit(unit).grenaded == 0 {
        return;
    }
    game.state.unit_mut(unit).grenaded = 0;
    game.state.unit_mut(unit).grenaded_light = 0;
    if let Some(c) = game.state.map.card_mut(pos) {
        c.markers.grenade_miss = true;
    }
    game.say(
        "6.5.1",
        EventKind::Marker {
            pos,
            what: MarkerKind::GrenadeMiss { mover: Some(unit) },
        },
        Vec::new(),
    );
}

fn change_cover(game: &mut Game, unit: UnitId, cover: Option<CoverId>, expose: bool) {
    let pos = game.state.unit(unit).pos;
    if game.state.unit(unit).cover != cover {
        grenades_miss(game, unit, pos);
    }
    let from_kind = game
        .state
        .unit(unit)
        .cover
        .and_then(|c| game.state.cover_kind(pos, c));
    let to_kind = cover.and_then(|c| game.state.cover_kind(pos, c));
    let exposed = expose && !(fortified(from_kind) && fortified(to_kind));
    {
        let u = game.state.unit_mut(unit);
        u.cover = cover;
        if exposed {
            u.exposed = true;
        }
    }
    for (k, c) in game.state.carried.clone() {
        if k == unit {
            game.state.unit_mut(c).cover = cover;
        }
    }
    game.say(
        "5.1.1",
        EventKind::CoverChanged {
            unit,
            under: cover.is_some(),
            exposed,
            how: crate::engine::kernel::events::CoverMove::Order(to_kind),
        },
        Vec::new(),
    );
    crate::engine::combat::mines::mine_check(game, unit);
}

/// A successful search for cover (5.2.3): a basic marker, or on an urban
/// card a marker from the urban cover table, with an upper story on a
/// multi-story card and a church tower on a church; the unit goes under the
/// ground-floor marker and is marked Exposed.
pub(crate) fn found_cover(game: &mut Game, unit: UnitId) {
    let pos = game.state.unit(unit).pos;
    let top = game.top_card(pos).cloned();
    let mut reads = Vec::new();
    let mut kinds = vec![CoverKind::Basic];
    if let Some(t) = &top
        && t.urban
    {
        let table = game.data.charts.urban_cover.clone();
        let (r, rr) = game.random(table.n as u32, Purpose::UrbanCover);
        reads = rr;
        let k = table.lookup(r as u8);
        kinds = vec![k];
        if matches!(k, CoverKind::LightBuilding | CoverKind::StrongBuilding) {
            if t.terrain == TerrainType::Church {
                kinds.push(CoverKind::ChurchTower);
            } else if t.relief == Relief::MultiStory {
                kinds.push(CoverKind::UpperStory);
            }
        }
    }
    let mut first = None;
    for k in &kinds {
        let id = CoverId(game.state.next_cover);
        game.state.next_cover += 1;
        if let Some(c) = game.state.map.card_mut(pos) {
            c.covers.push(CoverMarker {
                id,
                kind: *k,
                facing: None,
            });
        }
        first.get_or_insert(id);
    }
    let u = game.state.unit_mut(unit);
    u.cover = first;
    u.exposed = true;
    game.say(
        "5.2.3",
        EventKind::CoverFound {
            unit,
            pos,
            kind: kinds.clone(),
        },
        reads,
    );
}
