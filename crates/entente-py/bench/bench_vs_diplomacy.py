#!/usr/bin/env python3
"""entente against the Python `diplomacy` package (PyPI), on the same random games.

Each game is played by both engines with the same orders: in every phase each power picks
uniformly, for each of its orderable locations, one of the possible orders there (from the
sorted list, with one seeded generator per game). entente runs with the package's rules
(`rules="package"`) and lists the same possible orders, so both engines play the very same
game until one of the package's known deviations (docs/game-record.md) parts them; the
games are then no longer the same but stay equally long (same phase count).

Timed per engine, summed over the games: `get_all_possible_orders` +
`get_orderable_locations`, `set_orders`, `process`, and the choice in Python: the engine's
calls alone (`engine phases/s`) and the whole random-bot loop (`loop phases/s`, what a bot
written for the package runs). The sort in that choice is there only so that both engines
play the same games (they list a location's orders in different orders); a second table
times the random bot as written for the package (`random.choice(possible[loc])`, no sort,
as the package's own random bots choose), both engines again on the same seeds (their games
then differ, equally long). Then entente alone: choosing in Rust (`random_orders`),
games in parallel threads, and `entente.Batch` (many games stepped in Rust over every core,
orders as ids: `random_legal_orders` then `step`, finished games `reset`), with the
package's loop figure of the same run beside it.

entente's single-game loops take a few dozen milliseconds where the package's take seconds,
so a pause of the machine weighs on them alone: each is run `--repeat` times over the same
games (the package's once) and its median is the figure, with the slowest and fastest runs
beside it.

Usage: bench_vs_diplomacy.py [--games 20] [--phases 40] [--seed 1] [--threads 4]
                             [--repeat 7] [--batch-games 512] [--batch-seconds 5]
                             [--batch-end-year 1920]
Prints phases per second of each engine and the ratios; the load average before and after
(the figures are only as good as the machine is quiet).
"""
import argparse
import os
import random
import threading
import time

# numpy's OpenBLAS starts a thread per core that competes with entente.Batch's workers;
# nothing here multiplies matrices.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import diplomacy

import entente


def play(game, seed, phases, timing, sort=True):
    """`phases` phases (or to the end) of random orders; returns the units at the end.
    `sort`: each location's orders sorted before the choice (the same games in both
    engines); without, chosen from the list as given (a random bot as written)."""
    rng = random.Random(seed)
    clock = time.perf_counter
    n = 0
    while n < phases and not game.is_game_done:
        t0 = clock()
        possible = game.get_all_possible_orders()
        orderable = game.get_orderable_locations()
        t1 = clock()
        if sort:
            chosen = {
                power: [rng.choice(sorted(possible[loc])) for loc in locs if possible[loc]]
                for power, locs in orderable.items()
            }
        else:
            chosen = {
                power: [rng.choice(possible[loc]) for loc in locs if possible[loc]]
                for power, locs in orderable.items()
            }
        t2 = clock()
        timing["choice"] += t2 - t1
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
    ap.add_argument("--repeat", type=int, default=7,
                    help="runs of each entente single-game loop (median reported)")
    ap.add_argument("--batch-games", type=int, default=512)
    ap.add_argument("--batch-seconds", type=float, default=5.0)
    ap.add_argument("--batch-end-year", type=int, default=1920)
    args = ap.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}, "
          f"{os.cpu_count()} cores")
    seeds = range(args.seed, args.seed + args.games)

    engines = {
        "diplomacy": lambda: diplomacy.Game(),
        "entente": lambda: entente.Game(rules="package"),
    }
    # Warm-up: each package's tables of the map, built once per process (entente's order
    # vocabulary and its strings), are not counted in the phases.
    for make in engines.values():
        make().get_all_possible_orders()
    def runs(name, sort):
        """The engine's loop over the games, `--repeat` times for entente: the median run
        (by the whole loop's time) with its ends, and every run's loop phases/s."""
        done = []
        for _ in range(1 if name == "diplomacy" else args.repeat):
            t = {"possible": 0.0, "choice": 0.0, "set": 0.0, "process": 0.0, "phases": 0}
            cpu0, wall0 = time.process_time(), time.perf_counter()
            end = [play(engines[name](), s, args.phases, t, sort=sort) for s in seeds]
            t["busy"] = (time.process_time() - cpu0) / (time.perf_counter() - wall0)
            total = t["possible"] + t["set"] + t["process"] + t["choice"]
            done.append((total, t, end))
        done.sort(key=lambda r: r[0])
        _, t, end = done[len(done) // 2]
        t["rates"] = sorted(r[1]["phases"] / r[0] for r in done)
        return t, end

    def spread(t):
        r = t["rates"]
        return f" (runs: {r[0]:.0f}-{r[-1]:.0f}, {len(r)})" if len(r) > 1 else ""

    timings = {}
    ends = {}
    for name in engines:
        timings[name], ends[name] = runs(name, True)
    same = sum(a == b for a, b in zip(ends["diplomacy"], ends["entente"]))

    print(f"{args.games} random games of {args.phases} phases, the same orders for both "
          f"engines ({same} of {args.games} games identical to the end)")
    print(f"{'engine':<10} {'phases':>6} {'possible':>10} {'set_orders':>10} "
          f"{'process':>10} {'total':>10} {'engine phases/s':>16} {'choice':>8} "
          f"{'loop phases/s':>14}")
    rate = {}
    loop_rate = {}
    proc_rate = {}
    for name, t in timings.items():
        total = t["possible"] + t["set"] + t["process"]
        rate[name] = t["phases"] / total
        loop_rate[name] = t["phases"] / (total + t["choice"])
        proc_rate[name] = t["phases"] / t["process"]
        print(f"{name:<10} {t['phases']:>6} {t['possible']:>9.3f}s {t['set']:>9.3f}s "
              f"{t['process']:>9.3f}s {total:>9.3f}s {rate[name]:>16.0f} "
              f"{t['choice']:>7.3f}s {loop_rate[name]:>14.0f}{spread(t)}")
    print("share of a core each loop got (CPU time / wall time): "
          + ", ".join(f"{name} {t['busy']:.2f}" for name, t in timings.items()))
    print(f"ratio entente/diplomacy: {rate['entente'] / rate['diplomacy']:.1f}x engine "
          f"phases/s, {loop_rate['entente'] / loop_rate['diplomacy']:.1f}x the whole loop "
          f"(process alone: {proc_rate['entente'] / proc_rate['diplomacy']:.1f}x)")

    # The random bot as written for the package: the same loop without the sort.
    bot = {name: runs(name, False)[0] for name in engines}
    print(f"a random bot as written for the package (random.choice(possible[loc]), no sort; "
          f"the same seeds, the games differ between the engines):")
    print(f"{'engine':<10} {'phases':>6} {'possible':>10} {'set_orders':>10} "
          f"{'process':>10} {'choice':>10} {'loop phases/s':>14}")
    bot_rate = {}
    for name, t in bot.items():
        total = t["possible"] + t["set"] + t["process"] + t["choice"]
        bot_rate[name] = t["phases"] / total
        print(f"{name:<10} {t['phases']:>6} {t['possible']:>9.3f}s {t['set']:>9.3f}s "
              f"{t['process']:>9.3f}s {t['choice']:>9.3f}s {bot_rate[name]:>14.0f}"
              f"{spread(t)}")
    print(f"ratio entente/diplomacy, the random bot's loop: "
          f"{bot_rate['entente'] / bot_rate['diplomacy']:.1f}x")

    # entente alone: orders chosen in Rust, one thread, then games in parallel threads.
    ones = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        n = sum(engine_only(s, args.phases) for s in seeds)
        ones.append(n / (time.perf_counter() - t0))
    ones.sort()
    one = ones[len(ones) // 2]
    print(f"entente, orders chosen in Rust (random_orders): {one:.0f} phases/s "
          f"(runs: {ones[0]:.0f}-{ones[-1]:.0f}, {len(ones)}), "
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

    # entente.Batch: games stepped in Rust over every core, orders as ids.
    try:
        import numpy  # noqa: F401  (entente.Batch needs it)
    except ImportError:
        print("entente.Batch: skipped (pip install numpy)")
        return
    batch = entente.Batch(args.batch_games, seed=args.seed, end_year=args.batch_end_year)
    for _ in range(3):
        batch.step(batch.random_legal_orders())
        batch.reset()
    start, cpu0, t0 = batch.phases_played, time.process_time(), time.perf_counter()
    while time.perf_counter() - t0 < args.batch_seconds:
        batch.step(batch.random_legal_orders())
        batch.reset()
    wall = time.perf_counter() - t0
    batched = (batch.phases_played - start) / wall
    print(f"entente.Batch, {args.batch_games} games (random_legal_orders + step + reset, "
          f"games to {args.batch_end_year}), {os.cpu_count()} cores: {batched:.0f} phases/s "
          f"(cores busy: {(time.process_time() - cpu0) / wall:.2f}); the diplomacy package's "
          f"loop in this run: {loop_rate['diplomacy']:.0f} phases/s, "
          f"{batched / loop_rate['diplomacy']:.0f}x")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
