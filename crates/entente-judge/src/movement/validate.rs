//! From written orders to what each unit does: legality (DATC 4.E.1: an order that could
//! never be valid is ignored and the unit holds), then linking supports and convoys to the
//! orders they match.

use super::{
    Kind, MovementResult, OrderResult, Scratch, CONVOY_BY_ANYONE, CONVOY_BY_OWN_POWER, NONE,
};
use crate::convoy_routes::fleet_leads;
use crate::outcome::{Illegal, Outcome, Void};
use crate::position::{strait_crossing, Position, Unit};
use crate::restrictions::Restrictions;
use crate::rules::{AdjacentConvoy, Rulebook};
use entente_map::{Loc, LocSet, Map, PowerId, ProvinceId, ProvinceKind, UnitType};
use entente_orders::{Order, Target};

pub(super) fn validate(
    map: &Map,
    _rules: &Rulebook,
    restrictions: &Restrictions,
    pos: &Position,
    s: &mut Scratch,
    orders: &[(PowerId, Order)],
    out: &mut MovementResult,
) {
    // Made at the first convoy order that needs it (on the stack: no allocation).
    let mut routes = None;
    for (i, &(power, order)) in orders.iter().enumerate() {
        // An order into a closed province is never seen by the rest of the judge.
        let checked = if restrictions.closes(map, &order) {
            Err(Illegal::Impassable)
        } else {
            check(map, pos, s, &mut routes, power, &order)
        };
        let outcome = match checked {
            Ok((p, kind)) => {
                let prev = s.order_index[p];
                if prev != NONE && s.kind[p] != kind {
                    // Two different orders for one unit: it holds (DATC 4.D.3, choice c).
                    s.conflicted[p] = true;
                }
                s.kind[p] = kind;
                s.order_index[p] = i as u16;
                // Placeholder; the real outcome is written once everything is resolved.
                Outcome::Succeeded
            }
            Err(why) => Outcome::Illegal(why),
        };
        out.orders.push(OrderResult {
            power,
            order,
            outcome,
        });
    }
    for p in 0..s.kind.len() {
        if s.conflicted[p] {
            s.kind[p] = Kind::Hold;
        }
    }
}

/// The province and action of a legal movement-phase order.
fn check(
    map: &Map,
    pos: &Position,
    s: &mut Scratch,
    routes: &mut Option<Routes>,
    power: PowerId,
    order: &Order,
) -> Result<(usize, Kind), Illegal> {
    let unit_ref = match order {
        Order::Hold(u) => *u,
        Order::Move { unit, .. }
        | Order::SupportHold { unit, .. }
        | Order::SupportMove { unit, .. }
        | Order::Convoy { unit, .. } => *unit,
        _ => return Err(Illegal::WrongPhase),
    };
    let p = map.province_of(unit_ref.loc).index();
    let unit = s.unit[p].ok_or(Illegal::NoSuchUnit)?;
    if unit.power != power {
        return Err(Illegal::NotYourUnit);
    }
    // A wrong unit letter or coast on the ordered unit is ignored (DATC 4.C.2, 4.B.5).
    let kind = match *order {
        Order::Hold(_) => Kind::Hold,
        Order::Move { to, via_convoy, .. } => check_move(map, pos, s, unit, p, to, via_convoy)?,
        Order::SupportHold { target, .. } => check_support_hold(map, pos, s, unit, p, target)?,
        Order::SupportMove { target, to, .. } => {
            check_support_move(map, pos, s, unit, p, target, to)?
        }
        Order::Convoy { target, to, .. } => check_convoy(map, s, routes, unit, p, target, to)?,
        _ => return Err(Illegal::WrongPhase),
    };
    Ok((p, kind))
}

/// Where a fleet at `from` lands when ordered to `to` (DATC 4.B.1–4.B.3).
pub(crate) fn fleet_destination(map: &Map, from: Loc, to: Loc) -> Result<Loc, Illegal> {
    let d = map.province_of(to);
    let prov = map.province(d);
    if prov.kind == ProvinceKind::Land {
        return Err(Illegal::WrongTerrain);
    }
    if map.coast_of(to).is_some() {
        if map.fleet_adjacent(from, to) {
            return Ok(to);
        }
        return Err(if map.fleet_reach(from).contains(d.0) {
            Illegal::CoastUnreachable
        } else {
            Illegal::NotAdjacent
        });
    }
    if prov.coasts.is_empty() {
        return if map.fleet_adjacent(from, to) {
            Ok(to)
        } else {
            Err(Illegal::NotAdjacent)
        };
    }
    let mut found = None;
    for &c in &prov.coasts {
        if map.fleet_adjacent(from, c) {
            if found.is_some() {
                return Err(Illegal::CoastNeeded);
            }
            found = Some(c);
        }
    }
    found.ok_or(Illegal::NotAdjacent)
}

/// Can `unit` move to (or support into) province `to`: a border, or a strait its power may
/// cross ([`strait_crossing`])?
fn reaches(map: &Map, pos: &Position, unit: Unit, to: ProvinceId) -> bool {
    map.can_reach(unit.ty, unit.loc, to)
        || (unit.ty == UnitType::Fleet
            && strait_crossing(map, pos, unit.power, unit.loc, to).is_some())
}

fn check_move(
    map: &Map,
    pos: &Position,
    s: &mut Scratch,
    unit: Unit,
    p: usize,
    to: Loc,
    via_convoy: bool,
) -> Result<Kind, Illegal> {
    let d = map.province_of(to);
    if d.index() == p {
        return Err(Illegal::SameProvince);
    }
    match unit.ty {
        UnitType::Army => {
            if map.is_sea(d) {
                return Err(Illegal::WrongTerrain);
            }
            // A coast written on an army's destination is ignored (DATC 6.B.12).
            if map.army_adjacent(map.province_of(unit.loc), d)
                || convoy_possible(map, s, p as u16, d.0)
            {
                Ok(Kind::Move {
                    to: d.loc(),
                    dest: d.0,
                    via_convoy,
                })
            } else {
                Err(Illegal::NotAdjacent)
            }
        }
        UnitType::Fleet => {
            if via_convoy {
                return Err(Illegal::FleetConvoyed);
            }
            let to = match fleet_destination(map, unit.loc, to) {
                Ok(l) => l,
                // A strait its power may cross (written as the very spot or the province).
                Err(e) => pos
                    .strait_ends(map.straits(), unit.power, unit.loc)
                    .find(|&l| l == to || (d.loc() == to && map.province_of(l) == d))
                    .ok_or(e)?,
            };
            Ok(Kind::Move {
                to,
                dest: d.0,
                via_convoy: false,
            })
        }
    }
}

fn check_support_hold(
    map: &Map,
    pos: &Position,
    s: &Scratch,
    unit: Unit,
    p: usize,
    target: Target,
) -> Result<Kind, Illegal> {
    let t = map.province_of(target.loc);
    if t.index() == p {
        return Err(Illegal::SupportsItself);
    }
    if s.unit[t.index()].is_none() {
        return Err(Illegal::NoSuchUnit);
    }
    if !reaches(map, pos, unit, t) {
        return Err(Illegal::SupportUnreachable);
    }
    Ok(Kind::SupportHold { target: t.0 })
}

fn check_support_move(
    map: &Map,
    pos: &Position,
    s: &mut Scratch,
    unit: Unit,
    p: usize,
    target: Target,
    to: Loc,
) -> Result<Kind, Illegal> {
    let f = map.province_of(target.loc);
    let d = map.province_of(to);
    if f.index() == p || d.index() == p {
        return Err(Illegal::SupportsItself);
    }
    if f == d {
        return Err(Illegal::SameProvince);
    }
    let supported = s.unit[f.index()].ok_or(Illegal::NoSuchUnit)?;
    // Support into a split-coast province ignores coasts (RULES.md; DATC 6.B.4).
    if !reaches(map, pos, unit, d) {
        return Err(Illegal::SupportUnreachable);
    }
    let possible = match supported.ty {
        UnitType::Army => {
            !map.is_sea(d)
                && (map.army_adjacent(f, d) || convoy_possible_without(map, s, f.0, d.0, p as u16))
        }
        UnitType::Fleet => reaches(map, pos, supported, d),
    };
    if !possible {
        return Err(Illegal::ImpossibleSupportedMove);
    }
    let coast = if map.coast_of(to).is_some() { to.0 } else { 0 };
    Ok(Kind::SupportMove {
        from: f.0,
        dest: d.0,
        coast,
    })
}

fn check_convoy(
    map: &Map,
    s: &mut Scratch,
    routes: &mut Option<Routes>,
    unit: Unit,
    p: usize,
    target: Target,
    to: Loc,
) -> Result<Kind, Illegal> {
    if unit.ty != UnitType::Fleet || !map.convoys(map.province_of(unit.loc)) {
        return Err(Illegal::ConvoyNotAtSea);
    }
    let f = map.province_of(target.loc);
    let d = map.province_of(to);
    let army = s.unit[f.index()].ok_or(Illegal::NoSuchUnit)?;
    if army.ty != UnitType::Army {
        return Err(Illegal::FleetConvoyed);
    }
    if f == d || map.is_sea(d) || map.is_sea(f) {
        return Err(Illegal::ConvoyImpossible);
    }
    // The fleet must be necessary for some possible route (DATC 4.E.1, 6.G.19).
    let routes = routes.get_or_insert_with(|| Routes::new(map, s));
    if !routes.leads(map, f, p).contains(d.0) {
        return Err(Illegal::ConvoyNotOnRoute);
    }
    Ok(Kind::Convoy {
        from: f.0,
        dest: d.0,
    })
}

/// Could an army go from `from` to `to` by convoy through fleets now on the board?
pub(crate) fn convoy_possible(map: &Map, s: &mut Scratch, from: u16, to: u16) -> bool {
    if map.is_sea(entente_map::ProvinceId(from)) || map.is_sea(entente_map::ProvinceId(to)) {
        return false;
    }
    chain_to_land(map, s, from, to, |_, _| true)
}

/// As [`convoy_possible`], without the fleet at `without` (a fleet cannot both support a
/// move and be the convoy it needs, DATC 6.D.31).
fn convoy_possible_without(map: &Map, s: &mut Scratch, from: u16, to: u16, without: u16) -> bool {
    chain_to_land(map, s, from, to, |_, c| c != without)
}

/// Is there a chain of fleets in convoy-capable provinces (each accepted by `ok`) that
/// starts next to land province `from` and ends next to land province `to`?
pub(crate) fn chain_to_land(
    map: &Map,
    s: &mut Scratch,
    from: u16,
    to: u16,
    ok: impl Fn(&Scratch, u16) -> bool,
) -> bool {
    search(map, s, from, &ok, |map, c| {
        map.province_fleet_reach(entente_map::ProvinceId(c))
            .contains(to)
    })
}

/// The convoy routes of this position ([`crate::convoy_routes`]) as the judge asks about
/// them: the convoying fleets, found at the first convoy order, and the last answer (a
/// fleet's orders to convoy one army come together more often than not).
pub(super) struct Routes {
    fleets: LocSet,
    /// The army, the fleet and where the fleet may convoy the army.
    last: Option<(ProvinceId, usize, LocSet)>,
}

impl Routes {
    fn new(map: &Map, s: &Scratch) -> Routes {
        let mut fleets = LocSet::EMPTY;
        for c in 0..s.unit.len() {
            if is_convoy_fleet(map, s, c as u16) {
                fleets.insert(c as u16);
            }
        }
        Routes { fleets, last: None }
    }

    /// Where the fleet at `fleet` (a convoying fleet) may convoy the army at `army` (seas
    /// included: ask only about land).
    fn leads(&mut self, map: &Map, army: ProvinceId, fleet: usize) -> LocSet {
        match self.last {
            Some((a, f, dests)) if a == army && f == fleet => dests,
            _ => {
                let dests = fleet_leads(map, army, &self.fleets, fleet as u16);
                self.last = Some((army, fleet, dests));
                dests
            }
        }
    }
}

fn is_convoy_fleet(map: &Map, s: &Scratch, c: u16) -> bool {
    matches!(s.unit[c as usize], Some(u) if u.ty == UnitType::Fleet)
        && map.convoys(entente_map::ProvinceId(c))
}

/// Breadth-first search over convoying fleets, from those adjacent to `from` until `done`.
fn search(
    map: &Map,
    s: &mut Scratch,
    from: u16,
    ok: &impl Fn(&Scratch, u16) -> bool,
    done: impl Fn(&Map, u16) -> bool,
) -> bool {
    s.stack.clear();
    let mut seen = entente_map::LocSet::EMPTY;
    for c in map
        .province_fleet_reach(entente_map::ProvinceId(from))
        .iter()
    {
        if c != from && is_convoy_fleet(map, s, c) && ok(s, c) {
            seen.insert(c);
            s.stack.push(c);
        }
    }
    while let Some(c) = s.stack.pop() {
        if done(map, c) {
            return true;
        }
        for n in map.province_fleet_reach(entente_map::ProvinceId(c)).iter() {
            if !seen.contains(n) && is_convoy_fleet(map, s, n) && ok(s, n) {
                seen.insert(n);
                s.stack.push(n);
            }
        }
    }
    false
}

/// Links supports and convoys to the orders they match and decides which moves are convoyed.
pub(super) fn link(map: &Map, rules: &Rulebook, s: &mut Scratch) {
    let n = s.kind.len();
    // Which army moves have a convoy ordered for them (by anyone / by their own power).
    for c in 0..n {
        if let Kind::Convoy { from, dest } = s.kind[c] {
            if s.move_dest(from) == Some(dest) {
                s.convoy_ordered[from as usize] |= CONVOY_BY_ANYONE;
                if s.power(c as u16) == s.power(from) {
                    s.convoy_ordered[from as usize] |= CONVOY_BY_OWN_POWER;
                }
            }
        }
    }
    for p in 0..n {
        if let Kind::Move {
            dest, via_convoy, ..
        } = s.kind[p]
        {
            s.attackers_next[p] = s.attackers_head[dest as usize];
            s.attackers_head[dest as usize] = p as u16;
            let army = matches!(s.unit[p], Some(u) if u.ty == UnitType::Army);
            if !army {
                continue;
            }
            let ordered = s.convoy_ordered[p];
            s.convoyed[p] = if !map.army_adjacent(
                entente_map::ProvinceId(p as u16),
                entente_map::ProvinceId(dest),
            ) {
                true
            } else {
                match rules.adjacent_convoy {
                    AdjacentConvoy::ViaOrOwnFleet => {
                        via_convoy || ordered & CONVOY_BY_OWN_POWER != 0
                    }
                    // The Python package drops the "via" when no complete route of fleets
                    // ordered to convoy this army exists, and the army goes by land.
                    AdjacentConvoy::ViaOrOwnFleetIfRoute => {
                        (via_convoy || ordered & CONVOY_BY_OWN_POWER != 0)
                            && ordered & CONVOY_BY_ANYONE != 0
                            && chain_to_land(map, s, p as u16, dest, |s, c| {
                                matches!(s.kind[c as usize], Kind::Convoy { from, dest: d }
                                    if from as usize == p && d == dest)
                            })
                    }
                    AdjacentConvoy::OnlyForSwap => {
                        s.move_dest(dest) == Some(p as u16) && ordered & CONVOY_BY_ANYONE != 0
                    }
                }
            };
        }
    }
    for c in 0..n {
        let owner = match s.kind[c] {
            Kind::SupportHold { target } => target as usize,
            Kind::SupportMove { from, .. } | Kind::Convoy { from, .. } => from as usize,
            _ => continue,
        };
        let matched = void_reason(map, s, c).is_none();
        s.matched[c] = matched;
        if !matched {
            continue;
        }
        if matches!(s.kind[c], Kind::Convoy { .. }) {
            s.convoys_next[c] = s.convoys_head[owner];
            s.convoys_head[owner] = c as u16;
        } else {
            s.supports_next[c] = s.supports_head[owner];
            s.supports_head[owner] = c as u16;
        }
    }
}

/// Why the support or convoy at `c` does not match the order of the unit it names (none
/// when it matches): the rule that links supports and convoys to their orders.
pub(crate) fn void_reason(map: &Map, s: &Scratch, c: usize) -> Option<Void> {
    match s.kind[c] {
        Kind::SupportHold { target } => {
            matches!(s.kind[target as usize], Kind::Move { .. }).then_some(Void::SupportedUnitMoves)
        }
        Kind::SupportMove { from, dest, coast } => match s.kind[from as usize] {
            Kind::Move { to, dest: d, .. } if d == dest => {
                let coast_ok = coast == 0 || map.coast_of(to).is_none() || to.0 == coast;
                (!coast_ok).then_some(Void::CoastDiffers)
            }
            _ => Some(Void::MoveNotOrdered),
        },
        Kind::Convoy { from, dest } => {
            if s.move_dest(from) != Some(dest) {
                Some(Void::MoveNotOrdered)
            } else if !s.convoyed[from as usize] {
                Some(Void::ArmyGoesOverLand)
            } else {
                None
            }
        }
        _ => None,
    }
}
