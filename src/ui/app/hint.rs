//! The hint key: what the planner bot (`play::planner`) would choose for
//! the decision now, selected in that decision's menu with its reason in
//! the entry's details. Nothing is given: Enter in the menu gives it, Esc
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
        // A question's menu marks the program's suggestion already.
        let suggested = g.suggestion().as_ref() == Some(&hint.input);
        self.overlay = Overlay::None;
        self.open_all_menu();
        let shown = match &mut self.overlay {
            Overlay::Menu(menu) => {
                menu.query.clear();
                menu.searching = false;
                menu.filter = None;
                match menu.entries.iter().position(|e| e.input == hint.input) {
                    Some(i) => {
                        let e = &mut menu.entries[i];
                        let group = e.group;
                        if !suggested {
                            // In front, where a narrow menu does not cut it.
                            e.label.insert_str(0, "(tip) ");
                            e.short.insert_str(0, "(tip) ");
                        }
                        e.tip = Some(hint.reason.clone());
                        menu.folded.retain(|g| *g != group);
                        menu.selected = Some(Sel::Entry(i));
                        true
                    }
                    None => false,
                }
            }
            _ => false,
        };
        // The message line carries the reason only when no menu shows it.
        self.message = (!shown).then(|| format!("Tip: {}", hint.reason));
    }
}
