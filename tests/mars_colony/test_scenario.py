"""The teaching helpers: forced starts, validated edits, actions found by kind with reasons."""
import pytest

from mars_rules.core import IllegalAction, PositionError
from mars_rules.mars_colony import at_step, do, edit, find_action, quick_start


def test_quick_start_forces_mines_and_hands():
    s = quick_start(["A", "B", "C"], seed=2, mines=["II", "SW", "OC"], hands=["IIII", "SSSS", "WWWW"])
    assert [c.mines for c in s.colonies] == [(0, 0), (2, 3), (4, 1)]
    assert [c.hand for c in s.colonies] == [(4, 0, 0, 0, 0), (0, 0, 4, 0, 0), (0, 0, 0, 4, 0)]
    assert s.supply == (1, 5, 1, 1, 5)


def test_edit_is_validated_and_find_action_explains():
    s = quick_start(2, seed=1)
    with pytest.raises(PositionError):
        edit(s, 0, unstaff=["plant0"])                # consumption 3 above capacity 0
    t = edit(s, 0, build={"comm": 1}, staff=["comm1"], hand="CCWW")
    assert t.colonies[0].housed == 2 and t.colonies[0].hand == (0, 2, 0, 2, 0)
    t = at_step(t, "build")
    with pytest.raises(IllegalAction) as e:
        find_action(t, "build", installation="comm", level=3)
    assert "level-2" in e.value.reason
    t = do(t, "acquire_contract", give=2, get=0)
    assert len(t.colonies[0].contracts) == 1
