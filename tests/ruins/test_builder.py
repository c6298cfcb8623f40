"""The Ruins position builder (mars_rules.ruins.builder): each verb's effect, names, problems, play on."""
import random

import pytest

import mars_rules.ruins as ruins
from mars_rules.core import PositionError
from mars_rules.ruins.scenario import WILD, rid, used_for


@pytest.fixture
def game():
    """A 3-player game with every hand back in the deck (the verbs then deal from the deck)."""
    every_first_copy = used_for(3, [rid(rank) for rank in range(1, 11)])  # rid(r) is in play: named below
    s = ruins.new_game(players=["Ada", "Bo", "Cy"], seed=3, ruins_used=every_first_copy)
    b = s.edit().set_hand("Ada", ranks=[1]).set_hand("Bo", ranks=[2]).set_hand("Cy", ranks=[3])
    return b.set_turn("Ada", "lead").done()


def test_every_verb_has_its_effect_and_the_state_given_is_unchanged(game):
    before = game.to_json()
    b = (game.edit().set_hand("Bo", ranks=[9]).set_hand("Ada", [rid(2)], ranks=[7, 7]).set_hand("Cy", [rid(1)])
         .give("Bo", "rank 4").night_side(rid(4)).played("Cy", "rank 6").set_turn("Ada", "follow"))
    t = (b.upgrade(rid(2), "wild").upgrade(rid(7), "top +3 rank").claim("Bo", rid(9)).light_torches("Ada", 1)
         .offer(0, "light 2 torches").set_vp("Cy", 6).flip("Ada", None).done())
    assert game.to_json() == before
    assert sorted(t.rank[c] for c in t.hands[0]) == [2, 7, 10] and t.wild[rid(2)] == 1
    assert t.hands[1] == (rid(4), rid(9)) and t.ruins[rid(4)][0] == 1 and t.rank[rid(4)] > 4
    assert t.ruins[rid(9)][1] == 1 and t.claims_left == (2, 1, 2)
    assert t.trick == t.last_play == (rid(6),) and t.last_player == 2 and t.last_rank == 6
    assert t.passed == () and t.to_move == 0 and t.step == "follow"
    assert t.torches == (1, 3, 3) and t.vp == (0, 0, 6) and t.start_vp == (0, 0, 6)
    assert t.cards.disc_effect[t.market[0]] == ("light", 2)
    assert t.ruins[rid(2)][3] == WILD or t.cards.disc_effect[t.ruins[rid(2)][3]] == ("wild", 0)
    assert len(t.deck) + sum(map(len, t.hands)) + len(t.trick) == len(t.used)


def test_night_flip_turn_and_a_flip_choice(game):
    t = game.edit().set_turn("Bo", "night_flip").flip("Ada", game.hands[0][0]).done()
    assert t.flips[0] == game.hands[0][0] and t.flips[1:] == (-2, -2) and t.to_move == 1


def test_unknown_names_and_a_broken_total_are_all_reported(game):
    b = (game.edit().upgrade(rid(3), "+9 rank").light_torches("Dee", 2).give("Ada", game.hands[1][0])
         .claim("Ada", rid(1)).claim("Ada", rid(2)).claim("Ada", rid(3)))
    with pytest.raises(PositionError) as e:
        b.done()
    text = "\n".join(e.value.problems)
    assert "upgrade(" in text and "'+9 rank'" in text and "discovery deck holds" in text
    assert "light_torches('Dee')" in text and "the players are Ada, Bo, Cy" in text
    assert "give('Ada'" in text and "in Bo's hand" in text
    assert "claim('Ada', 10)" in text and "both claim cards" in text
    assert len(e.value.problems) == 4


def test_set_around_the_verbs_is_checked_by_done(game):
    with pytest.raises(PositionError) as e:
        game.edit().set(torches=(4, 3, 3), market=(game.ddeck[0],) + game.market[1:]).done()
    assert len(e.value.problems) == 2 and e.value.problems[0].startswith("torches[0]")
    assert "ddeck" in e.value.problems[1]


def test_a_built_position_plays_on(game):
    b = game.edit().set_hand("Bo", ranks=[3, 8]).set_hand("Ada", ranks=[5, 5, 1]).set_turn("Ada", "lead")
    s = b.upgrade("rank 1", "wild", source="ddeck").done()
    rng = random.Random(1)
    for _ in range(40):
        if s.is_over:
            break
        s = s.resolve_chance() if s.to_move == "chance" else s.apply(rng.choice(s.legal_actions()))
        assert ruins.from_json(s.to_json()) == s
