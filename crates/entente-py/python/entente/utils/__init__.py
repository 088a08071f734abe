"""The package's ``diplomacy.utils`` modules a bot imports: ``entente.utils.export``."""

from . import export

__all__ = ["export"]
