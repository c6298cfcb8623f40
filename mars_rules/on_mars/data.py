"""Components and tables of On Mars, teaching edition.

The rulebook text is a summary of a large game: it states the round structure, the actions, the
Shuttle Phase, the end and the scoring, but prints almost no numbers. Every value below that the
text does not give is marked ASSUMED with the section it fills. Values the text does give are marked
STATED. The values a teacher may vary game by game are rule options (`options.OPTIONS`: caps, costs,
the Colony track, Mission targets and rewards, the end, the scoring tables): the constants below hold
their defaults, and the rules read each game's own value (`state.options`), never these constants.
The other tables (the map, the cards' built-in lists, ...) are the teaching edition's one model.

>>> BUILDINGS[:2], OUTPUT["generator"]
(('mine', 'generator'), 'battery')
>>> PROGRESS_OP[3], len(LQ_OP)
(4, 13)
"""
from __future__ import annotations

# ----------------------------------------------------------------- resources and buildings
RESOURCES = ("battery", "water", "plant", "oxygen", "mineral")
"""The five Resources kept in a player's Storage (Crystals are kept apart, in the Depot)."""
RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}
ITEMS = ("crystal",) + RESOURCES
"""What the Warehouse holds (Resupply takes one item)."""

BUILDINGS = ("mine", "generator", "water", "greenhouse", "oxygen", "shelter")
"""Building types; 'water' is the Water Extractor and 'oxygen' the Oxygen Condenser."""
BUILDING_NAME = {"mine": "Mine", "generator": "Generator", "water": "Water Extractor",
                 "greenhouse": "Greenhouse", "oxygen": "Oxygen Condenser", "shelter": "Shelter"}
BUILDING_LETTER = {"mine": "M", "generator": "G", "water": "W", "greenhouse": "H", "oxygen": "O",
                   "shelter": "S"}
OUTPUT = {"mine": "mineral", "generator": "battery", "water": "water", "greenhouse": "plant",
          "oxygen": "oxygen", "shelter": "colonist"}
"""What a Building yields when constructed (Complex size of it) and what an Advanced one produces.
ASSUMED for the Shelter (Overview: shelters house colonists): Colonists from the player's reserve."""
BUILD_COST = {"mine": (), "generator": ("mineral",), "water": ("battery",), "greenhouse": ("water",),
              "oxygen": ("plant",), "shelter": ("oxygen",)}
"""ASSUMED (Construct a Building prints no costs): one step down the dependency chain of the
Game Overview. A Mine costs no Resource but needs a Colonist placed on it as its Miner (STATED).
The rules read the option `building_cost` (BUILD_COST_COUNTS is its default)."""
BUILD_COST_COUNTS = tuple(tuple(BUILD_COST[b].count(r) for r in RESOURCES) for b in BUILDINGS)
"""BUILD_COST as the option `building_cost` holds it: per Building type (BUILDINGS order), the number of each
Resource (RESOURCES order: Battery, Water, Plant, Oxygen, Mineral)."""
LSS_TRACKS = ("generator", "water", "greenhouse", "oxygen")
"""STATED (Construct a Building): the four LSS Buildings, one LSS track each."""

# ----------------------------------------------------------------- the map (axial hexes)
MAP_RADIUS = 4
"""ASSUMED (the map is not described): a hex map of radius 4, 61 hexes."""
START_BUILDINGS = (((0, 0), "mine"), ((0, -2), "generator"), ((2, 0), "water"),
                   ((0, 2), "greenhouse"), ((-2, 0), "oxygen"))
"""ASSUMED: the starting Mine in the centre and one of each LSS Building two hexes from it."""
START_SHELTERS = ((3, -3), (-3, 3), (3, 0), (-3, 0))
"""ASSUMED: seat i starts with a Shelter here; its first Bot and its Rover stand on it."""
START_CRYSTALS = ((1, 1), (-1, -1), (2, -3), (-2, 3), (1, -3), (-1, 3), (3, -1), (-3, 1), (4, -3),
                  (-4, 3))
"""ASSUMED: hexes that hold a Crystal at the start (Rovers collect them, Bots clean them)."""
RESEARCH_TILES = ((4, -4), (-4, 4), (0, -4), (0, 4))
"""ASSUMED: Research tiles, one near each edge of the map."""
RESEARCH_REWARD = (("crystal", 2), ("mineral", 1))
"""ASSUMED: what a Rover gets for claiming a Research tile."""
DISCOVERY_DISTANCE = 3
"""STATED (Shuttle Phase): a Discovery tile is placed 3 hexes from the traveller's Rover."""
DISCOVERY_TILES = (
    ("Ice pocket", (("water", 2),)), ("Ice pocket", (("water", 2),)),
    ("Ore vein", (("mineral", 2),)), ("Ore vein", (("mineral", 2),)),
    ("Crystal geode", (("crystal", 2),)), ("Crystal geode", (("crystal", 2),)),
    ("Old probe", (("battery", 2),)), ("Old probe", (("battery", 2),)),
    ("Lichen field", (("plant", 1), ("oxygen", 1))), ("Lichen field", (("plant", 1), ("oxygen", 1))),
    ("Buried cache", (("crystal", 1), ("mineral", 1))), ("Buried cache", (("crystal", 1), ("mineral", 1))),
)
"""ASSUMED: the Discovery stack (name, what the claiming Rover's owner gains)."""

BOT_MOVEMENT = 2
ROVER_MOVEMENT = 2
"""STATED (Control Center): each Bot and the Rover have 2 movement (+1 per Crystal spent, + the Rover Tech level
for the Rover)."""

# ----------------------------------------------------------------- the main board
ORBIT_ACTIONS = ("landing_pod", "blueprint", "learn", "rnd", "resupply")
COLONY_ACTIONS = ("control", "construct", "upgrade", "welcome", "hire")
ACTIONS = ORBIT_ACTIONS + COLONY_ACTIONS
ACTION_NAME = {"landing_pod": "Landing Pod", "blueprint": "Obtain Blueprint", "learn": "Learn New Technology",
               "rnd": "Research and Development", "resupply": "Resupply", "control": "Control Center",
               "construct": "Construct a Building", "upgrade": "Upgrade a Building",
               "welcome": "Welcome a Ship", "hire": "Hire a Scientist or Take an Earth Contract"}
ACTION_SIDE = {a: "orbit" for a in ORBIT_ACTIONS} | {a: "colony" for a in COLONY_ACTIONS}


def slots_for(action: str, players: int) -> int:
    """Action slots of one action. ASSUMED: 2 with 2 players, 3 with 3-4; the Scientist/Contract
    action has one slot per player (STATED: one slot per player)."""
    if action == "hire":
        return players
    return 2 if players == 2 else 3


TURN_ORDER_SPACES = 4
"""ASSUMED: 4 Turn Order spaces on each side; index 0-3 is Orbit left to right, 4-7 Colony."""
TURN_ORDER_BONUS = ("crystal", "choice", "", "")
TURN_ORDER_BONUS_AMOUNT = 1
"""ASSUMED: bonus of the spaces left to right on each side: 1 Crystal, 1 Resource of your choice, none, none
(TURN_ORDER_BONUS_AMOUNT of it)."""
BLUEPRINT_DISPLAY = 4
"""ASSUMED: Blueprint cards face up."""
SCIENTIST_DISPLAY = 2
CONTRACT_DISPLAY = 2
"""ASSUMED: Scientist and Earth Contract cards face up."""
WAREHOUSE = {2: (2, 2, 2, 2, 2, 2), 3: (3, 3, 3, 3, 3, 3), 4: (3, 3, 3, 3, 3, 3)}
"""ASSUMED: Warehouse stock of (crystal, battery, water, plant, oxygen, mineral); refilled to this at
the end of every round (the default of the option `warehouse_stock`)."""
WAREHOUSE_STOCK = tuple(WAREHOUSE[n] for n in sorted(WAREHOUSE))
"""WAREHOUSE as the option `warehouse_stock` holds it: one row per player count 2, 3, 4."""
CRYSTAL_TOTAL = 60
"""ASSUMED: Crystals in the game (general supply + map + Warehouse + players)."""
TECH_COPIES = 2
"""ASSUMED: Tech tiles of each type in the Tech Grid."""

# ----------------------------------------------------------------- the Laboratory
TECHS = ("mine", "generator", "water", "greenhouse", "oxygen", "shelter", "rover", "upgrade")
"""ASSUMED: one Tech type per Building type plus Rover (adds movement) and Upgrade (extra upgrades)."""
TECH_NAME = {t: BUILDING_NAME.get(t, t.capitalize()) for t in TECHS}
LAB_ROWS = ("bottom", "middle", "top")
LAB_COLUMNS = 4
"""ASSUMED: 3 rows by 4 columns; a tile's column is its level (1-4)."""
LEARN_ROW_COST = {"bottom": (), "middle": ("battery",), "top": ("battery", "any")}
"""STATED (Learn New Technology): bottom free, middle 1 Battery, top 1 Battery + 1 Resource."""
LAB_BENEFIT = {"bottom": "", "middle": "choice", "top": "crystal"}
LAB_BENEFIT_AMOUNT = 1
"""ASSUMED: benefit of every space of a row: nothing, 1 Resource of choice, 1 Crystal (LAB_BENEFIT_AMOUNT)."""
RND_COST = {2: ("battery",), 3: ("battery", "mineral"), 4: ("battery", "battery", "mineral")}
"""ASSUMED: the cost printed above each destination column (the rules read the option `lab_column_cost`)."""
RND_COST_COUNTS = tuple(tuple(RND_COST[c].count(r) for r in RESOURCES) for c in sorted(RND_COST))
"""RND_COST as the option `lab_column_cost` holds it: per destination column 2, 3, 4, the number of each
Resource (RESOURCES order)."""
RND_USES = 2
"""STATED (R&D): one tile twice or two tiles once, before boosts."""
LAB_COLUMN_OP = (1, 2, 4, 6)
"""ASSUMED: OP at game end for a tile in column 1, 2, 3, 4."""
START_TECH = (("shelter", "middle", 2),)
"""ASSUMED: every Laboratory starts with a Shelter tile, middle row, column 2."""

# ----------------------------------------------------------------- player pieces
COLONISTS = 12
START_COLONISTS = 4
BOTS = 4
SHIPS = 5
PROGRESS_CUBES = 5
ADVANCED_MARKERS = 8
"""ASSUMED: pieces of one colour; 4 Colonists in the Living Quarters and 1 Bot on the map at the start."""
START_RESOURCES = (1, 1, 1, 1, 1)
START_CRYSTALS_PLAYER = 1
"""ASSUMED: starting Storage and Depot."""
RESOURCE_CAP = 4
"""ASSUMED (Resupply: limited storage): at most 4 of each Resource; gains above it are lost."""
CRYSTAL_CAP_BASE = 2
"""ASSUMED: the Depot holds 2 Crystals + 1 per uncovered Depot space (3 at the start, so 5)."""
DEPOT_SPACES = 8
START_UNCOVERED = 3
"""STATED: you start with the bottom 3 Depot spaces free; ASSUMED: 8 spaces, Ships on the top 5."""
DEPOT_ACTIONS = (("battery", 1), ("water", 1), ("retrieve", 1), ("plant", 1), ("oxygen", 1),
                 ("mineral", 2), ("colonist", 1), ("crystal", 2))
"""ASSUMED: the Executive action printed beside each Depot space, bottom first: what it gives."""
DEPOT_ACTION_COST = 1
"""ASSUMED: Crystals a Depot Executive action costs."""
OWN_ADVANCED_COST = 2
"""STATED: using your own Advanced Building's Executive action costs 2 Crystals (option `own_advanced_cost`)."""
ADVANCED_ACTION_GAIN = 2
PRODUCTION = 1
"""STATED (Travel to Orbit): each Advanced Building produces its Resource (a Shelter a Crystal) and each
Colonist or Advanced Building on a Mine a Mineral -- one each."""
GOAL_CRYSTALS = 1
"""STATED: a Private Goal discarded unseen is used as 1 Crystal."""
"""ASSUMED: an Advanced Building's Executive action gives 2 of the Building's output."""
LQ_OP = (0, 0, 3, 3, 6, 6, 10, 10, 15, 15, 21, 21, 21)
"""ASSUMED: OP by Colonists in the Living Quarters (the highest one reached), index = count."""
PROGRESS_OP = (0, 1, 2, 4, 7, 11)
"""STATED: 1/2/4/7/11 OP for 1-5 Progress cubes."""
SHIP_OP = 3
"""STATED: 3 OP per Ship in the Hangar."""
BLUEPRINT_OP = {1: 3, 3: 5}
"""STATED: +3/+5 per built Level 1/Level 3 Blueprint, the same lost per unbuilt one."""
SCIENTIST_OP = 3
"""STATED: 3 OP per Advanced Building of the Scientist's type on Mars."""

# ----------------------------------------------------------------- LSS and Colony level
LSS_START = 1
LSS_MAX = 12
LSS_REWARD_STEPS = (3, 5, 7, 9, 11)
LSS_REWARD_CRYSTALS = 1
"""ASSUMED: reaching one of these steps gives the constructing player LSS_REWARD_CRYSTALS (LSS Reward)."""
LEVEL_UP_AT = (3, 5, 7, 9)
"""ASSUMED: the Colony rises from level L when all four LSS markers reach LEVEL_UP_AT[L - 1] (the default of
the option `level_up_at`)."""
LEVEL_UP_OP_PER_CUBE = 1
"""ASSUMED (Progress cubes score during colony upgrades): OP per own cube in the Progress area at each level-up
(option `level_up_op_per_cube`)."""
MAX_LEVEL = 5
SHIP_LIMIT = (2, 3, 4, 5, 5)
"""ASSUMED: Ships allowed in a Hangar at Colony level L, SHIP_LIMIT[L - 1] (Welcome a Ship; the default of the
option `ship_limit`)."""
TRAVEL_DISTANCE = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3}
"""ASSUMED: Shuttle Travel space at each Colony level (distance from the middle; the default of the option
`travel_space`)."""
TRAVEL_SPACE = tuple(TRAVEL_DISTANCE[level] for level in sorted(TRAVEL_DISTANCE))
"""TRAVEL_DISTANCE as the option `travel_space` holds it: TRAVEL_SPACE[L - 1] at Colony level L."""
MAX_LAB_COLUMN = {1: 2, 2: 3, 3: 4, 4: 4, 5: 4}
"""ASSUMED (Colony level unlocks new tech): the furthest Lab column R&D may reach (the default of the option
`lab_column_limit`)."""
LAB_COLUMN_LIMIT = tuple(MAX_LAB_COLUMN[level] for level in sorted(MAX_LAB_COLUMN))
"""MAX_LAB_COLUMN as the option `lab_column_limit` holds it: LAB_COLUMN_LIMIT[L - 1] at Colony level L."""
LEVEL3_BLUEPRINTS_FROM = 2
"""ASSUMED (Colony level unlocks new blueprints): Level 3 Blueprints enter the display from this level (option
`level_3_blueprints_from`)."""
SCIENTISTS_UNTIL = 2
"""ASSUMED (Scientists are hired early): Scientists may be hired up to this Colony level (option
`hire_scientists_until`)."""
MISSIONS_TO_END = 3
"""STATED: the Remaining Missions marker ends its track after 3 Missions."""
REMAINING_BONUS_LEVELS = (3, 4)
REMAINING_BONUS_STEPS = 1
"""ASSUMED: reaching these Colony levels advances the Remaining Missions marker by REMAINING_BONUS_STEPS
(fewer Missions needed)."""
LEVEL_UP_MISSIONS = tuple(REMAINING_BONUS_STEPS if level in REMAINING_BONUS_LEVELS else 0 for level in range(2, 6))
"""REMAINING_BONUS_LEVELS and _STEPS as the option `level_up_missions` holds them: the steps the Remaining
Missions marker advances when the Colony reaches level 2, 3, 4, 5 (LEVEL_UP_MISSIONS[L - 2] at level L)."""
END_LEVEL = 5
"""ASSUMED (Overview: or the colony reaches a high level): reaching it moves the marker to the end (option
`end_level`)."""
ROUND_LIMIT = 10
"""ASSUMED safeguard (not in the rulebook): if the end is not triggered by the end of round 10, it is
triggered then (round 11 is the final round), so every game ends."""
SHUTTLE_START = ("orbit", 1)
"""ASSUMED: the Shuttle starts on the Orbit side, 1 space from the middle (it travels in round 1)."""

# ----------------------------------------------------------------- cards
BLUEPRINTS = tuple((b, lvl, gain) for b in BUILDINGS for lvl, gain in
                   ((1, "crystal"), (1, OUTPUT[b] if OUTPUT[b] in RESOURCES else "oxygen"), (3, "crystal")))
"""ASSUMED: 18 Blueprints (building, level, depicted gain); card id = index."""

MISSIONS = (("Power Grid", "construct:generator", 2), ("Water for All", "construct:water", 2),
            ("Greener Mars", "construct:greenhouse", 2), ("Breathable Air", "construct:oxygen", 2),
            ("Homes on Mars", "construct:shelter", 2), ("Deep Mining", "construct:mine", 2),
            ("Advanced Colony", "upgrade", 2), ("Fleet Arrival", "ship", 3),
            ("Science First", "tech", 4), ("Explorers", "claim", 2))
"""ASSUMED: Mission cards (name, contribution, target); each contribution gives MISSION_CRYSTALS.

The targets are chosen so that the game ends by its own rule (End of the Game: 3 Missions met) in most
games of sensible play within the round-limit safeguard: with the Mission-seeking player
(policies.mission_seeker) about 9 games in 10 end by the Missions (benchmarks/bench_policies.py prints the
share per player count). Advanced Colony and Explorers were 3 before (an upgrade needs a Blueprint taken in
Orbit, a matching Building in a Building Zone and a Mineral; a claim a Rover ending on a tile): with 3, the
Missions almost never ended a 2-player game, however it was played."""
MISSION_CRYSTALS = 1
MISSIONS_IN_PLAY = 3

GOALS = (("Architect", "advanced", 2, 6), ("Captain", "hangar", 2, 5), ("Scholar", "techs", 4, 5),
         ("Pioneer", "progress", 3, 6), ("Populous", "colonists", 6, 5), ("Hoarder", "crystals", 4, 4),
         ("Engineer", "tech_level", 3, 5), ("Employer", "staff", 2, 5), ("Explorer", "claimed", 2, 5),
         ("Miner", "miners", 2, 5), ("Quartermaster", "resources", 12, 4), ("Planner", "blueprints", 3, 5))
"""ASSUMED: Private Goals (name, measure, at least, OP reward)."""
GOAL_TEXT = {"advanced": "Advanced Buildings of yours on Mars", "hangar": "Ships in your Hangar",
             "techs": "Tech tiles in your Laboratory", "progress": "Progress cubes in the Progress area",
             "colonists": "Colonists in your Living Quarters", "crystals": "Crystals in your Depot",
             "tech_level": "as the level of one of your Tech tiles", "staff": "Scientists and Contracts",
             "claimed": "Discovery/Research tiles claimed", "miners": "of your Miners on Mines",
             "resources": "Resources in your Storage", "blueprints": "Blueprints taken"}
GOALS_DEALT = 3

SCIENTISTS = (("Geologist", "mine"), ("R&D Engineer", "generator"), ("Hydrologist", "water"),
              ("Biochemist", "greenhouse"), ("Geochemist", "oxygen"), ("Systems Engineer", "shelter"))
"""ASSUMED: one Scientist per Building type (names and mapping are the teaching edition's)."""

CONTRACTS = (("Water delivery", "delivery", (("water", 2), ("plant", 1)), 9, 4),
             ("Ore delivery", "delivery", (("mineral", 2), ("battery", 1)), 9, 4),
             ("Air delivery", "delivery", (("oxygen", 2), ("water", 1)), 9, 4),
             ("Farm delivery", "delivery", (("plant", 2), ("oxygen", 1)), 9, 4),
             ("Upgrade a Greenhouse", "upgrade", "greenhouse", 12, 6),
             ("Upgrade a Generator", "upgrade", "generator", 12, 6),
             ("Upgrade a Mine", "upgrade", "mine", 12, 6),
             ("Upgrade a Shelter", "upgrade", "shelter", 12, 6))
"""ASSUMED: Earth Contracts (name, kind, what, OP if completed, OP lost if not). A Delivery contract is
complete when you hold the listed Resources at the end; an Upgrade contract when an Advanced Building of
that type of yours stands on Mars."""


def hex_distance(a, b) -> int:
    """Axial distance: `hex_distance((0, 0), (2, -1))` is 2.

    >>> hex_distance((0, 0), (2, -1))
    2
    """
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
HEXES = tuple(sorted((q, r) for q in range(-MAP_RADIUS, MAP_RADIUS + 1)
                     for r in range(-MAP_RADIUS, MAP_RADIUS + 1) if hex_distance((0, 0), (q, r)) <= MAP_RADIUS))
HEX_SET = frozenset(HEXES)
NEIGHBOURS = {h: tuple((h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS if (h[0] + dq, h[1] + dr) in HEX_SET)
              for h in HEXES}
ZONE = {h: tuple(sorted((h,) + NEIGHBOURS[h])) for h in HEXES}
"""A Bot's Building Zone: its hex and the adjacent ones (STATED)."""
RING = {h: tuple(x for x in HEXES if hex_distance(h, x) == DISCOVERY_DISTANCE) for h in HEXES}
"""Hexes exactly 3 from a hex (where a Discovery tile goes)."""
RING2 = {h: tuple(x for x in HEXES if hex_distance(h, x) == 2) for h in HEXES}
"""Hexes exactly 2 from a hex (where a new Building of the same type may stand without a Complex)."""


# ----------------------------------------------------------------- your own card lists
CARD_LISTS = {"blueprints": "BLUEPRINTS", "missions": "MISSIONS", "goals": "GOALS", "scientists": "SCIENTISTS",
              "contracts": "CONTRACTS", "discovery_tiles": "DISCOVERY_TILES"}
"""JSON key -> table. A card file has any of these keys, each a list of cards in the table's shape."""
MISSION_KINDS = tuple(f"construct:{b}" for b in BUILDINGS) + ("upgrade", "ship", "tech", "claim")
MIN_CARDS = {"blueprints": BLUEPRINT_DISPLAY, "missions": MISSIONS_IN_PLAY, "goals": GOALS_DEALT * 4,
             "scientists": SCIENTIST_DISPLAY, "contracts": CONTRACT_DISPLAY, "discovery_tiles": 1}


def _tuple(v):
    return tuple(_tuple(x) for x in v) if isinstance(v, (list, tuple)) else v


def _card_problem(key, card):
    """Why one card of a list does not fit its table (None if it fits)."""
    is_int = lambda x: isinstance(x, int) and not isinstance(x, bool)  # noqa: E731
    gains = lambda g: (isinstance(g, tuple) and g and all(  # noqa: E731
        isinstance(x, tuple) and len(x) == 2 and x[0] in ITEMS and is_int(x[1]) and 0 < x[1] <= 9 for x in g))
    if not isinstance(card, tuple):
        return "is not a list"
    if key == "blueprints":
        ok = len(card) == 3 and card[0] in BUILDINGS and card[1] in (1, 3) and card[2] in ITEMS
        return None if ok else "is not [building, level 1 or 3, gain]"
    if key == "missions":
        ok = len(card) == 3 and isinstance(card[0], str) and card[1] in MISSION_KINDS and is_int(card[2]) and card[2] > 0
        return None if ok else f"is not [name, one of {', '.join(MISSION_KINDS)}, target > 0]"
    if key == "goals":
        ok = (len(card) == 4 and isinstance(card[0], str) and card[1] in GOAL_TEXT and is_int(card[2])
              and is_int(card[3]) and card[2] >= 0 and card[3] >= 0)
        return None if ok else f"is not [name, one of {', '.join(GOAL_TEXT)}, at least, OP]"
    if key == "scientists":
        return None if len(card) == 2 and isinstance(card[0], str) and card[1] in BUILDINGS else \
            "is not [name, building]"
    if key == "contracts":
        ok = len(card) == 5 and isinstance(card[0], str) and is_int(card[3]) and is_int(card[4])
        ok = ok and ((card[1] == "delivery" and gains(card[2]) and all(r in RESOURCES for r, _n in card[2]))
                     or (card[1] == "upgrade" and card[2] in BUILDINGS))
        return None if ok else "is not [name, 'delivery', [[resource, n], ...] or 'upgrade', building, +OP, -OP]"
    ok = len(card) == 2 and isinstance(card[0], str) and gains(card[1])
    return None if ok else "is not [name, [[item, n], ...]]"


def load_cards(path_or_data) -> dict:
    """Read your own card lists (a JSON file path, or the already-parsed dict) -> {key: tuple of cards}.

    Raises ValueError listing every problem. Pass the result to `new_game(cards=...)` (or install it for
    every new game with `use_cards`).

    >>> cards = load_cards({"missions": [["Red Planet", "claim", 1]] * 3})
    >>> cards["missions"][0]
    ('Red Planet', 'claim', 1)
    """
    import json
    data = path_or_data
    if not isinstance(data, dict):
        with open(path_or_data, encoding="utf-8") as f:
            data = json.load(f)
    problems, out = [], {}
    for key, value in data.items():
        if key not in CARD_LISTS:
            problems.append(f"{key!r} is not a card list ({', '.join(CARD_LISTS)})")
            continue
        if not isinstance(value, (list, tuple)) or len(value) < MIN_CARDS[key]:
            problems.append(f"{key}: a list of at least {MIN_CARDS[key]} cards is needed")
            continue
        cards = _tuple(value)
        for i, card in enumerate(cards):
            why = _card_problem(key, card)
            if why:
                problems.append(f"{key}[{i}] {why}")
        out[key] = cards
    if problems:
        raise ValueError("; ".join(problems))
    return out


def use_cards(cards: dict) -> dict:
    """Install card lists (from `load_cards`) as the lists of the games started from now on without a
    `cards=` option; returns the lists they replace, so `use_cards(old)` puts them back. (A game keeps
    its own lists in `state.cards`, and its JSON carries them: nothing else depends on what is installed.)"""
    g = globals()
    old = {key: g[name] for key, name in CARD_LISTS.items() if key in cards}
    for key, value in cards.items():
        g[CARD_LISTS[key]] = value
    return old


BUILTIN_CARDS = {key: globals()[name] for key, name in CARD_LISTS.items()}
"""The teaching edition's own card lists (what `use_cards` may replace for new games)."""


class Cards:
    """The card lists one game is played with: `.blueprints`, `.missions`, `.goals`, `.scientists`,
    `.contracts` and `.discovery_tiles`, tuples of cards in the shape of the tables above (card id = index).

    Every State carries its Cards (`state.cards`); `custom` names the lists that differ from the built-in
    ones, and a position's JSON stores exactly those (nothing for a default game).

    >>> c = Cards({"missions": (("Red Planet", "claim", 1),) * 3})
    >>> c.custom, c.missions[0][0], c.goals == GOALS, Cards() == DEFAULT_CARDS
    (('missions',), 'Red Planet', True, True)
    """

    __slots__ = tuple(CARD_LISTS) + ("custom", "_hash", "_text")

    def __init__(self, lists=None):
        lists = lists or {}
        for key in CARD_LISTS:
            setattr(self, key, tuple(lists[key]) if key in lists else BUILTIN_CARDS[key])
        self.custom = tuple(key for key in CARD_LISTS if getattr(self, key) != BUILTIN_CARDS[key])
        self._hash = None
        self._text = None

    @property
    def default(self) -> bool:
        """True for the built-in lists."""
        return not self.custom

    def lists(self) -> dict:
        """{key: cards} of the lists that differ from the built-in ones (what a position stores)."""
        return {key: getattr(self, key) for key in self.custom}

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, Cards):
            return NotImplemented
        return all(getattr(self, key) == getattr(other, key) for key in CARD_LISTS)

    def __hash__(self):
        if self._hash is None:
            self._hash = hash(tuple(getattr(self, key) for key in CARD_LISTS))
        return self._hash

    def __repr__(self):
        return f"Cards({'built-in' if self.default else 'custom: ' + ', '.join(self.custom)})"


DEFAULT_CARDS = Cards()
"""The built-in card lists (a position without a "cards" entry uses them)."""

_installed = [None, DEFAULT_CARDS]


def installed_cards() -> Cards:
    """The Cards of the lists installed now (`use_cards`; the built-in ones unless replaced)."""
    g = globals()
    lists = tuple(g[name] for name in CARD_LISTS.values())
    if _installed[0] is None or any(a is not b for a, b in zip(lists, _installed[0])):
        cards = Cards(dict(zip(CARD_LISTS, lists)))
        _installed[0] = lists
        _installed[1] = DEFAULT_CARDS if cards.default else cards
    return _installed[1]


def as_cards(cards) -> Cards:
    """`new_game(cards=...)`: None (the installed lists), a Cards, a dict of lists in the JSON card-file shape
    (checked by `load_cards`; missing lists stay built-in) or the path of a JSON card file."""
    if cards is None:
        return installed_cards()
    if isinstance(cards, Cards):
        return cards
    import os
    if isinstance(cards, (dict, str, os.PathLike)):
        made = Cards(load_cards(cards))
        return DEFAULT_CARDS if made.default else made
    raise TypeError(f"cards must be a Cards, a dict of card lists or a JSON file path, not {type(cards).__name__}")
