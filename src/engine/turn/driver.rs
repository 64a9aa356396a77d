//! The driver: setting a game up and running the sequence of play (3.0-3.8)
//! as a state machine: the prompt, the legal inputs, applying one input at
//! a time, automatic play piece by piece, turns, steps and impulses (see
//! DESIGN.md, "The engine contract").

use crate::data::DataSet;
use crate::data::mission::MissionKind;
use crate::data::units::{Side, UnitKind};
use crate::engine::kernel::events::{Activation, CommandsFrom, Ending, Quiet};
use crate::engine::kernel::events::{Event, EventKind, Section};
use crate::engine::kernel::game::{Game, Illegal, SetupError};
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::input::{Decision, Input, Prompt};
use crate::engine::kernel::purpose::Purpose;
use crate::engine::kernel::sequence::{Step, next_in_turn};
use crate::engine::kernel::state::{State, Unit, *};
use crate::engine::kernel::why::Turn;
use std::sync::Arc;

impl Game {
    /// Sets a mission up (2.0-2.4) and runs until the first decision.
    pub fn new(
        data: Arc<DataSet>,
        mission_id: &str,
        seed: u64,
        options: Options,
    ) -> Result<Game, SetupError> {
        let mut game = Game::set_up(data, mission_id, seed, options, &[])?;
        game.run();
        Ok(game)
    }

    /// Sets a mission up like [`Game::new`] but stops before the automatic
    /// play of turn 1: [`Game::advance`] runs it one piece at a time, to the
    /// game `new` returns (learn mode starts here).
    pub fn new_held(
        data: Arc<DataSet>,
        mission_id: &str,
        seed: u64,
        options: Options,
    ) -> Result<Game, SetupError> {
        Game::set_up(data, mission_id, seed, options, &[])
    }

    /// The setup every start shares: the mission's initial state, with the
    /// deck's next cards `top` (none in play), announced.
    fn set_up(
        data: Arc<DataSet>,
        mission_id: &str,
        seed: u64,
        options: Options,
        top: &[crate::engine::kernel::deck::Card],
    ) -> Result<Game, SetupError> {
        let mission = data
            .mission(mission_id)
            .cloned()
            .ok_or_else(|| SetupError(format!("no mission `{mission_id}`")))?;
        let mut state = crate::engine::map::setup::initial_state(&data, &mission, seed, options)?;
        if !top.is_empty() {
            state.deck.put_on_top(top);
        }
        let mut game = Game {
            data,
            helicopters: mission.helicopters(),
            mission: Arc::new(mission),
            state,
            log: Vec::new(),
            undo: Default::default(),
            renamed: Vec::new(),
        };
        announce(&mut game);
        Ok(game)
    }

    /// Runs a prepared initial state (a reattempt's, 11.1) until the first
    /// decision.
    pub fn start_from(data: Arc<DataSet>, state: State) -> Result<Game, SetupError> {
        let mut game = Game::from_state(data, state)?;
        announce(&mut game);
        game.run();
        Ok(game)
    }

    /// Like [`Game::new`], but the first action cards drawn after setup are
    /// `top`, in order: rule tests arrange known card sequences with it.
    pub fn new_stacked(
        data: Arc<DataSet>,
        mission_id: &str,
        seed: u64,
        options: Options,
        top: &[crate::engine::kernel::deck::Card],
    ) -> Result<Game, SetupError> {
        let mut game = Game::set_up(data, mission_id, seed, options, top)?;
        game.run();
        Ok(game)
    }

    pub fn prompt(&self) -> Prompt {
        let kind = self.mission.kind;
        let decision = if self.is_over() {
            Decision::MissionOver
        } else if let Some(c) = self.state.choices.first() {
            Decision::Choose(c.clone())
        } else if let Some(imp) = &self.state.impulse {
            Decision::Orders {
                hq: imp.hq,
                left: imp.left(),
                spent: imp.spent,
                available: imp.available,
            }
        } else {
            Decision::ChooseHq {
                candidates: self.hq_candidates(self.state.step),
                vehicles: crate::engine::command::vehicle_hqs::candidates(self, self.state.step),
            }
        };
        let rule = match &decision {
            Decision::Choose(c) => crate::engine::turn::choices::question(self, c).0,
            _ => self.state.step.rule(kind),
        };
        Prompt {
            turn: self.state.turn,
            step: self.state.step,
            rule,
            decision,
        }
    }

    /// The program's suggested answer when the rules put a question to the
    /// player (it comes first among the legal inputs too).
    pub fn suggestion(&self) -> Option<Input> {
        crate::engine::turn::choices::suggestion(self)
    }

    /// Every input the engine accepts now, in a stable order.
    pub fn legal_inputs(&self) -> Vec<Input> {
        if self.is_over() {
            return Vec::new();
        }
        if !self.state.choices.is_empty() {
            return crate::engine::turn::choices::legal(self);
        }
        match &self.state.impulse {
            Some(_) => {
                let legal = crate::engine::turn::menu::legal_orders(self);
                let mut skilled = Vec::new();
                crate::engine::turn::skilled::legal(self, &legal, &mut skilled);
                // Room for the orders, the skilled ones, and a few drops
                // and the end of the impulse after them.
                let mut v: Vec<Input> = Vec::with_capacity(legal.len() + skilled.len() + 16);
                v.extend(legal.into_iter().map(Input::Order));
                v.extend(skilled);
                for (carrier, casualty) in &self.state.carried {
                    v.push(Input::Drop {
                        carrier: *carrier,
                        casualty: *casualty,
                    });
                }
                for u in self.friendly() {
                    if u.pos.is_staging() {
                        continue;
                    }
                    if u.cargo.is_some() {
                        v.push(Input::DropItem {
                            unit: u.id,
                            asset: None,
                        });
                    }
                    for i in 0..u.assets.len() {
                        v.push(Input::DropItem {
                            unit: u.id,
                            asset: Some(i),
                        });
                    }
                }
                v.push(Input::EndImpulse);
                v
            }
            None => self
                .hq_candidates(self.state.step)
                .into_iter()
                .map(Input::ChooseHq)
                .chain(
                    crate::engine::command::vehicle_hqs::candidates(self, self.state.step)
                        .into_iter()
                        .map(Input::ChooseVehicleHq),
                )
                .collect(),
        }
    }

    /// Applies one input. An illegal input changes nothing and says why.
    /// Returns the events it caused (including the automatic play that
    /// followed, up to the next decision).
    pub fn apply(&mut self, input: &Input) -> Result<Vec<Event>, Illegal> {
        let start = self.log.len();
        self.apply_logged(input)?;
        Ok(self.log[start..].to_vec())
    }

    /// Applies one input like [`Game::apply`], leaving its events in the
    /// log without returning a copy of them (for bots and replays).
    pub fn apply_logged(&mut self, input: &Input) -> Result<(), Illegal> {
        if self.is_over() {
            return Err(Illegal::new(self, Turn::Over));
        }
        let start = self.log.len();
        let impulse = self.impulse_now();
        self.act(input)?;
        self.undo.giving(impulse);
        self.state.counters.inputs += 1;
        self.run();
        self.undo.saw(&self.log[start..]);
        Ok(())
    }

    /// Applies one input like [`Game::apply`] but stops before the
    /// automatic play that follows it; [`Game::advance`] then runs that play
    /// one piece at a time (learn mode and the replay viewer stop between
    /// them). Calling `advance` until it returns `None` leaves exactly the
    /// game `apply` would.
    pub fn apply_held(&mut self, input: &Input) -> Result<Vec<Event>, Illegal> {
        if self.is_over() {
            return Err(Illegal::new(self, Turn::Over));
        }
        let start = self.log.len();
        let impulse = self.impulse_now();
        self.act(input)?;
        self.undo.giving(impulse);
        self.state.counters.inputs += 1;
        crate::engine::vehicles::transport::settle(self);
        self.undo.saw(&self.log[start..]);
        Ok(self.log[start..].to_vec())
    }

    /// Runs one piece of the automatic play: a step of the turn begun (its
    /// automatic work done: events, activity checks, combat...) or left for
    /// the next, an impulse handed out. Returns its events, or `None` when
    /// the game waits for the player (or the mission is over). A piece that
    /// only moved the turn on (a step with no impulse left, ended) says
    /// nothing: it joins the next, so that no stop of learn mode or the
    /// viewer is an empty page (learn mode showed a step twice, once with
    /// "nothing happens here").
    pub fn advance(&mut self) -> Option<Vec<Event>> {
        let start = self.log.len();
        let mut went_on = false;
        loop {
            let more = self.run_once();
            went_on |= more;
            if !more || self.log.len() > start {
                break;
            }
        }
        // A step begun whose impulses the player orders reports its events
        // before waiting.
        self.undo.saw(&self.log[start..]);
        if went_on || self.log.len() > start {
            Some(self.log[start..].to_vec())
        } else {
            None
        }
    }

    /// The input's own effect, checked, without the automatic play that
    /// follows it. [`crate::engine::turn::forecast`] trial-runs inputs with it.
    pub(crate) fn act(&mut self, input: &Input) -> Result<(), Illegal> {
        // The chain of command before an order of an impulse, or an answer
        // to a question it put: the links it cuts or makes are logged
        // (4.3). Ending an impulse moves no unit.
        let orders = matches!(input, Input::Order(_) | Input::Skilled { .. })
            || !self.state.choices.is_empty();
        let links = (orders && self.state.impulse.is_some())
            .then(|| crate::engine::orders::comms::chain_links(self));
        let done = self.act_only(input);
        if let (Ok(()), Some(links)) = (&done, links) {
            crate::engine::orders::comms::note_links(self, &links);
        }
        done
    }

    fn act_only(&mut self, input: &Input) -> Result<(), Illegal> {
        if !self.state.choices.is_empty() || matches!(input, Input::Answer(_)) {
            crate::engine::turn::choices::answer(self, input)?;
            self.end_impulse_of_a_gone_hq();
            crate::engine::enemy::activity::update(self);
            return Ok(());
        }
        match input {
            Input::Order(order) => {
                if self.state.impulse.is_none() {
                    return Err(Illegal::new(self, Turn::NoImpulse));
                }
                crate::engine::turn::menu::check(self, order)?;
                crate::engine::turn::menu::execute(self, order);
            }
            Input::EndImpulse => {
                if self.state.impulse.is_none() {
                    return Err(Illegal::new(self, Turn::NotInImpulse));
                }
                self.end_impulse();
            }
            Input::Skilled {
                holder,
                skill,
                order,
            } => {
                if self.state.impulse.is_none() {
                    return Err(Illegal::new(self, Turn::NoImpulse));
                }
                if self.state.get(*holder).is_none() {
                    return Err(Illegal::new(self, Turn::NoUnit { unit: *holder }));
                }
                crate::engine::turn::skilled::check_skilled(self, *holder, *skill, order)?;
                crate::engine::turn::skilled::execute_skilled(self, *holder, *skill, order);
            }
            Input::UseSkill {
                holder,
                skill,
                unit,
                team,
            } => {
                crate::engine::orders::skills::check_use(self, *holder, *skill, *unit, *team)?;
                crate::engine::orders::skills::use_skill(self, *holder, *skill, *unit, *team);
            }
            Input::ChooseHq(id) => {
                if self.state.get(*id).is_none() {
                    return Err(Illegal::new(self, Turn::NoUnit { unit: *id }));
                }
                if self.state.impulse.is_some() {
                    return Err(Illegal::new(self, Turn::ImpulseUnderway));
                }
                let c = self.hq_candidates(self.state.step);
                if !c.contains(id) {
                    return Err(Illegal::new(
                        self,
                        Turn::NoImpulseToTake {
                            hq: *id,
                            step: self.state.step,
                        },
                    ));
                }
                self.start_impulse_for(*id);
            }
            Input::ChooseVehicleHq(v) => {
                let Some(x) = self.state.vehicles.get(v.0 as usize) else {
                    return Err(Illegal::new(self, Turn::NoVehicle { vehicle: *v }));
                };
                if self.state.impulse.is_some() {
                    return Err(Illegal::new(self, Turn::ImpulseUnderway));
                }
                let c = crate::engine::command::vehicle_hqs::candidates(self, self.state.step);
                if !c.contains(v) {
                    let why = if x.command.is_none() {
                        Turn::NotVehicleHq { vehicle: *v }
                    } else {
                        Turn::VehicleHqNoImpulse {
                            vehicle: *v,
                            step: self.state.step,
                        }
                    };
                    return Err(Illegal::new(self, why));
                }
                crate::engine::command::vehicle_hqs::start_impulse(self, *v);
            }
            Input::DropItem { unit, asset } => {
                if self.state.impulse.is_none() {
                    return Err(Illegal::new(self, Turn::ItemsInImpulse));
                }
                let u = match self.state.get(*unit) {
                    Some(u) if u.in_play() && u.side == Side::Us => u,
                    _ => {
                        return Err(Illegal::new(self, Turn::NotFriendlyInPlay { unit: *unit }));
                    }
                };
                if u.pos.is_staging() {
                    return Err(Illegal::new(self, Turn::ItemsOnMap));
                }
                let ok = match asset {
                    None => u.cargo.is_some(),
                    Some(i) => *i < u.assets.len(),
                };
                if !ok {
                    return Err(Illegal::new(self, Turn::NotCarryingThat { unit: *unit }));
                }
                self.drop_item(*unit, *asset);
            }
            Input::Answer(_) => {
                return Err(Illegal::new(self, Turn::NoQuestion));
            }
            Input::Drop { carrier, casualty } => {
                if self.state.get(*carrier).is_none() || self.state.get(*casualty).is_none() {
                    return Err(Illegal::new(self, Turn::NoSuchUnit));
                }
                if self.state.impulse.is_none() {
                    return Err(Illegal::new(self, Turn::CasualtiesInImpulse));
                }
                if !self.state.carried.contains(&(*carrier, *casualty)) {
                    return Err(Illegal::new(
                        self,
                        Turn::NotCarrying {
                            carrier: *carrier,
                            casualty: *casualty,
                        },
                    ));
                }
                self.drop_casualty(*carrier, *casualty);
            }
        }
        self.end_impulse_of_a_gone_hq();
        crate::engine::enemy::activity::update(self);
        Ok(())
    }

    /// Decision (4.1.3 with 10.2.2): an HQ or staff that leaves play during
    /// its own impulse (the XO or first sergeant becoming a platoon HQ, a
    /// step of it becoming a runner that empties it...) can give no more
    /// orders: its impulse ends at once and the commands it had left are
    /// lost, none saved.
    fn end_impulse_of_a_gone_hq(&mut self) {
        let Some(imp) = self.state.impulse.as_ref() else {
            return;
        };
        let gone = match (imp.hq, imp.vehicle) {
            (Some(hq), _) => !self.state.unit(hq).in_play(),
            (None, Some(v)) => !self.state.vehicles[v.0 as usize].in_play(),
            (None, None) => false,
        };
        if !gone {
            return;
        }
        let who = crate::engine::kernel::events::Commander::of(imp);
        if let Some(imp) = &mut self.state.impulse {
            imp.can_save = false;
        }
        self.say(
            "4.1.3",
            EventKind::Nothing {
                why: Quiet::TheHqLeftPlay { who },
            },
            Vec::new(),
        );
        self.end_impulse();
    }

    /// Runs automatic play until a decision is needed or the mission ends.
    pub(crate) fn run(&mut self) {
        // A generous bound: no turn has this many automatic steps.
        for _ in 0..10_000 {
            if !self.run_once() {
                return;
            }
        }
    }

    /// One piece of the automatic play (see [`Game::advance`]); `false`
    /// when a decision is reached.
    fn run_once(&mut self) -> bool {
        let went_on = self.run_piece();
        crate::engine::vehicles::transport::settle(self);
        // 9.1: the level follows the map; whatever a piece changed (a
        // prisoner taken, a barrage, a unit withdrawn) shows in it.
        if went_on && self.state.step != Step::MissionEnd {
            crate::engine::enemy::activity::update(self);
        }
        went_on
    }

    fn run_piece(&mut self) -> bool {
        if self.state.step == Step::MissionEnd {
            return false;
        }
        if self.state.impulse.is_some() || !self.state.choices.is_empty() {
            return false;
        }
        if self.state.step == Step::Setup {
            begin_first_turn(self);
            return true;
        }
        if !self.state.step_begun {
            self.state.step_begun = true;
            let step = self.state.step;
            self.say(
                step.rule(self.mission.kind),
                EventKind::StepBegins { step },
                Vec::new(),
            );
            self.enter_step(step);
            if self.state.impulse.is_some()
                || self.state.step == Step::MissionEnd
                || !self.state.choices.is_empty()
            {
                return true;
            }
        }
        // Steps with impulses to hand out.
        let candidates = self.hq_candidates(self.state.step);
        let vehicles = crate::engine::command::vehicle_hqs::candidates(self, self.state.step);
        match candidates.len() + vehicles.len() {
            0 => {
                if self.state.step == Step::GeneralInitiative && !self.state.general_done {
                    self.start_general_initiative();
                    return true;
                }
                self.next_step();
                true
            }
            1 => {
                match (candidates.first(), vehicles.first()) {
                    (Some(&hq), _) => self.start_impulse_for(hq),
                    (None, Some(&v)) => crate::engine::command::vehicle_hqs::start_impulse(self, v),
                    (None, None) => {}
                }
                true
            }
            _ => false, // the player chooses the order
        }
    }

    fn next_step(&mut self) {
        let kind = self.mission.kind;
        match next_in_turn(kind, self.state.step) {
            Some(s) => {
                self.state.step = s;
                self.state.step_begun = false;
            }
            None => self.next_turn(),
        }
    }

    fn next_turn(&mut self) {
        if self.state.turn >= self.mission.turns {
            self.finish_mission();
            return;
        }
        self.state.turn += 1;
        for h in &mut self.state.hqs {
            h.activated = false;
            h.done = false;
        }
        crate::engine::command::vehicle_hqs::new_turn(self);
        self.state.general_done = false;
        self.state.tasking = None;
        let turn = self.state.turn;
        self.state.step = next_in_turn(self.mission.kind, Step::Setup).unwrap_or(Step::CleanUp);
        self.state.step_begun = false;
        self.say("3.0", EventKind::TurnBegins { turn }, Vec::new());
        self.cap_saved_commands();
        crate::engine::vehicles::heli::planning_phase(self);
    }

    /// 8.1: when the light fails (dusk, night), an HQ keeps no more saved
    /// commands than the limited-visibility limit of its experience; the
    /// rest are lost as the turn begins. Decision: the rule gives the lower
    /// limit without saying when it bites; it bites as soon as the lower
    /// limit holds, at the start of the first turn under it, so that no
    /// HQ ever holds more than its limit.
    fn cap_saved_commands(&mut self) {
        use crate::engine::kernel::events::Commander;
        let mut lost: Vec<(Commander, u8, u8)> = Vec::new();
        for i in 0..self.state.hqs.len() {
            let h = &self.state.hqs[i];
            let limit = self.save_limit(h.unit);
            if h.saved > limit {
                lost.push((Commander::Unit(h.unit), h.saved, limit));
                self.state.hqs[i].saved = limit;
            }
        }
        let limit = self.save_limit_of(crate::engine::vehicles::radio::HQ_EXPERIENCE);
        for x in &mut self.state.vehicles {
            if let Some(c) = &mut x.command
                && c.saved > limit
            {
                lost.push((Commander::Vehicle(x.id), c.saved, limit));
                c.saved = limit;
            }
        }
        for (who, had, keep) in lost {
            self.say(
                "8.1",
                EventKind::Nothing {
                    why: Quiet::SavedCommandsOverTheLimit { who, had, keep },
                },
                Vec::new(),
            );
        }
    }

    /// Decides the mission's outcome at its end by its success conditions
    /// (11.0) and tallies the experience it earned (10.3.1).
    pub(crate) fn finish_mission(&mut self) {
        let outcome = crate::engine::recovery::victory::outcome(self);
        let tally = crate::engine::recovery::victory::tally(self);
        self.state.tally = Some(tally);
        self.say(
            "10.3.1",
            EventKind::Nothing {
                why: Quiet::Experience,
            },
            Vec::new(),
        );
        self.state.outcome = Some(outcome.clone());
        self.state.step = Step::MissionEnd;
        self.state.step_begun = true;
        self.say(
            "11.0",
            EventKind::MissionEnds {
                outcome: match outcome {
                    Outcome::Success => Ending::Success,
                    Outcome::Failure(_) => Ending::Failure,
                },
            },
            Vec::new(),
        );
    }

    fn enter_step(&mut self, step: Step) {
        match step {
            Step::Setup => {}
            Step::FriendlyHigherHq => crate::engine::turn::phases::higher_hq_check(self, true),
            Step::EnemyHigherHq => crate::engine::turn::phases::higher_hq_check(self, false),
            Step::EnemyActivity => crate::engine::turn::phases::enemy_activity(self),
            Step::BnHqImpulse => self.bn_hq_impulse(),
            Step::CoHqImpulse => crate::engine::command::runners::runner_arrivals(self),
            Step::ActivatedImpulses
            | Step::CoHqInitiative
            | Step::PltHqInitiative
            | Step::StaffInitiative
            | Step::GeneralInitiative => {}
            Step::CaptureRetreat => crate::engine::combat::capture::capture_retreat(self),
            Step::VehicleAircraft => crate::engine::vehicles::phase::begin(self),
            Step::VofSegment => crate::engine::turn::phases::vof_segment(self),
            Step::CombatEffects => crate::engine::turn::phases::combat_effects(self),
            Step::CleanUp => crate::engine::turn::phases::clean_up(self),
            Step::MissionEnd => {}
        }
    }

    /// The HQs or staff that still have an impulse in this step, in id
    /// order.
    pub fn hq_candidates(&self, step: Step) -> Vec<UnitId> {
        let s = &self.state;
        let co = s.co_hq().map(|u| u.id);
        let pending = |u: &Unit| s.hq_state(u.id).is_some_and(|h| !h.done);
        let activated = |u: &Unit| s.hq_state(u.id).is_some_and(|h| h.activated);
        let is_plt = |u: &Unit| u.kind == UnitKind::Hq && u.hq.is_some() && u.hq == co;
        let us = s
            .in_play()
            .filter(|u| u.side == Side::Us && u.is_hq_or_staff());
        let mut v: Vec<UnitId> = match step {
            Step::BnHqImpulse => s
                .in_play()
                .filter(|u| u.kind == UnitKind::HigherStaff && !u.pos.is_staging())
                .filter(|u| pending(u))
                .take(1)
                .map(|u| u.id)
                .collect(),
            Step::CoHqImpulse => us
                .filter(|u| Some(u.id) == co && activated(u) && pending(u) && !u.flipped)
                .map(|u| u.id)
                .collect(),
            Step::ActivatedImpulses => us
                .filter(|u| (is_plt(u) || u.kind == UnitKind::Staff) && activated(u) && pending(u))
                .map(|u| u.id)
                .collect(),
            Step::CoHqInitiative => us
                .filter(|u| Some(u.id) == co && !activated(u) && pending(u))
                .map(|u| u.id)
                .collect(),
            // 3.3.2 B-C: the PLT HQs and staff not activated in the
            // Activation Segment; those the CO HQ activated on initiative
            // (3.3.2 A) take their impulse here with activated commands.
            Step::PltHqInitiative => us
                .filter(|u| is_plt(u) && pending(u))
                .map(|u| u.id)
                .collect(),
            Step::StaffInitiative => us
                .filter(|u| u.kind == UnitKind::Staff && pending(u))
                .map(|u| u.id)
                .collect(),
            _ => Vec::new(),
        };
        v.sort();
        v.dedup();
        v
    }

    /// 3.3.1 A: an on-map battalion HQ gets its commands in its own impulse
    /// (through `hq_candidates`); otherwise the CO HQ is activated when it
    /// is in communication with the battalion.
    fn bn_hq_impulse(&mut self) {
        let bn_on_map = self
            .state
            .in_play()
            .any(|u| u.kind == UnitKind::HigherStaff && !u.pos.is_staging());
        if bn_on_map {
            return;
        }
        let Some(co) = self.state.co_hq().map(|u| u.id) else {
            self.say(
                "3.3.1 A",
                EventKind::Nothing { why: Quiet::NoCoHq },
                Vec::new(),
            );
            return;
        };
        if self.state.unit(co).flipped {
            self.say(
                "4.1.4",
                EventKind::Nothing {
                    why: Quiet::CoHqOnItsFireTeamSide,
                },
                Vec::new(),
            );
            return;
        }
        if crate::engine::orders::comms::co_in_contact_with_bn(self) {
            if let Some(h) = self.state.hq_state_mut(co) {
                h.activated = true;
            }
            self.say(
                "3.3.1 A",
                EventKind::Activated {
                    hq: co,
                    how: Activation::Battalion,
                },
                Vec::new(),
            );
        } else {
            self.say(
                "4.1.1",
                EventKind::Nothing {
                    why: Quiet::NoCommunicationWithBattalion,
                },
                Vec::new(),
            );
        }
    }

    /// Starts the impulse of an HQ or staff in the current step: draws its
    /// commands with the modifiers of 4.1.2, adds what it saved.
    pub(crate) fn start_impulse_for(&mut self, hq: UnitId) {
        let step = self.state.step;
        let saved = self.state.hq_state(hq).map(|h| h.saved).unwrap_or(0);
        let spend_max = self.spend_max();
        if self.state.unit(hq).kind == UnitKind::HigherStaff {
            // 4.1.1: the battalion HQ gets the maximum and cannot save.
            let c = &self.data.charts.commands;
            let n = if self.limited_visibility() {
                c.bn_hq_night
            } else {
                c.bn_hq_day
            };
            self.open_impulse(Some(hq), n, false, spend_max);
            self.say(
                "4.1.1",
                EventKind::Commands {
                    hq: Some(hq),
                    drawn: n,
                    modifier: 0,
                    total: n,
                    saved: 0,
                    from: CommandsFrom::Battalion,
                },
                Vec::new(),
            );
            return;
        }
        let activated = matches!(step, Step::CoHqImpulse | Step::ActivatedImpulses)
            || self.state.hq_state(hq).is_some_and(|h| h.activated);
        if step == Step::StaffInitiative && !activated {
            // 3.3.2 C: one command, no draw.
            let total = 1 + saved;
            self.open_impulse(Some(hq), total, true, spend_max);
            self.say(
                "3.3.2 C",
                EventKind::Commands {
                    hq: Some(hq),
                    drawn: 1,
                    modifier: 0,
                    total,
                    saved,
                    from: CommandsFrom::OwnInitiative,
                },
                Vec::new(),
            );
            return;
        }
        let drawer = crate::engine::command::draws::drawer_of(self, hq);
        let d = self.draw_commands(activated, Purpose::Commands { activated, hq }, &drawer);
        let total = d.drawn + saved;
        self.open_impulse(Some(hq), total, true, spend_max);
        let from = d.from(None);
        self.say(
            if activated { "4.1.1" } else { "3.3.2" },
            EventKind::Commands {
                hq: Some(hq),
                drawn: d.printed,
                modifier: d.modifier,
                total,
                saved,
                from,
            },
            d.reads,
        );
    }

    /// 3.3.2 D: the General Initiative impulse.
    fn start_general_initiative(&mut self) {
        let (cards, reads) = self.draw(1, Section::Initiative, Purpose::GeneralInitiative);
        let printed = cards
            .first()
            .and_then(|&c| self.card(c))
            .map(|c| c.initiative)
            .unwrap_or(0);
        let n = if self.mission.kind == MissionKind::Patrol {
            printed / 2
        } else {
            printed
        };
        let spend_max = self.spend_max();
        self.open_impulse(None, n, false, spend_max);
        let from = CommandsFrom::General {
            card: cards.first().copied().unwrap_or(0),
            halved: self.mission.kind == MissionKind::Patrol,
        };
        self.say(
            "3.3.2 D",
            EventKind::Commands {
                hq: None,
                drawn: printed,
                modifier: 0,
                total: n,
                saved: 0,
                from,
            },
            reads,
        );
    }

    fn open_impulse(&mut self, hq: Option<UnitId>, available: u8, can_save: bool, spend_max: u8) {
        self.state.impulse = Some(Impulse::open(hq, available, can_save, spend_max));
        if let Some(h) = hq
            && let Some(st) = self.state.hq_state_mut(h)
        {
            st.saved = 0;
        }
    }
}

impl Game {
    /// 11.1: the next attempt at a failed mission, on the ground the last
    /// one left (see the module's notes), with a new seed.
    pub fn reattempt(data: Arc<DataSet>, prev: &State, seed: u64) -> Result<Game, SetupError> {
        let state = crate::engine::recovery::reattempt::state(&data, prev, seed)?;
        Game::start_from(data, state)
    }
}

/// Logs the setup.
pub fn announce(game: &mut Game) {
    game.say("2.2", EventKind::Setup, Vec::new());
    // 5.2: on a face-down map, the cards in the LOS of units that start on
    // the map are revealed before play.
    crate::engine::map::reveal::reveal_around(game);
    // Units in sight of each other at the start open fire (6.1.1).
    crate::engine::combat::engage::update(game);
    crate::engine::enemy::activity::update(game);
    // The set-up's questions (2.3.2, 2.4.1 B, 11.4) are answered before
    // turn 1 begins.
    game.state.step = Step::Setup;
    game.state.step_begun = true;
    if game.state.choices.is_empty() {
        begin_first_turn(game);
    }
}

/// Turn 1 begins once the set-up is done (3.0).
fn begin_first_turn(game: &mut Game) {
    let kind = game.mission.kind;
    game.state.step =
        crate::engine::kernel::sequence::next_in_turn(kind, Step::Setup).unwrap_or(Step::CleanUp);
    game.state.step_begun = false;
    game.say("3.0", EventKind::TurnBegins { turn: 1 }, Vec::new());
}
