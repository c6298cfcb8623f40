"""What a student should be taught about Ruins of Mars: the teaching-coverage map and `end_reason`.

`COVERAGE` lists every turn step (the keys of ``TURN_STEPS``), every action kind (the decisions and the
chance outcomes of the package docstring, ``why.KINDS``), every row of the score sheet (the four scoring
categories of *Final Scoring* and the tie-breakers) and the two ways the game ends (*End of the Game*):

- ``ninth_tech``: a player ends a turn with a 9th Tech on their board (face up; the solo AI's revealed
  AI Techs count too);
- ``four_languages``: a player ends a turn when 4 Languages are mastered (a marker on the last space of 4
  tracks, counted over all the players).

Either way every other player then takes one final turn. The engine has no round-limit safeguard (none
is ASSUMED), so there is no third end: random legal play reaches one of these two (test_properties.py).

Tie-breakers: the score sheet's tie-break line (``scoring.score``) names the tie-breaker that decided a tie
for the most PP ("broken by least Radiation", "broken by most Language PP", solo "broken in favour of the
AI"); without a tie it states the rule.

>>> import random
>>> import mars_rules
>>> from mars_rules import CHANCE
>>> game = mars_rules.load("ruins_of_mars")
>>> "step:place_rover" in COVERAGE.items() and "action:transfer_tile" in COVERAGE.items()
True
>>> s, rng = game.new_game(players=2, seed=2, characters="deal"), random.Random(2)
>>> end_reason(s) is None                      # the game goes on
True
>>> while not s.is_over:                       # random legal play to the end
...     s = s.resolve_chance() if s.to_move == CHANCE else s.apply(rng.choice(s.legal_actions()))
>>> end_reason(s), s.players[(s.current + 1) % 2]
('ninth_tech', 'Player 1')
"""
from __future__ import annotations

from mars_rules.core.coverage import Coverage, ScoreItem, slug

from .data import CAPSTONE

#: The scoring categories of the score sheet, in its order (scoring.score writes them).
CATEGORIES = ("Language tracks", "Tech rows", "Tech PP", "Radiation")

#: The two ways the game ends (End of the Game), in the order the engine checks them.
ENDS = ("ninth_tech", "four_languages")


def _steps():
    from . import TURN_STEPS
    return tuple(step.key for step in TURN_STEPS)


def _kinds():
    from .why import KINDS
    return tuple(KINDS)


def _face_up_techs(board) -> int:
    return sum(1 for card, down in zip(board.techs, board.face_down) if card is not None and not down)


def end_reason(state):
    """How a finished game ended ("ninth_tech" or "four_languages"); None while the game goes on.

    Derived from the position: the end is checked at the end of a turn and then every other player takes
    one final turn, so the game stops after the turn of the player sitting just before the one who
    triggered it: the trigger is the seat after ``state.current``. Nobody changes another player's Tech
    board, so that player's board shows whether a 9th Tech triggered the end (the engine checks it first);
    otherwise 4 mastered Languages did. A position finished by hand (``finish``) is named by the first end
    condition it meets (4 mastered Languages, then anybody's 9 Techs), and is None when it meets neither:
    no rule ended it. Under the options ``end_techs`` and ``end_languages`` the ends have those numbers in place
    of 9 and 4 (the keys keep the rulebook's names).
    """
    if not state.is_over:
        return None
    n = len(state.players)
    rules = state.options
    trigger = (state.current + 1) % n
    if _face_up_techs(state.boards[trigger]) >= rules.end_techs:
        return "ninth_tech"
    if sum(1 for b in state.boards for x in b.languages if x == CAPSTONE) >= rules.end_languages:
        return "four_languages"
    if any(_face_up_techs(b) >= rules.end_techs for b in state.boards):
        return "ninth_tech"
    return None


def passed_steps(state) -> tuple:
    """The steps the engine went through without a decision in the transition that made `state`: Step 3
    (radiation) is applied as Step 2 ends, and its events ("Step 3: ...") say so. A board shown after that
    transition teaches the step (its display metadata lists it as passed).

    >>> import mars_rules
    >>> s = mars_rules.load("ruins_of_mars").new_game(players=2, seed=3, characters="deal")
    >>> passed_steps(s)
    ()
    """
    return ("radiation",) if any(e.startswith("Step 3:") for e in state.events) else ()


COVERAGE = Coverage(
    steps=_steps(),
    actions=_kinds(),
    scores=tuple(ScoreItem(slug(c), category=c) for c in CATEGORIES) + (
        # the phrase the sheet's tie-break line carries when that tie-breaker decided
        ScoreItem("tiebreak_radiation", tiebreak="broken by least Radiation"),
        ScoreItem("tiebreak_language_pp", tiebreak="broken by most Language PP"),
        ScoreItem("tiebreak_solo_ai", tiebreak="broken in favour of the AI"),
    ),
    ends=ENDS,
)

__all__ = ["COVERAGE", "end_reason", "passed_steps"]
