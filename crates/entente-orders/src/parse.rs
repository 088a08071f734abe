//! The order parser: what players really write, resolved against a map.
//!
//! # How it works
//!
//! The text is cut into tokens (words, `-`, arrows, parentheses, `/`), then read with a small
//! grammar that tries every reading and keeps the first complete one, so that a word which is
//! both a keyword and something else (`S` = support or south coast, `(H)` = hold or a garbage
//! coast) is resolved by what follows it. Province and power names are matched greedily over
//! runs of words (`Gulf of Lyon`, `Mid-Atlantic Ocean`, `St. Petersburg`, `Санкт-Петербург`)
//! through [`Map::lookup_province`] / [`Map::lookup_power`] (so case, `.`, `'` and `-`/space
//! differences do not matter); a shorter match is tried when the longest does not fit the
//! grammar. When nothing fits, the error of the reading that got furthest is reported, with
//! the position of the offending token's first character, counted from 1 (or one past the
//! end of the text when it is cut short). A name the map does not know comes with the
//! nearest names it does ("unknown province 'Yrk'; did you mean Yorkshire (yor)?").
//!
//! # Accepted
//!
//! Keywords are case-insensitive and may be put in parentheses: `(S)`, `(H)`, `(C)` as in the
//! 1971 French rules. `.` is ignored (`St. Petersburg`, `A Par - Bur.`), `_` counts as a space.
//! The lists in the private module `keywords` are the full vocabulary.
//!
//! | order | forms |
//! |---|---|
//! | unit | `[type] location`; type `A`/`F`, `Army`/`Fleet`, cs `armáda`/`flotila`, fr `armée`/`flotte`, ru `А`/`Ф`, `армия`/`флот` (the type may be left out: `Par - Bur`) |
//! | hold | `unit H` / `Hold` / `Holds` / `Stands`; cs `drž`, `drží (pozici)`, `stojí`; fr `tient`, `défend`, `reste`; ru `стоит`, `держит (позицию)` |
//! | move | `unit - location`; the arrow is `-`, `->`, `>`, `–`, `—`, `→` and/or the words `to`, `moves`, `move`, `m`, `attacks`, cs `do`, `táhne`, `útočí`, `na`, fr `vers`, `va`, `à`, `en`, ru `в`, `на`, `идёт`, `атакует`; `A Par moves to Bur` |
//! | via convoy | after a move: `via convoy`, `by convoy`, `via C`, `(via convoy)`, `convoyed`, a bare `via` at the end (the Python `diplomacy` package's `A LON - BEL VIA`); cs `přes konvoj`, `konvojem`; fr `par convoi`; ru `через конвой`, `конвоем` |
//! | support | `unit S target [- location]`, `S`/`Supports`/`Support`/`Sup`; cs `P`/`podporuje`; fr `S`/`soutient`; ru `П`/`поддерживает`; a support to hold may end with `H`/`Hold`/`to hold` |
//! | convoy | `unit C target - location`, `C`/`Convoys`/`Convoy`; cs `K`/`konvojuje`/`přepravuje`; fr `C`/`convoie`; ru `К`/`конвоирует` |
//! | target | `[nationality] [type] location`: `Russian A War`, `Russia A War`, `English Lon`, a short form of the map's `names.en` (`Turk A Bul`, `Eng A Lon`), or a localized power name or adjective (`Russie`, `ruská`, `русский`); a nationality given by a single letter is not accepted (it would clash with `A`/`F`). When a nationality and a province read the same words (`English Channel`, `Eng`), the province is preferred unless a unit follows |
//! | retreat | `unit R location`, `R`/`Retreat`/`Retreats (to)`; cs `ústup`, fr `retraite (vers)`, ru `отступает`. A plain move (`A Mun - Boh`) stays a [`Order::Move`]: the judge reads it as a retreat in a retreat phase |
//! | disband | `unit D` / `Disband` / `Disbands` → [`Order::Disband`]; cs `rozpustit`, fr `dissoudre`, ru `расформировать` |
//! | build | `Build [type] location`, `B A Par`, or `unit Build`; cs `stavba`/`postav`, fr `construit`, ru `строит` |
//! | remove | `Remove unit` / `Disband unit` (a disband word *before* the unit) / `unit Remove` → [`Order::Remove`]; cs `odstranit`, fr `retire`, ru `убрать` |
//! | waive | `Waive` (optionally with a build word: `Build waive`); cs `vzdát (se)`, fr `renonce`, ru `отказ`, `пропуск` |
//!
//! # Locations and coasts
//!
//! A location is a province name followed by an optional coast: `(nc)`, `[nc]`, `/nc`,
//! `(north coast)`, `(n)`, `/n`, or a separate word after a split-coast province (`StP sc`,
//! `Spain north coast`).
//! Coast names: `nc`/`n`/`north`/`north coast` (and the same for s, e, w); fr `côte nord`,
//! `nord`...; cs `severní pobřeží`, `sever`...; ru `северный берег`, `север`....
//! A coast that the province has is kept, for the ordered unit as for a destination, a target
//! or a build (the judge decides what a wrong coast means). A coast that the province does not
//! have (`Par(nc)`, `Spa/ec`, `Bre (xyz)`) is ignored and the plain province is returned, as the
//! DATC prefers (issue 4.B.6); a bare coast word after a province without that coast is not
//! taken as a coast at all.
//!
//! # Not accepted
//!
//! A unit alone (`A Par`: no implicit hold), an order without its unit (`S A Par - Mar`), a
//! nationality for the ordered unit itself, several orders in one text, comments, other
//! punctuation (`,`, `;`, `:`...), a support of a move "via convoy", and `=>` as an arrow (the
//! scenario format uses it for expectations).

use crate::keywords::{self, coast_code, List, WordInfo};
use crate::model::{Order, Target, UnitRef};
use crate::suggest::{did_you_mean, may_suggest, nearest_names};
use entente_map::{normalize_name, Loc, Map, PowerId, ProvinceId, UnitType};

/// Why a text is not an order, and where: `position` is the position of a character in the
/// text, counted from 1 (one past the last character when the order is cut short).
/// `message` is the reason in English; `reason` the same, typed, for front ends that write
/// it in another language.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("at position {position}: {message}")]
pub struct ParseError {
    pub position: usize,
    pub message: String,
    pub reason: ParseReason,
}

/// What the parser was looking for where it stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Wanted {
    /// A unit, or a build/remove/waive keyword (the start of an order).
    UnitOrOrder,
    /// The province of a unit after its type.
    Province,
    UnitToBuild,
    UnitToRemove,
    /// A supported or convoyed unit, or a province.
    UnitOrProvince,
    Destination,
    SupportedDestination,
    ConvoyDestination,
    RetreatDestination,
    /// `-` or an order keyword after the unit.
    OrderAfterUnit,
    /// `-` and the destination of the convoyed army.
    ConvoyedArmyMove,
    /// A coast after `/`.
    CoastAfterSlash,
    /// The word `convoy` after this word (`via`).
    ConvoyAfter(String),
}

impl Wanted {
    /// The English words for it (`expected a province`).
    pub fn english(&self) -> String {
        match self {
            Wanted::UnitOrOrder => "a unit or an order".into(),
            Wanted::Province => "a province".into(),
            Wanted::UnitToBuild => "a unit to build".into(),
            Wanted::UnitToRemove => "the unit to remove".into(),
            Wanted::UnitOrProvince => "a unit or a province".into(),
            Wanted::Destination => "the destination".into(),
            Wanted::SupportedDestination => "the destination of the supported move".into(),
            Wanted::ConvoyDestination => "the destination of the convoy".into(),
            Wanted::RetreatDestination => "where to retreat".into(),
            Wanted::OrderAfterUnit => "'-' or an order keyword after the unit".into(),
            Wanted::ConvoyedArmyMove => "'-' and the destination of the convoyed army".into(),
            Wanted::CoastAfterSlash => "a coast after '/'".into(),
            Wanted::ConvoyAfter(w) => format!("'convoy' after '{w}'"),
        }
    }

    /// Every kind, with a sample word where it takes one (for tests of translations).
    pub fn all() -> Vec<Wanted> {
        vec![
            Wanted::UnitOrOrder,
            Wanted::Province,
            Wanted::UnitToBuild,
            Wanted::UnitToRemove,
            Wanted::UnitOrProvince,
            Wanted::Destination,
            Wanted::SupportedDestination,
            Wanted::ConvoyDestination,
            Wanted::RetreatDestination,
            Wanted::OrderAfterUnit,
            Wanted::ConvoyedArmyMove,
            Wanted::CoastAfterSlash,
            Wanted::ConvoyAfter("via".into()),
        ]
    }
}

/// Why a text is not an order, typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseReason {
    Empty,
    /// Something else than what was wanted was found.
    Expected {
        wanted: Wanted,
        found: String,
    },
    /// The text ended where more was wanted.
    CutShort {
        wanted: Wanted,
        last: String,
    },
    /// A whole order, then more text.
    Unexpected {
        found: String,
    },
    /// A name that is no province, with the nearest names.
    UnknownProvince {
        name: String,
        nearest: Vec<String>,
    },
    NotAnOrder,
}

impl ParseReason {
    /// The reason in English, as [`ParseError::message`] has it.
    pub fn english(&self) -> String {
        match self {
            ParseReason::Empty => "empty order".into(),
            ParseReason::Expected { wanted, found } => {
                format!("expected {}, found '{found}'", wanted.english())
            }
            ParseReason::CutShort { wanted, last } => format!(
                "the order is cut short after '{last}' (expected {})",
                wanted.english()
            ),
            ParseReason::Unexpected { found } => format!("unexpected '{found}' after the order"),
            ParseReason::UnknownProvince { name, nearest } => {
                format!("unknown province '{name}'{}", did_you_mean(nearest))
            }
            ParseReason::NotAnOrder => "not an order".into(),
        }
    }
}

impl ParseError {
    fn new(position: usize, reason: ParseReason) -> ParseError {
        ParseError {
            position,
            message: reason.english(),
            reason,
        }
    }
}

/// Reads one order. See the module documentation for what is accepted.
///
/// Plain orders (`A Vie - Tri`, `F StP/sc S A Mos - Sev`, `Build F Kie`...) are read by an
/// allocation-free scanner (the private module `fast`) that gives exactly what the general
/// parser below would; anything else — and every error — goes through the general parser.
pub fn parse_order(map: &Map, text: &str) -> Result<Order, ParseError> {
    if let Some(o) = crate::fast::parse_fast(map, text) {
        return Ok(o);
    }
    parse_order_general(map, text)
}

/// The general parser alone, without the fast path (for tests and benchmarks).
#[doc(hidden)]
pub fn parse_order_general(map: &Map, text: &str) -> Result<Order, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let toks = tokenize(&chars);
    if toks.is_empty() {
        return Err(ParseError::new(1, ParseReason::Empty));
    }
    let mut p = Parser {
        map,
        chars,
        toks,
        best: None,
        unknown: None,
    };
    p.parse()
}

/// What a support or convoy names: where an unknown name may also be a nationality.
const TARGET: Wanted = Wanted::UnitOrProvince;

/// Longest province name, in words ("atlantský oceán střed" has 3; leave room).
const MAX_NAME_WORDS: usize = 6;
const MAX_POWER_WORDS: usize = 3;

// ---------------------------------------------------------------------------------------------
// Tokens

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Word,
    /// `-`: an arrow, or the hyphen inside a name ("Mid-Atlantic").
    Dash,
    /// `->`, `>`, `--`, `–`, `—`, `→`.
    Arrow,
    Open,
    Close,
    Slash,
    Other,
}

#[derive(Clone, Debug)]
struct Tok {
    kind: Kind,
    /// Normalized text of a word (see `normalize_name`); the raw text otherwise.
    norm: String,
    /// Character offsets into the text.
    start: usize,
    end: usize,
    /// For a word: what it is to the keyword lists (looked up once, in the table the fast
    /// path also reads).
    kw: WordInfo,
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || ('\u{300}'..='\u{36f}').contains(&c)
}

fn tokenize(chars: &[char]) -> Vec<Tok> {
    let mut toks = Vec::new();
    let mut i = 0;
    let at = |k: usize| chars.get(k).copied();
    while let Some(c) = at(i) {
        let start = i;
        let kind;
        if c.is_whitespace() || c == '.' || c == '_' {
            i += 1;
            continue;
        } else if is_word_char(c) {
            i += 1;
            while let Some(d) = at(i) {
                let apostrophe = matches!(d, '\'' | '’' | '`')
                    && at(i + 1).is_some_and(is_word_char)
                    && i > start;
                if is_word_char(d) || apostrophe {
                    i += 1;
                } else {
                    break;
                }
            }
            kind = Kind::Word;
        } else if c == '-' || c == '‐' || c == '‑' || c == '−' {
            i += 1;
            let mut run = 1;
            while at(i) == Some('-') {
                i += 1;
                run += 1;
            }
            if at(i) == Some('>') {
                i += 1;
                kind = Kind::Arrow;
            } else if run > 1 {
                kind = Kind::Arrow;
            } else {
                kind = Kind::Dash;
            }
        } else if matches!(c, '>' | '–' | '—' | '→' | '⟶' | '➔') {
            i += 1;
            kind = Kind::Arrow;
        } else if c == '(' || c == '[' {
            i += 1;
            kind = Kind::Open;
        } else if c == ')' || c == ']' {
            i += 1;
            kind = Kind::Close;
        } else if c == '/' {
            i += 1;
            kind = Kind::Slash;
        } else {
            i += 1;
            kind = Kind::Other;
        }
        let raw: String = chars.get(start..i).unwrap_or_default().iter().collect();
        let (norm, kw) = if kind == Kind::Word {
            let norm = normalize_name(&raw);
            let kw = keywords::word_info(&norm);
            (norm, kw)
        } else {
            (raw, WordInfo::default())
        };
        toks.push(Tok {
            kind,
            norm,
            start,
            end: i,
            kw,
        });
    }
    toks
}

// ---------------------------------------------------------------------------------------------
// The parser

struct Parser<'a> {
    map: &'a Map,
    chars: Vec<char>,
    toks: Vec<Tok>,
    /// The furthest error seen so far (character offset from 0, message).
    best: Option<(usize, ParseReason)>,
    /// When the furthest error is an unknown name: the name, and whether a nationality may
    /// stand there (for "did you mean").
    unknown: Option<(String, bool)>,
}

impl Parser<'_> {
    fn tok(&self, i: usize) -> Option<&Tok> {
        self.toks.get(i)
    }

    fn kind(&self, i: usize) -> Option<Kind> {
        self.tok(i).map(|t| t.kind)
    }

    fn word(&self, i: usize) -> Option<&str> {
        self.tok(i)
            .filter(|t| t.kind == Kind::Word)
            .map(|t| t.norm.as_str())
    }

    /// The text as written between two token indices (inclusive).
    fn raw(&self, first: usize, last: usize) -> String {
        let (Some(a), Some(b)) = (self.tok(first), self.tok(last)) else {
            return String::new();
        };
        self.chars
            .get(a.start..b.end.max(a.start))
            .unwrap_or_default()
            .iter()
            .collect()
    }

    /// Keeps the error if it is the furthest yet; says whether it was kept.
    fn record(&mut self, position: usize, message: ParseReason) -> bool {
        if self.best.as_ref().map(|b| b.0) < Some(position) {
            self.best = Some((position, message));
            self.unknown = None;
            true
        } else {
            false
        }
    }

    /// Records "expected X" at token `i` (or "cut short" when the text ended).
    fn expected(&mut self, i: usize, what: Wanted) {
        match self.tok(i) {
            Some(t) => {
                let (pos, found) = (t.start, self.raw(i, i));
                self.record(
                    pos,
                    ParseReason::Expected {
                        wanted: what,
                        found,
                    },
                );
            }
            None => {
                let (pos, last) = match self.toks.len().checked_sub(1) {
                    Some(l) => (self.tok(l).map_or(0, |t| t.end), self.raw(l, l)),
                    None => (0, String::new()),
                };
                self.record(pos, ParseReason::CutShort { wanted: what, last });
            }
        }
    }

    /// A whole complete order ends at `k`: keep it, or note what is left over.
    fn finish(&mut self, o: Order, k: usize, out: &mut Vec<Order>) {
        if k >= self.toks.len() {
            out.push(o);
        } else if let Some(t) = self.tok(k) {
            let (pos, found) = (t.start, self.raw(k, k));
            self.record(pos, ParseReason::Unexpected { found });
        }
    }

    /// The end of a keyword phrase from `list` starting at `i` (longest match), allowing
    /// parentheses around it: `(S)`, `(via convoy)` is handled by [`Parser::via`].
    fn kw(&self, i: usize, list: List) -> Option<usize> {
        let bare = |i: usize| -> Option<usize> {
            let t = self.tok(i).filter(|t| t.kind == Kind::Word)?;
            list.longest(t.kw, i, |j, w| self.word(j) == Some(w))
        };
        if let Some(j) = bare(i) {
            return Some(j);
        }
        if self.kind(i) == Some(Kind::Open) {
            if let Some(j) = bare(i + 1) {
                if self.kind(j) == Some(Kind::Close) {
                    return Some(j + 1);
                }
            }
        }
        None
    }

    /// Is the word at `i` a word of some keyword?
    fn is_keyword(&self, i: usize) -> bool {
        self.tok(i)
            .is_some_and(|t| t.kind == Kind::Word && t.kw.is_keyword())
    }

    /// Word tokens forming a possible name from `i`: words separated by spaces or a `-`.
    fn word_run(&self, i: usize, max: usize) -> Vec<usize> {
        let mut run = Vec::new();
        if self.word(i).is_none() {
            return run;
        }
        run.push(i);
        let mut k = i;
        while run.len() < max {
            if self.word(k + 1).is_some() {
                k += 1;
            } else if self.kind(k + 1) == Some(Kind::Dash) && self.word(k + 2).is_some() {
                k += 2;
            } else {
                break;
            }
            run.push(k);
        }
        run
    }

    fn run_key(&self, run: &[usize]) -> String {
        run.iter()
            .filter_map(|&k| self.word(k))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Provinces named from `i`, longest name first, with the token index after the name.
    fn provinces(&self, i: usize) -> Vec<(ProvinceId, usize)> {
        let run = self.word_run(i, MAX_NAME_WORDS);
        let mut out = Vec::new();
        for n in (1..=run.len()).rev() {
            let words = run.get(..n).unwrap_or_default();
            if let (Some(p), Some(&last)) =
                (self.map.lookup_province(&self.run_key(words)), words.last())
            {
                out.push((p, last + 1));
            }
        }
        out
    }

    /// Powers named from `i` (name, adjective, localized; not the one-letter forms).
    fn powers(&self, i: usize) -> Vec<(PowerId, usize)> {
        let run = self.word_run(i, MAX_POWER_WORDS);
        let mut out = Vec::new();
        for n in (1..=run.len()).rev() {
            let words = run.get(..n).unwrap_or_default();
            let key = self.run_key(words);
            if key.chars().count() < 2 {
                continue;
            }
            if let (Some(p), Some(&last)) = (self.map.lookup_power(&key), words.last()) {
                out.push((p, last + 1));
            }
        }
        out
    }

    /// A coast spelled by the words `i..` (two words, then one): (code, token after).
    fn coast_words(&self, i: usize) -> Vec<(&'static str, usize)> {
        let mut out = Vec::new();
        for n in [2, 1] {
            let words: Option<Vec<&str>> = (i..i + n).map(|k| self.word(k)).collect();
            if let Some(code) = words.and_then(|w| coast_code(&w.join(" "))) {
                out.push((code, i + n));
            }
        }
        out
    }

    /// Locations from `i`: a province and an optional coast, every reading in priority order.
    fn locs(&mut self, i: usize, what: Wanted) -> Vec<(Loc, usize)> {
        let provs = self.provinces(i);
        if provs.is_empty() {
            self.unknown_place(i, what);
            return Vec::new();
        }
        let mut out: Vec<(Loc, usize)> = Vec::new();
        for (p, j) in provs {
            let plain = p.loc();
            let map = self.map;
            let coast = |code: &str| map.lookup_coast(p, code);
            match self.kind(j) {
                Some(Kind::Slash) => {
                    // "/nc": always a coast; a coast the province lacks is ignored.
                    let found = self.coast_words(j + 1);
                    if let Some(&(code, k)) = found.first() {
                        out.push((coast(code).unwrap_or(plain), k));
                    } else if self.word(j + 1).is_some() {
                        out.push((plain, j + 2));
                    } else {
                        self.expected(j + 1, Wanted::CoastAfterSlash);
                    }
                }
                Some(Kind::Open) => {
                    // "(nc)", "(north coast)"; "(S)" may also be a keyword, "(xyz)" garbage.
                    let close = (j + 2..=j + 4).find(|&k| self.kind(k) == Some(Kind::Close));
                    let inner_words =
                        close.is_some_and(|k| (j + 1..k).all(|m| self.word(m).is_some()));
                    match close.filter(|_| inner_words) {
                        Some(k) => {
                            let key = self.run_key(&(j + 1..k).collect::<Vec<_>>());
                            match coast_code(&key).and_then(coast) {
                                Some(l) => out.extend([(l, k + 1), (plain, j)]),
                                None => out.extend([(plain, j), (plain, k + 1)]),
                            }
                        }
                        None => out.push((plain, j)),
                    }
                }
                _ => {
                    // A bare coast word after a split-coast province: "StP sc", "Spa north coast".
                    let mut bare = Vec::new();
                    for (code, k) in self.coast_words(j) {
                        if let Some(l) = coast(code) {
                            bare.push((l, k));
                        }
                    }
                    let single_letter = bare.first().is_some_and(|&(_, k)| {
                        k == j + 1 && self.word(j).is_some_and(|w| w.chars().count() == 1)
                    });
                    if single_letter {
                        out.push((plain, j));
                        out.extend(bare);
                    } else {
                        out.extend(bare);
                        out.push((plain, j));
                    }
                }
            }
        }
        let mut seen = Vec::new();
        out.retain(|x| {
            let new = !seen.contains(x);
            seen.push(*x);
            new
        });
        out
    }

    /// Records why no province starts at `i`.
    fn unknown_place(&mut self, i: usize, what: Wanted) {
        if self.word(i).is_none() || self.is_keyword(i) {
            self.expected(i, what);
            return;
        }
        let mut last = i;
        while let Some(w) = self.word(last + 1) {
            if self.is_keyword(last + 1)
                || self.map.lookup_province(w).is_some()
                || last + 1 - i >= MAX_NAME_WORDS
            {
                break;
            }
            last += 1;
        }
        let pos = self.tok(i).map_or(0, |t| t.start);
        let name = self.raw(i, last);
        let target = what == TARGET;
        if self.record(
            pos,
            ParseReason::UnknownProvince {
                name: name.clone(),
                nearest: Vec::new(),
            },
        ) {
            self.unknown = Some((name, target));
        }
    }

    fn unit_type(&self, i: usize) -> Option<(UnitType, usize)> {
        if let Some(j) = self.kw(i, List::Army) {
            return Some((UnitType::Army, j));
        }
        self.kw(i, List::Fleet).map(|j| (UnitType::Fleet, j))
    }

    /// `[type] location`.
    fn typed_locs(&mut self, i: usize, what: Wanted) -> Vec<(Option<UnitType>, Loc, usize)> {
        match self.unit_type(i) {
            Some((t, j)) => self
                .locs(j, Wanted::Province)
                .into_iter()
                .map(|(l, k)| (Some(t), l, k))
                .collect(),
            None => self
                .locs(i, what)
                .into_iter()
                .map(|(l, k)| (None, l, k))
                .collect(),
        }
    }

    fn units(&mut self, i: usize, what: Wanted) -> Vec<(UnitRef, usize)> {
        self.typed_locs(i, what)
            .into_iter()
            .map(|(ty, loc, k)| (UnitRef { ty, loc }, k))
            .collect()
    }

    /// `[nationality] [type] location`: the unit a support or convoy is about.
    fn targets(&mut self, i: usize) -> Vec<(Target, usize)> {
        let mut out: Vec<(Target, usize)> = self
            .typed_locs(i, TARGET)
            .into_iter()
            .map(|(ty, loc, k)| {
                (
                    Target {
                        power: None,
                        ty,
                        loc,
                    },
                    k,
                )
            })
            .collect();
        for (pw, j) in self.powers(i) {
            for (ty, loc, k) in self.typed_locs(j, TARGET) {
                out.push((
                    Target {
                        power: Some(pw),
                        ty,
                        loc,
                    },
                    k,
                ));
            }
        }
        out
    }

    /// `-`, `->`, `to`, `moves to`...: the end of the arrow, if there is one.
    fn move_phrase(&self, i: usize) -> Option<usize> {
        let mut j = i;
        loop {
            if matches!(self.kind(j), Some(Kind::Dash | Kind::Arrow)) {
                j += 1;
            } else if let Some(k) = self.kw(j, List::Move) {
                j = k;
            } else {
                break;
            }
        }
        (j > i).then_some(j)
    }

    /// `via convoy`, `by convoy`, `(via convoy)`, `convoyed`.
    fn via(&self, i: usize) -> Option<usize> {
        let inner = |i: usize| -> Option<usize> {
            if let Some(j) = self.kw(i, List::Via) {
                return self.kw(j, List::ConvoyNoun);
            }
            self.kw(i, List::Convoyed)
        };
        if let Some(j) = inner(i) {
            return Some(j);
        }
        if self.kind(i) == Some(Kind::Open) {
            if let Some(j) = inner(i + 1) {
                if self.kind(j) == Some(Kind::Close) {
                    return Some(j + 1);
                }
            }
        }
        None
    }

    fn parse(&mut self) -> Result<Order, ParseError> {
        let mut out = Vec::new();
        // Prefix forms: "Waive", "Build A Par", "Remove A Mun".
        if let Some(j) = self.kw(0, List::Waive) {
            let k = self.kw(j, List::Build).unwrap_or(j);
            self.finish(Order::Waive, k, &mut out);
        }
        if let Some(j) = self.kw(0, List::Build) {
            if let Some(k) = self.kw(j, List::Waive) {
                self.finish(Order::Waive, k, &mut out);
            }
            for (u, k) in self.units(j, Wanted::UnitToBuild) {
                self.finish(
                    Order::Build {
                        ty: u.ty,
                        loc: u.loc,
                    },
                    k,
                    &mut out,
                );
            }
        }
        if let Some(j) = self.kw(0, List::RemovePrefix) {
            for (u, k) in self.units(j, Wanted::UnitToRemove) {
                self.finish(Order::Remove(u), k, &mut out);
            }
        }
        // "unit order".
        for (u, j) in self.units(0, Wanted::UnitOrOrder) {
            self.after_unit(u, j, &mut out);
        }
        if let Some(o) = out.first() {
            return Ok(*o);
        }
        let (offset, mut reason) = self.best.take().unwrap_or((0, ParseReason::NotAnOrder));
        if let Some((name, powers)) = self.unknown.take() {
            if let ParseReason::UnknownProvince { nearest, .. } = &mut reason {
                // Within the thread's budget, if one was set (`with_suggestion_limit`).
                if may_suggest() {
                    *nearest = nearest_names(self.map, &name, powers);
                }
            }
        }
        Err(ParseError::new(offset + 1, reason))
    }

    fn after_unit(&mut self, u: UnitRef, j: usize, out: &mut Vec<Order>) {
        let mut any = false;
        if let Some(k) = self.kw(j, List::Hold) {
            any = true;
            self.finish(Order::Hold(u), k, out);
        }
        if let Some(k) = self.move_phrase(j) {
            any = true;
            for (to, m) in self.locs(k, Wanted::Destination) {
                self.finish(
                    Order::Move {
                        unit: u,
                        to,
                        via_convoy: false,
                    },
                    m,
                    out,
                );
                if let Some(v) = self.via(m) {
                    self.finish(
                        Order::Move {
                            unit: u,
                            to,
                            via_convoy: true,
                        },
                        v,
                        out,
                    );
                } else if self.word(m) == Some("via") && m + 1 >= self.toks.len() {
                    // A bare "via" ending the order: the Python package's `A LON - BEL VIA`.
                    self.finish(
                        Order::Move {
                            unit: u,
                            to,
                            via_convoy: true,
                        },
                        m + 1,
                        out,
                    );
                } else if let Some(v) = self.kw(m, List::Via) {
                    let word = self.raw(m, v.saturating_sub(1));
                    self.expected(v, Wanted::ConvoyAfter(word.to_string()));
                }
            }
        }
        if let Some(k) = self.kw(j, List::Support) {
            any = true;
            for (target, m) in self.targets(k) {
                self.finish(Order::SupportHold { unit: u, target }, m, out);
                if let Some(h) = self
                    .kw(m, List::Hold)
                    .or_else(|| self.kw(m, List::HoldTail))
                {
                    self.finish(Order::SupportHold { unit: u, target }, h, out);
                }
                if let Some(a) = self.move_phrase(m) {
                    for (to, e) in self.locs(a, Wanted::SupportedDestination) {
                        self.finish(
                            Order::SupportMove {
                                unit: u,
                                target,
                                to,
                            },
                            e,
                            out,
                        );
                    }
                }
            }
        }
        if let Some(k) = self.kw(j, List::Convoy) {
            any = true;
            for (target, m) in self.targets(k) {
                match self.move_phrase(m) {
                    Some(a) => {
                        for (to, e) in self.locs(a, Wanted::ConvoyDestination) {
                            self.finish(
                                Order::Convoy {
                                    unit: u,
                                    target,
                                    to,
                                },
                                e,
                                out,
                            );
                        }
                    }
                    None => self.expected(m, Wanted::ConvoyedArmyMove),
                }
            }
        }
        if let Some(k) = self.kw(j, List::Retreat) {
            any = true;
            let k = self.move_phrase(k).unwrap_or(k);
            for (to, m) in self.locs(k, Wanted::RetreatDestination) {
                self.finish(Order::Retreat { unit: u, to }, m, out);
            }
        }
        if let Some(k) = self.kw(j, List::Disband) {
            any = true;
            self.finish(Order::Disband(u), k, out);
        }
        if let Some(k) = self.kw(j, List::Build) {
            any = true;
            self.finish(
                Order::Build {
                    ty: u.ty,
                    loc: u.loc,
                },
                k,
                out,
            );
        }
        if let Some(k) = self.kw(j, List::RemovePostfix) {
            any = true;
            self.finish(Order::Remove(u), k, out);
        }
        if !any {
            self.expected(j, Wanted::OrderAfterUnit);
        }
    }
}
