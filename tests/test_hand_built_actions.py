"""Actions built by hand (in a notebook, from JSON): equal to the engine's whatever the order of their
params, lists standing for tuples; values of another type refused; malformed ones refused with
IllegalAction; the engine always plays its own Action. In every game, on positions of random play."""
import random

import mars_rules
import pytest
from mars_rules import CHANCE, Action, IllegalAction
from mars_rules.core.state import made_by


def positions(game, n=40, seed=5):
    """Decision positions of a seeded random game (the first n)."""
    players = 2 if 2 in game.PLAYER_COUNTS else game.PLAYER_COUNTS[0]
    s = game.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    out = []
    while s.to_move is not None and len(out) < n:
        legal = s.legal_actions()
        if s.to_move != CHANCE:
            out.append(s)
        s = s.advance(legal[int(rng.random() * len(legal))])
    return out


def as_json_would(v):
    return [as_json_would(x) for x in v] if isinstance(v, tuple) else v


GAMES = list(mars_rules.GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_params_in_any_order_and_lists_for_tuples_are_the_engine_action(name):
    game = mars_rules.GAMES[name]
    tried = 0
    for s in positions(game):
        for a in s.legal_actions():
            items = a.items
            mine = Action(a.kind, a.player, dict(reversed([(k, as_json_would(v)) for k, v in items])))
            assert mine == a and hash(mine) == hash(a)
            nxt = s.apply(mine)
            assert made_by(nxt) is not mine and made_by(nxt) in s.legal_actions()  # the engine's own object
            assert nxt.to_json() == s.advance(a).to_json()
            assert game.from_json(nxt.to_json()).to_json() == nxt.to_json()
            tried += len(items) > 1
    assert tried > 0, "no action with several params met"


def _retyped(a):
    """Copies of `a` with one int param (or the player) given as a float or a bool instead."""
    for i, (k, v) in enumerate(a.items):
        if type(v) is int:
            for other in (float(v), bool(v) if v in (0, 1) else None):
                if other is not None:
                    items = a.items[:i] + ((k, other),) + a.items[i + 1:]
                    yield Action(a.kind, a.player, items)
    if type(a.player) is int and a.player in (0, 1):
        yield Action(a.kind, bool(a.player), a.items)
        yield Action(a.kind, float(a.player), a.items)


@pytest.mark.parametrize("name", GAMES)
def test_a_value_of_another_type_is_refused_and_the_position_kept(name):
    game = mars_rules.GAMES[name]
    refused = 0
    for s in positions(game, n=25):
        before = s.to_json()
        for a in s.legal_actions()[:8]:
            for bad in _retyped(a):
                if bad in s.legal_actions():  # equal to another legal action: never, types are compared
                    pytest.fail(f"{bad!r} taken for a legal action")
                with pytest.raises(IllegalAction) as e:
                    s.apply(bad)
                assert e.value.reason and e.value.rule
                assert s.explain(bad).endswith(")")
                refused += 1
        assert s.to_json() == before
    assert refused > 0


@pytest.mark.parametrize("name", GAMES)
def test_malformed_actions_are_refused_with_a_reason_and_repr_never_fails(name):
    s = positions(mars_rules.GAMES[name], n=1)[0]
    before = s.to_json()
    kind = s.legal_actions()[0].kind
    for bad in (Action(kind, s.to_move, (1, 2, 3)), Action(["not", "hashable"], s.to_move),
                Action(kind, s.to_move, {"x": {"a": 1}}), Action(kind, s.to_move, (("a", 1), ("a", 2))),
                Action(kind, [s.to_move]), "place_rover", None):
        text = repr(bad) + str(bad)
        assert text
        with pytest.raises(IllegalAction) as e:
            s.apply(bad)
        assert e.value.rule == "The game contract" or e.value.reason
        assert isinstance(s.explain(bad), str)
    assert s.to_json() == before


def test_the_issue_examples():
    rom = mars_rules.load("ruins_of_mars")
    s = rom.new_game(players=2, seed=7, characters="deal")
    while s.step != "transfer" or not any(a.kind == "transfer_tile" for a in s.legal_actions()):
        s = s.resolve_chance() if s.to_move == CHANCE else s.apply(s.legal_actions()[0])
    t = next(a for a in s.legal_actions() if a.kind == "transfer_tile")
    mine = Action("transfer_tile", t.player, {"tile": t.get("tile"), "from": t.get("from"), "pay": t.get("pay")})
    assert s.apply(mine).to_json() == s.apply(t).to_json()

    mars = mars_rules.load("mars_colony")
    m = mars.new_game(players=2, seed=1)
    a = next(a for a in m.legal_actions() if isinstance(a.get("material"), int))
    bad = Action(a.kind, a.player, {k: (float(v) if k == "material" else v) for k, v in a.items})
    with pytest.raises(IllegalAction):
        m.apply(bad)
    again = mars.new_game(players=2, seed=1)  # nothing of the refused float leaked into a shared cache
    assert all(type(x.get("material")) is int for x in again.legal_actions() if x.get("material") is not None)
