"""Legality proven against brute force (issue 17): the complete plays the engine's sub-steps reach from a
lead or follow decision are exactly those tests/ruins/reference_legal.py lists from the rulebook; no
legal sub-step is a dead end; every action the engine does not list is refused with why's reason.

LEGALITY_POSITIONS sets how many positions the comparison uses (the soak runs thousands).
"""
import os
import random

from hypothesis import given
from hypothesis import strategies as st

from .helpers import DRAW1, LIGHT2, PLUS2, PLUS3, WILD, play, position, rid
from .reference_legal import PASS, compare, rare_position, reference_plays, sample_positions

POSITIONS = int(os.environ.get("LEGALITY_POSITIONS", "200"))


def _follow(hand, last, torches=3, market=(PLUS3, WILD, LIGHT2, DRAW1), upgrades=None):
    """Ada to follow Bo's play `last` with `hand` and `torches` lit (Bo holds a 1)."""
    return position(2, hands=[hand, [rid(1)]], step="follow", to_move=0, trick=last, last_play=last,
                    last_player=1, torches=(torches, 3), market=market, upgrades=upgrades)


def test_player_turns_and_upgrading_ruins_every_complete_play_matches_brute_force():
    """Player Turns, Upgrading Ruins: from random and greedy play (2-5 players) and built rare cases."""
    seen = problems = 0
    found = []
    for s in sample_positions(POSITIONS):
        seen += 1
        diff = compare(s)
        problems += bool(diff)
        found += diff[:2]
    assert seen == POSITIONS
    assert not found, f"{problems} of {seen} positions differ; first:\n" + "\n\n".join(found[:4])


@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from((2, 3, 4, 5)), lit=st.sampled_from((0, 1, 1, 2, 3)),
       size=st.sampled_from((0, 1, 2, 2, 3)))
def test_discovery_effects_rare_cases_match_brute_force(seed, players, lit, size):
    """Discovery Effects, Clarifications & Tips: light and draw cards in the market, few lit torches,
    night sides that light, follows of 2 or more ruins (size 0: a lead)."""
    s = rare_position(random.Random(seed), players=players, lit=lit, size=size)
    assert compare(s) == []


def test_discovery_effects_a_light_bought_first_pays_for_a_rank_card():
    """Discovery Effects ("active immediately"): with 2 lit torches, buying "light 2" (cost 1) relights to
    3, which pays for "+3 rank" (cost 3): the 6 becomes a 9 and follows a single 9."""
    s = _follow([rid(6), rid(2)], [rid(9)], 2, market=(PLUS3, WILD, DRAW1, LIGHT2))
    light_then_plus3 = (frozenset({rid(6)}), frozenset(), frozenset({(3, rid(6)), (0, rid(6))}))
    assert light_then_plus3 in reference_plays(s)
    after = play(s, [rid(6)], buys=[(3, rid(6)), (0, rid(6))], resolve=False)
    assert after.last_rank == 9 and after.last_play == (rid(6),)
    assert compare(s) == []


def test_discovery_effects_a_light_costing_what_it_lights_pays_for_nothing():
    """Discovery Effects: in market slot 1 "light 2" costs 2 (the default costs are 3, 2, 1, 1), so after it
    the torches are as before: with 2 lit, "+3 rank" (cost 3) stays out of reach and the 6 cannot follow a
    9, bought first or not. The plans of legal.py leave such a card out; the brute force tries it."""
    from mars_rules.ruins import legal as L
    s = _follow([rid(6), rid(2)], [rid(9)], 2, market=(PLUS3, LIGHT2, DRAW1, WILD))
    assert reference_plays(s) == {PASS}
    assert [a.kind for a in s.legal_actions()] == ["pass"]
    assert all(o[2] != "light" for o in L._cards(L._market_offers(s)))
    assert compare(s) == []
    moved = _follow([rid(6), rid(2)], [rid(9)], 2, market=(PLUS3, WILD, DRAW1, LIGHT2))  # slot 3: costs 1
    assert [a.kind for a in moved.legal_actions()] == ["pick", "pass"]


def test_player_turns_a_follow_offers_no_ruin_it_cannot_finish():
    """Player Turns: to follow a pair of 8s with a 3 and a 5 and 2 lit torches, no affordable upgrade makes
    two ruins of rank 8 or more (a wild 3 still needs the 5 to reach 8): only "pass" is legal."""
    s = _follow([rid(3), rid(5)], [rid(8), rid(8, 1)], 2)
    assert reference_plays(s) == {PASS}
    assert [a.kind for a in s.legal_actions()] == ["pass"]
    assert compare(s) == []


def test_discovery_effects_the_rulebook_example_is_a_complete_play():
    """Discovery Effects, the rulebook's example: two 5s and a 2 with "+3 rank" make a set of three 5s;
    without it the three ruins are no set."""
    s = position(2, hands=[[rid(5), rid(5, 1), rid(2)], [rid(9)]], market=(PLUS3, WILD, DRAW1, LIGHT2))
    three = frozenset({rid(5), rid(5, 1), rid(2)})
    plays = reference_plays(s)
    assert (three, frozenset(), frozenset({(0, rid(2))})) in plays
    assert (three, frozenset(), frozenset()) not in plays
    assert compare(s) == []


def test_clarifications_a_wild_ruin_alone_keeps_its_printed_plus_added_rank():
    """Clarifications & Tips: a wild 4 with "+2 rank" played alone is a 6 (it follows a 6, not a 7); with
    another ruin it takes that ruin's rank."""
    upgrades = {rid(4): (0, -1, PLUS2, WILD + 1, -1)}  # "+2 rank" on top, "wild" (not the market's) in the middle
    alone = (frozenset({rid(4)}), frozenset(), frozenset())
    assert alone in reference_plays(_follow([rid(4)], [rid(6)], upgrades=upgrades))
    assert alone not in reference_plays(_follow([rid(4)], [rid(7)], upgrades=upgrades))
    s = _follow([rid(4), rid(9)], [rid(8), rid(8, 1)], upgrades=upgrades)
    assert (frozenset({rid(4), rid(9)}), frozenset(), frozenset()) in reference_plays(s)
    assert compare(s) == []


def test_discovery_effects_in_a_lead_another_ruins_own_light_pays_for_a_discovery():
    """Discovery Effects ("active immediately") in a lead: with 1 lit torch and a 6 chosen, the 3 can only
    join if a third ruin, a 6 whose bottom "light 2" lights when played, comes too: 1 + 2 = 3 torches pay
    for "+3 rank" or "wild", so the 6, the 3 and the lighting 6 are a play. The 3 is offered; once it is
    chosen, "done" is not (the 3 and the first 6 alone cannot pay), and the lighting 6 is."""
    from mars_rules.ruins.scenario import PLUS1
    six, three, lamp = rid(6), rid(3), rid(6, 1)
    start = position(2, hands=[[six, three, lamp], [rid(1)]], torches=(1, 3), market=(PLUS3, WILD, DRAW1, PLUS1),
                     upgrades={lamp: (0, -1, -1, -1, LIGHT2)})
    assert compare(start) == []
    s = start.apply(next(a for a in start.legal_actions() if a.get("ruin") == six))
    picks = {a.get("ruin") for a in s.legal_actions() if a.kind == "pick"}
    assert picks == {three, lamp}
    with_three = s.apply(next(a for a in s.legal_actions() if a.get("ruin") == three))
    kinds = [(a.kind, a.get("ruin")) for a in with_three.legal_actions()]
    assert kinds == [("pick", lamp)]
    without_lamp = position(2, hands=[[six, three], [rid(1)]], torches=(1, 3), market=(PLUS3, WILD, DRAW1, PLUS1),
                            selection=(six,))
    assert {a.get("ruin") for a in without_lamp.legal_actions() if a.kind == "pick"} == set()
