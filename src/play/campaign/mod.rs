//! The campaign: the company carried from mission to mission (10.3-10.7,
//! 11.0-11.3).
//!
//! A [`Campaign`] holds the company's roster between missions: each
//! member's steps, each step with its own experience, so that promotions
//! and replacements can be made step by step and a unit's level worked out
//! with the combination tables of 10.6. Before a mission the mission's own
//! company list is adjusted to the roster (experience, steps, members
//! lost); after it, [`Campaign::after_mission`] runs the between-mission
//! procedure in the order of 11.3 and 10.3.2.
//!
//! Decisions where the rules leave a choice to the player and no front end
//! asks yet (the terminal issue will offer them):
//! - Steps a unit lost are taken from its last-joined steps.
//! - Experience points go first to the CO HQ, then the PLT HQs, then the
//!   other units in roster order, each time to the cheapest step that can
//!   still rise a level (one level per step per mission, 10.3.2).
//! - Replacements first rebuild lost HQs and staff (Green, 10.4; an HQ
//!   whose last step became a fire team is rebuilt from that team, 10.2.2,
//!   spending no replacement), then fill
//!   the units furthest below full strength, veterans before green steps.
//! - An HQ lost with no replacement left comes back Green all the same: the
//!   battalion will not send the company out without its leaders.
//! - A failed mission with attempts left is fought again on the same
//!   ground with the experience it earned but no replacements (11.1; see
//!   `engine::recovery::reattempt` for the twelve steps).
//! - A counter rebuilt in the mission (an HQ, 10.2.2; a squad from its
//!   teams, 10.2.1) carries the level it was rebuilt with.
//! - Attached units (2.3.3) are Line, never promoted or demoted, and made
//!   whole by their parent units after every mission, success or not (10.4).
//! - 11.3 step 3: steps that end a mission as teams (LATs) stay Green fire
//!   teams of their unit's designation into the next mission; no supplement
//!   is made between missions (that is an order given in play, 4.2.3 h).
//!   Squads whose counter left play are reconstituted from teams where two
//!   or more can be found: first each from its own teams, then, in roster
//!   order, from the lone teams of other units (the rules keep no record of
//!   which team came from which unit, 10.2.1), never above its full
//!   strength. A squad counter is never left with one step (1.2.3 A): its
//!   last step is a fire team too. A unit whose counter is out of play
//!   starts the next mission with its counter removed, waiting for an
//!   in-play reconstitution (4.2.3 i, 10.2.2), and its teams beside it.
//! - 10.4: a replacement given to a squad whose counter is out of play
//!   brings the counter back with one of its teams (a two-step squad);
//!   with no team to join, the lone step is a fire team.
//! - 11.2: a CO HQ that became a casualty is lost even if reconstituted.

use crate::data::DataSet;
use crate::data::action::Experience;
use crate::data::mission::Mission;
use crate::data::units::UnitKind;
use crate::engine::kernel::state::Outcome;
use crate::engine::{Game, Options, SetupError};
use crate::play::replay::Recorder;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// How the campaign is won (11.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
pub enum Mode {
    /// Complete every mission within its attempts, combat patrols aside.
    Standard,
    /// Keep the CO HQ alive; failed missions do not end the campaign.
    Survivor,
    /// Both: every mission completed and the CO HQ never a casualty.
    Hardcore,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::Standard, Mode::Survivor, Mode::Hardcore];

    /// Its name in lower case ("survivor").
    pub fn label(self) -> &'static str {
        match self {
            Mode::Standard => "standard",
            Mode::Survivor => "survivor",
            Mode::Hardcore => "hardcore",
        }
    }

    /// Its name as a title ("Survivor").
    pub fn title(self) -> &'static str {
        match self {
            Mode::Standard => "Standard",
            Mode::Survivor => "Survivor",
            Mode::Hardcore => "Hardcore",
        }
    }

    /// Why a campaign of this mode is won, in words (11.2): a survivor
    /// campaign is won by the CO HQ's life, whatever became of the
    /// missions.
    pub fn won_why(self) -> &'static str {
        match self {
            Mode::Standard => "every mission is behind the company",
            Mode::Survivor => "the CO HQ came through every mission alive",
            Mode::Hardcore => "every mission is won and the CO HQ came through alive",
        }
    }

    /// What it asks of the player (11.2), in one line.
    pub fn explain(self) -> &'static str {
        match self {
            Mode::Standard => "every mission must be won within its attempts",
            Mode::Survivor => "the CO HQ must live; a failed mission does not end the campaign",
            Mode::Hardcore => "every mission must be won and the CO HQ must live",
        }
    }
}

/// One member of the company between missions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Member {
    /// The roster id the missions use ("1_1", "co_hq").
    pub id: String,
    pub unit_type: String,
    pub label: String,
    pub kind: UnitKind,
    /// Each step's experience, in the order they joined.
    pub steps: Vec<Experience>,
    /// The counter's full strength.
    pub full: u8,
    /// Skill markers bought for the next mission (10.7).
    #[serde(default)]
    pub skills: Vec<crate::data::mission::Skill>,
    /// How many of `steps` (the last ones) are fire teams of the unit's
    /// designation, Green, not in its counter (11.3 step 3).
    #[serde(default)]
    pub teams: u8,
}

impl Member {
    /// The experience level of the unit's counter (10.6); its teams are
    /// Green fire teams of their own.
    pub fn level(&self) -> Experience {
        combined(self.counter())
    }

    /// The steps in the unit's own counter; empty when it is out of play.
    pub fn counter(&self) -> &[Experience] {
        &self.steps[..self.steps.len().saturating_sub(self.teams as usize)]
    }

    /// A step joins the unit's counter (a replacement, a step from another
    /// unit), ahead of its teams.
    pub fn add_step(&mut self, e: Experience) {
        let at = self.counter().len();
        self.steps.insert(at, e);
        self.settle();
    }

    /// Takes the unit's last step, a team first: its experience and
    /// whether it was a team.
    pub fn take_step(&mut self) -> Option<(Experience, bool)> {
        let team = self.teams > 0;
        let e = self.steps.pop()?;
        self.teams = self.teams.min(self.steps.len() as u8);
        self.settle();
        Some((e, team))
    }

    /// A fire team joins the unit's teams (LATs belong to no unit in
    /// particular, 10.2.1: the books keep it with one), Green.
    pub fn add_team(&mut self) {
        self.steps.push(Experience::Green);
        self.teams += 1;
    }

    /// 1.2.3 A: a squad counter has two steps or more. A lone step left in
    /// it is joined by one of the unit's teams if it has one (10.4), or
    /// becomes a fire team itself, Green (10.2.1).
    fn settle(&mut self) {
        if self.kind == UnitKind::Squad && self.counter().len() == 1 {
            if self.teams > 0 {
                self.teams -= 1;
            } else {
                self.teams = 1;
                if let Some(e) = self.steps.first_mut() {
                    *e = Experience::Green;
                }
            }
        }
    }
}

fn is_zero_u32(n: &u32) -> bool {
    *n == 0
}

/// What became of one mission attempt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub mission: String,
    pub attempt: u8,
    pub seed: u64,
    pub success: bool,
    pub why: String,
    pub experience: u32,
    pub casualties: u32,
    /// Steps of the company taken prisoner (9.13), not among `casualties`.
    #[serde(default)]
    pub captured: u32,
    pub replacements: u32,
    pub veterans_returned: u32,
    /// HQ and staff steps the battalion sent Green after this mission with
    /// no replacement step left to rebuild them from (10.2.2, 10.4; see
    /// `between.rs`): steps the company did not have before.
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub leaders_sent: u32,
    pub promotions: Vec<String>,
    /// Skill markers bought for the next mission (10.7).
    #[serde(default)]
    pub skills: Vec<String>,
    /// The attempt's replay, within the save folder.
    #[serde(default)]
    pub replay: String,
    /// The player's decisions after the mission, in order (10.3-10.7,
    /// 11.3): the campaign file's record of them, checked again by
    /// [`verify`].
    #[serde(default)]
    pub choices: Vec<Choice>,
    /// What each decision but "go on" did, in words, for the status.
    #[serde(default)]
    pub decided: Vec<String>,
}

/// How a campaign ended (11.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum End {
    Won,
    Lost(String),
}

/// A campaign in progress. A field the program does not know is refused,
/// never dropped at the next write (F4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Campaign {
    pub id: String,
    pub mode: Mode,
    pub seed: u64,
    /// Index of the next mission in the campaign's list.
    pub next: usize,
    /// Attempts made at the next mission so far.
    pub attempt: u8,
    pub roster: Vec<Member>,
    pub records: Vec<Record>,
    /// A mission failed: in survivor mode the CO HQ may no longer be
    /// promoted (11.2).
    pub failed_once: bool,
    pub end: Option<End>,
    /// The failed attempt's final state while the mission is to be fought
    /// again on the same ground (11.1), or the last patrol's before the
    /// next patrol of a combat patrol mission (11.4).
    #[serde(default)]
    pub carry: Option<Box<crate::engine::kernel::state::State>>,
    /// Patrols finished in the current combat patrol mission (11.4).
    #[serde(default)]
    pub patrols_done: u8,
    /// The campaign's attached units, by roster id (10.3.2, 10.4).
    #[serde(default)]
    pub attached: Vec<String>,
    /// The options of chapter 13 every mission is played with, chosen
    /// when the campaign begins.
    #[serde(default)]
    pub options: Options,
    /// The procedure between missions while the player's decisions are
    /// left (10.3-10.7, 11.3).
    #[serde(default)]
    pub between: Option<Between>,
    /// Steps of attached units that the company's counters hold while the
    /// same ground is fought again (11.1): the books go back to the carried
    /// map, and the steps go back to their parent units once the mission
    /// ends (10.4).
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub lent: u32,
}

/// Why a campaign cannot go on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CampaignError {
    Unknown(String),
    Over,
    /// Decisions between missions are still to be made.
    Between,
    Setup(String),
}

impl std::fmt::Display for CampaignError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CampaignError::Unknown(id) => write!(f, "no campaign or mission `{id}` in the data"),
            CampaignError::Over => f.write_str("the campaign is over"),
            CampaignError::Between => {
                f.write_str("the decisions after the last mission are still to be made")
            }
            CampaignError::Setup(e) => write!(f, "the mission cannot be set up: {e}"),
        }
    }
}

impl std::error::Error for CampaignError {}

/// The steps a roster member has in play: its counter and the teams and
/// runners that came from it.
pub fn steps_of(s: &crate::engine::kernel::state::State, id: &str) -> Option<usize> {
    s.by_roster(id)?;
    Some(
        s.member_units(id)
            .iter()
            .filter(|u| u.in_play() && u.kind != UnitKind::Casualty)
            .map(|u| u.steps as usize)
            .sum(),
    )
}

/// What a roster member's counter and teams come to at the end of a
/// mission.
struct Ending {
    /// Steps in its own counter (or counters it was rebuilt as).
    whole: usize,
    /// Steps in teams of its designation (LATs).
    lat: usize,
    /// Casualty steps of its designation (10.4), prisoners aside.
    casualties: u32,
    /// Steps taken prisoner (9.13).
    captured: u32,
    /// Some step of it became a casualty, taken prisoner or not (11.2).
    fell: bool,
}

/// Counts a member's steps at the end: its counter and the teams it broke
/// into (same designation); prisoners are lost (11.3 step 1), casualties
/// counted apart, counters merged into others (rally, reconstitution)
/// skipped; guards and withdrawn units come back (9.13, 9.9).
fn ending(s: &crate::engine::kernel::state::State, id: &str) -> Option<Ending> {
    let mine = s.member_units(id);
    if mine.is_empty() {
        return None;
    }
    let mut end = Ending {
        whole: 0,
        lat: 0,
        casualties: 0,
        captured: 0,
        fell: false,
    };
    for u in mine {
        end.fell |= u.kind == UnitKind::Casualty;
        if u.captured {
            end.captured += u.steps as u32;
            continue;
        }
        if u.kind == UnitKind::Casualty {
            end.casualties += u.steps as u32;
            continue;
        }
        if u.removed && !u.guard && !u.withdrawn {
            continue;
        }
        if u.kind.is_lat() {
            end.lat += u.steps as usize;
        } else {
            end.whole += u.steps as usize;
        }
    }
    Some(end)
}

/// 10.6: the combined experience of a unit's steps (one implementation,
/// in the data layer, shared with the engine's reconstitution, 10.2.1).
pub use crate::data::action::combined;

/// What promoting a step one level costs (10.3.2); `None` at Veteran.
pub fn promotion_cost(e: Experience) -> Option<u32> {
    match e {
        Experience::Green => Some(1),
        Experience::Line => Some(3),
        Experience::Veteran => None,
    }
}

fn leader_rank(kind: UnitKind, id: &str) -> u8 {
    match kind {
        UnitKind::Hq if id == "co_hq" => 0,
        UnitKind::Hq => 1,
        UnitKind::Staff | UnitKind::HigherStaff => 2,
        _ => 3,
    }
}

impl Campaign {
    /// A new campaign (11.2: the mode is chosen now).
    pub fn new(data: &DataSet, id: &str, mode: Mode, seed: u64) -> Result<Campaign, CampaignError> {
        let c = data
            .campaign(id)
            .ok_or_else(|| CampaignError::Unknown(id.to_string()))?;
        if c.missions.is_empty() {
            return Err(CampaignError::Unknown(id.to_string()));
        }
        Ok(Campaign {
            id: id.to_string(),
            mode,
            seed,
            next: 0,
            attempt: 0,
            roster: Vec::new(),
            records: Vec::new(),
            failed_once: false,
            end: None,
            carry: None,
            patrols_done: 0,
            attached: c.attached.clone(),
            options: Options::default(),
            between: None,
            lent: 0,
        })
    }

    /// The id of the next mission, unless the campaign is over.
    pub fn next_mission<'a>(&self, data: &'a DataSet) -> Option<&'a str> {
        if self.end.is_some() {
            return None;
        }
        data.campaign(&self.id)?
            .missions
            .get(self.next)
            .map(|s| s.as_str())
    }

    /// The seed of the next attempt: the campaign's seed, the mission's
    /// place and the attempt, so that a campaign replays identically.
    pub fn next_seed(&self) -> u64 {
        self.seed.wrapping_mul(1_000_003).wrapping_add(
            self.next as u64 * 100 + self.patrols_done as u64 * 10 + self.attempt as u64,
        )
    }

    /// The mission as the company goes into it: the briefing's company list
    /// with each member's current experience and steps; members lost for
    /// good are left out (10.3.2, 10.6).
    pub fn mission_for(&self, data: &DataSet, id: &str) -> Option<Mission> {
        let mut m = data.mission(id)?.clone();
        let mut kept = Vec::new();
        for e in &m.company {
            match self.roster.iter().find(|r| r.id == e.id) {
                None => kept.push(e.clone()),
                Some(r) if r.steps.is_empty() => {}
                Some(r) => {
                    let mut r = r.clone();
                    r.settle();
                    let mut e = e.clone();
                    let n = r.counter().len();
                    e.experience = if n == 0 { Experience::Green } else { r.level() };
                    // 11.3 step 3: the teams go in as fire teams beside the
                    // counter, which is out of play when it has no step.
                    e.steps = (n < r.full as usize).then_some(n as u8);
                    e.teams = r.teams;
                    e.skills = if n == 0 { Vec::new() } else { r.skills.clone() };
                    kept.push(e);
                }
            }
        }
        // A unit whose HQ is gone or out of play answers to the CO HQ.
        let ids: Vec<String> = kept
            .iter()
            .filter(|e| e.steps != Some(0))
            .map(|e| e.id.clone())
            .collect();
        for e in &mut kept {
            if e.hq.as_ref().is_some_and(|h| !ids.contains(h)) {
                e.hq = Some("co_hq".into());
            }
        }
        m.company = kept;
        Some(m)
    }

    /// Sets up the next mission's game.
    pub fn start(&mut self, data: &Arc<DataSet>, options: Options) -> Result<Game, CampaignError> {
        self.start_recorded(data, options).map(Recorder::into_game)
    }

    /// Sets up the next mission's game and records it: the replay's
    /// `company` line carries the company as the campaign sent it in.
    pub fn start_recorded(
        &mut self,
        data: &Arc<DataSet>,
        options: Options,
    ) -> Result<Recorder, CampaignError> {
        if self.between.is_some() {
            return Err(CampaignError::Between);
        }
        let id = self
            .next_mission(data)
            .ok_or(CampaignError::Over)?
            .to_string();
        if let Some(prev) = self.carry.clone() {
            self.sync(&prev);
        }
        let m = self
            .mission_for(data, &id)
            .ok_or_else(|| CampaignError::Unknown(id.clone()))?;
        self.enlist(data, &m);
        let rec = Recorder::continuing(
            data.clone(),
            &id,
            self.next_seed(),
            options,
            Some(m.company),
            self.carry.clone(),
        )
        .map_err(|e: SetupError| CampaignError::Setup(e.to_string()))?;
        Ok(rec)
    }

    /// On the same ground (11.1) the company is as the last attempt left
    /// it: each member's steps are those of its counter and its teams.
    fn sync(&mut self, prev: &crate::engine::kernel::state::State) {
        let own = self.own_steps();
        for m in &mut self.roster {
            if let Some(end) = ending(prev, &m.id) {
                let n = end.whole + end.lat;
                m.steps.truncate(n);
                while m.steps.len() < n {
                    m.steps.push(Experience::Green);
                }
                m.teams = end.lat as u8;
            }
        }
        // The steps the last attempt's books gave back to attached units
        // are still in our counters on the map (see `end_mission`).
        self.lent += self.own_steps().saturating_sub(own) as u32;
    }

    /// Steps of the company's own members, attached units aside (they
    /// come back at full strength from their parent units, 10.4).
    pub fn own_steps(&self) -> usize {
        self.roster
            .iter()
            .filter(|m| !self.attached.contains(&m.id))
            .map(|m| m.steps.len())
            .sum()
    }

    /// Members the roster does not know yet join from the mission's list.
    fn enlist(&mut self, data: &DataSet, m: &Mission) {
        for e in &m.company {
            if self.roster.iter().any(|r| r.id == e.id) {
                continue;
            }
            let Some(t) = data.unit_type(&e.unit_type.0) else {
                continue;
            };
            let n = e.steps.unwrap_or(t.steps);
            self.roster.push(Member {
                id: e.id.clone(),
                unit_type: t.id.0.clone(),
                label: e.label.clone(),
                kind: t.kind,
                steps: vec![e.experience; n as usize],
                full: t.steps,
                skills: Vec::new(),
                teams: 0,
            });
        }
    }

    /// Total steps in the roster.
    pub fn steps(&self) -> usize {
        self.roster.iter().map(|m| m.steps.len()).sum()
    }

    /// The between-mission procedure after a finished game, every
    /// decision taken as the program suggests (see [`Campaign::suggestion`]).
    /// Returns the record it adds.
    pub fn after_mission(&mut self, data: &DataSet, game: &Game) -> Record {
        self.end_mission(data, game);
        self.settle_between();
        self.records
            .last()
            .cloned()
            .expect("end_mission adds a record")
    }

    /// The books after a finished game (11.3, 10.3.2, 10.4, 10.5, 11.1,
    /// 11.2): each unit's steps, the record of the attempt, what comes
    /// next; then the player's decisions are opened ([`Between`], made
    /// with [`Campaign::choose`]). Returns the record it adds.
    pub fn end_mission(&mut self, data: &DataSet, game: &Game) -> Record {
        let s = game.state();
        let replay = file::replay_name(self, &s.mission);
        let success = s.outcome == Some(Outcome::Success);
        let why = match &s.outcome {
            Some(Outcome::Failure(w)) => w.clone(),
            _ => String::new(),
        };
        let xp = s.tally.as_ref().map(|t| t.total).unwrap_or(0);
        // Each member's steps at the end: its own counter and the teams
        // it broke into (same designation); casualties and prisoners lost;
        // steps ending as LATs demoted to Green (10.3.2); guards return
        // with their experience (9.13).
        let (mut casualties, mut captured) = (0u32, 0u32);
        let mut co_lost = false;
        let went_in: Vec<usize> = self.roster.iter().map(|m| m.steps.len()).collect();
        let own_in = self.own_steps().saturating_sub(self.lent as usize);
        self.lent = 0;
        for m in &mut self.roster {
            let Some(end) = ending(s, &m.id) else {
                continue;
            };
            casualties += end.casualties;
            captured += end.captured;
            // 11.2: a CO HQ that became a casualty is lost, even if it was
            // reconstituted later in the mission (its casualty stays on the
            // books with its designation).
            if m.id == "co_hq" && (end.whole + end.lat == 0 || end.fell) {
                co_lost = true;
            }
            let (whole, lat) = (end.whole, end.lat);
            let keep = whole + lat;
            if self.attached.contains(&m.id) {
                // 2.3.3: attached units are always Line and gain or lose no
                // experience.
                m.steps = vec![Experience::Line; keep];
                m.teams = lat as u8;
                continue;
            }
            let mut steps: Vec<Experience> = m.steps.iter().copied().take(keep).collect();
            while steps.len() < keep {
                steps.push(Experience::Green);
            }
            // 10.2.1, 10.2.2: a counter rebuilt in the mission carries the
            // experience it was rebuilt with (an HQ Green, a squad its
            // teams' combined level), not the old counter's.
            if let Some(u0) = s.by_roster(&m.id)
                && u0.rebuilt
                && u0.in_play()
            {
                for e in steps.iter_mut().take(whole) {
                    *e = u0.experience;
                }
            }
            // 10.3.2: steps ending as LATs are demoted to Green; they are
            // the last ones, and stay fire teams (11.3 step 3).
            let n = steps.len();
            for e in steps.iter_mut().skip(n.saturating_sub(lat)) {
                *e = Experience::Green;
            }
            m.steps = steps;
            m.teams = lat as u8;
            m.settle();
        }
        // Steps that changed counters during play (a runner's step, a team
        // that joined another squad) can leave a unit above full strength:
        // the extra steps go to the units furthest below theirs.
        let mut extra = Vec::new();
        for m in &mut self.roster {
            while m.steps.len() > m.full as usize {
                extra.extend(m.take_step());
            }
        }
        // Not to an attached unit: its parent unit keeps it up (10.4).
        for (e, team) in extra {
            let Some(m) = self.furthest_below_full(true) else {
                break;
            };
            if team {
                m.add_team();
            } else {
                m.add_step(e);
            }
        }
        // A team given above can join a one-step counter (1.2.3 A): the
        // books say so now, not only when the next mission is set up. A
        // step given to an attached unit is Line like all of its steps
        // (2.3.3): a Green team of ours that joined the 81mm section had
        // left it Green.
        for m in &mut self.roster {
            m.settle();
            if self.attached.contains(&m.id) {
                m.steps.fill(Experience::Line);
            }
        }
        // 2.3.3, 10.4: a step an attached unit gave one of ours (its runner
        // dismissed into our squad, 4.2.1 h; its team supplementing one,
        // 4.2.3 h) is no step of the company: it goes back to its parent
        // unit, which keeps the attached unit up. The books cannot tell
        // which step it was (10.2.1), so the unit that grew most gives it.
        while self.own_steps() > own_in {
            let Some(m) = (0..self.roster.len())
                .filter(|i| {
                    let m = &self.roster[*i];
                    !m.steps.is_empty() && !self.attached.contains(&m.id)
                })
                .max_by_key(|i| {
                    (
                        self.roster[*i].steps.len() as isize - went_in[*i] as isize,
                        std::cmp::Reverse(*i),
                    )
                })
            else {
                break;
            };
            self.roster[m].take_step();
        }
        let mission = s.mission.clone();
        let mut record = Record {
            mission: mission.clone(),
            attempt: self.attempt + 1,
            seed: s.seed,
            success,
            why,
            experience: xp,
            casualties,
            captured,
            replacements: 0,
            veterans_returned: 0,
            leaders_sent: 0,
            promotions: Vec::new(),
            skills: Vec::new(),
            replay,
            choices: Vec::new(),
            decided: Vec::new(),
        };
        // 11.2: the CO HQ falling ends survivor and hardcore campaigns.
        if co_lost && matches!(self.mode, Mode::Survivor | Mode::Hardcore) {
            self.end = Some(End::Lost("the CO HQ became a casualty (11.2)".into()));
        }
        // 11.2: a mission failed for good (not an attempt won later) bars
        // the CO HQ's promotion in survivor mode, from its own points on.
        let attempts_allowed = data.mission(&s.mission).map(|m| m.attempts).unwrap_or(1);
        if !success && self.attempt + 1 >= attempts_allowed {
            self.failed_once = true;
        }
        // 11.3 step 2: skills not used are gone. 10.3.2, 10.7: promotions,
        // then skills, with this mission's points; what is left is lost.
        for m in &mut self.roster {
            m.skills.clear();
        }
        // 10.3.3: after a patrol of a combat patrol mission of several,
        // only the units that went out may be promoted: those the player
        // named for it (11.4; the rest of the company supports by fire
        // from where it stands).
        let patrols = data.mission(&mission).map(|m| m.patrols).unwrap_or(1);
        let eligible: Option<Vec<String>> = (patrols > 1).then(|| {
            self.roster
                .iter()
                .filter(|m| {
                    s.by_roster(&m.id)
                        .is_some_and(|u0| s.moved.binary_search(&u0.designation).is_ok())
                })
                .map(|m| m.id.clone())
                .collect()
        });
        let attempts = data.mission(&mission).map(|m| m.attempts).unwrap_or(1);
        let camp = data.campaign(&self.id);
        let next_before = self.next;
        let patrol_over = success || self.attempt + 1 >= attempts;
        // What the player places between missions (10.4, 10.5).
        let (mut replace, mut rotations, mut completed) = ((0, 0), 0, false);
        if patrol_over && self.patrols_done + 1 < patrols {
            // 11.4: the next patrol goes out over the same ground.
            self.patrols_done += 1;
            self.attempt = 0;
            let mut st = s.clone();
            st.patrol = self.patrols_done + 1;
            self.carry = Some(Box::new(st));
        } else if success {
            // 10.4: replacements after a success only, plus one veteran
            // per four casualty steps of this mission.
            let green = camp
                .and_then(|c| c.replacements.get(self.next).copied())
                .unwrap_or(0) as u32;
            let vets = casualties / 4;
            record.replacements = green;
            record.veterans_returned = vets;
            replace = (vets, green);
            // 10.5: rotations.
            rotations = camp
                .map(|c| {
                    c.rotations
                        .iter()
                        .filter(|(i, _)| *i as usize == self.next)
                        .map(|(_, n)| *n as u32)
                        .sum::<u32>()
                })
                .unwrap_or(0);
            completed = true;
            self.next += 1;
            self.attempt = 0;
        } else if self.attempt + 1 < attempts {
            // 11.1: fight it again, on the same ground.
            self.attempt += 1;
            self.carry = Some(Box::new(s.clone()));
            let _ = patrol_over;
        } else {
            // 11.2: a failed combat patrol never ends the campaign.
            let patrol = data
                .mission(&mission)
                .is_some_and(|m| m.kind == crate::data::mission::MissionKind::Patrol);
            match self.mode {
                Mode::Standard | Mode::Hardcore if !patrol => {
                    let title = data.mission_name(&mission);
                    self.end.get_or_insert(End::Lost(format!(
                        "{title} failed after {attempts} attempt(s): the battalion commander relieves you (11.2)"
                    )));
                }
                _ => {
                    self.next += 1;
                    self.attempt = 0;
                }
            }
        }
        // 10.4, 2.3.3: attached units are replaced by their parent units
        // after every mission, at full strength and Line (not while the
        // same ground is fought again: 11.1 brings no replacements).
        if self.next != next_before {
            for m in &mut self.roster {
                if self.attached.contains(&m.id) {
                    m.steps = vec![Experience::Line; m.full as usize];
                    m.teams = 0;
                }
            }
        }
        if self.next != next_before || self.end.is_some() {
            self.carry = None;
            self.patrols_done = 0;
        }
        if self.end.is_none() && self.next_mission(data).is_none() {
            self.end = Some(End::Won);
        }
        self.records.push(record.clone());
        self.between = Some(Between {
            stage: Stage::Debrief,
            points: xp,
            eligible,
            raised: Vec::new(),
            veterans: replace.0,
            green: replace.1,
            completed,
            rotations,
            reconstitute: self.carry.is_none(),
            over: self.end.is_some(),
        });
        // 10.2.2, 10.4 (see between.rs): a company that moves on after a
        // failed mission goes out with its leaders too; with no
        // replacements after a failure, the battalion sends them. (After a
        // success they come back at the replacements stage.)
        if !completed && self.next != next_before && self.end.is_none() {
            self.rebuild_leaders();
        }
        self.records.last().cloned().expect("pushed above")
    }

    /// What the next mission puts at stake, in words, for its briefing:
    /// the mode, the attempt, and what failing it or losing the CO HQ
    /// does (11.1, 11.2). It says what [`Campaign::after_mission`] does; a change
    /// to one is a change to the other (tests/rules_campaign.rs checks
    /// both on a failed mission).
    pub fn stakes(&self, data: &DataSet) -> Vec<String> {
        let Some(id) = self.next_mission(data) else {
            return Vec::new();
        };
        let Some(m) = data.mission(id) else {
            return Vec::new();
        };
        let name = data
            .campaign(&self.id)
            .map(|c| c.name.clone())
            .unwrap_or_else(|| self.id.clone());
        let mode = format!("{} mode: {}", self.mode.title(), self.mode.explain());
        let mut out = vec![format!("Campaign {name}, {mode} (11.2).")];
        let patrol = m.kind == crate::data::mission::MissionKind::Patrol;
        let last = self.attempt + 1 >= m.attempts;
        out.push(format!(
            "This is attempt {} of {}{}.",
            self.attempt + 1,
            m.attempts,
            if m.patrols > 1 {
                format!(", patrol {} of {}", self.patrols_done + 1, m.patrols)
            } else {
                String::new()
            }
        ));
        out.push(
            if !last {
                "Failing it: the mission is fought again on the same ground, the company as it is left, with no replacements (11.1).".to_string()
            } else if patrol {
                "Failing it: a combat patrol failed never ends the campaign; the next mission follows (11.2).".to_string()
            } else {
                match self.mode {
                    Mode::Standard | Mode::Hardcore => {
                        "Failing it: the last attempt; the campaign is lost (11.2).".to_string()
                    }
                    Mode::Survivor => {
                        "Failing it: the next mission follows, but the CO HQ may no longer be promoted (11.2).".to_string()
                    }
                }
            },
        );
        if matches!(self.mode, Mode::Survivor | Mode::Hardcore) {
            out.push("The CO HQ becoming a casualty ends the campaign (11.2).".into());
        }
        out
    }

    /// Spends experience points on promotions as the program suggests
    /// (10.3.2): one level per step per mission, 1 point Green to Line, 3
    /// Line to Veteran. Returns what was promoted and the points left.
    pub fn promote(&mut self, mut points: u32) -> (Vec<String>, u32) {
        let mut done = Vec::new();
        let mut raised: Vec<(String, u8)> = Vec::new();
        while let Some((i, k)) = self.suggest_promotion(points, None, &raised) {
            points -= promotion_cost(self.roster[i].steps[k]).unwrap_or(0);
            raised.push((self.roster[i].id.clone(), k as u8));
            done.push(self.raise(i, k));
        }
        (done, points)
    }

    /// Adds veterans then green steps as the program suggests: lost HQs
    /// and staff first, then the units furthest below full strength
    /// (10.4).
    pub fn replace(&mut self, vets: u32, green: u32) {
        let saved = self.between.take();
        self.between = Some(Between {
            stage: Stage::Replace,
            points: 0,
            eligible: None,
            raised: Vec::new(),
            veterans: vets,
            green,
            completed: false,
            rotations: 0,
            reconstitute: false,
            over: false,
        });
        self.rebuild_leaders();
        while let Some(i) = self.furthest_below(true) {
            let Some(e) = self.between.as_mut().and_then(Between::take_replacement) else {
                break;
            };
            self.roster[i].add_step(e);
        }
        self.between = saved;
    }

    /// The unit of several steps furthest below its full strength (the
    /// first by roster id among equals); `skip_attached`: not an attached
    /// unit, which its parent unit keeps up (10.4).
    fn furthest_below_full(&mut self, skip_attached: bool) -> Option<&mut Member> {
        let i = self.furthest_below(skip_attached)?;
        self.roster.get_mut(i)
    }

    /// 10.5: veteran steps leave, taken from the largest units first.
    pub fn rotate(&mut self, mut n: u32) {
        while n > 0 {
            let Some(i) = self.suggest_rotation() else {
                break;
            };
            self.rotate_one(i);
            n -= 1;
        }
    }
}

mod between;
mod debrief;
pub mod folder;
pub use between::{Between, Choice, Stage};
mod file;
pub use file::{
    CampaignFile, FILE_FORMAT, file_in, load, load_checked, replay_name, replay_path, save, status,
    verify,
};
