//! The compiled map: dense ids, adjacency bitsets, name tables. Built once per variant.

use crate::error::{VariantError, VariantWarning};
use crate::file::{ProvinceEntry, VariantFile};
use crate::names::normalize_name;
use crate::{Loc, LocSet, PowerId, ProvinceId, UnitType};
use std::collections::HashMap;
use toml::Spanned;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ProvinceKind {
    /// Armies only.
    Land,
    /// Fleets only.
    Sea,
    /// Both: land touching at least one sea.
    Coast,
}

#[derive(Clone, Debug)]
pub struct Province {
    pub abbr: String,
    pub name: String,
    pub kind: ProvinceKind,
    pub centre: bool,
    pub aliases: Vec<String>,
    pub names: Vec<(String, Vec<String>)>,
    /// Coast locations of a split-coast province (empty otherwise).
    pub coasts: Vec<Loc>,
    /// A fleet here may convoy (every sea; a coast only when the file says so).
    pub convoys: bool,
}

#[derive(Clone, Debug)]
pub struct LocInfo {
    pub province: ProvinceId,
    /// `Some("nc")` for a coast location.
    pub coast: Option<String>,
}

#[derive(Clone, Debug)]
pub struct Power {
    pub name: String,
    pub letter: char,
    pub adjective: String,
    pub colour: String,
    pub names: Vec<(String, Vec<String>)>,
    pub home_centres: Vec<ProvinceId>,
    pub start_units: Vec<(UnitType, Loc)>,
}

/// A variant compiled for play. All lookups inside the judge go through ids.
#[derive(Clone, Debug)]
pub struct Map {
    pub name: String,
    pub start_year: i32,
    pub victory_centres: u32,
    pub year_style_ad: bool,
    pub description: Option<String>,
    /// Where the variant's facts come from (citations).
    pub sources: Vec<String>,
    provinces: Vec<Province>,
    locs: Vec<LocInfo>,
    powers: Vec<Power>,
    /// Per province: provinces an army can move to.
    army_adj: Vec<LocSet>,
    /// Per location: locations a fleet can move to.
    fleet_adj: Vec<LocSet>,
    /// Per location: provinces a fleet there can reach (any coast) — what support needs.
    fleet_reach: Vec<LocSet>,
    /// Per province: provinces a fleet on any of its coasts can reach (convoy adjacency).
    province_fleet_reach: Vec<LocSet>,
    centres: LocSet,
    home_of: Vec<Option<PowerId>>,
    names: HashMap<String, ProvinceId>,
    power_names: HashMap<String, PowerId>,
    /// One-word index of `names` and `power_names` for [`Map::name_word`], built on first use.
    word_index: std::sync::OnceLock<WordIndex>,
    /// Shortest distances between provinces, built on first use ([`Map::distances`]).
    distances: std::sync::OnceLock<crate::Distances>,
}

/// What one normalized word names: (province, a longer province name starts with it, power,
/// a longer power name starts with it).
type NameWord = (Option<ProvinceId>, bool, Option<PowerId>, bool);

/// The one-word name index. A word of 1 to 15 bytes (nearly all) is packed with its length into
/// a `u128`, lower-casing ASCII letters on the way, and found by open addressing, comparing no
/// strings; longer ones are in a short list.
#[derive(Clone)]
struct WordIndex {
    /// A power of two long, at most half full; key 0 marks an empty slot.
    short: Vec<(u128, NameWord)>,
    long: Vec<(Box<str>, NameWord)>,
}

impl std::fmt::Debug for WordIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let short = self.short.iter().filter(|e| e.0 != 0).count();
        write!(f, "WordIndex({} words)", short + self.long.len())
    }
}

impl WordIndex {
    fn pack(word: &[u8]) -> Option<u128> {
        if word.is_empty() || word.len() > 15 {
            return None;
        }
        // Byte `i` at bits `8 i` (little-endian order), the length in the top byte.
        let (a, b) = word.split_at(word.len().min(8));
        let le = |k: u64, &c: &u8| k << 8 | u64::from(c.to_ascii_lowercase());
        let lo = a.iter().rev().fold(0, le);
        let hi = b.iter().rev().fold(0, le) | (word.len() as u64) << 56;
        Some(u128::from(hi) << 64 | u128::from(lo))
    }

    fn slot(key: u128, mask: usize) -> usize {
        let h =
            (key as u64 ^ ((key >> 64) as u64).rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> 32) as usize & mask
    }

    fn build(words: HashMap<Box<str>, NameWord>) -> WordIndex {
        let size = (words.len() * 2).next_power_of_two().max(16);
        let mut short = vec![(0u128, NameWord::default()); size];
        let mut long = Vec::new();
        for (word, v) in words {
            match Self::pack(word.as_bytes()) {
                Some(key) => {
                    let mut i = Self::slot(key, size - 1);
                    while short[i].0 != 0 {
                        i = (i + 1) & (size - 1);
                    }
                    short[i] = (key, v);
                }
                None => long.push((word, v)),
            }
        }
        WordIndex { short, long }
    }

    fn get(&self, word: &str) -> NameWord {
        let Some(key) = Self::pack(word.as_bytes()) else {
            return self
                .long
                .iter()
                .find(|(w, _)| w.as_bytes().eq_ignore_ascii_case(word.as_bytes()))
                .map(|&(_, v)| v)
                .unwrap_or_default();
        };
        let mask = self.short.len() - 1;
        let mut i = Self::slot(key, mask);
        loop {
            match self.short[i] {
                (k, v) if k == key => return v,
                (0, _) => return NameWord::default(),
                _ => i = (i + 1) & mask,
            }
        }
    }
}

fn line_of(src: &str, offset: usize) -> usize {
    src[..offset.min(src.len())]
        .bytes()
        .filter(|&b| b == b'\n')
        .count()
        + 1
}

fn err_at<T>(src: &str, s: &Spanned<T>, message: impl Into<String>) -> VariantError {
    VariantError {
        line: Some(line_of(src, s.span().start)),
        message: message.into(),
    }
}

fn warn_at<T>(src: &str, s: &Spanned<T>, message: impl Into<String>) -> VariantWarning {
    VariantWarning {
        line: Some(line_of(src, s.span().start)),
        message: message.into(),
    }
}

/// `#rrggbb`, the colour form maps and renderers share.
fn is_hex_colour(c: &str) -> bool {
    c.len() == 7 && c.starts_with('#') && c[1..].chars().all(|ch| ch.is_ascii_hexdigit())
}

impl Map {
    /// The standard map, from the embedded variant file.
    pub fn standard() -> Map {
        // The embedded file is tested in this crate; failing here is a build defect.
        Map::from_toml(crate::STANDARD_TOML).expect("embedded standard variant is valid")
    }

    /// Parses and validates a variant file. Every error names the line it comes from.
    pub fn from_toml(src: &str) -> Result<Map, VariantError> {
        Map::from_toml_with_warnings(src).map(|(map, _)| map)
    }

    /// As [`Map::from_toml`], also returning what the file allows but probably does not mean
    /// (`entente variant check` prints these).
    pub fn from_toml_with_warnings(src: &str) -> Result<(Map, Vec<VariantWarning>), VariantError> {
        let file: VariantFile = toml::from_str(src).map_err(|e| VariantError {
            line: e.span().map(|s| line_of(src, s.start)),
            message: e.message().trim_end().replace('\n', ": "),
        })?;
        let mut warnings = Vec::new();
        let map = compile(src, file, &mut warnings)?;
        Ok((map, warnings))
    }

    /// Shortest distances between provinces (civil-disorder removals), computed once.
    pub fn distances(&self) -> &crate::Distances {
        self.distances.get_or_init(|| crate::Distances::new(self))
    }

    pub fn provinces(&self) -> &[Province] {
        &self.provinces
    }
    pub fn num_provinces(&self) -> usize {
        self.provinces.len()
    }
    pub fn num_locs(&self) -> usize {
        self.locs.len()
    }
    pub fn province(&self, p: ProvinceId) -> &Province {
        &self.provinces[p.index()]
    }
    pub fn powers(&self) -> &[Power] {
        &self.powers
    }
    pub fn power(&self, p: PowerId) -> &Power {
        &self.powers[p.index()]
    }
    pub fn power_ids(&self) -> impl Iterator<Item = PowerId> {
        (0..self.powers.len() as u8).map(PowerId)
    }
    pub fn province_ids(&self) -> impl Iterator<Item = ProvinceId> {
        (0..self.provinces.len() as u8).map(ProvinceId)
    }
    pub fn loc_info(&self, l: Loc) -> &LocInfo {
        &self.locs[l.index()]
    }
    #[inline]
    pub fn province_of(&self, l: Loc) -> ProvinceId {
        self.locs[l.index()].province
    }
    pub fn coast_of(&self, l: Loc) -> Option<&str> {
        self.locs[l.index()].coast.as_deref()
    }
    pub fn is_centre(&self, p: ProvinceId) -> bool {
        self.centres.contains(p.0)
    }
    pub fn centres(&self) -> &LocSet {
        &self.centres
    }
    pub fn num_centres(&self) -> usize {
        self.centres.len()
    }
    /// The power whose home centre this is, if any.
    pub fn home_power(&self, p: ProvinceId) -> Option<PowerId> {
        self.home_of[p.index()]
    }
    pub fn army_neighbours(&self, p: ProvinceId) -> &LocSet {
        &self.army_adj[p.index()]
    }
    pub fn fleet_neighbours(&self, l: Loc) -> &LocSet {
        &self.fleet_adj[l.index()]
    }
    /// Provinces a fleet at `l` can reach on any of their coasts.
    pub fn fleet_reach(&self, l: Loc) -> &LocSet {
        &self.fleet_reach[l.index()]
    }
    /// Provinces a fleet anywhere in province `p` (any coast) can reach: the spaces an army in
    /// `p` is next to for convoying.
    pub fn province_fleet_reach(&self, p: ProvinceId) -> &LocSet {
        &self.province_fleet_reach[p.index()]
    }
    #[inline]
    pub fn army_adjacent(&self, a: ProvinceId, b: ProvinceId) -> bool {
        self.army_adj[a.index()].contains(b.0)
    }
    #[inline]
    pub fn fleet_adjacent(&self, a: Loc, b: Loc) -> bool {
        self.fleet_adj[a.index()].contains(b.0)
    }
    /// Can a unit of this type at `from` move to (some location of) province `to`?
    #[inline]
    pub fn can_reach(&self, ty: UnitType, from: Loc, to: ProvinceId) -> bool {
        match ty {
            UnitType::Army => self.army_adjacent(self.province_of(from), to),
            UnitType::Fleet => self.fleet_reach[from.index()].contains(to.0),
        }
    }
    /// May a unit of this type stand at `l`?
    pub fn can_occupy(&self, ty: UnitType, l: Loc) -> bool {
        let info = &self.locs[l.index()];
        let prov = &self.provinces[info.province.index()];
        match ty {
            UnitType::Army => info.coast.is_none() && prov.kind != ProvinceKind::Sea,
            UnitType::Fleet => match prov.kind {
                ProvinceKind::Land => false,
                ProvinceKind::Sea => true,
                ProvinceKind::Coast => {
                    if prov.coasts.is_empty() {
                        info.coast.is_none()
                    } else {
                        info.coast.is_some()
                    }
                }
            },
        }
    }
    /// Can a fleet in this province take part in a convoy?
    #[inline]
    pub fn convoys(&self, p: ProvinceId) -> bool {
        self.provinces[p.index()].convoys
    }
    pub fn is_sea(&self, p: ProvinceId) -> bool {
        self.provinces[p.index()].kind == ProvinceKind::Sea
    }
    /// Coastal provinces an army can be convoyed between need a kind that holds armies.
    pub fn is_land_or_coast(&self, p: ProvinceId) -> bool {
        self.provinces[p.index()].kind != ProvinceKind::Sea
    }

    /// Looks a province up by any of its names (abbreviation, English name, alias, localized).
    pub fn lookup_province(&self, name: &str) -> Option<ProvinceId> {
        if is_plain_word(name) {
            // What `normalize_name` would do to it is lower-casing, which the index ignores.
            return self.name_word(name).0;
        }
        self.names.get(&normalize_name(name)).copied()
    }
    /// The coast location `coast` ("nc", "north coast", ...) of province `p`.
    pub fn lookup_coast(&self, p: ProvinceId, coast: &str) -> Option<Loc> {
        let c = normalize_coast(coast)?;
        self.provinces[p.index()]
            .coasts
            .iter()
            .copied()
            .find(|&l| self.locs[l.index()].coast.as_deref() == Some(c.as_str()))
    }
    /// Looks a power up by name, adjective or letter ("Russia", "Russian", "R").
    pub fn lookup_power(&self, name: &str) -> Option<PowerId> {
        if is_plain_word(name) {
            return self.name_word(name).2;
        }
        self.power_names.get(&normalize_name(name)).copied()
    }
    /// Every accepted name, normalized, with its province (for parsers that scan words).
    pub fn province_names(&self) -> impl Iterator<Item = (&str, ProvinceId)> {
        self.names.iter().map(|(k, v)| (k.as_str(), *v))
    }
    /// Every accepted power name, normalized.
    pub fn power_names(&self) -> impl Iterator<Item = (&str, PowerId)> {
        self.power_names.iter().map(|(k, v)| (k.as_str(), *v))
    }
    /// One word, normalized (as [`normalize_name`] leaves it) but for the case of ASCII
    /// letters (`"Par"` and `"par"` are the same, `"Paříž"` is not `"paříž"`), looked up without
    /// allocating, for scanners that read words: (the province it names,
    /// whether a name of several words starts with it, the power it names — one-letter forms
    /// included, as [`Map::lookup_power`] — and whether a power name of several words starts
    /// with it).
    pub fn name_word(&self, word: &str) -> (Option<ProvinceId>, bool, Option<PowerId>, bool) {
        self.word_index
            .get_or_init(|| {
                let mut words: HashMap<Box<str>, NameWord> = HashMap::new();
                for (key, &p) in &self.names {
                    match key.split_once(' ') {
                        Some((first, _)) => words.entry(first.into()).or_default().1 = true,
                        None => words.entry(key[..].into()).or_default().0 = Some(p),
                    }
                }
                for (key, &p) in &self.power_names {
                    match key.split_once(' ') {
                        Some((first, _)) => words.entry(first.into()).or_default().3 = true,
                        None => words.entry(key[..].into()).or_default().2 = Some(p),
                    }
                }
                WordIndex::build(words)
            })
            .get(word)
    }

    /// Canonical short name of a location: `stp/nc`, `par`.
    pub fn loc_abbr(&self, l: Loc) -> String {
        let info = &self.locs[l.index()];
        let p = &self.provinces[info.province.index()];
        match &info.coast {
            Some(c) => format!("{}/{}", p.abbr, c),
            None => p.abbr.clone(),
        }
    }
    /// Display name of a location: `St Petersburg (north coast)`, `Paris`.
    pub fn loc_name(&self, l: Loc) -> String {
        let info = &self.locs[l.index()];
        let p = &self.provinces[info.province.index()];
        match &info.coast {
            Some(c) => format!("{} ({})", p.name, coast_long_name(c)),
            None => p.name.clone(),
        }
    }
    /// Localized display name of a province, falling back to English.
    pub fn province_name_in(&self, p: ProvinceId, lang: &str) -> &str {
        let prov = &self.provinces[p.index()];
        prov.names
            .iter()
            .find(|(l, _)| l == lang)
            .and_then(|(_, n)| n.first())
            .map(|s| s.as_str())
            .unwrap_or(&prov.name)
    }
}

/// ASCII letters and digits only: a word that [`normalize_name`] only lower-cases.
fn is_plain_word(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Canonical coast code for the spellings players use ("nc", "n", "north", "north coast").
pub(crate) fn normalize_coast(s: &str) -> Option<String> {
    let n = normalize_name(s);
    let code = match n.as_str() {
        "nc" | "n" | "north" | "north coast" | "ncs" => "nc",
        "sc" | "s" | "south" | "south coast" | "scs" => "sc",
        "ec" | "e" | "east" | "east coast" | "ecs" => "ec",
        "wc" | "w" | "west" | "west coast" | "wcs" => "wc",
        other => return Some(other.to_string()),
    };
    Some(code.to_string())
}

fn coast_long_name(c: &str) -> &str {
    match c {
        "nc" => "north coast",
        "sc" => "south coast",
        "ec" => "east coast",
        "wc" => "west coast",
        other => other,
    }
}

fn parse_kind(src: &str, e: &ProvinceEntry) -> Result<ProvinceKind, VariantError> {
    match e.kind.get_ref().as_str() {
        "land" => Ok(ProvinceKind::Land),
        "sea" => Ok(ProvinceKind::Sea),
        "coast" => Ok(ProvinceKind::Coast),
        other => Err(err_at(
            src,
            &e.kind,
            format!(
                "province '{}': unknown kind '{other}' (expected land, sea or coast)",
                e.abbr.get_ref()
            ),
        )),
    }
}

fn compile(
    src: &str,
    file: VariantFile,
    warnings: &mut Vec<VariantWarning>,
) -> Result<Map, VariantError> {
    if let Some(style) = &file.variant.year_style {
        if style.get_ref() != "ad" {
            return Err(err_at(
                src,
                style,
                format!(
                    "year_style '{}': the only style is \"ad\" (leave it out for plain years)",
                    style.get_ref()
                ),
            ));
        }
    }
    if file.provinces.is_empty() {
        return Err(VariantError {
            line: None,
            message: "the variant has no [[province]] entries".into(),
        });
    }
    // Provinces first, then coast locations, so that province i is location i.
    let mut provinces = Vec::with_capacity(file.provinces.len());
    let mut abbr_index: HashMap<String, ProvinceId> = HashMap::new();
    for (i, e) in file.provinces.iter().enumerate() {
        let abbr = normalize_name(e.abbr.get_ref());
        if abbr.is_empty() || abbr.contains(' ') || abbr.contains('/') {
            return Err(err_at(
                src,
                &e.abbr,
                format!(
                    "abbreviation '{}' must be one word without '/'",
                    e.abbr.get_ref()
                ),
            ));
        }
        if abbr_index
            .insert(abbr.clone(), ProvinceId(i as u8))
            .is_some()
        {
            return Err(err_at(
                src,
                &e.abbr,
                format!("province '{abbr}' is defined twice"),
            ));
        }
        if e.name.get_ref().trim().is_empty() {
            return Err(err_at(
                src,
                &e.name,
                format!("province '{abbr}' has an empty name"),
            ));
        }
        let kind = parse_kind(src, e)?;
        if kind == ProvinceKind::Sea && !e.coasts.is_empty() {
            return Err(err_at(
                src,
                &e.abbr,
                format!("sea '{abbr}' cannot have coasts (only coastal provinces are split)"),
            ));
        }
        if e.coasts.len() == 1 {
            let at = e.coasts.values().flatten().next().unwrap_or(&e.abbr);
            return Err(err_at(
                src,
                at,
                format!(
                    "'{abbr}' has a single coast '{}': split coasts come two or more; list a \
                     province with one coast under fleet",
                    e.coasts
                        .keys()
                        .next()
                        .map(String::as_str)
                        .unwrap_or_default()
                ),
            ));
        }
        for c in e.coasts.keys() {
            let code = normalize_coast(c).unwrap_or_default();
            if code.is_empty() || code.contains(' ') || code.contains('/') {
                return Err(err_at(
                    src,
                    &e.abbr,
                    format!("'{abbr}': coast name '{c}' must be one word without '/' (nc, sc, ec, wc...)"),
                ));
            }
        }
        if kind == ProvinceKind::Sea && !e.army.is_empty() {
            return Err(err_at(
                src,
                &e.army[0],
                format!("sea '{abbr}' cannot have army borders"),
            ));
        }
        if kind == ProvinceKind::Land && (!e.fleet.is_empty() || !e.coasts.is_empty()) {
            let at = e
                .fleet
                .first()
                .or_else(|| e.coasts.values().flatten().next());
            return Err(match at {
                Some(s) => err_at(src, s, format!("land '{abbr}' cannot have fleet borders")),
                None => err_at(src, &e.abbr, format!("land '{abbr}' cannot have coasts")),
            });
        }
        if !e.coasts.is_empty() && !e.fleet.is_empty() {
            return Err(err_at(
                src,
                &e.fleet[0],
                format!("'{abbr}' has split coasts: list fleet borders under coasts, not fleet"),
            ));
        }
        if kind == ProvinceKind::Sea && e.centre {
            return Err(err_at(
                src,
                &e.abbr,
                format!("sea '{abbr}' cannot be a supply centre"),
            ));
        }
        provinces.push(Province {
            abbr,
            name: e.name.get_ref().clone(),
            kind,
            centre: e.centre,
            aliases: e.aliases.clone(),
            names: e
                .names
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
            coasts: Vec::new(),
            convoys: kind == ProvinceKind::Sea || e.convoys,
        });
    }
    let mut locs: Vec<LocInfo> = (0..provinces.len())
        .map(|i| LocInfo {
            province: ProvinceId(i as u8),
            coast: None,
        })
        .collect();
    for (i, e) in file.provinces.iter().enumerate() {
        for c in e.coasts.keys() {
            let code = normalize_coast(c).unwrap_or_default();
            let l = Loc(locs.len().min(255) as u8);
            locs.push(LocInfo {
                province: ProvinceId(i as u8),
                coast: Some(code),
            });
            provinces[i].coasts.push(l);
        }
    }
    if locs.len() > 256 {
        return Err(VariantError {
            line: None,
            message: format!(
                "{} locations (provinces plus coasts); the format allows at most 256",
                locs.len()
            ),
        });
    }
    let loc_lookup = |text: &Spanned<String>| -> Result<Loc, VariantError> {
        let t = text.get_ref();
        let (p, c) = match t.split_once('/') {
            Some((p, c)) => (p, Some(c)),
            None => (t.as_str(), None),
        };
        let pid = *abbr_index
            .get(&normalize_name(p))
            .ok_or_else(|| err_at(src, text, format!("unknown province '{p}'")))?;
        match c {
            None => Ok(pid.loc()),
            Some(c) => {
                let code = normalize_coast(c).unwrap_or_default();
                provinces[pid.index()]
                    .coasts
                    .iter()
                    .copied()
                    .find(|l| locs[l.index()].coast.as_deref() == Some(code.as_str()))
                    .ok_or_else(|| err_at(src, text, format!("'{p}' has no coast '{c}'")))
            }
        }
    };

    // Adjacency, with symmetry checked both ways.
    let n = locs.len();
    let mut army_adj = vec![LocSet::EMPTY; n];
    let mut fleet_adj = vec![LocSet::EMPTY; n];
    let mut army_span: HashMap<(u8, u8), &Spanned<String>> = HashMap::new();
    let mut fleet_span: HashMap<(u8, u8), &Spanned<String>> = HashMap::new();
    for (i, e) in file.provinces.iter().enumerate() {
        let me = ProvinceId(i as u8);
        for t in &e.army {
            let l = loc_lookup(t)?;
            if locs[l.index()].coast.is_some() {
                return Err(err_at(src, t, "army borders name provinces, not coasts"));
            }
            let other = &provinces[l.index()];
            if other.kind == ProvinceKind::Sea {
                return Err(err_at(
                    src,
                    t,
                    format!(
                        "army border {}–{}: '{}' is a sea",
                        provinces[i].abbr, other.abbr, other.abbr
                    ),
                ));
            }
            if l.0 == me.0 {
                return Err(err_at(
                    src,
                    t,
                    format!("'{}' borders itself", provinces[i].abbr),
                ));
            }
            if army_adj[i].contains(l.0) {
                return Err(err_at(
                    src,
                    t,
                    format!(
                        "army border {}–{} is listed twice",
                        provinces[i].abbr, other.abbr
                    ),
                ));
            }
            army_adj[i].insert(l.0);
            army_span.insert((me.0, l.0), t);
        }
        let mut fleet_lists: Vec<(Loc, &Vec<Spanned<String>>)> = Vec::new();
        if e.coasts.is_empty() {
            if provinces[i].kind != ProvinceKind::Land {
                fleet_lists.push((me.loc(), &e.fleet));
            }
        } else {
            for (k, (_, list)) in e.coasts.iter().enumerate() {
                fleet_lists.push((provinces[i].coasts[k], list));
            }
        }
        for (from, list) in fleet_lists {
            for t in list {
                let l = loc_lookup(t)?;
                let other = &provinces[locs[l.index()].province.index()];
                if other.kind == ProvinceKind::Land {
                    return Err(err_at(
                        src,
                        t,
                        format!("fleet border to land '{}'", other.abbr),
                    ));
                }
                if locs[l.index()].coast.is_none() && !other.coasts.is_empty() {
                    return Err(err_at(
                        src,
                        t,
                        format!(
                            "fleet border to '{}' must name one of its coasts",
                            other.abbr
                        ),
                    ));
                }
                if locs[l.index()].province == me {
                    return Err(err_at(
                        src,
                        t,
                        format!("'{}' borders itself", provinces[i].abbr),
                    ));
                }
                if fleet_adj[from.index()].contains(l.0) {
                    return Err(err_at(
                        src,
                        t,
                        format!("fleet border to '{}' is listed twice", t.get_ref()),
                    ));
                }
                fleet_adj[from.index()].insert(l.0);
                fleet_span.insert((from.0, l.0), t);
            }
        }
    }
    let name_of = |l: u8| -> String {
        let info = &locs[l as usize];
        match &info.coast {
            Some(c) => format!("{}/{}", provinces[info.province.index()].abbr, c),
            None => provinces[info.province.index()].abbr.clone(),
        }
    };
    let mut army_keys: Vec<_> = army_span.keys().copied().collect();
    army_keys.sort_unstable();
    for (a, b) in army_keys {
        if !army_adj[b as usize].contains(a) {
            return Err(err_at(
                src,
                army_span[&(a, b)],
                format!(
                    "asymmetric army border: '{}' lists '{}' but '{}' does not list '{}'",
                    name_of(a),
                    name_of(b),
                    name_of(b),
                    name_of(a)
                ),
            ));
        }
    }
    let mut fleet_keys: Vec<_> = fleet_span.keys().copied().collect();
    fleet_keys.sort_unstable();
    for (a, b) in fleet_keys {
        if !fleet_adj[b as usize].contains(a) {
            return Err(err_at(
                src,
                fleet_span[&(a, b)],
                format!(
                    "asymmetric fleet border: '{}' lists '{}' but '{}' does not list '{}'",
                    name_of(a),
                    name_of(b),
                    name_of(b),
                    name_of(a)
                ),
            ));
        }
    }
    // A coastal space (or each coast of a split province) needs a fleet border, or no fleet
    // could ever stand there: it would be land in all but name.
    for (i, e) in file.provinces.iter().enumerate() {
        if provinces[i].kind != ProvinceKind::Coast {
            continue;
        }
        let fleet_locs: Vec<Loc> = if provinces[i].coasts.is_empty() {
            vec![ProvinceId(i as u8).loc()]
        } else {
            provinces[i].coasts.clone()
        };
        for l in fleet_locs {
            if fleet_adj[l.index()].is_empty() {
                return Err(err_at(
                    src,
                    &e.abbr,
                    format!(
                        "coast '{}' has no fleet borders: no fleet could get there (make it \
                         land, or list its fleet borders)",
                        name_of(l.0)
                    ),
                ));
            }
        }
    }
    let mut fleet_reach = vec![LocSet::EMPTY; n];
    for (l, set) in fleet_adj.iter().enumerate() {
        for m in set.iter() {
            fleet_reach[l].insert(locs[m as usize].province.0);
        }
    }

    let mut province_fleet_reach = vec![LocSet::EMPTY; provinces.len()];
    for (l, info) in locs.iter().enumerate() {
        let p = info.province.index();
        province_fleet_reach[p] = province_fleet_reach[p].union(&fleet_reach[l]);
    }

    // Every space must be reachable from the first by some unit's moves.
    let mut seen = LocSet::EMPTY;
    let mut stack = vec![0u8];
    seen.insert(0);
    while let Some(p) = stack.pop() {
        let mut next = army_adj[p as usize];
        for l in std::iter::once(p).chain(provinces[p as usize].coasts.iter().map(|l| l.0)) {
            next = next.union(&fleet_reach[l as usize]);
        }
        for q in next.iter() {
            if !seen.contains(q) {
                seen.insert(q);
                stack.push(q);
            }
        }
    }
    for (i, e) in file.provinces.iter().enumerate() {
        if !seen.contains(i as u8) {
            return Err(err_at(
                src,
                &e.abbr,
                format!(
                    "'{}' cannot be reached from '{}'",
                    provinces[i].abbr, provinces[0].abbr
                ),
            ));
        }
    }

    // Names: abbreviation, English name, aliases, localized names. One name, one province.
    let mut names: HashMap<String, ProvinceId> = HashMap::new();
    for (i, e) in file.provinces.iter().enumerate() {
        let pid = ProvinceId(i as u8);
        let all = std::iter::once(e.abbr.get_ref().clone())
            .chain(std::iter::once(e.name.get_ref().clone()))
            .chain(e.aliases.iter().cloned());
        for nm in all {
            let key = normalize_name(&nm);
            if let Some(prev) = names.insert(key.clone(), pid) {
                if prev != pid {
                    return Err(err_at(
                        src,
                        &e.abbr,
                        format!(
                            "name '{nm}' of '{}' is already used by '{}'",
                            provinces[i].abbr,
                            provinces[prev.index()].abbr
                        ),
                    ));
                }
            }
        }
    }
    // Localized names may collide across languages (or with an English abbreviation); such a
    // name is ambiguous, so it is dropped rather than resolved to one of the provinces.
    let mut localized: HashMap<String, Option<ProvinceId>> = HashMap::new();
    for (i, e) in file.provinces.iter().enumerate() {
        let pid = ProvinceId(i as u8);
        for (lang, list) in &e.names {
            for nm in list {
                let key = normalize_name(nm);
                if let Some(&owner) = names.get(&key) {
                    if owner != pid {
                        warnings.push(warn_at(
                            src,
                            &e.abbr,
                            format!(
                                "{lang} name '{nm}' of '{}' is a name of '{}': it is ignored",
                                provinces[i].abbr,
                                provinces[owner.index()].abbr
                            ),
                        ));
                    }
                    continue;
                }
                if let Some(Some(prev)) = localized.get(&key) {
                    if *prev != pid {
                        warnings.push(warn_at(
                            src,
                            &e.abbr,
                            format!(
                                "{lang} name '{nm}' of '{}' is also a localized name of '{}': \
                                 it is ambiguous and accepted for neither",
                                provinces[i].abbr,
                                provinces[prev.index()].abbr
                            ),
                        ));
                    }
                }
                localized
                    .entry(key)
                    .and_modify(|v| {
                        if *v != Some(pid) {
                            *v = None
                        }
                    })
                    .or_insert(Some(pid));
            }
        }
    }
    for (k, v) in localized {
        if let Some(p) = v {
            names.insert(k, p);
        }
    }

    // Powers, home centres, start units.
    let mut powers = Vec::with_capacity(file.powers.len());
    let mut home_of = vec![None; provinces.len()];
    let mut power_names = HashMap::new();
    let mut occupied = LocSet::EMPTY;
    if file.powers.is_empty() || file.powers.len() > 64 {
        return Err(VariantError {
            line: None,
            message: "a variant needs between 1 and 64 [[power]] entries".into(),
        });
    }
    for (pi, pe) in file.powers.iter().enumerate() {
        let pid = PowerId(pi as u8);
        let name = pe.name.get_ref().clone();
        if name.trim().is_empty() {
            return Err(err_at(src, &pe.name, "a power has an empty name"));
        }
        let letter = match &pe.letter {
            Some(l) => {
                let mut chars = l.get_ref().chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_alphabetic() => c,
                    _ => {
                        return Err(err_at(
                            src,
                            l,
                            format!("letter '{}' of {name} must be one letter", l.get_ref()),
                        ))
                    }
                }
            }
            None => name.chars().next().unwrap_or('?'),
        };
        if let Some(other) = powers
            .iter()
            .find(|p: &&Power| p.letter.to_lowercase().eq(letter.to_lowercase()))
        {
            let at = pe.letter.as_ref().map_or(pe.name.span(), |l| l.span());
            return Err(VariantError {
                line: Some(line_of(src, at.start)),
                message: format!(
                    "{name} and {} both have the letter '{letter}' (set `letter` to tell them apart)",
                    other.name
                ),
            });
        }
        if let Some(c) = &pe.colour {
            if !is_hex_colour(c.get_ref()) {
                return Err(err_at(
                    src,
                    c,
                    format!("colour '{}' of {name}: write it as #rrggbb", c.get_ref()),
                ));
            }
        }
        if pe.home_centres.is_empty() {
            return Err(err_at(
                src,
                &pe.name,
                format!("{name} has no home centres (a power builds only in its home centres)"),
            ));
        }
        let adjective = pe.adjective.clone().unwrap_or_else(|| name.clone());
        for nm in [name.clone(), adjective.clone()]
            .into_iter()
            .chain(pe.names.values().flatten().cloned())
        {
            let key = normalize_name(&nm);
            if let Some(prev) = power_names.insert(key, pid) {
                if prev != pid {
                    return Err(err_at(
                        src,
                        &pe.name,
                        format!("power name '{nm}' is used twice"),
                    ));
                }
            }
        }
        let mut home = Vec::new();
        for h in &pe.home_centres {
            let l = loc_lookup(h)?;
            let p = locs[l.index()].province;
            if !provinces[p.index()].centre {
                return Err(err_at(
                    src,
                    h,
                    format!(
                        "home centre '{}' of {name} is not a supply centre",
                        provinces[p.index()].abbr
                    ),
                ));
            }
            if home_of[p.index()] == Some(pid) {
                return Err(err_at(
                    src,
                    h,
                    format!(
                        "home centre '{}' of {name} is listed twice",
                        provinces[p.index()].abbr
                    ),
                ));
            }
            if let Some(other) = home_of[p.index()] {
                let other: PowerId = other;
                return Err(err_at(
                    src,
                    h,
                    format!(
                        "'{}' is a home centre of both {} and {name}",
                        provinces[p.index()].abbr,
                        file.powers[other.index()].name.get_ref()
                    ),
                ));
            }
            home_of[p.index()] = Some(pid);
            home.push(p);
        }
        let mut units = Vec::new();
        for u in &pe.start_units {
            let text = u.get_ref().trim();
            let (ty, at) = text
                .split_once(char::is_whitespace)
                .and_then(|(t, a)| Some((UnitType::from_letter(t.chars().next()?)?, a.trim())))
                .filter(|(_, a)| !a.is_empty())
                .ok_or_else(|| {
                    err_at(
                        src,
                        u,
                        format!("start unit '{text}': write 'A par' or 'F stp/sc'"),
                    )
                })?;
            let spanned_at = Spanned::new(u.span(), at.to_string());
            let l = loc_lookup(&spanned_at)?;
            let map_probe = (ty, l);
            let info = &locs[l.index()];
            let prov = &provinces[info.province.index()];
            let ok = match ty {
                UnitType::Army => info.coast.is_none() && prov.kind != ProvinceKind::Sea,
                UnitType::Fleet => {
                    prov.kind != ProvinceKind::Land
                        && (prov.coasts.is_empty() == info.coast.is_none())
                }
            };
            if !ok {
                return Err(err_at(
                    src,
                    u,
                    format!("start unit '{text}' of {name}: that unit cannot stand there"),
                ));
            }
            if occupied.contains(info.province.0) {
                return Err(err_at(
                    src,
                    u,
                    format!("two start units in '{}'", prov.abbr),
                ));
            }
            occupied.insert(info.province.0);
            if !home.contains(&info.province) {
                // Allowed (a scenario may start anywhere); builds are still home-only.
                warnings.push(warn_at(
                    src,
                    u,
                    format!("start unit '{text}' of {name} is not in one of its home centres",),
                ));
            }
            units.push(map_probe);
        }
        powers.push(Power {
            name,
            letter,
            adjective,
            colour: pe
                .colour
                .as_ref()
                .map_or_else(|| "#888888".into(), |c| c.get_ref().clone()),
            names: pe
                .names
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
            home_centres: home,
            start_units: units,
        });
    }
    for (pi, p) in powers.iter().enumerate() {
        let key = normalize_name(&p.letter.to_string());
        power_names.entry(key).or_insert(PowerId(pi as u8));
    }
    let mut centres = LocSet::EMPTY;
    for (i, p) in provinces.iter().enumerate() {
        if p.centre {
            centres.insert(i as u8);
        }
    }
    let victory = *file.variant.victory_centres.get_ref();
    if victory == 0 || victory as usize > centres.len() {
        return Err(err_at(
            src,
            &file.variant.victory_centres,
            format!(
                "victory_centres {victory} must be between 1 and the {} centres",
                centres.len()
            ),
        ));
    }
    Ok(Map {
        name: file.variant.name,
        start_year: *file.variant.start_year.get_ref(),
        victory_centres: victory,
        year_style_ad: file
            .variant
            .year_style
            .as_ref()
            .is_some_and(|s| s.get_ref() == "ad"),
        description: file.variant.description,
        sources: file.variant.sources,
        provinces,
        locs,
        powers,
        army_adj,
        fleet_adj,
        fleet_reach,
        province_fleet_reach,
        centres,
        home_of,
        names,
        power_names,
        word_index: Default::default(),
        distances: Default::default(),
    })
}
