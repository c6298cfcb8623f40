"""The teaching-coverage map (mars_rules.ruins_of_mars.coverage) against the rules and random play."""
import random

import pytest

from mars_rules import CHANCE
from mars_rules.core import made_by
from mars_rules.ruins_of_mars import COVERAGE, end_reason
from mars_rules.ruins_of_mars.rules import HANDLERS

from .helpers import game

# Seeded random games of every player count; the options vary with the seed as in test_properties
# (dealt or chosen Characters, the Kickstarter Characters), so more kinds of actions are met.
GAMES = [(players, seed) for players in game.PLAYER_COUNTS for seed in range(4)]
TRIGGER = {"completed a 9th Tech": "ninth_tech", "Languages mastered on the Language board": "four_languages"}


def random_game(players, seed):
    """(kinds of actions met, score categories met, the ends the engine announced, the finished State)."""
    s = game.new_game(players=players, seed=seed, characters="deal" if seed % 2 else "choose",
                      kickstarter=seed % 3 == 0)
    rng = random.Random(seed)
    kinds, categories, announced = set(), set(), []
    if made_by(s) is not None:              # new_game resolves the first player and dealt Characters itself
        kinds.add(made_by(s).kind)
    for i in range(20_000):
        if s.is_over:
            break
        assert end_reason(s) is None, f"end_reason is {end_reason(s)!r} while the game goes on"
        if i % 25 == 0:
            categories.update(s.score().categories)
        if s.to_move == CHANCE:
            s = s.resolve_chance()
            kinds.add(made_by(s).kind)      # the chance outcome drawn
        else:
            action = rng.choice(s.legal_actions())
            kinds.add(action.kind)
            s = s.apply(action)
        for event in s.events:
            announced += [key for words, key in TRIGGER.items() if "End of the game triggered" in event
                          and words in event]
    assert s.is_over, f"{players} players, seed {seed}: no end after 20000 actions"
    return kinds, categories | set(s.score().categories), announced, s


@pytest.fixture(scope="module")
def played():
    return {(p, seed): random_game(p, seed) for p, seed in GAMES}


def test_steps_are_the_turn_steps_in_order():
    assert COVERAGE.steps == tuple(step.key for step in game.TURN_STEPS)


def test_actions_are_the_kinds_the_rules_apply():
    assert sorted(COVERAGE.actions) == sorted(HANDLERS)
    assert len(set(COVERAGE.actions)) == len(COVERAGE.actions)


def test_every_action_kind_met_in_random_play_is_in_the_map(played):
    met = set()
    for kinds, *_ in played.values():
        met |= kinds
    assert met <= set(COVERAGE.actions), sorted(met - set(COVERAGE.actions))
    assert met == set(COVERAGE.actions), sorted(set(COVERAGE.actions) - met)   # and each kind is reachable


def test_every_score_category_met_is_covered(played):
    met = set()
    for _, categories, *_ in played.values():
        met |= categories
    assert met == {"Language tracks", "Tech rows", "Tech PP", "Radiation"}
    for category in met:
        assert any(item.shown_by({category: [0, 0]}, "") for item in COVERAGE.scores), category
    # Each category item is shown by exactly its own row, never by another one.
    for item in COVERAGE.scores:
        if item.category:
            assert [c for c in met if item.shown_by({c: [0]}, "")] == [item.category]


def test_no_tiebreak_item_is_shown_when_no_tie_was_broken(played):
    # A tie-breaker item is proven by the sheet's tie-break line: a sheet without a tie for the most PP
    # must not show any (else a score table would "teach" a tie-breaker that decided nothing).
    items = [item for item in COVERAGE.scores if item.tiebreak]
    assert {item.key for item in items} == {"tiebreak_radiation", "tiebreak_language_pp", "tiebreak_solo_ai"}
    untied = 0
    for *_, final in played.values():
        sheet = final.score()
        if sheet.totals.count(max(sheet.totals)) == 1:
            untied += 1
            assert [item.key for item in items if item.shown_by({}, sheet.tiebreak)] == [], sheet.tiebreak
    assert untied > 0


def test_end_reason_names_the_end_the_engine_announced(played):
    seen = set()
    for (players, seed), (*_, announced, final) in played.items():
        reason = end_reason(final)
        assert reason in COVERAGE.ends, (players, seed, reason)
        assert announced == [reason], (players, seed, announced, reason)
        seen.add(reason)
    assert seen == set(COVERAGE.ends)    # both ways of ending happen in these games


def test_a_position_finished_by_hand_that_meets_no_end_condition_has_no_end_reason():
    s = game.new_game(players=3, seed=5, characters="deal")
    assert end_reason(s) is None and end_reason(game.finish(s)) is None
