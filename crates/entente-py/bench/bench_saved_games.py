#!/usr/bin/env python3
"""Reading and checking saved games: entente's `entente.utils.export` against the Python
`diplomacy` package's `diplomacy.utils.export`, on the same saved games.

The games are played by the package (a random bot, one seeded generator per game, choosing
from each location's sorted possible orders) and saved in its format. Then, per package, on
those same saved dicts: `from_saved_game_format` (a game rebuilt from its record; entente
adjudicates every phase again, with the package's rules since the records name no entente
rules) and `is_valid_saved_game` (every phase replayed from its recorded state and compared
with the next); then `get_state` on the loaded games (at their last phase). entente's
runs are repeated `--repeat` times and the median given, with the ends; the package's once.

Usage: bench_saved_games.py [--games 20] [--phases 40] [--seed 1] [--repeat 5]
"""
import argparse
import os
import random
import time
import warnings

import diplomacy
import diplomacy.utils.export as theirs

import entente.utils.export as ours


def played(seed, phases):
    rng = random.Random(seed)
    game = diplomacy.Game()
    for _ in range(phases):
        if game.is_game_done:
            break
        possible = game.get_all_possible_orders()
        for power, locs in game.get_orderable_locations().items():
            game.set_orders(power, [rng.choice(sorted(possible[loc])) for loc in locs
                                    if possible[loc]])
        game.process()
    return theirs.to_saved_game_format(game)


def timed(fn, saved, repeat):
    runs = []
    answers = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        answers = [fn(s) for s in saved]
        runs.append(time.perf_counter() - t0)
    runs.sort()
    return runs[len(runs) // 2], runs[0], runs[-1], answers


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--phases", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    saved = [played(s, args.phases) for s in range(args.seed, args.seed + args.games)]
    n = sum(len(s["phases"]) for s in saved)
    print(f"{len(saved)} games saved by the package, {n} phases")
    warnings.simplefilter("ignore")  # entente warns where a game meets a package deviation
    for what, fn_theirs, fn_ours, same in (
        ("from_saved_game_format", theirs.from_saved_game_format,
         ours.from_saved_game_format, lambda g: g.get_current_phase()),
        ("is_valid_saved_game", theirs.is_valid_saved_game, ours.is_valid_saved_game,
         lambda v: v),
    ):
        t_theirs, _, _, a_theirs = timed(fn_theirs, saved, 1)
        t_ours, lo, hi, a_ours = timed(fn_ours, saved, args.repeat)
        agree = sum(same(a) == same(b) for a, b in zip(a_theirs, a_ours))
        print(f"{what:<24} diplomacy {n / t_theirs:>8.0f} phases/s   entente "
              f"{n / t_ours:>8.0f} phases/s (runs {n / hi:.0f}-{n / lo:.0f})   "
              f"{t_theirs / t_ours:.1f}x   same answer for {agree} of {len(saved)} games")
    # get_state on the loaded games (their last phase, after the whole history): a bot or
    # an environment that reads the state each phase pays it once a phase.
    loaded = {"diplomacy": [theirs.from_saved_game_format(s) for s in saved],
              "entente": [ours.from_saved_game_format(s) for s in saved]}
    per_call = {}
    for name, games in loaded.items():
        runs = []
        for _ in range(1 if name == "diplomacy" else args.repeat):
            t0 = time.perf_counter()
            for g in games:
                for _ in range(20):
                    g.get_state()
            runs.append((time.perf_counter() - t0) / (20 * len(games)))
        runs.sort()
        per_call[name] = runs[len(runs) // 2]
    print(f"{'get_state (last phase)':<24} diplomacy {per_call['diplomacy'] * 1e6:>8.1f} us/call"
          f"   entente {per_call['entente'] * 1e6:>8.1f} us/call   "
          f"{per_call['diplomacy'] / per_call['entente']:.1f}x")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
