"""Reading positions safely: size limit, strict JSON, and a checker that lists every problem.

>>> c = Checker()
>>> d = c.obj({"fuel": 9}, "player 0", {"fuel": int, "parts": int})
>>> c.int_in(d.get("fuel"), "player 0.fuel", 0, 7)
False
>>> c.problems
['player 0: missing key "parts"', 'player 0.fuel: 9 is outside 0..7']
"""
from __future__ import annotations

import json

from .actions import PositionError

MAX_POSITION_CHARS = 1_000_000
"""Positions longer than this are refused before parsing (a mid-game position is a few kB)."""


def _no_constants(name):
    raise ValueError(f"{name} is not allowed in a position")


def parse_position(text, game_name: str) -> dict:
    """JSON text -> dict with "format" 1 and "game" == game_name, or PositionError."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise PositionError([f"the position is not UTF-8 text ({e.reason})"]) from None
    if not isinstance(text, str):
        raise PositionError([f"a position is JSON text, not {type(text).__name__}"])
    if len(text) > MAX_POSITION_CHARS:
        raise PositionError([f"the position is {len(text)} characters long; the limit is {MAX_POSITION_CHARS}"])
    try:
        data = json.loads(text, parse_constant=_no_constants)
    except RecursionError:
        raise PositionError(["the JSON is nested too deeply"]) from None
    except ValueError as e:
        raise PositionError([f"not valid JSON: {e}"]) from None
    if not isinstance(data, dict):
        raise PositionError([f"a position is a JSON object, not {type(data).__name__}"])
    problems = []
    if data.get("format") != 1:
        problems.append(f'"format" must be 1, not {data.get("format")!r}')
    if data.get("game") != game_name:
        problems.append(f'"game" must be "{game_name}", not {data.get("game")!r}')
    if problems:
        raise PositionError(problems)
    return data


_TYPE_NAMES = {int: "an integer", str: "a string", list: "a list", dict: "an object", bool: "true or false"}


class Checker:
    """Collects problems while a position is read; `done()` raises them all at once."""

    def __init__(self):
        self.problems: list[str] = []

    def fail(self, path: str, message: str) -> None:
        self.problems.append(f"{path}: {message}")

    def ok(self) -> bool:
        return not self.problems

    def done(self) -> None:
        if self.problems:
            raise PositionError(self.problems)

    def is_type(self, value, path: str, kind) -> bool:
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            self.fail(path, f"{value!r:.40} is not an integer")
            return False
        if kind is not int and not isinstance(value, kind):
            self.fail(path, f"{value!r:.40} is not {_TYPE_NAMES.get(kind, kind.__name__)}")
            return False
        return True

    def obj(self, value, path: str, schema: dict) -> dict:
        """Check an object's keys (missing, extra) and their types; returns the well-typed entries."""
        if not self.is_type(value, path, dict):
            return {}
        out = {}
        for key, kind in schema.items():
            if key not in value:
                self.fail(path, f'missing key "{key}"')
            elif kind is None or self.is_type(value[key], f"{path}.{key}", kind):
                out[key] = value[key]
        for key in value:
            if key not in schema:
                self.fail(path, f'unexpected key "{str(key)[:40]}"')
        return out

    def int_in(self, value, path: str, lo: int, hi: int | None) -> bool:
        if value is None:
            return False
        if not self.is_type(value, path, int):
            return False
        if value < lo or (hi is not None and value > hi):
            self.fail(path, f"{value} is outside {lo}..{'' if hi is None else hi}")
            return False
        return True

    def one_of(self, value, path: str, choices) -> bool:
        if value is None:
            return False
        if value not in choices:
            self.fail(path, f"{str(value)[:40]!r} is not one of {', '.join(map(str, choices))}")
            return False
        return True

    def list_of(self, value, path: str, kind, length: int | None = None, max_length: int = 10_000) -> list:
        """A list whose items all have type `kind` (returns [] if it is not one)."""
        if value is None or not self.is_type(value, path, list):
            return []
        if length is not None and len(value) != length:
            self.fail(path, f"has {len(value)} entries, expected {length}")
            return []
        if len(value) > max_length:
            self.fail(path, f"has {len(value)} entries, more than {max_length}")
            return []
        good = True
        for i, item in enumerate(value):
            good &= self.is_type(item, f"{path}[{i}]", kind)
        return list(value) if good else []
