//! Worst case for convoy routes: a fleet on every sea, an army on every coastal province.
use entente_bench::suite::per_call;
use entente_judge::{Position, Unit};
use entente_legal::{Legal, LegalOrders};
use entente_map::{Map, PowerId, ProvinceKind, UnitType};

fn main() {
    let map = Map::standard();
    let mut pos = Position::empty(&map);
    for p in map.province_ids() {
        let kind = map.province(p).kind;
        let ty = match kind {
            ProvinceKind::Sea => UnitType::Fleet,
            ProvinceKind::Coast => UnitType::Army,
            ProvinceKind::Land => continue,
        };
        pos.place(
            &map,
            Unit {
                power: PowerId((p.0 % 7) as u8),
                ty,
                loc: p.loc(),
            },
        );
    }
    let mut legal = Legal::new(&map);
    let mut buf = LegalOrders::new();
    legal.movement(&pos, &mut buf);
    let convoys = buf
        .orders()
        .iter()
        .filter(|o| matches!(o, entente_orders::Order::Convoy { .. }))
        .count();
    let t = per_call(1.0, || legal.movement(&pos, &mut buf));
    println!(
        "dense: {} units, {} orders ({} convoys), {:.1} µs",
        buf.groups().len(),
        buf.len(),
        convoys,
        t * 1e6
    );
}
