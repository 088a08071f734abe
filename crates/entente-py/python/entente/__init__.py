"""entente: Diplomacy in Rust, for Python.

``entente.Game`` has the API of the Python ``diplomacy`` package's ``Game`` (``game.map``,
``game.powers["FRANCE"]``, ``get_all_possible_orders``, ``set_orders``, ``process``,
``get_state``/``set_state``, ``render``, ...), reads and writes its order strings (``A PAR -
BUR``, ``F STP/SC - BOT``, ``A PAR B``, ``WAIVE``) and saved games (``to_saved_game``,
``Game.from_saved_game``), so that a bot switches with ``import entente as diplomacy``.
The package's module paths a bot imports from are here too: ``entente.utils.export``
(``to_saved_game_format``, ``load_saved_games_from_disk``, ``is_valid_saved_game``...) and
``entente.engine.game``, ``.map``, ``.power``.
"""

from ._entente import Batch, __version__, variants
from ._game import Game, Power
from ._map import Map
from . import engine, utils
from .utils.export import from_saved_game_format, to_saved_game_format


__all__ = ["Batch", "Game", "Map", "Power", "variants", "to_saved_game_format",
           "from_saved_game_format", "engine", "utils", "__version__"]
