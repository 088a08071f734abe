//! The fast path of the order parser: a single pass over plain ASCII text that allocates nothing.
//!
//! # How it works
//!
//! [`parse_fast`] cuts the text into at most [`MAX_TOKS`] tokens on the stack and looks every
//! word up once (both tables ignore ASCII case): in the map's one-word index
//! ([`Map::name_word`]: province, power, "a longer name starts here") and in the keyword table
//! of [`crate::keywords`], which the general parser reads too (which lists the word is in,
//! alone or as the first word of a phrase; which coast it spells). It then runs the general parser's own search — the same
//! readings, in the same order, keeping the first complete one — but every step has at most
//! two candidates, because the cases that would need more are refused:
//!
//! - any byte that is not an ASCII letter, digit, space, tab, `.`, `_`, `-`, `>`, `(`, `)`, `[`,
//!   `]` or `/` (so no localized names, no apostrophes, no other punctuation);
//! - more than [`MAX_TOKS`] tokens;
//! - a province read at a word that begins a name of several words (`North`, `St`, `Gulf`...);
//! - a support or convoy target at a word that could be a nationality (`English`, `Eng`,
//!   `Russia`...: any power name of two letters or more, or the first word of a longer one).
//!
//! Refusing (`None`) sends the text to the general parser, which also produces every error:
//! the fast path never errs, so when it answers, it answers what the general parser would.

use crate::keywords::{self, List, WordInfo, COASTS};
use crate::model::{Order, Target, UnitRef};
use entente_map::{Loc, Map, ProvinceId, UnitType};

/// The most tokens the fast path reads (`F Spa(sc) S A Mar - Gas` has 10).
const MAX_TOKS: usize = 16;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// After the last token (the array is filled with these).
    End,
    Word,
    Dash,
    Arrow,
    Open,
    Close,
    Slash,
}

#[derive(Clone, Copy, Debug)]
struct Tok {
    kind: Kind,
    /// Byte offsets into the text (ASCII, so also character offsets).
    start: u16,
    end: u16,
    /// For a word: the province it names alone ([`Map::name_word`]).
    province: Option<ProvinceId>,
    /// A name of several words starts with this word.
    starts_province_name: bool,
    /// The word may begin a nationality: a power name of two letters or more, or the first
    /// word of a longer one (`Parser::powers` does not try one-letter names).
    nationality: bool,
    kw: WordInfo,
}

/// All zeros, so that the token array starts as a plain memset.
const NO_TOK: Tok = Tok {
    kind: Kind::End,
    start: 0,
    end: 0,
    province: None,
    starts_province_name: false,
    nationality: false,
    kw: WordInfo {
        single: 0,
        multi: 0,
        coast: 0,
        flags: 0,
    },
};

/// The fast path cannot decide: leave the text to the general parser.
struct Bail;
type R<T> = Result<T, Bail>;

/// At most two readings of something, in priority order.
type Two<T> = [Option<T>; 2];

struct Scan<'a> {
    map: &'a Map,
    src: &'a str,
    text: &'a [u8],
    toks: [Tok; MAX_TOKS],
    n: usize,
}

/// The first complete reading of `text` as the general parser would find it, or `None` when
/// the text is outside the fast path (see the module documentation) or is not an order.
pub(crate) fn parse_fast(map: &Map, text: &str) -> Option<Order> {
    let mut s = Scan {
        map,
        src: text,
        text: text.as_bytes(),
        toks: [NO_TOK; MAX_TOKS],
        n: 0,
    };
    s.tokenize().ok()?;
    if s.n == 0 {
        return None;
    }
    s.parse().ok().flatten()
}

impl Scan<'_> {
    fn tokenize(&mut self) -> R<()> {
        let b = self.text;
        let kws = keywords::words();
        let mut i = 0;
        while let Some(&c) = b.get(i) {
            let start = i;
            i += 1;
            let kind = match c {
                b' ' | b'\t' | b'\n' | b'\r' | b'.' | b'_' => continue,
                b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' => {
                    while b.get(i).is_some_and(u8::is_ascii_alphanumeric) {
                        i += 1;
                    }
                    Kind::Word
                }
                b'-' => {
                    let mut run = 1;
                    while b.get(i) == Some(&b'-') {
                        i += 1;
                        run += 1;
                    }
                    if b.get(i) == Some(&b'>') {
                        i += 1;
                        Kind::Arrow
                    } else if run > 1 {
                        Kind::Arrow
                    } else {
                        Kind::Dash
                    }
                }
                b'>' => Kind::Arrow,
                b'(' | b'[' => Kind::Open,
                b')' | b']' => Kind::Close,
                b'/' => Kind::Slash,
                _ => return Err(Bail),
            };
            let tok = self.toks.get_mut(self.n).ok_or(Bail)?;
            *tok = Tok {
                kind,
                start: u16::try_from(start).map_err(|_| Bail)?,
                end: u16::try_from(i).map_err(|_| Bail)?,
                ..NO_TOK
            };
            if kind == Kind::Word {
                // ASCII letters and digits: normalized but for the case, which both tables
                // ignore.
                let word = self.src.get(start..i).ok_or(Bail)?;
                let (province, starts_province_name, power, starts_power_name) =
                    self.map.name_word(word);
                tok.province = province;
                tok.starts_province_name = starts_province_name;
                tok.nationality = (power.is_some() && word.len() >= 2) || starts_power_name;
                tok.kw = kws.get(word).copied().unwrap_or_default();
            }
            self.n += 1;
        }
        Ok(())
    }

    /// The token at `i`; past the last one, `Kind::End` or nothing.
    fn tok(&self, i: usize) -> Option<&Tok> {
        self.toks.get(i)
    }

    fn kind(&self, i: usize) -> Option<Kind> {
        self.tok(i).map(|t| t.kind).filter(|&k| k != Kind::End)
    }

    fn word(&self, i: usize) -> Option<&Tok> {
        self.tok(i).filter(|t| t.kind == Kind::Word)
    }

    /// Is the word at `i` `w` (a normalized keyword word)?
    fn word_is(&self, i: usize, w: &str) -> bool {
        self.word(i).is_some_and(|t| {
            self.text
                .get(usize::from(t.start)..usize::from(t.end))
                .is_some_and(|b| b.eq_ignore_ascii_case(w.as_bytes()))
        })
    }

    fn complete(&self, k: usize) -> bool {
        k >= self.n
    }

    /// `Parser::kw`: the end of the longest entry of `list` from `i`, maybe in parentheses.
    #[inline(always)]
    fn kw(&self, i: usize, list: List) -> Option<usize> {
        if let Some(j) = self.kw_bare(i, list) {
            return Some(j);
        }
        if self.kind(i) == Some(Kind::Open) {
            if let Some(j) = self.kw_bare(i + 1, list) {
                if self.kind(j) == Some(Kind::Close) {
                    return Some(j + 1);
                }
            }
        }
        None
    }

    /// The end of the longest entry of `list` from `i`.
    #[inline(always)]
    fn kw_bare(&self, i: usize, list: List) -> Option<usize> {
        let info = self.word(i)?.kw;
        list.longest(info, i, |j, w| self.word_is(j, w))
    }

    /// `Parser::provinces`, when it has at most one reading: the province the word at `i`
    /// names. A word that begins a longer name would need the general parser's search.
    fn province(&self, i: usize) -> R<Option<ProvinceId>> {
        let Some(t) = self.word(i) else {
            return Ok(None);
        };
        if t.starts_province_name {
            return Err(Bail);
        }
        Ok(t.province)
    }

    /// The index into [`COASTS`] of the coast spelled by the words `first..end`.
    fn coast_code(&self, first: usize, end: usize) -> Option<usize> {
        if end == first + 1 {
            let c = self.word(first)?.kw.coast;
            return (c > 0).then(|| usize::from(c) - 1);
        }
        if !self.word(first)?.kw.starts_coast() {
            return None;
        }
        COASTS.iter().position(|(_, spellings)| {
            spellings.iter().any(|s| {
                s.split(' ').count() == end - first
                    && s.split(' ')
                        .zip(first..end)
                        .all(|(w, k)| self.word_is(k, w))
            })
        })
    }

    /// `Parser::coast_words`: coasts spelled from `i` (two words, then one), with the end.
    fn coast_words(&self, i: usize) -> Two<(usize, usize)> {
        if !self
            .word(i)
            .is_some_and(|t| t.kw.coast != 0 || t.kw.starts_coast())
        {
            return [None; 2];
        }
        let mut out = [None; 2];
        let mut n = 0;
        for len in [2, 1] {
            if (i..i + len).all(|k| self.word(k).is_some()) {
                if let Some(c) = self.coast_code(i, i + len) {
                    if let Some(slot) = out.get_mut(n) {
                        *slot = Some((c, i + len));
                        n += 1;
                    }
                }
            }
        }
        out
    }

    /// `Map::lookup_coast(p, code)` for a code of [`COASTS`], without allocating.
    fn coast(&self, p: ProvinceId, c: usize) -> Option<Loc> {
        let (code, _) = COASTS.get(c)?;
        self.map
            .province(p)
            .coasts
            .iter()
            .copied()
            .find(|&l| self.map.coast_of(l) == Some(*code))
    }

    /// `Parser::locs`: a province and an optional coast, every reading in priority order.
    fn locs(&self, i: usize) -> R<Two<(Loc, usize)>> {
        let Some(p) = self.province(i)? else {
            return Ok([None; 2]);
        };
        let plain = p.loc();
        let j = i + 1;
        let out = match self.kind(j) {
            Some(Kind::Slash) => match self.coast_words(j + 1) {
                [Some((c, k)), _] => [Some((self.coast(p, c).unwrap_or(plain), k)), None],
                _ if self.word(j + 1).is_some() => [Some((plain, j + 2)), None],
                _ => [None, None],
            },
            Some(Kind::Open) => {
                let close = (j + 2..=j + 4).find(|&k| self.kind(k) == Some(Kind::Close));
                let inner_words = close.is_some_and(|k| (j + 1..k).all(|m| self.word(m).is_some()));
                match close.filter(|_| inner_words) {
                    Some(k) => match self.coast_code(j + 1, k).and_then(|c| self.coast(p, c)) {
                        Some(l) => [Some((l, k + 1)), Some((plain, j))],
                        None => [Some((plain, j)), Some((plain, k + 1))],
                    },
                    None => [Some((plain, j)), None],
                }
            }
            _ => {
                let mut bare = [None; 2];
                let mut n = 0;
                for (c, k) in self.coast_words(j).into_iter().flatten() {
                    if let Some(l) = self.coast(p, c) {
                        if let Some(slot) = bare.get_mut(n) {
                            *slot = Some((l, k));
                            n += 1;
                        }
                    }
                }
                match bare {
                    [None, _] => [Some((plain, j)), None],
                    [Some(b), None] => {
                        let single_letter =
                            b.1 == j + 1 && self.word(j).is_some_and(|t| t.end - t.start == 1);
                        if single_letter {
                            [Some((plain, j)), Some(b)]
                        } else {
                            [Some(b), Some((plain, j))]
                        }
                    }
                    // Three readings: leave them to the general parser.
                    [Some(_), Some(_)] => return Err(Bail),
                }
            }
        };
        // The general parser drops repeated readings.
        Ok(match out {
            [a, b] if a == b => [a, None],
            other => other,
        })
    }

    fn unit_type(&self, i: usize) -> Option<(UnitType, usize)> {
        if let Some(j) = self.kw(i, List::Army) {
            return Some((UnitType::Army, j));
        }
        self.kw(i, List::Fleet).map(|j| (UnitType::Fleet, j))
    }

    /// `Parser::typed_locs`: `[type] location`.
    fn typed_locs(&self, i: usize) -> R<Two<(Option<UnitType>, Loc, usize)>> {
        let (ty, j) = match self.unit_type(i) {
            Some((t, j)) => (Some(t), j),
            None => (None, i),
        };
        Ok(self.locs(j)?.map(|r| r.map(|(l, k)| (ty, l, k))))
    }

    fn units(&self, i: usize) -> R<Two<(UnitRef, usize)>> {
        Ok(self
            .typed_locs(i)?
            .map(|r| r.map(|(ty, loc, k)| (UnitRef { ty, loc }, k))))
    }

    /// `Parser::targets` without nationalities: a word that could be one is refused.
    fn targets(&self, i: usize) -> R<Two<(Target, usize)>> {
        if self.word(i).is_some_and(|t| t.nationality) {
            return Err(Bail);
        }
        Ok(self.typed_locs(i)?.map(|r| {
            r.map(|(ty, loc, k)| {
                (
                    Target {
                        power: None,
                        ty,
                        loc,
                    },
                    k,
                )
            })
        }))
    }

    /// `Parser::move_phrase`.
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

    /// `Parser::via`.
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

    /// `Parser::parse`, stopping at the first complete reading.
    fn parse(&self) -> R<Option<Order>> {
        if let Some(j) = self.kw(0, List::Waive) {
            let k = self.kw(j, List::Build).unwrap_or(j);
            if self.complete(k) {
                return Ok(Some(Order::Waive));
            }
        }
        if let Some(j) = self.kw(0, List::Build) {
            if let Some(k) = self.kw(j, List::Waive) {
                if self.complete(k) {
                    return Ok(Some(Order::Waive));
                }
            }
            for (u, k) in self.units(j)?.into_iter().flatten() {
                if self.complete(k) {
                    return Ok(Some(Order::Build {
                        ty: u.ty,
                        loc: u.loc,
                    }));
                }
            }
        }
        if let Some(j) = self.kw(0, List::RemovePrefix) {
            for (u, k) in self.units(j)?.into_iter().flatten() {
                if self.complete(k) {
                    return Ok(Some(Order::Remove(u)));
                }
            }
        }
        for (u, j) in self.units(0)?.into_iter().flatten() {
            if let Some(o) = self.after_unit(u, j)? {
                return Ok(Some(o));
            }
        }
        Ok(None)
    }

    /// `Parser::after_unit`, stopping at the first complete reading.
    fn after_unit(&self, unit: UnitRef, j: usize) -> R<Option<Order>> {
        if let Some(k) = self.kw(j, List::Hold) {
            if self.complete(k) {
                return Ok(Some(Order::Hold(unit)));
            }
        }
        if let Some(k) = self.move_phrase(j) {
            for (to, m) in self.locs(k)?.into_iter().flatten() {
                let mv = |via_convoy| Order::Move {
                    unit,
                    to,
                    via_convoy,
                };
                if self.complete(m) {
                    return Ok(Some(mv(false)));
                }
                if self.via(m).is_some_and(|v| self.complete(v)) {
                    return Ok(Some(mv(true)));
                }
                if self.word_is(m, "via") && self.complete(m + 1) {
                    return Ok(Some(mv(true)));
                }
            }
        }
        if let Some(k) = self.kw(j, List::Support) {
            for (target, m) in self.targets(k)?.into_iter().flatten() {
                if self.complete(m) {
                    return Ok(Some(Order::SupportHold { unit, target }));
                }
                let h = self
                    .kw(m, List::Hold)
                    .or_else(|| self.kw(m, List::HoldTail));
                if h.is_some_and(|h| self.complete(h)) {
                    return Ok(Some(Order::SupportHold { unit, target }));
                }
                if let Some(a) = self.move_phrase(m) {
                    for (to, e) in self.locs(a)?.into_iter().flatten() {
                        if self.complete(e) {
                            return Ok(Some(Order::SupportMove { unit, target, to }));
                        }
                    }
                }
            }
        }
        if let Some(k) = self.kw(j, List::Convoy) {
            for (target, m) in self.targets(k)?.into_iter().flatten() {
                if let Some(a) = self.move_phrase(m) {
                    for (to, e) in self.locs(a)?.into_iter().flatten() {
                        if self.complete(e) {
                            return Ok(Some(Order::Convoy { unit, target, to }));
                        }
                    }
                }
            }
        }
        if let Some(k) = self.kw(j, List::Retreat) {
            let k = self.move_phrase(k).unwrap_or(k);
            for (to, m) in self.locs(k)?.into_iter().flatten() {
                if self.complete(m) {
                    return Ok(Some(Order::Retreat { unit, to }));
                }
            }
        }
        if self.kw(j, List::Disband).is_some_and(|k| self.complete(k)) {
            return Ok(Some(Order::Disband(unit)));
        }
        if self.kw(j, List::Build).is_some_and(|k| self.complete(k)) {
            return Ok(Some(Order::Build {
                ty: unit.ty,
                loc: unit.loc,
            }));
        }
        if self
            .kw(j, List::RemovePostfix)
            .is_some_and(|k| self.complete(k))
        {
            return Ok(Some(Order::Remove(unit)));
        }
        Ok(None)
    }
}
