"""Random legal play: the invariants hold after every action, positions round-trip, games end."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mars_rules import CHANCE

from mars_rules.ruins_of_mars.effects import level3_count

from .helpers import game

MAX_ACTIONS = 20_000


def check_invariants(s):
    every = sorted([t for c in s.sites for t in c] + list(s.facedown))
    assert every == list(range(11))
    empty = [i for i, c in enumerate(s.sites) if not c]
    assert not empty or (s.facedown and len(empty) == 1)
    seen = [c for d in s.decks for c in d] + [c for col in s.display for c in col if c] + list(s.removed)
    for p, b in enumerate(s.boards):
        assert all(0 <= r <= 7 for r in b.resources)
        assert b.hourglass >= 0 and b.radiation >= 0
        assert all(0 <= x <= 9 for x in b.languages)
        assert sum(1 for x in b.languages if x == 9) <= level3_count(b) <= 3
        ai = s.solo and p == 1
        for slot, cid in enumerate(b.techs):
            if cid is None:
                continue
            card = (s.cards.ai if ai else s.cards.tech)[cid]
            assert card.level == slot % 3 + 1
            if not ai:
                seen.append(cid)
    assert sorted(seen) == sorted(s.cards.tech)
    for t in range(5):
        assert sum(1 for b in s.boards if b.languages[t] == 9) <= 1
    assert s.step in {st.key for st in game.TURN_STEPS}


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
