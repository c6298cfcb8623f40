"""The analysis board in a notebook: an `analyse` result as a table, a chart, a verdict in words and the score
rows of two candidates side by side (the what-if notebooks show it this way; the Explorer's Analyse button
is widgets.analysis_panel).

>>> import mars_rules
>>> from mars_rules.core import analyse
>>> a = analyse(mars_rules.load("ruins").new_game(players=2, seed=3), budget=10, seed=1)
>>> list(ranking_table(a).columns)
['win rate', '95% interval', 'visits', 'mean margin']
"""
from __future__ import annotations

import textwrap

import matplotlib.pyplot as plt
import pandas as pd

from .frames import rows_frame, to_frame

BEST, OTHERS = "#009E73", "#0072B2"


def said(action) -> str:
    return str(action).rstrip(".")


def ranking_table(analysis) -> pd.DataFrame:
    """The ranking as a student reads it, best first: one row per action (the index), its win rate and 95%
    interval in per cent, its visits and its mean final margin."""
    f = to_frame(analysis)
    return pd.DataFrame({"win rate": [f"{w:.0%}" for w in f["win_rate"]],
                         "95% interval": [f"{lo:.0%} to {hi:.0%}" for lo, hi in zip(f["low"], f["high"])],
                         "visits": list(f["visits"]),
                         "mean margin": [f"{m:+.1f}" for m in f["mean_margin"]]},
                        index=pd.Index(list(f["action"]), name="action"))


def plot_ranking(analysis, title: str = ""):
    """A horizontal bar per action, best at the top (green): its win rate, its 95% interval as an error bar,
    and its games; returns the figure (show it with `plt.show()`)."""
    f = to_frame(analysis)
    rows = range(len(f))
    fig, ax = plt.subplots(figsize=(9, 0.55 * len(f) + 1.4))
    ax.barh(rows, f["win_rate"], xerr=[f["win_rate"] - f["low"], f["high"] - f["win_rate"]], capsize=4,
            color=[BEST] + [OTHERS] * (len(f) - 1), edgecolor="black")
    for row, (high, visits) in enumerate(zip(f["high"], f["visits"])):
        ax.text(min(high + 0.02, 0.9), row, f"{visits} games", va="center", fontsize=9)
    ax.set_yticks(list(rows), [textwrap.fill(text, 46) for text in f["action"]], fontsize=9)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(lambda v, _pos: f"{v:.0%}")
    ax.set_xlabel(f"{analysis.players[analysis.player]}'s chance to win after this action (95% interval)")
    ax.set_title(title or f"The analysis board: {analysis.iterations} games, seed {analysis.seed}", fontsize=11)
    fig.tight_layout()
    return fig


def verdict(analysis, unit: str) -> str:
    """The best and the second in words, with their intervals, whether the search is sure of the order, and
    which actions are clearly worse (`unit`: the game's points, "VP", "OP" or "PP")."""
    who = analysis.players[analysis.player]
    best = analysis.best
    lines = [f"Best: {said(best.action)}. {who} wins {best.win_rate:.0%} of the {best.visits} games after it "
             f"(95% interval {best.interval[0]:.0%} to {best.interval[1]:.0%}), with a mean margin of "
             f"{best.mean_margin:+.1f} {unit}."]
    if len(analysis.candidates) > 1:
        second = analysis.candidates[1]
        lines.append(f"Second: {said(second.action)}, {second.win_rate:.0%} of {second.visits} games "
                     f"({second.interval[0]:.0%} to {second.interval[1]:.0%}): "
                     f"{100 * (best.win_rate - second.win_rate):.0f} percentage points behind the best.")
        lines.append("Their intervals do not overlap: at this budget the search is sure the best is better than "
                     "the second." if best.clearly_better_than(second) else
                     "Their intervals overlap: at this budget the search cannot be sure the best beats the second.")
    behind = [c for c in analysis.candidates[1:] if best.clearly_better_than(c)]
    lines.append(f"The best got {best.visits / max(1, analysis.iterations):.0%} of the games. Clearly worse (the whole "
                 "interval below the best's): " + ("; ".join(said(c.action) for c in behind) if behind
                                                    else "none, at this budget") + ".")
    return "\n".join(lines)


def side_by_side(analysis, first: int = 0, second: int = 1, width: int = 38) -> pd.DataFrame:
    """The mean final score rows after two candidates (default the best and the second), one column group
    each, one column per player."""
    def label(k):
        name = {0: "best", 1: "second"}.get(k, f"#{k + 1}")
        return f"{name}: {textwrap.shorten(str(analysis.candidates[k].action), width, placeholder='...')}"
    return pd.concat({label(first): rows_frame(analysis, first), label(second): rows_frame(analysis, second)}, axis=1)


def why_sentence(analysis, why: pd.DataFrame, unit: str) -> str:
    """Where the player's points differ most between the two candidates of `side_by_side`."""
    who = analysis.players[analysis.player]
    n = len(analysis.players)
    gain = why.iloc[:, analysis.player] - why.iloc[:, n + analysis.player]
    most = [row for row in gain.abs().sort_values(ascending=False).index[:2] if abs(gain[row]) >= 0.05]
    head = f"Mean final score sheet after each of the two ({unit}). "
    if not most:
        return head + f"{who}'s rows are the same on average after the two: the search found no difference between them."
    return head + (f"Where {who}'s points differ most, best minus second: "
                   + " and ".join(f"{row} {gain[row]:+.1f} {unit}" for row in most) + ".")
