//! The shipped data, test missions built from it and the games they start.

use fof::data::DataSet;
use fof::data::action::Experience;
use fof::data::activity::Cell;
use fof::data::mission::{At, Face, FixedCard, Mission, RosterEntry, Skill, Start};
use fof::data::terrain::{Relief, TerrainCard};
use fof::data::units::UnitTypeId;
use fof::engine::Answer;
use fof::engine::{Game, Options, UnitId};
use std::sync::{Arc, OnceLock};

use super::board::open_map;

/// The shipped data, loaded once for the test binary.
pub fn base() -> &'static DataSet {
    static DATA: OnceLock<DataSet> = OnceLock::new();
    DATA.get_or_init(|| DataSet::embedded().expect("the shipped data loads"))
}

/// The shipped data, shared: one `Arc` for the whole test binary.
pub fn shipped() -> Arc<DataSet> {
    static DATA: OnceLock<Arc<DataSet>> = OnceLock::new();
    DATA.get_or_init(|| Arc::new(base().clone())).clone()
}

/// A fresh copy of the shipped data, loaded again for the caller alone.
pub fn new_data() -> Arc<DataSet> {
    Arc::new(DataSet::embedded().expect("the shipped data loads"))
}

/// An enemy whose activity checks all come to nothing (9.4), for tests of
/// other rules that play through the Enemy Activity segment.
pub fn quiet_enemy(data: &mut DataSet) {
    for r in &mut data.charts.activity_pinned {
        (r.leader, r.no_leader) = (Cell::Dash, Cell::Dash);
    }
    for r in &mut data.charts.activity_offensive {
        (r.assault, r.overrun) = (Cell::Dash, Cell::Dash);
    }
    for r in &mut data.charts.activity_defensive {
        (r.delay, r.hasty, r.deliberate) = (Cell::Dash, Cell::Dash, Cell::Dash);
    }
}

/// A test game described step by step, then set up by [`Scenario::game`]:
/// the mission (a shipped one copied under a test id, or one built in
/// code), the seed and options, changes to the shipped data and to the
/// mission, and what is done to the board once it is set up. Every rule
/// test file starts its games here, so that a new step of the set-up
/// (a question the rules ask before play, say) is answered in one place.
///
/// ```ignore
/// let g = Scenario::of("hedgerow_attack").named("x").seed(3).empty().open().game();
/// ```
pub struct Scenario<'a> {
    mission: Source,
    name: Option<String>,
    seed: u64,
    options: Options,
    data: Vec<Edit<'a, DataSet>>,
    edits: Vec<Edit<'a, Mission>>,
    open: bool,
}

/// A change a scenario makes to the data or to the mission.
type Edit<'a, T> = Box<dyn FnOnce(&mut T) + 'a>;

/// Where a scenario's mission comes from.
enum Source {
    Shipped(String),
    Built(Box<Mission>),
}

impl<'a> Scenario<'a> {
    /// A copy of the shipped mission `base`, under the id `base` until
    /// [`named`](Self::named); seed 1, the default options.
    pub fn of(base: &str) -> Self {
        Self::from(Source::Shipped(base.into()))
    }

    /// A mission built in code (replacing any shipped mission of its id).
    pub fn built(m: Mission) -> Self {
        Self::from(Source::Built(Box::new(m)))
    }

    fn from(mission: Source) -> Self {
        Scenario {
            mission,
            name: None,
            seed: 1,
            options: Options::default(),
            data: Vec::new(),
            edits: Vec::new(),
            open: false,
        }
    }

    /// The id the copy of a shipped mission takes.
    pub fn named(mut self, name: &str) -> Self {
        self.name = Some(name.into());
        self
    }

    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    pub fn options(mut self, options: Options) -> Self {
        self.options = options;
        self
    }

    /// Changes the shipped data before the mission is copied from it.
    pub fn data(mut self, f: impl FnOnce(&mut DataSet) + 'a) -> Self {
        self.data.push(Box::new(f));
        self
    }

    /// Changes the mission, after the changes given before.
    pub fn mission(mut self, f: impl FnOnce(&mut Mission) + 'a) -> Self {
        self.edits.push(Box::new(f));
        self
    }

    pub fn visibility(self, v: &'a str) -> Self {
        self.mission(move |m| m.visibility = v.into())
    }

    /// No enemy set up at the start and no PC markers on the map.
    pub fn empty(self) -> Self {
        self.mission(|m| {
            m.pc_markers.clear();
            m.enemy.clear();
        })
    }

    /// The roster entries named hold these skill markers.
    pub fn skills(self, skills: &'a [(&'a str, &'a [Skill])]) -> Self {
        self.mission(move |m| {
            for (who, s) in skills {
                m.company
                    .iter_mut()
                    .find(|e| e.id == *who)
                    .expect("the roster entry is in the mission")
                    .skills = s.to_vec();
            }
        })
    }

    /// Once set up, every card of the map face up and in the open
    /// ([`open_map`]).
    pub fn open(mut self) -> Self {
        self.open = true;
        self
    }

    /// Sets the game up: the data changed, the mission copied and changed,
    /// the game begun with the seed and options, the assets, signals,
    /// vehicles and set-up kept as the briefing plans ([`keep_plan`]), and
    /// the map opened if asked.
    pub fn game(self) -> Game {
        let mut d = base().clone();
        for f in self.data {
            f(&mut d);
        }
        let mut m = match self.mission {
            Source::Shipped(base) => {
                let mut m = d.mission(&base).expect("the shipped mission").clone();
                if let Some(name) = self.name {
                    m.id = name;
                }
                m
            }
            Source::Built(m) => *m,
        };
        for f in self.edits {
            f(&mut m);
        }
        d.missions.retain(|x| x.id != m.id);
        let id = m.id.clone();
        d.missions.push(m);
        let mut g =
            Game::new(Arc::new(d), &id, self.seed, self.options).expect("the mission sets up");
        keep_plan(&mut g);
        if self.open {
            open_map(&mut g);
        }
        g
    }
}

/// The assets handed out and the signals given their meanings as the
/// briefing plans (2.3.2, 2.3.3).
pub fn keep_assets(g: &mut Game) {
    use fof::engine::kernel::input::{Choice, Input};
    if matches!(g.state().choices.first(), Some(Choice::Asset { .. })) {
        g.apply(&Input::Answer(Answer::KeepAssets))
            .expect("the assets stay as planned");
    }
    if matches!(g.state().choices.first(), Some(Choice::Signal { .. })) {
        g.apply(&Input::Answer(Answer::KeepSignals))
            .expect("the signal plan stays");
    }
    // 7.1.1: the vehicle platoons keep their vehicles.
    while let Some(Choice::Attach { vehicle }) = g.state().choices.first().cloned() {
        g.apply(&Input::Answer(Answer::AttachVehicle { vehicle, to: None }))
            .expect("the vehicle stays with its platoon");
    }
}

/// A defensive mission's set-up (2.4.1 B) taken as the briefing plans it,
/// so that the first turn begins.
pub fn keep_plan(g: &mut Game) {
    use fof::engine::kernel::input::{Choice, Input};
    keep_assets(g);
    if matches!(g.state().choices.first(), Some(Choice::SetUp { .. })) {
        g.apply(&Input::Answer(Answer::KeepPlan))
            .expect("the plan is kept");
    }
}

/// The hedgerow mission renamed `name`, on an open map with no enemy or PC
/// markers; the roster ids given hold the skills given.
pub fn open_game_with_skills(name: &str, skills: &[(&str, &[Skill])]) -> Game {
    Scenario::of("hedgerow_attack")
        .named(name)
        .seed(3)
        .empty()
        .skills(skills)
        .open()
        .game()
}

/// Starts a mission built in code on the shipped data (replacing any
/// mission of the same id), with the default options.
pub fn start(m: Mission, seed: u64) -> Game {
    Scenario::built(m).seed(seed).game()
}

/// A roster entry waiting in staging area column `col`, labelled with its
/// id in capitals.
pub fn entry(id: &str, ty: &str, hq: Option<&str>, exp: Experience, col: i8) -> RosterEntry {
    RosterEntry {
        id: id.into(),
        unit_type: UnitTypeId(ty.into()),
        label: id.to_uppercase(),
        hq: hq.map(str::to_string),
        experience: exp,
        start: Start::Staging(col),
        steps: None,
        skills: Vec::new(),
        teams: 0,
        load: None,
    }
}

// Unit ids of the platoon of [`small_mission`], in roster order.
pub const CO: UnitId = UnitId(0);
pub const PLT: UnitId = UnitId(1);
pub const S1: UnitId = UnitId(2);
pub const S2: UnitId = UnitId(3);
pub const S3: UnitId = UnitId(4);
pub const LMG: UnitId = UnitId(5);

/// A small offensive mission built in code from the hedgerow attack, under
/// the id `id`: a `rows` x `cols` map of the fixed `cards` ([`fixed_map`]),
/// inside boundaries with the limit of advance on the top row and no
/// casualty point; no radios, phones, phone lines, pyrotechnics or PC
/// markers. Its company waits in the staging area: the CO HQ (column 2)
/// and a Line platoon (column 1) of a PLT HQ, three rifle squads and an LMG
/// team, [`CO`] to [`LMG`]; the caller adds the rest.
pub fn small_mission(id: &str, rows: u8, cols: u8, cards: &[u8]) -> Mission {
    let mut m = base()
        .mission("hedgerow_attack")
        .expect("shipped mission")
        .clone();
    m.id = id.into();
    fixed_map(&mut m, rows, cols, cards);
    m.controls.loa = Some(rows as i8);
    m.controls.boundaries = true;
    m.controls.casualty_point = None;
    use Experience::Line;
    m.company = vec![
        entry("co", "us_co_hq", None, Line, 2),
        entry("plt", "us_plt_hq", Some("co"), Line, 1),
        entry("s1", "us_rifle_squad", Some("plt"), Line, 1),
        entry("s2", "us_rifle_squad", Some("plt"), Line, 1),
        entry("s3", "us_rifle_squad", Some("plt"), Line, 1),
        entry("lmg", "us_lmg_team", Some("plt"), Line, 1),
    ];
    m.radios = Vec::new();
    m.phones = Vec::new();
    m.phone_lines = Vec::new();
    m.pyrotechnics = Vec::new();
    m.pc_markers = Vec::new();
    m
}

/// Makes the mission's map `rows` x `cols`, face up, every card fixed:
/// `cards` in order, row by row.
pub fn fixed_map(m: &mut Mission, rows: u8, cols: u8, cards: &[u8]) {
    m.map.rows = rows;
    m.map.cols = cols;
    m.map.face = Face::Up;
    m.map.fixed = Vec::new();
    let mut i = 0;
    for r in 1..=rows as i8 {
        for c in 1..=cols as i8 {
            m.map.fixed.push(FixedCard {
                at: At(r, c),
                card: cards[i],
            });
            i += 1;
        }
    }
}

/// The Normandy terrain deck.
pub fn terrain() -> &'static [TerrainCard] {
    &base()
        .terrain_deck("normandy")
        .expect("normandy deck")
        .cards
}

/// Terrain cards matching a predicate, by number.
pub fn terrain_where(pred: impl Fn(&TerrainCard) -> bool) -> Vec<u8> {
    terrain()
        .iter()
        .filter(|c| pred(c))
        .map(|c| c.number)
        .collect()
}

/// Plain ground: no hill, no urban cover, no printed relief, and room for
/// at least `room` cover markers.
pub fn plain_cards(room: u8) -> Vec<u8> {
    terrain_where(|c| {
        !c.is_hill() && !c.urban && c.relief == Relief::Flat && c.cover_markers >= room
    })
}

/// How many games (or cases) a long whole-game test plays: `quick` in an
/// ordinary `cargo test`, which CI runs and which should stay within about
/// ten minutes on two cores, and `deep` when `FOF_DEEP_TESTS` is set (the
/// README's "Development and CI" section).
pub fn depth(quick: u64, deep: u64) -> u64 {
    if std::env::var_os("FOF_DEEP_TESTS").is_some() {
        deep
    } else {
        quick
    }
}
