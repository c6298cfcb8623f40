"""The score sheet as one HTML table: players as columns, categories as rows, totals, the tie-break.

>>> from mars_rules.core import ScoreRow, ScoreSheet as Sheet
>>> sheet = Sheet(("Ada", "Bo"), (ScoreRow(0, "Language", 5, "Final Scoring"),
...                               ScoreRow(1, "Language", 3, "Final Scoring")), "Tie: least Radiation")
>>> "provisional" in to_html(sheet) and "Final Scoring" in to_html(sheet)
True
"""
from __future__ import annotations

import ipywidgets

from .common import esc

CSS = """<style>
.mr-score table {border-collapse: collapse; font-size: 13px; margin: 2px 0;}
.mr-score th, .mr-score td {border: 1px solid #bbb; padding: 2px 8px; line-height: 1.2;}
.mr-score td.mr-num {text-align: right; font-variant-numeric: tabular-nums;}
.mr-score tr.mr-total td {font-weight: bold; border-top: 2px solid #444;}
.mr-score th.mr-winner {background: #fde9a9;}
.mr-score .mr-rule {color: #666; font-size: 10.5px; display: block; line-height: 1.1;}
.mr-score caption {caption-side: bottom; text-align: left; font-size: 12px; color: #333; padding-top: 3px;
  line-height: 1.3; max-width: 420px;}
</style>"""


def to_html(sheet, css: bool = True) -> str:
    """One table: a row per category (with its rulebook section in small text and as a tooltip),
    a column per player, the totals, then the tie-break line and whether the sheet is final."""
    n = len(sheet.players)
    winners = set(sheet.winners or ()) if sheet.final else set()  # a star only on a final sheet
    status = "final" if sheet.final else "provisional: the game is not over"
    head = "".join(
        f'<th class="mr-player{" mr-winner" if p in winners else ""}">{esc(name)}'
        f'{" ★" if p in winners else ""}</th>' for p, name in enumerate(sheet.players))
    body = []
    cells: dict = {}
    for r in sheet.rows:  # one pass: (category, player) -> points
        key = (r.category, r.player)
        cells[key] = cells.get(key, 0) + r.points
    for category in sheet.categories:
        rule = sheet.rule_of(category)
        nums = "".join(f'<td class="mr-num">{cells.get((category, p), 0)}</td>' for p in range(n))
        body.append(f'<tr><td title="{esc(rule)}">{esc(category)}<span class="mr-rule">{esc(rule)}</span>'
                    f'</td>{nums}</tr>')
    totals = "".join(f'<td class="mr-num">{t}</td>' for t in sheet.totals)
    body.append(f'<tr class="mr-total"><td>Total</td>{totals}</tr>')
    caption = []
    if sheet.tiebreak:
        caption.append(f'<span class="mr-tiebreak">Tie-break: {esc(sheet.tiebreak)}</span>')
    caption.append(f'<span class="mr-status"><b>{"Final" if sheet.final else "Provisional"}</b>'
                   f'{"" if sheet.final else " (the game is not over)"}</span>')
    if getattr(sheet, "variant", ""):
        caption.append(f'<span class="mr-variant">Variant rules: {esc(sheet.variant)}</span>')
    table = (f'<table class="mr-scoretable" data-status="{esc(status)}"><caption>{"<br>".join(caption)}</caption>'
             f'<thead><tr><th>Category</th>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>')
    return (CSS if css else "") + f'<div class="mr-score">{table}</div>'


class ScoreTable:
    """A position's score sheet as a notebook shows it: `score_table(state)` as a cell's value is the HTML
    table (with the sheet as text for plain frontends), and its display metadata says which rows it
    shows (for the teaching-coverage test)."""

    def __init__(self, state, sheet=None):
        self.state = state
        self.sheet = state.score() if sheet is None else sheet

    def _repr_mimebundle_(self, include=None, exclude=None):
        from .common import display_meta
        return ({"text/html": to_html(self.sheet), "text/plain": str(self.sheet)},
                {"mars_rules": display_meta(self.state, self.sheet)})

    def __repr__(self):
        return str(self.sheet)


def score_table(state, sheet=None) -> ScoreTable:
    """The score sheet of `state` (or the given `sheet` of it) as an HTML table for a notebook cell."""
    return ScoreTable(state, sheet)


class ScoreSheet(ipywidgets.HTML):
    """A score sheet display: `ScoreSheet(state)` or `ScoreSheet(sheet)`; `.update(...)` redraws it.

    `.sheet` is the mars_rules.core.ScoreSheet shown; `.value` is the HTML.
    """

    def __init__(self, source=None, **kwargs):
        super().__init__(**kwargs)
        self.add_class("mr-score-widget")
        self.sheet = None
        if source is not None:
            self.update(source)

    def update(self, source) -> None:
        sheet = source.score() if hasattr(source, "score") and callable(source.score) else source
        self.sheet = sheet
        self.value = to_html(sheet)

    def _repr_html_(self):  # plain HTML where widgets are not rendered (nbconvert, GitHub)
        return self.value


ScoreSheetView = ScoreSheet
