//! Names that tell units apart: a counter whose name another already
//! bears takes a letter ("2/1 Fire Tm B"). Kept apart from the units and
//! the state, which both name new counters, so that neither imports the
//! other for it.

/// `label`, or the label with the first letter from B (then a number)
/// that `taken` does not refuse.
pub fn free_label(label: &str, taken: impl Fn(&str) -> bool) -> String {
    if !taken(label) {
        return label.to_string();
    }
    ('B'..='Z')
        .map(|c| format!("{label} {c}"))
        .chain((2..).map(|n| format!("{label} #{n}")))
        .find(|l| !taken(l))
        .unwrap_or_default()
}
