//! Fixed-wing gunships (7.1.4): at night, with no command, placed each
//! turn over any card, too high for the enemy's fire; three runs a turn,
//! each an H VOF against the enemy and air-dropped flares on its card or
//! an adjacent one.

use crate::engine::kernel::events::EventKind;
use crate::engine::kernel::events::{MarkerKind, Quiet};
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::VehicleId;
use crate::engine::kernel::input::Answer;
use crate::engine::kernel::input::Input;
use crate::engine::kernel::pos::CardPos;
use crate::engine::vehicles::air::{close_cards, enemy_steps, point_blank};
use crate::engine::vehicles::at::vehicle;

/// 7.1.4: the cards a gunship fires on and lights each turn.
pub const RUNS: usize = crate::engine::kernel::vehicle::GUNSHIP_RUNS;

/// Whether this turn is a night turn (8.0: a moon level, any phase of it).
pub fn night(game: &Game) -> bool {
    game.visibility_level().is_some_and(|v| v.moon)
}

/// 7.1.4: a fixed-wing gunship comes on station in its turn and stays for
/// the rest of the mission; each night turn it flies with no command and
/// three runs to make. Decision (7.1.4: "they only fly during night
/// missions"): in a turn that is not night (dawn in a mission that ends
/// in daylight) it stays off the map and does nothing. Called first thing
/// in 3.6, with the forward air controller.
pub fn turn(game: &mut Game) {
    let arrived = crate::engine::vehicles::air::arrivals(
        game,
        |fs| fs.gunship.as_ref().map(|g| (g.aircraft.clone(), g.arrives)),
        |v| v.gunship.map(|g| g.agency),
    );
    for (agency, id) in arrived {
        game.state.vehicles[id.0 as usize].gunship =
            Some(crate::engine::kernel::vehicle::GunshipTask {
                agency,
                runs: [None; RUNS],
            });
        game.say(
            "7.1.4",
            EventKind::Nothing {
                why: Quiet::GunshipOnStation {
                    vehicle: id,
                    agency,
                },
            },
            Vec::new(),
        );
    }
    let dark = night(game);
    let mut idle = Vec::new();
    for x in &mut game.state.vehicles {
        if x.in_play()
            && let Some(g) = x.gunship.as_mut()
        {
            g.runs = [None; RUNS];
            x.activated = dark;
            if !dark {
                idle.push(x.id);
            }
        }
    }
    for v in idle {
        game.say(
            "7.1.4",
            EventKind::Nothing {
                why: Quiet::GunshipIdleByDay(v),
            },
            Vec::new(),
        );
    }
}

/// The inputs of a gunship in its activation: fly over any card while off
/// the map (7.1.4: anywhere; it is too high to count against a card's
/// four vehicles, 1.2.1 I); then its runs, each on a card not yet run on.
pub fn legal(game: &Game, v: VehicleId) -> Vec<Input> {
    let x = vehicle(game, v);
    let Some(g) = x.gunship else {
        return Vec::new();
    };
    if !x.in_play() || x.done || !x.activated {
        return Vec::new();
    }
    if x.pos.is_staging() {
        return game
            .state
            .map
            .cards
            .iter()
            .map(|c| {
                Input::Answer(Answer::AirPlace {
                    vehicle: v,
                    at: c.pos,
                })
            })
            .collect();
    }
    if g.made() >= RUNS {
        return Vec::new();
    }
    close_cards(game, x.pos)
        .into_iter()
        .filter(|c| !g.runs.contains(&Some(*c)))
        .map(|at| Input::Answer(Answer::GunshipRun { vehicle: v, at }))
        .collect()
}

/// Why a gunship may not make this run now (7.1.4).
pub fn check_run(
    game: &Game,
    v: VehicleId,
    at: CardPos,
) -> Result<(), crate::engine::kernel::game::Illegal> {
    use crate::engine::kernel::game::no;
    let Some(x) = game.state.vehicles.get(v.0 as usize) else {
        return no(|| format!("there is no vehicle {v}"));
    };
    let Some(g) = x.gunship else {
        return no(|| format!("{} is not a fixed-wing gunship (7.1.4)", x.label));
    };
    if !x.activated {
        return no("gunships fly only at night (7.1.4)");
    }
    if x.pos.is_staging() {
        return no(|| format!("place {} over a card first (7.1.4)", x.label));
    }
    if g.made() >= RUNS || x.done {
        return no("the gunship has made its three runs this turn (7.1.4)");
    }
    if g.runs.contains(&Some(at)) {
        return no(|| format!("{} has fired on {at} already this turn (7.1.4)", x.label));
    }
    if !close_cards(game, x.pos).contains(&at) {
        return no(|| {
            format!(
                "{at} is not {}'s card or next to it (7.1.4: its own card or adjacent ones)",
                x.label
            )
        });
    }
    Ok(())
}

/// The cards around `pos` holding the most spotted enemy steps first.
fn by_enemy(game: &Game, cards: Vec<CardPos>) -> Vec<(u32, CardPos)> {
    let mut v: Vec<(u32, CardPos)> = cards
        .into_iter()
        .map(|c| (enemy_steps(game, c), c))
        .filter(|(n, _)| *n > 0)
        .collect();
    v.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    v
}

/// The spotted enemy steps a gunship over `pos` can reach: on its card
/// and the adjacent ones (7.1.4).
pub fn reach(game: &Game, pos: CardPos) -> u32 {
    close_cards(game, pos)
        .into_iter()
        .map(|p| enemy_steps(game, p))
        .sum()
}

/// The program's suggestion for a gunship: over the card whose own and
/// adjacent cards hold the most spotted enemy steps; then a run on the
/// close card with the most not yet run on; otherwise its turn ends.
pub fn suggestion(game: &Game, v: VehicleId) -> Input {
    let legal = legal(game, v);
    let end = Input::Answer(Answer::VehicleEnd {
        shooter: crate::engine::kernel::vehicle::Shooter::Vehicle(v),
    });
    let x = vehicle(game, v);
    if x.pos.is_staging() {
        // Among equals, over the enemy itself, then the first in card
        // order.
        let best = game
            .state
            .map
            .cards
            .iter()
            .map(|c| (reach(game, c.pos), enemy_steps(game, c.pos), c.pos))
            .filter(|(n, _, _)| *n > 0)
            .max_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)).then(b.2.cmp(&a.2)));
        return match best {
            Some((_, _, at)) => Input::Answer(Answer::AirPlace { vehicle: v, at }),
            None => end,
        };
    }
    by_enemy(game, close_cards(game, x.pos))
        .into_iter()
        .map(|(_, at)| Input::Answer(Answer::GunshipRun { vehicle: v, at }))
        .find(|i| legal.contains(i))
        .unwrap_or(end)
}

/// 7.1.4: the gunship comes over `at`, anywhere on the map, with no
/// reaction fire: it flies too high for it.
pub fn place(game: &mut Game, v: VehicleId, at: CardPos) {
    let from = vehicle(game, v).pos;
    let x = &mut game.state.vehicles[v.0 as usize];
    x.pos = at;
    x.moved = true;
    game.say(
        "7.1.4",
        EventKind::VehicleMoved {
            vehicle: v,
            from,
            to: at,
            how: crate::engine::kernel::events::VehicleMove::Circles,
        },
        Vec::new(),
    );
}

/// 7.1.4: one run: an H VOF marker on `at`, against the enemy there in
/// the Combat Phase (as the helicopters' is), and air-dropped flares over
/// it (8.2: the flares' value on the card, the lesser around it). Returns
/// whether the gunship has made all its runs.
pub fn run(game: &mut Game, v: VehicleId, at: CardPos) -> bool {
    let vof = game
        .data
        .vehicles
        .vehicle(&vehicle(game, v).vehicle_type.0)
        .and_then(|t| t.vof)
        .map(|r| r.vof);
    let flare = game
        .data
        .charts
        .flare("air_flare")
        .map(|i| (i.card, i.adjacent));
    let made = {
        let x = &mut game.state.vehicles[v.0 as usize];
        let Some(g) = x.gunship.as_mut() else {
            return true;
        };
        if let Some(slot) = g.runs.iter_mut().find(|r| r.is_none()) {
            *slot = Some(at);
        }
        x.fired = true;
        g.made()
    };
    let mut lit = None;
    if let Some(c) = game.state.map.card_mut(at) {
        // The stronger of two aircraft's fire on one card counts (8.4's
        // "not cumulative" reading for markers of one kind).
        if let Some(vof) = vof
            && c.markers.air_attack.and_then(point_blank) < point_blank(vof)
        {
            c.markers.air_attack = Some(vof);
        }
        if let Some((card, adj)) = flare {
            // A lower modifier is the brighter light (8.2).
            c.markers.illumination = Some(c.markers.illumination.map_or(card, |x| x.min(card)));
            if let Some(a) = adj {
                c.markers.illumination_adjacent =
                    Some(c.markers.illumination_adjacent.map_or(a, |x| x.min(a)));
            }
            lit = Some((card, adj));
        }
    }
    game.say(
        "7.1.4",
        EventKind::Marker {
            pos: at,
            what: MarkerKind::GunshipFireAndFlares {
                vehicle: v,
                level: vof.and_then(point_blank),
                flares: lit,
                made: made as u8,
            },
        },
        Vec::new(),
    );
    made >= RUNS
}
