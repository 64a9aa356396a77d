//! The kinds of VOF a card can be under (6.2), as the rules and the log
//! name them.

use serde::{Deserialize, Serialize};

/// The kinds of VOF a card can be under, best (most dangerous) last
/// (6.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum VofLevel {
    AllPinned,
    SmallArms,
    Automatic,
    Heavy,
    Sniper,
    Incoming,
}

impl VofLevel {
    pub fn label(self) -> &'static str {
        match self {
            VofLevel::AllPinned => "All Pinned",
            VofLevel::SmallArms => "Small Arms",
            VofLevel::Automatic => "Automatic Weapons",
            VofLevel::Heavy => "Heavy Weapons",
            VofLevel::Sniper => "Sniper",
            VofLevel::Incoming => "Incoming!",
        }
    }
}
