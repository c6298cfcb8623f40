"""Rulebook scenarios: Going Out, Round End, Game End, The Score Track."""
import pytest

import mars_rules.ruins as ruins
from mars_rules.core import Action, IllegalAction
from mars_rules.ruins import flow

from .helpers import act, play, position, rid, run_chance


def test_going_out_scores_the_place_and_the_others_may_follow_the_last_play():
    s = position(3, hands=[[rid(7)], [rid(8), rid(1)], [rid(2), rid(1, 1)]], torches=(0, 0, 0))
    s = play(s, [rid(7)])
    assert s.out == (0,) and s.vp == (3, 0, 0) and s.results == ((1, 0, 1, 3),)
    assert s.step == "follow" and s.to_move == 1  # Bo may follow Ada's last play
    t = play(s, [rid(8)])
    t = act(t, "pass")       # Cy passes: Bo won the trick
    assert t.step == "lead" and t.to_move == 1


def test_going_out_when_nobody_follows_the_lead_goes_to_the_closest_player_clockwise_with_cards():
    s = position(4, hands=[[rid(9), rid(1)], [rid(9, 1)], [rid(2), rid(1, 1)], [rid(3), rid(1, 2)]],
                 torches=(0,) * 4, to_move=0)
    s = play(s, [rid(1)])
    s = play(s, [rid(9, 1)])   # Bo goes out on a 9
    assert s.out == (1,) and s.to_move == 2
    s = act(s, "pass")         # Cy
    s = act(s, "pass")         # Dee
    s = act(s, "pass")         # Ada: every player with cards passed
    assert s.step == "lead" and s.to_move == 2 and s.trick == ()
    assert any("closest to Bo" in e for e in s.events)


def test_round_end_when_one_player_has_cards_last_place_scores_and_torches_relight():
    s = position(3, hands=[[rid(7)], [rid(8)], [rid(2), rid(1)]], torches=(0, 1, 2), vp=(2, 4, 5),
                 to_move=0)
    s = play(s, [rid(7)])           # Ada 1st: +3
    s = play(s, [rid(8)])           # Bo 2nd: +1, Cy last: -1
    assert s.vp == (5, 5, 4) and s.round == 2
    assert s.step == "night_flip" and s.torches == (3, 3, 3)
    assert [len(h) for h in s.hands] == [9, 9, 9]
    assert s.first_player == 2 and s.to_move == 2  # Cy has the fewest VP
    assert s.results[-3:] == ((1, 0, 1, 3), (1, 1, 2, 1), (1, 2, 3, -1))


def test_round_end_new_first_player_ties_go_furthest_clockwise_from_the_previous_first():
    assert flow.new_first_player((3, 1, 1, 5), previous=2, seated=(1, 1, 1, 1)) == 1
    assert flow.new_first_player((3, 1, 1, 5), previous=0, seated=(1, 1, 1, 1)) == 2
    assert flow.new_first_player((2, 2, 2), previous=1, seated=(1, 1, 1)) == 0
    assert flow.new_first_player((4, 4), previous=0, seated=(1, 1)) == 1


def test_the_score_track_never_goes_below_0_nor_above_10():
    s = position(2, hands=[[rid(7)], [rid(8), rid(1)]], torches=(0, 0), vp=(8, 0), start_vp=(8, 0))
    s = play(s, [rid(7)], resolve=False)
    assert s.vp == (10, 0)  # 8 + 3 stops at 10; Bo's -1 is ignored at 0
    assert not s.is_over and s.round == 2  # started the round on 8: no instant win
    assert any("stops at 10" in e for e in s.events) and any("stops at 0" in e for e in s.events)


def test_game_end_instant_win_starting_the_round_on_9_and_going_out_first():
    s = position(3, hands=[[rid(7)], [rid(8), rid(1)], [rid(9), rid(2)]], torches=(0, 0, 0), vp=(9, 2, 2))
    s = play(s, [rid(7)])
    assert s.is_over and s.winners() == (0,) and s.step == "game_over"
    assert s.legal_actions() == ()
    with pytest.raises(IllegalAction) as e:
        act(s._replace(to_move=0), "pass")  # even a doctored turn: the game is over
    assert e.value.rule
    sheet = s.score()
    assert sheet.final and sheet.winners == (0,)


def test_game_end_no_instant_win_when_going_out_second_with_9():
    s = position(3, hands=[[rid(7), rid(1)], [rid(8)], [rid(9), rid(2)]], torches=(0, 0, 0), vp=(2, 9, 2),
                 to_move=0)
    s = play(s, [rid(1)])
    s = play(s, [rid(8)])  # Bo goes out first with 9 VP at the start of the round
    assert s.is_over and s.winners() == (1,)
    t = position(3, hands=[[rid(7)], [rid(8), rid(1)], [rid(9), rid(2)]], torches=(0, 0, 0), vp=(2, 9, 2))
    t = play(t, [rid(7)])  # Ada goes out first; Bo (9 VP) can no longer win this round instantly
    t = play(t, [rid(8)])
    t = act(t, "pass")
    t = play(t, [rid(1)])  # Bo goes out second
    assert not t.is_over and t.vp[1] == 10


def test_game_end_showdown_after_round_4_between_the_leaders_and_the_first_out():
    s = position(3, hands=[[rid(7)], [rid(8)], [rid(2), rid(1)]], torches=(0, 0, 0), vp=(5, 7, 2), round=4,
                 to_move=0)
    s = play(s, [rid(7)])  # Ada 1st: 8
    s = play(s, [rid(8)], resolve=False)  # Bo 2nd: 8; Cy last: 1
    assert any("showdown round between Ada, Bo" in e for e in s.events)
    s = run_chance(s)
    assert s.vp == (8, 8, 1) and s.round == 5 and s.seated == (1, 1, 0)
    assert s.first_player == 1  # tie at 8: Bo is furthest clockwise from Ada, the previous first player
    assert [len(h) for h in s.hands] == [9, 9, 0] and s.step == "night_flip"
    # whoever goes out first in round 5 wins, regardless of score
    t = position(3, hands=[[rid(7), rid(3)], [rid(8)], []], torches=(0, 0, 0), vp=(8, 8, 1), round=5,
                 seated=(1, 1, 0), to_move=0)
    t = play(t, [rid(3)])
    t = play(t, [rid(8)])
    assert t.is_over and t.winners() == (1,)


def test_game_end_showdown_with_one_player_is_won_without_playing():
    s = position(2, hands=[[rid(7)], [rid(8), rid(2)]], torches=(0, 0), vp=(6, 4), round=4)
    s = play(s, [rid(7)])  # Ada goes out first and leads on VP: nobody else is in the showdown
    assert s.is_over and s.winners() == (0,) and s.vp == (9, 3)


def test_game_end_random_play_always_ends_with_one_winner():
    for n in (2, 3, 4, 5):
        end = ruins.new_game(n, seed=n)
        import mars_rules
        end = mars_rules.playout(end, seed=n)
        assert end.is_over and len(end.winners()) == 1 and end.round <= 5


def test_round_end_runs_the_refill_before_the_next_deal():
    from .helpers import LIGHT2, PLUS1, WILD, DRAW1
    s = position(2, hands=[[rid(7)], [rid(8)]], market=(PLUS1, WILD, LIGHT2, DRAW1))
    s = act(act(act(s, "pick", ruin=rid(7)), "done"), "done")
    s = act(act(s, "discover", slot=3, ruin=rid(7)), "play")  # goes out, buys the draw discovery
    assert s.step == "refill" and s.round == 2
    s = run_chance(s)
    assert s.step == "night_flip" and all(d >= 0 for d in s.market)


@pytest.mark.parametrize("start", [9, 10])
def test_game_end_instant_win_also_from_10_vp_where_the_track_is_full(start):
    s = position(3, hands=[[rid(7)], [rid(8), rid(1)], [rid(9), rid(2)]], torches=(0, 0, 0), vp=(start, 2, 2))
    s = play(s, [rid(7)])
    assert s.is_over and s.winners() == (0,) and s.vp[0] == 10


def test_round_end_claims_at_the_showdown_deal_and_the_flip_comes_after_the_handover():
    # Ada's claimed 6 and Cy's claimed 7; Ada and Bo play the showdown, Cy does not (G10 reading)
    up = {rid(6): (0, 0, -1, -1, -1), rid(7): (0, 2, -1, -1, -1), rid(8): (0, 1, -1, -1, -1)}
    base = position(3, hands=[[rid(1)], [rid(2)], []], upgrades=up, deck=[rid(6), rid(7), rid(8)],
                    vp=(8, 8, 1), round=5, seated=(1, 1, 0), first_player=1)
    t = flow.start_deal(base)
    forced = [{"ruin": rid(6)}, {"ruin": rid(8)}, {"ruin": rid(7)}]  # dealt Bo, Ada, Bo: Ada's 6, Bo's 8, Cy's 7
    t = run_chance(t, forced)
    assert t.step == "night_flip" and t.to_move == 1
    assert rid(6) in t.hands[0] and rid(8) in t.hands[1]       # handed to their seated owners
    assert rid(7) in t.hands[1]                                 # Cy's claim is ignored: Cy is not playing
    assert [len(h) for h in t.hands] == [9, 9, 0]               # one each way; Cy is dealt nothing
    assert rid(8) in [a.get("ruin") for a in t.legal_actions() if a.kind == "flip"]  # Bo may flip his 8 now
    with pytest.raises(IllegalAction) as e:
        t.apply(Action("flip", 2, {"ruin": rid(7)}))
    assert "does not play the showdown" in e.value.reason and e.value.rule == "Game End"


def test_setup_ruins_used_option_must_keep_the_right_copies_per_rank():
    with pytest.raises(ValueError) as e:
        ruins.new_game(2, ruins_used=tuple(range(20)))    # ranks 1-4 only
    assert "2 different ids of each rank" in str(e.value)
    s = ruins.new_game(2, seed=1, ruins_used=tuple(r * 5 + c for r in range(10) for c in (3, 4)))
    assert sorted(s.used) == sorted(r * 5 + c for r in range(10) for c in (3, 4))
