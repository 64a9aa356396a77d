//! A rule section as a typed value: the numbers of "9.1.5" or of
//! "4.2.1 f". Code that decides by the section of an event (learn mode's
//! procedures) matches on this, never on the section's text.

/// The numbered part of a rule section, up to four levels: "9.1.5" is
/// 9, 1, 5. A letter or words after the numbers ("4.2.1 f", "7.7 A 2")
/// are not part of it, so "4.2.1 f" lies within 4.2.1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Clause {
    parts: [u8; 4],
    len: u8,
}

impl Clause {
    /// The section a rule reference starts with; a reference with no
    /// number (or a number past 255) gives the empty section, which lies
    /// within nothing but itself.
    pub fn of(rule: &str) -> Clause {
        let mut c = Clause {
            parts: [0; 4],
            len: 0,
        };
        let head = rule.trim().split(' ').next().unwrap_or("");
        for part in head.split('.') {
            if part.is_empty() || usize::from(c.len) == c.parts.len() {
                break;
            }
            match part.parse::<u8>() {
                Ok(n) => {
                    c.parts[usize::from(c.len)] = n;
                    c.len += 1;
                }
                Err(_) => break,
            }
        }
        c
    }

    /// The section's numbers.
    pub fn numbers(&self) -> &[u8] {
        &self.parts[..usize::from(self.len)]
    }

    /// Whether this section is `outer` or one of its subsections: 9.1.5
    /// lies within 9.1 and 9, 9.11 does not lie within 9.1.
    pub fn within(&self, outer: &[u8]) -> bool {
        !outer.is_empty() && self.numbers().starts_with(outer)
    }
}
