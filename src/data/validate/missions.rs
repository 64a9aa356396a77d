//! Checks of the missions and campaigns: maps, the company, enemy tables,
//! controls, fire support, goals and awards, and the campaigns' references
//! to their missions, packages and replacements.

use crate::data::charts::Charts;
use crate::data::locate::{locate, locate_field};
use crate::data::terrain::TerrainDeck;
use crate::data::units::{UnitKind, UnitsFile};
use crate::data::{DataError, SourceFile};
use std::collections::BTreeSet;

/// Missions: every reference resolves, every place is on the map.
pub fn missions(
    files: &[(&SourceFile, crate::data::mission::Mission)],
    decks: Option<&[&TerrainDeck]>,
    units: &UnitsFile,
    charts: &Charts,
    out: &mut Vec<DataError>,
) {
    use crate::data::mission::{Face, Start};
    let mut ids = BTreeSet::new();
    for (f, m) in files {
        let at = |field: &str| DataError::at(&f.path, locate_field(&f.text, field), String::new());
        let e = |field: &str, msg: String| DataError {
            message: msg,
            ..at(field)
        };
        let in_roster = |i: usize, field: &str, msg: String| {
            DataError::at(&f.path, locate(&f.text, "company", i, Some(field)), msg)
        };
        if !ids.insert(m.id.as_str()) {
            out.push(e(
                "id",
                format!("mission id `{}` is used by another mission", m.id),
            ));
        }
        if m.turns == 0 {
            out.push(e("turns", "a mission needs at least one turn".into()));
        }
        // 9.4: an enemy facing a defending company attacks; one facing an
        // attack or a patrol defends.
        if let Some(t) = m.tactics {
            let defending_us = m.kind == crate::data::mission::MissionKind::Defensive;
            if t.offensive() != defending_us {
                out.push(e(
                    "tactics",
                    format!(
                        "{} tactics are read on the {} table, but in a {} mission the enemy {} (9.4)",
                        t.label(),
                        if t.offensive() { "Offensive" } else { "Defensive" },
                        m.kind.label().to_lowercase(),
                        if defending_us { "attacks: use Assault or Overrun" } else { "defends: use Delay, Hasty or Deliberate" }
                    ),
                ));
            }
        }
        // 11.0, 10.3.1: goals and awards name places and lines the mission
        // has.
        if m.patrols == 0 || (m.patrols > 1 && m.kind != crate::data::mission::MissionKind::Patrol)
        {
            out.push(e(
                "patrols",
                "only a combat patrol mission has several patrols, and every mission at least one (11.4)".into(),
            ));
        }
        if !m.patrol.is_empty() && m.kind != crate::data::mission::MissionKind::Patrol {
            out.push(e(
                "patrol",
                "only a combat patrol mission names a patrol (11.4)".into(),
            ));
        }
        for id in &m.patrol {
            if !m.company.iter().any(|c| &c.id == id) {
                out.push(e(
                    "patrol",
                    format!("the patrol names \"{id}\", who is not in the company"),
                ));
            }
        }
        if m.attempts == 0 {
            out.push(e(
                "attempts",
                "a mission must allow at least one attempt (11.1)".into(),
            ));
        }
        {
            use crate::data::mission::{Goal, Place, Task};
            let c = &m.controls;
            let has = |p: Place| match p {
                Place::Primary => c
                    .objectives
                    .iter()
                    .any(|(k, _)| *k == crate::data::mission::ObjectiveKind::Primary),
                Place::Secondary => c
                    .objectives
                    .iter()
                    .any(|(k, _)| *k == crate::data::mission::ObjectiveKind::Secondary),
                Place::AttackPosition => c.attack_position.is_some(),
                Place::Cop => c.cop.is_some(),
            };
            for g in &m.success {
                let missing = match g {
                    Goal::Secure(p) | Goal::Clear(p) | Goal::ClearAndSecure(p) => {
                        (!has(*p)).then(|| format!("no marker for {} in the controls", p.label()))
                    }
                    Goal::HoldMlr => c.mlr.is_none().then(|| "no `mlr` in the controls".into()),
                    Goal::Route => c
                        .route
                        .is_empty()
                        .then(|| "no `route` points in the controls".into()),
                    Goal::ClearCards(_) | Goal::CoHqAlive => None,
                };
                if let Some(why) = missing {
                    out.push(e("success", format!("success condition {g:?}: {why}")));
                }
            }
            let (rows, cols) = (m.map.rows as i8, m.map.cols as i8);
            for (t, _) in &m.awards {
                let bad = match t {
                    Task::Secure(p) => {
                        (!has(*p)).then(|| format!("no marker for {} in the controls", p.label()))
                    }
                    Task::ClearRow(r) | Task::ClearOnRow(r) if !(1..=rows).contains(r) => {
                        Some(format!("row {r} is not on the {rows}-row map"))
                    }
                    Task::ClearColumn(k) if !(1..=cols).contains(k) => {
                        Some(format!("column {k} is not on the {cols}-column map"))
                    }
                    _ => None,
                };
                if let Some(why) = bad {
                    out.push(e("awards", format!("award {t:?}: {why}")));
                }
            }
        }
        if let Some(ef) = &m.enemy_fire
            && (ef.missions == 0 || ef.draws == 0)
        {
            out.push(e(
                "enemy_fire",
                "enemy fire needs at least one mission and one card per call (9.8)".into(),
            ));
        }
        // 7.4.5: a mid-mission air assault flies after turn 1 (a first
        // wave starts Inbound instead), within the mission, with
        // helicopters waiting in the Pickup Zone.
        if let Some(t) = m.air_assault {
            if t < 2 || t > m.turns {
                out.push(e(
                    "air_assault",
                    format!(
                        "turn {t}: a mid-mission air assault flies from turn 2 to the mission's last, {} (a first wave starts Inbound) (7.4.5)",
                        m.turns
                    ),
                ));
            }
            let waiting = m.vehicles.iter().any(|v| {
                v.start == crate::data::mission::Start::Heli(crate::data::mission::HeliArea::PickUp)
            });
            if !waiting {
                out.push(e(
                    "air_assault",
                    "an air assault needs transport helicopters waiting in the Pickup Zone: `start: Heli(PickUp)` (7.4.5)".into(),
                ));
            }
        }
        let mut last = 1u8;
        for (turn, v) in &m.visibility_from {
            if !charts.visibility.iter().any(|x| &x.id == v) {
                out.push(e(
                    "visibility_from",
                    format!("visibility `{v}` is not a level in assets/charts.ron"),
                ));
            }
            if *turn <= last || *turn > m.turns {
                out.push(e(
                    "visibility_from",
                    format!(
                        "turn {turn}: changes come in rising turns after turn 1 and within the mission's {} turns",
                        m.turns
                    ),
                ));
            }
            last = last.max(*turn);
        }
        if !charts.visibility.iter().any(|v| v.id == m.visibility) {
            out.push(e(
                "visibility",
                format!(
                    "visibility `{}` is not a level in assets/charts.ron",
                    m.visibility
                ),
            ));
        }
        let deck = decks.and_then(|ds| ds.iter().find(|d| d.id == m.terrain));
        if decks.is_some() && deck.is_none() {
            out.push(e(
                "terrain",
                format!("terrain deck `{}` does not exist", m.terrain),
            ));
        }
        let (rows, cols) = (m.map.rows as i8, m.map.cols as i8);
        if rows == 0 || cols == 0 || rows > 12 || cols > 12 {
            out.push(e(
                "map",
                format!("a map of {rows} x {cols} cards; rows and columns must be 1..=12"),
            ));
        }
        if let Some(d) = deck {
            let plain = d.cards.iter().filter(|c| !c.is_hill()).count();
            if (rows as usize) * (cols as usize) > plain {
                out.push(e(
                    "map",
                    format!(
                        "the map needs {} cards but the deck holds {plain} that are not hills",
                        rows as usize * cols as usize
                    ),
                ));
            }
            for fc in &m.map.fixed {
                if !d.cards.iter().any(|c| c.number == fc.card) {
                    out.push(e(
                        "fixed",
                        format!("fixed card {} is not in the `{}` deck", fc.card, d.id),
                    ));
                }
            }
        }
        let on_map =
            |a: crate::data::mission::At| a.0 >= 1 && a.0 <= rows && a.1 >= 1 && a.1 <= cols;
        let mut fixed_at = BTreeSet::new();
        for fc in &m.map.fixed {
            if !on_map(fc.at) {
                out.push(e(
                    "fixed",
                    format!(
                        "fixed card at ({}, {}) is off the {rows} x {cols} map",
                        fc.at.0, fc.at.1
                    ),
                ));
            }
            if !fixed_at.insert(fc.at) {
                out.push(e(
                    "fixed",
                    format!("two fixed cards at ({}, {})", fc.at.0, fc.at.1),
                ));
            }
        }
        if m.map.face == Face::Down
            && m.map.fixed.len() == (rows as usize) * (cols as usize)
            && rows > 0
        {
            // A fully fixed map laid face down is allowed; nothing to check.
        }
        let c = &m.controls;
        for (kind, a) in &c.objectives {
            if !on_map(*a) {
                out.push(e(
                    "objectives",
                    format!(
                        "the {} objective at ({}, {}) is off the map",
                        match kind {
                            crate::data::mission::ObjectiveKind::Primary => "primary",
                            crate::data::mission::ObjectiveKind::Secondary => "secondary",
                        },
                        a.0,
                        a.1
                    ),
                ));
            }
        }
        for (name, a) in [
            ("attack_position", c.attack_position),
            ("cop", c.cop),
            ("casualty_point", c.casualty_point),
        ] {
            if let Some(a) = a
                && !on_map(a)
            {
                out.push(e(
                    name,
                    format!("`{name}` at ({}, {}) is off the map", a.0, a.1),
                ));
            }
        }
        // 7.4.5: a landing zone of one to three adjacent cards, each a
        // fixed card showing the helicopter icon (the dealt cards are not
        // known in advance).
        if c.lz.len() > 3 {
            out.push(e(
                "lz",
                format!(
                    "a landing zone spans one to three cards, not {} (7.4.5)",
                    c.lz.len()
                ),
            ));
        }
        for (k, a) in c.lz.iter().enumerate() {
            if !on_map(*a) {
                out.push(e(
                    "lz",
                    format!("LZ card ({}, {}) is off the map", a.0, a.1),
                ));
                continue;
            }
            let near = |b: &crate::data::mission::At| {
                b != a && (b.0 - a.0).abs() <= 1 && (b.1 - a.1).abs() <= 1
            };
            if c.lz.len() > 1 && !c.lz.iter().any(near) {
                out.push(e(
                    "lz",
                    format!(
                        "LZ card ({}, {}) is not next to another card of the landing zone (7.4.5)",
                        a.0, a.1
                    ),
                ));
            }
            if c.lz[..k].contains(a) {
                out.push(e(
                    "lz",
                    format!("LZ card ({}, {}) is given twice", a.0, a.1),
                ));
            }
            let card = m.map.fixed.iter().find(|fc| fc.at == *a).map(|fc| fc.card);
            match (card, deck) {
                (None, _) => out.push(e(
                    "lz",
                    format!(
                        "LZ card ({}, {}) must be a fixed card of the map, one with the helicopter icon (2.2.1 E, 7.4.5)",
                        a.0, a.1
                    ),
                )),
                (Some(n), Some(d)) => {
                    if d.cards.iter().any(|t| t.number == n && !t.lz) {
                        out.push(e(
                            "lz",
                            format!(
                                "the fixed card {n} at ({}, {}) has no helicopter icon: it cannot be a landing zone (2.2.1 E, 7.4.5)",
                                a.0, a.1
                            ),
                        ));
                    }
                }
                (Some(_), None) => {}
            }
        }
        // 5.1.7: the MEDEVAC LZ, a card of the landing zone, in a mission
        // that evacuates by MEDEVAC and so has no collection point.
        let medevac = m.evacuation == crate::data::mission::Evacuation::Medevac;
        if let Some(a) = c.medevac {
            if !medevac {
                out.push(e(
                    "medevac",
                    "a MEDEVAC LZ is for a mission whose casualties leave by helicopter: add `evacuation: Medevac` (5.1.7)".into(),
                ));
            }
            if !c.lz.contains(&a) {
                out.push(e(
                    "medevac",
                    format!(
                        "the MEDEVAC LZ ({}, {}) must be a card of `lz` (5.1.7)",
                        a.0, a.1
                    ),
                ));
            }
        }
        if medevac && c.casualty_point.is_some() {
            out.push(e(
                "casualty_point",
                "casualties leave by the MEDEVAC LZ in this mission: it has no casualty collection point (5.1.7)".into(),
            ));
        }
        for a in &c.route {
            if !on_map(*a) {
                out.push(e(
                    "route",
                    format!("route point ({}, {}) is off the map", a.0, a.1),
                ));
            }
        }
        for (name, row) in [("loa", c.loa), ("mlr", c.mlr)] {
            if let Some(r) = row
                && (r < 1 || r > rows)
            {
                out.push(e(name, format!("`{name}` row {r} is outside 1..={rows}")));
            }
        }
        for r in &c.phase_lines {
            if *r < 1 || *r > rows {
                out.push(e(
                    "phase_lines",
                    format!("phase line above row {r} is outside 1..={rows}"),
                ));
            }
        }
        // The roster.
        let mut roster = BTreeSet::new();
        let mut co_hqs = 0;
        for (i, r) in m.company.iter().enumerate() {
            if !roster.insert(r.id.as_str()) {
                out.push(in_roster(
                    i,
                    "id",
                    format!("roster id `{}` is used twice", r.id),
                ));
            }
            let t = units.units.iter().find(|u| u.id == r.unit_type);
            match t {
                None => out.push(in_roster(
                    i,
                    "type",
                    format!("unit type `{}` is not in assets/units.ron", r.unit_type),
                )),
                Some(t) => {
                    if t.side != crate::data::units::Side::Us {
                        out.push(in_roster(
                            i,
                            "type",
                            format!("`{}` is not a US unit type", r.unit_type),
                        ));
                    }
                    if let Some(s) = r.steps
                        && (s == 0 || s > t.steps)
                    {
                        out.push(in_roster(
                            i,
                            "steps",
                            format!(
                                "`{}` starts with {s} steps; its counter has {}",
                                r.id, t.steps
                            ),
                        ));
                    }
                    // 5.1.6 A: a starting load within what the steps
                    // carry.
                    if let Some((kind, n)) = r.load {
                        let steps = r.steps.unwrap_or(t.steps);
                        let cap = kind.per_step().saturating_mul(steps);
                        if n == 0 || n > cap {
                            out.push(in_roster(
                                i,
                                "load",
                                format!(
                                    "`{}` starts with {n} point(s) of {} ammunition; its {steps} step(s) carry 1 to {cap} (5.1.6 A)",
                                    r.id,
                                    kind.label()
                                ),
                            ));
                        }
                    }
                    // 10.7: skill markers go to PLT HQs and staff, three
                    // at most each.
                    if !r.skills.is_empty() {
                        let holder = r.hq.is_some()
                            && matches!(
                                t.kind,
                                UnitKind::Hq | UnitKind::Staff | UnitKind::HigherStaff
                            );
                        if !holder {
                            out.push(in_roster(
                                i,
                                "skills",
                                format!("`{}` cannot hold skill markers: only PLT HQs and staff do (10.7)", r.id),
                            ));
                        }
                        if r.skills.len() > 3 {
                            out.push(in_roster(
                                i,
                                "skills",
                                format!(
                                    "`{}` holds {} skill markers; three at most (10.7)",
                                    r.id,
                                    r.skills.len()
                                ),
                            ));
                        }
                    }
                    if r.hq.is_none() {
                        if t.kind == UnitKind::Hq {
                            co_hqs += 1;
                        } else {
                            out.push(in_roster(
                                i,
                                "hq",
                                format!(
                                    "`{}` needs an `hq`: only the CO HQ answers to the battalion",
                                    r.id
                                ),
                            ));
                        }
                    }
                }
            }
            match r.start {
                Start::Staging(col) if col < 1 || col > cols => out.push(in_roster(
                    i,
                    "start",
                    format!(
                        "`{}` starts in staging column {col}, outside 1..={cols}",
                        r.id
                    ),
                )),
                Start::Card(a) if !on_map(a) => out.push(in_roster(
                    i,
                    "start",
                    format!("`{}` starts at ({}, {}), off the map", r.id, a.0, a.1),
                )),
                _ => {}
            }
        }
        if co_hqs != 1 {
            out.push(e(
                "company",
                format!("the roster needs exactly one CO HQ (an HQ with no `hq`), found {co_hqs}"),
            ));
        }
        for (i, r) in m.company.iter().enumerate() {
            if let Some(h) = &r.hq {
                match m.company.iter().find(|x| &x.id == h) {
                    None => out.push(in_roster(
                        i,
                        "hq",
                        format!("`{}` answers to `{h}`, which is not in the roster", r.id),
                    )),
                    Some(x) => {
                        let kind = units
                            .units
                            .iter()
                            .find(|u| u.id == x.unit_type)
                            .map(|u| u.kind);
                        if !kind.is_some_and(|k| k.commands()) {
                            out.push(in_roster(
                                i,
                                "hq",
                                format!("`{}` answers to `{h}`, which is not an HQ or staff", r.id),
                            ));
                        }
                    }
                }
            }
        }
        let holders = m
            .radios
            .iter()
            .map(|r| ("radios", &r.holder))
            .chain(m.phones.iter().map(|p| ("phones", &p.holder)))
            .chain(m.phone_lines.iter().map(|(h, _)| ("phone_lines", h)))
            .chain(m.pyrotechnics.iter().map(|p| ("pyrotechnics", &p.holder)));
        for (field, h) in holders {
            if !roster.contains(h.as_str()) {
                out.push(e(field, format!("`{h}` in `{field}` is not in the roster")));
            }
        }
        {
            use crate::data::mission::SignalOrder;
            let mut seen = BTreeSet::new();
            for (device, order) in &m.signals {
                if !seen.insert(*device) {
                    out.push(e(
                        "signals",
                        format!("the signal plan gives the {} two orders", device.label()),
                    ));
                }
                let ok = SignalOrder::offered(m.kind, c, *device, m.helicopters()).contains(order);
                if !ok {
                    out.push(e(
                        "signals",
                        format!(
                            "the {} signal orders \"{}\", which is not on the signal chart of this {} mission or names a control the mission lacks (4.3.6)",
                            device.label(),
                            order.label(),
                            m.kind.label().to_lowercase()
                        ),
                    ));
                }
            }
        }
        let mut fs_ids = BTreeSet::new();
        for fs in &m.fire_support {
            use crate::data::mission::{Agency, FmKind};
            if !fs_ids.insert(fs.id.as_str()) {
                out.push(e(
                    "fire_support",
                    format!("firing agency id `{}` is used twice", fs.id),
                ));
            }
            for (who, draws) in &fs.observers {
                if !roster.contains(who.as_str()) {
                    out.push(e(
                        "fire_support",
                        format!("observer `{who}` of `{}` is not in the roster", fs.id),
                    ));
                }
                if *draws == 0 {
                    out.push(e(
                        "fire_support",
                        format!("observer `{who}` of `{}` draws no card", fs.id),
                    ));
                }
            }
            if fs.battalion && fs.agency != Agency::Artillery {
                out.push(e(
                    "fire_support",
                    format!(
                        "`{}`: only artillery fires battalion missions (6.7.2 G)",
                        fs.id
                    ),
                ));
            }
            for mspec in &fs.missions {
                let air = mspec.kind.air();
                if mspec.kind == FmKind::Fpf && c.fpf.is_none() {
                    out.push(e(
                        "fire_support",
                        format!("`{}` lists FPF but the mission places no FPF marker", fs.id),
                    ));
                }
                if air != (fs.agency == Agency::Air) {
                    out.push(e(
                        "fire_support",
                        format!(
                            "`{}`: air strikes and attack helicopters come from air agencies only, which give nothing else (6.7.2 F, 7.1.2)",
                            fs.id
                        ),
                    ));
                }
            }
            if let Some(a) = fs.registered {
                if !on_map(a) {
                    out.push(e(
                        "fire_support",
                        format!("`{}`: registered target off the map", fs.id),
                    ));
                }
                if fs.agency != Agency::Artillery {
                    out.push(e(
                        "fire_support",
                        format!(
                            "`{}`: only artillery starts with a registered target (6.7.5)",
                            fs.id
                        ),
                    ));
                }
            }
        }
        if (c.fpf.is_some() || !c.fpl.is_empty())
            && m.kind != crate::data::mission::MissionKind::Defensive
        {
            out.push(e(
                "controls",
                "final protective fires and lines belong to defensive missions (2.4.1 B)".into(),
            ));
        }
        for a in c.claymores.iter().chain(c.mines.iter()) {
            if !on_map(*a) {
                out.push(e(
                    "controls",
                    format!(
                        "a claymore or minefield at ({}, {}) is off the map",
                        a.0, a.1
                    ),
                ));
            }
        }
        if let Some(a) = c.fpf
            && !on_map(a)
        {
            out.push(e(
                "fpf",
                format!("the FPF marker at ({}, {}) is off the map", a.0, a.1),
            ));
        }
        for (who, dir) in &c.fpl {
            if !dir.is_diagonal() {
                out.push(e(
                    "fpl",
                    format!("the FPL of `{who}` must run along a diagonal (6.4)"),
                ));
            }
            let tripod = m
                .company
                .iter()
                .find(|r| &r.id == who)
                .and_then(|r| units.units.iter().find(|u| u.id == r.unit_type))
                .is_some_and(|u| u.weapon == Some(crate::data::units::Weapon::TripodMg));
            if !tripod {
                out.push(e(
                    "fpl",
                    format!("`{who}` is not a tripod machine gun of the roster (6.4)"),
                ));
            }
        }
        for en in &m.enemy {
            match units.units.iter().find(|u| u.id == en.unit_type) {
                None => out.push(e(
                    "enemy",
                    format!(
                        "enemy unit type `{}` is not in assets/units.ron",
                        en.unit_type
                    ),
                )),
                Some(t) if t.side == crate::data::units::Side::Us => out.push(e(
                    "enemy",
                    format!("`{}` is a US unit, not an enemy", en.unit_type),
                )),
                _ => {}
            }
            if !on_map(en.at) {
                out.push(e(
                    "enemy",
                    format!(
                        "an enemy unit starts at ({}, {}), off the map",
                        en.at.0, en.at.1
                    ),
                ));
            }
        }
        for p in &m.pc_markers {
            if p.row < 1 || p.row > rows {
                out.push(e(
                    "pc_markers",
                    format!("PC markers on row {} outside 1..={rows}", p.row),
                ));
            }
            if p.letters.is_empty() {
                out.push(e(
                    "pc_markers",
                    format!("PC markers on row {} name no letter", p.row),
                ));
            }
        }
    }
}

/// A table of results read by R# under `n`: ascending, ending at `n`.
fn ascending<T>(rows: &[(u8, T)], n: u8) -> bool {
    !rows.is_empty()
        && rows.windows(2).all(|w| w[0].0 < w[1].0)
        && rows.first().is_some_and(|r| r.0 >= 1)
        && rows.last().is_some_and(|r| r.0 == n)
}

/// Campaigns: packages name real enemy types, missions exist; missions'
/// contact tables name packages of their campaign; tables are well formed.
pub fn campaigns(
    files: &[(&SourceFile, crate::data::campaign::Campaign)],
    missions: &[(&SourceFile, crate::data::mission::Mission)],
    units: &UnitsFile,
    out: &mut Vec<DataError>,
) {
    let mut ids = BTreeSet::new();
    for (f, c) in files {
        let e =
            |field: &str, msg: String| DataError::at(&f.path, locate_field(&f.text, field), msg);
        if !ids.insert(c.id.as_str()) {
            out.push(e("id", format!("campaign id `{}` is used twice", c.id)));
        }
        for m in &c.missions {
            if !missions.iter().any(|(_, x)| &x.id == m) {
                out.push(e("missions", format!("mission `{m}` is not in missions/")));
            }
        }
        let mut pk = BTreeSet::new();
        for (i, p) in c.packages.iter().enumerate() {
            let at = |field: &str, msg: String| {
                DataError::at(&f.path, locate(&f.text, "packages", i, Some(field)), msg)
            };
            if !pk.insert(p.id.as_str()) {
                out.push(at("id", format!("package id `{}` is used twice", p.id)));
            }
            if p.groups.is_empty() && p.effect.is_none() {
                out.push(at(
                    "groups",
                    format!("package `{}` brings no unit and no effect", p.id),
                ));
            }
            for g in &p.groups {
                if g.is_empty() {
                    out.push(at(
                        "groups",
                        format!("package `{}` has an empty group", p.id),
                    ));
                }
                for t in g {
                    match units.units.iter().find(|u| &u.id == t) {
                        None => out.push(at(
                            "groups",
                            format!(
                                "package `{}`: unit type `{t}` is not in assets/units.ron",
                                p.id
                            ),
                        )),
                        Some(u) if u.side == crate::data::units::Side::Us => out.push(at(
                            "groups",
                            format!("package `{}`: `{t}` is a US unit", p.id),
                        )),
                        _ => {}
                    }
                }
            }
        }
    }
    for (f, m) in missions {
        let e =
            |field: &str, msg: String| DataError::at(&f.path, locate_field(&f.text, field), msg);
        let camp = match &m.campaign {
            Some(id) => match files.iter().find(|(_, c)| &c.id == id) {
                Some((_, c)) => Some(c),
                None => {
                    out.push(e("campaign", format!("campaign `{id}` does not exist")));
                    None
                }
            },
            None => None,
        };
        if let Some(t) = &m.contacts {
            for (letter, rows) in [("a", &t.a), ("b", &t.b), ("c", &t.c)] {
                if !ascending(rows, 10) {
                    out.push(e(
                        "contacts",
                        format!(
                            "contact table {}: results must rise and end at 10",
                            letter.to_uppercase()
                        ),
                    ));
                }
                for (_, pid) in rows.iter() {
                    match camp {
                        Some(c) if c.package(pid).is_some() => {}
                        Some(c) => out.push(e(
                            "contacts",
                            format!("package `{pid}` is not in campaign `{}`", c.id),
                        )),
                        None => out.push(e(
                            "contacts",
                            "contact tables need the mission's `campaign`".into(),
                        )),
                    }
                }
            }
            if m.placement.is_none() {
                out.push(e(
                    "contacts",
                    "contact tables need a `placement` table (9.2.2)".into(),
                ));
            }
        }
        for (field, bands, friendly) in [
            ("friendly_events", &m.friendly_events, true),
            ("enemy_events", &m.enemy_events, false),
        ] {
            use crate::data::mission::HhqEvent as H;
            for b in bands.iter() {
                if b.turns.0 > b.turns.1 || !ascending(&b.rows, 10) {
                    out.push(e(
                        field,
                        format!(
                            "turns {}-{}: results must rise and end at 10",
                            b.turns.0, b.turns.1
                        ),
                    ));
                }
                for (_, ev) in &b.rows {
                    let side_ok = match ev {
                        H::Quiet => true,
                        H::Reinforcement(..) | H::MoreFire(..) | H::Tasking { .. } => friendly,
                        H::Counterattack(_) | H::Barrage(_) | H::Stirring(..) => !friendly,
                    };
                    if !side_ok {
                        out.push(e(
                            field,
                            format!(
                                "{ev:?} is not a {} event",
                                if friendly { "friendly" } else { "enemy" }
                            ),
                        ));
                    }
                    if let H::Reinforcement(t, _) = ev
                        && !units
                            .units
                            .iter()
                            .any(|u| &u.id == t && u.side == crate::data::units::Side::Us)
                    {
                        out.push(e(
                            field,
                            format!("reinforcement `{t}` is not a US unit type"),
                        ));
                    }
                    if let H::MoreFire(a, _, _) = ev
                        && !m.fire_support.iter().any(|f| &f.id == a)
                    {
                        out.push(e(field, format!("no firing agency `{a}` in the mission")));
                    }
                }
            }
        }
        if let Some(p) = &m.placement
            && !ascending(&p.entries, p.n)
        {
            out.push(e(
                "placement",
                format!("placement results must rise and end at {}", p.n),
            ));
        }
    }
}
