"""Legality proven against brute force (issue 17): `legal_actions()` equals the rulebook reference
(`reference_legal.py`), and every action the reference refuses is refused by `apply` with `_why`'s reason.

`LEGALITY_POSITIONS` sets how many positions the comparison uses (the soak runs thousands).
"""
import os
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mars_rules.core import Action, IllegalAction

from .reference_legal import GAME, TEMPLATES, compare, rare_position, reference_legal, sample_positions

POSITIONS = int(os.environ.get("LEGALITY_POSITIONS", "180"))


@pytest.fixture(scope="module")
def positions():
    return list(sample_positions(POSITIONS, seed=0))


def report(positions):
    """Every difference (position JSON included), the first few shown in full."""
    found = [line for s in positions for line in compare(s)]
    return f"{len(found)} difference(s):\n" + "\n\n".join(found[:5])


def test_play_positions_match_the_rulebook_reference(positions):
    """Playing the Game (1) Event to 7) End of Turn) and Setup, 2, 3 and 4 players, random and greedy play,
    rule variants and rare positions: the engine's legal actions are exactly the reference's."""
    differences = report(positions)
    assert differences.startswith("0 difference"), differences


@given(seed=st.integers(0, 10 ** 9), template=st.sampled_from(TEMPLATES), players=st.sampled_from((2, 3, 4)))
def test_rare_positions_match_the_rulebook_reference(seed, template, players):
    """The rare cases: full and empty hands, empty reserve piles (5 a) Trade with Earth, Deposit), tiles used
    up (Components), every contract taken or over the limit (6 f), e)), conflicts and Contested Supremacy
    (1 a), b)), the last card of the event, R&D and supply decks (3) Resupply), energy at the edge (6 c), 7) End
    of Turn), offers and replies (5 c)), kept R&D cards (2) R&D)."""
    rng = random.Random(seed)
    base = GAME.quick_start(players, seed=seed % 997)
    s = rare_position(base, rng, template)
    differences = report([s])
    assert differences.startswith("0 difference"), differences


def test_the_reference_is_not_vacuous():
    """6) Construction: with a full hand and a level-1 base, the reference offers the next level of every track,
    a habitat, every mine tile and every free contract, and never a level that skips one ("You must always
    have a building of the previous level")."""
    s = (GAME.quick_start(2, seed=3).edit().hand(0, "IIIICCCSSSSWWWOOO").build(0, "military base", 1)
         .set_turn(0, "build").done())
    ref = {(a.kind, a.get("installation"), a.get("level")) for a in reference_legal(s) if a.kind == "build"}
    assert {("build", "mil", 2), ("build", "plant", 1), ("build", "habitat", 1), ("build", "port", 1)} <= ref
    assert ("build", "mil", 3) not in ref and ("build", "silo", 2) not in ref
    assert sum(a.kind == "acquire_contract" for a in reference_legal(s)) == 20
    assert compare(s) == []


@pytest.mark.skipif(POSITIONS < 60, reason="a sample this small cannot reach every rare step")
def test_sampled_positions_reach_the_rare_steps(positions):
    """The sampler plays 2, 3 and 4 players (Components: 4 colony boards) and reaches the steps where rare
    cases live: conflicts and supremacies (event_choice), offers to other colonies, the hand limit
    (discard), the end of the game."""
    assert {len(s.players) for s in positions} == {2, 3, 4}
    steps = {s.step for s in positions}
    assert {"event_choice", "trade_offer", "discard", "move_colonists", "build", "game_over"} <= steps


def test_keeping_another_card_is_refused_with_a_specific_reason():
    """2) R&D: only the card just drawn may be kept; keeping another is refused with a reason naming it."""
    s = rare_position(GAME.quick_start(2, seed=1), random.Random(0), "keep")
    assert s.step == "research_keep"
    wrong = Action("keep_card", s.to_move, {"card": "sci1"})
    with pytest.raises(IllegalAction) as refused:
        s.apply(wrong)
    assert refused.value.reason != "That is not possible now." and "just drawn" in refused.value.reason
