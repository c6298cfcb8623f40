"""The Ruins position: one NamedTuple of tuples and ints (see the package docstring for the flow).

Every ruin card has an id 0-49 and keeps its upgrades wherever it goes; hands, the deck and the
trick are sorted tuples of ids. `ruins[id]` is `(night, claim, top, middle, bottom)`: night 0/1, the
claim owner's seat or -1, and the discovery id in each position or -1. `rank`, `wild`, `free`, `light`
and `draw` are derived from `ruins` and the card data (crafting.derived; kept for speed, never written to
JSON). `options` is the record of the rule options in effect (mars_rules.ruins.options): every rule reads
its values from there.
"""
from __future__ import annotations

from typing import NamedTuple

from mars_rules.core import GameState, indexed_replace

UNDECIDED = -2   # flips[p]: the player has not chosen yet
NO_FLIP = -1     # flips[p]: the player keeps every ruin day side up
SECRET = -3      # flips[p] in another player's view: chosen, but hidden
HIDDEN = -1      # a face-down card in a player's view
# a ruin's record and the fields derived from it (crafting.derived), in the order crafting.with_record takes them
RUIN_FIELDS = ("ruins", "rank", "wild", "free", "light", "draw")


class _Fields(NamedTuple):
    players: tuple      # names
    seed: int
    draws: int
    step: str           # a key of TURN_STEPS
    to_move: object     # seat, CHANCE, or None when over
    events: tuple
    cards: object       # data.Cards used by this game (market costs and scoreboard: the options')
    options: tuple      # the rule values in effect: the record of options.OPTIONS (state.options.hand_size)
    used: tuple         # ids of the ruins in this game (by player count)
    ruins: tuple        # per id: (night, claim, top, middle, bottom)
    rank: tuple         # derived: printed rank plus added ranks, per id
    wild: tuple         # derived: 1 if the ruin has a wild effect, per id
    free: tuple         # derived: its positions with no discovery, per id (a mask: 1 top, 2 middle, 4 bottom)
    light: tuple        # derived: torches its own effects light when it is played, per id
    draw: tuple         # derived: ruins each opponent draws when it is played, per id
    hands: tuple        # per seat: sorted tuple of ids
    deck: tuple         # sorted ids of the face-down ruin deck
    trick: tuple        # sorted ids played face up in the current trick
    last_play: tuple    # ids of the last play of the trick (in play order)
    last_rank: int      # its rank (-1 when nothing has been led)
    last_player: int    # who made it (-1 when nothing has been led)
    passed: tuple       # seats that passed since the last play, in order
    selection: tuple    # ids chosen for the play being built, in pick order
    market: tuple       # 4 discovery ids or -1, slot 0 next to the discovery deck
    ddeck: tuple        # sorted ids of the face-down discovery deck
    torches: tuple      # lit torches per seat (0-3)
    claims_left: tuple  # claim cards not yet used, per seat (0-2)
    vp: tuple           # victory points per seat (0-10)
    start_vp: tuple     # VP at the start of this round (instant win check)
    round: int          # 1-4, 5 = showdown
    first_player: int   # who leads first this round
    seated: tuple       # 1 if the seat plays this round (everybody, except in a showdown)
    out: tuple          # seats in going-out order this round
    flips: tuple        # night-flip choice per seat: UNDECIDED, NO_FLIP or a ruin id
    to_deal: tuple      # seats still to receive a ruin at the pending chance nodes
    resume: tuple       # (step, seat) to continue with after the pending chance nodes
    results: tuple      # (round, seat, place, VP change applied) for each finish
    winners_: tuple     # seats that won (set when the game ends)
    viewer: int         # -1 for the full state; a seat for that player's view




class State(_Fields, GameState):
    __slots__ = ()
    game = None  # set in __init__.py

    _replace = indexed_replace(_Fields)  # by field index: about twice as fast as NamedTuple's

    # The transitions store an event either as its text or as a text.Event (its words are put together
    # only when read: random play never reads them). `events` is always a tuple of strings;
    # `_events` is the stored tuple, for the transitions that add to it.
    _events = _Fields.events

    @property
    def events(self) -> tuple:
        ev = self._events
        for e in ev:
            if e.__class__ is not str:
                return tuple([x if x.__class__ is str else str(x) for x in ev])
        return ev

    # _legal, _outcomes, _play and _why are set in __init__.py (moves.legal, flow.outcomes, ...).

    def drawn_outcome(self):
        """As in the core (same outcome: the seeded pick over `chance_outcomes()`), without listing
        every card of the deck first: every outcome has weight 1."""
        if self.to_move != "chance":
            return GameState.drawn_outcome(self)  # raises the core's IllegalAction
        return self._draw()  # flow.chance_outcome, set in __init__.py

    def resolve_chance(self):
        """As in the core (the drawn outcome applied), in one step: see flow.resolve_chance."""
        if self.to_move != "chance":
            return GameState.resolve_chance(self)  # raises the core's IllegalAction
        return self._resolve()  # flow.resolve_chance, set in __init__.py

    def _end_rule(self):
        return "Game End"

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    def winners(self) -> tuple:
        return self.winners_

    def score(self):
        from . import scoring
        return scoring.score(self)

    def to_dict(self) -> dict:
        from . import codec
        return codec.to_dict(self)

    def view(self, player):
        from . import codec
        return codec.view(self, player)

    # ----- helpers a notebook or widget reads ---------------------------------------------
    def active(self) -> tuple:
        """Seats still holding cards in this round."""
        return tuple(p for p in range(len(self.players)) if self.seated[p] and p not in self.out)

    def card_words(self, cid: int) -> str:
        """A ruin in words: 'ruin #12 (rank 6: night side, +2 rank, claimed by Bo)'. (The position in
        words is `describe(player=None)`, the core's: see describe.py.)"""
        from .text import ruin_words
        return ruin_words(self, cid)
