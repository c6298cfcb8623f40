"""The golden transcript of a seeded game (regenerate with `python -m tests.mars_colony.make_golden`)."""
from .make_golden import PATH, transcript


def test_golden_transcript_is_unchanged():
    assert transcript() == PATH.read_text(encoding="utf-8")
