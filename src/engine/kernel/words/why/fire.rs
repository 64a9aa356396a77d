//! The words of a refusal of fire and the combat actions (chapter 6, 4.2.4) and fire support (6.7).

use crate::data::mission::FmKind;
use crate::engine::kernel::game::Game;
use crate::engine::kernel::why::Fire;

/// A firing agency's name, as the mission lists it.
fn agency(game: &Game, agency: u8) -> String {
    match game.mission.fire_support.get(agency as usize) {
        Some(fs) => fs.name.clone(),
        None => format!("agency {agency}"),
    }
}

/// The reason in words.
pub(crate) fn text(game: &Game, why: &Fire) -> String {
    match *why {
        Fire::PorterCannotFight => {
            "porters carry loads and casualties; they do not spot or fight".into()
        }
        Fire::NotFitToFire { unit } => {
            format!("{} is not fit to fire (4.2.5)", game.describe(unit))
        }
        Fire::NotFitToSpot { unit } => {
            format!("{} is not fit to spot (4.2.5)", game.describe(unit))
        }
        Fire::NotFitToFight { unit } => {
            format!("{} is not fit to fight (4.2.5)", game.describe(unit))
        }
        Fire::NotEnemyInPlay { unit } => {
            format!("{} is not an enemy unit in play", game.describe(unit))
        }
        Fire::TargetUnspotted => "the target has not been spotted (9.3)".into(),
        Fire::FromStaging => "units in the staging area cannot fire (2.4.2)".into(),
        Fire::BeyondRange { cards, range } => format!(
            "the target is {cards} card(s) away, beyond range {}",
            range.label()
        ),
        Fire::NoLineOfSight => "no line of sight to the target (5.2.1)".into(),
        Fire::InSmoke => "units in smoke cannot fire out of their card (4.3.6 C)".into(),
        Fire::OffPdf => "the target is not along the unit's PDF (6.2.3)".into(),
        Fire::NoVofRating { unit } => format!("{} has no VOF rating", game.describe(unit)),
        Fire::ConcentrateRating => {
            "concentrated fire needs an S, A, A/S or H rating (4.2.4 b)".into()
        }
        Fire::ExposedHeavy => {
            "tripod machine guns, mortars and heavy weapons cannot fire while Exposed (6.4)".into()
        }
        Fire::NoPrintedVof { unit } => {
            format!("{} has no printed VOF (6.5.1)", game.describe(unit))
        }
        Fire::MortarOwnCard => "mortars never fire at their own card (6.4)".into(),
        Fire::GrenadeNotBeyondCard => {
            "only a unit with G! can attack with grenades beyond its own card (6.2.1)".into()
        }
        Fire::GrenadeBeyondReach { cards, reach } => format!(
            "the target is {cards} card(s) away: a G! superscript reaches close range, a G! rating its printed range {} (6.5.1)",
            reach.label()
        ),
        Fire::RifleGrenadesSpent => "the unit has fired its rifle grenades (6.4)".into(),
        Fire::UnderRoof => {
            "this weapon cannot fire from under a building, bunker or pillbox (6.4)".into()
        }
        Fire::CardNotReached { hq, at } => format!(
            "{} is neither on {at} nor in communication with a unit there (4.3)",
            game.describe(hq)
        ),
        Fire::NothingToSpot { target } => format!("no unspotted enemy is known on {target}"),
        Fire::SpotterNoLineOfSight { unit, target } => {
            format!("{} has no line of sight to {target}", game.describe(unit))
        }
        Fire::NoWpGrenade => "the unit carries no white phosphorus grenade (4.3.6 C)".into(),
        Fire::PlatoonActionUnordered => "a platoon action is ordered by its platoon HQ".into(),
        Fire::PlatoonActionNotByPltHq => {
            "only a platoon HQ orders its platoon to fire together".into()
        }
        Fire::PlatoonHqFlipped => {
            "a platoon HQ on its fire-team side commands only itself (4.1.4)".into()
        }
        Fire::PlatoonNoneAble => {
            "no unit of the platoon on the HQ's card can attack that target".into()
        }
        Fire::NotFlamethrower => "only a flamethrower unit makes flame attacks (6.5.3)".into(),
        Fire::NotDemolition => {
            "only a demolition-capable unit uses demolition charges (6.5.2)".into()
        }
        Fire::NoChargeLeft => "the unit has no charge or fuel left (6.8.1 E-F)".into(),
        Fire::CoverNotHeld => {
            "the target must be an enemy-held cover marker on the unit's card (6.5.2-6.5.3)".into()
        }
        Fire::DemoMustBeThrown => "with a VOF on the card the charge must be thrown (6.5.2)".into(),
        Fire::DemoMustBePlaced => {
            "with no VOF on the card the charge is placed, not thrown (6.5.2)".into()
        }
        Fire::OneStepMortar => "a one-step mortar team fires by direct lay only, like infantry: order it a Grenade Attack on a spotted enemy it sees, within its range; only a mortar unit of two or more steps fires this way (6.7.4, 6.5.1, 4.2.4 j)".into(),
        Fire::NotOnMapMortar => {
            "only an on-map mortar unit of two or more steps fires this way (4.2.4 j)".into()
        }
        Fire::MortarNotReady => "the mortar must be in Good Order and not Exposed (6.4)".into(),
        Fire::MortarUnderRoof => {
            "mortars cannot fire from under a building, bunker or pillbox (6.4)".into()
        }
        Fire::MortarInWoods => "mortars cannot fire from +3 woods (6.4)".into(),
        Fire::MortarDry => "the mortar is out of ammunition (6.8)".into(),
        Fire::MortarOffMap => "the mortar must be on the map".into(),
        Fire::NoSpottedEnemyOn { target } => format!("no spotted enemy on {target}"),
        Fire::MortarBeyondRange => "the target is beyond the mortar's range".into(),
        Fire::MortarNoLineOfSight { unit, target } => format!(
            "{} has no line of sight to {target} (4.2.4 j)",
            game.describe(unit)
        ),
        Fire::NoneFiring { at } => format!("no friendly unit on {at} is firing"),
        Fire::ShiftToSameCard => "shift fire to a different card".into(),
        Fire::NotInLine => {
            "fire goes along one of the eight straight lines from the card (5.2.1, 6.2.3)".into()
        }
        Fire::OnFriendly => "that would put fire on friendly troops".into(),
        Fire::ThroughFriendly => {
            "a US unit does not fire through a card holding US units (6.2.3)".into()
        }
        Fire::NoVofOn { at } => format!("no friendly unit on {at} has a VOF rating"),
        Fire::NotACard { pos } => format!("{pos} is not a card on the map"),
        Fire::ShiftBeyondRange { at, to } => {
            format!("{to} is beyond the range of the units on {at}")
        }
        Fire::ShiftUnseen { to } => {
            format!("{to} is not in the originator's line of sight (4.2.4 l)")
        }
        Fire::AlreadyFiringThere { at, to } => format!(
            "the units on {at} already fire at {to}: Shift Fire moves their fire to another card (4.2.4 l)"
        ),
        Fire::NotCombat => "not a combat action".into(),
        Fire::NotCallForFire => "not a call for fire".into(),
        Fire::NoSuchAgency => "the mission lists no such firing agency".into(),
        Fire::NotObserver { unit, agency: a } => format!(
            "{} is not an eligible observer for {} (6.7.1)",
            game.describe(unit),
            agency(game, a)
        ),
        Fire::ObserverNotReady => {
            "the observer must be in Good Order on its observer side (1.2.3 C)".into()
        }
        Fire::FpfByOwnOrder => {
            "final protective fire is fired by the CO HQ's order (4.2.4 m)".into()
        }
        Fire::NoMissionLeft { agency: a, kind } => format!(
            "{} has no {} mission left (6.7.1)",
            agency(game, a),
            kind.label()
        ),
        Fire::NoMissionTarget => "fire missions need a card with a spotted enemy (smoke: an empty card or unspotted enemy) (6.7.1)".into(),
        Fire::ObserverNoLineOfSight { unit, target } => format!(
            "{} has no line of sight to {target} (6.7.1)",
            game.describe(unit)
        ),
        Fire::AgencyUnreachable { unit, agency: a } => format!(
            "{} cannot reach {} on its network (6.7.1)",
            game.describe(unit),
            agency(game, a)
        ),
        Fire::NeedsMark { kind } => format!(
            "{} need a mark first: WP on the target or colored smoke on the nearest friendly card (6.7.2 F, 7.1.2)",
            if kind == FmKind::AirStrike {
                "air strikes"
            } else {
                "attack helicopters"
            }
        ),
        Fire::FpfNotCo => "only the CO HQ orders final protective fire (4.2.4 m)".into(),
        Fire::FpfNotDefensive => {
            "final protective fire belongs to defensive missions (2.4.1 B)".into()
        }
        Fire::FpfNoneReady => "no final protective fire or line is ready to fire".into(),
    }
}
