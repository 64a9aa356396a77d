//! Colours and line characters: 256-colour by default, truecolor where the
//! terminal says so, none under NO_COLOR, ASCII lines on request.

use ratatui::style::{Color, Modifier, Style};

/// What a piece of the screen is, for its style.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Text,
    Dim,
    Title,
    Us,
    Enemy,
    Cursor,
    Selected,
    Dark,
    Light,
    FaceDown,
    Good,
    Bad,
    Warn,
    Highlight,
    Marker,
    /// The fire lines over the map, by the kind of fire (6.2.2); each line
    /// carries its VOF code too, so colour is never the only cue.
    FireSmall,
    FireAutomatic,
    FireHeavy,
    FireIncoming,
    FireGrenade,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Colours {
    None,
    Indexed,
    True,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    pub colours: Colours,
    pub ascii: bool,
}

impl Default for Theme {
    fn default() -> Self {
        Theme {
            colours: Colours::Indexed,
            ascii: false,
        }
    }
}

/// The line characters of a card's border: light and dark segments.
pub struct Lines {
    pub h: [&'static str; 2],
    pub v: [&'static str; 2],
    /// Corners: top-left, top-right, bottom-left, bottom-right.
    pub corner: [[&'static str; 4]; 2],
    pub shade: &'static str,
}

const UNICODE: Lines = Lines {
    h: ["─", "━"],
    v: ["│", "┃"],
    corner: [["┌", "┐", "└", "┘"], ["┏", "┓", "┗", "┛"]],
    shade: "░",
};

const ASCII: Lines = Lines {
    h: ["-", "="],
    v: ["|", "#"],
    corner: [["+", "+", "+", "+"], ["#", "#", "#", "#"]],
    shade: ".",
};

/// Whether a locale name says UTF-8.
pub fn utf8_locale(l: &str) -> bool {
    let l = l.to_ascii_lowercase();
    l.contains("utf-8") || l.contains("utf8")
}

impl Theme {
    /// From the environment: NO_COLOR (any value) turns colour off,
    /// COLORTERM=truecolor or 24bit turns truecolor on, and a locale that
    /// is not UTF-8 (the first of LC_ALL, LC_CTYPE, LANG that is set, e.g.
    /// `C` or `en_US.ISO-8859-1`) draws with ASCII.
    pub fn from_env(ascii: bool) -> Theme {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"]
            .iter()
            .find_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()));
        let ascii = ascii || locale.is_some_and(|l| !utf8_locale(&l));
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let truecolor = std::env::var("COLORTERM")
            .map(|v| v == "truecolor" || v == "24bit")
            .unwrap_or(false);
        Theme {
            colours: if no_color {
                Colours::None
            } else if truecolor {
                Colours::True
            } else {
                Colours::Indexed
            },
            ascii,
        }
    }

    /// A bordered panel in the theme's lines.
    pub fn block<'a>(&self) -> ratatui::widgets::Block<'a> {
        let b = ratatui::widgets::Block::bordered();
        if self.ascii {
            b.border_set(ratatui::symbols::border::Set {
                top_left: "+",
                top_right: "+",
                bottom_left: "+",
                bottom_right: "+",
                vertical_left: "|",
                vertical_right: "|",
                horizontal_top: "-",
                horizontal_bottom: "-",
            })
        } else {
            b
        }
    }

    /// A symbol, or its ASCII stand-in.
    pub fn sym(&self, unicode: &'static str, ascii: &'static str) -> &'static str {
        if self.ascii { ascii } else { unicode }
    }

    pub fn lines(&self) -> &'static Lines {
        if self.ascii { &ASCII } else { &UNICODE }
    }

    fn colour(&self, indexed: u8, rgb: (u8, u8, u8)) -> Option<Color> {
        match self.colours {
            Colours::None => None,
            Colours::Indexed => Some(Color::Indexed(indexed)),
            Colours::True => Some(Color::Rgb(rgb.0, rgb.1, rgb.2)),
        }
    }

    pub fn style(&self, role: Role) -> Style {
        let fg = |i: u8, rgb: (u8, u8, u8)| {
            let s = Style::default();
            match self.colour(i, rgb) {
                Some(c) => s.fg(c),
                None => s,
            }
        };
        match role {
            Role::Text => Style::default(),
            Role::Dim => match self.colours {
                Colours::None => Style::default().add_modifier(Modifier::DIM),
                _ => fg(244, (128, 128, 128)),
            },
            Role::Title => Style::default().add_modifier(Modifier::BOLD),
            Role::Us => fg(75, (95, 175, 255)).add_modifier(Modifier::BOLD),
            // Without colour, the enemy's counters and lines are underlined:
            // the twin of red (the company's stay plain bold).
            Role::Enemy => match self.colours {
                Colours::None => {
                    Style::default().add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
                }
                _ => fg(203, (255, 95, 95)).add_modifier(Modifier::BOLD),
            },
            Role::Cursor => match self.colours {
                Colours::None => Style::default().add_modifier(Modifier::BOLD),
                _ => fg(226, (255, 255, 0)).add_modifier(Modifier::BOLD),
            },
            Role::Selected => Style::default().add_modifier(Modifier::REVERSED),
            Role::Dark => fg(252, (208, 208, 208)).add_modifier(Modifier::BOLD),
            Role::Light => fg(242, (108, 108, 108)),
            Role::FaceDown => fg(238, (68, 68, 68)),
            Role::Good => fg(114, (135, 215, 135)),
            Role::Bad => match self.colours {
                Colours::None => Style::default().add_modifier(Modifier::BOLD),
                _ => fg(203, (255, 95, 95)),
            },
            Role::Warn => fg(214, (255, 175, 0)),
            Role::Highlight => match self.colours {
                Colours::None => Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD),
                _ => Style::default()
                    .bg(self.colour(94, (135, 95, 0)).unwrap_or(Color::Reset))
                    .add_modifier(Modifier::BOLD),
            },
            Role::Marker => fg(180, (215, 175, 135)),
            Role::FireSmall => fg(186, (215, 215, 135)).add_modifier(Modifier::BOLD),
            Role::FireAutomatic => fg(208, (255, 135, 0)).add_modifier(Modifier::BOLD),
            Role::FireHeavy => fg(196, (255, 0, 0)).add_modifier(Modifier::BOLD),
            Role::FireIncoming => fg(201, (255, 0, 255)).add_modifier(Modifier::BOLD),
            Role::FireGrenade => fg(51, (0, 255, 255)).add_modifier(Modifier::BOLD),
        }
    }
}
