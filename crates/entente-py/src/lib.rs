//! The native module of the Python package `entente` (`entente._entente`): a game of
//! Diplomacy with the names of the Python `diplomacy` package (`Game`, `get_units`,
//! `get_all_possible_orders`, `set_orders`, `process`, ...) and its order strings (`A PAR -
//! BUR`, `F STP/SC - BOT`, `A PAR B`, `WAIVE`), so that a bot written for the package can
//! switch.
//!
//! A `Game` wraps an [`entente_game::Session`] (seven players named after their powers),
//! legal orders come from [`entente_legal::Legal`], and the package's saved games are read
//! and written by [`entente_game::pydip`]. The class is `Send + Sync` and `process` releases
//! the GIL, so games in different threads adjudicate in parallel.

use entente_game::{EndOfGame, PhaseKind, Setup};
use entente_host::{GameOptions, Player, Reading, Session, SessionConfig, SessionParts, SheetLine};
use entente_judge::{adjustment_due, Edition, Outcome, Phase, PhaseResult, Rulebook, Season};
use entente_legal::{Legal, LegalOrders};
use entente_map::Variant;
use entente_map::{Loc, LocSet, Map, PowerId, ProvinceId, ProvinceKind, UnitType};
use entente_orders::{format_order, parse_order, Order, Target, UnitRef};
use entente_record::pydip;
use entente_record::record::SessionRecord;
use pyo3::exceptions::{PyRuntimeError, PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::MutexExt;
use pyo3::types::{PyDict, PyList, PyString};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use serde_json::Value;
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::ffi::CString;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

mod batch;

/// What every game of one variant shares: the map, a legal-order generator to clone, and
/// the package's upper-case names of locations and powers.
pub(crate) struct Tables {
    pub(crate) variant: Variant,
    pub(crate) map: Arc<Map>,
    pub(crate) legal: Legal,
    /// Per location: `PAR`, `STP/SC`.
    pub(crate) loc_up: Vec<String>,
    /// Per location, its place in `loc_up` sorted (the package's order of names).
    loc_rank: Vec<u16>,
    /// Per power: `AUSTRIA`.
    pub(crate) power_up: Vec<String>,
    /// The map's order-id vocabulary (`entente.Batch`, the possible orders' texts), built
    /// when first asked for.
    vocab: OnceLock<batch::Vocab>,
    /// `loc_up` as Python strings, made once.
    py_locs: OnceLock<Vec<Py<PyString>>>,
    /// `power_up` as Python strings, made once: the keys of every per-power dict, which
    /// `set_orders` then knows by address.
    py_powers: OnceLock<Vec<Py<PyString>>>,
    /// A dict of every location (in map order) to `None`, copied for each
    /// `get_all_possible_orders`.
    py_loc_dict: OnceLock<Py<PyDict>>,
}

impl Tables {
    fn new(variant: Variant) -> Tables {
        let map = variant.map.clone();
        let loc_up: Vec<String> = (0..map.num_locs())
            .map(|l| map.loc_abbr(Loc(l as u16)).to_uppercase())
            .collect();
        let power_up = map.powers().iter().map(|p| p.name.to_uppercase()).collect();
        let mut by_name: Vec<usize> = (0..map.num_locs()).collect();
        by_name.sort_by(|&a, &b| loc_up[a].cmp(&loc_up[b]));
        let mut loc_rank = vec![0u16; map.num_locs()];
        for (rank, &l) in by_name.iter().enumerate() {
            loc_rank[l] = rank as u16;
        }
        Tables {
            loc_rank,
            legal: Legal::new(&map),
            variant,
            map,
            loc_up,
            power_up,
            vocab: OnceLock::new(),
            py_locs: OnceLock::new(),
            py_powers: OnceLock::new(),
            py_loc_dict: OnceLock::new(),
        }
    }

    /// The locations' names as Python strings.
    fn py_locs(&self, py: Python<'_>) -> &[Py<PyString>] {
        self.py_locs.get_or_init(|| {
            self.loc_up
                .iter()
                .map(|s| PyString::intern(py, s).unbind())
                .collect()
        })
    }

    /// The powers' names as Python strings.
    fn py_powers(&self, py: Python<'_>) -> &[Py<PyString>] {
        self.py_powers.get_or_init(|| {
            self.power_up
                .iter()
                .map(|s| PyString::intern(py, s).unbind())
                .collect()
        })
    }

    /// A power's name as given to a method: one of [`Tables::py_powers`] (the keys of the
    /// dicts entente returns) is known by its address, any other string is read.
    fn power_name<'a>(&'a self, name: &Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
        let py = name.py();
        match self
            .py_powers(py)
            .iter()
            .position(|s| s.as_ptr() == name.as_ptr())
        {
            Some(i) => Ok(Cow::Borrowed(self.power_up[i].as_str())),
            None => Ok(Cow::Owned(name.to_cow()?.into_owned())),
        }
    }

    /// Every location's name to `None`, in the map's order.
    fn py_loc_dict(&self, py: Python<'_>) -> PyResult<&Py<PyDict>> {
        if let Some(d) = self.py_loc_dict.get() {
            return Ok(d);
        }
        let d = PyDict::new(py);
        for l in self.py_locs(py) {
            d.set_item(l.bind(py), py.None())?;
        }
        Ok(self.py_loc_dict.get_or_init(|| d.unbind()))
    }

    /// The map's fixed order-id vocabulary.
    pub(crate) fn vocab(&self) -> &batch::Vocab {
        self.vocab.get_or_init(|| batch::Vocab::build(self))
    }

    /// The tables of a variant: built-in variants are built once per process.
    pub(crate) fn of(name: &str) -> PyResult<Arc<Tables>> {
        static CACHE: OnceLock<Mutex<HashMap<String, Arc<Tables>>>> = OnceLock::new();
        let builtin = entente_map::builtin_variant_names().contains(&name);
        let cache = CACHE.get_or_init(Default::default);
        if builtin {
            if let Some(t) = cache.lock().expect("cache lock").get(name) {
                return Ok(t.clone());
            }
        }
        let t = Arc::new(Tables::new(Variant::load(name).map_err(value_err)?));
        if builtin {
            cache
                .lock()
                .expect("cache lock")
                .insert(name.to_string(), t.clone());
        }
        Ok(t)
    }

    pub(crate) fn loc(&self, l: Loc) -> &str {
        &self.loc_up[l.index()]
    }
    pub(crate) fn province(&self, l: Loc) -> &str {
        &self.loc_up[self.map.province_of(l).index()]
    }
    pub(crate) fn power(&self, p: PowerId) -> &str {
        &self.power_up[p.index()]
    }

    pub(crate) fn push_unit(&self, out: &mut String, ty: Option<UnitType>, loc: Loc) {
        out.push(ty.unwrap_or(UnitType::Army).letter());
        out.push(' ');
        out.push_str(self.loc(loc));
    }
    /// A power's units in `pos` as `Game.get_units(power)` lists them (`["A PAR", "*F BRE"]`:
    /// dislodged ones last, with `*`).
    pub(crate) fn units_of(&self, pos: &entente_judge::Position, p: PowerId) -> Vec<String> {
        let mut out: Vec<String> = pos
            .units_of(p)
            .map(|u| {
                let mut s = String::new();
                self.push_unit(&mut s, Some(u.ty), u.loc);
                s
            })
            .collect();
        for (_, d) in pos.dislodged().filter(|(_, d)| d.unit.power == p) {
            let mut s = String::from("*");
            self.push_unit(&mut s, Some(d.unit.ty), d.unit.loc);
            out.push(s);
        }
        out
    }

    /// A power's supply centres in `pos` (on `map`), as `Game.get_centers(power)` lists them.
    pub(crate) fn centers_of(
        &self,
        map: &Map,
        pos: &entente_judge::Position,
        p: PowerId,
    ) -> Vec<String> {
        map.province_ids()
            .filter(|&c| map.is_centre(c) && pos.owner(c) == Some(p))
            .map(|c| self.loc(c.loc()).to_string())
            .collect()
    }

    fn push_target(&self, out: &mut String, t: &Target) {
        self.push_unit(out, t.ty, t.loc);
    }

    /// A legal order (types and coasts as in the position) in the package's syntax. As the
    /// package lists them, an army's move to a space it does not border says `VIA`.
    pub(crate) fn legal_text(&self, o: &Order) -> String {
        let mut s = String::with_capacity(24);
        let unit = |s: &mut String, u: &UnitRef| self.push_unit(s, u.ty, u.loc);
        match o {
            Order::Hold(u) => {
                unit(&mut s, u);
                s.push_str(" H");
            }
            Order::Move {
                unit: u,
                to,
                via_convoy,
            } => {
                unit(&mut s, u);
                s.push_str(" - ");
                let army = u.ty != Some(UnitType::Fleet);
                if army {
                    s.push_str(self.province(*to));
                    let from = self.map.province_of(u.loc);
                    if *via_convoy || !self.map.army_adjacent(from, self.map.province_of(*to)) {
                        s.push_str(" VIA");
                    }
                } else {
                    s.push_str(self.loc(*to));
                }
            }
            Order::SupportHold { unit: u, target } => {
                unit(&mut s, u);
                s.push_str(" S ");
                self.push_target(&mut s, target);
            }
            Order::SupportMove {
                unit: u,
                target,
                to,
            } => {
                unit(&mut s, u);
                s.push_str(" S ");
                self.push_target(&mut s, target);
                s.push_str(" - ");
                s.push_str(self.loc(*to));
            }
            Order::Convoy {
                unit: u,
                target,
                to,
            } => {
                unit(&mut s, u);
                s.push_str(" C ");
                self.push_target(&mut s, target);
                s.push_str(" - ");
                s.push_str(self.province(*to));
            }
            Order::Retreat { unit: u, to } => {
                unit(&mut s, u);
                s.push_str(" R ");
                s.push_str(self.loc(*to));
            }
            Order::Disband(u) | Order::Remove(u) => {
                unit(&mut s, u);
                s.push_str(" D");
            }
            Order::Build { ty, loc } => {
                self.push_unit(&mut s, *ty, *loc);
                s.push_str(" B");
            }
            Order::Waive => s.push_str("WAIVE"),
        }
        s
    }

    /// The texts of a legal order as the package lists them: a support of a fleet's move
    /// into a province with coasts is also listed with each coast the fleet can reach
    /// (`A GAS S F MAO - SPA`, `A GAS S F MAO - SPA/NC`, `A GAS S F MAO - SPA/SC`).
    fn push_texts(&self, o: &Order, out: &mut Vec<String>) {
        out.push(self.legal_text(o));
        if let Order::SupportMove { unit, target, to } = *o {
            if target.ty != Some(UnitType::Fleet) {
                return;
            }
            let prov = self.map.province_of(to);
            for &c in &self.map.province(prov).coasts {
                if self.map.fleet_adjacent(target.loc, c) {
                    out.push(self.legal_text(&Order::SupportMove {
                        unit,
                        target,
                        to: c,
                    }));
                }
            }
        }
    }
}

/// Whether `given` (read from text) is the legal order `legal`: units and targets by
/// province and type, destinations by place (a fleet's by coast), supports' and convoys'
/// destinations by province.
fn same_order(map: &Map, legal: &Order, given: &Order) -> bool {
    let prov = |l: Loc| map.province_of(l);
    // The unit type given must be the unit's (the package: "invalid unit").
    let unit = |a: &UnitRef, b: &UnitRef| {
        prov(a.loc) == prov(b.loc) && (b.ty.is_none() || a.ty.is_none() || a.ty == b.ty)
    };
    let target = |a: &Target, b: &Target| {
        prov(a.loc) == prov(b.loc) && (b.ty.is_none() || a.ty.is_none() || a.ty == b.ty)
    };
    let dest = |a: &UnitRef, ta: Loc, tb: Loc| {
        ta == tb || a.ty != Some(UnitType::Fleet) && prov(ta) == prov(tb)
    };
    match (legal, given) {
        (Order::Hold(a), Order::Hold(b)) => unit(a, b),
        (
            Order::Move {
                unit: a,
                to: ta,
                via_convoy: va,
            },
            Order::Move {
                unit: b,
                to: tb,
                via_convoy: vb,
            },
        ) => {
            // `VIA` asks for a move by convoy: one the legal orders offer.
            let by_convoy = *va || !map.army_adjacent(prov(a.loc), prov(*ta));
            unit(a, b) && dest(a, *ta, *tb) && (!vb || by_convoy)
        }
        (Order::Retreat { unit: a, to: ta }, Order::Retreat { unit: b, to: tb }) => {
            unit(a, b) && dest(a, *ta, *tb)
        }
        (Order::SupportHold { unit: a, target: x }, Order::SupportHold { unit: b, target: y }) => {
            unit(a, b) && target(x, y)
        }
        (
            Order::SupportMove {
                unit: a,
                target: x,
                to: ta,
            },
            Order::SupportMove {
                unit: b,
                target: y,
                to: tb,
            },
        )
        | (
            Order::Convoy {
                unit: a,
                target: x,
                to: ta,
            },
            Order::Convoy {
                unit: b,
                target: y,
                to: tb,
            },
        ) => unit(a, b) && target(x, y) && prov(*ta) == prov(*tb),
        (Order::Disband(a) | Order::Remove(a), Order::Disband(b) | Order::Remove(b)) => unit(a, b),
        (Order::Build { ty: x, loc: la }, Order::Build { ty: y, loc: lb }) => x == y && la == lb,
        (Order::Waive, Order::Waive) => true,
        _ => false,
    }
}

/// A rulebook from `"2000"`, `"2000+retreat-to-convoy-origin"` (options of
/// `docs/rule-options.md` after `+`), or `"package"` (what the `diplomacy` package does).
pub(crate) fn parse_rules(text: &str) -> PyResult<Rulebook> {
    let mut parts = text.split('+').map(str::trim);
    let head = parts.next().unwrap_or("");
    let mut rules = match head.to_ascii_lowercase().as_str() {
        "package" | "diplomacy" => pydip::package_rules(),
        _ => Rulebook::edition(head.parse::<Edition>().map_err(value_err)?),
    };
    for opt in parts {
        if !rules.set_option(opt) {
            return Err(value_err(format!(
                "unknown rule option '{opt}' (docs/rule-options.md)"
            )));
        }
    }
    Ok(rules)
}

/// The options of `docs/rule-options.md`, for [`rules_spec`].
const RULE_OPTIONS: &[&str] = &[
    "any-route-disruption",
    "all-routes-disruption",
    "adjacent-convoy-swap-only",
    "adjacent-convoy-via-or-own-fleet",
    "adjacent-convoy-if-route",
    "retreat-to-convoy-origin",
    "no-retreat-to-convoy-origin",
    "removal-distance-home",
    "removal-distance-owned",
    "paradox-rule-none",
    "paradox-rule-1971",
    "paradox-rule-1982",
    "paradox-rule-2000",
    "paradox-backup-szykman",
    "paradox-backup-all-hold",
];

/// How many of two rulebooks' settings differ.
fn rule_distance(a: &Rulebook, b: &Rulebook) -> usize {
    let (Ok(Value::Object(a)), Ok(Value::Object(b))) =
        (serde_json::to_value(a), serde_json::to_value(b))
    else {
        return usize::MAX;
    };
    a.iter().filter(|(k, v)| b.get(*k) != Some(v)).count()
}

/// A rulebook as [`parse_rules`] reads it back: `"2000"`, `"2000+retreat-to-convoy-origin"`.
fn rules_spec(r: &Rulebook) -> String {
    let mut cur = Rulebook::edition(r.edition);
    let mut spec = r.edition.to_string();
    for opt in RULE_OPTIONS {
        let mut t = cur;
        if t.set_option(opt) && rule_distance(&t, r) < rule_distance(&cur, r) {
            cur = t;
            spec.push('+');
            spec.push_str(opt);
        }
    }
    spec
}

/// The rule flag a saved game carries entente's rules in (the package ignores flags it does
/// not know): `ENTENTE_RULES=2000`.
const RULES_FLAG: &str = "ENTENTE_RULES=";

/// A phase's name as the package writes it: `S1901M`, `S0001M` (four-digit years).
pub(crate) fn py_phase(p: Phase) -> String {
    let s = match p.season {
        Season::Spring => 'S',
        Season::Fall => 'F',
        Season::Winter => 'W',
    };
    let k = match p.kind {
        PhaseKind::Movement => 'M',
        PhaseKind::Retreat => 'R',
        PhaseKind::Adjustment => 'A',
    };
    format!("{s}{:04}{k}", p.year)
}

/// The package's long phase name: `SPRING 1901 MOVEMENT`.
fn py_phase_long(p: Phase) -> String {
    let s = match p.season {
        Season::Spring => "SPRING",
        Season::Fall => "FALL",
        Season::Winter => "WINTER",
    };
    let k = match p.kind {
        PhaseKind::Movement => "MOVEMENT",
        PhaseKind::Retreat => "RETREATS",
        PhaseKind::Adjustment => "ADJUSTMENTS",
    };
    format!("{s} {} {k}", p.year)
}

pub(crate) fn value_err(e: impl ToString) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A JSON value as plain Python objects (dict, list, str, int, float, bool, None).
fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any(),
            (None, Some(u)) => u.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(a) => {
            let list = PyList::empty(py);
            for x in a {
                list.append(to_py(py, x)?)?;
            }
            list.into_any()
        }
        Value::Object(o) => {
            let d = PyDict::new(py);
            for (k, x) in o {
                d.set_item(k, to_py(py, x)?)?;
            }
            d.into_any()
        }
    })
}

/// A phase's name as the package writes it (four-digit years: `S0001M`); a name that is
/// not a phase stays as it is.
fn py_phase_name(name: &str) -> String {
    Phase::parse(name).map_or_else(|| name.to_string(), py_phase)
}

/// The builds a power is due as the package counts them: no more than it has sites to build
/// in (disbands, negative, as they are).
fn builds_as_the_package(count: i64, sites: usize) -> i64 {
    if count > 0 {
        count.min(sites as i64)
    } else {
        count
    }
}

/// Text or a JSON-able Python object (dict) as JSON text.
fn json_text(data: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = data.extract::<String>() {
        return Ok(s);
    }
    if let Ok(b) = data.extract::<Vec<u8>>() {
        return String::from_utf8(b).map_err(|e| value_err(e.to_string()));
    }
    let json = data.py().import("json")?;
    json.call_method1("dumps", (data,))?.extract::<String>()
}

/// A new game of a variant, as the variant says it is played: a variant that names a
/// rulebook setup (the Great War: `"2"`, two players, Italy neutral until the coin toss) is
/// created with it, a player per seat named after the seat's powers
/// (`England/France/Russia`); any other, a player per power. `seed` draws the setup's lots.
pub(crate) fn new_session(
    tables: &Tables,
    rules: Rulebook,
    end_year: Option<i32>,
    seed: u64,
) -> PyResult<Session> {
    let mut config = SessionConfig::named_after_powers(tables.variant.clone(), rules);
    if let Some(code) = tables.map.setup.as_deref() {
        let setup: Setup = code.parse().map_err(value_err)?;
        let seats = setup.seats(&tables.map).map_err(value_err)?;
        config.players = seats
            .into_iter()
            .map(|powers| Player {
                name: powers
                    .iter()
                    .map(|&p| tables.map.power(p).name.clone())
                    .collect::<Vec<_>>()
                    .join("/"),
                powers,
            })
            .collect();
        config.setup = setup;
    }
    config.options = GameOptions {
        gunboat: true,
        end_year,
        ..GameOptions::default()
    };
    config.seed = seed;
    Session::new(config).map_err(value_err)
}

pub(crate) fn now_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

/// One game's state; a [`PyGame`] keeps it behind a mutex.
struct Inner {
    session: Session,
    tables: Arc<Tables>,
    legal: Legal,
    buf: LegalOrders,
    /// The history length `buf` was computed at (legal orders change only when a phase is
    /// adjudicated).
    buf_at: Option<usize>,
    /// The possible orders of the phase as order ids, and who may give each.
    poss: Option<Arc<Listing>>,
    /// Scratch: the packed keys of the phase's legal orders.
    keys: Vec<u64>,
    /// Scratch: the listed ids with their locations and powers ([`Inner::possible_ids`]).
    placed: Vec<(u16, u32, PowerId)>,
    /// Scratch: the orders [`Inner::random_orders`] drew.
    chosen: Vec<(PowerId, Order)>,
    rng: ChaCha8Rng,
    seed: u64,
    /// The package's `error`: why orders given to `set_orders` were not taken.
    errors: Vec<String>,
    /// Each power's influence at a point of the history (`set_state` sets it); from the
    /// start units when `None`.
    influence_base: Option<(usize, Vec<Vec<String>>)>,
    /// The game's rulebook as `parse_rules` reads it back (`rules_spec`), worked out once:
    /// the rules never change during a game, and working it out (a search over the rule
    /// options) had been a third of `get_state`'s time.
    rules_spec: String,
}

/// A phase's possible orders as vocabulary ids ([`Inner::possible_ids`]): by location, in
/// one buffer, with the power whose orders are listed there, so that `set_orders` checks a
/// listed string given back by a look at its location's few ids (not a search of every
/// legal order).
pub(crate) struct Listing {
    /// The history length it is of.
    at: usize,
    /// The ids listed, a unit's orders (or a place's adjustment orders) together.
    ids: Vec<u32>,
    /// Per location, where its ids are in `ids` (start, end): a unit on a coast lists the
    /// same ids under its coast and its province.
    spans: Vec<(u32, u32)>,
    /// Per location, the one power whose orders are listed there (`None`: none, or several:
    /// `WAIVE` is every builder's).
    power_at: Vec<Option<PowerId>>,
}

impl Listing {
    /// Nothing listed anywhere.
    fn empty(at: usize, locs: usize) -> Listing {
        Listing {
            at,
            ids: Vec::new(),
            spans: vec![(0, 0); locs],
            power_at: vec![None; locs],
        }
    }

    /// `placed`: `(location, id, power)` in listing order, any location any number of times.
    fn new(at: usize, locs: usize, placed: &[(u16, u32, PowerId)]) -> Listing {
        let mut ends = vec![0u32; locs];
        let mut power_at: Vec<Option<PowerId>> = vec![None; locs];
        let mut several = vec![false; locs];
        for &(l, _, p) in placed {
            let l = l as usize;
            ends[l] += 1;
            match power_at[l] {
                None if !several[l] => power_at[l] = Some(p),
                Some(q) if q != p => {
                    power_at[l] = None;
                    several[l] = true;
                }
                _ => {}
            }
        }
        let mut spans = Vec::with_capacity(locs);
        let mut total = 0u32;
        for &n in &ends {
            spans.push((total, total));
            total += n;
        }
        let mut ids = vec![0u32; placed.len()];
        for &(l, id, _) in placed {
            let end = &mut spans[l as usize].1;
            ids[*end as usize] = id;
            *end += 1;
        }
        Listing {
            at,
            ids,
            spans,
            power_at,
        }
    }

    /// The ids listed under location `l`.
    fn of(&self, l: usize) -> &[u32] {
        let (start, end) = self.spans[l];
        &self.ids[start as usize..end as usize]
    }

    /// Whether `id`, an order for a unit at (or a build in) `loc`, is listed there as one
    /// of `power`'s orders.
    fn gives(&self, power: PowerId, loc: Loc, id: u32) -> bool {
        self.power_at[loc.index()] == Some(power) && self.of(loc.index()).contains(&id)
    }
}

/// An order given to `set_orders`: one of the vocabulary's Python strings (the strings
/// `get_all_possible_orders` lists), known by its address without being read, or text.
enum Given {
    Listed(u32),
    Text(String),
}

/// A game of Diplomacy, with the Python `diplomacy` package's method names and order
/// strings.
///
/// `Game(map_name="standard", rules="2000", seed=None, end_year=None)`: `rules` is an
/// edition (`1971`, `1982`, `2000`, `2023`), optionally with options after `+`
/// (`"2000+retreat-to-convoy-origin"`), or `"package"` for the rules the `diplomacy`
/// package applies; `seed` drives `random_orders`; `end_year` makes a short game (it ends
/// after that year, most units wins).
///
/// Thread safety: the state is behind a mutex taken without holding the GIL, and every
/// call works on it as one step, so a game may be used from several threads; `process`
/// adjudicates with the GIL released, so games in different threads run in parallel.
#[pyclass(module = "entente", name = "Game")]
pub struct PyGame {
    inner: Mutex<Inner>,
    /// The game's tables (the inner game's, which never change), read without the lock.
    tables: Arc<Tables>,
    /// The last two dicts `get_all_possible_orders` returned (about 10 KB each on the
    /// standard map), with the kind of phase each was of: one that nobody else holds any
    /// more is refilled rather than made anew ([`PyGame::refill`]).
    recycled: Mutex<Vec<(PhaseKind, Py<PyDict>)>>,
}

impl PyGame {
    fn from_session(session: Session, seed: u64) -> PyResult<PyGame> {
        let inner = Inner::wrap(session, seed).map_err(value_err)?;
        Ok(PyGame {
            tables: inner.tables.clone(),
            inner: Mutex::new(inner),
            recycled: Mutex::new(Vec::new()),
        })
    }

    /// A dict of an earlier `get_all_possible_orders` that only this game holds (its
    /// reference count is 1: the caller dropped it), taken out of the recycled ones: one of
    /// a phase of this kind if there is one (its lists are the likeliest to keep their
    /// lengths).
    fn unheld_dict<'py>(&self, py: Python<'py>, kind: PhaseKind) -> Option<Bound<'py, PyDict>> {
        let mut kept = self.recycled.lock().unwrap_or_else(|e| e.into_inner());
        // SAFETY: the GIL is held and each kept dict is alive (this game holds it).
        let unheld = |d: &Py<PyDict>| unsafe { pyo3::ffi::Py_REFCNT(d.as_ptr()) } == 1;
        let i = kept
            .iter()
            .rposition(|(k, d)| *k == kind && unheld(d))
            .or_else(|| kept.iter().rposition(|(_, d)| unheld(d)))?;
        Some(kept.remove(i).1.into_bound(py))
    }

    /// Keeps `d`, just returned by `get_all_possible_orders` in a phase of this kind, to be
    /// refilled once dropped; the oldest beyond two is let go (after the lock is released:
    /// freeing it may run Python code).
    fn keep_dict(&self, kind: PhaseKind, d: &Bound<'_, PyDict>) {
        let old = {
            let mut kept = self.recycled.lock().unwrap_or_else(|e| e.into_inner());
            kept.push((kind, d.clone().unbind()));
            if kept.len() > 2 {
                Some(kept.remove(0))
            } else {
                None
            }
        };
        drop(old);
    }

    /// Refills `d`, a dict of every location to its list of possible orders that nobody
    /// but this game holds, with `listing`: a list nobody else holds either is refilled in
    /// place (most stay as they were: the empty ones, the units that did not move), any
    /// other is replaced by a new list. `false` (and `d` is to be dropped) if `d` is no
    /// longer such a dict (its keys changed).
    fn refill(
        d: &Bound<'_, PyDict>,
        locs: &[Py<PyString>],
        texts: &[Py<PyString>],
        listing: &Listing,
    ) -> PyResult<bool> {
        use pyo3::ffi;
        let py = d.py();
        let mut pos: ffi::Py_ssize_t = 0;
        let mut key: *mut ffi::PyObject = std::ptr::null_mut();
        let mut value: *mut ffi::PyObject = std::ptr::null_mut();
        for (l, name) in locs.iter().enumerate() {
            // SAFETY: the GIL is held; `d` is a live dict; `key` and `value` are borrowed
            // references, valid while the dict is not resized (only values are replaced).
            let more = unsafe { ffi::PyDict_Next(d.as_ptr(), &mut pos, &mut key, &mut value) };
            if more == 0 || key != name.as_ptr() {
                return Ok(false);
            }
            let ids = listing.of(l);
            // The length of a list only `d` holds, which may be refilled in place.
            // SAFETY: as above; `value` is a borrowed reference.
            let reusable = unsafe {
                (ffi::PyList_CheckExact(value) != 0 && ffi::Py_REFCNT(value) == 1)
                    .then(|| ffi::PyList_Size(value) as usize)
            };
            // (An empty list that is to be filled is replaced: one list made at its size
            // rather than one grown item by item.)
            let have = match reusable {
                Some(have) if have > 0 || ids.is_empty() => have,
                _ => {
                    let list = PyList::new(py, ids.iter().map(|&i| texts[i as usize].bind(py)))?;
                    d.set_item(name.bind(py), list)?;
                    continue;
                }
            };
            // SAFETY: `value` is an exact list that only `d` holds, so changing it in place
            // is seen by no one; every item set is a new reference (stolen by SetItem).
            unsafe {
                for (i, &id) in ids.iter().enumerate() {
                    let new = texts[id as usize].as_ptr();
                    if i < have {
                        if ffi::PyList_GetItem(value, i as ffi::Py_ssize_t) != new {
                            ffi::Py_IncRef(new);
                            ffi::PyList_SetItem(value, i as ffi::Py_ssize_t, new);
                        }
                    } else if ffi::PyList_Append(value, new) != 0 {
                        return Err(PyErr::fetch(py));
                    }
                }
                if ids.len() < have
                    && ffi::PyList_SetSlice(
                        value,
                        ids.len() as ffi::Py_ssize_t,
                        have as ffi::Py_ssize_t,
                        std::ptr::null_mut(),
                    ) != 0
                {
                    return Err(PyErr::fetch(py));
                }
            }
        }
        // SAFETY: as above.
        let more = unsafe { ffi::PyDict_Next(d.as_ptr(), &mut pos, &mut key, &mut value) };
        Ok(more == 0)
    }

    /// The game's state, for one call. Results are built as Rust values under the lock and
    /// turned into Python objects after it, so no Python code runs while it is held.
    fn lock(&self, py: Python<'_>) -> MutexGuard<'_, Inner> {
        match self.inner.lock_py_attached(py) {
            Ok(g) => g,
            Err(poisoned) => poisoned.into_inner(),
        }
    }
}

impl Inner {
    fn wrap(session: Session, seed: u64) -> PyResult<Inner> {
        let tables = Tables::of(&session.variant().name)?;
        let rules_spec = rules_spec(session.game().rules());
        Ok(Inner {
            rules_spec,
            legal: tables.legal.clone(),
            tables,
            session,
            buf: LegalOrders::new(),
            buf_at: None,
            poss: None,
            keys: Vec::new(),
            placed: Vec::new(),
            chosen: Vec::new(),
            rng: ChaCha8Rng::seed_from_u64(seed),
            seed,
            errors: Vec::new(),
            influence_base: None,
        })
    }

    fn map(&self) -> &Map {
        self.session.map()
    }

    fn power_id(&self, name: &str) -> PyResult<PowerId> {
        // The package's upper-case name first (what bots give), then any name the map reads.
        if let Some(i) = self.tables.power_up.iter().position(|n| n == name) {
            return Ok(PowerId(i as u8));
        }
        self.map()
            .lookup_power(name)
            .ok_or_else(|| value_err(format!("unknown power '{name}'")))
    }

    fn kind(&self) -> PhaseKind {
        self.session.game().phase().kind
    }

    fn over(&self) -> bool {
        self.session.game().is_over()
    }

    fn phase(&self) -> String {
        if self.over() {
            "COMPLETED".into()
        } else {
            py_phase(self.session.game().phase())
        }
    }

    fn outcome(&self) -> Vec<String> {
        let g = self.session.game();
        let Some(end) = g.end() else {
            return Vec::new();
        };
        let last = py_phase(g.history().last().map(|h| h.phase).unwrap_or(g.phase()));
        let winners: Vec<PowerId> = match end {
            EndOfGame::Victory(p) | EndOfGame::Concession(p) => vec![*p],
            EndOfGame::Side(ps) | EndOfGame::Draw(ps) => ps.clone(),
            EndOfGame::ShortGame { winners, .. } => winners.clone(),
        };
        std::iter::once(last)
            .chain(winners.iter().map(|&p| self.tables.power(p).to_string()))
            .collect()
    }

    /// `f` for the named power, or for every power.
    fn per_power(
        &self,
        power: Option<&str>,
        f: impl Fn(&Inner, PowerId) -> Vec<String>,
    ) -> PyResult<PerPower> {
        Ok(match power {
            Some(name) => PerPower::One(f(self, self.power_id(name)?)),
            None => PerPower::All(
                self.tables.clone(),
                self.map().power_ids().map(|p| f(self, p)).collect(),
            ),
        })
    }

    /// One random legal set of orders per power, as the vocabulary's ids where it has them
    /// (so that the strings handed out are the listed ones, which `set_orders` knows by
    /// their address), as text otherwise.
    fn random_orders(&mut self) -> Vec<Vec<Echo>> {
        let mut per: Vec<Vec<Echo>> = (0..self.map().powers().len()).map(|_| Vec::new()).collect();
        if !self.over() {
            self.fill_legal();
            let mut chosen = std::mem::take(&mut self.chosen);
            chosen.clear();
            let rng = &mut self.rng;
            self.legal
                .choose(&self.buf, |n| rng.random_range(0..n), &mut chosen);
            let tables = self.tables.clone();
            let vocab = tables.vocab();
            for &(p, o) in &chosen {
                per[p.index()].push(match vocab.id_of(&tables.map, &o) {
                    Some(id) => Echo::Listed(id),
                    None => Echo::Text(tables.legal_text(&o)),
                });
            }
            self.chosen = chosen;
        }
        per
    }

    /// `set_orders(..., replace=False)`: leaves out of `given` each order for a unit that
    /// already has one (as the package compares them: the first two words, `A PAR`); a
    /// `WAIVE` always stays.
    fn keep_set_orders(&self, power: &str, given: &mut Vec<Given>) -> PyResult<()> {
        fn head(t: &str) -> String {
            t.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
        }
        let p = self.power_id(power)?;
        let have: Vec<String> = self
            .pending_of(p)
            .iter()
            .filter(|t| t.as_str() != "WAIVE")
            .map(|t| head(t))
            .collect();
        let kind = self.kind();
        let vocab = self.tables.vocab();
        given.retain(|g| {
            let t = match g {
                Given::Listed(id) => vocab.listed(*id, kind).1,
                Given::Text(t) => t.as_str(),
            };
            t.trim() == "WAIVE" || !have.contains(&head(t))
        });
        Ok(())
    }

    fn set_orders(&mut self, power: &str, given: &[Given]) -> PyResult<Vec<Echo>> {
        let p = self.power_id(power)?;
        if self.over() {
            return Err(PyRuntimeError::new_err("the game is over"));
        }
        let tables = self.tables.clone();
        let vocab = tables.vocab();
        let kind = self.kind();
        fn text_of<'a>(vocab: &'a batch::Vocab, kind: PhaseKind, g: &'a Given) -> &'a str {
            match g {
                Given::Listed(id) => vocab.listed(*id, kind).1,
                Given::Text(t) => t,
            }
        }
        // A neutral power (the Great War's Italy before the coin toss) has no possible
        // orders: whatever it is given is left out.
        if !self.session.game().gives_orders(p) {
            for t in given
                .iter()
                .map(|g| text_of(vocab, kind, g).trim())
                .filter(|t| !t.is_empty())
            {
                self.errors.push(format!(
                    "{power}: not a possible order in {}: {t}",
                    self.phase()
                ));
            }
            return Ok(Vec::new());
        }
        // As the package, only the power's possible orders are taken; the others are left
        // out and said in `error`.
        let mut read: Vec<(&str, Order, Option<u32>)> = Vec::with_capacity(given.len());
        let at = self.session.game().history().len();
        let listing = self.poss.clone().filter(|l| l.at == at);
        for g in given {
            // A listed string: its order and text from the vocabulary's record; taken if it
            // is listed for this power in this phase's listing (or, without one, found among
            // the legal orders), unless its site is taken.
            if let Given::Listed(id) = *g {
                let (order, t, _) = vocab.listed(id, kind);
                let place = match order {
                    Order::Build { loc, .. } => Some(loc),
                    _ => order.unit().map(|u| u.loc),
                };
                let listed = match (&listing, place) {
                    (Some(l), Some(loc)) if l.gives(p, loc, id) => {
                        !self.site_taken(kind, &order, &read)
                    }
                    _ => self.takes_listed(p, kind, &order, &read),
                };
                if listed {
                    read.push((t, self.as_kept(order, t), Some(id)));
                    continue;
                }
            }
            let t = text_of(vocab, kind, g).trim();
            if t.is_empty() {
                continue;
            }
            // Fast path: a possible order as the package lists it, taken as written (a
            // string of the phase's listing known to be one of the power's orders, or a text
            // of the vocabulary that is).
            if let Some(id) = vocab.id_of_text(t).filter(|_| matches!(g, Given::Text(_))) {
                let order = vocab.order(id, kind);
                if self.takes_listed(p, kind, &order, &read) {
                    read.push((t, self.as_kept(order, t), Some(id)));
                    continue;
                }
            }
            let order = match self.read_order(t) {
                Ok(o) => self.as_kept(o, t),
                Err(e) => {
                    self.errors.push(format!("{power}: {e}"));
                    continue;
                }
            };
            // As the package, in retreats and adjustments the first order given in one
            // call for a unit (or a build site) is the one kept.
            let key = self.order_key(&order);
            let site_taken = self.kind() != PhaseKind::Movement
                && key.is_some()
                && read.iter().any(|(_, o, _)| self.order_key(o) == key);
            if !site_taken && self.is_possible(p, &order) {
                read.push((t, order, None));
            } else {
                self.errors.push(format!(
                    "{power}: not a possible order in {}: {}",
                    self.phase(),
                    self.py_text(&order)
                ));
            }
        }
        let mut lines: Vec<SheetLine> = self.session.pending().get(&p).cloned().unwrap_or_default();
        // The provinces (or build sites) the lines have an order for: a line is looked for
        // only where there is one to replace.
        let mut sited = LocSet::EMPTY;
        for o in lines.iter().filter_map(SheetLine::order) {
            if let Some(key) = self.order_key(&o) {
                sited.insert(key.0);
            }
        }
        let mut echo = Vec::with_capacity(read.len());
        for (text, order, listed) in read {
            if let Some(key) = self.order_key(&order) {
                if sited.contains(key.0) {
                    lines.retain(|l| l.order().and_then(|o| self.order_key(&o)) != Some(key));
                }
                sited.insert(key.0);
            }
            echo.push(match listed {
                Some(id) => Echo::Listed(id),
                None => Echo::Text(self.py_text_as_given(&order, text)),
            });
            // A listed order's canonical text is the vocabulary's, made once (unless the id
            // gives another order in this phase: a removal for a disband).
            let canonical = match listed.and_then(|id| vocab.listed(id, kind).2) {
                Some(c) => c.into(),
                None => format_order(self.map(), &order).into(),
            };
            lines.push(SheetLine {
                text: text.into(),
                reading: Reading::Order { order, canonical },
            });
        }
        if self.kind() == PhaseKind::Adjustment {
            // As the package: a waive never takes the place of a build ordered beside it
            // (builds beyond what is due are void, and entente counts in sheet order).
            lines.sort_by_key(|l| l.order() == Some(Order::Waive));
            // As the package: waives beyond the builds that can be made are dropped.
            let due = adjustment_due(self.map(), self.session.game().position(), p);
            let need = due.min(self.build_sites(p).len() as i32).max(0) as usize;
            while need > 0 && lines.len() > need {
                match lines.iter().rposition(|l| l.order() == Some(Order::Waive)) {
                    Some(i) => {
                        lines.remove(i);
                    }
                    None => break,
                }
            }
        }
        self.session
            .submit_lines(p, lines)
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        Ok(echo)
    }

    /// Each power's influence (the package's: the provinces its units last stood in, by
    /// move or retreat; a retreat to a coast is written with the coast) before each phase of
    /// the history and now: `len(history) + 1` lists of per-power lists.
    fn influence_history(&self) -> Vec<Vec<Vec<String>>> {
        self.influence_walk(true)
    }

    /// Each power's influence now (the last of `influence_history`, without keeping one
    /// copy per phase: `get_state` asks for it and it cost a copy of every power's list per
    /// phase played).
    fn influence_now(&self) -> Vec<Vec<String>> {
        // The walk without `every` gives exactly one: now, a list per power.
        self.influence_walk(false).pop().unwrap_or_default()
    }

    /// The influence walked through the history: before each phase and now (`every`), or
    /// now alone. Each place is held by one power, from the last gain of it on: a table of
    /// place to (power, when gained), so a phase costs its gains, not a search of every
    /// power's list for each (with which `get_state` grew with the game: 469-542 us a call
    /// after 60 phases against 108-123 after one; docs/bench.md).
    fn influence_walk(&self, every: bool) -> Vec<Vec<Vec<String>>> {
        let t = &self.tables;
        let map = self.map();
        let history = self.session.game().history();
        let powers = map.power_ids().count();
        type Held<'a> = HashMap<&'a str, (usize, usize)>;
        /// `place` is now `p`'s, its latest gain (`gains` counts them).
        fn gain<'a>(held: &mut Held<'a>, gains: &mut usize, p: usize, place: &'a str) {
            held.insert(place, (p, *gains));
            *gains += 1;
        }
        let mut held: Held = HashMap::new();
        let mut gains = 0usize;
        let start = match &self.influence_base {
            Some((i, lists)) => {
                for (p, list) in lists.iter().enumerate() {
                    for place in list {
                        gain(&mut held, &mut gains, p, place.as_str());
                    }
                }
                *i
            }
            None => {
                for p in map.power_ids() {
                    for &(_, l) in &map.power(p).start_units {
                        gain(&mut held, &mut gains, p.index(), t.province(l));
                    }
                }
                0
            }
        };
        let snapshot = |held: &Held| {
            let mut lists: Vec<Vec<(usize, &str)>> = vec![Vec::new(); powers];
            for (&place, &(p, when)) in held {
                if let Some(list) = lists.get_mut(p) {
                    list.push((when, place));
                }
            }
            lists
                .into_iter()
                .map(|mut list| {
                    list.sort_unstable();
                    list.into_iter().map(|(_, s)| s.to_string()).collect()
                })
                .collect::<Vec<Vec<String>>>()
        };
        let mut out = if every {
            vec![snapshot(&held); start.min(history.len()) + 1]
        } else {
            Vec::new()
        };
        for h in history.iter().skip(start) {
            let movement = matches!(h.result, PhaseResult::Movement(_));
            for r in h.result.orders() {
                if r.outcome != Outcome::Succeeded {
                    continue;
                }
                match r.order {
                    Order::Move { to, .. } if movement => {
                        gain(&mut held, &mut gains, r.power.index(), t.province(to))
                    }
                    Order::Retreat { to, .. } => {
                        gain(&mut held, &mut gains, r.power.index(), t.loc(to))
                    }
                    _ => {}
                }
            }
            if every {
                out.push(snapshot(&held));
            }
        }
        if !every {
            out.push(snapshot(&held));
        }
        out
    }

    /// A state of `pydip` as the package gives it: its influence, builds no more than there
    /// are sites, four-digit years, entente's rules.
    fn patch_state(&self, state: &mut Value, influence: &[Vec<String>]) {
        let t = &self.tables;
        if let Some(name) = state["name"].as_str() {
            state["name"] = Value::from(py_phase_name(name));
        }
        for (i, list) in influence.iter().enumerate() {
            state["influence"][&t.power_up[i]] = Value::from(list.clone());
        }
        if let Some(builds) = state["builds"].as_object_mut() {
            for b in builds.values_mut() {
                let sites = b["homes"].as_array().map_or(0, Vec::len);
                if let Some(count) = b["count"].as_i64() {
                    b["count"] = Value::from(builds_as_the_package(count, sites));
                }
            }
        }
        state["rules"] = Value::from(self.py_rules());
    }

    /// The package's state of the current phase as a Python dict (what `get_state` gives),
    /// built from `pydip`'s parts without going through JSON (a JSON value and its
    /// conversion were most of `get_state`'s time). The same keys, in the same (sorted)
    /// order, as `state()` had.
    fn state_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let parts = pydip::current_state_parts(&self.session);
        let influence = self.influence_now();
        let name = if self.over() {
            "COMPLETED".to_string()
        } else {
            py_phase_name(&parts.name)
        };
        // Per-power dicts keyed in name order (as the JSON object's keys were).
        let mut order: Vec<usize> = (0..parts.powers.len()).collect();
        order.sort_by(|&a, &b| parts.powers[a].name.cmp(&parts.powers[b].name));
        let per = |f: &dyn Fn(usize) -> PyResult<Bound<'py, PyAny>>| -> PyResult<_> {
            let d = PyDict::new(py);
            for &i in &order {
                d.set_item(&parts.powers[i].name, f(i)?)?;
            }
            Ok(d)
        };
        let list = |v: &[String]| PyList::new(py, v).map(Bound::into_any);
        let state = PyDict::new(py);
        state.set_item(
            "builds",
            per(&|i| {
                let p = &parts.powers[i];
                let b = PyDict::new(py);
                b.set_item(
                    "count",
                    builds_as_the_package(i64::from(p.build_count), p.build_sites.len()),
                )?;
                b.set_item("homes", list(&p.build_sites)?)?;
                Ok(b.into_any())
            })?,
        )?;
        state.set_item("centers", per(&|i| list(&parts.powers[i].centers))?)?;
        state.set_item(
            "civil_disorder",
            per(&|i| {
                Ok(i32::from(parts.powers[i].civil_disorder)
                    .into_pyobject(py)?
                    .into_any())
            })?,
        )?;
        state.set_item("game_id", "entente")?;
        state.set_item("homes", per(&|i| list(&parts.powers[i].homes))?)?;
        state.set_item(
            "influence",
            per(&|i| list(influence.get(i).map_or(&[][..], Vec::as_slice)))?,
        )?;
        state.set_item("map", &self.session.variant().name)?;
        state.set_item("name", name)?;
        state.set_item("note", "")?;
        state.set_item(
            "retreats",
            per(&|i| {
                let mut r: Vec<&(String, Vec<String>)> = parts.powers[i].retreats.iter().collect();
                r.sort_by(|a, b| a.0.cmp(&b.0));
                let d = PyDict::new(py);
                for (unit, to) in r {
                    d.set_item(unit, list(to)?)?;
                }
                Ok(d.into_any())
            })?,
        )?;
        state.set_item("rules", self.py_rules())?;
        state.set_item("timestamp", 0)?;
        state.set_item("units", per(&|i| list(&parts.powers[i].units))?)?;
        Ok(state)
    }

    /// The package's rule flags for this game, with entente's rules.
    fn py_rules(&self) -> Vec<String> {
        let mut rules = Vec::new();
        if self.session.options().gunboat {
            rules.push("NO_PRESS".to_string());
        }
        rules.push("POWER_CHOICE".to_string());
        rules.push(format!("{RULES_FLAG}{}", self.rules_spec));
        rules.extend(pydip::end_rules(&self.session));
        rules
    }

    /// The game in the package's saved-game format.
    fn saved(&self, id: &str) -> Value {
        let mut saved = pydip::export(&self.session, id);
        let inf = self.influence_history();
        if let Some(phases) = saved["phases"].as_array_mut() {
            for (i, ph) in phases.iter_mut().enumerate() {
                if let Some(ph_name) = ph["name"].as_str().and_then(Phase::parse) {
                    ph["name"] = Value::from(py_phase(ph_name));
                }
                let at = i.min(inf.len() - 1);
                self.patch_state(&mut ph["state"], &inf[at]);
            }
        }
        // The current phase: the orders set so far, every power listed (as the package).
        if let Some(last) = saved["phases"].as_array_mut().and_then(|a| a.last_mut()) {
            let mut orders = serde_json::Map::new();
            for p in self.map().power_ids() {
                let list: Vec<String> = self
                    .pending_of(p)
                    .into_iter()
                    .filter(|o| o != "WAIVE")
                    .collect();
                orders.insert(self.tables.power(p).to_string(), Value::from(list));
            }
            last["orders"] = Value::Object(orders);
        }
        saved["rules"] = Value::from(self.py_rules());
        saved
    }

    /// The game goes on from this position (`set_state`, `set_units`, ...): the phase, the
    /// units (`*` for dislodged ones) with the retreats of dislodged ones, the centres, the
    /// influence. The history is cleared, as the package's `set_state` does.
    fn set_position(
        &mut self,
        phase: Option<&str>,
        state: pydip::SavedState,
        influence: Option<BTreeMap<String, Vec<String>>>,
    ) -> PyResult<()> {
        let phase = match phase {
            Some(name) => {
                Phase::parse(name).ok_or_else(|| value_err(format!("unknown phase '{name}'")))?
            }
            None => self.session.game().phase(),
        };
        let saved = pydip::SavedGame {
            id: String::new(),
            map: self.session.variant().name.clone(),
            rules: Vec::new(),
            phases: vec![pydip::SavedPhase {
                name: py_phase(phase),
                state,
                orders: BTreeMap::new(),
                results: BTreeMap::new(),
                messages: Value::Null,
            }],
        };
        let mut recorded = pydip::recorded_phases(self.map(), &saved).map_err(value_err)?;
        let position = recorded.remove(0).position;
        let mut inf = self.influence_now();
        if let Some(given) = influence {
            for (name, list) in given {
                let p = self.power_id(&name)?;
                inf[p.index()] = list;
            }
        }
        let mut config = SessionConfig::named_after_powers(
            self.session.variant().clone(),
            *self.session.game().rules(),
        );
        config.options = self.session.options().clone();
        config.seed = self.session.seed();
        let session =
            Session::restore(config, SessionParts::at_start(phase, position)).map_err(value_err)?;
        self.session = session;
        self.buf_at = None;
        self.poss = None;
        self.influence_base = Some((0, inf));
        Ok(())
    }

    /// Whether an order read from text is one of the power's legal orders now (the same
    /// units, places and kind; an army's move by land or by convoy alike).
    fn is_possible(&mut self, p: PowerId, given: &Order) -> bool {
        self.fill_legal();
        let map = &*self.tables.map;
        let key = given.unit().map(|u| map.province_of(u.loc));
        self.buf.groups().iter().any(|g| {
            g.power == p
                && match (g.province, key) {
                    (Some(gp), Some(k)) => gp == k,
                    (Some(_), None) => false,
                    (None, _) => true,
                }
                && self.buf.of(g).iter().any(|o| same_order(map, o, given))
        })
    }

    /// Every legal order of the current phase, in `self.buf`.
    fn fill_legal(&mut self) {
        let at = self.session.game().history().len();
        if self.buf_at == Some(at) {
            return;
        }
        let game = self.session.game();
        // Closed provinces (the 2-player game's Italy) and powers whose orders are not taken.
        self.legal.set_restrictions(game.restrictions());
        let pos = game.position();
        match self.kind() {
            PhaseKind::Movement => self.legal.movement(pos, &mut self.buf),
            PhaseKind::Retreat => self.legal.retreats(pos, &mut self.buf),
            PhaseKind::Adjustment => self.legal.adjustments(pos, &mut self.buf),
        }
        self.buf_at = Some(at);
    }

    /// [`Inner::possible`]`(None)` as ids of the map's vocabulary, computed once per phase;
    /// `None` if an order is not in the vocabulary (never expected: the slow path then
    /// answers).
    fn possible_ids(&mut self) -> Option<Arc<Listing>> {
        let at = self.session.game().history().len();
        if let Some(l) = self.poss.as_ref().filter(|l| l.at == at) {
            return Some(l.clone());
        }
        let tables = self.tables.clone();
        let map = &*tables.map;
        let vocab = tables.vocab();
        let locs = map.num_locs();
        let listing = if self.over() {
            Listing::empty(at, locs)
        } else {
            self.fill_legal();
            // The keys first, their places in the vocabulary's tables fetched together; then
            // the lookups.
            self.keys.clear();
            for o in self.buf.orders() {
                let k = batch::pack_key(map, o);
                vocab.prefetch(k);
                self.keys.push(k);
            }
            match self.kind() {
                PhaseKind::Adjustment => self.adjustment_listing(at, vocab)?,
                PhaseKind::Movement | PhaseKind::Retreat => self.unit_listing(at, vocab)?,
            }
        };
        let listing = Arc::new(listing);
        self.poss = Some(listing.clone());
        Some(listing)
    }

    /// The listing of a phase whose orders are units' (movements, retreats), from
    /// `self.buf` and its packed keys in `self.keys`: each unit's ids in one span, under its
    /// location (and its province, for a unit on a coast).
    fn unit_listing(&self, at: usize, vocab: &batch::Vocab) -> Option<Listing> {
        let map = &*self.tables.map;
        let mut l = Listing::empty(at, map.num_locs());
        l.ids.reserve(self.keys.len() + self.keys.len() / 8);
        let mut start = 0;
        for g in self.buf.groups() {
            let orders = self.buf.of(g);
            let keys = &self.keys[start..start + orders.len()];
            start += orders.len();
            let Some(u) = orders.first().and_then(Order::unit) else {
                continue;
            };
            let first = l.ids.len() as u32;
            for (o, &k) in orders.iter().zip(keys) {
                let id = vocab.id_of_key(k)?;
                match *o {
                    // A support of a fleet's move also with each coast the fleet reaches.
                    Order::SupportMove { target, .. } if target.ty == Some(UnitType::Fleet) => {
                        if !vocab.push_ids(map, o, Some(id), &mut l.ids) {
                            return None;
                        }
                    }
                    _ => l.ids.push(id),
                }
            }
            let span = (first, l.ids.len() as u32);
            let prov = map.province_of(u.loc).loc();
            for loc in [u.loc, prov] {
                l.spans[loc.index()] = span;
                l.power_at[loc.index()] = Some(g.power);
            }
        }
        Some(l)
    }

    /// The listing of an adjustment phase, from `self.buf` (one group per power) and its
    /// packed keys in `self.keys`: builds under their location (and province), removals
    /// under the unit's, `WAIVE` under every build site of the power (with its coasts).
    fn adjustment_listing(&mut self, at: usize, vocab: &batch::Vocab) -> Option<Listing> {
        let tables = self.tables.clone();
        let map = &*tables.map;
        // (location, id, power) in listing order.
        let mut placed: Vec<(u16, u32, PowerId)> = std::mem::take(&mut self.placed);
        placed.clear();
        let mut start = 0;
        for g in self.buf.groups() {
            let orders = self.buf.of(g);
            let keys = &self.keys[start..start + orders.len()];
            start += orders.len();
            let p = g.power;
            let mut sites: Vec<ProvinceId> = Vec::new();
            for (o, &k) in orders.iter().zip(keys) {
                let id = match *o {
                    Order::Build { .. } | Order::Remove(_) | Order::Disband(_) => {
                        vocab.id_of_key(k)?
                    }
                    Order::Waive if !sites.is_empty() => vocab.id_of_key(k)?,
                    _ => continue,
                };
                match *o {
                    Order::Build { loc, .. } => {
                        let prov = map.province_of(loc);
                        if !sites.contains(&prov) {
                            sites.push(prov);
                        }
                        if prov.loc() != loc {
                            placed.push((loc.0, id, p));
                        }
                        placed.push((prov.0, id, p));
                    }
                    Order::Remove(u) | Order::Disband(u) => {
                        let prov = map.province_of(u.loc).loc();
                        if prov != u.loc {
                            placed.push((u.loc.0, id, p));
                        }
                        placed.push((prov.0, id, p));
                    }
                    _ => {
                        for &s in &sites {
                            placed.push((s.0, id, p));
                            for &c in &map.province(s).coasts {
                                placed.push((c.0, id, p));
                            }
                        }
                    }
                }
            }
        }
        let listing = Listing::new(at, map.num_locs(), &placed);
        self.placed = placed;
        Some(listing)
    }

    /// Whether an order in the legal generator's spelling (a vocabulary order) is one of
    /// the power's legal orders now.
    /// Is `order`, one of the vocabulary's, taken as given by `set_orders`: one of the
    /// power's possible orders, for a site (retreats, adjustments) no order read before
    /// already took?
    fn takes_listed(
        &mut self,
        p: PowerId,
        kind: PhaseKind,
        order: &Order,
        read: &[(&str, Order, Option<u32>)],
    ) -> bool {
        !self.site_taken(kind, order, read) && self.is_listed(p, order)
    }

    /// In retreats and adjustments, whether an order read before is for the same unit (or
    /// build site): the first given is the one kept.
    fn site_taken(
        &self,
        kind: PhaseKind,
        order: &Order,
        read: &[(&str, Order, Option<u32>)],
    ) -> bool {
        if kind == PhaseKind::Movement {
            return false;
        }
        let key = self.order_key(order);
        key.is_some() && read.iter().any(|(_, o, _)| self.order_key(o) == key)
    }

    fn is_listed(&mut self, p: PowerId, order: &Order) -> bool {
        self.fill_legal();
        let map = &*self.tables.map;
        let want = batch::generated(map, order);
        let place = match *order {
            Order::Build { loc, .. } => Some(map.province_of(loc)),
            _ => order.unit().map(|u| map.province_of(u.loc)),
        };
        self.buf.groups().iter().any(|g| {
            g.power == p
                && (g.province.is_none() || g.province == place)
                && self.buf.of(g).contains(&want)
        })
    }

    /// `A PAR`, and `*A VIE` for a dislodged unit, as the package lists a power's units.
    fn units_of(&self, p: PowerId) -> Vec<String> {
        self.tables.units_of(self.session.game().position(), p)
    }

    fn centers_of(&self, p: PowerId) -> Vec<String> {
        self.tables
            .centers_of(self.map(), self.session.game().position(), p)
    }

    /// Owned home centres without a unit: where the power may build.
    fn build_sites(&self, p: PowerId) -> Vec<ProvinceId> {
        let pos = self.session.game().position();
        self.map()
            .build_centres(p)
            .filter(|&h| pos.owner(h) == Some(p) && pos.unit_at(h).is_none())
            .collect()
    }

    /// The provinces where the power has something to order now, as the package gives
    /// them (sorted abbreviations, no coasts).
    fn orderable_locs(&self, p: PowerId) -> Vec<Loc> {
        // A neutral power (the Great War's Italy) or one in civil disorder orders nothing.
        if self.over() || !self.session.game().gives_orders(p) {
            return Vec::new();
        }
        let pos = self.session.game().position();
        let map = self.map();
        let prov = |l: Loc| map.province_of(l).loc();
        let mut out: Vec<Loc> = match self.kind() {
            PhaseKind::Movement => pos.units_of(p).map(|u| prov(u.loc)).collect(),
            PhaseKind::Retreat => pos
                .dislodged()
                .filter(|(_, d)| d.unit.power == p)
                .map(|(_, d)| prov(d.unit.loc))
                .collect(),
            PhaseKind::Adjustment => {
                let due = adjustment_due(map, pos, p);
                if due > 0 {
                    self.build_sites(p).into_iter().map(|h| h.loc()).collect()
                } else if due < 0 {
                    pos.units_of(p).map(|u| prov(u.loc)).collect()
                } else {
                    Vec::new()
                }
            }
        };
        out.sort_unstable_by_key(|l| self.tables.loc_rank[l.index()]);
        out
    }

    /// [`Inner::orderable_locs`] of every power; in a movement phase in one pass over the
    /// board.
    fn orderable_all(&self) -> Vec<Vec<Loc>> {
        if self.over() || self.kind() != PhaseKind::Movement {
            return self
                .map()
                .power_ids()
                .map(|p| self.orderable_locs(p))
                .collect();
        }
        let game = self.session.game();
        let map = self.map();
        let mut per: Vec<Vec<Loc>> = vec![Vec::new(); map.powers().len()];
        for (prov, u) in game.position().units() {
            per[u.power.index()].push(prov.loc());
        }
        for (p, locs) in map.power_ids().zip(per.iter_mut()) {
            if game.gives_orders(p) {
                locs.sort_unstable_by_key(|l| self.tables.loc_rank[l.index()]);
            } else {
                locs.clear();
            }
        }
        per
    }

    /// The legal orders by location, as the package's `get_all_possible_orders` keys them:
    /// a unit's orders under its location and, for a unit on a coast, under the province
    /// too; builds under their location (and province); `WAIVE` under every location of a
    /// build site. With `only`, just that power's orders, keyed by province.
    fn possible(&mut self, only: Option<PowerId>) -> Vec<Vec<String>> {
        let mut lists: Vec<Vec<String>> = vec![Vec::new(); self.map().num_locs()];
        if self.over() {
            return lists;
        }
        self.fill_legal();
        let t = &self.tables;
        let map = &*t.map;
        let by_province = only.is_some();
        for g in self.buf.groups() {
            if only.is_some_and(|p| p != g.power) {
                continue;
            }
            let orders = self.buf.of(g);
            if g.province.is_some() {
                let Some(u) = orders.first().and_then(Order::unit) else {
                    continue;
                };
                let prov = map.province_of(u.loc).loc();
                let mut texts: Vec<String> = Vec::with_capacity(orders.len());
                for o in orders {
                    t.push_texts(o, &mut texts);
                }
                if !by_province && prov != u.loc {
                    lists[prov.index()].extend(texts.iter().cloned());
                }
                let key = if by_province { prov } else { u.loc };
                lists[key.index()].extend(texts);
                continue;
            }
            // An adjustment group: one power's builds and waive, or its removals.
            let mut sites: Vec<ProvinceId> = Vec::new();
            for o in orders {
                match *o {
                    Order::Build { loc, .. } => {
                        let prov = map.province_of(loc);
                        if !sites.contains(&prov) {
                            sites.push(prov);
                        }
                        let text = t.legal_text(o);
                        if !by_province && prov.loc() != loc {
                            lists[loc.index()].push(text.clone());
                        }
                        lists[prov.index()].push(text);
                    }
                    Order::Remove(u) | Order::Disband(u) => {
                        let prov = map.province_of(u.loc).loc();
                        let text = t.legal_text(o);
                        if !by_province && prov != u.loc {
                            lists[u.loc.index()].push(text.clone());
                        }
                        lists[prov.index()].push(text);
                    }
                    Order::Waive => {
                        for &s in &sites {
                            lists[s.index()].push("WAIVE".into());
                            if !by_province {
                                for &c in &map.province(s).coasts {
                                    lists[c.index()].push("WAIVE".into());
                                }
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        lists
    }

    /// Reads one order: the package's syntax first, then any spelling entente's parser
    /// reads (`A Par-Bur`, `F stp/sc - bot`, ...).
    fn read_order(&self, text: &str) -> PyResult<Order> {
        let text = text.trim();
        match pydip::parse_py_order(self.map(), self.kind(), text) {
            Ok(o) => Ok(o),
            Err(_) => parse_order(self.map(), text)
                .map_err(|e| value_err(format!("cannot read '{text}': {e}"))),
        }
    }

    /// The province an order is for (its unit's, or the build's); `None` for a waive.
    fn order_key(&self, o: &Order) -> Option<ProvinceId> {
        match o {
            Order::Build { loc, .. } => Some(self.map().province_of(*loc)),
            _ => o.unit().map(|u| self.map().province_of(u.loc)),
        }
    }

    fn py_text(&self, o: &Order) -> String {
        pydip::format_py_order(self.map(), self.session.game().position(), o)
    }

    /// An order in the package's words, a support's destination with a coast only if it
    /// was given one (as the package keeps it: `F GRE S F CON - BUL`).
    fn py_text_as_given(&self, o: &Order, given: &str) -> String {
        pydip::py_order_as_given(self.map(), self.session.game().position(), o, given)
    }

    /// The order as the package keeps it when given as `given`: a support whose coast the
    /// package drops supports the province (as the package adjudicates it), so that the
    /// order judged is the one shown and saved, however it was given (a listed string,
    /// its text, another spelling).
    fn as_kept(&self, order: Order, given: &str) -> Order {
        match order {
            Order::SupportMove { to, .. } if self.map().coast_of(to).is_some() => {
                pydip::order_as_kept(self.map(), self.session.game().position(), order, given)
            }
            _ => order,
        }
    }

    fn pending_of(&self, p: PowerId) -> Vec<String> {
        self.session
            .pending()
            .get(&p)
            .map(|lines| {
                lines
                    .iter()
                    .filter_map(|l| Some(self.py_text_as_given(&l.order()?, &l.text)))
                    .collect()
            })
            .unwrap_or_default()
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (map_name = "standard", rules = "2000", seed = None, end_year = None))]
    fn new(
        map_name: &str,
        rules: &str,
        seed: Option<u64>,
        end_year: Option<i32>,
    ) -> PyResult<PyGame> {
        let rules = parse_rules(rules).map_err(value_err)?;
        let tables = Tables::of(map_name).map_err(value_err)?;
        let seed = seed.unwrap_or_else(now_seed);
        let session = new_session(&tables, rules, end_year, seed)?;
        PyGame::from_session(session, seed)
    }

    /// The current phase, `S1901M`, or `COMPLETED` once the game is over.
    #[getter]
    fn phase(&self, py: Python<'_>) -> String {
        self.lock(py).phase()
    }

    /// As the package: the current phase.
    fn get_current_phase(&self, py: Python<'_>) -> String {
        self.lock(py).phase()
    }

    /// `M`, `R` or `A` (`-` once the game is over).
    #[getter]
    fn phase_type(&self, py: Python<'_>) -> &'static str {
        let g = self.lock(py);
        if g.over() {
            return "-";
        }
        match g.kind() {
            PhaseKind::Movement => "M",
            PhaseKind::Retreat => "R",
            PhaseKind::Adjustment => "A",
        }
    }

    #[getter]
    fn is_game_done(&self, py: Python<'_>) -> bool {
        self.lock(py).over()
    }

    /// The powers' names, upper case, in the map's order: `["AUSTRIA", "ENGLAND", ...]`.
    #[getter]
    fn powers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.tables.py_powers(py).iter().map(|s| s.bind(py)))
    }

    #[getter]
    fn map_name(&self, py: Python<'_>) -> String {
        self.lock(py).session.variant().name.clone()
    }

    /// The rulebook's edition: `"2000"`.
    #[getter]
    fn rules(&self, py: Python<'_>) -> String {
        self.lock(py).session.game().rules().edition.to_string()
    }

    /// The rules as `Game(rules=...)` reads them back: `"2000"`,
    /// `"2000+retreat-to-convoy-origin"`.
    #[getter]
    fn rules_spec(&self, py: Python<'_>) -> String {
        self.lock(py).rules_spec.clone()
    }

    /// The package's rule flags: `["NO_PRESS", "POWER_CHOICE", "ENTENTE_RULES=2000"]`.
    #[getter]
    fn rule_flags(&self, py: Python<'_>) -> Vec<String> {
        self.lock(py).py_rules()
    }

    /// The package's long phase name: `SPRING 1901 MOVEMENT` (`COMPLETED` at the end).
    #[getter]
    fn phase_long(&self, py: Python<'_>) -> String {
        let g = self.lock(py);
        if g.over() {
            "COMPLETED".into()
        } else {
            py_phase_long(g.session.game().phase())
        }
    }

    /// Why orders given to `set_orders` were not taken (the package's `error`), oldest
    /// first.
    #[getter]
    fn error(&self, py: Python<'_>) -> Vec<String> {
        self.lock(py).errors.clone()
    }

    /// Forgets the messages of `error`.
    fn clear_error(&self, py: Python<'_>) {
        self.lock(py).errors.clear();
    }

    /// Puts the game in a position: `phase` (`S1901M`, or the current one), `units`
    /// (`{"FRANCE": ["A PAR", "*F BRE"]}`), `retreats` of dislodged units, `centers`,
    /// `influence`. The history is cleared and orders set are forgotten.
    #[pyo3(signature = (phase, units, retreats, centers, influence = None))]
    fn _set_position(
        &self,
        py: Python<'_>,
        phase: Option<&str>,
        units: BTreeMap<String, Vec<String>>,
        retreats: BTreeMap<String, BTreeMap<String, Vec<String>>>,
        centers: BTreeMap<String, Vec<String>>,
        influence: Option<BTreeMap<String, Vec<String>>>,
    ) -> PyResult<()> {
        let state = pydip::SavedState {
            units,
            retreats,
            centers,
            other: Default::default(),
        };
        self.lock(py).set_position(phase, state, influence)
    }

    /// The board as SVG: units, centres and (with `incl_orders`) the orders set this
    /// phase.
    #[pyo3(signature = (incl_orders = true))]
    fn render(&self, py: Python<'_>, incl_orders: bool) -> String {
        let g = self.lock(py);
        let pos = g.session.game().position();
        let orders: Vec<(PowerId, Order, Outcome)> = g
            .session
            .pending()
            .iter()
            .flat_map(|(p, lines)| {
                lines
                    .iter()
                    .filter_map(SheetLine::order)
                    .map(|o| (*p, o, Outcome::Succeeded))
            })
            .collect();
        let dislodged: Vec<_> = pos.dislodged().collect();
        let title = if g.over() {
            "COMPLETED".to_string()
        } else {
            py_phase_long(g.session.game().phase())
        };
        entente_render::render_svg(
            g.map(),
            pos,
            incl_orders.then_some(orders.as_slice()),
            &dislodged,
            &title,
        )
    }

    #[getter]
    fn seed(&self, py: Python<'_>) -> u64 {
        self.lock(py).seed
    }

    /// How the game ended: `[last phase, winner, ...]` (the package's `outcome`); `[]`
    /// while it goes on. A draw or a short game lists every power that shares it.
    #[getter]
    fn outcome(&self, py: Python<'_>) -> Vec<String> {
        self.lock(py).outcome()
    }

    /// A power's units (`["A PAR", "F STP/SC", "*A VIE"]`, dislodged ones with `*`), or a
    /// dict of every power's.
    #[pyo3(signature = (power = None))]
    fn get_units<'py>(&self, py: Python<'py>, power: Option<&str>) -> PyResult<Bound<'py, PyAny>> {
        let per = self.lock(py).per_power(power, Inner::units_of)?;
        per.into_py(py)
    }

    /// A power's supply centres (`["PAR", "MAR"]`), or a dict of every power's.
    #[pyo3(signature = (power = None))]
    fn get_centers<'py>(
        &self,
        py: Python<'py>,
        power: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let per = self.lock(py).per_power(power, Inner::centers_of)?;
        per.into_py(py)
    }

    /// Where a power has something to order (`["MAR", "PAR"]`: provinces, sorted), or a
    /// dict of every power's.
    #[pyo3(signature = (power = None))]
    fn get_orderable_locations<'py>(
        &self,
        py: Python<'py>,
        power: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        // As the package, no name (or an empty one) asks for every power.
        let power = power.filter(|n| !n.is_empty());
        let (tables, per) = {
            let g = self.lock(py);
            let per: Vec<Vec<Loc>> = match power {
                Some(name) => vec![g.orderable_locs(g.power_id(name)?)],
                None => g.orderable_all(),
            };
            (g.tables.clone(), per)
        };
        let locs = tables.py_locs(py);
        let list = |ls: &[Loc]| PyList::new(py, ls.iter().map(|l| locs[l.index()].bind(py)));
        if power.is_some() {
            return Ok(list(&per[0])?.into_any());
        }
        let d = PyDict::new(py);
        let names = tables.py_powers(py);
        for (i, ls) in per.iter().enumerate() {
            d.set_item(names[i].bind(py), list(ls)?)?;
        }
        Ok(d.into_any())
    }

    /// The orders set so far for the current phase: a power's list, or a dict of every
    /// power's.
    #[pyo3(signature = (power = None))]
    fn get_orders<'py>(&self, py: Python<'py>, power: Option<&str>) -> PyResult<Bound<'py, PyAny>> {
        let per = self.lock(py).per_power(power, Inner::pending_of)?;
        per.into_py(py)
    }

    /// The current state as the package's `get_state()`: `name`, `units`, `retreats`
    /// (`{"AUSTRIA": {"A VIE": ["BOH", ...]}}`), `centers`, `homes`, `influence`,
    /// `civil_disorder`, `builds`, ...
    fn get_state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.lock(py).state_dict(py)
    }

    /// Every legal order of the phase by location, as the package's method: every location
    /// of the map is a key (`"STP"`, `"STP/SC"`, ...), with the orders of the unit there
    /// (a unit on a coast under both), the builds there, and `WAIVE` at build sites.
    fn get_all_possible_orders<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let tables = &self.tables;
        // The texts and keys are Python strings made once per process.
        let texts = tables.vocab().py_texts(py);
        let (listing, kind) = {
            let mut g = self.lock(py);
            (g.possible_ids(), g.kind())
        };
        if let Some(listing) = listing {
            // The strings' places, then the strings (whose counts the lists raise), fetched
            // together before the lists are made.
            for &i in &listing.ids {
                batch::prefetch(texts.as_ptr().wrapping_add(i as usize));
            }
            for &i in &listing.ids {
                if let Some(t) = texts.get(i as usize) {
                    batch::prefetch(t.as_ptr());
                }
            }
            let locs = tables.py_locs(py);
            // An earlier dict the caller no longer holds, refilled.
            if let Some(d) = self.unheld_dict(py, kind) {
                if PyGame::refill(&d, locs, texts, &listing)? {
                    self.keep_dict(kind, &d);
                    return Ok(d);
                }
            }
            // A copy of a dict of every location (to `None`), each value then replaced: the
            // keys' table is made once at its final size, not grown five times.
            let d = tables.py_loc_dict(py)?.bind(py).copy()?;
            for (l, key) in locs.iter().enumerate() {
                let ids = listing.of(l);
                let list = PyList::new(py, ids.iter().map(|&i| texts[i as usize].bind(py)))?;
                d.set_item(key.bind(py), list)?;
            }
            self.keep_dict(kind, &d);
            return Ok(d);
        }
        let (keys, lists) = {
            let mut g = self.lock(py);
            (g.tables.clone(), g.possible(None))
        };
        let d = PyDict::new(py);
        for (l, list) in lists.into_iter().enumerate() {
            d.set_item(&keys.loc_up[l], list)?;
        }
        Ok(d)
    }

    /// One power's legal orders: `{province: [orders]}` for each place where it has
    /// something to order (its orderable locations); the fast way to choose orders.
    fn get_legal_orders<'py>(&self, py: Python<'py>, power: &str) -> PyResult<Bound<'py, PyDict>> {
        let (keys, lists) = {
            let mut g = self.lock(py);
            let p = g.power_id(power)?;
            (g.tables.clone(), g.possible(Some(p)))
        };
        let d = PyDict::new(py);
        for (l, list) in lists.into_iter().enumerate() {
            if !list.is_empty() {
                d.set_item(&keys.loc_up[l], list)?;
            }
        }
        Ok(d)
    }

    /// One random legal set of orders per power, every choice uniform (drawn from the
    /// game's seed): a unit's order among its legal orders; in adjustments, as many builds
    /// (or waives) or removals as are due. `{power: [orders]}`; nothing is set.
    fn random_orders<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let per = self.lock(py).random_orders();
        let texts = self.tables.vocab().py_texts(py);
        let d = PyDict::new(py);
        let names = self.tables.py_powers(py);
        for (i, list) in per.into_iter().enumerate() {
            d.set_item(names[i].bind(py), echo_list(py, texts, list)?)?;
        }
        Ok(d.into_any())
    }

    /// Sets a power's orders for the current phase (one string or a list). As the package
    /// with `replace=True`: an order replaces the earlier order of the same unit (or the
    /// same build site); the power's other orders stay; in adjustments a `WAIVE` counts only
    /// after the builds. Orders are read in the package's syntax (`A PAR - BUR`, `F STP/SC -
    /// BOT`, `A PAR B`, `F TRI D`, `WAIVE`) or any spelling entente reads; returns them as
    /// taken, in the package's syntax. As the package, an order the power cannot give now
    /// (unreadable, another power's unit, the wrong unit type, another phase's kind, a
    /// place not reached) is left out and said in `error`; waives beyond the builds that
    /// can be made are dropped. `replace=False` keeps the orders already set: an order for a
    /// unit (the first two words: `A PAR`) that has one is left out, a `WAIVE` never.
    /// `expand` is accepted (orders are always read in full). Once the game is over nothing
    /// is set (as the package): `[]`.
    #[pyo3(signature = (power, orders, expand = true, replace = true))]
    fn set_orders<'py>(
        &self,
        py: Python<'py>,
        power: &Bound<'py, PyString>,
        orders: &Bound<'py, PyAny>,
        expand: bool,
        replace: bool,
    ) -> PyResult<Bound<'py, PyList>> {
        let _ = expand;
        let power = self.tables.power_name(power)?;
        let power = power.as_ref();
        // The vocabulary's own strings (as `get_all_possible_orders` lists them) are known
        // by their address, without being read.
        let vocab = self.tables.vocab();
        let listed = vocab.py_texts(py);
        // The orders given, read before the game is locked: a string, or a list's strings
        // (by address, none of them touched); any other sequence's texts are read by
        // Python (which may run Python code).
        let mut given: Vec<Given> = Vec::new();
        let mut read = false;
        if let Ok(s) = orders.cast::<PyString>() {
            given.push(match vocab.id_of_py(py, s.as_ptr()) {
                Some(id) => Given::Listed(id),
                None => Given::Text(s.to_cow()?.into_owned()),
            });
            read = true;
        } else if let Some(list) = orders
            .cast::<PyList>()
            .ok()
            .filter(|l| l.is_exact_instance_of::<PyList>())
        {
            let n = list.len();
            // SAFETY (here and below): the GIL is held, `list` is alive and no Python code
            // runs while its items are read, so each index below its length gives a borrowed
            // reference to a live object.
            let item = |i: usize| unsafe { pyo3::ffi::PyList_GetItem(list.as_ptr(), i as _) };
            // The lookups' places fetched together, then the records and texts of the ids
            // found: a phase's orders are a few dozen places in a few megabytes of tables.
            for i in 0..n {
                vocab.prefetch_py(py, item(i));
            }
            given.reserve(n);
            read = true;
            for i in 0..n {
                let p = item(i);
                if let Some(id) = vocab.id_of_py(py, p) {
                    vocab.prefetch_rec(id);
                    given.push(Given::Listed(id));
                    continue;
                }
                // SAFETY: as above (a new reference is taken).
                let any = unsafe { Bound::from_borrowed_ptr(py, p) };
                match any.cast::<PyString>() {
                    Ok(s) => given.push(Given::Text(s.to_cow()?.into_owned())),
                    Err(_) => {
                        read = false;
                        break;
                    }
                }
            }
            for g in &given {
                if let Given::Listed(id) = *g {
                    vocab.prefetch_text(id);
                }
            }
        }
        if !read {
            given = orders
                .extract::<Vec<String>>()?
                .into_iter()
                .map(Given::Text)
                .collect();
        }
        // (Python objects are made once the lock is released: none while it is held.)
        let echo = {
            let mut g = self.lock(py);
            if g.over() {
                g.power_id(power)?;
                Vec::new()
            } else {
                if !replace {
                    g.keep_set_orders(power, &mut given)?;
                }
                g.set_orders(power, &given)?
            }
        };
        // A possible order as listed is returned as the listed string.
        echo_list(py, listed, echo)
    }

    /// Forgets the orders set for a power (or every power) this phase.
    #[pyo3(signature = (power = None))]
    fn clear_orders(&self, py: Python<'_>, power: Option<&str>) -> PyResult<()> {
        let mut g = self.lock(py);
        let powers: Vec<PowerId> = match power {
            Some(name) => vec![g.power_id(name)?],
            None => g.map().power_ids().collect(),
        };
        for p in powers {
            g.session.withdraw(p);
        }
        Ok(())
    }

    /// Adjudicates the current phase with the orders set (a unit without orders holds; a
    /// dislodged unit without orders is disbanded; missing builds are waived; missing
    /// removals follow the civil-disorder rule), then moves to the next phase with
    /// something to decide. The GIL is released meanwhile. Does nothing once the game is
    /// over.
    fn process(&self, py: Python<'_>) -> PyResult<()> {
        py.detach(|| {
            let mut g = match self.inner.lock() {
                Ok(g) => g,
                Err(poisoned) => poisoned.into_inner(),
            };
            if g.over() {
                return Ok(());
            }
            g.session.adjudicate().map(|_| ())
        })
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))
    }

    /// Every adjudicated phase as the package's saved game writes it: a list of
    /// `{"name", "state", "orders", "results", "messages"}` dicts, oldest first.
    fn get_phase_history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut saved = self.lock(py).saved("entente");
        let mut phases = match saved["phases"].take() {
            Value::Array(a) => a,
            _ => Vec::new(),
        };
        phases.pop();
        to_py(py, &Value::Array(phases))
    }

    /// The results of the last adjudicated phase, as the package words them:
    /// `{"A PAR": [], "F BRE": ["bounce"]}`; `{}` before the first.
    #[getter]
    fn phase_results<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut saved = self.lock(py).saved("entente");
        let results = match saved["phases"].as_array_mut() {
            Some(a) if a.len() >= 2 => {
                let i = a.len() - 2;
                a[i]["results"].take()
            }
            _ => Value::Object(Default::default()),
        };
        to_py(py, &results)
    }

    /// The game in the package's saved-game format (`diplomacy.utils.export
    /// .from_saved_game_format` reads it): a dict, or JSON text with `as_json=True`.
    #[pyo3(signature = (as_json = false, game_id = "entente"))]
    fn to_saved_game<'py>(
        &self,
        py: Python<'py>,
        as_json: bool,
        game_id: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let saved = self.lock(py).saved(game_id);
        if as_json {
            let text = serde_json::to_string(&saved).map_err(|e| value_err(e.to_string()))?;
            Ok(PyString::new(py, &text).into_any())
        } else {
            to_py(py, &saved)
        }
    }

    /// A game from the package's saved-game format (a dict or JSON text): every phase is
    /// adjudicated again by entente, with the package's rules (`rules="package"`). Where
    /// entente's positions part from the saved ones (the package's known deviations,
    /// docs/game-record.md) it warns, or raises ValueError with `strict=True`; the game
    /// goes on from entente's position.
    #[staticmethod]
    #[pyo3(signature = (data, strict = false, seed = None))]
    fn from_saved_game(
        py: Python<'_>,
        data: &Bound<'_, PyAny>,
        strict: bool,
        seed: Option<u64>,
    ) -> PyResult<PyGame> {
        let text = json_text(data)?;
        let mut games = pydip::parse_saved_games(&text).map_err(value_err)?;
        if games.len() != 1 {
            return Err(value_err(format!(
                "{} saved games given, one expected",
                games.len()
            )));
        }
        let g = games.remove(0);
        let tables = Tables::of(&g.map).map_err(value_err)?;
        // entente's rules when the game says them, the package's otherwise.
        let rules = match g.rules.iter().find_map(|r| r.strip_prefix(RULES_FLAG)) {
            Some(spec) => parse_rules(spec)?,
            None => pydip::package_rules(),
        };
        let (session, difference) = py
            .detach(|| pydip::import_with_rules(tables.variant.clone(), &g, rules))
            .map_err(value_err)?;
        if let Some(phase) = difference {
            let msg = format!(
                "entente's adjudication parts from the saved game after {phase} \
                 (the package's known deviations: docs/game-record.md)"
            );
            if strict {
                return Err(value_err(msg));
            }
            let cmsg = CString::new(msg).map_err(|e| value_err(e.to_string()))?;
            PyErr::warn(py, &py.get_type::<PyUserWarning>(), &cmsg, 1)?;
        }
        PyGame::from_session(session, seed.unwrap_or_else(now_seed))
    }

    /// entente's native game record (docs/game-record.md), as JSON text. It keeps the
    /// orders set for the current phase.
    fn to_json(&self, py: Python<'_>) -> String {
        self.lock(py).session.to_json()
    }

    /// A game from entente's native record (every phase is adjudicated again and checked).
    #[staticmethod]
    #[pyo3(signature = (text, seed = None))]
    fn from_json(py: Python<'_>, text: &str, seed: Option<u64>) -> PyResult<PyGame> {
        let session = py
            .detach(|| entente_record::record::from_json(text))
            .map_err(value_err)?;
        let seed = seed.unwrap_or_else(|| session.seed());
        PyGame::from_session(session, seed)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let g = self.lock(py);
        format!(
            "<entente.Game {} {} rules {}>",
            g.session.variant().name,
            g.phase(),
            g.session.game().rules().edition
        )
    }
}

/// An order `set_orders` took, as it returns it: a listed possible order (its id in the
/// map's vocabulary), or the package's words for another spelling.
enum Echo {
    Listed(u32),
    Text(String),
}

/// Orders as a Python list: a listed order as the vocabulary's own string (`texts`), any
/// other as new text.
fn echo_list<'py>(
    py: Python<'py>,
    texts: &[Py<PyString>],
    echoes: Vec<Echo>,
) -> PyResult<Bound<'py, PyList>> {
    PyList::new(
        py,
        echoes.into_iter().map(|e| match e {
            Echo::Listed(id) => texts[id as usize].bind(py).clone(),
            Echo::Text(t) => PyString::new(py, &t),
        }),
    )
}

/// A list for one power, or a list per power.
enum PerPower {
    One(Vec<String>),
    All(Arc<Tables>, Vec<Vec<String>>),
}

impl PerPower {
    /// A list, or a dict keyed by the powers' names.
    fn into_py(self, py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
        match self {
            PerPower::One(list) => Ok(PyList::new(py, list)?.into_any()),
            PerPower::All(tables, lists) => {
                let d = PyDict::new(py);
                let names = tables.py_powers(py);
                for (i, list) in lists.into_iter().enumerate() {
                    d.set_item(names[i].bind(py), list)?;
                }
                Ok(d.into_any())
            }
        }
    }
}

/// A variant's map as the package's `Map` describes it: `name`, `first_year`, `powers`,
/// `locs` (upper case, coasts as `SPA/NC`), `loc_type` (`LAND`, `WATER`, `COAST`),
/// `army_abuts` and `fleet_abuts` (per location, the locations a unit there may move to),
/// `fleet_reach` (per location, the provinces a fleet there may support into),
/// `loc_coasts`, `loc_name`, `scs`, `homes`, `units`, `centers` (at the start).
#[pyfunction]
fn map_data(py: Python<'_>, name: &str) -> PyResult<Py<PyDict>> {
    let t = Tables::of(name)?;
    let map = &*t.map;
    let d = PyDict::new(py);
    d.set_item("name", &map.name)?;
    d.set_item("first_year", map.start_year)?;
    d.set_item("victory", map.victory_centres)?;
    d.set_item("powers", &t.power_up)?;
    d.set_item("locs", &t.loc_up)?;
    let loc_type = PyDict::new(py);
    let army = PyDict::new(py);
    let fleet = PyDict::new(py);
    let reach = PyDict::new(py);
    let coasts = PyDict::new(py);
    let names = PyDict::new(py);
    for l in 0..map.num_locs() {
        let loc = Loc(l as u16);
        let prov = map.province_of(loc);
        let info = map.province(prov);
        let kind = if map.coast_of(loc).is_some() {
            "COAST"
        } else {
            match info.kind {
                ProvinceKind::Land => "LAND",
                ProvinceKind::Sea => "WATER",
                // A coast where fleets convoy (ancmed's Baleares): the package's `PORT`.
                ProvinceKind::Coast if info.convoys => "PORT",
                ProvinceKind::Coast => "COAST",
            }
        };
        let key = t.loc(loc);
        loc_type.set_item(key, kind)?;
        let a: Vec<&str> = if map.can_occupy(UnitType::Army, loc) {
            map.army_neighbours(prov)
                .iter()
                .map(|x| t.loc(Loc(x)))
                .collect()
        } else {
            Vec::new()
        };
        army.set_item(key, a)?;
        let f: Vec<&str> = if map.can_occupy(UnitType::Fleet, loc) {
            map.fleet_neighbours(loc)
                .iter()
                .map(|x| t.loc(Loc(x)))
                .collect()
        } else {
            Vec::new()
        };
        fleet.set_item(key, f)?;
        let r: Vec<&str> = if map.can_occupy(UnitType::Fleet, loc) {
            map.fleet_reach(loc).iter().map(|x| t.loc(Loc(x))).collect()
        } else {
            Vec::new()
        };
        reach.set_item(key, r)?;
        if map.coast_of(loc).is_none() {
            let mut c: Vec<&str> = info.coasts.iter().map(|&c| t.loc(c)).collect();
            c.push(key);
            coasts.set_item(key, c)?;
            names.set_item(map.loc_name(loc).to_uppercase(), key)?;
        }
    }
    d.set_item("loc_type", loc_type)?;
    d.set_item("army_abuts", army)?;
    d.set_item("fleet_abuts", fleet)?;
    d.set_item("fleet_reach", reach)?;
    d.set_item("loc_coasts", coasts)?;
    d.set_item("loc_name", names)?;
    let scs: Vec<&str> = map
        .province_ids()
        .filter(|&p| map.is_centre(p))
        .map(|p| t.loc(p.loc()))
        .collect();
    d.set_item("scs", scs)?;
    let homes = PyDict::new(py);
    let units = PyDict::new(py);
    for p in map.power_ids() {
        let pw = map.power(p);
        let h: Vec<&str> = pw.home_centres.iter().map(|&c| t.loc(c.loc())).collect();
        homes.set_item(t.power(p), h)?;
        let u: Vec<String> = pw
            .start_units
            .iter()
            .map(|&(ty, l)| {
                let mut s = String::new();
                t.push_unit(&mut s, Some(ty), l);
                s
            })
            .collect();
        units.set_item(t.power(p), u)?;
    }
    d.set_item("homes", homes)?;
    d.set_item("units", units)?;
    Ok(d.unbind())
}

/// The built-in variants (`map_name` values).
#[pyfunction]
fn variants() -> Vec<String> {
    entente_map::builtin_variant_names()
        .into_iter()
        .map(String::from)
        .collect()
}

#[pymodule]
fn _entente(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<batch::PyBatch>()?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(map_data, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
