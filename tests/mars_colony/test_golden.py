"""The golden transcripts of seeded games (regenerate with `python -m tests.mars_colony.make_golden`)."""
from .make_golden import PATH, PATH_BUILDERS, builders_transcript, transcript


def test_golden_transcript_random_decisions_is_unchanged():
    assert transcript() == PATH.read_text(encoding="utf-8")


def test_golden_transcript_of_a_whole_game_to_victory_is_unchanged():
    text = builders_transcript()
    assert text == PATH_BUILDERS.read_text(encoding="utf-8")
    assert "wins." in text and "final" in text
