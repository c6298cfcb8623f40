"""A board for the test game Dust Race, following the board convention of widgets/<game>.py."""
from matplotlib.figure import Figure

from mars_rules import CHANCE

from .fakegame import GOAL

COLOURS = ("#0072B2", "#E69F00", "#009E73")  # Okabe-Ito: colour-blind safe


class Board:
    def __init__(self, state, ax=None, figsize=None):
        if ax is None:
            self.fig = Figure(figsize=figsize or (5, 2.5))
            self.ax = self.fig.add_subplot()
        else:
            self.fig, self.ax = ax.figure, ax
        self.update(state)

    def update(self, state):
        ax = self.ax
        ax.clear()
        ax.set_xlim(-0.5, GOAL + 5.5)
        ax.set_ylim(-0.5, len(state.players) - 0.5)
        ax.axvline(GOAL, color="k", ls="--")
        for p, name in enumerate(state.players):
            ax.barh(p, state.spaces[p], color=COLOURS[p % 3],
                    edgecolor="k", linewidth=3 if state.to_move == p else 0.5)
            ax.text(0.1, p, f"{name[:1]} {state.spaces[p]} ({state.water[p]} water)", va="center")
        ax.set_yticks(range(len(state.players)), list(state.players))
        ax.set_title(f"step {state.step}, die {state.die}" + (" (roll!)" if state.to_move == CHANCE else ""))


def draw(state, ax=None):
    return Board(state, ax=ax).fig
