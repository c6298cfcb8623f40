"""Actions, steps and the two errors every game raises.

>>> a = Action("place_rover", 0, {"site": "Workshop"}, "Place the Rover on the Workshop")
>>> a.kind, a.player, a.params["site"], str(a)
('place_rover', 0, 'Workshop', 'Place the Rover on the Workshop')
>>> a == Action("place_rover", 0, {"site": "Workshop"})
True

Two Actions are equal when their kind, player and params are, whatever the order the params are
given in, and a list stands for the tuple of its items (a hex copied from a position's JSON, `[2, 2]`,
is the tuple `(2, 2)`). Values are compared with their types: `True` is not the seat 1, and `1.0` is
not the number 1 (the engine never uses either where it means an int).

>>> Action("t", 0, {"from": "Lab", "tile": 3}) == Action("t", 0, {"tile": 3, "from": "Lab"})
True
>>> Action("m", 0, {"hex": [2, 2]}) == Action("m", 0, {"hex": (2, 2)}), Action("m", True) == Action("m", 1)
(True, False)
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

CHANCE = "chance"
"""`state.to_move` at a chance node (a die roll, a card reveal, a shuffle draw)."""

_tuple_new = tuple.__new__


class Action(tuple):
    """A frozen, hashable decision: `.kind` (a verb), `.player`, `.params` (a mapping).

    `str(action)` is a sentence a student reads. The text may be a string or a
    function of the action (so that games build it only when it is shown);
    it takes no part in equality.
    """

    __slots__ = ()

    def __new__(cls, kind: str, player=None, params: Mapping | tuple = (), text=None):
        items = tuple(params.items()) if isinstance(params, Mapping) else tuple(params)
        return _tuple_new(cls, (kind, player, items, text))

    @classmethod
    def fast(cls, kind, player, items, text):
        """Build without normalising: `items` is already a tuple of (key, value) pairs."""
        return _tuple_new(cls, (kind, player, items, text))

    @property
    def kind(self) -> str:
        return self[0]

    @property
    def player(self):
        return self[1]

    @property
    def items(self) -> tuple:
        """The params as a tuple of (key, value) pairs, in their stated order."""
        return self[2]

    @property
    def params(self) -> Mapping:
        return MappingProxyType(dict(self[2]))

    def get(self, key, default=None):
        """One param: `action.get("site")`."""
        for k, v in self[2]:
            if k == key:
                return v
        return default

    def key(self) -> tuple:
        """The Action's identity, whatever the order of its params and whether a value is a list or a
        tuple: (kind, player, sorted params), each value tagged with its type. Raises TypeError when the
        Action is malformed (params that are not (name, value) pairs, a value that is not a number, a
        string, None or a sequence of them)."""
        kind = self[0]
        if not isinstance(kind, str):
            raise TypeError(f"the kind {kind!r} is not a string")
        items = self[2]
        pairs = []
        for item in items:
            if not isinstance(item, tuple) or len(item) != 2 or not isinstance(item[0], str):
                raise TypeError(f"the params {items!r} are not (name, value) pairs")
            pairs.append((item[0], _canon(item[1])))
        pairs.sort(key=_first)
        if len({k for k, _ in pairs}) != len(pairs):
            raise TypeError(f"a param is given twice in {items!r}")
        return kind, _canon(self[1]), tuple(pairs)

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, Action):
            return NotImplemented
        if self[0] != other[0]:
            return False
        try:
            return self.key() == other.key()
        except TypeError:
            return False

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self):
        try:
            return hash(self.key())
        except TypeError:  # a malformed Action is equal to no other: any stable hash will do
            return hash(repr(self))

    def __str__(self):
        text = self[3]
        if callable(text):
            return text(self)
        if text:
            return text
        try:
            args = ", ".join(f"{k} {v}" for k, v in self[2])
        except (TypeError, ValueError):
            return repr(self)
        return f"{str(self[0]).replace('_', ' ')}" + (f" ({args})" if args else "")

    def __repr__(self):
        try:
            args = "".join(f", {k}={v!r}" for k, v in self[2])
        except (TypeError, ValueError):
            args = f", params={self[2]!r}"
        return f"Action({self[0]!r}, player={self[1]!r}{args})"

    def __reduce__(self):
        text = self[3] if not callable(self[3]) else str(self)
        return (Action, (self[0], self[1], self[2], text))

    def to_dict(self) -> dict:
        """JSON-ready form (text included, for transcripts)."""
        return {"kind": self[0], "player": self[1], "params": {k: _jsonable(v) for k, v in self[2]},
                "text": str(self)}

    @classmethod
    def from_dict(cls, data: Mapping) -> "Action":
        """The inverse of `to_dict` (lists become tuples again)."""
        params = {k: _hashable(v) for k, v in data.get("params", {}).items()}
        return cls(data["kind"], data.get("player"), params, data.get("text"))


def _first(pair):
    return pair[0]


def _canon(v):
    """A value as it takes part in an Action's identity: tagged with its type (so True is not 1 and 1.0 is
    not 1), lists and tuples alike."""
    t = type(v)
    if t is int or t is str or v is None:
        return v
    if t is bool:
        return ("bool", v)
    if t is float:
        return ("float", v)
    if t is tuple or t is list:
        return ("seq",) + tuple(_canon(x) for x in v)
    raise TypeError(f"{v!r} ({t.__name__}) is not a value an Action can hold")


def _jsonable(v):
    if isinstance(v, tuple):
        return [_jsonable(x) for x in v]
    return v


def _hashable(v):
    if isinstance(v, list):
        return tuple(_hashable(x) for x in v)
    return v


class Step(NamedTuple):
    """One entry of a game's TURN_STEPS: `state.step` is always one of the keys.

    >>> Step("place_rover", "1. Place the Rover", "Choose the Active Site.", "Step 1: Place the Rover").key
    'place_rover'
    """

    key: str
    title: str
    summary: str
    rule: str


class IllegalAction(Exception):
    """Raised by `state.apply` for anything not legal here; the state is untouched.

    >>> e = IllegalAction("You have only 1 Oxygen; a transfer costs 2.", "Step 2: Transfer 1 Action Tile")
    >>> e.rule
    'Step 2: Transfer 1 Action Tile'
    """

    def __init__(self, reason: str, rule: str):
        super().__init__(f"{reason} [{rule}]")
        self.reason = reason
        self.rule = rule


class PositionError(ValueError):
    """Raised by `game.from_json` for a malformed or impossible position; `.problems` lists each.

    >>> PositionError(["fuel: 8 is above the cap of 7"]).problems
    ['fuel: 8 is above the cap of 7']
    """

    def __init__(self, problems):
        self.problems = list(problems) or ["the position is not valid"]
        super().__init__("; ".join(self.problems))
