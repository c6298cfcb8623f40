"""What the four game boards share: fast text, a fast-PNG figure, the palette and a few drawing helpers.

Rendering text is most of the cost of a matplotlib board: a board has hundreds of labels, and each
`Text` artist lays out and rasterises its glyphs at every savefig. The boards therefore draw their
texts through one `TextLayer` artist, which blits sprites: each distinct (text, size, weight, style,
colour, dpi) is rasterised once by `sprite` and kept in a cache (`SPRITES`), so a redraw of a
similar position only copies pixels. `BoardFigure` writes its PNGs with fast zlib compression.

Example (a board's `update` collects texts and patches, then adds them as a few artists):

>>> from matplotlib.patches import Rectangle
>>> from widgets.boardkit import TextLayer, add_patches, board_axes, png_bytes, texts_of
>>> fig, ax = board_axes(None, figsize=(3, 1), rect=(0, 0, 1, 1))
>>> _ = ax.set_xlim(0, 3), ax.set_ylim(0, 1), ax.set_axis_off()
>>> layer = TextLayer()
>>> layer.add(1.5, 0.5, "Round 1\\nto move: Ann", size=9, weight="bold", ha="center")
>>> _ = add_patches(ax, [Rectangle((0.1, 0.1), 2.8, 0.8, facecolor="#F7F7F7", edgecolor="#B0B0B0")])
>>> _ = ax.add_artist(layer)
>>> texts_of(fig)
['Round 1\\nto move: Ann']
>>> png_bytes(fig)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True

A spec is the tuple (x, y, text, size, weight, style, colour, ha, va) in data coordinates; `ha` is
left/center/right, `va` is center/top/bottom/baseline; a text with newlines is drawn line by line,
`linespacing` font sizes apart.
"""
from __future__ import annotations

import math
import os
import struct
import zlib

import numpy as np
from matplotlib import rcParams
from matplotlib.artist import Artist
from matplotlib.backends.backend_agg import RendererAgg
from matplotlib.collections import LineCollection, PatchCollection
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.patches import Ellipse, Polygon, Rectangle

__all__ = ["OKABE_ITO", "SEAT_COLOURS", "HIGHLIGHT", "sprite", "text_width", "fit_text", "TextLayer", "BoardFigure", "board_axes",
           "add_patches", "token", "texts_of", "png_bytes", "PngMixin", "LayeredBoard", "PNG_DPI", "HIDPI",
           "MIN_FONT_PT", "COLUMN_PX", "text_extents", "overflows", "board_bundle"]

PNG_DPI = 72
"""Resolution of the board images at their intended size: one CSS pixel per point (inch / 72), as in
widgets.common. A board of figsize (w, h) inches is shown w x 72 by h x 72 CSS pixels."""

HIDPI = 2
"""Pixels per CSS pixel of the board a cell shows: a cell's board is rendered at PNG_DPI x HIDPI and
displayed at its intended size, so it stays sharp on a HiDPI screen."""

MIN_FONT_PT = 8
"""The smallest text a board draws, in points at its intended size (a widget test checks it)."""

COLUMN_PX = 900
"""The width of a standard notebook column: every board fits it at its intended size."""

OKABE_ITO = {"orange": "#E69F00", "sky": "#56B4E9", "green": "#009E73", "yellow": "#F0E442",
             "blue": "#0072B2", "vermillion": "#D55E00", "purple": "#CC79A7", "black": "#000000"}
"""The Okabe-Ito colour-blind-safe palette (every board also prints letters or shapes)."""

SEAT_COLOURS = (OKABE_ITO["orange"], OKABE_ITO["sky"], OKABE_ITO["green"], OKABE_ITO["purple"],
                OKABE_ITO["vermillion"])
"""One colour per seat (Ruins and On Mars); the seat letter is always printed on it as well."""

HIGHLIGHT = OKABE_ITO["vermillion"]
"""The colour that marks the active element: the player to move, the last play, the chosen action."""

SPRITES: dict = {}
"""The sprite cache: (text, size, weight, style, colour, dpi) -> (RGBA array, width, height, descent, pad)."""
SPRITE_LIMIT = 5000
_FONTS: dict = {}
_LP: dict = {}


def font(size, weight="normal", style="normal") -> FontProperties:
    """A FontProperties, one object per (size, weight, style)."""
    key = (size, weight, style)
    f = _FONTS.get(key)
    if f is None:
        f = _FONTS[key] = FontProperties(size=size, weight=weight, style=style)
    return f


def sprite(text, size, weight="normal", style="normal", color="black", dpi=PNG_DPI):
    """One line of text rendered once into an RGBA array: (array, width, box height, descent, pad) in
    pixels. The box height and descent are at least those of "lp", so lines of one font align."""
    key = (text, size, weight, style, color, dpi)
    hit = SPRITES.get(key)
    if hit is not None:
        return hit
    if len(SPRITES) > SPRITE_LIMIT:
        SPRITES.clear()
    prop = font(size, weight, style)
    probe = RendererAgg(4, 4, dpi)
    w, h, d = probe.get_text_width_height_descent(text or " ", prop, ismath=False)
    lp = _LP.get((size, weight, style, dpi))
    if lp is None:
        lp = _LP[(size, weight, style, dpi)] = probe.get_text_width_height_descent("lp", prop, ismath=False)[1:]
    h, d = max(h, lp[0]), max(d, lp[1])
    pad = 2
    r = RendererAgg(int(math.ceil(w)) + 2 * pad, int(math.ceil(h)) + 2 * pad, dpi)
    if text:
        gc = r.new_gc()
        gc.set_foreground(color)
        r.draw_text(gc, pad, pad + h - d, text, prop, 0)
        gc.restore()
    hit = SPRITES[key] = (np.asarray(r.buffer_rgba())[::-1].copy(), w, h, d, pad)
    return hit


def text_width(text, size, weight="normal", style="normal", dpi=PNG_DPI) -> float:
    """Width in inches of one line of text (from its cached sprite): for laying out legends."""
    return sprite(text, size, weight, style, "black", dpi)[1] / dpi


def fit_text(text, size, width, weight="normal", style="normal") -> str:
    """`text` cut (with "…") so that it is at most `width` inches wide at this font size."""
    if text_width(text, size, weight, style) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:                       # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + "…", size, weight, style) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


class TextLayer(Artist):
    """Many texts drawn as cached sprites: one artist instead of hundreds of `Text` objects.

    `specs` are tuples (x, y, text, size, weight, style, colour, ha, va) in data coordinates of the
    axes the layer is added to; fonts scale with the renderer's dpi like ordinary texts."""

    def __init__(self, specs=None, linespacing=1.3, zorder=10):
        super().__init__()
        self.specs = [] if specs is None else specs
        self.boxes: dict = {}  # index of a spec -> (x0, y0, x1, y1): the box (data coordinates) it labels
        self.linespacing = linespacing
        self.set_zorder(zorder)

    def add(self, x, y, text, size=8, weight="normal", color="black", ha="left", va="center", style="normal",
            box=None):
        """Queue one text (it is drawn with the layer). `box` = (x0, y0, x1, y1), in data coordinates, is the
        box the text labels: a widget test checks that the drawn text lies inside it."""
        if box is not None:
            self.boxes[len(self.specs)] = box
        self.specs.append((x, y, text, size, weight, style, color, ha, va))

    def extents(self, dpi=PNG_DPI) -> list:
        """(text line, (x0, y0, x1, y1) drawn in pixels, box in pixels or None) for every line of every
        text, at `dpi` (the same arithmetic as `draw`)."""
        if not self.specs:
            return []
        scale = dpi / self.figure.dpi
        to_px = self.axes.transData.transform
        xy = to_px(np.array([(sp[0], sp[1]) for sp in self.specs], dtype=float)) * scale
        out = []
        for i, ((x, y), (_, _, text, size, weight, style, color, ha, va)) in enumerate(zip(xy, self.specs)):
            box = self.boxes.get(i)
            if box is not None:
                (bx0, by0), (bx1, by1) = to_px(np.array([box[:2], box[2:]], dtype=float)) * scale
                box = (min(bx0, bx1), min(by0, by1), max(bx0, bx1), max(by0, by1))
            for line, left, bottom, w, h, _a, _p in self._lines(x, y, text, size, weight, style, color, ha, va, dpi):
                out.append((line, (left, bottom, left + w, bottom + h), box))
        return out

    def _lines(self, x, y, text, size, weight, style, color, ha, va, dpi):
        """(line, left, bottom, width, height, sprite, pad) in pixels for each line of one text."""
        lines = text.split("\n") if "\n" in text else (text,)
        if len(lines) > 1:
            step = self.linespacing * size * dpi / 72
            extra = step * (len(lines) - 1)
            top = y + (extra / 2 if va == "center" else extra if va in ("bottom", "baseline") else 0)
        else:
            step, top = 0, y
        for k, line in enumerate(lines):
            arr, w, h, d, pad = sprite(line, size, weight, style, color, dpi)
            ly = top - k * step
            left = x - (0 if ha == "left" else w / 2 if ha == "center" else w)
            bottom = ly - (h / 2 if va == "center" else h if va == "top" else d if va == "baseline" else 0)
            yield line, left, bottom, w, h, arr, pad

    @property
    def texts(self) -> list:
        """Every text of the layer, in the order it was added."""
        return [s[2] for s in self.specs]

    def draw(self, renderer):
        if not self.get_visible() or not self.specs:
            return
        xy = self.axes.transData.transform(np.array([(s[0], s[1]) for s in self.specs], dtype=float))
        dpi = renderer.dpi
        gc = renderer.new_gc()
        for (x, y), (_, _, text, size, weight, style, color, ha, va) in zip(xy, self.specs):
            for _l, left, bottom, _w, _h, arr, pad in self._lines(x, y, text, size, weight, style, color, ha, va, dpi):
                renderer.draw_image(gc, int(round(left)) - pad, int(round(bottom)) - pad, arr)
        gc.restore()


class BoardFigure(Figure):
    """A Figure whose PNGs are written with fast zlib compression (level 1) unless the caller asks
    otherwise: a board is re-encoded at every click, and level 1 about halves the encoding time for a
    file a few per cent larger (the pixels are the same).

    A board's figure knows its board (`.board`, set by `board_axes`' caller through `LayeredBoard`): as
    the value of a notebook cell, or passed to `display()`, it shows as the board image (sharp on HiDPI
    screens) with a one-line text fallback, never as an object repr."""

    board = None

    def _repr_mimebundle_(self, include=None, exclude=None):
        return board_bundle(self.board if self.board is not None else self)

    def _ipython_display_(self):
        # Takes precedence over the formatter matplotlib's inline backend registers for every Figure.
        from IPython.display import display
        data, metadata = self._repr_mimebundle_()
        display(data, metadata=metadata, raw=True)

    def __repr__(self):
        return board_text(self.board) if self.board is not None else super().__repr__()

    def savefig(self, fname, *args, **kwargs):
        fmt = kwargs.get("format")
        if fmt is None and isinstance(fname, (str, os.PathLike)):
            fmt = os.fspath(fname).rsplit(".", 1)[-1].lower()
        if fmt == "png" or (fmt is None and rcParams["savefig.format"] == "png"):
            kwargs["pil_kwargs"] = {"compress_level": 1, **dict(kwargs.get("pil_kwargs") or {})}
        return super().savefig(fname, *args, **kwargs)


def board_axes(ax, figsize, rect=(0.005, 0.005, 0.99, 0.99), dpi=None):
    """(figure, axes) for a board: a new BoardFigure with one axes at `rect` (figure fraction), or the
    figure of the given `ax` when the caller draws into its own axes."""
    if ax is not None:
        return ax.figure, ax
    fig = BoardFigure(figsize=figsize, dpi=dpi)
    return fig, fig.add_axes(rect)


def add_patches(ax, patches, zorder=1, **kwargs):
    """Add many patches as one PatchCollection (each keeps its own colours and line style); returns it,
    or None when there is nothing to add. Hatching is per collection: pass hatch= for hatched patches."""
    if not patches:
        return None
    coll = PatchCollection(patches, match_original=True, zorder=zorder, **kwargs)
    ax.add_collection(coll, autolim=False)
    return coll


def token(shape, x, y, size, facecolor, edgecolor="black", lw=0.6, squash=1.0):
    """A playing piece as one patch centred on (x, y), `size` data units wide: "disc", "square" or
    "triangle" (pointing up). `squash` is the y data units per x data unit on screen, so a disc stays
    round on axes whose scales differ. The board prints the owner's letter on it."""
    r = size / 2
    if shape == "disc":
        return Ellipse((x, y), size, size * squash, facecolor=facecolor, edgecolor=edgecolor, lw=lw)
    if shape == "square":
        return Rectangle((x - r, y - r * squash), size, size * squash, facecolor=facecolor, edgecolor=edgecolor,
                         lw=lw)
    if shape == "triangle":
        return Polygon([(x - r * 1.2, y - r * squash), (x + r * 1.2, y - r * squash), (x, y + r * 1.3 * squash)],
                       closed=True, facecolor=facecolor, edgecolor=edgecolor, lw=lw)
    raise ValueError(f"unknown token shape {shape!r}")


def texts_of(fig) -> list:
    """Every text drawn on a board figure (ordinary Text artists and TextLayer specs), for tests and for
    reading a board as words."""
    out = []
    for ax in fig.axes:
        out += [t.get_text() for t in ax.texts]
        for artist in ax.get_children():
            if isinstance(artist, TextLayer):
                out += artist.texts
    return out


class PngMixin:
    """For a board object with a `.fig` (and `.state`): `png()` gives its PNG bytes, and a notebook shows
    it as the board image (HiDPI) with a one-line text fallback."""

    def png(self, dpi: int = PNG_DPI) -> bytes:
        return png_bytes(self.fig, dpi)

    def _repr_mimebundle_(self, include=None, exclude=None):
        return board_bundle(self)

    def __repr__(self):
        return board_text(self)


def board_text(board) -> str:
    """The text form of a board: the game, the step and who decides (or who won), in one sentence."""
    from .common import find_step, player_name
    state = getattr(board, "state", None)
    if state is None:
        return "A game board"
    step = find_step(state)
    where = step.title if step is not None else str(state.step)
    if state.to_move is None:
        won = " and ".join(player_name(state, w) for w in state.winners())
        return f"{state.game.TITLE} board: the game is over, won by {won}."
    from .common import who_moves
    return f"{state.game.TITLE} board: {where}; to move: {who_moves(state)}."


def board_bundle(board, scale: float = HIDPI):
    """(data, metadata) for Jupyter: the board as a PNG rendered at `scale` x its intended size and shown
    at that size, its text form and `display_meta` of the position it shows (under "mars_rules"). When the
    board shows a position, the picture is sent as an HTML image whose alt text is the board in words
    (what a screen reader reads), in place of the bare image/png."""
    import base64
    fig = getattr(board, "fig", board)
    w, h = fig.get_size_inches()
    png = png_bytes(fig, PNG_DPI * scale)
    data = {"image/png": base64.b64encode(png).decode("ascii"), "text/plain": board_text(board)}
    meta = {"image/png": {"width": int(round(w * PNG_DPI)), "height": int(round(h * PNG_DPI))}}
    state = getattr(board, "state", None)
    if state is not None:
        from .common import display_meta, esc
        meta["mars_rules"] = display_meta(state)
        try:  # the board in words as the picture's alt text (JupyterLab and Voila show the HTML form)
            words = state.game.describe_position(state)
        except Exception:  # noqa: BLE001 - a display must not fail on a game's bug; the PNG alone then
            words = ""
        if words:  # the picture once, as an HTML image that carries its alt text (not also as image/png)
            data["text/html"] = (f'<img alt="{esc(words)}" width="{meta["image/png"]["width"]}" '
                                 f'src="data:image/png;base64,{data.pop("image/png")}">')
    return data, meta


def text_extents(fig, dpi=PNG_DPI) -> list:
    """(text line, drawn extent in pixels, labelled box in pixels or None) for every text of a board
    figure, at `dpi`: the TextLayers' texts and ordinary Text artists (which label no box)."""
    out = []
    for ax in fig.axes:
        for artist in ax.get_children():
            if isinstance(artist, TextLayer):
                out += artist.extents(dpi)
        for t in ax.texts:
            if t.get_visible() and t.get_text():
                bb = t.get_window_extent(dpi=dpi)
                out.append((t.get_text(), (bb.x0, bb.y0, bb.x1, bb.y1), None))
    return out


def overflows(fig, dpi=PNG_DPI, tolerance: float = 0.5) -> list:
    """Sentences naming every text of a board figure whose drawn extent leaves the box it labels (or the
    figure, for a text that labels no box): empty when every label fits."""
    fw, fh = fig.get_size_inches() * dpi
    figure = (0, 0, fw, fh)
    problems = []
    for line, (x0, y0, x1, y1), box in text_extents(fig, dpi):
        bx0, by0, bx1, by1 = box if box is not None else figure
        if x0 < bx0 - tolerance or y0 < by0 - tolerance or x1 > bx1 + tolerance or y1 > by1 + tolerance:
            where = "its box" if box is not None else "the figure"
            problems.append(f"{line!r} ({x0:.0f}..{x1:.0f} x {y0:.0f}..{y1:.0f} px) leaves {where} "
                            f"({bx0:.0f}..{bx1:.0f} x {by0:.0f}..{by1:.0f} px)")
    return problems


class LayeredBoard(PngMixin):
    """A board drawn in two layers, for fast redraws: the static layer (grids, frames, legends: what
    depends only on the layout, e.g. the number of seats) is built once per layout; `update(state)`
    removes the few artists of the dynamic layer and draws the new ones.

    A subclass sets `self.fig`, `self.ax`, calls `self._start_layers()` then `self.update(state)`, and
    defines `layout(state)` (a hashable), `_static(state)` and `_dynamic(state)`. Both of these queue
    texts with `self._t(...)` and shapes in lists: `_under` (below everything), `_patches`, `_hatched`
    (drawn with `HATCH`), `_front` (pieces) and `_lines` ((segment, width) pairs, colour `LINE_COLOUR`);
    `_flush_extra(static, out)` may add more artists (append them to `out`), and artists the subclass
    adds to the axes itself (e.g. with `ax.plot`) while drawing the dynamic layer go in `_own` so the
    next update removes them. Zorders: under 0.5, patches `PATCH_Z` (static, dynamic), hatched
    `HATCH_Z`, lines 2, front 3, texts 10 (static) / 11 (dynamic).
    """

    LINESPACING = 1.3
    HATCH = "///"
    HATCH_Z = 1.6
    PATCH_Z = (1, 2)
    LINE_COLOUR = "#333333"

    def _start_layers(self):
        if isinstance(self.fig, BoardFigure):
            self.fig.board = self  # the figure shows itself as this board (BoardFigure._repr_mimebundle_)
        self._layout = None
        self._dyn: list = []
        self._static_layer = None
        self.state = None

    def layout(self, state):
        return len(state.players)

    def update(self, state):
        """Redraw for `state` (the static layer is reused while the layout is the same)."""
        for a in self._dyn:
            a.remove()
        self._dyn = []
        layout = self.layout(state)
        if layout != self._layout:
            self.ax.clear()
            self._begin()
            self._static(state)
            self._static_layer = self._flush(static=True)[-1]
            self._layout = layout
        self.state = state
        self._begin()
        self._dynamic(state)
        self._dyn = self._flush(static=False)
        return self.fig

    @property
    def texts(self) -> list:
        """Every text on the board, static layer first (for tests and for reading the board as words)."""
        return self._static_layer.texts + self._texts.texts

    def _begin(self):
        self._texts = TextLayer(linespacing=self.LINESPACING)
        self._under, self._patches, self._hatched, self._front, self._lines, self._own = [], [], [], [], [], []

    def _t(self, x, y, s, size=8, weight="normal", color="black", ha="left", va="center", style="normal", box=None):
        self._texts.add(x, y, s, size, weight, color, ha, va, style, box)

    def _flush(self, static):
        """Add what was queued as a few artists; returns them, the text layer last."""
        ax, out = self.ax, list(self._own)
        for patches, z, extra in ((self._under, 0.5, {}), (self._patches, self.PATCH_Z[0 if static else 1], {}),
                                  (self._hatched, self.HATCH_Z, {"hatch": self.HATCH})):
            coll = add_patches(ax, patches, zorder=z, **extra)
            if coll is not None:
                out.append(coll)
        if self._lines:
            segs, widths = zip(*self._lines)
            out.append(ax.add_collection(LineCollection(segs, colors=self.LINE_COLOUR, linewidths=widths,
                                                        capstyle="round", zorder=2), autolim=False))
        coll = add_patches(ax, self._front, zorder=3)
        if coll is not None:
            out.append(coll)
        self._flush_extra(static, out)
        self._texts.set_zorder(10 if static else 11)
        out.append(ax.add_artist(self._texts))
        return out

    def _flush_extra(self, static, out):
        """Hook: add more artists of this layer (e.g. scatter markers) to the axes and to `out`."""


def png_bytes(fig, dpi: int = PNG_DPI) -> bytes:
    """The figure as PNG bytes (no timestamp or software tag: same figure, same bytes).

    The pixels are exactly those of `fig.savefig(format="png", dpi=dpi)`, written without Pillow: the
    Agg buffer is stored with PNG filter 0 and zlib level 1, which takes about a third of the time of
    Pillow's per-row filter search for a file a few per cent larger (a board is re-encoded at every
    click; tests/widgets/test_board_layout.py compares the pixels with savefig's)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    canvas = fig.canvas if isinstance(fig.canvas, FigureCanvasAgg) else FigureCanvasAgg(fig)
    old = fig.dpi
    fig.dpi = dpi
    try:
        canvas.draw()
        pixels = np.asarray(canvas.buffer_rgba())
    finally:
        fig.dpi = old
    h, w, _ = pixels.shape
    rows = np.zeros((h, w * 4 + 1), np.uint8)  # each row starts with its filter type, 0 = none
    rows[:, 1:] = pixels.reshape(h, -1)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + _chunk(b"IDAT", zlib.compress(rows.tobytes(), 1)) + _chunk(b"IEND", b""))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
