"""Positions: byte-exact round trips, custom cards carried along, malformed positions listed problem by problem."""
import json

import pytest

from mars_rules.core import PositionError
from mars_rules.mars_colony import data, from_json, new_game
from mars_rules.mars_colony.data import CardSet, load_cards

from .helpers import at, colony, start


def test_round_trip_at_every_kind_of_step():
    s = new_game(players=3, seed=4)
    seen = set()
    for _ in range(400):
        t = s.to_json()
        assert from_json(t).to_json() == t and from_json(t) == s
        seen.add(s.step)
        s = s.resolve_chance() if s.to_move == "chance" else s.apply(s.legal_actions()[-1])
    assert {"mine_draft", "deal", "event", "trade", "build", "move_colonists"} <= seen


def bad(text_or_dict):
    text = text_or_dict if isinstance(text_or_dict, str) else json.dumps(text_or_dict)
    with pytest.raises(PositionError) as e:
        from_json(text)
    return e.value.problems


def test_malformed_positions_list_every_problem():
    d = start(2, seed=1).to_dict()
    assert bad("not json")
    assert bad(dict(d, game="ruins"))
    two = dict(d, round=0, options={"target": 31})
    probs = bad(two)
    assert len(probs) == 2 and any("round" in p for p in probs) and any(p.startswith("options.target:") for p in probs)
    e = json.loads(json.dumps(d))
    e["colonies"][0]["hand"]["iron"] += 1                 # 13 iron cards
    e["colonies"][1]["contracts"] = ["iron-carbon"]
    e["colonies"][0]["contracts"] = ["iron-carbon"]       # one contract held twice
    e["colonies"][0]["staff"].append("comm1")             # a colonist on an unbuilt module
    probs = bad(e)
    assert any(p.startswith("position: iron cards: 13 in play") and "lower `reserve.iron` by 1" in p for p in probs)
    assert any(p.startswith("colonies[1].contracts:") and "held twice" in p for p in probs)
    assert any(p.startswith("colonies[0].staff:") and "not built" in p for p in probs)
    f = json.loads(json.dumps(d))
    f["to_move"] = 1
    f["colonies"][0]["extra"] = 3
    probs = bad(f)
    assert any("unexpected key" in p for p in probs)
    g = json.loads(json.dumps(d))
    g["to_move"] = 1
    assert any(p.startswith('to_move: 1 at step event, where it is "chance"') for p in bad(g))
    assert bad(start(2, seed=1).view(0).to_json()) == [
        "position: this is one player's view (`state.view(p)`, hidden cards blanked), for looking only: load the "
        "full position (`state.to_json()`)"]


def test_mid_turn_positions_load_hand_above_the_limit():
    s = at(start(2, seed=1), "trade")
    s = colony(s, 0, hand=(4, 1, 1, 1, 1), )
    s = s._replace(reserve=tuple(12 - s.supply[m] - sum(c.hand[m] for c in s.colonies) for m in range(5)))
    assert from_json(s.to_json()) == s


def test_custom_cards_load_and_travel_with_the_position(tmp_path):
    d = data.DEFAULT_CARDS.to_dict()
    d["events"] = [e for e in d["events"] if e["id"] in ("calm", "minor_comm")]
    d["die"] = {"rd1": 1, "rd2": 0, "blank": 1}
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(d))
    cards = load_cards(path)
    assert isinstance(cards, CardSet) and cards.event_count == 4
    s = new_game(players=2, seed=3, cards=str(path))
    t = s.to_json()
    assert '"cards"' in t and from_json(t).cards == cards and from_json(t).to_json() == t
    d["events"][0]["type"] = "volcano"
    d["rd1"][0]["copies"] = 0
    path.write_text(json.dumps(d))
    with pytest.raises(PositionError) as e:
        load_cards(path)
    assert len(e.value.problems) == 2


def test_new_game_options_are_checked():
    with pytest.raises(ValueError):
        new_game(players=5)
    with pytest.raises(ValueError, match="target"):
        new_game(players=2, target=31)
    with pytest.raises(ValueError, match="colour"):
        new_game(players=2, colour="red")


def test_positions_without_any_next_move_are_refused():
    s = start(2, seed=1)
    d = json.loads(at(s, "discard").to_json())
    assert any(p.startswith("step: discard") and "within the hand and contract limits" in p for p in bad(d))
    d = json.loads(s.to_json())
    every = {**d["event_deck"], **d["event_discard"]}      # cards by name, the ones with no copy left out
    d["event_discard"] = {k: d["event_deck"].get(k, 0) + d["event_discard"].get(k, 0) for k in every}
    d["event_deck"] = {}
    assert any(p.startswith("event_deck: empty at step event") for p in bad(d))


def test_card_data_refuses_an_id_used_twice_across_the_decks():
    d = data.DEFAULT_CARDS.to_dict()
    d["rd2"][0]["id"] = d["events"][0]["id"]   # an R&D card named like an event card
    d["rd1"][1]["id"] = d["rd1"][0]["id"]      # two R&D1 cards with one id
    with pytest.raises(PositionError) as e:
        data.cards_from_dict(d)
    assert [p for p in e.value.problems if "used twice" in p] == [
        f"cards.rd1[1].id: {d['rd1'][0]['id']!r} is used twice",
        f"cards.rd2[0].id: {d['events'][0]['id']!r} is used twice"]


# ----- impossible positions: each refused, its message naming the field -------------------------------
import random  # noqa: E402
import re  # noqa: E402

from mars_rules.core import CHANCE, check_names, name_problems  # noqa: E402
from mars_rules.core import Checker  # noqa: E402
from mars_rules.mars_colony import invariants, readable  # noqa: E402
from mars_rules.mars_colony.rules_setup import MINE_ACTIONS  # noqa: E402


def played(players=3, seed=4, until=lambda s: s.round >= 3 and s.step == "trade"):
    """A position reached by random legal play (seeded) where `until` first holds."""
    s = new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not until(s):
        assert not s.is_over
        legal = s.legal_actions()
        s = s.resolve_chance() if s.to_move == CHANCE else s.apply(legal[rng.randrange(len(legal))])
    return s


def with_(state, *changes):
    """The position's JSON with (path, value) changes made (a path is a tuple of keys and indices)."""
    d = json.loads(state.to_json())
    for path, value in changes:
        target = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return d


def test_colonists_beyond_the_habitats_room_are_refused():
    s = played()
    probs = bad(with_(s, (("colonies", 2, "housed"), 50)))
    room = 7 + 3 * s.colonies[2].habs.count(data.POWERED)
    assert probs == [f"colonies[2].housed: 50 colonists in the habitats, room for {room} (7 in habitat 0 + 3 per "
                     f"powered habitat): lower `colonies[2].housed` by {50 - room}"]
    # the fuzz finding: during the draft each colonist placed on a mine leaves habitat 0, so a colony there
    # is exactly its start board; one colonist short would go below zero at the next pick
    draft = new_game(players=4, seed=4)
    probs = bad(with_(draft, (("colonies", 3, "housed"), 1)))
    assert any(p.startswith("colonies[3].housed: 1 during the setup") and "set `colonies[3].housed` to 5" in p
               for p in probs)


def test_a_vp_cube_that_no_recount_could_set_is_refused():
    s = played()
    q = (s.active + 1) % 3
    probs = bad(with_(s, (("colonies", q, "vp"), 50)))
    assert probs == [f"colonies[{q}].vp: the VP cube shows 50, at or above the target 12, yet the game went on "
                     f"after that player's turn: lower `colonies[{q}].vp` below 12"]
    # just recounted (the end of the turn, over the hand limit): the cube is what the recount gives
    end = played(2, 1, lambda s: s.step == "discard")
    p = end.active
    probs = bad(with_(end, (("colonies", p, "vp"), end.colonies[p].vp + 1)))
    assert probs == [f"colonies[{p}].vp: the VP cube shows {end.colonies[p].vp + 1}, but it was just recounted at "
                     f"the end of this turn: set it to {end.colonies[p].vp}"]
    assert any(x.startswith(f"colonies[{p}].energy: the energy cube shows 99")
               for x in bad(with_(end, (("colonies", p, "energy"), 99))))


def test_a_finished_game_names_the_winners_its_vp_cubes_give():
    over = played(2, 3, lambda s: s.is_over)      # random play: the round limit ends it, seat 0 ahead 7 to 3
    assert from_json(over.to_json()) == over and over.result == (0,) and over.round == over.turn_limit
    assert bad(with_(over, (("result",), [1]))) == [
        "result: at the turn limit the highest VP on the track wins: seats 0 with 7: set `result` to 0"]
    assert bad(with_(over, (("result",), []))) == [
        "result: a finished game has at least one winner: list the winners' seats in `result`"]
    tied = with_(over, (("colonies", 0, "vp"), 3))     # seat 1 ended the last turn: its cube is the recount
    assert bad(tied) == [
        "result: at the turn limit the highest VP on the track wins: seats 0, 1 with 3: set `result` to 0, 1"]
    tied["result"] = [0, 1]
    assert from_json(json.dumps(tied)).winners() == (0, 1)


def test_custom_card_data_with_a_null_die_weight_is_refused():
    d = data.DEFAULT_CARDS.to_dict()
    d["die"] = {"rd1": None, "rd2": 1, "blank": 1}
    s = json.loads(new_game(players=2, seed=3).to_json())
    s["cards"] = d
    assert bad(s) == ["cards.die.rd1: null where an integer 0..100 is needed"]
    d["die"] = {"rd1": 1, "blank": 1}
    assert bad(s) == ['cards.die: missing key "rd2"']
    d["die"] = {"rd1": 0, "rd2": 0, "blank": 0}
    assert any(p.startswith("cards.die:") and "total weight above 0" in p for p in bad(s))


def test_die_weights_stay_on_their_named_faces():
    d = data.DEFAULT_CARDS.to_dict()
    d["die"] = {"blank": 5, "rd2": 0, "rd1": 1}       # written in another order than DIE_FACES
    cards = data.cards_from_dict(d)
    assert dict(zip(data.DIE_FACES, cards.die)) == {"rd1": 1, "rd2": 0, "blank": 5}
    s = played(2, 1, lambda s: s.step == "research")
    s = from_json(json.dumps(dict(json.loads(s.to_json()), cards=d)))
    die = s.apply(s.find("roll_die"))
    faces = {a.get("face"): str(w) for a, w in die.chance_outcomes()}
    assert faces == {"rd1": "1/6", "blank": "5/6"}


@pytest.mark.parametrize("to_move", [1.0, True, 0.0, False, "1", [1]])
def test_to_move_must_be_an_int_seat_chance_or_null(to_move):
    s = played(2, 1, lambda s: s.step == "trade" and s.active == 1)
    probs = bad(with_(s, (("to_move",), to_move)))
    assert len(probs) == 1 and probs[0].startswith(f"to_move: {json.dumps(to_move)} is not a seat")


def test_the_shared_mine_draft_cache_holds_only_ints():
    draft = new_game(players=2, seed=1)
    for to_move in (True, 1.0):
        with pytest.raises(PositionError):
            from_json(json.dumps(with_(draft, (("to_move",), to_move), (("active",), 1), (("task",), [1]))))
    # a State built by hand (no from_json) with to_move True: its actions are not kept for other games
    MINE_ACTIONS.clear()
    hand_built = draft._replace(to_move=True, active=1, task=(1,))
    assert all(a.player is True for a in hand_built.legal_actions())
    assert all(type(k[0]) is int and all(type(x) is int for x in k[1]) for k in MINE_ACTIONS) and not MINE_ACTIONS
    seat1 = new_game(players=2, seed=1).apply(new_game(players=2, seed=1).legal_actions()[0])
    assert seat1.to_move == 1 and all(type(a.player) is int for a in seat1.legal_actions())
    assert all(type(k[0]) is int for k in MINE_ACTIONS) and MINE_ACTIONS


def test_a_step_that_play_passes_through_is_refused():
    s = played(2, 1, lambda s: s.step == "trade")
    probs = bad(with_(s, (("step",), "mining")))
    assert probs == ["step: mining is passed through at once (it needs no decision), so no position rests there: "
                     "use the step after it"]


def test_the_card_being_resolved_fits_its_step():
    s = played(2, 1, lambda s: s.step == "trade")
    assert bad(with_(s, (("card",), "Quiet sol (calm)"))) == [
        'card: "Quiet sol (calm)" is being resolved at step trade, where no card is: set `card` to null']


# ----- player names ------------------------------------------------------------------------------------
BAD_NAMES = {"empty": "", "41 characters": "x" * 41, "duplicate": "ADA", "lone surrogate": "\ud800",
             "control character": "Bo\x07"}


@pytest.mark.parametrize("why", sorted(BAD_NAMES))
def test_new_game_refuses_bad_names(why):
    names = ["Ada", BAD_NAMES[why]]
    with pytest.raises(ValueError) as e:
        new_game(players=names, seed=1)
    assert str(e.value) == "; ".join(name_problems(names))


@pytest.mark.parametrize("why", sorted(BAD_NAMES))
def test_from_json_refuses_bad_names(why):
    good = new_game(players=["Ada", "Bo"], seed=1).to_json()
    text = good.replace('"Bo"', json.dumps(BAD_NAMES[why]))   # json.dumps writes the surrogate as \ud800
    with pytest.raises(PositionError) as e:
        from_json(text)
    assert any(p.startswith("players[1]") or "surrogate" in p for p in e.value.problems)


def test_every_name_new_game_accepts_loads_back():
    for names in (["Ada", "Bo"], ["x" * 40, "Zoë", "李"], ["a b", "A-B", "c", "d"]):
        assert check_names(names) == tuple(names)
        s = new_game(players=names, seed=2)
        assert from_json(s.to_json()) == s


@pytest.mark.parametrize("kwargs", [dict(seed=-1), dict(seed=1.5), dict(seed=True), dict(target=12.0),
                                    dict(target=True), dict(turn_limit=-1), dict(turn_limit=10_001),
                                    dict(turn_limit=6.0), dict(players=True), dict(players="Ada"),
                                    dict(players=["Ada"])])
def test_new_game_refuses_what_from_json_would_refuse(kwargs):
    with pytest.raises(ValueError):
        new_game(**{"players": 2, **kwargs})


def test_new_game_refuses_a_card_set_that_does_not_read_back():
    broken = data.DEFAULT_CARDS._replace(die=(1, 1))            # a weight short: faces would shift
    with pytest.raises(ValueError):
        new_game(players=2, seed=1, cards=broken)
    fine = data.cards_from_dict(dict(data.DEFAULT_CARDS.to_dict(), die={"rd1": 2, "rd2": 1, "blank": 3}))
    s = new_game(players=2, seed=1, cards=fine)
    assert from_json(s.to_json()) == s


# ----- one list of invariants for from_json, new_game and the property tests -----------------------------
def format1(state) -> str:
    """The position written in format 1 (the format-2 text translated back, as from_json reads it)."""
    return json.dumps(readable.translate(json.loads(state.to_json()), Checker())[0])


def test_from_json_reports_exactly_the_shared_invariants():
    """For positions well typed but impossible, from_json's problems are invariants.problems of the State: as
    they are from format 1, each line with its format-2 paths and values from format 2."""
    s = played()
    q = s.active
    cases = [dict(housed=50), dict(vp=40), dict(staff=s.colonies[q].staff | 1 << 20)]
    names = readable.card_names(s.cards)
    for change in cases:
        col = s.colonies[q]._replace(**change)
        state = s._replace(colonies=s.colonies[:q] + (col,) + s.colonies[q + 1:])
        found = invariants.problems(state)
        assert found and bad(format1(state)) == found
        task = json.loads(state.to_json())["task"]
        assert bad(state.to_json()) == [readable.problem(p, state, names, task) for p in found]
    assert bad(s._replace(colonies=s.colonies[:q] + (s.colonies[q]._replace(staff=s.colonies[q].staff | 1 << 20),)
                          + s.colonies[q + 1:]).to_json())[0] == (
        f'colonies[{q}].staff: a colonist works on the spaceport ("port"), not built: remove "port" from '
        f'`colonies[{q}].staff` or build it')
    assert invariants.problems(s) == [] and from_json(s.to_json()) == s


def test_the_property_tests_check_the_same_list():
    from . import test_properties
    assert test_properties.problems is invariants.problems
    assert from_json.__wrapped__.__module__ == "mars_rules.mars_colony.codec"   # decorated by reads_positions


def test_messages_name_the_field_and_show_no_python_lists():
    s = played()
    first = readable.card_names(s.cards).decks["events"][0]
    d = with_(s, (("supply", "iron"), s.supply[0] + 2), (("colonies", 0, "housed"), 60),
              (("event_discard", first), s.event_discard[0] + 1), (("mine_tiles", "carbon"), s.mine_tiles[1] + 1),
              (("task",), {"pick": 3}))
    probs = bad(d)
    assert len(probs) >= 5
    for p in probs:
        assert re.match(r"[\w\[\]. &-]+:", p), p                  # starts with what it is about
        assert not re.search(r"[\[(]\d+(, \d+)+[\])]", p), p       # no bare Python list or tuple
        assert "`" in p or p.startswith("task:"), p                # names the field to change
    assert any("lower `supply.iron` by 2" in p or "lower `reserve.iron` by 2" in p for p in probs)
    assert any(p.startswith('task: {"pick": 3} does not fit step trade') for p in probs)
    # format 1 wanted contracts in increasing order, each once; format 2 takes them in any order, each once
    twice = with_(s, (("colonies", 1, "contracts"), ["carbon-silicon", "carbon-silicon"]))
    assert bad(twice) == ['colonies[1].contracts[1]: "carbon-silicon" is listed twice']
