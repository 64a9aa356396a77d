//! Carrying (5.1.6): ammunition and assets picked up and set down, how
//! much a unit can carry, and casualties set down.

use crate::data::units::{AmmoKind, UnitKind};
use crate::engine::kernel::events::EventKind;
use crate::engine::kernel::events::Pickup;
use crate::engine::kernel::events::StatusChange;
use crate::engine::kernel::game::{Game, Illegal};
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::state::{Item, Unit};
use crate::engine::kernel::why::Move;
use crate::engine::kernel::words::why::refuse;

/// Ammunition points one step can carry, by kind (5.1.6 A).
pub fn per_step(kind: AmmoKind) -> u8 {
    kind.per_step()
}

/// The ammunition a unit's own weapon uses.
pub fn own_ammo_kind(game: &Game, u: &Unit) -> Option<AmmoKind> {
    u.type_in(&game.data).and_then(|t| t.ammo).map(|a| a.kind)
}

/// Points the unit's own weapon can still take: its allotment, within what
/// its steps carry (6.8.1).
pub fn own_ammo_room(game: &Game, u: &Unit) -> u8 {
    let Some(a) = u.type_in(&game.data).and_then(|t| t.ammo) else {
        return 0;
    };
    let cap = a.points.min(per_step(a.kind).saturating_mul(u.steps));
    cap.saturating_sub(u.ammo.unwrap_or(0))
}

/// Points of a kind of ammunition a unit can still carry for others: what
/// its steps carry, less what its own weapon of that kind already holds.
pub fn cargo_room(game: &Game, u: &Unit, kind: AmmoKind) -> u8 {
    let cap = per_step(kind).saturating_mul(u.steps);
    let own = if own_ammo_kind(game, u) == Some(kind) {
        u.ammo.unwrap_or(0)
    } else {
        0
    };
    let have = u
        .cargo
        .filter(|(k, _)| *k == kind)
        .map(|(_, n)| n)
        .unwrap_or(0);
    cap.saturating_sub(have).saturating_sub(own)
}

/// 5.1.6 B, 6.8.3: picks an item up, marking the unit Exposed; ammunition
/// for the unit's own weapon refills it first (and a weapons team on its
/// fire-team side rallies to its front), the rest is carried.
pub(crate) fn pick_up_item(game: &mut Game, unit: UnitId, index: usize) {
    let pos = game.state.unit(unit).pos;
    let Some(item) = game
        .state
        .map
        .card(pos)
        .and_then(|c| c.markers.items.get(index).cloned())
    else {
        return;
    };
    let u = game.state.unit(unit).clone();
    let mut rest = None;
    let took = match &item {
        Item::Ammo(kind, n) => {
            let mut n = *n;
            let (mut refilled, mut carried) = (0, 0);
            if own_ammo_kind(game, &u) == Some(*kind) {
                let take = n.min(own_ammo_room(game, &u));
                if take > 0 {
                    n -= take;
                    let w = game.state.unit_mut(unit);
                    w.ammo = Some(w.ammo.unwrap_or(0) + take);
                    if w.kind == UnitKind::WeaponsTeam && w.flipped {
                        w.flipped = false;
                    }
                    refilled = take;
                }
            }
            if n > 0 && !game.state.carried.iter().any(|(k, _)| *k == unit) {
                let w = game.state.unit(unit).clone();
                if w.cargo.is_none_or(|(k, _)| k == *kind) {
                    let take = n.min(cargo_room(game, &w, *kind));
                    if take > 0 {
                        n -= take;
                        let have = w.cargo.map(|(_, x)| x).unwrap_or(0);
                        game.state.unit_mut(unit).cargo = Some((*kind, have + take));
                        carried = take;
                    }
                }
            }
            if n > 0 {
                rest = Some(Item::Ammo(*kind, n));
            }
            Pickup::Ammo {
                kind: *kind,
                refilled,
                carried,
            }
        }
        Item::Asset(a) => {
            game.state.unit_mut(unit).assets.push(a.clone());
            game.state.unit_mut(unit).assets.sort();
            Pickup::Asset(a.clone())
        }
    };
    if let Some(c) = game.state.map.card_mut(pos) {
        c.markers.items.remove(index);
        if let Some(r) = rest {
            c.markers.items.push(r);
        }
        c.markers.items.sort();
    }
    game.state.unit_mut(unit).exposed = true;
    game.say(
        "5.1.6 B",
        EventKind::Status {
            unit,
            what: StatusChange::PickedUp(took),
        },
        Vec::new(),
    );
}

impl Game {
    pub(crate) fn drop_item(&mut self, unit: UnitId, asset: Option<usize>) {
        let pos = self.state.unit(unit).pos;
        let item = match asset {
            None => self
                .state
                .unit_mut(unit)
                .cargo
                .take()
                .map(|(k, n)| crate::engine::kernel::state::Item::Ammo(k, n)),
            Some(i) => Some(crate::engine::kernel::state::Item::Asset(
                self.state.unit_mut(unit).assets.remove(i),
            )),
        };
        let Some(item) = item else { return };
        self.state.map.lay_item(pos, item.clone());
        self.say(
            "5.1.6 B",
            EventKind::Status {
                unit,
                what: StatusChange::SetDownAnItem(item),
            },
            Vec::new(),
        );
    }

    pub(crate) fn drop_casualty(&mut self, carrier: UnitId, casualty: UnitId) {
        self.state.carried.retain(|p| *p != (carrier, casualty));
        let pos = self.state.unit(carrier).pos;
        self.state.unit_mut(casualty).pos = pos;
        self.say(
            "5.1.6 B",
            EventKind::Status {
                unit: casualty,
                what: StatusChange::SetDown { by: carrier },
            },
            Vec::new(),
        );
    }
}

/// Assets a unit may carry besides its ammunition (5.1.6 A).
pub const ASSET_LOAD: usize = 6;

/// Whether a unit may pick up the item at `item` on its card (5.1.6 A-B):
/// not pinned or paralyzed, and within what it may carry.
pub fn can_take(game: &Game, unit: UnitId, item: usize) -> Result<(), Illegal> {
    let u = game.state.unit(unit);
    if u.tied_down() || u.kind == UnitKind::Casualty {
        return refuse(game, Move::TiedDownPicksUp);
    }
    let Some(it) = game
        .state
        .map
        .card(u.pos)
        .and_then(|c| c.markers.items.get(item))
    else {
        return refuse(game, Move::NoSuchItem);
    };
    match it {
        Item::Ammo(kind, _) => {
            if own_ammo_kind(game, u) == Some(*kind) && own_ammo_room(game, u) > 0 {
                return Ok(());
            }
            if game.state.carried.iter().any(|(k, _)| *k == unit) {
                return refuse(game, Move::CasualtiesOrAmmo);
            }
            if u.cargo.is_some_and(|(k, _)| k != *kind) {
                return refuse(game, Move::OneAmmoKind);
            }
            if cargo_room(game, u, *kind) == 0 {
                return refuse(game, Move::AmmoFull);
            }
            Ok(())
        }
        Item::Asset(_) => {
            if u.assets.len() >= ASSET_LOAD {
                return refuse(game, Move::AssetsFull { most: ASSET_LOAD });
            }
            Ok(())
        }
    }
}

/// The items on a unit's card it may still pick up (5.1.6 B).
pub fn items_open_to(game: &Game, unit: UnitId) -> Vec<usize> {
    let pos = game.state.unit(unit).pos;
    let n = game
        .state
        .map
        .card(pos)
        .map(|c| c.markers.items.len())
        .unwrap_or(0);
    (0..n)
        .filter(|i| can_take(game, unit, *i).is_ok())
        .collect()
}
