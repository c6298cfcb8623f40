"""The rule options of Ruins of Mars: the rule values a teacher may vary (``OPTIONS``).

``new_game(players, seed, **options)`` checks them (``OPTIONS.make``); the State carries the record as
``state.options`` (``state.options.resource_cap``), and every rule reads it from there, never from the
``data`` constant that holds the default. A position's JSON carries the options that differ from the
default (``"options": {"resource_cap": 5}``), and the score sheet names the variant.

Defaults marked ASSUMED are the project's illustrative values where the rulebook prints none (see
``data.py`` and the rules notes, gaps G3, G5, G8, G9, G12); the others are the rulebook's.

The scoring tables ``track_pp`` (the Language track PP), ``row_bonus`` (the Tech board rows) and
``radiation_most`` (the Radiation penalty of the most) change only the final score, never the course of a
game; their tests compare final scores.

``end_languages`` (the mastered Languages, counting every player, that end the game) is a rule random play
does not reach: it never masters a Language in its first hundreds of actions. Its ``scenario`` names the
test of ``tests/ruins_of_mars/test_options.py`` whose prepared position shows the end it changes.

Not an option: the solo AI's procedure (its Tech rows score 10 PP).

>>> OPTIONS.default.resource_cap, OPTIONS.default.display_oxygen
(7, (3, 2, 1, 0))
>>> rules = OPTIONS.make(resource_cap=5, end_techs=6)
>>> OPTIONS.changed(rules), OPTIONS.words(rules)
({'resource_cap': 5, 'end_techs': 6}, 'resource cap 5 (rulebook: 7), end techs 6 (rulebook: 9)')
>>> OPTIONS.make(resource_cap=12)
Traceback (most recent call last):
ValueError: resource_cap: 12 is outside 3..10
"""
from __future__ import annotations

from mars_rules.core import Option, RuleOptions

from .data import (DECK_OXYGEN, DISPLAY_OXYGEN, END_LANGUAGES, END_TECHS, RADIATION_MOST, RESOURCE_CAP,
                   ROW_BONUS, SITE_RADIATION, SPACE_A, SPACE_B, START_HOURGLASS, TRACK_PP, TRANSFER_COST,
                   TRANSFER_WRAPS, WASTELAND_HOURGLASS)

R_REQUIRE = "Step 6: Tech Level and Language Requirements"

OPTIONS = RuleOptions(
    Option("hourglass", START_HOURGLASS, "Setup (silent: rules notes G8)", False,
           "Hourglasses each human player starts with (the solo AI starts with none)",
           low=0, high=20, example=4, constant="START_HOURGLASS"),
    Option("kickstarter", False, "Kickstarter Exclusives", True,
           "the Engineer and the Savant join the Characters (the base game has 5)", example=True),
    Option("resource_cap", RESOURCE_CAP, "Step 5: Discover Action", True,
           "the most of each resource a player may hold; what would go above it is lost",
           low=3, high=10, example=5, constant="RESOURCE_CAP"),
    Option("transfer_cost", TRANSFER_COST, "Step 2: Transfer 1 Action Tile", True,
           "Hourglasses, or Oxygen, a transfer costs (the Savant's second: 1 Hourglass more)",
           low=0, high=6, example=1, constant="TRANSFER_COST"),
    Option("transfer_wraps", TRANSFER_WRAPS, "Step 2: Transfer 1 Action Tile (adjacency: rules notes G12, A2)", False,
           "the Wasteland and the Infirmary count as adjacent for a transfer, as for a reallocation",
           example=True, constant="TRANSFER_WRAPS"),
    Option("site_radiation", SITE_RADIATION, "Step 3: Take Radiation (rules notes G3)", False,
           "Radiation icons printed on each Site, Wasteland to Infirmary",
           low=0, high=3, example=(1, 0, 0, 0, 1), constant="SITE_RADIATION"),
    Option("wasteland_hourglass", WASTELAND_HOURGLASS, "Step 4: Use Wrench Bonus (Wasteland die results)", True,
           "Hourglasses a Wrench at the Wasteland gives for die faces 1 to 6",
           low=0, high=9, example=(1, 2, 2, 3, 3, 4), constant="WASTELAND_HOURGLASS"),
    Option("space_a", SPACE_A, R_REQUIRE + " (rules notes G5)", False,
           "the A space of the Language tracks: Level 2 and 3 Techs need it reached on 2 tracks",
           low=1, high=8, example=2, constant="SPACE_A"),
    Option("space_b", SPACE_B, R_REQUIRE + " (rules notes G5)", False,
           "the B space of the Language tracks: Level 3 Techs also need it reached on 1 track",
           low=1, high=8, example=4, constant="SPACE_B"),
    Option("display_oxygen", DISPLAY_OXYGEN, "Step 6: Paying for Tech (rules notes G9)", False,
           "Oxygen added to the price of a face-up Tech, top space to bottom (the rulebook prints the top +3)",
           low=0, high=9, example=(2, 1, 0, 0), constant="DISPLAY_OXYGEN"),
    Option("deck_oxygen", DECK_OXYGEN, "Step 6: Paying for Tech", True,
           "Oxygen paid on top of a Tech's cost to take it from a deck",
           low=0, high=9, example=2, constant="DECK_OXYGEN"),
    Option("end_techs", END_TECHS, "End of the Game", True,
           "completed Techs on one player's board that trigger the end (9: a full Tech board)",
           low=1, high=9, example=4, constant="END_TECHS"),
    Option("end_languages", END_LANGUAGES, "End of the Game", True,
           "mastered Languages, counting every player, that trigger the end when a turn ends",
           low=1, high=5, example=3, constant="END_LANGUAGES",
           scenario="test_end_languages_is_the_number_of_mastered_languages_that_ends_the_game"),
    Option("track_pp", TRACK_PP, "Final Scoring: Language tracks", False,
           "PP printed on the Language track spaces 0 to 9 (a track scores the most PP on a space reached)",
           low=0, high=30, example=(0, 1, 2, 3, 4, 5, 6, 7, 8, 10), constant="TRACK_PP"),
    Option("row_bonus", ROW_BONUS, "Final Scoring: Tech board rows", True,
           "PP of a full Tech board row: 3 of one Classification, 3 different, any other (the solo AI's: 10)",
           low=0, high=20, example=(12, 6, 0), constant="ROW_BONUS"),
    Option("radiation_most", RADIATION_MOST, "Final Scoring: Radiation", True,
           "PP each Radiation costs the player or players holding the most (the others: 1 PP each)",
           low=1, high=5, example=3, constant="RADIATION_MOST"),
)
"""The rule options, in the order of the rulebook (``OPTIONS.markdown()`` is the table of the docs)."""

Rules = OPTIONS.Rules
"""The record of the rules in effect (``state.options``): a NamedTuple, one field per option."""
DEFAULT = OPTIONS.default
