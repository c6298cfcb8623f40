"""The Ruins of Mars position builder (`state.edit()`): each verb once, names, problems, totals."""
from __future__ import annotations

import random

import pytest

from mars_rules import CHANCE, PositionError
from mars_rules.ruins_of_mars.builder import Builder

from .helpers import game, position


@pytest.fixture
def start():
    return game.new_game(players=["Ada", "Bo"], seed=3, first_player=0, characters="deal")


def _problems(b):
    with pytest.raises(PositionError) as e:
        b.done()
    return e.value.problems


def test_edit_gives_the_game_builder_and_leaves_the_state_unchanged(start):
    before = start.to_json()
    b = start.edit()
    assert isinstance(b, Builder)
    b.give("Ada", tech="Dust Filter", row=1).move_tile(0, "Infirmary").place_rover("Workshop")
    b.player("Bo").fuel = 5
    built = b.done()
    assert start.to_json() == before and built != start
    assert start.boards[0].techs[0] is None and start.boards[1].resources[0] == 0


def test_resources_tokens_and_language_tracks_by_name(start):
    b = start.edit()
    b.player("ada").fuel = 3
    b.player("Ada").oxygen = 7
    b.player("Ada").green = 4
    b.player("Bo").star = 2
    b.set_player("Bo", parts=6, radiation=3, hourglass=5, blue=1)
    s = b.done()
    assert s.boards[0].resources == (3, 0, 0, 7) and s.boards[0].languages == (0, 0, 4, 0, 0)
    assert s.boards[1].resources == (0, 6, 0, 0) and s.boards[1].languages == (0, 0, 0, 1, 2)
    assert (s.boards[1].radiation, s.boards[1].hourglass) == (3, 5)
    assert b.player("Ada").green == 4


def test_give_from_the_deck_by_name_keeps_every_card_in_one_place(start):
    card = start.decks[1][0]
    name = start.cards.tech[card].name
    s = start.edit().give("Bo", tech=name, row=3).done()
    assert s.boards[1].techs[2 * 3 + 1] == card                  # row 3, the Level 2 column
    assert card not in s.decks[1] and s.display == start.display


def test_give_from_the_display_refills_its_space_from_the_deck(start):
    card = start.display[0][2]
    s = start.edit().give("Ada", tech=card, row=2).done()
    assert s.boards[0].techs[3] == card
    assert s.display[0][2] == start.decks[0][0] and s.decks[0] == start.decks[0][1:]
    assert len(s.decks[0]) + sum(c is not None for c in s.display[0]) == len(start.decks[0]) + 3


def test_put_in_display_swaps_with_the_deck(start):
    card = start.decks[2][-1]
    s = start.edit().put_in_display(start.cards.tech[card].name, space=1).done()
    assert s.display[2][0] == card and start.display[2][0] in s.decks[2] and card not in s.decks[2]
    assert s.display[2][1:] == start.display[2][1:]


def test_remove_tech_puts_a_card_out_of_the_game(start):
    card = start.decks[0][0]
    s = start.edit().remove_tech(card).done()
    assert s.removed == (card,) and card not in s.decks[0]


def test_tiles_move_between_sites_and_a_site_is_set_whole(start):
    tile = start.sites[0][0]
    s = start.edit().move_tile(tile, "Dormitory").done()
    assert s.sites[3][-1] == tile and tile not in s.sites[0]
    layout = ((8, 9, 10), (5, 7), (0, 1), (2, 3), (4, 6))
    b = start.edit()
    for site, name in enumerate(("Wasteland", "Laboratory", "Workshop", "Dormitory", "Infirmary")):
        b.set_site_tiles(name, layout[site])
    assert b.done().sites == layout
    face = start.tiles[4]                                       # a tile by its icons (each face differs here)
    assert start.edit().move_tile(face, "Wasteland").done().sites[0][-1] == 4


def test_place_rover_and_set_turn_do_the_bookkeeping(start):
    s = start.edit().place_rover("Laboratory").set_turn("Bo", "replicate").done()
    assert (s.rover, s.current, s.to_move, s.step, s.acted, s.pending) == (1, 1, 1, "replicate", True, 0)
    w = position().edit().place_rover("Infirmary").set_turn(1, "wrench").done()   # tiles S and WW
    assert (w.step, w.current, w.pending, w.acted) == ("wrench", 1, 2, False)   # counted from its tiles
    given = position().edit().set_turn(0, "wrench").set(pending=1).place_rover("Infirmary").done()
    assert given.pending == 1                                   # a pending value given wins


def test_give_character_by_name(start):
    s = start.edit().give_character("Ada", "stowaway").give_character("Bo", "Doctor").done()
    assert (s.boards[0].character, s.boards[1].character) == ("Stowaway", "Doctor")


def test_an_unknown_name_is_reported_by_done_naming_the_verb_and_the_valid_names(start):
    probs = _problems(start.edit().give("Ada", tech="Warp Drive", row=1))
    assert probs[0].startswith("give(tech='Warp Drive'): no Tech is called 'Warp Drive' (the Techs are Dust Filter (L1-01)")
    probs = _problems(start.edit().give_character("Bo", "Pilot"))
    assert probs == ["give_character('Bo', 'Pilot'): no Character is called 'Pilot' (the Characters are Doctor, "
                     "Miner, Trader, Professor, Stowaway)"]
    probs = _problems(start.edit().place_rover("Olympus"))
    assert probs == ["place_rover('Olympus'): no Site is called 'Olympus' (the Sites are Wasteland, Laboratory, "
                     "Workshop, Dormitory, Infirmary)"]
    b = start.edit()
    b.player("Ada").gold = 1
    assert _problems(b)[0].startswith("player('Ada').gold: players have no such field")


def test_a_verb_that_would_break_a_total_is_refused_and_named(start):
    card = start.decks[0][0]
    b = start.edit().give("Ada", tech=card, row=1).give("Bo", tech=card, row=1)      # one card, two boards
    assert _problems(b) == [f"give('Bo', tech='{card}', row=1): {card} is in neither its deck nor the display "
                            f"(it is on Ada's Tech board)"]
    wasteland = start.sites[0]
    b = start.edit().set_site_tiles("Laboratory", start.sites[1] + (wasteland[0],))
    b.set_site_tiles("Wasteland", (wasteland[0],))                 # a tile listed on two Sites: it moves
    probs = _problems(b)
    assert any(p.startswith("set_site_tiles('Wasteland'") and "was taken off its Site and put on no Site" in p
               for p in probs)


def test_two_problems_at_once_are_both_listed_the_builders_first(start):
    b = start.edit().give("Ada", tech="L1-01", row=4)
    b.player("Bo").fuel = 9                                      # a rule: at most 7 of a resource
    probs = _problems(b)
    assert probs[0] == "give('Ada', tech='L1-01', row=4): row is 1, 2 or 3 (a Tech board has 3 rows)"
    assert "boards[1].resources.Fuel: 9 is outside 0..7" in probs
    b = start.edit().move_tile(99, "Workshop").set_turn("Cy")
    assert [p.split(":")[0] for p in _problems(b)] == ["move_tile(99, 'Workshop')", "set_turn('Cy')"]


def test_a_position_that_breaks_a_rule_names_the_field(start):
    probs = _problems(start.edit().set_player("Ada", red=9))     # the Capstone needs a Level 3 Tech
    assert any(p.startswith("boards[0].languages: 1 Languages mastered with only 0 Level 3 Techs") for p in probs)
    card = start.decks[2][0]
    assert start.edit().give("Ada", tech=card, row=1).set_player("Ada", red=9).done().boards[0].languages[0] == 9


def test_a_built_position_plays_on():
    rng = random.Random(5)
    s = (position(characters=("Doctor", "Miner")).edit()
         .give(0, tech="L2-02", row=1).give(1, tech="L1-05", row=2)
         .set_player(0, hourglass=2, fuel=3, red=3).set_player(1, oxygen=4)
         .move_tile(6, "Workshop").done())
    for _ in range(40):
        if s.is_over:
            break
        s = s.resolve_chance() if s.to_move == CHANCE else s.apply(rng.choice(s.legal_actions()))
    assert s.turn >= 2 and game.from_json(s.to_json()) == s


def test_the_solo_ai_board_is_not_given_player_techs():
    s = game.new_game(players=["Ada"], seed=2)
    probs = _problems(s.edit().give("AI", tech="L1-01", row=1))
    assert probs[0].startswith("give('AI', tech='L1-01', row=1): the solo AI's board holds its own AI Techs")
