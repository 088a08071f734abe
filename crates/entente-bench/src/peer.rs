//! The Rust peer: the `diplomacy` crate (TedDriggs/diplomacy), given the same orders in its
//! own types. Its judge takes the orders by value and infers the board from them (every unit
//! has an order in the work we give it), so one adjudication is `Submission` + `adjudicate`
//! (+ `to_retreat_start`, which finds dislodged units and their retreats as entente's
//! movement adjudication also does).

use diplomacy::geo::{standard_map, Coast, ProvinceKey, RegionKey};
use diplomacy::judge::{MappedMainOrder, Rulebook, Submission};
use diplomacy::order::{ConvoyedMove, MainCommand, MoveCommand, SupportedOrder};
use diplomacy::{Nation, ShortName, UnitType as DUnitType};
use entente_judge::Position;
use entente_map::{Loc, Map, PowerId, UnitType};
use entente_orders::Order;

fn region(map: &Map, l: Loc) -> RegionKey {
    let p = map.province_of(l);
    let coast = map.coast_of(l).map(|c| match c {
        "nc" => Coast::North,
        "sc" => Coast::South,
        "ec" => Coast::East,
        _ => Coast::West,
    });
    RegionKey::new(ProvinceKey::new(map.province(p).abbr.as_str()), coast)
}

fn nation(map: &Map, p: PowerId) -> Nation {
    let name = &map.power(p).name;
    Nation::from(name.get(..3).unwrap_or(name).to_uppercase().as_str())
}

fn unit_type(t: UnitType) -> DUnitType {
    match t {
        UnitType::Army => DUnitType::Army,
        UnitType::Fleet => DUnitType::Fleet,
    }
}

/// The same movement order in the peer's types; the unit's type and the supported unit's
/// type are read from the position (entente's legal orders carry them; written orders may
/// not). `None` for orders of other phases.
pub fn main_order(map: &Map, pos: &Position, power: PowerId, o: &Order) -> Option<MappedMainOrder> {
    let unit = o.unit()?;
    let at = pos.unit_at(map.province_of(unit.loc))?;
    let ty_at = |l: Loc| {
        pos.unit_at(map.province_of(l))
            .map(|u| unit_type(u.ty))
            .unwrap_or(DUnitType::Army)
    };
    let command = match *o {
        Order::Hold(_) => MainCommand::Hold,
        Order::Move { to, via_convoy, .. } => {
            let to = match at.ty {
                UnitType::Army => region(map, map.province_of(to).loc()),
                UnitType::Fleet => region(map, to),
            };
            MainCommand::Move(if via_convoy {
                MoveCommand::with_mandatory_convoy(to)
            } else {
                MoveCommand::new(to)
            })
        }
        Order::SupportHold { target, .. } => MainCommand::Support(SupportedOrder::Hold(
            ty_at(target.loc),
            region(map, target.loc),
        )),
        Order::SupportMove { target, to, .. } => MainCommand::Support(SupportedOrder::Move(
            ty_at(target.loc),
            region(map, target.loc),
            region(map, to),
        )),
        Order::Convoy { target, to, .. } => {
            MainCommand::Convoy(ConvoyedMove::new(region(map, target.loc), region(map, to)))
        }
        _ => return None,
    };
    Some(MappedMainOrder::new(
        nation(map, power),
        unit_type(at.ty),
        region(map, at.loc),
        command,
    ))
}

/// The peer's text form of a movement order: `AUS: A vie -> tri`.
pub fn main_order_text(map: &Map, pos: &Position, power: PowerId, o: &Order) -> Option<String> {
    main_order(map, pos, power, o).map(|o| o.to_string())
}

/// One movement adjudication by the peer; returns how many moves succeeded (so the work
/// cannot be optimized away).
pub fn adjudicate(orders: Vec<MappedMainOrder>) -> usize {
    let map = standard_map();
    let sub = Submission::with_inferred_state(map, orders);
    let outcome = sub.adjudicate(Rulebook::default());
    let start = outcome.to_retreat_start();
    std::hint::black_box(&start);
    outcome
        .all_orders_with_outcomes()
        .filter(|(o, r)| {
            matches!(o.command, MainCommand::Move(_))
                && diplomacy::judge::OrderState::from(*r) == diplomacy::judge::OrderState::Succeeds
        })
        .count()
}

/// The provinces whose unit moved, by the peer's adjudication, sorted.
pub fn moved(orders: Vec<MappedMainOrder>) -> Vec<String> {
    let map = standard_map();
    let sub = Submission::with_inferred_state(map, orders);
    let outcome = sub.adjudicate(Rulebook::default());
    let mut v: Vec<String> = outcome
        .all_orders_with_outcomes()
        .filter(|(o, r)| {
            matches!(o.command, MainCommand::Move(_))
                && diplomacy::judge::OrderState::from(*r) == diplomacy::judge::OrderState::Succeeds
        })
        .map(|(o, _)| o.region.province().short_name().into_owned())
        .collect();
    v.sort();
    v
}

/// Parses the peer's order text (its own parser).
pub fn parse(text: &str) -> MappedMainOrder {
    text.parse().expect("peer order text")
}
