//! The Action Menu (4.2): orders, their cost, who may give and receive
//! them, their legality, and carrying them out.
//!
//! Every order is checked by [`check`], which says why an illegal order is
//! refused; [`legal_orders`] enumerates every candidate and keeps those
//! `check` accepts, so the list and the check can never disagree.

pub mod comms;
pub mod skills;

use crate::data::action::{ActionCard, Icon, Word};
use crate::data::mission::{FmKind, MissionKind, Net, Pyro};
use crate::data::units::{Side, UnitKind};
use crate::engine::kernel::events::{EventKind, Section};
use crate::engine::kernel::game::{Game, Illegal, no};
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::state::{CoverId, FailedAttempt, UnitId};
use serde::{Deserialize, Serialize};

/// An order: the originator whose commands pay for it, and the action.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Order {
    /// The HQ or staff giving the order; `None` under General Initiative
    /// (3.3.2 D), except for the actions only an HQ may originate (4.1.3).
    pub by: Option<UnitId>,
    pub action: Action,
}

/// Kinds of team a squad can detach (4.2.3 g).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TeamKind {
    Assault,
    Fire,
}

/// Every action of the Action Menu (4.2.1-4.2.4) this edition supports.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Action {
    // ---- 4.2.1 Command & Control ----
    /// a. Activate a subordinate HQ or staff.
    Activate { hq: UnitId },
    /// b. Exhort: one more card for a failed attempt.
    Exhort { unit: UnitId },
    /// c. Deploy a pyrotechnic device.
    DeployPyro {
        unit: UnitId,
        device: Pyro,
        at: CardPos,
    },
    /// d. Reconstitute platoon HQ `plt` from a step of its platoon, or from
    /// the XO or first sergeant (10.2.2).
    ReconstitutePltHq { from: UnitId, plt: UnitId },
    /// e. Reconstitute the CO HQ.
    ReconstituteCoHq { from: UnitId },
    /// f. Create a runner from a step.
    CreateRunner { from: UnitId },
    /// g. Dispatch a runner to an HQ or staff.
    DispatchRunner { runner: UnitId, to: UnitId },
    /// h. Dismiss a runner into a unit.
    DismissRunner { runner: UnitId, into: UnitId },
    /// j. Switch a radio or phone to the network of a destroyed set.
    SwitchNet { unit: UnitId, to: Net },
    /// k. Repair a cut phone line.
    RepairLine { unit: UnitId },
    /// l. Designate a casualty collection point on the HQ's card.
    DesignateCasualtyPoint,
    // ---- 4.2.2 Movement ----
    /// a. Move to an adjacent card.
    Move {
        unit: UnitId,
        to: CardPos,
        cover: Option<CoverId>,
    },
    /// b. Move a platoon to an adjacent card.
    MovePlatoon { to: CardPos },
    /// c. Attempt to infiltrate an adjacent card.
    Infiltrate {
        unit: UnitId,
        to: CardPos,
        cover: Option<CoverId>,
    },
    /// d. Attempt to have a platoon infiltrate.
    InfiltratePlatoon { to: CardPos },
    /// e. Attempt to seek cover.
    SeekCover { unit: UnitId },
    /// f. Move to or from cover (`None`: out of cover).
    MoveCover {
        unit: UnitId,
        cover: Option<CoverId>,
    },
    /// g. Attempt to infiltrate to or from cover.
    InfiltrateCover {
        unit: UnitId,
        cover: Option<CoverId>,
    },
    /// h. Pick up a casualty.
    PickUp { unit: UnitId, casualty: UnitId },
    /// h. Pick up an item lying on the card: ammunition or an asset (by
    /// its index in the card's items).
    PickUpItem { unit: UnitId, item: usize },
    // ---- 4.2.3 Rally ----
    /// a. Attempt to remove a Pinned marker.
    RemovePin { unit: UnitId },
    /// b. Paralyzed team to litter team.
    ParalyzedToLitter { unit: UnitId },
    /// c. Litter team to fire team.
    LitterToFire { unit: UnitId },
    /// d. Fire team to assault team.
    FireToAssault { unit: UnitId },
    /// e. Assault team to fire team.
    AssaultToFire { unit: UnitId },
    /// f. Flip a unit from its fire-team side back to its front.
    RallyToFront { unit: UnitId },
    /// g. Detach a team from a squad.
    DetachTeam { squad: UnitId, kind: TeamKind },
    /// h. Supplement a squad with a team.
    Supplement { squad: UnitId, team: UnitId },
    /// i. Attempt to reconstitute a squad from 2 to 4 teams.
    ReconstituteSquad { teams: Vec<UnitId> },
    /// j. Flip a unit to its fire-team side.
    FlipToFireTeam { unit: UnitId },
    // ---- 4.2.4 Combat ----
    /// a. Attempt to spot the enemy on a card.
    Spot { unit: UnitId, target: CardPos },
    /// b. Attempt to concentrate fire on an enemy unit.
    ConcentrateFire { unit: UnitId, target: UnitId },
    /// c. Attempt to have a platoon concentrate fire.
    PlatoonConcentrate { target: UnitId },
    /// d. Attempt to make a grenade attack.
    Grenade { unit: UnitId, target: UnitId },
    /// d with 4.3.6 C: a grenade attack that also throws white phosphorus
    /// smoke onto the target's card.
    WpGrenade { unit: UnitId, target: UnitId },
    /// e. Attempt to throw a demolition charge at an enemy-held cover marker.
    ThrowDemo { unit: UnitId, cover: CoverId },
    /// f. Place a demolition charge on an enemy-held cover marker.
    PlaceDemo { unit: UnitId, cover: CoverId },
    /// g. Flamethrower attack on an enemy-held cover marker.
    Flame { unit: UnitId, cover: CoverId },
    /// h. Attempt to have a platoon make grenade attacks.
    PlatoonGrenade { target: UnitId },
    /// i. Attempt to call for fire from an off-map agency (by its index in
    /// the mission's fire support).
    CallForFire {
        observer: UnitId,
        agency: u8,
        kind: FmKind,
        target: CardPos,
    },
    /// j. Fire an on-map mortar at a spotted enemy card.
    MortarFire { mortar: UnitId, target: CardPos },
    /// k. Cease fire: the card's occupants stop firing.
    CeaseFire { at: CardPos },
    /// l. Shift fire: the card's occupants fire at another card.
    ShiftFire { at: CardPos, to: CardPos },
    /// m. Fire the final protective fires and lines.
    FireFinalProtective,
    // ---- 3.1 Higher HQ events ----
    /// Carry out the battalion's tasking of this turn: the CO HQ spends
    /// the commands it asks for and the company earns its points.
    HigherTask { commands: u8 },
}

impl Action {
    /// The rule section of the action.
    pub fn rule(&self) -> &'static str {
        use Action::*;
        match self {
            Activate { .. } => "4.2.1 a",
            Exhort { .. } => "4.2.1 b",
            DeployPyro { .. } => "4.2.1 c",
            ReconstitutePltHq { .. } => "4.2.1 d",
            ReconstituteCoHq { .. } => "4.2.1 e",
            CreateRunner { .. } => "4.2.1 f",
            DispatchRunner { .. } => "4.2.1 g",
            DismissRunner { .. } => "4.2.1 h",
            SwitchNet { .. } => "4.2.1 j",
            RepairLine { .. } => "4.2.1 k",
            DesignateCasualtyPoint => "4.2.1 l",
            Move { .. } => "4.2.2 a",
            MovePlatoon { .. } => "4.2.2 b",
            Infiltrate { .. } => "4.2.2 c",
            InfiltratePlatoon { .. } => "4.2.2 d",
            SeekCover { .. } => "4.2.2 e",
            MoveCover { .. } => "4.2.2 f",
            InfiltrateCover { .. } => "4.2.2 g",
            PickUp { .. } | PickUpItem { .. } => "4.2.2 h",
            RemovePin { .. } => "4.2.3 a",
            ParalyzedToLitter { .. } => "4.2.3 b",
            LitterToFire { .. } => "4.2.3 c",
            FireToAssault { .. } => "4.2.3 d",
            AssaultToFire { .. } => "4.2.3 e",
            RallyToFront { .. } => "4.2.3 f",
            DetachTeam { .. } => "4.2.3 g",
            Supplement { .. } => "4.2.3 h",
            ReconstituteSquad { .. } => "4.2.3 i",
            FlipToFireTeam { .. } => "4.2.3 j",
            Spot { .. } => "4.2.4 a",
            ConcentrateFire { .. } => "4.2.4 b",
            PlatoonConcentrate { .. } => "4.2.4 c",
            Grenade { .. } => "4.2.4 d",
            WpGrenade { .. } => "4.3.6 C",
            ThrowDemo { .. } => "4.2.4 e",
            PlaceDemo { .. } => "4.2.4 f",
            Flame { .. } => "4.2.4 g",
            PlatoonGrenade { .. } => "4.2.4 h",
            CallForFire { .. } => "4.2.4 i",
            MortarFire { .. } => "4.2.4 j",
            CeaseFire { .. } => "4.2.4 k",
            ShiftFire { .. } => "4.2.4 l",
            FireFinalProtective => "4.2.4 m",
            HigherTask { .. } => "3.1",
        }
    }

    /// The action's name in the menu.
    pub fn name(&self) -> &'static str {
        use Action::*;
        match self {
            Activate { .. } => "Activate",
            Exhort { .. } => "Exhort",
            DeployPyro { .. } => "Deploy Pyrotechnic",
            ReconstitutePltHq { .. } => "Reconstitute a PLT HQ",
            ReconstituteCoHq { .. } => "Reconstitute the CO HQ",
            CreateRunner { .. } => "Create a Runner",
            DispatchRunner { .. } => "Dispatch a Runner",
            DismissRunner { .. } => "Dismiss a Runner",
            SwitchNet { .. } => "Switch Network",
            RepairLine { .. } => "Repair a Cut Phone Line",
            DesignateCasualtyPoint => "Designate a Casualty Collection Point",
            Move { .. } => "Move to an Adjacent Card",
            MovePlatoon { .. } => "Move a Platoon",
            Infiltrate { .. } => "Infiltrate an Adjacent Card",
            InfiltratePlatoon { .. } => "Platoon Infiltration",
            SeekCover { .. } => "Seek Cover",
            MoveCover { .. } => "Move to or from Cover",
            InfiltrateCover { .. } => "Infiltrate to or from Cover",
            PickUp { .. } | PickUpItem { .. } => "Pick Up",
            RemovePin { .. } => "Remove Pinned Marker",
            ParalyzedToLitter { .. } => "Paralyzed to Litter Team",
            LitterToFire { .. } => "Litter to Fire Team",
            FireToAssault { .. } => "Fire to Assault Team",
            AssaultToFire { .. } => "Assault to Fire Team",
            RallyToFront { .. } => "Rally to Front",
            DetachTeam { .. } => "Detach Team",
            Supplement { .. } => "Supplement Squad",
            ReconstituteSquad { .. } => "Reconstitute Squad",
            FlipToFireTeam { .. } => "Flip to Fire Team Side",
            Spot { .. } => "Spot",
            ConcentrateFire { .. } => "Concentrate Fire",
            PlatoonConcentrate { .. } => "Platoon Concentrate Fire",
            Grenade { .. } => "Grenade Attack",
            WpGrenade { .. } => "Grenade Attack",
            ThrowDemo { .. } => "Throw a Demolition Charge",
            PlaceDemo { .. } => "Place a Demolition Charge",
            Flame { .. } => "Flamethrower Attack",
            PlatoonGrenade { .. } => "Platoon Grenade Attack",
            CallForFire { .. } => "Call for Fire",
            MortarFire { .. } => "On-Map Mortar Fire",
            CeaseFire { .. } => "Cease Fire",
            ShiftFire { .. } => "Shift Fire",
            FireFinalProtective => "Fire FPF/FPL",
            HigherTask { .. } => "Carry Out Battalion Tasking",
        }
    }

    /// Commands it costs (4.2).
    pub fn cost(&self) -> u8 {
        use Action::*;
        match self {
            MovePlatoon { .. }
            | InfiltratePlatoon { .. }
            | PlatoonConcentrate { .. }
            | PlatoonGrenade { .. } => 2,
            HigherTask { commands } => *commands,
            _ => 1,
        }
    }

    /// Actions an HQ or staff must originate even under General Initiative
    /// (4.1.3).
    pub fn needs_hq(&self) -> bool {
        use Action::*;
        matches!(
            self,
            Exhort { .. }
                | ReconstitutePltHq { .. }
                | ReconstituteCoHq { .. }
                | CreateRunner { .. }
                | DispatchRunner { .. }
                | DismissRunner { .. }
                | DesignateCasualtyPoint
                | ReconstituteSquad { .. }
                | FireFinalProtective
                | HigherTask { .. }
        )
    }

    /// The unit that carries the action out, where there is one.
    pub fn unit(&self) -> Option<UnitId> {
        use Action::*;
        match self {
            Activate { hq } => Some(*hq),
            Exhort { unit }
            | DeployPyro { unit, .. }
            | RepairLine { unit }
            | SwitchNet { unit, .. }
            | Move { unit, .. }
            | Infiltrate { unit, .. }
            | SeekCover { unit }
            | MoveCover { unit, .. }
            | InfiltrateCover { unit, .. }
            | PickUp { unit, .. }
            | PickUpItem { unit, .. }
            | RemovePin { unit }
            | ParalyzedToLitter { unit }
            | LitterToFire { unit }
            | FireToAssault { unit }
            | AssaultToFire { unit }
            | RallyToFront { unit }
            | FlipToFireTeam { unit }
            | Spot { unit, .. }
            | ConcentrateFire { unit, .. }
            | Grenade { unit, .. }
            | WpGrenade { unit, .. }
            | ThrowDemo { unit, .. }
            | PlaceDemo { unit, .. }
            | Flame { unit, .. } => Some(*unit),
            ReconstitutePltHq { from, .. } | ReconstituteCoHq { from } | CreateRunner { from } => {
                Some(*from)
            }
            DispatchRunner { runner, .. } | DismissRunner { runner, .. } => Some(*runner),
            DetachTeam { squad, .. } | Supplement { squad, .. } => Some(*squad),
            ReconstituteSquad { teams } => teams.first().copied(),
            MortarFire { mortar, .. } => Some(*mortar),
            CallForFire { observer, .. } => Some(*observer),
            DesignateCasualtyPoint
            | MovePlatoon { .. }
            | InfiltratePlatoon { .. }
            | PlatoonConcentrate { .. }
            | PlatoonGrenade { .. }
            | CeaseFire { .. }
            | ShiftFire { .. }
            | FireFinalProtective
            | HigherTask { .. } => None,
        }
    }

    /// Every unit the action names.
    pub fn ids(&self) -> Vec<UnitId> {
        let mut v = Vec::new();
        self.each_id(|id| v.push(id));
        v
    }

    /// Calls `f` with every unit the action names, in [`Action::ids`]'s
    /// order, without building a list.
    pub fn each_id(&self, mut f: impl FnMut(UnitId)) {
        use Action::*;
        match self {
            Activate { hq } => f(*hq),
            ReconstitutePltHq { from: a, plt: b }
            | DispatchRunner { runner: a, to: b }
            | DismissRunner { runner: a, into: b }
            | Supplement { squad: a, team: b }
            | PickUp {
                unit: a,
                casualty: b,
            }
            | ConcentrateFire { unit: a, target: b }
            | Grenade { unit: a, target: b }
            | WpGrenade { unit: a, target: b } => {
                f(*a);
                f(*b);
            }
            ReconstituteSquad { teams } => teams.iter().copied().for_each(f),
            PlatoonConcentrate { target } | PlatoonGrenade { target } => f(*target),
            _ => {
                if let Some(u) = self.unit() {
                    f(u)
                }
            }
        }
    }

    /// Moves within a card may be repeated in an impulse (4.2).
    fn repeatable(&self) -> bool {
        matches!(
            self,
            Action::MoveCover { .. } | Action::InfiltrateCover { .. }
        )
    }
}

// ---------------------------------------------------------------------------
// Who may order whom (4.0, 4.1, 4.3)
// ---------------------------------------------------------------------------

/// Whether the originator can order `unit`: chain of command and
/// communication. `by` of `None` is General Initiative: any friendly unit
/// in play, no communication needed (3.3.2 D).
pub fn can_order(game: &Game, by: Option<UnitId>, unit: UnitId) -> Result<(), Illegal> {
    match chain_of_command(game, by, unit)? {
        Some(h) if !comms::in_communication(game, h, unit) => out_of_touch(game, h, unit),
        _ => Ok(()),
    }
}

/// Like [`can_order`], for an order to attempt to remove a Pinned marker
/// (4.2.3 a). The digest words the 4.3.1 exception: pinned units can always
/// receive that order. Decision: the recipient's Pinned marker does not
/// break visual-verbal contact for it; the originator must still be
/// unpinned and share the recipient's card and cover.
pub fn can_order_to_unpin(game: &Game, by: Option<UnitId>, unit: UnitId) -> Result<(), Illegal> {
    match chain_of_command(game, by, unit)? {
        Some(h) if !comms::in_communication(game, h, unit) => {
            let (o, u) = (game.state.unit(h), game.state.unit(unit));
            if u.pinned && !o.pinned && o.pos == u.pos && o.cover == u.cover {
                Ok(())
            } else {
                out_of_touch(game, h, unit)
            }
        }
        _ => Ok(()),
    }
}

fn out_of_touch(game: &Game, h: UnitId, unit: UnitId) -> Result<(), Illegal> {
    no(|| {
        format!(
            "{} is not in communication with {} (4.3)",
            game.describe(h),
            game.describe(unit)
        )
    })
}

/// Everything [`can_order`] checks but communication; returns the
/// originator when communication must still be checked.
fn chain_of_command(
    game: &Game,
    by: Option<UnitId>,
    unit: UnitId,
) -> Result<Option<UnitId>, Illegal> {
    let Some(u) = game.state.get(unit) else {
        return Err(Illegal::because(|| format!("there is no unit {unit}")));
    };
    if !u.in_play() {
        return Err(Illegal::because(|| {
            format!("{} is no longer in play", game.describe(unit))
        }));
    }
    if u.side != Side::Us {
        return Err(Illegal::because(|| {
            format!("{} is an enemy unit", game.describe(unit))
        }));
    }
    let Some(h) = by else {
        return Ok(None);
    };
    let hq = game.state.unit(h);
    if h == unit {
        return Ok(None);
    }
    if hq.flipped {
        return Err(Illegal::because(|| {
            format!(
                "{} is on its fire-team side and can command only itself (4.1.4)",
                game.describe(h)
            )
        }));
    }
    let co = game.state.co_hq().map(|c| c.id);
    let authority = u.kind.is_lat()
        || Some(h) == co
        || hq.kind == UnitKind::Staff
        || hq.kind == UnitKind::HigherStaff
        || u.platoon == Some(h)
        || u.hq == Some(h);
    if !authority {
        return Err(Illegal::because(|| {
            format!(
                "{} is not under {} in the chain of command (4.0)",
                game.describe(unit),
                game.describe(h)
            )
        }));
    }
    if game.state.impulse.as_ref().is_some_and(|i| i.hq.is_none()) {
        // An HQ originating under General Initiative needs no communication.
        return Ok(None);
    }
    Ok(Some(h))
}

/// Checks an order against the impulse and the rules. `Ok` means it is
/// legal now.
pub fn check(game: &Game, order: &Order) -> Result<(), Illegal> {
    check_parts(game, order.by, &order.action)
}

/// [`check`] for an order given as its originator and action, so that
/// candidates need not be built into orders to be checked.
fn check_parts(game: &Game, by: Option<UnitId>, a: &Action) -> Result<(), Illegal> {
    let Some(imp) = &game.state.impulse else {
        return no("no impulse is in progress");
    };
    let mut missing = by.filter(|b| game.state.get(*b).is_none());
    if missing.is_none() {
        a.each_id(|id| {
            if missing.is_none() && game.state.get(id).is_none() {
                missing = Some(id);
            }
        });
    }
    if let Some(id) = missing {
        return no(|| format!("there is no unit {id}"));
    }
    if a.cost() > imp.left() {
        return no(|| {
            format!(
                "{} costs {} command(s); {} left this impulse (4.1.3)",
                a.name(),
                a.cost(),
                imp.left()
            )
        });
    }
    match (imp.hq, by) {
        (Some(h), Some(b)) if h == b => {}
        (Some(h), _) => {
            return no(|| {
                format!(
                    "only {} is spending commands in this impulse",
                    game.describe(h)
                )
            });
        }
        (None, None) if !a.needs_hq() => {}
        (None, None) => {
            return no(|| {
                format!(
                    "{} must be originated by an HQ or staff even under General Initiative (4.1.3)",
                    a.name()
                )
            });
        }
        (None, Some(b)) => {
            if !a.needs_hq() {
                return no("General Initiative commands are given without an originator (3.3.2 D)");
            }
            let u = game.state.get(b);
            if !u.is_some_and(|u| u.in_play() && u.side == Side::Us && u.can_command_others()) {
                return no(|| format!("{} cannot originate orders", game.describe(b)));
            }
        }
    }
    if let Some(unit) = a.unit()
        && !a.repeatable()
        && imp.done.iter().any(|(u, n)| *u == unit && n == a.name())
    {
        return no(|| {
            format!(
                "{} has already performed {} this impulse (4.2)",
                game.describe(unit),
                a.name()
            )
        });
    }
    crate::engine::turn::menu::check_action(game, by, a)
}

/// Every legal order now, in a stable order.
pub fn legal_orders(game: &Game) -> Vec<Order> {
    let Some(imp) = &game.state.impulse else {
        return Vec::new();
    };
    let mut originators: Vec<Option<UnitId>> = vec![imp.hq];
    let hq_orig: Vec<Option<UnitId>> = if imp.hq.is_none() {
        game.friendly()
            .filter(|u| u.can_command_others())
            .map(|u| Some(u.id))
            .collect()
    } else {
        vec![imp.hq]
    };
    originators.dedup();
    let mut out = Vec::new();
    // Only whether each candidate is legal matters here: the refusals'
    // reasons are not written (see `game::quietly`).
    crate::engine::kernel::game::quietly(|| {
        for action in crate::engine::turn::menu::candidates(game) {
            let origs = if action.needs_hq() {
                &hq_orig
            } else {
                &originators
            };
            let legal: Vec<Option<UnitId>> = origs
                .iter()
                .copied()
                .filter(|by| check_parts(game, *by, &action).is_ok())
                .collect();
            // The last originator takes the candidate itself; the others
            // a copy.
            if let Some((last, rest)) = legal.split_last() {
                for by in rest {
                    out.push(Order {
                        by: *by,
                        action: action.clone(),
                    });
                }
                out.push(Order { by: *last, action });
            }
        }
    });
    out.sort();
    out.dedup();
    out
}

/// Carries out a checked order.
pub fn execute(game: &mut Game, order: &Order) {
    let a = &order.action;
    let cost = a.cost();
    let exhort = matches!(a, Action::Exhort { .. });
    if let Some(imp) = &mut game.state.impulse {
        imp.spent += cost;
        if let Some(u) = a.unit() {
            imp.done.push((u, a.name().to_string()));
        }
        if !exhort {
            imp.exhortable.clear();
        }
    }
    let by = match order.by {
        Some(b) => game.describe(b),
        None => "General Initiative".into(),
    };
    let what = match a.unit() {
        Some(u) => format!("{}: {}", a.name(), game.describe(u)),
        None => a.name().to_string(),
    };
    game.emit(
        a.rule(),
        EventKind::Order {
            by: order.by,
            unit: a.unit(),
            cost,
            action: a.name().into(),
        },
        format!("{by} spends {cost} command(s): {what}."),
        Vec::new(),
    );
    crate::engine::turn::menu::perform(game, order);
    crate::engine::turn::menu::after_change(game);
}

// ---------------------------------------------------------------------------
// Attempts (4.2)
// ---------------------------------------------------------------------------

/// What an attempt looks for on the drawn cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Needed {
    Word(Word),
    Icon(Icon),
}

impl Needed {
    pub fn found(self, c: &ActionCard) -> bool {
        match self {
            Needed::Word(w) => c.word == Some(w),
            Needed::Icon(Icon::Crosshairs) => c.shows_crosshairs(),
            Needed::Icon(Icon::Burst) => c.shows_burst(),
            Needed::Icon(i) => c.icon == i,
        }
    }

    pub fn label(self) -> String {
        match self {
            Needed::Word(w) => format!("the word {w}"),
            Needed::Icon(i) => format!("the {i} icon"),
        }
    }

    fn section(self) -> Section {
        match self {
            Needed::Word(_) => Section::Word,
            Needed::Icon(_) => Section::Icon,
        }
    }
}

/// The outcome of an attempt's draw.
pub struct AttemptResult {
    pub success: bool,
    pub cards: Vec<u8>,
}

/// Draws `n` cards for an attempt and reports whether any shows what is
/// needed. Logs the attempt with the cards.
pub fn attempt(
    game: &mut Game,
    unit: Option<UnitId>,
    n: usize,
    needed: Needed,
    what: &str,
) -> AttemptResult {
    // 10.7: a skill given with the order adds a card or makes it succeed.
    let (extra, auto) = crate::engine::orders::skills::for_attempt(game, unit, needed);
    let n = n + extra;
    let (cards, reads) = game.draw(n, needed.section(), what);
    let found = cards
        .iter()
        .any(|&c| game.card(c).is_some_and(|card| needed.found(card)));
    let success = auto || found;
    let who = unit.map(|u| game.describe(u)).unwrap_or_default();
    let list: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
    game.emit(
        "4.2",
        EventKind::Attempt {
            unit,
            needed: needed.label(),
            looking_for: Some(needed),
            sure: auto,
            success,
        },
        format!(
            "{what}{}{}: {} card(s) drawn ({}) looking for {}: {}.",
            if who.is_empty() { "" } else { " by " },
            who,
            n,
            list.join(", "),
            needed.label(),
            match (found, auto) {
                (true, _) => "success",
                (false, true) => "success, by skill (10.7)",
                _ => "failure",
            }
        ),
        reads,
    );
    AttemptResult { success, cards }
}

/// Remembers a failed attempt for Exhort (4.2.1 b).
pub fn failed(game: &mut Game, order: &Order, unit: UnitId, placed_miss: bool) {
    if let Some(imp) = &mut game.state.impulse {
        imp.exhortable.push(FailedAttempt {
            order: order.clone(),
            unit,
            placed_miss,
        });
    }
}

/// Whether the mission is a combat patrol (4.2.1 l lets a PLT HQ designate
/// controls there).
pub fn patrol(game: &Game) -> bool {
    game.mission.kind == MissionKind::Patrol
}
