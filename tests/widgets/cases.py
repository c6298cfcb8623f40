"""The games the widget tests run on: every game of mars_rules.GAMES that has a board, plus Dust Race
(tests/widgets/fakegame.py), a small game written only to test the widgets through the contract."""
from __future__ import annotations

import os
import random

import pytest

import mars_rules
from mars_rules import CHANCE
from widgets.common import TextBoard, board_module, is_playable

from . import fakeboard, fakegame

NAMES = [*mars_rules.GAMES, "fakegame"]


class Case:
    def __init__(self, name):
        self.name = name
        if name == "fakegame":
            self.game, self.board = fakegame, fakeboard.Board
        else:
            self.game = mars_rules.GAMES[name]
            if not is_playable(self.game):
                pytest.skip(f"{name}: the game package is not complete yet")
            self.board = None  # the Explorer finds widgets.<game>.Board itself
            if board_module(self.game) is None:
                if not os.environ.get("MR_WIDGETS_TEXTBOARD"):
                    pytest.skip(f"{name}: widgets/{name}.py (its board) does not exist yet")
                self.board = TextBoard  # MR_WIDGETS_TEXTBOARD=1: test the game with the plain text board

    def new(self, seed=7, players=None):
        counts = self.game.PLAYER_COUNTS
        if players is None:
            players = 2 if 2 in counts else max(counts)
        return self.game.new_game(players=players, seed=seed)

    def explorer(self, state=None, real_board=True, **options):
        """An Explorer on `state`. Tests of the Explorer's logic (history, errors, seats) pass
        real_board=False: a real game then uses the plain TextBoard, as some boards take a good
        part of a second per picture; the tests about pictures use the game's own board."""
        from widgets.explorer import Explorer
        board = self.board if real_board or self.name == "fakegame" else TextBoard
        return Explorer(self.new() if state is None else state, board=board, **options)


def step_random(state, rng):
    if state.to_move == CHANCE:
        return state.resolve_chance()
    legal = state.legal_actions()
    return state.apply(legal[int(rng.random() * len(legal))])


def find(state, predicate, seed=1, limit=600):
    """The first state of a seeded random game from `state` that satisfies `predicate` (or None)."""
    rng = random.Random(seed)
    for _ in range(limit):
        if predicate(state):
            return state
        if state.to_move is None:
            return None
        state = step_random(state, rng)
    return None


def is_decision(state):
    return state.to_move is not None and state.to_move != CHANCE and len(state.legal_actions()) >= 1


def is_chance(state):
    return state.to_move == CHANCE and len(state.chance_outcomes()) >= 2
