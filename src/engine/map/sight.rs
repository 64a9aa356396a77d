//! Line of sight on the game's map: the engine's side of `los`.

use crate::data::charts::CoverKind;
use crate::data::terrain::{Borders, TerrainCard};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::pos::CardPos;
use crate::engine::map::los::{LosCell, LosMap, Viewer, Visibility, effective_borders, has_los};

impl LosMap for Game {
    fn cell(&self, pos: CardPos) -> Option<LosCell> {
        let mut cell = self.ground(pos)?;
        cell.illuminated = self.illuminated(pos);
        Some(cell)
    }

    fn ground(&self, pos: CardPos) -> Option<LosCell> {
        let card = self.state.map.card(pos)?;
        let deck = self.data.terrain_deck(&self.state.map.deck)?;
        // The stack's cards, bottom first: the last is the top card, the
        // others the Hill cards beneath it (5.2.2 A), their borders merged
        // as they come. Read without collecting: every LOS asks this of
        // every card it crosses.
        let mut top: Option<&TerrainCard> = None;
        let mut hills = 0;
        let mut under: Option<Borders> = None;
        for n in &card.stack {
            let Some(c) = deck.card(*n) else {
                continue;
            };
            if let Some(t) = top {
                hills += 1;
                under = Some(match under {
                    None => t.borders,
                    Some(b) => effective_borders(&b, &[t.borders]),
                });
            }
            top = Some(c);
        }
        let top = top?;
        let mut cell = if card.face_up {
            LosCell::stacked(top, hills, under.as_slice())
        } else {
            // A face-down card shows nothing: open ground at level 1 until
            // revealed (5.2).
            LosCell::open(1)
        };
        let m = &card.markers;
        // 7.7: a burning wreck's smoke blocks LOS like any smoke (8.4).
        cell.obscured =
            m.smoky() || m.incoming || self.state.wrecks.iter().any(|w| w.pos == pos && w.burning);
        Some(cell)
    }
}

impl Game {
    /// Whether the mission's weather puts out illumination: rain, snow and
    /// fog (8.2).
    pub fn weather_dims_light(&self) -> bool {
        self.visibility_level().is_some_and(|v| v.weather)
    }

    /// Whether a card is illuminated (8.2): it holds an illumination marker,
    /// or lies next to one whose light spills onto the adjacent cards (the
    /// marker's second modifier). Illuminated cards are seen to normal range
    /// at night and blind passive infrared sights (8.3.2); not in weather
    /// that puts illumination out.
    pub fn illuminated(&self, pos: CardPos) -> bool {
        let map = &self.state.map;
        let lit = map
            .card(pos)
            .is_some_and(|c| c.markers.illumination.is_some())
            || crate::data::terrain::Dir::ALL.iter().any(|d| {
                map.card(pos.step(*d))
                    .is_some_and(|c| c.markers.illumination_adjacent.is_some())
            });
        lit && !self.weather_dims_light()
    }

    pub fn visibility(&self) -> Visibility {
        Visibility::from_modifier(self.visibility_modifier())
    }

    /// The level a unit sees from: its card's level, +1 on an upper story
    /// or church tower (5.2.2 B).
    pub fn unit_level(&self, id: UnitId) -> i8 {
        let u = self.state.unit(id);
        let up = u
            .cover
            .and_then(|c| self.state.cover_kind(u.pos, c))
            .is_some_and(|k| matches!(k, CoverKind::UpperStory | CoverKind::ChurchTower));
        self.level(u.pos) + i8::from(up)
    }

    /// A unit's night observation device, if its counter has one (8.3).
    pub fn night_sight(&self, id: UnitId) -> Option<crate::data::units::NightSight> {
        let u = self.state.unit(id);
        u.type_in(&self.data).and_then(|t| t.sight)
    }

    /// The visibility a unit with this night sight sees by: passive
    /// infrared and thermal sights see to full range at night (8.3.2-8.3.3).
    fn sees_by(&self, sight: Option<crate::data::units::NightSight>) -> Visibility {
        use crate::data::units::NightSight;
        match sight {
            Some(NightSight::PassiveIr | NightSight::Thermal) => Visibility::NORMAL,
            _ => self.visibility(),
        }
    }

    /// LOS from a unit, seen through smoke when it has thermal sights.
    fn los_from(&self, id: UnitId, from: Viewer, to: Viewer) -> bool {
        let sight = self.night_sight(id);
        if sight == Some(crate::data::units::NightSight::Thermal) {
            has_los(&ThermalView(self), from, to, self.sees_by(sight))
        } else {
            has_los(self, from, to, self.sees_by(sight))
        }
    }

    /// Whether a unit has LOS to a card (at the card's ground level).
    /// Units in a staging area neither see nor are seen (2.4.2).
    pub fn unit_sees(&self, id: UnitId, to: CardPos) -> bool {
        let u = self.state.unit(id);
        if u.pos.is_staging() || to.is_staging() {
            return false;
        }
        self.los_from(
            id,
            Viewer::new(u.pos, self.unit_level(id)),
            Viewer::new(to, self.level(to)),
        )
    }

    /// Whether a unit sees another unit (both levels counted).
    pub fn unit_sees_unit(&self, a: UnitId, b: UnitId) -> bool {
        let (ua, ub) = (self.state.unit(a), self.state.unit(b));
        if ua.pos.is_staging() || ub.pos.is_staging() {
            return false;
        }
        self.los_from(
            a,
            Viewer::new(ua.pos, self.unit_level(a)),
            Viewer::new(ub.pos, self.unit_level(b)),
        )
    }
}

/// The map as thermal sights see it: smoke does not hide anything (8.3.3).
struct ThermalView<'a>(&'a Game);

impl ThermalView<'_> {
    fn through_smoke(&self, pos: CardPos, mut c: LosCell) -> LosCell {
        c.obscured = self
            .0
            .state
            .map
            .card(pos)
            .map(|m| m.markers.incoming)
            .unwrap_or(false);
        c
    }
}

impl LosMap for ThermalView<'_> {
    fn cell(&self, pos: CardPos) -> Option<LosCell> {
        self.0.cell(pos).map(|c| self.through_smoke(pos, c))
    }

    fn ground(&self, pos: CardPos) -> Option<LosCell> {
        self.0.ground(pos).map(|c| self.through_smoke(pos, c))
    }
}
