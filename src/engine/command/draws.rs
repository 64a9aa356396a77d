//! Command draws (4.1.2): the modifiers to an HQ's draw for commands.

use crate::data::action::Experience;
use crate::data::charts::Activity;
use crate::engine::combat::fire::{VofLevel, card_vof};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::state::UnitId;

/// The total modifier for an HQ or staff drawing for commands, and the
/// reasons in words (4.1.2 A-C). Never applied to the General Initiative
/// draw.
pub fn draw_modifier(game: &Game, hq: UnitId) -> (i8, String) {
    let c = &game.data.charts.commands;
    let u = game.state.unit(hq);
    let mut total = 0i8;
    let mut why = Vec::new();
    let mut add = |v: i8, what: &str| {
        if v != 0 {
            total += v;
            why.push(format!("{what} {v:+}"));
        }
    };
    if u.pinned {
        add(c.pinned, "pinned");
    }
    match game.experience(hq) {
        Experience::Green => add(c.green, "Green"),
        Experience::Veteran => add(c.veteran, "Veteran"),
        Experience::Line => {}
    }
    if u.cover.is_some() {
        add(c.under_cover, "under cover");
    }
    let vof = if crate::engine::combat::fire::sniper_fire_on(game, u.pos) {
        Some(VofLevel::Sniper)
    } else {
        card_vof(game, u.pos)
    };
    match vof {
        Some(VofLevel::SmallArms) => add(c.vof_small_arms, "small-arms fire on its card"),
        Some(VofLevel::Automatic) => add(c.vof_automatic, "automatic fire on its card"),
        Some(VofLevel::Heavy | VofLevel::Sniper | VofLevel::Incoming) => {
            add(c.vof_heavy, "heavy, sniper or Incoming! fire on its card")
        }
        Some(VofLevel::AllPinned) | None => {}
    }
    if game.state.activity == Activity::NoContact {
        add(c.no_contact, "No Contact");
    }
    (total, why.join(", "))
}
