//! Learn mode's texts (`assets/learn.ron`): every step, event, order and
//! procedure is explained, cites the engine's section, and a broken file is
//! refused with its name, line and column.

use crate::common;

use common::{data_copy, embedded, error_at, errors_of};

use fof::data::mission::MissionKind;
use fof::data::{DataErrors, DataSource, LEARN_PATH};
use fof::engine::kernel::events::Needed;
use fof::engine::kernel::events::{
    Creation, Ending, EventKind, MarkerKind, Quiet, Removal, StatusChange,
};
use fof::engine::kernel::ids::UnitId;
use fof::engine::kernel::pos::CardPos;
use fof::engine::kernel::sequence::Step;
use fof::learn::{ActionKey, EventKey, Learn, Procedure, load, load_sources};

fn learn() -> Learn {
    load(&DataSource::Embedded)
        .expect("the shipped data loads")
        .1
}

/// The one error about `assets/learn.ron` whose message contains `needle`.
fn expect(errs: &DataErrors, needle: &str) -> fof::data::DataError {
    error_at(errs, LEARN_PATH, needle)
}

/// 1-based line of a byte offset.
fn line_at(text: &str, at: usize) -> usize {
    text[..at].matches('\n').count() + 1
}

/// The byte span of the entry whose key line is `key: <key>,` in the list
/// that starts at `list:`, from its opening parenthesis to its `),` line.
fn entry_span(text: &str, list: &str, key: &str) -> (usize, usize) {
    let from = text.find(&format!("{list}: [")).expect("the list");
    let k = from
        + text[from..]
            .find(&format!("key: {key},"))
            .unwrap_or_else(|| panic!("`{key}` in `{list}`"));
    let start = text[..k].rfind('(').expect("the entry's parenthesis");
    let end = k + text[k..].find("\n        ),\n").expect("the entry's end") + "\n        ),".len();
    (start, end)
}

fn trimmed(s: &str) -> bool {
    !s.trim().is_empty()
}

// ---- coverage ----

#[test]
fn every_step_event_order_and_procedure_is_explained() {
    let l = learn();
    for s in Step::ALL {
        let e = l.step(s);
        assert!(
            trimmed(&e.rule) && trimmed(&e.title) && trimmed(&e.text),
            "{s:?}"
        );
    }
    for k in EventKey::ALL {
        let e = l.event_key(*k);
        assert!(
            trimmed(&e.rule) && trimmed(&e.title) && trimmed(&e.text),
            "{k:?}"
        );
    }
    for k in ActionKey::ALL {
        let e = l.action(&k.example());
        assert!(
            trimmed(&e.rule) && trimmed(&e.title) && trimmed(&e.text),
            "{k:?}"
        );
    }
    for p in Procedure::ALL {
        let e = l.procedure(*p);
        assert!(
            trimmed(&e.rule) && trimmed(&e.title) && trimmed(&e.text),
            "{p:?}"
        );
    }
}

#[test]
fn each_step_cites_the_engine_rule_for_offensive_or_defensive_missions() {
    let l = learn();
    for s in Step::ALL {
        let rule = &l.step(s).rule;
        let kinds = [MissionKind::Offensive, MissionKind::Defensive];
        assert!(
            kinds.iter().any(|k| s.rule(*k) == rule),
            "{s:?}: the file says {rule}, the engine {} / {}",
            s.rule(kinds[0]),
            s.rule(kinds[1])
        );
    }
}

#[test]
fn each_order_cites_the_rule_of_a_representative_action() {
    let l = learn();
    for k in ActionKey::ALL {
        let a = k.example();
        assert_eq!(ActionKey::of(&a), *k);
        assert_eq!(l.action(&a).rule, a.rule(), "{k:?}");
    }
}

/// The key of an order has the name of its variant, and every variant has
/// its own key (an `of` arm pointing at the wrong key would fail here).
#[test]
fn each_action_key_is_named_after_its_variant() {
    for k in ActionKey::ALL {
        let written = ron::to_string(&k.example()).unwrap();
        let variant = written.split(['(', ' ']).next().unwrap();
        assert_eq!(variant, k.name(), "{written}");
    }
}

/// One event of every kind: each maps to the key named after its variant,
/// and together they reach every key.
#[test]
fn every_event_kind_maps_to_its_own_key() {
    let pos = CardPos { row: 1, col: 1 };
    let unit = UnitId(3);
    let kinds = vec![
        EventKind::Setup,
        EventKind::CardRevealed { pos },
        EventKind::MapExpanded { pos },
        EventKind::TurnBegins { turn: 2 },
        EventKind::StepBegins {
            step: Step::CleanUp,
        },
        EventKind::Reshuffled,
        EventKind::HigherHqCheck {
            friendly: true,
            event: None,
            what: None,
        },
        EventKind::Commands {
            hq: Some(unit),
            drawn: 3,
            modifier: -1,
            total: 2,
            saved: 0,
            from: fof::engine::kernel::events::CommandsFrom::OwnInitiative,
        },
        EventKind::Activated {
            hq: unit,
            how: fof::engine::kernel::events::Activation::Order,
        },
        EventKind::ImpulseEnds {
            hq: None,
            saved: 0,
            lost: 1,
            who: fof::engine::kernel::events::Commander::General,
            limit: 0,
        },
        EventKind::Order {
            by: None,
            unit: Some(unit),
            cost: 1,
            action: fof::engine::Action::Activate { hq: unit },
        },
        EventKind::Attempt {
            unit: Some(unit),
            what: fof::engine::kernel::purpose::Purpose::EnemyRally,
            looking_for: Some(Needed::Word(fof::data::action::Word::Rally)),
            sure: false,
            success: true,
        },
        EventKind::Moved {
            unit,
            from: pos,
            to: pos,
            exposed: true,
            fell_back: false,
            how: fof::engine::kernel::events::Movement::Away,
        },
        EventKind::CoverChanged {
            unit,
            under: true,
            exposed: true,
            how: fof::engine::kernel::events::CoverMove::Seek,
        },
        EventKind::CoverFound {
            unit,
            pos,
            kind: vec![fof::data::charts::CoverKind::Trench],
        },
        EventKind::Status {
            unit,
            what: StatusChange::Pinned {
                newly: true,
                by: fof::engine::kernel::events::PinCause::Porters,
            },
        },
        EventKind::UnitCreated {
            unit,
            from: None,
            why: Creation::Contact {
                first: unit,
                spotted: false,
                cover: None,
            },
        },
        EventKind::PlacedAtMaxLos {
            at: pos,
            trigger: pos,
        },
        EventKind::ActivityCheck {
            unit,
            act: fof::data::activity::Act::SeekCover,
            read: fof::engine::kernel::events::ActivityRead::NoRow(
                fof::engine::kernel::events::ActivityTable::Offensive,
            ),
        },
        EventKind::UnitRemoved {
            unit,
            why: Removal::LeftPlay(fof::engine::kernel::events::Exit::Dry),
        },
        EventKind::Marker {
            pos,
            what: MarkerKind::Contact(fof::engine::kernel::events::PcCheck {
                letter: fof::data::charts::PcLetter::A,
                by: fof::engine::kernel::events::Piece::Unit(unit),
                activity: fof::data::charts::Activity::Contact,
                drawn: None,
            }),
        },
        EventKind::Activity {
            level: fof::data::charts::Activity::Engaged,
        },
        EventKind::Nothing {
            why: Quiet::NoLegalCard {
                package: fof::engine::kernel::events::PackageRef(0),
            },
        },
        EventKind::VehicleActivated {
            vehicle: Some(fof::engine::kernel::ids::VehicleId(0)),
            how: fof::engine::kernel::events::VehicleActivation::Vehicle,
        },
        EventKind::VehicleMoved {
            vehicle: fof::engine::kernel::ids::VehicleId(0),
            from: pos,
            to: pos,
            how: fof::engine::kernel::events::VehicleMove::Scheduled,
        },
        EventKind::AtCombat {
            target: fof::engine::kernel::ids::VehicleId(0),
            modifier: -1,
            number: 3,
            result: fof::data::vehicles::AtResult::Missed,
        },
        EventKind::MissionEnds {
            outcome: Ending::Success,
        },
        EventKind::FireMissionSpent {
            agency: 0,
            kind: fof::data::mission::FmKind::He,
            left: 2,
        },
        EventKind::FireOpened {
            link: fof::engine::kernel::state::FireLink {
                side: fof::data::units::Side::Us,
                from: pos,
                target: pos,
            },
            lay: false,
            by: fof::engine::kernel::events::FireCause::Plain,
        },
        EventKind::VehicleEnters {
            vehicle: fof::engine::kernel::ids::VehicleId(0),
            package: fof::engine::kernel::events::PackageRef(0),
        },
        EventKind::VehicleOut {
            vehicle: fof::engine::kernel::ids::VehicleId(0),
            result: fof::data::vehicles::AtResult::KnockedOut,
            cause: fof::engine::kernel::events::OutCause::Wrecked {
                air: false,
                crew: 2,
            },
        },
        EventKind::Communication {
            hq: unit,
            unit,
            linked: false,
        },
    ];
    let l = learn();
    let mut reached = Vec::new();
    for kind in &kinds {
        let key = EventKey::of(kind);
        let written = ron::to_string(kind).unwrap();
        let variant = written.split(['(', ' ']).next().unwrap();
        assert_eq!(variant, key.name(), "{written}");
        assert_eq!(l.event(kind), l.event_key(key));
        reached.push(key);
    }
    reached.sort();
    reached.dedup();
    assert_eq!(reached, EventKey::ALL.to_vec());
}

// ---- a broken file is refused, with file, line and column ----

#[test]
fn a_missing_entry_is_reported_with_the_file_name() {
    let mut set = embedded();
    let (start, end) = entry_span(&set.learn.text, "actions", "Spot");
    set.learn.text.replace_range(start..end, "");
    let list_line = line_at(&set.learn.text, set.learn.text.find("actions: [").unwrap());
    let errs = errors_of(&set);
    let e = expect(&errs, "no action entry for `Spot`");
    assert_eq!((e.line, e.col), (list_line, 5), "{e}");
    assert!(
        e.to_string()
            .starts_with(&format!("assets/learn.ron:{list_line}:5: "))
    );
    assert_eq!(errs.0.len(), 1, "{errs}");
}

#[test]
fn a_missing_step_and_procedure_are_reported() {
    let mut set = embedded();
    for (list, key) in [("steps", "CleanUp"), ("procedures", "FallBack")] {
        let (start, end) = entry_span(&set.learn.text, list, key);
        set.learn.text.replace_range(start..end, "");
    }
    let errs = errors_of(&set);
    expect(&errs, "no step entry for `CleanUp`");
    expect(&errs, "no procedure entry for `FallBack`");
}

#[test]
fn a_duplicate_entry_is_reported_at_the_second_key() {
    let mut set = embedded();
    let (start, end) = entry_span(&set.learn.text, "events", "Reshuffled");
    let first = line_at(&set.learn.text, start) + 1;
    let copy = format!("{}\n        ", &set.learn.text[start..end]);
    // Insert the copy just before the next entry.
    let at = end + "\n        ".len();
    set.learn.text.insert_str(at, &copy);
    let second = line_at(&set.learn.text, at) + 1;
    let errs = errors_of(&set);
    let e = expect(&errs, "duplicate event entry `Reshuffled`");
    assert_eq!(e.line, second, "{e}");
    assert_eq!(e.col, 13, "{e}");
    assert!(
        e.message.contains(&format!("first at line {first}:13")),
        "{e}"
    );
    assert_eq!(errs.0.len(), 1, "{errs}");
}

#[test]
fn an_empty_text_or_a_wrong_rule_is_reported_at_its_field() {
    let mut set = embedded();
    let text = &mut set.learn.text;
    let (start, _) = entry_span(text, "actions", "SeekCover");
    let rule = start + text[start..].find("rule: \"4.2.2 e\"").unwrap();
    text.replace_range(rule..rule + "rule: \"4.2.2 e\"".len(), "rule: \"4.2.2 f\"");
    let rule_line = line_at(text, rule);
    let (start, _) = entry_span(text, "procedures", "Rally");
    let t = start + text[start..].find("text: \"").unwrap();
    let close = t + "text: \"".len() + text[t + 7..].find('"').unwrap();
    text.replace_range(t..=close, "text: \"  \"");
    let text_line = line_at(text, t);
    let errs = errors_of(&set);
    let e = expect(&errs, "rule `4.2.2 f`, but the engine applies `4.2.2 e`");
    assert_eq!(e.line, rule_line, "{e}");
    let e = expect(&errs, "procedure `Rally`: `text` is empty");
    assert_eq!(e.line, text_line, "{e}");
}

#[test]
fn a_step_rule_of_the_other_mission_kind_is_accepted_and_a_wrong_one_refused() {
    let mut set = embedded();
    let text = &mut set.learn.text;
    let (start, _) = entry_span(text, "steps", "EnemyActivity");
    let rule = start + text[start..].find("rule: \"3.4.2\"").unwrap();
    text.replace_range(rule..rule + "rule: \"3.4.2\"".len(), "rule: \"3.2.2\"");
    assert!(
        load_sources(&set).is_ok(),
        "the defensive section is right too"
    );
    let text = &mut set.learn.text;
    text.replace_range(rule..rule + "rule: \"3.2.2\"".len(), "rule: \"3.3.2\"");
    let errs = errors_of(&set);
    expect(
        &errs,
        "rule `3.3.2`, but the engine applies `3.4.2` or `3.2.2`",
    );
}

#[test]
fn an_unknown_key_or_field_is_a_parse_error_in_the_file() {
    let mut set = embedded();
    set.learn.text = set
        .learn
        .text
        .replacen("key: Reshuffled,", "key: Shuffled,", 1);
    let errs = errors_of(&set);
    let e = errs
        .0
        .iter()
        .find(|e| e.path == LEARN_PATH)
        .unwrap_or_else(|| panic!("{errs}"));
    assert!(e.message.contains("Shuffled"), "{e}");

    let mut set = embedded();
    set.learn.text = set
        .learn
        .text
        .replacen("key: Reshuffled,", "key: Reshuffled, hint: \"\",", 1);
    let errs = errors_of(&set);
    let e = errs
        .0
        .iter()
        .find(|e| e.path == LEARN_PATH)
        .unwrap_or_else(|| panic!("{errs}"));
    assert!(e.message.contains("hint"), "{e}");
}

/// Rewording an explanation changes no game: the data hash that saves and
/// replays check ignores the learn file.
#[test]
fn the_learn_texts_are_not_part_of_the_data_hash() {
    let mut set = embedded();
    let (before, before_learn) = load_sources(&set).unwrap();
    set.learn.text = set.learn.text.replacen("Seek cover", "Look for cover", 1);
    let (after, after_learn) = load_sources(&set).unwrap();
    assert_ne!(before_learn, after_learn);
    assert_eq!(before.hash, after.hash);
}

// ---- --data DIR ----

#[test]
fn a_data_folder_loads_its_own_learn_file_and_fof_check_reports_it() {
    let dir = data_copy("learn-dir");
    let path = dir.join(LEARN_PATH);
    let text = std::fs::read_to_string(&path).unwrap();
    let edited = text.replacen("title: \"Seek cover\"", "title: \"Dig in\"", 1);
    std::fs::write(&path, &edited).unwrap();
    let (_, l) = load(&DataSource::Dir(dir.clone())).unwrap();
    let seek = ActionKey::SeekCover.example();
    assert_eq!(l.action(&seek).title, "Dig in");

    // A duplicate in the folder's file: `fof check` names it and fails.
    let (start, end) = entry_span(&edited, "procedures", "CleanUp");
    let broken = format!(
        "{}\n        {}\n    ],\n)\n",
        &edited[..end],
        &edited[start..end]
    );
    std::fs::write(&path, broken).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fof"))
        .args(["check", "--data"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    let shown = path.display().to_string();
    assert!(
        err.lines()
            .any(|l| l.starts_with(&shown) && l.contains("duplicate procedure entry `CleanUp`")),
        "{err}"
    );

    std::fs::remove_file(&path).unwrap();
    let errs = load(&DataSource::Dir(dir)).unwrap_err();
    assert!(
        errs.to_string()
            .contains("assets/learn.ron:1:1: cannot read"),
        "{errs}"
    );
}

#[test]
fn each_action_key_example_is_an_order_of_that_key() {
    for k in ActionKey::ALL {
        assert_eq!(ActionKey::of(&k.example()), *k);
    }
}

#[test]
fn keys_are_listed_once_in_declaration_order() {
    for (i, k) in EventKey::ALL.iter().enumerate() {
        assert_eq!(*k as usize, i);
    }
    for (i, k) in ActionKey::ALL.iter().enumerate() {
        assert_eq!(*k as usize, i);
    }
    for (i, k) in Procedure::ALL.iter().enumerate() {
        assert_eq!(*k as usize, i);
    }
    assert_eq!(ActionKey::Spot.name(), "Spot");
    assert_eq!(ActionKey::Spot.rule(), "4.2.4 a");
}

/// A rule section is read by its numbers (learn mode's procedures decide
/// by it): "4.2.1 f" lies within 4.2.1, and 9.11 does not lie within 9.1
/// as its text would.
#[test]
fn a_rule_section_is_read_by_its_numbers() {
    use fof::engine::kernel::clause::Clause;
    assert_eq!(Clause::of("9.1.5").numbers(), &[9, 1, 5]);
    assert_eq!(Clause::of("4.2.1 f").numbers(), &[4, 2, 1]);
    assert_eq!(Clause::of("7.7 A 2").numbers(), &[7, 7]);
    assert_eq!(Clause::of(" 10.1 ").numbers(), &[10, 1]);
    assert!(Clause::of("").numbers().is_empty());
    assert!(Clause::of("x").numbers().is_empty());
    assert!(Clause::of("9.1.5").within(&[9, 1]));
    assert!(Clause::of("9.1").within(&[9, 1]));
    assert!(!Clause::of("9.11").within(&[9, 1]));
    assert!(!Clause::of("9.10").within(&[9, 1]));
    assert!(Clause::of("2.3.2").within(&[2]));
    assert!(!Clause::of("12.1").within(&[2]));
    assert!(!Clause::of("").within(&[]));
}

/// 9.4: learn mode explains an enemy unit's falling back by the typed
/// event (the move marked as a fall back), not by the words "falls back"
/// in its text; another 9.4 move is an activity check. An enemy
/// vehicle's check (9.10) is not the Current Activity Level (9.1) its
/// text begins like.
#[test]
fn rule_9_4_learn_mode_tells_a_fall_back_by_the_event_not_its_words() {
    use fof::engine::kernel::events::{CardRead, Event, Section};
    use fof::ui::step::StopKind;
    let l = learn();
    let g = fof::engine::Game::new(
        common::shipped(),
        "first_contact",
        1,
        fof::engine::Options::default(),
    )
    .unwrap();
    let moved = |rule: &str, fell_back: bool, text: &str| Event {
        turn: 1,
        step: Step::EnemyActivity,
        rule: rule.into(),
        kind: EventKind::Moved {
            unit: UnitId(1),
            from: CardPos { row: 1, col: 1 },
            to: CardPos { row: 2, col: 1 },
            exposed: true,
            fell_back,
            how: fof::engine::kernel::events::Movement::Away,
        },
        text: text.into(),
        cards: vec![CardRead {
            card: 1,
            section: Section::Random(2),
            purpose: fof::engine::kernel::purpose::Purpose::FallBack,
            words: "fall back card".into(),
        }],
    };
    let title = |e: Event| {
        fof::ui::learn::explain(&l, &g, &StopKind::Piece, &[e])
            .title
            .clone()
    };
    let fall_back = l.procedure(Procedure::FallBack).title.clone();
    let check = l.procedure(Procedure::ActivityCheck).title.clone();
    let current = l.procedure(Procedure::CurrentActivity).title.clone();
    assert_eq!(title(moved("9.4", true, "It moves.")), fall_back);
    assert_eq!(title(moved("9.4", false, "It falls back.")), check);
    assert_ne!(title(moved("9.10", false, "It moves.")), current);
    assert_eq!(title(moved("9.1", false, "It moves.")), current);
}
