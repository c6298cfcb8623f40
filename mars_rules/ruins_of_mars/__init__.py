"""Ruins of Mars: Action tiles, Language tracks, Tech cards, and the solo AI.

>>> import mars_rules
>>> game = mars_rules.load("ruins_of_mars")
>>> s = game.new_game(players=2, seed=7, characters="deal")
>>> s.step, s.players
('place_rover', ('Player 1', 'Player 2'))
>>> [len(c) for c in s.sites]
[3, 2, 2, 2, 2]

Setup choices of ``new_game(players=2, seed=7, ...)``
-----------------------------------------------------
- ``players``: a count (1..4) or a list of names. 1 = the solo game: seats ``(name, "AI")``, AI = seat 1.
- ``characters``: "choose" (default: each player picks in turn order, a decision) or "deal" (a chance
  node per player, resolved from the seed).
- ``first_player``: a seat, or None (default) for a random first player (a chance node resolved from the
  seed). The rulebook never says who takes the Rover in setup (Setup). Solo: always seat 0.
- ``tiles``: 11 icon strings replacing the ASSUMED Action tile faces (letters R O G B S W X).
- ``layout``: 5 columns of tile ids (Wasteland .. Infirmary), each tile once and at least 1 per Site,
  replacing the random deal of the tiles (e.g. to set up a rulebook example).
- ``cards``: a ``data.CardSet`` or a path to a JSON card file (``data.load_cards``) replacing the
  illustrative (ASSUMED) Tech cards.

``state.setup`` holds the first three (``characters``, ``first_player``, ``solo``); the tiles and cards
are in the State (``state.tiles``, ``state.cards``).

Rule options: ``new_game(players=2, seed=7, resource_cap=5, end_techs=6)``
-------------------------------------------------------------------------------
The rule values a teacher may vary (``OPTIONS``, in ``options.py``). ``new_game`` checks them (an unknown
name or a value out of range is a ValueError naming the option), the State carries them as
``state.options`` (``state.options.resource_cap``), every rule reads them from there, a position's
JSON carries those that differ from the default, and the score sheet names the variant. ASSUMED
defaults are the project's illustrative values where the rulebook prints none.

======================= ==================== ================= ======== ==============================================
option                  default              allowed           source   rulebook section: what it changes
======================= ==================== ================= ======== ==============================================
``hourglass``           2                    0..20             ASSUMED  Setup (G8): Hourglasses of each human player
``kickstarter``         False                True / False      printed  Kickstarter Exclusives: Engineer and Savant
``resource_cap``        7                    3..10             printed  Discover Action: most of each resource held
``transfer_cost``       2                    0..6              printed  Step 2: Hourglasses or Oxygen per transfer
``transfer_wraps``      False                True / False      ASSUMED  Step 2 (G12): Wasteland-Infirmary adjacent
``site_radiation``      (1, 0, 0, 0, 0)      5 numbers 0..3    ASSUMED  Step 3 (G3): Radiation printed on each Site
``wasteland_hourglass`` (1, 1, 2, 2, 3, 3)   6 numbers 0..9    printed  Step 4: Wasteland die results, faces 1-6
``space_a``             3                    1..8              ASSUMED  Step 6 requirements (G5): the A space
``space_b``             6                    1..8              ASSUMED  Step 6 requirements (G5): the B space
``display_oxygen``      (3, 2, 1, 0)         4 numbers 0..9    ASSUMED  Paying for Tech (G9): Oxygen, top to bottom
``deck_oxygen``         4                    0..9              printed  Paying for Tech: Oxygen to take from a deck
``end_techs``           9                    1..9              printed  End of the Game: Techs on one board
``end_languages``       4                    1..5              printed  End of the Game: mastered Languages, all
``track_pp``            (0, 0, 1, ..., 15)   10 numbers 0..30  ASSUMED  Final Scoring: Language track PP by space
``row_bonus``           (9, 6, 3)            3 numbers 0..20   printed  Final Scoring: full row same/different/other
``radiation_most``      2                    1..5              printed  Final Scoring: PP per Radiation of the most
======================= ==================== ================= ======== ==============================================

``OPTIONS.markdown()`` gives the same table with a sentence per option (docs/positions/ruins_of_mars.md).
The last three are scoring tables: they change only the final score, never the course of a game (the
solo AI's rows keep their 10 PP). ``end_languages`` is shown by a prepared position (its ``scenario`` test):
random play masters no Language early enough to show it. Not an option: the solo AI's procedure (see
``options.py``).

The setup shuffles (the tiles under the Sites, the Tech display, the AI's face-down Techs) are drawn in
``new_game`` from the game's chance stream; the first player and dealt Characters are chance nodes that
``new_game`` resolves from the seed too.

Steps (``state.step``): see ``TURN_STEPS``. Step 3 (radiation) is applied automatically when the
transfer step ends (``events`` narrates it); the state never rests on it.

Action kinds and params (params are given in this order; Sites, resources and tracks by name)
---------------------------------------------------------------------------------------------
Decisions (``player`` = the seat):

- ``choose_character`` (character): setup, when Characters are chosen.
- ``skip`` (step[, level]): end an optional step: "start_of_turn" (done with start-of-turn abilities),
  "transfer" (no (further) transfer), "wrench" (leave the remaining Wrench uses), "replicate" (no Tech;
  with ``level``: close that deck without taking a Tech).
- ``place_rover`` (site): Step 1.
- ``transfer_tile`` (from, tile, pay): Step 2; ``from`` an adjacent Site with 2+ tiles, ``tile`` a tile
  id, ``pay`` "Hourglass" or "Oxygen" (2 of one kind: option ``transfer_cost``). The Savant's second
  transfer costs 1 more Hourglass.
- ``use_wrench`` ([choice]): Step 4, one Wrench use: Laboratory choice = resource, Workshop choice =
  track; no choice elsewhere (the Wasteland rolls the die: a chance node).
- ``discover`` () / ``decipher`` (): Step 5, the Active Site's Action.
- ``discover_star`` (resource): Step 5, the resource taken for one star icon.
- ``replicate`` (level, space, row): Step 6 from the display; space 1..4 = top (+3 Oxygen) .. bottom
  (+0) (option ``display_oxygen``); row 1..3 of your Tech board.
- ``search_deck`` (level): Step 6, open a Level's deck (4 Oxygen, option ``deck_oxygen``, + the cost of
  the Tech you take).
- ``take_from_deck`` (card, row): Step 6, the Tech taken from the open deck.
- ``pass_rover`` (): Step 8, end the turn.
- ``character_ability`` (character, ...): 1 Hourglass: Doctor (); Miner (resources: a pair of names);
  Trader ([choice] as for ``use_wrench``); Professor (track, resource).
- ``tech_ability`` (card, owner, via[, choice]): 1 Hourglass: via "hourglass" (your Tech's ability),
  "stowaway" (another player's Tech, owner = that seat), "engineer" (your ability again).
- ``use_free_ability`` (card): a Tech's Free Ability at its time ("start_of_turn" step, or
  "after_action" during the replicate step).
- ``ai_replicate`` (card, row): the solo AI reveals one of its face-down AI Techs.

Example: ``Action("transfer_tile", 0, {"from": "Laboratory", "tile": 7, "pay": "Oxygen"})``. Anything
not legal raises ``IllegalAction`` whose ``reason`` says why and ``rule`` names the rulebook section.

The solo AI (seat 1) uses the same kinds; each of its decisions has exactly one legal action, the one
its procedure (Solo Variant: AI Turn) picks, and that action's text gives the reason.

Chance outcomes (``player`` = ``CHANCE``): ``first_player`` (player), ``deal_character`` (player,
character), ``wasteland_die`` (face), ``solo_die`` (face), ``draw_tile`` (tile, site): the next
face-down tile of a reallocation, ``refill_display`` (level, card).

Helpers: ``finish(state)`` ends a position built by hand (for final scoring); ``data.load_cards(path)``
reads a card file (``data.DEFAULT_CARDS_PATH`` is the default set as JSON, a template);
``invariants.problems(state)`` lists every rule a position breaks, one sentence each naming its field
(what ``from_json`` refuses; ``new_game`` refuses the same, with ValueError).

What a player sees: everything is open information except, in the solo game, the faces of the AI's
face-down Techs. ``state.view(seat)`` replaces each by an anonymous card of the same Level and cost (the
public back) named ``hidden-L<level>-row<row>``; the State itself is the teacher's view.

What the rulebook leaves out is in ``data.py`` (marked ASSUMED) and listed in ``ASSUMPTIONS``.

The rules in words: ``RULES`` (``reference.py``) has an entry for every section the engine names (a
refusal's ``rule``, a step's, a score row's, the end's): ``RULES.entry(error.rule).text``, with the
numbers the engine uses (ASSUMED ones marked) and the coverage items that teach it; docs/rules/ruins_of_mars.md
is the same as a page. ``describe_position(state)`` (``describe.py``, also ``state.describe(player)``) is
the board in short sentences, one line per element group; on ``state.view(seat)`` it hides what the view
hides (the solo AI's face-down Techs).
"""
from __future__ import annotations

from mars_rules.core import CHANCE, Step, check_names, draw_index

from . import data
from .codec import from_json
from . import invariants
from .data import CARDS, CardSet, load_cards
from .options import OPTIONS
from .state import Player, Setup, State
from .policies import ai_policy, evaluate, greedy  # noqa: E402,F401

TITLE = "Ruins of Mars"
PLAYER_COUNTS = (1, 2, 3, 4)

TURN_STEPS = (
    Step("first_player", "Setup: first player", "Who takes the Rover first (random unless chosen).",
         "Setup"),
    Step("choose_character", "Setup: Characters", "Each player chooses a Character card (or is dealt one).",
         "Setup: Choose Characters"),
    Step("start_of_turn", "Start of the turn", "Use Free Abilities that happen at the start of your turn.",
         "Step 1: Place the Rover (note on start-of-turn abilities)"),
    Step("solo_reallocation", "Solo: extra reallocation", "Roll the die: reallocate the tiles of that Site (6: none).",
         "Solo Variant: Extra Tile Reallocation"),
    Step("place_rover", "1. Place the Rover", "Choose the Active Site (any of the 5).", "Step 1: Place the Rover"),
    Step("transfer", "2. Transfer 1 Action tile", "Optional: 2 Hourglasses or 2 Oxygen for a tile of an adjacent Site.",
         "Step 2: Transfer 1 Action Tile"),
    Step("radiation", "3. Take Radiation", "1 Radiation per icon on the Active Site and its tiles (automatic).",
         "Step 3: Take Radiation"),
    Step("wrench", "4. Use Wrench bonus", "Once per Wrench icon: the Active Site's bonus.", "Step 4: Use Wrench Bonus"),
    Step("action", "5. Take the Site's Action", "Discover (resources) or Decipher (Language tracks).",
         "Step 5: Take the Site's Action"),
    Step("replicate", "6. Replicate 1 Tech", "Optional: pay for one Tech and place it on your Tech board.",
         "Step 6: Replicate 1 Tech"),
    Step("reallocate", "7. Reallocate the Action tiles", "Shuffle the Active Site's tiles and deal them rightwards.",
         "Step 7: Reallocate All Action Tiles"),
    Step("pass_rover", "8. Pass the Rover", "End the turn; the next player takes the Rover.", "Step 8: Pass the Rover"),
    Step("game_over", "End of the game", "Final scoring: the game is over.", "End of the Game / Final Scoring"),
)

ASSUMPTIONS = (
    "Site order Wasteland, Laboratory, Workshop, Dormitory, Infirmary (data.SITES)",
    "Site Actions: Workshop Discover and Dormitory Decipher (examples); Wasteland, Infirmary Discover and "
    "Laboratory Decipher assumed (data.SITE_ACTION)",
    "1 Radiation icon printed on the Wasteland (option site_radiation)",
    "Action tile faces (data.TILES)",
    "Language tracks 0..9, A = 3, B = 6 (options space_a, space_b), PP 0,0,1,2,3,4,6,8,10,15 (option track_pp)",
    "Display Oxygen +3/+2/+1/+0 top to bottom (option display_oxygen; the rulebook prints the +3 and the deck's +4)",
    "2 starting Hourglasses per human player (option hourglass); random first player (setup)",
    "Illustrative Tech and AI Tech cards (data.CARDS)",
    "Transfer adjacency is linear (no wrap-around; option transfer_wraps); reallocation wraps",
    "Each Wrench at the Wasteland (and each Trader use there) rolls the die once",
    "Hourglass and Radiation supplies are unlimited",
    "Each player has a different Character",
    "The Trader and a Tech's Wrench ability use the Active Site's bonus, so they wait until the Rover is placed",
    "The Stowaway's ability is one Hourglass ability: once per turn (Using Abilities)",
    "A deck may be searched (looked through) for free; the 4 Oxygen are paid with the Tech taken from it",
)

_SOLO_AI_NAME = "AI"


def _draw(seed, counter, n):
    return draw_index(seed, counter, n)


def new_game(players=2, seed=7, characters="choose", first_player=None, tiles=None, cards=None, layout=None,
             **options):
    """A new game, its setup shuffles drawn from `seed`; the first player and dealt Characters are
    chance nodes resolved from the seed as well, so the State returned waits for a decision.
    `options` are rule options (``OPTIONS``: ``hourglass=4``, ``resource_cap=5``, ...); ValueError
    names an unknown option or a value out of its range."""
    rules = OPTIONS.make(**options)
    if type(players) is int:
        if players not in PLAYER_COUNTS:
            raise ValueError(f"Ruins of Mars is for 1 to 4 players, not {players}")
        names = tuple(f"Player {i + 1}" for i in range(players))
    elif isinstance(players, (str, bytes)) or not hasattr(players, "__iter__"):
        raise ValueError(f"players: a count (1 to 4) or a list of names, not {players!r:.40}")
    else:
        names = check_names(list(players))
        if not 1 <= len(names) <= 4:
            raise ValueError(f"players: 1 to 4 names, not {len(names)}")
    solo = len(names) == 1
    if solo:  # the AI's seat gets a name of its own (names differ ignoring case)
        names = names + (_SOLO_AI_NAME if names[0].casefold() != _SOLO_AI_NAME.casefold() else "AI opponent",)
    if type(seed) is not int:
        raise ValueError(f"seed: an integer, not {seed!r:.40}")
    if characters not in ("choose", "deal"):
        raise ValueError("characters: 'choose' or 'deal'")
    if solo:
        first_player = 0
    if first_player is not None and not (type(first_player) is int and 0 <= first_player < len(names)):
        raise ValueError(f"first_player: a seat 0..{len(names) - 1} or None")
    tiles = tuple(tiles) if tiles is not None else data.TILES
    if len(tiles) != data.N_TILES or not all(isinstance(t, str) and 1 <= len(t) <= 6 and
                                             all(ch in data.ICONS for ch in t) for t in tiles):
        raise ValueError("tiles: 11 strings of 1..6 icon letters (R O G B S W X)")
    if cards is None:
        cards = CARDS
    elif not isinstance(cards, CardSet):
        cards = load_cards(cards)
    elif not cards.default and data.check_card_source(cards.source):
        raise ValueError("cards: " + "; ".join(data.check_card_source(cards.source)[:20]))
    draws = 0
    # Setup: Prepare Action Tiles -- a random order, 2 per Site, the 11th under the Wasteland.
    bag = list(range(data.N_TILES))
    order = []
    while bag:
        order.append(bag.pop(_draw(seed, draws, len(bag))))
        draws += 1
    sites = [tuple(order[2 * i: 2 * i + 2]) for i in range(5)]
    sites[0] = sites[0] + (order[10],)
    if layout is not None:
        sites = [tuple(col) for col in layout]
        flat = sorted(t for col in sites for t in col)
        if len(sites) != 5 or flat != list(range(data.N_TILES)) or not all(sites):
            raise ValueError("layout: 5 columns of tile ids 0..10, each tile once, at least 1 per Site")
    # Setup: Create the Tech display -- 4 face-up per Level, top to bottom.
    display, decks = [], []
    for level in (1, 2, 3):
        deck = list(cards.levels[level - 1])
        col = []
        for _ in range(data.DISPLAY_SIZE):
            col.append(deck.pop(_draw(seed, draws, len(deck))) if deck else None)
            draws += 1
        display.append(tuple(col))
        decks.append(tuple(sorted(deck)))
    boards = [Player(techs=(None,) * 9, face_down=(False,) * 9, hourglass=rules.hourglass) for _ in names]
    if solo:
        # Solo Variant Setup: one random face-down AI Tech per slot, Level by column; no Hourglass.
        techs = [None] * 9
        for level in (1, 2, 3):
            pool = list(cards.ai_levels[level - 1])
            for row in range(3):
                techs[row * 3 + level - 1] = pool.pop(_draw(seed, draws, len(pool)))
                draws += 1
        boards[1] = Player(techs=tuple(techs), face_down=(True,) * 9, hourglass=0)
    setup = Setup(characters, -1 if first_player is None else first_player, solo)
    s = State(players=names, seed=seed, draws=draws, step="first_player", to_move=CHANCE,
              events=("Setup: 11 Action tiles dealt (2 per Site, the 11th under the Wasteland); 4 Techs per "
                      "Level face up; every track and resource at 0.",),
              chance="first_player", options=rules, setup=setup, tiles=tiles, sites=tuple(sites), rover=-1,
              display=tuple(display), decks=tuple(decks), removed=(), boards=tuple(boards), current=0, first=0,
              turn=0, pending=0, acted=False, transfers=0, used=(), search=0, facedown=(), realloc_to=0,
              solo_die=0, end_turns=-1, cards=cards)
    if first_player is not None:
        from mars_rules.core import Action
        from .transitions import apply_first_player
        s = apply_first_player(s, Action("first_player", CHANCE, {"player": first_player}))
    while s.to_move == CHANCE:
        s = s.resolve_chance()
    found = invariants.problems(s)  # what from_json would refuse, new_game refuses too
    if found:
        raise ValueError("; ".join(found))
    return s


def finish(state):
    """The same position with the game over (step "game_over", nobody to move, no final turn left):
    for scoring a position built by hand. Final scoring is then `finish(state).score()`.

    >>> s = finish(new_game(players=2, seed=1, characters="deal"))
    >>> s.is_over, s.score().final, from_json(s.to_json()) == s
    (True, True, True)
    """
    if state.facedown:
        raise ValueError("finish() needs a position outside a reallocation (some tiles are face down)")
    return state._replace(step="game_over", to_move=None, chance="", pending=0, end_turns=0,
                          search=0 if state.search > 0 else state.search)


State.game = None  # set below once the module object exists


def _bind():
    import sys
    State.game = sys.modules[__name__]


_bind()

from .coverage import COVERAGE, end_reason, passed_steps  # noqa: E402
from .describe import describe_position  # noqa: E402
from .reference import RULES  # noqa: E402
from .determinize import determinize  # noqa: E402  (a hidden-information sampler for search)

__all__ = ["TITLE", "PLAYER_COUNTS", "TURN_STEPS", "OPTIONS", "ASSUMPTIONS", "new_game", "from_json", "finish", "State",
           "Player", "Setup", "CardSet", "load_cards", "CHANCE", "COVERAGE", "end_reason", "passed_steps", "RULES",
           "describe_position", "determinize"]
