"""determinize: positions a player cannot tell apart from the real one, for the analysis board's search.

What the view shows is kept, what it hides (the others' hands and kept R&D cards, the decks' make-up, the seed)
is dealt again from the rng alone: the result depends only on the view and the rng."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import mars_rules.mars_colony as mars_colony
from mars_rules.core import CHANCE
from mars_rules.mars_colony import determinize, new_game, quick_start
from mars_rules.mars_colony.invariants import problems

from ..sampling import assert_blind, checked_sample
from ..walks import after, positions

TURN_LIMIT = 6      # short games: random play reaches the round limit quickly


def walk(players, seed, every=9):
    """Positions along a random game with a decision to take: every `every`-th, and every one at a rarer step."""
    start = new_game(players=players, seed=seed, turn_limit=TURN_LIMIT)
    for k, s in enumerate(positions(start, seed, decisions=True), 1):
        if k % every == 0 or s.step not in ("move_colonists", "build", "trade", "discard"):
            yield s


def check(s, player, seed=0, play=False):
    d = checked_sample(mars_colony, s, player, seed, play)
    assert d.masked == s.masked
    return d


def with_kept(s, seat, card, deck="rd1"):
    """`card` moved from its deck into `seat`'s kept R&D cards."""
    ids = [c.id for c in getattr(s.cards, deck)]
    pile = list(getattr(s, deck + "_deck"))
    pile[ids.index(card)] -= 1
    col = s.colonies[seat]
    cols = list(s.colonies)
    cols[seat] = col._replace(kept=tuple(sorted(col.kept + (card,))))
    s = s._replace(colonies=tuple(cols), **{deck + "_deck": tuple(pile)})
    assert problems(s) == []
    return s


def test_positions_of_random_play_for_the_player_to_move():
    steps = set()
    for players in (2, 3, 4):
        for seed in range(2):
            for i, s in enumerate(walk(players, seed, every=13)):
                steps.add(s.step)
                check(s, s.to_move, seed=i, play=i % 10 == 0)
    assert {"mine_draft", "trade", "build", "move_colonists", "discard"} <= steps


def test_every_player_not_only_the_one_to_move():
    for players in (2, 4):
        for i, s in enumerate(walk(players, 5, every=37)):
            for p in range(players):
                check(s, p, seed=i)


def test_trade_reply_the_offering_hand_still_holds_what_it_gives():
    found = 0
    for seed in range(12):
        for s in walk(3, seed, every=10 ** 9):
            if s.step != "trade_reply":
                continue
            found += 1
            give = s.offer[1]
            for r in range(10):
                d = check(s, s.to_move, seed=r, play=r == 0)
                assert all(d.colonies[s.active].hand[m] >= give[m] for m in range(5))
        if found >= 2:
            break
    assert found


def test_kept_cards_and_the_card_being_decided_on():
    s = quick_start(3, seed=3)
    s = with_kept(with_kept(s, 1, "emergency"), 2, "drone", "rd2")
    seen = set()
    for r in range(20):
        d = check(s, 0, seed=r, play=r < 2)
        seen.add((d.colonies[1].kept, d.colonies[2].kept))
        assert sorted(d.colonies[1].kept + d.colonies[2].kept) == ["drone", "emergency"]
    assert len(seen) == 2                   # either may hold either card
    # the active player has just drawn a keepable card: the others do not know which
    active = s.active
    k = with_kept(quick_start(3, seed=3), (active + 1) % 3, "drone", "rd2")
    pile = list(k.rd1_deck)
    pile[[c.id for c in k.cards.rd1].index("emergency")] -= 1
    k = k._replace(step="research_keep", card="emergency", task=(), to_move=active, rd1_deck=tuple(pile))
    assert problems(k) == []
    other = (active + 2) % 3
    cards = set()
    for r in range(20):
        d = check(k, other, seed=r, play=r < 2)
        cards.add(d.card)
        assert d.events == k.view(other).events
        # the player to move sees their card: it stays
        assert determinize(k, active, random.Random(r)).card == "emergency"
    assert cards == {"emergency", "drone"}


def test_same_view_same_result():
    s = with_kept(with_kept(quick_start(3, seed=11), 1, "drone", "rd2"), 2, "emergency")
    p = 0
    variants = [s, s._replace(seed=s.seed + 12345)]
    # a card swapped between an opponent's hand and the supply deck
    h = s.colonies[1].hand
    give = next(m for m in range(5) if h[m])
    take = next(m for m in range(5) if s.supply[m] and m != give)
    cols = list(s.colonies)
    cols[1] = cols[1]._replace(hand=tuple(h[m] - (m == give) + (m == take) for m in range(5)))
    supply = tuple(s.supply[m] + (m == give) - (m == take) for m in range(5))
    variants.append(s._replace(colonies=tuple(cols), supply=supply))
    # the two opponents' hands exchanged (same sizes in a quick start)
    cols = list(s.colonies)
    cols[1], cols[2] = cols[1]._replace(hand=s.colonies[2].hand), cols[2]._replace(hand=s.colonies[1].hand)
    variants.append(s._replace(colonies=tuple(cols)))
    # the two kept cards exchanged between the opponents
    variants.append(with_kept(with_kept(quick_start(3, seed=11), 1, "emergency"), 2, "drone", "rd2"))
    for v in variants[1:]:
        assert_blind(mars_colony, s, v, p, tries=5)


def test_hidden_things_vary_and_own_things_do_not():
    for players in (2, 3, 4):
        s = quick_start(players, seed=4)
        s = with_kept(s, 0, "drone", "rd2")
        hands = set()
        seeds = set()
        for r in range(20):
            d = determinize(s, 0, random.Random(r))
            assert d.colonies[0] == s.colonies[0]
            assert d.reserve == s.reserve and d.draws == s.draws
            hands.add(tuple(c.hand for c in d.colonies[1:]))
            seeds.add(d.seed)
        assert len(hands) >= 2 and len(seeds) == 20


@settings(max_examples=15, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10 ** 6), ply=st.integers(0, 300),
       rseed=st.integers(0, 10 ** 6))
def test_property_view_kept_and_valid(players, seed, ply, rseed):
    s = after(new_game(players=players, seed=seed, turn_limit=TURN_LIMIT), ply, seed)
    if s.is_over or s.to_move == CHANCE:
        return
    p = s.to_move
    d = check(s, p, seed=rseed, play=True)
    assert d.colonies[p] == s.colonies[p]
