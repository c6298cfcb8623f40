"""determinize: positions a player cannot tell apart from the real one, for the analysis board's search.

What the view shows is kept, what it hides (the others' hands, the ruin deck, secret night flips, another
player's selection, the seed) is dealt again from the rng alone: the result depends only on the view and the rng."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import mars_rules.ruins as ruins
from mars_rules.core import CHANCE
from mars_rules.ruins import determinize
from mars_rules.ruins.state import NO_FLIP, UNDECIDED

from ..sampling import assert_blind, checked_sample
from ..walks import after, positions


def walk(players, seed, every=40, rounds=2):
    """Positions along a random game with a decision to take: every `every`-th, and every night flip and claim."""
    for k, s in enumerate(positions(ruins.new_game(players, seed=seed, rounds=rounds), seed, decisions=True), 1):
        if k % every == 0 or s.step in ("night_flip", "claim"):
            yield s


def check(s, player, seed=0, play=False):
    return checked_sample(ruins, s, player, seed, play)


def test_positions_of_random_play_for_the_player_to_move():
    steps = set()
    for players in (2, 3, 4, 5):
        for i, s in enumerate(walk(players, players)):
            steps.add(s.step)
            check(s, s.to_move, seed=i, play=i % 12 == 0)
    assert {"night_flip", "lead", "follow", "claim", "discover"} <= steps


def test_every_player_secret_flips_and_hidden_selections():
    secret = hidden_selection = played = 0
    for players in (3, 5):
        for i, s in enumerate(walk(players, 10 + players, every=29)):
            for p in range(players):
                d = check(s, p, seed=i)
                if s.step == "night_flip" and any(f not in (UNDECIDED,) for q, f in enumerate(s.flips) if q != p):
                    secret += 1
                    for q, f in enumerate(d.flips):
                        if q != p and f >= 0:
                            assert f in d.hands[q] and not d.ruins[f][0]
                if s.selection and p != s.to_move:
                    assert set(d.selection) <= set(d.hands[s.to_move])
                    if s.step in ("claim", "discover"):  # played face up: kept, the rest of that hand dealt again
                        played += 1
                        assert d.selection == s.selection
                    else:
                        hidden_selection += 1
    assert secret and hidden_selection and played


def test_night_flip_with_claims_keeps_claimed_ruins_with_their_owners():
    found = 0
    for seed in range(6):
        for s in walk(3, seed, every=10 ** 9, rounds=4):
            claimed = [c for c in s.used if s.ruins[c][1] >= 0]
            if s.step != "night_flip" or not claimed:
                continue
            found += 1
            for r in range(4):
                d = check(s, s.to_move, seed=r, play=r == 0 and found < 3)
                for q, h in enumerate(d.hands):
                    assert all(d.ruins[c][1] in (-1, q) or not d.seated[d.ruins[c][1]] for c in h)
        if found >= 4:
            break
    assert found


def _first(players, seed, step, need=lambda s: True):
    for s in walk(players, seed, every=1):
        if s.step == step and need(s):
            return s
    raise AssertionError(f"no {step} position")


def test_same_view_same_result():
    s = _first(3, 1, "lead", lambda s: not s.selection and s.round > 1 and s.deck)
    p = s.to_move
    a, b = [q for q in range(3) if q != p]
    variants = [s._replace(seed=s.seed + 999)]
    # a ruin swapped between an opponent's hand and the deck
    x, y = s.hands[a][0], s.deck[-1]
    hands = list(s.hands)
    hands[a] = tuple(sorted(set(s.hands[a]) - {x} | {y}))
    variants.append(s._replace(hands=tuple(hands), deck=tuple(sorted(set(s.deck) - {y} | {x}))))
    # one ruin exchanged between the two opponents
    x, y = s.hands[a][-1], s.hands[b][0]
    hands = list(s.hands)
    hands[a] = tuple(sorted(set(s.hands[a]) - {x} | {y}))
    hands[b] = tuple(sorted(set(s.hands[b]) - {y} | {x}))
    variants.append(s._replace(hands=tuple(hands)))
    for v in variants:
        assert_blind(ruins, s, v, p, tries=5)


def test_same_view_same_result_at_the_night_flip():
    """Another player's secret flip chosen otherwise (no flip, or another day-side ruin of theirs)."""
    s = _first(3, 2, "night_flip", lambda s: sum(f != UNDECIDED for f in s.flips) >= 2)
    p = s.to_move
    q = next(q for q in range(3) if q != p and s.flips[q] != UNDECIDED)
    day = [c for c in s.hands[q] if not s.ruins[c][0]]
    variants = [s._replace(flips=s.flips[:q] + (f,) + s.flips[q + 1:]) for f in [NO_FLIP] + day[:3]]
    variants = [v for v in variants if v != s]
    assert variants
    for v in variants:
        assert_blind(ruins, s, v, p, tries=5)


def test_hidden_things_vary_and_own_things_do_not():
    for players in (2, 3, 4, 5):
        s = ruins.new_game(players, seed=players)
        while s.step == "night_flip" and s.to_move != players - 1:
            s = s.apply(s.legal_actions()[0])     # a flip chosen by everyone before the last seat
        p = s.to_move
        hands, flips = set(), set()
        for r in range(20):
            d = determinize(s, p, random.Random(r))
            assert d.hands[p] == s.hands[p] and d.flips[p] == s.flips[p]
            assert d.ruins == s.ruins and d.ddeck == s.ddeck and d.market == s.market
            hands.add(tuple(h for q, h in enumerate(d.hands) if q != p))
            flips.add(d.flips)
        assert len(hands) >= 2
        assert len(flips) >= 2


@settings(max_examples=20, deadline=None)
@given(players=st.sampled_from([2, 3, 4, 5]), seed=st.integers(0, 10 ** 6), ply=st.integers(0, 400),
       rseed=st.integers(0, 10 ** 6))
def test_property_view_kept_and_valid(players, seed, ply, rseed):
    s = after(ruins.new_game(players, seed=seed, rounds=2), ply, seed)
    if s.is_over or s.to_move == CHANCE:
        return
    p = s.to_move
    d = check(s, p, seed=rseed, play=True)
    assert d.hands[p] == s.hands[p]
