"""The package's ``diplomacy.engine`` module paths: ``entente.engine.game.Game``,
``entente.engine.map.Map``, ``entente.engine.power.Power``."""

from . import game, map, power  # noqa: A004 - the package's module names

__all__ = ["game", "map", "power"]
