//! What each fuzz target does with its bytes. Every function here must
//! return for any input without panicking: errors are fine, a panic is a
//! bug in `fof`.
//!
//! Shared by the libFuzzer targets (`tests/fuzz/fuzz_targets/`) and by the
//! regression test `tests/fuzz_regressions.rs`, which includes this file
//! by path and feeds it every file under `tests/fuzz/regressions/`.

use fof::data::{DataSet, DataSource, SourceFile, SourceSet};
use fof::engine::{Game, Options};
use fof::play::replay::{Recorder, Replay};
use fof::ui::keys::KeyMap;
use std::sync::{Arc, OnceLock};

/// Inputs played per game at most, so that each run stays quick.
const MAX_INPUTS: usize = 400;
/// Legal inputs played after setting up a mission of a fuzzed data set.
const DATA_STEPS: usize = 8;

fn sources() -> &'static SourceSet {
    static SOURCES: OnceLock<SourceSet> = OnceLock::new();
    SOURCES.get_or_init(|| {
        DataSource::Embedded
            .read()
            .expect("the embedded data reads")
    })
}

fn embedded() -> Arc<DataSet> {
    static DATA: OnceLock<Arc<DataSet>> = OnceLock::new();
    DATA.get_or_init(|| Arc::new(DataSet::embedded().expect("the embedded data loads")))
        .clone()
}

/// The mission and campaign files of the data set when its slots were
/// first numbered: they keep their slots, so that old regression inputs
/// keep their meaning; files added since come after every other.
const FIRST_FILES: [&str; 8] = [
    "crossroads_firefight.ron",
    "first_contact.ron",
    "hedgerow_attack.ron",
    "night_patrol.ron",
    "orchard_line.ron",
    "panzer_counterattack.ron",
    "village_assault.ron",
    "normandy_1944.ron",
];

fn first_file(f: &SourceFile) -> bool {
    FIRST_FILES.iter().any(|name| f.path.ends_with(name))
}

/// The files of the data set, in the order the first byte picks them.
fn slots(set: &mut SourceSet) -> Vec<&mut SourceFile> {
    let mut v: Vec<&mut SourceFile> = vec![
        &mut set.action,
        &mut set.units,
        &mut set.charts,
        &mut set.learn,
    ];
    // The Normandy deck keeps the slot it had when it was the only one.
    let (normandy, others): (Vec<_>, Vec<_>) = set
        .terrain
        .iter_mut()
        .partition(|f| f.path.ends_with("normandy.ron"));
    v.extend(normandy);
    let (old_missions, new_missions): (Vec<_>, Vec<_>) =
        set.missions.iter_mut().partition(|f| first_file(f));
    let (old_campaigns, new_campaigns): (Vec<_>, Vec<_>) =
        set.campaigns.iter_mut().partition(|f| first_file(f));
    v.extend(old_missions);
    v.extend(old_campaigns);
    // Last, so that the slots of the older files keep their numbers.
    v.push(&mut set.vehicles);
    v.extend(others);
    v.extend(new_missions);
    v.extend(new_campaigns);
    v
}

/// Seeds for the `data` target's corpus, one per slot: the slot's byte
/// followed by its own file's text, named by slot and file. Each replaces a
/// file by itself, so each loads as shipped. `tests/fuzz/seed.sh` writes
/// them (through the ignored test `fuzz_write_data_seeds`), so that the
/// corpus follows [`slots`] whatever order it keeps.
pub fn data_seeds() -> Vec<(String, Vec<u8>)> {
    let mut set = sources().clone();
    slots(&mut set)
        .into_iter()
        .enumerate()
        .map(|(i, f)| {
            let slot = u8::try_from(i).expect("fewer than 256 data files");
            let stem = std::path::Path::new(&f.path)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let mut bytes = vec![slot];
            bytes.extend_from_slice(f.text.as_bytes());
            (format!("{i:02}_{stem}"), bytes)
        })
        .collect()
}

/// Data files (`--data DIR`): the first byte picks one file of the
/// shipped set, the rest is its text. The set is loaded and validated with
/// learn mode's explanations, as `fof` loads it; if it loads, a mission is
/// set up and a few legal inputs played. Returns whether the set loaded.
pub fn data(bytes: &[u8]) -> bool {
    let Some((&which, rest)) = bytes.split_first() else {
        return false;
    };
    let mut set = sources().clone();
    let replaced = {
        let mut slots = slots(&mut set);
        let n = slots.len();
        let file = &mut slots[which as usize % n];
        file.text = String::from_utf8_lossy(rest).into_owned();
        file.path.clone()
    };
    let Ok((loaded, _explanations)) = fof::learn::load_sources(&set) else {
        return false;
    };
    // A data set that validates must be playable: the missions of the file
    // replaced (or, for any other file, the first one) are set up and a
    // few legal inputs played.
    let loaded = Arc::new(loaded);
    let ids: Vec<String> = match set.missions.iter().find(|f| f.path == replaced) {
        Some(file) => {
            let text = &file.text;
            loaded
                .missions
                .iter()
                .filter(|m| text.contains(&m.id))
                .map(|m| m.id.clone())
                .take(2)
                .collect()
        }
        _ => loaded
            .missions
            .iter()
            .map(|m| m.id.clone())
            .take(1)
            .collect(),
    };
    for id in ids {
        if let Ok(mut game) = Game::new(loaded.clone(), &id, which as u64, Options::default()) {
            play_some(&mut game, DATA_STEPS);
        }
    }
    true
}

/// Plays up to `steps` legal inputs, the first one offered each time.
fn play_some(game: &mut Game, steps: usize) {
    for _ in 0..steps {
        let legal = game.legal_inputs();
        let Some(input) = legal.first() else {
            return;
        };
        let _ = game.apply(input);
    }
}

/// Saves and replays: parsed, played on the embedded data with every hash
/// checked, played again without the hashes (so that inputs, a `company`
/// line and a `continues` state reach the engine even when their hashes
/// are wrong), and recovered from a file as after a crash.
pub fn replay(bytes: &[u8]) {
    let data = embedded();
    if let Ok(replay) = Replay::parse_bytes(bytes)
        && replay.inputs.len() <= MAX_INPUTS
    {
        let _ = replay.play(data.clone());
        if let Ok(mut rec) = Recorder::continuing(
            data.clone(),
            &replay.mission,
            replay.seed,
            replay.options,
            replay.company.clone(),
            replay.continues.clone(),
        ) {
            for r in &replay.inputs {
                let _ = rec.apply(&r.input);
            }
            let _ = rec.text();
        }
    }
    // `recover` reads a file: only worth it for what could be a save.
    if bytes.starts_with(b"fof-replay") && bytes.len() < 64 * 1024 {
        let path = std::env::temp_dir().join(format!("fof-fuzz-{}.save", std::process::id()));
        if std::fs::write(&path, bytes).is_ok() {
            let _ = fof::play::replay::recover(&path, data);
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// Key-binding files: the text parsed on its own and over the defaults.
pub fn keys(bytes: &[u8]) {
    let src = SourceFile {
        path: "keys.ron".into(),
        text: String::from_utf8_lossy(bytes).into_owned(),
    };
    let _ = KeyMap::parse(&src, None);
    let base = KeyMap::default();
    if let Ok(map) = KeyMap::parse(&src, Some(&base)) {
        for cmd in fof::ui::keys::Command::ALL {
            let _ = map.key(cmd);
            let _ = map.keys(cmd);
        }
    }
}
