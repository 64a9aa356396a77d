//! What a unit carries besides its weapons: radios, field telephones,
//! phone line markers and pyrotechnics (4.3, 1.2.4 F), named in words.

use crate::data::mission::{Net, Pyro, RadioClass};
use serde::{Deserialize, Serialize};

/// A radio, telephone or other asset carried by a unit (4.3, 1.2.4 F).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Asset {
    Radio {
        name: String,
        class: RadioClass,
        net: Net,
    },
    Phone {
        net: Net,
    },
    PhoneLines(u8),
    Pyro(Pyro, u8),
}

impl Asset {
    /// The asset in words, for the log and the screens.
    pub fn words(&self) -> String {
        match self {
            Asset::Radio { name, net, .. } => format!("the radio {name} ({})", net.label()),
            Asset::Phone { net } => format!("a field telephone ({})", net.label()),
            Asset::PhoneLines(n) => format!("{n} phone line marker(s)"),
            Asset::Pyro(p, n) => format!("{n} {}(s)", p.label()),
        }
    }
}
