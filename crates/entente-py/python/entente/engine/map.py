"""``diplomacy.engine.map``: ``entente.Map``."""

from .._map import Map

__all__ = ["Map"]
