//! Where `fof` keeps its files on the player's machine: the save folder
//! (campaigns, saves, replays) and the config folder (`keys.ron`).
//!
//! Both are the platform's own, as the `directories` crate finds them for
//! an application named `fof` with no qualifier nor organisation:
//!
//! | platform | save folder | config folder |
//! |---|---|---|
//! | Linux | `$XDG_DATA_HOME/fof`, else `~/.local/share/fof` | `$XDG_CONFIG_HOME/fof`, else `~/.config/fof` |
//! | macOS | `~/Library/Application Support/fof` | the same folder |
//! | Windows | `%APPDATA%\fof\data` | `%APPDATA%\fof\config` |
//!
//! On Linux these are the folders `fof` always used, so existing saves are
//! still found. An empty or relative `XDG_*` variable is ignored, as the
//! XDG base directory specification asks.

use directories::ProjectDirs;
use std::path::PathBuf;

/// The save folder used when no home folder can be found: `fof-saves` in
/// the current folder.
pub const FALLBACK_SAVE_DIR: &str = "fof-saves";

/// The name of the key bindings file in the config folder.
pub const KEYS_FILE: &str = "keys.ron";

/// The platform's folders for `fof`, or `None` without a home folder.
/// Empty qualifier and organisation: on Linux only the application name
/// counts, and leaving them out elsewhere keeps the folder named plainly
/// `fof` (not `com.example.fof`) on every platform.
fn project_dirs() -> Option<ProjectDirs> {
    ProjectDirs::from("", "", "fof")
}

/// Where saves go: `over` (the `--save-dir` option) if given, else the
/// platform's data folder for `fof`, else [`FALLBACK_SAVE_DIR`].
pub fn save_dir(over: Option<PathBuf>) -> PathBuf {
    save_dir_from(over, project_dirs().map(|d| d.data_dir().to_path_buf()))
}

/// [`save_dir`] with the platform's data folder given (`None` when no home
/// folder was found), so the choice can be tested on any machine.
pub fn save_dir_from(over: Option<PathBuf>, platform: Option<PathBuf>) -> PathBuf {
    over.or(platform)
        .unwrap_or_else(|| PathBuf::from(FALLBACK_SAVE_DIR))
}

/// The player's key bindings file in the platform's config folder for
/// `fof` (whether it exists or not), or `None` without a home folder.
pub fn keys_file() -> Option<PathBuf> {
    project_dirs().map(|d| d.config_dir().join(KEYS_FILE))
}
