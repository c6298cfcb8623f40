"""What a student sees in an executed notebook, judged output by output.

Each output is judged by its richest mime type (what the notebook shows): an `image/png` with a
`text/plain` fallback is an image. `problems(cell)` lists, in sentences, what is wrong with one code cell:

- a traceback, stderr, or a warning;
- a shown object repr (`<... at 0x…>`, `<…Figure size…>`);
- a bare Python tuple, list or dict printed where a sentence or a table belongs (a whole line that is a
  literal, an empty `()` / `[]`, or a literal of three or more items or of quoted strings inside a line);
- a cell whose code draws a board, a score sheet or a plot that shows no image (or HTML table).

Widget outputs (the Explorer) are judged by the widget and browser tests instead.

>>> problems({"source": "print(1)", "outputs": [{"output_type": "stream", "name": "stdout", "text": "(1, 2, 3)\\n"}]})
["prints a bare Python value where a sentence belongs: '(1, 2, 3)'"]
"""
from __future__ import annotations

import ast
import re

RICHNESS = ("application/vnd.jupyter.widget-view+json", "image/png", "image/svg+xml", "text/html",
            "text/markdown", "text/latex", "application/json", "text/plain")
WIDGET = RICHNESS[0]
REPR = re.compile(r"<[^<>\n]* at 0x[0-9a-fA-F]+>|<[A-Za-z_.]*Figure size [^>]*>|<[A-Za-z_.]+ object>")
WARNING = re.compile(r"\b[A-Z][A-Za-z]*Warning\b:")
_ITEM = r"""(?:'[^'\n]*'|"[^"\n]*"|-?\d+(?:\.\d+)?|None|True|False)"""
LITERAL = re.compile(rf"[\(\[]\s*{_ITEM}(?:\s*,\s*{_ITEM})*\s*,?\s*[\)\]]|\(\s*\)|\[\s*\]")
DRAWS = re.compile(r"(?<![\w.])(draw|board|score_table)\(|\bplt\.|\.(plot|bar|barh|hist|errorbar|imshow)\("
                   r"|print\([^\n]*\.score\(\)\s*\)")


def richest(output) -> str | None:
    """The mime type a notebook shows for a display output (None for streams and errors)."""
    data = output.get("data") or {}
    return next((m for m in RICHNESS if m in data), None)


def bare_values(text: str) -> list:
    """The pieces of `text` that are bare Python values (see the module docstring)."""
    found = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            continue
        try:
            value = ast.literal_eval(stripped)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            value = None
        if isinstance(value, (tuple, list, dict, set)):
            found.append(stripped)
            continue
        for m in LITERAL.finditer(line):
            piece = m.group(0)
            inner = piece[1:-1].strip()
            items = [x for x in inner.split(",") if x.strip()] if inner else []
            if not items or len(items) >= 3 or "'" in piece or '"' in piece:
                found.append(piece)
    return found


def _text_problems(text: str) -> list:
    out = []
    m = REPR.search(text)
    if m:
        out.append(f"shows an object repr, not what it stands for: {m.group(0)[:80]!r}")
    if WARNING.search(text):
        out.append(f"shows a warning: {WARNING.search(text).group(0)!r}")
    out += [f"prints a bare Python value where a sentence belongs: {v[:80]!r}" for v in bare_values(text)[:3]]
    return out


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value or "")


def problems(cell) -> list:
    """Sentences saying what is wrong with what this code cell shows (empty when all is well)."""
    out, pictures, widget = [], 0, False
    for o in cell.get("outputs", []):
        kind = o.get("output_type")
        if kind == "error":
            out.append(f"raises {o.get('ename')}: {_text(o.get('evalue'))[:160]}")
        elif kind == "stream":
            text = _text(o.get("text"))
            if o.get("name") == "stderr":
                out.append(f"writes to stderr: {text.strip()[:160]!r}")
            else:
                out += _text_problems(text)
        else:
            mime = richest(o)
            data = o.get("data") or {}
            if mime == WIDGET:
                widget = True
            elif mime in ("image/png", "image/svg+xml"):
                pictures += 1
            elif mime == "text/html":
                html = _text(data.get("text/html"))
                pictures += "<table" in html or "<img " in html  # a score table, or a board with its alt text
                if REPR.search(html):
                    out.append(f"shows an object repr: {REPR.search(html).group(0)[:80]!r}")
            elif mime == "text/plain":
                out += _text_problems(_text(data.get("text/plain")))
    source = _text(cell.get("source"))
    if DRAWS.search(source) and not pictures and not widget:
        out.append("draws a board, a score sheet or a plot but shows no image (or HTML table)")
    return out
