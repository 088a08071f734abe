//! The definition of a legal order, checked against the judge itself: in the start position
//! and in positions of random games, every listed order is accepted by the judge (not
//! `Illegal`), and every order the judge accepts is listed (in its canonical spelling).
//! "Every order" is exhaustive over the spellings that matter: each unit, each kind, each
//! target unit and each location of the map as destination, with and without "via convoy".

use entente_game::{Game, PhaseKind, Setup};
use entente_judge::{
    adjudicate_adjustments_into, adjudicate_retreats_into, AdjustmentResult, ConvoyRoutes, Edition,
    Judge, MovementResult, Outcome, Position, Restrictions, RetreatResult, Rulebook,
};
use entente_legal::{Legal, LegalOrders};
use entente_map::{Loc, LocSet, Map, PowerId, ProvinceId, ProvinceKind, UnitType};
use entente_orders::{format_order, Order, Target, UnitRef};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::collections::HashSet;
use std::sync::Arc;

/// Positions (with their phase kind) of a random game where every power picks uniformly
/// among its legal orders, up to `max_phases` phases.
fn random_positions(map: &Arc<Map>, seed: u64, max_phases: usize) -> Vec<(PhaseKind, Position)> {
    let g = Game::new(map.clone(), Rulebook::default_game());
    random_game_positions(g, seed, max_phases)
        .into_iter()
        .map(|(kind, pos, _)| (kind, pos))
        .collect()
}

/// As [`random_positions`], for a game already set up (its restrictions honoured: `Legal`
/// is given them), with the restrictions of each phase.
fn random_game_positions(
    mut g: Game,
    seed: u64,
    max_phases: usize,
) -> Vec<(PhaseKind, Position, Restrictions)> {
    g.set_end_year(Some(1950));
    let mut legal = Legal::new(g.map());
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut buf = LegalOrders::new();
    let mut out = Vec::new();
    while !g.is_over() && out.len() < max_phases {
        let kind = g.phase().kind;
        let pos = g.position().clone();
        let restrictions = g.restrictions();
        legal.set_restrictions(restrictions);
        generate(&mut legal, kind, &pos, &mut buf);
        let mut orders = Vec::new();
        legal.choose(&buf, |n| rng.random_range(0..n), &mut orders);
        out.push((kind, pos, restrictions));
        g.process(&orders);
    }
    out
}

fn generate(legal: &mut Legal, kind: PhaseKind, pos: &Position, buf: &mut LegalOrders) {
    match kind {
        PhaseKind::Movement => legal.movement(pos, buf),
        PhaseKind::Retreat => legal.retreats(pos, buf),
        PhaseKind::Adjustment => legal.adjustments(pos, buf),
    }
}

/// Where a fleet at `from` lands when ordered to `to` (the judge's reading, DATC 4.B.1–3),
/// or else across a strait, written as its far end or that end's province (only the owner
/// of its centre crosses: checked by the judge, and by
/// `legal_and_judge_agree_across_imperials_strait` and `..._across_a_strait_to_a_coast`).
fn fleet_landing(map: &Map, from: Loc, to: Loc) -> Option<Loc> {
    let prov = map.province(map.province_of(to));
    let border = if map.coast_of(to).is_some() || prov.coasts.is_empty() {
        map.fleet_adjacent(from, to).then_some(to)
    } else {
        let mut it = prov.coasts.iter().filter(|&&c| map.fleet_adjacent(from, c));
        match (it.next(), it.next()) {
            (Some(&c), None) => Some(c),
            _ => None,
        }
    };
    border.or_else(|| {
        map.strait_to(from, map.province_of(to))
            .map(|(l, _)| l)
            .filter(|&l| l == to || map.province_of(to).loc() == to)
    })
}

/// An independent check that some chain of fleets could carry the army at `from` to `to`.
fn convoy_route(map: &Map, pos: &Position, from: ProvinceId, to: ProvinceId) -> bool {
    let fleet_at = |p: u16| {
        pos.unit_at(ProvinceId(p))
            .is_some_and(|u| u.ty == UnitType::Fleet)
            && map.convoys(ProvinceId(p))
    };
    let mut seen = LocSet::EMPTY;
    let mut stack: Vec<u16> = map
        .province_fleet_reach(from)
        .iter()
        .filter(|&c| fleet_at(c))
        .collect();
    for &c in &stack {
        seen.insert(c);
    }
    while let Some(c) = stack.pop() {
        if map.province_fleet_reach(ProvinceId(c)).contains(to.0) {
            return true;
        }
        for n in map.province_fleet_reach(ProvinceId(c)).iter() {
            if !seen.contains(n) && fleet_at(n) {
                seen.insert(n);
                stack.push(n);
            }
        }
    }
    false
}

/// The canonical spelling of an order the judge accepted, as `Legal` lists it; `None` for
/// the accepted orders `Legal` leaves out on purpose (see the crate documentation).
fn canonical(map: &Map, pos: &Position, kind: PhaseKind, o: Order) -> Option<Order> {
    let actual = |u: UnitRef| {
        let p = map.province_of(u.loc);
        let unit = match kind {
            PhaseKind::Retreat => pos.dislodged_at(p).map(|d| d.unit),
            _ => pos.unit_at(p),
        }
        .expect("the judge accepted an order for a unit that exists");
        UnitRef {
            ty: Some(unit.ty),
            loc: unit.loc,
        }
    };
    let target = |t: Target| {
        let u = pos.unit_at(map.province_of(t.loc)).expect("target exists");
        Target {
            power: None,
            ty: Some(u.ty),
            loc: u.loc,
        }
    };
    let prov = |l: Loc| map.province_of(l).loc();
    Some(match o {
        Order::Hold(u) => Order::Hold(actual(u)),
        Order::Move {
            unit,
            to,
            via_convoy,
        } if kind == PhaseKind::Movement => {
            let me = actual(unit);
            match me.ty {
                Some(UnitType::Army) => {
                    let from = map.province_of(me.loc);
                    let d = map.province_of(to);
                    let adjacent = map.army_adjacent(from, d);
                    if via_convoy && adjacent && !convoy_route(map, pos, from, d) {
                        return None;
                    }
                    Order::Move {
                        unit: me,
                        to: d.loc(),
                        via_convoy: via_convoy && adjacent,
                    }
                }
                _ => Order::Move {
                    unit: me,
                    to: fleet_landing(map, me.loc, to).expect("accepted fleet move lands"),
                    via_convoy: false,
                },
            }
        }
        Order::Move { unit, to, .. } | Order::Retreat { unit, to } => {
            let me = actual(unit);
            let to = match me.ty {
                Some(UnitType::Army) => prov(to),
                _ => fleet_landing(map, me.loc, to).expect("accepted retreat lands"),
            };
            Order::Retreat { unit: me, to }
        }
        Order::SupportHold { unit, target: t } => Order::SupportHold {
            unit: actual(unit),
            target: target(t),
        },
        Order::SupportMove {
            unit,
            target: t,
            to,
        } => Order::SupportMove {
            unit: actual(unit),
            target: target(t),
            to: prov(to),
        },
        Order::Convoy {
            unit,
            target: t,
            to,
        } => Order::Convoy {
            unit: actual(unit),
            target: target(t),
            to: prov(to),
        },
        Order::Disband(u) | Order::Remove(u) if kind == PhaseKind::Retreat => {
            Order::Disband(actual(u))
        }
        Order::Disband(u) | Order::Remove(u) => Order::Remove(actual(u)),
        Order::Build { ty, loc } => {
            let p = map.province_of(loc);
            let kind = map.province(p).kind;
            let ty = ty.unwrap_or_else(|| {
                if map.coast_of(loc).is_some() {
                    UnitType::Fleet
                } else {
                    assert_eq!(kind, ProvinceKind::Land, "{}", format_order(map, &o));
                    UnitType::Army
                }
            });
            Order::Build {
                ty: Some(ty),
                loc: if ty == UnitType::Army { p.loc() } else { loc },
            }
        }
        Order::Waive => Order::Waive,
    })
}

/// Every order worth asking the judge about in this position: for each unit (or power),
/// each order kind with each target unit and each location of the map.
fn candidates(map: &Map, pos: &Position, kind: PhaseKind) -> Vec<(PowerId, Order)> {
    let locs: Vec<Loc> = (0..map.num_locs() as u16).map(Loc).collect();
    let mut out = Vec::new();
    match kind {
        PhaseKind::Movement => {
            let units: Vec<_> = pos.units().collect();
            for &(_, u) in &units {
                let me = UnitRef {
                    ty: Some(u.ty),
                    loc: u.loc,
                };
                out.push((u.power, Order::Hold(me)));
                for &to in &locs {
                    for via_convoy in [false, true] {
                        out.push((
                            u.power,
                            Order::Move {
                                unit: me,
                                to,
                                via_convoy,
                            },
                        ));
                    }
                }
                for &(_, t) in &units {
                    let target = Target {
                        power: Some(t.power),
                        ty: None,
                        loc: t.loc,
                    };
                    out.push((u.power, Order::SupportHold { unit: me, target }));
                    for &to in &locs {
                        out.push((
                            u.power,
                            Order::SupportMove {
                                unit: me,
                                target,
                                to,
                            },
                        ));
                        out.push((
                            u.power,
                            Order::Convoy {
                                unit: me,
                                target,
                                to,
                            },
                        ));
                    }
                }
            }
        }
        PhaseKind::Retreat => {
            for (_, d) in pos.dislodged() {
                let me = UnitRef {
                    ty: Some(d.unit.ty),
                    loc: d.unit.loc,
                };
                out.push((d.unit.power, Order::Disband(me)));
                for &to in &locs {
                    out.push((d.unit.power, Order::Retreat { unit: me, to }));
                }
            }
        }
        PhaseKind::Adjustment => {
            for power in map.power_ids() {
                out.push((power, Order::Waive));
                for u in pos.units_of(power) {
                    out.push((
                        power,
                        Order::Remove(UnitRef {
                            ty: Some(u.ty),
                            loc: u.loc,
                        }),
                    ));
                }
                for &loc in &locs {
                    for ty in [None, Some(UnitType::Army), Some(UnitType::Fleet)] {
                        out.push((power, Order::Build { ty, loc }));
                    }
                }
            }
        }
    }
    out
}

/// Judges each order as the only order of its phase, under `restrictions`... in batches
/// where the judge checks orders one by one (movement, retreats), alone where order matters
/// (adjustments).
fn judge_each(
    map: &Map,
    rules: &Rulebook,
    restrictions: &Restrictions,
    judge: &mut Judge,
    pos: &Position,
    kind: PhaseKind,
    orders: &[(PowerId, Order)],
) -> Vec<Outcome> {
    match kind {
        PhaseKind::Movement => {
            let mut res = MovementResult::default();
            let mut out = Vec::with_capacity(orders.len());
            // Order indices are u16 inside the judge: keep batches small.
            for chunk in orders.chunks(4096) {
                judge.movement_restricted(map, rules, restrictions, pos, chunk, &mut res);
                out.extend(res.orders.iter().map(|r| r.outcome));
            }
            out
        }
        PhaseKind::Retreat => {
            let mut res = RetreatResult::default();
            adjudicate_retreats_into(map, pos, orders, restrictions, &mut res);
            res.orders.iter().map(|r| r.outcome).collect()
        }
        PhaseKind::Adjustment => {
            let mut res = AdjustmentResult::default();
            orders
                .iter()
                .map(|o| {
                    let one = std::slice::from_ref(o);
                    adjudicate_adjustments_into(map, rules, restrictions, pos, one, &mut res);
                    res.orders[0].outcome
                })
                .collect()
        }
    }
}

fn check_position(
    map: &Map,
    legal: &mut Legal,
    judge: &mut Judge,
    kind: PhaseKind,
    pos: &Position,
) -> usize {
    let rules = Rulebook::default_game();
    legal.set_restrictions(Restrictions::NONE);
    check_restricted(map, &rules, &Restrictions::NONE, legal, judge, kind, pos)
}

/// [`check_position`] under `rules` and `restrictions` (`legal` must have been given the same
/// restrictions): the orders of silent powers are not taken, so none is listed, and the
/// judge's verdict on the others is the definition.
fn check_restricted(
    map: &Map,
    rules: &Rulebook,
    restrictions: &Restrictions,
    legal: &mut Legal,
    judge: &mut Judge,
    kind: PhaseKind,
    pos: &Position,
) -> usize {
    let mut buf = LegalOrders::new();
    generate(legal, kind, pos, &mut buf);
    let listed: Vec<(PowerId, Order)> = buf.iter().collect();
    let set: HashSet<(PowerId, Order)> = listed.iter().copied().collect();
    assert_eq!(set.len(), listed.len(), "an order is listed twice");
    for &(p, o) in &listed {
        assert!(
            !restrictions.silent.contains(p),
            "{kind:?}: listed {} for {}, whose orders are not taken",
            format_order(map, &o),
            map.power(p).name
        );
    }

    // Every listed order is legal.
    let outcomes = judge_each(map, rules, restrictions, judge, pos, kind, &listed);
    for (&(p, o), r) in listed.iter().zip(&outcomes) {
        assert!(
            !r.is_illegal(),
            "{kind:?}: listed {} ({}) but the judge says {r:?}",
            format_order(map, &o),
            map.power(p).name
        );
    }
    // Groups: one per unit, each order of the group's power and unit.
    for g in buf.groups() {
        assert!(!buf.of(g).is_empty());
        for o in buf.of(g) {
            if let (Some(p), Some(u)) = (g.province, o.unit()) {
                assert_eq!(map.province_of(u.loc), p);
            }
        }
    }

    // Every legal order is listed (orders of silent powers are not taken).
    let mut cands = candidates(map, pos, kind);
    cands.retain(|(p, _)| !restrictions.silent.contains(*p));
    let outcomes = judge_each(map, rules, restrictions, judge, pos, kind, &cands);
    let mut legal_count = 0;
    for (&(p, o), r) in cands.iter().zip(&outcomes) {
        if r.is_illegal() {
            continue;
        }
        legal_count += 1;
        if let Some(c) = canonical(map, pos, kind, o) {
            assert!(
                set.contains(&(p, c)),
                "{kind:?}: the judge accepts {} ({}) as {r:?}, but {} is not listed",
                format_order(map, &o),
                map.power(p).name,
                format_order(map, &c)
            );
        }
    }
    legal_count
}

#[test]
fn start_position_lists_exactly_the_legal_orders() {
    let map = Map::standard();
    let mut legal = Legal::new(&map);
    let mut judge = Judge::new();
    let pos = Position::start(&map);
    check_position(&map, &mut legal, &mut judge, PhaseKind::Movement, &pos);
    let mut buf = LegalOrders::new();
    legal.movement(&pos, &mut buf);
    assert_eq!(buf.groups().len(), 22);
    let text: HashSet<String> = buf.orders().iter().map(|o| format_order(&map, o)).collect();
    for o in [
        "A par - bur",
        "A par S A mar - bur",
        "F bre S A par - pic",
        "F stp/sc - bot",
        "F lon S F edi - nth",
        "A war S A mos - ukr",
    ] {
        assert!(text.contains(o), "missing {o}");
    }
    // Nothing at sea yet: no convoys, no moves by convoy.
    assert!(!buf
        .orders()
        .iter()
        .any(|o| matches!(o, Order::Convoy { .. })));
}

/// The worst case for convoy routes: a fleet on every sea, an army on every coast.
#[test]
fn dense_convoy_position_lists_exactly_the_legal_orders() {
    let map = Map::standard();
    let mut pos = Position::empty(&map);
    for p in map.province_ids() {
        let ty = match map.province(p).kind {
            ProvinceKind::Sea => UnitType::Fleet,
            ProvinceKind::Coast => UnitType::Army,
            ProvinceKind::Land => continue,
        };
        pos.place(
            &map,
            entente_judge::Unit {
                power: PowerId((p.0 % 7) as u8),
                ty,
                loc: p.loc(),
            },
        );
    }
    let mut legal = Legal::new(&map);
    let mut judge = Judge::new();
    let accepted = check_position(&map, &mut legal, &mut judge, PhaseKind::Movement, &pos);
    assert!(accepted > 10_000, "{accepted}");
}

#[test]
fn random_game_positions_list_exactly_the_legal_orders() {
    let map = Arc::new(Map::standard());
    let mut legal = Legal::new(&map);
    let mut judge = Judge::new();
    let mut seen = [0usize; 3];
    let mut convoys = 0;
    // Debug builds are slow: a few games, every phase of their first decades.
    let (games, phases) = if cfg!(debug_assertions) {
        (3, 90)
    } else {
        (20, 200)
    };
    for seed in 0..games {
        for (kind, pos) in random_positions(&map, seed, phases) {
            check_position(&map, &mut legal, &mut judge, kind, &pos);
            seen[kind as usize] += 1;
            if kind == PhaseKind::Movement {
                let mut buf = LegalOrders::new();
                legal.movement(&pos, &mut buf);
                convoys += buf
                    .orders()
                    .iter()
                    .filter(|o| matches!(o, Order::Convoy { .. }))
                    .count();
            }
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "phases seen: {seen:?}");
    assert!(
        convoys > 0,
        "random games should reach positions with convoys"
    );
}

/// The 2-player game (1982 rules): Italy is neutral, and its provinces are impassable
/// ("Italian borders may not be crossed"). Its units stand there, giving no orders.
fn two_player_game(map: &Arc<Map>, rules: Rulebook) -> Game {
    let mut g = Game::new(map.clone(), rules);
    g.set_impassable(Setup::Two.impassable(map).unwrap());
    for p in Setup::Two.neutral(map).unwrap() {
        g.set_neutral(p, true);
    }
    g
}

/// Does the order send something into (or name a unit standing in) a closed province?
fn leads_into(map: &Map, closed: &LocSet, o: &Order) -> bool {
    let into = match *o {
        Order::Move { to, .. } | Order::Retreat { to, .. } => Some(to),
        Order::SupportMove { to, .. } | Order::Convoy { to, .. } => Some(to),
        Order::SupportHold { target, .. } => Some(target.loc),
        Order::Build { loc, .. } => Some(loc),
        _ => None,
    };
    into.is_some_and(|l| closed.contains(map.province_of(l).0))
}

#[test]
fn legal_and_judge_agree_on_the_two_player_game_with_impassable_italy() {
    let map = Arc::new(Map::standard());
    let rules = Rulebook::edition(Edition::E1982);
    let italy = map.lookup_power("Italy").unwrap();
    let closed = Setup::Two.impassable(&map).unwrap();
    assert_eq!(closed.len(), 6);
    let mut legal = Legal::new(&map);
    let mut judge = Judge::new();

    // The start position: Italy's units stand in Italy, which no order may enter.
    let start = two_player_game(&map, rules);
    let restrictions = start.restrictions();
    assert_eq!(restrictions.impassable, closed);
    assert!(restrictions.silent.contains(italy));
    legal.set_restrictions(restrictions);
    let accepted = check_restricted(
        &map,
        &rules,
        &restrictions,
        &mut legal,
        &mut judge,
        PhaseKind::Movement,
        start.position(),
    );
    assert!(accepted > 0);
    let mut buf = LegalOrders::new();
    legal.movement(start.position(), &mut buf);
    let text: HashSet<String> = buf.orders().iter().map(|o| format_order(&map, o)).collect();
    for o in [
        "A mar - pie",
        "F tri - ven",
        "A vie - tyr",
        "A mar S A par - bur",
    ] {
        let o = format_order(&map, &entente_orders::parse_order(&map, o).unwrap());
        let into_italy = o.contains("pie") || o.contains("ven");
        assert_eq!(text.contains(&o), !into_italy, "{o}");
    }
    assert!(buf.groups().iter().all(|g| g.power != italy));
    // Without the restrictions the same position lists orders into Italy.
    legal.set_restrictions(Restrictions::NONE);
    legal.movement(start.position(), &mut buf);
    assert!(buf.orders().iter().any(|o| leads_into(&map, &closed, o)));

    // Random games of the 2-player setup, every phase kind.
    let mut seen = [0usize; 3];
    let mut retreats_near_italy = 0;
    let (games, phases) = if cfg!(debug_assertions) {
        (3, 90)
    } else {
        (20, 200)
    };
    for seed in 0..games {
        let g = two_player_game(&map, rules);
        for (kind, pos, restrictions) in random_game_positions(g, 100 + seed, phases) {
            assert_eq!(restrictions.impassable, closed);
            legal.set_restrictions(restrictions);
            check_restricted(
                &map,
                &rules,
                &restrictions,
                &mut legal,
                &mut judge,
                kind,
                &pos,
            );
            generate(&mut legal, kind, &pos, &mut buf);
            for (p, o) in buf.iter() {
                assert!(
                    !leads_into(&map, &closed, &o),
                    "{kind:?}: listed {} ({}) into Italy",
                    format_order(&map, &o),
                    map.power(p).name
                );
            }
            if kind == PhaseKind::Retreat {
                retreats_near_italy += pos
                    .dislodged()
                    .filter(|(p, d)| {
                        map.army_neighbours(*p).intersects(&closed) && d.unit.power != italy
                    })
                    .count();
            }
            seen[kind as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "phases seen: {seen:?}");
    assert!(
        retreats_near_italy > 0,
        "no retreat next to Italy was tried"
    );
}

/// A user map with more convoy routes than the judge searches: an `n`×`n` grid of seas
/// (`s<row><column>`) ringed by coastal provinces (`t`, `b`, `l`, `r` and the column or
/// row), each next to one sea and, by land, to its neighbours along the same side.
fn sea_grid_map(n: usize) -> Map {
    let mut t = String::from(
        "[variant]\nname = \"Sea grid\"\nstart_year = 1901\nvictory_centres = 2\n\n\
         [[power]]\nname = \"Xland\"\nletter = \"X\"\nadjective = \"Xish\"\n\
         home_centres = [\"t0\"]\nstart_units = [\"A t0\"]\n\n\
         [[power]]\nname = \"Yland\"\nletter = \"Y\"\nadjective = \"Yish\"\n\
         home_centres = [\"b0\"]\nstart_units = [\"A b0\"]\n",
    );
    let list = |v: &[String]| {
        let q: Vec<String> = v.iter().map(|x| format!("\"{x}\"")).collect();
        format!("[{}]", q.join(", "))
    };
    // The coast of each side at index i, and the sea it touches.
    let at = |side: &str, i: usize| match side {
        "t" => (0, i),
        "b" => (n - 1, i),
        "l" => (i, 0),
        _ => (i, n - 1),
    };
    let mut coasts_of_sea = vec![Vec::new(); n * n];
    for side in ["t", "b", "l", "r"] {
        for i in 0..n {
            let abbr = format!("{side}{i}");
            let (r, c) = at(side, i);
            coasts_of_sea[r * n + c].push(abbr.clone());
            let army: Vec<String> = [i.checked_sub(1), Some(i + 1).filter(|&j| j < n)]
                .into_iter()
                .flatten()
                .map(|j| format!("{side}{j}"))
                .collect();
            let centre = i == 0 && (side == "t" || side == "b");
            t += &format!(
                "\n[[province]]\nabbr = \"{abbr}\"\nname = \"Coast {abbr}\"\nkind = \"coast\"\n\
                 centre = {centre}\narmy = {}\nfleet = [\"s{r}{c}\"]\n",
                list(&army)
            );
        }
    }
    for r in 0..n {
        for c in 0..n {
            let mut fleet: Vec<String> = Vec::new();
            for (dr, dc) in [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)] {
                let (rr, cc) = (r as i32 + dr, c as i32 + dc);
                if (0..n as i32).contains(&rr) && (0..n as i32).contains(&cc) {
                    fleet.push(format!("s{rr}{cc}"));
                }
            }
            fleet.extend(coasts_of_sea[r * n + c].iter().cloned());
            t += &format!(
                "\n[[province]]\nabbr = \"s{r}{c}\"\nname = \"Sea {r} {c}\"\nkind = \"sea\"\n\
                 fleet = {}\n",
                list(&fleet)
            );
        }
    }
    Map::from_toml(&t).unwrap_or_else(|e| panic!("{e:?}"))
}

/// A fleet on every sea of a 7×7 grid and a few armies on its coasts: far more chordless
/// routes of fleets than the route search looks at. The judge and `Legal` cut the search
/// short at the same place (they share one definition of a convoy route), so they still
/// agree on every order.
#[test]
fn legal_and_judge_agree_where_the_convoy_route_search_is_cut_short() {
    let map = sea_grid_map(7);
    let mut pos = Position::empty(&map);
    for p in map.province_ids() {
        if map.is_sea(p) {
            pos.place(
                &map,
                entente_judge::Unit {
                    power: PowerId((p.0 % 2) as u8),
                    ty: UnitType::Fleet,
                    loc: p.loc(),
                },
            );
        }
    }
    for (i, a) in ["t0", "t3", "l4"].into_iter().enumerate() {
        pos.place(
            &map,
            entente_judge::Unit {
                power: PowerId(i as u8 % 2),
                ty: UnitType::Army,
                loc: map.lookup_province(a).unwrap().loc(),
            },
        );
    }
    // Each army has more routes than the search sees.
    let routes = ConvoyRoutes::new(&map);
    let mut seas = LocSet::EMPTY;
    map.province_ids()
        .filter(|&p| map.is_sea(p))
        .for_each(|p| seas.insert(p.0));
    let mut dests = vec![LocSet::EMPTY; map.num_provinces()];
    for (_, u) in pos.units().filter(|(_, u)| u.ty == UnitType::Army) {
        let a = map.province_of(u.loc);
        assert!(!routes.search(&map, a, &routes.convoying(&seas), &mut dests));
    }
    let mut legal = Legal::new(&map);
    let mut judge = Judge::new();
    let accepted = check_position(&map, &mut legal, &mut judge, PhaseKind::Movement, &pos);
    assert!(accepted > 1000, "{accepted}");
}

#[test]
fn choose_respects_adjustment_counts() {
    let map = Arc::new(Map::standard());
    let mut legal = Legal::new(&map);
    let mut rng = SmallRng::seed_from_u64(7);
    let mut checked = 0;
    for seed in 10..14u64 {
        for (kind, pos) in random_positions(&map, seed, 200) {
            if kind != PhaseKind::Adjustment {
                continue;
            }
            let mut buf = LegalOrders::new();
            legal.adjustments(&pos, &mut buf);
            let mut orders = Vec::new();
            legal.choose(&buf, |n| rng.random_range(0..n), &mut orders);
            for g in buf.groups() {
                let mine: Vec<_> = orders.iter().filter(|(p, _)| *p == g.power).collect();
                let want = if g.due > 0 {
                    g.due
                } else {
                    (-g.due).min(buf.of(g).len() as i32)
                };
                assert_eq!(mine.len() as i32, want);
                let provinces: HashSet<_> = mine
                    .iter()
                    .filter_map(|(_, o)| match o {
                        Order::Build { loc, .. } => Some(map.province_of(*loc)),
                        Order::Remove(u) => Some(map.province_of(u.loc)),
                        _ => None,
                    })
                    .collect();
                let non_waive = mine.iter().filter(|(_, o)| *o != Order::Waive).count();
                assert_eq!(provinces.len(), non_waive, "two orders for one province");
            }
            checked += 1;
        }
    }
    assert!(checked > 0);
}

/// The two widths of the generator (256-bit sets for maps that fit, 512-bit ones for
/// larger maps) are one generic code: on every shipped map that fits, both list the very
/// same groups and orders, in the same order, in every phase of random games, restricted
/// phases (two players, Italy impassable) included.
#[test]
fn narrow_and_wide_generators_list_the_same_orders() {
    fn same(map: &Map, positions: &[(PhaseKind, Position, Restrictions)], name: &str) -> usize {
        let mut narrow = Legal::new(map);
        let mut wide = Legal::wide(map);
        assert!(narrow.is_narrow() && !wide.is_narrow(), "{name}");
        let (mut a, mut b) = (LegalOrders::new(), LegalOrders::new());
        let mut orders = 0;
        for (i, (kind, pos, r)) in positions.iter().enumerate() {
            narrow.set_restrictions(*r);
            wide.set_restrictions(*r);
            generate(&mut narrow, *kind, pos, &mut a);
            generate(&mut wide, *kind, pos, &mut b);
            assert_eq!(a.groups(), b.groups(), "{name}, phase {i}");
            assert_eq!(a.orders(), b.orders(), "{name}, phase {i}");
            orders += a.len();
        }
        orders
    }
    for name in entente_map::builtin_variant_names() {
        let map = Arc::new(entente_map::builtin_variant(name).unwrap());
        if map.num_locs() > 256 {
            assert!(!Legal::new(&map).is_narrow(), "{name} needs 512-bit sets");
            continue;
        }
        if name == "escalation" {
            // The standard map with an empty board to start (units are placed first):
            // the standard map's games cover it.
            continue;
        }
        let mut listed = 0;
        for seed in 1..=3 {
            let g = Game::new(map.clone(), Rulebook::default_game());
            listed += same(&map, &random_game_positions(g, seed, 80), name);
        }
        assert!(listed > 1000, "{name}: only {listed} orders compared");
    }
    let map = Arc::new(Map::standard());
    let g = two_player_game(&map, Rulebook::default_game());
    let positions = random_game_positions(g, 7, 60);
    assert!(positions.iter().any(|(_, _, r)| !r.impassable.is_empty()));
    same(&map, &positions, "standard, two players");
}

/// Imperial's Straits of Constantinople (`[[strait]]`): the owner's fleets may move and
/// support directly between the Black and Aegean Seas, nobody else's. Legal orders and the
/// judge agree on every candidate order, whoever owns Constantinople, and the owner's
/// crossing (and only it) is listed.
#[test]
fn legal_and_judge_agree_across_imperials_strait() {
    let map = entente_map::builtin_variant("imperial").unwrap();
    let p = |n: &str| map.lookup_province(n).unwrap();
    let (turkey, russia, britain) = (
        map.lookup_power("turkey").unwrap(),
        map.lookup_power("russia").unwrap(),
        map.lookup_power("britain").unwrap(),
    );
    let mut legal = Legal::new(&map);
    assert!(!legal.is_narrow(), "Imperial has 384 locations");
    let mut judge = Judge::new();
    let mut buf = LegalOrders::new();
    for owner in [Some(turkey), Some(russia), None] {
        let mut pos = Position::empty(&map);
        for (power, prov) in [
            (turkey, "bla"),
            (russia, "aeg"),
            (britain, "ion"),
            (turkey, "eas"),
        ] {
            pos.place(
                &map,
                entente_judge::Unit {
                    power,
                    ty: UnitType::Fleet,
                    loc: p(prov).loc(),
                },
            );
        }
        pos.set_owner(p("con"), owner);
        let n = check_position(&map, &mut legal, &mut judge, PhaseKind::Movement, &pos);
        assert!(n > 0);
        legal.movement(&pos, &mut buf);
        let text: HashSet<String> = buf.orders().iter().map(|o| format_order(&map, o)).collect();
        let turk_crosses = text.contains("F bla - aeg");
        let russian_crosses = text.contains("F aeg - bla");
        assert_eq!(turk_crosses, owner == Some(turkey), "owner {owner:?}");
        assert_eq!(russian_crosses, owner == Some(russia), "owner {owner:?}");
        assert_eq!(
            text.contains("F bla S F eas - aeg"),
            owner == Some(turkey),
            "owner {owner:?}"
        );
    }
}

/// Imperial's fleet in the Aegean Sea, of `who`, dislodged with every retreat but the strait
/// taken (Constantinople owned by `owner`): the position of the retreat phase.
fn aegean_dislodged(map: &Map, judge: &mut Judge, who: PowerId, owner: PowerId) -> Position {
    let britain = map.lookup_power("britain").unwrap();
    let mut pos = Position::empty(map);
    let at = |name: &str| match name.split_once('/') {
        Some((p, c)) => map
            .lookup_coast(map.lookup_province(p).unwrap(), c)
            .unwrap(),
        None => map.lookup_province(name).unwrap().loc(),
    };
    let unit = |power, ty, loc| entente_judge::Unit { power, ty, loc };
    pos.place(map, unit(who, UnitType::Fleet, at("aeg")));
    for f in ["ion", "eas", "bos/ec", "sof/sc"] {
        pos.place(map, unit(britain, UnitType::Fleet, at(f)));
    }
    for a in ["gre", "cre", "con"] {
        pos.place(map, unit(britain, UnitType::Army, at(a)));
    }
    pos.set_owner(map.lookup_province("con").unwrap(), Some(owner));
    let orders: Vec<(PowerId, Order)> = ["F ion - aeg", "F eas S F ion - aeg"]
        .iter()
        .map(|o| (britain, entente_orders::parse_order(map, o).unwrap()))
        .collect();
    let r = judge.movement(map, &Rulebook::default_game(), &pos, &orders);
    assert!(r.next_position().has_dislodged());
    r.next_position().clone()
}

/// Imperial's strait in the retreat phase: the owner's dislodged fleet may retreat across
/// it (and it is listed), another power's may not (and it is not).
#[test]
fn legal_and_judge_agree_on_retreats_across_imperials_strait() {
    let map = entente_map::builtin_variant("imperial").unwrap();
    let (turkey, russia) = (
        map.lookup_power("turkey").unwrap(),
        map.lookup_power("russia").unwrap(),
    );
    let mut legal = Legal::new(&map);
    let mut judge = Judge::new();
    let mut buf = LegalOrders::new();
    for (who, owner) in [(turkey, turkey), (russia, russia), (russia, turkey)] {
        let pos = aegean_dislodged(&map, &mut judge, who, owner);
        let n = check_position(&map, &mut legal, &mut judge, PhaseKind::Retreat, &pos);
        assert!(n > 0);
        legal.retreats(&pos, &mut buf);
        let text: HashSet<String> = buf.orders().iter().map(|o| format_order(&map, o)).collect();
        assert_eq!(
            text.contains("F aeg R bla"),
            who == owner,
            "{text:?}, owner {owner:?}"
        );
    }
}

/// No move, support or retreat across a strait into a closed province, even the owner's.
#[test]
fn legal_and_judge_agree_on_a_strait_into_a_closed_province() {
    let map = entente_map::builtin_variant("imperial").unwrap();
    let p = |n: &str| map.lookup_province(n).unwrap();
    let turkey = map.lookup_power("turkey").unwrap();
    let rules = Rulebook::default_game();
    let mut judge = Judge::new();
    let mut buf = LegalOrders::new();
    let mut pos = Position::empty(&map);
    for prov in ["bla", "eas"] {
        pos.place(
            &map,
            entente_judge::Unit {
                power: turkey,
                ty: UnitType::Fleet,
                loc: p(prov).loc(),
            },
        );
    }
    pos.set_owner(p("con"), Some(turkey));
    for closed in [false, true] {
        let mut restrictions = Restrictions::NONE;
        if closed {
            restrictions.impassable.insert(p("aeg").0);
        }
        let mut legal = Legal::with_restrictions(&map, restrictions);
        let kind = PhaseKind::Movement;
        let n = check_restricted(
            &map,
            &rules,
            &restrictions,
            &mut legal,
            &mut judge,
            kind,
            &pos,
        );
        assert!(n > 0);
        legal.movement(&pos, &mut buf);
        let text: HashSet<String> = buf.orders().iter().map(|o| format_order(&map, o)).collect();
        assert_eq!(text.contains("F bla - aeg"), !closed, "closed {closed}");
        assert_eq!(
            text.contains("F bla S F eas - aeg"),
            !closed,
            "closed {closed}"
        );
    }
    // The retreat across, into the closed Black Sea.
    let pos = aegean_dislodged(&map, &mut judge, turkey, turkey);
    let mut restrictions = Restrictions::NONE;
    restrictions.impassable.insert(p("bla").0);
    let mut legal = Legal::with_restrictions(&map, restrictions);
    let kind = PhaseKind::Retreat;
    check_restricted(
        &map,
        &rules,
        &restrictions,
        &mut legal,
        &mut judge,
        kind,
        &pos,
    );
    legal.retreats(&pos, &mut buf);
    let text: HashSet<String> = buf.orders().iter().map(|o| format_order(&map, o)).collect();
    assert!(!text.contains("F aeg R bla"), "{text:?}");
}

/// A small map whose strait lands on one coast (`c/sc`) of a province the fleet in `s`
/// borders on its other coast (`c/nc`), and a second strait, from a coastal province (`a`)
/// to a sea (`t`), opened by another centre (`b`).
const STRAIT_TO_A_COAST: &str = r#"
[variant]
name = "Strait coasts"
start_year = 1
victory_centres = 3

[[power]]
name = "Red"
home_centres = ["a"]
start_units = ["F a"]

[[power]]
name = "Blue"
home_centres = ["b"]
start_units = ["F b"]

[[province]]
abbr = "a"
name = "Alpha"
kind = "coast"
centre = true
army = ["c"]
fleet = ["s"]

[[province]]
abbr = "b"
name = "Beta"
kind = "coast"
centre = true
army = ["c"]
fleet = ["t"]

[[province]]
abbr = "c"
name = "Gamma"
kind = "coast"
centre = true
army = ["a", "b"]
coasts = { nc = ["s"], sc = ["t"] }

[[province]]
abbr = "s"
name = "Sea"
kind = "sea"
fleet = ["a", "c/nc"]

[[province]]
abbr = "t"
name = "Tea"
kind = "sea"
fleet = ["b", "c/sc"]

[[strait]]
between = ["s", "c/sc"]
owner_of = "c"

[[strait]]
between = ["a", "t"]
owner_of = "b"
"#;

/// Legal orders and the judge agree across straits that land on a coast or leave a coastal
/// province, whoever owns each strait's centre.
#[test]
fn legal_and_judge_agree_across_a_strait_to_a_coast() {
    let map = Map::from_toml(STRAIT_TO_A_COAST).unwrap();
    let p = |n: &str| map.lookup_province(n).unwrap();
    let (red, blue) = (
        map.lookup_power("red").unwrap(),
        map.lookup_power("blue").unwrap(),
    );
    let mut legal = Legal::new(&map);
    let mut judge = Judge::new();
    let mut buf = LegalOrders::new();
    for c_owner in [Some(red), Some(blue), None] {
        for b_owner in [Some(red), Some(blue), None] {
            let mut pos = Position::empty(&map);
            for (power, prov) in [(red, "s"), (red, "a"), (blue, "b")] {
                pos.place(
                    &map,
                    entente_judge::Unit {
                        power,
                        ty: UnitType::Fleet,
                        loc: p(prov).loc(),
                    },
                );
            }
            pos.set_owner(p("c"), c_owner);
            pos.set_owner(p("b"), b_owner);
            let n = check_position(&map, &mut legal, &mut judge, PhaseKind::Movement, &pos);
            assert!(n > 0);
            legal.movement(&pos, &mut buf);
            let text: HashSet<String> =
                buf.orders().iter().map(|o| format_order(&map, o)).collect();
            let at = format!("owners c {c_owner:?}, b {b_owner:?}: {text:?}");
            assert!(text.contains("F s - c/nc"), "{at}");
            assert_eq!(text.contains("F s - c/sc"), c_owner == Some(red), "{at}");
            assert_eq!(text.contains("F a - t"), b_owner == Some(red), "{at}");
            assert_eq!(text.contains("F a S F b - t"), b_owner == Some(red), "{at}");
        }
    }
}
