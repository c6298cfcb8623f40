"""The State of On Mars, teaching edition: immutable tuples, built anew by replacing what changed."""
from __future__ import annotations

from typing import NamedTuple

from mars_rules.core import CHANCE, GameState, Step, indexed_replace
from mars_rules.core.state import check_seat

from . import data as D
from .options import DEFAULT_RULES

TURN_STEPS = (
    Step("setup", "Setup", "The seeded set-up draws: turn order, Missions, Private Goals and the displays.",
         "Setup (ASSUMED, not in the rulebook)"),
    Step("turn", "Colonization turn", "Choose your Main action on your side (you may take your Executive "
         "action or discard a Private Goal first).", "Colonization Phase"),
    Step("final_round", "Final round turn", "A turn of the extra round played after the end was triggered "
         "(no Shuttle Phase follows it).", "End of the Game"),
    Step("pay", "Pay for the slot", "For each other colour on the action's slots pay 1 Crystal or move a "
         "Colonist to your Working Area.", "Main Board Action Mechanics"),
    Step("blueprint", "Obtain Blueprint", "Take a Blueprint; boost with Colonists for more.",
         "Orbital Station Main Actions"),
    Step("learn", "Learn New Technology", "Take a Tech tile into column 1 of a Lab row.",
         "Orbital Station Main Actions"),
    Step("rnd", "Research and Development", "Move one tile twice or two tiles once to the right.",
         "Orbital Station Main Actions"),
    Step("resupply", "Resupply", "Take a Resource or a Crystal from the Warehouse.", "Orbital Station Main Actions"),
    Step("control", "Control Center", "Move your Bots and Rover one hex at a time.", "Colony Main Actions"),
    Step("construct", "Construct a Building", "Choose the Building type.", "Colony Main Actions"),
    Step("construct_hex", "Construct: where", "Choose the hex in a Bot's Building Zone.", "Colony Main Actions"),
    Step("upgrade", "Upgrade a Building", "Use a Blueprint on a matching Building in a Bot's Building Zone.",
         "Colony Main Actions"),
    Step("welcome", "Welcome a Ship", "Move a Ship from your Depot to your Hangar.", "Colony Main Actions"),
    Step("hire", "Hire a Scientist or Take an Earth Contract", "Take one card from a display.",
         "Colony Main Actions"),
    Step("resource", "Choose a Resource", "Take the Resource of your choice.", "Orbital Station Main Actions"),
    Step("turn_end", "After the Main action", "Take your Executive action if you have not, or end your turn.",
         "Colonization Phase"),
    Step("shuttle", "Shuttle Phase: travel?", "In turn order, decide whether to travel.", "Shuttle Phase"),
    Step("discovery", "Place a Discovery tile", "Place it 3 hexes from your Rover.", "Shuttle Phase"),
    Step("turn_order", "Choose a Turn Order space", "Take an empty space on your new side and its bonus.",
         "Shuttle Phase"),
    Step("game_over", "Game over", "Final scoring is done.", "End of the Game"),
)
STEP = {s.key: s for s in TURN_STEPS}


class Player(NamedTuple):
    """One player's pieces. Colonists elsewhere: on Action slots (State.slots) and Mines (Miners)."""
    res: tuple              # Storage: battery, water, plant, oxygen, mineral
    crystals: int           # Crystals in the Depot
    lq: int                 # Colonists in the Living Quarters
    wa: int                 # Colonists in the Working Area
    reserve: int            # Colonists not yet in play
    bots: tuple             # hexes of this player's Bots on Mars, in the order they arrived
    rover: tuple            # hex of the Rover
    depot_ships: int        # Ships still covering the top Depot spaces
    hangar: int             # Ships in the Hangar
    progress: int           # Progress cubes in the Progress area
    progress_types: tuple   # Building types whose first Complex already gave a cube
    lab: tuple              # ((tech, row, column), ...) sorted
    blueprints: tuple       # ((card, built 0/1), ...) in the order taken
    scientists: tuple       # ((card, (q, r) or ()), ...) in the order hired
    contracts: tuple        # Earth Contract cards
    goals: tuple            # Private Goals kept (secret; -1 = hidden in a view)
    goal_done: int          # the completed Private Goal, or -1
    claimed: int            # Discovery/Research tiles claimed
    op: int                 # OP scored during the game (Colony level-ups)


class _Fields(NamedTuple):
    players: tuple
    seed: int
    draws: int
    step: str
    to_move: object
    events: tuple
    active: int              # the seat deciding (whose turn or travel it is)
    round: int
    phase: str               # "setup", "colonization", "shuttle", "over"
    end_triggered: bool
    final_round: bool
    order: tuple             # per seat: Turn Order space 0-3 Orbit, 4-7 Colony
    done: tuple              # per seat: Player marker laid down this round
    queue: tuple             # seats still to decide in the Shuttle Phase
    shuttle_side: str
    shuttle_pos: int
    shuttle_left: str        # the side the Shuttle left this Shuttle Phase, or ""
    slots: tuple             # per ACTIONS entry: the seats of the Colonists on its slots
    buildings: tuple         # ((q, r), type, advanced owner or -1, blueprint card or -1, miner or -1), sorted
    map_crystals: tuple      # hexes holding a Crystal
    tiles: tuple             # ((q, r), "research" | "discovery", id), sorted
    lss: tuple               # markers of the four LSS tracks
    level: int               # Colony level
    remaining: int           # Remaining Missions marker (the end at options.missions_to_end)
    missions: tuple          # ((card, contributions), ...) on the board
    decks: tuple             # (blueprints, scientists, contracts, discovery, goals, missions): sorted ids
    bp_display: tuple
    sci_display: tuple
    con_display: tuple
    tech_grid: tuple         # tiles left per TECHS entry
    warehouse: tuple         # crystal, battery, water, plant, oxygen, mineral
    supply: int              # Crystals in the general supply
    pending: tuple           # chance draws to make, in order
    main: str                # the Main action taken this turn ("" before it)
    exec_used: bool
    pay_left: int
    used: int                # uses of the current action so far
    allow: int               # uses allowed (1 + boosts)
    moves: tuple             # R&D: techs developed; Control Center: movement left (Rover, Bot 0, ...)
    choices: int             # Resources of choice still to take
    tile: int                # Discovery tile waiting to be placed, or -1
    build: str               # the Building type chosen in Construct
    resume: str              # the step to go back to after "resource" / "discovery"
    pieces: tuple            # per seat: Player
    cards: object = D.DEFAULT_CARDS  # data.Cards: the card lists of this game (JSON: only custom lists)
    options: object = DEFAULT_RULES  # options.OPTIONS' record: the rule values of this game (JSON: the changed ones)


class State(_Fields, GameState):
    """A position of On Mars, teaching edition (see the package docstring)."""
    __slots__ = ()
    game = None

    _replace = indexed_replace(_Fields)  # by field index: about twice as fast as NamedTuple's

    def _legal(self):
        return rules.legal(self)

    def _outcomes(self):
        return setup.outcomes(self)

    def drawn_outcome(self):
        """As in the core (the same seeded pick over `chance_outcomes()`: every weight is 1, so it is the
        outcome at `draw_index(seed, draws, count)`), without building every outcome first;
        `resolve_chance()` applies it."""
        if self.to_move != CHANCE:
            return GameState.drawn_outcome(self)  # raises the core's IllegalAction
        return setup.drawn_outcome(self)

    def _play(self, action):
        return rules.play(self, action)

    def advance(self, action):
        """As in the core (apply an Action from `legal_actions()` without checking it), in one call: a
        chance outcome already counts its draw in the one new State (rules._reveal)."""
        return rules.play(self, action)

    def _why(self, action):
        return rules.why(self, action)

    def to_dict(self):
        return codec.to_dict(self)

    def score(self):
        return scoring.score(self)

    def winners(self):
        return scoring.winners(self)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def view(self, player):
        """The position as `player` sees it: other players' Private Goals and the Goal deck are hidden (-1),
        and so is the seed of the chance stream (-1): with it, replaying `new_game` with the same seed would
        deal the same secret goals, and it tells every future draw (the order of the decks). A view is for
        looking, not for playing on: its chance draws are not the game's."""
        if player is None:
            return self  # the teacher's view
        check_seat(self, player)
        pieces = tuple(pl if i == player else pl._replace(goals=(-1,) * len(pl.goals))
                       for i, pl in enumerate(self.pieces))
        decks = self.decks[:4] + ((-1,) * len(self.decks[4]),) + self.decks[5:]
        return self._replace(pieces=pieces, decks=decks, seed=-1)

    def _end_rule(self):
        return "End of the Game"

    def seat_to_move(self):
        return self.to_move if self.to_move != CHANCE else None


from . import codec, rules, scoring, setup  # noqa: E402  (circular: the modules use State)
State._legal = rules.legal  # the same as the method above, one call fewer on the hot path
