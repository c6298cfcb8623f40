"""A transition in progress: the fields of the next State, built into it at the end.

Rules functions read through `t.g(name)` and write with `t.s(name, value)`; players with `t.p(seat)`
and `t.setp(seat, **changes)`. The State is a flat tuple of references: only what changed is rebuilt (no
deep copies), and `t.state` stays the State the transition started from.
"""
from __future__ import annotations

from . import data as D
from .state import Player, State


_tuple_new = tuple.__new__
_PLAYER_INDEX = {name: i for i, name in enumerate(Player._fields)}
_INDEX = {name: i for i, name in enumerate(State._fields)}
_PIECES = _INDEX["pieces"]
_EVENTS = _INDEX["events"]


def crystal_cap(rules, player) -> int:
    """The Crystals a player's Depot holds: the option `crystal_cap_base` (ASSUMED 2) plus one per Depot space
    no Ship covers (section Executive Actions, the Depot).

    >>> from types import SimpleNamespace
    >>> from mars_rules.on_mars.options import DEFAULT_RULES
    >>> crystal_cap(DEFAULT_RULES, SimpleNamespace(depot_ships=D.DEPOT_SPACES))
    2
    """
    return rules.crystal_cap_base + D.DEPOT_SPACES - player.depot_ships


class Tx:
    """The fields of the State being built, as a list (a copy of the old State's values, so `build` is one
    tuple construction); `g`/`s` read and write them by name."""
    __slots__ = ("state", "v", "pl", "ev")

    def __init__(self, state):
        self.state = state
        self.v = list(state)
        self.pl = None
        self.ev = []

    def g(self, name):
        return self.v[_INDEX[name]]

    def s(self, name, value):
        self.v[_INDEX[name]] = value

    def p(self, seat):
        if self.pl is None:
            return self.state.pieces[seat]
        return self.pl[seat]

    def setp(self, seat, **changes):
        pl = self.pl
        if pl is None:
            pl = self.pl = list(self.state.pieces)
        vals = list(pl[seat])
        for k, v in changes.items():
            vals[_PLAYER_INDEX[k]] = v
        pl[seat] = _tuple_new(Player, vals)

    def say(self, text):
        self.ev.append(text)

    def name(self, seat):
        return self.state.players[seat]

    def build(self):
        v = self.v
        if self.pl is not None:
            v[_PIECES] = tuple(self.pl)
        v[_EVENTS] = tuple(self.ev)
        return _tuple_new(type(self.state), v)

    def peek(self):
        """The State as the transition has made it so far (its events: those of the old State), to read,
        not to keep."""
        v = list(self.v)
        if self.pl is not None:
            v[_PIECES] = tuple(self.pl)
        return _tuple_new(type(self.state), v)

    # ----- common moves of pieces ------------------------------------------------
    def crystal_cap(self, seat):
        return crystal_cap(self.state.options, self.p(seat))

    def gain(self, seat, item, n=1, why=""):
        """Give `n` of an item ("crystal", a Resource, "colonist"); what does not fit is lost. Returns n got."""
        if n <= 0:
            return 0
        pl = self.p(seat)
        if item == "crystal":
            got = max(0, min(n, self.crystal_cap(seat) - pl.crystals, self.g("supply")))
            if got:
                self.setp(seat, crystals=pl.crystals + got)
                self.s("supply", self.g("supply") - got)
        elif item == "colonist":
            got = min(n, pl.reserve)
            if got:
                self.setp(seat, lq=pl.lq + got, reserve=pl.reserve - got)
        else:
            i = D.RES_INDEX[item]
            got = max(0, min(n, self.state.options.resource_cap - pl.res[i]))
            if got:
                res = list(pl.res)
                res[i] += got
                self.setp(seat, res=tuple(res))
        if why:
            lost = f" ({n - got} did not fit)" if got < n else ""
            self.say(f"{self.name(seat)} gains {got} {plural(item, got)}{lost} {why}.")
        return got

    def pay(self, seat, items):
        """Pay Resources and Crystals (already checked affordable)."""
        pl = self.p(seat)
        res = list(pl.res)
        crystals = pl.crystals
        for item in items:
            if item == "crystal":
                crystals -= 1
            else:
                res[D.RES_INDEX[item]] -= 1
        spent = pl.crystals - crystals
        if spent:
            self.s("supply", self.g("supply") + spent)
        self.setp(seat, res=tuple(res), crystals=crystals)


def can_pay(pl, items) -> bool:
    """True if a player's Storage and Depot hold `items` (a tuple of names, repeats allowed)."""
    need = {}
    for item in items:
        need[item] = need.get(item, 0) + 1
    for item, n in need.items():
        have = pl.crystals if item == "crystal" else pl.res[D.RES_INDEX[item]]
        if have < n:
            return False
    return True


def words(items) -> str:
    """('battery', 'battery', 'mineral') -> '2 Batteries and 1 Mineral'."""
    if not items:
        return "nothing"
    counts = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    parts = [f"{n} {plural(item, n)}" for item, n in counts.items()]
    return " and ".join(parts) if len(parts) < 3 else ", ".join(parts[:-1]) + " and " + parts[-1]


_PLURALS = {"battery": "Batteries", "colonist": "Colonists"}


def plural(item, n):
    """The name of `n` of an item, capitalised as the rulebook writes pieces: plural(battery, 2) is
    'Batteries', plural(crystal, 1) 'Crystal', plural(colonist, 0) 'Colonists'."""
    if n == 1:
        return item.capitalize()
    return _PLURALS.get(item, item.capitalize() + "s")
