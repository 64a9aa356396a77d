//! The menu's model: its entries grouped by section of the Action Menu
//! (4.2.1-4.2.4) and by the unit that receives them, sections folded and
//! unfolded, typed search, a filter to one section, and the selection
//! moved by line, page, to either end and round.
//!
//! The menu holds only what the engine said of each input (its label, cost
//! and odds, computed when the menu opened); it decides nothing.

use super::{Entry, Group};
use crate::engine::kernel::input::{Input, MenuSection};

/// A menu of inputs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Menu {
    pub title: String,
    /// Every entry, in the order shown: by group, the units picked out
    /// first, then by recipient.
    pub entries: Vec<Entry>,
    /// Orders are grouped by section; the answers to a question are not.
    pub grouped: bool,
    /// Sections folded to their heading.
    pub folded: Vec<Group>,
    /// Only this section is shown.
    pub filter: Option<MenuSection>,
    /// The words typed to search: every one must be found in an entry.
    pub query: String,
    /// Keys typed go to the search.
    pub searching: bool,
    /// What the selection is on; `None` before the player picks (learn
    /// mode opens the orders with nothing selected, so that Enter gives
    /// nothing).
    pub selected: Option<Sel>,
    /// The entry the player picked that a section shown alone hides: it
    /// is selected again when a section shows it (Tab goes through the
    /// sections one by one, and passing one that hid the entry lost it).
    pub kept: Option<Sel>,
}

/// What can be selected: a section's heading (Enter folds it) or an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sel {
    Header(Group),
    Entry(usize),
}

/// A line of the menu as shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Row {
    /// A section's heading: its entries shown (under the search and the
    /// filter), and whether it is folded.
    Header {
        group: Group,
        count: usize,
        folded: bool,
    },
    /// The unit (or platoon, card...) the entries below it go to.
    Recipient(String),
    /// An entry, by its index in `entries`.
    Entry(usize),
}

/// The words of a text a search word may begin: split at spaces and
/// punctuation, but not inside "1/2", "R2C1", "#9" or a rule's "4.2.1".
fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_alphanumeric() || matches!(c, '/' | '.' | '#')))
        .filter(|t| !t.is_empty())
}

/// Whether the search word `w` begins the word `t` ("9" and "#9" both
/// begin "#9").
fn begins(t: &str, w: &str) -> bool {
    t.starts_with(w) || t.trim_start_matches('#').starts_with(w)
}

impl Row {
    fn sel(&self) -> Option<Sel> {
        match self {
            Row::Header { group, .. } => Some(Sel::Header(*group)),
            Row::Entry(i) => Some(Sel::Entry(*i)),
            Row::Recipient(_) => None,
        }
    }
}

impl Menu {
    /// A flat menu (the answers to a question), the first entry selected.
    pub fn flat(title: String, entries: Vec<Entry>) -> Menu {
        let selected = (!entries.is_empty()).then_some(Sel::Entry(0));
        Menu {
            title,
            entries,
            grouped: false,
            folded: Vec::new(),
            filter: None,
            query: String::new(),
            searching: false,
            selected,
            kept: None,
        }
    }

    /// A grouped menu: `entries` come sorted (see `App::orders_menu`).
    pub fn grouped(title: String, entries: Vec<Entry>) -> Menu {
        let mut m = Menu::flat(title, entries);
        m.grouped = true;
        m.selected = m.first_entry();
        m
    }

    fn matches(&self, e: &Entry) -> bool {
        if let Some(f) = self.filter
            && e.group != Group::Section(f)
        {
            return false;
        }
        let q = self.query.to_lowercase();
        q.split_whitespace()
            .all(|w| tokens(&e.search).any(|t| begins(t, w)))
    }

    /// How well an entry that matches the search answers it: per word
    /// sought, 3 where it begins a word of the order's name ("move" in
    /// "Move: ..."), 2 elsewhere in the label, 1 in its recipient, giver,
    /// section or rule. A play test typed "move r1c3" and was given the
    /// green star cluster whose meaning says "move".
    fn relevance(&self, e: &Entry) -> usize {
        let label = e.label.to_lowercase();
        let (kind, rest) = label.split_once(": ").unwrap_or((label.as_str(), ""));
        self.query
            .to_lowercase()
            .split_whitespace()
            .map(|w| {
                if tokens(kind).any(|t| begins(t, w)) {
                    3
                } else if tokens(rest).any(|t| begins(t, w)) {
                    2
                } else {
                    1
                }
            })
            .sum()
    }

    /// The lines shown, in order.
    pub fn rows(&self) -> Vec<Row> {
        let shown: Vec<usize> = (0..self.entries.len())
            .filter(|i| self.matches(&self.entries[*i]))
            .collect();
        if !self.grouped {
            return shown.into_iter().map(Row::Entry).collect();
        }
        let mut rows = Vec::new();
        let mut groups: Vec<Group> = shown.iter().map(|i| self.entries[*i].group).collect();
        groups.dedup();
        for g in groups {
            let mine: Vec<usize> = shown
                .iter()
                .copied()
                .filter(|i| self.entries[*i].group == g)
                .collect();
            // A search looks inside folded sections too.
            let folded = self.folded.contains(&g) && self.query.trim().is_empty();
            rows.push(Row::Header {
                group: g,
                count: mine.len(),
                folded,
            });
            if folded {
                continue;
            }
            let mut last: Option<&str> = None;
            for i in mine {
                let r = self.entries[i].recipient.as_str();
                if !r.is_empty() && last != Some(r) {
                    rows.push(Row::Recipient(r.to_string()));
                }
                last = Some(r);
                rows.push(Row::Entry(i));
            }
        }
        rows
    }

    /// The row the selection is on, if it is shown.
    pub fn selected_row(&self, rows: &[Row]) -> Option<usize> {
        let s = self.selected?;
        rows.iter().position(|r| r.sel() == Some(s))
    }

    /// The entry selected, if an entry is.
    pub fn selected_entry(&self) -> Option<&Entry> {
        match self.selected? {
            Sel::Entry(i) => {
                let rows = self.rows();
                self.selected_row(&rows)?;
                self.entries.get(i)
            }
            Sel::Header(_) => None,
        }
    }

    fn selectable(rows: &[Row]) -> Vec<(usize, Sel)> {
        rows.iter()
            .enumerate()
            .filter_map(|(k, r)| r.sel().map(|s| (k, s)))
            .collect()
    }

    /// The first entry shown other than setting something down, else the
    /// first entry (or heading, when every section is folded). Setting down
    /// costs nothing and asks nothing: a search for a card that selected
    /// it let an Enter put the artillery observer's radio down unseen.
    pub fn first_entry(&self) -> Option<Sel> {
        let rows = self.rows();
        // Under a search, the entry that answers it best (the first shown
        // of those as good); else the first shown. Setting something down
        // is passed over while there is anything else.
        let searched = !self.query.trim().is_empty();
        let entry = |keep: &dyn Fn(&Entry) -> bool| {
            let mut best: Option<(usize, usize)> = None;
            for r in &rows {
                if let Row::Entry(i) = r
                    && keep(&self.entries[*i])
                {
                    let v = if searched {
                        self.relevance(&self.entries[*i])
                    } else {
                        0
                    };
                    if best.is_none_or(|(b, _)| v > b) {
                        best = Some((v, *i));
                    }
                }
            }
            best.map(|(_, i)| Sel::Entry(i))
        };
        entry(&|e| !matches!(e.input, Input::Drop { .. } | Input::DropItem { .. }))
            .or_else(|| entry(&|_| true))
            .or_else(|| Self::selectable(&rows).first().map(|(_, s)| *s))
    }

    /// Keeps the selection on something shown after the rows changed.
    pub fn settle(&mut self) {
        let rows = self.rows();
        if self.selected.is_some() && self.selected_row(&rows).is_none() {
            self.selected = self.first_entry();
        }
    }

    /// Moves the selection by `delta` selectable lines; `wrap`: past
    /// either end to the other (a single step), else it stops at the end.
    pub fn step(&mut self, delta: isize, wrap: bool) {
        // A new pick: the one a section hid is forgotten.
        self.kept = None;
        let rows = self.rows();
        let sel = Self::selectable(&rows);
        if sel.is_empty() {
            self.selected = None;
            return;
        }
        let n = sel.len() as isize;
        let at = self
            .selected
            .and_then(|s| sel.iter().position(|(_, x)| *x == s));
        let next = match at {
            // Nothing selected yet: down picks the first entry, up the
            // last.
            None => {
                let entry = |(_, s): &&(usize, Sel)| matches!(s, Sel::Entry(_));
                let k = if delta >= 0 {
                    sel.iter().position(|x| entry(&x))
                } else {
                    sel.iter().rposition(|x| entry(&x))
                };
                k.unwrap_or(0) as isize
            }
            Some(k) => {
                let t = k as isize + delta;
                if wrap {
                    t.rem_euclid(n)
                } else {
                    t.clamp(0, n - 1)
                }
            }
        };
        self.selected = Some(sel[next as usize].1);
    }

    pub fn home(&mut self) {
        self.kept = None;
        let rows = self.rows();
        self.selected = Self::selectable(&rows).first().map(|(_, s)| *s);
    }

    pub fn end(&mut self) {
        self.kept = None;
        let rows = self.rows();
        self.selected = Self::selectable(&rows).last().map(|(_, s)| *s);
    }

    /// The group of what is selected.
    fn selected_group(&self) -> Option<Group> {
        match self.selected? {
            Sel::Header(g) => Some(g),
            Sel::Entry(i) => self.entries.get(i).map(|e| e.group),
        }
    }

    /// Folds the selected entry's section (the selection goes to its
    /// heading).
    pub fn fold(&mut self) {
        if !self.grouped {
            return;
        }
        if let Some(g) = self.selected_group() {
            if !self.folded.contains(&g) {
                self.folded.push(g);
            }
            self.selected = Some(Sel::Header(g));
        }
    }

    /// Unfolds the selected heading's section.
    pub fn unfold(&mut self) {
        if let Some(g) = self.selected_group() {
            self.folded.retain(|x| *x != g);
        }
    }

    /// Folds or unfolds the selected heading.
    pub fn toggle(&mut self, g: Group) {
        if self.folded.contains(&g) {
            self.folded.retain(|x| *x != g);
        } else {
            self.folded.push(g);
        }
    }

    /// Shows one section only, or every one (`None`).
    pub fn only(&mut self, s: Option<MenuSection>) {
        self.filter = s;
        if let Some(s) = s {
            self.folded.retain(|g| *g != Group::Section(s));
        }
        // The selection stays if still shown; else nothing is selected, as
        // when the menu opened: a section key that selected the section's
        // first entry made the Down a player pressed next skip it, and the
        // Enter after gave an order never looked at.
        let rows = self.rows();
        if self.selected_row(&rows).is_none() {
            if self.selected.is_some() {
                self.kept = self.selected;
            }
            self.selected = None;
        }
        if self.selected.is_none() && self.kept.is_some() {
            self.selected = self.kept;
            if self.selected_row(&rows).is_some() {
                self.kept = None;
            } else {
                self.selected = None;
            }
        }
    }

    /// The next section alone (`by` 1) or the one before (-1), in the
    /// rules' order (4.2.1-4.2.4), every section between the last and the
    /// first: Tab and Shift-Tab in the orders menu, whose digits are
    /// search text.
    pub fn cycle(&mut self, by: i8) {
        let all = MenuSection::ALL;
        let at = self
            .filter
            .and_then(|f| all.iter().position(|s| *s == f))
            .map_or(0, |i| i + 1);
        let n = all.len() + 1;
        let next = (at as i64 + by as i64).rem_euclid(n as i64) as usize;
        self.only(next.checked_sub(1).map(|i| all[i]));
    }

    /// The search key: a new search, the words of the last one dropped (a
    /// play test's second search ran on from the first's words).
    pub fn begin_search(&mut self) {
        if !self.searching {
            self.query.clear();
            self.searching = true;
            self.settle();
        }
    }

    /// A character typed into the search.
    pub fn type_char(&mut self, c: char) {
        self.searching = true;
        self.query.push(c);
        self.selected = self.first_entry();
    }

    pub fn backspace(&mut self) {
        self.query.pop();
        self.selected = self.first_entry();
    }

    /// Leaves the search and shows every entry again, the selection kept.
    pub fn clear_search(&mut self) {
        self.searching = false;
        self.query.clear();
        self.settle();
    }

    /// Entries shown (under the search and the filter).
    pub fn shown(&self) -> usize {
        self.entries.iter().filter(|e| self.matches(e)).count()
    }
}
