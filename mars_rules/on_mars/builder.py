"""The On Mars position builder (`state.edit()`): the core's verbs (mars_rules.core.builder) plus the
game's own, in the rulebook's words. Every verb takes names where the position stores ids (a Building
type, a Resource, a Tech tile, a Lab row, a Blueprint, a Scientist, an Earth Contract, a Mission, an
action space), moves a piece or a card from where it is (nothing is created or lost: Crystals from the
general supply, Tech tiles from the Tech Grid, Colonists from the reserve, cards from their deck or
display), returns the builder so verbs chain, and records a problem instead of raising: `done()` lists
them all, then every rule the position breaks (`invariants.problems`).

- `player(who).<field>`: a player's record (`pieces[seat]`) by field name; `.battery` ... `.mineral` are
  the Resources in Storage. Setting a field moves nothing else (prefer the verbs below).
- `storage(who, **resources)`: Resources in a player's Storage by name (`water=3`).
- `crystals(who, n)`: Crystals in a player's Depot, the difference taken from / given to the supply.
- `move_colonists(who, n, frm, to)`: Colonists between "reserve", "living quarters", "working area"
  and the slots of an action ("Resupply", "construct", ...).
- `welcome_ships(who, n=1)`: Ships from the Depot to the Hangar (the Fleet Arrival Mission counts them).
- `bots(who, hexes)`, `rover(who, hex)`: where the Bots and the Rover stand.
- `construct(hex, building, miner=None)`: a Building on a free hex (a Mine with its Miner from the
  reserve); the LSS marker and the Missions count it as constructed.
- `upgrade(hex, owner, blueprint)`: the Building on `hex` made Advanced with the owner's Blueprint (taken
  from the owner's hand, or else from the deck or the display); a Level 3 Blueprint needs a Complex of 3.
- `learn(who, tech, row, column=1)`: a Tech tile from the Tech Grid into the Laboratory (or the player's
  tile of that type moved there); the Science First Mission counts the columns.
- `blueprint(who, card)`, `hire(who, scientist, hex=None)`, `contract(who, card)`: a card by name from
  its deck or display (a display is refilled from the deck, lowest card first) into the player's hand.
- `missions(*names)`: the Missions on the board by name (the others go back to the Mission deck), each
  counting the contributions the game has made so far.
- `turn_order(side, first)`: everyone on the Orbit or the Colony side, `first` first in Turn Order.
- `set_turn(who, step)`: whose decision and which step, the turn's counters as play leaves them when that
  step begins (the players before `who` in Turn Order have played this round).
- `game_over()`: the final round finished, every Colonist home, the game scored.
- `rules(**options)`: the game's rule options (`options.OPTIONS`), over those it has: `rules(round_limit=14)`;
  `done()` then checks the position against them.

>>> from mars_rules.on_mars import new_game
>>> from mars_rules.on_mars.scenario import resolve
>>> s = resolve(new_game(players=["Ada", "Bo"], seed=7))
>>> t = (s.edit().turn_order("colony", "Ada").set_turn("Ada", "turn").storage("Ada", water=3)
...      .construct((1, -3), "Generator").learn("Bo", "Mine", "bottom").done())
>>> t.pieces[0].res, t.lss, t.pieces[1].lab[0], t.order
((1, 3, 1, 1, 1), (2, 1, 1, 1), ('mine', 'bottom', 1), (4, 5))
>>> try:
...     s.edit().construct((1, -3), "Genrator").crystals("Bo", 9).done()
... except PositionError as e:
...     for problem in e.problems:
...         print(problem.split(" (the")[0])
construct(building='Genrator'): no Building type is called 'Genrator'
pieces[1].crystals: 9, but the Depot holds 5 with 5 Ship(s) covering it: lower it by 4 (and raise `supply` as much)
"""
from __future__ import annotations

from mars_rules.core import CHANCE, PositionError  # noqa: F401  (PositionError: for the doctest)
from mars_rules.core.builder import PositionBuilder

from . import data as D
from .options import OPTIONS, rules_of
from .readable import blueprint_name
from .invariants import ACTION_STEPS, PHASE_STEPS, USE_STEPS, constructed, mission_events
from .setup import DECK_INDEX

PLACES = {"reserve": "reserve", "living quarters": "lq", "lq": "lq", "working area": "wa", "wa": "wa"}
"""Where `move_colonists` moves Colonists from or to (besides the slots of an action, by its name)."""


def _key(text) -> str:
    return " ".join(str(text).replace("_", " ").split()).casefold()


class Builder(PositionBuilder):
    PLAYER_RECORDS = "pieces"
    ALIASES = {r: ("res", i) for i, r in enumerate(D.RESOURCES)}

    # ----- the turn ----------------------------------------------------------------------------------
    def _turn_fields(self, seat, step):
        """'`seat` decides at `step`': the counters of the turn as play leaves them when the step begins.
        Those before `seat` in Turn Order have played this round (their marker laid down), the others not;
        at the start of a turn nothing is chosen; inside a Main action `main` names it and one use is
        allowed (the Upgrade Tech adds uses; boosts are yours to set with `set(allow=...)`)."""
        s = self.state
        n = len(s.players)
        order = sorted(range(n), key=s.order.__getitem__)
        fields = dict(active=seat, to_move=CHANCE if s.pending else seat, step=step, queue=(), shuttle_left="",
                      used=0, allow=0, moves=(), pay_left=0, choices=0, tile=-1, build="", resume="")
        if step in PHASE_STEPS["shuttle"] and not (step == "turn_order" and s.phase == "colonization"):
            fields.update(phase="shuttle", done=(True,) * n,
                          queue=tuple(x for x in order if order.index(x) >= order.index(seat)))
            if step == "discovery":
                fields.update(resume="turn_order", pending=s.pending or ("discovery",), to_move=CHANCE)
            return fields
        if step == "game_over":
            self.problems.append("set_turn(step='game_over'): nobody decides when the game is over: use game_over()")
            return {}
        if step == "setup":
            self.problems.append("set_turn(step='setup'): the setup is made by its draws: use new_game()")
            return {}
        fields.update(phase="colonization", done=tuple(order.index(x) < order.index(seat) for x in range(n)))
        if step in ("turn", "final_round"):
            fields.update(main="", exec_used=False)
            return fields
        main = ("construct" if step == "construct_hex" else "landing_pod" if step == "turn_order"
                else self._main_of(seat) if step in ("pay", "resource", "turn_end") else step)
        fields["main"] = main
        if step in USE_STEPS or step == "turn_order":
            fields["allow"] = 1
        if step == "upgrade":
            from .board import tech_level
            fields["allow"] = 1 + tech_level(s.pieces[seat], "upgrade")
        if step == "resource":
            fields.update(choices=1, resume=main if main in ("learn", "rnd") else "learn")
        if step == "control":
            pl = s.pieces[seat]
            from .board import tech_level
            fields["moves"] = ((D.ROVER_MOVEMENT + tech_level(pl, "rover"),) + (D.BOT_MOVEMENT,) * len(pl.bots))
        if main in ACTION_STEPS + ("landing_pod",) and seat not in s.slots[D.ACTIONS.index(main)]:
            self.problems.append(f"set_turn({s.players[seat]!r}, {step!r}): step {step} is inside the Main action "
                                 f"{main}: put a Colonist of theirs on its slots first (move_colonists)")
        return fields

    def _main_of(self, seat):
        """The Main action `seat` is taking: `main` if a Colonist of theirs is on its slots, else the first
        action whose slots hold one (move the Colonist before `set_turn`)."""
        s = self.state
        if s.main in D.ACTIONS and seat in s.slots[D.ACTIONS.index(s.main)]:
            return s.main
        return next((a for a, on in zip(D.ACTIONS, s.slots) if seat in on), s.main)

    def turn_order(self, side, first=0) -> "Builder":
        """Everyone on one side ("orbit" or "colony"), `first` (a name or a seat) on its first Turn Order
        space, the others after it in seat order."""
        seat = self.seat(first, "turn_order")
        key = _key(side)
        if key not in ("orbit", "colony"):
            self.problems.append(f"turn_order(side={side!r}): the sides are orbit and colony")
            return self
        if seat is not None:
            n = len(self.state.players)
            base = 0 if key == "orbit" else D.TURN_ORDER_SPACES
            self.state = self.state._replace(order=tuple(base + (x - seat) % n for x in range(n)))
        return self

    def game_over(self) -> "Builder":
        """The end: the final round played by everyone, every Colonist back in the Living Quarters, no draw
        pending. The end must have been triggered (the Remaining Missions marker at its end, or the round
        limit passed): if it is not, the round becomes the one after the limit."""
        s = self.state
        if s.remaining < s.options.missions_to_end and s.round <= s.options.round_limit:
            s = s._replace(round=s.options.round_limit + 1)
        n = len(s.players)
        pieces = list(s.pieces)
        for seat in range(n):
            home = sum(x.count(seat) for x in s.slots) + pieces[seat].wa
            pieces[seat] = pieces[seat]._replace(lq=pieces[seat].lq + home, wa=0)
        self.state = s._replace(phase="over", step="game_over", to_move=None, end_triggered=True, final_round=True,
                                done=(True,) * n, queue=(), slots=((),) * len(s.slots), pieces=tuple(pieces),
                                main=s.main if s.main in ("pass",) + D.ACTIONS else "pass", pending=(),
                                shuttle_left="", used=0, allow=0, moves=(), pay_left=0, choices=0, tile=-1,
                                build="", resume="")
        return self

    def rules(self, **options) -> "Builder":
        """The rule options of the game (by name, over the ones it has; see `options.OPTIONS`): the position
        is then checked against them (a round past `round_limit`, Resources over `resource_cap`, ...)."""
        given = dict(OPTIONS.changed(self.state.options), **options)
        try:
            self.state = self.state._replace(options=rules_of(given))
        except ValueError as e:
            self.problems.append(f"rules({', '.join(f'{k}={v!r}' for k, v in options.items())}): {e}")
        return self

    # ----- names -------------------------------------------------------------------------------------
    def _pick(self, verb, kind, value, names):
        """The id of `value` among `names` ({id: [names]}): an id itself, or a name (any case; `_` for a
        space); None with a problem naming the verb and listing the valid names."""
        if not isinstance(value, bool) and value in names:
            return value
        if isinstance(value, str):
            for ident, aliases in names.items():
                if _key(value) in (_key(a) for a in aliases):
                    return ident
        listed = ", ".join(dict.fromkeys(str(a[0]) for a in names.values()))
        self.problems.append(f"{verb}: no {kind} is called {value!r} (the {kind}s are: {listed})")
        return None

    def _building(self, verb, value):
        return self._pick(verb, "Building type", value, {b: (D.BUILDING_NAME[b], b) for b in D.BUILDINGS})

    def _tech(self, verb, value):
        return self._pick(verb, "Tech tile", value, {t: (D.TECH_NAME[t], t) for t in D.TECHS})

    def _card(self, verb, kind, value):
        cards = self.state.cards
        if kind == "Blueprint":
            names = {i: (blueprint_name(card), f"{card[0]} L{card[1]} {card[2]}")
                     for i, card in enumerate(cards.blueprints)}
        else:
            table = {"Scientist": cards.scientists, "Earth Contract": cards.contracts, "Mission": cards.missions}[kind]
            names = {i: (card[0],) for i, card in enumerate(table)}
        if isinstance(value, str):  # a name shared by several cards: the first one still in the box's decks
            same = [i for i, a in names.items() if _key(value) in (_key(x) for x in a)]
            free = [i for i in same if i in self.state.decks[_DECK[kind]]]
            if len(same) > 1 and free:
                return free[0]
        return self._pick(verb, kind, value, names)

    def _hex(self, verb, value):
        try:
            h = (int(value[0]), int(value[1]))
            if len(value) == 2 and h in D.HEX_SET:
                return h
        except (TypeError, ValueError, IndexError):
            pass
        self.problems.append(f"{verb}: {value!r} is not a hex of the map (axial (q, r), {D.MAP_RADIUS} or fewer "
                             "steps from (0, 0))")
        return None

    def _pl(self, seat):
        return self.state.pieces[seat]

    def _set_pl(self, seat, **fields):
        pieces = list(self.state.pieces)
        pieces[seat] = pieces[seat]._replace(**fields)
        self.state = self.state._replace(pieces=tuple(pieces))

    def _follow(self, before):
        """The counters that follow the pieces: LSS markers (Buildings constructed) and the Missions on the
        board (Buildings, upgrades, Ships, Tech columns, tiles claimed) move with the verb."""
        after = self.state
        lss = tuple(min(D.LSS_MAX, x + constructed(after, b) - constructed(before, b))
                    for x, b in zip(after.lss, D.LSS_TRACKS))
        table = after.cards.missions
        missions = tuple((card, k + mission_events(after, table[card][1]) - mission_events(before, table[card][1]))
                         for card, k in after.missions)
        self.state = after._replace(lss=lss, missions=missions)

    def _take_card(self, kind, card):
        """Card `card` leaves its deck, or its display (refilled from the deck, lowest drawable card first).
        False when it is in neither (a player holds it)."""
        di = _DECK[kind]
        display = _DISPLAY[kind]
        s = self.state
        deck = list(s.decks[di])
        shown = list(getattr(s, display))
        if card in deck:
            deck.remove(card)
        elif card in shown:
            at = shown.index(card)
            drawable = [c for c in deck if kind != "Blueprint" or s.level >= s.options.level_3_blueprints_from
                        or s.cards.blueprints[c][1] == 1]
            if drawable:
                shown[at] = drawable[0]
                deck.remove(drawable[0])
            else:
                del shown[at]
        else:
            return False
        decks = s.decks[:di] + (tuple(deck),) + s.decks[di + 1:]
        self.state = s._replace(decks=decks, **{display: tuple(shown)})
        return True

    def _holder(self, field, card):
        for seat, pl in enumerate(self.state.pieces):
            if card in [x if field == "contracts" else x[0] for x in getattr(pl, field)]:
                return seat
        return None

    # ----- a player's pieces -------------------------------------------------------------------------
    def storage(self, who, battery=None, water=None, plant=None, oxygen=None, mineral=None,
                **other) -> "Builder":
        """Resources in `who`'s Storage by name: `storage("Ada", water=3, mineral=0)` (those not named stay)."""
        seat = self.seat(who, "storage")
        given = dict(battery=battery, water=water, plant=plant, oxygen=oxygen, mineral=mineral)
        for name in other:
            self.problems.append(f"storage({name}=...): no Resource is called {name!r} (the Resources are: "
                                 f"{', '.join(D.RESOURCES)})")
        if seat is not None:
            res = list(self._pl(seat).res)
            for name, amount in given.items():
                if amount is not None:
                    res[D.RES_INDEX[name]] = amount
            self._set_pl(seat, res=tuple(res))
        return self

    def crystals(self, who, n) -> "Builder":
        """`n` Crystals in `who`'s Depot: the difference comes from (or goes back to) the general supply."""
        seat = self.seat(who, "crystals")
        if seat is not None:
            if type(n) is not int or n < 0:
                self.problems.append(f"crystals({who!r}, {n!r}): a number of Crystals, 0 or more")
                return self
            old = self._pl(seat).crystals
            if n - old > self.state.supply:
                self.problems.append(f"crystals({who!r}, {n}): the general supply holds {self.state.supply} "
                                     f"Crystal(s), {n - old} are needed")
                return self
            self._set_pl(seat, crystals=n)
            self.state = self.state._replace(supply=self.state.supply - (n - old))
        return self

    def move_colonists(self, who, n, frm, to) -> "Builder":
        """`n` of `who`'s Colonists from one place to another: "reserve", "living quarters" (lq), "working
        area" (wa), or the slots of an action by its name ("Resupply", "Construct a Building", ...)."""
        seat = self.seat(who, "move_colonists")
        verb = f"move_colonists({who!r}, {n!r}, {frm!r}, {to!r})"
        places = []
        for end in (frm, to):
            if _key(end) in PLACES:
                places.append(PLACES[_key(end)])
                continue
            action = self._pick(verb, "place", end, {**{p: (p,) for p in PLACES},
                                                      **{a: (D.ACTION_NAME[a], a) for a in D.ACTIONS}})
            places.append(action)
        if seat is None or None in places:
            return self
        if type(n) is not int or n < 0:
            self.problems.append(f"{verb}: a number of Colonists, 0 or more")
            return self
        pl = self._pl(seat)
        slots = list(self.state.slots)
        src, dst = places
        have = getattr(pl, src) if src in ("reserve", "lq", "wa") else slots[D.ACTIONS.index(src)].count(seat)
        if have < n:
            self.problems.append(f"{verb}: {self.state.players[seat]} has {have} Colonist(s) there")
            return self
        fields = {}
        for place, delta in ((src, -n), (dst, n)):
            if place in ("reserve", "lq", "wa"):
                fields[place] = fields.get(place, getattr(pl, place)) + delta
            else:
                i = D.ACTIONS.index(place)
                on = list(slots[i])
                for _ in range(abs(delta)):
                    if delta > 0:
                        on.append(seat)
                    else:
                        on.remove(seat)
                slots[i] = tuple(on)
        self._set_pl(seat, **fields)
        self.state = self.state._replace(slots=tuple(slots))
        return self

    def welcome_ships(self, who, n=1) -> "Builder":
        """`n` Ships of `who` from the Depot to the Hangar (as welcomed; the Missions count them)."""
        seat = self.seat(who, "welcome_ships")
        if seat is None:
            return self
        pl = self._pl(seat)
        if type(n) is not int or not 0 <= n <= pl.depot_ships:
            self.problems.append(f"welcome_ships({who!r}, {n!r}): {pl.depot_ships} Ship(s) left in the Depot")
            return self
        before = self.state
        self._set_pl(seat, depot_ships=pl.depot_ships - n, hangar=pl.hangar + n)
        self._follow(before)
        return self

    def bots(self, who, hexes) -> "Builder":
        """`who`'s Bots stand on these hexes (a list, in the order they arrived); a Bot lands with each Ship
        welcomed."""
        seat = self.seat(who, "bots")
        if not isinstance(hexes, (list, tuple)) or (len(hexes) == 2 and all(type(x) is int for x in hexes)):
            self.problems.append(f"bots({who!r}, {hexes!r}): a list of hexes, e.g. [(3, -3), (1, -2)]")
            return self
        found = tuple(self._hex(f"bots({who!r})", h) for h in hexes)
        if seat is not None and None not in found:
            if not found:
                self.problems.append(f"bots({who!r}): a player keeps their first Bot: name at least one hex")
            else:
                self._set_pl(seat, bots=found)
        return self

    def rover(self, who, hex) -> "Builder":
        """`who`'s Rover on `hex`."""
        seat = self.seat(who, "rover")
        h = self._hex(f"rover({who!r})", hex)
        if seat is not None and h is not None:
            self._set_pl(seat, rover=h)
        return self

    # ----- Buildings ---------------------------------------------------------------------------------
    def construct(self, hex, building, miner=None) -> "Builder":
        """A `building` (type by name) on a free `hex`, as if constructed: the LSS marker and the Missions
        count it. A Mine needs its `miner` (a player), whose Colonist comes from their reserve."""
        btype = self._building("construct(building=...)".replace("...", repr(building)), building)
        h = self._hex(f"construct(hex={hex!r})", hex)
        seat = None if miner is None else self.seat(miner, "construct(miner)")
        if btype is None or h is None or (miner is not None and seat is None):
            return self
        there = [b for b in self.state.buildings if b[0] == h]
        if there:
            self.problems.append(f"buildings: a {D.BUILDING_NAME[there[0][1]]} already stands on {h} (construct("
                                 f"{h}, {building!r}): one Building per hex)")
            return self
        if (btype == "mine") != (seat is not None):
            self.problems.append(f"construct({h}, {building!r}): a Mine is constructed with its Miner (name "
                                 "`miner`), and only a Mine has one")
            return self
        before = self.state
        if seat is not None:
            if self._pl(seat).reserve < 1:
                self.problems.append(f"construct({h}, {building!r}, miner={miner!r}): no Colonist left in the "
                                     "reserve")
                return self
            self._set_pl(seat, reserve=self._pl(seat).reserve - 1)
        self.state = self.state._replace(buildings=tuple(sorted(
            self.state.buildings + ((h, btype, -1, -1, -1 if seat is None else seat),))))
        self._follow(before)
        return self

    def upgrade(self, hex, owner, blueprint) -> "Builder":
        """The Building on `hex` made Advanced by `owner` with a Blueprint (by name, e.g. "Generator L1
        crystal", or id): the card used comes from the owner's hand, or else from its deck or the display.
        A Level 3 Blueprint upgrades a Building in a Complex of 3 or more (`done()` checks it)."""
        seat = self.seat(owner, "upgrade")
        h = self._hex(f"upgrade(hex={hex!r})", hex)
        card = self._card(f"upgrade(blueprint={blueprint!r})", "Blueprint", blueprint)
        if seat is None or h is None or card is None:
            return self
        at = [i for i, b in enumerate(self.state.buildings) if b[0] == h]
        if not at:
            self.problems.append(f"upgrade({h}): no Building stands there (construct one first)")
            return self
        b = self.state.buildings[at[0]]
        if b[2] >= 0:
            self.problems.append(f"upgrade({h}): the {D.BUILDING_NAME[b[1]]} there is already Advanced")
            return self
        pl = self._pl(seat)
        held = dict(pl.blueprints)
        if held.get(card) == 1:
            self.problems.append(f"upgrade({h}, blueprint={blueprint!r}): that Blueprint already made an Advanced "
                                 "Building")
            return self
        if card not in held:
            if not self._take_card("Blueprint", card):
                self.problems.append(f"upgrade({h}, blueprint={blueprint!r}): another player holds that card")
                return self
            pl = self._pl(seat)
            self._set_pl(seat, blueprints=pl.blueprints + ((card, 1),))
        else:
            self._set_pl(seat, blueprints=tuple((c, 1 if c == card else u) for c, u in pl.blueprints))
        before = self.state
        buildings = list(self.state.buildings)
        buildings[at[0]] = (h, b[1], seat, card, b[4])
        self.state = self.state._replace(buildings=tuple(buildings))
        self._follow(before)
        return self

    # ----- the Laboratory ----------------------------------------------------------------------------
    def learn(self, who, tech, row, column=1) -> "Builder":
        """`who`'s Tech tile of this type (by name) in `row` ("bottom", "middle", "top") and `column`: their
        tile moved there, or one from the Tech Grid. The Missions count the columns."""
        seat = self.seat(who, "learn")
        t = self._tech(f"learn(tech={tech!r})", tech)
        r = self._pick(f"learn(row={row!r})", "Lab row", row, {x: (x,) for x in D.LAB_ROWS})
        if seat is None or t is None or r is None:
            return self
        if type(column) is not int or not 1 <= column <= D.LAB_COLUMNS:
            self.problems.append(f"learn(column={column!r}): the Lab columns are 1 to {D.LAB_COLUMNS}")
            return self
        before = self.state
        pl = self._pl(seat)
        mine = [x for x in pl.lab if x[0] == t]
        if not mine:
            i = D.TECHS.index(t)
            if self.state.tech_grid[i] < 1:
                self.problems.append(f"learn({who!r}, {tech!r}): no {D.TECH_NAME[t]} tile left in the Tech Grid")
                return self
            grid = self.state.tech_grid
            self.state = self.state._replace(tech_grid=grid[:i] + (grid[i] - 1,) + grid[i + 1:])
        lab = tuple(sorted([x for x in pl.lab if x[0] != t] + [(t, r, column)]))
        self._set_pl(seat, lab=lab)
        self._follow(before)
        return self

    # ----- cards -------------------------------------------------------------------------------------
    def _give(self, verb, kind, who, card, entry):
        seat = self.seat(who, verb.split("(")[0])
        c = self._card(verb, kind, card)
        if seat is None or c is None:
            return None
        field = _HAND[kind]
        holder = self._holder(field, c)
        if holder is not None:
            self.problems.append(f"{verb}: {self.state.players[holder]} already holds that card")
            return None
        if not self._take_card(kind, c):
            self.problems.append(f"{verb}: that card is in no deck or display")
            return None
        self._set_pl(seat, **{field: getattr(self._pl(seat), field) + (entry(c),)})
        return seat

    def blueprint(self, who, card) -> "Builder":
        """A Blueprint (by name, e.g. "Shelter L1 oxygen", or id) into `who`'s hand, not used yet."""
        self._give(f"blueprint({who!r}, {card!r})", "Blueprint", who, card, lambda c: (c, 0))
        return self

    def hire(self, who, scientist, hex=None) -> "Builder":
        """A Scientist (by name) hired by `who`; with `hex`, working in the Advanced Building there."""
        h = None if hex is None else self._hex(f"hire(hex={hex!r})", hex)
        if hex is None or h is not None:
            self._give(f"hire({who!r}, {scientist!r})", "Scientist", who, scientist, lambda c: (c, h or ()))
        return self

    def contract(self, who, card) -> "Builder":
        """An Earth Contract (by name) taken by `who`."""
        self._give(f"contract({who!r}, {card!r})", "Earth Contract", who, card, lambda c: c)
        return self

    def missions(self, *names) -> "Builder":
        """The Missions on the board, by name: each from the Mission deck or already on the board (the
        ones left out go back to the deck), counting every contribution the game has made so far."""
        s = self.state
        cards = [self._card("missions", "Mission", name) for name in names]
        if None in cards:
            return self
        if len(set(cards)) != len(cards):
            self.problems.append(f"missions{tuple(names)!r}: a Mission is on the board once")
            return self
        on_board = [c for c, _n in s.missions]
        deck = set(s.decks[5]) | set(on_board)
        lost = [c for c in cards if c not in deck]
        if lost:
            self.problems.append(f"missions: {', '.join(s.cards.missions[c][0] for c in lost)} was met (it left "
                                 "the game)")
            return self
        table = s.cards.missions
        missions = tuple((c, mission_events(s, table[c][1])) for c in cards)
        decks = s.decks[:5] + (tuple(sorted(deck - set(cards))),) + s.decks[6:]
        self.state = s._replace(missions=missions, decks=decks)
        return self


_DECK = {"Blueprint": DECK_INDEX["blueprint"], "Scientist": DECK_INDEX["scientist"],
         "Earth Contract": DECK_INDEX["contract"], "Mission": DECK_INDEX["mission"]}
_DISPLAY = {"Blueprint": "bp_display", "Scientist": "sci_display", "Earth Contract": "con_display"}
_HAND = {"Blueprint": "blueprints", "Scientist": "scientists", "Earth Contract": "contracts"}
