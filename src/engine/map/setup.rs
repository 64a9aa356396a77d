//! Preparing a mission (2.0-2.4): dealing the map, placing the company and
//! its assets, placing Potential Contact markers.

use crate::data::DataSet;
use crate::data::charts::{Activity, PcLetter};
use crate::data::mission::{Face, Mission, ObjectiveKind, Start};
use crate::data::terrain::TerrainDeck;
use crate::data::units::{Side, UnitKind};
use crate::engine::kernel::deck::Deck;
use crate::engine::kernel::game::SetupError;
use crate::engine::kernel::ids::{CoverId, UnitId};
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::sequence::Step;
use crate::engine::kernel::state::*;

/// Counter limit per PC letter (9.1.2).
pub const PC_COUNTERS_PER_LETTER: usize = 16;

/// Builds the state of a freshly set-up mission.
pub fn initial_state(
    data: &DataSet,
    mission: &Mission,
    seed: u64,
    options: Options,
) -> Result<State, SetupError> {
    let deck_data = data
        .terrain_deck(&mission.terrain)
        .ok_or_else(|| SetupError(format!("no terrain deck `{}`", mission.terrain)))?;
    let mut deck = Deck::new(&data.action, seed);
    let map = deal_map(mission, deck_data, &mut deck)?;
    let mut state = State {
        mission: mission.id.clone(),
        seed,
        options,
        turn: 1,
        step: Step::Setup,
        step_begun: true,
        general_done: false,
        deck,
        map,
        units: Vec::new().into(),
        hqs: Vec::new(),
        activity: Activity::NoContact,
        impulse: None,
        runners: Vec::new(),
        choices: Vec::new(),
        fires: Vec::new(),
        lay_pdfs: Vec::new(),
        fire_missions: mission
            .fire_support
            .iter()
            .enumerate()
            .flat_map(|(i, f)| f.missions.iter().map(move |m| (i as u8, m.kind, m.count)))
            .collect(),
        fpl: Vec::new(),
        fpf_firing: false,
        tasking: None,
        registered: mission
            .fire_support
            .iter()
            .enumerate()
            .filter_map(|(i, f)| f.registered.map(|a| (i as u8, CardPos::new(a.0, a.1))))
            .collect(),
        carried: Vec::new(),
        evacuated: 0,
        lost_assets: Vec::new(),
        next_cover: 0,
        outcome: None,
        counters: Counters::default(),
        assault_until: 0,
        spotters: Vec::new(),
        pc_history: Vec::new(),
        route_reached: 0,
        hq_tasks: (0, 0),
        tally: None,
        skills: Vec::new(),
        skill_in_use: None,
        patrol: 1,
        moved: Vec::new(),
        signal_plan: mission.signals.clone(),
        vehicles: Vec::new(),
        wrecks: Vec::new(),
        vehicle_phase: Default::default(),
        plan_lz: Vec::new(),
    };
    place_company(data, mission, &mut state)?;
    for (who, dir) in &mission.controls.fpl {
        if let Some(u) = state.by_roster(who).map(|u| u.id) {
            state.fpl.push((u, *dir, false));
        }
    }
    // 10.7: the skill markers the company brings.
    for e in &mission.company {
        if let Some(id) = state.by_roster(&e.id).map(|u| u.id) {
            for s in &e.skills {
                state.skills.push((id, *s));
            }
        }
    }
    place_enemy(data, mission, &mut state)?;
    place_vehicles(data, mission, &mut state)?;
    // 9.1.3: a defensive mission's markers come in each Enemy Activity
    // segment instead.
    if mission.kind != crate::data::mission::MissionKind::Defensive {
        place_pc_markers(mission, &mut state, false);
    }
    // 2.3.2, 2.3.3: the assets are handed out first, then the signals
    // given their meanings.
    let assets = asset_choices(&state);
    state.choices.extend(assets);
    let signals = signal_choices(&state);
    state.choices.extend(signals);
    // 7.1.1: the vehicle platoons' attachments, made before the mission.
    for x in &state.vehicles {
        if x.side == Side::Us && x.platoon.is_some() && x.command.is_none() {
            state
                .choices
                .push(crate::engine::kernel::input::Choice::Attach { vehicle: x.id });
        }
    }
    // 2.4.3: an air assault's landing plan.
    if state.vehicles.iter().any(|x| x.lift.is_some()) {
        state
            .choices
            .push(crate::engine::kernel::input::Choice::LandingPlan);
    }
    // 11.4: a combat patrol waits for the player to name who goes out.
    if mission.kind == crate::data::mission::MissionKind::Patrol {
        state
            .choices
            .push(crate::engine::kernel::input::Choice::Patrol);
    }
    // 2.4.1 B: on defence the player sets the company up, unit by unit in
    // roster order, the briefing's plan offered as it goes.
    if mission.kind == crate::data::mission::MissionKind::Defensive {
        // The company's counters in roster order, then the teams a
        // campaign brought in (11.3 step 3).
        let company: Vec<UnitId> = state
            .units
            .iter()
            .filter(|u| u.side == Side::Us && u.in_play())
            .map(|u| u.id)
            .collect();
        for unit in company {
            state
                .choices
                .push(crate::engine::kernel::input::Choice::SetUp { unit });
        }
    }
    Ok(state)
}

/// 2.3.2: the questions of the set-up's asset distribution, one for each
/// asset the company's HQs and staff hold that a player may hand to
/// another: radios carried by men (a handheld or man-pack set), field
/// telephones, phone line markers and pyrotechnics. Decision: a stack of
/// one pyrotechnic goes whole to one holder; assets the company's other
/// units hold (a forward observer's radio, say) stay with them; under 13.3
/// the communication assets set aside are not handed out.
pub fn asset_choices(state: &State) -> Vec<crate::engine::kernel::input::Choice> {
    use crate::data::mission::RadioClass;
    let abstract_comms = state.options.abstract_comms;
    let mut v = Vec::new();
    for u in &state.units {
        if u.side != Side::Us || !matches!(u.kind, UnitKind::Hq | UnitKind::Staff) {
            continue;
        }
        for a in &u.assets {
            let movable = match a {
                Asset::Radio { class, .. } => {
                    !abstract_comms && matches!(class, RadioClass::Handheld | RadioClass::Manpack)
                }
                Asset::Phone { .. } | Asset::PhoneLines(_) => !abstract_comms,
                Asset::Pyro(p, _) => !(abstract_comms && p.is_signal()),
            };
            if movable {
                v.push(crate::engine::kernel::input::Choice::Asset {
                    from: u.id,
                    asset: a.clone(),
                });
            }
        }
    }
    v
}

/// 2.3.3: the questions of the signal plan, one for each kind of signal
/// device the company carries (under 13.3 none: the signals are set
/// aside).
pub fn signal_choices(state: &State) -> Vec<crate::engine::kernel::input::Choice> {
    if state.options.abstract_comms {
        return Vec::new();
    }
    let mut devices: Vec<crate::data::mission::Pyro> = state
        .units
        .iter()
        .filter(|u| u.side == Side::Us)
        .flat_map(|u| u.assets.iter())
        .filter_map(|a| match a {
            Asset::Pyro(p, _) if p.is_signal() => Some(*p),
            _ => None,
        })
        .collect();
    devices.sort();
    devices.dedup();
    devices
        .into_iter()
        .map(|device| crate::engine::kernel::input::Choice::Signal { device })
        .collect()
}

/// Deals the grid (2.2.1, 5.2.2 A): fixed cards first, then the rest at
/// random row by row; a hill gets another card on top until a non-hill
/// card is dealt. Face-down cards are dealt as single cards and completed
/// when revealed.
fn deal_map(mission: &Mission, deck: &TerrainDeck, rng: &mut Deck) -> Result<Map, SetupError> {
    let mut pile: Vec<u8> = deck.cards.iter().map(|c| c.number).collect();
    pile.sort();
    for f in &mission.map.fixed {
        pile.retain(|n| *n != f.card);
    }
    rng.shuffle_items(&mut pile);
    let is_hill = |n: u8| deck.card(n).is_some_and(|c| c.is_hill());
    let face_up = mission.map.face == Face::Up;
    let mut map = Map {
        deck: deck.id.clone(),
        rows: mission.map.rows as i8,
        cols: mission.map.cols as i8,
        cards: Vec::new(),
        terrain_pile: Vec::new(),
        controls: Controls::default(),
    };
    for row in 1..=map.rows {
        for col in 1..=map.cols {
            let pos = CardPos::new(row, col);
            let mut stack = Vec::new();
            if let Some(f) = mission
                .map
                .fixed
                .iter()
                .find(|f| (f.at.0, f.at.1) == (row, col))
            {
                stack.push(f.card);
            } else {
                stack.push(
                    pile.pop().ok_or_else(|| {
                        SetupError("the terrain deck ran out while dealing".into())
                    })?,
                );
            }
            if face_up {
                while stack.last().is_some_and(|n| is_hill(*n)) {
                    stack.push(pile.pop().ok_or_else(|| {
                        SetupError("the terrain deck ran out while dealing".into())
                    })?);
                }
            }
            map.insert(MapCard {
                pos,
                stack,
                face_up,
                covers: Vec::new(),
                markers: CardMarkers::default(),
            });
        }
    }
    map.terrain_pile = pile;
    let c = &mission.controls;
    map.controls.boundaries = c.boundaries;
    map.controls.loa = c.loa;
    map.controls.phase_lines = c.phase_lines.clone();
    map.controls.mlr = c.mlr;
    for (k, a) in &c.objectives {
        let kind = match k {
            ObjectiveKind::Primary => PointControl::PrimaryObjective,
            ObjectiveKind::Secondary => PointControl::SecondaryObjective,
        };
        map.controls.points.push((kind, CardPos::new(a.0, a.1)));
    }
    if let Some(a) = c.attack_position {
        map.controls
            .points
            .push((PointControl::AttackPosition, CardPos::new(a.0, a.1)));
    }
    if let Some(a) = c.cop {
        map.controls
            .points
            .push((PointControl::CombatOutpost, CardPos::new(a.0, a.1)));
    }
    for a in &c.claymores {
        if let Some(card) = map.card_mut(CardPos::new(a.0, a.1)) {
            card.markers.claymore = true;
        }
    }
    for a in &c.mines {
        if let Some(card) = map.card_mut(CardPos::new(a.0, a.1)) {
            card.markers.mines = true;
        }
    }
    if let Some(a) = c.fpf {
        map.controls
            .points
            .push((PointControl::FinalProtectiveFire, CardPos::new(a.0, a.1)));
    }
    if let Some(a) = c.casualty_point {
        map.controls
            .points
            .push((PointControl::CasualtyPoint, CardPos::new(a.0, a.1)));
    }
    for a in &c.lz {
        map.controls
            .points
            .push((PointControl::LandingZone, CardPos::new(a.0, a.1)));
    }
    if let Some(a) = c.medevac {
        map.controls
            .points
            .push((PointControl::MedevacLz, CardPos::new(a.0, a.1)));
    }
    for (i, a) in c.route.iter().enumerate() {
        map.controls.points.push((
            PointControl::RoutePoint(i as u8 + 1),
            CardPos::new(a.0, a.1),
        ));
    }
    Ok(map)
}

/// Places the company (2.3): units, chain of command, assets.
fn place_company(data: &DataSet, mission: &Mission, state: &mut State) -> Result<(), SetupError> {
    for (i, r) in mission.company.iter().enumerate() {
        let t = data
            .unit_type(&r.unit_type.0)
            .ok_or_else(|| SetupError(format!("unknown unit type `{}`", r.unit_type)))?;
        let pos = match r.start {
            Start::Staging(col) => CardPos::new(0, col),
            Start::Heli(a) => a.pos(),
            Start::Card(a) => CardPos::new(a.0, a.1),
        };
        let mut u = Unit::from_type(UnitId(i as u16), t, pos);
        u.roster = Some(r.id.clone());
        u.label = r.label.clone();
        u.designation = r.label.clone();
        u.experience = t.experience.unwrap_or(r.experience);
        u.steps = r.steps.unwrap_or(t.steps);
        // 5.1.6 A: a load carried for others from the start.
        u.cargo = r.load;
        // A counter a campaign's last mission left out of play, its steps
        // all teams (11.3 step 3): it waits to be reconstituted (4.2.3 i)
        // or rebuilt (10.2.2), as a counter removed in play does.
        if u.steps == 0 {
            u.steps = 1;
            u.removed = true;
        }
        state.units.push(u);
    }
    let id_of = |roster: &str| {
        mission
            .company
            .iter()
            .position(|e| e.id == roster)
            .map(|i| UnitId(i as u16))
    };
    for (i, r) in mission.company.iter().enumerate() {
        state.units.edit()[i].hq = r.hq.as_deref().and_then(id_of);
    }
    // 11.3 step 3: the steps left as teams at the end of the last mission
    // start as Green fire teams of the unit's designation, beside it.
    for (i, r) in mission.company.iter().enumerate() {
        for _ in 0..r.teams {
            let from = state.units[i].clone();
            let id = UnitId(state.units.len() as u16);
            let mut t = crate::engine::kernel::units::new_team(data, &from, UnitKind::FireTeam, id);
            t.experience = crate::data::action::Experience::Green;
            t.label = crate::engine::kernel::units::unique_label(&state.units, &t.label);
            state.units.push(t);
        }
    }
    // Platoon membership: the platoon HQ at or above the unit (3.3.1 C).
    let co = state
        .units
        .iter()
        .find(|u| u.kind == UnitKind::Hq && u.hq.is_none())
        .map(|u| u.id);
    for i in 0..state.units.len() {
        let mut cur = Some(UnitId(i as u16));
        let mut plt = None;
        for _ in 0..state.units.len() {
            let Some(c) = cur else { break };
            let u = &state.units[c.0 as usize];
            if u.kind == UnitKind::Hq && u.hq.is_some() && u.hq == co {
                plt = Some(c);
                break;
            }
            cur = u.hq;
        }
        state.units.edit()[i].platoon = plt;
    }
    for u in &state.units {
        if u.side == Side::Us && u.kind.commands() && !u.removed {
            state.hqs.push(HqState {
                unit: u.id,
                saved: 0,
                activated: false,
                done: false,
            });
        }
    }
    let mut give = |holder: &str, asset: Asset| {
        if let Some(id) = id_of(holder) {
            state.unit_mut(id).assets.push(asset);
        }
    };
    for r in &mission.radios {
        give(
            &r.holder,
            Asset::Radio {
                name: r.name.clone(),
                class: r.class,
                net: r.net,
            },
        );
    }
    for p in &mission.phones {
        give(&p.holder, Asset::Phone { net: p.net });
    }
    for (h, n) in &mission.phone_lines {
        give(h, Asset::PhoneLines(*n));
    }
    for p in &mission.pyrotechnics {
        give(&p.holder, Asset::Pyro(p.device, p.count));
    }
    for u in state.units.edit().iter_mut() {
        u.assets.sort();
    }
    Ok(())
}

/// Enemy units the briefing puts on the map, with their cover (9.2.3).
/// 9.11: fanaticism set for the whole mission or the whole campaign.
pub fn fanatic_mission(data: &DataSet, mission: &Mission) -> bool {
    mission.fanatic
        || mission
            .campaign
            .as_ref()
            .and_then(|c| data.campaign(c))
            .is_some_and(|c| c.fanatic)
}

/// 7.1.1, 2.3: the vehicles the briefing lists, both sides, in its order.
fn place_vehicles(data: &DataSet, mission: &Mission, state: &mut State) -> Result<(), SetupError> {
    for v in &mission.vehicles {
        let t = data
            .vehicles
            .vehicle(&v.vehicle_type.0)
            .ok_or_else(|| SetupError(format!("no vehicle type `{}`", v.vehicle_type)))?;
        let pos = match v.start {
            Start::Staging(col) => CardPos::new(0, col),
            Start::Heli(a) => a.pos(),
            Start::Card(a) => CardPos::new(a.0, a.1),
        };
        let attached = match &v.attached {
            Some(r) => Some(
                state
                    .by_roster(r)
                    .map(|u| u.id)
                    .ok_or_else(|| SetupError(format!("no unit `{r}` to attach a vehicle to")))?,
            ),
            None => None,
        };
        let id = crate::engine::kernel::units::add_vehicle(
            state,
            t,
            v.label.clone().unwrap_or_else(|| t.name.clone()),
            pos,
            attached,
        );
        state.vehicles[id.0 as usize].schedule = v.schedule;
        if t.class == crate::data::vehicles::VehicleClass::TransportHelicopter {
            state.vehicles[id.0 as usize].lift = Some(Default::default());
        }
        state.vehicles[id.0 as usize].smoke = v.smoke;
        state.vehicles[id.0 as usize].wp = v.wp;
        // 7.1.1: a vehicle platoon, and its HQ's commands.
        state.vehicles[id.0 as usize].platoon = v.platoon.clone();
        if v.platoon_hq {
            state.vehicles[id.0 as usize].command = Some(Default::default());
        }
        // 7.4.1: units may start the mission embarked.
        for r in &v.carrying {
            let u = state
                .by_roster(r)
                .map(|u| u.id)
                .ok_or_else(|| SetupError(format!("no unit `{r}` to put aboard a vehicle")))?;
            let u = state.unit_mut(u);
            u.riding = Some(id);
            u.pos = pos;
            u.cover = None;
        }
    }
    Ok(())
}

fn place_enemy(data: &DataSet, mission: &Mission, state: &mut State) -> Result<(), SetupError> {
    for e in &mission.enemy {
        let pos = CardPos::new(e.at.0, e.at.1);
        let id = state
            .add_unit(data, &e.unit_type.0, pos)
            .ok_or_else(|| SetupError(format!("unknown unit type `{}`", e.unit_type)))?;
        state.unit_mut(id).spotted = e.spotted;
        state.unit_mut(id).fanatic = fanatic_mission(data, mission);
        if let Some(kind) = e.cover {
            // Units of one package share one marker per card and kind.
            let existing = state
                .map
                .card(pos)
                .and_then(|c| c.covers.iter().find(|m| m.kind == kind).map(|m| m.id));
            let cid = match existing {
                Some(c) => c,
                None => {
                    let cid = CoverId(state.next_cover);
                    state.next_cover += 1;
                    if let Some(c) = state.map.card_mut(pos) {
                        // Decision (5.2.3 B): an enemy bunker or pillbox
                        // of the setup, before any contact, points at the
                        // company's edge.
                        let arc = data.charts.firing_arc(kind);
                        c.covers.push(CoverMarker {
                            id: cid,
                            kind,
                            facing: arc.then_some(crate::data::terrain::Dir::S),
                        });
                    }
                    cid
                }
            };
            state.unit_mut(id).cover = Some(cid);
        }
    }
    Ok(())
}

/// 9.1.2: one PC marker on each card of a listed row not occupied by a
/// friendly unit; mixed letters are drawn at random from the counters, at
/// most 16 of each letter. 9.1.3: on defence (`occupied`) the marked rows'
/// cards get theirs whoever holds them: that is where the attack falls.
/// Decision (11.4, 2.4.1 B): no marker ever goes on the combat outpost.
pub fn place_pc_markers(mission: &Mission, state: &mut State, occupied: bool) {
    let cop = mission.controls.cop.map(|a| CardPos::new(a.0, a.1));
    for row in &mission.pc_markers {
        let positions: Vec<CardPos> = state
            .map
            .cards
            .iter()
            .map(|c| c.pos)
            .filter(|p| p.row == row.row && Some(*p) != cop)
            .filter(|p| {
                occupied
                    || !state
                        .units
                        .iter()
                        .any(|u| u.pos == *p && u.side == Side::Us)
            })
            .collect();
        let mut pool: Vec<PcLetter> = Vec::new();
        if row.letters.len() == 1 {
            pool = vec![row.letters[0]; positions.len()];
        } else {
            for l in &row.letters {
                pool.extend(std::iter::repeat_n(
                    *l,
                    positions.len().min(PC_COUNTERS_PER_LETTER),
                ));
            }
            state.deck.shuffle_items(&mut pool);
        }
        for (p, letter) in positions.iter().zip(pool) {
            if let Some(c) = state.map.card_mut(*p) {
                // 9.1.5: two markers on one card keep the higher letter.
                let keep = match c.markers.pc {
                    Some(old) => old.letter <= letter,
                    None => false,
                };
                if !keep {
                    c.markers.pc = Some(PcMarker {
                        letter,
                        hidden: row.hidden,
                    });
                }
            }
        }
    }
    state.note_pc_markers();
}
