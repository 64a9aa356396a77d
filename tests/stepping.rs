//! The engine run one piece at a time (`Game::new_held`, `Game::apply_held`,
//! `Game::advance`), as learn mode and the replay viewer run it, is the
//! same game as the engine run to each decision (3.0: the sequence of play
//! is the same however it is watched).

use fof::data::{DataSource, load};
use fof::engine::{Game, Options};
use std::sync::Arc;

#[test]
fn rule_3_0_stepping_through_the_automatic_play_gives_the_same_game() {
    let data = Arc::new(load(&DataSource::Embedded).expect("data"));
    for m in &data.missions {
        for seed in 1..=2u64 {
            let mut whole = Game::new(data.clone(), &m.id, seed, Options::default()).unwrap();
            let mut held = Game::new_held(data.clone(), &m.id, seed, Options::default()).unwrap();
            let mut pieces = 0;
            while held.advance().is_some() {
                pieces += 1;
            }
            // A combat patrol asks who goes out before anything runs (11.4).
            let asks = matches!(
                held.prompt().decision,
                fof::engine::kernel::input::Decision::Choose(_)
            );
            assert!(pieces > 0 || asks, "{}: turn 1 has automatic steps", m.id);
            assert_eq!(
                held.state_hash(),
                whole.state_hash(),
                "{} seed {seed}: setup",
                m.id
            );
            assert_eq!(held.log(), whole.log());
            let mut rng = fof::play::sim::bot_rng(seed);
            for n in 0..400 {
                let legal = whole.legal_inputs();
                let Some(i) =
                    fof::play::sim::choose(fof::play::sim::Bot::Random, &mut rng, &whole, &legal)
                else {
                    break;
                };
                let a = whole.apply(&i).unwrap();
                let mut b = held.apply_held(&i).unwrap();
                while let Some(ev) = held.advance() {
                    b.extend(ev);
                }
                assert_eq!(a, b, "{} seed {seed} input {n}: the same events", m.id);
                assert_eq!(
                    held.state_hash(),
                    whole.state_hash(),
                    "{} seed {seed} input {n}",
                    m.id
                );
            }
        }
    }
}

/// Exhaustive on purpose: a new step stops this compiling until it is
/// listed here, as a reminder to add it to `Step::ALL`.
fn listed(s: fof::engine::kernel::sequence::Step) -> bool {
    use fof::engine::kernel::sequence::Step;
    match s {
        Step::Setup
        | Step::FriendlyHigherHq
        | Step::EnemyHigherHq
        | Step::EnemyActivity
        | Step::BnHqImpulse
        | Step::CoHqImpulse
        | Step::ActivatedImpulses
        | Step::CoHqInitiative
        | Step::PltHqInitiative
        | Step::StaffInitiative
        | Step::GeneralInitiative
        | Step::CaptureRetreat
        | Step::VehicleAircraft
        | Step::VofSegment
        | Step::CombatEffects
        | Step::CleanUp
        | Step::MissionEnd => Step::ALL.contains(&s),
    }
}

/// `Step::ALL` lists every step once, in declaration order, and the turn
/// order of either kind of mission (3.0) is made of listed steps.
#[test]
fn rule_3_0_every_step_is_listed_once_in_declaration_order() {
    use fof::data::mission::MissionKind;
    use fof::engine::kernel::sequence::{Step, turn_order};
    for (i, s) in Step::ALL.iter().enumerate() {
        assert_eq!(*s as usize, i, "{s:?}");
        assert!(listed(*s));
    }
    assert_eq!(Step::ALL.last(), Some(&Step::MissionEnd));
    for kind in [MissionKind::Offensive, MissionKind::Defensive] {
        for s in turn_order(kind) {
            assert!(Step::ALL.contains(s));
        }
    }
}
