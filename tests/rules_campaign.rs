//! The campaign between missions: experience (10.3.2), replacements
//! (10.4), rotations (10.5), combined experience (10.6), reattempts (11.1)
//! and campaign modes (11.2); and a whole campaign played by the random
//! bot.

use crate::common;
use common::{leave, member, new_data, started};
use fof::engine::Answer;

use fof::data::DataSet;
use fof::data::action::Experience::{self, Green as G, Line as L, Veteran as V};
use fof::data::units::UnitKind;
use fof::engine::kernel::state::{Outcome, Tally};
use fof::engine::{Game, Options};
use fof::play::campaign::{Campaign, End, Mode, combined, promotion_cost};
use std::sync::Arc;

#[test]
fn rule_10_6_the_combined_experience_of_multi_step_units() {
    let cases: &[(&[Experience], Experience)] = &[
        // Two steps.
        (&[V, G], L),
        (&[V, L], L),
        (&[L, G], G),
        (&[V, V], V),
        // Three steps.
        (&[V, V, G], L),
        (&[V, V, L], V),
        (&[L, L, V], L),
        (&[L, L, G], L),
        (&[G, G, V], L),
        (&[G, G, L], G),
        (&[V, L, G], L),
        (&[G, G, G], G),
        // Four steps.
        (&[V, V, V, G], V),
        (&[V, V, G, G], L),
        (&[V, V, L, L], L),
        (&[L, L, L, G], L),
        (&[L, L, V, G], L),
        (&[L, L, G, G], G),
        (&[G, G, G, V], G),
        // Not in the tables: decided Green.
        (&[V, L, G, G], G),
    ];
    for (steps, want) in cases {
        let mut s = steps.to_vec();
        assert_eq!(combined(&s), *want, "{steps:?}");
        // The order of the steps does not matter.
        s.reverse();
        assert_eq!(combined(&s), *want, "{s:?}");
    }
}

fn finish(g: &mut Game, success: bool, xp: u32) {
    let s = g.state_mut();
    s.outcome = Some(if success {
        Outcome::Success
    } else {
        Outcome::Failure("test".into())
    });
    s.tally = Some(Tally {
        lines: Vec::new(),
        total: xp,
    });
}

#[test]
fn rule_10_3_2_promotions_cost_one_then_three_points_one_level_per_mission() {
    assert_eq!(promotion_cost(G), Some(1));
    assert_eq!(promotion_cost(L), Some(3));
    assert_eq!(promotion_cost(V), None);
    let (mut c, _, _) = started(Mode::Standard);
    for m in &mut c.roster {
        m.steps = vec![G; m.steps.len()];
    }
    let co_steps = member(&c, "co_hq").steps.len();
    // Enough for every step: each rises one level only; attached units
    // are not the company's to promote (10.3.2).
    let attached = c.attached.clone();
    assert!(c.roster.iter().any(|m| attached.contains(&m.id)));
    let total: usize = c
        .roster
        .iter()
        .filter(|m| !attached.contains(&m.id))
        .map(|m| m.steps.len())
        .sum();
    let (done, _) = c.promote(10_000);
    assert_eq!(done.len(), total);
    for m in &c.roster {
        let want = if attached.contains(&m.id) { G } else { L };
        assert!(m.steps.iter().all(|e| *e == want), "{}", m.id);
    }
    // Leaders first: with one point only the CO HQ rises.
    for m in &mut c.roster {
        m.steps = vec![G; m.steps.len()];
    }
    c.promote(co_steps as u32);
    assert!(member(&c, "co_hq").steps.iter().all(|e| *e == L));
    let others: usize = c
        .roster
        .iter()
        .filter(|m| m.id != "co_hq")
        .flat_map(|m| m.steps.iter())
        .filter(|e| **e == L)
        .count();
    assert_eq!(others, 0);
    // Line to Veteran costs three: two points buy nothing at Line.
    for m in &mut c.roster {
        m.steps = vec![L; m.steps.len()];
    }
    assert!(c.promote(2).0.is_empty());
}

#[test]
fn rule_10_3_2_steps_ending_as_lats_are_demoted_to_green_and_casualties_lost() {
    let (mut c, mut g, d) = started(Mode::Standard);
    let sq = c
        .roster
        .iter()
        .find(|m| m.kind == UnitKind::Squad)
        .unwrap()
        .id
        .clone();
    let before = member(&c, &sq).steps.len();
    for m in &mut c.roster {
        m.steps = vec![V; m.steps.len()];
    }
    // The squad loses a step as a casualty and one to a fire team.
    let u = g.state().by_roster(&sq).unwrap().clone();
    g.state_mut().unit_mut(u.id).steps -= 2;
    let team = fof::engine::kernel::units::spawn_team(&mut g, &u, UnitKind::FireTeam);
    let cas = fof::engine::kernel::units::spawn_team(&mut g, &u, UnitKind::Casualty);
    assert!(g.state().unit(team).in_play() && g.state().unit(cas).in_play());
    finish(&mut g, false, 0);
    let r = c.after_mission(&d, &g);
    assert_eq!(r.casualties, 1);
    let m = member(&c, &sq);
    assert_eq!(m.steps.len(), before - 1);
    assert_eq!(
        m.steps.iter().filter(|e| **e == G).count(),
        1,
        "{:?}",
        m.steps
    );
}

#[test]
fn rule_10_4_replacements_come_after_a_success_with_a_veteran_per_four_casualties() {
    let (mut c, mut g, d) = started(Mode::Standard);
    // Eight casualty steps across the squads.
    let squads: Vec<String> = c
        .roster
        .iter()
        .filter(|m| m.kind == UnitKind::Squad)
        .map(|m| m.id.clone())
        .collect();
    let mut lost = 0;
    for id in &squads {
        if lost == 8 {
            break;
        }
        let u = g.state().by_roster(id).unwrap().clone();
        let n = (u.steps - 1).min(8 - lost);
        g.state_mut().unit_mut(u.id).steps -= n;
        for _ in 0..n {
            fof::engine::kernel::units::spawn_team(&mut g, &u, UnitKind::Casualty);
        }
        lost += n;
    }
    assert_eq!(lost, 8);
    let before = c.steps();
    let mut failed = c.clone();
    finish(&mut g, true, 0);
    let r = c.after_mission(&d, &g);
    let green = d.campaign("normandy_1944").unwrap().replacements[0] as u32;
    assert_eq!(
        (r.casualties, r.veterans_returned, r.replacements),
        (8, 2, green)
    );
    assert_eq!(c.steps(), before - 8 + 2 + green as usize);
    assert!(c.roster.iter().all(|m| m.steps.len() <= m.full as usize));
    // A failure brings none (10.4).
    finish(&mut g, false, 0);
    let r = failed.after_mission(&d, &g);
    assert_eq!((r.veterans_returned, r.replacements), (0, 0));
    assert_eq!(failed.steps(), before - 8);
}

#[test]
fn rule_11_1_a_failed_mission_is_attempted_again_while_attempts_remain() {
    let mut d = DataSet::embedded().unwrap();
    let first = d.campaign("normandy_1944").unwrap().missions[0].clone();
    let attempts = 3;
    d.missions
        .iter_mut()
        .find(|m| m.id == first)
        .unwrap()
        .attempts = attempts;
    let d = Arc::new(d);
    let mut c = Campaign::new(&d, "normandy_1944", Mode::Standard, 1).unwrap();
    for k in 0..attempts {
        let mut g = c.start(&d, Options::default()).unwrap();
        assert_eq!(g.state().mission, first);
        let seed = g.state().seed;
        finish(&mut g, false, 0);
        c.after_mission(&d, &g);
        if k + 1 < attempts {
            assert_eq!(c.end, None);
            assert_eq!(c.attempt, k + 1);
            assert_ne!(c.next_seed(), seed, "a new deal");
        }
    }
    // Standard: out of attempts, relieved of command (11.2).
    assert!(matches!(&c.end, Some(End::Lost(w)) if w.contains("relieves")));
}

#[test]
fn rule_11_2_survivor_goes_on_after_a_failure_but_the_co_hq_is_not_promoted() {
    let d = new_data();
    let mut c = Campaign::new(&d, "normandy_1944", Mode::Survivor, 1).unwrap();
    let first = c.next_mission(&d).unwrap().to_string();
    let attempts = d.mission(&first).unwrap().attempts;
    for _ in 0..attempts {
        let mut g = c.start(&d, Options::default()).unwrap();
        finish(&mut g, false, 0);
        c.after_mission(&d, &g);
    }
    assert_eq!(c.end, None);
    assert_ne!(c.next_mission(&d).unwrap(), first);
    for m in &mut c.roster {
        m.steps = vec![G; m.steps.len()];
    }
    c.promote(100);
    assert!(member(&c, "co_hq").steps.iter().all(|e| *e == G));
    assert!(c.roster.iter().any(|m| m.steps.contains(&L)));
}

#[test]
fn rule_11_2_hardcore_and_survivor_end_when_the_co_hq_falls() {
    for (mode, ends) in [
        (Mode::Standard, false),
        (Mode::Survivor, true),
        (Mode::Hardcore, true),
    ] {
        let (mut c, mut g, d) = started(mode);
        let co = g.state().by_roster("co_hq").unwrap().id;
        g.state_mut().unit_mut(co).kind = UnitKind::Casualty;
        finish(&mut g, true, 0);
        c.after_mission(&d, &g);
        assert_eq!(
            matches!(&c.end, Some(End::Lost(w)) if w.contains("CO HQ")),
            ends,
            "{mode:?}"
        );
        if !ends {
            // The CO HQ is rebuilt, Green (10.4).
            assert_eq!(member(&c, "co_hq").steps, vec![G]);
        }
    }
}

#[test]
fn rule_10_5_rotations_take_veteran_steps_home() {
    let (mut c, _, _) = started(Mode::Standard);
    for m in &mut c.roster {
        m.steps = vec![V; m.steps.len()];
    }
    let before = c.steps();
    c.rotate(2);
    assert_eq!(c.steps(), before - 2);
}

/// Plays a campaign to its end with the random bot, checking the books
/// after every mission; returns the campaign.
fn play_out(d: &Arc<DataSet>, mode: Mode, seed: u64) -> Campaign {
    play_campaign(d, "normandy_1944", mode, seed)
}

/// [`play_out`] for any campaign.
fn play_campaign(d: &Arc<DataSet>, id: &str, mode: Mode, seed: u64) -> Campaign {
    let mut c = Campaign::new(d, id, mode, seed).unwrap();
    let mut rng = fof::play::sim::bot_rng(seed);
    let mut played = 0;
    while c.end.is_none() {
        let fresh = c.carry.is_none();
        let mut g = c.start(d, Options::default()).unwrap();
        // The company goes in as the roster says: 11.3 step 3, a fresh
        // mission puts each unit's teams on the map as Green fire teams,
        // its counter out of play when it has no step.
        for m in c.roster.iter().filter(|_| fresh) {
            let s = g.state();
            if s.by_roster(&m.id).is_none() {
                // Not sent on this mission.
                continue;
            }
            let teams = s
                .member_units(&m.id)
                .iter()
                .filter(|t| t.roster.is_none() && t.in_play())
                .filter(|t| t.kind == UnitKind::FireTeam && t.experience == G)
                .count();
            assert_eq!(teams, m.teams as usize, "{m:?}");
            let u = s.by_roster(&m.id).unwrap();
            assert_eq!(u.in_play(), !m.counter().is_empty(), "{m:?}");
        }
        for m in &c.roster {
            if let Some(u) = g.state().by_roster(&m.id)
                && u.in_play()
            {
                let n = fof::play::campaign::steps_of(g.state(), &m.id).unwrap();
                assert_eq!(
                    n,
                    m.steps.len(),
                    "{m:?} {:?}",
                    g.state()
                        .member_units(&m.id)
                        .iter()
                        .map(|u| (u.label.clone(), u.kind, u.steps, u.removed))
                        .collect::<Vec<_>>()
                );
                // A fresh mission sends each counter in at its steps'
                // combined level (10.6). (On the same ground, 11.1 step 2,
                // the engine joins a unit's teams to its counter, which
                // keeps its own level: not checked there.)
                if fresh {
                    assert_eq!(u.experience, m.level(), "{}", m.id);
                }
                // 1.2.3 A: no one-step squad ever enters a mission.
                assert!(
                    !(u.kind == UnitKind::Squad && u.steps < 2),
                    "{} enters as a one-step squad",
                    m.id
                );
                // 2.3.3: attached units are Line.
                if c.attached.contains(&m.id) {
                    assert_eq!(u.experience, L, "{}", m.id);
                }
            }
        }
        let mut n = 0;
        while !g.is_over() && n < fof::play::sim::MAX_INPUTS {
            let legal = g.legal_inputs();
            let i =
                fof::play::sim::choose(fof::play::sim::Bot::Random, &mut rng, &g, &legal).unwrap();
            g.apply(&i).unwrap();
            n += 1;
        }
        assert!(g.is_over(), "mission {} stalled", g.state().mission);
        assert!(g.state().tally.is_some(), "experience tallied at the end");
        let before = c.own_steps();
        let mode = c.mode;
        let r = c.after_mission(d, &g);
        played += 1;
        let s = g.state();
        // 2.3.3, 10.4: attached units stay Line.
        for m in &c.roster {
            if c.attached.contains(&m.id) {
                assert!(m.steps.iter().all(|e| *e == L), "{m:?}");
            }
        }
        // 10.2.1-10.2.2: a counter rebuilt in the mission comes out at its
        // rebuilt level, one promotion at most (10.3.2): a rebuilt HQ is
        // never Veteran next time.
        for u in s.units.iter().filter(|u| u.rebuilt && u.in_play()) {
            if let Some(id) = &u.roster
                && !c.attached.contains(id)
                && let Some(m) = c.roster.iter().find(|m| &m.id == id)
                && u.kind == UnitKind::Hq
                && !m.steps.is_empty()
            {
                assert_ne!(m.level(), V, "{id} rebuilt Green, now {m:?}");
            }
        }
        // 11.2: a CO HQ that became a casualty ends survivor and hardcore.
        let co_fell = s
            .member_units("co_hq")
            .iter()
            .any(|u| u.kind == UnitKind::Casualty);
        if co_fell && matches!(mode, Mode::Survivor | Mode::Hardcore) {
            assert!(
                matches!(c.end, Some(End::Lost(_))),
                "the CO HQ fell: {:?}",
                c.end
            );
        }
        for m in &c.roster {
            assert!(m.steps.len() <= m.full as usize, "{m:?} after {r:?}");
        }
        assert!(
            c.own_steps()
                <= before
                    + r.replacements as usize
                    + r.veterans_returned as usize
                    + r.leaders_sent as usize,
            "no step from nowhere"
        );
        assert!(played <= 30, "the campaign ends");
    }
    assert_eq!(c.records.len(), played);
    c
}

/// The whole campaign with the random bot: every mission ends by its own
/// conditions, the roster goes into each mission as it left the last one
/// and stays within its counters' strength, and the campaign ends won or
/// lost. In survivor mode some seed carries the company through every
/// mission.
#[test]
fn a_whole_campaign_played_by_the_random_bot_keeps_its_books() {
    let d = new_data();
    let c = play_out(&d, Mode::Standard, 11);
    assert!(c.end.is_some());
    let n = d.campaign("normandy_1944").unwrap().missions.len();
    let won = (1..=200u64)
        .map(|seed| play_out(&d, Mode::Survivor, seed))
        .find(|c| c.end == Some(End::Won))
        .expect("some survivor campaign reaches the end");
    let distinct: std::collections::BTreeSet<_> =
        won.records.iter().map(|r| r.mission.clone()).collect();
    assert_eq!(distinct.len(), n, "every mission was fought");
    // 11.2: a survivor campaign is won by the CO HQ's life, and its words
    // say so rather than claim every mission (some may have failed).
    let status = fof::play::campaign::status(&won, &d);
    assert!(
        status.contains("The campaign is won: the CO HQ came through every mission alive."),
        "{status}"
    );
    let standard = fof::play::campaign::status(&c, &d);
    assert!(!standard.contains("CO HQ came through"), "{standard}");
    // A counter out of play, its last step a fire team, lists no step
    // letters (a play test read "0/1 steps [] and a fire team" as a
    // fault), and the roster says what the letters mean.
    let mut out = c.clone();
    let m = out
        .roster
        .iter_mut()
        .find(|m| m.steps.len() == 1)
        .expect("a one-step unit");
    m.teams = 1;
    let label = m.label.clone();
    let status = fof::play::campaign::status(&out, &d);
    let line = status
        .lines()
        .find(|l| l.trim_start().starts_with(&label))
        .unwrap();
    assert!(
        line.contains("out of play") && line.contains("0/1 steps and a fire team"),
        "{line}"
    );
    assert!(!status.contains("[]") && !status.contains("()"), "{status}");
    assert!(status.contains("G green, L line, V veteran"), "{status}");
}

/// Every shipped campaign (Normandy 1944 and the two of Korea) played by
/// the random bot in standard mode to its end, won or lost (11.2), with
/// its books checked after each mission (in `play_campaign`); and in
/// survivor mode some early seed carries the company through every
/// mission of each Korea campaign, its books checked too.
#[test]
fn rule_11_2_every_shipped_campaign_is_played_through_by_the_random_bot() {
    let d = new_data();
    assert!(d.campaigns.len() >= 3, "Normandy and the two of Korea");
    for campaign in &d.campaigns {
        for seed in [5, 6] {
            let c = play_campaign(&d, &campaign.id, Mode::Standard, seed);
            assert!(c.end.is_some(), "{} {seed}", campaign.id);
            assert!(!c.records.is_empty(), "{} {seed}", campaign.id);
        }
    }
    for id in ["korea_1950", "korea_1951"] {
        let won = (1..=40u64)
            .map(|seed| play_campaign(&d, id, Mode::Survivor, seed))
            .find(|c| c.end == Some(End::Won))
            .unwrap_or_else(|| panic!("some survivor campaign of {id} reaches the end"));
        let fought: std::collections::BTreeSet<_> =
            won.records.iter().map(|r| r.mission.clone()).collect();
        let n = d.campaign(id).unwrap().missions.len();
        assert_eq!(fought.len(), n, "{id}: every mission was fought");
    }
}

/// 10.2-10.6, 11.2, 11.3: the books after each mission of whole campaigns
/// in every mode (the checks are in `play_out`).
#[test]
fn rule_11_3_every_mode_keeps_the_company_books_mission_after_mission() {
    let d = new_data();
    for mode in [Mode::Standard, Mode::Survivor, Mode::Hardcore] {
        for seed in 21..24u64 {
            let c = play_out(&d, mode, seed);
            assert!(c.end.is_some(), "{mode:?} {seed}");
        }
    }
}

#[test]
fn rule_10_2_2_a_rebuilt_veteran_hq_enters_the_next_mission_green() {
    let (mut c, mut g, d) = started(Mode::Standard);
    for m in &mut c.roster {
        if m.id == "2plt_hq" {
            m.steps = vec![V];
        }
    }
    // The HQ is lost and rebuilt from a squad's step: Green (10.2.2).
    let hq = g.state().by_roster("2plt_hq").unwrap().id;
    {
        let u = g.state_mut().unit_mut(hq);
        u.experience = G;
        u.rebuilt = true;
    }
    finish(&mut g, true, 0);
    c.after_mission(&d, &g);
    assert_eq!(member(&c, "2plt_hq").level(), G);
    let g2 = c.start(&d, Options::default()).unwrap();
    let u = g2.state().by_roster("2plt_hq").unwrap();
    assert_eq!(u.experience, G, "Green in the next mission");
}

#[test]
fn rule_1_2_3_a_a_squad_down_to_one_step_enters_the_next_mission_as_a_fire_team() {
    let (mut c, _, d) = started(Mode::Standard);
    for m in &mut c.roster {
        if m.id == "2_1" {
            m.steps = vec![V];
        }
    }
    let id = c.next_mission(&d).unwrap().to_string();
    let m = c.mission_for(&d, &id).unwrap();
    let e = m.company.iter().find(|e| e.id == "2_1").unwrap();
    assert_eq!((e.steps, e.teams), (Some(0), 1), "{e:?}");
    let g = c.start(&d, Options::default()).unwrap();
    let s = g.state();
    assert!(!s.by_roster("2_1").unwrap().in_play(), "no one-step squad");
    let mine = s.member_units("2_1");
    let team: Vec<_> = mine.iter().filter(|u| u.in_play()).collect();
    assert_eq!(team.len(), 1);
    assert_eq!(team[0].kind, UnitKind::FireTeam);
    assert_eq!(team[0].experience, G, "an LAT is Green (10.2.1)");
}

#[test]
fn rule_11_3_leftover_lats_stay_fire_teams_into_the_next_mission() {
    let (mut c, mut g, d) = started(Mode::Standard);
    for m in &mut c.roster {
        m.steps = vec![V; m.steps.len()];
    }
    // 1/2 ends at two steps with a team of its own beside it: no
    // supplement is made between missions (4.2.3 h is an order in play).
    leave(&mut g, "2_1", 2, 1);
    finish(&mut g, false, 0);
    c.after_mission(&d, &g);
    let m = member(&c, "2_1");
    assert_eq!(m.counter(), &[V, V]);
    assert_eq!((m.teams, m.steps.len()), (1, 3), "{m:?}");
    assert_eq!(m.steps[2], G, "the team's step is demoted (10.3.2)");
    // A fresh mission from the roster (not the same ground of 11.1, nor
    // the end of a campaign lost) puts the team beside its squad.
    c.carry = None;
    c.end = None;
    let g2 = c.start(&d, Options::default()).unwrap();
    let s = g2.state();
    let sq = s.by_roster("2_1").unwrap();
    assert!(sq.in_play());
    assert_eq!((sq.steps, sq.experience), (2, V));
    let teams: Vec<_> = s
        .member_units("2_1")
        .into_iter()
        .filter(|u| u.roster.is_none() && u.in_play())
        .collect();
    assert_eq!(teams.len(), 1);
    assert_eq!(
        (teams[0].kind, teams[0].experience),
        (UnitKind::FireTeam, G)
    );
    assert_eq!(teams[0].pos, sq.pos, "beside its squad");
    assert_eq!(teams[0].hq, sq.hq, "under its squad's HQ");
}

#[test]
fn rule_11_3_squads_out_of_play_are_reconstituted_from_two_teams_or_more() {
    // Survivor: the failed mission is not fought again on the same ground
    // (11.1), so the company is rebuilt between missions.
    let (mut c, mut g, d) = started(Mode::Survivor);
    // 1/2 lost its counter, three teams remain: a three-step squad again,
    // Green (10.2.1). 2/2 and 3/2 each lost theirs with a lone team: one
    // of them is rebuilt from both teams, the other is left without one.
    leave(&mut g, "2_1", 0, 3);
    leave(&mut g, "2_2", 0, 1);
    leave(&mut g, "2_3", 0, 1);
    finish(&mut g, false, 0);
    c.after_mission(&d, &g);
    let m = member(&c, "2_1");
    assert_eq!((m.counter(), m.teams), (&[G, G, G][..], 0), "{m:?}");
    let (a, b) = (member(&c, "2_2"), member(&c, "2_3"));
    assert_eq!((a.counter(), a.teams), (&[G, G][..], 0), "{a:?}");
    assert_eq!(b.steps.len(), 0, "{b:?}");
    // A lone team with nobody to join stays a fire team.
    let (mut c, mut g, d) = started(Mode::Survivor);
    leave(&mut g, "2_1", 0, 1);
    finish(&mut g, false, 0);
    c.after_mission(&d, &g);
    let m = member(&c, "2_1");
    assert_eq!((m.counter().len(), m.teams), (0, 1), "{m:?}");
}

/// 10.2.2, 10.4: after a failed mission the company moves on with its
/// leaders (survivor mode: no second attempt). A PLT HQ whose last step
/// became a fire team is rebuilt from that team, which no squad takes
/// first; one lost outright is sent again by the battalion, Green, and the
/// record counts that step (there are no replacements after a failure).
/// Without the fix the company went into the next mission with no PLT
/// HQs, and their team steps went to rebuild squads.
#[test]
fn rule_10_2_2_leaders_lost_in_a_failed_mission_lead_the_next_one() {
    // The PLT HQ's last step became a fire team, and a squad is down to a
    // lone team that the HQ's team would complete: the HQ comes back from
    // its own team.
    let (mut c, mut g, d) = started(Mode::Survivor);
    leave(&mut g, "2plt_hq", 0, 1);
    leave(&mut g, "2_1", 0, 1);
    finish(&mut g, false, 0);
    let r = c.after_mission(&d, &g);
    assert!(c.end.is_none(), "survivor mode moves on");
    assert_eq!(r.replacements, 0, "no replacements after a failure");
    let hq = member(&c, "2plt_hq");
    assert_eq!((hq.counter(), hq.teams), (&[G][..], 0), "{hq:?}");
    let sq = member(&c, "2_1");
    assert_eq!((sq.counter().len(), sq.teams), (0, 1), "{sq:?}");
    assert_eq!(r.leaders_sent, 0, "{r:?}");
    // Lost outright: the battalion sends it, and the record counts it.
    let (mut c, mut g, d) = started(Mode::Survivor);
    leave(&mut g, "2plt_hq", 0, 0);
    finish(&mut g, false, 0);
    let r = c.after_mission(&d, &g);
    let hq = member(&c, "2plt_hq");
    assert_eq!((hq.counter(), hq.teams), (&[G][..], 0), "{hq:?}");
    assert_eq!(r.leaders_sent, 1, "{r:?}");
    assert!(
        r.decided.iter().any(|n| n.contains("battalion")),
        "{:?}",
        r.decided
    );
    assert!(c.between.is_none(), "after_mission settles the decisions");
    let g = c.start(&d, Options::default()).unwrap();
    let u = g.state().by_roster("2plt_hq").unwrap();
    assert!(u.in_play() && u.steps == 1, "{u:?}");
}

#[test]
fn rule_10_4_a_replacement_brings_a_squad_back_with_its_team() {
    let (mut c, _, _) = started(Mode::Standard);
    let full = member(&c, "2_1").full as usize;
    for m in &mut c.roster {
        if m.id == "2_1" {
            m.steps = vec![G];
            m.teams = 1;
        } else {
            m.steps = vec![V; m.full as usize];
        }
    }
    c.replace(0, 1);
    let m = member(&c, "2_1");
    assert_eq!((m.counter().len(), m.teams), (2, 0), "{m:?}");
    assert!(m.steps.len() <= full);
}

#[test]
fn rule_2_3_3_attached_units_stay_line_and_are_replaced_after_every_mission() {
    let (mut c, mut g, d) = started(Mode::Standard);
    let Some(att) = c
        .attached
        .iter()
        .find(|a| g.state().by_roster(a).is_some())
        .cloned()
    else {
        panic!("the first mission has an attached unit")
    };
    let Some(u) = g.state().by_roster(&att).map(|u| u.id) else {
        panic!("{att} in the first mission")
    };
    // It ends the mission as a team (an LAT) and the mission fails for good.
    g.state_mut().unit_mut(u).kind = UnitKind::FireTeam;
    finish(&mut g, false, 10);
    let attempts = d.mission(&g.state().mission).unwrap().attempts;
    c.attempt = attempts - 1;
    c.after_mission(&d, &g);
    let m = member(&c, &att);
    assert!(m.steps.iter().all(|e| *e == L), "never demoted: {m:?}");
    assert_eq!(
        m.steps.len(),
        m.full as usize,
        "replaced after a failure too"
    );
}

#[test]
fn rule_10_7_points_left_after_promotions_buy_skills_for_one_mission() {
    let (mut c, mut g, d) = started(Mode::Standard);
    // Everyone a veteran: nothing to promote, all points go to skills.
    for m in &mut c.roster {
        m.steps = vec![V; m.steps.len()];
    }
    let plts: Vec<String> = c
        .roster
        .iter()
        .filter(|m| m.kind == UnitKind::Hq && m.id != "co_hq")
        .map(|m| m.id.clone())
        .collect();
    finish(&mut g, true, 100);
    let r = c.after_mission(&d, &g);
    // Three markers at most per PLT HQ; the rest of the points are lost.
    assert_eq!(r.skills.len(), 3 * plts.len());
    let holder = plts[0].clone();
    assert_eq!(member(&c, &holder).skills.len(), 3);
    // The next mission starts with them.
    let mut g = c.start(&d, Options::default()).unwrap();
    let hid = g.state().by_roster(&holder).map(|u| u.id);
    if let Some(h) = hid {
        assert_eq!(g.state().skills.iter().filter(|s| s.0 == h).count(), 3);
    }
    // And they are gone after it, used or not.
    finish(&mut g, true, 0);
    c.after_mission(&d, &g);
    assert!(c.roster.iter().all(|m| m.skills.is_empty()));
}

/// The campaign with the night patrol first, fought as two patrols of one
/// attempt each.
fn patrol_data() -> Arc<DataSet> {
    let mut d = DataSet::embedded().unwrap();
    let m = d
        .missions
        .iter_mut()
        .find(|m| m.id == "night_patrol")
        .unwrap();
    m.patrols = 2;
    m.attempts = 1;
    let c = d
        .campaigns
        .iter_mut()
        .find(|c| c.id == "normandy_1944")
        .unwrap();
    c.missions.retain(|m| m != "night_patrol");
    c.missions.insert(0, "night_patrol".into());
    Arc::new(d)
}

#[test]
fn rule_11_4_a_combat_patrol_missions_patrols_go_out_in_turn_over_the_same_ground() {
    let d = patrol_data();
    let mut c = Campaign::new(&d, "normandy_1944", Mode::Standard, 5).unwrap();
    let mut g = c.start(&d, Options::default()).unwrap();
    assert_eq!(g.state().patrol, 1);
    let ground: Vec<Vec<u8>> = g
        .state()
        .map
        .cards
        .iter()
        .map(|x| x.stack.clone())
        .collect();
    // The first patrol fails: in standard mode a patrol never ends the
    // campaign, and the second goes out.
    finish(&mut g, false, 0);
    c.after_mission(&d, &g);
    assert_eq!(c.end, None);
    assert_eq!(c.next_mission(&d), Some("night_patrol"));
    let g2 = c.start(&d, Options::default()).unwrap();
    assert_eq!(g2.state().patrol, 2);
    let again: Vec<Vec<u8>> = g2
        .state()
        .map
        .cards
        .iter()
        .map(|x| x.stack.clone())
        .collect();
    assert_eq!(again, ground, "the same map");
    assert!(
        g2.state().map.cards.iter().any(|x| x.markers.pc.is_some())
            || g2.log().iter().any(|e| e.rule.starts_with("9.1.5")),
        "new PC markers between patrols"
    );
    assert_eq!(g2.state().route_reached, 0, "the route is walked again");
    let mut g2 = g2;
    finish(&mut g2, true, 0);
    c.after_mission(&d, &g2);
    assert_ne!(
        c.next_mission(&d),
        Some("night_patrol"),
        "the mission is over"
    );
    assert!(c.carry.is_none());
}

#[test]
fn rule_10_3_3_after_a_patrol_only_its_units_are_promoted() {
    let d = patrol_data();
    let mut c = Campaign::new(&d, "normandy_1944", Mode::Standard, 5).unwrap();
    let mut g = c.start(&d, Options::default()).unwrap();
    common::keep_plan(&mut g);
    for m in &mut c.roster {
        m.steps = vec![G; m.steps.len()];
    }
    // The player sends the briefing's patrol out (11.4): 1st Platoon with
    // its attachments; the rest of the company stays where it stands.
    let sent = g.suggestion().unwrap();
    g.apply(&sent).unwrap();
    let fof::engine::Input::Answer(Answer::NamePatrol { units }) = sent else {
        panic!("the patrol is named first")
    };
    let out: Vec<String> = units
        .iter()
        .map(|u| g.state().unit(*u).roster.clone().unwrap())
        // Attached units (2.3.3) never gain experience.
        .filter(|id| !c.attached.contains(id))
        .collect();
    let home: Vec<String> = c
        .roster
        .iter()
        .filter(|m| !out.contains(&m.id) && !c.attached.contains(&m.id))
        .map(|m| m.id.clone())
        .collect();
    assert!(!out.is_empty() && !home.is_empty());
    finish(&mut g, true, 1000);
    c.after_mission(&d, &g);
    for m in c.roster.iter().filter(|m| !c.attached.contains(&m.id)) {
        let raised = m.steps.contains(&L);
        assert_eq!(raised, out.contains(&m.id), "{}", m.id);
    }
}

#[test]
fn rule_10_4_attached_units_come_back_whole_and_every_unit_takes_its_combined_level() {
    let (mut c, mut g, d) = started(Mode::Standard);
    let att = c
        .roster
        .iter()
        .find(|m| c.attached.contains(&m.id))
        .unwrap()
        .id
        .clone();
    // The attached unit was wiped out.
    let u = g.state().by_roster(&att).unwrap().id;
    g.state_mut().unit_mut(u).kind = UnitKind::Casualty;
    let sq = c
        .roster
        .iter()
        .find(|m| m.kind == UnitKind::Squad && m.full == 4 && !c.attached.contains(&m.id))
        .unwrap()
        .id
        .clone();
    let sqid = g.state().by_roster(&sq).unwrap().id;
    g.state_mut().unit_mut(sqid).steps = 4;
    for m in &mut c.roster {
        if m.id == sq {
            m.steps = vec![V, V, L, L];
        }
    }
    finish(&mut g, true, 0);
    c.after_mission(&d, &g);
    let a = member(&c, &att);
    assert_eq!(
        a.steps.len(),
        a.full as usize,
        "replaced by its parent unit"
    );
    assert_eq!(
        member(&c, &sq).steps,
        vec![L, L, L, L],
        "10.6: V+V+L+L is Line"
    );
}

#[test]
fn rule_2_1_a_campaign_begins_with_its_first_mission_and_any_mission_plays_alone() {
    let d = new_data();
    for camp in &d.campaigns {
        let c = Campaign::new(&d, &camp.id, Mode::Standard, 1).unwrap();
        assert_eq!(
            c.next_mission(&d),
            camp.missions.first().map(String::as_str)
        );
    }
    for m in &d.missions {
        let g = Game::new(d.clone(), &m.id, 1, Options::default());
        assert!(g.is_ok(), "{} plays on its own", m.id);
    }
}

#[test]
fn rule_2_3_1_the_mission_log_starts_with_each_units_level_ammunition_and_fire_support() {
    // What the log notes before play: every unit's experience and
    // ammunition, and the fire missions available.
    let d = new_data();
    for m in &d.missions {
        let g = Game::new(d.clone(), &m.id, 1, Options::default()).unwrap();
        let s = g.state();
        for e in &m.company {
            let u = s.by_roster(&e.id).unwrap();
            let t = d.unit_type(&e.unit_type.0).unwrap();
            assert_eq!(
                u.experience,
                t.experience.unwrap_or(e.experience),
                "{}",
                e.id
            );
            assert_eq!(
                u.ammo,
                t.ammo.map(|a| a.points),
                "{} starts with full ammunition",
                e.id
            );
        }
        let listed: u32 = m
            .fire_support
            .iter()
            .flat_map(|f| f.missions.iter())
            .map(|x| x.count as u32)
            .sum();
        let left: u32 = s.fire_missions.iter().map(|x| x.2 as u32).sum();
        assert_eq!(left, listed, "{}: every fire mission on the log", m.id);
    }
}

#[test]
fn rule_11_2_the_briefing_says_what_failing_costs_and_the_campaign_does_it() {
    let mut d = DataSet::embedded().unwrap();
    let first = d.campaign("normandy_1944").unwrap().missions[0].clone();
    d.missions
        .iter_mut()
        .find(|m| m.id == first)
        .unwrap()
        .attempts = 2;
    let d = Arc::new(d);
    for mode in [Mode::Standard, Mode::Survivor, Mode::Hardcore] {
        let mut c = Campaign::new(&d, "normandy_1944", mode, 1).unwrap();
        let s = c.stakes(&d).join(" ");
        assert!(s.contains("attempt 1 of 2"), "{mode:?}: {s}");
        assert!(s.contains("fought again"), "{mode:?}: {s}");
        assert_eq!(
            s.contains("CO HQ becoming a casualty ends the campaign"),
            mode != Mode::Standard,
            "{mode:?}: {s}"
        );
        let mut g = c.start(&d, Options::default()).unwrap();
        finish(&mut g, false, 0);
        c.after_mission(&d, &g);
        let s = c.stakes(&d).join(" ");
        assert!(s.contains("attempt 2 of 2"), "{mode:?}: {s}");
        let lost = s.contains("the campaign is lost");
        assert_eq!(lost, mode != Mode::Survivor, "{mode:?}: {s}");
        // What the briefing said is what happens.
        let mut g = c.start(&d, Options::default()).unwrap();
        finish(&mut g, false, 0);
        c.after_mission(&d, &g);
        assert_eq!(c.end.is_some(), lost, "{mode:?}: {:?}", c.end);
    }
}

/// 7.4.1, 11.3: the combined-arms mission puts the mortar on a truck; a
/// campaign whose mortar was lost for good sends the truck in empty instead
/// of refusing to set the mission up.
#[test]
fn rule_7_4_1_a_member_lost_for_good_is_not_set_aboard_the_briefings_vehicle() {
    let d = new_data();
    let mut m = d.mission("panzer_counterattack").unwrap().clone();
    let truck = |m: &fof::data::mission::Mission| {
        m.vehicles
            .iter()
            .find(|v| v.label.as_deref() == Some("Truck 1"))
            .unwrap()
            .carrying
            .clone()
    };
    assert_eq!(truck(&m), vec!["mtr_60".to_string()]);
    let company: Vec<_> = m
        .company
        .iter()
        .filter(|e| e.id != "mtr_60")
        .cloned()
        .collect();
    m.set_company(company);
    assert!(truck(&m).is_empty());
    let mut data = (*d).clone();
    *data
        .missions
        .iter_mut()
        .find(|x| x.id == "panzer_counterattack")
        .unwrap() = m;
    let g = fof::engine::Game::new(
        std::sync::Arc::new(data),
        "panzer_counterattack",
        5,
        fof::engine::Options::default(),
    );
    assert!(g.is_ok(), "the mission sets up");
}

#[test]
fn rule_10_4_a_step_an_attached_unit_hands_a_squad_of_ours_goes_back_to_its_parent() {
    // A random campaign's roster grew a step from nowhere: the attached
    // Arty FO's runner, dismissed into one of our squads (4.2.1 h), was
    // counted the company's, while the FO came back whole from its parent
    // unit (2.3.3, 10.4). Here the attached 81mm section's step joins 1/2.
    let d = new_data();
    let mut c = Campaign::new(&d, "normandy_1944", Mode::Standard, 7).unwrap();
    let mut g = c.start(&d, Options::default()).unwrap();
    // 1/2 went in with three steps.
    c.roster.iter_mut().find(|m| m.id == "2_1").unwrap().steps = vec![L, L, L];
    let before = c.own_steps();
    let sq = g.state().by_roster("2_1").unwrap().id;
    let mtr = g.state().by_roster("mtr_81").unwrap().id;
    g.state_mut().unit_mut(mtr).steps = 1;
    g.state_mut().unit_mut(sq).steps = 4;
    finish(&mut g, true, 0);
    let r = c.end_mission(&d, &g);
    let sent = (r.replacements + r.veterans_returned + r.leaders_sent) as usize;
    assert!(
        c.own_steps() <= before + sent,
        "no step from nowhere: {r:?}"
    );
    // The replacements join later, at their stage (10.4): 1/2 is as it
    // went in, the lent step given back.
    assert_eq!(member(&c, "2_1").steps.len(), 3, "{:?}", c.roster);
}
