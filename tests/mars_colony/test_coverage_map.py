"""Mars's teaching-coverage map (mars_rules/mars_colony/coverage.py) against what play really meets."""
import random

import pytest

import mars_rules
from mars_rules.core import CHANCE, made_by, random_policy
from mars_rules.mars_colony import rules
from mars_rules.mars_colony.policies import builder

game = mars_rules.load("mars_colony")
COVERAGE = game.COVERAGE


def test_steps_are_the_turn_steps():
    assert COVERAGE.steps == tuple(step.key for step in game.TURN_STEPS)


def test_actions_are_every_kind_the_engine_applies():
    assert len(set(COVERAGE.actions)) == len(COVERAGE.actions)
    assert set(COVERAGE.actions) == set(rules.PLAY)


def test_score_items_are_the_score_sheet_categories():
    sheet = game.new_game(players=2, seed=1).score()
    assert [item.category for item in COVERAGE.scores] == list(sheet.categories)
    assert all(not item.tiebreak for item in COVERAGE.scores)   # Mars has no tie-breaker (module docstring)


def play(players, seed, policies):
    """Play one game with `apply` and `resolve_chance`; return (end state, kinds met, categories met),
    checking at every position before the end that end_reason says None."""
    rng = random.Random(seed)
    s = game.new_game(players=players, seed=seed)
    kinds, categories = set(), set(s.score().categories)
    while not s.is_over:
        assert game.end_reason(s) is None, f"end_reason {game.end_reason(s)!r} at step {s.step}"
        if s.to_move == CHANCE:
            s = s.resolve_chance()
            kinds.add(made_by(s).kind)
        else:
            action = policies[s.to_move](s, rng)
            s = s.apply(action)
            kinds.add(action.kind)
        if s.step in ("discard", "game_over") or s.events and "turn begins" in s.events[-1]:
            categories.update(s.score().categories)
    categories.update(s.score().categories)
    return s, kinds, categories


GAMES = [(n, seed, mix) for n in game.PLAYER_COUNTS for seed, mix in ((n, "random"), (10 + n, "builders"),
                                                                       (20 + n, "builder and random"))]


@pytest.mark.parametrize("players,seed,mix", GAMES)
def test_random_games_meet_only_mapped_items(players, seed, mix):
    seats = {"random": [random_policy] * players, "builders": [builder] * players,
             "builder and random": [builder] + [random_policy] * (players - 1)}[mix]
    end, kinds, categories = play(players, seed, seats)
    assert kinds <= set(COVERAGE.actions), kinds - set(COVERAGE.actions)
    for category in categories:
        assert any(item.shown_by({category: [0] * players}, "") for item in COVERAGE.scores), category
    reason = game.end_reason(end)
    assert reason in COVERAGE.ends
    # the reason agrees with what the last transition said, and survives a save and a reload
    said = " ".join(end.events)
    assert ("Round limit" in said) == (reason == "round_limit"), said
    assert (f"(target {end.target}) and wins" in said) == (reason == "target_vp"), said
    assert game.end_reason(game.from_json(end.to_json())) == reason


def test_both_ends_are_met():
    random_end = play(2, 2, [random_policy] * 2)[0]          # random play: the ASSUMED limit
    builders_end = play(2, 12, [builder] * 2)[0]             # builders reach the target
    assert {game.end_reason(random_end), game.end_reason(builders_end)} == set(COVERAGE.ends)
