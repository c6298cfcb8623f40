"""The Explorer's analysis panel: which action is best here, and why (mars_rules.core.analyse).

**Analyse** searches the current decision (Monte Carlo tree search within a budget of iterations) in a
background thread, so the page stays live: a progress bar moves, **Cancel** stops it, and any click on
the Explorer is answered meanwhile. Then the legal actions are ranked, each with a bar for its win
probability and a thin line for its 95% interval, its visits and mean margin, and a sentence says whether
the best one is clearly ahead of the next. **Why?** puts the mean final score sheet after a candidate
beside the best one's (where the points come from); **Play this** applies that candidate through the
Explorer, so undo and the history work as usual.

An analysis belongs to one position: any change of position or of view cancels a running search and
clears the result (going back shows it again). At a chance node, at the end of the game, or when the
decision is hidden in the chosen view, the button is disabled with the reason beside it.

It lives under the Explorer's record panel (`explorer.analysis_panel`); `analyse(wait=True)` runs the
search to the end in the calling thread and returns the Analysis:

>>> import mars_rules
>>> from widgets.common import TextBoard
>>> from widgets.explorer import Explorer
>>> ex = Explorer(mars_rules.load("ruins").new_game(2, seed=3), board=TextBoard)
>>> a = ex.analysis_panel.analyse(budget=20, seed=1, wait=True)
>>> len(a.candidates) == len(ex.state.legal_actions()), ex.analysis_panel.play_button.disabled
(True, False)
"""
from __future__ import annotations

import threading
import time

import ipywidgets as W

from mars_rules import CHANCE
from mars_rules.core import analyse as search

from .common import esc, player_name, short_error

BUDGETS = (("quick: 60 iterations", 60), ("default: 200 iterations", 200), ("deep: 800 iterations", 800))
"""The budget choices (iterations; a search's time grows with it and with the length of the game left)."""
PROGRESS_EVERY_S = 0.1
"""The progress bar is updated at most this often (each update is a message to the page)."""
KEPT = 8
"""Analyses kept for positions left behind, shown again on return (after an undo, say)."""

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
def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _quote(action, limit: int = 90) -> str:
    text = str(action)
    return "“" + (text if len(text) <= limit else text[: limit - 1] + "…") + "”"


def _apart(a, b) -> bool:
    """Do two candidates' 95% intervals not overlap?"""
    return a.clearly_better_than(b) or b.clearly_better_than(a)


def verdict(analysis) -> str:
    """The ranking in one or two sentences (plain text)."""
    best = analysis.best
    lo, hi = best.interval
    head = (f"{_quote(best.action)} wins about {_pct(best.win_rate)} of the searched games "
            f"(95% interval {_pct(lo)}–{_pct(hi)})")
    if len(analysis.candidates) == 1:
        return f"The only legal action, {head[0].lower()}{head[1:]}."
    second = analysis.candidates[1]
    apart = _apart(best, second)
    return (f"{head}; the next best, {_quote(second.action)}, {_pct(second.win_rate)}. "
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
            f'<td class="mr-num">{rank}</td><td class="mr-cand-action" title="{esc(text)}">{esc(_quote(text, 120)[1:-1])}</td>'
            f'<td>{bar}</td><td class="mr-num">{_pct(c.win_rate)} <small>({_pct(lo)}–{_pct(hi)})</small></td>'
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
    said = "; ".join(f"#{i + 1} {esc(_quote(c.action, 140))} ({c.visits} games)" for i, c in pair)
    if any(c.visits == 0 for _, c in pair):
        said += " — a candidate with no games searched has no score sheet yet"
    return (f'<div class="mr-why-head">Mean final score sheet after {said}: where the points come from.</div>'
            f'<table class="mr-why"><thead><tr><th rowspan="2">Category</th>{head1}</tr>'
            f'<tr>{names * len(pair)}</tr></thead><tbody>{"".join(body)}</tbody></table>')


def _difference(d: float) -> str:
    d = round(d, 1)
    cls = " mr-up" if d > 0 else " mr-down" if d < 0 else ""
    return f'<td class="mr-num{cls}">{f"{d:+.1f}" if d else "0.0"}</td>'


# ----- the panel ------------------------------------------------------------------------------------------
def _same(a, b) -> bool:
    """Are two (state, view_as) positions the same (an equal state counts: the analysis is the same)?"""
    return a is not None and b is not None and a[1] == b[1] and (a[0] is b[0] or a[0] == b[0])


class AnalysisPanel(W.VBox):
    """Analyse (with a budget), Cancel, a progress bar; the ranking, its verdict, "why?" and Play this."""

    def __init__(self, explorer, seed: int = 0, horizon: int | None = None, **kwargs):
        super().__init__(**kwargs)
        self.ex = explorer
        self.seed = seed
        self.horizon = horizon       # None: every playout to the end of the game (see core.analyse)
        self.analysis = None         # the Analysis shown (of the Explorer's current position)
        self.thread = None           # the search's thread while one runs (or the last one)
        self._lock = threading.RLock()
        self._run = 0                # which search's results may still be shown
        self._cancel = None          # that search's threading.Event
        self._running_for = None     # (state, view_as) being searched
        self._shown_for = None       # (state, view_as) of self.analysis
        self._kept: list = []        # [((state, view_as), analysis)], the newest last
        self._said_for = None        # (state, view_as) the status line speaks of
        self.add_class("mr-analysis")
        self.analyse_button = self._button("Analyse", "search", "mr-analyse", lambda: self.analyse(),
                                           "Rank the legal actions by a search of the games that may follow")
        self.budget_select = W.Dropdown(options=BUDGETS, value=200, layout=W.Layout(width="190px"))
        self.budget_select.add_class("mr-analysis-budget")
        self.cancel_button = self._button("Cancel", "stop", "mr-analysis-cancel", lambda: self.cancel(),
                                          "Stop the search (what it found so far is shown, marked)")
        self.reason = W.HTML().add_class("mr-analysis-reason")
        self.progress = W.IntProgress(value=0, min=0, max=200, layout=W.Layout(width="220px"))
        self.progress.add_class("mr-analysis-progress")
        self.progress_text = W.HTML().add_class("mr-analysis-progress-text")
        self.progress_row = W.HBox([self.progress, self.progress_text], layout=W.Layout(align_items="center"))
        self.status = W.HTML().add_class("mr-analysis-status")
        self.result = W.HTML().add_class("mr-analysis-result")
        self.why_select = W.Dropdown(description="Why?", layout=W.Layout(width="auto", max_width="520px"))
        self.why_select.add_class("mr-why-select")
        self.why_select.observe(lambda _c: self._render_why(), names="value")
        self.play_button = self._button("Play this", "play", "mr-analysis-play", lambda: self.play(),
                                        "Apply the candidate chosen in Why? (undo takes it back)")
        self.why = W.HTML().add_class("mr-why")
        self.why_row = W.HBox([self.why_select, self.play_button],
                              layout=W.Layout(flex_flow="row wrap", align_items="center"))
        row = dict(flex_flow="row wrap", align_items="center")
        self.children = [W.HTML(CSS), W.HBox([self.analyse_button, self.budget_select, self.cancel_button, self.reason],
                                             layout=W.Layout(**row)),
                         self.progress_row, self.status, self.result, self.why_row, self.why]
        self.refresh()

    def _button(self, text, icon, css, run, tip):
        b = W.Button(description=text, icon=icon, tooltip=tip, layout=W.Layout(width="auto"))
        b.add_class(css)
        b.on_click(lambda _b: run())
        return b

    # ----- what may be analysed -------------------------------------------------------------------------
    def _position(self):
        return self.ex.state, self.ex.view_as

    def unavailable(self, position=None) -> str:
        """Why the current position (or `position`, a (state, view_as)) cannot be analysed ("" when it can)."""
        state, view = position or self._position()
        who = state.to_move
        if who is None:
            return "The game is over: there is no decision to analyse."
        if who == CHANCE:
            return "Chance decides next (draw or choose the outcome first): only a player's decision is analysed."
        if view is not None and view != who:
            return f"It is {player_name(state, who)}'s decision, hidden in this view."
        return ""

    @property
    def running(self) -> bool:
        return self._cancel is not None

    # ----- operations -------------------------------------------------------------------------------------
    def analyse(self, budget: int | None = None, seed: int | None = None, wait: bool = False, horizon=None):
        """Search the current decision with `budget` iterations (default: the dropdown's) and `seed`
        (default: the panel's). In a background thread, or to the end in this thread with `wait=True`,
        which returns the Analysis (None if it could not run: the reason is shown)."""
        reason = self.unavailable()
        if reason:
            self._say(reason, problem=True)
            return None
        budget = self.budget_select.value if budget is None else budget
        seed = self.seed if seed is None else seed
        horizon = self.horizon if horizon is None else horizon
        with self._lock:
            self._stop()
            self._run += 1
            run, cancel, position = self._run, threading.Event(), self._position()
            self._cancel, self._running_for = cancel, position
            self._show(None)
            self.progress.max, self.progress.value = budget, 0
            self.progress_text.value = f"0 / {budget}"
            self._say(f"Searching {budget} iterations…")
            self._render_controls()
        args = (run, position, budget, seed, horizon, cancel)
        if wait:
            self._work(*args)
            return self.analysis if self._shown_for is position else None
        self.thread = threading.Thread(target=self._work, args=args, name="mr-analyse", daemon=True)
        self.thread.start()
        return None

    def cancel(self) -> bool:
        """Stop the running search at its next iteration (what it found so far is shown, marked)."""
        with self._lock:
            if self._cancel is None:
                return False
            self._cancel.set()
            self._say("Cancelling…")
            return True

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the search's thread to end; True if none is running afterwards."""
        thread = self.thread
        if thread is not None:
            thread.join(timeout)
        return thread is None or not thread.is_alive()

    def play(self, k: int | None = None) -> bool:
        """Apply candidate `k` (default: the one chosen in Why?) through the Explorer's apply."""
        with self._lock:
            a = self.analysis
            if a is None or not _same(self._shown_for, self._position()):
                return self.ex._note("Nothing to play: analyse this position first.")
            k = self.why_select.value if k is None else k
            if k is None or not 0 <= k < len(a.candidates):
                return self.ex._note("Choose a candidate in Why? first.")
            action = a.candidates[k].action
        return self.ex.apply(action)

    # ----- the search's thread ----------------------------------------------------------------------------
    def _work(self, run, position, budget, seed, horizon, cancel):
        last = [0.0]

        def progress(done, total):
            now = time.monotonic()
            if (done < total and now - last[0] < PROGRESS_EVERY_S) or run != self._run:
                return
            last[0] = now
            self.progress.value = done
            self.progress_text.value = f"{done} / {total}"

        try:
            result, problem = search(position[0], budget, seed, progress=progress, cancel=cancel,
                                     horizon=horizon), ""
        except Exception as e:  # never a traceback in the page: one line
            result, problem = None, f"The analysis failed: {short_error(e)}"
        with self._lock:
            if run != self._run:   # the position changed meanwhile: this result belongs to no one shown
                return
            self._cancel = self._running_for = None
            if result is None:
                self._say(problem, problem=True, position=position)
            else:
                self._keep(position, result)
                self._show(result, position)
                self.progress.value = result.iterations
                self.progress_text.value = f"{result.iterations} / {budget}"
                self._say("", position=position)
            self._render_controls(position)

    def _stop(self, why: str = ""):
        """Cancel the running search (if any); its result will not be shown."""
        if self._cancel is not None:
            self._cancel.set()
            self._run += 1
            self._cancel = self._running_for = None
            if why:
                self._say(why)

    def _keep(self, position, analysis):
        self._kept = [(p, a) for p, a in self._kept if not _same(p, position)][-(KEPT - 1):]
        self._kept.append((position, analysis))

    # ----- redraw -----------------------------------------------------------------------------------------
    def refresh(self):
        """Called by the Explorer after every change: a search or a result of another position goes."""
        with self._lock:
            here = self._position()
            if not _same(self._said_for, here):
                self._say("")
            if self._running_for is not None and not _same(self._running_for, here):
                self._stop("The position changed, so the analysis was cancelled.")
                self.progress_text.value = "cancelled"
            if self._shown_for is not None and not _same(self._shown_for, here):
                self._show(None)
            if self.analysis is None and self._cancel is None:
                for p, a in reversed(self._kept):
                    if _same(p, here):
                        self._show(a, p)
                        self._say("The analysis of this position, from before.")
                        break
            self._render_controls()

    def _show(self, analysis, position=None):
        self.analysis, self._shown_for = analysis, (position if analysis is not None else None)
        if analysis is None:
            self.result.value = ""
            self.why_select.options = []
            self.why.value = ""
            return
        self.result.value = (f'<div class="mr-verdict">{esc(verdict(analysis))}</div>'
                             f'{ranking_html(analysis)}<div class="mr-stamp">{esc(stamp(analysis))}</div>')
        self.why_select.options = [(f"#{i + 1} {_quote(c.action, 70)[1:-1]} ({_pct(c.win_rate)})", i)
                                   for i, c in enumerate(analysis.candidates)]
        self.why_select.value = 0
        self._render_why()

    def _render_why(self):
        a, k = self.analysis, self.why_select.value
        self.why.value = "" if a is None or k is None else why_html(a, k)

    def _say(self, text: str, problem: bool = False, position=None):
        cls = "mr-analysis-problem" if problem else "mr-analysis-note"
        self._said_for = position or self._position()
        self.status.value = f'<div class="{cls}">{esc(text)}</div>' if text else ""

    def _render_controls(self, position=None):
        reason = self.unavailable(position)
        running = self._cancel is not None
        self.analyse_button.disabled = bool(reason) or running
        self.budget_select.disabled = running
        self.cancel_button.disabled = not running
        self.reason.value = esc(reason)
        shown = self.analysis is not None
        self.why_row.layout.display = "" if shown else "none"
        self.play_button.disabled = not shown or bool(reason)
        self.progress_row.layout.display = "" if running or shown else "none"
