"""Rulebook scenarios: Crafting Cards, Upgrading Ruins, Discovery Effects, Clarifications & Tips."""
import pytest

from mars_rules.core import IllegalAction
from mars_rules.ruins import flow

from .helpers import (DRAW1, LIGHT2, MID_PLUS1, PLUS1, PLUS2, PLUS3, WILD, act, play, position, rid,
                      run_chance)


def test_discovery_effects_rulebook_example_two_5s_and_a_2_with_plus_3():
    s = position(2, hands=[[rid(5), rid(5, 1), rid(2), rid(9)], [rid(8)]],
                 market=(PLUS3, MID_PLUS1, LIGHT2, DRAW1))
    s = act(s, "pick", ruin=rid(5))
    s = act(s, "pick", ruin=rid(5, 1))
    offered = [a.get("ruin") for a in s.legal_actions() if a.kind == "pick"]
    assert rid(2) in offered and rid(9) not in offered  # the 2 can reach 5 with the +3; the 9 cannot come down
    with_wild = position(2, hands=[[rid(5), rid(5, 1), rid(9)], [rid(8)]], market=(PLUS3, WILD, LIGHT2, DRAW1))
    with_wild = act(act(with_wild, "pick", ruin=rid(5)), "pick", ruin=rid(5, 1))
    assert rid(9) in [a.get("ruin") for a in with_wild.legal_actions()]  # a wild discovery would fit it in
    s = act(s, "pick", ruin=rid(2))
    s = act(s, "done")
    s = act(s, "done")  # no claims
    assert s.step == "discover"
    with pytest.raises(IllegalAction) as e:
        act(s, "play")
    assert "do not share one rank" in e.value.reason and e.value.rule == "Clarifications & Tips"
    with pytest.raises(IllegalAction) as e:  # +3 on a 5 would make an 8: the set could never match
        act(s, "discover", slot=0, ruin=rid(5))
    assert "mandatory" in e.value.reason
    s = act(s, "discover", slot=0, ruin=rid(2))
    assert s.rank[rid(2)] == 5 and s.torches[0] == 0 and s.ruins[rid(2)][2] == PLUS3
    s = run_chance(act(s, "play"))
    assert s.last_rank == 5 and len(s.last_play) == 3 and s.to_move == 1


def test_discovery_effects_without_torches_the_2_is_not_offered():
    s = position(2, hands=[[rid(5), rid(5, 1), rid(2)], [rid(8)]], market=(PLUS3, WILD, LIGHT2, DRAW1),
                 torches=(2, 3))
    s = act(s, "pick", ruin=rid(5))
    s = act(s, "pick", ruin=rid(5, 1))
    # +3 costs 3 torches in slot 1; with 2 lit torches the 2 could still become wild (slot 2 costs 2)
    assert rid(2) in [a.get("ruin") for a in s.legal_actions() if a.kind == "pick"]
    # with 1 lit torch the "light 2" (slot 3, 1 torch) lights 2 at once and pays for the wild: offered
    s = position(2, hands=[[rid(5), rid(5, 1), rid(2)], [rid(8)]], market=(PLUS3, WILD, LIGHT2, DRAW1),
                 torches=(1, 3))
    s = act(act(act(s, "pick", ruin=rid(5)), "pick", ruin=rid(5, 1)), "pick", ruin=rid(2))
    s = act(act(s, "done"), "done")  # lead these 3, no claims
    s = act(act(s, "discover", slot=2, ruin=rid(2)), "discover", slot=1, ruin=rid(2))
    assert s.wild[rid(2)] and s.torches[0] == 0
    # with no torch lit nothing can be bought: the 2 is refused
    s = position(2, hands=[[rid(5), rid(5, 1), rid(2)], [rid(8)]], market=(PLUS3, WILD, LIGHT2, DRAW1),
                 torches=(0, 3))
    s = act(act(s, "pick", ruin=rid(5)), "pick", ruin=rid(5, 1))
    with pytest.raises(IllegalAction) as e:
        act(s, "pick", ruin=rid(2))
    assert "share one rank" in e.value.reason


def test_clarification_wild_in_a_set_ignores_added_ranks_and_alone_uses_them():
    wild2 = rid(2)
    up = {wild2: (0, -1, PLUS1, WILD, -1)}  # printed 2, +1, wild
    s = position(2, hands=[[wild2, rid(7), rid(7, 1), rid(1)], [rid(9)]], upgrades=up, torches=(0, 0),
                 market=(PLUS2, MID_PLUS1, LIGHT2, DRAW1))
    assert s.rank[wild2] == 3 and s.wild[wild2] == 1
    t = play(s, [rid(7), wild2, rid(7, 1)])
    assert t.last_rank == 7 and len(t.last_play) == 3
    alone = play(s, [wild2])
    assert alone.last_rank == 3
    # an all-wild set takes the highest printed-plus-added rank (ASSUMED reading)
    up2 = {wild2: (0, -1, PLUS1, WILD, -1), rid(6): (0, -1, -1, WILD + 1, -1)}
    s2 = position(2, hands=[[wild2, rid(6), rid(1)], [rid(9)]], upgrades=up2, torches=(0, 0),
                  market=(PLUS2, MID_PLUS1, LIGHT2, DRAW1))
    assert play(s2, [wild2, rid(6)]).last_rank == 6


def test_clarification_same_type_effects_stack_and_no_upper_limit():
    ten = rid(10, 3)  # night side: 12, lights 2 torches; add +3 top, +2 middle, light 2 bottom
    up = {ten: (1, -1, PLUS3, MID_PLUS1 + 4, LIGHT2)}
    s = position(2, hands=[[ten, rid(1)], [rid(9)]], upgrades=up, torches=(0, 0),
                 market=(PLUS1, WILD, LIGHT2 + 1, DRAW1))
    assert s.rank[ten] == 12 + 3 + 2
    t = play(s, [ten])
    assert t.last_rank == 17 and t.torches[0] == 3  # two "light 2" effects stack (capped at 3 torches)
    five_sets = position(5, hands=[[rid(4, k) for k in range(5)] + [rid(1)], [rid(9)]], torches=(0,) * 5)
    assert play(five_sets, [rid(4, k) for k in range(5)]).last_play.__len__() == 5


def test_clarification_several_discoveries_on_one_ruin_in_one_turn_one_per_position():
    s = position(2, hands=[[rid(4), rid(1)], [rid(9)]], market=(PLUS1, MID_PLUS1, LIGHT2, DRAW1))
    s = act(act(act(s, "pick", ruin=rid(4)), "done"), "done")
    s = act(s, "discover", slot=1, ruin=rid(4))   # middle +1, 2 torches
    s = act(s, "discover", slot=2, ruin=rid(4))   # bottom light 2, 1 torch: 0 left, then 2 lit at once
    assert s.ruins[rid(4)][3:] == (MID_PLUS1, LIGHT2) and s.torches[0] == 2 and s.rank[rid(4)] == 5
    t = position(2, hands=[[rid(4), rid(1)], [rid(9)]], market=(PLUS1, MID_PLUS1, LIGHT2, DRAW1),
                 torches=(1, 3))
    t = act(act(act(act(t, "pick", ruin=rid(4)), "done"), "done"), "discover", slot=2, ruin=rid(4))
    assert t.torches[0] == 2  # 1 - 1 + 2
    with pytest.raises(IllegalAction) as e:
        act(t, "discover", slot=3, ruin=rid(4))
    assert "already has a bottom discovery" in e.value.reason and e.value.rule == "Crafting Cards"
    with pytest.raises(IllegalAction) as e:
        act(t, "discover", slot=3, ruin=rid(1))
    assert "not one of the ruins you are playing" in e.value.reason
    with pytest.raises(IllegalAction) as e:
        act(t, "discover", slot=0, ruin=rid(4))
    assert "costs 3 lit torches; you have 2" in e.value.reason


def test_upgrading_ruins_both_claims_in_one_turn_then_no_more():
    s = position(2, hands=[[rid(6), rid(6, 1), rid(8), rid(1)], [rid(9), rid(2)]], torches=(0, 0))
    s = act(act(act(s, "pick", ruin=rid(6)), "pick", ruin=rid(6, 1)), "done")
    assert s.step == "claim"
    s = act(s, "claim", ruin=rid(6))
    s = act(s, "claim", ruin=rid(6, 1))
    assert s.step == "discover" and s.claims_left[0] == 0
    assert s.ruins[rid(6)][1] == 0 and s.ruins[rid(6, 1)][1] == 0
    s = run_chance(act(s, "play"))
    s = act(s, "pass")
    s = act(act(s, "pick", ruin=rid(8)), "done")
    assert s.step == "discover"  # no claim step: both claims are used
    with pytest.raises(IllegalAction) as e:
        s.apply(type(s.legal_actions()[0])("claim", 0, {"ruin": rid(8)}))
    assert "possible actions" in e.value.reason


def test_crafting_cards_one_claim_per_ruin():
    s = position(2, hands=[[rid(6), rid(1)], [rid(9)]], upgrades={rid(6): (0, 1, -1, -1, -1)}, torches=(0, 0))
    s = act(act(s, "pick", ruin=rid(6)), "done")
    assert s.step == "discover"  # the only ruin already carries Bo's claim
    s2 = position(2, hands=[[rid(6), rid(6, 1), rid(1)], [rid(9)]], upgrades={rid(6): (0, 1, -1, -1, -1)})
    s2 = act(act(act(s2, "pick", ruin=rid(6)), "pick", ruin=rid(6, 1)), "done")
    with pytest.raises(IllegalAction) as e:
        act(s2, "claim", ruin=rid(6))
    assert "at most 1 claim" in e.value.reason and e.value.rule == "Crafting Cards"


def test_round_end_claimed_ruins_go_to_their_owner_without_replacement():
    base = position(2, hands=[[rid(1)], [rid(2)]], upgrades={rid(6): (0, 0, -1, -1, -1)}, deck=[rid(6)])
    t = flow.start_deal(base._replace(round=2))
    t = t.apply(next(a for a in t.legal_actions() if a.get("ruin") == rid(1)))  # the first card: to Ada
    t = t.apply(next(a for a in t.legal_actions() if a.get("ruin") == rid(6)))  # the second: to Bo
    t = run_chance(t)
    assert t.step == "night_flip" and rid(6) in t.hands[0] and rid(6) not in t.hands[1]
    assert len(t.hands[0]) == 10 and len(t.hands[1]) == 8  # no replacement for Bo
    assert any("gives it to them" in e for e in t.events)


def test_clarification_forced_draws_go_clockwise_from_the_left_when_the_deck_is_short():
    three = rid(3)
    up = {three: (0, -1, -1, -1, DRAW1 + 1)}
    s = position(3, hands=[[three, rid(1)], [rid(9)], [rid(8)]], upgrades=up, torches=(0, 0, 0),
                 deck=[rid(5)])
    others = tuple(c for c in s.deck if c != rid(5))
    s = s._replace(deck=(rid(5),), trick=others)  # a deck of one ruin: the rest is face up on the table
    s = act(act(act(act(s, "pick", ruin=three), "done"), "done"), "play")
    assert s.step == "draw" and s.to_deal == (1,)  # only Bo (Ada's left) draws; Cy gets nothing
    s = run_chance(s)
    assert rid(5) in s.hands[1] and len(s.hands[2]) == 1
    # stacked draws with a longer deck: Bo, Cy, Bo, Cy
    night4 = rid(4, 4)  # night side: each opponent draws 1; plus a bottom "draw 1"
    t = position(3, hands=[[night4, rid(1)], [rid(9)], [rid(8)]], upgrades={night4: (1, -1, -1, -1, DRAW1 + 1)},
                 torches=(0, 0, 0))
    t = act(act(act(act(t, "pick", ruin=night4), "done"), "done"), "play")
    assert t.to_deal == (1, 2, 1, 2)
    t = run_chance(t)
    assert len(t.hands[1]) == 3 and len(t.hands[2]) == 3


def test_clarification_light_two_torches_lights_both_at_once_and_they_serve_this_turn():
    # Discovery Effects: every effect is active at once, so the torches a played ruin lights can pay for
    # the discoveries of the same turn; Clarifications: a "light 2 torches" lights both together.
    card = rid(6, 3)  # night side: rank 8, lights 2 torches
    s = position(2, hands=[[card, rid(1)], [rid(9)]], upgrades={card: (1, -1, -1, -1, -1)}, torches=(0, 3),
                 market=(PLUS3, WILD, PLUS1, DRAW1))
    s = act(act(s, "pick", ruin=card), "done")
    assert s.torches[0] == 2 and any("light 2 torch(es), all at once: 2 lit" in e for e in s.events)
    s = act(s, "done")  # no claim
    assert ("discover", 2, card) in [(a.kind, a.get("slot"), a.get("ruin")) for a in s.legal_actions()]
    s = act(s, "discover", slot=2, ruin=card)   # +1 for 1 of the 2 torches just lit
    assert s.torches[0] == 1 and s.rank[card] == 9
    s = run_chance(act(s, "play"))
    assert s.torches[0] == 1  # the light happened once, when the ruin was played, not again at the confirm
    # both at once: with 2 lit, one of the two is lost (no lighting 1, spending it and lighting it again)
    t = position(2, hands=[[card, rid(1)], [rid(9)]], upgrades={card: (1, -1, -1, -1, -1)}, torches=(2, 3))
    t = act(act(t, "pick", ruin=card), "done")
    assert t.torches[0] == 3
    assert play(position(2, hands=[[card, rid(1)], [rid(9)]], upgrades={card: (1, -1, -1, -1, -1)},
                         torches=(2, 3)), [card]).torches[0] == 3


def test_clarification_a_bought_light_discovery_lights_both_at_once_for_the_next_purchase():
    s = position(2, hands=[[rid(4), rid(1)], [rid(9)]], market=(PLUS3, MID_PLUS1, LIGHT2, DRAW1), torches=(1, 3))
    s = act(act(act(s, "pick", ruin=rid(4)), "done"), "done")
    with pytest.raises(IllegalAction) as e:
        act(s, "discover", slot=1, ruin=rid(4))
    assert "costs 2 lit torches; you have 1" in e.value.reason
    s = act(s, "discover", slot=2, ruin=rid(4))   # 1 - 1 = 0, then light 2 at once
    assert s.torches[0] == 2 and any("lights 2 torches at once" in e for e in s.events)
    s = act(s, "discover", slot=1, ruin=rid(4))   # now affordable, in the same turn
    assert s.torches[0] == 0 and s.rank[rid(4)] == 5


def test_discovery_effects_a_ruin_that_lights_torches_is_offered_when_they_pay_for_the_rank_it_needs():
    card = rid(6, 3)  # night rank 8, lights 2; the market's +1 (slot 3) costs 1
    up = {card: (1, 1, -1, -1, -1)}  # claimed by Bo already: no claim step
    s = position(2, hands=[[rid(1)], [card, rid(2)]], upgrades=up, torches=(0, 0), step="follow", to_move=1,
                 market=(PLUS3, WILD, PLUS1, DRAW1), trick=[rid(9)], last_play=[rid(9)], last_rank=9,
                 last_player=0)
    assert card in [a.get("ruin") for a in s.legal_actions() if a.kind == "pick"]
    s = act(s, "pick", ruin=card)
    assert s.step == "discover" and s.torches[1] == 2
    with pytest.raises(IllegalAction) as e:
        act(s, "play")  # an 8 cannot follow a 9: the +1 is needed
    assert "needs rank 9 or higher" in e.value.reason
    s = run_chance(act(act(s, "discover", slot=2, ruin=card), "play"))
    assert s.step == "lead" and s.to_move == 1  # an exact 9 skips Ada: with 2 players Bo wins the trick
    # in a set being led: a 9 chosen, the 8 that lights 2 can join by buying the +1 with them
    lead = position(2, hands=[[rid(9), card, rid(1)], [rid(2)]], upgrades={card: (1, 0, -1, -1, -1)},
                    torches=(0, 0), market=(PLUS3, WILD, PLUS1, DRAW1))
    lead = act(lead, "pick", ruin=rid(9))
    assert card in [a.get("ruin") for a in lead.legal_actions() if a.kind == "pick"]
    lead = play(lead, [card], buys=[(2, card)])
    assert lead.last_rank == 9 and len(lead.last_play) == 2


def test_add_discoveries_market_slides_right_and_refills_to_four():
    s = position(2, hands=[[rid(4), rid(1)], [rid(9)]], market=(PLUS2, PLUS1, LIGHT2, DRAW1))
    s = act(act(act(s, "pick", ruin=rid(4)), "done"), "done")
    s = act(s, "discover", slot=2, ruin=rid(4))
    assert s.market == (PLUS2, PLUS1, -1, DRAW1)
    s = act(s, "play")
    assert s.step == "refill" and s.market == (-1, PLUS2, PLUS1, DRAW1)
    s = s.apply(next(a for a in s.legal_actions() if a.get("discovery") == WILD))
    assert s.market == (WILD, PLUS2, PLUS1, DRAW1) and s.step == "follow"


def test_add_discoveries_empty_discovery_deck_leaves_gaps():
    s = position(2, hands=[[rid(4), rid(1)], [rid(9)]], market=(PLUS2, PLUS1, LIGHT2, DRAW1))
    s = s._replace(ddeck=())  # only the flow is checked here (the other discoveries are left out)
    s = act(act(act(s, "pick", ruin=rid(4)), "done"), "done")
    s = act(act(s, "discover", slot=2, ruin=rid(4)), "play")
    assert s.step == "follow" and s.market == (-1, PLUS2, PLUS1, DRAW1)


def test_upgrading_ruins_only_the_ruins_you_play_and_only_full_market_slots():
    s = position(2, hands=[[rid(6), rid(6, 1), rid(1)], [rid(9)]], market=(PLUS2, MID_PLUS1, LIGHT2, DRAW1))
    s = act(act(s, "pick", ruin=rid(6)), "done")
    with pytest.raises(IllegalAction) as e:
        act(s, "claim", ruin=rid(1))
    assert "you may only upgrade ruins you play" in e.value.reason and e.value.rule == "Upgrading Ruins"
    s = act(act(s, "done"), "discover", slot=2, ruin=rid(6))
    with pytest.raises(IllegalAction) as e:
        act(s, "discover", slot=2, ruin=rid(6))
    assert "slot 3 is empty" in e.value.reason
    with pytest.raises(IllegalAction) as e:
        act(s, "discover", slot=7, ruin=rid(6))
    assert "not a market slot" in e.value.reason


def test_chance_nodes_take_only_chance_outcomes():
    s = position(2, hands=[[rid(4), rid(1)], [rid(9)]], market=(PLUS2, PLUS1, LIGHT2, DRAW1))
    s = act(act(act(s, "pick", ruin=rid(4)), "done"), "done")
    s = act(act(s, "discover", slot=2, ruin=rid(4)), "play")
    assert s.to_move == "chance"
    with pytest.raises(IllegalAction) as e:
        s.apply(type(s.legal_actions()[0])("pass", 1, {}))
    assert "chance node" in e.value.reason
    outcomes = s.chance_outcomes()
    assert len(outcomes) == len(s.ddeck) and sum(p for _, p in outcomes) == 1
