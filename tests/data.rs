//! Loading and validating the game data: every shipped file, and every kind
//! of error the loader reports, each with its file, line and column.

use crate::common;

use common::{data_copy, embedded, error_at, errors_of};

use fof::data::{DataErrors, DataSet, DataSource, SourceSet, load, load_sources};
use std::path::PathBuf;

#[derive(Clone, Copy)]
enum File {
    Action,
    Terrain,
    Korea,
    Units,
    Charts,
    Hedgerow,
}

fn text_mut(set: &mut SourceSet, f: File) -> &mut String {
    match f {
        File::Action => &mut set.action.text,
        File::Terrain | File::Korea => {
            let path = path_of(f);
            &mut set
                .terrain
                .iter_mut()
                .find(|t| t.path == path)
                .unwrap_or_else(|| panic!("no {path}"))
                .text
        }
        File::Units => &mut set.units.text,
        File::Charts => &mut set.charts.text,
        File::Hedgerow => {
            &mut set
                .missions
                .iter_mut()
                .find(|m| m.path == "missions/hedgerow_attack.ron")
                .expect("the shipped mission")
                .text
        }
    }
}

fn path_of(f: File) -> &'static str {
    match f {
        File::Action => "decks/action.ron",
        File::Terrain => "decks/terrain/normandy.ron",
        File::Korea => "decks/terrain/korea.ron",
        File::Units => "assets/units.ron",
        File::Charts => "assets/charts.ron",
        File::Hedgerow => "missions/hedgerow_attack.ron",
    }
}

/// Replaces the `nth` (0-based) occurrence of `from` with `to`, and returns
/// the 1-based line where the replacement starts.
fn edit(set: &mut SourceSet, f: File, from: &str, to: &str, nth: usize) -> usize {
    let text = text_mut(set, f);
    let at = text
        .match_indices(from)
        .nth(nth)
        .unwrap_or_else(|| panic!("`{from}` (#{nth}) not in {}", path_of(f)))
        .0;
    let line = text[..at].matches('\n').count() + 1;
    text.replace_range(at..at + from.len(), to);
    line
}

/// Asserts one error mentions `needle` in the given file, and returns it.
fn expect(errs: &DataErrors, f: File, needle: &str) -> fof::data::DataError {
    error_at(errs, path_of(f), needle)
}

#[test]
fn every_shipped_file_loads_and_validates() {
    let d = DataSet::embedded().expect("shipped data is valid");
    assert_eq!(d.action_cards().len(), 50);
    assert_eq!(d.terrain_deck("normandy").unwrap().cards.len(), 55);
    assert!(d.unit_type("us_rifle_squad").is_some());
    assert!(d.unit_type("de_rifle_squad").is_some());
}

#[test]
fn the_repository_folder_loads_like_the_embedded_data() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let from_dir = load(&DataSource::Dir(dir)).expect("repository data loads");
    let embedded = DataSet::embedded().unwrap();
    assert_eq!(
        from_dir.hash, embedded.hash,
        "embedded data matches the files"
    );
}

#[test]
fn the_data_hash_changes_with_any_file() {
    let a = load_sources(&embedded()).unwrap().hash;
    let mut set = embedded();
    edit(
        &mut set,
        File::Units,
        "name: \"Runner\"",
        "name: \"Messenger\"",
        0,
    );
    let b = load_sources(&set).unwrap().hash;
    assert_ne!(a, b);
}

// ---- parse errors: reported at the exact spot, and every file is read ----

#[test]
fn parse_errors_in_several_files_are_all_reported_with_positions() {
    let mut set = embedded();
    let l1 = edit(
        &mut set,
        File::Action,
        "number: 3,",
        "number: 3, colour: Red,",
        0,
    );
    let l2 = edit(
        &mut set,
        File::Terrain,
        "terrain: Woods",
        "terrain: Jungle",
        0,
    );
    let errs = errors_of(&set);
    assert_eq!(errs.0.len(), 2, "{errs}");
    let a = expect(&errs, File::Action, "colour");
    assert_eq!(a.line, l1);
    let t = expect(&errs, File::Terrain, "Jungle");
    assert_eq!(t.line, l2);
    let text = errs.to_string();
    assert!(
        text.contains(&format!("decks/action.ron:{}:", l1)),
        "{text}"
    );
    assert!(
        text.contains(&format!("decks/terrain/normandy.ron:{}:", l2)),
        "{text}"
    );
}

#[test]
fn parse_error_kinds_name_the_field_or_variant() {
    let cases: &[(File, &str, &str, &str)] = &[
        // unknown field
        (
            File::Units,
            "name: \"LMG\"",
            "name: \"LMG\", calibre: 30",
            "calibre",
        ),
        // unknown enum variant
        (
            File::Charts,
            "(kind: Basic, value: 1)",
            "(kind: Cave, value: 1)",
            "Cave",
        ),
        // missing field (a terrain card without its eighth border)
        (File::Terrain, ", nw: Dark)", ")", "nw"),
        // wrong type
        (
            File::Charts,
            "stacking: (steps: 16",
            "stacking: (steps: \"many\"",
            "steps",
        ),
        // broken syntax
        (
            File::Action,
            "Action(ActionCard(",
            "Action(ActionCard((",
            "",
        ),
    ];
    for (f, from, to, needle) in cases {
        let mut set = embedded();
        let line = edit(&mut set, *f, from, to, 0);
        let errs = errors_of(&set);
        let e = expect(&errs, *f, needle);
        assert!(
            e.line >= line && e.line <= line + 1,
            "{e} (edited line {line})"
        );
        assert!(e.col >= 1);
    }
}

// ---- second pass: invariants, located at the card or field ----

fn check_invariant(f: File, from: &str, to: &str, nth: usize, needle: &str) {
    let mut set = embedded();
    let line = edit(&mut set, f, from, to, nth);
    let errs = errors_of(&set);
    let e = expect(&errs, f, needle);
    assert!(
        e.line + 12 >= line && e.line <= line + 6,
        "`{needle}` reported at line {} but the edit was on line {line}: {e}",
        e.line
    );
}

fn check_aggregate(f: File, from: &str, to: &str, nth: usize, needle: &str) {
    let mut set = embedded();
    edit(&mut set, f, from, to, nth);
    let errs = errors_of(&set);
    let e = expect(&errs, f, needle);
    assert!(e.line > 1, "aggregate errors point at the list: {e}");
}

#[test]
fn action_card_invariants_are_located_at_the_card() {
    check_invariant(File::Action, "number: 12,", "number: 11,", 0, "used twice");
    check_invariant(
        File::Action,
        "number: 12,",
        "number: 77,",
        0,
        "outside 1..=50",
    );
    check_invariant(File::Action, "activated: 4,", "activated: 9,", 0, "above 6");
    check_invariant(
        File::Action,
        "initiative: 2,",
        "initiative: 8,",
        0,
        "initiative commands 8",
    );
    check_invariant(
        File::Action,
        "anti_tank: 5,",
        "anti_tank: 12,",
        0,
        "outside 0..=9",
    );
    check_invariant(
        File::Action,
        "icon: Grenade,",
        "icon: Grenade, mark: Some(Jam),",
        0,
        "Jam mark",
    );
    check_invariant(
        File::Action,
        "fire: [Hit, Pin,",
        "fire: [Pin, Hit,",
        0,
        "not monotone",
    );
    check_invariant(
        File::Action,
        "fire: [Hit, Pin,",
        "fire: [Pin,",
        0,
        "needs 11 results",
    );
    check_invariant(
        File::Action,
        "random: [2,",
        "random: [",
        0,
        "needs 11 numbers",
    );
    check_invariant(
        File::Action,
        "random: [2, 3,",
        "random: [2, 9,",
        0,
        "outside 1..=3",
    );
    check_invariant(
        File::Action,
        "veteran: [P]",
        "veteran: [P, C, L]",
        0,
        "one or two letters",
    );
    check_invariant(
        File::Action,
        "veteran: [P]",
        "veteran: []",
        0,
        "one or two letters",
    );
}

#[test]
fn the_deck_needs_exactly_one_reshuffle_card_and_fifty_action_cards() {
    check_aggregate(
        File::Action,
        "        Reshuffle,\n",
        "",
        0,
        "exactly one Reshuffle",
    );
    check_aggregate(
        File::Action,
        "        Reshuffle,\n",
        "        Reshuffle,\n        Reshuffle,\n",
        0,
        "exactly one Reshuffle",
    );
    let mut set = embedded();
    let text = &mut set.action.text;
    let start = text.find("        Action(ActionCard(").unwrap();
    let end = text[start..].find("        )),\n").unwrap() + start + "        )),\n".len();
    text.replace_range(start..end, "");
    let errs = errors_of(&set);
    expect(&errs, File::Action, "50 action cards, found 49");
}

#[test]
fn the_deck_composition_must_match_the_calibration() {
    check_aggregate(
        File::Action,
        "word: Some(Cover)",
        "word: Some(Rally)",
        0,
        "should show Cover",
    );
    check_aggregate(File::Action, "higher_hq: true, ", "", 0, "Higher HQ icon");
    check_aggregate(
        File::Action,
        "anti_tank: 5,",
        "anti_tank: 6,",
        0,
        "anti-tank number 5",
    );
    check_aggregate(
        File::Action,
        "activated: 4,",
        "activated: 5,",
        0,
        "activated commands",
    );
    check_aggregate(
        File::Action,
        "icon: Infiltrate,",
        "icon: Grenade,",
        0,
        "infiltrate",
    );
    // Same monotone column, different totals at one NCM.
    check_aggregate(
        File::Action,
        "fire: [Hit, Pin, Pin, Pin, Pin, Pin, Pin, Miss,",
        "fire: [Hit, Hit, Pin, Pin, Pin, Pin, Pin, Miss,",
        0,
        "at NCM -3",
    );
    check_aggregate(
        File::Action,
        "veteran: [P]",
        "veteran: [C]",
        0,
        "lead the veteran hit effect",
    );
    check_aggregate(File::Action, "random: [2, 3,", "random: [1, 3,", 0, "N=2");
}

#[test]
fn terrain_invariants_are_located_at_the_card() {
    check_invariant(File::Terrain, "number: 2,", "number: 1,", 0, "used twice");
    check_invariant(
        File::Terrain,
        "cover: None",
        "cover: Single(1)",
        0,
        "hill card has no cover",
    );
    check_invariant(
        File::Terrain,
        "cover: Single(2)",
        "cover: None",
        0,
        "only hill cards",
    );
    check_invariant(
        File::Terrain,
        "cover: Single(2)",
        "cover: Single(9)",
        0,
        "outside 0..=5",
    );
    check_invariant(
        File::Terrain,
        "Split(dark: 2, light: 1)",
        "Split(dark: 1, light: 2)",
        0,
        "split cover",
    );
    check_invariant(
        File::Terrain,
        "cover_markers: 2",
        "cover_markers: 7",
        0,
        "cover potential",
    );
    check_invariant(
        File::Terrain,
        "seek_draws: 3",
        "seek_draws: 0",
        0,
        "seek cover draws",
    );
    check_invariant(File::Terrain, "burst: -1", "burst: -6", 0, "burst modifier");
}

#[test]
fn terrain_names_and_deck_composition_are_checked() {
    let mut set = embedded();
    let text = text_mut(&mut set, File::Terrain);
    let at = text.find("TerrainCard(number: 1, name: \"").unwrap()
        + "TerrainCard(number: 1, name: \"".len();
    let end = text[at..].find('"').unwrap() + at;
    text.replace_range(at..end, "  ");
    expect(&errors_of(&set), File::Terrain, "name is empty");
    check_aggregate(
        File::Terrain,
        "terrain: Orchard",
        "terrain: Woods",
        0,
        "Orchard cards",
    );
}

/// Issue 22: the Korea deck, our own design (decks/README.md): 55 cards
/// in its stated composition, checked like the Normandy deck's.
#[test]
fn rule_1_2_1_the_korea_deck_holds_its_55_cards_in_its_composition() {
    use fof::data::terrain::TerrainType;
    let d = DataSet::embedded().expect("shipped data is valid");
    let k = d.terrain_deck("korea").expect("the Korea deck");
    assert_eq!(k.cards.len(), 55);
    let count = |t: TerrainType| k.cards.iter().filter(|c| c.terrain == t).count();
    assert_eq!(count(TerrainType::Hill), 12, "twice Normandy's hills");
    assert_eq!(count(TerrainType::RicePaddy), 12);
    assert_eq!(count(TerrainType::Hedgerow), 0, "no bocage in Korea");
    // Fewer dark borders in the lowlands, more in the hills.
    let dark = |t: TerrainType| {
        let cards: Vec<_> = k.cards.iter().filter(|c| c.terrain == t).collect();
        let n: usize = cards.iter().map(|c| c.borders.dark_count()).sum();
        (n * 10) / cards.len()
    };
    assert!(
        dark(TerrainType::RicePaddy) < 10,
        "paddies: under one dark side"
    );
    assert!(
        dark(TerrainType::Hill) >= 35,
        "hills: three or more dark sides"
    );
    // A wrong count is reported at the deck's card list.
    check_aggregate(
        File::Korea,
        "terrain: Brush",
        "terrain: Woods",
        0,
        "Korea 1950-51 deck should hold 7 Brush cards, found 6",
    );
    // A card of a type the deck does not hold is reported too.
    check_aggregate(
        File::Korea,
        "terrain: Orchard",
        "terrain: Hedgerow",
        0,
        "should hold 0 Hedgerow cards, found 1",
    );
}

/// The Korea deck deals and plays on the engine: a shipped mission moved
/// onto it (its map dealt from the Korea cards, hills stacked) plays to
/// its end with the random bot, with no panic and no stall.
#[test]
fn rule_2_2_the_korea_deck_deals_a_map_that_plays() {
    use fof::data::terrain::TerrainType;
    let mut set = embedded();
    let m = set
        .missions
        .iter_mut()
        .find(|m| m.path == "missions/hedgerow_attack.ron")
        .expect("the shipped mission");
    m.text = m
        .text
        .replace("terrain: \"normandy\"", "terrain: \"korea\"");
    let data = std::sync::Arc::new(fof::data::load_sources(&set).expect("loads"));
    let mut hills = 0;
    for seed in 1..=6 {
        let g = fof::engine::Game::new(
            data.clone(),
            "hedgerow_attack",
            seed,
            fof::engine::Options::default(),
        )
        .expect("sets up");
        let deck = data.terrain_deck("korea").unwrap();
        for c in &g.state().map.cards {
            for n in &c.stack {
                let card = deck.cards.iter().find(|t| t.number == *n).unwrap();
                hills += usize::from(card.terrain == TerrainType::Hill);
            }
        }
        let r = fof::play::sim::play(
            data.clone(),
            "hedgerow_attack",
            seed,
            fof::play::sim::Bot::Random,
            fof::engine::Options::default(),
        )
        .expect("plays to the end");
        assert!(r.turns > 0);
    }
    assert!(hills > 0, "six maps dealt from the Korea deck held no hill");
}

/// 7.4.5: rice paddies and brush are ground a landing zone may be marked on.
#[test]
fn rule_7_4_5_the_helicopter_icon_may_go_on_a_rice_paddy_or_brush() {
    use fof::data::terrain::TerrainType;
    assert!(TerrainType::RicePaddy.lz_ground());
    assert!(TerrainType::Brush.lz_ground());
    assert!(!TerrainType::Hill.lz_ground());
    let d = DataSet::embedded().expect("shipped data is valid");
    let k = d.terrain_deck("korea").expect("the Korea deck");
    assert!(
        k.cards
            .iter()
            .any(|c| c.lz && c.terrain == TerrainType::RicePaddy)
    );
}

#[test]
fn two_terrain_decks_may_not_share_an_id() {
    let mut set = embedded();
    let mut copy = set.terrain[0].clone();
    copy.path = "decks/terrain/copy.ron".into();
    set.terrain.push(copy);
    let errs = errors_of(&set);
    assert!(
        errs.0
            .iter()
            .any(|e| e.path == "decks/terrain/copy.ron"
                && e.message.contains("used by another deck")),
        "{errs}"
    );
}

#[test]
fn unit_invariants_are_located_at_the_unit() {
    check_invariant(
        File::Units,
        "id: \"us_plt_hq\"",
        "id: \"us_co_hq\"",
        0,
        "used twice",
    );
    check_invariant(
        File::Units,
        "kind: Squad, steps: 4",
        "kind: Squad, steps: 1",
        0,
        "cannot have 1 steps",
    );
    check_invariant(
        File::Units,
        "kind: Runner, steps: 1",
        "kind: Runner, steps: 2",
        0,
        "cannot have 2 steps",
    );
    check_invariant(
        File::Units,
        "kind: Staff, steps: 1,\n            back: Some((vof: S, range: C))",
        "kind: Staff, steps: 1",
        0,
        "fire-team side",
    );
    check_invariant(
        File::Units,
        "kind: Runner, steps: 1",
        "kind: Runner, steps: 1, front: Some((vof: S, range: C))",
        0,
        "has no VOF",
    );
    check_invariant(
        File::Units,
        "kind: Sniper, steps: 1,\n            front: Some((vof: Sniper, range: L)),",
        "kind: Sniper, steps: 1,",
        0,
        "needs a VOF",
    );
    check_invariant(
        File::Units,
        "kind: LitterTeam, steps: 1,\n            experience: Some(Green)",
        "kind: LitterTeam, steps: 1",
        0,
        "fixed experience",
    );
    check_invariant(
        File::Units,
        "kind: HigherStaff, steps: 1,\n            back: Some((vof: S, range: C)), experience: Some(Line)",
        "kind: HigherStaff, steps: 1,\n            back: Some((vof: S, range: C)), experience: Some(Green)",
        0,
        "always Line",
    );
    check_invariant(
        File::Units,
        "(kind: Mg, points: 6)",
        "(kind: Mg, points: 0)",
        0,
        "allotment of 0",
    );
    check_invariant(
        File::Units,
        "fire_team: Some(\"us_fire_team\")",
        "fire_team: Some(\"us_ghost\")",
        0,
        "not a unit id",
    );
    check_invariant(
        File::Units,
        "fire_team: Some(\"de_fire_team\")",
        "fire_team: Some(\"us_fire_team\")",
        0,
        "same side",
    );
}

#[test]
fn rule_9_4_activity_table_cells_and_rows_are_checked_where_they_stand() {
    check_invariant(
        File::Charts,
        "leader: Draw(6, [(1, 3, Rally), (4, 5, Attack), (6, 6, Nothing)]),",
        "leader: Draw(6, [(1, 3, Rally), (5, 5, Attack), (6, 6, Nothing)]),",
        0,
        "without gaps or overlaps",
    );
    check_invariant(
        File::Charts,
        "hasty: Draw(6, [(1, 4, ShiftFire), (5, 6, Nothing)]),",
        "hasty: Draw(7, [(1, 4, ShiftFire), (5, 7, Nothing)]),",
        0,
        "N from 2 to 6",
    );
    check_invariant(
        File::Charts,
        "(when: [Pinned, WithUs, InCover],",
        "(when: [Pinned, WithUs, Apart],",
        0,
        "can never hold together",
    );
    check_invariant(
        File::Hedgerow,
        "tactics: Some(Delay),",
        "tactics: Some(Overrun),",
        0,
        "the enemy defends",
    );
    check_invariant(
        File::Hedgerow,
        "enemy_fire: Some((missions: 3, draws: 2)),",
        "enemy_fire: Some((missions: 0, draws: 2)),",
        0,
        "at least one mission",
    );
}

#[test]
fn rule_10_7_skill_markers_go_to_plt_hqs_and_staff_three_at_most() {
    check_invariant(
        File::Hedgerow,
        r#"(id: "1plt_hq", type: "us_plt_hq", label: "1 PLT HQ", hq: Some("co_hq"), experience: Line, start: Staging(1)),"#,
        r#"(id: "1plt_hq", type: "us_plt_hq", label: "1 PLT HQ", hq: Some("co_hq"), experience: Line, start: Staging(1), skills: [Drilled, Drilled, Pitcher, KeenEye]),"#,
        0,
        "three at most",
    );
    check_invariant(
        File::Hedgerow,
        r#"(id: "co_hq", type: "us_co_hq", label: "CO HQ", experience: Line"#,
        r#"(id: "co_hq", type: "us_co_hq", label: "CO HQ", skills: [Drilled], experience: Line"#,
        0,
        "only PLT HQs and staff",
    );
}

#[test]
fn rule_4_3_6_a_signal_carries_an_order_of_its_missions_chart() {
    // The hedgerow attack is offensive: route points belong to the patrol
    // chart, and the mission has none.
    check_invariant(
        File::Hedgerow,
        "(RedStarCluster, CeaseFire),",
        "(RedStarCluster, MoveToRoutePoint(1)),",
        0,
        "not on the signal chart of this offensive mission",
    );
    check_invariant(
        File::Hedgerow,
        "(RedStarCluster, CeaseFire),",
        "(GreenStarCluster, CeaseFire),",
        0,
        "two orders",
    );
}

#[test]
fn chart_invariants_are_located_at_the_field() {
    check_invariant(
        File::Charts,
        "b: [Auto, Draw(5), Draw(3), Draw(2)]",
        "b: [Auto, Draw(2), Draw(3), Draw(2)]",
        0,
        "must not rise",
    );
    check_invariant(
        File::Charts,
        "b: [Auto, Draw(5), Draw(3), Draw(2)]",
        "b: [Auto, Draw(5), Draw(3)]",
        0,
        "needs 4 entries",
    );
    check_invariant(
        File::Charts,
        "c: [Draw(4), Draw(3), Draw(2), Draw(1)]",
        "c: [Draw(4), Draw(3), Draw(2), Draw(0)]",
        0,
        "a draw of 0",
    );
    check_invariant(
        File::Charts,
        "(level: Veteran, day: 9, limited: 6),",
        "(level: Line, day: 9, limited: 6),",
        0,
        "veteran exactly once",
    );
    check_invariant(
        File::Charts,
        "spend_max_limited: 4",
        "spend_max_limited: 8",
        0,
        "spend maximum",
    );
    check_invariant(
        File::Charts,
        "green: -1, min: 1)",
        "green: -1, min: 0)",
        0,
        "minimum draw",
    );
    check_invariant(
        File::Charts,
        "base: 2,\n        min: 1,",
        "base: 2,\n        min: 0,",
        0,
        "minimum spotting draw",
    );
    check_invariant(
        File::Charts,
        "(kind: Trench, value: 2),",
        "(kind: Basic, value: 2),",
        0,
        "Trench exactly once",
    );
    check_invariant(File::Charts, "ncm_min: -4", "ncm_min: 7", 0, "NCM minimum");
    check_invariant(File::Charts, "id: \"fog\"", "id: \"rain\"", 0, "used twice");
    check_invariant(
        File::Charts,
        "modifier: 5, moon: true",
        "modifier: 7, moon: true",
        0,
        "outside 0..=5",
    );
    check_invariant(
        File::Charts,
        "name: \"Clear day\", modifier: 0",
        "name: \"Clear day\", modifier: 1",
        0,
        "modifier +0",
    );
    check_invariant(
        File::Charts,
        "id: \"star_cluster\"",
        "id: \"flare\"",
        0,
        "illumination id",
    );
    check_invariant(
        File::Charts,
        "stacking: (steps: 16",
        "stacking: (steps: 0",
        0,
        "at least 1 step",
    );
}

// ---- a data folder on disk ----

#[test]
fn a_missing_file_or_folder_is_reported_by_path() {
    let dir = data_copy("missing-files");
    std::fs::remove_file(dir.join("assets/units.ron")).unwrap();
    std::fs::remove_dir_all(dir.join("decks/terrain")).unwrap();
    let errs = load(&DataSource::Dir(dir.clone())).unwrap_err();
    let text = errs.to_string();
    assert!(text.contains("assets/units.ron:1:1: cannot read"), "{text}");
    assert!(
        text.contains("decks/terrain:1:1: cannot read folder"),
        "{text}"
    );
}

#[test]
fn an_empty_terrain_folder_is_reported() {
    let dir = data_copy("no-terrain");
    for deck in ["normandy", "korea"] {
        std::fs::remove_file(dir.join(format!("decks/terrain/{deck}.ron"))).unwrap();
    }
    let errs = load(&DataSource::Dir(dir)).unwrap_err();
    assert!(errs.to_string().contains("no deck file"), "{errs}");
}

#[test]
fn fof_check_accepts_the_shipped_data_and_refuses_a_broken_copy() {
    let bin = env!("CARGO_BIN_EXE_fof");
    let ok = std::process::Command::new(bin)
        .arg("check")
        .output()
        .unwrap();
    assert_eq!(
        ok.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    assert!(String::from_utf8_lossy(&ok.stdout).contains("All data is valid"));

    // The acceptance case: an unknown field on an action card and a bad enum
    // value on a terrain card, both reported with file, line and column.
    let dir = data_copy("check-broken");
    let action = dir.join("decks/action.ron");
    let text = std::fs::read_to_string(&action).unwrap();
    let text = text.replacen("number: 5,", "number: 5, flavour: \"x\",", 1);
    std::fs::write(&action, &text).unwrap();
    let aline = text[..text.find("flavour").unwrap()].matches('\n').count() + 1;
    let terrain = dir.join("decks/terrain/normandy.ron");
    let text = std::fs::read_to_string(&terrain).unwrap();
    let text = text.replacen("traffic: Slow", "traffic: Sideways", 1);
    std::fs::write(&terrain, &text).unwrap();
    let tline = text[..text.find("Sideways").unwrap()].matches('\n').count() + 1;

    let out = std::process::Command::new(bin)
        .args(["check", "--data"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let a = format!("{}:{aline}:", action.display());
    let t = format!("{}:{tline}:", terrain.display());
    assert!(
        stderr
            .lines()
            .any(|l| l.starts_with(&a) && l.contains("flavour")),
        "{stderr}"
    );
    assert!(
        stderr
            .lines()
            .any(|l| l.starts_with(&t) && l.contains("Sideways")),
        "{stderr}"
    );
}

#[test]
fn rule_8_0_a_visibility_change_names_a_level_and_a_later_turn() {
    let mut set = embedded();
    edit(
        &mut set,
        File::Hedgerow,
        "    turns:",
        "    visibility_from: [(1, \"dusk_at_noon\")],\n    turns:",
        0,
    );
    let errs = errors_of(&set);
    let e = expect(&errs, File::Hedgerow, "dusk_at_noon");
    assert!(e.message.contains("charts"), "{e}");
    let e = expect(&errs, File::Hedgerow, "rising turns");
    assert!(e.message.contains("turn 1"), "{e}");
}

/// 2.2.1 E, 7.4.5: the helicopter icon goes only on ground a landing zone
/// may be marked on.
#[test]
fn rule_7_4_5_the_helicopter_icon_is_refused_on_an_orchard() {
    check_invariant(
        File::Terrain,
        "TerrainCard(number: 12, name:",
        "TerrainCard(number: 12, lz: true, name:",
        0,
        "a village, brush or a rice paddy only",
    );
}

#[test]
fn rule_11_campaigns_are_listed_in_the_order_of_their_wars() {
    let d = fof::data::DataSet::embedded().expect("the shipped data loads");
    let ids: Vec<(u16, &str)> = d
        .campaigns
        .iter()
        .map(|c| (c.year, c.id.as_str()))
        .collect();
    assert_eq!(
        ids,
        vec![
            (1944, "normandy_1944"),
            (1950, "korea_1950"),
            (1951, "korea_1951")
        ]
    );
}

/// 5.1.6 A: a load a unit starts with fits what its steps carry; the
/// porters' counter is ours, unarmed, of fixed experience.
#[test]
fn rule_5_1_6_a_starting_load_fits_what_the_steps_carry() {
    check_invariant(
        File::Hedgerow,
        r#"(id: "1_lmg", type: "us_lmg_team", label: "1 PLT LMG", hq: Some("1plt_hq"), experience: Line, start: Staging(1)"#,
        r#"(id: "1_lmg", type: "us_lmg_team", label: "1 PLT LMG", hq: Some("1plt_hq"), experience: Line, load: Some((Mg, 7)), start: Staging(1)"#,
        0,
        "carry 1 to 6",
    );
    check_invariant(
        File::Units,
        r#"kind: Porter, steps: 2,"#,
        r#"kind: Porter, steps: 2, weapon: Some(TripodMg),"#,
        0,
        "a porter party is ours",
    );
}

/// Where a data error is reported: the positions `fof::data::locate` finds
/// in a source's text, for the `file:line:col` of every message.
mod locate {
    use fof::data::locate::{Pos, enclosing_field, list_elements, locate, offset_of, pos_of};

    const SRC: &str = "// header, with a (paren\nDeck(\n  name: \"a [b], c\",\n  cards: [\n    Card(number: 1, x: [1, 2]),\n    /* skip ) */ Card(number: 2,\n      x: [3]),\n    Reshuffle,\n  ],\n)\n";

    #[test]
    fn finds_each_list_element() {
        let spans = list_elements(SRC, "cards");
        assert_eq!(spans.len(), 3);
        assert_eq!(pos_of(SRC, spans[0].0), Pos { line: 5, col: 5 });
        assert_eq!(pos_of(SRC, spans[1].0), Pos { line: 6, col: 18 });
        assert_eq!(pos_of(SRC, spans[2].0), Pos { line: 8, col: 5 });
    }

    #[test]
    fn finds_a_field_inside_an_element() {
        assert_eq!(locate(SRC, "cards", 1, Some("x")), Pos { line: 7, col: 7 });
        assert_eq!(
            locate(SRC, "cards", 0, Some("number")),
            Pos { line: 5, col: 10 }
        );
    }

    #[test]
    fn falls_back_to_the_list_then_the_file() {
        assert_eq!(locate(SRC, "cards", 9, None), Pos { line: 4, col: 3 });
        assert_eq!(locate(SRC, "missing", 0, None), Pos::START);
    }

    #[test]
    fn finds_the_field_around_a_position() {
        let at = SRC.find("[3]").unwrap() + 1;
        assert_eq!(enclosing_field(SRC, at).as_deref(), Some("x"));
        let at = SRC.find("Reshuffle").unwrap();
        assert_eq!(enclosing_field(SRC, at).as_deref(), Some("cards"));
        assert_eq!(offset_of(SRC, pos_of(SRC, at)), at);
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let src = "é: 1,\nab";
        assert_eq!(pos_of(src, src.len()), Pos { line: 2, col: 3 });
        assert_eq!(pos_of(src, 3), Pos { line: 1, col: 3 });
    }
}

#[test]
fn a_terrain_deck_finds_each_card_by_number_as_a_search_does() {
    let data = DataSet::embedded().expect("shipped data is valid");
    assert!(!data.terrain.is_empty());
    for deck in &data.terrain {
        // As shipped (listed from 1 in order) and listed backwards, where
        // no card stands at its number's place.
        let mut reversed = deck.clone();
        reversed.cards.reverse();
        for d in [deck, &reversed] {
            for n in 0..=u8::MAX {
                let searched = d.cards.iter().find(|c| c.number == n);
                assert_eq!(
                    d.card(n).map(|c| &c.name),
                    searched.map(|c| &c.name),
                    "{} card {n}",
                    d.id
                );
            }
        }
    }
}
