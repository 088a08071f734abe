//! Orders written out for the reader, in their language: `A Paříž → Burgundsko`,
//! `A Marseille soutient A Paris → Bourgogne`. The unit named is the one standing in the
//! province (in a retreat phase, the dislodged one), as the judge form names it.

use super::i18n::Tr;
use entente_judge::{PhaseKind, Position};
use entente_map::{Loc, Map};
use entente_orders::{Order, Target, UnitRef};

/// A location's name in the reader's language, with its coast: `Petrohrad (jižní pobřeží)`.
pub(crate) fn loc_name(map: &Map, tr: Tr, l: Loc) -> String {
    let p = map.province_of(l);
    let name = if tr.lang == "en" {
        map.province(p).name.clone()
    } else {
        map.province_name_in(p, tr.lang).to_string()
    };
    match map.loc_abbr(l).split_once('/') {
        Some((_, coast)) => format!("{name} ({})", tr.t(&format!("coast-{coast}"))),
        None => name,
    }
}

fn unit_name(map: &Map, tr: Tr, kind: PhaseKind, pos: &Position, u: UnitRef) -> String {
    let (ty, loc) = entente_report::named_unit(map, kind, pos, u);
    match ty {
        Some(t) => format!("{} {}", t.letter(), loc_name(map, tr, loc)),
        None => loc_name(map, tr, loc),
    }
}

fn target_name(map: &Map, tr: Tr, pos: &Position, t: Target) -> String {
    let p = map.province_of(t.loc);
    let ty = pos.unit_at(p).map(|u| u.ty).or(t.ty);
    let loc = pos.unit_at(p).map_or(t.loc, |u| u.loc);
    match ty {
        Some(ty) => format!("{} {}", ty.letter(), loc_name(map, tr, loc)),
        None => loc_name(map, tr, loc),
    }
}

/// An order of a phase of this kind, written out in the reader's language.
pub fn order_text(map: &Map, tr: Tr, kind: PhaseKind, pos: &Position, o: &Order) -> String {
    let unit = |u: UnitRef| unit_name(map, tr, kind, pos, u);
    let target = |t: Target| target_name(map, tr, pos, t);
    let to = |l: Loc| loc_name(map, tr, l);
    match *o {
        Order::Hold(u) => tr.a("order-hold", &[("unit", &unit(u))]),
        Order::Move {
            unit: u,
            to: l,
            via_convoy,
        } => tr.a(
            if via_convoy {
                "order-move-via-convoy"
            } else {
                "order-move"
            },
            &[("unit", &unit(u)), ("to", &to(l))],
        ),
        Order::SupportHold { unit: u, target: t } => tr.a(
            "order-support-hold",
            &[("unit", &unit(u)), ("target", &target(t))],
        ),
        Order::SupportMove {
            unit: u,
            target: t,
            to: l,
        } => tr.a(
            "order-support-move",
            &[("unit", &unit(u)), ("target", &target(t)), ("to", &to(l))],
        ),
        Order::Convoy {
            unit: u,
            target: t,
            to: l,
        } => tr.a(
            "order-convoy",
            &[("unit", &unit(u)), ("target", &target(t)), ("to", &to(l))],
        ),
        Order::Retreat { unit: u, to: l } => {
            tr.a("order-move", &[("unit", &unit(u)), ("to", &to(l))])
        }
        Order::Disband(u) => tr.a("order-disband", &[("unit", &unit(u))]),
        Order::Build { ty, loc } => {
            let what = match ty {
                Some(t) => format!("{} {}", t.letter(), to(loc)),
                None => to(loc),
            };
            tr.a("order-build", &[("unit", &what)])
        }
        Order::Remove(u) => tr.a("order-remove", &[("unit", &unit(u))]),
        Order::Waive => tr.t("order-waive"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use entente_orders::parse_order;

    fn text(lang: &'static str, order: &str) -> String {
        let map = Map::standard();
        let pos = Position::start(&map);
        let o = parse_order(&map, order).unwrap();
        order_text(&map, Tr { lang }, PhaseKind::Movement, &pos, &o)
    }

    #[test]
    fn orders_are_written_in_the_readers_language() {
        assert_eq!(text("en", "A Par - Bur"), "A Paris → Burgundy");
        assert_eq!(text("cs", "A Par - Bur"), "A Paříž → Burgundsko");
        assert_eq!(
            text("fr", "A Mar S A Par - Bur"),
            "A Marseille soutient A Paris → Bourgogne"
        );
        assert_eq!(
            text("ru", "F Stp/sc - Bot"),
            "F Санкт-Петербург (южное побережье) → Ботнический залив"
        );
        assert_eq!(text("cs", "A Par H"), "A Paříž drží");
    }
}
