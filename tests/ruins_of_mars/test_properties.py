"""Random legal play: the invariants hold after every action, positions round-trip, games end."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mars_rules import CHANCE

from mars_rules.ruins_of_mars import invariants

from .helpers import game

MAX_ACTIONS = 20_000


def check_invariants(s):
    """The game's one list of invariants (the same function from_json runs on every position it reads)."""
    found = invariants.problems(s)
    assert found == [], f"turn {s.turn}, step {s.step}: " + "; ".join(found)


def play(players, seed, check=True, every=1):
    s = game.new_game(players=players, seed=seed, characters="deal" if seed % 2 else "choose",
                      kickstarter=seed % 3 == 0)
    rng = random.Random(seed)
    for i in range(MAX_ACTIONS):
        if check:
            check_invariants(s)
        if s.is_over:
            return s, i
        if check and i % every == 0:
            text = s.to_json()
            again = game.from_json(text)
            assert again == s and again.to_json() == text
        if s.to_move == CHANCE:
            nxt = s.resolve_chance()
        else:
            legal = s.legal_actions()
            assert legal and all(a.player == s.to_move for a in legal)
            if s.solo and s.to_move == 1:
                assert len(legal) == 1
            nxt = s.apply(legal[rng.randrange(len(legal))])
        if check and i % every == 0:
            assert s.to_json() == text          # the receiver is unchanged
        s = nxt
    raise AssertionError("the game did not end")


@settings(max_examples=6)
@given(players=st.sampled_from((1, 2, 3, 4)), seed=st.integers(0, 10**9))
def test_random_play_keeps_every_invariant_and_ends(players, seed):
    end, n = play(players, seed)
    assert end.is_over and end.winners() and end.score().final
    assert len(end.score().totals) == len(end.players)


def test_every_player_count_from_many_seeds_ends():
    for players in (1, 2, 3, 4):
        for seed in range(6):
            end, n = play(players, 100 + seed, check=False)
            assert end.is_over and 0 < n < MAX_ACTIONS


def test_same_seed_and_decisions_give_the_same_game():
    a, _ = play(3, 42, check=False)
    b, _ = play(3, 42, check=False)
    assert a.to_json() == b.to_json()
    c, _ = play(3, 43, check=False)
    assert c.to_json() != a.to_json()


def test_policy_play_keeps_every_invariant_to_both_ends():
    """Greedy and the AI's procedure reach the ends random play rarely does (a 9th Tech, 4 Languages):
    the invariants hold there too, and in what each player sees (the view)."""
    from mars_rules.ruins_of_mars import end_reason
    from mars_rules.ruins_of_mars.policies import ai_policy, greedy
    reasons = set()
    for seed in range(8):
        s = game.new_game(players=1 + seed % 4, seed=seed, characters="deal", kickstarter=seed % 2 == 0)
        rng = random.Random(seed)
        policy = (greedy, ai_policy)[seed % 2]
        for i in range(MAX_ACTIONS):
            check_invariants(s)
            if i % 25 == 0:
                check_invariants(s.view(0))
            if s.is_over:
                break
            s = s.resolve_chance() if s.to_move == CHANCE else s.apply(policy(s, rng))
        assert s.is_over
        reasons.add(end_reason(s))
    assert len(reasons) == 2, reasons
