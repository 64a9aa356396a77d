//! The speed goals of issues 9 and 21, measured with criterion (`cargo
//! bench`):
//! - `sim`: whole random-bot missions of every shipped mission
//!   (missions/s);
//! - `full_company_legal_inputs`, `full_company_odds`,
//!   `full_company_forecasts`, `full_company_planner_decision`: a full
//!   company's orders menu in mid-game (`hedgerow_attack`): the legal
//!   inputs, their cost and odds, the whole forecasts (odds and what each
//!   input will do), and the planner's choice;
//! - `legal_inputs_and_odds`, `legal_inputs_and_forecasts`: the orders
//!   menu of the one-platoon mission in a mid-game position, its inputs
//!   with their odds (goal < 50 µs) and with their whole forecasts;
//! - `draw_160x50`: a busy mid-game frame to `TestBackend` (goal < 2 ms);
//! - `draw_200x60_fire_lines`: the same at 200x60, fire lines on (< 2 ms);
//! - `startup_to_first_frame`: embedded data, setup, app, one frame
//!   (goal < 100 ms);
//! - `replay_10_turns`: parse and play a recorded 10-turn mission
//!   (goal < 50 ms);
//! - `legal_inputs_share`: the same 20 random-bot games of the two
//!   full-company missions of the 10x goal (issue 21), played as the bot
//!   plays them and then from their inputs alone, without listing any legal
//!   input: how fast the bot could be if its legal inputs cost nothing.
//!
//! `cargo test --benches` runs each once as a smoke test (criterion's
//! test mode).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fof::data::{DataSet, DataSource, load};
use fof::engine::kernel::input::Decision;
use fof::engine::{Game, Options};
use fof::learn::Learn;
use fof::play::sim::{Bot, bot_rng, choose};
use fof::ui::app::{App, Local, Msg};
use fof::ui::keys::KeyMap;
use fof::ui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::hint::black_box;
use std::sync::Arc;

const MISSION: &str = "crossroads_firefight";

fn data() -> Arc<DataSet> {
    Arc::new(load(&DataSource::Embedded).expect("shipped data loads"))
}

/// The shipped data and learn mode's explanations, loaded as the program
/// loads them.
fn data_and_explanations() -> (Arc<DataSet>, Arc<Learn>) {
    let (data, learn) = fof::learn::load(&DataSource::Embedded).expect("shipped data loads");
    (Arc::new(data), Arc::new(learn))
}

/// A mid-game position: the random bot plays `inputs` inputs of seed 7,
/// then on until an impulse of a company HQ is in progress with most of
/// its orders open.
fn mid_game(data: Arc<DataSet>, inputs: usize) -> Game {
    mid_game_of(data, MISSION, inputs)
}

/// [`mid_game`] in any mission.
fn mid_game_of(data: Arc<DataSet>, mission: &str, inputs: usize) -> Game {
    let mut g = Game::new(data, mission, 7, Options::default()).expect("setup");
    let mut rng = bot_rng(7);
    let mut n = 0;
    loop {
        assert!(!g.is_over(), "the mission ended before the position");
        let legal = g.legal_inputs();
        if n >= inputs && matches!(g.prompt().decision, Decision::Orders { .. }) && legal.len() > 20
        {
            return g;
        }
        let i = choose(Bot::Random, &mut rng, &g, &legal).expect("an input");
        g.apply(&i).expect("legal");
        n += 1;
    }
}

fn sim(c: &mut Criterion) {
    let data = data();
    let mut group = c.benchmark_group("sim");
    group.throughput(Throughput::Elements(1));
    group.sample_size(20);
    let mut seed = 0u64;
    group.bench_function("crossroads_firefight_random_mission", |b| {
        b.iter(|| {
            seed += 1;
            fof::play::sim::play(data.clone(), MISSION, seed, Bot::Random, Options::default())
                .expect("plays")
        })
    });
    // Every shipped mission, the full-company ones included (issue 21).
    let ids: Vec<String> = data
        .missions
        .iter()
        .map(|m| m.id.clone())
        .filter(|id| id != MISSION)
        .collect();
    for id in ids {
        let mut seed = 0u64;
        group.bench_function(format!("{id}_random_mission"), |b| {
            b.iter(|| {
                seed += 1;
                fof::play::sim::play(data.clone(), &id, seed, Bot::Random, Options::default())
                    .expect("plays")
            })
        });
    }
    group.finish();
}

/// A full company's orders menu in mid-game (`hedgerow_attack`): the
/// legal inputs, their odds alone, and the planner's choice among them.
fn full_company(c: &mut Criterion) {
    let g = mid_game_of(data(), "hedgerow_attack", 40);
    let legal = g.legal_inputs();
    c.bench_function("full_company_legal_inputs", |b| {
        b.iter(|| black_box(&g).legal_inputs())
    });
    c.bench_function("full_company_odds", |b| {
        b.iter(|| {
            legal
                .iter()
                .map(|i| fof::engine::testing::turn::odds(black_box(&g), i))
                .collect::<Vec<_>>()
        })
    });
    c.bench_function("full_company_forecasts", |b| {
        b.iter(|| fof::engine::testing::turn::forecasts(black_box(&g), &legal))
    });
    c.bench_function("full_company_planner_decision", |b| {
        b.iter(|| fof::play::planner::suggest(black_box(&g), &legal))
    });
}

fn orders_menu(c: &mut Criterion) {
    let g = mid_game(data(), 12);
    c.bench_function("legal_inputs_and_odds", |b| {
        b.iter(|| {
            let legal = black_box(&g).legal_inputs();
            legal
                .iter()
                .map(|i| fof::engine::testing::turn::odds(&g, i))
                .collect::<Vec<_>>()
        })
    });
    c.bench_function("legal_inputs_and_forecasts", |b| {
        b.iter(|| {
            let legal = black_box(&g).legal_inputs();
            fof::engine::testing::turn::forecasts(&g, &legal)
        })
    });
    c.bench_function("legal_inputs_only", |b| {
        b.iter(|| black_box(&g).legal_inputs())
    });
}

fn app(g: Game, explanations: Arc<Learn>) -> App<Local> {
    let mut app = App::new(
        Local::new(g),
        explanations,
        KeyMap::default(),
        Theme::default(),
    );
    app.update(Msg::Resize(160, 50));
    // From the briefing to the map.
    app.update(Msg::Key(crossterm::event::KeyEvent::new(
        crossterm::event::KeyCode::Enter,
        crossterm::event::KeyModifiers::NONE,
    )));
    app
}

fn draw(c: &mut Criterion) {
    let (data, explanations) = data_and_explanations();
    let app = app(mid_game(data, 12), explanations);
    let mut t = Terminal::new(TestBackend::new(160, 50)).expect("test terminal");
    c.bench_function("draw_160x50", |b| {
        b.iter(|| {
            t.draw(|f| fof::ui::view::draw(f, &app)).expect("draw");
        })
    });
}

/// The largest layout measured: a 200x60 frame with the fire lines on.
fn draw_large(c: &mut Criterion) {
    let (data, explanations) = data_and_explanations();
    let mut app = app(mid_game(data, 12), explanations);
    app.fire_lines = true;
    app.update(Msg::Resize(200, 60));
    let mut t = Terminal::new(TestBackend::new(200, 60)).expect("test terminal");
    c.bench_function("draw_200x60_fire_lines", |b| {
        b.iter(|| {
            t.draw(|f| fof::ui::view::draw(f, &app)).expect("draw");
        })
    });
}

fn startup(c: &mut Criterion) {
    c.bench_function("startup_to_first_frame", |b| {
        b.iter(|| {
            let (data, explanations) = data_and_explanations();
            let g = Game::new(data, MISSION, 1, Options::default()).expect("setup");
            let app = app(g, explanations);
            let mut t = Terminal::new(TestBackend::new(160, 50)).expect("test terminal");
            t.draw(|f| fof::ui::view::draw(f, &app)).expect("draw");
            t
        })
    });
}

fn replay(c: &mut Criterion) {
    let data = data();
    // hedgerow_attack seed 1: the random bot plays all 10 turns.
    let (report, rec) = fof::play::sim::play_recorded(
        data.clone(),
        "hedgerow_attack",
        1,
        Bot::Random,
        Options::default(),
    )
    .expect("plays");
    assert_eq!(report.turns, 10, "a 10-turn game");
    let text = rec.text();
    let mut group = c.benchmark_group("replay");
    group.sample_size(20);
    group.bench_function("replay_10_turns", |b| {
        b.iter(|| {
            let r = fof::play::replay::Replay::parse(black_box(&text)).expect("parses");
            r.play(data.clone()).expect("replays")
        })
    });
    group.finish();
}

/// A game played from its recorded inputs alone, no legal input listed, to
/// the state hash the simulator reports.
fn inputs_alone(
    data: &Arc<DataSet>,
    mission: &str,
    seed: u64,
    inputs: &[fof::engine::Input],
) -> String {
    let mut g = Game::new(data.clone(), mission, seed, Options::default()).expect("setup");
    for i in inputs {
        g.apply_logged(i).expect("legal");
    }
    fof::engine::kernel::hash::hex(g.state_hash())
}

/// What listing the legal inputs costs the random bot: the same 20 games
/// (seeds 1-20) played by `fof sim`'s own loop and from their inputs alone
/// (README, "Speed").
fn legal_inputs_share(c: &mut Criterion) {
    let data = data();
    let mut group = c.benchmark_group("legal_inputs_share");
    group.throughput(Throughput::Elements(1));
    group.sample_size(20);
    for mission in ["hedgerow_attack", "village_assault"] {
        let games: Vec<(u64, Vec<fof::engine::Input>)> = (1..=20)
            .map(|seed| {
                let (report, rec) = fof::play::sim::play_recorded(
                    data.clone(),
                    mission,
                    seed,
                    Bot::Random,
                    Options::default(),
                )
                .expect("plays");
                let replay = fof::play::replay::Replay::parse(&rec.text()).expect("parses");
                let inputs: Vec<_> = replay.inputs.into_iter().map(|r| r.input).collect();
                // Both ways reach the same end.
                assert_eq!(
                    inputs_alone(&data, mission, seed, &inputs),
                    report.hash,
                    "{mission} seed {seed}"
                );
                (seed, inputs)
            })
            .collect();
        let mut k = 0;
        group.bench_function(format!("{mission}_random_bot"), |b| {
            b.iter(|| {
                k = (k + 1) % games.len();
                fof::play::sim::play(
                    data.clone(),
                    mission,
                    games[k].0,
                    Bot::Random,
                    Options::default(),
                )
                .expect("plays")
            })
        });
        let mut k = 0;
        group.bench_function(format!("{mission}_inputs_alone"), |b| {
            b.iter(|| {
                k = (k + 1) % games.len();
                let (seed, inputs) = &games[k];
                inputs_alone(&data, mission, *seed, inputs)
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    sim,
    full_company,
    orders_menu,
    draw,
    draw_large,
    startup,
    replay,
    legal_inputs_share
);
criterion_main!(benches);
