"""The package's ``diplomacy.utils`` modules a bot imports: ``entente.utils.export`` and
``entente.utils.game_phase_data``."""

from . import export, game_phase_data

__all__ = ["export", "game_phase_data"]
