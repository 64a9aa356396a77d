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

    /// What the asset does for its holder, in a few words (for the set-up's
    /// questions of who carries what, 2.3.2).
    pub fn purpose(&self) -> String {
        match self {
            Asset::Radio { class, net, .. } => {
                let reach = match class {
                    RadioClass::Handheld => {
                        "a hand-held set, in line of sight only and never from under cover (4.3.5 A)"
                    }
                    RadioClass::Manpack => "it reaches anywhere on the map (4.3.5 B)",
                    RadioClass::Squad => {
                        "a squad radio: squads on the same or the next card keep in touch with their platoon HQ (4.3.5 C)"
                    }
                };
                format!("{}; {reach}", net_purpose(*net))
            }
            Asset::Phone { net } => format!(
                "{}; it works along phone lines laid card by card (4.3.4)",
                net_purpose(*net)
            ),
            Asset::PhoneLines(_) => {
                "its holder lays one as it leaves a card, to connect field telephones (4.3.4)".into()
            }
            Asset::Pyro(p, _) if p.is_signal() => {
                "a signal: every unit that sees it carries out the order the signal plan gives it (4.3.6)"
                    .into()
            }
            Asset::Pyro(Pyro::HandFlare, _) => {
                "lights its holder's card or the next one in the dark (4.3.6, 8.2)".into()
            }
            Asset::Pyro(Pyro::CsGas, _) => {
                "tear gas: screens a card and drives the enemy there back or to ground (4.3.6 D)"
                    .into()
            }
            Asset::Pyro(Pyro::WpSmoke, _) => {
                "white phosphorus: screens a card and marks a target for aircraft (8.4, 6.7.2 F)"
                    .into()
            }
            Asset::Pyro(_, _) => "smoke: screens its holder's card from sight (8.4)".into(),
        }
    }
}

/// What a network is for (4.3.3), in a few words.
fn net_purpose(net: Net) -> &'static str {
    match net {
        Net::CoTac => "the company net, on which HQs and staff talk with the CO HQ",
        Net::BnTac => {
            "the battalion net, which the CO HQ needs to activate and to pass calls for fire on"
        }
        Net::ArtyFd => "the artillery net, on which the artillery observer calls fire missions",
        Net::MtrFd => "the mortar net, on which the mortar observer calls the mortars",
        Net::AirCtl => "the air net, on which the air controller calls aircraft",
    }
}
