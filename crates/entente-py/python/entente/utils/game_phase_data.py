"""The package's ``diplomacy.utils.game_phase_data.GamePhaseData``: one phase of a game, its
``name``, ``state``, ``orders``, ``results`` and ``messages``.

entente's is a ``dict`` with those keys that also reads (and sets) them as attributes, so
that both the package's ``phase.orders`` and entente's earlier ``phase["orders"]`` work;
``to_dict()`` gives the plain dict the package's gives (the saved game's phase).
"""

_FIELDS = ("name", "state", "orders", "results", "messages")


class GamePhaseData(dict):
    """``GamePhaseData(name, state, orders, results, messages)``."""

    __slots__ = ()

    def __init__(self, name, state, orders, results, messages):
        super().__init__(name=name, state=state, orders=orders, results=results,
                         messages=messages)

    def __getattr__(self, key):
        if key in _FIELDS:
            return self[key]
        raise AttributeError("'GamePhaseData' object has no attribute %r" % key)

    def __setattr__(self, key, value):
        if key not in _FIELDS:
            raise AttributeError("'GamePhaseData' object has no attribute %r" % key)
        self[key] = value

    def __repr__(self):
        return "GamePhaseData(%s)" % super().__repr__()

    def to_dict(self):
        """The phase as a plain dict (the form of a saved game's phase)."""
        return {key: self[key] for key in _FIELDS}

    @classmethod
    def from_dict(cls, data):
        """A phase from a dict of the saved game's form (``messages`` and ``results`` may be
        missing)."""
        return cls(name=data["name"], state=data["state"], orders=data.get("orders", {}),
                   results=data.get("results", {}), messages=data.get("messages", {}))

    def __reduce__(self):
        return (_rebuild, (self.to_dict(),))


def _rebuild(data):
    return GamePhaseData.from_dict(data)


__all__ = ["GamePhaseData"]
