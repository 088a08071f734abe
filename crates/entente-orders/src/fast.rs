//! The fast path of the order parser: a single pass over plain ASCII text that allocates nothing.
//!
//! # How it works
//!
//! [`parse_fast`] cuts the text into at most [`MAX_TOKS`] tokens on the stack and looks every
//! word up once (both tables ignore ASCII case): in the map's one-word index
//! ([`Map::name_word`]: province, power, "a longer name starts here") and in a table of the
//! keyword lists of [`crate::parse`] (which lists the word is in, alone or as the first word of
//! a phrase; which coast it spells). It then runs the general parser's own search — the same
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

use crate::model::{Order, Target, UnitRef};
use crate::parse::kw;
use entente_map::{Loc, Map, ProvinceId, UnitType};
use std::sync::OnceLock;

/// The most tokens the fast path reads (`F Spa(sc) S A Mar - Gas` has 10).
const MAX_TOKS: usize = 16;

/// Indices of the keyword lists, in the order of [`kw::ALL`].
mod list {
    pub const ARMY: usize = 0;
    pub const FLEET: usize = 1;
    pub const HOLD: usize = 2;
    pub const HOLD_TAIL: usize = 3;
    pub const SUPPORT: usize = 4;
    pub const CONVOY: usize = 5;
    pub const MOVE: usize = 6;
    pub const VIA: usize = 7;
    pub const CONVOY_NOUN: usize = 8;
    pub const CONVOYED: usize = 9;
    pub const RETREAT: usize = 10;
    pub const DISBAND: usize = 11;
    pub const BUILD: usize = 12;
    pub const REMOVE_PREFIX: usize = 13;
    pub const REMOVE_POSTFIX: usize = 14;
    pub const WAIVE: usize = 15;
}

/// What a word is to the keyword lists.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct KwInfo {
    /// Bit `l`: the word alone is an entry of list `l`.
    single: u16,
    /// Bit `l`: the word is the first word of an entry of several words of list `l`.
    multi: u16,
    /// The coast the word alone spells: an index into [`kw::COASTS`], plus one (0: none).
    coast: u8,
    /// The word is the first word of a coast spelling of several words.
    coast_multi: bool,
}

/// The keyword table: every ASCII word of the keyword lists and coast spellings (the fast path
/// reads nothing else), packed like the map's word index: up to 15 bytes with the length in a
/// `u128`, found by open addressing; longer ones (none today) in a list.
struct KwTable {
    /// A power of two long, at most half full; key 0 marks an empty slot.
    short: Vec<(u128, KwInfo)>,
    long: Vec<(&'static str, KwInfo)>,
}

fn pack(word: &[u8]) -> Option<u128> {
    if word.is_empty() || word.len() > 15 {
        return None;
    }
    // Byte `i`, lower-cased, at bits `8 i`; the length in the top byte.
    let (a, b) = word.split_at(word.len().min(8));
    let le = |k: u64, &c: &u8| k << 8 | u64::from(c.to_ascii_lowercase());
    let lo = a.iter().rev().fold(0, le);
    let hi = b.iter().rev().fold(0, le) | (word.len() as u64) << 56;
    Some(u128::from(hi) << 64 | u128::from(lo))
}

fn slot(key: u128, mask: usize) -> usize {
    let h = (key as u64 ^ ((key >> 64) as u64).rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (h >> 32) as usize & mask
}

impl KwTable {
    fn build() -> KwTable {
        /// The entry of `w` in `words` (made when new); none for a word that is not ASCII.
        fn entry<'w>(
            words: &'w mut Vec<(&'static str, KwInfo)>,
            w: &'static str,
        ) -> Option<&'w mut KwInfo> {
            if !w.is_ascii() {
                return None;
            }
            let i = match words.iter().position(|e| e.0 == w) {
                Some(i) => i,
                None => {
                    words.push((w, KwInfo::default()));
                    words.len() - 1
                }
            };
            words.get_mut(i).map(|e| &mut e.1)
        }
        let mut words: Vec<(&'static str, KwInfo)> = Vec::new();
        for (l, entries) in kw::ALL.iter().enumerate() {
            for e in entries.iter() {
                match e.split_once(' ') {
                    Some((first, _)) => entry(&mut words, first)
                        .into_iter()
                        .for_each(|k| k.multi |= 1 << l),
                    None => entry(&mut words, e)
                        .into_iter()
                        .for_each(|k| k.single |= 1 << l),
                }
            }
        }
        for (c, (_, spellings)) in kw::COASTS.iter().enumerate() {
            for s in spellings.iter() {
                match s.split_once(' ') {
                    Some((first, _)) => entry(&mut words, first)
                        .into_iter()
                        .for_each(|k| k.coast_multi = true),
                    // `coast_code` takes the first list that has the spelling.
                    None => entry(&mut words, s)
                        .into_iter()
                        .filter(|k| k.coast == 0)
                        .for_each(|k| k.coast = c as u8 + 1),
                }
            }
        }
        let size = (words.len() * 2).next_power_of_two().max(16);
        let mut t = KwTable {
            short: vec![(0, KwInfo::default()); size],
            long: Vec::new(),
        };
        for (w, info) in words {
            match pack(w.as_bytes()) {
                Some(key) => {
                    let mut i = slot(key, size - 1);
                    while t.short.get(i).is_some_and(|e| e.0 != 0) {
                        i = (i + 1) & (size - 1);
                    }
                    if let Some(e) = t.short.get_mut(i) {
                        *e = (key, info);
                    }
                }
                None => t.long.push((w, info)),
            }
        }
        t
    }

    /// What the ASCII word `w` (in any case) is to the keyword lists.
    fn get(&self, w: &[u8]) -> KwInfo {
        let Some(key) = pack(w) else {
            return self
                .long
                .iter()
                .find(|e| e.0.as_bytes().eq_ignore_ascii_case(w))
                .map_or_else(KwInfo::default, |e| e.1);
        };
        let mask = self.short.len().wrapping_sub(1);
        let mut i = slot(key, mask);
        // At most half full: an empty slot always ends the probe.
        while let Some(&(k, info)) = self.short.get(i) {
            if k == key {
                return info;
            }
            if k == 0 {
                break;
            }
            i = (i + 1) & mask;
        }
        KwInfo::default()
    }
}

fn kw_table() -> &'static KwTable {
    static TABLE: OnceLock<KwTable> = OnceLock::new();
    TABLE.get_or_init(KwTable::build)
}

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
    kw: KwInfo,
}

/// All zeros, so that the token array starts as a plain memset.
const NO_TOK: Tok = Tok {
    kind: Kind::End,
    start: 0,
    end: 0,
    province: None,
    starts_province_name: false,
    nationality: false,
    kw: KwInfo {
        single: 0,
        multi: 0,
        coast: 0,
        coast_multi: false,
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
        let kws = kw_table();
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
                tok.kw = kws.get(word.as_bytes());
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

    /// `Parser::kw`: the end of the longest entry of list `l` from `i`, maybe in parentheses.
    #[inline]
    fn kw<const L: usize>(&self, i: usize) -> Option<usize> {
        let bare = |i: usize| -> Option<usize> {
            let info = self.word(i)?.kw;
            let bit = 1u16 << L;
            let mut best = (info.single & bit != 0).then_some(i + 1);
            if info.multi & bit != 0 {
                for entry in kw::ALL.get(L).copied().unwrap_or_default() {
                    if !entry.contains(' ') {
                        continue;
                    }
                    let mut j = i;
                    let mut ok = true;
                    for w in entry.split(' ') {
                        if self.word_is(j, w) {
                            j += 1;
                        } else {
                            ok = false;
                            break;
                        }
                    }
                    if ok && best < Some(j) {
                        best = Some(j);
                    }
                }
            }
            best
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

    /// The index into [`kw::COASTS`] of the coast spelled by the words `first..end`.
    fn coast_code(&self, first: usize, end: usize) -> Option<usize> {
        if end == first + 1 {
            let c = self.word(first)?.kw.coast;
            return (c > 0).then(|| usize::from(c) - 1);
        }
        if !self.word(first)?.kw.coast_multi {
            return None;
        }
        kw::COASTS.iter().position(|(_, spellings)| {
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
            .is_some_and(|t| t.kw.coast != 0 || t.kw.coast_multi)
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

    /// `Map::lookup_coast(p, code)` for a code of [`kw::COASTS`], without allocating.
    fn coast(&self, p: ProvinceId, c: usize) -> Option<Loc> {
        let (code, _) = kw::COASTS.get(c)?;
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
        if let Some(j) = self.kw::<{ list::ARMY }>(i) {
            return Some((UnitType::Army, j));
        }
        self.kw::<{ list::FLEET }>(i).map(|j| (UnitType::Fleet, j))
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
            } else if let Some(k) = self.kw::<{ list::MOVE }>(j) {
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
            if let Some(j) = self.kw::<{ list::VIA }>(i) {
                return self.kw::<{ list::CONVOY_NOUN }>(j);
            }
            self.kw::<{ list::CONVOYED }>(i)
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
        if let Some(j) = self.kw::<{ list::WAIVE }>(0) {
            let k = self.kw::<{ list::BUILD }>(j).unwrap_or(j);
            if self.complete(k) {
                return Ok(Some(Order::Waive));
            }
        }
        if let Some(j) = self.kw::<{ list::BUILD }>(0) {
            if let Some(k) = self.kw::<{ list::WAIVE }>(j) {
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
        if let Some(j) = self.kw::<{ list::REMOVE_PREFIX }>(0) {
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
        if let Some(k) = self.kw::<{ list::HOLD }>(j) {
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
            }
        }
        if let Some(k) = self.kw::<{ list::SUPPORT }>(j) {
            for (target, m) in self.targets(k)?.into_iter().flatten() {
                if self.complete(m) {
                    return Ok(Some(Order::SupportHold { unit, target }));
                }
                let h = self
                    .kw::<{ list::HOLD }>(m)
                    .or_else(|| self.kw::<{ list::HOLD_TAIL }>(m));
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
        if let Some(k) = self.kw::<{ list::CONVOY }>(j) {
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
        if let Some(k) = self.kw::<{ list::RETREAT }>(j) {
            let k = self.move_phrase(k).unwrap_or(k);
            for (to, m) in self.locs(k)?.into_iter().flatten() {
                if self.complete(m) {
                    return Ok(Some(Order::Retreat { unit, to }));
                }
            }
        }
        if self
            .kw::<{ list::DISBAND }>(j)
            .is_some_and(|k| self.complete(k))
        {
            return Ok(Some(Order::Disband(unit)));
        }
        if self
            .kw::<{ list::BUILD }>(j)
            .is_some_and(|k| self.complete(k))
        {
            return Ok(Some(Order::Build {
                ty: unit.ty,
                loc: unit.loc,
            }));
        }
        if self
            .kw::<{ list::REMOVE_POSTFIX }>(j)
            .is_some_and(|k| self.complete(k))
        {
            return Ok(Some(Order::Remove(unit)));
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_indices_follow_kw_all() {
        let lists = [
            (list::ARMY, kw::ARMY),
            (list::FLEET, kw::FLEET),
            (list::HOLD, kw::HOLD),
            (list::HOLD_TAIL, kw::HOLD_TAIL),
            (list::SUPPORT, kw::SUPPORT),
            (list::CONVOY, kw::CONVOY),
            (list::MOVE, kw::MOVE),
            (list::VIA, kw::VIA),
            (list::CONVOY_NOUN, kw::CONVOY_NOUN),
            (list::CONVOYED, kw::CONVOYED),
            (list::RETREAT, kw::RETREAT),
            (list::DISBAND, kw::DISBAND),
            (list::BUILD, kw::BUILD),
            (list::REMOVE_PREFIX, kw::REMOVE_PREFIX),
            (list::REMOVE_POSTFIX, kw::REMOVE_POSTFIX),
            (list::WAIVE, kw::WAIVE),
        ];
        assert_eq!(lists.len(), kw::ALL.len());
        assert!(
            kw::ALL.len() <= 16,
            "KwInfo keeps one bit per list in a u16"
        );
        for (i, l) in lists {
            assert!(std::ptr::eq(kw::ALL[i], l), "list {i}");
        }
    }
}
