"""Rule options of Ruins (mars_rules.ruins.options): each changes the rule it names, positions are checked
against their own options (refused under others only where impossible), caches are keyed by what they
depend on, and custom card sets carry the market costs and scoreboard of the options."""
import json
import pathlib
import pickle
import random
import re

import pytest

import mars_rules.ruins as ruins
from mars_rules.core import CHANCE, PositionError
from mars_rules.ruins import data, invariants, legal
from mars_rules.ruins.options import OPTIONS

from .helpers import DRAW1, LIGHT2, PLUS3, WILD, act, play, position, rid, run_chance
from .test_format import format_1


def refused(position, **options) -> list:
    """The problems `from_json` reports for a State read with other `options` (its JSON's "options"
    replaced), or for a position's JSON dict as it is."""
    d = position
    if not isinstance(position, dict):
        d = json.loads(position.to_json())
        d["options"] = options
    with pytest.raises(PositionError) as e:
        ruins.from_json(json.dumps(d))
    return e.value.problems


def with_options(state, **options):
    """The same position under other options (its JSON's `options` replaced), read back."""
    d = json.loads(state.to_json())
    d["options"] = options
    return ruins.from_json(json.dumps(d))


def problem(problems, start):
    hits = [p for p in problems if p.startswith(start)]
    assert hits, f"no problem starts with {start!r}: {problems}"
    return hits[0]


def to_end(state, seed):
    rng = random.Random(seed)
    while not state.is_over:
        state = state.resolve_chance() if state.to_move == CHANCE else state.apply(rng.choice(state.legal_actions()))
    return state


def after(state, actions):
    """The position `actions` random actions later."""
    rng = random.Random(actions)
    for _ in range(actions):
        state = state.resolve_chance() if state.to_move == CHANCE else state.apply(rng.choice(state.legal_actions()))
    return state


# ----- each option changes the rule it names ------------------------------------------------------------
def test_hand_size_is_the_number_of_ruins_dealt():
    s = ruins.new_game(3, seed=1, hand_size=6)
    assert [len(h) for h in s.hands] == [6, 6, 6] and len(s.deck) == 30 - 18
    t = position(2, hands=[[rid(7)], [rid(8), rid(1)]], torches=(0, 0), options={"hand_size": 4})
    t = play(t, [rid(7)], resolve=False)   # Ada goes out: the round ends and the next deal is of 4 each
    assert t.round == 2 and t.step == "deal" and len(t.to_deal) == 8
    assert any("4 are dealt to each player" in e for e in t.events)
    t = run_chance(t)
    assert t.step == "night_flip" and [len(h) for h in t.hands] == [4, 4]


def test_torches_is_how_many_are_lit_at_the_deal_and_how_far_a_light_effect_goes():
    s = ruins.new_game(3, seed=1, torches=5)
    assert s.torches == (5, 5, 5)
    night3 = rid(5, 3)               # copy 3 of a rank lights 2 torches on its night side (ASSUMED cards)
    for options, lit in (({}, 3), ({"torches": 5}, 4)):
        t = position(2, hands=[[night3, rid(2)], [rid(8)]], torches=(2, 2), upgrades={night3: (1, -1, -1, -1, -1)},
                     options=options)
        t = act(act(t, "pick", ruin=night3), "done")
        assert t.torches[0] == lit, options   # 2 + 2, up to the game's torches


def test_claims_is_the_number_of_claim_cards_a_player_has():
    assert ruins.new_game(2, seed=1, claims=1).claims_left == (1, 1)
    assert ruins.new_game(2, seed=1, claims=0).claims_left == (0, 0)
    hands = [[rid(5), rid(5, 1), rid(2)], [rid(8)]]
    for options, step in (({}, "claim"), ({"claims": 1}, "discover")):
        t = position(2, hands=hands, torches=(0, 0), options=options)
        t = act(act(act(t, "pick", ruin=rid(5)), "pick", ruin=rid(5, 1)), "done")
        assert t.step == "claim"
        t = act(t, "claim", ruin=rid(5))
        assert t.step == step, options   # with 1 claim card, the claims step ends after the first claim
    t = position(2, hands=hands, torches=(0, 0), options={"claims": 0})
    assert act(act(t, "pick", ruin=rid(2)), "done").step == "discover"   # no claim card: no claims step


def test_market_costs_are_what_a_discovery_costs():
    def buys(options):
        t = position(2, hands=[[rid(5)], [rid(8)]], torches=(1, 1), market=(PLUS3, WILD, LIGHT2, DRAW1),
                     options=options)
        t = act(act(act(t, "pick", ruin=rid(5)), "done"), "done")   # lead it, no claim
        return {a.get("slot") for a in t.legal_actions() if a.kind == "discover"}, t
    cheap, t = buys({"market_costs": (1, 1, 1, 1)})
    assert buys({})[0] == {2, 3} and cheap == {0, 1, 2, 3}   # slots 1 and 2 cost 3 and 2 torches by default
    t = act(t, "discover", slot=0, ruin=rid(5))
    assert t.torches[0] == 0 and t.rank[rid(5)] == 8 and "Spend 1 torch on top discovery" in t.events[0]


def test_the_scoreboard_is_the_vp_of_each_place():
    for options, vp in (({}, (5, 1)), ({"scoreboard": ((4, 0), (3, 1, -1), (3, 2, 0, -1), (3, 2, 1, 0, -1))}, (6, 2))):
        t = position(2, hands=[[rid(7)], [rid(8), rid(1)]], torches=(0, 0), vp=(2, 2), options=options)
        t = play(t, [rid(7)], resolve=False)
        assert t.vp == vp and t.results == ((1, 0, 1, vp[0] - 2), (1, 1, 2, vp[1] - 2)), options


def test_instant_win_vp_is_the_score_that_wins_on_going_out_first():
    for options, over in (({}, False), ({"instant_win_vp": 6}, True)):
        t = position(3, hands=[[rid(7)], [rid(8), rid(1)], [rid(2), rid(1, 1)]], torches=(0, 0, 0), vp=(6, 2, 2),
                     options=options)
        t = play(t, [rid(7)])
        assert t.is_over == over and (t.winners() == (0,)) == over, options
    assert ruins.coverage.end_reason(t) == "instant_win"


def test_rounds_is_the_number_of_rounds_before_the_showdown():
    hands = [[rid(7)], [rid(8), rid(1)]]
    for options, after in (({}, 3), ({"rounds": 2}, None)):
        t = position(2, hands=hands, torches=(0, 0), vp=(3, 2), round=2, options=options)
        t = play(t, [rid(7)])           # Ada out first in round 2, the only VP leader
        assert (t.round if not t.is_over else None) == after, options
    assert ruins.coverage.end_reason(t) == "showdown_unopposed"
    assert any("went out first in round 2" in e for e in t.events)
    t = position(2, hands=hands, torches=(0, 0), vp=(0, 5), round=2, options={"rounds": 2})
    t = play(t, [rid(7)], resolve=False)   # Bo leads on VP (4 to 3): a showdown, round 3
    assert t.round == 3 and t.seated == (1, 1) and any("after round 2: showdown" in e for e in t.events)
    t = run_chance(t)
    end = to_end(t, 3)
    assert end.round == 3 and ruins.coverage.end_reason(end) == "showdown"
    assert [row.category for row in end.score().rows][-1] == "Round 2" and "rounds 2" in end.score().variant


@pytest.mark.parametrize("option", [o.name for o in OPTIONS])
def test_a_game_with_each_option_plays_to_the_end_and_reloads(option):
    o = OPTIONS[option]
    s = ruins.new_game(2, seed=11, **{option: o.example})
    end = to_end(s, 11)
    again = ruins.from_json(end.to_json())
    assert again == end and json.loads(end.to_json())["options"] == json.loads(json.dumps({option: o.example}))
    assert o.name.replace("_", " ") in end.score().variant and "variant rules" in str(end.score())


# ----- positions under their own options, and under others ----------------------------------------------
def test_a_position_is_refused_under_other_options_only_where_it_could_not_happen():
    # round 6 of a 6-round game: no round 6 under the rulebook's 4
    s = position(2, hands=[[rid(7)], [rid(8), rid(1)]], round=6, options={"rounds": 6})
    assert ruins.from_json(s.to_json()) == s
    assert "is outside 1..5" in problem(refused(s), "round:")
    # three claim cards left, lit torches above 3, a hand of 7 being dealt
    assert "outside 0..2" in problem(refused(ruins.new_game(3, seed=2, claims=3)), "claims_left[0]:")
    assert "outside 0..3" in problem(refused(ruins.new_game(3, seed=2, torches=5)), "torches[0]:")
    dealing = ruins.new_game(3, seed=2, hand_size=7, resolve_setup=False)
    while dealing.step != "deal" or len(dealing.hands[0]) < 2:
        dealing = dealing.resolve_chance()
    assert "have been dealt to Ada" in problem(refused(dealing), "hands[0]:")  # 9 each would deal in turn
    # a player who started the round on 7 VP went out first: an instant win under instant_win_vp 6
    t = position(3, hands=[[rid(7)], [rid(8), rid(1)], [rid(2), rid(1, 1)]], torches=(0, 0, 0), vp=(7, 2, 2))
    t = play(t, [rid(7)])
    assert not t.is_over and "instant win" in problem(refused(t, instant_win_vp=6), "out:")
    # VP scored under another scoreboard
    board = ((4, 0), (3, 1, -1), (3, 2, 0, -1), (3, 2, 1, 0, -1))
    u = play(position(2, hands=[[rid(7)], [rid(8), rid(1)]], torches=(0, 0), options={"scoreboard": board}),
             [rid(7)], resolve=False)
    assert problem(refused(u), "results[0].vp_change:")


def test_a_position_possible_under_both_option_sets_loads_under_both():
    s = after(ruins.new_game(3, seed=4, hand_size=7), actions=40)     # mid-round: any hand size fits
    assert s.step not in ("deal", "game_over") and with_options(s) == s._replace(options=OPTIONS.default)
    t = position(2, hands=[[rid(7)], [rid(8), rid(1)]], torches=(0, 0), round=3)   # round 3 of 4, or of 6
    assert with_options(t, rounds=6).options.rounds == 6 and with_options(t, rounds=6).to_json() != t.to_json()
    u = ruins.new_game(3, seed=4, market_costs=[1, 1, 1, 1])               # nothing bought yet
    assert with_options(u).cards is data.DEFAULT_CARDS


def test_the_options_of_a_position_are_checked_by_their_path():
    s = ruins.new_game(2, seed=1)
    assert problem(refused(s, hand_size=11), "options.hand_size:").endswith("11 is outside 1..10")
    assert "did you mean rounds" in problem(refused(s, round=3), "options.round:")
    assert problem(refused(s, market_costs=[1, 1]), "options.market_costs:")
    d = json.loads(s.to_json())
    d["options"] = [1]
    assert problem(refused(d), "position.options:")


def test_a_hand_must_be_larger_than_the_other_players_claims():
    # a ruin claimed by an opponent goes to them with no replacement: a hand of 8 with 4 opponents of 2 claims
    # each could be given away whole, leaving a player who could never play
    with pytest.raises(ValueError, match=r"hand_size: 8 is not more than the claims of the 4 other players"):
        ruins.new_game(5, seed=1, hand_size=8)
    assert ruins.new_game(4, seed=1, hand_size=8).options.hand_size == 8
    assert ruins.new_game(5, seed=1, hand_size=8, claims=1).options.claims == 1
    s = ruins.new_game(3, seed=1, hand_size=7, claims=3)
    assert problem(refused(s, hand_size=6, claims=3), "options.hand_size: 6 is not more than")


def test_new_game_refuses_bad_options_naming_them():
    with pytest.raises(ValueError, match="rounds: 9 is outside 1..8"):
        ruins.new_game(2, seed=1, rounds=9)
    with pytest.raises(ValueError, match=r"unknown option hand_limit \(did you mean hand_size\?\)"):
        ruins.new_game(2, seed=1, hand_limit=6)
    with pytest.raises(ValueError, match=r"scoreboard\[1\]: has 2 entries, expected 3"):
        ruins.new_game(2, seed=1, scoreboard=((3, -1), (3, -1), (3, 2, 0, -1), (3, 2, 1, 0, -1)))


# ----- card data and the options ----------------------------------------------------------------------
def _cards(costs=(2, 2, 2, 2)):
    d = data.cards_to_dict(data.DEFAULT_CARDS)
    d["name"], d["market_costs"] = "flat market", list(costs)
    return d


def test_a_card_file_gives_its_market_costs_and_scoreboard_as_options_unless_they_are_given():
    s = ruins.new_game(2, seed=3, cards=_cards())
    assert s.options.market_costs == s.cards.costs == (2, 2, 2, 2)
    d = json.loads(s.to_json())
    assert d["options"] == {"market_costs": [2, 2, 2, 2]} and d["cards"]["market_costs"] == [2, 2, 2, 2]
    assert ruins.from_json(s.to_json()) == s
    t = ruins.new_game(2, seed=3, cards=_cards(), market_costs=(1, 1, 1, 1))
    assert t.options.market_costs == t.cards.costs == (1, 1, 1, 1) and ruins.from_json(t.to_json()) == t
    d["options"] = {}                # the card set says 2, 2, 2, 2; the options (the default) 3, 2, 1, 1
    assert "options.market_costs" in problem(refused(d), "cards.market_costs:")
    u = ruins.new_game(2, seed=3, market_costs=[2, 2, 2, 2])
    assert json.loads(u.to_json())["cards"] == "default" and u.cards.costs == (2, 2, 2, 2)


def test_a_format_1_position_maps_its_card_set_onto_the_options():
    s = ruins.new_game(3, seed=6, cards=_cards((4, 3, 2, 1)))
    old = ruins.from_json(format_1(s))
    assert old == s and old.options.market_costs == (4, 3, 2, 1) and old.variant().startswith("market costs")
    assert ruins.from_json(format_1(ruins.new_game(3, seed=6))).options == OPTIONS.default


# ----- caches and independence ------------------------------------------------------------------------------
def test_the_market_offers_cache_is_keyed_by_the_costs_too():
    def offers(options):
        return legal._market_offers(position(2, hands=[[rid(5)], [rid(8)]], options=options))[0]
    before = offers({})
    cheap = offers({"market_costs": (1, 1, 1, 1)})           # the same market, other costs
    assert [o[0] for o in before] == [3, 2] and [o[0] for o in cheap] == [1, 1]
    assert offers({}) == before


def test_a_variant_game_played_first_leaves_the_default_game_as_played_alone():
    def transcript(**options):
        s = ruins.new_game(3, seed=21, **options)
        rng = random.Random(21)
        events = []
        for _ in range(250):
            s = s.resolve_chance() if s.to_move == CHANCE else s.apply(rng.choice(s.legal_actions()))
            events += s.events
        return events, s
    alone = transcript()
    transcript(market_costs=(1, 1, 1, 1), torches=5, claims=4, scoreboard=OPTIONS["scoreboard"].example)
    assert transcript() == alone


def test_a_variant_state_pickles_for_a_process_pool():
    s = ruins.new_game(2, seed=1, rounds=2, market_costs=(1, 2, 1, 2))
    assert pickle.loads(pickle.dumps(s)) == s


# ----- documentation ----------------------------------------------------------------------------------------
def test_the_package_docstring_table_matches_the_options():
    rows = {m.group(1): m for m in re.finditer(r"^\| `(\w+)` \| (.+?) \| (.+?) \| (printed|ASSUMED) \|",
                                                ruins.__doc__, re.M)}
    assert list(rows) == [o.name for o in OPTIONS]
    for o in OPTIONS:
        m = rows[o.name]
        assert m.group(2) == str(o.default), o.name
        assert m.group(3).startswith(f"{o.low}..{o.high}") or f"{o.low}..{o.high}" in m.group(3), o.name
        assert (m.group(4) == "printed") == o.printed, o.name


def test_the_position_page_has_the_options_table():
    page = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "positions" / "ruins.md").read_text(encoding="utf-8")
    assert "## Rule options" in page and OPTIONS.markdown() in page


def test_the_board_shows_the_variant_rounds_and_torches():
    from widgets.ruins import Board
    s = ruins.new_game(2, seed=1, rounds=6, torches=5, instant_win_vp=7)
    board = Board(s)
    assert "Ruins: round 1 of 6" in board.texts and "6" in board.texts and "slot 1: 3 torches" in board.texts


# ----- random play under variants keeps every invariant -------------------------------------------------------
VARIANTS = [
    {o.name: o.example for o in OPTIONS},
    {"hand_size": 10, "torches": 6, "claims": 4, "market_costs": (10, 1, 6, 2), "instant_win_vp": 10, "rounds": 1},
    {"hand_size": 1, "torches": 1, "claims": 0, "scoreboard": ((0, 0), (0, 0, 0), (-10, 0, 0, 10), (10, 0, 0, 0, -10)),
     "rounds": 8},
]


@pytest.mark.parametrize("players,options", [(2, VARIANTS[0]), (3, VARIANTS[1]), (5, VARIANTS[2])])
def test_random_play_under_a_variant_keeps_every_invariant_and_reloads(players, options):
    s = ruins.new_game(players, seed=players, **options)
    rng = random.Random(players)
    steps = 0
    while not s.is_over:
        assert invariants.problems(s) == [], steps
        if steps % 50 == 0:
            assert ruins.from_json(s.to_json()) == s
        legal_now = s.legal_actions()
        assert legal_now, "dead end"
        s = s.resolve_chance() if s.to_move == CHANCE else s.apply(rng.choice(legal_now))
        steps += 1
        assert steps < 20_000
    assert invariants.problems(s) == [] and ruins.from_json(s.to_json()) == s
    assert s.round <= s.options.rounds + 1 and len(s.winners()) == 1
