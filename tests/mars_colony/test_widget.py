"""The Mars board: draws every player count, the teacher's and a player's view, and redraws in place."""
import matplotlib

matplotlib.use("Agg")

from mars_rules.mars_colony import new_game  # noqa: E402
from widgets.common import render_png  # noqa: E402
from widgets.mars_colony import Board, draw, texts_of  # noqa: E402

from .helpers import act, at, bits, colony, hands, start  # noqa: E402


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


def test_the_title_names_the_step_as_the_rulebook_does_and_who_decides():
    s = at(start(2, seed=1), "move_colonists", seat=1)
    words = texts(draw(s))
    assert "Bo's turn: 7. End of turn: move colonists" in words
    assert not any("move_colonists" in w for w in words)
    assert "Bo (to move)" in words and "Ada (to move)" not in words


def test_every_label_is_drawn_by_the_text_layer_and_names_the_box_it_belongs_to():
    """No ordinary Text artists (slow to render, and unchecked by the layout test): every label of both
    layers names its box, so boardkit.overflows checks it."""
    from widgets.boardkit import MIN_FONT_PT, TextLayer, overflows
    b = Board(start(3, seed=2).view(2))
    assert len(b.ax.texts) == 0
    layers = [a for a in b.ax.get_children() if isinstance(a, TextLayer)]
    assert len(layers) == 2
    for layer in layers:
        assert layer.specs and sorted(layer.boxes) == list(range(len(layer.specs)))
        assert min(spec[3] for spec in layer.specs) >= MIN_FONT_PT
    assert overflows(b.fig) == []


def test_long_notes_wrap_inside_the_colony_and_the_table_shows_the_mine_tiles():
    from widgets.boardkit import overflows
    s = start(4, seed=3)
    s = colony(s, 2, contracts=tuple(range(9)), comm=3, staff=s.colonies[2].staff | bits(("comm", 1), ("comm", 2),
                                                                                         ("comm", 3)),
               supremacies=("comm_supremacy", "comm_supremacy", "mil_supremacy", "rnd_supremacy", "rnd_supremacy"),
               kept=("x",), played=("a", "b"))
    s = s._replace(magna=2)
    b = Board(s)
    words = texts(b.fig)
    assert any(w.startswith("Contracts 9 of any: I→C") for w in words)
    assert any(w.startswith("Supremacy: Communications\u00a0×2") for w in words)
    assert "Holds Magna Scientia" in words
    assert any(w.startswith("Mine tiles left: ") for w in words)
    assert overflows(b.fig) == []       # the wrapped lines stay inside Cy's panel


def test_at_the_end_the_winners_are_named_and_framed():
    from matplotlib.colors import to_rgba
    from widgets.boardkit import HIGHLIGHT
    s = start(2, seed=1)
    s = colony(s, 1, vp=12)._replace(step="game_over", to_move=None, result=(1,))
    b = Board(s)
    words = texts(b.fig)
    assert any(w.startswith("Won by Bo") for w in words)
    assert "Bo (winner)" in words and "Ada (winner)" not in words
    colour = {spec[2]: spec[6] for spec in b._texts.specs}
    assert colour["Bo (winner)"] == HIGHLIGHT and colour["Ada"] == "black"
    panels = b._dyn[0]          # the colonies' panels, below everything: Bo's frame is the highlighted one
    assert [tuple(c) == to_rgba(HIGHLIGHT) for c in panels.get_edgecolors()] == [False, True]
