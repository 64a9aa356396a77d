//! Infantry combat (6.0-6.6, 6.8, 8.0-8.4, 9.11-9.12): the Net Combat
//! Modifier and its parts, the fire results and hit effects, automatic
//! opening and continuing fire, the placement of VOF, the weapon
//! restrictions of 6.4, critical hits, the free answering grenade,
//! ammunition and the sniper.
//!
//! Every test starts from the shipped mission at its first impulse, lays an
//! all-open map (every card a light-bordered +0 open field, no markers, no
//! fire), turns the impulse into a General Initiative impulse with six
//! commands, then arranges a small position with `state_mut()`. Terrain and
//! action cards are found by what they show, never by number. The Combat
//! Effects Segment is driven with `combat::resolve_all` on a stacked deck,
//! or by ending impulses until the segment runs.

use crate::common;
use fof::engine::testing::combat;
use fof::engine::testing::command;

use common::{
    Scenario, add, cover, crosshairs, enemy, fire, gi, grenade, impulse, lay, legal, links,
    no_crosshairs, no_grenade, ok, open_map_with, p, play_on, refused, top, u, unit, unit_attempts,
};

use fof::data::DataSet;
use fof::data::action::{ActionCard, Experience, FireResult, HitLetter};
use fof::data::charts::CoverKind;
use fof::data::terrain::{Border, CoverValue, TerrainCard, TerrainType};
use fof::data::units::{Range, Ratings, Side, UnitKind, UnitTypeId, Vof};
use fof::engine::testing::combat::VofLevel;
use fof::engine::testing::combat::{Base, Ncm};

use fof::engine::kernel::events::{EventKind, Section};
use fof::engine::kernel::game::Game;
use fof::engine::kernel::ids::UnitId;
use fof::engine::kernel::input::Action;
use fof::engine::kernel::input::Input;
use fof::engine::kernel::pos::CardPos;
use fof::engine::kernel::sequence::Step;
use fof::engine::kernel::state::{FireLink, Options, SmokeKind};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// A heavy-weapons team of our own for the tests: H at long range, no
/// restricted weapon, so only its H rating speaks (6.4).
const H_GUN: &str = "test_us_h_gun";

fn new_game(visibility: &str, options: Options) -> Game {
    new_game_with(visibility, options, |_| {})
}

fn new_game_with(visibility: &str, options: Options, tweak: impl FnOnce(&mut DataSet)) -> Game {
    let data = |data: &mut DataSet| {
        tweak(data);
        // Built from the LMG's counter, so that fields added later keep their
        // defaults.
        let mut h = data.unit_type("us_lmg_team").expect("the LMG").clone();
        h.id = UnitTypeId(H_GUN.into());
        h.name = "H Gun".into();
        h.front = Some(Ratings {
            vof: Vof::H,
            range: Range::L,
            grenade: false,
        });
        h.weapon = None;
        h.ammo = None;
        data.units.units.push(h);
    };
    let mut g = Scenario::of("hedgerow_attack")
        .named(&format!("combat_{visibility}"))
        .seed(7)
        .options(options)
        .data(data)
        .visibility(visibility)
        .game();
    let open = terrain_card(&g, |c| {
        c.terrain == TerrainType::OpenFields
            && c.cover == CoverValue::Single(0)
            && c.borders.dark_count() == 0
            && c.burst == 0
    });
    open_map_with(&mut g, open);
    impulse(&mut g, None);
    g
}

/// A clear day with the default options.
fn game() -> Game {
    new_game("day", Options::default())
}

/// The number of the first Normandy terrain card matching `pred`.
fn terrain_card(g: &Game, pred: impl Fn(&TerrainCard) -> bool) -> u8 {
    g.data()
        .terrain_deck("normandy")
        .expect("the Normandy deck")
        .cards
        .iter()
        .find(|c| pred(c))
        .map(|c| c.number)
        .expect("the deck holds such a terrain card")
}

fn link_vof(g: &Game, side: Side, from: CardPos, target: CardPos) -> Option<VofLevel> {
    combat::link_vof(g, &FireLink { side, from, target })
}

fn ncm(g: &Game, id: UnitId) -> Ncm {
    combat::ncm(g, id).expect("a VOF bears on the unit")
}

/// The value of the first part whose words contain `what`.
fn part(n: &Ncm, what: &str) -> Option<i32> {
    n.parts
        .iter()
        .find(|(w, _)| fof::engine::kernel::words::ncm_part(*w).contains(what))
        .map(|(_, v)| *v)
}

/// The parts as (words, value), for whole-formula comparisons.
fn parts(n: &Ncm) -> Vec<(&str, i32)> {
    // The parts in the log's words (leaked: a test's few short strings).
    let mut v: Vec<(&str, i32)> = n
        .parts
        .iter()
        .map(|(w, v)| {
            let w: &'static str = fof::engine::kernel::words::ncm_part(*w).leak();
            (w, *v)
        })
        .collect();
    v.sort();
    v
}

fn sorted(mut v: Vec<(&str, i32)>) -> Vec<(&str, i32)> {
    v.sort();
    v
}

/// The first action card matching `pred` that is not in `used`; it joins
/// `used`, so one arranged sequence never names a card twice.
fn pick(g: &Game, used: &mut Vec<u8>, pred: impl Fn(&ActionCard) -> bool) -> u8 {
    let n = g
        .data()
        .action_cards()
        .into_iter()
        .filter(|c| !used.contains(&c.number))
        .find(|c| pred(c))
        .map(|c| c.number)
        .expect("the deck holds such a card");
    used.push(n);
    n
}

fn reads(c: &ActionCard, ncm: i32, r: FireResult) -> bool {
    c.fire_result(ncm) == r
}

fn line_hit(letters: &[HitLetter]) -> impl Fn(&ActionCard) -> bool + '_ {
    move |c: &ActionCard| c.hit.line == letters
}

/// The kinds and steps of one side's units in play on a card, sorted.
fn teams(g: &Game, pos: CardPos, side: Side) -> Vec<(UnitKind, u8)> {
    let mut v: Vec<(UnitKind, u8)> = g
        .state()
        .units_at(pos)
        .filter(|x| x.side == side)
        .map(|x| (x.kind, x.steps))
        .collect();
    v.sort();
    v
}

/// Steps of a side on a card, casualties included.
fn all_steps(g: &Game, pos: CardPos, side: Side) -> u8 {
    g.state()
        .units_at(pos)
        .filter(|x| x.side == side)
        .map(|x| x.steps)
        .sum()
}

/// Fire-result draws logged since `from`: (unit, NCM read).
fn fire_draws(g: &Game, from: usize) -> Vec<(String, i8)> {
    g.log()[from..]
        .iter()
        .flat_map(|e| e.cards.iter())
        .filter_map(|r| match r.section {
            Section::Fire(n) => Some((r.words.clone(), n)),
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------------------
// 6.2.1, 6.3 The Net Combat Modifier: the base VOF
// ---------------------------------------------------------------------------

/// A spotted German rifle squad on R3C2 under fire from R1C2 (both open).
fn target() -> (Game, UnitId) {
    let mut g = game();
    let e = enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    fire(&mut g, Side::Us, p(1, 2), p(3, 2));
    (g, e)
}

#[test]
fn rule_6_2_1_small_arms_vof_is_plus_0() {
    let (mut g, e) = target();
    add(&mut g, "us_rifle_squad", p(1, 2));
    let n = ncm(&g, e);
    assert_eq!(parts(&n), vec![("Small Arms VOF", 0)]);
    assert_eq!((n.raw, n.value), (0, 0));
    assert_eq!(n.base, Base::Direct { from: p(1, 2) });
}

#[test]
fn rule_6_2_1_automatic_weapons_vof_is_minus_1() {
    let (mut g, e) = target();
    add(&mut g, "us_lmg_team", p(1, 2));
    let n = ncm(&g, e);
    assert_eq!(parts(&n), vec![("Automatic Weapons VOF", -1)]);
    assert_eq!(n.value, -1);
}

#[test]
fn rule_6_2_1_heavy_weapons_vof_is_minus_3() {
    let (mut g, e) = target();
    add(&mut g, H_GUN, p(1, 2));
    let n = ncm(&g, e);
    assert_eq!(parts(&n), vec![("Heavy Weapons VOF", -3)]);
    assert_eq!(n.value, -3);
}

#[test]
fn rule_6_2_only_the_best_vof_entering_a_card_applies() {
    // A rifle squad (S) and an LMG (A) fire from the same card: one VOF
    // marker, the best, and nothing added for the second unit.
    let (mut g, e) = target();
    add(&mut g, "us_rifle_squad", p(1, 2));
    add(&mut g, "us_lmg_team", p(1, 2));
    assert_eq!(parts(&ncm(&g, e)), vec![("Automatic Weapons VOF", -1)]);
    // Without the LMG the squad's S is all there is.
    let lmg = g
        .state()
        .units_at(p(1, 2))
        .find(|x| x.kind == UnitKind::WeaponsTeam)
        .unwrap()
        .id;
    u(&mut g, lmg).removed = true;
    assert_eq!(parts(&ncm(&g, e)), vec![("Small Arms VOF", 0)]);
}

#[test]
fn rule_6_3_2_b_all_pinned_vof_is_plus_2_when_every_firing_unit_is_pinned() {
    let (mut g, e) = target();
    let sq = add(&mut g, "us_rifle_squad", p(1, 2));
    let lmg = add(&mut g, "us_lmg_team", p(1, 2));
    u(&mut g, lmg).pinned = true;
    // One firing unit still free: its VOF, not All Pinned.
    assert_eq!(parts(&ncm(&g, e)), vec![("Small Arms VOF", 0)]);
    u(&mut g, sq).pinned = true;
    let n = ncm(&g, e);
    assert_eq!(parts(&n), vec![("All Pinned VOF", 2)]);
    assert_eq!(n.value, 2);
}

#[test]
fn rule_6_2_1_assault_rifles_are_automatic_at_point_blank_and_small_arms_beyond() {
    let mut g = game();
    enemy(&mut g, "de_assault_squad", p(2, 2), true);
    // Beyond its card: S.
    let far = add(&mut g, "us_rifle_squad", p(1, 2));
    fire(&mut g, Side::Enemy, p(2, 2), p(1, 2));
    assert_eq!(
        link_vof(&g, Side::Enemy, p(2, 2), p(1, 2)),
        Some(VofLevel::SmallArms)
    );
    assert_eq!(parts(&ncm(&g, far)), vec![("Small Arms VOF", 0)]);
    // On its own card: A.
    g.state_mut().fires.clear();
    let near = add(&mut g, "us_rifle_squad", p(2, 2));
    fire(&mut g, Side::Enemy, p(2, 2), p(2, 2));
    let n = ncm(&g, near);
    assert_eq!(parts(&n), vec![("Automatic Weapons VOF", -1)]);
    assert_eq!(n.base, Base::SameCard);
}

#[test]
fn rule_6_2_2_incoming_uses_the_value_of_the_fire_brought_down() {
    let mut g = game();
    let sq = add(&mut g, "us_rifle_squad", p(2, 2));
    let m = &mut g.state_mut().map.card_mut(p(2, 2)).unwrap().markers;
    m.incoming = true;
    m.incoming_mod = -5;
    let n = ncm(&g, sq);
    assert_eq!(n.base, Base::Incoming);
    assert_eq!(parts(&n), vec![("Incoming!", -5)]);
}

#[test]
fn rule_6_2_2_a_sniper_shoots_its_target_at_minus_3() {
    let mut g = game();
    let sq = add(&mut g, "us_rifle_squad", p(1, 2));
    enemy(&mut g, "de_sniper", p(3, 2), true);
    fire(&mut g, Side::Enemy, p(3, 2), p(1, 2));
    // Before the sniper picks, the card is under small arms.
    assert_eq!(parts(&ncm(&g, sq)), vec![("Small Arms VOF", 0)]);
    combat::pick_sniper_targets(&mut g);
    assert!(unit(&g, sq).sniped);
    let n = ncm(&g, sq);
    assert_eq!(n.base, Base::Sniper);
    assert_eq!(parts(&n), vec![("sniper", -3)]);
}

#[test]
fn rule_9_6_a_sniper_picks_an_exposed_unit_before_any_other() {
    // Whatever the R# drawn, the one Exposed unit of three is the target.
    for seed_card in 0..3usize {
        let mut g = game();
        let a = add(&mut g, "us_rifle_squad", p(1, 2));
        let b = add(&mut g, "us_rifle_squad", p(1, 2));
        let c = add(&mut g, "us_lmg_team", p(1, 2));
        u(&mut g, b).exposed = true;
        enemy(&mut g, "de_sniper", p(3, 2), true);
        fire(&mut g, Side::Enemy, p(3, 2), p(1, 2));
        let skip: Vec<_> = g
            .data()
            .action_cards()
            .into_iter()
            .take(seed_card)
            .map(|c| fof::engine::kernel::deck::Card::Action(c.number))
            .collect();
        g.state_mut().deck.put_on_top(&skip);
        combat::pick_sniper_targets(&mut g);
        assert!(unit(&g, b).sniped);
        assert!(!unit(&g, a).sniped && !unit(&g, c).sniped);
    }
    // With none Exposed, any of them may be picked.
    let mut g = game();
    let a = add(&mut g, "us_rifle_squad", p(1, 2));
    let b = add(&mut g, "us_rifle_squad", p(1, 2));
    enemy(&mut g, "de_sniper", p(3, 2), true);
    fire(&mut g, Side::Enemy, p(3, 2), p(1, 2));
    combat::pick_sniper_targets(&mut g);
    assert!(unit(&g, a).sniped ^ unit(&g, b).sniped);
}

// ---------------------------------------------------------------------------
// 8.0-8.4 Visibility, illumination and smoke in the NCM
// ---------------------------------------------------------------------------

#[test]
fn rule_8_1_the_visibility_modifier_is_part_of_the_ncm() {
    for (vis, m) in [("day", 0), ("overcast", 1), ("dusk", 2), ("dark", 5)] {
        let mut g = new_game(vis, Options::default());
        let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
        add(&mut g, "us_rifle_squad", p(1, 2));
        fire(&mut g, Side::Us, p(1, 2), p(2, 2));
        let n = ncm(&g, e);
        assert_eq!(part(&n, "visibility").unwrap_or(0), m, "{vis}");
        assert_eq!(n.value, m, "{vis}");
    }
}

#[test]
fn rule_8_0_visibility_does_not_apply_to_grenades_or_incoming() {
    let mut g = new_game("dusk", Options::default());
    let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    add(&mut g, "us_rifle_squad", p(1, 2));
    fire(&mut g, Side::Us, p(1, 2), p(2, 2));
    assert_eq!(part(&ncm(&g, e), "visibility"), Some(2));
    // A grenade attack on the unit: no visibility modifier.
    u(&mut g, e).grenaded = 1;
    let n = ncm(&g, e);
    assert_eq!(n.base, Base::Grenade);
    assert_eq!(parts(&n), vec![("1 grenade attack(s)", -4)]);
    // Incoming! on a card: none either.
    let sq = add(&mut g, "us_rifle_squad", p(3, 3));
    let m = &mut g.state_mut().map.card_mut(p(3, 3)).unwrap().markers;
    m.incoming = true;
    m.incoming_mod = -4;
    assert_eq!(parts(&ncm(&g, sq)), vec![("Incoming!", -4)]);
}

#[test]
fn rule_6_2_2_air_strikes_ignore_visibility_and_smoke_and_take_no_burst() {
    let mut g = new_game("dusk", Options::default());
    let orchard = terrain_card(&g, |c| c.terrain == TerrainType::Orchard && c.burst == -1);
    lay(&mut g, p(2, 2), &[orchard]);
    let sq = add(&mut g, "us_rifle_squad", p(2, 2));
    let m = &mut g.state_mut().map.card_mut(p(2, 2)).unwrap().markers;
    m.incoming = true;
    m.air_strike = true;
    m.incoming_mod = -5;
    m.smoke = Some(SmokeKind::Smoke);
    let n = ncm(&g, sq);
    assert_eq!(n.base, Base::AirStrike);
    assert_eq!(parts(&n), sorted(vec![("air strike", -5), ("terrain", 1)]));
}

/// A full-moon night (+3) with a German squad on R2C2 under small arms
/// from R1C2.
fn moonlit(vis: &str) -> (Game, UnitId) {
    let mut g = new_game(vis, Options::default());
    let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    add(&mut g, "us_rifle_squad", p(1, 2));
    fire(&mut g, Side::Us, p(1, 2), p(2, 2));
    (g, e)
}

#[test]
fn rule_8_2_illumination_lowers_the_visibility_modifier() {
    let (mut g, e) = moonlit("full_moon");
    assert_eq!(part(&ncm(&g, e), "visibility"), Some(3));
    // An illumination marker on the card next door spills -1 onto it.
    g.state_mut()
        .map
        .card_mut(p(3, 2))
        .unwrap()
        .markers
        .illumination_adjacent = Some(-1);
    assert_eq!(part(&ncm(&g, e), "visibility"), Some(2));
    // A marker on the card itself: -2 more.
    g.state_mut()
        .map
        .card_mut(p(2, 2))
        .unwrap()
        .markers
        .illumination = Some(-2);
    assert_eq!(part(&ncm(&g, e), "visibility"), Some(1));
}

#[test]
fn rule_8_2_illumination_never_brings_the_visibility_below_plus_0() {
    let (mut g, e) = moonlit("full_moon");
    g.state_mut()
        .map
        .card_mut(p(2, 2))
        .unwrap()
        .markers
        .illumination = Some(-4);
    let n = ncm(&g, e);
    assert_eq!(part(&n, "visibility"), None, "{:?}", n.parts);
    assert_eq!(n.value, 0);
}

#[test]
fn rule_8_2_illumination_does_not_help_in_fog() {
    // Fog is +3 like a full moon, but illumination does not cut it.
    let (mut g, e) = moonlit("fog");
    g.state_mut()
        .map
        .card_mut(p(2, 2))
        .unwrap()
        .markers
        .illumination = Some(-3);
    assert_eq!(part(&ncm(&g, e), "visibility"), Some(3));
    let (mut g, e) = moonlit("full_moon");
    g.state_mut()
        .map
        .card_mut(p(2, 2))
        .unwrap()
        .markers
        .illumination = Some(-3);
    assert_eq!(part(&ncm(&g, e), "visibility"), None);
}

#[test]
fn rule_8_4_smoke_gives_the_occupants_its_defensive_benefit() {
    let (mut g, e) = target();
    add(&mut g, "us_rifle_squad", p(1, 2));
    let chart = g.data().charts.smoke.clone();
    assert_eq!((chart.smoke, chart.wp), (2, 1));
    g.state_mut().map.card_mut(p(3, 2)).unwrap().markers.smoke = Some(SmokeKind::Smoke);
    assert_eq!(
        parts(&ncm(&g, e)),
        sorted(vec![("Small Arms VOF", 0), ("smoke", 2)])
    );
    g.state_mut().map.card_mut(p(3, 2)).unwrap().markers.smoke = Some(SmokeKind::Wp);
    assert_eq!(ncm(&g, e).value, 1);
}

#[test]
fn rule_8_4_smoke_does_not_protect_against_grenades_or_incoming() {
    let (mut g, e) = target();
    add(&mut g, "us_rifle_squad", p(1, 2));
    let m = &mut g.state_mut().map.card_mut(p(3, 2)).unwrap().markers;
    m.smoke = Some(SmokeKind::Smoke);
    u(&mut g, e).grenaded = 1;
    let n = ncm(&g, e);
    assert_eq!(part(&n, "smoke"), None);
    assert_eq!(n.value, -4);
    u(&mut g, e).grenaded = 0;
    let m = &mut g.state_mut().map.card_mut(p(3, 2)).unwrap().markers;
    m.incoming = true;
    m.incoming_mod = -3;
    let n = ncm(&g, e);
    assert_eq!(n.base, Base::Incoming);
    assert_eq!(part(&n, "smoke"), None);
    assert_eq!(n.value, -3);
}

// ---------------------------------------------------------------------------
// 6.3, 5.2.3 Status, cover and terrain
// ---------------------------------------------------------------------------

#[test]
fn rule_6_3_pinned_adds_1_and_exposed_subtracts_2() {
    let (mut g, e) = target();
    add(&mut g, "us_rifle_squad", p(1, 2));
    u(&mut g, e).pinned = true;
    assert_eq!(
        parts(&ncm(&g, e)),
        sorted(vec![("Small Arms VOF", 0), ("pinned", 1)])
    );
    u(&mut g, e).pinned = false;
    u(&mut g, e).exposed = true;
    assert_eq!(
        parts(&ncm(&g, e)),
        sorted(vec![("Small Arms VOF", 0), ("exposed", -2)])
    );
    u(&mut g, e).pinned = true;
    assert_eq!(ncm(&g, e).value, -1);
}

#[test]
fn rule_5_2_3_a_cover_marker_adds_its_value() {
    let (mut g, e) = target();
    add(&mut g, "us_rifle_squad", p(1, 2));
    for (kind, v) in [
        (CoverKind::Basic, 1),
        (CoverKind::Foxhole, 1),
        (CoverKind::Trench, 2),
        (CoverKind::Bunker, 3),
        (CoverKind::Pillbox, 4),
        (CoverKind::LightBuilding, 2),
        (CoverKind::StrongBuilding, 3),
    ] {
        let c = cover(&mut g, p(3, 2), kind);
        u(&mut g, e).cover = Some(c);
        let n = ncm(&g, e);
        assert_eq!(part(&n, "cover"), Some(v), "{kind:?}");
        assert_eq!(n.value, v, "{kind:?}");
    }
}

#[test]
fn rule_5_2_3_an_upper_story_counts_as_the_building_below_it() {
    let (mut g, e) = target();
    add(&mut g, "us_rifle_squad", p(1, 2));
    cover(&mut g, p(3, 2), CoverKind::LightBuilding);
    let up = cover(&mut g, p(3, 2), CoverKind::UpperStory);
    u(&mut g, e).cover = Some(up);
    assert_eq!(part(&ncm(&g, e), "cover"), Some(2));
}

/// A Split (2/1) hedgerow card with no burst icon whose rear border is
/// dark and whose left-rear corner is light.
fn split_card(g: &Game) -> u8 {
    terrain_card(g, |c| {
        c.cover == CoverValue::Split { dark: 2, light: 1 }
            && c.borders.s == Border::Dark
            && c.borders.sw == Border::Light
            && c.burst == 0
    })
}

#[test]
fn rule_5_2_3_direct_fire_across_a_dark_border_uses_the_higher_value() {
    let (mut g, e) = target();
    let split = split_card(&g);
    lay(&mut g, p(3, 2), &[split]);
    // From R1C2 the PDF enters R3C2 across its dark rear border: +2.
    add(&mut g, "us_rifle_squad", p(1, 2));
    assert_eq!(
        parts(&ncm(&g, e)),
        sorted(vec![("Small Arms VOF", 0), ("terrain", 2)])
    );
    // From R2C1 it enters across the light left-rear corner: +1.
    g.state_mut().fires.clear();
    add(&mut g, "us_rifle_squad", p(2, 1));
    fire(&mut g, Side::Us, p(2, 1), p(3, 2));
    assert_eq!(part(&ncm(&g, e), "terrain"), Some(1));
}

#[test]
fn rule_5_2_3_same_card_grenade_and_incoming_use_the_lower_value() {
    let mut g = game();
    let split = split_card(&g);
    lay(&mut g, p(3, 2), &[split]);
    let e = enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    let sq = add(&mut g, "us_rifle_squad", p(3, 2));
    fire(&mut g, Side::Us, p(3, 2), p(3, 2));
    fire(&mut g, Side::Enemy, p(3, 2), p(3, 2));
    // Point blank.
    let n = ncm(&g, e);
    assert_eq!(n.base, Base::SameCard);
    assert_eq!(part(&n, "terrain"), Some(1));
    assert_eq!(part(&ncm(&g, sq), "terrain"), Some(1));
    // A grenade attack.
    u(&mut g, e).grenaded = 1;
    assert_eq!(part(&ncm(&g, e), "terrain"), Some(1));
    // Incoming!, even with direct fire across the dark border beside it.
    u(&mut g, e).grenaded = 0;
    g.state_mut().fires.clear();
    add(&mut g, "us_rifle_squad", p(1, 2));
    fire(&mut g, Side::Us, p(1, 2), p(3, 2));
    assert_eq!(part(&ncm(&g, e), "terrain"), Some(2));
    let m = &mut g.state_mut().map.card_mut(p(3, 2)).unwrap().markers;
    m.incoming = true;
    m.incoming_mod = -3;
    let n = ncm(&g, e);
    assert_eq!(n.base, Base::Incoming);
    assert_eq!(part(&n, "terrain"), Some(1));
}

#[test]
fn rule_1_2_1_h_a_burst_icon_modifies_incoming_only() {
    let mut g = game();
    let orchard = terrain_card(&g, |c| c.terrain == TerrainType::Orchard && c.burst == -1);
    let marsh = terrain_card(&g, |c| c.terrain == TerrainType::Marsh && c.burst == 1);
    lay(&mut g, p(2, 1), &[orchard]);
    lay(&mut g, p(2, 3), &[marsh]);
    let a = add(&mut g, "us_rifle_squad", p(2, 1));
    let b = add(&mut g, "us_rifle_squad", p(2, 3));
    for pos in [p(2, 1), p(2, 3)] {
        let m = &mut g.state_mut().map.card_mut(pos).unwrap().markers;
        m.incoming = true;
        m.incoming_mod = -4;
    }
    assert_eq!(
        parts(&ncm(&g, a)),
        sorted(vec![("Incoming!", -4), ("terrain", 1), ("burst icon", -1)])
    );
    assert_eq!(
        parts(&ncm(&g, b)),
        sorted(vec![("Incoming!", -4), ("terrain", 1), ("burst icon", 1)])
    );
    // Direct fire on the orchard: no burst.
    g.state_mut()
        .map
        .card_mut(p(2, 1))
        .unwrap()
        .markers
        .incoming = false;
    enemy(&mut g, "de_rifle_squad", p(4, 1), true);
    fire(&mut g, Side::Enemy, p(4, 1), p(2, 1));
    assert_eq!(
        parts(&ncm(&g, a)),
        sorted(vec![("Automatic Weapons VOF", -1), ("terrain", 1)])
    );
}

#[test]
fn rule_5_2_3_example_five_steps_under_one_cover_against_grenades() {
    // Five steps under one Basic cover: +1 cover, -2 for the two steps over
    // three against a grenade attack, net -1; against direct fire only +1.
    let mut g = game();
    let c = cover(&mut g, p(2, 2), CoverKind::Basic);
    let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    let mg = enemy(&mut g, "de_mg_team", p(2, 2), true);
    u(&mut g, e).cover = Some(c);
    u(&mut g, mg).cover = Some(c);
    add(&mut g, "us_rifle_squad", p(1, 2));
    fire(&mut g, Side::Us, p(1, 2), p(2, 2));
    assert_eq!(
        parts(&ncm(&g, e)),
        sorted(vec![("Small Arms VOF", 0), ("basic cover", 1)])
    );
    u(&mut g, e).grenaded = 1;
    let n = ncm(&g, e);
    assert_eq!(
        parts(&n),
        sorted(vec![
            ("1 grenade attack(s)", -4),
            ("basic cover", 1),
            ("5 steps under one cover", -2)
        ])
    );
    // The cover and crowding together: -1.
    assert_eq!(n.raw, -5);
    // Incoming! counts the crowd too; the unit beside it under the same
    // cover, under Incoming!, also pays -2.
    u(&mut g, e).grenaded = 0;
    let m = &mut g.state_mut().map.card_mut(p(2, 2)).unwrap().markers;
    m.incoming = true;
    m.incoming_mod = -3;
    assert_eq!(part(&ncm(&g, mg), "steps under one cover"), Some(-2));
}

#[test]
fn rule_5_2_3_crowding_counts_steps_of_one_side_under_that_cover_only() {
    let mut g = game();
    let c = cover(&mut g, p(2, 2), CoverKind::Basic);
    let other = cover(&mut g, p(2, 2), CoverKind::Basic);
    let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    u(&mut g, e).cover = Some(c);
    u(&mut g, e).grenaded = 1;
    // Four steps: one over three.
    assert_eq!(part(&ncm(&g, e), "steps under one cover"), Some(-1));
    // A casualty under the same cover does not count (5.2.3 note).
    let cas = enemy(&mut g, "de_casualty", p(2, 2), true);
    u(&mut g, cas).cover = Some(c);
    assert_eq!(part(&ncm(&g, e), "steps under one cover"), Some(-1));
    // Steps under another cover marker do not count.
    let mg = enemy(&mut g, "de_mg_team", p(2, 2), true);
    u(&mut g, mg).cover = Some(other);
    assert_eq!(part(&ncm(&g, e), "steps under one cover"), Some(-1));
    // Three steps: none over.
    u(&mut g, e).steps = 3;
    assert_eq!(part(&ncm(&g, e), "steps under one cover"), None);
}

// ---------------------------------------------------------------------------
// 6.2.2 Card and unit markers; 6.3 the clamp
// ---------------------------------------------------------------------------

#[test]
fn rule_6_6_each_concentrated_fire_marker_adds_minus_1() {
    let (mut g, e) = target();
    add(&mut g, "us_rifle_squad", p(1, 2));
    u(&mut g, e).concentrated = 1;
    assert_eq!(ncm(&g, e).value, -1);
    u(&mut g, e).concentrated = 2;
    assert_eq!(
        parts(&ncm(&g, e)),
        sorted(vec![("Small Arms VOF", 0), ("2 concentrated fire", -2)])
    );
}

#[test]
fn rule_6_2_2_crossfire_is_minus_1_for_pdfs_from_two_cards() {
    let (mut g, e) = target();
    add(&mut g, "us_rifle_squad", p(1, 2));
    assert!(!combat::crossfire(&g, p(3, 2)));
    assert_eq!(part(&ncm(&g, e), "crossfire"), None);
    // A second card fires in: one Crossfire marker.
    add(&mut g, "us_rifle_squad", p(3, 1));
    fire(&mut g, Side::Us, p(3, 1), p(3, 2));
    assert!(combat::crossfire(&g, p(3, 2)));
    assert_eq!(
        parts(&ncm(&g, e)),
        sorted(vec![("Small Arms VOF", 0), ("crossfire", -1)])
    );
    // A third adds nothing more: never more than one Crossfire marker.
    add(&mut g, "us_rifle_squad", p(2, 3));
    fire(&mut g, Side::Us, p(2, 3), p(3, 2));
    assert_eq!(ncm(&g, e).value, -1);
}

#[test]
fn rule_6_2_2_pinned_units_can_make_a_crossfire() {
    let (mut g, e) = target();
    let a = add(&mut g, "us_rifle_squad", p(1, 2));
    let b = add(&mut g, "us_rifle_squad", p(3, 1));
    fire(&mut g, Side::Us, p(3, 1), p(3, 2));
    u(&mut g, a).pinned = true;
    u(&mut g, b).pinned = true;
    assert_eq!(
        parts(&ncm(&g, e)),
        sorted(vec![("All Pinned VOF", 2), ("crossfire", -1)])
    );
}

#[test]
fn rule_6_2_2_a_grenade_miss_is_minus_1_for_every_occupant() {
    let (mut g, e) = target();
    add(&mut g, "us_rifle_squad", p(1, 2));
    let mg = enemy(&mut g, "de_mg_team", p(3, 2), true);
    g.state_mut()
        .map
        .card_mut(p(3, 2))
        .unwrap()
        .markers
        .grenade_miss = true;
    for x in [e, mg] {
        assert_eq!(
            parts(&ncm(&g, x)),
            sorted(vec![("Small Arms VOF", 0), ("grenade miss", -1)])
        );
    }
}

#[test]
fn rule_6_3_the_ncm_is_clamped_between_minus_4_and_plus_6() {
    // Low: two grenade attacks, concentrated fire and exposed.
    let (mut g, e) = target();
    add(&mut g, "us_rifle_squad", p(1, 2));
    u(&mut g, e).grenaded = 2;
    u(&mut g, e).exposed = true;
    let n = ncm(&g, e);
    assert_eq!((n.raw, n.value), (-10, -4));
    let words = fof::engine::kernel::words::ncm(&n.read(false));
    assert!(words.contains("clamped to -4"), "{words}");
    // High: a pinned squad in a strong building on a +3 card, in smoke, in
    // the dark, under All Pinned fire.
    let mut g = new_game("dark", Options::default());
    let village = terrain_card(&g, |c| c.cover == CoverValue::Single(3));
    lay(&mut g, p(3, 2), &[village]);
    let e = enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    let c = cover(&mut g, p(3, 2), CoverKind::StrongBuilding);
    u(&mut g, e).cover = Some(c);
    u(&mut g, e).pinned = true;
    g.state_mut().map.card_mut(p(3, 2)).unwrap().markers.smoke = Some(SmokeKind::Smoke);
    let sq = add(&mut g, "us_rifle_squad", p(1, 2));
    u(&mut g, sq).pinned = true;
    fire(&mut g, Side::Us, p(1, 2), p(3, 2));
    let n = ncm(&g, e);
    // +2 All Pinned +5 dark +2 smoke +1 pinned +3 building +3 terrain.
    assert_eq!((n.raw, n.value), (16, 6));
}

// ---------------------------------------------------------------------------
// Worked examples of 6.3, 6.4 and 6.5.1
// ---------------------------------------------------------------------------

#[test]
fn rule_6_3_example_mortar_and_sniper_fire_on_an_exposed_squad_under_cover_is_a_hit() {
    // A mortar's Incoming! (-3) and a sniper (-3) fire on a squad under
    // cover and Exposed, on a card with split values: the base is -3, +1
    // for the card (the lower value, for Incoming!), +1 cover, -2 Exposed:
    // -3. Decision: the squad has three steps, so that the crowding rule
    // (5.2.3) that Incoming! brings does not add to the example.
    let mut g = game();
    let split = split_card(&g);
    lay(&mut g, p(1, 2), &[split]);
    let sq = add(&mut g, "us_rifle_squad", p(1, 2));
    let c = cover(&mut g, p(1, 2), CoverKind::Basic);
    u(&mut g, sq).steps = 3;
    u(&mut g, sq).cover = Some(c);
    u(&mut g, sq).exposed = true;
    let m = &mut g.state_mut().map.card_mut(p(1, 2)).unwrap().markers;
    m.incoming = true;
    m.incoming_mod = -3;
    enemy(&mut g, "de_sniper", p(3, 2), true);
    fire(&mut g, Side::Enemy, p(3, 2), p(1, 2));
    combat::pick_sniper_targets(&mut g);
    assert!(unit(&g, sq).sniped);
    let n = ncm(&g, sq);
    assert_eq!(n.value, -3);
    assert_eq!(
        parts(&n),
        sorted(vec![
            ("Incoming!", -3),
            ("terrain", 1),
            ("basic cover", 1),
            ("exposed", -2)
        ])
    );
    // "We draw an Action card and -3 is a HIT."
    for x in g.state_mut().units.edit().iter_mut() {
        x.sniped = false;
    }
    let mut used = Vec::new();
    let hit = pick(&g, &mut used, |c| reads(c, -3, FireResult::Hit));
    let effect = pick(&g, &mut used, line_hit(&[HitLetter::P]));
    top(&mut g, &[hit, effect]);
    let from = g.log().len();
    combat::resolve_all(&mut g);
    assert_eq!(fire_draws(&g, from).len(), 1);
    assert!(unit(&g, sq).pinned);
    assert_eq!(
        teams(&g, p(1, 2), Side::Us),
        vec![(UnitKind::Squad, 2), (UnitKind::ParalyzedTeam, 1)]
    );
}

#[test]
fn rule_6_4_combat_example_small_arms_into_a_plus_2_card_on_an_exposed_squad_nets_0() {
    // The example's village is a +2 card (ours are +3): a +2 card it is.
    // Small arms (+0), card +2, Exposed -2: net 0. A HIT pins the squad and
    // a second card's Line letter F turns a step into a fire team.
    let mut g = game();
    let plus2 = terrain_card(&g, |c| c.cover == CoverValue::Single(2) && c.burst == 0);
    lay(&mut g, p(2, 2), &[plus2]);
    let sq = add(&mut g, "us_rifle_squad", p(2, 2));
    u(&mut g, sq).exposed = true;
    enemy(&mut g, "de_fire_team", p(3, 2), true);
    fire(&mut g, Side::Enemy, p(3, 2), p(2, 2));
    let n = ncm(&g, sq);
    assert_eq!(
        parts(&n),
        sorted(vec![("Small Arms VOF", 0), ("terrain", 2), ("exposed", -2)])
    );
    assert_eq!(n.value, 0);
    let mut used = Vec::new();
    let hit = pick(&g, &mut used, |c| reads(c, 0, FireResult::Hit));
    let effect = pick(&g, &mut used, line_hit(&[HitLetter::F]));
    top(&mut g, &[hit, effect]);
    combat::resolve_all(&mut g);
    assert!(unit(&g, sq).pinned);
    assert_eq!(
        teams(&g, p(2, 2), Side::Us),
        vec![(UnitKind::Squad, 3), (UnitKind::FireTeam, 1)]
    );
}

#[test]
fn rule_6_5_1_example_two_grenades_and_a_miss_make_minus_9_clamped_to_minus_4() {
    // Automatic weapons on the card (-1); one unit with two successful
    // grenade attacks (-4 each) and the card's Grenade Miss (-1): -9, read
    // as -4. The others: -1 and -1, -2.
    let mut g = game();
    let a = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    let b = enemy(&mut g, "de_fire_team", p(2, 2), true);
    let c = enemy(&mut g, "de_mg_team", p(2, 2), true);
    add(&mut g, "us_lmg_team", p(1, 2));
    fire(&mut g, Side::Us, p(1, 2), p(2, 2));
    u(&mut g, a).grenaded = 2;
    g.state_mut()
        .map
        .card_mut(p(2, 2))
        .unwrap()
        .markers
        .grenade_miss = true;
    let n = ncm(&g, a);
    assert_eq!(
        parts(&n),
        sorted(vec![("2 grenade attack(s)", -8), ("grenade miss", -1)])
    );
    assert_eq!((n.raw, n.value), (-9, -4));
    for x in [b, c] {
        let n = ncm(&g, x);
        assert_eq!(
            parts(&n),
            sorted(vec![("Automatic Weapons VOF", -1), ("grenade miss", -1)])
        );
        assert_eq!(n.value, -2);
    }
}

// ---------------------------------------------------------------------------
// 6.3.1, 6.3.2 Fire results
// ---------------------------------------------------------------------------

/// A German rifle squad on R3C2 under an LMG's fire from R1C2: NCM -1.
fn lmg_on_squad() -> (Game, UnitId) {
    let (mut g, e) = target();
    add(&mut g, "us_lmg_team", p(1, 2));
    assert_eq!(ncm(&g, e).value, -1);
    (g, e)
}

#[test]
fn rule_6_3_2_a_a_miss_removes_the_pinned_marker() {
    let (mut g, e) = lmg_on_squad();
    u(&mut g, e).pinned = true;
    assert_eq!(ncm(&g, e).value, 0);
    let mut used = Vec::new();
    let miss = pick(&g, &mut used, |c| reads(c, 0, FireResult::Miss));
    top(&mut g, &[miss]);
    let from = g.log().len();
    combat::resolve_all(&mut g);
    assert!(!unit(&g, e).pinned);
    assert_eq!(unit(&g, e).steps, 4);
    assert_eq!(fire_draws(&g, from).len(), 1);
    assert!(g.log()[from..].iter().any(|ev| ev.rule == "6.3.2 A"));
}

#[test]
fn rule_6_3_2_b_a_pin_places_a_pinned_marker() {
    let (mut g, e) = lmg_on_squad();
    let mut used = Vec::new();
    let pin = pick(&g, &mut used, |c| reads(c, -1, FireResult::Pin));
    top(&mut g, &[pin]);
    let from = g.log().len();
    combat::resolve_all(&mut g);
    assert!(unit(&g, e).pinned);
    assert_eq!(teams(&g, p(3, 2), Side::Enemy), vec![(UnitKind::Squad, 4)]);
    // Only the fire result was read: no hit effect.
    assert!(
        g.log()[from..]
            .iter()
            .flat_map(|ev| ev.cards.iter())
            .all(|r| r.section != Section::HitEffect)
    );
}

#[test]
fn rule_6_3_2_c_a_hit_pins_and_draws_a_card_for_the_hit_effect() {
    let (mut g, e) = lmg_on_squad();
    let mut used = Vec::new();
    let hit = pick(&g, &mut used, |c| reads(c, -1, FireResult::Hit));
    let effect = pick(&g, &mut used, line_hit(&[HitLetter::C]));
    top(&mut g, &[hit, effect]);
    let from = g.log().len();
    combat::resolve_all(&mut g);
    assert!(unit(&g, e).pinned);
    assert_eq!(
        teams(&g, p(3, 2), Side::Enemy),
        vec![(UnitKind::Squad, 3), (UnitKind::Casualty, 1)]
    );
    let read: Vec<(u8, Section)> = g.log()[from..]
        .iter()
        .flat_map(|ev| ev.cards.iter())
        .map(|r| (r.card, r.section))
        .collect();
    assert_eq!(
        read,
        vec![(hit, Section::Fire(-1)), (effect, Section::HitEffect)]
    );
}

#[test]
fn rule_6_3_1_each_unit_on_a_card_under_vof_draws_its_own_card() {
    let (mut g, e) = lmg_on_squad();
    let mg = enemy(&mut g, "de_mg_team", p(3, 2), true);
    u(&mut g, mg).pinned = true;
    // Casualties are not fired upon; units on cards under no VOF neither.
    enemy(&mut g, "de_casualty", p(3, 2), true);
    enemy(&mut g, "de_rifle_squad", p(4, 3), true);
    let mut used = Vec::new();
    let a = pick(&g, &mut used, |c| reads(c, -1, FireResult::Pin));
    let b = pick(&g, &mut used, |c| reads(c, 0, FireResult::Pin));
    top(&mut g, &[a, b]);
    let from = g.log().len();
    combat::resolve_all(&mut g);
    let draws = fire_draws(&g, from);
    assert_eq!(draws.len(), 2, "{draws:?}");
    assert_eq!(draws.iter().map(|d| d.1).collect::<Vec<_>>(), vec![-1, 0]);
    assert!(unit(&g, e).pinned && unit(&g, mg).pinned);
}

#[test]
fn rule_6_3_combat_resolution_is_simultaneous() {
    // The US squad on R1C2 and the German squad on R3C2 fire at each
    // other. The US squad is resolved first and pinned; the German squad's
    // NCM is still the unpinned squad's S (+0), not All Pinned (+2).
    let mut g = game();
    let sq = add(&mut g, "us_rifle_squad", p(1, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    fire(&mut g, Side::Us, p(1, 2), p(3, 2));
    fire(&mut g, Side::Enemy, p(3, 2), p(1, 2));
    let mut used = Vec::new();
    let pin = pick(&g, &mut used, |c| reads(c, -1, FireResult::Pin));
    let hit = pick(&g, &mut used, |c| {
        reads(c, 0, FireResult::Hit) && !reads(c, 2, FireResult::Hit)
    });
    let effect = pick(&g, &mut used, line_hit(&[HitLetter::C]));
    top(&mut g, &[pin, hit, effect]);
    combat::resolve_all(&mut g);
    assert!(unit(&g, sq).pinned);
    assert_eq!(unit(&g, e).steps, 3, "the German squad read its card at +0");
}

#[test]
fn rule_6_3_2_b_pinned_units_under_no_vof_lose_the_marker_as_combat_effects_begin() {
    let mut g = new_game_with("day", Options::default(), common::quiet_enemy);
    // Play on to the General Initiative impulse, the turn's last decision.
    for _ in 0..200 {
        if g.state().step == Step::GeneralInitiative && g.state().impulse.is_some() {
            break;
        }
        play_on(&mut g);
    }
    assert_eq!(g.state().step, Step::GeneralInitiative);
    // A pinned US squad alone on R1C1, out of the enemy's range.
    let free = add(&mut g, "us_rifle_squad", p(1, 1));
    u(&mut g, free).pinned = true;
    // A pinned German squad under fire from R2C3.
    let e = enemy(&mut g, "de_rifle_squad", p(4, 3), true);
    u(&mut g, e).pinned = true;
    add(&mut g, "us_rifle_squad", p(2, 3));
    fire(&mut g, Side::Us, p(2, 3), p(4, 3));
    let from = g.log().len();
    ok(&mut g, Input::EndImpulse);
    let log = &g.log()[from..];
    let unpinned = |id: UnitId| {
        log.iter().any(|ev| {
            ev.rule == "3.7.2"
                && matches!(&ev.kind, EventKind::Status { unit, what } if *unit == id && matches!(what, fof::engine::kernel::events::StatusChange::Unpinned { .. }))
        })
    };
    assert!(unpinned(free));
    assert!(!unit(&g, free).pinned);
    // The German squad is under a VOF: it keeps its marker into combat and
    // draws for its result.
    assert!(!unpinned(e));
    let ends = log
        .iter()
        .position(|ev| {
            ev.kind
                == EventKind::StepBegins {
                    step: Step::CleanUp,
                }
        })
        .expect("the turn reached Clean Up");
    assert!(log[..ends].iter().any(|ev| ev.rule.starts_with("6.3.2")
        && matches!(&ev.kind, EventKind::Status { unit, .. } if *unit == e)));
}

// ---------------------------------------------------------------------------
// 6.3.3 Hit effects
// ---------------------------------------------------------------------------

fn hit(g: &mut Game, id: UnitId, letters: &[HitLetter]) {
    combat::apply_hit(g, id, letters);
}

use HitLetter::{A as HA, C as HC, F as HF, L as HL, P as HP};

#[test]
fn rule_6_3_3_each_letter_converts_one_step_of_a_squad() {
    for (letter, kind) in [
        (HC, UnitKind::Casualty),
        (HP, UnitKind::ParalyzedTeam),
        (HL, UnitKind::LitterTeam),
        (HF, UnitKind::FireTeam),
        // A rifle squad has no fire-team side: A makes an assault team.
        (HA, UnitKind::AssaultTeam),
    ] {
        let mut g = game();
        let sq = add(&mut g, "us_rifle_squad", p(2, 2));
        hit(&mut g, sq, &[letter]);
        assert!(unit(&g, sq).in_play(), "{letter:?}");
        assert_eq!(unit(&g, sq).steps, 3, "{letter:?}");
        assert_eq!(
            teams(&g, p(2, 2), Side::Us),
            vec![(UnitKind::Squad, 3), (kind, 1)],
            "{letter:?}"
        );
        let t = g
            .state()
            .units_at(p(2, 2))
            .find(|x| x.kind == kind)
            .unwrap();
        assert_eq!(t.designation, unit(&g, sq).designation);
        if kind == UnitKind::FireTeam {
            assert_eq!(t.unit_type.0, "us_fire_team");
        }
    }
}

#[test]
fn rule_6_3_3_two_letters_convert_two_steps() {
    let mut g = game();
    let sq = add(&mut g, "us_rifle_squad", p(2, 2));
    hit(&mut g, sq, &[HP, HL]);
    assert_eq!(
        teams(&g, p(2, 2), Side::Us),
        vec![
            (UnitKind::Squad, 2),
            (UnitKind::LitterTeam, 1),
            (UnitKind::ParalyzedTeam, 1)
        ]
    );
}

#[test]
fn rule_6_3_3_a_one_step_unit_reads_only_the_first_letter() {
    let mut g = game();
    let ft = add(&mut g, "us_fire_team", p(2, 2));
    hit(&mut g, ft, &[HP, HC]);
    assert!(!unit(&g, ft).in_play());
    assert_eq!(
        teams(&g, p(2, 2), Side::Us),
        vec![(UnitKind::ParalyzedTeam, 1)]
    );
}

#[test]
fn rule_6_3_3_the_last_step_of_a_squad_becomes_a_fire_team() {
    // A two-step squad hit with one letter: one step converts, the last
    // becomes a fire team and the squad leaves play.
    let mut g = game();
    let sq = add(&mut g, "us_rifle_squad", p(2, 2));
    u(&mut g, sq).steps = 2;
    hit(&mut g, sq, &[HC]);
    assert!(!unit(&g, sq).in_play());
    assert_eq!(
        teams(&g, p(2, 2), Side::Us),
        vec![(UnitKind::FireTeam, 1), (UnitKind::Casualty, 1)]
    );
    // A three-step squad hit with two letters: the same.
    let mut g = game();
    let sq = add(&mut g, "us_rifle_squad", p(2, 2));
    u(&mut g, sq).steps = 3;
    hit(&mut g, sq, &[HC, HL]);
    assert!(!unit(&g, sq).in_play());
    assert_eq!(
        teams(&g, p(2, 2), Side::Us),
        vec![
            (UnitKind::FireTeam, 1),
            (UnitKind::LitterTeam, 1),
            (UnitKind::Casualty, 1)
        ]
    );
}

#[test]
fn rule_6_3_3_two_letters_on_a_two_step_squad_convert_both_steps() {
    // Decision (6.3.3 and the digest: each letter converts one step): with
    // two letters for two steps no step is left over, so the last-step rule
    // has nothing to turn into a fire team.
    let mut g = game();
    let sq = add(&mut g, "us_rifle_squad", p(2, 2));
    u(&mut g, sq).steps = 2;
    hit(&mut g, sq, &[HC, HL]);
    assert!(!unit(&g, sq).in_play());
    assert_eq!(
        teams(&g, p(2, 2), Side::Us),
        vec![(UnitKind::LitterTeam, 1), (UnitKind::Casualty, 1)]
    );
}

#[test]
fn rule_6_3_3_a_unit_with_a_fire_team_side_flips_on_f_or_a() {
    for letter in [HF, HA] {
        let mut g = game();
        let lmg = add(&mut g, "us_lmg_team", p(2, 2));
        hit(&mut g, lmg, &[letter]);
        assert!(unit(&g, lmg).in_play(), "{letter:?}");
        assert!(unit(&g, lmg).flipped, "{letter:?}");
        assert_eq!(
            teams(&g, p(2, 2), Side::Us),
            vec![(UnitKind::WeaponsTeam, 1)]
        );
        // Already on its fire-team side: it stays there.
        hit(&mut g, lmg, &[HA]);
        assert!(unit(&g, lmg).in_play() && unit(&g, lmg).flipped);
    }
    let mut g = game();
    let hq = add(&mut g, "us_plt_hq", p(2, 2));
    hit(&mut g, hq, &[HA]);
    assert!(unit(&g, hq).in_play() && unit(&g, hq).flipped);
    // Other letters replace the counter.
    let lmg = add(&mut g, "us_lmg_team", p(3, 3));
    hit(&mut g, lmg, &[HL]);
    assert!(!unit(&g, lmg).in_play());
    assert_eq!(
        teams(&g, p(3, 3), Side::Us),
        vec![(UnitKind::LitterTeam, 1)]
    );
}

#[test]
fn rule_6_3_3_a_generic_fire_team_hit_by_a_becomes_an_assault_team() {
    let mut g = game();
    let ft = add(&mut g, "us_fire_team", p(2, 2));
    hit(&mut g, ft, &[HA]);
    assert!(!unit(&g, ft).in_play());
    assert_eq!(
        teams(&g, p(2, 2), Side::Us),
        vec![(UnitKind::AssaultTeam, 1)]
    );
    // F leaves a fire team a fire team.
    let ft = add(&mut g, "us_fire_team", p(3, 3));
    hit(&mut g, ft, &[HF]);
    assert!(unit(&g, ft).in_play());
    assert_eq!(teams(&g, p(3, 3), Side::Us), vec![(UnitKind::FireTeam, 1)]);
}

#[test]
fn rule_6_3_3_steps_are_always_conserved() {
    let singles = HitLetter::ALL.iter().map(|l| vec![*l]);
    let pairs = HitLetter::ALL
        .iter()
        .flat_map(|a| HitLetter::ALL.iter().map(move |b| vec![*a, *b]));
    let results: Vec<Vec<HitLetter>> = singles.chain(pairs).collect();
    for ty in ["us_rifle_squad", "us_lmg_team", "us_fire_team", "us_plt_hq"] {
        for steps in 1..=4u8 {
            for letters in &results {
                let mut g = game();
                let x = add(&mut g, ty, p(2, 2));
                if unit(&g, x).steps < steps {
                    continue;
                }
                u(&mut g, x).steps = steps;
                hit(&mut g, x, letters);
                assert_eq!(
                    all_steps(&g, p(2, 2), Side::Us),
                    steps,
                    "{ty} with {steps} step(s) hit by {letters:?}"
                );
                assert!(
                    g.state()
                        .units_at(p(2, 2))
                        .all(|t| t.kind != UnitKind::Squad || t.steps >= 2),
                    "{ty} with {steps} step(s) hit by {letters:?}: no one-step squad is left"
                );
            }
        }
    }
}

#[test]
fn rule_9_11_fanatics_read_l_as_f_and_p_as_c() {
    let mut g = game();
    let e = enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    u(&mut g, e).fanatic = true;
    hit(&mut g, e, &[HL, HP]);
    assert_eq!(
        teams(&g, p(3, 2), Side::Enemy),
        vec![
            (UnitKind::Squad, 2),
            (UnitKind::FireTeam, 1),
            (UnitKind::Casualty, 1)
        ]
    );
    // They are pinned normally.
    let (mut g, e) = lmg_on_squad();
    u(&mut g, e).fanatic = true;
    let mut used = Vec::new();
    let pin = pick(&g, &mut used, |c| reads(c, -1, FireResult::Pin));
    top(&mut g, &[pin]);
    combat::resolve_all(&mut g);
    assert!(unit(&g, e).pinned);
}

#[test]
fn rule_9_11_a_team_split_off_a_fanatic_unit_stays_fanatic() {
    // An F result splits a fire team off a fanatic squad; a later P on that
    // team is read as C, as for any fanatic.
    let mut g = game();
    let e = enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    u(&mut g, e).fanatic = true;
    hit(&mut g, e, &[HF]);
    let team = g
        .state()
        .in_play()
        .find(|x| x.side == Side::Enemy && x.kind == UnitKind::FireTeam)
        .unwrap()
        .id;
    assert!(unit(&g, team).fanatic, "the team is fanatic too");
    hit(&mut g, team, &[HP]);
    let kinds = teams(&g, p(3, 2), Side::Enemy);
    assert!(
        !kinds.iter().any(|(k, _)| *k == UnitKind::ParalyzedTeam),
        "P read as C: {kinds:?}"
    );
    assert_eq!(
        kinds
            .iter()
            .filter(|(k, _)| *k == UnitKind::Casualty)
            .count(),
        1,
        "{kinds:?}"
    );
}

#[test]
fn rule_9_11_a_mission_or_campaign_may_make_every_enemy_fanatic() {
    for (mission_wide, campaign_wide) in [(true, false), (false, true), (false, false)] {
        let g = common::Scenario::of("night_patrol")
            .named("fanatic_test")
            .seed(3)
            .data(|d| {
                for c in &mut d.campaigns {
                    c.fanatic = campaign_wide;
                }
            })
            .mission(|m| m.fanatic = mission_wide)
            .game();
        let germans: Vec<bool> = g
            .state()
            .in_play()
            .filter(|x| x.side == Side::Enemy)
            .map(|x| x.fanatic)
            .collect();
        assert!(!germans.is_empty());
        let want = mission_wide || campaign_wide;
        assert!(
            germans.iter().all(|f| *f == want),
            "{mission_wide} {campaign_wide}"
        );
    }
}

#[test]
fn rule_9_6_a_sniper_engages_the_closest_occupied_card_before_the_one_with_most_steps() {
    // A full squad two cards off, a lone LMG team next to the sniper: the
    // sniper opens up on the closer card though it holds fewer steps.
    let mut g = game();
    let big = add(&mut g, "us_rifle_squad", p(1, 2));
    let near = add(&mut g, "us_lmg_team", p(2, 1));
    let _ = big;
    enemy(&mut g, "de_sniper", p(3, 2), false);
    combat::update_engagement(&mut g);
    let german: Vec<(CardPos, CardPos)> = g
        .state()
        .fires
        .iter()
        .filter(|f| f.side == Side::Enemy)
        .map(|f| (f.from, f.target))
        .collect();
    assert_eq!(german, vec![(p(3, 2), unit(&g, near).pos)]);
    // Any other enemy picks the card with the most steps.
    let mut g = game();
    add(&mut g, "us_rifle_squad", p(1, 2));
    add(&mut g, "us_lmg_team", p(2, 1));
    enemy(&mut g, "de_rifle_squad", p(3, 2), false);
    combat::update_engagement(&mut g);
    assert!(
        g.state()
            .fires
            .iter()
            .any(|f| f.side == Side::Enemy && f.target == p(1, 2))
    );
}

#[test]
fn rule_9_12_a_human_wave_takes_every_hit_as_a_casualty_and_is_never_pinned() {
    let (mut g, e) = lmg_on_squad();
    u(&mut g, e).human_wave = true;
    let mut used = Vec::new();
    let pin = pick(&g, &mut used, |c| reads(c, -1, FireResult::Pin));
    top(&mut g, &[pin]);
    combat::resolve_all(&mut g);
    assert!(!unit(&g, e).pinned);
    let hit_card = pick(&g, &mut used, |c| reads(c, -1, FireResult::Hit));
    let effect = pick(&g, &mut used, |c| {
        c.hit.line.len() == 2 && c.hit.line.iter().all(|l| *l != HC)
    });
    top(&mut g, &[hit_card, effect]);
    combat::resolve_all(&mut g);
    assert!(!unit(&g, e).pinned);
    assert_eq!(
        teams(&g, p(3, 2), Side::Enemy),
        vec![
            (UnitKind::Squad, 2),
            (UnitKind::Casualty, 1),
            (UnitKind::Casualty, 1)
        ]
    );
    // The log says why, under 9.12, and learn mode explains it as such.
    let effect = g
        .log()
        .iter()
        .rev()
        .find(|e| e.text.starts_with("Hit effect"))
        .expect("the hit effect")
        .clone();
    assert_eq!(effect.rule, "9.12");
    assert!(
        effect.text.contains("every hit as a casualty"),
        "{}",
        effect.text
    );
    let learn = fof::learn::load(&fof::data::DataSource::Embedded)
        .expect("the shipped data loads")
        .1;
    let entry = fof::ui::learn::explain(&learn, &g, &fof::ui::step::StopKind::Piece, &[effect]);
    assert_eq!(
        entry,
        learn.procedure(fof::learn::Procedure::FanaticsAndHumanWaves)
    );
}

// ---------------------------------------------------------------------------
// 6.1.1 Opening fire
// ---------------------------------------------------------------------------

#[test]
fn rule_6_1_1_a_squad_moving_into_range_of_a_spotted_enemy_opens_fire() {
    let mut g = game();
    let sq = add(&mut g, "us_rifle_squad", p(1, 1));
    enemy(&mut g, "de_rifle_squad", p(4, 1), true);
    // Three cards apart: out of range both ways.
    combat::update_engagement(&mut g);
    assert!(g.state().fires.is_empty());
    let ev = ok(
        &mut g,
        gi(Action::Move {
            unit: sq,
            to: p(2, 1),
            cover: None,
        }),
    );
    // Automatic and mandatory, both ways, with no order to fire.
    assert_eq!(links(&g, Side::Us), vec![(p(2, 1), p(4, 1))]);
    assert_eq!(links(&g, Side::Enemy), vec![(p(4, 1), p(2, 1))]);
    assert_eq!(
        link_vof(&g, Side::Us, p(2, 1), p(4, 1)),
        Some(VofLevel::SmallArms)
    );
    assert!(ev.iter().any(|e| e.rule == "6.1.1"));
}

#[test]
fn rule_6_1_1_a_unit_engages_the_closest_card_first() {
    let mut g = game();
    add(&mut g, "us_rifle_squad", p(1, 2));
    enemy(&mut g, "de_fire_team", p(3, 2), true);
    enemy(&mut g, "de_fire_team", p(2, 1), true);
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Us), vec![(p(1, 2), p(2, 1))]);
}

/// A US squad on R1C2 with German units on R2C1 and R2C3, equally close.
fn two_targets(left: &str, right: &str) -> Game {
    let mut g = game();
    add(&mut g, "us_rifle_squad", p(1, 2));
    enemy(&mut g, left, p(2, 1), true);
    enemy(&mut g, right, p(2, 3), true);
    g
}

#[test]
fn rule_6_1_1_among_equally_close_cards_the_one_projecting_the_best_vof() {
    // The German squad on R2C1 already fires A into R1C1; the fire team on
    // R2C3 fires S into R1C3.
    let mut g = two_targets("de_rifle_squad", "de_fire_team");
    // Litter teams give the German fire something to aim at (the enemy
    // stops firing into an empty card, 9.4) without firing themselves.
    add(&mut g, "us_litter_team", p(1, 1));
    add(&mut g, "us_litter_team", p(1, 3));
    fire(&mut g, Side::Enemy, p(2, 1), p(1, 1));
    fire(&mut g, Side::Enemy, p(2, 3), p(1, 3));
    let from = g.log().len();
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Us), vec![(p(1, 2), p(2, 1))]);
    assert!(
        g.log()[from..].iter().all(|e| e.cards.is_empty()),
        "no R# drawn"
    );
    // The same from the other side: a pinned squad projects All Pinned only.
    let mut g = two_targets("de_rifle_squad", "de_fire_team");
    let sq = g
        .state()
        .units_at(p(2, 1))
        .find(|x| x.side == Side::Enemy)
        .unwrap()
        .id;
    u(&mut g, sq).pinned = true;
    add(&mut g, "us_litter_team", p(1, 1));
    add(&mut g, "us_litter_team", p(1, 3));
    fire(&mut g, Side::Enemy, p(2, 1), p(1, 1));
    fire(&mut g, Side::Enemy, p(2, 3), p(1, 3));
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Us), vec![(p(1, 2), p(2, 3))]);
}

#[test]
fn rule_6_1_1_otherwise_the_target_is_drawn_at_random() {
    for (r, want) in [(1, p(2, 1)), (2, p(2, 3))] {
        let mut g = two_targets("de_fire_team", "de_fire_team");
        let mut used = Vec::new();
        let card = pick(&g, &mut used, |c| c.random_number(2) == Some(r));
        top(&mut g, &[card]);
        let from = g.log().len();
        combat::update_engagement(&mut g);
        assert_eq!(links(&g, Side::Us), vec![(p(1, 2), want)], "R# {r}");
        let named = g.log()[from..]
            .iter()
            .find(|e| e.rule == "6.1.1" && !e.cards.is_empty())
            .expect("the random pick is logged");
        assert_eq!(named.cards[0].card, card);
        assert_eq!(named.cards[0].section, Section::Random(2));
        assert!(named.text.contains(&want.to_string()), "{}", named.text);
    }
}

#[test]
fn rule_6_1_1_no_automatic_fire_into_a_card_holding_both_sides() {
    let mut g = game();
    add(&mut g, "us_rifle_squad", p(1, 2));
    enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    add(&mut g, "us_fire_team", p(3, 2));
    combat::update_engagement(&mut g);
    // Only the point-blank fire on R3C2 itself.
    assert_eq!(links(&g, Side::Us), vec![(p(3, 2), p(3, 2))]);
    assert_eq!(links(&g, Side::Enemy), vec![(p(3, 2), p(3, 2))]);
}

#[test]
fn rule_6_1_1_engaged_units_keep_firing_when_the_target_card_becomes_jointly_occupied() {
    let mut g = game();
    add(&mut g, "us_rifle_squad", p(1, 2));
    enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Us), vec![(p(1, 2), p(3, 2))]);
    add(&mut g, "us_fire_team", p(3, 2));
    combat::update_engagement(&mut g);
    assert!(links(&g, Side::Us).contains(&(p(1, 2), p(3, 2))));
}

#[test]
fn rule_6_2_3_a_us_unit_does_not_open_fire_through_a_card_holding_us_units() {
    let mut g = game();
    add(&mut g, "us_rifle_squad", p(1, 2));
    add(&mut g, "us_rifle_squad", p(2, 2));
    enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Us), vec![(p(2, 2), p(3, 2))]);
}

#[test]
fn rule_6_2_3_an_existing_pdf_fires_on_when_a_us_unit_moves_in_between() {
    let mut g = game();
    add(&mut g, "us_rifle_squad", p(1, 2));
    enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Us), vec![(p(1, 2), p(3, 2))]);
    add(&mut g, "us_rifle_squad", p(2, 2));
    combat::update_engagement(&mut g);
    assert_eq!(
        links(&g, Side::Us),
        vec![(p(1, 2), p(3, 2)), (p(2, 2), p(3, 2))]
    );
}

#[test]
fn rule_6_1_1_unspotted_enemies_draw_no_fire_but_fire_on_us_units_in_range_and_los() {
    let mut g = game();
    add(&mut g, "us_rifle_squad", p(1, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(3, 2), false);
    combat::update_engagement(&mut g);
    assert!(links(&g, Side::Us).is_empty());
    assert_eq!(links(&g, Side::Enemy), vec![(p(3, 2), p(1, 2))]);
    // Spotted, it draws fire at once.
    u(&mut g, e).spotted = true;
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Us), vec![(p(1, 2), p(3, 2))]);
}

#[test]
fn rule_6_1_1_enemy_units_open_fire_only_within_range() {
    let mut g = game();
    add(&mut g, "us_rifle_squad", p(1, 2));
    // A fire team reaches close range only: two cards away it holds fire.
    let ft = enemy(&mut g, "de_fire_team", p(3, 2), false);
    combat::update_engagement(&mut g);
    assert!(g.state().fires.is_empty());
    u(&mut g, ft).pos = p(2, 2);
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Enemy), vec![(p(2, 2), p(1, 2))]);
}

#[test]
fn rule_2_4_2_units_in_the_staging_area_never_fire() {
    let mut g = game();
    add(&mut g, "us_rifle_squad", p(0, 2));
    add(&mut g, "us_lmg_team", p(0, 2));
    enemy(&mut g, "de_rifle_squad", p(1, 2), true);
    combat::update_engagement(&mut g);
    assert!(links(&g, Side::Us).is_empty());
    assert!(links(&g, Side::Enemy).is_empty());
    // A link left from the staging area is removed.
    fire(&mut g, Side::Us, p(0, 2), p(1, 2));
    combat::update_engagement(&mut g);
    assert!(links(&g, Side::Us).is_empty());
}

// ---------------------------------------------------------------------------
// 6.1.2, 6.2.3 Continuing fire
// ---------------------------------------------------------------------------

/// A US squad on R1C2 and a German squad on R3C2 engaged both ways.
fn exchange() -> (Game, UnitId, UnitId) {
    let mut g = game();
    let sq = add(&mut g, "us_rifle_squad", p(1, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Us), vec![(p(1, 2), p(3, 2))]);
    assert_eq!(links(&g, Side::Enemy), vec![(p(3, 2), p(1, 2))]);
    (g, sq, e)
}

#[test]
fn rule_6_1_2_fire_continues_at_a_card_the_enemy_has_left() {
    let (mut g, _, e) = exchange();
    u(&mut g, e).pos = p(4, 3);
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Us), vec![(p(1, 2), p(3, 2))]);
    assert_eq!(combat::card_vof(&g, p(3, 2)), Some(VofLevel::SmallArms));
}

#[test]
fn rule_6_1_2_an_enemy_entering_the_firing_card_draws_its_fire() {
    let (mut g, _, _) = exchange();
    enemy(&mut g, "de_fire_team", p(1, 2), true);
    combat::update_engagement(&mut g);
    // The PDF is lost; the fire turns on the card itself.
    assert_eq!(links(&g, Side::Us), vec![(p(1, 2), p(1, 2))]);
}

#[test]
fn rule_6_1_2_smoke_on_the_firing_card_stops_its_fire_but_not_fire_into_it() {
    let (mut g, _, _) = exchange();
    g.state_mut().map.card_mut(p(1, 2)).unwrap().markers.smoke = Some(SmokeKind::Smoke);
    combat::update_engagement(&mut g);
    assert!(links(&g, Side::Us).is_empty());
    // Smoke on the target card does not stop the German fire.
    assert_eq!(links(&g, Side::Enemy), vec![(p(3, 2), p(1, 2))]);
}

#[test]
fn rule_6_1_2_incoming_on_the_firing_card_stops_its_fire() {
    let (mut g, _, _) = exchange();
    let m = &mut g.state_mut().map.card_mut(p(3, 2)).unwrap().markers;
    m.incoming = true;
    m.incoming_mod = -4;
    combat::update_engagement(&mut g);
    assert!(links(&g, Side::Enemy).is_empty());
    assert_eq!(links(&g, Side::Us), vec![(p(1, 2), p(3, 2))]);
}

#[test]
fn rule_6_1_2_smoke_along_the_pdf_brings_the_vof_to_the_smoke() {
    let (mut g, _, e) = exchange();
    g.state_mut().map.card_mut(p(2, 2)).unwrap().markers.smoke = Some(SmokeKind::Smoke);
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Us), vec![(p(1, 2), p(2, 2))]);
    assert_eq!(links(&g, Side::Enemy), vec![(p(3, 2), p(2, 2))]);
    assert!(combat::ncm(&g, e).is_none());
}

#[test]
fn rule_6_2_3_example_a_unit_whose_range_drops_moves_its_vof_to_the_nearer_card() {
    // An LMG (A, long range) engaged two cards away becomes a team firing
    // S at close range: the PDF stays, the VOF moves to the adjacent card.
    let mut g = game();
    let lmg = add(&mut g, "us_lmg_team", p(1, 2));
    enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Us), vec![(p(1, 2), p(3, 2))]);
    u(&mut g, lmg).flipped = true;
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Us), vec![(p(1, 2), p(2, 2))]);
    assert_eq!(
        link_vof(&g, Side::Us, p(1, 2), p(2, 2)),
        Some(VofLevel::SmallArms)
    );
}

// ---------------------------------------------------------------------------
// 6.2.3 The Advanced Tutorial's PDF examples
// ---------------------------------------------------------------------------

#[test]
fn rule_6_2_3_example_1_a_sniper_moves_away_and_opens_fire_on_a_new_target() {
    // 2/1 (pinned) fires from R1C1 on the sniper on R2C2. The sniper moves
    // to R3C2, off 2/1's lines: 2/1 keeps firing into the empty card, and
    // the sniper, no longer firing, opens fire on 1/2, the only US unit in
    // its range and LOS (R4C1).
    let mut g = game();
    let a = add(&mut g, "us_rifle_squad", p(1, 1));
    u(&mut g, a).pinned = true;
    let s = enemy(&mut g, "de_sniper", p(2, 2), true);
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Us), vec![(p(1, 1), p(2, 2))]);
    assert_eq!(links(&g, Side::Enemy), vec![(p(2, 2), p(1, 1))]);
    let b = add(&mut g, "us_rifle_squad", p(4, 1));
    u(&mut g, s).pos = p(3, 2);
    combat::update_engagement(&mut g);
    assert!(links(&g, Side::Us).contains(&(p(1, 1), p(2, 2))));
    assert_eq!(links(&g, Side::Enemy), vec![(p(3, 2), p(4, 1))]);
    // No enemy VOF on 2/1's card any more: its marker will come off as the
    // Combat Effects Segment begins.
    assert!(unit(&g, a).pinned);
    assert!(!g.card_under_vof(p(1, 1)));
    // The sniper's VOF falls on 1/2; the rest of the card is under S.
    let ft = add(&mut g, "us_fire_team", p(4, 1));
    u(&mut g, b).exposed = true;
    combat::pick_sniper_targets(&mut g);
    assert_eq!(ncm(&g, b).base, Base::Sniper);
    assert_eq!(parts(&ncm(&g, ft)), vec![("Small Arms VOF", 0)]);
}

#[test]
fn rule_6_2_3_example_2_two_cards_firing_at_the_sniper_make_a_crossfire() {
    let mut g = game();
    let s = enemy(&mut g, "de_sniper", p(3, 2), true);
    add(&mut g, "us_rifle_squad", p(2, 1));
    add(&mut g, "us_lmg_team", p(2, 1));
    add(&mut g, "us_rifle_squad", p(1, 2));
    combat::update_engagement(&mut g);
    assert_eq!(
        links(&g, Side::Us),
        vec![(p(1, 2), p(3, 2)), (p(2, 1), p(3, 2))]
    );
    // The best VOF of all the firing units, and one Crossfire.
    assert_eq!(
        parts(&ncm(&g, s)),
        sorted(vec![("Automatic Weapons VOF", -1), ("crossfire", -1)])
    );
}

/// Example #3's position: 2/2 on R1C2 and an unspotted mortar spotter on
/// R3C2, a farm.
fn spotter_ahead() -> (Game, UnitId, UnitId) {
    let mut g = game();
    let farm = terrain_card(&g, |c| c.terrain == TerrainType::Farm);
    lay(&mut g, p(2, 2), &[farm]);
    lay(&mut g, p(3, 2), &[farm]);
    let sq = add(&mut g, "us_rifle_squad", p(1, 2));
    let sp = enemy(&mut g, "de_mortar_spotter", p(3, 2), false);
    combat::update_engagement(&mut g);
    assert!(g.state().fires.is_empty());
    (g, sq, sp)
}

#[test]
fn rule_6_2_3_example_3_an_unspotted_spotter_draws_no_fire_after_a_move() {
    let (mut g, sq, _) = spotter_ahead();
    ok(
        &mut g,
        gi(Action::Move {
            unit: sq,
            to: p(2, 2),
            cover: None,
        }),
    );
    assert_eq!(unit(&g, sq).pos, p(2, 2));
    assert!(g.state().fires.is_empty());
}

#[test]
fn rule_6_2_3_example_4_the_spotter_once_spotted_draws_fire_at_once() {
    let (mut g, sq, sp) = spotter_ahead();
    ok(
        &mut g,
        gi(Action::Move {
            unit: sq,
            to: p(2, 2),
            cover: None,
        }),
    );
    let n = fof::engine::testing::combat::spotting_draws(&g, sq, p(3, 2));
    let mut used = Vec::new();
    let cards: Vec<u8> = (0..n).map(|_| pick(&g, &mut used, crosshairs)).collect();
    top(&mut g, &cards);
    ok(
        &mut g,
        gi(Action::Spot {
            unit: sq,
            target: p(3, 2),
        }),
    );
    assert!(unit(&g, sp).spotted);
    assert_eq!(links(&g, Side::Us), vec![(p(2, 2), p(3, 2))]);
    assert_eq!(
        parts(&ncm(&g, sp)),
        sorted(vec![("Small Arms VOF", 0), ("terrain", 2)])
    );
}

/// US units on R2C2 (a squad and an LMG) firing at a lone sniper on R3C2.
fn sniper_under_fire() -> (Game, UnitId) {
    let mut g = game();
    add(&mut g, "us_rifle_squad", p(2, 2));
    add(&mut g, "us_lmg_team", p(2, 2));
    let s = enemy(&mut g, "de_sniper", p(3, 2), true);
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Us), vec![(p(2, 2), p(3, 2))]);
    (g, s)
}

#[test]
fn rule_6_2_3_example_5_fire_follows_a_lone_enemy_along_the_pdf() {
    let (mut g, s) = sniper_under_fire();
    u(&mut g, s).pos = p(4, 2);
    combat::follow(&mut g, s, p(3, 2), p(4, 2));
    assert_eq!(links(&g, Side::Us), vec![(p(2, 2), p(4, 2))]);
    assert_eq!(
        link_vof(&g, Side::Us, p(2, 2), p(4, 2)),
        Some(VofLevel::Automatic)
    );
    assert!(g.log().iter().any(|e| e.rule == "6.2.3"));
}

#[test]
fn rule_6_2_3_fire_does_not_follow_off_the_pdf_or_a_unit_that_was_not_alone() {
    // Off the line of the PDF: the fire stays.
    let (mut g, s) = sniper_under_fire();
    u(&mut g, s).pos = p(4, 3);
    combat::follow(&mut g, s, p(3, 2), p(4, 3));
    assert_eq!(links(&g, Side::Us), vec![(p(2, 2), p(3, 2))]);
    // Not a lone unit: the fire stays on the card still held.
    let (mut g, s) = sniper_under_fire();
    enemy(&mut g, "de_fire_team", p(3, 2), true);
    u(&mut g, s).pos = p(4, 2);
    combat::follow(&mut g, s, p(3, 2), p(4, 2));
    assert_eq!(links(&g, Side::Us), vec![(p(2, 2), p(3, 2))]);
}

#[test]
fn rule_6_2_3_fire_follows_a_lone_enemy_leaving_a_shared_card_with_a_new_pdf() {
    let mut g = game();
    add(&mut g, "us_rifle_squad", p(2, 2));
    let e = enemy(&mut g, "de_fire_team", p(2, 2), true);
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Us), vec![(p(2, 2), p(2, 2))]);
    u(&mut g, e).pos = p(3, 3);
    combat::follow(&mut g, e, p(2, 2), p(3, 3));
    assert_eq!(links(&g, Side::Us), vec![(p(2, 2), p(3, 3))]);
}

// ---------------------------------------------------------------------------
// 6.2 Placing VOF
// ---------------------------------------------------------------------------

#[test]
fn rule_6_2_a_fire_from_outside_applies_to_every_occupant_whatever_its_side() {
    let mut g = game();
    let e = enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    let ours = add(&mut g, "us_rifle_squad", p(3, 2));
    add(&mut g, "us_lmg_team", p(1, 2));
    fire(&mut g, Side::Us, p(1, 2), p(3, 2));
    fire(&mut g, Side::Us, p(3, 2), p(3, 2));
    fire(&mut g, Side::Enemy, p(3, 2), p(3, 2));
    for x in [e, ours] {
        let n = ncm(&g, x);
        assert_eq!(n.base, Base::Direct { from: p(1, 2) });
        assert_eq!(parts(&n), vec![("Automatic Weapons VOF", -1)]);
    }
}

#[test]
fn rule_6_2_b_with_both_sides_on_a_card_each_sides_point_blank_vof_hits_the_other() {
    let mut g = game();
    let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    let ours = add(&mut g, "us_rifle_squad", p(2, 2));
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Us), vec![(p(2, 2), p(2, 2))]);
    assert_eq!(links(&g, Side::Enemy), vec![(p(2, 2), p(2, 2))]);
    let n = ncm(&g, ours);
    assert_eq!(n.base, Base::SameCard);
    assert_eq!(parts(&n), vec![("Automatic Weapons VOF", -1)]);
    assert_eq!(parts(&ncm(&g, e)), vec![("Small Arms VOF", 0)]);
}

#[test]
fn rule_6_2_a_a_contested_card_under_outside_small_arms_still_takes_the_enemys_point_blank_fire() {
    // 6.2 a: the VOF on a card is the best of every unit firing into it or
    // within it. Decision: point-blank fire bears only on the other side's
    // units on the card; fire from outside bears on every occupant.
    let mut g = game();
    let e = enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    let ours = add(&mut g, "us_rifle_squad", p(3, 2));
    add(&mut g, "us_rifle_squad", p(1, 2));
    fire(&mut g, Side::Us, p(1, 2), p(3, 2));
    fire(&mut g, Side::Us, p(3, 2), p(3, 2));
    fire(&mut g, Side::Enemy, p(3, 2), p(3, 2));
    let n = ncm(&g, ours);
    assert_eq!(n.base, Base::SameCard);
    assert_eq!(parts(&n), vec![("Automatic Weapons VOF", -1)]);
    // The German squad takes only small arms: ours from outside and ours
    // within; its own side's point-blank fire never bears on it.
    assert_eq!(parts(&ncm(&g, e)), vec![("Small Arms VOF", 0)]);
}

#[test]
fn rule_6_2_a_a_unit_adds_its_vof_only_to_cards_within_its_range() {
    // 6.2 a, 6.2.1: a unit's Basic VOF reaches as far as its range; an A
    // unit at close range beside an S unit at long range puts only S on a
    // card two away.
    let mut g = new_game_with("day", Options::default(), |data| {
        let mut t = data.unit_type("us_lmg_team").expect("the LMG").clone();
        t.id = UnitTypeId("test_short_a".into());
        t.front = Some(Ratings {
            vof: Vof::A,
            range: Range::C,
            grenade: false,
        });
        t.ammo = None;
        data.units.units.push(t);
    });
    enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    add(&mut g, "test_short_a", p(1, 2));
    add(&mut g, "us_rifle_squad", p(1, 2));
    assert_eq!(
        link_vof(&g, Side::Us, p(1, 2), p(3, 2)),
        Some(VofLevel::SmallArms)
    );
    assert_eq!(
        link_vof(&g, Side::Us, p(1, 2), p(2, 2)),
        Some(VofLevel::Automatic)
    );
}

#[test]
fn rule_4_1_2_b_the_hqs_own_sides_point_blank_fire_does_not_count_in_its_draw() {
    use fof::data::charts::Activity;
    let mut g = game();
    g.state_mut().activity = Activity::Contact;
    enemy(&mut g, "de_fire_team", p(2, 2), true);
    let hq = add(&mut g, "us_plt_hq", p(2, 2));
    add(&mut g, "us_lmg_team", p(2, 2));
    fire(&mut g, Side::Us, p(2, 2), p(2, 2));
    assert_eq!(command::draw_modifier(&g, hq).0, 0);
    // The enemy's point-blank small arms counts.
    fire(&mut g, Side::Enemy, p(2, 2), p(2, 2));
    assert_eq!(
        command::draw_modifier(&g, hq).0,
        g.data().charts.commands.vof_small_arms
    );
}

#[test]
fn rule_5_2_3_b_units_in_a_bunker_fire_only_along_its_arrow() {
    // 5.2.3 B: "units under (inside) the marker may fire only in the
    // indicated direction". A German squad in a bunker on R3C2 pointing
    // toward R1C2 fires at Americans there, not at Americans on R3C1; out of
    // the bunker it fires at the nearest.
    use fof::data::terrain::Dir;
    let mut g = game();
    let e = enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    let c = cover(&mut g, p(3, 2), CoverKind::Bunker);
    u(&mut g, e).cover = Some(c);
    for m in &mut g.state_mut().map.card_mut(p(3, 2)).unwrap().covers {
        m.facing = Some(Dir::S);
    }
    add(&mut g, "us_rifle_squad", p(3, 1));
    combat::update_engagement(&mut g);
    assert!(links(&g, Side::Enemy).is_empty(), "R3C1 lies off the arrow");
    add(&mut g, "us_rifle_squad", p(1, 2));
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Enemy), vec![(p(3, 2), p(1, 2))]);
    // The VOF of fire off the arrow counts no unit inside.
    assert_eq!(link_vof(&g, Side::Enemy, p(3, 2), p(3, 1)), None);
}

#[test]
fn rule_5_2_3_b_units_in_a_bunker_or_pillbox_do_not_fire_at_point_blank() {
    // 5.2.3 B: they may be targeted from their own card but do not fire
    // into it; outside the marker the same squad fires.
    for kind in [CoverKind::Bunker, CoverKind::Pillbox] {
        let mut g = game();
        let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
        let c = cover(&mut g, p(2, 2), kind);
        u(&mut g, e).cover = Some(c);
        add(&mut g, "us_rifle_squad", p(2, 2));
        combat::update_engagement(&mut g);
        assert!(links(&g, Side::Enemy).is_empty(), "{kind:?}");
        assert_eq!(links(&g, Side::Us), vec![(p(2, 2), p(2, 2))]);
        u(&mut g, e).cover = None;
        combat::update_engagement(&mut g);
        assert_eq!(links(&g, Side::Enemy), vec![(p(2, 2), p(2, 2))]);
    }
}

// ---------------------------------------------------------------------------
// 6.4 Weapon restrictions
// ---------------------------------------------------------------------------

/// A spotted German squad on R3C2 and a US unit of `ty` on R1C2.
fn shooter(ty: &str) -> (Game, UnitId) {
    let mut g = game();
    enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    let x = add(&mut g, ty, p(1, 2));
    (g, x)
}

#[test]
fn rule_6_4_tripod_mgs_mortars_and_h_weapons_do_not_fire_while_exposed() {
    for ty in ["us_hmg_team", "us_mortar_81", H_GUN] {
        let (mut g, x) = shooter(ty);
        u(&mut g, x).exposed = true;
        combat::update_engagement(&mut g);
        assert!(links(&g, Side::Us).is_empty(), "{ty} fired while Exposed");
        u(&mut g, x).exposed = false;
        combat::update_engagement(&mut g);
        assert_eq!(links(&g, Side::Us), vec![(p(1, 2), p(3, 2))], "{ty}");
    }
    // An exposed LMG on a bipod fires.
    let (mut g, x) = shooter("us_lmg_team");
    u(&mut g, x).exposed = true;
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Us), vec![(p(1, 2), p(3, 2))]);
}

#[test]
fn rule_6_4_an_engaged_tripod_mg_marked_exposed_adds_no_vof() {
    let (mut g, hmg) = shooter("us_hmg_team");
    combat::update_engagement(&mut g);
    assert_eq!(
        link_vof(&g, Side::Us, p(1, 2), p(3, 2)),
        Some(VofLevel::Automatic)
    );
    u(&mut g, hmg).exposed = true;
    assert_eq!(link_vof(&g, Side::Us, p(1, 2), p(3, 2)), None);
}

#[test]
fn rule_6_4_a_mortar_never_fires_at_its_own_card() {
    let mut g = game();
    let m = add(&mut g, "us_mortar_81", p(2, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    combat::update_engagement(&mut g);
    assert_eq!(link_vof(&g, Side::Us, p(2, 2), p(2, 2)), None);
    assert!(
        combat::ncm(&g, e).is_none(),
        "no US VOF bears on the German squad"
    );
    // The German squad's point-blank fire does bear on the mortar.
    assert_eq!(parts(&ncm(&g, m)), vec![("Automatic Weapons VOF", -1)]);
}

#[test]
fn rule_6_4_a_mortar_does_not_fire_from_under_a_building() {
    for (kind, fires) in [
        (CoverKind::LightBuilding, false),
        (CoverKind::StrongBuilding, false),
        (CoverKind::Bunker, false),
        (CoverKind::Pillbox, false),
        (CoverKind::Basic, true),
        (CoverKind::Foxhole, true),
    ] {
        let (mut g, m) = shooter("us_mortar_81");
        let c = cover(&mut g, p(1, 2), kind);
        u(&mut g, m).cover = Some(c);
        combat::update_engagement(&mut g);
        assert_eq!(!links(&g, Side::Us).is_empty(), fires, "{kind:?}");
    }
}

// ---------------------------------------------------------------------------
// 6.5.1, 6.6 Critical hits and the free answering grenade; 6.5.4 jam
// ---------------------------------------------------------------------------

/// A US squad on R1C2 firing at R3C2, where a German squad and an MG team
/// share one Basic cover and a fire team stands in the open.
struct Covered {
    g: Game,
    sq: UnitId,
    e: UnitId,
    mg: UnitId,
    ft: UnitId,
}

fn covered() -> Covered {
    let mut g = game();
    let sq = add(&mut g, "us_rifle_squad", p(1, 2));
    let c = cover(&mut g, p(3, 2), CoverKind::Basic);
    let e = enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    let mg = enemy(&mut g, "de_mg_team", p(3, 2), true);
    let ft = enemy(&mut g, "de_fire_team", p(3, 2), true);
    u(&mut g, e).cover = Some(c);
    u(&mut g, mg).cover = Some(c);
    fire(&mut g, Side::Us, p(1, 2), p(3, 2));
    Covered { g, sq, e, mg, ft }
}

#[test]
fn rule_6_6_concentrated_fire_on_a_unit_under_cover_marks_everyone_under_it() {
    let Covered {
        mut g,
        sq,
        e,
        mg,
        ft,
    } = covered();
    let mut used = Vec::new();
    let cards = [
        pick(&g, &mut used, crosshairs),
        pick(&g, &mut used, no_crosshairs),
    ];
    top(&mut g, &cards);
    ok(
        &mut g,
        gi(Action::ConcentrateFire {
            unit: sq,
            target: e,
        }),
    );
    for x in [e, mg] {
        assert_eq!(unit(&g, x).concentrated, 1);
        assert!(!unit(&g, x).cover_lost);
        assert_eq!(part(&ncm(&g, x), "cover"), Some(1));
    }
    assert_eq!(unit(&g, ft).concentrated, 0);
}

#[test]
fn rule_6_6_a_critical_concentrated_fire_takes_away_the_cover() {
    let Covered {
        mut g,
        sq,
        e,
        mg,
        ft,
    } = covered();
    let mut used = Vec::new();
    let cards = [
        pick(&g, &mut used, crosshairs),
        pick(&g, &mut used, crosshairs),
    ];
    top(&mut g, &cards);
    ok(
        &mut g,
        gi(Action::ConcentrateFire {
            unit: sq,
            target: mg,
        }),
    );
    for x in [e, mg] {
        assert_eq!(unit(&g, x).concentrated, 1, "one marker under cover");
        assert!(unit(&g, x).cover_lost);
        assert_eq!(
            parts(&ncm(&g, x)),
            sorted(vec![("Small Arms VOF", 0), ("1 concentrated fire", -1)])
        );
    }
    assert!(!unit(&g, ft).cover_lost);
}

#[test]
fn rule_6_6_a_critical_concentrated_fire_on_a_unit_in_the_open_places_two_markers() {
    let Covered { mut g, sq, ft, .. } = covered();
    let mut used = Vec::new();
    let cards = [
        pick(&g, &mut used, crosshairs),
        pick(&g, &mut used, crosshairs),
    ];
    top(&mut g, &cards);
    ok(
        &mut g,
        gi(Action::ConcentrateFire {
            unit: sq,
            target: ft,
        }),
    );
    assert_eq!(unit(&g, ft).concentrated, 2);
    assert_eq!(ncm(&g, ft).value, -2);
}

#[test]
fn rule_6_2_3_concentrated_fire_is_attempted_only_along_the_pdf() {
    let Covered { mut g, sq, e, .. } = covered();
    // A spotted fire team on R2C1: in range and in sight, off the PDF.
    let off = enemy(&mut g, "de_fire_team", p(2, 1), true);
    let i = gi(Action::ConcentrateFire {
        unit: sq,
        target: off,
    });
    let why = refused(&mut g, i);
    assert!(why.contains("PDF"), "{why}");
    assert!(legal(
        &g,
        &gi(Action::ConcentrateFire {
            unit: sq,
            target: e
        })
    ));
    // An unspotted target along the PDF is refused too.
    u(&mut g, e).spotted = false;
    let why = refused(
        &mut g,
        gi(Action::ConcentrateFire {
            unit: sq,
            target: e,
        }),
    );
    assert!(why.contains("spotted"), "{why}");
}

#[test]
fn rule_6_5_1_a_unit_without_g_makes_grenade_attacks_only_within_its_card() {
    let mut g = game();
    let lmg = add(&mut g, "us_lmg_team", p(1, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    combat::update_engagement(&mut g);
    let why = refused(
        &mut g,
        gi(Action::Grenade {
            unit: lmg,
            target: e,
        }),
    );
    assert!(why.contains("G!"), "{why}");
    u(&mut g, lmg).pos = p(2, 2);
    combat::update_engagement(&mut g);
    assert!(legal(
        &g,
        &gi(Action::Grenade {
            unit: lmg,
            target: e
        })
    ));
}

// ---------------------------------------------------------------------------
// 6.7.4 On-map mortars: direct lay
// ---------------------------------------------------------------------------

#[test]
fn rule_6_7_4_a_lone_60mm_mortar_team_fires_direct_lay_and_places_a_pdf() {
    // The 60mm team is G!-rated at range V: it never opens fire by itself
    // (no Basic VOF), but an order sends a grenade attack out to its range,
    // and that shot is direct fire with a PDF, so with fire from a second
    // card the target card is under Crossfire.
    let mut g = game();
    let mortar = add(&mut g, "us_mortar_60", p(1, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    combat::update_engagement(&mut g);
    assert!(links(&g, Side::Us).is_empty(), "a G! team opens no fire");
    let order = gi(Action::Grenade {
        unit: mortar,
        target: e,
    });
    assert!(legal(&g, &order), "a lone G! mortar team may fire at range");
    let mut used = Vec::new();
    let cards = [
        pick(&g, &mut used, grenade),
        pick(&g, &mut used, no_grenade),
    ];
    top(&mut g, &cards);
    ok(&mut g, order);
    assert_eq!(unit(&g, e).grenaded, 1);
    assert_eq!(unit(&g, mortar).ammo, Some(1), "one mortar round spent");
    assert_eq!(
        g.state().lay_pdfs,
        vec![FireLink {
            side: Side::Us,
            from: p(1, 2),
            target: p(3, 2)
        }]
    );
    assert!(!combat::crossfire(&g, p(3, 2)));
    add(&mut g, "us_rifle_squad", p(3, 1));
    combat::update_engagement(&mut g);
    assert!(combat::crossfire(&g, p(3, 2)), "two PDFs from two cards");
    // The PDF lasts the turn: Clean Up takes it away with the markers.
    fof::engine::testing::turn::clean_up(&mut g);
    assert!(g.state().lay_pdfs.is_empty());
}

#[test]
fn rule_6_7_4_a_mortar_with_a_pdf_fires_only_along_it() {
    // 6.2.3: once the card has a PDF, ranged grenade attacks follow it.
    let mut g = game();
    let mortar = add(&mut g, "us_mortar_60", p(1, 1));
    add(&mut g, "us_rifle_squad", p(1, 1));
    let ahead = enemy(&mut g, "de_rifle_squad", p(2, 1), true);
    let aside = enemy(&mut g, "de_rifle_squad", p(3, 3), true);
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Us), vec![(p(1, 1), p(2, 1))]);
    let why = refused(
        &mut g,
        gi(Action::Grenade {
            unit: mortar,
            target: aside,
        }),
    );
    assert!(why.contains("PDF"), "{why}");
    assert!(legal(
        &g,
        &gi(Action::Grenade {
            unit: mortar,
            target: ahead
        })
    ));
}

#[test]
fn rule_6_7_4_an_enemy_mortar_alone_on_its_card_fires_at_the_closest_us_card() {
    let mut g = game();
    let m = enemy(&mut g, "de_mortar", p(4, 2), true);
    let near = add(&mut g, "us_rifle_squad", p(2, 2));
    add(&mut g, "us_rifle_squad", p(1, 2));
    combat::update_engagement(&mut g);
    let mut used = Vec::new();
    let cards = [
        pick(&g, &mut used, grenade),
        pick(&g, &mut used, no_grenade),
        pick(&g, &mut used, no_grenade),
    ];
    top(&mut g, &cards);
    let mut done = Vec::new();
    fof::engine::testing::enemy::perform(&mut g, m, fof::data::activity::Act::Attack, &mut done);
    assert_eq!(unit(&g, near).grenaded, 1);
    assert!(
        g.state()
            .lay_pdfs
            .iter()
            .any(|l| l.side == Side::Enemy && l.from == p(4, 2) && l.target == p(2, 2))
    );
}

/// A US squad and a German squad face to face on R2C2, both in the open.
fn melee() -> (Game, UnitId, UnitId) {
    let mut g = game();
    let sq = add(&mut g, "us_rifle_squad", p(2, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    combat::update_engagement(&mut g);
    (g, sq, e)
}

#[test]
fn rule_6_5_1_a_critical_grenade_attack_takes_away_the_cover() {
    let (mut g, sq, e) = melee();
    let c = cover(&mut g, p(2, 2), CoverKind::Foxhole);
    u(&mut g, e).cover = Some(c);
    let mut used = Vec::new();
    let cards = [
        pick(&g, &mut used, grenade),
        pick(&g, &mut used, grenade),
        pick(&g, &mut used, no_grenade),
        pick(&g, &mut used, no_grenade),
    ];
    top(&mut g, &cards);
    ok(
        &mut g,
        gi(Action::Grenade {
            unit: sq,
            target: e,
        }),
    );
    assert_eq!(unit(&g, e).grenaded, 1);
    assert!(unit(&g, e).cover_lost);
    assert_eq!(part(&ncm(&g, e), "cover"), None);
}

#[test]
fn rule_6_5_1_a_critical_grenade_attack_on_a_unit_in_the_open_places_two_markers() {
    let (mut g, sq, e) = melee();
    let mut used = Vec::new();
    let cards = [
        pick(&g, &mut used, grenade),
        pick(&g, &mut used, grenade),
        pick(&g, &mut used, no_grenade),
        pick(&g, &mut used, no_grenade),
    ];
    top(&mut g, &cards);
    ok(
        &mut g,
        gi(Action::Grenade {
            unit: sq,
            target: e,
        }),
    );
    assert_eq!(unit(&g, e).grenaded, 2);
    assert_eq!(ncm(&g, e).raw, -8 - 1, "two grenades and the answer's miss");
}

#[test]
fn rule_6_5_1_a_good_order_target_answers_with_a_free_grenade_attack() {
    let (mut g, sq, e) = melee();
    let mut used = Vec::new();
    let cards = [
        pick(&g, &mut used, grenade),
        pick(&g, &mut used, no_grenade),
        pick(&g, &mut used, grenade),
        pick(&g, &mut used, no_grenade),
    ];
    top(&mut g, &cards);
    let spent = g.state().impulse.as_ref().unwrap().spent;
    let ev = ok(
        &mut g,
        gi(Action::Grenade {
            unit: sq,
            target: e,
        }),
    );
    assert_eq!(
        unit_attempts(&ev),
        vec![(2, true, Some(sq)), (2, true, Some(e))]
    );
    assert_eq!(unit(&g, e).grenaded, 1);
    assert_eq!(unit(&g, sq).grenaded, 1);
    // The answer is free.
    assert_eq!(g.state().impulse.as_ref().unwrap().spent, spent + 1);
}

/// 6.5.1: North Korean and Chinese grenades are the lighter kind: their
/// Grenade VOF counts -3, where a US or German one counts -4. Here the
/// enemy squad's counter is made North Korean; it answers a US grenade
/// attack with its own, and each side's marker counts as its thrower's.
#[test]
fn rule_6_5_1_north_korean_and_chinese_grenades_count_minus_3() {
    use fof::data::units::Nation;
    let mut g = new_game_with("day", Options::default(), |d| {
        let t = d
            .units
            .units
            .iter_mut()
            .find(|t| t.id.0 == "de_rifle_squad")
            .expect("the enemy squad");
        t.nation = Some(Nation::NorthKorean);
    });
    let sq = add(&mut g, "us_rifle_squad", p(2, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    combat::update_engagement(&mut g);
    let mut used = Vec::new();
    let cards = [
        pick(&g, &mut used, grenade),
        pick(&g, &mut used, no_grenade),
        pick(&g, &mut used, grenade),
        pick(&g, &mut used, no_grenade),
    ];
    top(&mut g, &cards);
    ok(
        &mut g,
        gi(Action::Grenade {
            unit: sq,
            target: e,
        }),
    );
    // Both hit: one marker on each.
    assert_eq!((unit(&g, e).grenaded, unit(&g, e).grenaded_light), (1, 0));
    assert_eq!((unit(&g, sq).grenaded, unit(&g, sq).grenaded_light), (1, 1));
    assert_eq!(
        part(&ncm(&g, e), "grenade attack"),
        Some(-4),
        "a US grenade"
    );
    assert_eq!(
        part(&ncm(&g, sq), "grenade attack"),
        Some(-3),
        "a North Korean grenade"
    );
    assert!(Nation::Chinese.light_grenades());
    assert!(!Nation::German.light_grenades() && !Nation::American.light_grenades());
}

#[test]
fn rule_6_5_1_the_target_answers_a_failed_attack_too() {
    let (mut g, sq, e) = melee();
    let mut used = Vec::new();
    let cards = [
        pick(&g, &mut used, no_grenade),
        pick(&g, &mut used, no_grenade),
        pick(&g, &mut used, grenade),
        pick(&g, &mut used, no_grenade),
    ];
    top(&mut g, &cards);
    let ev = ok(
        &mut g,
        gi(Action::Grenade {
            unit: sq,
            target: e,
        }),
    );
    assert_eq!(
        unit_attempts(&ev),
        vec![(2, false, Some(sq)), (2, true, Some(e))]
    );
    assert!(g.state().map.card(p(2, 2)).unwrap().markers.grenade_miss);
    assert_eq!(unit(&g, sq).grenaded, 1);
}

#[test]
fn rule_6_5_1_no_answer_from_a_pinned_target_or_to_an_unspotted_attacker() {
    // A pinned target is not in Good Order.
    let (mut g, sq, e) = melee();
    u(&mut g, e).pinned = true;
    let mut used = Vec::new();
    let cards = [
        pick(&g, &mut used, grenade),
        pick(&g, &mut used, no_grenade),
    ];
    top(&mut g, &cards);
    let ev = ok(
        &mut g,
        gi(Action::Grenade {
            unit: sq,
            target: e,
        }),
    );
    assert_eq!(unit_attempts(&ev), vec![(2, true, Some(sq))]);
    assert_eq!(unit(&g, sq).grenaded, 0);
    // An unspotted attacker. Our units are always in sight (9.3); the flag
    // is cleared here only to exercise the rule's condition.
    let (mut g, sq, e) = melee();
    u(&mut g, sq).spotted = false;
    let mut used = Vec::new();
    let cards = [
        pick(&g, &mut used, grenade),
        pick(&g, &mut used, no_grenade),
    ];
    top(&mut g, &cards);
    let ev = ok(
        &mut g,
        gi(Action::Grenade {
            unit: sq,
            target: e,
        }),
    );
    assert_eq!(unit_attempts(&ev), vec![(2, true, Some(sq))]);
}

#[test]
fn rule_6_4_a_mortar_team_does_not_answer_a_grenade_attack_on_its_own_card() {
    // 6.4, 6.5.1: the free answer is a grenade attack like any other; a
    // mortar never fires at its own card. (On its fire-team side the team
    // is a Fire Team LAT, not Good Order, and takes no free answer either.)
    let mut g = game();
    let mortar = add(&mut g, "us_mortar_60", p(2, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    combat::update_engagement(&mut g);
    let mut used = Vec::new();
    let cards = [
        pick(&g, &mut used, grenade),
        pick(&g, &mut used, no_grenade),
        pick(&g, &mut used, grenade),
        pick(&g, &mut used, no_grenade),
    ];
    top(&mut g, &cards);
    fof::engine::testing::enemy::perform(
        &mut g,
        e,
        fof::data::activity::Act::Attack,
        &mut Vec::new(),
    );
    assert_eq!(unit(&g, mortar).grenaded, 1);
    assert_eq!(unit(&g, e).grenaded, 0, "the mortar did not answer");
}

#[test]
fn rule_6_5_1_no_answer_to_a_grenade_attack_from_another_card() {
    // A rifle squad's G! superscript reaches the adjacent card along its
    // PDF; the target is not on the attacker's card, so it does not answer.
    let mut g = game();
    let sq = add(&mut g, "us_rifle_squad", p(1, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Us), vec![(p(1, 2), p(2, 2))]);
    let mut used = Vec::new();
    let cards = [
        pick(&g, &mut used, grenade),
        pick(&g, &mut used, no_grenade),
        pick(&g, &mut used, grenade),
        pick(&g, &mut used, grenade),
    ];
    top(&mut g, &cards);
    let ev = ok(
        &mut g,
        gi(Action::Grenade {
            unit: sq,
            target: e,
        }),
    );
    assert_eq!(unit_attempts(&ev), vec![(2, true, Some(sq))]);
    assert_eq!(unit(&g, e).grenaded, 1);
    assert_eq!(unit(&g, sq).grenaded, 0);
}

#[test]
fn rule_6_5_4_no_jam_on_a_grenade_attack_within_the_card() {
    let mut g = game();
    let lmg = add(&mut g, "us_lmg_team", p(2, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    combat::update_engagement(&mut g);
    let mut used = Vec::new();
    let cards = [
        pick(&g, &mut used, |c| c.is_jam()),
        pick(&g, &mut used, no_grenade),
        pick(&g, &mut used, no_grenade),
        pick(&g, &mut used, no_grenade),
    ];
    top(&mut g, &cards);
    let ev = ok(
        &mut g,
        gi(Action::Grenade {
            unit: lmg,
            target: e,
        }),
    );
    assert_eq!(unit_attempts(&ev)[0], (2, false, Some(lmg)));
    assert!(unit(&g, lmg).in_play());
    assert_eq!(
        teams(&g, p(2, 2), Side::Us),
        vec![(UnitKind::WeaponsTeam, 1)]
    );
}

// ---------------------------------------------------------------------------
// 6.8 Ammunition
// ---------------------------------------------------------------------------

#[test]
fn rule_6_8_1_a_an_a_rated_weapons_team_spends_a_point_each_combat_phase_it_fires() {
    let mut g = game();
    enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    let firing = add(&mut g, "us_lmg_team", p(1, 2));
    let idle = add(&mut g, "us_lmg_team", p(1, 1));
    let rifles = add(&mut g, "us_rifle_squad", p(1, 2));
    fire(&mut g, Side::Us, p(1, 2), p(3, 2));
    assert_eq!(unit(&g, firing).ammo, Some(6));
    combat::expend_for_fire(&mut g);
    assert_eq!(unit(&g, firing).ammo, Some(5));
    assert_eq!(unit(&g, idle).ammo, Some(6));
    // Rifle grenades are not spent by the squad's Basic VOF.
    assert_eq!(unit(&g, rifles).ammo, Some(1));
}

#[test]
fn rule_6_8_1_a_german_squads_track_their_machine_gun_ammunition() {
    let mut g = game();
    add(&mut g, "us_rifle_squad", p(1, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    fire(&mut g, Side::Enemy, p(3, 2), p(1, 2));
    assert_eq!(unit(&g, e).ammo, Some(8));
    combat::expend_for_fire(&mut g);
    assert_eq!(unit(&g, e).ammo, Some(7));
}

#[test]
fn rule_6_8_2_a_dry_81mm_section_fires_small_arms_at_close_range() {
    // 6.8.2 (2): a weapons unit of more than one step that runs out of
    // ammunition takes the Out of Ammo marker: S VOF, Close range.
    let mut g = game();
    let sec = add(&mut g, "us_mortar_81", p(1, 2));
    let wet = combat::ratings(&g, unit(&g, sec)).unwrap();
    assert_eq!((wet.vof, wet.range), (Vof::H, Range::V));
    u(&mut g, sec).ammo = Some(0);
    let dry = combat::ratings(&g, unit(&g, sec)).unwrap();
    assert_eq!((dry.vof, dry.range), (Vof::S, Range::C));
    assert!(!unit(&g, sec).flipped, "a section has no side to flip to");
}

#[test]
fn rule_6_8_1_a_a_machine_gun_team_on_its_fire_team_side_spends_no_ammunition() {
    let mut g = game();
    enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    let flipped = add(&mut g, "us_hmg_team", p(1, 2));
    let firing = add(&mut g, "us_hmg_team", p(1, 2));
    u(&mut g, flipped).flipped = true;
    fire(&mut g, Side::Us, p(1, 2), p(2, 2));
    combat::expend_for_fire(&mut g);
    // Its fire-team side fires small arms, not the machine gun.
    assert_eq!(unit(&g, flipped).ammo, Some(6));
    assert_eq!(unit(&g, firing).ammo, Some(5));
}

/// An LMG on R1C2 firing at a spotted German squad on R3C2.
fn lmg_firing() -> (Game, UnitId, UnitId) {
    let mut g = game();
    let lmg = add(&mut g, "us_lmg_team", p(1, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    combat::update_engagement(&mut g);
    assert!(links(&g, Side::Us).contains(&(p(1, 2), p(3, 2))));
    (g, lmg, e)
}

#[test]
fn rule_6_6_a_successful_concentrated_fire_spends_a_second_point() {
    let (mut g, lmg, e) = lmg_firing();
    let mut used = Vec::new();
    let cards = [
        pick(&g, &mut used, crosshairs),
        pick(&g, &mut used, no_crosshairs),
        pick(&g, &mut used, no_crosshairs),
    ];
    top(&mut g, &cards[..2]);
    ok(
        &mut g,
        gi(Action::ConcentrateFire {
            unit: lmg,
            target: e,
        }),
    );
    assert_eq!(unit(&g, e).concentrated, 1);
    assert_eq!(unit(&g, lmg).ammo, Some(5));
    combat::expend_for_fire(&mut g);
    assert_eq!(unit(&g, lmg).ammo, Some(4));
}

#[test]
fn rule_6_6_a_failed_concentrated_fire_spends_nothing() {
    let (mut g, lmg, e) = lmg_firing();
    let mut used = Vec::new();
    let cards = [
        pick(&g, &mut used, no_crosshairs),
        pick(&g, &mut used, no_crosshairs),
    ];
    top(&mut g, &cards);
    ok(
        &mut g,
        gi(Action::ConcentrateFire {
            unit: lmg,
            target: e,
        }),
    );
    assert_eq!(unit(&g, e).concentrated, 0);
    assert_eq!(unit(&g, lmg).ammo, Some(6));
}

#[test]
fn rule_6_8_2_a_weapons_team_firing_its_last_point_flips_to_its_fire_team_side() {
    let (mut g, lmg, _) = lmg_firing();
    u(&mut g, lmg).ammo = Some(1);
    let from = g.log().len();
    combat::expend_for_fire(&mut g);
    assert_eq!(unit(&g, lmg).ammo, Some(0));
    assert!(unit(&g, lmg).flipped);
    assert!(g.log()[from..].iter().any(|e| e.rule == "6.8.2"));
    // Now S at close range: the VOF comes back to the adjacent card.
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Us), vec![(p(1, 2), p(2, 2))]);
    assert_eq!(
        link_vof(&g, Side::Us, p(1, 2), p(2, 2)),
        Some(VofLevel::SmallArms)
    );
}

#[test]
fn rule_6_8_2_a_team_firing_its_last_round_draws_as_itself_then_flips() {
    // The last point is fired by the weapons team: its grenade attack
    // draws by the team's own experience (Line: two cards), and the team
    // flips to its fire-team side (Green) only once the round is gone.
    let mut g = game();
    let bzk = add(&mut g, "us_bazooka", p(1, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    combat::update_engagement(&mut g);
    u(&mut g, bzk).ammo = Some(1);
    u(&mut g, bzk).experience = Experience::Line;
    let order = gi(Action::Grenade {
        unit: bzk,
        target: e,
    });
    assert!(legal(&g, &order), "the bazooka may fire at the next card");
    let odds = fof::engine::testing::turn::odds(&g, &order);
    let mut used = Vec::new();
    let cards = [
        pick(&g, &mut used, no_grenade),
        pick(&g, &mut used, no_grenade),
        pick(&g, &mut used, no_grenade),
    ];
    top(&mut g, &cards);
    let from = g.log().len();
    ok(&mut g, order);
    let drawn: Vec<usize> = g.log()[from..]
        .iter()
        .filter(|e| matches!(e.kind, EventKind::Attempt { unit: Some(x), .. } if x == bzk))
        .map(|e| e.cards.len())
        .collect();
    assert_eq!(drawn, vec![2], "a Line team draws two cards");
    assert_eq!(odds.attempt.map(|a| a.cards), Some(2), "and says so before");
    assert_eq!(unit(&g, bzk).ammo, Some(0));
    assert!(unit(&g, bzk).flipped, "out of rounds, it flips afterwards");
}

#[test]
fn rule_6_8_1_a_a_german_squad_out_of_mg_ammunition_fires_small_arms_at_close_range() {
    let mut g = game();
    let sq = add(&mut g, "us_rifle_squad", p(1, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    fire(&mut g, Side::Enemy, p(2, 2), p(1, 2));
    assert_eq!(parts(&ncm(&g, sq)), vec![("Automatic Weapons VOF", -1)]);
    // Its last point goes: the squad stays a squad, on its front.
    u(&mut g, e).ammo = Some(1);
    combat::expend_for_fire(&mut g);
    assert_eq!(unit(&g, e).ammo, Some(0));
    assert!(!unit(&g, e).flipped);
    assert_eq!(unit(&g, e).kind, UnitKind::Squad);
    let r = combat::ratings(&g, unit(&g, e)).unwrap();
    assert_eq!((r.vof, r.range), (Vof::S, Range::C));
    assert_eq!(parts(&ncm(&g, sq)), vec![("Small Arms VOF", 0)]);
    // Two cards away it no longer reaches.
    u(&mut g, e).pos = p(3, 2);
    g.state_mut().fires.clear();
    fire(&mut g, Side::Enemy, p(3, 2), p(1, 2));
    combat::update_engagement(&mut g);
    assert_eq!(links(&g, Side::Enemy), vec![(p(3, 2), p(2, 2))]);
}

#[test]
fn rule_13_2_without_ammunition_tracking_nothing_is_spent() {
    let mut g = new_game(
        "day",
        Options {
            no_ammo: true,
            ..Options::default()
        },
    );
    let lmg = add(&mut g, "us_lmg_team", p(1, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    combat::update_engagement(&mut g);
    combat::expend_for_fire(&mut g);
    assert_eq!(unit(&g, lmg).ammo, Some(6));
    assert_eq!(unit(&g, e).ammo, Some(8));
    let mut used = Vec::new();
    let cards = [
        pick(&g, &mut used, crosshairs),
        pick(&g, &mut used, no_crosshairs),
    ];
    top(&mut g, &cards);
    ok(
        &mut g,
        gi(Action::ConcentrateFire {
            unit: lmg,
            target: e,
        }),
    );
    assert_eq!(unit(&g, e).concentrated, 1);
    assert_eq!(unit(&g, lmg).ammo, Some(6));
    // Even a counter showing no ammunition keeps its ratings.
    u(&mut g, e).ammo = Some(0);
    let r = combat::ratings(&g, unit(&g, e)).unwrap();
    assert_eq!((r.vof, r.range), (Vof::A, Range::L));
}

#[test]
fn rule_13_2_tracking_can_be_set_aside_for_one_kind_of_ammunition_only() {
    // Machine-gun ammunition set aside: the LMG spends nothing and a dry
    // German MG keeps its ratings, while a mortar still spends its rounds.
    let mut untracked = fof::data::units::AmmoSet::default();
    untracked.insert(fof::data::units::AmmoKind::Mg);
    let options = Options {
        untracked,
        ..Options::default()
    };
    assert!(!options.tracks(fof::data::units::AmmoKind::Mg));
    assert!(options.tracks(fof::data::units::AmmoKind::Mortar));
    let mut g = new_game("day", options);
    let lmg = add(&mut g, "us_lmg_team", p(1, 2));
    let mortar = add(&mut g, "us_mortar_60", p(1, 1));
    let e = enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    combat::update_engagement(&mut g);
    combat::expend_for_fire(&mut g);
    assert_eq!(unit(&g, lmg).ammo, Some(6));
    assert_eq!(unit(&g, e).ammo, Some(8));
    u(&mut g, e).ammo = Some(0);
    let r = combat::ratings(&g, unit(&g, e)).unwrap();
    assert_eq!(
        (r.vof, r.range),
        (Vof::A, Range::L),
        "not out of ammunition"
    );
    let before = unit(&g, mortar).ammo.unwrap();
    combat::spend_ammo(
        &mut g,
        mortar,
        1,
        fof::engine::kernel::events::AmmoUse::CombatPhase,
    );
    assert_eq!(
        unit(&g, mortar).ammo,
        Some(before - 1),
        "mortar rounds count"
    );
    // Without the option the same German MG is dry.
    let mut g = new_game("day", Options::default());
    let e = enemy(&mut g, "de_rifle_squad", p(3, 2), true);
    u(&mut g, e).ammo = Some(0);
    let r = combat::ratings(&g, unit(&g, e)).unwrap();
    assert_ne!((r.vof, r.range), (Vof::A, Range::L));
    // The replay header keeps the kinds (a list of names in RON).
    let text = ron::to_string(&options).unwrap();
    let back: Options = ron::from_str(&text).unwrap();
    assert_eq!(back, options, "{text}");
}

// ---------------------------------------------------------------------------
// 6.2.2 The sniper
// ---------------------------------------------------------------------------

/// A German sniper on R3C2 firing at R1C2, where a US squad, an LMG and a
/// PLT HQ stand.
fn sniper_target() -> (Game, [UnitId; 3], UnitId) {
    let mut g = game();
    let sq = add(&mut g, "us_rifle_squad", p(1, 2));
    let lmg = add(&mut g, "us_lmg_team", p(1, 2));
    let hq = add(&mut g, "us_plt_hq", p(1, 2));
    let s = enemy(&mut g, "de_sniper", p(3, 2), true);
    fire(&mut g, Side::Enemy, p(3, 2), p(1, 2));
    (g, [sq, lmg, hq], s)
}

fn sniped(g: &Game) -> Vec<UnitId> {
    g.state()
        .in_play()
        .filter(|x| x.sniped)
        .map(|x| x.id)
        .collect()
}

#[test]
fn rule_6_2_2_the_sniper_picks_its_one_target_among_exposed_units_first() {
    let (mut g, [sq, lmg, hq], _) = sniper_target();
    u(&mut g, lmg).exposed = true;
    let drawn = g.state().deck.cards_drawn();
    combat::pick_sniper_targets(&mut g);
    assert_eq!(sniped(&g), vec![lmg]);
    assert_eq!(
        g.state().deck.cards_drawn(),
        drawn,
        "one candidate: no draw"
    );
    let n = ncm(&g, lmg);
    assert_eq!(parts(&n), sorted(vec![("sniper", -3), ("exposed", -2)]));
    assert_eq!(n.value, -4);
    // The rest of the card is under small arms.
    for x in [sq, hq] {
        assert_eq!(parts(&ncm(&g, x)), vec![("Small Arms VOF", 0)]);
    }
}

#[test]
fn rule_6_2_2_among_several_exposed_units_the_sniper_draws_at_random() {
    for r in [1u8, 2] {
        let (mut g, [sq, lmg, hq], _) = sniper_target();
        u(&mut g, sq).exposed = true;
        u(&mut g, hq).exposed = true;
        let mut used = Vec::new();
        let card = pick(&g, &mut used, |c| c.random_number(2) == Some(r));
        top(&mut g, &[card]);
        let from = g.log().len();
        combat::pick_sniper_targets(&mut g);
        let want = if r == 1 { sq } else { hq };
        assert_eq!(sniped(&g), vec![want], "R# {r}");
        assert!(!unit(&g, lmg).sniped);
        let ev = g.log()[from..]
            .iter()
            .find(|e| e.rule == "6.2.2")
            .expect("the sniper's pick is logged");
        assert_eq!(ev.cards[0].card, card);
        assert_eq!(ev.cards[0].section, Section::Random(2));
    }
}

#[test]
fn rule_6_2_2_with_no_exposed_unit_the_sniper_picks_among_all() {
    let (mut g, ids, _) = sniper_target();
    let mut used = Vec::new();
    let card = pick(&g, &mut used, |c| c.random_number(3) == Some(3));
    top(&mut g, &[card]);
    combat::pick_sniper_targets(&mut g);
    assert_eq!(sniped(&g), vec![ids[2]]);
}

#[test]
fn rule_6_2_2_a_pinned_sniper_picks_no_target() {
    let (mut g, [sq, ..], s) = sniper_target();
    u(&mut g, s).pinned = true;
    combat::pick_sniper_targets(&mut g);
    assert!(sniped(&g).is_empty());
    assert_eq!(parts(&ncm(&g, sq)), vec![("All Pinned VOF", 2)]);
}

#[test]
fn rule_6_2_2_the_sniper_picks_one_target_per_combat_phase_and_resolves_it_at_minus_3() {
    let (mut g, [sq, lmg, hq], _) = sniper_target();
    u(&mut g, lmg).exposed = true;
    let mut used = Vec::new();
    // Resolution order: by card, then unit id (squad, LMG, HQ).
    let a = pick(&g, &mut used, |c| reads(c, 0, FireResult::Miss));
    let b = pick(&g, &mut used, |c| reads(c, -4, FireResult::Pin));
    let c = pick(&g, &mut used, |c| reads(c, 0, FireResult::Miss));
    top(&mut g, &[a, b, c]);
    let from = g.log().len();
    combat::resolve_all(&mut g);
    assert_eq!(
        fire_draws(&g, from).iter().map(|d| d.1).collect::<Vec<_>>(),
        vec![0, -4, 0]
    );
    assert!(unit(&g, lmg).pinned);
    assert!(!unit(&g, sq).pinned && !unit(&g, hq).pinned);
}

#[test]
fn rule_6_2_2_sniper_fire_counts_as_heavy_fire_for_command_draws_on_its_card() {
    use fof::data::charts::Activity;
    let (mut g, [_, _, hq], s) = sniper_target();
    g.state_mut().activity = Activity::Contact;
    let (m, why) = command::draw_modifier(&g, hq);
    assert_eq!(m, g.data().charts.commands.vof_heavy, "{why:?}");
    // A pinned sniper only adds All Pinned fire: no modifier.
    u(&mut g, s).pinned = true;
    assert_eq!(command::draw_modifier(&g, hq).0, 0);
    // A fire team's small arms instead: the small-arms modifier.
    u(&mut g, s).removed = true;
    enemy(&mut g, "de_fire_team", p(2, 2), true);
    g.state_mut().fires.clear();
    fire(&mut g, Side::Enemy, p(2, 2), p(1, 2));
    assert_eq!(
        command::draw_modifier(&g, hq).0,
        g.data().charts.commands.vof_small_arms
    );
}

#[test]
fn rule_5_2_3_a_snipers_shot_across_a_dark_border_uses_the_higher_value() {
    // Decision (5.2.3, 6.2.2, 6.2.3 example #1): the sniper's shot is
    // direct fire along its PDF, so a split card gives the higher value
    // when that PDF crosses a dark border, as for the rest of the card.
    let (mut g, [sq, ..], _) = sniper_target();
    let split = terrain_card(&g, |c| {
        matches!(c.cover, CoverValue::Split { dark: 2, light: 1 }) && c.borders.n == Border::Dark
    });
    lay(&mut g, p(1, 2), &[split]);
    u(&mut g, sq).exposed = true;
    combat::pick_sniper_targets(&mut g);
    assert_eq!(sniped(&g), vec![sq]);
    let n = ncm(&g, sq);
    assert_eq!(n.base, Base::Sniper);
    assert_eq!(part(&n, "terrain"), Some(2));
    // From the same card it is point blank: the lower value.
    let (mut g, [sq, ..], s) = sniper_target();
    lay(&mut g, p(1, 2), &[split]);
    u(&mut g, s).pos = p(1, 2);
    g.state_mut().fires.clear();
    fire(&mut g, Side::Enemy, p(1, 2), p(1, 2));
    u(&mut g, sq).exposed = true;
    combat::pick_sniper_targets(&mut g);
    assert_eq!(part(&ncm(&g, sq), "terrain"), Some(1));
}

// ---------------------------------------------------------------------------
// Follow-ups from review
// ---------------------------------------------------------------------------

#[test]
fn rule_6_1_2_point_blank_fire_ends_with_the_last_enemy_on_the_card() {
    let mut g = game();
    let sq = add(&mut g, "us_rifle_squad", p(2, 2));
    let e = enemy(&mut g, "de_fire_team", p(2, 2), true);
    let far = enemy(&mut g, "de_fire_team", p(4, 2), false);
    fof::engine::testing::combat::update_engagement(&mut g);
    assert!(links(&g, Side::Us).contains(&(p(2, 2), p(2, 2))));
    // The team is gone; a new enemy is spotted in range: the squad is free
    // to engage it.
    u(&mut g, e).removed = true;
    u(&mut g, far).spotted = true;
    fof::engine::testing::combat::update_engagement(&mut g);
    let l = links(&g, Side::Us);
    assert!(!l.contains(&(p(2, 2), p(2, 2))), "{l:?}");
    assert!(l.contains(&(p(2, 2), p(4, 2))), "{l:?}");
    let _ = sq;
}

#[test]
fn rule_6_3_2_b_a_pinned_unit_under_only_its_own_sides_fire_is_unpinned() {
    // Friendly fire out of a card is no enemy VOF on it (3.7.2, 6.3.2 B).
    let mut g = game();
    let sq = add(&mut g, "us_rifle_squad", p(2, 2));
    u(&mut g, sq).pinned = true;
    enemy(&mut g, "de_rifle_squad", p(4, 2), true);
    fire(&mut g, Side::Us, p(2, 2), p(4, 2));
    fof::engine::testing::turn::combat_effects(&mut g);
    assert!(!unit(&g, sq).pinned);
}

#[test]
fn rule_6_2_2_a_grenade_miss_alone_is_a_vof_on_the_whole_card() {
    let mut g = game();
    let sq = add(&mut g, "us_rifle_squad", p(2, 2));
    g.state_mut()
        .map
        .card_mut(p(2, 2))
        .unwrap()
        .markers
        .grenade_miss = true;
    let n = ncm(&g, sq);
    assert_eq!(part(&n, "grenade miss"), Some(-1));
    assert_eq!(n.parts[0].1, 0, "no other VOF: base 0");
}

#[test]
fn rule_8_0_a_mission_may_change_visibility_from_a_given_turn() {
    // Dusk: a clear day until turn 3, then dark.
    let mut g = common::Scenario::of("crossroads_firefight")
        .named("dusk_test")
        .seed(1)
        .mission(|m| {
            m.visibility = "day".into();
            m.visibility_from = vec![(3, "dark".into())];
        })
        .game();
    assert_eq!(g.visibility_id(), "day");
    assert!(!g.limited_visibility());
    g.state_mut().turn = 3;
    assert_eq!(g.visibility_id(), "dark");
    assert!(g.limited_visibility(), "night falls on turn 3");
}

#[test]
fn rule_6_4_a_recoilless_rifle_or_rocket_launcher_does_not_fire_from_under_a_building() {
    let mut g = new_game_with("day", Options::default(), |_| {});
    let rr75 = add(&mut g, "us_rr_75", p(1, 2));
    let rr57 = add(&mut g, "us_rr_57", p(1, 2));
    let e = enemy(&mut g, "de_rifle_squad", p(2, 2), true);
    combat::update_engagement(&mut g);
    // In the open the tripod 75mm adds its H VOF and the 57mm may fire.
    assert!(combat::basic_vof(&g, unit(&g, rr75), 1).is_some());
    assert!(legal(
        &g,
        &gi(Action::Grenade {
            unit: rr57,
            target: e
        })
    ));
    // Under a building marker the back-blast forbids both.
    let roof = cover(&mut g, p(1, 2), CoverKind::LightBuilding);
    u(&mut g, rr75).cover = Some(roof);
    u(&mut g, rr57).cover = Some(roof);
    assert_eq!(combat::basic_vof(&g, unit(&g, rr75), 1), None);
    let why = refused(
        &mut g,
        gi(Action::Grenade {
            unit: rr57,
            target: e,
        }),
    );
    assert!(
        why.contains("under a building, bunker or pillbox (6.4)"),
        "{why}"
    );
    // A rifle squad under the same roof fires its rifles as ever.
    let sq = add(&mut g, "us_rifle_squad", p(1, 2));
    u(&mut g, sq).cover = Some(roof);
    assert!(combat::basic_vof(&g, unit(&g, sq), 1).is_some());
}

#[test]
fn rule_6_5_1_a_north_korean_unit_breaks_into_north_korean_teams() {
    use fof::engine::kernel::units::{convert, nation_of, spawn_team};
    let mut g = new_game_with("day", Options::default(), |_| {});
    let nk = enemy(&mut g, "nk_rifle_squad", p(2, 2), true);
    let cn = enemy(&mut g, "cn_rifle_squad", p(2, 3), true);
    let de = enemy(&mut g, "de_rifle_squad", p(2, 1), true);
    let from = unit(&g, nk).clone();
    let team = spawn_team(&mut g, &from, UnitKind::FireTeam);
    assert_eq!(unit(&g, team).unit_type.0, "nk_fire_team");
    convert(&mut g, cn, UnitKind::LitterTeam);
    assert_eq!(unit(&g, cn).unit_type.0, "cn_litter_team");
    convert(&mut g, de, UnitKind::Casualty);
    assert_eq!(unit(&g, de).unit_type.0, "de_casualty");
    // So the team's grenades are its army's (6.5.1: -3 for North Korean).
    let army = nation_of(g.data(), unit(&g, team));
    assert_eq!(army, fof::data::units::Nation::NorthKorean);
    assert!(army.light_grenades());
}

#[test]
fn rule_6_5_1_a_squads_second_team_is_told_apart_by_a_letter() {
    // 6.5.1: hits break a squad into teams of its designation. Two fire
    // teams of 2/1 on one card must not both read "2/1 Fire Tm": the
    // second takes a letter, which it keeps when it is converted.
    use fof::engine::kernel::units::{convert, spawn_team};
    let mut g = new_game_with("day", Options::default(), |_| {});
    let sq = add(&mut g, "us_rifle_squad", p(1, 2));
    u(&mut g, sq).designation = "2/1".into();
    let from = unit(&g, sq).clone();
    let a = spawn_team(&mut g, &from, UnitKind::FireTeam);
    let b = spawn_team(&mut g, &from, UnitKind::FireTeam);
    assert_eq!(unit(&g, a).label, "2/1 Fire Tm");
    assert_eq!(unit(&g, b).label, "2/1 Fire Tm B");
    convert(&mut g, b, UnitKind::AssaultTeam);
    assert_eq!(unit(&g, b).label, "2/1 Aslt Tm B");
    // The first flips to the plain name; a third team takes the next
    // letter free.
    convert(&mut g, a, UnitKind::AssaultTeam);
    assert_eq!(unit(&g, a).label, "2/1 Aslt Tm");
    let c = spawn_team(&mut g, &from, UnitKind::FireTeam);
    assert_eq!(unit(&g, c).label, "2/1 Fire Tm");
    let d = spawn_team(&mut g, &from, UnitKind::FireTeam);
    assert_eq!(unit(&g, d).label, "2/1 Fire Tm B");
}
