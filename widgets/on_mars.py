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
Research tiles. With `zones=True` the Building Zones of the player to move are shaded.

Top right: the Orbit and Colony action spaces with the Colonists on their slots (the action being
taken in orange), the Turn Order spaces (markers of players who are done in grey), the Shuttle track,
the Colony level and the four LSS tracks (orange edges: the spaces that raise the Colony level), the
Missions and the displays. Below: one row per player (Storage, Colonists, Blueprints, Scientists,
Contracts, Private Goals, the Depot with its Ships, the Hangar, the Lab grid and the score so far).

The drawing is in inches (13.8 wide, about 1000 pixels in a notebook); every text is at least 7 points.
Colours are Okabe-Ito (colour-blind safe) and always come with letters; the player to move is boxed
in orange. All texts go through one `boardkit.TextLayer` and the shapes through a few collections,
which keeps a redraw fast.
"""
from __future__ import annotations

import math

from matplotlib.patches import Circle, Polygon, Rectangle, RegularPolygon

from mars_rules import CHANCE
from mars_rules.on_mars import data as D

from .boardkit import (HIGHLIGHT, OKABE_ITO, PNG_DPI, SEAT_COLOURS, LayeredBoard, board_axes, fit_text, text_width,
                       token)
from .common import step_title

BUILDING_COLOURS = {"mine": "#A6761D", "generator": OKABE_ITO["yellow"], "water": "#6BAED6",
                    "greenhouse": "#A6D96A", "oxygen": "#E0E0E0", "shelter": "#FDB863"}
CRYSTAL = "#00CED1"
ACTIVE_FILL = "#FFF3E0"
GRID = "#999999"
W = 13.8                          # drawing width in inches (data units are inches)
HEX = 0.38                        # hex size, centre to corner
SQ3 = math.sqrt(3)
MAP_W = (2 * D.MAP_RADIUS + 1) * SQ3 * HEX
MAP_H = (3 * D.MAP_RADIUS + 2) * HEX
MAP_CX = 0.12 + MAP_W / 2
TOP_H = 0.72 + MAP_H + 0.78       # title, map and legend
ROW_H = 1.12                      # one player row
RIGHT_X = 6.55                    # the action spaces, tracks and displays
TEXT_W, DEPOT_X, LAB_X, SCORE_X = 5.7, 6.05, 8.05, 10.85   # in a player row
SHORT_ACTION = {"rnd": "Research and Development", "hire": "Hire Scientist / Earth Contract"}
BONUS = {"crystal": "+1 Crystal", "choice": "+1 Resource", "": ""}
LAB_SHORT = {"mine": "Mine", "generator": "Gener.", "water": "Water", "greenhouse": "Green.", "oxygen": "Oxygen",
             "shelter": "Shelter", "rover": "Rover", "upgrade": "Upgrade"}
TECH_SHORT = {"water": "Water", "oxygen": "Oxygen"}
CATEGORY_SHORT = {"Advanced Buildings / Blueprints": "Blueprints", "Colony level-ups": "Level-ups"}


def default_figsize(players: int) -> tuple:
    """The default figure size in inches for this many players."""
    return W, TOP_H + ROW_H * players + 0.1


def _xy(h, cx, cy):
    q, r = h
    return cx + HEX * SQ3 * (q + r / 2), cy - HEX * 1.5 * r


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
    number of players (hex grid, legend, empty slots, track and Lab cells, frames) is the static layer,
    drawn once; an update redraws only the pieces and texts of the position."""

    LINESPACING = 1.45

    def __init__(self, state, ax=None, figsize=None, zones=False):
        self.zones = zones
        self.fig, self.ax = board_axes(ax, figsize or default_figsize(len(state.players)), rect=(0, 0, 1, 1),
                                       dpi=PNG_DPI)
        self._start_layers()
        self.update(state)

    def layout(self, state):
        return len(state.players), self.zones

    def _static(self, state):
        n = len(state.players)
        top = TOP_H + ROW_H * n + 0.1
        ax = self.ax
        ax.set_axis_off()
        ax.set_xlim(0, W)
        ax.set_ylim(0, top)
        ax.set_aspect("equal")
        cx, cy = MAP_CX, top - 0.72 - MAP_H / 2
        for h in D.HEXES:
            self._patches.append(RegularPolygon(_xy(h, cx, cy), 6, radius=HEX * 0.97, facecolor="#F7F3EE",
                                                edgecolor="#B8B0A8", lw=0.6))
        self._legend(cy - MAP_H / 2 - 0.12)
        self._static_actions(n, RIGHT_X, top - 0.95)
        self._static_tracks(RIGHT_X, top - 3.55)
        for p in range(n):
            self._static_player(p, top - TOP_H - ROW_H * (p + 1))

    def _dynamic(self, state):
        n = len(state.players)
        top = TOP_H + ROW_H * n + 0.1
        seat = state.to_move if isinstance(state.to_move, int) and state.to_move != CHANCE else None
        self._title(state, top)
        self._map(state, MAP_CX, top - 0.72 - MAP_H / 2, seat)
        self._actions(state, RIGHT_X, top - 0.95)
        self._tracks(state, RIGHT_X, top - 3.55)
        sheet = state.score()
        for p in range(n):
            self._player(state, p, top - TOP_H - ROW_H * (p + 1), p == seat, sheet)

    def _token(self, shape, x, y, seat, letter, size=0.15):
        """A seat's piece: "square" (Bot), "triangle" (Rover), "disc" (Miner, Colonist), with its letter."""
        self._front.append(token(shape, x, y, size, SEAT_COLOURS[seat]))
        self._t(x, y - (0.014 if shape == "triangle" else 0), letter, size=7 if size < 0.18 else 8,
                weight="bold", ha="center")

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
        self._t(0.15, top - 0.22, f"On Mars, teaching edition  ·  round {state.round}{final}", size=12,
                weight="bold")
        line = mover[:1].upper() + mover[1:] if who is None else f"Step: {step_title(state)}  ·  {mover}"
        self._t(0.15, top - 0.5, line, size=9.5, weight="bold",
                color=HIGHLIGHT if who is not None else "black")
        is_view, seat = viewer(state)
        if is_view:
            whose = f"{state.players[seat]}'s view" if seat is not None else "A player's view"
            self._t(W - 0.12, top - 0.5, f"{whose}: the other players' Private Goals are hidden", size=9,
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
                self._patches.append(RegularPolygon(_xy(h, cx, cy), 6, radius=HEX * 0.97,
                                                    facecolor=BUILDING_COLOURS[rec[1]], edgecolor="#B8B0A8", lw=0.6))
        for h in sorted(zone):   # drawn last, so their orange edges are not covered by a neighbour's
            rec = bm.get(h)
            self._patches.append(RegularPolygon(_xy(h, cx, cy), 6, radius=HEX * 0.97,
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
            crowded = len(pieces.get(h, ())) > 4       # two rows of pieces: the label goes up
            label = D.BUILDING_LETTER[btype] + (str(sizes[h]) if sizes.get(h, 1) > 1 else "")
            self._t(x, y + (0.19 if crowded else 0.05), label, size=10.5, weight="bold", ha="center")
            if adv >= 0:
                self._front.append(Circle((x, y), HEX * 0.8, fill=False, edgecolor=SEAT_COLOURS[adv], lw=2.4))
                self._t(x - (0.22 if crowded else 0), y + (0.19 if crowded else 0.22), "A" + state.players[adv][0],
                        size=7, weight="bold", ha="center")
        for h in state.map_crystals:
            x, y = _xy(h, cx, cy)
            self._front.append(RegularPolygon((x + 0.17, y + 0.15), 4, radius=0.08, facecolor=CRYSTAL,
                                              edgecolor="black", lw=0.5))
        for h, kind, _tid in state.tiles:
            x, y = _xy(h, cx, cy)
            self._front.append(Rectangle((x - 0.3, y + 0.07), 0.22, 0.16, facecolor="white", edgecolor="black",
                                         lw=0.6))
            self._t(x - 0.19, y + 0.15, "D" if kind == "discovery" else "Rs", size=7, ha="center")
        for h, here in pieces.items():
            x, y = _xy(h, cx, cy)
            here.sort(key=lambda t: ("disc", "triangle", "square").index(t[0]))
            rows = [here] if len(here) <= 4 else [here[:(len(here) + 1) // 2], here[(len(here) + 1) // 2:]]
            for r, row in enumerate(rows):   # at most 4 a row fit; more are squeezed
                step = min(0.165, 0.62 / len(row))
                x0 = x - step * (len(row) - 1) / 2
                for k, (shape, p) in enumerate(row):
                    self._token(shape, x0 + k * step, y - 0.19 + 0.2 * r, p, state.players[p][0])

    def _legend(self, y):
        x = 0.15
        for btype in D.BUILDINGS:
            self._patches.append(Rectangle((x, y - 0.09), 0.2, 0.18, facecolor=BUILDING_COLOURS[btype],
                                           edgecolor="#555555", lw=0.5))
            self._t(x + 0.1, y, D.BUILDING_LETTER[btype], size=7.5, weight="bold", ha="center")
            name = D.BUILDING_NAME[btype]
            self._t(x + 0.25, y, name, size=7.5)
            x += 0.4 + text_width(name, 7.5)
        y -= 0.26
        self._t(0.15, y, "n = Complex size", size=7.5)
        self._front.append(Circle((1.3, y), 0.1, fill=False, edgecolor="#555555", lw=1.8))
        self._t(1.45, y, "A + letter = Advanced (owner)", size=7.5)
        self._front.append(RegularPolygon((3.35, y), 4, radius=0.08, facecolor=CRYSTAL, edgecolor="black", lw=0.5))
        self._t(3.47, y, "Crystal", size=7.5)
        self._t(4.05, y, "D / Rs = Discovery / Research tile", size=7.5)
        y -= 0.26
        x = 0.22
        for shape, name in (("square", "Bot"), ("triangle", "Rover"), ("disc", "Miner")):
            self._front.append(token(shape, x, y, 0.13, "white"))
            self._t(x + 0.12, y, name, size=7.5)
            x += 0.27 + text_width(name, 7.5)
        self._t(x - 0.05, y, "(letter = owner)" + ("   shaded = Building Zones of the player to move"
                                                   if self.zones else ""), size=7.5)

    # ----------------------------------------------------------------- action spaces and turn order
    def _static_actions(self, n, x, y0):
        for col, (side, acts) in enumerate((("ORBIT", D.ORBIT_ACTIONS), ("COLONY", D.COLONY_ACTIONS))):
            x0 = x + col * 3.65
            self._t(x0, y0, f"{side} actions", size=9.5, weight="bold")
            for i, a in enumerate(acts):
                y = y0 - 0.3 * (i + 1)
                for k in range(D.slots_for(a, n)):
                    self._patches.append(Circle((x0 + 2.45 + 0.26 * k, y), 0.1, fill=False, edgecolor=GRID, lw=0.7))
            y = y0 - 0.3 * 6.2
            self._t(x0, y, "Turn Order", size=8)
            for k in range(D.TURN_ORDER_SPACES):
                cx = x0 + 1.05 + 0.66 * k
                self._patches.append(Rectangle((cx - 0.22, y - 0.15), 0.44, 0.3, fill=False, edgecolor="#777777",
                                               lw=0.6))
                if BONUS[D.TURN_ORDER_BONUS[k]]:
                    self._t(cx, y - 0.26, BONUS[D.TURN_ORDER_BONUS[k]], ha="center", size=7, color="#333333")

    def _actions(self, state, x, y0):
        taking = isinstance(state.to_move, int) and state.to_move != CHANCE
        for col, acts in enumerate((D.ORBIT_ACTIONS, D.COLONY_ACTIONS)):
            x0 = x + col * 3.65
            for i, a in enumerate(acts):
                y = y0 - 0.3 * (i + 1)
                active = state.main == a and taking
                if active:
                    self._under.append(Rectangle((x0 - 0.05, y - 0.13), 3.5, 0.26, facecolor=ACTIVE_FILL,
                                                 edgecolor=HIGHLIGHT, lw=1.4))
                self._t(x0, y, SHORT_ACTION.get(a, D.ACTION_NAME[a]), size=8.5, weight="bold" if active else "normal",
                        color=HIGHLIGHT if active else "black")
                for k, p in enumerate(state.slots[D.ACTIONS.index(a)]):
                    self._token("disc", x0 + 2.45 + 0.26 * k, y, p, state.players[p][0], size=0.2)
            y = y0 - 0.3 * 6.2
            for k in range(D.TURN_ORDER_SPACES):
                space = col * D.TURN_ORDER_SPACES + k
                if space in state.order:
                    cx = x0 + 1.05 + 0.66 * k
                    p = state.order.index(space)
                    face = "#BBBBBB" if state.done[p] else SEAT_COLOURS[p]
                    self._front.append(Rectangle((cx - 0.17, y - 0.11), 0.34, 0.22, facecolor=face,
                                                 edgecolor="black", lw=1.8 if p == state.to_move else 0.6))
                    self._t(cx, y, state.players[p][0], ha="center", size=8, weight="bold")

    # ----------------------------------------------------------------- tracks, missions, displays
    def _static_tracks(self, x0, y0):
        self._t(x0, y0, "Shuttle", size=9, weight="bold")
        sx = x0 + 2.2                      # Orbit 3 2 1 | 0 | 1 2 3 Colony
        self._t(sx - 1.12, y0, "Orbit", size=8, ha="right")
        for k in range(-3, 4):
            cx = sx + 0.32 * k
            self._patches.append(Rectangle((cx - 0.14, y0 - 0.12), 0.28, 0.24, fill=False,
                                           edgecolor=HIGHLIGHT if k == 0 else "#777777", lw=1.2 if k == 0 else 0.6))
        self._t(sx + 1.12, y0, "Colony", size=8)
        ups = set(D.LEVEL_UP_AT.values())
        for i, track in enumerate(D.LSS_TRACKS):
            y = y0 - 0.66 - 0.22 * i
            self._t(x0, y, f"LSS {D.BUILDING_NAME[track]}", size=8)
            for k in range(1, D.LSS_MAX + 1):
                self._patches.append(Rectangle((x0 + 1.47 + 0.19 * k, y - 0.08), 0.16, 0.16, facecolor="none",
                                               edgecolor=HIGHLIGHT if k in ups else "#555555",
                                               lw=1.2 if k in ups else 0.5))
        self._t(x0 + 4.3, y0 - 0.66 - 0.22 * 3, "◂ orange edge: the Colony level rises", size=7.5,
                color="#333333")
        self._t(x0 + 4.3, y0 - 0.38, "Missions (contributions / target)", size=9, weight="bold")

    def _tracks(self, state, x0, y0):
        sx = x0 + 2.2
        pos = -state.shuttle_pos if state.shuttle_side == "orbit" else state.shuttle_pos
        px = sx + 0.32 * pos
        self._front.append(Polygon([(px - 0.1, y0 - 0.08), (px + 0.1, y0 - 0.08), (px, y0 + 0.1)], closed=True,
                                   facecolor="#444444"))
        if state.shuttle_left:
            self._t(sx + 1.65, y0, f"(left the {state.shuttle_left.capitalize()} this phase)", size=8)
        # Colony level and the LSS tracks (the filled spaces go under the static outlines)
        end = "  ·  END TRIGGERED" if state.end_triggered else ""
        self._t(x0, y0 - 0.38, f"Colony level {state.level}  ·  Remaining Missions {state.remaining}/"
                               f"{D.MISSIONS_TO_END}{end}",
                size=9, weight="bold", color=HIGHLIGHT if state.end_triggered else "black")
        for i, track in enumerate(D.LSS_TRACKS):
            y = y0 - 0.66 - 0.22 * i
            for k in range(1, min(state.lss[i], D.LSS_MAX) + 1):
                self._under.append(Rectangle((x0 + 1.47 + 0.19 * k, y - 0.08), 0.16, 0.16,
                                             facecolor=BUILDING_COLOURS[track], edgecolor="none"))
            self._t(x0 + 1.55 + 0.19 * D.LSS_MAX + 0.15, y, str(state.lss[i]), size=8, weight="bold")
        cards = state.cards
        lines = [f"{cards.missions[card][0]}: {cards.missions[card][1].replace('construct:', 'build ')} "
                 f"{n}/{cards.missions[card][2]}" for card, n in state.missions]
        if lines:
            self._t(x0 + 4.3, y0 - 0.55, "\n".join(lines), size=8, va="top")
        # the displays
        bps = ", ".join(f"{D.BUILDING_LETTER[cards.blueprints[c][0]]}{cards.blueprints[c][1]}" for c in state.bp_display)
        sci = ", ".join(cards.scientists[c][0] for c in state.sci_display) or "none"
        con = ", ".join(cards.contracts[c][0] for c in state.con_display) or "none"
        grid = ", ".join(f"{TECH_SHORT.get(t, D.TECH_NAME[t])} {k}" for t, k in zip(D.TECHS, state.tech_grid))
        wh = ", ".join(f"{i.capitalize()} {k}" for i, k in zip(D.ITEMS, state.warehouse))
        self._t(x0, y0 - 1.62, f"Blueprint display: {bps or 'empty'}   Scientists: {sci}\n"
                               f"Earth Contracts: {con}\nTech Grid: {grid}\n"
                               f"Warehouse: {wh}   Crystal supply: {state.supply}", size=8, va="top")

    # ----------------------------------------------------------------- player boards
    def _static_player(self, p, y):
        top = y + ROW_H - 0.04
        self._patches.append(Rectangle((0.08, y + 0.04), W - 0.16, ROW_H - 0.08, facecolor="none", edgecolor=GRID,
                                       lw=0.7))
        self._patches.append(Rectangle((0.18, top - 0.3), 0.22, 0.22, facecolor=SEAT_COLOURS[p], edgecolor="black",
                                       lw=0.6))
        for k in range(D.DEPOT_SPACES):
            self._patches.append(Rectangle((DEPOT_X + 0.235 * k, top - 0.6), 0.2, 0.22, facecolor="white",
                                           edgecolor="black", lw=0.5))
        self._t(LAB_X, top - 0.19, "Lab (columns: level 1-4)", size=8.5, weight="bold")
        for ri, row in enumerate(D.LAB_ROWS):
            cy = top - 0.46 - 0.2 * (2 - ri)
            self._t(LAB_X + 0.36, cy, row, size=7, ha="right", color="#333333")
            for col in range(D.LAB_COLUMNS):
                self._patches.append(Rectangle((LAB_X + 0.42 + 0.56 * col, cy - 0.09), 0.53, 0.18, facecolor="white",
                                               edgecolor="#666666", lw=0.4))

    def _player(self, state, p, y, active, sheet):
        pl = state.pieces[p]
        top = y + ROW_H - 0.04
        winner = state.to_move is None and p in state.winners()
        if active:
            self._under.append(Rectangle((0.08, y + 0.04), W - 0.16, ROW_H - 0.08, facecolor=ACTIVE_FILL,
                                         edgecolor="none"))
        if active or winner:
            self._patches.append(Rectangle((0.08, y + 0.04), W - 0.16, ROW_H - 0.08, facecolor="none",
                                           edgecolor=HIGHLIGHT, lw=2.4 if active else 1.6))
        self._t(0.29, top - 0.19, state.players[p][0], ha="center", size=8.5, weight="bold")
        side = "Orbit" if 0 <= state.order[p] < D.TURN_ORDER_SPACES else "Colony"
        tag = "  ◀ to move" if active else "  ★ WINNER" if winner else ""
        self._t(0.5, top - 0.19, f"{state.players[p]} ({side}){tag}", size=9.5, weight="bold",
                color=HIGHLIGHT if active else "black")
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
        lines = (f"Storage: {res}  (max {D.RESOURCE_CAP} each)",
                 f"Colonists: Living Quarters {pl.lq}, Working Area {pl.wa}, reserve {pl.reserve}  ·  "
                 f"Bots {len(pl.bots)}/{D.BOTS}  ·  Progress cubes {pl.progress}/{D.PROGRESS_CUBES}",
                 f"Blueprints (* built): {bps}  ·  Contracts: {con}",
                 f"Scientists: {sci}  ·  Private Goals: {goals}{done}")
        self._t(0.18, top - 0.42, "\n".join(fit_text(line, 8, TEXT_W) for line in lines), size=8, va="top")
        # Depot: spaces bottom (left) to top (right); Ships cover the top ones
        xd = DEPOT_X
        cap = D.CRYSTAL_CAP_BASE + D.DEPOT_SPACES - pl.depot_ships
        self._t(xd, top - 0.19, f"Depot: Crystals {pl.crystals}/{cap}", size=8.5, weight="bold")
        for k in range(D.DEPOT_SPACES - pl.depot_ships, D.DEPOT_SPACES):
            self._hatched.append(Rectangle((xd + 0.235 * k, top - 0.6), 0.2, 0.22, facecolor="#9E9E9E",
                                           edgecolor="black", lw=0.5))
        self._t(xd, top - 0.8, f"hatched = {pl.depot_ships} Ship{'s' if pl.depot_ships != 1 else ''} on it",
                size=7.5, color="#333333")
        self._t(xd, top - 0.98, f"Hangar: {pl.hangar} Ship{'s' if pl.hangar != 1 else ''}", size=8)
        # Laboratory: 3 rows x 4 columns
        for t, row, col in pl.lab:
            cy = top - 0.46 - 0.2 * (2 - D.LAB_ROWS.index(row))
            cx = LAB_X + 0.42 + 0.56 * (col - 1)
            self._patches.append(Rectangle((cx, cy - 0.09), 0.53, 0.18, facecolor="#D9EAF7", edgecolor="#666666",
                                           lw=0.4))
            self._t(cx + 0.265, cy, LAB_SHORT.get(t, t[:7]), ha="center", size=7)
        # the score so far
        xs = SCORE_X
        self._t(xs, top - 0.19, f"OP now: {sheet.totals[p]}" + (" (final)" if sheet.final else " (so far)"),
                size=9, weight="bold")
        cats = [(CATEGORY_SHORT.get(r.category, r.category), r.points)
                for r in sheet.rows if r.player == p and r.points]
        if len(cats) > 6:
            rest = cats[5:]
            cats = cats[:5] + [(f"{len(rest)} more", sum(v for _, v in rest))]
        for half in (0, 1):
            part = cats[3 * half: 3 * half + 3]
            if part:
                self._t(xs + 1.45 * half, top - 0.4, "\n".join(f"{c} {v:+d}" for c, v in part), size=7.5, va="top")


def draw(state, ax=None, zones=False):
    """The board of this state (a pure function of it): returns the matplotlib Figure."""
    return Board(state, ax=ax, zones=zones).fig
