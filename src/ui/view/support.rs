//! The fire support panel: the board game's Mission Log. Each firing
//! agency of the mission with its net and the missions it has left, who
//! may call it (with the cards each draws) and how each reaches it now,
//! its registered targets; then the fire missions
//! on their way on the map, the company's and the enemy's. What an
//! observer can do comes from the engine ([`support::observers_now`]);
//! this only puts it in words.

use crate::data::mission::{Agency, FmKind};
use crate::engine::combat::support::{self, MissionMarker};
use crate::ui::app::{App, Driver};
use crate::ui::theme::Role;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::wrap::wrap_spans;

/// The agency's kind in words.
fn agency_words(a: Agency) -> &'static str {
    match a {
        Agency::Artillery => "artillery",
        Agency::Mortars => "mortars",
        Agency::Air => "air support",
    }
}

/// A mission kind in few words, for the Command Display.
pub(super) fn short_kind(k: FmKind) -> &'static str {
    match k {
        FmKind::He => "HE",
        FmKind::Tot => "TOT",
        FmKind::Smoke => "smoke",
        FmKind::Wp => "WP",
        FmKind::Illumination => "illum",
        FmKind::AirStrike => "air",
        FmKind::AttackHelicopter => "helos",
        FmKind::Fpf => "FPF",
    }
}

/// The Command Display's line: the fire missions left, agency by agency
/// ("Fire missions: 81mm HE 2, WP 1; 105mm HE 3"), or `None` for a mission
/// without fire support.
pub(super) fn missions_left_line<D: Driver>(app: &App<D>, short: bool) -> Option<String> {
    let g = app.game();
    let fss = &g.mission().fire_support;
    if fss.is_empty() {
        return None;
    }
    let parts: Vec<String> = fss
        .iter()
        .enumerate()
        .map(|(i, fs)| {
            // The agency's first word with a figure in it ("81mm",
            // "105mm"), else its kind.
            let name = fs
                .name
                .split_whitespace()
                .find(|w| w.chars().any(|c| c.is_ascii_digit()))
                .unwrap_or(agency_words(fs.agency));
            let kinds: Vec<String> = fs
                .missions
                .iter()
                .map(|m| {
                    format!(
                        "{} {}",
                        short_kind(m.kind),
                        support::missions_left(g, i as u8, m.kind)
                    )
                })
                .collect();
            format!("{name} {}", kinds.join(", "))
        })
        .collect();
    let head = if short { "Fire" } else { "Fire missions" };
    Some(format!("{head}: {}", parts.join("; ")))
}

/// The Command Display's line for an air assault (7.4.5, the Helicopter
/// Control Card): where each transport helicopter is, who is aboard, and
/// who waits in the Pickup Zone; `None` without transport helicopters.
pub(super) fn helicopters_line<D: Driver>(app: &App<D>) -> Option<String> {
    let g = app.game();
    let s = g.state();
    let lifts: Vec<String> = s
        .vehicles
        .iter()
        .filter(|x| x.lift.is_some() && x.in_play())
        .map(|x| {
            let aboard: Vec<String> = s.passengers(x.id).map(|u| u.label.clone()).collect();
            let mut w = format!("{} {}", x.label, x.pos);
            if x.lift.is_some_and(|l| l.damaged) {
                w.push_str(" damaged");
            }
            if !aboard.is_empty() {
                w.push_str(&format!(" ({})", aboard.join(", ")));
            }
            w
        })
        .collect();
    if lifts.is_empty() {
        return None;
    }
    let pz = crate::engine::kernel::pos::HeliArea::PickUp.pos();
    let waiting: Vec<String> = s
        .in_play()
        .filter(|u| u.pos == pz && u.riding.is_none())
        .map(|u| u.label.clone())
        .collect();
    let mut line = format!("Helicopters: {}", lifts.join("; "));
    if !waiting.is_empty() {
        line.push_str(&format!("; waiting in PZ: {}", waiting.join(", ")));
    }
    Some(line)
}

fn marker_words(m: &MissionMarker) -> String {
    let what = match (m.pending, m.kind) {
        (true, Some(k)) => format!("pending, {}", k.label()),
        (true, None) => "pending".into(),
        (false, Some(FmKind::AirStrike)) => "air strike falling".into(),
        (false, _) => "Incoming! falling".into(),
    };
    format!("{}: {what}", m.pos)
}

/// The panel's rows, wrapped to `width` cells.
pub(super) fn support_lines<D: Driver>(app: &App<D>, width: usize) -> Vec<Line<'static>> {
    let g = app.game();
    let s = g.state();
    let t = &app.theme;
    let mut rows: Vec<Vec<Span<'static>>> = Vec::new();
    let mut row = |spans: Vec<Span<'static>>| rows.push(spans);
    let fss = &g.mission().fire_support;
    if fss.is_empty() {
        row(vec![Span::raw("No fire support on this mission.")]);
    }
    for (i, fs) in fss.iter().enumerate() {
        let a = i as u8;
        row(vec![Span::styled(
            format!(
                "{} ({}, {} net)",
                fs.name,
                agency_words(fs.agency),
                fs.agency.net().label()
            ),
            t.style(Role::Title),
        )]);
        for m in &fs.missions {
            let left = support::missions_left(g, a, m.kind);
            let what = if m.kind == FmKind::Fpf {
                format!(
                    " final protective fire: {left} of {} turn(s) left{}",
                    m.count,
                    if s.fpf_firing { ", firing now" } else { "" }
                )
            } else {
                format!(" {}: {left} of {} left", m.kind.label(), m.count)
            };
            let role = if left == 0 { Role::Dim } else { Role::Text };
            let mut spans = vec![Span::styled(what, t.style(role))];
            if m.modifier != 0 {
                spans.push(Span::styled(
                    format!(", NCM {:+}", m.modifier),
                    t.style(Role::Dim),
                ));
            }
            if left == 0 {
                spans.push(Span::styled(" (spent)", t.style(Role::Dim)));
            }
            row(spans);
        }
        // 7.1.2: the attack helicopters this agency has on station.
        for x in s.vehicles.iter().filter(|x| x.in_play()) {
            let Some(task) = x.air.filter(|t| t.agency == a) else {
                continue;
            };
            row(vec![Span::styled(
                format!(
                    " {}: {} {}, {} turn(s) on station{}",
                    x.label,
                    if task.chosen { "striking" } else { "to strike" },
                    task.target,
                    task.turns,
                    if task.chosen && task.turns == 1 {
                        " (loitering: strikes again by itself, or call it elsewhere)"
                    } else {
                        ""
                    }
                ),
                t.style(Role::Us),
            )]);
        }
        // 7.1.3, 7.1.4: the agency's forward air controller and gunship,
        // on station or still to come.
        let here = |f: &dyn Fn(&crate::engine::kernel::vehicle::Vehicle) -> bool| {
            s.vehicles
                .iter()
                .find(|x| f(x))
                .map(|x| (x.label.clone(), x.in_play(), x.fac))
        };
        if let Some(spec) = &fs.fac {
            let text = match here(&|x| x.fac.is_some_and(|f| f.agency == a)) {
                Some((label, true, Some(f))) => format!(
                    " {label}: forward air controller, {} turn(s) on station",
                    f.turns
                ),
                Some((label, _, _)) => format!(" {label}: forward air controller, gone"),
                None => format!(" forward air controller from turn {}", spec.arrives),
            };
            row(vec![Span::styled(text, t.style(Role::Us))]);
        }
        if let Some(spec) = &fs.gunship {
            let text = match here(&|x| x.gunship.is_some_and(|g| g.agency == a)) {
                Some((label, true, _)) if crate::engine::vehicles::gunship::night(g) => {
                    format!(" {label}: gunship on station, flies each night turn")
                }
                Some((label, true, _)) => {
                    format!(" {label}: gunship on station, idle until night")
                }
                Some((label, _, _)) => format!(" {label}: gunship, gone"),
                None => format!(" gunship from turn {}, at night", spec.arrives),
            };
            row(vec![Span::styled(text, t.style(Role::Us))]);
        }
        if fs.battalion {
            row(vec![Span::styled(
                " and battalion fire on three bursts",
                t.style(Role::Dim),
            )]);
        }
        for o in support::observers_now(g, a) {
            // Out of play, the counter's name still; never on the map,
            // the roster's name in words.
            let who = o
                .unit
                .map(|u| g.describe(u))
                .or_else(|| s.by_roster(&o.roster).map(|u| u.label.clone()))
                .unwrap_or_else(|| o.roster.replace('_', " "));
            let (how, role) = match &o.can_call {
                Ok(r) => (r.words(), Role::Good),
                Err(why) => (format!("cannot, {why}"), Role::Dim),
            };
            row(vec![
                Span::raw(format!(" {who} ({} cards): ", o.draws)),
                Span::styled(how, t.style(role)),
            ]);
        }
        let reg: Vec<String> = s
            .registered
            .iter()
            .filter(|(x, _)| *x == a)
            .map(|(_, p)| p.to_string())
            .collect();
        row(vec![Span::raw(format!(
            " Registered: {}",
            if reg.is_empty() {
                "none".into()
            } else {
                format!("{} (a card more)", reg.join(", "))
            }
        ))]);
    }
    let markers = support::mission_markers(g);
    row(vec![Span::styled(
        "Our fire on the map",
        t.style(Role::Title),
    )]);
    let ours: Vec<&MissionMarker> = markers.iter().filter(|m| !m.enemy).collect();
    if ours.is_empty() {
        row(vec![Span::styled(" none", t.style(Role::Dim))]);
    }
    for m in ours {
        row(vec![Span::styled(
            format!(" {}", marker_words(m)),
            t.style(Role::Us),
        )]);
    }
    row(vec![Span::styled(
        "Enemy fire missions seen",
        t.style(Role::Title),
    )]);
    let theirs: Vec<&MissionMarker> = markers.iter().filter(|m| m.enemy).collect();
    let spotters: Vec<String> = s
        .spotters
        .iter()
        .filter(|sp| s.get(sp.unit).is_some_and(|u| u.in_play()))
        .map(|sp| {
            format!(
                " {}: {} mission(s) left, the last on {}",
                g.describe(sp.unit),
                sp.missions,
                sp.target
            )
        })
        .collect();
    if theirs.is_empty() && spotters.is_empty() {
        row(vec![Span::styled(" none so far", t.style(Role::Dim))]);
    }
    for m in theirs {
        row(vec![Span::styled(
            format!(" {}", marker_words(m)),
            t.style(Role::Enemy),
        )]);
    }
    for sp in spotters {
        row(vec![Span::styled(sp, t.style(Role::Enemy))]);
    }
    rows.into_iter()
        .flat_map(|r| wrap_spans(r, width))
        .collect()
}

pub(super) fn support_panel<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect) {
    let lines = support_lines(app, area.width.saturating_sub(2) as usize);
    super::wrap::scrolled(f, app, area, " Fire support ", lines);
}
