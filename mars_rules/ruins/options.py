"""The rule options of Ruins: the rule values a teacher may vary (`OPTIONS`).

`new_game(players, seed, **options)` checks them (`OPTIONS.make`); the State carries the record as
`state.options` (`state.options.hand_size`), and every rule, invariant, score and cache reads it from
there, never from the `data` constant that holds the default. A position's JSON carries the options
that differ from the default (`"options": {"rounds": 2}`), and the score sheet names the variant.

The defaults of `market_costs` and `scoreboard` are ASSUMED (the rulebook prints no values: rules
notes G1, G2), the project's illustrative values; the others are the rulebook's. Those two are also
card data (`data.Cards.costs`, `.scoreboard`, in a card file's "market_costs" and "scoreboard"): a
card file's values become the options of a game made with it, unless the options are given too, and
the State's `cards` always carries the options' values (`data.cards_in_play`).

>>> OPTIONS.default.hand_size, OPTIONS.default.market_costs
(9, (3, 2, 1, 1))
>>> rules = OPTIONS.make(rounds=2, market_costs=[1, 1, 1, 1])
>>> OPTIONS.changed(rules)
{'market_costs': [1, 1, 1, 1], 'rounds': 2}
>>> OPTIONS.words(rules)
'market costs 1, 1, 1, 1 (default: 3, 2, 1, 1), rounds 2 (rulebook: 4)'
>>> OPTIONS.make(hand_size=11)
Traceback (most recent call last):
ValueError: hand_size: 11 is outside 1..10
"""
from __future__ import annotations

from mars_rules.core import Option, RuleOptions

from .data import CLAIMS, HAND_SIZE, INSTANT_WIN_VP, MARKET_COSTS, ROUNDS, SCOREBOARD, TORCHES

OPTIONS = RuleOptions(
    Option("hand_size", HAND_SIZE, "Setup; Round End", True,
           "ruins dealt to each player at every deal (at most 10: a game uses 10 ruins per player)",
           low=1, high=10, example=7, constant="HAND_SIZE"),
    Option("torches", TORCHES, "Setup; Upgrading Ruins: B. Add Discoveries", True,
           "torches per player, all lit at every deal; 'light' effects light them up to this many",
           low=1, high=6, example=4, constant="TORCHES"),
    Option("claims", CLAIMS, "Upgrading Ruins: A. Add Claim", True,
           "claim cards per player for the whole game (0: no claims)",
           low=0, high=5, example=1, constant="CLAIMS"),
    Option("market_costs", MARKET_COSTS, "Upgrading Ruins: B. Add Discoveries (rules notes G2)", False,
           "lit torches a discovery costs in market slots 1-4 (slot 1 is next to the discovery deck)",
           low=1, high=10, example=(1, 1, 1, 1), constant="MARKET_COSTS"),
    Option("scoreboard", SCOREBOARD, "Going Out; The Score Track (rules notes G1)", False,
           "VP for going out 1st, 2nd, ... last: one row each for 2, 3, 4 and 5 players",
           low=-10, high=10, example=((3, 0), (3, 1, 0), (3, 2, 0, 0), (3, 2, 1, 0, 0)), constant="SCOREBOARD"),
    Option("instant_win_vp", INSTANT_WIN_VP, "Game End", True,
           "a player who starts a round on this many VP or more (the track ends at 10) and goes out first wins",
           low=1, high=10, example=3, constant="INSTANT_WIN_VP"),
    Option("rounds", ROUNDS, "Game End", True,
           "rounds played before the showdown (the showdown is round rounds + 1)",
           low=1, high=8, example=2, constant="ROUNDS"),
)
"""The rule options, in the order of the rulebook (`OPTIONS.markdown()` is the table of the docs)."""

Rules = OPTIONS.Rules
"""The record of the rules in effect (`state.options`): a NamedTuple, one field per option."""
DEFAULT = OPTIONS.default
TORCHES_MOST = OPTIONS["torches"].high
"""The most torches any game can have (sizes a cache's per-budget table: no game can index past it)."""


def conflicts(rules, players: int, path: str = "") -> list:
    """What a combination of options cannot do with `players` players (each option alone is in range):
    the hand dealt must be larger than the claims of the other players, since a ruin claimed by an
    opponent goes to them with no replacement ("Round End"), and a player left with no ruin could never
    play. Each problem starts with the option's name (after `path`, e.g. "options.").

    >>> print(conflicts(OPTIONS.make(hand_size=8), 5)[0].split(": a hand")[0])
    hand_size: 8 is not more than the claims of the 4 other players (claims 2 x 4)
    >>> conflicts(OPTIONS.make(hand_size=8), 4)
    []
    """
    others = rules.claims * (players - 1)
    if rules.hand_size > others:
        return []
    return [f"{path}hand_size: {rules.hand_size} is not more than the claims of the {players - 1} other players "
            f"(claims {rules.claims} x {players - 1}): a hand could be all their claimed ruins, which they take "
            f"with no replacement; with {players} players and {rules.claims} claims, hand_size must be "
            f"{others + 1} or more"]
