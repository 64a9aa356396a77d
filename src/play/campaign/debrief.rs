//! The words of the decisions between missions: the debrief of the mission
//! just played and, for each stage, what it is about and what is left to
//! place or spend. The screens and `fof campaign play` show these; the
//! decisions themselves are in [`super::between`].

use super::{Campaign, End, Mode, Stage};
use crate::data::DataSet;
use crate::play::report::Report;

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl Campaign {
    /// The debrief of the mission just played: its result and why, the
    /// success conditions, the experience by task (10.3.1), the casualty
    /// steps, and what the campaign does next.
    pub fn debrief(&self, data: &DataSet, report: &Report) -> Vec<String> {
        let mut out = Vec::new();
        let attempt = self.records.last().map(|r| r.attempt).unwrap_or(1);
        out.push(format!(
            "{} (attempt {attempt}): {}, after {} of {} turns.",
            report.name,
            report.headline(),
            report.turn,
            report.turns
        ));
        out.push(String::new());
        out.push("Success conditions:".into());
        for c in &report.conditions {
            let why = c.why.as_ref().map(|w| format!(": {w}")).unwrap_or_default();
            out.push(format!(
                "  [{}] {}{why}",
                if c.met { "met" } else { "not met" },
                c.text
            ));
        }
        out.push(String::new());
        out.push("Experience earned (10.3.1):".into());
        if report.experience.is_empty() {
            out.push("  none".into());
        }
        for e in &report.experience {
            out.push(format!("  {} x{}: {}", e.task, e.count, e.points));
        }
        out.push(format!("  total: {}", report.experience_total));
        out.push(String::new());
        let captured = self.records.last().map(|r| r.captured).unwrap_or(0);
        out.push(format!(
            "Casualty steps: {} of the company's, {} of the enemy's.",
            report.friendly_casualties, report.enemy_casualties
        ));
        if captured > 0 {
            out.push(format!(
                "Taken prisoner (9.13): {}, lost to the company.",
                plural(captured, "step", "steps")
            ));
        }
        out.push(String::new());
        out.extend(self.what_follows(data));
        out
    }

    /// What the campaign does after this debrief, in words.
    pub fn what_follows(&self, data: &DataSet) -> Vec<String> {
        let mut out = Vec::new();
        let Some(b) = &self.between else {
            return out;
        };
        match &self.end {
            Some(End::Won) => out.push(format!(
                "The campaign is won: {} (11.2).",
                self.mode.won_why()
            )),
            Some(End::Lost(why)) => out.push(format!("The campaign is lost: {why}.")),
            None => {}
        }
        if b.over {
            return out;
        }
        out.push(format!(
            "Now: {} to spend on promotions (10.3.2), then skills (10.7).",
            plural(b.points, "experience point", "experience points")
        ));
        if b.completed {
            out.push(format!(
                "Replacements to place (10.4): {} and {}; then every counter takes its combined level (10.6).",
                plural(b.veterans, "veteran step", "veteran steps"),
                plural(b.green, "green step", "green steps")
            ));
            if b.rotations > 0 {
                out.push(format!(
                    "Rotations (10.5): {} go home.",
                    plural(b.rotations, "veteran step", "veteran steps")
                ));
            }
        } else if self.carry.is_some() {
            out.push(
                "No replacements: the next attempt is fought on the same ground, the company as it was left (11.1)."
                    .into(),
            );
        } else {
            out.push("No replacements after a mission failed (10.4).".into());
        }
        if let Some(m) = self.next_mission(data) {
            let name = data.mission_name(m);
            out.push(format!("Next: {name}, attempt {}.", self.attempt + 1));
        }
        out
    }

    /// The company as it stands, in one line to wrap: each unit's level
    /// (10.6) and its steps, fire teams aside.
    pub fn company_line(&self) -> String {
        let units: Vec<String> = self
            .roster
            .iter()
            .map(|m| {
                let steps: String = m
                    .counter()
                    .iter()
                    .map(|e| match e {
                        crate::data::action::Experience::Green => 'G',
                        crate::data::action::Experience::Line => 'L',
                        crate::data::action::Experience::Veteran => 'V',
                    })
                    .collect();
                let teams = if m.teams > 0 {
                    format!(" +{} team{}", m.teams, if m.teams == 1 { "" } else { "s" })
                } else {
                    String::new()
                };
                if steps.is_empty() {
                    format!("{} out{teams}", m.label)
                } else {
                    format!("{} {} [{steps}]{teams}", m.label, m.level().key())
                }
            })
            .collect();
        format!(
            "The company (G Green, L Line, V Veteran steps): {}.",
            units.join("; ")
        )
    }

    /// What the stage now open asks, in words: the points, steps or
    /// rotations left, and the rule; then the company as it stands.
    pub fn stage_lines(&self, data: &DataSet) -> Vec<String> {
        let Some(b) = &self.between else {
            return Vec::new();
        };
        let mut out = self.stage_rule(data, b);
        if b.stage != Stage::Debrief {
            out.push(String::new());
            out.push(self.company_line());
        }
        out
    }

    fn stage_rule(&self, data: &DataSet, b: &super::Between) -> Vec<String> {
        match b.stage {
            Stage::Debrief => Vec::new(),
            Stage::Reconstitute => vec![
                "Squads whose counter left play come back, Green, from fire teams: two or more of their own, or lone teams of other units (11.3 step 3).".into(),
                "While teams are enough one must be rebuilt; when they run short, the order you choose decides which squads come back.".into(),
            ],
            Stage::Promote => {
                let mut v = vec![
                    format!(
                        "{} to spend. A step goes up one level per mission: Green to Line costs 1 point, Line to Veteran 3 (10.3.2).",
                        plural(b.points, "experience point", "experience points")
                    ),
                    "Points left over buy skills (10.7); what is left after that is lost.".into(),
                ];
                if self.mode == Mode::Survivor && self.failed_once {
                    v.push("The CO HQ may not be promoted: a mission was failed (11.2).".into());
                }
                if b.eligible.is_some() {
                    v.push("After this patrol only the units that went out may be promoted (10.3.3).".into());
                }
                v
            }
            Stage::Skills => {
                let _ = data;
                vec![
                    format!(
                        "{} left. A PLT HQ or staff unit may hold up to three skill markers, for the next mission only (10.7).",
                        plural(b.points, "experience point", "experience points")
                    ),
                    "Points not spent now are lost.".into(),
                ]
            }
            Stage::Replace => vec![
                format!(
                    "To place (10.4): {} and {}, veterans first. Choose the unit each joins.",
                    plural(b.veterans, "veteran step", "veteran steps"),
                    plural(b.green, "green step", "green steps")
                ),
                "Then each counter takes its combined level (10.6).".into(),
            ],
            Stage::Rotate => vec![format!(
                "{} rotate home (10.5): choose the units they leave.",
                plural(b.rotations, "veteran step", "veteran steps")
            )],
        }
    }
}
