"""The analysis panel's result as HTML: the ranking of the legal actions, its verdict, how the search went
and "why?" (the mean final score sheets side by side). Pure functions of a `mars_rules.core.Analysis`; the
panel itself is widgets/analysis_panel.py.

>>> import mars_rules
>>> from mars_rules.core import analyse
>>> a = analyse(mars_rules.load("ruins").new_game(2, seed=3), budget=20, seed=1)
>>> ranking_html(a).count('<tr class="mr-cand') == len(a.candidates)
True
"""
from __future__ import annotations

from .common import esc

CSS = """<style>
.mr-analysis {border-top: 1px solid #ddd; margin-top: 6px; padding-top: 4px;}
.mr-analysis .mr-analysis-reason {color: #666; font-style: italic; margin-left: 6px;}
.mr-analysis .mr-analysis-progress-text {margin-left: 6px; font-variant-numeric: tabular-nums;}
.mr-analysis .mr-analysis-status {color: #285e8e; line-height: 1.4;}
.mr-analysis .mr-analysis-problem {color: #b00020; border-left: 4px solid #b00020; padding-left: 6px;}
.mr-analysis table {border-collapse: collapse; font-size: 12.5px; margin: 4px 0;}
.mr-analysis th {text-align: left; font-weight: 600; padding: 2px 6px; border-bottom: 1px solid #bbb; line-height: 1.25;}
.mr-analysis td {padding: 2px 6px; border-bottom: 1px solid #eee; vertical-align: middle; line-height: 1.25;}
.mr-analysis td.mr-num {text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap;}
.mr-analysis td.mr-cand-action {max-width: 300px;}
.mr-analysis tr.mr-best td {background: #fde9a9; font-weight: 600;}
.mr-analysis .mr-track {position: relative; width: 160px; height: 16px; background: #eef1f5;}
.mr-analysis .mr-bar {position: absolute; left: 0; top: 3px; height: 10px; background: #6b9bd1;}
.mr-analysis tr.mr-best .mr-bar {background: #1f5f9e;}
.mr-analysis .mr-ci {position: absolute; top: 1px; height: 14px; box-sizing: border-box;
  border-left: 1.5px solid #222; border-right: 1.5px solid #222;
  background: linear-gradient(#222, #222) center / 100% 1.5px no-repeat;}
.mr-analysis .mr-even {position: absolute; top: 0; bottom: 0; border-left: 1px dashed #888;}
.mr-analysis .mr-ranking-box {max-height: 560px; overflow-y: auto;}
.mr-analysis table caption {caption-side: top; text-align: left; color: #333; padding: 2px 0;}
.mr-analysis .mr-verdict {background: #f4f6fa; border-left: 4px solid #1f77b4; padding: 4px 8px; line-height: 1.4;
  max-width: 640px;}
.mr-analysis .mr-stamp {color: #555; font-size: 12px; line-height: 1.35; max-width: 640px;}
.mr-analysis .widget-html-content {line-height: 1.35;}
.mr-analysis table.mr-why td.mr-up {color: #1a7f37;}
.mr-analysis table.mr-why td.mr-down {color: #b00020;}
.mr-analysis table.mr-why tr.mr-total td {font-weight: bold; border-top: 2px solid #444;}
.mr-analysis table.mr-why .mr-first {border-left: 1px solid #bbb;}
.mr-analysis table.mr-why th.mr-num {text-align: right;}
.mr-analysis .mr-why-head {max-width: 640px; line-height: 1.35;}
</style>"""


# ----- the result as HTML (pure functions of an Analysis) -------------------------------------------------
def percent(x: float) -> str:
    return f"{100 * x:.0f}%"


def quote(action, limit: int = 90) -> str:
    text = str(action)
    return "“" + (text if len(text) <= limit else text[: limit - 1] + "…") + "”"


def _apart(a, b) -> bool:
    """Do two candidates' 95% intervals not overlap?"""
    return a.clearly_better_than(b) or b.clearly_better_than(a)


def verdict(analysis) -> str:
    """The ranking in one or two sentences (plain text)."""
    best = analysis.best
    lo, hi = best.interval
    head = (f"{quote(best.action)} wins about {percent(best.win_rate)} of the searched games "
            f"(95% interval {percent(lo)}–{percent(hi)})")
    if len(analysis.candidates) == 1:
        return f"The only legal action, {head[0].lower()}{head[1:]}."
    second = analysis.candidates[1]
    apart = _apart(best, second)
    return (f"{head}; the next best, {quote(second.action)}, {percent(second.win_rate)}. "
            f"With {analysis.iterations} iterations the two are {'clearly' if apart else 'not clearly'} apart "
            f"(their intervals {'do not overlap' if apart else 'overlap'}).")


def stamp(analysis) -> str:
    """How the search went: iterations, time, seed (and whether it was cancelled or cut rollouts)."""
    done = (f"cancelled after {analysis.iterations} of {analysis.budget} iterations (a rough guide only)"
            if analysis.cancelled else f"{analysis.iterations} iterations")
    cut = (f"; {analysis.cut} playouts were too long and judged by the position instead of played out"
           if analysis.cut else "")
    return (f"{player_name_of(analysis)} to move; {done} in {analysis.seconds:.1f} s, seed {analysis.seed}{cut}. "
            f"A bar is the share of the searched games won after that action, the black line its 95% interval, "
            f"the dashed line an even share (1 in {len(analysis.players)}).")


def player_name_of(analysis) -> str:
    return str(analysis.players[analysis.player])


def ranking_html(analysis) -> str:
    """A row per legal action, best first: rank, action, a win-probability bar with its 95% interval,
    the win rate in figures, visits and mean final margin."""
    even = 100 / max(1, len(analysis.players))
    rows = []
    for rank, c in enumerate(analysis.candidates, 1):
        lo, hi = c.interval
        bar = (f'<div class="mr-track"><div class="mr-bar" style="width:{100 * c.win_rate:.1f}%"></div>'
               f'<div class="mr-even" style="left:{even:.1f}%" title="an even share: 1 in {len(analysis.players)}"></div>'
               f'<div class="mr-ci" style="left:{100 * lo:.1f}%;width:{100 * (hi - lo):.1f}%"></div></div>')
        text = str(c.action)
        rows.append(
            f'<tr class="mr-cand{" mr-best" if rank == 1 else ""}" data-rank="{rank}" data-win="{c.win_rate:.4f}">'
            f'<td class="mr-num">{rank}</td><td class="mr-cand-action" title="{esc(text)}">{esc(quote(text, 120)[1:-1])}</td>'
            f'<td>{bar}</td><td class="mr-num">{percent(c.win_rate)} <small>({percent(lo)}–{percent(hi)})</small></td>'
            f'<td class="mr-num">{c.visits}</td><td class="mr-num">{c.mean_margin:+.1f}</td></tr>')
    head = ('<tr><th>#</th><th>Action</th><th>Win probability, 95% interval</th><th>Win rate</th>'
            '<th title="games searched after it">Visits</th>'
            f'<th title="{esc(player_name_of(analysis))}\'s final total minus the best other total">Mean margin</th></tr>')
    n = len(analysis.candidates)
    caption = (f"{'All ' + str(n) + ' legal actions' if n > 1 else 'The only legal action'} of "
               f"{esc(player_name_of(analysis))}{', best first' if n > 1 else ''}")
    return (f'<div class="mr-ranking-box"><table class="mr-ranking"><caption>{caption}</caption><thead>{head}</thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')


def why_html(analysis, k: int) -> str:
    """The mean final score sheet after candidate `k` beside the best one's (beside the next best's when
    `k` is the best), a column per player, and the difference for the player to move."""
    cands = analysis.candidates
    other = 1 if k == 0 else 0
    if other >= len(cands):
        other = k
    pair = [(k, cands[k]), (other, cands[other])] if other != k else [(k, cands[k])]
    tables = [dict(c.mean_rows()) for _, c in pair]
    categories = list(dict.fromkeys(cat for t in reversed(tables) for cat in t))
    n, me = len(analysis.players), analysis.player
    names = "".join(f'<th class="mr-num{" mr-first" if p == 0 else ""}">{esc(name)}</th>'
                    for p, name in enumerate(analysis.players))

    def label(i):
        return "the best (#1)" if i == 0 else f"#{i + 1}"
    head1 = "".join(f'<th class="mr-first" colspan="{n}">after {label(i)}</th>' for i, _ in pair)
    diff = len(pair) == 2
    if diff:
        head1 += f'<th rowspan="2">{esc(player_name_of(analysis))}: #{k + 1} minus #{other + 1}</th>'

    def cells(values):  # a group of columns, a line before it
        return "".join(f'<td class="mr-num{" mr-first" if p == 0 else ""}">{v:.1f}</td>' for p, v in enumerate(values))
    body = []
    totals = [[0.0] * n for _ in pair]
    for cat in categories:
        row = [t.get(cat, (0.0,) * n) for t in tables]
        for j, values in enumerate(row):
            totals[j] = [a + b for a, b in zip(totals[j], values)]
        tds = "".join(cells(values) for values in row)
        if diff:
            tds += _difference(row[0][me] - row[1][me])
        body.append(f"<tr><td>{esc(cat)}</td>{tds}</tr>")
    tds = "".join(cells(t) for t in totals)
    if diff:
        tds += _difference(totals[0][me] - totals[1][me])
    body.append(f'<tr class="mr-total"><td>Total</td>{tds}</tr>')
    said = "; ".join(f"#{i + 1} {esc(quote(c.action, 140))} ({c.visits} games)" for i, c in pair)
    if any(c.visits == 0 for _, c in pair):
        said += " — a candidate with no games searched has no score sheet yet"
    return (f'<div class="mr-why-head">Mean final score sheet after {said}: where the points come from.</div>'
            f'<table class="mr-why"><thead><tr><th rowspan="2">Category</th>{head1}</tr>'
            f'<tr>{names * len(pair)}</tr></thead><tbody>{"".join(body)}</tbody></table>')


def _difference(d: float) -> str:
    d = round(d, 1)
    cls = " mr-up" if d > 0 else " mr-down" if d < 0 else ""
    return f'<td class="mr-num{cls}">{f"{d:+.1f}" if d else "0.0"}</td>'
