//! Skill markers (10.7): single-use, held by a PLT HQ for the units of its
//! platoon or by a staff unit for itself, three at most per holder.
//!
//! Two kinds of use:
//! - with an action attempt ([`Input::Skilled`](crate::engine::Input::Skilled)): one more card
//!   (`Drilled`), or an automatic success for one kind of attempt; the
//!   cards are still drawn, for critical hits and jams (10.7);
//! - on their own ([`Input::UseSkill`](crate::engine::Input::UseSkill)): a General Initiative command
//!   (`Leadership`, during the General Initiative impulse), a paralyzed
//!   team rallied to an assault or fire team, a team split off a squad of
//!   three or four steps.
//!
//! Decision (10.7): a skill used with an order applies to the first
//! attempt the acting unit makes for it (not to a free answer the target
//! makes, nor to a second unit of a group order); group orders (a platoon
//! moving or firing together) take no skill.

use crate::data::action::{Icon, Word};
use crate::data::mission::Skill;
use crate::data::units::UnitKind;
use crate::engine::kernel::events::Needed;
use crate::engine::kernel::game::{Game, Illegal};
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::input::{Action, TeamKind};
use crate::engine::kernel::why::Command;
use crate::engine::kernel::words::why::refuse;

/// Whether `holder` holds `skill` and may use it for `unit` (10.7).
pub fn may_use(game: &Game, holder: UnitId, skill: Skill, unit: UnitId) -> Result<(), Illegal> {
    if !game.state.skills.contains(&(holder, skill)) {
        return refuse(game, Command::NoSkill { holder, skill });
    }
    let h = game.state.unit(holder);
    if !h.in_play() {
        return refuse(game, Command::HolderOutOfPlay { holder });
    }
    let u = game.state.unit(unit);
    let covers = match h.kind {
        UnitKind::Staff | UnitKind::HigherStaff => unit == holder,
        _ => unit == holder || u.platoon == Some(holder),
    };
    if !covers {
        return refuse(game, Command::SkillServes { holder });
    }
    Ok(())
}

/// What an attempt skill needs the action to look for.
pub(crate) fn fits(skill: Skill, action: &Action) -> bool {
    let needed = crate::engine::kernel::input::needed_for(action);
    match skill {
        Skill::Drilled => needed.is_some(),
        Skill::KeenEye => matches!(action, Action::Spot { .. }),
        Skill::GroundSense => matches!(action, Action::SeekCover { .. }),
        Skill::FireDiscipline => matches!(action, Action::ConcentrateFire { .. }),
        Skill::Stalker => matches!(
            action,
            Action::Infiltrate { .. } | Action::InfiltrateCover { .. }
        ),
        Skill::Pitcher => matches!(action, Action::Grenade { .. }),
        _ => false,
    }
}

pub(crate) fn spend(game: &mut Game, holder: UnitId, skill: Skill) {
    if let Some(i) = game.state.skills.iter().position(|s| *s == (holder, skill)) {
        game.state.skills.remove(i);
    }
}

/// For an attempt about to be drawn: extra cards, and whether it succeeds
/// whatever the cards show. The skill is used up by the first attempt of
/// the unit it was given for.
pub fn for_attempt(game: &mut Game, unit: Option<UnitId>, needed: Needed) -> (usize, bool) {
    let Some((for_unit, skill)) = game.state.skill_in_use else {
        return (0, false);
    };
    if unit.is_none() || for_unit != unit {
        return (0, false);
    }
    game.state.skill_in_use = None;
    let auto = match skill {
        Skill::KeenEye | Skill::FireDiscipline => needed == Needed::Icon(Icon::Crosshairs),
        Skill::GroundSense => needed == Needed::Word(Word::Cover),
        Skill::Stalker => needed == Needed::Icon(Icon::Infiltrate),
        Skill::Pitcher => needed == Needed::Icon(Icon::Grenade),
        _ => false,
    };
    (usize::from(skill == Skill::Drilled), auto)
}

/// Checks a skill used on its own.
pub fn check_use(
    game: &Game,
    holder: UnitId,
    skill: Skill,
    unit: UnitId,
    team: Option<TeamKind>,
) -> Result<(), Illegal> {
    if game.state.get(unit).is_none() || game.state.get(holder).is_none() {
        return refuse(game, Command::NoSuchUnit);
    }
    if game.state.impulse.is_none() {
        return refuse(game, Command::SkillInImpulse);
    }
    may_use(game, holder, skill, unit)?;
    let u = game.state.unit(unit);
    match skill {
        Skill::Leadership => {
            if game.state.step != crate::engine::kernel::sequence::Step::GeneralInitiative {
                return refuse(game, Command::LeadershipWhen);
            }
            Ok(())
        }
        Skill::SnapOut | Skill::PullTogether => {
            if u.kind != UnitKind::ParalyzedTeam || !u.in_play() {
                return refuse(game, Command::NotParalyzed { unit });
            }
            Ok(())
        }
        Skill::SplitTeam => {
            if u.kind != UnitKind::Squad || !(3..=4).contains(&u.steps) || !u.in_play() {
                return refuse(game, Command::SplitSquad);
            }
            if team.is_none() {
                return refuse(game, Command::SayWhichTeam);
            }
            Ok(())
        }
        _ => refuse(game, Command::NotOnItsOwn { skill }),
    }
}

/// Uses a skill on its own (after [`check_use`]).
pub fn use_skill(
    game: &mut Game,
    holder: UnitId,
    skill: Skill,
    unit: UnitId,
    team: Option<TeamKind>,
) {
    spend(game, holder, skill);
    let team = match skill {
        Skill::Leadership => {
            if let Some(imp) = game.state.impulse.as_mut() {
                imp.available += 1;
            }
            None
        }
        Skill::SnapOut => {
            crate::engine::kernel::units::convert(game, unit, UnitKind::AssaultTeam);
            None
        }
        Skill::PullTogether => {
            crate::engine::kernel::units::convert(game, unit, UnitKind::FireTeam);
            None
        }
        Skill::SplitTeam => {
            let src = game.state.unit(unit).clone();
            game.state.unit_mut(unit).steps -= 1;
            let kind = match team {
                Some(TeamKind::Assault) => UnitKind::AssaultTeam,
                _ => UnitKind::FireTeam,
            };
            Some(crate::engine::kernel::units::spawn_team(game, &src, kind))
        }
        _ => None,
    };
    game.say(
        "10.7",
        crate::engine::kernel::events::EventKind::Nothing {
            why: crate::engine::kernel::events::Quiet::Skill {
                skill,
                holder,
                unit,
                team,
            },
        },
        Vec::new(),
    );
}
