"""``diplomacy.engine.game``: ``entente.Game``."""

from .._game import Game

__all__ = ["Game"]
