//! The second loading pass: invariants and cross-references.

use super::action::Experience;
use super::charts::{Charts, CoverKind, PcDraw};
use super::locate::{locate, locate_field};
use super::terrain::{CoverValue, TerrainDeck, TerrainType};
use super::units::{Side, UnitKind, UnitsFile};
use super::{DataError, SourceFile};
use std::collections::{BTreeMap, BTreeSet};

mod deck;
mod missions;
mod vehicles;

pub use deck::action_deck;
pub use missions::{campaigns, missions};
pub use vehicles::{vehicle_refs, vehicles};

/// The published aggregate figures our original Action deck is calibrated
/// to (see the rules README). The arrangement card by card is ours.
pub mod calibration {
    /// Action cards, the reshuffle card excluded.
    pub const ACTION_CARDS: usize = 50;
    /// (commands, cards) for the helmet.
    pub const ACTIVATED: [(u8, usize); 6] = [(6, 2), (5, 8), (4, 14), (3, 12), (2, 10), (1, 4)];
    /// (commands, cards) for the star.
    pub const INITIATIVE: [(u8, usize); 5] = [(4, 4), (3, 12), (2, 18), (1, 12), (0, 4)];
    /// Contact!, Cover, Rally, none.
    pub const WORDS: [usize; 4] = [7, 12, 15, 16];
    /// Plain crosshairs, infiltrate, grenade, plain burst, three bursts,
    /// crosshairs marked Jam, burst marked Short.
    pub const ICONS: [usize; 7] = [14, 10, 10, 10, 4, 1, 1];
    pub const HIGHER_HQ: usize = 12;
    /// Cards per anti-tank number 0..=9.
    pub const ANTI_TANK_EACH: usize = 5;
    /// HIT cards for NCM -4..=+6.
    pub const HIT: [usize; 11] = [40, 35, 30, 25, 20, 15, 10, 5, 3, 2, 2];
    pub const PIN: [usize; 11] = [9, 13, 17, 20, 20, 20, 20, 20, 17, 13, 9];
    pub const MISS: [usize; 11] = [1, 2, 3, 5, 10, 15, 20, 25, 30, 35, 39];
    /// Two-letter hit effects for Veteran, Line, Green.
    pub const TWO_LETTER: [usize; 3] = [28, 28, 32];
    /// First-letter counts C, P, L, F, A for Veteran, Line, Green.
    pub const FIRST_LETTER: [[usize; 5]; 3] =
        [[13, 18, 7, 9, 3], [14, 19, 8, 7, 2], [15, 23, 6, 5, 1]];
    /// All-letter counts C, P, L, F, A for Veteran, Line, Green.
    pub const ALL_LETTERS: [[usize; 5]; 3] = [
        [24, 23, 12, 16, 3],
        [25, 24, 14, 13, 2],
        [28, 31, 12, 10, 1],
    ];
    /// How far an all-letter count may stray from its figure.
    pub const LETTER_TOLERANCE: usize = 2;

    /// Normandy terrain composition: (type, cards).
    pub const NORMANDY: [(super::TerrainType, usize); 11] = [
        (super::TerrainType::Hill, 6),
        (super::TerrainType::Marsh, 2),
        (super::TerrainType::Orchard, 8),
        (super::TerrainType::Woods, 8),
        (super::TerrainType::Hedgerow, 12),
        (super::TerrainType::Village, 4),
        (super::TerrainType::OpenFields, 4),
        (super::TerrainType::Gully, 4),
        (super::TerrainType::Farm, 5),
        (super::TerrainType::Church, 1),
        (super::TerrainType::Cemetery, 1),
    ];

    /// Korea terrain composition: (type, cards). Our own design (the rules
    /// give no figures for it; `decks/README.md` says why): more hills,
    /// paddies for the lowlands, brush on the slopes.
    pub const KOREA: [(super::TerrainType, usize); 11] = [
        (super::TerrainType::Hill, 12),
        (super::TerrainType::RicePaddy, 12),
        (super::TerrainType::Brush, 7),
        (super::TerrainType::Gully, 6),
        (super::TerrainType::Woods, 4),
        (super::TerrainType::Village, 4),
        (super::TerrainType::Orchard, 3),
        (super::TerrainType::OpenFields, 3),
        (super::TerrainType::Farm, 2),
        (super::TerrainType::Marsh, 1),
        (super::TerrainType::Cemetery, 1),
    ];
}

pub(crate) fn err(f: &SourceFile, index: usize, field: Option<&str>, msg: String) -> DataError {
    DataError::at(&f.path, locate(&f.text, "cards", index, field), msg)
}

pub(crate) fn err_top(f: &SourceFile, field: &str, msg: String) -> DataError {
    DataError::at(&f.path, locate_field(&f.text, field), msg)
}

pub fn terrain_deck(f: &SourceFile, deck: &TerrainDeck, out: &mut Vec<DataError>) {
    if deck.cards.is_empty() {
        out.push(err_top(
            f,
            "cards",
            "the terrain deck holds no cards".into(),
        ));
    }
    let mut seen = BTreeMap::new();
    for (i, c) in deck.cards.iter().enumerate() {
        if let Some(first) = seen.insert(c.number, i) {
            out.push(err(
                f,
                i,
                Some("number"),
                format!(
                    "card number {} is used twice (first as entry {})",
                    c.number,
                    first + 1
                ),
            ));
        }
        if c.name.trim().is_empty() {
            out.push(err(
                f,
                i,
                Some("name"),
                format!("card {}: the name is empty", c.number),
            ));
        }
        // 2.2.1 E, 7.4.5: a landing zone is open ground, a village, brush
        // or a rice paddy (the rules also name elephant grass, which no
        // deck of ours has): the helicopter icon goes only on such cards,
        // so that the icon alone tells where one may be marked.
        if c.lz && !c.terrain.lz_ground() {
            out.push(err(
                f,
                i,
                Some("lz"),
                format!(
                    "card {}: the helicopter icon goes on open ground, a village, brush or a rice paddy only (7.4.5)",
                    c.number
                ),
            ));
        }
        match (c.terrain, c.cover) {
            (TerrainType::Hill, CoverValue::None) => {}
            (TerrainType::Hill, _) => out.push(err(f, i, Some("cover"), format!("card {}: a hill card has no cover value of its own (5.2.2 A); write `cover: None`", c.number))),
            (_, CoverValue::None) => out.push(err(f, i, Some("cover"), format!("card {}: only hill cards may have no cover value", c.number))),
            (_, CoverValue::Single(v)) if !(0..=5).contains(&v) => out.push(err(f, i, Some("cover"), format!("card {}: cover value {v} is outside 0..=5", c.number))),
            (_, CoverValue::Split { dark, light }) if dark <= light || light < 0 || dark > 5 => out.push(err(f, i, Some("cover"), format!("card {}: a split cover value needs 0 <= light < dark <= 5, found dark {dark} light {light}", c.number))),
            _ => {}
        }
        if c.cover_markers > 4 {
            out.push(err(
                f,
                i,
                Some("cover_markers"),
                format!(
                    "card {}: cover potential {} is above 4",
                    c.number, c.cover_markers
                ),
            ));
        }
        if c.seek_draws == 0 || c.seek_draws > 6 {
            out.push(err(
                f,
                i,
                Some("seek_draws"),
                format!(
                    "card {}: seek cover draws {} is outside 1..=6",
                    c.number, c.seek_draws
                ),
            ));
        }
        if !(-3..=3).contains(&c.burst) {
            out.push(err(
                f,
                i,
                Some("burst"),
                format!(
                    "card {}: burst modifier {} is outside -3..=3",
                    c.number, c.burst
                ),
            ));
        }
    }
    // The shipped decks' compositions (1.2.1): every type the deck should
    // hold in its number, and no other.
    let composition: &[(TerrainType, usize)] = match deck.id.as_str() {
        "normandy" => &calibration::NORMANDY,
        "korea" => &calibration::KOREA,
        _ => &[],
    };
    if !composition.is_empty() {
        for t in TerrainType::ALL {
            let n = composition
                .iter()
                .find(|(x, _)| *x == t)
                .map_or(0, |(_, n)| *n);
            let got = deck.cards.iter().filter(|c| c.terrain == t).count();
            if got != n {
                out.push(err_top(
                    f,
                    "cards",
                    format!(
                        "deck composition: the {} deck should hold {n} {t} cards, found {got}",
                        deck.name
                    ),
                ));
            }
        }
    }
}

pub fn terrain_ids(decks: &[(&SourceFile, TerrainDeck)], out: &mut Vec<DataError>) {
    let mut seen = BTreeSet::new();
    for (f, d) in decks {
        if !seen.insert(d.id.clone()) {
            out.push(err_top(
                f,
                "id",
                format!("terrain deck id `{}` is used by another deck", d.id),
            ));
        }
    }
}

pub fn units(f: &SourceFile, file: &UnitsFile, out: &mut Vec<DataError>) {
    let e = |i: usize, field: &str, msg: String| {
        DataError::at(&f.path, locate(&f.text, "units", i, Some(field)), msg)
    };
    let ids: BTreeSet<&str> = file.units.iter().map(|u| u.id.0.as_str()).collect();
    let mut seen = BTreeSet::new();
    for (i, u) in file.units.iter().enumerate() {
        if !seen.insert(u.id.0.as_str()) {
            out.push(e(i, "id", format!("unit id `{}` is used twice", u.id)));
        }
        let steps_ok = match u.kind {
            UnitKind::Squad | UnitKind::Porter => (2..=4).contains(&u.steps),
            _ => u.steps == 1,
        };
        if !steps_ok {
            out.push(e(
                i,
                "steps",
                format!(
                    "unit `{}`: a {:?} cannot have {} steps (squads and porters 2-4, every other unit 1)",
                    u.id, u.kind, u.steps
                ),
            ));
        }
        let needs_back = matches!(
            u.kind,
            UnitKind::Hq | UnitKind::Staff | UnitKind::ForwardObserver
        );
        if needs_back && u.back.is_none() {
            out.push(e(i, "kind", format!("unit `{}`: an HQ, staff or observer needs its fire-team side (`back`) (1.2.3 B-C)", u.id)));
        }
        let no_vof = matches!(
            u.kind,
            UnitKind::Hq
                | UnitKind::Staff
                | UnitKind::HigherStaff
                | UnitKind::ForwardObserver
                | UnitKind::Runner
                | UnitKind::Casualty
                | UnitKind::LitterTeam
                | UnitKind::ParalyzedTeam
                | UnitKind::Porter
        );
        if no_vof && u.front.is_some() {
            out.push(e(
                i,
                "front",
                format!("unit `{}`: a {:?} has no VOF on its front", u.id, u.kind),
            ));
        }
        let needs_vof = matches!(
            u.kind,
            UnitKind::Squad
                | UnitKind::WeaponsTeam
                | UnitKind::AssaultTeam
                | UnitKind::FireTeam
                | UnitKind::Sniper
        );
        if needs_vof && u.front.is_none() {
            out.push(e(
                i,
                "kind",
                format!("unit `{}`: a {:?} needs a VOF on its front", u.id, u.kind),
            ));
        }
        if u.kind.is_lat() && u.experience.is_none() {
            out.push(e(
                i,
                "kind",
                format!(
                    "unit `{}`: a limited action team has a fixed experience level (4.2.5)",
                    u.id
                ),
            ));
        }
        if u.kind == UnitKind::Porter
            && (u.back.is_some()
                || u.weapon.is_some()
                || u.ammo.is_some()
                || u.experience.is_none()
                || u.side != Side::Us)
        {
            out.push(e(
                i,
                "kind",
                format!(
                    "unit `{}`: a porter party is ours, has no fire-team side, weapon or ammunition of its own, and a fixed experience level",
                    u.id
                ),
            ));
        }
        if u.kind == UnitKind::HigherStaff && u.experience != Some(Experience::Line) {
            out.push(e(
                i,
                "kind",
                format!("unit `{}`: battalion staff are always Line (1.2.3 H)", u.id),
            ));
        }
        if let Some(a) = u.ammo
            && a.points == 0
        {
            out.push(e(
                i,
                "ammo",
                format!(
                    "unit `{}`: an ammunition allotment of 0 points; leave `ammo` out instead",
                    u.id
                ),
            ));
        }
        if let Some(ft) = &u.fire_team {
            if !ids.contains(ft.0.as_str()) {
                out.push(e(
                    i,
                    "fire_team",
                    format!(
                        "unit `{}`: fire team `{ft}` is not a unit id in this file",
                        u.id
                    ),
                ));
            } else if let Some(t) = file.units.iter().find(|x| x.id == *ft)
                && (t.kind != UnitKind::FireTeam || t.side != u.side)
            {
                out.push(e(
                    i,
                    "fire_team",
                    format!(
                        "unit `{}`: `{ft}` is not a fire team of the same side",
                        u.id
                    ),
                ));
            }
        }
    }
}

pub fn charts(f: &SourceFile, c: &Charts, out: &mut Vec<DataError>) {
    let e = |field: &str, msg: String| DataError::at(&f.path, locate_field(&f.text, field), msg);
    for (letter, row) in [
        ("a", &c.pc_draws.a),
        ("b", &c.pc_draws.b),
        ("c", &c.pc_draws.c),
    ] {
        // More activity never makes contact harder to find (9.1.5).
        let key = |d: &PcDraw| match d {
            PcDraw::Auto => 0u16,
            PcDraw::Draw(n) => 1000 - *n as u16,
        };
        if row.windows(2).any(|w| key(&w[1]) < key(&w[0])) {
            out.push(e(
                "pc_draws",
                format!(
                    "PC letter {}: draws must not rise as the activity level rises",
                    letter.to_uppercase()
                ),
            ));
        }
        if row.len() != 4 {
            out.push(e("pc_draws", format!("PC letter {}: needs 4 entries (No Contact, Contact, Engaged, Heavily Engaged), found {}", letter.to_uppercase(), row.len())));
        }
        if row.contains(&PcDraw::Draw(0)) {
            out.push(e(
                "pc_draws",
                format!(
                    "PC letter {}: a draw of 0 cards; write Auto",
                    letter.to_uppercase()
                ),
            ));
        }
    }
    for level in Experience::ALL {
        let n = c.commands.save.iter().filter(|s| s.level == level).count();
        if n != 1 {
            out.push(e(
                "save",
                format!(
                    "save limits must list {} exactly once, found {n}",
                    level.key()
                ),
            ));
        }
    }
    if c.commands.spend_max_limited > c.commands.spend_max_day {
        out.push(e(
            "spend_max_limited",
            "the limited-visibility spend maximum is above the daytime one".into(),
        ));
    }
    if c.action_draws.min == 0 {
        out.push(e(
            "action_draws",
            "the minimum draw must be at least 1".into(),
        ));
    }
    if c.spotting.min == 0 {
        out.push(e(
            "spotting",
            "the minimum spotting draw must be at least 1".into(),
        ));
    }
    for kind in CoverKind::ALL {
        let n = c.cover_markers.iter().filter(|m| m.kind == kind).count();
        if n != 1 {
            out.push(e(
                "cover_markers",
                format!("cover markers must list {kind:?} exactly once, found {n}"),
            ));
        }
    }
    if c.vof.ncm_min >= c.vof.ncm_max {
        out.push(e(
            "ncm_min",
            "the NCM minimum must be below the maximum".into(),
        ));
    }
    let mut ids = BTreeSet::new();
    for v in &c.visibility {
        if !ids.insert(v.id.as_str()) {
            out.push(e(
                "visibility",
                format!("visibility id `{}` is used twice", v.id),
            ));
        }
        if !(0..=5).contains(&v.modifier) {
            out.push(e(
                "visibility",
                format!(
                    "visibility `{}`: modifier {} is outside 0..=5 (8.1)",
                    v.id, v.modifier
                ),
            ));
        }
    }
    if !c.visibility.iter().any(|v| v.modifier == 0) {
        out.push(e(
            "visibility",
            "no visibility level with modifier +0 (normal daylight)".into(),
        ));
    }
    let mut ids = BTreeSet::new();
    for i in &c.illumination {
        if !ids.insert(i.id.as_str()) {
            out.push(e(
                "illumination",
                format!("illumination id `{}` is used twice", i.id),
            ));
        }
    }
    let u = &c.urban_cover;
    if !(2..=12).contains(&u.n) {
        out.push(e(
            "urban_cover",
            format!("the urban cover table reads N={}, outside 2..=12", u.n),
        ));
    }
    if u.entries.windows(2).any(|w| w[1].0 <= w[0].0) || u.entries.last().map(|x| x.0) != Some(u.n)
    {
        out.push(e(
            "urban_cover",
            format!("urban cover entries must rise and end at {}", u.n),
        ));
    }
    if c.stacking.steps == 0 {
        out.push(e(
            "stacking",
            "the stacking limit must be at least 1 step".into(),
        ));
    }
    activity_tables(f, c, out);
}

/// The enemy activity hierarchy tables (9.4): each cell's ranges cover
/// 1..=n exactly with n in 2..=6, no row asks for contradictory
/// conditions, and each table has rows.
fn activity_tables(f: &SourceFile, c: &Charts, out: &mut Vec<DataError>) {
    use super::activity::{Cell, Cond};
    let mut check = |table: &str, i: usize, when: &[Cond], cells: &[(&str, &Cell)]| {
        let at = |field: &str| DataError::at(&f.path, locate(&f.text, table, i, Some(field)), "");
        for (a, b) in [
            (Cond::WithUs, Cond::Apart),
            (Cond::InCover, Cond::NoCover),
            (Cond::Firing, Cond::NotFiring),
            (Cond::UnderFire, Cond::NotUnderFire),
            (Cond::BetterPosition, Cond::WorsePosition),
        ] {
            if when.contains(&a) && when.contains(&b) {
                let mut d = at("when");
                d.message = format!(
                    "{table} row {}: {a:?} and {b:?} can never hold together",
                    i + 1
                );
                out.push(d);
            }
        }
        for (name, cell) in cells {
            let Cell::Draw(n, ranges) = cell else {
                continue;
            };
            let mut next = 1u8;
            let mut ok = (2..=6).contains(n);
            for (lo, hi, _) in ranges {
                ok &= *lo == next && hi >= lo;
                next = hi.saturating_add(1);
            }
            ok &= next == n.saturating_add(1);
            if !ok {
                let mut d = at(name);
                d.message = format!(
                    "{table} row {}, {name}: a draw must use N from 2 to 6 and ranges that run from 1 to N in order without gaps or overlaps",
                    i + 1
                );
                out.push(d);
            }
        }
    };
    for (i, r) in c.activity_pinned.iter().enumerate() {
        check(
            "activity_pinned",
            i,
            &r.when,
            &[("leader", &r.leader), ("no_leader", &r.no_leader)],
        );
    }
    for (i, r) in c.activity_offensive.iter().enumerate() {
        check(
            "activity_offensive",
            i,
            &r.when,
            &[("assault", &r.assault), ("overrun", &r.overrun)],
        );
    }
    for (i, r) in c.activity_defensive.iter().enumerate() {
        check(
            "activity_defensive",
            i,
            &r.when,
            &[
                ("delay", &r.delay),
                ("hasty", &r.hasty),
                ("deliberate", &r.deliberate),
            ],
        );
    }
    for (name, empty) in [
        ("activity_pinned", c.activity_pinned.is_empty()),
        ("activity_offensive", c.activity_offensive.is_empty()),
        ("activity_defensive", c.activity_defensive.is_empty()),
    ] {
        if empty {
            out.push(DataError::at(
                &f.path,
                locate_field(&f.text, name),
                format!("{name}: the table needs at least one row"),
            ));
        }
    }
}
