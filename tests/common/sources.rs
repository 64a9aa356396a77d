//! The data sources: the embedded ones edited and loaded, and copies of the
//! data folders on disk for tests of `--data DIR`.

use fof::data::{DataError, DataErrors, DataSource, SourceSet};
use fof::learn::load_sources;
use std::path::{Path, PathBuf};

/// The sources embedded in the binary, to edit.
pub fn embedded() -> SourceSet {
    DataSource::Embedded.read().expect("embedded sources")
}

/// The errors loading edited sources gives (the data and the learn texts
/// with them, as every command loads them); they must be refused.
pub fn errors_of(set: &SourceSet) -> DataErrors {
    match load_sources(set) {
        Ok(_) => panic!("expected the edited sources to be refused"),
        Err(e) => e,
    }
}

/// The one error about the file at `path` whose message contains `needle`.
pub fn error_at(errs: &DataErrors, path: &str, needle: &str) -> DataError {
    errs.0
        .iter()
        .find(|e| e.path == path && e.message.contains(needle))
        .cloned()
        .unwrap_or_else(|| panic!("no error containing `{needle}` in {path}; got:\n{errs}"))
}

/// Copies a folder and everything in it.
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let p = entry.path();
        let dest = to.join(entry.file_name());
        if p.is_dir() {
            copy_tree(&p, &dest);
        } else {
            std::fs::copy(&p, &dest).unwrap();
        }
    }
}

/// A fresh copy of the data folders (decks, assets, missions) in the
/// target's temporary folder, named `name`.
pub fn data_copy(name: &str) -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    // The process id keeps two test runs at once from sharing a folder.
    let dir =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["decks", "assets", "missions"] {
        copy_tree(&root.join(sub), &dir.join(sub));
    }
    dir
}
