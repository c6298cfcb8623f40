"""Format 2 of a Ruins position (the readable one): written from a State, translated to format 1 to be read.

Cards are written by name, with their id first because names repeat (five ruins of each day rank, and
discoveries with the same effect): a ruin is "#12 day 3" (id 12, printed day rank 3: fixed by the
rulebook's Components, so the same in every card set), a discovery "#5 top +2 rank" (id, position and
effect, in the words of the position's own card set, `cards`). A face-down card of a player's view is
"hidden". What format 1 wrote as -1 ("none") is null; the side of a ruin is "day" or "night"; `seated`
holds true/false; a ruin's record is an object, listed only for the ruins that are not day side up,
unclaimed and bare; a row of `results` and the pending continuation (`resume`) are objects. Seats stay
integers (indexes of `players`). `options` is the object of the rule options that differ from the
default (`{}` for the rulebook's game). docs/positions/ruins.md describes every key.

Reading format 2 is a translation into the format-1 dict (every bad name or value reported with its
format-2 path), then the format-1 reader and `invariants.problems`, whose messages `format2_problems`
rewrites to name format-2 paths and values: one reader of the rules' checks.

>>> RUIN_NAMES[12], discovery_names(DEFAULT_CARDS)[5]
('#12 day 3', '#5 top +2 rank')
>>> format2_problems(["ruins[13][3] (middle discovery): discovery 30 is a bottom card", "seated[1]: 0, but"])
['ruins["#13 day 3"].middle: discovery 30 is a bottom card', 'seated[1]: false, but']
"""
from __future__ import annotations

import functools
import json
import re

from mars_rules.core import PositionError
from mars_rules.core.positions import json_words

from .data import DEFAULT_CARDS, MARKET_SIZE, POSITIONS, RUIN_COUNT, cards_in_play, check_cards, day_rank
from .options import OPTIONS
from .state import HIDDEN, NO_FLIP, SECRET, UNDECIDED
from .text import effect_words

FORMAT = 2
SIDES = ("day", "night")          # a ruin's record, first entry: 0 day side (sun) up, 1 night side (moon)
HIDDEN_NAME = "hidden"            # a face-down card (or a secret night flip) in a player's view
UNDECIDED_NAME = "undecided"      # flips[p]: not chosen yet
RECORD_KEYS = ("side", "claim") + POSITIONS   # a ruin's record: side, claim owner, top, middle, bottom
RESULT_KEYS = ("round", "seat", "place", "vp_change")
RUIN_NAMES = tuple(f"#{c} day {day_rank(c)}" for c in range(RUIN_COUNT))
RUIN_IDS = {name: c for c, name in enumerate(RUIN_NAMES)}
KEYS = ("format", "game", "players", "seed", "draws", "step", "to_move", "events", "cards", "options", "used", "ruins",
        "hands", "deck", "trick", "last_play", "last_rank", "last_player", "passed", "selection", "market",
        "ddeck", "torches", "claims_left", "vp", "start_vp", "round", "first_player", "seated", "out", "flips",
        "to_deal", "resume", "results", "winners", "viewer")
_TYPES = dict.fromkeys(KEYS)      # None: any JSON value, checked below or by the format-1 reader
_TYPES.update({"format": int, "game": str, "players": list, "draws": int, "step": str, "events": list, "options": dict,
               "used": list, "ruins": dict, "hands": list, "deck": list, "trick": list, "last_play": list,
               "passed": list, "selection": list, "market": list, "ddeck": list, "torches": list,
               "claims_left": list, "vp": list, "start_vp": list, "round": int, "first_player": int,
               "seated": list, "out": list, "flips": list, "to_deal": list, "results": list, "winners": list})
_BLANK = (0, -1, -1, -1, -1)
_RUIN_OUT = {c: name for c, name in enumerate(RUIN_NAMES)}
_RUIN_OUT[HIDDEN] = HIDDEN_NAME
_FLIP_OUT = {**_RUIN_OUT, NO_FLIP: None, UNDECIDED: UNDECIDED_NAME, SECRET: HIDDEN_NAME}
_FLIP_IN = {**RUIN_IDS, UNDECIDED_NAME: UNDECIDED}
_FLAG = {0: False, 1: True}


@functools.lru_cache(maxsize=16)
def discovery_names(cards) -> tuple:
    """The name of each discovery of a card set: "#id position effect"."""
    return tuple(f"#{d} {POSITIONS[p]} {effect_words(e)}"
                 for d, (p, e) in enumerate(zip(cards.disc_pos, cards.disc_effect)))


@functools.lru_cache(maxsize=16)
def _discovery_tables(cards):
    names = discovery_names(cards)
    out = dict(enumerate(names))
    return ({**out, HIDDEN: HIDDEN_NAME}, {**out, -1: None}, {n: d for d, n in enumerate(names)})


_DEFAULT_TABLES = _discovery_tables(DEFAULT_CARDS)
_SLOT_IN = {**_DEFAULT_TABLES[2], None: -1}
_SIDE_IN = {"day": 0, "night": 1}


def _tables(cards):
    """(id -> name or "hidden", id -> name or null for a market slot, name -> id) of a card set."""
    return _DEFAULT_TABLES if cards is DEFAULT_CARDS else _discovery_tables(cards)


# ----- writing -----------------------------------------------------------------------------------------
def to_dict(s, cards_json) -> dict:
    """The format-2 dict of State `s` (`cards_json`: "default" or the card set's dict). A value the
    position cannot hold (a builder's `set` gone wrong) is written as it is, for `from_json` to refuse."""
    ruin = _RUIN_OUT.get
    disc, slot, _ = _tables(s.cards)
    disc = disc.get
    ruins = {}
    for c, rec in enumerate(s.ruins):
        if rec != _BLANK:
            ruins[RUIN_NAMES[c]] = _record(rec, disc, slot.get) if len(rec) == 5 else list(rec)
    r = s.resume
    if not r:
        resume = None
    elif r == ("deal",):
        resume = "deal"
    elif len(r) == 3 and r[0] == "next":
        resume = {"after": r[1], "skip": _FLAG.get(r[2], r[2])}
    else:
        resume = list(r)
    return {
        "format": FORMAT, "game": "ruins", "players": list(s.players), "seed": None if s.seed == -1 else s.seed,
        "draws": s.draws, "step": s.step, "to_move": s.to_move, "events": list(s.events), "cards": cards_json,
        "options": OPTIONS.changed(s.options), "used": [ruin(x, x) for x in s.used], "ruins": ruins,
        "hands": [[ruin(x, x) for x in h] for h in s.hands], "deck": [ruin(x, x) for x in s.deck],
        "trick": [ruin(x, x) for x in s.trick], "last_play": [ruin(x, x) for x in s.last_play],
        "last_rank": None if s.last_rank == -1 else s.last_rank,
        "last_player": None if s.last_player == -1 else s.last_player, "passed": list(s.passed),
        "selection": [ruin(x, x) for x in s.selection], "market": [slot.get(d, d) for d in s.market],
        "ddeck": [disc(d, d) for d in s.ddeck], "torches": list(s.torches), "claims_left": list(s.claims_left),
        "vp": list(s.vp), "start_vp": list(s.start_vp), "round": s.round, "first_player": s.first_player,
        "seated": [_FLAG.get(x, x) for x in s.seated], "out": list(s.out),
        "flips": [_FLIP_OUT.get(f, f) for f in s.flips], "to_deal": list(s.to_deal), "resume": resume,
        "results": [dict(zip(RESULT_KEYS, row)) if len(row) == 4 else list(row) for row in s.results],
        "winners": list(s.winners_), "viewer": None if s.viewer == -1 else s.viewer,
    }


def _record(rec, disc, slot) -> dict:
    side, owner, top, middle, bottom = rec
    return {"side": SIDES[side] if side in (0, 1) else side, "claim": None if owner == -1 else owner,
            "top": slot(top, top), "middle": slot(middle, middle), "bottom": slot(bottom, bottom)}


# ----- reading: format 2 -> format 1 ------------------------------------------------------------------
def to_format1(data: dict, c):
    """(The format-1 dict of a format-2 position, its rule options): the dict's "cards" is the data.Cards
    read, with the options' market costs and scoreboard ("default" when the card set cannot be read),
    every problem reported to Checker `c` with its format-2 path. A field that does not
    translate gets a placeholder the format-1 reader passes (the problems already make it refuse).
    A player's view raises PositionError at once: only a full position can be loaded."""
    d = data if _well_typed(data) else c.obj(data, "position", _TYPES)
    if len(d) != len(_TYPES):
        c.done()
    players = d["players"]
    n = len(players) if 2 <= len(players) <= 5 else None
    viewer = d["viewer"]
    if viewer is not None:
        if c.is_type(viewer, "viewer", int):
            if 0 <= viewer < (n or 5):
                raise PositionError([f"viewer: {viewer} makes this a player's view (face-down cards written "
                                     f'"{HIDDEN_NAME}"); only the full position (viewer null) can be loaded and '
                                     "played on"])
            c.fail("viewer", f"{viewer} is not null (the full position) or a seat (a player's view)")
        c.done()
    start = len(c.problems)
    rules = OPTIONS.read(c, d["options"], "options") if d["options"] else OPTIONS.default
    options_ok = len(c.problems) == start
    if d["cards"] == "default":
        cards = DEFAULT_CARDS
    else:
        cards = check_cards(d["cards"], c, "cards")
        if cards is not None and options_ok:
            _same_as_options(c, cards, rules)
    if cards is not None and rules is not OPTIONS.default:
        cards = cards_in_play(cards, rules.market_costs, rules.scoreboard)
    out = dict(d, format=1, cards="default", viewer=-1)
    del out["options"]
    if cards is not None and cards is not DEFAULT_CARDS:
        out["cards"] = cards
    r = _Reader(c, cards)
    seed = d["seed"]
    if not c.is_type(seed, "seed", int):
        out["seed"] = 0  # placeholders: the problem is reported
    out["used"] = r.ruins(d["used"], "used")
    out["ruins"] = r.records(d["ruins"], n)
    hands = r.items(d["hands"], "hands")
    out["hands"] = [[]] * (n or 0) if hands is None else [r.ruins(h, f"hands[{q}]") for q, h in enumerate(hands)]
    for key in ("deck", "trick", "last_play", "selection"):
        out[key] = r.ruins(d[key], key)
    out["last_rank"] = r.nullable(d["last_rank"], "last_rank", 0, None, "a rank",
                                  "null when nothing has been played in the trick")
    out["last_player"] = r.nullable(d["last_player"], "last_player", 0, n - 1 if n else None, "a seat",
                                    "null when nothing has been played in the trick")
    market = r.discoveries(d["market"], "market", True)
    out["market"] = [-1] * MARKET_SIZE if market is None else market
    out["ddeck"] = r.discoveries(d["ddeck"], "ddeck", False) or []
    seated = r.items(d["seated"], "seated")
    out["seated"] = [1] * (n or 0) if seated is None else [r.flag(x, f"seated[{q}]") for q, x in enumerate(seated)]
    flips = r.items(d["flips"], "flips")
    out["flips"] = [NO_FLIP] * (n or 0) if flips is None else [r.flip(x, f"flips[{q}]") for q, x in enumerate(flips)]
    out["resume"] = r.resume(d["resume"])
    out["results"] = r.results(d["results"])
    return out, rules


def _same_as_options(c, cards, rules) -> None:
    """A custom card set's market costs and scoreboard are the position's options (the default when
    `options` does not list them): report where they differ."""
    if cards.costs != rules.market_costs:
        c.fail("cards.market_costs", f"{json.dumps(list(cards.costs))}, but the market costs in effect are "
                                     f"{json.dumps(list(rules.market_costs))} (options.market_costs, the default "
                                     "when options does not list it): make them the same")
    board = tuple(row for _n, row in cards.scoreboard)
    if board != rules.scoreboard:
        c.fail("cards.scoreboard", "differs from the scoreboard in effect (options.scoreboard, the default when "
                                   "options does not list it): make them the same")


def _well_typed(data) -> bool:
    """Every key of format 2 there, none other, each of the JSON type it needs (the usual case)."""
    if len(data) != len(_TYPES):
        return False
    for key, kind in _TYPES.items():
        if key not in data or (kind is not None and data[key].__class__ is not kind):
            return False
    return True


class _Reader:
    """Names to ids, each bad one reported with its format-2 path (quick paths first)."""

    def __init__(self, c, cards):
        self.c = c
        self.cards = cards
        self.disc = _tables(cards)[2] if cards is not None else None
        self.slot = _SLOT_IN if cards is DEFAULT_CARDS else {None: -1} if cards is None else {**self.disc, None: -1}

    def items(self, value, path: str):
        """`value` if it is a list (of at most 10,000 items), else None with the problem reported."""
        if value.__class__ is list and len(value) <= 10_000:
            return value
        if self.c.is_type(value, path, list):
            self.c.fail(path, f"has {len(value)} entries, more than 10000")
        return None

    def ruins(self, value, path: str) -> list:
        if value.__class__ is list:
            try:
                return [RUIN_IDS[x] for x in value]
            except (KeyError, TypeError):
                pass
        return [self.ruin(x, f"{path}[{k}]") for k, x in enumerate(self.items(value, path) or ())]

    def ruin(self, value, path: str) -> int:
        if value.__class__ is str and value in RUIN_IDS:
            return RUIN_IDS[value]
        if value == HIDDEN_NAME:
            self.c.fail(path, f'"{HIDDEN_NAME}" is a face-down card of a player\'s view; a full position names '
                              "every card")
        else:
            self.c.fail(path, f"{json_words(value)} is not a ruin (a ruin is named \"#id day rank\": "
                              f"{', '.join(RUIN_NAMES[:3])}, ..., {RUIN_NAMES[-1]})")
        return HIDDEN

    def discoveries(self, value, path: str, empty_ok: bool):
        """The ids of a list of discovery names (null for an empty slot if `empty_ok`); None if not a list."""
        if value.__class__ is list and self.disc is not None:
            try:
                return [self.slot[x] for x in value] if empty_ok else [self.disc[x] for x in value]
            except (KeyError, TypeError):
                pass
        items = self.items(value, path)
        return None if items is None else [self.discovery(x, f"{path}[{j}]", empty_ok) for j, x in enumerate(items)]

    def discovery(self, value, path: str, empty_ok: bool) -> int:
        if value is None and empty_ok:
            return -1
        if self.disc is None:  # the card set is wrong (reported): the names cannot be read
            return -1
        if value.__class__ is str and value in self.disc:
            return self.disc[value]
        what = "a discovery of this card set" + (" or null (an empty slot)" if empty_ok else "")
        names = discovery_names(self.cards)
        if value == HIDDEN_NAME:
            self.c.fail(path, f'"{HIDDEN_NAME}" is a face-down card of a player\'s view; a full position names '
                              "every card")
        else:
            self.c.fail(path, f"{json_words(value)} is not {what} (named \"#id position effect\": {names[0]}, "
                              f"{names[13]}, ..., {names[-1]})")
        return -1

    def flag(self, value, path: str) -> int:
        if value is True:
            return 1
        if value is not False:
            self.c.is_type(value, path, bool)
        return 0

    def flip(self, value, path: str) -> int:
        if value is None:
            return NO_FLIP
        if value.__class__ is str and value in _FLIP_IN:
            return _FLIP_IN[value]
        self.c.fail(path, f"{json_words(value)} is not a ruin (\"#id day rank\"), \"{UNDECIDED_NAME}\" (not "
                          "chosen yet) or null (no flip)")
        return NO_FLIP

    def nullable(self, value, path: str, lo: int, hi, what: str, null: str) -> int:
        if value is None:
            return -1
        if not self.c.is_type(value, path, int):
            return -1
        if value < lo or (hi is not None and value > hi):
            rng = f"{lo}..{'' if hi is None else hi}"
            self.c.fail(path, f"{value} is not {what} ({rng}) or null ({null})")
            return -1
        return value

    def records(self, value, n) -> list:
        recs = [[0, -1, -1, -1, -1] for _ in range(RUIN_COUNT)]
        slot, top = self.slot, n or 0
        for key, rec in value.items():
            try:  # the usual record, read at once; the checks below only when something is wrong
                if len(rec) == 5:
                    owner = rec["claim"]
                    if owner is None or (owner.__class__ is int and 0 <= owner < top):
                        recs[RUIN_IDS[key]] = [_SIDE_IN[rec["side"]], -1 if owner is None else owner,
                                               slot[rec["top"]], slot[rec["middle"]], slot[rec["bottom"]]]
                        continue
            except (KeyError, TypeError):
                pass
            path = f"ruins[{json.dumps(key, ensure_ascii=False)}]"
            cid = RUIN_IDS.get(key)
            if cid is None:
                self.c.fail(path, f"{json_words(key)} is not a ruin (the keys are ruins named \"#id day rank\": "
                                  f"{', '.join(RUIN_NAMES[:3])}, ..., {RUIN_NAMES[-1]})")
                continue
            r = self.c.obj(rec, path, dict.fromkeys(RECORD_KEYS))
            if len(r) != len(RECORD_KEYS):
                continue
            side = self.c.named(r["side"], path + ".side", _SIDE_IN, '"day" or "night"')
            owner = self.nullable(r["claim"], path + ".claim", 0, n - 1 if n else None, "a seat",
                                  "unclaimed")
            found = [self.discovery(r[p], f"{path}.{p}", True) for p in POSITIONS]
            recs[cid] = [0 if side is None else side, owner, *found]
        return recs

    def resume(self, value) -> list:
        if value is None:
            return []
        if value == "deal":
            return ["deal"]
        if value.__class__ is dict:
            r = self.c.obj(value, "resume", {"after": int, "skip": bool})
            if len(r) == 2:
                return ["next", r["after"], 1 if r["skip"] else 0]
            return []
        self.c.fail("resume", f'{json_words(value)} is not null (nothing pending), "deal" (the deal comes next) or '
                              '{"after": seat, "skip": true/false} (the turn after that seat\'s play comes next)')
        return []

    def results(self, value) -> list:
        rows = []
        for row in value:
            if row.__class__ is not dict or len(row) != 4:
                break
            rounds, seat, place, vp = row.get("round"), row.get("seat"), row.get("place"), row.get("vp_change")
            if rounds.__class__ is not int or seat.__class__ is not int or place.__class__ is not int \
                    or vp.__class__ is not int:
                break
            rows.append([rounds, seat, place, vp])
        else:
            return rows
        rows = []
        for i, row in enumerate(self.c.list_of(value, "results", dict)):
            r = self.c.obj(row, f"results[{i}]", dict.fromkeys(RESULT_KEYS, int))
            if len(r) == len(RESULT_KEYS):
                rows.append([r[k] for k in RESULT_KEYS])
        return rows


# ----- the problems, in format-2 words ----------------------------------------------------------------
_FIELD = {"0": "side", "1": "claim", "2": "top", "3": "middle", "4": "bottom"}
_RESULT = {"0": "round", "1": "seat", "2": "place", "3": "vp_change"}
_RULES = [
    (re.compile(r"ruins\[(\d+)\]\[([0-4])\](?: \((?:night side|claim owner|\w+ discovery)\))?"),
     lambda m: f"{_ruin_path(m.group(1))}.{_FIELD[m.group(2)]}"),
    (re.compile(r"ruins\[(\d+)\]"), lambda m: _ruin_path(m.group(1))),
    (re.compile(r"ruins\[i\]\[1\]"), lambda m: "ruins[ruin].claim"),
    (re.compile(r"results\[(\d+)\]\[([0-3])\](?: \((?:round|seat|place|VP change)\))?"),
     lambda m: f"results[{m.group(1)}].{_RESULT[m.group(2)]}"),
    (re.compile(r"resume\[1\]"), lambda m: "resume.after"),
    (re.compile(r"resume\[2\]: 1 \(the next player is skipped\)(.*)set it to 0"),
     lambda m: f"resume.skip: true (the next player is skipped){m.group(1)}set it to false"),
    (re.compile(r'resume (?:to )?"next", seat, skip'), lambda m: 'resume {"after": seat, "skip": true/false}'),
    (re.compile(r'"next", the seat that just played and 0/1 \(skip\)'),
     lambda m: '{"after": the seat that just played, "skip": true/false}'),
    (re.compile(r'^resume: "next" goes'), lambda m: 'resume: {"after": ...} goes'),
    (re.compile(r"^(resume: .*): empty it$"), lambda m: f"{m.group(1)}: set it to null"),
    (re.compile(r": set it to 0, -1, -1, -1, -1$"), lambda m: ": remove it from ruins"),
    (re.compile(r"\.side to 1\b"), lambda m: '.side to "night"'),
    (re.compile(r"^(seated\[\d+\]): ([01]),"), lambda m: f"{m.group(1)}: {_bool(m.group(2))},"),
    (re.compile(r"^(seated.*)(set (?:it|all but one of them) to) ([01])$"),
     lambda m: f"{m.group(1)}{m.group(2)} {_bool(m.group(3))}"),
    (re.compile(r"\((seated\[\d+\]) is 0\)"), lambda m: f"({m.group(1)} is false)"),
    (re.compile(r"^(last_(?:player|rank)): -1,"), lambda m: f"{m.group(1)}: null,"),
    (re.compile(r"^(last_(?:player|rank): .*)set it to -1$"), lambda m: f"{m.group(1)}set it to null"),
    (re.compile(r"^(flips\[\d+\]): (-?\d+),"), lambda m: f"{m.group(1)}: {_flip(int(m.group(2)))},"),
    (re.compile(r"-2 \(not chosen yet\)"), lambda m: f'"{UNDECIDED_NAME}" (not chosen yet)'),
    (re.compile(r"^(flips.*)(?:set it to|flips\[\d+\] to|or) -1( \(no flip\)| or|$)"),
     lambda m: m.group(0).replace(" -1", " null")),
    (re.compile(r"the empty slots \(-1\)"), lambda m: "the empty slots (null)"),
    (re.compile(r"^to_move: None,"), lambda m: "to_move: null,"),
    (re.compile(r"^to_move: 'chance',"), lambda m: 'to_move: "chance",'),
    (re.compile(r"the ids must be in increasing order"), lambda m: "the cards must be listed in id order"),
    (re.compile(r"different ruin ids 0-49, in increasing order"), lambda m: "different ruins, listed in id order"),
]


def _ruin_path(cid: str) -> str:
    c = int(cid)
    return f'ruins["{RUIN_NAMES[c]}"]' if c < RUIN_COUNT else f"ruins[{cid}]"


def _bool(flag: str) -> str:
    return "true" if flag == "1" else "false"


def _flip(f: int) -> str:
    if f == NO_FLIP:
        return "null"
    if f == UNDECIDED:
        return f'"{UNDECIDED_NAME}"'
    return f'"{RUIN_NAMES[f]}"' if 0 <= f < RUIN_COUNT else str(f)


def format2_problems(lines) -> list:
    """The problems of `invariants.problems` (written for format 1) with format-2 paths and values."""
    out = []
    for line in lines:
        for pattern, words in _RULES:
            line = pattern.sub(words, line)
        out.append(line)
    return out
