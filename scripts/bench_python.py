#!/usr/bin/env python3
"""The Python `diplomacy` package on the same work as `entente bench`, and the side-by-side
table with ratios. Run through scripts/bench.sh, which creates the virtual environment,
installs the package and passes entente's JSON report (`--entente FILE`).

(a) one Spring 1901 movement adjudication of the rulebook's opening (the same 22 orders):
    set_orders + process on a fresh Game (the package always parses order text);
(b) random games, 1901 until a victory or 1950, every power picking uniformly among
    get_all_possible_orders() for each of its orderable locations (adjustments: as many
    builds or removals as due, in different locations): phases/s and games/s on one core;
(c) peak memory: ru_maxrss of this process, and the Python heap's peak (tracemalloc) over
    one random game;
(d) get_all_possible_orders(): in Spring 1901, and averaged over the random games' phases.

Times are CPU time of this thread (time.thread_time), as entente's are, so that other load
on the machine does not count.
"""

import argparse
import json
import platform
import random
import resource
import statistics
import sys
import time
import tracemalloc

from diplomacy import Game

OPENING = [
    ("AUSTRIA", "A VIE - TRI"), ("AUSTRIA", "A BUD - GAL"), ("AUSTRIA", "F TRI - ALB"),
    ("ENGLAND", "A LVP - YOR"), ("ENGLAND", "F LON - NTH"), ("ENGLAND", "F EDI - NWG"),
    ("FRANCE", "A PAR - BUR"), ("FRANCE", "A MAR - SPA"), ("FRANCE", "F BRE - PIC"),
    ("GERMANY", "A BER - KIE"), ("GERMANY", "A MUN - RUH"), ("GERMANY", "F KIE - DEN"),
    ("ITALY", "A VEN - PIE"), ("ITALY", "A ROM - VEN"), ("ITALY", "F NAP - ION"),
    ("RUSSIA", "A MOS - UKR"), ("RUSSIA", "A WAR - GAL"), ("RUSSIA", "F STP/SC - BOT"),
    ("RUSSIA", "F SEV - BLA"),
    ("TURKEY", "A CON - BUL"), ("TURKEY", "A SMY - CON"), ("TURKEY", "F ANK - BLA"),
]
END_YEAR = 1950

clock = time.thread_time  # --wall-clock switches to time.perf_counter


def opening(rounds, per_round):
    """Median over rounds of the mean CPU seconds of set_orders + process."""
    by_power = {}
    for power, order in OPENING:
        by_power.setdefault(power, []).append(order)
    means = []
    for _ in range(rounds):
        games = [Game() for _ in range(per_round)]
        t = clock()
        for g in games:
            for power, orders in by_power.items():
                g.set_orders(power, orders)
            g.process()
        means.append((clock() - t) / per_round)
    g = Game()
    for power, orders in by_power.items():
        g.set_orders(power, orders)
    g.process()
    return statistics.median(means), g


def legal_s1901(rounds, per_round):
    g = Game()
    n = len({o for v in g.get_all_possible_orders().values() for o in v})
    means = []
    for _ in range(rounds):
        t = clock()
        for _ in range(per_round):
            g.get_all_possible_orders()
        means.append((clock() - t) / per_round)
    return statistics.median(means), n


def year_of(game):
    phase = game.get_current_phase()
    return int(phase[1:-1]) if phase[1:-1].isdigit() else None


def random_game(seed, stats):
    """One random game; returns its number of phases. Adds the time spent listing legal
    orders to stats['legal_s'] and the number of listings to stats['legal_n']."""
    rng = random.Random(seed)
    game = Game()
    phases = 0
    while not game.is_game_done:
        year = year_of(game)
        if year is None or year > END_YEAR:
            break
        t = clock()
        possible = game.get_all_possible_orders()
        stats["legal_s"] += clock() - t
        stats["legal_n"] += 1
        kind = game.phase_type
        for power_name, power in game.powers.items():
            locs = [l for l in game.get_orderable_locations(power_name) if possible.get(l)]
            if not locs:
                continue
            if kind == "A":
                due = len(power.centers) - len(power.units)
                rng.shuffle(locs)
                chosen = [rng.choice(possible[l]) for l in locs[: abs(due)]]
            else:
                chosen = [rng.choice(possible[l]) for l in locs]
            game.set_orders(power_name, chosen)
        game.process()
        phases += 1
    return phases, game


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--entente", help="entente's JSON report (entente bench --json)")
    ap.add_argument("--games", type=int, default=5, help="random games for (b)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--json-out", help="write this report as JSON")
    ap.add_argument("--wall-clock", action="store_true", help="time with the wall clock")
    args = ap.parse_args()
    global clock
    if args.wall_clock:
        clock = time.perf_counter

    rep = {
        "python": platform.python_version(),
        "package": "diplomacy " + package_version(),
        "clock": "wall clock" if args.wall_clock else "thread CPU time",
    }
    t, g = opening(args.rounds, 20)
    rep["opening_us"] = t * 1e6
    t, n = legal_s1901(args.rounds, 50)
    rep["legal_s1901_us"] = t * 1e6
    rep["legal_s1901_orders"] = n

    stats = {"legal_s": 0.0, "legal_n": 0}
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    total_phases = 0
    victories = 0
    t = clock()
    for seed in range(1, args.games + 1):
        phases, game = random_game(seed, stats)
        total_phases += phases
        victories += int(game.is_game_done)
    secs = clock() - t
    rep["games"] = {
        "games": args.games,
        "phases": total_phases,
        "victories": victories,
        "seconds": secs,
        "phases_per_s": total_phases / secs,
        "games_per_s": args.games / secs,
    }
    rep["legal_random_positions_us"] = stats["legal_s"] / max(stats["legal_n"], 1) * 1e6
    tracemalloc.start()
    random_game(args.games + 1, {"legal_s": 0.0, "legal_n": 0})
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rep["memory"] = {
        "ru_maxrss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        "ru_maxrss_before_games_kib": rss_before,
        "python_heap_peak_one_game_bytes": peak,
    }
    if args.json_out:
        with open(args.json_out, "w") as f:
            json.dump(rep, f, indent=2)
    ent = None
    if args.entente:
        with open(args.entente) as f:
            ent = json.load(f)
    print(table(ent, rep))


def package_version():
    try:
        from importlib.metadata import version
        return version("diplomacy")
    except Exception:  # pragma: no cover
        return "?"


def fmt(v, unit, digits=2):
    if v is None:
        return "—"
    return f"{v:,.{digits}f} {unit}"


def ratio(slow, fast):
    if slow is None or fast is None or fast == 0:
        return "—"
    return f"{slow / fast:,.0f}×"


def table(ent, py):
    """Side by side: entente, the Rust peer, the Python package; ratios are how many times
    faster (or smaller) entente is."""
    get = lambda d, *ks: _get(d, ks)
    rs = get(ent, "peers", "diplomacy-rs")
    rows = []
    head = f"{'':46} {'entente':>14} {'diplomacy-rs':>14} {'python':>14} {'rs/ent':>8} {'py/ent':>9}"
    rows.append(head)

    def row(what, e, r, p, unit, digits=2):
        rows.append(f"{what:46} {fmt(e, unit, digits):>14} {fmt(r, unit, digits):>14} {fmt(p, unit, digits):>14} {ratio(r, e):>8} {ratio(p, e):>9}")

    def row_rate(what, e, r, p, unit):
        # Higher is better: the ratio is entente / peer.
        rows.append(f"{what:46} {fmt(e, unit, 0):>14} {fmt(r, unit, 0):>14} {fmt(p, unit, 0):>14} {ratio(e, r):>8} {ratio(e, p):>9}")

    row("(a) S1901 opening, no parsing", get(ent, "opening", "entente_us"), get(rs, "opening_us"), None, "µs")
    row("(a) S1901 opening, with parsing", get(ent, "opening", "entente_with_parsing_us"),
        get(rs, "opening_with_parsing_us"), py.get("opening_us"), "µs")
    row_rate("(b) random games, phases/s (one core)", get(ent, "games", "phases_per_s"), None,
             get(py, "games", "phases_per_s"), "")
    row_rate("(b) random games, games/s", get(ent, "games", "games_per_s"), None,
             get(py, "games", "games_per_s"), "")
    row("(b) recorded movement phases, per phase", get(ent, "replay", "entente_us_per_phase"),
        get(rs, "replay_us_per_phase"), None, "µs")
    heap = get(ent, "memory", "heap_peak_bytes")
    row("(c) peak heap of (b) (python: one game)", heap / 1024 if heap is not None else None, None,
        get(py, "memory", "python_heap_peak_one_game_bytes") / 1024, "KiB", 0)
    row("(c) peak RSS of the process running (b)", get(ent, "memory", "vm_hwm_kib"), None,
        get(py, "memory", "ru_maxrss_kib"), "KiB", 0)
    row("(d) legal orders, S1901", get(ent, "legal", "s1901_us"), None, py.get("legal_s1901_us"), "µs")
    row("(d) legal orders, random-game phases", get(ent, "legal", "random_positions_us"), None,
        py.get("legal_random_positions_us"), "µs")
    lines = []
    if ent:
        m = ent.get("machine", {})
        lines.append(f"machine: {m.get('cpus')} cpu(s), {m.get('cpu')}; clock: entente {ent.get('clock')}, python {py['clock']}")
    lines.append(f"python {py['python']}, {py['package']}; entente games: {get(ent, 'games', 'games')}, "
                 f"python games: {py['games']['games']} ({py['games']['phases']} phases, "
                 f"{py['games']['victories']} victories)")
    lines.append(f"legal orders in S1901: entente {get(ent, 'legal', 's1901_orders')}, python {py['legal_s1901_orders']} "
                 "(distinct orders)")
    return "\n".join(lines + rows)


def _get(d, ks):
    for k in ks:
        if not isinstance(d, dict) or d.get(k) is None:
            return None
        d = d[k]
    return d


if __name__ == "__main__":
    sys.exit(main())
