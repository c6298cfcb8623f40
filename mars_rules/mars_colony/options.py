"""The rule options of Mars: the rule values a teacher may vary (`new_game(..., target=10)`).

Each option has its rulebook section, whether the rulebook prints its default or the project ASSUMED it,
what it changes, and the values allowed. `new_game` checks them (`OPTIONS.make`); the State carries the
record (`state.options.target`); every rule, check, score and cache reads the record, never the data
constant that holds the default (named in `constant`). A position's JSON carries the options that
differ from the default (`"options": {"target": 10}`; `{}` for the rulebook's game), and `from_json`
checks the position against them.

>>> rules = OPTIONS.make(target=10, hand_limit=6)
>>> rules.target, rules.turn_limit, OPTIONS.changed(rules)
(10, 60, {'target': 10, 'hand_limit': 6})
>>> OPTIONS.words(rules)
'target 10 (rulebook: 12), hand limit 6 (rulebook: 4)'
>>> OPTIONS.make(target=40)
Traceback (most recent call last):
ValueError: target: 40 is outside 5..30
"""
from __future__ import annotations

from mars_rules.core import Option, RuleOptions

from . import data as D

OPTIONS = RuleOptions(
    Option("target", D.DEFAULT_TARGET, "Setup; End of the Game", True,
           "victory points that win at the end of one's own turn (the rulebook: 10 short, 12 normal, 15 long)",
           low=5, high=30, example=5, constant="DEFAULT_TARGET"),
    Option("turn_limit", D.TURN_LIMIT, "End of the Game (ASSUMED safeguard, not a rule)", False,
           "after this many rounds the highest VP on the track wins (ties share the win); 0: no limit",
           low=0, high=10_000, example=5, constant="TURN_LIMIT"),
    Option("start_hand", D.START_HAND, "Setup", True,
           "raw material cards each player draws from the supply deck at the start (the French original: 3)",
           low=1, high=6, example=3, constant="START_HAND"),
    Option("plant_energy", D.PLANT_ENERGY, "6) Construction: c) Power plants", True,
           "energy capacity each active power plant adds", low=4, high=10, example=4, constant="PLANT_ENERGY"),
    Option("hand_limit", D.HAND_BASE, "6) Construction: d) Silos", True,
           "raw material cards an active level-0 silo lets a player keep at the end of a turn",
           low=0, high=12, example=6, constant="HAND_BASE"),
    Option("cards_per_silo", D.HAND_PER_SILO, "6) Construction: d) Silos", True,
           "cards each new active silo adds to the hand limit", low=0, high=6, example=3, constant="HAND_PER_SILO"),
    Option("earth_rate", D.EARTH_RATE, "5) Trade: a) Trade with Earth", True,
           "identical cards Earth takes for one card of your choice", low=2, high=6, example=2,
           constant="EARTH_RATE"),
    Option("spaceport_rate", D.SPACEPORT_RATE, "6) Construction: i) Spaceport", True,
           "identical cards Earth takes for one with an active spaceport or a Mass driver R&D card face up "
           "(ASSUMED reading: a rate above earth_rate is capped at earth_rate)", low=1, high=6, example=1,
           constant="SPACEPORT_RATE", scenario="test_spaceport_rate_is_the_earth_rate_with_a_spaceport"),
    Option("max_habitats", D.MAX_HABITATS, "6) Construction: a) Habitats", False,
           "habitat spaces on a colony board besides the printed level-0 habitat", low=0, high=6, example=0,
           constant="MAX_HABITATS"),
    Option("science_for_magna", D.SCIENCE_FOR_MAGNA, "6) Construction: h) Magna Scientia", True,
           "science points that take Magna Scientia first", low=1, high=10, example=1,
           constant="SCIENCE_FOR_MAGNA"),
    Option("max_offers", D.MAX_OFFERS_PER_TURN, "5) Trade: c) Trade with other colonies (ASSUMED safeguard)", False,
           "offers to other colonies a player may start in one turn", low=0, high=10, example=1,
           constant="MAX_OFFERS_PER_TURN"),
)
"""The options of Mars, in the order a teacher reads them (see the package docstring for the table)."""

Rules = OPTIONS.Rules
"""The record of the options in effect (a NamedTuple: `state.options.target`)."""

DEFAULT_RULES = OPTIONS.default
"""The rulebook's game (the ASSUMED values where it prints none)."""

MOST_HABITATS = OPTIONS["max_habitats"].high
"""The most habitat spaces any rules allow (the size of the habitat action tables and of the schema's lists)."""

RATES = range(min(OPTIONS["earth_rate"].low, OPTIONS["spaceport_rate"].low), OPTIONS["earth_rate"].high + 1)
"""Every count of cards an Earth trade may take under some rules (with a spaceport: option spaceport_rate)."""


def max_consumption(rules) -> int:
    """The most energy a colony can use under `rules`: habitat 0, every installation but the plants, every
    new habitat (22 with the default 4 habitat spaces)."""
    return 1 + sum(1 for track, _ in D.SLOTS if track != "plant") + rules.max_habitats


def read_format_1(checker, d) -> object:
    """The rules record of a format-1 position: its "target" and "turn_limit" keys and, for a variant
    game, an "options" object with the others (problems by their format-1 paths in `checker`)."""
    given = {}
    for name in ("target", "turn_limit"):
        found = OPTIONS[name].problems(d[name], name)
        checker.problems.extend(found)
        if not found:
            given[name] = d[name]
    rest = OPTIONS.default
    if "options" in d:
        more = d["options"]
        if isinstance(more, dict) and ("target" in more or "turn_limit" in more):
            checker.fail("options", "target and turn_limit are keys of their own in format 1, not options")
        else:
            rest = OPTIONS.read(checker, more, "options")
    return rest._replace(**given)
