"""``entente.Map``: a variant's map with the query names of the ``diplomacy`` package's ``Map``.

Built once per variant from the native module's tables (``_entente.map_data``); every query
is a dictionary lookup.
"""

from ._entente import map_data

_MAPS = {}

# The package's Map names entente does not offer, with what to use instead.
_MAP_NOT_OFFERED = {
    name: "entente's variant files (docs/variant-format.md); Map(name) reads a built-in one"
    for name in ("add_homes", "build_cache", "compact", "drop", "files", "load",
                 "rearrange", "validate", "validated", "vet", "svg_path", "error",
                 "abuts_cache", "convoy_paths", "flow", "flow_sign", "keywords", "unclear",
                 "alias", "aliases", "abbrev", "own_word", "pow_name", "norm_power",
                 "dummies", "owns", "inhabits", "phase_abbrev", "dest_with_coasts",
                 "find_coasts")
}


def _phase_parts(phase):
    """``S1901M`` -> ('S', 1901, 'M'); ``SPRING 1901 MOVEMENT`` too."""
    words = phase.split()
    if len(words) == 3:
        return words[0][0].upper(), int(words[1]), words[2][0].upper()
    return phase[0].upper(), int(phase[1:-1]), phase[-1].upper()


class Map:
    """A map, as the package's ``diplomacy.Map``: ``locs``, ``loc_type``, ``loc_abut``,
    ``scs``, ``homes``, ``units``, ``centers``, ``powers``, ``abuts``, ``abut_list``,
    ``area_type``, ``is_valid_unit``, ``find_next_phase``...

    Location names are upper case (``PAR``, ``SPA/NC``); ``area_type`` is ``LAND``, ``WATER``,
    ``COAST`` or ``PORT`` (a coast where fleets convoy; entente's maps have no impassable ``SHUT`` province: the
    package's standard map lists Switzerland, where nothing may go).
    """

    def __new__(cls, name="standard"):
        cached = _MAPS.get(name)
        if cached is not None:
            return cached
        self = super().__new__(cls)
        self._load(name)
        _MAPS[name] = self
        return self

    def __init__(self, name="standard"):  # noqa: D107 - built in __new__ (cached)
        pass

    def __reduce__(self):
        return (Map, (self.name,))

    def __deepcopy__(self, memo):
        return self

    def __copy__(self):
        return self

    def _load(self, name):
        d = map_data(name)
        self.name = name
        self.root_map = name
        self.first_year = d["first_year"]
        self.victory = [d["victory"]]
        self.powers = sorted(d["powers"])
        self.locs = list(d["locs"])
        self.loc_type = dict(d["loc_type"])
        self.scs = list(d["scs"])
        self.homes = {p: list(h) for p, h in d["homes"].items()}
        self.units = {p: list(u) for p, u in d["units"].items()}
        self.centers = {p: list(h) for p, h in d["homes"].items()}
        self.loc_coasts = {}
        for loc, coasts in d["loc_coasts"].items():
            for c in coasts:
                self.loc_coasts[c] = list(coasts)
        self.loc_name = dict(d["loc_name"])
        self.unit_names = {"A": "ARMY", "F": "FLEET"}
        self.rules = []
        self.phase = "SPRING %d MOVEMENT" % self.first_year
        self.seq = ["NEWYEAR", "SPRING MOVEMENT", "SPRING RETREATS", "FALL MOVEMENT",
                    "FALL RETREATS", "WINTER ADJUSTMENTS"]
        self._army = {k: set(v) for k, v in d["army_abuts"].items()}
        self._fleet = {k: set(v) for k, v in d["fleet_abuts"].items()}
        self._reach = {k: set(v) for k, v in d["fleet_reach"].items()}
        self._split = {loc for loc, coasts in d["loc_coasts"].items() if len(coasts) > 1}
        # The package's adjacency lists: a split province's entry is lower case (no fleet
        # stands there); a place only armies reach is lower case; a coast stands for its
        # province.
        self.loc_abut = {}
        for loc in self.locs:
            army, fleet = self._army[loc], self._fleet[loc]
            if loc in self._split:
                places = set(army)
                for c in self.loc_coasts[loc]:
                    if c != loc:
                        places |= {f[:3] for f in self._fleet[c]}
                self.loc_abut[loc.lower()] = sorted(places)
                continue
            covered = {f[:3] for f in fleet if "/" in f}
            places = set(fleet) | {a.lower() for a in army if a not in fleet and a not in covered}
            self.loc_abut[loc] = sorted(places, key=str.upper)

    def __repr__(self):
        return "<entente.Map %s>" % self.name

    def __getattr__(self, name):
        if name in _MAP_NOT_OFFERED:
            raise NotImplementedError("entente.Map.%s is not offered: use %s"
                                      % (name, _MAP_NOT_OFFERED[name]))
        raise AttributeError("'Map' object has no attribute %r" % name)

    # -- locations ---------------------------------------------------------------------
    def norm(self, text):
        return " ".join(text.upper().split())

    def area_type(self, loc):
        """``LAND``, ``WATER``, ``COAST``, or None for an unknown location."""
        return self.loc_type.get(loc.upper())

    def abut_list(self, site, incl_no_coast=False):
        """The places next to ``site`` (the package's ``loc_abut`` entry)."""
        site = site.upper()
        places = self.loc_abut.get(site)
        if places is None:
            places = self.loc_abut.get(site.lower(), [])
        if incl_no_coast:
            places = places[:]
            for loc in list(places):
                if "/" in loc and loc[:3] not in places:
                    places.append(loc[:3])
        return places

    def is_valid_unit(self, unit, no_coast_ok=0, shut_ok=0):
        """``A PAR`` or ``F SPA/NC`` may stand there (``F SPA`` only with ``no_coast_ok``)."""
        unit_type, loc = unit.upper().split()
        kind = self.loc_type.get(loc)
        if kind is None:
            return False
        if unit_type == "?":
            return True
        if unit_type == "A":
            return "/" not in loc and kind in ("LAND", "COAST", "PORT")
        return unit_type == "F" and kind in ("WATER", "COAST", "PORT") and (
            bool(no_coast_ok) or loc not in self._split)

    def abuts(self, unit_type, unit_loc, order_type, other_loc):
        """1 if a unit of ``unit_type`` at ``unit_loc`` may move (``-``), support (``S``) or
        convoy (``C``) to ``other_loc``, else 0 (the package's ``abuts``)."""
        unit_loc, other_loc = unit_loc.upper(), other_loc.upper()
        if unit_type == "?":
            return self.abuts("A", unit_loc, order_type, other_loc) or \
                self.abuts("F", unit_loc, order_type, other_loc)
        if not self.is_valid_unit(unit_type + " " + unit_loc):
            return 0
        if "/" in other_loc:
            if order_type == "S":
                other_loc = other_loc[:3]
            elif unit_type == "A":
                return 0
        kind = self.loc_type.get(other_loc)
        if kind is None:
            return 0
        if unit_type == "A":
            if order_type == "C":
                fleet_places = {f[:3] for c in self.loc_coasts.get(unit_loc, [unit_loc])
                                for f in self._fleet.get(c, ())}
                return int(other_loc in self._army[unit_loc] or other_loc in fleet_places)
            return int(kind != "WATER" and other_loc in self._army[unit_loc])
        if kind == "LAND":
            return 0
        if order_type == "S":
            return int(other_loc[:3] in self._reach[unit_loc])
        if other_loc in self._split:
            return 0
        return int(other_loc in self._fleet[unit_loc])

    def default_coast(self, word):
        """``['F', 'GRE', '-', 'BUL']`` -> ``['F', 'GRE', '-', 'BUL/SC']`` when one coast
        only is reachable."""
        if len(word) == 4 and word[0] == "F" and word[2] == "-" and "/" not in word[3]:
            dest = word[3].upper()
            if dest in self._split:
                coasts = [c for c in self._fleet.get(word[1].upper(), ()) if c[:3] == dest]
                if len(coasts) == 1:
                    return [word[0], word[1], word[2], coasts[0]]
        return word

    # -- phases ------------------------------------------------------------------------
    def phase_abbr(self, phase, default="?????"):
        """``SPRING 1901 MOVEMENT`` -> ``S1901M``."""
        try:
            season, year, kind = _phase_parts(phase)
        except (ValueError, IndexError):
            return default
        return "%s%04d%s" % (season, year, kind)

    def phase_long(self, phase_abbr, default="?????"):
        """``S1901M`` -> ``SPRING 1901 MOVEMENT``."""
        try:
            season, year, kind = _phase_parts(phase_abbr)
        except (ValueError, IndexError):
            return default
        seasons = {"S": "SPRING", "F": "FALL", "W": "WINTER"}
        kinds = {"M": "MOVEMENT", "R": "RETREATS", "A": "ADJUSTMENTS"}
        return "%s %d %s" % (seasons[season], year, kinds[kind])

    _ORDER = [("S", "M"), ("S", "R"), ("F", "M"), ("F", "R"), ("W", "A")]

    def _phase_as(self, like, season, year, kind):
        short = "%s%04d%s" % (season, year, kind)
        return self.phase_long(short) if " " in like.strip() else short

    def find_next_phase(self, phase, phase_type=None, skip=0):
        """The phase after ``phase`` (``SPRING 1901 MOVEMENT`` -> ``SPRING 1901 RETREATS``;
        ``S1901M`` -> ``S1901R``), of ``phase_type`` if given; ``skip`` more on."""
        season, year, kind = _phase_parts(phase)
        i = self._ORDER.index((season, kind))
        while True:
            i += 1
            if i == len(self._ORDER):
                i, year = 0, year + 1
            s, k = self._ORDER[i]
            if phase_type is None or k == phase_type:
                if skip == 0:
                    return self._phase_as(phase, s, year, k)
                skip -= 1

    def find_previous_phase(self, phase, phase_type=None, skip=0):
        season, year, kind = _phase_parts(phase)
        i = self._ORDER.index((season, kind))
        while True:
            i -= 1
            if i < 0:
                i, year = len(self._ORDER) - 1, year - 1
            s, k = self._ORDER[i]
            if phase_type is None or k == phase_type:
                if skip == 0:
                    return self._phase_as(phase, s, year, k)
                skip -= 1

    def compare_phases(self, phase1, phase2):
        """-1, 0 or 1 as ``phase1`` comes before, with or after ``phase2``. As the package:
        ``FORMING`` comes before every phase and ``COMPLETED`` after; ``S1901?`` is the last
        phase of that season (``S1901R``)."""
        def key(p):
            word = p.strip().upper()
            if word == "FORMING":
                return (0,)
            if word == "COMPLETED":
                return (2,)
            if word.endswith("?"):
                season = word[0]
                last = [k for s_, k in self._ORDER if s_ == season][-1]
                word = word[:-1] + last
            s, y, k = _phase_parts(word)
            return 1, y, self._ORDER.index((s, k))
        a, b = key(phase1), key(phase2)
        return (a > b) - (a < b)
