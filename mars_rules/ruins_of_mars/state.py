"""The State of a Ruins of Mars game and the per-player record.

Sites are indices 0..4 into ``data.SITES`` (Wasteland, Laboratory, Workshop, Dormitory, Infirmary);
resources are indices 0..3 into ``data.RESOURCES``; Language tracks indices 0..4 into
``data.LANGUAGES``; Tech board slots are indices 0..8, ``row * 3 + (level - 1)``.
"""
from __future__ import annotations

from typing import NamedTuple

from mars_rules.core import GameState
from mars_rules.core.state import check_seat


class Player(NamedTuple):
    """One player's Player board and Tech board.

    - ``character``: the Character card's name ("" for the solo AI, or before the choice).
    - ``resources``: (Fuel, Parts, Plans, Oxygen), each 0..7 (0..``options.resource_cap``).
    - ``hourglass``: Hourglass tokens held.
    - ``radiation``: Radiation tokens on the Player board.
    - ``languages``: marker position on each Language track (red, orange, green, blue, star),
      0 (start) .. 9 (Capstone = mastered).
    - ``techs``: the Tech board, 9 slots ``row * 3 + (level - 1)``: a card id or None.
      For the solo AI these are AI Tech card ids.
    - ``face_down``: 9 booleans: True where a solo AI Tech is still face down (not yet replicated).
    """

    character: str = ""
    resources: tuple = (0, 0, 0, 0)
    hourglass: int = 0
    radiation: int = 0
    languages: tuple = (0, 0, 0, 0, 0)
    techs: tuple = (None,) * 9
    face_down: tuple = (False,) * 9


_tuple_new = tuple.__new__


def _fast_replace(cls, index):
    def _replace(self, **changes):
        """A copy with some fields changed (about twice as fast as NamedTuple's own)."""
        values = list(self)
        for key, value in changes.items():
            values[index[key]] = value
        return _tuple_new(cls, values)
    return _replace


Player._replace = _fast_replace(Player, {f: i for i, f in enumerate(Player._fields)})


class Setup(NamedTuple):
    """The setup choices of a game (not rule values: the rule values are ``state.options``).

    - ``characters``: "choose" (each player picks a Character in turn order) or "deal" (a chance node
      per player).
    - ``first_player``: the seat chosen to take the Rover first, -1 when drawn at random (a chance node).
    - ``solo``: the solo game against the rulebook's AI (seat 1).
    """

    characters: str = "choose"
    first_player: int = -1
    solo: bool = False


class _Fields(NamedTuple):
    players: tuple
    seed: int
    draws: int
    step: str
    to_move: object
    events: tuple
    chance: str
    options: tuple
    setup: tuple
    tiles: tuple
    sites: tuple
    rover: int
    display: tuple
    decks: tuple
    removed: tuple
    boards: tuple
    current: int
    first: int
    turn: int
    pending: int
    acted: bool
    transfers: int
    used: tuple
    search: int
    facedown: tuple
    realloc_to: int
    solo_die: int
    end_turns: int
    cards: object


class State(_Fields, GameState):
    """A Ruins of Mars position (immutable; ``apply`` returns a new State).

    The chance stream and narration:

    - ``players``: seat names; in the solo game ``(name, "AI")`` and the AI is seat 1.
    - ``seed``, ``draws``: the chance stream (the core draws outcome number ``draws`` from ``seed``).
    - ``step``: the key of the step in progress (one of ``TURN_STEPS``).
    - ``to_move``: the seat to decide, ``CHANCE`` at a chance node, None when the game is over.
    - ``events``: what the last transition did, one sentence each.
    - ``chance``: which chance node is pending: "" (none), "first_player", "deal_character",
      "wasteland_die", "draw_tile" (the next face-down tile of a reallocation), "refill_display"
      (the Tech revealed into a display column), "solo_die" (the solo extra-reallocation die).
    - ``options``: the rule values in effect, the record of ``OPTIONS`` (``options.py``):
      ``state.options.resource_cap``, ``.end_techs``, ... Every rule reads them from here.
    - ``setup``: the setup choices, a ``Setup``: ``characters`` ("choose" or "deal"),
      ``first_player`` (-1 = random), ``solo`` (the solo game). ``state.solo`` is the last.

    Derived, not stored: ``state.solo``, ``state.is_over``, ``state.hidden(player)``.

    The planet:

    - ``tiles``: the icons of each Action tile, tile id = index (11 strings of letters of
      ``data.ICONS``: R O G B S W X).
    - ``sites``: 5 columns of tile ids, top to bottom (a transfer or a reallocation adds at the
      bottom).
    - ``rover``: the Site of the Rover (-1 before the first placement); during a turn from Step 2 on
      it is the Active Site.

    The Techs:

    - ``display``: 3 columns (Level 1, 2, 3) of 4 spaces, top (+3 Oxygen) to bottom (+0 Oxygen),
      each a card id or None (empty only when that Level's deck ran out).
    - ``decks``: 3 sorted tuples of the card ids left in each Level's deck (the order is never
      stored: each reveal is a chance node).
    - ``removed``: Tech card ids out of the game (the solo AI's discards).
    - ``boards``: one ``Player`` per seat (resources, tokens, Language markers, Tech board).
    - ``cards``: the ``data.CardSet`` in use (the default illustrative set or a user's cards).

    The turn:

    - ``current``: the seat whose turn it is (who has the Rover).
    - ``first``: the first player's seat.
    - ``turn``: the number of the current turn (1 = the first; 0 during setup).
    - ``pending``: Wrench uses left (step "wrench"), star icons left to choose (step "action"), or
      the Level of the display column being refilled (chance "refill_display"); else 0.
    - ``acted``: whether the Site's Action was taken this turn.
    - ``transfers``: Action tiles transferred this turn (0, 1, or 2 for the Savant).
    - ``used``: the abilities used this turn (keys such as "char", "char2", "tech:L2-03",
      "free:L1-05", "stow", "eng:L2-03"), each allowed once per turn.
    - ``search``: the Level (1..3) of the Tech deck being searched in step "replicate", 0 if none;
      -1 once a Tech was replicated this turn (only one per turn).
    - ``facedown``: the sorted tile ids still face down in a reallocation.
    - ``realloc_to``: the Site that receives the next face-down tile.
    - ``solo_die``: the last solo extra-reallocation die (1..6; 0 before the first roll).
    - ``end_turns``: -1 until the end is triggered; then the number of final turns still to play.
    """

    __slots__ = ()
    game = None

    def _legal(self):
        return _rules.legal(self)

    def _outcomes(self):
        return _rules.outcomes(self)

    def _play(self, action):
        return _rules.play(self, action)

    def _why(self, action):
        return _rules.why(self, action)

    def to_dict(self):
        return _codec.to_dict(self)

    def score(self):
        return _scoring.score(self)

    def winners(self):
        return _scoring.winners(self)

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    @property
    def solo(self) -> bool:
        """True in the solo game (seat 1 is the rulebook's AI)."""
        return self[8][2]  # setup.solo

    def option(self, name, default=None):
        """A rule option (``state.options.<name>``) or a setup choice (``state.setup.<name>``) by name."""
        for record in (self.options, self.setup):
            if name in record._fields:
                return getattr(record, name)
        return default

    def view(self, player):
        """What `player` may see. Everything in Ruins of Mars is open except the faces of the solo AI's
        face-down Techs, which nobody sees until the AI replicates them (their backs, with the cost,
        are public): in the solo game the view replaces each by an anonymous card of the same Level
        and cost, with no reward, named ``hidden-L<level>-row<row>`` (``solo_ai.masked_view``); in
        every other position it is the State with its seed replaced by -1: the seed would tell the
        future dice and draws, which nobody at the table knows. The teacher's view is the State itself;
        ``hidden(player)`` lists the card ids whose faces the players may not look at."""
        if player is None:
            return self  # the teacher's view
        check_seat(self, player)
        return (_solo_ai.masked_view(self) if self.solo else self)._replace(seed=-1)

    def hidden(self, player):
        """Card ids whose faces `player` may not look at (the solo AI's face-down Techs)."""
        out = []
        for b in self.boards:
            out.extend(c for c, down in zip(b.techs, b.face_down) if down)
        return tuple(out)

    def _end_rule(self):
        return "End of the Game"

    def __repr__(self):
        return f"<Ruins of Mars: turn {self.turn}, {self.step}, to move {self.to_move!r}>"


from . import codec as _codec, rules as _rules, scoring as _scoring, solo_ai as _solo_ai  # noqa: E402

State._replace = _fast_replace(State, {f: i for i, f in enumerate(_Fields._fields)})
