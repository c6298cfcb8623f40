"""The board module: a pure function of the state, Board.update reusing its figure."""
import io

import matplotlib

matplotlib.use("Agg")

from mars_rules.on_mars import new_game  # noqa: E402
from widgets.on_mars import Board, draw  # noqa: E402

from .helpers import act, colony, setp  # noqa: E402


def png(fig):
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=40)
    return buf.getvalue()


def test_draw_and_update_show_the_change():
    s = colony(new_game(players=3, seed=2))
    s = setp(s, 0, bots=((1, -2),))
    s = s._replace(buildings=tuple((h, b, 1, 3, m) if h == (0, -2) else (h, b, a, c, m)
                                   for h, b, a, c, m in s.buildings))
    fig = draw(s, zones=True)
    assert fig.axes and any("On Mars, teaching edition" in t.get_text() for t in fig.axes[0].texts)
    board = Board(s)
    before = png(board.fig)
    t = act(act(act(s, "main", action="construct"), "choose_building", building="generator"),
            "construct", building="generator", hex=(2, -3))
    board.update(t)
    texts = [x.get_text() for x in board.ax.texts]
    assert "G" in texts and any(x.startswith("A") for x in texts)   # Buildings and the Advanced marker
    assert png(board.fig) != before


def test_draw_into_a_given_axes_and_a_players_view():
    from matplotlib.figure import Figure
    fig = Figure(figsize=(16, 12))
    ax = fig.add_subplot(1, 1, 1)
    s = new_game(players=4, seed=1)
    assert draw(s.view(2), ax=ax) is fig
    texts = [t.get_text() for t in ax.texts]
    assert any("Purple (Orbit)" in t for t in texts) and any("to move" in t for t in texts)
