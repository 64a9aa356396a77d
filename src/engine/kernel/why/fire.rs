//! Why an order of fire and the combat actions (chapter 6, 4.2.4) and fire support (6.7) is refused.

/// Why an order of fire and the combat actions (chapter 6, 4.2.4) and fire support (6.7) is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fire {}
