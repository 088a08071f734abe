"""entente: Diplomacy in Rust, for Python.

``entente.Game`` has the names of the Python ``diplomacy`` package (``get_units``,
``get_all_possible_orders``, ``set_orders``, ``process``, ...) and reads and writes its order
strings (``A PAR - BUR``, ``F STP/SC - BOT``, ``A PAR B``, ``WAIVE``) and saved games
(``to_saved_game``, ``Game.from_saved_game``).
"""

from ._entente import Game, __version__, variants

__all__ = ["Game", "variants", "__version__"]
