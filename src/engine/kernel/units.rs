//! Units entering, changing and leaving play, as every rule does it: a
//! team split off a unit, a unit converted to another kind (the counters
//! of 1.2.4), whether an HQ is a platoon HQ, and what becomes of the
//! radios and telephones of a unit's last step (4.3.5).

use crate::data::DataSet;
use crate::data::units::{Nation, Side, UnitKind, UnitTypeId};
use crate::engine::kernel::events::EventKind;
use crate::engine::kernel::events::MarkerKind;
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::purpose::Purpose;
use crate::engine::kernel::state::Unit;

/// The counter type of a generic team of a side, of the army the team
/// comes from (a North Korean squad's teams are North Korean, so their
/// grenades count as theirs, 6.5.1), else the side's first of that kind.
pub fn team_type(game: &Game, side: Side, nation: Nation, kind: UnitKind) -> Option<UnitTypeId> {
    team_type_in(&game.data, side, nation, kind)
}

/// [`team_type`] read from a data set (the set-up has no game yet).
pub fn team_type_in(
    data: &DataSet,
    side: Side,
    nation: Nation,
    kind: UnitKind,
) -> Option<UnitTypeId> {
    let of_side = || {
        data.units
            .units
            .iter()
            .filter(|t| t.side == side && t.kind == kind)
    };
    of_side()
        .find(|t| t.nation() == nation)
        .or_else(|| of_side().next())
        .map(|t| t.id.clone())
}

/// The army of a unit in play: its counter type's.
pub fn nation_of(data: &DataSet, u: &Unit) -> Nation {
    u.type_in(data)
        .map(|t| t.nation())
        .unwrap_or_else(|| Nation::of_side(u.side))
}

/// Turns a unit into a limited action team of a kind, keeping its identity,
/// place and chain of command.
pub fn convert(game: &mut Game, id: UnitId, kind: UnitKind) {
    // The name before, for the log (kept even when no counter of the kind
    // exists and the unit stays as it is).
    let old = game.state.unit(id).label.clone();
    match game.renamed.binary_search_by_key(&id, |(u, _)| *u) {
        Ok(i) => game.renamed[i].1 = old,
        Err(i) => game.renamed.insert(i, (id, old)),
    }
    let side = game.state.unit(id).side;
    let nation = nation_of(&game.data, game.state.unit(id));
    let Some(t) = team_type(game, side, nation, kind) else {
        return;
    };
    let exp = game.data.unit_type(&t.0).and_then(|x| x.experience);
    let label = game
        .data
        .unit_type(&t.0)
        .map(|x| x.name.clone())
        .unwrap_or_default();
    // A converted unit keeps its designation, and its letter where no
    // other unit has the new name with it: "2/3 Fire Tm B" becomes "2/3
    // Aslt Tm B".
    let new_label = {
        let u = game.state.unit(id);
        let base = format!("{} {label}", u.designation);
        let letter = u
            .label
            .rsplit_once(' ')
            .map(|(_, l)| l)
            .filter(|l| l.len() == 1 && l.chars().all(|c| c.is_ascii_uppercase()));
        let taken = |l: &str| game.state.units.iter().any(|x| x.id != id && x.label == l);
        match letter.map(|l| format!("{base} {l}")) {
            Some(kept) if !taken(&kept) => kept,
            _ => crate::engine::kernel::names::free_label(&base, taken),
        }
    };
    let u = game.state.unit_mut(id);
    u.unit_type = t;
    u.kind = kind;
    u.flipped = false;
    u.ammo = None;
    if let Some(e) = exp {
        u.experience = e;
    }
    u.label = new_label;
}

/// Whether the unit's ammunition is tracked: its kind is not one that
/// option 13.2 sets aside (6.8).
pub fn tracked(game: &Game, u: &Unit) -> bool {
    match u.type_in(&game.data).and_then(|t| t.ammo) {
        Some(a) => game.state.options.tracks(a.kind),
        None => !game.state.options.no_ammo,
    }
}

/// Whether the unit has run out of tracked ammunition (6.8.2, 13.2).
pub fn dry(game: &Game, u: &Unit) -> bool {
    u.ammo == Some(0) && tracked(game, u)
}

/// Puts a new generic team of `kind` into play beside `from`.
pub fn spawn_team(game: &mut Game, from: &Unit, kind: UnitKind) -> UnitId {
    let id = UnitId(game.state.units.len() as u16);
    let mut u = new_team(&game.data, from, kind, id);
    u.label = unique_label(&game.state.units, &u.label);
    game.state.units.push(u);
    id
}

/// `label`, or, when a unit of `units` already bears it, the label with
/// the first letter from B that none bears ("2/2 Fire Tm B"): the second
/// fire team of a squad (or of an enemy squad, or a casualty of a unit
/// that already left one) must be told apart from the first on the map,
/// in the menus and in the log. Units out of play keep their labels, so
/// a log line is never shared by two units.
pub fn unique_label(units: &[Unit], label: &str) -> String {
    crate::engine::kernel::names::free_label(label, |l| units.iter().any(|u| u.label == l))
}

/// A generic team of `kind` split from `from`, with the id it will take:
/// one step, the parent's designation, place, chain of command and state.
pub fn new_team(data: &DataSet, from: &Unit, kind: UnitKind, id: UnitId) -> Unit {
    let t = team_type_in(data, from.side, nation_of(data, from), kind);
    let ut = t.clone().unwrap_or_else(|| from.unit_type.clone());
    let tdata = data.unit_type(&ut.0).cloned();
    // "2/3 Fire Tm": the parent's designation and the team's name.
    let label = format!(
        "{} {}",
        from.designation,
        tdata.as_ref().map(|t| t.name.as_str()).unwrap_or("Tm")
    );
    let mut u = match &tdata {
        Some(t) => Unit::from_type(id, t, from.pos),
        None => Unit {
            id,
            steps: 1,
            ammo: None,
            assets: Vec::new(),
            concentrated: 0,
            grenaded: 0,
            grenaded_light: 0,
            ..from.clone()
        },
    };
    u.label = label;
    u.designation = from.designation.clone();
    u.side = from.side;
    u.kind = kind;
    u.hq = from.hq;
    u.platoon = from.platoon;
    u.experience = tdata.and_then(|t| t.experience).unwrap_or(from.experience);
    u.steps = 1;
    u.cover = from.cover;
    u.pinned = from.pinned;
    u.exposed = from.exposed;
    u.spotted = from.spotted;
    // 7.4.3, 1.2.1 I: a team split from a passenger by a hit is still
    // aboard (the decision that a passenger made a casualty aboard stays
    // aboard); set down on a full card it would break the card's limit.
    u.riding = from.riding;
    // 9.11, 9.12: a team split from a fanatic or human-wave unit fights on
    // the same way.
    u.fanatic = from.fanatic;
    u.human_wave = from.human_wave;
    u.ammo = None;
    u
}

/// The HQ and the units of its platoon on the HQ's card: who a platoon's
/// orders reach (4.2.2 b, 4.2.4 c, h).
pub fn platoon_on_card(game: &Game, hq: UnitId) -> impl Iterator<Item = &Unit> {
    let pos = game.state.unit(hq).pos;
    game.friendly()
        .filter(move |u| u.pos == pos && (u.platoon == Some(hq) || u.id == hq))
}

pub fn is_plt_hq(game: &Game, h: UnitId) -> bool {
    let co = game.state.co_hq().map(|u| u.id);
    let u = game.state.unit(h);
    u.kind == UnitKind::Hq && u.hq.is_some() && u.hq == co
}

/// 5.1.7: a casualty is evacuated, from the collection point or by
/// helicopter: it leaves play and is counted.
pub fn evacuate(
    game: &mut Game,
    casualty: UnitId,
    from: crate::engine::kernel::events::Evacuation,
) {
    game.state.unit_mut(casualty).removed = true;
    game.state.evacuated += 1;
    game.say(
        "5.1.7",
        EventKind::UnitRemoved {
            unit: casualty,
            why: crate::engine::kernel::events::Removal::Evacuated(from),
        },
        Vec::new(),
    );
}

/// 4.3.4, 4.3.5: when the last or only step of a unit carrying radios or
/// phones becomes a casualty, each set is destroyed on a 1 in 2 (R# under 2
/// shows 1) or else left on the card for another unit to pick up.
pub fn last_step_assets(game: &mut Game, casualty: UnitId) {
    let assets = std::mem::take(&mut game.state.unit_mut(casualty).assets);
    let pos = game.state.unit(casualty).pos;
    for a in assets {
        let set = matches!(
            a,
            crate::engine::kernel::state::Asset::Radio { .. }
                | crate::engine::kernel::state::Asset::Phone { .. }
        );
        if set {
            let (r, reads) = game.random(2, Purpose::CasualtyRadio);
            if r == 1 {
                game.state.lost_assets.push(a.clone());
                game.state.lost_assets.sort();
                game.say(
                    "4.3.5",
                    EventKind::Marker {
                        pos,
                        what: MarkerKind::SetDestroyed {
                            set: a.clone(),
                            r: r as u8,
                        },
                    },
                    reads,
                );
                continue;
            }
            game.say(
                "4.3.5",
                EventKind::Marker {
                    pos,
                    what: MarkerKind::SetDropped {
                        set: a.clone(),
                        r: r as u8,
                    },
                },
                reads,
            );
        }
        game.state
            .map
            .lay_item(pos, crate::engine::kernel::state::Item::Asset(a));
    }
}

/// Takes a unit out of play for good: it left the map or withdrew.
pub(crate) fn leave_play(
    game: &mut Game,
    id: UnitId,
    rule: &str,
    how: crate::engine::kernel::events::Exit,
    reads: Vec<crate::engine::kernel::events::CardRead>,
) {
    leave_play_as(
        game,
        id,
        rule,
        crate::engine::kernel::events::Removal::LeftPlay(how),
        reads,
    );
}

/// [`leave_play`], saying why.
pub(crate) fn leave_play_as(
    game: &mut Game,
    id: UnitId,
    rule: &str,
    why: crate::engine::kernel::events::Removal,
    reads: Vec<crate::engine::kernel::events::CardRead>,
) {
    let m = game.state.unit_mut(id);
    m.removed = true;
    m.withdrawn = true;
    game.say(rule, EventKind::UnitRemoved { unit: id, why }, reads);
}

/// Puts a vehicle into play (7.0): enemy vehicles come spotted (decision,
/// see [`crate::engine::kernel::vehicle::Vehicle::spotted`]).
pub fn add_vehicle(
    state: &mut crate::engine::kernel::state::State,
    t: &crate::data::vehicles::VehicleType,
    label: String,
    pos: crate::engine::kernel::pos::CardPos,
    attached: Option<crate::engine::kernel::ids::UnitId>,
) -> crate::engine::kernel::ids::VehicleId {
    let id = crate::engine::kernel::ids::VehicleId(state.vehicles.len() as u16);
    state
        .vehicles
        .push(crate::engine::kernel::vehicle::Vehicle {
            id,
            vehicle_type: t.id.clone(),
            label,
            side: t.side,
            pos,
            attached,
            activated: false,
            done: false,
            moved: false,
            fired: false,
            pinned: false,
            attacked: false,
            vof_taken: false,
            ammo: t.ammo,
            spotted: true,
            out: None,
            smoke: 0,
            wp: 0,
            cargo: None,
            schedule: None,
            gone: false,
            sniped: false,
            assets: Vec::new(),
            platoon: None,
            command: None,
            air: None,
            fac: None,
            gunship: None,
            lift: None,
        });
    id
}
