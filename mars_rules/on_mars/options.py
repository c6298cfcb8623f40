"""The rule options of On Mars, teaching edition: the rule values a teacher may vary game by game.

`OPTIONS` lists them (name, default, allowed values, rulebook section, printed or ASSUMED);
`new_game(players, seed, **options)` checks them (`rules_of`), the State carries the record
(`state.options`, read by every rule, invariant and score), and a position's JSON carries the options
that differ from the default ("options": {...}). A default whose source is ASSUMED is the teaching
edition's own illustrative value (data.py, where the constant named `constant` holds it).

>>> from mars_rules.on_mars import new_game
>>> s = new_game(players=2, seed=7, resource_cap=5, mission_target_change=-1)
>>> s.options.resource_cap, OPTIONS.changed(s.options)
(5, {'mission_target_change': -1, 'resource_cap': 5})
>>> s.variant()
'mission target change -1 (default: 0), resource cap 5 (default: 4)'
>>> new_game(players=2, ship_limit=(3, 2, 4, 5, 5))
Traceback (most recent call last):
ValueError: ship_limit: [3, 2, 4, 5, 5] holds fewer Ships at level 2 than at level 1: a Hangar never shrinks
"""
from __future__ import annotations

import functools

from mars_rules.core import Option, RuleOptions

from . import data as D

OPTIONS = RuleOptions(
    Option("round_limit", D.ROUND_LIMIT, "End of the Game (a safeguard, not in the rulebook)", False,
           "if nothing has triggered the end by the end of this round, the safeguard does (the next round is "
           "the final one)", low=1, high=30, example=14, constant="ROUND_LIMIT"),
    Option("missions_to_end", D.MISSIONS_TO_END, "End of the Game", True,
           "steps of the Remaining Missions marker (Missions met, Colony level bonuses) that trigger the end",
           low=1, high=6, example=2, constant="MISSIONS_TO_END"),
    Option("mission_target_change", 0, "Missions and Private Goals", False,
           "added to the target of every Mission, never below 1 (-1: easier Missions; the targets are ASSUMED)",
           low=-3, high=3, example=-1),
    Option("mission_crystals", D.MISSION_CRYSTALS, "Missions and Private Goals", False,
           "Crystals for each contribution to a Mission", low=0, high=5, example=2, constant="MISSION_CRYSTALS"),
    Option("level_up_at", D.LEVEL_UP_AT, "Life Support System (LSS) and Colony Level", False,
           "the LSS step all four markers reach for the Colony to rise from level 1, 2, 3 and 4",
           low=D.LSS_START + 1, high=D.LSS_MAX, example=(2, 4, 6, 8), constant="LEVEL_UP_AT"),
    Option("ship_limit", D.SHIP_LIMIT, "Welcome a Ship", False,
           "Ships a Hangar holds at Colony level 1 to 5 (never fewer at a higher level)",
           low=0, high=D.SHIPS, example=(1, 2, 3, 4, 5), constant="SHIP_LIMIT"),
    Option("warehouse_stock", D.WAREHOUSE_STOCK, "Orbital Station Main Actions (Resupply: the Warehouse)", False,
           "the Warehouse stock with 2, 3 and 4 players, restocked at the end of every round (Crystals from the "
           "supply), each the number of Crystal, Battery, Water, Plant, Oxygen, Mineral", low=0, high=5,
           example=((1, 1, 1, 1, 1, 1), (1, 1, 1, 1, 1, 1), (2, 2, 2, 2, 2, 2)), constant="WAREHOUSE_STOCK"),
    Option("travel_space", D.TRAVEL_SPACE, "Shuttle Phase", False,
           "the Travel space (spaces from the middle) the Shuttle stops on when it travels at Colony level 1 to 5 "
           "(never nearer at a higher level)", low=1, high=3, example=(2, 2, 2, 3, 3), constant="TRAVEL_SPACE"),
    Option("lab_column_limit", D.LAB_COLUMN_LIMIT,
           "Orbital Station Main Actions (R&D: Colony level unlocks new tech)", False,
           "the furthest Lab column R&D may take a Tech tile to at Colony level 1 to 5 (never nearer at a higher "
           "level)", low=2, high=D.LAB_COLUMNS, example=(3, 3, 4, 4, 4), constant="LAB_COLUMN_LIMIT"),
    Option("level_3_blueprints_from", D.LEVEL3_BLUEPRINTS_FROM,
           "Life Support System (LSS) and Colony Level (Colony level unlocks new blueprints)", False,
           "the Colony level from which Level 3 Blueprints enter the Blueprint display", low=1, high=D.MAX_LEVEL,
           example=1, constant="LEVEL3_BLUEPRINTS_FROM"),
    Option("hire_scientists_until", D.SCIENTISTS_UNTIL, "Colony Main Actions (Scientists are hired early)", False,
           "the last Colony level at which Scientists may be hired", low=1, high=D.MAX_LEVEL, example=1,
           constant="SCIENTISTS_UNTIL",
           scenario="test_hire_scientists_until_is_the_last_colony_level_that_hires_scientists"),
    Option("resource_cap", D.RESOURCE_CAP, "Orbital Station Main Actions (Resupply: limited storage)", False,
           "most of each Resource a Storage holds (what does not fit is lost)", low=1, high=9, example=5,
           constant="RESOURCE_CAP"),
    Option("building_cost", D.BUILD_COST_COUNTS, "Colony Main Actions (Construct a Building: costs)", False,
           "Resources a Building costs, one row per type (Mine, Generator, Water Extractor, Greenhouse, Oxygen "
           "Condenser, Shelter), each the number of Battery, Water, Plant, Oxygen, Mineral (a Mine needs its Miner "
           "besides)", low=0, high=3,
           example=((0, 0, 0, 0, 0), (0, 0, 0, 0, 2), (2, 0, 0, 0, 0), (0, 2, 0, 0, 0), (0, 0, 2, 0, 0),
                    (0, 0, 0, 2, 0)), constant="BUILD_COST_COUNTS"),
    Option("lab_column_cost", D.RND_COST_COUNTS, "Orbital Station Main Actions (R&D: column costs)", False,
           "Resources an R&D step into Lab column 2, 3 and 4 costs, each the number of Battery, Water, Plant, "
           "Oxygen, Mineral", low=0, high=3, example=((0, 0, 0, 0, 0), (1, 0, 0, 0, 0), (1, 0, 0, 0, 1)),
           constant="RND_COST_COUNTS"),
    Option("crystal_cap_base", D.CRYSTAL_CAP_BASE, "Executive Actions (the Depot)", False,
           "Crystals a Depot holds besides 1 per uncovered Depot space", low=0, high=10, example=0,
           constant="CRYSTAL_CAP_BASE"),
    Option("depot_action_cost", D.DEPOT_ACTION_COST, "Executive Actions", False,
           "Crystals a Depot Executive action costs", low=0, high=5, example=2, constant="DEPOT_ACTION_COST"),
    Option("own_advanced_cost", D.OWN_ADVANCED_COST, "Executive Actions", True,
           "Crystals the Executive action of your own Advanced Building costs (free while a Scientist works there)",
           low=0, high=5, example=1, constant="OWN_ADVANCED_COST",
           scenario="test_own_advanced_cost_is_paid_for_your_own_advanced_buildings_executive_action"),
    Option("level_up_op_per_cube", D.LEVEL_UP_OP_PER_CUBE, "Life Support System (LSS) and Colony Level", False,
           "OP each player scores per own Progress cube in the Progress area when the Colony rises a level",
           low=0, high=5, example=3, constant="LEVEL_UP_OP_PER_CUBE",
           scenario="test_level_up_op_per_cube_scores_the_progress_cubes_at_each_level_up"),
    Option("level_up_missions", D.LEVEL_UP_MISSIONS, "End of the Game (Colony level)", False,
           "steps the Remaining Missions marker advances when the Colony reaches level 2, 3, 4 and 5 (fewer "
           "Missions needed)", low=0, high=6, example=(1, 1, 0, 0), constant="LEVEL_UP_MISSIONS",
           scenario="test_level_up_missions_advances_the_remaining_missions_marker_at_a_level_up"),
    Option("end_level", D.END_LEVEL, "End of the Game (Colony level)", False,
           "the Colony level whose reaching moves the Remaining Missions marker to the end",
           low=2, high=D.MAX_LEVEL, example=3, constant="END_LEVEL",
           scenario="test_end_level_is_the_colony_level_that_ends_the_game"),
    Option("progress_op", D.PROGRESS_OP, "End of the Game (Progress cubes)", True,
           "OP at the end for 0 to 5 Progress cubes in the Progress area", low=0, high=30,
           example=(0, 2, 4, 6, 8, 10), constant="PROGRESS_OP"),
    Option("ship_op", D.SHIP_OP, "End of the Game (Ships)", True, "OP at the end per Ship in the Hangar",
           low=0, high=10, example=5, constant="SHIP_OP"),
    Option("lab_column_op", D.LAB_COLUMN_OP, "End of the Game (Tech tiles)", False,
           "OP at the end for a Tech tile in Lab column 1 to 4", low=0, high=20, example=(1, 3, 6, 10),
           constant="LAB_COLUMN_OP"),
    Option("lq_op", D.LQ_OP, "End of the Game (Living Quarters)", False,
           f"OP at the end by the number of Colonists in the Living Quarters (0 to {D.COLONISTS})", low=0,
           high=50, example=tuple(range(D.COLONISTS + 1)), constant="LQ_OP"),
)
"""The rule options of On Mars, teaching edition (`OPTIONS.markdown()` is the table of the docs)."""

Rules = OPTIONS.Rules
Rules.__module__, Rules.__qualname__ = __name__, "Rules"  # so a State pickles (process pools in simulate)
DEFAULT_RULES = OPTIONS.default
"""The rulebook's (and the teaching edition's ASSUMED) values: the record of a game without options."""


def problems(rules, path: str = "") -> list:
    """What the values of a well-typed record break together (beyond each option's own range), each naming
    its option (with `path`, as `<path>.<name>`)."""
    out = []
    limits = rules.ship_limit
    for level in range(1, len(limits)):
        if limits[level] < limits[level - 1]:
            where = f"{path}.ship_limit" if path else "ship_limit"
            out.append(f"{where}: {list(limits)} holds fewer Ships at level {level + 1} than at level {level}: "
                       "a Hangar never shrinks")
            break
    spaces = rules.travel_space
    for level in range(1, len(spaces)):
        if spaces[level] < spaces[level - 1]:
            where = f"{path}.travel_space" if path else "travel_space"
            out.append(f"{where}: {list(spaces)} sets a nearer Travel space at level {level + 1} than at level "
                       f"{level}: the Shuttle's Travel space never comes nearer the middle")
            break
    columns = rules.lab_column_limit
    for level in range(1, len(columns)):
        if columns[level] < columns[level - 1]:
            where = f"{path}.lab_column_limit" if path else "lab_column_limit"
            out.append(f"{where}: {list(columns)} reaches a nearer Lab column at level {level + 1} than at level "
                       f"{level}: a Colony level never locks a column again")
            break
    return out


def rules_of(options: dict):
    """The record of `new_game`'s options (the default record itself when none differs); ValueError listing
    every problem, each naming its option."""
    if not options:
        return DEFAULT_RULES
    rules = OPTIONS.make(**options)
    found = problems(rules)
    if found:
        raise ValueError("; ".join(found))
    return DEFAULT_RULES if rules == DEFAULT_RULES else rules


def read(checker, value, path: str = "options"):
    """The record of a position's "options" object (`OPTIONS.read` and `problems`; problems go to `checker`
    with their paths `options.<name>`)."""
    rules = OPTIONS.read(checker, value, path)
    found = problems(rules, path)
    checker.problems.extend(found)
    if found or rules == DEFAULT_RULES:
        return DEFAULT_RULES
    return rules


def _counts_needs(counts) -> tuple:
    """(the Resources paid, in RESOURCES order; `board._needs` of them: (Storage index, count) pairs)."""
    items = tuple(r for r, n in zip(D.RESOURCES, counts) for _ in range(n))
    return items, tuple((i, n) for i, n in enumerate(counts) if n)


@functools.lru_cache(maxsize=256)
def _build_table(table) -> dict:
    return {b: _counts_needs(c) for b, c in zip(D.BUILDINGS, table)}


@functools.lru_cache(maxsize=256)
def _rnd_table(table) -> dict:
    return {col: _counts_needs(c) for col, c in enumerate(table, start=2)}


def build_costs(rules) -> dict:
    """Building type -> (Resources paid, needs) of this game's `building_cost` (one dict per table, kept)."""
    return _build_table(rules.building_cost)


def rnd_costs(rules) -> dict:
    """Destination Lab column (2-4) -> (Resources paid, needs) of this game's `lab_column_cost`, kept."""
    return _rnd_table(rules.lab_column_cost)


def cost_words(counts) -> str:
    """A row of a cost table in words: (2, 0, 0, 0, 1) -> "2 Batteries + 1 Mineral" ("" for nothing)."""
    from .tx import plural
    return " + ".join(f"{n} {plural(r, n)}" for r, n in zip(D.RESOURCES, counts) if n)


def table_words(name: str, value) -> str:
    """A cost table option's value as the rules reference states it: `building_cost` "Mine a Colonist,
    Generator 1 Mineral, ...", `lab_column_cost` "1 Battery / 1 Battery + 1 Mineral / ..." (columns 2 / 3 / 4),
    `warehouse_stock` "2 each with 2 players / 3 each with 3 players / ..." (a row of different numbers
    in Crystal, Battery, Water, Plant, Oxygen, Mineral order)."""
    if name == "warehouse_stock":
        return " / ".join((f"{row[0]} each" if len(set(row)) == 1 else
                           ", ".join(map(str, row)) + " (Crystal, Battery, Water, Plant, Oxygen, Mineral)")
                          + f" with {players} players" for players, row in enumerate(value, start=2))
    if name == "building_cost":
        return ", ".join(f"{D.BUILDING_NAME[b]} " + (" + ".join(x for x in (cost_words(row), "a Colonist"
                                                                            if b == "mine" else "") if x) or "nothing")
                         for b, row in zip(D.BUILDINGS, value))
    return " / ".join(cost_words(row) or "free" for row in value)


def mission_target(state, card) -> int:
    """The target of a Mission card in this game: the card's own, changed by `mission_target_change`,
    at least 1."""
    return max(1, state.cards.missions[card][2] + state.options.mission_target_change)
