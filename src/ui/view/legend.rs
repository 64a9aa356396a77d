//! The key to the map's abbreviations: one table. The map and the panels
//! print their codes from it ([`Code::text`], [`Code::with`]) and the help
//! screen's key is generated from it ([`key`]), so neither can drift from
//! the other. Meanings are in our own words, with the rule section.

use crate::data::action::Experience;
use crate::data::terrain::Dir;
use crate::data::units::{Range, Vof};
use crate::engine::combat::fire::VofLevel;
use crate::engine::kernel::state::{PointControl, SmokeKind};
use crate::ui::theme::Theme;

/// One abbreviation: what the screen prints, what it means, the rule.
/// In a code with `numbers`, `N` and `M` stand for numbers (or a sign and
/// a number).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Abbrev {
    pub code: &'static str,
    /// The code in short words, as a card wide and tall enough prints it
    /// ("cover N" for "CN"); the code itself where it is a word already.
    pub word: &'static str,
    pub meaning: &'static str,
    pub rule: &'static str,
    pub numbers: bool,
}

/// A titled group of the key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    pub title: &'static str,
    pub entries: Vec<Abbrev>,
}

/// Where on the screen a code is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    /// A card's top border and its frame.
    Border,
    /// The terrain lines under the border.
    Terrain,
    /// The marker lines.
    Marker,
    /// The counter lines.
    Counter,
    /// The fire ratings in the card panel.
    Ratings,
}

impl Group {
    pub const ALL: [Group; 5] = [
        Group::Border,
        Group::Terrain,
        Group::Marker,
        Group::Counter,
        Group::Ratings,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Group::Border => "A card's frame",
            Group::Terrain => "A card's terrain lines",
            Group::Marker => "Markers on a card",
            Group::Counter => "Counters",
            Group::Ratings => "Fire ratings (card panel: VOF/range)",
        }
    }
}

/// Every code the map and the panels print, but the glyphs of the frame
/// (see [`key`]) and the fire ratings (from [`Vof`] and [`Range`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Code {
    Position,
    Staging,
    FarEdge,
    Level,
    Hills,
    CoverNone,
    Cover,
    CoverSplit,
    CoverMarkers,
    Burst,
    Slow,
    NoVehicles,
    MultiStory,
    PcHidden,
    PcA,
    PcB,
    PcC,
    VofPinned,
    VofSmall,
    VofAutomatic,
    VofHeavy,
    VofSniper,
    VofIncoming,
    Crossfire,
    Incoming,
    AirStrike,
    Pending,
    Smoke,
    Wp,
    Cs,
    Illumination,
    Mines,
    Claymore,
    GrenadeMiss,
    DemoMiss,
    Demo,
    Flame,
    Items,
    Line,
    LineCut,
    Primary,
    Secondary,
    AttackPosition,
    Outpost,
    RoutePoint,
    CasualtyPoint,
    LandingZone,
    MedevacLz,
    FinalProtectiveFire,
    LimitOfAdvance,
    PhaseLine,
    MainLine,
    Boundary,
    Green,
    LineExp,
    Veteran,
    NotSpotted,
    Pinned,
    Exposed,
    FireTeamSide,
    UnderCover,
    Concentrated,
    Grenaded,
    More,
    GrenadeCapable,
    Wreck,
    BurningWreck,
    VehicleActivated,
    VehicleDone,
    Aboard,
    VehicleLoad,
}

impl Code {
    pub const ALL: [Code; 71] = {
        use Code::*;
        [
            Position,
            Staging,
            FarEdge,
            Level,
            Hills,
            CoverNone,
            Cover,
            CoverSplit,
            CoverMarkers,
            Burst,
            Slow,
            NoVehicles,
            MultiStory,
            PcHidden,
            PcA,
            PcB,
            PcC,
            VofPinned,
            VofSmall,
            VofAutomatic,
            VofHeavy,
            VofSniper,
            VofIncoming,
            Crossfire,
            Incoming,
            AirStrike,
            Pending,
            Smoke,
            Wp,
            Cs,
            Illumination,
            Mines,
            Claymore,
            GrenadeMiss,
            DemoMiss,
            Demo,
            Flame,
            Items,
            Line,
            LineCut,
            Primary,
            Secondary,
            AttackPosition,
            Outpost,
            RoutePoint,
            CasualtyPoint,
            LandingZone,
            MedevacLz,
            FinalProtectiveFire,
            LimitOfAdvance,
            PhaseLine,
            MainLine,
            Boundary,
            Green,
            LineExp,
            Veteran,
            NotSpotted,
            Pinned,
            Exposed,
            FireTeamSide,
            UnderCover,
            Concentrated,
            Grenaded,
            More,
            GrenadeCapable,
            Wreck,
            BurningWreck,
            VehicleActivated,
            VehicleDone,
            Aboard,
            VehicleLoad,
        ]
    };

    /// The code's entry in the key.
    pub fn abbrev(self) -> Abbrev {
        use Code::*;
        let (code, meaning, rule) = match self {
            Position => ("RNCM", "row N (counted away from you), column M", "2.2"),
            Staging => ("SAN", "the staging area behind column N", "2.4.2"),
            FarEdge => (
                "enemy side",
                "the far edge, over the top row: the enemy's side (the map grows there, the enemy falls back there)",
                "9.2.2, 9.4",
            ),
            Level => ("lvN", "the card's level, when not 1", "5.2.2"),
            Hills => ("hN", "N hill cards beneath the top card", "5.2.2"),
            CoverNone => ("C-", "no cover & concealment", "1.2.1"),
            Cover => ("CN", "cover & concealment N", "1.2.1"),
            CoverSplit => (
                "CN/M",
                "cover & concealment N across dark borders, M otherwise",
                "1.2.1",
            ),
            CoverMarkers => (
                "mN/M",
                "N cover markers on the card, M more to find by seeking",
                "5.2.3",
            ),
            Burst => ("bN", "the burst modifier for Incoming! fire", "1.2.1 H"),
            Slow => ("slow", "a vehicle must stop on entering", "1.2.1 B"),
            NoVehicles => ("noV", "vehicles may not enter", "1.2.1 B"),
            MultiStory => (
                "ms",
                "multi-story: building cover has an upper story",
                "1.2.1 G",
            ),
            PcHidden => ("PC:?", "a potential contact marker, letter hidden", "9.1.1"),
            PcA => ("PC:A", "a potential contact marker, letter A", "9.1.1"),
            PcB => ("PC:B", "a potential contact marker, letter B", "9.1.1"),
            PcC => ("PC:C", "a potential contact marker, letter C", "9.1.1"),
            VofPinned => ("V:pin", "VOF: all its firers pinned", "6.2.2"),
            VofSmall => ("V:S", "VOF: small arms", "6.2.2"),
            VofAutomatic => ("V:A", "VOF: automatic weapons", "6.2.2"),
            VofHeavy => ("V:H", "VOF: heavy weapons", "6.2.2"),
            VofSniper => ("V:snp", "VOF: a sniper", "6.2.2"),
            VofIncoming => ("V:Inc", "VOF: Incoming! fire", "6.2.2"),
            Crossfire => ("XFire", "crossfire: PDFs from two or more cards", "6.2.2"),
            Incoming => ("Inc!", "an Incoming! fire mission", "6.2.2"),
            AirStrike => ("Air!", "an air strike", "6.7.2 F"),
            Pending => ("Pend", "a pending fire mission", "6.7.3"),
            Smoke => ("Smoke", "a smoke screen", "8.4"),
            Wp => ("WP", "white phosphorus smoke", "8.4"),
            Cs => ("CS", "tear gas", "8.4"),
            Illumination => ("Illum", "illumination", "8.2"),
            Mines => ("Mines", "a minefield", "9.5"),
            Claymore => ("Clay", "a claymore", "9.5"),
            GrenadeMiss => ("GrMiss", "a grenade miss VOF", "6.2.2"),
            DemoMiss => ("DmMiss", "a demolition miss VOF", "6.2.2"),
            Demo => ("Demo", "a demolition attack on a cover marker", "6.5"),
            Flame => ("Flame", "a flame attack on a cover marker", "6.5"),
            Items => (
                "ItemsN",
                "N dropped assets or ammunition lying here",
                "5.1.6",
            ),
            Line => ("Line", "a phone line marker", "4.3.4"),
            LineCut => ("Line-cut", "a cut phone line marker", "4.3.4"),
            Primary => ("OBJ1", "the primary objective", "2.4.1"),
            Secondary => ("OBJ2", "the secondary objective", "2.4.1"),
            AttackPosition => ("AtkPos", "the attack position", "2.4.1"),
            Outpost => ("COP", "the combat outpost", "2.4.1"),
            RoutePoint => ("RPN", "route point N", "2.4.1 C"),
            CasualtyPoint => ("CCP", "the casualty collection point", "5.1.7"),
            LandingZone => ("LZ", "a card of a landing zone", "7.4.5"),
            MedevacLz => ("MEDEVAC", "the MEDEVAC LZ", "5.1.7"),
            FinalProtectiveFire => ("FPF", "the final protective fire", "6.7.2 D"),
            LimitOfAdvance => ("LOA", "the limit of advance: no further", "2.4.1 A"),
            PhaseLine => ("PL", "a phase line", "2.4.1"),
            MainLine => ("MLR", "the main line of resistance", "2.4.1 B"),
            Boundary => (
                "Bdry",
                "a boundary: no crossing the outer column",
                "2.4.1 A",
            ),
            Green => ("G", "after the steps: Green", "1.2.6"),
            LineExp => ("L", "after the steps: Line", "1.2.6"),
            Veteran => ("V", "after the steps: Veteran", "1.2.6"),
            NotSpotted => ("?", "an enemy unit not spotted", "9.3"),
            Pinned => ("P", "pinned", "6.3.2"),
            Exposed => ("E", "exposed", "4.2.2 a"),
            FireTeamSide => ("F", "on its fire-team side", "4.2.3"),
            UnderCover => ("C", "under a cover marker", "5.2.3"),
            Concentrated => ("*", "concentrated fire on it", "6.6"),
            Grenaded => ("g", "a grenade attack on it", "6.5.1"),
            More => ("+N more", "N more counters than the card has room for", ""),
            Wreck => (
                "Wreck",
                "a wrecked vehicle: cover, and one of the card's four vehicle places",
                "7.7",
            ),
            BurningWreck => ("Burning", "a burning wreck: its smoke blocks sight", "7.7"),
            VehicleActivated => ("Act", "a vehicle activated this turn", "7.2"),
            VehicleDone => ("M/F", "a vehicle that has moved or fired this turn", "7.2"),
            Aboard => ("^", "aboard a vehicle on its card", "7.4"),
            VehicleLoad => ("^N", "a vehicle with N steps aboard", "7.4"),
            GrenadeCapable => (
                "G!",
                "grenades: after the ratings, grenade attacks; as the VOF, a grenade or rocket launcher",
                "6.5.1",
            ),
        };
        Abbrev {
            code,
            word: self.word().unwrap_or(code),
            meaning,
            rule,
            numbers: matches!(
                self,
                Position
                    | Staging
                    | Level
                    | Hills
                    | Cover
                    | CoverSplit
                    | CoverMarkers
                    | Burst
                    | Items
                    | RoutePoint
                    | More
            ),
        }
    }

    /// The code in short words where the code is not one ("cover N" for
    /// "CN", "contact ?" for "PC:?"): what a card prints when it has the
    /// room (issue 58: "C2/1 m0/3 b-1 slow noV" was read by no newcomer).
    /// `N` and `M` stand for numbers as in the code; "(s)" is a plural's
    /// ending, dropped after a 1.
    pub fn word(self) -> Option<&'static str> {
        use Code::*;
        Some(match self {
            Level => "level N",
            Hills => "on N hill(s)",
            CoverNone => "no cover",
            Cover => "cover N",
            CoverSplit => "cover N/M",
            CoverMarkers => "markers N/M",
            Burst => "burst N",
            NoVehicles => "no vehicles",
            MultiStory => "upper story",
            PcHidden => "contact ?",
            PcA => "contact A",
            PcB => "contact B",
            PcC => "contact C",
            VofPinned => "VOF pinned",
            VofSmall => "VOF small arms",
            VofAutomatic => "VOF automatic",
            VofHeavy => "VOF heavy",
            VofSniper => "VOF sniper",
            VofIncoming => "VOF Incoming!",
            Crossfire => "crossfire",
            Incoming => "Incoming!",
            AirStrike => "air strike",
            Pending => "fire pending",
            Smoke => "smoke",
            Wp => "WP smoke",
            Cs => "tear gas",
            Illumination => "illumination",
            Mines => "mines",
            Claymore => "claymore",
            GrenadeMiss => "grenade miss",
            DemoMiss => "demolition miss",
            Demo => "demolition",
            Flame => "flame",
            Items => "N item(s)",
            Line => "phone line",
            LineCut => "line cut",
            Primary => "objective 1",
            Secondary => "objective 2",
            AttackPosition => "attack position",
            Outpost => "outpost",
            RoutePoint => "route point N",
            CasualtyPoint => "casualty point",
            MedevacLz => "MEDEVAC LZ",
            LimitOfAdvance => "limit of advance",
            PhaseLine => "phase line",
            MainLine => "main line",
            Boundary => "boundary",
            Wreck => "wreck",
            BurningWreck => "burning wreck",
            _ => return None,
        })
    }

    pub fn group(self) -> Group {
        use Code::*;
        match self {
            Position | Staging | FarEdge => Group::Border,
            Level | Hills | CoverNone | Cover | CoverSplit | CoverMarkers | Burst | Slow
            | NoVehicles | MultiStory => Group::Terrain,
            Green | LineExp | Veteran | NotSpotted | Pinned | Exposed | FireTeamSide
            | UnderCover | Concentrated | Grenaded | More | VehicleActivated | VehicleDone => {
                Group::Counter
            }
            GrenadeCapable => Group::Ratings,
            _ => Group::Marker,
        }
    }

    /// The code as printed, for a code without numbers.
    pub fn text(self) -> &'static str {
        self.abbrev().code
    }

    /// The code with its numbers in the places of `N` and then `M`.
    pub fn with(self, n: impl std::fmt::Display) -> String {
        self.text().replacen('N', &n.to_string(), 1)
    }

    /// The code with two numbers, for `N` and `M`.
    pub fn with2(self, n: impl std::fmt::Display, m: impl std::fmt::Display) -> String {
        self.with(n).replacen('M', &m.to_string(), 1)
    }

    /// The short words with numbers in the places of `N` and `M` (a
    /// plural's "(s)" after them agreeing with the first).
    pub fn word_with(self, nums: &[String]) -> String {
        fill(self.abbrev().word, nums)
    }

    /// What the code means, in full, with numbers in the places of `N`
    /// and `M`, and its rule: what the card panel spells out.
    pub fn spelled(self, nums: &[String]) -> String {
        let a = self.abbrev();
        let meaning = fill(a.meaning, nums);
        if a.rule.is_empty() {
            meaning
        } else {
            format!("{meaning} ({})", a.rule)
        }
    }

    /// The PC marker's code: its letter, or `?` while hidden.
    pub fn pc(letter: Option<crate::data::charts::PcLetter>) -> Code {
        use crate::data::charts::PcLetter;
        match letter {
            None => Code::PcHidden,
            Some(PcLetter::A) => Code::PcA,
            Some(PcLetter::B) => Code::PcB,
            Some(PcLetter::C) => Code::PcC,
        }
    }

    /// The code of the VOF on a card.
    pub fn vof(level: VofLevel) -> Code {
        match level {
            VofLevel::AllPinned => Code::VofPinned,
            VofLevel::SmallArms => Code::VofSmall,
            VofLevel::Automatic => Code::VofAutomatic,
            VofLevel::Heavy => Code::VofHeavy,
            VofLevel::Sniper => Code::VofSniper,
            VofLevel::Incoming => Code::VofIncoming,
        }
    }

    pub fn smoke(kind: SmokeKind) -> Code {
        match kind {
            SmokeKind::Smoke => Code::Smoke,
            SmokeKind::Wp => Code::Wp,
            SmokeKind::Cs => Code::Cs,
        }
    }

    pub fn experience(e: Experience) -> Code {
        match e {
            Experience::Green => Code::Green,
            Experience::Line => Code::LineExp,
            Experience::Veteran => Code::Veteran,
        }
    }
}

/// A code as a card prints it, with its numbers; or a marker's own words
/// (a pyrotechnic signal's name). One value gives the three forms a card
/// may show: the code, the short words, and the meaning in full.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mark {
    Code(Code, Vec<String>),
    Words(String),
}

impl Mark {
    pub fn of(c: Code) -> Mark {
        Mark::Code(c, Vec::new())
    }

    pub fn with(c: Code, n: impl std::fmt::Display) -> Mark {
        Mark::Code(c, vec![n.to_string()])
    }

    pub fn with2(c: Code, n: impl std::fmt::Display, m: impl std::fmt::Display) -> Mark {
        Mark::Code(c, vec![n.to_string(), m.to_string()])
    }

    /// A control marker, with its number for a route point.
    pub fn point(p: PointControl) -> Mark {
        match p {
            PointControl::RoutePoint(n) => Mark::with(Code::RoutePoint, n),
            PointControl::PrimaryObjective => Mark::of(Code::Primary),
            PointControl::SecondaryObjective => Mark::of(Code::Secondary),
            PointControl::AttackPosition => Mark::of(Code::AttackPosition),
            PointControl::CombatOutpost => Mark::of(Code::Outpost),
            PointControl::CasualtyPoint => Mark::of(Code::CasualtyPoint),
            PointControl::LandingZone => Mark::of(Code::LandingZone),
            PointControl::MedevacLz => Mark::of(Code::MedevacLz),
            PointControl::FinalProtectiveFire => Mark::of(Code::FinalProtectiveFire),
        }
    }

    /// The code, as the key lists it.
    pub fn short(&self) -> String {
        match self {
            Mark::Code(c, n) => match n.as_slice() {
                [] => c.text().to_string(),
                [a] => c.with(a),
                [a, b, ..] => c.with2(a, b),
            },
            Mark::Words(w) => w.clone(),
        }
    }

    /// The short words.
    pub fn word(&self) -> String {
        match self {
            Mark::Code(c, n) => c.word_with(n),
            Mark::Words(w) => w.clone(),
        }
    }

    /// The meaning in full, with its rule.
    pub fn spelled(&self) -> String {
        match self {
            Mark::Code(c, n) => c.spelled(n),
            Mark::Words(w) => w.clone(),
        }
    }
}

/// Words with `nums` in the places of their standalone `N` and `M` (a
/// meaning's "N dropped assets"), and "(s)" agreeing with the first
/// number.
fn fill(text: &str, nums: &[String]) -> String {
    let mut out = text.to_string();
    for (ph, n) in ['N', 'M'].iter().zip(nums) {
        if let Some(i) = placeholder(&out, *ph) {
            out.replace_range(i..i + 1, n);
        }
    }
    if let Some(n) = nums.first() {
        out = out.replace("(s)", if n == "1" { "" } else { "s" });
    }
    out
}

/// Where `ph` stands as a placeholder in words: the first `N` (or `M`)
/// with no letter on either side ("MEDEVAC" has none).
fn placeholder(text: &str, ph: char) -> Option<usize> {
    let b = text.as_bytes();
    (0..b.len()).find(|&i| {
        b[i] == ph as u8
            && (i == 0 || !b[i - 1].is_ascii_alphabetic())
            && (i + 1 == b.len() || !b[i + 1].is_ascii_alphabetic())
    })
}

/// A unit's fire ratings as the card panel prints them: "S/L", "A/S/C G!".
pub fn ratings(r: &crate::data::units::Ratings) -> String {
    format!(
        "{}/{}{}",
        r.vof.label(),
        r.range.label(),
        if r.grenade {
            format!(" {}", Code::GrenadeCapable.text())
        } else {
            String::new()
        }
    )
}

/// The arrow on a card's edge for a PDF toward the card in direction `d`.
pub fn arrow(d: Dir, ascii: bool) -> &'static str {
    if ascii {
        return match d {
            Dir::N => "^",
            Dir::S => "v",
            Dir::E => ">",
            Dir::W => "<",
            Dir::NE | Dir::SW => "/",
            Dir::NW | Dir::SE => "\\",
        };
    }
    match d {
        Dir::N => "↑",
        Dir::S => "↓",
        Dir::E => "→",
        Dir::W => "←",
        Dir::NE => "↗",
        Dir::NW => "↖",
        Dir::SE => "↘",
        Dir::SW => "↙",
    }
}

/// The eight arrows, clockwise from north, and their ASCII twins.
pub const ARROWS: &str = "↑↗→↘↓↙←↖";
pub const ARROWS_ASCII: &str = "^/>\\v/<\\";

/// The whole key, grouped, in the theme's glyphs.
pub fn key(theme: &Theme) -> Vec<Section> {
    let lines = theme.lines();
    let mut out: Vec<Section> = Group::ALL
        .iter()
        .map(|g| Section {
            title: g.title(),
            entries: Code::ALL
                .iter()
                .filter(|c| c.group() == *g)
                .map(|c| c.abbrev())
                .collect(),
        })
        .collect();
    let frame = &mut out[0].entries;
    frame.push(Abbrev {
        code: lines.h[1],
        word: lines.h[1],
        meaning: "a heavy line: a dark border segment, blocking sight",
        rule: "5.2.2",
        numbers: false,
    });
    frame.push(Abbrev {
        code: lines.h[0],
        word: lines.h[0],
        meaning: "a thin line: a light border segment",
        rule: "5.2.2",
        numbers: false,
    });
    let arrows = if theme.ascii { ARROWS_ASCII } else { ARROWS };
    frame.push(Abbrev {
        code: arrows,
        word: arrows,
        meaning: "an arrow on an edge: a PDF, fire toward the card that way",
        rule: "6.2.3",
        numbers: false,
    });
    frame.push(Abbrev {
        code: if theme.ascii { "^N rows v" } else { "▴N rows ▾" },
        word: if theme.ascii { "^N rows v" } else { "▴N rows ▾" },
        meaning: "N rows of cards out of view above or below: the arrows or the goals key scroll to them",
        rule: "2.2",
        numbers: true,
    });
    frame.push(Abbrev {
        code: lines.shade,
        word: lines.shade,
        meaning: "shading: a face-down card",
        rule: "5.2",
        numbers: false,
    });
    let ratings = &mut out[Group::ALL.len() - 1].entries;
    let grenade = ratings.pop();
    // G! as the VOF is the grenade code's own entry.
    for v in Vof::ALL.into_iter().filter(|v| *v != Vof::G) {
        ratings.push(Abbrev {
            code: v.label(),
            word: v.label(),
            meaning: v.meaning(),
            rule: "1.2.7",
            numbers: false,
        });
    }
    for r in Range::ALL {
        ratings.push(Abbrev {
            code: r.label(),
            word: r.label(),
            meaning: r.meaning(),
            rule: "1.2.7",
            numbers: false,
        });
    }
    ratings.extend(grenade);
    out
}

/// Whether `token` is one of the key's codes, numbers in the places of
/// `N` and `M`.
pub fn known(theme: &Theme, token: &str) -> bool {
    key(theme)
        .iter()
        .flat_map(|s| s.entries.iter())
        .any(|a| fits(a.code, a.numbers, token) || fits_word(a, token))
}

/// Whether `token` is the entry's short words, numbers in place.
fn fits_word(a: &Abbrev, token: &str) -> bool {
    if a.word == a.code {
        return false;
    }
    if !a.word.contains("(s)") {
        return fits(a.word, a.numbers, token);
    }
    ["", "s"]
        .iter()
        .any(|end| fits(&a.word.replace("(s)", end), a.numbers, token))
}

fn fits(code: &str, numbers: bool, token: &str) -> bool {
    if code == token {
        return true;
    }
    if !numbers {
        return false;
    }
    let c: Vec<char> = code.chars().collect();
    let t: Vec<char> = token.chars().collect();
    let (mut i, mut j) = (0, 0);
    while i < c.len() {
        if c[i] == 'N' || c[i] == 'M' {
            // A number, signed or not, or a dash for none.
            let start = j;
            if j < t.len() && (t[j] == '+' || t[j] == '-') {
                j += 1;
            }
            while j < t.len() && t[j].is_ascii_digit() {
                j += 1;
            }
            if j == start || (j == start + 1 && !t[start].is_ascii_digit() && t[start] != '-') {
                return false;
            }
            i += 1;
        } else {
            if j >= t.len() || t[j] != c[i] {
                return false;
            }
            i += 1;
            j += 1;
        }
    }
    j == t.len()
}
