"""Positions as JSON: ``to_dict(state)`` writes format 2, ``from_json(text)`` reads formats 2 and 1.

Format 2 (``readable.py``; docs/positions/ruins_of_mars.md; the JSON Schema position.schema.json) has
the State's fields under the same names, written with the rulebook's names: cards as "<id> <name>",
tiles as icon words, Sites, resources, Languages and Tech board slots by name, null for "none".
Format 1 (``format_1_dict``) has the State's fields as they are: integer codes, -1 for none.

Rule options: format 2 writes ``"options"`` as the object of the rule options that differ from the
default (``OPTIONS.changed``; ``{}`` for the rulebook's game) and the setup choices apart, under
``"setup"``. Format 1 had one ``"options"`` object with the setup choices and the two rule options of
its time (``hourglass``, ``kickstarter``); reading it maps those onto ``state.setup`` and the record.
A position is checked against its own options (the resource cap, the end trigger, the Characters).

Reading has two stages. First the shape: every key present and no other, each value of its JSON type
(an integer is never ``true`` or ``1.0``), lists of their length, every name one of its table, the
player names (``Checker.names``). A format-2 object is first translated to format 1
(``readable.to_format_1``: each bad name reported with its format-2 path), then both formats go through
the same reader, ``_read``. Then, on the State built from it, ``invariants.problems``: the ranges and
every rule the position must keep (the same list the property tests check after every action), its
paths and values worded in format 2 for a format-2 text (``readable.in_format_2``). Each problem names
its field path; all the problems of a stage are listed at once.
"""
from __future__ import annotations

import re

from mars_rules.core import CHANCE, FORMATS, Checker, PositionError, parse_position, reads_positions

from .data import CARDS, N_TILES, CardSet, check_card_source
from .options import OPTIONS
from . import invariants, readable

def _board(b):
    return {"character": b.character, "resources": list(b.resources), "hourglass": b.hourglass,
            "radiation": b.radiation, "languages": list(b.languages), "techs": list(b.techs),
            "face_down": list(b.face_down)}


def to_dict(s) -> dict:
    """The position in format 2 (what ``state.to_json()`` writes)."""
    return readable.to_dict(s)


def format_1_dict(s) -> dict:
    """The position in format 1 (the State's fields as they are), which ``from_json`` still reads."""
    d = {
        "format": 1, "game": "ruins_of_mars", "players": list(s.players), "seed": s.seed, "draws": s.draws,
        "step": s.step, "to_move": s.to_move, "events": list(s.events), "chance": s.chance,
        "options": _format_1_options(s), "tiles": list(s.tiles), "sites": [list(c) for c in s.sites],
        "rover": s.rover, "display": [list(c) for c in s.display], "decks": [list(c) for c in s.decks],
        "removed": list(s.removed), "boards": [_board(b) for b in s.boards], "current": s.current,
        "first": s.first, "turn": s.turn, "pending": s.pending, "acted": s.acted, "transfers": s.transfers,
        "used": list(s.used), "search": s.search, "facedown": list(s.facedown), "realloc_to": s.realloc_to,
        "solo_die": s.solo_die, "end_turns": s.end_turns,
    }
    if not s.cards.default:
        d["cards"] = s.cards.source
    return d


SCHEMA = {"format": int, "game": str, "players": list, "seed": int, "draws": int, "step": str, "to_move": None,
          "events": list, "chance": str, "options": dict, "tiles": list, "sites": list, "rover": int,
          "display": list, "decks": list, "removed": list, "boards": list, "current": int, "first": int,
          "turn": int, "pending": int, "acted": bool, "transfers": int, "used": list, "search": int,
          "facedown": list, "realloc_to": int, "solo_die": int, "end_turns": int}
"""The keys of format 1 (format 2 has "setup" too, after "chance")."""
SCHEMA_2 = dict(list(SCHEMA.items())[:9] + [("setup", dict)] + list(SCHEMA.items())[9:])
BOARD = {"character": str, "resources": list, "hourglass": int, "radiation": int, "languages": list,
         "techs": list, "face_down": list}
SETUP = {"characters": str, "first_player": int, "solo": bool}
"""The setup choices (``state.setup``): format 2's "setup" object."""
FORMAT_1_OPTIONS = {"characters": str, "first_player": int, "hourglass": int, "kickstarter": bool, "solo": bool}
"""Format 1's "options" object: the setup choices and the rule options ``hourglass`` and ``kickstarter``."""


def _format_1_options(s) -> dict:
    """Format 1's "options": its five keys in their order, then any other rule option that differs from the
    default (format 1 predates them; ``from_json`` reads them back)."""
    setup, rules = s.setup, s.options
    d = {"characters": setup.characters, "first_player": setup.first_player, "hourglass": rules.hourglass,
         "kickstarter": rules.kickstarter, "solo": setup.solo}
    d.update((k, v) for k, v in OPTIONS.changed(rules).items() if k not in d)
    return d


@reads_positions
def from_json(text):
    """A State from JSON text in format 2 or 1; PositionError listing every problem otherwise (never
    another exception), each problem naming its field as that format writes it."""
    data = parse_position(text, "ruins_of_mars", formats=FORMATS)
    if data["format"] == 1:
        state = _read(data)
        found = [_SETUP_PATH.sub(r"options.\1", line) for line in invariants.problems(state)]
    else:
        c = Checker()
        cards = _card_set(c, data)
        lab = None if cards is None else readable.labels(cards)
        state = _read(readable.to_format_1(data, c, lab), c, cards or CARDS, fmt=2)
        found = invariants.problems(state)
        if found:
            found = readable.in_format_2(found, state)
    if found:
        raise PositionError(found)
    return state


_SETUP_PATH = re.compile(r"\bsetup\.(characters|first_player|solo)\b")
"""The setup choices' paths in the invariants' sentences; format 1 writes them under "options"."""


def _card_set(c, data):
    """The position's card set ("cards" if present, else the default), or None when "cards" is refused
    (not an object: `_read` says so)."""
    if "cards" not in data:
        return CARDS
    if not isinstance(data["cards"], dict):
        return None
    probs = check_card_source(data["cards"])
    for p in probs[:20]:
        c.fail("cards", p)
    return None if probs else CardSet(data["cards"])


def _what(value) -> str:
    """A JSON value in words for a message (never a Python repr)."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return invariants.show(value)


def _ids(c, value, path, length):
    """A list of `length` card ids (strings) or nulls."""
    if not c.is_type(value, path, list):
        return None
    if len(value) != length:
        c.fail(path, f"has {len(value)} entries, expected {length} (a card id or null each)")
        return None
    good = True
    for k, cid in enumerate(value):
        if cid is not None and not isinstance(cid, str):
            c.fail(f"{path}[{k}]", f"{_what(cid)} is not a card id (a string) or null")
            good = False
    return tuple(value) if good else None


def _read(data, c=None, cards=None, fmt=1):
    """The State the format-1 object describes, once its shape and types are right (PositionError listing
    the problems of `c` and its own otherwise). `cards`: the card set already read from "cards". With
    `fmt` 2 the object is format 2 translated by ``readable.to_format_1``: its setup choices are under
    "setup" and its "options" holds the changed rule options."""
    from .state import Player, Setup, State
    c = c or Checker()
    schema = dict(SCHEMA_2 if fmt == 2 else SCHEMA)
    if "cards" in data:
        schema["cards"] = dict
    d = c.obj(data, "position", schema)
    if cards is None:
        cards = _card_set(c, d) if "cards" in d else CARDS
    players = c.names(d["players"], "players") if "players" in d else []
    if "players" in d and isinstance(d["players"], list) and not 2 <= len(d["players"]) <= 4:
        count = len(d["players"])
        c.fail("players", f"{count} name{'' if count == 1 else 's'}; a game has 2 to 4 seats (the solo game has 2: "
                          f"you and the AI)")
    n = len(players)
    if "to_move" in d:
        tm = d["to_move"]
        if not (tm is None or tm == CHANCE or (type(tm) is int and 0 <= tm < max(n, 1))):
            c.fail("to_move", f"{_what(tm)} is not a seat (an integer 0..{max(n - 1, 0)}), \"chance\" or null")
    events = c.list_of(d.get("events"), "events", str, max_length=500) if "events" in d else []
    if any(len(e) > 2000 for e in events):
        c.fail("events", "an event is longer than 2000 characters")
    if fmt == 2:
        setup = c.obj(d["setup"], "setup", SETUP) if "setup" in d else {}
        rules = OPTIONS.read(c, d["options"], "options") if "options" in d else OPTIONS.default
    else:
        setup, rules = _read_format_1_options(c, d.get("options"))
    tiles = c.list_of(d["tiles"], "tiles", str, length=N_TILES) if "tiles" in d else []
    sites = c.list_of(d["sites"], "sites", list, length=5) if "sites" in d else []
    cols = [c.list_of(col, f"sites[{i}]", int, max_length=N_TILES) for i, col in enumerate(sites)]
    facedown = c.list_of(d["facedown"], "facedown", int, max_length=N_TILES) if "facedown" in d else []
    display = c.list_of(d["display"], "display", list, length=3) if "display" in d else []
    display = [_ids(c, col, f"display[{lv}]", 4) for lv, col in enumerate(display)]
    decks = c.list_of(d["decks"], "decks", list, length=3) if "decks" in d else []
    decks = [c.list_of(deck, f"decks[{lv}]", str, max_length=16) for lv, deck in enumerate(decks)]
    removed = c.list_of(d["removed"], "removed", str, max_length=48) if "removed" in d else []
    used = c.list_of(d["used"], "used", str, max_length=40) if "used" in d else []
    if any(len(u) > 60 for u in used):
        c.fail("used", "an ability key is longer than 60 characters")
    boards_raw = c.list_of(d["boards"], "boards", dict, max_length=4) if "boards" in d else []
    if 2 <= n <= 4 and "boards" in d and len(boards_raw) != n:
        c.fail("boards", f"has {len(boards_raw)} entries for {n} players (one board per player)")
    boards = []
    for p, raw in enumerate(boards_raw):
        path = f"boards[{p}]"
        b = c.obj(raw, path, BOARD)
        res = c.list_of(b["resources"], f"{path}.resources", int, length=4) if "resources" in b else []
        langs = c.list_of(b["languages"], f"{path}.languages", int, length=5) if "languages" in b else []
        techs = _ids(c, b["techs"], f"{path}.techs", 9) if "techs" in b else None
        fd = c.list_of(b["face_down"], f"{path}.face_down", bool, length=9) if "face_down" in b else []
        if c.ok():
            boards.append(Player(b["character"], tuple(res), b["hourglass"], b["radiation"], tuple(langs), techs,
                                 tuple(fd)))
    c.done()
    setup = Setup(setup["characters"], setup["first_player"], setup["solo"])
    return State(tuple(players), d["seed"], d["draws"], d["step"], d["to_move"], tuple(events), d["chance"],
                 rules, setup, tuple(tiles), tuple(tuple(x) for x in cols), d["rover"], tuple(display),
                 tuple(tuple(x) for x in decks), tuple(removed), tuple(boards), d["current"],
                 d["first"], d["turn"], d["pending"], d["acted"], d["transfers"], tuple(used), d["search"],
                 tuple(facedown), d["realloc_to"], d["solo_die"], d["end_turns"], cards)


def _read_format_1_options(c, value):
    """(setup choices, rules record) of format 1's "options" object: its five keys (the setup choices,
    ``hourglass`` and ``kickstarter``), and any other rule option (``format_1_dict`` of a variant game)."""
    if value is None or not c.is_type(value, "options", dict):
        return {}, OPTIONS.default
    setup = {}
    for key, kind in FORMAT_1_OPTIONS.items():
        if key not in value:
            c.fail("options", f'missing key "{key}"')
        elif key in SETUP:
            if c.is_type(value[key], f"options.{key}", kind):
                setup[key] = value[key]
    rules = OPTIONS.read(c, {k: v for k, v in value.items() if k not in SETUP}, "options")
    return setup, rules
