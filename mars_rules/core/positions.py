"""Reading positions safely: size limit, strict JSON, and a checker that lists every problem.

>>> c = Checker()
>>> d = c.obj({"fuel": 9}, "player 0", {"fuel": int, "parts": int})
>>> c.int_in(d.get("fuel"), "player 0.fuel", 0, 7)
False
>>> c.problems
['player 0: missing key "parts"', 'player 0.fuel: 9 is outside 0..7']
"""
from __future__ import annotations

import functools
import json
import re

from .actions import PositionError

MAX_POSITION_CHARS = 1_000_000
"""Positions longer than this are refused before parsing (a mid-game position is a few kB)."""

MAX_NAME_CHARS = 40
"""The longest player name (a name is shown on boards and score sheets)."""

_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")


def _no_constants(name):
    raise ValueError(f"{name} is not allowed in a position")


def _no_duplicates(pairs):
    out = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f'the key "{str(key)[:40]}" appears twice in one object (which one is meant?)')
        out[key] = value
    return out


def _lone_surrogates(node, path):
    """The paths of the strings (keys included) that hold a lone surrogate."""
    if isinstance(node, str):
        try:
            node.encode("utf-8")
        except UnicodeEncodeError:
            yield path
    elif isinstance(node, dict):
        for k, v in node.items():
            yield from _lone_surrogates(k, f"{path} (a key)")
            yield from _lone_surrogates(v, f"{path}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _lone_surrogates(v, f"{path}[{i}]")


def mend_total(diff: int, fields, other: str = "") -> str:
    """How to mend a total of the box that is `diff` too high (negative: too low), for a problem message:
    `fields` are the (path, value) pairs that may change, the first preferred; `other` names what else
    holds the pieces when lowering one field to 0 is not enough.

    >>> mend_total(2, [("supply", 48)]), mend_total(-1, [("reserve[0]", 3)])
    ('lower `supply` by 2', 'raise `reserve[0]` by 1')
    >>> mend_total(5, [("hangar", 2)], "Ship(s) from the Depot"), mend_total(5, [("a", 2), ("b", 1)])
    ('lower `hangar` to 0 and remove 3 more Ship(s) from the Depot', 'lower `a` and `b` by 5 in all')
    """
    if diff < 0:
        return f"raise `{fields[0][0]}` by {-diff}"
    for path, value in fields:
        if value >= diff:
            return f"lower `{path}` by {diff}"
    if len(fields) == 1:
        path, value = fields[0]
        return f"lower `{path}` to 0 and remove {diff - value} more {other}".rstrip()
    return f"lower {' and '.join(f'`{p}`' for p, _ in fields)} by {diff} in all"


def name_problems(names, path: str = "players") -> list:
    """Every problem with a list of player names: each a non-empty string of at most MAX_NAME_CHARS
    characters, printable, valid Unicode (no lone surrogate), and all different (ignoring case).

    >>> name_problems(["Ada", "ada", ""])
    ['players[1]: "ada" is the name of another player (names must differ)', 'players[2]: a name cannot be empty']
    """
    problems, seen = [], set()
    for i, name in enumerate(names):
        where = f"{path}[{i}]"
        if not isinstance(name, str):
            problems.append(f"{where}: {name!r:.40} is not a string")
            continue
        if not name.strip():
            problems.append(f"{where}: a name cannot be empty")
            continue
        if len(name) > MAX_NAME_CHARS:
            problems.append(f"{where}: the name has {len(name)} characters; at most {MAX_NAME_CHARS}")
            continue
        try:
            name.encode("utf-8")
        except UnicodeEncodeError:
            problems.append(f"{where}: the name holds a lone surrogate (not valid Unicode text)")
            continue
        if not name.isprintable():
            problems.append(f"{where}: the name holds a control character")
            continue
        if name.casefold() in seen:
            problems.append(f'{where}: "{name}" is the name of another player (names must differ)')
        seen.add(name.casefold())
    return problems


def check_names(names) -> tuple:
    """`names` as a tuple, or ValueError listing every problem (for `new_game`)."""
    problems = name_problems(list(names))
    if problems:
        raise ValueError("; ".join(problems))
    return tuple(names)


def reads_positions(decode):
    """Decorator for a game's `from_json`: any error other than PositionError (a position the checks let
    through by mistake) becomes a PositionError naming it, so callers meet one kind of error only."""
    @functools.wraps(decode)
    def from_json(text, *args, **kwargs):
        try:
            return decode(text, *args, **kwargs)
        except PositionError:
            raise
        except RecursionError:
            raise PositionError(["the position is nested too deeply"]) from None
        except Exception as e:  # noqa: BLE001 - the contract: from_json raises PositionError, never another
            raise PositionError([f"the position could not be read ({type(e).__name__}: {str(e)[:160]})"]) from None
    return from_json


FORMATS = (1, 2)
"""The position formats `from_json` reads: 2 (readable: names, named slots) is written, 1 is still read."""


def parse_position(text, game_name: str, formats=(1,)) -> dict:
    """JSON text -> dict whose "format" is one of `formats` and "game" == game_name, or PositionError."""
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
        data = json.loads(text, parse_constant=_no_constants, object_pairs_hook=_no_duplicates)
    except RecursionError:
        raise PositionError(["the JSON is nested too deeply"]) from None
    except ValueError as e:
        raise PositionError([f"not valid JSON: {e}"]) from None
    if not isinstance(data, dict):
        raise PositionError([f"a position is a JSON object, not {type(data).__name__}"])
    if _SURROGATE.search(text):  # rare: then check every string for a lone surrogate (unsavable text)
        bad = list(_lone_surrogates(data, "position"))
        if bad:
            raise PositionError([f"{path}: the text holds a lone surrogate (not valid Unicode): the position "
                                 "could not be saved again" for path in bad])
    problems = []
    fmt = data.get("format")
    if type(fmt) is not int or fmt not in formats:
        allowed = " or ".join(map(str, formats))
        problems.append(f'format: must be {allowed} (the format this position is written in), not {json_words(fmt)}')
    if data.get("game") != game_name:
        problems.append(f'game: must be "{game_name}", not {json_words(data.get("game"))}')
    if problems:
        raise PositionError(problems)
    return data


_TYPE_NAMES = {int: "an integer", str: "a string", list: "a list", dict: "an object", bool: "true or false"}


def pretty_json(value, width: int = 100, indent: int = 2) -> str:
    """JSON text a person reads: what fits in `width` on one line stays there, longer lists of numbers or
    names are wrapped, longer objects and lists of lists get one entry per line.

    >>> print(pretty_json({"hand": ["Water", "Oxygen"], "rows": [[1, 2], [3, 4]]}, width=32))
    {
      "hand": ["Water", "Oxygen"],
      "rows": [[1, 2], [3, 4]]
    }
    """
    def enc(v, level, lead=0):
        flat = json.dumps(v, ensure_ascii=False, separators=(", ", ": "))
        room = width - indent * level - lead
        if len(flat) <= room or not isinstance(v, (list, dict)) or not v:
            return flat
        pad, end = " " * (indent * (level + 1)), " " * (indent * level)
        if isinstance(v, dict):
            keys = [json.dumps(k, ensure_ascii=False) + ": " for k in v]
            items = [f"{pad}{k}{enc(x, level + 1, len(k))}" for k, x in zip(keys, v.values())]
            return "{\n" + ",\n".join(items) + "\n" + end + "}"
        if all(not isinstance(x, (list, dict)) for x in v):  # a long list of scalars: wrapped lines
            lines, line = [], ""
            for x in (json.dumps(x, ensure_ascii=False) for x in v):
                if line and len(pad) + len(line) + len(x) + 2 > width:
                    lines.append(line + ",")
                    line = ""
                line = f"{line}, {x}" if line else x
            lines.append(line)
            return "[\n" + "\n".join(pad + ln for ln in lines) + "\n" + end + "]"
        return "[\n" + ",\n".join(pad + enc(x, level + 1) for x in v) + "\n" + end + "]"
    return enc(value, 0)


def slot_names(mask: int, names) -> list:
    """The names of the bits set in `mask`, in slot order (the inverse of `Checker.slots`).

    >>> slot_names(5, ["a", "b", "c"])
    ['a', 'c']
    """
    return [name for i, name in enumerate(names) if mask >> i & 1]


def json_words(value) -> str:
    """A JSON value as a problem message quotes it: null, true, 7, "text", a list of 3, an object."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value[:40] + ("…" if len(value) > 40 else ""), ensure_ascii=False)
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


class Checker:
    """Collects problems while a position is read; `done()` raises them all at once."""

    def __init__(self):
        self.problems: list[str] = []
        self.missing: set = set()  # paths already reported missing (a null read from them is not reported again)

    def fail(self, path: str, message: str) -> None:
        self.problems.append(f"{path}: {message}")

    def ok(self) -> bool:
        return not self.problems

    def done(self) -> None:
        if self.problems:
            raise PositionError(self.problems)

    def is_type(self, value, path: str, kind) -> bool:
        wanted = _TYPE_NAMES.get(kind, kind.__name__)
        if value is None:
            return self._null(path, wanted)
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            self.fail(path, f"{json_words(value)} is not an integer")
            return False
        if kind is not int and not isinstance(value, kind):
            self.fail(path, f"{json_words(value)} is not {wanted}")
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
                self.missing.add(f"{path}.{key}")
            elif kind is None or self.is_type(value[key], f"{path}.{key}", kind):
                out[key] = value[key]
        for key in value:
            if key not in schema:
                self.fail(path, f'unexpected key "{str(key)[:40]}"')
        return out

    def _null(self, path: str, wanted: str) -> bool:
        """A None value: reported (null where a value is needed) unless its key was reported missing."""
        if path not in self.missing:
            self.fail(path, f"null where {wanted} is needed")
        return False

    def int_in(self, value, path: str, lo: int, hi: int | None) -> bool:
        if value is None:
            return self._null(path, f"an integer {lo}..{'' if hi is None else hi}")
        if not self.is_type(value, path, int):
            return False
        if value < lo or (hi is not None and value > hi):
            self.fail(path, f"{value} is outside {lo}..{'' if hi is None else hi}")
            return False
        return True

    def names(self, value, path: str = "players") -> list:
        """A list of player names (see name_problems); returns it, or [] when it is not a list."""
        names = self.list_of(value, path, str)
        for problem in name_problems(names, path):
            self.problems.append(problem)
        return names

    def one_of(self, value, path: str, choices) -> bool:
        if value is None:
            return self._null(path, "one of " + ", ".join(map(str, choices))[:80])
        if value not in choices:
            self.fail(path, f"{str(value)[:40]!r} is not one of {', '.join(map(str, choices))}")
            return False
        return True

    def named(self, value, path: str, table, what: str):
        """The value a name stands for in `table` (a mapping name -> value), or None with a problem.

        >>> Checker().named("Oxygen", "hand[0]", {"Oxygen": 2}, "a raw material")
        2
        """
        if value is None:
            self._null(path, what)
            return None
        if not isinstance(value, str) or value not in table:
            names = ", ".join(map(str, list(table)[:12])) + (", ..." if len(table) > 12 else "")
            self.fail(path, f"{json_words(value)} is not {what} ({names})")
            return None
        return table[value]

    def slots(self, value, path: str, names, what: str = "slot") -> int | None:
        """A list of distinct slot names -> the bit mask (bit i for names[i]), or None with a problem.

        >>> Checker().slots(["b", "a"], "staff", ["a", "b", "c"])
        3
        """
        if not self.is_type(value, path, list):
            return None
        if len(value) > len(names):
            self.fail(path, f"has {len(value)} entries; there are only {len(names)} {what}s")
            return None
        index = {name: i for i, name in enumerate(names)}
        mask, good = 0, True
        for k, name in enumerate(value):
            bit = self.named(name, f"{path}[{k}]", index, f"a {what} name")
            if bit is None:
                good = False
            elif mask >> bit & 1:
                self.fail(f"{path}[{k}]", f"{json_words(name)} is listed twice")
                good = False
            else:
                mask |= 1 << bit
        return mask if good else None

    def list_of(self, value, path: str, kind, length: int | None = None, max_length: int = 10_000) -> list:
        """A list whose items all have type `kind` (returns [] if it is not one)."""
        if value is None:
            self._null(path, "a list")
            return []
        if not self.is_type(value, path, list):
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
