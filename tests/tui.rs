//! The terminal front end without a terminal: the app driven by key events
//! (state tests), and its screens drawn to ratatui's `TestBackend` at fixed
//! sizes (snapshot tests, reviewed and kept in tests/snapshots/).

use crate::common;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use fof::data::{DataSet, DataSource, load};
use fof::engine::Answer;
use fof::engine::kernel::input::Action;
use fof::engine::kernel::input::MenuSection;
use fof::engine::kernel::input::{Decision, Input};
use fof::engine::kernel::pos::CardPos;
use fof::engine::testing::combat;
use fof::engine::{Game, Options};
use fof::learn::Learn;
use fof::ui::app::{App, Driver, Group, Local, Msg, Overlay, Row, Screen, Sel};
use fof::ui::keys::{Command, KeyMap};
use fof::ui::theme::Theme;
use std::sync::Arc;

const MISSION: &str = "crossroads_firefight";

fn data() -> Arc<DataSet> {
    Arc::new(load(&DataSource::Embedded).expect("shipped data loads"))
}

/// Learn mode's explanations, loaded with the shipped data.
fn explanations() -> Arc<Learn> {
    let (_, learn) = fof::learn::load(&DataSource::Embedded).expect("shipped data loads");
    Arc::new(learn)
}

fn app_for(seed: u64) -> App<Local> {
    let mut g = Game::new(data(), MISSION, seed, Options::default()).expect("setup");
    // The set-up's assets and signals (2.3.2, 2.3.3) as the briefing
    // plans them.
    g.apply(&Input::Answer(Answer::KeepAssets))
        .expect("the assets stay as planned");
    g.apply(&Input::Answer(Answer::KeepSignals))
        .expect("the signal plan stays");
    app_of(g)
}

fn app_of(g: Game) -> App<Local> {
    let mut app = App::new(
        Local::new(g),
        explanations(),
        KeyMap::default(),
        Theme::default(),
    );
    app.update(Msg::Resize(160, 50));
    app
}

fn key(app: &mut App<Local>, code: KeyCode) {
    app.update(Msg::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn ch(app: &mut App<Local>, c: char) {
    key(app, KeyCode::Char(c));
}

fn render(app: &App<Local>, w: u16, h: u16) -> String {
    common::render_with(w, h, |f| fof::ui::view::draw(f, app))
}

/// Closes the drawn-cards window if one is open.
fn close_cards(app: &mut App<Local>) {
    // Esc on a card goes to what changed, if there is a summary; Esc there
    // closes.
    for _ in 0..2 {
        if matches!(app.overlay, Overlay::Cards(_)) {
            key(app, KeyCode::Esc);
        }
    }
}

/// Plays on with the first HQ on offer until an impulse is in progress.
fn to_orders(app: &mut App<Local>) {
    for _ in 0..50 {
        match app.game().prompt().decision {
            Decision::Orders { .. } => return,
            Decision::ChooseHq { candidates, .. } => {
                app.give(&Input::ChooseHq(candidates[0]));
                close_cards(app);
            }
            Decision::Choose(_) => {
                let a = app.game().suggestion().expect("a suggested answer");
                app.give(&a);
                close_cards(app);
            }
            Decision::MissionOver => panic!("the mission ended before any order"),
        }
    }
    panic!("no impulse came");
}

/// Ends the impulse with its key, saying yes when asked first (commands
/// not spent, 4.1.3).
fn end_impulse(app: &mut App<Local>) {
    ch(app, 'e');
    if app.overlay == Overlay::EndImpulse {
        ch(app, 'e');
    }
}

fn begin(app: &mut App<Local>) {
    assert_eq!(app.screen, Screen::Briefing);
    key(app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Play);
}

// ---- state tests --------------------------------------------------------------

#[test]
fn keys_select_a_unit_open_its_orders_and_move_it() {
    let mut app = app_for(1);
    begin(&mut app);
    to_orders(&mut app);
    // The first unit with a Move order on offer.
    let legal = app.game().legal_inputs();
    let (unit, to) = legal
        .iter()
        .find_map(|i| match i {
            Input::Order(o) => match &o.action {
                Action::Move { unit, to, .. } => Some((*unit, *to)),
                _ => None,
            },
            _ => None,
        })
        .expect("a move is legal in the first impulse");
    // Select it with the keys: cursor to its card, Tab to it.
    let pos = app.game().state().unit(unit).pos;
    app.cursor = fof::engine::kernel::pos::CardPos::new(0, 1);
    while app.cursor.row < pos.row {
        ch(&mut app, 'k');
    }
    while app.cursor.col < pos.col {
        ch(&mut app, 'l');
    }
    while app.cursor.col > pos.col {
        ch(&mut app, 'h');
    }
    assert_eq!(app.cursor, pos);
    for _ in 0..app.units_here().len() {
        if app.selected_unit() == Some(unit) {
            break;
        }
        key(&mut app, KeyCode::Tab);
    }
    assert_eq!(app.selected_unit(), Some(unit));
    key(&mut app, KeyCode::Enter);
    let Overlay::Menu(menu) = &app.overlay else {
        panic!("Enter opens the orders menu: {:?}", app.overlay)
    };
    // Every entry is legal; ending the impulse is one of them.
    for e in &menu.entries {
        assert!(legal.contains(&e.input), "{:?} is not legal", e.input);
    }
    assert!(menu.entries.iter().any(|e| e.input == Input::EndImpulse));
    let is_target = |i: &Input| matches!(i, Input::Order(o) if matches!(o.action, Action::Move { unit: u, to: t, .. } if u == unit && t == to));
    assert!(
        menu.entries.iter().any(|e| is_target(&e.input)),
        "the move is in the menu"
    );
    // Nothing is selected until the player picks: a second Enter gives
    // nothing; Down picks the unit's first order.
    assert_eq!(menu.selected, None);
    for (w, h) in [(160, 50), (80, 24)] {
        let screen = render(&app, w, h);
        assert!(screen.contains("Nothing is selected yet"), "{screen}");
    }
    let n = app.driver.inputs();
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.driver.inputs(), n, "an Enter more gives no order");
    assert!(
        app.message
            .as_deref()
            .is_some_and(|m| m.contains("nothing is selected")),
        "{:?}",
        app.message
    );
    key(&mut app, KeyCode::Down);
    let Overlay::Menu(menu) = &app.overlay else {
        panic!("the menu stays open")
    };
    let first = menu.selected_entry().expect("an entry is selected");
    assert!(first.input.units().contains(&unit));
    for _ in 0..menu.entries.len() {
        let Overlay::Menu(menu) = &app.overlay else {
            panic!("the menu stays open")
        };
        if menu.selected_entry().is_some_and(|e| is_target(&e.input)) {
            break;
        }
        key(&mut app, KeyCode::Down);
    }
    let n = app.driver.inputs();
    key(&mut app, KeyCode::Enter);
    close_cards(&mut app);
    assert_eq!(app.driver.inputs(), n + 1, "the order was given");
    assert_eq!(app.game().state().unit(unit).pos, to, "the unit moved");
    assert_eq!(app.cursor, to, "the cursor follows the unit");
}

#[test]
fn end_impulse_key_ends_the_impulse() {
    let mut app = app_for(1);
    begin(&mut app);
    to_orders(&mut app);
    let before = app.game().state().impulse.clone();
    let n = app.driver.inputs();
    let end = app.game().impulse_end().expect("an impulse");
    assert!(end.unspent > 0, "no command spent yet");
    // With commands not spent the key asks first (4.1.3), and says what
    // ending saves and loses, from the engine.
    ch(&mut app, 'e');
    assert_eq!(app.overlay, Overlay::EndImpulse);
    assert_eq!(app.driver.inputs(), n, "nothing given yet");
    for (w, h) in [(160, 50), (80, 24)] {
        let screen = render(&app, w, h);
        assert!(screen.contains("impulse?"), "{screen}");
        assert!(
            screen.contains(&format!("{} command", end.unspent)),
            "{screen}"
        );
        assert!(screen.contains("(4.1.3)"), "{screen}");
        // The key bar names the keys the question does (it said only
        // "Esc back", found by a newcomer play test).
        let bar = screen.lines().last().unwrap_or("");
        assert!(bar.contains("e/Enter end it"), "{bar}");
    }
    // A word typed on the map that begins with the key ends nothing.
    ch(&mut app, 'x');
    assert_eq!(app.overlay, Overlay::None);
    ch(&mut app, 'e');
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay, Overlay::None);
    assert_eq!(app.driver.inputs(), n, "still nothing given");
    // The key again (or Enter) ends it.
    ch(&mut app, 'e');
    ch(&mut app, 'e');
    close_cards(&mut app);
    assert_eq!(app.driver.inputs(), n + 1);
    assert_ne!(
        app.game().state().impulse,
        before,
        "another impulse or decision"
    );
    assert!(
        app.game().log().iter().any(|e| matches!(
            e.kind,
            fof::engine::kernel::events::EventKind::ImpulseEnds { .. }
        )),
        "the log has the impulse's end"
    );
}

/// 4.1.3: ending an impulse from the orders menu with commands not spent
/// asks first, as the key does (a play test ended one with two left from
/// the menu without a word); Enter there ends it, Esc keeps ordering.
#[test]
fn rule_4_1_3_ending_the_impulse_from_the_menu_asks_first_with_commands_left() {
    let mut app = app_for(1);
    begin(&mut app);
    to_orders(&mut app);
    assert!(app.game().impulse_end().expect("an impulse").unspent > 0);
    let n = app.driver.inputs();
    let pick = |app: &mut App<Local>| {
        ch(app, 'o');
        for c in "end the impulse".chars() {
            ch(app, c);
        }
        let Overlay::Menu(menu) = &app.overlay else {
            panic!("the menu is open")
        };
        assert_eq!(
            menu.selected_entry().map(|e| e.input.clone()),
            Some(Input::EndImpulse),
            "the search selects the entry"
        );
        key(app, KeyCode::Enter);
    };
    pick(&mut app);
    assert_eq!(app.overlay, Overlay::EndImpulse, "asked first");
    assert_eq!(app.driver.inputs(), n, "nothing given yet");
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.driver.inputs(), n, "Esc keeps ordering");
    pick(&mut app);
    key(&mut app, KeyCode::Enter);
    close_cards(&mut app);
    assert_eq!(app.driver.inputs(), n + 1, "Enter ends it");
}

#[test]
fn undo_takes_back_an_input_that_drew_no_card_and_nothing_past_a_draw() {
    let mut app = app_for(1);
    begin(&mut app);
    to_orders(&mut app);
    let start = app.game().state_hash();
    // A Move to a face-up card draws nothing and reveals nothing.
    let legal = app.game().legal_inputs();
    let quiet = legal.iter().find(|i| {
        let mut g = app.game().clone();
        let drawn = g.state().deck.cards_drawn();
        let faces = g.state().map.cards.iter().filter(|c| c.face_up).count();
        let cards = g.state().map.cards.len();
        matches!(i, Input::Order(_))
            && g.apply(i).is_ok()
            && g.state().deck.cards_drawn() == drawn
            && g.state().deck.reshuffles() == app.game().state().deck.reshuffles()
            && g.state().map.cards.iter().filter(|c| c.face_up).count() == faces
            && g.state().map.cards.len() == cards
            && g.state().impulse.is_some()
    });
    let quiet = quiet.expect("some order draws no card").clone();
    let n = app.driver.inputs();
    app.give(&quiet);
    assert_ne!(app.game().state_hash(), start);
    ch(&mut app, 'u');
    assert_eq!(app.game().state_hash(), start, "undo restores the position");
    assert_eq!(app.driver.inputs(), n, "the input is gone from the record");
    // Nothing more to undo: the message says why.
    ch(&mut app, 'u');
    assert_eq!(app.game().state_hash(), start);
    assert!(
        app.message
            .as_deref()
            .unwrap_or("")
            .contains("nothing to undo")
    );
}

#[test]
fn undo_refuses_to_reach_past_a_card_drawn() {
    let mut app = app_for(1);
    begin(&mut app);
    to_orders(&mut app);
    let legal = app.game().legal_inputs();
    let drawing = legal
        .iter()
        .find(|i| {
            let mut g = app.game().clone();
            let drawn = g.state().deck.cards_drawn();
            matches!(i, Input::Order(_))
                && g.apply(i).is_ok()
                && g.state().deck.cards_drawn() > drawn
        })
        .expect("some order draws a card")
        .clone();
    app.give(&drawing);
    close_cards(&mut app);
    let after = app.game().state_hash();
    ch(&mut app, 'u');
    assert_eq!(
        app.game().state_hash(),
        after,
        "a drawn card cannot be taken back"
    );
}

#[test]
fn an_input_that_draws_shows_its_cards_one_after_another() {
    let mut app = app_for(1);
    begin(&mut app);
    to_orders(&mut app);
    end_impulse(&mut app);
    let n = app.shown.len();
    assert!(n > 0, "ending the impulse draws commands for the next");
    assert_eq!(app.overlay, Overlay::Cards(0));
    for i in 1..n {
        key(&mut app, KeyCode::Enter);
        assert_eq!(app.overlay, Overlay::Cards(i));
    }
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.overlay, Overlay::None);
}

/// Esc (or End) on a drawn card goes to the summary of what changed, when
/// there is one; Esc there closes. Found by a newcomer play test: Esc on
/// the first of 31 cards closed them all, and with them the summary that
/// named two losses to mines.
#[test]
fn esc_on_a_drawn_card_goes_to_what_changed() {
    let mut app = app_for(1);
    begin(&mut app);
    let mut found = false;
    for _ in 0..60 {
        to_orders(&mut app);
        end_impulse(&mut app);
        if app.shown.len() >= 2 && !app.summary.is_empty() && app.overlay == Overlay::Cards(0) {
            found = true;
            break;
        }
        close_cards(&mut app);
    }
    assert!(found, "some impulse's end drew cards and changed something");
    let n = app.shown.len();
    for (w, h) in [(160, 50), (80, 24)] {
        let screen = render(&app, w, h);
        assert!(screen.contains("Esc what changed"), "{screen}");
    }
    // End goes there from any card.
    let mut end = app_of(app.game().clone());
    end.shown = app.shown.clone();
    end.summary = app.summary.clone();
    end.overlay = Overlay::Cards(1);
    key(&mut end, KeyCode::End);
    assert_eq!(end.overlay, Overlay::Cards(n));
    key(&mut app, KeyCode::Esc);
    assert_eq!(
        app.overlay,
        Overlay::Cards(n),
        "the summary, after {n} cards"
    );
    assert!(render(&app, 160, 50).contains("What changed"));
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay, Overlay::None);
}

#[test]
fn quitting_asks_first() {
    let mut app = app_for(1);
    ch(&mut app, 'q');
    assert_eq!(app.overlay, Overlay::Quit);
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay, Overlay::None);
    assert!(!app.quit);
    ch(&mut app, 'q');
    ch(&mut app, 'y');
    assert!(app.quit);
}

#[test]
fn a_mouse_click_selects_the_card_under_it() {
    let mut app = app_for(1);
    begin(&mut app);
    let _ = render(&app, 160, 50);
    let (rect, pos) = app
        .hits
        .borrow()
        .cards
        .iter()
        .find(|(_, p)| *p != app.cursor)
        .copied()
        .expect("another card is drawn");
    app.update(Msg::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: rect.x + 2,
        row: rect.y + 2,
        modifiers: KeyModifiers::NONE,
    }));
    assert_eq!(app.cursor, pos);
}

/// A panic restores the terminal through a hook set once per process: the
/// start menu and each game take the terminal in turn, and a hook wrapped
/// once more each time would restore it as many times over.
#[test]
fn the_panic_hook_is_set_once_however_often_the_terminal_is_taken() {
    let _ = fof::ui::restore_on_panic();
    assert!(!fof::ui::restore_on_panic());
    assert!(!fof::ui::restore_on_panic());
}

#[test]
fn too_small_a_terminal_ignores_keys_but_quit_and_recovers() {
    let mut app = app_for(1);
    app.update(Msg::Resize(60, 20));
    assert!(app.too_small());
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Briefing, "keys wait for a usable size");
    app.update(Msg::Resize(160, 50));
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Play);
}

#[test]
fn orders_menu_entries_carry_cost_cards_and_odds_from_the_engine() {
    let mut app = app_for(1);
    begin(&mut app);
    to_orders(&mut app);
    ch(&mut app, 'o');
    let Overlay::Menu(menu) = &app.overlay else {
        panic!("o opens the full list")
    };
    assert_eq!(menu.entries.len(), app.game().legal_inputs().len());
    for e in &menu.entries {
        let f = fof::engine::testing::turn::forecast(app.game(), &e.input);
        assert_eq!(e.cost, f.cost);
        assert_eq!(e.odds.is_some(), f.attempt.is_some(), "{}", e.label);
    }
    assert!(
        menu.entries
            .iter()
            .any(|e| e.odds.as_ref().is_some_and(|o| o.chance.ends_with('%'))),
        "some order shows its chance"
    );
}

#[test]
fn autoplay_reaches_the_mission_result() {
    let mut app = app_for(3);
    app.autoplay = Some(fof::ui::app::Autoplay {
        bot: fof::play::sim::Bot::Random,
        rng: fof::play::sim::bot_rng(3),
        delay: std::time::Duration::ZERO,
        last: None,
    });
    let t0 = std::time::Instant::now();
    for _ in 0..100_000 {
        if app.screen == Screen::Result {
            break;
        }
        app.tick(t0);
    }
    assert_eq!(app.screen, Screen::Result);
    assert!(app.game().is_over());
    let screen = render(&app, 160, 50);
    assert!(screen.contains("After-action report"), "{screen}");
}

#[test]
fn key_bindings_file_reports_file_line_col() {
    let src = fof::data::SourceFile {
        path: "keys.ron".into(),
        text: "(\n  bindings: [\n    (Up, [\"Upp\"]),\n  ],\n)\n".into(),
    };
    let e = KeyMap::parse(&src, Some(&KeyMap::default()))
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("keys.ron:3:11: "), "{e}");
    let src = fof::data::SourceFile {
        path: "keys.ron".into(),
        text: "(bindings: [(Up, [\"x\"]), (Down, [\"x\"])])".into(),
    };
    let e = KeyMap::parse(&src, Some(&KeyMap::default()))
        .unwrap_err()
        .to_string();
    assert!(e.contains("bound to both"), "{e}");
    let src = fof::data::SourceFile {
        path: "keys.ron".into(),
        text: "(bindings: [(Jump, [\"x\"])])".into(),
    };
    let e = KeyMap::parse(&src, Some(&KeyMap::default()))
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("keys.ron:1:"), "{e}");
    // A remapped key works, the others keep theirs.
    let src = fof::data::SourceFile {
        path: "keys.ron".into(),
        text: "(bindings: [(Quit, [\"x\"])])".into(),
    };
    let km = KeyMap::parse(&src, Some(&KeyMap::default())).unwrap();
    let x = fof::ui::keys::Key::parse("x").unwrap();
    assert_eq!(km.command(x), Some(Command::Quit));
    assert_eq!(km.command(fof::ui::keys::Key::parse("q").unwrap()), None);
    assert_eq!(
        km.command(fof::ui::keys::Key::parse("k").unwrap()),
        Some(Command::Up)
    );
}

#[test]
fn the_built_in_key_map_binds_every_command() {
    let km = KeyMap::default();
    for c in Command::ALL {
        assert_ne!(km.key(c), "-", "{c:?} has no key");
    }
}

/// The hint key (issue 21): the planner's choice is a legal input, it is
/// selected in the menu with its reason, and nothing in the game changes
/// until the player gives it; Enter then gives exactly that input.
#[test]
fn the_hint_key_selects_the_planners_legal_choice_and_changes_nothing() {
    let mut app = app_for(1);
    begin(&mut app);
    to_orders(&mut app);
    let before = app.game().state().clone();
    let mut expected = app.game().clone();
    let log = app.game().log().len();
    let legal = app.game().legal_inputs();
    let hint = fof::play::planner::suggest(app.game(), &legal).expect("a hint");
    assert!(legal.contains(&hint.input), "the hint is a legal input");
    assert!(!hint.reason.is_empty());
    ch(&mut app, 't');
    assert_eq!(app.game().state(), &before, "the hint key changes nothing");
    assert_eq!(app.game().log().len(), log, "and logs nothing");
    let Overlay::Menu(menu) = &app.overlay else {
        panic!("the hint opens the menu of the decision");
    };
    let e = menu.selected_entry().expect("the hint is selected");
    assert_eq!(e.input, hint.input);
    assert_eq!(e.tip.as_deref(), Some(hint.reason.as_str()));
    // Asked again in the menu (where t is search text, F3 the tip),
    // still nothing happens.
    key(&mut app, KeyCode::F(3));
    assert_eq!(app.game().state(), &before);
    // Enter gives it.
    key(&mut app, KeyCode::Enter);
    close_cards(&mut app);
    expected.apply(&hint.input).unwrap();
    assert_eq!(
        app.game().state(),
        expected.state(),
        "Enter gave the hinted input"
    );
}

// ---- snapshots ------------------------------------------------------------------

fn mid_turn(seed: u64) -> App<Local> {
    let mut app = app_for(seed);
    begin(&mut app);
    to_orders(&mut app);
    // One order that draws, so the log and the deck have moved.
    let legal = app.game().legal_inputs();
    if let Some(i) = legal
        .iter()
        .find(|i| matches!(i, Input::Order(o) if matches!(o.action, Action::Move { .. })))
    {
        app.give(&i.clone());
        close_cards(&mut app);
    }
    app
}

fn both_sizes(name: &str, app: &App<Local>) {
    for (w, h) in [(80, 24), (160, 50)] {
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), render(app, w, h));
    }
}

/// The two sizes and a wide one (200x60).
fn three_sizes(name: &str, app: &App<Local>) {
    both_sizes(name, app);
    insta::assert_snapshot!(format!("{name}_200x60"), render(app, 200, 60));
}

#[test]
fn snapshot_briefing() {
    both_sizes("briefing", &app_for(1));
}

#[test]
fn snapshot_map_at_the_start() {
    let mut app = app_for(1);
    begin(&mut app);
    both_sizes("map_start", &app);
}

#[test]
fn snapshot_hint() {
    let mut app = mid_turn(1);
    ch(&mut app, 't');
    both_sizes("hint", &app);
}

#[test]
fn snapshot_orders_menu_with_odds() {
    let mut app = mid_turn(1);
    ch(&mut app, 'o');
    // The first entry picked, its details shown.
    ch(&mut app, 'j');
    both_sizes("orders_menu", &app);
}

#[test]
fn snapshot_drawn_card() {
    let mut app = mid_turn(1);
    end_impulse(&mut app);
    assert!(matches!(app.overlay, Overlay::Cards(_)));
    both_sizes("drawn_card", &app);
}

#[test]
fn snapshot_command_display_and_log_mid_turn() {
    let app = mid_turn(1);
    both_sizes("mid_turn", &app);
}

#[test]
fn the_orders_title_says_when_the_spending_limit_binds() {
    // 4.1.3: an impulse spends at most the limit, whatever the HQ holds.
    let mut app = app_for(1);
    begin(&mut app);
    to_orders(&mut app);
    let mut g = app.game().clone();
    let imp = g.state_mut().impulse.as_mut().expect("an impulse");
    imp.available = imp.spend_max + 3;
    let (held, left, max) = (imp.available - imp.spent, imp.left(), imp.spend_max);
    assert!(held > left);
    let mut app = app_of(g);
    begin(&mut app);
    ch(&mut app, 'o');
    let screen = render(&app, 160, 50);
    assert!(
        screen.contains(&format!(
            "may spend {left} of the {held} it holds (4.1.3: {max} an impulse, the rest saved)"
        )),
        "{screen}"
    );
}

#[test]
fn a_grouped_menu_entry_does_not_repeat_the_unit_it_is_listed_under() {
    // A pyrotechnic under its HQ's heading reads "Deploy Pyrotechnic: hand
    // flare on R1C1", not "...: 1 PLT HQ: hand flare on R1C1".
    let mut g = Game::new(data(), "night_patrol", 3, Options::default()).expect("setup");
    while !matches!(g.prompt().decision, Decision::Orders { .. }) {
        let a = g.suggestion().expect("a suggested answer");
        g.apply(&a).expect("legal");
    }
    let mut app = app_of(g);
    begin(&mut app);
    ch(&mut app, 'o');
    let Overlay::Menu(menu) = &app.overlay else {
        panic!("the orders menu");
    };
    let pyro: Vec<_> = menu
        .entries
        .iter()
        .filter(|e| {
            matches!(
                &e.input,
                Input::Order(o) if matches!(o.action, Action::DeployPyro { .. })
            )
        })
        .collect();
    assert!(!pyro.is_empty(), "a night patrol's HQs hold signals");
    let mut meant = 0;
    for e in pyro {
        assert!(
            e.label.contains(&format!(
                ": {}: ",
                e.recipient.split(" on ").next().unwrap()
            )),
            "{}",
            e.label
        );
        assert!(
            e.short.matches(": ").count() == 1,
            "{} / {}",
            e.short,
            e.label
        );
        // It says what the signal plan makes the signal mean (2.3.3): a
        // newcomer learned it only from the log, after giving it.
        let Input::Order(o) = &e.input else {
            unreachable!()
        };
        let Action::DeployPyro { device, .. } = o.action else {
            unreachable!()
        };
        if let Some((_, meaning)) = app
            .game()
            .state()
            .signal_plan
            .iter()
            .find(|(d, _)| *d == device)
        {
            assert!(
                e.label
                    .contains(&format!("(signals \"{}\")", meaning.label())),
                "{}",
                e.label
            );
            meant += 1;
        }
    }
    assert!(meant > 0, "a signal with a meaning is on offer");
}

#[test]
fn an_anti_tank_question_too_long_for_its_window_is_cut_with_a_sign_and_shown_whole() {
    use rand::SeedableRng;
    // 7.6: the AT answers carry their odds; at 80 columns they do not fit.
    let mut found = None;
    'seeds: for seed in 1..40u64 {
        let mut g =
            Game::new(data(), "panzer_counterattack", seed, Options::default()).expect("setup");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..400 {
            let legal = g.legal_inputs();
            if legal
                .iter()
                .any(|i| matches!(i, Input::Answer(Answer::VehicleFire { .. })))
            {
                found = Some(g);
                break 'seeds;
            }
            let Some(i) = fof::play::sim::pick(&mut rng, &legal) else {
                continue 'seeds;
            };
            g.apply(&i).expect("legal");
        }
    }
    let g = found.expect("some seed asks where a vehicle fires");
    let mut app = app_of(g);
    begin(&mut app);
    close_cards(&mut app);
    if !matches!(app.overlay, Overlay::Menu(_)) {
        key(&mut app, KeyCode::Enter);
    }
    let Overlay::Menu(menu) = &mut app.overlay else {
        panic!("the question's menu");
    };
    let i = menu
        .entries
        .iter()
        .position(|e| {
            matches!(e.input, Input::Answer(Answer::VehicleFire { .. })) && e.label.contains("AT ")
        })
        .expect("a shot with its odds");
    menu.selected = Some(Sel::Entry(i));
    let label = menu.entries[i].label.clone();
    let screen = render(&app, 80, 24);
    assert!(screen.contains('…'), "{screen}");
    // The selected answer is written whole (wrapped) under the list.
    let flat: String = screen
        .lines()
        .map(|l| l.trim_matches(|c: char| c == '│' || c.is_whitespace()))
        .collect::<Vec<_>>()
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let words: Vec<&str> = label.split_whitespace().collect();
    let tail = words[words.len().saturating_sub(5)..].join(" ");
    assert!(flat.contains(&tail), "{tail}\n{screen}");
}

#[test]
fn snapshot_end_impulse_asks_first() {
    let mut app = mid_turn(1);
    ch(&mut app, 'e');
    assert_eq!(app.overlay, Overlay::EndImpulse);
    both_sizes("end_impulse_asks", &app);
}

#[test]
fn snapshot_log_filtered_to_the_enemy() {
    let mut app = mid_turn(1);
    end_impulse(&mut app);
    close_cards(&mut app);
    ch(&mut app, 'f');
    ch(&mut app, 'f');
    both_sizes("log_enemy", &app);
}

#[test]
fn snapshot_help() {
    let mut app = app_for(1);
    begin(&mut app);
    ch(&mut app, '?');
    both_sizes("help", &app);
}

/// The help scrolled to its key of the map's abbreviations, generated from
/// the table the map prints from.
#[test]
fn snapshot_abbreviation_key() {
    let mut app = app_for(1);
    begin(&mut app);
    for (w, h) in [(80u16, 24u16), (160, 50)] {
        let n = (0..400)
            .find(|n| {
                app.overlay = Overlay::Help(*n);
                render(&app, w, h)
                    .lines()
                    .nth(2)
                    .is_some_and(|l| l.contains("On a card"))
            })
            .expect("the help has the key");
        app.overlay = Overlay::Help(n);
        insta::assert_snapshot!(format!("abbreviation_key_{w}x{h}"), render(&app, w, h));
    }
}

#[test]
fn snapshot_mission_result() {
    let mut app = app_for(3);
    app.autoplay = Some(fof::ui::app::Autoplay {
        bot: fof::play::sim::Bot::Random,
        rng: fof::play::sim::bot_rng(3),
        delay: std::time::Duration::ZERO,
        last: None,
    });
    let t0 = std::time::Instant::now();
    while app.screen != Screen::Result {
        app.tick(t0);
    }
    app.autoplay = None;
    // The after-action report: the result, the conditions, experience and
    // the charts by turn.
    three_sizes("result", &app);
    // At 80x24 it scrolls to show the rest.
    app.update(Msg::Resize(80, 24));
    let _ = render(&app, 80, 24);
    for _ in 0..40 {
        key(&mut app, KeyCode::Down);
    }
    // No further than the end: one row up shows one row less.
    key(&mut app, KeyCode::Up);
    key(&mut app, KeyCode::Down);
    insta::assert_snapshot!("result_scrolled_80x24", render(&app, 80, 24));
}

/// A finished game of `crossroads_firefight` seed 3, on its result screen.
fn finished(seed: u64) -> App<Local> {
    let mut app = app_for(seed);
    app.autoplay = Some(fof::ui::app::Autoplay {
        bot: fof::play::sim::Bot::Random,
        rng: fof::play::sim::bot_rng(seed),
        delay: std::time::Duration::ZERO,
        last: None,
    });
    let t0 = std::time::Instant::now();
    while app.screen != Screen::Result {
        app.tick(t0);
    }
    app.autoplay = None;
    app
}

#[test]
fn the_result_screen_keeps_its_keys_and_shows_the_log_on_request() {
    let mut app = finished(3);
    assert!(render(&app, 160, 50).contains("After-action report"));
    // PageUp looks at the log; the report's key comes back to it.
    key(&mut app, KeyCode::PageUp);
    let screen = render(&app, 160, 50);
    assert!(!screen.contains("After-action report"), "{screen}");
    ch(&mut app, 'a');
    assert!(render(&app, 160, 50).contains("After-action report"));
    // PageDown to the newest line comes back too.
    key(&mut app, KeyCode::PageUp);
    key(&mut app, KeyCode::PageDown);
    assert!(render(&app, 160, 50).contains("After-action report"));
    // q asks to quit; Esc stays.
    ch(&mut app, 'q');
    assert_eq!(app.overlay, Overlay::Quit);
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay, Overlay::None);
    // Enter carries on.
    key(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Between(_)));
}

#[test]
fn the_report_key_opens_the_report_so_far_and_esc_closes_it() {
    let mut app = mid_turn(1);
    ch(&mut app, 'a');
    assert_eq!(app.overlay, Overlay::Report);
    let screen = render(&app, 160, 50);
    assert!(screen.contains("if the mission ended now"), "{screen}");
    assert!(screen.contains("Steps lost by turn"), "{screen}");
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay, Overlay::None);
    both_sizes("report_so_far", &{
        let mut a = mid_turn(1);
        ch(&mut a, 'a');
        a
    });
}

#[test]
fn snapshot_setup_question() {
    // The first thing a new game asks (2.3.2): who carries each asset,
    // the briefing's holders one key away.
    let g = Game::new(data(), MISSION, 1, Options::default()).expect("setup");
    let mut app = app_of(g);
    app.screen = Screen::Play;
    key(&mut app, KeyCode::Enter);
    insta::assert_snapshot!("setup_question_160x50", render(&app, 160, 50));
    app.update(Msg::Resize(80, 24));
    insta::assert_snapshot!("setup_question_80x24", render(&app, 80, 24));
}

#[test]
fn snapshot_too_small() {
    let app = app_for(1);
    insta::assert_snapshot!("too_small_60x20", render(&app, 60, 20));
}

// ---- learn mode and the replay viewer ---------------------------------------------

/// Learn mode on the learning mission, from before turn 1.
fn learn_app(seed: u64) -> App<Local> {
    let m = "first_contact";
    let g = Game::new(data(), m, seed, Options::default()).expect("setup");
    let held = Game::new_held(data(), m, seed, Options::default()).expect("setup");
    let mut app = App::new(
        Local::new(g),
        explanations(),
        KeyMap::default(),
        Theme::default(),
    );
    app.update(Msg::Resize(160, 50));
    app.learn_from(held);
    app.screen = Screen::Play;
    app
}

/// The events of the procedure learn mode explains now.
fn current_group(app: &App<Local>) -> Vec<fof::engine::kernel::events::Event> {
    let w = app.walk.as_ref().unwrap();
    let ev = w.stop_events();
    let groups = fof::ui::learn::groups(ev, &w.stop().kind);
    ev[groups[app.sub.min(groups.len() - 1)].clone()].to_vec()
}

fn begins_step(g: &[fof::engine::kernel::events::Event]) -> bool {
    g.iter().any(|e| {
        matches!(
            e.kind,
            fof::engine::kernel::events::EventKind::StepBegins { .. }
        )
    })
}

/// Walks on (Enter; at a decision ending the impulse or taking the first
/// HQ) until the procedure shown satisfies `pred`.
fn walk_until(app: &mut App<Local>, pred: impl Fn(&[fof::engine::kernel::events::Event]) -> bool) {
    for _ in 0..3000 {
        if pred(&current_group(app)) {
            return;
        }
        if app.walking() {
            key(app, KeyCode::Enter);
        } else {
            let legal = app.game().legal_inputs();
            let i = if legal.contains(&Input::EndImpulse) {
                Input::EndImpulse
            } else {
                legal.first().expect("the mission goes on").clone()
            };
            app.give(&i);
        }
    }
    panic!("no such stop");
}

#[test]
fn learn_mode_stops_at_every_step_of_turn_1_in_order() {
    let mut app = learn_app(1);
    let order = fof::engine::kernel::sequence::turn_order(app.game().mission().kind);
    let mut seen = Vec::new();
    for _ in 0..41 {
        if let Some(s) = current_group(&app).iter().find_map(|e| match e.kind {
            fof::engine::kernel::events::EventKind::StepBegins { step } if e.turn == 1 => {
                Some(step)
            }
            _ => None,
        }) && seen.last() != Some(&s)
        {
            seen.push(s);
        }
        // Enter, as a new player would press it. At a decision learn mode
        // opens the orders with nothing selected (Enter alone gives no
        // order, issue 17): Down picks the first entry and Enter gives it.
        if !app.walking() && matches!(app.overlay, Overlay::Menu(ref m) if m.selected.is_none()) {
            if matches!(app.game().prompt().decision, Decision::Orders { .. }) {
                // Orders: this player ends each impulse.
                key(&mut app, KeyCode::Esc);
                end_impulse(&mut app);
                continue;
            }
            ch(&mut app, 'j');
        }
        key(&mut app, KeyCode::Enter);
    }
    // Within forty presses turn 1 is walked through, every step in order.
    assert_eq!(seen, order.to_vec());
}

#[test]
fn snapshot_learn_mode_at_a_phase_boundary() {
    let mut app = learn_app(1);
    walk_until(&mut app, |g| {
        g.iter().any(|e| {
            matches!(
                e.kind,
                fof::engine::kernel::events::EventKind::StepBegins {
                    step: fof::engine::kernel::sequence::Step::EnemyActivity
                }
            )
        })
    });
    both_sizes("learn_boundary", &app);
}

#[test]
fn snapshot_learn_mode_at_a_pc_resolution() {
    let mut app = learn_app(1);
    walk_until(&mut app, |g| {
        g.iter()
            .any(|e| e.rule.starts_with("9.1.5") && !e.cards.is_empty())
            && !begins_step(g)
    });
    both_sizes("learn_pc", &app);
}

#[test]
fn snapshot_learn_mode_at_a_combat_resolution() {
    let mut app = learn_app(1);
    walk_until(&mut app, |g| {
        g.iter()
            .any(|e| e.rule.starts_with("6.3") && !e.cards.is_empty())
            && !begins_step(g)
    });
    both_sizes("learn_combat", &app);
}

#[test]
fn snapshot_replay_viewer_mid_game() {
    let d = data();
    let (_, rec) = fof::play::sim::play_recorded(
        d.clone(),
        MISSION,
        2,
        fof::play::sim::Bot::Random,
        Options::default(),
    )
    .unwrap();
    let replay = fof::play::replay::Replay::parse(&rec.text()).unwrap();
    let start = fof::front::viewer_start(d.clone(), &replay).unwrap();
    let end = replay.play(d.clone()).unwrap();
    let mut app = App::new(
        Local::new(end),
        explanations(),
        KeyMap::default(),
        Theme::default(),
    );
    app.update(Msg::Resize(160, 50));
    app.view(
        fof::ui::app::Viewer {
            path: "game.replay".into(),
            replay,
            data: d,
        },
        start,
    );
    for _ in 0..3 {
        ch(&mut app, 'T');
    }
    both_sizes("viewer_mid_game", &app);
}

#[test]
fn the_replay_viewer_opens_the_report_as_it_stood_at_the_stop() {
    let d = data();
    let (_, rec) = fof::play::sim::play_recorded(
        d.clone(),
        MISSION,
        2,
        fof::play::sim::Bot::Random,
        Options::default(),
    )
    .unwrap();
    let replay = fof::play::replay::Replay::parse(&rec.text()).unwrap();
    let start = fof::front::viewer_start(d.clone(), &replay).unwrap();
    let end = replay.play(d.clone()).unwrap();
    let mut app = App::new(
        Local::new(end),
        explanations(),
        KeyMap::default(),
        Theme::default(),
    );
    app.update(Msg::Resize(160, 50));
    app.view(
        fof::ui::app::Viewer {
            path: "game.replay".into(),
            replay,
            data: d,
        },
        start,
    );
    let agrees = |app: &App<Local>| {
        let r = app.report();
        let g = app.game();
        assert_eq!(r.cards_drawn(), g.state().deck.cards_drawn());
        assert_eq!(r.turn, g.state().turn);
        assert_eq!(r.outcome, fof::play::report::Standing::InProgress);
    };
    for _ in 0..3 {
        ch(&mut app, 'T');
    }
    agrees(&app);
    ch(&mut app, 'a');
    assert_eq!(app.overlay, Overlay::Report);
    let screen = render(&app, 160, 50);
    assert!(screen.contains("After-action report"), "{screen}");
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay, Overlay::None);
    // Back a turn: the game is rebuilt from a snapshot, the log kept apart.
    ch(&mut app, 'Y');
    agrees(&app);
}

#[test]
fn snapshot_learn_mode_explains_the_order_under_the_cursor() {
    let mut app = learn_app(1);
    // Run to the first decision where orders are given.
    for _ in 0..200 {
        if !app.walking() && matches!(app.game().prompt().decision, Decision::Orders { .. }) {
            break;
        }
        if app.walking() {
            ch(&mut app, 'N');
        } else {
            let legal = app.game().legal_inputs();
            app.give(&legal[0].clone());
        }
    }
    ch(&mut app, 'o');
    let Overlay::Menu(menu) = &app.overlay else {
        panic!("the orders open at a decision")
    };
    assert!(!menu.entries.is_empty());
    assert_eq!(menu.selected, None, "learn mode selects nothing at first");
    ch(&mut app, 'j');
    let screen = render(&app, 160, 50);
    assert!(screen.contains(" Learn "), "{screen}");
    insta::assert_snapshot!("learn_orders_menu_160x50", screen);
}

// ---- hostile sizes -----------------------------------------------------------------

#[test]
fn every_screen_draws_at_every_size_without_a_panic() {
    let mut screens: Vec<App<Local>> = Vec::new();
    screens.push(app_for(1));
    let mut a = mid_turn(1);
    ch(&mut a, 'o');
    screens.push(a);
    let mut a = mid_turn(1);
    end_impulse(&mut a);
    screens.push(a);
    let mut a = app_for(1);
    begin(&mut a);
    ch(&mut a, '?');
    screens.push(a);
    let mut a = learn_app(1);
    for _ in 0..7 {
        key(&mut a, KeyCode::Enter);
    }
    screens.push(a);
    for app in &mut screens {
        for w in (0..=170).step_by(7) {
            for h in (0..=60).step_by(3) {
                app.update(Msg::Resize(w, h));
                let _ = render(app, w.max(1), h.max(1));
            }
        }
        // Rapid resizes back and forth, then a usable size again.
        for i in 0..50u16 {
            app.update(Msg::Resize(20 + (i * 37) % 150, 5 + (i * 13) % 50));
        }
        app.update(Msg::Resize(160, 50));
        assert!(!render(app, 160, 50).contains("too small"));
    }
}

#[test]
fn a_locale_that_is_not_utf8_draws_in_ascii() {
    use fof::ui::theme::utf8_locale;
    assert!(utf8_locale("C.UTF-8"));
    assert!(utf8_locale("en_US.utf8"));
    assert!(!utf8_locale("C"));
    assert!(!utf8_locale("en_US.ISO-8859-1"));
    // Every screen drawn in ASCII is plain ASCII.
    let mut apps = vec![
        app_for(1),
        mid_turn(1),
        mid_turn(1),
        learn_app(1),
        mid_turn(1),
    ];
    begin(&mut apps[0]);
    ch(&mut apps[1], 'o');
    end_impulse(&mut apps[2]);
    // The after-action report's charts too.
    ch(&mut apps[4], 'a');
    for app in &mut apps {
        app.theme.ascii = true;
        for (w, h) in [(80, 24), (160, 50)] {
            let screen = render(app, w, h);
            assert!(screen.is_ascii(), "{screen}");
        }
    }
}

#[test]
fn learn_mode_with_sixty_enter_presses_gives_no_order() {
    let mut app = learn_app(1);
    for _ in 0..60 {
        key(&mut app, KeyCode::Enter);
    }
    let orders = app
        .game()
        .log()
        .iter()
        .filter(|e| matches!(e.kind, fof::engine::kernel::events::EventKind::Order { .. }))
        .count();
    assert_eq!(orders, 0, "Enter alone gave an order in learn mode");
    assert!(
        !app.walking(),
        "sixty presses reach the player's first decision"
    );
}

// ---- the grouped orders menu (issue 17) ------------------------------------------

/// Every input the menu lists once every section is unfolded, in the order
/// shown, checking that each sits under its own section's heading.
fn menu_inputs(menu: &fof::ui::app::Menu) -> Vec<Input> {
    let mut m = menu.clone();
    m.folded.clear();
    let mut under = None;
    let mut out = Vec::new();
    let mut seen_groups = Vec::new();
    for r in m.rows() {
        match r {
            Row::Header { group, .. } => {
                assert!(
                    !seen_groups.contains(&group),
                    "a section's heading comes once"
                );
                seen_groups.push(group);
                under = Some(group);
            }
            Row::Entry(i) => {
                let e = &m.entries[i];
                if m.grouped {
                    assert_eq!(under, Some(e.group), "{} under another heading", e.label);
                }
                out.push(e.input.clone());
            }
            Row::Recipient(_) => {}
        }
    }
    // Sections come in the Action Menu's order, the impulse last.
    let mut sorted = seen_groups.clone();
    sorted.sort();
    assert_eq!(seen_groups, sorted);
    out
}

#[test]
fn every_legal_input_is_reachable_from_the_grouped_menu() {
    let d = data();
    let mut checked = 0;
    for m in &d.missions {
        for seed in 1..=2u64 {
            let mut g = Game::new(d.clone(), &m.id, seed, Options::default()).expect("setup");
            let mut rng = fof::play::sim::bot_rng(seed);
            let mut n = 0;
            while !g.is_over() && n < 120 {
                let legal = g.legal_inputs();
                if n % 6 == 0 {
                    let mut app = app_of(g.clone());
                    app.screen = Screen::Play;
                    app.open_all_menu();
                    let Overlay::Menu(menu) = &app.overlay else {
                        panic!("a menu opens at every decision")
                    };
                    let mut shown = menu_inputs(menu);
                    let mut want = legal.clone();
                    shown.sort();
                    want.sort();
                    assert_eq!(shown, want, "{} seed {seed}, input {n}", m.id);
                    checked += 1;
                }
                let i = fof::play::sim::choose(fof::play::sim::Bot::Random, &mut rng, &g, &legal)
                    .expect("a legal input");
                g.apply(&i).expect("legal");
                n += 1;
            }
        }
    }
    assert!(checked > 50, "only {checked} menus checked");
}

/// A full company's orders menu at its first decision with Spot orders.
fn full_company_with_spot_orders() -> App<Local> {
    let d = data();
    for seed in 1..=20u64 {
        let mut g =
            Game::new(d.clone(), "village_assault", seed, Options::default()).expect("setup");
        let mut rng = fof::play::sim::bot_rng(seed);
        for _ in 0..300 {
            if g.is_over() {
                break;
            }
            let legal = g.legal_inputs();
            let spots = legal
                .iter()
                .filter(|i| matches!(i, Input::Order(o) if matches!(o.action, Action::Spot { .. })))
                .count();
            if spots > 0 && legal.len() > 40 {
                let mut app = app_of(g);
                app.screen = Screen::Play;
                return app;
            }
            let i = fof::play::sim::choose(fof::play::sim::Bot::Random, &mut rng, &g, &legal)
                .expect("a legal input");
            g.apply(&i).expect("legal");
        }
    }
    panic!("no Spot order came up in village_assault");
}

#[test]
fn typing_spot_reaches_the_spot_orders_in_five_keystrokes() {
    let mut app = full_company_with_spot_orders();
    ch(&mut app, 'o');
    let Overlay::Menu(menu) = &app.overlay else {
        panic!("o opens the orders")
    };
    assert!(menu.entries.len() > 40, "a full company's menu");
    for c in "spot".chars() {
        ch(&mut app, c);
    }
    let Overlay::Menu(menu) = &app.overlay else {
        panic!("the menu stays open while searching")
    };
    assert_eq!(menu.query, "spot");
    let e = menu.selected_entry().expect("an entry is selected");
    assert!(
        matches!(&e.input, Input::Order(o) if matches!(o.action, Action::Spot { .. })),
        "{}",
        e.label
    );
    for r in menu.rows() {
        if let Row::Entry(i) = r {
            assert!(
                menu.entries[i].label.starts_with("Spot"),
                "{}",
                menu.entries[i].label
            );
        }
    }
    // Backspace widens the search again, Esc clears it.
    key(&mut app, KeyCode::Backspace);
    key(&mut app, KeyCode::Esc);
    let Overlay::Menu(menu) = &app.overlay else {
        panic!("Esc clears the search first")
    };
    assert!(menu.query.is_empty() && !menu.searching);
    assert_eq!(menu.shown(), menu.entries.len());
}

#[test]
fn menu_keys_fold_filter_and_wrap() {
    let mut app = mid_turn(1);
    ch(&mut app, 'o');
    let sel = |app: &App<Local>| match &app.overlay {
        Overlay::Menu(m) => m.selected,
        _ => panic!("the menu is open"),
    };
    // Home then Up wraps round to the last entry; End is that entry too.
    key(&mut app, KeyCode::Home);
    let first = sel(&app);
    key(&mut app, KeyCode::Up);
    let wrapped = sel(&app);
    key(&mut app, KeyCode::End);
    assert_eq!(sel(&app), wrapped);
    key(&mut app, KeyCode::Down);
    assert_eq!(sel(&app), first);
    // Tab twice shows the movement orders only (Command & Control comes
    // first); Shift-Tab twice every section again.
    key(&mut app, KeyCode::Tab);
    key(&mut app, KeyCode::Tab);
    let Overlay::Menu(m) = &app.overlay else {
        panic!()
    };
    assert!(m.shown() > 0);
    assert!(m.rows().iter().all(|r| match r {
        Row::Entry(i) => m.entries[*i].group == Group::Section(MenuSection::Movement),
        Row::Header { group, .. } => *group == Group::Section(MenuSection::Movement),
        Row::Recipient(_) => true,
    }));
    key(&mut app, KeyCode::BackTab);
    key(&mut app, KeyCode::BackTab);
    let Overlay::Menu(m) = &app.overlay else {
        panic!()
    };
    assert_eq!(m.filter, None, "every section again");
    // Left folds the selected entry's section to its heading, Enter on
    // the heading unfolds it.
    key(&mut app, KeyCode::Home);
    key(&mut app, KeyCode::Down);
    let before = match &app.overlay {
        Overlay::Menu(m) => m.rows().len(),
        _ => panic!(),
    };
    key(&mut app, KeyCode::Left);
    let Overlay::Menu(m) = &app.overlay else {
        panic!()
    };
    assert!(matches!(m.selected, Some(Sel::Header(_))));
    assert!(m.rows().len() < before);
    key(&mut app, KeyCode::Enter);
    let Overlay::Menu(m) = &app.overlay else {
        panic!("Enter on a heading keeps the menu open")
    };
    assert_eq!(m.rows().len(), before);
}

/// A section key never selects an entry the player did not pick. Found by
/// a newcomer play test: 1 selected the first Command & Control entry, so
/// the Down pressed next (to pick the first) moved past it, and Enter fired
/// a signal flare; 0 selected ending the impulse.
#[test]
fn a_section_key_keeps_what_is_selected_or_selects_nothing() {
    let mut app = mid_turn(1);
    ch(&mut app, 'o');
    let sel = |app: &App<Local>| match &app.overlay {
        Overlay::Menu(m) => m.selected,
        _ => panic!("the menu is open"),
    };
    assert_eq!(sel(&app), None, "nothing selected on opening");
    // Tab steps through the sections alone and back to every one.
    for n in 0..5 {
        key(&mut app, KeyCode::Tab);
        assert_eq!(sel(&app), None, "Tab {n} selects nothing");
    }
    // Down then picks the first entry shown, here of the movement orders.
    show_section(&mut app, Some(MenuSection::Movement));
    key(&mut app, KeyCode::Down);
    let Overlay::Menu(m) = &app.overlay else {
        panic!()
    };
    let first = m.first_entry();
    assert!(first.is_some());
    assert_eq!(m.selected, first);
    let Some(Sel::Entry(i)) = m.selected else {
        panic!("an entry is selected")
    };
    assert_eq!(m.entries[i].group, Group::Section(MenuSection::Movement));
    // Every section again: the entry stays selected.
    show_section(&mut app, None);
    assert_eq!(sel(&app), Some(Sel::Entry(i)));
    // A section that hides it: nothing is selected, and Enter gives nothing.
    show_section(&mut app, Some(MenuSection::Combat));
    assert_eq!(sel(&app), None, "the selection was hidden");
    let n = app.driver.inputs();
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.driver.inputs(), n, "an Enter gives no order");
}

/// Tab in the open orders menu until it shows `section` alone (`None`:
/// every section).
fn show_section(app: &mut App<Local>, section: Option<MenuSection>) {
    for _ in 0..5 {
        if matches!(&app.overlay, Overlay::Menu(m) if m.filter == section) {
            return;
        }
        key(app, KeyCode::Tab);
    }
    panic!("Tab never showed {section:?}");
}

/// Issue 58: while the orders menu is open, every printable key is search
/// text: the play test's "1 PLT HQ" lost its digit to a section filter and
/// "act" (typed on the map) its letters to the map's keys; here the
/// menu's own keys (digits, j/k/h/l, w, t, ?, q) are typed and none acts.
#[test]
fn the_orders_menus_search_takes_every_printable_key() {
    for typed in ["act", "1 PLT", "jkhl w t ? q 0 / 4"] {
        let mut app = mid_turn(1);
        ch(&mut app, 'o');
        for c in typed.chars() {
            ch(&mut app, c);
        }
        let Overlay::Menu(m) = &app.overlay else {
            panic!("typing \"{typed}\" closed the menu: {:?}", app.overlay)
        };
        assert_eq!(m.query, typed);
        assert_eq!(m.filter, None, "no section filter from \"{typed}\"");
    }
    // "2 PLT" (this company's platoon) narrows the menu to its orders.
    let mut app = mid_turn(1);
    ch(&mut app, 'o');
    for c in "2 PLT".chars() {
        ch(&mut app, c);
    }
    let Overlay::Menu(m) = &app.overlay else {
        panic!()
    };
    let shown: Vec<&str> = m
        .rows()
        .iter()
        .filter_map(|r| match r {
            Row::Entry(i) => Some(m.entries[*i].label.as_str()),
            _ => None,
        })
        .collect();
    assert!(!shown.is_empty(), "\"2 PLT\" matches nothing");
    assert!(shown.len() < m.entries.len(), "the search narrows the menu");
    // F2 and F3 are why-not and the tip in the menu.
    key(&mut app, KeyCode::F(2));
    assert!(
        matches!(app.overlay, Overlay::WhyNot(_)),
        "F2 opens why not?: {:?}",
        app.overlay
    );
}

#[test]
fn snapshot_orders_menu_narrowed_by_a_search() {
    let mut app = mid_turn(1);
    ch(&mut app, 'o');
    for c in "move r1".chars() {
        ch(&mut app, c);
    }
    let Overlay::Menu(m) = &app.overlay else {
        panic!()
    };
    assert!(m.shown() < m.entries.len(), "the search narrows the menu");
    both_sizes("orders_menu_searched", &app);
}

/// Puts the map's cursor on a unit and selects it.
fn select(app: &mut App<Local>, unit: fof::engine::kernel::ids::UnitId) {
    app.cursor = app.game().state().unit(unit).pos;
    app.unit = app
        .units_here()
        .iter()
        .position(|u| *u == unit)
        .expect("the unit is on its card");
}

#[test]
fn snapshot_why_not_for_an_hq_out_of_communication() {
    // Crossroads, seed 1: the CO HQ in the staging area cannot reach
    // 2 PLT HQ on R1C2 (its SCR-536 needs line of sight, 4.3.5 A).
    let mut app = app_for(1);
    begin(&mut app);
    to_orders(&mut app);
    let co = app.game().state().co_hq().expect("a CO HQ").id;
    select(&mut app, co);
    ch(&mut app, 'w');
    let Overlay::WhyNot(w) = &app.overlay else {
        panic!("w opens why not")
    };
    let activate = w
        .lines
        .iter()
        .find(|l| l.order.starts_with("Activate"))
        .expect("Activate is refused");
    assert!(
        activate.reason.contains("line of sight"),
        "{}",
        activate.reason
    );
    assert!(activate.reason.contains("4.3.5"), "{}", activate.reason);
    both_sizes("why_not_out_of_communication", &app);
    // Scrolling stops at the last line (it ran on into an empty window).
    render(&app, 80, 24);
    for _ in 0..200 {
        key(&mut app, KeyCode::Down);
    }
    let Overlay::WhyNot(w) = &app.overlay else {
        panic!("still open")
    };
    let max = app.hits.borrow().why_max;
    assert!(max > 0, "the window is taller than 80x24");
    assert_eq!(w.scroll, max);
    assert!(render(&app, 80, 24).contains("Esc closes"));
    // Esc goes back to the map.
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay, Overlay::None);
}

/// Random play on `mission` until `pred` holds at a decision where orders
/// are given; the app is at that decision.
fn play_until(mission: &str, pred: impl Fn(&Game) -> bool) -> App<Local> {
    let d = data();
    for seed in 1..=30u64 {
        let mut g = Game::new(d.clone(), mission, seed, Options::default()).expect("setup");
        let mut rng = fof::play::sim::bot_rng(seed);
        for _ in 0..400 {
            if g.is_over() {
                break;
            }
            if matches!(g.prompt().decision, Decision::Orders { .. }) && pred(&g) {
                let mut app = app_of(g);
                app.screen = Screen::Play;
                return app;
            }
            let legal = g.legal_inputs();
            let i = fof::play::sim::choose(fof::play::sim::Bot::Random, &mut rng, &g, &legal)
                .expect("a legal input");
            g.apply(&i).expect("legal");
        }
    }
    panic!("the position sought never came up in {mission}");
}

/// 4.1.3: an impulse spends no more than its limit, whatever the HQ
/// holds. Where the limit binds, the Command Display says what is held
/// apart ("2 left of 3 held"); "2 left (4/7 spent)" read as a sum that did
/// not add up (found by a newcomer play test).
#[test]
fn the_command_display_says_what_is_held_beyond_the_impulse_limit() {
    let binds = |g: &Game| match g.prompt().decision {
        Decision::Orders {
            left,
            spent,
            available,
            ..
        } => available.saturating_sub(spent) > left,
        _ => false,
    };
    let app = play_until(MISSION, binds);
    let Decision::Orders {
        left,
        spent,
        available,
        ..
    } = app.game().prompt().decision
    else {
        unreachable!()
    };
    let want = format!("{left} left of {} held", available - spent);
    for (w, h) in [(80, 24), (160, 50)] {
        let screen = render(&app, w, h);
        assert!(screen.contains(&want), "{w}x{h}: {want}\n{screen}");
    }
}

#[test]
fn snapshot_why_not_for_an_unspotted_target() {
    use fof::engine::testing::turn::refused_orders;
    let unspotted = |g: &Game| {
        g.state()
            .in_play()
            .filter(|u| u.side == fof::data::units::Side::Us)
            .find(|u| {
                refused_orders(g, u.id)
                    .iter()
                    .any(|r| r.order == "Concentrate Fire" && r.reason.contains("spotted"))
            })
            .map(|u| u.id)
    };
    let mut app = play_until(MISSION, |g| unspotted(g).is_some());
    let u = unspotted(app.game()).expect("a unit");
    select(&mut app, u);
    ch(&mut app, 'w');
    let Overlay::WhyNot(w) = &app.overlay else {
        panic!("w opens why not")
    };
    assert!(
        w.lines
            .iter()
            .any(|l| l.order.starts_with("Concentrate Fire") && l.reason.contains("spotted")),
        "{:?}",
        w.lines
    );
    both_sizes("why_not_unspotted_target", &app);
}

/// An order refused for one target as unspotted may be refused for another
/// as out of range: "why not?" names the target each reason is for and
/// gives the others (a newcomer read "the target has not been spotted" of
/// an enemy spotted the impulse before, the reason being another enemy's).
#[test]
fn why_not_names_each_target_and_gives_every_reason_for_an_aimed_order() {
    use fof::engine::testing::turn::{ALSO, refused_orders};
    let two = |g: &Game| {
        g.friendly().map(|u| u.id).find(|u| {
            refused_orders(g, *u)
                .iter()
                .any(|r| r.order == "Concentrate Fire" && !r.also.is_empty())
        })
    };
    let mut app = play_until(MISSION, |g| two(g).is_some());
    let g = app.game();
    let u = two(g).expect("a unit");
    let r = refused_orders(g, u)
        .into_iter()
        .find(|r| r.order == "Concentrate Fire")
        .expect("refused");
    assert!(r.also.len() <= ALSO);
    for (o, why) in &r.also {
        assert_ne!(why, &r.reason);
        // Each is the engine's own refusal of that order.
        let e = fof::engine::testing::turn::check_order(g, o).expect_err("refused");
        assert_eq!(&e.text, why);
    }
    select(&mut app, u);
    ch(&mut app, 'w');
    let Overlay::WhyNot(w) = &app.overlay else {
        panic!("w opens why not")
    };
    let at = w
        .lines
        .iter()
        .position(|l| {
            l.order.starts_with("Concentrate Fire (4.2.4 b), ") && l.order.contains(" at ")
        })
        .expect("the order names its target");
    assert_eq!(
        w.lines[at + 1].kind,
        fof::ui::app::WhyKind::Also,
        "{:?}",
        w.lines
    );
    assert!(w.lines[at + 1].order.contains(" at "), "{:?}", w.lines);
}

/// "Why not there?": a unit that may move to some adjacent cards and not
/// to another hears why not that one, under a heading of its own, in the
/// engine's words (a newcomer could not learn why the move to one card was
/// missing from the menu while the others were there).
#[test]
fn why_not_says_why_a_move_open_to_other_cards_is_not_open_to_this_one() {
    use fof::engine::testing::turn::refused_targets;
    let mover = |g: &Game| {
        g.friendly().map(|u| u.id).find(|u| {
            refused_targets(g, Some(*u))
                .iter()
                .any(|r| r.order == "Move to an Adjacent Card")
        })
    };
    let mut app = play_until("hedgerow_attack", |g| mover(g).is_some());
    let g = app.game();
    let u = mover(g).expect("a unit");
    let r = refused_targets(g, Some(u))
        .into_iter()
        .find(|r| r.order == "Move to an Adjacent Card")
        .expect("refused");
    let Some(Action::Move { to, .. }) = r.example.as_ref().map(|o| o.action.clone()) else {
        panic!("a move: {r:?}")
    };
    let line = format!("Move to an Adjacent Card (4.2.2 a), {} to ", g.describe(u));
    select(&mut app, u);
    ch(&mut app, 'w');
    let Overlay::WhyNot(w) = &app.overlay else {
        panic!("w opens why not")
    };
    let head = w
        .lines
        .iter()
        .position(|l| l.kind == fof::ui::app::WhyKind::Heading)
        .expect("a heading over the targets");
    let at = w
        .lines
        .iter()
        .position(|l| {
            l.order.starts_with(&line)
                && l.order[line.len()..]
                    .split(", ")
                    .any(|c| c == to.to_string())
        })
        .unwrap_or_else(|| panic!("{line}{to} in {:?}", w.lines));
    assert!(at > head);
    assert_eq!(w.lines[at].reason, r.reason);
    // At 80x24 the list runs past the window: its lower edge says how
    // much is below, and scrolling down brings the targets into view.
    let small = render(&app, 80, 24);
    assert!(small.contains("more line(s): Down"), "{small}");
    for _ in 0..60 {
        key(&mut app, KeyCode::Down);
    }
    for (wd, ht) in [(80, 24), (160, 50)] {
        let screen = render(&app, wd, ht);
        assert!(screen.contains("Open for some targets"), "{screen}");
        assert!(!screen.contains("more line(s)"), "{screen}");
    }
}

#[test]
fn snapshot_a_call_for_fire_warns_of_a_short_round() {
    let short = |g: &Game| {
        g.legal_inputs().into_iter().find(|i| {
            matches!(i, Input::Order(o) if matches!(o.action, Action::CallForFire { .. }))
                && fof::engine::testing::turn::forecast(g, i)
                    .consequences
                    .iter()
                    .any(|c| c.contains("short round"))
        })
    };
    let mut app = play_until(MISSION, |g| short(g).is_some());
    let want = short(app.game()).expect("a call for fire");
    ch(&mut app, 'o');
    for c in "call".chars() {
        ch(&mut app, c);
    }
    for _ in 0..200 {
        let Overlay::Menu(m) = &app.overlay else {
            panic!("the menu is open")
        };
        if m.selected_entry().is_some_and(|e| e.input == want) {
            break;
        }
        key(&mut app, KeyCode::Down);
    }
    let Overlay::Menu(m) = &app.overlay else {
        panic!("the menu is open")
    };
    let e = m.selected_entry().expect("the call is selected");
    assert_eq!(e.input, want);
    assert!(e.odds.as_ref().is_some_and(|o| o.short_round.is_some()));
    let screen = render(&app, 160, 50);
    assert!(screen.contains("short round"), "{screen}");
    both_sizes("call_for_fire_short_round", &app);
}

/// A search picks the order whose name the player typed: a play test
/// typed "move r1c3" for a move and was given a green star cluster, whose
/// meaning says "move" and which is listed first (its section comes
/// before Movement); "activate 1 plt" gave 3 PLT HQ's activation, the "1"
/// found in its rule 4.2.1. The menu's entries as the play test saw them.
#[test]
fn a_search_selects_the_order_named_before_one_that_only_mentions_it() {
    use fof::engine::kernel::input::MenuSection;
    use fof::ui::app::{Group, Menu};
    let app = mid_turn(1);
    let base = app.entry(&app.game().legal_inputs()[0]);
    let entry = |label: &str, recipient: &str, section: MenuSection, rule: &'static str| {
        let group = Group::Section(section);
        fof::ui::app::Entry {
            label: label.into(),
            recipient: recipient.into(),
            rule,
            group,
            search: format!(
                "{label} | {recipient} | CO HQ | {} | {rule}",
                section.label()
            )
            .to_lowercase(),
            ..base.clone()
        }
    };
    let c2 = MenuSection::CommandAndControl;
    let mv = MenuSection::Movement;
    let mut menu = Menu::grouped(
        "Orders".into(),
        vec![
            entry(
                "Activate a Platoon HQ: 3 PLT HQ",
                "3 PLT HQ on R1C1",
                c2,
                "4.2.1 a",
            ),
            entry(
                "Activate a Platoon HQ: 1 PLT HQ",
                "1 PLT HQ on R1C2",
                c2,
                "4.2.1 a",
            ),
            entry(
                "Deploy Pyrotechnic: CO HQ: green star cluster on R1C3 (signals \"units next to the primary objective move onto it\")",
                "CO HQ on R1C3",
                c2,
                "4.2.1 f",
            ),
            entry(
                "Move to an Adjacent Card: 2/2 to R1C3, in the open",
                "2/2 on R1C2",
                mv,
                "4.2.2 a",
            ),
            entry(
                "Concentrate Fire: 1/1 at Gren Sqd #9 on R2C2",
                "1/1 on R1C2",
                MenuSection::Combat,
                "4.2.4 b",
            ),
        ],
    );
    let search = |menu: &mut Menu, words: &str| {
        menu.clear_search();
        for c in words.chars() {
            menu.type_char(c);
        }
        menu.selected_entry()
            .expect("an entry is selected")
            .label
            .clone()
    };
    assert!(search(&mut menu, "move r1c3").starts_with("Move to an Adjacent Card"));
    assert!(search(&mut menu, "activate 1 plt").ends_with("1 PLT HQ"));
    assert_eq!(menu.shown(), 1, "\"1\" is not found inside the rule 4.2.1");
    // A word begun is found; one found only inside another word is not.
    assert!(search(&mut menu, "adj").starts_with("Move to an Adjacent Card"));
    assert!(search(&mut menu, "2/2").starts_with("Move to an Adjacent Card"));
    assert!(search(&mut menu, "#9").starts_with("Concentrate Fire"));
    assert!(search(&mut menu, "sqd 9").starts_with("Concentrate Fire"));
    menu.clear_search();
    for c in "djacent".chars() {
        menu.type_char(c);
    }
    assert_eq!(menu.shown(), 0);
}

#[test]
fn typing_on_the_map_opens_the_orders_searching() {
    let mut app = full_company_with_spot_orders();
    assert_eq!(app.overlay, Overlay::None);
    // `s` is the fire support panel's key: "Spot" with a capital (the
    // search ignores case) is no key.
    for c in "Spot".chars() {
        ch(&mut app, c);
    }
    let Overlay::Menu(menu) = &app.overlay else {
        panic!("a character that is no key opens the orders")
    };
    assert_eq!(menu.query, "Spot");
    let e = menu.selected_entry().expect("an entry is selected");
    assert!(e.label.starts_with("Spot"), "{}", e.label);
}

#[test]
fn a_platoon_orders_chance_is_that_of_the_whole_order() {
    use fof::engine::testing::turn::forecast;
    let whole = |g: &Game| {
        g.legal_inputs()
            .into_iter()
            .find(|i| forecast(g, i).whole.is_some())
    };
    let mut app = play_until(MISSION, |g| whole(g).is_some());
    let input = whole(app.game()).expect("a platoon order");
    let f = forecast(app.game(), &input);
    let pct = |o: fof::engine::testing::turn::Odds| o.whole_percent();
    ch(&mut app, 'o');
    let Overlay::Menu(m) = &app.overlay else {
        panic!("the menu is open")
    };
    let e = m
        .entries
        .iter()
        .find(|e| e.input == input)
        .expect("the order is listed");
    let o = e.odds.as_ref().expect("it draws");
    assert_eq!(o.chance, pct(f.whole.expect("whole odds")));
    assert_eq!(
        o.each.as_deref(),
        Some(pct(f.attempt.expect("an attempt").chance).as_str())
    );
}

#[test]
fn log_lines_wrap_and_are_never_cut() {
    let app = mid_turn(1);
    let screen = render(&app, 80, 24);
    // The CO HQ's commands drawn (4.1.1), among the last events, is
    // longer than the log is wide: its last words are on screen all the
    // same.
    let last = app
        .game()
        .log()
        .iter()
        .rev()
        .find(|e| e.rule == "4.1.1")
        .expect("commands drawn");
    assert!(last.text.len() > 80, "a long line: {}", last.text);
    let tail: String = last
        .text
        .split_whitespace()
        .rev()
        .take(2)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(screen.contains(&tail), "`{tail}` not in\n{screen}");
    // No log row runs past the frame.
    for row in screen.lines() {
        assert!(row.chars().count() <= 80);
    }
}

// ---- issue 18: what the board shows at a glance -------------------------------

fn sizes3(name: &str, app: &App<Local>) {
    for (w, h) in [(80, 24), (160, 50), (200, 60)] {
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), render(app, w, h));
    }
}

const ARROWS: [&str; 8] = ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"];

#[test]
fn the_fire_lines_draw_every_fire_link_with_its_vof() {
    let mut app = play_until(MISSION, |g| {
        combat::pdfs(g).count() >= 3
            && combat::pdfs(g).any(|l| l.side == fof::data::units::Side::Us)
    });
    let off = render(&app, 160, 50);
    ch(&mut app, 'v');
    assert!(app.fire_lines);
    let on = render(&app, 160, 50);
    let g = app.game();
    let links: Vec<_> = combat::pdfs(g).copied().collect();
    // Every link is drawn, its arrowhead on the screen (the whole 3x3 map
    // is in view at 160x50), and its VOF code is written on it.
    let drawn = app.hits.borrow().fire.clone();
    let rows: Vec<Vec<String>> = on
        .lines()
        .map(|l| l.chars().map(|c| c.to_string()).collect())
        .collect();
    for l in &links {
        let (_, at) = drawn
            .iter()
            .find(|(d, _)| d == l)
            .unwrap_or_else(|| panic!("{l:?} not drawn"));
        let (x, y) = at.unwrap_or_else(|| panic!("{l:?}: its head is off the screen"));
        let cell = &rows[y as usize][x as usize];
        assert!(ARROWS.contains(&cell.as_str()), "{cell} at {x},{y}\n{on}");
        let (_, code) = fof::ui::view::fire::kind_of(g, l);
        assert!(on.contains(&code), "{code} not drawn\n{on}");
    }
    sizes3("fire_lines", &app);
    ch(&mut app, 'v');
    assert!(!app.fire_lines);
    app.message = None;
    assert_eq!(render(&app, 160, 50), off);
}

#[test]
fn the_card_panel_names_the_fire_into_and_out_of_the_card() {
    let mut app = play_until(MISSION, |g| combat::pdfs(g).count() >= 1);
    let target = combat::pdfs(app.game()).next().copied().expect("a link");
    app.cursor = target.target;
    let screen = render(&app, 160, 50);
    assert!(
        screen.contains(&format!("Fired on from {}", target.from)),
        "{screen}"
    );
    app.cursor = target.from;
    let screen = render(&app, 160, 50);
    assert!(
        screen.contains(&format!("Fires at {}", target.target)),
        "{screen}"
    );
}

#[test]
fn the_card_panel_lists_every_unit_and_scrolls_to_the_selected_one() {
    // The whole company waits in the staging areas at the start of the
    // full-company mission.
    let mut g = Game::new(data(), "village_assault", 1, Options::default()).expect("setup");
    for _ in 0..5 {
        if let Some(a) = g.suggestion()
            && matches!(g.prompt().decision, Decision::Choose(_))
        {
            g.apply(&a).expect("the suggestion is legal");
        }
    }
    let mut app = app_of(g);
    app.screen = Screen::Play;
    let pos = (0..=4)
        .map(|c| fof::engine::kernel::pos::CardPos::new(0, c))
        .max_by_key(|p| app.game().state().units_at(*p).count())
        .expect("a staging area");
    app.cursor = pos;
    app.unit = 0;
    let n = app.units_here().len();
    assert!(n >= 5, "{n} units in the staging area");
    let last = app
        .game()
        .state()
        .unit(*app.units_here().last().expect("units"))
        .label
        .clone();
    for _ in 1..n {
        key(&mut app, KeyCode::Tab);
    }
    let screen = render(&app, 80, 24);
    let panel: String = screen
        .lines()
        .map(|l| l.chars().skip(48).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(panel.contains(&format!("> {last}")), "{panel}");
    assert!(!panel.contains("more"), "{panel}");
}

#[test]
fn the_drawn_cards_end_with_what_changed_worst_first() {
    // A call for fire whose Pending marker lands on our own units.
    let lands_on_us = |g: &Game| -> Option<Input> {
        g.legal_inputs().into_iter().find(|i| {
            if !matches!(i, Input::Order(o) if matches!(o.action, Action::CallForFire { .. })) {
                return false;
            }
            let mut h = g.clone();
            if h.apply(i).is_err() {
                return false;
            }
            let s = h.state();
            s.map.cards.iter().any(|c| {
                c.markers.pending_fire
                    && !g
                        .state()
                        .map
                        .card(c.pos)
                        .is_some_and(|b| b.markers.pending_fire)
                    && s.units_at(c.pos)
                        .any(|u| u.side == fof::data::units::Side::Us)
            })
        })
    };
    let mut app = play_until(MISSION, |g| lands_on_us(g).is_some());
    let input = lands_on_us(app.game()).expect("such a call");
    app.give(&input);
    assert!(matches!(app.overlay, Overlay::Cards(0)));
    let changes = app.summary.clone();
    assert_eq!(changes.first().map(|c| c.rank), Some(0), "{changes:?}");
    assert!(changes.windows(2).all(|w| w[0].rank <= w[1].rank));
    for _ in 0..app.shown.len() {
        key(&mut app, KeyCode::Enter);
    }
    assert_eq!(app.overlay, Overlay::Cards(app.shown.len()));
    let screen = render(&app, 160, 50);
    assert!(screen.contains("What changed"), "{screen}");
    assert!(screen.contains(", where our "), "{screen}");
    sizes3("what_changed_short_round", &app);
    key(&mut app, KeyCode::Enter);
    assert!(!matches!(app.overlay, Overlay::Cards(_)));
}

/// 6.2: fire whose firers are all pinned is the All Pinned VOF. "What
/// changed" says it of the firers: "(all pinned)" alone read as our units
/// being pinned (found by a newcomer play test).
#[test]
fn what_changed_says_an_all_pinned_vof_is_the_firers_being_pinned() {
    let d = data();
    let mut seen = 0;
    'games: for seed in 1..=40u64 {
        let mut g = Game::new(d.clone(), MISSION, seed, Options::default()).expect("setup");
        let mut rng = fof::play::sim::bot_rng(seed);
        for _ in 0..400 {
            if g.is_over() {
                continue 'games;
            }
            let legal = g.legal_inputs();
            let i = fof::play::sim::choose(fof::play::sim::Bot::Random, &mut rng, &g, &legal)
                .expect("a legal input");
            let events = g.apply(&i).expect("legal");
            for c in fof::ui::summary::changes(&events, &g) {
                if c.text.to_lowercase().contains("all pinned") {
                    assert!(c.text.contains("the firers are pinned"), "{}", c.text);
                    seen += 1;
                }
            }
            if seen >= 2 {
                break 'games;
            }
        }
    }
    assert!(seen > 0, "no all pinned VOF opened in 40 games");
}

/// 6.3.3: a hit may turn a unit's steps into teams that still fight, or
/// into casualties. "What changed" said "2/2 lost 2 steps" of a squad
/// split into a fire team and a paralyzed team, "1/1 is out of play" of a
/// squad broken into teams, and "Contact: #5 Para Tm" of the team an MG
/// we had hit became (a play test). In random games: a unit whose lost
/// steps became teams alone is never said to have lost them or to be out
/// of play, and a counter split off a known enemy unit is no contact.
#[test]
fn rule_6_3_3_what_changed_tells_steps_split_into_teams_from_steps_lost() {
    use fof::data::units::UnitKind;
    let d = data();
    let (mut split, mut enemy_split) = (0, 0);
    for mission in ["crossroads_firefight", "first_contact", "hedgerow_attack"] {
        for seed in 1..=12u64 {
            let mut g = Game::new(d.clone(), mission, seed, Options::default()).expect("setup");
            let mut rng = fof::play::sim::bot_rng(seed);
            while !g.is_over() {
                let before: fof::engine::kernel::state::State = g.state().clone();
                let legal = g.legal_inputs();
                let i = fof::play::sim::choose(fof::play::sim::Bot::Random, &mut rng, &g, &legal)
                    .expect("a legal input");
                let events = g.apply(&i).expect("legal");
                let s = g.state();
                let fresh: Vec<_> = s
                    .in_play()
                    .filter(|u| !before.units.iter().any(|b| b.id == u.id && b.in_play()))
                    .collect();
                let text: Vec<String> = fof::ui::summary::changes(&events, &g)
                    .into_iter()
                    .map(|c| c.text)
                    .collect();
                for b in before.in_play() {
                    let u = s.unit(b.id);
                    let hit = !u.in_play() || u.steps < b.steps;
                    let kin: Vec<_> = fresh
                        .iter()
                        .filter(|f| {
                            f.side == b.side && f.designation == b.designation && f.pos == b.pos
                        })
                        .collect();
                    if !hit || kin.is_empty() || kin.iter().any(|f| f.kind == UnitKind::Casualty) {
                        continue;
                    }
                    let about: Vec<&String> = text
                        .iter()
                        .filter(|t| {
                            t.starts_with(&format!("{} ", b.label))
                                || t.starts_with(&format!("{} on", u.label))
                        })
                        .collect();
                    for t in &about {
                        assert!(
                            !t.contains(" lost ") && !t.contains("out of play"),
                            "{mission} seed {seed}: {t}"
                        );
                    }
                    if b.side == fof::data::units::Side::Us {
                        split += 1;
                    } else {
                        enemy_split += 1;
                        for f in &kin {
                            let contact = format!("Contact: {} on", f.label);
                            assert!(
                                !text.iter().any(|t| t.starts_with(&contact)),
                                "{mission} seed {seed}: {text:?}"
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(
        split > 0 && enemy_split > 0,
        "splits seen: ours {split}, the enemy's {enemy_split}"
    );
}

#[test]
fn the_log_detail_shows_an_event_in_full_and_searches_the_log() {
    let mut app = mid_turn(1);
    close_cards(&mut app);
    let n = app.log_events().len();
    ch(&mut app, 'i');
    let Overlay::Log(d) = &app.overlay else {
        panic!("the detail view opens")
    };
    assert_eq!(d.at, n - 1);
    // Back to an event that drew cards: every card is listed with what it
    // showed.
    for _ in 0..n {
        let Overlay::Log(d) = &app.overlay else {
            panic!("still open")
        };
        if !app.log_events()[d.at].cards.is_empty() {
            break;
        }
        key(&mut app, KeyCode::Up);
    }
    let screen = render(&app, 160, 50);
    assert!(screen.contains("Cards drawn"), "{screen}");
    assert!(screen.contains("activated commands (helmet)"), "{screen}");
    sizes3("log_detail", &app);
    // Typing searches; only matching events are stepped through.
    for c in "draws card".chars() {
        ch(&mut app, c);
    }
    let Overlay::Log(d) = &app.overlay else {
        panic!("still open")
    };
    assert!(d.searching);
    let hits = app.log_detail_hits(d);
    assert!(!hits.is_empty());
    assert!(hits.contains(&d.at));
    let screen = render(&app, 160, 50);
    assert!(screen.contains("event(s) match"), "{screen}");
    key(&mut app, KeyCode::Esc);
    let Overlay::Log(d) = &app.overlay else {
        panic!("Esc clears the search first")
    };
    assert!(d.query.is_empty());
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay, Overlay::None);
    // Enter ends the typing; with a search made, Enter then steps to the
    // next match instead of closing the view (a newcomer pressed it to go
    // on, and the next Enter gave an order on the map).
    ch(&mut app, 'i');
    for c in "/the".chars() {
        ch(&mut app, c);
    }
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Home);
    let Overlay::Log(d) = &app.overlay else {
        panic!("still open")
    };
    assert!(!d.searching);
    let hits = app.log_detail_hits(d);
    assert!(hits.len() >= 2, "the search finds more than one event");
    assert_eq!(d.at, hits[0]);
    assert!(render(&app, 80, 24).contains("Enter next match"));
    key(&mut app, KeyCode::Enter);
    let Overlay::Log(d) = &app.overlay else {
        panic!("Enter with a search made does not close the view")
    };
    assert_eq!(d.at, hits[1]);
    // The search key begins a new search: the last one's words are not
    // kept (a play test's second search read "fire-teamCO HQ is").
    for c in "/card".chars() {
        ch(&mut app, c);
    }
    let Overlay::Log(d) = &app.overlay else {
        panic!("still open")
    };
    assert_eq!(d.query, "card");
}

/// Setting something down costs nothing and asks nothing: a stray Enter
/// on a menu that opened on it gave it unseen (found by a newcomer play
/// test). The orders menu opens on the unit's first other order.
#[test]
fn the_orders_menu_opens_on_nothing_and_a_search_never_selects_setting_something_down() {
    // Found by newcomer play tests: an Enter more than meant after the
    // drawn cards gave the menu's first order; a search for a card
    // selected the artillery observer's "Set down: the radio", and Enter
    // gave it. Random games, until units whose first entry in the menu is
    // a set-down have been met a few times (the games stop as soon as
    // they have: the seeds are only an upper bound).
    let mut carriers = 0;
    'games: for seed in 1..60u64 {
        let mut app = app_for(seed);
        begin(&mut app);
        let mut rng = fof::play::sim::bot_rng(seed);
        for _ in 0..300 {
            if app.game().is_over() {
                continue 'games;
            }
            close_cards(&mut app);
            carriers += opens_on_nothing_and_searches_past_drops(&mut app);
            if carriers >= 3 {
                break 'games;
            }
            let legal = app.game().legal_inputs();
            let next = fof::play::sim::pick(&mut rng, &legal).expect("an input");
            app.give(&next);
        }
    }
    assert!(
        carriers >= 3,
        "units whose first entry is a set-down: {carriers}"
    );
}

/// For every unit whose first entry in the orders menu is setting
/// something down and that has other orders: the menu opened on it has
/// nothing selected, Enter gives nothing, and a search for the unit's name
/// selects one of its other orders. How many such units there were.
fn opens_on_nothing_and_searches_past_drops(app: &mut App<Local>) -> usize {
    if !matches!(app.game().prompt().decision, Decision::Orders { .. }) {
        return 0;
    }
    let legal = app.game().legal_inputs();
    let mut carriers = 0;
    for u in app.game().friendly().map(|u| u.id).collect::<Vec<_>>() {
        let drops = |i: &Input| {
            matches!(i, Input::Drop { .. } | Input::DropItem { .. }) && i.units().contains(&u)
        };
        let others = legal.iter().any(|i| !drops(i) && i.units().contains(&u));
        if !legal.iter().any(drops) || !others {
            continue;
        }
        app.open_orders(Some(u));
        let Overlay::Menu(menu) = &app.overlay else {
            panic!("the orders menu opens")
        };
        assert_eq!(menu.selected, None, "nothing selected on opening");
        let Some(at) = menu.entries.iter().find(|e| e.input.units().contains(&u)) else {
            continue;
        };
        let first_is_drop = drops(&at.input);
        let recipient = at.recipient.clone();
        let n = app.driver.inputs();
        key(app, KeyCode::Enter);
        assert_eq!(app.driver.inputs(), n, "Enter on nothing gives nothing");
        let Overlay::Menu(menu) = &mut app.overlay else {
            panic!("the menu stays open")
        };
        // The search finds the unit's entries, the set-down first among
        // them where it came first in the menu.
        for c in recipient.to_lowercase().chars() {
            menu.type_char(c);
        }
        let shown_first_is_drop = menu.rows().iter().find_map(|r| match r {
            fof::ui::app::Row::Entry(i) => Some(drops(&menu.entries[*i].input)),
            _ => None,
        });
        if first_is_drop && shown_first_is_drop == Some(true) {
            carriers += 1;
        }
        let first = menu.selected_entry().expect("the search selects an entry");
        assert!(!drops(&first.input), "the search selected {}", first.label);
        key(app, KeyCode::Esc);
        key(app, KeyCode::Esc);
    }
    carriers
}

#[test]
fn a_resumed_game_says_where_it_stands() {
    let mut app = mid_turn(1);
    close_cards(&mut app);
    app.screen = Screen::Briefing;
    let screen = render(&app, 160, 50);
    assert!(screen.contains("Mission in progress: turn 1"), "{screen}");
    assert!(screen.contains("The company as it stands"), "{screen}");
    assert!(screen.contains("carry on"), "{screen}");
    sizes3("resume", &app);
    let fresh = app_for(1);
    assert!(!render(&fresh, 160, 50).contains("Mission in progress"));
}

#[test]
fn a_four_row_mission_starts_with_the_company_in_view() {
    for mission in ["hedgerow_attack", "village_assault"] {
        let mut g = Game::new(data(), mission, 1, Options::default()).expect("setup");
        while matches!(g.prompt().decision, Decision::Choose(_)) {
            let a = g.suggestion().expect("a suggestion");
            g.apply(&a).expect("legal");
        }
        let mut app = app_of(g);
        begin(&mut app);
        for (w, h) in [(80, 24), (160, 50), (200, 60)] {
            let screen = render(&app, w, h);
            assert!(screen.contains("SA"), "{mission} {w}x{h}\n{screen}");
            assert!(screen.contains("CO HQ 1"), "{mission} {w}x{h}\n{screen}");
        }
        if mission == "hedgerow_attack" {
            sizes3("four_rows_start", &app);
        }
    }
}

#[test]
fn the_key_bar_keeps_help_and_quit_at_80_columns() {
    let app = mid_turn(1);
    let screen = render(&app, 80, 24);
    let bar = screen.lines().last().expect("a key bar");
    assert!(bar.contains("? help"), "{bar}");
    assert!(bar.contains("q quit"), "{bar}");
    // Ending the impulse is the key a turn cannot go on without.
    assert!(bar.contains("e end impulse"), "{bar}");
}

#[test]
fn without_colour_every_cue_keeps_a_twin() {
    use fof::ui::theme::{Colours, Role};
    use ratatui::style::Modifier;
    let mut app = mid_turn(1);
    close_cards(&mut app);
    app.theme = Theme {
        colours: Colours::None,
        ascii: false,
    };
    // The enemy's style differs from ours by more than colour.
    let (us, them) = (app.theme.style(Role::Us), app.theme.style(Role::Enemy));
    assert_ne!(us.add_modifier, them.add_modifier);
    assert!(them.add_modifier.contains(Modifier::UNDERLINED));
    // The selected card is bracketed; the others are not.
    let screen = render(&app, 160, 50);
    let pos = app.cursor.to_string();
    assert!(screen.contains(&format!("[{pos}]")), "{screen}");
    // Fire lines carry their VOF code, not only a colour.
    ch(&mut app, 'v');
    let screen = render(&app, 160, 50);
    let g = app.game();
    for l in fof::engine::testing::combat::pdfs(g) {
        let (_, code) = fof::ui::view::fire::kind_of(g, l);
        assert!(screen.contains(&code), "{code}\n{screen}");
    }
}

#[test]
fn the_learn_panel_scrolls_with_the_page_keys() {
    let mut app = app_for(1);
    begin(&mut app);
    ch(&mut app, 'L');
    assert!(app.learn);
    // A stop whose explanation is longer than the panel at 80x24.
    let mut found = false;
    for _ in 0..60 {
        let screen = render(&app, 80, 24);
        if screen.contains("more below") {
            found = true;
            break;
        }
        key(&mut app, KeyCode::Enter);
        close_cards(&mut app);
    }
    assert!(found, "no explanation overflowed the panel");
    // A message goes with the next key: none to compare.
    app.message = None;
    let before = render(&app, 80, 24);
    key(&mut app, KeyCode::PageDown);
    let after = render(&app, 80, 24);
    assert_ne!(before, after, "the page key scrolls the explanation");
    assert_eq!(app.log_back, 0, "not the log");
    key(&mut app, KeyCode::PageUp);
    assert_eq!(render(&app, 80, 24), before);
}

// ---- the fire support and deck panels ------------------------------------------------

#[test]
fn s_and_d_toggle_the_side_panel_and_choosing_a_card_shows_it_again() {
    use fof::ui::app::SidePanel;
    let mut app = mid_turn(1);
    assert_eq!(app.side, SidePanel::Card);
    ch(&mut app, 's');
    assert_eq!(app.side, SidePanel::Support);
    assert!(render(&app, 160, 50).contains(" Fire support "));
    ch(&mut app, 'd');
    assert_eq!(app.side, SidePanel::Deck);
    assert!(render(&app, 160, 50).contains(" Action deck "));
    ch(&mut app, 'd');
    assert_eq!(app.side, SidePanel::Card, "the key again: the card");
    ch(&mut app, 's');
    key(&mut app, KeyCode::Tab);
    assert_eq!(app.side, SidePanel::Card, "choosing a unit shows its card");
    ch(&mut app, 'd');
    ch(&mut app, 'k');
    assert_eq!(
        app.side,
        SidePanel::Card,
        "moving the cursor shows the card"
    );
    // In a menu the letters search instead.
    ch(&mut app, 'o');
    ch(&mut app, 's');
    assert_eq!(app.side, SidePanel::Card);
    let Overlay::Menu(menu) = &app.overlay else {
        panic!("the menu stays open")
    };
    assert_eq!(menu.query, "s");
}

#[test]
fn s_and_d_work_in_learn_mode_and_the_replay_viewer() {
    use fof::ui::app::SidePanel;
    let mut app = learn_app(1);
    for _ in 0..7 {
        key(&mut app, KeyCode::Enter);
    }
    assert!(app.learn);
    while app.overlay != Overlay::None {
        key(&mut app, KeyCode::Esc);
    }
    ch(&mut app, 'd');
    assert_eq!(app.side, SidePanel::Deck);
    assert!(render(&app, 80, 24).contains(" Action deck "));
    ch(&mut app, 's');
    assert_eq!(app.side, SidePanel::Support);
    assert!(render(&app, 80, 24).contains(" Fire support "));
    // The replay viewer.
    let d = data();
    let (_, rec) = fof::play::sim::play_recorded(
        d.clone(),
        MISSION,
        2,
        fof::play::sim::Bot::Random,
        Options::default(),
    )
    .unwrap();
    let replay = fof::play::replay::Replay::parse(&rec.text()).unwrap();
    let start = fof::front::viewer_start(d.clone(), &replay).unwrap();
    let end = replay.play(d.clone()).unwrap();
    let mut app = app_of(end);
    app.view(
        fof::ui::app::Viewer {
            path: "game.replay".into(),
            replay,
            data: d,
        },
        start,
    );
    ch(&mut app, 'T');
    ch(&mut app, 'd');
    assert_eq!(app.side, SidePanel::Deck);
    assert!(render(&app, 160, 50).contains(" Action deck "));
    ch(&mut app, 's');
    assert_eq!(app.side, SidePanel::Support);
    let screen = render(&app, 160, 50);
    assert!(screen.contains(" Fire support "), "{screen}");
    assert!(
        screen.contains("s fire support"),
        "the key bar has room: {screen}"
    );
}

/// A mid-game position of a mission with two agencies where fire
/// missions have been called and the enemy has fired one.
fn fire_support_mid_game() -> App<Local> {
    use fof::engine::testing::combat::mission_markers;
    play_until("village_assault", |g| {
        let left: u32 = g.state().fire_missions.iter().map(|m| m.2 as u32).sum();
        let full: u32 = g
            .mission()
            .fire_support
            .iter()
            .flat_map(|f| f.missions.iter().map(|m| m.count as u32))
            .sum();
        let co = g
            .state()
            .units
            .iter()
            .any(|u| u.roster.as_deref() == Some("co_hq") && u.in_play());
        left < full && co && !mission_markers(g).is_empty()
    })
}

#[test]
fn snapshot_fire_support_panel() {
    let mut app = fire_support_mid_game();
    ch(&mut app, 's');
    let screen = render(&app, 160, 50);
    assert!(screen.contains(" Fire support "), "{screen}");
    assert!(screen.contains("105mm battalion (artillery"), "{screen}");
    three_sizes("fire_support", &app);
}

#[test]
fn snapshot_deck_odds_panel() {
    let mut app = mid_turn(1);
    // Two impulses more, so that more cards are read.
    for _ in 0..2 {
        end_impulse(&mut app);
        close_cards(&mut app);
        to_orders(&mut app);
    }
    ch(&mut app, 'd');
    three_sizes("deck_odds", &app);
}

#[test]
fn deck_odds_on_screen_are_a_count_of_the_pile() {
    use fof::data::action::Icon;
    let mut app = mid_turn(1);
    end_impulse(&mut app);
    close_cards(&mut app);
    to_orders(&mut app);
    ch(&mut app, 'd');
    let g = app.game();
    let pile: Vec<_> = g
        .state()
        .deck
        .pile()
        .iter()
        .filter_map(|c| match c {
            fof::engine::kernel::deck::Card::Action(n) => g.card(*n),
            fof::engine::kernel::deck::Card::Reshuffle => None,
        })
        .collect();
    let n = pile.len();
    assert!(n < 50, "cards were read");
    let screen = render(&app, 160, 50);
    assert!(
        screen.contains(&format!("{n} action card(s) left")),
        "{screen}"
    );
    for (label, icon) in [("crosshairs", Icon::Crosshairs), ("grenade", Icon::Grenade)] {
        let count = pile.iter().filter(|c| c.icon == icon).count();
        let pct = format!("{}%", (count * 200 + n) / (n * 2));
        let row = screen
            .lines()
            .find(|l| l.contains(&format!("│{label} ")))
            .unwrap_or_else(|| panic!("a {label} row: {screen}"));
        assert!(
            row.contains(&format!(" {count:>2} {pct:>4}")),
            "{label}: {count} cards, {pct}: {row}"
        );
    }
}

#[test]
fn the_side_panels_scroll_with_the_page_keys_when_they_overflow() {
    let mut g = Game::new(data(), "village_assault", 3, Options::default()).expect("setup");
    while matches!(g.prompt().decision, Decision::Choose(_)) {
        let a = g.suggestion().expect("a suggestion");
        g.apply(&a).expect("legal");
    }
    let mut app = app_of(g);
    begin(&mut app);
    for panel in ['s', 'd'] {
        ch(&mut app, panel);
        let before = render(&app, 80, 24);
        assert!(before.contains("more below"), "{before}");
        key(&mut app, KeyCode::PageDown);
        let after = render(&app, 80, 24);
        assert_ne!(before, after, "the page key scrolls the panel");
        assert_eq!(app.log_back, 0, "not the log");
        ch(&mut app, panel);
        assert_eq!(app.side_scroll, 0, "back to the card: the scroll is reset");
    }
}

/// A card whose vehicles fill it still counts what it cannot show: its
/// last line says how many vehicles and units are left out (a play-test
/// saw a rifle squad vanish from a small card holding two tanks, with no
/// "+1 more").
#[test]
fn a_card_full_of_vehicles_counts_the_units_it_cannot_show() {
    let mut g = Game::new(data(), "panzer_counterattack", 1, Options::default()).expect("setup");
    let pos = g
        .state()
        .map
        .cards
        .iter()
        .find(|c| c.face_up)
        .expect("a card face up")
        .pos;
    // Every vehicle and three units onto that one card.
    for v in &mut g.state_mut().vehicles {
        v.pos = pos;
    }
    let vehicles = g.state().vehicles.iter().filter(|v| v.in_play()).count();
    let placed: Vec<_> = g
        .state()
        .units
        .iter()
        .filter(|u| u.in_play())
        .map(|u| u.id)
        .take(3)
        .collect();
    assert_eq!(placed.len(), 3, "three units to place");
    for id in &placed {
        g.state_mut().unit_mut(*id).pos = pos;
    }
    let units = g.state().units_at(pos).count();
    assert!(vehicles >= 6, "{vehicles} vehicles fill a card at 80x24");
    let mut app = app_of(g);
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Play);
    app.update(Msg::Resize(80, 24));
    let screen = render(&app, 80, 24);
    let more: Vec<usize> = screen
        .split("+")
        .skip(1)
        .filter_map(|s| s.split_once(" more"))
        .filter_map(|(n, _)| n.parse().ok())
        .collect();
    // The vehicles come first: every unit is among what is left out, and
    // at least one vehicle with them.
    assert!(
        more.iter().any(|n| *n > units),
        "{units} units and {vehicles} vehicles on {pos}, counted: {more:?}\n{screen}"
    );
}

/// A briefing opened from the start menu goes back to it with the Back key
/// (Esc), which its key line names; one opened by `fof play` has no menu
/// to go back to, and the key does nothing there.
#[test]
fn a_briefing_from_the_start_menu_goes_back_to_it() {
    let mut app = app_for(1);
    app.menu = true;
    assert_eq!(app.screen, Screen::Briefing);
    let screen = render(&app, 80, 24);
    assert!(screen.contains("Esc: start menu"), "{screen}");
    key(&mut app, KeyCode::Esc);
    assert!(app.back && app.quit, "Esc on the briefing goes back");
    let mut app = app_for(1);
    assert!(!render(&app, 80, 24).contains("start menu"));
    key(&mut app, KeyCode::Esc);
    assert!(!app.back && !app.quit);
    assert_eq!(app.screen, Screen::Briefing);
    // Once play has begun, Esc is the ordinary Back key again.
    let mut app = app_for(1);
    app.menu = true;
    begin(&mut app);
    key(&mut app, KeyCode::Esc);
    assert!(!app.back && !app.quit);
}

#[test]
fn a_map_of_five_rows_shows_every_row_at_160x50_the_log_giving_up_rows_for_it() {
    // Found by a newcomer play test: a Korea map of five rows and its
    // staging area showed four rows at 160x50, the objective row off the
    // top behind a small scroll mark. The log now gives up rows, down to
    // its least, so that every row shows.
    let g = Game::new(data(), "k50_hill_before_dark", 3, Options::default()).expect("setup");
    let mut app = app_of(g);
    begin(&mut app);
    let screen = render(&app, 160, 50);
    for card in ["R5C1", "R5C3", "R4C2", "R1C1", "SA1", "SA3"] {
        assert!(screen.contains(card), "{card} is drawn:\n{screen}");
    }
    assert!(screen.contains("Log:"), "the log keeps a panel:\n{screen}");
    assert!(
        !screen.contains('▴'),
        "no row is scrolled out of view:\n{screen}"
    );
    // A map that fits as it is leaves the log its usual height, and one
    // that cannot fit however small the log scrolls as before.
    let small = render(&app, 80, 24);
    assert!(small.contains("R1C1") && !small.contains("R5C1"), "{small}");
    let mut normandy = app_for(3);
    begin(&mut normandy);
    let log_rows = |s: &str| {
        s.lines()
            .skip_while(|l| !l.contains("Log:"))
            .take_while(|l| !l.starts_with('└'))
            .count()
    };
    let (full, korea) = (render(&normandy, 160, 50), screen.clone());
    assert!(
        log_rows(&full) > log_rows(&korea),
        "the Korea log ({}) is shorter than a four-row map's ({})",
        log_rows(&korea),
        log_rows(&full)
    );
}

#[test]
fn the_briefing_scrolls_to_its_last_line_at_80x24() {
    // Found by a newcomer play test: at 80x24 the briefing of
    // k50_hill_before_dark stopped scrolling two rows short, its last line
    // cut ("... HQ of the Tank Section on"): the rows were counted by
    // characters, and word wrapping takes more.
    let g = Game::new(data(), "k50_hill_before_dark", 7, Options::default()).expect("setup");
    let mut app = app_of(g);
    app.update(Msg::Resize(80, 24));
    let _ = render(&app, 80, 24);
    for _ in 0..80 {
        key(&mut app, KeyCode::Down);
        let _ = render(&app, 80, 24);
    }
    let screen = render(&app, 80, 24);
    assert!(screen.contains("in the Tank Section on SA2"), "{screen}");
}

#[test]
fn an_orders_list_longer_than_its_window_says_how_many_rows_are_above_and_below() {
    // Found by a newcomer play test: lists of a hundred orders stopped at
    // the window's frame with no sign that more were below.
    let mut app = app_for(1);
    begin(&mut app);
    to_orders(&mut app);
    ch(&mut app, 'o');
    // At 80x24 the sections open folded: unfold the movement orders.
    let _ = render(&app, 80, 24);
    let Overlay::Menu(m) = &mut app.overlay else {
        panic!("o opens the orders")
    };
    m.folded.clear();
    // Ending the impulse, the last row, selected: the rest is above.
    key(&mut app, KeyCode::End);
    let screen = render(&app, 80, 24);
    assert!(screen.contains(" above "), "{screen}");
    assert!(!screen.contains(" below "), "{screen}");
    key(&mut app, KeyCode::Home);
    let screen = render(&app, 80, 24);
    assert!(screen.contains(" below "), "{screen}");
    assert!(!screen.contains(" above "), "{screen}");
}

#[test]
fn learn_mode_explains_a_set_up_answer_by_the_set_up_not_as_nothing_to_do() {
    // Found by a newcomer play test: keeping the briefing's holders
    // (2.3.2) was explained as "Nothing to do (3.0)", the entry for a step
    // of the turn with nothing to do, because the answer's one event says
    // nothing changed.
    use fof::ui::step::StopKind;
    let learn = explanations();
    let mut g = Game::new(data(), MISSION, 1, Options::default()).expect("setup");
    let events = g
        .apply(&Input::Answer(Answer::KeepAssets))
        .expect("the assets stay");
    let e = fof::ui::learn::explain(
        &learn,
        &g,
        &StopKind::Input(Input::Answer(Answer::KeepAssets)),
        &events,
    );
    assert_eq!(e.rule, "2.0", "{} ({})", e.title, e.rule);
    assert_ne!(e.title, "Nothing to do");
}

#[test]
fn a_message_about_one_card_goes_when_the_cursor_moves_to_another() {
    // Found by a newcomer play test: "1SG has no order open to it now"
    // stayed on the bottom line after the player had moved on.
    let mut app = app_for(1);
    begin(&mut app);
    to_orders(&mut app);
    app.message = Some("a message about this card".into());
    let before = app.cursor;
    for k in [KeyCode::Up, KeyCode::Down, KeyCode::Left, KeyCode::Right] {
        key(&mut app, k);
        if app.cursor != before {
            break;
        }
    }
    assert_ne!(app.cursor, before, "the cursor moved");
    assert_eq!(app.message, None);
}

#[test]
fn the_key_bar_offers_to_end_an_impulse_only_while_one_is_in_progress() {
    // A full company's turn has HQs to choose between.
    let mut g = Game::new(data(), "hedgerow_attack", 5, Options::default()).expect("setup");
    let mut rng = fof::play::sim::bot_rng(5);
    while !matches!(g.prompt().decision, Decision::ChooseHq { .. }) {
        let legal = g.legal_inputs();
        let i = fof::play::sim::choose(fof::play::sim::Bot::Random, &mut rng, &g, &legal)
            .expect("a legal input");
        g.apply(&i).expect("legal");
    }
    let mut app = app_of(g);
    app.screen = Screen::Play;
    for (w, h) in [(160, 50), (80, 24)] {
        let screen = render(&app, w, h);
        let bar = screen.lines().last().unwrap_or("");
        assert!(bar.contains("choose HQ"), "{bar}");
        assert!(!bar.contains("end impulse"), "{bar}");
    }
    to_orders(&mut app);
    let screen = render(&app, 80, 24);
    let bar = screen.lines().last().unwrap_or("");
    assert!(bar.contains("e end impulse"), "{bar}");
}

#[test]
fn learn_mode_says_why_a_step_of_impulses_hands_out_none_and_names_enter_as_the_bar_does() {
    // Found by a newcomer play test: the Company HQ initiative step was
    // explained as if the CO HQ drew for initiative in a turn it had been
    // activated; and where the walk waited for the player, the panel said
    // "Enter next" while the bar (rightly) said "Enter answer".
    use fof::engine::kernel::events::EventKind;
    use fof::engine::kernel::sequence::Step;
    let mut app = learn_app(3);
    walk_until(&mut app, |_| true);
    for _ in 0..200 {
        if !app.walking() {
            break;
        }
        key(&mut app, KeyCode::Enter);
    }
    assert!(matches!(app.game().prompt().decision, Decision::Choose(_)));
    for (w, h) in [(160, 50), (80, 24)] {
        let screen = render(&app, w, h);
        assert!(screen.contains("Enter answer"), "{screen}");
        assert!(!screen.contains("Enter next"), "{screen}");
    }
    walk_until(
        &mut app,
        |g| matches!(g, [e] if e.kind == EventKind::StepBegins { step: Step::CoHqInitiative }),
    );
    let g = app.game();
    let co = g.state().co_hq().expect("a CO HQ").id;
    assert!(
        g.state().hq_state(co).is_some_and(|h| h.activated),
        "the CO HQ had its impulse in 3.3.1 B"
    );
    let screen = render(&app, 160, 50);
    assert!(
        screen.contains("No impulse here this turn: the CO HQ was activated this turn"),
        "{screen}"
    );
}

#[test]
fn the_log_pages_back_by_what_it_shows_and_skips_no_event_at_80x24() {
    // Found by a newcomer play test: at 80x24 the log pane shows two or
    // three events, and PgUp went back five: events between were never
    // shown.
    let mut app = mid_turn(1);
    close_cards(&mut app);
    let events: Vec<_> = app.log_events().into_iter().cloned().collect();
    assert!(events.len() > 12, "{} events", events.len());
    let mut screens = vec![render(&app, 80, 24)];
    for _ in 0..6 {
        key(&mut app, KeyCode::PageUp);
        screens.push(render(&app, 80, 24));
    }
    let back = app.log_back;
    assert!(back >= 6, "six pages go back at least six events: {back}");
    // Every event from the newest to the last reached was on a page.
    for e in &events[events.len().saturating_sub(back)..] {
        let head: String = format!("[{}] {}", e.rule, e.text)
            .chars()
            .take(24)
            .collect();
        assert!(
            screens.iter().any(|s| s.contains(&head)),
            "never shown: {head}"
        );
    }
    // And forward again to the newest, every page a step nearer (a page is
    // what the pane shows whole where it stands, so the way down may take
    // a page more than the way up).
    for _ in 0..12 {
        if app.log_back == 0 {
            break;
        }
        let was = app.log_back;
        key(&mut app, KeyCode::PageDown);
        let _ = render(&app, 80, 24);
        assert!(app.log_back < was, "PgDn moved on from {was}");
    }
    assert_eq!(app.log_back, 0);
}

#[test]
fn a_message_goes_with_the_next_key() {
    // Found by a newcomer play test: "fire lines on (v hides them)" stayed
    // on the bottom line under later keys, the quit question's among them.
    let mut app = mid_turn(1);
    close_cards(&mut app);
    ch(&mut app, 'v');
    assert!(app.message.is_some(), "v says what it did");
    ch(&mut app, 'q');
    assert!(matches!(app.overlay, Overlay::Quit));
    assert_eq!(app.message, None);
    let screen = render(&app, 80, 24);
    assert!(!screen.contains("fire lines"), "{screen}");
}

/// 9.2.3: an enemy is placed under its package's (or the mission's)
/// cover marker whatever the card holds, and seeking cover finds no more
/// there than the card's potential less the markers on it (5.2.3). Found
/// by a newcomer play test: the German squad under cover on an open wheat
/// field read "C0 m1/0" and "Cover markers: 1 of 0 found".
#[test]
fn rule_9_2_3_a_card_shows_the_enemys_cover_marker_and_none_left_to_find() {
    let g = Game::new(data(), "panzer_counterattack", 9, Options::default()).expect("setup");
    let mut app = app_of(g);
    let pos = fof::engine::kernel::pos::CardPos::new(4, 2);
    let card = app.game().state().map.card(pos).expect("a card");
    assert_eq!(card.covers.len(), 1, "the squad's marker");
    assert_eq!(
        app.game().top_card(pos).map(|t| t.cover_markers),
        Some(0),
        "an open field"
    );
    app.screen = fof::ui::app::Screen::Play;
    app.cursor = pos;
    let screen = render(&app, 160, 50);
    assert!(
        screen.contains("Cover markers: 1 here (basic), 0 to find"),
        "{screen}"
    );
    assert!(!screen.contains("of 0 found"), "{screen}");
    // The card has room for words at 160x50 (issue 58), its code else.
    assert!(screen.contains("markers 1/0"), "{screen}");
}

/// The orders to a whole platoon (4.2.2 b and the others) come first in
/// their section of the all-orders menu, after the selected unit's own
/// when one is in focus. Found by a newcomer play test: "Move a Platoon"
/// sat at the bottom of the Movement section, below every single unit's
/// moves, and was found only by searching. Random games of a full company.
#[test]
fn the_orders_to_a_whole_platoon_come_first_in_their_section() {
    let mut checked = 0;
    for seed in 1..=3u64 {
        common::random_walk(data(), "hedgerow_attack", seed, 300, |g, legal| {
            if legal.iter().any(
                |i| matches!(i, Input::Order(o) if matches!(o.action, Action::MovePlatoon { .. })),
            ) && checked < 6
            {
                let mut app = app_of(g.clone());
                app.screen = Screen::Play;
                app.open_orders(None);
                let Overlay::Menu(m) = &app.overlay else {
                    panic!("the menu is open")
                };
                // The entries in the order the section shows them once
                // unfolded (a long menu opens folded).
                let first = m
                    .entries
                    .iter()
                    .find(|e| e.group == Group::Section(MenuSection::Movement))
                    .expect("movement orders");
                assert!(
                    first.recipient.starts_with("the platoon of "),
                    "seed {seed}: {} first",
                    first.label
                );
                checked += 1;
            }
        });
    }
    assert!(checked > 0, "some impulse could move a platoon");
}

/// "Why not?" gives a reason once: the kinds of order refused for the same
/// reason, with no target named, share one line (a newcomer read "no enemy
/// unit is known on the map to aim at" for one order after another).
#[test]
fn why_not_gives_a_reason_shared_by_several_orders_once() {
    use fof::engine::testing::turn::{aimed, refused_orders};
    let mut shared = 0;
    for mission in ["hedgerow_attack", MISSION] {
        for seed in 1..=2u64 {
            let mut n = 0;
            crate::common::random_walk(data(), mission, seed, 200, |g, _| {
                n += 1;
                if n % 5 != 0 || !matches!(g.prompt().decision, Decision::Orders { .. }) {
                    return;
                }
                for u in g.friendly().map(|u| u.id).collect::<Vec<_>>() {
                    let refused = refused_orders(g, u);
                    let plain = |r: &fof::engine::testing::turn::Refusal| {
                        r.also.is_empty() && !r.example.as_ref().is_some_and(|o| aimed(&o.action))
                    };
                    let mut app = app_of(g.clone());
                    app.screen = Screen::Play;
                    app.open_why_not(Some(u));
                    let Overlay::WhyNot(w) = &app.overlay else {
                        panic!("why not opens")
                    };
                    // The lines before the targets' heading: one per kind
                    // that names a target or gives more reasons, one per
                    // reason for the others.
                    let kinds: Vec<_> = w
                        .lines
                        .iter()
                        .take_while(|l| l.kind != fof::ui::app::WhyKind::Heading)
                        .filter(|l| l.kind == fof::ui::app::WhyKind::Order)
                        .collect();
                    for r in refused.iter().filter(|r| plain(r)) {
                        let others = refused
                            .iter()
                            .filter(|x| !plain(x) && x.reason == r.reason)
                            .count();
                        let lines = kinds.iter().filter(|l| l.reason == r.reason).count();
                        assert_eq!(
                            lines,
                            others + 1,
                            "{mission} seed {seed}: {} on {lines} lines",
                            r.reason
                        );
                        let line = kinds
                            .iter()
                            .find(|l| l.reason == r.reason && l.order.contains(r.order))
                            .expect("the kind is named on its reason's line");
                        if line.order.matches(" (4.").count() > 1 {
                            shared += 1;
                        }
                    }
                }
            });
        }
    }
    assert!(shared > 0, "some reason was shared");
}

/// After a platoon's move the selection goes with its HQ, as it goes with
/// a unit moved alone (a newcomer moved a platoon and found the selection
/// on the empty card it had left).
#[test]
fn the_selection_follows_a_platoon_that_moved() {
    let mut checked = 0;
    for seed in 1..=4u64 {
        crate::common::random_walk(data(), "hedgerow_attack", seed, 120, |g, legal| {
            for i in legal {
                let Input::Order(o) = i else { continue };
                let fof::engine::kernel::input::Action::MovePlatoon { to } = o.action else {
                    continue;
                };
                let hq = o.by.expect("a platoon's HQ gives its move");
                let mut app = app_of(g.clone());
                app.screen = Screen::Play;
                app.give(i);
                let at = app.game().state().get(hq).map(|u| u.pos);
                if at != Some(to) {
                    continue;
                }
                checked += 1;
                assert_eq!(app.cursor, to, "seed {seed}: the cursor stays behind");
                assert_eq!(
                    app.units_here().get(app.unit),
                    Some(&hq),
                    "seed {seed}: the HQ is selected"
                );
            }
        });
    }
    assert!(checked > 0, "some platoon moved");
}

/// The help says how much lies below and stops scrolling at its last line
/// (at 80x24 most of it is below, and nothing said so).
#[test]
fn the_help_says_what_lies_below_and_stops_at_its_end() {
    let mut app = app_for(1);
    begin(&mut app);
    ch(&mut app, '?');
    assert!(matches!(app.overlay, Overlay::Help(0)));
    let first = render(&app, 80, 24);
    assert!(first.contains("more line(s)"), "{first}");
    for _ in 0..500 {
        key(&mut app, KeyCode::Down);
    }
    let Overlay::Help(scroll) = app.overlay else {
        panic!("the help stays open")
    };
    let max = app.hits.borrow().help_max;
    assert!(max > 0);
    assert_eq!(scroll, max, "scrolling stops at the last line");
    let last = render(&app, 80, 24);
    assert!(!last.contains("more line(s)"), "{last}");
    // One Up and the lower edge says one line is below.
    key(&mut app, KeyCode::Up);
    assert!(render(&app, 80, 24).contains(" 1 more line(s)"));
}

/// At 80x24 the Command Display says the turn, the activity and the deck
/// in words that fit ("Deck: 50 left, 1 read, 0 reshu" was cut); at
/// 160x50 it keeps the long form.
#[test]
fn the_command_display_fits_its_lines_at_80x24() {
    let mut app = app_for(1);
    begin(&mut app);
    to_orders(&mut app);
    let g = app.game();
    let pile = g.state().deck.pile().len();
    let turns = g.mission().turns;
    let activity = g.state().activity.label();
    let small = render(&app, 80, 24);
    assert!(
        small.contains(&format!("Turn 1/{turns}, {activity}")),
        "{small}"
    );
    assert!(
        small.contains(&format!("Deck: {pile} left, no reshuffle")),
        "{small}"
    );
    let large = render(&app, 160, 50);
    assert!(large.contains(&format!("Turn 1 of {turns}  Activity: {activity}")));
    assert!(large.contains(&format!("Deck: {pile} left, ")));
    assert!(large.contains("reshuffle(s)"));
}

/// A vehicle's Unload is listed under the vehicle that sets its load down
/// (7.4.2), not as "the platoon of" the HQ giving it.
#[test]
fn rule_7_4_2_an_unload_order_is_listed_under_its_vehicle() {
    let mut seen = 0;
    for mission in [
        "panzer_counterattack",
        "k50_hill_before_dark",
        "k50_tanks_in_the_paddies",
    ] {
        for seed in 1..=6u64 {
            crate::common::random_walk(data(), mission, seed, 400, |g, legal| {
                for i in legal {
                    let Input::Order(o) = i else { continue };
                    let fof::engine::kernel::input::Action::Unload { vehicle } = o.action else {
                        continue;
                    };
                    seen += 1;
                    let label = g.state().vehicles[vehicle.0 as usize].label.clone();
                    let app = app_of(g.clone());
                    let e = app.entry(i);
                    assert!(
                        e.recipient.starts_with(&format!("the vehicle {label}")),
                        "{mission} seed {seed}: {}",
                        e.recipient
                    );
                }
            });
        }
    }
    assert!(seen > 0, "an Unload was open somewhere");
}

/// A question's title runs past the box's edge at 80 columns: it is shown
/// whole at the head of the box, wrapped, where the edge cut it to "(7.1."
/// (found by a newcomer play test). Where it fits, it stays on the edge.
#[test]
fn a_question_too_long_for_the_box_edge_is_shown_whole_inside_it() {
    let g = Game::new(data(), "hedgerow_attack", 1, Options::default()).expect("setup");
    assert!(matches!(g.prompt().decision, Decision::Choose(_)));
    let mut app = app_of(g);
    begin(&mut app);
    key(&mut app, KeyCode::Enter);
    let Overlay::Menu(m) = &mut app.overlay else {
        panic!("the answers are open")
    };
    let short = m.title.clone();
    m.title = format!("{short}, and past the edge of the box (7.1.1 B)");
    let wide = render(&app, 160, 50);
    assert!(
        wide.contains(&format!(
            "┌ {short}, and past the edge of the box (7.1.1 B) ─"
        )),
        "{wide}"
    );
    let narrow = render(&app, 80, 24);
    let flat: String = narrow
        .lines()
        .map(|l| {
            l.trim_matches(|c: char| c != ' ' && !c.is_alphanumeric())
                .trim()
        })
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        flat.contains("past the edge of the box (7.1.1 B)"),
        "{narrow}"
    );
    // The answers are still there, under it.
    assert!(narrow.contains("Keep the briefing's holders"), "{narrow}");
    let Overlay::Menu(m) = &mut app.overlay else {
        unreachable!()
    };
    m.title = short.clone();
    let narrow = render(&app, 80, 24);
    assert_eq!(narrow.matches(short.as_str()).count(), 1, "{narrow}");
}

/// End in learn mode runs the steps walked through to your decision (it
/// said "jumping to the end is for replays"); in a game outside learn
/// mode it says there is nothing ahead, and changes nothing.
#[test]
fn end_in_learn_mode_walks_on_to_your_decision() {
    let mut app = learn_app(1);
    for _ in 0..20 {
        if app.walking() {
            break;
        }
        let first = app.game().legal_inputs()[0].clone();
        app.give(&first);
    }
    assert!(app.walking(), "steps to walk through");
    key(&mut app, KeyCode::End);
    assert!(!app.walking(), "at the decision");
    assert!(
        app.message
            .as_deref()
            .is_some_and(|m| m.starts_with("your decision")),
        "{:?}",
        app.message
    );
    // Learn mode off: nothing to run to.
    ch(&mut app, 'L');
    let before = app.game().state_hash();
    key(&mut app, KeyCode::End);
    assert_eq!(app.game().state_hash(), before);
    assert!(
        app.message
            .as_deref()
            .is_some_and(|m| m.contains("at your decision already")),
        "{:?}",
        app.message
    );
}

/// A long line of the wide Command Display (an HQ with several skills)
/// wraps, and the display grows by the rows it takes: it was cut at the
/// edge, and wrapping it without counting the rows would have pushed the
/// last HQ out of the box.
#[test]
fn the_command_display_wraps_a_long_hq_row_and_keeps_every_hq() {
    use fof::data::mission::Skill;
    let mut g = Game::new(data(), "hedgerow_attack", 1, Options::default()).expect("setup");
    let co = g.state().co_hq().expect("a CO HQ").id;
    for k in [
        Skill::Leadership,
        Skill::FireDiscipline,
        Skill::GroundSense,
        Skill::KeenEye,
    ] {
        g.state_mut().skills.push((co, k));
    }
    let last = g
        .state()
        .hqs
        .iter()
        .filter_map(|h| g.state().get(h.unit))
        .filter(|u| u.in_play())
        .last()
        .expect("HQs")
        .label
        .clone();
    let mut app = app_of(g);
    app.screen = Screen::Play;
    for (w, h) in [(160, 50), (80, 24)] {
        let screen = render(&app, w, h);
        let lines: Vec<&str> = screen.lines().collect();
        let top = lines
            .iter()
            .position(|l| l.contains("Command Display"))
            .expect("the display");
        // The side column, from the display's left edge.
        let col = lines[top]
            .split("┌ Command Display")
            .next()
            .map_or(0, |s| s.chars().count());
        let side: Vec<String> = lines[top..]
            .iter()
            .map(|l| l.chars().skip(col).collect())
            .collect();
        let bottom = side
            .iter()
            .position(|l| l.starts_with('└'))
            .expect("its lower edge");
        let inside = side[..bottom].join("\n");
        let inside = inside.replace('\u{a0}', " ");
        assert!(inside.contains(Skill::KeenEye.label()), "{inside}");
        if w == 160 {
            assert!(inside.contains(&format!("{last} ")), "{inside}");
            assert!(inside.contains("Deck: "), "{inside}");
        } else {
            // Grouped by state at 80x24; the deck's line gives way first.
            assert!(inside.contains(&last), "{inside}");
        }
    }
}

#[test]
fn learn_mode_turned_on_mid_game_shows_the_whole_log() {
    // A play test's learn game, resumed from its save, came back without
    // learn mode, and `L` then showed 7 of its 43 events: the walk took
    // the game's whole history for the first procedure to explain.
    let mut app = mid_turn(3);
    let all = app.game().log().len();
    assert!(all > 10, "{all}");
    app.learn_here();
    assert!(app.learn);
    assert_eq!(app.log_events().len(), all);
    let screen = render(&app, 160, 50);
    assert!(
        screen.contains(&format!("Log: all ({all} event(s))")),
        "{screen}"
    );
    assert!(screen.contains("Learn: "), "{screen}");
}

/// A play test's What changed said only "1 PLT HQ is pinned" of an HQ a
/// hit had flipped to its fire-team side (6.3.3: it no longer commands),
/// and nothing of a Panzer moving up to the line or of the gun that
/// brewed it up. In random games of the tank missions every flip, every
/// vehicle knocked out and every vehicle move is said.
#[test]
fn rule_6_3_3_what_changed_tells_flips_and_the_vehicles() {
    let d = data();
    let (mut flips, mut outs, mut moves) = (0, 0, 0);
    for mission in ["panzer_counterattack", "k50_tanks_in_the_paddies"] {
        for seed in 1..=6u64 {
            let mut g = Game::new(d.clone(), mission, seed, Options::default()).expect("setup");
            let mut rng = fof::play::sim::bot_rng(seed);
            while !g.is_over() {
                let before: fof::engine::kernel::state::State = g.state().clone();
                let legal = g.legal_inputs();
                let i = fof::play::sim::choose(fof::play::sim::Bot::Random, &mut rng, &g, &legal)
                    .expect("a legal input");
                let events = g.apply(&i).expect("legal");
                let s = g.state();
                let text: Vec<String> = fof::ui::summary::changes(&events, &g)
                    .into_iter()
                    .map(|c| c.text)
                    .collect();
                for u in s.in_play() {
                    if let Some(b) = before.get(u.id)
                        && b.in_play()
                        && u.flipped
                        && !b.flipped
                    {
                        let want = format!("{} flips to its fire-team side", u.label);
                        assert!(
                            text.iter().any(|t| t.starts_with(&want)),
                            "{mission} seed {seed}: {text:?}"
                        );
                        flips += 1;
                    }
                }
                for v in &s.vehicles {
                    let Some(b) = before.vehicles.iter().find(|b| b.id == v.id) else {
                        continue;
                    };
                    if b.out.is_none()
                        && let Some(r) = v.out
                    {
                        let want = fof::ui::summary::vehicle_out(v, v.pos, r);
                        assert!(
                            text.contains(&want),
                            "{mission} seed {seed}: {want} in {text:?}"
                        );
                        outs += 1;
                    } else if v.in_play() && b.in_play() && v.pos != b.pos {
                        let want = format!("{} moves from {} to {}.", v.label, b.pos, v.pos);
                        assert!(
                            text.contains(&want),
                            "{mission} seed {seed}: {want} in {text:?}"
                        );
                        moves += 1;
                    }
                }
            }
        }
    }
    assert!(flips > 0 && outs > 0 && moves > 0, "{flips} {outs} {moves}");
}

#[test]
fn a_game_opened_from_the_start_menu_is_left_for_the_menu() {
    // A play test's `q`, `y` left the program from a game the start menu
    // had opened; `y` now goes back to the menu and `q` again quits.
    for (keys, back) in [("qy", true), ("qq", false)] {
        let mut app = app_for(1);
        begin(&mut app);
        app.menu = true;
        for c in keys.chars() {
            ch(&mut app, c);
        }
        assert!(app.quit, "{keys}");
        assert_eq!(app.back, back, "{keys}");
        let mut app = app_for(1);
        begin(&mut app);
        ch(&mut app, 'q');
        let screen = render(&app, 80, 24);
        assert!(screen.contains("Quit fof?"), "{screen}");
        app.menu = true;
        let screen = render(&app, 80, 24);
        assert!(screen.contains("Leave for the start menu?"), "{screen}");
    }
    // Not from the menu, `y` quits the program.
    let mut app = app_for(1);
    begin(&mut app);
    ch(&mut app, 'q');
    ch(&mut app, 'y');
    assert!(app.quit && !app.back);
}

/// Whether a screen says that a card or a staging area holds more than it
/// shows ("+3 more").
fn hides_counters(screen: &str) -> Option<&str> {
    screen.lines().find(|l| {
        l.split('+').skip(1).any(|rest| {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            !digits.is_empty() && rest[digits.len()..].starts_with(" more")
        })
    })
}

/// Issue 58: at 160x50 the whole company is in view at the start of every
/// shipped mission, on the first screen after the briefing and once the
/// set-up's questions are answered: no card or staging area says "+N
/// more". (2.4.2: the company waits in its staging areas; a defence sets
/// it up on the map.)
#[test]
fn tui_the_whole_company_is_in_view_at_the_start_of_every_mission_at_160x50() {
    let d = data();
    assert!(
        hides_counters("│+2 more   │").is_some(),
        "the check sees one"
    );
    for m in &d.missions {
        let g = Game::new(d.clone(), &m.id, 1, Options::default()).expect("setup");
        let mut app = app_of(g);
        if matches!(app.screen, fof::ui::app::Screen::Briefing) {
            key(&mut app, KeyCode::Enter);
        }
        let first = render(&app, 160, 50);
        assert_eq!(
            hides_counters(&first),
            None,
            "{}: first screen\n{first}",
            m.id
        );
        // The set-up answered as the briefing plans it: the first impulse.
        let mut g = Game::new(d.clone(), &m.id, 1, Options::default()).expect("setup");
        common::keep_plan(&mut g);
        let mut app = app_of(g);
        if matches!(app.screen, fof::ui::app::Screen::Briefing) {
            key(&mut app, KeyCode::Enter);
        }
        let played = render(&app, 160, 50);
        assert_eq!(hides_counters(&played), None, "{}: set up\n{played}", m.id);
    }
}

/// 6.3.3: steps of ours become a paralyzed or litter team: neither
/// fights, so "what changed" tells it as a loss (a play test read "Para
/// Tm B" as good news). In random games, every such line about one of our
/// units is marked bad.
#[test]
fn rule_6_3_3_what_changed_tells_our_steps_paralyzed_as_a_loss() {
    use fof::data::units::Side;
    use fof::ui::theme::Role;
    let d = data();
    let mut seen = 0;
    for mission in ["crossroads_firefight", "hedgerow_attack", "village_assault"] {
        for seed in 1..=10u64 {
            let mut g = Game::new(d.clone(), mission, seed, Options::default()).expect("setup");
            let mut rng = fof::play::sim::bot_rng(seed);
            while !g.is_over() && seen < 6 {
                let before = g.state().clone();
                let legal = g.legal_inputs();
                let i = fof::play::sim::choose(fof::play::sim::Bot::Random, &mut rng, &g, &legal)
                    .expect("a legal input");
                let events = g.apply(&i).expect("legal");
                for c in fof::ui::summary::changes(&events, &g) {
                    let ours = before
                        .in_play()
                        .filter(|u| u.side == Side::Us)
                        .any(|u| c.text.starts_with(&format!("{} on ", u.label)));
                    if ours && (c.text.contains("Para Tm") || c.text.contains("Litter Tm")) {
                        assert_eq!(c.role, Role::Bad, "{mission} {seed}: {}", c.text);
                        seen += 1;
                    }
                }
            }
        }
    }
    assert!(seen > 0, "no step of ours was paralyzed");
}

/// Issue 58: the Command Display names the question it waits on, not only
/// its rule ("A question for you (2.3.2)" left a newcomer guessing).
#[test]
fn the_command_display_names_the_pending_question() {
    let g = Game::new(data(), MISSION, 1, Options::default()).expect("setup");
    let mut app = app_of(g);
    app.screen = Screen::Play;
    let Decision::Choose(c) = app.game().prompt().decision else {
        panic!("the set-up asks first")
    };
    let (rule, q) = app.game().question(&c);
    let screen = render(&app, 160, 50);
    let head: String = q.chars().take(20).collect();
    assert!(
        screen.contains(&format!("Asked ({rule}): {head}")),
        "{screen}"
    );
    assert!(!screen.contains("A question for you"), "{screen}");
}

/// Issue 58: a section shown alone with no order in it says so, and how
/// to go on; "nothing matches" is said of a search only (a play test saw
/// it with nothing typed).
#[test]
fn an_empty_section_says_it_has_no_order_and_nothing_matches_is_for_searches() {
    let mut app = mid_turn(1);
    ch(&mut app, 'o');
    let Overlay::Menu(m) = &mut app.overlay else {
        panic!("o opens the orders")
    };
    m.entries
        .retain(|e| e.group != Group::Section(MenuSection::Rally));
    m.only(Some(MenuSection::Rally));
    let screen = render(&app, 160, 50);
    assert!(
        screen.contains("no Rally order can be given now (4.2.3)"),
        "{screen}"
    );
    assert!(!screen.contains("nothing matches"), "{screen}");
    // A search that finds nothing says so, with what was typed.
    show_section(&mut app, None);
    for c in "zzqx".chars() {
        ch(&mut app, c);
    }
    let screen = render(&app, 160, 50);
    assert!(screen.contains("nothing matches \"zzqx\""), "{screen}");
}

/// Issue 58, 3.3.2: ending an impulse that could still activate a platoon
/// HQ says which ones wait and what it costs them (a play test ended the
/// CO HQ's with no platoon HQ activated and was not warned).
#[test]
fn ending_the_co_hqs_impulse_names_the_platoon_hqs_not_activated() {
    // The company in its staging areas, the CO HQ's impulse with its
    // commands drawn: every platoon HQ may be activated.
    let mut g = Game::new(data(), "hedgerow_attack", 1, Options::default()).expect("setup");
    common::keep_plan(&mut g);
    let mut app = app_of(g);
    key(&mut app, KeyCode::Enter);
    let g = app.game();
    let waiting: Vec<String> = g
        .legal_inputs()
        .iter()
        .filter_map(|i| match i {
            Input::Order(o) => match o.action {
                Action::Activate { hq } => Some(g.describe(hq)),
                _ => None,
            },
            _ => None,
        })
        .collect();
    assert!(waiting.iter().any(|n| n.contains("PLT HQ")), "{waiting:?}");
    ch(&mut app, 'e');
    assert_eq!(app.overlay, Overlay::EndImpulse, "commands are left");
    let screen = render(&app, 160, 50);
    assert!(screen.contains("Not activated: "), "{screen}");
    for n in &waiting {
        assert!(screen.contains(n.as_str()), "{n}\n{screen}");
    }
    assert!(screen.contains("Initiative"), "{screen}");
}

/// Issue 58: two cover markers of a kind on one card are told apart by
/// their number and by who is under them (a play test met two entries
/// "to basic" that differed only in their details).
#[test]
fn two_cover_markers_of_a_kind_on_a_card_are_told_apart() {
    use fof::data::charts::CoverKind;
    use fof::engine::kernel::ids::CoverId;
    use fof::engine::kernel::state::CoverMarker;
    let mut g = Game::new(data(), MISSION, 1, Options::default()).expect("setup");
    let pos = fof::engine::kernel::pos::CardPos::new(1, 1);
    let sq = g
        .state()
        .in_play()
        .find(|u| u.label == "1/2")
        .map(|u| u.id)
        .expect("1/2");
    {
        let s = g.state_mut();
        let card = s.map.card_mut(pos).expect("a card");
        card.covers = [40, 41]
            .into_iter()
            .map(|n| CoverMarker {
                id: CoverId(n),
                kind: CoverKind::Basic,
                facing: None,
            })
            .collect();
        let u = s.unit_mut(sq);
        u.pos = pos;
        u.cover = Some(CoverId(40));
    }
    let a = fof::ui::labels::cover_name(&g, pos, CoverId(40));
    let b = fof::ui::labels::cover_name(&g, pos, CoverId(41));
    assert_eq!(a, "basic cover 1 of 2, with 1/2");
    assert_eq!(b, "basic cover 2 of 2, empty");
    // One of a kind needs no number.
    g.state_mut().map.card_mut(pos).unwrap().covers.pop();
    assert_eq!(
        fof::ui::labels::cover_name(&g, pos, CoverId(40)),
        "basic cover"
    );
}

/// Issue 58: the map's key is one key away and explains the codes on the
/// map now, and only those (with the frame's glyphs and the ratings).
#[test]
fn the_map_key_explains_the_codes_on_the_map_now() {
    let mut app = mid_turn(1);
    ch(&mut app, 'm');
    assert_eq!(app.overlay, Overlay::Legend(0));
    let on = fof::ui::view::codes_on_map(app.game());
    assert!(on.len() > 5, "{on:?}");
    // Tall enough to show the whole key.
    let screen = render(&app, 160, 120);
    for c in &on {
        let a = c.abbrev();
        // A long meaning wraps: its beginning is on its line.
        let head: String = a.meaning.chars().take(30).collect();
        assert!(screen.contains(&head), "{a:?}\n{screen}");
    }
    // A code that is nowhere on this map is not in its key.
    assert!(!on.contains(&fof::ui::view::legend::Code::Claymore));
    assert!(!screen.contains("a claymore"), "{screen}");
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay, Overlay::None);
}

/// Issue 58: the start of a mission of each type (an offensive, a defence
/// with armour, a night patrol, a Korean offensive on a five-row map), the
/// set-up answered as the briefing plans it, at the four sizes a player's
/// terminal is likely to have.
#[test]
fn snapshot_the_start_of_each_mission_type_at_four_sizes() {
    let d = data();
    for mission in [
        "hedgerow_attack",
        "panzer_counterattack",
        "night_patrol",
        "k50_hill_before_dark",
    ] {
        let mut g = Game::new(d.clone(), mission, 1, Options::default()).expect("setup");
        common::keep_plan(&mut g);
        let mut app = app_of(g);
        if matches!(app.screen, fof::ui::app::Screen::Briefing) {
            key(&mut app, KeyCode::Enter);
        }
        for (w, h) in [(80, 24), (120, 40), (160, 50), (200, 60)] {
            insta::assert_snapshot!(format!("start_{mission}_{w}x{h}"), render(&app, w, h));
        }
    }
}

/// Issue 58: at 80x24 a card box shows a few of its counters; z opens the
/// selected card whole over the map, every unit on it listed, and the
/// map's keys go on under it (another card, another unit).
#[test]
fn the_card_view_opens_the_selected_card_whole() {
    let mut g = Game::new(data(), "hedgerow_attack", 1, Options::default()).expect("setup");
    common::keep_plan(&mut g);
    let mut app = app_of(g);
    key(&mut app, KeyCode::Enter);
    // The main staging area: ten units, more than its box at 80x24 lists.
    let sa = fof::engine::kernel::pos::CardPos::new(0, 2);
    app.cursor = sa;
    let names: Vec<String> = app
        .game()
        .state()
        .units_at(sa)
        .map(|u| u.label.clone())
        .collect();
    assert!(names.len() >= 8, "{names:?}");
    let map = render(&app, 80, 24);
    assert!(map.contains("z whole"), "{map}");
    ch(&mut app, 'z');
    assert_eq!(app.overlay, Overlay::Card);
    let screen = render(&app, 80, 24);
    let shown = names
        .iter()
        .filter(|n| screen.contains(&format!("{n}: ")))
        .count();
    assert!(shown >= 8, "{shown} of {}\n{screen}", names.len());
    // Another card, still whole; Esc back to the map.
    key(&mut app, KeyCode::Left);
    assert_eq!(app.overlay, Overlay::Card);
    assert_ne!(app.cursor, sa);
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay, Overlay::None);
}

/// Issue 58: the briefing says where the marks are that the mission turns
/// on (2.4.1: objectives, phase lines, the limit of advance; 9.2.2: the
/// far edge, the enemy's side), and the goals key takes the cursor to each
/// in turn, the map scrolled there at 80x24 and the line under the map
/// saying what it is, round to the first again. Every shipped mission.
#[test]
fn tui_the_briefing_lists_the_marks_and_the_goals_key_visits_each_on_the_map() {
    let d = data();
    let mut objectives = 0;
    for m in &d.missions {
        let mut g = Game::new(d.clone(), &m.id, 1, Options::default()).expect("setup");
        common::keep_plan(&mut g);
        let mut app = app_of(g);
        app.update(Msg::Resize(200, 60));
        let list = fof::ui::goals::goals(app.game(), app.cursor.col);
        let ctl = &app.game().state().map.controls;
        assert_eq!(
            list.len(),
            ctl.points.len()
                + ctl.phase_lines.len()
                + usize::from(ctl.loa.is_some())
                + usize::from(ctl.mlr.is_some())
                + 1
                + usize::from(
                    app.game()
                        .state()
                        .map
                        .is_staging(CardPos::new(0, app.cursor.col))
                ),
            "{}: every mark once",
            m.id
        );
        objectives += ctl.points.len();
        if matches!(app.screen, fof::ui::app::Screen::Briefing) {
            let briefing = render(&app, 200, 60);
            assert!(
                briefing.contains("Where, on the map"),
                "{}\n{briefing}",
                m.id
            );
            for goal in fof::ui::goals::goals(app.game(), 1) {
                let start: String = goal.words.chars().take(60).collect();
                assert!(briefing.contains(&start), "{}: {start}\n{briefing}", m.id);
            }
            key(&mut app, KeyCode::Enter);
        }
        app.update(Msg::Resize(80, 24));
        for i in 0..list.len() {
            // A line across the map is visited in the cursor's column.
            let now = fof::ui::goals::goals(app.game(), app.cursor.col);
            let goal = &now[i];
            ch(&mut app, 'g');
            assert_eq!(app.cursor, goal.at, "{}: goal {i}", m.id);
            let said = app.message.clone().unwrap_or_default();
            assert!(
                said.starts_with(&goal.words)
                    && said.contains(&format!("({} of {};", i + 1, list.len())),
                "{}: {said}",
                m.id
            );
            let screen = render(&app, 80, 24);
            let name = if goal.at.row == 0 {
                format!("[SA{}]", goal.at.col)
            } else {
                format!("[{}]", goal.at)
            };
            assert!(screen.contains(&name), "{}: {name} in view\n{screen}", m.id);
        }
        ch(&mut app, 'g');
        assert_eq!(app.cursor, list[0].at, "{}: round to the first", m.id);
        // At 160x50 the far edge is named over the top row.
        let wide = render(&app, 160, 50);
        assert!(wide.contains("▲ enemy side"), "{}\n{wide}", m.id);
    }
    assert!(objectives > 10, "the missions have marks: {objectives}");
}

/// Issue 58: at 80x24 a single row of cards in view gives the staging
/// areas all it can spare (the log its least, the row of cards a line of
/// its least height), so that at the start of every mission begun in them
/// (2.4.2) a staging area of up to 10 counters is in view whole, and a
/// fuller one hides no more than what 9 lines cannot hold (the log's
/// share and a card's height left it 5 lines, "+6 more").
#[test]
fn tui_the_staging_areas_show_the_company_at_80x24_as_far_as_the_rows_allow() {
    let d = data();
    let (mut staged, mut whole) = (0, 0);
    for m in &d.missions {
        let mut g = Game::new(d.clone(), &m.id, 1, Options::default()).expect("setup");
        common::keep_plan(&mut g);
        let mut app = app_of(g);
        if matches!(app.screen, fof::ui::app::Screen::Briefing) {
            key(&mut app, KeyCode::Enter);
        }
        app.update(Msg::Resize(80, 24));
        let s = app.game().state();
        let fullest = (1..=s.map.cols)
            .map(|c| CardPos::new(0, c))
            .filter(|p| s.map.is_staging(*p))
            .map(|p| {
                s.in_play().filter(|u| u.pos == p).count()
                    + s.vehicles
                        .iter()
                        .filter(|v| v.in_play() && v.pos == p)
                        .count()
            })
            .max()
            .unwrap_or(0);
        if fullest == 0 {
            continue;
        }
        staged += 1;
        let screen = render(&app, 80, 24);
        // The strip: from the staging areas' titles down.
        let strip: String = screen
            .lines()
            .skip_while(|l| !l.contains(" SA1 ") && !l.contains("[SA1]"))
            .take_while(|l| !l.contains("Log"))
            .map(|l| l.chars().take(48).collect::<String>() + "\n")
            .collect();
        assert!(!strip.is_empty(), "{}\n{screen}", m.id);
        let hidden: usize = strip
            .split('+')
            .skip(1)
            .filter_map(|rest| {
                let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
                (!digits.is_empty() && rest[digits.len()..].starts_with(" more"))
                    .then(|| digits.parse::<usize>().unwrap())
            })
            .max()
            .unwrap_or(0);
        if fullest <= 10 {
            assert_eq!(hidden, 0, "{}: {fullest} counters\n{screen}", m.id);
            whole += 1;
        } else {
            assert!(
                hidden <= fullest - 8,
                "{}: {hidden} of {fullest} hidden\n{screen}",
                m.id
            );
        }
    }
    assert!(staged >= 5 && whole >= 2, "{staged} staged, {whole} whole");
}

/// Issue 58: at 80x24 the Command Display names every HQ and where it
/// stands (3.3): grouped a line or two a state, it fits above a card panel
/// of two lines (a row an HQ left "3 PLT HQ" and more under the panel).
#[test]
fn tui_the_command_display_names_every_hq_at_80x24() {
    let d = data();
    for mission in [
        "hedgerow_attack",
        "panzer_counterattack",
        "k51_night_defence",
    ] {
        let mut g = Game::new(d.clone(), mission, 1, Options::default()).expect("setup");
        common::keep_plan(&mut g);
        let mut app = app_of(g);
        key(&mut app, KeyCode::Enter);
        app.update(Msg::Resize(80, 24));
        let screen = render(&app, 80, 24).replace('\u{a0}', " ");
        // The side column, its rows joined as the display wraps them.
        let side: String = screen
            .lines()
            .map(|l| l.chars().skip(49).take(29).collect::<String>())
            .map(|l| l.trim_end().to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let s = app.game().state();
        assert!(
            side.contains("Waiting: ") || side.contains("Spending: "),
            "{screen}"
        );
        for h in &s.hqs {
            let label = &s.get(h.unit).expect("an HQ").label;
            assert!(
                side.contains(label.as_str()),
                "{mission}: {label}\n{screen}"
            );
        }
    }
}

/// Issue 58: at 80 columns the key bar keeps "why not" on the map (a play
/// test at 80x24 found it only under ?): fewer words first, the orders
/// menu's key and the arrows' word giving way, then the rest from the end.
#[test]
fn tui_the_key_bar_keeps_why_not_at_80_columns() {
    let mut app = app_for(1);
    begin(&mut app);
    to_orders(&mut app);
    let screen = render(&app, 80, 24);
    let bar = screen.lines().last().unwrap_or("");
    for word in [
        "Enter orders",
        "e end impulse",
        "t tip",
        "w why not",
        "? help",
        "q quit",
    ] {
        assert!(bar.contains(word), "{word}: {bar}");
    }
    // With room, every word.
    let wide = render(&app, 160, 50);
    let bar = wide.lines().last().unwrap_or("");
    assert!(
        bar.contains("o all orders") && bar.contains("w why not?"),
        "{bar}"
    );
}
