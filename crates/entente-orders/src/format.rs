use crate::model::{Order, Target, UnitRef};
use entente_map::Map;

fn unit(map: &Map, u: UnitRef) -> String {
    match u.ty {
        Some(t) => format!("{} {}", t.letter(), map.loc_abbr(u.loc)),
        None => map.loc_abbr(u.loc),
    }
}

fn target(map: &Map, t: Target) -> String {
    let mut s = String::new();
    if let Some(p) = t.power {
        s.push_str(&map.power(p).adjective);
        s.push(' ');
    }
    if let Some(ty) = t.ty {
        s.push(ty.letter());
        s.push(' ');
    }
    s.push_str(&map.loc_abbr(t.loc));
    s
}

/// The canonical text of an order: `A par - bur`, `F nth C A lon - bel`, `Build F stp/nc`.
/// [`crate::parse_order`] reads it back to the same value.
pub fn format_order(map: &Map, o: &Order) -> String {
    match *o {
        Order::Hold(u) => format!("{} H", unit(map, u)),
        Order::Move {
            unit: u,
            to,
            via_convoy,
        } => {
            let via = if via_convoy { " via convoy" } else { "" };
            format!("{} - {}{via}", unit(map, u), map.loc_abbr(to))
        }
        Order::SupportHold { unit: u, target: t } => {
            format!("{} S {}", unit(map, u), target(map, t))
        }
        Order::SupportMove {
            unit: u,
            target: t,
            to,
        } => {
            format!(
                "{} S {} - {}",
                unit(map, u),
                target(map, t),
                map.loc_abbr(to)
            )
        }
        Order::Convoy {
            unit: u,
            target: t,
            to,
        } => {
            format!(
                "{} C {} - {}",
                unit(map, u),
                target(map, t),
                map.loc_abbr(to)
            )
        }
        Order::Retreat { unit: u, to } => format!("{} R {}", unit(map, u), map.loc_abbr(to)),
        Order::Disband(u) => format!("{} D", unit(map, u)),
        Order::Build { ty, loc } => match ty {
            Some(t) => format!("Build {} {}", t.letter(), map.loc_abbr(loc)),
            None => format!("Build {}", map.loc_abbr(loc)),
        },
        Order::Remove(u) => format!("Remove {}", unit(map, u)),
        Order::Waive => "Waive".to_string(),
    }
}
