//! The Vehicle and Anti-Tank Weapons Chart's invariants (7.0-7.7).

use super::super::locate::{locate, locate_field};
use super::super::units::{UnitsFile, Vof};
use super::super::vehicles::{AtResult, VehiclesFile, VofKind};
use super::super::{DataError, SourceFile};
use std::collections::BTreeSet;

pub fn vehicles(f: &SourceFile, file: &VehiclesFile, units: &UnitsFile, out: &mut Vec<DataError>) {
    let at = |list: &str, i: usize, field: &str| locate(&f.text, list, i, Some(field));
    let mut seen = BTreeSet::new();
    for (i, v) in file.vehicles.iter().enumerate() {
        let e = |field: &str, msg: String| DataError::at(&f.path, at("vehicles", i, field), msg);
        if !seen.insert(v.id.0.as_str()) {
            out.push(e("id", format!("vehicle id `{}` is used twice", v.id)));
        }
        if units.units.iter().any(|u| u.id.0 == v.id.0) {
            out.push(e(
                "id",
                format!("vehicle id `{}` is also a unit id in the units file", v.id),
            ));
        }
        if v.crew > 4 || v.capacity > 12 {
            out.push(e(
                "crew",
                format!(
                    "vehicle `{}`: a crew of {} and room for {} steps is more than a vehicle holds (crew 0-4, capacity 0-12)",
                    v.id, v.crew, v.capacity
                ),
            ));
        }
        if let Some(g) = v.gunnery
            && g.reach().is_none()
        {
            out.push(e(
                "gunnery",
                format!(
                    "vehicle `{}`: a gun with no range at all; write `gunnery: None`",
                    v.id
                ),
            ));
        }
        if v.gunnery.is_none() && (v.quick_shot || v.grenade || v.ammo.is_some()) {
            out.push(e(
                "gunnery",
                format!(
                    "vehicle `{}` has no gun against vehicles, so it cannot have a quick shot, a G! draw or main-gun ammunition",
                    v.id
                ),
            ));
        }
        if !v.mobile && v.move_fire.is_some() {
            out.push(e(
                "move_fire",
                format!(
                    "vehicle `{}` cannot move (mobile: false), so it has no move-and-fire value",
                    v.id
                ),
            ));
        }
        if v.ammo == Some(0) {
            out.push(e(
                "ammo",
                format!("vehicle `{}` starts with no rounds", v.id),
            ));
        }
    }
    let mut seen = BTreeSet::new();
    for (i, w) in file.weapons.iter().enumerate() {
        let e = |field: &str, msg: String| DataError::at(&f.path, at("weapons", i, field), msg);
        if !seen.insert(w.unit.0.as_str()) {
            out.push(e("unit", format!("unit type `{}` has two rows", w.unit)));
        }
        match units.units.iter().find(|u| u.id == w.unit) {
            None => out.push(e(
                "unit",
                format!("unit type `{}` is not in the units file", w.unit),
            )),
            Some(u) => {
                let g = u.front.is_some_and(|r| r.vof == Vof::G);
                if g != w.grenade {
                    out.push(e(
                        "grenade",
                        format!(
                            "unit type `{}`: the G! draw (7.6) must follow the counter's VOF, which is {}G!",
                            w.unit,
                            if g { "" } else { "not " }
                        ),
                    ));
                }
            }
        }
        if w.gunnery.reach().is_none() {
            out.push(e(
                "gunnery",
                format!("unit type `{}`: a weapon with no range", w.unit),
            ));
        }
    }
    let mut seen = BTreeSet::new();
    for (i, v) in file.vof.iter().enumerate() {
        if !seen.insert(v.vof) {
            out.push(DataError::at(
                &f.path,
                at("vof", i, "vof"),
                format!("the {:?} row is there twice", v.vof),
            ));
        }
    }
    let mut seen = BTreeSet::new();
    for (i, v) in file.air.iter().enumerate() {
        if !seen.insert(v.vof) {
            out.push(DataError::at(
                &f.path,
                at("air", i, "vof"),
                String::from("that fire has two rows against aircraft"),
            ));
        }
        if matches!(v.vof, VofKind::Incoming | VofKind::Sniper) {
            out.push(DataError::at(
                &f.path,
                at("air", i, "vof"),
                String::from("only rifles, automatic and heavy weapons fire at aircraft (7.3.2)"),
            ));
        }
    }
    // The Anti-Armor table: strictly rising sums, results from the worst
    // for the target to the mildest, a miss last (above every row).
    for (i, pair) in file.anti_armor.windows(2).enumerate() {
        if pair[1].upto <= pair[0].upto || pair[1].result <= pair[0].result {
            out.push(DataError::at(
                &f.path,
                at("anti_armor", i + 1, "upto"),
                String::from("the Anti-Armor table's rows must rise: each sum above the last, each result milder"),
            ));
        }
    }
    if file.anti_armor.iter().any(|r| r.result == AtResult::Missed) {
        out.push(DataError::at(
            &f.path,
            locate_field(&f.text, "anti_armor"),
            String::from("a miss is every sum above the last row: leave it out of the table"),
        ));
    }
    if file.anti_armor.is_empty() {
        out.push(DataError::at(
            &f.path,
            locate_field(&f.text, "anti_armor"),
            String::from("the Anti-Armor table has no rows"),
        ));
    }
    let mut qs = file.quick_shot.clone();
    qs.sort();
    qs.dedup();
    if qs.len() != file.quick_shot.len() {
        out.push(DataError::at(
            &f.path,
            locate_field(&f.text, "quick_shot"),
            String::from("a Quick Shot sum is listed twice"),
        ));
    }
}

/// The missions' and campaigns' vehicles: every type on the chart, every
/// attachment a platoon HQ of the company, every start on the map or in the
/// staging area, and an order table wherever enemy vehicles can appear
/// (9.10).
pub fn vehicle_refs(
    missions: &[(&SourceFile, crate::data::mission::Mission)],
    campaigns: &[(&SourceFile, crate::data::campaign::Campaign)],
    file: &VehiclesFile,
    units: &UnitsFile,
    charts: Option<&crate::data::charts::Charts>,
    out: &mut Vec<DataError>,
) {
    use crate::data::mission::Start;
    use crate::data::units::{Side, UnitKind};
    for (f, m) in missions {
        air_sections(f, m, file, out);
        heli_starts(f, m, file, out);
        gunships(f, m, file, charts, out);
        let at = |i: usize, field: &str| locate(&f.text, "vehicles", i, Some(field));
        let mut enemy = false;
        for (i, v) in m.vehicles.iter().enumerate() {
            let Some(t) = file.vehicle(&v.vehicle_type.0) else {
                out.push(DataError::at(
                    &f.path,
                    at(i, "type"),
                    format!(
                        "vehicle type `{}` is not on the vehicle chart (assets/vehicles.ron)",
                        v.vehicle_type
                    ),
                ));
                continue;
            };
            // 7.4.5: transport helicopters are the mission's, in a
            // helicopter staging area; every other aircraft comes through
            // an air agency.
            let transport = t.class == crate::data::vehicles::VehicleClass::TransportHelicopter;
            if transport {
                let why = if t.side != Side::Us {
                    Some("only the company has transport helicopters (7.4.5)".to_string())
                } else if !matches!(
                    v.start,
                    Start::Heli(
                        crate::data::mission::HeliArea::PickUp
                            | crate::data::mission::HeliArea::Inbound
                    )
                ) {
                    Some(format!(
                        "the {} starts in a helicopter staging area: `start: Heli(PickUp)`, or `Heli(Inbound)` loaded for a landing in turn 1 (7.4.5)",
                        t.name
                    ))
                } else if v.attached.is_some() || v.platoon.is_some() || v.schedule.is_some() {
                    Some(format!(
                        "the {} flies for the CO HQ: no attachment, platoon or schedule (7.1.1, 7.4.5)",
                        t.name
                    ))
                } else if m.controls.lz.is_empty()
                    && v.start == Start::Heli(crate::data::mission::HeliArea::Inbound)
                {
                    // Helicopters waiting in the Pickup Zone may fly to a
                    // landing zone designated in play (4.2.1 l, 4.3.6).
                    Some(String::from(
                        "a helicopter that starts Inbound lands in turn 1: the mission designates a landing zone, `controls: (lz: [At(r, c)])` (7.4.5)",
                    ))
                } else {
                    None
                };
                if let Some(why) = why {
                    out.push(DataError::at(&f.path, at(i, "type"), why));
                }
            } else if matches!(v.start, Start::Heli(_)) {
                out.push(DataError::at(
                    &f.path,
                    at(i, "start"),
                    format!(
                        "the {} is not a transport helicopter: only they start in a helicopter staging area (2.4.2 B)",
                        t.name
                    ),
                ));
            }
            if t.class.aircraft() && !transport {
                out.push(DataError::at(
                    &f.path,
                    at(i, "type"),
                    format!(
                        "the {} is an aircraft: it comes through an air agency of `fire_support` (attack helicopters, 7.1.2; a forward air controller, 7.1.3; a gunship, 7.1.4)",
                        t.name
                    ),
                ));
            }
            enemy |= t.side != Side::Us;
            match v.start {
                Start::Staging(_) if t.side != Side::Us => out.push(DataError::at(
                    &f.path,
                    at(i, "start"),
                    format!(
                        "an enemy {} cannot start in the company's staging area",
                        t.name
                    ),
                )),
                Start::Card(a)
                    if a.0 < 1 || a.1 < 1 || a.0 > m.map.rows as i8 || a.1 > m.map.cols as i8 =>
                {
                    out.push(DataError::at(
                        &f.path,
                        at(i, "start"),
                        format!(
                            "the {} starts at row {} column {}, off the {}x{} map",
                            t.name, a.0, a.1, m.map.rows, m.map.cols
                        ),
                    ))
                }
                _ => {}
            }
            // 7.4.1: units that start aboard: the company's, starting
            // where the vehicle does, within its capacity, aboard one
            // vehicle only.
            let mut steps = 0u32;
            for r in &v.carrying {
                let entry = m.company.iter().find(|e| &e.id == r);
                let Some(e) = entry else {
                    out.push(DataError::at(
                        &f.path,
                        at(i, "carrying"),
                        format!("`{r}` is not in the company roster: only the company's units ride its vehicles (7.4)"),
                    ));
                    continue;
                };
                if t.side != Side::Us {
                    out.push(DataError::at(
                        &f.path,
                        at(i, "carrying"),
                        format!(
                            "the {} is the enemy's: the company's units ride only its own vehicles",
                            t.name
                        ),
                    ));
                }
                if e.start != v.start {
                    out.push(DataError::at(
                        &f.path,
                        at(i, "carrying"),
                        format!("`{r}` starts elsewhere than the {} it starts aboard: give both the same `start`", t.name),
                    ));
                }
                let others = m.vehicles[..i].iter().any(|w| w.carrying.contains(r));
                if others || v.carrying.iter().filter(|x| *x == r).count() > 1 {
                    out.push(DataError::at(
                        &f.path,
                        at(i, "carrying"),
                        format!("`{r}` is put aboard more than once"),
                    ));
                }
                steps += units
                    .units
                    .iter()
                    .find(|u| u.id == e.unit_type)
                    .map(|u| u.steps as u32)
                    .unwrap_or(0);
            }
            if steps > t.capacity as u32 {
                out.push(DataError::at(
                    &f.path,
                    at(i, "carrying"),
                    format!(
                        "the {} carries {} step(s) (7.4); `carrying` puts {steps} aboard",
                        t.name, t.capacity
                    ),
                ));
            }
            // 7.8: smoke and WP rounds go to the company's vehicles whose
            // gun fires at infantry.
            if (v.smoke > 0 || v.wp > 0) && (t.side != Side::Us || t.vof.is_none()) {
                out.push(DataError::at(
                    &f.path,
                    at(i, if v.smoke > 0 { "smoke" } else { "wp" }),
                    format!("the {} cannot be given smoke or WP rounds: only the company's vehicles with a gun that fires at infantry take them (7.8)", t.name),
                ));
            }
            // 7.2.1: a preplanned transport: the company's, mobile, from
            // its staging area to a card of the map, arriving before it
            // leaves.
            if let Some(s) = &v.schedule {
                let why = if t.side != Side::Us || !t.mobile {
                    Some(format!(
                        "the {} cannot keep a transport schedule: only the company's mobile vehicles do (7.2.1)",
                        t.name
                    ))
                } else if !matches!(v.start, Start::Staging(_)) {
                    Some(String::from(
                        "a scheduled vehicle starts in the staging area, from which it arrives (7.2.1)",
                    ))
                } else if s.at.0 < 1
                    || s.at.1 < 1
                    || s.at.0 > m.map.rows as i8
                    || s.at.1 > m.map.cols as i8
                {
                    Some(format!(
                        "the schedule's card, row {} column {}, is off the {}x{} map",
                        s.at.0, s.at.1, m.map.rows, m.map.cols
                    ))
                } else if s.arrive < 1 || s.leave <= s.arrive {
                    Some(format!(
                        "the schedule arrives on turn {} and leaves on turn {}: it arrives on turn 1 or later and leaves after it arrives",
                        s.arrive, s.leave
                    ))
                } else {
                    None
                };
                if let Some(why) = why {
                    out.push(DataError::at(&f.path, at(i, "schedule"), why));
                }
            }
            if let Some(r) = &v.attached {
                let hq = m.company.iter().find(|e| &e.id == r);
                let is_hq = hq.is_some_and(|e| {
                    units
                        .units
                        .iter()
                        .any(|u| u.id == e.unit_type && u.kind == UnitKind::Hq)
                });
                if t.side != Side::Us || !is_hq {
                    out.push(DataError::at(
                        &f.path,
                        at(i, "attached"),
                        format!(
                            "a company vehicle is attached to one of the company's HQs (7.1.1); `{r}` is not one"
                        ),
                    ));
                }
            }
        }
        vehicle_platoons(f, m, file, out);
        let campaign = m
            .campaign
            .as_ref()
            .and_then(|c| campaigns.iter().find(|(_, x)| &x.id == c));
        if let (Some((_, c)), Some(t)) = (campaign, &m.contacts) {
            let named: Vec<&String> = t.a.iter().chain(&t.b).chain(&t.c).map(|(_, p)| p).collect();
            enemy |= c
                .packages
                .iter()
                .any(|p| !p.vehicles.is_empty() && named.contains(&&p.id));
        }
        match &m.vehicle_orders {
            None if enemy => out.push(DataError::at(
                &f.path,
                locate_field(&f.text, "vehicles"),
                String::from("enemy vehicles can appear in this mission but it has no `vehicle_orders` to activate them (9.10)"),
            )),
            Some(o) if o.of < 2 || o.of > 12 || o.activate == 0 || o.activate > o.of || o.priorities.is_empty() => {
                out.push(DataError::at(
                    &f.path,
                    locate_field(&f.text, "vehicle_orders"),
                    String::from("vehicle_orders: `of` is 2-12, `activate` 1 to `of`, and at least one priority (9.10)"),
                ))
            }
            _ => {}
        }
    }
    for (f, c) in campaigns {
        for (i, p) in c.packages.iter().enumerate() {
            for v in &p.vehicles {
                let ok = file.vehicle(&v.0).is_some_and(|t| t.side != Side::Us);
                if !ok {
                    out.push(DataError::at(
                        &f.path,
                        locate(&f.text, "packages", i, Some("vehicles")),
                        format!(
                            "package `{}`: `{v}` is not an enemy vehicle on the vehicle chart",
                            p.id
                        ),
                    ));
                }
                if p.groups.is_empty() {
                    out.push(DataError::at(
                        &f.path,
                        locate(&f.text, "packages", i, Some("vehicles")),
                        format!("package `{}`: vehicles come with a group of infantry to place them with", p.id),
                    ));
                }
            }
        }
    }
}

/// 7.1.1: a vehicle platoon is the company's radio-equipped vehicles, none
/// attached to an infantry platoon or on a preplanned schedule, with one
/// HQ among them; an HQ names its platoon.
fn vehicle_platoons(
    f: &SourceFile,
    m: &crate::data::mission::Mission,
    file: &VehiclesFile,
    out: &mut Vec<DataError>,
) {
    use crate::data::units::Side;
    use crate::data::vehicles::VehicleClass;
    let at = |i: usize, field: &str| locate(&f.text, "vehicles", i, Some(field));
    for (i, v) in m.vehicles.iter().enumerate() {
        let Some(t) = file.vehicle(&v.vehicle_type.0) else {
            continue;
        };
        let Some(name) = &v.platoon else {
            if v.platoon_hq {
                out.push(DataError::at(
                    &f.path,
                    at(i, "platoon_hq"),
                    String::from("a vehicle platoon HQ names its platoon with `platoon` (7.1.1)"),
                ));
            }
            continue;
        };
        let why = if t.side != Side::Us {
            Some(format!(
                "the {} is the enemy's: only the company's vehicles form platoons (7.1.1, 9.10)",
                t.name
            ))
        } else if matches!(t.class, VehicleClass::Truck | VehicleClass::Jeep) {
            Some(format!(
                "the {} has no radio: trucks and jeeps are in no vehicle platoon (7.1.1)",
                t.name
            ))
        } else if v.attached.is_some() {
            Some(String::from(
                "a vehicle attached to an infantry platoon is not also in a vehicle platoon (7.1.1)",
            ))
        } else if v.schedule.is_some() {
            Some(String::from(
                "a preplanned transport keeps its schedule and takes no platoon orders (7.2.1)",
            ))
        } else {
            let hqs = m
                .vehicles
                .iter()
                .filter(|w| w.platoon.as_ref() == Some(name) && w.platoon_hq)
                .count();
            (hqs != 1).then(|| {
                format!("the vehicle platoon `{name}` has {hqs} HQs: it has exactly one (7.1.1)")
            })
        };
        if let Some(why) = why {
            out.push(DataError::at(&f.path, at(i, "platoon"), why));
        }
    }
}

/// 2.4.2 B, 7.4.5: a unit starts in a helicopter staging area only in a
/// mission with transport helicopters: in the Pickup Zone, or aboard a
/// helicopter where it starts.
fn heli_starts(
    f: &SourceFile,
    m: &crate::data::mission::Mission,
    file: &VehiclesFile,
    out: &mut Vec<DataError>,
) {
    use crate::data::mission::{HeliArea, Start};
    let lift = m.vehicles.iter().any(|v| {
        file.vehicle(&v.vehicle_type.0)
            .is_some_and(|t| t.class == crate::data::vehicles::VehicleClass::TransportHelicopter)
    });
    for (i, r) in m.company.iter().enumerate() {
        let Start::Heli(area) = r.start else {
            continue;
        };
        let aboard = m.vehicles.iter().any(|v| v.carrying.contains(&r.id));
        let why = if !lift {
            Some(format!(
                "`{}` starts in a helicopter staging area, but the mission has no transport helicopter (2.4.2 B)",
                r.id
            ))
        } else if area != HeliArea::PickUp && !aboard {
            Some(format!(
                "`{}` starts in {} with no helicopter under it: units wait in the Pickup Zone, or start aboard a helicopter (7.4.5)",
                r.id,
                area.words()
            ))
        } else {
            None
        };
        if let Some(why) = why {
            out.push(DataError::at(
                &f.path,
                locate(&f.text, "company", i, Some("start")),
                why,
            ));
        }
    }
}

/// An aircraft an air agency sends on station by itself (a forward air
/// controller, 7.1.3; a gunship, 7.1.4): its row on the chart is one of
/// the company's of that class, the agency is an air agency, and it
/// arrives within the mission. Reports at `field` of the agency; returns
/// whether the arrival turn is within the mission.
#[allow(clippy::too_many_arguments)]
fn on_station_spec(
    f: &SourceFile,
    m: &crate::data::mission::Mission,
    file: &VehiclesFile,
    i: usize,
    field: &str,
    (aircraft, arrives): (&crate::data::vehicles::VehicleTypeId, u8),
    (class, what, rule): (crate::data::vehicles::VehicleClass, &str, &str),
    out: &mut Vec<DataError>,
) -> bool {
    let fs = &m.fire_support[i];
    let at = locate(&f.text, "fire_support", i, Some(field));
    let mut bad = |msg: String| out.push(DataError::at(&f.path, at, msg));
    match file.vehicle(&aircraft.0) {
        None => bad(format!(
            "`{}`: aircraft `{}` is not on the vehicle chart (assets/vehicles.ron)",
            fs.id, aircraft
        )),
        Some(t) if t.class != class || t.side != crate::data::units::Side::Us => bad(format!(
            "`{}`: the {} is not one of the company's {what} ({rule})",
            fs.id, t.name
        )),
        Some(_) => {}
    }
    if fs.agency != crate::data::mission::Agency::Air {
        bad(format!(
            "`{}`: a {} is air support: give it to an air agency ({rule})",
            fs.id,
            class.words()
        ));
    }
    if arrives == 0 || arrives > m.turns {
        bad(format!(
            "`{}`: the {} arrives in turn {arrives}, outside the mission's {} turns",
            fs.id,
            class.words(),
            m.turns
        ));
        return false;
    }
    true
}

/// 7.1.4: a fixed-wing gunship is the company's, comes with an air
/// agency, arrives within the mission, and on a night turn: it flies only
/// at night.
fn gunships(
    f: &SourceFile,
    m: &crate::data::mission::Mission,
    file: &VehiclesFile,
    charts: Option<&crate::data::charts::Charts>,
    out: &mut Vec<DataError>,
) {
    use crate::data::vehicles::VehicleClass;
    for (i, fs) in m.fire_support.iter().enumerate() {
        let Some(g) = &fs.gunship else {
            continue;
        };
        if !on_station_spec(
            f,
            m,
            file,
            i,
            "gunship",
            (&g.aircraft, g.arrives),
            (
                VehicleClass::FixedWingGunship,
                "fixed-wing gunships",
                "7.1.4",
            ),
            out,
        ) {
            continue;
        }
        let at = locate(&f.text, "fire_support", i, Some("gunship"));
        // The visibility of the arrival turn: the mission's, or its last
        // change by then (8.0).
        let seen = m
            .visibility_from
            .iter()
            .rev()
            .find(|(t, _)| *t <= g.arrives)
            .map(|(_, v)| v.as_str())
            .unwrap_or(&m.visibility);
        let night = charts.and_then(|c| c.visibility.iter().find(|v| v.id == seen));
        if let Some(level) = night
            && !level.moon
        {
            out.push(DataError::at(
                &f.path,
                at,
                format!(
                    "`{}`: the gunship arrives in turn {}, in {} (`{seen}`): gunships fly only at night (7.1.4)",
                    fs.id,
                    g.arrives,
                    level.name.to_lowercase()
                ),
            ));
        }
    }
}

/// 7.1.2: an attack-helicopter mission names the company's attack
/// helicopter its calls bring; no other mission names one.
fn air_sections(
    f: &SourceFile,
    m: &crate::data::mission::Mission,
    file: &VehiclesFile,
    out: &mut Vec<DataError>,
) {
    use crate::data::mission::FmKind;
    use crate::data::units::Side;
    use crate::data::vehicles::VehicleClass;
    for (i, fs) in m.fire_support.iter().enumerate() {
        if let Some(fac) = &fs.fac {
            on_station_spec(
                f,
                m,
                file,
                i,
                "fac",
                (&fac.aircraft, fac.arrives),
                (
                    VehicleClass::FacAircraft,
                    "forward air controller aircraft",
                    "7.1.3",
                ),
                out,
            );
            if fac.draws == 0 {
                out.push(DataError::at(
                    &f.path,
                    locate(&f.text, "fire_support", i, Some("fac")),
                    format!("`{}`: the forward air controller draws no card", fs.id),
                ));
            }
        }
        let at = || locate(&f.text, "fire_support", i, Some("missions"));
        for spec in &fs.missions {
            match (&spec.helicopter, spec.kind == FmKind::AttackHelicopter) {
                (None, true) => out.push(DataError::at(
                    &f.path,
                    at(),
                    format!(
                        "`{}`: attack helicopters need `helicopter: Some(\"...\")`, the chart's row of the aircraft a call brings (7.1.2)",
                        fs.id
                    ),
                )),
                (Some(h), false) => out.push(DataError::at(
                    &f.path,
                    at(),
                    format!(
                        "`{}`: only an attack-helicopter mission names a helicopter (`{h}` given to {})",
                        fs.id,
                        spec.kind.label()
                    ),
                )),
                (Some(h), true) => match file.vehicle(&h.0) {
                    None => out.push(DataError::at(
                        &f.path,
                        at(),
                        format!(
                            "`{}`: helicopter `{h}` is not on the vehicle chart (assets/vehicles.ron)",
                            fs.id
                        ),
                    )),
                    Some(t) if t.class != VehicleClass::AttackHelicopter || t.side != Side::Us => {
                        out.push(DataError::at(
                            &f.path,
                            at(),
                            format!(
                                "`{}`: the {} is not one of the company's attack helicopters (7.1.2)",
                                fs.id, t.name
                            ),
                        ))
                    }
                    Some(t) if t.vof.is_none() => out.push(DataError::at(
                        &f.path,
                        at(),
                        format!(
                            "`{}`: the {} has no VOF to attack with (7.1.2)",
                            fs.id, t.name
                        ),
                    )),
                    Some(_) => {}
                },
                (None, false) => {}
            }
        }
    }
}
