//! Combat actions (4.2.4): spotting, concentrated fire, grenades, on-map
//! mortars, cease and shift fire. They place markers; the Combat Effects
//! Segment resolves them.
//!
//! Why this file is long: it is section 4.2.4 whole, one `check` and one
//! `perform` over the combat actions, which share their target, range and
//! PDF checks and their marking; split by action, those shared helpers
//! would be imported across files both ways.

use crate::data::action::{Experience, Icon};
use crate::data::terrain::{CoverValue, TerrainType};
use crate::data::units::{Range, Side, UnitKind, Vof, Weapon};
use crate::engine::combat::fire::{basic_vof, ratings};
use crate::engine::kernel::events::{EventKind, Needed};
use crate::engine::kernel::events::{MarkerKind, StatusChange};
use crate::engine::kernel::game::{Game, Illegal};
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::input::{Action, Order};
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::purpose::Purpose;
use crate::engine::kernel::state::{FireLink, Unit};
use crate::engine::kernel::why::Fire;
use crate::engine::kernel::words::why::refuse;
use crate::engine::orders::attempts::{attempt, failed};
use crate::engine::orders::chain::can_order;
use crate::engine::orders::wanted::Wanted;

/// A unit fit to fight: Good Order, or an unpinned assault or fire team
/// (4.2.5). Never porters: they carry, they do not spot or fight
/// (`UnitKind::Porter`).
fn fighter(u: &Unit) -> bool {
    u.kind != UnitKind::Porter
        && (u.good_order() || (!u.pinned && (u.kind == UnitKind::AssaultTeam || u.fire_team_lat())))
}

/// Refuses a combat order to a unit not fit to fight (4.2.5), with
/// `unfit` (which names what it was ordered to do), porters with their own
/// reason.
fn fit(game: &Game, unit: UnitId, unfit: Fire) -> Result<(), Illegal> {
    let u = game.state.unit(unit);
    if fighter(u) {
        Ok(())
    } else if u.kind == UnitKind::Porter {
        refuse(game, Fire::PorterCannotFight)
    } else {
        refuse(game, unfit)
    }
}

fn range_of(game: &Game, u: &Unit) -> Option<Range> {
    ratings(game, u).map(|r| r.range)
}

fn enemy(game: &Game, id: UnitId) -> Result<&Unit, Illegal> {
    match game.state.get(id) {
        Some(t) if t.in_play() && t.side != Side::Us && t.kind != UnitKind::Casualty => Ok(t),
        _ => refuse(game, Fire::NotEnemyInPlay { unit: id }),
    }
}

/// Whether a target card may be fired at from `from` (6.2.3): on the
/// firing card itself; along one of the card's PDFs; anywhere in line when
/// the card has no PDF yet (a lone G! weapon's first shot, 6.7.4, which
/// then places one).
pub fn along_pdf(game: &Game, from: CardPos, to: CardPos) -> bool {
    if from == to {
        return true;
    }
    let Some(dir) = from.line_dir(to) else {
        return false;
    };
    let mut own = crate::engine::combat::fire::pdfs(game)
        .filter(|f| f.side == Side::Us && f.from == from)
        .peekable();
    own.peek().is_none() || own.any(|f| from.line_dir(f.target) == Some(dir))
}

/// Checks a unit can fire at a target unit: spotted, in LOS, in range,
/// along the PDF.
fn can_engage(game: &Game, u: &Unit, t: &Unit, range: Range) -> Result<(), Illegal> {
    if !t.spotted {
        return refuse(game, Fire::TargetUnspotted);
    }
    if u.pos.is_staging() {
        return refuse(game, Fire::FromStaging);
    }
    let d = u.pos.distance(t.pos);
    if d > range.cards() {
        return refuse(game, Fire::BeyondRange { cards: d, range });
    }
    if d > 0 && !game.unit_sees_unit(u.id, t.id) {
        return refuse(game, Fire::NoLineOfSight);
    }
    if game
        .state
        .map
        .card(u.pos)
        .is_some_and(|c| c.markers.smoky())
        && d > 0
    {
        return refuse(game, Fire::InSmoke);
    }
    if !along_pdf(game, u.pos, t.pos) {
        return refuse(game, Fire::OffPdf);
    }
    Ok(())
}

fn check_concentrate(
    game: &Game,
    by: Option<UnitId>,
    unit: UnitId,
    target: UnitId,
) -> Result<(), Illegal> {
    can_order(game, by, unit)?;
    fit(game, unit, Fire::NotFitToFire { unit })?;
    let u = game.state.unit(unit);
    let Some(r) = ratings(game, u) else {
        return refuse(game, Fire::NoVofRating { unit });
    };
    if !matches!(r.vof, Vof::S | Vof::A | Vof::AS | Vof::H) {
        return refuse(game, Fire::ConcentrateRating);
    }
    if exposed_heavy(game, u) {
        return refuse(game, Fire::ExposedHeavy);
    }
    let t = enemy(game, target)?;
    can_engage(game, u, t, r.range)
}

/// Whether a unit can throw or fire a grenade at the target (6.5.1): any
/// unit with a printed VOF on the same card; a G! unit at close range along
/// its PDF.
fn check_grenade(
    game: &Game,
    by: Option<UnitId>,
    unit: UnitId,
    target: UnitId,
) -> Result<(), Illegal> {
    can_order(game, by, unit)?;
    fit(game, unit, Fire::NotFitToFight { unit })?;
    let u = game.state.unit(unit);
    let Some(r) = ratings(game, u) else {
        return refuse(game, Fire::NoPrintedVof { unit });
    };
    if exposed_heavy(game, u) {
        return refuse(game, Fire::ExposedHeavy);
    }
    let t = enemy(game, target)?;
    let d = u.pos.distance(t.pos);
    let weapon = crate::engine::combat::fire::weapon(game, u);
    if d == 0 {
        if weapon == Some(Weapon::Mortar) {
            return refuse(game, Fire::MortarOwnCard);
        }
        if !t.spotted {
            return refuse(game, Fire::TargetUnspotted);
        }
        return Ok(());
    }
    let g = r.grenade || r.vof == Vof::G;
    if !g {
        return refuse(game, Fire::GrenadeNotBeyondCard);
    }
    // 6.5.1: a unit rated G! reaches out to its printed range; a G!
    // superscript over another rating reaches close range, an adjacent card.
    let reach = if r.vof == Vof::G {
        r.range
    } else {
        r.range.min(Range::C)
    };
    if d > reach.cards() || reach < Range::C {
        return refuse(game, Fire::GrenadeBeyondReach { cards: d, reach });
    }
    if weapon == Some(Weapon::RifleGrenades)
        && u.ammo.unwrap_or(0) == 0
        && crate::engine::kernel::units::tracked(game, u)
    {
        return refuse(game, Fire::RifleGrenadesSpent);
    }
    if (weapon == Some(Weapon::RifleGrenades) || crate::engine::combat::fire::roof_forbids(weapon))
        && crate::engine::combat::fire::under_roof(game, u)
    {
        return refuse(game, Fire::UnderRoof);
    }
    can_engage(game, u, t, reach)
}

/// Whether a unit is an on-map mortar that fires as one (4.2.4 j): a mortar
/// of two steps or more.
pub(crate) fn on_map_mortar(game: &Game, m: &Unit) -> bool {
    m.steps >= 2 && m.type_in(&game.data).and_then(|t| t.weapon) == Some(Weapon::Mortar)
}

/// 6.4: tripod machine guns, mortars and H-rated weapons cannot fire at
/// all while marked Exposed.
pub fn exposed_heavy(game: &Game, u: &Unit) -> bool {
    if !u.exposed {
        return false;
    }
    let weapon = crate::engine::combat::fire::weapon(game, u);
    matches!(weapon, Some(Weapon::TripodMg | Weapon::Mortar))
        || ratings(game, u).is_some_and(|r| r.vof == Vof::H)
}

/// Units of the ordering platoon HQ's platoon on its card (4.2.4 c, h).
fn platoon_on_card(game: &Game, hq: UnitId) -> Vec<UnitId> {
    crate::engine::kernel::units::platoon_on_card(game, hq)
        .map(|u| u.id)
        .collect()
}

/// 4.2.4 k, l with 4.3.1: every occupant of the card receives a Cease Fire
/// or Shift Fire order, in communication with the originator or not.
/// Decision: the order still has to reach the card, so the originator must
/// be on it or in communication with one of its friendly occupants; General
/// Initiative needs no communication (3.3.2 D).
pub(crate) fn reaches_card(game: &Game, by: Option<UnitId>, at: CardPos) -> Result<(), Illegal> {
    let Some(h) = by else {
        return Ok(());
    };
    if game.state.impulse.as_ref().is_some_and(|i| i.general()) {
        return Ok(());
    }
    let heard = game.state.units_at(at).any(|u| {
        u.side == Side::Us && crate::engine::orders::comms::in_communication(game, h, u.id)
    });
    if heard {
        Ok(())
    } else {
        refuse(game, Fire::CardNotReached { hq: h, at })
    }
}

pub fn check(game: &Game, by: Option<UnitId>, action: &Action) -> Result<(), Illegal> {
    match action {
        Action::Spot { unit, target } => {
            can_order(game, by, *unit)?;
            fit(game, *unit, Fire::NotFitToSpot { unit: *unit })?;
            let u = game.state.unit(*unit);
            if !game.state.enemy_on(*target, false) {
                return refuse(game, Fire::NothingToSpot { target: *target });
            }
            if *target != u.pos && !game.unit_sees(*unit, *target) {
                return refuse(
                    game,
                    Fire::SpotterNoLineOfSight {
                        unit: *unit,
                        target: *target,
                    },
                );
            }
            Ok(())
        }
        Action::ConcentrateFire { unit, target } => check_concentrate(game, by, *unit, *target),
        Action::Grenade { unit, target } => check_grenade(game, by, *unit, *target),
        Action::WpGrenade { unit, target } => {
            check_grenade(game, by, *unit, *target)?;
            let has_wp = game.state.unit(*unit).assets.iter().any(|a| {
                matches!(a, crate::engine::kernel::state::Asset::Pyro(crate::data::mission::Pyro::WpSmoke, n) if *n > 0)
            });
            if !has_wp {
                return refuse(game, Fire::NoWpGrenade);
            }
            Ok(())
        }
        Action::PlatoonConcentrate { target } | Action::PlatoonGrenade { target } => {
            let Some(h) = by else {
                return refuse(game, Fire::PlatoonActionUnordered);
            };
            if !crate::engine::kernel::units::is_plt_hq(game, h) {
                return refuse(game, Fire::PlatoonActionNotByPltHq);
            }
            if game.state.unit(h).flipped {
                return refuse(game, Fire::PlatoonHqFlipped);
            }
            enemy(game, *target)?;
            let grenade = matches!(action, Action::PlatoonGrenade { .. });
            let able = platoon_on_card(game, h).into_iter().any(|m| {
                if grenade {
                    check_grenade(game, by, m, *target).is_ok()
                } else {
                    check_concentrate(game, by, m, *target).is_ok()
                }
            });
            if able {
                Ok(())
            } else {
                refuse(game, Fire::PlatoonNoneAble)
            }
        }
        Action::ThrowDemo { unit, cover }
        | Action::PlaceDemo { unit, cover }
        | Action::Flame { unit, cover } => {
            can_order(game, by, *unit)?;
            fit(game, *unit, Fire::NotFitToFight { unit: *unit })?;
            let u = game.state.unit(*unit);
            let flame = matches!(action, Action::Flame { .. });
            let want = if flame { Vof::Flame } else { Vof::Demo };
            if ratings(game, u).map(|r| r.vof) != Some(want) {
                return refuse(
                    game,
                    if flame {
                        Fire::NotFlamethrower
                    } else {
                        Fire::NotDemolition
                    },
                );
            }
            if u.ammo.unwrap_or(0) == 0 && crate::engine::kernel::units::tracked(game, u) {
                return refuse(game, Fire::NoChargeLeft);
            }
            let held = game.state.units_at(u.pos).any(|e| {
                e.side != Side::Us && e.cover == Some(*cover) && e.kind != UnitKind::Casualty
            });
            if game.state.cover_kind(u.pos, *cover).is_none() || !held {
                return refuse(game, Fire::CoverNotHeld);
            }
            let vof_here = game.card_under_vof(u.pos);
            match action {
                Action::PlaceDemo { .. } if vof_here => refuse(game, Fire::DemoMustBeThrown),
                Action::ThrowDemo { .. } if !vof_here => refuse(game, Fire::DemoMustBePlaced),
                _ => Ok(()),
            }
        }
        Action::MortarFire { mortar, target } => {
            can_order(game, by, *mortar)?;
            let m = game.state.unit(*mortar);
            let t = m.type_in(&game.data);
            if !on_map_mortar(game, m) {
                let mortar_team = t.and_then(|t| t.weapon) == Some(Weapon::Mortar);
                // A play test's 1-step 60mm looked useless: say what it
                // may do instead.
                return refuse(
                    game,
                    if mortar_team {
                        Fire::OneStepMortar
                    } else {
                        Fire::NotOnMapMortar
                    },
                );
            }
            if !m.good_order() || m.exposed {
                return refuse(game, Fire::MortarNotReady);
            }
            if crate::engine::combat::fire::under_roof(game, m) {
                return refuse(game, Fire::MortarUnderRoof);
            }
            if let Some(top) = game.top_card(m.pos)
                && top.terrain == TerrainType::Woods
                && top.cover == CoverValue::Single(3)
            {
                return refuse(game, Fire::MortarInWoods);
            }
            if crate::engine::kernel::units::dry(game, m) {
                return refuse(game, Fire::MortarDry);
            }
            if *target == m.pos {
                return refuse(game, Fire::MortarOwnCard);
            }
            if m.pos.is_staging() {
                return refuse(game, Fire::MortarOffMap);
            }
            if !game
                .state
                .units_at(*target)
                .any(|e| e.side != Side::Us && e.spotted && e.kind != UnitKind::Casualty)
            {
                return refuse(game, Fire::NoSpottedEnemyOn { target: *target });
            }
            let range = t.and_then(|t| t.front).map(|r| r.range).unwrap_or(Range::V);
            if m.pos.distance(*target) > range.cards() {
                return refuse(game, Fire::MortarBeyondRange);
            }
            let eyes = by.unwrap_or(*mortar);
            if !game.unit_sees(eyes, *target) {
                return refuse(
                    game,
                    Fire::MortarNoLineOfSight {
                        unit: eyes,
                        target: *target,
                    },
                );
            }
            Ok(())
        }
        Action::CeaseFire { at } => {
            reaches_card(game, by, *at)?;
            let fpl = game
                .state
                .fpl
                .iter()
                .any(|(u, _, firing)| *firing && game.state.unit(*u).pos == *at);
            if !fpl
                && !game
                    .state
                    .fires
                    .iter()
                    .any(|f| f.side == Side::Us && f.from == *at)
            {
                return refuse(game, Fire::NoneFiring { at: *at });
            }
            Ok(())
        }
        Action::ShiftFire { at, to } => {
            reaches_card(game, by, *at)?;
            if at == to {
                return refuse(game, Fire::ShiftToSameCard);
            }
            if game.state.map.is_staging(*at) || at.is_staging() {
                return refuse(game, Fire::FromStaging);
            }
            if at.line_dir(*to).is_none() {
                return refuse(game, Fire::NotInLine);
            }
            // Decision (6.1.1, 6.2.3): fire is never shifted onto a card
            // held only by friendly units, nor through one.
            let friendly = |c: CardPos| game.us_on(c);
            let enemy_there = game
                .state
                .units_at(*to)
                .any(|u| u.side != Side::Us && u.kind != UnitKind::Casualty);
            if friendly(*to) && !enemy_there {
                return refuse(game, Fire::OnFriendly);
            }
            if crate::engine::map::los::line_between(*at, *to)
                .is_some_and(|cs| cs.iter().any(|c| friendly(*c)))
            {
                return refuse(game, Fire::ThroughFriendly);
            }
            let shooters: Vec<&Unit> = game
                .state
                .units_at(*at)
                .filter(|u| u.side == Side::Us && basic_vof(game, u, 1).is_some())
                .collect();
            if shooters.is_empty() {
                return refuse(game, Fire::NoVofOn { at: *at });
            }
            if game.state.map.card(*at).is_some_and(|c| c.markers.smoky()) {
                return refuse(game, Fire::InSmoke);
            }
            if game.state.map.card(*to).is_none() {
                return refuse(game, Fire::NotACard { pos: *to });
            }
            let reach = shooters
                .iter()
                .filter_map(|u| range_of(game, u))
                .map(|r| r.cards())
                .max()
                .unwrap_or(0);
            if at.distance(*to) > reach {
                return refuse(game, Fire::ShiftBeyondRange { at: *at, to: *to });
            }
            let sees = match by {
                Some(b) => game.unit_sees(b, *to) || game.state.unit(b).pos == *to,
                None => shooters.iter().any(|u| game.unit_sees(u.id, *to)),
            };
            if !sees {
                return refuse(game, Fire::ShiftUnseen { to: *to });
            }
            // 4.2.4 l: the fire is moved to engage another card. Units
            // that already fire at `to`, and only there, would spend a
            // command for nothing.
            let mut links = game
                .state
                .fires
                .iter()
                .filter(|f| f.side == Side::Us && f.from == *at)
                .peekable();
            if links.peek().is_some() && links.all(|f| f.target == *to) {
                return refuse(game, Fire::AlreadyFiringThere { at: *at, to: *to });
            }
            Ok(())
        }
        _ => refuse(game, Fire::NotCombat),
    }
}

/// Every combat-family action worth checking now, as `wanted` asks (see
/// [`Wanted`]). Pruned, it leaves out spotting a card with no
/// unspotted enemy, attacking an unspotted target (9.3: fire and grenades
/// go only at a spotted target, a platoon's too; `can_engage`, which every
/// attack's check ends with, and `check_grenade` on its own card), and
/// on-map mortar fire by a unit that is not one (4.2.4 j).
pub(crate) fn candidates(game: &Game, wanted: &mut Wanted, out: &mut Vec<Action>) {
    let prune = wanted.prune;
    let enemies: Vec<&Unit> = game
        .state
        .in_play()
        .filter(|u| u.side != Side::Us && u.kind != UnitKind::Casualty)
        .collect();
    let targets: Vec<&Unit> = enemies
        .iter()
        .copied()
        .filter(|e| !prune || e.spotted)
        .collect();
    let mut enemy_cards: Vec<CardPos> = enemies.iter().map(|e| e.pos).collect();
    enemy_cards.sort();
    enemy_cards.dedup();
    let to_spot: Vec<CardPos> = enemy_cards
        .iter()
        .copied()
        .filter(|c| !prune || game.state.enemy_on(*c, false))
        .collect();
    let ordered: Vec<&Unit> = game.friendly().filter(|u| (wanted.units)(u.id)).collect();
    for u in &ordered {
        for c in &to_spot {
            out.push(Action::Spot {
                unit: u.id,
                target: *c,
            });
        }
        if !prune || on_map_mortar(game, u) {
            for c in &enemy_cards {
                out.push(Action::MortarFire {
                    mortar: u.id,
                    target: *c,
                });
            }
        }
        for e in &targets {
            out.push(Action::ConcentrateFire {
                unit: u.id,
                target: e.id,
            });
            out.push(Action::Grenade {
                unit: u.id,
                target: e.id,
            });
            out.push(Action::WpGrenade {
                unit: u.id,
                target: e.id,
            });
        }
    }
    for u in &ordered {
        if let Some(c) = game.state.map.card(u.pos) {
            for m in &c.covers {
                out.push(Action::ThrowDemo {
                    unit: u.id,
                    cover: m.id,
                });
                out.push(Action::PlaceDemo {
                    unit: u.id,
                    cover: m.id,
                });
                out.push(Action::Flame {
                    unit: u.id,
                    cover: m.id,
                });
            }
        }
    }
    for e in &targets {
        out.push(Action::PlatoonConcentrate { target: e.id });
        out.push(Action::PlatoonGrenade { target: e.id });
    }
    let mut firing: Vec<CardPos> = game
        .state
        .fires
        .iter()
        .filter(|f| f.side == Side::Us)
        .map(|f| f.from)
        .collect();
    firing.extend(
        game.state
            .fpl
            .iter()
            .filter(|(_, _, f)| *f)
            .map(|(u, _, _)| game.state.unit(*u).pos),
    );
    firing.sort();
    firing.dedup();
    for at in &firing {
        out.push(Action::CeaseFire { at: *at });
    }
    let mut occupied: Vec<CardPos> = game
        .friendly()
        .filter(|u| !u.pos.is_staging())
        .map(|u| u.pos)
        .collect();
    occupied.sort();
    occupied.dedup();
    for at in occupied {
        for c in &game.state.map.cards {
            if c.pos != at && c.pos.distance(at) <= 3 && at.line_dir(c.pos).is_some() {
                out.push(Action::ShiftFire { at, to: c.pos });
            }
        }
    }
}

/// Spotting draws (9.3): base 2, the spotter's experience, height and
/// same-card modifiers, and the target modifiers of the most visible
/// unspotted enemy on the card; never below the minimum.
pub fn spotting_draws(game: &Game, unit: UnitId, target: CardPos) -> usize {
    let u = game.state.unit(unit);
    spotting_draws_from(
        game,
        game.experience(unit),
        game.unit_level(unit),
        u.pos,
        target,
    )
}

/// [`spotting_draws`] for a spotter of this experience, at this level, on
/// this card: a unit, or a vehicle's crew (7.5 E).
pub fn spotting_draws_from(
    game: &Game,
    experience: Experience,
    level: i8,
    pos: CardPos,
    target: CardPos,
) -> usize {
    let c = &game.data.charts.spotting;
    let mut n = c.base as i32;
    match experience {
        Experience::Green => n += c.spotter_green as i32,
        Experience::Veteran => n += c.spotter_veteran as i32,
        Experience::Line => {}
    }
    if level > game.level(target) {
        n += c.spotter_higher as i32;
    }
    if pos == target {
        n += c.spotter_same_card as i32;
    }
    let cover_value = game.top_card(target).map(|t| t.cover);
    let best = game
        .state
        .units_at(target)
        .filter(|t| t.side != Side::Us && !t.spotted && t.kind != UnitKind::Casualty)
        .map(|t| {
            let mut m = 0i32;
            if t.exposed {
                m += c.target_exposed as i32;
            }
            // 13.1: with every unit treated as Line, the target's
            // experience changes nothing.
            match game.experience(t.id) {
                Experience::Veteran => m += c.target_veteran as i32,
                Experience::Green => m += c.target_green as i32,
                Experience::Line => {}
            }
            if matches!(t.kind, UnitKind::Sniper | UnitKind::Spotter) {
                m += c.target_sniper_or_spotter as i32;
            }
            if t.cover.is_some() {
                m += c.target_under_cover as i32;
            }
            match cover_value {
                Some(CoverValue::Single(0)) => m += c.target_open_card as i32,
                Some(v) if v.across(crate::data::terrain::Border::Dark) >= 3 => {
                    m += c.target_dense_card as i32
                }
                _ => {}
            }
            let firing = game
                .state
                .fires
                .iter()
                .any(|f| f.side == t.side && f.from == t.pos);
            if firing {
                match ratings(game, t).map(|r| r.vof) {
                    Some(Vof::H | Vof::G) => m += c.target_firing_heavy_or_grenade as i32,
                    Some(Vof::A | Vof::AS) => m += c.target_firing_automatic as i32,
                    _ => {}
                }
            }
            m
        })
        .max()
        .unwrap_or(0);
    (n + best).max(c.min as i32) as usize
}

/// 6.5.4: a weapons unit drawing the Jam card while concentrating fire or
/// making a grenade attack beyond its card breaks down: it leaves play and
/// its steps become fire teams.
fn jams(game: &mut Game, unit: UnitId, cards: &[u8]) -> bool {
    let jam = cards
        .iter()
        .any(|&c| game.card(c).is_some_and(|c| c.is_jam()));
    if !jam {
        return false;
    }
    let u = game.state.unit(unit).clone();
    let weapon = crate::engine::combat::fire::weapon(game, &u);
    let vof = ratings(game, &u).map(|r| r.vof);
    let armed = matches!(
        weapon,
        Some(Weapon::BipodMg | Weapon::TripodMg | Weapon::RocketLauncher | Weapon::RecoillessRifle)
    ) || matches!(vof, Some(Vof::A | Vof::H | Vof::G));
    if !armed || !matches!(u.kind, UnitKind::WeaponsTeam | UnitKind::Squad) {
        return false;
    }
    game.state.unit_mut(unit).removed = true;
    let by = (0..u.steps)
        .map(|_| crate::engine::kernel::units::spawn_team(game, &u, UnitKind::FireTeam))
        .collect();
    game.say(
        "6.5.4",
        EventKind::UnitRemoved {
            unit,
            why: crate::engine::kernel::events::Removal::Replaced { by, jam: true },
        },
        Vec::new(),
    );
    true
}

/// Cards a concentrated fire attempt by `unit` draws (6.6): two, by its
/// experience (4.2), one more with a tripod machine gun. The order and
/// its forecast both read it; an enemy leader's bonus comes on top.
pub(crate) fn concentrate_draws(game: &Game, unit: UnitId) -> usize {
    let u = game.state.unit(unit);
    let tripod = crate::engine::combat::fire::weapon(game, u) == Some(Weapon::TripodMg);
    game.attempt_draws(2, game.experience(unit)) + usize::from(tripod)
}

/// A concentrated fire attempt (6.6); `bonus`: extra cards (an enemy
/// leader's, 9.7). Without an order (the enemy's) a failure cannot be
/// exhorted.
pub(crate) fn concentrate(
    game: &mut Game,
    order: Option<&Order>,
    unit: UnitId,
    target: UnitId,
    bonus: usize,
) {
    let n = concentrate_draws(game, unit) + bonus;
    let needed = Needed::Icon(Icon::Crosshairs);
    let r = attempt(game, Some(unit), n, needed, Purpose::ConcentratingFire);
    if jams(game, unit, &r.cards) {
        return;
    }
    if r.success {
        // 6.6: a tracked weapon spends two points instead of one; the
        // second is spent here, the first with its Basic VOF. A team on its
        // fire-team side concentrates small arms and spends nothing.
        if !game.state.unit(unit).flipped {
            crate::engine::combat::ammo::spend(
                game,
                unit,
                1,
                crate::engine::kernel::events::AmmoUse::ConcentratedFire,
            );
        }
        let critical = icons(game, &r.cards, needed) >= 2;
        mark(game, target, Mark::Concentrated, critical);
    } else if let Some(order) = order {
        failed(game, order, unit, false);
    }
}

/// How many drawn cards show what was needed: two or more make a critical
/// hit (6.5.1, 6.6).
fn icons(game: &Game, cards: &[u8], needed: Needed) -> usize {
    cards
        .iter()
        .filter(|&&c| game.card(c).is_some_and(|card| needed.found(card)))
        .count()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mark {
    Concentrated,
    /// `light`: of an army whose grenades count -3 (6.5.1).
    Grenade {
        light: bool,
    },
}

/// Places a Concentrated Fire or Grenade Attack marker on the target: on
/// every unit under its cover marker when it is under one (6.5.1, 6.6). A
/// critical hit takes away the cover's benefit, or, with no cover, adds a
/// second marker.
pub(crate) fn mark(game: &mut Game, target: UnitId, kind: Mark, critical: bool) {
    let t = game.state.unit(target).clone();
    let group: Vec<UnitId> = match t.cover {
        Some(c) => game
            .state
            .units_at(t.pos)
            .filter(|u| u.cover == Some(c) && u.side == t.side && u.kind != UnitKind::Casualty)
            .map(|u| u.id)
            .collect(),
        None => vec![target],
    };
    let count = if critical && t.cover.is_none() { 2 } else { 1 };
    for id in &group {
        let u = game.state.unit_mut(*id);
        match kind {
            Mark::Concentrated => u.concentrated += count,
            Mark::Grenade { light } => {
                u.grenaded += count;
                if light {
                    u.grenaded_light += count;
                }
            }
        }
        if critical && t.cover.is_some() {
            u.cover_lost = true;
        }
    }
    let (rule, what) = match kind {
        Mark::Concentrated => ("6.6", StatusChange::ConcentratedFire { critical }),
        Mark::Grenade { .. } => ("6.5.1", StatusChange::GrenadeAttack { critical }),
    };
    game.say(rule, EventKind::Status { unit: target, what }, Vec::new());
}

fn mark_concentrated(game: &mut Game, target: UnitId) {
    mark(game, target, Mark::Concentrated, false);
}

fn mark_grenaded(game: &mut Game, by: UnitId, target: UnitId) {
    let light = light_grenades(game, by);
    mark(game, target, Mark::Grenade { light }, false);
}

/// Whether `unit` throws the lighter grenades whose VOF counts -3 (6.5.1).
fn light_grenades(game: &Game, unit: UnitId) -> bool {
    let t = &game.state.unit(unit).unit_type.0;
    game.data
        .unit_type(t)
        .is_some_and(|t| t.nation().light_grenades())
}

fn grenade(game: &mut Game, order: &Order, unit: UnitId, target: UnitId) {
    attempt_grenade(game, Some(order), unit, target, true, 0);
}

/// Cards a grenade attempt or a thrown demolition charge by `unit` draws
/// (6.5.1, 6.5.2): two, by its experience (4.2). The order and its
/// forecast both read it; an enemy leader's bonus comes on top.
pub(crate) fn grenade_draws(game: &Game, unit: UnitId) -> usize {
    game.attempt_draws(2, game.experience(unit))
}

/// One grenade attempt (6.5.1); `respond`: the target may answer from the
/// same card with a free attempt of its own; `bonus`: extra cards (an
/// enemy leader's, 9.7).
pub(crate) fn attempt_grenade(
    game: &mut Game,
    order: Option<&Order>,
    unit: UnitId,
    target: UnitId,
    respond: bool,
    bonus: usize,
) {
    let u = game.state.unit(unit).clone();
    let t = game.state.unit(target).clone();
    let ranged = u.pos != t.pos;
    let weapon = crate::engine::combat::fire::weapon(game, &u);
    // 6.8.2: a team runs out of ammunition when its last point is fired;
    // the shot itself is the weapons team's, so its cards are counted
    // before the round is spent (and the team flipped).
    let n = grenade_draws(game, unit) + bonus;
    // Rifle grenades, rockets and recoilless rounds are spent whether they
    // hit or not (6.4, 6.8.1).
    if ranged
        && matches!(
            weapon,
            Some(
                Weapon::RifleGrenades
                    | Weapon::RocketLauncher
                    | Weapon::RecoillessRifle
                    | Weapon::Mortar
            )
        )
    {
        crate::engine::combat::ammo::spend(
            game,
            unit,
            1,
            crate::engine::kernel::events::AmmoUse::Grenades,
        );
    }
    let needed = Needed::Icon(Icon::Grenade);
    let what = if order.is_none() && !respond {
        Purpose::FreeGrenade
    } else {
        Purpose::GrenadeAttack
    };
    let r = attempt(game, Some(unit), n, needed, what);
    // 6.7.4, 6.2.3: fire at another card is direct fire: it places a PDF
    // (so it counts for Crossfire), hit or miss.
    if ranged {
        crate::engine::combat::fire::add_lay_pdf(game, u.side, u.pos, t.pos);
    }
    if ranged && jams(game, unit, &r.cards) {
        return;
    }
    if r.success {
        let critical = icons(game, &r.cards, needed) >= 2;
        if u.side == crate::data::units::Side::Us {
            game.state.counters.grenades += 1;
        }
        let light = light_grenades(game, unit);
        mark(game, target, Mark::Grenade { light }, critical);
    } else {
        let placed = place_miss(game, t.pos);
        if let Some(o) = order {
            failed(game, o, unit, placed);
        }
    }
    // 6.5.1: a Good Order unit attacked from its own card answers with a
    // free attempt at the attacker, unless the attacker is unspotted.
    let t = game.state.unit(target).clone();
    let u = game.state.unit(unit).clone();
    if respond
        && !ranged
        && t.in_play()
        && u.in_play()
        && t.good_order()
        && u.spotted
        && crate::engine::combat::fire::ratings(game, &t).is_some()
        // 6.4: a mortar never fires at its own card; on its fire-team side
        // the team answers with small arms.
        && crate::engine::combat::fire::weapon(game, &t) != Some(Weapon::Mortar)
    {
        attempt_grenade(game, None, target, unit, false, 0);
    }
}

/// Places the card's single Grenade Miss marker; `true` if it was new.
fn place_miss(game: &mut Game, pos: CardPos) -> bool {
    let Some(c) = game.state.map.card_mut(pos) else {
        return false;
    };
    if c.markers.grenade_miss {
        return false;
    }
    c.markers.grenade_miss = true;
    game.say(
        "6.2.2",
        EventKind::Marker {
            pos,
            what: MarkerKind::GrenadeMiss { mover: None },
        },
        Vec::new(),
    );
    true
}

pub fn perform(game: &mut Game, order: &Order) {
    match &order.action {
        Action::Spot { unit, target } => {
            let n = spotting_draws(game, *unit, *target);
            let r = attempt(
                game,
                Some(*unit),
                n,
                Needed::Icon(Icon::Crosshairs),
                Purpose::Spotting,
            );
            if r.success {
                spot_card(game, *target);
            } else {
                failed(game, order, *unit, false);
            }
        }
        Action::ConcentrateFire { unit, target } => {
            concentrate(game, Some(order), *unit, *target, 0)
        }
        Action::Grenade { unit, target } => grenade(game, order, *unit, *target),
        Action::WpGrenade { unit, target } => {
            // 4.3.6 C: the attempt is made as usual and the WP marker goes
            // down on the target's card whatever its result.
            let at = game.state.unit(*target).pos;
            {
                let u = game.state.unit_mut(*unit);
                for a in &mut u.assets {
                    if let crate::engine::kernel::state::Asset::Pyro(
                        crate::data::mission::Pyro::WpSmoke,
                        n,
                    ) = a
                        && *n > 0
                    {
                        *n -= 1;
                        break;
                    }
                }
                u.assets
                    .retain(|a| !matches!(a, crate::engine::kernel::state::Asset::Pyro(_, 0)));
            }
            grenade(game, order, *unit, *target);
            if let Some(c) = game.state.map.card_mut(at) {
                c.markers.smoke = Some(crate::engine::kernel::state::SmokeKind::Wp);
            }
            game.say(
                "4.3.6 C",
                EventKind::Marker {
                    pos: at,
                    what: MarkerKind::Wp { by: None },
                },
                Vec::new(),
            );
        }
        Action::PlatoonConcentrate { target } | Action::PlatoonGrenade { target } => {
            let Some(h) = order.by else { return };
            let is_grenade = matches!(order.action, Action::PlatoonGrenade { .. });
            for m in platoon_on_card(game, h) {
                let ok = if is_grenade {
                    check_grenade(game, order.by, m, *target).is_ok()
                } else {
                    check_concentrate(game, order.by, m, *target).is_ok()
                };
                if !ok {
                    continue;
                }
                if is_grenade {
                    grenade(game, order, m, *target);
                } else {
                    concentrate(game, Some(order), m, *target, 0);
                }
            }
        }
        Action::ThrowDemo { unit, cover } => {
            // Counted before the charge is spent, as a grenade's (6.8.2).
            let n = grenade_draws(game, *unit);
            crate::engine::combat::ammo::spend(
                game,
                *unit,
                1,
                crate::engine::kernel::events::AmmoUse::Demolition,
            );
            let r = attempt(
                game,
                Some(*unit),
                n,
                Needed::Icon(Icon::Grenade),
                Purpose::ThrowingDemolition,
            );
            let pos = game.state.unit(*unit).pos;
            if r.success {
                demo_lands(game, pos, *cover);
            } else {
                let fresh = game
                    .state
                    .map
                    .card(pos)
                    .is_some_and(|c| !c.markers.demo_miss);
                if let Some(c) = game.state.map.card_mut(pos) {
                    c.markers.demo_miss = true;
                }
                game.say(
                    "6.5.2",
                    EventKind::Marker {
                        pos,
                        what: MarkerKind::DemoMiss,
                    },
                    Vec::new(),
                );
                failed(game, order, *unit, fresh);
            }
        }
        Action::PlaceDemo { unit, cover } => {
            crate::engine::combat::ammo::spend(
                game,
                *unit,
                1,
                crate::engine::kernel::events::AmmoUse::Demolition,
            );
            let pos = game.state.unit(*unit).pos;
            demo_lands(game, pos, *cover);
        }
        Action::Flame { unit, cover } => {
            crate::engine::combat::ammo::spend(
                game,
                *unit,
                1,
                crate::engine::kernel::events::AmmoUse::Flame,
            );
            let pos = game.state.unit(*unit).pos;
            if let Some(c) = game.state.map.card_mut(pos) {
                c.markers.flame_on.push(*cover);
            }
            game.say(
                "6.5.3",
                EventKind::Marker {
                    pos,
                    what: MarkerKind::Flame { by: *unit },
                },
                Vec::new(),
            );
        }
        Action::MortarFire { mortar, target } => {
            let from = game.state.unit(*mortar).pos;
            if crate::engine::kernel::units::tracked(game, game.state.unit(*mortar))
                && let Some(a) = &mut game.state.unit_mut(*mortar).ammo
            {
                *a = a.saturating_sub(1);
            }
            if let Some(c) = game.state.map.card_mut(*target) {
                c.markers.indirect_h = true;
            }
            game.say(
                "6.7.4",
                EventKind::Marker {
                    pos: *target,
                    what: MarkerKind::MortarFire {
                        mortar: *mortar,
                        from,
                    },
                },
                Vec::new(),
            );
        }
        Action::CeaseFire { at } => {
            game.state
                .fires
                .retain(|f| !(f.side == Side::Us && f.from == *at));
            // 6.4: a Cease Fire also ends a final protective line.
            let on_card: Vec<UnitId> = game.state.units_at(*at).map(|u| u.id).collect();
            for f in &mut game.state.fpl {
                if on_card.contains(&f.0) {
                    f.2 = false;
                }
            }
            game.say(
                "4.2.4 k",
                EventKind::Marker {
                    pos: *at,
                    what: MarkerKind::CeaseFire,
                },
                Vec::new(),
            );
        }
        Action::ShiftFire { at, to } => {
            game.state
                .fires
                .retain(|f| !(f.side == Side::Us && f.from == *at));
            crate::engine::combat::fire::open_link(
                game,
                FireLink {
                    side: Side::Us,
                    from: *at,
                    target: *to,
                },
                "4.2.4 l",
                crate::engine::kernel::events::FireCause::ShiftOrder,
                Vec::new(),
            );
        }
        _ => {}
    }
}

pub(crate) fn spot_card(game: &mut Game, target: CardPos) {
    let ids: Vec<UnitId> = game
        .state
        .units_at(target)
        .filter(|t| t.side != Side::Us && !t.spotted)
        .map(|t| t.id)
        .collect();
    for id in &ids {
        game.state.unit_mut(*id).spotted = true;
    }
    game.say(
        "9.3",
        EventKind::Marker {
            pos: target,
            what: MarkerKind::Spotted {
                units: ids.len() as u8,
            },
        },
        Vec::new(),
    );
}

fn demo_lands(game: &mut Game, pos: CardPos, cover: crate::engine::kernel::ids::CoverId) {
    if let Some(c) = game.state.map.card_mut(pos) {
        c.markers.demo_on.push(cover);
    }
    game.say(
        "6.5.2",
        EventKind::Marker {
            pos,
            what: MarkerKind::Demolition,
        },
        Vec::new(),
    );
}

/// The success branch of a failed combat attempt, for Exhort.
pub fn upgrade(game: &mut Game, f: &crate::engine::kernel::state::FailedAttempt) {
    match &f.order.action {
        Action::ThrowDemo { unit, cover } => {
            let pos = game.state.unit(*unit).pos;
            if f.placed_miss
                && let Some(c) = game.state.map.card_mut(pos)
            {
                c.markers.demo_miss = false;
            }
            demo_lands(game, pos, *cover);
        }
        Action::Spot { target, .. } => spot_card(game, *target),
        Action::ConcentrateFire { target, .. } | Action::PlatoonConcentrate { target } => {
            mark_concentrated(game, *target)
        }
        Action::Grenade { target, .. }
        | Action::WpGrenade { target, .. }
        | Action::PlatoonGrenade { target } => {
            if f.placed_miss {
                let pos = game.state.unit(*target).pos;
                if let Some(c) = game.state.map.card_mut(pos) {
                    c.markers.grenade_miss = false;
                }
            }
            mark_grenaded(game, f.unit, *target);
        }
        _ => {}
    }
}
