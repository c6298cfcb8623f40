"""The shared core: actions, errors, chance stream, score sheet, history, and import hygiene."""
import ast
import pathlib
import sys
from fractions import Fraction

import pytest

import mars_rules
from mars_rules.core import (CHANCE, Action, Checker, History, IllegalAction, PositionError, ScoreRow,
                             ScoreSheet, as_fractions, draw_index, parse_position, pick)

ROOT = pathlib.Path(mars_rules.__file__).parent


def test_action_is_a_frozen_hashable_value():
    a = Action("place_rover", 0, {"site": "Workshop"}, "Place the Rover on the Workshop")
    b = Action("place_rover", 0, {"site": "Workshop"}, lambda act: "other words")
    assert a == b and hash(a) == hash(b) and not (a != b)
    assert a != Action("place_rover", 1, {"site": "Workshop"})
    assert a.params["site"] == "Workshop" and a.get("site") == "Workshop"
    with pytest.raises(TypeError):
        a.params["site"] = "Dormitory"
    assert str(b) == "other words"
    assert Action.from_dict(a.to_dict()) == a
    assert len({a, b}) == 1


def test_errors_carry_reason_rule_and_problems():
    e = IllegalAction("You need 2 Oxygen.", "Step 2: Transfer 1 Action Tile")
    assert e.reason == "You need 2 Oxygen." and e.rule.startswith("Step 2")
    assert "Step 2" in str(e)
    p = PositionError(["a", "b"])
    assert p.problems == ["a", "b"] and isinstance(p, ValueError)


def test_the_chance_stream_is_the_blake2b_of_seed_and_counter():
    """draw_index keeps the seed's part of the hash and copies it: the numbers are those of hashing
    b"<seed>:<counter>" at once, so saved games and tests replay as before."""
    import hashlib
    import random
    rng = random.Random(3)
    for _ in range(2000):
        seed, counter, total = rng.randint(-10**12, 10**12), rng.randint(0, 10**6), rng.randint(1, 60)
        digest = hashlib.blake2b(b"%d:%d" % (seed, counter), digest_size=8).digest()
        assert draw_index(seed, counter, total) == int.from_bytes(digest, "big") % total


def test_chance_stream_is_deterministic_and_uses_every_outcome():
    assert [draw_index(5, i, 6) for i in range(50)] == [draw_index(5, i, 6) for i in range(50)]
    assert set(draw_index(5, i, 6) for i in range(200)) == set(range(6))
    weighted = [("a", 1), ("b", 3)]
    assert as_fractions(weighted) == (("a", Fraction(1, 4)), ("b", Fraction(3, 4)))
    assert {pick(weighted, 1, i) for i in range(100)} == {"a", "b"}


def test_score_sheet_totals_and_table():
    s = ScoreSheet(("A", "B"), (ScoreRow(0, "x", 2, "r"), ScoreRow(1, "x", 5, "r"), ScoreRow(0, "y", -1, "q")),
                   tiebreak="none needed", final=True, winners=(1,))
    assert s.totals == (1, 5)
    assert s.table() == [["x", 2, 5], ["y", -1, 0], ["Total", 1, 5]]
    assert "none needed" in str(s)


def test_parse_position_refuses_bad_input_with_problems():
    for bad in [None, 3, "[1]", "{", '{"format": 2, "game": "x"}', "NaN", "[" * 100000,
                "x" * (mars_rules.core.MAX_POSITION_CHARS + 1)]:
        with pytest.raises(PositionError) as e:
            parse_position(bad, "ruins_of_mars")
        assert e.value.problems


def test_checker_lists_every_problem():
    c = Checker()
    d = c.obj({"a": "x", "z": 1}, "root", {"a": int, "b": int})
    c.int_in(d.get("b"), "root.b", 0, 3)
    assert len(c.problems) == 3
    with pytest.raises(PositionError) as e:
        c.done()
    assert len(e.value.problems) == 3


def test_history_undo_redo_jump_and_bound():
    class Counter(tuple):
        def apply(self, action):
            if action == "bad":
                raise IllegalAction("no", "r")
            return Counter((self[0] + 1,))

    h = History(Counter((0,)), limit=5)
    for _ in range(3):
        h.apply("inc")
    assert h.current[0] == 3
    assert h.undo()[0] == 2 and h.undo()[0] == 1 and h.redo()[0] == 2
    with pytest.raises(IllegalAction):
        h.apply("bad")
    assert h.current[0] == 2 and len(h) == 4
    h.apply("inc")  # drops the redo branch
    assert len(h) == 4 and not h.can_redo
    assert h.jump(0)[0] == 0
    for _ in range(20):
        h.jump(-1)
        h.apply("inc")
    assert len(h) == 5 and h.dropped > 0


def test_games_registry_and_load():
    assert set(mars_rules.GAMES) <= set(mars_rules.GAME_NAMES)
    for name, module in mars_rules.GAMES.items():
        assert mars_rules.load(name) is module
    with pytest.raises(KeyError):
        mars_rules.load("chess")


def _imported_roots(path):
    """Every module a file imports, anywhere (ast.walk: lazy imports inside functions too), including
    `importlib.import_module("name")` and `__import__("name")` with a literal name."""
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0]
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str) and not node.args[0].value.startswith(".")
              and ast.unparse(node.func) in ("importlib.import_module", "import_module", "__import__")):
            yield node.args[0].value.split(".")[0]


def test_imported_roots_sees_lazy_imports(tmp_path):
    source = tmp_path / "lazy.py"
    source.write_text("import os\n\ndef plot():\n    import pandas.api\n    from numpy import array\n"
                      "    return importlib.import_module('dask.distributed'), __import__('scipy')\n")
    assert set(_imported_roots(source)) == {"os", "pandas", "numpy", "dask", "scipy"}


def test_mars_rules_imports_only_the_standard_library():
    allowed = set(sys.stdlib_module_names) | {"mars_rules", "__future__"}
    bad = {(str(p.relative_to(ROOT)), m) for p in ROOT.rglob("*.py") for m in _imported_roots(p)
           if m not in allowed}
    assert not bad, f"mars_rules imports outside the standard library: {sorted(bad)}"


def test_find_returns_a_legal_action_by_kind_and_params():
    game = mars_rules.load("ruins_of_mars")
    s = game.new_game(players=2, seed=1)
    while s.step != "place_rover":
        s = s.resolve_chance() if s.to_move == CHANCE else s.apply(s.legal_actions()[0])
    a = s.find("place_rover", site="Workshop")
    assert a in s.legal_actions() and a.get("site") == "Workshop"
    assert s.find("place_rover", site="Olympus") is None and s.find("no_such_kind") is None


def test_setter_and_indexed_replace_give_what_namedtuple_replace_gives():
    from typing import NamedTuple

    from mars_rules.core import indexed_replace, setter

    class P(NamedTuple):
        a: int
        b: tuple
        c: str
        d: int

    class Q(P):
        __slots__ = ()
        _replace = indexed_replace(P)

    q = Q(1, (2,), "x", 4)
    assert q._replace(d=9, a=0) == P(1, (2,), "x", 4)._replace(a=0, d=9) and type(q._replace(a=0)) is Q
    set_db = setter(Q, "d", "b", c="fixed")
    out = set_db(q, 7, ())
    assert out == q._replace(d=7, b=(), c="fixed") and type(out) is Q and q == Q(1, (2,), "x", 4)
    with pytest.raises(ValueError, match="no fields"):
        setter(Q, "e")
    with pytest.raises(ValueError, match="unexpected field"):
        q._replace(e=1)
