"""Shared test set-up: the hypothesis profile for whole-game properties."""
import os

from hypothesis import HealthCheck, settings

# Whole games are slow examples: no per-example deadline, a bounded number of examples so
# the suite stays within a few minutes on 2 cores. HYPOTHESIS_PROFILE=thorough runs more.
settings.register_profile("games", deadline=None, max_examples=20, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("thorough", deadline=None, max_examples=300,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "games"))
