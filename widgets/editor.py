"""The PositionEditor: edit a position as a form and as JSON, validate it, open it in an Explorer.

It knows nothing about any particular game. The form is generated from the position's JSON:

- one field per top-level scalar (integer, text, true/false), except "format" and "game";
- when the position holds one object per player (the "players" list itself, or any list of objects
  as long as the list of player names), a grid with one row per scalar field of those objects and
  one column per player.

Editing a field rewrites the JSON text; editing the text rebuilds the form. Validation always goes
through the game's own `from_json`, and every problem of a PositionError is listed.

The "Verbs" tab offers the position builder's verbs (`state.edit()`, mars_rules.core.builder) as forms:
a player's field by name, whose turn and which step, and every verb the game's builder adds (a Tech
given to a player, a building on a hex, ...), each with one box per argument. A box holds a JSON value
(a number, a list, true/false) or plain text (a name); nothing typed is ever run as code. Applying a verb
builds the position through the builder and shows it in the JSON tab, or lists every problem and keeps
the position as it was.
"""
from __future__ import annotations

import inspect
import json

import ipywidgets as W

from mars_rules import PositionError
from mars_rules.core import pretty_json

from .common import esc, rules_html, short_error, step_title, who_moves

_SKIP = ("format", "game")
_CSS = """<style>
.mr-editor .mr-bad {color: #b00020;} .mr-editor .mr-ok {color: #1b7837; font-weight: bold;}
.mr-editor textarea {font-family: monospace; font-size: 12px;}
</style>"""


def _is_scalar(v) -> bool:
    return isinstance(v, (bool, int, str))


def _pretty(data) -> str:
    return pretty_json(data)


def player_lists(data: dict) -> list:
    """Keys of `data` whose value is a list with one object per player (see the module doc)."""
    players = data.get("players")
    n = len(players) if isinstance(players, list) else None
    keys = []
    for key, value in data.items():
        if not isinstance(value, list) or not value or not all(isinstance(x, dict) for x in value):
            continue
        if key == "players" or (n is not None and len(value) == n):
            keys.append(key)
    return keys


def common_fields(data: dict) -> dict:
    """{"top": [key, ...], "per_player": {list_key: [field, ...]}}: the fields the form shows."""
    top = [k for k, v in data.items() if k not in _SKIP and _is_scalar(v)]
    per = {}
    for key in player_lists(data):
        fields: list = []
        for rec in data[key]:
            for f, v in rec.items():
                if _is_scalar(v) and f not in fields:
                    fields.append(f)
        if fields:
            per[key] = fields
    return {"top": top, "per_player": per}


def _typed(text):
    """A value typed in a verb's box: a JSON value when it parses as one, else the text itself."""
    if not isinstance(text, str):
        return text
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return text.strip()


def _field_widget(value, description="", width="auto"):
    layout = W.Layout(width=width)
    style = {"description_width": "initial"}
    if isinstance(value, bool):
        return W.Checkbox(value=value, description=description, indent=False, layout=layout)
    if isinstance(value, int):
        return W.IntText(value=value, description=description, layout=layout, style=style)
    return W.Text(value=value, description=description, layout=layout, style=style, continuous_update=False)


class PositionEditor(W.VBox):
    """`PositionEditor(state)` (or `PositionEditor(game, json_text)`).

    `.text` is the JSON Textarea, `.form` the generated form, `.validate()` returns the State or
    None (then `.problems` lists every problem), `.open_explorer()` shows the position in an Explorer
    (`.explorer`). `explorer_options` are passed to that Explorer.
    """

    def __init__(self, source, text: str | None = None, explorer_options: dict | None = None, **kwargs):
        super().__init__(**kwargs)
        self.add_class("mr-editor")
        if hasattr(source, "to_json") and hasattr(source, "game"):
            self.game = source.game
            text = source.to_json() if text is None else text
        else:
            self.game = source
            if text is None:
                raise ValueError("PositionEditor(game, text): give the position's JSON text (or pass a State)")
        self.explorer_options = dict(explorer_options or {})
        self.data = None
        self.problems: list = []
        self.position = None
        self.explorer = None
        self._syncing = False
        self._fields: list = []  # (widget, path)

        rules = f"<br>{rules_html(source)}" if hasattr(source, "to_json") else ""
        self.heading = W.HTML(f"{_CSS}<b>Position editor: {esc(self.game.TITLE)}</b>{rules}")
        self.form = W.VBox().add_class("mr-form")
        self.text = W.Textarea(layout=W.Layout(width="100%", height="260px"), continuous_update=False)
        self.text.add_class("mr-json")
        self.text.observe(self._on_text, names="value")
        self.validate_button = W.Button(description="Validate", icon="check", button_style="info")
        self.validate_button.add_class("mr-validate")
        self.validate_button.on_click(lambda _b: self._safe(self.validate))
        self.open_button = W.Button(description="Open in an Explorer", icon="play", button_style="success",
                                    layout=W.Layout(width="auto"))
        self.open_button.add_class("mr-open")
        self.open_button.on_click(lambda _b: self._safe(self.open_explorer))
        self.status = W.HTML().add_class("mr-status")
        self.explorer_box = W.VBox().add_class("mr-editor-explorer")
        self.verbs = W.VBox().add_class("mr-verbs")
        tabs = W.Tab(children=[self.form, self.text, self.verbs])
        tabs.set_title(0, "Form")
        tabs.set_title(1, "JSON")
        tabs.set_title(2, "Verbs")
        self.tabs = tabs
        self.children = [self.heading, tabs, W.HBox([self.validate_button, self.open_button]), self.status,
                         self.explorer_box]
        self.set_text(text)
        self._build_verbs()

    # ----- the builder's verbs as forms --------------------------------------
    def builder_verbs(self) -> dict:
        """name -> inspect.Signature of every verb the game's builder offers (besides `player`)."""
        state = self._current_state()
        if state is None:
            return {}
        b = state.edit()
        skip = {"done", "seat", "player", "get_player_field", "set_player_field", "player_fields"}
        out = {}
        for name, fn in inspect.getmembers(type(b), inspect.isfunction):
            if not name.startswith("_") and name not in skip:
                out[name] = inspect.signature(fn)
        return out

    def _current_state(self):
        try:
            return self.game.from_json(self.text.value)
        except Exception:  # noqa: BLE001 - an invalid text has no verbs until it is valid again
            return None

    def _build_verbs(self):
        state = self._current_state()
        if state is None:
            self.verbs.children = [W.HTML("<i>The verbs work on a valid position: validate the JSON first.</i>")]
            return
        b = state.edit()
        who = W.Dropdown(options=list(state.players), description="Player", layout=W.Layout(width="220px"))
        field = W.Dropdown(options=b.player_fields(), description="field", layout=W.Layout(width="220px"))
        value = W.Text(description="=", layout=W.Layout(width="200px"), continuous_update=False)
        go = W.Button(description="Set", button_style="info", layout=W.Layout(width="auto"))
        go.add_class("mr-verb-player")
        go.on_click(lambda _b: self._safe(lambda: self.apply_verb("player", who.value, field.value, value.value)))
        rows = [W.HTML("<b>A player's field</b>"), W.HBox([who, field, value, go])]
        self.verb_forms = {"player": (who, field, value, go)}
        for name, sig in self.builder_verbs().items():
            params = [p for p in list(sig.parameters.values())[1:]
                      if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
            boxes = [W.Text(description=p.name, placeholder="" if p.default is p.empty else json.dumps(p.default, default=str),
                            layout=W.Layout(width="200px"), continuous_update=False) for p in params]
            btn = W.Button(description=name, layout=W.Layout(width="auto"))
            btn.add_class("mr-verb")
            btn.on_click(lambda _b, n=name, ps=params, bs=boxes: self._safe(
                lambda: self.apply_verb(n, **{p.name: box.value for p, box in zip(ps, bs) if box.value.strip()})))
            self.verb_forms[name] = (*boxes, btn)
            rows.append(W.HBox([btn] + boxes, layout=W.Layout(flex_flow="row wrap")))
        self.verbs.children = rows

    def apply_verb(self, verb: str, *args, **kwargs):
        """Apply one builder verb to the position (arguments as typed: JSON values or plain text); the new
        position replaces the JSON text, or every problem is listed and the text is kept."""
        state = self.validate()
        if state is None:
            return None
        b = state.edit()
        args = [_typed(a) for a in args]
        kwargs = {k: _typed(v) for k, v in kwargs.items()}
        if verb == "player":
            who, field, value = args
            b.player(who).__setattr__(field, value)
        else:
            getattr(b, verb)(*args, **kwargs)
        try:
            new = b.done()
        except PositionError as e:
            self.problems = list(e.problems)
            items = "".join(f"<li>{esc(p)}</li>" for p in self.problems)
            self._set_status(f'<div class="mr-bad" role="alert"><b>{esc(verb)} was not applied: the position '
                             f'would not be valid:</b><ul class="mr-problems">{items}</ul></div>')
            return None
        self.set_text(new.to_json())
        self.position = new
        self._set_status(f'<span class="mr-ok">{esc(verb)} applied: step <i>{esc(step_title(new))}</i>, '
                         f"to move: {esc(who_moves(new))}.</span>")
        return new

    # ----- text <-> form --------------------------------------------------
    def set_text(self, text: str) -> None:
        """Replace the JSON text (pretty-printed when it parses) and rebuild the form."""
        try:
            data = json.loads(text)
        except (ValueError, TypeError, RecursionError):
            data = None
        self._syncing = True
        try:
            self.text.value = _pretty(data) if isinstance(data, dict) else str(text)
        finally:
            self._syncing = False
        self._load(data)

    def _on_text(self, change):
        if self._syncing:
            return
        try:
            data = json.loads(change["new"])
        except (ValueError, RecursionError) as e:
            self._set_status(f'<span class="mr-bad">The JSON text does not parse ({esc(short_error(e))}); '
                             "the form shows the last text that did.</span>")
            return
        self._load(data)
        self._set_status("")

    def _load(self, data):
        self.position = None
        if not isinstance(data, dict):
            self.data = None
            self._fields = []
            self.form.children = [W.HTML("<i>The text is not a JSON object: edit it in the JSON tab.</i>")]
            return
        self.data = data
        self._build_form()

    def _build_form(self):
        data = self.data
        fields = common_fields(data)
        self._fields = []
        rows = []
        fixed = ", ".join(f"{k} = {esc(json.dumps(data.get(k)))}" for k in _SKIP if k in data)
        if fixed:
            rows.append(W.HTML(f"<small>{fixed}</small>"))
        top_widgets = []
        for key in fields["top"]:
            w = _field_widget(data[key], key, "240px")
            self._watch(w, (key,))
            top_widgets.append(w)
        if top_widgets:
            rows.append(W.HTML("<b>Position</b>"))
            rows.append(W.Box(top_widgets, layout=W.Layout(flex_flow="row wrap")))
        for list_key, names in fields["per_player"].items():
            recs = data[list_key]
            cols = len(recs)
            header = [W.HTML(f"<b>{esc(list_key)}</b>")] + [W.HTML(f"<b>{esc(self._player_label(i, recs))}</b>")
                                                              for i in range(cols)]
            cells = list(header)
            for name in names:
                cells.append(W.HTML(esc(name)))
                for i, rec in enumerate(recs):
                    if name in rec and _is_scalar(rec[name]):
                        w = _field_widget(rec[name], "", "100%")
                        self._watch(w, (list_key, i, name))
                        cells.append(w)
                    else:
                        cells.append(W.HTML("–"))
            grid = W.GridBox(cells, layout=W.Layout(grid_template_columns=f"max-content repeat({cols}, 120px)",
                                                    grid_gap="2px 10px", justify_content="flex-start",
                                                    margin="8px 0 0 0"))
            rows.append(grid)
        if not self._fields:
            rows.append(W.HTML("<i>This position has no simple fields: edit it in the JSON tab.</i>"))
        self.form.children = rows

    def _player_label(self, i, recs) -> str:
        players = self.data.get("players")
        if isinstance(players, list) and i < len(players):
            p = players[i]
            if isinstance(p, str):
                return p
            if isinstance(p, dict) and isinstance(p.get("name"), str):
                return p["name"]
        rec = recs[i]
        return rec["name"] if isinstance(rec.get("name"), str) else f"seat {i}"

    def _watch(self, widget, path):
        widget._mr_path = path
        widget.add_class("mr-field")
        widget.observe(self._on_field, names="value")
        self._fields.append((widget, path))

    @property
    def field_widgets(self) -> dict:
        """path -> widget: ("fuel",) for a top-level field, ("players", 0, "fuel") for a player's."""
        return {path: w for w, path in self._fields}

    def set_field(self, path, value) -> None:
        """Change one form field (as a user would), which rewrites the JSON text."""
        self.field_widgets[tuple(path)].value = value

    def _on_field(self, change):
        path = change["owner"]._mr_path
        target = self.data
        for part in path[:-1]:
            target = target[part]
        target[path[-1]] = change["new"]
        self.position = None
        self._syncing = True
        try:
            self.text.value = _pretty(self.data)
        finally:
            self._syncing = False
        self._set_status("<i>Edited: validate to check the position.</i>")

    # ----- validate and open ---------------------------------------------
    def validate(self):
        """The State read by the game's from_json, or None with every problem listed in `.problems`."""
        self.position = None
        try:
            state = self.game.from_json(self.text.value)
        except PositionError as e:
            self.problems = list(e.problems)
        except Exception as e:  # from_json should only raise PositionError; report anything else too
            self.problems = [f"from_json failed unexpectedly: {short_error(e)}"]
        else:
            self.problems = []
            self.position = state
            self._set_status(f'<span class="mr-ok">Valid position: step <i>{esc(step_title(state))}</i>, '
                             f"to move: {esc(who_moves(state))}.</span><br>{rules_html(state)}")
            return state
        items = "".join(f"<li>{esc(p)}</li>" for p in self.problems)
        n = len(self.problems)
        self._set_status(f'<div class="mr-bad" role="alert"><b>Not a valid position ({n} problem'
                         f'{"s" if n != 1 else ""}):</b><ul class="mr-problems">{items}</ul></div>')
        return None

    def open_explorer(self):
        """Validate and, if valid, show the position in a new Explorer below the editor."""
        state = self.validate()
        if state is None:
            return None
        from .explorer import Explorer
        self.explorer = Explorer(state, **self.explorer_options)
        self.explorer_box.children = [self.explorer]
        return self.explorer

    def _safe(self, fn):
        try:
            fn()
        except Exception as e:  # never a traceback in the page
            self._set_status(f'<span class="mr-bad">Something went wrong: {esc(short_error(e))}</span>')

    def _set_status(self, html: str):
        self.status.value = html

    @property
    def status_text(self) -> str:
        return self.status.value
