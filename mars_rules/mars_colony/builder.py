"""The Mars position builder (`state.edit()`): what-if positions in a few readable lines, checked once.

The core's verbs (mars_rules.core.builder: `set_turn`, `player(who).<field>`, `set`, `seat`) plus the
colony's own, named after the rulebook and taking names wherever the position holds numbers or ids:
materials ("iron" or its letter "I"), installations ("communications module" or "comm"), installation
slots ("comm1", "plant0", "mine2", "port": see SLOT_NAMES), contracts ("silicon-iron" or "SI") and cards
(an id such as "sci1" or a name such as "Soil analysis", any case).

Every verb moves a card, tile or colonist from where it is to where it goes, so the totals of the box
stay right: cards come from the reserve (or the supply deck) and go back there, R&D and event cards
leave their deck (then their discard pile) and return to the discard pile, mine tiles leave the pile of
mine tiles, colonists leave the habitats to work and come back. What cannot be done (an unknown name, a
pile without the card, more tiles than the box has) is a problem naming the verb; `done()` lists them
all, then everything the position's own checks find. Each verb returns the builder, so verbs chain.

Verbs taking several names take them one after another or as one list (`staff("Ada", "comm1", "plant1")`
or `staff("Ada", ["comm1", "plant1"])`). Verbs: `hand`, `give_cards`, `take_cards` (raw material cards); `build` (an installation up to a level,
a habitat, a mine); `habitats` (each habitat powered or dark); `staff`, `unstaff` (colonists to and from
installations); `colonists` (colonists in the habitats); `vp`, `recount` (the two cubes); `contracts`;
`played`, `kept`, `supremacies` (the cards in front of a player); `event_deck`, `rd_deck` (what is left
to draw); `resolving` (the card being resolved); `options` (the rule options of the position, e.g.
`options(max_habitats=6)`: call it before the verbs that depend on them). Setting a material by name on a player
(`b.player("Ada").iron = 3`) moves the difference from or to the reserve, like `hand`.

>>> from mars_rules.mars_colony import quick_start
>>> s = quick_start(["Ada", "Bo"], seed=1, mines=["IC", "SW"], hands=["IICO", "SSWO"])
>>> t = (s.edit().hand("Ada", "CCWWO").build("Ada", "communications module", 1).staff("Ada", "comm1")
...      .played("Bo", "Soil analysis").set_turn("Ada", "build").done())
>>> t.colonies[0].hand, t.colonies[0].comm, t.colonies[0].housed, t.colonies[1].played, t.step
((0, 2, 0, 2, 1), 1, 2, ('sci1',), 'build')
>>> import mars_rules
>>> try:
...     s.edit().give_cards("Ada", "IIIIIIII").build("Ada", "military base", 4).done()
... except mars_rules.PositionError as e:
...     for line in e.problems: print(line)
give_cards('Ada'): the reserve has 7 iron card(s), not 8
build('Ada', 'military base'): a military base goes up to level 3, not 4
"""
from __future__ import annotations

from mars_rules.core import CHANCE
from mars_rules.core.builder import PositionBuilder

from .data import (CONTRACTS, DARK_EMPTY, DARK_WAITING, HABITAT_COLONISTS, KEEPABLE, LETTERS, MATERIALS, MAX_LEVEL,
                   MAX_MINES, POWERED, SLOT_INDEX, TILES, TRACK_NAMES)
from .options import OPTIONS

SLOT_NAMES = {}
for (_track, _level), _i in SLOT_INDEX.items():
    SLOT_NAMES["port" if _track == "port" else f"{_track}{_level + 1 if _track == 'mine' else _level}"] = _i
"""Names of the installation slots: plant0..plant3, silo0..silo3, mine1..mine4, comm1..3, mil1..3, rnd1..2, port."""

LEVEL_FIELD = {"plant": "plants", "silo": "silos", "comm": "comm", "mil": "mil", "rnd": "rnd", "port": "port"}
INSTALLATIONS = {}
"""Every name `build` accepts (any case) -> the track key: the rulebook's names and the short keys."""
for _key, _name in TRACK_NAMES.items():
    INSTALLATIONS[_key] = INSTALLATIONS[_name.lower()] = _key
INSTALLATIONS.update({"r&d center": "rnd", "power plants": "plant", "habitats": "habitat", "mines": "mine"})
HABITAT_WORDS = {"dark": DARK_EMPTY, "waiting": DARK_WAITING, "powered": POWERED}
"""The states of a new habitat: dark and empty, dark with its 3 colonists waiting, powered (they live in it)."""
PILES = ("reserve", "supply")
# steps that resolve a card (the `card` field is set there); at any other step no card is being resolved
CARD_STEPS = ("event_choice", "event_take", "research_keep", "supply_draw")
CHANCE_STEPS = ("deal", "event", "event_take", "attack_take", "supply_draw", "research_die", "research_draw",
                "resupply")
BEFORE_TRADE = ("mine_draft", "deal", "event", "event_choice", "event_take", "attack", "attack_take", "research",
                "research_die", "research_draw", "research_keep", "resupply")
BEFORE_DUST = ("mine_draft", "deal", "event", "event_choice", "event_take", "resupply")


class Builder(PositionBuilder):
    """A Mars position under construction (see the module docstring)."""

    PLAYER_RECORDS = "colonies"
    ALIASES = {name: ("hand", m) for m, name in enumerate(MATERIALS)}

    # ----- the turn -------------------------------------------------------------------------------
    def _turn_fields(self, seat, step):
        """`seat` decides at `step`: the active seat, who moves (a card or die at a chance step), the step's
        counters started afresh (nothing moved yet, no offer, no dust storm before the event), and the card
        being resolved kept only at a step that resolves one (otherwise it goes to its discard pile)."""
        s = self.state
        fields = {"step": step, "active": seat, "result": ()}
        if step in CHANCE_STEPS:
            fields["to_move"] = CHANCE
        elif step == "game_over":
            fields["to_move"] = None
        else:
            fields["to_move"] = seat
        if step == "move_colonists":
            fields["task"] = (0,)
        elif step == "research_draw":
            fields["task"] = ("rd2",) if s.task == ("rd2",) else ("rd1",)
        elif step in ("mine_draft", "deal"):
            fields["task"] = s.task if s.step == step else (0,)
        elif step not in CARD_STEPS:
            fields["task"] = ()
        if step not in ("trade_offer", "trade_reply"):
            fields["offer"] = ()
        if step in BEFORE_TRADE:
            fields["offers"] = 0
        elif step in ("trade_offer", "trade_reply"):
            fields["offers"] = max(1, s.offers)
        if step in BEFORE_DUST:
            fields["dust"] = 0
        if step not in CARD_STEPS and s.card:       # the card resolved goes to its discard pile
            prefix, i = self._where(s.card)
            pile = getattr(s, prefix + "_discard")
            fields.update({"card": "", prefix + "_discard": pile[:i] + (pile[i] + 1,) + pile[i + 1:]})
        elif step in CARD_STEPS and s.card:
            fields.update(self._card_task(step, s.card, seat))
        return fields

    def _card_task(self, step, cid, seat) -> dict:
        """The task a card-resolving step starts with for this card (only where the card alone decides it)."""
        card = self._card_by_id(cid)
        if step == "event_choice":
            task = {"conflict": ("rival",), "contested": ("contest",)}.get(getattr(card, "type", ""))
            if getattr(card, "type", "") == "deposit":
                task = ("deposit", max(1, card.amount))
            return {} if task is None else {"task": task}
        if step == "research_keep":
            return {"task": ()}
        return {}

    # ----- raw material cards ----------------------------------------------------------------------
    def hand(self, who, cards, pile: str = "reserve") -> "Builder":
        """`who` holds exactly `cards` (letters "IICO", names ["iron", "iron"], {"iron": 2} or 5 counts);
        the difference comes from `pile` ("reserve" or "supply", the face-down supply deck) or goes back to it."""
        seat, want, pile = self._seat(who, "hand"), self._counts(cards, "hand", who), self._pile(pile, "hand", who)
        if None in (seat, want, pile):
            return self
        have = self.state.colonies[seat].hand
        self._move_cards(seat, tuple(w - h for w, h in zip(want, have)), pile, f"hand({who!r})")
        return self

    def give_cards(self, who, cards, pile: str = "reserve") -> "Builder":
        """Move `cards` from `pile` ("reserve" or "supply") into `who`'s hand."""
        seat, add, pile = (self._seat(who, "give_cards"), self._counts(cards, "give_cards", who),
                           self._pile(pile, "give_cards", who))
        if None not in (seat, add, pile):
            self._move_cards(seat, add, pile, f"give_cards({who!r})")
        return self

    def take_cards(self, who, cards, pile: str = "reserve") -> "Builder":
        """Move `cards` from `who`'s hand back to `pile` ("reserve" or "supply")."""
        seat, out, pile = (self._seat(who, "take_cards"), self._counts(cards, "take_cards", who),
                           self._pile(pile, "take_cards", who))
        if None not in (seat, out, pile):
            self._move_cards(seat, tuple(-n for n in out), pile, f"take_cards({who!r})")
        return self

    def _move_cards(self, seat, delta, pile, where):
        s = self.state
        hand, stock = s.colonies[seat].hand, getattr(s, pile)
        wrong = False
        for m in range(5):
            if delta[m] > stock[m]:
                self.problems.append(f"{where}: the {pile} has {stock[m]} {MATERIALS[m]} card(s), not {delta[m]}")
                wrong = True
            elif -delta[m] > hand[m]:
                self.problems.append(f"{where}: {s.players[seat]} holds {hand[m]} {MATERIALS[m]} card(s), not "
                                     f"{-delta[m]}")
                wrong = True
        if not wrong:
            self._set_colony(seat, hand=tuple(h + d for h, d in zip(hand, delta)))
            self.state = self.state._replace(**{pile: tuple(x - d for x, d in zip(stock, delta))})

    def set_player_field(self, seat, name, value, label="player"):
        """A material by name (or the whole hand) moves the difference from or to the reserve."""
        if name == "hand" or (name in self.ALIASES and self.ALIASES[name][0] == "hand"):
            want = list(self.state.colonies[seat].hand)
            if name == "hand":
                want = value
            elif type(value) is int and value >= 0:
                want[self.ALIASES[name][1]] = value
            else:
                self.problems.append(f"{label}.{name}: {value!r} is not a number of cards")
                return
            self.hand(seat, want)
            return
        super().set_player_field(seat, name, value, label)

    # ----- installations and colonists --------------------------------------------------------------
    def build(self, who, installation, level=None, material=None, powered: bool = True) -> "Builder":
        """`who`'s colony has `installation` built up to `level` (default: one level more), free of cost.

        Installations: "power plant", "silo", "communications module", "military base", "R&D centre",
        "spaceport" (or plant, silo, comm, mil, rnd, port): a lower level than built takes tiles away, their
        workers going back to the habitats. "habitat": `level` habitats besides the printed one (new ones
        powered with their 3 colonists, or dark with `powered=False`). "mine": a mine of `material` taken
        from the pile of mine tiles (built idle: staff it with `staff`)."""
        where = f"build({who!r}, {installation!r})"
        seat = self._seat(who, "build")
        track = INSTALLATIONS.get(str(installation).lower())
        if track is None:
            self.problems.append(f"{where}: no installation is called {installation!r} (they are: "
                                 f"{', '.join(TRACK_NAMES.values())})")
            return self
        if seat is None:
            return self
        col = self.state.colonies[seat]
        if track == "mine":
            m = self._material(material, where)
            if m is None:
                return self
            if self.state.mine_tiles[m] == 0:
                self.problems.append(f"{where}: no {MATERIALS[m]} mine tile is left (all {MATERIALS[m]} tiles are "
                                     "built)")
            elif len(col.mines) >= MAX_MINES:
                self.problems.append(f"{where}: a colony has at most {MAX_MINES} mines")
            else:
                self._set_colony(seat, mines=col.mines + (m,))
                tiles = self.state.mine_tiles
                self.state = self.state._replace(mine_tiles=tiles[:m] + (tiles[m] - 1,) + tiles[m + 1:])
            return self
        if track == "habitat":
            level = len(col.habs) + 1 if level is None else level
            most = self.state.options.max_habitats
            if not (type(level) is int and 0 <= level <= most):
                self.problems.append(f"{where}: a colony has 0 to {most} habitats besides the printed one (option "
                                     f"max_habitats), not {level!r}")
                return self
            others = sum(len(c.habs) for q, c in enumerate(self.state.colonies) if q != seat)
            if others + level > TILES["habitat"]:
                self.problems.append(f"{where}: the box has {TILES['habitat']} habitat tiles and the other colonies "
                                     f"use {others}: at most {TILES['habitat'] - others} here")
                return self
            new = "powered" if powered else "dark"
            self._set_habs(seat, [HABITAT_WORDS_BY_CODE[h] for h in col.habs[:level]]
                           + [new] * (level - len(col.habs)), where)
            return self
        field = LEVEL_FIELD[track]
        top = MAX_LEVEL[track]
        level = getattr(col, field) + 1 if level is None else level
        if not (type(level) is int and 0 <= level <= top):
            self.problems.append(f"{where}: a {TRACK_NAMES[track]} goes up to level {top}, not {level!r}")
            return self
        others = sum(getattr(c, field) for q, c in enumerate(self.state.colonies) if q != seat)
        if others + level > TILES[track]:
            self.problems.append(f"{where}: the box has {TILES[track]} {TRACK_NAMES[track]} tiles and the other "
                                 f"colonies use {others}: at most {TILES[track] - others} here")
            return self
        col = col._replace(**{field: level})
        lost = col.staff & ~col.built_mask()      # workers on levels taken away go back to the habitats
        self._set_colony(seat, **{field: level, "staff": col.staff & ~lost,
                                  "housed": col.housed + bin(lost).count("1")})
        return self

    # ----- the rule options -------------------------------------------------------------------------
    def options(self, **given) -> "Builder":
        """The position's rule options with `given` changed (`options.OPTIONS`: target, turn_limit, ...); the
        others keep the values they have. Call it before the verbs whose checks depend on an option (the
        habitats of `build` and `habitats` on `max_habitats`)."""
        found = OPTIONS.problems(given)
        if found:
            self.problems.extend(f"options(): {p}" for p in found)
        else:
            self.state = self.state._replace(options=OPTIONS.make(**{**OPTIONS.changed(self.state.options),
                                                                     **given}))
        return self

    def habitats(self, who, states=(), *more) -> "Builder":
        """`who`'s new habitats, one word each: "powered" (its 3 colonists live in it), "waiting" (dark, its 3
        colonists waiting for power) or "dark" (dark and empty). Colonists come from or go back to the box."""
        states = _many(states, more)
        seat = self._seat(who, "habitats")
        where = f"habitats({who!r})"
        bad = [h for h in states if h not in HABITAT_WORDS]
        if bad:
            self.problems.append(f"{where}: {', '.join(map(repr, bad))} is not a habitat state (they are: "
                                 f"{', '.join(HABITAT_WORDS)})")
        elif len(states) > self.state.options.max_habitats:
            self.problems.append(f"{where}: a colony has at most {self.state.options.max_habitats} habitats besides "
                                 "the printed one (option max_habitats)")
        elif seat is not None:
            self._set_habs(seat, list(states), where)
        return self

    def _set_habs(self, seat, words, where):
        col = self.state.colonies[seat]
        habs = tuple(HABITAT_WORDS[w] for w in words)
        housed = col.housed + HABITAT_COLONISTS * (habs.count(POWERED) - col.habs.count(POWERED))
        if housed < 0:
            self.problems.append(f"{where}: the habitats taken away or darkened house {col.housed} colonists, "
                                 f"not {col.housed - housed}: unstaff some first")
            return
        self._set_colony(seat, habs=habs, housed=housed)

    def staff(self, who, slots, *more) -> "Builder":
        """A colonist moves from `who`'s habitats to each of these installations (slot names: SLOT_NAMES;
        one name, several, or a list)."""
        return self._staffing(who, _many(slots, more), True)

    def unstaff(self, who, slots, *more) -> "Builder":
        """The colonist on each of these installations goes back to `who`'s habitats."""
        return self._staffing(who, _many(slots, more), False)

    def _staffing(self, who, slots, on):
        verb = "staff" if on else "unstaff"
        seat = self._seat(who, verb)
        where = f"{verb}({who!r})"
        for name in slots:
            i = SLOT_NAMES.get(str(name).lower().replace(" ", ""))
            if i is None:
                self.problems.append(f"{where}: no installation slot is called {name!r} (they are: "
                                     f"{', '.join(SLOT_NAMES)})")
                continue
            if seat is None:
                continue
            col = self.state.colonies[seat]
            if not (col.built_mask() >> i) & 1:
                self.problems.append(f"{where}: {name} is not built in {self.state.players[seat]}'s colony (build it "
                                     "first)")
            elif bool((col.staff >> i) & 1) == on:
                continue                          # already as asked
            elif on and col.housed == 0:
                self.problems.append(f"{where}: no colonist is left in {self.state.players[seat]}'s habitats to "
                                     f"work on {name}")
            else:
                self._set_colony(seat, staff=col.staff ^ (1 << i), housed=col.housed + (-1 if on else 1))
        return self

    def colonists(self, who, housed: int) -> "Builder":
        """`who` has `housed` colonists in the habitats (they come from or go back to the box)."""
        seat = self._seat(who, "colonists")
        if type(housed) is not int or housed < 0:
            self.problems.append(f"colonists({who!r}): {housed!r} is not a number of colonists")
        elif seat is not None:
            self._set_colony(seat, housed=housed)
        return self

    def vp(self, who, points: int) -> "Builder":
        """`who`'s victory point cube shows `points` (it is recounted at the end of their turn)."""
        seat = self._seat(who, "vp")
        if type(points) is not int or points < 0:
            self.problems.append(f"vp({who!r}): {points!r} is not a number of victory points")
        elif seat is not None:
            self._set_colony(seat, vp=points)
        return self

    def recount(self, who=None) -> "Builder":
        """Both cubes of `who` (default: every player) set as the end of a turn sets them: the energy used
        and the victory points of what is active now."""
        from .scoring import victory_points
        from .state import consumption
        seats = range(len(self.state.players)) if who is None else [self._seat(who, "recount")]
        for q in seats:
            if q is not None:
                col = self.state.colonies[q]
                self._set_colony(q, energy=consumption(col), vp=victory_points(self.state, q))
        return self

    # ----- contracts --------------------------------------------------------------------------------
    def contracts(self, who, pairs=(), *more) -> "Builder":
        """`who` holds exactly these contracts, each a pair of materials: "silicon-iron", "SI" or
        ("silicon", "iron") (give the first, get the second). There is one of each: one another colony holds
        is a problem."""
        # one pair, several, or a list of pairs (a tuple is one pair: ("oxygen", "carbon"))
        pairs = (list(pairs) if isinstance(pairs, list) else [pairs] if pairs != () else []) + list(more)
        seat = self._seat(who, "contracts")
        where = f"contracts({who!r})"
        found, ok = [], True
        for p in pairs:
            if isinstance(p, str) and "-" in p:
                parts = p.split("-")
            else:
                parts = list(p) if isinstance(p, (str, tuple, list)) else []
            ms = [self._material(x, where) for x in parts] if len(parts) == 2 else None
            if ms is None:
                self.problems.append(f"{where}: {p!r} is not a contract (write it as two materials, "
                                     "\"silicon-iron\" or \"SI\")")
                ok = False
            elif None in ms:
                ok = False
            elif ms[0] == ms[1]:
                self.problems.append(f"{where}: {p!r} trades a material for itself (no such contract)")
                ok = False
            else:
                found.append(CONTRACTS.index(tuple(ms)))
        if seat is None or not ok:
            return self
        for q, col in enumerate(self.state.colonies):
            for c in found:
                if q != seat and c in col.contracts:
                    a, b = CONTRACTS[c]
                    self.problems.append(f"{where}: {self.state.players[q]} holds the {MATERIALS[a]}-to-"
                                         f"{MATERIALS[b]} contract (there is one of each): take it from them first")
        self._set_colony(seat, contracts=tuple(sorted(set(found))))
        return self

    # ----- cards: in front of the players, in the decks, being resolved ----------------------------
    def played(self, who, cards=(), *more) -> "Builder":
        """`who` has exactly these R&D cards face up (ids or names): each new one leaves its deck (or its
        discard pile when the deck has none), each removed one goes to its discard pile; Magna Scientia
        follows the science points."""
        self._held(who, _many(cards, more), "played", "face_up")
        if not any("played(" in p for p in self.problems):
            self._magna()
        return self

    def kept(self, who, cards=(), *more) -> "Builder":
        """`who` keeps exactly these keepable R&D cards hidden in hand (ids or names)."""
        return self._held(who, _many(cards, more), "kept", "keepable")

    def supremacies(self, who, cards=(), *more) -> "Builder":
        """`who` holds exactly these supremacy event cards (ids or names)."""
        return self._held(who, _many(cards, more), "supremacies", "supremacy")

    def _held(self, who, cards, field, kind):
        seat = self._seat(who, field)
        where = f"{field}({who!r})"
        ids = [self._card(c, where, kind) for c in cards]
        if seat is None or None in ids:
            return self
        old = list(getattr(self.state.colonies[seat], field))
        new = sorted(ids)
        before = self.state
        for cid in new:
            if cid in old:
                old.remove(cid)
            elif not self._take_copy(cid, where):
                self.state = before                       # all or nothing
                return self
        for cid in old:                                   # no longer held: to the discard pile
            self._put_copy(cid, "discard")
        self._set_colony(seat, **{field: tuple(new)})
        return self

    def event_deck(self, cards=(), *more) -> "Builder":
        """The event deck holds exactly these cards (ids or names, a name twice for two copies); every other
        copy that nobody holds goes to the discard pile."""
        return self._deck("events", "event", _many(cards, more), "event_deck")

    def rd_deck(self, deck, cards=(), *more) -> "Builder":
        """The R&D deck `deck` ("rd1" or "rd2") holds exactly these cards; the other free copies are discarded."""
        if deck not in ("rd1", "rd2"):
            self.problems.append(f"rd_deck({deck!r}): the R&D decks are rd1 and rd2")
            return self
        return self._deck(deck, deck, _many(cards, more), f"rd_deck({deck!r})")

    def _deck(self, group, prefix, cards, where):
        defs = getattr(self.state.cards, group)
        ids = [self._card(c, where, group) for c in cards]
        if None in ids:
            return self
        s = self.state
        pile, disc = getattr(s, prefix + "_deck"), getattr(s, prefix + "_discard")
        new_pile, new_disc = [], []
        for i, card in enumerate(defs):
            free = pile[i] + disc[i]
            want = ids.count(card.id)
            if want > free:
                self.problems.append(f"{where}: {want} cop{'y' if want == 1 else 'ies'} of {card.id} asked, "
                                     f"{free} free (the others are held or being resolved)")
                return self
            new_pile.append(want)
            new_disc.append(free - want)
        self.state = s._replace(**{prefix + "_deck": tuple(new_pile), prefix + "_discard": tuple(new_disc)})
        return self

    def resolving(self, card) -> "Builder":
        """`card` (id or name; "" for none) is the card being resolved, taken from its deck (or discard pile);
        the one resolved before goes to its discard pile. Use it with `set_turn` at a step that resolves a card
        (event_choice, event_take, research_keep, supply_draw)."""
        if card in ("", None):
            self._discard_resolving()
            return self
        cid = self._card(card, "resolving", "any")
        if cid is None or cid == self.state.card:
            return self
        self._discard_resolving()
        if self._take_copy(cid, "resolving"):
            self.state = self.state._replace(card=cid)
            if self.state.step in CARD_STEPS:
                self.state = self.state._replace(**self._card_task(self.state.step, cid, self.state.active))
        return self

    def _discard_resolving(self):
        if self.state.card:
            cid = self.state.card
            self.state = self.state._replace(card="")
            self._put_copy(cid, "discard")

    # ----- helpers ---------------------------------------------------------------------------------
    def _seat(self, who, verb):
        return self.seat(who, verb)

    def _set_colony(self, seat, **fields):
        cols = self.state.colonies
        self.state = self.state._replace(colonies=cols[:seat] + (cols[seat]._replace(**fields),) + cols[seat + 1:])

    def _pile(self, pile, verb, who):
        if pile in PILES:
            return pile
        self.problems.append(f"{verb}({who!r}): {pile!r} is not a pile of material cards (they are: "
                             f"{', '.join(PILES)})")
        return None

    def _material(self, name, where):
        """A material's number from its name or letter (any case)."""
        if isinstance(name, str):
            key = name.strip().lower()
            for m, (full, letter) in enumerate(zip(MATERIALS, LETTERS)):
                if key in (full, letter.lower()):
                    return m
        self.problems.append(f"{where}: no material is called {name!r} (they are: "
                             f"{', '.join(f'{n} ({c})' for n, c in zip(MATERIALS, LETTERS))})")
        return None

    def _counts(self, cards, verb, who):
        """Cards as 5 counts: letters "IICO", a list of names or letters, {"iron": 2}, or 5 counts."""
        where = f"{verb}({who!r})"
        if isinstance(cards, (list, tuple)) and len(cards) == 5 and all(type(n) is int for n in cards):
            if min(cards) < 0:
                self.problems.append(f"{where}: {list(cards)} has a negative count")
                return None
            return tuple(cards)
        if isinstance(cards, dict):
            items = list(cards.items())
        elif isinstance(cards, str):
            items = [(c, 1) for c in cards if not c.isspace()]
        elif isinstance(cards, (list, tuple)):
            items = [(c, 1) for c in cards]
        else:
            self.problems.append(f"{where}: {cards!r} is not a set of cards (write letters \"IICO\", names, "
                                 "{\"iron\": 2} or 5 counts)")
            return None
        out = [0] * 5
        ok = True
        for name, n in items:
            m = self._material(name, where)
            if m is None or type(n) is not int or n < 0:
                if m is not None:
                    self.problems.append(f"{where}: {n!r} is not a number of {MATERIALS[m]} cards")
                ok = False
                continue
            out[m] += n
        return tuple(out) if ok else None

    def _card(self, name, where, kind):
        """The id of a card from its id or name (any case), of the kind asked: "face_up", "keepable",
        "supremacy", a deck ("events", "rd1", "rd2") or "any"."""
        cards = self.state.cards
        pools = {"events": cards.events, "rd1": cards.rd1, "rd2": cards.rd2}
        if kind in pools:
            pool = pools[kind]
            what = {"events": "event card", "rd1": "R&D1 card", "rd2": "R&D2 card"}[kind]
        elif kind == "supremacy":
            pool, what = tuple(e for e in cards.events if e.type == "supremacy"), "supremacy card"
        elif kind == "keepable":
            pool, what = tuple(c for c in cards.rd1 + cards.rd2 if c.effect in KEEPABLE), "keepable R&D card"
        elif kind == "face_up":
            pool = tuple(c for c in cards.rd1 + cards.rd2 if c.effect not in KEEPABLE)
            what = "R&D card played face up"
        else:
            pool, what = cards.events + cards.rd1 + cards.rd2, "card"
        key = str(name).strip().casefold()
        for c in pool:
            if key in (c.id.casefold(), c.name.casefold()):
                return c.id
        self.problems.append(f"{where}: no {what} is called {name!r} (they are: "
                             f"{', '.join(f'{c.name} ({c.id})' for c in pool)})")
        return None

    def _card_by_id(self, cid):
        cards = self.state.cards
        return next((c for c in cards.events + cards.rd1 + cards.rd2 if c.id == cid), None)

    def _where(self, cid):
        """(prefix of the deck fields, index) of a card id."""
        cards = self.state.cards
        for prefix, group in (("event", cards.events), ("rd1", cards.rd1), ("rd2", cards.rd2)):
            for i, c in enumerate(group):
                if c.id == cid:
                    return prefix, i
        return None, None

    def _take_copy(self, cid, where) -> bool:
        """One copy of `cid` out of its deck, else out of its discard pile; a problem if neither has one."""
        prefix, i = self._where(cid)
        s = self.state
        for pile in (prefix + "_deck", prefix + "_discard"):
            counts = getattr(s, pile)
            if counts[i]:
                self.state = s._replace(**{pile: counts[:i] + (counts[i] - 1,) + counts[i + 1:]})
                return True
        self.problems.append(f"{where}: no copy of {cid} is left in its deck or discard pile (the others are held "
                             "or being resolved)")
        return False

    def _put_copy(self, cid, to):
        prefix, i = self._where(cid)
        pile = f"{prefix}_{to}"
        counts = getattr(self.state, pile)
        self.state = self.state._replace(**{pile: counts[:i] + (counts[i] + 1,) + counts[i + 1:]})

    def _magna(self):
        """h) Magna Scientia as the science points now give it: the holder keeps it unless someone has more."""
        from .flow import science
        sci = [science(c, self.state.cards) for c in self.state.colonies]
        best = max(sci)
        h = self.state.magna
        if best < self.state.options.science_for_magna:
            h = -1
        elif h < 0 or sci[h] < best:
            h = sci.index(best)
        self.state = self.state._replace(magna=h)


def _many(first, more) -> list:
    """The names a verb was given: one name, several, or a list of them (the editor's forms pass a list)."""
    return (list(first) if isinstance(first, (list, tuple)) else [first]) + list(more)


HABITAT_WORDS_BY_CODE = {code: word for word, code in HABITAT_WORDS.items()}
