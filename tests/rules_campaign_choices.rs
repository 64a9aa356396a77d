//! The decisions between missions are the player's (10.3.2-10.7, 11.1,
//! 11.3): what is offered, what is refused and why, and that a choice
//! other than the program's suggestion is carried out as chosen.

use crate::common;

use common::{leave, member, started};

use fof::data::DataSet;
use fof::data::action::Experience::{Green as G, Line as L, Veteran as V};
use fof::data::mission::{Skill, Task};
use fof::data::units::UnitKind;
use fof::engine::kernel::state::{Outcome, Tally};
use fof::engine::{Game, Options};
use fof::play::campaign::{Campaign, Choice, Mode, Stage};
use std::sync::Arc;

fn finish(g: &mut Game, success: bool, xp: u32) {
    let s = g.state_mut();
    s.outcome = Some(if success {
        Outcome::Success
    } else {
        Outcome::Failure("test".into())
    });
    s.tally = Some(Tally {
        lines: vec![(Task::InflictCasualty, xp, xp)],
        total: xp,
    });
}

/// Takes the debrief and goes on to the first stage with a decision.
fn past_debrief(c: &mut Campaign) {
    assert_eq!(c.between.as_ref().unwrap().stage, Stage::Debrief);
    assert_eq!(c.choices(), vec![Choice::Next]);
    c.choose(&Choice::Next).unwrap();
}

fn stage(c: &Campaign) -> Option<Stage> {
    c.between.as_ref().map(|b| b.stage)
}

#[test]
fn rule_10_3_2_a_promotion_the_rules_forbid_is_not_offered_and_is_refused_with_why() {
    let (mut c, mut g, d) = started(Mode::Survivor);
    for m in &mut c.roster {
        m.steps = vec![L; m.steps.len()];
    }
    let m = c.roster.iter_mut().find(|m| m.id == "2_1").unwrap();
    m.steps[0] = G;
    m.steps[1] = G;
    // A failed mission in survivor mode bars the CO HQ's promotion (11.2).
    c.failed_once = true;
    finish(&mut g, false, 3);
    c.end_mission(&d, &g);
    past_debrief(&mut c);
    assert_eq!(stage(&c), Some(Stage::Promote));
    let open = c.choices();
    assert!(
        !open
            .iter()
            .any(|x| matches!(x, Choice::Promote(id, _) if id == "co_hq"))
    );
    let e = c.choose(&Choice::Promote("co_hq".into(), L)).unwrap_err();
    assert!(e.contains("11.2"), "{e}");
    // Line to Veteran costs 3: offered with 3 points.
    assert!(open.contains(&Choice::Promote("2_2".into(), L)));
    // One level per step per mission: a Green step of 1/2 goes to Line
    // for 1 point; then 2 points are left, too few for Line to Veteran,
    // and that step may not go up again anyway.
    c.choose(&Choice::Promote("2_1".into(), G)).unwrap();
    assert_eq!(c.between.as_ref().unwrap().points, 2);
    let open = c.choices();
    assert!(
        open.iter().all(|x| !matches!(x, Choice::Promote(_, L))),
        "Line to Veteran needs 3 points: {open:?}"
    );
    let e = c.choose(&Choice::Promote("2_2".into(), L)).unwrap_err();
    assert!(e.contains("10.3.2"), "{e}");
    // A Veteran step goes no higher.
    assert!(!open.iter().any(|x| matches!(x, Choice::Promote(_, V))));
    // The refusal changed nothing.
    assert_eq!(c.between.as_ref().unwrap().points, 2);
    assert_eq!(member(&c, "2_1").steps[0], L);
}

#[test]
fn rule_10_3_2_the_promotion_offer_says_what_it_does_to_the_combined_level() {
    let (mut c, mut g, d) = started(Mode::Standard);
    // 1/2: three Line steps and a Green one: Line (10.6); each step of
    // its Line ones raised to Veteran leaves it Line until enough are.
    let m = c.roster.iter_mut().find(|m| m.id == "2_1").unwrap();
    m.steps = vec![V, V, G, G];
    finish(&mut g, true, 5);
    c.end_mission(&d, &g);
    past_debrief(&mut c);
    // [V V G G] is Line; a Green step to Line gives [V V L G]: Line still.
    assert_eq!(c.promotion_preview("2_1", G), (L, L));
    let label = c.choice_label(&d, &Choice::Promote("2_1".into(), G));
    assert!(label.contains("stays line (10.6)"), "{label}");
}

#[test]
fn rule_10_4_four_casualty_steps_give_one_veteran_replacement_the_player_places() {
    let (mut c, mut g, d) = started(Mode::Standard);
    for m in &mut c.roster {
        m.steps = vec![L; m.steps.len()];
    }
    // Four casualty steps: 1/2 and 2/2 lose two steps each.
    for sq in ["2_1", "2_2"] {
        let id = g.state().by_roster(sq).unwrap().id;
        let u = g.state().unit(id).clone();
        g.state_mut().unit_mut(id).steps = u.steps - 2;
        for _ in 0..2 {
            let t = fof::engine::kernel::units::spawn_team(&mut g, &u, UnitKind::Casualty);
            let _ = t;
        }
    }
    finish(&mut g, true, 0);
    c.end_mission(&d, &g);
    let b = c.between.clone().unwrap();
    assert_eq!(b.veterans, 1, "one veteran per four casualty steps");
    past_debrief(&mut c);
    assert_eq!(stage(&c), Some(Stage::Replace));
    // The suggestion and the player's choice may differ: place the veteran
    // in 2/2 whatever the suggestion.
    let open = c.choices();
    assert!(open.contains(&Choice::Replace("2_1".into())), "{open:?}");
    assert!(open.contains(&Choice::Replace("2_2".into())), "{open:?}");
    let before = member(&c, "2_2").steps.len();
    c.choose(&Choice::Replace("2_2".into())).unwrap();
    let m = member(&c, "2_2");
    assert_eq!(m.steps.len(), before + 1);
    assert_eq!(*m.steps.last().unwrap(), V, "the veteran joins 2/2");
    assert_eq!(c.between.as_ref().map(|b| b.veterans), Some(0));
    // A unit at full strength takes none.
    let full = c
        .roster
        .iter()
        .find(|m| m.counter().len() == m.full as usize && m.kind == UnitKind::Squad)
        .unwrap()
        .id
        .clone();
    if stage(&c) == Some(Stage::Replace) {
        let e = c.choose(&Choice::Replace(full)).unwrap_err();
        assert!(e.contains("10.4"), "{e}");
    }
}

#[test]
fn rule_10_5_the_player_chooses_which_veteran_steps_rotate_home() {
    let (mut c, _, d) = started(Mode::Standard);
    // The campaign rotates one veteran step after its third mission.
    c.next = 2;
    let mut g = c.start(&d, Options::default()).unwrap();
    for m in &mut c.roster {
        m.steps = vec![V; m.steps.len()];
    }
    finish(&mut g, true, 0);
    c.end_mission(&d, &g);
    assert_eq!(c.between.as_ref().unwrap().rotations, 1);
    while stage(&c).is_some_and(|s| s != Stage::Rotate) {
        let x = c.suggestion().unwrap_or(Choice::Next);
        c.choose(&x).unwrap();
    }
    assert_eq!(stage(&c), Some(Stage::Rotate));
    let open = c.choices();
    // Only counters of two steps or more: no HQ leaves.
    assert!(open.iter().all(|x| match x {
        Choice::Rotate(id) => member(&c, id).counter().len() >= 2,
        _ => false,
    }));
    let pick = open.last().unwrap().clone();
    let Choice::Rotate(id) = &pick else {
        unreachable!()
    };
    let before = member(&c, id).steps.len();
    c.choose(&pick).unwrap();
    assert_eq!(member(&c, id).steps.len(), before - 1);
    assert_eq!(c.between, None, "the last decision closes the procedure");
}

#[test]
fn rule_10_7_every_skill_is_offered_to_plt_hqs_three_at_most_and_none_to_the_co_hq() {
    let (mut c, mut g, d) = started(Mode::Standard);
    for m in &mut c.roster {
        m.steps = vec![V; m.steps.len()];
    }
    finish(&mut g, true, 40);
    c.end_mission(&d, &g);
    past_debrief(&mut c);
    assert_eq!(stage(&c), Some(Stage::Skills), "nothing to promote");
    let plt = c
        .roster
        .iter()
        .find(|m| m.kind == UnitKind::Hq && m.id != "co_hq")
        .unwrap()
        .id
        .clone();
    let open = c.choices();
    for k in Skill::ALL {
        assert!(open.contains(&Choice::Skill(plt.clone(), k)), "{k:?}");
        assert!(!open.contains(&Choice::Skill("co_hq".into(), k)));
    }
    let e = c
        .choose(&Choice::Skill("co_hq".into(), Skill::Drilled))
        .unwrap_err();
    assert!(e.contains("10.7"), "{e}");
    for k in [Skill::Leadership, Skill::KeenEye, Skill::Stalker] {
        c.choose(&Choice::Skill(plt.clone(), k)).unwrap();
    }
    assert_eq!(
        member(&c, &plt).skills,
        vec![Skill::Leadership, Skill::KeenEye, Skill::Stalker]
    );
    assert!(
        !c.choices()
            .iter()
            .any(|x| matches!(x, Choice::Skill(id, _) if *id == plt)),
        "three markers at most"
    );
}

#[test]
fn rule_11_1_a_new_attempt_on_the_same_ground_rebuilds_no_squad_between_missions() {
    // The first mission given a second attempt.
    let mut d = DataSet::embedded().unwrap();
    let first = d.campaign("normandy_1944").unwrap().missions[0].clone();
    d.missions
        .iter_mut()
        .find(|m| m.id == first)
        .unwrap()
        .attempts = 2;
    let d = Arc::new(d);
    let mut c = Campaign::new(&d, "normandy_1944", Mode::Standard, 7).unwrap();
    let mut g = c.start(&d, Options::default()).unwrap();
    leave(&mut g, "2_1", 0, 3);
    finish(&mut g, false, 0);
    c.end_mission(&d, &g);
    assert!(c.carry.is_some(), "the mission is fought again");
    let debrief = c.what_follows(&d).join("\n");
    assert!(debrief.contains("same ground"), "{debrief}");
    while let Some(x) = c.suggestion() {
        assert!(!matches!(x, Choice::Reconstitute(_)));
        assert!(
            !c.choices()
                .iter()
                .any(|x| matches!(x, Choice::Reconstitute(_)))
        );
        c.choose(&x).unwrap();
    }
    assert_eq!(c.between, None);
}

#[test]
fn rule_11_3_the_player_chooses_which_squad_the_lone_teams_rebuild() {
    let (mut c, mut g, d) = started(Mode::Survivor);
    // 2/2 and 3/2 each lost their counter and kept one team: two lone
    // teams rebuild one squad, the player says which.
    leave(&mut g, "2_2", 0, 1);
    leave(&mut g, "2_3", 0, 1);
    finish(&mut g, false, 0);
    c.end_mission(&d, &g);
    past_debrief(&mut c);
    assert_eq!(stage(&c), Some(Stage::Reconstitute));
    let open = c.choices();
    assert_eq!(
        open,
        vec![
            Choice::Reconstitute("2_2".into()),
            Choice::Reconstitute("2_3".into())
        ]
    );
    assert_eq!(c.suggestion(), Some(Choice::Reconstitute("2_2".into())));
    // Going on while a squad can be rebuilt is refused: the rule says to.
    let e = c.choose(&Choice::Next).unwrap_err();
    assert!(!e.is_empty());
    c.choose(&Choice::Reconstitute("2_3".into())).unwrap();
    assert_eq!(member(&c, "2_3").counter(), &[G, G][..]);
    assert_eq!(member(&c, "2_2").steps.len(), 0);
    assert_ne!(stage(&c), Some(Stage::Reconstitute), "no teams are left");
    let decided = &c.records.last().unwrap().decided;
    assert!(
        decided
            .iter()
            .any(|l| l.contains("3/2") && l.contains("11.3")),
        "{decided:?}"
    );
}
