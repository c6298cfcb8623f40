"""The Ruins board as a matplotlib figure: `draw(state, ax=None)` and `Board(state).update(state)`.

Shows the round marker and the score track (0-10), the market with its costs and the discovery deck,
the current trick (the last play highlighted, earlier plays behind it, who passed), and every
player's row: name and seat letter, torches (lit = filled), claims left, VP, and the hand as a fan
of cards. A card shows its rank, its side (light = day; dark with N = night), a claim tag with the owner's letter, and
its discoveries in their three slots (top, middle, bottom). In a player's view (`state.view(p)`) the
others' cards are face down. Colours are Okabe-Ito (colour-blind safe) and always come with letters.
"""
from __future__ import annotations

from matplotlib.patches import FancyBboxPatch, Rectangle

from mars_rules.ruins.text import a_rank

from .boardkit import HIGHLIGHT, SEAT_COLOURS, LayeredBoard, board_axes, token
from .common import step_title

# seats: boardkit.SEAT_COLOURS (Okabe-Ito), and the seat letter is always printed as well
DAY_FACE, NIGHT_FACE, BACK = "#FFF4CC", "#1F3A68", "#9A9A9A"
W, H = 0.74, 0.92          # card size in data units
X_MAX = 20.0


def _effect_tag(effect) -> str:
    kind, amount = effect
    return {"rank": f"+{amount}", "wild": "W", "draw": f"D{amount}", "light": f"L{amount}"}[kind]


class Board(LayeredBoard):
    """Builds the figure once; `update(state)` redraws it for a new state (everything but the axes
    set-up is redrawn: the static layer is empty)."""

    PATCH_Z = (1, 1)

    def __init__(self, state, ax=None, figsize=None):
        n = len(state.players)
        self.fig, self.ax = board_axes(ax, figsize or (12, 4.4 + 1.15 * n))
        self._start_layers()
        self.update(state)

    # ----- drawing ------------------------------------------------------------------------------------
    def _static(self, state):
        ax = self.ax
        ax.set_axis_off()
        top = 4.9 + 1.15 * len(state.players)
        ax.set_xlim(0, X_MAX)
        ax.set_ylim(0, top)
        box = ax.get_position()
        fw, fh = self.fig.get_size_inches()
        # circles stay round: y data units per x data unit on screen
        self._squash = (top / (box.height * fh)) / (X_MAX / (box.width * fw))

    def _dynamic(self, state):
        n = len(state.players)
        top = 4.9 + 1.15 * n
        self._header(state, top)
        self._market(state, top - 2.75)
        self._trick(state, top - 2.75)
        for p in range(n):
            self._player(state, p, top - 4.45 - 1.15 * p)
        self._events(state)

    def _circle(self, xy, r, **kw):
        return token("disc", xy[0], xy[1], 2 * r, kw.pop("facecolor"), squash=self._squash, **kw)

    def _text(self, x, y, s, fontsize=9, fontweight="normal", color="black", ha="left", va="center"):
        self._t(x, y, s, fontsize, fontweight, color, ha, va)

    def _header(self, s, top):
        from mars_rules.core import CHANCE
        title = "Ruins" + (" - showdown (round 5)" if s.round == 5 else f" - round {s.round} of 4")
        self._text(0.2, top - 0.3, title, fontsize=14, fontweight="bold")
        step = step_title(s)
        who = ("game over: " + ", ".join(s.players[p] for p in s.winners()) + " won") if s.to_move is None else \
            ("chance" if s.to_move == CHANCE else s.players[s.to_move])
        seen = f"   |   {s.players[s.viewer]}'s view (other hands face down)" if s.viewer >= 0 else ""
        self._text(0.2, top - 0.75, f"step: {step}   |   to move: {who}{seen}", fontsize=10)
        # round marker
        self._text(8.3, top - 0.3, "round", fontsize=9, ha="right")
        for k in range(1, 6):
            x = 8.5 + (k - 1) * 0.55
            cur = k == s.round
            self._patches.append(Rectangle((x, top - 0.52), 0.45, 0.42, facecolor="#FDE9A9" if cur else "white",
                                        edgecolor=HIGHLIGHT if cur else "#777", lw=2.2 if cur else 0.8))
            self._text(x + 0.225, top - 0.31, "S" if k == 5 else str(k), ha="center", fontsize=9,
                       fontweight="bold" if cur else "normal")
        # score track 0-10
        y = top - 1.35
        self._text(0.2, y, "VP", fontsize=10, fontweight="bold")
        x0, step_w = 1.0, 1.05
        for v in range(11):
            x = x0 + v * step_w
            self._patches.append(Rectangle((x, y - 0.22), step_w * 0.95, 0.44,
                                           facecolor="#F3F3F3" if v < 9 else "#FBE3D6",
                                        edgecolor="#888", lw=0.6))
            self._text(x + 0.08, y + 0.12, str(v), fontsize=7, color="#555")
        counts = {}
        for p, v in enumerate(s.vp):
            k = counts.get(v, 0)
            counts[v] = k + 1
            cx = x0 + v * step_w + 0.3 + 0.2 * k
            self._patches.append(self._circle((cx, y - 0.05), 0.13, facecolor=SEAT_COLOURS[p], edgecolor="black",
                                              lw=0.6))
            self._text(cx, y - 0.05, chr(65 + p), fontsize=6.5, ha="center", fontweight="bold")
        self._text(x0 + 11 * step_w + 0.1, y, "9-10: instant-win range", fontsize=7, color="#555")

    def _market(self, s, y):
        cards = s.cards
        x0 = 11.4
        self._text(x0, y + 0.8, f"Market (discovery deck: {len(s.ddeck)})", fontsize=9, fontweight="bold")
        self._patches.append(Rectangle((x0, y - 0.6), 0.9, 1.2, facecolor=BACK, edgecolor="black", lw=0.8))
        self._text(x0 + 0.45, y, "deck", ha="center", fontsize=7, color="white")
        for k, d in enumerate(s.market):
            x = x0 + 1.1 + k * 1.7
            self._patches.append(Rectangle((x, y - 0.6), 1.55, 1.2, facecolor="white" if d >= 0 else "#EEEEEE",
                                        edgecolor="black", lw=0.8, linestyle="-" if d >= 0 else "--"))
            cost = cards.costs[k]
            self._text(x + 0.78, y - 0.8, f"slot {k + 1}: {cost} torch{'es' if cost > 1 else ''}",
                       ha="center", fontsize=7)
            if d >= 0:
                pos = ("top", "middle", "bottom")[cards.disc_pos[d]]
                kind, amount = cards.disc_effect[d]
                words = {"rank": f"+{amount} rank", "wild": "wild rank", "draw": f"opponents\ndraw {amount}",
                         "light": f"light {amount}\ntorches"}[kind]
                self._text(x + 0.78, y + 0.4, f"{pos} #{d}", ha="center", fontsize=7, color="#444")
                self._text(x + 0.78, y - 0.1, words, ha="center", fontsize=8.5, fontweight="bold")

    def _trick(self, s, y):
        self._text(0.2, y + 0.8, "Trick", fontsize=9, fontweight="bold")
        last = set(s.last_play)
        earlier = [c for c in s.trick if c not in last]
        x = 0.3
        for c in earlier[:12]:
            self._card(s, c, x, y - 0.45, small=True)
            x += 0.3
        if earlier:
            x += W * 0.7
        if s.last_play:
            who = s.players[s.last_player] if s.last_player >= 0 else "?"
            n = len(s.last_play)
            what = a_rank(s.last_rank) if n == 1 else f"{n} x {s.last_rank}"
            self._text(max(x, 1.2), y + 0.8, f"last play: {who}, {what}",
                       fontsize=9, color=HIGHLIGHT, fontweight="bold")
            for c in s.last_play:
                self._card(s, c, x, y - 0.5, highlight=True)
                x += W + 0.08
        else:
            self._text(x, y, "empty: the next play is a lead", fontsize=9, color="#555")
        passed = ", ".join(s.players[p] for p in s.passed)
        self._text(0.3, y - 0.8, f"passed in a row: {passed or 'nobody'}    deck: {len(s.deck)} ruins",
                   fontsize=8.5)

    def _player(self, s, p, y):
        active = s.to_move == p or p in s.winners_  # the player to move, or the winner at the end
        out = p in s.out
        seated = s.seated[p]
        self._patches.append(FancyBboxPatch((0.1, y - 0.5), X_MAX - 0.2, 1.05, boxstyle="round,pad=0.02",
                                         facecolor="#FFF8E1" if active else "white",
                                         edgecolor=HIGHLIGHT if active else "#BBB", lw=2.4 if active else 0.8))
        self._patches.append(self._circle((0.45, y + 0.2), 0.2, facecolor=SEAT_COLOURS[p], edgecolor="black", lw=0.6))
        self._text(0.45, y + 0.2, chr(65 + p), ha="center", fontsize=9, fontweight="bold")
        name = s.players[p] if len(s.players[p]) <= 14 else s.players[p][:13] + "."
        self._text(0.75, y + 0.25, name + (" *" if active else ""), fontsize=9.5,
                   fontweight="bold" if active else "normal")
        status = f"VP {s.vp[p]}  claims {s.claims_left[p]}" + ("  1st player" if p == s.first_player else "")
        self._text(0.75, y - 0.12, status, fontsize=7.5)
        note = []
        if out:
            note.append(f"OUT ({s.out.index(p) + 1})")
        if not seated:
            note.append("not in the showdown")
        if s.step == "night_flip":
            flip = {-2: "choosing", -1: "none", -3: "chosen (secret)"}.get(s.flips[p], f"#{s.flips[p]}")
            note.append("flip: " + flip)
        if p in s.winners_:
            note.append("WINNER")
        elif active:
            note.append("to move")
        if note:
            self._text(0.75 + 1.35, y - 0.38, ", ".join(note), fontsize=7, color=HIGHLIGHT if active else "#333")
        for k in range(3):   # torches: filled = lit
            lit = k < s.torches[p]
            cx = 0.85 + k * 0.3
            self._patches.append(self._circle((cx, y - 0.38), 0.1, facecolor="#E69F00" if lit else "white",
                                     edgecolor="black", lw=0.7))

        hand = s.hands[p]
        sel = set(s.selection) if s.to_move == p else set()
        x0 = 3.7
        step = min(W + 0.06, (X_MAX - 0.4 - x0 - W) / max(1, len(hand) - 1)) if len(hand) > 1 else W
        for i, c in enumerate(hand):
            lift = 0.12 if c in sel else 0.0
            self._card(s, c, x0 + i * step, y - 0.45 + lift, highlight=c in sel)
        if not hand:
            self._text(x0, y, "no cards" + (" (out)" if out else ""), fontsize=8.5, color="#666")

    def _card(self, s, c, x, y, highlight=False, small=False):
        ax = self.ax
        w, h = (W * 0.8, H * 0.8) if small else (W, H)
        if c < 0:  # face down (a player's view)
            self._own.append(ax.add_patch(Rectangle((x, y), w, h, facecolor=BACK, edgecolor="black", lw=0.7,
                                                    hatch="//", zorder=2)))
            return
        rec = s.ruins[c]
        night = rec[0]
        face = NIGHT_FACE if night else DAY_FACE
        ink = "white" if night else "black"
        self._patches.append(Rectangle((x, y), w, h, facecolor=face, edgecolor=HIGHLIGHT if highlight else "black",
                               lw=2.6 if highlight else 0.7, alpha=0.55 if small else 1.0))
        wild = "*" if s.wild[c] else ""
        self._text(x + w * (0.5 if small else 0.36), y + h * 0.5, f"{s.rank[c]}{wild}", ha="center", va="center",
                color=ink, fontsize=8 if small else 11, fontweight="bold")
        if small:
            return
        if night:  # the side in letters too: N for night (day cards carry no letter)
            self._text(x + 0.04, y + h - 0.1, "N", color=ink, fontsize=6, va="center")
        for k in range(3):   # discovery slots on the right edge: top, middle, bottom
            d = rec[2 + k]
            if d >= 0:
                yy = y + h * (0.84 - 0.32 * k)
                self._text(x + w - 0.03, yy, _effect_tag(s.cards.disc_effect[d]), ha="right", va="center",
                        fontsize=5.8, color=ink, fontweight="bold")
        if rec[1] >= 0:  # claim tag with the owner's letter
            self._patches.append(Rectangle((x + 0.02, y + 0.02), 0.2, 0.2, facecolor=SEAT_COLOURS[rec[1]],
                                   edgecolor="black", lw=0.5))
            self._text(x + 0.12, y + 0.12, chr(65 + rec[1]), ha="center", va="center", fontsize=5.5)

    def _events(self, s):
        lines = [e if len(e) < 150 else e[:147] + "..." for e in tuple(s.events)[-2:]]
        self._text(0.2, 0.2, "\n".join(lines), fontsize=7.5, color="#333", va="bottom")
        self._text(X_MAX - 0.2, 0.2, LEGEND, fontsize=6.5, color="#555", va="bottom", ha="right")


LEGEND = ("card: rank (* wild); dark with N = night side; tags +k rank, W wild, Dk opponents draw k, "
          "Lk light k torches;\nsmall square = claim (owner's letter); circles = torches (filled = lit); "
          "orange border = last play, chosen ruins, player to move")


def draw(state, ax=None):
    """The board of `state` as a matplotlib Figure (a pure function of the state)."""
    return Board(state, ax=ax).fig
