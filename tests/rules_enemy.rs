//! Potential Contact and generating the enemy (9.1.5, 9.2.1-9.2.4), from
//! arranged positions with known card sequences.

use crate::common;
use fof::engine::testing::enemy;

use common::{Scenario, cards, higher_hq_cards, id, lay, open_map, p, put};

use fof::data::DataSet;
use fof::data::action::Word;
use fof::data::campaign::{ForcePackage, PackageCover, PackagePlacement};
use fof::data::charts::{Activity, CoverKind, PcLetter};
use fof::data::mission::{ContactTables, Placement, PlacementTable, Reach};
use fof::data::terrain::Dir;
use fof::data::units::{Side, UnitKind, UnitTypeId};
use fof::engine::kernel::deck::Card;
use fof::engine::kernel::game::Game;
use fof::engine::kernel::ids::{CoverId, UnitId};
use fof::engine::kernel::pos::CardPos;
use fof::engine::kernel::state::{CoverMarker, Options, PcMarker};
use std::sync::Arc;

/// The shipped mission on an all-open map, its PC markers cleared, with a
/// one-line contact table for every letter naming `package`, and a
/// placement table whose every entry is `placement`.
fn game_with(package: ForcePackage, placement: Placement) -> Game {
    game_tweaked(package, placement, |_| {})
}

/// `game_with` on data changed by `tweak` first.
fn game_tweaked(
    package: ForcePackage,
    placement: Placement,
    tweak: impl FnOnce(&mut DataSet),
) -> Game {
    let pid = package.id.clone();
    let mut g = Scenario::of("hedgerow_attack")
        .named("enemy_test")
        .seed(9)
        .data(|data| {
            tweak(data);
            data.campaigns[0].packages.push(package);
        })
        .mission(|m| {
            m.pc_markers.clear();
            m.contacts = Some(ContactTables {
                a: vec![(10, pid.clone())],
                b: vec![(10, pid.clone())],
                c: vec![(10, pid)],
            });
            m.placement = Some(PlacementTable {
                n: 10,
                entries: vec![(10, placement)],
            });
            m.enemy_cover = Some(CoverKind::Basic);
        })
        .game();
    open_map(&mut g);
    g
}

fn squad_package(id: &str, opens_fire: bool, placement: PackagePlacement) -> ForcePackage {
    ForcePackage {
        id: id.into(),
        name: "Test squad".into(),
        groups: vec![vec![UnitTypeId("de_rifle_squad".into())]],
        effect: None,
        opens_fire,
        spotted: true,
        placement,
        cover: PackageCover::Default,
        fanatic: false,
        human_wave: false,
        vehicles: Vec::new(),
    }
}

fn marker(g: &mut Game, at: CardPos, letter: PcLetter) {
    g.state_mut().map.card_mut(at).unwrap().markers.pc = Some(PcMarker {
        letter,
        hidden: true,
    });
}

fn germans(g: &Game) -> Vec<(CardPos, UnitKind, bool)> {
    g.state()
        .in_play()
        .filter(|u| u.side == Side::Enemy)
        .map(|u| (u.pos, u.kind, u.spotted))
        .collect()
}

#[test]
fn rule_9_1_5_an_a_marker_at_no_contact_is_contact_without_a_draw() {
    let mut g = game_with(
        squad_package("t", true, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
    );
    let sq = id(&g, "1_1");
    put(&mut g, sq, p(2, 2));
    marker(&mut g, p(2, 2), PcLetter::A);
    g.state_mut().activity = Activity::NoContact;
    fof::engine::testing::enemy::resolve_markers(&mut g);
    assert!(
        g.state().map.card(p(2, 2)).unwrap().markers.pc.is_none(),
        "the marker is removed"
    );
    let e = germans(&g);
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].0, p(3, 2), "placed to the front");
    assert_eq!(g.state().counters.contacts, 1);
}

#[test]
fn rule_5_2_3_b_an_enemy_bunker_placed_at_contact_points_at_the_unit_that_made_it() {
    // 5.2.3 B: "For enemy Pillboxes or Bunkers, point the arrow on the
    // counter toward the unit that made contact."
    let mut pkg = squad_package("t", true, PackagePlacement::Adjacent);
    pkg.cover = PackageCover::Under(CoverKind::Bunker);
    let mut g = game_with(pkg, Placement::Toward(Dir::N, Reach::Adjacent));
    let sq = id(&g, "1_1");
    put(&mut g, sq, p(2, 2));
    marker(&mut g, p(2, 2), PcLetter::A);
    g.state_mut().activity = Activity::NoContact;
    fof::engine::testing::enemy::resolve_markers(&mut g);
    let e = germans(&g);
    assert_eq!(e[0].0, p(3, 2));
    let bunker = g
        .state()
        .map
        .card(p(3, 2))
        .unwrap()
        .covers
        .iter()
        .find(|m| m.kind == CoverKind::Bunker)
        .cloned()
        .expect("the bunker marker");
    assert_eq!(bunker.facing, Some(Dir::S), "toward R2C2");
}

#[test]
fn rule_9_1_5_a_c_marker_draws_per_the_chart_and_needs_contact() {
    let mut g = game_with(
        squad_package("t", true, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
    );
    let sq = id(&g, "1_1");
    put(&mut g, sq, p(2, 2));
    marker(&mut g, p(2, 2), PcLetter::C);
    g.state_mut().activity = Activity::NoContact;
    // C at No Contact: four cards, none showing Contact!.
    let deck = cards(&g, 4, |c| c.word != Some(Word::Contact));
    g.state_mut().deck.put_on_top(&deck);
    let before = g.state().deck.cards_drawn();
    fof::engine::testing::enemy::resolve_markers(&mut g);
    assert_eq!(g.state().deck.cards_drawn() - before, 4);
    assert!(germans(&g).is_empty(), "no contact");
    assert!(
        g.state().map.card(p(2, 2)).unwrap().markers.pc.is_none(),
        "removed either way"
    );
    // With Contact! among the cards, the enemy appears.
    marker(&mut g, p(2, 2), PcLetter::C);
    let mut deck = cards(&g, 3, |c| c.word != Some(Word::Contact));
    deck.extend(cards(&g, 1, |c| c.word == Some(Word::Contact)));
    g.state_mut().deck.put_on_top(&deck);
    fof::engine::testing::enemy::resolve_markers(&mut g);
    assert_eq!(germans(&g).len(), 1);
}

#[test]
fn rule_9_1_5_markers_are_resolved_in_letter_order() {
    let mut g = game_with(
        squad_package("t", false, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
    );
    let (a, b) = (id(&g, "1_1"), id(&g, "1_2"));
    put(&mut g, a, p(1, 1));
    put(&mut g, b, p(1, 3));
    marker(&mut g, p(1, 3), PcLetter::A);
    marker(&mut g, p(1, 1), PcLetter::B);
    g.state_mut().activity = Activity::NoContact;
    fof::engine::testing::enemy::resolve_markers(&mut g);
    let order: Vec<CardPos> = g
        .log()
        .iter()
        .filter(|e| e.rule == "9.1.5" && e.text.starts_with("PC marker"))
        .map(|e| {
            if e.text.contains("on R1C3") {
                p(1, 3)
            } else {
                p(1, 1)
            }
        })
        .collect();
    assert_eq!(order, vec![p(1, 3), p(1, 1)], "A before B");
}

#[test]
fn rule_9_2_3_and_9_2_4_the_package_takes_default_cover_and_fires_on_the_trigger() {
    let mut g = game_with(
        squad_package("t", true, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
    );
    let sq = id(&g, "1_1");
    put(&mut g, sq, p(2, 2));
    marker(&mut g, p(2, 2), PcLetter::A);
    g.state_mut().activity = Activity::NoContact;
    fof::engine::testing::enemy::resolve_markers(&mut g);
    let e = g.state().in_play().find(|u| u.side == Side::Enemy).unwrap();
    let kind = e.cover.and_then(|c| g.state().cover_kind(e.pos, c));
    assert_eq!(kind, Some(CoverKind::Basic), "the mission's default cover");
    assert!(
        g.state()
            .fires
            .iter()
            .any(|f| f.side == Side::Enemy && f.from == p(3, 2) && f.target == p(2, 2))
    );
}

#[test]
fn rule_9_2_2_no_placement_on_a_card_already_holding_the_enemy_and_redraws_fail_to_a_discard() {
    let mut g = game_with(
        squad_package("t", false, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
    );
    let sq = id(&g, "1_1");
    put(&mut g, sq, p(2, 2));
    let data = Arc::new(g.data().clone());
    let blocker = g
        .state_mut()
        .add_unit(&data, "de_mg_team", p(3, 2))
        .unwrap();
    g.state_mut().unit_mut(blocker).spotted = false;
    marker(&mut g, p(2, 2), PcLetter::A);
    g.state_mut().activity = Activity::NoContact;
    fof::engine::testing::enemy::resolve_markers(&mut g);
    // The only placement is the occupied card: nothing new appears.
    assert_eq!(germans(&g).len(), 1);
    assert!(
        g.log()
            .iter()
            .any(|e| e.rule == "9.2.4" && e.text.contains("discarded"))
    );
}

#[test]
fn rule_9_2_2_no_placement_beside_the_company_on_another_card_it_holds() {
    // 9.2.2: a package appears on a card holding US units only where its
    // table puts it with the unit that made contact. A play test saw a
    // squad placed on the card in front, held by the company: "They open
    // fire on 1 PLT HQ" was logged and the fire went to the units on its
    // own card instead.
    let mut g = game_with(
        squad_package("t", true, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
    );
    let sq = alone(&mut g, p(2, 2));
    let other = id(&g, "1_2");
    put(&mut g, other, p(3, 2));
    marker(&mut g, p(2, 2), PcLetter::A);
    g.state_mut().activity = Activity::NoContact;
    fof::engine::testing::enemy::resolve_markers(&mut g);
    // The only placement is the card 1/2 holds: nothing appears there.
    assert!(
        germans(&g).iter().all(|(at, _, _)| *at != p(3, 2)),
        "an enemy went onto the company's card"
    );
    assert!(
        g.log()
            .iter()
            .any(|e| e.rule == "9.2.4" && e.text.contains("discarded"))
    );
    assert_eq!(g.state().unit(sq).pos, p(2, 2));
}

#[test]
fn rule_9_2_2_max_los_places_as_far_as_the_unit_can_fire_and_grows_the_map() {
    let mut g = game_with(
        squad_package("t", true, PackagePlacement::MaxLos),
        Placement::Toward(Dir::N, Reach::MaxLos),
    );
    let sq = id(&g, "1_1");
    put(&mut g, sq, p(3, 2));
    marker(&mut g, p(3, 2), PcLetter::A);
    g.state_mut().activity = Activity::NoContact;
    fof::engine::testing::enemy::resolve_markers(&mut g);
    let e = germans(&g);
    assert_eq!(e.len(), 1);
    // A rifle squad reaches two cards: row 5, beyond the 4-row map.
    assert_eq!(e[0].0, p(5, 2));
    assert!(g.state().map.card(p(5, 2)).is_some(), "the map grew");
}

/// A flat Normandy card whose front and rear sides are dark borders: sight
/// along a column does not pass through it.
fn dark_card() -> u8 {
    use fof::data::terrain::{Border, Relief, TerrainType};
    common::terrain_where(|c| {
        c.borders.get(Dir::N) == Border::Dark
            && c.borders.get(Dir::S) == Border::Dark
            && c.relief == Relief::Flat
            && c.terrain != TerrainType::Hill
    })[0]
}

/// Puts `cards` on top of the terrain pile, the first drawn first.
fn pile_top(g: &mut Game, cards: &[u8]) {
    let pile = &mut g.state_mut().map.terrain_pile;
    pile.retain(|c| !cards.contains(c));
    pile.extend(cards.iter().rev());
}

/// The squad of 1 PLT on `at` finds an A marker there at No Contact.
fn contact_at(g: &mut Game, at: CardPos) {
    let sq = id(g, "1_1");
    put(g, sq, at);
    marker(g, at, PcLetter::A);
    g.state_mut().activity = Activity::NoContact;
    fof::engine::testing::enemy::resolve_markers(g);
}

#[test]
fn rule_9_2_2_max_los_lays_every_card_along_the_line_up_to_the_units_range() {
    // From the last row a rifle squad (range two cards) goes two cards out:
    // both cards are laid, none skipped.
    let mut g = game_with(
        squad_package("t", true, PackagePlacement::MaxLos),
        Placement::Toward(Dir::N, Reach::MaxLos),
    );
    pile_top(&mut g, &[common::OPEN, common::OPEN]);
    let rows = g.state().map.rows;
    contact_at(&mut g, p(rows, 2));
    assert_eq!(germans(&g)[0].0, p(rows + 2, 2));
    assert!(
        g.state().map.card(p(rows + 1, 2)).is_some(),
        "no hole in between"
    );
    assert_eq!(fof::engine::testing::map::first_gap(&g.state().map), None);
}

#[test]
fn rule_9_2_2_max_los_stops_at_a_card_drawn_that_blocks_sight_through_it() {
    let mut g = game_with(
        squad_package("t", true, PackagePlacement::MaxLos),
        Placement::Toward(Dir::N, Reach::MaxLos),
    );
    let dark = dark_card();
    pile_top(&mut g, &[dark, common::OPEN]);
    let rows = g.state().map.rows;
    let before = g.state().map.cards.len();
    contact_at(&mut g, p(rows, 2));
    assert_eq!(
        germans(&g)[0].0,
        p(rows + 1, 2),
        "the walk ends on the dark card"
    );
    assert_eq!(g.state().map.cards.len(), before + 1, "no card beyond it");
    assert_eq!(
        g.state().map.card(p(rows + 1, 2)).unwrap().stack,
        vec![dark]
    );
}

#[test]
fn rule_9_2_2_a_spotter_at_max_los_must_see_the_unit_that_made_contact() {
    // A dark-bordered card right in front of the contact: the spotter's walk
    // stops on it, where it sees the squad, instead of three cards out
    // behind it.
    let mut pkg = squad_package("t", false, PackagePlacement::MaxLos);
    pkg.groups = vec![vec![UnitTypeId("de_mortar_spotter".into())]];
    pkg.spotted = false;
    pkg.cover = PackageCover::None;
    let mut g = game_with(pkg, Placement::Toward(Dir::N, Reach::MaxLos));
    common::lay(&mut g, p(2, 2), &[dark_card()]);
    contact_at(&mut g, p(1, 2));
    let e = germans(&g);
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].0, p(2, 2), "{e:?}");
    let sq = id(&g, "1_1");
    let s = g
        .state()
        .in_play()
        .find(|u| u.kind == UnitKind::Spotter)
        .unwrap()
        .id;
    assert!(g.unit_sees_unit(s, sq));
}

#[test]
fn rule_9_2_2_an_illegal_max_los_card_is_drawn_again_not_exchanged_for_a_nearer_one() {
    // The walk ends on a card the enemy already holds: the placement is
    // drawn again (here it always comes up the same, so the contact is
    // discarded) rather than falling back on the free card in between.
    let mut g = game_with(
        squad_package("t", true, PackagePlacement::MaxLos),
        Placement::Toward(Dir::N, Reach::MaxLos),
    );
    let data = Arc::new(g.data().clone());
    let blocker = g
        .state_mut()
        .add_unit(&data, "de_mg_team", p(3, 2))
        .unwrap();
    g.state_mut().unit_mut(blocker).spotted = false;
    contact_at(&mut g, p(1, 2));
    assert_eq!(
        germans(&g).len(),
        1,
        "nothing placed on R2C2: {:?}",
        germans(&g)
    );
    assert!(g.log().iter().any(|e| e.text.contains("draw again")));
}

#[test]
fn rule_9_2_2_no_enemy_is_placed_under_an_enemy_incoming() {
    // A package that does not open fire (its sight out of the card, which
    // any Incoming! blocks, is not in question): the company's Incoming! does
    // not keep it off the card, the enemy's does.
    for (enemy_fire, placed) in [(true, false), (false, true)] {
        let mut g = game_with(
            squad_package("t", false, PackagePlacement::Adjacent),
            Placement::Toward(Dir::N, Reach::Adjacent),
        );
        {
            let m = &mut g.state_mut().map.card_mut(p(3, 2)).unwrap().markers;
            m.incoming = true;
            m.enemy_incoming = enemy_fire;
        }
        contact_at(&mut g, p(2, 2));
        assert_eq!(
            !germans(&g).is_empty(),
            placed,
            "enemy Incoming!: {enemy_fire}"
        );
    }
}

#[test]
fn rule_9_2_4_a_package_that_cannot_be_placed_whole_is_drawn_again() {
    // Two groups that must go on different cards, and only one card the
    // table can name: no half package appears.
    let mut pkg = squad_package("t", true, PackagePlacement::Adjacent);
    pkg.groups = vec![
        vec![UnitTypeId("de_rifle_squad".into())],
        vec![UnitTypeId("de_mg_team".into())],
    ];
    let mut g = game_with(pkg, Placement::Toward(Dir::N, Reach::Adjacent));
    contact_at(&mut g, p(2, 2));
    assert!(germans(&g).is_empty(), "{:?}", germans(&g));
    assert!(
        g.log()
            .iter()
            .any(|e| e.rule == "9.2.4" && e.text.contains("discarded"))
    );
}

#[test]
fn rule_9_2_2_the_map_that_grows_keeps_no_hole_inside_a_row_or_column() {
    let mut g = game_with(
        squad_package("t", true, PackagePlacement::MaxLos),
        Placement::Toward(Dir::N, Reach::MaxLos),
    );
    let rows = g.state().map.rows;
    for col in [1, 3] {
        fof::engine::testing::map::expand_map(&mut g, p(rows + 1, col)).unwrap();
    }
    let gap = fof::engine::testing::map::first_gap(&g.state().map);
    assert_eq!(gap, Some(p(rows + 1, 2)));
    fof::engine::testing::map::fill_gaps(&mut g);
    assert!(g.state().map.card(p(rows + 1, 2)).is_some());
    assert_eq!(fof::engine::testing::map::first_gap(&g.state().map), None);
}

#[test]
fn rule_9_2_1_a_package_placed_without_fire_opens_fire_only_on_a_later_turn() {
    let german = |g: &Game| {
        g.state()
            .fires
            .iter()
            .filter(|f| f.side == Side::Enemy)
            .count()
    };
    let mut g = game_with(
        squad_package("t", false, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
    );
    contact_at(&mut g, p(2, 2));
    assert_eq!(germans(&g).len(), 1);
    fof::engine::testing::combat::update_engagement(&mut g);
    assert_eq!(german(&g), 0, "silent the turn it appears");
    g.state_mut().turn += 1;
    fof::engine::testing::combat::update_engagement(&mut g);
    assert_eq!(german(&g), 1, "it opens fire on a later turn");
    // A package that opens fire does so at once.
    let mut g = game_with(
        squad_package("t", true, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
    );
    contact_at(&mut g, p(2, 2));
    assert_eq!(german(&g), 1);
}

#[test]
fn rule_9_2_1_counter_limits_force_a_redraw() {
    let mut g = game_with(
        squad_package("t", false, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
    );
    let data = Arc::new(g.data().clone());
    // Use up every rifle squad counter (9 in the campaign file).
    for i in 0..9 {
        let e = g
            .state_mut()
            .add_unit(&data, "de_rifle_squad", p(4, 1 + (i % 3)))
            .unwrap();
        g.state_mut().unit_mut(e).spotted = false;
    }
    let sq = id(&g, "1_1");
    put(&mut g, sq, p(1, 1));
    marker(&mut g, p(1, 1), PcLetter::A);
    g.state_mut().activity = Activity::NoContact;
    fof::engine::testing::enemy::resolve_markers(&mut g);
    assert!(
        g.log()
            .iter()
            .any(|e| e.rule == "9.2.1" && e.text.contains("not enough counters"))
    );
    assert_eq!(germans(&g).len(), 9, "no tenth squad");
}

#[test]
fn rule_9_3_a_card_never_holds_spotted_and_unspotted_enemies_together() {
    let mut g = game_with(
        squad_package("t", false, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
    );
    let data = Arc::new(g.data().clone());
    let a = g
        .state_mut()
        .add_unit(&data, "de_rifle_squad", p(3, 2))
        .unwrap();
    let b = g
        .state_mut()
        .add_unit(&data, "de_mg_team", p(3, 2))
        .unwrap();
    let c = g
        .state_mut()
        .add_unit(&data, "de_mg_team", p(3, 3))
        .unwrap();
    g.state_mut().unit_mut(a).spotted = true;
    assert!(!g.state().unit(b).spotted);
    fof::engine::testing::combat::update_engagement(&mut g);
    assert!(g.state().unit(b).spotted, "spotted with its card");
    assert!(!g.state().unit(c).spotted, "another card stays unspotted");
}

#[test]
fn rule_9_4_the_enemy_engages_the_card_with_most_friendly_steps_even_a_joint_one() {
    let mut g = game_with(
        squad_package("t", false, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
    );
    let data = Arc::new(g.data().clone());
    let (a, b, hq) = (id(&g, "1_1"), id(&g, "1_2"), id(&g, "1plt_hq"));
    // Four steps on R1C1, five on R1C3 (a squad and an HQ).
    put(&mut g, a, p(1, 1));
    put(&mut g, b, p(1, 3));
    put(&mut g, hq, p(1, 3));
    // From R3C1 both cards lie on straight lines two cards away.
    let e = g
        .state_mut()
        .add_unit(&data, "de_rifle_squad", p(3, 1))
        .unwrap();
    g.state_mut().unit_mut(e).spotted = false;
    fof::engine::testing::combat::update_engagement(&mut g);
    assert!(
        g.state()
            .fires
            .iter()
            .any(|f| f.side == Side::Enemy && f.from == p(3, 1) && f.target == p(1, 3))
    );
    // A card holding both sides is a target for the enemy.
    let mut g2 = game_with(
        squad_package("t", false, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
    );
    let data = Arc::new(g2.data().clone());
    let a = id(&g2, "1_1");
    put(&mut g2, a, p(2, 2));
    let other = g2
        .state_mut()
        .add_unit(&data, "de_fire_team", p(2, 2))
        .unwrap();
    g2.state_mut().unit_mut(other).spotted = false;
    let e = g2
        .state_mut()
        .add_unit(&data, "de_rifle_squad", p(4, 2))
        .unwrap();
    g2.state_mut().unit_mut(e).spotted = false;
    fof::engine::testing::combat::update_engagement(&mut g2);
    assert!(
        g2.state()
            .fires
            .iter()
            .any(|f| f.side == Side::Enemy && f.from == p(4, 2) && f.target == p(2, 2))
    );
}

#[test]
fn rule_9_4_the_enemy_stops_firing_into_a_card_with_no_valid_target() {
    let mut g = game_with(
        squad_package("t", false, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
    );
    let data = Arc::new(g.data().clone());
    let a = id(&g, "1_1");
    put(&mut g, a, p(2, 2));
    let e = g
        .state_mut()
        .add_unit(&data, "de_rifle_squad", p(4, 2))
        .unwrap();
    g.state_mut().unit_mut(e).spotted = false;
    fof::engine::testing::combat::update_engagement(&mut g);
    assert!(
        g.state()
            .fires
            .iter()
            .any(|f| f.side == Side::Enemy && f.target == p(2, 2))
    );
    // The squad leaves; only a casualty stays behind.
    put(&mut g, a, CardPos::new(0, 2));
    g.state_mut()
        .add_unit(&data, "us_casualty", p(2, 2))
        .unwrap();
    fof::engine::testing::combat::update_engagement(&mut g);
    assert!(
        !g.state()
            .fires
            .iter()
            .any(|f| f.side == Side::Enemy && f.target == p(2, 2))
    );
}

#[test]
fn rule_9_1_3_on_defence_pc_markers_are_placed_each_turn_and_cleared_at_clean_up() {
    use fof::data::mission::{MissionKind, PcRow};
    let mut data = DataSet::embedded().unwrap();
    let mut m = data.mission("hedgerow_attack").unwrap().clone();
    m.id = "def_pc".into();
    m.kind = MissionKind::Defensive;
    m.controls.objectives.clear();
    m.controls.attack_position = None;
    m.signals.clear();
    m.pc_markers = vec![PcRow {
        row: 4,
        letters: vec![PcLetter::B],
        hidden: false,
    }];
    // A combat outpost on the row never gets a marker.
    m.controls.cop = Some(fof::data::mission::At(4, 3));
    data.missions.push(m);
    let mut g = Game::new(Arc::new(data), "def_pc", 2, Options::default()).unwrap();
    common::keep_plan(&mut g);
    // They come in the activity segment, the first turn's included (on
    // defence it comes before the command phase: the game is there now).
    assert_eq!(g.state().turn, 1);
    assert!(g.log().iter().any(|e| e.rule == "9.1.3" && e.turn == 1));
    // A card the company holds is marked too: the attack falls there.
    for c in &mut g.state_mut().map.cards {
        c.markers.pc = None;
    }
    let sq = id(&g, "1_1");
    put(&mut g, sq, p(4, 2));
    fof::engine::testing::turn::enemy_activity(&mut g);
    let marked: Vec<CardPos> = g
        .state()
        .map
        .cards
        .iter()
        .filter(|c| c.markers.pc.is_some())
        .map(|c| c.pos)
        .collect();
    assert_eq!(marked, vec![p(4, 1), p(4, 2)]);
    fof::engine::testing::turn::clean_up(&mut g);
    assert!(
        g.state().map.cards.iter().all(|c| c.markers.pc.is_none()),
        "unresolved markers go at clean up"
    );
}

#[test]
fn rule_9_1_4_a_counterattack_marks_every_us_occupied_card_keeping_the_higher_letter() {
    let mut data = DataSet::embedded().unwrap();
    let mut m = data.mission("hedgerow_attack").unwrap().clone();
    m.id = "counter".into();
    m.counterattacks = vec![(3, PcLetter::B)];
    data.missions.push(m);
    let mut g = Game::new(Arc::new(data), "counter", 2, Options::default()).unwrap();
    for c in &mut g.state_mut().map.cards {
        c.markers.pc = None;
    }
    let (a, b) = (id(&g, "1_1"), id(&g, "2_1"));
    put(&mut g, a, p(2, 1));
    put(&mut g, b, p(3, 3));
    marker(&mut g, p(3, 3), PcLetter::A);
    g.state_mut().turn = 3;
    fof::engine::testing::turn::enemy_activity(&mut g);
    let pc = |g: &Game, at| g.state().map.card(at).unwrap().markers.pc.map(|m| m.letter);
    assert_eq!(pc(&g, p(2, 1)), Some(PcLetter::B));
    assert_eq!(pc(&g, p(3, 3)), Some(PcLetter::A), "A is the higher letter");
    assert_eq!(pc(&g, p(1, 1)), None);
    assert!(g.log().iter().any(|e| e.rule == "9.1.4"));
}

/// Runs a Higher HQ check on turn 2 with a Higher HQ card on top and a
/// card reading `r` under 10 next.
fn hhq(g: &mut Game, friendly: bool, r: u8) {
    higher_hq_cards(g, r);
    g.state_mut().turn = 2;
    fof::engine::testing::turn::higher_hq_check(g, friendly);
}

fn shipped() -> Game {
    let data = DataSet::embedded().unwrap();
    Game::new(Arc::new(data), "hedgerow_attack", 4, Options::default()).unwrap()
}

#[test]
fn rule_3_1_a_friendly_event_brings_reinforcements_to_the_staging_area() {
    let mut g = shipped();
    let before = g.state().units.len();
    hhq(&mut g, true, 9);
    let new: Vec<_> = g.state().units[before..].iter().collect();
    assert_eq!(new.len(), 1);
    assert!(new[0].pos.is_staging());
    assert_eq!(new[0].unit_type.0, "us_rifle_squad");
}

#[test]
fn rule_3_1_a_tasking_is_offered_for_the_turn_and_battalion_can_release_fire() {
    let mut g = shipped();
    hhq(&mut g, true, 5);
    assert_eq!(g.state().tasking, Some((2, 1)));
    let he = |g: &Game| {
        g.state()
            .fire_missions
            .iter()
            .find(|m| m.1 == fof::data::mission::FmKind::He)
            .unwrap()
            .2
    };
    let before = he(&g);
    hhq(&mut g, true, 7);
    assert_eq!(he(&g), before + 1);
}

#[test]
fn rule_3_4_1_an_enemy_barrage_falls_on_the_card_with_the_most_us_steps() {
    let mut g = shipped();
    let (a, b, c) = (id(&g, "1_1"), id(&g, "1_2"), id(&g, "1plt_hq"));
    put(&mut g, a, p(1, 1));
    put(&mut g, b, p(1, 3));
    put(&mut g, c, p(1, 3));
    hhq(&mut g, false, 9);
    let m = &g.state().map.card(p(1, 3)).unwrap().markers;
    assert!(m.incoming && m.incoming_mod == -3);
    assert!(!g.state().map.card(p(1, 1)).unwrap().markers.incoming);
}

#[test]
fn rule_3_4_1_without_the_icon_no_event_is_read() {
    let mut g = shipped();
    let deck = cards(&g, 1, |c| !c.higher_hq);
    g.state_mut().deck.put_on_top(&deck);
    g.state_mut().turn = 2;
    let before = g.state().deck.cards_drawn();
    fof::engine::testing::turn::higher_hq_check(&mut g, false);
    assert_eq!(g.state().deck.cards_drawn() - before, 1, "one card only");
}

/// Every US unit to the staging area but the 1st Squad, which stands at `at`.
fn alone(g: &mut Game, at: CardPos) -> UnitId {
    let us: Vec<UnitId> = g
        .state()
        .in_play()
        .filter(|u| u.side == Side::Us)
        .map(|u| u.id)
        .collect();
    for u in us {
        put(g, u, p(0, 1));
    }
    let sq = id(g, "1_1");
    put(g, sq, at);
    sq
}

#[test]
fn rule_9_6_a_spotted_sniper_moves_one_card_away_each_activity_segment_until_off_the_map() {
    let mut g = game_with(
        squad_package("t", false, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
    );
    let data = Arc::new(g.data().clone());
    let rows = g.state().map.rows;
    alone(&mut g, p(rows - 2, 2));
    let s = g
        .state_mut()
        .add_unit(&data, "de_sniper", p(rows - 1, 2))
        .unwrap();
    g.state_mut().unit_mut(s).spotted = true;
    fof::engine::testing::turn::enemy_activity(&mut g);
    let u = g.state().unit(s);
    assert_eq!(u.pos.row, rows, "one card farther from the squad");
    assert_ne!(u.pos.col, 2, "a card out of the squad's sight comes first");
    assert!(u.exposed, "moving in the open marks it Exposed");
    assert!(!u.spotted, "out of sight it is unspotted again");
    // From the far edge, in sight, it leaves the map.
    let t = g
        .state_mut()
        .add_unit(&data, "de_sniper", p(rows - 1, 2))
        .unwrap();
    let sq = id(&g, "1_1");
    put(&mut g, sq, p(rows - 2, 2));
    put(&mut g, t, p(rows, 2));
    g.state_mut().unit_mut(t).spotted = true;
    fof::engine::testing::turn::enemy_activity(&mut g);
    let u = g.state().unit(t);
    assert!(!u.in_play() && u.withdrawn, "off the map it is withdrawn");
}

#[test]
fn rule_9_6_a_sniper_in_a_fortification_holds_its_ground() {
    let mut g = game_with(
        squad_package("t", false, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
    );
    let data = Arc::new(g.data().clone());
    alone(&mut g, p(1, 2));
    let at = p(3, 2);
    let s = g.state_mut().add_unit(&data, "de_sniper", at).unwrap();
    let cover = CoverId(900);
    g.state_mut()
        .map
        .card_mut(at)
        .unwrap()
        .covers
        .push(CoverMarker {
            id: cover,
            kind: CoverKind::Bunker,
            facing: None,
        });
    let u = g.state_mut().unit_mut(s);
    u.spotted = true;
    u.cover = Some(cover);
    fof::engine::testing::turn::enemy_activity(&mut g);
    assert_eq!(g.state().unit(s).pos, at);
}

#[test]
fn rule_9_9_a_dry_weapons_team_withdraws_when_spotted_and_leaves_when_not() {
    // The loaded team's own activity check (9.4) is kept quiet.
    let mut g = game_tweaked(
        squad_package("t", false, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
        common::quiet_enemy,
    );
    let data = Arc::new(g.data().clone());
    alone(&mut g, p(1, 2));
    let seen = g
        .state_mut()
        .add_unit(&data, "de_mg_team", p(3, 2))
        .unwrap();
    let hidden = g
        .state_mut()
        .add_unit(&data, "de_mg_team", p(3, 4))
        .unwrap();
    let loaded = g
        .state_mut()
        .add_unit(&data, "de_mg_team", p(3, 3))
        .unwrap();
    for (u, spotted, ammo) in [(seen, true, 0), (hidden, false, 0), (loaded, true, 2)] {
        let x = g.state_mut().unit_mut(u);
        x.spotted = spotted;
        x.ammo = Some(ammo);
    }
    fof::engine::testing::turn::enemy_activity(&mut g);
    assert!(
        g.state().unit(seen).pos.row > 3,
        "the spotted dry team moves away"
    );
    assert_eq!(
        g.state().unit(loaded).pos,
        p(3, 3),
        "a team with ammunition stays"
    );
    fof::engine::testing::turn::clean_up(&mut g);
    assert!(
        g.state().unit(hidden).withdrawn,
        "the unspotted dry team leaves play"
    );
    assert!(g.state().unit(loaded).in_play());
}

#[test]
fn rule_9_9_a_dry_weapons_team_withdraws_along_the_greatest_cover() {
    // From R3C2, away from the squad on R1C2: R4C2 (in the squad's sight,
    // +1 cover) or R4C1/R4C3 (out of its sight, open). A sniper would slip
    // out of sight first; the dry team takes the cover.
    use fof::data::terrain::{CoverValue, Relief, TerrainType};
    let covered = common::terrain_where(|c| {
        c.cover == CoverValue::Single(1)
            && c.borders.dark_count() == 0
            && c.relief == Relief::Flat
            && c.terrain != TerrainType::Hill
            && !c.urban
    })[0];
    let mut g = game_tweaked(
        squad_package("t", false, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
        common::quiet_enemy,
    );
    let data = Arc::new(g.data().clone());
    let sq = alone(&mut g, p(1, 2));
    common::lay(&mut g, p(4, 2), &[covered]);
    let team = g
        .state_mut()
        .add_unit(&data, "de_mg_team", p(3, 2))
        .unwrap();
    {
        let x = g.state_mut().unit_mut(team);
        x.spotted = true;
        x.ammo = Some(0);
    }
    assert!(g.unit_sees(sq, p(4, 2)) && !g.unit_sees(sq, p(4, 1)));
    fof::engine::testing::turn::enemy_activity(&mut g);
    assert_eq!(g.state().unit(team).pos, p(4, 2));
}

#[test]
fn rule_6_2_3_and_9_6_fire_on_a_withdrawing_sniper_follows_it_along_the_pdf() {
    let mut g = game_with(
        squad_package("t", false, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
    );
    let data = Arc::new(g.data().clone());
    let rows = g.state().map.rows;
    // Squads across three columns see every card ahead of them; the woods
    // straight on is the best cover, so the sniper backs straight away.
    let sq = alone(&mut g, p(rows - 3, 2));
    let (b, c) = (id(&g, "1_2"), id(&g, "1_3"));
    put(&mut g, b, p(rows - 3, 1));
    put(&mut g, c, p(rows - 3, 3));
    g.state_mut().map.card_mut(p(rows - 1, 2)).unwrap().stack = vec![4];
    let s = g
        .state_mut()
        .add_unit(&data, "de_sniper", p(rows - 2, 2))
        .unwrap();
    g.state_mut().unit_mut(s).spotted = true;
    fof::engine::testing::combat::update_engagement(&mut g);
    let on = |g: &Game, at: CardPos| {
        g.state()
            .fires
            .iter()
            .any(|f| f.side == Side::Us && f.from == g.state().unit(sq).pos && f.target == at)
    };
    assert!(on(&g, p(rows - 2, 2)));
    fof::engine::testing::turn::enemy_activity(&mut g);
    assert_eq!(g.state().unit(s).pos, p(rows - 1, 2));
    assert!(
        on(&g, p(rows - 1, 2)),
        "the squad's fire follows the sniper"
    );
    assert!(g.log().iter().any(|e| e.rule == "6.2.3"));
}

/// A German rifle squad at `at`, spotted, with the 1st Squad alone at
/// `us`.
fn squad_facing(at: CardPos, us: CardPos) -> (Game, UnitId) {
    let mut g = game_with(
        squad_package("t", false, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
    );
    let data = Arc::new(g.data().clone());
    alone(&mut g, us);
    let e = g.state_mut().add_unit(&data, "de_rifle_squad", at).unwrap();
    g.state_mut().unit_mut(e).spotted = true;
    (g, e)
}

#[test]
fn rule_9_4_fall_back_takes_the_rear_card_out_of_sight_before_better_cover() {
    // The squad at R1C2 sees R3C2 straight on, not R3C1 or R3C3 (knight's
    // moves); the woods on R3C2 do not outweigh being out of sight.
    let (mut g, e) = squad_facing(p(2, 2), p(1, 2));
    g.state_mut().map.card_mut(p(3, 2)).unwrap().stack = vec![4];
    assert!(fof::engine::testing::enemy::fall_back(&mut g, e, "9.4"));
    let u = g.state().unit(e);
    assert!([p(3, 1), p(3, 3)].contains(&u.pos), "{:?}", u.pos);
    assert!(u.exposed);
}

/// The cards read for the last Fall Back move.
fn fall_back_reads(g: &Game) -> Vec<fof::engine::kernel::events::CardRead> {
    g.log()
        .iter()
        .rev()
        .find(|e| e.rule == "9.4" && e.text.contains("falls back"))
        .map(|e| e.cards.clone())
        .unwrap()
}

#[test]
fn rule_9_4_fall_back_then_prefers_the_best_terrain_then_draws_an_r_number() {
    // Every rear card in sight: three US squads on the row behind.
    let (mut g, e) = squad_facing(p(2, 2), p(1, 2));
    let (b, c) = (id(&g, "1_2"), id(&g, "1_3"));
    put(&mut g, b, p(1, 1));
    put(&mut g, c, p(1, 3));
    g.state_mut().map.card_mut(p(3, 3)).unwrap().stack = vec![4];
    assert!(fof::engine::testing::enemy::fall_back(&mut g, e, "9.4"));
    assert_eq!(g.state().unit(e).pos, p(3, 3), "the woods");
    assert!(fall_back_reads(&g).is_empty(), "no tie, no draw");
    // Equal terrain everywhere: an R# decides among the three.
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..12u64 {
        let (mut g, e) = squad_facing(p(2, 2), p(1, 2));
        let (b, c) = (id(&g, "1_2"), id(&g, "1_3"));
        put(&mut g, b, p(1, 1));
        put(&mut g, c, p(1, 3));
        let ties = cards(&g, 3, |c| c.random_number(3).is_some());
        let pick = ties[(seed % 3) as usize];
        g.state_mut().deck.put_on_top(&[pick]);
        fof::engine::testing::enemy::fall_back(&mut g, e, "9.4");
        assert!(!fall_back_reads(&g).is_empty(), "a tie draws a card");
        seen.insert(g.state().unit(e).pos.col);
    }
    assert!(seen.len() > 1, "the draw spreads the choice: {seen:?}");
}

#[test]
fn rule_9_4_fall_back_from_the_last_row_leaves_the_map_without_extending_it() {
    let rows = {
        let (g, _) = squad_facing(p(2, 2), p(1, 2));
        g.state().map.rows
    };
    let (mut g, e) = squad_facing(p(rows, 2), p(rows - 1, 2));
    let cards_before = g.state().map.cards.len();
    assert!(!fof::engine::testing::enemy::fall_back(&mut g, e, "9.4"));
    let u = g.state().unit(e);
    assert!(!u.in_play() && u.withdrawn);
    assert_eq!(g.state().map.cards.len(), cards_before);
}

#[test]
fn rule_9_4_a_unit_falling_back_off_a_shared_card_keeps_its_target() {
    let (mut g, e) = squad_facing(p(2, 2), p(2, 2));
    fof::engine::testing::combat::update_engagement(&mut g);
    let german = |g: &Game| {
        g.state()
            .fires
            .iter()
            .filter(|f| f.side == Side::Enemy)
            .map(|f| (f.from, f.target))
            .collect::<Vec<_>>()
    };
    assert_eq!(german(&g), vec![(p(2, 2), p(2, 2))]);
    assert!(fof::engine::testing::enemy::fall_back(&mut g, e, "9.4"));
    let at = g.state().unit(e).pos;
    assert_eq!(at.row, 3);
    assert!(german(&g).contains(&(at, p(2, 2))), "{:?}", german(&g));
}

#[test]
fn rule_9_6_a_sniper_goes_at_max_los_unspotted_even_on_an_adjacent_entry() {
    let mut pkg = squad_package("t", true, PackagePlacement::Adjacent);
    pkg.groups = vec![vec![UnitTypeId("de_sniper".into())]];
    pkg.spotted = false;
    let mut g = game_with(pkg, Placement::Toward(Dir::N, Reach::Adjacent));
    let sq = id(&g, "1_1");
    put(&mut g, sq, p(1, 2));
    marker(&mut g, p(1, 2), PcLetter::A);
    g.state_mut().activity = Activity::NoContact;
    fof::engine::testing::enemy::resolve_markers(&mut g);
    let e = germans(&g);
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].1, UnitKind::Sniper);
    assert!(e[0].0.row > 2, "farther than adjacent: {:?}", e[0].0);
    assert_eq!(e[0].0.col, 2, "in the direction drawn");
    assert!(!e[0].2, "unspotted");
}

#[test]
fn rule_9_7_a_leader_left_alone_turns_into_a_fire_team_at_the_activity_segment() {
    let mut g = game_with(
        squad_package("t", false, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
    );
    let data = Arc::new(g.data().clone());
    alone(&mut g, p(1, 2));
    let with = g.state_mut().add_unit(&data, "de_leader", p(3, 1)).unwrap();
    g.state_mut()
        .add_unit(&data, "de_rifle_squad", p(3, 1))
        .unwrap();
    let lone = g.state_mut().add_unit(&data, "de_leader", p(3, 3)).unwrap();
    g.state_mut()
        .add_unit(&data, "de_casualty", p(3, 3))
        .unwrap();
    let was = g.state().unit(lone).label.clone();
    fof::engine::testing::turn::enemy_activity(&mut g);
    assert_eq!(g.state().unit(with).kind, UnitKind::Leader);
    let l = g.state().unit(lone);
    assert_eq!(l.kind, UnitKind::FireTeam);
    assert!(l.in_play() && l.pos == p(3, 3));
    // The log names the counter as it was and as it became: the narrator
    // words the event after the conversion, from the label kept for it.
    let e = g.log().iter().find(|e| e.rule == "9.7").expect("logged");
    assert_ne!(was, l.label);
    assert_eq!(
        e.text,
        format!("{was} is alone on {} and becomes {}.", p(3, 3), l.label)
    );
}

// ---------------------------------------------------------------------------
// 9.4 Enemy Activity Checks
// ---------------------------------------------------------------------------

use fof::data::activity::{Act, Tactic};
use fof::engine::testing::enemy::Table;

use fof::engine::kernel::events::{EventKind, Section};

/// The activity checks logged for a unit: (action label, cards read).
fn checks_of(g: &Game, u: UnitId) -> Vec<(Act, Vec<fof::engine::kernel::events::CardRead>)> {
    g.log()
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::ActivityCheck { unit, act, .. } if *unit == u => {
                Some((*act, e.cards.clone()))
            }
            _ => None,
        })
        .collect()
}

/// A card whose R# under `n` is `r`.
fn r_card(g: &Game, n: u8, r: u8) -> Card {
    cards(g, 1, |c| c.random_number(n) == Some(r))[0]
}

#[test]
fn rule_9_4_an_activity_check_cell_is_read_from_the_r_strip() {
    // A German squad with the company out of sight in the staging area:
    // not under fire, no LOS. The test mission's tactics are Delay.
    for r in 1..=6u8 {
        let (mut g, e) = squad_facing(p(3, 2), p(0, 2));
        assert_eq!(enemy::tactic(&g), Tactic::Delay);
        let (table, row) = enemy::lookup(&g, e, Tactic::Delay);
        let (n, cell, col) = row.expect("a row applies");
        assert_eq!(
            (table, n, col),
            (
                Table::Defensive,
                1,
                fof::engine::kernel::events::ActivityColumn::Tactic(Tactic::Delay)
            )
        );
        assert_eq!(cell, g.data().charts.activity_defensive[0].delay);
        let card = r_card(&g, 6, r);
        g.state_mut().deck.put_on_top(&[card]);
        enemy::run_hierarchy(&mut g);
        let checks = checks_of(&g, e);
        assert_eq!(checks.len(), 1, "checked once");
        let want = cell.lookup(r);
        assert_eq!(checks[0].0, want, "R# {r}");
        let read = &checks[0].1;
        assert_eq!(read.len(), 1);
        assert_eq!(Card::Action(read[0].card), card);
        assert_eq!(read[0].section, Section::Random(6));
        let u = g.state().unit(e);
        match want {
            Act::ReplaceByPc => assert!(!u.in_play()),
            Act::FallBack => assert!(u.pos.row == 4 && u.exposed),
            Act::Nothing => assert_eq!(u.pos, p(3, 2)),
            other => panic!("the shipped cell names {other:?}"),
        }
    }
}

#[test]
fn rule_9_4_a_dash_or_no_applicable_row_means_no_action() {
    let (g, e) = squad_facing(p(3, 2), p(0, 2));
    let mut data = g.data().clone();
    data.charts.activity_defensive[0].delay = fof::data::activity::Cell::Dash;
    let draws = g.state().counters.enemy_checks;
    let mut h = Game::new(Arc::new(data), "enemy_test", 9, Options::default()).unwrap();
    *h.state_mut() = g.state().clone();
    let top = h.state().deck.clone();
    enemy::run_hierarchy(&mut h);
    assert_eq!(checks_of(&h, e)[0].0, Act::Nothing);
    assert!(checks_of(&h, e)[0].1.is_empty(), "a dash draws no card");
    assert_eq!(h.state().deck, top, "nothing drawn");
    assert_eq!(h.state().counters.enemy_checks, draws + 1);
    // With the Pinned/LAT table emptied no row applies to a pinned unit:
    // it does nothing.
    let mut data = g.data().clone();
    data.charts.activity_pinned.clear();
    let mut h = Game::new(Arc::new(data), "enemy_test", 9, Options::default()).unwrap();
    *h.state_mut() = g.state().clone();
    h.state_mut().unit_mut(e).pinned = true;
    enemy::run_hierarchy(&mut h);
    assert!(h.log().iter().any(|ev| ev.text.contains("no row")));
    assert_eq!(h.state().unit(e).pos, p(3, 2));
}

#[test]
fn rule_9_4_pinned_and_lat_units_then_good_order_then_leaders_on_each_card() {
    let (mut g, good) = squad_facing(p(3, 2), p(0, 2));
    let data = Arc::new(g.data().clone());
    let leader = g.state_mut().add_unit(&data, "de_leader", p(3, 2)).unwrap();
    let pinned = g
        .state_mut()
        .add_unit(&data, "de_rifle_squad", p(3, 2))
        .unwrap();
    g.state_mut().unit_mut(pinned).pinned = true;
    // A Good Order squad that came into play after the leader still goes
    // before it.
    let later = g
        .state_mut()
        .add_unit(&data, "de_mg_team", p(3, 2))
        .unwrap();
    let team = g
        .state_mut()
        .add_unit(&data, "de_fire_team", p(3, 3))
        .unwrap();
    enemy::run_hierarchy(&mut g);
    let order: Vec<UnitId> = g
        .log()
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::ActivityCheck { unit, .. } => Some(unit),
            _ => None,
        })
        .collect();
    assert_eq!(order.len(), 5, "each unit once: {order:?}");
    let at = |u: UnitId| order.iter().position(|x| *x == u).unwrap();
    assert!(at(pinned) < at(good) && at(good) < at(leader));
    assert!(at(pinned) < at(later) && at(later) < at(leader));
    // Two enemy cards: their order came from an R#.
    let ev = g
        .log()
        .iter()
        .find(|e| e.text.starts_with("The enemy cards are checked"))
        .expect("the card order is drawn");
    assert!(!ev.cards.is_empty());
    assert!(order.contains(&team));
    assert_eq!(g.state().counters.enemy_checks, 5);
}

#[test]
fn rule_9_4_the_card_order_is_random() {
    let mut firsts = std::collections::BTreeSet::new();
    for seed in 0..16u64 {
        let (mut g, a) = squad_facing(p(3, 1), p(0, 2));
        let data = Arc::new(g.data().clone());
        let b = g
            .state_mut()
            .add_unit(&data, "de_rifle_squad", p(3, 3))
            .unwrap();
        g.state_mut().deck = fof::engine::kernel::deck::Deck::new(&data.action, seed);
        enemy::run_hierarchy(&mut g);
        let first = g
            .log()
            .iter()
            .find_map(|e| match e.kind {
                EventKind::ActivityCheck { unit, .. } if unit == a || unit == b => Some(unit),
                _ => None,
            })
            .unwrap();
        firsts.insert(first);
    }
    assert_eq!(firsts.len(), 2, "either card may come first");
}

#[test]
fn rule_9_4_pinned_units_read_the_pinned_table_in_the_leader_column_with_a_leader() {
    let (mut g, e) = squad_facing(p(3, 2), p(0, 2));
    g.state_mut().unit_mut(e).pinned = true;
    let (t, row) = enemy::lookup(&g, e, Tactic::Delay);
    assert_eq!(t, Table::PinnedLat);
    assert_eq!(
        row.unwrap().2,
        fof::engine::kernel::events::ActivityColumn::NoLeader
    );
    let data = Arc::new(g.data().clone());
    g.state_mut().add_unit(&data, "de_leader", p(3, 2)).unwrap();
    let (_, row) = enemy::lookup(&g, e, Tactic::Delay);
    let (n, cell, col) = row.unwrap();
    assert_eq!(col, fof::engine::kernel::events::ActivityColumn::Leader);
    // Pinned, apart from the company, no cover: the fourth row.
    assert_eq!(n, 4);
    assert_eq!(cell, g.data().charts.activity_pinned[3].leader);
    // A Good Order squad reads the tactic's table.
    g.state_mut().unit_mut(e).pinned = false;
    assert_eq!(enemy::lookup(&g, e, Tactic::Assault).0, Table::Offensive);
    assert_eq!(enemy::lookup(&g, e, Tactic::Hasty).0, Table::Defensive);
}

#[test]
fn rule_9_7_a_leader_on_the_card_adds_a_card_to_enemy_attempts() {
    let drawn = |with_leader: bool| {
        let (mut g, e) = squad_facing(p(2, 2), p(2, 2));
        if with_leader {
            let data = Arc::new(g.data().clone());
            g.state_mut().add_unit(&data, "de_leader", p(2, 2)).unwrap();
        }
        enemy::perform(&mut g, e, Act::Attack, &mut Vec::new());
        let ev = g
            .log()
            .iter()
            .find(|ev| matches!(&ev.kind, EventKind::Attempt { unit: Some(u), .. } if *u == e))
            .expect("a grenade attempt")
            .clone();
        assert!(ev.text.starts_with("Grenade attack"), "{}", ev.text);
        ev.cards.len()
    };
    assert_eq!(drawn(true), drawn(false) + 1);
}

#[test]
fn rule_9_7_the_leaders_card_only_helps_units_in_visual_verbal_contact_with_it() {
    // 4.3.1: a pinned unit, or one under another cover marker than the
    // leader's, is not in visual-verbal contact: no extra card.
    let drawn = |pinned: bool, apart: bool| {
        let (mut g, e) = squad_facing(p(2, 2), p(2, 2));
        let data = Arc::new(g.data().clone());
        let l = g.state_mut().add_unit(&data, "de_leader", p(2, 2)).unwrap();
        if apart {
            let id = CoverId(g.state().next_cover);
            g.state_mut().next_cover += 1;
            g.state_mut()
                .map
                .card_mut(p(2, 2))
                .unwrap()
                .covers
                .push(CoverMarker {
                    id,
                    kind: CoverKind::Basic,
                    facing: None,
                });
            g.state_mut().unit_mut(l).cover = Some(id);
        }
        g.state_mut().unit_mut(e).pinned = pinned;
        fof::engine::testing::enemy::bonus(&g, e)
    };
    assert_eq!(drawn(false, false), 1, "with the leader");
    assert_eq!(drawn(true, false), 0, "pinned");
    assert_eq!(drawn(false, true), 0, "under another cover marker");
}

#[test]
fn rule_9_4_enemy_moves_keep_to_the_stacking_limit() {
    // Every card behind the squad holds 16 German steps: it cannot fall back
    // onto them and stays where it is, in play.
    let (mut g, e) = squad_facing(p(2, 2), p(1, 2));
    let data = Arc::new(g.data().clone());
    for col in 1..=3 {
        for _ in 0..4 {
            g.state_mut()
                .add_unit(&data, "de_rifle_squad", p(3, col))
                .unwrap();
        }
    }
    assert!(fof::engine::testing::enemy::fall_back(&mut g, e, "9.4"));
    assert_eq!(g.state().unit(e).pos, p(2, 2));
    assert!(
        g.log()
            .iter()
            .any(|ev| ev.text.contains("cannot fall back"))
    );
    // One card with room: it goes there.
    let extra: Vec<UnitId> = g
        .state()
        .in_play()
        .filter(|u| u.pos == p(3, 3))
        .map(|u| u.id)
        .collect();
    g.state_mut().unit_mut(extra[0]).removed = true;
    assert!(fof::engine::testing::enemy::fall_back(&mut g, e, "9.4"));
    assert_eq!(g.state().unit(e).pos, p(3, 3));
    // An advance onto a full card does not happen.
    let (mut g, e) = squad_facing(p(3, 2), p(1, 2));
    let data = Arc::new(g.data().clone());
    for _ in 0..4 {
        g.state_mut()
            .add_unit(&data, "de_rifle_squad", p(2, 2))
            .unwrap();
    }
    enemy::perform(&mut g, e, Act::Advance, &mut Vec::new());
    assert_eq!(g.state().unit(e).pos, p(3, 2));
}

#[test]
fn rule_9_4_an_enemy_unit_that_advances_is_marked_exposed() {
    let (mut g, e) = squad_facing(p(3, 2), p(1, 2));
    enemy::perform(&mut g, e, Act::Advance, &mut Vec::new());
    let u = g.state().unit(e);
    assert_eq!(u.pos, p(2, 2));
    assert!(u.exposed);
}

#[test]
fn rule_9_4_replaced_by_the_pc_marker_of_its_row_unless_one_is_there() {
    let mut g = shipped();
    let data = Arc::new(g.data().clone());
    let rows = g.state().map.rows;
    assert!(rows >= 3);
    // Row 3 holds B markers in the shipped mission.
    let e = g
        .state_mut()
        .add_unit(&data, "de_rifle_squad", p(3, 2))
        .unwrap();
    g.state_mut().map.card_mut(p(3, 2)).unwrap().markers.pc = None;
    enemy::perform(&mut g, e, Act::ReplaceByPc, &mut Vec::new());
    assert!(!g.state().unit(e).in_play());
    let m = g.state().map.card(p(3, 2)).unwrap().markers.pc.unwrap();
    assert_eq!(m.letter, PcLetter::B);
    // A marker already there stays as it is.
    let f = g
        .state_mut()
        .add_unit(&data, "de_rifle_squad", p(3, 2))
        .unwrap();
    g.state_mut().map.card_mut(p(3, 2)).unwrap().markers.pc = Some(PcMarker {
        letter: PcLetter::C,
        hidden: true,
    });
    enemy::perform(&mut g, f, Act::ReplaceByPc, &mut Vec::new());
    assert!(!g.state().unit(f).in_play());
    let m = g.state().map.card(p(3, 2)).unwrap().markers.pc.unwrap();
    assert_eq!((m.letter, m.hidden), (PcLetter::C, true));
}

#[test]
fn rule_9_4_shift_fire_turns_on_the_card_firing_from_another_direction() {
    let (mut g, e) = squad_facing(p(3, 2), p(1, 2));
    let flank = id(&g, "1_2");
    put(&mut g, flank, p(3, 1));
    g.state_mut().fires.clear();
    let link = |side, from, target| fof::engine::kernel::state::FireLink { side, from, target };
    g.state_mut()
        .fires
        .push(link(Side::Enemy, p(3, 2), p(1, 2)));
    g.state_mut().fires.push(link(Side::Us, p(3, 1), p(3, 2)));
    assert!(enemy::holds(
        &g,
        g.state().unit(e),
        fof::data::activity::Cond::FireFromElsewhere
    ));
    enemy::perform(&mut g, e, Act::ShiftFire, &mut Vec::new());
    let f: Vec<_> = g
        .state()
        .fires
        .iter()
        .filter(|f| f.side == Side::Enemy)
        .map(|f| f.target)
        .collect();
    assert_eq!(f, vec![p(3, 1)]);
}

#[test]
fn rule_9_4_two_teams_on_a_card_may_reconstitute_a_squad() {
    let (mut g, e) = squad_facing(p(3, 2), p(0, 2));
    let data = Arc::new(g.data().clone());
    g.state_mut().unit_mut(e).removed = true;
    let a = g
        .state_mut()
        .add_unit(&data, "de_fire_team", p(3, 2))
        .unwrap();
    let b = g
        .state_mut()
        .add_unit(&data, "de_fire_team", p(3, 2))
        .unwrap();
    enemy::perform(&mut g, a, Act::Reconstitute, &mut Vec::new());
    assert!(!g.state().unit(a).in_play() && !g.state().unit(b).in_play());
    let sq: Vec<_> = g
        .state()
        .units_at(p(3, 2))
        .filter(|u| u.side == Side::Enemy)
        .map(|u| (u.kind, u.steps))
        .collect();
    assert_eq!(sq, vec![(UnitKind::Squad, 2)]);
}

#[test]
fn rule_9_1_4_a_counterattack_puts_the_enemy_on_assault_for_three_turns() {
    let mut g = shipped();
    assert_eq!(enemy::tactic(&g), Tactic::Delay);
    // Turn 6: the enemy table's last band, R# 10 is a counterattack.
    g.state_mut().turn = 6;
    higher_hq_cards(&mut g, 10);
    fof::engine::testing::turn::higher_hq_check(&mut g, false);
    for (turn, t) in [
        (6, Tactic::Assault),
        (7, Tactic::Assault),
        (8, Tactic::Assault),
        (9, Tactic::Delay),
    ] {
        g.state_mut().turn = turn;
        assert_eq!(enemy::tactic(&g), t, "turn {turn}");
    }
}

#[test]
fn rule_9_1_4_a_counterattack_leaves_an_attacking_enemy_on_its_own_tactics() {
    // A play test saw the Overrun enemy of a defence switched to the
    // milder Assault column by the counterattack its mission scripts for
    // turn 2: 9.1.4 turns a defending enemy to the attack; one attacking
    // already keeps its column, and the log says so.
    let data = Arc::new(DataSet::embedded().unwrap());
    let mut g = Game::new(data, "k51_night_defence", 3, Options::default()).unwrap();
    assert_eq!(enemy::tactic(&g), Tactic::Overrun);
    let mut rng = fof::play::sim::bot_rng(3);
    while !g.is_over() && g.state().turn < 3 {
        let legal = g.legal_inputs();
        let i = fof::play::sim::choose(fof::play::sim::Bot::Random, &mut rng, &g, &legal).unwrap();
        g.apply(&i).unwrap();
        assert_eq!(
            enemy::tactic(&g),
            Tactic::Overrun,
            "turn {}",
            g.state().turn
        );
    }
    let said: Vec<&str> = g
        .log()
        .iter()
        .filter(|e| e.rule.starts_with("9.1.4"))
        .map(|e| e.text.as_str())
        .collect();
    assert!(
        said.iter()
            .any(|t| t.contains("the enemy keeps its Overrun tactics")),
        "{said:?}"
    );
    assert!(said.iter().all(|t| !t.contains("Assault")), "{said:?}");
}

// ---------------------------------------------------------------------------
// 9.8 Indirect fire spotters
// ---------------------------------------------------------------------------

fn spotter_at(g: &mut Game, at: CardPos, target: CardPos, missions: u8) -> UnitId {
    let data = Arc::new(g.data().clone());
    let s = g
        .state_mut()
        .add_unit(&data, "de_mortar_spotter", at)
        .unwrap();
    g.state_mut()
        .spotters
        .push(fof::engine::kernel::state::SpotterTask {
            unit: s,
            missions,
            target,
        });
    s
}

/// A spotter on R3C2 with two missions, its last Incoming! on R1C2: one
/// squad there, two on R1C4. Returns the game, the lone squad, the two on
/// R1C4 and the spotter.
fn spotter_scene() -> (Game, UnitId, (UnitId, UnitId), UnitId) {
    let mut g = game_with(
        squad_package("t", false, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
    );
    let one = alone(&mut g, p(1, 2));
    let (b, c) = (id(&g, "1_2"), id(&g, "1_3"));
    put(&mut g, b, p(1, 4));
    put(&mut g, c, p(1, 4));
    let s = spotter_at(&mut g, p(3, 2), p(1, 2), 2);
    (g, one, (b, c), s)
}

#[test]
fn rule_9_8_a_spotter_chooses_targets_by_its_priorities() {
    // The spotter on R3C2 sees along rows, columns and diagonals. One
    // squad on the card of its last Incoming!, two on another card.
    let (mut g, one, (b, c), s) = spotter_scene();
    for q in [p(1, 2), p(1, 4), p(2, 1)] {
        assert!(g.unit_sees(s, q), "{q:?}");
    }
    let task = g.state().spotters[0].clone();
    // 1. Units on the card of its Incoming! come first.
    assert_eq!(enemy::spotter_target(&mut g, &task), Some(p(1, 2)));
    // 3. Otherwise the card in sight with the most steps, even farther.
    put(&mut g, one, p(2, 1));
    assert_eq!(enemy::spotter_target(&mut g, &task), Some(p(1, 4)));
    // 4. Equal steps: the nearer card; at equal range an R# decides.
    put(&mut g, c, p(0, 1));
    assert_eq!(enemy::spotter_target(&mut g, &task), Some(p(2, 1)));
    put(&mut g, one, p(1, 2));
    let task = fof::engine::kernel::state::SpotterTask {
        target: p(4, 4),
        ..task
    };
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..12u64 {
        let data = Arc::new(g.data().clone());
        g.state_mut().deck = fof::engine::kernel::deck::Deck::new(&data.action, seed);
        seen.insert(enemy::spotter_target(&mut g, &task).unwrap());
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), vec![p(1, 2), p(1, 4)]);
    // 5. No target: nothing.
    for u in [one, b] {
        put(&mut g, u, p(0, 1));
    }
    assert_eq!(enemy::spotter_target(&mut g, &task), None);
}

#[test]
fn rule_9_8_a_successful_call_spends_a_mission_and_the_spotter_leaves_when_spent() {
    let mut g = game_with(
        squad_package("t", false, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
    );
    alone(&mut g, p(1, 2));
    let s = spotter_at(&mut g, p(4, 2), p(1, 2), 1);
    let burst = cards(&g, 3, |c| c.shows_burst());
    g.state_mut().deck.put_on_top(&burst);
    enemy::run_hierarchy(&mut g);
    let c = g.state().map.card(p(1, 2)).unwrap();
    assert!(c.markers.pending_fire);
    assert_eq!(c.markers.pending_mod, -4, "the mortar spotter's NCM");
    assert_eq!(g.state().spotters[0].missions, 0);
    // 9.8: its last mission called, the spotter leaves play at once.
    assert!(!g.state().unit(s).in_play());
    // The pending mission still lands in the VOF segment as Incoming!.
    fof::engine::testing::turn::vof_segment(&mut g);
    assert!(g.state().map.card(p(1, 2)).unwrap().markers.incoming);
}

#[test]
fn rule_9_8_a_spotter_never_calls_fire_on_a_card_holding_its_own_side() {
    let (mut g, ..) = spotter_scene();
    let data = Arc::new(g.data().clone());
    // German troops close with the squad on R1C2 and share R1C4 too.
    g.state_mut()
        .add_unit(&data, "de_rifle_squad", p(1, 2))
        .unwrap();
    let task = g.state().spotters[0].clone();
    assert_eq!(
        enemy::spotter_target(&mut g, &task),
        Some(p(1, 4)),
        "not its Incoming!'s card, now shared"
    );
    g.state_mut()
        .add_unit(&data, "de_mg_team", p(1, 4))
        .unwrap();
    assert_eq!(enemy::spotter_target(&mut g, &task), None);
}

#[test]
fn rule_9_8_a_failed_call_spends_nothing_and_a_pinned_spotter_reads_the_lat_table() {
    let mut g = game_with(
        squad_package("t", false, PackagePlacement::Adjacent),
        Placement::Toward(Dir::N, Reach::Adjacent),
    );
    alone(&mut g, p(1, 2));
    let s = spotter_at(&mut g, p(4, 2), p(1, 2), 2);
    let dud = cards(&g, 3, |c| !c.shows_burst());
    g.state_mut().deck.put_on_top(&dud);
    enemy::run_hierarchy(&mut g);
    assert!(!g.state().map.card(p(1, 2)).unwrap().markers.pending_fire);
    assert_eq!(g.state().spotters[0].missions, 2);
    assert!(checks_of(&g, s).is_empty(), "not on the hierarchy tables");
    g.state_mut().unit_mut(s).pinned = true;
    enemy::run_hierarchy(&mut g);
    assert_eq!(checks_of(&g, s).len(), 1, "pinned: the Pinned/LAT table");
    assert_eq!(enemy::lookup(&g, s, Tactic::Delay).0, Table::PinnedLat);
}

#[test]
fn rule_9_8_an_observer_contact_fires_at_once_on_the_contact_card() {
    let mut pkg = squad_package("t", false, PackagePlacement::MaxLos);
    pkg.groups = vec![vec![UnitTypeId("de_mortar_spotter".into())]];
    pkg.spotted = false;
    pkg.cover = PackageCover::None;
    let mut g = game_with(pkg, Placement::Toward(Dir::N, Reach::Adjacent));
    let sq = id(&g, "1_1");
    put(&mut g, sq, p(1, 2));
    marker(&mut g, p(1, 2), PcLetter::A);
    g.state_mut().activity = Activity::NoContact;
    fof::engine::testing::enemy::resolve_markers(&mut g);
    let e = germans(&g);
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].1, UnitKind::Spotter);
    assert!(e[0].0.row > 2 && !e[0].2, "far off and unspotted: {e:?}");
    let c = g.state().map.card(p(1, 2)).unwrap();
    assert!(c.markers.incoming && c.markers.incoming_mod == -4);
    // The shipped mission gives three missions: two are left.
    assert_eq!(g.state().spotters.len(), 1);
    assert_eq!(g.state().spotters[0].missions, 2);
    assert_eq!(g.state().spotters[0].target, p(1, 2));
}

// ---------------------------------------------------------------------------
// 4.3.6 D Tear gas
// ---------------------------------------------------------------------------

#[test]
fn rule_4_3_6_d_tear_gas_breaks_the_enemy_into_fire_teams_that_fall_back_or_go_to_ground() {
    for (r, falls) in [(1u8, true), (2, true), (3, false)] {
        // A US squad shares the gassed card: its masks keep it fighting.
        let (mut g, e) = squad_facing(p(3, 2), p(3, 2));
        let us = id(&g, "1_1");
        g.state_mut().map.card_mut(p(3, 2)).unwrap().markers.smoke =
            Some(fof::engine::kernel::state::SmokeKind::Cs);
        let card = r_card(&g, 3, r);
        g.state_mut().deck.put_on_top(&[card]);
        fof::engine::testing::turn::enemy_activity(&mut g);
        let u = g.state().unit(e);
        assert_eq!((u.kind, u.steps), (UnitKind::FireTeam, 1), "R# {r}");
        // Each of the squad's steps became a fire team of its own.
        let teams = g
            .state()
            .units
            .iter()
            .filter(|x| x.side == Side::Enemy && x.kind == UnitKind::FireTeam)
            .count();
        assert_eq!(teams, 4);
        if falls {
            assert_eq!(u.pos.row, 4, "R# {r}: falls back");
            assert!(u.exposed);
        } else {
            assert_eq!(u.pos, p(3, 2), "R# {r}: stays");
            assert!(u.pinned);
        }
        assert!(
            checks_of(&g, e).is_empty(),
            "the gas decided its action: no activity check"
        );
        let s = g.state().unit(us);
        assert!(s.good_order() && s.kind == UnitKind::Squad && s.pos == p(3, 2));
    }
}

#[test]
fn rule_9_12_a_human_wave_package_places_human_wave_units() {
    let mut pkg = squad_package("t", false, PackagePlacement::Adjacent);
    pkg.human_wave = true;
    let mut g = game_with(pkg, Placement::Toward(Dir::N, Reach::Adjacent));
    let sq = id(&g, "1_1");
    put(&mut g, sq, p(1, 2));
    marker(&mut g, p(1, 2), PcLetter::A);
    g.state_mut().activity = Activity::NoContact;
    fof::engine::testing::enemy::resolve_markers(&mut g);
    let e: Vec<_> = g
        .state()
        .in_play()
        .filter(|u| u.side == Side::Enemy)
        .collect();
    assert_eq!(e.len(), 1);
    assert!(e[0].human_wave && !e[0].fanatic);
}

// ---------------------------------------------------------------------------
// 3.2.2, 3.4.2 The Enemy Activity Check Segment; 3.6 the Vehicle-Aircraft
// Phase; 3.7.2 the Combat Effects Segment
// ---------------------------------------------------------------------------

/// The enemy units in play on the map, casualties aside.
fn enemy_on_map(g: &Game) -> Vec<UnitId> {
    g.state()
        .in_play()
        .filter(|u| u.side != Side::Us && u.kind != UnitKind::Casualty && !u.pos.is_staging())
        .map(|u| u.id)
        .collect()
}

/// A game of `mission` with two spotted German squads on R3C1 and R3C3 and
/// no PC marker left on the map.
fn activity_position(mission: &str) -> (Game, [UnitId; 2]) {
    let mut g = Scenario::of(mission)
        .named("activity_segment")
        .seed(5)
        .open()
        .game();
    for c in &mut g.state_mut().map.cards {
        c.markers.pc = None;
    }
    g.state_mut().units.edit().retain(|u| u.side == Side::Us);
    let a = common::enemy(&mut g, "de_rifle_squad", p(3, 1), true);
    let b = common::enemy(&mut g, "de_rifle_squad", p(3, 3), true);
    g.state_mut().turn = 2;
    (g, [a, b])
}

#[test]
fn rule_3_2_2_on_defence_the_segment_places_the_turns_pc_markers_and_checks_every_enemy_unit() {
    let (mut g, squads) = activity_position("orchard_line");
    assert_eq!(enemy_on_map(&g), squads.to_vec());
    fof::engine::testing::turn::enemy_activity(&mut g);
    assert!(
        g.state().map.cards.iter().any(|c| c.markers.pc.is_some()),
        "9.1.3: new PC markers every turn on defence"
    );
    assert!(g.log().iter().any(|e| e.rule == "9.1.3"));
    for s in squads {
        assert_eq!(checks_of(&g, s).len(), 1, "each enemy unit checks once");
    }
}

#[test]
fn rule_3_4_2_on_the_attack_the_segment_checks_every_enemy_unit_and_places_no_pc_markers() {
    let (mut g, squads) = activity_position("hedgerow_attack");
    fof::engine::testing::turn::enemy_activity(&mut g);
    assert!(
        !g.log().iter().any(|e| e.rule == "9.1.3"),
        "3.4: the markers of the setup only, none placed for the turn"
    );
    for s in squads {
        assert_eq!(checks_of(&g, s).len(), 1, "each enemy unit checks once");
    }
}

#[test]
fn rule_3_4_2_with_no_enemy_unit_the_segment_says_so() {
    let (mut g, _) = activity_position("hedgerow_attack");
    g.state_mut().units.edit().retain(|u| u.side == Side::Us);
    fof::engine::testing::turn::enemy_activity(&mut g);
    assert!(
        g.log()
            .iter()
            .any(|e| e.rule == "3.4.2" && e.text.contains("No enemy unit"))
    );
}

#[test]
fn rule_3_6_the_vehicle_aircraft_phase_runs_every_turn_and_passes_with_no_vehicle() {
    // 3.6 comes between the Capture & Retreat Phase and the Combat Phase;
    // with no vehicle or aircraft in the Normandy missions it only says so
    // (vehicles come with chapter 7).
    use fof::engine::kernel::sequence::Step;
    let mut g = shipped();
    for _ in 0..400 {
        if g.state().turn >= 2 {
            break;
        }
        common::play_on(&mut g);
    }
    let steps: Vec<Step> = g
        .log()
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::StepBegins { step } => Some(step),
            _ => None,
        })
        .collect();
    let at = |s: Step| steps.iter().position(|x| *x == s).expect("the step ran");
    assert!(at(Step::CaptureRetreat) < at(Step::VehicleAircraft));
    assert!(at(Step::VehicleAircraft) < at(Step::VofSegment));
    assert!(
        g.log()
            .iter()
            .any(|e| e.rule == "3.6" && e.text.contains("No vehicle"))
    );
}

#[test]
fn rule_3_7_2_pinned_units_under_no_vof_are_unpinned_and_every_unit_under_a_vof_is_resolved() {
    let (mut g, [a, b]) = activity_position("hedgerow_attack");
    // Squad a is under US fire; squad b is pinned with nothing firing at it.
    let us = common::add(&mut g, "us_rifle_squad", p(1, 1));
    common::fire(&mut g, Side::Us, p(1, 1), p(3, 1));
    g.state_mut().unit_mut(b).pinned = true;
    let _ = us;
    let before = g.log().len();
    fof::engine::testing::turn::combat_effects(&mut g);
    assert!(!g.state().unit(b).pinned, "no VOF bears on it: unpinned");
    let resolved: Vec<String> = g.log()[before..]
        .iter()
        .filter(|e| e.rule.starts_with("6.3.2"))
        .map(|e| e.text.clone())
        .collect();
    let name = g.describe(a);
    assert!(
        resolved.iter().any(|t| t.starts_with(&name)),
        "{name} under fire is resolved: {resolved:?}"
    );
    assert!(
        !resolved.iter().any(|t| t.starts_with(&g.describe(b))),
        "a unit under no VOF draws nothing"
    );
}

#[test]
fn rule_9_10_a_force_package_brings_its_vehicles_with_its_first_group() {
    let mut pkg = squad_package("t", true, PackagePlacement::Adjacent);
    pkg.vehicles = vec![fof::data::vehicles::VehicleTypeId("de_pz4".into())];
    let mut g = game_with(pkg.clone(), Placement::Toward(Dir::N, Reach::Adjacent));
    let sq = id(&g, "1_1");
    put(&mut g, sq, p(2, 2));
    marker(&mut g, p(2, 2), PcLetter::A);
    g.state_mut().activity = Activity::NoContact;
    fof::engine::testing::enemy::resolve_markers(&mut g);
    let v = &g.state().vehicles;
    assert_eq!(v.len(), 1, "the Panzer IV comes with the squad");
    assert_eq!(v[0].pos, p(3, 2), "on the squad's card");
    assert_eq!(v[0].side, Side::Enemy);
    assert!(v[0].spotted);
    // On NO-GO ground the vehicle stays off the map.
    let mut g = game_with(pkg, Placement::Toward(Dir::N, Reach::Adjacent));
    lay(&mut g, p(3, 2), &[36]);
    let sq = id(&g, "1_1");
    put(&mut g, sq, p(2, 2));
    marker(&mut g, p(2, 2), PcLetter::A);
    g.state_mut().activity = Activity::NoContact;
    fof::engine::testing::enemy::resolve_markers(&mut g);
    assert!(germans(&g).iter().any(|(at, ..)| *at == p(3, 2)));
    assert!(g.state().vehicles.is_empty(), "woods: no vehicles");
    assert!(g.log().iter().any(|e| e.text.contains("stays off the map")));
}

#[test]
fn rule_9_8_a_card_with_a_company_vehicle_comes_before_the_most_steps() {
    let (mut g, one, _, _) = spotter_scene();
    let task = g.state().spotters[0].clone();
    put(&mut g, one, p(2, 1));
    assert_eq!(
        enemy::spotter_target(&mut g, &task),
        Some(p(1, 4)),
        "the most steps"
    );
    // 9.8 priority 2: a tank on R2C1 draws the fire there instead.
    let t = g.data().vehicles.vehicle("us_m4").unwrap().clone();
    fof::engine::kernel::units::add_vehicle(g.state_mut(), &t, "Able 1".into(), p(2, 1), None);
    assert_eq!(enemy::spotter_target(&mut g, &task), Some(p(2, 1)));
}
