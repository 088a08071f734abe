//! The club's variants (issue 19) as whole hosted games, each played by random orders to its
//! end. The Great War (the rulebook's two-player First World War game, `greatwar.toml`) is
//! created with setup 2: its sides, the coin toss before the Fall 1914 adjustments, Italy
//! joining in Spring 1915. Versailles (`versailles.toml`) is won with 22 centres. The
//! judge-level rules of each are in `cases/variants/<name>.scn`. Escalation
//! (`escalation.toml`) is placed at random on the empty board, home centres nominated at
//! random after Fall 1901, and played on. Imperial (`imperial.toml`, 384 locations) is
//! played from 1861 to its end.

use entente_game::{EndOfGame, Game, Phase, PhaseKind, Season, Setup};
use entente_host::{Assignment, GameOptions, Player, Session, SessionConfig};
use entente_judge::{Edition, Position, Rulebook, Unit};
use entente_map::{Map, PowerId, ProvinceId, UnitType};
use entente_orders::parse_order;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use std::sync::Arc;

/// A game of a built-in variant, every power its own player (setup 7).
fn one_power_each(variant: &str, seed: u64, end_year: Option<i32>) -> Session {
    let variant = entente_map::Variant::builtin(variant).expect("built in");
    let players = variant
        .map
        .powers()
        .iter()
        .map(|p| Player {
            name: format!("{} player", p.name),
            powers: vec![variant.map.lookup_power(&p.name).unwrap()],
        })
        .collect();
    Session::new(SessionConfig {
        variant,
        rules: Rulebook::default(),
        setup: Setup::Seven,
        players,
        first_year: None,
        options: GameOptions {
            end_year,
            ..GameOptions::default()
        },
        seed,
        assignment: Assignment::Given,
    })
    .expect("a game")
}

fn great_war(edition: Edition, seed: u64, end_year: Option<i32>) -> Session {
    let variant = entente_map::Variant::builtin("greatwar").expect("greatwar is built in");
    let players = Setup::Two
        .seats(&variant.map)
        .unwrap()
        .into_iter()
        .enumerate()
        .map(|(i, powers)| Player {
            name: ["Entente", "Central Powers"][i].to_string(),
            powers,
        })
        .collect();
    Session::new(SessionConfig {
        variant,
        rules: Rulebook::edition(edition),
        setup: Setup::Two,
        players,
        first_year: None,
        options: GameOptions {
            end_year,
            ..GameOptions::default()
        },
        seed,
        assignment: Assignment::Given,
    })
    .expect("a Great War game")
}

fn power(map: &Map, name: &str) -> PowerId {
    map.lookup_power(name).unwrap()
}

/// A random sheet for `p` this phase, as text: each unit holds or moves to a random
/// neighbour (movement), retreats somewhere it may or disbands (retreats), and builds go
/// to vacant owned home centres or units are removed (adjustments). Moves into closed
/// provinces are not written; an order the judge refuses is its business.
fn random_sheet(s: &Session, p: PowerId, rng: &mut ChaCha8Rng) -> String {
    let g = s.game();
    let map = s.map();
    let pos = g.position();
    let closed = *g.impassable();
    let open = |q: ProvinceId| !closed.contains(q.0);
    let mut lines = Vec::new();
    match g.phase().kind {
        PhaseKind::Movement => {
            for u in pos.units_of(p) {
                let here = map.province_of(u.loc);
                let dests: Vec<String> = match u.ty {
                    UnitType::Army => map
                        .army_neighbours(here)
                        .iter()
                        .map(ProvinceId)
                        .filter(|&q| open(q))
                        .map(|q| map.province(q).abbr.clone())
                        .collect(),
                    UnitType::Fleet => map
                        .fleet_reach(u.loc)
                        .iter()
                        .map(entente_map::Loc)
                        .filter(|&l| open(map.province_of(l)))
                        .map(|l| map.loc_abbr(l))
                        .collect(),
                };
                let from = map.loc_abbr(u.loc);
                if dests.is_empty() || rng.random_range(0..4) == 0 {
                    lines.push(format!("{} {from} H", u.ty.letter()));
                } else {
                    let to = &dests[rng.random_range(0..dests.len())];
                    lines.push(format!("{} {from} - {to}", u.ty.letter()));
                }
            }
        }
        PhaseKind::Retreat => {
            for (_, d) in pos.dislodged().filter(|(_, d)| d.unit.power == p) {
                let from = map.loc_abbr(d.unit.loc);
                let options: Vec<_> = d.retreats.iter().collect();
                if options.is_empty() || rng.random_range(0..5) == 0 {
                    lines.push(format!("{} {from} disband", d.unit.ty.letter()));
                } else {
                    let to = map.loc_abbr(entente_map::Loc(
                        options[rng.random_range(0..options.len())],
                    ));
                    lines.push(format!("{} {from} - {to}", d.unit.ty.letter()));
                }
            }
        }
        PhaseKind::Adjustment => {
            let due = pos.centre_count(map, p) as i64 - pos.unit_count(p) as i64;
            if due > 0 {
                let mut free: Vec<ProvinceId> = map
                    .power(p)
                    .home_centres
                    .iter()
                    .copied()
                    .filter(|&c| pos.owner(c) == Some(p) && pos.unit_at(c).is_none())
                    .collect();
                for _ in 0..due {
                    if free.is_empty() {
                        break;
                    }
                    let c = free.swap_remove(rng.random_range(0..free.len()));
                    let abbr = &map.province(c).abbr;
                    let coasts = &map.province(c).coasts;
                    let fleet = rng.random_range(0..2) == 0 && map.is_land_or_coast(c);
                    if fleet && !map.province_fleet_reach(c).is_empty() {
                        match coasts.first() {
                            Some(&l) => lines.push(format!("Build F {}", map.loc_abbr(l))),
                            None => lines.push(format!("Build F {abbr}")),
                        }
                    } else {
                        lines.push(format!("Build A {abbr}"));
                    }
                }
            } else if due < 0 {
                let mut units: Vec<_> = pos.units_of(p).collect();
                for _ in 0..(-due) {
                    let u = units.swap_remove(rng.random_range(0..units.len()));
                    lines.push(format!("Remove {} {}", u.ty.letter(), map.loc_abbr(u.loc)));
                }
            }
        }
    }
    lines.join("\n")
}

/// Plays the session to its end with random sheets; returns the phases adjudicated.
fn play_to_the_end(s: &mut Session, seed: u64) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut phases = 0;
    while !s.game().is_over() {
        if s.game().nominating() {
            nominate_at_random(s, &mut rng);
            continue;
        }
        let powers: Vec<PowerId> = (s.game().powers_with_decisions().into_iter())
            .filter(|&p| s.game().gives_orders(p))
            .collect();
        for p in powers {
            let sheet = random_sheet(s, p, &mut rng);
            s.submit(p, &sheet).expect("a sheet is received");
        }
        phases += s.adjudicate().expect("the phase is adjudicated");
        assert!(phases < 2000, "the game does not end");
    }
    phases
}

#[test]
fn the_great_war_starts_in_1914_with_two_sides_and_italy_neutral() {
    let s = great_war(Edition::E2000, 7, None);
    let map = s.map();
    assert_eq!(map.name, "Great War");
    assert_eq!(s.game().phase().year, 1914);
    assert_eq!(s.game().phase().season, Season::Spring);
    assert_eq!(s.players().len(), 2);
    let italy = power(map, "Italy");
    assert!(s.game().is_neutral(italy));
    assert!(s.player_of(italy).is_none(), "no player has Italy yet");
    let closed: Vec<String> = s
        .game()
        .impassable()
        .iter()
        .map(|l| map.province(ProvinceId(l)).abbr.clone())
        .collect();
    assert_eq!(closed, ["apu", "nap", "pie", "rom", "tus", "ven"]);
    let v = s.game().side_victory().expect("a side victory");
    assert_eq!(v.count, 24);
    assert!(!v.by_units, "2000 rules: 24 centres");
    assert!(
        great_war(Edition::E1982, 7, None)
            .game()
            .side_victory()
            .unwrap()
            .by_units
    );
}

#[test]
fn italy_joins_the_winner_of_the_coin_toss_in_spring_1915() {
    let mut s = great_war(Edition::E2000, 3, None);
    let italy = power(s.map(), "Italy");
    // Spring and Fall 1914: everyone holds (no sheets); the toss comes before the Fall
    // 1914 adjustments, Italy joins in Spring 1915.
    while s.game().phase().year == 1914 {
        assert!(s.coin_toss().is_none() || s.game().phase().kind == PhaseKind::Adjustment);
        s.adjudicate().unwrap();
    }
    let toss = s.coin_toss().expect("the coin was tossed");
    assert_eq!(toss.power, italy);
    assert_eq!(s.game().phase().season, Season::Spring);
    assert_eq!(s.game().phase().year, 1915);
    assert!(!s.game().is_neutral(italy));
    assert!(s.game().impassable().is_empty(), "Italy is open");
    let player = s.player_of(italy).expect("Italy has a player");
    assert_eq!(player.name, s.players()[toss.winner].name);
    assert_eq!(player.powers.len(), 4, "three powers and Italy");
    assert_eq!(s.game().sides()[toss.winner].len(), 4);
    // Italy's units move in Spring 1915.
    s.submit(italy, "F Nap - Ion\nA Ven - Pie").unwrap();
    s.adjudicate().unwrap();
    let ion = s.map().lookup_province("ion").unwrap();
    assert_eq!(
        s.game().position().unit_at(ion).map(|u| u.power),
        Some(italy)
    );
}

#[test]
fn a_random_great_war_game_is_played_to_its_end() {
    for seed in [1, 2] {
        let mut s = great_war(Edition::E2000, seed, Some(1930));
        let phases = play_to_the_end(&mut s, seed);
        assert!(phases > 10, "seed {seed}: {phases} phases");
        assert!(s.coin_toss().is_some(), "seed {seed}: the coin was tossed");
        match s.game().end().expect("the game is over") {
            EndOfGame::Side(powers) => {
                let centres: usize = powers
                    .iter()
                    .map(|&p| s.game().position().centre_count(s.map(), p))
                    .sum();
                assert!(centres >= 24, "seed {seed}: a side wins with {centres}");
            }
            EndOfGame::ShortGame { standings, .. } => {
                assert!(s.game().phase().year > 1930, "seed {seed}");
                assert!(!standings.is_empty());
            }
            other => panic!("seed {seed}: unexpected end {other:?}"),
        }
        eprintln!("seed {seed}: {phases} phases, {}", s.end_text().unwrap());
        assert!(s.end_text().is_some());
    }
}

#[test]
fn versailles_starts_in_1929_with_seven_powers_of_four_or_five_home_centres() {
    let s = one_power_each("versailles", 1, None);
    let map = s.map();
    assert_eq!(map.name, "Versailles");
    assert_eq!(s.game().phase().year, 1929);
    assert_eq!(map.num_centres(), 43);
    assert_eq!(s.game().victory_centres(), 22);
    for p in map.powers() {
        let minor_included = if p.name == "USSR" { 5 } else { 4 };
        assert_eq!(p.home_centres.len(), minor_included, "{}", p.name);
        assert_eq!(p.start_units.len(), minor_included, "{}", p.name);
    }
}

#[test]
fn versailles_is_won_with_22_centres_after_a_fall() {
    let map = Arc::new(entente_map::builtin_variant("versailles").unwrap());
    let britain = map.lookup_power("Britain").unwrap();
    let bel = map.lookup_province("bel").unwrap();
    let mut pos = Position::empty(&map);
    let mut owned = 0;
    for c in map.centres().iter().map(ProvinceId) {
        if c != bel && owned < 21 {
            pos.set_owner(c, Some(britain));
            owned += 1;
        }
    }
    let pic = map.lookup_province("pic").unwrap();
    pos.place(
        &map,
        Unit {
            power: britain,
            ty: UnitType::Army,
            loc: pic.loc(),
        },
    );
    let fall = Phase::new(Season::Fall, 1930, PhaseKind::Movement);
    for (order, won) in [("A Pic H", false), ("A Pic - Bel", true)] {
        let mut g = Game::from_position(map.clone(), Rulebook::default(), fall, pos.clone());
        g.process(&[(britain, parse_order(&map, order).unwrap())]);
        let centres = g.position().centre_count(&map, britain);
        assert_eq!(centres, if won { 22 } else { 21 }, "{order}");
        assert_eq!(
            g.end(),
            won.then_some(&EndOfGame::Victory(britain)),
            "{order}: {centres} centres"
        );
    }
}

#[test]
fn a_random_versailles_game_is_played_to_its_end() {
    for seed in [1, 2] {
        let mut s = one_power_each("versailles", seed, Some(1960));
        let phases = play_to_the_end(&mut s, seed);
        assert!(phases > 10, "seed {seed}: {phases} phases");
        eprintln!("seed {seed}: {phases} phases, {}", s.end_text().unwrap());
        match s.game().end().expect("the game is over") {
            EndOfGame::Victory(w) => {
                assert!(s.game().position().centre_count(s.map(), *w) >= 22)
            }
            EndOfGame::ShortGame { .. } => assert!(s.game().phase().year > 1960),
            other => panic!("seed {seed}: unexpected end {other:?}"),
        }
    }
}

#[test]
fn imperial_starts_in_1861_with_thirteen_powers() {
    let s = one_power_each("imperial", 1, None);
    let map = s.map();
    assert_eq!(map.name, "Imperial");
    assert_eq!(s.game().phase().year, 1861);
    assert_eq!(map.powers().len(), 13);
    assert_eq!(map.num_locs(), 384);
    assert_eq!(s.game().victory_centres(), 84);
}

#[test]
fn a_random_imperial_game_is_played_to_its_end() {
    // 346 spaces and 384 locations: ids over 255 in every phase of a whole game.
    let seed = 1;
    let mut s = one_power_each("imperial", seed, Some(1890));
    let phases = play_to_the_end(&mut s, seed);
    assert!(phases > 10, "seed {seed}: {phases} phases");
    eprintln!("seed {seed}: {phases} phases, {}", s.end_text().unwrap());
    match s.game().end().expect("the game is over") {
        EndOfGame::Victory(w) => assert!(s.game().position().centre_count(s.map(), *w) >= 84),
        EndOfGame::ShortGame { .. } => assert!(s.game().phase().year > 1890),
        other => panic!("seed {seed}: unexpected end {other:?}"),
    }
}

/// Escalation's placement, each unit on a random empty space where it may stand.
fn place_at_random(s: &mut Session, rng: &mut ChaCha8Rng) {
    while let Some(p) = s.game().to_place() {
        let map = s.map();
        let pos = s.game().position();
        let mut choices: Vec<String> = Vec::new();
        for q in map.province_ids().filter(|&q| pos.unit_at(q).is_none()) {
            let abbr = &map.province(q).abbr;
            if map.is_land_or_coast(q) {
                choices.push(format!("A {abbr}"));
            }
            if !map.province(q).coasts.is_empty() {
                for &l in &map.province(q).coasts {
                    choices.push(format!("F {}", map.loc_abbr(l)));
                }
            } else if map.can_occupy(UnitType::Fleet, entente_map::Loc(q.0)) {
                choices.push(format!("F {abbr}"));
            }
        }
        let unit = choices[rng.random_range(0..choices.len())].clone();
        s.place(p, &format!("Place {unit}"))
            .unwrap_or_else(|e| panic!("{unit}: {e}"));
    }
}

/// Escalation's nominations: three random supply centres each, owned or not.
fn nominate_at_random(s: &mut Session, rng: &mut ChaCha8Rng) {
    for p in s.game().awaited_nominations() {
        if !s.game().gives_orders(p) {
            continue;
        }
        let map = s.map();
        let mut centres: Vec<String> = map
            .province_ids()
            .filter(|&q| map.is_centre(q))
            .map(|q| map.province(q).abbr.clone())
            .collect();
        let mut homes = Vec::new();
        for _ in 0..3 {
            homes.push(centres.swap_remove(rng.random_range(0..centres.len())));
        }
        s.nominate(p, &format!("Home {}", homes.join(", ")))
            .expect("a nomination");
    }
    if s.game().nominating() {
        // Every nominator left is silent: its owned centres are its homes.
        s.adjudicate().expect("the nominations close");
    }
}

#[test]
fn an_escalation_game_starts_on_an_empty_board_with_the_table_s_units() {
    for (n, units) in [(2, 12), (3, 8), (4, 6), (5, 5), (6, 4), (7, 3)] {
        let mut s = escalation_game(n, 1, None);
        let e = s.game().escalation().expect("an Escalation game");
        assert_eq!(e.units_each, units, "{n} players");
        assert_eq!(e.order.len(), n);
        assert_eq!(s.game().position().units().count(), 0);
        let silent: Vec<PowerId> = s
            .map()
            .power_ids()
            .filter(|&p| s.game().is_neutral(p))
            .collect();
        assert_eq!(
            silent.len(),
            7 - n,
            "the powers no player takes are neutral"
        );
        // Nothing is adjudicated, no sheet received, while the units are placed.
        let first = e.order[0];
        assert!(s.adjudicate().is_err());
        let e = s.submit(first, "A Par H").unwrap_err();
        assert!(e.message.contains("being placed"), "{e}");
        place_at_random(&mut s, &mut ChaCha8Rng::seed_from_u64(n as u64));
        assert_eq!(
            s.game().position().units().count(),
            n * units as usize,
            "{n} players"
        );
        assert_eq!(
            s.game().phase(),
            Phase::new(Season::Spring, 1901, PhaseKind::Movement)
        );
    }
}

/// An Escalation game of `n` players, the first `n` powers, in the map's order.
fn escalation_game(n: usize, seed: u64, end_year: Option<i32>) -> Session {
    let variant = entente_map::Variant::builtin("escalation").expect("built in");
    let players = variant
        .map
        .power_ids()
        .take(n)
        .map(|p| Player {
            name: format!("{} player", variant.map.power(p).name),
            powers: vec![p],
        })
        .collect();
    Session::new(SessionConfig {
        variant,
        rules: Rulebook::default(),
        setup: Setup::Seven,
        players,
        first_year: None,
        options: GameOptions {
            end_year,
            ..GameOptions::default()
        },
        seed,
        assignment: Assignment::Given,
    })
    .expect("an Escalation game")
}

#[test]
fn a_random_escalation_game_is_played_to_its_end() {
    for (n, seed) in [(3, 1), (7, 2)] {
        let mut s = escalation_game(n, seed, Some(1950));
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        place_at_random(&mut s, &mut rng);
        let phases = play_to_the_end(&mut s, seed);
        let e = s.game().escalation().unwrap();
        assert!(e.nominated, "seed {seed}: the nominations were made");
        for (p, homes) in &e.nominations {
            assert_eq!(&s.map().power(*p).home_centres, homes);
        }
        assert!(phases > 4, "seed {seed}: {phases} phases");
        eprintln!(
            "{n} players, seed {seed}: {phases} phases, {}",
            s.end_text().unwrap()
        );
        match s.game().end().expect("the game is over") {
            EndOfGame::Victory(w) => {
                assert!(s.game().position().centre_count(s.map(), *w) >= 18)
            }
            EndOfGame::ShortGame { .. } => assert!(s.game().phase().year > 1950),
            other => panic!("seed {seed}: unexpected end {other:?}"),
        }
    }
}
