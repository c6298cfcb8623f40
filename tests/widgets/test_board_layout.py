"""Every board, as a student sees it: each label inside the box it labels (or the figure), no text
smaller than boardkit.MIN_FONT_PT at the board's intended size, and the whole board within a notebook
column (boardkit.COLUMN_PX) at that size; for every player count, on an opening, a mid-game and a final
position."""
import random

import mars_rules
import pytest
from mars_rules import CHANCE
from widgets.boardkit import COLUMN_PX, MIN_FONT_PT, PNG_DPI, TextLayer, overflows
from widgets.common import board_module, games_with_boards


def positions(game, players, seed=3):
    """(label, state): the opening, a position about a third into a random game, and its end."""
    state = game.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    seen = [("opening", state)]
    n = 0
    while state.to_move is not None:
        if state.to_move == CHANCE:
            state = state.resolve_chance()
        else:
            legal = state.legal_actions()
            state = state.advance(legal[int(rng.random() * len(legal))])
        n += 1
        if n == 60:
            seen.append(("mid-game", state))
    seen.append(("final", state))
    return seen


def font_sizes(fig) -> list:
    sizes = []
    for ax in fig.axes:
        sizes += [t.get_fontsize() for t in ax.texts if t.get_text()]
        for artist in ax.get_children():
            if isinstance(artist, TextLayer):
                sizes += [spec[3] for spec in artist.specs if spec[2]]
    return sizes


CASES = [(name, n) for name in games_with_boards() for n in mars_rules.GAMES[name].PLAYER_COUNTS]


@pytest.mark.parametrize("name,players", CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_labels_fit_and_text_is_readable(name, players):
    game = mars_rules.GAMES[name]
    module = board_module(game)
    board = None
    for label, state in positions(game, players):
        if board is None:
            board = module.Board(state)
        else:
            board.update(state)
        fig = board.fig
        width_px = fig.get_figwidth() * PNG_DPI
        assert width_px <= COLUMN_PX, f"{label}: the board is {width_px:.0f} px wide (a column is {COLUMN_PX})"
        small = sorted({s for s in font_sizes(fig) if s < MIN_FONT_PT})
        assert not small, f"{label}: texts of {small} pt (the minimum is {MIN_FONT_PT} pt)"
        fig.canvas.draw()  # lay out ordinary Text artists
        assert overflows(fig) == [], f"{label}: " + "\n".join(overflows(fig))


@pytest.mark.parametrize("name", games_with_boards())
def test_the_fast_png_has_exactly_the_pixels_of_savefig(name):
    import io

    import numpy as np
    from PIL import Image
    from widgets.boardkit import png_bytes
    game = mars_rules.GAMES[name]
    label, state = positions(game, 2 if 2 in game.PLAYER_COUNTS else game.PLAYER_COUNTS[0])[1]
    fig = board_module(game).Board(state).fig
    for dpi in (PNG_DPI, PNG_DPI * 2):
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=dpi)
        slow = np.asarray(Image.open(buf).convert("RGBA"))
        fast = np.asarray(Image.open(io.BytesIO(png_bytes(fig, dpi))).convert("RGBA"))
        assert slow.shape == fast.shape and (slow == fast).all(), f"{label} at {dpi} dpi"
    assert png_bytes(fig) == png_bytes(fig)  # same figure, same bytes
