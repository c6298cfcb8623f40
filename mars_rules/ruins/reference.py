"""The rules reference of Ruins (`RULES`): one entry per rulebook section the engine names.

Every refusal (`IllegalAction.rule`), turn step (`TURN_STEPS[*].rule`), score row and the end name a
section; `RULES.entry(rule)` finds its entry (exactly, by an alias, or by the longest entry name the
rule starts with: "Setup; Round End", the deal step's section, finds "Setup"). Each entry says, in this
project's words, what the engine does, with the numbers it uses (ASSUMED where the rulebook prints none,
and the rule option that changes it) and the coverage items whose notebook cells teach it. The numbers
are read from the rule options' defaults and the default card data, so they cannot drift from the
engine. `docs/rules/ruins.md` is `RULES.markdown(...)` (`python tools/make_rules_reference.py ruins`).

>>> RULES.entry("Setup; Round End").section, RULES.entry("The Score Track").section
('Setup', 'Going Out')
>>> [n.value for n in RULES.entry("Game End").numbers][:1]
['9 (option `instant_win_vp`)']
>>> sorted({e.part for e in RULES})[:3]
['Actions', 'Clarifications', 'Playing through the engine']
"""
from __future__ import annotations

from collections import Counter

from mars_rules.core.reference import Entry, Number, RulesReference

from .data import COPIES, DEFAULT_CARDS, DISCOVERY_COUNT, MARKET_SIZE, MAX_VP, RUIN_COUNT, RUINS_USED
from .options import OPTIONS
from .text import effect_words

SETUP, ROUND, TURN, ACTIONS, SCORING, END, TIPS, ENGINE = (
    "Setup", "The round", "The turn", "Actions", "Scoring", "The end", "Clarifications", "Playing through the engine")

_D = OPTIONS.default


def _opt(name: str, words: str = "") -> str:
    """An option's default in words, naming the option: '9 (option `hand_size`)'."""
    value = getattr(_D, name)
    shown = words or (", ".join(map(str, value)) if isinstance(value, tuple) else str(value))
    return f"{shown} (option `{name}`)"


def _signed(row) -> str:
    return ", ".join(f"{v:+d}" if v else "0" for v in row)


def _discoveries(position: int) -> str:
    """'+1 rank x4, +2 rank x5, +3 rank x4': the default discovery deck's cards of one position."""
    cards = DEFAULT_CARDS
    found = Counter(cards.disc_effect[d] for d in range(DISCOVERY_COUNT) if cards.disc_pos[d] == position)
    return ", ".join(f"{effect_words(e)} x{k}" for e, k in found.items())


def _night(copy: int) -> str:
    """The default night side of a ruin's copy (ruin id mod 5), for day rank d."""
    cards = DEFAULT_CARDS
    cid = copy  # day rank 1; the night rank is the day rank plus the same amount for every rank
    effect = cards.night_effect[cid]
    return f"rank d + {cards.night[cid] - cards.day[cid]}, " + (effect_words(effect) if effect else "no effect")


_SCOREBOARD = "; ".join(f"{n} players: {_signed(row)}" for n, row in zip((2, 3, 4, 5), _D.scoreboard))
_COSTS = ", ".join(map(str, _D.market_costs))

RULES = RulesReference("Ruins", [
    # ----- Setup ------------------------------------------------------------------------------------
    Entry("Setup", f"""
The engine sets up the game and every later round with the same deal (step `deal`: one chance node per
ruin dealt, so a teacher can force any card).

- **Once, at `new_game`:** the discoveries are shuffled face down and {MARKET_SIZE} are revealed into the
  market (step `refill`, one `reveal` each). Every player starts on 0 VP with {_D.claims} claim cards.
  Seat 0 leads round 1 unless `first_player=` says otherwise (the rulebook picks whoever last lit a flame).
- **Ruins in play:** 2, 3, 4 or all 5 copies of each rank for 2, 3, 4 or 5 players; the rest stay in the
  box for the whole game.
- **Every deal** (set-up, and after rounds 1 to {_D.rounds}): each player relights all {_D.torches} torches;
  every ruin in play is gathered and {_D.hand_size} are dealt to each player in turn, from the first player;
  what is left is the face-down ruin deck.
- **Claimed ruins go home:** a ruin dealt to someone other than the owner of its claim moves to the owner's
  hand, and nothing replaces it. Then the round starts with the night flip (*Start of Round*).
- **Between rounds** (the rulebook's *Round End*): the player with the fewest VP becomes first player; when
  several are tied, the one furthest clockwise from the previous first player (who thus loses every tie).
  Before that, the last player still holding ruins has scored last place (*Going Out*).
""", numbers=(
        Number("ruin cards", f"{RUIN_COUNT}: {COPIES} copies of each day rank 1-10", True),
        Number("ruins in play", ", ".join(f"{n} players: {k}" for n, k in RUINS_USED.items()), True),
        Number("which copies stay in play (2-4 players)",
               "rank r keeps copies r-1, r, ... (wrapping at 5) so every copy plays in some count "
               "(`default_used`; keyword `ruins_used`)", False),
        Number("ruins dealt to each player", _opt("hand_size"), True),
        Number("ruin deck after a deal",
               ", ".join(f"{n} players: {k - n * _D.hand_size}" for n, k in RUINS_USED.items()) + " (derived)",
               True),
        Number("torches per player, all lit at every deal", _opt("torches"), True),
        Number("claim cards per player, for the whole game", _opt("claims"), True),
        Number("discoveries", f"{DISCOVERY_COUNT}: 13 top, 13 middle, 13 bottom", True),
        Number("market slots", str(MARKET_SIZE), True),
        Number("VP at the start", "0", True),
        Number("first player of round 1", "seat 0 (keyword `first_player`)", False),
    ), teaches=("step:deal", "action:deal", "step:refill", "action:reveal"), aliases=("Round End",), part=SETUP),

    # ----- The round --------------------------------------------------------------------------------
    Entry("Start of Round", """
Right after the deal, each player may turn one ruin of their own hand from its day side to its night side
(`flip`), or flip nothing this round (`no_flip`).

- Only a ruin still on its day side can be chosen: night is for good, there is no flipping back.
- The ruin takes its night rank and, on some copies, a night effect; every claim and discovery on it stays.
- The rulebook has everyone choose at the same moment, in secret. The engine asks one player after another,
  from the first player clockwise, and each player's view hides the others' choices; once the last player
  has chosen, all flips are shown together and the first player leads.
- The night sides are not in the rulebook's text: the engine's are ASSUMED (replaceable card data,
  `new_game(cards=...)`); below, d is the ruin's day rank and the copy is its id mod 5.
""", numbers=(
        Number("ruins a player may flip per round", "0 or 1", True),
        Number("night side of copies 0, 1, 2", _night(0), False),
        Number("night side of copy 3", _night(3), False),
        Number("night side of copy 4", _night(4), False),
    ), teaches=("step:night_flip", "action:flip", "action:no_flip"), part=ROUND),

    # ----- The turn ---------------------------------------------------------------------------------
    Entry("Player Turns", """
A trick begins with a lead and goes round clockwise among the players who still hold ruins.

- **Lead:** a single ruin, or two or more ruins that share one rank once this turn's upgrades are on
  them. The leader may not pass.
- **Follow:** exactly as many ruins as the last play, all of one rank, equal to or above its rank; or
  `pass`. A pass is not final: if the turn comes back before the trick ends, that player may follow.
- **End of a trick:** once all the others still holding ruins have passed one after another (a skip counts
  as a pass), the trick's ruins are shuffled back into the ruin deck and the maker of the last play leads
  again; if that player has gone out, the nearest player clockwise with ruins leads.
- **In the engine** a play is built a ruin at a time (`pick`): only ruins that can still end in a legal
  play, with discoveries you can pay for, are offered. A lead ends with `done`; a follow moves on by itself
  when it has enough ruins, and `pass` stays offered until then (the chosen ruins go back to the hand).
  Claims, discoveries and the confirmation (`play`) come next (*Upgrading Ruins*).
- Sets have no size limit and ranks no ceiling.
""", numbers=(
        Number("ruins in a lead", "1, or a set of 2 or more", True),
        Number("ruins in a follow", "as many as the last play", True),
        Number("rank of a follow", "equal to or higher than the last play's", True),
    ), teaches=("step:lead", "step:follow", "action:pick", "action:done", "action:pass"), part=TURN),
    Entry("Skipping an Opponent's Turn", """
A follow whose rank equals the rank it answers (not higher) costs the next player still holding ruins
their turn: they pass at once even if they could follow. The engine gives them no decision and says
"*X* is skipped" in the events. The forced pass counts toward the passes in a row that end the trick. A
lead never skips anyone. If the skipped player tries to act, the refusal names this section.
""", numbers=(
        Number("players skipped", "1: the next one with ruins", True),
    ), teaches=("step:follow", "action:pass"), part=TURN),

    # ----- Actions: upgrading ruins -----------------------------------------------------------------
    Entry("Upgrading Ruins", """
Each time you play ruins you may upgrade any of them, but only those you are playing now, never the ruins
left in your hand. The engine takes the upgrades after the ruins are chosen and before the play is
confirmed: first claims (step `claim`, left out when you have no claim card left or every chosen ruin is
already claimed), then discoveries (step `discover`), which ends with `play`. Upgrades stay on the ruin
for good (*Crafting Cards*). The ruins are played face up, so from the claims on every player's view
shows them (while they are being chosen, only their player sees them). Trying to claim, buy or confirm
before choosing the ruins, or to upgrade a ruin that is not in your play, is refused naming this section.
""", teaches=("step:claim", "step:discover", "action:play"), part=ACTIONS),
    Entry("Upgrading Ruins: A. Add Claim", f"""
Each player has {_D.claims} claim cards for the whole game; a used claim never comes back.

- A claim goes on a ruin of your current play that carries no claim yet; you may use both in one turn, on
  different ruins. `done` ends the claims.
- From the next deal on, whenever an opponent is dealt a ruin with your claim, it moves to your hand and
  they get no replacement (*Setup*). If you are dealt it yourself, you keep it.
- In the showdown, the claims of players who sit it out are ignored at its deal (*Game End*).
- So that no hand can be given away whole, a game's `hand_size` must exceed `claims` times the number of
  opponents (`new_game` refuses other combinations).
""", numbers=(
        Number("claim cards per player", _opt("claims"), True),
        Number("claims on one ruin", "at most 1", True),
    ), teaches=("step:claim", "action:claim", "action:done", "action:deal"), part=ACTIONS),
    Entry("Upgrading Ruins: B. Add Discoveries", f"""
The market holds up to {MARKET_SIZE} face-up discoveries in slots 1 to {MARKET_SIZE}; slot 1 is next to the
discovery deck and costs the most (the slot costs are ASSUMED).

- In step `discover`, buying a discovery puts out as many of your lit torches as its slot costs; it goes at
  once onto a ruin of your play, in the discovery's own position (top, middle or bottom). You may buy several
  in a turn while the play can still be made legal (*Clarifications & Tips*); `play` confirms.
- When the play is confirmed, the cards left in the market slide away from the deck to close the gaps;
  after any forced draws the empty slots are refilled from the discovery deck, nearest to the existing
  cards first (step `refill`, one `reveal` per card). With the discovery deck empty, the gaps stay
  (ASSUMED).
- All torches are relit at every deal; during a round only "light" effects relight them, never past the
  game's number of torches.
""", numbers=(
        Number("market slots", str(MARKET_SIZE), True),
        Number("cost of slots 1-4, in lit torches", _opt("market_costs", _COSTS), False),
        Number("lit torches at most", _opt("torches"), True),
        Number("discovery deck after set-up", f"{DISCOVERY_COUNT - MARKET_SIZE} (derived)", True),
    ), teaches=("step:discover", "action:discover", "action:play", "step:refill", "action:reveal"), part=ACTIONS),
    Entry("Crafting Cards", """
Claims and discoveries are sleeved onto a ruin for good: it keeps them wherever it goes (a hand, the trick,
the deck, another player's hand).

- A ruin holds at most 1 claim and 3 discoveries, one per position (top, middle, bottom). Nothing is ever
  removed or covered, so a taken position is closed (refused naming this section).
- A ruin's rank is its printed rank (day or night side) plus every "+rank" it carries; they stack, with
  no ceiling.
- The four effects the engine knows (the rulebook's *Discovery Effects*): "+k rank" (always applies),
  "wild rank" (in a set it takes the set's rank), "each opponent draws k" and "light k torches" (each time
  the ruin is played, including the play that adds them).
- Every effect works at once: a "light" effect as soon as the ruins are chosen or the discovery is added
  (the torches can pay for this turn's discoveries), the draws when the play is confirmed.
- The rulebook's text does not list the discovery cards: the engine's deck is ASSUMED (replaceable,
  `new_game(cards=...)`).
""", numbers=(
        Number("claims on one ruin", "at most 1", True),
        Number("discoveries on one ruin", "at most 3, one per position", True),
        Number("top discoveries (13)", _discoveries(0), False),
        Number("middle discoveries (13)", _discoveries(1), False),
        Number("bottom discoveries (13)", _discoveries(2), False),
    ), teaches=("action:discover", "action:claim"), aliases=("Discovery Effects",), part=ACTIONS),

    # ----- Scoring ----------------------------------------------------------------------------------
    Entry("Going Out", f"""
Playing the last ruin of your hand takes you out of the round, and you score at once for your place: first
out, second out, and so on. When a single player still holds ruins, the round ends and that player scores
last place.

- The VP per place come from the scoreboard of the player count; its values are not in the rulebook's text,
  so they are ASSUMED (option `scoreboard`).
- The score track runs from 0 to {MAX_VP} (the rulebook's *The Score Track*): a loss stops at 0, a gain
  stops at {MAX_VP}. A player on {MAX_VP} can only win by going out first (*Game End*).
- The others go on while at least two hold ruins, and may follow the play you went out with; if nobody
  does, the nearest player clockwise who holds ruins leads. You take no more turns this round (acting is
  refused naming this section).
- The score sheet has one row per player and round, "Round k", with the VP change actually applied (0 for
  a player who did not finish because someone won at once). The total does not decide the winner, so the
  sheet has no tie-breaker; its note says so.
""", numbers=(
        Number("VP for 1st, 2nd, ... out", _opt("scoreboard", _SCOREBOARD), False),
        Number("score track", f"0 to {MAX_VP}", True),
    ), teaches=("score:round",), aliases=("The Score Track",), part=SCORING),

    # ----- The end ----------------------------------------------------------------------------------
    Entry("Game End", f"""
The game stops the moment someone wins. Each way of winning names exactly one winner, so no tie-breaker
exists.

- **Instant win:** go out first in a round that you began on {_D.instant_win_vp} VP or more. The others
  do not finish the round.
- **Showdown:** if round {_D.rounds} ends without a winner, every player tied on the most VP plus whoever
  went out first in round {_D.rounds} play one more round, round {_D.rounds + 1}; the rest sit it out, and
  their claims are ignored at its deal. The first player out wins, whatever the VP; nobody scores in it.
- **Alone in the showdown** (ASSUMED reading): when round {_D.rounds}'s first player out is also the only VP
  leader, nobody else qualifies and that player wins at once, without round {_D.rounds + 1}.
- Once the game is over (step `game_over`) every action is refused naming this section, and so is an
  action of a player who sits the showdown out.
""", numbers=(
        Number("VP at the start of a round for an instant win", _opt("instant_win_vp"), True),
        Number("rounds before the showdown", _opt("rounds"), True),
        Number("the showdown", f"round {_D.rounds + 1} (rounds + 1)", True),
        Number("a showdown with one qualifier", "that player wins at once", False),
    ), teaches=("step:game_over", "end:instant_win", "end:showdown", "end:showdown_unopposed"), part=END),

    # ----- Clarifications ---------------------------------------------------------------------------
    Entry("Clarifications & Tips", f"""
The rulebook's clarifications, as the engine applies them:

- Rank changes always apply, and ruins played together must share one rank after this turn's discoveries.
  The engine only offers ruins and discoveries that keep a legal play within reach, and refuses the others
  naming this section.
- A wild ruin played with others takes their rank (its added ranks do not count); played alone it counts
  its printed rank plus its added ranks. A set made only of wild ruins takes the highest of their ranks
  (ASSUMED: the rulebook does not say).
- One ruin may get several discoveries in the same turn (one per position), and both claims may go out in
  one turn on different ruins.
- **Forced draws** (step `draw`): when the play is confirmed, each opponent still holding ruins draws, one
  after another clockwise from the player's left, once for each "each opponent draws 1" among the ruins
  played. If the deck runs short, the draws stop where it ran out. A play that ends the round makes nobody draw.
- A "light 2 torches" effect lights both together; a torch beyond the game's {_D.torches} is lost, so you
  cannot light one, spend it and then light the other.
""", numbers=(
        Number("rank of a set of only wild ruins", "the highest of their ranks", False),
        Number("order of forced draws", "clockwise from the player's left", True),
    ), teaches=("step:draw", "action:draw", "action:discover"), part=TIPS),

    # ----- Playing through the engine ---------------------------------------------------------------
    Entry("The game contract", """
What the engine accepts as a move (the contract all four games of this project keep):

- A legal action is one of `state.legal_actions()`: a decision of the player to move (`state.to_move`) in
  the current step, or, at a chance node (a ruin dealt or drawn, a discovery revealed), one of
  `state.chance_outcomes()`, all equally likely; `state.resolve_chance()` draws one from the game's seed.
- Anything else raises `IllegalAction` with a reason and the section it breaks, and the position is
  unchanged. This section is the one named for an object that is not an Action, a malformed one, or any
  action on a player's view (`state.view(p)` is for display and has no legal actions).
- Choices made at the same time become turns: the night flips are asked from the first player clockwise,
  each hidden from the others until all are made. Choosing out of that order is refused naming this section.
- Big choices are split into small steps (`pick`, `done`, `claim`, `discover`, `play`), each offering a way
  on (`done`, `pass` or `play`), so no decision is a dead end and random play always finishes.
""", teaches=("step:night_flip", "action:no_flip"), part=ENGINE),
])

__all__ = ["RULES"]
