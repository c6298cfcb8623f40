"""Tests of the notebook widgets: Explorer, ScoreSheet, PositionEditor (and the bench helpers)."""
