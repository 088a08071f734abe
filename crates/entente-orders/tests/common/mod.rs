//! Helpers shared by the parser tests: short constructors for the orders they expect.
#![allow(dead_code)]

use entente_map::{Loc, Map, PowerId, UnitType};
use entente_orders::{format_order, parse_order, Order, Target, UnitRef};
use std::sync::OnceLock;

pub fn map() -> &'static Map {
    static MAP: OnceLock<Map> = OnceLock::new();
    MAP.get_or_init(Map::standard)
}

/// `"par"`, `"stp/nc"`.
pub fn loc(s: &str) -> Loc {
    let m = map();
    let (p, c) = match s.split_once('/') {
        Some((p, c)) => (p, Some(c)),
        None => (s, None),
    };
    let pid = m
        .lookup_province(p)
        .unwrap_or_else(|| panic!("no province {p}"));
    match c {
        Some(c) => m
            .lookup_coast(pid, c)
            .unwrap_or_else(|| panic!("no coast {s}")),
        None => pid.loc(),
    }
}

fn ty(t: &str) -> Option<UnitType> {
    match t {
        "A" => Some(UnitType::Army),
        "F" => Some(UnitType::Fleet),
        "" => None,
        other => panic!("unit type {other}"),
    }
}

/// `u("A", "par")`, `u("", "par")` for a unit written without its type.
pub fn u(t: &str, l: &str) -> UnitRef {
    UnitRef {
        ty: ty(t),
        loc: loc(l),
    }
}

pub fn power(name: &str) -> PowerId {
    map()
        .lookup_power(name)
        .unwrap_or_else(|| panic!("no power {name}"))
}

/// `t("Russia", "A", "war")`, `t("", "", "war")`.
pub fn t(p: &str, ty_: &str, l: &str) -> Target {
    Target {
        power: (!p.is_empty()).then(|| power(p)),
        ty: ty(ty_),
        loc: loc(l),
    }
}

pub fn hold(unit: UnitRef) -> Order {
    Order::Hold(unit)
}
pub fn mv(unit: UnitRef, to: &str) -> Order {
    Order::Move {
        unit,
        to: loc(to),
        via_convoy: false,
    }
}
pub fn mvc(unit: UnitRef, to: &str) -> Order {
    Order::Move {
        unit,
        to: loc(to),
        via_convoy: true,
    }
}
pub fn sh(unit: UnitRef, target: Target) -> Order {
    Order::SupportHold { unit, target }
}
pub fn sm(unit: UnitRef, target: Target, to: &str) -> Order {
    Order::SupportMove {
        unit,
        target,
        to: loc(to),
    }
}
pub fn cv(unit: UnitRef, target: Target, to: &str) -> Order {
    Order::Convoy {
        unit,
        target,
        to: loc(to),
    }
}
pub fn rt(unit: UnitRef, to: &str) -> Order {
    Order::Retreat { unit, to: loc(to) }
}
pub fn disband(unit: UnitRef) -> Order {
    Order::Disband(unit)
}
pub fn build(t: &str, l: &str) -> Order {
    Order::Build {
        ty: ty(t),
        loc: loc(l),
    }
}
pub fn remove(unit: UnitRef) -> Order {
    Order::Remove(unit)
}

/// Parses `text`, compares with `want`, and checks that the canonical text reads back the same.
pub fn check(text: &str, want: Order) {
    let m = map();
    let got = parse_order(m, text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    assert_eq!(got, want, "{text:?} read as {}", format_order(m, &got));
    let canon = format_order(m, &got);
    assert_eq!(
        parse_order(m, &canon),
        Ok(got),
        "canonical {canon:?} of {text:?}"
    );
}
