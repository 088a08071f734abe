//! `entente.Batch`: many games stepped together in Rust, for self-play.
//!
//! Orders are integers: every map has a fixed vocabulary of order texts ([`Vocab`]), the
//! texts `get_all_possible_orders` can list for that map (every unit type at every place,
//! every move, support, convoy, retreat, disband, build and `WAIVE`), numbered in one
//! order that depends only on the map. Legal orders, random legal orders and the orders a
//! step takes are NumPy arrays of these ids. Every call works on all games at once with the
//! GIL released, the games spread over the cores (rayon).
//!
//! The board encoders give the layout of DeepMind's `diplomacy` environment
//! (github.com/google-deepmind/diplomacy, `environment/observation_utils.py` and README,
//! "Observations"): per area a vector of 35 flags, areas in the order of its bicoastal MDF
//! map (`environment/province_order.py`, `province_name_to_id(MapMDF.BICOASTAL_MAP)`).

use crate::{new_session, now_seed, parse_rules, py_phase, value_err, Tables};
use entente_game::{Game, PhaseKind, Season};
use entente_host::{Reading, Session, SheetLine};
use entente_judge::{adjustment_due, Engine, Phase, Position, Restrictions, Rulebook};
use entente_legal::{Legal, LegalOrders};
use entente_map::{Loc, LocSet, Map, PowerId, ProvinceId, ProvinceKind, UnitType};
use entente_orders::{format_order, Order, Target};
use numpy::ndarray::{Array2, Array3};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArray3, PyReadonlyArray1, PyReadonlyArray2};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// Why a batch call fails: a row of orders the caller gave is refused (Python's
/// `ValueError`), or a legal order is missing from the map's vocabulary (entente's own fault,
/// `RuntimeError`).
#[derive(Debug, thiserror::Error)]
pub(crate) enum BatchError {
    #[error("a legal order outside the vocabulary: {0}")]
    OutsideVocabulary(String),
    #[error("unknown order id {id} (ids are 0..{len}, -1 pads)")]
    UnknownId { id: i64, len: usize },
    #[error("order {id} '{text}' is not legal in {phase}")]
    NotLegal {
        id: i64,
        text: String,
        phase: String,
    },
    #[error("two orders for {place} in {phase} (order {id} '{text}')")]
    TwoOrders {
        place: String,
        phase: String,
        id: i64,
        text: String,
    },
    #[error("game {game}: {error}")]
    InGame { game: usize, error: Box<BatchError> },
}

impl BatchError {
    /// Whether the caller's input is at fault (else entente is).
    fn is_input(&self) -> bool {
        match self {
            BatchError::OutsideVocabulary(_) => false,
            BatchError::InGame { error, .. } => error.is_input(),
            _ => true,
        }
    }
}

impl From<BatchError> for PyErr {
    fn from(e: BatchError) -> PyErr {
        if e.is_input() {
            value_err(e)
        } else {
            PyRuntimeError::new_err(e.to_string())
        }
    }
}

/// A small fast hash for [`Order`] keys (a few bytes each).
#[derive(Default, Clone, Copy)]
pub(crate) struct FxHasher(u64);

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.write_u64(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let mut last = 0u64;
        for (i, &b) in chunks.remainder().iter().enumerate() {
            last |= (b as u64) << (8 * i);
        }
        self.write_u64(last ^ (bytes.len() as u64) << 56);
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64);
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(i as u64);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    fn write_isize(&mut self, i: isize) {
        self.write_u64(i as u64);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn finish(&self) -> u64 {
        mix(self.0)
    }
}

type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// A listed order's record in [`Vocab::recs`].
struct Rec {
    order: Order,
    /// Where its text starts in the arena; the lengths of the text and of the canonical
    /// text after it.
    at: u32,
    text: u16,
    canonical: u16,
}

/// Ids by the address of their Python string: open addressing, at most half full. The
/// strings are the vocabulary's own, kept alive as long as it is, so an address is an id's
/// for the life of the process.
struct PtrTable {
    /// `(address, id)`; address 0 where free.
    slots: Vec<(usize, u32)>,
    bits: u32,
}

impl PtrTable {
    fn new(texts: &[Py<PyString>]) -> PtrTable {
        let bits = (2 * texts.len().max(1))
            .next_power_of_two()
            .trailing_zeros();
        let mut t = PtrTable {
            slots: vec![(0, 0); 1 << bits],
            bits,
        };
        let mask = t.slots.len() - 1;
        for (id, s) in texts.iter().enumerate() {
            let addr = s.as_ptr() as usize;
            let mut at = t.home(addr);
            // Interned: a text met twice is one string, kept with its first id.
            while t.slots[at].0 != 0 && t.slots[at].0 != addr {
                at = (at + 1) & mask;
            }
            if t.slots[at].0 == 0 {
                t.slots[at] = (addr, id as u32);
            }
        }
        t
    }

    #[inline]
    fn home(&self, addr: usize) -> usize {
        (((addr >> 4) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - self.bits)) as usize
    }

    #[inline]
    fn prefetch(&self, addr: usize) {
        prefetch(self.slots.as_ptr().wrapping_add(self.home(addr)));
    }

    #[inline]
    fn get(&self, addr: usize) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let mut at = self.home(addr);
        loop {
            let (a, id) = self.slots[at];
            if a == addr {
                return Some(id);
            }
            if a == 0 {
                return None;
            }
            at = (at + 1) & mask;
        }
    }
}

/// The vocabulary's lookup table, split by unit: a [`pack`]ed key's low ten bits are its
/// unit (type and location; a build's type and place, `WAIVE` zero), the rest (kind,
/// target, destination, `VIA`) a 25-bit key within the unit's own small open-addressing
/// table. A phase's orders are a few dozen units' orders, so its lookups touch a few
/// dozen small tables that stay in the cache from phase to phase and game to game, where
/// one table of the whole vocabulary (2 MB) sent every lookup to memory (measured: 22 us
/// of a standard phase's 244 possible orders, 6 us with these).
#[derive(Default)]
struct UnitTables {
    /// Per unit (the key's low ten bits): where its table starts in `entries` and its
    /// size as a power of two (`0`: no orders).
    units: Vec<(u32, u8)>,
    /// `(key within the unit, id)`, [`UnitTables::EMPTY`] where free.
    entries: Vec<(u32, u32)>,
}

impl UnitTables {
    const EMPTY: u32 = u32::MAX;

    /// The unit part of a packed key.
    #[inline]
    fn unit(k: u64) -> usize {
        (k & UNIT_MASK) as usize
    }

    /// The part within the unit: target, destination and `VIA` (bits 11-31 of the packed
    /// key), then the kind (bits 40-43).
    #[inline]
    fn local(k: u64) -> u32 {
        (((k >> UNIT_BITS) & 0x1f_ffff) | (k >> 40) << 21) as u32
    }

    #[inline]
    fn home(local: u32, bits: u8) -> usize {
        (local.wrapping_mul(0x9e37_79b1) >> (32 - bits as u32)) as usize
    }

    fn build(keys: &[(u64, u32)]) -> UnitTables {
        let mut count = vec![0usize; UNIT_MASK as usize + 1];
        for &(k, _) in keys {
            count[Self::unit(k)] += 1;
        }
        let mut units = vec![(0u32, 0u8); UNIT_MASK as usize + 1];
        let mut size = 0usize;
        for (u, &n) in count.iter().enumerate() {
            if n > 0 {
                // At most half full.
                let bits = (2 * n).next_power_of_two().trailing_zeros().max(1) as u8;
                units[u] = (size as u32, bits);
                size += 1 << bits;
            }
        }
        let mut entries = vec![(Self::EMPTY, 0u32); size];
        for &(k, id) in keys {
            let (off, bits) = units[Self::unit(k)];
            let local = Self::local(k);
            let mask = (1usize << bits) - 1;
            let mut at = Self::home(local, bits);
            loop {
                let e = &mut entries[off as usize + at];
                match e.0 {
                    Self::EMPTY => {
                        *e = (local, id);
                        break;
                    }
                    // The first id given a spelling keeps it.
                    x if x == local => break,
                    _ => at = (at + 1) & mask,
                }
            }
        }
        UnitTables { units, entries }
    }

    #[inline]
    fn get(&self, k: u64) -> Option<u32> {
        let (off, bits) = self.units[Self::unit(k)];
        if bits == 0 {
            return None;
        }
        let local = Self::local(k);
        let mask = (1usize << bits) - 1;
        let table = &self.entries[off as usize..off as usize + mask + 1];
        let mut at = Self::home(local, bits);
        loop {
            let (x, id) = table[at];
            if x == local {
                return Some(id);
            }
            if x == Self::EMPTY {
                return None;
            }
            at = (at + 1) & mask;
        }
    }

    #[inline]
    fn prefetch(&self, k: u64) {
        let (off, bits) = self.units[Self::unit(k)];
        let at = if bits == 0 {
            0
        } else {
            off as usize + Self::home(Self::local(k), bits)
        };
        prefetch(self.entries.as_ptr().wrapping_add(at));
    }
}

/// Asks for the cache line at `p` to be brought in (lookups in the vocabulary's tables, a
/// few megabytes, then wait for the memory together rather than one after the other).
#[inline]
pub(crate) fn prefetch<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: SSE is part of x86-64; a prefetch reads nothing and cannot fault, whatever
        // the address.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(p as *const i8) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// The area order of DeepMind's observation (its bicoastal MDF map): 72 provinces with one
/// area, then for each of Bulgaria, Spain and St Petersburg the land area and its two coasts.
const DEEPMIND_AREAS: [&str; 81] = [
    "BOH", "BUR", "GAL", "RUH", "SIL", "TYR", "UKR", "BUD", "MOS", "MUN", "PAR", "SER", "VIE",
    "WAR", "ADR", "AEG", "BAL", "BAR", "BLA", "EAS", "ECH", "GOB", "GOL", "HEL", "ION", "IRI",
    "MAO", "NAO", "NTH", "NWG", "SKA", "TYS", "WES", "ALB", "APU", "ARM", "CLY", "FIN", "GAS",
    "LVN", "NAF", "PIC", "PIE", "PRU", "SYR", "TUS", "WAL", "YOR", "ANK", "BEL", "BER", "BRE",
    "CON", "DEN", "EDI", "GRE", "HOL", "KIE", "LON", "LVP", "MAR", "NAP", "NWY", "POR", "ROM",
    "RUM", "SEV", "SMY", "SWE", "TRI", "TUN", "VEN", "BUL", "BUL/EC", "BUL/SC", "SPA", "SPA/NC",
    "SPA/SC", "STP", "STP/NC", "STP/SC",
];

/// A map's fixed order vocabulary, and the areas of its board encoding.
pub(crate) struct Vocab {
    /// Per id, the order in the package's words (`A PAR - BUR`, `F MAO S A GAS - SPA`).
    pub(crate) texts: Vec<String>,
    by_text: FxMap<String, u32>,
    /// Per id, the order it gives (a disband in a retreat phase; a removal in adjustments).
    orders: Vec<Order>,
    /// Per id, what `set_orders` needs of a listed order, together: the order, and where its
    /// text and its canonical text (`format_order`: the game record's) are in `arena`, one
    /// after the other. An order given is then one or two cache lines, not six.
    recs: Vec<Rec>,
    arena: String,
    /// Every spelling the legal generator uses ([`key`], [`pack`]ed) to its id, in a table
    /// per unit (type and place: the packed key's low bits; a build's too): see
    /// [`UnitTables`].
    table: UnitTables,
    /// Per id, the text as a Python string, made once (get_all_possible_orders), and the
    /// ids by the strings' addresses (a string listed and given back to `set_orders` is
    /// known without being read).
    py_texts: OnceLock<(Vec<Py<PyString>>, PtrTable)>,
    /// The areas of the board encoding: DeepMind's order on the standard board, every
    /// location in the map's order (provinces, then coasts) otherwise.
    areas: Vec<Loc>,
    area_names: Vec<String>,
    deepmind: bool,
}

/// [`pack`]`(&`[`key`]`(map, o))`: the integer an order is looked up by, made in one go
/// (for the few hundred orders of every phase listed).
#[inline(always)]
pub(crate) fn pack_key(map: &Map, o: &Order) -> u64 {
    pack(&key(map, o))
}

/// The form an order is looked up by: the disband of a retreat and the removal of an
/// adjustment alike, an army's move `VIA` whenever its text says so, targets without power.
#[inline(always)]
pub(crate) fn key(map: &Map, o: &Order) -> Order {
    let strip = |t: Target| Target { power: None, ..t };
    match *o {
        Order::Remove(u) => Order::Disband(u),
        Order::Move {
            unit,
            to,
            via_convoy,
        } => {
            let army = unit.ty != Some(UnitType::Fleet);
            let via = army
                && (via_convoy
                    || !map.army_adjacent(map.province_of(unit.loc), map.province_of(to)));
            Order::Move {
                unit,
                to,
                via_convoy: via,
            }
        }
        Order::SupportHold { unit, target } => Order::SupportHold {
            unit,
            target: strip(target),
        },
        Order::SupportMove { unit, target, to } => Order::SupportMove {
            unit,
            target: strip(target),
            to,
        },
        Order::Convoy { unit, target, to } => Order::Convoy {
            unit,
            target: strip(target),
            to,
        },
        other => other,
    }
}

/// Bits of a unit (or target) in a packed order: a location id (up to
/// `entente_map::MAX_LOCATIONS`, 9 bits) above a unit type (2 bits), so that a map of up to
/// 256 locations uses the first 1,024 slots of the per-unit table (8 KB, in cache).
const UNIT_BITS: u32 = 11;
const UNIT_MASK: u64 = (1 << UNIT_BITS) - 1;
const _: () = assert!(entente_map::MAX_LOCATIONS <= 1 << (UNIT_BITS - 2));

/// An order as one integer (kind, unit, target, destination; no power), for fast lookups
/// and comparisons: unit in bits 0-10, target 11-21, destination 22-30, `VIA` 31, kind
/// 40-43.
#[inline(always)]
pub(crate) fn pack(o: &Order) -> u64 {
    let ty = |t: Option<UnitType>| match t {
        None => 0u64,
        Some(UnitType::Army) => 1,
        Some(UnitType::Fleet) => 2,
    };
    let unit = |u: &entente_orders::UnitRef| (u.loc.0 as u64) << 2 | ty(u.ty);
    let target = |t: &Target| ((t.loc.0 as u64) << 2 | ty(t.ty)) << UNIT_BITS;
    let to = |l: Loc| (l.0 as u64) << (2 * UNIT_BITS);
    let kind = |k: u64| k << 40;
    match o {
        Order::Hold(u) => kind(0) | unit(u),
        Order::Move {
            unit: u,
            to: d,
            via_convoy,
        } => kind(1) | unit(u) | to(*d) | (*via_convoy as u64) << 31,
        Order::SupportHold { unit: u, target: t } => kind(2) | unit(u) | target(t),
        Order::SupportMove {
            unit: u,
            target: t,
            to: d,
        } => kind(3) | unit(u) | target(t) | to(*d),
        Order::Convoy {
            unit: u,
            target: t,
            to: d,
        } => kind(4) | unit(u) | target(t) | to(*d),
        Order::Retreat { unit: u, to: d } => kind(5) | unit(u) | to(*d),
        Order::Disband(u) => kind(6) | unit(u),
        Order::Remove(u) => kind(7) | unit(u),
        Order::Build { ty: t, loc } => kind(8) | (loc.0 as u64) << 2 | ty(*t),
        Order::Waive => kind(9),
    }
}

/// A vocabulary order in the legal generator's form (`entente_legal`): an army's move `VIA`
/// only to a space it borders (a move that needs a convoy is listed without the tag), a
/// support's destination by province.
pub(crate) fn generated(map: &Map, o: &Order) -> Order {
    match *o {
        Order::Move {
            unit,
            to,
            via_convoy: true,
        } if !map.army_adjacent(map.province_of(unit.loc), map.province_of(to)) => Order::Move {
            unit,
            to,
            via_convoy: false,
        },
        Order::SupportMove { unit, target, to } => Order::SupportMove {
            unit,
            target,
            to: map.province_of(to).loc(),
        },
        other => other,
    }
}

impl Vocab {
    /// Every order text the map can ever list, numbered: per location and unit type that
    /// may stand there, its hold, moves (an army on a coast also `VIA` to every other
    /// coast), supports to hold and to move of any unit into every place it reaches (a
    /// fleet's move also with each coast), convoys (fleets at sea: any coastal army to any
    /// other coast), retreats and disband; then builds in every home centre; then `WAIVE`.
    pub(crate) fn build(t: &Tables) -> Vocab {
        let map = &*t.map;
        let mut v = Vocab {
            texts: Vec::new(),
            by_text: FxMap::default(),
            orders: Vec::new(),
            recs: Vec::new(),
            arena: String::new(),
            table: UnitTables::default(),
            py_texts: OnceLock::new(),
            areas: Vec::new(),
            area_names: Vec::new(),
            deepmind: false,
        };
        let mut keys: Vec<(u64, u32)> = Vec::new();
        let mut add = |o: Order| {
            let text = t.legal_text(&o);
            let id = match v.by_text.get(&text) {
                Some(&id) => id,
                None => {
                    let id = v.texts.len() as u32;
                    v.by_text.insert(text.clone(), id);
                    v.texts.push(text);
                    v.orders.push(o);
                    id
                }
            };
            keys.push((pack(&key(map, &o)), id));
        };
        let prov = |l: Loc| map.province_of(l);
        let coastal: Vec<ProvinceId> = map
            .province_ids()
            .filter(|&p| map.province(p).kind == ProvinceKind::Coast)
            .collect();
        let is_coastal = |p: ProvinceId| map.province(p).kind == ProvinceKind::Coast;
        let mut units: Vec<(UnitType, Loc)> = Vec::new();
        for l in 0..map.num_locs() {
            for ty in [UnitType::Army, UnitType::Fleet] {
                if map.can_occupy(ty, Loc(l as u16)) {
                    units.push((ty, Loc(l as u16)));
                }
            }
        }
        let can_move = |ty: UnitType, m: Loc, q: ProvinceId| match ty {
            UnitType::Army => {
                map.army_adjacent(prov(m), q) || (is_coastal(prov(m)) && is_coastal(q))
            }
            // A strait counts for whoever may cross it at some time (its centre's owner).
            UnitType::Fleet => map.fleet_reach(m).contains(q.0) || map.strait_to(m, q).is_some(),
        };
        // Where a fleet at `l` may cross a strait (`[[strait]]`, Imperial's Constantinople).
        let strait_ends = |l: Loc| -> Vec<Loc> {
            map.straits()
                .iter()
                .filter_map(|st| st.other_end(l))
                .collect()
        };
        let unit_ref = |ty: UnitType, loc: Loc| entente_orders::UnitRef { ty: Some(ty), loc };
        let target = |ty: UnitType, loc: Loc| Target {
            power: None,
            ty: Some(ty),
            loc,
        };
        for &(ty, l) in &units {
            let me = unit_ref(ty, l);
            let p = prov(l);
            add(Order::Hold(me));
            let dests: Vec<Loc> = match ty {
                UnitType::Army => map.army_neighbours(p).iter().map(Loc).collect(),
                UnitType::Fleet => map
                    .fleet_neighbours(l)
                    .iter()
                    .map(Loc)
                    .chain(strait_ends(l))
                    .collect(),
            };
            for &d in &dests {
                add(Order::Move {
                    unit: me,
                    to: d,
                    via_convoy: false,
                });
            }
            if ty == UnitType::Army && is_coastal(p) {
                for &q in &coastal {
                    if q != p {
                        add(Order::Move {
                            unit: me,
                            to: q.loc(),
                            via_convoy: true,
                        });
                    }
                }
            }
            let reach: Vec<ProvinceId> = match ty {
                UnitType::Army => map.army_neighbours(p).iter().map(ProvinceId).collect(),
                UnitType::Fleet => map
                    .fleet_reach(l)
                    .iter()
                    .map(ProvinceId)
                    .chain(strait_ends(l).into_iter().map(prov))
                    .collect(),
            };
            for &q in &reach {
                for &(ty2, m) in units.iter().filter(|(_, m)| prov(*m) == q) {
                    add(Order::SupportHold {
                        unit: me,
                        target: target(ty2, m),
                    });
                }
            }
            for &q in &reach {
                for &(ty2, m) in &units {
                    if prov(m) == p || prov(m) == q || !can_move(ty2, m, q) {
                        continue;
                    }
                    add(Order::SupportMove {
                        unit: me,
                        target: target(ty2, m),
                        to: q.loc(),
                    });
                    if ty2 == UnitType::Fleet {
                        for &c in &map.province(q).coasts {
                            if map.fleet_adjacent(m, c) {
                                add(Order::SupportMove {
                                    unit: me,
                                    target: target(ty2, m),
                                    to: c,
                                });
                            }
                        }
                    }
                }
            }
            if ty == UnitType::Fleet
                && (map.province(p).kind == ProvinceKind::Sea || map.convoys(p))
            {
                for &a in &coastal {
                    for &q in &coastal {
                        if q != a {
                            add(Order::Convoy {
                                unit: me,
                                target: target(UnitType::Army, a.loc()),
                                to: q.loc(),
                            });
                        }
                    }
                }
            }
            for &d in &dests {
                add(Order::Retreat { unit: me, to: d });
            }
            add(Order::Disband(me));
        }
        let mut homes: Vec<ProvinceId> = map
            .power_ids()
            .flat_map(|p| map.power(p).home_centres.clone())
            .collect();
        homes.sort();
        homes.dedup();
        for h in homes {
            for &(ty, m) in units.iter().filter(|(_, m)| prov(*m) == h) {
                add(Order::Build {
                    ty: Some(ty),
                    loc: m,
                });
            }
        }
        add(Order::Waive);
        v.table = UnitTables::build(&keys);
        for (o, text) in v.orders.iter().zip(&v.texts) {
            let canonical = format_order(map, o);
            v.recs.push(Rec {
                order: *o,
                at: v.arena.len() as u32,
                text: text.len() as u16,
                canonical: canonical.len() as u16,
            });
            v.arena.push_str(text);
            v.arena.push_str(&canonical);
        }

        // The board's areas.
        // DeepMind's names where the package's differ (the English Channel, the Gulfs of
        // Bothnia and Lyon); `board_areas` gives the package's.
        let package_name = |dm: &str| {
            match dm {
                "ECH" => "ENG",
                "GOB" => "BOT",
                "GOL" => "LYO",
                other => other,
            }
            .to_string()
        };
        let find = |name: &str| {
            let name = package_name(name);
            t.loc_up
                .iter()
                .position(|x| *x == name)
                .map(|i| Loc(i as u16))
        };
        let dm: Option<Vec<Loc>> = DEEPMIND_AREAS.iter().map(|n| find(n)).collect();
        match dm {
            Some(areas) if map.num_locs() == DEEPMIND_AREAS.len() && map.powers().len() == 7 => {
                v.areas = areas;
                v.deepmind = true;
            }
            _ => v.areas = (0..map.num_locs()).map(|l| Loc(l as u16)).collect(),
        }
        v.area_names = v.areas.iter().map(|&l| t.loc(l).to_string()).collect();
        v
    }

    /// The id of a legal order.
    #[inline]
    pub(crate) fn id_of(&self, map: &Map, o: &Order) -> Option<u32> {
        self.id_of_key(pack_key(map, o))
    }

    /// Asks for the table's place of a packed [`key`] to be brought into the cache: the
    /// lookups of a phase's orders then wait for the memory together rather than one
    /// after the other.
    #[inline]
    pub(crate) fn prefetch(&self, k: u64) {
        self.table.prefetch(k);
    }

    /// The id of a packed [`key`].
    #[inline]
    pub(crate) fn id_of_key(&self, k: u64) -> Option<u32> {
        self.table.get(k)
    }

    /// The id of a text, exactly as listed (`A PAR - BUR`).
    pub(crate) fn id_of_text(&self, text: &str) -> Option<u32> {
        self.by_text.get(text).copied()
    }

    /// Appends the ids of a legal order's texts as `get_all_possible_orders` lists them: a
    /// support of a fleet's move into a province with coasts also with each coast the fleet
    /// reaches.
    pub(crate) fn push_legal_ids(&self, map: &Map, o: &Order, out: &mut Vec<u32>) -> bool {
        self.push_ids(map, o, self.id_of(map, o), out)
    }

    /// Appends `id`, the id of `o`, and the ids of its other texts (a support of a fleet's
    /// move with each coast).
    pub(crate) fn push_ids(
        &self,
        map: &Map,
        o: &Order,
        id: Option<u32>,
        out: &mut Vec<u32>,
    ) -> bool {
        let Some(id) = id else {
            return false;
        };
        out.push(id);
        if let Order::SupportMove { unit, target, to } = *o {
            if target.ty == Some(UnitType::Fleet) {
                for &c in &map.province(map.province_of(to)).coasts {
                    if map.fleet_adjacent(target.loc, c) {
                        let variant = Order::SupportMove {
                            unit,
                            target,
                            to: c,
                        };
                        match self.id_of(map, &variant) {
                            Some(id) => out.push(id),
                            None => return false,
                        }
                    }
                }
            }
        }
        true
    }

    /// A listed order: the order it gives in a phase of this kind, its text, and its
    /// canonical text if it is the id's own order (not a removal for a disband).
    #[inline]
    pub(crate) fn listed(&self, id: u32, kind: PhaseKind) -> (Order, &str, Option<&str>) {
        let r = &self.recs[id as usize];
        let (at, mid) = (r.at as usize, r.at as usize + r.text as usize);
        let text = &self.arena[at..mid];
        match r.order {
            Order::Disband(u) if kind == PhaseKind::Adjustment => (Order::Remove(u), text, None),
            o => (o, text, Some(&self.arena[mid..mid + r.canonical as usize])),
        }
    }

    /// Asks for an id's record ([`Vocab::listed`]) to be brought into the cache.
    #[inline]
    pub(crate) fn prefetch_rec(&self, id: u32) {
        prefetch(self.recs.as_ptr().wrapping_add(id as usize));
    }

    /// Asks for an id's texts to be brought into the cache (reads its record).
    #[inline]
    pub(crate) fn prefetch_text(&self, id: u32) {
        if let Some(r) = self.recs.get(id as usize) {
            prefetch(self.arena.as_ptr().wrapping_add(r.at as usize));
        }
    }

    /// The order an id gives in a phase of this kind.
    #[inline]
    pub(crate) fn order(&self, id: u32, kind: PhaseKind) -> Order {
        match self.orders[id as usize] {
            Order::Disband(u) if kind == PhaseKind::Adjustment => Order::Remove(u),
            o => o,
        }
    }

    /// The texts as Python strings, made once per process.
    pub(crate) fn py_texts(&self, py: Python<'_>) -> &[Py<PyString>] {
        &self.py_strings(py).0
    }

    fn py_strings(&self, py: Python<'_>) -> &(Vec<Py<PyString>>, PtrTable) {
        self.py_texts.get_or_init(|| {
            let texts: Vec<Py<PyString>> = self
                .texts
                .iter()
                .map(|s| PyString::intern(py, s).unbind())
                .collect();
            let table = PtrTable::new(&texts);
            (texts, table)
        })
    }

    /// Asks for the place of the Python string at this address in the table of
    /// [`Vocab::id_of_py`] to be brought into the cache.
    #[inline]
    pub(crate) fn prefetch_py(&self, py: Python<'_>, addr: *mut pyo3::ffi::PyObject) {
        self.py_strings(py).1.prefetch(addr as usize);
    }

    /// The id whose Python string (of [`Vocab::py_texts`]) is at this address.
    #[inline]
    pub(crate) fn id_of_py(&self, py: Python<'_>, addr: *mut pyo3::ffi::PyObject) -> Option<u32> {
        self.py_strings(py).1.get(addr as usize)
    }
}

/// One game of a batch. A game of a variant with no rulebook setup is played on entente's
/// phase engine directly (the driver of `entente-bench`: the position changed in place, no
/// history kept), with `entente_game::Game`'s rules for its end (a power reaching the
/// victory count after a Fall, `end_year` passed); the Great War's, whose setup makes Italy
/// neutral until a coin toss, by the host's `Session`, as `entente.Game` plays it.
enum Played {
    Lite(Lite),
    Hosted(Box<Session>),
}

#[derive(Clone)]
struct Lite {
    pos: Position,
    phase: Phase,
    over: bool,
    victory: usize,
    end_year: Option<i32>,
}

impl Played {
    fn phase(&self) -> Phase {
        match self {
            Played::Lite(g) => g.phase,
            Played::Hosted(s) => s.game().phase(),
        }
    }

    fn position(&self) -> &Position {
        match self {
            Played::Lite(g) => &g.pos,
            Played::Hosted(s) => s.game().position(),
        }
    }

    fn over(&self) -> bool {
        match self {
            Played::Lite(g) => g.over,
            Played::Hosted(s) => s.game().is_over(),
        }
    }

    fn restrictions(&self) -> Restrictions {
        match self {
            Played::Lite(_) => Restrictions::NONE,
            Played::Hosted(s) => s.game().restrictions(),
        }
    }

    /// Adjudicates the phase and moves to the next with something to decide (as a single
    /// `entente.Game`'s `process`).
    fn process(
        &mut self,
        engine: &mut Engine,
        map: &Map,
        rules: &Rulebook,
        orders: &[(PowerId, Order)],
    ) {
        match self {
            Played::Lite(g) => {
                let t = engine.step(map, rules, &Restrictions::NONE, g.phase, &mut g.pos, orders);
                if t.fall_ended && someone_has(map, &g.pos, g.victory) {
                    g.over = true;
                }
                g.phase = t.next;
                if g.end_year.is_some_and(|y| g.phase.year > y) {
                    g.over = true;
                }
            }
            Played::Hosted(s) => {
                let idle = |g: &Game| {
                    !g.is_over()
                        && g.phase().kind != PhaseKind::Movement
                        && g.powers_to_order().is_empty()
                };
                let sheets = orders
                    .iter()
                    .map(|&(p, order)| {
                        let reading = Reading::Order {
                            order,
                            canonical: Default::default(),
                        };
                        let text = Default::default();
                        (p, SheetLine { text, reading })
                    })
                    .collect();
                s.process(sheets);
                while idle(s.game()) {
                    s.process(Vec::new());
                }
            }
        }
    }
}

/// Whether some power owns `victory` supply centres: every power's count in one pass over
/// the centres (`Position::centre_count` power after power passed over them once each).
fn someone_has(map: &Map, pos: &Position, victory: usize) -> bool {
    let mut count = [0usize; 64];
    for c in map.centres().iter() {
        if let Some(o) = pos.owner(ProvinceId(c)) {
            match count.get_mut(o.index()) {
                Some(n) => *n += 1,
                None => return map.power_ids().any(|w| pos.centre_count(map, w) >= victory),
            }
        }
    }
    count.iter().any(|&n| n >= victory)
}

/// One game of a batch: its position and what it drew. The legal generator and the phase
/// engine, whose tables and scratch space are the bulk of the memory a game touches, are
/// a [`Worker`]'s, shared by the games of a chunk (stepped one after the other on one
/// core, they stay in its cache).
struct Slot {
    played: Played,
    buf: LegalOrders,
    /// The phase (`phases`) `buf` is of.
    buf_at: Option<u64>,
    /// The phase `packed`, `starts` and `group_of` index (made only to read a row that is
    /// not the phase's random draw).
    index_at: Option<u64>,
    /// `buf`'s orders, [`pack`]ed, and where each group's start.
    packed: Vec<u64>,
    starts: Vec<usize>,
    /// Per province, 1 + the index of its unit's group in `buf` (0: none).
    group_of: Vec<u16>,
    rng: ChaCha8Rng,
    episode: u64,
    phases: u64,
    orders: Vec<(PowerId, Order)>,
    chosen: Vec<(PowerId, Order)>,
    /// The ids of `chosen`, and the phase (`phases`) they were drawn in: a row equal to
    /// them is known legal and needs no reading.
    drawn: Vec<u32>,
    drawn_at: Option<u64>,
    /// `chosen`'s [`key`]s, [`pack`]ed.
    keys: Vec<u64>,
}

/// What the games of a chunk share while they are stepped one after the other on one
/// core: the legal generator and the phase engine (tables and scratch space).
struct Worker {
    legal: Legal,
    engine: Engine,
}

/// What every game of a batch shares.
struct Shared {
    tables: Arc<Tables>,
    rules: Rulebook,
    end_year: Option<i32>,
    seed: u64,
    /// A game played on the engine directly, at its start (the same for every seed: the
    /// seed only draws the orders), copied for each new game.
    lite: Option<Lite>,
}

/// splitmix64: a game's seed from the batch's, the game's index and its episode.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Shared {
    /// The seed of game `i`'s `episode`-th game: the seed of its `entente.Game` twin.
    fn game_seed(&self, i: usize, episode: u64) -> u64 {
        mix(self.seed ^ mix(i as u64) ^ mix(episode.wrapping_mul(0x1_0000_0001)))
    }

    /// A new game with this seed, at its start.
    fn played(&self, seed: u64) -> PyResult<Played> {
        Ok(match &self.lite {
            Some(lite) => Played::Lite(lite.clone()),
            None => Played::Hosted(Box::new(new_session(
                &self.tables,
                self.rules,
                self.end_year,
                seed,
            )?)),
        })
    }

    fn new_slot(&self, i: usize, episode: u64) -> PyResult<Slot> {
        let seed = self.game_seed(i, episode);
        let played = self.played(seed)?;
        Ok(Slot {
            played,
            buf: LegalOrders::new(),
            buf_at: None,
            index_at: None,
            packed: Vec::new(),
            starts: Vec::new(),
            group_of: Vec::new(),
            rng: ChaCha8Rng::seed_from_u64(seed),
            episode,
            phases: 0,
            orders: Vec::new(),
            chosen: Vec::new(),
            drawn: Vec::new(),
            drawn_at: None,
            keys: Vec::new(),
        })
    }
}

impl Slot {
    /// Game `i`'s next game, in this slot's buffers.
    fn restart(&mut self, shared: &Shared, i: usize) -> PyResult<()> {
        let seed = shared.game_seed(i, self.episode + 1);
        self.played = shared.played(seed)?;
        self.episode += 1;
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        // `phases` goes on counting: nothing drawn or listed is of the new game.
        self.buf_at = None;
        self.index_at = None;
        self.drawn_at = None;
        self.drawn.clear();
        self.chosen.clear();
        self.orders.clear();
        Ok(())
    }

    fn over(&self) -> bool {
        self.played.over()
    }

    /// The legal orders of this phase in `buf` (listed once per phase).
    fn fill_legal(&mut self, legal: &mut Legal) {
        let at = self.phases;
        if self.buf_at == Some(at) {
            return;
        }
        // Every game of a batch is of one variant: a worker's generator is either always
        // a hosted game's (restricted as its phase is) or never.
        if let Played::Hosted(_) = self.played {
            legal.set_restrictions(self.played.restrictions());
        }
        let pos = self.played.position();
        match self.played.phase().kind {
            PhaseKind::Movement => legal.movement(pos, &mut self.buf),
            PhaseKind::Retreat => legal.retreats(pos, &mut self.buf),
            PhaseKind::Adjustment => legal.adjustments(pos, &mut self.buf),
        }
        self.buf_at = Some(at);
    }

    /// `buf` indexed for reading a row: its orders [`pack`]ed, where each group starts,
    /// each province's group.
    fn index_legal(&mut self, legal: &mut Legal, provinces: usize) {
        self.fill_legal(legal);
        let at = self.phases;
        if self.index_at == Some(at) {
            return;
        }
        self.packed.clear();
        self.packed.extend(self.buf.orders().iter().map(pack));
        self.starts.clear();
        let mut start = 0;
        for g in self.buf.groups() {
            self.starts.push(start);
            start += self.buf.of(g).len();
        }
        self.group_of.clear();
        self.group_of.resize(provinces, 0);
        for (i, g) in self.buf.groups().iter().enumerate() {
            if let Some(p) = g.province {
                self.group_of[p.index()] = i as u16 + 1;
            }
        }
        self.index_at = Some(at);
    }

    /// The ids of every legal order now (nothing once the game is over).
    fn legal_ids(
        &mut self,
        legal: &mut Legal,
        vocab: &Vocab,
        map: &Map,
        out: &mut Vec<u32>,
    ) -> Result<(), BatchError> {
        out.clear();
        if self.over() {
            return Ok(());
        }
        self.fill_legal(legal);
        // One `WAIVE`, where some power may build (as the package lists it: at the build
        // sites; each power with builds due has one in `buf`).
        let mut waive = false;
        for g in self.buf.groups() {
            let list = self.buf.of(g);
            let builds = list.iter().any(|o| matches!(o, Order::Build { .. }));
            for o in list {
                if *o == Order::Waive {
                    if waive || !builds {
                        continue;
                    }
                    waive = true;
                }
                if !vocab.push_legal_ids(map, o, out) {
                    return Err(BatchError::OutsideVocabulary(format!("{o:?}")));
                }
            }
        }
        Ok(())
    }

    /// One uniform random legal set of orders (as `entente.Game.random_orders`), as ids.
    /// Into `drawn`.
    fn random_ids(
        &mut self,
        legal: &mut Legal,
        vocab: &Vocab,
        map: &Map,
    ) -> Result<(), BatchError> {
        self.drawn.clear();
        self.drawn_at = None;
        if self.over() {
            return Ok(());
        }
        self.fill_legal(legal);
        self.chosen.clear();
        let rng = &mut self.rng;
        legal.choose(&self.buf, |n| rng.random_range(0..n), &mut self.chosen);
        // The keys first, their places in the vocabulary's table fetched together; then
        // the lookups.
        self.keys.clear();
        for (_, o) in &self.chosen {
            let k = pack(&key(map, o));
            vocab.prefetch(k);
            self.keys.push(k);
        }
        for (&k, (_, o)) in self.keys.iter().zip(&self.chosen) {
            match vocab.id_of_key(k) {
                Some(id) => self.drawn.push(id),
                None => return Err(BatchError::OutsideVocabulary(format!("{o:?}"))),
            }
        }
        self.drawn_at = Some(self.phases);
        Ok(())
    }

    /// Whether a row is the orders `random_legal_orders` drew for this phase, as they were.
    fn is_drawn(&self, row: &[i64]) -> bool {
        self.drawn_at == Some(self.phases)
            && row
                .iter()
                .copied()
                .filter(|&id| id != -1)
                .eq(self.drawn.iter().map(|&id| id as i64))
    }

    /// Reads a row of order ids into `self.orders`: each must be a legal order of this
    /// phase, one per unit (or build site); `-1` is padding, `WAIVE` is left to the
    /// default (a build not ordered is waived).
    fn read_row(
        &mut self,
        legal: &mut Legal,
        vocab: &Vocab,
        t: &Tables,
        row: &[i64],
    ) -> Result<(), BatchError> {
        self.orders.clear();
        if self.over() {
            return Ok(());
        }
        // The orders `random_legal_orders` drew for this phase, given back as they were.
        if self.is_drawn(row) {
            let chosen = self.chosen.iter().filter(|(_, o)| *o != Order::Waive);
            self.orders.extend(chosen);
            return Ok(());
        }
        let map = &*t.map;
        self.index_legal(legal, map.num_provinces());
        let kind = self.played.phase().kind;
        let mut seen = LocSet::EMPTY;
        for &id in row {
            if id == -1 {
                continue;
            }
            if id < 0 || id as usize >= vocab.texts.len() {
                return Err(BatchError::UnknownId {
                    id,
                    len: vocab.texts.len(),
                });
            }
            let order = vocab.order(id as u32, kind);
            if order == Order::Waive {
                continue;
            }
            let place = match order {
                Order::Build { loc, .. } => map.province_of(loc),
                _ => match order.unit() {
                    Some(u) => map.province_of(u.loc),
                    None => continue,
                },
            };
            let want = pack(&generated(map, &order));
            let matches = |i: usize| {
                let g = &self.buf.groups()[i];
                let start = self.starts[i];
                self.packed[start..start + self.buf.of(g).len()].contains(&want)
            };
            let power = if kind == PhaseKind::Adjustment {
                (0..self.buf.groups().len())
                    .find(|&i| matches(i))
                    .map(|i| self.buf.groups()[i].power)
            } else {
                match self.group_of[place.index()] {
                    0 => None,
                    g => {
                        let i = g as usize - 1;
                        matches(i).then_some(self.buf.groups()[i].power)
                    }
                }
            };
            let Some(power) = power else {
                return Err(BatchError::NotLegal {
                    id,
                    text: vocab.texts[id as usize].to_string(),
                    phase: py_phase(self.played.phase()),
                });
            };
            if seen.contains(place.0) {
                return Err(BatchError::TwoOrders {
                    place: t.loc(place.loc()).to_string(),
                    phase: py_phase(self.played.phase()),
                    id,
                    text: vocab.texts[id as usize].to_string(),
                });
            }
            seen.insert(place.0);
            self.orders.push((power, order));
        }
        Ok(())
    }

    fn step(&mut self, engine: &mut Engine, map: &Map, rules: &Rulebook) {
        if self.over() {
            return;
        }
        self.played.process(engine, map, rules, &self.orders);
        self.phases += 1;
    }

    /// DeepMind's board vector for every area (see [`PyBatch::board`]).
    fn board(&mut self, legal: &mut Legal, vocab: &Vocab, map: &Map, np: usize, out: &mut [f32]) {
        let width = board_width(np);
        let (u_pow, build, remove, d_ty, d_pow, a_ty, sc) = (
            3,
            3 + np + 1,
            3 + np + 2,
            3 + np + 3,
            3 + np + 6,
            2 * np + 10,
            2 * np + 13,
        );
        let adjust = self.played.phase().kind == PhaseKind::Adjustment && !self.over();
        let (mut buildable, mut removable) = (LocSet::EMPTY, LocSet::EMPTY);
        if adjust {
            self.fill_legal(legal);
            for o in self.buf.orders() {
                match *o {
                    Order::Build { loc, .. } => buildable.insert(map.province_of(loc).0),
                    Order::Remove(u) | Order::Disband(u) => {
                        removable.insert(map.province_of(u.loc).0)
                    }
                    _ => {}
                }
            }
        }
        let pos = self.played.position();
        for (a, &l) in vocab.areas.iter().enumerate() {
            let v = &mut out[a * width..(a + 1) * width];
            let p = map.province_of(l);
            let main = p.loc() == l;
            match pos.unit_at(p).filter(|u| main || u.loc == l) {
                Some(u) => {
                    v[u.ty as usize] = 1.0;
                    v[u_pow + u.power.index()] = 1.0;
                }
                None => {
                    v[2] = 1.0;
                    v[u_pow + np] = 1.0;
                }
            }
            v[build] = buildable.contains(p.0) as u8 as f32;
            v[remove] = (removable.contains(p.0)
                && (main || pos.unit_at(p).is_some_and(|u| u.loc == l)))
                as u8 as f32;
            match pos.dislodged_at(p).filter(|d| main || d.unit.loc == l) {
                Some(d) => {
                    v[d_ty + d.unit.ty as usize] = 1.0;
                    v[d_pow + d.unit.power.index()] = 1.0;
                }
                None => {
                    v[d_ty + 2] = 1.0;
                    v[d_pow + np] = 1.0;
                }
            }
            let area_type = if map.can_occupy(UnitType::Army, l) {
                0
            } else if map.province(p).kind == ProvinceKind::Sea {
                1
            } else {
                2
            };
            v[a_ty + area_type] = 1.0;
            if map.is_centre(p) {
                match pos.owner(p) {
                    Some(o) => v[sc + o.index()] = 1.0,
                    None => v[sc + np] = 1.0,
                }
            }
        }
    }

    /// DeepMind's season: 0 spring moves, 1 spring retreats, 2 autumn moves, 3 autumn
    /// retreats, 4 builds.
    fn season(&self) -> i32 {
        let ph = self.played.phase();
        match (ph.season, ph.kind) {
            (_, PhaseKind::Adjustment) => 4,
            (Season::Spring, PhaseKind::Movement) => 0,
            (Season::Spring, PhaseKind::Retreat) => 1,
            (_, PhaseKind::Movement) => 2,
            (_, PhaseKind::Retreat) => 3,
        }
    }

    /// Builds (positive, no more than the free home centres) or removals (negative) due per
    /// power in an adjustment phase; zeros in other phases.
    fn build_numbers(&mut self, legal: &mut Legal, map: &Map, out: &mut [i32]) {
        if self.over() || self.played.phase().kind != PhaseKind::Adjustment {
            return;
        }
        self.fill_legal(legal);
        let pos = self.played.position();
        for g in self.buf.groups() {
            let due = adjustment_due(map, pos, g.power);
            out[g.power.index()] = if due > 0 {
                let mut sites = LocSet::EMPTY;
                for o in self.buf.of(g) {
                    if let Order::Build { loc, .. } = o {
                        sites.insert(map.province_of(*loc).0);
                    }
                }
                due.min(sites.len() as i32)
            } else {
                due
            };
        }
    }
}

/// Flags per area: unit type (3), unit power (powers + 1), buildable, removable, dislodged
/// type (3), dislodged power (powers + 1), area type (3), centre owner (powers + 1): 35 with
/// seven powers.
fn board_width(np: usize) -> usize {
    3 + (np + 1) + 2 + 3 + (np + 1) + 3 + (np + 1)
}

/// Many games stepped together in Rust (`entente.Batch`).
///
/// `Batch(n_games, seed=None, map_name="standard", rules="2000", end_year=None)`: game `i`
/// is the game `entente.Game(map_name, rules, seed=batch.game_seed(i), end_year)` would
/// start; `rules` and `end_year` as there. Orders are ids of the map's fixed vocabulary
/// (`order_text(id)`, `order_id(text)`, `num_orders`). Every method works on all games with
/// the GIL released, spreading them over the cores.
#[pyclass(module = "entente", name = "Batch")]
pub struct PyBatch {
    shared: Shared,
    slots: Mutex<Games>,
}

/// The games of a batch and the workers that step them, one per thread of the pool.
struct Games {
    slots: Vec<Slot>,
    /// A worker per thread of rayon's pool (by `rayon::current_thread_index`): a thread
    /// steps its chunks one after the other with its own generator and engine, whose
    /// tables and scratch space stay in its core's cache. Each behind a mutex only a
    /// thread and its own chunks ever take (uncontended).
    workers: Vec<Mutex<Worker>>,
}

/// Games per chunk: small enough that the cores end a call together (a chunk is a few
/// tenths of a millisecond), large enough that a chunk's overhead does not count.
const CHUNK: usize = 16;

impl std::ops::Deref for Games {
    type Target = Vec<Slot>;
    fn deref(&self) -> &Vec<Slot> {
        &self.slots
    }
}

impl std::ops::DerefMut for Games {
    fn deref_mut(&mut self) -> &mut Vec<Slot> {
        &mut self.slots
    }
}

impl Games {
    fn new(slots: Vec<Slot>, t: &Tables) -> Games {
        let n = rayon::current_num_threads().max(1);
        let workers = (0..n)
            .map(|_| {
                Mutex::new(Worker {
                    legal: t.legal.clone(),
                    engine: Engine::new(),
                })
            })
            .collect();
        Games { slots, workers }
    }

    /// The calling thread's worker.
    fn worker(workers: &[Mutex<Worker>]) -> MutexGuard<'_, Worker> {
        let i = rayon::current_thread_index().unwrap_or(0) % workers.len();
        match workers[i].lock() {
            Ok(w) => w,
            Err(poisoned) => poisoned.into_inner(),
        }
    }

    /// `f(worker, index of the chunk's first game, chunk)` for every chunk of games, the
    /// chunks spread over the cores (the GIL released by the caller); the results in the
    /// games' order.
    fn chunks<R: Send>(
        &mut self,
        f: impl Fn(&mut Worker, usize, &mut [Slot]) -> R + Sync + Send,
    ) -> Vec<R> {
        let workers = &self.workers;
        self.slots
            .par_chunks_mut(CHUNK)
            .enumerate()
            .map(|(c, slots)| f(&mut Self::worker(workers), c * CHUNK, slots))
            .collect()
    }

    /// [`Games::chunks`] writing into `out`, `size` values per game: `f(worker, chunk,
    /// the chunk's part of out)`.
    fn chunks_into<T: Send>(
        &mut self,
        out: &mut [T],
        size: usize,
        f: impl Fn(&mut Worker, &mut [Slot], &mut [T]) + Sync + Send,
    ) {
        let workers = &self.workers;
        self.slots
            .par_chunks_mut(CHUNK)
            .zip(out.par_chunks_mut((CHUNK * size).max(1)))
            .for_each(|(slots, out)| f(&mut Self::worker(workers), slots, out));
    }
}

/// Rows of ids as a 2-D array, `-1` after each row's end.
fn padded<'py>(py: Python<'py>, rows: &[&[u32]]) -> Bound<'py, PyArray2<i32>> {
    let width = rows.iter().map(|r| r.len()).max().unwrap_or(0);
    let mut data = Vec::with_capacity(rows.len() * width);
    for r in rows {
        data.extend(r.iter().map(|&id| id as i32));
        data.extend(std::iter::repeat_n(-1, width - r.len()));
    }
    Array2::from_shape_vec((rows.len(), width), data)
        .expect("shape")
        .into_pyarray(py)
}

/// One row of order ids from a 1-D integer array or a sequence of ints.
fn id_row(x: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    if let Ok(a) = x.extract::<PyReadonlyArray1<'_, i64>>() {
        return Ok(a.as_array().to_vec());
    }
    if let Ok(a) = x.extract::<PyReadonlyArray1<'_, i32>>() {
        return Ok(a.as_array().iter().map(|&v| v as i64).collect());
    }
    x.extract::<Vec<i64>>().map_err(|_| {
        value_err("each game's orders must be a sequence (or 1-D array) of integer order ids")
    })
}

impl PyBatch {
    fn lock(&self, py: Python<'_>) -> MutexGuard<'_, Games> {
        use pyo3::sync::MutexExt;
        match self.slots.lock_py_attached(py) {
            Ok(g) => g,
            Err(poisoned) => poisoned.into_inner(),
        }
    }

    fn slot_index(&self, n: usize, game: i64) -> PyResult<usize> {
        if game < 0 || game as usize >= n {
            return Err(value_err(format!(
                "game {game}: the batch has games 0..{n}"
            )));
        }
        Ok(game as usize)
    }

    /// The orders of every game: a 2-D integer array `(n_games, k)`, or a sequence of
    /// `n_games` rows (lists or 1-D arrays), `-1` padding. Copied (Python may change the
    /// array while the games are stepped without the GIL), into one buffer.
    fn rows(&self, orders: &Bound<'_, PyAny>, n: usize) -> PyResult<Rows> {
        if let Ok(a) = orders.extract::<PyReadonlyArray2<'_, i32>>() {
            let a = a.as_array();
            return Rows::new(a.nrows(), a.ncols(), a.iter().map(|&v| v as i64), n);
        }
        if let Ok(a) = orders.extract::<PyReadonlyArray2<'_, i64>>() {
            let a = a.as_array();
            return Rows::new(a.nrows(), a.ncols(), a.iter().copied(), n);
        }
        let rows: Vec<Vec<i64>> = {
            if let Ok(nd) = orders.getattr("ndim") {
                if nd.extract::<usize>().ok() != Some(2) || orders.getattr("dtype").is_ok() {
                    let nd = nd.extract::<usize>().unwrap_or(0);
                    if nd != 2 && nd != 1 {
                        return Err(value_err(format!(
                            "orders must be a 2-D array (n_games, k) of order ids; got {nd}-D"
                        )));
                    }
                    if nd == 2 {
                        return Err(value_err(
                            "orders must be an integer array (int32 or int64) of order ids",
                        ));
                    }
                }
            }
            let mut rows = Vec::new();
            for x in orders.try_iter().map_err(|_| {
                value_err("orders must be a 2-D array (n_games, k) or a list of rows of ids")
            })? {
                rows.push(id_row(&x?)?);
            }
            rows
        };
        let width = rows.iter().map(Vec::len).max().unwrap_or(0);
        let ids = rows.iter().flat_map(|r| {
            r.iter()
                .copied()
                .chain(std::iter::repeat_n(-1, width - r.len()))
        });
        Rows::new(rows.len(), width, ids, n)
    }
}

/// Every game's row of order ids, `-1` padded to one width.
struct Rows {
    ids: Vec<i64>,
    width: usize,
}

impl Rows {
    fn new(rows: usize, width: usize, ids: impl Iterator<Item = i64>, n: usize) -> PyResult<Rows> {
        if rows != n {
            return Err(value_err(format!(
                "orders for {rows} games given, the batch has {n}"
            )));
        }
        let mut v = Vec::with_capacity(rows * width);
        v.extend(ids);
        Ok(Rows { ids: v, width })
    }

    fn row(&self, i: usize) -> &[i64] {
        &self.ids[i * self.width..(i + 1) * self.width]
    }
}

#[pymethods]
impl PyBatch {
    #[new]
    #[pyo3(signature = (n_games, seed = None, map_name = "standard", rules = "2000", end_year = None))]
    fn new(
        py: Python<'_>,
        n_games: usize,
        seed: Option<u64>,
        map_name: &str,
        rules: &str,
        end_year: Option<i32>,
    ) -> PyResult<PyBatch> {
        if n_games == 0 {
            return Err(value_err("a batch needs at least one game"));
        }
        let tables = Tables::of(map_name)?;
        if tables.map.is_escalation() {
            return Err(value_err(format!(
                "{map_name}: Escalation's placement phases have no order ids; use entente.Game"
            )));
        }
        let rules = parse_rules(rules)?;
        let lite = if tables.map.setup.is_none() {
            let game = new_session(&tables, rules, end_year, 0)?.into_game();
            Some(Lite {
                pos: game.position().clone(),
                phase: game.phase(),
                over: game.is_over(),
                victory: game.victory_centres() as usize,
                end_year: game.end_year(),
            })
        } else {
            None
        };
        let shared = Shared {
            rules,
            tables,
            end_year,
            seed: seed.unwrap_or_else(now_seed),
            lite,
        };
        let slots = py.detach(|| {
            shared.tables.vocab();
            (0..n_games)
                .into_par_iter()
                .map(|i| shared.new_slot(i, 0))
                .collect::<PyResult<Vec<Slot>>>()
        })?;
        let games = Games::new(slots, &shared.tables);
        Ok(PyBatch {
            shared,
            slots: Mutex::new(games),
        })
    }

    #[getter]
    fn n_games(&self, py: Python<'_>) -> usize {
        self.lock(py).len()
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.lock(py).len()
    }

    #[getter]
    fn seed(&self) -> u64 {
        self.shared.seed
    }

    #[getter]
    fn map_name(&self) -> String {
        self.shared.tables.variant.name.clone()
    }

    /// The seed of game `i`'s current game: `entente.Game(..., seed=...)` starts the same
    /// game (its `random_orders` draws what this game's `random_legal_orders` draws).
    fn game_seed(&self, py: Python<'_>, game: i64) -> PyResult<u64> {
        let slots = self.lock(py);
        let i = self.slot_index(slots.len(), game)?;
        Ok(self.shared.game_seed(i, slots[i].episode))
    }

    /// How many order ids the map has.
    #[getter]
    fn num_orders(&self) -> usize {
        self.shared.tables.vocab().texts.len()
    }

    /// The powers, in the order of `board()`'s and `build_numbers()`'s columns.
    #[getter]
    fn powers(&self) -> Vec<String> {
        self.shared.tables.power_up.clone()
    }

    /// An order id's text (`A PAR - BUR`). ValueError for an unknown id.
    fn order_text(&self, py: Python<'_>, id: i64) -> PyResult<Py<PyString>> {
        let v = self.shared.tables.vocab();
        if id < 0 || id as usize >= v.texts.len() {
            return Err(value_err(format!(
                "unknown order id {id} (ids are 0..{})",
                v.texts.len()
            )));
        }
        Ok(v.py_texts(py)[id as usize].clone_ref(py))
    }

    /// The texts of many ids (a list; `-1` skipped).
    fn order_texts<'py>(
        &self,
        py: Python<'py>,
        ids: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let v = self.shared.tables.vocab();
        let texts = v.py_texts(py);
        let row = id_row(ids)?;
        let mut out = Vec::with_capacity(row.len());
        for id in row {
            if id == -1 {
                continue;
            }
            if id < 0 || id as usize >= texts.len() {
                return Err(value_err(format!(
                    "unknown order id {id} (ids are 0..{})",
                    texts.len()
                )));
            }
            out.push(texts[id as usize].clone_ref(py));
        }
        PyList::new(py, out)
    }

    /// The id of an order text as the package lists it (`A PAR - BUR`, `F STP/SC - BOT`,
    /// `A LON - BRE VIA`, `F TRI D`, `WAIVE`); spaces are normalised and case ignored.
    /// ValueError for a text not in the vocabulary.
    fn order_id(&self, text: &str) -> PyResult<u32> {
        let v = self.shared.tables.vocab();
        let norm = text.split_whitespace().collect::<Vec<_>>().join(" ");
        v.id_of_text(&norm)
            .or_else(|| v.id_of_text(&norm.to_uppercase()))
            .ok_or_else(|| value_err(format!("'{text}' is not an order of this map")))
    }

    /// Every legal order of every game as ids: a 2-D int32 array `(n_games, k)`, each row
    /// padded with `-1` (an empty row for a finished game); with `game=i`, game `i`'s as a
    /// 1-D array. The ids' texts are exactly the orders `get_all_possible_orders` lists.
    #[pyo3(signature = (game = None))]
    fn legal_orders<'py>(&self, py: Python<'py>, game: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        let t = &*self.shared.tables;
        let vocab = t.vocab();
        let mut guard = self.lock(py);
        let games: &mut Games = &mut guard;
        if let Some(game) = game {
            let i = self.slot_index(games.slots.len(), game)?;
            let slot = &mut games.slots[i];
            let mut worker = Games::worker(&games.workers);
            let legal = &mut worker.legal;
            let mut ids = Vec::new();
            py.detach(|| slot.legal_ids(legal, vocab, &t.map, &mut ids))?;
            let ids: Vec<i32> = ids.into_iter().map(|x| x as i32).collect();
            return Ok(PyArray1::from_vec(py, ids).into_any());
        }
        let rows = py.detach(|| {
            games
                .chunks(|w, _, slots| {
                    let mut rows = Vec::with_capacity(slots.len());
                    for s in slots {
                        let mut ids = Vec::new();
                        s.legal_ids(&mut w.legal, vocab, &t.map, &mut ids)?;
                        rows.push(ids);
                    }
                    Ok(rows)
                })
                .into_iter()
                .collect::<Result<Vec<Vec<Vec<u32>>>, BatchError>>()
        })?;
        let rows: Vec<&[u32]> = rows.iter().flatten().map(Vec::as_slice).collect();
        Ok(padded(py, &rows).into_any())
    }

    /// One uniform random legal set of orders per game (each unit's order among its legal
    /// orders; in adjustments as many builds, waives or removals as due), as ids: a 2-D
    /// int32 array `(n_games, k)`, `-1` padding. Drawn from each game's seed: the same
    /// draws as `entente.Game(seed=batch.game_seed(i)).random_orders()`.
    fn random_legal_orders<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i32>>> {
        let t = &*self.shared.tables;
        let vocab = t.vocab();
        let mut guard = self.lock(py);
        let games: &mut Games = &mut guard;
        py.detach(|| {
            games
                .chunks(|w, _, slots| {
                    slots
                        .iter_mut()
                        .try_for_each(|s| s.random_ids(&mut w.legal, vocab, &t.map))
                })
                .into_iter()
                .collect::<Result<(), BatchError>>()
        })?;
        let rows: Vec<&[u32]> = games.slots.iter().map(|s| s.drawn.as_slice()).collect();
        Ok(padded(py, &rows))
    }

    /// Adjudicates every game not over with its row of order ids (a 2-D integer array
    /// `(n_games, k)` or `n_games` rows, `-1` padding) and moves each to its next phase
    /// with something to decide. A unit without an order holds (a dislodged one disbands),
    /// builds not ordered are waived. Every order must be legal in its game's phase, one per
    /// unit or build site: otherwise ValueError and no game moves. Rows of finished games
    /// are ignored. Returns `done`.
    fn step<'py>(
        &self,
        py: Python<'py>,
        orders: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let t = &*self.shared.tables;
        let vocab = t.vocab();
        let mut guard = self.lock(py);
        let games: &mut Games = &mut guard;
        let rows = self.rows(orders, games.slots.len())?;
        let rules = &self.shared.rules;
        // Each row the orders `random_legal_orders` drew (the usual case): nothing to read,
        // no error possible; each game read and stepped in one pass over the cores.
        let drawn = games
            .slots
            .iter()
            .enumerate()
            .all(|(i, s)| s.over() || s.is_drawn(rows.row(i)));
        py.detach(|| {
            if drawn {
                games
                    .chunks(|w, first, slots| {
                        for (j, s) in slots.iter_mut().enumerate() {
                            s.read_row(&mut w.legal, vocab, t, rows.row(first + j))?;
                            s.step(&mut w.engine, &t.map, rules);
                        }
                        Ok::<(), BatchError>(())
                    })
                    .into_iter()
                    .collect::<Result<(), BatchError>>()?;
                return Ok(());
            }
            // Every row read before any game moves: an error leaves every game as it was.
            let read = games.chunks(|w, first, slots| {
                for (j, s) in slots.iter_mut().enumerate() {
                    s.read_row(&mut w.legal, vocab, t, rows.row(first + j))
                        .map_err(|e| BatchError::InGame {
                            game: first + j,
                            error: Box::new(e),
                        })?;
                }
                Ok(())
            });
            read.into_iter().collect::<Result<(), BatchError>>()?;
            games.chunks(|w, _, slots| {
                for s in slots {
                    s.step(&mut w.engine, &t.map, rules);
                }
            });
            Ok::<(), BatchError>(())
        })?;
        let done: Vec<bool> = games.slots.iter().map(Slot::over).collect();
        Ok(PyArray1::from_vec(py, done))
    }

    /// Per game, whether it is over (a victory, or `end_year` passed): a bool array.
    #[getter]
    fn done<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let done: Vec<bool> = self.lock(py).iter().map(Slot::over).collect();
        PyArray1::from_vec(py, done)
    }

    /// Starts new games: those listed (indices), or every finished game. Game `i`'s next
    /// game has a seed of its own (`game_seed(i)`).
    #[pyo3(signature = (games = None))]
    fn reset(&self, py: Python<'_>, games: Option<Vec<i64>>) -> PyResult<()> {
        let mut guard = self.lock(py);
        let all: &mut Games = &mut guard;
        let n = all.slots.len();
        let which: Vec<bool> = match games {
            Some(list) => {
                let mut which = vec![false; n];
                for g in list {
                    which[self.slot_index(n, g)?] = true;
                }
                which
            }
            None => all.slots.iter().map(Slot::over).collect(),
        };
        // No game to start (most steps): no call over the cores.
        if !which.contains(&true) {
            return Ok(());
        }
        let shared = &self.shared;
        let which = &which;
        py.detach(|| {
            all.chunks(|_, first, slots| {
                for (j, s) in slots.iter_mut().enumerate() {
                    if which[first + j] {
                        s.restart(shared, first + j)?;
                    }
                }
                Ok(())
            })
            .into_iter()
            .collect::<PyResult<()>>()
        })
    }

    /// Phases adjudicated so far, over every game and episode.
    #[getter]
    fn phases_played(&self, py: Python<'_>) -> u64 {
        self.lock(py).iter().map(|s| s.phases).sum()
    }

    /// Each game's phase: `S1901M` (`COMPLETED` once over).
    fn phases(&self, py: Python<'_>) -> Vec<String> {
        self.lock(py)
            .iter()
            .map(|s| {
                if s.over() {
                    "COMPLETED".to_string()
                } else {
                    py_phase(s.played.phase())
                }
            })
            .collect()
    }

    /// Game `i`'s units by power, as `Game.get_units()`: `{"FRANCE": ["A PAR", "*F BRE"]}`.
    fn get_units<'py>(&self, py: Python<'py>, game: i64) -> PyResult<Bound<'py, PyDict>> {
        let t = &*self.shared.tables;
        let slots = self.lock(py);
        let pos = slots[self.slot_index(slots.len(), game)?].played.position();
        let d = PyDict::new(py);
        for p in t.map.power_ids() {
            d.set_item(t.power(p), t.units_of(pos, p))?;
        }
        Ok(d)
    }

    /// Game `i`'s supply centres by power, as `Game.get_centers()`.
    fn get_centers<'py>(&self, py: Python<'py>, game: i64) -> PyResult<Bound<'py, PyDict>> {
        let t = &*self.shared.tables;
        let slots = self.lock(py);
        let pos = slots[self.slot_index(slots.len(), game)?].played.position();
        let d = PyDict::new(py);
        for p in t.map.power_ids() {
            d.set_item(t.power(p), t.centers_of(&t.map, pos, p))?;
        }
        Ok(d)
    }

    /// The areas of `board()`, in its order: DeepMind's 81 on the standard board (`BOH`,
    /// ..., `BUL`, `BUL/EC`, `BUL/SC`, `SPA`, ..., `STP/SC`), every location of the map
    /// (provinces, then coasts) on others.
    #[getter]
    fn board_areas(&self) -> Vec<String> {
        self.shared.tables.vocab().area_names.clone()
    }

    /// Whether `board()` is DeepMind's layout exactly (the standard board's 81 areas and
    /// seven powers), rather than the same flags over the map's own locations.
    #[getter]
    fn board_is_deepmind(&self) -> bool {
        self.shared.tables.vocab().deepmind
    }

    /// The board of every game, float32 `(n_games, areas, 35)`, in the layout of
    /// DeepMind's `diplomacy` environment (`observation_utils.py`): per area, unit army /
    /// fleet / none (0-2); the unit's power, 7 + none (3-10); buildable (11); removable
    /// (12); dislodged army / fleet / none (13-15); the dislodged unit's power, 7 + none
    /// (16-23); area type land / sea / coast of a bicoastal province (24-26); the supply
    /// centre's owner, 7 + unowned, all zero where no centre (27-34). A unit is marked in
    /// its province's main area and, a fleet on a coast, that coast's area; the centre on
    /// every area of its province; buildable on every area of a province a power may build
    /// in now, removable where a unit of a power that must remove stands (adjustments
    /// only). Powers in `powers` order (alphabetical on the standard map).
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<f32>>> {
        let t = &*self.shared.tables;
        let vocab = t.vocab();
        let np = t.map.powers().len();
        let (areas, width) = (vocab.areas.len(), board_width(np));
        let mut guard = self.lock(py);
        let games: &mut Games = &mut guard;
        let n = games.slots.len();
        let mut data = vec![0f32; n * areas * width];
        py.detach(|| {
            games.chunks_into(&mut data, areas * width, |w, slots, out| {
                for (s, out) in slots.iter_mut().zip(out.chunks_mut(areas * width)) {
                    s.board(&mut w.legal, vocab, &t.map, np, out);
                }
            })
        });
        let a = Array3::from_shape_vec((n, areas, width), data)
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        Ok(a.into_pyarray(py))
    }

    /// Each game's season as DeepMind numbers them: 0 spring moves, 1 spring retreats, 2
    /// autumn moves, 3 autumn retreats, 4 builds (int32, the last phase once over).
    fn season<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
        let v: Vec<i32> = self.lock(py).iter().map(Slot::season).collect();
        PyArray1::from_vec(py, v)
    }

    /// Per game and power (`powers` order), in adjustments the builds it can make (no more
    /// than its free home centres) or minus the removals due; zero in other phases. int32
    /// `(n_games, powers)`. (DeepMind's observation also keeps the last removals in later
    /// phases, a bug its README says it keeps; this does not.)
    fn build_numbers<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i32>> {
        let t = &*self.shared.tables;
        let np = t.map.powers().len();
        let mut guard = self.lock(py);
        let games: &mut Games = &mut guard;
        let n = games.slots.len();
        let mut data = vec![0i32; n * np];
        py.detach(|| {
            games.chunks_into(&mut data, np, |w, slots, out| {
                for (s, out) in slots.iter_mut().zip(out.chunks_mut(np)) {
                    s.build_numbers(&mut w.legal, &t.map, out);
                }
            })
        });
        Array2::from_shape_vec((n, np), data)
            .expect("shape")
            .into_pyarray(py)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let slots = self.lock(py);
        let done = slots.iter().filter(|s| s.over()).count();
        format!(
            "<entente.Batch {} games of {}, {done} done>",
            slots.len(),
            self.shared.tables.variant.name
        )
    }
}
