//! "Why not?": the orders of the Action Menu that a unit (or the company)
//! cannot be given now, each with the engine's own reason.

use super::{App, Driver, Overlay, WhyNot};
use crate::engine::kernel::ids::UnitId;

impl<D: Driver> App<D> {
    /// Opens the "why not?" window for `unit` (the company's orders when
    /// it is none or not the company's), over the menu open if any.
    pub fn open_why_not(&mut self, unit: Option<UnitId>) {
        let back = match std::mem::replace(&mut self.overlay, Overlay::None) {
            Overlay::Menu(m) => Some(Box::new(m)),
            _ => None,
        };
        let _ = unit;
        self.overlay = Overlay::WhyNot(WhyNot {
            title: "Why not?".into(),
            lines: Vec::new(),
            scroll: 0,
            back,
        });
    }
}
