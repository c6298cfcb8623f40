"""Mars, the colony card game: build a Martian colony, staff it, power it, and reach the target VP first.

>>> import mars_rules
>>> game = mars_rules.load("mars_colony")
>>> s = game.new_game(players=2, seed=7)
>>> s.step, s.to_move, [str(a) for a in s.legal_actions()][:2]
('mine_draft', 0, ['Take an iron mine for your colony', 'Take a carbon mine for your colony'])

Rule options: `new_game(players=2, seed=7, cards=None, **options)` takes the rule values below by name
(`new_game(players=3, seed=1, target=10, hand_limit=6)`), checks them (an unknown name or a value out of
range is a ValueError naming the option) and the State carries them as `state.options` (a record:
`state.options.target`; `state.target` and `state.turn_limit` are shorthands). A position's JSON holds
the ones that differ from the default under "options" and is checked against them; the Explorer, the
PositionEditor and the score sheet (`score().variant`) name a variant. `OPTIONS` (a RuleOptions) lists
them; ASSUMED defaults are the project's illustrative values, not the rulebook's.

| option | default | allowed | source | rulebook section |
|---|---|---|---|---|
| target | 12 | 5..30 | printed (10 short, 12 normal, 15 long) | Setup; End of the Game |
| turn_limit | 60 | 0..10000 (0: no limit) | ASSUMED safeguard, not a rule | End of the Game |
| start_hand | 4 | 1..6 | printed (the French original: 3) | Setup |
| plant_energy | 5 | 4..10 | printed (below 4 the start is short of energy) | 6) Construction: c) Power plants |
| hand_limit | 4 | 0..12 | printed (an active level-0 silo) | 6) Construction: d) Silos |
| cards_per_silo | 2 | 0..6 | printed (each new active silo) | 6) Construction: d) Silos |
| earth_rate | 3 | 2..6 | printed (with a spaceport: spaceport_rate) | 5) Trade: a) Trade with Earth |
| spaceport_rate | 2 | 1..6 | printed (a Mass driver card too; capped at earth_rate, see below) | 6) Construction: i) Spaceport |
| max_habitats | 4 | 0..6 | ASSUMED (spaces besides level 0) | 6) Construction: a) Habitats |
| science_for_magna | 3 | 1..10 | printed | 6) Construction: h) Magna Scientia |
| max_offers | 3 | 0..10 | ASSUMED safeguard (offers a turn) | 5) Trade: c) Trade with other colonies |

`turn_limit` is not a rule of the game: after that many rounds the highest VP on the track wins
(ties share the win). Sensible play reaches the target long before round 60, but uniformly random play
rarely does, so random games almost always end through this limit. `spaceport_rate` is the Earth
trade rate of an active spaceport and of a Mass driver R&D card (printed 2 for 1); a rate above
`earth_rate` is capped at `earth_rate`, an ASSUMED reading (the rulebook does not say; a spaceport is
meant to make Earth cheaper). Random play almost never reaches a spaceport, so its test is a prepared
position. Besides the options, `cards` is a setup choice: a `data.CardSet` or the path of a JSON card file (default: the illustrative ASSUMED
cards of `default_cards.json`), carried by the position under "cards".

>>> short = game.new_game(players=2, seed=7, target=10)
>>> short.options.target, short.variant(), OPTIONS.changed(short.options)
(10, 'target 10 (rulebook: 12)', {'target': 10})

The rules reference (`reference.py`): `RULES`, a `RulesReference` with one entry per rulebook section
the engine names (refusals, turn steps, score rows, the end), in this project's words with the numbers
the engine uses (printed or ASSUMED) and the coverage items that teach them; `RULES.entry(rule)` finds an
IllegalAction's section, and docs/rules/mars_colony.md is its page. The board in words (`describe.py`):
`describe_position(state)`, short sentences of what the board shows (a player's view: only what that
player sees); `state.describe(player)` gives it, and `state.summary()` the one-line-per-player summary
of the golden transcripts.

Teaching helpers (`scenario.py`): `find_action(state, kind, **params)`, `do(state, kind, **params)`,
`quick_start(players, seed, mines=["IC", "SW"], hands=["IICO", ...])`, `edit(state, seat, ...)` and
`at_step(state, step, seat)`; every edited position is validated by `from_json`.

Action kinds and params (decisions: `player` is a seat; chance outcomes: `player` is CHANCE):

Setup
- choose_mine(material): take a mine tile in the draft (material 0..4 = iron, carbon, silicon, water, oxygen).
- deal(seat, material) [chance]: one card of the starting hand.
1) Event
- reveal_event(card) [chance]: the event card drawn (card = an event id of the card set).
- choose_rival(rival): the opponent in a conflict you triggered.
- contest(holder, card): Contested Supremacy: the held supremacy to assess again.
- take_reserve(material): a Deposit event: the reserve card you take.
- take_card(material) [chance]: the random card the winner of a conflict or attack takes from the loser
  (or that the loser returns to the reserve, for a conflict whose effect is "discard_cards").
- supply_card(seat, material) [chance]: a card drawn from the supply deck by a card effect.
- attack(rival) / no_attack(): the optional military attack after the event.
2) R&D
- roll_die() / skip_research(); die(face) [chance]: "rd1", "rd2" or "blank".
- draw_rd(card) [chance]: the R&D card drawn.
- play_card(card, material): play a keepable R&D card (just drawn, or kept, during trade or construction);
  material is the chosen type for a Prospecting card and -1 otherwise.
- keep_card(card): keep the just-drawn card hidden in your hand.
3) Resupply
- resupply(material) [chance]: the card Earth sends from the supply deck.
5) Trade
- earth_trade(give, get, count): count (3, or 2 with a spaceport; options earth_rate, spaceport_rate) identical cards for one of your choice.
- contract_trade(give, get): use a contract you hold, 1 card for 1 card, one way only.
- start_offer(partner): begin an offer to another colony (needs an active communications module).
- offer_give(material) / offer_ask(material): add one card to what you give / ask for.
- send_offer() / withdraw_offer(); the partner then: accept_offer() / refuse_offer().
- end_trade(): go on to construction.
6) Construction
- build(installation, level): installation is "plant", "silo", "comm", "mil", "rnd", "port" (level = the
  level built), "habitat" (level = its number) or "mine" (level = the mine's material).
- acquire_contract(give, get) / cancel_contract(give, get); end_construction().
7) End of Turn
- staff(slot) / unstaff(slot): move a colonist from the habitats to an installation or back (slot indexes
  `data.SLOTS`).
- power_habitat(habitat, waiting): power a dark habitat (waiting 1: its 3 colonists move in).
- end_moves(): recount energy and VP. Then discard(material) / return_contract(give, get) down to the
  limits, if needed.
"""
from __future__ import annotations

import operator
import pathlib

from mars_rules.core import Step, check_names

from . import data, invariants
from .codec import from_json
from .coverage import COVERAGE, end_reason, passed_steps
from .describe import describe_position
from .determinize import determinize
from .data import DEFAULT_CARDS, CardSet, load_cards
from .options import OPTIONS
from .reference import RULES
from .scenario import at_step, do, edit, find_action, quick_start
from .state import Colony, State
from .policies import evaluate, greedy  # noqa: E402,F401

TITLE = "Mars"
PLAYER_COUNTS = (2, 3, 4)
DEFAULT_NAMES = ("Ada", "Bo", "Cy", "Di")

TURN_STEPS = (
    Step("mine_draft", "Setup: mine draft", "Each player takes 2 mines, oldest first, then in reverse order.", "Setup"),
    Step("deal", "Setup: deal", "The supply deck (5 of each material) deals 4 hidden cards to each player.", "Setup"),
    Step("event", "1. Event", "Draw an event card and apply it at once.", "1) Event"),
    Step("event_choice", "1. Event: choice", "Choose a rival, a supremacy to contest, or a reserve card.",
         "1) Event"),
    Step("event_take", "1. Event: the winner takes a card", "A random card passes from the loser's hand.",
         "1) Event: a) Conflicts"),
    Step("supply_draw", "Card effect: supply draws", "Cards are drawn from the supply deck for an effect.",
         "1) Event"),
    Step("attack", "1. Event: military attack", "With an active military base you may attack another colony.",
         "6) Construction: g) Military bases"),
    Step("attack_take", "1. Event: attack spoils", "The winner takes a random card from the loser's hand.",
         "6) Construction: g) Military bases"),
    Step("research", "2. R&D", "With an active R&D centre you may roll the R&D die.", "2) R&D"),
    Step("research_die", "2. R&D: the die", "R&D1, R&D2 (needs an active level-2 centre) or nothing.", "2) R&D"),
    Step("research_draw", "2. R&D: the card", "An R&D card is drawn.", "2) R&D"),
    Step("research_keep", "2. R&D: play or keep", "Some R&D cards may be kept in hand for later.", "2) R&D"),
    Step("resupply", "3. Resupply", "Earth sends one card from the supply deck.", "3) Resupply"),
    Step("mining", "4. Mining production", "Each active mine yields a card of its type (automatic).",
         "4) Mining Production"),
    Step("trade", "5. Trade", "Trade with Earth, use contracts, or make offers to other colonies.", "5) Trade"),
    Step("trade_offer", "5. Trade: building an offer", "Add cards one at a time, then send or withdraw.",
         "5) Trade: c) Trade with other colonies"),
    Step("trade_reply", "5. Trade: the reply", "The other colony accepts or refuses.",
         "5) Trade: c) Trade with other colonies"),
    Step("build", "6. Construction", "Build installations, habitats, mines and trade contracts.",
         "6) Construction"),
    Step("move_colonists", "7. End of turn: move colonists", "Move colonists freely within your energy.",
         "7) End of Turn"),
    Step("discard", "7. End of turn: limits", "Discard to your silos' hand limit; give back excess contracts.",
         "7) End of Turn"),
    Step("game_over", "Game over", "A player reached the target VP at the end of their turn.", "End of the Game"),
)


def new_game(players=2, seed=7, *, cards=None, **options) -> State:
    """A new game at the mine draft (seat 0 is the oldest player, who starts), under the rule `options`
    (`OPTIONS`: target, turn_limit, ...; the others keep their defaults).

    Refuses (ValueError) what `from_json` would refuse: names that are empty, longer than 40 characters,
    not printable, not valid Unicode or the same as another's (ignoring case); a seed that is not a whole
    number 0 or more; an unknown option or a value outside its range (the message names the option);
    card data that does not read back as itself."""
    rules = OPTIONS.make(**options)
    if isinstance(players, int) and not isinstance(players, bool):
        if players not in PLAYER_COUNTS:
            raise ValueError(f"Mars is for 2, 3 or 4 players, not {players}")
        names = DEFAULT_NAMES[:players]
    else:
        if isinstance(players, (str, bytes, bool)) or not hasattr(players, "__iter__"):
            raise ValueError(f"players: a count (2, 3 or 4) or a list of 2 to 4 names, not {players!r:.60}")
        names = tuple(players)
        if len(names) not in PLAYER_COUNTS:
            raise ValueError(f"Mars needs 2, 3 or 4 players, not {len(names)}")
        check_names(names)
    seed = _whole(seed, "seed", 0, None)
    if cards is None:
        cards = DEFAULT_CARDS
    elif not isinstance(cards, CardSet):
        cards = load_cards(pathlib.Path(cards))
    elif cards != DEFAULT_CARDS and data.cards_from_dict(cards.to_dict()) != cards:
        raise ValueError("cards: this CardSet does not read back as itself from its JSON form (build it with "
                         "load_cards or data.cards_from_dict)")
    n = len(names)
    supply = (data.SUPPLY_PER_MATERIAL,) * 5
    reserve = (data.CARDS_PER_MATERIAL - data.SUPPLY_PER_MATERIAL,) * 5
    zeros = lambda k: (0,) * k  # noqa: E731
    state = State(names, seed, 0, "mine_draft", 0, ("Each player takes a colony board with 7 colonists.",),
                  cards, rules, 1, 0, tuple(Colony.start() for _ in range(n)), supply, reserve,
                  data.MINE_TILES, tuple(c.copies for c in cards.events), zeros(len(cards.events)),
                  tuple(c.copies for c in cards.rd1), zeros(len(cards.rd1)), tuple(c.copies for c in cards.rd2),
                  zeros(len(cards.rd2)), -1, "", (0,), 0, 0, (), (), -1, ())
    found = invariants.problems(state)  # the checks from_json makes: a new game always loads back
    if found:
        raise ValueError("; ".join(found))
    return state


def _whole(value, name, lo, hi) -> int:
    """`value` as a plain int in lo..hi (None: no upper bound), else ValueError; bools and floats are refused."""
    try:
        if isinstance(value, bool):
            raise TypeError
        value = operator.index(value)
    except TypeError:
        raise ValueError(f"{name}: {value!r:.40} is not a whole number") from None
    if value < lo or (hi is not None and value > hi):
        raise ValueError(f"{name}: {value} is outside {lo}..{'' if hi is None else hi}")
    return value


State.game = None


def _bind():
    import sys
    State.game = sys.modules[__name__]


_bind()

__all__ = ["TITLE", "PLAYER_COUNTS", "TURN_STEPS", "OPTIONS", "new_game", "from_json", "State", "data",
           "load_cards", "find_action", "do", "quick_start", "edit", "at_step", "COVERAGE",
           "end_reason", "passed_steps", "RULES", "describe_position", "determinize"]
