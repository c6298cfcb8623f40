"""The Ruins board: draws every player count, a player's view, into given axes, and updates in place."""
import random

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

import mars_rules.ruins as ruins  # noqa: E402
from mars_rules.core import CHANCE  # noqa: E402
from widgets.common import render_png  # noqa: E402
from widgets.ruins import Board, draw  # noqa: E402


def _midgame(n, steps, seed=5):
    s = ruins.new_game(n, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            break
        s = s.resolve_chance() if s.to_move == CHANCE else s.apply(rng.choice(s.legal_actions()))
    return s


def _texts(fig):
    """Every text on the board: they are drawn by one text layer (specs: x, y, text, ...)."""
    return " ".join(spec[2] for ax in fig.axes for artist in ax.get_children() if hasattr(artist, "specs")
                    for spec in artist.specs)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_draw_every_player_count(n):
    s = _midgame(n, 120)
    fig = draw(s)
    words = _texts(fig)
    assert "Market" in words and "Trick" in words and "VP" in words
    for name in s.players:
        assert name in words
    assert render_png(fig)[:4] == b"\x89PNG"


def test_board_shows_last_play_passes_and_upgrades():
    s = _midgame(3, 150)
    words = _texts(draw(s))
    if s.last_play:
        assert f"last play: {s.players[s.last_player]}" in words
    for p in s.passed:
        assert s.players[p] in words.split("passed in a row:")[1]


def test_view_shows_other_hands_face_down():
    s = _midgame(3, 60)
    v = s.view(0)
    fig = draw(v)
    hatched = [p for p in fig.axes[0].patches if p.get_hatch() == "//"]
    assert len(hatched) == len(s.hands[1]) + len(s.hands[2])


def test_draw_into_given_axes_and_update_reuses_the_figure():
    fig = Figure(figsize=(12, 8))
    ax = fig.add_subplot(111)
    assert draw(_midgame(2, 10), ax=ax) is fig
    b = Board(_midgame(2, 10))
    first = render_png(b.fig)
    fig_before = b.fig
    b.update(_midgame(2, 40))
    assert b.fig is fig_before and render_png(b.fig) != first


def test_board_lists_its_texts_and_redraws_the_same_picture():
    s = _midgame(3, 150)
    b = Board(s)
    first = render_png(b.fig)
    b.update(s)
    assert render_png(b.fig) == first  # the same state, the same bytes
    assert any(t.startswith("Market") for t in b.texts)
    assert any(t.startswith("last play") for t in b.texts) == bool(s.last_play)


def test_game_over_board_names_the_winner():
    s = _midgame(2, 100000)
    assert s.is_over
    assert "won" in _texts(draw(s))


def test_update_after_other_positions_draws_what_a_fresh_board_draws():
    """Every artist of the previous position is removed at an update (face-down cards included)."""
    s, t = _midgame(3, 40, seed=2), _midgame(3, 90, seed=2)
    b = Board(s.view(0))
    b.update(t)
    b.update(s.view(1))
    b.update(t)
    assert render_png(b.fig) == render_png(Board(t).fig)
    assert b.texts == Board(t).texts
