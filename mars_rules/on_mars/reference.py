"""The rules reference of On Mars, teaching edition (``RULES``): one entry per section the engine names.

Every refusal (``IllegalAction.rule``), turn step (``TURN_STEPS[*].rule``), score row and the end name a
section of the rulebook's summary; ``RULES.entry(rule)`` finds its entry (exactly, by an alias, or by the
longest entry name the rule starts with: "End of the Game (Ships)" finds "End of the Game"). Each entry
says, in this project's words, what the engine does, with the numbers it uses (ASSUMED where the summary
prints none, with the rule option that changes it) and the coverage items whose notebook cells teach it.
The summary has no set-up and almost no numbers, so most values here are the teaching edition's own
(data.py). ``docs/rules/on_mars.md`` is ``RULES.markdown(...)`` (``python tools/make_rules_reference.py
on_mars``).

>>> RULES.entry("End of the Game (Progress cubes)").section
'End of the Game'
>>> RULES.entry("Welcome a Ship").section
'Colony Main Actions'
>>> [n.value for n in RULES.entry("Executive Actions").numbers][:1]
['1 Crystal (option `depot_action_cost`)']
>>> [e.part for e in RULES][:2]
['Setup', 'The round']
"""
from __future__ import annotations

from mars_rules.core.reference import Entry, Number, RulesReference

SETUP, ROUND, ACTIONS, COLONY, END, ENGINE = (
    "Setup", "The round", "Actions", "The colony", "The end and scoring", "Playing through the engine")

RULES = RulesReference("On Mars", [
    # ----- Setup --------------------------------------------------------------------------------------
    Entry("Setup (ASSUMED, not in the rulebook)", """
The summary describes no set-up, so everything `new_game(players, seed)` lays out is this edition's model:

- **Mars**: a hex map of radius 4 (61 hexes, axial coordinates, (0, 0) in the middle). A Mine stands in
  the middle with one Generator, Water Extractor, Greenhouse and Oxygen Condenser 2 hexes from it; each
  seat has a Shelter 3 hexes out, carrying its first Bot and its Rover. 10 Crystals lie on the map and a
  Research tile near each of 4 edges.
- **Each player** (Orange, Blue, Green, Purple): 1 of each Resource, 1 Crystal, 4 Colonists in the
  Living Quarters and 8 in reserve, 5 Ships covering the top Depot spaces, a Shelter Tech tile in the
  middle Lab row, column 2. Everyone starts in Orbit.
- **Chance** (`reveal`, one draw each): which seat takes Orbit Turn Order space 1, 2, ...; the 3
  Missions; 3 secret Private Goals per player; the displays (4 Blueprints, Level 1 only while the
  Colony is at level 1; 2 Scientists; 2 Earth Contracts).
- **Shared**: the Tech Grid (2 tiles of each of 8 types), the Warehouse, the LSS markers on 1, the
  Colony at level 1, the Shuttle on the Orbit side 1 space from the middle (so it crosses in round 1).

`new_game(deal=False)` stops before the draws, to show them one at a time.
""", numbers=(
        Number("players", "2 to 4", True),
        Number("map", "radius 4, 61 hexes; 5 starting Buildings and 1 Shelter per player", False),
        Number("Crystals on the map / Research tiles", "10 / 4", False),
        Number("Colonists per player", "12: 4 in the Living Quarters, 8 in reserve", False),
        Number("Bots, Ships, Progress cubes, Advanced Building markers", "4, 5, 5, 8 per player", False),
        Number("starting Storage and Depot", "1 of each Resource, 1 Crystal", False),
        Number("starting Executive actions", "the bottom 3 Depot spaces (Ships on the other 5)", True),
        Number("Missions on the board", "3", True),
        Number("Private Goals per player", "3", True),
        Number("face-up Blueprints / Scientists / Earth Contracts", "4 / 2 / 2", False),
        Number("Tech Grid", "2 tiles of each of 8 types", False),
        Number("Warehouse: Crystals and each Resource",
               "2 each with 2 players / 3 each with 3 players / 3 each with 4 players "
               "(option `warehouse_stock`)", False),
        Number("Crystals in the game", "60", False),
        Number("first turn order", "random, everyone in Orbit", False),
    ), teaches=("step:setup", "action:reveal"), part=SETUP),

    # ----- The round ----------------------------------------------------------------------------------
    Entry("Colonization Phase", """
A round is a Colonization Phase, then a Shuttle Phase. In the Colonization Phase each seat plays one turn,
in the order of the Player markers: Orbit Turn Order spaces 1 to 4, then Colony spaces 1 to 4.

- A turn has exactly one **Main action** (`main`), chosen among the actions of the side you are on.
- Before or after it (never in the middle) you may take one **Executive action** (*Executive Actions*)
  and discard or complete Private Goals (*Missions and Private Goals*).
- `end_turn` lays your marker down; it is refused before the Main action.
- **Reading**: the summary has no pass. A player who can reach no Main action, not even after an
  Executive action or discarding Goals for Crystals, gets `pass_turn` and nothing else.

When every marker is down the Shuttle Phase starts (or, after the final round, the game ends).
""", numbers=(
        Number("Main actions per turn", "exactly 1", True),
        Number("Executive actions per turn", "at most 1, before or after the Main action", True),
        Number("Turn Order spaces", "4 in Orbit, 4 at the Colony", False),
    ), teaches=("step:turn", "step:turn_end", "action:main", "action:end_turn", "action:pass_turn"),
        part=ROUND),
    Entry("Main Board Action Mechanics", """
Taking a Main action puts a Colonist from your Living Quarters on that action's slots; only the actions
of your side (Orbit or Colony) are offered.

- **Full slots**: first every Colonist of the player or players with the most there (you too, if you
  are among them) goes to its owner's Working Area.
- **Paying**: then you owe 1 for each *other colour* still on the slots, however many Colonists it has.
  Each one is paid separately (step "Pay for the slot"): 1 Crystal (`pay_crystal`) or 1 Colonist moved
  from your Living Quarters to your Working Area (`pay_colonist`). The action is refused when your
  Crystals and other Colonists cannot cover it.
- **Boost**: once an action's uses are spent, `boost` moves one more Colonist to your Working Area for
  one more use (the actions say which boost); the Control Center is boosted with Crystals instead.
- `done` finishes an action after its first use (at once if no use is possible).

Colonists in a Working Area come home when their owner travels (*Shuttle Phase*).
""", numbers=(
        Number("slots per action", "2 with 2 players, 3 with 3-4", False),
        Number("slots of Hire a Scientist / Take an Earth Contract", "1 per player", True),
        Number("price per other colour", "1 Crystal or 1 Colonist to the Working Area", True),
        Number("boost", "1 Colonist to the Working Area per extra use", True),
    ), teaches=("step:pay", "action:pay_crystal", "action:pay_colonist", "action:boost", "action:done"),
        part=ROUND),
    Entry("Executive Actions", """
At most one per turn, before or after the Main action, from one of these:

- **Depot** (`depot_action`): each uncovered Depot space (the bottom 3 at the start; welcoming a Ship
  uncovers the next) has an action costing 1 Crystal. From the bottom: 1 Battery, 1 Water, a Colonist
  from the Working Area back home, 1 Plant, 1 Oxygen, 2 Minerals, 1 Colonist from the reserve, 2 Crystals.
- **Your Advanced Building** (`advanced_action`): pay 2 Crystals and gain 2 of what it makes (a Shelter:
  Colonists from the reserve); free while a Scientist works there.
- **Scientists**: `send_scientist` puts a hired Scientist in an Advanced Building of its specialty
  (anyone's, one Scientist per Building) and uses it at once, free; later `scientist_action` uses it
  again for free. The Building's owner then uses it free too.

Gains go through the usual limits: a Depot holds 2 Crystals plus 1 per uncovered Depot space, and what
does not fit is lost.
""", numbers=(
        Number("Depot action cost", "1 Crystal (option `depot_action_cost`)", False),
        Number("Depot spaces", "8, the bottom 3 uncovered at the start", False),
        Number("Depot actions, bottom to top", "1 Battery, 1 Water, retrieve 1 Colonist, 1 Plant, 1 Oxygen, "
               "2 Minerals, 1 Colonist, 2 Crystals", False),
        Number("using your own Advanced Building", "2 Crystals (option `own_advanced_cost`)", True),
        Number("an Advanced Building's Executive action gives", "2 of its output", False),
        Number("Crystals a Depot holds", "2 (option `crystal_cap_base`) + 1 per uncovered space", False),
    ), teaches=("action:depot_action", "action:advanced_action", "action:scientist_action",
                "action:send_scientist"), part=ROUND),
    Entry("Shuttle Phase", """
The Shuttle moves one space toward the middle. Reaching it, the Shuttle crosses to the other side and
stops on the Travel space the Colony level sets. Then each seat, in Turn Order, may travel (`travel`) or
`stay`:

- **Free** for the players on the side the Shuttle left this phase; anyone else pays 1 Ship from the
  Hangar. A player with neither choice is skipped.
- **To the Colony**: a Discovery tile is drawn and placed face up (`place_discovery`) on a hex exactly 3
  from your Rover with no Building (replacing a tile there; `discard_discovery` when no hex fits). Then
  your Colonists on the Colony slots and in the Working Area come home.
- **To Orbit**: production first. Each of your Advanced Buildings makes 1 of its output (a Shelter: 1
  Crystal, a Mine: 1 Mineral), and each of your Miners 1 Mineral. Then your Colonists on the Orbit
  slots and in the Working Area come home.
- Last, `take_space`: an empty Turn Order space of the new side with its bonus (space 1: 1 Crystal;
  space 2: 1 Resource of your choice). Players who stay keep their space.

**Reading**: Colonists left on the other side's slots wait there until you travel back. At the end of
the round the Warehouse is restocked (Crystals from the supply).
""", numbers=(
        Number("Travel space by Colony level", "1, 1, 2, 2, 3 at levels 1 to 5 (option `travel_space`)", False),
        Number("Shuttle at the start", "Orbit side, 1 space from the middle", False),
        Number("travel price off the Shuttle's side", "1 Ship from the Hangar", True),
        Number("Discovery tile distance", "exactly 3 hexes from your Rover", True),
        Number("production", "1 per Advanced Building, 1 Mineral per Miner", False),
        Number("Turn Order bonuses, spaces 1-4", "1 Crystal, 1 Resource of choice, none, none", False),
    ), teaches=("step:shuttle", "step:discovery", "step:turn_order", "action:travel", "action:stay",
                "action:place_discovery", "action:discard_discovery", "action:take_space"), part=ROUND),

    # ----- Actions ------------------------------------------------------------------------------------
    Entry("Orbital Station Main Actions", """
The five Main actions of Orbit (a refusal names this section when one is impossible now):

- **Landing Pod**: travel to the Colony as in the Shuttle Phase, but with no Discovery tile.
- **Obtain Blueprint** (`take_blueprint`): take a face-up Blueprint, gain the 1 item it shows and put an
  Advanced Building marker on it (8 markers, so 8 Blueprints at most). A draw refills the display.
  Boost: one more Blueprint.
- **Learn New Technology** (`learn_tech`): a Tech tile from the Grid into column 1 of a Lab row whose
  column 1 is empty; the bottom row is free, the middle costs 1 Battery, the top 1 Battery and 1
  Resource you name. One tile of each type. Boost: a second tile, no more.
- **Research and Development** (`develop`): move one tile right twice or two tiles once, paying the
  destination column's price. The Colony level caps the column. Boost: one more tile, one not yet
  moved in this action.
- **Resupply** (`take_item`): 1 Crystal or 1 Resource from the Warehouse. Boost: one more item.

Each Lab space entered gives its row's benefit: none at the bottom, a Resource of your choice in the
middle (step "Choose a Resource"), 1 Crystal at the top. Learning and developing contribute to a
"tech" Mission. A Storage holds at most 4 of each Resource; extra is lost.
""", numbers=(
        Number("Learn: row prices", "bottom free, middle 1 Battery, top 1 Battery + 1 Resource", True),
        Number("Tech tiles of one type per player", "1", True),
        Number("R&D moves", "1 tile twice or 2 tiles once", True),
        Number("R&D prices, columns 2 / 3 / 4",
               "1 Battery / 1 Battery + 1 Mineral / 2 Batteries + 1 Mineral (option `lab_column_cost`)", False),
        Number("furthest Lab column by Colony level", "2, 3, 4, 4, 4 at levels 1 to 5 (option `lab_column_limit`)",
               False),
        Number("Lab row benefits, bottom / middle / top", "none / 1 Resource of choice / 1 Crystal", False),
        Number("most of each Resource in a Storage", "4 (option `resource_cap`)", False),
        Number("Advanced Building markers", "8", False),
    ), teaches=("step:blueprint", "step:learn", "step:rnd", "step:resupply", "step:resource",
                "action:take_blueprint", "action:learn_tech", "action:develop", "action:take_item",
                "action:take_resource", "action:skip_resource"), part=ACTIONS),
    Entry("Colony Main Actions", """
The five Main actions at the Colony. A **Building Zone** is a Bot's hex and its neighbours.

- **Control Center**: each Bot has 2 moves and the Rover 2 plus its Rover Tech level, one hex per
  `move_bot`/`move_rover`; `spend_crystal` adds 1 move to a piece. The Rover picks up each Crystal it
  enters (if the Depot has room). On `done` the Rover claims the tile it stands on, then each Bot clears
  its hex: a Crystal back to the supply, a tile destroyed. Pieces may share hexes and pass Buildings.
- **Construct a Building** (`choose_building`, then `construct`): on an empty hex of a Building Zone,
  either 2 hexes from a Building of that type, or next to one: that forms a Complex and needs your Tech
  of that type at a level of at least the Complex size. Gain the Building's output times the Complex
  size (1 standing alone). The first Complex of each type moves a Progress cube up; an LSS Building
  raises its LSS track. A Mine costs a Colonist as its Miner.
- **Upgrade a Building** (`upgrade`): an unused Blueprint on a matching, not yet upgraded Building in a
  Building Zone, for 1 Mineral; a Level 3 Blueprint needs a Complex of 3 or more. Upgrades per action:
  1 plus your Upgrade Tech level.
- **Welcome a Ship** (`welcome_ship`): 1 Plant and 1 Water move a Ship from the Depot to the Hangar;
  gain 2 Colonists, or 1 Colonist and a Bot on a Shelter without a Bot. The Colony level caps the
  Hangar. Boost: one more Ship.
- **Hire a Scientist or Take an Earth Contract**: one card from a display, which a draw refills;
  Scientists only up to Colony level 2. No second Colonist of yours on these slots.
""", numbers=(
        Number("movement", "Bots 2 each, Rover 2 + Rover Tech level, +1 per Crystal spent", True),
        Number("Building costs (one step down the Overview's chain)",
               "Mine a Colonist, Generator 1 Mineral, Water Extractor 1 Battery, Greenhouse 1 Water, Oxygen "
               "Condenser 1 Plant, Shelter 1 Oxygen (option `building_cost`)", False),
        Number("output of each Building", "Mine Mineral, Generator Battery, Water Extractor Water, "
               "Greenhouse Plant, Oxygen Condenser Oxygen, Shelter Colonists", False),
        Number("Research tile reward", "2 Crystals + 1 Mineral", False),
        Number("upgrade price", "1 Mineral", True),
        Number("Ship price", "1 Plant + 1 Water", True),
        Number("Ships a Hangar holds, Colony levels 1-5", "2, 3, 4, 5, 5 (option `ship_limit`)", False),
        Number("Scientists can be hired", "2 (up to that Colony level; option `hire_scientists_until`)", False),
    ), teaches=("step:control", "step:construct", "step:construct_hex", "step:upgrade", "step:welcome",
                "step:hire", "action:move_rover", "action:move_bot", "action:spend_crystal",
                "action:choose_building", "action:construct", "action:upgrade", "action:welcome_ship",
                "action:hire_scientist", "action:take_contract"), aliases=("Welcome a Ship",), part=ACTIONS),

    # ----- The colony ---------------------------------------------------------------------------------
    Entry("Life Support System (LSS) and Colony Level", """
Four LSS tracks (Generator, Water Extractor, Greenhouse, Oxygen Condenser) start at 1. Each LSS Building
constructed moves its track up 1, to 12 at most; reaching step 3, 5, 7, 9 or 11 gives the builder 1
Crystal (the LSS Reward).

The Colony rises from level 1 when all four tracks reach 3, then at 5, 7 and 9 (level 5 is the top). At
every rise each player scores 1 OP per own Progress cube (the score row *Colony level-ups*). A higher
level also allows bigger Hangars, further Lab columns and Level 3 Blueprints (from level 2), ends Scientist
hiring (after level 2), moves the Shuttle's Travel space out, and brings the end closer: levels 3 and 4
each move the Remaining Missions marker 1 step, level 5 moves it to the end.
""", numbers=(
        Number("LSS tracks", "4, from 1 to 12", False),
        Number("LSS Reward", "1 Crystal at steps 3, 5, 7, 9, 11", False),
        Number("all four tracks needed to rise from levels 1-4", "3, 5, 7, 9 (option `level_up_at`)", False),
        Number("OP at each level-up", "1 per Progress cube (option `level_up_op_per_cube`)", False),
        Number("Remaining Missions steps on reaching levels 2 / 3 / 4 / 5",
               "0, 1, 1, 0 (option `level_up_missions`), and level 5 moves it to the end (`end_level`)", False),
        Number("Level 3 Blueprints enter the display from Colony level",
               "2 (option `level_3_blueprints_from`)", False),
    ), teaches=("score:colony_level_ups",), part=COLONY),
    Entry("Missions and Private Goals", """
**Missions**: 3 Mission cards are on the board, each asking for a kind of contribution (constructing a
given Building, upgrading, welcoming Ships, learning or developing Tech, claiming tiles) and a number of
them. Each contribution gives its player 1 Crystal. A Mission reaching its target leaves the board (no
new one comes) and the Remaining Missions marker moves 1 step; 3 steps trigger the end (*End of the Game*).

**Private Goals**: each player holds 3 secret ones. During your turn, outside a Main action:

- `discard_goal`: give one up unseen for 1 Crystal, as many as you like;
- `complete_goal`: complete one whose condition you meet now (one per game); its OP count at the end
  (the score row *Private Goal*).
""", numbers=(
        Number("Crystals per contribution", "1 (option `mission_crystals`)", False),
        Number("Mission targets", "2 to 4 by card", False),
        Number("added to every Mission's target", "0 (option `mission_target_change`), never below 1", False),
        Number("Missions met to end the game", "3 (option `missions_to_end`)", True),
        Number("Private Goals completed", "at most 1", True),
        Number("a discarded Private Goal", "1 Crystal", True),
        Number("a Private Goal's OP", "4 to 6 by card", False),
    ), teaches=("action:discard_goal", "action:complete_goal", "score:private_goal", "end:missions"),
        part=COLONY),

    # ----- The end and scoring ------------------------------------------------------------------------
    Entry("End of the Game", """
**The end.** When the Remaining Missions marker reaches the end of its track (Missions met, Colony
levels), the current round finishes, Shuttle Phase included, and one final round follows without a
Shuttle Phase. A safeguard that is no rule of the game: if nothing has triggered the end by the end of
round 10, the next round is the final one. After it, every Colonist comes home, the game is over and
every action is refused under this section.

**Score** (`state.score()`; mid-game it is provisional and counts Colonists on slots and in Working Areas
as home):

- *Living Quarters*: OP by the number of Colonists there: 0, 0, 3, 3, 6, 6, 10, 10, 15, 15, 21 for 0 to
  10 or more;
- *Progress cubes*: 1, 2, 4, 7, 11 OP for 1 to 5; *Ships*: 3 OP each in the Hangar;
- *Tech tiles*: 1, 2, 4, 6 OP by Lab column;
- *Advanced Buildings / Blueprints*: +3 or +5 per used Level 1 or Level 3 Blueprint, -3 or -5 unused;
- *Scientists*: 3 OP per Advanced Building of the Scientist's type on Mars, whoever owns it;
- *Earth Contracts*: a Delivery one is met when your Storage holds what it lists, an Upgrade one when
  you own an Advanced Building of its type; +9/-4 and +12/-6;
- *Colony level-ups* and *Private Goal*: see their sections.

The most OP wins; ties go to the most Crystals, then the most Advanced Buildings of one's own, then the
most Progress cubes, and past those the win is shared. The sheet's last line names the tie-breaker used.
""", numbers=(
        Number("Remaining Missions track", "3 steps (option `missions_to_end`)", True),
        Number("final round", "1, without a Shuttle Phase", True),
        Number("round of the safeguard", "10 (option `round_limit`)", False),
        Number("Colony level that moves the Remaining Missions marker to the end", "5 (option `end_level`)", False),
        Number("Living Quarters OP, 0-12 Colonists",
               "0, 0, 3, 3, 6, 6, 10, 10, 15, 15, 21, 21, 21 (option `lq_op`)", False),
        Number("Progress cubes OP, 0-5 cubes", "0, 1, 2, 4, 7, 11 (option `progress_op`)", True),
        Number("OP per Ship", "3 (option `ship_op`)", True),
        Number("Tech tile OP, columns 1-4", "1, 2, 4, 6 (option `lab_column_op`)", False),
        Number("Blueprint OP, Level 1 / Level 3", "+3 / +5 used, -3 / -5 unused", True),
        Number("Scientist OP", "3 per Advanced Building of its type", True),
        Number("Earth Contract OP, Delivery / Upgrade", "+9 or -4 / +12 or -6", False),
        Number("tie-breakers", "Crystals, Advanced Buildings, Progress cubes, then shared", True),
    ), teaches=("step:final_round", "step:game_over", "end:missions", "end:round_limit",
                "score:living_quarters", "score:progress_cubes", "score:ships", "score:tech_tiles",
                "score:advanced_buildings_blueprints", "score:scientists", "score:earth_contracts",
                "score:tiebreak_crystals", "score:tiebreak_advanced_buildings", "score:tiebreak_progress_cubes",
                "score:tiebreak_shared"), part=END),

    # ----- The game contract --------------------------------------------------------------------------
    Entry("The game contract", """
A legal action is one of `state.legal_actions()`: an `Action` of a kind the package docstring lists, for
the seat to move, with the parameters offered. Anything else (not an Action at all, an old Action, one of
another seat, a made-up kind) raises `IllegalAction` and leaves the position as it was; the refusal names
this section, or the section of the step in progress. At a chance draw (`to_move` is `CHANCE`) nobody
decides: apply one of `chance_outcomes()` or call `resolve_chance()`. Every decision offers at least one
action: `done`, `stay`, `skip_resource`, `discard_discovery` or `pass_turn` when nothing else fits.
""", teaches=("action:reveal",), part=ENGINE),
])
"""The rules reference: ``RULES.entry(state_or_error.rule)``, ``RULES.markdown(links)``."""

__all__ = ["RULES"]
