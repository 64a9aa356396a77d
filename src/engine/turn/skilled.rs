//! Orders given with a skill marker, as inputs (10.7): which are legal now,
//! checking and giving one. The markers themselves, who may use them and
//! what they do to an attempt, are in `orders::skills`.

use crate::data::mission::Skill;
use crate::engine::kernel::game::{Game, Illegal};
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::input::{Input, Order, TeamKind};
use crate::engine::kernel::why::Command;
use crate::engine::kernel::words::why::refuse;
use crate::engine::orders::skills::{check_use, fits, may_use};

/// Checks an order given with a skill.
pub fn check_skilled(
    game: &Game,
    holder: UnitId,
    skill: Skill,
    order: &Order,
) -> Result<(), Illegal> {
    if !fits(skill, &order.action) {
        return refuse(
            game,
            Command::SkillDoesNotServe {
                skill,
                action: Box::new(order.action.clone()),
            },
        );
    }
    let Some(unit) = order.action.unit() else {
        return refuse(game, Command::SkillOneUnit);
    };
    may_use(game, holder, skill, unit)?;
    crate::engine::turn::menu::check(game, order)
}

/// Gives the order with the skill: the marker is spent.
pub fn execute_skilled(game: &mut Game, holder: UnitId, skill: Skill, order: &Order) {
    crate::engine::orders::skills::spend(game, holder, skill);
    game.state.skill_in_use = Some((order.action.unit(), skill));
    crate::engine::turn::menu::execute(game, order);
    game.state.skill_in_use = None;
}

/// The skill inputs legal now, given the legal orders.
pub fn legal(game: &Game, orders: &[Order], out: &mut Vec<Input>) {
    if game.state.skills.is_empty() || game.state.impulse.is_none() {
        return;
    }
    let mut held = game.state.skills.clone();
    held.dedup();
    // Only whether each is legal matters: see `game::quietly`.
    crate::engine::kernel::game::quietly(|| legal_with(game, held, orders, out));
}

fn legal_with(game: &Game, held: Vec<(UnitId, Skill)>, orders: &[Order], out: &mut Vec<Input>) {
    for (holder, skill) in held {
        for o in orders {
            if check_skilled(game, holder, skill, o).is_ok() {
                out.push(Input::Skilled {
                    holder,
                    skill,
                    order: o.clone(),
                });
            }
        }
        let units: Vec<UnitId> = if skill == Skill::Leadership {
            vec![holder]
        } else {
            game.friendly().map(|u| u.id).collect()
        };
        for unit in units {
            for team in [None, Some(TeamKind::Assault), Some(TeamKind::Fire)] {
                if check_use(game, holder, skill, unit, team).is_ok()
                    && (skill == Skill::SplitTeam) == team.is_some()
                {
                    out.push(Input::UseSkill {
                        holder,
                        skill,
                        unit,
                        team,
                    });
                }
            }
        }
    }
}
