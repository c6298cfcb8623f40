"""The Explorer: play, inspect and rewind any game of mars_rules in a notebook.

`Explorer(state)` shows the board, the turn steps (the current one highlighted and explained), the
legal actions grouped by kind (a button each), the chance controls (draw at random, or choose the
outcome), undo / redo / jump through the history, what the last action did, the score sheet, and an
error line. The history is a tree: an action after an undo starts a variation; the record panel under
it (widgets.record_panel) switches between variations, comments and marks a move, promotes or deletes
a variation, and saves or opens the whole tree as a game record (`explorer.record`). It is written against the game contract only, so it works for every game unchanged.

Everything is driven from the kernel: the board is rendered to PNG bytes and put in an Output widget
with `append_display_data`, so a test (or nbval) sees exactly what a student sees. A callback never
shows a traceback: an illegal action, or any other error, becomes one line in the error line and the
position stays as it was.

The analysis panel under the record panel (widgets.analysis_panel) ranks the legal actions of the
decision shown by a search, in a background thread the Cancel button stops, explains the ranking with
the mean final score sheets, and plays a candidate through `apply`.

Seats and the computer: `seat_policies={1: "random"}` (or a callable `policy(state, rng)` from
mars_rules.core, or "first", or "search": the top action of a quick search, SearchPolicy(budget=60,
horizon=30), a second or a few a decision) lets the computer play those seats; "Let the computer play until my turn"
then plays chance events and those seats until a human seat has to decide. Without seat policies the
human seat is the one chosen in "view as" (the computer plays the others); viewed as the teacher,
the computer only takes what is forced: chance events and decisions with a single legal action
(the solo AI's turns, whose one action says why the AI chose it).
"""
from __future__ import annotations

import random
from collections import OrderedDict

import ipywidgets as W

from mars_rules import CHANCE, History, IllegalAction, random_policy
from mars_rules.core import SearchPolicy
from mars_rules.core.record import MARK_SIGNS, RecordError
from mars_rules.core.state import check_seat

from .common import (PNG_DPI, click_scale, esc, find_step, group_by_kind, kind_title, make_board, player_name, render_png,
                     rule_entry_html, short_error,
                     show_png, shown_png, step_help_html, steps_html, title_html)
from .analysis_panel import AnalysisPanel
from .record_panel import RecordPanel
from .scoresheet import ScoreSheet

CSS = """<style>
.mr-explorer {font-size: 13px;}
.mr-explorer .mr-board img {max-width: 100%; height: auto;}
.mr-explorer .jupyter-button.mr-action {white-space: normal; height: auto; min-height: 28px; text-align: left;
  line-height: 1.3; padding: 3px 10px; margin: 2px 4px 2px 0;}
.mr-explorer .mr-kind {font-weight: bold; margin-top: 4px;}
.mr-explorer .mr-steps ol {margin: 2px 0; padding-left: 24px;}
.mr-explorer .mr-steps li {padding: 0 4px; margin: 0; color: #444; line-height: 1.45; font-size: 12.5px;}
.mr-explorer .mr-steps li.mr-current {background: #fde9a9; color: #000; font-weight: bold;
  border-left: 4px solid #a6761d;}
.mr-explorer .mr-help {background: #f4f6fa; border-left: 4px solid #1f77b4; padding: 4px 8px; line-height: 1.35;}
.mr-explorer .mr-rulecite {color: #555; font-style: italic;}
.mr-explorer .mr-rule-entry {background: #fffdf3; border-left: 4px solid #c9a227; padding: 4px 10px; line-height: 1.35;}
.mr-explorer .mr-rule-entry p {margin: 4px 0;}
.mr-explorer .mr-rule-numbers td {padding: 1px 6px; border-bottom: 1px solid #eee;}
.mr-explorer .mr-board-text {background: #f7f7f7; padding: 4px 10px; max-width: 900px;}
.mr-explorer .mr-board-text p {margin: 2px 0;}
.mr-explorer .mr-msg-error {color: #b00020; line-height: 1.4; border-left: 4px solid #b00020; padding-left: 6px;}
.mr-explorer .mr-msg-info {color: #285e8e; line-height: 1.4;}
.mr-explorer .mr-events ul {margin: 2px 0; padding-left: 20px;}
.mr-explorer .mr-title {font-size: 15px;}
</style>"""

PNG_CACHE = 64
"""How many board pictures are kept, so undo, redo and jumps show a known position without a redraw."""

HISTORY_WINDOW = 12
"""The "Go to" list shows this many positions before and after the current one."""

_TEACHER = -1  # the "view as" dropdown's value for the teacher (a Dropdown cannot select None)


def _dropdown_view(view_as):
    return _TEACHER if view_as is None else view_as


def _same(pair, state, view_as) -> bool:
    """Is `pair` (state, view_as) this very state (identity, not equality) seen by this viewer?"""
    return pair is not None and pair[0] is state and pair[1] == view_as


def _close(button):
    """Close a button and its layout and style (closing the button alone leaves those two alive)."""
    for w in (button.layout, button.style, button):
        w.close()


_POLICIES = {"random": random_policy, "first": lambda state, rng: state.legal_actions()[0],
             "search": SearchPolicy(budget=60, horizon=30)}


class Explorer(W.VBox):
    """Board + turn steps + legal actions + chance + undo/redo/jump + events + score + error line.

    Parameters: `state` (any game's State), `seat_policies` (seat -> policy, see the module doc),
    `view_as` (None for the teacher, or a seat), `board` (a Board class; default widgets.<game>.Board),
    `history_limit` (positions kept, variations included), `seed` (the computer's own random stream),
    `figsize`. The history is a tree: an action after an undo starts a variation; `record` is the
    whole tree as a game record, and `Explorer.from_record(record)` opens one.
    """

    def __init__(self, state, seat_policies=None, view_as=None, board=None, history_limit: int = 2000,
                 seed: int = 0, figsize=None, max_autoplay: int = 1000, **kwargs):
        super().__init__(**kwargs)
        self.add_class("mr-explorer")
        self.game = state.game
        self.history = History(state, limit=history_limit)
        self.view_as = view_as
        self.rng = random.Random(seed)
        self.max_autoplay = max_autoplay
        self.seat_policies = {}
        for seat, pol in (seat_policies or {}).items():
            if pol is not None:  # None marks a human seat
                self.seat_policies[seat] = _POLICIES[pol] if isinstance(pol, str) else pol
        self.error_text = ""
        self.error_rule = ""
        self.info_text = ""
        self._busy = False
        self._syncing = False
        self._shown_state = None
        self._shown_for = None  # (state, view_as) of the picture shown
        self._png_cache = OrderedDict()  # (id(state), view_as) -> (state, png): the last PNG_CACHE pictures
        self.board = make_board(self.shown, board, figsize)
        self._board_for = (state, view_as)  # the board's figure already shows this position
        self.png = b""
        self._build()
        self.refresh()

    @classmethod
    def from_record(cls, record, game=None, **kwargs) -> "Explorer":
        """An Explorer on `record` (a core.record.Record), at its start with its main line ahead
        (`game`: the module that loads it; by default the game the record names)."""
        import mars_rules
        game = mars_rules.load(record.game) if game is None else game
        ex = cls(game.from_json(record.start), **kwargs)
        ex._load(record)
        ex.refresh()
        return ex

    @property
    def record(self):
        """The whole session as a game record: every line tried, with the comments and marks."""
        return self.history.record

    def _load(self, record):
        self.history.load(record, self.game)
        if self.view_as is not None and self.view_as >= len(self.state.players):
            self.view_as = None
        self._syncing = True
        try:
            self.view_select.options = self._view_options(self.state)
        finally:
            self._syncing = False

    # ----- what is shown ----------------------------------------------
    @property
    def state(self):
        """The current position (the teacher's full state)."""
        return self.history.current

    @property
    def shown(self):
        """The position as the selected viewer sees it (state.view(player)); the state itself for the teacher."""
        s = self.history.current
        return s if self.view_as is None else s.view(self.view_as)

    # ----- layout -------------------------------------------------------
    def _view_options(self, s):
        return [("Teacher (sees everything)", _TEACHER)] + [
            (f"{name} (seat {i}{', computer' if i in self.seat_policies else ''})", i)
            for i, name in enumerate(s.players)]

    def _build(self):
        s = self.state
        self.title = W.HTML(layout=W.Layout(margin="0 0 4px 0")).add_class("mr-title")
        self.board_out = W.Output(layout=W.Layout(flex="0 1 auto", max_width="100%")).add_class("mr-board")
        self.view_select = W.Dropdown(options=self._view_options(s), value=_dropdown_view(self.view_as), description="View as",
                                      layout=W.Layout(width="280px")).add_class("mr-view")
        self.view_select.observe(self._on_view, names="value")
        self.steps = W.HTML().add_class("mr-steps")
        self.step_help = W.HTML().add_class("mr-step-help")
        self.rule_button = W.Button(description="Rule of this step", icon="book", layout=W.Layout(width="auto"),
                                    tooltip="Show this step's section of the rules reference beside the board")
        self.rule_button.add_class("mr-rule-step")
        self.rule_button.on_click(lambda _b: self.show_rule(self._step_rule()))
        self.error_rule_button = W.Button(description="Rule broken", icon="book", layout=W.Layout(width="auto"),
                                          tooltip="Show the section the refusal names")
        self.error_rule_button.add_class("mr-rule-error")
        self.error_rule_button.on_click(lambda _b: self.show_rule(self.error_rule))
        self.read_toggle = W.ToggleButton(description="Read the board", icon="font", value=False,
                                          tooltip="Show the board as sentences (what a sighted student reads off it)")
        self.read_toggle.add_class("mr-read-toggle")
        self.read_toggle.observe(lambda _c: self._render_reading(), names="value")
        self.rule_panel = W.HTML(layout=W.Layout(flex="0 1 360px", min_width="240px", margin="0 0 0 12px"))
        self.rule_panel.add_class("mr-rule-panel")
        self.reading = W.HTML().add_class("mr-reading")
        side = W.VBox([self.view_select, self.steps, self.step_help, W.HBox([self.rule_button, self.read_toggle])],
                      layout=W.Layout(flex="0 1 340px", min_width="260px", margin="0 16px 0 0")).add_class("mr-side")

        self.actions_label = W.HTML().add_class("mr-actions-label")
        self.actions_box = W.VBox(layout=W.Layout(margin="2px 0")).add_class("mr-actions")
        self.action_buttons: tuple = ()  # the buttons of the legal actions shown
        self._buttons_state = None
        self._buttons_hidden = None
        self._groups: list = []    # pool of (header, box) per action kind
        self.outcome_select = W.Dropdown(description="Outcome", layout=W.Layout(width="auto", flex="0 1 auto",
                                                                                 max_width="560px"))
        self.outcome_select.add_class("mr-outcome")
        self.chance_box = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="center")).add_class("mr-chance")
        self.draw_button, self.choose_button = self._chance_buttons(None)
        self.auto_button = W.Button(description="Let the computer play until my turn", icon="forward",
                                    layout=W.Layout(width="auto", align_self="flex-start"),
                                    tooltip="Plays chance events and the computer's seats until a human seat decides")
        self.auto_button.add_class("mr-autoplay")
        self.auto_button.on_click(lambda _b: self.autoplay())
        self.message = W.HTML().add_class("mr-message")

        self.undo_button = W.Button(description="Undo", icon="undo", layout=W.Layout(width="90px"))
        self.undo_button.add_class("mr-undo")
        self.undo_button.on_click(lambda _b: self.undo())
        self.redo_button = W.Button(description="Redo", icon="repeat", layout=W.Layout(width="90px"))
        self.redo_button.add_class("mr-redo")
        self.redo_button.on_click(lambda _b: self.redo())
        self.jump_slider = W.IntSlider(min=0, max=0, value=0, description="Position", continuous_update=False,
                                       layout=W.Layout(width="320px")).add_class("mr-jump")
        self.jump_slider.observe(self._on_jump, names="value")
        self.history_label = W.HTML().add_class("mr-history-label")
        self.history_select = W.Dropdown(description="Go to", layout=W.Layout(width="auto", max_width="560px"))
        self.history_select.add_class("mr-history-select")
        self.history_select.observe(self._on_jump, names="value")
        self.record_panel = RecordPanel(self, layout=W.Layout(margin="4px 0 0 0"))
        self.analysis_panel = AnalysisPanel(self)
        history_row = W.VBox([
            W.HBox([self.undo_button, self.redo_button, self.jump_slider],
                   layout=W.Layout(flex_flow="row wrap", align_items="center")),
            self.history_label, self.history_select, self.record_panel, self.analysis_panel]).add_class("mr-history")

        self.events = W.HTML(layout=W.Layout(flex="1 1 300px", min_width="260px")).add_class("mr-events")
        self.score = ScoreSheet(layout=W.Layout(flex="0 1 auto", margin="0 0 0 12px"))
        self.score.add_class("mr-score")
        bottom = W.HBox([self.events, self.score], layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))

        controls = W.VBox([self.actions_label, self.actions_box, self.chance_box, self.auto_button, self.message,
                           self.error_rule_button,
                           history_row], layout=W.Layout(flex="1 1 420px", min_width="320px")).add_class("mr-controls")
        # the board on top; under it the turn steps (left) and the controls (right); then events and score
        middle = W.HBox([side, controls], layout=W.Layout(flex_flow="row wrap", align_items="flex-start",
                                                          margin="6px 0"))
        top = W.HBox([self.board_out, self.rule_panel], layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.children = [W.HTML(CSS), self.title, top, self.reading, middle, bottom]

    # ----- user operations (each one guarded) ---------------------------
    def apply(self, action) -> bool:
        """Apply an action to the current position; an illegal one shows in the error line."""
        return self._guarded(lambda: self.history.apply(action))

    def draw_random(self) -> bool:
        """At a chance node: draw the outcome from the game's seeded stream."""
        def run():
            outcome = self.state.drawn_outcome()       # the seeded stream's pick, recorded by name
            self.history.push(outcome, self.state.advance(outcome))
        return self._guarded(run)

    def choose_outcome(self, action=None) -> bool:
        """At a chance node: apply the outcome chosen in the dropdown (or `action`)."""
        def run():
            if action is not None:
                chosen = action
            else:
                outcomes = self.state.chance_outcomes()
                if not outcomes or self.outcome_select.value is None:
                    raise IllegalAction("There is no outcome to choose: this is not a chance node.",
                                        "The game contract")
                chosen = outcomes[self.outcome_select.value][0]
            self.history.apply(chosen)
        return self._guarded(run)

    def undo(self) -> bool:
        if not self.history.can_undo:
            return self._note("Nothing to undo: this is the oldest position kept.")
        return self._guarded(self.history.undo)

    def redo(self) -> bool:
        if not self.history.can_redo:
            return self._note("Nothing to redo.")
        return self._guarded(self.history.redo)

    def jump(self, index: int) -> bool:
        """Go to position `index` of the history (0 = the oldest kept; negative counts from the end)."""
        return self._guarded(lambda: self.history.jump(index))

    def set_view(self, player) -> bool:
        """Show the game as `player` sees it (None: the teacher, who sees everything)."""
        def run():
            if player is not None:
                try:
                    check_seat(self.state, player)  # an int seat: not True, not 1.0
                except ValueError:
                    raise IllegalAction(f"no seat {player!r}: the seats are 0..{len(self.state.players) - 1}, "
                                        "or None for the teacher's view", "View as") from None
            self.view_as = player
        return self._guarded(run)

    def human_seats(self) -> tuple:
        """The seats "my turn" refers to (see the module doc); () when viewed as the teacher without policies."""
        n = len(self.state.players)
        if self.seat_policies:
            return tuple(p for p in range(n) if p not in self.seat_policies)
        return () if self.view_as is None else (self.view_as,)

    def computer_choice(self, state):
        """The action the computer takes here, or None when a human has to decide."""
        who = state.to_move
        legal = state.legal_actions()
        if self.seat_policies:
            if who not in self.seat_policies:
                return None
            return legal[0] if len(legal) == 1 else self.seat_policies[who](state, self.rng)
        if self.view_as is not None:
            if who == self.view_as:
                return None
            return legal[0] if len(legal) == 1 else random_policy(state, self.rng)
        return legal[0] if len(legal) == 1 else None

    def autoplay(self, max_actions: int | None = None) -> bool:
        """Play chance events and computer seats until a human seat has to decide (or the game ends)."""
        limit = self.max_autoplay if max_actions is None else max_actions
        played = [0]

        def run():
            while played[0] < limit:
                s = self.state
                if s.to_move is None:
                    break
                if s.to_move == CHANCE:
                    outcome = s.drawn_outcome()
                    self.history.push(outcome, s.advance(outcome))
                else:
                    action = self.computer_choice(s)
                    if action is None:
                        break
                    self.history.apply(action)
                played[0] += 1
        ok = self._guarded(run)
        if ok:
            s = self.state
            if played[0] == 0:
                self._note("Nothing to play: it is already a human seat's decision." if s.to_move is not None
                           else "The game is over.")
            elif played[0] >= limit and s.to_move is not None:
                self._note(f"Stopped after {played[0]} actions (the limit); click again to go on.")
            else:
                self._note(f"The computer played {played[0]} action{'s' if played[0] != 1 else ''}.")
        return ok

    # ----- machinery --------------------------------------------------------
    def _snapshot(self):
        return self.history.snapshot(), self.view_as, list(self.view_select.options)

    def _restore(self, snap):
        self.history.restore(snap[0])
        self.view_as = snap[1]
        if list(self.view_select.options) != snap[2]:
            self._syncing = True
            try:
                self.view_select.options = snap[2]
            finally:
                self._syncing = False

    def _guarded(self, fn) -> bool:
        """Run a user operation; on any error restore the position and history and show one line."""
        if self._busy:  # a callback fired while another one runs: never interleave two changes
            self._set_message(error="Still busy with the previous click; nothing was done.")
            return False
        self._busy = True
        snap = self._snapshot()
        try:
            fn()
            self.error_text = ""
            self.info_text = ""
            self.refresh()
            return True
        except IllegalAction as e:
            self._restore(snap)
            self.error_text = f"Not allowed: {e.reason} (rulebook: {e.rule})"
            self.error_rule = e.rule
        except RecordError as e:
            self._restore(snap)
            self.error_text = f"Not done: {e}"
        except Exception as e:  # any other failure: one short line, the position kept
            self._restore(snap)
            self.error_text = f"Something went wrong, the position was kept: {short_error(e)}"
        finally:
            self._busy = False
        self.info_text = ""
        try:
            self.refresh()
        except Exception as e:
            self.error_text += f" (and the display could not be redrawn: {short_error(e)})"
            self._render_message()
        return False

    def _note(self, text: str) -> bool:
        self.info_text = text
        self.error_text = ""
        self._render_message()
        return False

    def _set_message(self, error: str = "", info: str = ""):
        self.error_text, self.info_text = error, info
        self._render_message()

    # ----- the rules reference and the board in words ------------------
    def _step_rule(self) -> str:
        current = find_step(self.state)
        return current.rule if current is not None else ""

    def show_rule(self, rule: str) -> bool:
        """Show the rules reference's entry of a section (a step's or a refusal's) beside the board."""
        self.rule_panel.value = rule_entry_html(self.state.game, rule)
        return bool(rule)

    def _board_words(self, shown) -> str:
        """The board in sentences for the image's alt text (the game's describe_position of what is shown)."""
        try:
            return shown.game.describe_position(shown)
        except Exception as e:  # a display must not fail on a game's bug: say it instead
            return f"The board of {shown.game.TITLE} (it cannot be read as text: {short_error(e)})"

    def _render_reading(self):
        if not self.read_toggle.value:
            self.reading.value = ""
            return
        try:
            text = self.state.describe(self.view_as)
        except Exception as e:  # a display must not fail on a game's bug: say it instead
            text = f"The board cannot be read as text: {short_error(e)}"
        self.reading.value = ('<div class="mr-board-text" role="region" aria-label="The board in words">'
                              + "".join(f"<p>{esc(line)}</p>" for line in text.splitlines() if line.strip()) + "</div>")

    def _render_message(self):
        if not self.error_text:
            self.error_rule = ""
        self.error_rule_button.layout.display = "" if self.error_rule else "none"
        if self.error_rule:
            self.error_rule_button.description = f"Rule broken: {self.error_rule[:60]}"
        parts = []
        if self.error_text:
            parts.append(f'<div class="mr-msg-error mr-error" role="alert">{esc(self.error_text)}</div>')
        if self.info_text:
            parts.append(f'<div class="mr-msg-info mr-info">{esc(self.info_text)}</div>')
        self.message.value = "".join(parts)

    def _on_view(self, change):
        player = None if change["new"] == _TEACHER else change["new"]
        if not self._syncing and player != self.view_as:
            self.set_view(player)

    def _on_jump(self, change):
        if not self._syncing and change["new"] is not None and change["new"] != self.history.index:
            self.jump(change["new"])

    def _on_action_button(self, button):
        if button._mr_state is not self.state:
            self._set_message(info="That button belonged to an earlier position: nothing was done.")
            return
        self.apply(button._mr_action)

    # ----- redraw -----------------------------------------------------------
    def refresh(self):
        """Redraw everything from the current position (called after each change)."""
        state = self.state
        key = (id(state), self.view_as)
        if not _same(self._shown_for, state, self.view_as):
            shown = self.shown
            cached = self._png_cache.get(key)
            if cached is not None and cached[0] is state:  # undo/redo/jump: the picture is already known
                self.png = cached[1]
                self._png_cache.move_to_end(key)
            else:
                if not _same(self._board_for, state, self.view_as):
                    self._board_for = None  # unknown if update fails half-way
                    self.board.update(shown)
                    self._board_for = (state, self.view_as)
                self.png = render_png(self.board.fig, PNG_DPI * click_scale(self.board))
                self._png_cache[key] = (state, self.png)
                if len(self._png_cache) > PNG_CACHE:
                    self._png_cache.popitem(last=False)
            css_width = int(round(self.board.fig.get_figwidth() * PNG_DPI))
            show_png(self.board_out, self.png, css_width, alt=self._board_words(shown))
            width = f"{css_width + 8}px"
            if self.board_out.layout.width != width:  # the image's own width, so the panel sits beside it
                self.board_out.layout.width = width
            self._shown_for = (state, self.view_as)
            self._shown_state = shown
        shown = self._shown_state
        self._render_title(state)
        self._render_steps(state)
        self._render_reading()
        self._render_actions(state)
        self._render_history()
        self._render_events(shown)
        try:
            self.score.update(shown.score())
        except Exception as e:  # a failing score sheet must not take the whole Explorer down
            self.score.value = f'<i class="mr-score-error">The score sheet is unavailable: {esc(short_error(e))}</i>'
        self._syncing = True
        try:
            if self.view_select.value != _dropdown_view(self.view_as):
                self.view_select.value = _dropdown_view(self.view_as)
        finally:
            self._syncing = False
        self._render_message()

    @property
    def shown_png(self) -> bytes | None:
        """The PNG bytes the board Output widget holds right now."""
        return shown_png(self.board_out)

    def _render_title(self, state):
        self.title.value = title_html(state)

    def _render_steps(self, state):
        self.steps.value = steps_html(state)
        self.step_help.value = step_help_html(state)

    def _new_button(self, state, action):
        text = str(action)
        b = W.Button(description=text, tooltip=text, layout=W.Layout(width="auto", max_width="100%"))
        b.add_class("mr-action")
        b.add_class(f"mr-kind-{action.kind}")
        b._mr_state = state    # a click counts only while this is still the position shown
        b._mr_action = action
        b.on_click(self._on_action_button)
        return b

    def _chance_buttons(self, state):
        """New "draw" and "choose" buttons for the chance node `state` (a click meant for an earlier
        chance node, e.g. a double click, then does nothing instead of drawing twice)."""
        draw = W.Button(description="Draw at random", icon="random", button_style="info",
                        tooltip="Let the game's own seeded stream decide (resolve_chance)")
        draw.add_class("mr-draw")
        choose = W.Button(description="Choose this outcome", icon="hand-pointer-o",
                          tooltip="Force the chosen outcome (a teacher's tool)", layout=W.Layout(width="auto"))
        choose.add_class("mr-choose")
        for b, run in ((draw, self.draw_random), (choose, self.choose_outcome)):
            b._mr_state = state
            b.on_click(lambda button, run=run: self._on_chance_button(button, run))
        self.chance_box.children = [draw, self.outcome_select, choose]
        return draw, choose

    def _on_chance_button(self, button, run):
        if button._mr_state is not self.state:
            self._set_message(info="That button belonged to an earlier position: nothing was done.")
            return
        run()

    def _group(self, i):
        while len(self._groups) <= i:
            header = W.HTML().add_class("mr-kind")
            box = W.Box(layout=W.Layout(flex_flow="row wrap", align_items="stretch"))
            self._groups.append((header, box, W.VBox([header, box]).add_class("mr-group")))
        return self._groups[i]

    def _render_actions(self, state):
        who = state.to_move
        at_chance = who == CHANCE
        hidden = who is not None and not at_chance and self.view_as is not None and who != self.view_as
        groups = []
        if who is not None and not at_chance and not hidden:
            groups = group_by_kind(state.legal_actions())
        if self._buttons_state is not state or self._buttons_hidden != hidden:
            # new buttons for a new position (a button is never reused for another action, so a
            # click sent before the page caught up can never apply an action the user did not see)
            old = self.action_buttons
            boxes = []
            buttons = []
            for gi, (kind, actions) in enumerate(groups):
                header, box, group = self._group(gi)
                header.value = f'<span data-kind="{esc(kind)}">{esc(kind_title(kind))}</span> ({len(actions)})'
                box.children = [self._new_button(state, a) for a in actions]
                buttons.extend(box.children)
                boxes.append(group)
            self.actions_box.children = boxes
            self.action_buttons = tuple(buttons)
            self._buttons_state, self._buttons_hidden = state, hidden
            for b in old:
                b._mr_state = None
                _close(b)
        if who is None:
            label = "No actions: the game is over."
        elif at_chance:
            label = "<b>Chance</b>: what happens next is random."
        elif hidden:
            label = (f"It is {esc(player_name(state, who))}'s decision; their options are hidden in this view "
                     "(choose the teacher's view to see them, or let the computer play).")
        else:
            label = f"<b>Legal actions of {esc(player_name(state, who))}</b>, grouped by kind: click one to apply it."
        self.actions_label.value = label
        # chance controls
        self.chance_box.layout.display = "" if at_chance else "none"
        if at_chance:
            if self.draw_button._mr_state is not state:
                old = (self.draw_button, self.choose_button)
                self.draw_button, self.choose_button = self._chance_buttons(state)
                for b in old:
                    _close(b)
            outcomes = state.chance_outcomes()
            self.outcome_select.options = [(f"{a} · p = {p} ({float(p):.1%})", i) for i, (a, p) in enumerate(outcomes)]
            self.outcome_select.value = 0 if outcomes else None
            teacher = self.view_as is None
            self.outcome_select.layout.display = "" if teacher else "none"
            self.choose_button.layout.display = "" if teacher else "none"
        else:
            self.outcome_select.options = []
        self.auto_button.disabled = who is None

    def _render_history(self):
        h = self.history
        self.undo_button.disabled = not h.can_undo
        self.redo_button.disabled = not h.can_redo
        self._syncing = True
        try:
            self.jump_slider.max = len(h) - 1
            self.jump_slider.value = h.index
            lo, hi = max(0, h.index - HISTORY_WINDOW), min(len(h) - 1, h.index + HISTORY_WINDOW)
            options = [(f"{k}. " + (self._action_label(k - 1) + self._node_note(k - 1) if k else "the starting position")
                        + (" (now)" if k == h.index else ""), k) for k in range(lo, hi + 1)]
            if self.history_select.options != tuple(options):
                self.history_select.options = options
            self.history_select.value = h.index
        finally:
            self._syncing = False
        last = self._action_label(h.index - 1) if h.index > 0 else "the starting position"
        dropped = f" ({h.dropped} older dropped)" if h.dropped else ""
        where = "" if h.is_main(h.node) else " (in a variation)"
        self.history_label.value = (f"position {h.index} of {len(h) - 1}{dropped}{where}: after "
                                    f"<i>{esc(last)}</i>")
        self.record_panel.refresh()
        self.analysis_panel.refresh()

    def _node_note(self, i) -> str:
        """After the action of line position i: its mark's sign, and which of the lines there it is."""
        h = self.history
        node = h.line[i]
        comment, mark, _hint = h.words(node)
        siblings = h.siblings(node)
        note = MARK_SIGNS.get(mark, "") + (" (comment)" if comment else "")
        if len(siblings) > 1:
            note += f" [line {siblings.index(node) + 1} of {len(siblings)}]"
        return note

    def _action_label(self, i) -> str:
        """The action that led to position i + 1, in words. In a player's view only that player's own
        decisions are named (another's may be secret, a drawn card may be hidden): the events, which
        come from state.view(player), say what that player may know."""
        return self._describe(self.history.action_at(i))

    def _describe(self, a) -> str:
        """An action in words, as the current viewer may know it (see _action_label)."""
        if self.view_as is not None and a.player != self.view_as:
            return "a chance event" if a.player == CHANCE else f"a decision of {player_name(self.state, a.player)}"
        return str(a)

    def _render_events(self, shown):
        h = self.history
        events = tuple(shown.events)
        items = "".join(f"<li>{esc(e)}</li>" for e in events) or "<li>(nothing yet)</li>"
        last = f"<div>Last action: <i>{esc(self._action_label(h.index - 1))}</i></div>" if h.index > 0 else ""
        self.events.value = f"<b>What just happened</b>{last}<ul>{items}</ul>"
