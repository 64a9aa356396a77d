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
//! - Replacements first rebuild lost HQs and staff (Green, 10.4), then fill
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
//! - A squad down to one step goes into the next mission as a fire team
//!   (1.2.3 A: a squad has two steps or more), Green, spending no points,
//!   until replacements rebuild it. Other LAT steps still fold back into
//!   their own counter, demoted to Green: the company list has no place for
//!   a unit's teams as counters of their own yet (11.3 step 3 would leave
//!   them as fire teams).
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

/// One member of the company between missions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
}

impl Member {
    /// The unit's experience level (10.6).
    pub fn level(&self) -> Experience {
        combined(&self.steps)
    }

    /// A squad down to one step: it goes into a mission as a fire team,
    /// Green whatever its step (1.2.3 A: a squad has two steps or more;
    /// 10.2.1: a fire team LAT is Green).
    pub fn enters_as_team(&self) -> bool {
        self.kind == UnitKind::Squad && self.steps.len() == 1
    }
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
    pub replacements: u32,
    pub veterans_returned: u32,
    pub promotions: Vec<String>,
    /// Skill markers bought for the next mission (10.7).
    #[serde(default)]
    pub skills: Vec<String>,
}

/// How a campaign ended (11.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum End {
    Won,
    Lost(String),
}

/// A campaign in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
}

/// Why a campaign cannot go on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CampaignError {
    Unknown(String),
    Over,
    Setup(String),
}

impl std::fmt::Display for CampaignError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CampaignError::Unknown(id) => write!(f, "no campaign or mission `{id}` in the data"),
            CampaignError::Over => f.write_str("the campaign is over"),
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

/// 10.6: the combined experience of a unit's steps (one implementation,
/// in the data layer, shared with the engine's reconstitution, 10.2.1).
pub use crate::data::action::combined;

/// The fire team counter of a squad's side (1.2.3 F).
fn team_type(data: &DataSet, squad: &str) -> String {
    let side = data.unit_type(squad).map(|t| t.side);
    data.units
        .units
        .iter()
        .find(|t| t.kind == UnitKind::FireTeam && Some(t.side) == side)
        .map(|t| t.id.0.clone())
        .unwrap_or_else(|| squad.to_string())
}

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
                    let mut e = e.clone();
                    e.experience = r.level();
                    e.steps = (r.steps.len() < r.full as usize).then_some(r.steps.len() as u8);
                    e.skills = r.skills.clone();
                    // 1.2.3 A: a squad has two steps or more; one left goes
                    // in as a fire team (its LAT) until replacements rebuild
                    // it (10.4).
                    if r.enters_as_team() {
                        e.unit_type = crate::data::units::UnitTypeId(team_type(data, &r.unit_type));
                        e.steps = None;
                    }
                    kept.push(e);
                }
            }
        }
        // A unit whose HQ is gone answers to the CO HQ.
        let ids: Vec<String> = kept.iter().map(|e| e.id.clone()).collect();
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
        for m in &mut self.roster {
            let n = steps_of(prev, &m.id);
            if let Some(n) = n {
                m.steps.truncate(n);
                while m.steps.len() < n {
                    m.steps.push(Experience::Green);
                }
            }
        }
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
            });
        }
    }

    /// Total steps in the roster.
    pub fn steps(&self) -> usize {
        self.roster.iter().map(|m| m.steps.len()).sum()
    }

    /// The between-mission procedure after a finished game (11.3, 10.3.2,
    /// 10.4, 10.5, 11.1, 11.2). Returns the record it adds.
    pub fn after_mission(&mut self, data: &DataSet, game: &Game) -> Record {
        let s = game.state();
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
        let mut casualties = 0u32;
        let mut co_lost = false;
        for m in &mut self.roster {
            let mine = s.member_units(&m.id);
            if mine.is_empty() {
                continue;
            }
            let mut whole = 0usize;
            let mut lat = 0usize;
            for u in &mine {
                if u.captured {
                    // 11.3 step 1: prisoners are lost to the company.
                    continue;
                }
                if u.kind == UnitKind::Casualty {
                    // On the map or evacuated: a casualty step (10.4).
                    casualties += u.steps as u32;
                    continue;
                }
                if u.removed && !u.guard && !u.withdrawn {
                    // Merged into another counter (rally, reconstitution).
                    continue;
                }
                if u.kind.is_lat() {
                    lat += u.steps as usize;
                } else {
                    whole += u.steps as usize;
                }
            }
            // 11.2: a CO HQ that became a casualty is lost, even if it was
            // reconstituted later in the mission (its casualty stays on the
            // books with its designation).
            if m.id == "co_hq"
                && (whole + lat == 0 || mine.iter().any(|u| u.kind == UnitKind::Casualty))
            {
                co_lost = true;
            }
            let keep = whole + lat;
            if self.attached.contains(&m.id) {
                // 2.3.3: attached units are always Line and gain or lose no
                // experience.
                m.steps = vec![Experience::Line; keep];
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
            // LAT steps are the last ones: demoted to Green.
            let n = steps.len();
            for e in steps.iter_mut().skip(n.saturating_sub(lat)) {
                *e = Experience::Green;
            }
            m.steps = steps;
            // 1.2.3 A, 10.2.1: a squad down to one step is a fire team, an
            // LAT, and Green, until replacements rebuild it (10.4).
            if m.enters_as_team() {
                m.steps[0] = Experience::Green;
            }
        }
        // Steps that changed counters during play (a runner's step, a team
        // that joined another squad) can leave a unit above full strength:
        // the extra steps go to the units furthest below theirs.
        let mut extra = Vec::new();
        for m in &mut self.roster {
            while m.steps.len() > m.full as usize {
                extra.extend(m.steps.pop());
            }
        }
        for e in extra {
            let Some(m) = self.furthest_below_full(false) else {
                break;
            };
            m.steps.push(e);
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
            replacements: 0,
            veterans_returned: 0,
            promotions: Vec::new(),
            skills: Vec::new(),
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
        let (promoted, left) = self.promote_among(xp, eligible.as_deref());
        record.promotions = promoted;
        record.skills = self.buy_skills(left);
        let attempts = data.mission(&mission).map(|m| m.attempts).unwrap_or(1);
        let camp = data.campaign(&self.id);
        let next_before = self.next;
        let patrol_over = success || self.attempt + 1 >= attempts;
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
            self.replace(vets, green);
            // 10.6: every unit's steps take its combined level (attached
            // units' are all Line, and are made whole below).
            for m in &mut self.roster {
                let level = m.level();
                let n = m.steps.len();
                m.steps = vec![level; n];
            }
            // 10.5: rotations.
            let out = camp
                .map(|c| {
                    c.rotations
                        .iter()
                        .filter(|(i, _)| *i as usize == self.next)
                        .map(|(_, n)| *n as u32)
                        .sum::<u32>()
                })
                .unwrap_or(0);
            self.rotate(out);
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
                    self.end.get_or_insert(End::Lost(format!(
                        "{mission} failed after {attempts} attempt(s): the battalion commander relieves you (11.2)"
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
        record
    }

    /// Spends experience points on promotions (10.3.2): one level per step
    /// per mission, 1 point Green to Line, 3 Line to Veteran. Returns what
    /// was promoted.
    pub fn promote(&mut self, points: u32) -> (Vec<String>, u32) {
        self.promote_among(points, None)
    }

    /// [`Campaign::promote`] limited to some members (10.3.3).
    pub fn promote_among(
        &mut self,
        mut points: u32,
        eligible: Option<&[String]>,
    ) -> (Vec<String>, u32) {
        let mut done = Vec::new();
        let attached = self.attached.clone();
        let mut order: Vec<usize> = (0..self.roster.len()).collect();
        order.sort_by_key(|i| (leader_rank(self.roster[*i].kind, &self.roster[*i].id), *i));
        let mut raised: Vec<(usize, usize)> = Vec::new();
        loop {
            let mut best: Option<(u32, usize, usize)> = None;
            for &i in &order {
                let m = &self.roster[i];
                if m.id == "co_hq" && self.mode == Mode::Survivor && self.failed_once {
                    continue;
                }
                // A squad down to one step goes in as a fire team, Green
                // whatever its step: no point is spent on it.
                if eligible.is_some_and(|e| !e.contains(&m.id))
                    || attached.contains(&m.id)
                    || m.enters_as_team()
                {
                    continue;
                }
                for (k, e) in m.steps.iter().enumerate() {
                    if raised.contains(&(i, k)) {
                        continue;
                    }
                    if let Some(c) = promotion_cost(*e)
                        && c <= points
                        && best.is_none_or(|(bc, _, _)| c < bc)
                    {
                        best = Some((c, i, k));
                    }
                }
                if best.is_some() {
                    break;
                }
            }
            let Some((c, i, k)) = best else {
                break;
            };
            points -= c;
            raised.push((i, k));
            let m = &mut self.roster[i];
            let from = m.steps[k];
            m.steps[k] = match from {
                Experience::Green => Experience::Line,
                _ => Experience::Veteran,
            };
            done.push(format!(
                "{}: a step {:?} -> {:?}",
                m.label, from, m.steps[k]
            ));
        }
        (done, points)
    }

    /// 10.7: the points left after promotions buy one-card skills
    /// (`Drilled`) for the PLT HQs in roster order, three markers at most
    /// each. Returns what was bought.
    pub fn buy_skills(&mut self, mut points: u32) -> Vec<String> {
        use crate::data::mission::Skill;
        let mut bought = Vec::new();
        loop {
            let cost = Skill::Drilled.cost();
            let Some(m) = self
                .roster
                .iter_mut()
                .filter(|m| m.kind == UnitKind::Hq && m.id != "co_hq" && !m.steps.is_empty())
                .filter(|m| m.skills.len() < 3)
                .min_by_key(|m| m.skills.len())
            else {
                break;
            };
            if points < cost {
                break;
            }
            points -= cost;
            m.skills.push(Skill::Drilled);
            bought.push(format!("{}: {:?}", m.label, Skill::Drilled));
        }
        bought
    }

    /// Adds veterans then green steps: lost HQs and staff first, then the
    /// units furthest below full strength (10.4).
    pub fn replace(&mut self, vets: u32, green: u32) {
        let mut pool: Vec<Experience> = std::iter::repeat_n(Experience::Veteran, vets as usize)
            .chain(std::iter::repeat_n(Experience::Green, green as usize))
            .collect();
        // HQs and staff come back Green whatever happens.
        for m in &mut self.roster {
            if m.steps.is_empty() && leader_rank(m.kind, &m.id) < 3 {
                if let Some(p) = pool.iter().position(|e| *e == Experience::Green) {
                    pool.remove(p);
                } else if !pool.is_empty() {
                    pool.pop();
                }
                m.steps = vec![Experience::Green];
            }
        }
        for e in pool {
            let Some(m) = self.furthest_below_full(true) else {
                break;
            };
            m.steps.push(e);
        }
    }

    /// The unit of several steps furthest below its full strength (the
    /// first by roster id among equals); `skip_attached`: not an attached
    /// unit, which its parent unit keeps up (10.4).
    fn furthest_below_full(&mut self, skip_attached: bool) -> Option<&mut Member> {
        let attached = &self.attached;
        self.roster
            .iter_mut()
            .filter(|m| m.steps.len() < m.full as usize && m.full > 1)
            .filter(|m| !(skip_attached && attached.contains(&m.id)))
            .max_by_key(|m| {
                (
                    m.full as usize - m.steps.len(),
                    std::cmp::Reverse(m.id.clone()),
                )
            })
    }

    /// 10.5: veteran steps leave, taken from the largest units first.
    pub fn rotate(&mut self, mut n: u32) {
        while n > 0 {
            let Some(m) = self
                .roster
                .iter_mut()
                .filter(|m| m.steps.len() > 1 && m.steps.contains(&Experience::Veteran))
                .max_by_key(|m| (m.steps.len(), std::cmp::Reverse(m.id.clone())))
            else {
                break;
            };
            if let Some(p) = m.steps.iter().position(|e| *e == Experience::Veteran) {
                m.steps.remove(p);
            }
            n -= 1;
        }
    }
}

// ---------------------------------------------------------------------------
// The campaign file
// ---------------------------------------------------------------------------

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
        "Campaign {} ({name}), {:?} mode, seed {}\n",
        c.id, c.mode, c.seed
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
            .steps
            .iter()
            .map(|e| match e {
                Experience::Green => "G",
                Experience::Line => "L",
                Experience::Veteran => "V",
            })
            .collect();
        s.push_str(&format!(
            "  {:12} {:18} {:8} {}/{} steps [{}]\n",
            m.id,
            m.label,
            format!("{:?}", m.level()),
            m.steps.len(),
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
