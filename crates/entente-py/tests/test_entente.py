"""Tests of the Python package `entente` (crates/entente-py), with the `diplomacy` package
(PyPI) as the reference for names, formats and positions.

Run: pytest crates/entente-py/tests (after installing the wheel, crates/entente-py/README.md).
"""
import json
import random
import re
import threading
import warnings

import pytest

import entente

diplomacy = pytest.importorskip("diplomacy")
from diplomacy.utils.export import from_saved_game_format, to_saved_game_format  # noqa: E402

POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
UNIT = re.compile(r"^\*?[AF] [A-Z]{3}(/[NSEW]C)?$")
PHASE = re.compile(r"^([SF]\d{4}[MR]|W\d{4}A|COMPLETED)$")


def year_of(phase):
    return int(phase[1:5])


def check_state(game):
    """The state dict is the package's shape and describes a possible position."""
    state = game.get_state()
    for key in ("name", "units", "retreats", "centers", "homes", "influence", "builds",
                "civil_disorder"):
        assert key in state, key
    assert state["name"] == game.get_current_phase()
    assert PHASE.match(state["name"]), state["name"]
    assert sorted(state["units"]) == POWERS
    provinces = set()
    for power, units in state["units"].items():
        assert units == game.get_units(power)
        dislodged = set()
        for u in units:
            assert UNIT.match(u), u
            if u.startswith("*"):
                dislodged.add(u[1:])
            else:
                prov = u[2:5]
                assert prov not in provinces, f"two units in {prov}"
                provinces.add(prov)
        # A dislodged unit is listed with its retreats, and only a dislodged one.
        assert set(state["retreats"][power]) == dislodged
        for options in state["retreats"][power].values():
            assert all(re.match(r"^[A-Z]{3}(/[NSEW]C)?$", o) for o in options)
        if dislodged:
            assert game.phase_type == "R"
    owned = [c for cs in state["centers"].values() for c in cs]
    assert len(owned) == len(set(owned)) <= 34
    assert state["centers"] == game.get_centers()
    assert state["homes"]["FRANCE"] == ["BRE", "MAR", "PAR"]
    if game.phase_type == "A":
        assert any(b["count"] != 0 for b in state["builds"].values())
    return state


def random_orders(game, rng):
    """Each power picks uniformly among its legal orders, per unit (or build site)."""
    out = {}
    for power in game.powers:
        legal = game.get_legal_orders(power)
        out[power] = [rng.choice(legal[loc]) for loc in sorted(legal)]
    return out


def play(game, rng, last_year=1910, check=False):
    """Random legal orders until the game ends or `last_year` is over; the phases seen."""
    phases = []
    while not game.is_game_done and year_of(game.get_current_phase()) <= last_year:
        phases.append(game.get_current_phase())
        if check:
            check_state(game)
        for power, orders in random_orders(game, rng).items():
            game.set_orders(power, orders)
        game.process()
    return phases


def test_new_game():
    g = entente.Game()
    assert g.get_current_phase() == "S1901M" and g.phase_type == "M"
    assert not g.is_game_done
    assert list(g.powers) == POWERS
    assert g.map_name == "standard" and g.entente_rules == "2000"
    assert g.get_units("FRANCE") == ["F BRE", "A MAR", "A PAR"]
    assert "F STP/SC" in g.get_units("RUSSIA")
    assert g.get_centers("RUSSIA") == ["MOS", "SEV", "STP", "WAR"]
    assert g.get_orderable_locations("RUSSIA") == ["MOS", "SEV", "STP", "WAR"]
    assert sum(len(u) for u in g.get_units().values()) == 22
    check_state(g)
    assert "standard" in entente.variants()


def test_options_and_errors():
    assert entente.Game(rules="1971").entente_rules == "1971"
    assert entente.Game(rules="2000+retreat-to-convoy-origin").entente_rules == \
        "2000+retreat-to-convoy-origin"
    assert entente.Game(rules="package").entente_rules.startswith("2000+")
    with pytest.raises(ValueError):
        entente.Game(rules="1999")
    with pytest.raises(ValueError):
        entente.Game(rules="2000+no-such-option")
    with pytest.raises(ValueError):
        entente.Game(map_name="no-such-map")
    with pytest.raises(ValueError):
        entente.Game().get_units("ATLANTIS")


def test_possible_orders_as_the_package():
    """At the start, the possible orders are the package's, location by location."""
    g = entente.Game()
    ours = g.get_all_possible_orders()
    theirs = diplomacy.Game().get_all_possible_orders()
    # The package's map has Switzerland, which no unit may enter.
    assert set(theirs) - set(ours) == {"SWI"}
    for loc, orders in ours.items():
        assert sorted(orders) == sorted(theirs[loc]), loc
    assert "A MUN - BUR" in ours["MUN"]
    assert ours["STP"] == ours["STP/SC"]
    legal = g.get_legal_orders("RUSSIA")
    assert sorted(legal) == ["MOS", "SEV", "STP", "WAR"]
    assert legal["STP"] == ours["STP/SC"]


def test_set_orders():
    g = entente.Game()
    assert g.set_orders("FRANCE", ["A PAR - BUR", "F BRE - MAO"]) == ["A PAR - BUR",
                                                                     "F BRE - MAO"]
    # Another order for the same unit replaces the first; the others stay.
    assert g.set_orders("france", "A Par-Pic") == ["A PAR - PIC"]
    assert sorted(g.get_orders("FRANCE")) == ["A PAR - PIC", "F BRE - MAO"]
    # Unreadable text is left out and said in `error`, as the package does.
    g.set_orders("FRANCE", ["A MAR - SPA", "A PAR - XYZ"])
    assert "XYZ" in g.error[-1]
    assert sorted(g.get_orders("FRANCE")) == ["A MAR - SPA", "A PAR - PIC", "F BRE - MAO"]
    g.set_orders("RUSSIA", ["F STP/SC - BOT"])
    g.clear_orders("FRANCE")
    assert g.get_orders("FRANCE") == []
    assert g.get_orders()["RUSSIA"] == ["F STP/SC - BOT"]
    g.set_orders("FRANCE", ["A PAR - BUR", "A MAR - BUR"])
    g.set_orders("GERMANY", ["A MUN - BUR"])
    g.process()
    assert g.get_current_phase() == "F1901M"
    assert "F BOT" in g.get_units("RUSSIA")
    assert "A PAR" in g.get_units("FRANCE")  # a three-way bounce
    assert g.phase_results["A MUN"] == ["bounce"]
    assert g.get_orders() == {p: [] for p in POWERS}
    history = g.get_phase_history()
    assert [h["name"] for h in history] == ["S1901M"]
    assert "A PAR - BUR" in history[0]["orders"]["FRANCE"]


def test_retreat_and_adjustment_phases():
    g = entente.Game()
    g.set_orders("AUSTRIA", ["F TRI - ADR", "A VIE - TYR"])
    g.process()
    g.set_orders("AUSTRIA", ["F ADR S A TYR - VEN", "A TYR - VEN"])
    g.set_orders("ITALY", ["A VEN H"])
    g.process()
    assert g.get_current_phase() == "F1901R" and g.phase_type == "R"
    assert g.get_units("ITALY")[-1] == "*A VEN"
    state = check_state(g)
    assert "PIE" in state["retreats"]["ITALY"]["A VEN"]
    assert g.get_orderable_locations("ITALY") == ["VEN"]
    assert g.get_orderable_locations("AUSTRIA") == []
    legal = g.get_legal_orders("ITALY")
    assert "A VEN D" in legal["VEN"] and "A VEN R PIE" in legal["VEN"]
    g.set_orders("ITALY", ["A VEN R PIE"])
    g.process()
    assert "A PIE" in g.get_units("ITALY")
    # Austria owns Venice: one build, in Trieste or Vienna.
    assert g.get_current_phase() == "W1901A" and g.phase_type == "A"
    assert g.get_state()["builds"]["AUSTRIA"] == {"count": 1, "homes": ["TRI", "VIE"]}
    assert g.get_orderable_locations("AUSTRIA") == ["TRI", "VIE"]
    legal = g.get_legal_orders("AUSTRIA")
    assert sorted(legal["TRI"]) == ["A TRI B", "F TRI B", "WAIVE"]
    assert sorted(legal["VIE"]) == ["A VIE B", "WAIVE"]
    # A waive counts after the builds (as the package reads a sheet).
    g.set_orders("AUSTRIA", ["WAIVE", "F TRI B"])
    g.process()
    assert "F TRI" in g.get_units("AUSTRIA")
    assert g.get_current_phase() == "S1902M"


def test_random_game_to_the_end_or_1910():
    g = entente.Game(seed=7)
    phases = play(g, random.Random(7), check=True)
    assert phases[0] == "S1901M" and len(phases) >= 20
    assert g.is_game_done or year_of(g.get_current_phase()) == 1911
    assert all(PHASE.match(p) for p in phases)
    # Every phase is followed by a later one.
    order = {"M": 0, "R": 1, "A": 2}
    keys = [(year_of(p), "SFW".index(p[0]), order[p[-1]]) for p in phases]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert [h["name"] for h in g.get_phase_history()] == phases


def test_short_game_ends():
    g = entente.Game(seed=3, end_year=1902)
    play(g, random.Random(3))
    assert g.is_game_done and g.get_current_phase() == "COMPLETED"
    assert g.outcome[0].endswith("1902M") or g.outcome[0].endswith("1902A") \
        or g.outcome[0].endswith("1902R")
    assert set(g.outcome[1:]) <= set(POWERS) and g.outcome[1:]
    assert g.get_all_possible_orders()["PAR"] == []
    g.process()  # nothing to do
    assert g.set_orders("FRANCE", ["A PAR H"]) == []  # ignored, as the package does


def test_native_round_trip():
    g = entente.Game(seed=11)
    play(g, random.Random(11), last_year=1903)
    g.set_orders("FRANCE", g.get_legal_orders("FRANCE").get("PAR", [])[:1])
    text = g.to_json()
    assert json.loads(text)["format"] == "entente-game/2"
    h = entente.Game.from_json(text)
    assert h.get_current_phase() == g.get_current_phase() and h.get_state() == g.get_state()
    assert h.get_orders() == g.get_orders()
    assert h.get_phase_history() == g.get_phase_history()
    assert h.to_json() == text
    # Both go on the same way.
    rng_g, rng_h = random.Random(5), random.Random(5)
    play(g, rng_g, last_year=1905)
    play(h, rng_h, last_year=1905)
    assert h.get_state() == g.get_state()
    with pytest.raises(ValueError):
        entente.Game.from_json("{}")


def test_saved_game_round_trip():
    g = entente.Game(seed=12, rules="package")
    play(g, random.Random(12), last_year=1904)
    saved = g.to_saved_game()
    assert saved["map"] == "standard" and saved["phases"][-1]["name"] == g.get_current_phase()
    assert json.loads(g.to_saved_game(as_json=True)) == saved
    for data in (saved, json.dumps(saved)):
        h = entente.Game.from_saved_game(data)
        assert h.get_current_phase() == g.get_current_phase()
        assert h.get_units() == g.get_units() and h.get_centers() == g.get_centers()


def sorted_units(units):
    return {p: sorted(u) for p, u in units.items() if u}


def test_export_read_by_the_package():
    g = entente.Game(seed=21)
    play(g, random.Random(21), last_year=1906)
    saved = g.to_saved_game()
    theirs = from_saved_game_format(saved)
    assert theirs.get_current_phase() == g.get_current_phase()
    assert sorted_units(theirs.get_units()) == sorted_units(g.get_units())
    assert theirs.get_centers() == g.get_centers()
    history = g.get_phase_history()
    package_history = theirs.get_phase_history()
    assert [p.name for p in package_history] == [h["name"] for h in history]
    for ours, pkg in zip(history, package_history):
        assert sorted_units(pkg.state["units"]) == sorted_units(ours["state"]["units"])
        assert pkg.state["centers"] == ours["state"]["centers"]


def test_package_game_imported():
    rng = random.Random(31)
    d = diplomacy.Game()
    while year_of(d.get_current_phase()) <= 1904:
        possible = d.get_all_possible_orders()
        for power, locs in d.get_orderable_locations().items():
            d.set_orders(power, [rng.choice(possible[l]) for l in locs if possible[l]])
        d.process()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        g = entente.Game.from_saved_game(to_saved_game_format(d))
    assert g.get_current_phase() == d.get_current_phase()
    assert sorted_units(g.get_units()) == sorted_units(d.get_units())


def same_orders_game(seed, phases):
    """The package and entente (with the package's rules) given the same random orders:
    the possible orders and the positions must agree phase by phase."""
    rng = random.Random(seed)
    d, g = diplomacy.Game(), entente.Game(rules="package")
    for _ in range(phases):
        if d.is_game_done:
            break
        assert g.get_current_phase() == d.get_current_phase()
        possible = d.get_all_possible_orders()
        ours = g.get_all_possible_orders()
        for loc, orders in ours.items():
            assert sorted(orders) == sorted(possible[loc]), (d.get_current_phase(), loc)
        assert g.get_orderable_locations() == d.get_orderable_locations()
        for power, locs in d.get_orderable_locations().items():
            orders = [rng.choice(sorted(possible[l])) for l in locs if possible[l]]
            d.set_orders(power, orders)
            g.set_orders(power, orders)
        d.process()
        g.process()
        assert sorted_units(g.get_units()) == sorted_units(d.get_units()), g.get_current_phase()
        assert sorted_units(g.get_centers()) == sorted_units(d.get_centers())


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_same_orders_same_game_as_the_package(seed):
    same_orders_game(seed, 60)


def test_random_orders_are_legal_and_seeded():
    a, b = entente.Game(seed=99), entente.Game(seed=99)
    for _ in range(30):
        if a.is_game_done:
            break
        ra, rb = a.random_orders(), b.random_orders()
        assert ra == rb
        for power, orders in ra.items():
            legal = {o for os in a.get_legal_orders(power).values() for o in os}
            assert set(orders) <= legal
            a.set_orders(power, orders)
            b.set_orders(power, orders)
        a.process()
        b.process()
    assert a.get_state() == b.get_state()


def run_game(seed, last_year=1908):
    g = entente.Game(seed=seed)
    while not g.is_game_done and year_of(g.get_current_phase()) <= last_year:
        for power, orders in g.random_orders().items():
            g.set_orders(power, orders)
        g.process()
    return g.to_json()


def test_games_in_parallel_threads():
    seeds = list(range(100, 108))
    expected = {s: run_game(s) for s in seeds}
    results = {}
    errors = []

    def worker(my_seeds):
        try:
            for s in my_seeds:
                results[s] = run_game(s)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(seeds[i::4],)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert results == expected


def test_one_game_shared_by_threads():
    """A game used from several threads at once stays consistent (each call is atomic)."""
    g = entente.Game(seed=5)
    errors = []

    def worker():
        try:
            for _ in range(200):
                g.get_all_possible_orders()
                g.get_state()
        except Exception as e:  # pragma: no cover
            errors.append(e)

    threads = [threading.Thread(target=worker) for _ in range(3)]
    for t in threads:
        t.start()
    for _ in range(20):
        for power, orders in g.random_orders().items():
            g.set_orders(power, orders)
        g.process()
    for t in threads:
        t.join()
    assert not errors


def test_saved_game_that_parts_from_entente():
    """A saved game whose positions do not follow from its orders: a warning, or
    ValueError with strict=True."""
    g = entente.Game(seed=41, rules="package")
    play(g, random.Random(41), last_year=1902)
    saved = g.to_saved_game()
    state = saved["phases"][2]["state"]
    state["units"]["FRANCE"] = state["units"]["FRANCE"][1:]
    with pytest.warns(UserWarning, match="parts from the saved game"):
        entente.Game.from_saved_game(saved)
    with pytest.raises(ValueError, match="parts from the saved game"):
        entente.Game.from_saved_game(saved, strict=True)
    with pytest.raises(ValueError):
        entente.Game.from_saved_game("not json")


def test_random_orders_are_the_listed_strings():
    """`random_orders` hands out the very strings `get_all_possible_orders` lists (so that
    `set_orders` takes them by address), each one of its power's possible orders, through
    movement, retreat and adjustment phases; `set_orders` gives them back as they are."""
    g = entente.Game(seed=5)  # a retreat phase by the 12th
    kinds = set()
    for _ in range(30):
        if g.is_game_done:
            break
        kinds.add(g.phase_type)
        possible = g.get_all_possible_orders()
        drawn = g.random_orders()
        for power, orders in drawn.items():
            mine = {id(o): o for loc in g.get_orderable_locations(power) for o in possible[loc]}
            for o in orders:
                # (A power due builds with no free home centre waives: nothing is listed.)
                assert id(o) in mine or (o == "WAIVE" and not mine), (g.phase, power, o)
            taken = g.set_orders(power, orders)
            assert all(any(t is o for o in orders) for t in taken), (g.phase, power)
            # (As the package's, `get_orders` leaves a waive out.)
            assert sorted(g.get_orders(power)) == sorted(o for o in orders if o != "WAIVE")
        g.process()
    assert kinds == {"M", "R", "A"}, kinds


def _play_with(game, seed, phases, touch):
    """`phases` phases of random orders (seeded); `touch(phase_index, possible)` sees each
    phase's `get_all_possible_orders()` and may keep or change it before it is dropped."""
    rng = random.Random(seed)
    for i in range(phases):
        if game.is_game_done:
            break
        possible = game.get_all_possible_orders()
        listed = {loc: sorted(orders) for loc, orders in possible.items()}
        touch(i, possible)
        del possible
        for power, locs in game.get_orderable_locations().items():
            game.set_orders(power, [rng.choice(listed[loc]) for loc in locs if listed[loc]])
        game.process()


def test_possible_orders_kept_by_the_caller_never_change():
    """`get_all_possible_orders` refills a dict it returned earlier once the caller dropped
    it: whatever the caller still holds (the dict, one of its lists, a shallow copy) stays
    as it was when returned, however many phases later."""
    kept = []

    def touch(i, possible):
        snapshot = {loc: list(orders) for loc, orders in possible.items()}
        held = [possible, possible["PAR"], possible["MUN"], dict(possible)][i % 4]
        kept.append((i, held, snapshot))

    _play_with(entente.Game(seed=3), 3, 24, touch)
    assert len(kept) == 24
    for i, held, snapshot in kept:
        if isinstance(held, dict):
            assert held == snapshot, i
            assert list(held) == list(snapshot), i
        else:
            assert held == snapshot["PAR" if i % 4 == 1 else "MUN"], i


def test_possible_orders_refilled_as_made_anew():
    """A game whose caller drops (or changes, then drops) each phase's dict gets the same
    dicts, in the same key order, as a game whose caller keeps every one (so each is made
    anew): the changes a caller made to a dropped dict (a key deleted or added, a list
    grown or emptied, a value replaced) never show in a later one."""
    fresh, refilled = [], []
    # Kept: every dict made anew.
    _play_with(entente.Game(seed=4), 4, 30,
               lambda i, p: fresh.append((p, {k: list(v) for k, v in p.items()})))

    def change(i, possible):
        refilled.append(({k: list(v) for k, v in possible.items()}, list(possible)))
        match i % 6:
            case 1:
                possible["PAR"].append("A PAR H")
            case 2:
                possible["MUN"].clear()
            case 3:
                del possible["BUR"]
                possible["BUR"] = []
            case 4:
                possible["XYZ"] = ["?"]
            case 5:
                possible["LON"] = ("F LON H",)

    _play_with(entente.Game(seed=4), 4, 30, change)
    assert len(fresh) == len(refilled) == 30
    for i, ((made, snapshot), (got, order)) in enumerate(zip(fresh, refilled)):
        assert made == snapshot, i
        assert got == snapshot, i
        assert order == list(snapshot), i


def test_set_orders_takes_a_string_a_list_or_any_sequence_of_strings():
    """`set_orders` takes one string, a list (the listed strings by address, any other
    string read) or any other sequence of strings; a list with something else than strings
    is refused with TypeError and sets nothing."""
    g = entente.Game()
    listed = g.get_all_possible_orders()
    assert g.set_orders("FRANCE", "A PAR - BUR") == ["A PAR - BUR"]
    mar = listed["MAR"][0]
    taken = g.set_orders("FRANCE", [mar, "f bre - mao"])
    assert taken == [mar, "F BRE - MAO"] and taken[0] is mar
    assert g.set_orders("GERMANY", ("A MUN - RUH", "F KIE - HOL")) == ["A MUN - RUH",
                                                                         "F KIE - HOL"]
    with pytest.raises(TypeError):
        g.set_orders("ITALY", ["A ROM - APU", 5])
    assert g.get_orders("ITALY") == []
    assert sorted(g.get_orders("FRANCE")) == sorted([mar, "A PAR - BUR", "F BRE - MAO"])
