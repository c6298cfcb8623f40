"""The golden playthroughs (regenerate with `python -m tests.on_mars.make_golden` only on purpose)."""
import pathlib

import pytest

from .make_golden import transcript

HERE = pathlib.Path(__file__).parent


@pytest.mark.parametrize("players", [2, 4])
def test_golden_transcript(players):
    expected = (HERE / f"golden_{players}p.txt").read_text(encoding="utf-8")
    assert transcript(players, 7) == expected
