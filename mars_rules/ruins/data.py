"""Components and tables of Ruins.

What the rulebook prints (Components, Setup) is fixed here: 50 ruin cards, five copies of each day
rank 1-10; 39 discoveries, 13 for each position (top, middle, bottom); 4 market tokens; the ruins used
per player count; the score track 0-10. The rulebook's 2 claims and 3 torches per player, 9 cards a
hand, the instant win on 9+ VP and the 4 rounds before the showdown are the defaults of rule options
(`options.py`): the constants below hold those defaults, and the rules read `state.options`, never them.

What it does not print is ASSUMED (illustrative) and lives in one `Cards` record that a user can
replace with a JSON file (`load_cards(path)`, schema in `cards_to_dict`):

- night ranks and night effects of the 50 ruins (section "Start of Round"),
- the effects of the 39 discoveries (section "Discovery Effects"),
- the market token costs (section "B. Add Discoveries"),
- the scoreboard: VP for going out 1st, 2nd, ... per player count (section "Going Out").

The last two are also rule options (`market_costs`, `scoreboard`): a game's State carries its card set
with the costs and scoreboard of its options (`cards_in_play`), so the two never disagree.

Effects are (kind, amount) pairs; the four kinds are the ones the rulebook names:

- "rank": the ruin's rank goes up by `amount` (mandatory; stacks);
- "wild": in a set with other ruins it takes the set's rank (alone it keeps printed plus added rank);
- "draw": each opponent still in the round draws `amount` ruins whenever this ruin is played;
- "light": light `amount` of your extinguished torches, all at once, whenever this ruin is played.

>>> c = DEFAULT_CARDS
>>> len(c.day), len(c.disc_pos), c.costs
(50, 39, (3, 2, 1, 1))
>>> c.day[12], c.night[12]
(3, 6)
>>> sorted(set(kind for kind, _ in c.disc_effect))
['draw', 'light', 'rank', 'wild']
"""
from __future__ import annotations

import functools
import json
from typing import NamedTuple

from mars_rules.core import Checker, PositionError

RUIN_COUNT = 50
COPIES = 5
RANKS = tuple(range(1, 11))
DISCOVERY_COUNT = 39
POSITIONS = ("top", "middle", "bottom")
MARKET_SIZE = 4
MAX_VP = 10
# the defaults of rule options (options.py); the rules read state.options, never these
HAND_SIZE = 9        # Setup, Round End: ruins dealt to each player
CLAIMS = 2           # A. Add Claim: claim cards per player
TORCHES = 3          # Setup: torches per player, lit at the start of each round
INSTANT_WIN_VP = 9   # Game End: start a round on this many VP and go out first to win
ROUNDS = 4           # Game End: rounds before the showdown (the showdown is round ROUNDS + 1)
MARKET_COSTS = (3, 2, 1, 1)  # ASSUMED (B. Add Discoveries): torches for market slots 0..3, 0 next to the deck
SCOREBOARD = ((3, -1), (3, 1, -1), (3, 2, 0, -1), (3, 2, 1, 0, -1))
"""ASSUMED (Going Out): VP for going out 1st, 2nd, ... last, for 2, 3, 4 and 5 players."""
RUINS_USED = {2: 20, 3: 30, 4: 40, 5: 50}
"""Setup table: ruins used per player count (the rest of each rank is removed)."""
EFFECT_KINDS = ("rank", "wild", "draw", "light")


def day_rank(cid: int) -> int:
    """Ruin ids 0-49: id // 5 + 1 is the day rank, id % 5 the copy."""
    return cid // COPIES + 1


class Cards(NamedTuple):
    """All card data one game uses (carried in every position so custom data reloads)."""

    day: tuple          # day rank per ruin id (fixed by the rulebook)
    night: tuple        # night rank per ruin id (ASSUMED)
    night_effect: tuple  # (kind, amount) or None per ruin id (ASSUMED)
    disc_pos: tuple     # 0 top, 1 middle, 2 bottom per discovery id (13 each)
    disc_effect: tuple  # (kind, amount) per discovery id (ASSUMED)
    costs: tuple        # torches for market slots 0..3, slot 0 next to the deck (ASSUMED)
    scoreboard: tuple   # ((count, (vp for 1st, 2nd, ...)), ...) for 2..5 players (ASSUMED)
    name: str = "ASSUMED illustrative set"

    def vp_table(self, count: int) -> tuple:
        for n, row in self.scoreboard:
            if n == count:
                return row
        raise KeyError(count)


def _default_cards() -> Cards:
    # ASSUMED night sides (Start of Round): copies 0-2 of day rank d are rank d+3 at night with no
    # effect; copy 3 is d+2 and lights 2 torches when played; copy 4 is d+1 and makes each opponent
    # draw 1 when played.
    night, night_effect = [], []
    for cid in range(RUIN_COUNT):
        d, copy = day_rank(cid), cid % COPIES
        if copy <= 2:
            night.append(d + 3)
            night_effect.append(None)
        elif copy == 3:
            night.append(d + 2)
            night_effect.append(("light", 2))
        else:
            night.append(d + 1)
            night_effect.append(("draw", 1))
    # ASSUMED discoveries (Discovery Effects): 13 per position.
    top = [("rank", 1)] * 4 + [("rank", 2)] * 5 + [("rank", 3)] * 4
    middle = [("wild", 0)] * 5 + [("rank", 1)] * 4 + [("rank", 2)] * 4
    bottom = [("draw", 1)] * 5 + [("light", 2)] * 5 + [("rank", 1)] * 3
    effects = top + middle + bottom
    pos = [0] * 13 + [1] * 13 + [2] * 13
    return Cards(
        day=tuple(day_rank(c) for c in range(RUIN_COUNT)),
        night=tuple(night),
        night_effect=tuple(night_effect),
        disc_pos=tuple(pos),
        disc_effect=tuple(effects),
        costs=MARKET_COSTS,
        scoreboard=tuple(zip((2, 3, 4, 5), SCOREBOARD)),
    )


DEFAULT_CARDS = _default_cards()


def scoreboard_rows(cards: Cards) -> tuple:
    """The card set's scoreboard as the `scoreboard` option holds it: the rows for 2, 3, 4 and 5 players."""
    return tuple(cards.vp_table(n) for n in (2, 3, 4, 5))


@functools.lru_cache(maxsize=64)
def cards_in_play(cards: Cards, costs: tuple, scoreboard: tuple) -> Cards:
    """The card set `cards` with the market costs and scoreboard of a game's rule options (the State's
    `cards`); the same object for the same values, so caches that check a card set by identity keep
    working; `cards` itself when it already has them.

    >>> cards_in_play(DEFAULT_CARDS, MARKET_COSTS, SCOREBOARD) is DEFAULT_CARDS
    True
    >>> cards_in_play(DEFAULT_CARDS, (1, 1, 1, 1), SCOREBOARD).costs
    (1, 1, 1, 1)
    """
    board = tuple(zip((2, 3, 4, 5), scoreboard))
    if cards.costs == costs and cards.scoreboard == board:
        return cards
    made = cards._replace(costs=costs, scoreboard=board)
    return DEFAULT_CARDS if made == DEFAULT_CARDS else made


def is_default_set(cards: Cards) -> bool:
    """Is `cards` the default card set, whatever its market costs and scoreboard (the options' part)?"""
    return cards is DEFAULT_CARDS or cards._replace(costs=DEFAULT_CARDS.costs, scoreboard=DEFAULT_CARDS.scoreboard) \
        == DEFAULT_CARDS


# ----- JSON schema -------------------------------------------------------------------------
def _effect_to_json(e):
    return None if e is None else {"kind": e[0], "amount": e[1]}


def cards_to_dict(cards: Cards) -> dict:
    """The JSON-ready form of card data (the schema `load_cards` reads)."""
    return {
        "name": cards.name,
        "ruins": [{"id": c, "day": cards.day[c], "night": cards.night[c],
                   "night_effect": _effect_to_json(cards.night_effect[c])} for c in range(RUIN_COUNT)],
        "discoveries": [{"id": d, "position": POSITIONS[cards.disc_pos[d]],
                         "effect": _effect_to_json(cards.disc_effect[d])} for d in range(DISCOVERY_COUNT)],
        "market_costs": list(cards.costs),
        "scoreboard": {str(n): list(row) for n, row in cards.scoreboard},
    }


def _read_effect(c: Checker, value, path: str, optional: bool):
    if value is None:
        if not optional:
            c.fail(path, "an effect is required here")
        return None
    e = c.obj(value, path, {"kind": str, "amount": int})
    if len(e) != 2:
        return None
    ok = c.one_of(e["kind"], path + ".kind", EFFECT_KINDS)
    if e["kind"] == "wild":
        ok &= c.int_in(e["amount"], path + ".amount", 0, 0)
    else:
        ok &= c.int_in(e["amount"], path + ".amount", 1, 10)
    return (e["kind"], e["amount"]) if ok else None


def check_cards(data, c: Checker, path: str = "cards") -> Cards | None:
    """Read card data from a JSON-ready dict, reporting every problem to `c`."""
    d = c.obj(data, path, {"name": str, "ruins": list, "discoveries": list, "market_costs": list,
                           "scoreboard": dict})
    if len(d) != 5:
        return None
    start = len(c.problems)
    ruins = c.list_of(d["ruins"], path + ".ruins", dict, length=RUIN_COUNT)
    night, night_effect = [], []
    for i, r in enumerate(ruins):
        p = f"{path}.ruins[{i}]"
        r = c.obj(r, p, {"id": int, "day": int, "night": int, "night_effect": None})
        if len(r) != 4:
            continue
        if r["id"] != i:
            c.fail(p + ".id", f"is {r['id']}, expected {i} (ruins are listed in id order)")
        if r["day"] != day_rank(i):
            c.fail(p + ".day", f"is {r['day']}; ruin {i} has day rank {day_rank(i)} (5 copies of ranks 1-10)")
        c.int_in(r["night"], p + ".night", 0, 99)
        night.append(r["night"])
        night_effect.append(_read_effect(c, r["night_effect"], p + ".night_effect", True))
    discs = c.list_of(d["discoveries"], path + ".discoveries", dict, length=DISCOVERY_COUNT)
    pos, effects = [], []
    for i, x in enumerate(discs):
        p = f"{path}.discoveries[{i}]"
        x = c.obj(x, p, {"id": int, "position": str, "effect": dict})
        if len(x) != 3:
            continue
        if x["id"] != i:
            c.fail(p + ".id", f"is {x['id']}, expected {i} (discoveries are listed in id order)")
        if c.one_of(x["position"], p + ".position", POSITIONS):
            pos.append(POSITIONS.index(x["position"]))
        effects.append(_read_effect(c, x["effect"], p + ".effect", False))
    if len(pos) == DISCOVERY_COUNT:
        for k, name in enumerate(POSITIONS):
            if pos.count(k) != 13:
                c.fail(path + ".discoveries", f"has {pos.count(k)} {name} cards; the rulebook has 13 of each")
    costs = c.list_of(d["market_costs"], path + ".market_costs", int, length=MARKET_SIZE)
    for i, x in enumerate(costs):
        c.int_in(x, f"{path}.market_costs[{i}]", 1, 10)
    board = []
    sb = d["scoreboard"]
    for n in (2, 3, 4, 5):
        row = c.list_of(sb.get(str(n)), f"{path}.scoreboard.{n}", int, length=n)
        if str(n) not in sb:
            c.fail(path + ".scoreboard", f'missing key "{n}"')
        for i, x in enumerate(row):
            c.int_in(x, f"{path}.scoreboard.{n}[{i}]", -10, 10)
        board.append((n, tuple(row)))
    for k in sb:
        if k not in ("2", "3", "4", "5"):
            c.fail(path + ".scoreboard", f'unexpected key "{str(k)[:40]}"')
    if len(c.problems) > start:
        return None
    return Cards(day=tuple(day_rank(i) for i in range(RUIN_COUNT)), night=tuple(night),
                 night_effect=tuple(night_effect), disc_pos=tuple(pos), disc_effect=tuple(effects),
                 costs=tuple(costs), scoreboard=tuple(board), name=d["name"])


def cards_from_dict(data) -> Cards:
    """Card data from a JSON-ready dict, or PositionError listing every problem."""
    c = Checker()
    cards = check_cards(data, c)
    c.done()
    return cards


def _no_constant(name):
    raise ValueError(f"{name} is not allowed in card data")


def load_cards(path) -> Cards:
    """Card data from a user's JSON file (same schema as `cards_to_dict`)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except ValueError as e:
        raise PositionError([f"{path}: not valid JSON: {e}"]) from None
    return cards_from_dict(data)
