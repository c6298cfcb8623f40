"""The golden playthrough: a seeded 2-player game, step by step, compared to the stored transcript.

If a rule changes on purpose, regenerate it with `python -m tests.ruins.make_golden` and read the diff.
"""
from .make_golden import PATH, transcript


def test_golden_transcript_is_unchanged():
    expected = PATH.read_text(encoding="utf-8")
    got = transcript()
    assert got == expected, "the seeded game changed: if on purpose, run python -m tests.ruins.make_golden"


def test_golden_transcript_reads_as_a_game():
    text = PATH.read_text(encoding="utf-8")
    for words in ("night_flip", "Lead: add ruin", "Pass", "Play a", "Reveal", "dealt", "Winner:"):
        assert words in text
