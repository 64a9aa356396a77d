//! The command line as a user runs it: `fof check`, `fof deck stats`,
//! `fof deck draw`, `fof sim --record`, `fof replay`, `fof completions`,
//! `fof man`, `--help`, `--version`, and the folders it keeps files in.

use serde_json::Value;
use std::process::{Command, Output};

fn fof(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fof"))
        .args(args)
        .output()
        .expect("run fof")
}

/// `fof args` with the environment changed: `set` variables set, `unset`
/// ones removed.
fn fof_env(args: &[&str], set: &[(&str, &std::path::Path)], unset: &[&str]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_fof"));
    c.args(args);
    for (k, v) in set {
        c.env(k, v);
    }
    for k in unset {
        c.env_remove(k);
    }
    c.output().expect("run fof")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn help_and_version() {
    let v = fof(&["--version"]);
    assert_eq!(v.status.code(), Some(0));
    assert!(stdout(&v).starts_with("fof "), "{}", stdout(&v));
    let h = fof(&["--help"]);
    assert_eq!(h.status.code(), Some(0));
    let text = stdout(&h);
    for word in ["check", "deck", "--data", "unofficial"] {
        assert!(text.contains(word), "help lacks {word}: {text}");
    }
}

#[test]
fn deck_draw_is_repeatable_per_seed_and_shows_the_reshuffle() {
    let a = fof(&["deck", "draw", "--seed", "7", "--count", "60"]);
    let b = fof(&["deck", "draw", "--seed", "7", "--count", "60"]);
    let c = fof(&["deck", "draw", "--seed", "8", "--count", "60"]);
    assert_eq!(a.status.code(), Some(0));
    assert_eq!(stdout(&a), stdout(&b));
    assert_ne!(stdout(&a), stdout(&c));
    for out in [&a, &c] {
        let lines: Vec<String> = stdout(out).lines().map(String::from).collect();
        let actions = lines.iter().filter(|l| *l != "R").count();
        assert_eq!(actions, 60, "60 action cards are listed");
        assert!(
            lines.iter().any(|l| l == "R"),
            "a reshuffle shows within 60 draws"
        );
        for l in &lines {
            assert!(
                l == "R" || l.parse::<u8>().is_ok_and(|n| (1..=50).contains(&n)),
                "{l}"
            );
        }
    }
}

#[test]
fn deck_stats_json_reports_exactly_the_calibration() {
    let out = fof(&["deck", "stats", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_str(&stdout(&out)).expect("one JSON object");
    assert_eq!(v["cards"], 50);
    let activated = [(6, 2), (5, 8), (4, 14), (3, 12), (2, 10), (1, 4)];
    for (k, n) in activated {
        assert_eq!(v["activated"][k.to_string()], n, "activated {k}");
    }
    for (k, n) in [(4, 4), (3, 12), (2, 18), (1, 12), (0, 4)] {
        assert_eq!(v["initiative"][k.to_string()], n, "initiative {k}");
    }
    for (k, n) in [("contact", 7), ("cover", 12), ("rally", 15), ("none", 16)] {
        assert_eq!(v["words"][k], n, "word {k}");
    }
    let icons = [
        ("crosshairs", 14),
        ("crosshairs_jam", 1),
        ("infiltrate", 10),
        ("grenade", 10),
        ("burst", 10),
        ("burst_short", 1),
        ("triple_burst", 4),
    ];
    for (k, n) in icons {
        assert_eq!(v["icons"][k], n, "icon {k}");
    }
    assert_eq!(v["hq"], 12);
    for k in 0..=9 {
        assert_eq!(v["anti_tank"][k.to_string()], 5, "anti-tank {k}");
    }
    let hit = [40, 35, 30, 25, 20, 15, 10, 5, 3, 2, 2];
    let pin = [9, 13, 17, 20, 20, 20, 20, 20, 17, 13, 9];
    let miss = [1, 2, 3, 5, 10, 15, 20, 25, 30, 35, 39];
    for i in 0..11 {
        let ncm = (i as i32 - 4).to_string();
        assert_eq!(v["fire"][&ncm]["hit"], hit[i], "HIT at {ncm}");
        assert_eq!(v["fire"][&ncm]["pin"], pin[i], "PIN at {ncm}");
        assert_eq!(v["fire"][&ncm]["miss"], miss[i], "MISS at {ncm}");
    }
    let levels = [
        ("veteran", 28, [13, 18, 7, 9, 3], [24, 23, 12, 16, 3]),
        ("line", 28, [14, 19, 8, 7, 2], [25, 24, 14, 13, 2]),
        ("green", 32, [15, 23, 6, 5, 1], [28, 31, 12, 10, 1]),
    ];
    for (level, two, first, all) in levels {
        let h = &v["hit_effects"][level];
        assert_eq!(h["two_letter"], two, "{level} two-letter");
        for (i, l) in ["C", "P", "L", "F", "A"].iter().enumerate() {
            assert_eq!(h["first"][l], first[i], "{level} first {l}");
            let got = h["all"][l].as_i64().unwrap();
            assert!((got - all[i]).abs() <= 2, "{level} all {l}: {got}");
        }
    }
    // Odds: one card from a full deck shows Contact! with chance 7/50.
    let c1 = &v["odds"]["contact"]["at_least_one"][0];
    assert_eq!(c1["num"], "7");
    assert_eq!(c1["den"], "50");
    assert_eq!(
        v["odds"]["contact"]["at_least_one"]
            .as_array()
            .unwrap()
            .len(),
        5
    );
    for key in [
        "rally",
        "cover",
        "crosshairs",
        "infiltrate",
        "grenade",
        "burst",
        "higher_hq",
    ] {
        assert!(v["odds"][key].is_object(), "odds for {key}");
    }
}

#[test]
fn deck_stats_text_lists_every_section() {
    let out = fof(&["deck", "stats"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    for s in [
        "Activated",
        "Initiative",
        "Words",
        "Icons",
        "Higher HQ",
        "Anti-tank",
        "Fire results",
        "Hit effects",
        "Chance of at least one",
    ] {
        assert!(text.contains(s), "missing {s}");
    }
}

#[test]
fn commands_refuse_broken_data_with_exit_1() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("cli-empty-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for args in [
        vec!["check"],
        vec!["deck", "stats"],
        vec!["deck", "draw", "--seed", "1", "--count", "3"],
    ] {
        let mut a = args.clone();
        let d = dir.to_string_lossy().into_owned();
        a.push("--data");
        a.push(&d);
        let out = fof(&a);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
        assert!(out.stdout.is_empty());
    }
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn replay_verify_prints_the_hash_that_sim_json_reports() {
    let dir = temp_dir("record");
    let file = dir.join("r.ron");
    let f = file.to_string_lossy().into_owned();
    let rec = fof(&[
        "sim",
        "--mission",
        "hedgerow_attack",
        "--seed",
        "3",
        "--record",
        &f,
        "--json",
    ]);
    assert_eq!(rec.status.code(), Some(0), "{}", stderr(&rec));
    let json = fof(&[
        "sim",
        "--mission",
        "hedgerow_attack",
        "--seed",
        "3",
        "--json",
    ]);
    assert_eq!(stdout(&rec), stdout(&json), "recording changes nothing");
    let v: Value = serde_json::from_str(&stdout(&json)).unwrap();
    let verify = fof(&["replay", &f, "--verify"]);
    assert_eq!(verify.status.code(), Some(0), "{}", stderr(&verify));
    assert_eq!(
        stdout(&verify),
        format!("{}\n", v["hash"].as_str().unwrap())
    );
    assert!(verify.stderr.is_empty());
    // Without --verify: the log, then the outcome and the hash.
    let full = fof(&["replay", &f]);
    assert_eq!(full.status.code(), Some(0));
    let text = stdout(&full);
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("hedgerow_attack seed 3: "), "{last}");
    assert!(last.ends_with(v["hash"].as_str().unwrap()), "{last}");
    // Recording again over a replay that loads is allowed.
    let again = fof(&[
        "sim",
        "--mission",
        "hedgerow_attack",
        "--seed",
        "4",
        "--record",
        &f,
    ]);
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
}

#[test]
fn replay_refuses_a_damaged_file_naming_the_file_and_line() {
    let dir = temp_dir("damaged");
    let file = dir.join("r.ron");
    let f = file.to_string_lossy().into_owned();
    let rec = fof(&[
        "sim",
        "--mission",
        "hedgerow_attack",
        "--seed",
        "3",
        "--record",
        &f,
    ]);
    assert_eq!(rec.status.code(), Some(0), "{}", stderr(&rec));
    let text = std::fs::read_to_string(&file).unwrap();
    let bad = dir.join("bad.ron");
    let b = bad.to_string_lossy().into_owned();
    std::fs::write(&bad, text.replacen("fof-replay 1", "fof-replay 7", 1)).unwrap();
    let out = fof(&["replay", &b, "--verify"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(
        stderr(&out).starts_with(&format!("{b}:line 1: replay format version 7")),
        "{}",
        stderr(&out)
    );
    std::fs::write(&bad, format!("{text}more\n")).unwrap();
    let out = fof(&["replay", &b, "--verify"]);
    assert_eq!(out.status.code(), Some(1));
    let n = text.lines().count() + 1;
    assert_eq!(
        stderr(&out),
        format!("{b}:line {n}: text after the `end` line\n")
    );
    let missing = dir.join("missing.ron");
    let out = fof(&["replay", &missing.to_string_lossy(), "--verify"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("cannot read"), "{}", stderr(&out));
}

#[test]
fn sim_record_refuses_several_games_and_never_overwrites_a_corrupt_file() {
    let dir = temp_dir("refuse");
    let file = dir.join("r.ron");
    let f = file.to_string_lossy().into_owned();
    for args in [
        vec!["sim", "--record", &f],
        vec![
            "sim",
            "--mission",
            "hedgerow_attack",
            "--games",
            "2",
            "--record",
            &f,
        ],
    ] {
        let out = fof(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains("--record writes one game"));
        assert!(!file.exists());
    }
    std::fs::write(&file, "my notes, not a save\n").unwrap();
    let out = fof(&["sim", "--mission", "hedgerow_attack", "--record", &f]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("never overwritten"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "my notes, not a save\n"
    );
}

#[test]
fn rule_13_the_streamlining_options_are_chosen_on_the_command_line_and_recorded() {
    let dir = temp_dir("streamline");
    let file = dir.join("s.ron");
    let f = file.to_string_lossy().into_owned();
    let out = fof(&[
        "sim",
        "--mission",
        "hedgerow_attack",
        "--all-line",
        "--no-ammo",
        "--abstract-comms",
        "--record",
        &f,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&file).unwrap();
    for flag in ["all_line:true", "no_ammo:true", "abstract_comms:true"] {
        assert!(
            text.replace(' ', "").contains(flag),
            "{flag} in the replay header"
        );
    }
    let v = fof(&["replay", "--verify", &f]);
    assert_eq!(v.status.code(), Some(0), "{}", stderr(&v));
    let h = fof(&["play", "--help"]);
    for flag in [
        "--all-line",
        "--no-ammo",
        "--abstract-comms",
        "--untracked-ammo",
    ] {
        assert!(stdout(&h).contains(flag), "{flag}");
    }
}

#[test]
fn rule_13_2_the_kinds_of_ammunition_set_aside_are_named_on_the_command_line() {
    let dir = temp_dir("untracked");
    let file = dir.join("u.ron");
    let f = file.to_string_lossy().into_owned();
    let out = fof(&[
        "sim",
        "--mission",
        "hedgerow_attack",
        "--untracked-ammo",
        "mg,rifle-grenade",
        "--record",
        &f,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.replace(' ', "")
            .contains("untracked:[Mg,RifleGrenade]"),
        "{text}"
    );
    let v = fof(&["replay", "--verify", &f]);
    assert_eq!(v.status.code(), Some(0), "{}", stderr(&v));
    // A kind that does not exist is refused, naming the ones that do.
    let bad = fof(&["sim", "--untracked-ammo", "arrows"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("rifle-grenade"), "{}", stderr(&bad));
}

/// A fresh, empty save folder for one test.
/// A Normandy campaign begun in `d`, its first mission played by the bot
/// and the decisions after it taken as suggested.
fn one_mission_played(d: &str) {
    assert!(
        fof(&["campaign", "new", "normandy_1944", "--save-dir", d])
            .status
            .success()
    );
    assert!(
        fof(&[
            "campaign",
            "play",
            "--between",
            "suggestion",
            "--save-dir",
            d
        ])
        .status
        .success()
    );
}

fn save_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("fof-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn a_campaign_is_begun_played_by_a_bot_and_its_replays_verify() {
    let dir = save_dir("campaign");
    let d = dir.to_str().unwrap();
    let o = fof(&[
        "campaign",
        "new",
        "normandy_1944",
        "--mode",
        "survivor",
        "--seed",
        "3",
        "--save-dir",
        d,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("1. Fire at the Crossroads"));
    // Before the first mission ends the roster is not yet kept: the
    // status says so without saying the company is yet to join.
    let before = stdout(&fof(&["campaign", "status", "--save-dir", d]));
    assert!(
        before.contains("the roster is kept from the end of the first mission on"),
        "{before}"
    );
    let o = fof(&["campaign", "play", "--save-dir", d]);
    assert!(o.status.success(), "{}", stderr(&o));
    let status = fof(&["campaign", "status", "--save-dir", d]);
    assert!(status.status.success());
    let text = stdout(&status);
    assert!(
        text.contains("  CO HQ   ") && !text.contains("co_hq"),
        "{text}"
    );
    assert!(
        text.contains("Last: Fire at the Crossroads attempt 1"),
        "{text}"
    );
    // The mission's replay plays back to its recorded end.
    let replays: Vec<_> = std::fs::read_dir(dir.join("replays"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(replays.len(), 1);
    let v = fof(&["replay", replays[0].to_str().unwrap(), "--verify"]);
    assert!(v.status.success(), "{}", stderr(&v));
    assert_eq!(stdout(&v).trim().len(), 16);
    // A second campaign is not begun over the first.
    let again = fof(&["campaign", "new", "normandy_1944", "--save-dir", d]);
    assert_eq!(again.status.code(), Some(1));
    assert!(stderr(&again).contains("already in progress"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_campaign_file_is_reported_at_its_position_and_never_overwritten() {
    let dir = save_dir("damaged");
    let d = dir.to_str().unwrap();
    assert!(
        fof(&["campaign", "new", "normandy_1944", "--save-dir", d])
            .status
            .success()
    );
    let path = dir.join("campaign.ron");
    let mut text = std::fs::read_to_string(&path).unwrap();
    text = text.replacen("mode: Standard", "mode: Sideways", 1);
    std::fs::write(&path, &text).unwrap();
    for args in [
        vec!["campaign", "status", "--save-dir", d],
        vec!["campaign", "play", "--save-dir", d],
        vec!["campaign", "new", "normandy_1944", "--save-dir", d],
    ] {
        let o = fof(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let e = stderr(&o);
        assert!(e.contains("campaign.ron:"), "{e}");
        assert!(e.contains("Sideways"), "{e}");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            text,
            "left as it is"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_interrupted_campaign_mission_goes_on_from_its_save() {
    use std::sync::Arc;
    let dir = save_dir("resume");
    let d = dir.to_str().unwrap();
    assert!(
        fof(&[
            "campaign",
            "new",
            "normandy_1944",
            "--seed",
            "2",
            "--save-dir",
            d
        ])
        .status
        .success()
    );
    // Play part of the first mission as `campaign play` would, saving
    // after every input, then cut the last line as a kill would.
    let data = Arc::new(fof::data::DataSet::embedded().unwrap());
    let mut camp = fof::play::campaign::load(&dir.join("campaign.ron"), &data).unwrap();
    let mut rec = camp
        .start_recorded(&data, fof::engine::Options::default())
        .unwrap();
    let current = dir.join("current.replay");
    let mut journal = fof::play::replay::Journal::create(&current, &rec).unwrap();
    let mut rng = fof::play::sim::bot_rng(9);
    for _ in 0..25 {
        let legal = rec.game().legal_inputs();
        let i = fof::play::sim::choose(fof::play::sim::Bot::Random, &mut rng, rec.game(), &legal)
            .unwrap();
        rec.apply(&i).unwrap();
        journal.update(&rec).unwrap();
    }
    let text = std::fs::read_to_string(&current).unwrap();
    std::fs::write(&current, &text[..text.len() - 5]).unwrap();
    let o = fof(&["campaign", "play", "--save-dir", d]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("Resumed Fire at the Crossroads after 24 input(s)"),
        "{out}"
    );
    assert!(out.contains("was dropped"), "{out}");
    assert!(!current.exists(), "the finished mission's save is gone");
    assert!(
        stdout(&fof(&["campaign", "status", "--save-dir", d]))
            .contains("Last: Fire at the Crossroads")
    );
    let _ = std::fs::remove_dir_all(&dir);
    // A damaged save of a game in progress is refused and left alone.
    let dir = save_dir("resume-damaged");
    let d = dir.to_str().unwrap();
    assert!(
        fof(&["campaign", "new", "normandy_1944", "--save-dir", d])
            .status
            .success()
    );
    let current = dir.join("current.replay");
    std::fs::write(&current, "fof-replay 1\nprogram x\n").unwrap();
    let o = fof(&["campaign", "play", "--save-dir", d]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("current.replay"), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(&current).unwrap(),
        "fof-replay 1\nprogram x\n",
        "never overwritten"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_game_without_a_terminal_says_so_and_exits_2() {
    let dir = std::env::temp_dir().join(format!("fof-noterm-{}", std::process::id()));
    let dir_s = dir.display().to_string();
    for args in [
        vec!["--save-dir", dir_s.as_str()],
        vec!["play", "--save-dir", dir_s.as_str()],
        vec!["play", "--autoplay", "random", "--delay", "0"],
    ] {
        let o = fof(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("needs a terminal"), "{}", stderr(&o));
        assert!(stdout(&o).is_empty(), "nothing garbles the screen");
    }
    assert!(
        !dir.exists(),
        "nothing was written before the terminal check"
    );
}

#[test]
fn a_bad_key_bindings_file_is_reported_with_its_position() {
    let path = std::env::temp_dir().join(format!("fof-keys-{}.ron", std::process::id()));
    std::fs::write(&path, "(bindings: [(Up, [\"Upp\"])])").unwrap();
    let keys = fof::ui::load_keys(Some(&path)).unwrap_err();
    assert!(
        keys.starts_with(&format!("{}:1:", path.display())),
        "{keys}"
    );
    let _ = std::fs::remove_file(&path);
}

#[test]
fn sim_summary_prints_aggregates_in_text_and_json() {
    let args = [
        "sim",
        "--mission",
        "crossroads_firefight",
        "--games",
        "6",
        "--summary",
    ];
    let out = fof(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("crossroads_firefight: 6 games, "),
        "{text}"
    );
    for part in [
        "win rate ",
        "95% Wilson interval",
        "turns played: mean ",
        "casualty steps per game",
        "games by turns played:",
        "games by company casualty steps:",
        "#",
    ] {
        assert!(text.contains(part), "lacks {part}: {text}");
    }
    // No per-game lines.
    assert!(!text.contains("seed 1:"), "{text}");
    // The same games, as one JSON object.
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let out = fof(&with_json);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: Value = serde_json::from_str(&stdout(&out)).expect("one JSON object");
    let s = &v["summaries"][0];
    assert_eq!(s["mission"], "crossroads_firefight");
    assert_eq!(s["games"], 6);
    let wins = s["successes"].as_u64().unwrap();
    assert!(
        text.contains(&format!("6 games, {wins} successes")),
        "{text}"
    );
    assert!(s["win_low"].as_f64().unwrap() <= s["win_high"].as_f64().unwrap());
    // Without the option the per-game lines are as before.
    let plain = fof(&["sim", "--mission", "crossroads_firefight", "--games", "2"]);
    let plain = stdout(&plain);
    assert!(
        plain.starts_with("crossroads_firefight seed 1: "),
        "{plain}"
    );
    // --summary with --log is refused with a reason.
    let both = fof(&[
        "sim",
        "--summary",
        "--log",
        "--mission",
        "crossroads_firefight",
    ]);
    assert_eq!(both.status.code(), Some(2));
    assert!(stderr(&both).contains("--summary"), "{}", stderr(&both));
}

#[test]
fn replay_print_ends_with_the_after_action_report_before_the_outcome() {
    let dir = std::env::temp_dir().join(format!("fof-cli-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("r.replay").to_string_lossy().into_owned();
    let rec = fof(&[
        "sim",
        "--mission",
        "crossroads_firefight",
        "--seed",
        "3",
        "--record",
        &f,
    ]);
    assert_eq!(rec.status.code(), Some(0), "{}", stderr(&rec));
    let out = fof(&["replay", "--print", &f]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let report = text.find("After-action report: ").expect("the report");
    let by_turn = text.find("By turn:").expect("the table by turn");
    assert!(report < by_turn);
    assert!(text.contains("Success conditions, at the end:"), "{text}");
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("crossroads_firefight seed 3: "), "{last}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_campaign_with_random_decisions_verifies_and_a_tampered_decision_is_refused_at_its_line() {
    let dir = save_dir("decisions");
    let d = dir.to_str().unwrap();
    // Begun beside the save folder's own campaign, under a name.
    let o = fof(&[
        "campaign",
        "new",
        "normandy_1944",
        "--mode",
        "survivor",
        "--seed",
        "8",
        "--name",
        "second",
        "--save-dir",
        d,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let file = dir.join("campaigns/second/campaign.ron");
    assert!(file.exists());
    for _ in 0..3 {
        let o = fof(&[
            "campaign",
            "play",
            "--between",
            "bot",
            "--name",
            "second",
            "--save-dir",
            d,
        ]);
        if !o.status.success() {
            assert!(stderr(&o).contains("over"), "{}", stderr(&o));
            break;
        }
    }
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("choices: ["), "{text}");
    let status = stdout(&fof(&[
        "campaign",
        "status",
        "--name",
        "second",
        "--save-dir",
        d,
    ]));
    assert!(
        status.contains("Decisions between missions:") || !text.contains("\"promote"),
        "{status}"
    );
    let v = fof(&["campaign", "verify", "--name", "second", "--save-dir", d]);
    assert!(v.status.success(), "{}", stderr(&v));
    assert!(stdout(&v).contains("verified"), "{}", stdout(&v));
    // The first decision recorded, changed to one the rules refuse there.
    let (n, line) = text
        .lines()
        .enumerate()
        .skip_while(|(_, l)| !l.contains("choices: ["))
        .nth(1)
        .unwrap();
    let tampered: String = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == n {
                let indent = &l[..l.len() - l.trim_start().len()];
                format!("{indent}\"promote co_hq veteran\",\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    assert_ne!(tampered, text, "{line}");
    std::fs::write(&file, &tampered).unwrap();
    let v = fof(&["campaign", "verify", "--name", "second", "--save-dir", d]);
    assert_eq!(v.status.code(), Some(1));
    let e = stderr(&v);
    assert!(e.contains(&format!("campaign.ron:{}:", n + 1)), "{e}");
    // A name the save folder cannot hold is refused.
    let bad = fof(&["campaign", "status", "--name", "../x", "--save-dir", d]);
    assert_eq!(bad.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn campaign_new_without_an_id_and_fof_list_name_the_campaigns() {
    let o = fof(&["list"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("normandy_1944"), "{}", stdout(&o));
    let dir = save_dir("noid");
    let o = fof(&["campaign", "new", "--save-dir", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("normandy_1944"), "{}", stderr(&o));
    assert!(!dir.join("campaign.ron").exists());
}

#[test]
fn a_campaign_file_from_before_recorded_decisions_is_refused_by_verify_with_why() {
    let dir = save_dir("oldfile");
    let d = dir.to_str().unwrap();
    one_mission_played(d);
    let file = dir.join("campaign.ron");
    let text = std::fs::read_to_string(&file).unwrap();
    // An earlier version wrote no replay name nor choices in its records.
    let old: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("replay:"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_ne!(old, text);
    std::fs::write(&file, old).unwrap();
    assert!(
        fof(&["campaign", "status", "--save-dir", d])
            .status
            .success()
    );
    let v = fof(&["campaign", "verify", "--save-dir", d]);
    assert_eq!(v.status.code(), Some(1));
    assert!(stderr(&v).contains("earlier version"), "{}", stderr(&v));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn completions_name_every_command_and_an_unknown_shell_is_refused() {
    let o = fof(&["completions", "bash"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bash = stdout(&o);
    for word in ["fof", "campaign", "replay", "completions", "--save-dir"] {
        assert!(bash.contains(word), "bash completions lack {word}");
    }
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let o = fof(&["completions", shell]);
        assert_eq!(o.status.code(), Some(0), "{shell}: {}", stderr(&o));
        assert!(stdout(&o).contains("campaign"), "{shell}");
    }
    let bad = fof(&["completions", "tcsh"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stdout(&bad).is_empty());
    assert!(stderr(&bad).contains("tcsh"), "{}", stderr(&bad));
    assert!(stderr(&bad).contains("bash"), "the shells are listed");
}

#[test]
fn the_manual_page_is_roff_and_names_the_commands_and_folders() {
    let o = fof(&["man"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let page = stdout(&o);
    assert!(page.starts_with(".ie") || page.starts_with(".TH"), "{page}");
    assert!(page.contains(".TH fof 1"), "{page}");
    for word in [
        "campaign",
        "replay",
        "completions",
        "unofficial",
        "local/share/fof",
    ] {
        assert!(page.contains(word), "the manual page lacks {word}");
    }
    // One page: every command in full, none sent to a page that nothing
    // installs (clap_mangen's list named fof-check(1) and the like).
    for cmd in [
        ".SS \"fof check\"",
        ".SS \"fof deck stats\"",
        ".SS \"fof campaign new\"",
    ] {
        assert!(page.contains(cmd), "the manual page lacks {cmd}");
    }
    assert!(!page.contains("(1)"), "a reference to another page: {page}");
}

/// A writer that always fails as `kind` says.
struct Failing(std::io::ErrorKind);

impl std::io::Write for Failing {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(self.0.into())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Err(self.0.into())
    }
}

#[test]
fn completions_and_the_manual_page_survive_a_closed_or_failing_output() {
    use clap::Parser;
    use std::io::ErrorKind;
    for args in [&["fof", "completions", "bash"][..], &["fof", "man"]] {
        let cli = fof::cli::Cli::try_parse_from(args).unwrap();
        let mut err = Vec::new();
        // `fof man | head`: a closed pipe is no error.
        let code = fof::cli::run(&cli, &mut Failing(ErrorKind::BrokenPipe), &mut err);
        assert_eq!(code, 0, "{args:?}");
        let code = fof::cli::run(&cli, &mut Failing(ErrorKind::StorageFull), &mut err);
        assert_eq!(code, 1, "{args:?}");
    }
}

#[test]
fn the_save_folder_is_the_option_then_the_platform_folder_then_fof_saves() {
    use fof::play::folders::save_dir_from;
    use std::path::PathBuf;
    let platform = PathBuf::from("/platform/fof");
    let over = PathBuf::from("/my/saves");
    assert_eq!(
        save_dir_from(Some(over.clone()), Some(platform.clone())),
        over
    );
    assert_eq!(save_dir_from(Some(over.clone()), None), over);
    assert_eq!(save_dir_from(None, Some(platform.clone())), platform);
    // No home folder, so no platform folder: the current folder's.
    assert_eq!(save_dir_from(None, None), PathBuf::from("fof-saves"));
}

/// Linux users' saves stay where earlier versions put them: in
/// `$XDG_DATA_HOME/fof` when that is an absolute path, else in
/// `~/.local/share/fof`; `--save-dir` wins over both.
#[cfg(target_os = "linux")]
#[test]
fn on_linux_the_save_folder_is_still_xdg_data_home_or_local_share() {
    let home = temp_dir("home");
    let xdg = home.join("xdg");
    let new = ["campaign", "new", "normandy_1944"];
    let o = fof_env(&new, &[("HOME", &home), ("XDG_DATA_HOME", &xdg)], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(xdg.join("fof/campaign.ron").exists());

    let local = home.join(".local/share/fof/campaign.ron");
    let relative = std::path::Path::new("relative/dir");
    let o = fof_env(&new, &[("HOME", &home), ("XDG_DATA_HOME", relative)], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(local.exists(), "a relative XDG_DATA_HOME is ignored");
    std::fs::remove_file(&local).unwrap();
    let o = fof_env(&new, &[("HOME", &home)], &["XDG_DATA_HOME"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(local.exists());

    let mine = home.join("mine");
    let mut args = new.to_vec();
    args.extend(["--save-dir", mine.to_str().unwrap()]);
    let o = fof_env(&args, &[("HOME", &home), ("XDG_DATA_HOME", &xdg)], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(mine.join("campaign.ron").exists(), "--save-dir wins");
    let _ = std::fs::remove_dir_all(&home);
}

/// The key bindings file is still looked for where earlier versions
/// looked on Linux: `$XDG_CONFIG_HOME/fof/keys.ron` when that is an
/// absolute path, else `~/.config/fof/keys.ron`. (The game itself needs a
/// terminal, so this asks the library, in this process's environment.)
#[cfg(target_os = "linux")]
#[test]
fn on_linux_the_keys_file_is_still_in_xdg_config_home_or_dot_config() {
    use std::path::{Path, PathBuf};
    let Some(home) = std::env::var_os("HOME").filter(|h| !h.is_empty()) else {
        return; // the platform's answer then comes from the user database
    };
    let config = match std::env::var_os("XDG_CONFIG_HOME") {
        Some(x) if Path::new(&x).is_absolute() => PathBuf::from(x),
        _ => PathBuf::from(home).join(".config"),
    };
    assert_eq!(
        fof::play::folders::keys_file(),
        Some(config.join("fof").join("keys.ron"))
    );
}

#[test]
fn fof_play_without_a_mission_plays_the_start_menus_first_the_training_mission() {
    // Its help said "default: the first", read as the start menu's first
    // (found by a newcomer play test); it was the first of `fof list
    // --ids` instead. It is now the start menu's first.
    let data = crate::common::shipped();
    assert_eq!(
        fof::front::default_mission(&data).as_deref(),
        data.missions_in_order().first().map(|m| m.id.as_str())
    );
    assert_eq!(
        fof::front::default_mission(&data).as_deref(),
        Some("first_contact")
    );
    let h = fof(&["play", "--help"]);
    assert!(stdout(&h).contains("start menu"), "{}", stdout(&h));
}

/// Reliability review F3, F4: a campaign file that parses but holds what
/// the missions and decisions cannot give (a unit type not in the data, a
/// counter of no strength, a roster id twice, an unknown field, a seed
/// changed) is refused by `status` and `play` as `verify` refuses it, and
/// left as it is: `play` once played a mission on it and rewrote it.
#[test]
fn a_campaign_file_edited_into_nonsense_is_refused_and_never_overwritten() {
    let dir = save_dir("nonsense");
    let d = dir.to_str().unwrap();
    one_mission_played(d);
    let path = dir.join("campaign.ron");
    let good = std::fs::read_to_string(&path).unwrap();
    assert!(
        fof(&["campaign", "status", "--save-dir", d])
            .status
            .success(),
        "the campaign as played loads"
    );
    let seed = good
        .lines()
        .find(|l| l.trim_start().starts_with("seed:"))
        .expect("a seed line")
        .to_string();
    let first_id = good
        .lines()
        .find(|l| l.trim_start().starts_with("id: \"") && !l.contains("normandy"))
        .expect("a roster id")
        .to_string();
    for (what, edited, said) in [
        (
            "a unit type not in the data",
            good.replacen(
                "unit_type: \"us_co_hq\"",
                "unit_type: \"us_space_marine\"",
                1,
            ),
            "us_space_marine",
        ),
        (
            "a counter of no strength",
            good.replacen("full: 4,", "full: 0,", 1),
            "strength 0",
        ),
        (
            "an unknown field",
            good.replacen("mode: ", "cheat: true,\n    mode: ", 1),
            "cheat",
        ),
        (
            "a seed changed",
            good.replacen(&seed, "        seed: 18446744073709551615,", 1),
            "fof campaign verify",
        ),
        (
            "a roster id twice",
            {
                let second = good
                    .lines()
                    .filter(|l| l.trim_start().starts_with("id: \"") && !l.contains("normandy"))
                    .nth(1)
                    .expect("a second roster id")
                    .to_string();
                good.replacen(&second, &first_id, 1)
            },
            "twice",
        ),
    ] {
        assert_ne!(edited, good, "{what}: the edit took");
        std::fs::write(&path, &edited).unwrap();
        for cmd in ["status", "play"] {
            let o = fof(&["campaign", cmd, "--save-dir", d]);
            assert_eq!(o.status.code(), Some(1), "{what}: {cmd} {}", stderr(&o));
            let e = stderr(&o);
            assert!(e.contains(said), "{what}: {cmd}: {e}");
            assert!(e.contains("left as it is"), "{what}: {cmd}: {e}");
            assert_eq!(
                std::fs::read_to_string(&path).unwrap(),
                edited,
                "{what}: {cmd} left it as it is"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Reliability review F5: `fof check --keys FILE` checks the keys file
/// too: a bad one is reported at its place and the check fails; a good
/// one passes.
#[test]
fn check_reports_a_bad_keys_file_at_its_place() {
    let dir = save_dir("checkkeys");
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("keys.ron");
    std::fs::write(
        &bad,
        "(\n    bindings: [\n        (Up, [\"NoSuchKey\"]),\n    ],\n)\n",
    )
    .unwrap();
    let o = fof(&["check", "--keys", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let e = stderr(&o);
    assert!(e.contains("keys.ron:3:"), "{e}");
    assert!(e.contains("NoSuchKey"), "{e}");
    let good = dir.join("good.ron");
    std::fs::write(&good, "(\n    bindings: [\n        (Up, [\"Up\", \"w\"]),\n        (WhyNot, [\"F2\"]),\n    ],\n)\n").unwrap();
    let o = fof(&["check", "--keys", good.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}
