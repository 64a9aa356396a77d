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

#[test]
fn fuzz_regressions_replays_never_panic() {
    run_all("replay", harness::replay);
}

#[test]
fn fuzz_regressions_key_files_never_panic() {
    run_all("keys", harness::keys);
}
