use entente_map::{Loc, LocSet, Map, PowerId, ProvinceId, Strait, UnitType};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Unit {
    pub power: PowerId,
    pub ty: UnitType,
    pub loc: Loc,
}

/// A unit dislodged in the movement phase, waiting for its retreat order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Dislodged {
    pub unit: Unit,
    /// Province the successful attacker came from.
    pub attacker_from: ProvinceId,
    /// Locations the unit may retreat to.
    pub retreats: LocSet,
}

/// The board between phases: units by province, centre owners, dislodged units.
/// `Default` is a board of no provinces, a placeholder to `clone_from` into.
#[derive(PartialEq, Eq, Debug, Default)]
pub struct Position {
    units: Vec<Option<Unit>>,
    owners: Vec<Option<PowerId>>,
    /// The dislodged units by the province they were dislodged from, in province order:
    /// a few at most, where a table of every province (80 bytes each) made every copy of a
    /// position (five a phase in a game that keeps its history) 6.7 KB instead of 0.7.
    dislodged: Vec<(ProvinceId, Dislodged)>,
}

impl Clone for Position {
    fn clone(&self) -> Position {
        Position {
            units: self.units.clone(),
            owners: self.owners.clone(),
            dislodged: self.dislodged.clone(),
        }
    }
    /// Reuses this position's buffers (the derived `clone_from` would allocate anew):
    /// the judge copies positions in its hot path.
    fn clone_from(&mut self, source: &Position) {
        self.units.clone_from(&source.units);
        self.owners.clone_from(&source.owners);
        self.dislodged.clone_from(&source.dislodged);
    }
}

impl Position {
    pub fn empty(map: &Map) -> Position {
        let n = map.num_provinces();
        Position {
            units: vec![None; n],
            owners: vec![None; n],
            dislodged: Vec::new(),
        }
    }

    /// The variant's start: its start units, home centres owned by their powers.
    pub fn start(map: &Map) -> Position {
        let mut pos = Position::empty(map);
        for pid in map.power_ids() {
            let p = map.power(pid);
            for &(ty, loc) in &p.start_units {
                pos.place(
                    map,
                    Unit {
                        power: pid,
                        ty,
                        loc,
                    },
                );
            }
            for &h in &p.home_centres {
                pos.owners[h.index()] = Some(pid);
            }
        }
        pos
    }

    /// The number of provinces of the map the position is for.
    pub fn num_provinces(&self) -> usize {
        self.units.len()
    }

    #[inline]
    pub fn unit_at(&self, p: ProvinceId) -> Option<Unit> {
        self.units[p.index()]
    }
    pub fn units(&self) -> impl Iterator<Item = (ProvinceId, Unit)> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter_map(|(i, u)| u.map(|u| (ProvinceId(i as u16), u)))
    }
    pub fn units_of(&self, power: PowerId) -> impl Iterator<Item = Unit> + '_ {
        self.units
            .iter()
            .flatten()
            .copied()
            .filter(move |u| u.power == power)
    }
    pub(crate) fn units_slice(&self) -> &[Option<Unit>] {
        &self.units
    }
    /// Puts a unit on the board, replacing any unit in the same province.
    pub fn place(&mut self, map: &Map, unit: Unit) {
        self.units[map.province_of(unit.loc).index()] = Some(unit);
    }
    pub fn remove(&mut self, p: ProvinceId) -> Option<Unit> {
        self.units[p.index()].take()
    }
    pub fn clear_units(&mut self) {
        self.units.iter_mut().for_each(|u| *u = None);
    }

    /// Makes this the empty board that follows `source`: the same centre owners, no units,
    /// nobody dislodged. Reuses the buffers (the movement judge's hot path).
    pub(crate) fn reset_next_of(&mut self, source: &Position) {
        let n = source.units.len();
        self.units.clear();
        self.units.resize(n, None);
        self.owners.clone_from(&source.owners);
        self.dislodged.clear();
    }

    pub fn owner(&self, p: ProvinceId) -> Option<PowerId> {
        self.owners[p.index()]
    }
    pub fn set_owner(&mut self, p: ProvinceId, owner: Option<PowerId>) {
        self.owners[p.index()] = owner;
    }
    pub fn centre_count(&self, map: &Map, power: PowerId) -> usize {
        map.centres()
            .iter()
            .filter(|&c| self.owners[c as usize] == Some(power))
            .count()
    }
    pub fn unit_count(&self, power: PowerId) -> usize {
        self.units_of(power).count()
    }

    /// The dislodged units, in province order.
    pub fn dislodged(&self) -> impl Iterator<Item = (ProvinceId, Dislodged)> + '_ {
        self.dislodged.iter().copied()
    }
    pub fn dislodged_at(&self, p: ProvinceId) -> Option<Dislodged> {
        self.dislodged
            .iter()
            .find(|(q, _)| *q == p)
            .map(|&(_, d)| d)
    }
    pub fn set_dislodged(&mut self, p: ProvinceId, d: Option<Dislodged>) {
        match (self.dislodged.binary_search_by_key(&p, |&(q, _)| q), d) {
            (Ok(i), Some(d)) => self.dislodged[i].1 = d,
            (Ok(i), None) => {
                self.dislodged.remove(i);
            }
            (Err(i), Some(d)) => self.dislodged.insert(i, (p, d)),
            (Err(_), None) => {}
        }
    }
    pub fn has_dislodged(&self) -> bool {
        !self.dislodged.is_empty()
    }

    /// The rule of a strait, read here only: the far end of each of `straits` (the map's,
    /// [`Map::straits`]) that a fleet of `power` at `from` may cross in this position. A
    /// strait (`[[strait]]` in a variant file; Imperial's Straits of Constantinople) is a
    /// fleet border open only to the power owning its centre, both ways. The judge's moves
    /// and supports ([`strait_crossing`]), the retreats of a dislodged fleet and the legal
    /// orders (`entente-legal`) all ask this; closed provinces, occupied spaces and the like
    /// are theirs to leave out. Nothing on maps without straits.
    #[inline]
    pub fn strait_ends<'a>(
        &'a self,
        straits: &'a [Strait],
        power: PowerId,
        from: Loc,
    ) -> impl Iterator<Item = Loc> + 'a {
        straits.iter().filter_map(move |st| {
            let other = st.other_end(from)?;
            (self.owner(st.owner_of) == Some(power)).then_some(other)
        })
    }

    /// Fall rule: every centre becomes owned by the power with a unit in it.
    pub fn update_ownership(&mut self, map: &Map) {
        for c in map.centres().iter() {
            if let Some(u) = self.units[c as usize] {
                self.owners[c as usize] = Some(u.power);
            }
        }
    }
}

/// Where `power`'s fleet at `from` lands crossing one of the map's straits into province
/// `to`: the first of [`Position::strait_ends`] in `to`. `None` where no strait open to
/// `power` in `pos` leads there, and always on maps without straits.
#[inline]
pub fn strait_crossing(
    map: &Map,
    pos: &Position,
    power: PowerId,
    from: Loc,
    to: ProvinceId,
) -> Option<Loc> {
    pos.strait_ends(map.straits(), power, from)
        .find(|&l| map.province_of(l) == to)
}
