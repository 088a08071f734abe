#!/usr/bin/env python3
"""Each known deviation of the `diplomacy` package (docs/game-record.md, "Known deviations
of the package") reproduced from a minimal position: the package plays the phase, `entente
replay` adjudicates it again, and every difference must be explained by that deviation's
rule in test_roundtrip.py's recogniser (`explain`), and by no other. Beside each, a control
position without the deviation's trigger, where the two must agree exactly.

Usage: test_deviations.py --entente PATH. Ends with the line "N passed, M failed".
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

from diplomacy import Game
from diplomacy.utils.export import to_saved_game_format

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_roundtrip as rt  # noqa: E402


def movement(units, orders):
    g = Game()
    g.clear_units()
    for power, us in units.items():
        g.set_units(power, us)
    for power, os_ in orders.items():
        g.set_orders(power, os_)
    g.process()
    return g


def adjustment(units, centres):
    g = Game()
    g.clear_units()
    for power, us in units.items():
        g.set_units(power, us)
    g.set_current_phase("W1901A")
    for power, cs in centres.items():
        g.set_centers(power, cs, reset=True)
    g.process()
    return g


# name, deviation's rule (None: a control, no difference allowed), the game.
CASES = [
    (
        "own_support_for_a_convoyed_attacker_dislodges_nothing",
        rt.OWN_SUPPORT_FOR_CONVOYED_ATTACK,
        lambda: movement(
            {"RUSSIA": ["A SWE", "F BAL", "A PRU"], "GERMANY": ["A BER", "A KIE", "A MUN"]},
            {"RUSSIA": ["A SWE - BER VIA", "F BAL C A SWE - BER", "A PRU S A SWE - BER"],
             "GERMANY": ["A BER H", "A KIE S A BER", "A MUN S A SWE - BER"]},
        ),
    ),
    # Foreign support counts in both: the unit is dislodged in both, and they differ only
    # in its retreats (the deviation below).
    (
        "foreign_support_for_a_convoyed_attacker_dislodges_in_both",
        rt.RETREATS_AFTER_CONVOYED_ATTACK,
        lambda: movement(
            {"RUSSIA": ["A SWE", "F BAL", "A PRU", "A SIL"], "GERMANY": ["A BER", "A KIE"]},
            {"RUSSIA": ["A SWE - BER VIA", "F BAL C A SWE - BER", "A PRU S A SWE - BER",
                        "A SIL S A SWE - BER"],
             "GERMANY": ["A BER H", "A KIE S A BER"]},
        ),
    ),
    (
        "retreats_after_an_attack_convoyed_by_an_own_fleet_without_via",
        rt.RETREATS_AFTER_CONVOYED_ATTACK,
        lambda: movement(
            {"TURKEY": ["A ANK", "F BLA", "A SMY"], "RUSSIA": ["F ARM", "A SEV"]},
            {"TURKEY": ["A ANK - ARM", "F BLA C A ANK - ARM", "A SMY S A ANK - ARM"],
             "RUSSIA": ["F ARM H", "A SEV H"]},
        ),
    ),
    (
        "retreats_after_an_attack_convoyed_with_via",
        rt.RETREATS_AFTER_CONVOYED_ATTACK,
        lambda: movement(
            {"TURKEY": ["A ANK", "F BLA", "A SMY"], "RUSSIA": ["F ARM", "A SEV"]},
            {"TURKEY": ["A ANK - ARM VIA", "F BLA C A ANK - ARM", "A SMY S A ANK - ARM"],
             "RUSSIA": ["F ARM H", "A SEV H"]},
        ),
    ),
    (
        "control_retreats_after_an_attack_over_land",
        None,
        lambda: movement(
            {"TURKEY": ["A ANK", "F BLA", "A SMY"], "RUSSIA": ["F ARM", "A SEV"]},
            {"TURKEY": ["A ANK - ARM", "F BLA H", "A SMY S A ANK - ARM"],
             "RUSSIA": ["F ARM H", "A SEV H"]},
        ),
    ),
    (
        "civil_disorder_removal_of_a_fleet_on_spains_north_coast",
        rt.CIVIL_DISORDER_DISTANCE_OF_A_FLEET_ON_A_COAST,
        lambda: adjustment({"FRANCE": ["F SPA/NC", "F LYO"]}, {"FRANCE": ["PAR"]}),
    ),
    (
        "civil_disorder_removal_of_a_fleet_on_spains_north_coast_before_an_army",
        rt.CIVIL_DISORDER_DISTANCE_OF_A_FLEET_ON_A_COAST,
        lambda: adjustment({"FRANCE": ["F SPA/NC", "A MUN"]}, {"FRANCE": ["PAR"]}),
    ),
    (
        "control_civil_disorder_removal_of_a_fleet_on_spains_south_coast",
        None,
        lambda: adjustment({"FRANCE": ["F SPA/SC", "F LYO"]}, {"FRANCE": ["PAR"]}),
    ),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--entente", required=True)
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="entente-deviations-")
    passed = failed = 0
    for name, rule, build in CASES:
        game = to_saved_game_format(build())
        path = os.path.join(work, name + ".jsonl")
        with open(path, "w") as f:
            f.write(json.dumps(game) + "\n")
        out = subprocess.run([args.entente, "replay", "--all", path],
                             capture_output=True, text=True)
        lines = [l for l in out.stdout.splitlines() if l.startswith(game["id"] + " ")]
        problem = None
        if out.returncode not in (0, 1):
            problem = f"replay did not run: {out.stderr}"
        elif rule is None:
            if lines:
                problem = f"a control differs: {lines}"
        elif not lines:
            problem = "no difference: the package no longer deviates here (or entente does too)"
        else:
            phase = game["phases"][0]
            got = rt.explain(phase, lines)
            if got != rule:
                problem = f"explained as {got!r}, not {rule!r}: {lines}"
        if problem:
            failed += 1
            print(f"FAILED {name}: {problem}")
        else:
            passed += 1
            print(f"ok {name}" + (f": {lines}" if lines else ""))
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
