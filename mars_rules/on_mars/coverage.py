"""What a student must be taught about On Mars, teaching edition: its teaching-coverage map.

`COVERAGE` lists every turn step (the keys of TURN_STEPS), every action kind (the decisions and the
one chance kind, `reveal`), every row of the score sheet (its nine categories and the tie-break line
that names a shared win) and the two ways the game ends:

- "missions": the rule's end (*End of the Game*): the Remaining Missions marker reaches the end of
  its track (through completed Missions, or the Colony level moving it, ASSUMED), the round is
  finished and one more round is played without its Shuttle Phase;
- "round_limit": the ASSUMED safeguard, not a rule of the game: the marker never got there, so the
  end was triggered after round `round_limit` (a rule option, ASSUMED 10).

`end_reason(state)` names the way a finished game ended, from the position alone (None while the
game goes on). One case cannot be told apart in the position: when the safeguard triggered the end
and the marker then reached the end of its track during the final round; it is named "missions" (the
marker is at the end, as in a rule end).

The tie-break line of the score sheet (scoring._rank) names the tie-breakers that decided a tie, in order
("broken by Crystals (Ada 3, Bo 2), then Advanced Buildings (...)"), or says the win is shared.

>>> from mars_rules.core import playout
>>> from mars_rules.on_mars import new_game
>>> s = new_game(players=2, seed=7)
>>> COVERAGE.items()[:2], COVERAGE.ends
(('step:setup', 'step:turn'), ('missions', 'round_limit'))
>>> end_reason(s) is None, end_reason(playout(s, seed=7))     # random play meets the safeguard
(True, 'round_limit')
"""
from __future__ import annotations

from mars_rules.core.coverage import Coverage, ScoreItem, slug

from .scoring import TIEBREAKERS

CATEGORIES = ("Living Quarters", "Progress cubes", "Colony level-ups", "Ships", "Tech tiles",
              "Advanced Buildings / Blueprints", "Scientists", "Earth Contracts", "Private Goal")
"""The rows of the score sheet (scoring.player_rows), in the order it writes them."""

COVERAGE = Coverage(
    steps=("setup", "turn", "final_round", "pay", "blueprint", "learn", "rnd", "resupply", "control",
           "construct", "construct_hex", "upgrade", "welcome", "hire", "resource", "turn_end", "shuttle",
           "discovery", "turn_order", "game_over"),
    actions=(
        # a turn
        "main", "pass_turn", "end_turn", "depot_action", "advanced_action", "scientist_action",
        "send_scientist", "discard_goal", "complete_goal",
        # the steps of a Main action
        "pay_crystal", "pay_colonist", "boost", "done", "take_blueprint", "learn_tech", "develop",
        "take_item", "move_rover", "move_bot", "spend_crystal", "choose_building", "construct", "upgrade",
        "welcome_ship", "hire_scientist", "take_contract", "take_resource", "skip_resource",
        # the Shuttle Phase
        "travel", "stay", "place_discovery", "discard_discovery", "take_space",
        # chance
        "reveal",
    ),
    scores=tuple(ScoreItem(slug(c), category=c) for c in CATEGORIES)
    + tuple(ScoreItem(f"tiebreak_{slug(t)}", tiebreak=f"{t} (") for t in TIEBREAKERS)
    + (ScoreItem("tiebreak_shared", tiebreak="a shared win"),),
    ends=("missions", "round_limit"),
)


def end_reason(state):
    """How a finished game ended: "missions" (the Remaining Missions marker is at the end of its track)
    or "round_limit" (the ASSUMED safeguard triggered the end); None while the game goes on."""
    if not state.is_over:
        return None
    return "missions" if state.remaining >= state.options.missions_to_end else "round_limit"
