"""Ruins: the climbing card game with card crafting (2-5 players).

Each round, empty your hand before the others: lead one ruin or a set of one rank, follow with as many
ruins of an equal or higher rank, or pass. While playing, upgrade the ruins you play for good with
claims and discoveries bought with torches. Going out early scores VP; start a round on 9+ VP and go
out first to win, or win the showdown after round 4.

>>> import mars_rules.ruins as ruins
>>> s = ruins.new_game(players=3, seed=7)
>>> s.step, s.to_move, [len(h) for h in s.hands], len(s.deck)
('night_flip', 0, [9, 9, 9], 3)
>>> s = s.apply(s.legal_actions()[-1])   # Ada keeps all her ruins day side up
>>> s.to_move
1

Steps (`state.step`, see TURN_STEPS): deal -> night_flip -> lead / follow -> claim -> discover -> (draw)
-> (refill) -> follow ... The showdown is round 5 (`state.round == 5`) with `state.seated` marking who
plays it.

Action kinds (params; all params are ints):

- "deal" (chance; ruin, to): ruin id `ruin` is dealt to seat `to` at a round's deal.
- "draw" (chance; ruin, to): seat `to` draws ruin `ruin` because of an "each opponent draws" effect.
- "reveal" (chance; discovery, slot): discovery id `discovery` fills market slot `slot` (0 = next to
  the discovery deck) at the end of a turn or at setup.
- "flip" (ruin): at the start of a round, secretly flip ruin `ruin` (day side, in your hand) to its night
  side for the rest of the game. "no_flip" (): keep every ruin day side up this round.
- "pick" (ruin): add ruin `ruin` from your hand to the play you are building (lead or follow). Only
  ruins that some complete play holds (with the ruins chosen and, for a follow, enough more from your
  hand, and discoveries you can pay for, a "light" one lighting torches for the next) are offered. A
  follow moves on by itself once you have chosen as many ruins as the last play; "pass" stays
  available throughout.
- "done" (): while leading, stop choosing ruins; while claiming, stop adding claims.
- "pass" (): do not follow (the ruins you chose go back to your hand); your turn ends.
- "claim" (ruin): put one of your 2 claim cards on ruin `ruin` of your play.
- "discover" (slot, ruin): spend the torches of market slot `slot` on its discovery and add it to ruin
  `ruin` of your play, in the discovery's position (top, middle or bottom).
- "play" (): confirm the play: the ruins go face up on the trick and their effects happen.

Data the rulebook does not print (night sides, the 39 discovery effects, market costs, the scoreboard)
is ASSUMED and replaceable: `new_game(cards=data.load_cards("my_cards.json"))`. So is the choice of
which copies of each rank are removed for 2-4 players (`default_used`; keyword `ruins_used`).

Rule options (`OPTIONS`, mars_rules.ruins.options): `new_game(players, seed, rounds=2, ...)` checks them
(ValueError naming the option), the State carries them (`state.options.rounds`: every rule reads them
there), a position's JSON carries those that differ from the default (`"options": {"rounds": 2}`),
and the score sheet and the boards name the variant. Source: printed in the rulebook, or ASSUMED
(the project's illustrative value where the rulebook prints none).

| option | default | allowed | source | rulebook section |
|---|---|---|---|---|
| `hand_size` | 9 | 1..10 | printed | Setup; Round End |
| `torches` | 3 | 1..6 | printed | Setup; Upgrading Ruins: B. Add Discoveries |
| `claims` | 2 | 0..5 | printed | Upgrading Ruins: A. Add Claim |
| `market_costs` | (3, 2, 1, 1) | 4 numbers 1..10, slot 1 first | ASSUMED | B. Add Discoveries |
| `scoreboard` | ((3, -1), (3, 1, -1), (3, 2, 0, -1), (3, 2, 1, 0, -1)) | 2-5 players, -10..10 | ASSUMED | Going Out |
| `instant_win_vp` | 9 | 1..10 | printed | Game End |
| `rounds` | 4 | 1..8 (the showdown is round rounds + 1) | printed | Game End |

A hand must be larger than the other players' claims (`hand_size` > `claims` x (players - 1)): a ruin
claimed by an opponent goes to them with no replacement, so a smaller hand could be given away whole.
`market_costs` and `scoreboard` are also card data: a card file's values become the options of a game
made with it (unless given too). The other keywords of `new_game` are setup choices, not rule values
(`SETUP`): `first_player`, `cards`, `ruins_used`, `resolve_setup`.

Readings of passages the rulebook leaves open (each is tested):

- Passing is not permanent: only consecutive passes by all but one player end a trick; a forced pass
  (skip) counts as a pass, and the skip hits the next player who still has cards.
- After a player goes out, the trick ends when every player still holding cards has passed; the lead
  then goes to the player closest clockwise to the one who went out.
- Every effect is active at once ("Discovery Effects"). "Light" effects of the ruins played happen as soon
  as the ruins are chosen (before claims and discoveries), and a "light" discovery lights as soon as it is
  added: the torches serve for the discoveries of the same turn. A "light 2" lights both torches together,
  at most up to 3 lit (one can be lost; never light 1, spend it, light it again). Forced draws happen
  when the play is confirmed. Effects happen every time the ruin is played, including the play that adds
  them. Forced draws go to opponents still holding cards, one round of draws per effect, clockwise from
  the player's left, until the deck runs out; they are skipped when the play ends the round.
- A set of only wild ruins has the highest of their printed-plus-added ranks.
- The score never leaves 0..10. A showdown with a single qualifying player is won by that player at
  once; claims of players outside the showdown are ignored at its deal; the night flip comes after the
  claimed ruins are handed over.
- The market refills next to the discovery deck (slot 1) after sliding right; with an empty discovery
  deck its gaps stay empty. The newest card (slot 1) costs the most (ASSUMED costs 3, 2, 1, 1).

The rules in words: `RULES` (reference.py) has an entry for every rulebook section the engine names (a
refusal's `rule`, a step's, a score row's, the end's): `RULES.entry(error.rule).text`, with the numbers
the engine uses (ASSUMED ones marked, with the option that changes them) and the coverage items that teach
it; docs/rules/ruins.md is the same as a page. `describe_position(state)` (describe.py, also
`state.describe(player)`) is the board in short sentences, one line per element group; on
`state.view(seat)` it hides what the view hides (the other hands, the decks, secret flips). A single ruin
in words is `state.card_words(ruin)`.
"""
from __future__ import annotations

from mars_rules.core import Step, check_names, reads_positions

from . import codec, crafting, data, flow, invariants, legal, moves, scoring, text  # noqa: F401
from .data import COPIES, DEFAULT_CARDS, RUIN_COUNT, RUINS_USED, Cards, load_cards
from .options import OPTIONS, conflicts
from .state import NO_FLIP, State
from .policies import evaluate, greedy  # noqa: E402,F401
from .coverage import COVERAGE, end_reason
from .describe import describe_position
from .determinize import determinize
from .reference import RULES

TITLE = "Ruins"
PLAYER_COUNTS = (2, 3, 4, 5)
NAMES = ("Ada", "Bo", "Cy", "Dee", "Eli")

TURN_STEPS = (
    Step("deal", "Deal (set-up and round end)",
         "All ruins are shuffled and 9 are dealt to each player, one chance node per card; then any ruin "
         "carrying an opponent's claim goes to that opponent, with no replacement.", "Setup; Round End"),
    Step("night_flip", "Start of round: night flip",
         "Each player in turn secretly chooses one day-side ruin to flip to its night side for good, or none; "
         "the choices are revealed when everyone has chosen.", "Start of Round"),
    Step("lead", "Lead",
         "Choose one ruin, or several of one rank (after upgrades), a ruin at a time; then 'done'.",
         "Player Turns"),
    Step("follow", "Follow or pass",
         "Choose exactly as many ruins as the last play, of one rank equal or higher, or pass.", "Player Turns"),
    Step("claim", "Upgrade: claims",
         "Put your claim cards (2 per game) on ruins you are playing, one claim per ruin; or 'done'.",
         "Upgrading Ruins: A. Add Claim"),
    Step("discover", "Upgrade: discoveries, then confirm",
         "Buy market discoveries with lit torches and add them to ruins you are playing (one per position), "
         "then confirm the play.", "Upgrading Ruins: B. Add Discoveries"),
    Step("draw", "Forced draws",
         "Opponents draw the ruins an effect makes them draw, clockwise from the player's left.",
         "Clarifications & Tips"),
    Step("refill", "End of turn: market refill",
         "The market slides right to fill gaps and is refilled to 4 from the discovery deck.",
         "Upgrading Ruins: B. Add Discoveries"),
    Step("game_over", "Game end",
         "Someone won: an instant win or the first player out in the showdown.", "Game End"),
)

SETUP = {
    "first_player": "seat that leads round 1 (default 0; the rulebook: whoever last lit a flame)",
    "cards": "card data: a data.Cards, a dict in the JSON schema, or a path to a JSON file (default: ASSUMED set)",
    "ruins_used": "ids of the ruins kept for 2-4 players (default: ASSUMED spread of copies, see default_used)",
    "resolve_setup": "resolve the set-up chance nodes from the seed (default True); False stops at the first one",
}

State.game = None  # set below
State._legal = legal.legal
State._play = moves.play
State._why = moves.why
State._outcomes = flow.outcomes
State._draw = flow.chance_outcome
State._resolve = flow.resolve_chance


def default_used(players: int) -> tuple:
    """ASSUMED (Setup table): rank r keeps copies r-1 .. r-2+players (mod 5), so every copy shows up."""
    keep = RUINS_USED[players] // 10
    return tuple(sorted(r * COPIES + (r + j) % COPIES for r in range(10) for j in range(keep)))


def new_game(players=2, seed: int = 7, first_player: int = 0, cards=None, ruins_used=None,
             resolve_setup: bool = True, **options) -> State:
    """A new game: the market and the first deal are chance nodes resolved from `seed`.

    `players` is a count (2-5; the players are then Ada, Bo, ...) or the players' names. ValueError for
    anything `from_json` would refuse in the position made: names (non-empty, at most 40 characters,
    printable, different), a seed that is not an integer 0 or more, a seat that is not an integer, an
    unknown rule option or a value out of its range (`**options`: see OPTIONS, e.g. `rounds=2`). The
    market costs and scoreboard of custom `cards` are the game's `market_costs` and `scoreboard`
    options unless those are given.
    """
    if isinstance(players, int) and not isinstance(players, bool):
        if players not in PLAYER_COUNTS:
            raise ValueError(f"Ruins is for 2 to 5 players, not {players}")
        names = tuple(NAMES[:players])
    elif isinstance(players, (str, bytes, bool)) or not hasattr(players, "__iter__"):
        raise ValueError(f"players must be a player count (2-5) or a list of names, not {players!r:.40}")
    else:
        names = check_names(tuple(players))
    n = len(names)
    if n not in PLAYER_COUNTS:
        raise ValueError(f"Ruins is for 2 to 5 players, not {n}")
    if type(seed) is not int or seed < 0:
        raise ValueError(f"seed must be an integer 0 or more, not {seed!r:.40}")
    if type(first_player) is not int or not 0 <= first_player < n:
        raise ValueError(f"first_player must be a seat 0..{n - 1} (an integer), not {first_player!r:.40}")
    if cards is None:
        cards = DEFAULT_CARDS
    elif isinstance(cards, dict):
        cards = data.cards_from_dict(cards)
    elif isinstance(cards, Cards):
        if cards != DEFAULT_CARDS:  # checked as from_json will check it (PositionError, a ValueError)
            cards = data.cards_from_dict(data.cards_to_dict(cards))
    else:
        cards = load_cards(cards)
    if options or cards is not DEFAULT_CARDS:
        if "market_costs" not in options and cards.costs != DEFAULT_CARDS.costs:
            options["market_costs"] = cards.costs
        if "scoreboard" not in options and cards.scoreboard != DEFAULT_CARDS.scoreboard:
            options["scoreboard"] = data.scoreboard_rows(cards)
        rules = OPTIONS.make(**options)
        found = conflicts(rules, n)
        if found:
            raise ValueError("; ".join(found))
        cards = data.cards_in_play(cards, rules.market_costs, rules.scoreboard)
    else:
        rules = OPTIONS.default
    used = default_used(n) if ruins_used is None else tuple(sorted(ruins_used))
    per = RUINS_USED[n] // 10
    if len(set(used)) != len(used) or any(type(c) is not int or not 0 <= c < RUIN_COUNT for c in used) or \
            any(sum(1 for c in used if c // COPIES == r) != per for r in range(10)):
        raise ValueError(f"ruins_used must hold {per} different ids of each rank (ids 0-49, id // 5 = rank - 1)")
    blank = (0, -1, -1, -1, -1)
    rank, wild, free, light, draw = zip(*(crafting.derived(cards, c, blank) for c in range(RUIN_COUNT)))
    s = State(players=names, seed=seed, draws=0, step="refill", to_move="chance",
              events=("Set-up: the discovery deck is shuffled and 4 discoveries are dealt to the market.",),
              cards=cards, options=rules, used=used, ruins=(blank,) * RUIN_COUNT, rank=rank, wild=wild,
              free=free, light=light, draw=draw, hands=((),) * n,
              deck=used, trick=(), last_play=(), last_rank=-1, last_player=-1, passed=(), selection=(),
              market=(-1,) * data.MARKET_SIZE, ddeck=tuple(range(data.DISCOVERY_COUNT)),
              torches=(rules.torches,) * n, claims_left=(rules.claims,) * n, vp=(0,) * n, start_vp=(0,) * n, round=1,
              first_player=first_player, seated=(1,) * n, out=(), flips=(NO_FLIP,) * n, to_deal=(), resume=("deal",),
              results=(), winners_=(), viewer=-1)
    if resolve_setup:
        while s.to_move == "chance":
            s = s.resolve_chance()
    return s


@reads_positions
def from_json(text) -> State:
    """A position from `state.to_json()` text (PositionError lists every problem; see codec and invariants)."""
    return codec.from_json(text)


import sys as _sys  # noqa: E402

State.game = _sys.modules[__name__]

__all__ = ["TITLE", "PLAYER_COUNTS", "TURN_STEPS", "OPTIONS", "SETUP", "new_game", "from_json", "State", "Cards",
           "load_cards", "default_used", "COVERAGE", "end_reason", "RULES", "describe_position",
           "determinize"]
