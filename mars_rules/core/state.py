"""What every game's State shares: checked `apply`, explicit chance, JSON, views.

A game's State is a NamedTuple of immutable values (tuples, ints, strings) mixed
with `GameState`. NamedTuples are used rather than frozen dataclasses because
`_replace` is about seven times faster than `dataclasses.replace`, and random
play builds one new State per action.

A game State provides the fields `seed`, `draws`, `step`, `to_move`, `events`,
`players` and these methods:

- `_legal()`: the decisions here (tuple of Action) -- legality is decided there only;
- `_outcomes()`: at a chance node, ((Action, integer weight), ...);
- `_play(action)`: the next State for an action known to be legal;
- `_why(action)`: (reason, rule) saying why an action that is not legal is not;
- `to_dict()`, `score()`, `winners()`, `is_over`, `view(player)`.
"""
from __future__ import annotations

import json

from .actions import CHANCE, Action, IllegalAction
from .chance import as_fractions, pick

_MISSING = object()
_last = [None, None]  # one-entry cache: the State whose legal actions were asked last, and those actions
_twins = [None, None]  # one-entry cache: the legal actions indexed by their key (Action.key), and that tuple
_made_by: dict = {}   # id(State) -> (State, Action): the action `apply` or `resolve_chance` made it with
MADE_BY_LIMIT = 256


def made_by(state):
    """The Action that made `state` from its predecessor, when `apply` or `resolve_chance` made it in this
    process (for display: a notebook's board says which kind of action was just taken); else None.

    >>> import mars_rules
    >>> s = mars_rules.load("ruins_of_mars").new_game(players=2, seed=7)
    >>> made_by(s.apply(s.legal_actions()[0])).kind == s.legal_actions()[0].kind
    True
    """
    hit = _made_by.get(id(state))
    return hit[1] if hit is not None and hit[0] is state else None


def _short(obj, limit=120) -> str:
    """repr of an object, cut to `limit` characters (an error message quotes what it was given)."""
    try:
        text = repr(obj)
    except Exception:  # noqa: BLE001 - a broken __repr__ must not hide the error being reported
        text = f"<{type(obj).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def check_seat(state, player) -> int:
    """`player` as a seat of this game (an int, not a bool or a float, in range), else ValueError."""
    if type(player) is not int or not 0 <= player < len(state.players):
        raise ValueError(f"{_short(player)} is not a seat of this game (0..{len(state.players) - 1})")
    return player


def _remember(state, action):
    if len(_made_by) >= MADE_BY_LIMIT:
        _made_by.clear()
    _made_by[id(state)] = (state, action)


def indexed_replace(fields):
    """A `_replace` for a game's NamedTuple State that sets fields by index: about twice as fast as
    NamedTuple's own, which matters where random play builds several States per action.

    Use it in the State class body: `_replace = indexed_replace(_Fields)`.
    """
    index = {name: i for i, name in enumerate(fields._fields)}
    new = tuple.__new__

    def _replace(self, **changes):
        values = list(self)
        for name, value in changes.items():
            i = index.get(name)
            if i is None:
                raise ValueError(f"Got unexpected field names: {[k for k in changes if k not in index]!r}")
            values[i] = value
        return new(type(self), values)

    return _replace


def setter(cls, *names, **fixed):
    """A faster `_replace` for fields named in advance, for the hottest transitions (no keyword dictionary is
    built at each call): `setter(State, "hands", "deck")(s, h, d)` is `s._replace(hands=h, deck=d)`;
    `fixed` fields are set to the same values at every call. The new State is a `cls` (not a subclass).

    >>> from typing import NamedTuple
    >>> class P(NamedTuple):
    ...     a: int
    ...     b: int
    ...     c: tuple
    >>> setter(P, "b", c=())(P(1, 2, (3,)), 5)
    P(a=1, b=5, c=())
    """
    fields = cls._fields
    unknown = [n for n in (*names, *fixed) if n not in fields]
    if unknown:
        raise ValueError(f"{cls.__name__} has no fields {unknown!r}")
    ids = tuple(fields.index(n) for n in names)
    preset = tuple((fields.index(n), v) for n, v in fixed.items())
    new = tuple.__new__
    # The function is written out (one assignment per field: a third faster than a loop), as dataclasses and
    # collections.namedtuple do; its text holds only field positions and generated names.
    args = "".join(f", x{k}" for k in range(len(ids)))
    body = "".join(f"    v[{i}] = x{k}\n" for k, i in enumerate(ids))
    body += "".join(f"    v[{i}] = p{k}\n" for k, (i, _) in enumerate(preset))
    scope = {"new": new, "cls": cls, **{f"p{k}": value for k, (_, value) in enumerate(preset)}}
    exec(f"def set_fields(state{args}):\n    v = list(state)\n{body}    return new(cls, v)\n", scope)
    return scope["set_fields"]


class GameState:
    __slots__ = ()
    game = None  # the game module; each game sets it on its State class

    # ----- decisions ---------------------------------------------------
    def legal_actions(self) -> tuple:
        """Every legal Action here; at a chance node the possible outcomes."""
        if _last[0] is self:
            return _last[1]
        if self.to_move is None:
            legal = ()
        elif self.to_move == CHANCE:
            legal = tuple(a for a, _ in self._outcomes())
        else:
            legal = self._legal()
        _last[0] = self
        _last[1] = legal
        return legal

    def find(self, kind: str, **params):
        """The legal Action of this kind whose params include `params` (the first such), or None.

        Handy in notebooks and tests: `state.apply(state.find("place_rover", site="Workshop"))`.
        """
        for action in self.legal_actions():
            if action[0] == kind and all(action.get(k, _MISSING) == v for k, v in params.items()):
                return action
        return None

    def apply(self, action) -> "GameState":
        """The State after `action`; raises IllegalAction (naming the rule) if it is not legal here.

        The engine plays its own legal Action equal to `action` (Action.key: params in any order, lists
        for tuples), never the caller's object."""
        legal = _last[1] if _last[0] is self else self.legal_actions()
        for one in legal:                    # one of the engine's own objects (an identity test, no __eq__)?
            if one is action:
                break
        else:                                # no: find its twin by key
            action = self.legal_twin(action)
        nxt = self.advance(action) if self.to_move == CHANCE else self._play(action)  # a decision: advance is _play
        if len(_made_by) >= MADE_BY_LIMIT:   # _remember, inlined: apply is on every checked action's path
            _made_by.clear()
        _made_by[id(nxt)] = (nxt, action)
        return nxt

    def legal_twin(self, action) -> Action:
        """The legal Action equal to `action` (found by its key), or IllegalAction saying why there is none."""
        if not isinstance(action, Action):
            raise IllegalAction(f"{_short(action)} is not an Action; choose one of state.legal_actions().",
                                "The game contract")
        if self.to_move is None:
            raise IllegalAction("The game is over: no more actions can be taken.", self._end_rule())
        try:
            key = action.key()
        except TypeError as e:
            raise IllegalAction(f"{_short(action)} is malformed: {e}.", "The game contract") from None
        legal = self.legal_actions()
        if _twins[1] is not legal:
            _twins[0] = {a.key(): a for a in legal}
            _twins[1] = legal
        twin = _twins[0].get(key)
        if twin is None:
            raise IllegalAction(*self._refusal(action))
        return twin

    def _refusal(self, action) -> tuple:
        """(reason, rule) for an Action that is not legal here: the game's own `_why`, or, should that fail
        on a value of an unexpected type, a plain list of what is legal."""
        try:
            return self._why(action)
        except Exception:  # noqa: BLE001 - a hand-built Action may hold anything: say what is legal instead
            shown = "; ".join(str(a) for a in self.legal_actions()[:6])
            return (f"{_short(action)} is not one of the legal choices here (values are compared with their "
                    f"types: 1.0 is not 1). Legal now: {shown}.", "The game contract")

    def advance(self, action) -> "GameState":
        """Apply an Action taken from this State's `legal_actions()`, without checking it again.

        Playouts use this; everything else should use `apply`.
        """
        if self.to_move == CHANCE:
            nxt = self._play(action)
            return nxt._replace(draws=self.draws + 1) if nxt.draws == self.draws else nxt
        return self._play(action)

    def _end_rule(self) -> str:
        return "End of the Game"

    # ----- chance ------------------------------------------------------
    def chance_outcomes(self) -> tuple:
        """At a chance node: ((Action, Fraction), ...); elsewhere ()."""
        if self.to_move != CHANCE:
            return ()
        return as_fractions(self._outcomes())

    def drawn_outcome(self):
        """The outcome (an Action) that `resolve_chance()` applies here: the seeded stream's pick."""
        if self.to_move != CHANCE:
            raise IllegalAction("There is nothing to draw: this is not a chance node.", "The game contract")
        return pick(self._outcomes(), self.seed, self.draws)

    def resolve_chance(self) -> "GameState":
        """Draw the outcome from the game's own seeded stream (same seed and history, same result)."""
        outcome = self.drawn_outcome()
        nxt = self.advance(outcome)
        _remember(nxt, outcome)
        return nxt

    def describe(self, player=None) -> str:
        """The position in short sentences, as a sighted student reads the board (the game's
        `describe_position`); with `player`, only what that player may see (the description of their view)."""
        shown = self if player is None else self.view(check_seat(self, player))
        return self.game.describe_position(shown)

    def variant(self) -> str:
        """The rule options in effect that differ from the rulebook's game, in words ("" for none)."""
        table = getattr(self.game, "OPTIONS", None)
        options = getattr(self, "options", None)
        return table.words(options) if table is not None and hasattr(options, "_fields") else ""

    # ----- positions ---------------------------------------------------
    def to_json(self, pretty: bool = False) -> str:
        """The position as JSON text (`game.from_json` reads it back to an equal State): compact, or with
        `pretty=True` laid out for a person (`core.positions.pretty_json`); each form reads back to itself."""
        if pretty:
            from .positions import pretty_json
            return pretty_json(self.to_dict())
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False)

    def edit(self):
        """A position builder over a copy of this position (`mars_rules.core.builder`): verbs in any order,
        then `done()` gives the new State, validated once. The game's own builder is `Builder` in its
        package's `builder` module (the core's PositionBuilder when it has none)."""
        import importlib
        name = self.game.__name__ + ".builder"
        try:
            cls = importlib.import_module(name).Builder
        except ModuleNotFoundError as e:
            if e.name != name:  # the game's builder exists but is broken: say so, never fall back silently
                raise
            from .builder import PositionBuilder as cls
        return cls(self)

    def view(self, player):
        """What `player` may see (the teacher's view is the State itself). Games with secrets override."""
        return self

    def explain(self, action) -> str:
        """Why `action` is or is not legal here, in words (for a widget's error line)."""
        try:
            return f"Legal: {self.legal_twin(action)}."
        except IllegalAction as e:
            return f"{e.reason} ({e.rule})"
