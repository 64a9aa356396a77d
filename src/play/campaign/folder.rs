//! Campaigns side by side in one save folder.
//!
//! The save folder's own `campaign.ron` is the campaign the `fof campaign`
//! commands use without `--name` (and the only one earlier versions knew).
//! Beside it, each named campaign has a folder of its own,
//! `campaigns/<name>/`, laid out the same way: `campaign.ron`, the mission
//! in progress, the replays. The start menu lists them all, begins new ones
//! and deletes them.

use super::{Campaign, End, file_in, load};
use crate::data::DataSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The folder, in the save folder, of the named campaigns.
pub const CAMPAIGNS: &str = "campaigns";

/// Where one campaign lives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    /// `None`: the save folder's own campaign.
    pub name: Option<String>,
    /// The campaign's folder (its `campaign.ron`, saves and replays).
    pub dir: PathBuf,
}

impl Slot {
    /// How the player names it: its name, or "main" for the save
    /// folder's own.
    pub fn title(&self) -> String {
        match &self.name {
            Some(n) => n.clone(),
            None => "main".into(),
        }
    }
}

/// Whether a campaign's name is one the save folder can hold: letters,
/// digits, `-` and `_`, 1 to 40 characters, not beginning with `-`.
pub fn check_name(name: &str) -> Result<(), String> {
    let ok = !name.is_empty()
        && name.len() <= 40
        && !name.starts_with('-')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(format!(
            "{name:?} is not a campaign name: use 1 to 40 letters, digits, '-' or '_'"
        ))
    }
}

/// The folder of the campaign named `name` (`None`: the save folder's own).
pub fn slot(save: &Path, name: Option<&str>) -> Result<Slot, String> {
    match name {
        None => Ok(Slot {
            name: None,
            dir: save.to_path_buf(),
        }),
        Some(n) => {
            check_name(n)?;
            Ok(Slot {
                name: Some(n.to_string()),
                dir: save.join(CAMPAIGNS).join(n),
            })
        }
    }
}

/// Every campaign in the save folder: its own first, then the named ones
/// by name.
pub fn slots(save: &Path) -> Vec<Slot> {
    let mut out = Vec::new();
    if file_in(save).exists() {
        out.push(Slot {
            name: None,
            dir: save.to_path_buf(),
        });
    }
    let mut named: Vec<String> = std::fs::read_dir(save.join(CAMPAIGNS))
        .map(|rd| {
            rd.flatten()
                .filter(|e| file_in(&e.path()).exists())
                .filter_map(|e| e.file_name().to_str().map(str::to_string))
                .filter(|n| check_name(n).is_ok())
                .collect()
        })
        .unwrap_or_default();
    named.sort();
    out.extend(named.into_iter().map(|n| Slot {
        dir: save.join(CAMPAIGNS).join(&n),
        name: Some(n),
    }));
    out
}

/// Where a new campaign of `id` goes: the save folder's own place when it
/// is free, else `campaigns/<id>-<n>` with the first number free.
pub fn free_slot(save: &Path, id: &str) -> Slot {
    if !file_in(save).exists() {
        return Slot {
            name: None,
            dir: save.to_path_buf(),
        };
    }
    let base: String = id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '-'
            }
        })
        .take(32)
        .collect();
    let mut n = 2;
    loop {
        let name = format!("{base}-{n}");
        let dir = save.join(CAMPAIGNS).join(&name);
        if !dir.exists() {
            return Slot {
                name: Some(name),
                dir,
            };
        }
        n += 1;
    }
}

/// What a campaign's slot holds, for the menu.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Described {
    pub campaign: Campaign,
    /// Its name and mode ("Through the Hedgerows, survivor").
    pub title: String,
    /// Where it stands, in a few words ("mission 2 of 5, turn 3").
    pub short: String,
    /// Where it stands in full: the next mission and attempt, the turn of
    /// the mission in progress, decisions open, or how it ended.
    pub standing: String,
}

/// Reads a campaign's slot for the menu.
pub fn describe(slot: &Slot, data: &Arc<DataSet>) -> Result<Described, String> {
    let c = load(&file_in(&slot.dir), data)?;
    let name = data
        .campaign(&c.id)
        .map(|x| x.name.clone())
        .unwrap_or_else(|| c.id.clone());
    let title = format!("{name}, {}", c.mode.label());
    let total = data.campaign(&c.id).map(|x| x.missions.len()).unwrap_or(0);
    let last = c.records.last().map(|r| r.mission.as_str()).unwrap_or("");
    let last = data.mission_name(last);
    let (short, standing) = match (&c.end, c.next_mission(data)) {
        _ if c.between.is_some() => (
            "decisions to make".to_string(),
            format!(
                "After {last}: the debrief and the decisions between missions are waiting{}.",
                match &c.end {
                    Some(End::Lost(why)) => format!(" (the campaign is lost: {why})"),
                    Some(End::Won) => " (the campaign is won)".into(),
                    None => String::new(),
                }
            ),
        ),
        (Some(End::Won), _) => (
            "won".into(),
            format!("The campaign is won: {}.", c.mode.won_why()),
        ),
        (Some(End::Lost(why)), _) => ("lost".into(), format!("The campaign is lost: {why}.")),
        (None, None) => ("over".into(), "The campaign is over.".into()),
        (None, Some(m)) => {
            let mission = data.mission(m);
            let title = data.mission_name(m);
            let attempts = mission.map(|x| x.attempts).unwrap_or(1);
            let attempt = if attempts > 1 {
                format!(", attempt {} of {attempts}", c.attempt + 1)
            } else {
                String::new()
            };
            let current = slot.dir.join(crate::play::session::CURRENT);
            let turn = if current.exists() {
                match crate::play::replay::load(&current, data.clone()) {
                    Ok(g) if g.state().mission == m => {
                        Some((g.state().turn, g.state().counters.inputs))
                    }
                    _ => None,
                }
            } else {
                None
            };
            let at = format!("mission {} of {total}", c.next + 1);
            match turn {
                // The briefing was opened but nothing was decided yet.
                Some((_, 0)) => (
                    format!("{at}, not begun"),
                    format!("Next: {title}{attempt}, briefed; nothing played yet."),
                ),
                Some((t, _)) => (
                    format!("{at}, turn {t}"),
                    format!("Next: {title}{attempt}, in progress at turn {t}."),
                ),
                None => (at, format!("Next: {title}{attempt}.")),
            }
        }
    };
    Ok(Described {
        campaign: c,
        title,
        short,
        standing,
    })
}

/// Deletes a campaign: a named one's whole folder; the save folder's own
/// campaign file, its mission in progress and its replays (the rest of the
/// save folder stays).
pub fn remove(slot: &Slot, c: Option<&Campaign>) -> std::io::Result<()> {
    if slot.name.is_some() {
        return std::fs::remove_dir_all(&slot.dir);
    }
    let gone = |p: PathBuf| match std::fs::remove_file(&p) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    };
    if let Some(c) = c {
        for r in &c.records {
            if !r.replay.is_empty() {
                gone(slot.dir.join(&r.replay))?;
            }
        }
    }
    gone(slot.dir.join(crate::play::session::CURRENT))?;
    gone(slot.dir.join(crate::play::session::STALE))?;
    gone(file_in(&slot.dir))
}
