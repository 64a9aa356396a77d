//! Reattempting a failed mission on the same ground (11.1).
//!
//! The new attempt starts from a fresh set-up of the mission with a new
//! seed (a new deck, turn 1, fresh commands, assets, fire missions and
//! ammunition: steps 10-12), then takes from the failed attempt's final
//! state:
//! - the map as it was: its cards, found cover markers, mines and the PC
//!   markers still unresolved (step 6); every other marker goes (step 9);
//! - the company: each roster unit where it stood if that card holds no
//!   enemy, else back in its set-up place; its teams and runners rejoin it
//!   up to full strength and the rest stay as fire teams; nobody is Pinned
//!   (step 2); casualties and prisoners are gone (steps 4-5); then the
//!   player repositions each unit to any friendly secured card, under
//!   cover already found there (step 3, [`reposition_choices`], answered
//!   in `turn::choices`);
//! - the enemy: every unit but casualties, paralyzed and litter teams
//!   (step 4), unpinned, with no fire (step 9), under its cover or else
//!   under the best free cover marker on its card (step 7); enemy
//!   spotters keep the fire missions they had left.
//!
//! Experience between the attempts (step 1) is the campaign's business: it
//! comes in through the mission's company list, whose levels the fresh
//! set-up gives the units.

use crate::data::DataSet;
use crate::data::units::{Side, UnitKind};
use crate::engine::kernel::game::SetupError;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::state::{CardMarkers, State, Unit};

/// Builds the state a reattempt starts from (before the first turn runs).
pub fn state(data: &DataSet, prev: &State, seed: u64) -> Result<State, SetupError> {
    let mission = data
        .mission(&prev.mission)
        .ok_or_else(|| SetupError(format!("no mission `{}`", prev.mission)))?;
    let mut s = crate::engine::map::setup::initial_state(data, mission, seed, prev.options)?;
    // The enemy of the briefing is the one still there, not a fresh one;
    // the company comes first in the list, so its ids stay as they are.
    // The teams a campaign's company list brings (11.3 step 3) are built
    // from the failed attempt's own teams below instead.
    s.units
        .edit()
        .retain(|u| u.side == Side::Us && u.roster.is_some());
    s.spotters.clear();
    // The patrol number is the caller's: the campaign sets it on the state
    // it carries over (the same patrol again, or the next one).
    s.patrol = prev.patrol.max(1);
    // The ground as it was left.
    s.map = prev.map.clone();
    for c in &mut s.map.cards {
        let old = std::mem::take(&mut c.markers);
        c.markers = CardMarkers {
            pc: old.pc,
            mines: old.mines,
            ..CardMarkers::default()
        };
    }
    s.next_cover = prev.next_cover;
    // 10.3.1: a card cleared in the failed attempt earned its points
    // then; only the markers still on the map can earn them now.
    s.pc_history.clear();
    s.note_pc_markers();
    let enemy_on = |at| {
        prev.units.iter().any(|u| {
            u.in_play() && u.side != Side::Us && u.kind != UnitKind::Casualty && u.pos == at
        })
    };
    // The company: each roster unit from its counter and its teams.
    let mut extra: Vec<Unit> = Vec::new();
    for i in 0..s.units.len() {
        let roster = s.units[i].roster.clone();
        let Some(r) = roster else { continue };
        let Some(old) = prev.units.iter().find(|u| u.roster.as_deref() == Some(&r)) else {
            continue;
        };
        let full = s.units[i]
            .type_in(data)
            .map(|t| t.steps)
            .unwrap_or(s.units[i].steps);
        let alive = old.in_play() && old.kind != UnitKind::Casualty;
        let mut steps = if alive && !old.kind.is_lat() {
            old.steps
        } else {
            0
        };
        let teams: Vec<&Unit> = prev
            .member_units(&r)
            .into_iter()
            .filter(|u| u.in_play() && (u.kind.is_lat() || u.kind == UnitKind::Runner))
            .collect();
        // 11.1 step 2, 10.2.1: the teams rebuild their unit, even one whose
        // counter was lost, when two or more steps remain to do it.
        let team_steps: u8 = teams.iter().map(|t| t.steps).sum();
        let rebuild = steps > 0 || team_steps >= 2 || full == 1;
        let mut left = Vec::new();
        for t in teams {
            if rebuild && steps + t.steps <= full {
                steps += t.steps;
            } else {
                left.push(t.clone());
            }
        }
        let (hq, platoon, desig) = (
            s.units[i].hq,
            s.units[i].platoon,
            s.units[i].designation.clone(),
        );
        let u = &mut s.units.edit()[i];
        if steps == 0 {
            // Lost in the failed attempt: out of this one too.
            u.removed = true;
        } else {
            u.steps = steps;
            if !old.pos.is_staging() && !enemy_on(old.pos) && alive {
                u.pos = old.pos;
                u.cover = old.cover;
            }
        }
        for mut t in left {
            // Left over: a fire team of the unit, answering where it does.
            if let Some(ft) = data
                .units
                .units
                .iter()
                .find(|x| x.side == Side::Us && x.kind == UnitKind::FireTeam)
            {
                t.unit_type = ft.id.clone();
                t.label = format!("{desig} {}", ft.name);
                t.experience = ft.experience.unwrap_or(t.experience);
            }
            t.kind = UnitKind::FireTeam;
            t.designation = desig.clone();
            t.hq = hq;
            t.platoon = platoon;
            t.flipped = false;
            t.ammo = None;
            t.pinned = false;
            t.exposed = false;
            if enemy_on(t.pos) {
                t.pos = u.pos;
                t.cover = None;
            }
            extra.push(t);
        }
    }
    for mut t in extra {
        t.id = UnitId(s.units.len() as u16);
        t.label = crate::engine::kernel::units::unique_label(&s.units, &t.label);
        s.units.push(t);
    }
    // The enemy.
    for old in &prev.units {
        if old.side == Side::Us || !old.in_play() {
            continue;
        }
        if matches!(
            old.kind,
            UnitKind::Casualty | UnitKind::ParalyzedTeam | UnitKind::LitterTeam
        ) {
            continue;
        }
        let mut u = old.clone();
        u.id = UnitId(s.units.len() as u16);
        // A counter named by its number ("Gren Sqd #30") takes its new
        // one: a unit placed later under the old number would share the
        // name.
        if let Some(t) = old.type_in(data)
            && old.label == format!("{} #{}", t.name, old.id.0)
        {
            u.label = format!("{} #{}", t.name, u.id.0);
            u.designation = format!("#{}", u.id.0);
        }
        u.label = crate::engine::kernel::units::unique_label(&s.units, &u.label);
        u.pinned = false;
        u.exposed = false;
        u.concentrated = 0;
        u.grenaded = 0;
        u.grenaded_light = 0;
        u.cover_lost = false;
        u.sniped = false;
        u.mined = 0;
        if u.cover.is_none() {
            u.cover = best_free_cover(data, &s, &u);
        }
        if let Some(t) = prev.spotters.iter().find(|t| t.unit == old.id) {
            s.spotters.push(crate::engine::kernel::state::SpotterTask {
                unit: u.id,
                ..t.clone()
            });
        }
        s.units.push(u);
    }
    s.counters.enemy_placed = 0;
    s.fires.clear();
    s.lay_pdfs.clear();
    s.moved.clear();
    s.choices.clear();
    // 11.1 step 3: each unit may move to any friendly secured card and go
    // under cover already found there (asked first, unit by unit; keeping
    // the positions is the suggestion).
    let positions = reposition_choices(&s);
    s.choices.extend(positions);
    // 11.1 steps 10-12: fresh assets, handed out again (2.3.2).
    let assets = crate::engine::map::setup::asset_choices(&s);
    s.choices.extend(assets);
    let signals = crate::engine::map::setup::signal_choices(&s);
    s.choices.extend(signals);
    // 11.4: on a combat patrol mission of several patrols the next night
    // brings new PC markers (none on the combat outpost).
    if mission.kind == crate::data::mission::MissionKind::Patrol && mission.patrols > 1 {
        crate::engine::map::setup::place_pc_markers(mission, &mut s, false);
    }
    // 11.4: every patrol, and every attempt at one, is named afresh.
    if mission.kind == crate::data::mission::MissionKind::Patrol {
        s.choices.push(crate::engine::kernel::input::Choice::Patrol);
    }
    Ok(s)
}

/// 11.1 step 3: the questions of the repositioning, one for each company
/// unit in play (not the battalion's own staff, which waits off the map).
/// A friendly secured card is one a company unit holds and that is Cleared
/// (no enemy but casualties, no PC marker) as the new attempt begins
/// (decision, 11.1: the cards are fixed then, so moving the last unit off
/// a card does not close it to the others). The rule names only cards of
/// the map: a unit on the map is not sent back to the staging area, and
/// one in the staging area (where it entered, or was put back because the
/// enemy holds its card) may stay there, in any column (decision).
fn reposition_choices(s: &State) -> Vec<crate::engine::kernel::input::Choice> {
    let secured: Vec<crate::engine::kernel::pos::CardPos> = s
        .map
        .cards
        .iter()
        .map(|c| c.pos)
        .filter(|p| s.us_on(*p) && s.cleared(*p) && s.map.friendly_may_enter(*p))
        .collect();
    s.units
        .iter()
        .filter(|u| u.in_play() && u.side == Side::Us && u.kind != UnitKind::Casualty)
        .filter(|u| u.kind != UnitKind::HigherStaff)
        .map(|u| {
            let mut cards = secured.clone();
            if u.pos.is_staging() {
                cards.extend(s.map.staging());
            }
            cards.push(u.pos);
            cards.sort();
            cards.dedup();
            crate::engine::kernel::input::Choice::Reposition { unit: u.id, cards }
        })
        .collect()
}

/// The best cover marker on the unit's card that no US unit is under.
fn best_free_cover(
    data: &DataSet,
    s: &State,
    u: &Unit,
) -> Option<crate::engine::kernel::ids::CoverId> {
    let card = s.map.card(u.pos)?;
    card.covers
        .iter()
        .filter(|m| {
            !s.units.iter().any(|x| {
                x.in_play() && x.side == Side::Us && x.pos == u.pos && x.cover == Some(m.id)
            })
        })
        .max_by_key(|m| (data.charts.cover_value(m.kind), std::cmp::Reverse(m.id)))
        .map(|m| m.id)
}
