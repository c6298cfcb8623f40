"""The rulebook's worked examples, each as a scenario on explicit tiles."""
from fractions import Fraction

from mars_rules import CHANCE, Action

from .helpers import at_step, chance, go, illegal, position, roundtrip, with_player


def test_example_discover_at_the_workshop_gains_1_fuel_and_2_parts():
    # Workshop tiles: "RO" + "O" -> 1 red, 2 orange.
    s = position(sites=((8, 9, 10), (5, 7), (0, 1), (2, 3), (4, 6)))
    s = go(s, "place_rover", site="Workshop")
    s = go(s, "skip", step="transfer")
    assert s.step == "action" and s.boards[0].radiation == 0
    s = go(s, "discover")
    assert s.boards[0].resources == (1, 2, 0, 0)
    assert s.step == "replicate"
    roundtrip(s)


def test_example_decipher_at_the_dormitory_1_blue_2_red_2_star():
    # Dormitory tiles: "BR", "RS", "S" -> 1 blue, 2 red, 2 star.
    s = position(sites=((8, 9), (5, 7), (0, 1), (2, 3, 4), (6, 10)))
    s = go(s, "place_rover", site="Dormitory")
    s = go(s, "skip", step="transfer")
    assert str(s.legal_actions()[0]) == "Decipher at the Dormitory: +2 red, +1 blue, +2 star"
    s = go(s, "decipher")
    assert s.boards[0].languages == (2, 0, 0, 1, 2)
    assert s.boards[0].resources == (0, 0, 0, 0)


def test_example_five_panel_reallocation_from_the_dormitory():
    s = position(sites=((8, 9), (5, 7), (0, 1), (2, 3, 4), (6, 10)))
    s = go(s, "place_rover", site="Dormitory")
    s = go(s, "skip", step="transfer")
    s = go(s, "decipher")
    s = go(s, "skip", step="replicate")
    # Panel 2: the 3 tiles are face down; the next one is a chance node over the 3.
    assert s.step == "reallocate" and s.to_move == CHANCE and s.facedown == (2, 3, 4)
    assert [p for _, p in s.chance_outcomes()] == [Fraction(1, 3)] * 3
    s = chance(s, "draw_tile", tile=3, site="Dormitory")       # panel 3
    s = chance(s, "draw_tile", tile=2, site="Infirmary")       # panel 4
    # Panel 5: the last tile wraps around to the Wasteland (placed without a draw: nothing left to choose).
    assert s.sites == ((8, 9, 4), (5, 7), (0, 1), (3,), (6, 10, 2))
    assert s.step == "pass_rover" and s.to_move == 0


def _master_position(red=8, blue=0, l3=1):
    b = position(sites=((8, 9), (5, 7), (0, 1), (2, 3, 4), (6, 10))).edit()
    b.set_player(0, red=red, blue=blue)
    for row, cid in enumerate(("L3-01", "L3-02", "L3-03")[:l3]):
        b.give(0, cid, row + 1)
    s = b.done()
    s = go(s, "place_rover", site="Dormitory")
    s = go(s, "skip", step="transfer")
    return s


def test_example_mastering_a_first_language_needs_1_level3_tech():
    s = go(_master_position(red=8, l3=1), "decipher")
    assert s.boards[0].languages[0] == 9
    assert any("masters the red Language" in e for e in s.events)
    roundtrip(s)
    blocked = go(_master_position(red=8, l3=0), "decipher")
    assert blocked.boards[0].languages[0] == 8
    assert any("mastering a first Language needs 1 Level 3 Tech; Player 1 has 0" in e for e in blocked.events)


def test_example_mastering_a_second_language_needs_2_level3_techs():
    s = go(_master_position(red=9, blue=8, l3=1), "decipher")
    assert s.boards[0].languages[3] == 8
    assert any("mastering a second Language needs 2 Level 3 Techs; Player 1 has 1" in e for e in s.events)
    s = go(_master_position(red=9, blue=8, l3=2), "decipher")
    assert s.boards[0].languages[3] == 9


def test_example_level2_tech_in_the_first_row_without_a_level1_tech():
    s = position()
    s = with_player(s, 0, languages=(3, 3, 0, 0, 0), resources=(7, 7, 7, 7))
    s = at_step(s, "replicate", rover="Workshop")
    cid = s.display[1][3]  # the bottom (+0 Oxygen) space of the Level 2 column
    s = go(s, "replicate", level=2, space=4, row=1)
    assert s.boards[0].techs[1] == cid and s.boards[0].techs[0] is None


def test_example_wasteland_die_table():
    expected = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}
    for face, hourglasses in expected.items():
        s = position(sites=((5, 8), (9, 7), (0, 1), (2, 3, 4), (6, 10)))   # "RW" at the Wasteland
        s = go(s, "place_rover", site="Wasteland")
        s = go(s, "skip", step="transfer")
        s = go(s, "use_wrench")
        assert s.to_move == CHANCE and s.chance == "wasteland_die"
        assert [p for _, p in s.chance_outcomes()] == [Fraction(1, 6)] * 6
        e = illegal(s, "wasteland_die", player=CHANCE, face=7)
        assert e.reason == "That is not one of the possible outcomes of this wasteland die."
        assert e.rule == "Step 4: Use Wrench Bonus"
        s = chance(s, "wasteland_die", face=face)
        assert s.boards[0].hourglass == hourglasses
        assert s.step == "action"


def test_example_solo_rover_tie_break():
    # Laboratory and Dormitory both hold 3 tiles: the AI takes the rightmost, or the leftmost after a 6.
    s = position(players=1, sites=((8,), (5, 7, 9), (0, 1), (2, 3, 4), (6, 10)), seat=1, solo_die=2)
    (only,) = s.legal_actions()
    assert only == Action("place_rover", 1, {"site": "Dormitory"})
    assert str(only) == ("Place the Rover on the Dormitory: most tiles (3), rightmost of the tied Sites "
                         "(Laboratory, Dormitory)")
    (only,) = s.edit().set(solo_die=6).done().legal_actions()
    assert only == Action("place_rover", 1, {"site": "Laboratory"})
    assert "leftmost" in str(only)
