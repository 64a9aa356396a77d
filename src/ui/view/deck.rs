//! The deck panel: what the Action cards still in the pile hold, counted
//! exactly by the engine ([`crate::engine::kernel::deck::Deck::pile_stats`],
//! `fof deck stats` over the pile), shown as text bars. The figures are
//! what a player could count from the physical deck: the cards read are
//! face up on the discard pile.

use super::wrap::wrap_spans;
use crate::data::stats::{Odds, share};
use crate::ui::app::{App, Driver};
use crate::ui::theme::Role;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

/// The properties shown, in the order shown, with their names in words:
/// the names are those of [`crate::data::stats::success_properties`].
const SHOWN: [(&str, &str); 11] = [
    ("burst", "burst"),
    ("short", " short round"),
    ("triple_burst", " three bursts"),
    ("crosshairs", "crosshairs"),
    ("jam", " jam"),
    ("infiltrate", "infiltrate"),
    ("grenade", "grenade"),
    ("contact", "Contact!"),
    ("cover", "Cover"),
    ("rally", "Rally"),
    ("higher_hq", "Higher HQ"),
];

/// The numbers of options whose random numbers are shown: 6, read by most
/// hierarchy table rows (9.4), and 10, by the contact tables (9.2.1).
pub const RANDOM_SHOWN: [u8; 2] = [6, 10];

/// Cells of a bar `width` long for `count` of `total`, rounded.
fn cells(count: usize, total: usize, width: usize) -> usize {
    if total == 0 {
        return 0;
    }
    (count * width * 2 + total) / (total * 2)
}

/// The panel's rows for an inner width of `width` cells. At 44 cells and
/// more a column gives the chance in two cards too.
pub(super) fn deck_lines<D: Driver>(app: &App<D>, width: usize) -> Vec<Line<'static>> {
    let g = app.game();
    let t = &app.theme;
    let p = g.state().deck.pile_stats(&g.data().action);
    let st = &p.stats;
    let n = st.cards;
    let wide = width >= 44;
    let full = t.sym("█", "#");
    let mut lines: Vec<Line<'static>> = Vec::new();
    let head = format!(
        "{n} action card(s) left{}; {} read since the shuffle",
        if p.reshuffle_to_come {
            ", the reshuffle card among them"
        } else {
            ", the reshuffle card not among them"
        },
        p.read
    );
    lines.extend(wrap_spans(vec![Span::raw(head)], width));
    // Label, bar, count, chance on the next card, [in two cards].
    let label_w = 13;
    let tail_w = if wide { 16 } else { 8 };
    let bar_w = width.saturating_sub(label_w + 1 + tail_w).max(1);
    lines.push(Line::styled(
        format!(
            "{:<label_w$} {:<bar_w$} {:>2} {:>4}{}",
            "next card",
            "",
            "n",
            "%",
            if wide { " 2 cards" } else { "" }
        ),
        t.style(Role::Dim),
    ));
    for (key, words) in SHOWN {
        let Some((_, hits, odds)) = st.odds.iter().find(|(k, _, _)| *k == key) else {
            continue;
        };
        let one = odds.first().copied().unwrap_or(Odds { num: 0, den: 1 });
        let bar = full.repeat(cells(*hits, n, bar_w));
        let mut spans = vec![
            Span::raw(format!("{words:<label_w$} ")),
            Span::styled(format!("{bar:<bar_w$}"), t.style(Role::Highlight)),
            Span::raw(format!(" {hits:>2} {:>4}", one.whole_percent())),
        ];
        if wide {
            let two = odds.get(1).copied().unwrap_or(Odds { num: 0, den: 1 });
            spans.push(Span::styled(
                format!(" {:>7}", two.whole_percent()),
                t.style(Role::Dim),
            ));
        }
        lines.push(Line::from(spans));
    }
    // Commands: how many cards give each number.
    for (title, counts) in [
        ("Commands, activated:", &st.activated),
        ("Commands, on initiative:", &st.initiative),
    ] {
        let parts: Vec<String> = counts
            .iter()
            .map(|(v, c)| format!("{v}: {c} ({})", share(*c, n).whole_percent()))
            .collect();
        lines.extend(wrap_spans(
            vec![
                Span::styled(format!("{title} "), t.style(Role::Title)),
                Span::raw(parts.join(", ")),
            ],
            width,
        ));
    }
    // The random numbers.
    for options in RANDOM_SHOWN {
        let Some((_, counts)) = st.random.iter().find(|(o, _)| *o == options) else {
            continue;
        };
        let parts: Vec<String> = counts
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{}:{c}", i + 1))
            .collect();
        lines.extend(wrap_spans(
            vec![
                Span::styled(format!("R# of {options}: "), t.style(Role::Title)),
                Span::raw(parts.join(" ")),
            ],
            width,
        ));
    }
    // The fire table: hit, pin, miss per Net Combat Modifier, a stacked
    // bar of three shades (the shade and the figures say the same).
    let (hit, pin, miss) = (t.sym("█", "#"), t.sym("▒", "+"), t.sym("░", "."));
    lines.push(Line::styled(
        format!("Fire table, %: {hit} hit {pin} pin {miss} miss"),
        t.style(Role::Title),
    ));
    let fire_bar = width.saturating_sub(4 + 12).max(3);
    for (ncm, [h, pn, m]) in &st.fire {
        // Cumulative rounding: the three parts fill the bar exactly.
        let hc = cells(*h, n, fire_bar);
        let pc = cells(*h + *pn, n, fire_bar) - hc;
        let mc = cells(*h + *pn + *m, n, fire_bar) - hc - pc;
        let pct = |c: usize| {
            share(c, n)
                .whole_percent()
                .trim_end_matches('%')
                .to_string()
        };
        lines.push(Line::from(vec![
            Span::raw(format!("{ncm:>+3} ")),
            Span::styled(hit.repeat(hc), t.style(Role::Bad)),
            Span::styled(pin.repeat(pc), t.style(Role::Warn)),
            Span::styled(miss.repeat(mc), t.style(Role::Dim)),
            Span::raw(format!(
                "{} {:>3} {:>3} {:>3}",
                " ".repeat(fire_bar.saturating_sub(hc + pc + mc)),
                pct(*h),
                pct(*pn),
                pct(*m)
            )),
        ]));
    }
    lines
}

pub(super) fn deck_panel<D: Driver>(f: &mut Frame, app: &App<D>, area: Rect) {
    let lines = deck_lines(app, area.width.saturating_sub(2) as usize);
    super::wrap::scrolled(f, app, area, " Action deck ", lines);
}
