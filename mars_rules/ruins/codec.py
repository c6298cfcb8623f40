"""Positions as JSON (`to_dict`, `from_json`) and players' views (`view`).

`to_dict` writes format 2, the readable one (mars_rules.ruins.readable; docs/positions/ruins.md and
position.schema.json document it): "format": 2, "game": "ruins" and one key per State field (`rank` and
`wild` are derived and not written), cards by name, null for "none". "cards" is "default" or the full
card data (schema: data.cards_to_dict), so a game made with a user's cards reloads with the same cards;
"options" is the object of the rule options that differ from the default (OPTIONS.changed), and the
position is checked against its own options. A card set's market costs and scoreboard are those of the
options ("default" is written for the default set with any options).

`from_json` reads format 2 and format 1 (the State's fields under their names, integer ids, a ruin
record [night 0/1, claim owner seat or -1, top, middle, bottom discovery id or -1]; no options: the
rulebook's, with the market costs and scoreboard of its card set). Format 2 is first
translated into the format-1 dict (readable.to_format1: every bad name with its format-2 path); then one
reader refuses what cannot happen, listing every problem with its field path: first the JSON shapes and
types (every integer a true integer: no bool, no float; one entry per player; the player names), then
`invariants.problems` on the State, the one list of invariants the property tests also check after
every action (so a position that loads is one the rules can continue from); for format-2 text its
messages name format-2 paths (readable.format2_problems).
"""
from __future__ import annotations

from mars_rules.core import CHANCE, FORMATS, Checker, PositionError, parse_position, reads_positions
from mars_rules.core.state import check_seat

from . import invariants, readable
from .crafting import derived
from .data import (DEFAULT_CARDS, DISCOVERY_COUNT, MARKET_SIZE, RUIN_COUNT, Cards, cards_to_dict, check_cards,
                   is_default_set, scoreboard_rows)
from .options import OPTIONS
from .state import HIDDEN, SECRET, UNDECIDED, State

_LISTS = ("used", "deck", "trick", "last_play", "passed", "selection", "market", "ddeck", "torches",
          "claims_left", "vp", "start_vp", "seated", "out", "flips", "to_deal", "winners")
_FIELD = {"winners": "winners_"}  # JSON key -> State field (the State's `winners` is the method)
_KEYS = {"format": int, "game": str, "players": list, "seed": int, "draws": int, "step": str, "to_move": None,
         "events": list, "cards": None, "used": list, "ruins": list, "hands": list, "deck": list, "trick": list,
         "last_play": list, "last_rank": int, "last_player": int, "passed": list, "selection": list,
         "market": list, "ddeck": list, "torches": list, "claims_left": list, "vp": list, "start_vp": list,
         "round": int, "first_player": int, "seated": list, "out": list, "flips": list, "to_deal": list,
         "resume": list, "results": list, "winners": list, "viewer": int}


def to_dict(s) -> dict:
    """The position in format 2 (mars_rules.ruins.readable)."""
    cards = s.cards
    return readable.to_dict(s, "default" if cards is DEFAULT_CARDS or is_default_set(cards) else
                            cards_to_dict(cards))


@reads_positions
def from_json(text) -> State:
    """A position from JSON text in format 2 or 1; PositionError lists every problem (never another
    exception).

    Format 2 is translated into format 1 first (every bad name or value reported with its format-2
    path). Then two passes: the JSON shapes and types (every key, every integer a true integer: no bool,
    no float; one entry per player; card data), then `invariants.problems` on the State (every value and
    every consistency rule, the same list the property tests check after every action).
    """
    data = parse_position(text, "ruins", formats=FORMATS)
    c = Checker()
    if data["format"] == 1:
        return _read(data, c, None)
    old, rules = readable.to_format1(data, c)
    return _read(old, c, readable.format2_problems, rules)


def _read(data, c, words, rules=None) -> State:
    """The State of a format-1 dict; `words` rewrites the invariants' problems (format 2), or None; `rules`:
    the rule options read from format 2 (format 1 has none: the rulebook's, with its card set's market costs
    and scoreboard)."""
    d = c.obj(data, "position", _KEYS)
    if len(d) != len(_KEYS):
        c.done()
    names = c.names(d["players"], "players")
    n = len(names)
    if not 2 <= n <= 5:
        c.fail("players", f"{n} players; Ruins is for 2 to 5")
        c.done()
    cards = d["cards"]
    if cards.__class__ is not Cards:  # format 2 gives the card set it has read already
        cards = DEFAULT_CARDS if cards == "default" else check_cards(cards, c, "cards")
    if rules is None:  # format 1: the card set's market costs and scoreboard are the options
        rules = OPTIONS.default
        if cards is not None and cards is not DEFAULT_CARDS:
            rules = rules._replace(market_costs=cards.costs, scoreboard=scoreboard_rows(cards))
    tm = d["to_move"]
    if tm is not None and tm != CHANCE:
        c.is_type(tm, "to_move", int)
    _strings(c, d["events"], "events")
    lists = {k: _ints(c, d[k], k) for k in _LISTS}
    for k in _PER_SEAT:
        if len(d[k]) != n:
            c.fail(k, f"has {len(d[k])} entries, expected {n} (one per player)")
    if len(d["market"]) != MARKET_SIZE:
        c.fail("market", f"has {len(d['market'])} slots, expected {MARKET_SIZE}")
    hands = c.list_of(d["hands"], "hands", list, length=n)
    hands = [_ints(c, h, f"hands[{i}]") for i, h in enumerate(hands)]
    recs = c.list_of(d["ruins"], "ruins", list, length=RUIN_COUNT)
    recs = [_ints(c, rec, f"ruins[{i}]", 5) for i, rec in enumerate(recs)]
    results = c.list_of(d["results"], "results", list)
    results = [_ints(c, row, f"results[{i}]", 4) for i, row in enumerate(results)]
    resume = d["resume"]
    if resume and not (resume == ["deal"] or (len(resume) == 3 and resume[0] == "next")):
        c.fail("resume", 'must be empty, hold "deal", or hold "next", a seat and 0/1 (1 when the next player is '
                         'skipped)')
    elif resume and resume[0] == "next":
        c.is_type(resume[1], "resume[1]", int)
        c.is_type(resume[2], "resume[2]", int)
    c.done()
    ruins = tuple(tuple(rec) for rec in recs)
    # a blank record: its day rank, not wild, every position free, no effect
    rank, wild, free = list(cards.day), [0] * RUIN_COUNT, [7] * RUIN_COUNT
    light, draw = [0] * RUIN_COUNT, [0] * RUIN_COUNT
    for cid, rec in enumerate(ruins):  # a record out of range gets rank 0 here; the invariants refuse it
        if rec != _BLANK:
            if rec[0] in (0, 1) and -1 <= rec[2] < DISCOVERY_COUNT and -1 <= rec[3] < DISCOVERY_COUNT \
                    and -1 <= rec[4] < DISCOVERY_COUNT:
                rank[cid], wild[cid], free[cid], light[cid], draw[cid] = derived(cards, cid, rec)
            else:
                rank[cid] = 0
    state = State(players=tuple(names), seed=d["seed"], draws=d["draws"], step=d["step"], to_move=tm,
                  events=tuple(d["events"]), cards=cards, options=rules, used=tuple(lists["used"]), ruins=ruins,
                  rank=tuple(rank), wild=tuple(wild), free=tuple(free), light=tuple(light), draw=tuple(draw),
                  hands=tuple(tuple(h) for h in hands),
                  **{_FIELD.get(k, k): tuple(lists[k]) for k in _LISTS if k != "used"},
                  last_rank=d["last_rank"], last_player=d["last_player"], round=d["round"],
                  first_player=d["first_player"], resume=tuple(resume),
                  results=tuple(tuple(r) for r in results), viewer=d["viewer"])
    found = invariants.problems(state)
    if found:
        raise PositionError(words(found) if words else found)
    return state


_PER_SEAT = ("torches", "claims_left", "vp", "start_vp", "seated", "flips")
_BLANK = (0, -1, -1, -1, -1)


def _ints(c, value, path: str, length: int | None = None) -> list:
    """`value` if it is a list of integers (of `length` items if given), else [] with the problems reported:
    a quick check first; the Checker's, which names each bad entry, only when it fails."""
    if value.__class__ is list and (length is None or len(value) == length) and len(value) <= 10_000:
        for x in value:
            if x.__class__ is not int:
                break
        else:
            return value
    return c.list_of(value, path, int, length)


def _strings(c, value, path: str) -> list:
    if value.__class__ is list and all(x.__class__ is str for x in value):
        return value
    return c.list_of(value, path, str)


def view(s, player: int):
    """What `player` sees: others' hands, the decks and others' secret flips face down, and the ruins another
    player is choosing for a play (lead, follow); once chosen they are played face up and upgraded
    ("Upgrading Ruins": "you may only upgrade ruins you play"), so at the claims and discoveries they show."""
    if player is None:
        return s  # the teacher's view
    check_seat(s, player)
    played = s.selection if s.to_move != player and (s.step == "claim" or s.step == "discover") else ()
    # a hand shows the ruins it plays face up, first (where they sat among the others would tell their ids)
    hands = tuple(h if q == player else tuple(sorted(played)) + (HIDDEN,) * (len(h) - len(played))
                  if played and q == s.to_move else (HIDDEN,) * len(h) for q, h in enumerate(s.hands))
    flips = s.flips
    if s.step == "night_flip":
        flips = tuple(f if q == player or f == UNDECIDED else SECRET for q, f in enumerate(flips))
    sel = s.selection if s.to_move == player or played else (HIDDEN,) * len(s.selection)
    # the seed goes too (-1): with it, the deal and every future draw could be worked out
    return s._replace(hands=hands, deck=(HIDDEN,) * len(s.deck), ddeck=(HIDDEN,) * len(s.ddeck), flips=flips,
                      selection=sel, viewer=player, seed=-1)
