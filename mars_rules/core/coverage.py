"""What a student must be taught about a game: its teaching-coverage map.

Each game declares `COVERAGE`, a Coverage of four kinds of items: every turn step (`TURN_STEPS` keys),
every action kind (decisions and chance outcomes), every row of its score sheet (each scoring category
and each tie-breaker) and every way the game ends (`game.end_reason(state)` names it for a finished
game). An item is written "kind:key"; a notebook cell that teaches it carries the Jupyter cell tag
"teaches:kind:key" (for example `teaches:step:transfer`, `teaches:score:radiation`,
`teaches:end:ninth_tech`), and tests/test_notebook_coverage.py checks each tag against what the cell
displays.

>>> cov = Coverage(steps=("place_rover",), actions=("place_rover",),
...                scores=(ScoreItem("radiation", category="Radiation"),
...                        ScoreItem("tiebreak_oxygen", tiebreak="Oxygen")), ends=("ninth_tech",))
>>> cov.items()
('step:place_rover', 'action:place_rover', 'score:radiation', 'score:tiebreak_oxygen', 'end:ninth_tech')
>>> slug("Tech rows"), cov.score_item("radiation").shown_by({"Radiation": [-2, 0]}, "")
('tech_rows', True)
"""
from __future__ import annotations

import re
from typing import NamedTuple

KINDS = ("step", "action", "score", "end")


def slug(text: str) -> str:
    """A key made from a title: lower case, words joined by "_" ("Tech rows" -> "tech_rows")."""
    return re.sub(r"[^a-z0-9]+", "_", str(text).lower()).strip("_")


class ScoreItem(NamedTuple):
    """One row of a score sheet to teach: a scoring `category` (a row whose category is this, or starts
    with it and a space: "Round" covers "Round 1", "Round 2", ...) or a `tiebreak` (a word of the score
    sheet's tie-break line when that tie-breaker decides)."""
    key: str
    category: str = ""
    tiebreak: str = ""

    def shown_by(self, rows: dict, tiebreak: str) -> bool:
        """Does a displayed score sheet (rows: category -> points per player; its tie-break line) show it?"""
        if self.tiebreak:
            return self.tiebreak.lower() in (tiebreak or "").lower()
        return any(c == self.category or c.startswith(self.category + " ") for c in rows)


class Coverage(NamedTuple):
    steps: tuple
    actions: tuple
    scores: tuple   # ScoreItems
    ends: tuple

    def items(self) -> tuple:
        """Every item, "kind:key", in the order steps, actions, scores, ends."""
        return (tuple(f"step:{k}" for k in self.steps) + tuple(f"action:{k}" for k in self.actions)
                + tuple(f"score:{s.key}" for s in self.scores) + tuple(f"end:{k}" for k in self.ends))

    def score_item(self, key: str) -> ScoreItem | None:
        return next((s for s in self.scores if s.key == key), None)
