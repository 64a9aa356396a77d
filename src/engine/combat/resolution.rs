//! Combat resolution (6.3): the Net Combat Modifier of each unit under a VOF,
//! the fire result; the hit effect and the conversions of 6.3.3 are in
//! `hits`.

pub use super::hits::{apply_hit, hit_effect};
pub(crate) use super::hits::{hit_level, replace_with};
use crate::data::action::{FireResult, HitLetter};
use crate::data::charts::CoverKind;
use crate::data::terrain::Border;
use crate::data::units::{Side, UnitKind};
use crate::engine::combat::fire::{VofLevel, link_vof};
use crate::engine::kernel::events::{EventKind, Section};
use crate::engine::kernel::events::{FireRead, NcmPart};
use crate::engine::kernel::events::{MarkerKind, StatusChange};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::purpose::Purpose;
use crate::engine::kernel::state::FireLink;

/// The kind of the VOF that sets a unit's base modifier: it decides which
/// other modifiers apply (6.2.2, 5.2.3, 8.0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Base {
    /// Direct fire from another card, entering across a border.
    Direct { from: CardPos },
    /// Fire from within the card (point blank).
    SameCard,
    /// Grenade attacks on the unit.
    Grenade,
    /// A mine, booby trap or claymore attack on the unit (9.5): like a
    /// grenade, but no crowding (5.2.3 names grenades and Incoming! only).
    Mine,
    /// Incoming! from artillery or mortars, or indirect mortar fire.
    Incoming,
    /// An air strike.
    AirStrike,
    /// A sniper's shot at this unit.
    Sniper,
}

/// A unit's NCM and its parts, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ncm {
    /// The modifier read on the card: clamped to -4..=+6 (6.3).
    pub value: i32,
    /// The sum before clamping.
    pub raw: i32,
    pub parts: Vec<(NcmPart, i32)>,
    pub base: Base,
}

impl Ncm {
    /// The NCM as the log's fire result reads it.
    pub fn read(&self, human_wave: bool) -> FireRead {
        FireRead {
            value: self.value,
            raw: self.raw,
            parts: self.parts.clone(),
            human_wave,
        }
    }
}

fn vof_value(game: &Game, level: VofLevel) -> i32 {
    let v = &game.data.charts.vof;
    (match level {
        VofLevel::AllPinned => v.all_pinned,
        VofLevel::SmallArms => v.small_arms,
        VofLevel::Automatic => v.automatic,
        VofLevel::Heavy => v.heavy,
        VofLevel::Sniper => v.sniper,
        VofLevel::Incoming => v.heavy,
    }) as i32
}

/// 6.4 grazing fire: a tripod machine gun firing along its PDF puts its VOF
/// on every card of the line within its range and LOS, as long as all of
/// them lie at one elevation. Returned as fire links into `pos` for the
/// enemy units there (decision: grazing fire never strikes the firers' own
/// side).
fn grazing_on(game: &Game, pos: CardPos, side: Side) -> Vec<FireLink> {
    let mut out = Vec::new();
    for l in &game.state.fires {
        if l.side == side || l.target == pos || l.from == l.target || l.from == pos {
            continue;
        }
        let (Some(d1), Some(d2)) = (l.from.line_dir(l.target), l.from.line_dir(pos)) else {
            continue;
        };
        if d1 != d2 {
            continue;
        }
        let mg = game.state.units_at(l.from).find(|u| {
            u.side == l.side
                && !u.exposed
                && crate::engine::combat::fire::weapon(game, u)
                    == Some(crate::data::units::Weapon::TripodMg)
                && crate::engine::combat::fire::ratings(game, u)
                    .is_some_and(|r| r.range.cards() >= l.from.distance(pos))
                && game.unit_sees(u.id, pos)
        });
        if mg.is_none() {
            continue;
        }
        let level = game.level(l.from);
        let far = if l.from.distance(pos) > l.from.distance(l.target) {
            pos
        } else {
            l.target
        };
        let same = crate::engine::map::los::line_between(l.from, far)
            .map(|cs| {
                cs.iter()
                    .chain(std::iter::once(&far))
                    .all(|c| game.level(*c) == level)
            })
            .unwrap_or(false);
        if same {
            out.push(FireLink {
                side: l.side,
                from: l.from,
                target: pos,
            });
        }
    }
    out
}

/// Whether the card holds a Crossfire: two or more PDFs from different
/// cards directed at it (6.2.2).
pub fn crossfire(game: &Game, pos: CardPos) -> bool {
    let mut from: Vec<CardPos> = crate::engine::combat::fire::pdfs(game)
        .filter(|f| f.target == pos)
        .map(|f| f.from)
        .collect();
    from.sort();
    from.dedup();
    from.len() >= 2
}

/// The NCM of one unit (6.3), or `None` when no VOF bears on it.
pub fn ncm(game: &Game, id: UnitId) -> Option<Ncm> {
    ncm_with(game, id, false)
}

/// The net NCM a unit would have where it stands, a card with no VOF
/// counting as a +0 base (3.5: a paralyzed team retreats toward a better
/// net NCM, on cards under no VOF).
pub fn net_ncm(game: &Game, id: UnitId) -> i32 {
    ncm_with(game, id, true).map(|n| n.value).unwrap_or(0)
}

fn ncm_with(game: &Game, id: UnitId, quiet_base: bool) -> Option<Ncm> {
    let u = game.state.unit(id);
    let pos = u.pos;
    let card = game.state.map.card(pos)?;
    let charts = &game.data.charts;
    let mut parts: Vec<(NcmPart, i32)> = Vec::new();

    // The best VOF bearing on the unit (6.3: the lowest modifier).
    // With it, whether it is a final protective line (6.4), which no
    // visibility modifies.
    let mut best: Option<(i32, Base, NcmPart, bool)> = None;
    let mut consider = |v: i32, b: Base, what: NcmPart, fpl: bool| {
        if best.as_ref().is_none_or(|(x, _, _, _)| v < *x) {
            best = Some((v, b, what, fpl));
        }
    };
    // Fire from outside is weighed first, so that on equal VOF it sets the
    // base (decision, 6.2 a: one marker shows the best rating; when the
    // point-blank fire is no better, the fire crossing the border stands).
    let mut links = crate::engine::combat::fire::links_bearing(game, pos, u.side);
    links.sort_by_key(|l| l.from == pos);
    // 6.4: a final protective line puts an H VOF on every card of its
    // diagonal, whatever the visibility.
    for (mg, from) in crate::engine::combat::fire::fpl_on(game, pos) {
        if game.state.unit(mg).side != u.side {
            consider(
                vof_value(game, VofLevel::Heavy),
                Base::Direct { from },
                NcmPart::FinalProtectiveLine,
                true,
            );
        }
    }
    for g in grazing_on(game, pos, u.side) {
        consider(
            vof_value(game, VofLevel::Automatic),
            Base::Direct { from: g.from },
            NcmPart::Grazing,
            false,
        );
    }
    for l in &links {
        if let Some(level) = link_vof(game, l) {
            let base = if l.from == pos {
                Base::SameCard
            } else {
                Base::Direct { from: l.from }
            };
            consider(vof_value(game, level), base, NcmPart::Vof(level), false);
        }
    }
    if u.grenaded > 0 {
        // 6.5.1: -4 a marker, -3 for the lighter grenades of some armies.
        let light = u.grenaded_light.min(u.grenaded);
        let g = charts.vof.grenade as i32 * i32::from(u.grenaded - light)
            + charts.vof.grenade_light as i32 * i32::from(light);
        consider(g, Base::Grenade, NcmPart::Grenades(u.grenaded), false);
    }
    if card.markers.incoming {
        // The mission's modifier; a marker placed without one counts as
        // heavy fire.
        let v = if card.markers.incoming_mod != 0 {
            card.markers.incoming_mod as i32
        } else {
            charts.vof.heavy as i32
        };
        if card.markers.air_strike {
            consider(v, Base::AirStrike, NcmPart::AirStrike, false);
        } else {
            consider(v, Base::Incoming, NcmPart::Incoming, false);
        }
    }
    // 7.1.2, 7.1.4: the attack helicopters' or the gunship's VOF strikes
    // the enemy on the card.
    // Decision (as for a side's point-blank fire, 6.2 a): it is aimed fire
    // from the company's aircraft and does not bear on the company's own
    // units; it is fired from over the card, so visibility, smoke, cover
    // and the card's terrain count as for point-blank fire, no border.
    if let Some(vof) = card.markers.air_attack
        && u.side != Side::Us
        && let Some(level) = crate::engine::combat::fire::level_of(vof, 0)
    {
        consider(
            vof_value(game, level),
            Base::SameCard,
            NcmPart::Aircraft(level),
            false,
        );
    }
    if card.markers.indirect_h {
        consider(
            charts.vof.heavy as i32,
            Base::Incoming,
            NcmPart::IndirectMortar,
            false,
        );
    }
    // 9.5: a mine, booby trap or claymore attacks at -4, whatever the
    // visibility.
    if u.mined > 0 {
        consider(
            charts.vof.mines as i32,
            Base::Mine,
            NcmPart::Mines(u.mined),
            false,
        );
    }
    if u.sniped {
        consider(
            charts.vof.sniper as i32,
            Base::Sniper,
            NcmPart::Sniper,
            false,
        );
    }
    // 6.2.2: a Grenade Miss or Demo Miss is a VOF on the whole card even
    // with nothing else firing in.
    if best.is_none() && (card.markers.grenade_miss || card.markers.demo_miss) {
        best = Some((0, Base::SameCard, NcmPart::NoOtherVof, false));
    }
    if best.is_none() && quiet_base {
        best = Some((0, Base::SameCard, NcmPart::NoVof, false));
    }
    let (base_value, base, what, fpl) = best?;
    parts.push((what, base_value));

    // Night observation devices of the firing units (8.3): active IR at
    // point blank, passive IR (not into illuminated cards) and thermal sights
    // at any range take the visibility modifier away; thermal sights the
    // smoke benefit too.
    let firers: Vec<&crate::engine::kernel::state::Unit> = match base {
        Base::Direct { from } => game
            .state
            .units_at(from)
            .filter(|x| x.side != u.side)
            .collect(),
        Base::SameCard => game
            .state
            .units_at(pos)
            .filter(|x| x.side != u.side)
            .collect(),
        _ => Vec::new(),
    };
    let lit = game.illuminated(pos);
    use crate::data::units::NightSight as Ns;
    let all = |f: &dyn Fn(Option<Ns>) -> bool| {
        !firers.is_empty() && firers.iter().all(|x| f(game.night_sight(x.id)))
    };
    let no_vis = all(&|s| match s {
        Some(Ns::ActiveIr) => base == Base::SameCard,
        Some(Ns::PassiveIr) => !lit,
        Some(Ns::Thermal) => true,
        None => false,
    });
    let no_smoke = all(&|s| s == Some(Ns::Thermal));
    // Visibility, illumination and smoke (8.0-8.4): not against grenades,
    // Incoming! or air strikes (6.2.2).
    let indirect = matches!(
        base,
        Base::Grenade | Base::Mine | Base::Incoming | Base::AirStrike
    );
    if !indirect {
        let vis = game.visibility_modifier() as i32;
        let light = illumination_at(game, pos);
        let total = (vis + light).max(0);
        if total != 0 && !no_vis && !fpl {
            parts.push((NcmPart::Visibility, total));
        }
        // 8.4: smoke of several sources is not cumulative; the best
        // defensive benefit counts.
        let smoke = card
            .markers
            .smokes()
            .filter(|_| !no_smoke)
            .map(|s| match s {
                // 4.3.6 D: CS screens exactly as smoke does.
                crate::engine::kernel::state::SmokeKind::Smoke
                | crate::engine::kernel::state::SmokeKind::Cs => charts.smoke.smoke,
                crate::engine::kernel::state::SmokeKind::Wp => charts.smoke.wp,
            } as i32)
            .max();
        if let Some(v) = smoke {
            parts.push((NcmPart::Smoke, v));
        }
    }

    // Status (6.3, 1.2.4 B).
    if u.pinned {
        parts.push((NcmPart::Pinned, charts.status.pinned as i32));
    }
    if u.exposed {
        parts.push((NcmPart::Exposed, charts.status.exposed as i32));
    }
    // Cover marker, unless a critical hit took its benefit away (6.5.1, 6.6).
    if let Some(c) = u.cover
        && !u.cover_lost
        && let Some(kind) = game.state.cover_kind(pos, c)
    {
        let v = cover_value(game, pos, c, kind);
        parts.push((NcmPart::Cover(kind), v));
        // 5.2.3: crowding under grenades and Incoming! (and air strikes,
        // which fall as Incoming! does), not under mines (9.5).
        if indirect && base != Base::Mine {
            let crowd: i32 = game
                .state
                .units_at(pos)
                .filter(|x| x.cover == Some(c) && x.side == u.side && x.kind != UnitKind::Casualty)
                .map(|x| x.steps as i32)
                .sum();
            let over = crowd - charts.status.crowding_free_steps as i32;
            if over > 0 {
                parts.push((
                    NcmPart::Crowding(crowd as u8),
                    over * charts.status.crowding_per_step as i32,
                ));
            }
        }
    }
    // The card's cover & concealment (5.2.3, 1.2.1 A).
    if let Some(top) = game.top_card(pos) {
        // 6.2.2, 6.2.3: a sniper's shot from another card is direct fire
        // along its PDF too.
        let direct = match base {
            Base::Direct { from } => Some(from),
            Base::Sniper => links
                .iter()
                .find(|l| {
                    l.from != pos
                        && game.state.units_at(l.from).any(|x| {
                            x.side == l.side
                                && !x.pinned
                                && crate::engine::combat::fire::ratings(game, x)
                                    .is_some_and(|r| r.vof == crate::data::units::Vof::Sniper)
                        })
                })
                .map(|l| l.from),
            _ => None,
        };
        let v = match direct {
            Some(from) => {
                let border = match pos.line_dir(from) {
                    Some(d) => game_border(game, pos, d),
                    None => Border::Light,
                };
                top.cover.across(border)
            }
            None => top.cover.lower(),
        } as i32;
        if v != 0 {
            parts.push((NcmPart::Terrain, v));
        }
        if base == Base::Incoming && top.burst != 0 {
            parts.push((NcmPart::BurstIcon, top.burst as i32));
        }
    }
    // Card and unit markers (6.2.2).
    if u.concentrated > 0 {
        parts.push((
            NcmPart::Concentrated(u.concentrated),
            charts.vof.concentrated as i32 * u.concentrated as i32,
        ));
    }
    if crossfire(game, pos) {
        parts.push((NcmPart::Crossfire, charts.vof.crossfire as i32));
    }
    if card.markers.grenade_miss {
        parts.push((NcmPart::GrenadeMiss, charts.vof.grenade_miss as i32));
    }
    if card.markers.demo_miss {
        parts.push((NcmPart::DemoMiss, charts.vof.demo_miss as i32));
    }
    let raw: i32 = parts.iter().map(|(_, v)| *v).sum();
    let value = raw.clamp(charts.vof.ncm_min as i32, charts.vof.ncm_max as i32);
    Some(Ncm {
        value,
        raw,
        parts,
        base,
    })
}

/// A cover marker's value: an upper story counts as the building below it
/// (the README's cover figures); otherwise the chart's value.
fn cover_value(
    game: &Game,
    pos: CardPos,
    _id: crate::engine::kernel::ids::CoverId,
    kind: CoverKind,
) -> i32 {
    let chart = |k: CoverKind| game.data.charts.cover_value(k);
    if matches!(kind, CoverKind::UpperStory | CoverKind::ChurchTower) {
        let building = game.state.map.card(pos).and_then(|c| {
            c.covers
                .iter()
                .map(|m| m.kind)
                .filter(|k| matches!(k, CoverKind::LightBuilding | CoverKind::StrongBuilding))
                .max()
        });
        if let Some(b) = building {
            return chart(b);
        }
    }
    chart(kind)
}

/// The effective border of a card toward a direction: dark if dark on the
/// top card or any hill beneath (5.2.2 A).
fn game_border(game: &Game, pos: CardPos, dir: crate::data::terrain::Dir) -> Border {
    use crate::engine::map::los::LosMap;
    game.cell(pos)
        .map(|c| c.borders.get(dir))
        .unwrap_or(Border::Light)
}

/// The illumination on a card: its own marker, or the best adjacent spill
/// (8.2). Negative values reduce the visibility modifier.
fn illumination_at(game: &Game, pos: CardPos) -> i32 {
    // 8.2: illumination does not help in rain, snow or fog.
    if game.weather_dims_light() {
        return 0;
    }
    let mut best = 0i32;
    for c in &game.state.map.cards {
        if c.pos == pos {
            if let Some(v) = c.markers.illumination {
                best = best.min(v as i32);
            }
        } else if c.pos.adjacent(pos)
            && let Some(v) = c.markers.illumination_adjacent
        {
            best = best.min(v as i32);
        }
    }
    best
}

/// 3.7.2 / 6.3.1: resolves every infantry unit on a card under a VOF, one
/// card each; a HIT draws a second card for the hit effect. All NCMs are
/// taken before any result is applied: combat is simultaneous.
/// 6.2.2, 9.6: each firing sniper picks one unit on its target card at
/// random (R#), among the Exposed units if there are any; that unit takes
/// the sniper's -3, the rest of the card small-arms fire.
pub fn pick_sniper_targets(game: &mut Game) {
    let links = game.state.fires.clone();
    for l in links {
        let snipers = game.state.units_at(l.from).any(|u| {
            u.side == l.side
                && !u.pinned
                && crate::engine::combat::fire::ratings(game, u)
                    .is_some_and(|r| r.vof == crate::data::units::Vof::Sniper)
        });
        if !snipers {
            continue;
        }
        let all: Vec<UnitId> = game
            .state
            .units_at(l.target)
            .filter(|u| u.side != l.side && u.kind != UnitKind::Casualty)
            .map(|u| u.id)
            .collect();
        let exposed: Vec<UnitId> = all
            .iter()
            .copied()
            .filter(|id| game.state.unit(*id).exposed)
            .collect();
        // 9.6: the vehicles on the card are picked from with the units
        // (a vehicle is never Exposed; decision: it stands with the units
        // that are not).
        let vehicles: Vec<crate::engine::kernel::ids::VehicleId> = if exposed.is_empty() {
            game.state
                .vehicles
                .iter()
                .filter(|v| v.in_play() && v.side != l.side && v.pos == l.target)
                .map(|v| v.id)
                .collect()
        } else {
            Vec::new()
        };
        let pool = if exposed.is_empty() { all } else { exposed };
        let n = pool.len() + vehicles.len();
        if n == 0 {
            continue;
        }
        let (r, reads) = game.random(n as u32, Purpose::SniperTarget);
        let i = (r as usize).saturating_sub(1).min(n - 1);
        if i >= pool.len() {
            let v = vehicles[i - pool.len()];
            game.state.vehicles[v.0 as usize].sniped = true;
            game.say(
                "9.6",
                EventKind::Marker {
                    pos: l.target,
                    what: MarkerKind::SniperTarget {
                        vehicle: v,
                        from: l.from,
                        among: n as u8,
                    },
                },
                reads,
            );
            continue;
        }
        let target = pool[i];
        game.state.unit_mut(target).sniped = true;
        let exposed = game.state.unit(target).exposed;
        game.say(
            "6.2.2",
            EventKind::Status {
                unit: target,
                what: StatusChange::SniperTarget {
                    from: l.from,
                    among: n as u8,
                    exposed,
                },
            },
            reads,
        );
    }
}

/// 6.5.3 then 6.5.2, before other combat: flame attacks hit every occupant
/// of the burned position (hit effect drawn as usual), survivors come out
/// Exposed and a bunker or pillbox is gone; demolition charges make every
/// occupant a casualty and reduce a bunker or pillbox to foxholes.
pub fn resolve_special(game: &mut Game) {
    let cards: Vec<CardPos> = game
        .state
        .map
        .cards
        .iter()
        .filter(|c| !c.markers.flame_on.is_empty() || !c.markers.demo_on.is_empty())
        .map(|c| c.pos)
        .collect();
    for pos in cards {
        let flames = game
            .state
            .map
            .card(pos)
            .map(|c| c.markers.flame_on.clone())
            .unwrap_or_default();
        for cover in flames {
            let inside: Vec<UnitId> = game
                .state
                .units_at(pos)
                .filter(|u| u.cover == Some(cover) && u.kind != UnitKind::Casualty)
                .map(|u| u.id)
                .collect();
            for id in inside {
                game.state.unit_mut(id).pinned = true;
                let level = hit_level(game, id);
                let (cards, reads) =
                    game.draw(1, Section::HitEffect, Purpose::FlameHit { unit: id });
                let letters: Vec<HitLetter> = cards
                    .first()
                    .and_then(|&c| game.card(c))
                    .map(|c| c.hit.for_level(level).to_vec())
                    .unwrap_or_default();
                game.say(
                    "6.5.3",
                    EventKind::Status {
                        unit: id,
                        what: StatusChange::FlameHit,
                    },
                    reads,
                );
                apply_hit(game, id, &letters);
            }
            // Survivors leave the burned position, Exposed.
            let survivors: Vec<UnitId> = game
                .state
                .units_at(pos)
                .filter(|u| u.cover == Some(cover) && u.kind != UnitKind::Casualty)
                .map(|u| u.id)
                .collect();
            for id in survivors {
                let u = game.state.unit_mut(id);
                u.cover = None;
                let was = std::mem::replace(&mut u.exposed, true);
                if !was {
                    game.say(
                        "6.5.3",
                        EventKind::Status {
                            unit: id,
                            what: crate::engine::kernel::events::StatusChange::Exposed,
                        },
                        Vec::new(),
                    );
                }
            }
            remove_strongpoint(game, pos, cover, false);
        }
        let demos = game
            .state
            .map
            .card(pos)
            .map(|c| c.markers.demo_on.clone())
            .unwrap_or_default();
        for cover in demos {
            let inside: Vec<UnitId> = game
                .state
                .units_at(pos)
                .filter(|u| u.cover == Some(cover) && u.kind != UnitKind::Casualty)
                .map(|u| u.id)
                .collect();
            for id in inside {
                // Every step becomes a casualty.
                let u = game.state.unit(id).clone();
                game.state.unit_mut(id).removed = true;
                game.state.unit_mut(id).assets.clear();
                game.state.carried.retain(|(k, _)| *k != id);
                let mut casualties = Vec::new();
                for _ in 0..u.steps {
                    let mut src = u.clone();
                    src.steps = 1;
                    let c =
                        crate::engine::kernel::units::spawn_team(game, &src, UnitKind::Casualty);
                    game.state.unit_mut(c).pinned = false;
                    casualties.push(c);
                }
                if let Some(&c) = casualties.last() {
                    game.state.unit_mut(c).assets = u.assets.clone();
                    crate::engine::kernel::units::last_step_assets(game, c);
                }
                game.say(
                    "6.5.2",
                    EventKind::Status {
                        unit: id,
                        what: StatusChange::Demolished { casualties },
                    },
                    Vec::new(),
                );
            }
            remove_strongpoint(game, pos, cover, true);
        }
        if let Some(c) = game.state.map.card_mut(pos) {
            c.markers.flame_on.clear();
            c.markers.demo_on.clear();
        }
    }
}

/// A bunker or pillbox hit by flame is removed; by a demolition charge it
/// is reduced to foxholes (6.5.2-6.5.3). Other cover stays.
fn remove_strongpoint(
    game: &mut Game,
    pos: CardPos,
    cover: crate::engine::kernel::ids::CoverId,
    demo: bool,
) {
    let Some(kind) = game.state.cover_kind(pos, cover) else {
        return;
    };
    if !matches!(
        kind,
        CoverKind::Bunker | CoverKind::Pillbox | CoverKind::DeepBunker
    ) {
        return;
    }
    if let Some(c) = game.state.map.card_mut(pos) {
        if demo {
            if let Some(m) = c.covers.iter_mut().find(|m| m.id == cover) {
                m.kind = CoverKind::Foxhole;
            }
        } else {
            c.covers.retain(|m| m.id != cover);
        }
    }
    if !demo {
        for u in game.state.units.edit().iter_mut() {
            if u.pos == pos && u.cover == Some(cover) {
                u.cover = None;
            }
        }
    }
    game.say(
        if demo { "6.5.2" } else { "6.5.3" },
        EventKind::Marker {
            pos,
            what: MarkerKind::CoverDestroyed { kind, demo },
        },
        Vec::new(),
    );
}

pub fn resolve_all(game: &mut Game) {
    resolve_special(game);
    pick_sniper_targets(game);
    let mut targets: Vec<(CardPos, UnitId, Ncm)> = game
        .state
        .in_play()
        .filter(|u| u.kind != UnitKind::Casualty && !u.pos.is_staging())
        .filter_map(|u| ncm(game, u.id).map(|n| (u.pos, u.id, n)))
        .collect();
    targets.sort_by_key(|(p, id, _)| (*p, *id));
    for (_, id, n) in targets {
        if !game.state.unit(id).in_play() {
            continue;
        }
        resolve_unit(game, id, &n);
    }
}

fn resolve_unit(game: &mut Game, id: UnitId, n: &Ncm) {
    let (cards, reads) = game.draw(
        1,
        Section::Fire(n.value as i8),
        Purpose::FireOn { unit: id },
    );
    let Some(card) = cards.first().and_then(|&c| game.card(c)).cloned() else {
        return;
    };
    let result = card.fire_result(n.value);
    let human_wave = game.state.unit(id).human_wave;
    let fire = n.read(human_wave);
    match result {
        FireResult::Miss => {
            let was = game.state.unit(id).pinned;
            game.state.unit_mut(id).pinned = false;
            game.say(
                "6.3.2 A",
                EventKind::Status {
                    unit: id,
                    what: StatusChange::Miss { unpins: was, fire },
                },
                reads,
            );
        }
        FireResult::Pin => {
            let newly = !human_wave && !game.state.unit(id).pinned;
            if !human_wave {
                game.state.unit_mut(id).pinned = true;
            }
            game.say(
                "6.3.2 B",
                EventKind::Status {
                    unit: id,
                    what: StatusChange::Pinned {
                        newly,
                        by: crate::engine::kernel::events::PinCause::Fire(fire),
                    },
                },
                reads,
            );
        }
        FireResult::Hit => {
            let pins = !human_wave && !game.state.unit(id).pinned;
            if !human_wave {
                game.state.unit_mut(id).pinned = true;
            }
            game.say(
                "6.3.2 C",
                EventKind::Status {
                    unit: id,
                    what: StatusChange::Hit { pins, fire },
                },
                reads,
            );
            hit_effect(game, id, "6.3.3");
        }
    }
}
