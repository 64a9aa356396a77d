//! The narrator: the words of every event the log shows. An emit site
//! states the facts ([`EventKind`], typed, with the cards drawn); the
//! sentence comes from here, one arm per kind, so a reworded message
//! changes nothing but the words, and a second language has one place to
//! plug into (issue 62).
//!
//! The words are made when the event is logged ([`Game::say`]) and kept in
//! [`crate::engine::kernel::events::Event::text`]: besides the payload and
//! the mission's data they read the game as it stands at that moment
//! (names, where a unit or vehicle is, the tally at the mission's end), and
//! a unit's label can change later (a squad converted to teams, 6.3.3);
//! the log shows the name it had then, and [`was`] the one it had before
//! its last conversion.
//!
//! The six sites not yet moved here (listed in `tests/architecture.rs`)
//! still pass their words to [`Game::emit`]; [`event`] answers `None` for
//! their kinds.

use crate::engine::kernel::events::{CardRead, EventKind};
use crate::engine::kernel::game::Game;

mod marker;
pub(crate) mod purpose;
mod quiet;
mod status;
mod turn;
mod units;
pub(crate) mod why;

impl Game {
    /// Logs an event in the narrator's words.
    pub(crate) fn say(&mut self, rule: &str, kind: EventKind, cards: Vec<CardRead>) {
        let text = event(self, &kind, &cards).unwrap_or_default();
        self.emit(rule, kind, text, cards);
    }
}

/// The words of an event, or `None` where the emit site still words it.
pub(crate) fn event(game: &Game, kind: &EventKind, cards: &[CardRead]) -> Option<String> {
    match kind {
        EventKind::Nothing { why } => quiet::text(game, why),
        EventKind::Status { unit, what } => Some(status::text(game, *unit, what, cards)),
        EventKind::Marker { pos, what } => Some(marker::text(game, *pos, what, cards)),
        EventKind::UnitCreated { .. }
        | EventKind::UnitRemoved { .. }
        | EventKind::Moved { .. }
        | EventKind::CoverChanged { .. }
        | EventKind::CoverFound { .. } => units::event(game, kind),
        _ => turn::event(game, kind, cards),
    }
}

/// The first card drawn, or 0 when none was (the log names the card a
/// single draw read).
pub(crate) fn first(cards: &[CardRead]) -> u8 {
    cards.first().map(|c| c.card).unwrap_or(0)
}

/// A vehicle platoon HQ by its label and platoon: "Able 1 (Tank Section
/// HQ)" (7.1.1); any other vehicle by its label.
pub(crate) fn vehicle_hq(game: &Game, v: crate::engine::kernel::ids::VehicleId) -> String {
    let x = &game.state.vehicles[v.0 as usize];
    match &x.platoon {
        Some(p) if x.command.is_some() => format!("{} ({p} HQ)", x.label),
        _ => x.label.clone(),
    }
}

/// Who spends an impulse's commands: an HQ or staff, a vehicle platoon HQ
/// (7.1.1), or General Initiative (3.3.2 D).
pub(crate) fn impulse_owner(game: &Game, imp: &crate::engine::kernel::state::Impulse) -> String {
    commander(game, crate::engine::kernel::events::Commander::of(imp))
}

/// Who gives an order: the unit named, else the impulse's owner.
pub(crate) fn originator(game: &Game, by: Option<crate::engine::kernel::ids::UnitId>) -> String {
    match (by, &game.state.impulse) {
        (Some(b), _) => game.describe(b),
        (None, Some(imp)) => impulse_owner(game, imp),
        (None, None) => "General Initiative".into(),
    }
}

/// Whose commands these are, by name.
pub(crate) fn commander(game: &Game, c: crate::engine::kernel::events::Commander) -> String {
    use crate::engine::kernel::events::Commander;
    match c {
        Commander::Unit(h) => game.describe(h),
        Commander::Vehicle(v) => vehicle_hq(game, v),
        Commander::General => "General Initiative".to_string(),
    }
}

/// The commands an impulse keeps and loses, with the limit that decides
/// them (4.1.3): a play test read "7 command(s) saved" as 7 added, and
/// could not tell whether 7 was allowed.
pub(crate) fn impulse_end(saved: u8, lost: u8, limit: u8) -> String {
    match (saved, lost, limit) {
        (0, 0, _) => "no command left to keep".into(),
        (0, l, 0) => format!("{l} command(s) lost: none may be kept"),
        (k, 0, n) => format!("{k} command(s) kept for later turns (up to {n} may be kept)"),
        (k, l, n) => {
            format!("{k} command(s) kept for later turns, {l} lost: no more than {n} may be kept")
        }
    }
}

/// A unit by its name, a vehicle by its label.
pub(crate) fn piece(game: &Game, p: crate::engine::kernel::events::Piece) -> String {
    use crate::engine::kernel::events::Piece;
    match p {
        Piece::Unit(u) => game.describe(u),
        Piece::Vehicle(v) => vehicle(game, &v).to_string(),
    }
}

/// The mission campaign's force package, by name (9.2.1).
pub(crate) fn package(game: &Game, p: crate::engine::kernel::events::PackageRef) -> String {
    force_package(game, p)
        .map(|k| k.name.clone())
        .unwrap_or_else(|| "a force package".into())
}

fn force_package(
    game: &Game,
    p: crate::engine::kernel::events::PackageRef,
) -> Option<&crate::data::campaign::ForcePackage> {
    let camp = game
        .mission
        .campaign
        .as_ref()
        .and_then(|c| game.data.campaign(c))?;
    camp.packages.get(usize::from(p.0))
}

/// The name of a package's vehicle by its place in the package's list.
pub(crate) fn package_vehicle(
    game: &Game,
    p: crate::engine::kernel::events::PackageRef,
    i: u8,
) -> String {
    force_package(game, p)
        .and_then(|k| k.vehicles.get(usize::from(i)))
        .and_then(|t| game.data.vehicles.vehicle(&t.0))
        .map(|t| t.name.clone())
        .unwrap_or_else(|| "vehicle".into())
}

/// A unit by the name it had before its last conversion (its name now if
/// it was never converted).
pub(crate) fn was(game: &Game, id: crate::engine::kernel::ids::UnitId) -> String {
    match game.renamed.binary_search_by_key(&id, |(u, _)| *u) {
        Ok(i) => game.renamed[i].1.clone(),
        Err(_) => game.describe(id),
    }
}

/// A unit's NCM with its parts: "NCM -2 (Automatic Weapons VOF -2,
/// pinned +1, ...)" (6.3).
pub fn ncm(f: &crate::engine::kernel::events::FireRead) -> String {
    let parts: Vec<String> = f
        .parts
        .iter()
        .map(|(w, v)| format!("{} {v:+}", ncm_part(*w)))
        .collect();
    if f.raw == f.value {
        format!("NCM {:+} ({})", f.value, parts.join(", "))
    } else {
        format!(
            "NCM {:+}, clamped to {:+} ({})",
            f.raw,
            f.value,
            parts.join(", ")
        )
    }
}

/// A fire result that a human wave shrugs off (9.12).
pub(crate) fn never_pinned(f: &crate::engine::kernel::events::FireRead) -> &'static str {
    if f.human_wave {
        ", but a human wave is never pinned (9.12)"
    } else {
        ""
    }
}

/// A part of an NCM in words.
pub fn ncm_part(p: crate::engine::kernel::events::NcmPart) -> String {
    use crate::engine::kernel::events::NcmPart as P;
    match p {
        P::FinalProtectiveLine => "final protective line".into(),
        P::Grazing => "grazing machine-gun fire".into(),
        P::Vof(l) => format!("{} VOF", l.label()),
        P::Grenades(n) => format!("{n} grenade attack(s)"),
        P::AirStrike => "air strike".into(),
        P::Incoming => "Incoming!".into(),
        P::Aircraft(l) => format!("aircraft's {} VOF", l.label()),
        P::IndirectMortar => "indirect mortar fire".into(),
        P::Mines(n) => format!("{n} mine attack(s)"),
        P::Sniper => "sniper".into(),
        P::NoOtherVof => "no other VOF".into(),
        P::NoVof => "no VOF".into(),
        P::Visibility => "visibility".into(),
        P::Smoke => "smoke".into(),
        P::Pinned => "pinned".into(),
        P::Exposed => "exposed".into(),
        P::Cover(k) => format!("{} cover", k.label()),
        P::Crowding(n) => format!("{n} steps under one cover"),
        P::Terrain => "terrain".into(),
        P::BurstIcon => "burst icon".into(),
        P::Concentrated(n) => format!("{n} concentrated fire"),
        P::Crossfire => "crossfire".into(),
        P::GrenadeMiss => "grenade miss".into(),
        P::DemoMiss => "demolition miss".into(),
    }
}

/// A section of aircraft: its one aircraft by label, or its type in the
/// plural (7.1.2).
pub(crate) fn section(
    game: &Game,
    v: crate::engine::kernel::ids::VehicleId,
    members: &[crate::engine::kernel::ids::VehicleId],
) -> String {
    match members {
        [one] => game.state.vehicles[one.0 as usize].label.clone(),
        _ => game
            .data
            .vehicles
            .vehicle(&game.state.vehicles[v.0 as usize].vehicle_type.0)
            .map(|t| format!("{}s", t.name))
            .unwrap_or_else(|| "The aircraft".into()),
    }
}

/// A vehicle by its label.
pub(crate) fn vehicle<'a>(game: &'a Game, v: &crate::engine::kernel::ids::VehicleId) -> &'a str {
    &game.state.vehicles[v.0 as usize].label
}
