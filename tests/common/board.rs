//! Arranging a position on a game with `state_mut()`: the map, units, cover
//! markers, fire links and the impulse.

use fof::data::charts::CoverKind;
use fof::data::mission::{Net, RadioClass};
use fof::data::units::Side;
use fof::engine::kernel::state::{Asset, CoverMarker, FireLink, Impulse, Unit};
use fof::engine::{CardPos, CoverId, Game, UnitId};

// ---------------------------------------------------------------------------
// The map
// ---------------------------------------------------------------------------

pub fn p(row: i8, col: i8) -> CardPos {
    CardPos::new(row, col)
}

/// A staging area card.
pub fn sa(col: i8) -> CardPos {
    CardPos::new(0, col)
}

/// The Normandy deck's open field: cover +0, every border light.
pub const OPEN: u8 = 45;

/// What [`open_cards`] does with the markers on the map's cards (PC,
/// smoke, incoming and the like).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Markers {
    Clear,
    Keep,
}

/// Lays terrain card `card` face up on every card of the map, with no cover
/// markers; the other markers go or stay as `markers` says. Fire links are
/// left alone.
pub fn open_cards(g: &mut Game, card: u8, markers: Markers) {
    for c in &mut g.state_mut().map.cards {
        c.stack = vec![card];
        c.face_up = true;
        c.covers.clear();
        if markers == Markers::Clear {
            c.markers = Default::default();
        }
    }
}

/// Lays terrain card `card` face up on every card of the map, with no cover
/// markers, no markers and no fire.
pub fn open_map_with(g: &mut Game, card: u8) {
    open_cards(g, card, Markers::Clear);
    g.state_mut().fires.clear();
}

/// Lays an open field face up on every card of the map, with no cover
/// markers, no markers and no fire: a clean board for a rule test.
pub fn open_map(g: &mut Game) {
    open_map_with(g, OPEN);
}

/// Replaces the terrain stack of a card of the map (the last card on top).
pub fn lay(g: &mut Game, pos: CardPos, stack: &[u8]) {
    g.state_mut().map.card_mut(pos).expect("a map card").stack = stack.to_vec();
}

/// Puts a cover marker of `kind` on a card of the map.
pub fn cover(g: &mut Game, pos: CardPos, kind: CoverKind) -> CoverId {
    let s = g.state_mut();
    let id = CoverId(s.next_cover);
    s.next_cover += 1;
    s.map
        .card_mut(pos)
        .expect("a map card")
        .covers
        .push(CoverMarker {
            id,
            kind,
            facing: None,
        });
    id
}

// ---------------------------------------------------------------------------
// Units
// ---------------------------------------------------------------------------

/// The unit that started the mission under a roster id.
pub fn id(g: &Game, roster: &str) -> UnitId {
    g.state()
        .by_roster(roster)
        .unwrap_or_else(|| panic!("no unit has the roster id {roster}"))
        .id
}

pub fn unit(g: &Game, id: UnitId) -> &Unit {
    g.state().unit(id)
}

pub fn u(g: &mut Game, id: UnitId) -> &mut Unit {
    g.state_mut().unit_mut(id)
}

/// Puts a unit on a card, out of cover.
pub fn put(g: &mut Game, id: UnitId, at: CardPos) {
    let x = u(g, id);
    x.pos = at;
    x.cover = None;
}

/// Puts units on a card, out of cover.
pub fn put_all(g: &mut Game, ids: &[UnitId], at: CardPos) {
    for &i in ids {
        put(g, i, at);
    }
}

/// Puts a new counter of a type on a card, as the counter comes: no HQ,
/// friendly units spotted, enemy units not (see [`enemy`]).
pub fn add(g: &mut Game, ty: &str, pos: CardPos) -> UnitId {
    let t = g.data().unit_type(ty).expect(ty).clone();
    let s = g.state_mut();
    let id = UnitId(s.units.len() as u16);
    s.units.push(Unit::from_type(id, &t, pos));
    id
}

/// A new counter as [`add`] puts it, labelled `"<type name> <id>"` and
/// spotted whatever its side.
pub fn add_spotted(g: &mut Game, ty: &str, pos: CardPos) -> UnitId {
    let name = g.data().unit_type(ty).expect(ty).name.clone();
    let id = add(g, ty, pos);
    let x = u(g, id);
    x.label = format!("{name} {}", id.0);
    x.designation = x.label.clone();
    x.spotted = true;
    id
}

/// A new enemy counter ([`add`]), spotted or not.
pub fn enemy(g: &mut Game, ty: &str, pos: CardPos, spotted: bool) -> UnitId {
    let e = add(g, ty, pos);
    u(g, e).spotted = spotted;
    e
}

/// A radio set named `name`, for a unit's assets.
pub fn radio(name: &str, class: RadioClass, net: Net) -> Asset {
    Asset::Radio {
        name: name.into(),
        class,
        net,
    }
}

// ---------------------------------------------------------------------------
// Fire
// ---------------------------------------------------------------------------

/// A fire link: `side`'s units on `from` fire into `target` (a VOF on the
/// target, a PDF between the two). Nothing else is put on the map.
pub fn fire(g: &mut Game, side: Side, from: CardPos, target: CardPos) {
    let f = &mut g.state_mut().fires;
    f.push(FireLink { side, from, target });
    f.sort();
    f.dedup();
}

/// Fire from `from` into `target`, as [`fire`], with a unit on `from` to
/// keep firing (fire with no unit behind it stops, 6.1.2): when `side` has
/// none there, an unspotted German or US rifle squad ([`add_spotted`],
/// then unspotted).
pub fn fire_with_shooter(g: &mut Game, side: Side, from: CardPos, target: CardPos) {
    let shooter = g.state().units_at(from).any(|u| u.side == side);
    if !shooter {
        let ty = if side == Side::Us {
            "us_rifle_squad"
        } else {
            "de_rifle_squad"
        };
        let id = add_spotted(g, ty, from);
        u(g, id).spotted = false;
    }
    fire(g, side, from, target);
}

/// The fire links of a side, as (from, target).
pub fn links(g: &Game, side: Side) -> Vec<(CardPos, CardPos)> {
    g.state()
        .fires
        .iter()
        .filter(|f| f.side == side)
        .map(|f| (f.from, f.target))
        .collect()
}

/// Puts a spotted German rifle squad two rows away (below when the map
/// has room, above otherwise) firing into `pos`: the card is under a VOF.
pub fn under_vof(g: &mut Game, pos: CardPos) {
    let row = if pos.row + 2 <= g.state().map.rows {
        pos.row + 2
    } else {
        pos.row - 2
    };
    let from = p(row, pos.col);
    enemy(g, "de_rifle_squad", from, true);
    fire(g, Side::Enemy, from, pos);
    assert!(g.card_under_vof(pos));
}

// ---------------------------------------------------------------------------
// The impulse
// ---------------------------------------------------------------------------

/// Gives the game's impulse to `hq` (`None`: General Initiative) with six
/// fresh commands and nothing done yet; the rest of the impulse (the most
/// that may be spent, saving) stays as it was.
pub fn impulse(g: &mut Game, hq: Option<UnitId>) {
    let imp = g.state_mut().impulse.as_mut().expect("an impulse");
    imp.hq = hq;
    imp.available = 6;
    imp.spent = 0;
    imp.done.clear();
    imp.exhortable.clear();
    imp.cards_done.clear();
}

/// Opens a new impulse for `hq` (`None`: General Initiative) with `n`
/// commands, all of which may be spent and none saved.
pub fn new_impulse(g: &mut Game, hq: Option<UnitId>, n: u8) {
    g.state_mut().impulse = Some(Impulse::open(hq, n, false, n));
}

/// The commands spent so far this impulse.
pub fn spent(g: &Game) -> u8 {
    g.state().impulse.as_ref().expect("an impulse").spent
}
