//! The engine's harness: bots that play whole missions, for `fof sim`,
//! the property tests and balance checks.

use crate::data::DataSet;
use crate::engine::kernel::hash::hex;
use crate::engine::{Game, Input, Options, SetupError};
use crate::play::replay::Recorder;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use std::sync::Arc;

/// A game that needs more inputs than this is stalled: a failure.
pub const MAX_INPUTS: u64 = 100_000;

/// The bots available to `fof sim`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Bot {
    /// Picks uniformly among the legal inputs.
    Random,
    /// Weighs each legal input one step ahead, as a careful player would,
    /// and says why.
    // (The module `play::planner`; clap shows the doc comment above as
    // help, so it names no module.)
    Planner,
}

impl Bot {
    pub fn name(self) -> &'static str {
        match self {
            Bot::Random => "random",
            Bot::Planner => "planner",
        }
    }
}

/// A bot's own generator: its choices never touch the game's deck.
pub fn bot_rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed ^ 0x05EE_DB07_u64.rotate_left(17))
}

/// Picks one input among `legal`, the legal inputs of `game` now.
pub fn choose(bot: Bot, rng: &mut ChaCha8Rng, game: &Game, legal: &[Input]) -> Option<Input> {
    match bot {
        Bot::Random => pick(rng, legal),
        Bot::Planner => crate::play::planner::suggest(game, legal).map(|h| h.input),
    }
}

/// One of `items`, uniformly (the random bot's way with any choice: a
/// mission's inputs, a decision between missions).
pub fn pick<T: Clone>(rng: &mut ChaCha8Rng, items: &[T]) -> Option<T> {
    if items.is_empty() {
        return None;
    }
    let i = (rng.next_u64() % items.len() as u64) as usize;
    Some(items[i].clone())
}

/// Where a game stands: won, lost, still going, or (a bot's game that
/// could not go on or did not end, in `fof sim`) stalled. Written in
/// JSON and in words as "success", "failure", "in progress", "stalled".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Standing {
    #[serde(rename = "success")]
    Success,
    #[serde(rename = "failure")]
    Failure,
    #[serde(rename = "in progress")]
    InProgress,
    #[serde(rename = "stalled")]
    Stalled,
}

impl Standing {
    /// A game's standing from its state's outcome.
    pub fn of(outcome: Option<&crate::engine::kernel::state::Outcome>) -> Standing {
        match outcome {
            Some(crate::engine::kernel::state::Outcome::Success) => Standing::Success,
            Some(crate::engine::kernel::state::Outcome::Failure(_)) => Standing::Failure,
            None => Standing::InProgress,
        }
    }

    /// The standing in one word (as in JSON).
    pub fn word(self) -> &'static str {
        match self {
            Standing::Success => "success",
            Standing::Failure => "failure",
            Standing::InProgress => "in progress",
            Standing::Stalled => "stalled",
        }
    }
}

impl std::fmt::Display for Standing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

/// What one simulated game came to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    pub mission: String,
    pub seed: u64,
    pub bot: String,
    /// Success, failure, or stalled (the bot could not go on, or the
    /// game did not end).
    pub outcome: Standing,
    pub turns: u8,
    pub inputs: u64,
    pub cards_drawn: u64,
    /// The final state hash, 16 hex digits.
    pub hash: String,
    /// Steps that became casualties, by side.
    pub casualties: Casualties,
    /// Vehicles lost, by side: brewed up, knocked out or retreated (7.7 A).
    pub vehicles_lost: Casualties,
    /// PC markers resolved into enemy units (9.2).
    pub contacts: u32,
    /// Enemy activity checks made (9.4, 9.6, 9.9).
    pub enemy_checks: u32,
}

/// Casualty steps of each side at the end of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Casualties {
    pub friendly: u32,
    pub enemy: u32,
}

/// Whether a unit is a casualty counter that counts among the casualty
/// steps: in play, carried off the map by the enemy (9.4) or captured
/// (9.13). A step that became a casualty stays one (6.3.3): a report read
/// "0 of the enemy's" after the enemy's litter team carried its one
/// casualty away. (Our evacuated casualties are counted apart, 5.1.7.)
pub fn counted_casualty(u: &crate::engine::kernel::state::Unit) -> bool {
    u.kind == crate::data::units::UnitKind::Casualty && u.accounted()
}

/// Counts casualty steps: the [`counted_casualty`] counters plus our
/// evacuated ones (5.1.7).
pub fn casualties(game: &Game) -> Casualties {
    use crate::data::units::Side;
    let s = game.state();
    let count = |side: bool| {
        s.units
            .iter()
            .filter(|u| counted_casualty(u) && (u.side == Side::Us) == side)
            .map(|u| u.steps as u32)
            .sum::<u32>()
    };
    Casualties {
        friendly: count(true) + s.evacuated as u32,
        enemy: count(false),
    }
}

/// Counts the vehicles of each side out of the fight (7.7 A).
pub fn vehicles_lost(game: &Game) -> Casualties {
    use crate::data::units::Side;
    let s = game.state();
    let count = |us: bool| {
        s.vehicles
            .iter()
            .filter(|v| v.out.is_some() && (v.side == Side::Us) == us)
            .count() as u32
    };
    Casualties {
        friendly: count(true),
        enemy: count(false),
    }
}

/// Plays one mission to its end with a bot.
pub fn play(
    data: Arc<DataSet>,
    mission: &str,
    seed: u64,
    bot: Bot,
    options: Options,
) -> Result<Report, SetupError> {
    play_game(data, mission, seed, bot, options).map(|(r, _)| r)
}

/// Plays one mission and returns the report and the whole log.
pub fn play_logged(
    data: Arc<DataSet>,
    mission: &str,
    seed: u64,
    bot: Bot,
    options: Options,
) -> Result<(Report, Vec<crate::engine::kernel::events::Event>), SetupError> {
    play_game(data, mission, seed, bot, options).map(|(r, game)| (r, game.log().to_vec()))
}

/// Plays one mission and returns the report and the game as it ended,
/// with its log.
pub fn play_game(
    data: Arc<DataSet>,
    mission: &str,
    seed: u64,
    bot: Bot,
    options: Options,
) -> Result<(Report, Game), SetupError> {
    let mut game = Game::new(data, mission, seed, options)?;
    let (inputs, stalled) = drive(
        &mut game,
        |g| g,
        |g, i| g.apply_logged(i).is_ok(),
        seed,
        bot,
    );
    let r = report(&game, mission, seed, bot, inputs, stalled);
    Ok((r, game))
}

/// Plays one mission with a bot through a [`Recorder`]: the report, and
/// the recorder holding the game and its replay.
pub fn play_recorded(
    data: Arc<DataSet>,
    mission: &str,
    seed: u64,
    bot: Bot,
    options: Options,
) -> Result<(Report, Recorder), SetupError> {
    let mut rec = Recorder::new(data, mission, seed, options)?;
    let (inputs, stalled) = drive(
        &mut rec,
        Recorder::game,
        |r, i| r.apply(i).is_ok(),
        seed,
        bot,
    );
    let r = report(rec.game(), mission, seed, bot, inputs, stalled);
    Ok((r, rec))
}

/// The bot's loop: picks and applies inputs until the mission is over or
/// stalls. `apply` returns whether the input was accepted. Returns the
/// number of inputs applied and whether the game stalled.
fn drive<G>(
    g: &mut G,
    game: fn(&G) -> &Game,
    apply: fn(&mut G, &Input) -> bool,
    seed: u64,
    bot: Bot,
) -> (u64, bool) {
    let mut rng = bot_rng(seed);
    let mut inputs = 0u64;
    while !game(g).is_over() {
        if inputs >= MAX_INPUTS {
            return (inputs, true);
        }
        let legal = game(g).legal_inputs();
        let Some(input) = choose(bot, &mut rng, game(g), &legal) else {
            return (inputs, true);
        };
        if !apply(g, &input) {
            return (inputs, true);
        }
        inputs += 1;
    }
    (inputs, false)
}

fn report(game: &Game, mission: &str, seed: u64, bot: Bot, inputs: u64, stalled: bool) -> Report {
    let outcome = match Standing::of(game.state().outcome.as_ref()) {
        _ if stalled => Standing::Stalled,
        Standing::InProgress => Standing::Stalled,
        s => s,
    };
    Report {
        mission: mission.to_string(),
        seed,
        bot: bot.name().to_string(),
        outcome,
        turns: game.state().turn,
        inputs,
        cards_drawn: game.state().deck.cards_drawn(),
        hash: hex(game.state_hash()),
        casualties: casualties(game),
        vehicles_lost: vehicles_lost(game),
        contacts: game.state().counters.contacts,
        enemy_checks: game.state().counters.enemy_checks,
    }
}
