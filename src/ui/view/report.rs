//! The after-action report: the result and why, the success conditions
//! each checked, the experience earned, and bar charts of the mission turn
//! by turn. Every figure comes from [`crate::play::report`]; this only
//! draws it. Where the terminal is too short for all of it, the whole view
//! scrolls rather than cut anything.

use super::wrap::wrap_spans;
use crate::play::report::{Report, TurnFigures, activity_index};
use crate::ui::app::{App, Driver};
use crate::ui::keys::Command;
use crate::ui::theme::{Role, Theme};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Bar, BarChart, BarGroup, Clear, Paragraph, Widget};

/// One chart: its title and its series, each with the letter under its
/// bars (so that colour is never the only cue), its name and its role.
struct Panel {
    title: String,
    series: Vec<Series>,
}

struct Series {
    letter: &'static str,
    role: Role,
    value: fn(&TurnFigures) -> u32,
}

fn panels(r: &Report) -> Vec<Panel> {
    let lost = r.unplaced != (0, 0);
    vec![
        Panel {
            title: format!(
                " Steps lost by turn: C company ({}), E enemy ({}){} ",
                r.friendly_casualties,
                r.enemy_casualties,
                if lost { ", some with no turn" } else { "" }
            ),
            series: vec![
                Series {
                    letter: "C",
                    role: Role::Us,
                    value: |t| t.friendly_lost,
                },
                Series {
                    letter: "E",
                    role: Role::Enemy,
                    value: |t| t.enemy_lost,
                },
            ],
        },
        Panel {
            title: format!(
                " Commands by turn: D drawn ({}), S spent ({}) ",
                r.total(|t| t.commands_drawn),
                r.total(|t| t.commands_spent)
            ),
            series: vec![
                Series {
                    letter: "D",
                    role: Role::Good,
                    value: |t| t.commands_drawn,
                },
                Series {
                    letter: "S",
                    role: Role::Highlight,
                    value: |t| t.commands_spent,
                },
            ],
        },
        Panel {
            title: if r.cards_unlogged > 0 {
                format!(
                    " Cards drawn by turn ({}; {} more the log does not place) ",
                    r.total(|t| t.cards),
                    r.cards_unlogged
                )
            } else {
                format!(" Cards drawn by turn ({}) ", r.total(|t| t.cards))
            },
            series: vec![Series {
                letter: "",
                role: Role::Marker,
                value: |t| t.cards,
            }],
        },
        Panel {
            title: format!(
                " Contacts by turn: PC markers that became enemy units ({}) ",
                r.total(|t| t.contacts)
            ),
            series: vec![Series {
                letter: "",
                role: Role::Enemy,
                value: |t| t.contacts,
            }],
        },
        Panel {
            title: " Activity by turn's end: 0 No Contact 1 Contact 2 Engaged 3 Heavily Engaged "
                .into(),
            series: vec![Series {
                letter: "",
                role: Role::Warn,
                value: |t| activity_index(t.activity),
            }],
        },
    ]
}

/// The bar characters: the theme's, ASCII on request.
fn bar_set(t: &Theme) -> ratatui::symbols::bar::Set<'static> {
    if t.ascii {
        ratatui::symbols::bar::Set {
            full: "#",
            seven_eighths: "#",
            three_quarters: "#",
            five_eighths: "#",
            half: "=",
            three_eighths: "=",
            one_quarter: "_",
            one_eighth: "_",
            empty: " ",
        }
    } else {
        ratatui::symbols::bar::NINE_LEVELS
    }
}

fn chart(buf: &mut Buffer, t: &Theme, r: &Report, p: &Panel, area: Rect) {
    let max = r
        .by_turn
        .iter()
        .flat_map(|tf| p.series.iter().map(move |s| (s.value)(tf)))
        .max()
        .unwrap_or(0);
    // Bars as wide as the panel allows (their value must fit), at most 5.
    let series = p.series.len() as u16;
    let gap = u16::from(series > 1);
    let groups_n = (r.by_turn.len() as u16).max(1);
    let room = area.width.saturating_sub(2) / groups_n;
    let fit = room.saturating_sub(1 + (series - 1) * gap) / series;
    let digits = max.max(1).to_string().len() as u16;
    let width = fit.clamp(1, 5).max(digits);
    let groups: Vec<BarGroup> = r
        .by_turn
        .iter()
        .map(|tf| {
            let bars: Vec<Bar> = p
                .series
                .iter()
                .map(|s| {
                    let v = (s.value)(tf);
                    let mut b = Bar::default()
                        .value(v as u64)
                        .text_value(v.to_string())
                        .style(t.style(s.role))
                        .value_style(t.style(Role::Text));
                    if !s.letter.is_empty() {
                        b = b.label(Line::from(s.letter));
                    }
                    b
                })
                .collect();
            BarGroup::default()
                .label(Line::from(tf.turn.to_string()))
                .bars(&bars)
        })
        .collect();
    let mut c = BarChart::default()
        .block(t.block().title(p.title.clone()))
        .bar_width(width)
        .bar_gap(gap)
        .group_gap(1)
        .bar_set(bar_set(t))
        .max(max.max(1) as u64)
        .label_style(t.style(Role::Dim));
    for g in groups {
        c = c.data(g);
    }
    c.render(area, buf);
}

/// The text above the charts: result, conditions, experience, casualties.
fn text(r: &Report, t: &Theme, width: usize) -> Vec<Line<'static>> {
    let mut out: Vec<Line<'static>> = Vec::new();
    let mut push = |spans: Vec<Span<'static>>| out.extend(wrap_spans(spans, width));
    use crate::play::sim::Standing;
    let head = match r.outcome {
        Standing::Success => Role::Good,
        Standing::Failure => Role::Bad,
        Standing::InProgress | Standing::Stalled => Role::Title,
    };
    push(vec![Span::styled(r.headline(), t.style(head))]);
    push(vec![Span::raw(format!(
        "{}: {} mission, seed {}, turn {} of {}",
        r.name, r.kind, r.seed, r.turn, r.turns
    ))]);
    push(vec![Span::styled(
        if r.over {
            "Success conditions (11.0), at the end"
        } else {
            "Success conditions (11.0), if the mission ended now"
        },
        t.style(Role::Title),
    )]);
    for c in &r.conditions {
        let (mark, role) = if c.met {
            ("[met]     ", Role::Good)
        } else {
            ("[not met] ", Role::Bad)
        };
        let mut spans = vec![
            Span::raw("  "),
            Span::styled(mark, t.style(role)),
            Span::raw(c.text.clone()),
        ];
        if let Some(w) = &c.why {
            spans.push(Span::styled(format!(": {w}"), t.style(Role::Dim)));
        }
        push(spans);
    }
    let earned: Vec<String> = r
        .experience
        .iter()
        .map(|e| format!("{} x{}: {}", e.task, e.count, e.points))
        .collect();
    push(vec![
        Span::styled(
            if r.over {
                format!(
                    "Experience earned (10.3.1): {} point(s)",
                    r.experience_total
                )
            } else {
                format!(
                    "Experience if the mission ended now (10.3.1): {} point(s)",
                    r.experience_total
                )
            },
            t.style(Role::Title),
        ),
        Span::raw(if earned.is_empty() {
            String::new()
        } else {
            format!(": {}", earned.join("; "))
        }),
    ]);
    let mut cas = format!(
        "Casualty steps: {} of the company's, {} of the enemy's",
        r.friendly_casualties, r.enemy_casualties
    );
    if r.unplaced != (0, 0) {
        cas.push_str(&format!(
            " ({} and {} of them in no turn the log names)",
            r.unplaced.0, r.unplaced.1
        ));
    }
    push(vec![Span::raw(cas)]);
    out
}

/// Draws the report over `area`, scrolled down by `scroll` rows where it
/// is taller than the screen; `keys` is the line of keys at its foot.
pub(super) fn report<D: Driver>(
    f: &mut Frame,
    app: &App<D>,
    area: Rect,
    scroll: u16,
    keys: Vec<(String, &'static str)>,
) {
    let t = &app.theme;
    let r = app.report();
    f.render_widget(Clear, area);
    let block = t
        .block()
        .title(format!(" After-action report: {} ", r.name));
    let inner = block.inner(area);
    f.render_widget(block, area);
    if inner.width < 10 || inner.height < 3 {
        return;
    }
    let [body, foot] = Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(inner);
    let lines = text(&r, t, body.width as usize);
    let text_h = lines.len() as u16 + 1;
    let panels = panels(&r);
    let cols: u16 = if body.width >= 120 { 2 } else { 1 };
    let rows = (panels.len() as u16).div_ceil(cols);
    const MIN_CHART: u16 = 8;
    let chart_h = (body.height.saturating_sub(text_h) / rows).max(MIN_CHART);
    let full_h = (text_h + rows * chart_h).max(body.height);
    let scroll = scroll.min(full_h - body.height);
    app.hits.borrow_mut().report_max = full_h - body.height;
    // Drawn whole off screen, then the rows in view copied.
    let mut page = Buffer::empty(Rect::new(0, 0, body.width, full_h));
    Paragraph::new(lines).render(Rect::new(0, 0, body.width, text_h), &mut page);
    for (i, p) in panels.iter().enumerate() {
        let (row, col) = (i as u16 / cols, i as u16 % cols);
        let last_alone = i + 1 == panels.len() && col == 0;
        let w = if last_alone {
            body.width
        } else {
            body.width / cols
        };
        let x = col * (body.width / cols);
        chart(
            &mut page,
            t,
            &r,
            p,
            Rect::new(x, text_h + row * chart_h, w, chart_h),
        );
    }
    let buf = f.buffer_mut();
    for y in 0..body.height {
        for x in 0..body.width {
            buf[(body.x + x, body.y + y)] = page[(x, y + scroll)].clone();
        }
    }
    let mut spans = Vec::new();
    for (key, what) in keys {
        spans.push(Span::styled(key, t.style(Role::Highlight)));
        spans.push(Span::raw(format!(" {what}  ")));
    }
    if full_h > body.height {
        spans.push(Span::styled(
            format!(
                "{}/{} scroll (rows {}-{} of {})",
                app.keys.key(Command::Up),
                app.keys.key(Command::Down),
                scroll + 1,
                scroll + body.height,
                full_h
            ),
            t.style(Role::Dim),
        ));
    }
    f.render_widget(Paragraph::new(Line::from(spans)), foot);
}
