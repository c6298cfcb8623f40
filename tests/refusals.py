"""What every refusal must be, checked by each game's brute-force reference (tests/<game>/reference_legal.py)
and the rules-reference tests: `apply` raises IllegalAction whose (reason, rule) is the one `why` gives, a
specific reason (not a fallback that says nothing), naming a rulebook section."""
import pytest

from mars_rules.core import IllegalAction

GENERIC = ("is not one of the legal choices", "That is not legal here.", "That is not possible now.")
"""Parts of the engines' fallback reasons, which say nothing of the rule broken."""


def refusal_problem(state, action) -> str:
    """'' when `state.apply(action)` is refused as it must be; else what is wrong, in one line."""
    try:
        state.apply(action)
    except IllegalAction as e:
        why = tuple(state._why(action))
        if (e.reason, e.rule) != why:
            return f"{action!r} at step {state.step}: apply says {(e.reason, e.rule)}, why says {why}"
        if any(g in e.reason for g in GENERIC) or not e.rule:
            return f"{action!r} at step {state.step}: the refusal is not specific: {e.reason!r}"
        return ""
    return f"{action!r} at step {state.step}: apply accepts it, though the reference refuses it"


def refusal(state, action) -> IllegalAction:
    """The IllegalAction `apply` raises for `action`, whose section has an entry in the game's RULES."""
    with pytest.raises(IllegalAction) as e:
        state.apply(action)
    assert state.game.RULES.entry(e.value.rule) is not None, e.value.rule
    return e.value
