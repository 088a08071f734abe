//! Reading `.scn` text into cases. Names stay text here; they are looked up on the variant's
//! map when the case runs, so one file can hold cases of several variants.

use entente_judge::{Edition, Rulebook};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ScenarioError {
    pub line: usize,
    pub message: String,
}

fn err<T>(line: usize, message: impl Into<String>) -> Result<T, ScenarioError> {
    Err(ScenarioError {
        line,
        message: message.into(),
    })
}

pub use entente_judge::{Phase, PhaseKind, Season};

#[derive(Clone, Debug, PartialEq)]
pub enum Expect {
    Succeeds,
    Fails,
    Illegal,
    Dislodged,
    NotDislodged,
    /// Dislodged with exactly these retreat options (empty: none).
    RetreatsTo(Vec<String>),
    /// `fails: cut by A Boh`: fails for this reason.
    FailsBecause(Reason),
    /// `illegal: not adjacent`: illegal for this reason (`Illegal::describe`'s words).
    IllegalBecause(String),
}

/// Why an order is expected to fail: `<reason> [(<cause>)] [by [A|F] <province>]`, the words
/// of `Failure::describe`, `Failure::cause` and `Failure::by` (docs/scenario-format.md).
#[derive(Clone, Debug, PartialEq)]
pub struct Reason {
    /// `bounce`, `cut`, `dislodged`, `no convoy`, `disrupted`, `void`, `paradox`,
    /// `conflicting orders`, `too many`, `bounce, disbanded`.
    pub word: String,
    /// `held`, `head-to-head`, `standoff`, `own unit`; a void's cause.
    pub cause: Option<String>,
    /// The unit named after `by`: its letter (if written) and its province as written.
    pub by: Option<(Option<char>, String)>,
}

fn parse_reason(line: usize, text: &str) -> Result<Reason, ScenarioError> {
    let text = text.trim();
    let (head, by) = match text.rsplit_once(" by ") {
        Some((h, b)) => (h.trim(), Some(b.trim())),
        None => (text, None),
    };
    let (word, cause) = match head.split_once('(') {
        Some((w, c)) => match c.strip_suffix(')') {
            Some(c) => (w.trim(), Some(c.trim().to_string())),
            None => return err(line, format!("unclosed '(' in reason '{text}'")),
        },
        None => (head, None),
    };
    let word = match word {
        "bounced" | "bounces" => "bounce",
        "disbanded" => "bounce, disbanded",
        w => w,
    }
    .to_string();
    let with_by = by.map(|_| entente_map::ProvinceId(0));
    if entente_judge::Failure::from_words(&word, with_by, cause.as_deref()).is_none() {
        return err(line, format!("unknown reason '{text}'"));
    }
    let by = match by {
        None => None,
        Some(b) => {
            let mut parts = b.splitn(2, ' ');
            let first = parts.next().unwrap_or("");
            match (first, parts.next()) {
                ("a" | "f", Some(rest)) => Some((first.chars().next(), rest.trim().to_string())),
                _ if b.is_empty() => return err(line, format!("no unit after 'by' in '{text}'")),
                _ => Some((None, b.to_string())),
            }
        }
    };
    Ok(Reason { word, cause, by })
}

#[derive(Clone, Debug)]
pub struct OrderLine {
    pub line: usize,
    pub power: String,
    pub text: String,
    pub expect: Vec<Expect>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ExpectKind {
    Units,
    Centres,
    Dislodged,
}

#[derive(Clone, Debug)]
pub struct ExpectBlock {
    pub kind: ExpectKind,
    pub line: usize,
    /// `(line, power, items)`; items are unit specs or centre names.
    pub entries: Vec<(usize, String, Vec<String>)>,
}

#[derive(Clone, Debug)]
pub struct PhaseBlock {
    pub line: usize,
    pub season: Season,
    /// The year written in `phase:`; see [`PhaseBlock::year_on`].
    pub year: i32,
    /// False for the implicit first phase (no `phase:` line): it is in the variant's first year.
    pub year_given: bool,
    pub kind: PhaseKind,
    pub orders: Vec<OrderLine>,
    pub expects: Vec<ExpectBlock>,
}

impl PhaseBlock {
    /// The phase's year on this map (the implicit first phase is in the first year).
    pub fn year_on(&self, map: &entente_map::Map) -> i32 {
        if self.year_given {
            self.year
        } else {
            map.start_year
        }
    }

    /// The dated phase on this map.
    pub fn phase_on(&self, map: &entente_map::Map) -> Phase {
        Phase::new(self.season, self.year_on(map), self.kind)
    }
}

#[derive(Clone, Debug)]
pub enum UnitsSetup {
    /// Units come from the first phase's orders.
    Implied,
    /// The variant's start position.
    Start,
    /// `(line, power, unit spec)`.
    Explicit(Vec<(usize, String, String)>),
}

#[derive(Clone, Debug)]
pub struct Case {
    pub id: String,
    pub title: String,
    pub line: usize,
    pub variant: String,
    /// The rules the case is adjudicated under: its edition ([`DEFAULT_EDITION`] when neither
    /// the case nor the file names one) with its `options` applied.
    pub rules: Rulebook,
    /// The `option:` names given for the case (the file's, then the case's own), in order.
    pub options: Vec<String>,
    pub units: UnitsSetup,
    /// `(line, power, centre names)`; `None` when no `centres:` section was given.
    pub centres: Option<Vec<(usize, String, Vec<String>)>>,
    /// `impassable:` provinces no unit may enter (the 2-player game's Italy), as
    /// `(line, name)`; looked up on the variant's map when the case runs.
    pub impassable: Vec<(usize, String)>,
    /// `neutral:` powers whose orders are not taken (their units hold without supporting
    /// each other and are disbanded when dislodged), as `(line, name)`.
    pub neutral: Vec<(usize, String)>,
    pub phases: Vec<PhaseBlock>,
}

/// The edition of a case that names none, in its own lines or the file's: the 2000 rules,
/// the default for games. (The DATC's files say `rules: 2023` at their top.)
pub const DEFAULT_EDITION: Edition = Edition::E2000;

impl Case {
    /// Adjudicate under another edition, keeping the case's options (`--rules` on the
    /// command line).
    pub fn set_edition(&mut self, edition: Edition) {
        self.rules = Rulebook::edition(edition);
        for o in &self.options {
            self.rules.set_option(o);
        }
    }

    /// Settings only (variant, rules, options): what lines before the first `case` make.
    fn is_settings_only(&self) -> bool {
        self.phases.is_empty()
            && matches!(self.units, UnitsSetup::Implied)
            && self.centres.is_none()
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    None,
    Units,
    Centres,
    Orders,
    Expect(ExpectKind),
}

/// A `Power:` prefix: a short run of letters and spaces before the first colon.
fn split_power(line: &str) -> Option<(&str, &str)> {
    let (head, rest) = line.split_once(':')?;
    let head = head.trim();
    if head.is_empty()
        || head.len() > 40
        || !head
            .chars()
            .all(|c| c.is_alphabetic() || c == ' ' || c == '-')
    {
        return None;
    }
    Some((head, rest.trim()))
}

fn parse_phase(line: usize, text: &str) -> Result<(Season, i32, PhaseKind), ScenarioError> {
    let words: Vec<String> = text.split_whitespace().map(|w| w.to_lowercase()).collect();
    if words.len() != 3 {
        return err(
            line,
            format!("phase '{text}': write e.g. 'Spring 1901 movement'"),
        );
    }
    let season = match words[0].as_str() {
        "spring" | "s" => Season::Spring,
        "fall" | "autumn" | "f" => Season::Fall,
        "winter" | "w" => Season::Winter,
        other => return err(line, format!("unknown season '{other}'")),
    };
    let year: i32 = words[1].parse().map_err(|_| ScenarioError {
        line,
        message: format!("bad year '{}'", words[1]),
    })?;
    let kind = match words[2].as_str() {
        "movement" | "moves" | "m" => PhaseKind::Movement,
        "retreat" | "retreats" | "r" => PhaseKind::Retreat,
        "adjustment" | "adjustments" | "builds" | "build" | "a" => PhaseKind::Adjustment,
        other => return err(line, format!("unknown phase kind '{other}'")),
    };
    let kind = if season == Season::Winter {
        PhaseKind::Adjustment
    } else {
        kind
    };
    Ok((season, year, kind))
}

fn parse_expect(line: usize, text: &str) -> Result<Vec<Expect>, ScenarioError> {
    let mut out = Vec::new();
    for item in text.split(',') {
        let w = item.trim().to_lowercase();
        let e = match w.as_str() {
            "succeeds" | "succeed" | "success" | "moves" => Expect::Succeeds,
            "fails" | "fail" | "failed" => Expect::Fails,
            "illegal" | "void illegal" => Expect::Illegal,
            "dislodged" => Expect::Dislodged,
            "not dislodged" => Expect::NotDislodged,
            other => {
                if let Some(r) = other
                    .strip_prefix("fails:")
                    .or_else(|| other.strip_prefix("failed:"))
                {
                    Expect::FailsBecause(parse_reason(line, r)?)
                } else if let Some(r) = other.strip_prefix("illegal:") {
                    let r = r.trim();
                    if entente_judge::Illegal::from_word(r).is_none() {
                        return err(line, format!("unknown illegality '{r}'"));
                    }
                    Expect::IllegalBecause(r.to_string())
                } else if let Some(list) = other.strip_prefix("retreats to") {
                    let items: Vec<String> = list
                        .split_whitespace()
                        .filter(|s| *s != "none")
                        .map(String::from)
                        .collect();
                    Expect::RetreatsTo(items)
                } else {
                    return err(line, format!("unknown expectation '{}'", item.trim()));
                }
            }
        };
        out.push(e);
    }
    Ok(out)
}

/// The most bytes of scenario text read (the biggest case file of the repository, the 2000
/// rulebook's Czech examples, is 36 KB; the whole DATC 100 KB).
pub const MAX_SCENARIO_BYTES: usize = 16 << 20;
/// The most cases in one text (the DATC has about 160).
pub const MAX_CASES: usize = 10_000;
/// The most phases in one case.
pub const MAX_PHASES: usize = 1_000;
/// The most `option:` lines in one case (the file's included).
pub const MAX_OPTIONS: usize = 64;
/// The most `impassable:` names in one case (the file's included): a map's locations.
pub const MAX_IMPASSABLE: usize = entente_map::MAX_LOCATIONS;
/// The most `neutral:` names in one case (the file's included): a map's powers.
pub const MAX_NEUTRAL: usize = 64;

/// Refuses a list of a case's settings grown over `max` at line `ln`.
fn check_count(ln: usize, len: usize, max: usize, what: &str) -> Result<(), ScenarioError> {
    if len > max {
        return err(
            ln,
            format!("at most {max} {what} in a case (the file's included)"),
        );
    }
    Ok(())
}

/// Parses a scenario file. A file without `case` lines is one case (id "1"). In a file
/// with `case` lines, the settings written before the first one (`variant:`, `rules:`,
/// `option:`) are the file's: every case starts from them. A byte-order mark is ignored.
///
/// Bounded before it costs anything: at most [`MAX_SCENARIO_BYTES`] of text,
/// [`MAX_CASES`] cases, [`MAX_PHASES`] phases a case, [`MAX_OPTIONS`] options,
/// [`MAX_IMPASSABLE`] impassable and [`MAX_NEUTRAL`] neutral names a case; the error names
/// the line that goes over.
pub fn parse_scenarios(text: &str) -> Result<Vec<Case>, ScenarioError> {
    if text.len() > MAX_SCENARIO_BYTES {
        let line = text.as_bytes()[..MAX_SCENARIO_BYTES]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        return err(
            line,
            format!(
                "the scenario text goes over {} MiB here ({} bytes in all)",
                MAX_SCENARIO_BYTES >> 20,
                text.len()
            ),
        );
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut cases: Vec<Case> = Vec::new();
    let mut section = Section::None;
    let mut power: Option<String> = None;
    // The case the lines before the first `case` line make, and once a `case` line comes,
    // the file's settings it held.
    let mut implicit = false;
    let mut defaults = Case {
        id: String::new(),
        title: String::new(),
        line: 0,
        variant: "standard".into(),
        rules: Rulebook::edition(DEFAULT_EDITION),
        options: Vec::new(),
        units: UnitsSetup::Implied,
        centres: None,
        impassable: Vec::new(),
        neutral: Vec::new(),
        phases: Vec::new(),
    };
    let new_case = |defaults: &Case, id: &str, title: &str, line: usize| Case {
        id: id.to_string(),
        title: title.to_string(),
        line,
        ..defaults.clone()
    };
    for (i, raw) in text.lines().enumerate() {
        let ln = i + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line
            .strip_prefix("case ")
            .or_else(|| line.strip_prefix("Case "))
        {
            if implicit && cases.len() == 1 && cases[0].is_settings_only() {
                defaults = cases.pop().expect("one case");
            }
            implicit = false;
            if cases.len() == MAX_CASES {
                return err(ln, format!("at most {MAX_CASES} cases in one text"));
            }
            let rest = rest.trim();
            let (id, title) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            cases.push(new_case(&defaults, id, title.trim(), ln));
            section = Section::None;
            power = None;
            continue;
        }
        if cases.is_empty() {
            cases.push(new_case(&defaults, "1", "", ln));
            implicit = true;
        }
        let case = cases.last_mut().expect("a case exists");
        // Keywords are ASCII: compare the line's own first bytes (never slice the line at
        // offsets found in a lower-cased copy, whose characters may be longer or shorter).
        let keyword = |k: &str| -> Option<String> {
            let head = line.get(..k.len())?;
            let rest = line.get(k.len()..)?;
            head.eq_ignore_ascii_case(k)
                .then(|| rest.trim().to_string())
        };
        let is = |k: &str| line.eq_ignore_ascii_case(k);
        if let Some(v) = keyword("variant:") {
            case.variant = v.trim().to_string();
            continue;
        }
        if let Some(v) = keyword("rules:") {
            let ed = v
                .parse()
                .map_err(|e: entente_judge::UnknownEdition| ScenarioError {
                    line: ln,
                    message: e.to_string(),
                })?;
            case.set_edition(ed);
            continue;
        }
        if let Some(v) = keyword("option:") {
            let name = v.trim().to_string();
            if !case.rules.set_option(&name) {
                return err(
                    ln,
                    format!("unknown rule option '{v}' (see docs/rule-options.md)"),
                );
            }
            case.options.push(name);
            check_count(ln, case.options.len(), MAX_OPTIONS, "'option:' lines")?;
            continue;
        }
        if let Some(v) = keyword("impassable:") {
            let names = v.split([',', ' ']).filter(|w| !w.trim().is_empty());
            case.impassable
                .extend(names.map(|n| (ln, n.trim().to_string())));
            check_count(
                ln,
                case.impassable.len(),
                MAX_IMPASSABLE,
                "impassable names",
            )?;
            continue;
        }
        if let Some(v) = keyword("neutral:") {
            let names = v.split(',').filter(|w| !w.trim().is_empty());
            case.neutral
                .extend(names.map(|n| (ln, n.trim().to_string())));
            check_count(ln, case.neutral.len(), MAX_NEUTRAL, "neutral powers")?;
            continue;
        }
        if let Some(v) = keyword("units:") {
            power = None;
            if v.eq_ignore_ascii_case("start") {
                case.units = UnitsSetup::Start;
                section = Section::None;
            } else if v.is_empty() {
                if !matches!(case.units, UnitsSetup::Explicit(_)) {
                    case.units = UnitsSetup::Explicit(Vec::new());
                }
                section = Section::Units;
            } else {
                return err(
                    ln,
                    "write 'units: start' or 'units:' followed by unit lines",
                );
            }
            continue;
        }
        if is("centres:") || is("centers:") {
            case.centres.get_or_insert_with(Vec::new);
            section = Section::Centres;
            power = None;
            continue;
        }
        if let Some(v) = keyword("phase:") {
            let (season, year, kind) = parse_phase(ln, &v)?;
            if case.phases.len() == MAX_PHASES {
                return err(ln, format!("at most {MAX_PHASES} phases in a case"));
            }
            case.phases.push(PhaseBlock {
                line: ln,
                season,
                year,
                year_given: true,
                kind,
                orders: Vec::new(),
                expects: Vec::new(),
            });
            section = Section::None;
            power = None;
            continue;
        }
        if is("orders:") {
            if case.phases.is_empty() {
                case.phases.push(PhaseBlock {
                    line: ln,
                    season: Season::Spring,
                    year: 0,
                    year_given: false,
                    kind: PhaseKind::Movement,
                    orders: Vec::new(),
                    expects: Vec::new(),
                });
            }
            section = Section::Orders;
            power = None;
            continue;
        }
        let expect_kind = if is("expect units:") {
            Some(ExpectKind::Units)
        } else if is("expect centres:") || is("expect centers:") {
            Some(ExpectKind::Centres)
        } else if is("expect dislodged:") {
            Some(ExpectKind::Dislodged)
        } else {
            None
        };
        if let Some(k) = expect_kind {
            let Some(phase) = case.phases.last_mut() else {
                return err(ln, "'expect' must follow a phase's orders");
            };
            phase.expects.push(ExpectBlock {
                kind: k,
                line: ln,
                entries: Vec::new(),
            });
            section = Section::Expect(k);
            power = None;
            continue;
        }
        // Section content, possibly behind a `Power:` prefix.
        let (who, content) = match split_power(line) {
            Some((p, rest)) => {
                power = Some(p.to_string());
                (p.to_string(), rest)
            }
            None => match &power {
                Some(p) => (p.clone(), line),
                None => {
                    return err(
                        ln,
                        format!("'{line}': which power? Put it under a 'Power:' line"),
                    )
                }
            },
        };
        if content.is_empty() {
            // A bare header; for expectations it means "this power, no units".
            if let Section::Expect(_) = section {
                if let Some(b) = case.phases.last_mut().and_then(|p| p.expects.last_mut()) {
                    b.entries.push((ln, who, Vec::new()));
                }
            }
            continue;
        }
        match section {
            Section::None => {
                return err(
                    ln,
                    format!(
                        "'{line}' is outside any section (units:, centres:, orders:, expect ...:)"
                    ),
                )
            }
            Section::Units => {
                if let UnitsSetup::Explicit(list) = &mut case.units {
                    if !content.eq_ignore_ascii_case("none") {
                        for u in content.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                            list.push((ln, who.clone(), u.to_string()));
                        }
                    }
                }
            }
            Section::Centres => {
                let items = content
                    .split([',', ' '])
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect();
                case.centres
                    .get_or_insert_with(Vec::new)
                    .push((ln, who, items));
            }
            Section::Orders => {
                let (order, expect) = match content.split_once("=>") {
                    Some((o, e)) => (o.trim(), parse_expect(ln, e)?),
                    None => (content, Vec::new()),
                };
                let phase = case.phases.last_mut().expect("orders: creates a phase");
                phase.orders.push(OrderLine {
                    line: ln,
                    power: who,
                    text: order.to_string(),
                    expect,
                });
            }
            Section::Expect(k) => {
                let items: Vec<String> = if content.eq_ignore_ascii_case("none") {
                    Vec::new()
                } else if k == ExpectKind::Centres {
                    content
                        .split([',', ' '])
                        .filter(|s| !s.is_empty())
                        .map(String::from)
                        .collect()
                } else {
                    content
                        .split(',')
                        .map(str::trim)
                        .filter(|s| !s.is_empty())
                        .map(String::from)
                        .collect()
                };
                let b = case
                    .phases
                    .last_mut()
                    .and_then(|p| p.expects.last_mut())
                    .expect("expect block exists");
                b.entries.push((ln, who, items));
            }
        }
    }
    Ok(cases)
}
