"""Positions as JSON (`to_dict`, `from_json`) and players' views (`view`).

The JSON object has "format": 1, "game": "ruins" and one key per State field (`rank` and `wild` are
derived and not written). "cards" is "default" or the full card data (schema: data.cards_to_dict),
so a game made with a user's cards reloads with the same cards. A ruin record is
[night 0/1, claim owner seat or -1, top, middle, bottom discovery id or -1].
"""
from __future__ import annotations

from mars_rules.core.state import check_seat

from collections import Counter

from mars_rules.core import CHANCE, Checker, PositionError, parse_position

from .crafting import rank_and_wild
from .data import (CLAIMS, COPIES, DEFAULT_CARDS, DISCOVERY_COUNT, MARKET_SIZE, MAX_VP, RUIN_COUNT, RUINS_USED,
                   SHOWDOWN_ROUND, TORCHES, cards_to_dict, check_cards)
from .state import HIDDEN, NO_FLIP, SECRET, UNDECIDED, State

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
    out = {"format": 1, "game": "ruins"}
    for key in _KEYS:
        if key in ("format", "game"):
            continue
        v = getattr(s, _FIELD.get(key, key))
        if key == "cards":
            v = "default" if v == DEFAULT_CARDS else cards_to_dict(v)
        elif key in ("ruins", "hands", "results"):
            v = [list(x) for x in v]
        elif isinstance(v, tuple):
            v = list(v)
        out[key] = v
    return out


def from_json(text) -> State:
    """A position from JSON text; PositionError lists every problem (never another exception)."""
    data = parse_position(text, "ruins")
    try:
        return _read(data)
    except PositionError:
        raise
    except Exception as e:  # a shape the checks did not foresee: still a PositionError
        raise PositionError([f"the position could not be read ({type(e).__name__}: {e})"]) from None


def _read(data) -> State:
    from . import TURN_STEPS
    c = Checker()
    d = c.obj(data, "position", _KEYS)
    if len(d) != len(_KEYS):
        c.done()
    names = c.list_of(d["players"], "players", str)
    n = len(names)
    if not 2 <= n <= 5:
        c.fail("players", f"{n} players; Ruins is for 2 to 5")
        c.done()
    cards = DEFAULT_CARDS if d["cards"] == "default" else check_cards(d["cards"], c, "cards")
    steps = [st.key for st in TURN_STEPS]
    c.one_of(d["step"], "step", steps)
    c.int_in(d["seed"], "seed", 0, None)
    c.int_in(d["draws"], "draws", 0, None)
    c.list_of(d["events"], "events", str)
    seat = range(n)
    lists = {k: c.list_of(d[k], k, int) for k in _LISTS}
    for k in ("torches", "claims_left", "vp", "start_vp", "seated", "flips"):
        if len(lists[k]) != n:
            c.fail(k, f"has {len(lists[k])} entries, expected {n} (one per player)")
    for i, v in enumerate(lists["torches"]):
        c.int_in(v, f"torches[{i}]", 0, TORCHES)
    for i, v in enumerate(lists["claims_left"]):
        c.int_in(v, f"claims_left[{i}]", 0, CLAIMS)
    for k in ("vp", "start_vp"):
        for i, v in enumerate(lists[k]):
            c.int_in(v, f"{k}[{i}]", 0, MAX_VP)
    for i, v in enumerate(lists["seated"]):
        c.int_in(v, f"seated[{i}]", 0, 1)
    for k in ("passed", "out", "to_deal", "winners"):
        for i, v in enumerate(lists[k]):
            c.int_in(v, f"{k}[{i}]", 0, n - 1)
    for k in ("passed", "out", "winners"):
        if len(set(lists[k])) != len(lists[k]):
            c.fail(k, "lists a player twice")
    c.int_in(d["round"], "round", 1, SHOWDOWN_ROUND)
    c.int_in(d["first_player"], "first_player", 0, n - 1)
    c.int_in(d["last_player"], "last_player", -1, n - 1)
    c.int_in(d["last_rank"], "last_rank", -1, None)
    c.int_in(d["viewer"], "viewer", -1, -1)
    if d["to_move"] is not None and d["to_move"] != CHANCE:
        c.int_in(d["to_move"], "to_move", 0, n - 1)
    # ruins
    used = lists["used"]
    if len(used) != RUINS_USED[n] or used != sorted(set(used)) or not all(0 <= x < RUIN_COUNT for x in used):
        c.fail("used", f"must be {RUINS_USED[n]} different ruin ids in increasing order")
    else:
        per_rank = Counter(x // COPIES for x in used)
        if any(per_rank[r] != RUINS_USED[n] // 10 for r in range(10)):
            c.fail("used", f"must hold {RUINS_USED[n] // 10} ruins of each rank with {n} players")
    recs = c.list_of(d["ruins"], "ruins", list, length=RUIN_COUNT)
    ruins = []
    attached = []
    claims = Counter()
    for i, rec in enumerate(recs):
        p = f"ruins[{i}]"
        rec = c.list_of(rec, p, int, length=5)
        if len(rec) != 5:
            continue
        c.int_in(rec[0], p + "[0] (night)", 0, 1)
        c.int_in(rec[1], p + "[1] (claim)", -1, n - 1)
        for k in range(3):
            x = rec[2 + k]
            if c.int_in(x, f"{p}[{2 + k}] (discovery)", -1, DISCOVERY_COUNT - 1) and x >= 0:
                attached.append(x)
                if cards is not None and cards.disc_pos[x] != k:
                    c.fail(f"{p}[{2 + k}]", f"discovery #{x} does not go in this position")
        if rec[1] >= 0:
            claims[rec[1]] += 1
        if i not in used and tuple(rec) != (0, -1, -1, -1, -1):
            c.fail(p, "is not used with this player count but carries upgrades")
        ruins.append(tuple(rec))
    for q in seat:
        if len(lists["claims_left"]) == n and claims[q] + lists["claims_left"][q] != CLAIMS:
            c.fail("claims_left", f"player {q} has {claims[q]} claimed ruins and {lists['claims_left'][q]} claims "
                                  f"left; that must make {CLAIMS}")
    hands = [c.list_of(h, f"hands[{i}]", int) for i, h in enumerate(c.list_of(d["hands"], "hands", list, length=n))]
    for i, h in enumerate(hands):
        if h != sorted(h):
            c.fail(f"hands[{i}]", "must be in increasing order")
    for k in ("deck", "trick", "ddeck"):
        if lists[k] != sorted(lists[k]):
            c.fail(k, "must be in increasing order")
    places = Counter(x for h in hands for x in h) + Counter(lists["deck"]) + Counter(lists["trick"])
    if used and places != Counter(used):
        extra = sorted(x for x in places if places[x] > Counter(used)[x])
        missing = sorted(x for x in used if places[x] == 0)
        c.fail("ruins", f"every used ruin must be in exactly one hand, the deck or the trick (missing: "
                        f"{missing[:10]}, extra or repeated: {extra[:10]})")
    market = lists["market"]
    if len(market) != MARKET_SIZE:
        c.fail("market", f"has {len(market)} slots, expected {MARKET_SIZE}")
    disc = Counter(x for x in market if x != -1) + Counter(lists["ddeck"]) + Counter(attached)
    if disc != Counter(range(DISCOVERY_COUNT)):
        c.fail("discoveries", "each of the 39 discoveries must be in the market, the discovery deck or on one ruin")
    if not set(lists["last_play"]) <= set(lists["trick"]):
        c.fail("last_play", "must be ruins of the current trick")
    tm = d["to_move"]
    if isinstance(tm, int) and not isinstance(tm, bool) and 0 <= tm < n and len(hands) == n:
        if not set(lists["selection"]) <= set(hands[tm]):
            c.fail("selection", "must be ruins in the hand of the player to move")
    elif lists["selection"]:
        c.fail("selection", "must be empty unless a player is choosing a play")
    chance_steps = ("deal", "draw", "refill")
    st = d["step"]
    if (st in chance_steps) != (tm == CHANCE) or (st == "game_over") != (tm is None):
        c.fail("to_move", f"{tm!r} does not fit the step {st!r}")
    if st == "game_over" and not lists["winners"]:
        c.fail("winners", "a finished game needs a winner")
    if st != "game_over" and lists["winners"]:
        c.fail("winners", "only a finished game has winners")
    if st in ("deal", "draw") and not lists["to_deal"]:
        c.fail("to_deal", "a deal or draw step needs a player to receive the ruin")
    for i, f in enumerate(lists["flips"]):
        if f not in (UNDECIDED, NO_FLIP) and not (0 <= f < RUIN_COUNT):
            c.fail(f"flips[{i}]", f"{f} is not a ruin id, {NO_FLIP} (no flip) or {UNDECIDED} (undecided)")
    resume = d["resume"]
    if resume not in ([], ["deal"]) and not (len(resume) == 3 and resume[0] == "next"
                                            and resume[1] in seat and resume[2] in (0, 1)):
        c.fail("resume", f"{str(resume)[:40]} is not [], [\"deal\"] or [\"next\", seat, 0/1]")
    results = c.list_of(d["results"], "results", list)
    for i, r in enumerate(results):
        r = c.list_of(r, f"results[{i}]", int, length=4)
        if len(r) == 4 and not (1 <= r[0] <= 4 and 0 <= r[1] < n and 1 <= r[2] <= n):
            c.fail(f"results[{i}]", "must be [round 1-4, seat, place, VP change]")
    c.done()
    rank, wild = [], []
    for cid in range(RUIN_COUNT):
        rk, w = rank_and_wild(cards, cid, ruins[cid])
        rank.append(rk)
        wild.append(w)
    return State(players=tuple(names), seed=d["seed"], draws=d["draws"], step=st, to_move=tm,
                 events=tuple(d["events"]), cards=cards, used=tuple(used), ruins=tuple(ruins), rank=tuple(rank),
                 wild=tuple(wild), hands=tuple(tuple(h) for h in hands),
                 **{_FIELD.get(k, k): tuple(lists[k]) for k in _LISTS if k not in ("used",)},
                 last_rank=d["last_rank"], last_player=d["last_player"], round=d["round"],
                 first_player=d["first_player"], resume=tuple(resume),
                 results=tuple(tuple(r) for r in results), viewer=-1)


def view(s, player: int):
    """What `player` sees: others' hands, the decks and others' secret flips face down."""
    if player is None:
        return s  # the teacher's view
    check_seat(s, player)
    hands = tuple(h if q == player else (HIDDEN,) * len(h) for q, h in enumerate(s.hands))
    flips = s.flips
    if s.step == "night_flip":
        flips = tuple(f if q == player or f == UNDECIDED else SECRET for q, f in enumerate(flips))
    sel = s.selection if s.to_move == player else (HIDDEN,) * len(s.selection)
    # the seed goes too (-1): with it, the deal and every future draw could be worked out
    return s._replace(hands=hands, deck=(HIDDEN,) * len(s.deck), ddeck=(HIDDEN,) * len(s.ddeck), flips=flips,
                      selection=sel, viewer=player, seed=-1)
