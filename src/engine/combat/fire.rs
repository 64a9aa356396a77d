//! Fire on the map: which units fire where (PDF), the VOF on each card
//! (6.1, 6.2). The Combat Effects resolution lives with the combat rules.

use crate::data::units::{Side, UnitKind, Vof};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::state::{FireLink, Unit};

/// The kinds of VOF a card can be under (kept in the kernel, where the
/// log's events name them).
pub use crate::engine::kernel::state::VofLevel;

/// The fire ratings a unit uses now: its reverse side when flipped (6.3.3,
/// 4.1.4), reduced to small arms at close range when out of ammunition.
pub fn ratings(game: &Game, u: &Unit) -> Option<crate::data::units::Ratings> {
    let t = u.type_in(&game.data)?;
    let r = if u.flipped { t.back } else { t.front };
    let dry = crate::engine::kernel::units::dry(game, u);
    use crate::data::units::AmmoKind as A;
    match (r, t.ammo.map(|a| a.kind)) {
        // 6.8.1 A, 6.8.2 (2): a squad whose machine gun is out of
        // ammunition, a weapons unit of more than one step (the 81mm
        // section) and a one-step weapons unit with no fire-team side to
        // flip to fight with the Out of Ammo marker's ratings: small arms
        // at close range. A one-step team that flipped to its fire-team
        // side (6.8.2 (1)) fights with that side's ratings.
        (Some(_), Some(A::Mg | A::Mortar | A::Rcl | A::Flame | A::Demo | A::Tank))
            if dry && !u.flipped =>
        {
            Some(crate::data::units::Ratings {
                vof: Vof::S,
                range: crate::data::units::Range::C,
                grenade: false,
            })
        }
        // 6.8.1 D: rockets gone, the G! capability goes with them.
        (Some(mut x), Some(crate::data::units::AmmoKind::Rocket)) if dry => {
            x.grenade = false;
            Some(x)
        }
        _ => r,
    }
}

/// The weapon a unit fires now, whose restrictions apply (6.4): none on a
/// weapons team's fire-team side, which fights with small arms (4.1.4,
/// 6.8.2 (1)).
pub fn weapon(game: &Game, u: &Unit) -> Option<crate::data::units::Weapon> {
    if u.flipped {
        return None;
    }
    u.type_in(&game.data).and_then(|t| t.weapon)
}

/// The Basic VOF a unit adds when firing at a card `distance` away
/// (6.2.1): S, A, H, A/S (A at point blank, S beyond); a sniper's S!.
/// Grenade, flame and demolition weapons have no Basic VOF.
pub fn basic_vof(game: &Game, u: &Unit, distance: u8) -> Option<VofLevel> {
    if u.kind == UnitKind::Casualty || u.removed || rides_outside(game, u) {
        return None;
    }
    let r = ratings(game, u)?;
    // 6.4: a machine gun tasked with a final protective line does not open
    // fire by itself: it fires only its FPL, when ordered.
    if game.state.fpl.iter().any(|(m, _, _)| *m == u.id) {
        return None;
    }
    // 6.4: mortars never fire at their own card; tripod machine guns,
    // mortars and H weapons cannot fire while Exposed; mortars, rocket
    // launchers and recoilless rifles cannot fire from under a building,
    // bunker or pillbox.
    let weapon = weapon(game, u);
    if weapon == Some(crate::data::units::Weapon::Mortar) && distance == 0 {
        return None;
    }
    if u.exposed
        && (matches!(
            weapon,
            Some(crate::data::units::Weapon::TripodMg | crate::data::units::Weapon::Mortar)
        ) || r.vof == Vof::H)
    {
        return None;
    }
    if roof_forbids(weapon) && under_roof(game, u) {
        return None;
    }
    // 5.2.3 B: units inside a bunker or pillbox (a marker with a firing
    // arc) do not fire at point blank; its arrow is `arc_allows`.
    if distance == 0
        && u.cover
            .and_then(|c| game.state.cover_kind(u.pos, c))
            .is_some_and(|k| game.data.charts.firing_arc(k))
    {
        return None;
    }
    if u.pinned {
        return Some(VofLevel::AllPinned);
    }
    match r.vof {
        Vof::S => Some(VofLevel::SmallArms),
        Vof::A => Some(VofLevel::Automatic),
        Vof::AS if distance == 0 => Some(VofLevel::Automatic),
        Vof::AS => Some(VofLevel::SmallArms),
        Vof::H => Some(VofLevel::Heavy),
        // 6.2.2: the sniper's -3 falls on one unit (`combat::pick_sniper_
        // targets`); the rest of the card is under small arms.
        Vof::Sniper => Some(VofLevel::SmallArms),
        Vof::G | Vof::Flame | Vof::Demo => None,
    }
}

/// 6.4: the weapons that cannot fire from under a building, bunker or
/// pillbox marker: mortars (they need open sky), and rocket launchers and
/// recoilless rifles (their back-blast), the Panzerfaust among them.
pub fn roof_forbids(weapon: Option<crate::data::units::Weapon>) -> bool {
    use crate::data::units::Weapon;
    matches!(
        weapon,
        Some(
            Weapon::Mortar | Weapon::RocketLauncher | Weapon::RecoillessRifle | Weapon::Panzerfaust
        )
    )
}

/// Whether a unit is under a building, bunker or pillbox marker (6.4).
pub fn under_roof(game: &Game, u: &Unit) -> bool {
    use crate::data::charts::CoverKind;
    u.cover
        .and_then(|c| game.state.cover_kind(u.pos, c))
        .is_some_and(|k| {
            matches!(
                k,
                CoverKind::LightBuilding
                    | CoverKind::StrongBuilding
                    | CoverKind::UpperStory
                    | CoverKind::ChurchTower
                    | CoverKind::Bunker
                    | CoverKind::Pillbox
                    | CoverKind::DeepBunker
            )
        })
}

/// 7.4.4: a tank (or tank destroyer, assault gun) carrying passengers or
/// casualties may not engage in combat until they are off.
pub fn silenced(game: &Game, v: &crate::engine::kernel::vehicle::Vehicle) -> bool {
    game.data
        .vehicles
        .vehicle(&v.vehicle_type.0)
        .is_some_and(|t| t.class.riders_outside())
        && game.state.passengers(v.id).next().is_some()
}

/// 7.4.4: a unit riding on a tank has no VOF of its own while embarked.
pub fn rides_outside(game: &Game, u: &Unit) -> bool {
    u.riding
        .and_then(|v| game.state.vehicles.get(v.0 as usize))
        .and_then(|x| game.data.vehicles.vehicle(&x.vehicle_type.0))
        .is_some_and(|t| t.class.riders_outside())
}

/// 7.5 A note: a vehicle's fire at infantry, placed like any unit's VOF
/// (6.2.1) as far as its range reaches: its chart's VOF, All Pinned when it
/// is pinned (7.5 A note), none once its rounds are gone (6.8.1 G).
pub fn vehicle_vof(
    game: &Game,
    v: &crate::engine::kernel::vehicle::Vehicle,
    distance: u8,
) -> Option<VofLevel> {
    if !v.in_play() || v.pos.is_staging() || v.ammo == Some(0) || silenced(game, v) {
        return None;
    }
    let t = game.data.vehicles.vehicle(&v.vehicle_type.0)?;
    // 7.1.2: an attack helicopter's fire is its attack run's marker, not
    // a fire link.
    if t.class.aircraft() {
        return None;
    }
    let r = t.vof?;
    if r.range.cards() < distance {
        return None;
    }
    if v.pinned {
        return Some(VofLevel::AllPinned);
    }
    level_of(r.vof, distance)
}

/// A counter's VOF as it bears `distance` cards away (6.2.1: A/S is
/// automatic at point blank only).
pub fn level_of(vof: Vof, distance: u8) -> Option<VofLevel> {
    match vof {
        Vof::S | Vof::Sniper => Some(VofLevel::SmallArms),
        Vof::A => Some(VofLevel::Automatic),
        Vof::AS if distance == 0 => Some(VofLevel::Automatic),
        Vof::AS => Some(VofLevel::SmallArms),
        Vof::H => Some(VofLevel::Heavy),
        Vof::G | Vof::Flame | Vof::Demo => None,
    }
}

/// The vehicles of `side` on a card that can fire at infantry `distance`
/// cards away (7.5 A note).
pub fn vehicles_firing(
    game: &Game,
    pos: CardPos,
    side: Side,
    distance: u8,
) -> impl Iterator<Item = &crate::engine::kernel::vehicle::Vehicle> {
    game.state
        .vehicles
        .iter()
        .filter(move |v| v.side == side && v.pos == pos && vehicle_vof(game, v, distance).is_some())
}

/// The farthest a vehicle of `side` on a card fires at infantry.
pub fn vehicle_reach(game: &Game, pos: CardPos, side: Side) -> Option<u8> {
    vehicles_firing(game, pos, side, 0)
        .filter_map(|v| {
            game.data
                .vehicles
                .vehicle(&v.vehicle_type.0)
                .and_then(|t| t.vof)
                .map(|r| r.range.cards())
        })
        .max()
}

/// Whether a unit may fire at `target` from where it stands: a unit inside
/// a bunker or pillbox fires only along the marker's arrow (5.2.3 B).
pub fn arc_allows(game: &Game, u: &Unit, target: CardPos) -> bool {
    let facing = u.cover.and_then(|c| {
        game.state
            .map
            .card(u.pos)
            .and_then(|m| m.covers.iter().find(|x| x.id == c))
            .and_then(|x| x.facing)
    });
    match facing {
        None => true,
        Some(d) => target != u.pos && u.pos.line_dir(target) == Some(d),
    }
}

/// The VOF of one fire link: the best Basic VOF of the side's units on
/// the firing card that reach the target (6.2 a, 6.2.1: each unit's VOF
/// goes as far as its range); All Pinned only when every firing unit is
/// pinned.
pub fn link_vof(game: &Game, link: &FireLink) -> Option<VofLevel> {
    let d = link.from.distance(link.target);
    game.state
        .units_at(link.from)
        .filter(|u| u.side == link.side)
        .filter(|u| ratings(game, u).is_some_and(|r| r.range.cards() >= d))
        .filter(|u| arc_allows(game, u, link.target))
        .filter_map(|u| basic_vof(game, u, d))
        .chain(
            vehicles_firing(game, link.from, link.side, d).filter_map(|v| vehicle_vof(game, v, d)),
        )
        .max()
}

/// The fire links into a card that bear on a unit of `side` there (6.2 a-b):
/// all fire from outside the card, which strikes every occupant, and the
/// other side's point-blank fire within it. Decision: a side's point-blank
/// fire never bears on its own units; 6.2 a pools it with the fire from
/// outside ("all units firing into or within the card").
pub fn links_bearing(game: &Game, pos: CardPos, side: Side) -> Vec<FireLink> {
    game.state
        .fires
        .iter()
        .filter(|f| f.target == pos && (f.from != pos || f.side != side))
        .copied()
        .collect()
}

/// The best VOF bearing on `side`'s units on a card (6.2 a): the fire that
/// [`links_bearing`] names, indirect H and Incoming!.
pub fn card_vof_on(game: &Game, pos: CardPos, side: Side) -> Option<VofLevel> {
    let best = links_bearing(game, pos, side)
        .iter()
        .filter_map(|f| link_vof(game, f))
        .max();
    with_markers(game, pos, best, Some(side))
}

/// The best VOF on a card (6.2 a): the best of the fire into it or within
/// it, from either side, and Incoming!. `None` when no VOF lies on the
/// card.
pub fn card_vof(game: &Game, pos: CardPos) -> Option<VofLevel> {
    let best = game
        .state
        .fires
        .iter()
        .filter(|f| f.target == pos)
        .filter_map(|f| link_vof(game, f))
        .max();
    with_markers(game, pos, best, None)
}

/// The fire of the card's markers on top of the units' best VOF, as it
/// bears on `side` (`None`: on anyone there). The attack helicopters' fire
/// bears on the enemy only (7.1.2).
fn with_markers(
    game: &Game,
    pos: CardPos,
    mut best: Option<VofLevel>,
    side: Option<Side>,
) -> Option<VofLevel> {
    if side != Some(Side::Us)
        && let Some(v) = game.state.map.card(pos).and_then(|c| c.markers.air_attack)
    {
        best = best.max(level_of(v, 0));
    }
    if game
        .state
        .map
        .card(pos)
        .is_some_and(|c| c.markers.indirect_h)
    {
        best = best.max(Some(VofLevel::Heavy));
    }
    if game.state.map.card(pos).is_some_and(|c| c.markers.incoming) {
        best = Some(VofLevel::Incoming);
    }
    best
}

/// Every PDF on the map (6.2.3): the fire links aimed at another card and
/// the PDFs of G! weapons' direct fire (6.7.4).
pub fn pdfs(game: &Game) -> impl Iterator<Item = &FireLink> {
    game.state
        .fires
        .iter()
        .chain(game.state.lay_pdfs.iter())
        .filter(|f| f.from != f.target)
}

/// Places the PDF of a G! weapon's direct fire from `from` at `target`
/// (6.7.4), unless the side already fires from that card in that
/// direction.
pub fn add_lay_pdf(game: &mut Game, side: Side, from: CardPos, target: CardPos) {
    let dir = from.line_dir(target);
    if dir.is_none()
        || pdfs(game).any(|f| f.side == side && f.from == from && from.line_dir(f.target) == dir)
    {
        return;
    }
    let link = FireLink { side, from, target };
    if let Err(i) = game.state.lay_pdfs.binary_search(&link) {
        game.state.lay_pdfs.insert(i, link);
        fire_opened(game, link, true);
    }
}

/// Logs a fire link new in the state in plain words, where no order or
/// procedure says more: the record the after-input summary reads (6.1.1;
/// 6.7.4 for a G! weapon's direct fire).
pub(crate) fn fire_opened(game: &mut Game, link: FireLink, lay: bool) {
    game.say(
        if lay { "6.7.4" } else { "6.1.1" },
        crate::engine::kernel::events::EventKind::FireOpened {
            link,
            lay,
            by: crate::engine::kernel::events::FireCause::Plain,
        },
        Vec::new(),
    );
}

/// Whether a diagonal step between two cards crosses a PDF (5.1.2): the
/// other two cards of the 2x2 block fire at each other.
pub fn diagonal_crosses_pdf(game: &Game, a: CardPos, b: CardPos) -> bool {
    if a.row == b.row || a.col == b.col {
        return false;
    }
    let c = CardPos::new(a.row, b.col);
    let d = CardPos::new(b.row, a.col);
    pdfs(game).any(|f| (f.from == c && f.target == d) || (f.from == d && f.target == c))
}

/// Adds a fire link, keeping the list sorted and free of duplicates;
/// `true` when it is new. Silent: the caller logs it
/// ([`open_link`], [`fire_opened`]).
pub fn add_link(game: &mut Game, link: FireLink) -> bool {
    match game.state.fires.binary_search(&link) {
        Err(i) => {
            game.state.fires.insert(i, link);
            true
        }
        Ok(_) => false,
    }
}

/// Opens fire along a link and logs it in the caller's words under its
/// rule: the record the after-input summary reads (6.1.1).
pub(crate) fn open_link(
    game: &mut Game,
    link: FireLink,
    rule: &str,
    by: crate::engine::kernel::events::FireCause,
    reads: Vec<crate::engine::kernel::events::CardRead>,
) {
    add_link(game, link);
    game.say(
        rule,
        crate::engine::kernel::events::EventKind::FireOpened {
            link,
            lay: false,
            by,
        },
        reads,
    );
}

/// Whether a sniper fires into a card (6.2.2): for command draws every HQ
/// on that card counts as under a heavy VOF (4.1.2 B).
pub fn sniper_fire_on(game: &Game, pos: CardPos) -> bool {
    game.state
        .fires
        .iter()
        .filter(|f| f.target == pos)
        .any(|f| {
            game.state.units_at(f.from).any(|u| {
                u.side == f.side
                    && !u.pinned
                    && ratings(game, u).is_some_and(|r| r.vof == Vof::Sniper)
            })
        })
}

/// Firing final protective lines sweeping a card: (machine gun, its card).
pub fn fpl_on(game: &Game, pos: CardPos) -> Vec<(crate::engine::kernel::ids::UnitId, CardPos)> {
    game.state
        .fpl
        .iter()
        .filter(|(_, _, firing)| *firing)
        .filter(|(u, d, _)| fpl_cards(game, *u, *d).contains(&pos))
        .map(|(u, _, _)| (*u, game.state.unit(*u).pos))
        .collect()
}

impl Game {
    /// Whether any VOF lies on a card: fire into it, point-blank fire,
    /// Incoming!, grenade or demolition misses (6.2).
    pub fn card_under_vof(&self, pos: CardPos) -> bool {
        self.state.fires.iter().any(|f| f.target == pos)
            || self
                .state
                .fpl
                .iter()
                .any(|(u, d, firing)| *firing && fpl_cards(self, *u, *d).contains(&pos))
            || self.state.map.card(pos).is_some_and(|c| {
                c.markers.incoming
                    || c.markers.indirect_h
                    || c.markers.grenade_miss
                    || c.markers.demo_miss
            })
            || self.state.units_at(pos).any(|u| u.grenaded > 0)
    }

    /// Whether a fire mission or mortar fire, ours or the enemy's, has
    /// landed or will land on the card: its VOF strikes every unit there,
    /// friend and foe (6.2.2, 6.7).
    pub fn card_shelled(&self, pos: CardPos) -> bool {
        self.state.map.card(pos).is_some_and(|c| {
            let m = &c.markers;
            m.incoming
                || m.enemy_incoming
                || m.enemy_pending
                || m.pending_fire
                || m.pending_mortar
                || m.indirect_h
        })
    }
}

/// Fire links from a card that no friendly unit there can still support
/// are removed (6.1.2: units that move away stop firing).
pub fn drop_orphan_fire(game: &mut Game, from: CardPos) {
    let anyone = |side: Side| {
        game.state
            .units_at(from)
            .any(|u| u.side == side && crate::engine::combat::fire::ratings(game, u).is_some())
            || vehicles_firing(game, from, side, 0).next().is_some()
    };
    let keep_us = anyone(Side::Us);
    let keep_them = anyone(Side::Enemy);
    game.state.fires.retain(|f| {
        f.from != from || (f.side == Side::Us && keep_us) || (f.side != Side::Us && keep_them)
    });
    game.state.lay_pdfs.retain(|f| {
        f.from != from || (f.side == Side::Us && keep_us) || (f.side != Side::Us && keep_them)
    });
}

/// The cards an FPL machine gun sweeps: its diagonal out to its range.
pub fn fpl_cards(game: &Game, unit: UnitId, dir: crate::data::terrain::Dir) -> Vec<CardPos> {
    let u = game.state.unit(unit);
    let range = crate::engine::combat::fire::ratings(game, u)
        .map(|r| r.range.cards())
        .unwrap_or(0);
    let mut out = Vec::new();
    let mut p = u.pos;
    for _ in 0..range {
        p = p.step(dir);
        if game.state.map.card(p).is_some() {
            out.push(p);
        }
    }
    out
}
