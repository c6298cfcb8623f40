"""Scenario helpers for the tests: they live in the package (mars_rules.ruins.scenario) so that the
notebooks can use them too."""
from mars_rules.ruins.scenario import (BOT_PLUS1, DRAW1, LIGHT2, MID_PLUS1, MID_PLUS2,  # noqa: F401
                                       PLUS1, PLUS2, PLUS3, WILD, act, play, position, rid, run_chance, used_for)
