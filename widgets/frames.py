"""The what-if results as pandas DataFrames: one row per game, per compared action or per candidate.

`mars_rules` stays standard-library only; this adapter is where its results meet pandas, for tables and
plots (`to_frame(result)["length"].plot.hist()`).

>>> import mars_rules
>>> from mars_rules.core import simulate
>>> start = mars_rules.load("ruins").new_game(players=2, seed=3)
>>> list(to_frame(simulate(start, n=3, seed=1)).columns)
['length', 'winners', 'Ada score', 'Bo score', 'Ada won', 'Bo won']
"""
from __future__ import annotations

import pandas as pd

from mars_rules.core import Analysis, Comparison, SimulationResult


def to_frame(result) -> pd.DataFrame:
    """A DataFrame of a `simulate`, `compare` or `analyse` result.

    - `SimulationResult`: one row per game (index "game"): "length", "winners" (names joined by " & "),
      "<name> score" and "<name> won" (1, 0, or a share of a tied win) per seat, and "metric" if any;
    - a list of `Comparison` (what `compare` returns): one row per action, in the order given;
    - `Analysis`: one row per candidate, best first.

    >>> import mars_rules
    >>> from mars_rules.core import compare
    >>> s = mars_rules.load("ruins").new_game(players=2, seed=3)
    >>> frame = to_frame(compare(s, s.legal_actions()[:2], n=4, seed=1))
    >>> list(frame.columns), list(frame["games"])
    (['action', 'win_rate', 'low', 'high', 'mean_margin', 'games'], [4, 4])
    """
    if isinstance(result, SimulationResult):
        return _games(result)
    if isinstance(result, Analysis):
        return pd.DataFrame([{"action": str(c.action), "win_rate": c.win_rate, "low": c.interval[0],
                              "high": c.interval[1], "visits": c.visits, "mean_margin": c.mean_margin}
                             for c in result.candidates],
                            columns=["action", "win_rate", "low", "high", "visits", "mean_margin"])
    if isinstance(result, (list, tuple)) and all(isinstance(c, Comparison) for c in result):
        return pd.DataFrame([{"action": str(c.action), "win_rate": c.win_rate, "low": c.interval[0],
                              "high": c.interval[1], "mean_margin": c.mean_margin, "games": len(c.result.records)}
                             for c in result],
                            columns=["action", "win_rate", "low", "high", "mean_margin", "games"])
    raise TypeError("to_frame takes a SimulationResult (simulate), a list of Comparison (compare) or an "
                    f"Analysis (analyse), not {type(result).__name__}")


def _games(result: SimulationResult) -> pd.DataFrame:
    names = result.players
    rows = []
    for r in result.records:
        row = {"length": r.length, "winners": " & ".join(names[w] for w in r.winners)}
        row.update({f"{name} score": r.totals[p] for p, name in enumerate(names)})
        row.update({f"{name} won": (1 / len(r.winners) if p in r.winners else 0.0) for p, name in enumerate(names)})
        rows.append(row)
    columns = (["length", "winners"] + [f"{name} score" for name in names] + [f"{name} won" for name in names])
    frame = pd.DataFrame(rows, columns=columns, index=pd.Index([r.index for r in result.records], name="game"))
    if any(r.metric is not None for r in result.records):
        frame["metric"] = [r.metric for r in result.records]
    return frame


def rows_frame(analysis: Analysis, index: int = 0) -> pd.DataFrame:
    """The mean final score-sheet rows after candidate `index` (0: the best): where the points come from.
    One row per score category, one column per player.

    >>> import mars_rules
    >>> from mars_rules.core import analyse
    >>> s = mars_rules.load("ruins").new_game(players=2, seed=3)
    >>> frame = rows_frame(analyse(s, budget=10, seed=1))
    >>> frame.index.name, list(frame.columns)
    ('category', ['Ada', 'Bo'])
    """
    rows = analysis.candidates[index].mean_rows()
    return pd.DataFrame([points for _, points in rows], columns=list(analysis.players),
                        index=pd.Index([category for category, _ in rows], name="category"))
