"""Build the On Mars lesson records and questions of notebooks/on_mars/05_lessons.ipynb.

Run from the project root:  .venv/bin/python notebooks/on_mars/lessons/make_lessons.py

Every position is built from seed 7 with the position builder (`state.edit() ... .done()`, the same checks
as `from_json`), every move is played through the engine (`Record.add` refuses an illegal one), and every
question is checked by `question_json` as it is written. Writes, beside this script:

- resupply.json        Lesson A, a turn step: the Orbit Main action Resupply (a shared slot, a boost).
- progress_cube.json   Lesson B, a scoring rule: a Generator Complex advances a Progress cube.
- questions.json       four questions (two score rows, two "which of these actions is legal?").

Rulebook sections are cited by their titles in /work/shared/rulebooks/on_mars.txt; values the summary
does not print (Warehouse stock, Building costs, the Earth Contract cards, ...) are this edition's
ASSUMED values (mars_rules/on_mars/data.py) and the comments say so.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT_DIR = HERE.parents[2]
if str(ROOT_DIR) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT_DIR))

from mars_rules import Action, on_mars  # noqa: E402
from mars_rules.core.record import ROOT, Record  # noqa: E402
from widgets.lesson import question_json, save_lessons  # noqa: E402

SEED = 7
PLAYERS = ["Ada", "Bo"]
ADA, BO = 0, 1


def fresh():
    return on_mars.new_game(players=PLAYERS, seed=SEED)


def find(state, kind, **params):
    """The legal action of this kind whose params match (ValueError listing the legal ones if none)."""
    for a in state.legal_actions():
        if a.kind == kind and all(a.get(k) == v for k, v in params.items()):
            return a
    raise ValueError(f"no legal {kind} {params}; legal: {'; '.join(map(str, state.legal_actions()))}")


# ----- Lesson A: a turn step (the Orbit Main action Resupply) -----------------------------------------------
def resupply_start():
    """Ada in Orbit, first in Turn Order, at the start of her turn: no Crystal, no Water, the Earth Contract
    Water delivery in hand; one of Bo's Colonists already on a Resupply slot."""
    return (fresh().edit().turn_order("orbit", "Ada").set_turn("Ada", "turn")
            .crystals("Ada", 0).storage("Ada", water=0).contract("Ada", "Water delivery")
            .move_colonists("Bo", 1, "living quarters", "Resupply").done())


def lesson_resupply() -> Record:
    s = resupply_start()
    r = Record.new(
        s, title="On Mars: the Main action Resupply (a shared slot and a boost)", student_seats=(ADA,),
        comment=("Ada is in Orbit and it is her turn. She holds the Earth Contract 'Water delivery' "
                 "(this edition's card, ASSUMED: 2 Water and 1 Plant in Storage at the end score +9 OP, "
                 "else -4). She has 1 Plant but no Water, and no Crystal. Bo already has a Colonist on a "
                 "Resupply slot. Plan her Main action so that she ends the turn with 2 Water."))

    # Q1: the Main action
    main = find(s, "main", action="resupply")
    r, n1 = r.add(ROOT, main, mark="good", hint=(
        "Only the Orbit actions are open to Ada. Which of them takes goods from the Warehouse?"), comment=(
        "Resupply is the Orbit Main action that takes Resources or Crystals from the Warehouse into your "
        "Storage (Orbital Station Main Actions). Ada places a Colonist from her Living Quarters on a free "
        "slot (Main Board Action Mechanics)."))
    r, _ = r.add(ROOT, find(s, "main", action="learn"), mark="mistake", comment=(
        "Learn New Technology is for a Tech tile: its space's benefit brings at most one Resource (this "
        "edition's middle row, ASSUMED, after paying a Battery), not the 2 Water Ada needs; Resupply gives "
        "one more item per boost (Orbital Station Main Actions)."))
    r, _ = r.add(ROOT, find(s, "main", action="landing_pod"), mark="mistake", comment=(
        "Landing Pod takes Ada down to the Colony, where Resupply is out of reach: only the actions of "
        "your current side are available (Main Board Action Mechanics)."))

    # the payment is forced: no Crystal, so a Colonist goes to the Working Area (played by itself)
    pay = find(r.state(n1), "pay_colonist")
    r, n2 = r.add(n1, pay, comment=(
        "Bo's colour is on the slots, so Ada pays for one other colour: 1 Crystal or 1 Colonist moved to "
        "her Working Area. She has no Crystal, so a Colonist goes (Main Board Action Mechanics)."))

    # Q2: the first item
    s2 = r.state(n2)
    r, n3 = r.add(n2, find(s2, "take_item", item="water"), mark="good", comment=(
        "The action's first use: 1 Resource or 1 Crystal from the Warehouse. Water is what the contract "
        "asks for (Orbital Station Main Actions)."))
    r, _ = r.add(n2, find(s2, "take_item", item="crystal"), mark="mistake", comment=(
        "A Crystal would pay for an Executive action, but Ada's plan is Water: she can take one item for "
        "the action itself and more only by boosting."))

    # Q3: the boost
    s3 = r.state(n3)
    r, n4 = r.add(n3, find(s3, "boost"), mark="good", hint=(
        "One Water is not enough for the contract. What does a teal Colonist do?"), comment=(
        "A boost: one more Colonist from the Living Quarters to the Working Area gives one extra item "
        "(Resupply's boost, Orbital Station Main Actions). Those Colonists come back when Ada travels."))
    r, _ = r.add(n3, find(s3, "done"), mark="mistake", comment=(
        "Finishing now leaves Ada with 1 Water: the contract needs 2. She still has Colonists in her "
        "Living Quarters to boost with."))

    # Q4: the second item
    s4 = r.state(n4)
    r, _n5 = r.add(n4, find(s4, "take_item", item="water"), mark="good", comment=(
        "2 Water and 1 Plant in Storage: the Earth Contracts row of Ada's score sheet shows +9 OP instead "
        "of -4, as long as she keeps them to the end (End of the Game: Earth Contracts)."))
    return r


# ----- Lesson B: a scoring rule (a Complex advances a Progress cube) --------------------------------------
def complex_start():
    """Ada at the Colony, first in Turn Order, at the start of her turn; a Generator Tech tile in Lab column 2;
    her Bot on (2, -4), next to (1, -3), which touches the Generator on (0, -2)."""
    return (fresh().edit().missions("Power Grid", "Water for All", "Science First")
            .turn_order("colony", "Ada").set_turn("Ada", "turn")
            .learn("Ada", "Generator", "bottom", 2).bots("Ada", [(2, -4)]).done())


def lesson_progress_cube() -> Record:
    s = complex_start()
    r = Record.new(
        s, title="On Mars: a Complex and a Progress cube", student_seats=(ADA,),
        comment=("Ada is at the Colony with a Generator Tech tile in column 2 of her Laboratory and a Bot on "
                 "(2, -4). She has no Progress cube yet: the Progress cubes row of her score sheet is 0 OP. "
                 "Make her first Complex this turn."))

    # Q1: the Main action
    r, n1 = r.add(ROOT, find(s, "main", action="construct"), mark="good", comment=(
        "Construct a Building is the Colony Main action that places a new Building tile; a Complex is "
        "only made by constructing (Colony Main Actions)."))
    r, _ = r.add(ROOT, find(s, "main", action="control"), mark="mistake", comment=(
        "The Control Center moves Bots and the Rover (a Bot's move can open a new Building Zone), but it "
        "places no Building tile: no Complex this turn, so no Progress cube (Colony Main Actions)."))

    # Q2: which Building
    s1 = r.state(n1)
    r, n2 = r.add(n1, find(s1, "choose_building", building="generator"), mark="good", hint=(
        "A Complex of 2 needs a Tech tile of that Building's type at level 2 or more. Look at Ada's "
        "Laboratory."), comment=(
        "A Generator: joining the Generator on (0, -2) connects 2 Buildings, which needs a Generator Tech "
        "tile of level 2 or more, and Ada has one (in this edition a tile's level is its Lab column). "
        "Its cost here is 1 Mineral (ASSUMED)."))
    r, _ = r.add(n1, find(s1, "choose_building", building="shelter"), mark="good", comment=(
        "A Shelter next to Ada's Shelter on (3, -3) would also be a Complex of 2 (her Shelter Tech tile is "
        "in column 2) and advance a Progress cube. The Generator also moves the Generator LSS marker and "
        "contributes to the Power Grid Mission (1 Crystal, ASSUMED)."))

    # Q3: where
    s2 = r.state(n2)
    r, _n3 = r.add(n2, find(s2, "construct", building="generator", hex=(1, -3)), mark="good", comment=(
        "Next to the Generator on (0, -2): a Complex of 2. Ada gains 2 Batteries (Resources equal to the "
        "new Complex size), her first Generator Complex advances a Progress cube, and the Progress cubes row now shows 1 OP "
        "(1 cube: 1 OP, End of the Game). The Generator LSS marker advances (Colony Main Actions) and the "
        "Power Grid Mission gains a contribution: 1 Crystal for Ada (Missions and Private Goals)."))
    r, _ = r.add(n2, find(s2, "construct", building="generator", hex=(1, -4)), mark="mistake", comment=(
        "Exactly 2 hexes from the Generator is legal and needs no Tech tile, but it stands alone: a "
        "Complex of 1, no Progress cube, and the Progress cubes row stays at 0 OP."))
    return r


# ----- questions --------------------------------------------------------------------------------------
def questions() -> list:
    out = []
    # score: Progress cubes (1/2/4/7/11 OP for 1-5 cubes, printed)
    b = fresh().edit()
    b.player("Ada").progress, b.player("Ada").progress_types = 3, ("mine", "generator", "water")
    cubes = b.game_over().done()
    out.append(question_json(cubes, "score", seat=ADA, rule="Progress cubes", prompt=(
        "The game is over. Ada made her first Complex of 3 Building types (Mine, Generator, Water "
        "Extractor): 3 Progress cubes. How many OP does Ada score for Progress cubes?")))
    # score: Ships (3 OP per Ship in the Hangar, printed)
    ships = (fresh().edit().missions("Power Grid", "Water for All", "Science First")
             .welcome_ships("Bo", 2).game_over().done())
    out.append(question_json(ships, "score", seat=BO, rule="Ships", prompt=(
        "The game is over. Bo welcomed 2 Ships into his Hangar. How many OP does Bo score for Ships?")))
    # legal choice: Bo at the Colony, which Main action?
    colony = (fresh().edit().turn_order("colony", "Bo").set_turn("Bo", "turn").bots("Bo", [(2, -4)]).done())
    mains = [Action("main", BO, {"action": a}) for a in ("learn", "upgrade", "construct")]
    out.append(question_json(colony, "legal_choice", actions=mains, prompt=(
        "Bo is at the Colony at the start of his turn, with no Blueprint. Which of these Main actions is "
        "legal?")))
    # legal choice: which Executive action (the Depot spaces)?
    orbit = fresh().edit().turn_order("orbit", "Bo").set_turn("Bo", "turn").done()
    depot = [Action("depot_action", BO, {"space": k}) for k in (3, 2, 0)]
    out.append(question_json(orbit, "legal_choice", actions=depot, prompt=(
        "Bo is in Orbit at the start of his turn, with 1 Crystal and no Colonist in his Working Area. Which "
        "of these Executive actions is legal?")))
    return [json.loads(q) for q in out]


def main() -> None:
    save_lessons(HERE, {"resupply.json": lesson_resupply(), "progress_cube.json": lesson_progress_cube()}, questions())

if __name__ == "__main__":
    main()
