//! The hint key: what the planner bot (`play::planner`) would choose for
//! the decision now, selected in that decision's menu, with its reason on
//! the message line. Nothing is given: Enter in the menu gives it, Esc
//! leaves it.

use super::{App, Driver, Overlay, Sel};

impl<D: Driver> App<D> {
    pub fn show_hint(&mut self) {
        let g = self.game();
        let legal = g.legal_inputs();
        let Some(hint) = crate::play::planner::suggest(g, &legal) else {
            self.message = Some("the mission is over: nothing to decide".into());
            return;
        };
        self.overlay = Overlay::None;
        self.open_all_menu();
        // The reason shows in the menu under the entry; the message line
        // carries it only when no menu shows the entry.
        self.message = Some(format!("Tip: {}", hint.reason));
        if let Overlay::Menu(menu) = &mut self.overlay {
            menu.query.clear();
            menu.searching = false;
            menu.filter = None;
            if let Some(i) = menu.entries.iter().position(|e| e.input == hint.input) {
                let e = &mut menu.entries[i];
                let group = e.group;
                if !e.label.ends_with("(suggested)") {
                    // In front, where a narrow menu does not cut it.
                    e.label.insert_str(0, "(tip) ");
                    e.short.insert_str(0, "(tip) ");
                }
                e.tip = Some(hint.reason.clone());
                menu.folded.retain(|g| *g != group);
                menu.selected = Some(Sel::Entry(i));
                self.message = None;
            }
        }
    }
}
