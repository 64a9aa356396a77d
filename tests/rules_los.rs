//! Line of sight and range: rules 5.2.1, 5.2.2, 6.2.2, 8.1, 8.2, 8.4 and the
//! rulebook's LOS examples (reconstructed from their text; the diagrams are
//! not available to us).

use crate::common;

use common::p;

use fof::data::terrain::{
    Border, Borders, CoverValue, Dir, Relief, TerrainCard, TerrainType, Traffic,
};
use fof::data::units::Range;
use fof::engine::kernel::pos::CardPos;
use fof::engine::testing::map::{
    Block, LosCell, LosMap, LosResult, Viewer, Visibility, effective_borders, explain_los, has_los,
    in_range, line_between, range_band, sees_card,
};
use std::collections::BTreeMap;

// ---------------------------------------------------------------------------
// Test map
// ---------------------------------------------------------------------------

/// A small map: an ordered map of cells. Positions not set are missing.
#[derive(Default)]
struct Grid(BTreeMap<CardPos, LosCell>);

impl LosMap for Grid {
    fn cell(&self, pos: CardPos) -> Option<LosCell> {
        self.0.get(&pos).copied()
    }
}

impl Grid {
    /// `rows` x `cols` of open level 1 ground, rows and columns from 1.
    fn open(rows: i8, cols: i8) -> Grid {
        let mut g = Grid::default();
        for r in 1..=rows {
            for c in 1..=cols {
                g.0.insert(p(r, c), LosCell::open(1));
            }
        }
        g
    }

    fn at(&mut self, pos: CardPos) -> &mut LosCell {
        self.0.entry(pos).or_insert_with(|| LosCell::open(1))
    }

    fn level(&mut self, pos: CardPos, level: i8) -> &mut Self {
        self.at(pos).level = level;
        self
    }

    fn dark(&mut self, pos: CardPos, dirs: &[Dir]) -> &mut Self {
        let cell = self.at(pos);
        cell.borders = with_dark(cell.borders, dirs);
        self
    }

    fn all_dark(&mut self, pos: CardPos) -> &mut Self {
        self.dark(pos, &Dir::ALL)
    }

    fn obscure(&mut self, pos: CardPos) -> &mut Self {
        self.at(pos).obscured = true;
        self
    }

    fn light_up(&mut self, pos: CardPos) -> &mut Self {
        self.at(pos).illuminated = true;
        self
    }

    /// A unit at its card's level.
    fn ground(&self, pos: CardPos) -> Viewer {
        Viewer::on_ground(self, pos)
    }

    /// A unit on an upper story: one above its card.
    fn upper(&self, pos: CardPos) -> Viewer {
        Viewer::upper_story(self, pos)
    }

    /// Ground-to-ground LOS.
    fn sees(&self, from: CardPos, to: CardPos, vis: Visibility) -> bool {
        has_los(self, self.ground(from), self.ground(to), vis)
    }

    fn why(&self, from: CardPos, to: CardPos, vis: Visibility) -> LosResult {
        explain_los(self, self.ground(from), self.ground(to), vis)
    }
}

fn with_dark(mut b: Borders, dirs: &[Dir]) -> Borders {
    for d in dirs {
        let seg = match d {
            Dir::N => &mut b.n,
            Dir::NE => &mut b.ne,
            Dir::E => &mut b.e,
            Dir::SE => &mut b.se,
            Dir::S => &mut b.s,
            Dir::SW => &mut b.sw,
            Dir::W => &mut b.w,
            Dir::NW => &mut b.nw,
        };
        *seg = Border::Dark;
    }
    b
}

fn step(pos: CardPos, dir: Dir, n: i8) -> CardPos {
    let (dr, dc) = dir.delta();
    p(pos.row + dr as i8 * n, pos.col + dc as i8 * n)
}

fn blocked(pos: CardPos, reason: Block) -> LosResult {
    LosResult::BlockedBy { pos, reason }
}

const NORMAL: Visibility = Visibility::NORMAL;
const LIMITED: Visibility = Visibility::LIMITED;

// ---------------------------------------------------------------------------
// 5.2.1 straight lines
// ---------------------------------------------------------------------------

#[test]
fn rule_5_2_1_line_between_lists_intervening_cards_on_the_eight_lines() {
    let o = p(4, 4);
    assert_eq!(line_between(o, p(7, 4)), Some(vec![p(5, 4), p(6, 4)]));
    assert_eq!(line_between(o, p(4, 1)), Some(vec![p(4, 3), p(4, 2)]));
    assert_eq!(line_between(o, p(7, 7)), Some(vec![p(5, 5), p(6, 6)]));
    assert_eq!(line_between(o, p(1, 7)), Some(vec![p(3, 5), p(2, 6)]));
    assert_eq!(line_between(o, p(2, 2)), Some(vec![p(3, 3)]));
    for dir in Dir::ALL {
        assert_eq!(line_between(o, step(o, dir, 1)), Some(vec![]), "{dir:?}");
        assert_eq!(
            line_between(o, step(o, dir, 3)),
            Some(vec![step(o, dir, 1), step(o, dir, 2)]),
            "{dir:?}"
        );
    }
    // Same card, knight's moves and other off-line positions.
    assert_eq!(line_between(o, o), None);
    assert_eq!(line_between(o, p(6, 5)), None);
    assert_eq!(line_between(o, p(5, 6)), None);
    assert_eq!(line_between(o, p(7, 5)), None);
    assert_eq!(line_between(o, p(1, 2)), None);
}

#[test]
fn rule_5_2_1_line_between_works_at_the_edges_of_the_coordinate_range() {
    assert_eq!(
        line_between(p(127, 0), p(124, 0)),
        Some(vec![p(126, 0), p(125, 0)])
    );
    assert_eq!(
        line_between(p(-128, -128), p(-125, -125)),
        Some(vec![p(-127, -127), p(-126, -126)])
    );
}

#[test]
fn rule_5_2_1_knight_move_is_never_in_los() {
    let g = Grid::open(5, 5);
    let o = p(3, 3);
    for (dr, dc) in [
        (2, 1),
        (1, 2),
        (-1, 2),
        (-2, 1),
        (-2, -1),
        (-1, -2),
        (1, -2),
        (2, -1),
    ] {
        let t = p(3 + dr, 3 + dc);
        assert_eq!(g.why(o, t, NORMAL), LosResult::NotStraight, "{t}");
        assert!(!has_los(&g, g.upper(o), g.upper(t), NORMAL));
    }
    // The same open map does give LOS two cards away on a straight line.
    assert!(g.sees(o, p(5, 3), NORMAL));
    assert!(g.sees(o, p(5, 5), NORMAL));
}

#[test]
fn rule_5_2_1_same_card_always_visible() {
    let mut g = Grid::open(3, 3);
    g.all_dark(p(2, 2)).obscure(p(2, 2));
    let o = p(2, 2);
    assert_eq!(g.why(o, o, NORMAL), LosResult::Clear);
    assert!(has_los(&g, g.ground(o), g.upper(o), LIMITED));
    assert!(has_los(&g, g.upper(o), g.ground(o), LIMITED));
}

#[test]
fn rule_5_2_1_adjacent_always_visible_in_all_eight_directions() {
    let mut g = Grid::open(3, 3);
    let o = p(2, 2);
    // Every card dark all round; neighbours at assorted heights.
    for pos in g.0.keys().copied().collect::<Vec<_>>() {
        g.all_dark(pos);
    }
    g.level(p(3, 2), 3).level(p(1, 1), 2).level(o, 2);
    for dir in Dir::ALL {
        let t = step(o, dir, 1);
        assert!(g.sees(o, t, NORMAL), "{dir:?}");
        assert!(g.sees(t, o, NORMAL), "{dir:?}");
        assert!(g.sees(o, t, LIMITED), "{dir:?}");
        assert!(has_los(&g, g.upper(o), g.ground(t), NORMAL), "{dir:?}");
    }
}

// ---------------------------------------------------------------------------
// 5.2.1 borders
// ---------------------------------------------------------------------------

#[test]
fn rule_5_2_1_dark_entry_side_blocks_orthogonal_los() {
    let mut g = Grid::open(3, 1);
    assert!(g.sees(p(1, 1), p(3, 1), NORMAL));
    g.dark(p(2, 1), &[Dir::S]);
    // Looking north the line enters the middle card through its south side.
    assert_eq!(
        g.why(p(1, 1), p(3, 1), NORMAL),
        blocked(p(2, 1), Block::DarkBorder(Dir::S))
    );
    // Looking south the same segment is the exit side: still blocked.
    assert_eq!(
        g.why(p(3, 1), p(1, 1), NORMAL),
        blocked(p(2, 1), Block::DarkBorder(Dir::S))
    );
}

#[test]
fn rule_5_2_1_dark_exit_side_blocks_orthogonal_los() {
    let mut g = Grid::open(1, 3);
    g.dark(p(1, 2), &[Dir::E]);
    assert_eq!(
        g.why(p(1, 1), p(1, 3), NORMAL),
        blocked(p(1, 2), Block::DarkBorder(Dir::E))
    );
    assert!(!g.sees(p(1, 3), p(1, 1), NORMAL));
}

#[test]
fn rule_5_2_1_side_segments_off_the_line_do_not_block() {
    let mut g = Grid::open(3, 3);
    // Looking north through the centre: only its s and n segments count.
    g.dark(
        p(2, 2),
        &[Dir::E, Dir::W, Dir::NE, Dir::NW, Dir::SE, Dir::SW],
    );
    assert!(g.sees(p(1, 2), p(3, 2), NORMAL));
    assert!(g.sees(p(3, 2), p(1, 2), NORMAL));
    // ... but east-west through it is blocked.
    assert!(!g.sees(p(2, 1), p(2, 3), NORMAL));
}

#[test]
fn rule_5_2_1_diagonal_los_crosses_corner_segments() {
    // Looking NE: enter through the sw corner, leave through the ne corner.
    let mut g = Grid::open(3, 3);
    g.dark(p(2, 2), &[Dir::N, Dir::E, Dir::S, Dir::W, Dir::NW, Dir::SE]);
    assert!(
        g.sees(p(1, 1), p(3, 3), NORMAL),
        "sides don't block diagonals"
    );
    assert!(g.sees(p(3, 3), p(1, 1), NORMAL));
    // The other diagonal crosses the nw/se corners, which are dark.
    assert_eq!(
        g.why(p(1, 3), p(3, 1), NORMAL),
        blocked(p(2, 2), Block::DarkBorder(Dir::SE))
    );

    let mut g = Grid::open(3, 3);
    g.dark(p(2, 2), &[Dir::SW]);
    assert_eq!(
        g.why(p(1, 1), p(3, 3), NORMAL),
        blocked(p(2, 2), Block::DarkBorder(Dir::SW))
    );
    let mut g = Grid::open(3, 3);
    g.dark(p(2, 2), &[Dir::NE]);
    assert_eq!(
        g.why(p(1, 1), p(3, 3), NORMAL),
        blocked(p(2, 2), Block::DarkBorder(Dir::NE))
    );
    assert!(!g.sees(p(3, 3), p(1, 1), NORMAL));
}

#[test]
fn rule_5_2_1_origin_and_target_borders_never_block() {
    let mut g = Grid::open(1, 4);
    g.all_dark(p(1, 1)).all_dark(p(1, 4));
    assert!(g.sees(p(1, 1), p(1, 4), NORMAL));
    assert!(g.sees(p(1, 4), p(1, 1), NORMAL));
    // Diagonally as well.
    let mut g = Grid::open(3, 3);
    g.all_dark(p(1, 1)).all_dark(p(3, 3));
    assert!(g.sees(p(1, 1), p(3, 3), NORMAL));
    // Only an intervening card's border stops it.
    g.dark(p(2, 2), &[Dir::NE]);
    assert!(!g.sees(p(1, 1), p(3, 3), NORMAL));
}

#[test]
fn rule_5_2_1_every_intervening_card_is_checked() {
    let mut g = Grid::open(4, 1);
    assert!(g.sees(p(1, 1), p(4, 1), NORMAL));
    g.dark(p(3, 1), &[Dir::N]);
    assert_eq!(
        g.why(p(1, 1), p(4, 1), NORMAL),
        blocked(p(3, 1), Block::DarkBorder(Dir::N))
    );
    // The first intervening card is reported first.
    g.dark(p(2, 1), &[Dir::S]);
    assert_eq!(
        g.why(p(1, 1), p(4, 1), NORMAL),
        blocked(p(2, 1), Block::DarkBorder(Dir::S))
    );
    // From the other end the nearer block is the other card.
    assert_eq!(
        g.why(p(4, 1), p(1, 1), NORMAL),
        blocked(p(3, 1), Block::DarkBorder(Dir::N))
    );
    // Starting past the first dark card, the second still blocks.
    assert_eq!(
        g.why(p(2, 1), p(4, 1), NORMAL),
        blocked(p(3, 1), Block::DarkBorder(Dir::N))
    );
}

// ---------------------------------------------------------------------------
// 5.2.1 range
// ---------------------------------------------------------------------------

#[test]
fn rule_5_2_1_normal_visibility_reaches_three_cards() {
    let g = Grid::open(5, 5);
    assert!(g.sees(p(1, 1), p(4, 1), NORMAL));
    assert!(g.sees(p(1, 1), p(4, 4), NORMAL));
    assert_eq!(
        g.why(p(1, 1), p(5, 1), NORMAL),
        LosResult::TooFar {
            distance: 4,
            max: 3
        }
    );
    assert_eq!(
        g.why(p(1, 1), p(5, 5), NORMAL),
        LosResult::TooFar {
            distance: 4,
            max: 3
        }
    );
}

#[test]
fn rule_5_2_1_range_bands_and_in_range() {
    assert_eq!(range_band(0), Some(Range::P));
    assert_eq!(range_band(1), Some(Range::C));
    assert_eq!(range_band(2), Some(Range::L));
    assert_eq!(range_band(3), Some(Range::V));
    assert_eq!(range_band(4), None);
    assert_eq!(range_band(u8::MAX), None);
    let o = p(1, 1);
    assert!(in_range(o, o, Range::P));
    assert!(!in_range(o, p(2, 2), Range::P));
    assert!(in_range(o, p(2, 2), Range::C));
    assert!(!in_range(o, p(3, 1), Range::C));
    assert!(
        in_range(o, p(3, 2), Range::L),
        "range ignores straight lines"
    );
    assert!(in_range(o, p(4, 4), Range::V));
    assert!(!in_range(o, p(5, 1), Range::V));
}

// ---------------------------------------------------------------------------
// 5.2.1 reciprocity (property-style over generated maps)
// ---------------------------------------------------------------------------

/// A small deterministic generator (64-bit LCG, Knuth's MMIX constants).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) as u32
    }

    fn below(&mut self, n: u32) -> u32 {
        self.next() % n
    }
}

fn random_grid(rng: &mut Lcg, rows: i8, cols: i8) -> Grid {
    let mut g = Grid::default();
    for r in 1..=rows {
        for c in 1..=cols {
            // Leave a few gaps to exercise missing cards.
            if rng.below(12) == 0 {
                continue;
            }
            let mut cell = LosCell::open(1 + rng.below(3) as i8);
            let dark: Vec<Dir> = Dir::ALL.into_iter().filter(|_| rng.below(3) == 0).collect();
            cell.borders = with_dark(cell.borders, &dark);
            g.0.insert(p(r, c), cell);
        }
    }
    g
}

#[test]
fn rule_5_2_1_los_is_reciprocal_on_random_maps() {
    let mut rng = Lcg(0x5eed_0521);
    let (rows, cols) = (5i8, 5i8);
    let mut clear = 0u32;
    let mut blocked_count = 0u32;
    for _ in 0..300 {
        let g = random_grid(&mut rng, rows, cols);
        let positions: Vec<CardPos> = (1..=rows)
            .flat_map(|r| (1..=cols).map(move |c| p(r, c)))
            .collect();
        // Each position's unit is on the ground or (one in four) upstairs.
        let viewers: Vec<Viewer> = positions
            .iter()
            .map(|&pos| {
                if rng.below(4) == 0 {
                    g.upper(pos)
                } else {
                    g.ground(pos)
                }
            })
            .collect();
        for &a in &viewers {
            for &b in &viewers {
                for vis in [NORMAL, LIMITED] {
                    let ab = has_los(&g, a, b, vis);
                    let ba = has_los(&g, b, a, vis);
                    assert_eq!(ab, ba, "{a:?} -> {b:?} {vis:?}");
                    if matches!(explain_los(&g, a, b, vis), LosResult::BlockedBy { .. }) {
                        blocked_count += 1;
                    } else if ab && a.pos.distance(b.pos) >= 2 {
                        clear += 1;
                    }
                }
                let fwd = line_between(a.pos, b.pos);
                let back = line_between(b.pos, a.pos).map(|mut v| {
                    v.reverse();
                    v
                });
                assert_eq!(fwd, back);
            }
        }
    }
    // The generator really exercises both outcomes.
    assert!(clear > 1000, "clear long lines: {clear}");
    assert!(blocked_count > 1000, "blocked lines: {blocked_count}");
}

// ---------------------------------------------------------------------------
// 5.2.2 elevation
// ---------------------------------------------------------------------------

#[test]
fn rule_5_2_2_higher_viewer_sees_over_lower_dark_card() {
    let mut g = Grid::open(3, 1);
    g.all_dark(p(2, 1)).level(p(1, 1), 2);
    // From a level 2 hill over a level 1 dark card to level 1 ground.
    assert!(g.sees(p(1, 1), p(3, 1), NORMAL));
    // Both ends on level 2 hills, level 1 dark card in between.
    g.level(p(3, 1), 2);
    assert!(g.sees(p(1, 1), p(3, 1), NORMAL));
    // Both ends on level 1: the dark card blocks.
    g.level(p(1, 1), 1).level(p(3, 1), 1);
    assert_eq!(
        g.why(p(1, 1), p(3, 1), NORMAL),
        blocked(p(2, 1), Block::DarkBorder(Dir::S))
    );
}

#[test]
fn rule_5_2_2_lower_viewer_sees_higher_target_over_lower_dark_card() {
    // Reciprocal of the above: ground unit looks up at a hill.
    let mut g = Grid::open(3, 1);
    g.all_dark(p(2, 1)).level(p(3, 1), 2);
    assert!(g.sees(p(1, 1), p(3, 1), NORMAL));
    assert!(g.sees(p(3, 1), p(1, 1), NORMAL));
}

#[test]
fn rule_5_2_2_same_level_crest_hides_lower_ground_beyond() {
    let mut g = Grid::open(3, 1);
    g.level(p(1, 1), 2).level(p(2, 1), 2);
    // Level 2 cannot see over level 2 to level 1, borders all light.
    assert_eq!(
        g.why(p(1, 1), p(3, 1), NORMAL),
        blocked(p(2, 1), Block::SameLevelCrest)
    );
    assert!(!g.sees(p(3, 1), p(1, 1), NORMAL));
    // The same from an upper story on a level 1 card (unit level 2).
    let mut g = Grid::open(3, 1);
    g.level(p(2, 1), 2);
    assert_eq!(
        explain_los(&g, g.upper(p(1, 1)), g.ground(p(3, 1)), NORMAL),
        blocked(p(2, 1), Block::SameLevelCrest)
    );
    // With the target also at level 2 the crest is level with both ends and
    // light borders let the line through.
    assert!(has_los(&g, g.upper(p(1, 1)), g.upper(p(3, 1)), NORMAL));
}

#[test]
fn rule_5_2_2_hill_between_two_lower_cards_blocks() {
    let mut g = Grid::open(3, 3);
    g.level(p(2, 2), 2);
    for (a, b) in [(p(1, 2), p(3, 2)), (p(1, 1), p(3, 3)), (p(2, 1), p(2, 3))] {
        assert_eq!(
            g.why(a, b, NORMAL),
            blocked(p(2, 2), Block::HigherGround),
            "{a} -> {b}"
        );
        assert!(!g.sees(b, a, NORMAL));
    }
    // Two level 2 hills with a level 3 hill between.
    let mut g = Grid::open(1, 3);
    g.level(p(1, 1), 2).level(p(1, 2), 3).level(p(1, 3), 2);
    assert_eq!(
        g.why(p(1, 1), p(1, 3), NORMAL),
        blocked(p(1, 2), Block::HigherGround)
    );
    // An upper story on the level 2 hill (level 3) still cannot see the
    // level 2 card: the level 3 card between is a crest at the higher end.
    assert_eq!(
        explain_los(&g, g.upper(p(1, 1)), g.ground(p(1, 3)), NORMAL),
        blocked(p(1, 2), Block::SameLevelCrest)
    );
}

#[test]
fn rule_5_2_2_same_level_cards_use_the_border_rule() {
    let mut g = Grid::open(1, 3);
    for c in 1..=3 {
        g.level(p(1, c), 2);
    }
    assert!(g.sees(p(1, 1), p(1, 3), NORMAL));
    g.dark(p(1, 2), &[Dir::W]);
    assert_eq!(
        g.why(p(1, 1), p(1, 3), NORMAL),
        blocked(p(1, 2), Block::DarkBorder(Dir::W))
    );
    // An upper story on a level 2 hill is level 3: it looks over.
    assert!(has_los(&g, g.upper(p(1, 1)), g.ground(p(1, 3)), NORMAL));
    assert!(has_los(&g, g.ground(p(1, 3)), g.upper(p(1, 1)), NORMAL));
}

#[test]
fn rule_5_2_2_upper_story_on_a_hill_is_level_3() {
    let mut g = Grid::open(4, 1);
    g.level(p(1, 1), 2).level(p(2, 1), 2).all_dark(p(2, 1));
    g.level(p(3, 1), 1).all_dark(p(3, 1));
    g.level(p(4, 1), 2);
    // Ground unit on the hill: blocked by the level 2 dark card.
    assert!(!g.sees(p(1, 1), p(4, 1), NORMAL));
    // Upper story on the hill (level 3) sees over both.
    let up = g.upper(p(1, 1));
    assert_eq!(up.level, 3);
    assert!(has_los(&g, up, g.ground(p(4, 1)), NORMAL));
    assert!(has_los(&g, g.ground(p(4, 1)), up, NORMAL));
}

#[test]
fn rule_5_2_2_elevation_never_extends_range() {
    let mut g = Grid::open(5, 1);
    g.level(p(1, 1), 3);
    let up = g.upper(p(1, 1));
    assert!(has_los(&g, up, g.ground(p(4, 1)), NORMAL));
    assert_eq!(
        explain_los(&g, up, g.ground(p(5, 1)), NORMAL),
        LosResult::TooFar {
            distance: 4,
            max: 3
        }
    );
    assert_eq!(
        explain_los(&g, up, g.ground(p(3, 1)), LIMITED),
        LosResult::TooFar {
            distance: 2,
            max: 1
        }
    );
}

#[test]
fn rule_5_2_2_missing_card_is_open_level_1_ground() {
    let mut g = Grid::open(3, 1);
    g.0.remove(&p(2, 1));
    assert!(g.sees(p(1, 1), p(3, 1), NORMAL));
    // A hill at one end looks over the gap; two hills see across it.
    g.level(p(1, 1), 2).dark(p(1, 1), &[Dir::N]);
    assert!(g.sees(p(1, 1), p(3, 1), NORMAL));
    // Missing ends: open ground at level 1.
    g.0.remove(&p(3, 1));
    assert_eq!(g.ground(p(3, 1)).level, 1);
    assert!(g.sees(p(1, 1), p(3, 1), NORMAL));
    // A hill between two gaps still blocks.
    let mut g = Grid::default();
    g.level(p(2, 1), 2);
    assert_eq!(
        g.why(p(1, 1), p(3, 1), NORMAL),
        blocked(p(2, 1), Block::HigherGround)
    );
}

fn card(terrain: TerrainType, borders: Borders, relief: Relief) -> TerrainCard {
    TerrainCard {
        number: 1,
        name: "test".into(),
        terrain,
        cover: CoverValue::Single(1),
        borders,
        cover_markers: 1,
        seek_draws: 2,
        traffic: Traffic::Go,
        lz: false,
        relief,
        burst: 0,
        urban: false,
        special: None,
    }
}

#[test]
fn rule_5_2_2_a_hill_dark_borders_supersede_the_top_card() {
    let top = with_dark(Borders::all_light(), &[Dir::N]);
    let hill1 = with_dark(Borders::all_light(), &[Dir::E, Dir::SW]);
    let hill2 = with_dark(Borders::all_light(), &[Dir::S]);
    let eff = effective_borders(&top, &[hill1, hill2]);
    assert_eq!(
        eff,
        with_dark(Borders::all_light(), &[Dir::N, Dir::E, Dir::SW, Dir::S])
    );
    assert_eq!(effective_borders(&top, &[]), top);

    let woods = card(TerrainType::Woods, top, Relief::Flat);
    let hills = [
        card(TerrainType::Hill, hill1, Relief::Flat),
        card(TerrainType::Hill, hill2, Relief::Flat),
    ];
    let cell = LosCell::from_stack(&woods, &hills);
    assert_eq!(cell.level, 3, "1 + two hills");
    assert_eq!(cell.borders, eff);
    assert!(!cell.obscured && !cell.illuminated);
    assert_eq!(LosCell::from_stack(&woods, &[]).level, 1);
    assert_eq!(LosCell::from_stack(&woods, &hills[..1]).level, 2);
}

#[test]
fn rule_5_2_2_c_printed_elevation_and_multi_story() {
    let light = Borders::all_light();
    let high = card(TerrainType::Woods, light, Relief::Elevation(1));
    let low = card(TerrainType::Gully, light, Relief::Elevation(-1));
    let town = card(TerrainType::Village, light, Relief::MultiStory);
    assert_eq!(LosCell::from_stack(&high, &[]).level, 2);
    assert_eq!(LosCell::from_stack(&low, &[]).level, 0);
    // The Multi-Story icon raises only units on the upper story (5.2.2 B).
    assert_eq!(LosCell::from_stack(&town, &[]).level, 1);
    let hill = card(TerrainType::Hill, light, Relief::Flat);
    assert_eq!(LosCell::from_stack(&high, &[hill]).level, 3);
}

// ---------------------------------------------------------------------------
// 5.2.1 examples (rulebook "Line of Sight Examples")
//
// Reconstructed layout (row, col), rows away from the player:
//
//   row 4                          35
//   row 3            40    19      (light)
//   row 2            38            B (dark n side)
//   row 1      13    A     (light) 33
//              c1    c2    c3      c4
//
// A is on a Multi-Story card (dark all round), 38 is level 1 and dark all
// round, 13 is a dark-bordered hill (level 2), 33 is dark all round, 19 is a
// knight's move from A. B sits on a card with a dark north side; card 35 is
// two cards north of B through a light card.
// ---------------------------------------------------------------------------

struct Example {
    g: Grid,
}

const A: CardPos = CardPos::new(1, 2);
const B: CardPos = CardPos::new(2, 4);
const C13: CardPos = CardPos::new(1, 1);
const C38: CardPos = CardPos::new(2, 2);
const C40: CardPos = CardPos::new(3, 2);
const C33: CardPos = CardPos::new(1, 4);
const C19: CardPos = CardPos::new(3, 3);
const C35: CardPos = CardPos::new(4, 4);

fn example() -> Example {
    let mut g = Grid::open(4, 4);
    g.all_dark(A).all_dark(C38).all_dark(C33).all_dark(C13);
    g.level(C13, 2);
    g.dark(B, &[Dir::N, Dir::E]);
    Example { g }
}

#[test]
fn rule_5_2_1_example_adjacent_cards_always_visible() {
    let Example { g } = example();
    for target in [C13, C38] {
        assert!(g.sees(A, target, NORMAL), "{target}");
        assert!(has_los(&g, g.upper(A), g.ground(target), NORMAL));
        assert!(g.sees(target, A, NORMAL));
    }
    // ... but not out of Incoming! on A's own card.
    let mut g = g;
    g.obscure(A);
    assert_eq!(g.why(A, C38, NORMAL), LosResult::ObscuredOrigin);
}

#[test]
fn rule_5_2_1_example_origin_and_target_borders_do_not_matter() {
    let Example { g } = example();
    // A and 33 are dark on the sides facing each other; (1,3) is light.
    assert_eq!(g.0[&A].borders.e, Border::Dark);
    assert_eq!(g.0[&C33].borders.w, Border::Dark);
    assert!(g.sees(A, C33, NORMAL));
    assert!(g.sees(C33, A, NORMAL));
    // Had the card between been dark, A would not see 33.
    let mut g = g;
    g.dark(p(1, 3), &[Dir::E]);
    assert!(!g.sees(A, C33, NORMAL));
}

#[test]
fn rule_5_2_1_example_upper_floor_sees_over_dark_card() {
    let Example { g } = example();
    // On the ground floor, 38's dark south side stops the line.
    assert_eq!(
        g.why(A, C40, NORMAL),
        blocked(C38, Block::DarkBorder(Dir::S))
    );
    // On the upper floor (level 2) A looks over level 1 card 38.
    assert!(has_los(&g, g.upper(A), g.ground(C40), NORMAL));
    assert!(has_los(&g, g.ground(C40), g.upper(A), NORMAL));
}

#[test]
fn rule_5_2_1_example_straight_then_diagonal_never_visible() {
    let Example { g } = example();
    assert_eq!(g.why(A, C19, NORMAL), LosResult::NotStraight);
    assert!(!has_los(&g, g.upper(A), g.ground(C19), NORMAL));
    assert!(!g.sees(C19, A, NORMAL));
    // Even over an all-light map.
    let open = Grid::open(4, 4);
    assert!(!open.sees(A, C19, NORMAL));
}

#[test]
fn rule_5_2_1_example_unit_b_ignores_dark_border_on_own_card() {
    let Example { g } = example();
    // 33 and 19 are adjacent to B.
    assert!(g.sees(B, C33, NORMAL));
    assert!(g.sees(B, C19, NORMAL));
    // B's own dark north side does not stop the line to 35.
    assert_eq!(g.0[&B].borders.n, Border::Dark);
    assert!(g.sees(B, C35, NORMAL));
    assert!(g.sees(C35, B, NORMAL));
    // A dark border on the card between would.
    let mut g = g;
    g.dark(p(3, 4), &[Dir::S]);
    assert!(!g.sees(B, C35, NORMAL));
}

#[test]
fn rule_5_2_1_example_night_los_limited_to_adjacent() {
    let Example { g } = example();
    assert!(g.sees(A, C38, LIMITED));
    assert!(g.sees(A, C13, LIMITED));
    assert!(g.sees(B, C19, LIMITED));
    assert_eq!(
        g.why(A, C33, LIMITED),
        LosResult::TooFar {
            distance: 2,
            max: 1
        }
    );
    assert!(!has_los(&g, g.upper(A), g.ground(C40), LIMITED));
    assert!(!g.sees(B, C35, LIMITED));
}

#[test]
fn rule_5_2_1_example_cannot_see_out_of_incoming_but_can_see_in() {
    let mut g = Grid::open(3, 3);
    g.obscure(p(3, 2));
    // US at (1,2) keeps seeing into the Incoming! card (a PDF stays on it).
    assert!(g.sees(p(1, 2), p(3, 2), NORMAL));
    assert!(g.sees(p(2, 2), p(3, 2), NORMAL));
    // The enemy under Incoming! sees nothing outside its card.
    assert_eq!(g.why(p(3, 2), p(1, 2), NORMAL), LosResult::ObscuredOrigin);
    assert_eq!(g.why(p(3, 2), p(2, 2), NORMAL), LosResult::ObscuredOrigin);
    assert!(g.sees(p(3, 2), p(3, 2), NORMAL));
}

#[test]
fn rule_5_2_1_example_cannot_see_through_or_over_incoming() {
    let mut g = Grid::open(3, 3);
    g.obscure(p(2, 2));
    assert_eq!(
        g.why(p(1, 2), p(3, 2), NORMAL),
        blocked(p(2, 2), Block::Obscured)
    );
    assert!(!g.sees(p(1, 1), p(3, 3), NORMAL));
    // Not over it either: a hill viewer looking down over level 1 Incoming!.
    g.level(p(1, 2), 2);
    assert_eq!(
        explain_los(&g, g.upper(p(1, 2)), g.ground(p(3, 2)), NORMAL),
        blocked(p(2, 2), Block::Obscured)
    );
    // Without the Incoming! the hill viewer sees across.
    g.at(p(2, 2)).obscured = false;
    assert!(g.sees(p(1, 2), p(3, 2), NORMAL));
}

#[test]
fn rule_5_2_1_example_night_illumination_us_see_in_germans_cannot_see_out() {
    // US units in rows 1-2 in the dark; Germans in an illuminated area on
    // row 3 (cols 2-3).
    let mut g = Grid::open(3, 3);
    g.light_up(p(3, 2)).light_up(p(3, 3));
    let us = [p(1, 2), p(1, 3), p(1, 1)];
    let germans = [p(3, 2), p(3, 3)];
    assert!(g.sees(us[0], germans[0], LIMITED));
    assert!(g.sees(us[1], germans[1], LIMITED));
    assert_eq!(g.why(us[2], germans[0], LIMITED), LosResult::NotStraight);
    assert!(g.sees(p(1, 1), p(3, 3), LIMITED), "diagonal into the light");
    assert!(!g.sees(germans[0], us[0], LIMITED));
    assert_eq!(
        g.why(germans[1], us[1], LIMITED),
        LosResult::TooFar {
            distance: 2,
            max: 1
        }
    );
    // The reciprocal LOS between row 2 col 1 and row 3 col 2 (adjacent).
    assert!(g.sees(p(2, 1), p(3, 2), LIMITED));
    assert!(g.sees(p(3, 2), p(2, 1), LIMITED));
}

// ---------------------------------------------------------------------------
// 8.1 limited visibility
// ---------------------------------------------------------------------------

#[test]
fn rule_8_1_limited_visibility_is_a_modifier_above_plus_1() {
    assert_eq!(Visibility::from_modifier(0), NORMAL);
    assert_eq!(Visibility::from_modifier(1), NORMAL);
    assert_eq!(Visibility::from_modifier(2), LIMITED);
    assert_eq!(Visibility::from_modifier(5), LIMITED);
    assert_eq!(Visibility::default(), NORMAL);
}

#[test]
fn rule_8_1_limited_visibility_los_is_adjacent_only() {
    let g = Grid::open(4, 4);
    let o = p(1, 1);
    assert!(g.sees(o, o, LIMITED));
    assert!(g.sees(o, p(2, 2), LIMITED));
    assert!(g.sees(o, p(1, 2), LIMITED));
    for t in [p(1, 3), p(3, 3), p(3, 1), p(4, 4)] {
        assert!(matches!(
            g.why(o, t, LIMITED),
            LosResult::TooFar { max: 1, .. }
        ));
        assert!(g.sees(o, t, NORMAL));
    }
}

// ---------------------------------------------------------------------------
// 8.2 illumination
// ---------------------------------------------------------------------------

#[test]
fn rule_8_2_illuminated_target_visible_out_to_normal_range() {
    let mut g = Grid::open(5, 1);
    g.light_up(p(4, 1)).light_up(p(5, 1));
    assert!(g.sees(p(1, 1), p(4, 1), LIMITED));
    assert!(!g.sees(p(1, 1), p(3, 1), LIMITED), "dark card two away");
    assert_eq!(
        g.why(p(1, 1), p(5, 1), LIMITED),
        LosResult::TooFar {
            distance: 4,
            max: 3
        }
    );
    // An illuminated observer sees other illuminated cards as well.
    g.light_up(p(2, 1));
    assert!(g.sees(p(2, 1), p(5, 1), LIMITED));
}

#[test]
fn rule_8_2_illuminated_observer_cannot_see_out() {
    let mut g = Grid::open(3, 3);
    g.light_up(p(2, 2));
    // Adjacent cards per normal LOS.
    for dir in Dir::ALL {
        assert!(g.sees(p(2, 2), step(p(2, 2), dir, 1), LIMITED));
    }
    let mut g = Grid::open(3, 1);
    g.light_up(p(1, 1));
    assert!(!g.sees(p(1, 1), p(3, 1), LIMITED));
    assert!(g.sees(p(3, 1), p(1, 1), LIMITED));
}

#[test]
fn rule_8_2_illumination_does_not_lift_terrain_or_smoke() {
    let mut g = Grid::open(3, 1);
    g.light_up(p(3, 1)).dark(p(2, 1), &[Dir::N]);
    assert_eq!(
        g.why(p(1, 1), p(3, 1), LIMITED),
        blocked(p(2, 1), Block::DarkBorder(Dir::N))
    );
    let mut g = Grid::open(3, 1);
    g.light_up(p(3, 1)).obscure(p(2, 1));
    assert_eq!(
        g.why(p(1, 1), p(3, 1), LIMITED),
        blocked(p(2, 1), Block::Obscured)
    );
    let mut g = Grid::open(3, 1);
    g.light_up(p(3, 1)).level(p(2, 1), 2);
    assert_eq!(
        g.why(p(1, 1), p(3, 1), LIMITED),
        blocked(p(2, 1), Block::HigherGround)
    );
    // Illumination does not matter in normal visibility.
    let mut g = Grid::open(4, 1);
    g.light_up(p(1, 1));
    assert!(g.sees(p(1, 1), p(4, 1), NORMAL));
}

// ---------------------------------------------------------------------------
// 8.4 smoke (also 4.3.6 C)
// ---------------------------------------------------------------------------

#[test]
fn rule_8_4_can_see_into_smoke() {
    let mut g = Grid::open(4, 1);
    g.obscure(p(4, 1));
    assert!(g.sees(p(1, 1), p(4, 1), NORMAL));
    assert!(g.sees(p(3, 1), p(4, 1), NORMAL));
}

#[test]
fn rule_8_4_cannot_see_out_of_smoke_even_adjacent() {
    let mut g = Grid::open(3, 3);
    g.obscure(p(2, 2));
    for dir in Dir::ALL {
        let t = step(p(2, 2), dir, 1);
        assert_eq!(g.why(p(2, 2), t, NORMAL), LosResult::ObscuredOrigin);
        assert!(g.sees(t, p(2, 2), NORMAL), "seen into from {t}");
    }
    // Units can still see (and fire) within the smoky card (4.3.6 C).
    assert!(g.sees(p(2, 2), p(2, 2), NORMAL));
    assert!(has_los(&g, g.upper(p(2, 2)), g.ground(p(2, 2)), NORMAL));
    // Knight's moves and far targets report the smoke first.
    assert_eq!(g.why(p(2, 2), p(4, 3), NORMAL), LosResult::ObscuredOrigin);
}

#[test]
fn rule_8_4_smoke_blocks_through_at_every_level() {
    let mut g = Grid::open(3, 1);
    g.obscure(p(2, 1));
    g.level(p(1, 1), 3).level(p(3, 1), 3);
    // Level 3 over level 1 smoke to level 3: still blocked (4.3.6 C).
    assert_eq!(
        g.why(p(1, 1), p(3, 1), NORMAL),
        blocked(p(2, 1), Block::Obscured)
    );
    assert!(!has_los(&g, g.upper(p(1, 1)), g.upper(p(3, 1)), NORMAL));
}

#[test]
fn rule_8_4_smoke_breaks_reciprocity() {
    let mut g = Grid::open(3, 1);
    g.obscure(p(3, 1));
    assert!(g.sees(p(1, 1), p(3, 1), NORMAL));
    assert!(!g.sees(p(3, 1), p(1, 1), NORMAL));
}

// ---------------------------------------------------------------------------
// 6.2.2 Incoming! and Air Strike markers
// ---------------------------------------------------------------------------

#[test]
fn rule_6_2_2_incoming_blocks_los_through_the_card() {
    let mut g = Grid::open(4, 4);
    g.obscure(p(2, 2));
    assert_eq!(
        g.why(p(1, 1), p(4, 4), NORMAL),
        blocked(p(2, 2), Block::Obscured)
    );
    assert_eq!(
        g.why(p(4, 4), p(1, 1), NORMAL),
        blocked(p(2, 2), Block::Obscured)
    );
    // Lines that miss the card are not affected.
    assert!(g.sees(p(1, 1), p(1, 4), NORMAL));
    assert!(g.sees(p(1, 2), p(1, 4), NORMAL));
}

#[test]
fn rule_6_2_2_incoming_blocks_los_out_of_the_card() {
    let mut g = Grid::open(3, 3);
    g.obscure(p(1, 1));
    assert_eq!(g.why(p(1, 1), p(2, 1), NORMAL), LosResult::ObscuredOrigin);
    assert_eq!(g.why(p(1, 1), p(3, 3), NORMAL), LosResult::ObscuredOrigin);
    assert!(g.sees(p(3, 3), p(1, 1), NORMAL));
    assert!(g.sees(p(1, 1), p(1, 1), NORMAL));
}

// ---------------------------------------------------------------------------
// sees_card: revealing face-down cards (5.2)
// ---------------------------------------------------------------------------

#[test]
fn rule_5_2_sees_card_uses_the_target_card_level() {
    let mut g = Grid::open(3, 1);
    g.level(p(3, 1), 2).all_dark(p(2, 1));
    assert!(sees_card(&g, g.ground(p(1, 1)), p(3, 1), NORMAL));
    g.level(p(3, 1), 1);
    assert!(!sees_card(&g, g.ground(p(1, 1)), p(3, 1), NORMAL));
    assert!(sees_card(&g, g.upper(p(1, 1)), p(3, 1), NORMAL));
}

#[test]
fn los_result_explains_itself() {
    assert_eq!(LosResult::Clear.to_string(), "clear line of sight");
    assert_eq!(
        blocked(p(2, 1), Block::DarkBorder(Dir::S)).to_string(),
        "blocked at R2C1: dark border on its rear side"
    );
    assert!(
        LosResult::TooFar {
            distance: 2,
            max: 1
        }
        .to_string()
        .contains("2 cards")
    );
}
