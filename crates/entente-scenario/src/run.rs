//! Running a case: set up the position, adjudicate each phase in turn, carrying the position
//! forward (retreats, centre ownership after Fall) as a game would.

use crate::file::{Case, PhaseBlock, PhaseKind, ScenarioError, Season, UnitsSetup};
use entente_judge::{Engine, Phase, PhaseResult, Position, Restrictions, Unit};
use entente_map::{Map, PowerId, ProvinceId};
use entente_orders::{parse_order, Order};

fn err<T>(line: usize, message: impl Into<String>) -> Result<T, ScenarioError> {
    Err(ScenarioError {
        line,
        message: message.into(),
    })
}

/// One adjudicated phase: the position it started from, its orders, what happened, and the
/// position it left (after any automatic steps: ownership after Fall).
pub struct PhaseRun {
    pub block: usize,
    pub phase: Phase,
    pub before: Position,
    pub orders: Vec<(PowerId, Order)>,
    pub outcome: PhaseResult,
    pub after: Position,
}

pub(crate) fn power_of(map: &Map, line: usize, name: &str) -> Result<PowerId, ScenarioError> {
    map.lookup_power(name)
        .map_or_else(|| err(line, format!("unknown power '{name}'")), Ok)
}

/// Parses a unit written as in a position: `F Spain(nc)`, `A Vienna`.
pub(crate) fn parse_unit(
    map: &Map,
    line: usize,
    power: PowerId,
    text: &str,
) -> Result<Unit, ScenarioError> {
    let order = parse_order(map, &format!("{text} H")).map_err(|e| ScenarioError {
        line,
        message: format!("unit '{text}': {e}"),
    })?;
    let Order::Hold(u) = order else {
        return err(line, format!("'{text}' is not a unit"));
    };
    let Some(ty) = u.ty else {
        return err(line, format!("unit '{text}': write A or F"));
    };
    if !map.can_occupy(ty, u.loc) {
        return err(
            line,
            format!(
                "unit '{text}' cannot stand there (a fleet on a split coast must name the coast)"
            ),
        );
    }
    Ok(Unit {
        power,
        ty,
        loc: u.loc,
    })
}

pub(crate) fn parse_province(
    map: &Map,
    line: usize,
    name: &str,
) -> Result<ProvinceId, ScenarioError> {
    let base = name.split(['/', '(']).next().unwrap_or(name);
    map.lookup_province(base)
        .map_or_else(|| err(line, format!("unknown province '{name}'")), Ok)
}

fn setup(map: &Map, case: &Case) -> Result<Position, ScenarioError> {
    let mut pos = match &case.units {
        UnitsSetup::Start => Position::start(map),
        _ => Position::empty(map),
    };
    match &case.units {
        UnitsSetup::Explicit(list) => {
            for (line, who, text) in list {
                let p = power_of(map, *line, who)?;
                let u = parse_unit(map, *line, p, text)?;
                if pos.unit_at(map.province_of(u.loc)).is_some() {
                    return err(
                        *line,
                        format!(
                            "two units in '{}'",
                            map.province(map.province_of(u.loc)).abbr
                        ),
                    );
                }
                pos.place(map, u);
            }
        }
        UnitsSetup::Implied => {
            let Some(first) = case.phases.first() else {
                return Ok(pos);
            };
            for o in &first.orders {
                let p = power_of(map, o.line, &o.power)?;
                let order = parse_order(map, &o.text).map_err(|e| ScenarioError {
                    line: o.line,
                    message: e.to_string(),
                })?;
                let Some(u) = order.unit() else { continue };
                let prov = map.province_of(u.loc);
                if pos.unit_at(prov).is_some() {
                    continue;
                }
                let Some(ty) = u.ty else {
                    return err(o.line, "the unit type (A/F) is needed to place this unit; or add a 'units:' section");
                };
                if !map.can_occupy(ty, u.loc) {
                    return err(o.line, "this unit cannot stand there (a fleet on a split coast must name the coast)");
                }
                pos.place(
                    map,
                    Unit {
                        power: p,
                        ty,
                        loc: u.loc,
                    },
                );
            }
        }
        UnitsSetup::Start => {}
    }
    if let Some(centres) = &case.centres {
        for c in map.centres().iter() {
            pos.set_owner(ProvinceId(c), None);
        }
        for (line, who, items) in centres {
            let p = power_of(map, *line, who)?;
            for name in items {
                let prov = parse_province(map, *line, name)?;
                if !map.is_centre(prov) {
                    return err(*line, format!("'{name}' is not a supply centre"));
                }
                pos.set_owner(prov, Some(p));
            }
        }
    }
    Ok(pos)
}

fn orders_of(map: &Map, block: &PhaseBlock) -> Result<Vec<(PowerId, Order)>, ScenarioError> {
    block
        .orders
        .iter()
        .map(|o| {
            let p = power_of(map, o.line, &o.power)?;
            let order = parse_order(map, &o.text).map_err(|e| ScenarioError {
                line: o.line,
                message: format!("'{}': {e}", o.text),
            })?;
            Ok((p, order))
        })
        .collect()
}

/// Disbands units left dislodged when no retreat phase was written (no orders: disbanded).
fn drop_dislodged(pos: &mut Position) {
    let list: Vec<ProvinceId> = pos.dislodged().map(|(p, _)| p).collect();
    for p in list {
        pos.set_dislodged(p, None);
    }
}

/// The case's `impassable:` provinces and `neutral:` powers, as the judge takes them.
fn restrictions(map: &Map, case: &Case) -> Result<Restrictions, ScenarioError> {
    let mut r = Restrictions::NONE;
    for (line, name) in &case.impassable {
        r.impassable.insert(parse_province(map, *line, name)?.0);
    }
    for (line, name) in &case.neutral {
        r.silent.insert(power_of(map, *line, name)?);
    }
    Ok(r)
}

/// Runs every phase of a case.
pub fn execute_case(case: &Case) -> Result<(Map, Vec<PhaseRun>), ScenarioError> {
    let map =
        entente_map::load_variant(&case.variant).or_else(|e| err(case.line, e.to_string()))?;
    let restrictions = restrictions(&map, case)?;
    let mut pos = setup(&map, case)?;
    let mut engine = Engine::new();
    let mut runs = Vec::new();
    let mut prev: Option<(Season, PhaseKind)> = None;
    for (bi, block) in case.phases.iter().enumerate() {
        if block.kind != PhaseKind::Retreat && pos.has_dislodged() {
            drop_dislodged(&mut pos);
            if prev.is_some_and(|(s, _)| s == Season::Fall) {
                pos.update_ownership(&map);
            }
        }
        let orders = orders_of(&map, block)?;
        let phase = block.phase_on(&map);
        let step = engine.play(&map, &case.rules, &restrictions, phase, &pos, &orders);
        let (outcome, after) = (step.result, step.after);
        let before = std::mem::replace(&mut pos, after.clone());
        prev = Some((block.season, block.kind));
        runs.push(PhaseRun {
            block: bi,
            phase,
            before,
            orders,
            outcome,
            after,
        });
    }
    Ok((map, runs))
}
