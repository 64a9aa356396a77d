//! The campaign on disk and on screen: the `campaign.ron` file of a save
//! folder (written atomically, refused with where and why when damaged or
//! from another format or data set) and the roster as text.

use super::{Campaign, End, Mode, Record};
use crate::data::DataSet;
use crate::data::action::Experience;
use serde::{Deserialize, Serialize};

/// The campaign file's format version.
pub const FILE_FORMAT: u32 = 1;

/// What `campaign.ron` holds: the format, the program and data that wrote
/// it, and the campaign.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignFile {
    pub format: u32,
    pub program: String,
    /// The data hash, 16 hex digits: a campaign goes on with the data it
    /// began with.
    pub data: String,
    pub campaign: Campaign,
}

/// The campaign file in a save folder.
pub fn file_in(dir: &std::path::Path) -> std::path::PathBuf {
    dir.join("campaign.ron")
}

/// The replay of an attempt, in the save folder's `replays/`.
pub fn replay_path(dir: &std::path::Path, c: &Campaign, mission: &str) -> std::path::PathBuf {
    let patrol = if c.patrols_done > 0 {
        format!("-patrol{}", c.patrols_done + 1)
    } else {
        String::new()
    };
    dir.join("replays").join(format!(
        "{:02}-{mission}{patrol}-{}.replay",
        c.next + 1,
        c.attempt + 1
    ))
}

/// Writes the campaign atomically (a temporary file, then a rename).
pub fn save(path: &std::path::Path, data: &DataSet, c: &Campaign) -> std::io::Result<()> {
    let file = CampaignFile {
        format: FILE_FORMAT,
        program: crate::play::replay::PROGRAM.to_string(),
        data: crate::engine::kernel::hash::hex(data.hash),
        campaign: c.clone(),
    };
    let text = ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::default())
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    crate::play::replay::save_atomic(path, &text)
}

/// Reads a campaign file. A file that does not parse, comes from another
/// format or another data set is refused with where and why; it is never
/// overwritten by the commands that call this.
pub fn load(path: &std::path::Path, data: &DataSet) -> Result<Campaign, String> {
    let shown = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?;
    let file: CampaignFile = ron::from_str(&text).map_err(|e| {
        format!(
            "{shown}:{}:{}: {} (the campaign file is damaged; it is left as it is)",
            e.span.start.line, e.span.start.col, e.code
        )
    })?;
    if file.format != FILE_FORMAT {
        return Err(format!(
            "{shown}: campaign file format {} is not supported (this program reads {FILE_FORMAT})",
            file.format
        ));
    }
    let here = crate::engine::kernel::hash::hex(data.hash);
    if file.data != here {
        return Err(format!(
            "{shown}: the campaign was begun with other game data (data {}, loaded {here}); load the same data with --data",
            file.data
        ));
    }
    if data.campaign(&file.campaign.id).is_none() {
        return Err(format!(
            "{shown}: no campaign `{}` in the data",
            file.campaign.id
        ));
    }
    Ok(file.campaign)
}

/// The company roster and the campaign's progress, as text.
pub fn status(c: &Campaign, data: &DataSet) -> String {
    let mut s = String::new();
    let name = data.campaign(&c.id).map(|x| x.name.as_str()).unwrap_or("");
    s.push_str(&format!(
        "Campaign {} ({name}), {} mode, seed {}\n",
        c.id,
        match c.mode {
            Mode::Standard => "standard",
            Mode::Survivor => "survivor",
            Mode::Hardcore => "hardcore",
        },
        c.seed
    ));
    match &c.end {
        Some(End::Won) => s.push_str("The campaign is won.\n"),
        Some(End::Lost(why)) => s.push_str(&format!("The campaign is lost: {why}.\n")),
        None => {}
    }
    let missions = data
        .campaign(&c.id)
        .map(|x| x.missions.clone())
        .unwrap_or_default();
    s.push_str("\nMissions:\n");
    for (i, m) in missions.iter().enumerate() {
        let tries: Vec<&Record> = c.records.iter().filter(|r| &r.mission == m).collect();
        let state = if let Some(r) = tries.iter().find(|r| r.success) {
            format!("done ({} attempt(s), {} XP)", r.attempt, r.experience)
        } else if !tries.is_empty() && (i < c.next || c.end.is_some()) {
            format!("failed ({} attempt(s))", tries.len())
        } else if i == c.next && c.end.is_none() {
            if c.attempt > 0 {
                format!("next, attempt {}", c.attempt + 1)
            } else {
                "next".into()
            }
        } else {
            "to come".into()
        };
        s.push_str(&format!("  {}. {m:24} {state}\n", i + 1));
    }
    s.push_str("\nCompany:\n");
    if c.roster.is_empty() {
        s.push_str("  (the company joins at the first mission)\n");
    }
    for m in &c.roster {
        let steps: Vec<&str> = m
            .counter()
            .iter()
            .map(|e| match e {
                Experience::Green => "G",
                Experience::Line => "L",
                Experience::Veteran => "V",
            })
            .collect();
        let teams = match m.teams {
            0 => String::new(),
            1 => " and a fire team".to_string(),
            n => format!(" and {n} fire teams"),
        };
        let level = if m.counter().is_empty() {
            "out of play"
        } else {
            m.level().key()
        };
        s.push_str(&format!(
            "  {:12} {:18} {:11} {}/{} steps [{}]{teams}\n",
            m.id,
            m.label,
            level,
            m.counter().len(),
            m.full,
            steps.join(" ")
        ));
    }
    if let Some(r) = c.records.last() {
        s.push_str(&format!(
            "\nLast: {} attempt {}: {}; {} XP, {} casualty step(s), {} replacement(s), {} veteran(s) back.\n",
            r.mission,
            r.attempt,
            if r.success { "success".to_string() } else { format!("failure ({})", r.why) },
            r.experience,
            r.casualties,
            r.replacements,
            r.veterans_returned
        ));
        for p in &r.promotions {
            s.push_str(&format!("  promoted {p}\n"));
        }
    }
    s
}
