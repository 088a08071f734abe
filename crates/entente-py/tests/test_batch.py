"""Tests of `entente.Batch` (crates/entente-py/src/batch.rs): many games stepped in Rust with
order ids, against single `entente.Game`s played with the same orders; the order-id
vocabulary against `get_all_possible_orders`; DeepMind's board encoding on the opening; the
GIL released; bad input refused; and the Great War's setup in both.

Run: pytest crates/entente-py/tests (after installing the wheel, crates/entente-py/README.md).
"""
import threading
import time

import pytest

import entente

np = pytest.importorskip("numpy")

POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def texts_of(batch, ids):
    return [batch.order_text(int(i)) for i in ids if i >= 0]


def play_side_by_side(map_name, n_games, phases, seed, end_year=None):
    """Steps a batch with its random orders and single games with the same orders; checks
    phase, units, centres and legal orders phase by phase. Returns the batch."""
    batch = entente.Batch(n_games, seed=seed, map_name=map_name, end_year=end_year)
    games = [entente.Game(map_name=map_name, seed=batch.game_seed(i), end_year=end_year)
             for i in range(n_games)]
    for step in range(phases):
        if all(batch.done):
            break
        legal = batch.legal_orders()
        assert legal.ndim == 2 and legal.shape[0] == n_games
        chosen = batch.random_legal_orders()
        assert chosen.dtype == np.int32 and chosen.shape[0] == n_games
        for i, g in enumerate(games):
            if g.is_game_done:
                assert batch.done[i]
                assert not (chosen[i] >= 0).any()
                continue
            # The ids' texts are exactly the package's possible orders.
            possible = {o for os in g.get_all_possible_orders().values() for o in os}
            assert set(texts_of(batch, legal[i])) == possible, g.get_current_phase()
            row = legal[i][legal[i] >= 0]
            assert len(row) == len(set(row.tolist())), "an id listed twice"
            assert np.array_equal(batch.legal_orders(game=i), row)
            # The same random draws as the single game's, from the same seed.
            drawn = g.random_orders()
            ours = texts_of(batch, chosen[i])
            assert sorted(ours) == sorted(o for os in drawn.values() for o in os)
            for power, orders in drawn.items():
                g.set_orders(power, orders)
            g.process()
        if step % 2:
            # The same orders in another order per game (as a bot gives them: read and
            # checked, not recognised as the draw), and as lists of rows.
            chosen = [row[row >= 0][::-1].tolist() for row in chosen]
        done = batch.step(chosen)
        assert done.dtype == np.bool_
        phases_now = batch.phases()
        for i, g in enumerate(games):
            assert phases_now[i] == g.get_current_phase()
            assert batch.get_units(i) == g.get_units()
            assert batch.get_centers(i) == g.get_centers()
            assert bool(done[i]) == g.is_game_done
    return batch


def test_batch_games_are_single_games_standard():
    play_side_by_side("standard", 4, 40, seed=11)


def test_batch_games_are_single_games_ancmed():
    play_side_by_side("ancmed", 3, 30, seed=5)


def test_short_games_end_and_reset():
    batch = play_side_by_side("standard", 3, 40, seed=3, end_year=1902)
    assert all(batch.done)
    assert batch.phases() == ["COMPLETED"] * 3
    assert batch.random_legal_orders().shape == (3, 0)
    played = batch.phases_played
    # A finished game's row is ignored.
    batch.step(np.full((3, 1), batch.order_id("A PAR - BUR"), dtype=np.int64))
    assert batch.phases_played == played
    old = batch.game_seed(1)
    batch.reset()
    assert batch.phases() == ["S1901M"] * 3
    assert not batch.done.any()
    assert batch.game_seed(1) != old
    # The new game is the single game of its new seed.
    g = entente.Game(seed=batch.game_seed(1), end_year=1902)
    ours = texts_of(batch, batch.random_legal_orders()[1])
    assert sorted(ours) == sorted(o for os in g.random_orders().values() for o in os)
    batch.reset([0])
    with pytest.raises(ValueError):
        batch.reset([3])


def test_draws_are_the_single_games_call_after_call():
    """What `random_legal_orders` hands out is the single game's `random_orders`, call
    after call (a second call in a phase is a new draw), whichever way the step is given
    (the draw as drawn, or read as a bot gives it), and a game started again draws from its
    new seed."""
    batch = entente.Batch(2, seed=8)
    g = entente.Game(seed=batch.game_seed(0))
    for step in range(12):
        draws = [batch.random_legal_orders() for _ in range(2)]
        for chosen in draws:
            drawn = g.random_orders()
            ours = texts_of(batch, chosen[0])
            assert sorted(ours) == sorted(o for os in drawn.values() for o in os)
        for power, orders in drawn.items():
            g.set_orders(power, orders)
        g.process()
        # The last draw given back as drawn, or the first one read as a bot gives it.
        batch.step(draws[1] if step % 2 else [draws[1][0][::-1].tolist(),
                                                draws[1][1].tolist()])
        assert batch.get_units(0) == g.get_units()
        if step == 5:
            batch.reset([1])
            h = entente.Game(seed=batch.game_seed(1))
            ours = texts_of(batch, batch.random_legal_orders()[1])
            assert sorted(ours) == sorted(o for os in h.random_orders().values() for o in os)
            g_draw = g.random_orders()  # the batch drew for game 0 too
            ours0 = texts_of(batch, batch.legal_orders(game=0))
            assert set(o for os in g_draw.values() for o in os) <= set(ours0)
            break


def test_vocabulary():
    batch = entente.Batch(1, seed=1)
    n = batch.num_orders
    assert n > 10000
    for i in list(range(0, n, 97)) + [n - 1]:
        assert batch.order_id(batch.order_text(i)) == i
    assert batch.order_text(n - 1) == "WAIVE"
    assert batch.order_id("a par -  bur") == batch.order_id("A PAR - BUR")
    for text in ("A PAR - BUR", "F STP/SC - BOT", "A LON - BRE VIA", "F MAO S A GAS - SPA",
                 "F MAO S F GAS - SPA/NC", "F NTH C A LON - NWY", "A PAR R PIC", "F TRI D",
                 "F STP/NC B", "A PAR H", "A BUR S A MUN"):
        assert batch.order_text(batch.order_id(text)) == text
    # Fixed per map: the same ids in a new batch.
    other = entente.Batch(2, seed=7)
    assert other.order_id("A PAR - BUR") == batch.order_id("A PAR - BUR")
    assert batch.order_texts([batch.order_id("A PAR H"), -1]) == ["A PAR H"]


def test_board_encoding_of_the_opening():
    """DeepMind's layout (google-deepmind/diplomacy, environment/observation_utils.py and
    README, "Observations"), values computed by hand for Spring 1901."""
    batch = entente.Batch(2, seed=1)
    assert batch.board_is_deepmind
    areas = batch.board_areas
    assert len(areas) == 81
    assert areas[:3] == ["BOH", "BUR", "GAL"]
    assert areas[72:] == ["BUL", "BUL/EC", "BUL/SC", "SPA", "SPA/NC", "SPA/SC", "STP",
                          "STP/NC", "STP/SC"]
    # DeepMind's ECH, GOB, GOL are the package's ENG, BOT, LYO.
    assert areas[20:23] == ["ENG", "BOT", "LYO"]
    assert batch.powers == POWERS
    board = batch.board()
    assert board.shape == (2, 81, 35) and board.dtype == np.float32
    assert np.array_equal(board[0], board[1])
    b = board[0]
    at = {name: b[i] for i, name in enumerate(areas)}
    france, russia = POWERS.index("FRANCE"), POWERS.index("RUSSIA")

    def flags(v):
        return [i for i, x in enumerate(v) if x]

    # Army in Paris, French; no dislodged unit; a land area; a French centre.
    assert flags(at["PAR"]) == [0, 3 + france, 15, 23, 24, 27 + france]
    # Bohemia: empty, land, no centre.
    assert flags(at["BOH"]) == [2, 10, 15, 23, 24]
    # The North Sea: empty, sea.
    assert flags(at["NTH"]) == [2, 10, 15, 23, 25]
    # Serbia: an unowned centre.
    assert flags(at["SER"]) == [2, 10, 15, 23, 24, 34]
    # St Petersburg's fleet on the south coast: the main area and that coast.
    assert flags(at["STP"]) == [1, 3 + russia, 15, 23, 24, 27 + russia]
    assert flags(at["STP/SC"]) == [1, 3 + russia, 15, 23, 26, 27 + russia]
    assert flags(at["STP/NC"]) == [2, 10, 15, 23, 26, 27 + russia]
    # Spain's coasts: coast areas of an unowned centre.
    assert flags(at["SPA/NC"]) == [2, 10, 15, 23, 26, 34]
    # Every area: one unit flag, one unit-power flag, one dislodged flag and power, one type.
    assert (b[:, 0:3].sum(1) == 1).all() and (b[:, 3:11].sum(1) == 1).all()
    assert (b[:, 13:16].sum(1) == 1).all() and (b[:, 16:24].sum(1) == 1).all()
    assert (b[:, 24:27].sum(1) == 1).all()
    assert b[:, 11:13].sum() == 0  # nothing to build or remove in Spring
    assert b[:, 27:35].sum() == 34 + 6  # 34 centres, Bulgaria's, Spain's, StP's coasts too
    assert b[:, 0:2].sum() == 22 + 1  # 22 units, St Petersburg's fleet twice
    assert batch.season().tolist() == [0, 0]
    assert batch.build_numbers().tolist() == [[0] * 7] * 2


def test_board_in_adjustments_and_retreats():
    batch = entente.Batch(6, seed=2)
    areas = batch.board_areas
    seen_build = seen_dislodged = False
    for _ in range(30):
        batch.step(batch.random_legal_orders())
        board, season, builds = batch.board(), batch.season(), batch.build_numbers()
        for i, phase in enumerate(batch.phases()):
            kind = phase[-1]
            expected = {("S", "M"): 0, ("S", "R"): 1, ("F", "M"): 2, ("F", "R"): 3,
                        ("W", "A"): 4}[(phase[0], kind)]
            assert season[i] == expected
            units = batch.get_units(i)
            dislodged = [u[1:] for us in units.values() for u in us if u.startswith("*")]
            assert board[i][:, 13:15].sum() >= len(dislodged)
            if dislodged:
                seen_dislodged = True
                for u in dislodged:
                    area = board[i][areas.index(u[2:5])]
                    assert area[13 + "AF".index(u[0])] == 1
            if kind == "A":
                legal = texts_of(batch, batch.legal_orders(game=i))
                can_build = {o[2:5] for o in legal if o.endswith(" B")}
                flagged = {areas[a][:3] for a in np.nonzero(board[i][:, 11])[0]}
                assert flagged == can_build
                if can_build:
                    seen_build = True
                    assert (builds[i] > 0).any()
            else:
                assert not builds[i].any() and not board[i][:, 11:13].any()
        batch.reset()
    assert seen_build and seen_dislodged


def test_gil_released_while_stepping():
    batch = entente.Batch(256, seed=4)
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(time.perf_counter())

    windows = []
    th = threading.Thread(target=ticker)
    th.start()
    try:
        for _ in range(6):
            orders = batch.random_legal_orders()
            t0 = time.perf_counter()
            batch.step(orders)
            windows.append((t0, time.perf_counter()))
    finally:
        stop.set()
        th.join()
    # While the games were stepped (a window's middle part), the Python thread ran.
    inside = 0
    for t0, t1 in windows:
        lo, hi = t0 + (t1 - t0) * 0.25, t1 - (t1 - t0) * 0.25
        inside += sum(lo < t < hi for t in ticks)
    assert inside > 20, (inside, [t1 - t0 for t0, t1 in windows])


def test_bad_input_is_refused():
    batch = entente.Batch(2, seed=1)
    par_bur = batch.order_id("A PAR - BUR")
    with pytest.raises(ValueError, match="2"):
        batch.step(np.array([[par_bur]], dtype=np.int64))  # one row for two games
    with pytest.raises(ValueError):
        batch.step(np.zeros((2, 1, 1), dtype=np.int64))
    with pytest.raises(ValueError, match="integer"):
        batch.step(np.zeros((2, 1), dtype=np.float64))
    with pytest.raises(ValueError, match="unknown order id"):
        batch.step([[batch.num_orders], []])
    with pytest.raises(ValueError, match="unknown order id"):
        batch.step([[-7], []])
    with pytest.raises(ValueError, match="not legal"):
        batch.step([[batch.order_id("A BUR - PAR")], []])  # no unit in Burgundy
    with pytest.raises(ValueError, match="not legal"):
        batch.step([[], [batch.order_id("A PAR B")]])  # a build in a movement phase
    with pytest.raises(ValueError, match="two orders"):
        batch.step([[par_bur, batch.order_id("A PAR H")], []])
    with pytest.raises(ValueError):
        batch.order_id("A PAR - XYZ")
    with pytest.raises(ValueError):
        batch.order_text(-2)
    with pytest.raises(ValueError):
        batch.order_text(batch.num_orders)
    with pytest.raises(ValueError):
        batch.get_units(2)
    with pytest.raises(ValueError):
        entente.Batch(0)
    with pytest.raises(ValueError):
        entente.Batch(1, map_name="nowhere")
    # Nothing moved: the games are still in Spring 1901 and take good orders.
    assert batch.phases() == ["S1901M", "S1901M"]
    batch.step([[par_bur], np.array([par_bur, -1], dtype=np.int32)])
    assert batch.phases() == ["F1901M", "F1901M"]
    assert "A BUR" in batch.get_units(0)["FRANCE"]


def test_great_war_starts_as_the_variant_says():
    """greatwar.toml: setup "2", Spring 1914, Italy neutral (no orders) and its provinces
    closed until the coin toss."""
    g = entente.Game(map_name="greatwar", seed=3)
    assert g.get_current_phase() == "S1914M"
    assert g.get_orderable_locations("ITALY") == []
    assert g.get_orderable_locations("FRANCE") == ["BRE", "MAR", "PAR"]
    possible = {o for os in g.get_all_possible_orders().values() for o in os}
    assert "A MAR - PIE" not in possible  # Piedmont is closed
    assert "A MAR - BUR" in possible
    assert not any(o.startswith(("A ROM", "A VEN", "F NAP")) for o in possible)
    assert g.get_units("ITALY") == ["F NAP", "A ROM", "A VEN"] or \
        sorted(g.get_units("ITALY")) == ["A ROM", "A VEN", "F NAP"]
    batch = play_side_by_side("greatwar", 2, 12, seed=8)
    assert batch.phases()[0][1:5] >= "1916"
