"""The Mars board: draws every player count, the teacher's and a player's view, and redraws in place."""
import matplotlib

matplotlib.use("Agg")

from mars_rules.mars_colony import new_game  # noqa: E402
from widgets.common import render_png  # noqa: E402
from widgets.mars_colony import Board, draw, texts_of  # noqa: E402

from .helpers import act, at, hands, start  # noqa: E402


def texts(fig):
    return texts_of(fig)


def test_draw_every_player_count_and_the_hidden_view():
    for n in (2, 3, 4):
        s = start(n, seed=n)
        fig = draw(s)
        words = " ".join(texts(fig))
        assert all(name in words for name in s.players)
        assert "4/5" in words and "Reserve" in words and "Power plants" in words
        shown = draw(s.view(1))
        words = " ".join(texts(shown))
        assert "hidden cards" in words and "as Bo sees it" in words
    assert render_png(draw(new_game(players=2, seed=1)))[:4] == b"\x89PNG"


def test_board_update_redraws_the_same_figure():
    s = at(hands(start(2, seed=1), (0, 2, 2, 2, 2), (0, 0, 0, 0, 0)), "build")
    b = Board(s)
    before = render_png(b.fig)
    t = act(s, "build", installation="habitat", level=1)
    b.update(t)
    after = render_png(b.fig)
    assert before != after and b.fig is b.fig
    assert "H1" in " ".join(texts(b.fig))


def test_the_generic_explorer_and_score_sheet_work_for_mars():
    from widgets.explorer import Explorer
    from widgets.scoresheet import ScoreSheet
    s = start(3, seed=2)
    e = Explorer(s, seat_policies={1: "random", 2: "random"})
    assert e.draw_random() and e.state.step != "event"
    assert e.set_view(1) and e.shown.viewer == 1
    assert e.autoplay() and e.state.to_move in (0, None)
    assert ScoreSheet(e.state.score()) is not None


def test_update_after_other_positions_draws_what_a_fresh_board_draws():
    """The row names are drawn once; everything else is replaced at each update (nothing is left over)."""
    s = at(hands(start(3, seed=4), (0, 2, 2, 2, 2), (0, 0, 0, 0, 0)), "build")
    t = act(s, "build", installation="habitat", level=1)
    b = Board(s)
    b.update(t)
    b.update(s.view(1))
    b.update(t)
    assert render_png(b.fig) == render_png(Board(t).fig)
    assert texts(b.fig).count("Power plants") == 1
