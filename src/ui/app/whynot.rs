//! "Why not?": the orders of the Action Menu that a unit (or the company)
//! cannot be given now, each with the engine's own reason. The list and
//! its reasons are the engine's (`engine::turn::refusals`); this only
//! opens the window.

use super::{App, Driver, Menu, Overlay};
use crate::data::units::Side;
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::input::Action;
use crate::engine::turn::refusals::{
    self, Refusal, refused_company_orders, refused_orders, refused_targets,
};

/// The "why not?" window: what it is about, its lines (order, reason,
/// rule), how far it is scrolled, and the menu to go back to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WhyNot {
    pub title: String,
    pub lines: Vec<WhyLine>,
    pub scroll: u16,
    pub back: Option<Box<Menu>>,
}

/// One line of the "why not?" window: an order and the reason it is
/// refused, another reason of the order on the line above for another
/// candidate, or a heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WhyLine {
    pub order: String,
    pub reason: String,
    pub kind: WhyKind,
}

/// What a line of the "why not?" window is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WhyKind {
    /// A kind of order refused, or one target of a kind refused.
    Order,
    /// Another reason of the order on the line above.
    Also,
    /// A heading over the lines after it (`order` is its text).
    Heading,
}

impl<D: Driver> App<D> {
    /// Opens the "why not?" window for `unit` (the company's orders when
    /// it is none or not the company's), over the menu open if any.
    pub fn open_why_not(&mut self, unit: Option<UnitId>) {
        let g = self.game();
        let unit = unit.filter(|u| g.state().get(*u).is_some_and(|x| x.side == Side::Us));
        let (title, refused): (String, Vec<Refusal>) = match unit {
            Some(u) => (
                format!("Why not? The orders {} cannot be given now", g.describe(u)),
                refused_orders(g, u),
            ),
            None => (
                "Why not? The company's orders that cannot be given now".into(),
                refused_company_orders(g),
            ),
        };
        // An order aimed at a target names the one its reason is for ("1/2
        // at Maxim MG #26"), then the other reasons it is refused for, one
        // line each (`refusals::aimed`).
        let what = |o: &crate::engine::kernel::input::Order| {
            crate::ui::labels::action_detail(g, &o.action)
        };
        let mut lines: Vec<WhyLine> = Vec::new();
        // Kinds refused for one and the same reason, with no target named
        // and no other reason, share the line of the first of them ("Spot
        // (4.2.4 a), Concentrate Fire (4.2.4 b): no enemy unit is known"):
        // a newcomer read one reason fifteen times over.
        let mut plain_lines: Vec<usize> = Vec::new();
        for r in refused {
            let aimed = r.example.as_ref().filter(|o| refusals::aimed(&o.action));
            let head = match aimed {
                Some(o) => format!("{} ({}), {}", r.order, r.rule, what(o)),
                None => format!("{} ({})", r.order, r.rule),
            };
            if aimed.is_none() && r.also.is_empty() {
                if let Some(&at) = plain_lines.iter().find(|&&i| lines[i].reason == r.reason) {
                    let line = &mut lines[at];
                    line.order = format!("{}, {head}", line.order);
                    continue;
                }
                plain_lines.push(lines.len());
            }
            lines.push(WhyLine {
                order: head,
                reason: r.reason,
                kind: WhyKind::Order,
            });
            for (o, reason) in &r.also {
                lines.push(WhyLine {
                    order: what(o),
                    reason: reason.clone(),
                    kind: WhyKind::Also,
                });
            }
        }
        // Then the orders open to some targets, for the targets they are
        // not open to ("why can it not move there?").
        let targets = refused_targets(g, unit);
        if !targets.is_empty() {
            lines.push(WhyLine {
                order: "Open for some targets, not for these:".into(),
                reason: String::new(),
                kind: WhyKind::Heading,
            });
        }
        // The targets a kind is refused for the same reason share a line
        // ("1/2 to R2C2, R2C3, SA1: infiltration needs a VOF marker").
        let mut groups: Vec<(&Refusal, Vec<&Action>)> = Vec::new();
        for r in &targets {
            let Some(o) = &r.example else { continue };
            match groups
                .iter_mut()
                .find(|(x, _)| x.order == r.order && x.reason == r.reason)
            {
                Some((_, v)) => v.push(&o.action),
                None => groups.push((r, vec![&o.action])),
            }
        }
        for (r, actions) in groups {
            lines.push(WhyLine {
                order: format!("{} ({}), {}", r.order, r.rule, aimed_at(g, &actions)),
                reason: r.reason.clone(),
                kind: WhyKind::Order,
            });
        }
        let back = match std::mem::replace(&mut self.overlay, Overlay::None) {
            Overlay::Menu(m) => Some(Box::new(m)),
            _ => None,
        };
        self.overlay = Overlay::WhyNot(WhyNot {
            title,
            lines,
            scroll: 0,
            back,
        });
    }
}

/// What orders of one kind are aimed at, for a line of "why not?" about
/// their targets: one order as the orders menu details it (a move by its
/// card only: which cover is not what is asked), several by the unit and
/// the list of their targets.
fn aimed_at(g: &Game, actions: &[&Action]) -> String {
    use crate::engine::turn::refusals::{Aim, aim};
    let Some(first) = actions.first() else {
        return String::new();
    };
    let list = || {
        actions
            .iter()
            .filter_map(|a| aim(a))
            .map(|t| match t {
                Aim::Card(c) => c.to_string(),
                Aim::Unit(u) => g.describe(u),
                Aim::Vehicle(v) => crate::engine::vehicles::at::vehicle(g, v).label.clone(),
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let who = first.unit().map(|u| g.describe(u)).unwrap_or_default();
    match first {
        Action::Move { .. } | Action::Infiltrate { .. } => format!("{who} to {}", list()),
        _ if actions.len() == 1 => crate::ui::labels::action_detail(g, first),
        Action::MovePlatoon { .. } | Action::InfiltratePlatoon { .. } => format!("to {}", list()),
        Action::Spot { .. } => format!("{who} looks at {}", list()),
        Action::MortarFire { .. } | Action::CallForFire { .. } | Action::Embark { .. } => {
            format!("{who} on {}", list())
        }
        Action::PlatoonConcentrate { .. } | Action::PlatoonGrenade { .. } => {
            format!("at {}", list())
        }
        _ => format!("{who} at {}", list()),
    }
}
