"""The golden playthroughs: any change in the rules' behaviour shows up as a diff of a readable text.
Regenerate with `python -m tests.ruins_of_mars.make_golden` only when a rule changes on purpose."""
import pytest

from .make_golden import GOLDEN, path, transcript


@pytest.mark.parametrize("players", GOLDEN)
def test_golden_playthrough(players):
    expected = path(players).read_text(encoding="utf-8")
    got = transcript(players)
    if got != expected:
        a, b = expected.splitlines(), got.splitlines()
        first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        raise AssertionError(f"the playthrough differs from line {first + 1}:\n  golden: "
                             f"{a[first] if first < len(a) else '<end>'}\n  now:    {b[first] if first < len(b) else '<end>'}")
