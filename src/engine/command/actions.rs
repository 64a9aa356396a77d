//! Command & control actions (4.2.1): activation, exhortation,
//! pyrotechnics, reconstituting HQs, runners, phone lines, new controls.

use crate::data::action::Experience;
use crate::data::mission::{Evacuation, Pyro};
use crate::data::units::{Side, UnitKind};
use crate::engine::combat::actions as combat;
use crate::engine::kernel::events::{EventKind, Needed};
use crate::engine::kernel::events::{MarkerKind, StatusChange};
use crate::engine::kernel::game::{Game, Illegal};
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::input::{Action, Order};
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::purpose::Purpose;
use crate::engine::kernel::sequence::Step;
use crate::engine::kernel::state::{
    Asset, FailedAttempt, PointControl, RunnerTask, SmokeKind, Unit,
};
use crate::engine::kernel::why::Command;
use crate::engine::kernel::words::why::refuse;
use crate::engine::movement::actions as movement;
use crate::engine::orders::chain::can_order;
use crate::engine::orders::wanted::Wanted;
use crate::engine::recovery::rally;
use crate::engine::vehicles::lz;

/// At most two runners in play (4.3.2).
pub const MAX_RUNNERS: usize = 2;

fn is_co(game: &Game, id: UnitId) -> bool {
    game.state.co_hq().is_some_and(|c| c.id == id)
}

fn runners_in_play(game: &Game) -> usize {
    game.friendly()
        .filter(|u| u.kind == UnitKind::Runner)
        .count()
}

/// Aerial devices may burst over an adjacent card (4.3.6).
pub fn aerial(p: Pyro) -> bool {
    matches!(
        p,
        Pyro::RedStarParachute
            | Pyro::GreenStarParachute
            | Pyro::RedStarCluster
            | Pyro::GreenStarCluster
            | Pyro::HandFlare
    )
}

fn has_pyro(u: &Unit, p: Pyro) -> bool {
    u.assets
        .iter()
        .any(|a| matches!(a, Asset::Pyro(d, n) if *d == p && *n > 0))
}

pub fn check(game: &Game, by: Option<UnitId>, action: &Action) -> Result<(), Illegal> {
    // 13.3: with communications abstracted, runners, radio nets, field
    // phones and signal pyrotechnics are set aside. Decision: smoke, white
    // phosphorus and tear gas grenades and hand flares are not means of
    // communication and stay.
    if game.state.options.abstract_comms {
        let set_aside = match action {
            Action::CreateRunner { .. }
            | Action::DispatchRunner { .. }
            | Action::DismissRunner { .. }
            | Action::SwitchNet { .. }
            | Action::RepairLine { .. } => true,
            Action::DeployPyro { device, .. } => device.is_signal(),
            _ => false,
        };
        if set_aside {
            return refuse(game, Command::CommsAbstracted);
        }
    }
    match action {
        Action::Activate { hq } => {
            let Some(b) = by else {
                return refuse(game, Command::InitiativeCannotActivate);
            };
            // Decision (3.3.2 A-C, 4.2.1 a): the CO HQ on initiative spends
            // its commands "just as in the command Impulses during the
            // Activation Segment", and 3.3.2 C forbids only the CO staff's
            // initiative commands to activate PLT HQs; so the CO HQ's
            // initiative impulse (3.3.2 A) may activate PLT HQs and CO
            // staff, which then draw activated commands in their own
            // impulses (3.3.2 B-C). Later initiative impulses activate no
            // one: every PLT HQ impulse is over by the staff's.
            let activating_step = match game.state.step {
                Step::BnHqImpulse | Step::CoHqImpulse | Step::ActivatedImpulses => true,
                Step::CoHqInitiative => is_co(game, b),
                _ => false,
            };
            if !activating_step {
                return refuse(game, Command::ActivateWhen);
            }
            can_order(game, by, *hq)?;
            let h = game.state.unit(*hq);
            let o = game.state.unit(b);
            if *hq == b {
                return refuse(game, Command::ActivateSelf);
            }
            if !o.can_command_others() || !h.can_command_others() {
                return refuse(game, Command::ActivateCommandSides);
            }
            let subordinate = match o.kind {
                UnitKind::HigherStaff => is_co(game, *hq),
                _ if is_co(game, b) => {
                    h.hq == Some(b) && matches!(h.kind, UnitKind::Hq | UnitKind::Staff)
                }
                // 4.0: the platoon HQs are subordinate to the CO staff too;
                // 3.3.2 C forbids only its initiative commands to activate
                // them (refused above, outside the Activation Segment).
                UnitKind::Staff => crate::engine::kernel::units::is_plt_hq(game, *hq),
                _ => false,
            };
            if !subordinate {
                return refuse(game, Command::NotDirectlyUnder { hq: *hq, by: b });
            }
            if game.state.hq_state(*hq).is_some_and(|s| s.activated) {
                return refuse(game, Command::AlreadyActivated { hq: *hq });
            }
            Ok(())
        }
        Action::Exhort { unit } => {
            if by.is_none() {
                return refuse(game, Command::ExhortByHq);
            }
            let Some(imp) = &game.state.impulse else {
                return refuse(game, Command::NoImpulse);
            };
            let Some(f) = imp.exhortable.iter().find(|f| f.unit == *unit) else {
                return refuse(game, Command::ExhortNoFailure);
            };
            if matches!(f.order.action, Action::RemovePin { .. }) {
                // 4.3.1 (digest): a pinned unit hears orders to unpin.
                return crate::engine::orders::chain::can_order_to_unpin(game, by, *unit);
            }
            can_order(game, by, *unit)
        }
        Action::DeployPyro { unit, device, at } => {
            can_order(game, by, *unit)?;
            let u = game.state.unit(*unit);
            if !u.good_order() {
                return refuse(game, Command::PyroGoodOrder);
            }
            if !has_pyro(u, *device) {
                return refuse(
                    game,
                    Command::NoPyro {
                        unit: *unit,
                        device: *device,
                    },
                );
            }
            if u.pos.is_staging() {
                return refuse(game, Command::PyroOffMap);
            }
            let ok = *at == u.pos || (aerial(*device) && u.pos.adjacent(*at));
            if !ok || game.state.map.card(*at).is_none() {
                return refuse(game, Command::PyroWhere);
            }
            Ok(())
        }
        Action::ReconstitutePltHq { from, plt } => {
            let Some(b) = by else {
                return refuse(game, Command::HqMustOrder);
            };
            let o = game.state.unit(b);
            if !(is_co(game, b) || o.kind == UnitKind::Staff) {
                return refuse(game, Command::PltHqRebuiltBy);
            }
            can_order(game, by, *from)?;
            let h = game.state.unit(*plt);
            if h.side != Side::Us || h.kind != UnitKind::Hq || h.hq.is_none() {
                return refuse(game, Command::NotPltHq { plt: *plt });
            }
            if h.in_play() {
                return refuse(game, Command::PltHqInPlay);
            }
            let u = game.state.unit(*from);
            // 10.2.2: the XO, the first sergeant, or any Good Order step of
            // that platoon may stand in.
            let staff = u.kind == UnitKind::Staff && !u.flipped && !u.pinned;
            if staff {
                return Ok(());
            }
            if !u.good_order()
                || u.is_hq_or_staff()
                || matches!(u.kind, UnitKind::Runner | UnitKind::Porter)
            {
                return refuse(game, Command::NotPlatoonUnit { unit: *from });
            }
            if u.platoon != Some(*plt) {
                return refuse(game, Command::NotOfPlatoon { unit: *from });
            }
            Ok(())
        }
        Action::ReconstituteCoHq { from } => {
            let Some(b) = by else {
                return refuse(game, Command::HqMustOrder);
            };
            let o = game.state.unit(b);
            if !matches!(o.kind, UnitKind::HigherStaff | UnitKind::Staff) {
                return refuse(game, Command::CoHqRebuiltBy);
            }
            if game.state.co_hq().is_some() {
                return refuse(game, Command::CoHqInPlay);
            }
            // 4.2.1 e names the staff as originators with the successor as
            // recipient, a fellow staff officer included (an exception to
            // 4.0): communication is all the order needs from them.
            if o.kind == UnitKind::Staff && b != *from {
                if !crate::engine::orders::comms::in_communication(game, b, *from) {
                    return refuse(game, crate::engine::orders::comms::no_link(game, b, *from));
                }
            } else {
                can_order(game, by, *from)?;
            }
            let eligible = co_successors(game);
            match eligible.first() {
                Some(_) if eligible.contains(from) => Ok(()),
                Some(s) if eligible.len() == 1 => {
                    refuse(game, Command::PrecedenceFirst { first: *s })
                }
                Some(_) => refuse(
                    game,
                    Command::PrecedenceOnly {
                        eligible: eligible.into_boxed_slice(),
                    },
                ),
                None => refuse(game, Command::NoSuccessor),
            }
        }
        Action::CreateRunner { from } => {
            let Some(b) = by else {
                return refuse(game, Command::CoCreatesRunners);
            };
            if !is_co(game, b) {
                return refuse(game, Command::OnlyCoCreatesRunners);
            }
            can_order(game, by, *from)?;
            let u = game.state.unit(*from);
            if !(u.good_order()
                || (!u.pinned && matches!(u.kind, UnitKind::AssaultTeam | UnitKind::FireTeam)))
            {
                return refuse(game, Command::RunnerFrom);
            }
            if u.is_hq_or_staff() || matches!(u.kind, UnitKind::Runner | UnitKind::Porter) {
                return refuse(game, Command::RunnerNotFrom);
            }
            if runners_in_play(game) >= MAX_RUNNERS {
                return refuse(game, Command::TwoRunners);
            }
            Ok(())
        }
        Action::DispatchRunner { runner, to } => {
            let Some(b) = by else {
                return refuse(game, Command::CoDispatchesRunners);
            };
            if !is_co(game, b) {
                return refuse(game, Command::OnlyCoDispatchesRunners);
            }
            let r = game.state.unit(*runner);
            if r.kind != UnitKind::Runner || !r.good_order() || !r.in_play() {
                return refuse(game, Command::NotRunner { runner: *runner });
            }
            if game.state.runners.iter().any(|t| t.runner == *runner) {
                return refuse(game, Command::RunnerOnErrand);
            }
            let t = game.state.unit(*to);
            let plt = crate::engine::kernel::units::is_plt_hq(game, *to);
            if !(t.in_play()
                && t.side == Side::Us
                && (plt || t.kind == UnitKind::Staff)
                && !t.pos.is_staging())
            {
                return refuse(game, Command::RunnerTo { to: *to });
            }
            if t.pos != r.pos
                && game.state.steps_at(t.pos, Side::Us) + r.steps > game.data.charts.stacking.steps
            {
                return refuse(game, Command::CardFull { pos: t.pos });
            }
            Ok(())
        }
        Action::DismissRunner { runner, into } => {
            let Some(b) = by else {
                return refuse(game, Command::CoDismissesRunners);
            };
            if !is_co(game, b) {
                return refuse(game, Command::OnlyCoDismissesRunners);
            }
            let r = game.state.unit(*runner);
            if r.kind != UnitKind::Runner || !r.good_order() || !r.in_play() {
                return refuse(game, Command::NotRunner { runner: *runner });
            }
            let co_pos = game.state.unit(b).pos;
            let i = game.state.unit(*into);
            if r.pos != co_pos || i.pos != co_pos {
                return refuse(game, Command::DismissShareCard);
            }
            let full = i.type_in(&game.data).map(|t| t.steps).unwrap_or(1);
            if !i.good_order() || i.kind != UnitKind::Squad || i.steps >= full || i.side != Side::Us
            {
                return refuse(game, Command::CannotAbsorb { unit: *into });
            }
            Ok(())
        }
        Action::SwitchNet { unit, to } => {
            can_order(game, by, *unit)?;
            match switchable(game, *unit, *to) {
                Some(_) => Ok(()),
                None => refuse(
                    game,
                    Command::NoSetForNet {
                        unit: *unit,
                        net: *to,
                    },
                ),
            }
        }
        Action::RepairLine { unit } => {
            // Decision: under General Initiative, which needs no
            // originator, the rule that the HQ stand on the card is waived.
            can_order(game, by, *unit)?;
            let u = game.state.unit(*unit);
            if !u.good_order() {
                return refuse(game, Command::RepairGoodOrder);
            }
            if let Some(b) = by
                && game.state.unit(b).pos != u.pos
            {
                return refuse(game, Command::RepairHqThere);
            }
            if game
                .state
                .map
                .card(u.pos)
                .and_then(|c| c.markers.phone_line)
                != Some(true)
            {
                return refuse(game, Command::NoCutLine);
            }
            Ok(())
        }
        Action::DesignateCasualtyPoint
        | Action::DesignateLandingZone
        | Action::DesignateMedevac => {
            let Some(b) = by else {
                return refuse(game, Command::HqDesignates);
            };
            let ok = is_co(game, b)
                || (crate::engine::orders::chain::patrol(game)
                    && crate::engine::kernel::units::is_plt_hq(game, b));
            if !ok {
                return refuse(game, Command::OnlyCoDesignates);
            }
            let pos = game.state.unit(b).pos;
            if pos.is_staging() {
                return refuse(game, Command::ControlsOnMap);
            }
            match action {
                Action::DesignateLandingZone => lz::check_new(game, pos),
                Action::DesignateMedevac => lz::check_medevac(game, pos),
                _ => {
                    if game.mission.evacuation == Evacuation::Medevac {
                        return refuse(game, Command::MedevacMission);
                    }
                    if game.state.map.point(PointControl::CasualtyPoint) == Some(pos) {
                        return refuse(game, Command::CasualtyPointHere);
                    }
                    Ok(())
                }
            }
        }
        _ => refuse(game, Command::NotCommandAction),
    }
}

/// The index of a set the unit carries that can take over the lost set on
/// net `to`: a radio of the same class, or a phone (4.2.1 j).
fn switchable(game: &Game, unit: UnitId, to: crate::data::mission::Net) -> Option<(usize, usize)> {
    let u = game.state.unit(unit);
    for (li, lost) in game.state.lost_assets.iter().enumerate() {
        for (ui, a) in u.assets.iter().enumerate() {
            let ok = match (lost, a) {
                (
                    Asset::Radio {
                        class: lc, net: ln, ..
                    },
                    Asset::Radio {
                        class: uc, net: un, ..
                    },
                ) => *ln == to && lc == uc && un != ln,
                (Asset::Phone { net: ln }, Asset::Phone { net: un }) => *ln == to && un != ln,
                _ => false,
            };
            if ok {
                return Some((li, ui));
            }
        }
    }
    None
}

/// 4.2.1 e: who takes over the company, in order of precedence: the XO, a
/// platoon HQ, the artillery FO, the first sergeant, any Good Order step.
/// 10.2.2: a unit higher in the order that is still in play but on its
/// fire-team side is not skipped: it must rally first, and until then no
/// one is eligible. The CO HQ being gone, a platoon HQ is any HQ that
/// answers to one.
pub fn co_successor(game: &Game) -> Option<UnitId> {
    co_successors(game).first().copied()
}

/// 4.2.1 e, 10.2.2: every unit that may take over the company now: the
/// ready members of the first tier of the order of precedence that has
/// any in play. Within a tier ("any Platoon HQ", "any Good Order step")
/// the rule names no order, so which one takes over is the player's
/// choice; the first here (by counter) is the one the program suggests.
pub fn co_successors(game: &Game) -> Vec<UnitId> {
    let f: Vec<&Unit> = game.friendly().collect();
    let tiers: [&dyn Fn(&Unit) -> bool; 4] = [
        &|u| u.unit_type.0 == "us_xo",
        &|u| u.kind == UnitKind::Hq && u.hq.is_some(),
        &|u| u.unit_type.0 == "us_fo_artillery",
        &|u| u.unit_type.0 == "us_first_sgt",
    ];
    for in_tier in tiers {
        let members: Vec<&&Unit> = f.iter().filter(|u| in_tier(u)).collect();
        if !members.is_empty() {
            return members
                .iter()
                .filter(|u| !u.flipped)
                .map(|u| u.id)
                .collect();
        }
    }
    f.iter()
        .filter(|u| {
            u.good_order()
                && !u.is_hq_or_staff()
                && !matches!(u.kind, UnitKind::Runner | UnitKind::Porter)
        })
        .map(|u| u.id)
        .collect()
}

/// Every command-family action worth checking now, as `wanted` asks (see
/// [`Wanted`]). Pruned, it leaves out reconstituting a CO HQ still in
/// play (4.2.1 e), repairing a line that is not cut (4.2.1 k), deploying a
/// signal from the staging area (4.2.1 c), dispatching a runner already on
/// an errand and dismissing one off the CO HQ's card (4.2.1 g-h).
pub(crate) fn candidates(game: &Game, wanted: &mut Wanted, out: &mut Vec<Action>) {
    let prune = wanted.prune;
    let f: Vec<&Unit> = game.friendly().collect();
    let co_pos = game.state.co_hq().map(|c| c.pos);
    let rebuild_co = !prune || co_pos.is_none();
    let lost_plt_hqs: Vec<UnitId> = game
        .state
        .units
        .iter()
        .filter(|h| h.removed && h.kind == UnitKind::Hq && h.hq.is_some() && h.side == Side::Us)
        .map(|h| h.id)
        .collect();
    for u in &f {
        let ordered = (wanted.units)(u.id);
        if u.is_hq_or_staff() {
            if ordered {
                out.push(Action::Activate { hq: u.id });
            }
            if rebuild_co {
                out.push(Action::ReconstituteCoHq { from: u.id });
            }
        }
        if ordered {
            for plt in &lost_plt_hqs {
                out.push(Action::ReconstitutePltHq {
                    from: u.id,
                    plt: *plt,
                });
            }
        }
        if !u.is_hq_or_staff() && rebuild_co {
            out.push(Action::ReconstituteCoHq { from: u.id });
        }
        if ordered {
            out.push(Action::CreateRunner { from: u.id });
            let cut_line = || {
                game.state
                    .map
                    .card(u.pos)
                    .and_then(|c| c.markers.phone_line)
                    == Some(true)
            };
            if !prune || cut_line() {
                out.push(Action::RepairLine { unit: u.id });
            }
            for lost in &game.state.lost_assets {
                if let Asset::Radio { net, .. } | Asset::Phone { net } = lost {
                    out.push(Action::SwitchNet {
                        unit: u.id,
                        to: *net,
                    });
                }
            }
            for a in &u.assets {
                if let Asset::Pyro(d, n) = a
                    && *n > 0
                    && !(prune && u.pos.is_staging())
                {
                    out.push(Action::DeployPyro {
                        unit: u.id,
                        device: *d,
                        at: u.pos,
                    });
                    if aerial(*d) {
                        for dir in crate::data::terrain::Dir::ALL {
                            out.push(Action::DeployPyro {
                                unit: u.id,
                                device: *d,
                                at: u.pos.step(dir),
                            });
                        }
                    }
                }
            }
        }
        if u.kind == UnitKind::Runner {
            let on_errand = game.state.runners.iter().any(|t| t.runner == u.id);
            let at_co = co_pos == Some(u.pos);
            for t in &f {
                if !prune || !on_errand {
                    out.push(Action::DispatchRunner {
                        runner: u.id,
                        to: t.id,
                    });
                }
                if !prune || (at_co && co_pos == Some(t.pos)) {
                    out.push(Action::DismissRunner {
                        runner: u.id,
                        into: t.id,
                    });
                }
            }
        }
    }
    if let Some(imp) = &game.state.impulse {
        for e in &imp.exhortable {
            out.push(Action::Exhort { unit: e.unit });
        }
    }
    // 5.1.7: a mission evacuates by a collection point or by MEDEVAC; the
    // landing-zone orders only where helicopters fly.
    if game.mission.evacuation == Evacuation::Medevac {
        out.push(Action::DesignateMedevac);
    } else {
        out.push(Action::DesignateCasualtyPoint);
    }
    if game.helicopters {
        out.push(Action::DesignateLandingZone);
    }
}

pub fn perform(game: &mut Game, order: &Order) {
    match &order.action {
        Action::Activate { hq } => {
            if let Some(h) = game.state.hq_state_mut(*hq) {
                h.activated = true;
            }
            game.say(
                "4.2.1 a",
                EventKind::Activated {
                    hq: *hq,
                    how: crate::engine::kernel::events::Activation::Order,
                },
                Vec::new(),
            );
        }
        Action::Exhort { unit } => exhort(game, *unit),
        Action::DeployPyro { unit, device, at } => deploy(game, *unit, *device, *at),
        Action::ReconstitutePltHq { from, plt } => {
            let plt = *plt;
            let staff = game.state.unit(*from).kind == UnitKind::Staff;
            let pos = game.state.unit(*from).pos;
            if staff {
                // The staff officer becomes the platoon's HQ.
                game.state.unit_mut(*from).removed = true;
            } else {
                take_step(game, *from);
            }
            let h = game.state.unit_mut(plt);
            h.removed = false;
            h.pos = pos;
            h.cover = None;
            h.experience = Experience::Green;
            h.rebuilt = true;
            h.pinned = false;
            h.flipped = false;
            h.exposed = false;
            // Decision (4.1.3, 10.2.2): commands the lost HQ had saved went
            // with it; the new HQ starts with none.
            if let Some(st) = game.state.hq_state_mut(plt) {
                st.saved = 0;
            }
            game.say(
                "10.2.2",
                EventKind::UnitCreated {
                    unit: plt,
                    from: Some(*from),
                    why: crate::engine::kernel::events::Creation::Reconstituted { company: false },
                },
                Vec::new(),
            );
        }
        Action::ReconstituteCoHq { from } => {
            let Some(co) = game
                .state
                .units
                .iter()
                .find(|u| u.side == Side::Us && u.kind == UnitKind::Hq && u.hq.is_none())
                .map(|u| u.id)
            else {
                return;
            };
            let donor = game.state.unit(*from).clone();
            if donor.is_hq_or_staff() || donor.kind == UnitKind::ForwardObserver {
                game.state.unit_mut(*from).removed = true;
            } else {
                take_step(game, *from);
            }
            let h = game.state.unit_mut(co);
            h.removed = false;
            h.pos = donor.pos;
            h.cover = donor.cover;
            // 10.2.2: reconstituted HQs always enter play as Green.
            h.experience = Experience::Green;
            h.rebuilt = true;
            h.pinned = false;
            h.flipped = false;
            h.assets.extend(donor.assets.iter().cloned());
            if let Some(st) = game.state.hq_state_mut(co) {
                st.saved = 0;
            }
            game.say(
                "10.2.2",
                EventKind::UnitCreated {
                    unit: co,
                    from: Some(*from),
                    why: crate::engine::kernel::events::Creation::Reconstituted { company: true },
                },
                Vec::new(),
            );
        }
        Action::CreateRunner { from } => {
            let src = game.state.unit(*from).clone();
            take_step(game, *from);
            let id = crate::engine::kernel::units::spawn_team(game, &src, UnitKind::Runner);
            let co = game.state.co_hq().map(|u| u.id);
            let r = game.state.unit_mut(id);
            r.hq = co;
            r.platoon = None;
            r.exposed = false;
            r.pinned = false;
            game.say(
                "4.2.1 f",
                EventKind::UnitCreated {
                    unit: id,
                    from: Some(*from),
                    why: crate::engine::kernel::events::Creation::Runner,
                },
                Vec::new(),
            );
        }
        Action::DispatchRunner { runner, to } => {
            let pos = game.state.unit(*to).pos;
            let from = game.state.unit(*runner).pos;
            let r = game.state.unit_mut(*runner);
            r.pos = pos;
            r.cover = None;
            r.exposed = true;
            let turn = game.state.turn;
            game.state.runners.push(RunnerTask {
                runner: *runner,
                target: *to,
                turn,
            });
            game.say(
                "4.3.2",
                EventKind::Moved {
                    unit: *runner,
                    from,
                    to: pos,
                    exposed: true,
                    fell_back: false,
                    how: crate::engine::kernel::events::Movement::RunnerOut { to: *to },
                },
                Vec::new(),
            );
        }
        Action::DismissRunner { runner, into } => {
            game.state.unit_mut(*runner).removed = true;
            game.state.runners.retain(|t| t.runner != *runner);
            game.state.unit_mut(*into).steps += 1;
            game.say(
                "4.2.1 h",
                EventKind::UnitRemoved {
                    unit: *runner,
                    why: crate::engine::kernel::events::Removal::Rejoined { into: *into },
                },
                Vec::new(),
            );
        }
        Action::SwitchNet { unit, to } => {
            let Some((li, ui)) = switchable(game, *unit, *to) else {
                return;
            };
            let lost = game.state.lost_assets.remove(li);
            let u = game.state.unit_mut(*unit);
            let old = std::mem::replace(&mut u.assets[ui], lost);
            u.assets.sort();
            game.state.lost_assets.push(old);
            game.state.lost_assets.sort();
            game.say(
                "4.2.1 j",
                EventKind::Status {
                    unit: *unit,
                    what: StatusChange::SwitchedNet(*to),
                },
                Vec::new(),
            );
        }
        Action::RepairLine { unit } => {
            let pos = game.state.unit(*unit).pos;
            if let Some(c) = game.state.map.card_mut(pos) {
                c.markers.phone_line = Some(false);
            }
            game.say(
                "4.2.1 k",
                EventKind::Marker {
                    pos,
                    what: MarkerKind::PhoneLineRepaired { by: *unit },
                },
                Vec::new(),
            );
        }
        Action::DesignateCasualtyPoint => {
            let Some(b) = order.by else { return };
            let pos = game.state.unit(b).pos;
            game.state.map.set_point(PointControl::CasualtyPoint, pos);
            game.say(
                "4.2.1 l",
                EventKind::Marker {
                    pos,
                    what: MarkerKind::CasualtyCollectionPoint,
                },
                Vec::new(),
            );
        }
        Action::DesignateLandingZone => {
            let Some(b) = order.by else { return };
            let pos = game.state.unit(b).pos;
            lz::designate(
                game,
                pos,
                "4.2.1 l",
                crate::engine::kernel::events::LzBy::Unit(b),
            );
        }
        Action::DesignateMedevac => {
            let Some(b) = order.by else { return };
            let pos = game.state.unit(b).pos;
            lz::designate_medevac(game, pos);
        }
        _ => {}
    }
}

/// Removes one step from a unit; a one-step unit leaves play.
fn take_step(game: &mut Game, id: UnitId) {
    let u = game.state.unit_mut(id);
    if u.steps > 1 {
        u.steps -= 1;
    } else {
        u.removed = true;
    }
}

/// What Exhort's one card looks for (4.2.1 b): what the unit's failed
/// attempt looked for; `None` when there is none to exhort. The order and
/// its forecast both read it.
pub(crate) fn exhort_needs(game: &Game, unit: UnitId) -> Option<Needed> {
    let i = game.state.impulse.as_ref()?;
    let f = i.exhortable.iter().find(|f| f.unit == unit)?;
    crate::engine::kernel::input::needed_for(&f.order.action)
}

/// 4.2.1 b: draw one more card for the failed attempt; on success its
/// success branch applies.
fn exhort(game: &mut Game, unit: UnitId) {
    let needed = exhort_needs(game, unit);
    let Some(f) = game.state.impulse.as_mut().and_then(|i| {
        i.exhortable
            .iter()
            .position(|f| f.unit == unit)
            .map(|p| i.exhortable.remove(p))
    }) else {
        return;
    };
    let Some(needed) = needed else {
        return;
    };
    let r = crate::engine::orders::attempts::attempt(game, Some(unit), 1, needed, Purpose::Exhort);
    if r.success {
        crate::engine::command::actions::upgrade(game, &f, unit);
    }
}

fn deploy(game: &mut Game, unit: UnitId, device: Pyro, at: CardPos) {
    {
        let u = game.state.unit_mut(unit);
        for a in &mut u.assets {
            if let Asset::Pyro(d, n) = a
                && *d == device
                && *n > 0
            {
                *n -= 1;
                break;
            }
        }
        u.assets.retain(|a| !matches!(a, Asset::Pyro(_, 0)));
    }
    let flare = game.data.charts.flare("flare").map(|i| i.card);
    let Some(card) = game.state.map.card_mut(at) else {
        return;
    };
    match device {
        Pyro::Smoke => card.markers.smoke = Some(SmokeKind::Smoke),
        Pyro::WpSmoke => card.markers.smoke = Some(SmokeKind::Wp),
        Pyro::CsGas => card.markers.smoke = Some(SmokeKind::Cs),
        Pyro::HandFlare => card.markers.illumination = flare,
        other => card.markers.signals.push(other),
    }
    game.say(
        "4.2.1 c",
        EventKind::Marker {
            pos: at,
            what: MarkerKind::Pyro(device),
        },
        Vec::new(),
    );
    crate::engine::command::signals::trigger(game, device, at);
}

/// Applies the success branch of an exhorted attempt.
pub fn upgrade(game: &mut Game, f: &FailedAttempt, unit: UnitId) {
    use Action::*;
    match &f.order.action {
        Infiltrate { .. }
        | InfiltratePlatoon { .. }
        | InfiltrateCover { .. }
        | SeekCover { .. } => movement::upgrade(game, &f.order, unit),
        RemovePin { .. }
        | ParalyzedToLitter { .. }
        | LitterToFire { .. }
        | FireToAssault { .. }
        | RallyToFront { .. }
        | ReconstituteSquad { .. } => {
            let still = match &f.order.action {
                ReconstituteSquad { teams } => teams.iter().all(|t| game.state.unit(*t).in_play()),
                _ => game.state.unit(unit).in_play(),
            };
            if still {
                rally::success(game, &f.order, unit);
            }
        }
        Spot { .. }
        | ConcentrateFire { .. }
        | PlatoonConcentrate { .. }
        | Grenade { .. }
        | WpGrenade { .. }
        | PlatoonGrenade { .. } => combat::upgrade(game, f),
        CallForFire { .. } => crate::engine::combat::support::upgrade(game, f),
        ThrowDemo { .. } => combat::upgrade(game, f),
        _ => {}
    }
}
