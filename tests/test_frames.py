"""widgets.frames: every what-if result as a DataFrame whose values are the result's own."""

import pytest

import mars_rules
from mars_rules.core import analyse, compare, simulate
from mars_rules.core.simulate import GameRecord, SimulationResult
from widgets.frames import rows_frame, to_frame


@pytest.fixture(scope="module")
def start():
    return mars_rules.load("ruins").new_game(players=2, seed=3)


def test_a_simulation_is_one_row_per_game(start):
    result = simulate(start, n=5, seed=1, executor=None, metric=lambda end: len(end.events))
    frame = to_frame(result)
    names = result.players
    assert frame.index.name == "game" and list(frame.index) == [r.index for r in result.records]
    assert list(frame.columns) == (["length", "winners"] + [f"{n} score" for n in names]
                                   + [f"{n} won" for n in names] + ["metric"])
    assert list(frame["length"]) == result.lengths and list(frame["metric"]) == result.metrics
    assert list(frame["winners"]) == [" & ".join(names[w] for w in ws) for ws in result.winners]
    for p, name in enumerate(names):
        assert list(frame[f"{name} score"]) == [t[p] for t in result.totals]
        assert frame[f"{name} won"].mean() == pytest.approx(result.win_rates()[p])


def test_a_shared_win_is_a_fraction_and_no_metric_no_column():
    result = SimulationResult(("Ada", "Bo", "Cy"), (GameRecord(0, (0, 2), (9, 4, 9), 30, None),
                                                    GameRecord(1, (1,), (2, 8, 5), 40, None)))
    frame = to_frame(result)
    assert "metric" not in frame.columns
    assert list(frame["winners"]) == ["Ada & Cy", "Bo"]
    assert list(frame.loc[0, ["Ada won", "Bo won", "Cy won"]]) == [0.5, 0.0, 0.5]
    assert tuple(frame[[f"{n} won" for n in result.players]].mean()) == pytest.approx(result.win_rates())


def test_a_comparison_is_one_row_per_action(start):
    rows = compare(start, start.legal_actions()[:3], n=4, seed=1, executor=None)
    frame = to_frame(rows)
    assert list(frame.columns) == ["action", "win_rate", "low", "high", "mean_margin", "games"]
    assert list(frame["action"]) == [str(c.action) for c in rows]
    assert list(frame["win_rate"]) == [c.win_rate for c in rows]
    assert list(zip(frame["low"], frame["high"])) == [c.interval for c in rows]
    assert list(frame["mean_margin"]) == [c.mean_margin for c in rows] and list(frame["games"]) == [4] * 3
    assert to_frame(tuple(rows)).equals(frame) and len(to_frame([])) == 0


def test_an_analysis_is_one_row_per_candidate_best_first(start):
    a = analyse(start, budget=12, seed=1)
    frame = to_frame(a)
    assert list(frame.columns) == ["action", "win_rate", "low", "high", "visits", "mean_margin"]
    assert list(frame["action"]) == [str(c.action) for c in a.candidates]
    assert list(frame["visits"]) == [c.visits for c in a.candidates] and frame["visits"].sum() == 12
    assert list(frame["win_rate"]) == [c.win_rate for c in a.candidates]
    assert list(zip(frame["low"], frame["high"])) == [c.interval for c in a.candidates]
    assert list(frame["mean_margin"]) == [c.mean_margin for c in a.candidates]
    sheet = rows_frame(a, 1)
    assert sheet.index.name == "category" and list(sheet.columns) == list(a.players)
    assert [(cat, tuple(row)) for cat, row in zip(sheet.index, sheet.to_numpy().tolist())] == \
        [(cat, tuple(points)) for cat, points in a.candidates[1].mean_rows()]


def test_anything_else_is_refused_with_what_is_accepted(start):
    for wrong in ("games", [1, 2], start):
        with pytest.raises(TypeError, match="SimulationResult .*Comparison.*Analysis"):
            to_frame(wrong)
