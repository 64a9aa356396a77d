//! Game data: schemas, loading and validation.
//!
//! The shipped data is embedded in the binary; `--data DIR` loads a folder
//! laid out like the repository (`decks/`, `missions/`, `assets/`) instead.
//! Loading never stops at the first problem: every parse error in every file
//! and every invariant broken is collected and reported as
//! `path:line:col: message`.
//!
//! This is the bottom layer: it names nothing of the engine or above.
//! Learn mode's explanations (`assets/learn.ron`) are read here with the
//! other files, but their schema is keyed by the engine's own steps, events
//! and orders, so it lives above the engine (`crate::learn`), which loads
//! them through [`load_sources_with`] with this module's parser and error
//! positions.

pub mod action;
pub mod activity;
pub mod campaign;
pub mod charts;
pub mod locate;
pub mod mission;
pub mod stats;
pub mod terrain;
pub mod units;
mod validate;
pub mod vehicles;

pub use validate::calibration;

use action::ActionDeck;
use charts::Charts;
use locate::Pos;
use mission::Mission;
use serde::de::DeserializeOwned;
use std::fmt;
use std::path::{Path, PathBuf};
use terrain::TerrainDeck;
use units::UnitsFile;

/// One problem in one data file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataError {
    pub path: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl DataError {
    pub fn at(path: &str, pos: Pos, message: impl Into<String>) -> Self {
        DataError {
            path: path.to_string(),
            line: pos.line,
            col: pos.col,
            message: message.into(),
        }
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.path, self.line, self.col, self.message
        )
    }
}

/// Every problem found while loading a data set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataErrors(pub Vec<DataError>);

impl fmt::Display for DataErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for e in &self.0 {
            writeln!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for DataErrors {}

/// The text of one data file and the path it is reported under.
#[derive(Debug, Clone)]
pub struct SourceFile {
    pub path: String,
    pub text: String,
}

/// Where data comes from.
#[derive(Debug, Clone)]
pub enum DataSource {
    /// The files compiled into the binary.
    Embedded,
    /// A folder laid out like the repository.
    Dir(PathBuf),
}

/// The files of a data set, by role.
#[derive(Debug, Clone)]
pub struct SourceSet {
    pub action: SourceFile,
    pub terrain: Vec<SourceFile>,
    pub units: SourceFile,
    pub charts: SourceFile,
    /// The Vehicle and Anti-Tank Weapons Chart (7.0-7.7).
    pub vehicles: SourceFile,
    pub missions: Vec<SourceFile>,
    pub campaigns: Vec<SourceFile>,
    /// Learn mode's explanations (not part of the data hash; read here,
    /// loaded by `crate::learn`).
    pub learn: SourceFile,
}

/// Paths inside a data folder.
pub const ACTION_PATH: &str = "decks/action.ron";
pub const TERRAIN_DIR: &str = "decks/terrain";
pub const UNITS_PATH: &str = "assets/units.ron";
pub const CHARTS_PATH: &str = "assets/charts.ron";
pub const VEHICLES_PATH: &str = "assets/vehicles.ron";
pub const LEARN_PATH: &str = "assets/learn.ron";
pub const MISSIONS_DIR: &str = "missions";
pub const CAMPAIGNS_DIR: &str = "missions/campaigns";

mod embedded {
    pub const ACTION: &str = include_str!("../../decks/action.ron");
    pub const TERRAIN: &[(&str, &str)] = &[
        (
            "decks/terrain/korea.ron",
            include_str!("../../decks/terrain/korea.ron"),
        ),
        (
            "decks/terrain/normandy.ron",
            include_str!("../../decks/terrain/normandy.ron"),
        ),
    ];
    pub const UNITS: &str = include_str!("../../assets/units.ron");
    pub const CHARTS: &str = include_str!("../../assets/charts.ron");
    pub const VEHICLES: &str = include_str!("../../assets/vehicles.ron");
    pub const LEARN: &str = include_str!("../../assets/learn.ron");
    pub const MISSIONS: &[(&str, &str)] = &[
        (
            "missions/crossroads_firefight.ron",
            include_str!("../../missions/crossroads_firefight.ron"),
        ),
        (
            "missions/first_contact.ron",
            include_str!("../../missions/first_contact.ron"),
        ),
        (
            "missions/hedgerow_attack.ron",
            include_str!("../../missions/hedgerow_attack.ron"),
        ),
        (
            "missions/k50_across_the_river.ron",
            include_str!("../../missions/k50_across_the_river.ron"),
        ),
        (
            "missions/k50_hill_before_dark.ron",
            include_str!("../../missions/k50_hill_before_dark.ron"),
        ),
        (
            "missions/k50_ridge_at_dawn.ron",
            include_str!("../../missions/k50_ridge_at_dawn.ron"),
        ),
        (
            "missions/k50_tanks_in_the_paddies.ron",
            include_str!("../../missions/k50_tanks_in_the_paddies.ron"),
        ),
        (
            "missions/k51_first_light.ron",
            include_str!("../../missions/k51_first_light.ron"),
        ),
        (
            "missions/k51_fog_patrol.ron",
            include_str!("../../missions/k51_fog_patrol.ron"),
        ),
        (
            "missions/k51_night_defence.ron",
            include_str!("../../missions/k51_night_defence.ron"),
        ),
        (
            "missions/k51_ridge_assault.ron",
            include_str!("../../missions/k51_ridge_assault.ron"),
        ),
        (
            "missions/night_patrol.ron",
            include_str!("../../missions/night_patrol.ron"),
        ),
        (
            "missions/orchard_line.ron",
            include_str!("../../missions/orchard_line.ron"),
        ),
        (
            "missions/panzer_counterattack.ron",
            include_str!("../../missions/panzer_counterattack.ron"),
        ),
        (
            "missions/village_assault.ron",
            include_str!("../../missions/village_assault.ron"),
        ),
    ];
    pub const CAMPAIGNS: &[(&str, &str)] = &[
        (
            "missions/campaigns/korea_1950.ron",
            include_str!("../../missions/campaigns/korea_1950.ron"),
        ),
        (
            "missions/campaigns/korea_1951.ron",
            include_str!("../../missions/campaigns/korea_1951.ron"),
        ),
        (
            "missions/campaigns/normandy_1944.ron",
            include_str!("../../missions/campaigns/normandy_1944.ron"),
        ),
    ];
}

impl DataSource {
    /// Reads every file of the data set. Missing or unreadable files are
    /// reported as errors alongside the files that could be read.
    pub fn read(&self) -> Result<SourceSet, DataErrors> {
        match self {
            DataSource::Embedded => Ok(SourceSet {
                action: file(ACTION_PATH, embedded::ACTION),
                terrain: embedded::TERRAIN.iter().map(|(p, t)| file(p, t)).collect(),
                units: file(UNITS_PATH, embedded::UNITS),
                charts: file(CHARTS_PATH, embedded::CHARTS),
                vehicles: file(VEHICLES_PATH, embedded::VEHICLES),
                missions: embedded::MISSIONS.iter().map(|(p, t)| file(p, t)).collect(),
                campaigns: embedded::CAMPAIGNS
                    .iter()
                    .map(|(p, t)| file(p, t))
                    .collect(),
                learn: file(LEARN_PATH, embedded::LEARN),
            }),
            DataSource::Dir(dir) => read_dir_set(dir),
        }
    }
}

fn file(path: &str, text: &str) -> SourceFile {
    SourceFile {
        path: path.to_string(),
        text: text.to_string(),
    }
}

fn read_dir_set(dir: &Path) -> Result<SourceSet, DataErrors> {
    let mut errors = Vec::new();
    let mut read = |rel: &str| -> SourceFile {
        let path = dir.join(rel);
        let shown = path.display().to_string();
        match std::fs::read_to_string(&path) {
            Ok(text) => SourceFile { path: shown, text },
            Err(e) => {
                errors.push(DataError::at(
                    &shown,
                    Pos::START,
                    format!("cannot read: {e}"),
                ));
                SourceFile {
                    path: shown,
                    text: String::new(),
                }
            }
        }
    };
    let action = read(ACTION_PATH);
    let units = read(UNITS_PATH);
    let charts = read(CHARTS_PATH);
    let vehicles = read(VEHICLES_PATH);
    let learn = read(LEARN_PATH);
    let terrain = read_ron_folder(&dir.join(TERRAIN_DIR), &mut errors, true);
    let missions = read_ron_folder(&dir.join(MISSIONS_DIR), &mut errors, false);
    let campaigns = if dir.join(CAMPAIGNS_DIR).exists() {
        read_ron_folder(&dir.join(CAMPAIGNS_DIR), &mut errors, false)
    } else {
        Vec::new()
    };
    if errors.is_empty() {
        Ok(SourceSet {
            action,
            terrain,
            units,
            charts,
            vehicles,
            missions,
            campaigns,
            learn,
        })
    } else {
        Err(DataErrors(errors))
    }
}

/// Every `*.ron` file of a folder, sorted by name. `required`: an empty
/// folder is an error.
fn read_ron_folder(folder: &Path, errors: &mut Vec<DataError>, required: bool) -> Vec<SourceFile> {
    let shown_dir = folder.display().to_string();
    let entries = match std::fs::read_dir(folder) {
        Ok(e) => e,
        Err(e) => {
            errors.push(DataError::at(
                &shown_dir,
                Pos::START,
                format!("cannot read folder: {e}"),
            ));
            return Vec::new();
        }
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    paths.sort();
    let mut files = Vec::new();
    for p in paths {
        let shown = p.display().to_string();
        match std::fs::read_to_string(&p) {
            Ok(text) => files.push(SourceFile { path: shown, text }),
            Err(e) => errors.push(DataError::at(
                &shown,
                Pos::START,
                format!("cannot read: {e}"),
            )),
        }
    }
    if required && files.is_empty() {
        errors.push(DataError::at(
            &shown_dir,
            Pos::START,
            "no deck file (*.ron) found in this folder",
        ));
    }
    files
}

/// A loaded and validated data set.
#[derive(Debug, Clone)]
pub struct DataSet {
    pub action: ActionDeck,
    pub terrain: Vec<TerrainDeck>,
    pub units: UnitsFile,
    pub charts: Charts,
    pub vehicles: vehicles::VehiclesFile,
    pub missions: Vec<Mission>,
    pub campaigns: Vec<campaign::Campaign>,
    /// A stable 64-bit hash of every source file's text, for replay headers.
    pub hash: u64,
}

impl DataSet {
    /// Loads the shipped data.
    pub fn embedded() -> Result<DataSet, DataErrors> {
        load(&DataSource::Embedded)
    }

    pub fn terrain_deck(&self, id: &str) -> Option<&TerrainDeck> {
        self.terrain.iter().find(|d| d.id == id)
    }

    pub fn campaign(&self, id: &str) -> Option<&campaign::Campaign> {
        self.campaigns.iter().find(|c| c.id == id)
    }

    /// Every mission in the order a player meets them: those no campaign
    /// lists (the training mission) first, by id, then each campaign's in
    /// its order, the campaigns in the order of their wars.
    pub fn missions_in_order(&self) -> Vec<&Mission> {
        let listed = |id: &str| {
            self.campaigns
                .iter()
                .any(|c| c.missions.iter().any(|m| m == id))
        };
        let mut out: Vec<&Mission> = self.missions.iter().filter(|m| !listed(&m.id)).collect();
        for c in &self.campaigns {
            for id in &c.missions {
                if let Some(m) = self.mission(id)
                    && !out.iter().any(|x| x.id == m.id)
                {
                    out.push(m);
                }
            }
        }
        out
    }

    pub fn mission(&self, id: &str) -> Option<&Mission> {
        self.missions.iter().find(|m| m.id == id)
    }

    /// A mission's name as the player reads it; its id when the data no
    /// longer has it (a campaign file naming a mission since removed).
    pub fn mission_name<'a>(&'a self, id: &'a str) -> &'a str {
        self.mission(id).map_or(id, |m| m.name.as_str())
    }

    pub fn unit_type(&self, id: &str) -> Option<&units::UnitType> {
        self.unit_type_at(id).map(|(_, t)| t)
    }

    /// [`DataSet::unit_type`] with the type's place in the list (which a
    /// unit remembers: `Unit::type_in`).
    pub fn unit_type_at(&self, id: &str) -> Option<(usize, &units::UnitType)> {
        self.units
            .units
            .iter()
            .enumerate()
            .find(|(_, u)| u.id.0 == id)
    }

    /// The numbered action cards in deck order (the reshuffle card excluded).
    pub fn action_cards(&self) -> Vec<&action::ActionCard> {
        self.action
            .cards
            .iter()
            .filter_map(|c| match c {
                action::DeckEntry::Action(a) => Some(a),
                action::DeckEntry::Reshuffle => None,
            })
            .collect()
    }

    /// The action card with the given printed number.
    pub fn action_card(&self, number: u8) -> Option<&action::ActionCard> {
        self.action.cards.iter().find_map(|c| match c {
            action::DeckEntry::Action(a) if a.number == number => Some(a),
            _ => None,
        })
    }
}

/// Parses one RON file, turning a parse error into a `DataError`.
pub(crate) fn parse<T: DeserializeOwned>(src: &SourceFile) -> Result<T, DataError> {
    ron::Options::default()
        .from_str::<T>(&src.text)
        .map_err(|e| {
            let pos = Pos {
                line: e.span.start.line.max(1),
                col: e.span.start.col.max(1),
            };
            let mut message = e.code.to_string();
            // RON names what it expected; add the field being read, unless
            // the message already names it.
            if let Some(field) =
                locate::enclosing_field(&src.text, locate::offset_of(&src.text, pos))
                && !message.contains(&format!("`{field}`"))
            {
                message.push_str(&format!(" (in field `{field}`)"));
            }
            DataError::at(&src.path, pos, message)
        })
}

/// Loads and validates a data set, collecting every error.
pub fn load(source: &DataSource) -> Result<DataSet, DataErrors> {
    let set = source.read()?;
    load_sources(&set)
}

/// Loads and validates a set of source texts.
pub fn load_sources(set: &SourceSet) -> Result<DataSet, DataErrors> {
    load_sources_with(set, |_| Some(())).map(|(data, ())| data)
}

/// Loads and validates a set of source texts together with a file whose
/// schema is defined above this layer (learn mode's explanations, keyed by
/// the engine's own steps, events and orders: `crate::learn`). `between`
/// runs once every file of the set has been parsed and before the checks
/// on what parsed, so that its errors come in the same place among the
/// others; it returns `None` only after adding an error.
pub fn load_sources_with<T>(
    set: &SourceSet,
    between: impl FnOnce(&mut Vec<DataError>) -> Option<T>,
) -> Result<(DataSet, T), DataErrors> {
    let mut errors = Vec::new();
    let action = parse::<ActionDeck>(&set.action)
        .map_err(|e| errors.push(e))
        .ok();
    let mut terrain = Vec::new();
    let mut terrain_ok = true;
    for f in &set.terrain {
        match parse::<TerrainDeck>(f) {
            Ok(d) => terrain.push((f, d)),
            Err(e) => {
                terrain_ok = false;
                errors.push(e)
            }
        }
    }
    let units = parse::<UnitsFile>(&set.units)
        .map_err(|e| errors.push(e))
        .ok();
    let charts = parse::<Charts>(&set.charts)
        .map_err(|e| errors.push(e))
        .ok();
    let vehicles = parse::<vehicles::VehiclesFile>(&set.vehicles)
        .map_err(|e| errors.push(e))
        .ok();
    let mut campaigns = Vec::new();
    for f in &set.campaigns {
        match parse::<campaign::Campaign>(f) {
            Ok(c) => campaigns.push((f, c)),
            Err(e) => errors.push(e),
        }
    }
    let mut missions = Vec::new();
    let mut missions_ok = true;
    for f in &set.missions {
        match parse::<Mission>(f) {
            Ok(m) => missions.push((f, m)),
            Err(e) => {
                missions_ok = false;
                errors.push(e)
            }
        }
    }

    let extra = between(&mut errors);

    // Second pass: invariants on every file that parsed.
    if let Some(a) = &action {
        validate::action_deck(&set.action, a, &mut errors);
    }
    for (f, d) in &terrain {
        validate::terrain_deck(f, d, &mut errors);
    }
    validate::terrain_ids(&terrain, &mut errors);
    if let Some(u) = &units {
        validate::units(&set.units, u, &mut errors);
    }
    if let Some(c) = &charts {
        validate::charts(&set.charts, c, &mut errors);
    }

    if let (Some(u), Some(v)) = (&units, &vehicles) {
        validate::vehicles(&set.vehicles, v, u, &mut errors);
    }

    if let (Some(u), Some(c)) = (&units, &charts) {
        let decks: Vec<&TerrainDeck> = terrain.iter().map(|(_, d)| d).collect();
        // A deck that failed to parse is already reported; missions are
        // not blamed for naming it.
        let decks = if terrain_ok {
            Some(decks.as_slice())
        } else {
            None
        };
        validate::missions(&missions, decks, u, c, &mut errors);
        validate::campaigns(&campaigns, &missions, u, &mut errors);
    }
    if let (Some(u), Some(v)) = (&units, &vehicles) {
        validate::vehicle_refs(&missions, &campaigns, v, u, charts.as_ref(), &mut errors);
    }

    match (action, units, charts, vehicles, extra) {
        (Some(action), Some(units), Some(charts), Some(vehicles), Some(extra))
            if errors.is_empty() && terrain_ok && missions_ok =>
        {
            let hash = hash_sources(set);
            let data = DataSet {
                action,
                terrain: terrain.into_iter().map(|(_, d)| d).collect(),
                units,
                charts,
                vehicles,
                missions: missions.into_iter().map(|(_, m)| m).collect(),
                campaigns: {
                    // In the order they were fought (then by id): the menus
                    // and the default campaign begin with the earliest war.
                    let mut v: Vec<campaign::Campaign> =
                        campaigns.into_iter().map(|(_, c)| c).collect();
                    v.sort_by(|a, b| (a.year, &a.id).cmp(&(b.year, &b.id)));
                    v
                },
                hash,
            };
            Ok((data, extra))
        }
        _ => Err(DataErrors(errors)),
    }
}

/// FNV-1a over the file texts: stable across machines and runs. Learn
/// mode's texts are left out: they change no game, so rewording one does
/// not make saves and replays refuse the data.
fn hash_sources(set: &SourceSet) -> u64 {
    let mut h = Fnv::new();
    h.write(set.action.text.as_bytes());
    for t in &set.terrain {
        h.write(t.text.as_bytes());
    }
    h.write(set.units.text.as_bytes());
    h.write(set.charts.text.as_bytes());
    h.write(set.vehicles.text.as_bytes());
    for m in &set.missions {
        h.write(m.text.as_bytes());
    }
    for c in &set.campaigns {
        h.write(c.text.as_bytes());
    }
    h.finish()
}

/// A 64-bit FNV-1a hasher: simple, stable, and the same everywhere.
#[derive(Debug, Clone)]
pub struct Fnv(u64);

impl Fnv {
    pub fn new() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    pub fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= *b as u64;
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
        // Separate consecutive writes so ("ab","c") and ("a","bc") differ.
        self.0 ^= 0xff;
        self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
    }

    pub fn finish(&self) -> u64 {
        self.0
    }
}

impl Default for Fnv {
    fn default() -> Self {
        Fnv::new()
    }
}
