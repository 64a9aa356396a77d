//! The ground under the units: a card's top terrain card and its level
//! (5.2.2), and the visibility of the mission (8.0).

use crate::engine::kernel::game::Game;
use crate::engine::kernel::pos::CardPos;

impl Game {
    /// Whether visibility is limited this turn (8.0: modifier above +1).
    pub fn limited_visibility(&self) -> bool {
        self.visibility_modifier() > 1
    }

    pub fn visibility_modifier(&self) -> i8 {
        self.visibility_level().map(|v| v.modifier).unwrap_or(0)
    }

    /// The visibility level of the current turn (8.0): the mission's, or
    /// the last change its file makes by this turn (dusk, moonrise).
    pub fn visibility_id(&self) -> &str {
        self.mission
            .visibility_from
            .iter()
            .rev()
            .find(|(t, _)| *t <= self.state.turn)
            .map(|(_, v)| v.as_str())
            .unwrap_or(&self.mission.visibility)
    }

    /// The current turn's visibility level from the charts.
    pub fn visibility_level(&self) -> Option<&crate::data::charts::VisibilityLevel> {
        let id = self.visibility_id();
        self.data.charts.visibility.iter().find(|v| v.id == id)
    }

    /// The card's top terrain card.
    pub fn top_card(&self, pos: CardPos) -> Option<&crate::data::terrain::TerrainCard> {
        let deck = self.data.terrain_deck(&self.state.map.deck)?;
        let card = self.state.map.card(pos)?;
        let n = *card.stack.last()?;
        deck.card(n)
    }

    /// A card's ground level: 1 plus a level per hill beneath, plus any
    /// printed elevation (5.2.2).
    pub fn level(&self, pos: CardPos) -> i8 {
        let Some(card) = self.state.map.card(pos) else {
            return 1;
        };
        // 5.2: a face-down card shows nothing, not even a hill beneath: it
        // reads as level 1 until revealed, as sight.rs reads its cell.
        if !card.face_up {
            return 1;
        }
        let Some(deck) = self.data.terrain_deck(&self.state.map.deck) else {
            return 1;
        };
        let mut level = 1;
        for n in &card.stack {
            if let Some(c) = deck.card(*n) {
                if c.is_hill() {
                    level += 1;
                }
                if let crate::data::terrain::Relief::Elevation(e) = c.relief {
                    level += e;
                }
            }
        }
        level
    }
}

/// The lower cover value of the top terrain card at `at`; 0 off the map.
pub(crate) fn terrain_cover(game: &Game, at: CardPos) -> i32 {
    game.top_card(at)
        .map(|t| t.cover.lower() as i32)
        .unwrap_or(0)
}
