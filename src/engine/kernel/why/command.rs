//! Why an order of command and control (4.1-4.3), the chain of command and skills (10.7) is refused.

/// Why an order of command and control (4.1-4.3), the chain of command and skills (10.7) is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {}
