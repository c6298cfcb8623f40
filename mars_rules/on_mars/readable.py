"""Format 2 of an On Mars position, the one a person reads: names where format 1 has internal codes.

`write(state)` gives the format-2 dict; `read(data, cards, checker)` turns a format-2 dict into the
format-1 dict the codec's one reader checks (every bad name reported with its format-2 path);
`translate(line, cards)` rewrites a problem of that reader or of `invariants.problems` in format-2 words
(its paths, and card names instead of card ids). docs/positions/on_mars.md describes the format.

What changes from format 1 (the keys and their nesting stay, so most problem paths stay true):

- Building types and Tech tiles by their rulebook names ("Water Extractor"), cards by name (a list of
  the game's cards with two cards of one name writes every card of that list as "#<id> <name>", as the
  built-in Discovery tiles: "#0 Ice pocket"); a Blueprint's name is "<Building> L<level> <gain>";
- counts by Resource, Warehouse item, Tech type and LSS track are objects keyed by name (data.py order),
  the Action slots an object keyed by action, the six decks an object keyed by card list;
- Buildings, tiles, Missions, Lab tiles, Blueprints and Scientists are objects instead of rows;
- a Turn Order space is {"side": "orbit" | "colony", "space": 1-4}; -1 ("none", "not drawn yet",
  "hidden") is null; a Blueprint's "used" is true/false; a Scientist not working has "hex": null;
- "options" (after "game") holds the rule options that differ from the default (`options.OPTIONS`), {}
  for the rulebook's game; format 1 has the key only for a variant game.

>>> from mars_rules.on_mars import new_game
>>> d = write(new_game(players=2, seed=7))
>>> d["order"][0], d["pieces"][0]["res"]["water"], d["tech_grid"]["Rover"]
({'side': 'orbit', 'space': 1}, 1, 2)
>>> d["buildings"][0]
{'hex': [-3, 3], 'building': 'Shelter', 'owner': None, 'blueprint': None, 'miner': None}
>>> translate("decks[3]: the Discovery tile deck is kept sorted", new_game().cards)
'decks.discovery_tiles: the Discovery tile deck is kept sorted'
"""
from __future__ import annotations

import functools
import re

from . import data as D
from .options import OPTIONS

FORMAT = 2
BUILDING = D.BUILDING_NAME
BUILDING_KEY = {name: key for key, name in BUILDING.items()}
TECH = D.TECH_NAME
TECH_KEY = {name: key for key, name in TECH.items()}
LSS = tuple(BUILDING[b] for b in D.LSS_TRACKS)
SIDES = ("orbit", "colony")
TILE_KINDS = ("research", "discovery")
DECK_KEYS = ("blueprints", "scientists", "contracts", "discovery_tiles", "goals", "missions")
"""The keys of `decks` (the card lists of data.CARD_LISTS), in the order of invariants.DECKS."""
WHAT = {"blueprints": "a Blueprint", "scientists": "a Scientist", "contracts": "an Earth Contract",
        "discovery_tiles": "a Discovery tile", "goals": "a Private Goal", "missions": "a Mission"}
_SIDE = {side: i for i, side in enumerate(SIDES)}
_KIND = dict(zip(TILE_KINDS, TILE_KINDS))
BUILDING_COLUMNS = ("hex", "building", "owner", "blueprint", "miner")
TILE_COLUMNS = ("hex", "kind", "tile")


def blueprint_name(card) -> str:
    """A Blueprint's name: "Generator L1 crystal" (its Building, Level and gain; the builder's name too)."""
    return f"{BUILDING.get(card[0], card[0])} L{card[1]} {card[2]}"


@functools.lru_cache(maxsize=32)
def labels(cards) -> dict:
    """{card list: tuple of the names its cards are written with} for a game's Cards (see the module doc)."""
    out = {}
    for key in DECK_KEYS:
        table = getattr(cards, key)
        names = [blueprint_name(c) if key == "blueprints" else c[0] for c in table]
        out[key] = tuple(names) if len(set(names)) == len(names) else tuple(
            f"#{i} {name}" for i, name in enumerate(names))
    return out


@functools.lru_cache(maxsize=32)
def ids(cards) -> dict:
    """{card list: {name as written: card id}} (the inverse of `labels`)."""
    return {key: {name: i for i, name in enumerate(names)} for key, names in labels(cards).items()}


# ----- writing ------------------------------------------------------------------------------------------
def _card(names, c):
    """A card id as its name (-1: null); a value that is no card id stays as it is (the reader says why)."""
    if c.__class__ is int and 0 <= c < len(names):
        return names[c]
    return None if c == -1 else c


def _none(v):
    return None if v == -1 else v


def _list(v):
    return list(v) if isinstance(v, tuple) else v


def _space(o):
    if o.__class__ is int and 0 <= o < 2 * D.TURN_ORDER_SPACES:
        return {"side": SIDES[o // D.TURN_ORDER_SPACES], "space": o % D.TURN_ORDER_SPACES + 1}
    return _none(o)


def write(s) -> dict:
    """The format-2 dict of a State (its custom card lists, if any, under "cards" at the end)."""
    L = labels(s.cards)
    bp, sci, con, disc, goal, mis = (L[k] for k in DECK_KEYS)
    tiles = []
    for h, kind, tid in s.tiles:
        tiles.append({"hex": _list(h), "kind": kind, "tile": _card(disc, tid) if kind == "discovery" else tid})
    d = {"format": FORMAT, "game": "on_mars", "options": OPTIONS.changed(s.options), "players": list(s.players),
         "seed": s.seed, "draws": s.draws,
         "step": s.step, "to_move": s.to_move, "events": list(s.events), "active": s.active, "round": s.round,
         "phase": s.phase, "end_triggered": s.end_triggered, "final_round": s.final_round,
         "order": [_space(o) for o in s.order], "done": list(s.done), "queue": list(s.queue),
         "shuttle_side": s.shuttle_side, "shuttle_pos": s.shuttle_pos, "shuttle_left": s.shuttle_left,
         "slots": {a: _list(x) for a, x in zip(D.ACTIONS, s.slots)},
         "buildings": [{"hex": _list(h), "building": BUILDING.get(b, b), "owner": _none(adv),
                        "blueprint": _card(bp, card), "miner": _none(miner)}
                       for h, b, adv, card, miner in s.buildings],
         "map_crystals": [_list(h) for h in s.map_crystals], "tiles": tiles,
         "lss": dict(zip(LSS, s.lss)), "level": s.level, "remaining": s.remaining,
         "missions": [{"card": _card(mis, c), "contributions": k} for c, k in s.missions],
         "decks": {key: [_card(L[key], c) for c in deck] for key, deck in zip(DECK_KEYS, s.decks)},
         "bp_display": [_card(bp, c) for c in s.bp_display], "sci_display": [_card(sci, c) for c in s.sci_display],
         "con_display": [_card(con, c) for c in s.con_display],
         "tech_grid": {TECH[t]: k for t, k in zip(D.TECHS, s.tech_grid)},
         "warehouse": dict(zip(D.ITEMS, s.warehouse)), "supply": s.supply, "pending": list(s.pending),
         "main": s.main, "exec_used": s.exec_used, "pay_left": s.pay_left, "used": s.used, "allow": s.allow,
         "moves": [TECH.get(x, x) if x.__class__ is str else x for x in s.moves], "choices": s.choices,
         "tile": _card(disc, s.tile), "build": BUILDING.get(s.build, s.build), "resume": s.resume,
         "pieces": [_player(pl, bp, sci, con, goal) for pl in s.pieces]}
    if s.cards.custom:
        d["cards"] = {key: _json(cards) for key, cards in s.cards.lists().items()}
    return d


def _json(v):
    return [_json(x) for x in v] if isinstance(v, tuple) else v


def _player(pl, bp, sci, con, goal) -> dict:
    return {"res": dict(zip(D.RESOURCES, pl.res)), "crystals": pl.crystals, "lq": pl.lq, "wa": pl.wa,
            "reserve": pl.reserve, "bots": [_list(h) for h in pl.bots], "rover": _list(pl.rover),
            "depot_ships": pl.depot_ships, "hangar": pl.hangar, "progress": pl.progress,
            "progress_types": [BUILDING.get(b, b) for b in pl.progress_types],
            "lab": [{"tech": TECH.get(t, t), "row": r, "column": k} for t, r, k in pl.lab],
            "blueprints": [{"card": _card(bp, c), "used": u == 1 if u in (0, 1) else u} for c, u in pl.blueprints],
            "scientists": [{"card": _card(sci, c), "hex": _list(h) if h != () else None} for c, h in pl.scientists],
            "contracts": [_card(con, c) for c in pl.contracts], "goals": [_card(goal, c) for c in pl.goals],
            "goal_done": _card(goal, pl.goal_done), "claimed": pl.claimed, "op": pl.op}


# ----- reading: format 2 -> format 1 -------------------------------------------------------------------
class _Reader:
    """Turns format-2 values into format-1 ones; a value that cannot be turned is reported (its path in
    `flagged`, so the format-1 reader's own complaint about the null left there is not listed again)."""

    def __init__(self, c, cards, n):
        self.c, self.ids, self.n, self.flagged, self.hidden = c, ids(cards), n, set(), False

    def bad(self, path, message=None):
        if message:
            self.c.fail(path, message)
        self.flagged.add(path)

    def typed(self, v, path, kind) -> bool:
        if self.c.is_type(v, path, kind):
            return True
        self.flagged.add(path)
        return False

    def obj(self, v, path, keys):
        """An object with exactly `keys` (any value types: the format-1 reader checks those), or None."""
        if v.__class__ is dict and len(v) == len(keys) and all(k in v for k in keys):
            return v  # the usual case, at once
        before = len(self.c.problems)
        d = self.c.obj(v, path, dict.fromkeys(keys))
        if len(self.c.problems) > before:
            self.flagged.add(path)
            return None
        return d

    def records(self, v, path, keys, convert) -> list | None:
        """A list of objects with `keys`, each turned into a format-1 row by `convert(dict, path)`."""
        if not self.typed(v, path, list):
            return None
        return [None if (d := self.obj(x, f"{path}[{i}]", keys)) is None else convert(d, f"{path}[{i}]")
                for i, x in enumerate(v)]

    def named(self, v, path, table, what):
        got = self.c.named(v, path, table, what)
        if got is None:
            self.flagged.add(path)
        return got

    def card(self, v, path, deck, hidden=False):
        if v is None and hidden:  # one player's view: a hidden Private Goal
            self.hidden = True
            self.flagged.add(path)
            return -1
        return self.named(v, path, self.ids[deck], WHAT[deck])

    def cards(self, v, path, deck, hidden=False):
        if not self.typed(v, path, list):
            return None
        table = self.ids[deck]
        try:
            return [table[x] for x in v]  # the usual case, at once
        except (KeyError, TypeError):
            return [self.card(x, f"{path}[{i}]", deck, hidden) for i, x in enumerate(v)]

    def nullable_card(self, v, path, deck):
        return -1 if v is None else self.card(v, path, deck)

    def seat(self, v, path):
        """A seat or null (-1)."""
        if v is None:
            return -1
        if not self.c.int_in(v, path, 0, self.n - 1):
            self.flagged.add(path)
            return None
        return v

    def counts(self, v, path, names):
        d = self.obj(v, path, names)
        return None if d is None else [d[k] for k in names]

    def space(self, v, path):
        if v is None:
            return -1
        d = self.obj(v, path, ("side", "space"))
        if d is None:
            return None
        side = self.named(d["side"], path + ".side", _SIDE, "a side")
        if not self.c.int_in(d["space"], path + ".space", 1, D.TURN_ORDER_SPACES) or side is None:
            self.flagged.add(path)
            return None
        return side * D.TURN_ORDER_SPACES + d["space"] - 1


def read(data: dict, cards, c) -> tuple:
    """(the format-1 dict of a format-2 position, the format-2 paths already reported in `c`)."""
    names = data.get("players")
    n = len(names) if isinstance(names, list) and 2 <= len(names) <= 4 else 4
    r = _Reader(c, cards, n)
    d = dict(data)
    for key, convert in _TOP.items():
        if key in data:
            d[key] = _or_blank(convert(r, data[key], key), key)
    if isinstance(data.get("pieces"), list):
        d["pieces"] = [_piece(r, x, f"pieces[{i}]") if isinstance(x, dict) else x
                       for i, x in enumerate(data["pieces"])]
    if r.hidden:
        c.fail("pieces", "hidden Private Goals (null): this is one player's view (`state.view(p)`), which is for "
                         "looking only; load the full position (`state.to_json()`)")
    return d, r.flagged


_BLANK = {"tile": -1, "goal_done": -1, "build": ""}
"""Blanks for a field that could not be read (reported): of the type the format-1 reader wants (any other
field is a list), so that it still checks the other fields (its complaints about this one are not listed)."""


def _or_blank(v, key):
    return _BLANK.get(key, []) if v is None else v


def _order(r, v, path):
    if not r.typed(v, path, list):
        return None
    return [r.space(x, f"{path}[{i}]") for i, x in enumerate(v)]


def _building(r, b, p):
    return [b["hex"], r.named(b["building"], p + ".building", BUILDING_KEY, "a Building type"),
            r.seat(b["owner"], p + ".owner"), r.nullable_card(b["blueprint"], p + ".blueprint", "blueprints"),
            r.seat(b["miner"], p + ".miner")]


def _tile(r, t, p):
    kind = r.named(t["kind"], p + ".kind", _KIND, "a tile kind")
    tile = r.card(t["tile"], p + ".tile", "discovery_tiles") if kind == "discovery" else t["tile"]
    return [t["hex"], kind, tile]


def _moves(r, v, path):
    if not r.typed(v, path, list):
        return None
    return [r.named(x, f"{path}[{i}]", TECH_KEY, "a Tech type") if isinstance(x, str) else x
            for i, x in enumerate(v)]


def _decks(r, v, path):
    d = r.obj(v, path, DECK_KEYS)
    if d is None:
        return None
    return [r.cards(d[k], f"{path}.{k}", k, hidden=k == "goals") for k in DECK_KEYS]


def _building_name(r, v, path):
    return "" if v == "" else r.named(v, path, BUILDING_KEY, 'a Building type (or "")')


_TOP = {
    "order": _order,
    "slots": lambda r, v, p: r.counts(v, p, D.ACTIONS),
    "buildings": lambda r, v, p: r.records(v, p, BUILDING_COLUMNS, lambda b, q: _building(r, b, q)),
    "tiles": lambda r, v, p: r.records(v, p, TILE_COLUMNS, lambda t, q: _tile(r, t, q)),
    "lss": lambda r, v, p: r.counts(v, p, LSS),
    "missions": lambda r, v, p: r.records(v, p, ("card", "contributions"),
                                          lambda m, q: [r.card(m["card"], q + ".card", "missions"),
                                                        m["contributions"]]),
    "decks": _decks,
    "bp_display": lambda r, v, p: r.cards(v, p, "blueprints"),
    "sci_display": lambda r, v, p: r.cards(v, p, "scientists"),
    "con_display": lambda r, v, p: r.cards(v, p, "contracts"),
    "tech_grid": lambda r, v, p: r.counts(v, p, tuple(TECH.values())),
    "warehouse": lambda r, v, p: r.counts(v, p, D.ITEMS),
    "moves": _moves,
    "tile": lambda r, v, p: r.nullable_card(v, p, "discovery_tiles"),
    "build": _building_name,
}


def _scientist(r, x, p):
    h = x["hex"]
    if h == []:
        r.bad(p + ".hex", "[] is not a hex (a Scientist not working has null)")
    return [r.card(x["card"], p + ".card", "scientists"), [] if h is None else h]


def _used(r, v, p):
    return (1 if v else 0) if r.typed(v, p, bool) else None


def _piece(r, raw, p):
    d = dict(raw)
    if "res" in raw:
        d["res"] = _or_blank(r.counts(raw["res"], p + ".res", D.RESOURCES), "res")
    if "progress_types" in raw:
        v, q = raw["progress_types"], p + ".progress_types"
        d["progress_types"] = [r.named(x, f"{q}[{i}]", BUILDING_KEY, "a Building type") for i, x in
                               enumerate(v)] if r.typed(v, q, list) else []
    if "lab" in raw:
        d["lab"] = r.records(raw["lab"], p + ".lab", ("tech", "row", "column"),
                             lambda t, q: [r.named(t["tech"], q + ".tech", TECH_KEY, "a Tech type"), t["row"],
                                           t["column"]])
    if "blueprints" in raw:
        d["blueprints"] = r.records(raw["blueprints"], p + ".blueprints", ("card", "used"),
                                    lambda b, q: [r.card(b["card"], q + ".card", "blueprints"),
                                                  _used(r, b["used"], q + ".used")])
    if "scientists" in raw:
        d["scientists"] = r.records(raw["scientists"], p + ".scientists", ("card", "hex"),
                                    lambda x, q: _scientist(r, x, q))
    if "contracts" in raw:
        d["contracts"] = r.cards(raw["contracts"], p + ".contracts", "contracts")
    if "goals" in raw:
        d["goals"] = r.cards(raw["goals"], p + ".goals", "goals", hidden=True)
    if "goal_done" in raw:
        d["goal_done"] = r.nullable_card(raw["goal_done"], p + ".goal_done", "goals")
    for key in ("lab", "blueprints", "scientists", "contracts", "goals", "goal_done"):
        if key in d:
            d[key] = _or_blank(d[key], key)
    return d


def under(line: str, flagged) -> bool:
    """Whether a problem line is about a path in `flagged` (or inside one)."""
    path = line.split(": ", 1)[0]
    if path.startswith("position."):
        path = path[9:]
    while path:
        if path in flagged:
            return True
        cut = max(path.rfind("["), path.rfind("."))
        path = path[:cut] if cut > 0 else ""
    return False


# ----- problems in format-2 words ----------------------------------------------------------------------
_PATH = re.compile(r"(?<![\w.])(slots|buildings|tiles|lss|missions|decks|tech_grid|warehouse|"
                   r"pieces\[\d+\]\.(?:res|lab|blueprints|scientists))((?:\[\d+\])+)")
_NAMED = {"slots": D.ACTIONS, "lss": LSS, "decks": DECK_KEYS, "tech_grid": tuple(TECH.values()),
          "warehouse": D.ITEMS, "res": D.RESOURCES}
"""Format-1 lists indexed by a table (format 2: objects keyed by its names): the first index is a name."""
_COLUMNS = {"buildings": BUILDING_COLUMNS, "tiles": TILE_COLUMNS, "missions": ("card", "contributions"),
            "lab": ("tech", "row", "column"), "blueprints": ("card", "used"), "scientists": ("card", "hex")}
"""Format-1 rows (format 2: objects): the second index is a key."""
_CARD = re.compile(r"\b(blueprint card|Blueprint card|scientist card|contract card|Discovery tile|Mission card|"
                   r"Private Goal) (\d+)\b")
_CARD_DECK = {"blueprint card": "blueprints", "Blueprint card": "blueprints", "scientist card": "scientists",
              "contract card": "contracts", "Discovery tile": "discovery_tiles", "Mission card": "missions",
              "Private Goal": "goals"}
_KEYS = re.compile(r'"(' + "|".join(TECH) + r')"')


def _path(m):
    field, idx = m.group(1), [int(x) for x in re.findall(r"\d+", m.group(2))]
    last = field.rsplit(".", 1)[-1]
    if last in _NAMED and idx[0] < len(_NAMED[last]):
        return f"{field}.{_NAMED[last][idx[0]]}" + "".join(f"[{i}]" for i in idx[1:])
    if last in _COLUMNS and len(idx) > 1 and idx[1] < len(_COLUMNS[last]):
        return f"{field}[{idx[0]}].{_COLUMNS[last][idx[1]]}" + "".join(f"[{i}]" for i in idx[2:])
    return m.group(0)


def _spaces(text) -> str:
    """Turn Order spaces as format-1 numbers ("0, -1, 5") in words ("orbit 1, null, colony 2")."""
    def one(x):
        o = int(x)
        return "null" if o < 0 else f"{SIDES[o // D.TURN_ORDER_SPACES]} {o % D.TURN_ORDER_SPACES + 1}"
    return ", ".join(one(x) for x in text.split(", "))


def translate(line: str, cards) -> str:
    """A problem of the format-1 reader or of `invariants.problems`, in the words of format 2."""
    line = _PATH.sub(_path, line)
    L = labels(cards)

    def card(deck, c):
        c = int(c)
        return "null" if c < 0 else f'"{L[deck][c]}"' if c < len(L[deck]) else str(c)
    line = _CARD.sub(lambda m: f"{m.group(1)} {card(_CARD_DECK[m.group(1)], m.group(2))}", line)
    line = re.sub(r"\(owner (-?\d+), card (-?\d+)\)",
                  lambda m: f"(owner {'null' if m.group(1) == '-1' else m.group(1)}, blueprint "
                            f"{card('blueprints', m.group(2))})", line)
    line = re.sub(r"\(card (\d+)\)", lambda m: f"({card('blueprints', m.group(1))})", line)
    line = re.sub(r"(Blueprints|on Mars) \((-?\d+(?:, -?\d+)*)\)",
                  lambda m: f"{m.group(1)} ({', '.join(card('blueprints', x) for x in m.group(2).split(', '))})", line)
    if line.startswith(("order", "queue")):
        line = re.sub(r"(^order: |^order\[\d+\]: |Turn Order space \(|spaces |setup \()(-?\d+(?:, -?\d+)*)",
                      lambda m: m.group(1) + _spaces(m.group(2)), line).replace("(-1 until drawn)",
                                                                                "(null until drawn)")
    if re.match(r"(build|moves|pieces\[\d+\]\.progress)", line):
        line = _KEYS.sub(lambda m: f'"{TECH[m.group(1)]}"', line)
    if line.startswith("Crystals:"):
        line = "position: " + line
    return line
