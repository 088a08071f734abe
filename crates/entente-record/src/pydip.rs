//! The saved-game JSON of the Python `diplomacy` package (`to_saved_game_format`,
//! `load_saved_games_from_disk`): reading it for replay and import, writing it for export.
//!
//! Its shape: `{"id", "map", "rules", "phases": [{"name": "S1901M", "state": {"units":
//! {"AUSTRIA": ["A BUD", "*F TRI"]}, "retreats": {"AUSTRIA": {"F TRI": ["ALB"]}},
//! "centers": {...}, "homes", "influence", "civil_disorder", "builds", ...}, "orders":
//! {"AUSTRIA": ["A BUD - SER"]}, "results": {"A BUD": ["bounce"]}, "messages": []}]}`.
//! A dislodged unit is listed among the units with a `*`; orders are written `A BUD H`,
//! `A BUD - SER`, `A LON - BEL VIA`, `A BUD S A VIE - GAL`, `F NTH C A LON - BEL`,
//! `F VEN R ADR`, `F VEN D`, `A BUD B`, `WAIVE`; coasts `STP/SC`.

use crate::position_record::parse_loc;
use crate::recorded::RecordedPhase;
use entente_game::{Error, Result};
use entente_host::{PhaseContext, Reading, Session, SessionConfig, SheetLine};
use entente_judge::{
    adjustment_due, Dislodged, Edition, Failure, Outcome, Position, Rulebook, Unit, Void,
};
use entente_judge::{Phase, PhaseKind};
use entente_map::{Loc, LocSet, Map, PowerId, UnitType, Variant};
use entente_orders::{format_order, Order, Target, UnitRef};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::BTreeMap;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedGame {
    #[serde(default)]
    pub id: String,
    #[serde(default = "standard")]
    pub map: String,
    #[serde(default)]
    pub rules: Vec<String>,
    pub phases: Vec<SavedPhase>,
}

fn standard() -> String {
    "standard".into()
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedPhase {
    pub name: String,
    pub state: SavedState,
    #[serde(default)]
    pub orders: BTreeMap<String, Option<Vec<String>>>,
    #[serde(default)]
    pub results: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    pub messages: Value,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedState {
    #[serde(default)]
    pub units: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    pub retreats: BTreeMap<String, BTreeMap<String, Vec<String>>>,
    #[serde(default)]
    pub centers: BTreeMap<String, Vec<String>>,
    /// Everything else the package writes (homes, influence, builds, ...), kept as is.
    #[serde(flatten)]
    pub other: serde_json::Map<String, Value>,
}

/// The rules the package applies, as entente options (`docs/game-record.md` says why):
/// the 2000 rules, except that an army goes by convoy to an adjacent province only when its
/// order says `VIA` and fleets are ordered to carry it (otherwise by land), and that a unit
/// dislodged by a convoyed army may retreat to the army's origin (DATC 4.A.5), and that
/// convoy paradoxes follow the Szykman rule alone.
pub fn package_rules() -> Rulebook {
    let mut r = Rulebook::edition(Edition::E2000);
    r.set_option("adjacent-convoy-if-route");
    r.set_option("retreat-to-convoy-origin");
    // The package settles paradoxes as entente did before the rulebooks' paradox rules
    // were an option: by the Szykman rule alone.
    r.set_option("paradox-rule-none");
    r
}

/// Reads a file of saved games: one JSON object, or one per line (`.jsonl`).
pub fn parse_saved_games(text: &str) -> Result<Vec<SavedGame>> {
    if let Ok(g) = serde_json::from_str::<SavedGame>(text) {
        return Ok(vec![g]);
    }
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l)
                .map_err(|e| Error::unreadable(format!("saved game {}: {e}", i + 1)))
        })
        .collect()
}

fn power_of(map: &Map, name: &str) -> Result<PowerId> {
    map.lookup_power(name)
        .ok_or_else(|| Error::unreadable(format!("unknown power '{name}'")))
}

fn unit_type(t: &str) -> Result<UnitType> {
    match t {
        "A" => Ok(UnitType::Army),
        "F" => Ok(UnitType::Fleet),
        _ => Err(Error::unreadable(format!("unit type '{t}'"))),
    }
}

/// `A BUD` → type and location.
fn parse_py_unit(map: &Map, t: &str, l: &str) -> Result<(UnitType, Loc)> {
    Ok((unit_type(t)?, parse_loc(map, l)?))
}

/// Reads one order in the package's syntax; `kind` decides what `D` means.
pub fn parse_py_order(map: &Map, kind: PhaseKind, text: &str) -> Result<Order> {
    let w: Vec<&str> = text.split_whitespace().collect();
    let bad = || Error::unreadable(format!("cannot read order '{text}'"));
    if w == ["WAIVE"] {
        return Ok(Order::Waive);
    }
    if w.len() < 3 {
        return Err(bad());
    }
    let (ty, loc) = parse_py_unit(map, w[0], w[1])?;
    let unit = UnitRef { ty: Some(ty), loc };
    let target = |t: &str, l: &str| -> Result<Target> {
        let (ty, loc) = parse_py_unit(map, t, l)?;
        Ok(Target {
            power: None,
            ty: Some(ty),
            loc,
        })
    };
    Ok(match (w[2], &w[3..]) {
        ("H", []) => Order::Hold(unit),
        ("-", [to]) => Order::Move {
            unit,
            to: parse_loc(map, to)?,
            via_convoy: false,
        },
        ("-", [to, "VIA"]) => Order::Move {
            unit,
            to: parse_loc(map, to)?,
            via_convoy: true,
        },
        ("S", [t, l]) | ("S", [t, l, "H"]) => Order::SupportHold {
            unit,
            target: target(t, l)?,
        },
        ("S", [t, l, "-", to]) => Order::SupportMove {
            unit,
            target: target(t, l)?,
            to: parse_loc(map, to)?,
        },
        ("C", [t, l, "-", to]) => Order::Convoy {
            unit,
            target: target(t, l)?,
            to: parse_loc(map, to)?,
        },
        ("R", [to]) => Order::Retreat {
            unit,
            to: parse_loc(map, to)?,
        },
        ("D", []) if kind == PhaseKind::Adjustment => Order::Remove(unit),
        ("D", []) => Order::Disband(unit),
        ("B", []) => Order::Build { ty: Some(ty), loc },
        _ => return Err(bad()),
    })
}

fn up(s: String) -> String {
    s.to_uppercase()
}

/// The unit standing (or dislodged) in the province of `loc`, as the position knows it.
fn real_unit(map: &Map, pos: &Position, loc: Loc) -> Option<Unit> {
    let p = map.province_of(loc);
    pos.dislodged_at(p)
        .map(|d| d.unit)
        .or_else(|| pos.unit_at(p))
}

/// `A BUD`, `F STP/SC`, with the type and coast the position knows.
fn py_unit(map: &Map, pos: &Position, ty: Option<UnitType>, loc: Loc) -> String {
    let (ty, loc) = match real_unit(map, pos, loc) {
        Some(u) => (u.ty, u.loc),
        None => (ty.unwrap_or(UnitType::Army), loc),
    };
    format!("{} {}", ty.letter(), up(map.loc_abbr(loc)))
}

fn py_province(map: &Map, loc: Loc) -> String {
    up(map.province(map.province_of(loc)).abbr.clone())
}

/// One order in the package's syntax. `pos` is the position the order was given in.
pub fn format_py_order(map: &Map, pos: &Position, order: &Order) -> String {
    match *order {
        Order::Hold(u) => format!("{} H", py_unit(map, pos, u.ty, u.loc)),
        Order::Move {
            unit,
            to,
            via_convoy,
        } => {
            let dest = match real_unit(map, pos, unit.loc).map(|u| u.ty).or(unit.ty) {
                Some(UnitType::Fleet) => up(map.loc_abbr(to)),
                _ => py_province(map, to),
            };
            let via = if via_convoy { " VIA" } else { "" };
            format!("{} - {dest}{via}", py_unit(map, pos, unit.ty, unit.loc))
        }
        Order::SupportHold { unit, target } => format!(
            "{} S {}",
            py_unit(map, pos, unit.ty, unit.loc),
            py_unit(map, pos, target.ty, target.loc)
        ),
        Order::SupportMove { unit, target, to } => format!(
            "{} S {} - {}",
            py_unit(map, pos, unit.ty, unit.loc),
            py_unit(map, pos, target.ty, target.loc),
            up(map.loc_abbr(to))
        ),
        Order::Convoy { unit, target, to } => format!(
            "{} C {} - {}",
            py_unit(map, pos, unit.ty, unit.loc),
            py_unit(map, pos, target.ty, target.loc),
            py_province(map, to)
        ),
        Order::Retreat { unit, to } => {
            format!(
                "{} R {}",
                py_unit(map, pos, unit.ty, unit.loc),
                up(map.loc_abbr(to))
            )
        }
        Order::Disband(u) | Order::Remove(u) => format!("{} D", py_unit(map, pos, u.ty, u.loc)),
        Order::Build { ty, loc } => format!(
            "{} {} B",
            ty.unwrap_or(UnitType::Army).letter(),
            up(map.loc_abbr(loc))
        ),
        Order::Waive => "WAIVE".into(),
    }
}

/// One order in the package's syntax as the package keeps an order given as `given`: a
/// support of a fleet's move names the coast if it was given one, unless the supporter is
/// a fleet and the supported fleet can reach more than one coast of the province (`F GRE
/// S F CON - BUL`, but `F GRE S F BLA - BUL/EC`, `A MAR S F MAO - SPA/NC`).
pub fn py_order_as_given(map: &Map, pos: &Position, order: &Order, given: &str) -> String {
    let mut text = format_py_order(map, pos, order);
    if let Order::SupportMove { target, to, .. } = *order {
        if map.coast_of(to).is_some() {
            let coast_given = given
                .split_whitespace()
                .last()
                .is_some_and(|w| w.contains('/'));
            let from = real_unit(map, pos, target.loc).map_or(target.loc, |u| u.loc);
            let reached = map
                .province(map.province_of(to))
                .coasts
                .iter()
                .filter(|&&c| map.fleet_adjacent(from, c))
                .count();
            let by_fleet = real_unit(map, pos, order.unit().map_or(to, |u| u.loc))
                .is_some_and(|u| u.ty == UnitType::Fleet);
            if !coast_given || (by_fleet && reached > 1) {
                if let Some(cut) = text.rfind('/') {
                    text.truncate(cut);
                }
            }
        }
    }
    text
}

/// The order the package keeps when `order` is given as `given` (see
/// [`py_order_as_given`]): a support whose coast the package drops supports the province,
/// so that the order judged is the order shown and saved.
pub fn order_as_kept(map: &Map, pos: &Position, order: Order, given: &str) -> Order {
    match order {
        Order::SupportMove { unit, target, to } if map.coast_of(to).is_some() => {
            let kept = py_order_as_given(map, pos, &order, given);
            if kept.rsplit(' ').next().is_some_and(|w| w.contains('/')) {
                order
            } else {
                let to = map.province_of(to).loc();
                Order::SupportMove { unit, target, to }
            }
        }
        _ => order,
    }
}

/// A phase's position: units (`*` marks a dislodged one), retreat options, centres. The
/// format does not say who dislodged a unit; the attacker's origin is read from the
/// previous phase's orders when one of them moved into the unit's province.
fn position_of(map: &Map, state: &SavedState, previous: Option<&SavedPhase>) -> Result<Position> {
    let mut pos = Position::empty(map);
    let mut dislodged = Vec::new();
    for (power, list) in &state.units {
        let p = power_of(map, power)?;
        for u in list {
            let (star, text) = match u.strip_prefix('*') {
                Some(t) => (true, t),
                None => (false, u.as_str()),
            };
            let (t, l) = text
                .split_once(' ')
                .ok_or_else(|| Error::unreadable(format!("unit '{u}'")))?;
            let (ty, loc) = parse_py_unit(map, t, l)?;
            let unit = Unit { power: p, ty, loc };
            if star {
                let options = state
                    .retreats
                    .get(power)
                    .and_then(|r| r.get(text))
                    .cloned()
                    .unwrap_or_default();
                let mut retreats = LocSet::EMPTY;
                for o in options {
                    let l = parse_loc(map, &o)?;
                    // Armies retreat to provinces; the package writes coasts only for fleets.
                    let l = match ty {
                        UnitType::Army => map.province_of(l).loc(),
                        UnitType::Fleet => l,
                    };
                    retreats.insert(l.0);
                }
                dislodged.push((unit, retreats));
            } else {
                pos.place(map, unit);
            }
        }
    }
    for (unit, retreats) in dislodged {
        let p = map.province_of(unit.loc);
        let attacker_from = previous
            .and_then(|prev| attacker_origin(map, prev, &pos, p))
            .unwrap_or(p);
        pos.set_dislodged(
            p,
            Some(Dislodged {
                unit,
                attacker_from,
                retreats,
            }),
        );
    }
    for (power, list) in &state.centers {
        let p = power_of(map, power)?;
        for c in list {
            pos.set_owner(map.province_of(parse_loc(map, c)?), Some(p));
        }
    }
    Ok(pos)
}

/// Where the unit now in `p` came from, by the previous phase's move orders.
fn attacker_origin(
    map: &Map,
    prev: &SavedPhase,
    pos: &Position,
    p: entente_map::ProvinceId,
) -> Option<entente_map::ProvinceId> {
    let now = pos.unit_at(p)?;
    let power = map.power(now.power).name.to_uppercase();
    let orders = prev.orders.get(&power)?.as_ref()?;
    orders.iter().find_map(|o| {
        let order = parse_py_order(map, PhaseKind::Movement, o).ok()?;
        match order {
            Order::Move { unit, to, .. } if map.province_of(to) == p && unit.ty == Some(now.ty) => {
                Some(map.province_of(unit.loc))
            }
            _ => None,
        }
    })
}

fn phase_of(name: &str) -> Option<Phase> {
    Phase::parse(name)
}

/// The orders of a saved phase, power by power in the file's order.
fn orders_of(map: &Map, ph: &SavedPhase, kind: PhaseKind) -> Result<Vec<(PowerId, String, Order)>> {
    let mut out = Vec::new();
    for (power, list) in &ph.orders {
        let p = power_of(map, power)?;
        for o in list.iter().flatten() {
            let order = parse_py_order(map, kind, o)
                .map_err(|e| Error::unreadable(format!("{}: {e}", ph.name)))?;
            out.push((p, o.clone(), order));
        }
    }
    Ok(out)
}

/// The saved game's phases for [`crate::replay`].
pub fn recorded_phases(map: &Map, g: &SavedGame) -> Result<Vec<RecordedPhase>> {
    let mut out = Vec::new();
    for (i, ph) in g.phases.iter().enumerate() {
        let phase = phase_of(&ph.name);
        let kind = phase.map_or(PhaseKind::Movement, |p| p.kind);
        let previous = i.checked_sub(1).map(|j| &g.phases[j]);
        out.push(RecordedPhase {
            name: ph.name.clone(),
            phase,
            position: position_of(map, &ph.state, previous)
                .map_err(|e| Error::unreadable(format!("{}: {e}", ph.name)))?,
            orders: orders_of(map, ph, kind)?
                .into_iter()
                .map(|(p, _, o)| (p, o))
                .collect(),
            context: PhaseContext::default(),
        });
    }
    Ok(out)
}

/// Imports a saved game as an entente game: seven players named after their powers, the
/// package's rules, every phase adjudicated again by entente from the recorded orders.
/// Returns the game and the first phase whose recorded position differs, if any.
pub fn import(variant: Variant, g: &SavedGame) -> Result<(Session, Option<String>)> {
    import_with_rules(variant, g, package_rules())
}

/// [`import`] under the given rules (a saved game that names entente's rules).
pub fn import_with_rules(
    variant: Variant,
    g: &SavedGame,
    rules: Rulebook,
) -> Result<(Session, Option<String>)> {
    let map = variant.map.clone();
    let mut config = SessionConfig::named_after_powers(variant, rules);
    config.options.gunboat = g.rules.iter().any(|r| r == "NO_PRESS");
    config.options.end_year = end_year_of(g)?;
    let mut s = Session::new(config.clone())?;
    let recorded = recorded_phases(&map, g)?;
    // A custom starting position (the package's `set_units`, `set_state`; entente's too) is
    // kept: the game starts from the saved game's first state when it is not the map's
    // opening (the opening itself is made as the variant says, with its setup).
    if let (Some(first), Some(start)) = (g.phases.first(), recorded.first()) {
        if let Some(phase) = phase_of(&first.name) {
            let opening = phase == s.game().phase()
                && crate::recorded::compare_positions(&map, s.game().position(), &start.position)
                    .is_empty();
            if !opening {
                s = Session::restore(
                    config,
                    entente_host::SessionParts::at_start(phase, start.position.clone()),
                )
                .map_err(|e| Error::unreadable(format!("{}: {e}", first.name)))?;
            }
        }
    }
    let mut first_difference = None;
    for (i, ph) in g.phases.iter().enumerate() {
        let Some(phase) = phase_of(&ph.name) else {
            break;
        };
        if i + 1 == g.phases.len() {
            break;
        }
        if s.game().is_over() {
            return Err(Error::unreadable(format!(
                "{}: entente's game is already over",
                ph.name
            )));
        }
        if phase != s.game().phase() {
            return Err(Error::unreadable(format!(
                "{}: entente's game is at {}",
                ph.name,
                s.game().phase().code()
            )));
        }
        let sheets = orders_of(&map, ph, phase.kind)?
            .into_iter()
            .map(|(p, text, order)| {
                let canonical = format_order(&map, &order).into();
                (
                    p,
                    SheetLine {
                        text: text.into(),
                        reading: Reading::Order { order, canonical },
                    },
                )
            })
            .collect();
        s.process(sheets);
        if first_difference.is_none()
            && !crate::recorded::compare_positions(
                &map,
                s.game().position(),
                &recorded[i + 1].position,
            )
            .is_empty()
        {
            first_difference = Some(ph.name.clone());
        }
    }
    // A saved game that ends `COMPLETED` was over there; entente's must be too.
    if let [.., before, last] = g.phases.as_slice() {
        if last.name == COMPLETED && !s.game().is_over() && first_difference.is_none() {
            first_difference = Some(before.name.clone());
        }
    }
    Ok((s, first_difference))
}

/// The name the package gives the phase of a finished game (its last saved phase).
pub const COMPLETED: &str = "COMPLETED";

/// The rule flag a saved game carries a short game's last year in (the package ignores
/// flags it does not know): `ENTENTE_END_YEAR=1905`.
pub const END_YEAR_FLAG: &str = "ENTENTE_END_YEAR=";

/// The package's rule that lets a saved game part once from its adjudication: a game that
/// ended by its last year carries it, as the package's engine has no last year.
pub const DIFFERENT_ADJUDICATION: &str = "DIFFERENT_ADJUDICATION";

/// The last year a saved game names (`ENTENTE_END_YEAR=...`), if any.
pub fn end_year_of(g: &SavedGame) -> Result<Option<i32>> {
    g.rules
        .iter()
        .find_map(|r| r.strip_prefix(END_YEAR_FLAG))
        .map(|y| {
            y.trim()
                .parse::<i32>()
                .map_err(|_| Error::unreadable(format!("rule {END_YEAR_FLAG}{y}: not a year")))
        })
        .transpose()
}

/// Whether the move from `mover` into `dest` was stronger than the unit staying there and
/// than every other move there (by the supports that were not cut or void).
fn strongest_into(
    map: &Map,
    judged: &[entente_judge::OrderResult],
    mover: entente_map::ProvinceId,
    dest: entente_map::ProvinceId,
) -> bool {
    let prov = |l: Loc| map.province_of(l);
    let supported = |j: &&entente_judge::OrderResult| j.outcome == Outcome::Succeeded;
    // A move whose convoy failed does not contend (the package leaves it out).
    let contends = |j: &entente_judge::OrderResult| !py_result(&j.outcome).contains(&"no convoy");
    let move_strength = |from: entente_map::ProvinceId| {
        1 + judged
            .iter()
            .filter(supported)
            .filter(|j| {
                matches!(j.order, Order::SupportMove { target, to, .. }
                    if prov(target.loc) == from && prov(to) == dest)
            })
            .count()
    };
    let hold_strength = 1 + judged
        .iter()
        .filter(supported)
        .filter(
            |j| matches!(j.order, Order::SupportHold { target, .. } if prov(target.loc) == dest),
        )
        .count();
    let mine = move_strength(mover);
    let mut others = judged.iter().filter_map(|j| match j.order {
        Order::Move { unit, to, .. }
            if prov(to) == dest && prov(unit.loc) != mover && contends(j) =>
        {
            Some(move_strength(prov(unit.loc)))
        }
        _ => None,
    });
    mine > hold_strength && others.all(|s| s < mine)
}

/// The package's result words for an outcome.
fn py_result(o: &Outcome) -> Vec<&'static str> {
    match o {
        Outcome::Succeeded => vec![],
        Outcome::Failed(f) => match f {
            Failure::Bounced(_) => vec!["bounce"],
            Failure::Cut { .. } => vec!["cut"],
            Failure::Dislodged { .. } => vec!["dislodged"],
            Failure::NoConvoy { .. } => vec!["no convoy"],
            Failure::Disrupted => vec!["disrupted"],
            Failure::RetreatCollision => vec!["bounce", "disband"],
            Failure::Paradox => vec!["bounce"],
            Failure::Void(_) | Failure::ConflictingOrders | Failure::TooMany => vec!["void"],
        },
        Outcome::Illegal(_) => vec!["void"],
    }
}

/// A state in the package's form, before it is written: each power's (in the map's order)
/// units (`*` for dislodged ones), retreats, centres, homes, civil disorder and builds.
/// `py_state` writes it as the package's JSON; a front end may build its own objects from
/// it (entente-py builds Python dicts without going through JSON).
pub struct PyState {
    /// The phase, as entente writes it (`S1901M`).
    pub name: String,
    pub powers: Vec<PyPowerState>,
}

/// One power's part of a [`PyState`].
pub struct PyPowerState {
    /// Upper case, as the package names powers.
    pub name: String,
    pub units: Vec<String>,
    /// Each dislodged unit (without its `*`) and where it may retreat.
    pub retreats: Vec<(String, Vec<String>)>,
    pub centers: Vec<String>,
    pub homes: Vec<String>,
    pub civil_disorder: bool,
    /// Builds (positive) or disbands (negative) due in an adjustment phase, else 0.
    pub build_count: i32,
    /// The free home centres it may build in (when builds are due).
    pub build_sites: Vec<String>,
}

/// The state of a position (see [`PyState`]).
pub fn py_state_parts(
    s: &Session,
    name: &str,
    pos: &Position,
    kind: PhaseKind,
    ctx: &PhaseContext,
) -> PyState {
    let map = s.map();
    let powers = map
        .power_ids()
        .map(|p| {
            let mut units: Vec<String> = pos
                .units_of(p)
                .map(|u| format!("{} {}", u.ty.letter(), up(map.loc_abbr(u.loc))))
                .collect();
            let mut retreats = Vec::new();
            for (_, d) in pos.dislodged().filter(|(_, d)| d.unit.power == p) {
                let u = format!("{} {}", d.unit.ty.letter(), up(map.loc_abbr(d.unit.loc)));
                units.push(format!("*{u}"));
                let opts: Vec<String> = d
                    .retreats
                    .iter()
                    .map(|l| up(map.loc_abbr(Loc(l))))
                    .collect();
                retreats.push((u, opts));
            }
            let centers = map
                .province_ids()
                .filter(|&c| map.is_centre(c) && pos.owner(c) == Some(p))
                .map(|c| up(map.province(c).abbr.clone()))
                .collect();
            let homes = map
                .power(p)
                .home_centres
                .iter()
                .map(|&c| up(map.province(c).abbr.clone()))
                .collect();
            let (build_count, build_sites) = if kind == PhaseKind::Adjustment {
                let due = adjustment_due(map, pos, p);
                let sites: Vec<String> = map
                    .build_centres(p)
                    .filter(|&c| due > 0 && pos.owner(c) == Some(p) && pos.unit_at(c).is_none())
                    .map(|c| up(map.province(c).abbr.clone()))
                    .collect();
                (due, sites)
            } else {
                (0, Vec::new())
            };
            PyPowerState {
                name: up(map.power(p).name.clone()),
                units,
                retreats,
                centers,
                homes,
                civil_disorder: ctx.civil_disorder.contains(&p),
                build_count,
                build_sites,
            }
        })
        .collect();
    PyState {
        name: name.to_string(),
        powers,
    }
}

fn py_state(
    s: &Session,
    name: &str,
    pos: &Position,
    kind: PhaseKind,
    ctx: &PhaseContext,
    rules: &[String],
) -> Value {
    let parts = py_state_parts(s, name, pos, kind, ctx);
    let mut units = serde_json::Map::new();
    let mut retreats = serde_json::Map::new();
    let mut centers = serde_json::Map::new();
    let mut homes = serde_json::Map::new();
    let mut cd = serde_json::Map::new();
    let mut builds = serde_json::Map::new();
    for p in parts.powers {
        let key = p.name;
        units.insert(key.clone(), json!(p.units));
        let r: serde_json::Map<String, Value> = p
            .retreats
            .into_iter()
            .map(|(u, opts)| (u, json!(opts)))
            .collect();
        retreats.insert(key.clone(), Value::Object(r));
        centers.insert(key.clone(), json!(p.centers));
        homes.insert(key.clone(), json!(p.homes));
        cd.insert(key.clone(), json!(i32::from(p.civil_disorder)));
        builds.insert(
            key,
            json!({ "count": p.build_count, "homes": p.build_sites }),
        );
    }
    json!({
        "timestamp": 0,
        "note": "",
        "name": parts.name,
        "units": units,
        "retreats": retreats,
        "centers": centers.clone(),
        "homes": homes,
        "influence": centers,
        "civil_disorder": cd,
        "builds": builds,
        "game_id": "entente",
        "map": s.variant().name,
        "rules": rules,
    })
}

/// The package's rule flags for a session.
fn py_rules(s: &Session) -> Vec<String> {
    let mut rules = Vec::new();
    if s.options().gunboat {
        rules.push("NO_PRESS".into());
    }
    rules.extend(end_rules(s));
    rules
}

/// The rule flags of a short game: its last year (`ENTENTE_END_YEAR=1905`, so that a reader
/// of entente's ends it there too) and, once it has ended there, `DIFFERENT_ADJUDICATION`
/// (the package's engine, which has no last year, parts from it at that one phase).
pub fn end_rules(s: &Session) -> Vec<String> {
    let mut rules = Vec::new();
    if let Some(year) = s.options().end_year {
        rules.push(format!("{END_YEAR_FLAG}{year}"));
        if matches!(
            s.game().end(),
            Some(entente_game::EndOfGame::ShortGame { .. })
        ) {
            rules.push(DIFFERENT_ADJUDICATION.into());
        }
    }
    rules
}

/// The kind of the session's current phase for its state: a finished game's is no
/// adjustment (the package's `COMPLETED` state has no builds due).
fn now_kind(s: &Session) -> PhaseKind {
    if s.game().is_over() {
        PhaseKind::Movement
    } else {
        s.game().phase().kind
    }
}

/// The name of the session's current phase in a saved game: `COMPLETED` once it is over.
fn saved_phase_name(s: &Session) -> String {
    if s.game().is_over() {
        COMPLETED.into()
    } else {
        s.game().phase().code()
    }
}

/// The package's state of the session's current phase, before it is written (see
/// [`py_state_parts`]).
pub fn current_state_parts(s: &Session) -> PyState {
    let g = s.game();
    py_state_parts(
        s,
        &g.phase().code(),
        g.position(),
        now_kind(s),
        &s.context(),
    )
}

/// The press in the package's messages, by the phase each was sent in: one message per
/// recipient (`GLOBAL` for all), `time_sent` in microseconds since 1970, strictly increasing
/// over the game as the package keys messages by it (a message without a time, from a
/// record before messages were timed, comes a microsecond after the one before).
fn py_messages(s: &Session) -> BTreeMap<String, Vec<Value>> {
    let map = s.map();
    let mut out: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    let mut last: i64 = 0;
    for m in s.press() {
        let recipients: Vec<String> = match &m.to {
            entente_host::Recipients::All => vec!["GLOBAL".to_string()],
            entente_host::Recipients::Powers(ps) => {
                ps.iter().map(|&p| up(map.power(p).name.clone())).collect()
            }
        };
        let phase = m.phase.code();
        for r in recipients {
            let at = m.at.map(|t| t.as_microsecond()).unwrap_or(0).max(last + 1);
            last = at;
            out.entry(phase.clone()).or_default().push(json!({
                "sender": up(map.power(m.from).name.clone()),
                "recipient": r,
                "time_sent": at,
                "phase": phase,
                "message": m.text,
            }));
        }
    }
    out
}

/// The game in the package's saved-game format (`from_saved_game_format` reads it).
pub fn export(s: &Session, id: &str) -> Value {
    let map = s.map();
    let rules = py_rules(s);
    let mut messages = py_messages(s);
    let mut messages_of = |code: &str| Value::from(messages.remove(code).unwrap_or_default());
    let mut phases = Vec::new();
    let history = s.game().history();
    let mut previous = None;
    for ((h, sheets), ctx) in history.iter().zip(s.phase_sheets()).zip(s.phase_contexts()) {
        let mut orders = serde_json::Map::new();
        for p in map.power_ids() {
            orders.insert(up(map.power(p).name.clone()), json!([]));
        }
        let mut results = serde_json::Map::new();
        let judged = h.result.orders();
        // The provinces units left by a move that succeeded.
        let moved_from: Vec<entente_map::ProvinceId> = judged
            .iter()
            .filter(|r| r.outcome == Outcome::Succeeded)
            .filter_map(|r| match r.order {
                Order::Move { unit, .. } => Some(map.province_of(unit.loc)),
                _ => None,
            })
            .collect();
        for (p, line, r) in entente_host::line_results(sheets, ctx, judged) {
            let (Some(order), Some(r)) = (line.order(), r) else {
                continue;
            };
            let text = py_order_as_given(map, &h.before, &order, &line.text);
            // The package's order history leaves waives out (its `get_orders`).
            if let (false, Some(Value::Array(list))) = (
                order == Order::Waive,
                orders.get_mut(&up(map.power(p).name.clone())),
            ) {
                list.push(json!(text));
            }
            let key = match order {
                Order::Waive => "WAIVE".to_string(),
                _ => text.split(' ').take(2).collect::<Vec<_>>().join(" "),
            };
            let mut words = py_result(&r.outcome);
            // As the package: a support or convoy that does not match the supported
            // unit's order is void, cut or not.
            let ordered_to = |at: Loc| {
                let prov = map.province_of(at);
                judged.iter().find_map(|j| match j.order {
                    Order::Move { unit, to, .. } if map.province_of(unit.loc) == prov => {
                        Some(Some(map.province_of(to)))
                    }
                    _ if j
                        .order
                        .unit()
                        .is_some_and(|u| map.province_of(u.loc) == prov) =>
                    {
                        Some(None)
                    }
                    _ => None,
                })
            };
            // An army whose convoy failed (the package: "no convoy") is not supported.
            let no_convoy = |at: Loc| {
                let prov = map.province_of(at);
                judged.iter().any(|j| {
                    j.order
                        .unit()
                        .is_some_and(|u| map.province_of(u.loc) == prov)
                        && py_result(&j.outcome).contains(&"no convoy")
                })
            };
            let mismatch = match order {
                Order::SupportHold { target, .. } => {
                    matches!(ordered_to(target.loc), Some(Some(_)))
                }
                Order::SupportMove { target, to, .. } => {
                    ordered_to(target.loc) != Some(Some(map.province_of(to)))
                        || no_convoy(target.loc)
                }
                Order::Convoy { target, to, .. } => {
                    ordered_to(target.loc) != Some(Some(map.province_of(to)))
                }
                _ => false,
            };
            if mismatch && h.phase.kind == PhaseKind::Movement {
                words = vec!["void"];
            }
            // As the package: a fleet convoying an army that goes there, but not on a
            // route that carries it (no route, or the army goes over land), is `no convoy`
            // and `void`.
            if let (Order::Convoy { target, .. }, false) = (order, mismatch) {
                let over_land = matches!(
                    r.outcome,
                    Outcome::Failed(Failure::Void(Void::ArmyGoesOverLand))
                );
                if (over_land || no_convoy(target.loc)) && !words.contains(&"dislodged") {
                    words = vec!["no convoy", "void"];
                }
            }
            // As the package: a support that is not cut, of the strongest move (not by
            // convoy) into a province where a unit of the supporter's own power stays, is
            // void (the package counts it, then takes it back).
            if let (Order::SupportMove { target, to, .. }, Outcome::Succeeded) = (order, &r.outcome)
            {
                let dest = map.province_of(to);
                let own = h.before.unit_at(dest).is_some_and(|u| u.power == p);
                let mover = map.province_of(target.loc);
                // A move by convoy: some fleet convoys the army there (the package leaves
                // such moves out of its rule).
                let by_convoy = judged.iter().any(|j| {
                    matches!(j.order, Order::Convoy { target: t, to: d, .. }
                        if map.province_of(t.loc) == mover && map.province_of(d) == dest)
                });
                if own
                    && !by_convoy
                    && !moved_from.contains(&dest)
                    && strongest_into(map, judged, mover, dest)
                    && !words.contains(&"void")
                {
                    words.push("void");
                }
            }
            // As the package: a support naming another coast than the move's is not void
            // (the package reads a support's destination without its coast).
            if let Outcome::Failed(Failure::Void(Void::CoastDiffers)) = r.outcome {
                if !text.rsplit(' ').next().is_some_and(|w| w.contains('/')) {
                    words.clear();
                }
            }
            // As the package: a support dislodged was cut as well.
            let support = matches!(order, Order::SupportHold { .. } | Order::SupportMove { .. });
            if support && words == ["dislodged"] {
                words = vec!["cut", "dislodged"];
            }
            // As the package: a waive is void (it is what it would be without it).
            if order == Order::Waive {
                words = vec!["void"];
            }
            // As the package: a build or removal carried out is `['']`.
            if words.is_empty() && h.phase.kind == PhaseKind::Adjustment && order != Order::Waive {
                words.push("");
            }
            // One `WAIVE` key for every power's waives: a word each.
            if let (Order::Waive, Some(Value::Array(list))) = (order, results.get_mut(&key)) {
                list.extend(words.iter().map(|w| json!(w)));
                continue;
            }
            results.insert(key, json!(words));
        }
        let unit_key = |u: &Unit| format!("{} {}", u.ty.letter(), up(map.loc_abbr(u.loc)));
        if let entente_judge::PhaseResult::Movement(m) = &h.result {
            for (_, u, _) in &m.unordered {
                results.entry(unit_key(u)).or_insert(json!([]));
            }
        }
        // As the package, `dislodged` (or `disband`) is said besides the order's own result.
        let mut add_word = |key: String, word: &str| match results.get_mut(&key) {
            Some(Value::Array(list)) => {
                if !list.iter().any(|w| w == word) {
                    list.push(json!(word));
                }
            }
            _ => {
                results.insert(key, json!([word]));
            }
        };
        match &h.result {
            entente_judge::PhaseResult::Movement(m) => {
                for (_, d) in &m.dislodged {
                    add_word(unit_key(&d.unit), "dislodged");
                }
            }
            entente_judge::PhaseResult::Retreat(r) => {
                for (_, u) in &r.disbanded {
                    add_word(unit_key(u), "disband");
                }
            }
            entente_judge::PhaseResult::Adjustment(_) => {}
        }
        // As the package: a unit dislodged with nowhere to go is disbanded in the results
        // of the phase after the movement.
        if let (Some(entente_judge::PhaseResult::Movement(m)), false) = (
            previous.map(|p: &entente_game::PhaseRecord| &p.result),
            h.phase.kind == PhaseKind::Movement,
        ) {
            for (_, d) in &m.dislodged {
                if d.retreats.is_empty() {
                    add_word(unit_key(&d.unit), "disband");
                }
            }
        }
        previous = Some(h);
        phases.push(json!({
            "name": h.phase.code(),
            "state": py_state(s, &h.phase.code(), &h.before, h.phase.kind, ctx, &rules),
            "orders": orders,
            "results": results,
            "messages": messages_of(&h.phase.code()),
        }));
    }
    let g = s.game();
    // A finished game's last phase is `COMPLETED`, as the package saves one (its
    // `is_valid_saved_game` expects the last phase played to lead there).
    let name = saved_phase_name(s);
    phases.push(json!({
        "name": name,
        "state": py_state(s, &name, g.position(), now_kind(s), &s.context(), &rules),
        "orders": {},
        "results": {},
        "messages": messages_of(&g.phase().code()),
    }));
    json!({ "id": id, "map": s.variant().name, "rules": rules, "phases": phases })
}
