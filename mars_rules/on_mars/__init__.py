"""On Mars, teaching edition: the rules engine (2-4 players).

The rulebook text of On Mars is a summary of a large game. This package implements every rule the
text states and fills the rest with a small, coherent model whose numbers all live in `data.py`,
marked ASSUMED (the map, costs, card lists, capacities, the Colony level table, ...). One ASSUMED
safeguard is not a rule of the game: if the end is not triggered by the end of round `round_limit`
(10), it is triggered then: round 11 is the final round (no Shuttle Phase) and the game ends after it.
The ASSUMED Mission targets are chosen so that sensible play (the policy `mission_seeker`) ends most
games by the rule itself, the Missions (benchmarks/bench_policies.py prints the shares).

>>> import mars_rules
>>> game = mars_rules.load("on_mars")
>>> s = game.new_game(players=2, seed=7)
>>> s.step, s.players
('turn', ('Orange', 'Blue'))
>>> sorted({a.kind for a in s.legal_actions()})[:2]
['depot_action', 'discard_goal']

What the teaching edition assumes (all in data.py, marked ASSUMED): a radius-4 hex map with a
Mine in the centre, one LSS Building of each type 2 hexes away and a Shelter per player; Building
costs one step down the dependency chain; 2-3 slots per action; Turn Order bonuses; Lab rows,
column costs, benefits and end-game OP; Depot Executive actions (1 Crystal each); storage limits;
LSS steps of the Colony levels and what each level changes; Mission, Private Goal, Blueprint,
Scientist, Earth Contract and Discovery tile lists; where the Shuttle starts; the round limit.
Readings of the summary: Colonists left on the slots of a side are retrieved when their owner
travels back to that side; Miners stay on their Mines; Bots and Rovers may share hexes and cross
Buildings; a Rover claims the tile it ends on before Bots clean; a player who cannot reach any Main
action (even through the Executive action or discarded goals) passes.

Rule options (`OPTIONS`, mars_rules/on_mars/options.py): the rule values a teacher may vary, game by game,
as keywords of `new_game(players, seed, **options)` (an unknown name or a value out of range is a
ValueError naming the option). The State carries them (`state.options`, read by every rule, check and
score, never the data.py constant that holds the default), a position's JSON carries those that differ
from the default ("options"), and the score sheet names the variant in play. An ASSUMED default is the
teaching edition's illustrative value. Lists are given as lists (or tuples) shaped like the default; a
cost table has one row per Building type (Mine, Generator, Water Extractor, Greenhouse, Oxygen Condenser,
Shelter) or per destination Lab column (2, 3, 4), each row the number of Battery, Water, Plant, Oxygen,
Mineral; `warehouse_stock` one row per player count (2, 3, 4), each the number of Crystal, Battery, Water,
Plant, Oxygen, Mineral the Warehouse is restocked to; `travel_space` the Shuttle's Travel space and
`lab_column_limit` the furthest Lab column of R&D at Colony level 1 to 5.

| option | default | allowed | source | rulebook section |
|---|---|---|---|---|
| `round_limit` | 10 | 1..30 | ASSUMED (safeguard) | End of the Game |
| `missions_to_end` | 3 | 1..6 | printed | End of the Game |
| `mission_target_change` | 0 | -3..3 (a Mission's target never below 1) | ASSUMED | Missions and Private Goals |
| `mission_crystals` | 1 | 0..5 | ASSUMED | Missions and Private Goals |
| `level_up_at` | [3, 5, 7, 9] | each 2..12 | ASSUMED | Life Support System (LSS) and Colony Level |
| `ship_limit` | [2, 3, 4, 5, 5] | each 0..5, never falling | ASSUMED | Welcome a Ship |
| `warehouse_stock` | [[2, 2, 2, 2, 2, 2], [3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 3, 3]] | each 0..5 | ASSUMED | Orbital Station Main Actions (Resupply) |
| `travel_space` | [1, 1, 2, 2, 3] | each 1..3, never nearer | ASSUMED | Shuttle Phase |
| `lab_column_limit` | [2, 3, 4, 4, 4] | each 2..4, never falling | ASSUMED | Orbital Station Main Actions (R&D) |
| `level_3_blueprints_from` | 2 | 1..5 | ASSUMED | Life Support System (LSS) and Colony Level |
| `hire_scientists_until` | 2 | 1..5 | ASSUMED | Colony Main Actions (Scientists are hired early) |
| `resource_cap` | 4 | 1..9 | ASSUMED | Orbital Station Main Actions (Resupply) |
| `building_cost` | [[0, 0, 0, 0, 0], [0, 0, 0, 0, 1], [1, 0, 0, 0, 0], [0, 1, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 1, 0]] | each 0..3 | ASSUMED | Construct a Building |
| `lab_column_cost` | [[1, 0, 0, 0, 0], [1, 0, 0, 0, 1], [2, 0, 0, 0, 1]] | each 0..3 | ASSUMED | Research and Development |
| `crystal_cap_base` | 2 | 0..10 | ASSUMED | Executive Actions (the Depot) |
| `depot_action_cost` | 1 | 0..5 | ASSUMED | Executive Actions |
| `own_advanced_cost` | 2 | 0..5 (free while a Scientist works there) | printed | Executive Actions |
| `level_up_op_per_cube` | 1 | 0..5 | ASSUMED | Life Support System (LSS) and Colony Level |
| `level_up_missions` | [0, 1, 1, 0] | each 0..6 (steps at reaching level 2, 3, 4, 5) | ASSUMED | End of the Game |
| `end_level` | 5 | 2..5 (the Colony level that ends the game) | ASSUMED | End of the Game |
| `progress_op` | [0, 1, 2, 4, 7, 11] | each 0..30 | printed | End of the Game |
| `ship_op` | 3 | 0..10 | printed | End of the Game |
| `lab_column_op` | [1, 2, 4, 6] | each 0..20 | ASSUMED | End of the Game |
| `lq_op` | [0, 0, 3, 3, 6, 6, 10, 10, 15, 15, 21, 21, 21] | each 0..50 | ASSUMED | End of the Game |

>>> s = game.new_game(players=2, seed=7, round_limit=14, mission_target_change=-1)
>>> s.options.round_limit, s.score().variant
(14, 'round limit 14 (default: 10), mission target change -1 (default: 0)')

Other ASSUMED values stay the one model of data.py (the map, the Lab's rows and benefits, the Depot's
actions, the card lists: those come from your own JSON card file with `new_game(cards=...)`, which the
position carries too).

`new_game(..., deal=False)` leaves the set-up draws pending (step "setup"), to show them one by one.

Policies (mars_rules/on_mars/policies.py): `greedy` (score-greedy, the core's "greedy") and `mission_seeker`
(plays for the Missions, so that the game ends by its own rule).

Secrets: `state.view(player)` hides the other players' Private Goals, the Goal deck and the seed of the
chance stream (with the seed, replaying `new_game` would deal the same goals and foretell every draw).

Positions: `from_json` reads every field's type and range, then refuses a position that breaks a rule,
listing every problem (`invariants.problems`: the box of Crystals, Colonists, Tech tiles and cards, the map,
the Colony's counters, the step in progress and a next move; the property tests check the same list after
every action). Player names are checked alike by `new_game` and `from_json`. The scenario helpers
(`scenario.edit_player`, `add_building`, `at_colony`, `at_orbit`) build what-if positions through the same
checks.

Every forbidden action raises `IllegalAction(reason, rule)` with its own reason (the rulebook section as
the rule) and leaves the position unchanged.

The rules in words: `RULES` (reference.py) has an entry for every section the engine names (a refusal's
`rule`, a step's, a score row's, the end's): `RULES.entry(error.rule).text`, with the numbers the engine
uses (printed or ASSUMED, and the rule option that changes them) and the coverage items that teach it;
docs/rules/on_mars.md is the same as a page. `describe_position(state)` (describe.py, also
`state.describe(player)`) gives the position in short sentences, one line per group of what the board
draws; a player's view names nobody else's Private Goals.

A round is a Colonization Phase (each player's turn, in Turn Order: Orbit spaces left to right,
then Colony spaces left to right) and a Shuttle Phase. Every `state.step` is a key of TURN_STEPS.

Action kinds (`action.kind`: params) -- `str(action)` is the sentence a student reads:

Turn (steps "turn", "final_round", "turn_end")
- `main`: action -- take a Main action of your side ("landing_pod", "blueprint", "learn", "rnd",
  "resupply" in Orbit; "control", "construct", "upgrade", "welcome", "hire" at the Colony): a
  Colonist from your Living Quarters goes on its slot (full slots first evict the player(s) with
  the most Colonists there).
- `pass_turn`: no Main action is possible for you, not even after your Executive action or discarding
  Private Goals for Crystals (teaching edition: you lay your marker down).
- `end_turn`: lay your Player marker down (after the Main action).
- `depot_action`: space -- the Executive action of an uncovered Depot space (0 = bottom).
- `advanced_action`: hex, free -- the Executive action of your Advanced Building (2 Crystals, option
  `own_advanced_cost`; free while a Scientist works there).
- `scientist_action`: hex -- the Executive action of another player's Advanced Building where
  your Scientist works (free).
- `send_scientist`: card, hex -- place your hired Scientist in an Advanced Building of its
  specialty (anyone's) and use its Executive action (free).
- `discard_goal`: goal -- discard a Private Goal unseen for 1 Crystal.
- `complete_goal`: goal -- complete one Private Goal (its OP count at the end).

Main action sub-steps
- `pay_crystal`, `pay_colonist` (step "pay"): one payment per other colour on the slots.
- `boost`: gives -- move a Colonist to your Working Area for one more use of the action.
- `done`: action -- finish the action (after its first use).
- `take_blueprint`: card (step "blueprint").
- `learn_tech`: tech, row, extra (step "learn"; extra = the Resource paid for the top row).
- `develop`: tech (step "rnd"): one column right; one tile twice or two tiles once.
- `take_item`: item (step "resupply"): "crystal" or a Resource from the Warehouse.
- `move_rover`: to; `move_bot`: bot, to; `spend_crystal`: piece (-1 Rover, else Bot index)
  (step "control"): one hex per action.
- `choose_building`: building (step "construct"); `construct`: building, hex (step "construct_hex").
- `upgrade`: card, hex (step "upgrade").
- `welcome_ship`: gain ("colonists" or "bot"), hex (the Shelter for the Bot, else ()) (step "welcome").
- `hire_scientist`: card; `take_contract`: card (step "hire").
- `take_resource`: resource; `skip_resource` (step "resource"): a Resource of your choice.

Shuttle Phase
- `travel`: to, pay ("free" or "ship"); `stay` (step "shuttle").
- `place_discovery`: hex; `discard_discovery` (step "discovery").
- `take_space`: space (0-3 Orbit, 4-7 Colony), resource (for the "Resource of choice" space, else "")
  (step "turn_order").

Chance
- `reveal`: deck, card, task -- a card, tile or Turn Order draw (player CHANCE).
"""
from __future__ import annotations

from .codec import from_json
from .setup import new_game
from .state import TURN_STEPS, State
from .policies import evaluate, greedy, mission_seeker  # noqa: E402,F401
from .coverage import COVERAGE, end_reason  # noqa: E402
from .describe import describe_position  # noqa: E402
from .reference import RULES  # noqa: E402
from .determinize import determinize  # noqa: E402  (a hidden-information sampler for search)

TITLE = "On Mars"
PLAYER_COUNTS = (2, 3, 4)
from .options import OPTIONS  # noqa: E402  (the rule options; `cards=` stays a keyword of new_game)

import sys as _sys  # noqa: E402

State.game = _sys.modules[__name__]

__all__ = ["TITLE", "PLAYER_COUNTS", "TURN_STEPS", "OPTIONS", "new_game", "from_json", "State", "COVERAGE",
           "end_reason", "RULES", "describe_position", "determinize"]
