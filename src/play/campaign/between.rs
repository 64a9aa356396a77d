//! Between missions, decided by the player (10.3.2-10.7, 11.3).
//!
//! [`Campaign::end_mission`] keeps the books of the mission just played
//! (what each unit has left, the experience earned, the replacements and
//! rotations due, what comes next) and opens the [`Between`] procedure. Its
//! decisions are the player's, made one [`Choice`] at a time in the order
//! of 11.3 and 10.3.2:
//! 1. the debrief, read ([`Stage::Debrief`]);
//! 2. squads out of play reconstituted from fire teams (11.3 step 3), the
//!    player choosing which while teams are enough for one more;
//! 3. promotions (10.3.2): any step of a company counter, one level per
//!    step, 1 point Green to Line and 3 Line to Veteran; not attached
//!    units, not the CO HQ in survivor mode after a failed mission (11.2),
//!    only the units that went out after a patrol of several (10.3.3);
//! 4. skills (10.7) with the points left, for a PLT HQ or a staff unit,
//!    three markers at most each;
//! 5. replacements (10.4), after a completed mission: the veterans that
//!    return first, then the green steps, each placed by the player in a
//!    unit below full strength; then every counter takes its combined
//!    level (10.6);
//! 6. rotations (10.5) where the campaign has them: which veteran steps
//!    leave.
//!
//! Each stage offers the program's own policy as a suggestion
//! ([`Campaign::suggestion`]); [`Campaign::after_mission`] takes every
//! suggestion, as the program did before the player decided. Every choice
//! is recorded in the mission's [`Record`](super::Record), so the campaign
//! file can be played again and verified ([`super::file::verify`]).
//!
//! Decisions where the rules are silent:
//! - An HQ or staff unit lost comes back Green before the replacements are
//!   placed, from a replacement if one is left (10.4), or from the fire
//!   team its last step became (10.2.2); with none, the battalion sends it
//!   all the same: the company does not go out without its leaders.
//! - Reconstitution (11.3 step 3) is not optional while teams are enough:
//!   the rule says to do it; the player picks the order, which decides
//!   which squads come back when teams are short.
//! - Skills are held by PLT HQs and the company's staff units (10.7 "PLT
//!   HQ or CO Staff"), not by the CO HQ nor by attached units; the counter
//!   mix is not limited.
//! - Rotations take a veteran step from a counter of two steps or more, so
//!   that no HQ leaves; every rotation due is made while one can be.
//! - A campaign that ended (won or lost) has only its debrief.

use super::{Campaign, Member, leader_rank, promotion_cost};
use crate::data::DataSet;
use crate::data::action::Experience;
use crate::data::mission::Skill;
use crate::data::units::UnitKind;
use serde::{Deserialize, Serialize};

/// Where the procedure between two missions stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    Debrief,
    Reconstitute,
    Promote,
    Skills,
    Replace,
    Rotate,
}

impl Stage {
    /// The stage's title, with its rule.
    pub fn title(self) -> &'static str {
        match self {
            Stage::Debrief => "Debrief",
            Stage::Reconstitute => "Squads rebuilt from fire teams (11.3)",
            Stage::Promote => "Promotions (10.3.2)",
            Stage::Skills => "Skills (10.7)",
            Stage::Replace => "Replacements (10.4)",
            Stage::Rotate => "Rotations (10.5)",
        }
    }

    fn after(self) -> Option<Stage> {
        match self {
            Stage::Debrief => Some(Stage::Reconstitute),
            Stage::Reconstitute => Some(Stage::Promote),
            Stage::Promote => Some(Stage::Skills),
            Stage::Skills => Some(Stage::Replace),
            Stage::Replace => Some(Stage::Rotate),
            Stage::Rotate => None,
        }
    }
}

/// The procedure between two missions, while decisions are left.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Between {
    pub stage: Stage,
    /// Experience points left to spend (10.3.2); lost at the end.
    pub points: u32,
    /// 10.3.3: after a patrol of several, only these may be promoted.
    pub eligible: Option<Vec<String>>,
    /// Steps promoted this time (member id, step index): one level each.
    pub raised: Vec<(String, u8)>,
    /// Replacement steps still to place (10.4): veterans first.
    pub veterans: u32,
    pub green: u32,
    /// The mission was completed and the campaign moves on: replacements,
    /// the 10.6 levels and rotations follow.
    pub completed: bool,
    /// Veteran steps still to rotate out (10.5).
    pub rotations: u32,
    /// Squads may be rebuilt from teams now (not when the same ground is
    /// fought again: the new attempt does it on the map, 11.1 step 2).
    pub reconstitute: bool,
    /// Only the debrief: the campaign is over.
    pub over: bool,
}

impl Between {
    /// The replacement step placed next (10.4): veterans first.
    pub fn next_replacement(&self) -> Option<Experience> {
        if self.veterans > 0 {
            Some(Experience::Veteran)
        } else if self.green > 0 {
            Some(Experience::Green)
        } else {
            None
        }
    }

    /// Takes the replacement step placed next from those left.
    pub(super) fn take_replacement(&mut self) -> Option<Experience> {
        let e = self.next_replacement()?;
        match e {
            Experience::Veteran => self.veterans -= 1,
            _ => self.green -= 1,
        }
        Some(e)
    }
}

/// One decision between missions. Written in the campaign file as a short
/// line of words ("promote 1_1 green"), so that the file reads like a
/// replay.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Choice {
    /// Go on: the debrief is read, or no more of this stage.
    Next,
    /// 11.3 step 3: this squad is rebuilt from fire teams.
    Reconstitute(String),
    /// 10.3.2: one step of this level in this unit goes up one level.
    Promote(String, Experience),
    /// 10.7: this skill for this holder.
    Skill(String, Skill),
    /// 10.4: the next replacement step joins this unit.
    Replace(String),
    /// 10.5: a veteran step of this unit rotates out.
    Rotate(String),
}

fn skill_key(s: Skill) -> String {
    s.label().replace(' ', "-")
}

const LEVELS: [Experience; 3] = [Experience::Green, Experience::Line, Experience::Veteran];

impl From<Choice> for String {
    fn from(c: Choice) -> String {
        match c {
            Choice::Next => "next".into(),
            Choice::Reconstitute(u) => format!("reconstitute {u}"),
            Choice::Promote(u, e) => format!("promote {u} {}", e.key()),
            Choice::Skill(u, s) => format!("skill {u} {}", skill_key(s)),
            Choice::Replace(u) => format!("replace {u}"),
            Choice::Rotate(u) => format!("rotate {u}"),
        }
    }
}

impl TryFrom<String> for Choice {
    type Error = String;

    fn try_from(s: String) -> Result<Choice, String> {
        let w: Vec<&str> = s.split_whitespace().collect();
        let unit = |i: usize| w.get(i).map(|u| u.to_string());
        let bad = || {
            format!(
                "`{s}` is no decision between missions (next, reconstitute UNIT, promote UNIT LEVEL, skill UNIT SKILL, replace UNIT, rotate UNIT)"
            )
        };
        let c = match (w.first().copied(), w.len()) {
            (Some("next"), 1) => Choice::Next,
            (Some("reconstitute"), 2) => Choice::Reconstitute(unit(1).ok_or_else(bad)?),
            (Some("replace"), 2) => Choice::Replace(unit(1).ok_or_else(bad)?),
            (Some("rotate"), 2) => Choice::Rotate(unit(1).ok_or_else(bad)?),
            (Some("promote"), 3) => {
                let e = LEVELS
                    .into_iter()
                    .find(|e| e.key() == w[2])
                    .ok_or_else(|| {
                        format!("`{}` is no experience level (green, line, veteran)", w[2])
                    })?;
                Choice::Promote(w[1].to_string(), e)
            }
            (Some("skill"), 3) => {
                let k = Skill::ALL
                    .into_iter()
                    .find(|k| skill_key(*k) == w[2])
                    .ok_or_else(|| format!("`{}` is no skill of 10.7", w[2]))?;
                Choice::Skill(w[1].to_string(), k)
            }
            _ => return Err(bad()),
        };
        Ok(c)
    }
}

impl std::fmt::Display for Choice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&String::from(self.clone()))
    }
}

/// 10.7: who may hold skill markers.
fn skill_holder(m: &Member, attached: &[String]) -> bool {
    (m.kind == UnitKind::Hq && m.id != "co_hq" || m.kind == UnitKind::Staff)
        && !m.counter().is_empty()
        && !attached.contains(&m.id)
}

impl Campaign {
    /// The decisions open now, in the roster's order; empty when nothing
    /// is left to decide between missions.
    pub fn choices(&self) -> Vec<Choice> {
        let Some(b) = &self.between else {
            return Vec::new();
        };
        let mut out = Vec::new();
        match b.stage {
            Stage::Debrief => out.push(Choice::Next),
            Stage::Reconstitute if b.reconstitute => {
                out.extend(
                    self.rebuildable()
                        .into_iter()
                        .map(|i| Choice::Reconstitute(self.roster[i].id.clone())),
                );
            }
            Stage::Reconstitute => {}
            Stage::Promote => {
                for (i, m) in self.roster.iter().enumerate() {
                    for e in LEVELS {
                        if self.promotable(b, i, e).is_some() {
                            out.push(Choice::Promote(m.id.clone(), e));
                        }
                    }
                }
                out.push(Choice::Next);
            }
            Stage::Skills => {
                for m in &self.roster {
                    if skill_holder(m, &self.attached) && m.skills.len() < 3 {
                        for k in Skill::ALL {
                            if k.cost() <= b.points {
                                out.push(Choice::Skill(m.id.clone(), k));
                            }
                        }
                    }
                }
                out.push(Choice::Next);
            }
            Stage::Replace => {
                if b.veterans + b.green > 0 {
                    out.extend(
                        self.roster
                            .iter()
                            .filter(|m| self.takes_replacement(m))
                            .map(|m| Choice::Replace(m.id.clone())),
                    );
                }
            }
            Stage::Rotate => {
                if b.rotations > 0 {
                    out.extend(
                        self.roster
                            .iter()
                            .filter(|m| rotatable(m))
                            .map(|m| Choice::Rotate(m.id.clone())),
                    );
                }
            }
        }
        out
    }

    /// The program's own choice now: the policy it followed before the
    /// player decided (see the module's notes in `mod.rs`).
    pub fn suggestion(&self) -> Option<Choice> {
        let b = self.between.as_ref()?;
        Some(match b.stage {
            Stage::Debrief => Choice::Next,
            Stage::Reconstitute => {
                if !b.reconstitute {
                    return None;
                }
                let i = self.suggest_rebuild()?;
                Choice::Reconstitute(self.roster[i].id.clone())
            }
            Stage::Promote => {
                match self.suggest_promotion(b.points, b.eligible.as_deref(), &b.raised) {
                    Some((i, k)) => {
                        Choice::Promote(self.roster[i].id.clone(), self.roster[i].steps[k])
                    }
                    None => Choice::Next,
                }
            }
            Stage::Skills => match self.suggest_skill(b.points) {
                Some(i) => Choice::Skill(self.roster[i].id.clone(), Skill::Drilled),
                None => Choice::Next,
            },
            Stage::Replace => {
                let m = self.furthest_below(true)?;
                Choice::Replace(self.roster[m].id.clone())
            }
            Stage::Rotate => {
                let i = self.suggest_rotation()?;
                Choice::Rotate(self.roster[i].id.clone())
            }
        })
    }

    /// Makes one decision between missions. A choice not open now is
    /// refused with the reason, and nothing changes.
    pub fn choose(&mut self, c: &Choice) -> Result<(), String> {
        let Some(b) = self.between.clone() else {
            return Err("nothing is left to decide between missions".into());
        };
        if !self.choices().contains(c) {
            return Err(self.refusal(&b, c));
        }
        let unit = |s: &Campaign, id: &str| s.roster.iter().position(|m| m.id == id);
        match c {
            Choice::Next => {
                if let Some(r) = self.records.last_mut() {
                    r.choices.push(c.clone());
                }
                self.advance();
                return Ok(());
            }
            Choice::Reconstitute(id) => {
                let i = unit(self, id).expect("offered");
                self.rebuild(i);
                let note = format!("{}: rebuilt from fire teams (11.3)", self.roster[i].label);
                self.record_choice(c, note);
            }
            Choice::Promote(id, e) => {
                let i = unit(self, id).expect("offered");
                let k = self.promotable(&b, i, *e).expect("offered");
                let note = self.raise(i, k);
                let bb = self.between.as_mut().expect("open");
                bb.points -= promotion_cost(*e).unwrap_or(0);
                bb.raised.push((id.clone(), k as u8));
                self.record_promotion(c, note);
            }
            Choice::Skill(id, k) => {
                let i = unit(self, id).expect("offered");
                self.roster[i].skills.push(*k);
                self.between.as_mut().expect("open").points -= k.cost();
                let note = format!("{}: {}", self.roster[i].label, k.label());
                self.record_skill(c, note);
            }
            Choice::Replace(id) => {
                let i = unit(self, id).expect("offered");
                let bb = self.between.as_mut().expect("open");
                let e = bb
                    .take_replacement()
                    .expect("offered only while steps are left");
                self.roster[i].add_step(e);
                let note = format!(
                    "{}: a {} replacement step (10.4)",
                    self.roster[i].label,
                    e.key()
                );
                self.record_choice(c, note);
            }
            Choice::Rotate(id) => {
                let i = unit(self, id).expect("offered");
                self.rotate_one(i);
                self.between.as_mut().expect("open").rotations -= 1;
                let note = format!(
                    "{}: a veteran step rotated out (10.5)",
                    self.roster[i].label
                );
                self.record_choice(c, note);
            }
        }
        // A stage ends by itself when nothing is left to decide in it.
        if !self.choices().iter().any(|c| *c != Choice::Next) {
            self.advance();
        }
        Ok(())
    }

    /// Takes the program's suggestion until nothing is left to decide.
    pub fn settle_between(&mut self) {
        while let Some(c) = self.suggestion() {
            if self.choose(&c).is_err() {
                break;
            }
        }
        // A stage whose suggestion was not open (none can be) is closed.
        while self.between.is_some() && self.choices().is_empty() {
            self.advance();
        }
    }

    /// Why a decision is not open, in words.
    fn refusal(&self, b: &Between, c: &Choice) -> String {
        let shown = c.to_string();
        let known = |id: &str| self.roster.iter().any(|m| m.id == id);
        match c {
            Choice::Reconstitute(id)
            | Choice::Promote(id, _)
            | Choice::Skill(id, _)
            | Choice::Replace(id)
            | Choice::Rotate(id)
                if !known(id) =>
            {
                format!("`{shown}`: no unit `{id}` in the company")
            }
            _ => {
                let stage = b.stage.title();
                let why = match (b.stage, c) {
                    (Stage::Promote, Choice::Promote(id, e)) => {
                        let m = self.roster.iter().find(|m| m.id == *id).expect("known");
                        if self.attached.contains(id) {
                            "attached units are not promoted (10.3.2)".to_string()
                        } else if promotion_cost(*e).is_none() {
                            "a veteran step cannot rise further (10.3.2)".to_string()
                        } else if promotion_cost(*e).unwrap_or(0) > b.points {
                            format!("it costs {} points and {} are left (10.3.2)", promotion_cost(*e).unwrap_or(0), b.points)
                        } else if b.eligible.as_ref().is_some_and(|el| !el.contains(id)) {
                            "only the units that went out on the patrol may be promoted (10.3.3)".to_string()
                        } else if id == "co_hq" && self.failed_once && self.mode == super::Mode::Survivor {
                            "after a failed mission the CO HQ may not be promoted in survivor mode (11.2)".to_string()
                        } else {
                            format!(
                                "{} has no {} step left that was not promoted already (one level per step between missions, 10.3.2)",
                                m.label,
                                e.key()
                            )
                        }
                    }
                    (Stage::Skills, Choice::Skill(id, k)) => {
                        let m = self.roster.iter().find(|m| m.id == *id).expect("known");
                        if !skill_holder(m, &self.attached) {
                            "skills are held by PLT HQs and company staff only (10.7)".to_string()
                        } else if m.skills.len() >= 3 {
                            format!("{} holds three skills already (10.7)", m.label)
                        } else {
                            format!("{} costs {} points and {} are left (10.7)", k.label(), k.cost(), b.points)
                        }
                    }
                    (Stage::Replace, Choice::Replace(_)) => "that unit is at full strength or takes no replacement (10.4)".to_string(),
                    (Stage::Rotate, Choice::Rotate(_)) => "that unit has no veteran step that can leave (10.5)".to_string(),
                    (Stage::Reconstitute, Choice::Reconstitute(_)) => "that squad cannot be rebuilt: it is in play, or too few fire teams are left (11.3)".to_string(),
                    (Stage::Reconstitute | Stage::Replace | Stage::Rotate, Choice::Next) => "this must be done while it can be".to_string(),
                    _ => "it belongs to another stage".to_string(),
                };
                format!("`{shown}` is refused now ({stage}): {why}")
            }
        }
    }

    /// Records a decision and what it did, in words.
    fn record_choice(&mut self, c: &Choice, note: String) {
        if let Some(r) = self.records.last_mut() {
            r.choices.push(c.clone());
            r.decided.push(note);
        }
    }

    fn record_promotion(&mut self, c: &Choice, note: String) {
        self.record_choice(c, format!("{note} (10.3.2)"));
        if let Some(r) = self.records.last_mut() {
            r.promotions.push(note);
        }
    }

    fn record_skill(&mut self, c: &Choice, note: String) {
        self.record_choice(c, format!("{note} (10.7)"));
        if let Some(r) = self.records.last_mut() {
            r.skills.push(note);
        }
    }

    /// To the next stage with something to decide; the procedure closes
    /// after the last.
    pub(super) fn advance(&mut self) {
        loop {
            let Some(b) = self.between.as_mut() else {
                return;
            };
            let leaving = b.stage;
            let next = if b.over { None } else { leaving.after() };
            if leaving == Stage::Replace && b.completed {
                self.level_counters();
            }
            let Some(next) = next else {
                self.between = None;
                return;
            };
            let b = self.between.as_mut().expect("open");
            b.stage = next;
            if next == Stage::Replace && b.completed {
                self.rebuild_leaders();
            }
            if self.choices().iter().any(|c| *c != Choice::Next) {
                return;
            }
            // A stage passed by with nothing open: said where it costs the
            // player something.
            let b = self.between.as_ref().expect("open");
            if next == Stage::Skills && b.points > 0 {
                let note = format!(
                    "Skills (10.7): no PLT HQ or staff unit can take one; {} point{} lost",
                    b.points,
                    if b.points == 1 { " is" } else { "s are" }
                );
                if let Some(r) = self.records.last_mut() {
                    r.decided.push(note);
                }
            }
        }
    }

    /// 10.6: after the replacements every counter's steps take its
    /// combined level; teams stay Green fire teams.
    fn level_counters(&mut self) {
        for m in &mut self.roster {
            let level = m.level();
            let n = m.counter().len();
            for e in m.steps.iter_mut().take(n) {
                *e = level;
            }
        }
    }

    /// 10.4, 10.2.2: lost HQs and staff come back Green (see the notes),
    /// each said in the last record; those the battalion sends with no
    /// replacement left are counted in its `leaders_sent`.
    pub(super) fn rebuild_leaders(&mut self) {
        for i in 0..self.roster.len() {
            let m = &self.roster[i];
            if !m.counter().is_empty() || leader_rank(m.kind, &m.id) >= 3 {
                continue;
            }
            let label = m.label.clone();
            let note = if m.teams > 0 {
                // 10.2.2: its last step's fire team becomes the HQ again.
                let m = &mut self.roster[i];
                m.steps = vec![Experience::Green];
                m.teams = 0;
                format!("{label}: rebuilt Green from the fire team its last step became (10.2.2)")
            } else {
                let mut sent = false;
                match self.between.as_mut() {
                    Some(b) if b.green > 0 => b.green -= 1,
                    Some(b) if b.veterans > 0 => b.veterans -= 1,
                    _ => sent = true,
                }
                self.roster[i].steps = vec![Experience::Green];
                if sent {
                    if let Some(r) = self.records.last_mut() {
                        r.leaders_sent += 1;
                    }
                    format!(
                        "{label}: lost, and sent again Green by the battalion with no replacement step left (10.2.2)"
                    )
                } else {
                    format!("{label}: lost, and rebuilt Green from a replacement step (10.4)")
                }
            };
            if let Some(r) = self.records.last_mut() {
                r.decided.push(note);
            }
        }
    }

    /// Step `k` of member `i` goes up one level; what was done, in words.
    pub(super) fn raise(&mut self, i: usize, k: usize) -> String {
        let m = &mut self.roster[i];
        let from = m.steps[k];
        m.steps[k] = match from {
            Experience::Green => Experience::Line,
            _ => Experience::Veteran,
        };
        format!(
            "{}: a step from {} to {}",
            m.label,
            from.key(),
            m.steps[k].key()
        )
    }

    /// The step of level `e` of member `i` that may be promoted now.
    fn promotable(&self, b: &Between, i: usize, e: Experience) -> Option<usize> {
        let m = &self.roster[i];
        let cost = promotion_cost(e)?;
        if cost > b.points || !self.may_promote(m, b.eligible.as_deref()) {
            return None;
        }
        m.counter()
            .iter()
            .enumerate()
            .find(|(k, x)| **x == e && !b.raised.contains(&(m.id.clone(), *k as u8)))
            .map(|(k, _)| k)
    }

    /// Whether a member's steps may be promoted at all (10.3.2, 10.3.3,
    /// 11.2).
    pub(super) fn may_promote(&self, m: &Member, eligible: Option<&[String]>) -> bool {
        let barred_co = m.id == "co_hq" && self.mode == super::Mode::Survivor && self.failed_once;
        let went_out = eligible.is_none_or(|e| e.contains(&m.id));
        !barred_co && went_out && !self.attached.contains(&m.id)
    }

    /// The policy's promotion: the cheapest step, leaders first (CO HQ,
    /// PLT HQs, staff, then the rest in roster order).
    pub(super) fn suggest_promotion(
        &self,
        points: u32,
        eligible: Option<&[String]>,
        raised: &[(String, u8)],
    ) -> Option<(usize, usize)> {
        let mut order: Vec<usize> = (0..self.roster.len()).collect();
        order.sort_by_key(|i| (leader_rank(self.roster[*i].kind, &self.roster[*i].id), *i));
        let mut best: Option<(u32, usize, usize)> = None;
        for &i in &order {
            let m = &self.roster[i];
            if !self.may_promote(m, eligible) {
                continue;
            }
            for (k, e) in m.counter().iter().enumerate() {
                if raised.contains(&(m.id.clone(), k as u8)) {
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
        best.map(|(_, i, k)| (i, k))
    }

    /// The policy's skill: drilled, for the PLT HQ holding fewest.
    pub(super) fn suggest_skill(&self, points: u32) -> Option<usize> {
        if points < Skill::Drilled.cost() {
            return None;
        }
        self.roster
            .iter()
            .enumerate()
            .filter(|(_, m)| m.kind == UnitKind::Hq && skill_holder(m, &self.attached))
            .filter(|(_, m)| m.skills.len() < 3)
            .min_by_key(|(i, m)| (m.skills.len(), *i))
            .map(|(i, _)| i)
    }

    /// Whether a replacement step may join this member (10.4): not an
    /// attached unit (its parent unit keeps it up), a unit of several
    /// steps below full strength.
    fn takes_replacement(&self, m: &Member) -> bool {
        m.steps.len() < m.full as usize && m.full > 1 && !self.attached.contains(&m.id)
    }

    /// The unit of several steps furthest below its full strength (the
    /// first by roster id among equals); `skip_attached`: not an attached
    /// unit.
    pub(super) fn furthest_below(&self, skip_attached: bool) -> Option<usize> {
        self.roster
            .iter()
            .enumerate()
            .filter(|(_, m)| m.steps.len() < m.full as usize && m.full > 1)
            .filter(|(_, m)| !(skip_attached && self.attached.contains(&m.id)))
            .max_by_key(|(_, m)| {
                (
                    m.full as usize - m.steps.len(),
                    std::cmp::Reverse(m.id.clone()),
                )
            })
            .map(|(i, _)| i)
    }

    /// The policy's rotation: from the largest unit.
    pub(super) fn suggest_rotation(&self) -> Option<usize> {
        self.roster
            .iter()
            .enumerate()
            .filter(|(_, m)| rotatable(m))
            .max_by_key(|(_, m)| (m.steps.len(), std::cmp::Reverse(m.id.clone())))
            .map(|(i, _)| i)
    }

    /// A veteran step of member `i` leaves (10.5).
    pub(super) fn rotate_one(&mut self, i: usize) {
        let m = &mut self.roster[i];
        if let Some(p) = m.counter().iter().position(|e| *e == Experience::Veteran) {
            m.steps.remove(p);
            m.settle();
        }
    }

    /// Squads out of play that can be rebuilt from fire teams now: from
    /// two of their own, or with the lone teams of other units (11.3 step
    /// 3). Teams of attached units stay with them.
    pub(super) fn rebuildable(&self) -> Vec<usize> {
        (0..self.roster.len())
            .filter(|i| {
                let m = &self.roster[*i];
                if m.kind != UnitKind::Squad
                    || !m.counter().is_empty()
                    || self.attached.contains(&m.id)
                {
                    return false;
                }
                let own = m.teams as usize;
                let room = (m.full as usize).saturating_sub(m.steps.len());
                own >= 2 || own + self.donor_teams(*i).min(room) >= 2
            })
            .collect()
    }

    /// Fire teams other units could give squad `i`.
    fn donor_teams(&self, i: usize) -> usize {
        self.donors(i)
            .iter()
            .map(|d| self.roster[*d].teams as usize)
            .sum()
    }

    /// Units with fire teams to give squad `i`, lone teams first. Not an
    /// HQ or staff unit: the fire team its last step became rebuilds it
    /// (10.2.2), and is not given away to a squad first.
    fn donors(&self, i: usize) -> Vec<usize> {
        let mut d: Vec<usize> = (0..self.roster.len())
            .filter(|d| *d != i && self.roster[*d].teams > 0)
            .filter(|d| !self.attached.contains(&self.roster[*d].id))
            .filter(|d| leader_rank(self.roster[*d].kind, &self.roster[*d].id) >= 3)
            .collect();
        d.sort_by_key(|d| (self.roster[*d].teams, *d));
        d
    }

    /// The policy's reconstitution: squads with two teams of their own
    /// first, then the others, in roster order.
    pub(super) fn suggest_rebuild(&self) -> Option<usize> {
        let can = self.rebuildable();
        can.iter()
            .copied()
            .find(|i| self.roster[*i].teams >= 2)
            .or_else(|| can.first().copied())
    }

    /// Squad `i` is rebuilt, Green: from its own teams up to full
    /// strength when it has two; else its own and other units' teams, two
    /// steps in all.
    pub(super) fn rebuild(&mut self, i: usize) {
        let m = &mut self.roster[i];
        if m.teams >= 2 {
            let back = m.teams.min(m.full);
            m.teams -= back;
            let n = m.counter().len();
            for e in m.steps.iter_mut().skip(n).take(back as usize) {
                *e = Experience::Green;
            }
            return;
        }
        let mut need = 2usize.saturating_sub(self.roster[i].teams as usize);
        for d in self.donors(i) {
            while need > 0 && self.roster[d].teams > 0 {
                if self.roster[d].take_step().is_some() {
                    self.roster[i].add_team();
                }
                need -= 1;
            }
        }
        let m = &mut self.roster[i];
        m.teams = 0;
        for e in &mut m.steps {
            *e = Experience::Green;
        }
    }

    /// A decision in words, for the screens: what it does.
    pub fn choice_label(&self, data: &DataSet, c: &Choice) -> String {
        let name = |id: &str| {
            self.roster
                .iter()
                .find(|m| m.id == id)
                .map(|m| m.label.clone())
                .unwrap_or_else(|| id.to_string())
        };
        let _ = data;
        match c {
            Choice::Next => match self.between.as_ref().map(|b| b.stage) {
                Some(Stage::Debrief) => "Go on".into(),
                Some(Stage::Promote) => "No more promotions".into(),
                Some(Stage::Skills) => "No more skills (unspent points are lost)".into(),
                _ => "Go on".into(),
            },
            Choice::Reconstitute(id) => {
                let m = self.roster.iter().find(|m| m.id == *id);
                let own = m.map(|m| m.teams).unwrap_or(0);
                if own >= 2 {
                    format!("Rebuild {} from its own {own} fire teams", name(id))
                } else {
                    format!("Rebuild {} with fire teams of other units", name(id))
                }
            }
            Choice::Promote(id, e) => {
                let to = match e {
                    Experience::Green => Experience::Line,
                    _ => Experience::Veteran,
                };
                let (now, after) = self.promotion_preview(id, *e);
                format!(
                    "{}: a {} step to {} ({} point{}); the unit {}",
                    name(id),
                    e.key(),
                    to.key(),
                    promotion_cost(*e).unwrap_or(0),
                    if promotion_cost(*e) == Some(1) {
                        ""
                    } else {
                        "s"
                    },
                    if now == after {
                        format!("stays {} (10.6)", now.key())
                    } else {
                        format!("goes from {} to {} (10.6)", now.key(), after.key())
                    }
                )
            }
            Choice::Skill(id, k) => format!(
                "{}: {} ({} point{}): {}",
                name(id),
                k.label(),
                k.cost(),
                if k.cost() == 1 { "" } else { "s" },
                k.effect()
            ),
            Choice::Replace(id) => {
                let e = self
                    .between
                    .as_ref()
                    .and_then(Between::next_replacement)
                    .unwrap_or(Experience::Green)
                    .key();
                let m = self.roster.iter().find(|m| m.id == *id);
                let (have, full) = m.map(|m| (m.steps.len(), m.full)).unwrap_or((0, 0));
                format!("{}: a {e} step ({have} of {full} steps now)", name(id))
            }
            Choice::Rotate(id) => format!("{}: a veteran step leaves", name(id)),
        }
    }

    /// 10.6: a unit's combined level now and after promoting one of its
    /// steps of level `e`.
    pub fn promotion_preview(&self, id: &str, e: Experience) -> (Experience, Experience) {
        let Some(m) = self.roster.iter().find(|m| m.id == id) else {
            return (e, e);
        };
        let now = m.level();
        let mut steps = m.counter().to_vec();
        if let Some(p) = steps.iter().position(|x| *x == e) {
            steps[p] = match e {
                Experience::Green => Experience::Line,
                _ => Experience::Veteran,
            };
        }
        (now, super::combined(&steps))
    }
}

/// 10.5: a counter of two steps or more with a veteran step.
fn rotatable(m: &Member) -> bool {
    m.counter().len() > 1 && m.counter().contains(&Experience::Veteran)
}
