"""The Explorer's analysis panel, clicked from Python as a teacher would: the ranking of every legal action
with its bars, the verdict in words, "why?" with the mean score sheets, Play this through the Explorer's
apply (undo takes it back), Cancel and a change of position stopping a search in its thread, and the
button disabled where there is no decision to analyse. Small budgets and a short horizon keep it quick."""
import html
import re
import time

import pytest

import mars_rules
from mars_rules.core import SearchPolicy
from widgets import analysis_panel
from widgets.common import TextBoard
from widgets.explorer import _POLICIES, Explorer

from . import fakeboard, fakegame
from .cases import Case, find, is_chance, step_random

QUICK = dict(budget=12, seed=1, horizon=15)


def decision(case, moves=6, seed=2):
    """A position a few moves into a seeded random game where a player chooses among several actions."""
    import random
    rng, s = random.Random(seed), case.new()
    for _ in range(moves):
        if s.to_move is None:
            break
        s = step_random(s, rng)
    found = find(s, lambda t: t.to_move not in (None, mars_rules.CHANCE) and len(t.legal_actions()) >= 2)
    assert found is not None
    return found


def rows(panel):
    """(rank, win rate, bar width %, action text) of each ranked row shown."""
    html = panel.result.value
    found = re.findall(r'<tr class="mr-cand[^"]*" data-rank="(\d+)" data-win="([\d.]+)">.*?title="([^"]*)".*?'
                       r'class="mr-bar" style="width:([\d.]+)%"', html)
    return [(int(r), float(w), float(bar), text) for r, w, text, bar in found]


def test_analyse_ranks_every_legal_action_and_says_why(case):
    ex = case.explorer(decision(case), real_board=False)
    panel = ex.analysis_panel
    assert not panel.analyse_button.disabled and panel.cancel_button.disabled and panel.play_button.disabled
    a = panel.analyse(**QUICK, wait=True)
    legal = ex.state.legal_actions()
    assert a is not None and not a.cancelled and a.iterations == 12
    shown = rows(panel)
    assert [r for r, *_ in shown] == list(range(1, len(legal) + 1))
    assert f"All {len(legal)} legal actions of" in panel.result.value
    assert sorted(html.unescape(t) for *_, t in shown) == sorted(str(x) for x in legal)
    for (_r, win, bar, _t), c in zip(shown, a.candidates):
        assert win == pytest.approx(c.win_rate, abs=1e-4) and bar == pytest.approx(100 * c.win_rate, abs=0.06)
    assert 'class="mr-cand mr-best" data-rank="1"' in panel.result.value
    words = analysis_panel.verdict(a)
    assert str(a.best.action)[:40] in words and "wins about" in words and "95% interval" in words
    assert analysis_panel.esc(words) in panel.result.value and "seed 1" in panel.result.value
    assert panel.progress.value == 12 and panel.progress_text.value == "12 / 12"
    # why? the best beside the next best, then another candidate beside the best
    assert len(panel.why_select.options) == len(legal) and panel.why_select.value == 0
    categories = [cat for cat, _ in a.best.mean_rows()]
    assert categories and all(analysis_panel.esc(cat) in panel.why.value for cat in categories)
    assert "after the best (#1)" in panel.why.value and "after #2" in panel.why.value
    panel.why_select.value = len(legal) - 1
    assert f"after #{len(legal)}" in panel.why.value and "after the best (#1)" in panel.why.value
    # Play this: through the Explorer's apply; undo brings the position and its analysis back
    before, index = ex.state, ex.history.index
    panel.play_button.click()
    assert ex.error_text == "" and ex.history.index == index + 1
    assert ex.history.action_at(index) == a.candidates[-1].action
    assert panel.analysis is None and panel.result.value == ""
    ex.undo()
    assert ex.state == before and panel.analysis is a and rows(panel) == shown


def _slow():
    """A game start whose search takes a good while (every playout to the end of the game)."""
    return Explorer(mars_rules.load("on_mars").new_game(players=2, seed=7), board=TextBoard)


def _wait_for_progress(panel, limit=20.0):
    deadline = time.monotonic() + limit
    while panel.progress.value == 0 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert panel.progress.value > 0, "the search never reported progress"


def test_cancel_stops_the_search_in_its_thread_and_the_kernel_stays_free():
    ex = _slow()
    panel = ex.analysis_panel
    assert panel.analyse(budget=800, seed=0) is None  # in a thread: returns at once
    assert panel.running and panel.analyse_button.disabled and not panel.cancel_button.disabled
    _wait_for_progress(panel)
    panel.cancel_button.click()
    started = time.monotonic()
    assert panel.wait(1.0), "the search's thread did not end within a second of Cancel"
    assert time.monotonic() - started < 1.0
    a = panel.analysis
    assert a is None or (a.cancelled and a.iterations < 800 and "cancelled after" in panel.result.value)
    assert not panel.running and not panel.analyse_button.disabled and panel.cancel_button.disabled


def test_a_change_of_position_cancels_the_search_and_its_result_is_never_shown():
    ex = _slow()
    panel = ex.analysis_panel
    panel.analyse(budget=800, seed=0)
    _wait_for_progress(panel)
    ex.action_buttons[0].click()  # the Explorer answers while the search runs, and the search stops
    assert ex.error_text == "" and ex.history.index == 1
    assert panel.wait(1.0)
    assert panel.analysis is None and panel.result.value == "" and "position changed" in panel.status.value
    assert not panel.running and panel.cancel_button.disabled


@pytest.mark.parametrize("name", [*mars_rules.GAMES, "fakegame"])
def test_no_analysis_at_a_chance_node_at_the_end_or_of_a_hidden_decision(name):
    case = Case(name)
    at_chance = find(case.new(), is_chance)
    ex = case.explorer(at_chance, real_board=False)
    panel = ex.analysis_panel
    assert panel.analyse_button.disabled and "Chance decides next" in panel.reason.value
    assert panel.analyse(**QUICK, wait=True) is None and "Chance decides next" in panel.status.value
    s = decision(case)
    ex = case.explorer(s, real_board=False, view_as=(s.to_move + 1) % len(s.players))
    assert ex.analysis_panel.analyse_button.disabled and "hidden in this view" in ex.analysis_panel.reason.value
    ex.set_view(s.to_move)
    assert not ex.analysis_panel.analyse_button.disabled and ex.analysis_panel.reason.value == ""


def test_the_end_of_the_game_and_a_failing_search_are_one_line():
    over = find(fakegame.new_game(players=2, seed=3), lambda s: s.to_move is None, limit=2000)
    ex = Explorer(over, board=fakeboard.Board)
    assert ex.analysis_panel.analyse_button.disabled and "game is over" in ex.analysis_panel.reason.value
    ex = Explorer(decision(Case("fakegame")), board=fakeboard.Board)
    panel = ex.analysis_panel

    def boom(*args, **kwargs):
        raise RuntimeError("boom\nsecond line")
    original, analysis_panel.search = analysis_panel.search, boom
    try:
        assert panel.analyse(wait=True) is None
    finally:
        analysis_panel.search = original
    assert "The analysis failed: RuntimeError: boom second line" in panel.status.value
    assert "Traceback" not in panel.status.value and not panel.running and not panel.analyse_button.disabled


def test_progress_is_sent_at_most_ten_times_a_second():
    ex = Explorer(decision(Case("fakegame")), board=fakeboard.Board)
    panel = ex.analysis_panel
    changes = []
    panel.progress.observe(lambda c: changes.append(c["new"]), names="value")
    started = time.monotonic()
    a = panel.analyse(budget=1000, seed=0, wait=True)
    seconds = time.monotonic() - started
    assert a.iterations == 1000 and changes[-1] == 1000
    assert len(changes) <= 10 * seconds + 3, (len(changes), seconds)


def test_the_computer_can_play_a_seat_by_the_search():
    assert isinstance(_POLICIES["search"], SearchPolicy)
    ex = Explorer(fakegame.new_game(players=2, seed=5), board=fakeboard.Board, seat_policies={1: "search"})
    ex.autoplay()  # chance, up to seat 0's decision
    assert ex.state.to_move == 0
    ex.apply(ex.state.legal_actions()[0])
    assert ex.autoplay() and ex.error_text == "" and "The computer played" in ex.info_text
    assert any(a.player == 1 for a in ex.history.actions) and ex.state.to_move in (0, None)
