"""Perft counts: the number of action sequences to depth 1..d from stored positions has not changed.

As chess engines prove their move generators (perft), each game's stored mid-game positions
(tests/perft/<game>.json: every kind of turn step, from random and greedy play with every player count,
and hand-built rulebook cases) have their counts in tests/perft/counts.json. A changed count fails here
until a rule fix explains it; then `.venv/bin/python tools/make_perft.py` writes the table again.
"""
import json
import pathlib
import sys

import pytest

import mars_rules

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import make_perft  # noqa: E402

TABLE = json.loads(make_perft.TABLE.read_text(encoding="utf-8"))
RECORDS = {name: make_perft.load_positions(name) for name in mars_rules.GAMES}
CASES = [(name, rec) for name, records in RECORDS.items() for rec in records]
REGENERATE = "if a rule fix explains it, regenerate with .venv/bin/python tools/make_perft.py"


@pytest.mark.parametrize("name, rec", CASES, ids=[f"{n}:{r['name']}" for n, r in CASES])
def test_perft_counts_are_unchanged(name, rec):
    """The counts at every depth of the table, recomputed from the stored position (the turn structure
    of each rulebook: every step's legal actions and chance outcomes, one branch each)."""
    state = mars_rules.load(name).from_json(rec["position"])
    stored = TABLE.get(name, {}).get(rec["name"])
    assert stored, f"{name} {rec['name']}: no counts in the table; {REGENERATE}"
    now = [make_perft.perft(state, d) for d in range(1, len(stored) + 1)]
    changed = [f"depth {d}: stored {old}, now {new}" for d, (old, new) in enumerate(zip(stored, now), 1)
               if old != new]
    assert not changed, (f"{name} position {rec['name']!r} ({rec['why']}): " + "; ".join(changed)
                         + f". {REGENERATE}")


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_every_stored_position_loads_at_its_step(name):
    """Every stored position still loads (from_json validates it) and is at the step it was stored for,
    with someone to move; the table has counts for exactly the stored positions."""
    game = mars_rules.load(name)
    for rec in RECORDS[name]:
        state = game.from_json(rec["position"])
        assert state.step == rec["step"] and state.to_move is not None, f"{name} {rec['name']}"
    assert sorted(TABLE[name]) == sorted(r["name"] for r in RECORDS[name]), f"{name}: {REGENERATE}"


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_the_table_covers_every_step_a_position_can_be_at(name):
    """Every step of the game's TURN_STEPS has a stored position, except the ones make_perft.NOT_COVERED
    names (with the reason no position is ever at them to move)."""
    steps = [s.key for s in mars_rules.load(name).TURN_STEPS]
    skipped = make_perft.NOT_COVERED[name]
    assert set(skipped) <= set(steps), f"{name}: NOT_COVERED names steps the game does not have"
    stored = {rec["step"] for rec in RECORDS[name]}
    missing = [s for s in steps if s not in stored and s not in skipped]
    assert not missing, f"{name}: no stored position at the steps {missing}"
    assert not stored & set(skipped), f"{name}: a position is at a step NOT_COVERED says no position is at"
