//! From the variant file as written ([`VariantFile`]) to a [`Map`]: one named step per kind of
//! check, in the order the file is read, each error naming the line that is wrong.
//!
//! The steps run in a fixed order, and a file with several mistakes reports the first one met:
//!
//! 1. [`Compiler::check_variant_section`]: the `[variant]` section, and that provinces exist;
//! 2. [`Compiler::read_provinces`]: each province alone (abbreviation, name, kind, coasts, what
//!    kind of borders it may list);
//! 3. [`Compiler::read_coasts`]: the coast locations, numbered after the provinces;
//! 4. [`Compiler::read_adjacency`]: army and fleet borders, each pointing somewhere it may;
//! 5. [`Compiler::check_symmetry`], [`Compiler::check_coasts_have_fleet_borders`],
//!    [`Compiler::check_connected`]: the borders as a whole;
//! 6. [`Compiler::build_name_tables`]: every province name, one name one province;
//! 7. [`Compiler::read_powers`]: each power, its names, [home centres](Compiler::read_home_centres)
//!    and [start units](Compiler::read_start_units);
//! 8. [`Compiler::check_victory`]: the number of centres needed to win.

use crate::error::{VariantError, VariantWarning};
use crate::file::{PowerEntry, ProvinceEntry, VariantFile};
use crate::map::{normalize_coast, LocInfo, Map, Power, Province, ProvinceKind, Strait};
use crate::names::normalize_name;
use crate::{Loc, LocSet, PowerId, ProvinceId, UnitType, MAX_LOCATIONS};
use std::collections::HashMap;
use toml::Spanned;

type Result<T, E = VariantError> = std::result::Result<T, E>;

/// The most `[[strait]]` entries of a variant (Imperial has one).
pub const MAX_STRAITS: usize = 256;

/// The 1-based line of a byte offset into the file (any offset: counted in bytes, so one
/// inside a character does not panic).
pub(crate) fn line_of(src: &str, offset: usize) -> usize {
    src.as_bytes()[..offset.min(src.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Where the text's lines start, to name the line of a byte offset without counting the
/// newlines before it again each time (a file may have tens of thousands of warnings).
struct Lines {
    /// Byte offsets after each `\n`.
    starts: Vec<usize>,
    last: usize,
}

impl Lines {
    fn new(src: &str) -> Lines {
        let starts = src
            .bytes()
            .enumerate()
            .filter(|&(_, b)| b == b'\n')
            .map(|(i, _)| i + 1)
            .collect();
        Lines {
            starts,
            last: src.lines().count().max(1),
        }
    }

    /// As [`line_of`].
    fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset) + 1
    }

    /// The last line.
    fn last(&self) -> usize {
        self.last
    }
}

/// `#rrggbb`, the colour form maps and renderers share.
fn is_hex_colour(c: &str) -> bool {
    c.len() == 7 && c.starts_with('#') && c[1..].chars().all(|ch| ch.is_ascii_hexdigit())
}

/// Validates `file` (whose text is `src`) and compiles it, adding to `warnings` what it allows
/// but probably does not mean.
pub(crate) fn compile(
    src: &str,
    file: VariantFile,
    warnings: &mut Vec<VariantWarning>,
) -> Result<Map> {
    let mut c = Compiler {
        lines: Lines::new(src),
        file: &file,
        warnings,
        provinces: Vec::new(),
        locs: Vec::new(),
        abbr_index: HashMap::new(),
    };
    c.check_variant_section()?;
    c.read_provinces()?;
    c.read_coasts()?;
    let adj = c.read_adjacency()?;
    c.check_symmetry(&adj)?;
    c.check_coasts_have_fleet_borders(&adj.fleet)?;
    let (fleet_reach, province_fleet_reach) = c.fleet_reach(&adj.fleet);
    c.check_connected(&adj.army, &fleet_reach)?;
    let names = c.build_name_tables()?;
    let powers = c.read_powers()?;
    let (victory_centres, centres) = c.check_victory()?;
    let straits = c.read_straits(&adj.fleet, &centres)?;
    let Compiler {
        provinces, locs, ..
    } = c;
    let Adjacency {
        army: army_adj,
        fleet: fleet_adj,
        ..
    } = adj;
    Ok(Map {
        name: file.variant.name,
        start_year: *file.variant.start_year.get_ref(),
        victory_centres,
        year_style_ad: file
            .variant
            .year_style
            .as_ref()
            .is_some_and(|s| s.get_ref() == "ad"),
        description: file.variant.description,
        sources: file.variant.sources,
        setup: file.variant.setup.map(|s| s.into_inner()),
        rule: file.variant.rule.map(|s| s.into_inner()),
        builds_any_home: file
            .variant
            .builds
            .as_ref()
            .is_some_and(|b| b.get_ref() == crate::map::ANY_HOME),
        provinces,
        locs,
        powers: powers.powers,
        army_adj,
        fleet_adj,
        fleet_reach,
        province_fleet_reach,
        centres,
        straits,
        home_of: powers.home_of,
        names,
        power_names: powers.names,
        word_index: Default::default(),
        distances: Default::default(),
    })
}

/// The file being compiled and what the steps so far have made of it.
struct Compiler<'a> {
    /// Where the file's lines start.
    lines: Lines,
    file: &'a VariantFile,
    warnings: &'a mut Vec<VariantWarning>,
    /// Filled by [`Compiler::read_provinces`] (their coasts by [`Compiler::read_coasts`]).
    provinces: Vec<Province>,
    /// Filled by [`Compiler::read_coasts`]: province `i` is location `i`, then the coasts.
    locs: Vec<LocInfo>,
    /// Normalized abbreviation → province.
    abbr_index: HashMap<String, ProvinceId>,
}

/// Borders as listed, with where each was written (for the symmetry errors).
struct Adjacency<'a> {
    /// Per province: provinces an army can move to.
    army: Vec<LocSet>,
    /// Per location: locations a fleet can move to.
    fleet: Vec<LocSet>,
    army_span: HashMap<(u16, u16), &'a Spanned<String>>,
    fleet_span: HashMap<(u16, u16), &'a Spanned<String>>,
}

/// What [`Compiler::read_powers`] makes.
struct Powers {
    powers: Vec<Power>,
    /// Per province: the power whose home centre it is.
    home_of: Vec<Option<PowerId>>,
    /// Every normalized power name, adjective and letter.
    names: HashMap<String, PowerId>,
    /// Provinces with a start unit.
    occupied: LocSet,
}

impl<'a> Compiler<'a> {
    fn err_at<T>(&self, s: &Spanned<T>, message: impl Into<String>) -> VariantError {
        VariantError {
            line: Some(self.lines.line_of(s.span().start)),
            message: message.into(),
        }
    }

    /// An error about what the file lacks: named at its last line, where it would go.
    fn err_at_end(&self, message: impl Into<String>) -> VariantError {
        VariantError {
            line: Some(self.lines.last()),
            message: message.into(),
        }
    }

    fn warn_at<T>(&mut self, s: &Spanned<T>, message: impl Into<String>) {
        let w = VariantWarning {
            line: Some(self.lines.line_of(s.span().start)),
            message: message.into(),
        };
        self.warnings.push(w);
    }

    /// `year_style`, and that the file has provinces at all.
    fn check_variant_section(&self) -> Result<()> {
        if let Some(style) = &self.file.variant.year_style {
            if style.get_ref() != "ad" {
                return Err(self.err_at(
                    style,
                    format!(
                        "year_style '{}': the only style is \"ad\" (leave it out for plain years)",
                        style.get_ref()
                    ),
                ));
            }
        }
        if let Some(setup) = &self.file.variant.setup {
            // The codes of entente-game's `Setup` (the rulebook's games for 7 to 2 players).
            const SETUPS: [&str; 7] = ["7", "6", "5", "4", "3a", "3b", "2"];
            if !SETUPS.contains(&setup.get_ref().as_str()) {
                return Err(self.err_at(
                    setup,
                    format!(
                        "setup '{}': the rulebook's setups are {}",
                        setup.get_ref(),
                        SETUPS.join(", ")
                    ),
                ));
            }
        }
        if let Some(rule) = &self.file.variant.rule {
            if rule.get_ref() != crate::map::ESCALATION {
                return Err(self.err_at(
                    rule,
                    format!(
                        "rule '{}': the only rule is \"{}\" (leave it out for none)",
                        rule.get_ref(),
                        crate::map::ESCALATION
                    ),
                ));
            }
        }
        if let Some(b) = &self.file.variant.builds {
            if b.get_ref() != crate::map::ANY_HOME && b.get_ref() != crate::map::OWN_HOME {
                return Err(self.err_at(
                    b,
                    format!(
                        "builds '{}': either \"{}\" (the default) or \"{}\"",
                        b.get_ref(),
                        crate::map::OWN_HOME,
                        crate::map::ANY_HOME
                    ),
                ));
            }
        }
        if self.file.provinces.is_empty() {
            return Err(self.err_at_end("the variant has no [[province]] entries"));
        }
        let year = &self.file.variant.start_year;
        if !(-100_000..=100_000).contains(year.get_ref()) {
            return Err(self.err_at(
                year,
                format!(
                    "start_year {}: a game must be able to count its years (from -100000 to 100000)",
                    year.get_ref()
                ),
            ));
        }
        Ok(())
    }

    /// Every province alone, in file order: province `i` gets id `i`.
    fn read_provinces(&mut self) -> Result<()> {
        let file = self.file;
        self.provinces.reserve(file.provinces.len());
        for (i, e) in file.provinces.iter().enumerate() {
            let abbr = self.read_abbr(i, e)?;
            let kind = self.read_kind(e, &abbr)?;
            self.check_province_borders(e, &abbr, kind)?;
            self.provinces.push(Province {
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
        Ok(())
    }

    /// The normalized abbreviation of province `i` (one word, not taken), and its name.
    fn read_abbr(&mut self, i: usize, e: &ProvinceEntry) -> Result<String> {
        let abbr = normalize_name(e.abbr.get_ref());
        if abbr.is_empty() || abbr.contains(' ') || abbr.contains('/') {
            return Err(self.err_at(
                &e.abbr,
                format!(
                    "abbreviation '{}' must be one word without '/'",
                    e.abbr.get_ref()
                ),
            ));
        }
        if self
            .abbr_index
            .insert(abbr.clone(), ProvinceId(i as u16))
            .is_some()
        {
            return Err(self.err_at(&e.abbr, format!("province '{abbr}' is defined twice")));
        }
        if e.name.get_ref().trim().is_empty() {
            return Err(self.err_at(&e.name, format!("province '{abbr}' has an empty name")));
        }
        Ok(abbr)
    }

    /// The province's kind, and the split coasts it may have: none at sea, two or more, each
    /// named by one word.
    fn read_kind(&self, e: &ProvinceEntry, abbr: &str) -> Result<ProvinceKind> {
        let kind = match e.kind.get_ref().as_str() {
            "land" => ProvinceKind::Land,
            "sea" => ProvinceKind::Sea,
            "coast" => ProvinceKind::Coast,
            other => {
                return Err(self.err_at(
                    &e.kind,
                    format!(
                        "province '{}': unknown kind '{other}' (expected land, sea or coast)",
                        e.abbr.get_ref()
                    ),
                ))
            }
        };
        if kind == ProvinceKind::Sea && !e.coasts.is_empty() {
            return Err(self.err_at(
                &e.abbr,
                format!("sea '{abbr}' cannot have coasts (only coastal provinces are split)"),
            ));
        }
        if e.coasts.len() == 1 {
            let at = e.coasts.values().flatten().next().unwrap_or(&e.abbr);
            return Err(self.err_at(
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
                return Err(self.err_at(
                    &e.abbr,
                    format!("'{abbr}': coast name '{c}' must be one word without '/' (nc, sc, ec, wc...)"),
                ));
            }
        }
        Ok(kind)
    }

    /// Which border lists a province of this kind may have, and whether it may be a centre.
    fn check_province_borders(
        &self,
        e: &ProvinceEntry,
        abbr: &str,
        kind: ProvinceKind,
    ) -> Result<()> {
        if kind == ProvinceKind::Sea && !e.army.is_empty() {
            return Err(self.err_at(&e.army[0], format!("sea '{abbr}' cannot have army borders")));
        }
        if kind == ProvinceKind::Land && (!e.fleet.is_empty() || !e.coasts.is_empty()) {
            let at = e
                .fleet
                .first()
                .or_else(|| e.coasts.values().flatten().next());
            return Err(match at {
                Some(s) => self.err_at(s, format!("land '{abbr}' cannot have fleet borders")),
                None => self.err_at(&e.abbr, format!("land '{abbr}' cannot have coasts")),
            });
        }
        if !e.coasts.is_empty() && !e.fleet.is_empty() {
            return Err(self.err_at(
                &e.fleet[0],
                format!("'{abbr}' has split coasts: list fleet borders under coasts, not fleet"),
            ));
        }
        if kind == ProvinceKind::Sea && e.centre {
            return Err(self.err_at(&e.abbr, format!("sea '{abbr}' cannot be a supply centre")));
        }
        Ok(())
    }

    /// The locations: every province, then the coasts of split provinces in file order. At
    /// most [`MAX_LOCATIONS`] (the size of a [`LocSet`]); the error names the line of the
    /// province whose space or coast goes over.
    fn read_coasts(&mut self) -> Result<()> {
        let too_many = |n: usize| {
            format!(
                "{n} locations (provinces plus coasts); the format allows at most {MAX_LOCATIONS}"
            )
        };
        let total = self.provinces.len()
            + self
                .file
                .provinces
                .iter()
                .map(|e| e.coasts.len())
                .sum::<usize>();
        if self.provinces.len() > MAX_LOCATIONS {
            let e = &self.file.provinces[MAX_LOCATIONS];
            return Err(self.err_at(&e.abbr, too_many(total)));
        }
        self.locs = (0..self.provinces.len())
            .map(|i| LocInfo {
                province: ProvinceId(i as u16),
                coast: None,
            })
            .collect();
        for (i, e) in self.file.provinces.iter().enumerate() {
            for c in e.coasts.keys() {
                if self.locs.len() == MAX_LOCATIONS {
                    return Err(self.err_at(&e.abbr, too_many(total)));
                }
                let code = normalize_coast(c).unwrap_or_default();
                let l = Loc(self.locs.len() as u16);
                self.locs.push(LocInfo {
                    province: ProvinceId(i as u16),
                    coast: Some(code),
                });
                self.provinces[i].coasts.push(l);
            }
        }
        Ok(())
    }

    /// The location a border or a unit names: `abbr` or `abbr/coast`.
    fn loc_lookup(&self, text: &Spanned<String>) -> Result<Loc> {
        let t = text.get_ref();
        let (p, c) = match t.split_once('/') {
            Some((p, c)) => (p, Some(c)),
            None => (t.as_str(), None),
        };
        let pid = *self
            .abbr_index
            .get(&normalize_name(p))
            .ok_or_else(|| self.err_at(text, format!("unknown province '{p}'")))?;
        match c {
            None => Ok(pid.loc()),
            Some(c) => {
                let code = normalize_coast(c).unwrap_or_default();
                self.provinces[pid.index()]
                    .coasts
                    .iter()
                    .copied()
                    .find(|l| self.locs[l.index()].coast.as_deref() == Some(code.as_str()))
                    .ok_or_else(|| self.err_at(text, format!("'{p}' has no coast '{c}'")))
            }
        }
    }

    /// A location's canonical short name (`stp/nc`), for messages.
    fn loc_name(&self, l: u16) -> String {
        let info = &self.locs[l as usize];
        let abbr = &self.provinces[info.province.index()].abbr;
        match &info.coast {
            Some(c) => format!("{abbr}/{c}"),
            None => abbr.clone(),
        }
    }

    /// Every border as listed, province by province (army borders, then fleet borders).
    fn read_adjacency(&self) -> Result<Adjacency<'a>> {
        let n = self.locs.len();
        let mut adj = Adjacency {
            army: vec![LocSet::EMPTY; n],
            fleet: vec![LocSet::EMPTY; n],
            army_span: HashMap::new(),
            fleet_span: HashMap::new(),
        };
        let file = self.file;
        for (i, e) in file.provinces.iter().enumerate() {
            self.read_army_borders(i, e, &mut adj)?;
            let me = ProvinceId(i as u16);
            let mut fleet_lists: Vec<(Loc, &'a Vec<Spanned<String>>)> = Vec::new();
            if e.coasts.is_empty() {
                if self.provinces[i].kind != ProvinceKind::Land {
                    fleet_lists.push((me.loc(), &e.fleet));
                }
            } else {
                for (k, (_, list)) in e.coasts.iter().enumerate() {
                    fleet_lists.push((self.provinces[i].coasts[k], list));
                }
            }
            for (from, list) in fleet_lists {
                self.read_fleet_borders(me, from, list, &mut adj)?;
            }
        }
        Ok(adj)
    }

    /// The army borders of province `i`: other provinces that are not seas, each once.
    fn read_army_borders(
        &self,
        i: usize,
        e: &'a ProvinceEntry,
        adj: &mut Adjacency<'a>,
    ) -> Result<()> {
        let me = ProvinceId(i as u16);
        let abbr = &self.provinces[i].abbr;
        for t in &e.army {
            let l = self.loc_lookup(t)?;
            if self.locs[l.index()].coast.is_some() {
                return Err(self.err_at(t, "army borders name provinces, not coasts"));
            }
            let other = &self.provinces[l.index()];
            if other.kind == ProvinceKind::Sea {
                return Err(self.err_at(
                    t,
                    format!(
                        "army border {abbr}–{}: '{}' is a sea",
                        other.abbr, other.abbr
                    ),
                ));
            }
            if l.0 == me.0 {
                return Err(self.err_at(t, format!("'{abbr}' borders itself")));
            }
            if adj.army[i].contains(l.0) {
                return Err(self.err_at(
                    t,
                    format!("army border {abbr}–{} is listed twice", other.abbr),
                ));
            }
            adj.army[i].insert(l.0);
            adj.army_span.insert((me.0, l.0), t);
        }
        Ok(())
    }

    /// The fleet borders of location `from` (of province `me`): other places a fleet can stand,
    /// naming the coast of a split province, each once.
    fn read_fleet_borders(
        &self,
        me: ProvinceId,
        from: Loc,
        list: &'a [Spanned<String>],
        adj: &mut Adjacency<'a>,
    ) -> Result<()> {
        for t in list {
            let l = self.loc_lookup(t)?;
            let other = &self.provinces[self.locs[l.index()].province.index()];
            if other.kind == ProvinceKind::Land {
                return Err(self.err_at(t, format!("fleet border to land '{}'", other.abbr)));
            }
            if self.locs[l.index()].coast.is_none() && !other.coasts.is_empty() {
                return Err(self.err_at(
                    t,
                    format!(
                        "fleet border to '{}' must name one of its coasts",
                        other.abbr
                    ),
                ));
            }
            if self.locs[l.index()].province == me {
                return Err(self.err_at(
                    t,
                    format!("'{}' borders itself", self.provinces[me.index()].abbr),
                ));
            }
            if adj.fleet[from.index()].contains(l.0) {
                return Err(self.err_at(
                    t,
                    format!("fleet border to '{}' is listed twice", t.get_ref()),
                ));
            }
            adj.fleet[from.index()].insert(l.0);
            adj.fleet_span.insert((from.0, l.0), t);
        }
        Ok(())
    }

    /// Every border is listed from both sides (army borders first, each kind in id order).
    fn check_symmetry(&self, adj: &Adjacency<'_>) -> Result<()> {
        self.check_symmetric("army", &adj.army, &adj.army_span)?;
        self.check_symmetric("fleet", &adj.fleet, &adj.fleet_span)
    }

    fn check_symmetric(
        &self,
        what: &str,
        adj: &[LocSet],
        spans: &HashMap<(u16, u16), &Spanned<String>>,
    ) -> Result<()> {
        let mut keys: Vec<_> = spans.keys().copied().collect();
        keys.sort_unstable();
        for (a, b) in keys {
            if !adj[b as usize].contains(a) {
                return Err(self.err_at(
                    spans[&(a, b)],
                    format!(
                        "asymmetric {what} border: '{}' lists '{}' but '{}' does not list '{}'",
                        self.loc_name(a),
                        self.loc_name(b),
                        self.loc_name(b),
                        self.loc_name(a)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// A coastal space (or each coast of a split province) needs a fleet border, or no fleet
    /// could ever stand there: it would be land in all but name.
    fn check_coasts_have_fleet_borders(&self, fleet_adj: &[LocSet]) -> Result<()> {
        for (i, e) in self.file.provinces.iter().enumerate() {
            let prov = &self.provinces[i];
            if prov.kind != ProvinceKind::Coast {
                continue;
            }
            let fleet_locs: Vec<Loc> = if prov.coasts.is_empty() {
                vec![ProvinceId(i as u16).loc()]
            } else {
                prov.coasts.clone()
            };
            for l in fleet_locs {
                if fleet_adj[l.index()].is_empty() {
                    return Err(self.err_at(
                        &e.abbr,
                        format!(
                            "coast '{}' has no fleet borders: no fleet could get there (make it \
                             land, or list its fleet borders)",
                            self.loc_name(l.0)
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Per location, the provinces a fleet there reaches (any coast); per province, the same
    /// from any of its coasts.
    fn fleet_reach(&self, fleet_adj: &[LocSet]) -> (Vec<LocSet>, Vec<LocSet>) {
        let mut fleet_reach = vec![LocSet::EMPTY; self.locs.len()];
        for (l, set) in fleet_adj.iter().enumerate() {
            for m in set.iter() {
                fleet_reach[l].insert(self.locs[m as usize].province.0);
            }
        }
        let mut province_fleet_reach = vec![LocSet::EMPTY; self.provinces.len()];
        for (l, info) in self.locs.iter().enumerate() {
            let p = info.province.index();
            province_fleet_reach[p] = province_fleet_reach[p].union(&fleet_reach[l]);
        }
        (fleet_reach, province_fleet_reach)
    }

    /// Every space must be reachable from the first by some unit's moves.
    fn check_connected(&self, army_adj: &[LocSet], fleet_reach: &[LocSet]) -> Result<()> {
        let mut seen = LocSet::EMPTY;
        let mut stack = vec![0u16];
        seen.insert(0);
        while let Some(p) = stack.pop() {
            let mut next = army_adj[p as usize];
            let coasts = self.provinces[p as usize].coasts.iter().map(|l| l.0);
            for l in std::iter::once(p).chain(coasts) {
                next = next.union(&fleet_reach[l as usize]);
            }
            for q in next.iter() {
                if !seen.contains(q) {
                    seen.insert(q);
                    stack.push(q);
                }
            }
        }
        for (i, e) in self.file.provinces.iter().enumerate() {
            if !seen.contains(i as u16) {
                return Err(self.err_at(
                    &e.abbr,
                    format!(
                        "'{}' cannot be reached from '{}'",
                        self.provinces[i].abbr, self.provinces[0].abbr
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Names: abbreviation, English name, aliases, localized names. One name, one province.
    fn build_name_tables(&mut self) -> Result<HashMap<String, ProvinceId>> {
        let mut names: HashMap<String, ProvinceId> = HashMap::new();
        for (i, e) in self.file.provinces.iter().enumerate() {
            let pid = ProvinceId(i as u16);
            let all = std::iter::once(e.abbr.get_ref().clone())
                .chain(std::iter::once(e.name.get_ref().clone()))
                .chain(e.aliases.iter().cloned());
            for nm in all {
                let key = normalize_name(&nm);
                if let Some(prev) = names.insert(key.clone(), pid) {
                    if prev != pid {
                        return Err(self.err_at(
                            &e.abbr,
                            format!(
                                "name '{nm}' of '{}' is already used by '{}'",
                                self.provinces[i].abbr,
                                self.provinces[prev.index()].abbr
                            ),
                        ));
                    }
                }
            }
        }
        self.add_localized_names(&mut names);
        Ok(names)
    }

    /// Localized names may collide across languages (or with an English abbreviation); such a
    /// name is ambiguous, so it is dropped (with a warning) rather than resolved to one of the
    /// provinces.
    fn add_localized_names(&mut self, names: &mut HashMap<String, ProvinceId>) {
        let mut localized: HashMap<String, Option<ProvinceId>> = HashMap::new();
        let file = self.file;
        for (i, e) in file.provinces.iter().enumerate() {
            let pid = ProvinceId(i as u16);
            let abbr = self.provinces[i].abbr.clone();
            for (lang, list) in &e.names {
                for nm in list {
                    let key = normalize_name(nm);
                    if let Some(&owner) = names.get(&key) {
                        if owner != pid {
                            let owner = &self.provinces[owner.index()].abbr;
                            let message = format!(
                                "{lang} name '{nm}' of '{abbr}' is a name of '{owner}': it is ignored",
                            );
                            self.warn_at(&e.abbr, message);
                        }
                        continue;
                    }
                    if let Some(Some(prev)) = localized.get(&key) {
                        if *prev != pid {
                            let prev = &self.provinces[prev.index()].abbr;
                            let message = format!(
                                "{lang} name '{nm}' of '{abbr}' is also a localized name of \
                                 '{prev}': it is ambiguous and accepted for neither",
                            );
                            self.warn_at(&e.abbr, message);
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
    }

    /// Powers, in file order, with their names, home centres and start units; then every
    /// power's letter as a name, where no name took it.
    fn read_powers(&mut self) -> Result<Powers> {
        let file = self.file;
        if file.powers.len() > 64 {
            return Err(self.err_at(
                &file.powers[64].name,
                "a variant has at most 64 [[power]] entries; this is the 65th",
            ));
        }
        if file.powers.is_empty() {
            return Err(self.err_at_end("the variant has no [[power]] entries"));
        }
        let mut out = Powers {
            powers: Vec::with_capacity(file.powers.len()),
            home_of: vec![None; self.provinces.len()],
            names: HashMap::new(),
            occupied: LocSet::EMPTY,
        };
        for (pi, pe) in file.powers.iter().enumerate() {
            let power = self.read_power(PowerId(pi as u8), pe, &mut out)?;
            out.powers.push(power);
        }
        for (pi, p) in out.powers.iter().enumerate() {
            let key = normalize_name(&p.letter.to_string());
            out.names.entry(key).or_insert(PowerId(pi as u8));
        }
        Ok(out)
    }

    /// One power: name, letter, colour, names, home centres, start units.
    fn read_power(&mut self, pid: PowerId, pe: &PowerEntry, out: &mut Powers) -> Result<Power> {
        let name = pe.name.get_ref().clone();
        if name.trim().is_empty() {
            return Err(self.err_at(&pe.name, "a power has an empty name"));
        }
        let letter = self.read_letter(pe, &name, &out.powers)?;
        if let Some(c) = &pe.colour {
            if !is_hex_colour(c.get_ref()) {
                return Err(self.err_at(
                    c,
                    format!("colour '{}' of {name}: write it as #rrggbb", c.get_ref()),
                ));
            }
        }
        let escalation = self.file.variant.rule.is_some();
        if escalation && !(pe.home_centres.is_empty() && pe.start_units.is_empty()) {
            return Err(self.err_at(
                &pe.name,
                format!(
                    "{name}: under the escalation rule a power has no home centres nor start \
                     units (they are placed and nominated in the game)"
                ),
            ));
        }
        if pe.home_centres.is_empty() && !escalation {
            return Err(self.err_at(
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
            if let Some(prev) = out.names.insert(key, pid) {
                if prev != pid {
                    return Err(self.err_at(&pe.name, format!("power name '{nm}' is used twice")));
                }
            }
        }
        let home_centres = self.read_home_centres(pid, pe, &name, &mut out.home_of)?;
        let start_units = self.read_start_units(pe, &name, &home_centres, &mut out.occupied)?;
        Ok(Power {
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
            home_centres,
            start_units,
        })
    }

    /// The power's one letter (by default the first of its name), not another power's.
    fn read_letter(&self, pe: &PowerEntry, name: &str, earlier: &[Power]) -> Result<char> {
        let letter = match &pe.letter {
            Some(l) => {
                let mut chars = l.get_ref().chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_alphabetic() => c,
                    _ => {
                        return Err(self.err_at(
                            l,
                            format!("letter '{}' of {name} must be one letter", l.get_ref()),
                        ))
                    }
                }
            }
            None => name.chars().next().unwrap_or('?'),
        };
        if let Some(other) = earlier
            .iter()
            .find(|p| p.letter.to_lowercase().eq(letter.to_lowercase()))
        {
            let at = pe.letter.as_ref().map_or(pe.name.span(), |l| l.span());
            return Err(VariantError {
                line: Some(self.lines.line_of(at.start)),
                message: format!(
                    "{name} and {} both have the letter '{letter}' (set `letter` to tell them apart)",
                    other.name
                ),
            });
        }
        Ok(letter)
    }

    /// The power's home centres: supply centres, each once, of no other power.
    fn read_home_centres(
        &self,
        pid: PowerId,
        pe: &PowerEntry,
        name: &str,
        home_of: &mut [Option<PowerId>],
    ) -> Result<Vec<ProvinceId>> {
        let mut home = Vec::new();
        for h in &pe.home_centres {
            let l = self.loc_lookup(h)?;
            let p = self.locs[l.index()].province;
            let abbr = &self.provinces[p.index()].abbr;
            if !self.provinces[p.index()].centre {
                return Err(self.err_at(
                    h,
                    format!("home centre '{abbr}' of {name} is not a supply centre"),
                ));
            }
            if home_of[p.index()] == Some(pid) {
                return Err(
                    self.err_at(h, format!("home centre '{abbr}' of {name} is listed twice"))
                );
            }
            if let Some(other) = home_of[p.index()] {
                let other = self.file.powers[other.index()].name.get_ref();
                return Err(self.err_at(
                    h,
                    format!("'{abbr}' is a home centre of both {other} and {name}"),
                ));
            }
            home_of[p.index()] = Some(pid);
            home.push(p);
        }
        Ok(home)
    }

    /// The power's start units: `A par`, `F stp/sc`, each where such a unit can stand, one per
    /// province; a unit outside the home centres is only warned about.
    fn read_start_units(
        &mut self,
        pe: &PowerEntry,
        name: &str,
        home: &[ProvinceId],
        occupied: &mut LocSet,
    ) -> Result<Vec<(UnitType, Loc)>> {
        let mut units = Vec::new();
        for u in &pe.start_units {
            let text = u.get_ref().trim();
            let (ty, at) = text
                .split_once(char::is_whitespace)
                .and_then(|(t, a)| Some((UnitType::from_letter(t.chars().next()?)?, a.trim())))
                .filter(|(_, a)| !a.is_empty())
                .ok_or_else(|| {
                    self.err_at(
                        u,
                        format!("start unit '{text}': write 'A par' or 'F stp/sc'"),
                    )
                })?;
            let l = self.loc_lookup(&Spanned::new(u.span(), at.to_string()))?;
            let info = &self.locs[l.index()];
            let prov = &self.provinces[info.province.index()];
            let ok = match ty {
                UnitType::Army => info.coast.is_none() && prov.kind != ProvinceKind::Sea,
                UnitType::Fleet => {
                    prov.kind != ProvinceKind::Land
                        && (prov.coasts.is_empty() == info.coast.is_none())
                }
            };
            if !ok {
                return Err(self.err_at(
                    u,
                    format!("start unit '{text}' of {name}: that unit cannot stand there"),
                ));
            }
            if occupied.contains(info.province.0) {
                return Err(self.err_at(u, format!("two start units in '{}'", prov.abbr)));
            }
            occupied.insert(info.province.0);
            if !home.contains(&info.province) {
                // Allowed (a scenario may start anywhere); builds are still home-only.
                self.warn_at(
                    u,
                    format!("start unit '{text}' of {name} is not in one of its home centres"),
                );
            }
            units.push((ty, l));
        }
        Ok(units)
    }

    /// The supply centres, and `victory_centres` between 1 and their number.
    /// `[[strait]]`: two fleet locations that do not border otherwise, and a supply centre
    /// whose owner's fleets may cross.
    fn read_straits(&self, fleet: &[LocSet], centres: &LocSet) -> Result<Vec<Strait>> {
        if let Some(e) = self.file.straits.get(MAX_STRAITS) {
            return Err(self.err_at(
                &e.between,
                format!("at most {MAX_STRAITS} [[strait]] entries (the judge looks through them for each fleet move)"),
            ));
        }
        let mut out = Vec::new();
        for e in &self.file.straits {
            let ends = e.between.get_ref();
            if ends.len() != 2 {
                return Err(self.err_at(
                    &e.between,
                    format!("a strait is between two locations ({} given)", ends.len()),
                ));
            }
            let (a, b) = (self.loc_lookup(&ends[0])?, self.loc_lookup(&ends[1])?);
            for (l, text) in [(a, &ends[0]), (b, &ends[1])] {
                let prov = &self.provinces[self.locs[l.index()].province.index()];
                if prov.kind == ProvinceKind::Land
                    || (!prov.coasts.is_empty() && self.locs[l.index()].coast.is_none())
                {
                    return Err(self.err_at(
                        text,
                        format!(
                            "'{}' is not a place a fleet stands (a sea, a coastal province or one of its coasts)",
                            text.get_ref()
                        ),
                    ));
                }
            }
            if self.locs[a.index()].province == self.locs[b.index()].province {
                return Err(self.err_at(&e.between, "a strait joins two different provinces"));
            }
            if fleet[a.index()].contains(b.0) {
                return Err(self.err_at(
                    &e.between,
                    format!(
                        "{} and {} already border for fleets: a strait is a border open only to a centre's owner, so leave it out of their `fleet` lists",
                        self.loc_name(a.0),
                        self.loc_name(b.0)
                    ),
                ));
            }
            let c = *self
                .abbr_index
                .get(&normalize_name(e.owner_of.get_ref()))
                .ok_or_else(|| {
                    self.err_at(
                        &e.owner_of,
                        format!("unknown province '{}'", e.owner_of.get_ref()),
                    )
                })?;
            if !centres.contains(c.0) {
                return Err(self.err_at(
                    &e.owner_of,
                    format!(
                        "'{}' is not a supply centre: a strait opens to the owner of one",
                        e.owner_of.get_ref()
                    ),
                ));
            }
            out.push(Strait { a, b, owner_of: c });
        }
        Ok(out)
    }

    fn check_victory(&self) -> Result<(u32, LocSet)> {
        let mut centres = LocSet::EMPTY;
        for (i, p) in self.provinces.iter().enumerate() {
            if p.centre {
                centres.insert(i as u16);
            }
        }
        let victory = *self.file.variant.victory_centres.get_ref();
        if victory == 0 || victory as usize > centres.len() {
            return Err(self.err_at(
                &self.file.variant.victory_centres,
                format!(
                    "victory_centres {victory} must be between 1 and the {} centres",
                    centres.len()
                ),
            ));
        }
        Ok((victory, centres))
    }
}

/// Reading a variant file: the text to a compiled map (the one entry to [`compile`]).
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
        let limit = crate::VARIANT_FILE_LIMIT as usize;
        if src.len() > limit {
            return Err(VariantError {
                line: Some(line_of(src, limit)),
                message: format!(
                    "the variant text goes over {} MiB here ({} bytes in all)",
                    limit >> 20,
                    src.len()
                ),
            });
        }
        let file: VariantFile = toml::from_str(src).map_err(|e| VariantError {
            line: e.span().map(|s| line_of(src, s.start)),
            message: toml_message(src, &e),
        })?;
        let mut warnings = Vec::new();
        let map = compile(src, file, &mut warnings)?;
        Ok((map, warnings))
    }
}

/// What a TOML syntax error says; the parser gives no words for some (a control character in
/// a comment, found by fuzzing), so those name the column and the character.
fn toml_message(src: &str, e: &toml::de::Error) -> String {
    let message = e.message().trim_end().replace('\n', ": ");
    if !message.is_empty() {
        return message;
    }
    let Some(span) = e.span() else {
        return "not valid TOML".into();
    };
    let start = span.start.min(src.len());
    let before = src.get(..start).unwrap_or_default();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = src.get(line_start..start).map_or(0, |s| s.chars().count()) + 1;
    match src.get(start..).and_then(|s| s.chars().next()) {
        Some(c) if c.is_control() => format!(
            "column {column}: control character U+{:04X} is not allowed in TOML",
            c as u32
        ),
        Some(c) => format!("column {column}: not valid TOML at '{c}'"),
        None => format!("column {column}: not valid TOML"),
    }
}
