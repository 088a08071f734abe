"""``diplomacy.engine.power``: ``entente.Power``."""

from .._game import Power

__all__ = ["Power"]
