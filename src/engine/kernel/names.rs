//! Names that tell units apart: a counter whose name another already
//! bears takes a letter ("2/1 Fire Tm B"). Kept apart from the units and
//! the state, which both name new counters, so that neither imports the
//! other for it. And names listed in a sentence, for the engine's words
//! and the screen's.

/// Names in a sentence: "a", "a and b", "a, b and c".
pub fn and_list(v: &[String]) -> String {
    match v {
        [] => String::new(),
        [a] => a.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

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
