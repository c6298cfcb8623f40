"""Setup: the mine draft (two rounds, snake order) and the deal of `start_hand` (4) cards each."""
from __future__ import annotations

from mars_rules.core import CHANCE, Action

from .data import MATERIALS, MINES_IN_DRAFT, a_material
from .flow import add, begin_turn, set_col

RULE = "Setup"


def draft_order(n):
    """Round 1 from the oldest player clockwise, round 2 in the reverse order."""
    return tuple(range(n)) + tuple(reversed(range(n)))


def _mine_text(a):
    return f"Take {a_material(a[2][0][1])} mine for your colony"


MINE_ACTIONS = {}
"""(seat, mine tiles left) -> the draft's actions, shared by every game of the process. The key is all they
depend on: no rule option changes the draft (the tiles come from the position, the texts from the action
alone), so games with different options share it safely. Only plain ints enter it: True == 1 and 1.0 == 1
hash alike, so a key holding them would hand their Actions to every later game (from_json refuses such
values; this guard keeps a State built by hand from filling the cache with them)."""


def legal_draft(s):
    p = s.to_move
    tiles = s.mine_tiles
    key = (p, tiles)
    plain = type(p) is int and all(type(x) is int for x in tiles)
    hit = MINE_ACTIONS.get(key) if plain else None
    if hit is None:
        hit = tuple(Action.fast("choose_mine", p, (("material", m),), _mine_text)
                    for m in range(5) if tiles[m] > 0)
        if plain:
            MINE_ACTIONS[key] = hit
    return hit


def play_choose_mine(s, a, log):
    m = a[2][0][1]
    p = s.to_move
    col = s.colonies[p]
    i = len(col.mines)
    col = col._replace(mines=col.mines + (m,), staff=col.staff | (1 << (8 + i)), housed=col.housed - 1,
                       energy=col.energy + 1)
    s = set_col(s, p, col, mine_tiles=add(s.mine_tiles, m, -1))
    log.append(f"{s.players[p]} takes {a_material(m)} mine and puts a colonist on it.")
    k = s.task[0] + 1
    order = draft_order(len(s.players))
    if k < len(order) and k < MINES_IN_DRAFT * len(s.players):
        return s._replace(task=(k,), to_move=order[k], active=order[k])
    log.append(f"The mine draft is over; the supply deck is shuffled and {s.options.start_hand} cards are dealt to "
               "each player.")
    return s._replace(step="deal", to_move=CHANCE, task=(0,), active=0)


def why_choose_mine(s, a):
    m = a.get("material")
    if s.step != "mine_draft":
        return "Mines are chosen only in the draft before the game starts.", RULE
    if m not in range(5):
        return f"{m!r} is not a raw material; choose 0-4 ({', '.join(MATERIALS)}).", RULE
    return f"No {MATERIALS[m]} mine tile is left in the supply.", RULE


def outcomes_deal(s):
    k = s.task[0]
    seat = k // s.options.start_hand
    name = s.players[seat]
    return tuple((Action.fast("deal", CHANCE, (("seat", seat), ("material", m)),
                              lambda a, name=name: f"Deal {a_material(a[2][1][1])} card to {name}"), c)
                 for m, c in enumerate(s.supply) if c)


def play_deal(s, a, log):
    seat = a[2][0][1]
    m = a[2][1][1]
    col = s.colonies[seat]
    s = set_col(s, seat, col._replace(hand=add(col.hand, m)), supply=add(s.supply, m, -1))
    k = s.task[0] + 1
    hand = s.options.start_hand
    if k < hand * len(s.players):
        return s._replace(task=(k,))
    log.append(f"Every player holds {hand} card{'s' if hand > 1 else ''}; the rest of the raw materials form the "
               "reserve.")
    return begin_turn(s._replace(active=0, round=1), log)
