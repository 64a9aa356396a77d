//! The campaign on disk and on screen: the `campaign.ron` file of a save
//! folder (written atomically, refused with where and why when damaged or
//! from another format or data set) and the roster as text.

use super::{Campaign, End, Record};
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
    dir.join(replay_name(c, mission))
}

/// [`replay_path`] within the save folder ("replays/01-first_contact-1.replay").
pub fn replay_name(c: &Campaign, mission: &str) -> String {
    let patrol = if c.patrols_done > 0 {
        format!("-patrol{}", c.patrols_done + 1)
    } else {
        String::new()
    };
    format!(
        "replays/{:02}-{mission}{patrol}-{}.replay",
        c.next + 1,
        c.attempt + 1
    )
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
    let Some(def) = data.campaign(&file.campaign.id) else {
        return Err(format!(
            "{shown}: no campaign `{}` in the data",
            file.campaign.id
        ));
    };
    sane(&file.campaign, data, &def.missions)
        .map_err(|e| format!("{shown}: {e} (the campaign file is damaged; it is left as it is)"))?;
    Ok(file.campaign)
}

/// The values of a campaign that parse but cannot be (the reliability
/// review's F3): a unit type not in the data, a counter of no strength or
/// holding more steps than its strength, a roster id twice, a next mission
/// past the campaign's list, a record of a mission not in it.
fn sane(c: &Campaign, data: &DataSet, missions: &[String]) -> Result<(), String> {
    let mut ids: Vec<&str> = Vec::new();
    for m in &c.roster {
        if data.unit_type(&m.unit_type).is_none() {
            return Err(format!(
                "{} ({}) has the unit type `{}`, which the data does not have",
                m.label, m.id, m.unit_type
            ));
        }
        let counter = m.steps.len().saturating_sub(m.teams as usize);
        if m.full == 0 || counter > m.full as usize {
            return Err(format!(
                "{} ({}) holds {counter} step(s) in a counter of strength {}",
                m.label, m.id, m.full
            ));
        }
        if ids.contains(&m.id.as_str()) {
            return Err(format!("the roster holds `{}` twice", m.id));
        }
        ids.push(&m.id);
    }
    if c.next > missions.len() {
        return Err(format!(
            "the next mission is number {}, but the campaign has {}",
            c.next + 1,
            missions.len()
        ));
    }
    if let Some(r) = c.records.iter().find(|r| !missions.contains(&r.mission)) {
        return Err(format!(
            "a record names the mission `{}`, which is not in this campaign",
            r.mission
        ));
    }
    Ok(())
}

/// [`load`], then the campaign played again from its replays as
/// [`verify`] does, so that a file edited into books the missions and
/// decisions cannot give (a seed, a replay's name, a roster changed) is
/// refused before anything is played or written (F3). A file from before
/// records named their replays cannot be replayed: it is only loaded.
pub fn load_checked(
    dir: &std::path::Path,
    data: &std::sync::Arc<DataSet>,
) -> Result<Campaign, String> {
    let c = load(&file_in(dir), data)?;
    if c.records.iter().all(|r| !r.replay.is_empty()) {
        verify(dir, data).map_err(|e| {
            format!("{e}; the campaign file is left as it is (fof campaign verify checks it)")
        })?;
    }
    Ok(c)
}

/// The company roster and the campaign's progress, as text.
pub fn status(c: &Campaign, data: &DataSet) -> String {
    let mut s = String::new();
    let name = data.campaign(&c.id).map(|x| x.name.as_str()).unwrap_or("");
    // The player reads names, never the data's ids.
    let name = if name.is_empty() {
        "(no longer in the data)"
    } else {
        name
    };
    s.push_str(&format!(
        "Campaign {name}, {} mode, seed {}\n",
        c.mode.label(),
        c.seed
    ));
    match &c.end {
        Some(End::Won) => s.push_str(&format!("The campaign is won: {}.\n", c.mode.won_why())),
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
        s.push_str(&format!(
            "  {}. {:32} {state}\n",
            i + 1,
            data.mission_name(m)
        ));
    }
    s.push_str("\nCompany (each step G green, L line, V veteran):\n");
    if c.roster.is_empty() {
        // Before the first mission ends, whether it is under way or not
        // begun (a newcomer read "joins at the first mission" while
        // playing it).
        s.push_str(
            "  (the roster is kept from the end of the first mission on; until then the company is the one its briefing lists)\n",
        );
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
        let skills = if m.skills.is_empty() {
            String::new()
        } else {
            let names: Vec<&str> = m.skills.iter().map(|k| k.label()).collect();
            format!("; skills for the next mission: {}", names.join(", "))
        };
        // A counter out of play has no step to list (a play test read
        // the empty brackets as a fault).
        let letters = if steps.is_empty() {
            String::new()
        } else {
            format!(" ({})", steps.join(" "))
        };
        s.push_str(&format!(
            "  {:18} {:11} {}/{} steps{letters}{teams}{skills}\n",
            m.label,
            level,
            m.counter().len(),
            m.full,
        ));
    }
    if let Some(r) = c.records.last() {
        s.push_str(&format!(
            "\nLast: {} attempt {}: {}; {} XP, {} casualty step(s), {} replacement(s), {} veteran(s) back.\n",
            data.mission_name(&r.mission),
            r.attempt,
            if r.success { "success".to_string() } else { format!("failure ({})", r.why) },
            r.experience,
            r.casualties,
            r.replacements,
            r.veterans_returned
        ));
        if let Some(b) = &c.between {
            s.push_str(&format!(
                "Decisions after it are open: {} ({} experience point(s) left).\n",
                b.stage.title(),
                b.points
            ));
        }
    }
    let decided: Vec<&Record> = c.records.iter().filter(|r| !r.decided.is_empty()).collect();
    if !decided.is_empty() {
        s.push_str("\nDecisions between missions:\n");
        for r in decided {
            s.push_str(&format!(
                "  after {} attempt {}:\n",
                data.mission_name(&r.mission),
                r.attempt
            ));
            for d in &r.decided {
                s.push_str(&format!("    {d}\n"));
            }
        }
    }
    s
}

/// The line of the `j`-th decision after the `i`-th mission in a campaign
/// file's text (1-based), for a refusal: each decision is a line of the
/// record's `choices` list.
fn choice_line(text: &str, i: usize, j: usize) -> Option<usize> {
    let (at, _) = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.trim_start().starts_with("choices:"))
        .nth(i)?;
    Some(at + 2 + j)
}

/// Plays the campaign in `dir` again from its beginning (`fof campaign
/// verify`): each attempt's replay, checked against the hashes it records
/// and against the set-up the campaign sends in, then each decision
/// between missions as the file records it. The books must come out as
/// the file has them. A refused decision is reported with its line.
pub fn verify(dir: &std::path::Path, data: &std::sync::Arc<DataSet>) -> Result<String, String> {
    let path = file_in(dir);
    let shown = path.display();
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{shown}: {e}"))?;
    let saved = load(&path, data)?;
    let mut c = Campaign::new(data, &saved.id, saved.mode, saved.seed)
        .map_err(|e| format!("{shown}: {e}"))?;
    c.options = saved.options;
    let mut decisions = 0;
    for (i, r) in saved.records.iter().enumerate() {
        let at = format!(
            "{shown}: record {} ({} attempt {})",
            i + 1,
            r.mission,
            r.attempt
        );
        let rec = c
            .start_recorded(data, c.options)
            .map_err(|e| format!("{at}: {e}"))?;
        let expected = replay_name(&c, &r.mission);
        if r.replay.is_empty() {
            return Err(format!(
                "{at}: written by an earlier version of fof, which made the decisions between missions itself and did not record them: this campaign cannot be verified"
            ));
        }
        if r.replay != expected {
            return Err(format!(
                "{at}: its replay is recorded as `{}`, but the campaign there plays `{expected}`",
                r.replay
            ));
        }
        let file = dir.join(&r.replay);
        let replay = std::fs::read(&file)
            .map_err(|e| e.to_string())
            .and_then(|b| crate::play::replay::Replay::parse_bytes(&b).map_err(|e| e.to_string()))
            .map_err(|e| format!("{}: {e}", file.display()))?;
        let start =
            crate::play::replay::Replay::parse(&rec.text()).map_err(|e| format!("{at}: {e}"))?;
        if (
            &replay.mission,
            replay.seed,
            replay.options,
            replay.start_hash,
        ) != (&start.mission, start.seed, start.options, start.start_hash)
        {
            return Err(format!(
                "{}: it is not the game the campaign sent in at this point (mission, seed, options or set-up differ)",
                file.display()
            ));
        }
        let game = replay
            .play(data.clone())
            .map_err(|e| format!("{}: {e}", file.display()))?;
        if !game.is_over() {
            return Err(format!("{}: the mission is not over", file.display()));
        }
        let got = c.end_mission(data, &game);
        let key = |r: &Record| {
            (
                r.mission.clone(),
                r.attempt,
                r.seed,
                r.success,
                r.experience,
                r.casualties,
                r.replacements,
                r.veterans_returned,
            )
        };
        if key(&got) != key(r) {
            return Err(format!(
                "{at}: the replay gives another result (success {}, {} XP, {} casualty steps) than the file records (success {}, {} XP, {} casualty steps)",
                got.success, got.experience, got.casualties, r.success, r.experience, r.casualties
            ));
        }
        for (j, choice) in r.choices.iter().enumerate() {
            c.choose(choice).map_err(|e| {
                let line = choice_line(&text, i, j)
                    .map(|l| format!(":{l}"))
                    .unwrap_or_default();
                format!("{shown}{line}: {e}")
            })?;
            decisions += 1;
        }
        if c.between.is_some() && i + 1 < saved.records.len() {
            return Err(format!(
                "{at}: decisions are missing after it (the next mission cannot begin while {} is open)",
                c.between.as_ref().map(|b| b.stage.title()).unwrap_or("")
            ));
        }
    }
    for m in &saved.roster {
        let ours = c.roster.iter().find(|x| x.id == m.id);
        if ours != Some(m) {
            return Err(format!(
                "{shown}: {} ({}) is not as the missions and decisions leave it",
                m.label, m.id
            ));
        }
    }
    if c != saved {
        return Err(format!(
            "{shown}: the campaign's books (missions, attempts, decisions open, the roster) are not as the missions and decisions leave them"
        ));
    }
    Ok(format!(
        "{shown}: verified: {} mission attempt(s) replayed and {decisions} decision(s) made again; the company is as the file has it.\n",
        saved.records.len()
    ))
}
