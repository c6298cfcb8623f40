"""The rules reference of Ruins of Mars (``RULES``): one entry per rulebook section the engine names.

Every refusal (``IllegalAction.rule``), turn step (``TURN_STEPS[*].rule``), score row and the end name a
section; ``RULES.entry(rule)`` finds its entry (exactly, by an alias, or by the longest entry name the
rule starts with: "Character Abilities: Doctor" finds "Character Abilities"). Each entry says, in this
project's words, what the engine does, with the numbers it uses (ASSUMED where the rulebook prints none,
and the rule option that changes it) and the coverage items whose notebook cells teach it.
``docs/rules/ruins_of_mars.md`` is ``RULES.markdown(...)`` (``python tools/make_rules_reference.py
ruins_of_mars``).

>>> RULES.entry("Character Abilities: Doctor").section
'Character Abilities'
>>> [n.value for n in RULES.entry("Step 2: Transfer 1 Action Tile").numbers][:1]
['2 (option `transfer_cost`)']
>>> sorted({e.part for e in RULES})[:3]
['Abilities', 'Actions', 'Scoring']
"""
from __future__ import annotations

from mars_rules.core.reference import Entry, Number, RulesReference

SETUP, TURN, ACTIONS, ABILITIES, SOLO, SCORING, END = (
    "Setup", "The turn", "Actions", "Abilities", "Solo Variant", "Scoring", "The end")

RULES = RulesReference("Ruins of Mars", [
    # ----- Setup --------------------------------------------------------------------------------------
    Entry("Setup", """
What `new_game(players, seed)` lays out before the first decision:

- **Planet**: the 5 Sites in a row, Wasteland (Site 1), Laboratory, Workshop, Dormitory, Infirmary (Site 5).
  The 11 Action tiles are shuffled: 2 go under every Site and the last one becomes a third tile under the
  Wasteland (columns of 3, 2, 2, 2, 2). The icons on each tile are this project's invention.
- **Tech display**: the Tech cards form 3 decks by Level; the top 4 of each deck lie face up in a column
  beside the Oxygen cost track (*Step 6: Paying for Tech*). The cards themselves are an illustrative set.
- **Players**: every resource track at 0, every Language marker on space 0 of the 5 tracks, an empty 3 x 3
  Tech board, no Radiation, and a few Hourglasses (the rulebook never gives the number).
- **First player**: the rulebook mentions the player "who took the Rover" but never hands it out, so a
  chance node picks the first player at random (or pass `first_player=` to choose).
- **Solo**: the seats are you and the AI (seat 1); you always start. The AI gets no Character and no
  Hourglass; one random face-down AI Tech of the right Level lies on each of its 9 slots, the others
  stay out of the game unseen.
""", numbers=(
        Number("Sites", "5 in a row; Wasteland first, Infirmary last", True),
        Number("order of the three middle Sites", "Laboratory, Workshop, Dormitory", False),
        Number("Action tiles", "11: 2 per Site, the 11th under the Wasteland", True),
        Number("icons of each Action tile", "RR, OO, GG, BB, SS, RW, OW, GW, BW, SX, WX (`tiles=`)", False),
        Number("Tech cards", "48, 16 per Level, 4 face up per Level", True),
        Number("the Techs' costs and rewards", "an illustrative set (`cards=`)", False),
        Number("Hourglasses of each human player", "2 (option `hourglass`)", False),
        Number("first player", "random (`first_player=` chooses)", False),
        Number("AI Techs", "12, one face down on each of the 9 slots", True),
        Number("AI Techs per Level", "4", False),
    ), teaches=("step:first_player", "action:first_player"), part=SETUP),
    Entry("Setup: Choose Characters", """
After the first player is known, each human player in turn order, starting with the first, takes a
Character. With `characters="choose"` (the default) it is a decision among the Characters nobody holds
yet; with `characters="deal"` a chance node deals one. No two players share a Character (the engine's
reading). The base game offers 5 (Doctor, Miner, Trader, Professor, Stowaway); the option `kickstarter`
adds the Engineer and the Savant. The solo AI never gets one. Choosing a Character that is taken, unknown,
or a Kickstarter one without the option is refused here. What each Character does: *Character Abilities*.
""", numbers=(
        Number("Characters", "5, or 7 with option `kickstarter`", True),
        Number("each player has a different Character", "yes", False),
    ), teaches=("step:choose_character", "action:choose_character", "action:deal_character"), part=SETUP),

    # ----- The turn -----------------------------------------------------------------------------------
    Entry("Gameplay: players take turns in clockwise order", """
Seats play one after the other (seat 0, 1, 2, ... and round again), starting with the first player; each
turn runs the 8 numbered steps below. `state.to_move` is the seat that decides now (`CHANCE` at a die
roll, a draw or a deal, None once the game is over). An action of any other seat is refused under this
section.

**The game contract.** A legal action is one of `state.legal_actions()`: an `Action` of a known kind
(see the package docstring), from the seat to move, with the parameters offered. Anything else (not an
Action, an unknown kind, malformed parameters, an action from an older position) raises `IllegalAction`
with a reason and a section name, and the position is unchanged. Every decision offers at least one
action; the optional steps offer `skip`.
""", numbers=(
        Number("players", "1 (against the AI) to 4", True),
        Number("numbered steps in a turn", "8", True),
    ), teaches=("action:first_player", "action:pass_rover"), aliases=("The game contract",), part=TURN),
    Entry("Step 1: Place the Rover (note on start-of-turn abilities)", """
Some Techs carry a Free Ability used at the start of the turn. When the player holds one that is unused
and can do something now (gaining a resource or Hourglasses always can; removing Radiation needs some;
moving on a track needs a track that can still move), the turn pauses at this step before the Rover is
placed: use each such ability once (`use_free_ability`), Hourglass abilities too, then `skip` on to
Step 1. Otherwise the turn starts directly at Step 1. The solo AI never stops here.
""", teaches=("step:start_of_turn", "action:use_free_ability"), part=TURN),
    Entry("Step 1: Place the Rover", """
Put the Rover on any of the 5 Sites (`place_rover`); it becomes the Active Site for the rest of the turn.
The Site the previous player used is allowed. Placing it is not optional, and it is placed once per turn.
Each Site has an Action (Discover or Decipher, see Step 5), a Wrench bonus (Step 4) and possibly printed
Radiation icons (Step 3).
""", numbers=(
        Number("Sites to choose from", "5", True),
    ), teaches=("step:place_rover", "action:place_rover"), part=TURN),
    Entry("Step 2: Transfer 1 Action Tile", """
Optional. Pay 2 Hourglasses, or 2 Oxygen (all of one kind, never mixed), to move one tile from a Site
next to the Active Site to the bottom of the Active Site's column (`transfer_tile`). The Site giving the
tile must keep at least 1, so it needs 2 or more. The Sites form a row: the Wasteland and the Infirmary
are not neighbours for a transfer (the engine's reading; option `transfer_wraps` joins them).
One transfer per turn; the Savant may pay for a second (*Character Abilities*). `skip` ends the step,
and Step 3 follows at once.
""", numbers=(
        Number("cost of a transfer", "2 (option `transfer_cost`)", True),
        Number("tiles a Site keeps", "at least 1", True),
        Number("Wasteland and Infirmary adjacent for a transfer", "no (option `transfer_wraps`)", False),
    ), teaches=("step:transfer", "action:transfer_tile"), part=TURN),
    Entry("Step 3: Take Radiation", """
No decision: when Step 2 ends the engine adds 1 Radiation token to the player's board for every
Radiation icon on the Active Site's tiles and printed on the Site itself, and says so in `state.events`.
Which Sites print Radiation is not known; the engine puts 1 icon on the Wasteland only. The supply of
tokens never runs out. Radiation costs PP at the end (*Final Scoring: Radiation*).
""", numbers=(
        Number("Radiation per icon", "1", True),
        Number("Radiation printed on the Sites", "Wasteland 1, others 0 (option `site_radiation`)", False),
        Number("token supplies", "unlimited", False),
    ), teaches=("step:radiation",), part=TURN),
    Entry("Step 4: Use Wrench Bonus", """
Each Wrench icon on the Active Site's tiles allows one use of that Site's bonus (`use_wrench`); `skip`
gives up the uses left, and with no Wrench the step passes by itself. The bonus by Site:

- Wasteland: roll the Wasteland die (a chance node) for Hourglasses: 1 on a 1 or 2, 2 on a 3 or 4,
  3 on a 5 or 6. Each Wrench rolls once (the engine's reading);
- Laboratory: 1 Fuel, Parts, Plans or Oxygen, your choice (the resource cap applies);
- Workshop: 1 space on a Language track of your choice (the mastery limits of Step 5 apply);
- Dormitory: 1 Hourglass;
- Infirmary: remove 1 of your Radiation.

The Trader and Techs with a Wrench ability use the same bonus, at other moments of the turn.
""", numbers=(
        Number("uses", "1 per Wrench icon", True),
        Number("Hourglasses for die faces 1-6", "1, 1, 2, 2, 3, 3 (option `wasteland_hourglass`)", True),
        Number("die rolls per Wrench at the Wasteland", "1", False),
    ), teaches=("step:wrench", "action:use_wrench", "action:wasteland_die"), part=TURN),
    Entry("Step 5: Take the Site's Action", """
Compulsory: take the Active Site's Action once, counting the icons on every tile under it. Discover
gives resources (*Discover Action*). Decipher (`decipher`) moves your marker 1 space on the matching
Language track for every coloured or star icon, tile by tile from the top.

**Mastering a Language** means reaching the last space of a track, the Capstone. A Language has one
master only, and you may master no more Languages than the Level 3 Techs you have completed (so 3 at
most). When you may not master it, your marker stops on the space before the Capstone; movement beyond
what a track allows is lost. These limits hold for every move: Decipher, the Workshop's Wrench, the
Professor, Tech rewards.
""", numbers=(
        Number("Site Actions", "Workshop Discover and Dormitory Decipher", True),
        Number("other Site Actions", "Wasteland and Infirmary Discover, Laboratory Decipher", False),
        Number("Language track", "spaces 0 (start) to 9 (the Capstone)", False),
        Number("masters per Language", "1", True),
        Number("Languages a player may master", "at most their completed Level 3 Techs (3)", True),
    ), teaches=("step:action", "action:discover", "action:decipher"), part=TURN),
    Entry("Step 6: Replicate 1 Tech", """
Optional, and at most one Tech per turn:

- from the display: `replicate(level, space, row)` pays the price (*Step 6: Paying for Tech*) and places
  the card (*Step 6: Placing Tech*). The cards above the gap slide down one space and a chance node
  reveals a new card from that Level's deck into the top space; an empty deck leaves the space empty;
- from a deck: `search_deck(level)` opens it (looking is free), then `take_from_deck(card, row)` takes
  any card you can pay for, or `skip` closes the deck again. Decks keep no order, so the reshuffle is
  implicit.

A One-Time reward is gained as the card is placed. Free Abilities that act after the Action are used in
this step, before a deck is opened. `skip` (or a replicated Tech) moves on to Step 7.
""", numbers=(
        Number("Techs per turn", "at most 1", True),
    ), teaches=("step:replicate", "action:replicate", "action:search_deck", "action:take_from_deck",
                "action:refill_display", "action:skip"), part=TURN),
    Entry("Step 7: Reallocate All Action Tiles", """
No decision: the Active Site's tiles are turned face down and dealt out one at a time in random order
(each draw is a chance node, `draw_tile`; the last tile needs no draw). The first goes back to the Active
Site, the next to the Site on its right, and so on, each at the bottom of its column; after the Infirmary
the deal wraps round to the Wasteland, and with more than 5 tiles it goes round again, the Active Site
included.
""", numbers=(
        Number("direction", "rightwards, wrapping from the Infirmary to the Wasteland", True),
    ), teaches=("step:reallocate", "action:draw_tile"), part=TURN),
    Entry("Step 8: Pass the Rover", """
`pass_rover` ends the turn: the engine checks the end of the game (*End of the Game*) and, unless it is
over, the next seat starts its turn. The Rover stays on its Site until that player places it again.
""", teaches=("step:pass_rover", "action:pass_rover"), part=TURN),

    # ----- Actions --------------------------------------------------------------------------------------
    Entry("Discover Action", """
`discover` gives 1 Fuel, Parts, Plans or Oxygen for every red, orange, green or blue icon under the
Active Site. Then each star icon is one `discover_star` decision: 1 resource of your choice. A player
holds at most 7 of each resource; what would go above is lost at once. The engine applies this cap to
every gain (Wrench bonus, Miner, Tech abilities), not only to Discover.
""", numbers=(
        Number("resource per coloured icon", "1 of the matching resource", True),
        Number("resource per star icon", "1 of your choice", True),
        Number("most of each resource", "7 (option `resource_cap`)", True),
    ), teaches=("action:discover", "action:discover_star"), aliases=("Step 5: Discover Action",), part=ACTIONS),
    Entry("Step 6: Paying for Tech", """
A Tech's price is its resource cost plus Oxygen:

- face up in the display: the Oxygen printed beside its space, +3 on the top space, then +2, +1 and +0
  lower down (only the +3 is printed in the rulebook);
- from a deck: 4 Oxygen plus the cost of the card taken. A deck can be opened only by a player holding
  the 4 Oxygen and able to pay for some card in it.

Prices are paid from the 4 resource tracks only; a refusal says what the card costs and what you hold.
""", numbers=(
        Number("Oxygen added, display top to bottom", "+3, +2, +1, +0 (option `display_oxygen`)", False),
        Number("Oxygen added from a deck", "4 (option `deck_oxygen`)", True),
    ), teaches=("action:replicate", "action:search_deck", "action:take_from_deck"), part=ACTIONS),
    Entry("Step 6: Tech Level and Language Requirements", """
Level 1 Techs need nothing. A Level 2 Tech needs your markers on or past the A space of at least 2
Language tracks; a Level 3 Tech needs that and a marker on or past the B space of at least 1 track (it
may be one of the first two). Lower-Level Techs are never required. The rule holds for the solo AI too.
""", numbers=(
        Number("A space", "space 3 (option `space_a`)", False),
        Number("B space", "space 6 (option `space_b`)", False),
        Number("tracks needed", "Level 2: A on 2; Level 3: A on 2 and B on 1", True),
    ), teaches=("action:decipher", "action:replicate"), part=ACTIONS),
    Entry("Step 6: Placing Tech", """
The Tech board has 3 rows and one column per Level. A new Tech goes into an empty slot of its Level's
column, in the row you choose (`row` 1 to 3), whatever the row holds in the other columns. It never moves
again. A full column means no more Techs of that Level: 3 per Level, 9 in all. Rows matter for scoring
(*Final Scoring: Tech board rows*).
""", numbers=(
        Number("Tech board", "3 rows x 3 Levels", True),
        Number("Techs per Level", "at most 3", True),
    ), teaches=("action:replicate", "action:take_from_deck"), part=ACTIONS),

    # ----- Abilities ------------------------------------------------------------------------------------
    Entry("Using Abilities", """
Hourglass abilities (the Characters' and the Techs marked "Ability") cost 1 Hourglass each. They are
offered at every decision of your own turn, from its start to passing the Rover, including the ability
of a Tech replicated this turn. Each may be used once per turn; the Trader and the Engineer twice. The
engine also counts the Stowaway's use as one ability (once per turn), and abilities that use the Active
Site's Wrench bonus wait until the Rover is placed.
""", numbers=(
        Number("cost of an Hourglass ability", "1 Hourglass", True),
        Number("uses per turn", "1 each (Trader, Engineer: 2)", True),
        Number("Stowaway uses per turn", "1", False),
    ), teaches=("action:character_ability", "action:tech_ability"), part=ABILITIES),
    Entry("Tech Rewards", """
Each Tech gives one kind of reward:

- **One Time**: Hourglasses, or spaces on a named Language track, gained as the card is placed;
- **End Game**: PP at final scoring (*Final Scoring: PP on Tech cards*);
- **Free Ability**: no Hourglass, once per turn at its moment: the start of your turn (before the Rover,
  *Step 1: Place the Rover (note on start-of-turn abilities)*) or after your Site's Action (in Step 6);
- **Ability**: 1 Hourglass, once per turn, whenever you decide on your turn (*Using Abilities*).

An effect gains a resource or Hourglasses, removes Radiation, moves on a track, or uses the Active Site's
Wrench bonus (an Ability only). The default cards are this project's: every Level has all four kinds.
""", numbers=(
        Number("uses of a Free Ability", "once per turn", True),
        Number("the rewards of the cards", "an illustrative set (`cards=`)", False),
    ), teaches=("action:use_free_ability", "action:tech_ability", "action:replicate"), part=ABILITIES),
    Entry("Character Abilities", """
Each costs 1 Hourglass (`character_ability`, or `tech_ability` for the Stowaway and the Engineer):

- **Doctor**: remove 1 Radiation; once per turn.
- **Miner**: take any 2 of Fuel, Parts and Plans (twice the same is allowed); once per turn.
- **Trader**: use the Active Site's Wrench bonus, up to twice per turn, once the Rover is placed.
- **Professor**: also pay 1 resource you hold to move 1 space on your most advanced track that can still
  move (choose among tied ones); once per turn.
- **Stowaway**: use an Hourglass ability of a Tech on another player's board (never a Character's);
  once per turn.
- **Engineer** (option `kickstarter`): use again an ability (Hourglass or Free) of your own Tech already
  used this turn; twice per turn, never the same card twice.
- **Savant** (option `kickstarter`): after a transfer, a second one for 1 Hourglass plus the transfer cost.
""", numbers=(
        Number("cost", "1 Hourglass (Professor: and 1 resource)", True),
        Number("Kickstarter Characters", "off by default (option `kickstarter`)", True),
    ), teaches=("action:character_ability", "action:tech_ability", "action:choose_character"),
        aliases=("Kickstarter Exclusives",), part=ABILITIES),

    # ----- Solo Variant ---------------------------------------------------------------------------------
    Entry("Solo Variant: Extra Tile Reallocation", """
Before each of the AI's turns (never before yours) a chance node rolls the die. Faces 1 to 5 name a Site
counted from the Wasteland (1) to the Infirmary (5), whose tiles are reallocated exactly as in Step 7,
starting at that Site. A 6 reallocates nothing. The face is kept (`state.solo_die`) because it changes
how the AI breaks a tie when placing the Rover.
""", numbers=(
        Number("faces that pick a Site", "1-5 (6: none)", True),
    ), teaches=("step:solo_reallocation", "action:solo_die", "action:draw_tile"), part=SOLO),
    Entry("Solo Variant: AI Turn", """
The AI (seat 1) follows a fixed procedure: each of its decisions has exactly one legal action, whose text
gives the reason, and anything else is refused under this section.

- Rover: the Site with the most tiles; on a tie the rightmost, or the leftmost when the extra die showed 6.
- It never transfers, always uses every Wrench and always takes the Site's Action.
- Whenever it holds Radiation and Hourglasses together it spends Hourglasses to remove Radiation, 1 for 1.
- A free choice of resource: one at a time, the one it has least of (the upper track on a tie: Fuel,
  Parts, Plans, Oxygen). Of track: the highest marker that can move (the left one on a tie: red, orange,
  green, blue, star).
- Replicate: the face-down AI Tech with the highest cost on its back that it can pay and whose Level
  requirement it meets (ties: highest Level, then top row). It pays that cost, turns the card face up
  and gains its reward; the lowest card of that Level's display column leaves the game and the column
  refills.
""", numbers=(
        Number("order of the resource tracks", "Fuel, Parts, Plans, Oxygen (top to bottom)", False),
        Number("order of the Language tracks", "red, orange, green, blue, star (left to right)", False),
        Number("AI Tech costs", "illustrative (`cards=`)", False),
    ), teaches=("action:ai_replicate",), part=SOLO),

    # ----- Scoring --------------------------------------------------------------------------------------
    Entry("Final Scoring: Language tracks", """
On each of the 5 tracks a player scores the highest PP printed on the spaces up to their marker (the
space occupied or any passed). The score sheet (`state.score()`) shows this row at any time, as a
provisional score before the end. The PP of the spaces are this project's values (option `track_pp`).
""", numbers=(
        Number("PP on spaces 0-9", "0, 0, 1, 2, 3, 4, 6, 8, 10, 15 (option `track_pp`)", False),
    ), teaches=("score:language_tracks",), part=SCORING),
    Entry("Final Scoring: Tech board rows", """
Each full row of the Tech board (3 Techs) scores once: 9 PP when the 3 share a Classification (A, B, C
or D), 6 PP when all 3 differ, 3 PP otherwise (a house rule changes them: option `row_bonus`).
Incomplete rows and columns score nothing.
""", numbers=(
        Number("same Classification, three different, any other full row", "9, 6, 3 PP (option `row_bonus`)",
               True),
    ), teaches=("score:tech_rows",), part=SCORING),
    Entry("Final Scoring: PP on Tech cards", """
Each Tech with an End Game reward adds its PP. For the solo AI this row adds the PP of its AI Techs
turned face up; face-down ones count nothing.
""", numbers=(
        Number("PP of the cards", "as printed on each card (illustrative set)", False),
    ), teaches=("score:tech_pp",), part=SCORING),
    Entry("Final Scoring: Radiation", """
Each Radiation token costs 1 PP, or 2 PP for the player or players holding the most (all of them when
tied, even everybody; nobody pays double when the most is 0). The solo AI is counted like a player.
The 2 PP of the most are option `radiation_most`.
""", numbers=(
        Number("PP per token", "-1; -2 for the most (option `radiation_most`)", True),
    ), teaches=("score:radiation",), part=SCORING),
    Entry("Solo Variant: Final Scoring (Tech Rows)", """
The AI scores 10 PP for every row of its board whose 3 AI Techs are all face up, with no Classification
bonus. Its other score rows are counted as for a player: Language tracks, PP on its face-up cards,
Radiation.
""", numbers=(
        Number("PP per complete AI row", "10", True),
    ), teaches=("score:tech_rows", "score:tiebreak_solo_ai"), part=SCORING),

    # ----- The end --------------------------------------------------------------------------------------
    Entry("End of the Game", """
When a player passes the Rover the engine checks two triggers:

- that player now has 9 Techs face up on their board (for the solo AI: revealed AI Techs), or
- 4 Languages are mastered, counting every player.

Then each other player plays one last turn, in seat order, and the game ends; a second trigger changes
nothing. Once the game is over every action is refused under this section. Both numbers are options
(`end_techs`, `end_languages`).
""", numbers=(
        Number("Techs that trigger the end", "9, a full board (option `end_techs`)", True),
        Number("mastered Languages that trigger the end", "4, counting every player (option `end_languages`)", True),
        Number("final turns", "1 for each other player", True),
    ), teaches=("end:ninth_tech", "end:four_languages"), part=END),
    Entry("End of the Game / Final Scoring", """
The last step: nobody moves and `state.score()` is final. Totals add the Language tracks, the Tech board
rows, the PP on Tech cards and the Radiation penalty. The most PP wins; on a tie the tied player with
less Radiation wins, then the one with more Language PP; a tie past both is a shared win (not covered
by the rulebook). Solo: you win only with more PP than the AI, so a tie goes to the AI. The score sheet's
last line names the tie-breaker that decided.
""", numbers=(
        Number("tie-breakers", "least Radiation, then most Language PP", True),
        Number("a tie past both", "shared win", False),
        Number("solo: you need", "more PP than the AI", True),
    ), teaches=("step:game_over", "score:tiebreak_radiation", "score:tiebreak_language_pp",
                "score:tiebreak_solo_ai"), part=END),
])
"""The rules reference: ``RULES.entry(state_or_error.rule)``, ``RULES.markdown(links)``."""

__all__ = ["RULES"]
