//! Vehicle platoon HQs (7.1.1): a platoon's HQ vehicle takes an impulse
//! in the Command Phase like an infantry platoon HQ: in the Activation
//! Segment when the CO HQ activated it (3.3.1 C), otherwise on initiative
//! among the platoon HQs (3.3.2 B). It draws for commands, may save them,
//! and spends them on its own platoon's vehicles, still fighting as a
//! vehicle itself.

use crate::engine::kernel::events::EventKind;
use crate::engine::kernel::game::Game;
use crate::engine::kernel::ids::VehicleId;
use crate::engine::kernel::sequence::Step;
use crate::engine::kernel::state::Impulse;

use crate::engine::vehicles::radio::HQ_EXPERIENCE;

/// The vehicle platoon HQs with an impulse to take in `step`, in id order:
/// the activated ones in the Activation Segment (3.3.1 C), every one not
/// done yet among the platoon HQs' initiative impulses (3.3.2 B).
pub fn candidates(game: &Game, step: Step) -> Vec<VehicleId> {
    if game.state.vehicles.is_empty() {
        return Vec::new();
    }
    game.state
        .vehicles
        .iter()
        .filter(|x| x.in_play())
        .filter_map(|x| x.command.map(|c| (x.id, c)))
        .filter(|(_, c)| {
            !c.done
                && match step {
                    Step::ActivatedImpulses => c.activated,
                    Step::PltHqInitiative => true,
                    _ => false,
                }
        })
        .map(|(v, _)| v)
        .collect()
}

/// Starts the impulse of vehicle platoon HQ `v`: it draws activated or
/// initiative commands with the modifiers of 4.1.2 and adds those it
/// saved (4.1.1, 3.3.2 B).
pub fn start_impulse(game: &mut Game, v: VehicleId) {
    let (command, pinned, pos, side) = {
        let x = &game.state.vehicles[v.0 as usize];
        (x.command.unwrap_or_default(), x.pinned, x.pos, x.side)
    };
    let activated = game.state.step == Step::ActivatedImpulses || command.activated;
    let drawer = crate::engine::command::draws::Drawer {
        pinned,
        experience: HQ_EXPERIENCE,
        under_cover: false,
        pos,
        side,
    };
    let d = game.draw_commands(
        activated,
        crate::engine::kernel::purpose::Purpose::VehicleCommands {
            activated,
            vehicle: v,
        },
        &drawer,
    );
    let saved = command.saved;
    let total = d.drawn + saved;
    let mut imp = Impulse::open(None, total, true, game.spend_max());
    imp.vehicle = Some(v);
    game.state.impulse = Some(imp);
    if let Some(c) = &mut game.state.vehicles[v.0 as usize].command {
        c.saved = 0;
    }
    let from = d.from(Some(v));
    game.say(
        "7.1.1",
        EventKind::Commands {
            hq: None,
            drawn: d.printed,
            modifier: d.modifier,
            total,
            saved,
            from,
        },
        d.reads,
    );
}

/// A new turn: no vehicle platoon HQ is activated or done (3.0).
pub fn new_turn(game: &mut Game) {
    for x in &mut game.state.vehicles {
        if let Some(c) = &mut x.command {
            c.activated = false;
            c.done = false;
        }
    }
}
