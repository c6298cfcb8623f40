"""Dust Race: a tiny game that meets the game contract, so the widgets are tested even before (and
independently of) the four real games. It is test scaffolding, not one of the project's games.

Each turn: roll a die (a chance node), then either "advance" by the roll or "rest" (gain 1 water).
Advancing past space 12 ends the game. With players=1 the seats are (name, "AI"): the AI always has
exactly one legal action, whose text gives its reason.
"""
from __future__ import annotations

import sys
from typing import NamedTuple

from mars_rules.core import CHANCE, Action, Checker, GameState, IllegalAction, PositionError, ScoreRow, \
    ScoreSheet, Step, parse_position

TITLE = "Dust Race"
PLAYER_COUNTS = (1, 2, 3)
GOAL = 12
TURN_STEPS = (
    Step("roll", "1. Roll the die", "The die decides how far the rover may go.", "Turn: Roll"),
    Step("move", "2. Advance or rest", "Advance by the roll, or rest and collect 1 water.", "Turn: Move"),
    Step("over", "Game over", "Someone crossed the finish line.", "End of the Game"),
)


class _Fields(NamedTuple):
    players: tuple
    seed: int
    draws: int
    step: str
    to_move: object
    events: tuple
    current: int          # whose turn it is
    die: int              # the last roll (0 before the first)
    spaces: tuple         # per player
    water: tuple          # per player


def _advance_text(a):
    return f"Advance {a.get('by')} spaces"


class State(_Fields, GameState):
    __slots__ = ()

    @property
    def is_over(self):
        return self.to_move is None

    def _legal(self):
        p = self.to_move
        if len(self.players) == 2 and self.players[1] == "AI" and p == 1:
            return (Action("advance", 1, {"by": self.die},
                           f"AI: advance {self.die} spaces (the AI always advances)"),)
        return (Action.fast("advance", p, (("by", self.die),), _advance_text),
                Action("rest", p, {}, "Rest and collect 1 water"))

    def _outcomes(self):
        return tuple((Action("roll", CHANCE, {"face": f}, f"The die shows {f}"), 1) for f in range(1, 7))

    def _play(self, action):
        if action.kind == "roll":
            face = action.get("face")
            return self._replace(step="move", to_move=self.current, die=face,
                                 events=(f"{self.players[self.current]} rolled {face}.",))
        p = self.current
        spaces, water = list(self.spaces), list(self.water)
        if action.kind == "advance":
            spaces[p] += self.die
            ev = f"{self.players[p]} advanced to space {spaces[p]}."
        else:
            water[p] += 1
            ev = f"{self.players[p]} rested and has {water[p]} water."
        nxt = (p + 1) % len(self.players)
        if spaces[p] >= GOAL:
            return self._replace(step="over", to_move=None, spaces=tuple(spaces), water=tuple(water),
                                 events=(ev, f"{self.players[p]} crossed the line: the game is over."))
        return self._replace(step="roll", to_move=CHANCE, current=nxt, spaces=tuple(spaces),
                             water=tuple(water), events=(ev,))

    def _why(self, action):
        if not isinstance(action, Action):
            return f"{action!r} is not an Action.", "The game contract"
        if self.to_move == CHANCE:
            return "Roll the die first (a chance node).", "Turn: Roll"
        if action.player != self.to_move:
            return f"It is {self.players[self.to_move]}'s turn, not seat {action.player}'s.", "Turn: Move"
        return (f"{action.kind!r} is not possible here: advance {self.die} or rest.", "Turn: Move")

    def score(self):
        rows = []
        for p in range(len(self.players)):
            rows.append(ScoreRow(p, "Distance", self.spaces[p], "Scoring: Distance"))
            rows.append(ScoreRow(p, "Water", self.water[p], "Scoring: Water"))
        return ScoreSheet(self.players, tuple(rows), "Tie: fewer water wins.", self.is_over,
                          self.winners() if self.is_over else ())

    def winners(self):
        if not self.is_over:
            return ()
        totals = self.score_totals()
        best = max(totals)
        return tuple(p for p, t in enumerate(totals) if t == best)

    def score_totals(self):
        return tuple(s + w for s, w in zip(self.spaces, self.water))

    def view(self, player):
        return self if player is None else self._replace(seed=0)  # the stream is secret

    def to_dict(self):
        return {"format": 1, "game": "fakegame", "seed": self.seed, "draws": self.draws, "step": self.step,
                "current": self.current, "die": self.die,
                "players": [{"name": n, "spaces": s, "water": w}
                            for n, s, w in zip(self.players, self.spaces, self.water)]}


State.game = sys.modules[__name__]


def new_game(players=2, seed=0):
    names = tuple(players) if not isinstance(players, int) else \
        (("You", "AI") if players == 1 else tuple(f"Player {i + 1}" for i in range(players)))
    n = len(names)
    return State(names, seed, 0, "roll", CHANCE, ("The race begins.",), 0, 0, (0,) * n, (0,) * n)


def from_json(text):
    data = parse_position(text, "fakegame")
    c = Checker()
    d = c.obj(data, "position", {"format": int, "game": str, "seed": int, "draws": int, "step": str,
                                 "current": int, "die": int, "players": list})
    c.int_in(d.get("draws"), "draws", 0, None)
    c.one_of(d.get("step"), "step", [s.key for s in TURN_STEPS])
    c.int_in(d.get("die"), "die", 0, 6)
    players = c.list_of(d.get("players"), "players", dict)
    if d.get("players") is not None and not 2 <= len(d["players"]) <= 3:
        c.fail("players", "a race has 2 or 3 seats")
    recs = [c.obj(p, f"players[{i}]", {"name": str, "spaces": int, "water": int}) for i, p in enumerate(players)]
    for i, r in enumerate(recs):
        c.int_in(r.get("spaces"), f"players[{i}].spaces", 0, GOAL + 5)
        c.int_in(r.get("water"), f"players[{i}].water", 0, 99)
    if players:
        c.int_in(d.get("current"), "current", 0, len(players) - 1)
    c.done()
    step = d["step"]
    to_move = None if step == "over" else CHANCE if step == "roll" else d["current"]
    return State(tuple(r["name"] for r in recs), d["seed"], d["draws"], step, to_move, (), d["current"],
                 d["die"], tuple(r["spaces"] for r in recs), tuple(r["water"] for r in recs))


OPTIONS = {}
__all__ = ["TITLE", "PLAYER_COUNTS", "TURN_STEPS", "new_game", "from_json", "State", "IllegalAction",
           "PositionError"]
