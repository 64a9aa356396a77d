//! The game state: everything that changes during a mission, serializable,
//! with deterministic iteration order everywhere (vectors kept sorted, no
//! hash maps).

use crate::data::action::Experience;
use crate::data::charts::{Activity, CoverKind, PcLetter};
use crate::data::mission::{Net, Pyro, RadioClass};
use crate::data::units::{Side, UnitKind, UnitTypeId};
use crate::engine::kernel::deck::Deck;
use crate::engine::kernel::ids::{CoverId, UnitId};
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::sequence::Step;
use serde::{Deserialize, Serialize};

/// Per-game options from chapter 13.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Options {
    /// 13.1: every unit is treated as Line.
    pub all_line: bool,
    /// 13.2: ammunition is not tracked.
    pub no_ammo: bool,
    /// 13.3: every HQ and staff is in communication unless pinned.
    pub abstract_comms: bool,
    /// 13.2: the kinds of ammunition not tracked, when not all of them are
    /// set aside (machine-gun ammunition, say, and nothing else).
    #[serde(default, skip_serializing_if = "crate::data::units::AmmoSet::is_empty")]
    pub untracked: crate::data::units::AmmoSet,
}

impl Options {
    /// 13.2: whether ammunition of this kind is tracked (6.8).
    pub fn tracks(&self, kind: crate::data::units::AmmoKind) -> bool {
        !self.no_ammo && !self.untracked.contains(kind)
    }
}

pub use crate::engine::kernel::asset::Asset;

/// One unit on the map or in a staging area.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    pub id: UnitId,
    /// The mission roster id, for units that started the mission.
    pub roster: Option<String>,
    /// What the counter shows.
    pub label: String,
    /// The unit's designation, kept through conversions ("2/3").
    pub designation: String,
    pub unit_type: UnitTypeId,
    pub side: Side,
    pub kind: UnitKind,
    /// The HQ this unit answers to (`None`: the CO HQ, or enemy units).
    pub hq: Option<UnitId>,
    /// The platoon HQ whose platoon the unit belongs to, if any.
    pub platoon: Option<UnitId>,
    pub experience: Experience,
    pub steps: u8,
    pub pos: CardPos,
    /// The cover marker the unit is under.
    pub cover: Option<CoverId>,
    /// On its fire-team side (1.2.3 B-D, 4.1.4, 10.1.2).
    pub flipped: bool,
    pub pinned: bool,
    pub exposed: bool,
    /// Enemy units: spotted (9.3). Friendly units are always visible.
    pub spotted: bool,
    /// Tracked ammunition points left (6.8).
    pub ammo: Option<u8>,
    /// Assets carried.
    pub assets: Vec<Asset>,
    /// Concentrated Fire markers on the unit this turn (6.6).
    pub concentrated: u8,
    /// Grenade Attack VOF markers on the unit this turn (6.5.1).
    pub grenaded: u8,
    /// Of those, the markers of lighter grenades, which count -3 instead of
    /// -4 (6.5.1; see `Nation::light_grenades`).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub grenaded_light: u8,
    /// A critical hit took away the benefit of its cover this turn (6.5.1,
    /// 6.6).
    pub cover_lost: bool,
    /// Mine, booby-trap or claymore attacks on the unit this turn (9.5).
    pub mined: u8,
    /// The sniper's target this turn (6.2.2).
    pub sniped: bool,
    /// Enemy fanatics: no litter or paralyzed results (9.11).
    pub fanatic: bool,
    /// Enemy human wave: every hit a casualty, never pinned (9.12).
    pub human_wave: bool,
    /// Rebuilt during the mission (10.2.1 squads, 10.2.2 HQs): its
    /// experience is the one it was rebuilt with, and the campaign carries
    /// that, not the old counter's (11.3). Written only when set.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rebuilt: bool,
    /// An enemy unit of a package placed without fire (9.2.1 "Place
    /// VOF/PDF? No") holds its fire through the turn it appeared in.
    /// Written only when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holds_fire: Option<u8>,
    /// Embarked on this vehicle (7.4): it goes where the vehicle goes, on
    /// its card, under no cover marker. Written only when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub riding: Option<crate::engine::kernel::ids::VehicleId>,
    /// Ammunition carried for others: kind and points (5.1.6, 6.8.3).
    pub cargo: Option<(crate::data::units::AmmoKind, u8)>,
    /// Taken prisoner (9.13): out of play, counted for the other side.
    pub captured: bool,
    /// Guarding prisoners (9.13): out of play for the rest of the mission.
    pub guard: bool,
    /// Left the map (retreat, fall back): out of play, steps intact.
    pub withdrawn: bool,
    /// Removed from play (converted, casualty evacuated, ...).
    pub removed: bool,
    /// Where the unit's type was last found in the data's list (see
    /// [`Unit::type_in`]): derived, never saved, never compared.
    #[serde(skip)]
    pub type_slot: TypeSlot,
}

/// A unit type's place in the data's list, remembered so that the rules,
/// which ask a unit's type tens of thousands of times a game, need not
/// read through the list for it each time. A remembered place is used
/// only after checking that the type there has the unit's type id, so a
/// stale or foreign place costs a search, never a wrong answer. It takes
/// no part in comparing, saving or hashing a unit.
#[derive(Default)]
pub struct TypeSlot(pub std::sync::atomic::AtomicU16);

impl Clone for TypeSlot {
    fn clone(&self) -> Self {
        TypeSlot(std::sync::atomic::AtomicU16::new(
            self.0.load(std::sync::atomic::Ordering::Relaxed),
        ))
    }
}

impl PartialEq for TypeSlot {
    fn eq(&self, _: &TypeSlot) -> bool {
        true
    }
}

impl Eq for TypeSlot {}

impl std::fmt::Debug for TypeSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("_")
    }
}

impl crate::engine::kernel::roster::Placed for Unit {
    fn placed(&self) -> Option<CardPos> {
        self.in_play().then_some(self.pos)
    }
}

impl Unit {
    /// The unit's counter type in the data, if the data has it (the same
    /// answer as `data.unit_type(&self.unit_type.0)`, found faster).
    pub fn type_in<'d>(
        &self,
        data: &'d crate::data::DataSet,
    ) -> Option<&'d crate::data::units::UnitType> {
        use std::sync::atomic::Ordering::Relaxed;
        let list = &data.units.units;
        let at = usize::from(self.type_slot.0.load(Relaxed));
        if let Some(t) = list.get(at)
            && t.id.0 == self.unit_type.0
        {
            return Some(t);
        }
        let (i, t) = data.unit_type_at(&self.unit_type.0)?;
        if let Ok(i) = u16::try_from(i) {
            self.type_slot.0.store(i, Relaxed);
        }
        Some(t)
    }

    /// A fresh counter of a type at a position: full strength, the type's
    /// experience (Line when the roster would decide), its ammunition;
    /// friendly units visible, enemy units unspotted.
    pub fn from_type(id: UnitId, t: &crate::data::units::UnitType, pos: CardPos) -> Unit {
        Unit {
            id,
            roster: None,
            label: format!("{} #{}", t.name, id.0),
            designation: format!("#{}", id.0),
            unit_type: t.id.clone(),
            side: t.side,
            kind: t.kind,
            hq: None,
            platoon: None,
            experience: t.experience.unwrap_or(Experience::Line),
            steps: t.steps,
            pos,
            cover: None,
            flipped: false,
            pinned: false,
            exposed: false,
            spotted: t.side == Side::Us,
            ammo: t.ammo.map(|a| a.points),
            assets: Vec::new(),
            concentrated: 0,
            grenaded: 0,
            grenaded_light: 0,
            cover_lost: false,
            mined: 0,
            sniped: false,
            fanatic: false,
            human_wave: false,
            rebuilt: false,
            holds_fire: None,
            riding: None,
            cargo: None,
            captured: false,
            guard: false,
            withdrawn: false,
            removed: false,
            type_slot: TypeSlot::default(),
        }
    }

    pub fn is_hq_or_staff(&self) -> bool {
        self.kind.commands()
    }

    /// An HQ or staff on its command side can command others (4.1.4).
    pub fn can_command_others(&self) -> bool {
        self.kind.commands() && !self.flipped
    }

    /// Good Order: not a limited action team and not pinned (4.2.5).
    /// Decision (4.2.3 f, 4.1.4, 10.1.2): a weapons team, FO or HQ on its
    /// fire-team side is a Fire Team LAT (4.2.3 f names it "an unpinned
    /// Fire LAT"), so it is not in Good Order; see [`Unit::fire_team_lat`].
    pub fn good_order(&self) -> bool {
        self.unbroken() && !self.flipped
    }

    /// Not pinned and not an LAT counter or casualty, on either side of the
    /// counter: what the enemy's own procedures ask of a weapons team that
    /// flipped when its ammunition ran out (9.9).
    pub fn unbroken(&self) -> bool {
        !self.kind.is_lat() && !self.pinned && self.kind != UnitKind::Casualty
    }

    /// A Fire Team LAT (4.2.5): a generic fire team, or a weapons team, FO
    /// or HQ on its fire-team side (decision, 4.2.3 f). It moves, scouts and
    /// fights as a fire team, at Green (4.2.5; 10.1.2: flipped back, it
    /// keeps its own level again).
    pub fn fire_team_lat(&self) -> bool {
        self.kind == UnitKind::FireTeam || (self.flipped && self.kind != UnitKind::Casualty)
    }

    pub fn in_play(&self) -> bool {
        !self.removed
    }

    /// 5.1.6: a pinned or paralyzed unit performs no Pick Up, Load,
    /// Unload, Embark or Disembark action.
    pub fn tied_down(&self) -> bool {
        self.pinned || self.kind == UnitKind::ParalyzedTeam
    }

    /// Steps still accounted for though out of play: prisoners, guards,
    /// units that left the map.
    pub fn accounted(&self) -> bool {
        self.in_play() || self.captured || self.guard || self.withdrawn
    }

    pub fn radios(&self) -> impl Iterator<Item = (RadioClass, Net)> + '_ {
        self.assets.iter().filter_map(|a| match a {
            Asset::Radio { class, net, .. } => Some((*class, *net)),
            _ => None,
        })
    }

    pub fn phones(&self) -> impl Iterator<Item = Net> + '_ {
        self.assets.iter().filter_map(|a| match a {
            Asset::Phone { net } => Some(*net),
            _ => None,
        })
    }
}

/// Something lying on a card that a unit can pick up (5.1.6).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Item {
    Asset(Asset),
    Ammo(crate::data::units::AmmoKind, u8),
}

impl Item {
    /// The item in words, for the log and the screens.
    pub fn words(&self) -> String {
        match self {
            Item::Asset(a) => a.words(),
            Item::Ammo(k, n) => format!("{n} point(s) of {} ammunition", k.label()),
        }
    }
}

/// A cover marker on a card (5.2.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoverMarker {
    pub id: CoverId,
    pub kind: CoverKind,
    /// The arrow of a bunker or pillbox (5.2.3 B): the units inside fire
    /// only that way. `None`: no arrow (other markers, or a fortification
    /// placed with no facing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<crate::data::terrain::Dir>,
}

/// A Potential Contact marker (9.1.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PcMarker {
    pub letter: PcLetter,
    /// "?" side up.
    pub hidden: bool,
}

/// A smoke screen on a card (4.3.6 C, 8.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum SmokeKind {
    Smoke,
    Wp,
    /// Tear gas: screens as smoke does; the enemy on the card must fall
    /// back or go to ground (4.3.6 D).
    Cs,
}

impl CardMarkers {
    /// Whether smoke of any source lies on the card: it blocks LOS through
    /// and out of it and keeps its units from firing out (4.3.6 C, 8.4).
    pub fn smoky(&self) -> bool {
        self.smoke.is_some() || self.mission_smoke.is_some()
    }

    /// The smoke markers on the card, pyrotechnic first. They are not
    /// cumulative: only the best defensive benefit counts (8.4).
    pub fn smokes(&self) -> impl Iterator<Item = SmokeKind> {
        self.smoke.into_iter().chain(self.mission_smoke)
    }
}

/// Markers that lie on a whole card.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CardMarkers {
    pub pc: Option<PcMarker>,
    /// Smoke, WP or CS deployed as a pyrotechnic (4.3.6 C-D) or with a
    /// grenade attack: removed at Clean Up (3.8).
    pub smoke: Option<SmokeKind>,
    /// Smoke or WP from a fire mission (6.7.2 C). It is one of the fire
    /// mission's markers, so it lasts until the next VOF Segment removes
    /// them (3.7.1 A) and screens the card through the Command Phase in
    /// between. (Decision, 3.7.1 A/3.8/8.4: fire-mission smoke is not a
    /// pyrotechnic, so Clean Up leaves it.) Written only when present, so
    /// that states without it hash as before.
    ///
    /// Decision for when vehicles come (7.7, 8.4, 11.1 step 8): a burning
    /// wreck's smoke is neither a pyrotechnic nor a fire mission's marker;
    /// it lasts as long as its Burning Wreck marker, the rest of the
    /// mission, and ends when a reattempt flips the wreck (11.1 step 8).
    /// Several burning wrecks on a card are one smoke (7.7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mission_smoke: Option<SmokeKind>,
    /// An Incoming! or air strike marker (blocks LOS through and out).
    pub incoming: bool,
    /// The Incoming! marker is the enemy's (9.8): no enemy unit is placed
    /// under it (9.2.2). Written only when set.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub enemy_incoming: bool,
    /// A Pending fire mission marker (6.7.3).
    pub pending_fire: bool,
    /// The Pending marker is the enemy's (9.8); it becomes an enemy
    /// Incoming!. Written only when set.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub enemy_pending: bool,
    /// The NCM value of the pending mission, and of the Incoming! it
    /// becomes (6.2.2): set by the observer's side and the firing agency.
    pub pending_mod: i8,
    pub incoming_mod: i8,
    /// An air strike rather than artillery (6.7.2 F): no burst modifier.
    pub air_strike: bool,
    /// What the pending mission will bring (6.7.2).
    pub pending_kind: Option<crate::data::mission::FmKind>,
    /// The pending mission is the mortars' (8.2: their illumination).
    #[serde(default)]
    pub pending_mortar: bool,
    /// An H VOF from an on-map mortar firing by indirect lay this turn: no
    /// PDF, terrain effects as for Incoming! (6.7.4).
    pub indirect_h: bool,
    /// 7.1.2: attack helicopters attacked the card in this turn's Vehicle
    /// phase: their VOF, against the enemy on it. Written only when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub air_attack: Option<crate::data::units::Vof>,
    /// Illumination placed this turn (8.2): the modifier on this card.
    pub illumination: Option<i8>,
    /// The illumination's modifier on the cards around it (8.2).
    pub illumination_adjacent: Option<i8>,
    /// Items lying on the card: dropped assets and ammunition (5.1.6).
    pub items: Vec<Item>,
    /// A minefield: every unit entering or moving within it checks (9.5).
    pub mines: bool,
    /// A US claymore, fired once at an enemy on the card (9.5).
    pub claymore: bool,
    /// Demolition and flame attacks on the card's cover markers this turn
    /// (6.5.2-6.5.3).
    pub demo_on: Vec<CoverId>,
    pub flame_on: Vec<CoverId>,
    /// Grenade Miss VOF (6.2.2).
    pub grenade_miss: bool,
    /// Demo Miss VOF (6.2.2).
    pub demo_miss: bool,
    /// A phone line marker: `Some(true)` when cut (4.3.4).
    pub phone_line: Option<bool>,
    /// Pyrotechnic signals showing on the card this turn (4.3.6).
    pub signals: Vec<Pyro>,
}

/// One map position: its terrain stack and what lies on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapCard {
    pub pos: CardPos,
    /// Terrain card numbers: hill cards first, the top card last (5.2.2 A).
    pub stack: Vec<u8>,
    pub face_up: bool,
    pub covers: Vec<CoverMarker>,
    pub markers: CardMarkers,
}

/// A tactical control marker (2.4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum PointControl {
    PrimaryObjective,
    SecondaryObjective,
    AttackPosition,
    CombatOutpost,
    RoutePoint(u8),
    CasualtyPoint,
    /// The final protective fire marker (6.7.2 D).
    FinalProtectiveFire,
    /// A card of the landing zone of an air assault (7.4.5).
    LandingZone,
    /// The MEDEVAC LZ, one at a time (5.1.7).
    MedevacLz,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Controls {
    /// Friendly units may not cross the outer columns (2.4.1 A).
    pub boundaries: bool,
    /// Friendly units may not move beyond this row (2.4.1 A).
    pub loa: Option<i8>,
    pub phase_lines: Vec<i8>,
    /// Defensive setup line: above this row (2.4.1 B).
    pub mlr: Option<i8>,
    pub points: Vec<(PointControl, CardPos)>,
}

/// The map: the dealt grid, the terrain deck still to deal, the staging area.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Map {
    pub deck: String,
    pub rows: i8,
    pub cols: i8,
    /// Every dealt position, sorted by position.
    pub cards: Vec<MapCard>,
    /// Terrain cards not yet dealt; the next is the last element.
    pub terrain_pile: Vec<u8>,
    pub controls: Controls,
}

impl Map {
    /// The rows and columns the map spans, `(r0, r1, c0, c1)`: its dealt
    /// size with the staging row 0, grown to every card dealt beyond it
    /// (9.2.2).
    pub fn extent(&self) -> (i8, i8, i8, i8) {
        let (mut r0, mut r1, mut c0, mut c1) = (0, self.rows, 1, self.cols);
        for c in &self.cards {
            r0 = r0.min(c.pos.row);
            r1 = r1.max(c.pos.row);
            c0 = c0.min(c.pos.col);
            c1 = c1.max(c.pos.col);
        }
        (r0, r1, c0, c1)
    }

    pub fn card(&self, pos: CardPos) -> Option<&MapCard> {
        self.cards
            .binary_search_by(|c| c.pos.cmp(&pos))
            .ok()
            .map(|i| &self.cards[i])
    }

    pub fn card_mut(&mut self, pos: CardPos) -> Option<&mut MapCard> {
        match self.cards.binary_search_by(|c| c.pos.cmp(&pos)) {
            Ok(i) => Some(&mut self.cards[i]),
            Err(_) => None,
        }
    }

    /// Lays an item on a card for units to pick up (5.1.6 B), keeping the
    /// card's items in order.
    pub fn lay_item(&mut self, pos: CardPos, item: Item) {
        if let Some(c) = self.card_mut(pos) {
            c.markers.items.push(item);
            c.markers.items.sort();
        }
    }

    /// Inserts a card keeping the order.
    pub fn insert(&mut self, card: MapCard) {
        match self.cards.binary_search_by(|c| c.pos.cmp(&card.pos)) {
            Ok(i) => self.cards[i] = card,
            Err(i) => self.cards.insert(i, card),
        }
    }

    /// Inside the dealt grid (1..=rows, 1..=cols).
    pub fn in_grid(&self, pos: CardPos) -> bool {
        pos.row >= 1 && pos.row <= self.rows && pos.col >= 1 && pos.col <= self.cols
    }

    /// The staging position below a column, the nearest one for a column
    /// outside the dealt grid. Aircraft off the map are kept there (7.1.2).
    pub fn staging_below(&self, col: i8) -> CardPos {
        CardPos::new(0, col.clamp(1, self.cols.max(1)))
    }

    /// A Main Staging Area card: row 0 under each column (2.4.2 A).
    pub fn is_staging(&self, pos: CardPos) -> bool {
        pos.row == 0 && pos.col >= 1 && pos.col <= self.cols
    }

    /// The staging area's positions, one below each column.
    pub fn staging(&self) -> impl Iterator<Item = CardPos> {
        (1..=self.cols).map(|c| CardPos::new(0, c))
    }

    pub fn point(&self, kind: PointControl) -> Option<CardPos> {
        self.controls
            .points
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, p)| *p)
    }

    /// Puts the one marker of `kind` on `pos`, moving it if it was
    /// elsewhere; returns where it was.
    pub fn set_point(&mut self, kind: PointControl, pos: CardPos) -> Option<CardPos> {
        let from = self.point(kind);
        self.controls.points.retain(|(k, _)| *k != kind);
        self.controls.points.push((kind, pos));
        from
    }
}

/// Command bookkeeping for one HQ or staff unit this turn (4.1, 4.1.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HqState {
    pub unit: UnitId,
    /// Commands saved from earlier turns.
    pub saved: u8,
    /// Activated this turn by a higher HQ (or a runner).
    pub activated: bool,
    /// Its impulse is over for this turn.
    pub done: bool,
}

/// A dispatched runner waiting to activate an HQ next turn (4.3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunnerTask {
    pub runner: UnitId,
    pub target: UnitId,
    /// The turn the runner was dispatched.
    pub turn: u8,
}

/// The impulse in progress: who spends, how much is left (4.1, 4.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Impulse {
    /// The HQ or staff whose commands these are; `None` for the General
    /// Initiative impulse (3.3.2 D).
    pub hq: Option<UnitId>,
    /// Commands at hand: drawn plus saved.
    pub available: u8,
    /// Commands spent so far this impulse.
    pub spent: u8,
    /// The most this HQ may spend this impulse (4.1.3).
    pub spend_max: u8,
    /// Commands may be saved at the end of the impulse.
    pub can_save: bool,
    /// Named actions each unit has performed this impulse (4.2: one of each
    /// named type per unit, moves within a card excepted).
    pub done: Vec<(UnitId, String)>,
    /// The failed attempts still open to Exhort, once each (4.2.1 b).
    pub exhortable: Vec<FailedAttempt>,
    /// Card-wide orders given this impulse (Cease Fire, Shift Fire): every
    /// occupant performs them, so each card takes one of each (4.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards_done: Vec<(CardPos, String)>,
    /// 7.1.1: the vehicle platoon HQ whose impulse this is (then `hq` is
    /// `None`: this is not General Initiative). Written only when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vehicle: Option<crate::engine::kernel::ids::VehicleId>,
}

impl Impulse {
    /// A new impulse with `available` commands, none spent.
    pub fn open(hq: Option<UnitId>, available: u8, can_save: bool, spend_max: u8) -> Impulse {
        Impulse {
            hq,
            available,
            spent: 0,
            spend_max,
            can_save,
            done: Vec::new(),
            exhortable: Vec::new(),
            cards_done: Vec::new(),
            vehicle: None,
        }
    }

    /// 3.3.2 D: the General Initiative impulse, whose orders no HQ
    /// originates.
    pub fn general(&self) -> bool {
        self.hq.is_none() && self.vehicle.is_none()
    }

    pub fn left(&self) -> u8 {
        self.available
            .saturating_sub(self.spent)
            .min(self.spend_max.saturating_sub(self.spent))
    }
}

/// A failed attempt kept for Exhort (4.2.1 b).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FailedAttempt {
    /// The order whose attempt failed.
    pub order: crate::engine::kernel::input::Order,
    /// The unit whose attempt failed (platoon orders draw per unit).
    pub unit: UnitId,
    /// The failure placed a Grenade Miss marker on the card.
    pub placed_miss: bool,
}

/// Fire from the units of one side on one card into a target card: the
/// PDF marker on the firing card's edge and its share of the VOF on the
/// target (6.1, 6.2). Point-blank fire has `from == target` and no PDF.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct FireLink {
    pub side: Side,
    pub from: CardPos,
    pub target: CardPos,
}

/// How the mission ended (11.0).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Success,
    Failure(String),
}

/// Running counts used by the harness and the mission log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Counters {
    pub inputs: u64,
    /// PC markers resolved into enemy units (9.2).
    pub contacts: u32,
    /// Enemy activity checks made (9.4).
    pub enemy_checks: u32,
    /// Friendly steps that joined during the mission (reinforcements).
    pub reinforcements: u32,
    /// Successful grenade attacks by the company (10.3.1).
    #[serde(default)]
    pub grenades: u32,
    /// Enemy steps placed by contacts during the mission (9.2).
    #[serde(default)]
    pub enemy_placed: u32,
    /// Crew steps of destroyed vehicles that entered play as casualties or
    /// fire teams (7.7 A), the company's and the enemy's. Written only when
    /// a vehicle was lost.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub crews_us: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub crews_enemy: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}

/// Everything about a game in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub mission: String,
    pub seed: u64,
    pub options: Options,
    pub turn: u8,
    pub step: Step,
    /// The current step's automatic work has been done.
    pub step_begun: bool,
    /// The General Initiative impulse was taken this turn.
    pub general_done: bool,
    pub deck: Deck,
    pub map: Map,
    /// Every unit, in id order, with the cards they stand on (see
    /// [`crate::engine::kernel::roster`]).
    pub units: crate::engine::kernel::roster::Units<Unit>,
    pub hqs: Vec<HqState>,
    pub activity: Activity,
    pub impulse: Option<Impulse>,
    pub runners: Vec<RunnerTask>,
    /// Questions waiting for the player's answer, first asked first
    /// (see [`crate::engine::kernel::input::Choice`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<crate::engine::kernel::input::Choice>,
    /// Every fire link on the map, sorted (6.2).
    pub fires: Vec<FireLink>,
    /// PDFs placed by the direct fire of G! weapons (a mortar's direct lay,
    /// a rocket launcher's shot) at another card, sorted (6.7.4, 6.2.3).
    /// They carry no Basic VOF but count for Crossfire and bound the card's
    /// ranged attacks. Decision: a G! weapon fires only when ordered, so
    /// its PDF lasts the turn, like the Grenade Attack marker it came with:
    /// gone at Clean Up (3.8), or at once when the side's last unit leaves
    /// the firing card.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lay_pdfs: Vec<FireLink>,
    /// Fire missions left: (agency index, kind, count) (6.7.1).
    pub fire_missions: Vec<(u8, crate::data::mission::FmKind, u8)>,
    /// Registered targets: (agency index, card) (6.7.5).
    pub registered: Vec<(u8, CardPos)>,
    /// Final protective lines: machine gun, diagonal, firing now (6.4).
    pub fpl: Vec<(UnitId, crate::data::terrain::Dir, bool)>,
    /// The final protective fire is being fired (6.7.2 D).
    pub fpf_firing: bool,
    /// A battalion tasking this turn: commands the CO HQ may spend on it,
    /// experience it earns (3.1, 10.3.1).
    pub tasking: Option<(u8, u8)>,
    /// Casualties carried by a unit: (carrier, casualty) (5.1.6-5.1.7).
    pub carried: Vec<(UnitId, UnitId)>,
    /// Casualty steps evacuated so far (5.1.7).
    pub evacuated: u8,
    /// Radios and phones removed from play (destroyed), whose networks a
    /// surviving set may switch to (4.2.1 j).
    pub lost_assets: Vec<Asset>,
    pub next_cover: u16,
    pub outcome: Option<Outcome>,
    pub counters: Counters,
    /// A counterattack switched the enemy to Assault tactics up to and
    /// including this turn (9.1.4); 0: never.
    #[serde(default)]
    pub assault_until: u8,
    /// Enemy indirect-fire spotters and what they have left (9.8).
    #[serde(default)]
    pub spotters: Vec<SpotterTask>,
    /// Every card that has held a PC marker, with the highest letter it
    /// held, sorted (10.3.1: clearing such cards earns experience).
    #[serde(default)]
    pub pc_history: Vec<(CardPos, PcLetter)>,
    /// Route points touched in order so far (2.4.1 C).
    #[serde(default)]
    pub route_reached: u8,
    /// Experience earned during play: Higher HQ taskings carried out
    /// (3.1), as (events, points).
    #[serde(default)]
    pub hq_tasks: (u8, u32),
    /// The experience tally made at the mission's end (10.3.1).
    #[serde(default)]
    pub tally: Option<Tally>,
    /// The patrol of a combat patrol mission being fought, from 1 (11.4).
    #[serde(default)]
    pub patrol: u8,
    /// Designations of a combat patrol's members, sorted, named by the
    /// player before it sets out (11.4): only they may move, and only they
    /// take part for experience (10.3.3). Teams split from a member keep
    /// its designation, so they belong to the patrol too. Empty on other
    /// missions.
    #[serde(default)]
    pub moved: Vec<String>,
    /// The signal plan (2.3.3, 4.3.6): the order each pyrotechnic signal
    /// carries, the briefing's unless the player gave it another before
    /// turn 1.
    #[serde(default)]
    pub signal_plan: Vec<(Pyro, crate::data::mission::SignalOrder)>,
    /// Skill markers held: (holder, skill) (10.7).
    #[serde(default)]
    pub skills: Vec<(UnitId, crate::data::mission::Skill)>,
    /// A skill given with the order being carried out, for the acting
    /// unit's first attempt (10.7).
    #[serde(default)]
    pub skill_in_use: Option<(Option<UnitId>, crate::data::mission::Skill)>,
    /// Vehicles of both sides, by id (7.0). Written only when the mission
    /// has any, so a mission without them hashes as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vehicles: Vec<crate::engine::kernel::vehicle::Vehicle>,
    /// Wreck and Burning Wreck markers (7.7), sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wrecks: Vec<crate::engine::kernel::vehicle::Wreck>,
    /// Where the Vehicle Movement and Combat Phase stands (3.6, 7.2).
    #[serde(
        default,
        skip_serializing_if = "crate::engine::kernel::vehicle::VehiclePhase::is_idle"
    )]
    pub vehicle_phase: crate::engine::kernel::vehicle::VehiclePhase,
    /// 7.4.5: the cards of the landing zone designated in the landing plan
    /// being made in play, until it is made.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub plan_lz: Vec<CardPos>,
}

/// The experience a mission earned (10.3.1): each task with its count and
/// points, and the total.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Tally {
    pub lines: Vec<(crate::data::mission::Task, u32, u32)>,
    pub total: u32,
}

impl Tally {
    /// The points no line lists: the Higher HQ taskings' own points, when
    /// the mission has no award of its own for them (10.3.1, 3.1).
    pub fn unlisted(&self) -> u32 {
        self.total
            .saturating_sub(self.lines.iter().map(|(_, _, p)| *p).sum())
    }
}

/// An enemy spotter (9.8): its fire missions left and the card its last
/// Incoming! fell on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpotterTask {
    pub unit: UnitId,
    pub missions: u8,
    pub target: CardPos,
}

impl State {
    /// Records the PC markers now on the map in `pc_history`.
    pub fn note_pc_markers(&mut self) {
        for c in &self.map.cards {
            let Some(m) = c.markers.pc else {
                continue;
            };
            match self.pc_history.iter_mut().find(|(p, _)| *p == c.pos) {
                Some((_, l)) => *l = (*l).max(m.letter),
                None => self.pc_history.push((c.pos, m.letter)),
            }
        }
        self.pc_history.sort();
    }

    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.units[id.0 as usize]
    }

    pub fn unit_mut(&mut self, id: UnitId) -> &mut Unit {
        &mut self.units.edit()[id.0 as usize]
    }

    pub fn get(&self, id: UnitId) -> Option<&Unit> {
        self.units.get(id.0 as usize)
    }

    /// Units in play, in id order.
    pub fn in_play(&self) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(|u| u.in_play())
    }

    /// The units and casualties in play aboard a vehicle (7.4), in id
    /// order.
    pub fn passengers(
        &self,
        v: crate::engine::kernel::ids::VehicleId,
    ) -> impl Iterator<Item = &Unit> {
        self.in_play().filter(move |u| u.riding == Some(v))
    }

    /// Units in play on a card, in id order.
    pub fn units_at(&self, pos: CardPos) -> impl Iterator<Item = &Unit> {
        self.units.at(pos)
    }

    /// A friendly unit other than a casualty on the card.
    pub fn us_on(&self, at: CardPos) -> bool {
        self.units_at(at).any(|u| {
            u.side == crate::data::units::Side::Us
                && u.kind != crate::data::units::UnitKind::Casualty
        })
    }

    /// An enemy unit other than a casualty on the card, spotted or not as
    /// asked.
    pub fn enemy_on(&self, at: CardPos, spotted: bool) -> bool {
        self.units_at(at).any(|u| {
            u.side != crate::data::units::Side::Us
                && u.kind != crate::data::units::UnitKind::Casualty
                && u.spotted == spotted
        })
    }

    /// Cleared (glossary, 9.13, 11.0): no enemy unit but casualties and no
    /// PC marker on the card.
    pub fn cleared(&self, at: CardPos) -> bool {
        self.map.card(at).is_some_and(|c| c.markers.pc.is_none())
            && !self.units_at(at).any(|u| {
                u.side != crate::data::units::Side::Us
                    && u.kind != crate::data::units::UnitKind::Casualty
            })
    }

    pub fn hq_state(&self, id: UnitId) -> Option<&HqState> {
        self.hqs.iter().find(|h| h.unit == id)
    }

    pub fn hq_state_mut(&mut self, id: UnitId) -> Option<&mut HqState> {
        self.hqs.iter_mut().find(|h| h.unit == id)
    }

    /// Puts a new counter of a type into play and returns its id, or `None`
    /// for an unknown type.
    pub fn add_unit(
        &mut self,
        data: &crate::data::DataSet,
        type_id: &str,
        pos: CardPos,
    ) -> Option<UnitId> {
        let t = data.unit_type(type_id)?;
        let id = UnitId(self.units.len() as u16);
        let taken = |l: &str| self.units.iter().any(|x| x.label == l);
        let mut u = Unit::from_type(id, t, pos);
        u.label = crate::engine::kernel::names::free_label(&u.label, taken);
        self.units.push(u);
        Some(id)
    }

    /// The unit that started the mission under a roster id.
    pub fn by_roster(&self, roster: &str) -> Option<&Unit> {
        self.units
            .iter()
            .find(|u| u.roster.as_deref() == Some(roster))
    }

    /// A roster unit and the counters split from it (teams, runners,
    /// casualties: no roster id of their own, its designation), in any
    /// state; empty when no unit has that roster id.
    pub fn member_units(&self, roster: &str) -> Vec<&Unit> {
        let Some(u0) = self.by_roster(roster) else {
            return Vec::new();
        };
        self.units
            .iter()
            .filter(|u| {
                u.side == u0.side
                    && (u.roster.as_deref() == Some(roster)
                        || (u.roster.is_none() && u.designation == u0.designation))
            })
            .collect()
    }

    /// The company's CO HQ, if still in play.
    pub fn co_hq(&self) -> Option<&Unit> {
        self.in_play()
            .find(|u| u.side == Side::Us && u.kind == UnitKind::Hq && u.hq.is_none())
    }

    /// Steps of one side on a card, casualties excluded (5.1.5).
    /// The steps of `side` on the card that count against its capacity:
    /// casualties and passengers do not (1.2.1 I, 5.1.5).
    pub fn steps_at(&self, pos: CardPos, side: Side) -> u8 {
        self.units_at(pos)
            .filter(|u| u.side == side && u.kind != UnitKind::Casualty && u.riding.is_none())
            .map(|u| u.steps)
            .sum()
    }

    pub fn cover_kind(&self, pos: CardPos, cover: CoverId) -> Option<CoverKind> {
        self.map
            .card(pos)?
            .covers
            .iter()
            .find(|c| c.id == cover)
            .map(|c| c.kind)
    }
}

/// The kinds of VOF a card can be under ([`crate::engine::kernel::vof`]).
pub use crate::engine::kernel::vof::VofLevel;
