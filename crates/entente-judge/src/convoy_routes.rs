//! The one definition of a convoy route, shared by the judge (is this fleet's convoy order
//! part of any route? DATC 4.E.1, 6.G.19) and `entente-legal` (which convoy orders may each
//! fleet give?), so the two cannot disagree.
//!
//! A route of the army in province `a` is a chain of fleets standing where fleets convoy,
//! with no shortcut: the first fleet is next to `a`, each next fleet touches the one before
//! it and no earlier one, and no fleet after the first touches `a` (a chordless path). It
//! leads to each land province other than `a` that its last fleet touches and no earlier
//! fleet does; a fleet may convoy the army to a province when it is on such a route there.
//!
//! There can be exponentially many routes, so the search is bounded: routes are visited
//! depth first, fleets in province order, and only the first [`ROUTE_BUDGET`] (each route
//! and each of its beginnings counts once) are taken. On the maps that ship with entente no
//! army has that many, even with a fleet on every sea (the tests check it), except Imperial:
//! with a fleet on each of its 87 seas (more fleets than its 85 units) an army's routes
//! exceed the bound. So the bound only ever matters on such a board of a large map, and
//! there both the judge and `entente-legal` stop at the same route.

use entente_map::{LocBits, LocSet, Map, ProvinceId};

/// The most routes (counting each beginning of a route) searched for one army.
pub const ROUTE_BUDGET: u32 = 100_000;

/// What the route search needs of a map besides its borders, computed once
/// ([`ConvoyRoutes::new`]; no allocation, cheap to copy).
#[derive(Clone, Copy, Debug)]
pub struct ConvoyRoutes {
    /// Sea provinces: never a route's destination.
    sea: LocSet,
    /// Provinces where a fleet may convoy.
    convoying: LocSet,
}

impl ConvoyRoutes {
    pub fn new(map: &Map) -> ConvoyRoutes {
        let mut sea = LocSet::EMPTY;
        let mut convoying = LocSet::EMPTY;
        for p in map.province_ids() {
            if map.is_sea(p) {
                sea.insert(p.0);
            }
            if map.convoys(p) {
                convoying.insert(p.0);
            }
        }
        ConvoyRoutes { sea, convoying }
    }

    /// Of the provinces holding a fleet, those where it may convoy: the `fleets` of
    /// [`ConvoyRoutes::search`].
    pub fn convoying(&self, fleet_provinces: &LocSet) -> LocSet {
        fleet_provinces.intersection(&self.convoying)
    }

    /// The routes of the army in `army` through the convoying fleets in `fleets`: sets
    /// `dests[c]`, for each fleet `c` of `fleets`, to the provinces the fleet may convoy the
    /// army to (other entries are left alone; `dests` is indexed by province). Returns
    /// `false` when the search stopped at [`ROUTE_BUDGET`] before it had seen every route.
    /// Fleets that no chain of fleets links to the army change nothing: leaving them out of
    /// `fleets` is the same search, with fewer entries to clear.
    pub fn search(
        &self,
        map: &Map,
        army: ProvinceId,
        fleets: &LocSet,
        dests: &mut [LocSet],
    ) -> bool {
        let reach = |p: u16| *map.province_fleet_reach(ProvinceId(p));
        self.run(reach, army, fleets, dests)
    }

    /// As [`ConvoyRoutes::search`], reading the borders from a copy of the map's
    /// [`Map::province_fleet_reach`] table (`reach[p]` for province `p`), for callers that
    /// keep the map's tables rather than the map (`entente-legal`), at the width they keep
    /// them ([`LocBits::narrow`]: every province id of the map must fit it).
    pub fn search_table<const W: usize>(
        &self,
        reach: &[LocBits<W>],
        army: ProvinceId,
        fleets: &LocBits<W>,
        dests: &mut [LocBits<W>],
    ) -> bool {
        self.run(|p: u16| reach[p as usize], army, fleets, dests)
    }

    fn run<const W: usize>(
        &self,
        reach: impl Fn(u16) -> LocBits<W>,
        army: ProvinceId,
        fleets: &LocBits<W>,
        dests: &mut [LocBits<W>],
    ) -> bool {
        fleets.for_each(|c| dests[c as usize] = LocBits::EMPTY);
        walk(reach, self.sea.narrow(), army, fleets, Table(dests))
    }
}

/// Where the fleet in `fleet` may convoy the army in `army` ([`ConvoyRoutes::search`] for
/// one fleet, with no table), seas not left out: the judge's question, which it asks only
/// about a land destination.
pub(crate) fn fleet_leads(map: &Map, army: ProvinceId, fleets: &LocSet, fleet: u16) -> LocSet {
    let reach = |p: u16| *map.province_fleet_reach(ProvinceId(p));
    let mut one = OneFleet {
        fleet,
        dests: LocSet::EMPTY,
    };
    walk(reach, LocSet::EMPTY, army, fleets, &mut one);
    one.dests
}

/// Visits the army's routes in order, within the budget; `record` keeps what it needs.
/// Returns `false` when the budget ran out first.
fn walk<const W: usize>(
    reach: impl Fn(u16) -> LocBits<W>,
    sea: LocBits<W>,
    army: ProvinceId,
    fleets: &LocBits<W>,
    mut record: impl Record<W>,
) -> bool {
    let start = reach(army.0);
    let mut not_dest = sea;
    not_dest.insert(army.0);
    let mut s = Search {
        reach,
        start,
        not_dest,
        fleets: *fleets,
        budget: ROUTE_BUDGET,
        cut: false,
    };
    start.intersection(fleets).for_each(|c| {
        s.route_from(LocBits::single(c), LocBits::EMPTY, c, &mut record);
    });
    !s.cut
}

/// What a search keeps of each route: `found` is where the route ending at the fleet
/// `last` leads, with every longer route through it.
trait Record<const W: usize> {
    fn record(&mut self, last: u16, found: LocBits<W>);
}

/// Every fleet's destinations, indexed by province.
struct Table<'a, const W: usize>(&'a mut [LocBits<W>]);

impl<const W: usize> Record<W> for Table<'_, W> {
    #[inline]
    fn record(&mut self, last: u16, found: LocBits<W>) {
        let d = &mut self.0[last as usize];
        *d = d.union(&found);
    }
}

/// One fleet's destinations: each route through it is a longer route of the one that
/// ends at it, so those are all it needs.
struct OneFleet {
    fleet: u16,
    dests: LocSet,
}

impl Record<{ entente_map::LOCSET_WORDS }> for &mut OneFleet {
    #[inline]
    fn record(&mut self, last: u16, found: LocSet) {
        if last == self.fleet {
            self.dests = self.dests.union(&found);
        }
    }
}

/// One army's search.
struct Search<R, const W: usize> {
    /// Per province: the provinces a fleet there touches.
    reach: R,
    /// The provinces a fleet next to the army stands in: only a route's first fleet is one.
    start: LocBits<W>,
    /// The army's own province and every sea.
    not_dest: LocBits<W>,
    fleets: LocBits<W>,
    budget: u32,
    /// The budget ran out with routes left unseen.
    cut: bool,
}

impl<R: Fn(u16) -> LocBits<W>, const W: usize> Search<R, W> {
    /// One route: `path` (a set) ends at `last`; `before` is what the fleets before `last`
    /// touch. Returns where this route and every longer one through it lead, and records it
    /// for `last` (the fleets before it record it on the way back).
    fn route_from(
        &mut self,
        path: LocBits<W>,
        before: LocBits<W>,
        last: u16,
        record: &mut impl Record<W>,
    ) -> LocBits<W> {
        if self.budget == 0 {
            self.cut = true;
            return LocBits::EMPTY;
        }
        self.budget -= 1;
        let touch = (self.reach)(last);
        // The route ends where only its last fleet touches the destination.
        let mut found = touch
            .difference(&before)
            .difference(&self.not_dest)
            .difference(&path);
        let next_before = before.union(&touch);
        // No shortcut: a new fleet touches the last one only, and not the army's province.
        let next = touch
            .intersection(&self.fleets)
            .difference(&path)
            .difference(&self.start)
            .difference(&before);
        next.for_each(|c| {
            let mut longer = path;
            longer.insert(c);
            found = found.union(&self.route_from(longer, next_before, c, record));
        });
        record.record(last, found);
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use entente_map::{builtin_variant, builtin_variant_names, ProvinceKind};

    /// The most routes there can be on a map: a fleet on every space where fleets convoy
    /// (routes only grow with more fleets). Every army's search must be complete there.
    #[test]
    fn no_army_on_a_shipped_map_has_more_routes_than_the_search_sees() {
        for name in builtin_variant_names() {
            if name == "imperial" {
                // 87 seas, each with a fleet: more routes than the bound (module doc).
                continue;
            }
            let map = builtin_variant(name).unwrap();
            let routes = ConvoyRoutes::new(&map);
            let mut all = LocSet::EMPTY;
            for p in map.province_ids() {
                all.insert(p.0);
            }
            let fleets = routes.convoying(&all);
            let mut dests = vec![LocSet::EMPTY; map.num_provinces()];
            let mut some = 0;
            for a in map.province_ids() {
                if map.province(a).kind == ProvinceKind::Sea || fleets.contains(a.0) {
                    continue;
                }
                let mut others = fleets;
                others.remove(a.0);
                assert!(
                    routes.search(&map, a, &others, &mut dests),
                    "{name}: the routes of an army in {} are not all searched",
                    map.province(a).abbr
                );
                some += fleets
                    .iter()
                    .filter(|&c| !dests[c as usize].is_empty())
                    .count();
                // The judge's one-fleet form of the search finds the same.
                for c in others.iter() {
                    let one = fleet_leads(&map, a, &others, c).difference(&routes.sea);
                    assert_eq!(one, dests[c as usize], "{name}");
                }
            }
            assert!(fleets.is_empty() || some > 0, "{name}: no routes at all");
        }
    }

    /// A fleet is on a route to a province only if no shorter route leaves it out (the
    /// shape of DATC 6.G.19): from London with fleets in the Channel, the Irish Sea and the
    /// Mid-Atlantic.
    #[test]
    fn a_fleet_that_a_shorter_route_leaves_out_convoys_nothing_there() {
        let map = Map::standard();
        let p = |n: &str| map.lookup_province(n).unwrap();
        let routes = ConvoyRoutes::new(&map);
        let mut fleets = LocSet::EMPTY;
        for f in ["eng", "iri", "mao"] {
            fleets.insert(p(f).0);
        }
        let mut dests = vec![LocSet::EMPTY; map.num_provinces()];
        assert!(routes.search(&map, p("lon"), &fleets, &mut dests));
        let on = |f: &str, to: &str| dests[p(f).index()].contains(p(to).0);
        // The Channel alone reaches Brest and Wales; with the Mid-Atlantic, Portugal; with
        // the Irish Sea, Liverpool.
        assert!(on("eng", "bre") && on("eng", "wal") && on("eng", "por") && on("eng", "lvp"));
        assert!(on("mao", "por") && on("iri", "lvp"));
        assert!(
            !on("mao", "bre") && !on("iri", "wal"),
            "the Channel is a shortcut"
        );
        assert!(
            !on("eng", "lon") && !on("eng", "nth"),
            "not back home, not to sea"
        );
    }
}
