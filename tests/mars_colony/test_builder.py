"""The Mars position builder: every verb's effect, names for ids, problems reported together by done()."""
import random

import pytest

from mars_rules.core import CHANCE, PositionError
from mars_rules.mars_colony import quick_start
from mars_rules.mars_colony.builder import SLOT_NAMES, Builder
from mars_rules.mars_colony.data import CONTRACTS, DARK_EMPTY, DARK_WAITING, POWERED, TILES
from mars_rules.mars_colony.invariants import problems
from mars_rules.mars_colony.state import consumption
from mars_rules.mars_colony.scoring import victory_points


@pytest.fixture(scope="module")
def start():
    # after the setup, at Ada's first event: Ada holds 2 iron, 1 carbon, 1 oxygen; Bo 2 silicon, 1 water, 1 oxygen
    return quick_start(["Ada", "Bo"], seed=1, mines=["IC", "SW"], hands=["IICO", "SSWO"])


def refused(builder):
    with pytest.raises(PositionError) as e:
        builder.done()
    return e.value.problems


def test_edit_gives_the_games_builder_and_leaves_the_state_alone(start):
    before = start.to_json()
    b = start.edit()
    assert isinstance(b, Builder)
    b.hand("Ada", "WWWW").build("Ada", "comm", 2).staff("Ada", "comm1").set_turn("Bo", "build")
    assert b.done() != start
    assert start.to_json() == before


def test_hand_give_and_take_move_cards_from_and_to_the_piles(start):
    t = start.edit().hand("Ada", "CCWWO").done()
    assert t.colonies[0].hand == (0, 2, 0, 2, 1)
    assert t.reserve == tuple(r - d for r, d in zip(start.reserve, (-2, 1, 0, 2, 0)))
    t = start.edit().give_cards("Bo", {"iron": 2, "water": 1}).done()
    assert t.colonies[1].hand == (2, 0, 2, 2, 1) and t.reserve == (5, 7, 7, 6, 7)
    t = start.edit().take_cards("Ada", ["iron", "oxygen"], pile="supply").done()
    assert t.colonies[0].hand == (1, 1, 0, 0, 0)
    assert t.supply == (start.supply[0] + 1,) + start.supply[1:4] + (start.supply[4] + 1,)
    t = start.edit().hand(1, (0, 0, 0, 0, 0)).done()       # a seat number and 5 counts work too
    assert t.colonies[1].hand == (0,) * 5 and t.reserve == (7, 7, 9, 8, 8)


def test_a_material_set_by_name_on_a_player_moves_it_from_the_reserve(start):
    b = start.edit()
    b.player("ada").water = 3
    assert b.player("Ada").water == 3
    t = b.done()
    assert t.colonies[0].hand == (2, 1, 0, 3, 1) and t.reserve[3] == start.reserve[3] - 3


def test_build_levels_habitats_and_mines(start):
    t = (start.edit().build("Ada", "communications module", 2).build("Ada", "power plant")
         .build("Bo", "habitat", 2).build("Bo", "plant", 1).staff("Bo", "plant1")
         .build("Bo", "mine", material="oxygen").done())
    ada, bo = t.colonies
    assert (ada.comm, ada.plants) == (2, 1)
    assert bo.habs == (POWERED, POWERED) and bo.housed == start.colonies[1].housed + 6 - 1
    assert bo.mines == (2, 3, 4) and t.mine_tiles[4] == start.mine_tiles[4] - 1
    assert not (bo.staff >> SLOT_NAMES["mine3"]) & 1          # a new mine is built idle
    # a lower level takes tiles away; their worker goes back to the habitats
    u = t.edit().staff("Ada", "comm1", "comm2").build("Ada", "comm", 1).done()
    assert u.colonies[0].comm == 1 and u.colonies[0].staff >> SLOT_NAMES["comm2"] & 1 == 0
    assert u.colonies[0].housed == ada.housed - 1


def test_habitats_take_each_state_by_name(start):
    t = start.edit().habitats("Ada", "powered", "waiting", "dark").done()
    assert t.colonies[0].habs == (POWERED, DARK_WAITING, DARK_EMPTY)
    assert t.colonies[0].housed == start.colonies[0].housed + 3


def test_staff_unstaff_and_colonists(start):
    t = start.edit().build("Ada", "silo", 1).staff("Ada", "silo1").unstaff("Ada", "mine1").done()
    ada = t.colonies[0]
    assert ada.staff >> SLOT_NAMES["silo1"] & 1 and not ada.staff >> SLOT_NAMES["mine1"] & 1
    assert ada.housed == start.colonies[0].housed            # one out, one in
    assert start.edit().colonists("Bo", 1).done().colonies[1].housed == 1


def test_vp_and_recount_set_the_cubes(start):
    assert start.edit().vp("Bo", 4).done().colonies[1].vp == 4
    t = start.edit().build("Ada", "comm", 1).staff("Ada", "comm1").recount("Ada").done()
    assert t.colonies[0].energy == consumption(t.colonies[0]) == 5
    assert t.colonies[0].vp == victory_points(t, 0) == 1


def test_contracts_by_material_names(start):
    t = start.edit().contracts("Ada", "silicon-iron", "CW", ("oxygen", "carbon")).done()
    assert [CONTRACTS[c] for c in t.colonies[0].contracts] == [(1, 3), (2, 0), (4, 1)]


def test_cards_in_front_of_players_move_from_the_decks(start):
    t = (start.edit().played("Ada", "Soil analysis", "sci1", "Ice core archive").kept("Bo", "emergency")
         .supremacies("Bo", "Military supremacy").done())
    i = [c.id for c in start.cards.rd1].index("sci1")
    assert t.colonies[0].played == ("sci1", "sci1", "sci1b") and t.rd1_deck[i] == start.rd1_deck[i] - 2
    assert t.magna == 0                                       # 1 + 1 + 3 science points: Magna Scientia
    assert t.colonies[1].kept == ("emergency",) and t.colonies[1].supremacies == ("mil_supremacy",)
    u = t.edit().played("Ada").done()                         # taken away: to the discard pile
    assert u.colonies[0].played == () and u.rd1_discard[i] == 2 and u.magna == -1


def test_decks_and_the_card_being_resolved(start):
    t = start.edit().event_deck("Quiet sol", "deposit").rd_deck("rd2", "vp1").done()
    assert sum(t.event_deck) == 2 and sum(t.event_discard) == start.cards.event_count - 2
    assert sum(t.rd2_deck) == 1
    assert [a.get("card") for a in t.legal_actions()] == ["deposit", "calm"]
    u = start.edit().set_turn("Ada", "event_choice").resolving("Rich deposit").done()
    assert (u.card, u.task, u.to_move) == ("deposit", ("deposit", 1), 0)
    assert [a.kind for a in u.legal_actions()][0] == "take_reserve"
    # leaving the card's step sends it to the discard pile
    w = u.edit().set_turn("Ada", "trade").done()
    assert w.card == "" and sum(w.event_discard) == 1


def test_set_turn_does_the_bookkeeping(start):
    t = start.edit().build("Bo", "comm", 1).staff("Bo", "comm1").set_turn("Bo", "move_colonists").done()
    assert (t.active, t.to_move, t.step, t.task) == (1, 1, "move_colonists", (0,))
    u = t.edit().set_turn("Ada", "resupply").done()
    assert (u.active, u.to_move, u.task) == (0, CHANCE, ())


def test_unknown_names_are_problems_listing_the_valid_ones(start):
    found = refused(start.edit().build("Ada", "laboratory").played("Ada", "Warp drive").hand("Ada", "IIX")
                    .staff("Bo", "comm9").give_cards("Zed", "I"))
    assert found[0].startswith("build('Ada', 'laboratory'): no installation is called 'laboratory' (they are: "
                               "power plant, silo, mine")
    assert found[1].startswith("played('Ada'): no R&D card played face up is called 'Warp drive' (they are: "
                               "Soil analysis (sci1)")
    assert found[2].startswith("hand('Ada'): no material is called 'X' (they are: iron (I), carbon (C)")
    assert found[3].startswith("staff('Bo'): no installation slot is called 'comm9' (they are: plant0")
    assert found[4].startswith("give_cards('Zed'): no player is called 'Zed'")
    assert len(found) == 5


def test_a_verb_that_would_break_a_total_is_refused_naming_it(start):
    found = refused(start.edit().give_cards("Ada", "OOOOOOOO"))
    assert found == ["give_cards('Ada'): the reserve has 7 oxygen card(s), not 8"]
    b = start.edit().build("Ada", "spaceport", 1).build("Bo", "spaceport", 1)
    assert b.done().colonies[1].port == 1                    # the box has 2 spaceports
    many = start.edit().build("Ada", "military base", 3)
    with_others = quick_start(4, seed=3).edit()
    for seat in range(4):
        with_others.build(seat, "mil", 3)
    assert TILES["mil"] == 10 and with_others.problems[-1].startswith(
        "build(3, 'mil'): the box has 10 military base tiles and the other colonies use 9")
    assert many.done().colonies[0].mil == 3
    taken = refused(start.edit().supremacies("Ada", *["Research supremacy"] * 3))
    assert taken == ["supremacies('Ada'): no copy of rnd_supremacy is left in its deck or discard pile (the "
                     "others are held or being resolved)"]


def test_two_problems_at_once_the_builders_first_then_the_positions(start):
    b = start.edit().take_cards("Bo", "IIII").unstaff("Ada", "plant0")
    found = refused(b)
    assert found[0] == "take_cards('Bo'): Bo holds 0 iron card(s), not 4"
    assert any(p.startswith("colonies[0].staff: the active installations and habitats use") for p in found[1:])
    # and a second verb's problem comes with the first
    found = refused(start.edit().contracts("Ada", "II").vp("Bo", -1))
    assert found == ["contracts('Ada'): 'II' trades a material for itself (no such contract)",
                     "vp('Bo'): -1 is not a number of victory points"]


def test_a_contract_held_by_another_colony_is_not_copied(start):
    t = start.edit().contracts("Bo", "SI").done()
    found = refused(t.edit().contracts("Ada", "SI"))
    assert found[0] == ("contracts('Ada'): Bo holds the silicon-to-iron contract (there is one of each): take it "
                        "from them first")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_built_position_plays_on(start, seed):
    s = (start.edit().hand("Ada", "IIICCSSWWO").build("Ada", "comm", 1).build("Ada", "plant", 1)
         .staff("Ada", "plant1", "comm1").played("Bo", "drill").contracts("Bo", "WI")
         .set_turn("Ada", "trade").done())
    assert problems(s) == []
    rng = random.Random(seed)
    for _ in range(60):
        if s.is_over:
            break
        s = s.resolve_chance() if s.to_move == CHANCE else s.apply(rng.choice(s.legal_actions()))
        assert problems(s) == []


def test_several_names_come_one_after_another_or_as_one_list(start):
    a = start.edit().build("Ada", "plant", 1).staff("Ada", "plant1").unstaff("Ada", "mine1", "mine2").done()
    b = start.edit().build("Ada", "plant", 1).staff("Ada", ["plant1"]).unstaff("Ada", ["mine1", "mine2"]).done()
    assert a == b
    c = start.edit().contracts("Ada", ["SI", "CW"]).played("Bo", ["sci1", "drill"]).done()
    assert len(c.colonies[0].contracts) == 2 and c.colonies[1].played == ("drill", "sci1")


def test_the_editor_offers_every_verb_with_a_box_per_name_list():
    import inspect
    b = quick_start(2, seed=1).edit()
    for verb in ("hand", "give_cards", "take_cards", "build", "habitats", "staff", "unstaff", "colonists", "vp",
                 "recount", "contracts", "played", "kept", "supremacies", "event_deck", "rd_deck", "resolving"):
        params = inspect.signature(getattr(type(b), verb)).parameters.values()
        boxes = [p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
        assert len(boxes) >= 2, verb          # self and a box for what the verb needs (names as one list)
