//! The engine's procedures one at a time, for the rule tests.
//!
//! The rule modules (`combat`, `enemy`, `turn`, ...) are private to the
//! crate: the front end and the bots go through [`Game`](crate::engine::Game)
//! and the kernel's vocabulary. A rule test often needs more: to run one
//! segment of the turn on a position it arranged (the enemy's activity
//! check, a fire resolution, the clean-up), or to read a rule's
//! intermediate result (an NCM, a line of sight, a forecast's odds).
//! This module names those procedures, grouped by chapter rather than by
//! file, so that a rule moved between the files of its chapter changes
//! one line here and no test. Where a procedure's own name only means
//! something beside its file (`update`, `begin`, `end`), it is renamed
//! here to say what it does.
//!
//! Nothing in the program itself uses this module (an architecture test
//! checks); it is not a stable interface.

/// Chapter 9 (combat), 6 (support) and 4.2.4: fire, its effects, ammunition.
pub mod combat {
    pub use crate::engine::combat::actions::spotting_draws;
    pub use crate::engine::combat::ammo::{expend_for_fire, spend as spend_ammo};
    pub use crate::engine::combat::capture::capture_retreat;
    pub use crate::engine::combat::engage::{follow, update as update_engagement};
    pub use crate::engine::combat::fire::{
        VofLevel, basic_vof, card_vof, link_vof, pdfs, ratings, silenced, vehicle_vof,
    };
    pub use crate::engine::combat::resolution::{
        Base, Ncm, apply_hit, crossfire, ncm, pick_sniper_targets, resolve_all, resolve_special,
    };
    pub use crate::engine::combat::support::{flip_pending, mission_markers};
}

/// Chapter 3 and 4.2.1: command draws and the chain of command.
pub mod command {
    pub use crate::engine::command::actions::{co_successor, co_successors};
    pub use crate::engine::command::draws::draw_modifier;
}

/// Chapter 8: the enemy's activity, its hierarchy of actions, its moves.
pub mod enemy {
    pub use crate::engine::enemy::activity::{level as activity_level, update as update_activity};
    pub use crate::engine::enemy::contact::resolve_markers;
    pub use crate::engine::enemy::hierarchy::{
        Table, holds, lookup, perform, run as run_hierarchy, tactic,
    };
    pub use crate::engine::enemy::moves::{bonus, fall_back};
    pub use crate::engine::enemy::spotters::spotter_target;
}

/// Chapter 5.4 and 2.2: line of sight, the map revealed.
pub mod map {
    pub use crate::engine::map::los::{
        Block, LosCell, LosMap, LosResult, Viewer, Visibility, effective_borders, explain_los,
        has_los, in_range, line_between, range_band, sees_card,
    };
    pub use crate::engine::map::reveal::{expand_map, fill_gaps, first_gap};
}

/// Chapter 5: movement and carrying.
pub mod movement {
    pub use crate::engine::movement::carrying::per_step;
}

/// 4.3 and 4.4: communications and who may give orders.
pub mod orders {
    pub use crate::engine::orders::chain::{can_order, may_move_on_patrol};
    pub use crate::engine::orders::comms::{Link, in_communication, link, wire_connects};
}

/// Chapter 11 and 10.8: victory, the mission's places and its tally.
pub mod recovery {
    pub use crate::engine::recovery::victory::{
        outcome, place as victory_place, secure, tally, touch_route,
    };
}

/// Chapter 3's sequence of play, the menu of orders, its refusals and
/// forecasts.
pub mod turn {
    pub use crate::engine::turn::choices::question;
    pub use crate::engine::turn::forecast::{
        AttemptOdds, Forecast, Odds, chance, forecast, forecast_by_trials, forecast_planned,
        forecasts, odds,
    };
    pub use crate::engine::turn::menu::{
        candidates, check as check_order, legal_orders, legal_orders_by_check,
    };
    pub use crate::engine::turn::phases::{
        clean_up, combat_effects, enemy_activity, higher_hq_check, vof_segment,
    };
    pub use crate::engine::turn::refusals::{
        ALSO, Refusal, aim, aimed, refused_company_orders, refused_orders, refused_targets,
    };
}

/// Chapter 7: vehicles, anti-tank fire, aircraft and helicopters.
pub mod vehicles {
    pub use crate::engine::vehicles::air::reaction_modifier;
    pub use crate::engine::vehicles::at::{
        apply as apply_at_result, armed, fire as at_fire, in_reach, modifier as at_modifier,
        odds as at_odds, result_words, sniper_attacks,
    };
    pub use crate::engine::vehicles::heli::{
        check_fly, check_landing, destinations, end as helicopters_fly_on,
    };
    pub use crate::engine::vehicles::lz::{check_assault_turn, lz_cards};
    pub use crate::engine::vehicles::moves::{check_move, move_to, vehicles_on};
    pub use crate::engine::vehicles::phase::{
        begin as begin_vehicle_phase, clean_up as vehicle_clean_up, spot_targets,
    };
    pub use crate::engine::vehicles::radio::reaches;
    pub use crate::engine::vehicles::transport::{capacity, load};
}
