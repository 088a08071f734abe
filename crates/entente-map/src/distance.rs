//! Shortest distances between provinces, computed once per map (on first use) for
//! civil-disorder removals: [`Map::distances`].

use crate::{Loc, LocSet, Map, ProvinceId};

/// All-pairs distances in moves (`u8::MAX` = unreachable) over two graphs: any unit over land
/// and sea (armies "including convoys", 2023: both unit types), and fleets by sea only.
#[derive(Clone, Debug)]
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
            let p = map.province_of(Loc(l as u8)).index();
            fleet_adj[p] = fleet_adj[p].union(map.fleet_reach(Loc(l as u8)));
        }
        for p in 0..n {
            any_adj[p] = fleet_adj[p].union(map.army_neighbours(ProvinceId(p as u8)));
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

fn bfs_all(adj: &[LocSet]) -> Vec<u8> {
    let n = adj.len();
    let mut out = vec![u8::MAX; n * n];
    let mut queue = Vec::with_capacity(n);
    for s in 0..n {
        let row = &mut out[s * n..(s + 1) * n];
        row[s] = 0;
        queue.clear();
        queue.push(s);
        let mut head = 0;
        while head < queue.len() {
            let p = queue[head];
            head += 1;
            for q in adj[p].iter() {
                let q = q as usize;
                if row[q] == u8::MAX {
                    row[q] = row[p].saturating_add(1);
                    queue.push(q);
                }
            }
        }
    }
    out
}
