"""The Explorer's record panel: the variations at the current move, its comment and mark, the teacher's
promote and delete, the whole tree saved as a record (JSON text and a download link) or opened
from pasted text or a file, and tried as a lesson (the Lesson it makes, below the panel).

It lives under the Explorer's history (`explorer.record_panel`) and acts through the Explorer's guard,
so an error is one line in the Explorer's error line and loses nothing:

>>> import mars_rules
>>> from widgets.common import TextBoard
>>> from widgets.explorer import Explorer
>>> ex = Explorer(mars_rules.load("ruins").new_game(2, seed=7), board=TextBoard)
>>> ex.record_panel.open_text("not a record"), ex.error_text
(False, 'The record was not opened (the Explorer keeps its own): not JSON: Expecting value: line 1 column 1 (char 0)')
"""
from __future__ import annotations

import base64

import ipywidgets as W

from mars_rules.core.record import ROOT, Record, RecordError

from .common import esc

MARK_OPTIONS = (("no mark", ""), ("good (!)", "good"), ("mistake (?)", "mistake"), ("question (!?)", "question"))


class RecordPanel(W.VBox):
    """Variation dropdown, "Main line", comment, mark, "Promote", "Delete variation", save and open."""

    def __init__(self, explorer, **kwargs):
        super().__init__(**kwargs)
        self.ex = explorer
        self._syncing = False
        self.add_class("mr-record")
        self.variation_select = W.Dropdown(description="Variation", layout=W.Layout(width="auto", max_width="460px"))
        self.variation_select.add_class("mr-variation")
        self.variation_select.observe(self._on_variation, names="value")
        self.main_button = self._button("Main line", "level-up", "mr-main-line", self.to_main_line,
                                        "Back to the main line, where this variation left it")
        self.promote_button = self._button("Promote", "arrow-up", "mr-promote", self.promote,
                                           "Make this variation the main line from here (teacher)")
        self.delete_button = self._button("Delete variation", "trash", "mr-delete", self.delete,
                                          "Delete this move and everything after it (teacher)")
        self.comment_box = W.Textarea(placeholder="A comment on this position (saved in the record)",
                                      continuous_update=False, rows=2, layout=W.Layout(width="100%", flex="1 1 300px"))
        self.comment_box.add_class("mr-comment")
        self.comment_box.observe(lambda c: self._unless_syncing(self.set_comment, c["new"]), names="value")
        self.mark_select = W.Dropdown(options=MARK_OPTIONS, description="Mark", layout=W.Layout(width="200px"))
        self.mark_select.add_class("mr-mark")
        self.mark_select.observe(lambda c: self._unless_syncing(self.set_mark, c["new"]), names="value")
        self.save_button = self._button("Save record", "download", "mr-save", self.save,
                                        "Put the whole tree, as a record, in the box below (and a download link)")
        self.open_button = self._button("Open record", "folder-open", "mr-open", lambda: self.open_text(self.record_text.value),
                                        "Open the record pasted in the box below")
        self.lesson_button = self._button("Try as a lesson", "graduation-cap", "mr-try-lesson", self.try_lesson,
                                          "Play the record below as a student would: the lesson it makes")
        self.lesson_box = W.VBox().add_class("mr-lesson-preview")
        self.upload = W.FileUpload(accept=".json", multiple=False, description="Open a file")
        self.upload.add_class("mr-upload")
        self.upload.observe(self._on_upload, names="value")
        self.link = W.HTML().add_class("mr-record-link")
        self.record_text = W.Textarea(placeholder="Save record puts the record's JSON here; or paste one and click Open record",
                               rows=3, layout=W.Layout(width="100%")).add_class("mr-record-text")
        row = dict(flex_flow="row wrap", align_items="center")
        self.children = [
            W.HBox([self.variation_select, self.main_button, self.promote_button, self.delete_button],
                   layout=W.Layout(**row)),
            W.HBox([self.comment_box, self.mark_select], layout=W.Layout(**row)),
            W.HBox([self.save_button, self.open_button, self.upload, self.link, self.lesson_button],
                   layout=W.Layout(**row)),
            self.record_text, self.lesson_box]

    def _button(self, text, icon, css, run, tip):
        b = W.Button(description=text, icon=icon, tooltip=tip, layout=W.Layout(width="auto"))
        b.add_class(css)
        b.on_click(lambda _b: run())
        return b

    def _unless_syncing(self, fn, value):
        if not self._syncing:
            fn(value)

    # ----- operations (through the Explorer's guard) ---------------------------------------------------
    def switch(self, node: int) -> bool:
        """Go to another variation (a node id, e.g. one of the variation dropdown's values)."""
        return self.ex._guarded(lambda: self.ex.history.switch(node))

    def to_main_line(self) -> bool:
        h = self.ex.history
        if h.is_main(h.node):
            return self.ex._note("This is the main line already.")
        return self.ex._guarded(h.to_main_line)

    def set_comment(self, text: str) -> bool:
        return self.ex._guarded(lambda: self.ex.history.comment(text))

    def set_mark(self, mark: str) -> bool:
        return self.ex._guarded(lambda: self.ex.history.mark(mark))

    def promote(self) -> bool:
        """Make the current variation the main line from its move on (a teacher's edit)."""
        h = self.ex.history
        if h.node == ROOT or h.variations()[0] == h.node:
            return self.ex._note("Nothing to promote: this move is the first of its line already.")
        return self._done(h.promote, f"Promoted: move {h.index} of this line is now the main line there.")

    def delete(self) -> bool:
        """Delete the current move and everything after it (a teacher's edit); the cursor goes back one."""
        h = self.ex.history
        if h.node == ROOT:
            return self.ex._note("Nothing to delete at the start (go to a move first).")
        return self._done(h.delete, f"Deleted move {h.index} of this line and everything after it.")

    def _done(self, fn, info: str) -> bool:
        ok = self.ex._guarded(fn)
        if ok:
            self.ex._note(info)
        return ok

    def save(self) -> str:
        """The whole tree as record JSON: put in the text box, with a download link (no file is written)."""
        try:
            text = self.ex.record.to_json()
        except Exception as e:  # a game without JSON positions: say it, never a traceback
            self.ex._set_message(error=f"The record cannot be saved: {e}")
            return ""
        self.record_text.value = text
        name = (self.ex.record.title or self.ex.record.game).replace(" ", "_")
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        self.link.value = (f'<a download="{esc(name)}.json" href="data:application/json;base64,{data}">'
                           f'Download {esc(name)}.json</a>')
        self.ex._note(f"Saved: the record ({len(self.ex.record.nodes)} moves) is in the box below.")
        return text

    def try_lesson(self) -> bool:
        """The record as a Lesson, below the panel: the teacher answers as a student would (every seat the
        record names as the student's, or all)."""
        from .lesson import Lesson

        def run():
            self.lesson_box.children = [Lesson(self.ex.record, board=self.ex.board.__class__)]
        return self._done(run, "The record as a lesson is below: answer as a student would.")

    def open_text(self, text: str) -> bool:
        """Open a record from its JSON text; a bad one leaves the Explorer's record as it was."""
        try:
            record = Record.from_json(text, self.ex.game)
        except RecordError as e:
            self.ex._set_message(error=f"The record was not opened (the Explorer keeps its own): {e}")
            return False
        return self.open_record(record)

    def open_record(self, record: Record) -> bool:
        """Show `record` in the Explorer (its start; its main line ahead)."""
        ok = self.ex._guarded(lambda: self.ex._load(record))
        if ok:
            self.ex._note(f"Opened {record.title or 'the record'}: {len(record.nodes)} moves, at its start.")
        return ok

    def _on_upload(self, change):
        files = change["new"]
        if not files:
            return
        try:
            text = bytes(files[0]["content"]).decode("utf-8")
        except (UnicodeDecodeError, KeyError, TypeError) as e:
            self.ex._set_message(error=f"The file was not opened: it is not a text record ({e}).")
            return
        self.open_text(text)

    def _on_variation(self, change):
        if not self._syncing and change["new"] is not None and change["new"] != self.ex.history.node:
            self.switch(change["new"])

    # ----- redraw ---------------------------------------------------------------------------------------
    def refresh(self):
        h = self.ex.history
        node = h.node
        siblings = h.variations()
        comment, mark, _hint = h.words()
        self._syncing = True
        try:
            options = [(self._variation_label(k, n), n) for k, n in enumerate(siblings)]
            if self.variation_select.options != tuple(options):
                self.variation_select.options = options
            self.variation_select.value = node if siblings else None
            self.variation_select.layout.display = "" if len(siblings) > 1 else "none"
            self.comment_box.value = comment
            self.mark_select.value = mark
            self.mark_select.disabled = node == ROOT
        finally:
            self._syncing = False
        self.main_button.disabled = node == ROOT or h.is_main(node)
        self.promote_button.disabled = len(siblings) < 2 or siblings[0] == node
        self.delete_button.disabled = node == ROOT

    def _variation_label(self, k, node) -> str:
        words = self.ex._describe(self.ex.history.action_of(node))
        return f"{'main line' if k == 0 else f'variation {k}'}: {words}"
