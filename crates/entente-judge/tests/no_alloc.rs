//! `Judge::movement_into` allocates nothing once warmed up (the judge's hot path). Counted
//! per thread by a counting global allocator. Positions of random games are checked in
//! `entente-bench/tests/no_alloc.rs`.

use entente_judge::{Judge, MovementResult, Position, Rulebook, Unit};
use entente_map::{Map, PowerId, UnitType};
use entente_orders::{parse_order, Order};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static COUNT: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = COUNT.try_with(|c| c.set(c.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = COUNT.try_with(|c| c.set(c.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static A: Counting = Counting;

fn allocations() -> u64 {
    COUNT.with(|c| c.get())
}

fn orders(map: &Map, list: &[(&str, &str)]) -> Vec<(PowerId, Order)> {
    list.iter()
        .map(|(p, o)| (map.lookup_power(p).unwrap(), parse_order(map, o).unwrap()))
        .collect()
}

/// Warm once, then count the allocations of 100 more adjudications.
fn allocations_when_warm(map: &Map, pos: &Position, orders: &[(PowerId, Order)]) -> u64 {
    let rules = Rulebook::default_game();
    let mut judge = Judge::new();
    let mut out = MovementResult::default();
    judge.movement_into(map, &rules, pos, orders, &mut out);
    let before = allocations();
    for _ in 0..100 {
        judge.movement_into(map, &rules, pos, orders, &mut out);
    }
    allocations() - before
}

#[test]
fn opening_allocates_nothing_once_warm() {
    let map = Map::standard();
    let pos = Position::start(&map);
    let o = orders(
        &map,
        &[
            ("Austria", "A Vie - Tri"),
            ("Austria", "A Bud - Gal"),
            ("Austria", "F Tri - Alb"),
            ("England", "A Lvp - Yor"),
            ("England", "F Lon - Nth"),
            ("England", "F Edi - Nwg"),
            ("France", "A Par - Bur"),
            ("France", "A Mar - Spa"),
            ("France", "F Bre - Pic"),
            ("Germany", "A Ber - Kie"),
            ("Germany", "A Mun - Ruh"),
            ("Germany", "F Kie - Den"),
            ("Italy", "A Ven - Pie"),
            ("Italy", "A Rom - Ven"),
            ("Italy", "F Nap - Ion"),
            ("Russia", "A Mos - Ukr"),
            ("Russia", "A War - Gal"),
            ("Russia", "F StP - Bot"),
            ("Russia", "F Sev - Bla"),
            ("Turkey", "A Con - Bul"),
            ("Turkey", "A Smy - Con"),
            ("Turkey", "F Ank - Bla"),
        ],
    );
    assert_eq!(allocations_when_warm(&map, &pos, &o), 0);
}

#[test]
fn supports_and_dislodgement_allocate_nothing_once_warm() {
    let map = Map::standard();
    let pos = Position::start(&map);
    // Bur is taken with support, Mun's unit is dislodged and gets retreat options.
    let o = orders(
        &map,
        &[
            ("France", "A Par - Bur"),
            ("France", "A Mar S A Par - Bur"),
            ("Germany", "A Mun - Bur"),
            ("Germany", "A Ber S A Mun - Bur"),
            ("Germany", "F Kie H"),
            ("Austria", "A Vie - Tyr"),
            ("Italy", "A Ven - Tyr"),
        ],
    );
    assert_eq!(allocations_when_warm(&map, &pos, &o), 0);
}

#[test]
fn convoy_orders_allocate_nothing_once_warm() {
    let map = Map::standard();
    let mut pos = Position::empty(&map);
    let place = |pos: &mut Position, power: &str, ty: UnitType, at: &str| {
        pos.place(
            &map,
            Unit {
                power: map.lookup_power(power).unwrap(),
                ty,
                loc: map.lookup_province(at).unwrap().loc(),
            },
        )
    };
    place(&mut pos, "England", UnitType::Army, "lon");
    place(&mut pos, "England", UnitType::Fleet, "nth");
    place(&mut pos, "England", UnitType::Fleet, "eng");
    let o = orders(
        &map,
        &[
            ("England", "A Lon - Nwy"),
            ("England", "F Nth C A Lon - Nwy"),
            ("England", "F Eng H"),
        ],
    );
    assert_eq!(allocations_when_warm(&map, &pos, &o), 0);
}
