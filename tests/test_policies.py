"""The playing policies of every game (mars_rules.<game>.policies) and the core's greedy_policy.

- every policy returns a legal action at every decision, for every game and player count;
- the same seed gives the same game;
- greedy beats random clearly in every game (fixed seeds; thresholds far below the measured rates,
  see benchmarks/bench_policies.py);
- the Ruins of Mars AI procedure, played for any seat, follows the Solo Variant's AI rules.
"""
from __future__ import annotations

import random

import pytest

import mars_rules
from mars_rules.core import CHANCE, greedy_policy, random_policy, simulate
from mars_rules.core.simulate import one_ply_policy
from mars_rules.ruins_of_mars import ai_policy
from mars_rules.ruins_of_mars.data import SITES

GAME_NAMES = ("mars_colony", "on_mars", "ruins", "ruins_of_mars")


def _policies(name):
    game = mars_rules.load(name)
    out = {"random": random_policy, "greedy": greedy_policy, "game greedy": game.greedy}
    if name == "ruins_of_mars":
        out["ai"] = ai_policy
    return out


def _play_checked(state, policy, seed, max_actions=20000):
    """Play to the end, checking that each decision is one of the legal actions."""
    rng = random.Random(seed)
    decisions = 0
    for _ in range(max_actions):
        if state.to_move is None:
            return state, decisions
        if state.to_move == CHANCE:
            state = state.resolve_chance()
            continue
        legal = state.legal_actions()
        action = policy(state, rng)
        assert action in legal, (state.step, action)
        assert action.player == state.to_move
        state = state.apply(action)
        decisions += 1
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_policy_plays_legal_actions_for_every_player_count(name):
    game = mars_rules.load(name)
    for players in game.PLAYER_COUNTS:
        for label, policy in _policies(name).items():
            end, decisions = _play_checked(game.new_game(players=players, seed=11 + players), policy, seed=players)
            assert end.is_over and end.winners(), (name, players, label)
            assert decisions > 10


def test_ai_and_greedy_play_any_seat_together():
    game = mars_rules.load("ruins_of_mars")
    for players, seats in ((2, [ai_policy, greedy_policy]), (3, [greedy_policy, ai_policy, random_policy]),
                           (4, [ai_policy] * 4), (1, [ai_policy, random_policy])):
        state = game.new_game(players=players, seed=5)
        rng = random.Random(players)
        while state.to_move is not None:
            if state.to_move == CHANCE:
                state = state.resolve_chance()
                continue
            action = seats[state.to_move](state, rng)
            assert action in state.legal_actions()
            state = state.apply(action)
        assert state.winners()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_same_seed_same_game(name):
    game = mars_rules.load(name)
    start = game.new_game(players=2, seed=3)
    for label, policy in _policies(name).items():
        one = mars_rules.core.playout(start, policy=[policy, random_policy], seed=9)
        two = mars_rules.core.playout(start, policy=[policy, random_policy], seed=9)
        assert one == two, label
        assert one.to_json() == two.to_json()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_evaluate_is_a_number_relative_to_the_best_opponent(name):
    game = mars_rules.load(name)
    start = game.new_game(players=2, seed=4)
    state = mars_rules.core.playout(start, seed=4, max_actions=10 ** 6)
    for s in (start, state):
        values = [game.evaluate(s, p) for p in range(2)]
        assert all(isinstance(v, (int, float)) for v in values)
        assert abs(values[0] + values[1]) < 1e-9  # 2 players: my lead is the other's deficit


# Measured with benchmarks/bench_policies.py (2 players, 100 games per seat order): greedy wins
# 0.87-1.00 of its games against random in every game. 20 games per seat order with fixed seeds; the
# threshold 0.6 is far below every measured rate.
@pytest.mark.parametrize("name", GAME_NAMES)
def test_greedy_beats_random(name):
    game = mars_rules.load(name)
    start = game.new_game(players=2, seed=2026)
    a = simulate(start, 20, policies=[greedy_policy, random_policy], seed=1, executor=None)
    b = simulate(start, 20, policies=[random_policy, greedy_policy], seed=2, executor=None)
    share = (a.win_rates()[0] + b.win_rates()[1]) / 2
    assert share > 0.6, share


def test_core_one_ply_policy_still_available():
    game = mars_rules.load("ruins")
    end, _ = _play_checked(game.new_game(players=3, seed=1), one_ply_policy, seed=1)
    assert end.is_over


# ---- the Ruins of Mars AI procedure for any seat ----------------------------------------------------
def _ai_decisions(players, seed):
    game = mars_rules.load("ruins_of_mars")
    state = game.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while state.to_move is not None:
        if state.to_move == CHANCE:
            state = state.resolve_chance()
            continue
        action = ai_policy(state, rng)
        yield state, action
        state = state.apply(action)


def test_ai_policy_follows_the_solo_ai_rules_for_any_seat():
    seen = set()
    for players, seed in ((2, 1), (3, 2), (4, 3), (2, 4)):
        for s, a in _ai_decisions(players, seed):
            kind = a.kind
            seen.add((s.step, kind))
            assert kind not in ("transfer_tile", "tech_ability", "use_free_ability", "search_deck")
            if kind == "character_ability":
                assert a.get("character") == "Doctor" and s.boards[s.to_move].radiation > 0
            if kind == "place_rover":
                counts = [len(c) for c in s.sites]
                site = SITES.index(a.get("site"))
                assert counts[site] == max(counts) and all(c < counts[site] for c in counts[site + 1:])
            if s.step == "wrench" and kind != "character_ability":
                assert kind == "use_wrench"
                b = s.boards[s.to_move]
                if s.rover == 1:
                    assert b.resources.index(min(b.resources)) == ("Fuel", "Parts", "Plans", "Oxygen").index(
                        a.get("choice"))
            if kind == "discover_star":
                res = s.boards[s.to_move].resources
                assert res.index(min(res)) == ("Fuel", "Parts", "Plans", "Oxygen").index(a.get("resource"))
            if s.step == "replicate" and kind in ("replicate", "skip"):
                options = [x for x in s.legal_actions() if x.kind == "replicate"]
                if not options:
                    assert kind == "skip"
                    continue
                assert kind == "replicate"

                def cost(x):
                    return sum(s.cards.tech[s.display[x.get("level") - 1][x.get("space") - 1]].cost)
                top = max(cost(x) for x in options)
                assert cost(a) == top
                assert a.get("level") == max(x.get("level") for x in options if cost(x) == top)
                assert a.get("row") == min(x.get("row") for x in options if x.get("level") == a.get("level"))
    assert ("replicate", "replicate") in seen and ("place_rover", "place_rover") in seen


def test_ai_policy_in_the_solo_game_takes_the_ai_action():
    game = mars_rules.load("ruins_of_mars")
    state = game.new_game(players=1, seed=8)
    rng = random.Random(0)
    checked = sixes = 0
    while state.to_move is not None:
        if state.to_move == CHANCE:
            state = state.resolve_chance()
            continue
        action = ai_policy(state, rng)
        if state.to_move == 1:
            assert action == state.legal_actions()[0]
            checked += 1
        elif action.kind == "place_rover":  # seat 0: rightmost of the tied, whatever the AI's die showed
            counts = [len(c) for c in state.sites]
            site = SITES.index(action.get("site"))
            assert counts[site] == max(counts) and all(c < counts[site] for c in counts[site + 1:])
            sixes += state.solo_die == 6 and counts.count(max(counts)) > 1
        state = state.apply(action)
    assert checked > 5 and sixes > 0  # a tie after the AI rolled a 6 was met


def test_ai_beats_random():
    game = mars_rules.load("ruins_of_mars")
    start = game.new_game(players=2, seed=2026)
    a = simulate(start, 20, policies=[ai_policy, random_policy], seed=1, executor=None)
    b = simulate(start, 20, policies=[random_policy, ai_policy], seed=2, executor=None)
    assert (a.win_rates()[0] + b.win_rates()[1]) / 2 > 0.6


def test_on_mars_lookahead_steps_are_steps_of_the_game():
    from mars_rules.on_mars import TURN_STEPS
    from mars_rules.on_mars.policies import LOOKAHEAD_STEPS
    keys = {step.key for step in TURN_STEPS}
    assert LOOKAHEAD_STEPS <= keys
