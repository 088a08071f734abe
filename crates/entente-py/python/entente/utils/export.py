"""The ``diplomacy`` package's ``diplomacy.utils.export``, for entente's games: saved games
in the package's format, written to and read from JSON-lines files, and checked by replaying
them. A bot's ``from diplomacy.utils.export import to_saved_game_format`` becomes
``from entente.utils.export import to_saved_game_format``.
"""

import json
import logging
import os

LOGGER = logging.getLogger(__name__)


def to_saved_game_format(game, output_path=None, output_mode="a"):
    """The game in the package's saved-game format (a dict), also written as one JSON line
    to ``output_path`` if given (appended by default, as the package does)."""
    saved = game.to_saved_game()
    if output_path:
        with open(output_path, output_mode, encoding="utf-8") as f:
            f.write(json.dumps(saved) + "\n")
    return saved


def from_saved_game_format(saved_game):
    """An ``entente.Game`` from a saved game (``Game.from_saved_game``: adjudicated again
    with the rules it names, ``ENTENTE_RULES=...``, the package's otherwise)."""
    from .._game import Game

    return Game.from_saved_game(saved_game)


def load_saved_games_from_disk(input_path, on_error="raise"):
    """The games of a JSON-lines file, one saved game a line. ``on_error`` says what a line
    that cannot be read as a game does: ``"raise"`` its error, ``"warn"`` a logged warning
    naming the line, ``"ignore"`` nothing. A missing file gives ``[]`` and a warning, as in
    the package."""
    if on_error not in ("raise", "warn", "ignore"):
        raise ValueError('on_error must be "raise", "warn" or "ignore", not %r' % (on_error,))
    if not os.path.exists(input_path):
        LOGGER.warning("File %s does not exist. Aborting.", input_path)
        return []
    games = []
    with open(input_path, "r", encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                games.append(from_saved_game_format(json.loads(line)))
            except Exception as exc:  # noqa: BLE001 - the caller chose what a bad line does
                if on_error == "raise":
                    raise
                if on_error == "warn":
                    LOGGER.warning("%s, line %d: %s", input_path, number, exc)
    return games


def is_valid_saved_game(saved_game):
    """Whether a saved game holds together, checked as the package checks it, by replaying
    it: the id, map, rules and phases are there; each message lies between its neighbouring
    phases, from a power (or ``SYSTEM``) to a power (or ``GLOBAL``), in time order, and none
    in a ``NO_PRESS`` game; and each phase's orders, set on that phase's position, are all
    taken and possible, and adjudicate to the next phase's name, units, centres and hash. A
    game with ``DIFFERENT_ADJUDICATION`` may part once."""
    from .._game import Game
    from .._map import Map

    for key in ("id", "map", "rules", "phases"):
        if key not in saved_game:
            return False
    if not saved_game["id"]:
        return False
    try:
        game_map = Map(saved_game["map"])
    except Exception:  # noqa: BLE001 - an unknown map makes the game invalid, not an error
        return False
    rules = list(saved_game["rules"])
    phases = saved_game["phases"]
    allowed_partings = 1 if "DIFFERENT_ADJUDICATION" in rules else 0
    partings = 0
    messages = 0
    last_time_sent = -1
    for ix, phase in enumerate(phases):
        state = phase["state"]
        powers = list(state["units"])
        before = "FORMING" if ix == 0 else phases[ix - 1]["name"]
        after = "COMPLETED" if ix == len(phases) - 1 else phases[ix + 1]["name"]
        for message in phase.get("messages") or []:
            messages += 1
            if game_map.compare_phases(before, message["phase"]) >= 0:
                return False
            if game_map.compare_phases(message["phase"], after) > 0:
                return False
            if message["sender"] not in powers + ["SYSTEM"]:
                return False
            if message["recipient"] not in powers + ["GLOBAL"]:
                return False
            if message["time_sent"] < last_time_sent:
                return False
            last_time_sent = message["time_sent"]
        if ix == len(phases) - 1:
            continue
        try:
            game = Game(map_name=saved_game["map"], rules=rules, game_id=saved_game["id"])
            game.set_state(state)
        except Exception:  # noqa: BLE001 - a state entente cannot set is not a valid one
            return False
        saved_orders = phase.get("orders") or {}
        try:
            for power, orders in saved_orders.items():
                game.set_orders(power, orders or [])
        except Exception:  # noqa: BLE001 - orders for a power the map lacks: not valid
            return False
        taken = game.get_orders()
        possible = game.get_all_possible_orders()
        for power, orders in taken.items():
            if sorted(orders) != sorted(saved_orders.get(power) or []):
                return False
            if "NO_CHECK" not in rules:
                for order in orders:
                    if order not in possible.get(order.split()[1], ()):
                        return False
        for power in saved_orders:
            if power not in taken and saved_orders[power]:
                return False
        game.process()
        following = phases[ix + 1]["state"]
        parted = game.get_current_phase() != following["name"]
        if "zobrist_hash" in following and str(game.get_hash()) != str(following["zobrist_hash"]):
            parted = True
        for attribute, now in (("units", game.get_units()), ("centers", game.get_centers())):
            for power, held in now.items():
                if sorted(held) != sorted(following[attribute].get(power, [])):
                    parted = True
        if parted:
            partings += 1
            if partings > allowed_partings:
                return False
    if "NO_PRESS" in rules and messages > 0:
        return False
    return True


__all__ = ["to_saved_game_format", "from_saved_game_format", "load_saved_games_from_disk",
           "is_valid_saved_game"]
