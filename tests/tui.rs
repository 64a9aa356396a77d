//! The terminal front end without a terminal: the app driven by key events
//! (state tests), and its screens drawn to ratatui's `TestBackend` at fixed
//! sizes (snapshot tests, reviewed and kept in tests/snapshots/).

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use fof::data::{DataSet, DataSource, load};
use fof::engine::kernel::input::Action;
use fof::engine::kernel::input::{Decision, Input};
use fof::engine::{Game, Options};
use fof::learn::Learn;
use fof::ui::app::{App, Driver, Local, Msg, Overlay, Screen};
use fof::ui::keys::{Command, KeyMap};
use fof::ui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
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
    g.apply(&Input::KeepAssets)
        .expect("the assets stay as planned");
    g.apply(&Input::KeepSignals).expect("the signal plan stays");
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
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    t.draw(|f| fof::ui::view::draw(f, app)).expect("draw");
    let buf = t.backend().buffer().clone();
    let mut out = String::new();
    for y in 0..h {
        let mut line = String::new();
        for x in 0..w {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Closes the drawn-cards window if one is open.
fn close_cards(app: &mut App<Local>) {
    if matches!(app.overlay, Overlay::Cards(_)) {
        key(app, KeyCode::Esc);
    }
}

/// Plays on with the first HQ on offer until an impulse is in progress.
fn to_orders(app: &mut App<Local>) {
    for _ in 0..50 {
        match app.game().prompt().decision {
            Decision::Orders { .. } => return,
            Decision::ChooseHq { candidates } => {
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
    // Every entry is legal and names the unit, except ending the impulse.
    for e in &menu.entries {
        assert!(legal.contains(&e.input), "{:?} is not legal", e.input);
    }
    assert!(menu.entries.iter().any(|e| e.input == Input::EndImpulse));
    let target = menu
        .entries
        .iter()
        .position(|e| matches!(&e.input, Input::Order(o) if matches!(o.action, Action::Move { unit: u, to: t, .. } if u == unit && t == to)))
        .expect("the move is in the unit's menu");
    for _ in 0..target {
        ch(&mut app, 'j');
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
    ch(&mut app, 'e');
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
        let f = fof::engine::turn::forecast::forecast(app.game(), &e.input);
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
    assert!(screen.contains("Mission result"), "{screen}");
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
fn snapshot_orders_menu_with_odds() {
    let mut app = mid_turn(1);
    ch(&mut app, 'o');
    both_sizes("orders_menu", &app);
}

#[test]
fn snapshot_drawn_card() {
    let mut app = mid_turn(1);
    ch(&mut app, 'e');
    assert!(matches!(app.overlay, Overlay::Cards(_)));
    both_sizes("drawn_card", &app);
}

#[test]
fn snapshot_command_display_and_log_mid_turn() {
    let app = mid_turn(1);
    both_sizes("mid_turn", &app);
}

#[test]
fn snapshot_log_filtered_to_the_enemy() {
    let mut app = mid_turn(1);
    ch(&mut app, 'e');
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
    both_sizes("result", &app);
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
        // Only Enter, as a new player would press it: at a decision it
        // opens the orders and gives the first.
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
    ch(&mut a, 'e');
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
    let mut apps = vec![app_for(1), mid_turn(1), mid_turn(1), learn_app(1)];
    begin(&mut apps[0]);
    ch(&mut apps[1], 'o');
    ch(&mut apps[2], 'e');
    for app in &mut apps {
        app.theme.ascii = true;
        for (w, h) in [(80, 24), (160, 50)] {
            let screen = render(app, w, h);
            assert!(screen.is_ascii(), "{screen}");
        }
    }
}
