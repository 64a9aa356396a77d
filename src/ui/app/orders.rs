//! The orders menu: its entries with their odds, the menus of a unit and
//! of all units, giving an input, and taking the last one back.

use super::{App, Driver, Entry, Group, Menu, Odds, Overlay, Screen, Sel, Shown};
use crate::data::units::Side;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::input::{Action, MenuSection};
use crate::engine::kernel::input::{Decision, Input};
use crate::ui::keys::Command;
use crate::ui::labels;
use crate::ui::step::Stepper;

/// Orders menus longer than this many lines open folded.
const FOLD_ABOVE: usize = 24;

/// The group of an input in the orders menu.
fn group_of(input: &Input) -> Group {
    match input {
        Input::Order(o) | Input::Skilled { order: o, .. } => Group::Section(o.action.section()),
        Input::UseSkill { .. } => Group::Section(MenuSection::Rally),
        Input::Drop { .. } | Input::DropItem { .. } => Group::Section(MenuSection::Movement),
        _ => Group::Impulse,
    }
}

impl<D: Driver> App<D> {
    /// Who receives an input, in words, and the unit when it is one.
    fn recipient_of(&self, input: &Input) -> (String, Option<UnitId>) {
        let g = self.game();
        let unit = |u: UnitId| {
            let at = g
                .state()
                .get(u)
                .map(|x| format!(" on {}", x.pos))
                .unwrap_or_default();
            (format!("{}{at}", g.describe(u)), Some(u))
        };
        match input {
            Input::Order(o) | Input::Skilled { order: o, .. } => match (&o.action, o.action.unit())
            {
                (_, Some(u)) => unit(u),
                (Action::CeaseFire { at } | Action::ShiftFire { at, .. }, None) => {
                    (format!("the units on {at}"), None)
                }
                (Action::FireFinalProtective, None) => ("the company's final fires".into(), None),
                (Action::HigherTask { .. }, None) => ("the battalion's tasking".into(), None),
                (Action::DesignateCasualtyPoint, None) => {
                    ("the casualty collection point".into(), None)
                }
                (Action::DesignateLandingZone, None) => ("a new landing zone".into(), None),
                (Action::DesignateMedevac, None) => ("the MEDEVAC LZ".into(), None),
                // The vehicle that sets its load down receives the order
                // (7.4.2): it was listed as "the platoon of" the HQ.
                (
                    Action::ActivateVehicle { vehicle }
                    | Action::ActivateVehicleHq { vehicle }
                    | Action::Unload { vehicle },
                    None,
                ) => match g.state().vehicles.get(vehicle.0 as usize) {
                    Some(v) => (
                        format!("the vehicle {} {}", v.label, v.pos.on_words()),
                        None,
                    ),
                    None => ("a vehicle".into(), None),
                },
                (_, None) => match o.by.or(g.state().impulse.as_ref().and_then(|i| i.hq)) {
                    Some(h) => (format!("the platoon of {}", g.describe(h)), None),
                    None => ("a platoon".into(), None),
                },
            },
            Input::UseSkill { unit: u, .. } => unit(*u),
            Input::Drop { carrier, .. } => unit(*carrier),
            Input::DropItem { unit: u, .. } => unit(*u),
            _ => (String::new(), None),
        }
    }

    pub fn entry(&self, input: &Input) -> Entry {
        let g = self.game();
        let f = crate::engine::turn::forecast::forecast(g, input);
        let label = labels::input(g, input);
        let rule = input.rule();
        let group = group_of(input);
        let (recipient, _) = self.recipient_of(input);
        let by = match input {
            Input::Order(o) | Input::Skilled { order: o, .. } => g.originator_name(o.by),
            Input::UseSkill { holder, .. } => g.describe(*holder),
            _ => String::new(),
        };
        let section = match group {
            Group::Section(s) => s.label(),
            Group::Impulse => "",
        };
        let search = format!("{label} | {recipient} | {by} | {section} | {rule}").to_lowercase();
        // "Move: 3/2 to R2C2" under the heading 3/2 reads "Move: to R2C2".
        let short = match self.recipient_of(input) {
            (_, Some(u)) => {
                let name = g.describe(u);
                match label.split_once(": ") {
                    Some((what, rest)) if rest.starts_with(&format!("{name} ")) => {
                        format!("{what}: {}", &rest[name.len() + 1..])
                    }
                    // "Deploy Pyrotechnic: 1 PLT HQ: hand flare on R1C1".
                    Some((what, rest)) if rest.starts_with(&format!("{name}: ")) => {
                        format!("{what}: {}", &rest[name.len() + 2..])
                    }
                    Some((what, rest)) if rest == name => what.to_string(),
                    _ => label.clone(),
                }
            }
            _ => label.clone(),
        }
        .replace(": puts down ", ": ");
        Entry {
            input: input.clone(),
            label,
            rule,
            cost: f.cost,
            odds: f.attempt.clone().map(|a| Odds {
                cards: a.cards,
                needed: a.needed.clone(),
                // Orders drawing for every unit: the chance of the whole
                // order, every unit's attempt succeeding.
                chance: match f.whole {
                    _ if a.sure => "sure".into(),
                    Some(w) => w.whole_percent(),
                    None => a.chance.whole_percent(),
                },
                sure: a.sure,
                each: f.whole.is_some().then(|| a.chance.whole_percent()),
                short_round: f.short_round.map(|o| o.whole_percent()),
            }),
            group,
            recipient,
            by,
            tip: None,
            consequences: f.consequences.clone(),
            warnings: f.warnings,
            mine_checks: f.mine_checks,
            search,
            short,
        }
    }

    pub(super) fn menu_of(&self, title: String, inputs: &[Input]) -> Menu {
        Menu::flat(title, inputs.iter().map(|i| self.entry(i)).collect())
    }

    /// The question the rules put to the player (a platoon mover's cover,
    /// a runner, a battalion mission): its answers, the program's
    /// suggestion marked and selected, so that Enter takes it.
    pub fn open_question_menu(&mut self) -> bool {
        let g = self.game();
        let crate::engine::kernel::input::Decision::Choose(c) = g.prompt().decision else {
            return false;
        };
        let (rule, q) = g.question(&c);
        let suggested = g.suggestion();
        let legal = g.legal_inputs();
        let mut menu = self.menu_of(format!("{q} ({rule})"), &legal);
        for (i, e) in menu.entries.iter_mut().enumerate() {
            if Some(&e.input) == suggested.as_ref() {
                e.label.push_str("  (suggested)");
                menu.selected = Some(Sel::Entry(i));
            }
        }
        self.overlay = Overlay::Menu(menu);
        true
    }

    /// Choosing whose impulse comes next: the selected HQ is selected in
    /// the list when it is one of them.
    fn open_hq_menu(&mut self, focus: Option<UnitId>) {
        let legal = self.game().legal_inputs();
        let mut menu = self.menu_of("Whose impulse comes next (3.3)".into(), &legal);
        if let Some(i) = menu
            .entries
            .iter()
            .position(|e| focus.is_some_and(|u| e.input == Input::ChooseHq(u)))
        {
            menu.selected = Some(Sel::Entry(i));
        }
        if self.learn {
            menu.selected = None;
        }
        self.overlay = Overlay::Menu(menu);
    }

    /// The orders menu: every legal input grouped by section of the Action
    /// Menu, then by recipient; within a section `focus`'s orders come
    /// first, then the orders to a whole platoon, then those of the
    /// selected card's units. Nothing is selected
    /// until the player picks.
    pub fn open_orders(&mut self, focus: Option<UnitId>) {
        let g = self.game();
        let legal = g.legal_inputs();
        let here: Vec<UnitId> = self.units_here();
        let mut keyed: Vec<(Group, u8, usize, usize, Entry)> = Vec::new();
        let mut first_seen: Vec<(Group, String)> = Vec::new();
        for (k, i) in legal.iter().enumerate() {
            let e = self.entry(i);
            let (_, unit) = self.recipient_of(i);
            // An order to the whole platoon comes right after the focus's
            // own: it is what a platoon HQ's impulse is mostly for, and at
            // the end of the section a newcomer found "Move a Platoon" only
            // by searching.
            let platoon = matches!(
                i,
                Input::Order(o) | Input::Skilled { order: o, .. } if o.action.whole_platoon()
            );
            let rank = match unit {
                Some(u) if Some(u) == focus => 0,
                _ if platoon => 1,
                Some(u) if here.contains(&u) => 2,
                _ => 3,
            };
            let key = (e.group, e.recipient.clone());
            let order = match first_seen.iter().position(|x| *x == key) {
                Some(p) => p,
                None => {
                    first_seen.push(key);
                    first_seen.len() - 1
                }
            };
            keyed.push((e.group, rank, order, k, e));
        }
        keyed.sort_by_key(|(g, r, o, k, _)| (*g, *r, *o, *k));
        let entries: Vec<Entry> = keyed.into_iter().map(|(.., e)| e).collect();
        let decision = g.prompt().decision;
        let title = match decision {
            Decision::Orders { left, spent, .. } => {
                // The title says so when the impulse's limit binds, and
                // what the limit is (a newcomer met "4.1.3 limit" with
                // nothing to say what it was).
                let who = g.spender();
                match decision.held_beyond_limit() {
                    Some(held) => format!(
                        "Orders: {who} may spend {left} of the {held} it holds (4.1.3: {} an impulse, the rest saved)",
                        left + spent
                    ),
                    None => format!(
                        "Orders: {who} has {left} command{} to spend",
                        if left == 1 { "" } else { "s" }
                    ),
                }
            }
            _ => "Every input the rules allow now".into(),
        };
        let mut menu = Menu::grouped(title, entries);
        // A long menu opens as its sections' headings, each with how many
        // orders it holds (the selected unit's sections open): what the
        // HQ can do at a glance.
        if menu.rows().len() > FOLD_ABOVE {
            let open: Vec<Group> = menu
                .entries
                .iter()
                .filter(|e| focus.is_some_and(|u| e.input.units().contains(&u)))
                .map(|e| e.group)
                .collect();
            let mut groups: Vec<Group> = menu.entries.iter().map(|e| e.group).collect();
            groups.dedup();
            menu.folded = groups
                .into_iter()
                .filter(|g| *g != Group::Impulse && !open.contains(g))
                .collect();
        }
        // Nothing is selected until the player picks (Down, or a search):
        // two newcomers gave an order they never chose, by an Enter more
        // than they meant after the drawn cards (issue 17 made learn mode
        // so first).
        menu.selected = None;
        self.overlay = Overlay::Menu(menu);
    }

    /// Enter on the map: the question waiting, the HQs to choose from, or
    /// the orders with the selected unit's first.
    pub fn open_unit_menu(&mut self) {
        if self.open_question_menu() {
            return;
        }
        if self.game().legal_inputs().is_empty() {
            self.message = Some("the mission is over: nothing to decide".into());
            return;
        }
        let u = self.selected_unit();
        if matches!(self.game().prompt().decision, Decision::ChooseHq { .. }) {
            self.open_hq_menu(u);
            return;
        }
        let friendly = u.filter(|u| {
            self.game()
                .state()
                .get(*u)
                .is_some_and(|x| x.side == Side::Us)
        });
        if let Some(u) = friendly {
            let any = self
                .game()
                .legal_inputs()
                .iter()
                .any(|i| i.units().contains(&u));
            if !any {
                self.message = Some(format!(
                    "{} has no order open to it now ({} says why); here are the others",
                    self.game().describe(u),
                    self.keys.key(Command::WhyNot)
                ));
            }
        }
        self.open_orders(friendly);
    }

    /// Every legal input, grouped.
    pub fn open_all_menu(&mut self) {
        if self.open_question_menu() {
            return;
        }
        if self.game().legal_inputs().is_empty() {
            self.message = Some("the mission is over: nothing to decide".into());
            return;
        }
        if matches!(self.game().prompt().decision, Decision::ChooseHq { .. }) {
            self.open_hq_menu(None);
            return;
        }
        self.open_orders(None);
    }

    /// Applies an input through the driver, keeps what it drew for the
    /// card view, and what can be undone.
    pub fn give(&mut self, input: &Input) {
        if self.walking() {
            self.walking_message();
            return;
        }
        let n = self.driver.inputs();
        let (cursor, unit) = (self.cursor, self.unit);
        match self.driver.apply(input) {
            Err(e) => {
                self.message = Some(format!("refused: {e}"));
            }
            Ok(events) => {
                self.message = self.driver.take_warning();
                if let Some(w) = &mut self.walk {
                    // Learn mode: walk the input, then the automatic play
                    // after it, stop by stop.
                    w.push_input(input.clone());
                    w.forward();
                    self.sub = 0;
                }
                self.log_back = 0;
                self.shown = Shown::of(&events);
                self.summary = crate::ui::summary::changes(&events, self.game());
                self.cursors.retain(|c| c.0 < n);
                self.cursors.push((n, cursor, unit));
                // The pop-up opens on cards drawn, or on a change that
                // matters (a loss, a contact, fire on our units) without.
                let grave = self.summary.iter().any(|c| c.rank <= 1);
                if (!self.shown.is_empty() || grave) && self.autoplay.is_none() && !self.learn {
                    self.overlay = Overlay::Cards(0);
                } else if self.autoplay.is_none() && !self.learn {
                    // A question the rules put now is asked at once.
                    self.open_question_menu();
                }
                if self.game().is_over() && self.screen == Screen::Play {
                    self.screen = Screen::Result;
                }
                // Keep the cursor on a unit that moved; a platoon's move
                // is followed by its HQ, who gave it (4.2.2 b, d).
                let platoon_move = match input {
                    Input::Order(o)
                        if matches!(
                            o.action,
                            Action::MovePlatoon { .. } | Action::InfiltratePlatoon { .. }
                        ) =>
                    {
                        o.by
                    }
                    _ => None,
                };
                if let Some(u) = platoon_move.as_ref().or(input.units().first())
                    && let Some(unit) = self.game().state().get(*u)
                    && unit.in_play()
                    && unit.side == Side::Us
                {
                    self.cursor = unit.pos;
                    self.unit = self.units_here().iter().position(|x| x == u).unwrap_or(0);
                }
            }
        }
    }

    pub(super) fn take_back(&mut self) {
        let n = self.driver.inputs();
        match self.driver.undo() {
            Ok(()) => {
                let back = n.saturating_sub(1);
                if let Some(&(_, cursor, unit)) = self.cursors.iter().find(|c| c.0 == back) {
                    self.cursor = cursor;
                    self.unit = unit;
                }
                self.cursors.retain(|c| c.0 < back);
                if self.learn {
                    self.walk = Some(Stepper::new(self.driver.game().clone(), Vec::new()));
                    self.sub = 0;
                }
                self.message = Some("the last input was taken back".into());
                self.shown.clear();
                self.summary.clear();
                if self.screen == Screen::Result && !self.game().is_over() {
                    self.screen = Screen::Play;
                }
            }
            Err(e) => self.message = Some(e),
        }
    }
}
