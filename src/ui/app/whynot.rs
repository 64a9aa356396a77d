//! "Why not?": the orders of the Action Menu that a unit (or the company)
//! cannot be given now, each with the engine's own reason. The list and
//! its reasons are the engine's (`engine::turn::refusals`); this only
//! opens the window.

use super::{App, Driver, Overlay, WhyLine, WhyNot};
use crate::data::units::Side;
use crate::engine::kernel::ids::UnitId;
use crate::engine::turn::refusals::{self, Refusal, refused_company_orders, refused_orders};

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
        let mut lines = Vec::new();
        for r in refused {
            let head = match &r.example {
                Some(o) if refusals::aimed(&o.action) => {
                    format!("{} ({}), {}", r.order, r.rule, what(o))
                }
                _ => format!("{} ({})", r.order, r.rule),
            };
            lines.push(WhyLine {
                order: head,
                reason: r.reason,
                also: false,
            });
            for (o, reason) in &r.also {
                lines.push(WhyLine {
                    order: what(o),
                    reason: reason.clone(),
                    also: true,
                });
            }
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
