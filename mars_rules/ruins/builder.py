"""The Ruins position builder (`state.edit()`): the core's verbs (mars_rules.core.builder) plus the
game's own, in the rulebook's words. Ruins are named by id (0-49) or by their day rank ("rank 5",
`ranks=[5]`: the lowest copy of that rank in the deck); discoveries by id or by their words ("wild",
"+3 rank", "top +1 rank", "light 2 torches", "each opponent draws 1": the lowest id that fits, where the
verb takes it from). Every verb moves a card from where it is (nothing is created or lost), returns
the builder so verbs chain, and records a problem instead of raising: `done()` lists them all, then
every rule the position breaks (mars_rules.ruins.invariants).

- `player(who).torches` / `.vp` / `.claims_left` / `.hand` ...: a player's counters (set them with the
  verbs below where one exists: they keep the totals);
- `set_hand(who, ruins=(), ranks=())`: the hand is exactly these ruins (the old hand goes back to the
  deck, the new ruins come from the deck); `give(who, *ruins, ranks=())` adds ruins from the deck;
- `played(who, *ruins)`: `who` has played these ruins on the trick (the last play; from the deck);
- `upgrade(ruin, discovery, source="ddeck")`: a discovery placed on a ruin, from the discovery deck or
  the market (the market then slides and refills from the discovery deck, lowest id first: ASSUMED, a
  fixed choice so the same lines give the same position);
- `claim(who, ruin)`: one of `who`'s claim cards on a ruin; `light_torches(who, lit)`: lit torches;
- `offer(slot, discovery)` / `set_market(*discoveries)`: the market's offers (slot 0 is next to the
  discovery deck, as in the `discover` action); an offer replaced goes back to the discovery deck;
- `set_vp(who, vp, start=None)`: VP on the score track, with `start_vp` (the VP at the start of the
  round) kept consistent with this round's results;
- `flip(who, ruin=None)`: `who`'s night flip choice (None: every ruin stays day side up); `night_side(ruin)`:
  a ruin turned to its night side in an earlier round;
- `set_turn(who, step)`: whose decision and which step, with the bookkeeping (the play being built and
  the pending chance nodes emptied; at "lead" the trick goes back to the deck; at "night_flip" the
  players before `who` have kept their ruins day side up; at "follow" the players between the last play
  and `who` have passed).

>>> import mars_rules
>>> s = mars_rules.load("ruins").new_game(players=["Ada", "Bo"], seed=7)
>>> b = s.edit().set_hand("Bo", ranks=[8]).set_hand("Ada", ranks=[5, 5, 2]).set_turn("Ada", "lead")
>>> t = b.upgrade("rank 2", "wild").claim("Ada", "rank 2").light_torches("Bo", 1).set_vp("Bo", 4).done()
>>> [t.rank[c] for c in t.hands[0]], t.wild[t.hands[0][0]], t.claims_left, t.torches, t.vp, t.start_vp
([2, 5, 5], 1, (1, 2), (3, 1), (0, 4), (0, 4))
>>> try:
...     s.edit().upgrade(3, "+7 rank").light_torches("Cy", 2).done()
... except mars_rules.PositionError as e:
...     for problem in e.problems:
...         print(problem.split(" (the")[0])
upgrade(3, '+7 rank'): no discovery in the discovery deck is '+7 rank'
light_torches('Cy'): no player is called 'Cy'
"""
from __future__ import annotations

from mars_rules.core.builder import PositionBuilder

from .crafting import set_rank, with_record
from .data import COPIES, MARKET_SIZE, MAX_VP, POSITIONS, RUIN_COUNT
from .state import NO_FLIP, RUIN_FIELDS, UNDECIDED
from .text import effect_words

CHANCE_STEPS = ("deal", "draw", "refill")
_SEAT_FIELDS = ("hands", "torches", "claims_left", "vp", "start_vp", "seated", "flips")


class Builder(PositionBuilder):
    PLAYER_RECORDS = None
    ALIASES = {"hand": ("hands", None), "claims": ("claims_left", None), "flip_choice": ("flips", None)}

    def __init__(self, state):
        super().__init__(state)
        self._explicit = set()   # fields given by `set`: done() leaves them as given
        self._last = False       # `played` was used: last_rank follows the last play

    def player_fields(self) -> list:
        return list(_SEAT_FIELDS) + list(self.ALIASES)

    def set(self, **fields):
        self._explicit |= set(fields)
        return super().set(**fields)

    # ----- the turn ----------------------------------------------------------------------------------
    def set_turn(self, who, step=None):
        """`who` decides now at `step` (a seat or name; "chance" for the chance steps deal, draw, refill;
        None at game_over), with the turn's bookkeeping."""
        steps = [s.key for s in self.game.TURN_STEPS]
        step = step or self.state.step
        if step in CHANCE_STEPS or step == "game_over":
            if step not in steps:
                return super().set_turn(who, step)
            self.state = self.state._replace(**self._turn_fields(None, step))
            return self
        return super().set_turn(who, step)

    def _turn_fields(self, seat, step) -> dict:
        s = self.state
        n = len(s.players)
        to_move = "chance" if step in CHANCE_STEPS else None if step == "game_over" else seat
        fields = {"to_move": to_move, "step": step, "selection": ()}
        for key in ("selection", "to_move", "step"):
            self._explicit.discard(key)
        if step not in CHANCE_STEPS:
            fields.update(resume=(), to_deal=())
        if step in ("lead", "night_flip", "deal"):  # a new trick: the old one goes to the deck
            fields.update(trick=(), last_play=(), last_rank=-1, last_player=-1, passed=(),
                          deck=tuple(sorted(s.deck + s.trick)))
            self._last = False
        if step == "night_flip" and seat is not None:
            order = [(s.first_player + k) % n for k in range(n)]
            before = order[:order.index(seat)]
            fields["flips"] = tuple(NO_FLIP if q in before or not s.seated[q] else
                                    s.flips[q] if s.flips[q] >= 0 and q in before else UNDECIDED
                                    for q in range(n))
        elif step not in CHANCE_STEPS:
            fields["flips"] = tuple(NO_FLIP if f == UNDECIDED else f for f in s.flips)
        return fields

    # ----- names -------------------------------------------------------------------------------------
    def _ruin(self, ruin, verb, where=None):
        """A ruin id from an id or "rank R" (the lowest copy of day rank R in `where`, default the deck)."""
        s = self.state
        if type(ruin) is int and 0 <= ruin < RUIN_COUNT:
            return ruin
        if isinstance(ruin, str):
            words = ruin.strip().lower().removeprefix("rank").strip()
            if words.isdigit() and 1 <= int(words) <= 10:
                pool = s.deck if where is None else where
                unused = [] if where is not None else [c for c in range(RUIN_COUNT) if c not in s.used]
                for c in sorted(pool) + unused:
                    if c // COPIES == int(words) - 1:
                        return c
                self.problems.append(f"{verb}: no ruin of rank {words} is left in the "
                                     f"{'deck' if where is None else 'places this verb takes from'}")
                return None
        self.problems.append(f"{verb}: {ruin!r} is not a ruin (the ruins are ids 0-49, or 'rank 1' .. "
                             f"'rank 10')")
        return None

    def _discovery(self, d, verb, pool, pool_name):
        """A discovery id from an id or its words, looked up in `pool` (the ids where the verb takes it)."""
        c = self.state.cards
        if type(d) is int and 0 <= d < len(c.disc_pos):
            if d in pool:
                return d
            self.problems.append(f"{verb}: discovery {d} is not in the {pool_name} (it is {self._where_disc(d)})")
            return None
        if isinstance(d, str):
            want = " ".join(d.strip().lower().split())
            for x in sorted(pool):
                if x < 0:
                    continue
                words = effect_words(c.disc_effect[x])
                if want in (words, f"{POSITIONS[c.disc_pos[x]]} {words}") or \
                        (want == "wild" and c.disc_effect[x][0] == "wild"):
                    return x
        names = sorted({f"{POSITIONS[c.disc_pos[x]]} {effect_words(c.disc_effect[x])}" for x in pool if x >= 0})
        self.problems.append(f"{verb}: no discovery in the {pool_name} is {d!r} (the {pool_name} holds: "
                             f"{', '.join(names) or 'nothing'})")
        return None

    def _where_disc(self, d):
        s = self.state
        if d in s.market:
            return f"in market slot {s.market.index(d)}"
        if d in s.ddeck:
            return "in the discovery deck"
        for cid, rec in enumerate(s.ruins):
            if d in rec[2:]:
                return f"on ruin {cid}"
        return "nowhere"

    def _where_ruin(self, cid):
        s = self.state
        for q, h in enumerate(s.hands):
            if cid in h:
                return f"in {s.players[q]}'s hand"
        if cid in s.trick:
            return "on the trick"
        if cid in s.deck:
            return "in the deck"
        return f"not used with {len(s.players)} players"

    def _take_ruin(self, cid, verb) -> bool:
        """Ruin `cid` off the deck. A ruin not used with this player count takes the place of a copy of
        the same rank that is in the deck (the setup's choice of copies: totals stay the same)."""
        s = self.state
        if cid in s.deck:
            self.state = s._replace(deck=tuple(x for x in s.deck if x != cid))
            return True
        if cid not in s.used:
            swap = [x for x in s.deck if x // COPIES == cid // COPIES and s.ruins[x] == (0, -1, -1, -1, -1)]
            if swap:
                x = swap[0]
                self.state = s._replace(used=tuple(sorted(set(s.used) - {x} | {cid})),
                                        deck=tuple(y for y in s.deck if y != x))
                return True
        self.problems.append(f"{verb}: ruin {cid} is not in the deck (it is {self._where_ruin(cid)}): ruins come "
                             f"from the deck (give a hand back with set_hand first)")
        return False

    # ----- ruins -------------------------------------------------------------------------------------
    def give(self, who, *ruins, ranks=()) -> "Builder":
        """Ruins (ids, or "rank R") and ruins of day ranks `ranks` from the deck into `who`'s hand."""
        verb = f"give({who!r}, {', '.join(map(repr, ruins + tuple(ranks)))})"
        seat = self.seat(who, "give")
        specs = list(ruins) + [f"rank {r}" for r in ranks]
        for spec in specs:
            cid = self._ruin(spec, verb)
            if seat is None or cid is None or not self._take_ruin(cid, verb):
                continue
            hands = list(self.state.hands)
            hands[seat] = tuple(sorted(hands[seat] + (cid,)))
            self.state = self.state._replace(hands=tuple(hands))
        return self

    def set_hand(self, who, ruins=(), ranks=()) -> "Builder":
        """`who`'s hand is exactly `ruins` (ids or "rank R") and ruins of day ranks `ranks`: the old hand
        goes back to the deck, the new ruins come from it."""
        seat = self.seat(who, "set_hand")
        if seat is None:
            return self
        s = self.state
        hands = list(s.hands)
        self.state = s._replace(deck=tuple(sorted(s.deck + hands[seat])),
                                hands=tuple(() if q == seat else h for q, h in enumerate(hands)))
        return self.give(who, *ruins, ranks=ranks)

    def played(self, who, *ruins) -> "Builder":
        """`who` has played `ruins` (ids or "rank R", from the deck) on the trick: they are the last play
        (its rank is worked out when `done()` runs); an earlier last play stays on the trick."""
        verb = f"played({who!r}, {', '.join(map(repr, ruins))})"
        seat = self.seat(who, "played")
        ids = [self._ruin(r, verb) for r in ruins]
        if seat is None or None in ids or not ids:
            if not ids:
                self.problems.append(f"{verb}: a play has one ruin or more")
            return self
        taken = [c for c in ids if self._take_ruin(c, verb)]
        if len(taken) == len(ids):
            s = self.state
            self.state = s._replace(trick=tuple(sorted(s.trick + tuple(ids))), last_play=tuple(ids),
                                    last_player=seat)
            self._last = True
        return self

    def night_side(self, ruin) -> "Builder":
        """`ruin` (an id or "rank R") turned to its night side (as flipped in an earlier round)."""
        cid = self._ruin(ruin, f"night_side({ruin!r})", where=self.state.used)
        if cid is not None:
            self._set_ruin(cid, 0, 1)
        return self

    def _set_ruin(self, cid, k, value):
        s = self.state
        rec = list(s.ruins[cid])
        rec[k] = value
        fields = with_record(s.cards, tuple([getattr(s, name) for name in RUIN_FIELDS]), cid, tuple(rec))
        self.state = s._replace(**dict(zip(RUIN_FIELDS, fields)))

    # ----- claims, torches, VP -----------------------------------------------------------------------
    def claim(self, who, ruin) -> "Builder":
        """One of `who`'s claim cards on `ruin` (an id or "rank R"): claims_left goes down by one."""
        verb = f"claim({who!r}, {ruin!r})"
        seat = self.seat(who, "claim")
        cid = self._ruin(ruin, verb, where=self.state.used)
        if seat is None or cid is None:
            return self
        s = self.state
        owner = s.ruins[cid][1]
        if owner >= 0:
            self.problems.append(f"{verb}: ruin {cid} is already claimed by {s.players[owner]}")
        elif s.claims_left[seat] <= 0:
            k = s.options.claims
            self.problems.append(f"{verb}: {s.players[seat]} has used {'both' if k == 2 else f'all {k}'} claim "
                                 f"cards ({k} a player)")
        else:
            self._set_ruin(cid, 1, seat)
            left = self.state.claims_left
            self.state = self.state._replace(claims_left=left[:seat] + (left[seat] - 1,) + left[seat + 1:])
        return self

    def light_torches(self, who, lit) -> "Builder":
        """`who` has `lit` torches lit (0-3, 0 to the `torches` option; the others are extinguished)."""
        verb = f"light_torches({who!r}, {lit!r})"
        seat = self.seat(who, "light_torches")
        most = self.state.options.torches
        if type(lit) is not int or not 0 <= lit <= most:
            self.problems.append(f"{verb}: a player has {most} torches: lit is 0-{most}")
        elif seat is not None:
            self._write(seat, "torches", lit)
        return self

    def set_vp(self, who, vp, start=None) -> "Builder":
        """`who` is on `vp` (0-10) of the score track; start_vp (the VP at the start of the round) is
        `start`, or what this round's results give back from `vp` (vp itself when they give nothing)."""
        verb = f"set_vp({who!r}, {vp!r})"
        seat = self.seat(who, "set_vp")
        for value in (vp, start):
            if value is not None and (type(value) is not int or not 0 <= value <= MAX_VP):
                self.problems.append(f"{verb}: the score track runs 0-{MAX_VP}, not {value!r}")
                return self
        if seat is None:
            return self
        s = self.state
        if start is None:
            start = vp - sum(row[3] for row in s.results if row[0] == s.round and row[1] == seat)
        self._write(seat, "vp", vp)
        self._write(seat, "start_vp", start)
        return self

    # ----- the night flip ----------------------------------------------------------------------------
    def flip(self, who, ruin=None) -> "Builder":
        """`who`'s night flip: `ruin` (in their hand, an id or "rank R") to flip, or None to keep every
        ruin day side up. After the night flip step the chosen ruin is on its night side."""
        verb = f"flip({who!r}, {ruin!r})"
        seat = self.seat(who, "flip")
        if seat is None:
            return self
        if ruin is None:
            self._write(seat, "flips", NO_FLIP)
            return self
        cid = self._ruin(ruin, verb, where=self.state.hands[seat])
        if cid is None:
            return self
        if cid not in self.state.hands[seat]:
            self.problems.append(f"{verb}: ruin {cid} is not in {self.state.players[seat]}'s hand (it is "
                                 f"{self._where_ruin(cid)})")
            return self
        self._write(seat, "flips", cid)
        if self.state.step != "night_flip":
            self._set_ruin(cid, 0, 1)
        return self

    # ----- discoveries -------------------------------------------------------------------------------
    def upgrade(self, ruin, discovery, source="ddeck") -> "Builder":
        """`discovery` (an id or its words) placed on `ruin` (an id or "rank R") in its position (top,
        middle or bottom), taken from the discovery deck (`source="ddeck"`) or the market ("market": the
        discoveries nearer the deck slide over and the discovery deck refills slot 0)."""
        verb = f"upgrade({ruin!r}, {discovery!r})"
        cid = self._ruin(ruin, verb, where=self.state.used)
        if source not in ("ddeck", "market"):
            self.problems.append(f"{verb}: source is 'ddeck' or 'market', not {source!r}")
            return self
        s = self.state
        pool = s.ddeck if source == "ddeck" else s.market
        d = self._discovery(discovery, verb, pool, "discovery deck" if source == "ddeck" else "market")
        if cid is None or d is None:
            return self
        k = s.cards.disc_pos[d]
        if s.ruins[cid][2 + k] >= 0:
            self.problems.append(f"{verb}: ruin {cid} already has a {POSITIONS[k]} discovery "
                                 f"({s.ruins[cid][2 + k]})")
            return self
        self._take_disc(d)
        self._set_ruin(cid, 2 + k, d)
        return self

    def _take_disc(self, d):
        s = self.state
        if d in s.ddeck:
            self.state = s._replace(ddeck=tuple(x for x in s.ddeck if x != d))
            return
        j = s.market.index(d)
        market = (-1,) + s.market[:j] + s.market[j + 1:]
        ddeck = s.ddeck
        if ddeck:
            market, ddeck = (ddeck[0],) + market[1:], ddeck[1:]
        self.state = s._replace(market=market, ddeck=ddeck)

    def offer(self, slot, discovery) -> "Builder":
        """Market slot `slot` (0 next to the discovery deck .. 3) offers `discovery` (an id or its words),
        taken from the discovery deck; the discovery it replaces goes back to the discovery deck."""
        verb = f"offer({slot!r}, {discovery!r})"
        if type(slot) is not int or not 0 <= slot < MARKET_SIZE:
            self.problems.append(f"{verb}: the market has slots 0-{MARKET_SIZE - 1} (0 next to the discovery deck)")
            return self
        d = self._discovery(discovery, verb, self.state.ddeck, "discovery deck")
        if d is None:
            return self
        s = self.state
        old = s.market[slot]
        ddeck = tuple(sorted([x for x in s.ddeck if x != d] + ([old] if old >= 0 else [])))
        self.state = s._replace(market=s.market[:slot] + (d,) + s.market[slot + 1:], ddeck=ddeck)
        return self

    def set_market(self, *discoveries) -> "Builder":
        """The market offers `discoveries` (ids or words, slot 0 first; fewer than 4 leave the first slots
        empty); the old offers go back to the discovery deck first."""
        verb = f"set_market({', '.join(map(repr, discoveries))})"
        if len(discoveries) > MARKET_SIZE:
            self.problems.append(f"{verb}: the market has {MARKET_SIZE} slots")
            return self
        s = self.state
        self.state = s._replace(market=(-1,) * MARKET_SIZE,
                                ddeck=tuple(sorted(s.ddeck + tuple(x for x in s.market if x >= 0))))
        start = MARKET_SIZE - len(discoveries)
        for j, d in enumerate(discoveries):
            self.offer(start + j, d)
        return self

    # ----- done ----------------------------------------------------------------------------------------
    def done(self):
        """The position, validated once (see the core's PositionBuilder.done). Worked out here first: the
        last play's rank (after `played`) and, at follow/claim/discover, the players who passed since the
        last play (unless `set` gave them)."""
        s = self.state
        if self._last and "last_rank" not in self._explicit and s.last_play:
            ranks = [(s.rank[c], s.wild[c]) for c in s.last_play]  # derived values follow each record (_set_ruin)
            s = s._replace(last_rank=set_rank(ranks))
        if "passed" not in self._explicit and s.step in ("follow", "claim", "discover") \
                and s.last_player >= 0 and type(s.to_move) is int:
            passed, q, n = [], s.last_player, len(s.players)
            active = [p for p in range(n) if s.seated[p] and p not in s.out]
            for _ in range(n):
                q = (q + 1) % n
                if q == s.to_move or q == s.last_player:
                    break
                if q in active:
                    passed.append(q)
            s = s._replace(passed=tuple(passed))
        self.state = s
        return super().done()
