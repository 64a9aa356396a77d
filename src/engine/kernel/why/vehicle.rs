//! Why an order of vehicles, aircraft and helicopters (chapter 7) is refused.

/// Why an order of vehicles, aircraft and helicopters (chapter 7) is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vehicle {}
