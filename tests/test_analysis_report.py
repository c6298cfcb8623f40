"""The analysis board as the what-if notebooks show it (widgets.analysis_report): plain tables a student reads
(no object reprs), the chart, the verdict and the side-by-side score rows agree with the Analysis."""

import matplotlib
import pytest

import mars_rules
from mars_rules.core import analyse
from widgets import analysis_report as report

matplotlib.use("Agg")


@pytest.fixture(scope="module")
def analysis():
    return analyse(mars_rules.load("ruins").new_game(players=2, seed=3), budget=40, seed=1)


def test_the_table_is_the_ranking_in_words(analysis):
    table = report.ranking_table(analysis)
    assert list(table.index) == [str(c.action) for c in analysis.candidates]
    best = analysis.best
    assert table.iloc[0]["win rate"] == f"{best.win_rate:.0%}" and table.iloc[0]["visits"] == best.visits
    assert "Styler" not in repr(table) and "%" in repr(table)


def test_the_chart_has_a_bar_per_action_best_on_top(analysis):
    fig = report.plot_ranking(analysis)
    ax = fig.axes[0]
    bars = [p for p in ax.patches]
    assert len(bars) == len(analysis.candidates)
    assert bars[0].get_width() == pytest.approx(analysis.best.win_rate) and ax.yaxis_inverted()
    assert f"seed {analysis.seed}" in ax.get_title()


def test_the_verdict_and_the_rows_quote_the_analysis(analysis):
    text = report.verdict(analysis, "VP")
    best, second = analysis.candidates[:2]
    assert text.startswith(f"Best: {report.said(best.action)}") and f"{second.win_rate:.0%}" in text
    assert ("do not overlap" in text) == best.clearly_better_than(second)
    why = report.side_by_side(analysis)
    assert why.shape == (len(analysis.best.mean_rows()), 2 * len(analysis.players))
    assert why.columns[0][0].startswith("best: ") and why.columns[-1][0].startswith("second: ")
    assert report.why_sentence(analysis, why, "VP").startswith("Mean final score sheet after each of the two (VP).")
