"""determinize(state, player, rng): a full position the player cannot tell apart from the real one.

What `state.view(player)` hides in On Mars: the other players' Private Goals, the goal deck and the seed.
The sampler must keep the view, give a valid position whose random play ends, depend only on the view and
the rng, and really re-deal what is hidden."""
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import mars_rules.on_mars as on_mars
from mars_rules.core import CHANCE
from mars_rules.on_mars import PLAYER_COUNTS, determinize, new_game


from ..sampling import assert_blind, checked_sample
from ..walks import after, positions


def walk(players, seed, every=7, deal=True):
    """(state, seat) pairs along one random game: every `every`-th position, the seat to move (seat 0 at a
    chance node), with the game's end."""
    for s in positions(new_game(players=players, seed=seed, deal=deal), seed, every):
        yield s, (s.to_move if s.to_move not in (CHANCE, None) else 0)


def at_ply(players, seed, ply):
    return after(new_game(players=players, seed=seed), ply, seed)


def check_sample(s, p, rng_seed, play=True):
    d = checked_sample(on_mars, s, p, rng_seed, play)
    assert d.pieces[p] == s.pieces[p]  # the player's own goals, kept and completed, never change
    return d


def goal_swaps(s, p):
    """Positions differing from `s` only in what `p` cannot see, each still a valid position."""
    out = [s._replace(seed=s.seed + 12345)]
    opp = [i for i, pl in enumerate(s.pieces) if i != p and pl.goals]
    deck = s.decks[4]
    seen = set(s.pieces[p].goals) | {pl.goal_done for pl in s.pieces}
    hidden = set(deck) | {g for i in opp for g in s.pieces[i].goals}
    out_of_game = sorted(set(range(len(s.cards.goals))) - seen - hidden)  # discarded unseen

    def with_goals(state, seat, goals):
        pieces = list(state.pieces)
        pieces[seat] = pieces[seat]._replace(goals=tuple(goals))
        return state._replace(pieces=tuple(pieces))

    if opp:
        i = opp[0]
        goals = list(s.pieces[i].goals)
        out.append(with_goals(s, i, goals[::-1]))                      # the order of a hand
        if deck:                                                       # an opponent's goal <-> the deck
            g, h = goals[0], deck[-1]
            t = with_goals(s, i, [h] + goals[1:])
            out.append(t._replace(decks=t.decks[:4] + (tuple(sorted(deck[:-1] + (g,))),) + t.decks[5:]))
        if out_of_game:                                                # an opponent's goal <-> a discarded one
            out.append(with_goals(s, i, [out_of_game[0]] + goals[1:]))
        if len(opp) > 1:                                               # two opponents exchange goals
            j = opp[1]
            other = list(s.pieces[j].goals)
            t = with_goals(s, i, [other[0]] + goals[1:])
            out.append(with_goals(t, j, [goals[0]] + other[1:]))
    if deck and out_of_game:                                           # the deck <-> a discarded goal
        new_deck = tuple(sorted(deck[1:] + (out_of_game[-1],)))
        out.append(s._replace(decks=s.decks[:4] + (new_deck,) + s.decks[5:]))
    return [o for o in out if o != s]  # (a hand of one goal reversed is the same hand)


def test_random_play_at_every_player_count_keeps_the_view_loads_and_ends():
    steps = Counter()
    for players in PLAYER_COUNTS:
        for k, (s, p) in enumerate(walk(players, 40 + players, every=11)):
            check_sample(s, p, k, play=k % 3 == 0)
            steps[s.step] += 1
    # mid-turn steps, the Shuttle Phase and the end are among the positions checked
    assert {"turn", "pay", "turn_end", "shuttle", "turn_order", "game_over"} <= set(steps), steps


def test_the_setup_draws_pending():
    """With `deal=False` the goals are dealt one by one from the deck: every position on the way."""
    for players in PLAYER_COUNTS:
        for k, (s, p) in enumerate(walk(players, 7, every=1, deal=False)):
            if s.phase != "setup":
                break
            for seat in range(players):
                check_sample(s, seat, k, play=False)


def test_positions_differing_only_in_hidden_things_give_the_same_sample():
    tried = 0
    for players in PLAYER_COUNTS:
        for s, p in walk(players, 60 + players, every=23):
            for other in goal_swaps(s, p):
                assert_blind(on_mars, s, other, p)
                tried += 1
    assert tried > 30


def test_the_hidden_goals_really_vary_and_the_players_own_do_not():
    for players in PLAYER_COUNTS:
        # a mid-game position where every player still holds a Private Goal
        s = next(s for s, _p in walk(players, 5, every=1)
                 if s.round >= 2 and all(pl.goals for pl in s.pieces))
        for p in range(players):
            hands, decks, seeds = set(), set(), set()
            for r in range(20):
                d = determinize(s, p, random.Random(r))
                assert d.pieces[p].goals == s.pieces[p].goals
                assert d.pieces[p].goal_done == s.pieces[p].goal_done
                hands.add(tuple(pl.goals for i, pl in enumerate(d.pieces) if i != p))
                decks.add(d.decks[4])
                seeds.add(d.seed)
            assert len(hands) >= 2 and len(seeds) == 20
            assert len(decks) >= 2 or not s.decks[4]  # (4 players hold all 12 goals: no deck)


def test_every_hidden_goal_is_equally_likely_in_an_opponents_hand():
    """Uniform re-deal: each goal `player` cannot see lands in seat 1's hand with the same frequency."""
    s = new_game(players=2, seed=3)
    pool = set(range(len(s.cards.goals))) - set(s.pieces[0].goals)
    m = len(s.pieces[1].goals)
    rng = random.Random(0)
    n = 3000
    seen = Counter(g for _ in range(n) for g in determinize(s, 0, rng).pieces[1].goals)
    assert set(seen) == pool
    expected = n * m / len(pool)
    assert all(abs(c - expected) < 0.15 * expected for c in seen.values()), seen


def test_the_real_goals_are_not_leaked_into_the_sample():
    """Swap goals between the deck and an opponent: the samples do not follow the real cards."""
    s = new_game(players=2, seed=11)
    assert s.decks[4] and s.pieces[1].goals
    got = [determinize(s, 0, random.Random(r)).pieces[1].goals for r in range(40)]
    real = s.pieces[1].goals
    assert sum(g == real for g in got) < 5


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from(PLAYER_COUNTS), seed=st.integers(0, 10**6), ply=st.integers(0, 250),
       rng_seed=st.integers(0, 2**32))
def test_property_view_kept_valid_and_a_function_of_the_view(players, seed, ply, rng_seed):
    s = at_ply(players, seed, ply)
    p = s.to_move if s.to_move not in (CHANCE, None) else seed % players
    d = check_sample(s, p, rng_seed)
    for other in goal_swaps(s, p):
        assert determinize(other, p, random.Random(rng_seed)) == d


def test_sampling_from_the_view_itself_gives_the_same_position():
    """Everything the sampler reads is in the view: determinizing `state.view(p)` (goals -1, seed -1) gives
    the very position determinizing the full State gives."""
    for players in PLAYER_COUNTS:
        for k, (s, p) in enumerate(walk(players, 80 + players, every=19)):
            assert determinize(s.view(p), p, random.Random(k)) == determinize(s, p, random.Random(k))
