//! A mission played through a `Session`: the save written after every
//! input, resumed, rewound, refused when damaged, and the campaign carried
//! on at the end.

use fof::data::DataSet;
use fof::engine::{Input, Options};
use fof::play::replay::recover;
use fof::play::session::{ApplyError, NewCampaign, Session, SessionError, single_path};
use fof::play::sim::{Bot, MAX_INPUTS, bot_rng, choose};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn data() -> Arc<DataSet> {
    Arc::new(DataSet::embedded().unwrap())
}

fn save_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("fof-session-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// A fresh save folder with the default campaign begun, and its session.
fn begun(name: &str) -> (Arc<DataSet>, PathBuf, Session) {
    let data = data();
    let dir = save_dir(name);
    let s = Session::open_or_new(data.clone(), &dir, &NewCampaign::default()).unwrap();
    (data, dir, s)
}

/// Up to `k` random legal inputs (fewer if the game ends); returns them.
fn play(s: &mut Session, rng: &mut ChaCha8Rng, k: u64) -> Vec<Input> {
    let mut played = Vec::new();
    for _ in 0..k {
        if s.game().is_over() {
            break;
        }
        let legal = s.game().legal_inputs();
        let i = choose(Bot::Random, rng, s.game(), &legal).unwrap();
        s.apply(&i).unwrap();
        played.push(i);
    }
    played
}

fn hash_of_save(data: &Arc<DataSet>, path: &Path) -> (u64, u64) {
    let (rec, cut) = recover(path, data.clone()).unwrap();
    assert!(!cut);
    (rec.game().state_hash(), rec.inputs())
}

#[test]
fn open_or_new_on_a_fresh_folder_begins_the_default_campaign_and_saves() {
    let (data, dir, s) = begun("fresh");
    assert!(s.began_campaign());
    assert_eq!(s.campaign().unwrap().id, data.campaigns[0].id);
    assert!(dir.join("campaign.ron").exists());
    assert_eq!(s.save_path(), dir.join("current.replay"));
    assert_eq!(s.resume_note(), None);
    assert_eq!(
        hash_of_save(&data, s.save_path()),
        (s.game().state_hash(), 0)
    );
    // Opened again, the campaign is the one begun, not a new one.
    drop(s);
    let again = Session::open_or_new(data.clone(), &dir, &NewCampaign::default()).unwrap();
    assert!(!again.began_campaign());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_input_is_saved_and_reopening_resumes_at_the_same_state() {
    let (data, dir, mut s) = begun("apply");
    let mut rng = bot_rng(5);
    let played = play(&mut s, &mut rng, 20);
    assert_eq!(played.len(), 20);
    let hash = s.game().state_hash();
    assert_eq!(hash_of_save(&data, s.save_path()), (hash, 20));
    drop(s);
    let s = Session::open(data.clone(), &dir).unwrap();
    assert_eq!(s.game().state_hash(), hash);
    assert_eq!(s.recorder().inputs(), 20);
    assert!(
        s.resume_note().unwrap().contains("after 20 input(s)"),
        "{:?}",
        s.resume_note()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rewind_gives_the_game_of_the_first_inputs_and_rewrites_the_save() {
    let (data, dir, mut s) = begun("rewind");
    let mut rng = bot_rng(11);
    // A random game may end early (the company broken): rewind within it.
    let played = play(&mut s, &mut rng, 40);
    let n = played.len() as u64;
    assert!(n > 15, "the random game lasted only {n} inputs");
    assert!(matches!(
        s.rewind(n + 1),
        Err(SessionError::Rewind { n: a, inputs: b }) if a == n + 1 && b == n
    ));
    s.rewind(15).unwrap();
    let mut camp = fof::play::campaign::load(&dir.join("campaign.ron"), &data).unwrap();
    let mut fresh = camp.start_recorded(&data, Options::default()).unwrap();
    for i in &played[..15] {
        fresh.apply(i).unwrap();
    }
    assert_eq!(s.game().state_hash(), fresh.game().state_hash());
    assert_eq!(s.recorder().text(), fresh.text());
    assert_eq!(
        hash_of_save(&data, s.save_path()),
        (fresh.game().state_hash(), 15)
    );
    // The save goes on being appended to after the rewind.
    play(&mut s, &mut rng, 3);
    assert_eq!(
        hash_of_save(&data, s.save_path()),
        (s.game().state_hash(), 18)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_save_or_campaign_file_is_refused_and_left_byte_identical() {
    let (data, dir, s) = begun("corrupt");
    let current = s.save_path().to_path_buf();
    drop(s);
    let bytes = b"fof-replay 1\nprogram x\ndata zz\n\xff\x00".to_vec();
    std::fs::write(&current, &bytes).unwrap();
    let e = Session::open(data.clone(), &dir).err().expect("refused");
    assert!(matches!(e, SessionError::BadSave { .. }), "{e}");
    let msg = e.to_string();
    assert!(msg.contains("current.replay"), "{msg}");
    assert!(msg.contains("left as it is"), "{msg}");
    assert_eq!(std::fs::read(&current).unwrap(), bytes);
    // A damaged campaign file: open_or_new does not begin another over it.
    let file = dir.join("campaign.ron");
    std::fs::write(&file, "(format: 1, garbage").unwrap();
    let e = Session::open_or_new(data, &dir, &NewCampaign::default())
        .err()
        .expect("refused");
    assert!(e.to_string().contains("campaign.ron"), "{e}");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "(format: 1, garbage"
    );
    assert_eq!(std::fs::read(&current).unwrap(), bytes);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn finish_saves_the_replay_and_carries_the_campaign_on() {
    let (data, dir, mut s) = begun("finish");
    assert!(matches!(s.finish(), Err(SessionError::NotOver)));
    let mut rng = bot_rng(3);
    play(&mut s, &mut rng, MAX_INPUTS);
    assert!(s.game().is_over());
    let hash = s.game().state_hash();
    let f = s.finish().unwrap();
    let record = f.record.clone().unwrap();
    assert_eq!(record.mission, s.game().state().mission);
    assert!(f.replay.starts_with(dir.join("replays")));
    assert_eq!(
        fof::play::replay::load(&f.replay, data.clone())
            .unwrap()
            .state_hash(),
        hash
    );
    assert!(!dir.join("current.replay").exists());
    let camp = fof::play::campaign::load(&dir.join("campaign.ron"), &data).unwrap();
    assert_eq!(camp.records, vec![record]);
    assert_eq!(s.campaign(), Some(&camp));
    assert!(f.status.contains("Last:"), "{}", f.status);
    // Finishing again changes nothing; no more inputs are taken.
    assert_eq!(s.finish().unwrap(), f);
    let legal = s.game().legal_inputs();
    if let Some(i) = legal.first() {
        assert!(matches!(s.apply(i), Err(ApplyError::Illegal(_))));
    }
    assert!(matches!(s.rewind(0), Err(SessionError::Finished)));
    // The decisions between missions come first: opened now, the session
    // holds the finished game until they are made (10.3-10.7, 11.3). (One
    // copy has the campaign open at a time: this one is closed first.)
    drop(s);
    let mut deciding = Session::open(data.clone(), &dir).unwrap();
    assert!(deciding.finished().is_some());
    assert_eq!(deciding.game().state_hash(), hash);
    while let Some(c) = deciding.campaign().and_then(|c| {
        c.between.as_ref()?;
        c.suggestion().or_else(|| c.choices().first().cloned())
    }) {
        deciding.choose(&c).unwrap();
    }
    assert_eq!(deciding.campaign().unwrap().between, None);
    // The next mission (or attempt) opens from a clean start, in place of
    // the session that made the decisions (which keeps the campaign's lock).
    match deciding.next_mission() {
        Ok(()) => {
            assert_eq!(deciding.recorder().inputs(), 0);
            assert_eq!(deciding.resume_note(), None);
            assert!(deciding.finished().is_none());
        }
        Err(e) => {
            assert!(camp.end.is_some(), "{e}");
            assert!(matches!(e, SessionError::CampaignOver), "{e}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_single_mission_is_saved_in_plays_resumed_and_kept() {
    let data = data();
    let dir = save_dir("single");
    let mission = data.missions[0].id.clone();
    let mut s = Session::single(data.clone(), &dir, &mission, 7, Options::default()).unwrap();
    assert!(s.campaign().is_none());
    assert_eq!(s.save_path(), single_path(&dir, &mission, 7));
    let mut rng = bot_rng(7);
    play(&mut s, &mut rng, 10);
    let hash = s.game().state_hash();
    drop(s);
    let other = Options {
        no_ammo: true,
        ..Options::default()
    };
    let e = Session::single(data.clone(), &dir, &mission, 7, other)
        .err()
        .expect("other options refused");
    assert!(matches!(e, SessionError::OtherGame { .. }), "{e}");
    // In words, not the options' field names.
    assert!(
        e.to_string().contains(
            "it was begun with other options (no optional rule, not no ammunition tracked (13.2))"
        ),
        "{e}"
    );
    let mut s = Session::single(data.clone(), &dir, &mission, 7, Options::default()).unwrap();
    assert_eq!(s.game().state_hash(), hash);
    play(&mut s, &mut rng, MAX_INPUTS);
    let f = s.finish().unwrap();
    assert_eq!(f.record, None);
    assert_eq!(f.replay, single_path(&dir, &mission, 7));
    assert_eq!(
        fof::play::replay::load(&f.replay, data.clone())
            .unwrap()
            .state_hash(),
        s.game().state_hash()
    );
    assert!(Session::single(data, &dir, "no_such_mission", 1, Options::default()).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn an_unwritable_save_folder_is_reported_but_the_game_goes_on() {
    use std::os::unix::fs::PermissionsExt;
    let (data, dir, mut s) = begun("readonly");
    let mut rng = bot_rng(2);
    play(&mut s, &mut rng, 6);
    let set = |mode| std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(mode));
    set(0o555).unwrap();
    // Permission bits do not bind root: then there is nothing to test.
    let probe = dir.join("probe");
    if std::fs::write(&probe, "x").is_ok() {
        let _ = std::fs::remove_file(&probe);
        set(0o755).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        return;
    }
    // An open save is appended to even in a read-only folder; a rewind
    // must write the file anew, and cannot.
    let e = s.rewind(4).expect_err("cannot save");
    assert!(e.to_string().contains("current.replay: cannot save"), "{e}");
    assert_eq!(s.recorder().inputs(), 4, "rewound in memory");
    // Every input is still played; each reports the save it cannot write.
    let before = s.game().state_hash();
    let legal = s.game().legal_inputs();
    let i = choose(Bot::Random, &mut rng, s.game(), &legal).unwrap();
    match s.apply(&i) {
        Err(ApplyError::NotSaved { error, .. }) => {
            let msg = error.to_string();
            assert!(msg.contains("current.replay: cannot save"), "{msg}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(s.recorder().inputs(), 5);
    assert_ne!(s.game().state_hash(), before);
    // Once the folder can be written again, the next input saves it all.
    set(0o755).unwrap();
    play(&mut s, &mut rng, 1);
    assert_eq!(
        hash_of_save(&data, s.save_path()),
        (s.game().state_hash(), 6)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_menu_says_a_briefed_mission_is_not_begun_until_an_input_is_given() {
    // A campaign whose briefing was opened (its save written, no input yet)
    // is "not begun", not "turn 1"; after an input it stands at its turn.
    let (data, dir, mut s) = begun("standing");
    let slot = fof::play::campaign::folder::slot(&dir, None).unwrap();
    let d = fof::play::campaign::folder::describe(&slot, &data).unwrap();
    assert!(d.short.ends_with("not begun"), "{}", d.short);
    assert!(d.standing.contains("nothing played yet"), "{}", d.standing);
    let mut rng = bot_rng(3);
    play(&mut s, &mut rng, 1);
    let d = fof::play::campaign::folder::describe(&slot, &data).unwrap();
    assert!(d.short.ends_with(", turn 1"), "{}", d.short);
    assert!(
        d.standing.contains("in progress at turn 1"),
        "{}",
        d.standing
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Reliability review F1: a save whose last line was cut short resumes
/// without it, and the first screen (the briefing) says so; the note was
/// set and never drawn.
#[test]
fn a_save_cut_short_says_so_on_the_first_screen() {
    let (data, dir, mut s) = begun("cutnote");
    let mut rng = bot_rng(3);
    play(&mut s, &mut rng, 8);
    let path = s.save_path().to_path_buf();
    drop(s);
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() - 20]).unwrap();
    let s = Session::open(data.clone(), &dir).unwrap();
    assert!(s.resume_note().unwrap().contains("cut short"));
    let saved = fof::front::Saved::new(s, data.clone(), &dir);
    let (_, learn) = fof::learn::load(&fof::data::DataSource::Embedded).unwrap();
    let mut app = fof::ui::app::App::new(
        saved,
        Arc::new(learn),
        fof::ui::keys::KeyMap::default(),
        fof::ui::theme::Theme::default(),
    );
    app.update(fof::ui::app::Msg::Resize(160, 50));
    let mut term = ratatui::Terminal::new(ratatui::backend::TestBackend::new(160, 50)).unwrap();
    term.draw(|f| fof::ui::view::draw(f, &app)).unwrap();
    let buf = term.backend().buffer().clone();
    let screen: String = (0..50)
        .map(|y| (0..160).map(|x| buf[(x, y)].symbol()).collect::<String>() + "\n")
        .collect();
    assert!(screen.contains("cut short by an interruption"), "{screen}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Reliability review F6: a second copy of fof on the same save is refused
/// while the first has it open, whatever it is (a single mission or a
/// campaign), and nothing of the first's save is touched; once the first
/// is closed the second opens.
#[test]
fn a_second_copy_on_one_save_is_refused_while_the_first_has_it_open() {
    let data = data();
    let dir = save_dir("lock-single");
    let mission = data.missions[0].id.clone();
    let mut first = Session::single(data.clone(), &dir, &mission, 31, Options::default()).unwrap();
    play(&mut first, &mut bot_rng(31), 3);
    let path = single_path(&dir, &mission, 31);
    let before = std::fs::read(&path).unwrap();
    let e = Session::single(data.clone(), &dir, &mission, 31, Options::default())
        .err()
        .expect("the second copy is refused");
    assert!(matches!(e, SessionError::InUse { .. }), "{e}");
    let words = e.to_string();
    assert!(
        words.contains("this game is open in another copy of fof")
            && words.contains(&format!("(process {})", std::process::id()))
            && words.contains("nothing was changed"),
        "{words}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
    // Another mission in the same folder is another game: not refused.
    let other = data.missions[1].id.clone();
    drop(Session::single(data.clone(), &dir, &other, 31, Options::default()).unwrap());
    play(&mut first, &mut bot_rng(32), 2);
    let inputs = first.recorder().inputs();
    drop(first);
    let again = Session::single(data.clone(), &dir, &mission, 31, Options::default()).unwrap();
    assert_eq!(again.recorder().inputs(), inputs);
    drop(again);
    let _ = std::fs::remove_dir_all(&dir);

    let (data, dir, first) = begun("lock-campaign");
    for e in [
        Session::open(data.clone(), &dir).err(),
        Session::open_or_new(data.clone(), &dir, &NewCampaign::default()).err(),
    ] {
        let e = e.expect("the campaign is refused to a second copy");
        assert!(matches!(e, SessionError::InUse { .. }), "{e}");
    }
    drop(first);
    drop(Session::open(data.clone(), &dir).unwrap());
    let _ = std::fs::remove_dir_all(&dir);
    // A folder with no campaign is refused for that, and left as it was
    // (no folder made, no lock file).
    let none = save_dir("lock-none");
    let e = Session::open(data, &none).err().expect("no campaign");
    assert!(matches!(e, SessionError::Campaign(_)), "{e}");
    assert!(!none.exists());
}

/// Reliability review F2: a save written by another version of fof (its
/// hashes all matching) is not rewritten when it is opened; the first input
/// given writes it again whole, with this program's header, and it still
/// verifies.
#[test]
fn a_save_opened_is_left_as_it_is_until_an_input_is_given() {
    let data = data();
    let dir = save_dir("header");
    let mission = data.missions[0].id.clone();
    let mut s = Session::single(data.clone(), &dir, &mission, 9, Options::default()).unwrap();
    play(&mut s, &mut bot_rng(9), 4);
    drop(s);
    let path = single_path(&dir, &mission, 9);
    let ours = format!("program {}\n", fof::play::replay::PROGRAM);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(&ours), "{text}");
    let old = text.replace(&ours, "program 9.0.0\n");
    std::fs::write(&path, &old).unwrap();
    let mut s = Session::single(data.clone(), &dir, &mission, 9, Options::default()).unwrap();
    assert_eq!(s.recorder().inputs(), 4);
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        old,
        "opened, untouched"
    );
    // A save this program writes as it is: appended to, not rewritten.
    play(&mut s, &mut bot_rng(10), 1);
    let now = std::fs::read_to_string(&path).unwrap();
    assert!(now.contains(&ours) && !now.contains("9.0.0"), "{now}");
    assert_eq!(hash_of_save(&data, &path), (s.game().state_hash(), 5));
    play(&mut s, &mut bot_rng(11), 1);
    let appended = std::fs::read_to_string(&path).unwrap();
    assert!(appended.starts_with(&now) && appended.len() > now.len());
    assert_eq!(hash_of_save(&data, &path), (s.game().state_hash(), 6));
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}
