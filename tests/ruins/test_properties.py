"""Whole random games for 2-5 players: invariants after every action, JSON, determinism, views."""
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mars_rules
import mars_rules.ruins as ruins
from mars_rules.core import CHANCE, PositionError
from mars_rules.ruins import invariants
from mars_rules.ruins.readable import discovery_names

from ..walks import positions


def check(s):
    """The invariants after every action: the same list from_json checks (invariants.problems), then what
    only play shows: a player to move always has a legal action, and only their own."""
    assert invariants.problems(s) == []
    if s.to_move is not None:
        legal = s.legal_actions()  # at a chance node: the outcomes
        assert legal, "dead end"
        assert all(a.player == s.to_move for a in legal)


def random_game(n, seed, every=1, roundtrip=40):
    for steps, s in enumerate(positions(ruins.new_game(n, seed=seed), seed, limit=20_000)):
        if s.is_over:
            break
        if steps % every == 0:
            check(s)
        if steps % roundtrip == 0:
            text = s.to_json()
            again = ruins.from_json(text)
            assert again == s and again.to_json() == text
    assert s.is_over, "the game did not end"
    check(s)
    return s, steps


@given(n=st.sampled_from([2, 3, 4, 5]), seed=st.integers(0, 10**6))
def test_random_games_keep_every_invariant(n, seed):
    end, _ = random_game(n, seed)
    assert end.is_over and end.winners()


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_many_seeds_end_with_one_winner(n):
    lengths = []
    for seed in range(6):
        end = mars_rules.playout(ruins.new_game(n, seed=seed), seed=seed)
        assert end.is_over and len(end.winners()) == 1
        lengths.append(end.draws)
    assert min(lengths) > 0


def test_same_seed_and_decisions_give_the_same_game():
    a, _ = random_game(3, 12, every=1000)
    b, _ = random_game(3, 12, every=1000)
    assert a.to_json() == b.to_json()


def test_views_hide_hands_decks_and_secret_flips():
    s = ruins.new_game(4, seed=2)
    s = s.apply(s.legal_actions()[0])  # Ada flips a ruin
    v = s.view(2)
    assert v.hands[2] == s.hands[2] and all(set(v.hands[q]) == {-1} for q in (0, 1, 3))
    assert set(v.deck) == {-1} and set(v.ddeck) == {-1} and v.flips[0] == -3
    assert v.legal_actions() == () and s.view(0).flips[0] == s.flips[0]
    assert s.view(None) is s                      # the teacher's view
    for not_a_seat in ("teacher", 1.0, True, len(s.players)):
        with pytest.raises(ValueError):          # never the teacher's view by mistake
            s.view(not_a_seat)


def test_custom_card_data_travels_with_the_position(tmp_path):
    from mars_rules.ruins import data
    d = data.cards_to_dict(data.DEFAULT_CARDS)
    d["name"] = "my cards"
    d["market_costs"] = [2, 2, 1, 1]
    d["ruins"][0]["night"] = 20
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(d))
    s = ruins.new_game(5, seed=1, cards=str(path))
    assert s.cards.costs == (2, 2, 1, 1) and s.cards.night[0] == 20 and s.cards.name == "my cards"
    again = ruins.from_json(s.to_json())
    assert again.cards == s.cards and again == s
    d["market_costs"] = [0, 2, 1]
    d["discoveries"][0]["position"] = "side"
    with pytest.raises(PositionError) as e:
        data.cards_from_dict(d)
    assert len(e.value.problems) >= 2


def test_malformed_positions_list_every_problem():
    s = ruins.new_game(3, seed=4)
    d = json.loads(s.to_json())
    d["torches"] = [4, 0, 3]
    d["vp"] = [11, 0, 0]
    d["hands"][0] = d["hands"][0][:-1]          # a ruin disappears
    names = discovery_names(s.cards)
    d["market"] = [names[0], names[0], names[1], names[2]]   # a discovery twice
    d["claims_left"] = [3, 2, 2]
    with pytest.raises(PositionError) as e:
        ruins.from_json(json.dumps(d))
    text = " | ".join(e.value.problems)
    for words in ("torches[0]", "vp[0]", "exactly one hand", "39 discoveries", "claims_left"):
        assert words in text
    # the last two are format 1 and format 2 with every other key missing
    for bad in ("{}", "[]", "null", '{"format": 1, "game": "ruins"}', '{"format": 2, "game": "ruins"}'):
        with pytest.raises(PositionError):
            ruins.from_json(bad)


def test_every_kind_of_position_loads_back():
    seen = set()
    for s in positions(ruins.new_game(3, seed=8, resolve_setup=False), 8):
        key = (s.step, bool(s.selection), s.round == 5)
        if key not in seen:
            seen.add(key)
            text = s.to_json()
            assert ruins.from_json(text).to_json() == text
    assert ruins.from_json(s.to_json()) == s
    steps = {k[0] for k in seen}
    assert {"refill", "deal", "night_flip", "lead", "follow", "discover"} <= steps


def test_every_action_reads_as_a_sentence():
    kinds = set()
    for s in positions(ruins.new_game(4, seed=6, resolve_setup=False), 6):
        for a in s.legal_actions()[:4] + s.legal_actions()[-1:]:
            words = str(a)
            kinds.add(a.kind)
            assert words and words[0].isupper() and "None" not in words and "{" not in words, words
    assert {"reveal", "deal", "flip", "no_flip", "pick", "done", "pass", "claim", "discover", "play"} <= kinds


def test_random_games_with_a_cheap_wild_heavy_market_keep_every_invariant():
    from mars_rules.ruins import data
    d = data.cards_to_dict(data.DEFAULT_CARDS)
    d["market_costs"] = [1, 1, 1, 1]
    for i, x in enumerate(d["discoveries"]):
        if x["position"] == "middle":
            x["effect"] = {"kind": "wild", "amount": 0}
        elif x["position"] == "top":
            x["effect"] = {"kind": "rank", "amount": 1 + i % 3}
        else:
            x["effect"] = {"kind": "draw", "amount": 2} if i % 2 else {"kind": "light", "amount": 2}
    cards = data.cards_from_dict(d)
    for n, seed in ((2, 1), (3, 0)):
        for s in positions(ruins.new_game(n, seed=seed, cards=cards), seed, limit=50_000):
            check(s)
        assert s.is_over and len(s.winners()) == 1 and ruins.from_json(s.to_json()) == s


def test_resolve_chance_draws_what_the_core_pick_would():
    from mars_rules.core import pick
    s = ruins.new_game(4, seed=3, resolve_setup=False)
    rng = random.Random(3)
    checked = 0
    while not s.is_over and checked < 250:
        if s.to_move == CHANCE:
            expected = s.advance(pick(s._outcomes(), s.seed, s.draws))
            s = s.resolve_chance()
            assert s == expected
            checked += 1
        else:
            s = s.apply(rng.choice(s.legal_actions()))
    assert checked == 250


def test_discovery_effects_the_assumed_data_has_every_effect_the_rulebook_names():
    from mars_rules.ruins import data
    c = data.DEFAULT_CARDS
    assert "ASSUMED" in c.name and "ASSUMED" in data.__doc__
    effects = set(c.disc_effect) | {e for e in c.night_effect if e}
    assert {k for k, _ in effects} == {"rank", "wild", "draw", "light"}   # +rank, wild, opponents draw, light
    assert ("light", 2) in c.disc_effect and ("draw", 1) in c.disc_effect and ("wild", 0) in c.disc_effect
    assert [c.disc_pos.count(k) for k in range(3)] == [13, 13, 13] and len(c.disc_effect) == 39
    assert data.cards_from_dict(data.cards_to_dict(c)) == c
