//! Hit effects (6.3.3): the card drawn for a hit unit, read at its
//! experience, and the steps it turns into limited action teams or
//! casualties; fanatics and human waves read them their own way (9.11,
//! 9.12).
use crate::data::action::Experience;
use crate::data::action::HitLetter;
use crate::data::units::UnitKind;
use crate::engine::kernel::events::{EventKind, Section};
use crate::engine::kernel::events::{HitReading, PinCause, StatusChange};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::UnitId;
use crate::engine::kernel::purpose::Purpose;
use crate::engine::kernel::state::Unit;

/// 6.3.3: a hit unit draws a card for its hit effect, read at its
/// experience, and the effect is applied (`rule`: the section that hit
/// it, 6.3.3 or a crew bailing out of a knocked-out vehicle, 7.7 A 2).
pub fn hit_effect(game: &mut Game, id: UnitId, rule: &str) {
    let level = hit_level(game, id);
    let (cards, reads) = game.draw(1, Section::HitEffect, Purpose::HitEffect { unit: id });
    let letters: Vec<HitLetter> = cards
        .first()
        .and_then(|&c| game.card(c))
        .map(|c| c.hit.for_level(level).to_vec())
        .unwrap_or_default();
    // 9.11, 9.12: the section that decides what the letters become.
    let u = game.state.unit(id);
    let (rule, reading) = if u.human_wave {
        ("9.12", HitReading::HumanWave)
    } else if u.fanatic && letters.iter().any(|l| read_as(u, *l) != *l) {
        ("9.11", HitReading::Fanatic)
    } else {
        (rule, HitReading::AsShown)
    };
    game.say(
        rule,
        EventKind::Status {
            unit: id,
            what: StatusChange::HitEffect {
                letters: letters.clone(),
                level,
                reading,
            },
        },
        reads,
    );
    apply_hit(game, id, &letters);
}

/// 6.3.3, 9.11, 9.12: converts steps of a hit unit to limited action teams.
pub fn apply_hit(game: &mut Game, id: UnitId, letters: &[HitLetter]) {
    let u = game.state.unit(id).clone();
    if u.kind == UnitKind::Porter {
        porters_hit(game, id, letters);
        return;
    }
    let letters: Vec<HitLetter> = letters
        .iter()
        .take(if u.steps <= 1 { 1 } else { 2 })
        .map(|l| read_as(&u, *l))
        .collect();
    let count = letters.len();
    for (i, l) in letters.into_iter().enumerate() {
        let u = game.state.unit(id).clone();
        if !u.in_play() || u.kind == UnitKind::Casualty {
            break;
        }
        let has_back = u.type_in(&game.data).is_some_and(|t| t.back.is_some());
        if u.steps >= 2 {
            match l {
                HitLetter::A if has_back => flip(game, id),
                _ => {
                    let kind = team_kind(l);
                    let t = split_step(game, id, kind, "6.3.3");
                    game.state.unit_mut(t).pinned = kind != UnitKind::Casualty && !u.human_wave;
                }
            }
            // The last-step rule: a multi-step unit reduced to one step by
            // conversions becomes a fire team; with a letter still to read,
            // that letter converts the last step instead (each letter
            // converts one step).
            if i + 1 == count
                && game.state.unit(id).steps == 1
                && u.steps >= 2
                && game.state.unit(id).kind == UnitKind::Squad
            {
                replace_with(game, id, UnitKind::FireTeam);
            }
        } else {
            match l {
                HitLetter::F | HitLetter::A if has_back && u.kind != UnitKind::FireTeam => {
                    flip(game, id)
                }
                HitLetter::F if u.kind == UnitKind::FireTeam => {}
                _ => replace_with(game, id, team_kind(l)),
            }
        }
    }
}

/// One step of a unit becomes a counter of `kind` beside it (6.3.3; a
/// crash, 7.7 B 1), logged under `rule`; returns the new counter.
pub(crate) fn split_step(game: &mut Game, id: UnitId, kind: UnitKind, rule: &str) -> UnitId {
    let u = game.state.unit(id).clone();
    game.state.unit_mut(id).steps -= 1;
    let t = crate::engine::kernel::units::spawn_team(game, &u, kind);
    game.say(
        rule,
        EventKind::UnitCreated {
            unit: t,
            from: Some(id),
            why: crate::engine::kernel::events::Creation::SplitStep,
        },
        Vec::new(),
    );
    t
}

/// A hit on a porter party (our own counter, see `UnitKind::Porter`):
/// read like any hit effect, one letter per step as 6.3.3 reads them, but
/// porters never become teams. A casualty letter takes a step as a
/// casualty; any other letter sends the party to ground, pinned with its
/// loads (5.1.6: it keeps them, and carries them on once rallied).
fn porters_hit(game: &mut Game, id: UnitId, letters: &[HitLetter]) {
    let u = game.state.unit(id).clone();
    let n = if u.steps <= 1 { 1 } else { 2 };
    for l in letters.iter().take(n) {
        let u = game.state.unit(id).clone();
        if !u.in_play() {
            break;
        }
        if *l == HitLetter::C {
            if u.steps >= 2 {
                split_step(game, id, UnitKind::Casualty, "6.3.3");
            } else {
                replace_with(game, id, UnitKind::Casualty);
            }
        } else if !u.pinned {
            game.state.unit_mut(id).pinned = true;
            game.say(
                "6.3.3",
                EventKind::Status {
                    unit: id,
                    what: StatusChange::Pinned {
                        newly: true,
                        by: PinCause::Porters,
                    },
                },
                Vec::new(),
            );
        }
    }
}

/// A hit letter as the unit reads it: a human wave takes every hit as a
/// casualty (9.12); a fanatic a litter result as a fire team and a
/// paralyzed one as a casualty (9.11).
fn read_as(u: &Unit, l: HitLetter) -> HitLetter {
    if u.human_wave {
        HitLetter::C
    } else if u.fanatic {
        match l {
            HitLetter::L => HitLetter::F,
            HitLetter::P => HitLetter::C,
            x => x,
        }
    } else {
        l
    }
}

fn team_kind(l: HitLetter) -> UnitKind {
    match l {
        HitLetter::C => UnitKind::Casualty,
        HitLetter::P => UnitKind::ParalyzedTeam,
        HitLetter::L => UnitKind::LitterTeam,
        HitLetter::F => UnitKind::FireTeam,
        HitLetter::A => UnitKind::AssaultTeam,
    }
}

fn flip(game: &mut Game, id: UnitId) {
    if game.state.unit(id).flipped {
        return;
    }
    game.state.unit_mut(id).flipped = true;
    game.say(
        "6.3.3",
        EventKind::Status {
            unit: id,
            what: StatusChange::FireTeamSide,
        },
        Vec::new(),
    );
}

/// Removes a unit's counter from play and puts a team of `kind` in its
/// place (6.3.3): the original can only come back by reconstitution.
pub(crate) fn replace_with(game: &mut Game, id: UnitId, kind: UnitKind) {
    let u = game.state.unit(id).clone();
    game.state.unit_mut(id).removed = true;
    let mut src = u.clone();
    src.steps = 1;
    let t = crate::engine::kernel::units::spawn_team(game, &src, kind);
    {
        let nt = game.state.unit_mut(t);
        nt.steps = 1;
        nt.pinned = kind != UnitKind::Casualty && !u.human_wave;
        nt.assets = u.assets.clone();
    }
    game.state.unit_mut(id).assets.clear();
    // Casualties carried by the unit are set down (5.1.6).
    game.state.carried.retain(|(k, _)| *k != id);
    game.say(
        "6.3.3",
        EventKind::UnitRemoved {
            unit: id,
            why: crate::engine::kernel::events::Removal::Replaced {
                by: vec![t],
                jam: false,
            },
        },
        Vec::new(),
    );
    if kind == UnitKind::Casualty {
        crate::engine::kernel::units::last_step_assets(game, t);
    }
}

/// The experience a unit reads on the hit-effect section (6.3.3), with
/// option 13.1.
pub(crate) fn hit_level(game: &Game, id: UnitId) -> Experience {
    game.experience(id)
}
