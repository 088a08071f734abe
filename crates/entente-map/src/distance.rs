//! Shortest distances between provinces, computed once per map (civil-disorder removals
//! measure how far a unit is from its power's home).

use crate::{Loc, LocSet, Map, ProvinceId};

/// All-pairs distances in moves (`u8::MAX` = unreachable, [`MAX_DISTANCE`] = that many or more) over two graphs: any unit over land
/// and sea (armies "including convoys", 2023: both unit types), and fleets by sea only.
///
/// [`Map::distances`] computes them once per map.
#[derive(Clone)]
pub struct Distances {
    n: usize,
    any: Vec<u8>,
    fleet: Vec<u8>,
}

impl Distances {
    pub fn new(map: &Map) -> Distances {
        let n = map.num_provinces();
        let mut fleet_adj = vec![LocSet::EMPTY; n];
        let mut any_adj = vec![LocSet::EMPTY; n];
        for l in 0..map.num_locs() {
            let p = map.province_of(Loc(l as u16)).index();
            fleet_adj[p] = fleet_adj[p].union(map.fleet_reach(Loc(l as u16)));
        }
        for p in 0..n {
            any_adj[p] = fleet_adj[p].union(map.army_neighbours(ProvinceId(p as u16)));
        }
        Distances {
            n,
            any: bfs_all(&any_adj),
            fleet: bfs_all(&fleet_adj),
        }
    }

    /// Moves between two provinces for any unit over land and sea.
    pub fn any(&self, a: ProvinceId, b: ProvinceId) -> u8 {
        self.any[a.index() * self.n + b.index()]
    }

    /// Moves between two provinces for a fleet.
    pub fn fleet(&self, a: ProvinceId, b: ProvinceId) -> u8 {
        self.fleet[a.index() * self.n + b.index()]
    }
}

impl std::fmt::Debug for Distances {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Distances({} provinces)", self.n)
    }
}

/// The most moves a distance says: a province farther away (a map may be a chain of 512
/// provinces) is at this distance, never at `u8::MAX`, which means unreachable.
pub const MAX_DISTANCE: u8 = u8::MAX - 1;

fn bfs_all(adj: &[LocSet]) -> Vec<u8> {
    let n = adj.len();
    let mut out = vec![u8::MAX; n * n];
    let mut queue = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    for s in 0..n {
        let row = &mut out[s * n..(s + 1) * n];
        seen.fill(false);
        row[s] = 0;
        seen[s] = true;
        queue.clear();
        queue.push(s);
        let mut head = 0;
        while head < queue.len() {
            let p = queue[head];
            head += 1;
            for q in adj[p].iter() {
                let q = q as usize;
                if !seen[q] {
                    seen[q] = true;
                    row[q] = row[p].saturating_add(1).min(MAX_DISTANCE);
                    queue.push(q);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(map: &Map, name: &str) -> ProvinceId {
        map.lookup_province(name).unwrap()
    }

    #[test]
    fn standard_map_distances() {
        let map = Map::standard();
        let d = map.distances();
        let (par, bur, mos, lon, bel, bre, spa, mar) = (
            p(&map, "par"),
            p(&map, "bur"),
            p(&map, "mos"),
            p(&map, "lon"),
            p(&map, "bel"),
            p(&map, "bre"),
            p(&map, "spa"),
            p(&map, "mar"),
        );
        assert_eq!(d.any(par, par), 0);
        assert_eq!(d.any(par, bur), 1);
        assert_eq!(d.any(par, mos), 5);
        // Over the North Sea.
        assert_eq!(d.any(lon, bel), 2);
        assert_eq!(d.fleet(lon, bel), 2);
        // Paris is inland: no fleet gets there.
        assert_eq!(d.fleet(par, bre), u8::MAX);
        assert_eq!(d.fleet(bre, par), u8::MAX);
        // Either coast of Spain: the south coast borders Marseilles.
        assert_eq!(d.fleet(spa, mar), 1);
        for a in map.province_ids() {
            for b in map.province_ids() {
                assert_eq!(d.any(a, b), d.any(b, a));
                assert_eq!(d.fleet(a, b), d.fleet(b, a));
                assert!(d.any(a, b) <= d.fleet(a, b));
                assert!(d.any(a, b) < u8::MAX, "the map is connected");
            }
        }
    }

    #[test]
    fn computed_once_and_kept_by_the_map() {
        let map = Map::standard();
        let first: *const Distances = map.distances();
        assert!(std::ptr::eq(first, map.distances()));
        let fresh = Distances::new(&map);
        for a in map.province_ids() {
            for b in map.province_ids() {
                assert_eq!(fresh.any(a, b), map.distances().any(a, b));
                assert_eq!(fresh.fleet(a, b), map.distances().fleet(a, b));
            }
        }
        // A clone of the map answers the same.
        let clone = map.clone();
        assert_eq!(clone.distances().any(p(&map, "par"), p(&map, "mos")), 5);
        assert_eq!(format!("{fresh:?}"), "Distances(75 provinces)");
    }
}
