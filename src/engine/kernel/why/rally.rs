//! Why an order of rally and reconstitution (4.2.3, 10.1-10.2) is refused.

/// Why an order of rally and reconstitution (4.2.3, 10.1-10.2) is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rally {}
