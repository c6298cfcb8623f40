"""Build the Ruins of Mars lesson records and questions of notebooks/ruins_of_mars/07_lessons.ipynb.

Run from the project root:  .venv/bin/python notebooks/ruins_of_mars/lessons/make_lessons.py

Writes, beside this script:
- transfer_a_tile.json  (Lesson A, a turn step: Step 2, Transfer 1 Action Tile)
- a_full_row.json       (Lesson B, a scoring rule: Final Scoring, the Tech board rows; and Radiation)
- questions.json        (a list of questions: two score rows, two "which of these actions is legal?")

Every position is built with the position builder (`state.edit() ... .done()`) from a seeded game with a
fixed tile layout, and every move goes through the engine (Record.add refuses an illegal one), so running
the script again gives the same files. Values the rulebook does not print (the tile faces, the Site
Actions, the display's Oxygen track, the Language track spaces) are the project's ASSUMED defaults
(mars_rules/ruins_of_mars/data.py); the comments name them as such.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import mars_rules  # noqa: E402
from mars_rules import Action  # noqa: E402
from mars_rules.core.record import ROOT as START, Record  # noqa: E402
from widgets.lesson import question_json, save_lessons  # noqa: E402

game = mars_rules.load("ruins_of_mars")
SEED = 7
ADA, BO = 0, 1

# Tile ids (ASSUMED faces, data.TILES): 0 red+red, 1 orange+orange, 2 green+green, 3 blue+blue,
# 4 star+star, 5 red+wrench, 6 orange+wrench, 7 green+wrench, 8 blue+wrench, 9 star+radiation,
# 10 wrench+radiation. Columns: Wasteland, Laboratory, Workshop, Dormitory, Infirmary.
LAYOUT_A = [(4, 9, 10), (0, 7), (3, 1), (5,), (2, 6, 8)]
LAYOUT_B = [(4, 10, 3), (0, 7), (1, 9), (5, 2), (6, 8)]


def new_game(layout):
    return game.new_game(players=["Ada", "Bo"], seed=SEED, characters="deal", first_player=0, layout=layout)


def act(kind, player=ADA, **params):
    return Action(kind, player, params)


def transfer(source, tile, pay):
    return act("transfer_tile", **{"from": source, "tile": tile, "pay": pay})


def replicate(level, space, row):
    return act("replicate", level=level, space=space, row=row)


def play_on(record, node, *, until_seat=ADA, limit=40):
    """Add the moves that play by themselves (chance drawn from the seed, forced moves) after `node`
    until `until_seat` has a real choice; returns (record, last node)."""
    for _ in range(limit):
        s = record.state(node)
        if s.is_over:
            break
        if s.to_move == mars_rules.CHANCE:
            action = s.drawn_outcome()
        elif s.to_move == until_seat and len(s.legal_actions()) > 1:
            break
        elif len(s.legal_actions()) == 1:
            action = s.legal_actions()[0]
        else:
            break
        record, node = record.add(node, action)
    return record, node


# ----- Lesson A: Step 2, Transfer 1 Action Tile --------------------------------------------------
def transfer_position():
    """Ada (Doctor, 2 Hourglasses, no resources) has put the Rover on the Workshop; Step 2 is next."""
    b = new_game(LAYOUT_A).edit()
    b.give("Ada", tech="Dust Filter", row=1).give("Ada", tech="Glyph Rubbing", row=2)
    return b.place_rover("Workshop").set_turn("Ada", "transfer").done()


def lesson_transfer():
    start = transfer_position()
    assert start.cards.tech[start.display[0][3]].name == "Signal Lamp"       # the Tech the comments name
    r = Record.new(
        start, title="Ruins of Mars: Step 2, transfer a tile for the Tech you want",
        comment=("Ada has put the Rover on the Workshop, a Discover Site (as in the rulebook's example). "
                 "Its two tiles, blue+blue and orange+orange, would give her 2 Oxygen and 2 Parts (the tile "
                 "faces are this edition's ASSUMED ones)."
                 " She has 2 Hourglasses and no resources. She wants "
                 "Signal Lamp, the Level 1 Tech in the bottom space of the display (+0 Oxygen): it costs "
                 "2 Fuel and 1 Parts, and she has no Fuel. Before she takes Radiation and her Action, Step 2 "
                 "lets her move one tile from a Site next to the Workshop to the bottom of its column."),
        student_seats=(ADA,))
    r, moved = r.add(
        START, transfer("Laboratory", 0, "Hourglass"), mark="good",
        comment=("Step 2: Transfer 1 Action Tile: for 2 Hourglasses (or 2 Oxygen, never a mix) a tile of an "
                 "adjacent Site with at least 2 tiles joins the Active Site. The red+red tile makes the "
                 "Workshop's Discover give 2 Fuel as well (Step 5: Discover Action counts every tile under "
                 "the Site), exactly the Fuel Signal Lamp needs. Ada has no Oxygen, so she pays with her "
                 "Hourglasses."),
        hint=("Which tile would give Ada the 2 Fuel that Signal Lamp costs? Only the Laboratory and the "
              "Dormitory are next to the Workshop (this edition's ASSUMED Site order), and a Site must keep at "
              "least 1 tile."))
    r, _skip = r.add(
        START, act("skip", step="transfer"), mark="mistake",
        comment=("Without a transfer the Workshop gives only 2 Oxygen and 2 Parts: no Fuel, so Signal Lamp "
                 "(2 Fuel, 1 Parts) stays out of reach this turn."))
    r, _green = r.add(
        START, transfer("Laboratory", 7, "Hourglass"), mark="mistake",
        comment=("The green+wrench tile is a legal transfer, but it brings 1 Plans and a Wrench (at the Workshop: "
                 "+1 on a Language track), not Fuel: Signal Lamp needs 2 Fuel."))
    r, node = play_on(r, moved)          # Radiation (none here) and the Discover Action play by themselves
    r, placed = r.add(
        node, replicate(1, 4, 3), mark="good",
        comment=("Step 6: Replicate 1 Tech. From the bottom space of the Level 1 column Signal Lamp costs only "
                 "its resources (+0 Oxygen on this edition's ASSUMED Oxygen track): 2 Fuel and 1 Parts, "
                 "which the transferred tile made possible. Row 3 is the only free space of Ada's Level 1 "
                 "column. Its one-time reward moves her 1 space up the orange Language track."),
        hint="The tile Ada moved has given her the Fuel: which Tech can she pay for now?")
    r, _no = r.add(
        node, act("skip", step="replicate"), mark="mistake",
        comment=("Ada paid 2 Hourglasses for the red tile precisely to afford Signal Lamp; skipping Step 6 "
                 "wastes the transfer (the Fuel stays, but the display may change before her next turn)."))
    r, _end = play_on(r, placed, until_seat=None)
    return r


# ----- Lesson B: Final Scoring, the Tech board rows (and Radiation) --------------------------------
def row_position():
    """Ada (Doctor) at Step 5 on the Workshop; rows 1 and 3 of her Level 3 column are free."""
    b = new_game(LAYOUT_B).edit()
    for tech, row in (("Dust Filter", 1), ("Plasma Torch", 1),                              # A, A
                      ("Signal Lamp", 2), ("Cipher Wheel", 2), ("Atmosphere Plant", 2),   # B, C, D
                      ("Glyph Rubbing", 3)):                                            # C
        b.give("Ada", tech=tech, row=row)
    b.set_player("Ada", fuel=2, parts=0, plans=1, oxygen=3, red=6, orange=3, radiation=2)
    b.set_player("Bo", red=2, blue=3, radiation=1)
    return b.place_rover("Workshop").set_turn("Ada", "action").done()


def lesson_rows():
    start = row_position()
    assert [start.cards.tech[c].name for c in start.display[2][1::2]] == ["Fusion Core", "Void Compass"]
    r = Record.new(
        start, title="Ruins of Mars: a full row of one Classification",
        comment=("Late in the game. Ada's Tech board: row 1 holds two Techs of Classification A (Levels 1 "
                 "and 2), row 2 is full with B, C and D, row 3 has a single C. Her Level 3 column is free in "
                 "rows 1 and 3. The Rover is on the Workshop, whose tiles (orange+orange, star+radiation) "
                 "she is about to Discover; she has 2 Fuel, 1 Plans, 3 Oxygen, 2 Hourglasses and 2 Radiation "
                 "(one of them from the star+radiation tile at Step 3); Bo has 1 Radiation. In the display, Fusion Core "
                 "(Level 3, Classification A, 5 PP at the end) costs 2 Fuel, 2 Parts, 2 Plans, 1 Oxygen, "
                 "+2 Oxygen for its space (this edition's ASSUMED Oxygen track)."),
        student_seats=(ADA,))
    r, found = r.add(START, act("discover"))
    r, star = r.add(
        found, act("discover_star", resource="Plans"), mark="good",
        comment=("Step 5: Discover Action: each star icon is 1 resource of your choice. The orange tile gave "
                 "2 Parts; the star must be the second Plans, the one resource Ada still lacks for Fusion "
                 "Core (2 Fuel, 2 Parts, 2 Plans, and 1 + 2 = 3 Oxygen with its space)."),
        hint="Count what Fusion Core costs, space included, against what Ada has after the 2 Parts.")
    r, _ox = r.add(
        found, act("discover_star", resource="Oxygen"), mark="mistake",
        comment=("Ada already has the 3 Oxygen Fusion Core needs with its space; what she lacks is a second "
                 "Plans. With 4 Oxygen and 1 Plans she could not pay for Fusion Core."))
    r, node = play_on(r, star)
    r, core = r.add(
        node, replicate(3, 2, 1), mark="good",
        comment=("Final Scoring: Tech board rows: a complete row of 3 Techs of the same Classification scores "
                 "9 PP, 3 different ones 6 PP, any other complete row 3 PP, an incomplete row nothing. "
                 "Fusion Core (A) in row 1 completes A, A, A: the Tech rows line of Ada's score sheet goes "
                 "from 6 (row 2) to 15, and the card's own 5 PP go on the Tech PP line."),
        hint="Which row does a Level 3 Tech of Classification A complete, and what is such a row worth?")
    r, _row3 = r.add(
        node, replicate(3, 2, 3), mark="mistake",
        comment=("In row 3 Fusion Core sits beside one Level 1 Tech: the row is not complete and scores no row "
                 "bonus (Final Scoring: Tech board rows), while row 1 would have become A, A, A: 9 PP."))
    r, _void = r.add(
        node, replicate(3, 4, 1), mark="mistake",
        comment=("Void Compass is also Classification A and would also complete A, A, A for 9 PP, but it prints "
                 "3 PP against Fusion Core's 5 (Final Scoring: PP printed on Tech cards), and Ada can pay for "
                 "Fusion Core."))
    r, node = play_on(r, core)           # the display refill and the reallocation are chance: drawn from the seed
    r, doctor = r.add(
        node, act("character_ability", character="Doctor"), mark="good",
        comment=("Final Scoring: Radiation: the player with the most Radiation loses 2 PP per token, everyone "
                 "else 1 PP. Ada holds 2 and Bo 1, so Ada would lose 4. Her Doctor (Character Abilities: 1 "
                 "Hourglass, 1 Radiation back to the supply, once per turn) brings her to 1: tied with Bo "
                 "for the most, she loses 2, so the Hourglass saves 2 PP on the Radiation line."),
        hint="Look at the Radiation line of the score sheet before Ada passes the Rover.")
    r, _pass = r.add(
        node, act("pass_rover"), mark="mistake",
        comment=("Passing now keeps Ada's 2 Radiation: she has the most, so they cost her 4 PP at the end. "
                 "Her Doctor ability, 1 Hourglass, would bring that to 2."))
    r, _end = play_on(r, doctor, until_seat=None)
    return r


# ----- questions ----------------------------------------------------------------------------------
def rows_position():
    """Bo's full Tech board: rows A/A/A, B/C/D and A/A/B (the 02_scoring notebook's example)."""
    b = game.finish(new_game(LAYOUT_A)).edit()     # the game over: the final score sheet
    for card, row in (("L1-01", 1), ("L2-01", 1), ("L3-05", 1), ("L1-02", 2), ("L2-03", 2), ("L3-08", 2),
                      ("L1-05", 3), ("L2-05", 3), ("L3-02", 3)):
        b.give("Bo", tech=card, row=row)
    return b.set_player("Bo", red=6, orange=3).done()


def radiation_position():
    return game.finish(new_game(LAYOUT_A)).edit().set_player("Ada", radiation=3).set_player("Bo", radiation=3).done()


def requirement_position():
    """Ada at Step 6 with plenty of resources but the A space on only 1 Language track."""
    b = new_game(LAYOUT_A).edit().set_player("Ada", fuel=4, parts=4, plans=4, oxygen=3, red=4, orange=2)
    return b.place_rover("Workshop").set_turn("Ada", "replicate").done()


def questions():
    out = []
    out.append(question_json(
        rows_position(), "score", seat=BO, rule="Tech rows",
        prompt=("How many PP does Bo score for his Tech board rows? Row 1: A, A, A; row 2: B, C, D; "
                "row 3: A, A, B.")))
    out.append(question_json(
        radiation_position(), "score", seat=BO, rule="Radiation",
        prompt=("Ada and Bo each hold 3 Radiation. How many PP does Bo score for Radiation? "
                "(A loss is a negative number.)")))
    t = transfer_position()
    out.append(question_json(
        t, "legal_choice",
        prompt=("Ada has put the Rover on the Workshop and has 2 Hourglasses and no Oxygen. Which of these "
                "transfers is legal? (Tile 0 is red+red, under the Laboratory; tile 5 red+wrench, alone under "
                "the Dormitory; tile 4 star+star, under the Wasteland.)"),
        actions=[transfer("Laboratory", 0, "Oxygen"), transfer("Dormitory", 5, "Hourglass"),
                 transfer("Wasteland", 4, "Hourglass"), transfer("Laboratory", 0, "Hourglass")]))
    q = requirement_position()
    bottom = [q.cards.tech[column[3]].name for column in q.display]
    assert bottom == ["Signal Lamp", "Rover Hitch", "Void Compass"], bottom   # the names the prompt gives
    out.append(question_json(
        q, "legal_choice",
        prompt=("Ada has reached the A space on the red track only (red 4, orange 2; the A space is space 3 "
                "in this edition, an ASSUMED value). She has 4 Fuel, 4 Parts, "
                "4 Plans and 3 Oxygen. Which of these may she do? The bottom (+0 Oxygen) space of each Level holds "
                "Signal Lamp (Level 1, 2 Fuel and 1 Parts), Rover Hitch (Level 2) and Void Compass (Level 3)."),
        actions=[replicate(2, 4, 1), replicate(3, 4, 1), act("search_deck", level=1), replicate(1, 4, 1)]))
    return [json.loads(text) for text in out]


def main():
    save_lessons(HERE, {"transfer_a_tile.json": lesson_transfer(), "a_full_row.json": lesson_rows()}, questions())

if __name__ == "__main__":
    main()
