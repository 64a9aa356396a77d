//! Potential Contact (9.1.5) and generating the enemy (9.2): resolving PC
//! markers where US units stand, choosing the force package, placing it and
//! having it open fire on the unit that found it.

use crate::data::action::Word;
use crate::data::campaign::{ContactEffect, ForcePackage, PackageCover, PackagePlacement};
use crate::data::charts::{PcDraw, PcLetter};
use crate::data::mission::{Placement, Reach};
use crate::data::units::{Side, UnitKind};
use crate::engine::kernel::events::{EventKind, Section};
use crate::engine::kernel::events::{MarkerKind, Quiet, StatusChange};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::{CoverId, UnitId};
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::purpose::Purpose;
use crate::engine::kernel::state::{CoverMarker, FireLink};

/// Most draws spent looking for a legal placement or an available package
/// before the contact is discarded (9.2.1, 9.2.2 say "continue drawing").
const MAX_REDRAWS: usize = 20;

fn letter_rank(l: PcLetter) -> u8 {
    match l {
        PcLetter::A => 0,
        PcLetter::B => 1,
        PcLetter::C => 2,
    }
}

/// What triggers a PC marker on a card (9.1.5): the first friendly unit in
/// play there (casualties aside), or else a company vehicle that ended its
/// movement there (9.2.1: a vehicle passes through cards without
/// resolving their markers and resolves contact where it stops).
#[derive(Debug, Clone, Copy)]
enum Trigger {
    Unit(UnitId),
    Vehicle(crate::engine::kernel::ids::VehicleId),
}

impl Trigger {
    fn pos(self, game: &Game) -> CardPos {
        match self {
            Trigger::Unit(u) => game.state.unit(u).pos,
            Trigger::Vehicle(v) => game.state.vehicles[v.0 as usize].pos,
        }
    }

    fn piece(self) -> crate::engine::kernel::events::Piece {
        match self {
            Trigger::Unit(u) => crate::engine::kernel::events::Piece::Unit(u),
            Trigger::Vehicle(v) => crate::engine::kernel::events::Piece::Vehicle(v),
        }
    }
}

fn trigger_on(game: &Game, pos: CardPos) -> Option<Trigger> {
    game.state
        .units_at(pos)
        .find(|u| u.side == Side::Us && u.kind != UnitKind::Casualty)
        .map(|u| Trigger::Unit(u.id))
        .or_else(|| {
            game.state
                .vehicles
                .iter()
                .find(|v| v.side == Side::Us && v.in_play() && v.pos == pos)
                .map(|v| Trigger::Vehicle(v.id))
        })
}

/// 3.7.1 B, 9.1.5: resolve every PC marker on a card with a US unit or
/// vehicle, in letter order, markers of one letter in random order.
pub fn resolve_markers(game: &mut Game) {
    let mut pending: Vec<(PcLetter, CardPos)> = game
        .state
        .map
        .cards
        .iter()
        .filter_map(|c| c.markers.pc.map(|m| (m.letter, c.pos)))
        .filter(|(_, p)| !p.is_staging() && trigger_on(game, *p).is_some())
        .collect();
    pending.sort_by_key(|(l, p)| (letter_rank(*l), *p));
    while !pending.is_empty() {
        let letter = pending[0].0;
        let same: Vec<usize> = (0..pending.len())
            .filter(|i| pending[*i].0 == letter)
            .collect();
        let pick = if same.len() > 1 {
            let (r, reads) = game.random(same.len() as u32, Purpose::PcOrder);
            let i = same[(r as usize).saturating_sub(1).min(same.len() - 1)];
            game.say(
                "9.1.5",
                EventKind::Nothing {
                    why: Quiet::Order {
                        letter,
                        n: same.len() as u8,
                        next: pending[i].1,
                    },
                },
                reads,
            );
            i
        } else {
            same[0]
        };
        let (_, pos) = pending.remove(pick);
        resolve_one(game, pos);
    }
}

fn resolve_one(game: &mut Game, pos: CardPos) {
    let Some(marker) = game.state.map.card(pos).and_then(|c| c.markers.pc) else {
        return;
    };
    let Some(trigger) = trigger_on(game, pos) else {
        return;
    };
    let activity = game.state.activity;
    let chart = game.data.charts.pc_draws.get(marker.letter, activity);
    let (contact, reads, drawn) = match chart {
        PcDraw::Auto => (true, Vec::new(), None),
        PcDraw::Draw(n) => {
            let (cards, reads) = game.draw(
                n as usize,
                Section::Word,
                Purpose::PcMarker {
                    letter: marker.letter,
                    pos,
                },
            );
            let hit = cards
                .iter()
                .any(|&c| game.card(c).is_some_and(|c| c.word == Some(Word::Contact)));
            (hit, reads, Some(n))
        }
    };
    if let Some(c) = game.state.map.card_mut(pos) {
        c.markers.pc = None;
    }
    let check = crate::engine::kernel::events::PcCheck {
        letter: marker.letter,
        by: trigger.piece(),
        activity,
        drawn,
    };
    game.say(
        "9.1.5",
        EventKind::Marker {
            pos,
            what: if contact {
                MarkerKind::Contact(check)
            } else {
                MarkerKind::NoContact(check)
            },
        },
        reads,
    );
    if contact {
        generate(game, pos, trigger, marker.letter);
        crate::engine::combat::engage::update(game);
        crate::engine::enemy::activity::update(game);
    }
}

/// 9.2.1: the contact table gives the package; packages whose units are
/// not all available (counter limits) are redrawn.
fn generate(game: &mut Game, pos: CardPos, trigger: Trigger, letter: PcLetter) {
    let mission = game.mission.clone();
    let (Some(tables), Some(camp)) = (
        &mission.contacts,
        mission
            .campaign
            .as_ref()
            .and_then(|c| game.data.campaign(c))
            .cloned(),
    ) else {
        game.say(
            "9.2.1",
            EventKind::Nothing {
                why: Quiet::NoContactTables,
            },
            Vec::new(),
        );
        return;
    };
    let rows = match letter {
        PcLetter::A => &tables.a,
        PcLetter::B => &tables.b,
        PcLetter::C => &tables.c,
    };
    for _ in 0..MAX_REDRAWS {
        let (r, reads) = game.random(10, Purpose::ContactTable);
        let Some(pid) = rows
            .iter()
            .find(|(upto, _)| r as u8 <= *upto)
            .map(|(_, p)| p.clone())
        else {
            return;
        };
        let Some(pkg) = camp.package(&pid).cloned() else {
            return;
        };
        let package = package_ref(&camp, &pkg);
        if !available(game, &camp, &pkg) {
            game.say(
                "9.2.1",
                EventKind::Nothing {
                    why: Quiet::CounterLimit {
                        package,
                        r: r as u8,
                    },
                },
                reads,
            );
            continue;
        }
        game.say(
            "9.2.1",
            EventKind::Nothing {
                why: Quiet::ContactPackage {
                    table: letter,
                    roll: r as u8,
                    package,
                },
            },
            reads,
        );
        if place_package(game, pos, trigger, &pkg) {
            game.state.counters.contacts += 1;
            return;
        }
    }
    game.say(
        "9.2.4",
        EventKind::Nothing {
            why: Quiet::Discarded,
        },
        Vec::new(),
    );
}

/// Counter limits (9.2.1): every unit type of the package still has a
/// counter free.
/// A package by its place in the campaign's list, for the log.
fn package_ref(
    camp: &crate::data::campaign::Campaign,
    pkg: &ForcePackage,
) -> crate::engine::kernel::events::PackageRef {
    crate::engine::kernel::events::PackageRef(
        camp.packages
            .iter()
            .position(|p| p.id == pkg.id)
            .unwrap_or(0) as u16,
    )
}

/// The package's place in the mission's campaign, for the log.
fn package_of(game: &Game, pkg: &ForcePackage) -> crate::engine::kernel::events::PackageRef {
    match game
        .mission
        .campaign
        .as_ref()
        .and_then(|c| game.data.campaign(c))
    {
        Some(camp) => package_ref(camp, pkg),
        None => crate::engine::kernel::events::PackageRef(0),
    }
}

fn available(game: &Game, camp: &crate::data::campaign::Campaign, pkg: &ForcePackage) -> bool {
    let mut need: Vec<(String, u8)> = Vec::new();
    for g in &pkg.groups {
        for t in g {
            match need.iter_mut().find(|(x, _)| x == &t.0) {
                Some(n) => n.1 += 1,
                None => need.push((t.0.clone(), 1)),
            }
        }
    }
    need.iter().all(|(t, n)| {
        let limit = camp
            .counters
            .iter()
            .find(|(x, _)| &x.0 == t)
            .map(|(_, l)| *l);
        let used = game.state.in_play().filter(|u| u.unit_type.0 == *t).count() as u8;
        limit.is_none_or(|l| used + n <= l)
    })
}

/// Places a package: each group on a legal card (9.2.2), then its effect,
/// the units under their cover (9.2.3), opening fire on the triggering unit
/// (9.2.4). A package is placed whole or not at all: when a group finds no
/// legal card the package is drawn again (9.2.4), though the terrain cards
/// the search laid stay on the map (they were drawn and placed). Returns
/// whether the package was placed.
fn place_package(game: &mut Game, pos: CardPos, trigger: Trigger, pkg: &ForcePackage) -> bool {
    let mut taken: Vec<CardPos> = Vec::new();
    for group in &pkg.groups {
        match find_card(game, pos, trigger, pkg, group, &taken) {
            Some(at) => taken.push(at),
            None => {
                game.say(
                    "9.2.4",
                    EventKind::Nothing {
                        why: Quiet::NoLegalCard {
                            package: package_of(game, pkg),
                        },
                    },
                    Vec::new(),
                );
                return false;
            }
        }
    }
    if let Some(effect) = pkg.effect {
        apply_effect(game, pos, effect);
    }
    let first = taken.first().copied();
    for (group, at) in pkg.groups.iter().zip(taken) {
        put_group(game, at, trigger, pkg, group);
    }
    if let Some(at) = first {
        put_vehicles(game, at, pkg);
    }
    true
}

/// 9.10: the package's vehicles go on the card of its first group.
/// Decision: on NO-GO ground, or where the card holds its four vehicles
/// and wrecks already (1.2.1 I), a vehicle stays off the map.
fn put_vehicles(game: &mut Game, at: CardPos, pkg: &ForcePackage) {
    let package = package_of(game, pkg);
    for (i, ty) in pkg.vehicles.iter().enumerate() {
        let Some(t) = game.data.vehicles.vehicle(&ty.0).cloned() else {
            continue;
        };
        let no_go = game
            .top_card(at)
            .is_some_and(|c| c.traffic == crate::data::terrain::Traffic::No);
        let full = crate::engine::vehicles::moves::vehicles_on(game, at, t.side)
            >= game.data.charts.stacking.vehicles as usize;
        if no_go || full {
            game.say(
                "9.10",
                EventKind::Nothing {
                    why: Quiet::NoRoomForAVehicle {
                        package,
                        vehicle: i as u8,
                        at,
                        no_go,
                    },
                },
                Vec::new(),
            );
            continue;
        }
        let id = crate::engine::kernel::units::add_vehicle(
            &mut game.state,
            &t,
            t.name.clone(),
            at,
            None,
        );
        let n = game
            .state
            .vehicles
            .iter()
            .filter(|v| v.vehicle_type == t.id)
            .count();
        game.state.vehicles[id.0 as usize].label = format!("{} {n}", t.name);
        game.say(
            "9.10",
            EventKind::VehicleEnters {
                vehicle: id,
                package,
            },
            Vec::new(),
        );
    }
}

fn apply_effect(game: &mut Game, pos: CardPos, effect: ContactEffect) {
    match effect {
        ContactEffect::Mines => {
            if let Some(c) = game.state.map.card_mut(pos) {
                c.markers.mines = true;
            }
            game.say(
                "9.5",
                EventKind::Marker {
                    pos,
                    what: MarkerKind::Mines,
                },
                Vec::new(),
            );
            let here: Vec<UnitId> = game.state.units_at(pos).map(|u| u.id).collect();
            for u in here {
                crate::engine::combat::mines::mine_check(game, u);
            }
            // 9.5: the vehicles there check too, after the infantry.
            let vehicles: Vec<crate::engine::kernel::ids::VehicleId> = game
                .state
                .vehicles
                .iter()
                .filter(|v| v.in_play() && v.pos == pos)
                .map(|v| v.id)
                .collect();
            for v in vehicles {
                crate::engine::vehicles::at::mine_check(game, v);
            }
        }
        ContactEffect::BoobyTrap => {
            let here: Vec<UnitId> = game
                .state
                .units_at(pos)
                .filter(|u| u.kind != UnitKind::Casualty)
                .map(|u| u.id)
                .collect();
            if here.is_empty() {
                return;
            }
            let (r, reads) = game.random(here.len() as u32, Purpose::BoobyTrapVictim);
            let v = here[(r as usize).saturating_sub(1).min(here.len() - 1)];
            game.state.unit_mut(v).mined += 1;
            game.say(
                "9.5",
                EventKind::Status {
                    unit: v,
                    what: StatusChange::BoobyTrap,
                },
                reads,
            );
        }
    }
}

/// The range of a group: its longest printed range.
fn group_range(game: &Game, group: &[crate::data::units::UnitTypeId]) -> u8 {
    group
        .iter()
        .filter_map(|t| game.data.unit_type(&t.0))
        .filter_map(|t| t.front.map(|r| r.range.cards()))
        .max()
        .unwrap_or(1)
}

/// Whether an enemy group may go on a card (9.2.2): on the map or growing
/// it, no enemy already there, no enemy VOF (Incoming! included) on it, not
/// along another enemy unit's PDF, and able to fire on the trigger when the
/// package opens fire or the card is at max LOS.
fn legal(
    game: &Game,
    at: CardPos,
    trigger: Trigger,
    pkg: &ForcePackage,
    range: u8,
    taken: &[CardPos],
    max_los: bool,
) -> bool {
    if at.row < 1 || taken.contains(&at) {
        return false;
    }
    if game.state.map.card(at).is_none() && game.state.map.terrain_pile.is_empty() {
        return false;
    }
    if game.state.units_at(at).any(|u| u.side != Side::Us) {
        return false;
    }
    // 9.2.2: a package goes on a card holding US units only where its
    // table places it with the unit that made contact (the same card).
    // Decision: any other card holding US units is drawn again, as for a
    // card holding enemy units; before, a group placed beside the company
    // on such a card had its fire at the trigger shifted onto the units
    // there (6.2.3) without a word.
    if at != trigger.pos(game) && game.state.us_on(at) {
        return false;
    }
    if game
        .state
        .fires
        .iter()
        .any(|f| f.side != Side::Us && f.target == at)
    {
        return false;
    }
    // 9.2.2: an enemy Incoming! is an enemy VOF too.
    if game
        .state
        .map
        .card(at)
        .is_some_and(|c| c.markers.incoming && c.markers.enemy_incoming)
    {
        return false;
    }
    let along = game
        .state
        .fires
        .iter()
        .filter(|f| f.side != Side::Us && f.from != f.target)
        .any(|f| {
            crate::engine::map::los::line_between(f.from, f.target)
                .is_some_and(|cs| cs.contains(&at))
        });
    if along {
        return false;
    }
    // 9.2.2, 9.2.4: a unit placed at max LOS must see the unit that made
    // contact, spotters and snipers included; a package that opens fire
    // must be able to fire on it (range and LOS) wherever it goes.
    if pkg.opens_fire || max_los {
        let t = trigger.pos(game);
        let d = at.distance(t);
        if d > range || (d > 0 && at.line_dir(t).is_none()) {
            return false;
        }
        if d > 0 && !card_sees(game, at, t) {
            return false;
        }
    }
    true
}

/// 9.2.2: the walk toward max LOS. Cards are laid one at a time along the
/// line from the contact card, the map growing where none lies, until the
/// group's range is reached or a card stops sight through it (the trigger
/// no longer sees the next card along the line: terrain, hills, smoke).
/// Returns the card the walk ends on, if any. Decision (9.2.2 "may even
/// cause the map to extend into the Staging Area"): our map's row 0 is the
/// Main Staging Area, so the walk ends at row 1 and never extends into it;
/// the extended Staging Area the rule mentions would only matter for US
/// movement, which may not leave the original boundaries anyway.
fn walk_toward(
    game: &mut Game,
    pos: CardPos,
    d: crate::data::terrain::Dir,
    range: u8,
) -> Option<CardPos> {
    let mut last = None;
    let mut p = pos;
    for k in 1..=range {
        p = p.step(d);
        if p.row < 1 {
            break;
        }
        if game.state.map.card(p).is_none()
            && crate::engine::map::reveal::expand_map(game, p).is_err()
        {
            break;
        }
        last = Some(p);
        if k < range && !card_sees(game, pos, p.step(d)) {
            game.say(
                "9.2.2",
                EventKind::Nothing {
                    why: Quiet::Placement(
                        crate::engine::kernel::events::PlacementStep::SightStops {
                            from: pos,
                            at: p,
                        },
                    ),
                },
                Vec::new(),
            );
            break;
        }
    }
    last
}

fn find_card(
    game: &mut Game,
    pos: CardPos,
    trigger: Trigger,
    pkg: &ForcePackage,
    group: &[crate::data::units::UnitTypeId],
    taken: &[CardPos],
) -> Option<CardPos> {
    let table = game.mission.placement.clone()?;
    let sight = if game.limited_visibility() { 1 } else { 3 };
    // 9.8: a spotter's reach is its sight, not a weapon's range: the fire
    // it calls comes from off the map.
    let observer = group
        .iter()
        .filter_map(|t| game.data.unit_type(&t.0))
        .any(|t| t.kind == crate::data::units::UnitKind::Spotter);
    let range = if observer {
        sight
    } else {
        group_range(game, group).min(sight)
    };
    let always_far = group
        .iter()
        .filter_map(|t| game.data.unit_type(&t.0))
        .any(|t| {
            matches!(
                t.kind,
                crate::data::units::UnitKind::Sniper | crate::data::units::UnitKind::Spotter
            )
        });
    for _ in 0..MAX_REDRAWS {
        let (r, mut reads) = game.random(table.n as u32, Purpose::PlacementTable);
        let mut placement = table
            .entries
            .iter()
            .find(|(u, _)| r as u8 <= *u)
            .map(|(_, p)| *p)?;
        if placement == Placement::PerPackage {
            placement = match pkg.placement {
                PackagePlacement::SameCard => Placement::Here,
                other => {
                    // Keep drawing for a direction (9.2.2).
                    let reach = if other == PackagePlacement::MaxLos {
                        Reach::MaxLos
                    } else {
                        Reach::Adjacent
                    };
                    let mut dir = None;
                    for _ in 0..MAX_REDRAWS {
                        let (r2, more) = game.random(table.n as u32, Purpose::PlacementDirection);
                        reads.extend(more);
                        if let Some(Placement::Toward(d, _)) = table
                            .entries
                            .iter()
                            .find(|(u, _)| r2 as u8 <= *u)
                            .map(|(_, p)| *p)
                        {
                            dir = Some(d);
                            break;
                        }
                    }
                    match dir {
                        Some(d) => Placement::Toward(d, reach),
                        None => {
                            game.say(
                                "9.2.2",
                                EventKind::Nothing {
                                    why: Quiet::Placement(
                                        crate::engine::kernel::events::PlacementStep::NoDirection,
                                    ),
                                },
                                reads,
                            );
                            continue;
                        }
                    }
                }
            };
        }
        // 9.6, 9.8: a sniper or spotter always goes at maximum LOS range
        // in the direction drawn. Decision: a same-card entry names no
        // direction, so it is drawn again.
        if always_far {
            match placement {
                Placement::Toward(d, Reach::Adjacent) => {
                    placement = Placement::Toward(d, Reach::MaxLos);
                }
                Placement::Here => {
                    game.say(
                        "9.6",
                        EventKind::Nothing {
                            why: Quiet::Placement(
                                crate::engine::kernel::events::PlacementStep::NotOnItsTarget {
                                    r: r as u8,
                                },
                            ),
                        },
                        reads,
                    );
                    continue;
                }
                _ => {}
            }
        }
        let (candidate, max_los) = match placement {
            Placement::Here => (Some(pos), false),
            Placement::Toward(d, Reach::Adjacent) => (Some(pos.step(d)), false),
            Placement::Toward(d, Reach::MaxLos) => {
                game.say(
                    "9.2.2",
                    EventKind::Nothing {
                        why: Quiet::Placement(
                            crate::engine::kernel::events::PlacementStep::Toward {
                                r: r as u8,
                                dir: d,
                                from: pos,
                                range,
                            },
                        ),
                    },
                    std::mem::take(&mut reads),
                );
                (walk_toward(game, pos, d, range), true)
            }
            Placement::PerPackage => (None, false),
        };
        if let Some(c) = candidate
            && legal(game, c, trigger, pkg, range, taken, max_los)
        {
            if game.state.map.card(c).is_none()
                && crate::engine::map::reveal::expand_map(game, c).is_err()
            {
                continue;
            }
            let kind = if max_los {
                EventKind::PlacedAtMaxLos {
                    at: c,
                    trigger: trigger.pos(game),
                }
            } else {
                EventKind::Nothing {
                    why: Quiet::Placement(crate::engine::kernel::events::PlacementStep::On {
                        r: r as u8,
                        at: c,
                    }),
                }
            };
            game.say("9.2.2", kind, reads);
            crate::engine::map::reveal::fill_gaps(game);
            return Some(c);
        }
        crate::engine::map::reveal::fill_gaps(game);
        game.say(
            "9.2.2",
            EventKind::Nothing {
                why: Quiet::Placement(crate::engine::kernel::events::PlacementStep::Illegal {
                    r: r as u8,
                    at: candidate.filter(|_| max_los),
                }),
            },
            reads,
        );
    }
    None
}

/// Puts a group of units on a card with their cover and, when the package
/// opens fire, their fire on the triggering unit (9.2.3-9.2.4).
fn put_group(
    game: &mut Game,
    at: CardPos,
    trigger: Trigger,
    pkg: &ForcePackage,
    group: &[crate::data::units::UnitTypeId],
) {
    let cover_kind = match pkg.cover {
        PackageCover::Default => game.mission.enemy_cover,
        PackageCover::None => None,
        PackageCover::Under(k) => Some(k),
    };
    // 5.2.3 B: an enemy bunker or pillbox points toward the unit that made
    // contact.
    let facing = trigger.pos(game);
    let facing = at.toward(facing);
    let cover = cover_kind.map(|kind| {
        let id = CoverId(game.state.next_cover);
        game.state.next_cover += 1;
        let facing = facing.filter(|_| game.data.charts.firing_arc(kind));
        if let Some(c) = game.state.map.card_mut(at) {
            c.covers.push(CoverMarker { id, kind, facing });
        }
        id
    });
    let data = game.data.clone();
    let fanatic = crate::engine::map::setup::fanatic_mission(&data, &game.mission);
    let turn = game.state.turn;
    let mut names = Vec::new();
    for t in group {
        if let Some(id) = game.state.add_unit(&data, &t.0, at) {
            let u = game.state.unit_mut(id);
            // 9.8: a spotter is always placed unspotted.
            u.spotted = pkg.spotted && u.kind != UnitKind::Spotter;
            u.cover = cover;
            u.fanatic = pkg.fanatic || fanatic;
            // 9.2.1: a package that does not open fire holds it this turn.
            if !pkg.opens_fire {
                u.holds_fire = Some(turn);
            }
            u.human_wave = pkg.human_wave;
            names.push(u.label.clone());
            let steps = u.steps as u32;
            game.state.counters.enemy_placed += steps;
        }
    }
    let tpos = trigger.pos(game);
    let spotters: Vec<UnitId> = game
        .state
        .units
        .iter()
        .rev()
        .take(group.len())
        .filter(|u| u.pos == at && u.kind == UnitKind::Spotter)
        .map(|u| u.id)
        .collect();
    game.say(
        "9.2.2",
        EventKind::UnitCreated {
            unit: UnitId(game.state.units.len() as u16 - 1),
            from: None,
            why: crate::engine::kernel::events::Creation::Contact {
                first: UnitId((game.state.units.len() - group.len()) as u16),
                spotted: pkg.spotted && spotters.is_empty(),
                cover: cover_kind,
            },
        },
        Vec::new(),
    );
    // 9.8: a spotter's first fire mission lands at once on the card of
    // the unit that made the contact.
    for sp in spotters {
        crate::engine::enemy::spotters::spotter_placed(game, sp, tpos);
    }
    if pkg.opens_fire {
        game.state
            .fires
            .retain(|f| !(f.side == Side::Enemy && f.from == at));
        crate::engine::combat::fire::open_link(
            game,
            FireLink {
                side: Side::Enemy,
                from: at,
                target: tpos,
            },
            "9.2.4",
            crate::engine::kernel::events::FireCause::Contact(trigger.piece()),
            Vec::new(),
        );
        // 9.2.2: PC markers they fire through at their own level go.
        if let Some(cs) = crate::engine::map::los::line_between(at, tpos) {
            let level = game.level(at);
            for c in cs {
                if game.level(c) == level
                    && let Some(card) = game.state.map.card_mut(c)
                    && card.markers.pc.take().is_some()
                {
                    game.say(
                        "9.2.2",
                        EventKind::Marker {
                            pos: c,
                            what: MarkerKind::PcRemoved,
                        },
                        Vec::new(),
                    );
                }
            }
        }
    }
}

/// LOS between two cards at their ground levels, with the mission's
/// visibility.
fn card_sees(game: &Game, from: CardPos, to: CardPos) -> bool {
    use crate::engine::map::los::{Viewer, has_los};
    has_los(
        game,
        Viewer::new(from, game.level(from)),
        Viewer::new(to, game.level(to)),
        game.visibility(),
    )
}
