"""The teaching-coverage map of On Mars (mars_rules/on_mars/coverage.py) against the game itself:
its steps, the action kinds and score rows met in seeded games of every player count, and the way
each game ends."""
import random

import pytest

from mars_rules.core import CHANCE
from mars_rules.on_mars import COVERAGE, TURN_STEPS, data as D, end_reason, new_game, rules

PLAYERS = (2, 3, 4)
MAIN_ORDER = ("construct", "upgrade", "welcome", "learn", "blueprint", "rnd", "control", "landing_pod",
              "resupply", "hire")


def random_choice(state, rng):
    legal = state.legal_actions()
    return legal[int(rng.random() * len(legal))]


def builder(state, rng):
    """Builds whenever it can (a Main action in MAIN_ORDER, else a random choice): it completes
    Missions, so some of its games end by the rule rather than by the round-limit safeguard."""
    legal = state.legal_actions()
    mains = [a for a in legal if a.kind == "main"]
    if mains:
        return min(mains, key=lambda a: MAIN_ORDER.index(a.get("action")))
    return random_choice(state, rng)


def play(players, seed, policy):
    """A whole game: (final state, action kinds met, trigger) where trigger says how the end was
    triggered when it was ("missions" if the Remaining Missions marker was at the end then)."""
    rng = random.Random(seed)
    s = new_game(players=players, seed=seed)
    kinds, trigger = set(), None
    while not s.is_over:
        assert end_reason(s) is None, f"end_reason {end_reason(s)!r} before the end (step {s.step})"
        if s.to_move == CHANCE:
            kinds.add(s.drawn_outcome().kind)
            s = s.resolve_chance()
        else:
            action = policy(s, rng)
            kinds.add(action.kind)
            s = s.advance(action)
        if trigger is None and s.end_triggered:
            trigger = "missions" if s.remaining >= D.MISSIONS_TO_END else "round_limit"
    return s, kinds, trigger


GAMES = [(n, seed, random_choice) for n in PLAYERS for seed in range(3)] + \
        [(n, seed, builder) for n in PLAYERS for seed in range(6)]


@pytest.fixture(scope="module")
def games():
    return [(n, seed, policy.__name__) + play(n, seed, policy) for n, seed, policy in GAMES]


def test_steps_are_the_turn_steps():
    assert COVERAGE.steps == tuple(step.key for step in TURN_STEPS)


def test_actions_are_every_kind_the_rules_apply():
    assert len(set(COVERAGE.actions)) == len(COVERAGE.actions)
    assert set(COVERAGE.actions) == set(rules.APPLY)


def test_every_action_kind_met_is_in_the_map(games):
    met = set().union(*(kinds for *_, kinds, _t in games))
    assert met - set(COVERAGE.actions) == set()
    assert {"main", "reveal", "travel", "take_space"} <= met   # the games did play


def test_every_score_category_met_is_covered(games):
    for n, seed, policy, end, _kinds, _t in games:
        sheet = end.score()
        assert sheet.categories, (n, seed, policy)
        for c in sheet.categories:
            assert any(item.shown_by({c: [0] * n}, "") for item in COVERAGE.scores), c


def test_the_shared_win_item_shows_exactly_when_the_win_is_shared(games):
    shared = COVERAGE.score_item("tiebreak_shared")
    # a fresh game scored as if it were over: everyone ties on everything (a shared win), until
    # one player has more Crystals (the first tie-breaker decides)
    tie = new_game(players=2, seed=7)._replace(phase="over", step="game_over", to_move=None)
    pieces = (tie.pieces[0], tie.pieces[1]._replace(crystals=tie.pieces[1].crystals + 1))
    positions = [end for *_, end, _kinds, _t in games] + [tie, tie._replace(pieces=pieces)]
    seen = set()
    for end in positions:
        sheet = end.score()
        is_shared = len(sheet.winners) > 1
        seen.add(is_shared)
        assert shared.shown_by({}, sheet.tiebreak) == is_shared, sheet.tiebreak
    assert seen == {False, True}


def test_end_reason_of_every_finished_game(games):
    reasons = set()
    for n, seed, policy, end, _kinds, trigger in games:
        reason = end_reason(end)
        assert reason in COVERAGE.ends, (n, seed, policy, reason)
        assert reason == trigger, (n, seed, policy, reason, trigger)
        reasons.add(reason)
    assert reasons == set(COVERAGE.ends)   # both ways to end are met
