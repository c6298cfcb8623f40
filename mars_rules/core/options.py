"""Rule options: the rule values a teacher may vary, checked, carried by positions, shown as a variant.

A game lists its options once (`RuleOptions` in its data module); `new_game(**options)` checks them
with `make`, the State carries the resulting record (a NamedTuple, read by the rules as
`state.options.hand_limit`), the position's JSON carries the options that differ from the default
(`changed` / `read`), and score sheets and boards name the variant (`words`).

>>> HAND = Option("hand_limit", 5, "Hand limit", True, "cards a player may keep", low=1, high=12, example=6)
>>> TABLE = RuleOptions(HAND, Option("scores", (3, 2), "Scoring", False, "points of 1st, 2nd", low=0, high=9))
>>> rules = TABLE.make(hand_limit=6)
>>> rules.hand_limit, TABLE.changed(rules), TABLE.words(rules)
(6, {'hand_limit': 6}, 'hand limit 6 (rulebook: 5)')
>>> TABLE.make(hand_limt=6)
Traceback (most recent call last):
ValueError: unknown option hand_limt (did you mean hand_limit?); the options are hand_limit, scores
"""
from __future__ import annotations

import difflib
import importlib
import sys
from collections import namedtuple
from typing import NamedTuple


class Option(NamedTuple):
    """One variable rule value: its name, default, the rulebook section, whether the rulebook prints the
    default (`printed`) or the project ASSUMED it, what it changes, and what values are allowed: an
    integer range (`low`..`high`, for every number of a tuple value too) or a list of `choices`.
    `example` is a non-default value that changes play (docs and tests use it); `constant` names the
    data-module constant that holds the default (the rules read the option, never the constant);
    `scenario` names the test (in the game's tests/<game>/test_options.py) whose prepared position shows
    the option's effect, for a rule that random play does not reach (a late-game building, a level)."""
    name: str
    default: object
    rule: str
    printed: bool
    summary: str
    low: object = None
    high: object = None
    choices: tuple = ()
    example: object = None
    constant: str = ""
    scenario: str = ""

    def problems(self, value, path: str = "") -> list:
        """What is wrong with `value` for this option (empty when it is allowed)."""
        where = path or self.name
        if self.choices:
            if not any(value == c and type(value) is type(c) for c in self.choices):
                shown = ", ".join(_words(c) for c in self.choices)
                return [f"{where}: {_words(value)} is not one of {shown}"]
            return []
        return _check(self.default, value, self.low, self.high, where)

    def allowed(self) -> str:
        """The allowed values in words: "1..12", "true or false", "Doctor", "Miner", or for a list "a list shaped like the default, each number 0..9"."""
        if self.choices:
            return ", ".join(_words(c) for c in self.choices)
        if isinstance(self.default, bool):
            return "true or false"
        span = f"{'' if self.low is None else self.low}..{'' if self.high is None else self.high}"
        if isinstance(self.default, tuple):
            return f"a list shaped like the default, each number {span}"
        return span


def _words(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value[:40]}"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_words(v) for v in value[:12]) + (", ..." if len(value) > 12 else "") + "]"
    return repr(value)[:40]


def _check(default, value, low, high, where) -> list:
    """Problems of `value` against the type and shape of `default` and the range low..high."""
    if isinstance(default, bool):
        return [] if isinstance(value, bool) else [f"{where}: {_words(value)} is not true or false"]
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            return [f"{where}: {_words(value)} is not an integer"]
        if (low is not None and value < low) or (high is not None and value > high):
            return [f"{where}: {value} is outside {'' if low is None else low}..{'' if high is None else high}"]
        return []
    if isinstance(default, str):
        return [] if isinstance(value, str) and len(value) <= 200 else [f"{where}: {_words(value)} is not a text"]
    if isinstance(default, tuple):
        if not isinstance(value, (tuple, list)):
            return [f"{where}: {_words(value)} is not a list"]
        if len(value) != len(default):
            return [f"{where}: has {len(value)} entries, expected {len(default)}"]
        out = []
        for i, (d, v) in enumerate(zip(default, value)):
            out += _check(d, v, low, high, f"{where}[{i}]")
        return out
    return [f"{where}: options of type {type(default).__name__} are not supported"]


def _plain(value) -> str:
    """A value for a sentence: numbers of a list joined by commas, rows of a table by " / "."""
    if isinstance(value, (list, tuple)):
        sep = " / " if any(isinstance(v, (list, tuple)) for v in value) else ", "
        return sep.join(_plain(v) for v in value)
    return _words(value)


def _frozen(value):
    """Lists (from JSON or a caller) as tuples, so a rules record is hashable and compares equal."""
    return tuple(_frozen(v) for v in value) if isinstance(value, (list, tuple)) else value


def _thawed(value):
    return [_thawed(v) for v in value] if isinstance(value, tuple) else value


def _rebuild(module: str, values: tuple):
    """A rules record from its module's OPTIONS and its values (how a record unpickles)."""
    return importlib.import_module(module).OPTIONS.Rules(*values)


class RuleOptions:
    """The options of one game, in the order a teacher reads them; `default` is the rulebook's game."""

    def __init__(self, *options: Option, module: str | None = None):
        """`module`: the module that binds this table to the name OPTIONS (the caller's by default), so a
        rules record pickles (simulate's process pool sends positions to other processes)."""
        module = module or sys._getframe(1).f_globals.get("__name__", "__main__")
        self.options = {o.name: o for o in options}
        for o in options:
            assert not o.problems(o.default), f"{o.name}: the default breaks its own range"
            assert o.example is None or (o.example != o.default and not o.problems(o.example)), o.name
        self.Rules = namedtuple("Rules", list(self.options), defaults=[o.default for o in options])
        self.Rules.__doc__ = "The rule values in effect (see the game's OPTIONS)."
        self.Rules.__module__ = module
        self.Rules.__reduce__ = lambda rules: (_rebuild, (module, tuple(rules)))
        self.default = self.Rules()

    def __iter__(self):
        return iter(self.options.values())

    def __contains__(self, name) -> bool:
        return name in self.options

    def __getitem__(self, name) -> Option:
        return self.options[name]

    def problems(self, given: dict, path: str = "") -> list:
        """Every problem of a mapping name -> value: unknown names (with a close match) and bad values."""
        out = []
        for name, value in given.items():
            where = f"{path}.{name}" if path else str(name)
            if name not in self.options:
                close = difflib.get_close_matches(str(name), list(self.options), n=1)
                hint = f" (did you mean {close[0]}?)" if close else ""
                listed = ", ".join(self.options) or "none: the game has no options"
                head = f"{where}: unknown option" if path else f"unknown option {str(name)[:40]}"
                out.append(f"{head}{hint}; the options are {listed}")
            else:
                out += self.options[name].problems(value, where)
        return out

    def make(self, **given):
        """The rules record with `given` values over the defaults; ValueError listing every problem."""
        found = self.problems(given)
        if found:
            raise ValueError("; ".join(found))
        return self.default._replace(**{k: _frozen(v) for k, v in given.items()})

    def changed(self, rules) -> dict:
        """The options of `rules` that differ from the default, JSON-ready (tuples as lists)."""
        return {name: _thawed(v) for name, v, d in zip(self.options, rules, self.default) if v != d}

    def read(self, checker, value, path: str = "options"):
        """The rules record from a position's JSON object of changed options; problems go to `checker`
        (a core.positions.Checker) with their path; the default record when there are any."""
        if not checker.is_type(value, path, dict):
            return self.default
        found = self.problems(value, path)
        for p in found:
            checker.problems.append(p)
        return self.default if found else self.default._replace(**{k: _frozen(v) for k, v in value.items()})

    def words(self, rules) -> str:
        """The variant in words ("" for the rulebook's game): "hand limit 6 (rulebook: 5)"; for an
        ASSUMED default, "(default: 5)"."""
        parts = []
        for o, v in zip(self.options.values(), rules):
            if v != o.default:
                parts.append(f"{o.name.replace('_', ' ')} {_plain(v)} ({'rulebook' if o.printed else 'default'}: "
                             f"{_plain(o.default)})")
        return ", ".join(parts)

    def markdown(self) -> str:
        """The options as a Markdown table (name, default, allowed, printed or ASSUMED, rule, meaning)."""
        rows = ["| option | default | allowed | source | rulebook section | what it changes |",
                "|---|---|---|---|---|---|"]
        for o in self:
            rows.append(f"| `{o.name}` | `{_words(o.default)}` | {o.allowed()} | "
                        f"{'printed' if o.printed else 'ASSUMED'} | {o.rule} | {o.summary} |")
        return "\n".join(rows)
