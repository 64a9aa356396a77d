//! Replays and saves: recording, playing back, refusing damaged files,
//! continuing a save and atomic writes (the save folder: `tests/cli.rs`).

use fof::data::DataSet;
use fof::engine::kernel::hash::hex;
use fof::engine::{Game, Input, Options};
use fof::play::replay::{Problem, Recorder, Replay, ReplayError, safe_to_overwrite, save_atomic};
use fof::play::sim::{Bot, bot_rng, choose, play, play_recorded};
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn data() -> Arc<DataSet> {
    Arc::new(DataSet::embedded().unwrap())
}

/// A recorded random-bot game of the attack mission, played to its end.
fn recorded(data: &Arc<DataSet>, seed: u64) -> Recorder {
    let (r, rec) = play_recorded(
        data.clone(),
        "hedgerow_attack",
        seed,
        Bot::Random,
        Options::default(),
    )
    .unwrap();
    assert_ne!(r.outcome, fof::play::report::Standing::Stalled);
    rec
}

/// The text played back: the error it is refused with.
fn refused(data: &Arc<DataSet>, text: &str) -> ReplayError {
    match Replay::parse(text).and_then(|r| r.play(data.clone())) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => e,
    }
}

/// The text with its line `n` (1-based) replaced.
fn with_line(text: &str, n: usize, line: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    lines[n - 1] = line;
    lines.join("\n") + "\n"
}

/// A fresh, empty folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("replay-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_recorded_random_game_plays_back_to_the_same_final_hash_on_every_mission() {
    let data = data();
    for m in &data.missions {
        for seed in [1, 2] {
            let (report, rec) =
                play_recorded(data.clone(), &m.id, seed, Bot::Random, Options::default()).unwrap();
            let plain = play(data.clone(), &m.id, seed, Bot::Random, Options::default()).unwrap();
            assert_eq!(report, plain, "recording does not change the game");
            let text = rec.text();
            let replay = Replay::parse(&text).unwrap();
            assert_eq!(replay.inputs.len() as u64, report.inputs);
            let end = replay.end.expect("a finished game has an end line");
            assert_eq!(hex(end.hash), report.hash);
            let game = replay.play(data.clone()).unwrap();
            assert!(game.is_over());
            assert_eq!(hex(game.state_hash()), report.hash, "{} seed {seed}", m.id);
            assert_eq!(game.state(), rec.game().state());
        }
    }
}

#[test]
fn the_file_names_program_data_mission_seed_and_options_and_one_input_per_line() {
    let data = data();
    let rec = recorded(&data, 3);
    let text = rec.text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "fof-replay 1");
    assert_eq!(lines[1], format!("program {}", env!("CARGO_PKG_VERSION")));
    assert_eq!(lines[2], format!("data {}", hex(data.hash)));
    assert_eq!(lines[3], "mission hedgerow_attack");
    assert_eq!(lines[4], "seed 3");
    assert_eq!(
        lines[5],
        "options (all_line:false,no_ammo:false,abstract_comms:false)"
    );
    assert!(lines[6].starts_with("start "));
    let inputs = rec.inputs() as usize;
    assert_eq!(lines.len(), 7 + inputs + 1);
    for (i, l) in lines[7..7 + inputs].iter().enumerate() {
        assert!(l.starts_with(&format!("input {} ", i + 1)), "{l}");
    }
    assert_eq!(
        *lines.last().unwrap(),
        format!("end {inputs} {}", hex(rec.game().state_hash()))
    );
    assert!(text.ends_with('\n'));
}

#[test]
fn options_are_recorded_and_played_back() {
    let data = data();
    let mut untracked = fof::data::units::AmmoSet::default();
    untracked.insert(fof::data::units::AmmoKind::Rocket);
    let options = Options {
        all_line: true,
        no_ammo: false,
        abstract_comms: false,
        untracked,
    };
    let (r, rec) = play_recorded(data.clone(), "hedgerow_attack", 4, Bot::Random, options).unwrap();
    let replay = Replay::parse(&rec.text()).unwrap();
    assert_eq!(replay.options, options);
    let game = replay.play(data.clone()).unwrap();
    assert_eq!(hex(game.state_hash()), r.hash);
}

#[test]
fn an_input_changed_to_another_legal_one_is_refused_where_the_hash_diverges() {
    let data = data();
    let rec = recorded(&data, 3);
    let text = rec.text();
    let replay = Replay::parse(&text).unwrap();
    // Play to just before input 5 and pick another legal input there.
    let mut game = Game::new(data.clone(), "hedgerow_attack", 3, Options::default()).unwrap();
    for r in &replay.inputs[..4] {
        game.apply(&r.input).unwrap();
    }
    let original = &replay.inputs[4];
    let other = game
        .legal_inputs()
        .into_iter()
        .find(|i| *i != original.input)
        .expect("a second legal input");
    let hash = hex(original.hash);
    let line = format!(
        "input 5 {} hash {hash}",
        fof::play::replay::input_ron(&other).unwrap()
    );
    let e = refused(&data, &with_line(&text, original.line, &line));
    assert_eq!(e.line, Some(original.line));
    assert!(
        matches!(e.problem, Problem::Diverged { expected, .. } if hex(expected) == hash),
        "{e}"
    );
    let msg = e.to_string();
    assert!(
        msg.starts_with(&format!("line {}: ", original.line)) && msg.contains("diverges"),
        "{msg}"
    );
}

#[test]
fn an_input_changed_to_an_illegal_one_is_refused_with_the_engines_reason() {
    let data = data();
    let text = recorded(&data, 3).text();
    let n = 10;
    // The engine's own refusal of the same input at the same point.
    let replay = Replay::parse(&text).unwrap();
    let mut g = Game::new(data.clone(), "hedgerow_attack", 3, Options::default()).unwrap();
    for r in &replay.inputs[..2] {
        g.apply(&r.input).unwrap();
    }
    let reason = g.apply(&Input::ChooseHq(fof::engine::kernel::ids::UnitId(999)));
    let reason = reason.unwrap_err().text;
    assert!(!reason.is_empty());
    let e = refused(
        &data,
        &with_line(&text, n, "input 3 ChooseHq((999)) hash 0000000000000000"),
    );
    assert_eq!(e.line, Some(n));
    assert_eq!(
        e.problem,
        Problem::Illegal {
            number: 3,
            reason: reason.clone()
        }
    );
    assert_eq!(
        e.to_string(),
        format!("line 10: input 3 is illegal at this point: {reason}")
    );
}

#[test]
fn a_file_cut_mid_line_is_refused_as_truncated_at_its_last_line() {
    let data = data();
    let text = recorded(&data, 3).text();
    // Cut in the middle of line 20.
    let start: usize = text.lines().take(19).map(|l| l.len() + 1).sum();
    let cut = &text[..start + 12];
    let e = refused(&data, cut);
    assert_eq!(e.line, Some(20));
    assert_eq!(e.problem, Problem::Truncated);
    assert!(e.to_string().contains("truncated"), "{e}");
    // Even a cut inside the header.
    let e = refused(&data, &text[..30]);
    assert_eq!(e.problem, Problem::Truncated);
}

#[test]
fn a_file_cut_at_a_line_end_after_the_mission_ended_is_refused_as_truncated() {
    let data = data();
    let text = recorded(&data, 3).text();
    let without_end: String = {
        let lines: Vec<&str> = text.lines().collect();
        lines[..lines.len() - 1].join("\n") + "\n"
    };
    let e = refused(&data, &without_end);
    assert_eq!(e.line, Some(text.lines().count() - 1));
    assert!(matches!(e.problem, Problem::MissingEnd { .. }), "{e}");
}

#[test]
fn text_after_the_end_line_is_refused() {
    let data = data();
    let text = recorded(&data, 3).text();
    let n = text.lines().count() + 1;
    for extra in [
        "garbage\n",
        "input 1 EndImpulse hash 0000000000000000\n",
        "\n",
    ] {
        let e = refused(&data, &format!("{text}{extra}"));
        assert_eq!(e.line, Some(n), "{extra:?}");
        assert_eq!(e.problem, Problem::AfterEnd);
        assert_eq!(
            e.to_string(),
            format!("line {n}: text after the `end` line")
        );
    }
}

#[test]
fn garbage_after_a_save_in_progress_is_refused_at_its_line() {
    let data = data();
    let text = recorded(&data, 3).text();
    let save: String = text.lines().take(20).collect::<Vec<_>>().join("\n") + "\n";
    let e = refused(&data, &format!("{save}garbage\n"));
    assert_eq!(e.line, Some(21));
    assert!(matches!(e.problem, Problem::Syntax { .. }), "{e}");
    assert!(e.to_string().contains("expected `input"), "{e}");
}

#[test]
fn other_game_data_is_refused_at_the_data_line() {
    let data = data();
    let text = recorded(&data, 3).text();
    let e = refused(&data, &with_line(&text, 3, "data 0123456789abcdef"));
    assert_eq!(e.line, Some(3));
    assert_eq!(
        e.problem,
        Problem::DataMismatch {
            recorded: 0x0123_4567_89ab_cdef,
            loaded: data.hash
        }
    );
    assert!(e.to_string().contains("other game data"), "{e}");
}

#[test]
fn another_format_version_or_no_replay_at_all_is_refused_at_line_1() {
    let data = data();
    let text = recorded(&data, 3).text();
    let e = refused(&data, &with_line(&text, 1, "fof-replay 2"));
    assert_eq!(e.line, Some(1));
    assert_eq!(e.problem, Problem::FormatVersion { found: "2".into() });
    assert!(e.to_string().contains("version 2 is not supported"), "{e}");
    for not_replay in ["hello\n", "hello", "{\"mission\": 1}\n"] {
        let e = refused(&data, not_replay);
        assert_eq!(e.line, Some(1));
        assert!(matches!(e.problem, Problem::NotAReplay { .. }), "{e}");
    }
    assert_eq!(refused(&data, "").problem, Problem::Empty);
    let e = Replay::parse_bytes(b"fof-replay 1\nprogram \xff\n").unwrap_err();
    assert_eq!((e.line, e.problem), (Some(2), Problem::NotText));
}

#[test]
fn another_program_version_is_accepted_when_every_hash_matches() {
    let data = data();
    let text = recorded(&data, 3).text();
    let other = with_line(&text, 2, "program 0.0.1-old");
    let game = Replay::parse(&other).unwrap().play(data.clone()).unwrap();
    assert!(game.is_over());
    // ... and named when a hash diverges.
    let replay = Replay::parse(&text).unwrap();
    let r = &replay.inputs[0];
    let line = text.lines().nth(r.line - 1).unwrap();
    let bad = line.rsplit_once(" hash ").unwrap().0.to_string() + " hash 0000000000000000";
    let e = refused(&data, &with_line(&other, r.line, &bad));
    let msg = e.to_string();
    assert!(msg.contains("fof 0.0.1-old"), "{msg}");
}

#[test]
fn malformed_lines_are_refused_naming_the_line_and_what_was_expected() {
    let data = data();
    let text = recorded(&data, 3).text();
    let last = text.lines().count();
    let cases: Vec<(usize, &str, &str)> = vec![
        (2, "programme 0.1.0", "`program <version>`"),
        (3, "data 12345", "`data <16 hex digits>`"),
        (3, "data +123456789abcdef", "`data <16 hex digits>`"),
        (4, "mission two words", "`mission <id>`"),
        (5, "seed -3", "`seed <number>`"),
        (
            6,
            "options (all_line:maybe)",
            "the `options` line does not parse",
        ),
        (7, "start", "`start <16 hex digits>`"),
        (8, "input x EndImpulse hash 0000000000000000", "`input <n>"),
        (
            8,
            "input 2 EndImpulse hash 0000000000000000",
            "expected input number 1, found 2",
        ),
        (8, "input 1 EndImpulse", "`input <n>"),
        (
            8,
            "input 1 Bogus hash 0000000000000000",
            "input 1 does not parse",
        ),
        (8, "move the CO HQ", "expected `input <n>"),
        (last, "end 5 0000000000000000", "`end` counts 5 inputs"),
        (last, "end many", "`end <count>"),
    ];
    for (n, line, wanted) in cases {
        let e = refused(&data, &with_line(&text, n, line));
        assert_eq!(e.line, Some(n), "{line}: {e}");
        let msg = e.to_string();
        assert!(msg.starts_with(&format!("line {n}: ")), "{msg}");
        assert!(msg.contains(wanted), "{line}: {msg}");
    }
    let e = refused(&data, &with_line(&text, 4, "mission nowhere"));
    assert_eq!(e.line, Some(4));
    assert_eq!(e.problem, Problem::UnknownMission("nowhere".into()));
    let final_hash = text.lines().last().unwrap().rsplit_once(' ').unwrap().1;
    let e = refused(
        &data,
        &with_line(&text, last, &format!("end {} 0000000000000000", last - 8)),
    );
    assert_eq!(e.line, Some(last));
    assert!(
        matches!(e.problem, Problem::EndHash { got, .. } if hex(got) == final_hash),
        "{e}"
    );
    let header_only: String = text.lines().take(3).collect::<Vec<_>>().join("\n") + "\n";
    let e = refused(&data, &header_only);
    assert_eq!(e.line, Some(4));
    assert!(e.to_string().contains("`mission <id>`"), "{e}");
}

#[test]
fn an_end_line_before_the_mission_is_over_is_refused() {
    let data = data();
    let text = recorded(&data, 3).text();
    let head: Vec<&str> = text.lines().take(17).collect();
    let hash = head[16].rsplit_once(' ').unwrap().1;
    let file = format!("{}\nend 10 {hash}\n", head.join("\n"));
    let e = refused(&data, &file);
    assert_eq!(e.line, Some(18));
    assert_eq!(e.problem, Problem::EndNotOver { inputs: 10 });
}

#[test]
fn a_save_in_progress_loads_and_can_be_continued_to_the_same_end() {
    let data = data();
    let full = recorded(&data, 3);
    // The same game, stopped after 40 inputs: a save.
    let mut rec = Recorder::new(data.clone(), "hedgerow_attack", 3, Options::default()).unwrap();
    let mut rng = bot_rng(3);
    for _ in 0..40 {
        let input = choose(
            Bot::Random,
            &mut rng,
            rec.game(),
            &rec.game().legal_inputs(),
        )
        .unwrap();
        rec.apply(&input).unwrap();
    }
    let save = rec.text();
    assert!(
        !save.contains("\nend "),
        "a game in progress has no end line"
    );
    assert_eq!(save.lines().count(), 7 + 40);
    let replay = Replay::parse(&save).unwrap();
    assert_eq!(replay.end, None);
    let game = replay.play(data.clone()).unwrap();
    assert!(!game.is_over());
    assert_eq!(game.state(), rec.game().state());
    // Continue it with the same bot: the game ends as the uninterrupted one.
    let mut resumed = Recorder::resume(data.clone(), &replay).unwrap();
    assert_eq!(resumed.text(), save);
    while !resumed.game().is_over() {
        let input = choose(
            Bot::Random,
            &mut rng,
            resumed.game(),
            &resumed.game().legal_inputs(),
        )
        .unwrap();
        resumed.apply(&input).unwrap();
    }
    assert_eq!(resumed.game().state_hash(), full.game().state_hash());
    assert_eq!(resumed.text(), full.text());
}

#[test]
fn a_recorder_refuses_an_illegal_input_and_records_nothing() {
    let data = data();
    let mut rec = Recorder::new(data, "hedgerow_attack", 1, Options::default()).unwrap();
    let before = rec.text();
    assert!(
        rec.apply(&Input::ChooseHq(fof::engine::UnitId(999)))
            .is_err()
    );
    assert_eq!(rec.text(), before);
    assert_eq!(rec.inputs(), 0);
}

#[test]
fn save_atomic_writes_and_replaces_leaving_no_temporary_file() {
    let dir = temp_dir("atomic");
    let path = dir.join("game.fof");
    save_atomic(&path, "one\n").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "one\n");
    save_atomic(&path, "two\n").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "two\n");
    assert_eq!(files_in(&dir), vec!["game.fof".to_string()]);
}

#[test]
fn save_atomic_into_a_missing_folder_fails_and_creates_nothing() {
    let dir = temp_dir("missing");
    let path = dir.join("no-such-folder").join("game.fof");
    assert!(save_atomic(&path, "text\n").is_err());
    assert!(files_in(&dir).is_empty());
}

#[test]
fn save_atomic_that_cannot_rename_keeps_the_target_and_removes_its_temporary_file() {
    // A non-empty folder cannot be replaced by a file: the rename fails
    // after the temporary file was written.
    let dir = temp_dir("rename");
    let target = dir.join("game.fof");
    std::fs::create_dir(&target).unwrap();
    std::fs::write(target.join("inside"), "kept").unwrap();
    assert!(save_atomic(&target, "new\n").is_err());
    assert_eq!(files_in(&dir), vec!["game.fof".to_string()]);
    assert_eq!(
        std::fs::read_to_string(target.join("inside")).unwrap(),
        "kept"
    );
}

#[cfg(unix)]
#[test]
fn save_atomic_in_a_read_only_folder_fails_and_keeps_the_old_file() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("readonly");
    let path = dir.join("game.fof");
    std::fs::write(&path, "old\n").unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    // Root (and some file systems) ignore the permission: nothing to check.
    let probe = dir.join("probe");
    let ignored = std::fs::write(&probe, "").is_ok();
    if !ignored {
        assert!(save_atomic(&path, "new\n").is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old\n");
    }
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    let _ = std::fs::remove_file(&probe);
    assert_eq!(files_in(&dir), vec!["game.fof".to_string()]);
}

#[test]
fn only_a_missing_file_or_one_that_loads_may_be_overwritten() {
    let data = data();
    let dir = temp_dir("overwrite");
    let path = dir.join("game.fof");
    safe_to_overwrite(&path, data.clone()).unwrap();
    let text = recorded(&data, 3).text();
    std::fs::write(&path, &text).unwrap();
    safe_to_overwrite(&path, data.clone()).unwrap();
    let corrupt = &text[..text.len() - 5];
    std::fs::write(&path, corrupt).unwrap();
    let e = safe_to_overwrite(&path, data.clone()).unwrap_err();
    assert!(matches!(e.problem, Problem::WontOverwrite { .. }), "{e}");
    let msg = e.to_string();
    assert!(
        msg.contains("never overwritten") && msg.contains("truncated"),
        "{msg}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), corrupt);
}

#[test]
fn messages_quote_a_bad_line_shortened_and_with_control_characters_escaped() {
    let data = data();
    let text = recorded(&data, 3).text();
    let long = format!("\u{1b}[31m{}", "x".repeat(200));
    let e = refused(&data, &with_line(&text, 9, &long));
    let msg = e.to_string();
    assert!(msg.starts_with("line 9: expected `input"), "{msg}");
    assert!(
        !msg.contains('\u{1b}') && msg.contains("\\u{1b}[31m"),
        "{msg}"
    );
    assert!(msg.len() < 250 && msg.ends_with("...`"), "{msg}");
}

#[test]
fn a_game_saved_after_every_input_loses_at_most_the_last_one_when_cut_short() {
    let data = data();
    let dir = std::env::temp_dir().join(format!("fof-journal-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("current.replay");
    let mut rec = Recorder::new(data.clone(), "hedgerow_attack", 4, Options::default()).unwrap();
    let mut journal = fof::play::replay::Journal::create(&path, &rec).unwrap();
    let mut rng = bot_rng(4);
    let mut hashes = vec![rec.game().state_hash()];
    for _ in 0..40 {
        let legal = rec.game().legal_inputs();
        let i = choose(Bot::Random, &mut rng, rec.game(), &legal).unwrap();
        rec.apply(&i).unwrap();
        journal.update(&rec).unwrap();
        hashes.push(rec.game().state_hash());
        // After every input the file on disk is the whole game so far.
        let (back, cut) = fof::play::replay::recover(&path, data.clone()).unwrap();
        assert!(!cut);
        assert_eq!(back.game().state_hash(), rec.game().state_hash());
    }
    // A kill in the middle of writing the last line.
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, &text[..text.len() - 7]).unwrap();
    let (back, cut) = fof::play::replay::recover(&path, data.clone()).unwrap();
    assert!(cut);
    assert_eq!(back.inputs(), 39);
    assert_eq!(back.game().state_hash(), hashes[39]);
    // A strict load still refuses the cut file, naming the line.
    assert!(fof::play::replay::load(&path, data).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_save_killed_at_any_byte_loads_as_its_last_whole_input() {
    // A journal writes its header at once (atomically) and then appends one
    // line per input: a kill can cut the file anywhere after the header.
    // Wherever it is cut, the save recovers to the game after its last
    // whole line.
    let data = data();
    let dir = std::env::temp_dir().join(format!("fof-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("current.replay");
    let mut rec =
        Recorder::new(data.clone(), "crossroads_firefight", 9, Options::default()).unwrap();
    let header = rec.text().len();
    let mut journal = fof::play::replay::Journal::create(&path, &rec).unwrap();
    let mut rng = bot_rng(9);
    let mut hashes = vec![rec.game().state_hash()];
    for _ in 0..12 {
        let legal = rec.game().legal_inputs();
        let i = choose(Bot::Random, &mut rng, rec.game(), &legal).unwrap();
        rec.apply(&i).unwrap();
        journal.update(&rec).unwrap();
        hashes.push(rec.game().state_hash());
    }
    let full = std::fs::read(&path).unwrap();
    let cut_path = dir.join("cut.replay");
    for end in header..=full.len() {
        let bytes = &full[..end];
        std::fs::write(&cut_path, bytes).unwrap();
        let whole_inputs = bytes[header..].iter().filter(|b| **b == b'\n').count();
        let (back, _) = fof::play::replay::recover(&cut_path, data.clone())
            .unwrap_or_else(|e| panic!("cut at byte {end}: {e}"));
        assert_eq!(back.inputs() as usize, whole_inputs, "cut at byte {end}");
        assert_eq!(
            back.game().state_hash(),
            hashes[whole_inputs],
            "cut at byte {end}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Answers are nested in `Input::Answer`, but a replay line writes one
/// bare, as format 1 always did: old files still read, new files read in
/// old programs, and a nested line reads too. A misspelt field of an
/// answer is reported as such, not as an unknown input.
#[test]
fn replay_an_answer_keeps_the_line_format_1_wrote() {
    use fof::engine::Answer;
    use fof::play::replay::{input_ron, read_input};
    let keep = Input::Answer(Answer::KeepPlan);
    assert_eq!(input_ron(&keep).unwrap(), "KeepPlan");
    assert_eq!(read_input("KeepPlan").unwrap(), keep);
    assert_eq!(read_input("Answer(KeepPlan)").unwrap(), keep);
    assert_eq!(input_ron(&Input::EndImpulse).unwrap(), "EndImpulse");
    assert_eq!(read_input("EndImpulse").unwrap(), Input::EndImpulse);
    let e = read_input("Guard(unti: 3)").unwrap_err();
    assert!(e.to_string().contains("`unit` in `Guard`"), "{e}");
    assert!(read_input("Nonsense").is_err());
}

/// The reliability review: a 20 MB input line was refused with the whole
/// line echoed in the message. The message quotes a few hundred
/// characters of it and says how many more there were.
#[test]
fn a_huge_bad_input_is_refused_with_a_short_message() {
    let data = Arc::new(DataSet::embedded().unwrap());
    let rec = recorded(&data, 1);
    let text = rec.text();
    let n = text
        .lines()
        .position(|l| l.starts_with("input 1 "))
        .expect("an input line")
        + 1;
    let hash = text.lines().nth(n - 1).unwrap().rsplit(' ').next().unwrap();
    let huge = format!("input 1 {} hash {hash}", "Z".repeat(2_000_000));
    let e = refused(&data, &with_line(&text, n, &huge)).to_string();
    assert!(e.len() < 1000, "{} bytes", e.len());
    assert!(e.contains("characters more"), "{e}");
    assert!(e.contains(&format!("line {n}")), "{e}");
}
