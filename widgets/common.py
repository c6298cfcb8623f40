"""Helpers the generic widgets share: finding a game's board, PNG rendering, small HTML pieces.

Everything here works through the game contract only (see docs/writing_a_game.md): a game's board
module is `widgets.<game>` where `<game>` is the last part of `state.game.__name__`, and it provides
`Board(state, ax=None)` with `.fig` and `.update(state)`.
"""
from __future__ import annotations

import html
import re
import importlib
import importlib.util

from matplotlib.figure import Figure

from mars_rules import CHANCE

PNG_DPI = 72
"""Resolution of the board images (dots per inch of the figure size)."""


def game_name(game) -> str:
    """The short name of a game module: mars_rules.ruins_of_mars -> "ruins_of_mars"."""
    return game.__name__.rsplit(".", 1)[-1]


def board_module(game):
    """The module `widgets.<game>` that draws this game's board, or None if it does not exist (yet)."""
    name = f"{__package__ or 'widgets'}.{game_name(game)}"
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except (ImportError, ValueError):
        return None
    module = importlib.import_module(name)
    return module if hasattr(module, "Board") else None


def has_board(game) -> bool:
    return board_module(game) is not None


def games_with_boards(games=None) -> list:
    """Names of the games (default: mars_rules.GAMES) whose board module exists, in GAMES order."""
    if games is None:
        import mars_rules
        games = mars_rules.GAMES
    return [name for name, game in games.items() if is_playable(game) and has_board(game)]


def is_playable(game) -> bool:
    """True when the module meets the contract far enough to start a game (a package being written
    may exist without it)."""
    return all(hasattr(game, n) for n in ("TITLE", "TURN_STEPS", "PLAYER_COUNTS", "new_game", "from_json"))


class TextBoard:
    """A plain board used when a game has no board module: the step, whose move, and the last events."""

    def __init__(self, state, ax=None, figsize=None):
        if ax is None:
            self.fig = Figure(figsize=figsize or (6, 1.6))
            self.ax = self.fig.add_axes([0, 0, 1, 1])
        else:
            self.fig, self.ax = ax.figure, ax
        self.update(state)

    def update(self, state):
        ax = self.ax
        ax.clear()
        ax.set_axis_off()
        lines = [f"{state.game.TITLE}", f"step: {step_title(state)}", f"to move: {who_moves(state)}"]
        lines += [f"- {e}" for e in tuple(state.events)[-3:]]
        ax.text(0.03, 0.95, "\n".join(lines), va="top", ha="left", family="monospace", fontsize=10,
                transform=ax.transAxes, wrap=True)


def make_board(state, board=None, figsize=None):
    """Build the board object once: `board` may be a Board class / factory, else widgets.<game>.Board,
    else a TextBoard. The figure is detached from pyplot so a notebook never shows it twice."""
    if board is None:
        module = board_module(state.game)
        board = module.Board if module is not None else TextBoard
    obj = board(state) if figsize is None else board(state, figsize=figsize)
    _detach(obj.fig)
    return obj


def _detach(fig):
    try:
        import matplotlib.pyplot as plt
        if plt.fignum_exists(getattr(fig, "number", -1)):
            plt.close(fig)
    except Exception:  # pyplot unavailable or the figure is not managed by it: nothing to detach
        pass


def render_png(fig, dpi: int = PNG_DPI) -> bytes:
    """The figure as PNG bytes (same figure, same bytes: no timestamp is written; boardkit.png_bytes)."""
    from .boardkit import png_bytes
    return png_bytes(fig, dpi)


def click_scale(board) -> float:
    """Pixels per CSS pixel of the board the Explorer shows after a click: the board's `CLICK_SCALE` (the
    highest scale that keeps a click under 80 ms, measured by benchmarks/bench_redraw.py), else 1."""
    return getattr(board, "CLICK_SCALE", 1)


def show_png(out, png: bytes, width: int | None = None, alt: str = "") -> None:
    """Replace what an Output widget shows by this PNG, from the kernel side (tests can read it back);
    `width` (CSS pixels) shows a HiDPI picture at its intended size; `alt` is its text for screen readers
    (the board in words). Sent once, as an HTML image, so the picture carries its alt text."""
    import base64
    out.outputs = ()
    size = f' width="{int(width)}"' if width else ""
    src = base64.b64encode(png).decode("ascii")
    data = {"text/html": f'<img alt="{esc(alt)}"{size} src="data:image/png;base64,{src}">',
            "text/plain": alt.splitlines()[0] if alt else "the board"}
    out.outputs = ({"output_type": "display_data", "data": data, "metadata": {}},)


_DATA_URI = re.compile(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"')


def shown_png(out) -> bytes | None:
    """The PNG bytes an Output widget shows (None if it shows no image)."""
    import base64
    for o in out.outputs:
        data = o.get("data", {})
        if data.get("image/png"):
            png = data["image/png"]
            return base64.b64decode(png) if isinstance(png, str) else png
        found = _DATA_URI.search(data.get("text/html", ""))
        if found:
            return base64.b64decode(found.group(1))
    return None


def shown_alt(out) -> str:
    """The alt text of the image an Output widget shows ("" if none)."""
    for o in out.outputs:
        found = re.search(r'<img alt="([^"]*)"', o.get("data", {}).get("text/html", ""))
        if found:
            return html.unescape(found.group(1))
    return ""


def display_meta(state, sheet=None) -> dict:
    """What a displayed board or score sheet shows, as display metadata (the teaching-coverage test reads
    it): the game, the step, the kind of the action that made this position (when known), whether the
    game is over and how it ended, and for a score sheet its rows (category -> points per player) and
    its tie-break line."""
    from mars_rules.core import made_by
    game = state.game
    last = made_by(state)
    meta = {"game": game_name(game), "step": state.step, "last_action": last.kind if last is not None else None,
            "over": bool(state.is_over)}
    passed = getattr(game, "passed_steps", None)  # steps the last transition went through by itself
    meta["passed"] = list(passed(state)) if passed is not None else []
    ending = getattr(game, "end_reason", None)
    meta["end"] = ending(state) if state.is_over and ending is not None else None
    if sheet is not None:
        n = len(sheet.players)
        meta["score"] = {c: [sheet.points(p, c) for p in range(n)] for c in sheet.categories}
        meta["tiebreak"] = sheet.tiebreak
        meta["final"] = bool(sheet.final)
    return meta


def esc(text) -> str:
    return html.escape(str(text), quote=True)


def player_name(state, seat) -> str:
    if seat is None:
        return "nobody (the game is over)"
    if seat == CHANCE:
        return "chance"
    try:
        return str(state.players[seat])
    except (IndexError, TypeError):
        return str(seat)


def who_moves(state) -> str:
    if state.to_move is None:
        return "nobody: the game is over"
    if state.to_move == CHANCE:
        return "chance (a die, a draw or a shuffle)"
    return player_name(state, state.to_move)


def find_step(state):
    """The Step of TURN_STEPS whose key is state.step (None if the game lists no such step)."""
    for step in state.game.TURN_STEPS:
        if step.key == state.step:
            return step
    return None


def step_title(state) -> str:
    step = find_step(state)
    return step.title if step is not None else str(state.step)


def kind_title(kind: str) -> str:
    """An action kind in plain words: "place_rover" -> "Place rover"."""
    text = str(kind).replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def group_by_kind(actions) -> list:
    """[(kind, [actions...]), ...] in the order the kinds first appear (legal_actions order is kept)."""
    groups: dict = {}
    for a in actions:
        groups.setdefault(a.kind, []).append(a)
    return list(groups.items())


def short_error(exc: BaseException, limit: int = 200) -> str:
    """One line for an unexpected error: its type and message, never a traceback."""
    text = f"{type(exc).__name__}: {exc}".replace("\n", " ")
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ----- the Explorer's text panels (pure functions of a state) ---------------

def title_html(state) -> str:
    """Game, players, and who moves (or who won)."""
    names = ", ".join(esc(p) for p in state.players)
    if state.to_move is None:
        try:
            wins = ", ".join(esc(player_name(state, w)) for w in state.winners())
        except Exception as e:  # a display must not fail on a game's bug: say it instead
            wins = esc(short_error(e))
        status = f"the game is over, won by <b>{wins}</b>"
    else:
        status = f"to move: <b>{esc(who_moves(state))}</b>"
    return f"<b>{esc(state.game.TITLE)}</b> · {names} · {status}<br>{rules_html(state)}"


def rules_html(state) -> str:
    """The rules in effect: "Rules: the rulebook's" or the variant ("hand limit 6 (rulebook: 5)")."""
    variant = state.variant() if hasattr(state, "variant") else ""
    if not variant:
        return '<span class="mr-rules">Rules: the rulebook\'s (no option changed)</span>'
    return f'<span class="mr-rules mr-variant">Variant rules: {esc(variant)}</span>'



def steps_html(state) -> str:
    """The game's TURN_STEPS as a numbered list, the current one marked (class mr-current, ▶)."""
    items = []
    for step in state.game.TURN_STEPS:
        cls = ' class="mr-current"' if step.key == state.step else ""
        mark = "▶ " if cls else ""
        items.append(f'<li{cls} title="{esc(step.summary)}" data-key="{esc(step.key)}">{mark}{esc(step.title)}</li>')
    return f'<div class="mr-steps-list"><b>Turn steps</b><ol>{"".join(items)}</ol></div>'


def step_help_html(state) -> str:
    """One paragraph on the current step: its title and summary, who decides, the rulebook section."""
    current = find_step(state)
    if current is None:
        title, summary, rule = str(state.step), "", ""
    else:
        title, summary, rule = current.title, current.summary, current.rule
    return (f'<div class="mr-help"><b>Now: {esc(title)}.</b> {esc(summary)} {esc(situation(state))} '
            f'<span class="mr-rulecite">Rulebook: {esc(rule)}.</span></div>')


def situation(state) -> str:
    """Who decides here, and between how many options."""
    who = state.to_move
    if who is None:
        return "The game is over: the score sheet below is final."
    if who == CHANCE:
        n = len(state.chance_outcomes())
        return (f"Chance decides here ({n} possible outcome{'s' if n != 1 else ''}): draw at random, "
                "or as the teacher force the outcome you want to study.")
    legal = state.legal_actions()
    kinds = len({a.kind for a in legal})
    if len(legal) == 1:
        return f"{player_name(state, who)} has exactly one legal action, so it is forced."
    return (f"{player_name(state, who)} decides: {len(legal)} legal actions of {kinds} "
            f"kind{'s' if kinds != 1 else ''}.")


def _md_inline(text: str) -> str:
    """Escaped text with the Markdown a reference entry uses: **bold**, *italic*, `code`."""
    out = esc(text)
    out = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", out)
    out = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", out)
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", out)


def _md_blocks(text: str) -> str:
    """Markdown paragraphs and "- " lists as HTML: lines of one paragraph (or one list item) are joined,
    a blank line ends a paragraph."""
    blocks, para, items = [], [], []

    def flush_para():
        if para:
            blocks.append(f"<p>{_md_inline(' '.join(para))}</p>")
            para.clear()

    def flush_items():
        if items:
            tag = "ol" if items[0][0] == "ol" else "ul"
            blocks.append(f"<{tag}>" + "".join(f"<li>{_md_inline(' '.join(i[1:]))}</li>" for i in items) + f"</{tag}>")
            items.clear()

    for raw in text.strip().splitlines():
        line = raw.strip()
        if not line:
            flush_para()
            flush_items()
        elif line.startswith(("- ", "* ")) or re.match(r"\d+\. ", line):
            flush_para()
            numbered = not line.startswith(("- ", "* "))
            if items and (items[0][0] == "ol") != numbered:
                flush_items()
            items.append(["ol" if numbered else "ul", line.split(" ", 1)[1]])
        elif items and raw.startswith((" ", "\t")):
            items[-1].append(line)  # the continuation of a list item
        else:
            flush_items()
            para.append(line)
    flush_para()
    flush_items()
    return "".join(blocks)


def rule_entry_html(game, rule: str) -> str:
    """The rules reference's entry of a section (game.RULES), as the Explorer shows it beside the board."""
    if not rule:
        return ""
    head = f'<div class="mr-rule-entry" role="note"><div class="mr-rule-title"><b>{esc(rule)}</b></div>'
    ref = getattr(game, "RULES", None)
    entry = ref.entry(rule) if ref is not None else None
    if entry is None:
        why = "This game's rules reference is not written yet" if ref is None else "No entry of the reference names it"
        return head + f"<p><i>{esc(why)}.</i></p></div>"
    body = [_md_blocks(entry.text)]
    if entry.numbers:
        rows = "".join(f"<tr><td>{_md_inline(n.what)}</td><td>{_md_inline(n.value)}</td>"
                       f"<td>{'printed' if n.printed else '<b>ASSUMED</b>'}</td></tr>" for n in entry.numbers)
        body.append(f'<table class="mr-rule-numbers">{rows}</table>')
    if entry.section != rule:
        body.append(f"<p><small>Section: {esc(entry.section)}</small></p>")
    name = getattr(game, "__name__", "").rsplit(".", 1)[-1]
    body.append(f"<p><small>The whole reference: docs/rules/{esc(name)}.md</small></p>")
    return head + "".join(body) + "</div>"
