//! Impulses of the Command Phase (3.3) that are not handed out: why a
//! step of impulses passes with none this turn, in words, for learn mode.

use crate::data::units::{Side, UnitKind};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::sequence::Step;
use crate::engine::kernel::state::Unit;
use crate::engine::kernel::units::is_plt_hq;

impl Game {
    /// Why a step of the Command Phase that hands out impulses hands out
    /// none this turn, in words, or `None` where it has one to hand out (or
    /// is no such step). Learn mode says it where the step passes with
    /// nothing but its heading: a newcomer read the Company HQ initiative
    /// step's explanation in a turn where the CO HQ had been activated.
    pub fn no_impulse_why(&self, step: Step) -> Option<String> {
        if !self.hq_candidates(step).is_empty()
            || !crate::engine::command::vehicle_hqs::candidates(self, step).is_empty()
        {
            return None;
        }
        let s = &self.state;
        let co = s.co_hq();
        let activated = |id: UnitId| s.hq_state(id).is_some_and(|h| h.activated);
        let is_plt = |u: &Unit| is_plt_hq(self, u.id);
        let us = || s.in_play().filter(|u| u.side == Side::Us);
        let why = match step {
            Step::CoHqImpulse | Step::CoHqInitiative if co.is_none() => {
                "the company has no CO HQ in play".to_string()
            }
            Step::CoHqImpulse => {
                let co = co?;
                if !activated(co.id) {
                    "the CO HQ was not activated this turn (3.3.1 A): it acts later, on its own initiative (3.3.2 A)".into()
                } else if co.flipped {
                    "the CO HQ is on its fire-team side and gives no orders (4.1.4)".into()
                } else {
                    "the CO HQ has had its impulse this turn".into()
                }
            }
            Step::CoHqInitiative => {
                let co = co?;
                if activated(co.id) {
                    "the CO HQ was activated this turn and had its impulse then (3.3.1 B): it has no initiative impulse".into()
                } else {
                    "the CO HQ has had its impulse this turn".into()
                }
            }
            Step::ActivatedImpulses => {
                if us().any(|u| (is_plt(u) || u.kind == UnitKind::Staff) && activated(u.id)) {
                    "every platoon HQ and staff member the CO HQ activated has had its impulse"
                        .into()
                } else {
                    "the CO HQ activated no platoon HQ or staff member this turn: they act on their own initiative (3.3.2 B-C)".into()
                }
            }
            Step::PltHqInitiative => {
                if us().any(is_plt) {
                    "every platoon HQ in play has had its impulse this turn".into()
                } else {
                    "no platoon HQ is in play".into()
                }
            }
            Step::StaffInitiative => {
                if us().any(|u| u.kind == UnitKind::Staff) {
                    "every staff member in play has had its impulse this turn".into()
                } else {
                    "no company staff is in play".into()
                }
            }
            _ => return None,
        };
        Some(why)
    }
}
