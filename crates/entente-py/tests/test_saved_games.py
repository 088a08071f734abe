"""Saved games any tool reads back (issue 31): a finished game is saved with `COMPLETED`
as the package saves one, a support is saved as it is judged, and a custom starting
position is kept. Each check is made by the `diplomacy` package's own readers beside
entente's.

Run: pytest crates/entente-py/tests (after installing the wheel, crates/entente-py/README.md).
"""
import pathlib
import random
import warnings

import pytest

import entente
import entente.utils.export

diplomacy = pytest.importorskip("diplomacy")
import diplomacy.utils.export  # noqa: E402

HERE = pathlib.Path(__file__).parent


def load_greedy():
    """The greedy supply-centre bot of tests/bots, as written for the package (its `choose`
    only reads the game it is given)."""
    namespace = {"__name__": "greedy"}
    source = (HERE / "bots" / "greedy_bot.py").read_text()
    exec(compile(source, "greedy_bot.py", "exec"), namespace)
    return namespace["choose"]


def random_choice(game, power, rng, possible):
    locs = game.get_orderable_locations(power)
    return [rng.choice(possible[loc]) for loc in locs if possible[loc]]


def play_to_the_end(game, rng, greedy_power=None, max_phases=400):
    """Plays until the game is over: one greedy power (it wins within a few dozen phases
    against random ones), the others random; at most `max_phases` phases."""
    choose = load_greedy()
    for _ in range(max_phases):
        if game.is_game_done:
            return
        possible = game.get_all_possible_orders()
        for power in game.powers:
            if power == greedy_power:
                game.set_orders(power, choose(game, power, rng))
            else:
                game.set_orders(power, random_choice(game, power, rng, possible))
        game.process()
    raise AssertionError("the game did not end in %d phases" % max_phases)


def both_validators(saved):
    return (entente.utils.export.is_valid_saved_game(saved),
            diplomacy.utils.export.is_valid_saved_game(saved))


# -- 1. a finished game is saved with COMPLETED -------------------------------------------
VICTORIES = [("standard", "RUSSIA", 0), ("standard", "FRANCE", 0), ("ancmed", "ROME", 0),
             ("ancmed", "ROME", 2)]


@pytest.mark.parametrize("map_name,greedy_power,seed", VICTORIES)
def test_game_played_to_the_end_is_saved_completed_and_valid_in_both_packages(
        map_name, greedy_power, seed):
    """A game won by a greedy bot against random ones, saved by entente: its last phase is
    `COMPLETED` (as the package saves a finished game), and both packages'
    `is_valid_saved_game` take it; both packages read it back as a finished game."""
    game = entente.Game(map_name=map_name, rules="package", seed=seed)
    play_to_the_end(game, random.Random(seed), greedy_power)
    assert game.phase == "COMPLETED"
    saved = entente.utils.export.to_saved_game_format(game)
    last = saved["phases"][-1]
    assert (last["name"], last["state"]["name"]) == ("COMPLETED", "COMPLETED")
    assert [p["name"] for p in saved["phases"]].count("COMPLETED") == 1
    assert both_validators(saved) == (True, True)
    theirs = diplomacy.utils.export.from_saved_game_format(saved)
    assert theirs.is_game_done and theirs.get_current_phase() == "COMPLETED"
    ours = entente.utils.export.from_saved_game_format(saved)
    assert ours.is_game_done and ours.phase == "COMPLETED"
    assert ours.get_centers() == game.get_centers()


def test_a_finished_game_saved_by_the_package_is_read_as_finished():
    """The package's own finished game (a power with 17 centres takes the 18th): both
    packages agree it is valid, and entente reads it back finished."""
    game = diplomacy.Game()
    game.add_rule("NO_PRESS")
    centres = sorted(c for c in game.map.scs if c not in ("RUM", "SEV", "STP", "WAR", "SWE",
                                                          "NWY", "TUN", "TRI", "VIE", "SER",
                                                          "POR", "SPA", "SMY", "PAR", "ROM",
                                                          "VEN"))[:17]
    for power in game.powers:
        if power != "TURKEY":
            game.clear_units(power)
            game.clear_centers(power)
    game.set_centers("RUSSIA", centres, reset=True)
    game.set_units("RUSSIA", ["A " + c for c in centres] + ["A UKR"], reset=True)
    game.set_orders("RUSSIA", ["A UKR - RUM"])
    while not game.is_game_done:
        game.process()
    saved = diplomacy.utils.export.to_saved_game_format(game)
    assert saved["phases"][-1]["name"] == "COMPLETED"
    assert both_validators(saved) == (True, True)
    ours = entente.Game.from_saved_game(saved, strict=True)
    assert ours.is_game_done and ours.phase == "COMPLETED"
    assert sorted(ours.get_centers("RUSSIA")) == sorted(game.get_centers("RUSSIA"))


@pytest.mark.parametrize("map_name,end_year", [("standard", 1903), ("ancmed", 3)])
def test_short_game_played_to_its_last_year_is_saved_completed(map_name, end_year):
    """A game ended by its last year (`end_year`): saved with `COMPLETED`, its end year
    named in the rules (`ENTENTE_END_YEAR=...`, so that entente reads it back finished) and
    `DIFFERENT_ADJUDICATION` (the package's engine has no last year: the end is the one
    phase it cannot reach); both packages' `is_valid_saved_game` take it."""
    game = entente.Game(map_name=map_name, rules="package", seed=4, end_year=end_year)
    play_to_the_end(game, random.Random(4))
    saved = game.to_saved_game()
    assert saved["phases"][-1]["name"] == "COMPLETED"
    assert "ENTENTE_END_YEAR=%d" % end_year in saved["rules"]
    assert both_validators(saved) == (True, True)
    # entente's reader ends the game there itself: no parting needed.
    strict = dict(saved, rules=[r for r in saved["rules"] if r != "DIFFERENT_ADJUDICATION"])
    assert entente.utils.export.is_valid_saved_game(strict)
    ours = entente.Game.from_saved_game(saved, strict=True)
    assert ours.is_game_done and ours.outcome == game.outcome
    theirs = diplomacy.utils.export.from_saved_game_format(saved)
    assert theirs.is_game_done


# -- 2. a support is saved (and shown) as it is judged ------------------------------------
def coast_support_position(module, rules):
    """F CON moves to Bulgaria's south coast, F GRE supports it naming the east coast; the
    package keeps the support without its coast (`F GRE S F CON - BUL`), which supports the
    move: A BUL is dislodged."""
    game = module.Game(rules=rules) if module is entente else module.Game()
    for power in game.powers:
        game.clear_units(power)
    game.set_units("TURKEY", ["F CON", "F GRE"])
    game.set_units("RUSSIA", ["A BUL"])
    return game


@pytest.mark.parametrize("rules", ["package", "2000"])
@pytest.mark.parametrize("given", ["listed", "text"])
def test_a_support_naming_a_coast_is_judged_as_it_is_shown_and_saved(rules, given):
    results = {}
    for module in (diplomacy, entente):
        game = coast_support_position(module, rules)
        support = "F GRE S F CON - BUL/EC"
        if given == "listed":
            listed = [o for o in game.get_all_possible_orders()["GRE"] if o == support]
            assert listed, module.__name__
            support = listed[0]
        else:
            support = "".join(list(support))  # a string of its own, not the listed one
        game.set_orders("TURKEY", ["F CON - BUL/SC", support])
        game.set_orders("RUSSIA", ["A BUL H"])
        shown = sorted(game.get_orders("TURKEY"))
        game.process()
        results[module.__name__] = (shown, sorted(game.get_units("RUSSIA")))
        if module is entente:
            saved = game.to_saved_game()
            assert sorted(saved["phases"][0]["orders"]["TURKEY"]) == shown
            entente.Game.from_saved_game(saved, strict=True)
            assert both_validators(saved)[0]
            if rules == "package":
                assert both_validators(saved) == (True, True)
    assert results["entente"] == results["diplomacy"]
    assert results["entente"] == (["F CON - BUL/SC", "F GRE S F CON - BUL"], ["*A BUL"])


def coast_support_orders(game, rng):
    """Random orders, but where a fleet moves to one coast of a province, every unit that
    can support it names another coast of it (the listed support): the case where the
    coast the package drops decides."""
    possible = game.get_all_possible_orders()
    chosen = {p: random_choice(game, p, rng, possible) for p in game.powers}
    if game.phase_type == "M":
        moves = {o.split()[1]: o.split()[3] for orders in chosen.values() for o in orders
                 if o.split()[2] == "-"}
        for orders in chosen.values():
            for i, order in enumerate(orders):
                supports = []
                for s in possible[order.split()[1]]:
                    w = s.split()
                    to = moves.get(w[4], "") if len(w) == 7 and w[2] == "S" else ""
                    if "/" in to and "/" in w[6] and to[:3] == w[6][:3] and to != w[6]:
                        supports.append(s)
                if supports:
                    orders[i] = rng.choice(supports)
    return chosen


@pytest.mark.parametrize("map_name,last_year", [("standard", 1908), ("ancmed", 8)])
def test_coast_support_games_reload_and_replay_as_played(map_name, last_year):
    """Seeded games (random orders, supports naming the other coast wherever they can):
    each saved game reloads without parting (`strict=True`), the reloaded game saves the
    same phases, and entente's `is_valid_saved_game` takes it."""
    for seed in range(6):
        rng = random.Random(seed)
        game = entente.Game(map_name=map_name, seed=seed)
        while not game.is_game_done and int(game.get_current_phase()[1:5]) <= last_year:
            for power, orders in coast_support_orders(game, rng).items():
                game.set_orders(power, orders)
            game.process()
        saved = game.to_saved_game()
        again = entente.Game.from_saved_game(saved, strict=True).to_saved_game()
        for before, after in zip(saved["phases"], again["phases"]):
            assert before["name"] == after["name"]
            assert before["orders"] == after["orders"], before["name"]
            assert before["state"]["units"] == after["state"]["units"], before["name"]
        assert entente.utils.export.is_valid_saved_game(saved), seed


# -- 3. a custom starting position is kept -------------------------------------------------
def custom_start(game):
    """A start of entente's and the package's alike: England without fleets, France with
    an army in Burgundy instead of Paris, Turkey's centres shared with Russia."""
    game.set_units("ENGLAND", ["A LON", "A LVP"], reset=True)
    game.set_units("FRANCE", ["A BUR", "A MAR", "F BRE"], reset=True)
    game.set_centers("RUSSIA", ["MOS", "SEV", "STP", "WAR", "ANK"], reset=True)
    game.set_centers("TURKEY", ["CON", "SMY"], reset=True)


def test_a_custom_start_saved_by_entente_is_kept():
    game = entente.Game(rules="package", seed=7)
    custom_start(game)
    rng = random.Random(7)
    for _ in range(6):
        possible = game.get_all_possible_orders()
        for power in game.powers:
            game.set_orders(power, random_choice(game, power, rng, possible))
        game.process()
    saved = game.to_saved_game()
    assert saved["phases"][0]["state"]["units"]["ENGLAND"] == ["A LON", "A LVP"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        again = entente.Game.from_saved_game(saved, strict=True)
    first = again.get_phase_history()[0]
    assert first.state["units"] == saved["phases"][0]["state"]["units"]
    assert first.state["centers"] == saved["phases"][0]["state"]["centers"]
    assert again.get_units() == game.get_units()
    assert again.get_centers() == game.get_centers()
    assert both_validators(saved) == (True, True)


def test_a_custom_start_saved_by_the_package_is_kept():
    game = diplomacy.Game()
    game.add_rule("NO_PRESS")
    custom_start(game)
    rng = random.Random(8)
    for _ in range(6):
        possible = game.get_all_possible_orders()
        for power in game.powers:
            game.set_orders(power, random_choice(game, power, rng, possible))
        game.process()
    saved = diplomacy.utils.export.to_saved_game_format(game)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ours = entente.utils.export.from_saved_game_format(saved)
    assert ours.get_current_phase() == game.get_current_phase()
    for power, units in game.get_units().items():
        assert sorted(ours.get_units(power)) == sorted(units), power
    for power, centres in game.get_centers().items():
        assert sorted(ours.get_centers(power)) == sorted(centres), power
    first = ours.get_phase_history()[0]
    assert sorted(first.state["units"]["FRANCE"]) == ["A BUR", "A MAR", "F BRE"]
