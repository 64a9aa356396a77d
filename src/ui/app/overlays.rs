//! The keys of the overlays: the menu (its search, folding, filters and
//! selection), the "why not?" window, the help, the cards drawn and the
//! quit prompt; and characters typed that are no command.

use super::{App, Driver, Overlay, Screen, Sel, SidePanel};
use crate::engine::kernel::input::{Decision, Input, MenuSection};
use crate::ui::keys::{Command, Key};

impl<D: Driver> App<D> {
    /// The quit box's yes: opened from the start menu, leaving a game goes
    /// back to it (a play test's `q`, `y` left the program; `q` again
    /// quits); else the program ends.
    fn leave(&mut self) {
        self.back = self.menu;
        self.quit = true;
    }

    /// Shows a panel under the Command Display, or the card again if it
    /// is shown already.
    pub(super) fn toggle_side(&mut self, panel: SidePanel) {
        self.side_scroll = 0;
        self.side = if self.side == panel {
            SidePanel::Card
        } else {
            panel
        };
    }

    /// A key typed while a menu is open: every printable character is
    /// search text (the play test's "1 PLT HQ" lost its digit to a section
    /// filter, "lmg" its l to a fold), Backspace takes the last one back;
    /// the menu's commands are on the keys that type nothing (arrows,
    /// Enter, Esc, Tab, the function keys). Returns whether the key was
    /// taken.
    pub(super) fn search_key(&mut self, key: Key) -> bool {
        use crossterm::event::KeyCode;
        let Overlay::Menu(menu) = &mut self.overlay else {
            return false;
        };
        if key.ctrl {
            return false;
        }
        match key.code {
            KeyCode::Char(c) => menu.type_char(c),
            KeyCode::Backspace if menu.searching || !menu.query.is_empty() => menu.backspace(),
            _ => return false,
        }
        true
    }

    /// Keys that are no command: the quit prompt's y/n; in a menu, a
    /// character starts a search.
    pub(super) fn other_key(&mut self, key: Key) {
        use crossterm::event::KeyCode;
        if let Overlay::Menu(menu) = &mut self.overlay
            && let KeyCode::Char(c) = key.code
            && !key.ctrl
        {
            menu.type_char(c);
            return;
        }
        if let Overlay::Log(d) = &mut self.overlay
            && let KeyCode::Char(c) = key.code
            && !key.ctrl
        {
            // A character that is no key starts the log's search.
            let mut d = d.clone();
            d.searching = true;
            self.overlay = Overlay::Log(d);
            self.log_search_key(Key {
                code: KeyCode::Char(c),
                ctrl: false,
            });
            return;
        }
        if self.overlay == Overlay::EndImpulse {
            // A character that is no key goes on ordering.
            self.overlay = Overlay::None;
            return;
        }
        if self.overlay == Overlay::Quit {
            match key.code {
                KeyCode::Char('y') | KeyCode::Char('Y') => self.leave(),
                KeyCode::Char('n') | KeyCode::Char('N') => self.overlay = Overlay::None,
                _ => {}
            }
            return;
        }
        // On the map, a character that is no key opens the orders menu
        // searching for it: "Spot" typed on the map finds the Spot orders
        // (a lower-case s is the fire support key).
        if let KeyCode::Char(c) = key.code
            && !key.ctrl
            && !self.too_small()
            && self.overlay == Overlay::None
            && self.screen == Screen::Play
            && !self.walking()
            && matches!(self.game().prompt().decision, Decision::Orders { .. })
        {
            self.open_all_menu();
            if let Overlay::Menu(menu) = &mut self.overlay {
                menu.type_char(c);
            }
        }
    }

    /// The keys of whatever lies over the screen; returns whether an
    /// overlay took the command.
    pub(super) fn overlay_command(&mut self, cmd: Command, key: Option<Key>) -> bool {
        match &mut self.overlay {
            Overlay::Quit => {
                match cmd {
                    Command::Confirm => self.leave(),
                    Command::Quit => self.quit = true,
                    Command::Back => self.overlay = Overlay::None,
                    _ => {
                        let _ = key;
                    }
                }
                true
            }
            Overlay::EndImpulse => {
                self.overlay = Overlay::None;
                match cmd {
                    Command::Confirm | Command::EndImpulse => self.give(&Input::EndImpulse),
                    Command::Quit => self.overlay = Overlay::Quit,
                    Command::Help => self.overlay = Overlay::Help(0),
                    // Any other key goes on ordering.
                    _ => {}
                }
                true
            }
            Overlay::Log(_) => {
                self.log_detail_command(cmd);
                true
            }
            Overlay::Card => {
                match cmd {
                    // The map's keys go on under the card view: another
                    // card, another unit; Enter opens the orders.
                    Command::Up
                    | Command::Down
                    | Command::Left
                    | Command::Right
                    | Command::NextUnit
                    | Command::PrevUnit => {
                        self.overlay = Overlay::None;
                        self.play_command(cmd);
                        if self.overlay == Overlay::None {
                            self.overlay = Overlay::Card;
                        }
                    }
                    Command::Confirm => {
                        self.overlay = Overlay::None;
                        self.play_command(cmd);
                    }
                    Command::Quit => self.overlay = Overlay::Quit,
                    Command::Help => self.overlay = Overlay::Help(0),
                    _ => self.overlay = Overlay::None,
                }
                true
            }
            Overlay::Help(scroll) | Overlay::Legend(scroll) => {
                // Scrolling stops at the last line, as drawn.
                let max = self.hits.borrow().help_max;
                match cmd {
                    Command::Down => *scroll = scroll.saturating_add(1).min(max),
                    Command::Up => *scroll = scroll.saturating_sub(1),
                    Command::LogDown => *scroll = scroll.saturating_add(10).min(max),
                    Command::LogUp => *scroll = scroll.saturating_sub(10),
                    Command::Quit => self.overlay = Overlay::Quit,
                    _ => self.overlay = Overlay::None,
                }
                true
            }
            Overlay::Cards(i) => {
                match cmd {
                    Command::Confirm | Command::Right | Command::Down => {
                        if *i + 1 < self.shown.len() + usize::from(!self.summary.is_empty()) {
                            *i += 1;
                        } else {
                            self.overlay = Overlay::None;
                            if !self.walking() {
                                // A question the draws raised comes next.
                                self.open_question_menu();
                            }
                        }
                    }
                    Command::Left | Command::Up => *i = i.saturating_sub(1),
                    // Esc or End on a card goes to what changed, when there
                    // is a summary: closing every page at once hid it, and
                    // two losses to mines with it.
                    Command::Back | Command::ToEnd
                        if !self.summary.is_empty() && *i < self.shown.len() =>
                    {
                        *i = self.shown.len();
                    }
                    Command::Undo if !self.walking() => {
                        // The pop-up of a change without cards: the input
                        // may still be taken back from it.
                        self.overlay = Overlay::None;
                        self.take_back();
                    }
                    Command::Quit => self.overlay = Overlay::Quit,
                    Command::Help => self.overlay = Overlay::Help(0),
                    _ => self.overlay = Overlay::None,
                }
                true
            }
            Overlay::Menu(menu) => {
                match cmd {
                    Command::Up => menu.step(-1, true),
                    Command::Down => menu.step(1, true),
                    Command::LogUp => menu.step(-10, false),
                    Command::LogDown => menu.step(10, false),
                    Command::ToStart => menu.home(),
                    Command::ToEnd => menu.end(),
                    Command::Left => menu.fold(),
                    Command::Right => menu.unfold(),
                    Command::OnlyCommand if menu.grouped => {
                        menu.only(Some(MenuSection::CommandAndControl))
                    }
                    Command::OnlyMovement if menu.grouped => menu.only(Some(MenuSection::Movement)),
                    Command::OnlyRally if menu.grouped => menu.only(Some(MenuSection::Rally)),
                    Command::OnlyCombat if menu.grouped => menu.only(Some(MenuSection::Combat)),
                    Command::AllSections => menu.only(None),
                    Command::NextUnit if menu.grouped => menu.cycle(1),
                    Command::PrevUnit if menu.grouped => menu.cycle(-1),
                    Command::Search => menu.begin_search(),
                    Command::Confirm => match menu.selected {
                        Some(Sel::Header(g)) => {
                            menu.toggle(g);
                        }
                        Some(Sel::Entry(_)) => {
                            if let Some(e) = menu.selected_entry() {
                                let input = e.input.clone();
                                // Ending with commands not spent asks first
                                // from the menu as from its key (4.1.3): a
                                // play test ended an impulse with two left
                                // there without a word.
                                let asks = input == Input::EndImpulse
                                    && self.game().impulse_end().is_some_and(|e| e.unspent > 0);
                                self.overlay = if asks {
                                    Overlay::EndImpulse
                                } else {
                                    Overlay::None
                                };
                                if !asks {
                                    self.give(&input);
                                }
                            }
                        }
                        None => {
                            self.message = Some(format!(
                                "nothing is selected: choose an entry with {}/{}, then {} gives it",
                                self.keys.key(Command::Up),
                                self.keys.key(Command::Down),
                                self.keys.key(Command::Confirm)
                            ));
                        }
                    },
                    Command::Back if menu.searching || !menu.query.is_empty() => {
                        menu.clear_search()
                    }
                    Command::Back => self.overlay = Overlay::None,
                    Command::WhyNot => {
                        let unit = menu
                            .selected_entry()
                            .and_then(|e| e.input.units().first().copied())
                            .or_else(|| self.selected_unit());
                        self.open_why_not(unit);
                    }
                    Command::Hint => self.show_hint(),
                    Command::Help => self.overlay = Overlay::Help(0),
                    Command::Quit => self.overlay = Overlay::Quit,
                    _ => {}
                }
                true
            }
            Overlay::WhyNot(w) => {
                match cmd {
                    // Never past the last line, as last drawn.
                    Command::Down | Command::LogDown => {
                        let by = if cmd == Command::Down { 1 } else { 10 };
                        w.scroll = w.scroll.saturating_add(by).min(self.hits.borrow().why_max);
                    }
                    Command::Up => w.scroll = w.scroll.saturating_sub(1),
                    Command::LogUp => w.scroll = w.scroll.saturating_sub(10),
                    Command::Quit => self.overlay = Overlay::Quit,
                    Command::Help => self.overlay = Overlay::Help(0),
                    _ => {
                        // Back to the menu it was opened from, if any.
                        self.overlay = match w.back.take() {
                            Some(m) => Overlay::Menu(*m),
                            None => Overlay::None,
                        };
                    }
                }
                true
            }
            Overlay::Report => {
                match cmd {
                    Command::Down => self.scroll_report(1),
                    Command::Up => self.scroll_report(-1),
                    Command::LogDown => self.scroll_report(10),
                    Command::LogUp => self.scroll_report(-10),
                    Command::Quit => self.overlay = Overlay::Quit,
                    Command::Help => self.overlay = Overlay::Help(0),
                    _ => self.overlay = Overlay::None,
                }
                true
            }
            Overlay::None => false,
        }
    }
}
