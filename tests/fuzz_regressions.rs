//! The fuzz targets' regression corpus, run on stable in plain `cargo
//! test`: every file under `tests/fuzz/regressions/<target>/` goes through
//! the same harness as the libFuzzer target (`tests/fuzz/src/harness.rs`)
//! and must come back without a panic. Inputs that once crashed `fof` are
//! kept here, with a few small interesting ones found while fuzzing.

#[path = "fuzz/src/harness.rs"]
mod harness;

use std::path::Path;

fn run_all(target: &str, f: impl Fn(&[u8]) + std::panic::RefUnwindSafe) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz/regressions")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "no regression inputs in {}",
        dir.display()
    );
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        let result = std::panic::catch_unwind(|| f(&bytes));
        assert!(result.is_ok(), "{} panicked", path.display());
    }
}

#[test]
fn fuzz_regressions_data_files_never_panic() {
    run_all("data", |b| {
        harness::data(b);
    });
}

#[test]
fn fuzz_regressions_an_unchanged_mission_loads_and_plays() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz/regressions/data/mission_valid_crossroads");
    assert!(harness::data(&std::fs::read(path).unwrap()));
}

/// The seeds `tests/fuzz/seed.sh` writes for the `data` target each pick
/// the slot of the file whose text they carry: each loads and plays as the
/// shipped data does.
#[test]
fn fuzz_regressions_each_data_seed_picks_its_own_file() {
    let seeds = harness::data_seeds();
    // The data set's files: 4 assets, the vehicles, 2 terrain decks, 15
    // missions, 3 campaigns.
    assert_eq!(seeds.len(), 25);
    for (name, bytes) in &seeds {
        assert!(harness::data(bytes), "the seed {name} does not load");
    }
}

/// Writes the `data` target's seeds into the folder `FOF_FUZZ_CORPUS`
/// names: `tests/fuzz/seed.sh` runs it.
#[test]
#[ignore = "writes the fuzz corpus; run by tests/fuzz/seed.sh"]
fn fuzz_write_data_seeds() {
    let dir = std::env::var("FOF_FUZZ_CORPUS").expect("FOF_FUZZ_CORPUS names the folder");
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{dir}: {e}"));
    for (name, bytes) in harness::data_seeds() {
        let path = Path::new(&dir).join(name);
        std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

#[test]
fn fuzz_regressions_replays_never_panic() {
    run_all("replay", harness::replay);
}

#[test]
fn fuzz_regressions_key_files_never_panic() {
    run_all("keys", harness::keys);
}
