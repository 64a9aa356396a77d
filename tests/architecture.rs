//! The shape of the code: which layer may import which (README,
//! "Architecture"). Reads `src/` as text, resolves every `crate::` and
//! `super::` path to the module it names, and fails on an upward import:
//! the data layer importing the engine or anything above it, the engine
//! importing the play layer or a front end, one engine folder importing a
//! folder above it, or a circle of imports between files. A file of more
//! than 1,000 lines must say at its top why it is long.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The layers of `src/`, lowest first: a module may import its own layer
/// and the layers below it. `learn` (learn mode's texts, keyed by the
/// engine) and `play` do not use each other: listing `learn` first keeps
/// it from importing `play`, and [`SIBLINGS`] keeps `play` from importing
/// `learn`.
const LAYERS: &[&str] = &["data", "engine", "learn", "play", "ui", "front", "cli"];

/// The engine's folders, lowest first: the kernel at the bottom, the rules
/// by chapter above it, the driver (`turn`) on top, and above all the
/// tests' door to the rules (`testing`), which nothing in the engine uses.
const ENGINE: &[&str] = &[
    "kernel", "map", "orders", "combat", "recovery", "movement", "vehicles", "enemy", "command",
    "turn", "testing",
];

/// A file's first lines must say why it is longer than this.
const LONG: usize = 1000;
const LONG_REASON: &str = "//! Why this file is long:";

/// Every `.rs` file under `dir`, sorted.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The module path of a file under `src/`: `engine/combat/fire.rs` is
/// `engine::combat::fire`, `engine/combat/mod.rs` is `engine::combat`.
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if !matches!(stem, "mod" | "lib" | "main") {
        parts.push(stem.to_string());
    }
    parts
}

/// The code of a file without its comments and string literals, so that a
/// path named in a doc comment or a message is not read as an import. (A
/// test module's `use super::*` is read as naming the file's folder, which
/// only declares it: an edge that can make no circle.)
fn code(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let t = line.trim_start();
        if t.starts_with("//") {
            continue;
        }
        let mut s = String::new();
        let mut in_str = false;
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            if in_str {
                if c == '\\' {
                    chars.next();
                } else if c == '"' {
                    in_str = false;
                }
                continue;
            }
            if c == '"' {
                in_str = true;
                continue;
            }
            if c == '/' && chars.peek() == Some(&'/') {
                break;
            }
            s.push(c);
        }
        out.push_str(&s);
        out.push('\n');
    }
    out
}

/// Expands one `use` tree (`a::{b, c::{d, e}}`) into its paths.
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let p = tree.split(" as ").next().unwrap().trim();
        return vec![p.to_string()];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap()];
    let mut items = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&inner[start..]);
    let mut out = Vec::new();
    for item in items.into_iter().map(str::trim).filter(|s| !s.is_empty()) {
        for p in expand(item) {
            if p == "self" {
                out.push(prefix.trim_end_matches("::").to_string());
            } else {
                out.push(format!("{prefix}{p}"));
            }
        }
    }
    out
}

/// Every path a file's code names with `crate::` or `super::`, as written.
fn paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    // `use` statements, braces expanded.
    let mut rest = code;
    while let Some(i) = rest.find("use ") {
        let before = rest[..i].chars().last();
        let after = &rest[i + 4..];
        let end = after.find(';').unwrap_or(after.len());
        if before.is_none_or(|c| !c.is_alphanumeric() && c != '_') {
            let tree = after[..end].trim();
            if tree.starts_with("crate::") || tree.starts_with("super::") {
                out.extend(expand(tree));
            }
        }
        rest = &after[end.min(after.len())..];
    }
    // Paths written inline in the code.
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(start) {
            let at = from + i;
            let prev = code[..at].chars().last();
            let word: String = code[at..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            // `crate::a::{` is a `use` tree, read above.
            if prev.is_none_or(|c| !c.is_alphanumeric() && c != '_' && c != ':')
                && !word.ends_with("::")
            {
                out.push(word.trim_end_matches(':').to_string());
            }
            from = at + start.len();
        }
    }
    out
}

/// The module a path names: its longest prefix that is a module of the
/// crate, resolved from the module `from`.
fn resolve(path: &str, from: &[String], modules: &BTreeSet<Vec<String>>) -> Option<Vec<String>> {
    let mut segs: Vec<&str> = path.split("::").collect();
    let mut base: Vec<String> = Vec::new();
    match segs.first() {
        Some(&"crate") => {
            segs.remove(0);
        }
        Some(&"super") => {
            base = from.to_vec();
            while segs.first() == Some(&"super") {
                segs.remove(0);
                base.pop()?;
            }
        }
        _ => return None,
    }
    let mut full = base;
    full.extend(segs.iter().filter(|s| **s != "*").map(|s| s.to_string()));
    (0..=full.len())
        .rev()
        .map(|n| full[..n].to_vec())
        .find(|m| modules.contains(m))
}

/// The imports between the crate's files: from each module, every module
/// it names (itself and its own submodules' parents aside).
/// From each module, the modules it imports.
type Edges = BTreeMap<Vec<String>, BTreeSet<Vec<String>>>;

fn graph() -> (Edges, Vec<String>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut modules = BTreeSet::new();
    let mut texts = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(&src).unwrap().to_path_buf();
        let m = module_of(&rel);
        modules.insert(m.clone());
        texts.push((rel, m, fs::read_to_string(f).unwrap()));
    }
    let mut long = Vec::new();
    let mut edges: Edges = BTreeMap::new();
    for (rel, m, text) in &texts {
        let lines = text.lines().count();
        let head: Vec<&str> = text.lines().take_while(|l| l.starts_with("//!")).collect();
        if lines > LONG && !head.iter().any(|l| l.starts_with(LONG_REASON)) {
            long.push(format!("src/{} ({lines} lines)", rel.display()));
        }
        let to = edges.entry(m.clone()).or_default();
        for p in paths(&code(text)) {
            if let Some(t) = resolve(&p, m, &modules)
                && &t != m
            {
                to.insert(t);
            }
        }
    }
    (edges, long)
}

fn name(m: &[String]) -> String {
    if m.is_empty() {
        "crate".into()
    } else {
        m.join("::")
    }
}

fn layer(m: &[String]) -> Option<usize> {
    LAYERS
        .iter()
        .position(|l| m.first().is_some_and(|f| f == l))
}

fn engine_folder(m: &[String]) -> Option<usize> {
    if m.first().map(String::as_str) != Some("engine") {
        return None;
    }
    ENGINE.iter().position(|f| m.get(1).is_some_and(|s| s == f))
}

#[test]
fn architecture_no_layer_imports_a_layer_above_it() {
    let (edges, _) = graph();
    let mut wrong = Vec::new();
    for (from, tos) in &edges {
        let Some(lf) = layer(from) else { continue };
        for to in tos {
            if let Some(lt) = layer(to)
                && lt > lf
            {
                wrong.push(format!("{} imports {}", name(from), name(to)));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports that run up a layer:\n{}",
        wrong.join("\n")
    );
}

/// Layers that sit side by side: neither may import the other, whatever
/// their order in [`LAYERS`] (which already stops the lower from importing
/// the higher).
const SIBLINGS: &[(&str, &str)] = &[("learn", "play")];

#[test]
fn architecture_sibling_layers_do_not_import_each_other() {
    let (edges, _) = graph();
    let mut wrong = Vec::new();
    for (from, tos) in &edges {
        for to in tos {
            let (Some(f), Some(t)) = (from.first(), to.first()) else {
                continue;
            };
            if SIBLINGS
                .iter()
                .any(|(a, b)| (f == a && t == b) || (f == b && t == a))
            {
                wrong.push(format!("{} imports {}", name(from), name(to)));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports between layers that sit side by side:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn architecture_engine_folders_import_only_folders_below_them() {
    let (edges, _) = graph();
    let mut wrong = Vec::new();
    for (from, tos) in &edges {
        if from.first().map(String::as_str) != Some("engine") || from.len() < 2 {
            continue;
        }
        let Some(ff) = engine_folder(from) else {
            wrong.push(format!("{} is in no engine folder of the list", name(from)));
            continue;
        };
        for to in tos {
            if to.first().map(String::as_str) != Some("engine") {
                continue;
            }
            match engine_folder(to) {
                Some(ft) if ft > ff => {
                    wrong.push(format!("{} imports {}", name(from), name(to)));
                }
                Some(_) => {}
                // The engine's root only re-exports: rules name the module
                // that defines a thing, so that this check can see it.
                None => wrong.push(format!("{} imports the engine's root", name(from))),
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "engine imports that run up:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn architecture_no_circle_of_imports_between_files() {
    let (edges, _) = graph();
    // Tarjan's strongly connected components, written recursively: a few
    // hundred files are far from any stack limit.
    struct T<'a> {
        edges: &'a Edges,
        index: BTreeMap<&'a Vec<String>, usize>,
        low: BTreeMap<&'a Vec<String>, usize>,
        stack: Vec<&'a Vec<String>>,
        on: BTreeSet<&'a Vec<String>>,
        next: usize,
        circles: Vec<Vec<String>>,
    }
    fn visit<'a>(t: &mut T<'a>, v: &'a Vec<String>) {
        t.index.insert(v, t.next);
        t.low.insert(v, t.next);
        t.next += 1;
        t.stack.push(v);
        t.on.insert(v);
        if let Some(tos) = t.edges.get(v) {
            for w in tos {
                let Some((w, _)) = t.edges.get_key_value(w) else {
                    continue;
                };
                if !t.index.contains_key(w) {
                    visit(t, w);
                    let lw = t.low[w];
                    let lv = t.low.get_mut(v).unwrap();
                    *lv = (*lv).min(lw);
                } else if t.on.contains(w) {
                    let iw = t.index[w];
                    let lv = t.low.get_mut(v).unwrap();
                    *lv = (*lv).min(iw);
                }
            }
        }
        if t.low[v] == t.index[v] {
            let mut comp = Vec::new();
            loop {
                let w = t.stack.pop().unwrap();
                t.on.remove(w);
                comp.push(name(w));
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                t.circles.push(comp);
            }
        }
    }
    let mut t = T {
        edges: &edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        next: 0,
        circles: Vec::new(),
    };
    for v in edges.keys() {
        if !t.index.contains_key(v) {
            visit(&mut t, v);
        }
    }
    let report: Vec<String> = t.circles.iter().map(|c| c.join(", ")).collect();
    assert!(
        report.is_empty(),
        "files that import each other in a circle:\n{}",
        report.join("\n")
    );
}

#[test]
fn architecture_a_long_file_says_why() {
    let (_, long) = graph();
    assert!(
        long.is_empty(),
        "files over {LONG} lines without a line `{LONG_REASON} ...` at the top:\n{}",
        long.join("\n")
    );
}

#[test]
fn architecture_the_check_sees_upward_imports() {
    // The reader itself: a `use` tree with braces, `self`, renames and
    // `super`, and an inline path, each resolved to its module.
    let modules: BTreeSet<Vec<String>> = [
        "engine",
        "engine::kernel",
        "engine::kernel::state",
        "engine::combat",
        "engine::combat::fire",
        "ui",
    ]
    .iter()
    .map(|m| m.split("::").map(String::from).collect())
    .collect();
    let from: Vec<String> = vec!["engine".into(), "combat".into(), "fire".into()];
    let text = "use crate::engine::{kernel::state::{self, Unit}, combat::fire as f};\n\
                // use crate::ui::nothing;\n\
                fn f() { super::fire::x(); crate::ui::draw(\"crate::ui\"); }\n";
    let mut got: Vec<String> = paths(&code(text))
        .iter()
        .filter_map(|p| resolve(p, &from, &modules))
        .map(|m| name(&m))
        .collect();
    got.sort();
    got.dedup();
    assert_eq!(got, ["engine::combat::fire", "engine::kernel::state", "ui"]);
}

// ---- events carry types, not words (issue 57) ---------------------------

/// The braced type definitions of a file's code (comments and strings
/// already stripped by [`code`]): each `enum` or `struct` name with the
/// text between its braces.
fn items(code: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let words: Vec<(usize, &str)> = code
        .match_indices(|c: char| !(c.is_alphanumeric() || c == '_'))
        .fold((Vec::new(), 0), |(mut v, start), (i, sep)| {
            if i > start {
                v.push((start, &code[start..i]));
            }
            (v, i + sep.len())
        })
        .0;
    for w in words.windows(2) {
        let [(_, kw), (at, name)] = [w[0], w[1]];
        if kw != "enum" && kw != "struct" {
            continue;
        }
        let rest = &code[at + name.len()..];
        let Some(open) = rest.find(['{', ';', '(']) else {
            continue;
        };
        if !rest[open..].starts_with('{') {
            continue;
        }
        let mut depth = 0usize;
        let mut end = None;
        for (i, c) in rest[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(open + i);
                        break;
                    }
                }
                _ => {}
            }
        }
        if let Some(end) = end {
            out.insert(name.to_string(), rest[open + 1..end].to_string());
        }
    }
    out
}

/// The types of `code` that `root` is made of (itself, and every type of
/// the same file its body names, and theirs) which hold words: a `String`
/// or a `str`.
fn wordy_payloads(code: &str, root: &str) -> Vec<String> {
    let items = items(code);
    let mut seen = BTreeSet::new();
    let mut todo = vec![root.to_string()];
    let mut wordy = Vec::new();
    while let Some(t) = todo.pop() {
        if !seen.insert(t.clone()) {
            continue;
        }
        let Some(body) = items.get(&t) else { continue };
        let idents: Vec<&str> = body
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .collect();
        if idents.iter().any(|w| *w == "String" || *w == "str") {
            wordy.push(t.clone());
        }
        todo.extend(
            idents
                .iter()
                .filter(|w| items.contains_key(**w))
                .map(|w| w.to_string()),
        );
    }
    wordy.sort();
    wordy
}

#[test]
fn architecture_event_payloads_carry_no_words() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine/kernel/events.rs");
    let text = fs::read_to_string(&path).unwrap();
    let wordy = wordy_payloads(&code(&text), "EventKind");
    assert!(
        wordy.is_empty(),
        "EventKind's payload holds words in {wordy:?}: give it a type (the words come from the narrator)"
    );
}

#[test]
fn architecture_the_payload_check_sees_a_string() {
    let text = "pub enum EventKind {\n    A { x: Inner },\n    B,\n}\n\
                /// a String in a comment is not one\n\
                enum Inner { C(Vec<Deep>), D { s: u8 } }\n\
                struct Deep { why: String }\n\
                struct Event { text: String }\n";
    assert_eq!(wordy_payloads(&code(text), "EventKind"), ["Deep"]);
    let clean = "pub enum EventKind { A { x: Inner } }\nenum Inner { C(u8) }\n";
    assert!(wordy_payloads(&code(clean), "EventKind").is_empty());
}

/// Ways of deciding by an event's words or its rule's text.
const BY_WORDS: &[&str] = &[
    ".rule ==",
    ".rule !=",
    ".rule.starts_with(",
    ".rule.ends_with(",
    ".rule.contains(",
    "rule.starts_with(\"",
    ".text ==",
    ".text !=",
    ".text.starts_with(",
    ".text.ends_with(",
    ".text.contains(",
];

#[test]
fn architecture_no_code_decides_by_event_words_or_rule_text() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let mut found = Vec::new();
    for f in files {
        let text = fs::read_to_string(&f).unwrap();
        for (n, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            if let Some(p) = BY_WORDS.iter().find(|p| line.contains(**p)) {
                found.push(format!(
                    "{}:{}: `{p}` in {}",
                    f.strip_prefix(&root).unwrap().display(),
                    n + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "decide by the typed event (its kind, its clause), not its words:\n{}",
        found.join("\n")
    );
}

// ---- every sentence of the log from the narrator (issue 57) ------------

/// The emit sites that still pass their own words to `Game::emit`, by
/// file, with how many each holds: the ones left to move into the
/// narrator (`engine/kernel/words`). The list may only shrink: a new event
/// is worded by the narrator, through `Game::say`.
const WORDED_AT_THE_SITE: &[(&str, usize)] = &[
    ("engine/command/signals.rs", 1),
    ("engine/vehicles/at.rs", 2),
    ("engine/vehicles/moves.rs", 1),
];

#[test]
fn architecture_events_are_worded_by_the_narrator() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let mut found: BTreeMap<String, usize> = BTreeMap::new();
    for f in files {
        let rel = f.strip_prefix(&root).unwrap().display().to_string();
        // The narrator's own `say` hands its words to `emit`.
        if rel.starts_with("engine/kernel/words/") {
            continue;
        }
        let n = code(&fs::read_to_string(&f).unwrap())
            .matches(".emit(")
            .count();
        if n > 0 {
            found.insert(rel, n);
        }
    }
    let allowed: BTreeMap<String, usize> = WORDED_AT_THE_SITE
        .iter()
        .map(|(f, n)| (f.to_string(), *n))
        .collect();
    let grown: Vec<String> = found
        .iter()
        .filter(|(f, n)| allowed.get(*f).is_none_or(|a| *n > a))
        .map(|(f, n)| format!("{f}: {n}"))
        .collect();
    assert!(
        grown.is_empty(),
        "events worded at their emit site (word them in engine/kernel/words and log them with Game::say):\n{}",
        grown.join("\n")
    );
    // A site moved into the narrator shortens the list for good.
    let stale: Vec<String> = allowed
        .iter()
        .filter(|(f, a)| found.get(*f).is_none_or(|n| n < *a))
        .map(|(f, a)| {
            format!(
                "{f}: {a} listed, {} found",
                found.get(f).copied().unwrap_or(0)
            )
        })
        .collect();
    assert!(
        stale.is_empty(),
        "the list of sites worded at the emit site is out of date:\n{}",
        stale.join("\n")
    );
}

/// The rule modules are private to the crate; the tests reach them through
/// `engine::testing`, and the program itself never does: it would be a
/// second door into the rules beside `Game` and the kernel.
#[test]
fn architecture_nothing_in_the_program_uses_the_test_door() {
    let (edges, _) = graph();
    let door = vec!["engine".to_string(), "testing".to_string()];
    assert!(
        edges.contains_key(&door),
        "the check must see engine::testing"
    );
    let users: Vec<String> = edges
        .iter()
        .filter(|(from, to)| !from.starts_with(&door) && to.contains(&door))
        .map(|(from, _)| name(from))
        .collect();
    assert!(
        users.is_empty(),
        "engine::testing is for the tests alone; used by: {users:?}"
    );
}
