//! The words of what a card is drawn for ([`Purpose`]): the log's detail
//! and the card pop-up read them.

use crate::data::units::Side;
use crate::engine::kernel::events::{CardRead, EventKind, Section};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::VehicleId;
use crate::engine::kernel::purpose::{AtBy, Conversion, Purpose};

/// A vehicle by its label (a vehicle the game does not have by its id).
fn vehicle(game: &Game, v: VehicleId) -> String {
    game.state
        .vehicles
        .get(v.0 as usize)
        .map(|x| x.label.clone())
        .unwrap_or_else(|| format!("vehicle {v}"))
}

/// Who fires an AT shot, in words ("The enemy's heavy VOF on R2C3").
pub(crate) fn at_by(game: &Game, by: AtBy) -> String {
    match by {
        AtBy::Unit(u) => game.describe(u),
        AtBy::Vehicle(v) => vehicle(game, v),
        AtBy::Vof {
            target_side,
            level,
            pos,
        } => {
            let whose = match target_side {
                Side::Us => "The enemy's",
                Side::Enemy => "The company's",
            };
            format!("{whose} {} VOF on {pos}", level.label())
        }
        AtBy::LzVof { level, pos } => format!("The enemy's {} VOF on {pos}", level.label()),
        AtBy::Around { pos } => format!("The enemy around {pos}"),
        AtBy::Sniper => "The sniper".into(),
        AtBy::Mine => "A mine".into(),
    }
}

/// What a card is drawn for, in words.
pub(crate) fn text(game: &Game, p: Purpose) -> String {
    let who = |friendly: bool| if friendly { "Friendly" } else { "Enemy" };
    let commands = |activated: bool| {
        if activated {
            "activated commands"
        } else {
            "initiative commands"
        }
    };
    match p {
        Purpose::Commands { activated, hq } => {
            format!("{} for {}", commands(activated), game.describe(hq))
        }
        Purpose::VehicleCommands { activated, vehicle } => {
            format!(
                "{} for {}",
                commands(activated),
                super::vehicle_hq(game, vehicle)
            )
        }
        Purpose::GeneralInitiative => "General Initiative commands".into(),
        Purpose::HigherHqIcon { friendly } => format!("{} Higher HQ icon", who(friendly)),
        Purpose::HigherHqEvent { friendly } => {
            format!("{} Higher HQ event (R# under 10)", who(friendly))
        }
        Purpose::PhoneLine { pos } => format!("phone line on {pos}"),
        Purpose::ConcentratingFire => "Concentrating fire".into(),
        Purpose::GrenadeAttack => "Grenade attack".into(),
        Purpose::FreeGrenade => "Free grenade attack in answer".into(),
        Purpose::Exhort => "Exhort: one more card".into(),
        Purpose::SignalInfiltration => "Infiltration on a signal".into(),
        Purpose::RemovePin => "Removing a Pinned marker".into(),
        // The orders' names in the menu (Action::name).
        Purpose::Conversion(c) => match c {
            Conversion::ParalyzedToLitter => "Paralyzed to Litter Team",
            Conversion::LitterToFire => "Litter to Fire Team",
            Conversion::FireToAssault => "Fire to Assault Team",
            Conversion::RallyToFront => "Rally to Front",
        }
        .into(),
        Purpose::EnemyRally => "Rallying".into(),
        Purpose::Spotting => "Spotting".into(),
        Purpose::ThrowingDemolition => "Throwing a demolition charge".into(),
        Purpose::CallForFire => "Call for fire".into(),
        Purpose::CallForFireBy { caller } => {
            format!("Call for fire by {}", super::piece(game, caller))
        }
        Purpose::ReconstitutingSquad => "Reconstituting a squad".into(),
        Purpose::Reconstituting => "Reconstituting".into(),
        Purpose::SeekingCover => "Seeking cover".into(),
        Purpose::Infiltration => "Infiltration".into(),
        Purpose::Infiltrating => "Infiltrating".into(),
        Purpose::PlatoonInfiltration => "Platoon infiltration".into(),
        Purpose::InfiltratingCover => "Infiltrating to or from cover".into(),
        Purpose::EnemyCall { target } => format!("Enemy call for fire on {target}"),
        Purpose::VehicleSpotting { vehicle: v } => format!("Spotting by {}", vehicle(game, v)),
        Purpose::GWeapon { by, target } => format!(
            "{} at {} (a G! weapon: a grenade draw before the shot, 7.6)",
            at_by(game, by),
            vehicle(game, target)
        ),
        Purpose::FireOn { unit } => format!("fire on {}", game.describe(unit)),
        Purpose::HitEffect { unit } => format!("hit effect on {}", game.describe(unit)),
        Purpose::FlameHit { unit } => format!("flame hit on {}", game.describe(unit)),
        Purpose::SniperTarget => "sniper's target".into(),
        Purpose::ShortRound => "where the short round falls".into(),
        Purpose::MineCheck { unit } => format!("mine check for {}", game.describe(unit)),
        Purpose::ClaymoreTarget => "claymore's target".into(),
        Purpose::BoobyTrapVictim => "booby trap's victim".into(),
        Purpose::AntiTank { by, target } => {
            format!("{} at {}", at_by(game, by), vehicle(game, target))
        }
        Purpose::VehicleMineCheck { vehicle: v } => format!("mine check for {}", vehicle(game, v)),
        Purpose::BarrageTarget => "barrage target".into(),
        Purpose::TiedTargets => "choice between equal targets".into(),
        Purpose::EnemyTiedTargets => "enemy's choice between equal targets".into(),
        Purpose::SpotterTie => "spotter's choice between equal targets".into(),
        Purpose::RetreatTie => "retreat among equal cards".into(),
        Purpose::FallBack => "fall back card".into(),
        Purpose::Withdrawal => "withdrawal card".into(),
        Purpose::CoverCard => "card to move to for cover".into(),
        Purpose::InfiltrateCard => "card to infiltrate to".into(),
        Purpose::ShiftFireCard => "card to shift fire to".into(),
        Purpose::CasualtyCard => "card toward a casualty".into(),
        Purpose::EnemyCardOrder => "order of the enemy cards".into(),
        Purpose::ActivityTable => "enemy activity table".into(),
        Purpose::MixedPcLetter => "letter of a mixed PC row".into(),
        Purpose::PcOrder => "order of PC markers of one letter".into(),
        Purpose::PcMarker { letter, pos } => format!("PC marker {letter} on {pos}"),
        Purpose::ContactTable => "contact table".into(),
        Purpose::PlacementTable => "unit placement table".into(),
        Purpose::PlacementDirection => "direction for per-package placement".into(),
        Purpose::TearGas => "tear gas: fall back on 1-2".into(),
        Purpose::UrbanCover => "Urban cover table".into(),
        Purpose::CasualtyRadio => "radio or phone of a casualty".into(),
        Purpose::VehicleActivity { vehicle: v } => {
            format!("activity check for {}", vehicle(game, v))
        }
        Purpose::VehicleAdvance { vehicle: v } => format!("{}'s advance", vehicle(game, v)),
    }
}

// The draws word their purpose as the card is drawn, as `Game::say`
// words an event as it is logged.
impl Game {
    /// Draws `n` action cards, noting the section read and the purpose of
    /// each, and logs a reshuffle if the reshuffle card came up.
    pub(crate) fn draw(
        &mut self,
        n: usize,
        section: Section,
        purpose: Purpose,
    ) -> (Vec<u8>, Vec<CardRead>) {
        let d = self.state.deck.draw(n);
        let words = text(self, purpose);
        let reads = d
            .cards
            .iter()
            .map(|&card| CardRead {
                card,
                section,
                purpose,
                words: words.clone(),
            })
            .collect();
        if d.reshuffled {
            self.say("1.2.2 F", EventKind::Reshuffled, Vec::new());
        }
        (d.cards, reads)
    }

    /// Draws one card and reads the random-number strip for one of `n`
    /// options (1.2.2 E).
    pub(crate) fn random(&mut self, n: u32, purpose: Purpose) -> (u32, Vec<CardRead>) {
        let data = self.data.clone();
        let words = text(self, purpose);
        let (v, draws) = self.state.deck.random_number(&data.action, n);
        let mut reads = Vec::new();
        let mut reshuffled = false;
        for d in draws {
            reshuffled |= d.reshuffled;
            for c in d.cards {
                reads.push(CardRead {
                    card: c,
                    section: Section::Random(n.min(12) as u8),
                    purpose,
                    words: words.clone(),
                });
            }
        }
        if reshuffled {
            self.say("1.2.2 F", EventKind::Reshuffled, Vec::new());
        }
        (v, reads)
    }
}
