"""Legality proven against brute force (issue 17): `legal_actions()` equals the reference of reference_legal.py
(every kind of the step, every combination of its params, kept when the rulebook allows it) on positions of
random and greedy play with 2, 3 and 4 players and on the rare cases (full Depots and Storage, empty Warehouse,
supply and reserve, the last Advanced Building marker, the last Tech tiles of the Grid, Ships all welcomed, the
Shuttle on either side, an end triggered by the first Mission contribution). Every candidate the reference refuses is refused by `apply` with
the reason `_why` gives, a specific one.

`LEGALITY_POSITIONS` sets how many sampled positions the comparison uses (the soak runs thousands).

The gaps it found in the engine, now fixed and kept as scenario tests: `pass_turn` was offered when a Private
Goal discarded for a Crystal pays the Executive action that brings a Colonist home (Colonization Phase: a turn
has one mandatory Main action), and some refusals (`REFUSALS`) had only the generic reason.
"""
import os
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mars_rules.core import Action, IllegalAction
from mars_rules.on_mars import data as D
from mars_rules.on_mars import new_game
from mars_rules.on_mars.readable import blueprint_name
from mars_rules.on_mars.scenario import resolve

from ..refusals import GENERIC
from .reference_legal import (EDITS, VARIANTS, Facts, candidates, compare, edited, play, reference_legal,
                              sample_positions, side)

POSITIONS = int(os.environ.get("LEGALITY_POSITIONS", "300"))


def _refused(state):
    return [a for a, ok in candidates(state) if not ok]


REFUSALS = {
    "done naming another action": lambda s, a: a.kind == "done" and a.get("action") != s.step,
    "construct of a type not chosen": lambda s, a: a.kind == "construct" and a.get("building") != s.build,
    "learn_tech naming a Resource for the bottom or middle row":
        lambda s, a: a.kind == "learn_tech" and a.get("row") != "top" and a.get("extra") != "",
    "travel to your own side, or paying a Ship when the Shuttle left your side":
        lambda s, a: a.kind == "travel" and (a.get("to") == side(s.order[a.player])
                                             or (a.get("pay") == "ship" and s.shuttle_left == side(s.order[a.player]))),
    "take_resource with that Resource's Storage full": lambda s, a: a.kind == "take_resource" and (
        s.pieces[a.player].res[D.RES_INDEX[a.get("resource")]] >= s.options.resource_cap),
    "advanced_action paid where a Scientist works":
        lambda s, a: a.kind == "advanced_action" and not a.get("free") and a.get("hex") in Facts(s).working,
}
"""Kinds of refused candidate the engine once refused with its generic fallback reason (name -> which)."""
def _check(states) -> list:
    """Compare each position; -> the steps met (one per position)."""
    steps = []
    for state in states:
        steps.append(state.step)
        diff = compare(state)
        assert not diff, f"{len(diff)} difference(s), the first: {diff[0]}"
    return steps


# ----------------------------------------------------------------- the comparison
def test_legal_actions_equal_the_brute_force_reference_on_played_and_rare_positions():
    """Colonization Phase, Main Board Action Mechanics, Orbital Station and Colony Main Actions, Executive
    Actions, Missions and Private Goals, Shuttle Phase, End of the Game: every step met in play."""
    steps = _check(sample_positions(POSITIONS, seed=0))
    assert len(steps) == POSITIONS
    assert {"turn", "turn_end", "pay", "control", "upgrade", "resource", "shuttle", "turn_order",
            "final_round"} <= set(steps)


@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), plies=st.integers(0, 300),
       variant=st.integers(0, len(VARIANTS) - 1),
       rare=st.lists(st.sampled_from(sorted(EDITS)), min_size=1, max_size=4, unique=True),
       after=st.integers(1, 6))
def test_reference_agrees_on_rare_cases(players, seed, plies, variant, rare, after):
    """The rare cases of the rulebook's limits: Depot and Storage capacity (Resupply: limited capacity), empty
    supplies, the last Advanced Building marker (Obtain Blueprint), Ships welcomed (Welcome a Ship), the Shuttle
    on either side (Shuttle Phase), the end triggered (End of the Game); then a few moves on from there."""
    rng = random.Random(seed)
    start = list(play(new_game(players=players, seed=seed, **VARIANTS[variant]), rng, plies + 1))[-1]
    _check(play(edited(start, rare), rng, after))


def test_every_rare_case_applies_to_some_played_position():
    """The rare-case edits are real: each one changes one of the first positions it is tried on (an edit a
    position does not admit is skipped, so a broken edit would silently test nothing)."""
    for i, name in enumerate(EDITS):
        players = 4 if name == "empty supply" else 2 + i % 3
        tried = [list(play(new_game(players=players, seed=seed, **VARIANTS[seed % len(VARIANTS)]),
                           random.Random(seed), 40))[-1] for seed in range(4)]
        assert any(edited(s, [name]).to_json() != s.to_json() for s in tried), name


# ----------------------------------------------------------------- rare cases, one by one
def _turn(players=2, seed=7, colony=False):
    s = resolve(new_game(players=players, seed=seed))
    w = s.to_move
    return s.edit().turn_order("colony" if colony else "orbit", w).set_turn(w, "turn"), s, w


def test_a_full_depot_refuses_the_private_goal_discard():
    """Missions and Private Goals: a Goal is discarded "to use it as a Crystal"; with a full Depot (5/5) the
    Crystal would be lost, and this engine's reading refuses the discard (test_more_rules `goal_crystal_lost`)."""
    b, s, w = _turn()
    full = b.crystals(w, 5).done()
    goal = full.pieces[w].goals[0]
    discard = Action("discard_goal", w, {"goal": goal})
    assert discard not in reference_legal(full) and discard not in full.legal_actions()
    with pytest.raises(IllegalAction) as e:
        full.apply(discard)
    assert "Depot is full" in e.value.reason and (e.value.reason, e.value.rule) == full._why(discard)
    assert compare(full) == []


def test_an_empty_warehouse_closes_resupply():
    """Orbital Station Main Actions (Resupply): nothing to take, so the action is not offered."""
    b, s, w = _turn()
    empty = b.set(warehouse=(0,) * 6, supply=s.supply + s.warehouse[0]).done()
    main = Action("main", w, {"action": "resupply"})
    assert main not in reference_legal(empty) and main not in empty.legal_actions()
    assert compare(empty) == []


def test_the_shuttle_on_either_side_decides_who_travels_free():
    """Shuttle Phase: free from the side the Shuttle left, else 1 Ship from the Hangar."""
    met = set()
    for shuttle in ("orbit", "colony"):
        b, s, w = _turn()
        for pos in play(b.set(shuttle_side=shuttle).done(), random.Random(1), 200):
            if pos.step == "shuttle":
                here = side(pos.order[pos.to_move])
                free = Action("travel", pos.to_move, {"to": "colony" if here == "orbit" else "orbit", "pay": "free"})
                assert (free in reference_legal(pos)) == (pos.shuttle_left == here) == (free in pos.legal_actions())
                assert compare(pos) == []
                met.add((shuttle, pos.shuttle_left == here))
    assert met == {("orbit", True), ("orbit", False), ("colony", True), ("colony", False)}


# ----------------------------------------------------------------- engine gaps the reference found (fixed)
def _no_colonist_home():
    b, s, w = _turn(colony=True)
    return b.crystals(w, 0).move_colonists(w, s.pieces[w].lq, "living quarters", "working area").done(), w


def test_no_pass_while_a_discarded_goal_pays_for_a_colonist_home():
    """Colonization Phase: "you must perform one Main action". No Colonist home and no Crystal, but a Private Goal
    discarded (1 Crystal) pays the Depot action that retrieves a Colonist from the Working Area, who can then go on
    a slot: a Main action is reachable, so passing is not allowed."""
    state, w = _no_colonist_home()
    assert Action("pass_turn", w) not in reference_legal(state)
    assert Action("pass_turn", w) not in state.legal_actions()


def test_a_difference_is_reported_with_the_position(monkeypatch):
    """Any difference names the action and carries the position's JSON: an engine made to forget its first legal
    action is caught."""
    from mars_rules.on_mars.state import State
    b, s, w = _turn(colony=True)
    state = b.done()
    first = state.legal_actions()[0]
    monkeypatch.setattr(State, "_legal", lambda self, legal=State._legal: legal(self)[1:])
    messages = compare(state.edit().done())
    assert messages == [f"the engine misses {first!r}, the reference allows it; step 'turn', to move {w}; "
                        f"position: {state.to_json()}"]


def _refusal_examples():
    """One (position, refused candidate) per REFUSALS entry, built with the position builder."""
    b, s, w = _turn(colony=True)
    control = b.move_colonists(w, 1, "living quarters", "control").set_turn(w, "control").done()
    b, s, w = _turn(colony=True)
    chosen = b.bots(w, [(1, -2)]).move_colonists(w, 1, "living quarters", "construct").set_turn(
        w, "construct_hex").set(build="generator").done()
    b, s, w = _turn()
    learn = b.move_colonists(w, 1, "living quarters", "learn").set_turn(w, "learn").done()
    b, s, w = _turn()
    shuttle = b.welcome_ships(w, 1).set_turn(w, "shuttle").set(main="pass").done()
    b, s, w = _turn()
    resource = b.storage(w, battery=4).move_colonists(w, 1, "living quarters", "learn").set_turn(w, "resource").done()
    b, s, w = _turn(colony=True)
    shelter = s.pieces[w].bots[0]
    scientist = b.upgrade(shelter, w, blueprint_name(D.BLUEPRINTS[15])).hire(w, "Systems Engineer", shelter).crystals(
        w, 3).set_turn(w, "turn").done()
    return {
        "done naming another action": (control, Action("done", w, {"action": "hire"})),
        "construct of a type not chosen": (chosen, Action("construct", w, {"building": "water", "hex": (2, -2)})),
        "learn_tech naming a Resource for the bottom or middle row":
            (learn, Action("learn_tech", w, {"tech": "mine", "row": "bottom", "extra": "water"})),
        "travel to your own side, or paying a Ship when the Shuttle left your side":
            (shuttle, Action("travel", w, {"to": "orbit", "pay": "ship"})),
        "take_resource with that Resource's Storage full":
            (resource, Action("take_resource", w, {"resource": "battery"})),
        "advanced_action paid where a Scientist works":
            (scientist, Action("advanced_action", w, {"hex": shelter, "free": False})),
    }


def test_each_kind_of_refusal_is_refused_by_both_and_by_apply():
    """The engine and the reference both refuse each example, and apply raises the IllegalAction _why gives."""
    examples = _refusal_examples()
    assert sorted(examples) == sorted(REFUSALS)
    for name, (state, a) in examples.items():
        assert REFUSALS[name](state, a), name
        assert a not in reference_legal(state) and a not in state.legal_actions(), name
        with pytest.raises(IllegalAction) as e:
            state.apply(a)
        assert (e.value.reason, e.value.rule) == state._why(a), name


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_refusals_say_what_was_wrong(name):
    """Errors teach (the game contract): a refusal says what was wrong, not only "not one of the legal choices"."""
    state, a = _refusal_examples()[name]
    reason = state._why(a)[0]
    assert reason and not any(g in reason for g in GENERIC), (name, reason)
