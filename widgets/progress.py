"""A notebook progress bar for long simulations.

>>> from widgets.progress import ProgressBar
>>> bar = ProgressBar("games")
>>> bar(5, 10); bar.widget.value
5
"""
from __future__ import annotations

import ipywidgets as W


class ProgressBar:
    """A callable `progress(done, total)` for `mars_rules.core.simulate(..., progress=bar)`.

    Display `bar.widget` in a cell; it fills as games finish.
    """

    def __init__(self, description: str = "games"):
        self.widget = W.IntProgress(value=0, min=0, max=1, description=description)
        self.label = W.Label("")
        self.box = W.HBox([self.widget, self.label])

    def __call__(self, done: int, total: int) -> None:
        self.widget.max = max(1, total)
        self.widget.value = done
        self.label.value = f"{done}/{total}"

    def _ipython_display_(self):
        from IPython.display import display
        display(self.box)
