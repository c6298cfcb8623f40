"""What every game's hidden-information sampler (`game.determinize`, used by the analysis board) promises, checked
the same way for the four games; each game's own tests (tests/<game>/test_determinize.py) check what it hides.

- it is the game module's `determinize`, reachable from a State as `state.game.determinize`;
- the sample keeps the player's view;
- it is blind to the hidden part: a position re-dealt with the same view gives the very same sample.
"""
import importlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mars_rules
from mars_rules import CHANCE
from tests.walks import after

GAMES = ("ruins_of_mars", "mars_colony", "ruins", "on_mars")


@pytest.mark.parametrize("name", GAMES)
def test_the_sampler_is_exported(name):
    game = mars_rules.load(name)
    own = importlib.import_module(f"mars_rules.{name}.determinize").determinize
    assert game.determinize is own and game.new_game(players=2, seed=1).game.determinize is own


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10 ** 6), ply=st.integers(0, 250), rseed=st.integers(0, 10 ** 6))
def test_the_sample_keeps_the_view_and_is_blind_to_the_hidden_part(name, seed, ply, rseed):
    game = mars_rules.load(name)
    s = after(game.new_game(players=2, seed=seed), ply, seed)
    if s.to_move is None or s.to_move == CHANCE:
        return
    p = s.to_move
    sample = game.determinize(s, p, random.Random(rseed))
    assert sample.view(p) == s.view(p)
    other = game.determinize(s, p, random.Random(rseed + 1))     # the same view, the hidden part dealt again
    assert other.view(p) == s.view(p)
    assert game.determinize(other, p, random.Random(rseed)) == sample
