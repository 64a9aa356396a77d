//! Learn mode's explanations (`assets/learn.ron`): for every step of the
//! turn, every kind of event, every order of the Action Menu and a few
//! procedures, what it is for and what the rule says, in our own words, with
//! its section.
//!
//! The keys mirror the engine's enums. [`EventKey::of`] and [`ActionKey::of`]
//! are exhaustive matches, so a variant added to [`EventKind`] or [`Action`]
//! stops the build until it has a key; a key without an entry in the file is
//! a load error. Because the texts are keyed by the engine, this module sits
//! above it (beside [`crate::play`], below the front ends): the data layer
//! only reads the file with the others, and this module gives it its schema,
//! using the data layer's parser and error positions so that a broken file
//! is reported like any other (`path:line:col: message`).
//!
//! Loading refuses a file where a key is missing or repeated, or where a
//! rule, title or text is empty, and checks the rule of every step and
//! order against the engine's own ([`Step::rule`], [`Action::rule`]). Since
//! a loaded [`Learn`] is complete, its lookups cannot fail. [`load`] loads a
//! data set and its explanations together: every program path that needs
//! both goes through it.

use crate::data::locate::{locate, locate_field};
use crate::data::mission::{FmKind, MissionKind, Net, Pyro};
use crate::data::{self, DataError, DataErrors, DataSet, DataSource, SourceFile, SourceSet};
use crate::engine::{Action, CardPos, CoverId, EventKind, Step, TeamKind, UnitId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Debug;

/// Loads and validates a data set and learn mode's explanations (its
/// `assets/learn.ron`), collecting every error of both.
pub fn load(source: &DataSource) -> Result<(DataSet, Learn), DataErrors> {
    let set = source.read()?;
    load_sources(&set)
}

/// Loads and validates a set of source texts with its explanations. The
/// explanations' errors come after every parse error of the other files
/// and before the checks across them, where they always have.
pub fn load_sources(set: &SourceSet) -> Result<(DataSet, Learn), DataErrors> {
    data::load_sources_with(set, |errors| Learn::load(&set.learn, errors))
}

/// Declares a closed set of keys with `ALL` (every variant, in order) and
/// `name` (the variant's name as written in the file).
macro_rules! keys {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $v:ident,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        pub enum $name {
            $($(#[$vmeta])* $v,)*
        }

        impl $name {
            /// Every key, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$v,)*];

            /// The key as written in `assets/learn.ron`.
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$v => stringify!($v),)*
                }
            }
        }
    };
}

keys! {
    /// One key per [`EventKind`] variant, of the same name.
    EventKey {
        Setup,
        CardRevealed,
        MapExpanded,
        TurnBegins,
        StepBegins,
        Reshuffled,
        HigherHqCheck,
        Commands,
        Activated,
        ImpulseEnds,
        Order,
        Attempt,
        Moved,
        CoverChanged,
        CoverFound,
        Status,
        UnitCreated,
        PlacedAtMaxLos,
        ActivityCheck,
        UnitRemoved,
        Marker,
        Activity,
        Nothing,
        MissionEnds,
        VehicleActivated,
        VehicleMoved,
        AtCombat,
        FireMissionSpent,
        FireOpened,
        VehicleEnters,
        VehicleOut,
        Communication,
    }
}

impl EventKey {
    /// The key of an event. Exhaustive: a new [`EventKind`] variant needs a
    /// key before the program builds.
    pub fn of(kind: &EventKind) -> EventKey {
        use EventKind as K;
        match kind {
            K::Setup => EventKey::Setup,
            K::CardRevealed { .. } => EventKey::CardRevealed,
            K::MapExpanded { .. } => EventKey::MapExpanded,
            K::TurnBegins { .. } => EventKey::TurnBegins,
            K::StepBegins { .. } => EventKey::StepBegins,
            K::Reshuffled => EventKey::Reshuffled,
            K::HigherHqCheck { .. } => EventKey::HigherHqCheck,
            K::Commands { .. } => EventKey::Commands,
            K::Activated { .. } => EventKey::Activated,
            K::ImpulseEnds { .. } => EventKey::ImpulseEnds,
            K::Order { .. } => EventKey::Order,
            K::Attempt { .. } => EventKey::Attempt,
            K::Moved { .. } => EventKey::Moved,
            K::CoverChanged { .. } => EventKey::CoverChanged,
            K::CoverFound { .. } => EventKey::CoverFound,
            K::Status { .. } => EventKey::Status,
            K::UnitCreated { .. } => EventKey::UnitCreated,
            K::PlacedAtMaxLos { .. } => EventKey::PlacedAtMaxLos,
            K::ActivityCheck { .. } => EventKey::ActivityCheck,
            K::UnitRemoved { .. } => EventKey::UnitRemoved,
            K::Marker { .. } => EventKey::Marker,
            K::Activity { .. } => EventKey::Activity,
            K::Nothing { .. } => EventKey::Nothing,
            K::MissionEnds { .. } => EventKey::MissionEnds,
            K::VehicleActivated { .. } => EventKey::VehicleActivated,
            K::VehicleMoved { .. } => EventKey::VehicleMoved,
            K::AtCombat { .. } => EventKey::AtCombat,
            K::FireMissionSpent { .. } => EventKey::FireMissionSpent,
            K::FireOpened { .. } => EventKey::FireOpened,
            K::VehicleEnters { .. } => EventKey::VehicleEnters,
            K::VehicleOut { .. } => EventKey::VehicleOut,
            K::Communication { .. } => EventKey::Communication,
        }
    }
}

keys! {
    /// One key per [`Action`] variant, of the same name.
    ActionKey {
        Activate,
        Exhort,
        DeployPyro,
        ReconstitutePltHq,
        ReconstituteCoHq,
        CreateRunner,
        DispatchRunner,
        DismissRunner,
        SwitchNet,
        RepairLine,
        DesignateCasualtyPoint,
        DesignateLandingZone,
        DesignateMedevac,
        Move,
        MovePlatoon,
        Infiltrate,
        InfiltratePlatoon,
        SeekCover,
        MoveCover,
        InfiltrateCover,
        PickUp,
        PickUpItem,
        RemovePin,
        ParalyzedToLitter,
        LitterToFire,
        FireToAssault,
        AssaultToFire,
        RallyToFront,
        DetachTeam,
        Supplement,
        ReconstituteSquad,
        FlipToFireTeam,
        Spot,
        ConcentrateFire,
        PlatoonConcentrate,
        Grenade,
        WpGrenade,
        ThrowDemo,
        PlaceDemo,
        Flame,
        PlatoonGrenade,
        CallForFire,
        MortarFire,
        CeaseFire,
        ShiftFire,
        FireFinalProtective,
        HigherTask,
        ActivateVehicle,
        ActivateVehicleHq,
        ReadyAntiTank,
        Embark,
        Disembark,
        Load,
        Unload,
    }
}

impl ActionKey {
    /// The key of an order. Exhaustive: a new [`Action`] variant needs a key
    /// before the program builds.
    pub fn of(action: &Action) -> ActionKey {
        use Action as A;
        match action {
            A::Activate { .. } => ActionKey::Activate,
            A::Exhort { .. } => ActionKey::Exhort,
            A::DeployPyro { .. } => ActionKey::DeployPyro,
            A::ReconstitutePltHq { .. } => ActionKey::ReconstitutePltHq,
            A::ReconstituteCoHq { .. } => ActionKey::ReconstituteCoHq,
            A::CreateRunner { .. } => ActionKey::CreateRunner,
            A::DispatchRunner { .. } => ActionKey::DispatchRunner,
            A::DismissRunner { .. } => ActionKey::DismissRunner,
            A::SwitchNet { .. } => ActionKey::SwitchNet,
            A::RepairLine { .. } => ActionKey::RepairLine,
            A::DesignateCasualtyPoint => ActionKey::DesignateCasualtyPoint,
            A::DesignateLandingZone => ActionKey::DesignateLandingZone,
            A::DesignateMedevac => ActionKey::DesignateMedevac,
            A::Move { .. } => ActionKey::Move,
            A::MovePlatoon { .. } => ActionKey::MovePlatoon,
            A::Infiltrate { .. } => ActionKey::Infiltrate,
            A::InfiltratePlatoon { .. } => ActionKey::InfiltratePlatoon,
            A::SeekCover { .. } => ActionKey::SeekCover,
            A::MoveCover { .. } => ActionKey::MoveCover,
            A::InfiltrateCover { .. } => ActionKey::InfiltrateCover,
            A::PickUp { .. } => ActionKey::PickUp,
            A::PickUpItem { .. } => ActionKey::PickUpItem,
            A::RemovePin { .. } => ActionKey::RemovePin,
            A::ParalyzedToLitter { .. } => ActionKey::ParalyzedToLitter,
            A::LitterToFire { .. } => ActionKey::LitterToFire,
            A::FireToAssault { .. } => ActionKey::FireToAssault,
            A::AssaultToFire { .. } => ActionKey::AssaultToFire,
            A::RallyToFront { .. } => ActionKey::RallyToFront,
            A::DetachTeam { .. } => ActionKey::DetachTeam,
            A::Supplement { .. } => ActionKey::Supplement,
            A::ReconstituteSquad { .. } => ActionKey::ReconstituteSquad,
            A::FlipToFireTeam { .. } => ActionKey::FlipToFireTeam,
            A::Spot { .. } => ActionKey::Spot,
            A::ConcentrateFire { .. } => ActionKey::ConcentrateFire,
            A::PlatoonConcentrate { .. } => ActionKey::PlatoonConcentrate,
            A::Grenade { .. } => ActionKey::Grenade,
            A::WpGrenade { .. } => ActionKey::WpGrenade,
            A::ThrowDemo { .. } => ActionKey::ThrowDemo,
            A::PlaceDemo { .. } => ActionKey::PlaceDemo,
            A::Flame { .. } => ActionKey::Flame,
            A::PlatoonGrenade { .. } => ActionKey::PlatoonGrenade,
            A::CallForFire { .. } => ActionKey::CallForFire,
            A::MortarFire { .. } => ActionKey::MortarFire,
            A::CeaseFire { .. } => ActionKey::CeaseFire,
            A::ShiftFire { .. } => ActionKey::ShiftFire,
            A::FireFinalProtective => ActionKey::FireFinalProtective,
            A::HigherTask { .. } => ActionKey::HigherTask,
            A::ActivateVehicle { .. } => ActionKey::ActivateVehicle,
            A::ActivateVehicleHq { .. } => ActionKey::ActivateVehicleHq,
            A::ReadyAntiTank { .. } => ActionKey::ReadyAntiTank,
            A::Embark { .. } => ActionKey::Embark,
            A::Disembark { .. } => ActionKey::Disembark,
            A::Load { .. } => ActionKey::Load,
            A::Unload { .. } => ActionKey::Unload,
        }
    }

    /// A representative order of this kind, with placeholder units and
    /// cards: for reading what does not depend on them (rule, name).
    pub fn example(self) -> Action {
        let unit = UnitId(0);
        let other = UnitId(1);
        let at = CardPos { row: 0, col: 0 };
        let to = CardPos { row: 1, col: 0 };
        let cover = CoverId(0);
        match self {
            ActionKey::Activate => Action::Activate { hq: unit },
            ActionKey::Exhort => Action::Exhort { unit },
            ActionKey::DeployPyro => Action::DeployPyro {
                unit,
                device: Pyro::RedSmoke,
                at,
            },
            ActionKey::ReconstitutePltHq => Action::ReconstitutePltHq {
                from: unit,
                plt: other,
            },
            ActionKey::ReconstituteCoHq => Action::ReconstituteCoHq { from: unit },
            ActionKey::CreateRunner => Action::CreateRunner { from: unit },
            ActionKey::DispatchRunner => Action::DispatchRunner {
                runner: unit,
                to: other,
            },
            ActionKey::DismissRunner => Action::DismissRunner {
                runner: unit,
                into: other,
            },
            ActionKey::SwitchNet => Action::SwitchNet {
                unit,
                to: Net::BnTac,
            },
            ActionKey::RepairLine => Action::RepairLine { unit },
            ActionKey::DesignateCasualtyPoint => Action::DesignateCasualtyPoint,
            ActionKey::DesignateLandingZone => Action::DesignateLandingZone,
            ActionKey::DesignateMedevac => Action::DesignateMedevac,
            ActionKey::Move => Action::Move {
                unit,
                to,
                cover: None,
            },
            ActionKey::MovePlatoon => Action::MovePlatoon { to },
            ActionKey::Infiltrate => Action::Infiltrate {
                unit,
                to,
                cover: None,
            },
            ActionKey::InfiltratePlatoon => Action::InfiltratePlatoon { to },
            ActionKey::SeekCover => Action::SeekCover { unit },
            ActionKey::MoveCover => Action::MoveCover {
                unit,
                cover: Some(cover),
            },
            ActionKey::InfiltrateCover => Action::InfiltrateCover {
                unit,
                cover: Some(cover),
            },
            ActionKey::PickUp => Action::PickUp {
                unit,
                casualty: other,
            },
            ActionKey::PickUpItem => Action::PickUpItem { unit, item: 0 },
            ActionKey::RemovePin => Action::RemovePin { unit },
            ActionKey::ParalyzedToLitter => Action::ParalyzedToLitter { unit },
            ActionKey::LitterToFire => Action::LitterToFire { unit },
            ActionKey::FireToAssault => Action::FireToAssault { unit },
            ActionKey::AssaultToFire => Action::AssaultToFire { unit },
            ActionKey::RallyToFront => Action::RallyToFront { unit },
            ActionKey::DetachTeam => Action::DetachTeam {
                squad: unit,
                kind: TeamKind::Fire,
            },
            ActionKey::Supplement => Action::Supplement {
                squad: unit,
                team: other,
            },
            ActionKey::ReconstituteSquad => Action::ReconstituteSquad {
                teams: vec![unit, other],
            },
            ActionKey::FlipToFireTeam => Action::FlipToFireTeam { unit },
            ActionKey::Spot => Action::Spot { unit, target: to },
            ActionKey::ConcentrateFire => Action::ConcentrateFire {
                unit,
                target: other,
            },
            ActionKey::PlatoonConcentrate => Action::PlatoonConcentrate { target: other },
            ActionKey::Grenade => Action::Grenade {
                unit,
                target: other,
            },
            ActionKey::WpGrenade => Action::WpGrenade {
                unit,
                target: other,
            },
            ActionKey::ThrowDemo => Action::ThrowDemo { unit, cover },
            ActionKey::PlaceDemo => Action::PlaceDemo { unit, cover },
            ActionKey::Flame => Action::Flame { unit, cover },
            ActionKey::PlatoonGrenade => Action::PlatoonGrenade { target: other },
            ActionKey::CallForFire => Action::CallForFire {
                observer: unit,
                agency: 0,
                kind: FmKind::He,
                target: to,
            },
            ActionKey::MortarFire => Action::MortarFire {
                mortar: unit,
                target: to,
            },
            ActionKey::CeaseFire => Action::CeaseFire { at },
            ActionKey::ShiftFire => Action::ShiftFire { at, to },
            ActionKey::FireFinalProtective => Action::FireFinalProtective,
            ActionKey::HigherTask => Action::HigherTask { commands: 1 },
            ActionKey::ActivateVehicle => Action::ActivateVehicle {
                vehicle: crate::engine::kernel::ids::VehicleId(0),
            },
            ActionKey::ActivateVehicleHq => Action::ActivateVehicleHq {
                vehicle: crate::engine::kernel::ids::VehicleId(0),
            },
            ActionKey::ReadyAntiTank => Action::ReadyAntiTank { unit },
            ActionKey::Embark => Action::Embark {
                vehicle: crate::engine::kernel::ids::VehicleId(0),
                unit,
            },
            ActionKey::Disembark => Action::Disembark { unit },
            ActionKey::Load => Action::Load {
                unit,
                vehicle: crate::engine::kernel::ids::VehicleId(0),
                asset: None,
            },
            ActionKey::Unload => Action::Unload {
                vehicle: crate::engine::kernel::ids::VehicleId(0),
            },
        }
    }

    /// The rule section of this kind of order ([`Action::rule`]).
    pub fn rule(self) -> &'static str {
        self.example().rule()
    }
}

keys! {
    /// Procedures the player should be taught that are more than one event.
    Procedure {
        /// How an HQ's commands are drawn and limited (4.1).
        CommandDraw,
        /// How an action attempt draws its cards (4.2).
        ActionAttempt,
        /// The Current Activity Level (9.1).
        CurrentActivity,
        /// Resolving a Potential Contact marker (9.1.5).
        PcResolution,
        /// Which enemy appears, and where (9.2).
        EnemyPlacement,
        /// Spotting the enemy (9.3).
        Spotting,
        /// The enemy activity check (9.4).
        ActivityCheck,
        /// An enemy unit falling back (9.4).
        FallBack,
        /// Combat resolution: NCM, fire result, hit effect (6.3).
        CombatResolution,
        /// Rallying a unit (10.1, 4.2.3).
        Rally,
        /// The Clean Up Phase (3.8).
        CleanUp,
        /// Fanatics and human waves taking fire (9.11, 9.12).
        FanaticsAndHumanWaves,
        /// Prisoners taken, guarded or shot (9.13).
        Prisoners,
    }
}

/// One explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The section it explains ("4.2.2 a").
    pub rule: String,
    /// A short title.
    pub title: String,
    /// The explanation, a few sentences in our own words.
    pub text: String,
}

/// One entry as written in the file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileEntry<K> {
    pub key: K,
    pub rule: String,
    pub title: String,
    pub text: String,
}

/// `assets/learn.ron` as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LearnFile {
    pub steps: Vec<FileEntry<Step>>,
    pub events: Vec<FileEntry<EventKey>>,
    pub actions: Vec<FileEntry<ActionKey>>,
    pub procedures: Vec<FileEntry<Procedure>>,
}

/// Every explanation, complete: built only by [`Learn::validate`], which
/// refuses a file with a key missing, so every lookup finds its entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Learn {
    steps: BTreeMap<Step, Entry>,
    events: BTreeMap<EventKey, Entry>,
    actions: BTreeMap<ActionKey, Entry>,
    procedures: BTreeMap<Procedure, Entry>,
}

impl Learn {
    /// The explanation of a phase, segment or impulse.
    pub fn step(&self, step: Step) -> &Entry {
        &self.steps[&step]
    }

    /// The explanation of a kind of event.
    pub fn event(&self, kind: &EventKind) -> &Entry {
        self.event_key(EventKey::of(kind))
    }

    pub fn event_key(&self, key: EventKey) -> &Entry {
        &self.events[&key]
    }

    /// The explanation of an order of the Action Menu.
    pub fn action(&self, action: &Action) -> &Entry {
        self.action_key(ActionKey::of(action))
    }

    pub fn action_key(&self, key: ActionKey) -> &Entry {
        &self.actions[&key]
    }

    /// The explanation of a procedure.
    pub fn procedure(&self, procedure: Procedure) -> &Entry {
        &self.procedures[&procedure]
    }

    /// Parses and checks `assets/learn.ron`; every problem is added to
    /// `errors`, and `None` returned if there was one.
    pub fn load(src: &SourceFile, errors: &mut Vec<DataError>) -> Option<Learn> {
        let file = data::parse::<LearnFile>(src)
            .map_err(|e| errors.push(e))
            .ok()?;
        Learn::validate(src, file, errors)
    }

    /// Checks a parsed file (second pass) and builds the lookups; every
    /// problem is added to `errors`, and `None` returned if there was one.
    pub fn validate(
        src: &SourceFile,
        file: LearnFile,
        errors: &mut Vec<DataError>,
    ) -> Option<Learn> {
        let before = errors.len();
        let steps = section(
            src,
            "steps",
            "step",
            file.steps,
            Step::ALL.as_slice(),
            errors,
            |k| {
                let rules = [
                    k.rule(MissionKind::Offensive),
                    k.rule(MissionKind::Defensive),
                ];
                (rules[0], (rules[0] != rules[1]).then_some(rules[1]))
            },
        );
        let events = section(
            src,
            "events",
            "event",
            file.events,
            EventKey::ALL,
            errors,
            |_| ("", None),
        );
        let actions = section(
            src,
            "actions",
            "action",
            file.actions,
            ActionKey::ALL,
            errors,
            |k| (k.rule(), None),
        );
        let procedures = section(
            src,
            "procedures",
            "procedure",
            file.procedures,
            Procedure::ALL,
            errors,
            |_| ("", None),
        );
        (errors.len() == before).then_some(Learn {
            steps,
            events,
            actions,
            procedures,
        })
    }
}

/// Checks one list of entries: every key of `all` exactly once, no empty
/// field, and the rule equal to `expected(key)` where that is not empty
/// (either of two rules when a second is given).
fn section<K: Copy + Ord + Debug>(
    src: &SourceFile,
    list: &str,
    what: &str,
    entries: Vec<FileEntry<K>>,
    all: &[K],
    errors: &mut Vec<DataError>,
    expected: impl Fn(K) -> (&'static str, Option<&'static str>),
) -> BTreeMap<K, Entry> {
    let at = |i: usize, field: Option<&str>| locate(&src.text, list, i, field);
    let mut out: BTreeMap<K, Entry> = BTreeMap::new();
    // Where each key was first seen, by entry index: its position is only
    // looked up for a message (locating every entry made loading slow).
    let mut first: BTreeMap<K, usize> = BTreeMap::new();
    for (i, e) in entries.into_iter().enumerate() {
        if let Some(&f) = first.get(&e.key) {
            let p = at(f, Some("key"));
            errors.push(DataError::at(
                &src.path,
                at(i, Some("key")),
                format!(
                    "duplicate {what} entry `{:?}` (first at line {}:{})",
                    e.key, p.line, p.col
                ),
            ));
            continue;
        }
        first.insert(e.key, i);
        for (field, value) in [("rule", &e.rule), ("title", &e.title), ("text", &e.text)] {
            if value.trim().is_empty() {
                errors.push(DataError::at(
                    &src.path,
                    at(i, Some(field)),
                    format!("{what} `{:?}`: `{field}` is empty", e.key),
                ));
            }
        }
        let rule = e.rule.trim();
        let (want, or) = expected(e.key);
        if !rule.is_empty() && !rule.starts_with(|c: char| c.is_ascii_digit()) {
            errors.push(DataError::at(
                &src.path,
                at(i, Some("rule")),
                format!(
                    "{what} `{:?}`: rule `{rule}` is not a section number",
                    e.key
                ),
            ));
        } else if !want.is_empty() && rule != want && Some(rule) != or {
            let wanted = match or {
                Some(o) => format!("`{want}` or `{o}`"),
                None => format!("`{want}`"),
            };
            errors.push(DataError::at(
                &src.path,
                at(i, Some("rule")),
                format!(
                    "{what} `{:?}`: rule `{rule}`, but the engine applies {wanted}",
                    e.key
                ),
            ));
        }
        out.insert(
            e.key,
            Entry {
                rule: e.rule,
                title: e.title,
                text: e.text,
            },
        );
    }
    for k in all {
        if !out.contains_key(k) {
            errors.push(DataError::at(
                &src.path,
                locate_field(&src.text, list),
                format!("no {what} entry for `{k:?}` in `{list}`"),
            ));
        }
    }
    out
}
