"""Undo, redo and jump through the States a game went through.

>>> import mars_rules
>>> game = mars_rules.load("ruins_of_mars")
>>> h = History(game.new_game(players=2, seed=1))
>>> first = h.current
>>> _ = h.apply(h.current.legal_actions()[0])
>>> h.undo() is first
True
"""
from __future__ import annotations


class History:
    """A list of States and the Actions between them, with a cursor.

    Applying an Action after an undo drops the redo branch. At most `limit`
    States are kept: the oldest are dropped (and `dropped` counts them), so a
    long session never grows without bound.
    """

    def __init__(self, state, limit: int = 2000):
        self.states = [state]
        self.actions = []  # actions[i] led from states[i] to states[i + 1]
        self.index = 0
        self.limit = max(2, limit)
        self.dropped = 0

    @property
    def current(self):
        return self.states[self.index]

    def apply(self, action):
        """Apply to the current State (IllegalAction leaves the history as it was)."""
        nxt = self.current.apply(action)
        self._push(action, nxt)
        return nxt

    def push(self, action, state):
        """Record a transition made elsewhere (a chance outcome drawn with resolve_chance)."""
        self._push(action, state)
        return state

    def _push(self, action, state):
        del self.states[self.index + 1:]
        del self.actions[self.index:]
        self.states.append(state)
        self.actions.append(action)
        self.index += 1
        excess = len(self.states) - self.limit
        if excess > 0:
            del self.states[:excess]
            del self.actions[:excess]
            self.index -= excess
            self.dropped += excess

    @property
    def can_undo(self) -> bool:
        return self.index > 0

    @property
    def can_redo(self) -> bool:
        return self.index < len(self.states) - 1

    def undo(self):
        if self.can_undo:
            self.index -= 1
        return self.current

    def redo(self):
        if self.can_redo:
            self.index += 1
        return self.current

    def jump(self, index: int):
        """Move the cursor to states[index] (negative counts from the end)."""
        if index < 0:
            index += len(self.states)
        if not 0 <= index < len(self.states):
            raise IndexError(f"no state {index}: the history holds {len(self.states)}")
        self.index = index
        return self.current

    def __len__(self):
        return len(self.states)
