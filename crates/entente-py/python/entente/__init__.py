"""entente: Diplomacy in Rust, for Python.

``entente.Game`` has the API of the Python ``diplomacy`` package's ``Game`` (``game.map``,
``game.powers["FRANCE"]``, ``get_all_possible_orders``, ``set_orders``, ``process``,
``get_state``/``set_state``, ``render``, ...), reads and writes its order strings (``A PAR -
BUR``, ``F STP/SC - BOT``, ``A PAR B``, ``WAIVE``) and saved games (``to_saved_game``,
``Game.from_saved_game``), so that a bot switches with ``import entente as diplomacy``.
"""

from ._entente import Batch, __version__, variants
from ._game import Game, Power
from ._map import Map


def to_saved_game_format(game, output_path=None, output_mode="a"):
    """The package's ``diplomacy.utils.export.to_saved_game_format``: the saved game (a
    dict), also appended as one JSON line to ``output_path`` if given."""
    saved = game.to_saved_game()
    if output_path:
        import json

        with open(output_path, output_mode, encoding="utf-8") as f:
            f.write(json.dumps(saved) + "\n")
    return saved


def from_saved_game_format(saved_game):
    """The package's ``diplomacy.utils.export.from_saved_game_format``."""
    return Game.from_saved_game(saved_game)


__all__ = ["Batch", "Game", "Map", "Power", "variants", "to_saved_game_format",
           "from_saved_game_format", "__version__"]
