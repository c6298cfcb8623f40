"""The board module: a pure function of the state, Board.update reusing its figure."""
import io
import random

import matplotlib

matplotlib.use("Agg")

from matplotlib.figure import Figure  # noqa: E402

from mars_rules import CHANCE  # noqa: E402
from mars_rules.on_mars import new_game  # noqa: E402
from widgets import boardkit  # noqa: E402
from widgets.boardkit import texts_of  # noqa: E402
from widgets.on_mars import Board, complex_sizes, default_figsize, draw, viewer  # noqa: E402

from .helpers import act, colony, setp  # noqa: E402


def png(fig):
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=40)
    return buf.getvalue()


def advanced_position():
    s = colony(new_game(players=3, seed=2))
    s = setp(s, 0, bots=((1, -2),))
    return s._replace(buildings=tuple((h, b, 1, 3, m) if h == (0, -2) else (h, b, a, c, m)
                                      for h, b, a, c, m in s.buildings))


def test_draw_and_update_show_the_change():
    s = advanced_position()
    fig = draw(s, zones=True)
    shown = texts_of(fig)
    assert any(t.startswith("On Mars, teaching edition") for t in shown)
    assert any("Building Zones" in t for t in shown)                 # the legend explains the shading
    assert not any("Building Zones" in t for t in texts_of(draw(s)))
    assert "AB" in shown                                   # the Advanced Building of Blue (seat 1)
    board = Board(s)
    before = png(board.fig)
    t = act(act(act(s, "main", action="construct"), "choose_building", building="generator"),
            "construct", building="generator", hex=(2, -3))
    board.update(t)
    assert board.texts == texts_of(board.fig)
    assert "G" in board.texts
    if t.main == "construct" and isinstance(t.to_move, int):      # the action being taken is orange
        layer = max((a for a in board.ax.get_children() if isinstance(a, boardkit.TextLayer)), key=lambda a: a.zorder)
        spec = next(x for x in layer.specs if x[2] == "Construct a Building")
        assert spec[6] == boardkit.HIGHLIGHT and spec[4] == "bold"
    assert png(board.fig) != before
    # a redraw of the same position gives the same picture, and the static layer is drawn once
    children = len(board.ax.get_children())
    board.update(s)
    board.update(s)
    assert len(board.ax.get_children()) == children
    assert png(board.fig) == png(Board(s).fig)


def test_complex_sizes_count_adjacent_buildings_of_one_type():
    s = new_game(players=2, seed=1)
    first = s.buildings[0]
    sizes = complex_sizes(s)
    assert set(sizes) == {b[0] for b in s.buildings} and sizes[first[0]] >= 1
    from mars_rules.on_mars import data as D
    nb = next(h for h in D.NEIGHBOURS[first[0]] if h not in sizes)
    twin = s._replace(buildings=s.buildings + ((nb, first[1], -1, -1, -1),))
    assert complex_sizes(twin)[first[0]] == complex_sizes(twin)[nb] == sizes[first[0]] + 1
    assert f"{D.BUILDING_LETTER[first[1]]}{sizes[first[0]] + 1}" in texts_of(draw(twin))


def test_draw_into_a_given_axes_and_a_players_view():
    fig = Figure(figsize=default_figsize(4))
    ax = fig.add_axes((0, 0, 1, 1))
    s = new_game(players=4, seed=1)
    v = s.view(2)
    assert viewer(v) == (True, 2) and viewer(s) == (False, None)
    assert draw(v, ax=ax) is fig
    shown = texts_of(fig)
    assert any("Purple (Orbit)" in t for t in shown) and any("to move" in t for t in shown)
    assert any(t.startswith("Green's view") for t in shown)
    own = [t for t in shown if t.startswith("Storage:") and "Private Goals:" in t]
    assert sum("hidden" in t for t in own) == 3                  # the other three players' Goals


def test_every_text_is_legible_and_the_figure_fits_a_notebook():
    for players in (2, 3, 4):
        board = Board(new_game(players=players, seed=5))
        w, h = board.fig.get_size_inches()
        assert (w, h) == default_figsize(players) and w * boardkit.PNG_DPI <= boardkit.COLUMN_PX
        layers = [a for a in board.ax.get_children() if isinstance(a, boardkit.TextLayer)]
        assert len(layers) == 2 and min(spec[3] for layer in layers for spec in layer.specs) >= boardkit.MIN_FONT_PT
        unboxed = [spec[2] for layer in layers for i, spec in enumerate(layer.specs) if i not in layer.boxes]
        assert len(unboxed) == 2 and unboxed[0].startswith("On Mars")     # only the title band names no box
        assert boardkit.overflows(board.fig) == []


def test_a_crowded_advanced_building_keeps_both_labels_inside_its_hex():
    s = advanced_position()                       # Blue's Advanced Generator on (0, -2)
    h = (0, -2)
    for p in range(3):                            # every Rover and one Bot each on it: two rows of pieces
        s = setp(s, p, rover=h, bots=(h,) + s.pieces[p].bots[1:])
    board = Board(s)
    assert boardkit.overflows(board.fig) == []
    layer = max((a for a in board.ax.get_children() if isinstance(a, boardkit.TextLayer)), key=lambda a: a.zorder)
    owner = next(i for i, x in enumerate(layer.specs) if x[2] == "AB")
    name = next(i for i, x in enumerate(layer.specs) if x[7] == "right" and x[2][:1] == "G" and x[4] == "bold")
    (nx0, ny0, nx1, ny1), (ox0, oy0, ox1, oy1) = layer.boxes[name], layer.boxes[owner]
    assert nx1 <= ox0 + 1e-9 and (ny0, ny1) == (oy0, oy1)   # side by side, the type left of the owner


def test_the_widest_numbers_stay_inside_their_boxes():
    """Lines holding only numbers are not cut to their column: at their widest they still fit."""
    from mars_rules.on_mars import data as D
    s = new_game(players=4, seed=2)
    level3 = [c for c, bp in enumerate(s.cards.blueprints) if bp[1] == 3]
    s = s._replace(warehouse=(99,) * 6, supply=999, tech_grid=(99,) * len(D.TECHS),
                   bp_display=tuple(level3[:1] * D.BLUEPRINT_DISPLAY) or s.bp_display)
    for p in range(4):
        s = setp(s, p, res=(D.RESOURCE_CAP,) * len(D.RESOURCES), lq=D.COLONISTS, wa=D.COLONISTS,
                 reserve=D.COLONISTS, bots=((1, -1),) * D.BOTS)
    board = Board(s)
    shown = "\n".join(board.texts)
    assert "Warehouse: Crystal 99" in shown and f"Working Area {D.COLONISTS}" in shown
    assert boardkit.overflows(board.fig) == []


def test_random_games_draw_at_every_step_and_end_with_the_winner():
    from mars_rules import playout
    rng = random.Random(4)
    start = new_game(players=2, seed=4)
    seen = [start]
    end = playout(start, seed=4, on_step=lambda st, a: seen.append(st) if rng.random() < 0.05 else None)
    board = Board(start)
    for st in seen + [end]:
        board.update(st if st.to_move in (None, CHANCE) else st.view(st.to_move))
        assert board.png()[:4] == b"\x89PNG"
    assert any(t.endswith("★ WINNER") for t in board.texts)
    assert any(t.startswith("OP now:") and t.endswith("(final)") for t in board.texts)


def test_a_crowded_position_stays_inside_its_columns():
    from widgets.boardkit import text_width
    from widgets.on_mars import TEXT_W
    s = new_game(players=4, seed=3)
    for p in range(4):
        s = setp(s, p, blueprints=tuple((c, c % 2) for c in range(4)), scientists=((0, (0, 0)), (1, ()), (2, ())),
                 contracts=(0, 1, 2), goals=(0, 1, 2), bots=((1, -1), (0, 1)), rover=(1, -1))
    board = Board(s.view(2))
    blocks = [t for t in board.texts if t.startswith("Storage:")]
    assert len(blocks) == 4
    for block in blocks:
        lines = block.split("\n")
        assert len(lines) == 5 and all(text_width(line, 8) <= TEXT_W for line in lines)
        blueprints = next(line for line in lines if line.startswith("Blueprints"))
        assert blueprints.endswith("…") or text_width(blueprints + "x", 8) <= TEXT_W
        assert lines[-1].startswith("Private Goals:")
    letters = [t for t in board.texts if t in ("O", "B", "G", "P")]
    assert len(letters) >= 4 * 3       # every Bot and Rover carries its owner's letter


def test_the_board_names_the_games_own_cards():
    """A position with its own card lists is drawn with them, whatever lists are installed."""
    from mars_rules.on_mars import from_json
    mine = {"missions": [["Scouts", "claim", 1], ["Miners", "construct:mine", 1], ["Scholars", "tech", 1]],
            "scientists": [["Dr Ares", "mine"], ["Dr Phobos", "generator"], ["Dr Deimos", "water"]]}
    s = from_json(new_game(players=2, seed=3, cards=mine).to_json())
    shown = " ".join(texts_of(draw(s)))
    assert "Scouts" in shown and "Dr Ares" in shown
