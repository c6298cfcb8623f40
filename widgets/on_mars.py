"""The On Mars (teaching edition) board as a matplotlib figure: `draw(state, ax=None, zones=False)` and
`Board(state).update(state)`.

Left: the hex map. Buildings are hexes filled by type with their letter (M Mine, G Generator,
W Water Extractor, H Greenhouse, O Oxygen Condenser, S Shelter); a thick dark line joins adjacent
Buildings of one type, so Complexes are visible, and the Complex size is printed when it is 2 or more.
An Advanced Building carries its owner's colour ring and "A"; a Miner is a small disc with the
owner's letter. Bots are squares "B", Rovers triangles "R" (owner's colour and letter), Crystals
small cyan diamonds, Discovery tiles "D" and Research tiles "Rs". With `zones=True` the Building
Zones of the player to move are shaded.

Right: the Orbit and Colony action spaces with the Colonists on their slots, the Turn Order spaces
(markers laid down shown in grey), the Shuttle track, the four LSS tracks, the Colony level, the
Remaining Missions marker, the Missions and the displays. Below: one row per player (Storage, Depot
with its Ships, Hangar, Lab grid, Living Quarters, Working Area, Blueprints, Progress cubes).
Colours are Okabe-Ito (colour-blind safe) and always come with letters; the player to move is
highlighted.
"""
from __future__ import annotations

import math

from matplotlib.figure import Figure
from matplotlib.patches import Circle, Polygon, Rectangle, RegularPolygon

from mars_rules.on_mars import data as D

SEAT_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7")
BUILDING_COLOURS = {"mine": "#A6761D", "generator": "#F0E442", "water": "#6BAED6", "greenhouse": "#A6D96A",
                    "oxygen": "#E0E0E0", "shelter": "#FDB863"}
HIGHLIGHT = "#D55E00"
HEX = 0.86                       # hex size (centre to corner) in data units
MAP_CX, X_MAX = 7.2, 33.0
SQ3 = math.sqrt(3)
SHORT = {"rnd": "R&D (Research and Development)", "hire": "Hire Scientist / Earth Contract"}


def _xy(h, cy):
    q, r = h
    return MAP_CX + HEX * SQ3 * (q + r / 2), cy - HEX * 1.5 * r


class Board:
    """Builds the figure once; `update(state)` redraws it for a new state."""

    def __init__(self, state, ax=None, figsize=None, zones=False):
        n = len(state.players)
        self.zones = zones
        if ax is None:
            self.fig = Figure(figsize=figsize or (16, 7.6 + 0.95 * n))
            self.ax = self.fig.add_axes([0.005, 0.005, 0.99, 0.99])
        else:
            self.fig, self.ax = ax.figure, ax
        self.update(state)

    # ----------------------------------------------------------------- drawing
    def update(self, state):
        ax = self.ax
        ax.clear()
        ax.set_axis_off()
        n = len(state.players)
        self.top = top = 15.2 + 1.9 * n
        ax.set_xlim(0, X_MAX)
        ax.set_ylim(0, top)
        ax.set_aspect("equal")
        self.state = state
        seat = state.to_move if isinstance(state.to_move, int) else None
        self._title(state, top)
        self._map(state, top - 7.4, seat)
        self._actions(state, top - 1.4)
        self._tracks(state, top - 9.0)
        for p in range(n):
            self._player(state, p, 1.9 * (n - p) - 1.75, p == seat)
        return self.fig

    def _t(self, x, y, s, **kw):
        kw.setdefault("fontsize", 8)
        kw.setdefault("va", "center")
        kw.setdefault("ha", "left")
        self.ax.text(x, y, s, **kw)

    def _title(self, state, top):
        who = state.to_move
        if who is None:
            mover = "game over - winner(s): " + ", ".join(state.players[w] for w in state.winners())
        elif isinstance(who, int):
            mover = f"to move: {state.players[who]} ({state.players[who][0]})"
        else:
            mover = "chance draw"
        final = " - FINAL ROUND" if state.final_round else ""
        self._t(0.2, top - 0.4, f"On Mars, teaching edition - round {state.round}{final} - step: {state.step} - "
                                f"{mover}", fontsize=11, weight="bold")

    # ----------------------------------------------------------------- the hex map
    def _map(self, state, cy, seat):
        ax = self.ax
        bm = {b[0]: b for b in state.buildings}
        zone = set()
        if self.zones and seat is not None:
            for b in state.pieces[seat].bots:
                zone.update(D.ZONE[b])
        for h in D.HEXES:
            x, y = _xy(h, cy)
            rec = bm.get(h)
            face = BUILDING_COLOURS[rec[1]] if rec else ("#FFE9D6" if h in zone else "#F7F3EE")
            ax.add_artist(RegularPolygon((x, y), 6, radius=HEX * 0.97, facecolor=face,
                                        edgecolor=HIGHLIGHT if h in zone else "#B8B0A8",
                                        lw=1.6 if h in zone else 0.6, zorder=1))
        # Complexes: a thick line between adjacent Buildings of one type, and the size
        done = set()
        for h, btype, adv, _card, miner in state.buildings:
            x, y = _xy(h, cy)
            for nb in D.NEIGHBOURS[h]:
                other = bm.get(nb)
                if other and other[1] == btype and (nb, h) not in done:
                    done.add((h, nb))
                    x2, y2 = _xy(nb, cy)
                    ax.plot([x, x2], [y, y2], color="#333333", lw=3.5, zorder=2, solid_capstyle="round")
        sizes = self._complex_sizes(state, bm)
        for h, btype, adv, _card, miner in state.buildings:
            x, y = _xy(h, cy)
            label = D.BUILDING_LETTER[btype] + (str(sizes[h]) if sizes.get(h, 1) > 1 else "")
            self._t(x, y + 0.22, label, ha="center", fontsize=9, weight="bold", zorder=5)
            if adv >= 0:
                ax.add_artist(Circle((x, y), HEX * 0.78, fill=False, edgecolor=SEAT_COLOURS[adv], lw=2.6, zorder=3))
                self._t(x - 0.33, y - 0.28, "A" + state.players[adv][0], ha="center", fontsize=6, zorder=6,
                        color="black", weight="bold")
            if miner >= 0:
                ax.add_artist(Circle((x + 0.3, y - 0.3), 0.17, facecolor=SEAT_COLOURS[miner], edgecolor="black",
                                    lw=0.5, zorder=6))
                self._t(x + 0.3, y - 0.3, state.players[miner][0], ha="center", fontsize=6, zorder=7)
        for h in state.map_crystals:
            x, y = _xy(h, cy)
            ax.add_artist(RegularPolygon((x + 0.32, y + 0.3), 4, radius=0.17, facecolor="#00CED1",
                                        edgecolor="black", lw=0.5, zorder=6))
        for h, kind, _tid in state.tiles:
            x, y = _xy(h, cy)
            ax.add_artist(Rectangle((x - 0.52, y + 0.08), 0.42, 0.34, facecolor="white", edgecolor="black",
                                   lw=0.7, zorder=6))
            self._t(x - 0.31, y + 0.25, "D" if kind == "discovery" else "Rs", ha="center", fontsize=6, zorder=7)
        for p, pl in enumerate(state.pieces):
            c, letter = SEAT_COLOURS[p], state.players[p][0]
            for i, b in enumerate(pl.bots):
                x, y = _xy(b, cy)
                dx = -0.3 + 0.15 * p
                ax.add_artist(Rectangle((x + dx - 0.14, y - 0.45), 0.28, 0.28, facecolor=c, edgecolor="black",
                                       lw=0.6, zorder=8))
                self._t(x + dx, y - 0.31, "B", ha="center", fontsize=5.5, zorder=9)
            x, y = _xy(pl.rover, cy)
            dx = -0.25 + 0.17 * p
            ax.add_artist(Polygon([(x + dx - 0.17, y - 0.02), (x + dx + 0.17, y - 0.02), (x + dx, y + 0.3)],
                                 closed=True, facecolor=c, edgecolor="black", lw=0.6, zorder=8))
            self._t(x + dx, y + 0.1, "R", ha="center", fontsize=5, zorder=9)
        self._t(0.2, cy - 7.15, "M Mine G Generator W Water Extr. H Greenhouse O Oxygen Cond. S Shelter (n = Complex "
                                "size), A = Advanced\nsquare = Bot, triangle = Rover, disc = Miner, cyan = Crystal, "
                                "D/Rs = Discovery/Research tile" + (", shaded = Building Zones" if self.zones else "")
                                + "\nDepot spaces bottom (left) to top; hatched = covered by a Ship",
                fontsize=6.5)

    @staticmethod
    def _complex_sizes(state, bm):
        sizes = {}
        for h, btype, *_ in state.buildings:
            if h in sizes:
                continue
            seen, todo = {h}, [h]
            while todo:
                x = todo.pop()
                for nb in D.NEIGHBOURS[x]:
                    if nb not in seen and nb in bm and bm[nb][1] == btype:
                        seen.add(nb)
                        todo.append(nb)
            for x in seen:
                sizes[x] = len(seen)
        return sizes

    # ----------------------------------------------------------------- action spaces and turn order
    def _actions(self, state, y0):
        ax = self.ax
        n = len(state.players)
        for col, (side, acts) in enumerate((("ORBIT", D.ORBIT_ACTIONS), ("COLONY", D.COLONY_ACTIONS))):
            x0 = 15.0 + col * 9.2
            self._t(x0, y0, f"{side} actions", fontsize=9, weight="bold")
            for i, a in enumerate(acts):
                y = y0 - 0.62 * (i + 1)
                active = state.main == a and isinstance(state.to_move, int)
                self._t(x0, y, SHORT.get(a, D.ACTION_NAME[a]), fontsize=7.5, weight="bold" if active else "normal",
                        color=HIGHLIGHT if active else "black")
                on = state.slots[D.ACTIONS.index(a)]
                for k in range(D.slots_for(a, n)):
                    cx = x0 + 6.2 + 0.55 * k
                    if k < len(on):
                        ax.add_artist(Circle((cx, y), 0.22, facecolor=SEAT_COLOURS[on[k]], edgecolor="black", lw=0.6))
                        self._t(cx, y, state.players[on[k]][0], ha="center", fontsize=6.5)
                    else:
                        ax.add_artist(Circle((cx, y), 0.22, fill=False, edgecolor="#999999", lw=0.6))
            # Turn Order spaces
            y = y0 - 0.62 * 6.1
            self._t(x0, y, "Turn Order:", fontsize=7.5)
            for k in range(D.TURN_ORDER_SPACES):
                space = col * D.TURN_ORDER_SPACES + k
                cx = x0 + 2.4 + 1.0 * k
                bonus = {"crystal": "+1C", "choice": "+1?", "": ""}[D.TURN_ORDER_BONUS[k]]
                ax.add_artist(Rectangle((cx - 0.4, y - 0.3), 0.8, 0.6, fill=False, edgecolor="#777777", lw=0.6))
                self._t(cx, y - 0.48, bonus, ha="center", fontsize=5.5)
                if space in state.order:
                    p = state.order.index(space)
                    face = "#BBBBBB" if state.done[p] else SEAT_COLOURS[p]
                    ax.add_artist(Rectangle((cx - 0.32, y - 0.22), 0.64, 0.44, facecolor=face, edgecolor="black",
                                           lw=1.8 if p == state.to_move else 0.6))
                    self._t(cx, y, state.players[p][0], ha="center", fontsize=7)

    # ----------------------------------------------------------------- tracks, missions, displays
    def _tracks(self, state, y0):
        ax = self.ax
        x0 = 15.0
        # Shuttle track: Orbit 3 2 1 | 0 | 1 2 3 Colony
        self._t(x0, y0 + 2.5, "Shuttle", fontsize=7.5, weight="bold")
        for k in range(-3, 4):
            cx = x0 + 4.4 + 0.8 * k
            ax.add_artist(Rectangle((cx - 0.33, y0 + 2.2), 0.66, 0.6, fill=False,
                                   edgecolor=HIGHLIGHT if k == 0 else "#777777", lw=1.2 if k == 0 else 0.6))
        pos = -state.shuttle_pos if state.shuttle_side == "orbit" else state.shuttle_pos
        ax.add_artist(Polygon([(x0 + 4.4 + 0.8 * pos - 0.25, y0 + 2.3), (x0 + 4.4 + 0.8 * pos + 0.25, y0 + 2.3),
                              (x0 + 4.4 + 0.8 * pos, y0 + 2.75)], closed=True, facecolor="#444444"))
        self._t(x0 + 0.9, y0 + 2.05, "Orbit", fontsize=6)
        self._t(x0 + 7.0, y0 + 2.05, "Colony", fontsize=6)
        left = f"(left the {state.shuttle_left.capitalize()} this phase)" if state.shuttle_left else ""
        self._t(x0 + 7.4, y0 + 2.5, left, fontsize=6.5)
        # LSS tracks and Colony level
        self._t(x0, y0 + 1.45, f"Colony level {state.level}   Remaining Missions "
                              f"{state.remaining}/{D.MISSIONS_TO_END}" +
                ("   END TRIGGERED" if state.end_triggered else ""), fontsize=8, weight="bold")
        for i, track in enumerate(D.LSS_TRACKS):
            y = y0 + 0.95 - 0.42 * i
            self._t(x0, y, f"LSS {D.BUILDING_NAME[track][:10]}", fontsize=6.5)
            for k in range(1, D.LSS_MAX + 1):
                cx = x0 + 3.2 + 0.36 * k
                filled = k <= state.lss[i]
                ax.add_artist(Rectangle((cx - 0.15, y - 0.15), 0.3, 0.3,
                                       facecolor=BUILDING_COLOURS[track] if filled else "white",
                                       edgecolor="#555555" if k not in D.LEVEL_UP_AT.values() else HIGHLIGHT, lw=0.6))
        # Missions
        xm = x0 + 8.4
        self._t(xm, y0 + 1.45, "Missions (contributions / target):", fontsize=7.5, weight="bold")
        lines = [f"{D.MISSIONS[card][0]}: {D.MISSIONS[card][1].replace('construct:', 'build ')} {n}/{D.MISSIONS[card][2]}"
                 for card, n in state.missions]
        if lines:
            self._t(xm, y0 + 1.1, "\n".join(lines), fontsize=7, va="top", linespacing=1.6)
        # displays
        yd = y0 - 0.75
        bps = ", ".join(f"{D.BUILDING_LETTER[D.BLUEPRINTS[c][0]]}{D.BLUEPRINTS[c][1]}" for c in state.bp_display)
        sci = ", ".join(D.SCIENTISTS[c][0] for c in state.sci_display)
        con = ", ".join(D.CONTRACTS[c][0] for c in state.con_display)
        grid = " ".join(f"{t[:3]}{k}" for t, k in zip(D.TECHS, state.tech_grid))
        wh = " ".join(f"{i[:3]}{k}" for i, k in zip(D.ITEMS, state.warehouse))
        self._t(x0, yd - 0.6, f"Blueprint display: {bps}   Scientists: {sci}\nEarth Contracts: {con}\n"
                              f"Tech Grid: {grid}\nWarehouse: {wh}   Crystal supply: {state.supply}", fontsize=6.5)

    # ----------------------------------------------------------------- player boards
    def _player(self, state, p, y, active):
        ax = self.ax
        pl = state.pieces[p]
        c = SEAT_COLOURS[p]
        ax.add_artist(Rectangle((0.1, y - 0.05), X_MAX - 0.2, 1.8, facecolor="#FFFFFF",
                               edgecolor=HIGHLIGHT if active else "#999999", lw=2.2 if active else 0.7))
        ax.add_artist(Rectangle((0.25, y + 1.2), 0.45, 0.45, facecolor=c, edgecolor="black", lw=0.6))
        self._t(0.47, y + 1.42, state.players[p][0], ha="center", fontsize=8, weight="bold")
        side = "Orbit" if 0 <= state.order[p] < D.TURN_ORDER_SPACES else "Colony"
        self._t(0.9, y + 1.42, f"{state.players[p]} ({side})" + ("  <- to move" if active else ""), fontsize=8.5,
                weight="bold")
        res = "  ".join(f"{r.capitalize()} {v}" for r, v in zip(D.RESOURCES, pl.res))
        bps = ", ".join(f"{D.BUILDING_LETTER[D.BLUEPRINTS[b][0]]}{D.BLUEPRINTS[b][1]}{'*' if u else ''}"
                        for b, u in pl.blueprints) or "none"
        sci = ", ".join(D.SCIENTISTS[s][0] + ("@" if h else "") for s, h in pl.scientists) or "none"
        con = ", ".join(D.CONTRACTS[k][0] for k in pl.contracts) or "none"
        self._t(0.3, y + 0.55, f"Storage: {res}   (max {D.RESOURCE_CAP} each)\n"
                               f"Colonists: Living Quarters {pl.lq}, Working Area {pl.wa}, reserve {pl.reserve}   "
                               f"Bots {len(pl.bots)}/{D.BOTS}   Progress cubes {pl.progress}/{D.PROGRESS_CUBES}\n"
                               f"Blueprints (* built): {bps}   Scientists: {sci}   Contracts: {con}   "
                               f"goals kept {len(pl.goals)}" + (f", completed {D.GOALS[pl.goal_done][0]}"
                                                                 if pl.goal_done >= 0 else ""), fontsize=7,
                linespacing=1.75)
        # Depot: 8 spaces bottom (left) to top (right); Ships cover the top ones; Crystals
        xd = 15.2
        self._t(xd, y + 1.42, f"Depot: Crystals {pl.crystals}/{D.CRYSTAL_CAP_BASE + D.DEPOT_SPACES - pl.depot_ships}"
                              f"   Hangar: {pl.hangar} Ship(s)", fontsize=7.5)
        for k in range(D.DEPOT_SPACES):
            covered = k >= D.DEPOT_SPACES - pl.depot_ships
            cx = xd + 0.2 + 0.62 * k
            ax.add_artist(Rectangle((cx, y + 0.55), 0.55, 0.5, facecolor="#9E9E9E" if covered else "#FFFFFF",
                                    edgecolor="black", lw=0.5, hatch="///" if covered else None))
        # Laboratory: 3 rows x 4 columns
        xl = 21.2
        self._t(xl, y + 1.42, "Lab (row x level):", fontsize=7.5)
        cells = {(r, col): t for t, r, col in pl.lab}
        for ri, row in enumerate(D.LAB_ROWS):
            for col in range(1, D.LAB_COLUMNS + 1):
                cx = xl + 0.2 + 0.95 * (col - 1)
                cy = y + 0.05 + 0.36 * ri
                t = cells.get((row, col))
                ax.add_artist(Rectangle((cx, cy), 0.9, 0.33, facecolor="#D9EAF7" if t else "white",
                                       edgecolor="#666666", lw=0.4))
                if t:
                    self._t(cx + 0.45, cy + 0.16, t[:5], ha="center", fontsize=5.5)
        # score so far
        sheet = state.score()
        self._t(26.2, y + 1.42, f"OP now: {sheet.totals[p]}" + (" (final)" if sheet.final else " (provisional)"),
                fontsize=8, weight="bold")
        cats = [f"{r.category[:16]} {r.points:+d}" for r in sheet.rows if r.player == p and r.points]
        self._t(26.2, y + 0.55, "\n".join(", ".join(cats[i:i + 2]) for i in range(0, min(len(cats), 6), 2)),
                fontsize=6)


def draw(state, ax=None, zones=False):
    """The board of this state (a pure function of it): returns the matplotlib Figure."""
    return Board(state, ax=ax, zones=zones).fig
