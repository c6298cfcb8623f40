"""What a student of Mars must be taught: the teaching-coverage map (see mars_rules.core.coverage).

It lists every turn step of `TURN_STEPS`, every action kind (the decisions and the chance outcomes of
the package docstring), every category of the score sheet and the two ways a game ends:

- "target_vp" (rulebook "End of the Game"): a player ends their own turn with the target VP and wins;
- "round_limit" (ASSUMED safeguard, not a rule of the game): the `turn_limit` round is over and the
  highest VP on the track wins (a tie is a shared win).

Mars has no tie-breaker on its score sheet: the game stops the moment one player ends a turn on the
target, so two players never reach it together, and a tie after the round limit is shared. No score
item is therefore a tie-breaker.

>>> import mars_rules
>>> from mars_rules.core import playout
>>> from mars_rules.mars_colony.policies import builder
>>> game = mars_rules.load("mars_colony")
>>> start = game.new_game(players=2, seed=1)
>>> end_reason(start) is None
True
>>> end_reason(playout(start, policy=builder, seed=1))
'target_vp'
>>> end_reason(playout(game.new_game(players=2, seed=1, turn_limit=1), seed=1))
'round_limit'
>>> "end:round_limit" in COVERAGE.items()
True
"""
from __future__ import annotations

from mars_rules.core import Coverage, ScoreItem, slug

STEPS = ("mine_draft", "deal", "event", "event_choice", "event_take", "supply_draw", "attack", "attack_take",
         "research", "research_die", "research_draw", "research_keep", "resupply", "mining", "trade",
         "trade_offer", "trade_reply", "build", "move_colonists", "discard", "game_over")

ACTIONS = (
    # setup
    "choose_mine", "deal",
    # 1) Event (and the optional military attack)
    "reveal_event", "choose_rival", "contest", "take_reserve", "take_card", "supply_card", "attack", "no_attack",
    # 2) R&D
    "roll_die", "skip_research", "die", "draw_rd", "play_card", "keep_card",
    # 3) Resupply
    "resupply",
    # 5) Trade
    "earth_trade", "contract_trade", "start_offer", "offer_give", "offer_ask", "send_offer", "withdraw_offer",
    "accept_offer", "refuse_offer", "end_trade",
    # 6) Construction
    "build", "acquire_contract", "cancel_contract", "end_construction",
    # 7) End of Turn
    "staff", "unstaff", "power_habitat", "end_moves", "discard", "return_contract",
)

CATEGORIES = ("Habitats (powered)", "Silos", "Communications", "Military bases", "R&D centres", "Spaceport",
              "Supremacies", "Magna Scientia", "R&D cards")

ENDS = ("target_vp", "round_limit")

COVERAGE = Coverage(steps=STEPS, actions=ACTIONS,
                    scores=tuple(ScoreItem(slug(c), category=c) for c in CATEGORIES), ends=ENDS)


def passed_steps(state) -> tuple:
    """The steps the engine went through without a decision in the transition that made `state`: mining
    (4) Mining Production) has none, and its event ("Mining: ...") says it happened. A board shown after
    that transition teaches the step.

    >>> import mars_rules
    >>> passed_steps(mars_rules.load("mars_colony").new_game(players=2, seed=1))
    ()
    """
    return ("mining",) if any(e.startswith("Mining:") for e in state.events) else ()


def end_reason(state):
    """How a finished game ended ("target_vp" or "round_limit"), None while it goes on.

    Read from the position: a single winner whose VP on the track reach the target ended it by the rule;
    any other finish is the ASSUMED round limit (its winners are the highest VP, below the target)."""
    if not state.is_over:
        return None
    result = state.result
    if len(result) == 1 and state.colonies[result[0]].vp >= state.options.target:
        return "target_vp"
    return "round_limit"
