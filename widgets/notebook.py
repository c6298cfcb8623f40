"""What a teaching notebook calls to show a position: the board, the score sheet, the last events.

>>> import mars_rules
>>> from widgets.notebook import board, say, score_table
>>> s = mars_rules.load("ruins_of_mars").new_game(players=2, seed=7)
>>> s = s.apply(s.legal_actions()[0])
>>> say(s)                                    # what the last action did, one sentence a line
Player 1 chooses the Doctor.
>>> board(s)                                  # as a cell's value: the board image (text form below)
Ruins of Mars board: Setup: Characters; to move: Player 2.
>>> score_table(s).sheet.totals               # as a cell's value: the score sheet as an HTML table
(0, 0)
"""
from __future__ import annotations

from .common import board_module
from .scoresheet import score_table

__all__ = ["board", "say", "score_table"]


def board(state, **kwargs):
    """The board of `state` (`widgets.<game>.draw`): a cell's value shows it as an image."""
    return board_module(state.game).draw(state, **kwargs)


def say(state_or_events) -> None:
    """Print what the last transition did (a State's `events`, or any list of sentences), one a line."""
    events = getattr(state_or_events, "events", state_or_events)
    print("\n".join(str(e) for e in events) if events else "(nothing to report)")
