#!/usr/bin/env python3
"""entente against the Python `diplomacy` package (PyPI), on the same random games.

Each game is played by both engines with the same orders: in every phase each power picks
uniformly, for each of its orderable locations, one of the possible orders there (from the
sorted list, with one seeded generator per game). entente runs with the package's rules
(`rules="package"`) and lists the same possible orders, so both engines play the very same
game until one of the package's known deviations (docs/game-record.md) parts them; the
games are then no longer the same but stay equally long (same phase count).

Timed per engine, summed over the games: `get_all_possible_orders` +
`get_orderable_locations`, `set_orders`, `process` (the choice itself is not timed). Then
entente alone: choosing in Rust (`random_orders`) and games in parallel threads.

Usage: bench_vs_diplomacy.py [--games 20] [--phases 40] [--seed 1] [--threads 4]
Prints phases per second of each engine and the ratio.
"""
import argparse
import random
import threading
import time

import diplomacy

import entente


def play(game, seed, phases, timing):
    """`phases` phases (or to the end) of random orders; returns the units at the end."""
    rng = random.Random(seed)
    clock = time.perf_counter
    n = 0
    while n < phases and not game.is_game_done:
        t0 = clock()
        possible = game.get_all_possible_orders()
        orderable = game.get_orderable_locations()
        t1 = clock()
        chosen = {
            power: [rng.choice(sorted(possible[loc])) for loc in locs if possible[loc]]
            for power, locs in orderable.items()
        }
        t2 = clock()
        for power, orders in chosen.items():
            game.set_orders(power, orders)
        t3 = clock()
        game.process()
        t4 = clock()
        timing["possible"] += t1 - t0
        timing["set"] += t3 - t2
        timing["process"] += t4 - t3
        n += 1
    timing["phases"] += n
    return {p: sorted(u) for p, u in game.get_units().items()}


def engine_only(seed, phases):
    """entente choosing in Rust: the engine's own speed."""
    g = entente.Game(seed=seed)
    n = 0
    while n < phases and not g.is_game_done:
        for power, orders in g.random_orders().items():
            g.set_orders(power, orders)
        g.process()
        n += 1
    return n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--phases", type=int, default=40, help="phases per game (40: ~1910)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=4)
    args = ap.parse_args()
    seeds = range(args.seed, args.seed + args.games)

    engines = {
        "diplomacy": lambda: diplomacy.Game(),
        "entente": lambda: entente.Game(rules="package"),
    }
    timings = {}
    ends = {}
    for name, make in engines.items():
        t = {"possible": 0.0, "set": 0.0, "process": 0.0, "phases": 0}
        ends[name] = [play(make(), s, args.phases, t) for s in seeds]
        timings[name] = t
    same = sum(a == b for a, b in zip(ends["diplomacy"], ends["entente"]))

    print(f"{args.games} random games of {args.phases} phases, the same orders for both "
          f"engines ({same} of {args.games} games identical to the end)")
    print(f"{'engine':<10} {'phases':>6} {'possible':>10} {'set_orders':>10} "
          f"{'process':>10} {'total':>10} {'phases/s':>10}")
    rate = {}
    proc_rate = {}
    for name, t in timings.items():
        total = t["possible"] + t["set"] + t["process"]
        rate[name] = t["phases"] / total
        proc_rate[name] = t["phases"] / t["process"]
        print(f"{name:<10} {t['phases']:>6} {t['possible']:>9.3f}s {t['set']:>9.3f}s "
              f"{t['process']:>9.3f}s {total:>9.3f}s {rate[name]:>10.0f}")
    print(f"ratio entente/diplomacy: {rate['entente'] / rate['diplomacy']:.1f}x phases/s "
          f"(process alone: {proc_rate['entente'] / proc_rate['diplomacy']:.1f}x)")

    # entente alone: orders chosen in Rust, one thread, then games in parallel threads.
    t0 = time.perf_counter()
    n = sum(engine_only(s, args.phases) for s in seeds)
    one = n / (time.perf_counter() - t0)
    print(f"entente, orders chosen in Rust (random_orders): {one:.0f} phases/s, "
          f"{one / rate['diplomacy']:.0f}x the package's loop")
    counts = []

    def worker(my_seeds):
        counts.append(sum(engine_only(s, args.phases) for s in my_seeds))

    many = list(range(args.seed, args.seed + args.games * args.threads))
    threads = [threading.Thread(target=worker, args=(many[i::args.threads],))
               for i in range(args.threads)]
    t0 = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    par = sum(counts) / (time.perf_counter() - t0)
    print(f"entente, {args.threads} threads: {par:.0f} phases/s ({par / one:.2f}x one thread; "
          f"the GIL is released only while adjudicating)")


if __name__ == "__main__":
    main()
