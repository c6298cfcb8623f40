"""Rulebook scenarios: Setup, Start of Round, Player Turns, Skipping an Opponent's Turn."""
import pytest

import mars_rules.ruins as ruins
from mars_rules.core import CHANCE, Action, IllegalAction

from .helpers import act, play, position, rid


@pytest.mark.parametrize("n,used", [(2, 20), (3, 30), (4, 40), (5, 50)])
def test_setup_ruins_used_hands_deck_market_claims_torches(n, used):
    s = ruins.new_game(players=n, seed=3)
    assert len(s.used) == used
    assert all(sum(1 for c in s.used if c // 5 == r) == n for r in range(10))  # copies removed per rank
    assert [len(h) for h in s.hands] == [9] * n and len(s.deck) == used - 9 * n
    assert sorted(s.deck + sum(s.hands, ())) == list(s.used)
    assert all(d >= 0 for d in s.market) and len(s.ddeck) == 35
    assert s.claims_left == (2,) * n and s.torches == (3,) * n and s.vp == (0,) * n and s.round == 1
    assert all(s.ruins[c] == (0, -1, -1, -1, -1) for c in range(50))  # all day side, no upgrades
    assert s.step == "night_flip" and s.to_move == 0


def test_setup_first_player_is_an_option_and_deal_is_chance():
    s = ruins.new_game(players=4, seed=3, first_player=2)
    assert s.first_player == 2 and s.to_move == 2
    t = ruins.new_game(players=2, seed=3, resolve_setup=False)
    assert t.to_move == CHANCE and t.step == "refill" and len(t.chance_outcomes()) == 39
    with pytest.raises(ValueError):
        ruins.new_game(players=6)


def test_start_of_round_flip_is_secret_permanent_and_keeps_upgrades():
    s = ruins.new_game(players=3, seed=5)
    a_card = next(c for c in s.hands[0])
    s = act(s, "flip", ruin=a_card)
    # Bo's view does not show Ada's choice, nor her hand
    v = s.view(1)
    assert v.flips[0] == -3 and all(c == -1 for c in v.hands[0]) and v.hands[1] == s.hands[1]
    assert s.ruins[a_card][0] == 0  # not revealed until everyone has chosen
    s = act(s, "no_flip")
    b_card = s.hands[2][0]
    s = act(s, "flip", ruin=b_card)
    assert s.step == "lead" and s.to_move == 0
    assert s.ruins[a_card][0] == 1 and s.rank[a_card] == s.cards.night[a_card]
    assert any("flipped ruin" in e for e in s.events)


def test_start_of_round_night_ruin_cannot_flip_back():
    s = ruins.new_game(players=2, seed=5)
    c = s.hands[0][0]
    s = s.edit().night_side(c).done()  # turned in an earlier round
    assert s.step == "night_flip" and s.to_move == 0 and s.rank[c] == s.cards.night[c]
    with pytest.raises(IllegalAction) as e:
        act(s, "flip", ruin=c)
    assert "already on its night side" in e.value.reason and e.value.rule == "Start of Round"
    other = s.hands[1][0]
    with pytest.raises(IllegalAction) as e:
        act(s, "flip", ruin=other)
    assert "not in your hand" in e.value.reason


def test_player_turns_lead_any_single_or_a_set_of_one_rank():
    s = position(2, hands=[[rid(3), rid(3, 1), rid(7)], [rid(8)]], torches=(0, 0))
    with pytest.raises(IllegalAction) as e:
        act(s, "pass")
    assert "leader cannot pass" in e.value.reason and e.value.rule == "Player Turns"
    with pytest.raises(IllegalAction) as e:
        act(s, "done")
    assert "at least one ruin" in e.value.reason
    s1 = act(s, "pick", ruin=rid(3))
    with pytest.raises(IllegalAction) as e:
        act(s1, "pick", ruin=rid(7))
    assert "share one rank" in e.value.reason and e.value.rule == "Clarifications & Tips"
    s2 = play(s, [rid(3), rid(3, 1)])
    assert s2.last_rank == 3 and len(s2.last_play) == 2 and s2.to_move == 1 and s2.step == "follow"


def test_player_turns_follow_same_number_of_one_equal_or_higher_rank_or_pass():
    s = position(3, hands=[[rid(9)], [rid(2), rid(2, 1), rid(4), rid(6), rid(6, 1)], [rid(5)]], step="follow",
                 to_move=1, trick=[rid(5, 1), rid(5, 2)], last_play=[rid(5, 1), rid(5, 2)], last_rank=5,
                 last_player=0, torches=(0, 0, 0))
    picks = sorted(a.get("ruin") for a in s.legal_actions() if a.kind == "pick")
    assert picks == [rid(6), rid(6, 1)]
    with pytest.raises(IllegalAction) as e:
        act(s, "pick", ruin=rid(2))
    assert "needs rank 5 or higher" in e.value.reason and e.value.rule == "Player Turns"
    t = play(s, [rid(6), rid(6, 1)])
    assert t.last_rank == 6 and t.to_move == 2
    u = act(s, "pass")
    assert u.passed == (1,) and u.to_move == 2 and u.hands[1] == s.hands[1]


def test_player_turns_pass_after_choosing_returns_the_ruins():
    s = position(3, hands=[[rid(9)], [rid(6), rid(6, 1), rid(1)], [rid(5)]], step="follow", to_move=1,
                 trick=[rid(5, 1), rid(5, 2)], last_play=[rid(5, 1), rid(5, 2)], last_rank=5, last_player=0)
    s = act(s, "pick", ruin=rid(6))
    s = act(s, "pass")
    assert s.selection == () and rid(6) in s.hands[1] and s.to_move == 2


def test_player_turns_trick_ends_when_all_but_one_pass_and_ruins_go_back_to_the_deck():
    s = position(3, hands=[[rid(9), rid(1)], [rid(2)], [rid(3)]], torches=(0, 0, 0))
    deck_before = len(s.deck)
    s = play(s, [rid(9)])
    s = act(s, "pass")
    assert s.step == "follow" and s.to_move == 2
    s = act(s, "pass")
    assert s.step == "lead" and s.to_move == 0 and s.trick == () and s.last_rank == -1
    assert len(s.deck) == deck_before + 1 and rid(9) in s.deck
    assert any("trick ends" in e for e in s.events)


def test_player_turns_passing_is_not_permanent_within_a_trick():
    s = position(3, hands=[[rid(2), rid(1)], [rid(3), rid(6)], [rid(4), rid(1, 2)]], torches=(0, 0, 0))
    s = play(s, [rid(2)])
    s = act(s, "pass")           # Bo passes
    s = play(s, [rid(4)])        # Cy follows: the consecutive passes start again
    assert s.passed == () and s.to_move == 0
    s = act(s, "pass")
    assert s.to_move == 1        # Bo passed before, and may follow now
    assert [a.get("ruin") for a in s.legal_actions() if a.kind == "pick"] == [rid(6)]
    s = play(s, [rid(6)])
    assert s.last_player == 1 and s.last_rank == 6


def test_skipping_an_opponents_turn_on_an_exact_match():
    s = position(3, hands=[[rid(5), rid(1)], [rid(5, 1), rid(1, 1)], [rid(9), rid(1, 2)]], torches=(0, 0, 0))
    s = play(s, [rid(5)])
    s = play(s, [rid(5, 1)])
    # Cy could follow with the 9 but is skipped; the skip counts as a pass
    assert s.to_move == 0 and s.passed == (2,) and any("skipped" in e for e in s.events)
    s = act(s, "pass")
    assert s.step == "lead" and s.to_move == 1  # Bo won the trick


def test_skipping_in_two_players_wins_the_trick_at_once():
    s = position(2, hands=[[rid(5), rid(1)], [rid(5, 1), rid(2)]], torches=(0, 0))
    s = play(s, [rid(5)])
    s = play(s, [rid(5, 1)])
    assert s.step == "lead" and s.to_move == 1 and s.trick == ()


def test_higher_rank_does_not_skip():
    s = position(3, hands=[[rid(5), rid(1)], [rid(6), rid(1, 1)], [rid(9), rid(1, 2)]], torches=(0, 0, 0))
    s = play(s, [rid(5)])
    s = play(s, [rid(6)])
    assert s.to_move == 2 and s.passed == ()


def test_illegal_actions_name_the_rule_and_leave_the_state_unchanged():
    s = position(2, hands=[[rid(5), rid(1)], [rid(6)]], torches=(0, 0))
    before = s.to_json()
    for bad, words in [("nonsense", "not an Action"), (Action("pick", 1, {"ruin": rid(6)}), "turn"),
                       (Action("fly", 0, {}), "possible actions"), (Action("pick", 0, {"ruin": 99}), "ruin id"),
                       (Action("pick", 0, {"ruin": rid(6)}), "not in your hand"),
                       (Action("discover", 0, {"slot": 0, "ruin": rid(5)}), "Choose the ruins")]:
        with pytest.raises(IllegalAction) as e:
            s.apply(bad)
        assert words in e.value.reason and e.value.rule
    assert s.to_json() == before


def test_start_of_round_a_flipped_ruin_keeps_its_upgrades():
    from .helpers import PLUS2
    card = rid(4, 4)  # night side: rank 5 and "each opponent draws 1"
    s = position(2, hands=[[card, rid(1)], [rid(9)]], step="night_flip",
                 upgrades={card: (0, 0, PLUS2, -1, -1)}, market=(PLUS2 + 1, 13, 31, 26))
    s = s._replace(flips=(-2, -2))
    assert s.rank[card] == 4 + 2
    s = act(act(s, "flip", ruin=card), "no_flip")
    assert s.ruins[card] == (1, 0, PLUS2, -1, -1) and s.rank[card] == 5 + 2
    assert "each opponent draws 1" in s.card_words(card) and "claimed by Ada" in s.card_words(card)


def test_player_turns_a_follow_needs_enough_ruins_of_one_rank():
    s = position(3, hands=[[rid(9)], [rid(6), rid(7), rid(1)], [rid(5)]], step="follow", to_move=1,
                 trick=[rid(5, 1), rid(5, 2)], last_play=[rid(5, 1), rid(5, 2)], last_rank=5, last_player=0,
                 torches=(0, 0, 0))
    assert [a.kind for a in s.legal_actions()] == ["pass"]
    with pytest.raises(IllegalAction) as e:
        act(s, "pick", ruin=rid(6))
    assert "does not hold 2 ruins of one rank" in e.value.reason and e.value.rule == "Player Turns"
    t = s._replace(to_move=0, passed=())
    with pytest.raises(IllegalAction) as e:
        act(t, "pick", ruin=rid(9))
    assert "You hold 1 ruin; to follow you must play exactly 2" in e.value.reason


def test_actions_with_wrong_parameters_are_refused_with_the_expected_ones():
    s = position(2, hands=[[rid(5), rid(1)], [rid(6)]], torches=(0, 0))
    with pytest.raises(IllegalAction) as e:
        s.apply(Action("pick", 0, {"card": rid(5)}))
    assert "takes the parameters ruin" in e.value.reason
    t = act(act(act(s, "pick", ruin=rid(5)), "done"), "done")
    with pytest.raises(IllegalAction) as e:
        t.apply(Action("play", 0, {"now": 1}))
    assert "takes no parameters" in e.value.reason
    with pytest.raises(IllegalAction) as e:
        t.apply(Action("discover", 0, {"slot": "left", "ruin": rid(5)}))
    assert "not a market slot" in e.value.reason


def test_skipping_an_opponents_turn_the_skipped_player_cannot_follow_even_if_able():
    s = position(3, hands=[[rid(5), rid(1)], [rid(5, 1), rid(1, 1)], [rid(9), rid(1, 2)]], torches=(0, 0, 0))
    s = play(play(s, [rid(5)]), [rid(5, 1)])
    before = s.to_json()
    with pytest.raises(IllegalAction) as e:
        s.apply(Action("pick", 2, {"ruin": rid(9)}))   # Cy holds a 9 but was skipped
    assert "was skipped" in e.value.reason and e.value.rule == "Skipping an Opponent's Turn"
    assert s.to_json() == before


def test_skipping_an_opponents_turn_when_the_exact_match_goes_out():
    # Bo goes out with an exact 5: Cy is skipped; if Ada passes too, the lead goes to the player closest
    # clockwise to Bo with cards, Cy (Going Out)
    s = position(3, hands=[[rid(5), rid(1)], [rid(5, 1)], [rid(9), rid(1, 2)]], torches=(0, 0, 0))
    s = play(play(s, [rid(5)]), [rid(5, 1)])
    assert s.out == (1,) and s.passed == (2,) and s.to_move == 0 and s.step == "follow"
    s = act(s, "pass")
    assert s.step == "lead" and s.to_move == 2 and s.trick == ()


def test_going_out_a_player_who_is_out_takes_no_more_turns():
    s = position(3, hands=[[rid(7)], [rid(8), rid(1)], [rid(2), rid(1, 1)]], torches=(0, 0, 0))
    s = play(s, [rid(7)])
    with pytest.raises(IllegalAction) as e:
        s.apply(Action("pass", 0, {}))
    assert "has gone out this round" in e.value.reason and e.value.rule == "Going Out"


def test_game_end_only_the_showdown_players_play_round_5():
    s = position(3, hands=[[rid(7), rid(3)], [rid(8)], []], torches=(0, 0, 0), vp=(8, 8, 1), round=5,
                 seated=(1, 1, 0), to_move=0)
    with pytest.raises(IllegalAction) as e:
        s.apply(Action("pick", 2, {"ruin": rid(8)}))
    assert "does not play the showdown" in e.value.reason and e.value.rule == "Game End"
    s = play(s, [rid(3)])
    assert s.to_move == 1  # Cy, not in the showdown, is passed over
