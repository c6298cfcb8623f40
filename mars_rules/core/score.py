"""The score sheet: one row per (player, category), totals, and the tie-break line.

>>> s = ScoreSheet(("Ada", "Bo"), (ScoreRow(0, "Language", 5, "Final Scoring"),
...                                ScoreRow(1, "Language", 3, "Final Scoring")))
>>> s.totals
(5, 3)
>>> s.table()[0]
['Language', 5, 3]
"""
from __future__ import annotations

from typing import NamedTuple


class ScoreRow(NamedTuple):
    player: int
    category: str
    points: int
    rule: str


class ScoreSheet(NamedTuple):
    players: tuple
    rows: tuple
    tiebreak: str = ""
    final: bool = False
    winners: tuple = ()
    variant: str = ""   # the rule options that differ from the rulebook's game, in words ("" for none)

    @property
    def totals(self) -> tuple:
        sums = [0] * len(self.players)
        for r in self.rows:
            sums[r.player] += r.points
        return tuple(sums)

    @property
    def categories(self) -> tuple:
        seen = {}
        for r in self.rows:
            seen.setdefault(r.category, r.rule)
        return tuple(seen)

    def points(self, player: int, category: str) -> int:
        """The points of one cell (0 when the row is absent)."""
        return sum(r.points for r in self.rows if r.player == player and r.category == category)

    def rule_of(self, category: str) -> str:
        for r in self.rows:
            if r.category == category:
                return r.rule
        return ""

    def table(self) -> list:
        """Rows [category, points per player...] then ["Total", ...]: players as columns."""
        out = [[c] + [self.points(p, c) for p in range(len(self.players))] for c in self.categories]
        out.append(["Total", *self.totals])
        return out

    def __str__(self):
        head = ["", *self.players]
        rows = [head] + [[str(x) for x in row] for row in self.table()]
        widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
        lines = ["  ".join(x.ljust(w) if i == 0 else x.rjust(w) for i, (x, w) in enumerate(zip(r, widths)))
                 for r in rows]
        if self.tiebreak:
            lines.append(self.tiebreak)
        lines.append("final" if self.final else "provisional (the game is not over)")
        if self.variant:
            lines.append(f"variant rules: {self.variant}")
        return "\n".join(lines)
