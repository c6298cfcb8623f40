"""The Ruins of Mars board as one matplotlib diagram.

>>> import mars_rules
>>> from widgets.ruins_of_mars import Board, draw
>>> state = mars_rules.load("ruins_of_mars").new_game(players=2, seed=7, characters="deal")
>>> fig = draw(state)            # a matplotlib Figure of the whole position
>>> board = Board(state)         # the same, kept for fast redraws: board.update(next_state)
>>> len(board.png()) > 1000      # PNG bytes (a Board shows itself as a PNG in a notebook)
True

What is drawn, left to right and top to bottom:

- the header: turn, the step in progress, who decides, how many Languages are mastered; below it what is
  pending in the turn and whether the end of the game is triggered;
- the Planet: the five Sites in their row (number, name, Action with the printed Radiation beside it,
  Wrench bonus), the Rover (the Active Site is boxed in black and shaded once the Rover is placed this
  turn), and below each Site its column of Action tiles, top to bottom, each with its id and icons; the
  last line of each Site counts the icons of its column (what an Action there would give now); during a
  reallocation the face-down tiles still to deal and the Site that receives the next one;
- the Language board: five tracks (red, orange, green, blue, star), spaces 0..9 (the A and B spaces and
  the Capstone in bold) with the PP of each space above them, and every player's marker (a shape and a
  seat number);
- the Tech display: 3 Levels x 4 face-up Techs with the Oxygen added to the price beside each row, and
  each deck's size (+4 Oxygen to search it);
- one panel per seat (the player to move framed in vermillion): character, resources (a pip for each
  of the 7 a player may hold: fewer under a lower ``resource_cap`` option),
  Hourglasses, Language PP, Radiation (marked when it is the most), the provisional PP, and the 3x3 Tech
  board with each Tech's Classification letter and id (and, when two panels share the width, its name and
  reward) and the bonus a complete row scores; the solo AI's face-down Techs show the cost on their backs.

The board is 12.5 x 10.05 inches: it fits a notebook column at its intended size (72 CSS pixels an inch),
and no text on it is smaller than 8 points.

Colours are the Okabe-Ito colour-blind-safe palette, and every colour comes with a letter or a shape:
icons carry R, O, G, B (Fuel/red, Parts/orange, Plans/green, Oxygen/blue), a star, W (Wrench) or the
radiation sign; players are a circle, square, triangle and diamond with their seat number.

The values the rulebook does not print (tile icons, Site Actions, track PP, A/B spaces, Tech cards)
are the engine's ASSUMED data (`mars_rules.ruins_of_mars.data`); the board draws whatever the state
carries, so a game started with your own `tiles=` or `cards=` is drawn with them, and a variant game
with its rule options (`state.options`: the Radiation printed on the Sites, the A and B spaces, the
Oxygen beside the display and the deck, the resource cap, the Language track PP, the row bonuses and the
Radiation penalty of the most).
"""
from __future__ import annotations

import numpy as np
from matplotlib.collections import PathCollection
from matplotlib.markers import MarkerStyle
from matplotlib.patches import FancyBboxPatch, Rectangle
from matplotlib.backends.backend_agg import RendererAgg
from matplotlib.transforms import IdentityTransform

from mars_rules import CHANCE
from mars_rules.ruins_of_mars import data
from mars_rules.ruins_of_mars.describe import turn_pending
from mars_rules.ruins_of_mars.scoring import language_pp, row_bonus

from .boardkit import (HIGHLIGHT, OKABE_ITO, PNG_DPI, LayeredBoard, TextLayer, board_axes, fit_text, font,
                       text_width)

W, H = 12.5, 10.05
"""Drawing units (inches at the default size)."""
FIGSIZE = (W, H)

# Okabe-Ito palette (colour-blind safe)
ICON_COLOUR = {"R": OKABE_ITO["vermillion"], "O": OKABE_ITO["orange"], "G": OKABE_ITO["green"],
               "B": OKABE_ITO["blue"], "S": OKABE_ITO["purple"], "W": "#8C8C8C", "X": OKABE_ITO["yellow"]}
ICON_LABEL = {"R": "R", "O": "O", "G": "G", "B": "B", "S": "★", "W": "W", "X": "☢"}
ICON_TEXT = {"R": "white", "O": "black", "G": "white", "B": "white", "S": "black", "W": "white", "X": "black"}
TRACK_LETTERS = ("R", "O", "G", "B", "S")
RES_LETTERS = ("R", "O", "G", "B")
RES_SHORT = ("Fuel", "Parts", "Plans", "Oxy")
PLAYER_FACE = ("#222222", "#FFFFFF", OKABE_ITO["sky"], OKABE_ITO["yellow"])
PLAYER_TEXT = ("white", "black", "black", "black")
PLAYER_MARKER = ("o", "s", "^", "D")
PLAYER_SHAPE = ("circle", "square", "triangle", "diamond")
ACTIVE_FILL = "#FFF1C1"
PANEL_FILL = "#F7F7F7"
GRID = "#B0B0B0"
ACTIVE_STEPS = ("transfer", "radiation", "wrench", "action", "replicate", "reallocate", "pass_rover")
WRENCH_TEXT = ("roll the die: 1-3 HG", "+1 any resource", "+1 on any track", "+1 Hourglass", "-1 Radiation")
STEP_TITLE = {"first_player": "Setup: first player", "choose_character": "Setup: Characters",
              "start_of_turn": "Start of the turn", "solo_reallocation": "Solo: extra reallocation",
              "place_rover": "Step 1: Place the Rover", "transfer": "Step 2: Transfer 1 Action tile",
              "radiation": "Step 3: Take Radiation", "wrench": "Step 4: Use Wrench bonus",
              "action": "Step 5: Take the Site's Action", "replicate": "Step 6: Replicate 1 Tech",
              "reallocate": "Step 7: Reallocate the Action tiles", "pass_rover": "Step 8: Pass the Rover",
              "game_over": "End of the game"}

# layout (drawing units); the board fits a notebook column (boardkit.COLUMN_PX) and no text is smaller
# than boardkit.MIN_FONT_PT at the default size
MARGIN = 0.06
SITE_W, SITE_GAP, SITE_X0 = 1.33, 0.06, MARGIN
PLANET_W = 5 * SITE_W + 4 * SITE_GAP
SITE_TOP, SITE_BOTTOM = 9.03, 7.85
TITLE_Y = SITE_TOP + 0.35                       # the section titles (Planet, Language tracks)
TILE_TOP, TILE_BOTTOM = 7.73, 2.97
TILE_H, TILE_GAP = 0.40, 0.05
LEGEND_Y = 2.78
RIGHT_X0 = SITE_X0 + PLANET_W + 0.17            # the Language board and the Tech display
RIGHT_W = W - MARGIN - RIGHT_X0
LANG_X0, LANG_LABEL_W, LANG_ROW_H = RIGHT_X0, 0.82, 0.46
LANG_CELL_W = (RIGHT_W - LANG_LABEL_W) / 10
LANG_SPACE_Y, LANG_PP_Y, LANG_TOP = SITE_TOP + 0.12, SITE_TOP - 0.05, SITE_TOP - 0.15
TECH_X0, TECH_LABEL_W, TECH_ROW_H = RIGHT_X0, 0.50, 0.64
TECH_CELL_W = (RIGHT_W - TECH_LABEL_W) / 3
TECH_TOP = LANG_TOP - 5 * LANG_ROW_H - 0.75
PANEL_TOP, PANEL_BOTTOM = 2.58, MARGIN
PANEL_ROW = 0.245                                # the line spacing inside a player panel
MARKER_SCALE = (1.0, 0.8, 1.4, 0.95)             # marker areas per shape, so every seat number fits its shape


_SHAPES: dict = {}
"""Boxes already built: (x, y, w, h, rounding, face, edge, line width, line style) -> (path in drawing units,
face RGBA, edge RGBA, line width, line style, antialiased), what a PatchCollection takes from that patch.
A redraw reuses them instead of building (and rounding) the same patches again."""
_MARKERS: dict = {}
"""Marker paths (as `Axes.scatter` makes them), one per marker letter."""


def _shape(x, y, w, h, round_, facecolor, edgecolor, linewidth, linestyle):
    """The cached shape of one box (see `_SHAPES`)."""
    key = (x, y, w, h, round_, facecolor, edgecolor, linewidth, linestyle)
    hit = _SHAPES.get(key)
    if hit is None:
        if len(_SHAPES) > 20000:
            _SHAPES.clear()
        if round_:
            p = FancyBboxPatch((x, y), w, h, boxstyle=f"round,pad=0,rounding_size={round_}", facecolor=facecolor,
                               edgecolor=edgecolor, linewidth=linewidth, linestyle=linestyle)
        else:
            p = Rectangle((x, y), w, h, facecolor=facecolor, edgecolor=edgecolor, linewidth=linewidth,
                          linestyle=linestyle)
        hit = _SHAPES[key] = (p.get_transform().transform_path(p.get_path()),
                              p.get_facecolor() if p.get_fill() else (0, 0, 0, 0), p.get_edgecolor(),
                              p.get_linewidth(), p.get_linestyle(), p.get_antialiased())
    return hit


_ADVANCES: dict = {}
"""Advance width (pixels at 72 dpi) of one character: (character, size, weight, style) -> width."""
_PROBE: list = []


def _estimate(text, size, weight="normal", style="normal") -> float:
    """The width in inches of one line of text from the cached widths of its characters: at most about
    0.02 in less than the exact width (`boardkit.text_width`), and found without laying out or
    rasterising the line, which matters for texts that change at every click (the header, the status)."""
    if not _PROBE:
        _PROBE.append(RendererAgg(4, 4, PNG_DPI))
    total = 0.0
    for ch in text:
        key = (ch, size, weight, style)
        w = _ADVANCES.get(key)
        if w is None:
            w = _ADVANCES[key] = _PROBE[0].get_text_width_height_descent(ch, font(size, weight, style),
                                                                         ismath=False)[0]
        total += w
    return total / PNG_DPI


def _marker_path(marker):
    path = _MARKERS.get(marker)
    if path is None:
        style = MarkerStyle(marker)
        path = _MARKERS[marker] = style.get_path().transformed(style.get_transform())
    return path


class _FlowLayer(TextLayer):
    """A TextLayer in which a text added with ha="after" starts where the text before it ends, as drawn at
    the renderer's resolution: a line made of pieces joins exactly at every resolution, and each piece is
    a sprite of its own (the board's title changes at almost every click, its pieces seldom)."""

    _end = 0.0

    def _lines(self, x, y, text, size, weight, style, color, ha, va, dpi):
        if ha == "after":
            x, ha = self._end, "left"
        for item in super()._lines(x, y, text, size, weight, style, color, ha, va, dpi):
            self._end = item[1] + item[3]  # left + width, in pixels
            yield item


def _site_x(i):
    return SITE_X0 + i * (SITE_W + SITE_GAP)


def _nth(n):
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def _tint(colour, amount):
    """`colour` mixed with white (amount 0 = white, 1 = the colour)."""
    from matplotlib.colors import to_rgb
    return tuple(1 - amount * (1 - c) for c in to_rgb(colour))


def reward_ai(card) -> str:
    """The face of a revealed solo AI Tech in a few characters."""
    if card.pp:
        return f"{card.pp} PP"
    if card.hourglass:
        return f"+{card.hourglass} HG"
    if card.language >= 0:
        return f"+{card.steps} {data.LANGUAGES[card.language]}"
    return "-"


def reward_short(card) -> str:
    """A Tech's reward in a few characters (the board's cards are small)."""
    if card.kind == "end_game":
        return f"{card.pp} PP at end"
    if card.kind == "one_time":
        if card.hourglass:
            return f"now: +{card.hourglass} HG"
        return f"now: +{card.steps} {data.LANGUAGES[card.language]}"
    effect = data.effect_text(card.effect, short=True)
    if card.kind == "free_ability":
        return ("free, start: " if card.trigger == "start_of_turn" else "free, after: ") + effect
    return "1 HG: " + effect


def cost_short(cost) -> str:
    return " ".join(f"{n}{RES_SHORT[i][:2] if i else 'F'}" for i, n in enumerate(cost) if n) or "free"


def icon_counts(state, site) -> dict:
    """Icons of the Action tiles below `site`: {letter: count} (Step 5 counts all of them)."""
    counts: dict = {}
    for t in state.sites[site]:
        for ch in state.tiles[t]:
            counts[ch] = counts.get(ch, 0) + 1
    return counts


def gain_line(state, site) -> str:
    """What the Site's Action gives with the tiles there now (icons counted), plus Wrenches and Radiation."""
    return " ".join(gain_parts(state, site)) or "nothing"


def gain_parts(state, site) -> list:
    """The items of `gain_line` (e.g. "2F", "1 any", "W×1", "☢2"): the board breaks its line between them."""
    c = icon_counts(state, site)
    parts = []
    if data.SITE_ACTION[site] == "discover":
        parts += [f"{c[k]}{RES_SHORT[i][:2] if i else 'F'}" for i, k in enumerate(RES_LETTERS) if c.get(k)]
        if c.get("S"):
            parts.append(f"{c['S']} any")
    else:
        parts += [f"{k if k != 'S' else '★'}+{c[k]}" for k in TRACK_LETTERS if c.get(k)]
    if c.get("W"):
        parts.append(f"W×{c['W']}")
    rad = c.get("X", 0) + state.options.site_radiation[site]
    if rad:
        parts.append(f"☢{rad}")
    return parts


def turn_status(s) -> str:
    """What is pending in the turn, in a few words (Wrench uses left, stars to choose, a deck being
    searched, the solo die)."""
    words = {
        "wrench": lambda n: f"{n} Wrench use{'s' if n != 1 else ''} left",
        "stars": lambda n: f"{n} star{'s' if n != 1 else ''} to choose",
        "transferred": lambda n: f"{n} tile{'s' if n != 1 else ''} transferred",
        "searching": lambda level: f"searching the Level {level} deck",
        "replicated": lambda _: "Tech replicated this turn",
        "used": lambda keys: "used: " + ", ".join(_used_name(s, u) for u in keys),
        "solo_die": lambda face: f"solo die: {face} ({'no Site' if face == 6 else data.SITES[face - 1]})",
    }
    return "  ·  ".join(words[kind](value) for kind, value in turn_pending(s))


def _used_name(s, key) -> str:
    """An ability used this turn, from its key in `state.used`."""
    if key in ("char", "char2"):
        return s.boards[s.current].character or "Character"
    kind, _, card = key.partition(":")
    return {"tech": card, "free": f"{card} (free)", "eng": f"Engineer on {card}", "stow": "Stowaway"}.get(
        kind, key) if card or kind == "stow" else key


tech_row_bonus = row_bonus
"""Points the complete `row` of `seat`'s Tech board scores (Final Scoring), None if incomplete: the
scoring module's own function."""


class Board(LayeredBoard):
    """The whole position as one figure: `Board(state)`, `.fig`, `.update(state)`, `.png()`.

    The static parts (Site boxes, track grid, display frame, panel frames) are built once per layout
    (number of seats); `update` replaces the few dynamic artists (one patch collection, the markers,
    one text layer). Texts are blitted from a cache of rendered sprites, which keeps a redraw fast.
    Every label inside a box names that box (`box=`), so a test can check that it stays inside.
    """

    CLICK_SCALE = 2
    """Pixels per CSS pixel of the board the Explorer renders after a click: the highest of 1, 1.5 and 2 whose
    click stays under 80 ms in benchmarks/bench_redraw.py (about 53 ms at 2, with boardkit's PNG writer)."""

    def __init__(self, state, ax=None, figsize=None):
        self.fig, self.ax = board_axes(ax, figsize or FIGSIZE, rect=(0, 0, 1, 1), dpi=PNG_DPI)
        # texts and markers are sized in points: scale them with the drawing (1 at the default size)
        box = self.ax.get_position()
        width, height = self.fig.get_size_inches()
        self._k = round(min(box.width * width / W, box.height * height / H), 3)
        self._start_layers()
        self.update(state)

    def layout(self, state):
        """The static layer depends on the seats (and on the solo AI's panel) and on the rule options it
        prints: the Radiation on the Sites, the A and B spaces and the PP of the tracks, the Oxygen beside the
        display."""
        o = state.options
        return (len(state.players), bool(state.solo), o.site_radiation, o.space_a, o.space_b, o.display_oxygen,
                o.deck_oxygen, o.track_pp)

    # ----- helpers -----------------------------------------------------------------------------------------
    def _begin(self):
        super()._begin()
        self._texts = _FlowLayer(linespacing=self.LINESPACING)
        self._marks, self._pips = [], []
        self._shapes_under, self._shapes = [], []

    def _flush_extra(self, static, out):
        """The boxes as one collection per layer (from cached shapes), the resource pips and the players'
        markers as point collections (what `Axes.scatter` would build, without its argument parsing)."""
        ax = self.ax
        for shapes, zorder in ((self._shapes_under, 0.5), (self._shapes, self.PATCH_Z[0 if static else 1])):
            if shapes:
                paths, faces, edges, widths, styles, aa = zip(*shapes)
                coll = PathCollection(list(paths), facecolors=list(faces), edgecolors=list(edges),
                                      linewidths=list(widths), linestyles=list(styles), antialiaseds=list(aa),
                                      zorder=zorder)  # lists, as PatchCollection passes them
                ax.add_collection(coll, autolim=False)
                out.append(coll)
        if self._pips:
            xs, ys, cs = zip(*self._pips)
            out.append(self._points(xs, ys, [44 * self._k ** 2], "s", cs, "#444444", 0.5, 3))
        for seat in sorted({m[2] for m in self._marks}):
            pts = [m for m in self._marks if m[2] == seat]
            area = MARKER_SCALE[seat % 4] * self._k ** 2
            out.append(self._points([m[0] for m in pts], [m[1] for m in pts], [m[3] * area for m in pts],
                                    PLAYER_MARKER[seat % 4], [PLAYER_FACE[seat % 4]], "black", 0.9, 5))

    def _points(self, xs, ys, sizes, marker, faces, edge, linewidth, zorder):
        """Markers of `sizes` (points squared) centred on (xs, ys), as one collection."""
        coll = PathCollection((_marker_path(marker),), np.asarray(sizes, dtype=float),
                              facecolors=faces, edgecolors=edge, linewidths=linewidth,
                              offsets=np.column_stack([xs, ys]), offset_transform=self.ax.transData, zorder=zorder)
        coll.set_transform(IdentityTransform())
        self.ax.add_collection(coll, autolim=False)
        return coll

    def _t(self, x, y, s, fontsize=8, fontweight="normal", style="normal", color="black", ha="left",
           va="center", box=None):
        """Queue a text; `box` = (x0, y0, x1, y1) is the box it labels (checked by the layout test)."""
        self._texts.add(x, y, s, round(fontsize * self._k, 2), fontweight, color, ha, va, style, box)

    def _width(self, text, fontsize, fontweight="normal", style="normal") -> float:
        """Width of one line of text in drawing units, as the board draws it (at 1x: text is a little
        narrower at higher resolutions)."""
        k = self._k
        return text_width(text, round(fontsize * k, 2), fontweight, style) / k

    def _fits(self, text, fontsize, width, fontweight="normal", style="normal") -> bool:
        """True when one line of text surely fits `width` drawing units (an estimate with a margin: a text
        close to the limit is measured exactly by the caller)."""
        return _estimate(text, round(fontsize * self._k, 2), fontweight, style) / self._k + 0.05 <= width

    def _fit(self, text, fontsize, width, fontweight="normal", style="normal") -> str:
        """`text` cut with "…" to at most `width` drawing units (only custom names and texts are that long)."""
        if self._fits(text, fontsize, width, fontweight, style):
            return text
        k = self._k
        return fit_text(text, round(fontsize * k, 2), width * k, fontweight, style)

    def _wrap(self, text, fontsize, width, fontweight="normal", style="normal", words=None) -> str:
        """`text` on one line if it is at most `width` drawing units wide, else broken between two of its
        `words` (default: at a space): after a colon or comma when both lines then fit, else where the
        longer of the two lines is shortest (each line cut with "…" if it is still too wide)."""
        words = text.split(" ") if words is None else words
        if self._fits(text, fontsize, width, fontweight, style):
            return text
        if len(words) < 2 or self._width(text, fontsize, fontweight, style) <= width:
            return self._fit(text, fontsize, width, fontweight, style)
        splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
        k = self._k
        longer = {ab: max(_estimate(t, round(fontsize * k, 2), fontweight, style) for t in ab) for ab in splits}
        a, b = min(splits, key=lambda ab: (not (ab[0][-1] in ":;," and longer[ab] / k + 0.05 <= width), longer[ab]))
        return self._fit(a, fontsize, width, fontweight, style) + "\n" + self._fit(b, fontsize, width, fontweight,
                                                                                    style)

    def _box(self, x, y, w, h, round_=0.04, facecolor="white", edgecolor=GRID, linewidth=0.8,
             linestyle="solid", under=False):
        (self._shapes_under if under else self._shapes).append(
            _shape(x, y, w, h, round_, facecolor, edgecolor, linewidth, linestyle))

    def _icon(self, x, y, letter, r=0.11, fontsize=8):
        """One icon: a coloured disc with its letter (or a star / radiation sign); W is a rounded square."""
        self._shapes.append(_shape(x - r, y - r, 2 * r, 2 * r, 0.05 if letter == "W" else r, ICON_COLOUR[letter],
                                   "black", 0.6, "solid"))
        self._t(x, y, ICON_LABEL[letter], fontsize=fontsize, color=ICON_TEXT[letter], fontweight="bold",
                ha="center", box=(x - r, y - r, x + r, y + r))

    def _marker(self, x, y, seat, size=150, box=None):
        """A player's marker (shape and colour of the seat) with the seat number on it."""
        self._marks.append((x, y, seat, size))
        self._t(x, y - (0.025 if PLAYER_MARKER[seat % 4] == "^" else 0), str(seat + 1), ha="center",
                fontsize=8, fontweight="bold", color=PLAYER_TEXT[seat % 4], box=box)

    # ----- the static layer --------------------------------------------------------------------------------
    def _static(self, state):
        ax = self.ax
        ax.set_xlim(0, W)
        ax.set_ylim(0, H)
        ax.set_aspect("equal")
        ax.set_axis_off()
        self._static_planet(state.options)
        self._static_tracks(state.options)
        self._static_display(state.options)
        self._static_panels(state)

    def _static_planet(self, rules):
        self._t(SITE_X0, TITLE_Y, "Planet: Sites, Rover and Action tiles", fontsize=9.5, fontweight="bold")
        for i, name in enumerate(data.SITES):
            x = _site_x(i)
            box = (x, SITE_BOTTOM, x + SITE_W, SITE_TOP)
            self._t(x + 0.06, SITE_TOP - 0.14, f"{i + 1}", fontsize=8, color="#555555", box=box)
            self._t(x + SITE_W / 2, SITE_TOP - 0.14, self._fit(name, 10, SITE_W - 0.3, "bold"), ha="center",
                    fontsize=10, fontweight="bold", box=box)
            action = data.SITE_ACTION[i]
            self._t(x + SITE_W / 2, SITE_TOP - 0.37, action.upper(), ha="center", fontsize=8.5,
                    color="#0072B2" if action == "decipher" else "#8B4000", fontweight="bold", box=box)
            for j in range(rules.site_radiation[i]):  # the printed Radiation, on the Action's line
                self._icon(x + SITE_W - 0.15 - 0.21 * j, SITE_TOP - 0.37, "X", r=0.095)
            text = self._wrap(WRENCH_TEXT[i], 8, SITE_W - 0.33)
            y = SITE_TOP - (0.64 if "\n" in text else 0.61)
            self._icon(x + 0.15, y, "W", r=0.09)
            self._t(x + 0.29, y, text, fontsize=8, box=box)
        legend = [("R", "Fuel/red"), ("O", "Parts/orange"), ("G", "Plans/green"), ("B", "Oxygen/blue"),
                  ("S", "any/star"), ("W", "Wrench"), ("X", "Radiation")]
        widths = [0.28 + self._width(text, 8) for _, text in legend]
        gap = min(0.3, (PLANET_W - sum(widths)) / (len(legend) - 1))
        x = SITE_X0
        for (letter, text), w in zip(legend, widths):
            self._icon(x + 0.09, LEGEND_Y, letter, r=0.09)
            self._t(x + 0.24, LEGEND_Y, text, fontsize=8)
            x += w + gap

    def _static_tracks(self, rules):
        self._t(LANG_X0, TITLE_Y, "Language tracks: PP per space; A, B and the Capstone", fontsize=9.5,
                fontweight="bold")
        gx = LANG_X0 + LANG_LABEL_W
        self._t(LANG_X0 + 0.04, LANG_SPACE_Y, "space", fontsize=8, color="#555555")
        self._t(LANG_X0 + 0.04, LANG_PP_Y, "PP", fontsize=8, color="#555555")
        special_spaces = (rules.space_a, rules.space_b, data.CAPSTONE)
        for k in range(data.CAPSTONE + 1):
            label = "Cap" if k == data.CAPSTONE else "A/B" if k == rules.space_a == rules.space_b else \
                "A" if k == rules.space_a else "B" if k == rules.space_b else str(k)
            special = k in special_spaces
            cx = gx + (k + 0.5) * LANG_CELL_W
            self._t(cx, LANG_SPACE_Y, label, ha="center", fontsize=8, fontweight="bold" if special else "normal",
                    color="black" if special else "#555555")
            self._t(cx, LANG_PP_Y, str(rules.track_pp[k]), ha="center", fontsize=8, color="#333333")
        for t, lang in enumerate(data.LANGUAGES):
            y = LANG_TOP - (t + 1) * LANG_ROW_H
            letter = TRACK_LETTERS[t]
            self._icon(LANG_X0 + 0.13, y + LANG_ROW_H / 2, letter, r=0.11)
            self._t(LANG_X0 + 0.29, y + LANG_ROW_H / 2, self._fit(lang, 8, LANG_LABEL_W - 0.32), fontsize=8,
                    box=(LANG_X0, y, gx, y + LANG_ROW_H))
            for k in range(data.CAPSTONE + 1):
                special = k in special_spaces
                self._box(gx + k * LANG_CELL_W, y, LANG_CELL_W, LANG_ROW_H, round_=0,
                          facecolor=_tint(ICON_COLOUR[letter], 0.34 if special else 0.16), edgecolor="none")
                self._box(gx + k * LANG_CELL_W, y, LANG_CELL_W, LANG_ROW_H, round_=0,
                          facecolor="none", edgecolor="#333333" if special else GRID,
                          linewidth=1.4 if k == data.CAPSTONE else 0.6)

    def _static_display(self, rules):
        self._t(TECH_X0, TECH_TOP + 0.55, "Tech display (price = cost + Oxygen beside the row)",
                fontsize=9.5, fontweight="bold")
        cx = TECH_X0 + TECH_LABEL_W
        rows = [(TECH_TOP + 0.01, TECH_TOP + 0.24, rules.deck_oxygen)]
        rows += [(TECH_TOP - (k + 1) * TECH_ROW_H, TECH_TOP - k * TECH_ROW_H, ox)
                 for k, ox in enumerate(rules.display_oxygen)]
        for y0, y1, ox in rows:  # the Oxygen added to the price: searching a deck, then each row
            y = (y0 + y1) / 2
            self._icon(TECH_X0 + 0.12, y, "B", r=0.1)
            self._t(TECH_X0 + 0.26, y, f"+{ox}", fontsize=9, fontweight="bold", box=(TECH_X0, y0, cx, y1))
        for lv in range(3):
            self._t(cx + (lv + 0.5) * TECH_CELL_W, TECH_TOP + 0.33, f"Level {lv + 1}", ha="center",
                    fontsize=8.5, fontweight="bold")

    def _static_panels(self, state):
        n = len(state.players)
        self._pw = (W - 2 * MARGIN + 0.08) / n
        g = self._geom()
        for p in range(n):
            x = MARGIN + p * self._pw
            box = self._panel_box(p)
            self._box(x, PANEL_BOTTOM, self._pw - 0.08, PANEL_TOP - PANEL_BOTTOM, facecolor=PANEL_FILL,
                      edgecolor=GRID, round_=0.06)
            self._marker(x + 0.2, PANEL_TOP - 0.2, p, size=170, box=box)
            for r, name in enumerate(data.RESOURCES):
                y = PANEL_TOP - 0.5 - r * PANEL_ROW
                self._icon(x + 0.2, y, RES_LETTERS[r], r=0.1)
                if g["names"]:
                    self._t(x + 0.36, y, name, fontsize=8, box=box)
            gx0 = x + g["grid"]
            for lv in range(3):
                self._t(gx0 + (lv + 0.5) * g["cw"], PANEL_TOP - 0.33, f"L{lv + 1}", ha="center", fontsize=8,
                        color="#555555", box=box)
            for row in range(3):
                self._t(gx0 - 0.05, PANEL_TOP - 0.44 - (row + 0.5) * g["ch"], str(row + 1), ha="right",
                        fontsize=8, color="#555555", box=box)

    # ----- the dynamic layer -------------------------------------------------------------------------------
    def _dynamic(self, s):
        self._header(s)
        self._planet(s)
        self._tracks(s)
        self._display(s)
        totals = s.score().totals
        most = max(b.radiation for b in s.boards)
        for p in range(len(s.players)):
            self._panel(s, p, totals[p], most)

    def _header(self, s):
        if s.to_move is None:
            who = "game over"
            win = s.winners()
            if win:
                who += ": " + " and ".join(s.players[w] for w in win) + (" win" if len(win) > 1 else " wins")
        elif s.to_move == CHANCE:
            who = "chance decides"
        else:
            who = f"to move: {s.players[s.to_move]}"
        mastered = sum(1 for t in range(5) if any(b.languages[t] == data.CAPSTONE for b in s.boards))
        right = f"Languages mastered: {mastered} (a {_nth(s.options.end_languages)} ends the game)"
        if s.variant():  # the rule options that differ from the rulebook (the score sheet says it too)
            right = self._fit(f"Variant: {s.variant()}", 9, 1.9) + "  ·  " + right
        self._t(W - 0.1, H - 0.2, right, ha="right", fontsize=9, color="#333333")
        pieces = (f"Ruins of Mars  ·  turn {s.turn}", f"  ·  {STEP_TITLE.get(s.step, s.step)}", f"  ·  {who}")
        title, room = "".join(pieces), W - 0.5 - self._width(right, 9)
        if s.to_move is None or not self._fits(title, 11.5, room, "bold"):
            # one text: the final position (drawn once), or a title too long for its line, cut with "…"
            self._t(0.1, H - 0.2, self._fit(title, 11.5, room, "bold"), fontsize=11.5, fontweight="bold")
        else:
            # in three texts, each rasterised once and reused, so that a click seldom rasterises a new one
            # (a whole new title costs a tenth of a click at 2x); each starts where the one before ends
            for k, piece in enumerate(pieces):
                self._t(0.1, H - 0.2, piece, fontsize=11.5, fontweight="bold", ha="after" if k else "left")
        end = ""
        if s.end_turns >= 0 and s.to_move is not None:
            end = f"END TRIGGERED: {s.end_turns} final turn{'s' if s.end_turns != 1 else ''} left"
            self._t(W - 0.1, H - 0.43, end, ha="right", fontsize=9, color="#B00020", fontweight="bold")
        status = turn_status(s)
        if status:
            room = W - 0.2 - (self._width(end, 9, "bold") + 0.3 if end else 0)
            self._t(0.1, H - 0.43, self._fit(status, 8.5, room), fontsize=8.5, color="#333333")

    def _planet(self, s):
        active = s.rover >= 0 and s.step in ACTIVE_STEPS
        for i in range(5):
            x = _site_x(i)
            is_rover = s.rover == i
            self._box(x, SITE_BOTTOM, SITE_W, SITE_TOP - SITE_BOTTOM, facecolor=ACTIVE_FILL if (is_rover and active)
                      else "white", edgecolor="black" if is_rover else GRID,
                      linewidth=3.0 if (is_rover and active) else 1.6 if is_rover else 0.8, under=True)
            line = self._wrap(gain_line(s, i), 8, SITE_W - 0.12, words=gain_parts(s, i))
            self._t(x + SITE_W / 2, SITE_BOTTOM + (0.2 if "\n" in line else 0.14), line, ha="center", fontsize=8,
                    color="#222222", box=(x, SITE_BOTTOM, x + SITE_W, SITE_TOP))
            if is_rover:
                label = "▼ ROVER · Active Site" if active else "▼ Rover (last turn)"
                half = self._width(label, 8, "bold") / 2  # centred over the Site, kept above the planet
                cx = min(max(x + SITE_W / 2, SITE_X0 + half), SITE_X0 + PLANET_W - half)
                self._t(cx, SITE_TOP + 0.11, label, ha="center", fontsize=8, fontweight="bold",
                        color="black" if active else "#555555")
            col = s.sites[i]
            n = len(col) + (1 if s.facedown and s.realloc_to == i else 0)
            step = min(TILE_H + TILE_GAP, (TILE_TOP - TILE_BOTTOM) / max(1, n))
            h = min(TILE_H, step - 0.03)
            for k, t in enumerate(col):
                y = TILE_TOP - k * step - h
                self._tile(x + 0.05, y, SITE_W - 0.1, h, t, s.tiles[t])
            if s.facedown and s.realloc_to == i:
                y = TILE_TOP - len(col) * step - h
                self._box(x + 0.05, y, SITE_W - 0.1, h, facecolor="none", edgecolor="black", linestyle="--")
                self._t(x + SITE_W / 2, y + h / 2, "next tile here", ha="center", fontsize=8, style="italic",
                        box=(x + 0.05, y, x + SITE_W - 0.05, y + h))
        if s.facedown:
            box = (SITE_X0, TILE_BOTTOM - 0.05, SITE_X0 + PLANET_W, TILE_BOTTOM + 0.25)
            self._box(box[0], box[1], PLANET_W, box[3] - box[1], facecolor="#EEEEEE", edgecolor="#555555")
            n = len(s.facedown)
            # two texts: the first one repeats (and is rasterised once), the tile numbers change at every deal
            text = (f"Reallocating: {n} face-down tile{'s' if n != 1 else ''} still to deal, left to right; "
                    f"next one to the {data.SITES[s.realloc_to]}")
            tiles = f"   (tile{'s' if n != 1 else ''} {', '.join(str(t) for t in s.facedown)})"
            self._t(SITE_X0 + 0.1, TILE_BOTTOM + 0.1, text, fontsize=8, box=box)
            room = box[2] - 0.05 - (SITE_X0 + 0.1 + self._width(text, 8))  # at 1x, where text is widest
            self._t(SITE_X0 + 0.1, TILE_BOTTOM + 0.1, self._fit(tiles, 8, room), fontsize=8, color="#444444",
                    ha="after", box=box)

    def _tile(self, x, y, w, h, tid, icons):
        """An Action tile: its id and its icons (one row, or two rows for a custom tile of 4 or more)."""
        box = (x, y, x + w, y + h)
        self._box(x, y, w, h, facecolor="white", edgecolor="#444444", round_=0.05)
        self._t(x + 0.06, y + h / 2, f"#{tid}", fontsize=8, color="#555555", box=box)
        if len(icons) <= 3:
            rows, r, step = [icons], min(0.12, h / 2 - 0.05), 0.28
        else:
            half = (len(icons) + 1) // 2
            rows, r = [icons[:half], icons[half:]], min(0.085, h / 4 - 0.012)
            step = min(0.21, (w - 0.4) / half)
        for ri, row in enumerate(rows):
            dy = 0 if len(rows) == 1 else (r + 0.012) * (1 if ri == 0 else -1)
            for j, ch in enumerate(row):
                self._icon(x + 0.36 + r + j * step, y + h / 2 + dy, ch, r=r, fontsize=8.5 if r >= 0.11 else 8)

    def _tracks(self, s):
        gx = LANG_X0 + LANG_LABEL_W
        n = len(s.boards)
        dx, dy = 0.1, 0.1
        offsets = ((0, 0),) if n == 1 else ((-dx, 0), (dx, 0)) if n == 2 else \
            ((-dx, dy), (dx, dy), (-dx, -dy), (dx, -dy))
        for t in range(5):
            y = LANG_TOP - (t + 1) * LANG_ROW_H
            for p in range(n):
                k = s.boards[p].languages[t]
                ox, oy = offsets[p % len(offsets)]
                x0 = gx + k * LANG_CELL_W
                self._marker(x0 + LANG_CELL_W / 2 + ox, y + LANG_ROW_H / 2 + oy, p, size=150,
                             box=(x0, y, x0 + LANG_CELL_W, y + LANG_ROW_H))

    def _display(self, s):
        cx = TECH_X0 + TECH_LABEL_W
        tech = s.cards.tech
        for lv in range(3):
            x = cx + lv * TECH_CELL_W
            deck = len(s.decks[lv])
            searching = s.search == lv + 1 and s.step == "replicate"
            refill = s.chance == "refill_display" and s.pending == lv + 1
            bar = (x + 0.03, TECH_TOP + 0.01, x + TECH_CELL_W - 0.03, TECH_TOP + 0.24)
            self._box(bar[0], bar[1], bar[2] - bar[0], bar[3] - bar[1],
                      facecolor=ACTIVE_FILL if searching or refill else "#E8E8E8",
                      edgecolor="black" if searching or refill else GRID,
                      linewidth=1.6 if searching or refill else 0.8)
            label = f"deck: {deck} card{'s' if deck != 1 else ''}"
            if searching:
                label = f"searching {deck} card{'s' if deck != 1 else ''}"
            elif refill:
                label = f"revealing from {deck}"
            self._t(x + TECH_CELL_W / 2, (bar[1] + bar[3]) / 2, label, ha="center", fontsize=8,
                    fontweight="bold" if searching or refill else "normal", box=bar)
            for k in range(4):
                y = TECH_TOP - (k + 1) * TECH_ROW_H
                self._card(x + 0.03, y + 0.03, TECH_CELL_W - 0.06, TECH_ROW_H - 0.06, s.display[lv][k], tech)

    def _card(self, x, y, w, h, cid, tech):
        """A face-up Tech of the display: name and Classification, id and cost, reward."""
        box = (x, y, x + w, y + h)
        if cid is None:
            self._box(x, y, w, h, facecolor="none", edgecolor=GRID, linestyle=":")
            self._t(x + w / 2, y + h / 2, "empty", ha="center", fontsize=8, color="#777777", box=box)
            return
        c = tech[cid]
        self._box(x, y, w, h, facecolor="white", edgecolor="#444444")
        badge = (x + w - 0.27, y + h - 0.27, x + w - 0.03, y + h - 0.03)
        self._box(badge[0], badge[1], 0.24, 0.24, facecolor="#333333", edgecolor="none", round_=0.03)
        self._t(x + w - 0.15, y + h - 0.15, c.classification, ha="center", fontsize=9.5, fontweight="bold",
                color="white", box=badge)
        self._t(x + 0.05, y + h - 0.13, self._fit(c.name, 8, w - 0.36, "bold"), fontsize=8, fontweight="bold",
                box=box)
        self._t(x + 0.05, y + h / 2 - 0.025, self._fit(cid + "  " + cost_short(c.cost), 8, w - 0.1), fontsize=8,
                color="#333333", box=box)
        self._t(x + 0.05, y + 0.1, self._fit(reward_short(c), 8, w - 0.1, style="italic"), fontsize=8,
                color="#0B4F80", style="italic", box=box)

    def _geom(self):
        """Where things go inside a player panel: compact when 4 panels share the width (icons only,
        Radiation and score under the Tech board), wide when 2 do (the Techs with their names)."""
        inner = self._pw - 0.08
        if self._pw < 4:
            g = {"mode": "compact", "names": False, "pip": 0.37, "dpip": 0.115, "value": 1.17, "cw": 0.44,
                 "ch": 0.44}
        elif self._pw < 5:
            g = {"mode": "normal", "names": True, "pip": 0.98, "dpip": 0.15, "value": 2.04, "cw": 0.48, "ch": 0.48}
        else:
            g = {"mode": "wide", "names": True, "pip": 0.98, "dpip": 0.15, "value": 2.04,
                 "cw": min(1.3, (inner - 2.75) / 3), "ch": 0.58}
        # the Tech board's left edge; its row bonuses on the right ("+10" for the solo AI, which has a wide panel)
        g["grid"] = inner - (0.34 if g["mode"] == "wide" else 0.26) - 3 * g["cw"]
        return g

    def _panel_box(self, p):
        x = MARGIN + p * self._pw
        return (x, PANEL_BOTTOM, x + self._pw - 0.08, PANEL_TOP)

    def _panel(self, s, p, total, most):
        g = self._geom()
        b = s.boards[p]
        box = self._panel_box(p)
        x = box[0]
        ai = s.solo and p == 1
        current = s.to_move == p
        if current or (s.current == p and s.to_move is not None):
            self._box(x, PANEL_BOTTOM, self._pw - 0.08, PANEL_TOP - PANEL_BOTTOM, facecolor="none",
                      edgecolor=HIGHLIGHT if current else "black", linewidth=2.6 if current else 1.4, round_=0.06)
        name = s.players[p]
        who = "solo AI" if ai else (b.character or "no Character yet")
        tag = "  ◀ to move" if current else ("  (Rover)" if s.current == p and s.to_move is not None else "")
        if s.to_move is None and p in s.winners():
            tag = "  ★ WINNER"
        head = self._fit(f"{name[:16]} · {who}", 8.5, box[2] - x - 0.5 - self._width(tag, 8.5, "bold"), "bold")
        self._t(x + 0.4, PANEL_TOP - 0.2, head + tag, fontsize=8.5, fontweight="bold",
                color=HIGHLIGHT if current else "black", box=box)
        pips = min(s.options.resource_cap, 7)  # one per resource a player may hold (7 fit the panel)
        for r in range(4):
            y = PANEL_TOP - 0.5 - r * PANEL_ROW
            v = b.resources[r]
            xs = [x + g["pip"] + g["dpip"] * j for j in range(pips)]
            colour = ICON_COLOUR[RES_LETTERS[r]]
            self._pips.extend((xs[j], y, colour if j < v else "white") for j in range(pips))
            self._t(x + g["value"], y, str(v), fontsize=8.5, fontweight="bold", box=box)
        y = PANEL_TOP - 0.5 - 4 * PANEL_ROW
        rad_most = b.radiation == most and most > 0
        lines = [(f"Hourglass: {b.hourglass}", "normal", "black"),
                 (f"Language PP {language_pp(b, s.options.track_pp)}", "normal", "black"),
                 (f"☢ Radiation: {b.radiation}" + (f" (most, -{s.options.radiation_most} each)" if rad_most else ""),
                  "bold" if rad_most else "normal", "#B00020" if rad_most else "black"),
                 (("Score: " if g["mode"] == "compact" else "Score now: ") + f"{total} PP"
                  + ("" if s.to_move is not None or g["mode"] == "compact" else " (final)"), "bold", "black")]
        for j, (text, weight, colour) in enumerate(lines):
            self._t(x + 0.1, y - j * PANEL_ROW, text, fontsize=8.5 if j == 3 else 8, fontweight=weight,
                    color=colour, box=box)
        self._tech_board(s, p, x + g["grid"], g, ai)

    def _tech_board(self, s, p, gx0, g, ai):
        """A player's 3 x 3 Tech board (rows 1-3, Levels 1-3) and the bonus of each complete row."""
        b = s.boards[p]
        cw, ch = g["cw"], g["ch"]
        wide = g["mode"] == "wide"
        for row in range(3):
            y0 = PANEL_TOP - 0.44 - (row + 1) * ch
            for lv in range(3):
                slot = row * 3 + lv
                cid = b.techs[slot]
                cx = gx0 + lv * cw
                cell = (cx + 0.02, y0 + 0.02, cx + cw - 0.02, y0 + ch - 0.02)
                iw, ih = cw - 0.04, ch - 0.04
                if cid is None:
                    self._box(cell[0], cell[1], iw, ih, facecolor="white", edgecolor=GRID, round_=0.03)
                elif ai:
                    card = s.cards.ai[cid]
                    down = b.face_down[slot]
                    self._box(cell[0], cell[1], iw, ih, facecolor="#9A9A9A" if down else "#FFFFFF",
                              edgecolor="#444444", round_=0.03)
                    if down:
                        self._box(cell[0] + 0.05, cell[1] + 0.05, iw - 0.1, ih - 0.1, facecolor="#D9D9D9",
                                  edgecolor="none", round_=0.03)
                    face = "back" if down else reward_ai(card)
                    self._t(cx + cw / 2, y0 + ch * 0.66, self._fit(face, 8, iw - 0.06, "bold"), ha="center",
                            fontsize=8, fontweight="bold", box=cell)
                    self._t(cx + cw / 2, y0 + ch * 0.3, f"cost {sum(card.cost)}", ha="center", fontsize=8, box=cell)
                elif wide:
                    c = s.cards.tech[cid]
                    self._box(cell[0], cell[1], iw, ih, facecolor="white", edgecolor="#333333", round_=0.03)
                    top = cell[3]
                    badge = (cell[0] + 0.04, top - 0.21, cell[0] + 0.22, top - 0.03)
                    self._box(badge[0], badge[1], 0.18, 0.18, facecolor="#333333", edgecolor="none", round_=0.03)
                    self._t(badge[0] + 0.09, top - 0.12, c.classification, ha="center", fontsize=9,
                            fontweight="bold", color="white", box=badge)
                    self._t(cell[0] + 0.28, top - 0.12, cid, fontsize=8, color="#444444", box=cell)
                    self._t(cell[0] + 0.05, top - 0.29, self._fit(c.name, 8, iw - 0.1, "bold"), fontsize=8,
                            fontweight="bold", box=cell)
                    self._t(cell[0] + 0.05, top - 0.45, self._fit(reward_short(c), 8, iw - 0.1, style="italic"),
                            fontsize=8, style="italic", color="#0B4F80", box=cell)
                else:
                    c = s.cards.tech[cid]
                    self._box(cell[0], cell[1], iw, ih, facecolor="white", edgecolor="#333333", round_=0.03)
                    self._t(cx + cw / 2, y0 + ch * 0.63, c.classification, ha="center", fontsize=10,
                            fontweight="bold", box=cell)
                    self._t(cx + cw / 2, y0 + ch * 0.25, cid, ha="center", fontsize=8, color="#444444", box=cell)
            bonus = tech_row_bonus(s, p, row)
            if bonus is not None:
                self._t(gx0 + 3 * cw + 0.04, y0 + ch / 2, f"+{bonus}", fontsize=8, fontweight="bold",
                        color="#1B7837", box=self._panel_box(p))


def draw(state, ax=None):
    """The whole position as a matplotlib Figure (drawn into `ax` when given)."""
    return Board(state, ax=ax).fig


def png(state, dpi: int = PNG_DPI) -> bytes:
    """The board of `state` as PNG bytes."""
    return Board(state).png(dpi)


# Playing on from a position in a notebook: mars_rules.ruins_of_mars.scenario (play, settle), re-exported
# here for older notebooks; build positions with state.edit() (the position builder), never around its checks.
from mars_rules.ruins_of_mars.scenario import play, settle  # noqa: E402,F401
