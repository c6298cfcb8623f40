"""The State of a game of Mars and each colony's record, with the colony arithmetic.

A colony's staffed installations are one integer (`staff`, one bit per slot of `data.SLOTS`);
what is active, the energy and the hand limit follow from it (cached per bit pattern).

>>> c = Colony.start((0, 3))   # an iron and a water mine
>>> summary(c.staff).active_plants, consumption(c), capacity(c), hand_limit(c)
(1, 4, 5, 4)

Capacity and hand limit follow the rule options in effect (`state.options`; without them, the rulebook's):

>>> from mars_rules.mars_colony.options import OPTIONS
>>> capacity(c, None, OPTIONS.make(plant_energy=4)), hand_limit(c, None, OPTIONS.make(hand_limit=6))
(4, 6)
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from mars_rules.core import GameState

from .data import POWERED, SLOT_INDEX, START_COLONISTS
from .options import DEFAULT_RULES

__all__ = ["Colony", "State", "summary", "consumption", "capacity", "hand_limit", "colonists"]

PLANT_BITS = 0b1111
TRACK_BITS = {"plant": (0, 4), "silo": (4, 4), "mine": (8, 4), "comm": (12, 3), "mil": (15, 3),
              "rnd": (18, 2), "port": (20, 1)}
START_STAFF = (1 << SLOT_INDEX[("plant", 0)]) | (1 << SLOT_INDEX[("silo", 0)]) | (0b11 << 8)


class Colony(NamedTuple):
    hand: tuple             # raw material cards per material (hidden from the others)
    mines: tuple            # material of each built mine, in slot order
    plants: int             # new power plants built (levels 1..3; level 0 is printed)
    silos: int              # new silos built (levels 1..3; level 0 is printed)
    comm: int               # communications modules built (levels 1..3)
    mil: int                # military bases built (levels 1..3)
    rnd: int                # R&D centres built (levels 1..2)
    port: int               # spaceport built (0/1)
    habs: tuple             # state of each new habitat: data.DARK_EMPTY, DARK_WAITING or POWERED
    staff: int              # bit i set: a colonist works on data.SLOTS[i]
    housed: int             # colonists in the habitats
    contracts: tuple        # indices into data.CONTRACTS, sorted
    played: tuple           # R&D card ids face up in front of the player, sorted
    kept: tuple             # R&D card ids kept in hand (hidden), sorted
    supremacies: tuple      # supremacy event ids held, sorted
    vp: int                 # the victory point cube (recounted at the end of the turn)
    energy: int             # the energy consumption cube (recounted at the end of the turn)

    @classmethod
    def start(cls, mines=(), hand=(0, 0, 0, 0, 0)):
        staff = (START_STAFF & ~(0b11 << 8)) | (((1 << len(mines)) - 1) << 8)
        placed = 2 + len(mines)
        # the energy cube counts habitat 0, silo 0 and the staffed mines (4 once both mines are placed)
        return cls(tuple(hand), tuple(mines), 0, 0, 0, 0, 0, 0, (), staff, START_COLONISTS - placed, (), (), (),
                   (), 0, placed)

    def built(self, track, level=0) -> bool:
        if track == "mine":
            return level < len(self.mines)
        if track == "habitat":
            return level == 0 or level <= len(self.habs)
        if track in ("plant", "silo") and level == 0:
            return True
        return level <= getattr(self, {"plant": "plants", "silo": "silos"}.get(track, track))

    def built_mask(self) -> int:
        return (((1 << (self.plants + 1)) - 1) | (((1 << (self.silos + 1)) - 1) << 4)
                | (((1 << len(self.mines)) - 1) << 8) | (((1 << self.comm) - 1) << 12)
                | (((1 << self.mil) - 1) << 15) | (((1 << self.rnd) - 1) << 18) | (self.port << 20))


_tuple_new = tuple.__new__
_COLONY_INDEX = {k: i for i, k in enumerate(Colony._fields)}


def _colony_replace(self, **changes):
    """A copy with some fields changed (faster than the NamedTuple default for a few fields)."""
    t = list(self)
    idx = _COLONY_INDEX
    for k, v in changes.items():
        t[idx[k]] = v
    return _tuple_new(Colony, t)


Colony._replace = _colony_replace


class Summary(NamedTuple):
    active: int             # bit mask of active installations
    active_plants: int
    consumers: int          # active installations other than plants
    comm: int               # active communications modules (= highest active level)
    mil: int
    rnd: int
    silo0: int
    new_silos: int
    port: int
    mines: int              # bit mask over the mine slots 0..3


def _chain(bits, n, has_zero):
    """Active levels of one track: level >= 2 needs every lower level active (level 1 needs nothing)."""
    out = 0
    ok = True
    for i in range(n):
        level = i if has_zero else i + 1
        on = (bits >> i) & 1
        if level >= 2:
            on = on and ok
        if on:
            out |= 1 << i
        if level >= 1 or not has_zero:
            ok = ok and bool(on)
        else:
            ok = bool(on)
    return out


_T4 = tuple(_chain(b, 4, True) for b in range(16))      # plants, silos: level 0..3
_T3 = tuple(_chain(b, 3, False) for b in range(8))      # communications, military: level 1..3
_T2 = tuple(_chain(b, 2, False) for b in range(4))      # R&D: level 1..2
_POP = tuple(bin(b).count("1") for b in range(16))


def energy_parts(staff: int) -> tuple:
    """(active installations that use energy, active plants) for a staff mask, without the cache."""
    return (_POP[_T4[(staff >> 4) & 0xF]] + _POP[(staff >> 8) & 0xF] + _POP[_T3[(staff >> 12) & 7]]
            + _POP[_T3[(staff >> 15) & 7]] + _POP[_T2[(staff >> 18) & 3]] + ((staff >> 20) & 1),
            _POP[_T4[staff & 0xF]])


@lru_cache(maxsize=None)
def summary(staff: int) -> Summary:
    """What is active for this pattern of staffed slots (6) Construction: Active or inactive)."""
    plants = _T4[staff & 0xF]
    silos = _T4[(staff >> 4) & 0xF]
    mines = (staff >> 8) & 0xF
    comm = _T3[(staff >> 12) & 7]
    mil = _T3[(staff >> 15) & 7]
    rnd = _T2[(staff >> 18) & 3]
    port = (staff >> 20) & 1
    active = plants | silos << 4 | mines << 8 | comm << 12 | mil << 15 | rnd << 18 | port << 20
    n_plants = _POP[plants]
    nc, nm, nr = _POP[comm], _POP[mil], _POP[rnd]
    return Summary(active, n_plants, _POP[silos] + _POP[mines] + nc + nm + nr + port, nc, nm, nr, silos & 1,
                   _POP[silos >> 1], port, mines)


_LOOKUP = {}


def lookup(cards) -> dict:
    """id -> card for every card of a CardSet (events and R&D), cached per CardSet object."""
    hit = _LOOKUP.get(id(cards))
    if hit is not None and hit[0] is cards:
        return hit[1]
    table = {c.id: c for c in cards.events + cards.rd1 + cards.rd2}
    _LOOKUP[id(cards)] = (cards, table)
    return table


def card_bonus(col: Colony, effect: str, cards) -> int:
    """Sum of `value` over the R&D cards face up in front of this colony with that effect."""
    if not col.played:
        return 0
    table = lookup(cards)
    total = 0
    for cid in col.played:
        c = table.get(cid)
        if c is not None and c.effect == effect:
            total += c.value
    return total


def consumption(col: Colony) -> int:
    """Energy used: 1 per active installation (not plants), 1 for habitat 0, 1 per powered habitat."""
    return summary(col.staff).consumers + 1 + col.habs.count(POWERED)


def capacity(col: Colony, cards=None, rules=DEFAULT_RULES) -> int:
    """Energy available: `plant_energy` (5) per active power plant (level 0 included), plus energy cards
    (`rules`: the game's options, `state.options`)."""
    base = rules.plant_energy * summary(col.staff).active_plants
    return base + (card_bonus(col, "energy", cards) if cards else 0)


def hand_limit(col: Colony, cards=None, rules=DEFAULT_RULES) -> int:
    """Cards kept at the end of a turn: `hand_limit` (4) with an active level-0 silo, + `cards_per_silo` (2)
    per active new silo, plus hand-limit cards (`rules`: the game's options, `state.options`)."""
    s = summary(col.staff)
    base = rules.hand_limit * s.silo0 + rules.cards_per_silo * s.new_silos
    return base + (card_bonus(col, "hand_limit", cards) if cards else 0)


def colonists(col: Colony) -> int:
    """Colonists on the board: in the habitats plus one per staffed installation."""
    return col.housed + bin(col.staff).count("1")


class _Fields(NamedTuple):
    players: tuple          # names, seat 0 is the oldest player (the starting player)
    seed: int               # the chance stream: seed ...
    draws: int              # ... and how many chance outcomes were applied
    step: str               # a key of TURN_STEPS
    to_move: object         # seat, CHANCE, or None when the game is over
    events: tuple           # what the last transition did, in words
    cards: object           # the data.CardSet in use
    options: object         # the rule options in effect (options.OPTIONS' record: target, turn_limit, ...)
    round: int              # 1, 2, ... (a round is one turn of every player)
    active: int             # the seat whose turn it is (or who drafts)
    colonies: tuple         # Colony per seat
    supply: tuple           # the face-down supply deck, cards per material (a multiset)
    reserve: tuple          # the five face-up reserve piles
    mine_tiles: tuple       # mine tiles left per material
    event_deck: tuple       # copies left per event card (in cards.events order)
    event_discard: tuple
    rd1_deck: tuple
    rd1_discard: tuple
    rd2_deck: tuple
    rd2_discard: tuple
    magna: int              # seat holding Magna Scientia, -1 for nobody
    card: str               # the event or R&D card being resolved ("" when none)
    task: tuple             # the step's context (see rules), ints and strings
    dust: int               # 1: a dust storm cancels this turn's resupply
    offers: int             # offers made to other colonies this turn
    offer: tuple            # () or (partner, give per material, ask per material)
    result: tuple           # winners once the game is over
    viewer: int             # -1: the full state; a seat: that player's view (hidden parts blanked)
    masked: tuple           # in a view: hand sizes, kept R&D counts, supply size


_RULES = []


def _rules():
    if not _RULES:
        from . import rules
        _RULES.append(rules)
    return _RULES[0]


_STATE_INDEX = {k: i for i, k in enumerate(_Fields._fields)}


class State(_Fields, GameState):
    __slots__ = ()
    game = None             # set in __init__.py

    def _replace(self, **changes):
        """A copy with some fields changed (faster than the NamedTuple default for a few fields)."""
        t = list(self)
        idx = _STATE_INDEX
        for k, v in changes.items():
            t[idx[k]] = v
        return _tuple_new(State, t)

    def _legal(self):
        return _rules().legal(self)

    def _outcomes(self):
        return _rules().outcomes(self)

    def _play(self, action):
        return _rules().play(self, action)

    def _why(self, action):
        return _rules().why(self, action)

    def _end_rule(self):
        return "End of the Game"

    @property
    def target(self) -> int:
        """The VP that win at the end of one's own turn: the option `target` (`self.options.target`)."""
        return self.options.target

    @property
    def turn_limit(self) -> int:
        """The ASSUMED round limit (0: none): the option `turn_limit` (`self.options.turn_limit`)."""
        return self.options.turn_limit

    @property
    def is_over(self) -> bool:
        return self.step == "game_over"

    def winners(self) -> tuple:
        return self.result

    def score(self):
        from .scoring import score
        return score(self)

    def to_dict(self) -> dict:
        from .codec import to_dict
        return to_dict(self)

    def view(self, player):
        from .rules import view
        return view(self, player)

    def colony(self, seat=None) -> Colony:
        return self.colonies[self.active if seat is None else seat]

    def summary(self) -> str:
        """A one-line-per-player summary of the position, hands shown (used by the golden transcript);
        `describe(player=None)` (the core's) gives the position in sentences (`describe.describe_position`)."""
        from .scoring import describe
        return describe(self)
