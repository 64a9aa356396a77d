//! Styled text wrapped to a width, for the panels that count their rows.

use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

/// The rows `lines` take drawn word-wrapped (`Wrap { trim: false }`) in
/// `width` cells, as the paragraph draws them: a count by characters
/// undercounts where words move to the next row, and a window sized or
/// scrolled by it could not show its last lines.
pub(crate) fn rows(lines: &[Line], width: u16) -> usize {
    Paragraph::new(lines.to_vec())
        .wrap(Wrap { trim: false })
        .line_count(width.max(1))
}

/// Wraps styled text into rows of at most `width` cells, breaking after a
/// space where one falls in the row (else inside a word); rows after the
/// first are indented by two cells.
pub(super) fn wrap_spans(spans: Vec<Span<'static>>, width: usize) -> Vec<Line<'static>> {
    wrap_indented(spans, width, 2)
}

/// [`wrap_spans`] with rows after the first indented by `indent` cells.
pub(super) fn wrap_indented(
    spans: Vec<Span<'static>>,
    width: usize,
    indent: usize,
) -> Vec<Line<'static>> {
    let width = width.max(4);
    let step = indent.min(width / 2);
    let chars: Vec<(char, ratatui::style::Style)> = spans
        .iter()
        .flat_map(|s| s.content.chars().map(move |c| (c, s.style)))
        .collect();
    let mut rows: Vec<Vec<(char, ratatui::style::Style)>> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let indent = if rows.is_empty() { 0 } else { step };
        let room = width - indent;
        let rest = chars.len() - i;
        let take = if rest <= room {
            rest
        } else {
            // Break after the last space that fits, if any.
            match chars[i..i + room].iter().rposition(|(c, _)| *c == ' ') {
                Some(p) if p > 0 => p + 1,
                _ => room,
            }
        };
        let mut row: Vec<(char, ratatui::style::Style)> = Vec::new();
        row.extend(std::iter::repeat_n(
            (' ', ratatui::style::Style::default()),
            indent,
        ));
        row.extend_from_slice(&chars[i..i + take]);
        rows.push(row);
        i += take;
    }
    rows.into_iter()
        .map(|row| {
            // Runs of one style become one span.
            let mut out: Vec<Span<'static>> = Vec::new();
            let mut text = String::new();
            let mut style = None;
            for (c, st) in row {
                if style.is_some_and(|s| s != st) {
                    out.push(Span::styled(
                        std::mem::take(&mut text),
                        style.unwrap_or_default(),
                    ));
                }
                style = Some(st);
                text.push(c);
            }
            if !text.is_empty() {
                out.push(Span::styled(text, style.unwrap_or_default()));
            }
            Line::from(out)
        })
        .collect()
}

/// A side panel of rows already wrapped, scrolled by the page keys
/// (`App::side_scroll`), its frame saying when more lies above or below.
pub(super) fn scrolled<D: crate::ui::app::Driver>(
    f: &mut ratatui::Frame,
    app: &crate::ui::app::App<D>,
    area: ratatui::layout::Rect,
    title: &str,
    rows: Vec<Line<'static>>,
) {
    use crate::ui::keys::Command;
    use crate::ui::theme::Role;
    let inner_h = area.height.saturating_sub(2) as usize;
    let most = rows.len().saturating_sub(inner_h) as u16;
    let scroll = app.side_scroll.min(most);
    let mut block = app.theme.block().title(title.to_string());
    if most > 0 {
        let k = |c: Command| app.keys.key(c);
        block = block.title_bottom(Line::styled(
            if scroll < most {
                format!(" more below: {} ", k(Command::LogDown))
            } else {
                format!(" more above: {} ", k(Command::LogUp))
            },
            app.theme.style(Role::Highlight),
        ));
    }
    f.render_widget(
        ratatui::widgets::Paragraph::new(rows)
            .scroll((scroll, 0))
            .block(block),
        area,
    );
}

/// One line of mixed spans wrapped into rows, its own style carried onto
/// each span; rows after the first indented by `indent` cells.
pub(super) fn wrap_line(l: Line<'static>, width: usize, indent: usize) -> Vec<Line<'static>> {
    let style = l.style;
    let spans: Vec<Span<'static>> = l
        .spans
        .into_iter()
        .map(|sp| Span::styled(sp.content.into_owned(), style.patch(sp.style)))
        .collect();
    wrap_indented(spans, width, indent)
}

/// The lower edge of a scrolled window with `n` lines below it: how many,
/// and the keys that bring them up.
pub(super) fn more_lines(t: &crate::ui::theme::Theme, n: u16, keys: &str) -> Line<'static> {
    Line::styled(
        format!(" {} {n} more line(s): {keys} ", t.sym("▾", "v")),
        t.style(crate::ui::theme::Role::Cursor),
    )
}
