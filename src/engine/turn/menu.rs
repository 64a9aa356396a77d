//! The Action Menu (4.2) as a whole: every order is checked by [`check`],
//! which says why an illegal order is refused; [`legal_orders`] enumerates
//! the candidates and keeps those `check` accepts, so the list and the
//! check can never disagree. It skips beforehand only what the check would
//! refuse anyway: orders to a unit no originator reaches (see
//! [`recipient`]), asked once per originator and unit rather than once per
//! candidate, and the candidates each family leaves unwritten when asked
//! for a pruned list (see `orders::wanted`); a test holds it equal to
//! [`legal_orders_by_check`], which checks every candidate. Both dispatch
//! to the four families (4.2.1-4.2.4, each with its chapter), and
//! [`execute`] carries an order out and does the work every order triggers
//! afterwards.

use crate::data::units::Side;
use crate::engine::combat::actions as combat;
use crate::engine::command::actions as c2;
use crate::engine::kernel::events::EventKind;
use crate::engine::kernel::events::Quiet;
use crate::engine::kernel::game::{Game, Illegal};
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::input::{Action, Order};
use crate::engine::kernel::pos::CardPos;
use crate::engine::kernel::why::Turn;
use crate::engine::kernel::words::why::refuse;
use crate::engine::movement::actions as movement;
use crate::engine::orders::wanted::Wanted;
use crate::engine::recovery::rally;

pub fn check_action(game: &Game, by: Option<UnitId>, a: &Action) -> Result<(), Illegal> {
    use Action::*;
    if !game.state.vehicles.is_empty() {
        crate::engine::vehicles::transport::check_passenger(game, a)?;
        // 7.4.5: only where the company's helicopters fly.
        if game.helicopters {
            crate::engine::vehicles::moves::check_helicopters_first(game, by, a)?;
        }
    }
    match a {
        ActivateVehicle { .. }
        | ActivateVehicleHq { .. }
        | ReadyAntiTank { .. }
        | Embark { .. }
        | Disembark { .. }
        | Load { .. }
        | Unload { .. } => crate::engine::vehicles::moves::check(game, by, a),
        Activate { .. }
        | Exhort { .. }
        | DeployPyro { .. }
        | ReconstitutePltHq { .. }
        | ReconstituteCoHq { .. }
        | CreateRunner { .. }
        | DispatchRunner { .. }
        | DismissRunner { .. }
        | RepairLine { .. }
        | SwitchNet { .. }
        | DesignateCasualtyPoint
        | DesignateLandingZone
        | DesignateMedevac => c2::check(game, by, a),
        Move { .. }
        | MovePlatoon { .. }
        | Infiltrate { .. }
        | InfiltratePlatoon { .. }
        | SeekCover { .. }
        | MoveCover { .. }
        | InfiltrateCover { .. }
        | PickUp { .. }
        | PickUpItem { .. } => movement::check(game, by, a),
        RemovePin { .. }
        | ParalyzedToLitter { .. }
        | LitterToFire { .. }
        | FireToAssault { .. }
        | AssaultToFire { .. }
        | RallyToFront { .. }
        | DetachTeam { .. }
        | Supplement { .. }
        | ReconstituteSquad { .. }
        | FlipToFireTeam { .. } => rally::check(game, by, a),
        Spot { .. }
        | ConcentrateFire { .. }
        | PlatoonConcentrate { .. }
        | Grenade { .. }
        | PlatoonGrenade { .. }
        | MortarFire { .. }
        | CeaseFire { .. }
        | ShiftFire { .. }
        | ThrowDemo { .. }
        | PlaceDemo { .. }
        | Flame { .. }
        | WpGrenade { .. } => combat::check(game, by, a),
        CallForFire { .. } => crate::engine::combat::support::check(game, by, a),
        FireFinalProtective => crate::engine::combat::support::check_final(game, by),
        HigherTask { commands } => check_tasking(game, by, *commands),
    }
}

/// 3.1: the battalion's tasking of this turn is carried out by the CO HQ
/// spending the commands it asks for.
fn check_tasking(game: &Game, by: Option<UnitId>, commands: u8) -> Result<(), Illegal> {
    let co = game.state.co_hq().map(|c| c.id);
    if by.is_none() || by != co {
        return refuse(game, Turn::TaskingByCo);
    }
    match game.state.tasking {
        Some((c, _)) if c == commands => Ok(()),
        Some((c, _)) => refuse(
            game,
            Turn::TaskingAsks {
                asks: c,
                given: commands,
            },
        ),
        None => refuse(game, Turn::NoTasking),
    }
}

fn perform_tasking(game: &mut Game) {
    let Some((c, xp)) = game.state.tasking.take() else {
        return;
    };
    game.state.hq_tasks.0 += 1;
    game.state.hq_tasks.1 += xp as u32;
    game.say(
        "3.1",
        crate::engine::kernel::events::EventKind::Nothing {
            why: Quiet::TaskingDone {
                commands: c,
                experience: xp,
            },
        },
        Vec::new(),
    );
}

/// Every action worth checking now (a superset of the legal ones).
pub fn candidates(game: &Game) -> Vec<Action> {
    candidates_where(
        game,
        &mut Wanted {
            units: &mut |_| true,
            prune: false,
        },
    )
}

/// [`candidates`] as `wanted` asks.
fn candidates_where(game: &Game, wanted: &mut Wanted) -> Vec<Action> {
    // A full company's list runs to a few hundred candidates: room for
    // them at once instead of growing the list a push at a time.
    let mut out = Vec::with_capacity(256);
    c2::candidates(game, wanted, &mut out);
    movement::candidates(game, wanted, &mut out);
    rally::candidates(game, wanted, &mut out);
    combat::candidates(game, wanted, &mut out);
    crate::engine::combat::support::candidates(game, wanted.prune, &mut out);
    crate::engine::vehicles::moves::candidates(game, &mut out);
    out.push(Action::FireFinalProtective);
    if let Some((commands, _)) = game.state.tasking {
        out.push(Action::HigherTask { commands });
    }
    out
}

/// The candidates that cost no command: a battalion tasking of none (every
/// other action costs one or more, `Action::cost`).
fn free_candidates(game: &Game) -> Vec<Action> {
    match game.state.tasking {
        Some((0, _)) => vec![Action::HigherTask { commands: 0 }],
        _ => Vec::new(),
    }
}

pub fn perform(game: &mut Game, order: &Order) {
    use Action::*;
    match &order.action {
        ActivateVehicle { .. }
        | ActivateVehicleHq { .. }
        | ReadyAntiTank { .. }
        | Embark { .. }
        | Disembark { .. }
        | Load { .. }
        | Unload { .. } => crate::engine::vehicles::moves::perform(game, &order.action),
        Activate { .. }
        | Exhort { .. }
        | DeployPyro { .. }
        | ReconstitutePltHq { .. }
        | ReconstituteCoHq { .. }
        | CreateRunner { .. }
        | DispatchRunner { .. }
        | DismissRunner { .. }
        | RepairLine { .. }
        | SwitchNet { .. }
        | DesignateCasualtyPoint
        | DesignateLandingZone
        | DesignateMedevac => c2::perform(game, order),
        Move { .. }
        | MovePlatoon { .. }
        | Infiltrate { .. }
        | InfiltratePlatoon { .. }
        | SeekCover { .. }
        | MoveCover { .. }
        | InfiltrateCover { .. }
        | PickUp { .. }
        | PickUpItem { .. } => movement::perform(game, order),
        RemovePin { .. }
        | ParalyzedToLitter { .. }
        | LitterToFire { .. }
        | FireToAssault { .. }
        | AssaultToFire { .. }
        | RallyToFront { .. }
        | DetachTeam { .. }
        | Supplement { .. }
        | ReconstituteSquad { .. }
        | FlipToFireTeam { .. } => rally::perform(game, order),
        Spot { .. }
        | ConcentrateFire { .. }
        | PlatoonConcentrate { .. }
        | Grenade { .. }
        | PlatoonGrenade { .. }
        | MortarFire { .. }
        | CeaseFire { .. }
        | ShiftFire { .. }
        | ThrowDemo { .. }
        | PlaceDemo { .. }
        | Flame { .. }
        | WpGrenade { .. } => combat::perform(game, order),
        CallForFire { .. } => crate::engine::combat::support::perform(game, order),
        FireFinalProtective => crate::engine::combat::support::perform_final(game),
        HigherTask { .. } => perform_tasking(game),
    }
}

/// After any order: reveal cards now in view and update the activity level.
pub fn after_change(game: &mut Game) {
    crate::engine::map::reveal::reveal_around(game);
    crate::engine::combat::mines::claymores(game);
    crate::engine::combat::engage::update(game);
    crate::engine::enemy::activity::update(game);
}

/// Checks an order against the impulse and the rules. `Ok` means it is
/// legal now.
pub fn check(game: &Game, order: &Order) -> Result<(), Illegal> {
    // A question the rules put waits for its answer before any order.
    if let Some(c) = game.state.choices.first() {
        let (rule, _) = crate::engine::turn::choices::question(game, c);
        return refuse(game, Turn::AnswerFirst { rule });
    }
    check_parts(game, order.by, &order.action)
}

/// [`check`] for an order given as its originator and action, so that
/// candidates need not be built into orders to be checked.
pub(crate) fn check_parts(game: &Game, by: Option<UnitId>, a: &Action) -> Result<(), Illegal> {
    let Some(imp) = &game.state.impulse else {
        return refuse(game, Turn::NoImpulse);
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
        return refuse(game, Turn::NoUnit { unit: id });
    }
    if a.cost() > imp.left() {
        return refuse(
            game,
            Turn::Costs {
                order: a.name(),
                cost: a.cost(),
                left: imp.left(),
            },
        );
    }
    if imp.vehicle.is_some() {
        // 7.1.1: a vehicle platoon HQ's commands go to its own platoon's
        // vehicles (the platoon check is `radio::reaches`'s). Decision: it
        // activates them, has them take units aboard and set ammunition
        // down; the other orders of the menu are the infantry's.
        if by.is_some() {
            return refuse(game, Turn::VehicleImpulseOnly);
        }
        if !matches!(
            a,
            Action::ActivateVehicle { .. } | Action::Embark { .. } | Action::Unload { .. }
        ) {
            return refuse(game, Turn::VehicleOrdersOnly);
        }
    }
    match (imp.hq, by) {
        (Some(h), Some(b)) if h == b => {}
        (Some(h), _) => {
            return refuse(game, Turn::OnlyHq { hq: h });
        }
        (None, None) if !a.needs_hq() => {}
        (None, None) => {
            return refuse(game, Turn::NeedsHq { order: a.name() });
        }
        (None, Some(b)) => {
            if !a.needs_hq() {
                return refuse(game, Turn::NoOriginator);
            }
            let u = game.state.get(b);
            if !u.is_some_and(|u| u.in_play() && u.side == Side::Us && u.can_command_others()) {
                return refuse(game, Turn::CannotOriginate { unit: b });
            }
        }
    }
    if let Some(unit) = a.unit()
        && !a.repeatable()
        && imp.done.iter().any(|(u, n)| *u == unit && n == a.name())
    {
        return refuse(
            game,
            Turn::Already {
                unit,
                order: a.name(),
            },
        );
    }
    if let Action::CeaseFire { at } | Action::ShiftFire { at, .. } = a
        && imp.cards_done.iter().any(|(c, n)| c == at && n == a.name())
    {
        return refuse(
            game,
            Turn::CardAlready {
                at: *at,
                order: a.name(),
            },
        );
    }
    crate::engine::turn::menu::check_action(game, by, a)
}

/// The originators an order may have: an HQ or staff, or `None` for
/// General Initiative.
pub(crate) type Originators = Vec<Option<UnitId>>;

/// Who may originate an order now (4.1.3, 3.3.2 D): the originators of
/// an order any unit may give (the impulse's HQ, or none under General
/// Initiative), then those of an order only an HQ or staff may give (the
/// impulse's HQ, or under General Initiative every friendly unit that
/// commands others). `None` outside an impulse.
pub(crate) fn originators(game: &Game) -> Option<(Originators, Originators)> {
    let imp = game.state.impulse.as_ref()?;
    let originators: Vec<Option<UnitId>> = vec![imp.hq];
    let hq_orig: Vec<Option<UnitId>> = if imp.general() {
        game.friendly()
            .filter(|u| u.can_command_others())
            .map(|u| Some(u.id))
            .collect()
    } else {
        vec![imp.hq]
    };
    Some((originators, hq_orig))
}

/// The unit an order of this action must reach, and whether it is heard as
/// an order to unpin (4.3.1): every family check of these actions refuses
/// it unless `chain::can_order` (or `can_order_to_unpin`) accepts the
/// originator and that unit. [`legal_orders`] asks that once per
/// originator and unit instead of once per candidate; the property test
/// `legal_orders_equal_every_candidate_checked` holds it to the list
/// [`legal_orders_by_check`] makes without it.
fn recipient(a: &Action) -> Option<(UnitId, bool)> {
    use Action::*;
    match a {
        RemovePin { unit } => Some((*unit, true)),
        Activate { hq: unit }
        | DeployPyro { unit, .. }
        | SwitchNet { unit, .. }
        | RepairLine { unit }
        | CreateRunner { from: unit }
        | ReconstitutePltHq { from: unit, .. }
        | Move { unit, .. }
        | Infiltrate { unit, .. }
        | SeekCover { unit }
        | MoveCover { unit, .. }
        | InfiltrateCover { unit, .. }
        | PickUp { unit, .. }
        | PickUpItem { unit, .. }
        | ParalyzedToLitter { unit }
        | LitterToFire { unit }
        | FireToAssault { unit }
        | AssaultToFire { unit }
        | RallyToFront { unit }
        | DetachTeam { squad: unit, .. }
        | Supplement { squad: unit, .. }
        | FlipToFireTeam { unit }
        | Spot { unit, .. }
        | ConcentrateFire { unit, .. }
        | Grenade { unit, .. }
        | WpGrenade { unit, .. }
        | ThrowDemo { unit, .. }
        | PlaceDemo { unit, .. }
        | Flame { unit, .. }
        | MortarFire { mortar: unit, .. }
        | CallForFire { observer: unit, .. } => Some((*unit, false)),
        ReconstituteSquad { teams } => teams.first().map(|t| (*t, false)),
        _ => None,
    }
}

/// The card an order of this action must reach (4.2.4 k-l): the checks of
/// Cease Fire and Shift Fire refuse it first unless `reaches_card` accepts
/// the originator and that card, which [`legal_orders`] asks once per
/// originator and card (see [`CardReach`]).
fn card_recipient(a: &Action) -> Option<CardPos> {
    match a {
        Action::CeaseFire { at } | Action::ShiftFire { at, .. } => Some(*at),
        _ => None,
    }
}

/// Whether originators reach cards (see [`card_recipient`]), each asked
/// once.
#[derive(Default)]
struct CardReach(Vec<(Option<UnitId>, CardPos, bool)>);

impl CardReach {
    fn reaches(&mut self, game: &Game, by: Option<UnitId>, at: CardPos) -> bool {
        if let Some((_, _, ok)) = self.0.iter().find(|(b, c, _)| *b == by && *c == at) {
            return *ok;
        }
        let ok = combat::reaches_card(game, by, at).is_ok();
        self.0.push((by, at, ok));
        ok
    }
}

/// Orders only the CO HQ gives (4.2.1 f-h: creating, dispatching and
/// dismissing runners): their checks refuse any other originator.
fn only_co_hq(a: &Action) -> bool {
    matches!(
        a,
        Action::CreateRunner { .. } | Action::DispatchRunner { .. } | Action::DismissRunner { .. }
    )
}

/// Every legal order now, in a stable order.
pub fn legal_orders(game: &Game) -> Vec<Order> {
    collect_legal(game, true)
}

/// [`legal_orders`] by checking every candidate with every originator: the
/// definition the faster list is tested against.
pub fn legal_orders_by_check(game: &Game) -> Vec<Order> {
    collect_legal(game, false)
}

/// Whether originators reach units (see [`recipient`]), each asked once:
/// a dense table by originator and unit id.
struct Reach<'a> {
    game: &'a Game,
    origs: Vec<Option<UnitId>>,
    /// 0 not asked yet, 1 no, 2 yes; two per originator and unit (an
    /// order, an order to unpin).
    known: Vec<u8>,
    /// [`Reach::anyone_reaches`] the same way, one per unit: every family
    /// asks it of every unit it writes orders for.
    anyone: Vec<u8>,
}

impl<'a> Reach<'a> {
    fn new(game: &'a Game, a: &[Option<UnitId>], b: &[Option<UnitId>]) -> Self {
        let mut origs: Vec<Option<UnitId>> = a.to_vec();
        for o in b {
            if !origs.contains(o) {
                origs.push(*o);
            }
        }
        let units = game.state.units.len();
        Reach {
            game,
            known: vec![0; origs.len() * units * 2],
            anyone: vec![0; units],
            origs,
        }
    }

    fn reaches(&mut self, by: Option<UnitId>, unit: UnitId, unpin: bool) -> bool {
        use crate::engine::orders::chain::{can_order, can_order_to_unpin};
        let units = self.game.state.units.len();
        let Some(o) = self.origs.iter().position(|x| *x == by) else {
            return true;
        };
        if unit.0 as usize >= units {
            return false;
        }
        let i = (o * units + unit.0 as usize) * 2 + usize::from(unpin);
        if self.known[i] == 0 {
            let ok = if unpin {
                can_order_to_unpin(self.game, by, unit).is_ok()
            } else {
                can_order(self.game, by, unit).is_ok()
            };
            self.known[i] = 1 + u8::from(ok);
        }
        self.known[i] == 2
    }

    /// Whether any originator reaches the unit with an order.
    fn anyone_reaches(&mut self, unit: UnitId) -> bool {
        let i = unit.0 as usize;
        match self.anyone.get(i) {
            Some(2) => true,
            Some(1) => false,
            _ => {
                let ok = (0..self.origs.len()).any(|o| self.reaches(self.origs[o], unit, false));
                if let Some(k) = self.anyone.get_mut(i) {
                    *k = 1 + u8::from(ok);
                }
                ok
            }
        }
    }
}

fn collect_legal(game: &Game, prune: bool) -> Vec<Order> {
    let Some((originators, hq_orig)) = originators(game) else {
        return Vec::new();
    };
    let mut out = Vec::with_capacity(256);
    let mut reach = Reach::new(game, &originators, &hq_orig);
    let co = game.state.co_hq().map(|c| c.id);
    let mut card_reach = CardReach::default();
    let mut legal: Vec<Option<UnitId>> = Vec::new();
    // Only whether each candidate is legal matters here: the refusals'
    // reasons are not written (see `game::quietly`).
    crate::engine::kernel::game::quietly(|| {
        let left = game.state.impulse.as_ref().map_or(0, |i| i.left());
        let cands = if prune && left == 0 {
            // Every order costs a command or more but a tasking of none
            // (`Action::cost`), and `check_parts` refuses an order that
            // costs more than is left: with none left, only such a
            // tasking is worth checking.
            free_candidates(game)
        } else if prune {
            // The orders to a unit no originator reaches (`recipient`)
            // are not written at all, nor those no originator can give.
            candidates_where(
                game,
                &mut Wanted {
                    units: &mut |u| reach.anyone_reaches(u),
                    prune: true,
                },
            )
        } else {
            candidates(game)
        };
        for action in cands {
            let origs = if action.needs_hq() {
                &hq_orig
            } else {
                &originators
            };
            let gate = if prune { recipient(&action) } else { None };
            let card_gate = if prune { card_recipient(&action) } else { None };
            let co_only = prune && only_co_hq(&action);
            legal.clear();
            for by in origs.iter().copied() {
                if co_only && (by.is_none() || by != co) {
                    continue;
                }
                if let Some((unit, unpin)) = gate
                    && !reach.reaches(by, unit, unpin)
                {
                    continue;
                }
                if let Some(at) = card_gate
                    && !card_reach.reaches(game, by, at)
                {
                    continue;
                }
                if check_parts(game, by, &action).is_ok() {
                    legal.push(by);
                }
            }
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
    // The company's units the order names (its targets aside).
    let named: Vec<UnitId> = a
        .ids()
        .into_iter()
        .filter(|x| game.state.get(*x).is_some_and(|u| u.side == Side::Us))
        .collect();
    if let Some(imp) = &mut game.state.impulse {
        imp.spent += cost;
        if let Some(u) = a.unit() {
            imp.done.push((u, a.name().to_string()));
        }
        if let Action::CeaseFire { at } | Action::ShiftFire { at, .. } = a {
            imp.cards_done.push((*at, a.name().to_string()));
        }
        // 4.2.1 b: Exhort may be declared once for any failed attempt of
        // the impulse, not only the last. Decision: a failed attempt stays
        // open to Exhort until a later order names its unit (or any unit
        // it named), or an order for a whole platoon or card is given:
        // after that the failure no longer describes the position.
        if !exhort {
            match a.unit() {
                None => imp.exhortable.clear(),
                Some(_) => {
                    imp.exhortable.retain(|f| {
                        !named.contains(&f.unit)
                            && !f.order.action.ids().iter().any(|x| named.contains(x))
                    });
                }
            }
        }
    }
    game.say(
        a.rule(),
        EventKind::Order {
            by: order.by,
            unit: a.unit(),
            cost,
            action: a.clone(),
        },
        Vec::new(),
    );
    crate::engine::turn::menu::perform(game, order);
    crate::engine::turn::menu::after_change(game);
}
