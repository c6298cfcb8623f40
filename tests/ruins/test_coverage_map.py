"""The Ruins teaching-coverage map (mars_rules.ruins.coverage) names everything a game can show: every
turn step, every action kind met in random games of each player count, every score-sheet category, and
the way each finished game ended (end_reason, None before the end)."""
import random

import pytest

import mars_rules.ruins as ruins
from mars_rules.ruins import COVERAGE, end_reason

from .helpers import act, play, position, rid

SEEDS = range(4)   # per player count: about 0.1 s of play each


def random_game(players, seed):
    """A seeded random game to the end: [(state, action)] for every transition, and the final state.
    Chance outcomes are applied as actions (the drawn one), so their kinds are met like decisions."""
    rng = random.Random(seed)
    s = ruins.new_game(players=players, seed=seed)
    path = []
    while not s.is_over:
        a = s.drawn_outcome() if s.to_move == "chance" else rng.choice(s.legal_actions())
        path.append((s, a))
        s = s.apply(a)
    return path, s


GAMES = {(n, seed): random_game(n, seed) for n in ruins.PLAYER_COUNTS for seed in SEEDS}


def test_the_steps_are_the_turn_steps():
    assert COVERAGE.steps == tuple(step.key for step in ruins.TURN_STEPS)
    assert len(COVERAGE.items()) == len(set(COVERAGE.items()))


def test_every_action_kind_met_is_in_the_map():
    met = {a.kind for path, _ in GAMES.values() for _, a in path}
    assert met <= set(COVERAGE.actions), f"not in the map: {sorted(met - set(COVERAGE.actions))}"
    # random play meets them all but none is declared for nothing
    assert met == set(COVERAGE.actions)


@pytest.mark.parametrize("players", ruins.PLAYER_COUNTS)
def test_every_score_category_met_is_covered(players):
    for seed in SEEDS:
        path, end = GAMES[(players, seed)]
        sheets = [end.score()] + [s.score() for s, _ in path[::50]]   # final and provisional sheets
        for sheet in sheets:
            for category in sheet.categories:
                rows = {category: [sheet.points(p, category) for p in range(players)]}
                assert any(item.shown_by(rows, "") for item in COVERAGE.scores), category
        assert end.score().categories == ("Round 1", "Round 2", "Round 3", "Round 4")


@pytest.mark.parametrize("players", ruins.PLAYER_COUNTS)
def test_each_finished_game_names_its_end_and_none_before(players):
    seen = set()
    for seed in SEEDS:
        path, end = GAMES[(players, seed)]
        assert all(end_reason(s) is None for s, _ in path)
        reason = end_reason(end)
        assert reason in COVERAGE.ends
        seen.add(reason)
        # the reason agrees with what the game says happened
        if reason == "showdown":
            assert end.round == 5 and "showdown" in end.events[-1]
        else:
            assert end.round <= 4 and end.out[0] == end.winners()[0]
    assert seen


def test_each_end_of_the_map_is_reached_and_named():
    instant = play(position(3, hands=[[rid(7)], [rid(8), rid(1)], [rid(9)]], torches=(0, 0, 0), vp=(9, 2, 2)),
                   [rid(7)])
    r5 = position(3, hands=[[rid(7), rid(3)], [rid(8)], []], torches=(0, 0, 0), vp=(8, 8, 1), round=5,
                  seated=(1, 1, 0))
    showdown = play(play(r5, [rid(3)]), [rid(8)])
    unopposed = play(position(2, hands=[[rid(7)], [rid(8), rid(2)]], torches=(0, 0), vp=(6, 4), round=4), [rid(7)])
    ended = {"instant_win": instant, "showdown": showdown, "showdown_unopposed": unopposed}
    assert set(ended) == set(COVERAGE.ends)
    for reason, s in ended.items():
        assert s.is_over and end_reason(s) == reason, (reason, s.events)
    assert "instant win" in instant.events[-1] and instant.winners() == (0,)
    assert "wins the game" in showdown.events[-1] and showdown.winners() == (1,)
    assert "no one else" in unopposed.events[-1] and unopposed.winners() == (0,)


def test_going_out_first_on_eight_vp_is_no_end():
    s = position(2, hands=[[rid(7)], [rid(8), rid(1)]], torches=(0, 0), vp=(8, 0))
    after = play(s, [rid(7)], resolve=False)
    assert not after.is_over and end_reason(after) is None
    assert end_reason(act(position(2, hands=[[rid(7)], [rid(8)]]), "pick", ruin=rid(7))) is None
