//! A screen drawn without a terminal: ratatui's `TestBackend`, read back
//! as text (trailing spaces trimmed), for snapshots.

use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// What `draw` puts on a `w` x `h` screen, one line of text per row.
pub fn render_with(w: u16, h: u16, draw: impl FnOnce(&mut ratatui::Frame)) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    t.draw(draw).expect("draw");
    let buf = t.backend().buffer().clone();
    let mut out = String::new();
    for y in 0..h {
        let mut line = String::new();
        for x in 0..w {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
