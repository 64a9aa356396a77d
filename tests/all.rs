//! The whole test suite, one test binary.
//!
//! Each file beside this one is a module of it: one crate to build and one
//! binary to link, where 33 binaries each linked the whole engine again
//! (most of CI's build time and gigabytes of disk). Run one file's tests
//! with its module name as the filter: `cargo test --test all rules_combat`.
//! Cargo.toml's `autotests = false` keeps Cargo from building the files as
//! binaries of their own too.

mod common;

mod architecture;
mod cli;
mod data;
mod deck;
mod fold;
mod forecast;
mod fuzz_regressions;
mod learn;
mod learn_mission;
mod props_engine;
mod refused;
mod replay;
mod report;
mod rules_actions;
mod rules_campaign;
mod rules_campaign_choices;
mod rules_combat;
mod rules_commands;
mod rules_enemy;
mod rules_korea;
mod rules_los;
mod rules_movement;
mod rules_skills;
mod rules_state;
mod rules_support;
mod rules_vehicles;
mod rules_victory;
mod session;
mod sim;
mod stepping;
mod tui;
mod tui_campaign;
mod undo;
mod view;
mod viewer;
mod whynot;
mod words;
