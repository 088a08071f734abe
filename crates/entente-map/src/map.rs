//! The compiled map: dense ids, adjacency bitsets, name tables. Built once per variant.

use crate::names::normalize_name;
use crate::{Distances, Loc, LocSet, PackedWordTable, PowerId, ProvinceId, UnitType};
use std::collections::HashMap;

/// The variant file's `rule` for Edi Birsan's Escalation.
pub const ESCALATION: &str = "escalation";
/// The variant file's `builds` for building in any power's home centre one owns (Imperial).
pub const ANY_HOME: &str = "any_home";
/// The variant file's `builds` for the standard rule (own home centres only), the default.
pub const OWN_HOME: &str = "own_home";

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

/// A fleet border open only to the power owning a supply centre (`[[strait]]` in the
/// variant file; Imperial's Straits of Constantinople). `a` and `b` do not border otherwise.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Strait {
    pub a: Loc,
    pub b: Loc,
    /// The centre whose owner's fleets may cross.
    pub owner_of: ProvinceId,
}

impl Strait {
    /// The far end of the strait from `l`, if `l` is one of its ends.
    #[inline]
    pub fn other_end(&self, l: Loc) -> Option<Loc> {
        if self.a == l {
            Some(self.b)
        } else if self.b == l {
            Some(self.a)
        } else {
            None
        }
    }
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
    /// The rulebook setup the variant is played with (`"2"`: the Great War), if it names one.
    pub setup: Option<String>,
    /// The rule the variant is played under beyond its data (`"escalation"`), if any.
    pub rule: Option<String>,
    /// Builds are allowed in any power's home centre the builder owns (`builds = "any_home"`,
    /// Imperial), not only in its own.
    pub builds_any_home: bool,
    pub(crate) provinces: Vec<Province>,
    pub(crate) locs: Vec<LocInfo>,
    pub(crate) powers: Vec<Power>,
    /// Per province: provinces an army can move to.
    pub(crate) army_adj: Vec<LocSet>,
    /// Per location: locations a fleet can move to.
    pub(crate) fleet_adj: Vec<LocSet>,
    /// Per location: provinces a fleet there can reach (any coast) — what support needs.
    pub(crate) fleet_reach: Vec<LocSet>,
    /// Per province: provinces a fleet on any of its coasts can reach (convoy adjacency).
    pub(crate) province_fleet_reach: Vec<LocSet>,
    pub(crate) centres: LocSet,
    /// Borders open only to a centre's owner (`[[strait]]`).
    pub(crate) straits: Vec<Strait>,
    pub(crate) home_of: Vec<Option<PowerId>>,
    pub(crate) names: HashMap<String, ProvinceId>,
    pub(crate) power_names: HashMap<String, PowerId>,
    /// One-word index of `names` and `power_names` for [`Map::name_word`], built on first use.
    pub(crate) word_index: std::sync::OnceLock<PackedWordTable<NameWord>>,
    /// All-pairs distances for [`Map::distances`], computed on first use.
    pub(crate) distances: std::sync::OnceLock<Distances>,
}

/// What one normalized word names: (province, a longer province name starts with it, power,
/// a longer power name starts with it).
type NameWord = (Option<ProvinceId>, bool, Option<PowerId>, bool);

impl Map {
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
        (0..self.provinces.len() as u16).map(ProvinceId)
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
    /// Is the variant played under Edi Birsan's Escalation rule (empty board, placement,
    /// nominated home centres)?
    pub fn is_escalation(&self) -> bool {
        self.rule.as_deref() == Some(ESCALATION)
    }

    /// Gives a power new home centres (Escalation's nominations): supply centres, each once.
    /// A centre another power also has as a home stays that power's in [`Map::home_power`].
    pub fn set_home_centres(&mut self, power: PowerId, homes: Vec<ProvinceId>) {
        self.powers[power.index()].home_centres = homes;
        for h in self.home_of.iter_mut() {
            *h = None;
        }
        for (i, p) in self.powers.iter().enumerate() {
            for &c in &p.home_centres {
                self.home_of[c.index()].get_or_insert(PowerId(i as u8));
            }
        }
    }

    /// The power whose home centre this is, if any.
    pub fn home_power(&self, p: ProvinceId) -> Option<PowerId> {
        self.home_of[p.index()]
    }

    /// May `power` build in `p` when it owns it and it is empty? In its own home centres; under
    /// `builds = "any_home"` (Imperial) in every power's home centres.
    pub fn may_build_in(&self, power: PowerId, p: ProvinceId) -> bool {
        match self.home_of[p.index()] {
            Some(h) => h == power || self.builds_any_home,
            None => false,
        }
    }

    /// The centres `power` may build in when it owns them and they are empty
    /// ([`Map::may_build_in`]), in id order under `any_home`, in file order otherwise.
    pub fn build_centres(&self, power: PowerId) -> impl Iterator<Item = ProvinceId> + '_ {
        let own = (!self.builds_any_home)
            .then(|| self.powers[power.index()].home_centres.iter().copied());
        let any = self.builds_any_home.then(|| {
            self.province_ids()
                .filter(|&p| self.home_of[p.index()].is_some())
        });
        own.into_iter().flatten().chain(any.into_iter().flatten())
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
    /// The map's straits: fleet borders open only to the owner of a centre.
    pub fn straits(&self) -> &[Strait] {
        &self.straits
    }

    /// The strait a fleet at `from` would cross into province `to`: the location it lands
    /// on and the centre whose owner alone may cross. `None` where no strait leads there
    /// (most maps have none).
    #[inline]
    pub fn strait_to(&self, from: Loc, to: ProvinceId) -> Option<(Loc, ProvinceId)> {
        self.straits.iter().find_map(|s| {
            let other = s.other_end(from)?;
            (self.province_of(other) == to).then_some((other, s.owner_of))
        })
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
                PackedWordTable::build(words)
            })
            .get(word)
            .copied()
            .unwrap_or_default()
    }

    /// Shortest distances between provinces ([`Distances`]), computed on first use and kept.
    pub fn distances(&self) -> &Distances {
        self.distances.get_or_init(|| Distances::new(self))
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
