"""Setting up a game and every chance draw (turn order, cards, Discovery tiles).

Decks are sorted tuples of card ids; a draw is a chance node over the ids left (weight 1 each).
Pending draws live in `state.pending`; while one is waiting, `to_move` is CHANCE.
"""
from __future__ import annotations

from mars_rules.core import CHANCE, Action, check_names, draw_index

from . import data as D
from .options import rules_of
from .state import Player, State
from .texts import of as texts_of

COLOURS = ("Orange", "Blue", "Green", "Purple")
DECK_INDEX = {"blueprint": 0, "scientist": 1, "contract": 2, "discovery": 3, "goal": 4, "mission": 5}

_tuple_new = tuple.__new__  # Action.fast without the call


def new_game(players=2, seed=7, cards=None, deal=True, **options):
    """A new game of On Mars, teaching edition: 2-4 players (a count or a list of names).

    `cards`: your own card lists -- a dict in the JSON card-file shape (see `data.load_cards`; lists not
    given stay built-in), the path of such a JSON file, or a `data.Cards`. Default: the installed lists
    (`data.use_cards`), the built-in ones unless replaced. The game keeps them in `state.cards` and its
    positions carry them.

    `**options`: rule options by name (`options.OPTIONS`: `round_limit=14`, `resource_cap=5`, ...); an
    unknown name or a value out of its range is a ValueError naming the option. The game keeps them in
    `state.options` and its positions carry those that differ from the default.

    `deal=False` leaves the set-up draws to make (step "setup", chance to move: the Turn Order spaces, the
    Missions, the Private Goals and the displays, one `reveal` each), to show them one by one."""
    cards = D.as_cards(cards)
    rules = rules_of(options)
    if isinstance(players, int) and not isinstance(players, bool):
        if players not in (2, 3, 4):
            raise ValueError(f"On Mars is for 2-4 players, not {players}")
        names = COLOURS[:players]
    elif isinstance(players, (list, tuple)):
        if len(players) not in (2, 3, 4):
            raise ValueError(f"On Mars is for 2-4 players, not {len(players)}")
        names = check_names(players)  # the names from_json accepts (non-empty, printable, all different, ...)
    else:
        raise TypeError(f"players is a count (2-4) or a list of names, not {type(players).__name__}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed is an integer, not {seed!r:.40}")
    n = len(names)
    pieces = tuple(Player(res=D.START_RESOURCES, crystals=D.START_CRYSTALS_PLAYER, lq=D.START_COLONISTS, wa=0,
                          reserve=D.COLONISTS - D.START_COLONISTS, bots=(D.START_SHELTERS[i],),
                          rover=D.START_SHELTERS[i], depot_ships=D.SHIPS, hangar=0, progress=0,
                          progress_types=(), lab=D.START_TECH, blueprints=(), scientists=(), contracts=(),
                          goals=(), goal_done=-1, claimed=0, op=0) for i in range(n))
    buildings = tuple(sorted([(h, b, -1, -1, -1) for h, b in D.START_BUILDINGS]
                             + [(D.START_SHELTERS[i], "shelter", -1, -1, -1) for i in range(n)]))
    warehouse = rules.warehouse_stock[n - 2]
    supply = D.CRYSTAL_TOTAL - warehouse[0] - len(D.START_CRYSTALS) - n * D.START_CRYSTALS_PLAYER
    decks = (tuple(range(len(cards.blueprints))), tuple(range(len(cards.scientists))),
             tuple(range(len(cards.contracts))), tuple(range(len(cards.discovery_tiles))),
             tuple(range(len(cards.goals))), tuple(range(len(cards.missions))))
    pending = (("order",) * n + ("mission",) * D.MISSIONS_IN_PLAY
               + tuple(f"goal:{i}" for _ in range(D.GOALS_DEALT) for i in range(n))
               + ("blueprint",) * D.BLUEPRINT_DISPLAY + ("scientist",) * D.SCIENTIST_DISPLAY
               + ("contract",) * D.CONTRACT_DISPLAY)
    state = State(
        players=names, seed=seed, draws=0, step="setup", to_move=CHANCE, events=("The game is set up.",),
        active=0, round=1, phase="setup", end_triggered=False, final_round=False, order=(-1,) * n,
        done=(False,) * n, queue=(), shuttle_side=D.SHUTTLE_START[0], shuttle_pos=D.SHUTTLE_START[1],
        shuttle_left="", slots=((),) * len(D.ACTIONS), buildings=buildings, map_crystals=D.START_CRYSTALS,
        tiles=tuple(sorted((h, "research", i) for i, h in enumerate(D.RESEARCH_TILES))),
        lss=(D.LSS_START,) * 4, level=1, remaining=0, missions=(), decks=decks, bp_display=(), sci_display=(),
        con_display=(), tech_grid=(D.TECH_COPIES,) * len(D.TECHS), warehouse=warehouse, supply=supply,
        pending=pending, main="", exec_used=False, pay_left=0, used=0, allow=0, moves=(), choices=0, tile=-1,
        build="", resume="", pieces=pieces, cards=cards, options=rules)
    while deal and state.to_move == CHANCE:
        state = state.resolve_chance()
    return state


def task_outcomes(state, task) -> tuple:
    """The (card, weight) pairs of one pending draw."""
    if task == "order":
        return tuple((s, 1) for s in range(len(state.players)) if state.order[s] < 0)
    deck = state.decks[DECK_INDEX[task.split(":")[0]]]
    if task == "blueprint" and state.level < state.options.level_3_blueprints_from:
        bps = state.cards.blueprints
        return tuple((c, 1) for c in deck if bps[c][1] == 1)
    return tuple((c, 1) for c in deck)


def drawn_outcome(state):
    """The outcome `core.pick(outcomes(state), seed, draws)` returns (every weight is 1)."""
    task = state.pending[0]
    if task == "order" or (task == "blueprint" and state.level < state.options.level_3_blueprints_from):
        cards = [c for c, _w in task_outcomes(state, task)]
    else:
        cards = state.decks[DECK_INDEX[task.split(":")[0]]]  # task_outcomes: every card, weight 1
    card = cards[draw_index(state.seed, state.draws, len(cards))]
    return _tuple_new(Action, ("reveal", CHANCE, (("deck", task.split(":")[0]), ("card", card), ("task", task)),
                       texts_of(state.cards)))


def outcomes(state) -> tuple:
    task = state.pending[0]
    deck = task.split(":")[0]
    text = texts_of(state.cards)
    return tuple((_tuple_new(Action, ("reveal", CHANCE, (("deck", deck), ("card", c), ("task", task)), text)), w)
                 for c, w in task_outcomes(state, task))


def _task_empty(t, task) -> bool:
    """`not task_outcomes(...)` for the transaction in progress, without listing the outcomes."""
    if task == "order":
        return min(t.g("order")) >= 0
    deck_name = task.split(":")[0]
    deck = t.g("decks")[DECK_INDEX[deck_name]]
    if deck_name == "blueprint" and t.g("level") < t.state.options.level_3_blueprints_from:
        bps = t.state.cards.blueprints
        return not any(bps[c][1] == 1 for c in deck)
    return not deck


_F = {name: i for i, name in enumerate(State._fields)}
_PENDING, _PHASE, _TO_MOVE, _ACTIVE = _F["pending"], _F["phase"], _F["to_move"], _F["active"]


def settle(t):
    """Drop draws that cannot happen (an empty deck) and set who moves next."""
    v = t.v
    pending = v[_PENDING]
    while pending and _task_empty(t, pending[0]):
        if pending[0] == "discovery":
            t.say("The Discovery stack is empty: no tile is placed.")
            t.s("step", t.g("resume"))
        pending = pending[1:]
        v[_PENDING] = pending
    if v[_PHASE] == "over":
        v[_TO_MOVE] = None
    elif pending:
        v[_TO_MOVE] = CHANCE
    else:
        v[_TO_MOVE] = v[_ACTIVE]


def play_reveal(t, action):
    """Apply a chance outcome: the drawn card goes where its task says."""
    task = action.get("task")
    card = action.get("card")
    t.s("pending", t.g("pending")[1:])
    if task == "order":
        order = list(t.g("order"))
        order[card] = min(set(range(D.TURN_ORDER_SPACES)) - set(order))
        t.s("order", tuple(order))
        t.say(f"{t.name(card)} takes Orbit Turn Order space {order[card] + 1}.")
        return
    deck_name = task.split(":")[0]
    di = DECK_INDEX[deck_name]
    decks = list(t.g("decks"))
    deck = list(decks[di])
    deck.remove(card)
    decks[di] = tuple(deck)
    t.s("decks", tuple(decks))
    cards = t.state.cards
    if deck_name == "blueprint":
        t.s("bp_display", t.g("bp_display") + (card,))
        t.say(f"Blueprint display: {bp_name(card, cards)} is revealed.")
    elif deck_name == "scientist":
        t.s("sci_display", t.g("sci_display") + (card,))
        t.say(f"Scientist display: the {cards.scientists[card][0]} is revealed.")
    elif deck_name == "contract":
        t.s("con_display", t.g("con_display") + (card,))
        t.say(f"Earth Contract display: {cards.contracts[card][0]} is revealed.")
    elif deck_name == "mission":
        t.s("missions", t.g("missions") + ((card, 0),))
        t.say(f"Mission {cards.missions[card][0]} is put on the board.")
    elif deck_name == "goal":
        seat = int(task.split(":")[1])
        t.setp(seat, goals=t.p(seat).goals + (card,))
        t.say(f"{t.name(seat)} is dealt a secret Private Goal.")
    elif deck_name == "discovery":
        t.s("tile", card)
        t.say(f"The Discovery tile drawn is {cards.discovery_tiles[card][0]}.")


def bp_name(card, cards=D.DEFAULT_CARDS) -> str:
    b, lvl, gain = cards.blueprints[card]
    return f"{D.BUILDING_NAME[b]} Level {lvl} (+1 {gain.capitalize()})"
