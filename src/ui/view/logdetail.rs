//! The log's detail view: one event in full (its turn, step, rule and
//! words, never cut), every card it drew with the section read and what
//! it showed there, and the log's search.

use super::centered;
use crate::ui::app::{App, Driver, LogDetail};
use crate::ui::keys::Command;
use crate::ui::labels;
use crate::ui::theme::Role;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

pub(super) fn log_detail<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect, d: &LogDetail) {
    let t = &app.theme;
    let g = app.game();
    let events = app.log_events();
    let hits = app.log_detail_hits(d);
    let k = |c: Command| app.keys.key(c);
    let mut lines: Vec<Line> = Vec::new();
    if d.searching || !d.query.is_empty() {
        lines.push(Line::from(vec![
            Span::styled("Search: ", t.style(Role::Title)),
            Span::styled(
                format!("{}{}", d.query, if d.searching { "_" } else { "" }),
                t.style(Role::Highlight),
            ),
            Span::styled(
                format!(
                    "  {} event(s) match{}",
                    hits.len(),
                    match hits.iter().position(|&i| i == d.at) {
                        Some(k) => format!(", this is match {} of {}", k + 1, hits.len()),
                        None => String::new(),
                    }
                ),
                t.style(Role::Dim),
            ),
        ]));
        lines.push(Line::raw(""));
    }
    match events.get(d.at) {
        None => lines.push(Line::raw("No event.")),
        Some(e) if !d.query.trim().is_empty() && hits.is_empty() => {
            let _ = e;
            lines.push(Line::styled(
                "No event of the log matches these words.",
                t.style(Role::Warn),
            ));
        }
        Some(e) => {
            lines.push(Line::styled(
                format!(
                    "Turn {}, {}, {} ({})",
                    e.turn,
                    e.step.phase_name(),
                    e.step.name(),
                    e.step.rule(g.mission().kind)
                ),
                t.style(Role::Dim),
            ));
            lines.push(Line::from(vec![
                Span::styled(format!("[{}] ", e.rule), t.style(Role::Marker)),
                Span::styled(e.text.clone(), t.style(Role::Text)),
            ]));
            lines.push(Line::raw(""));
            if e.cards.is_empty() {
                lines.push(Line::styled("No card was drawn.", t.style(Role::Dim)));
            } else {
                lines.push(Line::styled(
                    format!("Cards drawn ({})", e.cards.len()),
                    t.style(Role::Title),
                ));
                for c in &e.cards {
                    let read = g
                        .card(c.card)
                        .map(|card| labels::card_read(card, c.section))
                        .unwrap_or_else(|| "not in this deck".into());
                    lines.push(Line::from(vec![
                        Span::styled(format!("  card {:>2}: ", c.card), t.style(Role::Highlight)),
                        Span::raw(format!("{read}, for {}", c.words)),
                    ]));
                }
            }
        }
    }
    let r = centered(
        area,
        area.width.saturating_sub(4).min(110),
        area.height.saturating_sub(4).max(10),
    );
    let title = format!(
        " Log: event {} of {} ({}) ",
        d.at + 1,
        events.len(),
        app.log_filter.label()
    );
    let keys = format!(
        " {}/{} older/newer  {} search  {} close ",
        k(Command::Up),
        k(Command::Down),
        k(Command::Search),
        k(Command::Back)
    );
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(
            t.block()
                .title(title)
                .title_bottom(Line::styled(keys, t.style(Role::Dim))),
        ),
        r,
    );
}
