"""Random legal play for every player count: invariants after every action, positions, determinism."""
import random

from hypothesis import given
from hypothesis import strategies as st

from mars_rules.core import CHANCE
from mars_rules.on_mars import PLAYER_COUNTS, TURN_STEPS, data as D, from_json, new_game
from mars_rules.on_mars.invariants import problems

STEPS = {s.key for s in TURN_STEPS}


def check(s):
    """The invariants after every action: the one list `from_json` checks too (invariants.problems: the box,
    the map, the Colony, the step, a next move), plus the ranges `from_json` reads (checked in full by the
    round trips of `play`)."""
    assert problems(s) == []
    assert s.step in STEPS
    for pl in s.pieces:
        assert all(0 <= r <= s.options.resource_cap for r in pl.res)
        assert len(pl.bots) <= D.BOTS and pl.progress <= D.PROGRESS_CUBES
    if not s.is_over:
        assert s.legal_actions()


def play(players, seed, every=25):
    s = new_game(players=players, seed=seed)
    rng = random.Random(seed)
    n = 0
    while not s.is_over:
        check(s)
        if n % every == 0:
            t = s.to_json()
            back = from_json(t)
            assert back == s and back.to_json() == t
        if s.to_move == CHANCE:
            s = s.resolve_chance()
        else:
            legal = s.legal_actions()
            s = s.apply(legal[int(rng.random() * len(legal))])
        n += 1
        assert n < 5000
    check(s)
    assert s.winners() and s.score().final
    t = s.to_json()
    assert from_json(t).to_json() == t
    return s, n


@given(st.sampled_from(PLAYER_COUNTS), st.integers(0, 10**6))
def test_random_play_keeps_the_invariants_and_ends(players, seed):
    play(players, seed)


def test_every_player_count_ends_and_same_seed_same_game():
    for players in PLAYER_COUNTS:
        a, n = play(players, 11, every=50)
        b, m = play(players, 11, every=10**9)
        assert n == m and a.to_json() == b.to_json()
        assert a.round <= a.options.round_limit + 1


def test_resolve_chance_is_repeatable():
    s = new_game(players=3, seed=5)
    s = s.apply([a for a in s.legal_actions() if a.get("action") == "blueprint"][0])
    s = s.apply([a for a in s.legal_actions() if a.kind == "take_blueprint"][0])
    assert s.to_move == CHANCE
    assert s.resolve_chance() == s.resolve_chance()
    assert sum(p for _a, p in s.chance_outcomes()) == 1


MAIN_ORDER = ("construct", "upgrade", "welcome", "learn", "blueprint", "rnd", "control", "landing_pod", "resupply",
              "hire")
KEEN = ("choose_building", "construct", "upgrade", "welcome_ship", "learn_tech", "develop", "take_blueprint",
        "take_item", "travel", "take_space", "place_discovery", "move_rover", "move_bot", "take_resource",
        "hire_scientist", "take_contract", "complete_goal")


def builder(state, rng):
    """A purposeful policy (builds and upgrades first) that reaches positions random play rarely does."""
    legal = state.legal_actions()
    mains = [a for a in legal if a.kind == "main"]
    if mains:
        return min(mains, key=lambda a: MAIN_ORDER.index(a.get("action")))
    for kind in KEEN + ("done", "end_turn", "pass_turn", "pay_crystal", "pay_colonist"):
        opts = [a for a in legal if a.kind == kind]
        if opts:
            return opts[int(rng.random() * len(opts))]
    return legal[int(rng.random() * len(legal))]


@given(st.sampled_from(PLAYER_COUNTS), st.integers(0, 10**6))
def test_purposeful_play_keeps_the_invariants_and_ends(players, seed):
    s = new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not s.is_over:
        check(s)
        s = s.resolve_chance() if s.to_move == CHANCE else s.apply(builder(s, rng))
    check(s)
    assert s.winners()


def test_mutated_actions_raise_illegal_action_only():
    from mars_rules.core import Action, IllegalAction
    s = new_game(players=3, seed=4)
    rng = random.Random(4)
    junk = ((99, 99), 999, -5, "nowhere", None, ())
    for _ in range(250):
        if s.is_over:
            break
        if s.to_move == CHANCE:
            s = s.resolve_chance()
            continue
        legal = s.legal_actions()
        a = legal[int(rng.random() * len(legal))]
        for k, _v in a.items:
            for bad in junk:
                m = Action(a.kind, a.player, tuple((kk, bad if kk == k else vv) for kk, vv in a.items))
                if m not in legal:
                    try:
                        s.apply(m)
                        raise AssertionError(f"{m!r} was accepted")
                    except IllegalAction as e:
                        assert e.reason and e.rule
        s = s.apply(a)
