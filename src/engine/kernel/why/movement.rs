//! Why an order of movement and carrying (4.2.2, 5.1, 3.5) is refused.

/// Why an order of movement and carrying (4.2.2, 5.1, 3.5) is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {}
