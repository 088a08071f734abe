"""``entente.Game`` and ``entente.Power``: the ``diplomacy`` package's ``Game`` API over the
native game (``_entente.Game``), for switching a bot by its import.

The native game does the work (legal orders, adjudication, states and saved games in the
package's form); this layer gives it the package's shape: ``game.map``, ``game.powers`` by
name, ``get_power``, ``set_state``/``set_units``/``set_centers``, ``zobrist_hash``,
``copy``/``pickle``. Names of the package that entente does not offer raise
``NotImplementedError`` saying what to use instead.
"""

import json
import random as _random
import sys as _sys

from . import _entente
from ._map import Map
from .utils.game_phase_data import GamePhaseData

# Package keyword arguments of Game() that change nothing here (server, press, timing).
_IGNORED_KWARGS = {
    "status", "deadline", "n_controls", "registration_password", "daide_port", "role",
    "note", "timestamp_created", "message_history", "order_history", "result_history",
    "state_history", "controlled_powers", "observer_level", "messages", "phase_abbr",
}

# What the package has and entente deliberately does not, with what to use instead.
_NOT_OFFERED = {
    "add_message": "press: entente's Python games are no-press (entente serve has press)",
    "new_global_message": "press: entente's Python games are no-press",
    "new_power_message": "press: entente's Python games are no-press",
    "filter_messages": "press: entente's Python games are no-press",
    "messages": "press: entente's Python games are no-press",
    "message_history": "press: entente's Python games are no-press",
    "set_controlled": "controllers: every power is played by the program",
    "get_controllers": "controllers: every power is played by the program",
    "get_controllers_timestamps": "controllers: every power is played by the program",
    "is_controlled": "controllers: every power is played by the program",
    "update_powers_controllers": "controllers: every power is played by the program",
    "get_controlled_power_names": "game.powers (every power)",
    "get_dummy_power_names": "game.powers (no dummies)",
    "get_dummy_unordered_power_names": "game.powers (no dummies)",
    "update_dummy_powers": "nothing: no dummies",
    "set_status": "is_game_done (no server statuses)",
    "set_wait": "nothing: no server",
    "clear_vote": "nothing: no votes",
    "count_voted": "nothing: no votes",
    "has_draw_vote": "nothing: no votes",
    "draw": "Game(end_year=...) for a short game",
    "to_dict": "to_saved_game() or to_json()",
    "from_dict": "Game.from_saved_game() or Game.from_json()",
    "get_model": "to_saved_game()",
    "build_model": "to_saved_game()",
    "extend_phase_history": "Game.from_saved_game()",
    "set_current_phase": "set_state({'name': ...})",
    "add_rule": "Game(rules='2000+option') (docs/rule-options.md)",
    "remove_rule": "Game(rules='2000+option') (docs/rule-options.md)",
    "load_map": "Game(map_name=...)",
    "convoy_paths_possible": "get_all_possible_orders() (convoys are listed)",
    "convoy_paths_dest": "get_all_possible_orders() (convoys are listed)",
    "start_master": "nothing: no server",
    "does_not_wait": "nothing: no server",
    "get_latest_timestamp": "nothing: no timestamps",
    "phase_history_from_timestamp": "get_phase_history()",
    "current_state": "get_state()",
    "phase_abbr": "get_current_phase()",
    "orders": "get_orders() or powers[name].orders (the package fills it while processing)",
    "json": "to_saved_game(as_json=True)",
    "model": "to_saved_game()",
    "update_json_dict": "to_saved_game()",
    "build_caches": "nothing: entente keeps no caches to rebuild",
    "clear_cache": "nothing: entente keeps no caches to rebuild",
    "update_hash": "zobrist_hash (computed from the position)",
    "zobrist_tables": "zobrist_hash (computed from the position)",
    "rule_cache": "Game(rules=...) (docs/rule-options.md)",
    "meta_rules": "Game(rules=...) (docs/rule-options.md)",
    "renderer": "render()",
    "combat": "results: phase_results (the adjudicator's internals are not exposed)",
    "command": "get_orders() (the adjudicator's internals are not exposed)",
    "supports": "phase_results (the adjudicator's internals are not exposed)",
    "dislodged": "get_units() ('*' marks dislodged units) or Power.retreats",
    "popped": "phase_results ('disband')",
    "lost": "get_centers()",
    "convoy_paths": "get_all_possible_orders() (convoys are listed)",
    "fixed_state": "get_state()",
    "is_fixed_state_unchanged": "get_state()",
    "civil_disorder": "get_state()['civil_disorder']",
    "controlled_powers": "powers: every power is played by the program",
    "count_controlled_powers": "powers: every power is played by the program",
    "get_expected_controls_count": "powers: every power is played by the program",
    "has_expected_controls_count": "powers: every power is played by the program",
    "n_controls": "powers: every power is played by the program",
    "is_dummy": "powers: every power is played by the program",
    "power": "get_power(name): a local game has no viewing power",
    "role": "get_power(name): a local game has no viewing power",
    "observer_level": "get_power(name): a local game has no viewing power",
    "is_observer_game": "nothing: a local game has no roles",
    "is_omniscient_game": "nothing: a local game has no roles",
    "is_player_game": "nothing: a local game has no roles",
    "is_server_game": "nothing: a local game has no roles",
    "daide_port": "entente serve --daide (DAIDE is served by entente's server)",
    "deadline": "nothing: no deadlines in a local game (entente serve has them)",
    "registration_password": "nothing: no server",
    "is_valid_password": "nothing: no server",
    "timestamp_created": "nothing: no timestamps",
}

# The same for Power and Map.
_POWER_NOT_OFFERED = {
    name: "nothing: every power is played by the program (no controllers, tokens, votes)"
    for name in ("add_token", "controller", "does_not_wait", "get_controller",
                 "get_controller_timestamp", "has_token", "is_controlled",
                 "is_controlled_by", "is_observer_power", "is_omniscient_power",
                 "is_player_power", "is_server_power", "remove_tokens", "role",
                 "set_controlled", "tokens", "update_controller", "vote", "wait")
}
_POWER_NOT_OFFERED.update({
    name: "game.to_saved_game() (a power is a view of its game)"
    for name in ("build_model", "compare", "from_dict", "get_model", "initialize", "json",
                 "merge", "model", "reinit", "to_dict", "update_json_dict")
})
_POWER_NOT_OFFERED["goner"] = "is_eliminated()"
_POWER_NOT_OFFERED["order_is_set"] = "game.get_orders(power_name)"


def _zobrist_table(game_map):
    """The package's Zobrist table for a map: the same numbers, drawn from the same seed
    (its rule: the seed from the location count and the centres' names)."""
    cached = _ZOBRIST.get(game_map.name)
    if cached is not None:
        return cached
    powers = sorted(game_map.powers)
    locs = sorted(loc.upper() for loc in game_map.locs)
    scs = "-".join(sorted(s.upper() for s in game_map.scs))
    seed = (12345 + len(locs) + sum(ord(x) * 7 ** i for i, x in enumerate(scs))) % 2 ** 32
    rng = _random.Random(seed)

    def rows(n):
        return [[rng.randint(1, _sys.maxsize) for _ in range(len(locs))] for _ in range(n)]

    table = {"unit_type": rows(2), "units": rows(len(powers)), "dis_unit_type": rows(2),
             "dis_units": rows(len(powers)), "centers": rows(len(powers)),
             "homes": rows(len(powers)), "powers": {p: i for i, p in enumerate(powers)},
             "locs": {loc: i for i, loc in enumerate(locs)}}
    _ZOBRIST[game_map.name] = table
    return table


_ZOBRIST = {}


def _zobrist(game_map, state):
    """The package's Zobrist hash of a state: the xor of a number per unit (by power, type,
    place, dislodged or not), per centre owned and per home centre. Each item's number is
    worked out once per map and kept (``_ZOBRIST_ITEMS``), so a hash is a lookup per item."""
    items = _ZOBRIST_ITEMS.get(game_map.name)
    if items is None:
        items = _ZOBRIST_ITEMS[game_map.name] = ({}, {}, {})
    units, centers, homes = items
    h = 0
    for power, held in state["units"].items():
        for u in held:
            x = units.get((power, u))
            if x is None:
                x = units[(power, u)] = _zobrist_unit(game_map, power, u)
            h ^= x
    for kind, table in (("centers", centers), ("homes", homes)):
        for power, held in state[kind].items():
            for c in held:
                x = table.get((power, c))
                if x is None:
                    t = _zobrist_table(game_map)
                    x = table[(power, c)] = t[kind][t["powers"][power]][t["locs"][c[:3]]]
                h ^= x
    return h


def _zobrist_unit(game_map, power, unit):
    t = _zobrist_table(game_map)
    p = t["powers"][power]
    dislodged = unit.startswith("*")
    unit = unit.lstrip("*")
    kind, loc = "AF".index(unit[0]), t["locs"][unit[2:]]
    if dislodged:
        return t["dis_unit_type"][kind][loc] ^ t["dis_units"][p][loc]
    return t["unit_type"][kind][loc] ^ t["units"][p][loc]


_ZOBRIST_ITEMS = {}


def _with_hash(game_map, state):
    """A state of the history or of a saved game given its ``zobrist_hash`` (a string, as the
    package writes it), which the package's readers (``is_valid_saved_game``) expect."""
    state["zobrist_hash"] = str(_zobrist(game_map, state))
    return state


class Power:
    """One power of a game, as the package's ``Power``: ``name``, ``units`` (standing),
    ``retreats`` (dislodged units and where they may go), ``centers``, ``homes``,
    ``influence``, ``orders``, ``civil_disorder``. A view: every read is the game's now."""

    def __init__(self, game, name):
        self.game = game
        self.name = name

    def __repr__(self):
        return "<entente.Power %s>" % self.name

    def __eq__(self, other):
        return isinstance(other, Power) and other.game is self.game and other.name == self.name

    def __hash__(self):
        return hash(self.name)

    def _state(self, key):
        return self.game.get_state()[key][self.name]

    @property
    def abbrev(self):
        return self.name[0]

    @property
    def units(self):
        return [u for u in self.game.get_units(self.name) if not u.startswith("*")]

    @property
    def retreats(self):
        return self._state("retreats")

    @property
    def centers(self):
        return self.game.get_centers(self.name)

    @property
    def homes(self):
        return self._state("homes")

    @property
    def influence(self):
        return self._state("influence")

    @property
    def civil_disorder(self):
        return self._state("civil_disorder")

    @property
    def orders(self):
        """Movement orders set this phase, by unit: ``{"A PAR": "- BUR"}`` (``{}`` in
        other phases, whose orders are in ``adjust``)."""
        if self.game.phase_type != "M":
            return {}
        out = {}
        for o in self.game.get_orders(self.name):
            w = o.split()
            out[" ".join(w[:2])] = " ".join(w[2:])
        return out

    @property
    def adjust(self):
        """Retreat and adjustment orders set this phase."""
        return [] if self.game.phase_type == "M" else self.game.get_orders(self.name)

    def __getattr__(self, name):
        if name in _POWER_NOT_OFFERED:
            raise NotImplementedError("entente.Power.%s is not offered: use %s"
                                      % (name, _POWER_NOT_OFFERED[name]))
        raise AttributeError("'Power' object has no attribute %r" % name)

    def is_eliminated(self):
        return not (self.game.get_units(self.name) or self.centers)

    def is_dummy(self):
        return False

    def moves_submitted(self):
        return bool(self.game.get_orders(self.name)) or not \
            self.game.get_orderable_locations(self.name)

    def clear_units(self):
        self.game.clear_units(self.name)

    def clear_centers(self):
        self.game.clear_centers(self.name)

    def clear_orders(self):
        self.game.clear_orders(self.name)


class Game:
    """A game of Diplomacy with the ``diplomacy`` package's API.

    ``Game(map_name="standard", rules="2000", seed=None, end_year=None, game_id=None)``:
    ``rules`` is entente's rulebook (``"2000"``, ``"1971"``, ``"2000+retreat-to-convoy-
    origin"``, ``"package"``: the package's adjudication); a list of the package's rule
    flags (``["NO_PRESS"]``) means the package's adjudication. ``seed`` drives
    ``random_orders``; ``end_year`` ends the game after that year.
    """

    def __init__(self, map_name="standard", rules="2000", seed=None, end_year=None,
                 game_id=None, **kwargs):
        unknown = set(kwargs) - _IGNORED_KWARGS
        if unknown:
            raise TypeError("Game() got unexpected keyword arguments: %s"
                            % ", ".join(sorted(unknown)))
        if not isinstance(rules, str):
            flags = [r for r in rules if isinstance(r, str)]
            spec = [r.split("=", 1)[1] for r in flags if r.startswith("ENTENTE_RULES=")]
            rules = spec[0] if spec else "package"
            # A saved game's last year (``ENTENTE_END_YEAR=1905``), unless one is given.
            years = [r.split("=", 1)[1] for r in flags if r.startswith("ENTENTE_END_YEAR=")]
            if end_year is None and years:
                try:
                    end_year = int(years[0])
                except ValueError:
                    raise ValueError("rule %r: not a year" % ("ENTENTE_END_YEAR=" + years[0],))
        self._g = _entente.Game(map_name=map_name, rules=rules, seed=seed, end_year=end_year)
        self._init(game_id, end_year)

    def _init(self, game_id, end_year):
        self.game_id = game_id if game_id is not None else "entente"
        self._end_year = end_year
        # A set position (its state), from which a copy is rebuilt: the native history
        # starts there, and holds the orders of each phase played since.
        self._base = None
        self.map = Map(self._g.map_name)
        self.note = ""
        self._power_names = tuple(self._g.powers)
        # The calls a bot makes every phase go to the native game straight (a Python method
        # in between cost a bot's loop about a tenth of its time); the methods below say the
        # same and are what a subclass overrides (then kept).
        for name in _NATIVE_CALLS:
            if getattr(type(self), name) is getattr(Game, name):
                setattr(self, name, getattr(self._g, name))

    @classmethod
    def _wrap(cls, native, game_id=None, end_year=None):
        self = cls.__new__(cls)
        self._g = native
        self._init(game_id, end_year)
        return self

    # -- copy and pickle ---------------------------------------------------------------
    def __reduce__(self):
        if self._base is None:
            return (_restore_json, (self._g.to_json(), self.game_id, self._end_year,
                                    self._g.seed))
        state = self._base
        played = [h["orders"] for h in self._g.get_phase_history()]
        return (_restore_set, (self.map_name, self._g.rules_spec, self._g.seed,
                               self._end_year, self.game_id, state, played,
                               self.get_orders()))

    def __copy__(self):
        f, args = self.__reduce__()
        return f(*args)

    def __deepcopy__(self, memo):
        return self.__copy__()

    def __repr__(self):
        return "<entente.Game %s %s rules %s>" % (self.map_name, self.get_current_phase(),
                                                 self._g.rules_spec)

    def __getattr__(self, name):
        if name in _NOT_OFFERED:
            raise NotImplementedError("entente.Game.%s is not offered: use %s"
                                      % (name, _NOT_OFFERED[name]))
        raise AttributeError("'Game' object has no attribute %r" % name)

    # -- the game ----------------------------------------------------------------------
    @property
    def map_name(self):
        return self._g.map_name

    @property
    def phase(self):
        """The package's long name: ``SPRING 1901 MOVEMENT`` (``COMPLETED`` at the end)."""
        return self._g.phase_long

    def get_current_phase(self):
        """``S1901M`` (``COMPLETED`` at the end)."""
        return self._g.phase

    @property
    def current_short_phase(self):
        return self._g.phase

    @property
    def phase_type(self):
        """``M``, ``R``, ``A``, or ``None`` once the game is over (as the package)."""
        t = self._g.phase_type
        return None if t == "-" else t

    @property
    def is_game_done(self):
        return self._g.is_game_done

    def is_game_completed(self):
        return self._g.is_game_done

    def is_game_active(self):
        return not self._g.is_game_done

    @property
    def outcome(self):
        return self._g.outcome

    @property
    def rules(self):
        """The package's rule flags, with entente's rulebook as ``ENTENTE_RULES=...``."""
        return self._g.rule_flags

    @property
    def entente_rules(self):
        """entente's rulebook as ``Game(rules=...)`` reads it: ``"2000"``."""
        return self._g.rules_spec

    @property
    def no_press(self):
        return True

    @property
    def seed(self):
        return self._g.seed

    @property
    def error(self):
        """Why orders given to ``set_orders`` were not taken."""
        return self._g.error

    @error.setter
    def error(self, value):
        if value:
            raise ValueError("error can only be cleared")
        self._g.clear_error()

    @property
    def powers(self):
        """``{"AUSTRIA": Power, ...}``: views of the game, made when asked for (kept by the
        game they would make a reference cycle, freed only by the garbage collector)."""
        return {name: Power(self, name) for name in self._power_names}

    def get_power(self, power_name):
        if power_name and power_name.upper() in self._power_names:
            return Power(self, power_name.upper())
        return None

    def has_power(self, power_name):
        return bool(power_name) and power_name.upper() in self._power_names

    def get_map_power_names(self):
        return set(self._power_names)

    def get_random_power_name(self):
        return _random.choice(sorted(self._power_names))

    @property
    def victory(self):
        """Supply centres for a solo victory: ``[18]``."""
        return list(self.map.victory)

    @property
    def win(self):
        return self.map.victory[0]

    @property
    def status(self):
        return "completed" if self._g.is_game_done else "active"

    def is_game_canceled(self):
        return False

    def is_game_forming(self):
        return False

    def is_game_paused(self):
        return False

    # The package's rule flags as it reads them.
    solitaire = property(lambda self: False)
    no_rules = property(lambda self: False)
    power_choice = property(lambda self: True)
    public_press = property(lambda self: False)
    real_time = property(lambda self: False)
    multiple_powers_per_player = property(lambda self: False)
    no_observations = property(lambda self: False)

    @property
    def ordered_units(self):
        """The units (or build sites) each power has given orders for this phase."""
        return {p: [" ".join(o.split()[:2]) for o in os]
                for p, os in self.get_orders().items()}

    @property
    def zobrist_hash(self):
        return _zobrist(self.map, self._g.get_state())

    def get_hash(self):
        return str(self.zobrist_hash)

    def rebuild_hash(self):
        return self.get_hash()

    # -- what bots read ----------------------------------------------------------------
    def get_units(self, power_name=None):
        return self._g.get_units(power_name.upper() if power_name else None)

    def get_centers(self, power_name=None):
        return self._g.get_centers(power_name.upper() if power_name else None)

    def get_orderable_locations(self, power_name=None):
        """Where a power has something to order (provinces, sorted), or a dict of every
        power's."""
        return self._g.get_orderable_locations(power_name)

    def get_all_possible_orders(self):
        """Every possible order of the phase by location (every location a key)."""
        return self._g.get_all_possible_orders()

    def get_legal_orders(self, power_name):
        return self._g.get_legal_orders(power_name.upper())

    def random_orders(self):
        return self._g.random_orders()

    def get_orders(self, power_name=None):
        """The orders set this phase (a waive is not listed, as in the package)."""
        orders = self._g.get_orders(power_name.upper() if power_name else None)
        if isinstance(orders, dict):
            return {p: [o for o in os if o != "WAIVE"] for p, os in orders.items()}
        return [o for o in orders if o != "WAIVE"]

    def get_state(self):
        state = self._g.get_state()
        state["zobrist_hash"] = str(_zobrist(self.map, state))
        state["note"] = self.note
        for key in ("game_id", "map", "rules"):
            state.pop(key, None)
        return state

    @property
    def phase_results(self):
        return self._g.phase_results

    @property
    def result(self):
        """The last phase's results, by unit (the package's ``result`` after
        ``process``)."""
        return self._g.phase_results

    def get_phase_history(self, from_phase=None, to_phase=None, game_role=None):
        """The phases played, as the package's ``GamePhaseData`` (also dicts: ``name``,
        ``state``, ``orders``, ``results``, ``messages``), each state with its
        ``zobrist_hash``; from ``from_phase`` to ``to_phase`` included, each a phase name
        (``"F1901M"``) or an index in the history, the first and the last by default.
        ``game_role`` is accepted (there are no messages to filter)."""
        history = self._g.get_phase_history()
        if from_phase is not None or to_phase is not None:
            names = [h["name"] for h in history]

            def bound(phase):
                if isinstance(phase, int):
                    return names[phase]
                return phase.upper()

            low = bound(from_phase) if from_phase is not None else None
            high = bound(to_phase) if to_phase is not None else None
            history = [h for h in history
                       if (low is None or self.map.compare_phases(h["name"], low) >= 0)
                       and (high is None or self.map.compare_phases(h["name"], high) <= 0)]
        out = []
        for phase in history:
            _with_hash(self.map, phase["state"])
            out.append(GamePhaseData(name=phase["name"], state=phase["state"],
                                     orders=phase["orders"], results=phase["results"],
                                     messages=phase["messages"]))
        return out

    def get_phase_from_history(self, short_phase_name, game_role=None):
        """The phase of the history named ``short_phase_name`` (``GamePhaseData``)."""
        found = self.get_phase_history(short_phase_name, short_phase_name)
        if not found:
            raise IndexError("no phase %s in the game's history (its phases: %s)"
                             % (short_phase_name,
                                ", ".join(h["name"] for h in self._g.get_phase_history())
                                or "none yet"))
        return found[0]

    def get_phase_data(self):
        """The current phase as the package's ``GamePhaseData``: its name, state, the orders
        set (``None`` for a power with none: entente does not tell a power that set an empty
        list from one that set nothing), no results yet, no messages."""
        orders = self.get_orders()
        return GamePhaseData(name=self.get_current_phase(), state=self.get_state(),
                             orders={p: (orders.get(p) or None) for p in self._power_names},
                             results={}, messages={})

    def set_phase_data(self, phase_data, clear_history=True):
        """Puts the game in a phase's position and sets its orders (the package's
        ``GamePhaseData``, entente's, or a saved game's phase dict; or a list of one). The
        history is always cleared: a list of several phases raises NotImplementedError (a
        history is made by playing: ``Game.from_saved_game``)."""
        if not phase_data:
            return
        if isinstance(phase_data, (list, tuple)):
            if len(phase_data) > 1:
                raise NotImplementedError(
                    "entente.Game.set_phase_data takes one phase: a history of %d phases is "
                    "made by playing it, use Game.from_saved_game" % len(phase_data))
            phase_data = phase_data[0]
        if isinstance(phase_data, dict):
            state, orders = phase_data["state"], phase_data.get("orders") or {}
        else:
            state, orders = phase_data.state, phase_data.orders or {}
        self.set_state(state)
        for power_name, power_orders in orders.items():
            if power_orders is not None:
                self.set_orders(power_name, power_orders)

    def get_order_status(self, power_name=None, unit=None, loc=None):
        """The results of the last phase played, as the package's: of one ``unit`` (a
        list), of the unit at ``loc`` (``(unit, list)``, ``(loc, [])`` if none), of each unit
        a power had (a dict), or of every power's (a dict of dicts)."""
        history = self._g.get_phase_history()
        if unit or loc:
            if bool(unit) == bool(loc):
                raise ValueError("get_order_status takes a unit or a location, not both")
            results = history[-1]["results"] if history else {}
            if unit:
                return list(results.get(unit, []))
            for ordered, result in results.items():
                if ordered[2:5] == loc[:3].upper():
                    return ordered, list(result)
            return loc, []
        def of_power(name):
            if not history:
                return {}
            results = history[-1]["results"]
            return {u.lstrip("*"): list(results.get(u.lstrip("*"), []))
                    for u in history[-1]["state"]["units"].get(name, [])}

        if power_name is not None:
            return of_power(power_name.upper())
        # every power's from the one history read above
        return {p: of_power(p) for p in self._power_names}

    @property
    def order_history(self):
        return {h["name"]: h["orders"] for h in self._g.get_phase_history()}

    @property
    def result_history(self):
        return {h["name"]: h["results"] for h in self._g.get_phase_history()}

    @property
    def state_history(self):
        return {h["name"]: h["state"] for h in self.get_phase_history()}

    # -- orders and processing ---------------------------------------------------------
    def set_orders(self, power_name, orders, expand=True, replace=True):
        """Sets a power's orders (a string or a list) as the package does: each order
        replaces the earlier one of the same unit; orders the power cannot give now (another
        power's unit, a build in a movement phase, an impossible move, unreadable text) are
        left out and said in ``error``. Returns the orders taken. ``replace=False`` keeps
        orders already set (an order for a unit that has one is left out); ``expand`` is
        accepted (orders are always read in full). Once the game is over nothing is set."""
        return self._g.set_orders(power_name, orders, expand, replace)

    def clear_orders(self, power_name=None):
        self._g.clear_orders(power_name.upper() if power_name else None)

    def process(self):
        """Adjudicates the phase and moves on (the GIL is released meanwhile)."""
        self._g.process()

    # -- setting a position ------------------------------------------------------------
    def set_state(self, state, clear_history=True):
        """Puts the game in the position of a state dict (``get_state()``'s form: ``name``,
        ``units`` with ``*`` for dislodged, ``retreats``, ``centers``, ``influence``). The
        history is always cleared."""
        if "map" in state and state["map"] != self.map_name:
            raise RuntimeError("Inconsistent state map (state: %s, game: %s)"
                               % (state["map"], self.map_name))
        if "note" in state:
            self.note = state["note"]
        current = self._g.get_state()
        name = state.get("name") or current["name"]
        units = dict(current["units"])
        units.update(state.get("units", {}))
        retreats = dict(current["retreats"])
        retreats.update(state.get("retreats", {}))
        centers = dict(current["centers"])
        centers.update(state.get("centers", {}))
        influence = dict(current["influence"])
        influence.update(state.get("influence", {}))
        self._put(name, units, retreats, centers, influence)

    def _put(self, name, units, retreats, centers, influence):
        units = {p.upper(): list(u) for p, u in units.items()}
        self._g._set_position(name, units, retreats, centers, influence)
        self._base = self._g.get_state()

    def set_units(self, power_name, units, reset=False):
        """Places units (``"A PAR"``, ``"*F BRE"`` dislodged) for a power, removing any unit
        in their provinces; with ``reset`` the power's other units go first."""
        power_name = power_name.upper()
        if isinstance(units, str):
            units = [units]
        s = self._g.get_state()
        places = {u.lstrip("*")[2:5] for u in units}
        new_units = {}
        for p, us in s["units"].items():
            keep = [] if (reset and p == power_name) else \
                [u for u in us if u.lstrip("*")[2:5] not in places]
            new_units[p] = keep
        new_units.setdefault(power_name, [])
        new_units[power_name] = new_units[power_name] + [u.upper() for u in units]
        influence = {p: [x for x in inf if x not in places] for p, inf in s["influence"].items()}
        influence[power_name] = influence.get(power_name, []) + \
            [u.lstrip("*")[2:5] for u in units]
        self._put(s["name"], new_units, s["retreats"], s["centers"], influence)

    def set_centers(self, power_name, centers, reset=False):
        """Gives supply centres to a power (taking them from others); with ``reset`` the
        power's other centres go first."""
        power_name = power_name.upper()
        if isinstance(centers, str):
            centers = [centers]
        centers = [c.upper()[:3] for c in centers if c.upper()[:3] in self.map.scs]
        s = self._g.get_state()
        new = {}
        for p, cs in s["centers"].items():
            new[p] = [] if (reset and p == power_name) else [c for c in cs if c not in centers]
        new[power_name] = new.get(power_name, []) + [c for c in centers
                                                      if c not in new.get(power_name, [])]
        self._put(s["name"], s["units"], s["retreats"], new, s["influence"])

    def clear_units(self, power_name=None):
        s = self._g.get_state()
        units = {p: ([] if power_name is None or p == power_name.upper() else us)
                 for p, us in s["units"].items()}
        self._put(s["name"], units, s["retreats"], s["centers"], s["influence"])

    def clear_centers(self, power_name=None):
        s = self._g.get_state()
        centers = {p: ([] if power_name is None or p == power_name.upper() else cs)
                   for p, cs in s["centers"].items()}
        self._put(s["name"], s["units"], s["retreats"], centers, s["influence"])

    # -- drawing and records -----------------------------------------------------------
    def render(self, incl_orders=True, incl_abbrev=False, output_format="svg",
               output_path=None):
        """The board as SVG text (entente's renderer), also written to ``output_path`` if
        given. Only ``output_format="svg"``."""
        if output_format != "svg":
            raise NotImplementedError("entente renders SVG only (entente render --png for "
                                      "PNG)")
        svg = self._g.render(incl_orders)
        if output_path:
            with open(output_path, "w", encoding="utf-8") as f:
                f.write(svg)
        return svg

    def to_saved_game(self, as_json=False, game_id=None):
        """The package's saved-game format (``to_saved_game_format``); rules include
        ``ENTENTE_RULES=...`` so that ``from_saved_game`` plays on with entente's rules."""
        saved = self._g.to_saved_game(as_json=False,
                                      game_id=game_id if game_id is not None else self.game_id)
        for phase in saved["phases"]:
            _with_hash(self.map, phase["state"])
        return json.dumps(saved, separators=(",", ":")) if as_json else saved

    @classmethod
    def from_saved_game(cls, data, strict=False, seed=None):
        """A game from the package's saved-game format (dict or JSON text): adjudicated
        again with the rules it names (``ENTENTE_RULES=...``), the package's otherwise."""
        native = _entente.Game.from_saved_game(data, strict=strict, seed=seed)
        game_id = data.get("id") if isinstance(data, dict) else None
        return cls._wrap(native, game_id)

    def to_json(self):
        """entente's native record (docs/game-record.md)."""
        return self._g.to_json()

    @classmethod
    def from_json(cls, text, seed=None):
        return cls._wrap(_entente.Game.from_json(text, seed=seed))


# The native game's methods a Game's own are bound to (see `Game._init`).
_NATIVE_CALLS = ("get_all_possible_orders", "get_orderable_locations", "set_orders",
                 "random_orders")


def _restore_json(text, game_id, end_year, seed):
    g = Game._wrap(_entente.Game.from_json(text, seed=seed), game_id, end_year)
    return g


def _restore_set(map_name, rules, seed, end_year, game_id, state, played, orders):
    g = Game(map_name=map_name, rules=rules, seed=seed, end_year=end_year, game_id=game_id)
    g.set_state(state)
    for phase_orders in played:
        for power, os in phase_orders.items():
            g.set_orders(power, os or [])
        g.process()
    for power, os in orders.items():
        g.set_orders(power, os)
    return g
