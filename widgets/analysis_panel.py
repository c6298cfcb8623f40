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

The result's HTML (ranking, verdict, "why?") is made by widgets/analysis_html.py. The panel lives under
the Explorer's record panel (`explorer.analysis_panel`); `analyse(wait=True)` runs the
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

from .analysis_html import CSS, percent, quote, ranking_html, stamp, verdict, why_html
from .common import esc, player_name, short_error

BUDGETS = (("quick: 60 iterations", 60), ("default: 200 iterations", 200), ("deep: 800 iterations", 800))
"""The budget choices (iterations; a search's time grows with it and with the length of the game left)."""
PROGRESS_EVERY_S = 0.1
"""The progress bar is updated at most this often (each update is a message to the page)."""
KEPT = 8
"""Analyses kept for positions left behind, shown again on return (after an undo, say)."""

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
        self.why_select.options = [(f"#{i + 1} {quote(c.action, 70)[1:-1]} ({percent(c.win_rate)})", i)
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
