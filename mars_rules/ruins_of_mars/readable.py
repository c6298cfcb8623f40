"""Format 2 of a Ruins of Mars position: the rulebook's names where format 1 wrote codes.

``to_dict(state)`` writes format 2. ``to_format_1(data, checker)`` turns a format-2 object into the
format-1 object the codec's one reader checks (`codec._read`), reporting every bad name with its
format-2 path; ``in_format_2(problems, state)`` rewrites the paths (and the few values) that
``invariants.problems`` words in format 1, so every problem about a format-2 text speaks format 2.

What changes from format 1 (documented in docs/positions/ruins_of_mars.md):

- a card (Tech or AI Tech) is one string, its id then its name: "L1-07 Water Still" (an AI Tech, which
  has no name, is its id alone); should a custom card set make two such strings equal, those cards are
  written as ``{"id": ..., "name": ...}``;
- ``tiles``: each tile's icons as words joined by " + " ("wrench + radiation"); its index stays its number;
- ``sites``: an object keyed by Site name; ``rover`` and ``realloc_to``: a Site's name (``rover`` null
  before the first placement);
- on a board: ``character`` null for none; ``resources`` and ``languages`` objects keyed by name;
  ``techs`` an object keyed by slot name (``SLOTS``: "L2-row3" = the Level 2 column, row 3) holding the
  filled slots only; ``face_down`` the list of the face-down slots' names;
- ``used``: "tech:", "free:" and "eng:" keys name the card as above;
- null for none: ``setup.first_player`` (random), ``end_turns`` (not triggered), ``solo_die`` (not
  rolled); ``search`` null (no deck open), a Level 1..3, or "replicated" (Step 6 is done);
- ``setup``: the setup choices (characters, first_player, solo); ``options``: only the rule options that
  differ from the default (``OPTIONS.changed``), ``{}`` for the rulebook's game.

>>> from mars_rules.ruins_of_mars import new_game
>>> d = to_dict(new_game(players=2, seed=7, characters="deal"))
>>> d["tiles"][9], d["sites"]["Wasteland"], d["rover"], d["display"][0][0]
('star + radiation', [7, 10, 9], None, 'L1-07 Rune Lens')
"""
from __future__ import annotations

import re

from mars_rules.core import Checker
from mars_rules.core.positions import json_words

from .data import CARDS, CHARACTERS, ICONS, KICKSTARTER_CHARACTERS, LANGUAGES, N_TILES, RESOURCES, SITES, CardSet
from .options import OPTIONS

FORMAT = 2
SLOTS = tuple(f"L{level}-row{row}" for row in (1, 2, 3) for level in (1, 2, 3))
"""The 9 slots of a Tech board in the State's order (slot = (row - 1) * 3 + level - 1): one column per
Level, rows 1..3 top to bottom (Tech board; rules note G16). The solo view's placeholder for the face-down
AI Tech in slot "L2-row1" is named "hidden-L2-row1"."""
ICON_WORDS = tuple(ICONS.values())
"""The words of the Action tile icons, in the order of ``data.ICONS`` (Action Tile Icons)."""
CHARACTER_NAMES = CHARACTERS + KICKSTARTER_CHARACTERS
REPLICATED = "replicated"
"""``search`` once a Tech was replicated this turn (format 1: -1)."""
ABILITY_KINDS = ("tech", "free", "eng")
"""The ability keys of ``used`` that name a card: "tech:<card>", "free:<card>", "eng:<card>"."""

_SITE = {name: i for i, name in enumerate(SITES)}
_SLOT = {name: i for i, name in enumerate(SLOTS)}
_CHARACTER = {name: name for name in CHARACTER_NAMES}
_LETTER = {word: letter for letter, word in ICONS.items()}
_WORDS: dict = {}   # tile code -> words
_CODES: dict = {}   # words -> tile code


def tile_words(code: str) -> str:
    """ "SX" -> "star + radiation" (an unknown letter is kept as it is)."""
    words = _WORDS.get(code)
    if words is None:
        words = _WORDS[code] = " + ".join(ICONS.get(ch, ch) for ch in code)
    return words


def tile_code(words) -> str | None:
    """ "star + radiation" -> "SX"; None unless it is 1 to 6 icon words joined by " + "."""
    code = _CODES.get(words)
    if code is None and isinstance(words, str):
        letters = [_LETTER.get(w) for w in words.split(" + ")]
        if not 1 <= len(letters) <= 6 or None in letters:
            return None
        code = _CODES[words] = "".join(letters)
    return code


# ----- cards ----------------------------------------------------------------------------------------------
class Labels:
    """How the cards of one CardSet are written: ``text[id]`` (a string, or ``{"id", "name"}`` where the
    string would be ambiguous) and ``ids[string]`` (the way back)."""

    __slots__ = ("text", "ids", "boxed", "ambiguous")

    def __init__(self, cards: CardSet):
        entries = [(cid, c.name, f"{cid} {c.name}" if c.name else cid) for cid, c in cards.tech.items()]
        entries += [(cid, "", cid) for cid in cards.ai]
        count: dict = {}
        for _, _, text in entries:
            count[text] = count.get(text, 0) + 1
        self.text, self.ids, self.boxed = {}, {}, {}
        self.ambiguous = {text for text, n in count.items() if n > 1}
        for cid, name, text in entries:
            if count[text] == 1:
                self.text[cid] = text
                self.ids[text] = cid
            else:  # a custom card set whose "<id> <name>" strings collide: the object form
                self.text[cid] = self.boxed[cid] = {"id": cid, "name": name}

    def key(self, cid) -> str:
        """The card in an ability key of ``used``: its string, or its bare id where that is ambiguous."""
        t = self.text.get(cid, cid)
        return t if isinstance(t, str) else cid


_DEFAULT_LABELS = Labels(CARDS)
_last = [None, None]


def labels(cards) -> Labels:
    if cards is CARDS:
        return _DEFAULT_LABELS
    if _last[0] is not cards:
        _last[1] = Labels(cards)
        _last[0] = cards
    return _last[1]


def card_id(c: Checker, value, path: str, lab: Labels | None):
    """The id of the card written `value` at `path`, or "?" with a problem (lab None: the position's card
    set is itself refused, so its names are not checked)."""
    if isinstance(value, str):
        if lab is None:
            return value
        cid = lab.ids.get(value)
        if cid is not None:
            return cid
        if value in lab.ambiguous:
            c.fail(path, f'{json_words(value)} names two cards of this position\'s card set: write the card as '
                         f'{{"id": ..., "name": ...}}')
            return "?"
        first = value.split(" ", 1)[0]
        known = lab.text.get(value) or lab.text.get(first)
        hint = f' (did you mean "{known}"?)' if isinstance(known, str) else ""
        c.fail(path, f"{json_words(value)} is not a card of this position: a Tech is written as its id and its "
                     f"name, an AI Tech as its id{hint}")
        return "?"
    if isinstance(value, dict) and lab is not None:
        cid = value.get("id")
        if len(value) == 2 and isinstance(cid, str) and lab.boxed.get(cid) == value:
            return cid
        want = lab.text.get(cid) if isinstance(cid, str) else None
        c.fail(path, "a card is written as one string (its id and name)" + (
            f': write {json_words(want)}' if isinstance(want, str) else
            ' (the {"id", "name"} object only where that string is ambiguous)'))
        return "?"
    c.fail(path, f"{json_words(value)} is not a card (a string: its id and name)")
    return "?"


def _cards(c, value, path, lab, length=None, max_length=10_000, nulls=False):
    """A list of cards (or nulls) -> their ids, or None with the problems."""
    if not c.is_type(value, path, list):
        return None
    if length is not None and len(value) != length:
        c.fail(path, f"has {len(value)} entries, expected {length} (a card{' or null' if nulls else ''} each)")
        return None
    if len(value) > max_length:
        c.fail(path, f"has {len(value)} entries, more than {max_length}")
        return None
    if lab is not None and not nulls:  # the common case quickly: every entry a known card's string
        ids = lab.ids
        try:
            out = [ids[x] for x in value]
        except (KeyError, TypeError):
            pass
        else:
            return out
    return [None if x is None and nulls else card_id(c, x, f"{path}[{k}]", lab) for k, x in enumerate(value)]


def _columns(c, data, key, lab, length, max_length, nulls):
    """display or decks: 3 lists of cards (Level 1, 2, 3)."""
    cols = c.list_of(data[key], key, list, length=3)
    out = [_cards(c, col, f"{key}[{lv}]", lab, length, max_length, nulls) for lv, col in enumerate(cols)]
    if len(out) != 3 or None in out:
        return [[None] * 4 if nulls else [] for _ in range(3)]
    return out


# ----- writing ---------------------------------------------------------------------------------------------
def _name(table, i):
    return table[i] if type(i) is int and 0 <= i < len(table) else i


def _board(b, text):
    return {"character": b.character or None, "resources": dict(zip(RESOURCES, b.resources)),
            "hourglass": b.hourglass, "radiation": b.radiation, "languages": dict(zip(LANGUAGES, b.languages)),
            "techs": {SLOTS[i]: text.get(cid, cid) for i, cid in enumerate(b.techs) if cid is not None},
            "face_down": [SLOTS[i] for i, down in enumerate(b.face_down) if down]}


def _ability(key, lab):
    kind, colon, cid = key.partition(":")
    return f"{kind}:{lab.key(cid)}" if colon and kind in ABILITY_KINDS else key


def to_dict(s) -> dict:
    """The position `s` in format 2 (a dict of JSON values; key order as written)."""
    lab = labels(s.cards)
    text = lab.text
    setup = s.setup
    search = s.search
    d = {
        "format": FORMAT, "game": "ruins_of_mars", "players": list(s.players), "seed": s.seed, "draws": s.draws,
        "step": s.step, "to_move": s.to_move, "events": list(s.events), "chance": s.chance,
        "setup": {"characters": setup.characters,
                  "first_player": None if setup.first_player == -1 else setup.first_player, "solo": setup.solo},
        "options": OPTIONS.changed(s.options),
        "tiles": [tile_words(t) for t in s.tiles],
        "sites": {SITES[i]: list(col) for i, col in enumerate(s.sites[:5])},
        "rover": None if s.rover == -1 else _name(SITES, s.rover),
        "display": [[None if cid is None else text.get(cid, cid) for cid in col] for col in s.display],
        "decks": [[text.get(cid, cid) for cid in deck] for deck in s.decks],
        "removed": [text.get(cid, cid) for cid in s.removed],
        "boards": [_board(b, text) for b in s.boards], "current": s.current, "first": s.first,
        "turn": s.turn, "pending": s.pending, "acted": s.acted, "transfers": s.transfers,
        "used": [_ability(k, lab) for k in s.used],
        "search": None if search == 0 else REPLICATED if search == -1 else search,
        "facedown": list(s.facedown), "realloc_to": _name(SITES, s.realloc_to),
        "solo_die": s.solo_die or None, "end_turns": None if s.end_turns == -1 else s.end_turns,
    }
    if not s.cards.default:
        d["cards"] = s.cards.source
    return d


# ----- reading ---------------------------------------------------------------------------------------------
def _site(c, value, path, nullable):
    if value is None and nullable:
        return -1
    if value is None:
        c.fail(path, f"null where a Site is needed ({', '.join(SITES)})")
        return 0
    i = c.named(value, path, _SITE, "a Site" + (" or null" if nullable else ""))
    return 0 if i is None else i


def _count_or_null(c, value, path, lo, hi, none, words):
    """An integer lo..hi (hi None: no bound) or null (-> `none`); else a problem and `none`."""
    if value is None:
        return none
    if type(value) is int and value >= lo and (hi is None or value <= hi):
        return value
    c.fail(path, f"{json_words(value)} is not {words}")
    return none


def _read_board(c, b, path, lab):
    """One board of format 2 -> the format-1 board (every other key as it is, for the codec's reader)."""
    out = dict(b)
    if "character" in b:
        v = b["character"]
        out["character"] = "" if v is None else (c.named(v, f"{path}.character", _CHARACTER,
                                                         "a Character (null for none)") or "")
    for key, names in (("resources", RESOURCES), ("languages", LANGUAGES)):
        if key in b:
            got = c.obj(b[key], f"{path}.{key}", dict.fromkeys(names, int))
            out[key] = [got.get(n, 0) for n in names]
    if "techs" in b:
        techs = [None] * 9
        v = b["techs"]
        if c.is_type(v, f"{path}.techs", dict):
            for key, value in v.items():
                slot = c.named(key, f"{path}.techs", _SLOT, "a Tech board slot")
                cid = card_id(c, value, f"{path}.techs.{key}"[:200], lab)
                if slot is not None:
                    techs[slot] = cid
        out["techs"] = techs
    if "face_down" in b:
        mask = c.slots(b["face_down"], f"{path}.face_down", SLOTS, "Tech board slot") or 0
        out["face_down"] = [bool(mask >> i & 1) for i in range(9)]
    return out


def to_format_1(data: dict, c: Checker, lab: Labels | None) -> dict:
    """The format-1 object of the format-2 object `data` for the codec's reader: every changed field
    translated (a bad one reported on `c` with its format-2 path and replaced by a value the reader takes,
    so each problem is reported once), every other field as it is (the reader checks it: its paths are
    the same in both formats)."""
    d = dict(data)
    d["format"] = 1
    setup = data.get("setup")
    if isinstance(setup, dict) and "first_player" in setup:
        d["setup"] = dict(setup, first_player=_count_or_null(
            c, setup["first_player"], "setup.first_player", 0, None, -1,
            "a seat (0 or more), or null for a random first player"))
    tiles = data.get("tiles")
    if isinstance(tiles, list):
        d["tiles"] = codes = []
        for i, words in enumerate(tiles):
            code = tile_code(words)
            if code is None:
                c.fail(f"tiles[{i}]", f"{json_words(words)} is not 1 to 6 icons joined by \" + \" "
                                      f"({', '.join(ICON_WORDS)})")
            codes.append(code or "R")
    if "sites" in data:
        got = c.obj(data["sites"], "sites", dict.fromkeys(SITES, list))
        d["sites"] = [c.list_of(got[name], f"sites.{name}", int, max_length=N_TILES) if name in got else []
                      for name in SITES]
    if "rover" in data:
        d["rover"] = _site(c, data["rover"], "rover", True)
    if "realloc_to" in data:
        d["realloc_to"] = _site(c, data["realloc_to"], "realloc_to", False)
    if "display" in data:
        d["display"] = _columns(c, data, "display", lab, 4, 4, True)
    if "decks" in data:
        d["decks"] = _columns(c, data, "decks", lab, None, 16, False)
    if "removed" in data:
        d["removed"] = _cards(c, data["removed"], "removed", lab, max_length=48) or []
    boards = data.get("boards")
    if isinstance(boards, list):
        d["boards"] = [_read_board(c, b, f"boards[{p}]", lab) if isinstance(b, dict) else b
                       for p, b in enumerate(boards)]
    used = data.get("used")
    if isinstance(used, list) and lab is not None:
        d["used"] = [_ability_key(key, lab) for key in used]
    if "search" in data:
        v = data["search"]
        d["search"] = -1 if v == REPLICATED else _count_or_null(
            c, v, "search", 1, 3, 0, 'the Level of the open deck (1, 2, 3), "replicated" or null')
    if "solo_die" in data:
        d["solo_die"] = _count_or_null(c, data["solo_die"], "solo_die", 1, 6, 0,
                                       "a die face 1..6, or null before the first roll")
    if "end_turns" in data:
        d["end_turns"] = _count_or_null(c, data["end_turns"], "end_turns", 0, None, -1,
                                        "a count of final turns (0 or more), or null until the end is triggered")
    return d


def _ability_key(key, lab):
    if not isinstance(key, str):
        return key
    kind, colon, rest = key.partition(":")
    if colon and kind in ABILITY_KINDS:
        cid = lab.ids.get(rest)
        if cid is None and rest in lab.boxed:
            cid = rest
        if cid is not None:
            return f"{kind}:{cid}"
    return key  # the rules' check says what is wrong with it


# ----- the rules' problems in format-2 words ---------------------------------------------------------------
_PATH = re.compile(r"boards\[(\d+|\*)\]\.(resources|languages|techs)\[(\d+)\]|sites\[(\d+)\]")
_TABLES = {"resources": RESOURCES, "languages": LANGUAGES, "techs": SLOTS}
_VALUES = {  # field -> (format-1 words, format-2 words) in the invariants' sentences about it
    "end_turns": (("set it to -1", "set it to null"), ("end_turns: -1, but", "end_turns: null, but"),
                  ("is outside -1..", "is outside 0..")),
    "rover": (("set it to -1", "set it to null"), ("(set it to a Site 0..4)", "(set it to a Site's name)")),
    "search": (("search: -1 in", f'search: "{REPLICATED}" in'), ("set it to -1", f'set it to "{REPLICATED}"'),
               ("set it to 0", "set it to null"), ("(or -1 after", f'(or "{REPLICATED}" after')),
    "setup.first_player": (("is outside -1..", "is outside 0.."),),
    "solo_die": (("(it shows 0)", "(it shows null: not rolled yet)"),),
}


def _path(m):
    if m.group(4) is not None:
        return f"sites.{_name(SITES, int(m.group(4)))}"
    return f"boards[{m.group(1)}].{m.group(2)}.{_name(_TABLES[m.group(2)], int(m.group(3)))}"


def _site_word(m):
    i = int(m.group(2))
    return f"({m.group(1)} {'null' if i == -1 else json_words(_name(SITES, i))})"


def in_format_2(problems, state) -> list:
    """`invariants.problems(state)` for a position read from format 2: paths and values as format 2 writes
    them (sites.Dormitory, boards[0].resources.Fuel, boards[1].techs.L2-row1, null, "replicated")."""
    out = []
    for line in problems:
        line = _PATH.sub(_path, line)
        field = line.split(":", 1)[0]
        for old, new in _VALUES.get(field, ()):
            line = line.replace(old, new)
        if field == "techs":
            line = "position" + line[5:]
        elif field.endswith(".character"):
            line = line.replace('set it to ""', "set it to null")
        elif field.endswith(".face_down"):
            line = line.replace("set every entry to false", "make it an empty list")
        elif field.startswith("used[") and field.endswith("]") and field[5:-1].isdigit():
            key = state.used[int(field[5:-1])] if int(field[5:-1]) < len(state.used) else None
            if isinstance(key, str):
                shown = _ability(key, labels(state.cards))
                line = line.replace(f'"{key[:40]}"', f'"{shown[:40]}"', 1)
        line = re.sub(r"\((rover is|realloc_to) (-?\d+)\)", _site_word, line)
        out.append(line)
    return out
