//! Revealing the map (5.2): face-down cards turned up when a unit sees
//! them, and the map expanded by new cards at its edge (9.2.2).

use crate::data::units::UnitKind;
use crate::engine::kernel::events::EventKind;
use crate::engine::kernel::game::{Game, Illegal};
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::why::Turn;
use crate::engine::kernel::words::why::refuse;

/// 5.2: a face-down card is revealed when a friendly unit on the map gains
/// LOS to it; a revealed hill gets cards on top until one is not a hill.
/// Cards are turned nearest first (to the closest viewer, then in map
/// order), and sight is judged again after each: a card revealed to block
/// sight hides what lies behind it, which a face-down card, read as open
/// ground, would not.
pub fn reveal_around(game: &mut Game) {
    if game.state.map.cards.iter().all(|c| c.face_up) {
        return;
    }
    let viewers: Vec<UnitId> = game
        .friendly()
        .filter(|u| !u.pos.is_staging() && u.kind != UnitKind::Casualty)
        .map(|u| u.id)
        .collect();
    loop {
        let mut hidden: Vec<(u8, CardPos)> = game
            .state
            .map
            .cards
            .iter()
            .filter(|c| !c.face_up)
            .map(|c| {
                let near = viewers
                    .iter()
                    .map(|v| game.state.unit(*v).pos.distance(c.pos))
                    .min()
                    .unwrap_or(u8::MAX);
                (near, c.pos)
            })
            .collect();
        hidden.sort();
        let next = hidden
            .into_iter()
            .map(|(_, p)| p)
            .find(|p| viewers.iter().any(|v| game.unit_sees(*v, *p)));
        match next {
            Some(pos) => reveal(game, pos),
            None => return,
        }
    }
}

pub fn reveal(game: &mut Game, pos: CardPos) {
    let deck = game.data.terrain_deck(&game.state.map.deck).cloned();
    let is_hill = |n: u8| {
        deck.as_ref()
            .is_some_and(|d| d.card(n).is_some_and(|c| c.is_hill()))
    };
    let mut stack = game
        .state
        .map
        .card(pos)
        .map(|c| c.stack.clone())
        .unwrap_or_default();
    while stack.last().is_some_and(|n| is_hill(*n)) {
        match game.state.map.terrain_pile.pop() {
            Some(n) => stack.push(n),
            None => break,
        }
    }
    if let Some(c) = game.state.map.card_mut(pos) {
        c.stack = stack;
        c.face_up = true;
    }
    game.say("5.2", EventKind::CardRevealed { pos }, Vec::new());
}

/// 9.2.2: the map grows when a placement needs a card that is not there: a
/// terrain card is drawn and laid face up (a hill gets cards on top until
/// one is not a hill). Decision: the map does not grow into the Main
/// Staging Area row; a placement there is treated as impossible, so the
/// enemy rules draw another placement.
pub fn expand_map(game: &mut Game, pos: CardPos) -> Result<(), Illegal> {
    if game.state.map.card(pos).is_some() {
        return Ok(());
    }
    if pos.row < 1 {
        return refuse(game, Turn::MapStaging { pos });
    }
    let Some(first) = game.state.map.terrain_pile.pop() else {
        return refuse(game, Turn::TerrainExhausted);
    };
    game.state
        .map
        .insert(crate::engine::kernel::state::MapCard {
            pos,
            stack: vec![first],
            face_up: false,
            covers: Vec::new(),
            markers: Default::default(),
        });
    reveal(game, pos);
    game.say("9.2.2", EventKind::MapExpanded { pos }, Vec::new());
    Ok(())
}

/// Keeps the map free of holes after it grows (9.2.2): every row's cards
/// run unbroken from its first card to its last, and every column's too.
/// Decision (9.2.2 "place it where needed"): a placement along a diagonal
/// lays its cards corner to corner, which would leave an empty place
/// between two cards of one row or column; a card is laid there as well,
/// so that movement, sight and fall-back never meet an empty place inside
/// the map. Positions are filled in row then column order, the cards drawn
/// from the terrain deck as any growth; nothing grows into the Staging
/// Area.
pub fn fill_gaps(game: &mut Game) {
    loop {
        let Some(pos) = first_gap(&game.state.map) else {
            return;
        };
        if expand_map(game, pos).is_err() {
            return;
        }
    }
}

/// The first empty place between two cards of one row or one column.
pub fn first_gap(map: &crate::engine::kernel::state::Map) -> Option<CardPos> {
    let dealt: std::collections::BTreeSet<(i8, i8)> = map
        .cards
        .iter()
        .filter(|c| c.pos.row >= 1)
        .map(|c| (c.pos.row, c.pos.col))
        .collect();
    let mut gaps = std::collections::BTreeSet::new();
    let rows: std::collections::BTreeSet<i8> = dealt.iter().map(|(r, _)| *r).collect();
    for r in rows {
        let cols: Vec<i8> = dealt
            .iter()
            .filter(|(x, _)| *x == r)
            .map(|(_, c)| *c)
            .collect();
        let (lo, hi) = (cols[0], cols[cols.len() - 1]);
        for c in lo..=hi {
            if !dealt.contains(&(r, c)) {
                gaps.insert((r, c));
            }
        }
    }
    let cols: std::collections::BTreeSet<i8> = dealt.iter().map(|(_, c)| *c).collect();
    for c in cols {
        let rows: Vec<i8> = dealt
            .iter()
            .filter(|(_, x)| *x == c)
            .map(|(r, _)| *r)
            .collect();
        let (lo, hi) = (rows.iter().min().copied(), rows.iter().max().copied());
        if let (Some(lo), Some(hi)) = (lo, hi) {
            for r in lo..=hi {
                if !dealt.contains(&(r, c)) {
                    gaps.insert((r, c));
                }
            }
        }
    }
    gaps.into_iter().next().map(|(r, c)| CardPos::new(r, c))
}
