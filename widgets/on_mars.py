"""The On Mars (teaching edition) board as a matplotlib figure: `draw(state, ax=None, zones=False)` and
`Board(state).update(state)`.

>>> from mars_rules.on_mars import new_game
>>> from widgets.on_mars import Board, draw
>>> state = new_game(players=2, seed=1)
>>> fig = draw(state)                 # a matplotlib Figure of the whole position
>>> board = Board(state)              # kept for fast redraws: board.update(next_state)
>>> len(board.png()) > 1000
True

Top left: the hex map. Buildings are hexes filled by type with their letter (M Mine, G Generator,
W Water Extractor, H Greenhouse, O Oxygen Condenser, S Shelter) and the size of their Complex when it
is 2 or more; a short thick bar crosses the edge between adjacent Buildings of one type, so Complexes
are visible. An Advanced Building has a ring in its owner's colour and "A" with the owner's letter.
Pieces sit in a row at the bottom of their hex, each with its owner's letter: a square is a Bot, a
triangle a Rover, a disc a Miner. A cyan diamond is a Crystal; "D" and "Rs" boxes are Discovery and
Research tiles. With `zones=True` the Building Zones of the player to move are shaded. The legend is
under the map.

Top right, in framed panels: the Orbit and Colony action spaces with the Colonists on their slots
(the action being taken in orange) and the Turn Order spaces (markers of players who are done in
grey); the Shuttle track, the Colony level, the four LSS tracks (orange edges: the spaces that raise
the Colony level) and the Missions; the displays and the supply. Below: one framed row per player
(Storage, Colonists, Blueprints, Scientists, Contracts, Private Goals, the Depot with its Ships, the
Hangar, the Lab grid and the score so far).

The drawing is in inches, 12.5 wide (900 CSS pixels, a notebook column) for every player count;
every text is at least 8 points and names the box it belongs to (a panel, a hex, a piece, a cell), so
`boardkit.overflows` can check that it stays inside. Colours are Okabe-Ito (colour-blind safe) and
always come with letters; the player to move is boxed in orange. All texts go through one
`boardkit.TextLayer` and the shapes through a few collections, which keeps a redraw fast.
"""
from __future__ import annotations

import math

from matplotlib.patches import Circle, Polygon, Rectangle, RegularPolygon

from mars_rules import CHANCE
from mars_rules.on_mars import data as D
from mars_rules.on_mars.options import mission_target

from .boardkit import (HIGHLIGHT, OKABE_ITO, PNG_DPI, SEAT_COLOURS, LayeredBoard, board_axes, fit_text, text_width,
                       token)
from .common import step_title

BUILDING_COLOURS = {"mine": "#A6761D", "generator": OKABE_ITO["yellow"], "water": "#6BAED6",
                    "greenhouse": "#A6D96A", "oxygen": "#E0E0E0", "shelter": "#FDB863"}
CRYSTAL = "#00CED1"
ACTIVE_FILL = "#FFF3E0"
GRID = "#999999"
FRAME = "#B0B0B0"                 # the edge of a panel
NOTE = "#333333"                  # explanatory text
W = 12.5                          # drawing width in inches (data units are inches): 900 CSS pixels
M = 0.08                          # outer margin
GAP = 0.1                         # between panels
HEX = 0.35                        # hex size, centre to corner
HEX_R = HEX * 0.97                # a drawn hex (a thin gap between neighbours)
SQ3 = math.sqrt(3)
MAP_W = (2 * D.MAP_RADIUS + 1) * SQ3 * HEX
MAP_H = (3 * D.MAP_RADIUS + 2) * HEX
MAP_X1 = M + MAP_W + 0.2          # right edge of the map panel
MAP_CX = M + 0.1 + MAP_W / 2
TITLE_H = 0.72                    # the title band
LEGEND_ROW = 0.25                 # one row of the legend
RIGHT_X = MAP_X1 + GAP            # the action spaces, tracks and displays
RIGHT_W = W - M - RIGHT_X
ACT_W = (RIGHT_W - GAP) / 2       # one action panel (Orbit, Colony)
ACT_H, COLONY_H = 2.75, 1.9       # panel heights
ACT_STEP, SLOT_X, SLOT_STEP = 0.3, 2.3, 0.25       # action rows; first slot and slot spacing (from the panel)
TURN_X, TURN_STEP = 0.5, 0.79     # first Turn Order space and spacing (from the panel)
SHUTTLE_X, SHUTTLE_STEP = 2.15, 0.3    # the middle Shuttle space (from the panel) and spacing
LSS_X, LSS_STEP = 1.5, 0.17       # first LSS space (from the panel) and spacing
MISSIONS_X = 3.95                 # the Missions block (from the panel)
ROW_H = 1.25                      # one player row
TEXT_W, DEPOT_X, LAB_X, SCORE_X = 4.78, 5.13, 7.05, 10.0   # in a player row
DEPOT_STEP, LAB_STEP, LAB_ROW = 0.215, 0.575, 0.23
SHORT_ACTION = {"rnd": "Research and Development", "hire": "Hire Scientist / Earth Contract"}
BONUS = {"crystal": "+1 Crystal", "choice": "+1 Resource", "": ""}
LAB_SHORT = {"mine": "Mine", "generator": "Gener.", "water": "Water", "greenhouse": "Green.", "oxygen": "Oxygen",
             "shelter": "Shelter", "rover": "Rover", "upgrade": "Upgrade"}
TECH_SHORT = {"water": "Water", "oxygen": "Oxygen"}
CATEGORY_SHORT = {"Advanced Buildings / Blueprints": "Blueprints", "Colony level-ups": "Level-ups"}
TOKEN = 0.17                      # a piece on the map
PIECE_STEP = 0.19                 # pieces in a row on a hex
PIECES_A_ROW = 3


def _legend_items(zones: bool) -> list:
    """The legend under the map: (icon, argument, text) in reading order."""
    items = [("swatch", b, D.BUILDING_NAME[b]) for b in D.BUILDINGS]
    items += [("bar", None, "S2 = a Complex of 2 (bar between them)"),
              ("ring", None, "A + letter = Advanced Building, owner"),
              ("crystal", None, "Crystal"), ("tiles", None, "Discovery / Research tile"),
              ("square", None, "Bot"), ("triangle", None, "Rover"), ("disc", None, "Miner"),
              ("", None, "(letter = owner)")]
    if zones:
        items.append(("zone", None, "Building Zones (player to move)"))
    return items


ICON_W = {"swatch": 0.2, "bar": 0.26, "ring": 0.2, "crystal": 0.16, "tiles": 0.44, "square": 0.14,
          "triangle": 0.16, "disc": 0.14, "zone": 0.2, "": 0.0}


def _legend_rows(zones: bool) -> list:
    """The legend items in rows that fit the map panel: [[(x, icon, argument, text), ...], ...]."""
    rows, row, x = [], [], M + 0.1
    for icon, arg, text in _legend_items(zones):
        w = ICON_W[icon] + (0.06 if icon else 0) + text_width(text, 8)
        if row and x + w > MAP_X1 - 0.1:
            rows.append(row)
            row, x = [], M + 0.1
        row.append((x, icon, arg, text))
        x += w + 0.2
    rows.append(row)
    return rows


MAP_PANEL_H = 0.08 + MAP_H + 0.2 + LEGEND_ROW * (max(len(_legend_rows(z)) for z in (False, True)) - 1) + 0.17
TOP_H = TITLE_H + max(MAP_PANEL_H, ACT_H + COLONY_H + 2 * GAP + 1.2) + GAP   # title, map and legend | panels


def default_figsize(players: int) -> tuple:
    """The default figure size in inches for this many players."""
    return W, TOP_H + ROW_H * players + M


def _xy(h, cx, cy):
    q, r = h
    return cx + HEX * SQ3 * (q + r / 2), cy - HEX * 1.5 * r


def _half_width(t: float) -> float:
    """Half the width of a drawn (pointy-top) hex at height `t` above its centre."""
    t = abs(t)
    return HEX_R * SQ3 / 2 if t <= HEX_R / 2 else max(0.0, (HEX_R - t) * SQ3)


def hex_box(x, y, lo, hi):
    """The widest rectangle inside the drawn hex centred on (x, y), between heights y + lo and y + hi: the
    box a label on that hex belongs to (a hex narrows away from its middle, so the end farther from the
    middle sets the width)."""
    hw = min(_half_width(lo), _half_width(hi))
    return x - hw, y + lo, x + hw, y + hi


def viewer(state):
    """(is this a player's view, the seat seeing it or None): a view hides the other players' Private
    Goals (-1), so the one seat whose Goals are not hidden is the viewer."""
    hidden = [i for i, pl in enumerate(state.pieces) if -1 in pl.goals]
    is_view = bool(hidden) or -1 in state.decks[4]
    if not is_view:
        return False, None
    shown = [i for i, pl in enumerate(state.pieces) if i not in hidden and pl.goals]
    return True, shown[0] if len(shown) == 1 else None


def complex_sizes(state) -> dict:
    """hex -> size of the Complex (adjacent Buildings of one type) the Building on it belongs to."""
    bm = {b[0]: b[1] for b in state.buildings}
    sizes: dict = {}
    for h, btype, *_ in state.buildings:
        if h in sizes:
            continue
        seen, todo = {h}, [h]
        while todo:
            x = todo.pop()
            for nb in D.NEIGHBOURS[x]:
                if nb not in seen and bm.get(nb) == btype:
                    seen.add(nb)
                    todo.append(nb)
        for x in seen:
            sizes[x] = len(seen)
    return sizes


class Board(LayeredBoard):
    """Builds the figure once; `update(state)` redraws it for a new state. What depends only on the
    number of players (hex grid, legend, panels, empty slots, track and Lab cells, frames) is the static
    layer, drawn once; an update redraws only the pieces and texts of the position."""

    LINESPACING = 1.4
    CLICK_SCALE = 1.5
    """Pixels per CSS pixel of the board the Explorer shows after a click: the highest scale whose click stays
    under 80 ms in benchmarks/bench_redraw.py (measured in CPU time on a shared machine: about 72 ms at 1.5,
    100 ms at 2, where writing the PNG is two thirds of the cost)."""

    def __init__(self, state, ax=None, figsize=None, zones=False):
        self.zones = zones
        self.fig, self.ax = board_axes(ax, figsize or default_figsize(len(state.players)), rect=(0, 0, 1, 1),
                                       dpi=PNG_DPI)
        self._start_layers()
        self.update(state)

    def layout(self, state):
        return len(state.players), self.zones, state.options.level_up_at  # the static layer marks the level-ups

    # ----------------------------------------------------------------- where things are
    @staticmethod
    def _top(n):
        return TOP_H + ROW_H * n + M

    @staticmethod
    def _panels(top):
        """The boxes (x0, y0, x1, y1) of the top panels: map, Orbit and Colony actions, Colony tracks, displays."""
        y0 = top - TITLE_H
        bottom = y0 - MAP_PANEL_H
        act = y0 - ACT_H
        col = act - GAP - COLONY_H
        return {"map": (M, bottom, MAP_X1, y0),
                "orbit": (RIGHT_X, act, RIGHT_X + ACT_W, y0),
                "colony": (RIGHT_X + ACT_W + GAP, act, W - M, y0),
                "tracks": (RIGHT_X, col, W - M, act - GAP),
                "displays": (RIGHT_X, bottom, W - M, col - GAP)}

    def _panel(self, box):
        """A panel's frame (its labels name `box`)."""
        x0, y0, x1, y1 = box
        self._patches.append(Rectangle((x0, y0), x1 - x0, y1 - y0, facecolor="none", edgecolor=FRAME, lw=0.7))

    def _static(self, state):
        n = len(state.players)
        top = self._top(n)
        ax = self.ax
        ax.set_axis_off()
        ax.set_xlim(0, W)
        ax.set_ylim(0, top)
        ax.set_aspect("equal")
        panels = self._panels(top)
        for name in ("map", "orbit", "colony", "tracks", "displays"):
            self._panel(panels[name])
        cx, cy = MAP_CX, top - TITLE_H - 0.08 - MAP_H / 2
        for h in D.HEXES:
            self._patches.append(RegularPolygon(_xy(h, cx, cy), 6, radius=HEX_R, facecolor="#F7F3EE",
                                                edgecolor="#B8B0A8", lw=0.6))
        self._legend(cy - MAP_H / 2 - 0.2, panels["map"])
        self._static_actions(n, panels)
        self._static_tracks(panels["tracks"], state.options.level_up_at)
        self._t(RIGHT_X + 0.12, panels["displays"][3] - 0.2, "Displays and supply", size=9, weight="bold",
                box=panels["displays"])
        for p in range(n):
            self._static_player(p, top - TOP_H - ROW_H * (p + 1))

    def _dynamic(self, state):
        n = len(state.players)
        top = self._top(n)
        panels = self._panels(top)
        seat = state.to_move if isinstance(state.to_move, int) and state.to_move != CHANCE else None
        self._title(state, top)
        self._map(state, MAP_CX, top - TITLE_H - 0.08 - MAP_H / 2, seat)
        self._actions(state, panels)
        self._tracks(state, panels["tracks"])
        self._displays(state, panels["displays"])
        sheet = state.score()
        for p in range(n):
            self._player(state, p, top - TOP_H - ROW_H * (p + 1), p == seat, sheet)

    def _token(self, shape, x, y, seat, letter, size=TOKEN):
        """A seat's piece: "square" (Bot), "triangle" (Rover), "disc" (Miner, Colonist), with its letter."""
        self._front.append(token(shape, x, y, size, SEAT_COLOURS[seat]))
        r = size / 2
        box = (x - 1.2 * r, y - r, x + 1.2 * r, y + 1.3 * r) if shape == "triangle" else (x - r, y - r, x + r, y + r)
        self._t(x, y - (0.014 if shape == "triangle" else 0), letter, size=8, weight="bold", ha="center", box=box)

    def _title(self, state, top):
        who = state.to_move
        if who is None:
            mover = "game over: " + " and ".join(state.players[w] for w in state.winners()) + \
                    (" win" if len(state.winners()) > 1 else " wins")
        elif who == CHANCE:
            mover = "chance draws"
        else:
            mover = f"to move: {state.players[who]} ({state.players[who][0]})"
        final = "  ·  FINAL ROUND" if state.final_round else ""
        self._t(M + 0.07, top - 0.22, f"On Mars, teaching edition  ·  round {state.round}{final}", size=12,
                weight="bold")
        variant = state.variant()
        if variant:  # the rule options that differ from the default (the score sheet says it too)
            self._t(W - M - 0.05, top - 0.22, fit_text(f"Variant rules: {variant}", 9, 6.2), size=9, ha="right",
                    weight="bold", color=HIGHLIGHT)
        line = mover[:1].upper() + mover[1:] if who is None else f"Step: {step_title(state)}  ·  {mover}"
        self._t(M + 0.07, top - 0.5, line, size=9.5, weight="bold", color=HIGHLIGHT if who is not None else "black")
        is_view, seat = viewer(state)
        if is_view:
            whose = f"{state.players[seat]}'s view" if seat is not None else "A player's view"
            self._t(W - M - 0.05, top - 0.5, f"{whose}: the other players' Private Goals are hidden", size=9,
                    ha="right", style="italic")

    # ----------------------------------------------------------------- the hex map
    def _map(self, state, cx, cy, seat):
        bm = {b[0]: b for b in state.buildings}
        zone = set()
        if self.zones and seat is not None:
            for b in state.pieces[seat].bots:
                zone.update(D.ZONE[b])
        for h, rec in bm.items():
            if h not in zone:
                self._patches.append(RegularPolygon(_xy(h, cx, cy), 6, radius=HEX_R,
                                                    facecolor=BUILDING_COLOURS[rec[1]], edgecolor="#B8B0A8", lw=0.6))
        for h in sorted(zone):   # drawn last, so their orange edges are not covered by a neighbour's
            rec = bm.get(h)
            self._patches.append(RegularPolygon(_xy(h, cx, cy), 6, radius=HEX_R,
                                                facecolor=BUILDING_COLOURS[rec[1]] if rec else "#FFE0C2",
                                                edgecolor=HIGHLIGHT, lw=1.6))
        # Complexes: a short thick bar across the edge between adjacent Buildings of one type
        for h, btype, *_ in state.buildings:
            x, y = _xy(h, cx, cy)
            for nb in D.NEIGHBOURS[h]:
                other = bm.get(nb)
                if other and other[1] == btype and h < nb:
                    x2, y2 = _xy(nb, cx, cy)
                    self._lines.append((((x + 0.3 * (x2 - x), y + 0.3 * (y2 - y)),
                                         (x + 0.7 * (x2 - x), y + 0.7 * (y2 - y))), 4.5))
        pieces: dict = {}
        for p, pl in enumerate(state.pieces):
            pieces.setdefault(pl.rover, []).append(("triangle", p))
            for b in pl.bots:
                pieces.setdefault(b, []).append(("square", p))
        for h, _btype, _adv, _card, miner in state.buildings:
            if miner >= 0:
                pieces.setdefault(h, []).insert(0, ("disc", miner))
        sizes = complex_sizes(state)
        for h, btype, adv, _card, miner in state.buildings:
            x, y = _xy(h, cx, cy)
            label = D.BUILDING_LETTER[btype] + (str(sizes[h]) if sizes.get(h, 1) > 1 else "")
            if adv >= 0:
                self._front.append(Circle((x, y), HEX * 0.8, fill=False, edgecolor=SEAT_COLOURS[adv], lw=2.4))
            owner = "A" + state.players[adv][0] if adv >= 0 else ""
            if len(pieces.get(h, ())) <= PIECES_A_ROW:   # label in the middle, owner above it
                self._t(x, y + 0.02, label, size=10.5, weight="bold", ha="center", box=hex_box(x, y, -0.08, 0.12))
                if owner:
                    self._t(x, y + 0.2, owner, size=8, weight="bold", ha="center", box=hex_box(x, y, 0.13, 0.27))
            elif owner:                                   # two rows of pieces: both labels up, side by side
                bx0, by0, bx1, by1 = hex_box(x, y, 0.08, 0.22)
                self._t(x - 0.01, y + 0.15, label, size=9, weight="bold", ha="right", box=(bx0, by0, x, by1))
                self._t(x + 0.02, y + 0.15, owner, size=8, weight="bold", box=(x, by0, bx1, by1))
            else:
                self._t(x, y + 0.15, label, size=10.5, weight="bold", ha="center", box=hex_box(x, y, 0.06, 0.24))
        for h in state.map_crystals:         # upper right, clear of the labels and of the Complex bars
            x, y = _xy(h, cx, cy)
            self._front.append(RegularPolygon((x + 0.2, y + 0.12), 4, radius=0.075, facecolor=CRYSTAL,
                                              edgecolor="black", lw=0.5))
        for h, kind, _tid in state.tiles:    # left of the middle
            x, y = _xy(h, cx, cy)
            self._front.append(Rectangle((x - 0.285, y - 0.08), 0.18, 0.16, facecolor="white", edgecolor="black",
                                         lw=0.6))
            self._t(x - 0.195, y, "D" if kind == "discovery" else "Rs", size=8, ha="center",
                    box=(x - 0.285, y - 0.08, x - 0.105, y + 0.08))
        for h, here in pieces.items():       # at the bottom: one row, or two when crowded
            x, y = _xy(h, cx, cy)
            here.sort(key=lambda t: ("disc", "triangle", "square").index(t[0]))
            rows = [here] if len(here) <= PIECES_A_ROW else [here[:(len(here) + 1) // 2], here[(len(here) + 1) // 2:]]
            for r, row in enumerate(rows):   # more than 3 a row are squeezed
                step = min(PIECE_STEP, 0.56 / len(row))
                x0 = x - step * (len(row) - 1) / 2
                for k, (shape, p) in enumerate(row):
                    self._token(shape, x0 + k * step, y - 0.19 + 0.18 * r, p, state.players[p][0])

    def _legend(self, y, box):
        for row in _legend_rows(self.zones):
            for x, icon, arg, text in row:
                w = ICON_W[icon]
                if icon == "swatch":
                    self._patches.append(Rectangle((x, y - 0.09), w, 0.18, facecolor=BUILDING_COLOURS[arg],
                                                   edgecolor="#555555", lw=0.5))
                    self._t(x + w / 2, y, D.BUILDING_LETTER[arg], size=8, weight="bold", ha="center",
                            box=(x, y - 0.09, x + w, y + 0.09))
                elif icon == "bar":
                    self._lines.append((((x + 0.03, y), (x + w - 0.03, y)), 4.5))
                elif icon == "ring":
                    self._front.append(Circle((x + w / 2, y), 0.09, fill=False, edgecolor="#555555", lw=1.8))
                elif icon == "crystal":
                    self._front.append(RegularPolygon((x + w / 2, y), 4, radius=0.075, facecolor=CRYSTAL,
                                                      edgecolor="black", lw=0.5))
                elif icon == "tiles":
                    for k, s in enumerate(("D", "Rs")):
                        bx = x + 0.22 * k
                        self._front.append(Rectangle((bx, y - 0.08), 0.2, 0.16, facecolor="white", edgecolor="black",
                                                     lw=0.6))
                        self._t(bx + 0.1, y, s, size=8, ha="center", box=(bx, y - 0.08, bx + 0.2, y + 0.08))
                elif icon in ("square", "triangle", "disc"):
                    self._front.append(token(icon, x + w / 2, y - (0.01 if icon == "triangle" else 0), 0.13, "white"))
                elif icon == "zone":
                    self._patches.append(RegularPolygon((x + w / 2, y), 6, radius=0.1, facecolor="#FFE0C2",
                                                        edgecolor=HIGHLIGHT, lw=1.2))
                self._t(x + w + (0.06 if icon else 0), y, text, size=8, box=box)
            y -= LEGEND_ROW

    # ----------------------------------------------------------------- action spaces and turn order
    def _static_actions(self, n, panels):
        for side, acts in (("ORBIT", D.ORBIT_ACTIONS), ("COLONY", D.COLONY_ACTIONS)):
            box = panels[side.lower()]
            x0, top = box[0], box[3]
            self._t(x0 + 0.12, top - 0.2, f"{side} actions", size=9.5, weight="bold", box=box)
            for i, a in enumerate(acts):
                y = top - 0.5 - ACT_STEP * i
                for k in range(D.slots_for(a, n)):
                    self._patches.append(Circle((x0 + SLOT_X + SLOT_STEP * k, y), 0.1, fill=False, edgecolor=GRID,
                                                lw=0.7))
            y = top - 0.5 - ACT_STEP * 5 - 0.02
            self._t(x0 + 0.12, y, "Turn Order (bonuses ASSUMED)", size=8, box=box)
            y -= 0.28
            for k in range(D.TURN_ORDER_SPACES):
                cx = x0 + TURN_X + TURN_STEP * k
                self._patches.append(Rectangle((cx - 0.3, y - 0.15), 0.6, 0.3, facecolor="white", edgecolor="#777777",
                                               lw=0.6))
                if BONUS[D.TURN_ORDER_BONUS[k]]:
                    self._t(cx, y - 0.3, BONUS[D.TURN_ORDER_BONUS[k]], ha="center", size=8, color=NOTE,
                            box=(max(cx - TURN_STEP / 2, box[0]), box[1], min(cx + TURN_STEP / 2, box[2]), y - 0.15))

    def _actions(self, state, panels):
        taking = isinstance(state.to_move, int) and state.to_move != CHANCE
        for side, acts in (("orbit", D.ORBIT_ACTIONS), ("colony", D.COLONY_ACTIONS)):
            box = panels[side]
            x0, top = box[0], box[3]
            for i, a in enumerate(acts):
                y = top - 0.5 - ACT_STEP * i
                active = state.main == a and taking
                if active:
                    self._under.append(Rectangle((x0 + 0.05, y - 0.13), ACT_W - 0.1, 0.26, facecolor=ACTIVE_FILL,
                                                 edgecolor=HIGHLIGHT, lw=1.4))
                self._t(x0 + 0.12, y, SHORT_ACTION.get(a, D.ACTION_NAME[a]), size=8.5,
                        weight="bold" if active else "normal", color=HIGHLIGHT if active else "black",
                        box=(x0 + 0.05, y - 0.13, x0 + SLOT_X - 0.12, y + 0.13))
                for k, p in enumerate(state.slots[D.ACTIONS.index(a)]):
                    self._token("disc", x0 + SLOT_X + SLOT_STEP * k, y, p, state.players[p][0], size=0.2)
            y = top - 0.5 - ACT_STEP * 5 - 0.3
            base = 0 if side == "orbit" else D.TURN_ORDER_SPACES
            for k in range(D.TURN_ORDER_SPACES):
                if base + k in state.order:
                    cx = x0 + TURN_X + TURN_STEP * k
                    p = state.order.index(base + k)
                    face = "#BBBBBB" if state.done[p] else SEAT_COLOURS[p]
                    self._front.append(Rectangle((cx - 0.17, y - 0.11), 0.34, 0.22, facecolor=face,
                                                 edgecolor="black", lw=1.8 if p == state.to_move else 0.6))
                    self._t(cx, y, state.players[p][0], ha="center", size=8, weight="bold",
                            box=(cx - 0.17, y - 0.11, cx + 0.17, y + 0.11))

    # ----------------------------------------------------------------- tracks, missions, displays
    def _static_tracks(self, box, level_up_at):
        x0, top = box[0], box[3]
        y = top - 0.24
        self._t(x0 + 0.12, y, "Shuttle", size=9, weight="bold", box=box)
        sx = x0 + SHUTTLE_X                # Orbit 3 2 1 | 0 | 1 2 3 Colony
        self._t(sx - 3 * SHUTTLE_STEP - 0.19, y, "Orbit", size=8, ha="right", box=box)
        for k in range(-3, 4):
            cx = sx + SHUTTLE_STEP * k
            self._patches.append(Rectangle((cx - 0.13, y - 0.11), 0.26, 0.22, facecolor="white",
                                           edgecolor=HIGHLIGHT if k == 0 else "#777777", lw=1.2 if k == 0 else 0.6))
        self._t(sx + 3 * SHUTTLE_STEP + 0.19, y, "Colony", size=8, box=box)
        ups = set(level_up_at)
        for i, track in enumerate(D.LSS_TRACKS):
            y = top - 0.84 - 0.23 * i
            self._t(x0 + 0.12, y, f"LSS {D.BUILDING_NAME[track]}", size=8, box=box)
            for k in range(1, D.LSS_MAX + 1):
                self._patches.append(Rectangle((x0 + LSS_X + LSS_STEP * (k - 1), y - 0.08), 0.15, 0.16,
                                               facecolor="none", edgecolor=HIGHLIGHT if k in ups else "#555555",
                                               lw=1.2 if k in ups else 0.5))
        self._t(x0 + 0.12, top - 1.76,
                "orange edge: the Colony level rises when all four LSS tracks reach it (ASSUMED)", size=8,
                color=NOTE, box=box)
        self._t(x0 + MISSIONS_X, top - 0.84, "Missions (contributions / target)", size=9, weight="bold", box=box)

    def _tracks(self, state, box):
        x0, top = box[0], box[3]
        y = top - 0.24
        sx = x0 + SHUTTLE_X
        pos = -state.shuttle_pos if state.shuttle_side == "orbit" else state.shuttle_pos
        px = sx + SHUTTLE_STEP * pos
        self._front.append(Polygon([(px - 0.1, y - 0.08), (px + 0.1, y - 0.08), (px, y + 0.09)], closed=True,
                                   facecolor="#444444"))
        if state.shuttle_left:
            self._t(sx + 3 * SHUTTLE_STEP + 0.75, y, f"(left the {state.shuttle_left.capitalize()} this phase)",
                    size=8, box=box)
        # Colony level and the LSS tracks (the filled spaces go under the static outlines)
        end = ""
        if state.end_triggered:
            end = ("  ·  END TRIGGERED"
                   + (" (round limit, ASSUMED)" if state.remaining < state.options.missions_to_end else ""))
        self._t(x0 + 0.12, top - 0.55, f"Colony level {state.level}  ·  Remaining Missions {state.remaining}/"
                                       f"{state.options.missions_to_end}{end}",
                size=9, weight="bold", color=HIGHLIGHT if state.end_triggered else "black", box=box)
        for i, track in enumerate(D.LSS_TRACKS):
            y = top - 0.84 - 0.23 * i
            for k in range(1, min(state.lss[i], D.LSS_MAX) + 1):
                self._under.append(Rectangle((x0 + LSS_X + LSS_STEP * (k - 1), y - 0.08), 0.15, 0.16,
                                             facecolor=BUILDING_COLOURS[track], edgecolor="none"))
            self._t(x0 + LSS_X + LSS_STEP * D.LSS_MAX + 0.06, y, str(state.lss[i]), size=8, weight="bold", box=box)
        cards = state.cards
        width = box[2] - x0 - MISSIONS_X - 0.1
        lines = [fit_text(f"{cards.missions[card][0]}: {cards.missions[card][1].replace('construct:', 'build ')} "
                          f"{n}/{mission_target(state, card)}", 8, width) for card, n in state.missions]
        if lines:
            self._t(x0 + MISSIONS_X, top - 0.99, "\n".join(lines), size=8, va="top", box=box)

    def _displays(self, state, box):
        cards = state.cards
        bps = ", ".join(f"{D.BUILDING_LETTER[cards.blueprints[c][0]]}{cards.blueprints[c][1]}"
                        for c in state.bp_display)
        sci = ", ".join(cards.scientists[c][0] for c in state.sci_display) or "none"
        con = ", ".join(cards.contracts[c][0] for c in state.con_display) or "none"
        grid = ", ".join(f"{TECH_SHORT.get(t, D.TECH_NAME[t])} {k}" for t, k in zip(D.TECHS, state.tech_grid))
        wh = ", ".join(f"{i.capitalize()} {k}" for i, k in zip(D.ITEMS, state.warehouse))
        lines = (f"Blueprint display: {bps or 'empty'}", f"Scientists: {sci}", f"Earth Contracts: {con}",
                 f"Tech Grid: {grid}", f"Warehouse: {wh}  ·  Crystal supply: {state.supply}")
        width = box[2] - box[0] - 0.24    # only the lines naming cards can be too long (see _player)
        self._t(box[0] + 0.12, box[3] - 0.36, "\n".join(fit_text(line, 8, width) if k in (1, 2) else line
                                                         for k, line in enumerate(lines)), size=8, va="top", box=box)

    # ----------------------------------------------------------------- player boards
    @staticmethod
    def _row_boxes(y):
        """The boxes of a player row at height y: the row, and its text, Depot, Lab and score columns."""
        top = y + ROW_H - 0.04
        return {"row": (M, y + 0.04, W - M, top), "text": (M + 0.06, y + 0.06, DEPOT_X - 0.1, top - 0.04),
                "depot": (DEPOT_X - 0.05, y + 0.06, LAB_X - 0.1, top - 0.04),
                "lab": (LAB_X - 0.05, y + 0.06, SCORE_X - 0.1, top - 0.04),
                "score": (SCORE_X - 0.05, y + 0.06, W - M - 0.06, top - 0.04)}

    def _static_player(self, p, y):
        top = y + ROW_H - 0.04
        boxes = self._row_boxes(y)
        self._panel(boxes["row"])
        self._patches.append(Rectangle((0.18, top - 0.3), 0.22, 0.22, facecolor=SEAT_COLOURS[p], edgecolor="black",
                                       lw=0.6))
        for k in range(D.DEPOT_SPACES):
            self._patches.append(Rectangle((DEPOT_X + DEPOT_STEP * k, top - 0.6), 0.19, 0.22, facecolor="white",
                                           edgecolor="black", lw=0.5))
        self._t(LAB_X, top - 0.19, "Lab (columns: level 1-4)", size=8.5, weight="bold", box=boxes["lab"])
        for ri, row in enumerate(D.LAB_ROWS):
            cy = top - 0.42 - LAB_ROW * (2 - ri)
            self._t(LAB_X + 0.44, cy, row, size=8, ha="right", color=NOTE, box=(LAB_X - 0.05, cy - 0.1, LAB_X + 0.46,
                                                                                  cy + 0.1))
            for col in range(D.LAB_COLUMNS):
                self._patches.append(Rectangle((LAB_X + 0.48 + LAB_STEP * col, cy - 0.1), 0.55, 0.2, facecolor="white",
                                               edgecolor="#666666", lw=0.4))

    def _player(self, state, p, y, active, sheet):
        pl = state.pieces[p]
        top = y + ROW_H - 0.04
        boxes = self._row_boxes(y)
        winner = state.to_move is None and p in state.winners()
        x0, y0, x1, y1 = boxes["row"]
        if active:
            self._under.append(Rectangle((x0, y0), x1 - x0, y1 - y0, facecolor=ACTIVE_FILL, edgecolor="none"))
        if active or winner:
            self._patches.append(Rectangle((x0, y0), x1 - x0, y1 - y0, facecolor="none", edgecolor=HIGHLIGHT,
                                           lw=2.4 if active else 1.6))
        self._t(0.29, top - 0.19, state.players[p][0], ha="center", size=8.5, weight="bold",
                box=(0.18, top - 0.3, 0.4, top - 0.08))
        side = "Orbit" if 0 <= state.order[p] < D.TURN_ORDER_SPACES else "Colony"
        tag = "  ◀ to move" if active else "  ★ WINNER" if winner else ""
        self._t(0.5, top - 0.19, f"{state.players[p]} ({side}){tag}", size=9.5, weight="bold",
                color=HIGHLIGHT if active else "black", box=boxes["text"])
        res = ", ".join(f"{r.capitalize()} {v}" for r, v in zip(D.RESOURCES, pl.res))
        cards = state.cards
        bps = ", ".join(f"{D.BUILDING_LETTER[cards.blueprints[b][0]]}{cards.blueprints[b][1]}{'*' if u else ''}"
                        for b, u in pl.blueprints) or "none"
        sci = ", ".join(cards.scientists[s][0] + (" (placed)" if h else "") for s, h in pl.scientists) or "none"
        con = ", ".join(cards.contracts[k][0] for k in pl.contracts) or "none"
        hidden = sum(1 for g in pl.goals if g < 0)
        known = [cards.goals[g][0] for g in pl.goals if g >= 0]
        goals = ", ".join(known + ([f"{hidden} hidden"] if hidden else [])) or "none"
        done = f";  completed: {cards.goals[pl.goal_done][0]}" if pl.goal_done >= 0 else ""
        lines = (f"Storage: {res}  (max {state.options.resource_cap} each)",
                 f"Colonists: Living Quarters {pl.lq}, Working Area {pl.wa}, reserve {pl.reserve}  ·  "
                 f"Bots {len(pl.bots)}/{D.BOTS}",
                 f"Progress cubes {pl.progress}/{D.PROGRESS_CUBES}  ·  Contracts: {con}",
                 f"Blueprints (* built): {bps}  ·  Scientists: {sci}",
                 f"Private Goals: {goals}{done}")
        # the first two lines hold only numbers and fit (the widest are tested); the others name cards and are
        # cut to the column (measuring a line costs as much as drawing it, so only these are measured)
        self._t(0.18, top - 0.36, "\n".join(lines[:2] + tuple(fit_text(line, 8, TEXT_W) for line in lines[2:])),
                size=8, va="top", box=boxes["text"])
        # Depot: spaces bottom (left) to top (right); Ships cover the top ones
        xd = DEPOT_X
        cap = state.options.crystal_cap_base + D.DEPOT_SPACES - pl.depot_ships
        self._t(xd, top - 0.19, f"Depot: Crystals {pl.crystals}/{cap}", size=8.5, weight="bold", box=boxes["depot"])
        for k in range(D.DEPOT_SPACES - pl.depot_ships, D.DEPOT_SPACES):
            self._hatched.append(Rectangle((xd + DEPOT_STEP * k, top - 0.6), 0.19, 0.22, facecolor="#9E9E9E",
                                           edgecolor="black", lw=0.5))
        self._t(xd, top - 0.78, f"hatched = {pl.depot_ships} Ship{'s' if pl.depot_ships != 1 else ''} on it",
                size=8, color=NOTE, box=boxes["depot"])
        self._t(xd, top - 0.96, f"Hangar: {pl.hangar} Ship{'s' if pl.hangar != 1 else ''}", size=8, box=boxes["depot"])
        # Laboratory: 3 rows x 4 columns
        for t, row, col in pl.lab:
            cy = top - 0.42 - LAB_ROW * (2 - D.LAB_ROWS.index(row))
            cx = LAB_X + 0.48 + LAB_STEP * (col - 1)
            self._patches.append(Rectangle((cx, cy - 0.1), 0.55, 0.2, facecolor="#D9EAF7", edgecolor="#666666",
                                           lw=0.4))
            self._t(cx + 0.275, cy, LAB_SHORT.get(t, t[:7]), ha="center", size=8, box=(cx, cy - 0.1, cx + 0.55,
                                                                                      cy + 0.1))
        # the score so far: the total, then every category that scores, in columns of 5
        xs = SCORE_X
        self._t(xs, top - 0.19, f"OP now: {sheet.totals[p]}" + (" (final)" if sheet.final else " (so far)"),
                size=9, weight="bold", box=boxes["score"])
        cats = [f"{CATEGORY_SHORT.get(r.category, r.category)} {r.points:+d}"
                for r in sheet.rows if r.player == p and r.points]
        for k in range(0, len(cats), 5):      # at most 9 categories: two columns
            part = [fit_text(c, 8, boxes["score"][2] - xs) for c in cats[k: k + 5]]
            self._t(xs, top - 0.36, "\n".join(part), size=8, va="top", box=boxes["score"])
            xs += max(text_width(c, 8) for c in part) + 0.15


def draw(state, ax=None, zones=False):
    """The board of this state (a pure function of it): returns the matplotlib Figure."""
    return Board(state, ax=ax, zones=zones).fig
