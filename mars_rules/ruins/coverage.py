"""What a student of Ruins must be taught: the teaching-coverage map (see mars_rules.core.coverage).

It lists every turn step of `TURN_STEPS`, every action kind (the decisions and the chance outcomes of
the package docstring), the one kind of score-sheet row and the three ways a game ends:

- "instant_win" (rulebook "Game End"): a player who started a round (1-4) on 9 or 10 VP goes out first;
- "showdown" (rulebook "Game End"): nobody won by the end of round 4, and the first player out in the
  showdown round 5 wins;
- "showdown_unopposed" (a reading of a case the rulebook leaves open, A6 in the rules notes): the
  player who went out first in round 4 is also the only VP leader, so nobody else qualifies for the
  showdown and that player wins without it.

There is no round-limit safeguard: the showdown round 5 always ends the game. (The numbers are the
rulebook's; a variant game reads its own: `state.options.instant_win_vp`, `.rounds`.)

The score sheet has one row per round ("Round 1" to "Round 4": the VP won or lost by going out), all
covered by the item "round". Ruins has no tie-breaker: an instant win and a showdown each name one
winner, and the VP total only decides who plays the showdown (a tie there lets every tied player in).
The sheet's tie-break line is the same note whatever happened, so no score item is a tie-breaker.

>>> import mars_rules.ruins as ruins
>>> from mars_rules.ruins.scenario import play, position, rid
>>> end_reason(ruins.new_game(players=3, seed=7)) is None
True
>>> start = position(3, hands=[[rid(7)], [rid(8), rid(1)], [rid(9)]], torches=(0, 0, 0), vp=(9, 2, 2))
>>> won = play(start, [rid(7)])     # Ada started the round on 9 VP and goes out first
>>> won.winners(), end_reason(won)
((0,), 'instant_win')
"""
from __future__ import annotations

from mars_rules.core import Coverage, ScoreItem


STEPS = ("deal", "night_flip", "lead", "follow", "claim", "discover", "draw", "refill", "game_over")

ACTIONS = (
    # chance outcomes
    "deal", "draw", "reveal",
    # start of a round
    "flip", "no_flip",
    # a turn: choose ruins (or pass), claims, discoveries, confirm
    "pick", "done", "pass", "claim", "discover", "play",
)

SCORES = (ScoreItem("round", category="Round"),)   # "Round 1" .. "Round 4"

ENDS = ("instant_win", "showdown", "showdown_unopposed")

COVERAGE = Coverage(steps=STEPS, actions=ACTIONS, scores=SCORES, ends=ENDS)


def end_reason(state):
    """How a finished game ended (one of ENDS), None while it goes on. Read from the position: the round
    it ended in, who went out first and the VP the winner started that round with."""
    if not state.is_over:
        return None
    if state.round > state.options.rounds:
        return "showdown"
    (winner,) = state.winners()
    if state.out[:1] == (winner,) and state.start_vp[winner] >= state.options.instant_win_vp:
        return "instant_win"
    return "showdown_unopposed"
