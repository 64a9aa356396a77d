//! Words, not code names: what the player reads (the log's event texts,
//! every entry of the orders and question menus, the questions, the unit
//! status lines and the whole play screen as drawn) never shows a Rust
//! identifier or Debug formatting. Random-bot games on every shipped
//! mission are scanned at every decision, and their screen is drawn to a
//! test terminal every few inputs and read line by line.
//!
//! The scanner finds joined words ("GreenStarCluster"), Debug's marks
//! ("Some(", "UnitId(") and a short list of variant names that print as
//! one plain-looking word ("Hq", "Wp"): the game writes "HQ" and "WP", so
//! these can only come from Debug. A code of the map's key ("GrMiss",
//! "noV", or cut short by a window over it: "GrMis") and a key's name
//! ("PgUp") are words on screen, not code names.

use crate::common;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use fof::engine::{Game, Options};
use fof::play::sim::{Bot, bot_rng, choose};
use fof::ui::app::{App, Local, Msg, Overlay, Screen, SidePanel};
use fof::ui::keys::KeyMap;
use fof::ui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;

/// Variant names that look like words but are never the game's wording.
const VARIANTS: [&str; 9] = ["Hq", "Wp", "Cs", "Mg", "Rcl", "Mlr", "Loa", "Fpf", "Ccp"];

/// Key names the help and the status line print.
const KEY_NAMES: [&str; 4] = ["PgUp", "PgDn", "BackTab", "BkSp"];

/// A word joined from capitalised parts ("GreenStarCluster",
/// "InflictCasualty"), Debug's marks ("Some(", "UnitId(", "{ ") or a
/// variant name on its own ("Hq").
pub(crate) fn code_name(text: &str) -> Option<String> {
    for marks in [
        "Some(", "None", "UnitId(", "CardPos", "CoverId(", " { ", "::", "[\"",
    ] {
        if text.contains(marks) {
            return Some(marks.to_string());
        }
    }
    let theme = Theme::default();
    // Words are split at anything but ASCII letters and digits, so box
    // drawing, map glyphs and arrows never join two words.
    for word in text.split(|c: char| !c.is_ascii_alphanumeric()) {
        if VARIANTS.contains(&word) {
            return Some(word.to_string());
        }
        let chars: Vec<char> = word.chars().collect();
        // A lower-case letter followed by a capital inside one word.
        let joined = chars
            .windows(2)
            .any(|w| w[0].is_ascii_lowercase() && w[1].is_ascii_uppercase());
        if joined
            && !KEY_NAMES.contains(&word)
            && !fof::ui::view::legend::known(&theme, word)
            && !clipped(&theme, word)
        {
            return Some(word.to_string());
        }
    }
    None
}

/// A code of the key cut short where a window drawn over the map hides
/// the rest ("GrMis") or its beginning ("tkPos").
fn clipped(theme: &Theme, word: &str) -> bool {
    word.len() >= 3
        && fof::ui::view::legend::key(theme)
            .iter()
            .flat_map(|s| s.entries.iter())
            .any(|a| a.code.starts_with(word) || a.code.ends_with(word))
}

fn check(what: &str, text: &str, seen: &mut Vec<String>) {
    if let Some(w) = code_name(text) {
        seen.push(format!("{what}: `{w}` in \"{text}\""));
    }
}

#[test]
fn the_scanner_finds_code_names_and_debug_marks() {
    assert!(code_name("GreenStarCluster fired").is_some());
    assert!(code_name("signal: Some(CeaseFire)").is_some());
    assert!(code_name("the green star cluster: cease fire").is_none());
    assert!(code_name("MG42 #7 fires at R2C1 (6.2)").is_none());
    assert!(code_name("the Hq takes the impulse").is_some());
    // The map's codes and its frame are not code names.
    assert!(code_name("│C2/1 m0/2 slow noV GrMiss ┃┃PC:B Items2 Bdry↗").is_none());
    assert!(code_name("PgUp: the log").is_none());
    assert!(code_name("┏ R1C3 ━━━━━━━━┓ AtkPos XFire").is_none());
    assert!(code_name("│V:pin GrMis│  Hit effect").is_none());
    assert!(code_name("│+2 more│  Anti-tank: 3   │tkPos   │").is_none());
    assert!(code_name("│Items6 │  Hit effect  │xPos PL │").is_some());
}

/// The screen as drawn, line by line.
fn screen(app: &App<Local>, term: &mut Terminal<TestBackend>) -> Vec<String> {
    term.draw(|f| fof::ui::view::draw(f, app)).expect("draw");
    let buf = term.backend().buffer().clone();
    let (w, h) = (buf.area.width, buf.area.height);
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect()
}

/// How often the screen is drawn (in inputs).
const DRAW_EVERY: usize = 25;

#[test]
fn every_text_the_player_reads_is_in_words_on_every_mission() {
    let data = common::shipped();
    let (_, learn) = fof::learn::load(&fof::data::DataSource::Embedded).expect("shipped data");
    let learn = Arc::new(learn);
    let mut term = Terminal::new(TestBackend::new(160, 50)).expect("test terminal");
    let mut seen: Vec<String> = Vec::new();
    let mut drawn = 0;
    // Games per mission.
    let seeds = common::depth(20, 50);
    for m in &data.missions {
        for seed in 1..=seeds {
            let g = Game::new(data.clone(), &m.id, seed, Options::default()).unwrap();
            let mut app = App::new(
                Local::new(g),
                learn.clone(),
                KeyMap::default(),
                Theme::default(),
            );
            app.update(Msg::Resize(160, 50));
            for l in screen(&app, &mut term) {
                check("briefing", &l, &mut seen);
            }
            app.update(Msg::Key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE)));
            assert_eq!(app.screen, Screen::Play);
            let mut rng = bot_rng(seed);
            let mut n = 0;
            // The menus and the questions are read in full on the first
            // games of each mission; the screen on every game.
            let full = seed <= 4;
            while !app.game().is_over() && n < 400 {
                let g = app.game();
                let legal = g.legal_inputs();
                if full {
                    for i in &legal {
                        check("menu", &fof::ui::labels::input(g, i), &mut seen);
                    }
                    if let Some(c) = g.state().choices.first() {
                        let (_, q) = fof::engine::testing::turn::question(g, c);
                        check("question", &q, &mut seen);
                    }
                    for u in g.state().units.iter().filter(|u| u.in_play()) {
                        check("status", &fof::ui::labels::status_words(g, u), &mut seen);
                    }
                }
                if n % DRAW_EVERY == 0 {
                    // The card panel shows the units of a card under the
                    // cursor: a card holding units, by turns.
                    let cards: Vec<_> = g.state().in_play().map(|u| u.pos).collect();
                    if !cards.is_empty() {
                        app.cursor = cards[(n / DRAW_EVERY) % cards.len()];
                    }
                    // The panel under the Command Display by turns: the
                    // card, the fire support, the Action deck.
                    app.side = [SidePanel::Card, SidePanel::Support, SidePanel::Deck]
                        [(n / DRAW_EVERY) % 3];
                    for l in screen(&app, &mut term) {
                        check("screen", &l, &mut seen);
                    }
                    drawn += 1;
                }
                let i = choose(Bot::Random, &mut rng, app.game(), &legal).unwrap();
                app.give(&i);
                if matches!(app.overlay, Overlay::Cards(_)) {
                    for l in screen(&app, &mut term) {
                        check("cards drawn", &l, &mut seen);
                    }
                    app.overlay = Overlay::None;
                }
                n += 1;
            }
            for l in screen(&app, &mut term) {
                check("end", &l, &mut seen);
            }
            for e in app.game().log() {
                check("log", &e.text, &mut seen);
            }
        }
    }
    assert!(drawn > 1000, "{drawn} screens drawn");
    seen.sort();
    seen.dedup();
    assert!(
        seen.is_empty(),
        "{} code names:\n{}",
        seen.len(),
        seen.join("\n")
    );
}

fn hedgerow() -> Game {
    let g = common::Scenario::of("hedgerow_attack")
        .named("words_hedgerow")
        .seed(11)
        .game();
    assert!(
        g.state().impulse.as_ref().and_then(|i| i.hq).is_some(),
        "the CO HQ's impulse"
    );
    g
}

/// A casualty, a paralyzed team and a litter team are never in Good Order
/// (the engine's `good_order`): the panel says what each is.
#[test]
fn a_casualty_is_never_good_order() {
    use common::{add, p, u};
    use fof::ui::labels::status_words;
    let mut g = hedgerow();
    let ours = add(&mut g, "us_casualty", p(1, 1));
    let theirs = add(&mut g, "de_casualty", p(2, 1));
    let para = add(&mut g, "us_paralyzed_team", p(1, 1));
    let litter = add(&mut g, "us_litter_team", p(1, 1));
    let squad = common::id(&g, "1_1");
    let st = |g: &Game, id| status_words(g, g.state().unit(id));
    assert_eq!(st(&g, ours), "casualty: needs carrying to the CCP (5.1.7)");
    assert_eq!(st(&g, theirs), "casualty: out of action");
    assert_eq!(st(&g, para), "paralyzed team (4.2.5)");
    assert_eq!(st(&g, litter), "litter team: carries casualties (5.1.6)");
    // Carried, it says by whom.
    g.state_mut().carried.push((litter, ours));
    let by = g.describe(litter);
    assert_eq!(st(&g, ours), format!("casualty, carried by {by}"));
    // Pinned, under cover: the markers come after what it is.
    u(&mut g, ours).pinned = true;
    assert!(st(&g, ours).starts_with("casualty, carried by"));
    assert!(st(&g, ours).contains("Pinned"));
    for id in [ours, theirs, para, litter] {
        assert!(!st(&g, id).contains("Good Order"), "{}", st(&g, id));
    }
    // A squad with no marker is in Good Order, as the engine says.
    common::put(&mut g, squad, p(1, 1));
    u(&mut g, squad).ammo = None;
    assert!(g.state().unit(squad).good_order());
    assert_eq!(st(&g, squad), "Good Order");
}

/// 4.2.3: a team detached from a squad keeps the squad's designation and
/// takes the team's name ("1/2 Fire Tm"), on the counter, in the panel's
/// status line and in the log.
#[test]
fn a_team_split_from_a_squad_is_named_after_it() {
    use common::{by, id, ok, p, put_all};
    use fof::engine::kernel::input::{Action, TeamKind};
    let mut g = hedgerow();
    let co = id(&g, "co_hq");
    let sq = id(&g, "2_1");
    put_all(&mut g, &[co, sq], p(1, 1));
    let designation = g.state().unit(sq).designation.clone();
    let events = ok(
        &mut g,
        by(
            co,
            Action::DetachTeam {
                squad: sq,
                kind: TeamKind::Fire,
            },
        ),
    );
    let team = g
        .state()
        .units
        .iter()
        .find(|x| x.in_play() && x.kind == fof::data::units::UnitKind::FireTeam)
        .expect("a fire team")
        .clone();
    let name = format!("{designation} Fire Tm");
    assert_eq!(team.label, name);
    assert!(
        g.describe(team.id).contains(&name),
        "{}",
        g.describe(team.id)
    );
    assert_eq!(
        fof::ui::labels::status_words(&g, &team),
        "limited action team (4.2.5)"
    );
    assert!(
        events.iter().any(|e| e.text.contains(&name)),
        "the log names {name}: {:?}",
        events.iter().map(|e| &e.text).collect::<Vec<_>>()
    );
}
