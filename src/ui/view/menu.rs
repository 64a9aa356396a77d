//! The menu pop-up: its grouped lines, the selected entry's details (who
//! gives it, to whom, what it costs, its odds and consequences), the search
//! line, and the "why not?" window.

use super::centered;
use crate::engine::kernel::input::Input;
use crate::ui::app::{App, Driver, Entry, Menu, Row, WhyKind, WhyNot};
use crate::ui::keys::Command;
use crate::ui::theme::Role;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

/// The explanation of learn mode for the entry under the cursor.
fn explain<D: Driver>(app: &App<D>, e: &Entry) -> String {
    let l = &app.explanations;
    let entry = match &e.input {
        Input::Order(o) => l.action(&o.action),
        Input::Skilled { order, .. } => l.action(&order.action),
        Input::EndImpulse => l.event_key(crate::learn::EventKey::ImpulseEnds),
        _ => l.step(app.game().state().step),
    };
    format!("{} ({}): {}", entry.title, entry.rule, entry.text)
}

/// The selected entry in full: who gives it to whom, its cost and odds,
/// then what it will do, worst first.
fn details(e: &Entry) -> Vec<(String, bool)> {
    let mut first = String::new();
    if !e.by.is_empty() {
        first.push_str(&format!("By {}", e.by));
        if !e.recipient.is_empty() {
            first.push_str(&format!(", to {}", e.recipient));
        }
        first.push_str(". ");
    } else if !e.recipient.is_empty() {
        first.push_str(&format!("{}. ", e.recipient));
    }
    if e.cost > 0 {
        first.push_str(&format!(
            "Costs {} command{}. ",
            e.cost,
            if e.cost == 1 { "" } else { "s" }
        ));
    } else if !e.recipient.is_empty() || matches!(e.input, Input::EndImpulse) {
        first.push_str("Costs no command. ");
    }
    match &e.odds {
        Some(o) if o.sure => first.push_str("Sure to succeed."),
        Some(o) => {
            match &o.each {
                Some(each) => first.push_str(&format!(
                    "Each unit draws for {} ({} card{} for the first): {each} for the first unit, {} that every unit's attempt succeeds",
                    o.needed,
                    o.cards,
                    if o.cards == 1 { "" } else { "s" },
                    o.chance
                )),
                None => first.push_str(&format!(
                    "Draws {} card{} for {}: {} chance",
                    o.cards,
                    if o.cards == 1 { "" } else { "s" },
                    o.needed,
                    o.chance
                )),
            }
            if let Some(s) = &o.short_round {
                first.push_str(&format!("; short round {s}"));
            }
            first.push('.');
        }
        None if e.cost > 0 && e.mine_checks > 0 => {
            first.push_str("No attempt, but the mine check below draws cards.")
        }
        None if e.cost > 0 => first.push_str("No draw: its effect is certain."),
        None => {}
    }
    let mut out = vec![(first.trim_end().to_string(), false)];
    if let Some(t) = &e.tip {
        out.push((format!("Tip: {t}"), false));
    }
    // Warnings marked "!" (and shown as warnings), news "-".
    out.extend(e.consequences.iter().enumerate().map(|(i, c)| {
        if i < e.warnings {
            (format!("! {c}"), true)
        } else {
            (format!("- {c}"), false)
        }
    }));
    out.retain(|(l, _)| !l.is_empty());
    out
}

/// One entry's line: cost, cards, chance, rule, what it is (in a grouped
/// menu without its recipient, who heads it, and without what the cards
/// must show, which the details say).
fn entry_line(e: &Entry, columns: bool, grouped: bool) -> (String, &'static str) {
    let (cards, chance, needed) = match &e.odds {
        Some(o) => (
            o.cards.to_string(),
            o.chance.clone(),
            format!(", for {}", o.needed),
        ),
        None => (String::new(), String::new(), String::new()),
    };
    let warn = if e.warnings == 0 { "" } else { " !" };
    let (indent, label, needed) = if grouped {
        ("   ", e.short.as_str(), "")
    } else {
        ("", e.label.as_str(), needed.as_str())
    };
    let head = if columns {
        format!(
            "{indent}{:<2} {:<2} {:>5} {:<8} {label}{needed}",
            e.cost, cards, chance, e.rule
        )
    } else {
        format!("{indent}{:<8} {label}", e.rule)
    };
    (head, warn)
}

/// An entry's line within `width` characters: a line too long is cut
/// before its warning mark and ends in `ellipsis`. Returns the line and
/// whether it was cut.
fn fit_entry(
    e: &Entry,
    columns: bool,
    grouped: bool,
    width: usize,
    ellipsis: &str,
) -> (String, bool) {
    let (head, warn) = entry_line(e, columns, grouped);
    let n = head.chars().count() + warn.chars().count();
    if n <= width {
        return (format!("{head}{warn}"), false);
    }
    let keep = width.saturating_sub(warn.chars().count() + ellipsis.chars().count());
    let mut s: String = head.chars().take(keep).collect();
    s.push_str(ellipsis);
    s.push_str(warn);
    (s, true)
}

/// What an empty menu says: a search matched nothing, or the section shown
/// alone has no order now (a play test read "nothing matches" with nothing
/// typed), or the rules allow nothing.
pub fn empty_words<D: Driver>(app: &App<D>, menu: &Menu) -> String {
    let mk = |c: Command| app.keys.menu_key(c);
    if !menu.query.trim().is_empty() {
        format!(
            "  nothing matches \"{}\": Backspace or {} to search again",
            menu.query.trim(),
            mk(Command::Back)
        )
    } else if let Some(s) = menu.filter {
        format!(
            "  no {} order can be given now ({}): {} shows the next section, {} says why not",
            s.label(),
            s.rule(),
            mk(Command::NextUnit),
            mk(Command::WhyNot)
        )
    } else {
        "  nothing can be given now".to_string()
    }
}

pub(super) fn menu<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect, menu: &Menu) {
    let t = &app.theme;
    let w = area.width.saturating_sub(4).min(120);
    let rows = menu.rows();
    let entry = menu.selected_entry();
    let inner_w = w.saturating_sub(2) as usize;
    // The details of the selected entry, wrapped to the box.
    let wrap =
        |s: &str| -> usize { super::wrap::rows(&[Line::raw(s.to_string())], inner_w as u16) };
    // An entry's line cut at the box's edge ends in an ellipsis; the
    // selected one then shows whole at the head of its details.
    let columns = menu.grouped || menu.entries.iter().any(|e| e.cost > 0 || e.odds.is_some());
    let ellipsis = t.sym("…", "~");
    let cut = |e: &Entry| fit_entry(e, columns, menu.grouped, inner_w, ellipsis).1;
    let detail: Vec<(String, bool)> = entry
        .map(|e| {
            let mut d = details(e);
            if cut(e) {
                d.insert(0, (e.label.clone(), false));
            }
            d
        })
        .unwrap_or_else(|| {
            // The menu opens on nothing (an Enter too many gives no
            // order): the details' place says how to pick.
            if menu.selected.is_none() && menu.shown() > 0 {
                vec![(
                    format!(
                        "Nothing is selected yet: {} picks the first entry (or type to search), then {} gives it.",
                        app.keys.key(Command::Down),
                        app.keys.key(Command::Confirm)
                    ),
                    false,
                )]
            } else {
                Vec::new()
            }
        });
    let explain = if app.learn {
        entry.map(|e| explain(app, e))
    } else {
        None
    };
    // The details whole where the screen has the room (a third of it),
    // five rows at the least.
    let most = (area.height as usize / 3).max(5);
    let detail_h: usize = detail.iter().map(|(l, _)| wrap(l)).sum::<usize>().min(most);
    let explain_h: usize = explain.as_ref().map(|_| 5).unwrap_or(0);
    let filter = match menu.filter {
        Some(s) => format!(" [{} only]", s.label()),
        None => String::new(),
    };
    let shown = menu.shown();
    let count = if !menu.grouped && shown == menu.entries.len() {
        String::new()
    } else if shown == menu.entries.len() {
        format!(" {} {shown} entries", t.sym("·", "-"))
    } else {
        format!(
            " {} {shown} of {} entries",
            t.sym("·", "-"),
            menu.entries.len()
        )
    };
    // A title longer than the box's edge (a question with its rule) is
    // shown whole, wrapped, at the head of the box rather than cut at the
    // edge ("(7.1." was all a newcomer saw of one at 80x24); the edge
    // keeps the count.
    let title = format!(" {}{filter}{count} ", menu.title);
    let long_title = title.chars().count() > inner_w;
    let title_rows: Vec<Line<'static>> = if long_title {
        super::wrap::wrap_line(
            Line::styled(menu.title.clone(), t.style(Role::Title)),
            inner_w,
            0,
        )
    } else {
        Vec::new()
    };
    let title_h = title_rows.len();
    // Title and borders (2), column heads (1), foot (1), details.
    let chrome = 4 + title_h + detail_h + explain_h;
    let max_h = area.height.saturating_sub(2) as usize;
    let want = rows.len().max(1) + chrome;
    let h = want.min(max_h) as u16;
    let r = centered(area, w, h);
    f.render_widget(Clear, r);
    let list_h = (h as usize).saturating_sub(chrome).max(1);
    let at = menu.selected_row(&rows).unwrap_or(0);
    let first = at.saturating_sub(list_h.saturating_sub(1));
    let mut lines: Vec<Line> = title_rows;
    lines.push(Line::styled(
        if columns {
            format!(
                "{:<2} {:<2} {:>5} {:<8} {}",
                "co", "cd", "odds", "rule", "order (co: commands, cd: cards drawn)"
            )
        } else {
            format!("{:<8} answer", "rule")
        },
        t.style(Role::Dim),
    ));
    let mut hits = app.hits.borrow_mut();
    for (k, row) in rows.iter().enumerate().skip(first).take(list_h) {
        let selected = menu.selected_row(&rows) == Some(k);
        let (text, role) = match row {
            Row::Header {
                group,
                count,
                folded,
            } => (
                format!(
                    "{} {}: {count}{}",
                    if *folded {
                        t.sym("▸", "+")
                    } else {
                        t.sym("▾", "-")
                    },
                    group.label(),
                    if *folded { " (folded)" } else { "" }
                ),
                Role::Title,
            ),
            Row::Recipient(who) => (format!("  {who}"), Role::Highlight),
            Row::Entry(i) => (
                fit_entry(&menu.entries[*i], columns, menu.grouped, inner_w, ellipsis).0,
                Role::Text,
            ),
        };
        let st = if selected {
            t.style(Role::Selected)
        } else {
            t.style(role)
        };
        let y = r.y + 2 + title_h as u16 + (k - first) as u16;
        hits.menu
            .push((Rect::new(r.x + 1, y, r.width.saturating_sub(2), 1), k));
        lines.push(Line::styled(text, st));
    }
    if rows.is_empty() {
        lines.push(Line::styled(empty_words(app, menu), t.style(Role::Dim)));
    }
    let edge = format!("{filter}{count}");
    let edge = edge.trim_start_matches([' ', '·', '-']);
    let mut block = t.block();
    if !long_title {
        block = block.title(title);
    } else if !edge.is_empty() {
        block = block.title(format!(" {edge} "));
    }
    // A list longer than the box says on its lower edge how many rows are
    // above and below it (a newcomer took a long list for all there was).
    let (above, below) = (first, rows.len().saturating_sub(first + list_h));
    if above + below > 0 {
        let mut parts = Vec::new();
        if above > 0 {
            parts.push(format!("{} {above} above", t.sym("▴", "^")));
        }
        if below > 0 {
            parts.push(format!("{} {below} below", t.sym("▾", "v")));
        }
        block = block.title_bottom(Line::styled(
            format!(" {} ", parts.join(", ")),
            t.style(Role::Cursor),
        ));
    }
    f.render_widget(Paragraph::new(lines).block(block), r);
    // The details and the foot, at the bottom of the box.
    // Every printable key is search text here: the foot names the keys
    // that type nothing.
    let k = |c: Command| app.keys.menu_key(c);
    let foot = if menu.searching || !menu.query.is_empty() {
        format!(
            "Search: {}_   ({} deletes, {} clears)",
            menu.query,
            "Backspace",
            k(Command::Back)
        )
    } else if menu.grouped {
        format!(
            "type to search, {} one section, {}/{} fold, {} why not, {} tip",
            k(Command::NextUnit),
            k(Command::Left),
            k(Command::Right),
            k(Command::WhyNot),
            k(Command::Hint)
        )
    } else {
        format!("type to search, {} tip", k(Command::Hint))
    };
    let bottom = r.y + r.height.saturating_sub(1);
    let foot_y = bottom.saturating_sub(1);
    let inner_x = r.x + 1;
    let inner_w16 = r.width.saturating_sub(2);
    if detail_h > 0 {
        let dr = Rect::new(
            inner_x,
            foot_y.saturating_sub((detail_h + explain_h) as u16),
            inner_w16,
            detail_h as u16,
        );
        f.render_widget(Clear, dr);
        let dl: Vec<Line> = detail
            .iter()
            .map(|(l, warns)| {
                let role = if *warns { Role::Warn } else { Role::Dim };
                Line::styled(l.clone(), t.style(role))
            })
            .collect();
        f.render_widget(Paragraph::new(dl).wrap(Wrap { trim: false }), dr);
    }
    if let Some(text) = explain {
        let er = Rect::new(
            inner_x,
            foot_y.saturating_sub(explain_h as u16),
            inner_w16,
            explain_h as u16,
        );
        f.render_widget(Clear, er);
        f.render_widget(
            Paragraph::new(text)
                .wrap(Wrap { trim: false })
                .style(t.style(Role::Dim))
                .block(
                    Block::default()
                        .borders(ratatui::widgets::Borders::TOP)
                        .title(" Learn "),
                ),
            er,
        );
    }
    let fr = Rect::new(inner_x, foot_y, inner_w16, 1);
    f.render_widget(Clear, fr);
    f.render_widget(Paragraph::new(Line::styled(foot, t.style(Role::Dim))), fr);
}

/// The "why not?" window.
pub(super) fn why_not<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect, w: &WhyNot) {
    let t = &app.theme;
    let width = area.width.saturating_sub(4).min(110);
    let mut lines: Vec<Line> = Vec::new();
    if w.lines.iter().all(|l| l.kind == WhyKind::Heading) {
        lines.push(Line::raw(
            "Every order of the Action Menu that could name it is open now.",
        ));
    }
    for l in &w.lines {
        // Another reason of the order above, for another candidate, is
        // set in under it.
        let (head, role) = match l.kind {
            WhyKind::Heading => {
                lines.push(Line::styled(l.order.clone(), t.style(Role::Title)));
                continue;
            }
            WhyKind::Also => (format!("  {}: ", l.order), Role::Dim),
            WhyKind::Order => (format!("{}: ", l.order), Role::Highlight),
        };
        lines.push(Line::from(vec![
            Span::styled(head, t.style(role)),
            Span::raw(l.reason.clone()),
        ]));
    }
    lines.push(Line::styled(
        format!(
            "{} closes, {}/{} scroll",
            app.keys.key(Command::Back),
            app.keys.key(Command::Up),
            app.keys.key(Command::Down)
        ),
        t.style(Role::Dim),
    ));
    let tall = super::wrap::rows(&lines, width.saturating_sub(2));
    let h = (tall as u16 + 2).min(area.height.saturating_sub(2));
    app.hits.borrow_mut().why_max = (tall as u16).saturating_sub(h.saturating_sub(2));
    let r = centered(area, width, h);
    let max = app.hits.borrow().why_max;
    let scroll = w.scroll.min(max);
    let mut block = t.block().title(format!(" {} ", w.title));
    // Lines below the window are said on its lower edge: at 80x24 the
    // list runs past the screen, and the last lines (the targets an order
    // is not open to) are the ones a player asking "why not there?" wants.
    if scroll < max {
        block = block.title_bottom(super::wrap::more_lines(
            t,
            max - scroll,
            &app.keys.key(Command::Down),
        ));
    }
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0))
            .block(block),
        r,
    );
}
