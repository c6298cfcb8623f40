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
    played = len(s.selection) if s.step in ("claim", "discover") and s.to_move != 0 else 0  # face up
    assert len(hatched) == len(s.hands[1]) + len(s.hands[2]) - played


def test_a_view_shows_the_ruins_another_player_plays_face_up_at_the_claims_and_discoveries():
    """Upgrading Ruins: the ruins are played face up, then claimed and upgraded; while another player chooses
    them (lead, follow) the view hides them, at the claims and discoveries it shows them first in that hand
    (where they sat among the others would tell the hidden ids), raised as chosen."""
    import random
    import mars_rules.ruins as ruins
    seen = set()
    s = ruins.new_game(players=3, seed=11)
    rng = random.Random(3)
    while s.to_move is not None and len(seen) < 3:
        if s.to_move == "chance":
            s = s.resolve_chance()
            continue
        watcher = (s.to_move + 1) % 3
        v = s.view(watcher)
        t = s.to_move
        if s.selection and s.step in ("claim", "discover"):
            assert v.selection == s.selection
            assert v.hands[t][:len(s.selection)] == tuple(sorted(s.selection))
            assert set(v.hands[t][len(s.selection):]) == {-1} or len(v.hands[t]) == len(s.selection)
            assert "Chosen for this play: " + ", ".join(f"#{c}" for c in s.selection) in v.describe()
            hatched = [p for p in draw(v).axes[0].patches if p.get_hatch() == "//"]
            others = sum(len(h) for q, h in enumerate(s.hands) if q != watcher)
            assert len(hatched) == others - len(s.selection)
            seen.add(s.step)
        elif s.selection:
            assert set(v.selection) == {-1} and set(v.hands[t]) == {-1}
            seen.add("hidden")
        acts = s.legal_actions()
        s = s.advance(acts[rng.randrange(len(acts))])
    assert seen == {"claim", "discover", "hidden"}


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


def test_player_to_move_is_marked_with_an_arrow_not_a_star():
    """The '*' on the board means a wild ruin (the legend says so): the player to move gets a '▶'."""
    s = _midgame(3, 30)
    assert s.to_move in range(3)
    texts = Board(s).texts
    assert f"▶ {s.players[s.to_move]}" in texts
    assert not any(t.rstrip().endswith(" *") for t in texts)
    assert "▶ " + s.players[(s.to_move + 1) % 3] not in texts


def test_crowded_hands_and_tricks_keep_every_label_in_its_card():
    """A long game of 5 builds hands of 16+ ruins (fanned, overlapping) and big tricks: every rank, tag
    and foot stays inside the part of its card that shows, and the board keeps its size."""
    from widgets.boardkit import COLUMN_PX, PNG_DPI, overflows
    s = ruins.new_game(5, seed=3)
    rng = random.Random(3)
    board = Board(s)
    size = tuple(board.fig.get_size_inches())
    crowded_hand = crowded_trick = 0
    while not s.is_over and (crowded_hand < 3 or crowded_trick < 3):
        s = s.resolve_chance() if s.to_move == CHANCE else s.apply(rng.choice(s.legal_actions()))
        big_hand, big_trick = max(len(h) for h in s.hands) >= 16, len(s.trick) >= 8
        if (big_hand and crowded_hand < 3) or (big_trick and crowded_trick < 3):
            crowded_hand += big_hand
            crowded_trick += big_trick
            board.update(s)
            assert overflows(board.fig) == []
            assert tuple(board.fig.get_size_inches()) == size
    assert crowded_hand and crowded_trick  # the game did reach both
    assert size[0] * PNG_DPI <= COLUMN_PX


def test_a_ruin_shows_its_night_effect_and_its_claim_on_its_foot():
    """Every full card (hands and the last play) with a night effect prints it after its N, and every
    claimed one prints its owner's letter (the only other one-letter texts are the seat discs)."""
    import re
    s = _midgame(5, 2253, seed=3)
    cards = [c for h in s.hands for c in h] + list(s.last_play)
    night_effects = sorted({"draw": "D", "light": "L"}[e[0]] + str(e[1]) for c in cards
                           if s.ruins[c][0] and (e := s.cards.night_effect[c]) is not None)
    claims = sorted(chr(65 + s.ruins[c][1]) for c in cards if s.ruins[c][1] >= 0)
    assert night_effects and claims  # this position has both
    texts = Board(s).texts
    shown = sorted(m.group(2) for t in texts if (m := re.fullmatch(r"N(\s|\u2009)?([DL]\d)", t)))
    assert shown == night_effects
    letters = sorted(t for t in texts if re.fullmatch(r"[A-E]", t))
    seats = sorted(chr(65 + p) for p in range(5)) * 2   # a disc in the player's row and on the score track
    assert letters == sorted(seats + claims)
