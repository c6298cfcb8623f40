"""Legality proven against brute force (issue 17): `legal_actions()` equals the rulebook reference of
`reference_legal` on positions of random and greedy play (1 to 4 players, the solo AI included) and on
rare positions, and every refused action raises the IllegalAction that `why` explains.

`LEGALITY_POSITIONS` (an int, default 200) sets how many played and rare positions the comparison uses;
the soak runs thousands.
"""
import os

import pytest
from hypothesis import assume, given, strategies as st

from mars_rules import Action, IllegalAction
from tests.ruins_of_mars.helpers import at_step, game, position, with_player, with_tech
from tests.ruins_of_mars.reference_legal import (RARE_CASES, compare, rare_position, reference_actions,
                                                 sample_positions)

POSITIONS = int(os.environ.get("LEGALITY_POSITIONS", "200"))


def _problems(states):
    out = []
    for s in states:
        out += compare(s)
        if len(out) >= 3:
            break
    return out


def test_played_and_rare_positions_match_the_reference():
    """Gameplay (Steps 1-8), Setup: Choose Characters, Character Abilities, Solo Variant: AI Turn: on
    positions of random and greedy play of every player count and on the rare cases, the engine offers
    exactly what the rulebook allows, and refuses the rest with the reason `why` gives."""
    problems = _problems(sample_positions(POSITIONS, seed=17))
    assert not problems, "\n\n".join(problems)


@given(seed=st.integers(0, 2 ** 20), players=st.sampled_from(game.PLAYER_COUNTS), case=st.sampled_from(RARE_CASES))
def test_rare_positions_match_the_reference(seed, players, case):
    """Mastering a Language (blocked and mastered tracks), Step 2 (the last tile of a Site), Discover
    Action (resources at 0 and at the cap), Step 6 (nearly full columns, an open or empty deck, markers
    either side of the A and B spaces), Character Abilities (Stowaway, Engineer, Savant), End of the Game
    (a ninth Tech), Solo Variant: AI Turn (tied Sites, resources and tracks)."""
    s = rare_position(seed, players, case)
    assume(s is not None)
    problems = compare(s)
    assert not problems, "\n\n".join(problems)


def _kinds(s, kind):
    return {a.items for a in reference_actions(s) if a.kind == kind}


def test_reference_keeps_the_last_tile_of_a_site():
    """Step 2: a Site with only 1 Action tile cannot give it; the whole cost is paid in one currency."""
    s = at_step(with_player(position(), 0, oxygen=2), "transfer", "Workshop")
    s = s.edit().set_site_tiles("Laboratory", (5,)).move_tile(7, "Wasteland").done()
    assert _kinds(s, "transfer_tile") == {(("from", "Dormitory"), ("tile", t), ("pay", "Oxygen")) for t in (2, 3)}


def test_reference_blocks_the_capstone_without_a_level_3_tech():
    """Mastering a Language: without a Level 3 Tech a marker stops on the second-to-last space, so the
    Professor ignores those tracks and moves the most advanced one that can move; with one Level 3 Tech
    the tracks on the second-to-last space may move onto the Capstone (ties: the player chooses)."""
    s = with_player(position(characters=("Professor", "")), 0, hourglass=1, fuel=1, red=8, orange=8, blue=7)

    def tracks(state):
        return {dict(items)["track"] for items in _kinds(state, "character_ability")}
    assert tracks(s) == {"blue"}
    assert tracks(with_tech(s, 0, "L3-01", 0)) == {"red", "orange"}


def test_reference_closes_a_full_column():
    """Step 6: Placing Tech: once a Level's column is full, no more Techs of that Level; Tech Level and
    Language Requirements: Level 2 needs the A space on 2 tracks."""
    s = with_player(position(), 0, fuel=7, parts=7, plans=7, oxygen=7)
    for row, cid in enumerate(("L1-01", "L1-02", "L1-03")):
        s = with_tech(s, 0, cid, row)
    s = at_step(s, "replicate", "Workshop")

    def levels(state):
        return {dict(items)["level"] for items in _kinds(state, "replicate") | _kinds(state, "search_deck")}
    assert levels(s) == set()
    assert levels(with_player(s, 0, red=3, star=3)) == {2}


GAPS = {
    "skip": ("transfer", 0, "skip", {"step": "wrench"}),
    "ai_replicate": ("replicate", 0, "ai_replicate", {"card": "AI1-1", "row": 1}),
    "use_wrench": ("wrench", 0, "use_wrench", {"choice": "Fuel"}),
    "trader": ("pass_rover", 0, "character_ability", {"character": "Trader", "choice": "red"}),
    "miner": ("pass_rover", 1, "character_ability", {"character": "Miner", "resources": ("Parts", "Fuel")}),
    "tech_ability": ("pass_rover", 0, "tech_ability", {"card": "L1-06", "owner": 0, "via": "hourglass",
                                                       "choice": "red"}),
    "free_ability": ("replicate", 0, "use_free_ability", {"card": "L2-13"}),
    "free_ability_open_deck": ("replicate", 0, "use_free_ability", {"card": "L2-13"}, {"search": 1}),
}
"""One refusal of each kind the reference found explained only generically (issue 17), now given its own
reason: (step, seat, kind, params[, State
fields]), the Rover on the Infirmary (whose Wrench bonus takes no choice); seat 0 holds Radiation only with
an open deck (so that only the open deck refuses its Free Ability)."""


@pytest.mark.parametrize("gap", sorted(GAPS))
def test_refusals_the_reference_found_generic_now_say_why(gap):
    """Using Abilities, Step 4: Use Wrench Bonus, Character Abilities, Step 6: a skip of another step, an AI
    Tech by a player, a choice a bonus does not take, the Miner's pair out of order, an effect with nothing to
    act on, a Free Ability while a deck is open: each refused with its own reason, the one `why` gives."""
    step, seat, kind, params, *fields = GAPS[gap]
    s = with_tech(with_tech(position(characters=("Trader", "Miner")), 0, "L1-06", 0), 0, "L2-13", 0)
    s = with_player(with_player(s, 0, hourglass=2, radiation=1 if fields else 0), 1, hourglass=2)
    s = at_step(s, step, "Infirmary", seat=seat)
    s = s.edit().set(**fields[0]).done() if fields else s
    with pytest.raises(IllegalAction) as refusal:
        s.apply(Action(kind, seat, params))
    assert "is not one of the legal choices" not in refusal.value.reason
    assert (refusal.value.reason, refusal.value.rule) == tuple(s._why(Action(kind, seat, params)))
