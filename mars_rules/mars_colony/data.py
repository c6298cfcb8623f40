"""Components and tables of Mars (every constant the rulebook prints lives here, in one place).

Values the rulebook does not print are marked ASSUMED with the section they fill. The 30 event
cards, the 15 + 15 R&D cards and the R&D die faces are not listed in the rulebook: the project ships
an illustrative set (ASSUMED) covering every kind of card the rulebook describes, and a user may
load their own with `load_cards(path)` (same JSON schema as `default_cards.json`).

Constants marked "option" are the defaults of the rule options (`options.OPTIONS`: `new_game(...,
target=10)`): the rules read the options of the game (`state.options`), never these constants, so
assigning one changes nothing (start a variant game instead).

Readings of gaps in the rulebook (ASSUMED, each in the section it fills):

- Setup: the mine draft comes first, then the deal (the draft is a decision, the deal chance).
- 1) Event: a conflict card names its field and prerequisite level; the rival need not meet it. A
  supremacy is resolved if anyone meets its prerequisite; its holder keeps it (+1 VP) until a
  Contested Supremacy takes it. Contested Supremacy: the drawer picks a held card; if the holder is
  among the most active, or the tie-break cannot separate the top players, the holder keeps it.
  R&D benefit tie-break: exactly one tied player with a benefit in the field wins; if several have
  one, only they go on to the colonist comparison.
- Military attack (g): once per turn, after the event, with at least one active military base.
- 2) R&D: a rolled R&D1/R&D2 card is always drawn (drawing never hurts); an empty R&D deck is
  reshuffled from its discard pile. Kept cards are played during the trade or construction phase.
- 6) a) Habitats: 4 habitat spaces besides level 0; a habitat built without spare energy stays dark
  and its 3 colonists wait until it is powered at the end of a turn. Habitat 0 uses 1 energy (this
  gives the starting consumption of 4). VP of a habitat only while powered.
- Colonist losses: from the habitats first, then workers in LOSS_ORDER; a power shortage after a loss
  is fixed by staffing idle plants, then switching installations off, then habitats (losing colonists).
- 7) End of Turn: the colonists move one at a time (habitats <-> installation); a slot moved this turn
  does not move back this turn (a no-op that would let play loop). Too many contracts for the active
  communications level are returned at the end of the turn (the player chooses which).
- 6) d) Silos: the 4 cards need the printed level-0 silo active ("if it is not, no cards may be kept");
  each new active silo adds 2. A level-1 silo works without silo 0, while silos 2 and 3 need every
  lower level active, silo 0 included (the rule for levels 2 and 3). No active silo: 0 cards.
- 1) Event and 6) g): a card taken from a hand passes face down; the log does not name it.
- Contract trades are 1 card for 1 card. Trades with other colonies are cards for cards (at least one
  each way), between the active player and one other, at most MAX_OFFERS_PER_TURN offers a turn.
- End of the Game: TURN_LIMIT rounds, then the highest VP on the track wins (ties share the win). The
  rulebook has no such limit: it is a safeguard so that computer play always ends. Measured with the
  illustrative cards: the builder policy reaches 12 VP in a median of 14 rounds (2 players; at most 19
  in 30 games), while uniformly random play rarely does (median about 150 rounds without the limit),
  so random games almost always end through it, after 60 rounds.
- Colonist tokens (80) never run short: at most 4 x 7 + 14 habitats x 3 = 70 are ever on the boards,
  and the colonists in habitats never exceed their room (7 in habitat 0, 3 per powered habitat); nor
  does a colony's whole count (in the habitats and at work), since every worker goes back there when
  it leaves its installation (`invariants.problems` checks both).

>>> MATERIALS[0], COSTS["habitat"][0]
('iron', (0, 1, 1, 1, 1))
>>> len(CONTRACTS), CONTRACTS[0]
(20, (0, 1))
>>> DEFAULT_CARDS.event_count, DEFAULT_CARDS.rd1_count, DEFAULT_CARDS.rd2_count
(30, 15, 15)
"""
from __future__ import annotations

import json
import pathlib
from typing import NamedTuple

from mars_rules.core import Checker, PositionError

# ----- raw materials (Components) ----------------------------------------------------------
MATERIALS = ("iron", "carbon", "silicon", "water", "oxygen")


def a_material(m: int) -> str:
    """Material `m`'s name with its article, for sentences.

    >>> a_material(0), a_material(1)
    ('an iron', 'a carbon')
    """
    name = MATERIALS[m]
    return ("an " if name[0] in "aeiou" else "a ") + name
LETTERS = ("I", "C", "S", "W", "O")
IRON, CARBON, SILICON, WATER, OXYGEN = range(5)
CARDS_PER_MATERIAL = 12            # Components: 60 raw material cards, 12 of each
SUPPLY_PER_MATERIAL = 5            # Setup: the supply deck holds 5 of each type
START_HAND = 4                     # Setup: each player draws 4 from the supply deck (option start_hand)
MINE_TILES = (4, 3, 3, 3, 3)       # Components: 16 mine tiles (4 iron, 3 of each other type)
MINES_IN_DRAFT = 2                 # Setup: two rounds of the mine draft
START_COLONISTS = 7                # Setup: 7 colonists in the level-0 habitat
TARGETS = {"short": 10, "normal": 12, "long": 15}   # Setup: length of the game
DEFAULT_TARGET = 12                # option target

# ----- installations (6) Construction) ------------------------------------------------------
# A colony's installations that a colonist can staff, in a fixed order (one bit each in `staff`).
# (track, level): plants and silos have a printed level 0; mines have no level (slot number).
SLOTS = (("plant", 0), ("plant", 1), ("plant", 2), ("plant", 3),
         ("silo", 0), ("silo", 1), ("silo", 2), ("silo", 3),
         ("mine", 0), ("mine", 1), ("mine", 2), ("mine", 3),
         ("comm", 1), ("comm", 2), ("comm", 3),
         ("mil", 1), ("mil", 2), ("mil", 3),
         ("rnd", 1), ("rnd", 2),
         ("port", 1))
SLOT_INDEX = {s: i for i, s in enumerate(SLOTS)}
TRACKS = ("plant", "silo", "comm", "mil", "rnd", "port")
TRACK_NAMES = {"plant": "power plant", "silo": "silo", "mine": "mine", "comm": "communications module",
               "mil": "military base", "rnd": "R&D centre", "port": "spaceport", "habitat": "habitat"}
MAX_LEVEL = {"plant": 3, "silo": 3, "comm": 3, "mil": 3, "rnd": 2, "port": 1}
MAX_MINES = 4                      # b) Mines: at most 4 per colony
MAX_HABITATS = 4                   # ASSUMED (a) Habitats): 4 habitat spaces besides the level-0 one (option)
# Components: the tiles in the box limit what the whole table can build.
TILES = {"habitat": 14, "plant": 12, "comm": 10, "mil": 10, "rnd": 8, "silo": 6, "port": 2}

# Costs as counts per material (iron, carbon, silicon, water, oxygen), by level (player aid).
COSTS = {
    "habitat": ((0, 1, 1, 1, 1),),                                   # a) 1 C + 1 W + 1 O + 1 S
    "mine": ((1, 1, 0, 0, 0),),                                      # b) 1 C + 1 I, any type
    "plant": ((0, 0, 1, 1, 0),) * 3,                                 # c) 1 W + 1 S
    "silo": ((1, 0, 1, 0, 0),) * 3,                                  # d) 1 I + 1 S
    "comm": ((0, 1, 0, 0, 1), (0, 2, 0, 0, 2), (0, 3, 0, 0, 3)),     # e) 1/2/3 C + O
    "contract": ((0, 1, 0, 1, 0),),                                  # f) 1 C + 1 W
    "mil": ((1, 0, 0, 1, 0), (2, 0, 0, 2, 0), (3, 0, 0, 3, 0)),      # g) 1/2/3 W + I
    "rnd": ((0, 0, 2, 0, 1), (0, 0, 3, 0, 2)),                       # h) 1 O + 2 S, 2 O + 3 S
    "port": ((3, 0, 1, 0, 0),),                                      # i) 3 I + 1 S
}
PLANT_ENERGY = 5                   # c) each active plant adds 5 to the capacity (option plant_energy)
HAND_BASE = 4                      # d) an active level-0 silo keeps 4 cards (option hand_limit)
HAND_PER_SILO = 2                  # d) each new active silo keeps 2 more (option cards_per_silo)
HABITAT_COLONISTS = 3              # a) each new habitat brings 3 colonists
EARTH_RATE, SPACEPORT_RATE = 3, 2  # 5 a) (option earth_rate) and i)
CONTRACT_LIMITS = (1, 2, 4, None)  # e)/f): by active communications level 0..3 (None: unlimited)
# f) one contract for each ordered pair of different materials: 20 contracts, one copy each.
CONTRACTS = tuple((a, b) for a in range(5) for b in range(5) if a != b)
CONTRACT_INDEX = {c: i for i, c in enumerate(CONTRACTS)}
SCIENCE_FOR_MAGNA = 3              # h) Magna Scientia: first to 3 science points (option science_for_magna)

# Habitat states (one per built habitat besides level 0).
DARK_EMPTY, DARK_WAITING, POWERED = 0, 1, 2
HABITAT_STATES = ("dark", "dark, 3 colonists waiting", "powered")

FIELDS = ("military", "communications", "research")   # fields of conflicts and supremacies
FIELD_TRACK = {"military": "mil", "communications": "comm", "research": "rnd"}

# ASSUMED (6) a) Habitats, "the three colonists it houses"): when a rule removes colonists, they
# leave the habitats first, then these workers in this order (least essential first), so that an
# event never needs a decision from a player whose turn it is not.
LOSS_ORDER = tuple(SLOT_INDEX[s] for s in (
    ("port", 1), ("rnd", 2), ("rnd", 1), ("mil", 3), ("mil", 2), ("mil", 1), ("comm", 3), ("comm", 2),
    ("comm", 1), ("silo", 3), ("silo", 2), ("silo", 1), ("mine", 3), ("mine", 2), ("mine", 1),
    ("silo", 0), ("mine", 0), ("plant", 3), ("plant", 2), ("plant", 1), ("plant", 0)))

# ASSUMED safeguards for play (the rulebook sets no limit):
MAX_OFFERS_PER_TURN = 3            # 5 c) offers to other colonies a turn (keeps random play finite; option max_offers)
TURN_LIMIT = 60                    # End of the Game: after this many rounds the highest VP wins (0: none; option);
                                   # NOT a rule of the game (see the readings above); random play ends here

# ----- cards -------------------------------------------------------------------------------
EVENT_TYPES = ("conflict", "supremacy", "contested", "deposit", "supply_ship", "dust_storm", "calm")
CONFLICT_EFFECTS = ("take_cards", "discard_cards", "lose_colonists", "lose_habitat")
RD_EFFECTS = ("science", "benefit", "mining", "hand_limit", "vp", "energy", "trade_rate",
              "emergency_supply", "prospecting")
KEEPABLE = ("emergency_supply", "prospecting")       # R&D cards that may be kept in hand
DIE_FACES = ("rd1", "rd2", "blank")


class EventCard(NamedTuple):
    id: str
    name: str
    type: str          # one of EVENT_TYPES
    field: str = ""    # conflicts and supremacies: one of FIELDS
    level: int = 0     # prerequisite: an active installation of this level in the field
    effect: str = ""   # conflicts: one of CONFLICT_EFFECTS
    amount: int = 0
    copies: int = 1
    text: str = ""


class RDCard(NamedTuple):
    id: str
    name: str
    effect: str        # one of RD_EFFECTS
    value: int = 0     # science points, VP, energy, hand limit, cards ...
    field: str = ""    # benefit: one of FIELDS
    copies: int = 1
    text: str = ""


class CardSet(NamedTuple):
    """Every card definition and the die; a position made with custom cards carries them."""
    events: tuple      # of EventCard
    rd1: tuple         # of RDCard
    rd2: tuple         # of RDCard
    die: tuple         # weights of DIE_FACES
    assumed: bool = True

    def __repr__(self):
        return (f"CardSet({self.event_count} events, {self.rd1_count} R&D1, {self.rd2_count} R&D2, die {self.die}"
                f"{', ASSUMED' if self.assumed else ''})")

    @property
    def event_count(self):
        return sum(c.copies for c in self.events)

    @property
    def rd1_count(self):
        return sum(c.copies for c in self.rd1)

    @property
    def rd2_count(self):
        return sum(c.copies for c in self.rd2)

    def to_dict(self) -> dict:
        def ev(c):
            return {k: v for k, v in c._asdict().items()}
        return {"assumed": self.assumed, "die": dict(zip(DIE_FACES, self.die)),
                "events": [ev(c) for c in self.events], "rd1": [ev(c) for c in self.rd1],
                "rd2": [ev(c) for c in self.rd2]}


def _new_id(c, cid, p, seen) -> bool:
    """Is card id `cid` (at `p`) new among the ids `seen` so far? It joins them; a repeat is a problem (so is
    an empty id: a position writes "" for "no card")."""
    if not cid.strip():
        c.fail(p + ".id", 'a card id cannot be empty (a position writes "" for "no card")')
        return False
    if cid in seen:
        c.fail(p + ".id", f"{cid[:40]!r} is used twice")
        return False
    seen.add(cid)
    return True


def cards_from_dict(data, path: str = "cards") -> CardSet:
    """Read a card set from its JSON form, raising PositionError with every problem."""
    c = Checker()
    d = c.obj(data, path, {"assumed": bool, "die": dict, "events": list, "rd1": list, "rd2": list})
    c.done()
    # each weight is read by its face's name (never by position), so none can land on another face
    weights = c.obj(d["die"], f"{path}.die", {face: None for face in DIE_FACES})
    good = [face for face in DIE_FACES if face in weights and c.int_in(weights[face], f"{path}.die.{face}", 0, 100)]
    die = tuple(weights[face] for face in DIE_FACES) if len(good) == len(DIE_FACES) else None
    if die is not None and sum(die) == 0:
        c.fail(f"{path}.die", "the faces need a total weight above 0 (the die must show something)")
    ev_schema = {"id": str, "name": str, "type": str, "field": str, "level": int, "effect": str,
                 "amount": int, "copies": int, "text": str}
    rd_schema = {"id": str, "name": str, "effect": str, "value": int, "field": str, "copies": int, "text": str}
    events, rds = [], {"rd1": [], "rd2": []}
    seen = set()
    for i, e in enumerate(c.list_of(d["events"], f"{path}.events", dict, max_length=100)):
        p = f"{path}.events[{i}]"
        e = c.obj(e, p, ev_schema)
        if len(e) != len(ev_schema):
            continue
        ok = c.one_of(e["type"], p + ".type", EVENT_TYPES) & c.int_in(e["copies"], p + ".copies", 1, 30)
        ok &= c.int_in(e["level"], p + ".level", 0, 3) & c.int_in(e["amount"], p + ".amount", 0, 5)
        if e["type"] in ("conflict", "supremacy"):
            ok &= c.one_of(e["field"], p + ".field", FIELDS)
            if e["level"] < 1:
                ok = False
                c.fail(p + ".level", "a conflict or supremacy needs a prerequisite level of 1 or more")
        if e["type"] == "conflict":
            ok &= c.one_of(e["effect"], p + ".effect", CONFLICT_EFFECTS)
        ok &= _new_id(c, e["id"], p, seen)
        if ok:
            events.append(EventCard(**e))
    for deck in ("rd1", "rd2"):
        for i, e in enumerate(c.list_of(d[deck], f"{path}.{deck}", dict, max_length=100)):
            p = f"{path}.{deck}[{i}]"
            e = c.obj(e, p, rd_schema)
            if len(e) != len(rd_schema):
                continue
            ok = c.one_of(e["effect"], p + ".effect", RD_EFFECTS) & c.int_in(e["copies"], p + ".copies", 1, 30)
            ok &= c.int_in(e["value"], p + ".value", 0, 10)
            if e["effect"] == "benefit":
                ok &= c.one_of(e["field"], p + ".field", FIELDS)
            ok &= _new_id(c, e["id"], p, seen)
            if ok:
                rds[deck].append(RDCard(**e))
    for name, lst in (("events", events), ("rd1", rds["rd1"]), ("rd2", rds["rd2"])):
        if not lst and not c.problems:
            c.fail(f"{path}.{name}", "needs at least one card")
    c.done()
    return CardSet(tuple(events), tuple(rds["rd1"]), tuple(rds["rd2"]), die, d["assumed"])


def load_cards(path) -> CardSet:
    """A card set from a JSON file (schema: `default_cards.json`); PositionError lists the problems."""
    try:
        text = pathlib.Path(path).read_text(encoding="utf-8")
        data = json.loads(text)
    except (OSError, ValueError) as e:
        raise PositionError([f"cannot read the card file {str(path)[:80]}: {e}"]) from None
    return cards_from_dict(data)


DEFAULT_CARDS = load_cards(pathlib.Path(__file__).with_name("default_cards.json"))
"""ASSUMED: the illustrative cards (the rulebook does not list them)."""
