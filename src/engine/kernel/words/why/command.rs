//! The words of a refusal of command and control (4.1-4.3), the chain of command and skills (10.7).

use crate::data::mission::{Net, RadioClass};
use crate::data::units::UnitKind;
use crate::engine::kernel::asset::Asset;
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::why::Command;

/// The reason in words.
pub(crate) fn text(game: &Game, why: &Command) -> String {
    use Command::*;
    let d = |u: UnitId| game.describe(u);
    match why {
        NoUnit { unit } => format!("there is no unit {unit}"),
        OutOfPlay { unit } => format!("{} is no longer in play", d(*unit)),
        EnemyUnit { unit } => format!("{} is an enemy unit", d(*unit)),
        FireTeamSide { hq } => format!(
            "{} is on its fire-team side and can command only itself (4.1.4)",
            d(*hq)
        ),
        NotUnder { unit, hq } => format!(
            "{} is not under {} in the chain of command (4.0)",
            d(*unit),
            d(*hq)
        ),
        NoLink { from, to, nets } => no_link(game, *from, *to, |n| nets.has(n)),
        CommsAbstracted => "communications are abstracted (13.3): no runners, radio nets, field phones or signals".into(),
        InitiativeCannotActivate => "General Initiative commands cannot activate HQs (3.3.2 D)".into(),
        ActivateWhen => "HQs are activated in the Activation Segment or by the CO HQ's initiative impulse (3.3.1, 3.3.2 C)".into(),
        ActivateSelf => "an HQ cannot activate itself".into(),
        ActivateCommandSides => "both HQs must be on their command sides (4.2.1 a)".into(),
        NotDirectlyUnder { hq, by } => format!(
            "{} is not an HQ or staff directly under {}",
            d(*hq),
            d(*by)
        ),
        AlreadyActivated { hq } => format!("{} is already activated", d(*hq)),
        ExhortByHq => "Exhort is ordered by an HQ or staff (4.1.3)".into(),
        NoImpulse => "no impulse".into(),
        ExhortNoFailure => "Exhort needs a failed attempt by that unit just now (4.2.1 b)".into(),
        PyroGoodOrder => "only a Good Order unit deploys pyrotechnics (4.2.1 c)".into(),
        NoPyro { unit, device } => format!("{} carries no {}", d(*unit), device.label()),
        PyroOffMap => "signals are deployed on the map".into(),
        PyroWhere => "aerial devices go on the unit's card or an adjacent one, others on its own card (4.3.6)".into(),
        HqMustOrder => "an HQ must order this (4.1.3)".into(),
        PltHqRebuiltBy => "only the CO HQ or company staff reconstitute a platoon HQ (4.2.1 d)".into(),
        NotPltHq { plt } => format!("{} is not a platoon HQ", d(*plt)),
        PltHqInPlay => "that platoon HQ is still in play".into(),
        NotPlatoonUnit { unit } => format!("{} is not a Good Order unit of a platoon", d(*unit)),
        NotOfPlatoon { unit } => format!("{} does not belong to that platoon (10.2.2)", d(*unit)),
        CoHqRebuiltBy => "only the battalion or company staff reconstitute the CO HQ (4.2.1 e)".into(),
        CoHqInPlay => "the CO HQ is still in play".into(),
        PrecedenceFirst { first } => format!(
            "the order of precedence names {} first (4.2.1 e)",
            d(*first)
        ),
        PrecedenceOnly { eligible } => {
            let mut names: Vec<String> = eligible.iter().map(|u| d(*u)).collect();
            let last = names.pop().unwrap_or_default();
            format!(
                "by the order of precedence only {} or {last} may take over now (4.2.1 e)",
                names.join(", ")
            )
        }
        NoSuccessor => "no unit is eligible to take over the company: a unit higher in the order of precedence must first rally to its command side (4.2.1 e, 10.2.2)".into(),
        CoCreatesRunners => "the CO HQ creates runners (4.1.3)".into(),
        OnlyCoCreatesRunners => "only the CO HQ creates runners (4.2.1 f)".into(),
        RunnerFrom => "a runner comes from a Good Order unit or an unpinned assault or fire team (4.2.1 f)".into(),
        RunnerNotFrom => "HQs, staff, runners and porters do not give up steps for runners".into(),
        TwoRunners => "two runners are already in play (4.3.2)".into(),
        CoDispatchesRunners => "the CO HQ dispatches runners (4.1.3)".into(),
        OnlyCoDispatchesRunners => "only the CO HQ dispatches runners (4.2.1 g)".into(),
        NotRunner { runner } => format!("{} is not a Good Order runner", d(*runner)),
        RunnerOnErrand => "that runner is already on an errand".into(),
        RunnerTo { to } => format!("{} is not a platoon HQ or company staff on the map", d(*to)),
        CardFull { pos } => format!("{pos} already holds 16 friendly steps (5.1.5)"),
        CoDismissesRunners => "the CO HQ dismisses runners (4.1.3)".into(),
        OnlyCoDismissesRunners => "only the CO HQ dismisses runners (4.2.1 h)".into(),
        DismissShareCard => "the runner, the CO HQ and the unit must share a card (4.2.1 h)".into(),
        CannotAbsorb { unit } => format!("{} cannot absorb a step", d(*unit)),
        NoSetForNet { unit, net } => format!(
            "{} carries no set of the kind that was lost on the {} net (4.2.1 j)",
            d(*unit),
            net.label()
        ),
        RepairGoodOrder => "a Good Order unit repairs the line".into(),
        RepairHqThere => "the HQ must be on the card with the cut line (4.2.1 k)".into(),
        NoCutLine => "there is no cut phone line on this card".into(),
        HqDesignates => "an HQ designates new controls (4.1.3)".into(),
        OnlyCoDesignates => "only the CO HQ (or a platoon HQ on a patrol) designates new controls (4.2.1 l)".into(),
        ControlsOnMap => "controls are placed on the map".into(),
        MedevacMission => "in this mission casualties leave by the MEDEVAC LZ, not a collection point (5.1.7)".into(),
        CasualtyPointHere => "the casualty collection point is already here".into(),
        NotCommandAction => "not a command and control action".into(),
        NoSkill { holder, skill } => {
            format!("{} holds no {} skill marker", d(*holder), skill.label())
        }
        HolderOutOfPlay { holder } => format!("{} is out of play", d(*holder)),
        SkillServes { holder } => format!(
            "{}'s skills serve {} (10.7)",
            d(*holder),
            if matches!(
                game.state.unit(*holder).kind,
                UnitKind::Staff | UnitKind::HigherStaff
            ) {
                "itself only"
            } else {
                "its own platoon"
            }
        ),
        NoSuchUnit => "there is no such unit".into(),
        SkillInImpulse => "skills are used during an impulse".into(),
        LeadershipWhen => "Leadership gives a General Initiative command: use it in that impulse (10.7)".into(),
        NotParalyzed { unit } => format!("{} is not a paralyzed team", d(*unit)),
        SplitSquad => "a team splits off a squad of three or four steps (10.7)".into(),
        SayWhichTeam => "say which team splits off: assault or fire".into(),
        NotOnItsOwn { skill } => format!(
            "the {} skill is used with an action attempt, not on its own",
            skill.label()
        ),
        SkillDoesNotServe { skill, action } => format!(
            "the {} skill does not serve {} (10.7)",
            skill.label(),
            action.name()
        ),
        SkillOneUnit => "a skill serves one unit's attempt, not a group's (10.7)".into(),
    }
}

/// Why `from` cannot pass an order to `to` now, each way of communicating
/// (4.3.1-4.3.5) with what stops it: the same checks as the rules' link
/// between two units (`orders::comms::link`), where `both_may_use` says
/// which networks both units may talk on (4.3.3).
fn no_link(game: &Game, from: UnitId, to: UnitId, both_may_use: impl Fn(Net) -> bool) -> String {
    let a = game.state.unit(from);
    let b = game.state.unit(to);
    let (na, nb) = (game.describe(from), game.describe(to));
    let mut why: Vec<String> = Vec::new();
    if game.state.options.abstract_comms {
        return format!(
            "{na} is not in communication with {nb}: a pinned HQ commands only itself under abstracted communications (13.3)"
        );
    }
    // 4.3.1
    why.push(if a.pos != b.pos {
        format!(
            "voice needs the same card, and {na} is on {} and {nb} on {} (4.3.1)",
            a.pos, b.pos
        )
    } else if a.pinned || b.pinned {
        "voice needs both units unpinned (4.3.1)".to_string()
    } else {
        "voice needs both under the same cover marker or both in the open (4.3.1)".to_string()
    });
    // 4.3.5: the radios each side holds.
    let is_co_hq = |id: UnitId| game.state.co_hq().is_some_and(|c| c.id == id);
    let mut shared = false;
    for asset_a in &a.assets {
        let Asset::Radio {
            name,
            class: ca,
            net: na_net,
        } = asset_a
        else {
            continue;
        };
        for (cb, nb_net) in b.radios() {
            if *na_net != nb_net {
                continue;
            }
            shared = true;
            if !both_may_use(*na_net) {
                why.push(format!(
                    "the {} net is not for both of them (4.3.3)",
                    na_net.label()
                ));
            } else if *na_net == Net::CoTac && !is_co_hq(a.id) && !is_co_hq(b.id) {
                why.push(format!(
                    "on the {} net every order passes through the CO HQ's set (4.3.3)",
                    na_net.label()
                ));
            } else if *ca == RadioClass::Handheld || cb == RadioClass::Handheld {
                let held = if *ca == RadioClass::Handheld {
                    name.clone()
                } else {
                    "handheld set".to_string()
                };
                why.push(if a.cover.is_some() || b.cover.is_some() {
                    format!("the {held} does not work from under a cover marker (4.3.5 A)")
                } else if a.pinned || b.pinned {
                    format!("the {held} does not work for a pinned unit (4.3.5 A)")
                } else if a.pos.is_staging() != b.pos.is_staging() {
                    format!(
                        "the {held} needs line of sight, and none runs between the staging area and the map (4.3.5 A, 2.4.2 A)"
                    )
                } else {
                    format!(
                        "the {held} needs line of sight from {} to {nb} on {} (4.3.5 A)",
                        a.pos, b.pos
                    )
                });
            }
        }
    }
    if !shared {
        why.push(format!("{na} and {nb} share no radio net (4.3.5)"));
    }
    // 4.3.4
    let phones = a.phones().any(|n| b.phones().any(|m| m == n));
    if phones {
        why.push("no unbroken phone line joins their cards (4.3.4)".to_string());
    }
    format!("{na} is not in communication with {nb}: {}", why.join("; "))
}
