"""The position builder: what-if positions written in a few readable lines, validated once.

`state.edit()` gives a builder over a copy of the position (the State itself stays frozen). Verbs change
the copy in any order; `done()` checks the whole result once, through the game's own `from_json`, and
raises a PositionError listing every problem (each naming its field), the builder's own first.

The verbs every game has (a game adds its own, e.g. a Tech given to a player, a building on a hex):

- `set_turn(player, step=None)`: whose turn (a name or a seat) and which step, with the game's
  bookkeeping done (the game's `_turn_fields`);
- `player(who).<field> = value`: a player's counters by name (a game may add short names:
  `fuel` for the first entry of `resources`); reading works too;
- `set(**fields)`: any field of the State, for what no verb covers;
- `seat(who)`: a player's seat from a name (any case) or a seat number.

>>> import mars_rules
>>> s = mars_rules.load("ruins_of_mars").new_game(players=["Ada", "Bo"], seed=7, characters="deal")
>>> b = s.edit()
>>> b.player("Ada").hourglass = 5
>>> b.player("bo").hourglass
2
>>> b.done().boards[0].hourglass
5
>>> b.player("Cy").hourglass = 1
>>> try:
...     b.done()
... except mars_rules.PositionError as e:
...     print(e.problems[0])
player('Cy'): no player is called 'Cy' (the players are Ada, Bo)
"""
from __future__ import annotations

import json

from .actions import PositionError


class PlayerEditor:
    """One player's fields, read and set by name: `b.player("Ada").hourglass = 3`."""

    __slots__ = ("_builder", "_seat", "_label")

    def __init__(self, builder, seat, label):
        object.__setattr__(self, "_builder", builder)
        object.__setattr__(self, "_seat", seat)
        object.__setattr__(self, "_label", label)

    def __getattr__(self, name):
        if self._seat is None:
            return None
        return self._builder.get_player_field(self._seat, name)

    def __setattr__(self, name, value):
        if self._seat is not None:  # an unknown player was already reported
            self._builder.set_player_field(self._seat, name, value, self._label)

    def __repr__(self):
        return f"<the fields of {self._label}>"


class PositionBuilder:
    """A what-if position under construction (see the module docstring). A game subclasses it to add its
    verbs and sets:

    - `PLAYER_RECORDS`: the State field holding one record (a NamedTuple) per seat, or None when each
      player field is a tuple indexed by seat (e.g. `vp`);
    - `ALIASES`: short names of a player's entries: {"fuel": ("resources", 0)};
    - `_turn_fields(seat, step)`: the State fields to set for "this seat decides at this step".
    """

    PLAYER_RECORDS: str | None = None
    ALIASES: dict = {}

    def __init__(self, state):
        self.game = state.game
        self.state = state
        self.problems: list[str] = []

    # ----- players -------------------------------------------------------
    def seat(self, who, where: str = "player") -> int | None:
        """The seat of `who` (a name, any case, or a seat number); None, with a problem, if there is none."""
        names = self.state.players
        if type(who) is int and 0 <= who < len(names):
            return who
        if isinstance(who, str):
            for i, name in enumerate(names):
                if name.casefold() == who.casefold():
                    return i
        self.problems.append(f"{where}({who!r}): no player is called {who!r} (the players are {', '.join(names)})")
        return None

    def player(self, who) -> PlayerEditor:
        """A player's fields by name: `b.player("Ada").hourglass = 3`."""
        seat = self.seat(who)
        return PlayerEditor(self, seat, f"player({who!r})")

    def get_player_field(self, seat, name):
        field, index = self._resolve(name)
        if field is None:
            raise AttributeError(f"players have no field {name!r}")
        value = self._read(seat, field)
        return value if index is None else value[index]

    def set_player_field(self, seat, name, value, label="player"):
        field, index = self._resolve(name)
        if field is None:
            self.problems.append(f"{label}.{name}: players have no such field (they have: "
                                 f"{', '.join(self.player_fields())})")
            return
        value = _frozen(value)
        if index is not None:
            old = self._read(seat, field)
            value = old[:index] + (value,) + old[index + 1:]
        self._write(seat, field, value)

    def player_fields(self) -> list:
        """The names `player(who).<name>` accepts."""
        if self.PLAYER_RECORDS is not None:
            record = getattr(self.state, self.PLAYER_RECORDS)[0]
            names = list(record._fields)
        else:
            n = len(self.state.players)
            names = [f for f in self.state._fields
                     if f != "players" and isinstance(getattr(self.state, f), tuple) and len(getattr(self.state, f)) == n]
        return names + list(self.ALIASES)

    def _resolve(self, name):
        if name in self.ALIASES:
            return self.ALIASES[name]
        if name in self.player_fields():
            return name, None
        return None, None

    def _read(self, seat, field):
        if self.PLAYER_RECORDS is not None:
            return getattr(getattr(self.state, self.PLAYER_RECORDS)[seat], field)
        return getattr(self.state, field)[seat]

    def _write(self, seat, field, value):
        if self.PLAYER_RECORDS is not None:
            records = getattr(self.state, self.PLAYER_RECORDS)
            record = records[seat]._replace(**{field: value})
            self.state = self.state._replace(**{self.PLAYER_RECORDS: records[:seat] + (record,) + records[seat + 1:]})
        else:
            old = getattr(self.state, field)
            self.state = self.state._replace(**{field: old[:seat] + (value,) + old[seat + 1:]})

    # ----- the turn --------------------------------------------------------
    def set_turn(self, who, step: str | None = None) -> "PositionBuilder":
        """`who` decides now, at `step` (default: the step in progress), with the game's bookkeeping."""
        seat = self.seat(who, "set_turn")
        steps = [s.key for s in self.game.TURN_STEPS]
        if step is not None and step not in steps:
            self.problems.append(f"set_turn(step={step!r}): not a step of this game (the steps are: {', '.join(steps)})")
            return self
        if seat is not None:
            self.state = self.state._replace(**self._turn_fields(seat, step or self.state.step))
        return self

    def _turn_fields(self, seat, step) -> dict:
        return {"to_move": seat, "step": step}

    # ----- anything else ---------------------------------------------------
    def set(self, **fields) -> "PositionBuilder":
        """Replace fields of the State (lists become tuples): for what no verb covers."""
        unknown = [k for k in fields if k not in self.state._fields]
        for k in unknown:
            self.problems.append(f"set({k}=...): the position has no field {k!r}")
        self.state = self.state._replace(**{k: _frozen(v) for k, v in fields.items() if k not in unknown})
        return self

    def done(self):
        """The position, validated once: a State, or PositionError listing every problem."""
        problems = list(self.problems)
        try:
            text = json.dumps(self.state.to_dict(), separators=(",", ":"), ensure_ascii=False)
        except Exception as e:  # noqa: BLE001 - a field set to something the position cannot hold
            raise PositionError(problems + [f"the position cannot be written: {type(e).__name__}: {e}"]) from None
        try:
            state = self.game.from_json(text)
        except PositionError as e:
            problems += e.problems
        if problems:
            raise PositionError(problems)
        return state


def _frozen(value):
    """Lists (and lists in lists) as tuples: the State holds tuples."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value
