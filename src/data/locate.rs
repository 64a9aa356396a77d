//! Finding positions in RON source text, so that problems found after
//! parsing (invariants, cross-references) can still be reported as
//! `file:line:col`.
//!
//! This is a small scanner, not a parser: it understands nesting, strings,
//! character literals and comments well enough to find the n-th element of a
//! list field and a field inside it.

/// A 1-based line and column (columns count characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pos {
    pub line: usize,
    pub col: usize,
}

impl Pos {
    pub const START: Pos = Pos { line: 1, col: 1 };
}

/// Converts a byte offset into a 1-based line and column.
pub fn pos_of(src: &str, byte: usize) -> Pos {
    let byte = byte.min(src.len());
    let before = &src[..floor_char_boundary(src, byte)];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
    let col = before[line_start..].chars().count() + 1;
    Pos { line, col }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// One significant token position: the byte offset of a character outside
/// strings and comments, and the nesting depth before it.
struct Scan<'a> {
    src: &'a [u8],
    i: usize,
}

impl<'a> Scan<'a> {
    fn new(src: &'a str, start: usize) -> Self {
        Scan {
            src: src.as_bytes(),
            i: start,
        }
    }

    /// Advances past whitespace-insensitive noise (comments, string bodies)
    /// and returns the next significant byte and its offset.
    fn next(&mut self) -> Option<(usize, u8)> {
        while self.i < self.src.len() {
            let c = self.src[self.i];
            let at = self.i;
            if c == b'/' && self.src.get(self.i + 1) == Some(&b'/') {
                while self.i < self.src.len() && self.src[self.i] != b'\n' {
                    self.i += 1;
                }
                continue;
            }
            if c == b'/' && self.src.get(self.i + 1) == Some(&b'*') {
                self.i += 2;
                while self.i + 1 < self.src.len()
                    && !(self.src[self.i] == b'*' && self.src[self.i + 1] == b'/')
                {
                    self.i += 1;
                }
                self.i = (self.i + 2).min(self.src.len());
                continue;
            }
            if c == b'"' {
                self.i += 1;
                while self.i < self.src.len() && self.src[self.i] != b'"' {
                    if self.src[self.i] == b'\\' {
                        self.i += 1;
                    }
                    self.i += 1;
                }
                self.i += 1;
                return Some((at, b'"'));
            }
            self.i += 1;
            return Some((at, c));
        }
        None
    }
}

fn is_ident_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Finds `name :` as an identifier at nesting depth `depth` relative to
/// `start`, searching up to `end`. Returns the identifier's byte offset.
fn find_field(src: &str, start: usize, end: usize, depth: i32, name: &str) -> Option<usize> {
    let bytes = src.as_bytes();
    let mut scan = Scan::new(src, start);
    let mut d = 0i32;
    while let Some((at, c)) = scan.next() {
        if at >= end {
            break;
        }
        match c {
            b'(' | b'[' | b'{' => d += 1,
            b')' | b']' | b'}' => d -= 1,
            _ => {}
        }
        if d == depth
            && is_ident_byte(c)
            && (at == 0 || !is_ident_byte(bytes[at - 1]))
            && src[at..].starts_with(name)
        {
            let after = at + name.len();
            if after < bytes.len() && !is_ident_byte(bytes[after]) {
                let rest = src[after..].trim_start();
                if rest.starts_with(':') {
                    return Some(at);
                }
            }
        }
    }
    None
}

/// The byte spans of the elements of the list held by the top-level field
/// `field` (e.g. `cards: [ ... ]`). Each span starts at the element's first
/// significant character.
pub fn list_elements(src: &str, field: &str) -> Vec<(usize, usize)> {
    let Some(at) = find_field(src, 0, src.len(), 1, field) else {
        return Vec::new();
    };
    let mut scan = Scan::new(src, at + field.len());
    // Find the opening bracket.
    let mut open = None;
    while let Some((i, c)) = scan.next() {
        if c == b'[' {
            open = Some(i);
            break;
        }
        if c == b')' || c == b']' {
            break;
        }
    }
    let Some(open) = open else {
        return Vec::new();
    };
    let mut spans = Vec::new();
    let mut depth = 0i32;
    let mut elem_start: Option<usize> = None;
    let mut scan = Scan::new(src, open + 1);
    while let Some((i, c)) = scan.next() {
        if c.is_ascii_whitespace() {
            continue;
        }
        match c {
            b'(' | b'[' | b'{' => {
                if elem_start.is_none() {
                    elem_start = Some(i);
                }
                depth += 1;
            }
            b')' | b'}' => depth -= 1,
            b']' => {
                if depth == 0 {
                    if let Some(s) = elem_start.take() {
                        spans.push((s, i));
                    }
                    break;
                }
                depth -= 1;
            }
            b',' if depth == 0 => {
                if let Some(s) = elem_start.take() {
                    spans.push((s, i));
                }
            }
            _ => {
                if elem_start.is_none() {
                    elem_start = Some(i);
                }
            }
        }
    }
    spans
}

/// Locates the n-th element (0-based) of the top-level list `list`, and
/// within it the field `field` if given (searched at any depth inside the
/// element, first match). Falls back to the element, then the list, then the
/// start of the file.
pub fn locate(src: &str, list: &str, index: usize, field: Option<&str>) -> Pos {
    let spans = list_elements(src, list);
    let Some(&(start, end)) = spans.get(index) else {
        return match find_field(src, 0, src.len(), 1, list) {
            Some(at) => pos_of(src, at),
            None => Pos::START,
        };
    };
    if let Some(field) = field {
        for depth in 1..=4 {
            if let Some(at) = find_field(src, start, end, depth, field) {
                return pos_of(src, at);
            }
        }
    }
    pos_of(src, start)
}

/// Locates a field by name: at the top level first, then in nested
/// structures (the first match at the shallowest depth), or the start of
/// the file.
pub fn locate_field(src: &str, field: &str) -> Pos {
    (1..=4)
        .find_map(|depth| find_field(src, 0, src.len(), depth, field))
        .map(|at| pos_of(src, at))
        .unwrap_or(Pos::START)
}

/// The byte offset of a 1-based line and column.
pub fn offset_of(src: &str, pos: Pos) -> usize {
    let mut line = 1;
    let mut start = 0;
    if pos.line > 1 {
        for (i, c) in src.char_indices() {
            if c == '\n' {
                line += 1;
                if line == pos.line {
                    start = i + 1;
                    break;
                }
            }
        }
        if line < pos.line {
            return src.len();
        }
    }
    src[start..]
        .char_indices()
        .nth(pos.col.saturating_sub(1))
        .map(|(i, _)| start + i)
        .unwrap_or(src.len())
}

/// The name of the field whose value holds the byte offset `at`: the last
/// `name:` before it at the same or an outer nesting level.
pub fn enclosing_field(src: &str, at: usize) -> Option<String> {
    let bytes = src.as_bytes();
    let mut scan = Scan::new(src, 0);
    // A stack of the last field name seen at each depth.
    let mut names: Vec<Option<String>> = vec![None];
    while let Some((i, c)) = scan.next() {
        if i >= at {
            break;
        }
        match c {
            b'(' | b'[' | b'{' => names.push(None),
            b')' | b']' | b'}' if names.len() > 1 => {
                names.pop();
            }
            _ if is_ident_byte(c) && (i == 0 || !is_ident_byte(bytes[i - 1])) => {
                let end = i + src[i..].bytes().take_while(|b| is_ident_byte(*b)).count();
                let rest = src[end..].trim_start();
                if rest.starts_with(':')
                    && !rest.starts_with("::")
                    && end <= at
                    && let Some(slot) = names.last_mut()
                {
                    *slot = Some(src[i..end].to_string());
                }
            }
            _ => {}
        }
    }
    names.into_iter().rev().flatten().next()
}
