"""The Ruins of Mars board as one matplotlib diagram.

>>> import mars_rules
>>> from widgets.ruins_of_mars import Board, draw
>>> state = mars_rules.load("ruins_of_mars").new_game(players=2, seed=7, characters="deal")
>>> fig = draw(state)            # a matplotlib Figure of the whole position
>>> board = Board(state)         # the same, kept for fast redraws: board.update(next_state)
>>> len(board.png()) > 1000      # PNG bytes (a Board shows itself as a PNG in a notebook)
True

What is drawn, left to right and top to bottom:

- the header: turn, the step in progress, who decides, and whether the end of the game is triggered;
- the Planet: the five Sites in their row (number, name, Action, Wrench bonus, printed Radiation), the
  Rover (the Active Site is boxed in black and shaded once the Rover is placed this turn), and below each
  Site its column of Action tiles, top to bottom, each with its id and icons; a line under each Site
  counts the icons of its column (what an Action there would give now); during a reallocation the
  face-down tiles still to deal and the Site that receives the next one;
- the Language board: five tracks (red, orange, green, blue, star), spaces 0..9 with the printed PP,
  the A and B spaces and the Capstone, and every player's marker (a shape and a seat number);
- the Tech display: 3 Levels x 4 face-up Techs with the Oxygen added to the price beside each row, and
  each deck's size (+4 Oxygen to search it);
- one panel per seat: character, resources (7 pips each), Hourglasses, Radiation (marked when it is the
  most), the provisional PP, and the 3x3 Tech board with each Tech's Classification letter and the row
  bonus a complete row scores; the solo AI's face-down Techs show the cost on their backs.

Colours are the Okabe-Ito colour-blind-safe palette, and every colour comes with a letter or a shape:
icons carry R, O, G, B (Fuel/red, Parts/orange, Plans/green, Oxygen/blue), a star, W (Wrench) or the
radiation sign; players are a circle, square, triangle and diamond with their seat number.

The values the rulebook does not print (tile icons, Site Actions, track PP, A/B spaces, Tech cards)
are the engine's ASSUMED data (`mars_rules.ruins_of_mars.data`); the board draws whatever the state
carries, so a game started with your own `tiles=` or `cards=` is drawn with them.
"""
from __future__ import annotations

from matplotlib.patches import FancyBboxPatch, Rectangle

from mars_rules import CHANCE
from mars_rules.ruins_of_mars import data
from mars_rules.ruins_of_mars.scoring import language_pp

from .boardkit import OKABE_ITO, PNG_DPI, LayeredBoard, board_axes

W, H = 13.0, 10.05
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

# layout (drawing units)
SITE_W, SITE_GAP, SITE_X0 = 1.40, 0.07, 0.12
SITE_TOP, SITE_BOTTOM = 9.12, 8.02
TILE_TOP, TILE_BOTTOM = 7.88, 2.92
TILE_H, TILE_GAP = 0.40, 0.06
LANG_X0, LANG_LABEL_W, LANG_CELL_W, LANG_TOP, LANG_ROW_H = 7.70, 0.80, 0.435, 9.02, 0.50
TECH_X0, TECH_LABEL_W, TECH_CELL_W, TECH_TOP, TECH_ROW_H = 7.70, 0.66, 1.49, 5.92, 0.66
PANEL_TOP, PANEL_BOTTOM = 2.52, 0.05


def _site_x(i):
    return SITE_X0 + i * (SITE_W + SITE_GAP)


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
    rad = c.get("X", 0) + data.SITE_RADIATION[site]
    if rad:
        parts.append(f"☢{rad}")
    return " ".join(parts) if parts else "nothing"


def turn_status(s) -> str:
    """What is pending in the turn, in a few words (Wrench uses left, stars to choose, a deck being
    searched, the solo die)."""
    parts = []
    if s.step == "wrench" and s.pending:
        parts.append(f"{s.pending} Wrench use{'s' if s.pending != 1 else ''} left")
    if s.step == "action" and s.acted and s.pending:
        parts.append(f"{s.pending} star{'s' if s.pending != 1 else ''} to choose")
    if s.transfers and s.step == "transfer":
        parts.append(f"{s.transfers} tile{'s' if s.transfers != 1 else ''} transferred")
    if s.step == "replicate" and s.search > 0:
        parts.append(f"searching the Level {s.search} deck")
    if s.step == "replicate" and s.search < 0:
        parts.append("Tech replicated this turn")
    if s.used and s.to_move is not None:
        parts.append("used: " + ", ".join(_used_name(s, u) for u in s.used))
    if s.solo and s.solo_die:
        parts.append(f"solo die: {s.solo_die} ({'no Site' if s.solo_die == 6 else data.SITES[s.solo_die - 1]})")
    return "  ·  ".join(parts)


def _used_name(s, key) -> str:
    """An ability used this turn, from its key in `state.used`."""
    if key in ("char", "char2"):
        return s.boards[s.current].character or "Character"
    kind, _, card = key.partition(":")
    return {"tech": card, "free": f"{card} (free)", "eng": f"Engineer on {card}", "stow": "Stowaway"}.get(
        kind, key) if card or kind == "stow" else key


def tech_row_bonus(state, seat, row) -> int | None:
    """Points the complete `row` of `seat`'s Tech board scores (Final Scoring), None if incomplete."""
    b = state.boards[seat]
    ids = b.techs[row * 3: row * 3 + 3]
    if state.solo and seat == 1:
        return 10 if all(c is not None for c in ids) and not any(b.face_down[row * 3: row * 3 + 3]) else None
    if None in ids:
        return None
    classes = {state.cards.tech[c].classification for c in ids}
    return 9 if len(classes) == 1 else 6 if len(classes) == 3 else 3


class Board(LayeredBoard):
    """The whole position as one figure: `Board(state)`, `.fig`, `.update(state)`, `.png()`.

    The static parts (Site boxes, track grid, display frame, panel frames) are built once per layout
    (number of seats); `update` replaces the few dynamic artists (one patch collection, the markers,
    one text layer). Texts are blitted from a cache of rendered sprites, which keeps a redraw fast.
    """

    def __init__(self, state, ax=None, figsize=None):
        self.fig, self.ax = board_axes(ax, figsize or FIGSIZE, rect=(0, 0, 1, 1), dpi=PNG_DPI)
        # texts and markers are sized in points: scale them with the drawing (1 at the default size)
        box = self.ax.get_position()
        width, height = self.fig.get_size_inches()
        self._k = round(min(box.width * width / W, box.height * height / H), 3)
        self._start_layers()
        self.update(state)

    def layout(self, state):
        """The static layer depends on the seats (and on the solo AI's panel)."""
        return len(state.players), bool(state.solo)

    # ----- helpers -----------------------------------------------------------------------------------------
    def _begin(self):
        super()._begin()
        self._marks, self._pips = [], []

    def _flush_extra(self, static, out):
        """The resource pips and the players' markers as scatter plots."""
        ax = self.ax
        if self._pips:
            xs, ys, cs = zip(*self._pips)
            out.append(ax.scatter(xs, ys, s=44 * self._k ** 2, marker="s", facecolor=cs, edgecolor="#444444",
                                  linewidths=0.5,
                                  zorder=3))
        for seat in sorted({m[2] for m in self._marks}):
            pts = [m for m in self._marks if m[2] == seat]
            out.append(ax.scatter([m[0] for m in pts], [m[1] for m in pts], s=[m[3] * self._k ** 2 for m in pts],
                                  marker=PLAYER_MARKER[seat % 4], facecolor=PLAYER_FACE[seat % 4],
                                  edgecolor="black", linewidths=0.9, zorder=5))

    def _t(self, x, y, s, fontsize=8, fontweight="normal", style="normal", color="black", ha="left",
           va="center"):
        self._texts.add(x, y, s, round(fontsize * self._k, 2), fontweight, color, ha, va, style)

    def _box(self, x, y, w, h, round_=0.04, facecolor="white", edgecolor=GRID, linewidth=0.8,
             linestyle="solid", under=False):
        if round_:
            p = FancyBboxPatch((x, y), w, h, boxstyle=f"round,pad=0,rounding_size={round_}", facecolor=facecolor,
                               edgecolor=edgecolor, linewidth=linewidth, linestyle=linestyle)
        else:
            p = Rectangle((x, y), w, h, facecolor=facecolor, edgecolor=edgecolor, linewidth=linewidth,
                          linestyle=linestyle)
        (self._under if under else self._patches).append(p)
        return p

    def _icon(self, x, y, letter, r=0.13, fontsize=7.5):
        """One icon: a coloured disc with its letter (or a star / radiation sign)."""
        rounding = 0.05 if letter == "W" else r
        self._patches.append(FancyBboxPatch((x - r, y - r), 2 * r, 2 * r,
                                            boxstyle=f"round,pad=0,rounding_size={rounding}",
                                            facecolor=ICON_COLOUR[letter], edgecolor="black", linewidth=0.6))
        self._t(x, y - 0.005, ICON_LABEL[letter], fontsize=fontsize, color=ICON_TEXT[letter], fontweight="bold",
                ha="center")

    def _marker(self, x, y, seat, size=110):
        self._marks.append((x, y, seat, size))
        self._t(x, y - (0.02 if PLAYER_MARKER[seat % 4] == "^" else 0), str(seat + 1), ha="center",
                fontsize=6.5, fontweight="bold", color=PLAYER_TEXT[seat % 4])

    # ----- the static layer --------------------------------------------------------------------------------
    def _static(self, state):
        ax = self.ax
        ax.set_xlim(0, W)
        ax.set_ylim(0, H)
        ax.set_aspect("equal")
        ax.set_axis_off()
        # the planet
        self._t(SITE_X0, SITE_TOP + 0.32, "Planet: Sites, Rover and Action tiles", fontsize=9.5,
                fontweight="bold")
        for i, name in enumerate(data.SITES):
            x = _site_x(i)
            self._t(x + 0.06, SITE_TOP - 0.15, f"{i + 1}", fontsize=7.5, color="#555555")
            self._t(x + SITE_W / 2, SITE_TOP - 0.17, name, ha="center", fontsize=10, fontweight="bold")
            action = data.SITE_ACTION[i]
            self._t(x + SITE_W / 2, SITE_TOP - 0.42, action.upper(), ha="center", fontsize=8.5,
                    color="#0072B2" if action == "decipher" else "#8B4000", fontweight="bold")
            self._icon(x + 0.17, SITE_TOP - 0.66, "W", r=0.09, fontsize=6)
            self._t(x + 0.30, SITE_TOP - 0.66, WRENCH_TEXT[i], fontsize=7.2)
            if data.SITE_RADIATION[i]:
                self._icon(x + SITE_W - 0.16, SITE_TOP - 0.15, "X", r=0.10, fontsize=7)
        legend = [("R", "Fuel/red"), ("O", "Parts/orange"), ("G", "Plans/green"), ("B", "Oxygen/blue"),
                  ("S", "any/star"), ("W", "Wrench"), ("X", "Radiation")]
        x = SITE_X0
        for letter, text in legend:
            self._icon(x + 0.1, 2.73, letter, r=0.09, fontsize=6)
            self._t(x + 0.22, 2.73, text, fontsize=7)
            x += 0.32 + 0.058 * len(text)
        # the Language board
        self._t(LANG_X0, SITE_TOP + 0.32, "Language tracks (PP printed per space; A, B, Capstone)",
                fontsize=9.5, fontweight="bold")
        gx = LANG_X0 + LANG_LABEL_W
        for k in range(data.CAPSTONE + 1):
            label = "A" if k == data.SPACE_A else "B" if k == data.SPACE_B else "Cap" if k == data.CAPSTONE \
                else str(k)
            special = k in (data.SPACE_A, data.SPACE_B, data.CAPSTONE)
            self._t(gx + (k + 0.5) * LANG_CELL_W, LANG_TOP + 0.1, label, ha="center", fontsize=7.5,
                    fontweight="bold" if special else "normal", color="black" if special else "#666666")
        for t, lang in enumerate(data.LANGUAGES):
            y = LANG_TOP - (t + 1) * LANG_ROW_H
            letter = TRACK_LETTERS[t]
            self._icon(LANG_X0 + 0.15, y + LANG_ROW_H / 2, letter, r=0.12)
            self._t(LANG_X0 + 0.32, y + LANG_ROW_H / 2, lang, fontsize=8)
            for k in range(data.CAPSTONE + 1):
                special = k in (data.SPACE_A, data.SPACE_B, data.CAPSTONE)
                self._box(gx + k * LANG_CELL_W, y, LANG_CELL_W, LANG_ROW_H, round_=0,
                          facecolor=_tint(ICON_COLOUR[letter], 0.34 if special else 0.16), edgecolor="none")
                self._box(gx + k * LANG_CELL_W, y, LANG_CELL_W, LANG_ROW_H, round_=0,
                          facecolor="none", edgecolor="#333333" if special else GRID,
                          linewidth=1.4 if k == data.CAPSTONE else 0.6)
                self._t(gx + (k + 1) * LANG_CELL_W - 0.03, y + LANG_ROW_H - 0.09, str(data.TRACK_PP[k]),
                        ha="right", fontsize=6.3, color="#333333")
        # the Tech display
        self._t(TECH_X0, TECH_TOP + 0.45, "Tech display (price = cost + Oxygen of the row)",
                fontsize=9.5, fontweight="bold")
        cx = TECH_X0 + TECH_LABEL_W
        self._t(TECH_X0 + 0.02, TECH_TOP + 0.14, "deck +4", fontsize=7.5, fontweight="bold")
        for k, ox in enumerate(data.DISPLAY_OXYGEN):
            y = TECH_TOP - (k + 1) * TECH_ROW_H
            self._icon(TECH_X0 + 0.14, y + TECH_ROW_H / 2, "B", r=0.11, fontsize=7)
            self._t(TECH_X0 + 0.29, y + TECH_ROW_H / 2, f"+{ox}", fontsize=9, fontweight="bold")
        for lv in range(3):
            self._t(cx + (lv + 0.5) * TECH_CELL_W, TECH_TOP + 0.30, f"Level {lv + 1}", ha="center",
                    fontsize=8.5, fontweight="bold")
        # the player panels
        n = len(state.players)
        self._pw = min(4.3, (W - 0.1) / n)
        for p in range(n):
            x = 0.05 + p * self._pw
            self._box(x, PANEL_BOTTOM, self._pw - 0.08, PANEL_TOP - PANEL_BOTTOM, facecolor=PANEL_FILL,
                      edgecolor=GRID, round_=0.06)
            self._marker(x + 0.2, PANEL_TOP - 0.2, p, size=150)
            for r, name in enumerate(data.RESOURCES):
                y = PANEL_TOP - 0.5 - r * 0.245
                self._icon(x + 0.18, y, RES_LETTERS[r], r=0.1, fontsize=6.5)
                if not self._geom()["compact"]:
                    self._t(x + 0.32, y, name, fontsize=7.5)
            g = self._geom()
            gx0 = x + g["grid"]
            for lv in range(3):
                self._t(gx0 + (lv + 0.5) * g["cell"], PANEL_TOP - 0.36, f"L{lv + 1}", ha="center",
                        fontsize=7, color="#555555")
            for row in range(3):
                self._t(gx0 - 0.06, PANEL_TOP - 0.45 - (row + 0.5) * g["cell"], str(row + 1), ha="right", fontsize=7,
                        color="#555555")

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
        title = f"Ruins of Mars  ·  turn {s.turn}  ·  {STEP_TITLE.get(s.step, s.step)}  ·  {who}"
        self._t(0.12, H - 0.2, title, fontsize=11.5, fontweight="bold")
        mastered = sum(1 for t in range(5) if any(b.languages[t] == data.CAPSTONE for b in s.boards))
        end = f"Languages mastered: {mastered} (a 4th ends the game)"
        if s.end_turns >= 0 and s.to_move is not None:
            end += f"  ·  END TRIGGERED: {s.end_turns} final turn{'s' if s.end_turns != 1 else ''} left"
        self._t(W - 0.1, H - 0.2, end, ha="right", fontsize=9,
                color="#B00020" if s.end_turns >= 0 else "#333333",
                fontweight="bold" if s.end_turns >= 0 else "normal")

    def _planet(self, s):
        active = s.rover >= 0 and s.step in ACTIVE_STEPS
        for i in range(5):
            x = _site_x(i)
            is_rover = s.rover == i
            self._box(x, SITE_BOTTOM, SITE_W, SITE_TOP - SITE_BOTTOM, facecolor=ACTIVE_FILL if (is_rover and active)
                      else "white", edgecolor="black" if is_rover else GRID,
                      linewidth=3.0 if (is_rover and active) else 1.6 if is_rover else 0.8, under=True)
            line = gain_line(s, i)
            self._t(x + SITE_W / 2, SITE_BOTTOM + 0.14, line, ha="center", fontsize=7.5 if len(line) < 20 else 6.5,
                    color="#222222")
            if is_rover:
                label = "▼ ROVER · Active Site" if active else "▼ Rover (last turn)"
                self._t(x + SITE_W / 2, SITE_TOP + 0.1, label, ha="center", fontsize=8, fontweight="bold",
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
                self._t(x + SITE_W / 2, y + h / 2, "next tile here", ha="center", fontsize=7.5, style="italic")
        if s.facedown:
            self._box(SITE_X0, TILE_BOTTOM - 0.05, 5 * (SITE_W + SITE_GAP) - SITE_GAP, 0.3, facecolor="#EEEEEE",
                      edgecolor="#555555")
            self._t(SITE_X0 + 0.1, TILE_BOTTOM + 0.1,
                    f"Reallocating: {len(s.facedown)} face-down tile{'s' if len(s.facedown) != 1 else ''} "
                    f"({', '.join(str(t) for t in s.facedown)}) still to deal, left to right; next one to the "
                    f"{data.SITES[s.realloc_to]}", fontsize=7.8)
        status = turn_status(s)
        if status:
            self._t(SITE_X0 + 5 * (SITE_W + SITE_GAP) - SITE_GAP, SITE_TOP + 0.32, status, ha="right",
                    fontsize=8, color="#333333")

    def _tile(self, x, y, w, h, tid, icons):
        self._box(x, y, w, h, facecolor="white", edgecolor="#444444", round_=0.05)
        self._t(x + 0.06, y + h / 2, f"#{tid}", fontsize=7, color="#555555")
        n = max(1, len(icons))
        step = min(0.33, (w - 0.4) / n)          # a tile may carry up to 6 icons (custom tiles)
        r = max(0.05, min(0.13, h / 2 - 0.04, step / 2 - 0.02))
        for j, ch in enumerate(icons):
            self._icon(x + 0.34 + r + j * step, y + h / 2, ch, r=r,
                       fontsize=7.5 if r >= 0.12 else 6 if r >= 0.09 else 5)

    def _tracks(self, s):
        gx = LANG_X0 + LANG_LABEL_W
        offsets = ((-0.1, 0.07), (0.1, 0.07), (-0.1, -0.12), (0.1, -0.12))
        n = len(s.boards)
        for t in range(5):
            y = LANG_TOP - (t + 1) * LANG_ROW_H + LANG_ROW_H / 2 - 0.03
            for p in range(n):
                k = s.boards[p].languages[t]
                dx, dy = offsets[p] if n > 1 else (0, 0)
                self._marker(gx + (k + 0.5) * LANG_CELL_W + dx * 0.9, y + dy * 0.8, p, size=80)

    def _display(self, s):
        cx = TECH_X0 + TECH_LABEL_W
        tech = s.cards.tech
        for lv in range(3):
            x = cx + lv * TECH_CELL_W
            deck = len(s.decks[lv])
            searching = s.search == lv + 1 and s.step == "replicate"
            refill = s.chance == "refill_display" and s.pending == lv + 1
            self._box(x + 0.04, TECH_TOP + 0.01, TECH_CELL_W - 0.08, 0.25,
                      facecolor=ACTIVE_FILL if searching or refill else "#E8E8E8",
                      edgecolor="black" if searching or refill else GRID)
            label = f"deck: {deck} card{'s' if deck != 1 else ''}"
            if searching:
                label = f"searching {deck} card{'s' if deck != 1 else ''}"
            elif refill:
                label = f"revealing from {deck}"
            self._t(x + TECH_CELL_W / 2, TECH_TOP + 0.135, label, ha="center", fontsize=7.5)
            for k in range(4):
                y = TECH_TOP - (k + 1) * TECH_ROW_H
                cid = s.display[lv][k]
                self._card(x + 0.04, y + 0.03, TECH_CELL_W - 0.08, TECH_ROW_H - 0.06, cid, tech)

    def _card(self, x, y, w, h, cid, tech):
        if cid is None:
            self._box(x, y, w, h, facecolor="none", edgecolor=GRID, linestyle=":")
            self._t(x + w / 2, y + h / 2, "empty", ha="center", fontsize=7, color="#777777")
            return
        c = tech[cid]
        self._box(x, y, w, h, facecolor="white", edgecolor="#444444")
        self._box(x + w - 0.3, y + h - 0.3, 0.26, 0.26, facecolor="#333333", edgecolor="none", round_=0.03)
        self._t(x + w - 0.17, y + h - 0.17, c.classification, ha="center", fontsize=9.5, fontweight="bold",
                color="white")
        self._t(x + 0.05, y + h - 0.12, c.name[:17], fontsize=7.2, fontweight="bold")
        self._t(x + 0.05, y + h / 2 - 0.04, cid + "  " + cost_short(c.cost), fontsize=7, color="#333333")
        self._t(x + 0.05, y + 0.1, reward_short(c), fontsize=6.8, color="#0B4F80", style="italic")

    def _geom(self):
        """Where things go inside a player panel (compact when 4 panels share the width)."""
        pw = self._pw
        if pw < 4:
            return {"compact": True, "pip": 0.36, "dpip": 0.125, "value": 1.22, "cell": 0.46, "grid": 1.55}
        return {"compact": False, "pip": 0.98, "dpip": 0.15, "value": 2.04, "cell": 0.5, "grid": 2.45}

    def _panel(self, s, p, total, most):
        g = self._geom()
        b = s.boards[p]
        x = 0.05 + p * self._pw
        ai = s.solo and p == 1
        current = s.to_move == p
        if current or (s.current == p and s.to_move is not None):
            self._box(x, PANEL_BOTTOM, self._pw - 0.08, PANEL_TOP - PANEL_BOTTOM, facecolor="none",
                      edgecolor="black", linewidth=2.6 if current else 1.4, round_=0.06)
        name = s.players[p]
        who = "solo AI" if ai else (b.character or "no Character yet")
        tag = "  ◀ to move" if current else ("  (Rover)" if s.current == p and s.to_move is not None else "")
        if s.to_move is None and p in s.winners():
            tag = "  ★ WINNER"
        self._t(x + 0.4, PANEL_TOP - 0.2, f"{name[:16]} · {who}{tag}", fontsize=8.5, fontweight="bold")
        for r in range(4):
            y = PANEL_TOP - 0.5 - r * 0.245
            v = b.resources[r]
            xs = [x + g["pip"] + g["dpip"] * j for j in range(7)]
            colour = ICON_COLOUR[RES_LETTERS[r]]
            self._pips.extend((xs[j], y, colour if j < v else "white") for j in range(7))
            self._t(x + g["value"], y, str(v), fontsize=8.5, fontweight="bold")
        y = PANEL_TOP - 0.5 - 4 * 0.245 - 0.02
        self._t(x + 0.1, y, f"Hourglass: {b.hourglass}", fontsize=8)
        rad_most = b.radiation == most and most > 0
        self._t(x + 0.1, y - 0.245, f"☢ Radiation: {b.radiation}" + (" (most, -2 each)" if rad_most else ""),
                fontsize=8, fontweight="bold" if rad_most else "normal", color="#B00020" if rad_most else "black")
        self._t(x + 0.1, y - 0.49, f"Language PP {language_pp(b)}", fontsize=8)
        self._t(x + 0.1, y - 0.76, ("Score: " if g["compact"] else "Score now: ") + f"{total} PP"
                + ("" if s.to_move is not None or g["compact"] else " (final)"),
                fontsize=8.5, fontweight="bold")
        gx0 = x + g["grid"]
        cs = g["cell"]
        in_ = cs - 0.04
        for row in range(3):
            y0 = PANEL_TOP - 0.45 - (row + 1) * cs
            for lv in range(3):
                slot = row * 3 + lv
                cid = b.techs[slot]
                cx = gx0 + lv * cs
                if cid is None:
                    self._box(cx + 0.02, y0 + 0.02, in_, in_, facecolor="white", edgecolor=GRID, round_=0.03)
                elif ai:
                    card = s.cards.ai[cid]
                    down = b.face_down[slot]
                    self._box(cx + 0.02, y0 + 0.02, in_, in_, facecolor="#9A9A9A" if down else "#FFFFFF",
                              edgecolor="#444444", round_=0.03)
                    if down:
                        self._box(cx + 0.07, y0 + 0.07, in_ - 0.1, in_ - 0.1, facecolor="#D9D9D9", edgecolor="none",
                                  round_=0.03)
                    face = "back" if down else reward_ai(card)
                    self._t(cx + cs / 2, y0 + cs * 0.66, face,
                            ha="center", fontsize=6.5, fontweight="bold")
                    self._t(cx + cs / 2, y0 + cs * 0.3, f"cost {sum(card.cost)}", ha="center", fontsize=6.3)
                else:
                    c = s.cards.tech[cid]
                    self._box(cx + 0.02, y0 + 0.02, in_, in_, facecolor="white", edgecolor="#333333", round_=0.03)
                    self._t(cx + cs / 2, y0 + cs * 0.62, c.classification, ha="center",
                            fontsize=11 if cs > 0.5 else 10,
                            fontweight="bold")
                    self._t(cx + cs / 2, y0 + cs * 0.2, cid, ha="center", fontsize=5.8, color="#444444")
            bonus = tech_row_bonus(s, p, row)
            if bonus is not None:
                self._t(gx0 + 3 * cs + 0.04, y0 + cs / 2, f"+{bonus}", fontsize=8, fontweight="bold",
                        color="#1B7837")


def draw(state, ax=None):
    """The whole position as a matplotlib Figure (drawn into `ax` when given)."""
    return Board(state, ax=ax).fig


def png(state, dpi: int = PNG_DPI) -> bytes:
    """The board of `state` as PNG bytes."""
    return Board(state).png(dpi)


# ----- small helpers for notebooks: build and play positions ---------------------------------------------
def play(state, kind, **params):
    """`state` after the action `kind` of the player to move (or of chance at a chance node).

    `play(s, "place_rover", site="Wasteland")`; a parameter named like a Python keyword is passed with
    `**{"from": "Laboratory"}`. Raises IllegalAction, with the rule, when it is not legal."""
    from mars_rules import Action
    return state.apply(Action(kind, state.to_move, params))


def settle(state):
    """Resolve chance nodes from the game's own seeded stream until a player has to decide."""
    while state.to_move == CHANCE:
        state = state.resolve_chance()
    return state


def set_player(state, seat, **changes):
    """A copy of `state` with fields of one player's board replaced (lists become tuples)."""
    b = state.boards[seat]._replace(**{k: tuple(v) if isinstance(v, list) else v for k, v in changes.items()})
    return state._replace(boards=state.boards[:seat] + (b,) + state.boards[seat + 1:])


def place_tech(state, seat, card, row):
    """A copy of `state` with Tech `card` on `seat`'s board in `row` (1..3), taken from its deck, or from
    the display (then the lowest id left in the deck takes its space), so that every card stays in one
    place and the position still loads with `from_json`."""
    c = state.cards.tech[card]
    lv = c.level - 1
    decks = [list(d) for d in state.decks]
    display = [list(col) for col in state.display]
    if card in decks[lv]:
        decks[lv].remove(card)
    elif card in display[lv]:
        display[lv][display[lv].index(card)] = decks[lv].pop(0) if decks[lv] else None
    else:
        raise ValueError(f"{card} is neither in its deck nor in the display")
    slot = (row - 1) * 3 + lv
    techs = state.boards[seat].techs
    if techs[slot] is not None:
        raise ValueError(f"row {row} already holds a Level {c.level} Tech")
    state = state._replace(decks=tuple(tuple(d) for d in decks), display=tuple(tuple(col) for col in display))
    return set_player(state, seat, techs=techs[:slot] + (card,) + techs[slot + 1:])
