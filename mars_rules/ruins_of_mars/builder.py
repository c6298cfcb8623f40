"""The Ruins of Mars position builder (`state.edit()`): the core's verbs (mars_rules.core.builder) plus
the game's own, in the rulebook's words. Every verb takes names where the position stores ids (a Tech
by its name or id, a Site by its name, a Language track by its colour, a Character by name), moves a
card or a tile from where it is (nothing is created or lost), returns the builder so verbs chain, and
records a problem instead of raising: `done()` lists them all, then every rule the position breaks.

- `player(who).fuel` / `.parts` / `.plans` / `.oxygen`: the resources; `.red` ... `.star`: the marker
  on that Language track (0 = start .. 9 = the Capstone); `.hourglass`, `.radiation`: the tokens.
- `give(who, tech, row)`: a Tech onto a player's Tech board (its Level gives the column), taken from
  its deck or from the display (the display space is then refilled from the deck).
- `remove_tech(tech)`: a Tech out of the game (as the solo AI discards), from its deck or the display.
- `put_in_display(tech, space)`: a Tech into display space 1 (top, +3 Oxygen) .. 4 (bottom); the card
  it replaces goes back to its deck.
- `set_player(who, **fields)`: several of those at once, in a chain.
- `give_character(who, character)`: a Character card by name.
- `move_tile(tile, site)`, `set_site_tiles(site, tiles)`: Action tiles (by id, or by their icons
  when no other tile shows the same) onto a Site, taken from wherever they are.
- `place_rover(site)`: the Rover on a Site (the Active Site from Step 2 on; `set_turn` sets the step).
- `set_turn(who, step)`: whose turn and which step, with the turn's bookkeeping (nothing transferred,
  acted or pending before the step; the Action taken from Step 6 on; the Wrench uses left at Step 4
  counted from the Active Site's tiles when `done()` runs).

>>> import mars_rules
>>> s = mars_rules.load("ruins_of_mars").new_game(players=["Ada", "Bo"], seed=7, characters="deal")
>>> b = s.edit().give("Ada", tech="Dust Filter", row=1).place_rover("Workshop").set_turn("Ada", "replicate")
>>> b.player("Ada").fuel = 6
>>> b.player("Ada").red = 3
>>> t = b.done()
>>> t.boards[0].techs[0], t.boards[0].resources[0], t.boards[0].languages[0], t.rover, t.step
('L1-01', 6, 3, 2, 'replicate')
>>> try:
...     s.edit().give("Bo", tech="Dust Filtre", row=1).move_tile(3, "Moon").done()
... except mars_rules.PositionError as e:
...     for problem in e.problems:
...         print(problem.split(" (the")[0])
give(tech='Dust Filtre'): no Tech is called 'Dust Filtre'
move_tile(3, 'Moon'): no Site is called 'Moon'
"""
from __future__ import annotations

from mars_rules.core.builder import PositionBuilder

from .data import CHARACTERS, DISPLAY_SIZE, KICKSTARTER_CHARACTERS, LANGUAGES, RESOURCES, SITES
from .invariants import AFTER_ACTION, FRESH_STEPS, SETUP_STEPS


class Builder(PositionBuilder):
    PLAYER_RECORDS = "boards"
    ALIASES = {**{name.lower(): ("resources", i) for i, name in enumerate(RESOURCES)},
               **{name: ("languages", i) for i, name in enumerate(LANGUAGES)}}

    def __init__(self, state):
        super().__init__(state)
        self._loose = {}          # tile id -> the verb that took it off its Site and put it nowhere
        self._count_wrenches = False

    # ----- the turn ----------------------------------------------------------------------------------
    def _turn_fields(self, seat, step):
        """'`seat` decides at `step`': the turn's counters as play leaves them when that step begins."""
        s = self.state
        fields = {"to_move": seat, "current": seat, "step": step, "chance": ""}
        new_turn = seat != s.current or step in FRESH_STEPS
        if step in SETUP_STEPS:
            fields.update(turn=0, rover=-1, first=seat)
        elif s.turn == 0:
            fields["turn"] = 1
        if new_turn:
            fields.update(used=(), transfers=0)
        elif step == "transfer":
            fields["transfers"] = 0
        fields.update(acted=step in AFTER_ACTION, pending=0, search=0)
        self._count_wrenches = step == "wrench"
        return fields

    def set(self, **fields):
        if "pending" in fields:
            self._count_wrenches = False  # the value given wins over the count of the Wrench icons
        return super().set(**fields)

    def done(self):
        if self._count_wrenches and self.state.step == "wrench" and 0 <= self.state.rover < len(SITES):
            s = self.state
            self.state = s._replace(pending=sum(s.tiles[t].count("W") for t in s.sites[s.rover]))
        saved = self.problems
        self.problems = saved + [
            f"{verb}: tile {tile} ({self.state.tiles[tile]}) was taken off its Site and put on no Site (place it "
            f"with move_tile or set_site_tiles)" for tile, verb in sorted(self._loose.items())
            if self._tile_place(tile) is None]
        try:
            return super().done()
        finally:
            self.problems = saved

    # ----- names -------------------------------------------------------------------------------------
    def _site(self, site, verb):
        if type(site) is int and 0 <= site < len(SITES):
            return site
        if isinstance(site, str):
            for i, name in enumerate(SITES):
                if name.casefold() == site.strip().casefold():
                    return i
        self.problems.append(f"{verb}: no Site is called {site!r} (the Sites are {', '.join(SITES)})")
        return None

    def _tech(self, tech, verb):
        cards = self.state.cards.tech
        if isinstance(tech, str):
            if tech in cards:
                return tech
            for cid, card in cards.items():
                if card.name.casefold() == tech.strip().casefold():
                    return cid
        names = ", ".join(f"{c.name} ({c.id})" for c in cards.values())
        self.problems.append(f"{verb}: no Tech is called {tech!r} (the Techs are {names})")
        return None

    def _tile(self, tile, verb):
        tiles = self.state.tiles
        if type(tile) is int and 0 <= tile < len(tiles):
            return tile
        if isinstance(tile, str):
            same = [i for i, face in enumerate(tiles) if face == tile.strip().upper()]
            if len(same) == 1:
                return same[0]
            if same:
                self.problems.append(f"{verb}: tiles {', '.join(map(str, same))} all show {tile!r}: name one by "
                                     f"its id")
                return None
        faces = ", ".join(f"{i} {face}" for i, face in enumerate(tiles))
        self.problems.append(f"{verb}: no Action tile is {tile!r} (the tiles are {faces})")
        return None

    def _tile_place(self, tile):
        """Where tile `tile` is: ("site", i) or ("facedown", None); None when it is on no Site."""
        for i, col in enumerate(self.state.sites):
            if tile in col:
                return ("site", i)
        if tile in self.state.facedown:
            return ("facedown", None)
        return None

    def _take_tile(self, tile):
        """Tile `tile` off wherever it is (a Site or the face-down pile)."""
        s = self.state
        self.state = s._replace(sites=tuple(tuple(t for t in col if t != tile) for col in s.sites),
                                facedown=tuple(t for t in s.facedown if t != tile))

    # ----- the planet --------------------------------------------------------------------------------
    def move_tile(self, tile, site) -> "Builder":
        """Action tile `tile` (an id, or its icons such as "RW") to the bottom of `site`, off wherever it is."""
        verb = f"move_tile({tile!r}, {site!r})"
        t, i = self._tile(tile, verb), self._site(site, verb)
        if t is None or i is None:
            return self
        self._take_tile(t)
        self._loose.pop(t, None)
        sites = list(self.state.sites)
        sites[i] = sites[i] + (t,)
        self.state = self.state._replace(sites=tuple(sites))
        return self

    def set_site_tiles(self, site, tiles) -> "Builder":
        """`site` holds exactly `tiles`, top to bottom, each taken from wherever it is; a tile that was there
        and is not listed must be put on another Site (with another verb) before `done()`."""
        verb = f"set_site_tiles({site!r}, {list(tiles)!r})"
        i = self._site(site, verb)
        ids = [self._tile(t, verb) for t in tiles]
        if i is None or None in ids:
            return self
        if len(set(ids)) != len(ids):
            self.problems.append(f"{verb}: a tile is listed twice (each Action tile is in one place)")
            return self
        for t in self.state.sites[i]:
            if t not in ids:
                self._loose[t] = verb
        for t in ids:
            self._take_tile(t)
            self._loose.pop(t, None)
        sites = list(self.state.sites)
        sites[i] = tuple(ids)
        self.state = self.state._replace(sites=tuple(sites))
        return self

    def place_rover(self, site) -> "Builder":
        """The Rover on `site` (a Site's name): the Active Site once the turn is past Step 1."""
        i = self._site(site, f"place_rover({site!r})")
        if i is not None:
            self.state = self.state._replace(rover=i)
        return self

    # ----- Techs -------------------------------------------------------------------------------------
    def give(self, who, tech, row) -> "Builder":
        """Tech `tech` (its name or id) onto `who`'s Tech board in `row` 1..3, in the column of its Level;
        taken from its deck, or from the display, whose space the lowest id left in the deck then fills
        (ASSUMED: a fixed choice, so the same lines build the same position)."""
        verb = f"give({who!r}, tech={tech!r}, row={row!r})"
        seat, cid = self.seat(who, "give"), self._tech(tech, f"give(tech={tech!r})")
        if type(row) is not int or not 1 <= row <= 3:
            self.problems.append(f"{verb}: row is 1, 2 or 3 (a Tech board has 3 rows)")
            return self
        if seat is None or cid is None:
            return self
        s = self.state
        if s.solo and seat == 1:
            self.problems.append(f"{verb}: the solo AI's board holds its own AI Techs, dealt at the setup")
            return self
        lv = s.cards.tech[cid].level - 1
        slot = (row - 1) * 3 + lv
        techs = s.boards[seat].techs
        if techs[slot] is not None:
            self.problems.append(f"{verb}: row {row} of {s.players[seat]}'s board already holds a Level {lv + 1} "
                                 f"Tech ({techs[slot]})")
            return self
        if not self._take_tech(cid, verb):
            return self
        self._write(seat, "techs", techs[:slot] + (cid,) + techs[slot + 1:])
        return self

    def remove_tech(self, tech) -> "Builder":
        """Tech `tech` (its name or id) out of the game, taken from its deck or from the display (refilled
        as by `give`): what the solo AI's discards are."""
        verb = f"remove_tech(tech={tech!r})"
        cid = self._tech(tech, verb)
        if cid is not None and self._take_tech(cid, verb):
            self.state = self.state._replace(removed=self.state.removed + (cid,))
        return self

    def _take_tech(self, cid, verb) -> bool:
        """Tech `cid` off its deck, or off the display (its space refilled with the lowest id left in the
        deck; with the deck empty the Techs above slide down); False, with a problem, if it is elsewhere."""
        s = self.state
        lv = s.cards.tech[cid].level - 1
        decks = [list(d) for d in s.decks]
        display = [list(col) for col in s.display]
        if cid in decks[lv]:
            decks[lv].remove(cid)
        elif cid in display[lv]:
            k = display[lv].index(cid)
            display[lv][k] = decks[lv].pop(0) if decks[lv] else None
            if display[lv][k] is None:  # an empty space is only ever at the top: the Techs slide down
                display[lv] = [None] + display[lv][:k] + display[lv][k + 1:]
        else:
            self.problems.append(f"{verb}: {cid} is in neither its deck nor the display (it is "
                                 f"{self._where_tech(cid)})")
            return False
        self.state = s._replace(decks=tuple(tuple(d) for d in decks), display=tuple(tuple(c) for c in display))
        return True

    def put_in_display(self, tech, space) -> "Builder":
        """Tech `tech` (its name or id) into display space `space` of its Level's column: 1 = top (+3 Oxygen)
        .. 4 = bottom (+0); taken from its deck or another space; the card it replaces goes where it came
        from (its deck, or the space it left)."""
        verb = f"put_in_display(tech={tech!r}, space={space!r})"
        cid = self._tech(tech, f"put_in_display(tech={tech!r})")
        if type(space) is not int or not 1 <= space <= DISPLAY_SIZE:
            self.problems.append(f"{verb}: space is 1 (top) to {DISPLAY_SIZE} (bottom)")
            return self
        if cid is None:
            return self
        s = self.state
        lv = s.cards.tech[cid].level - 1
        decks = [list(d) for d in s.decks]
        display = [list(col) for col in s.display]
        old = display[lv][space - 1]
        if cid in decks[lv]:
            decks[lv].remove(cid)
            if old is not None:
                decks[lv] = sorted(decks[lv] + [old])
        elif cid in display[lv]:
            display[lv][display[lv].index(cid)] = old
        else:
            self.problems.append(f"{verb}: {cid} is in neither its deck nor the display (it is "
                                 f"{self._where_tech(cid)})")
            return self
        display[lv][space - 1] = cid
        self.state = s._replace(decks=tuple(tuple(d) for d in decks), display=tuple(tuple(c) for c in display))
        return self

    def _where_tech(self, cid):
        s = self.state
        for p, b in enumerate(s.boards):
            if cid in b.techs:
                return f"on {s.players[p]}'s Tech board"
        return "out of the game" if cid in s.removed else "nowhere"

    # ----- players -----------------------------------------------------------------------------------
    def set_player(self, who, **fields) -> "Builder":
        """Several of `who`'s fields at once, in a chain: `set_player("Ada", fuel=3, red=2, radiation=1)`
        (the same names as `player(who).<name> = value`)."""
        seat = self.seat(who, "set_player")
        if seat is not None:
            for name, value in fields.items():
                self.set_player_field(seat, name, value, f"set_player({who!r})")
        return self

    def give_character(self, who, character) -> "Builder":
        """`who` plays the Character `character` (a name, any case)."""
        seat = self.seat(who, "give_character")
        kick = self.state.options.kickstarter
        allowed = CHARACTERS + (KICKSTARTER_CHARACTERS if kick else ())
        name = next((c for c in allowed if isinstance(character, str) and c.casefold() == character.strip().casefold()),
                    None)
        if name is None:
            extra = (" (the Engineer and the Savant need the kickstarter option)"
                     if isinstance(character, str) and character.strip().capitalize() in KICKSTARTER_CHARACTERS else "")
            self.problems.append(f"give_character({who!r}, {character!r}): no Character is called {character!r} "
                                 f"(the Characters are {', '.join(allowed)}){extra}")
        elif seat is not None:
            self._write(seat, "character", name)
        return self
