//! Commands (4.1): the modifiers to an HQ's draw for commands (4.1.2),
//! and the commands an HQ may spend in an impulse and save for later
//! (4.1.3).

use crate::data::action::Experience;
use crate::data::charts::Activity;
use crate::engine::combat::fire::{VofLevel, card_vof_on};
use crate::engine::kernel::events::{CommandsFrom, DrawModifier, EventKind};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;

/// The total modifier for an HQ or staff drawing for commands, and each
/// reason with its value (4.1.2 A-C). Never applied to the General
/// Initiative draw.
pub fn draw_modifier(game: &Game, hq: UnitId) -> (i8, Vec<(DrawModifier, i8)>) {
    modifier_for(game, &drawer_of(game, hq))
}

/// What 4.1.2 reads of an HQ or staff unit.
pub fn drawer_of(game: &Game, hq: UnitId) -> Drawer {
    let u = game.state.unit(hq);
    Drawer {
        pinned: u.pinned,
        experience: game.command_experience(hq),
        under_cover: u.cover.is_some(),
        pos: u.pos,
        side: u.side,
    }
}

/// One card drawn for an HQ's activated or initiative commands and read
/// (4.1.1-4.1.2, 3.3.2 B).
pub struct CommandDraw {
    pub card: u8,
    /// The number printed for the impulse's kind.
    pub printed: u8,
    pub modifier: i8,
    /// Each reason for the modifier, with its value.
    pub why: Vec<(DrawModifier, i8)>,
    pub min: u8,
    /// The commands drawn: printed plus modifier, at least the minimum.
    pub drawn: u8,
    pub activated: bool,
    pub reads: Vec<crate::engine::kernel::events::CardRead>,
}

impl CommandDraw {
    /// How the commands came, for the log's event
    /// ([`crate::engine::kernel::words`] words it).
    pub fn from(&self, vehicle: Option<crate::engine::kernel::ids::VehicleId>) -> CommandsFrom {
        CommandsFrom::Draw {
            activated: self.activated,
            card: self.card,
            min: self.min,
            why: self.why.clone(),
            vehicle,
        }
    }
}

impl Game {
    /// Draws and reads one card for an HQ's activated or initiative
    /// commands (`purpose` says whose) with the modifiers of 4.1.2.
    pub(crate) fn draw_commands(
        &mut self,
        activated: bool,
        purpose: crate::engine::kernel::purpose::Purpose,
        d: &Drawer,
    ) -> CommandDraw {
        use crate::engine::kernel::events::Section;
        let section = if activated {
            Section::Activated
        } else {
            Section::Initiative
        };
        let (cards, reads) = self.draw(1, section, purpose);
        let printed = cards
            .first()
            .and_then(|&c| self.card(c))
            .map(|c| if activated { c.activated } else { c.initiative })
            .unwrap_or(0);
        let (modifier, why) = modifier_for(self, d);
        let c = &self.data.charts.commands;
        let min = if activated {
            c.activated_min
        } else {
            c.initiative_min
        };
        let drawn = (printed as i32 + modifier as i32).max(min as i32) as u8;
        CommandDraw {
            card: cards.first().copied().unwrap_or(0),
            printed,
            modifier,
            why,
            min,
            drawn,
            activated,
            reads,
        }
    }
}

/// What 4.1.2 reads of whoever draws for commands: an HQ or staff unit, or
/// a vehicle platoon HQ (7.1.1).
pub struct Drawer {
    pub pinned: bool,
    pub experience: Experience,
    pub under_cover: bool,
    pub pos: crate::engine::kernel::pos::CardPos,
    pub side: crate::data::units::Side,
}

/// [`draw_modifier`] for any drawer.
pub fn modifier_for(game: &Game, u: &Drawer) -> (i8, Vec<(DrawModifier, i8)>) {
    let c = &game.data.charts.commands;
    let mut total = 0i8;
    let mut why = Vec::new();
    let mut add = |v: i8, what: DrawModifier| {
        if v != 0 {
            total += v;
            why.push((what, v));
        }
    };
    if u.pinned {
        add(c.pinned, DrawModifier::Pinned);
    }
    match u.experience {
        Experience::Green => add(c.green, DrawModifier::Green),
        Experience::Veteran => add(c.veteran, DrawModifier::Veteran),
        Experience::Line => {}
    }
    if u.under_cover {
        add(c.under_cover, DrawModifier::UnderCover);
    }
    let vof = if crate::engine::combat::fire::sniper_fire_on(game, u.pos) {
        Some(VofLevel::Sniper)
    } else {
        card_vof_on(game, u.pos, u.side)
    };
    match vof {
        Some(VofLevel::SmallArms) => add(c.vof_small_arms, DrawModifier::SmallArms),
        Some(VofLevel::Automatic) => add(c.vof_automatic, DrawModifier::Automatic),
        Some(VofLevel::Heavy | VofLevel::Sniper | VofLevel::Incoming) => {
            add(c.vof_heavy, DrawModifier::Heavy)
        }
        Some(VofLevel::AllPinned) | None => {}
    }
    if game.state.activity == Activity::NoContact {
        add(c.no_contact, DrawModifier::NoContact);
    }
    (total, why)
}

/// What ending an impulse does with its commands not spent (4.1.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImpulseEnd {
    pub unspent: u8,
    pub saved: u8,
    pub lost: u8,
    /// The most the impulse's HQ may keep for later turns (4.1.3: by its
    /// experience and the visibility; 0 where none may be kept).
    pub limit: u8,
}

impl ImpulseEnd {
    /// The commands kept and lost, in words, with the limit that decides
    /// them (the log line carries the section, 4.1.3): a play test read
    /// "7 command(s) saved" as 7 added, and could not tell whether 7 was
    /// allowed.
    pub fn words(&self) -> String {
        crate::engine::kernel::words::impulse_end(self.saved, self.lost, self.limit)
    }
}

impl Game {
    /// What ending the impulse now would do with the commands not spent
    /// (4.1.3): how many are saved for later turns and how many lost. The
    /// one count of it: [`Game::end_impulse`] applies it, the screen asks
    /// it before ending an impulse with commands left.
    pub fn impulse_end(&self) -> Option<ImpulseEnd> {
        let imp = self.state.impulse.as_ref()?;
        let unspent = imp.available.saturating_sub(imp.spent);
        let limit = match (imp.hq, imp.vehicle) {
            _ if !imp.can_save => 0,
            (Some(hq), _) => self.save_limit(hq),
            // 7.1.1: a vehicle platoon HQ saves commands like any other.
            (None, Some(_)) => self.save_limit_of(crate::engine::vehicles::radio::HQ_EXPERIENCE),
            (None, None) => 0,
        };
        let saved = unspent.min(limit);
        Some(ImpulseEnd {
            unspent,
            saved,
            lost: unspent - saved,
            limit,
        })
    }

    /// Ends the current impulse: saves what the limit allows (4.1.3).
    pub(crate) fn end_impulse(&mut self) {
        let Some(end) = self.impulse_end() else {
            return;
        };
        let Some(imp) = self.state.impulse.take() else {
            return;
        };
        let ImpulseEnd {
            saved, lost, limit, ..
        } = end;
        if let Some(v) = imp.vehicle
            && let Some(c) = &mut self.state.vehicles[v.0 as usize].command
        {
            c.saved = saved;
            c.done = true;
        }
        if let Some(hq) = imp.hq
            && let Some(h) = self.state.hq_state_mut(hq)
        {
            h.saved = saved;
            h.done = true;
        }
        self.say(
            "4.1.3",
            EventKind::ImpulseEnds {
                hq: imp.hq,
                saved,
                lost,
                who: crate::engine::kernel::events::Commander::of(&imp),
                limit,
            },
            Vec::new(),
        );
        if imp.general() {
            self.state.general_done = true;
        }
    }

    /// Who gives an order originated by `by` in the impulse under way, in
    /// words: the HQ or staff named, else the impulse's owner.
    pub fn originator_name(&self, by: Option<UnitId>) -> String {
        crate::engine::kernel::words::originator(self, by)
    }

    /// Who spends an impulse's commands, in words: an HQ or staff, a
    /// vehicle platoon HQ (7.1.1), or General Initiative (3.3.2 D).
    pub fn impulse_owner(&self, imp: &crate::engine::kernel::state::Impulse) -> String {
        crate::engine::kernel::words::impulse_owner(self, imp)
    }

    /// Who spends the commands of the impulse under way, in words (empty
    /// outside an impulse).
    pub fn spender(&self) -> String {
        self.state
            .impulse
            .as_ref()
            .map(|i| self.impulse_owner(i))
            .unwrap_or_default()
    }

    /// Commands an HQ may keep for later turns (4.1.3).
    pub fn save_limit(&self, hq: UnitId) -> u8 {
        self.save_limit_of(self.command_experience(hq))
    }

    /// Commands an HQ of this experience may keep for later turns (4.1.3).
    pub fn save_limit_of(&self, exp: Experience) -> u8 {
        let limited = self.limited_visibility();
        self.data
            .charts
            .commands
            .save
            .iter()
            .find(|s| s.level == exp)
            .map(|s| if limited { s.limited } else { s.day })
            .unwrap_or(0)
    }

    pub(crate) fn spend_max(&self) -> u8 {
        let c = &self.data.charts.commands;
        if self.limited_visibility() {
            c.spend_max_limited
        } else {
            c.spend_max_day
        }
    }
}
