//! The campaign's screens without a terminal: the start menu's pages, a
//! campaign mission's briefing with its stakes, the debrief and each
//! decision between missions, and the end of a campaign, driven by key
//! events and drawn to ratatui's `TestBackend` (snapshots reviewed and
//! kept in tests/snapshots/).

use crate::common;

use common::{new_data, render_with, started};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use fof::data::DataSet;
use fof::data::action::Experience::{Green as G, Line as L, Veteran as V};
use fof::data::mission::Task;
use fof::engine::kernel::events::Event;
use fof::engine::kernel::state::{Outcome, Tally};
use fof::engine::{Game, Illegal, Input, Options};
use fof::play::campaign::{Campaign, Choice, Mode, Stage};
use fof::ui::app::{App, Deciding, Driver, Finished, Msg, Screen};
use fof::ui::keys::KeyMap;
use fof::ui::start::{Choice as StartChoice, Page, StartMenu};
use fof::ui::theme::Theme;
use std::path::PathBuf;
use std::sync::Arc;

/// A campaign between missions, held in memory: the screens' driver.
struct Camp {
    data: Arc<DataSet>,
    camp: Campaign,
    game: Game,
}

impl Driver for Camp {
    fn game(&self) -> &Game {
        &self.game
    }
    fn apply(&mut self, input: &Input) -> Result<Vec<Event>, Illegal> {
        self.game.apply(input)
    }
    fn take_warning(&mut self) -> Option<String> {
        None
    }
    fn inputs(&self) -> u64 {
        0
    }
    fn stakes(&self) -> Vec<String> {
        self.camp.stakes(&self.data)
    }
    fn undo(&mut self) -> Result<(), String> {
        Err("not here".into())
    }
    fn finish(&mut self) -> Result<Finished, String> {
        let f = fof::play::session::Finished {
            replay: PathBuf::from("replays/01-crossroads_firefight-1.replay"),
            record: self.camp.records.last().cloned(),
            status: fof::play::campaign::status(&self.camp, &self.data),
        };
        Ok(Finished::of(Some(&self.camp), &self.data, &f))
    }
    fn next_mission(&mut self) -> Result<(), String> {
        Err("not here".into())
    }
    fn take_over(&mut self, _: fof::play::replay::Recorder) -> Result<String, String> {
        Err("not here".into())
    }
    fn deciding(&self) -> Option<Deciding> {
        Deciding::of(&self.camp, &self.data, &self.game)
    }
    fn decide(&mut self, c: &Choice) -> Result<(), String> {
        self.camp.choose(c)
    }
}

fn explanations() -> Arc<fof::learn::Learn> {
    let (_, learn) =
        fof::learn::load(&fof::data::DataSource::Embedded).expect("shipped data loads");
    Arc::new(learn)
}

fn both_sizes(name: &str, app: &App<Camp>) {
    for (w, h) in [(80, 24), (160, 50)] {
        insta::assert_snapshot!(
            format!("{name}_{w}x{h}"),
            render_with(w, h, |f| fof::ui::view::draw(f, app))
        );
    }
}

fn key<D: Driver>(app: &mut App<D>, code: KeyCode) {
    app.update(Msg::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn menu_key(m: &mut StartMenu, code: KeyCode) {
    m.update(Msg::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn ended(g: &mut Game, success: bool) {
    let s = g.state_mut();
    s.step = fof::engine::Step::MissionEnd;
    s.outcome = Some(if success {
        Outcome::Success
    } else {
        Outcome::Failure("the objective was not taken".into())
    });
    s.tally = Some(Tally {
        lines: vec![(Task::InflictCasualty, 4, 4), (Task::Grenade, 2, 2)],
        total: 6,
    });
}

fn app_of(c: Campaign, g: Game, d: Arc<DataSet>) -> App<Camp> {
    let mut app = App::new(
        Camp {
            data: d,
            camp: c,
            game: g,
        },
        explanations(),
        KeyMap::default(),
        Theme::default(),
    );
    app.update(Msg::Resize(160, 50));
    app
}

fn stage(app: &App<Camp>) -> Option<Stage> {
    app.driver.camp.between.as_ref().map(|b| b.stage)
}

#[test]
fn snapshot_campaign_briefing_says_what_is_at_stake() {
    let (c, g, d) = started(Mode::Survivor);
    let app = app_of(c, g, d);
    assert_eq!(app.screen, Screen::Briefing);
    both_sizes("campaign_briefing_stakes", &app);
    // At 80x24 the briefing is longer than the screen: it scrolls, no
    // further than its end.
    let mut app = app;
    render_with(80, 24, |f| fof::ui::view::draw(f, &app));
    let max = app.hits.borrow().report_max;
    assert!(max > 0);
    for _ in 0..max + 5 {
        key(&mut app, KeyCode::Down);
    }
    assert_eq!(app.report_scroll, max);
    let shown = render_with(80, 24, |f| fof::ui::view::draw(f, &app));
    assert!(shown.contains(&format!("({max}/{max})")), "{shown}");
    assert!(shown.contains("The company"), "{shown}");
}

#[test]
fn snapshot_the_debrief_and_each_decision_between_missions() {
    let (mut c, mut g, d) = started(Mode::Survivor);
    for m in &mut c.roster {
        m.steps = vec![L; m.steps.len()];
    }
    let m = c.roster.iter_mut().find(|m| m.id == "2_2").unwrap();
    m.steps = vec![V, V, G, G];
    // 3/2 lost: four casualty steps in this mission, so a veteran comes
    // back (10.4).
    let sq = g.state().by_roster("2_3").unwrap().clone();
    g.state_mut().unit_mut(sq.id).removed = true;
    for _ in 0..4 {
        fof::engine::kernel::units::spawn_team(&mut g, &sq, fof::data::units::UnitKind::Casualty);
    }
    ended(&mut g, true);
    c.end_mission(&d, &g);
    let mut app = app_of(c, g, d);
    assert_eq!(app.screen, Screen::Result);
    key(&mut app, KeyCode::Enter);
    assert_eq!(stage(&app), Some(Stage::Debrief));
    both_sizes("between_debrief", &app);
    key(&mut app, KeyCode::Enter);
    assert_eq!(stage(&app), Some(Stage::Promote));
    // The suggestion is selected; the 10.6 preview is on every offer.
    let d = app.driver.deciding().unwrap();
    assert_eq!(Some(app.between_sel), d.suggested);
    assert!(
        d.choices
            .iter()
            .all(|(c, l)| !matches!(c, Choice::Promote(..)) || l.contains("(10.6)"))
    );
    both_sizes("between_promotion", &app);
    // The player's own choice: 2/2's Green step, not the suggestion.
    let want = Choice::Promote("2_2".into(), G);
    let at = d.choices.iter().position(|(c, _)| *c == want).unwrap();
    app.between_sel = 0;
    for _ in 0..at {
        key(&mut app, KeyCode::Down);
    }
    key(&mut app, KeyCode::Enter);
    assert_eq!(
        app.driver
            .camp
            .roster
            .iter()
            .find(|m| m.id == "2_2")
            .unwrap()
            .steps,
        vec![V, V, L, G]
    );
    // No more promotions: to the skills.
    while stage(&app) == Some(Stage::Promote) {
        let n = app.driver.deciding().unwrap().choices.len();
        for _ in 0..n {
            key(&mut app, KeyCode::Down);
        }
        key(&mut app, KeyCode::Enter);
    }
    assert_eq!(stage(&app), Some(Stage::Skills));
    both_sizes("between_skills", &app);
    key(&mut app, KeyCode::Enter);
    while stage(&app) == Some(Stage::Skills) {
        let n = app.driver.deciding().unwrap().choices.len();
        for _ in 0..n {
            key(&mut app, KeyCode::Down);
        }
        key(&mut app, KeyCode::Enter);
    }
    assert_eq!(stage(&app), Some(Stage::Replace));
    assert!(app.driver.camp.between.as_ref().unwrap().veterans >= 1);
    both_sizes("between_replacements", &app);
    while stage(&app).is_some() {
        key(&mut app, KeyCode::Enter);
    }
    let Screen::Between(f) = &app.screen else {
        panic!("{:?}", app.screen)
    };
    assert!(f.next);
    assert!(
        f.lines
            .iter()
            .any(|l| l.contains("2/2: a step from green to line")),
        "{:?}",
        f.lines
    );
    both_sizes("between_after", &app);
}

#[test]
fn snapshot_a_campaign_lost_says_why_and_how_to_begin_another() {
    let (mut c, mut g, d) = started(Mode::Standard);
    ended(&mut g, false);
    c.end_mission(&d, &g);
    assert!(c.end.is_some());
    let mut app = app_of(c, g, d);
    key(&mut app, KeyCode::Enter);
    assert_eq!(stage(&app), Some(Stage::Debrief));
    key(&mut app, KeyCode::Enter);
    let Screen::Between(f) = &app.screen else {
        panic!("{:?}", app.screen)
    };
    assert!(!f.next);
    assert!(f.over.as_deref().unwrap_or("").contains("lost"), "{f:?}");
    both_sizes("campaign_over", &app);
    // Opened from the start menu, Enter goes back to it (a play test
    // found only a way out of the program).
    app.menu = true;
    assert!(
        render_with(80, 24, |f| fof::ui::view::draw(f, &app)).contains("back to the start menu")
    );
    key(&mut app, KeyCode::Enter);
    assert!(app.back && app.quit, "back to the start menu");
}

fn empty_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("fof-tui-campaign-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn snapshot_the_start_menu_offers_learn_mode_first_and_a_new_campaign_page() {
    let d = new_data();
    let dir = empty_dir("menu");
    let mut m = StartMenu::new(&d, &dir, KeyMap::default(), Theme::default(), 1944);
    assert!(m.hint.is_some(), "an empty save folder: learn mode first");
    assert_eq!(
        m.entries[0].item,
        fof::ui::start::Item::Choose(StartChoice::Learn(1))
    );
    insta::assert_snapshot!(
        "start_menu_first_time_80x24",
        render_with(80, 24, |f| m.draw(f))
    );
    menu_key(&mut m, KeyCode::Down);
    menu_key(&mut m, KeyCode::Enter);
    assert!(matches!(m.page, Page::New(_)));
    // Survivor mode, 13.2 on.
    menu_key(&mut m, KeyCode::Down);
    menu_key(&mut m, KeyCode::Right);
    menu_key(&mut m, KeyCode::Down);
    menu_key(&mut m, KeyCode::Down);
    menu_key(&mut m, KeyCode::Enter);
    for (w, h) in [(80, 24), (160, 50)] {
        insta::assert_snapshot!(
            format!("new_campaign_{w}x{h}"),
            render_with(w, h, |f| m.draw(f))
        );
    }
    for _ in 0..4 {
        menu_key(&mut m, KeyCode::Down);
    }
    menu_key(&mut m, KeyCode::Enter);
    let Some(StartChoice::New(at, new)) = m.chosen.clone() else {
        panic!("{:?}", m.chosen)
    };
    assert_eq!(at, dir);
    assert_eq!(new.mode, Mode::Survivor);
    assert!(new.options.no_ammo && !new.options.all_line);
    assert_eq!(new.seed, 1944);
    // Begun there, a second one goes beside it, named.
    let s = fof::play::session::Session::open_or_new(d.clone(), &at, &new).unwrap();
    drop(s);
    let mut m = StartMenu::new(&d, &dir, KeyMap::default(), Theme::default(), 7);
    assert!(m.hint.is_none());
    assert_eq!(m.campaigns.len(), 1);
    let new_at = m
        .entries
        .iter()
        .position(|e| e.item == fof::ui::start::Item::NewCampaign)
        .unwrap();
    m.selected = new_at;
    menu_key(&mut m, KeyCode::Enter);
    for _ in 0..6 {
        menu_key(&mut m, KeyCode::Down);
    }
    menu_key(&mut m, KeyCode::Enter);
    let Some(StartChoice::New(at2, _)) = m.chosen.clone() else {
        panic!("{:?}", m.chosen)
    };
    assert_eq!(at2, dir.join("campaigns").join("normandy_1944-2"));
    // Deleting asks first; any key but y keeps it.
    let mut m = StartMenu::new(&d, &dir, KeyMap::default(), Theme::default(), 7);
    m.selected = 0;
    menu_key(&mut m, KeyCode::Char('d'));
    assert_eq!(m.page, Page::Delete(0));
    menu_key(&mut m, KeyCode::Char('n'));
    assert!(dir.join("campaign.ron").exists());
    menu_key(&mut m, KeyCode::Char('d'));
    menu_key(&mut m, KeyCode::Char('y'));
    assert!(!dir.join("campaign.ron").exists());
    assert!(m.campaigns.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_start_menu_deals_a_new_game_and_lists_the_one_begun_under_continue() {
    use fof::play::session::{Session, single_path};
    use fof::ui::start::Item;
    let d = new_data();
    let dir = empty_dir("new-game");
    let seed_of = |m: &StartMenu, id: &str| {
        m.entries.iter().find_map(|e| match &e.item {
            Item::Choose(StartChoice::Mission(x, seed)) if x == id => Some(*seed),
            _ => None,
        })
    };
    let m = StartMenu::new(&d, &dir, KeyMap::default(), Theme::default(), 7);
    assert_eq!(seed_of(&m, "first_contact"), Some(1));
    // A game opened and left at its briefing holds no input: not listed,
    // and the next new game begins it afresh on the same seed, as a new
    // game (not "resumed after 0 inputs").
    drop(Session::single(d.clone(), &dir, "first_contact", 1, Options::default()).unwrap());
    let again = Session::single(d.clone(), &dir, "first_contact", 1, Options::default()).unwrap();
    assert_eq!(again.resume_note(), None);
    drop(again);
    let m = StartMenu::new(&d, &dir, KeyMap::default(), Theme::default(), 7);
    assert_eq!(seed_of(&m, "first_contact"), Some(1));
    assert!(
        m.hint.is_some(),
        "still a first time: nothing saved to go back to"
    );
    // One input in: it is continued from the top of the menu, and a new
    // game of the mission is dealt from the next seed.
    let mut s = Session::single(d.clone(), &dir, "first_contact", 1, Options::default()).unwrap();
    let first = s.game().legal_inputs()[0].clone();
    s.apply(&first).unwrap();
    drop(s);
    // A save that does not load is passed over and left as it is.
    let bad = single_path(&dir, "first_contact", 2);
    std::fs::write(&bad, "not a replay\n").unwrap();
    let mut m = StartMenu::new(&d, &dir, KeyMap::default(), Theme::default(), 7);
    assert_eq!(
        m.entries[0].item,
        Item::Choose(StartChoice::File(single_path(&dir, "first_contact", 1)))
    );
    assert_eq!(
        m.entries[0].label,
        "Continue: First Contact at the Farmhouse, seed 1 (1 input so far)"
    );
    assert_eq!(seed_of(&m, "first_contact"), Some(3));
    assert_eq!(seed_of(&m, "crossroads_firefight"), Some(1));
    // Learn mode keeps its own saves: its first game is dealt from seed 1
    // whatever the games played outside it.
    assert!(
        m.entries
            .iter()
            .any(|e| e.item == Item::Choose(StartChoice::Learn(1)))
    );
    assert!(
        m.entries
            .iter()
            .any(|e| e.label == "Saved file that does not load: plays/first_contact-seed2.replay")
    );
    assert_eq!(std::fs::read_to_string(&bad).unwrap(), "not a replay\n");
    let at = m
        .entries
        .iter()
        .position(
            |e| matches!(&e.item, Item::Choose(StartChoice::Mission(x, _)) if x == "first_contact"),
        )
        .unwrap();
    m.selected = at;
    let screen = render_with(80, 24, |f| m.draw(f));
    assert!(
        screen.contains("A new game, dealt from seed 3; the one begun is under Continue."),
        "{screen}"
    );
    assert!(screen.contains("more below"), "{screen}");
    m.selected = m
        .entries
        .iter()
        .position(|e| e.item == Item::Choose(StartChoice::Learn(1)))
        .unwrap();
    let screen = render_with(80, 24, |f| m.draw(f));
    assert!(
        screen.contains("A new game, dealt from seed 1.")
            && !screen.contains("the one begun is under Continue"),
        "the game begun is not one of learn mode: {screen}"
    );
    m.selected = at;
    menu_key(&mut m, KeyCode::Enter);
    assert_eq!(
        m.chosen,
        Some(StartChoice::Mission("first_contact".into(), 3))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_decision_between_missions_is_clicked_once_to_select_and_again_to_take() {
    use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
    let (mut c, mut g, d) = started(Mode::Standard);
    for m in &mut c.roster {
        m.steps = vec![L; m.steps.len()];
    }
    c.roster.iter_mut().find(|m| m.id == "2_2").unwrap().steps = vec![G, G, G, G];
    ended(&mut g, true);
    c.end_mission(&d, &g);
    let mut app = app_of(c, g, d);
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Enter);
    assert_eq!(stage(&app), Some(Stage::Promote));
    let want = Choice::Promote("2_2".into(), G);
    let at = app
        .driver
        .deciding()
        .unwrap()
        .choices
        .iter()
        .position(|(c, _)| *c == want)
        .unwrap();
    render_with(160, 50, |f| fof::ui::view::draw(f, &app));
    let r = app
        .hits
        .borrow()
        .menu
        .iter()
        .find(|(_, i)| *i == at)
        .map(|(r, _)| *r)
        .expect("the offer is on screen");
    let click = |app: &mut App<Camp>| {
        app.update(Msg::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: r.x + 2,
            row: r.y,
            modifiers: KeyModifiers::NONE,
        }))
    };
    let before = app.driver.camp.between.as_ref().unwrap().points;
    click(&mut app);
    assert_eq!(app.between_sel, at);
    assert_eq!(app.driver.camp.between.as_ref().unwrap().points, before);
    click(&mut app);
    assert_eq!(app.driver.camp.between.as_ref().unwrap().points, before - 1);
    let m = app
        .driver
        .camp
        .roster
        .iter()
        .find(|m| m.id == "2_2")
        .unwrap();
    assert_eq!(m.steps.iter().filter(|e| **e == L).count(), 1);
}

#[test]
fn a_game_of_learn_mode_is_saved_apart_and_continued_in_learn_mode() {
    use fof::play::session::{Session, learn_path, single_path};
    use fof::ui::start::Item;
    let d = new_data();
    let dir = empty_dir("learn-saves");
    let mut s = Session::learning(d.clone(), &dir, "first_contact", 1).unwrap();
    assert_eq!(s.save_path(), learn_path(&dir, "first_contact", 1));
    let first = s.game().legal_inputs()[0].clone();
    s.apply(&first).unwrap();
    drop(s);
    assert!(!single_path(&dir, "first_contact", 1).exists());
    let m = StartMenu::new(&d, &dir, KeyMap::default(), Theme::default(), 7);
    let at = m
        .entries
        .iter()
        .position(|e| {
            e.item == Item::Choose(StartChoice::File(learn_path(&dir, "first_contact", 1)))
        })
        .expect("listed");
    assert_eq!(
        m.entries[at].label,
        "Continue learning: First Contact at the Farmhouse, seed 1 (1 input so far)"
    );
    // A new learn game is dealt from the next seed; one mission outside
    // learn mode still from the first.
    assert!(
        m.entries
            .iter()
            .any(|e| e.item == Item::Choose(StartChoice::Learn(2)))
    );
    assert!(
        m.entries
            .iter()
            .any(|e| e.item == Item::Choose(StartChoice::Mission("first_contact".into(), 1)))
    );
    // Opened again, the learn save resumes where it stood.
    let again = Session::learning(d.clone(), &dir, "first_contact", 1).unwrap();
    assert_eq!(again.recorder().inputs(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}
