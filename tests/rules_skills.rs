//! Skill markers (10.7).

use crate::common;

use common::{card_numbers, enemy, id, impulse, p, put};

use fof::data::action::{ActionCard, Icon, Word};
use fof::data::mission::Skill;
use fof::data::units::UnitKind;
use fof::engine::kernel::events::EventKind;
use fof::engine::kernel::ids::UnitId;
use fof::engine::kernel::input::{Action, Order, TeamKind};
use fof::engine::kernel::sequence::Step;
use fof::engine::{Game, Input};

/// The hedgerow mission on an open map with no enemy or PC markers; the
/// roster ids given hold the skills given.
fn game(skills: &[(&str, &[Skill])]) -> Game {
    common::open_game_with_skills("skills_test", skills)
}

fn top(g: &mut Game, n: usize, pred: impl Fn(&ActionCard) -> bool) {
    let c = card_numbers(g, n, pred);
    common::top(g, &c);
}

/// The last attempt logged: its text and the cards drawn.
fn last_attempt(g: &Game) -> (String, usize, bool) {
    g.log()
        .iter()
        .rev()
        .find_map(|e| match &e.kind {
            EventKind::Attempt { success, .. } => Some((e.text.clone(), e.cards.len(), *success)),
            _ => None,
        })
        .expect("an attempt")
}

/// A squad of 1st Platoon and a German squad face to face on R2C2.
fn melee(skills: &[(&str, &[Skill])]) -> (Game, UnitId, UnitId, UnitId) {
    let mut g = game(skills);
    let sq = id(&g, "1_1");
    let plt = id(&g, "1plt_hq");
    put(&mut g, sq, p(2, 2));
    put(&mut g, plt, p(2, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    fof::engine::testing::combat::update_engagement(&mut g);
    impulse(&mut g, Some(plt));
    (g, sq, plt, e)
}

#[test]
fn rule_10_7_an_automatic_skill_succeeds_whatever_the_cards_and_is_spent() {
    let grenade = |sq, e| Action::Grenade {
        unit: sq,
        target: e,
    };
    let misses = |c: &ActionCard| c.icon != Icon::Grenade && c.mark.is_none();
    // Without the skill these cards miss.
    let (mut g, sq, plt, e) = melee(&[]);
    top(&mut g, 6, misses);
    g.apply(&Input::Order(Order {
        by: Some(plt),
        action: grenade(sq, e),
    }))
    .unwrap();
    assert_eq!(g.state().unit(e).grenaded, 0);
    // With it they hit, and the cards are still drawn.
    let (mut g, sq, plt, e) = melee(&[("1plt_hq", &[Skill::Pitcher])]);
    top(&mut g, 6, misses);
    let input = Input::Skilled {
        holder: plt,
        skill: Skill::Pitcher,
        order: Order {
            by: Some(plt),
            action: grenade(sq, e),
        },
    };
    assert!(g.legal_inputs().contains(&input));
    g.apply(&input).unwrap();
    assert!(g.state().unit(e).grenaded >= 1);
    let attempt = g
        .log()
        .iter()
        .find(|ev| ev.text.starts_with("Grenade attack by"))
        .unwrap();
    assert!(attempt.text.contains("by skill"), "{}", attempt.text);
    assert!(
        !attempt.cards.is_empty(),
        "cards drawn for criticals and jams"
    );
    assert!(g.state().skills.is_empty(), "the marker is spent");
    assert!(g.apply(&input).is_err(), "and cannot be used again");
}

#[test]
fn rule_10_7_a_drilled_skill_adds_one_card_to_an_attempt() {
    let seek = |g: &mut Game, skilled: bool| {
        let sq = id(g, "1_1");
        let plt = id(g, "1plt_hq");
        put(g, sq, p(2, 2));
        put(g, plt, p(2, 2));
        // Woods: cover to be found.
        g.state_mut().map.card_mut(p(2, 2)).unwrap().stack = vec![4];
        impulse(g, Some(plt));
        top(g, 8, |c| c.word != Some(Word::Cover));
        let order = Order {
            by: Some(plt),
            action: Action::SeekCover { unit: sq },
        };
        let input = if skilled {
            Input::Skilled {
                holder: plt,
                skill: Skill::Drilled,
                order,
            }
        } else {
            Input::Order(order)
        };
        g.apply(&input).unwrap();
        last_attempt(g).1
    };
    let plain = seek(&mut game(&[]), false);
    let drilled = seek(&mut game(&[("1plt_hq", &[Skill::Drilled])]), true);
    assert_eq!(drilled, plain + 1);
}

#[test]
fn rule_10_7_a_plt_hq_serves_its_platoon_and_a_staff_unit_only_itself() {
    let (mut g, _, plt, e) = melee(&[("1plt_hq", &[Skill::Pitcher]), ("xo", &[Skill::Pitcher])]);
    // A squad of another platoon on the same card.
    let other = id(&g, "2_1");
    put(&mut g, other, p(2, 2));
    fof::engine::testing::combat::update_engagement(&mut g);
    let with = |holder, unit| Input::Skilled {
        holder,
        skill: Skill::Pitcher,
        order: Order {
            by: Some(plt),
            action: Action::Grenade { unit, target: e },
        },
    };
    let why = g.apply(&with(plt, other)).unwrap_err().text;
    assert!(why.contains("own platoon"), "{why}");
    let xo = id(&g, "xo");
    let why = g.apply(&with(xo, id(&g, "1_1"))).unwrap_err().text;
    assert!(why.contains("itself only"), "{why}");
    // A skill that does not serve the action is refused.
    let why = g
        .apply(&Input::Skilled {
            holder: plt,
            skill: Skill::GroundSense,
            order: Order {
                by: Some(plt),
                action: Action::Grenade {
                    unit: id(&g, "1_1"),
                    target: e,
                },
            },
        })
        .unwrap_err()
        .text;
    assert!(why.contains("does not serve"), "{why}");
}

#[test]
fn rule_10_7_leadership_gives_a_general_initiative_command_in_that_impulse_only() {
    let mut g = game(&[("2plt_hq", &[Skill::Leadership])]);
    let plt = id(&g, "2plt_hq");
    let use_it = Input::UseSkill {
        holder: plt,
        skill: Skill::Leadership,
        unit: plt,
        team: None,
    };
    assert_ne!(g.state().step, Step::GeneralInitiative);
    assert!(g.apply(&use_it).is_err());
    g.state_mut().step = Step::GeneralInitiative;
    impulse(&mut g, None);
    assert!(g.legal_inputs().contains(&use_it));
    g.apply(&use_it).unwrap();
    assert_eq!(g.state().impulse.as_ref().unwrap().available, 7);
    assert!(g.state().skills.is_empty());
}

#[test]
fn rule_10_7_skills_rally_a_paralyzed_team_or_split_a_team_off_a_squad() {
    let mut g = game(&[(
        "1plt_hq",
        &[Skill::SnapOut, Skill::PullTogether, Skill::SplitTeam],
    )]);
    let plt = id(&g, "1plt_hq");
    impulse(&mut g, Some(plt));
    let (a, b) = (id(&g, "1_1"), id(&g, "1_2"));
    put(&mut g, a, p(1, 1));
    put(&mut g, b, p(1, 2));
    fof::engine::kernel::units::convert(&mut g, a, UnitKind::ParalyzedTeam);
    let use_on = |skill, unit, team| Input::UseSkill {
        holder: plt,
        skill,
        unit,
        team,
    };
    g.apply(&use_on(Skill::SnapOut, a, None)).unwrap();
    assert_eq!(g.state().unit(a).kind, UnitKind::AssaultTeam);
    // Not a paralyzed team any more: PullTogether is refused.
    assert!(g.apply(&use_on(Skill::PullTogether, a, None)).is_err());
    let steps = g.state().unit(b).steps;
    assert!((3..=4).contains(&steps));
    let before = g.state().units.len();
    g.apply(&use_on(Skill::SplitTeam, b, Some(TeamKind::Fire)))
        .unwrap();
    assert_eq!(g.state().unit(b).steps, steps - 1);
    assert_eq!(g.state().units[before].kind, UnitKind::FireTeam);
    assert_eq!(g.state().skills, vec![(plt, Skill::PullTogether)]);
}
