//! The screens between missions: the debrief and each decision (the
//! program's suggestion marked and selected), then what the campaign came
//! to. Everything shown is the driver's ([`Deciding`], [`Finished`]); this
//! only lays it out. Text too long for the screen scrolls; the list of
//! decisions keeps the selected one in sight.

use super::wrap::wrap_indented;
use crate::ui::app::{App, Deciding, Driver, Finished};
use crate::ui::keys::Command;
use crate::ui::theme::Role;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

pub(super) fn between<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect, fin: &Finished) {
    match app.driver.deciding() {
        Some(d) => deciding(f, app, area, &d),
        None => finished(f, app, area, fin),
    }
}

fn text_rows(
    lines: &[String],
    width: usize,
    role: Role,
    app_theme: &crate::ui::theme::Theme,
) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    for l in lines {
        if l.is_empty() {
            out.push(Line::raw(""));
            continue;
        }
        out.extend(wrap_indented(
            vec![Span::styled(l.clone(), app_theme.style(role))],
            width,
            2,
        ));
    }
    out
}

fn deciding<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect, d: &Deciding) {
    let t = &app.theme;
    let block = t
        .block()
        .title(format!(" Between missions: {} ", d.stage.title()));
    let inner = block.inner(area);
    f.render_widget(block, area);
    let width = inner.width.saturating_sub(1) as usize;
    let text = text_rows(&d.lines, width, Role::Text, t);
    // The decisions: the selected one in sight, the suggestion marked.
    let mut rows: Vec<Line> = Vec::new();
    // Which decision each row shows, for the mouse.
    let mut row_of: Vec<usize> = Vec::new();
    let mut sel_row = 0;
    for (i, (_, label)) in d.choices.iter().enumerate() {
        let suggested = d.suggested == Some(i);
        let mark = if i == app.between_sel { "> " } else { "  " };
        let tail = if suggested { "  (suggested)" } else { "" };
        let style = if i == app.between_sel {
            t.style(Role::Selected)
        } else {
            t.style(Role::Text)
        };
        if i == app.between_sel {
            sel_row = rows.len();
        }
        let mut spans = vec![Span::styled(format!("{mark}{label}"), style)];
        if suggested {
            spans.push(Span::styled(tail, t.style(Role::Dim)));
        }
        let wrapped = wrap_indented(spans, width, 4);
        row_of.extend(std::iter::repeat_n(i, wrapped.len()));
        rows.extend(wrapped);
    }
    let done = if d.done.is_empty() {
        Vec::new()
    } else {
        let mut v = vec![Line::styled("Decided so far:", t.style(Role::Dim))];
        let start = d.done.len().saturating_sub(4);
        for l in &d.done[start..] {
            v.extend(wrap_indented(
                vec![Span::styled(format!("  {l}"), t.style(Role::Dim))],
                width,
                4,
            ));
        }
        v
    };
    let k = |c: Command| app.keys.key(c);
    let mut footer = vec![Line::styled(
        if d.choices.len() > 1 {
            format!(
                "{}/{} choose   {} decide   {} quit (the campaign is saved)",
                k(Command::Up),
                k(Command::Down),
                k(Command::Confirm),
                k(Command::Quit)
            )
        } else {
            format!(
                "{}/{} scroll   {} {}   {} quit (the campaign is saved)",
                k(Command::Up),
                k(Command::Down),
                k(Command::Confirm),
                if d.stage == crate::play::campaign::Stage::Debrief {
                    "go on"
                } else {
                    "take it"
                },
                k(Command::Quit)
            )
        },
        t.style(Role::Dim),
    )];
    if let Some(m) = &app.message {
        footer.insert(0, Line::styled(m.clone(), t.style(Role::Warn)));
    }
    let h = inner.height as usize;
    // Room: the list gets what it needs up to half the screen (at least
    // 3 rows), the decided lines up to 3, the text the rest; what is left
    // over goes below, before the keys.
    let list_h = rows.len().min((h / 2).max(3)).min(h);
    let done_h = done
        .len()
        .min(3)
        .min(h.saturating_sub(list_h + footer.len() + 3));
    let room = h.saturating_sub(list_h + done_h + footer.len() + 1);
    let text_h = text.len().min(room);
    let [text_a, _, list_a, done_a, _, foot_a] = Layout::vertical([
        Constraint::Length(text_h as u16),
        Constraint::Length(1),
        Constraint::Length(list_h as u16),
        Constraint::Length(done_h as u16),
        Constraint::Fill(1),
        Constraint::Length(footer.len() as u16),
    ])
    .areas(inner);
    let over = if text.len() <= text_h {
        0
    } else {
        text.len() - text_h.saturating_sub(1)
    };
    let scroll_key = if d.choices.len() > 1 {
        k(Command::LogDown)
    } else {
        k(Command::Down)
    };
    app.hits.borrow_mut().report_max = over as u16;
    let scroll = (app.report_scroll as usize).min(over);
    let mut shown: Vec<Line> = text.into_iter().skip(scroll).collect();
    if scroll < over {
        shown.truncate(text_h.saturating_sub(1));
        shown.push(Line::styled(
            format!("  ... more: {scroll_key} to scroll"),
            t.style(Role::Dim),
        ));
    }
    f.render_widget(Paragraph::new(shown), text_a);
    let first = (sel_row + 1).saturating_sub(list_h);
    app.hits.borrow_mut().menu = row_of
        .iter()
        .enumerate()
        .skip(first)
        .take(list_h)
        .map(|(r, i)| {
            let y = list_a.y + (r - first) as u16;
            (Rect::new(list_a.x, y, list_a.width, 1), *i)
        })
        .collect();
    f.render_widget(
        Paragraph::new(
            rows.into_iter()
                .skip(first)
                .take(list_h)
                .collect::<Vec<_>>(),
        ),
        list_a,
    );
    let skip = done.len().saturating_sub(done_h);
    f.render_widget(
        Paragraph::new(done.into_iter().skip(skip).collect::<Vec<_>>()),
        done_a,
    );
    f.render_widget(Paragraph::new(footer), foot_a);
}

fn finished<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect, fin: &Finished) {
    let t = &app.theme;
    let title = if fin.over.is_some() {
        " The campaign is over "
    } else {
        " After the mission "
    };
    let block = t.block().title(title);
    let inner = block.inner(area);
    f.render_widget(block, area);
    let width = inner.width.saturating_sub(1) as usize;
    let mut text = Vec::new();
    if let Some(o) = &fin.over {
        text.extend(text_rows(std::slice::from_ref(o), width, Role::Title, t));
        text.push(Line::raw(""));
    }
    text.extend(text_rows(&fin.lines, width, Role::Text, t));
    let k = |c: Command| app.keys.key(c);
    let mut footer = vec![Line::styled(
        if fin.next {
            format!(
                "{}: the next mission's briefing   {}/{} scroll   {}: quit",
                k(Command::Confirm),
                k(Command::Up),
                k(Command::Down),
                k(Command::Quit)
            )
        } else if app.menu {
            format!(
                "{}: back to the start menu   {}/{} scroll",
                k(Command::Confirm),
                k(Command::Up),
                k(Command::Down)
            )
        } else {
            format!(
                "{}: quit   {}/{} scroll",
                k(Command::Confirm),
                k(Command::Up),
                k(Command::Down)
            )
        },
        t.style(Role::Dim),
    )];
    if let Some(m) = &app.message {
        footer.insert(0, Line::styled(m.clone(), t.style(Role::Warn)));
    }
    let [text_a, foot_a] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(footer.len() as u16)])
            .areas(inner);
    let h = text_a.height as usize;
    let over = text.len().saturating_sub(h);
    app.hits.borrow_mut().report_max = over as u16;
    let scroll = (app.report_scroll as usize).min(over);
    f.render_widget(
        Paragraph::new(text.into_iter().skip(scroll).take(h).collect::<Vec<_>>()),
        text_a,
    );
    f.render_widget(Paragraph::new(footer), foot_a);
}
