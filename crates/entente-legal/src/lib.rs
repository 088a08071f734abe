//! Every legal order of a position: what a bot chooses from, what a game master offers.
//!
//! An order is listed iff the judge would not reject it as [`entente_judge::Illegal`] in that
//! position (the property `tests/legal_vs_judge.rs` checks exhaustively). Orders are listed in
//! one canonical spelling: the unit with its type and exact location, a fleet's destination
//! with its coast, an army's destination without one, supported and convoyed units with their
//! type and location but no power. Other spellings the judge also accepts (an army written
//! with a coast, a unit without its letter, `Disband` for `Remove`) are the same order.
//!
//! A phase's [`Restrictions`] are honoured ([`Legal::set_restrictions`]; none by default): no
//! move, support, convoy, retreat or build leads into an impassable province, no unit
//! standing in one is supported to hold there (the judge's `Restrictions::closes`), and
//! silent powers (neutral, or in civil disorder) get no orders, since theirs are not taken.
//!
//! Two kinds of order the judge accepts are left out on purpose: a "via convoy" move of an
//! army to an adjacent space when no chain of fleets could carry it (it always fails, with
//! no convoy), and a "via convoy" spelling of a move that needs a convoy anyway (listed once,
//! without the tag, as the judge reads both the same).
//!
//! [`Legal`] precomputes the map's adjacency once; each call fills a caller-owned
//! [`LegalOrders`] (orders grouped per unit, or per power for adjustments) and allocates
//! nothing once the buffers have grown. Sets of provinces are [`LocSet`] bit masks throughout.

use entente_judge::{ConvoyRoutes, Position, Restrictions, Unit};
use entente_map::{
    Loc, LocBits, LocSet, Map, PowerId, ProvinceId, ProvinceKind, UnitType, LOCSET_WORDS,
    NARROW_WORDS,
};
use entente_orders::{Order, Target, UnitRef};

/// The orders of one unit (movement and retreat phases) or of one power (adjustments).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Group {
    pub power: PowerId,
    /// The unit's province; `None` for a power's adjustment group.
    pub province: Option<ProvinceId>,
    /// Adjustments: builds (positive) or removals (negative) due; 0 in other phases.
    pub due: i32,
    start: u32,
    end: u32,
}

/// Legal orders of a position, grouped: one group per unit, or per power in adjustments.
/// Reuse one value across calls so its buffers are kept.
#[derive(Clone, Debug, Default)]
pub struct LegalOrders {
    orders: Vec<Order>,
    groups: Vec<Group>,
}

impl LegalOrders {
    pub fn new() -> LegalOrders {
        LegalOrders::default()
    }
    pub fn clear(&mut self) {
        self.orders.clear();
        self.groups.clear();
    }
    /// The groups, by province (units) or by power (adjustments).
    pub fn groups(&self) -> &[Group] {
        &self.groups
    }
    /// Every order, group after group.
    pub fn orders(&self) -> &[Order] {
        &self.orders
    }
    /// The orders of one group.
    pub fn of(&self, g: &Group) -> &[Order] {
        &self.orders[g.start as usize..g.end as usize]
    }
    pub fn len(&self) -> usize {
        self.orders.len()
    }
    pub fn is_empty(&self) -> bool {
        self.orders.is_empty()
    }
    /// Every order with the power that may give it.
    pub fn iter(&self) -> impl Iterator<Item = (PowerId, Order)> + '_ {
        self.groups
            .iter()
            .flat_map(move |g| self.of(g).iter().map(move |&o| (g.power, o)))
    }
    /// Appends every `(power, order)` to `out` (the judge's input form).
    pub fn extend_into(&self, out: &mut Vec<(PowerId, Order)>) {
        out.reserve(self.orders.len());
        for g in &self.groups {
            out.extend(self.of(g).iter().map(|&o| (g.power, o)));
        }
    }

    fn open(&mut self, power: PowerId, province: Option<ProvinceId>, due: i32) {
        let at = self.orders.len() as u32;
        self.groups.push(Group {
            power,
            province,
            due,
            start: at,
            end: at,
        });
    }
    #[inline]
    fn push(&mut self, o: Order) {
        self.orders.push(o);
    }
    fn close(&mut self) {
        let end = self.orders.len() as u32;
        if let Some(g) = self.groups.last_mut() {
            g.end = end;
        }
    }
}

/// Members of a set, in increasing order, straight off the mask words.
#[derive(Clone, Copy)]
struct Bits<const W: usize> {
    w: [u64; W],
    i: usize,
}

impl<const W: usize> Iterator for Bits<W> {
    type Item = u16;
    #[inline]
    fn next(&mut self) -> Option<u16> {
        while self.i < W {
            let w = self.w[self.i];
            if w != 0 {
                self.w[self.i] = w & (w - 1);
                return Some((self.i as u32 * 64 + w.trailing_zeros()) as u16);
            }
            self.i += 1;
        }
        None
    }
}

#[inline]
fn bits<const W: usize>(s: LocBits<W>) -> Bits<W> {
    Bits { w: s.words(), i: 0 }
}

/// A convoy order some fleet may give: fleet, army, and where the army may go through it.
#[derive(Clone, Copy, Debug)]
struct ConvoyEntry<const W: usize> {
    fleet: u16,
    army: u16,
    dests: LocBits<W>,
}

/// Orders written straight into a `Vec`'s reserved spare capacity: a store and a count in
/// registers per order, where `Vec::push` reloads and stores the length each time.
struct Writer<'a> {
    spare: &'a mut [std::mem::MaybeUninit<Order>],
    n: usize,
}

impl Writer<'_> {
    #[inline(always)]
    fn push(&mut self, o: Order) {
        self.spare[self.n].write(o);
        self.n += 1;
    }
    /// Writes `o` and keeps it if `keep`: no branch on `keep` (a dropped order is
    /// overwritten by the next).
    #[inline(always)]
    fn push_if(&mut self, o: Order, keep: bool) {
        self.spare[self.n].write(o);
        self.n += keep as usize;
    }
}

/// Legal-order generator for one map. Build once ([`Legal::new`]); every call reuses its
/// scratch space, so keep one per thread.
///
/// Its tables are kept at the narrowest set width the map fits: 256-bit sets for maps of
/// up to 256 locations (the standard map and every variant but Imperial), 512-bit ones
/// otherwise; the two are one generic generator ([`Core`]) chosen once per map.
#[derive(Clone, Debug)]
pub struct Legal(Width);

#[derive(Clone, Debug)]
enum Width {
    Narrow(Core<NARROW_WORDS>),
    Wide(Core<LOCSET_WORDS>),
}

/// Runs `$e` with `$c` bound to the generator at its width.
macro_rules! at_width {
    ($w:expr, $c:ident => $e:expr) => {
        match $w {
            Width::Narrow($c) => $e,
            Width::Wide($c) => $e,
        }
    };
}

impl Legal {
    pub fn new(map: &Map) -> Legal {
        if map.num_locs() <= LocBits::<NARROW_WORDS>::CAPACITY {
            Legal(Width::Narrow(Core::new(map)))
        } else {
            Legal(Width::Wide(Core::new(map)))
        }
    }

    /// The generator with 512-bit sets whatever the map's size: what [`Legal::new`] builds
    /// only for maps over 256 locations. For tests that check both widths list the same
    /// orders; [`Legal::new`] is the one to use.
    #[doc(hidden)]
    pub fn wide(map: &Map) -> Legal {
        Legal(Width::Wide(Core::new(map)))
    }

    /// Are the generator's sets 256 bits (the map fits) rather than 512?
    pub fn is_narrow(&self) -> bool {
        matches!(self.0, Width::Narrow(_))
    }

    /// As [`Legal::new`], listing the orders of phases played under `restrictions`.
    pub fn with_restrictions(map: &Map, restrictions: Restrictions) -> Legal {
        let mut legal = Legal::new(map);
        legal.set_restrictions(restrictions);
        legal
    }

    /// The restrictions the next calls list orders under (a game's
    /// `Game::restrictions()`): no order leads into an impassable province, and silent
    /// powers get no orders. [`Restrictions::NONE`] (the default) lists every order.
    pub fn set_restrictions(&mut self, restrictions: Restrictions) {
        at_width!(&mut self.0, c => c.set_restrictions(restrictions))
    }

    pub fn restrictions(&self) -> &Restrictions {
        at_width!(&self.0, c => &c.restrictions)
    }

    /// Every legal order of a movement phase, one group per unit in province order.
    pub fn movement(&mut self, pos: &Position, out: &mut LegalOrders) {
        at_width!(&mut self.0, c => c.movement(pos, out))
    }

    /// Every legal order of a retreat phase: per dislodged unit, each retreat and a disband.
    pub fn retreats(&mut self, pos: &Position, out: &mut LegalOrders) {
        at_width!(&mut self.0, c => c.retreats(pos, out))
    }

    /// Every legal order of an adjustment phase, one group per power with builds or
    /// removals due: builds in each owned, empty home centre (each unit type and coast that
    /// fits) and a waive, or the removal of each of its units.
    pub fn adjustments(&mut self, pos: &Position, out: &mut LegalOrders) {
        at_width!(&mut self.0, c => c.adjustments(pos, out))
    }

    /// Picks one legal set of orders, every choice uniform (`below(n)` returns a uniform
    /// number in `0..n`): one order per unit in movement and retreat phases; in adjustments,
    /// as many builds (in different provinces) or waives as the power is due, or that many
    /// different removals. Appends `(power, order)` pairs to `out`.
    pub fn choose(
        &self,
        legal: &LegalOrders,
        below: impl FnMut(usize) -> usize,
        out: &mut Vec<(PowerId, Order)>,
    ) {
        at_width!(&self.0, c => c.choose(legal, below, out))
    }
}

/// [`Legal`] at one set width: `W` words per set (`NARROW_WORDS` when the map's locations
/// fit, so each set is 32 bytes and the tables stay in cache; `LOCSET_WORDS` otherwise).
#[derive(Clone, Debug)]
struct Core<const W: usize> {
    provinces: usize,
    province_of: Vec<u16>,
    /// The map's borders, closed provinces left out (what the hot loops read).
    open: Borders<W>,
    /// The map's borders.
    borders: Borders<W>,
    /// Per province: provinces a fleet on any of its coasts can reach (convoy adjacency).
    pfr: Vec<LocBits<W>>,
    /// Per province: the seas and the province itself (where a convoy does not land an
    /// army from there), a table rather than a one-member set built per call.
    sea_and: Vec<LocBits<W>>,
    /// Provinces where a fleet may convoy.
    convoy_ok: LocBits<W>,
    /// The judge's definition of a convoy route (which fleets may convoy an army where).
    routes: ConvoyRoutes,
    kind: Vec<ProvinceKind>,
    coasts: Vec<Vec<Loc>>,
    centres: LocBits<W>,
    homes: Vec<LocBits<W>>,
    /// What the phase is played under: closed provinces, powers whose orders are not taken.
    restrictions: Restrictions,
    /// The closed provinces (`restrictions.impassable` at this width).
    closed: LocBits<W>,
    /// The map's straits ([`entente_map::Strait`]), crossed where the judge's
    /// [`Position::strait_ends`] says.
    straits: Vec<entente_map::Strait>,
    /// The locations of the closed provinces (every coast too): where fleets may not go.
    closed_locs: LocBits<W>,
    scratch: Scratch<W>,
}

/// Borders of a map, as the judge reads them for moves and supports.
#[derive(Clone, Debug)]
struct Borders<const W: usize> {
    /// Per province: provinces an army there can move to.
    army_adj: Vec<LocBits<W>>,
    /// Per location: locations a fleet there can move to.
    fleet_adj: Vec<LocBits<W>>,
    /// Per location: provinces a fleet there can reach (what it may support into).
    fleet_reach: Vec<LocBits<W>>,
}

#[derive(Clone, Debug, Default)]
struct Scratch<const W: usize> {
    units: Vec<Option<Unit>>,
    /// Per occupied province: the unit as a support or convoy names it.
    targets: Vec<Target>,
    /// Per province with a unit: where it may move (armies: by land or by convoy).
    moves: Vec<LocBits<W>>,
    /// Per army: the convoying fleets reachable from it, and where they can carry it.
    closure: Vec<LocBits<W>>,
    convoy_dests: Vec<LocBits<W>>,
    /// Per province: destinations of irredundant routes through the fleet there (one army).
    route_dests: Vec<LocBits<W>>,
    /// The transpose of `moves`, as lists: the units that may move to province `d` are
    /// `movers[mover_at[d]..mover_at[d + 1]]`, in province order.
    mover_at: Vec<u32>,
    movers: Vec<u16>,
    /// Per army: where it may go without the fleet now ordering supports (`without_done`).
    without: Vec<LocBits<W>>,
    convoys: Vec<ConvoyEntry<W>>,
}

impl<const W: usize> Core<W> {
    fn new(map: &Map) -> Core<W> {
        let np = map.num_provinces();
        let nl = map.num_locs();
        let province_of: Vec<u16> = (0..nl).map(|l| map.province_of(Loc(l as u16)).0).collect();
        let army_adj: Vec<LocBits<W>> = (0..np)
            .map(|p| map.army_neighbours(ProvinceId(p as u16)).narrow())
            .collect();
        let fleet_adj: Vec<LocBits<W>> = (0..nl)
            .map(|l| map.fleet_neighbours(Loc(l as u16)).narrow())
            .collect();
        let fleet_reach: Vec<LocBits<W>> = (0..nl)
            .map(|l| map.fleet_reach(Loc(l as u16)).narrow())
            .collect();
        let pfr: Vec<LocBits<W>> = (0..np)
            .map(|p| map.province_fleet_reach(ProvinceId(p as u16)).narrow())
            .collect();
        let mut sea = LocBits::<W>::EMPTY;
        let mut convoy_ok = LocBits::<W>::EMPTY;
        for p in map.province_ids() {
            if map.is_sea(p) {
                sea.insert(p.0);
            }
            if map.convoys(p) {
                convoy_ok.insert(p.0);
            }
        }
        let sea_and = (0..np)
            .map(|p| {
                let mut s = sea;
                s.insert(p as u16);
                s
            })
            .collect();
        let homes = map
            .power_ids()
            .map(|pw| {
                let mut s = LocBits::<W>::EMPTY;
                for h in map.build_centres(pw) {
                    s.insert(h.0);
                }
                s
            })
            .collect();
        Core {
            provinces: np,
            province_of,
            open: Borders {
                army_adj: army_adj.clone(),
                fleet_adj: fleet_adj.clone(),
                fleet_reach: fleet_reach.clone(),
            },
            borders: Borders {
                army_adj,
                fleet_adj,
                fleet_reach,
            },
            pfr,
            sea_and,
            convoy_ok,
            routes: ConvoyRoutes::new(map),
            kind: map.provinces().iter().map(|p| p.kind).collect(),
            coasts: map.provinces().iter().map(|p| p.coasts.clone()).collect(),
            centres: map.centres().narrow(),
            homes,
            restrictions: Restrictions::NONE,
            closed: LocBits::<W>::EMPTY,
            straits: map.straits().to_vec(),
            closed_locs: LocBits::<W>::EMPTY,
            scratch: Scratch {
                units: vec![None; np],
                targets: vec![
                    Target {
                        power: None,
                        ty: None,
                        loc: Loc(0),
                    };
                    np
                ],
                moves: vec![LocBits::<W>::EMPTY; np],
                closure: vec![LocBits::<W>::EMPTY; np],
                convoy_dests: vec![LocBits::<W>::EMPTY; np],
                route_dests: vec![LocBits::<W>::EMPTY; np],
                mover_at: vec![0; np + 2],
                movers: Vec::new(),
                without: vec![LocBits::<W>::EMPTY; np],
                convoys: Vec::new(),
            },
        }
    }

    fn set_restrictions(&mut self, restrictions: Restrictions) {
        // Asked before every listing: the borders are only worked out again when the closed
        // provinces change (the silent powers are read where the units are).
        let same_borders = restrictions.impassable == self.restrictions.impassable;
        self.restrictions = restrictions;
        if same_borders {
            return;
        }
        let closed: LocBits<W> = restrictions.impassable.narrow();
        self.closed = closed;
        self.closed_locs = LocBits::<W>::EMPTY;
        for (l, &p) in self.province_of.iter().enumerate() {
            if closed.contains(p) {
                self.closed_locs.insert(l as u16);
            }
        }
        // Moves and supports read borders without the closed provinces: nothing to mask in
        // the hot loops.
        let (all, open) = (&self.borders, &mut self.open);
        for (o, a) in open.army_adj.iter_mut().zip(&all.army_adj) {
            *o = a.difference(&closed);
        }
        for (o, a) in open.fleet_adj.iter_mut().zip(&all.fleet_adj) {
            *o = a.difference(&self.closed_locs);
        }
        for (o, a) in open.fleet_reach.iter_mut().zip(&all.fleet_reach) {
            *o = a.difference(&closed);
        }
    }

    /// Open provinces a unit may support into (or move to, without convoy).
    #[inline]
    fn reach(&self, u: Unit, pos: &Position) -> LocBits<W> {
        let mut r = self.base_reach(u);
        if u.ty == UnitType::Fleet && !self.straits.is_empty() {
            self.strait_ends(u, pos, |l| r.insert(self.province_of[l.index()]));
        }
        r
    }

    /// Calls `f` with the far end of each strait `u` (a fleet) may cross in `pos` (the
    /// judge's rule, [`Position::strait_ends`]) that is not in a closed province.
    fn strait_ends(&self, u: Unit, pos: &Position, mut f: impl FnMut(Loc)) {
        for other in pos.strait_ends(&self.straits, u.power, u.loc) {
            if !self.closed.contains(self.province_of[other.index()]) {
                f(other);
            }
        }
    }

    #[inline]
    fn base_reach(&self, u: Unit) -> LocBits<W> {
        match u.ty {
            UnitType::Army => self.open.army_adj[self.province_of[u.loc.index()] as usize],
            UnitType::Fleet => self.open.fleet_reach[u.loc.index()],
        }
    }

    /// Convoying fleets reachable from the army at `f` (avoiding `without`), and the land
    /// spaces they carry it to: what the judge's `convoy_possible` searches.
    fn convoy_closure(&self, f: u16, fleets: LocBits<W>) -> (LocBits<W>, LocBits<W>) {
        let mut closure = self.pfr[f as usize].intersection(&fleets);
        let mut frontier = closure;
        let mut touched = LocBits::<W>::EMPTY;
        while !frontier.is_empty() {
            let mut next = LocBits::<W>::EMPTY;
            frontier.for_each(|c| next = next.union(&self.pfr[c as usize]));
            touched = touched.union(&next);
            frontier = next.intersection(&fleets).difference(&closure);
            closure = closure.union(&frontier);
        }
        let dests = touched.difference(&self.sea_and[f as usize]);
        (closure, dests)
    }

    /// Every legal order of a movement phase, one group per unit in province order.
    fn movement(&mut self, pos: &Position, out: &mut LegalOrders) {
        out.clear();
        let np = self.provinces;
        let mut s = std::mem::take(&mut self.scratch);
        // No move leads into a closed province (nor, below, any support or convoy).
        let closed = self.closed;
        let mut occ = LocBits::<W>::EMPTY;
        let mut armies = LocBits::<W>::EMPTY;
        let mut fleets = LocBits::<W>::EMPTY;
        // The movers of each province are listed below (`movers`), counted here first:
        // province `d` has `mover_at[d + 2]` of them.
        s.mover_at.fill(0);
        for p in 0..np {
            let u = pos.unit_at(ProvinceId(p as u16));
            s.units[p] = u;
            if let Some(u) = u {
                occ.insert(p as u16);
                match u.ty {
                    UnitType::Army => armies.insert(p as u16),
                    UnitType::Fleet => fleets.insert(p as u16),
                }
                let moves = self.reach(u, pos);
                s.moves[p] = moves;
                let at = &mut s.mover_at;
                moves.for_each(|d| at[d as usize + 2] += 1);
                s.targets[p] = Target {
                    power: None,
                    ty: Some(u.ty),
                    loc: u.loc,
                };
            }
        }
        // Convoys: only fleets where convoying is possible take part.
        let fleets = fleets.intersection(&self.convoy_ok);
        let mut convoyable = LocBits::<W>::EMPTY;
        s.convoys.clear();
        if !fleets.is_empty() {
            for a in bits(armies) {
                if !self.pfr[a as usize].intersects(&fleets) {
                    continue;
                }
                let (closure, dests) = self.convoy_closure(a, fleets);
                s.closure[a as usize] = closure;
                s.convoy_dests[a as usize] = dests;
                if dests.is_empty() {
                    continue;
                }
                convoyable.insert(a);
                let by_land = s.moves[a as usize];
                let by_sea = dests.difference(&closed).difference(&by_land);
                s.moves[a as usize] = by_land.union(&by_sea);
                let at = &mut s.mover_at;
                by_sea.for_each(|d| at[d as usize + 2] += 1);
                self.irredundant_routes(a, closure, &mut s);
            }
        }
        // The movers of each province, as lists (counted above, filled here in province
        // order): what supports of moves read, per destination, for every supporter.
        let mut sum = 0;
        for a in s.mover_at.iter_mut() {
            sum += *a;
            *a = sum;
        }
        let total = s.mover_at[np + 1] as usize;
        // Entries past `total` are stale, never read: the table only grows.
        if s.movers.len() < total {
            s.movers.resize(total, 0);
        }
        occ.for_each(|q| {
            let (at, movers) = (&mut s.mover_at, &mut s.movers);
            s.moves[q as usize].for_each(|d| {
                let i = &mut at[d as usize + 1];
                movers[*i as usize] = q;
                *i += 1;
            })
        });
        let convoy_orders: usize = s
            .convoys
            .iter()
            .map(|e| e.dests.difference(&closed).len())
            .sum();
        // Units of silent powers get no orders (theirs are not taken); others may still
        // support or convoy them.
        let mut ordered = occ;
        let silent = self.restrictions.silent;
        if !silent.is_empty() {
            occ.for_each(|p| {
                if s.units[p as usize].is_some_and(|u| silent.contains(u.power)) {
                    ordered.remove(p);
                }
            });
        }
        ordered.for_each(|p| {
            let u = s.units[p as usize].expect("occupied");
            out.open(u.power, Some(ProvinceId(p)), 0);
            let reach = self.reach(u, pos);
            // At most: a hold, each move (twice for an army, with and without convoy; a
            // fleet's moves to each coast), a support of each other unit's hold and move
            // into reach, and the convoys.
            let moves = match u.ty {
                UnitType::Army => 2 * s.moves[p as usize].len(),
                UnitType::Fleet => self.open.fleet_adj[u.loc.index()].len() + self.straits.len(),
            };
            let bound = 1 + moves + reach.len() + total + convoy_orders;
            out.orders.reserve(bound);
            let len = out.orders.len();
            let mut w = Writer {
                spare: &mut out.orders.spare_capacity_mut()[..bound],
                n: 0,
            };
            self.unit_orders(pos, p, u, reach, occ, fleets, convoyable, &mut s, &mut w);
            let n = w.n;
            // SAFETY: `Writer::push` initialised the first `n` slots past `len` (checked
            // against the reserved capacity), and `Order` is `Copy`.
            unsafe { out.orders.set_len(len + n) };
            out.close();
        });
        self.scratch = s;
    }

    /// Fills `s.convoys` with the convoy orders fleets may give the army at `a`: the routes
    /// of [`ConvoyRoutes`], the judge's own definition (DATC 6.G.19), and where they lead.
    #[inline(never)]
    fn irredundant_routes(&self, a: u16, closure: LocBits<W>, s: &mut Scratch<W>) {
        // Routes only pass through fleets the army can reach (`closure`): searching those
        // alone is the same search, with less to clear.
        self.routes
            .search_table(&self.pfr, ProvinceId(a), &closure, &mut s.route_dests);
        for c in bits(closure) {
            let dests = s.route_dests[c as usize];
            if !dests.is_empty() {
                s.convoys.push(ConvoyEntry {
                    fleet: c,
                    army: a,
                    dests,
                });
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn unit_orders(
        &self,
        pos: &Position,
        p: u16,
        u: Unit,
        reach: LocBits<W>,
        occ: LocBits<W>,
        fleets: LocBits<W>,
        convoyable: LocBits<W>,
        s: &mut Scratch<W>,
        out: &mut Writer,
    ) {
        let me = UnitRef {
            ty: Some(u.ty),
            loc: u.loc,
        };
        let target = |q: u16| s.targets[q as usize];
        out.push(Order::Hold(me));
        match u.ty {
            UnitType::Army => {
                let move_to = |d: u16, via_convoy: bool| Order::Move {
                    unit: me,
                    to: Loc(d),
                    via_convoy,
                };
                if convoyable.contains(p) {
                    let via = reach.intersection(&s.convoy_dests[p as usize]);
                    s.moves[p as usize].for_each(|d| {
                        out.push(move_to(d, false));
                        out.push_if(move_to(d, true), via.contains(d));
                    });
                } else {
                    s.moves[p as usize].for_each(|d| out.push(move_to(d, false)));
                }
            }
            UnitType::Fleet => {
                let mut adj = self.open.fleet_adj[u.loc.index()];
                if !self.straits.is_empty() {
                    self.strait_ends(u, pos, |l| adj.insert(l.0));
                }
                adj.for_each(|l| {
                    out.push(Order::Move {
                        unit: me,
                        to: Loc(l),
                        via_convoy: false,
                    })
                });
            }
        }
        // `reach` is open provinces only: a unit standing in a closed one cannot be
        // supported there either.
        // (Not `occ` without `p` as a set: a one-member set built on the stack and read
        // whole stalls on store forwarding.)
        reach.intersection(&occ).for_each(|t| {
            out.push_if(
                Order::SupportHold {
                    unit: me,
                    target: target(t),
                },
                t != p,
            )
        });
        let in_chain = u.ty == UnitType::Fleet && fleets.contains(p);
        // Supports of moves: for each space the supporter reaches, each unit that may move
        // there (output-sized work).
        let (at, movers, targets) = (&s.mover_at, &s.movers, &s.targets);
        if !in_chain {
            reach.for_each(|d| {
                for &q in &movers[at[d as usize] as usize..at[d as usize + 1] as usize] {
                    let o = Order::SupportMove {
                        unit: me,
                        target: targets[q as usize],
                        to: Loc(d),
                    };
                    out.push_if(o, q != p);
                }
            });
        } else {
            let mut without_done = LocBits::<W>::EMPTY;
            let without = &mut s.without;
            let closure = &s.closure;
            reach.for_each(|d| {
                for &q in &movers[at[d as usize] as usize..at[d as usize + 1] as usize] {
                    if q == p {
                        continue;
                    }
                    if convoyable.contains(q)
                        && closure[q as usize].contains(p)
                        && !self.open.army_adj[q as usize].contains(d)
                    {
                        // A fleet cannot support a move that needs it as the convoy (DATC
                        // 6.D.31).
                        if !without_done.contains(q) {
                            let mut others = fleets;
                            others.remove(p);
                            without[q as usize] = self.convoy_closure(q, others).1;
                            without_done.insert(q);
                        }
                        if !without[q as usize].contains(d) {
                            continue;
                        }
                    }
                    out.push(Order::SupportMove {
                        unit: me,
                        target: targets[q as usize],
                        to: Loc(d),
                    });
                }
            });
        }
        if in_chain {
            for e in s.convoys.iter().filter(|e| e.fleet == p) {
                let t = target(e.army);
                for d in bits(e.dests.difference(&self.closed)) {
                    out.push(Order::Convoy {
                        unit: me,
                        target: t,
                        to: Loc(d),
                    });
                }
            }
        }
    }

    /// Picks one legal set of orders, every choice uniform (`below(n)` returns a uniform
    /// number in `0..n`): one order per unit in movement and retreat phases; in adjustments,
    /// as many builds (in different provinces) or waives as the power is due, or that many
    /// different removals. Appends `(power, order)` pairs to `out`.
    fn choose(
        &self,
        legal: &LegalOrders,
        mut below: impl FnMut(usize) -> usize,
        out: &mut Vec<(PowerId, Order)>,
    ) {
        for g in legal.groups() {
            let list = legal.of(g);
            if list.is_empty() {
                continue;
            }
            if g.due == 0 {
                out.push((g.power, list[below(list.len())]));
            } else if g.due > 0 {
                let mut used = LocSet::EMPTY;
                let free = |o: &Order, used: &LocSet| match *o {
                    Order::Build { loc, .. } => !used.contains(self.province_of[loc.index()]),
                    _ => true,
                };
                for _ in 0..g.due {
                    let n = list.iter().filter(|o| free(o, &used)).count();
                    let r = below(n);
                    let o = *list
                        .iter()
                        .filter(|o| free(o, &used))
                        .nth(r)
                        .expect("r < n");
                    if let Order::Build { loc, .. } = o {
                        used.insert(self.province_of[loc.index()]);
                    }
                    out.push((g.power, o));
                }
            } else {
                let mut taken = LocSet::EMPTY;
                let k = (-g.due as usize).min(list.len());
                for i in 0..k {
                    let r = below(list.len() - i);
                    let idx = (0..list.len())
                        .filter(|&j| !taken.contains(j as u16))
                        .nth(r)
                        .expect("r < remaining");
                    taken.insert(idx as u16);
                    out.push((g.power, list[idx]));
                }
            }
        }
    }

    /// Every legal order of a retreat phase: per dislodged unit, each retreat and a disband.
    fn retreats(&mut self, pos: &Position, out: &mut LegalOrders) {
        out.clear();
        for (p, d) in pos.dislodged() {
            if self.restrictions.silent.contains(d.unit.power) {
                continue;
            }
            let me = UnitRef {
                ty: Some(d.unit.ty),
                loc: d.unit.loc,
            };
            out.open(d.unit.power, Some(p), 0);
            out.push(Order::Disband(me));
            for l in bits(d.retreats.narrow::<W>().difference(&self.closed_locs)) {
                out.push(Order::Retreat {
                    unit: me,
                    to: Loc(l),
                });
            }
            out.close();
        }
    }

    /// Every legal order of an adjustment phase, one group per power with builds or
    /// removals due: builds in each owned, empty home centre (each unit type and coast that
    /// fits) and a waive, or the removal of each of its units.
    fn adjustments(&mut self, pos: &Position, out: &mut LegalOrders) {
        out.clear();
        let np = self.homes.len();
        let mut due = [0i32; 64];
        let mut occ = LocBits::<W>::EMPTY;
        for p in 0..self.provinces {
            if let Some(u) = pos.unit_at(ProvinceId(p as u16)) {
                due[u.power.index()] -= 1;
                occ.insert(p as u16);
            }
        }
        for c in bits(self.centres) {
            if let Some(o) = pos.owner(ProvinceId(c)) {
                due[o.index()] += 1;
            }
        }
        for (pi, &n) in due.iter().enumerate().take(np) {
            let power = PowerId(pi as u8);
            if n == 0 || self.restrictions.silent.contains(power) {
                continue;
            }
            out.open(power, None, n);
            if n > 0 {
                let closed = self.closed;
                for h in bits(self.homes[pi].difference(&occ).difference(&closed)) {
                    if pos.owner(ProvinceId(h)) != Some(power) {
                        continue;
                    }
                    let kind = self.kind[h as usize];
                    if kind != ProvinceKind::Sea {
                        out.push(Order::Build {
                            ty: Some(UnitType::Army),
                            loc: Loc(h),
                        });
                    }
                    if kind != ProvinceKind::Land {
                        let coasts = &self.coasts[h as usize];
                        if coasts.is_empty() {
                            out.push(Order::Build {
                                ty: Some(UnitType::Fleet),
                                loc: Loc(h),
                            });
                        }
                        for &c in coasts {
                            out.push(Order::Build {
                                ty: Some(UnitType::Fleet),
                                loc: c,
                            });
                        }
                    }
                }
                out.push(Order::Waive);
            } else {
                for p in bits(occ) {
                    if let Some(u) = pos.unit_at(ProvinceId(p)) {
                        if u.power == power {
                            out.push(Order::Remove(UnitRef {
                                ty: Some(u.ty),
                                loc: u.loc,
                            }));
                        }
                    }
                }
            }
            out.close();
        }
    }
}
