//! Why an order of the sequence of play, the inputs and the questions (chapter 3) is refused.

/// Why an order of the sequence of play, the inputs and the questions (chapter 3) is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {}
