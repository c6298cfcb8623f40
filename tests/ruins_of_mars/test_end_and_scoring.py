"""End of the Game, Final Scoring and the Tiebreakers."""
from mars_rules import CHANCE, Action, IllegalAction, PositionError
import pytest

from .helpers import at_step, game, go, position, with_player, with_tech

L1 = ("L1-01", "L1-02", "L1-03")
L2 = ("L2-01", "L2-02", "L2-03")
L3 = ("L3-01", "L3-02", "L3-03")


def _finish_turn(s):
    """Play the rest of the current turn with the cheapest choices."""
    seat = s.current
    while s.current == seat and not s.is_over:
        if s.to_move == CHANCE:
            s = s.resolve_chance()
            continue
        legal = s.legal_actions()
        skip = [a for a in legal if a.kind == "skip"]
        basic = [a for a in legal if a.kind in ("place_rover", "discover", "decipher", "pass_rover",
                                                "discover_star", "use_wrench")]
        s = s.apply(skip[0] if skip and s.step != "wrench" else basic[0] if basic else legal[0])
    return s


def _eight_techs(s, seat):
    for row in range(3):
        s = with_tech(s, seat, L1[row], row)
        s = with_tech(s, seat, L2[row], row)
    for row in range(2):
        s = with_tech(s, seat, L3[row], row)
    return s


def test_end_of_the_game_9th_tech_then_every_other_player_one_final_turn():
    s = _eight_techs(position(players=3), 0)
    s = with_player(s, 0, resources=(7, 7, 7, 7), languages=(6, 6, 0, 0, 0))
    s = at_step(s, "replicate", rover="Workshop")
    level3 = [k for k in range(4) if s.display[2][k]]
    s = go(s, "replicate", level=3, space=level3[-1] + 1, row=3)
    while s.to_move == CHANCE:
        s = s.resolve_chance()
    s = go(s, "pass_rover")
    assert s.end_turns == 2 and any("End of the game triggered" in e for e in s.events)
    s = _finish_turn(s)
    assert s.current == 2 and not s.is_over
    s = _finish_turn(s)
    assert s.is_over and s.step == "game_over" and s.to_move is None
    assert s.score().final and s.winners()
    with pytest.raises(IllegalAction) as e:
        s.apply(Action("pass_rover", 0, {}))
    assert e.value.reason == "The game is over: no more actions can be taken."


def test_end_of_the_game_4th_mastered_language():
    s = position(players=2, sites=((8, 9), (5, 7), (0, 1), (2, 3, 4), (6, 10)))
    for row in range(3):
        s = with_tech(s, 0, L3[row], row)
    s = with_tech(s, 1, "L3-04", 0)
    s = with_player(s, 0, languages=(8, 0, 0, 9, 9))
    s = with_player(s, 1, languages=(0, 9, 0, 0, 0))
    s = go(s, "place_rover", site="Dormitory")
    s = go(s, "skip", step="transfer")
    s = go(s, "decipher")                              # red 8 -> 9: the 4th mastered Language
    s = _finish_turn(s)
    assert s.end_turns == 1 and s.current == 1
    s = _finish_turn(s)
    assert s.is_over


def test_final_scoring_language_pp_rows_tech_pp_and_radiation():
    b = position(players=3).edit()           # one builder: the Capstone is checked with the Level 3 Techs
    # Player 1: tracks 9, 6, 3, 0, 2 -> 15 + 6 + 2 + 0 + 1 = 24 PP
    b.set_player(0, languages=(9, 6, 3, 0, 2), radiation=4)
    # row 1: L1-01 (A), L2-01 (A), L3-01 (A) -> same classification: 9
    # row 2: L1-02 (B), L2-03 (C), L3-04 (D) -> three different: 6
    # row 3: L1-05 (A), L2-05 (A), L3-02 (B) -> any other complete row: 3
    for row, ids in enumerate((("L1-01", "L2-01", "L3-01"), ("L1-02", "L2-03", "L3-04"),
                               ("L1-05", "L2-05", "L3-02"))):
        for cid in ids:
            b.give(0, cid, row + 1)
    # Player 2: a full column but no full row -> no row points (rows only, not columns)
    for row, cid in enumerate(("L1-03", "L1-04", "L1-06")):
        b.give(1, cid, row + 1)
    s = b.set_player(1, radiation=4).set_player(2, radiation=1).done()
    sheet = s.score()
    assert sheet.points(0, "Language tracks") == 24
    assert sheet.points(0, "Tech rows") == 18
    assert sheet.points(0, "Tech PP") == 5 + 4             # Fusion Core 5, Sky Elevator 4
    assert sheet.points(1, "Tech rows") == 0 and sheet.points(1, "Tech PP") == 1
    # tied for most Radiation: -2 per token for both; the other -1 per token
    assert [sheet.points(p, "Radiation") for p in range(3)] == [-8, -8, -1]
    assert not sheet.final and sheet.rule_of("Tech rows") == "Final Scoring: Tech board rows"


def test_final_scoring_language_pp_is_the_greatest_occupied_or_passed():
    from mars_rules.ruins_of_mars.scoring import language_pp
    from mars_rules.ruins_of_mars.state import Player
    assert language_pp(Player(languages=(0, 1, 2, 8, 9))) == 0 + 0 + 1 + 10 + 15


def test_tiebreakers_least_radiation_then_language_pp_then_shared():
    s = position(players=3)
    s = with_player(s, 0, languages=(4, 0, 0, 0, 0))          # 3 PP
    s = with_player(s, 1, languages=(4, 2, 0, 0, 0), radiation=1)  # 3 + 1 - 2 = 2
    s = with_player(s, 2, languages=(3, 3, 0, 0, 0))          # 2 + 2 = 4 ... adjust below
    s = with_player(s, 2, languages=(4, 0, 0, 0, 0))          # 3 PP, 0 radiation: tie with Player 1
    over = game.finish(s)
    assert over.score().totals == (3, 2, 3)
    assert over.winners() == (0, 2)                       # same radiation, same language PP: shared
    assert "a shared win" in over.score().tiebreak
    over = with_player(over, 2, languages=(3, 2, 0, 0, 0), radiation=0)   # 2 + 1 = 3 PP
    assert over.score().totals == (3, 2, 3)
    assert over.winners() == (0, 2)
    over = with_player(over, 0, languages=(2, 2, 2, 0, 0))     # 3 PP from 3 tracks
    over = with_player(over, 2, languages=(2, 2, 0, 0, 0), radiation=0)
    over = with_tech(over, 2, "L1-04", 0)                # + 1 PP card: 3 PP, language PP only 2
    assert over.score().totals == (3, 2, 3)
    assert over.winners() == (0,)                         # more Language PP wins the tie
    assert "broken by most Language PP" in over.score().tiebreak  # the tie-break line names the decider
    over = with_player(over, 0, radiation=1, languages=(3, 3, 2, 0, 0))   # 5 - 2 = 3
    assert over.score().totals == (3, 2, 3)
    assert over.winners() == (2,)                         # least Radiation wins first
    assert "broken by least Radiation" in over.score().tiebreak
    assert over.score().final


def test_finish_ends_a_built_position_for_final_scoring():
    from mars_rules.ruins_of_mars import finish, from_json
    s = with_player(position(players=2), 0, languages=(4, 0, 0, 0, 0))
    done = finish(s)
    assert done.is_over and done.score().final and done.winners() == (0,)
    assert from_json(done.to_json()) == done
    with pytest.raises(PositionError) as e:
        s.edit().set(step="game_over", to_move=None).done()
    assert any("end_turns must be 0 at game_over" in p for p in e.value.problems)


def _play_to_replicate(s):
    """From the start of a turn to Step 6 with the cheapest choices."""
    while s.step != "replicate":
        if s.to_move == CHANCE:
            s = s.resolve_chance()
            continue
        legal = s.legal_actions()
        skip = [a for a in legal if a.kind == "skip"]
        basic = [a for a in legal if a.kind in ("place_rover", "discover", "decipher", "discover_star")]
        s = s.apply(skip[0] if skip else basic[0])
    return s


def test_end_of_the_game_a_second_trigger_during_the_final_turns_changes_nothing():
    s = _eight_techs(position(players=3), 0)
    other = (("L1-04", "L2-04", "L3-04"), ("L1-05", "L2-05", "L3-05"), ("L1-06", "L2-06"))
    for row, ids in enumerate(other):
        for cid in ids:
            s = with_tech(s, 1, cid, row)
    for seat in (0, 1):
        s = with_player(s, seat, resources=(7, 7, 7, 7), languages=(6, 6, 0, 0, 0))
    s = at_step(s, "replicate", rover="Workshop")
    s = go(s, "replicate", level=3, space=4, row=3)
    while s.to_move == CHANCE:
        s = s.resolve_chance()
    s = go(s, "pass_rover")
    assert s.end_turns == 2 and s.current == 1            # Player 2 and Player 3 get one final turn each
    s = _play_to_replicate(s)
    s = go(s, "replicate", level=3, space=4, row=3)       # Player 2 completes a 9th Tech as well
    while s.to_move == CHANCE:
        s = s.resolve_chance()
    s = go(s, "pass_rover")
    assert all(v is not None for v in s.boards[1].techs)
    assert not any("End of the game triggered" in e for e in s.events)
    assert s.end_turns == 1 and s.current == 2 and not s.is_over      # still only Player 3's final turn
    s = _finish_turn(s)
    assert s.is_over and s.turn == 3                       # Player 1 never plays again


def test_final_scoring_radiation_everyone_tied_for_most_and_nobody_when_the_most_is_0():
    s = position(players=3)
    for seat in range(3):
        s = with_player(s, seat, radiation=3)
    sheet = s.score()
    assert [sheet.points(p, "Radiation") for p in range(3)] == [-6, -6, -6]   # all tied for most: -2 each
    assert sheet.rule_of("Radiation") == "Final Scoring: Radiation"
    s = with_player(s, 2, radiation=2)
    assert [s.score().points(p, "Radiation") for p in range(3)] == [-6, -6, -2]
    clean = position(players=3)
    assert [clean.score().points(p, "Radiation") for p in range(3)] == [0, 0, 0]  # the most is 0: nothing lost
