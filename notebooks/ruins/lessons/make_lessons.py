"""Build the Ruins lessons and questions of notebooks/ruins/05_lessons.ipynb from exact positions.

    .venv/bin/python notebooks/ruins/lessons/make_lessons.py

writes follow_with_an_upgrade.json and going_out_first.json (game records, Record.to_json) and
questions.json (a list of question_json objects) beside this file. Positions come from the scenario
helper `position` (a thin wrapper over `state.edit()`); chance nodes in a main line take the game's own
seeded draw. Every comment cites the rulebook section; values the rulebook does not print (market costs,
the scoreboard) are called ASSUMED.
"""
from __future__ import annotations

import json
import pathlib

import mars_rules
from mars_rules import CHANCE
from mars_rules.core.record import ROOT, Record
from mars_rules.ruins.scenario import DRAW1, MID_PLUS1, PLUS3, act, play, position, rid

HERE = pathlib.Path(__file__).resolve().parent
GAME = mars_rules.load("ruins")
BOT_PLUS1 = 36  # a bottom "+1 rank" discovery (scenario ids: bottom 36-38)
# Both players used their 2 claim cards earlier in the game (on ruins now in the deck), so no claim
# step interrupts the lessons: each play is choose ruins, then discoveries, then confirm.
CLAIMS_USED = {rid(4): (0, 0, -1, -1, -1), rid(4, 1): (0, 0, -1, -1, -1),
               rid(7): (0, 1, -1, -1, -1), rid(7, 1): (0, 1, -1, -1, -1)}


def find(state, kind, **params):
    """The legal action of the player to move with this kind and params."""
    return next(a for a in state.legal_actions()
                if a.kind == kind and all(a.get(k) == v for k, v in params.items()))


def add_chance(record, node):
    """Play the pending chance nodes after `node` with the game's own draw; returns (record, last node)."""
    while record.state(node).to_move == CHANCE:
        record, node = record.add(node, record.state(node).drawn_outcome())
    return record, node


# ----- Lesson A: a turn step (Follow or pass; Upgrading Ruins: B. Add Discoveries) -----------------------
def follow_start():
    """Round 2: Bo has led a single 6. Ada holds 1, 1, 3, 8 and 3 lit torches; Bo 2, 10, 10, no torch."""
    return position(2, hands=[[rid(1), rid(1, 1), rid(3), rid(8)], [rid(2), rid(10), rid(10, 1)]],
                    step="follow", to_move=0, trick=[rid(6)], last_play=[rid(6)], last_rank=6, last_player=1,
                    market=(PLUS3, MID_PLUS1, BOT_PLUS1, DRAW1), round=2, vp=(2, 3), torches=(3, 0),
                    upgrades=CLAIMS_USED)


def lesson_follow():
    s = follow_start()
    r = Record.new(s, title="Ruins: follow with an upgrade, and skip the next player",
                   comment=("Round 2. Bo led a single 6. Ada (you) must follow with exactly one ruin of rank 6 or "
                            "higher, or pass (Player Turns). You hold 1, 1, 3 and 8 and have 3 lit torches; the "
                            "market offers a top '+3 rank' discovery in slot 1 for 3 torches (the slot costs are "
                            "ASSUMED: the rulebook's text does not print them)."),
                   student_seats=(0,))
    three = find(s, "pick", ruin=rid(3))
    r, n = r.add(ROOT, three, hint=("Your 3 is too low on its own, but a discovery is added at once: which one "
                                    "would make it a 6, the rank Bo played?"))
    r, _ = r.add(ROOT, find(s, "pick", ruin=rid(8)), mark="mistake",
                 comment=("The 8 is a legal follow, but Bo may answer it with a higher ruin and the trick goes on. "
                          "An upgraded 3 plays a 6 on Bo's 6: the exact same rank makes him pass."))
    r, _ = r.add(ROOT, find(s, "pass"), mark="mistake",
                 comment=("Passing is legal, but then Bo is the only one who did not pass: the trick ends and he "
                          "leads again. You can follow here."))
    r, n = r.add(n, find(r.state(n), "discover", slot=0, ruin=rid(3)))
    r, n = r.add(n, find(r.state(n), "play"), mark="good",
                 comment=("A discovery works at once, so the '+3 rank' bought with your 3 torches turns the 3 into "
                          "a 6 for this very play (Upgrading Ruins: B. Add Discoveries; Discovery Effects). A 6 "
                          "on a 6 is the exact same rank: Bo must pass even if he could follow (Skipping an "
                          "Opponent's Turn). With 2 players that ends the trick (the skip counts as his pass: this "
                          "project's reading), and you lead next."))
    r, n = add_chance(r, n)   # the market refills slot 1 (End of turn: market refill)
    lead = r.state(n)
    assert lead.step == "lead" and lead.to_move == 0, lead.events
    r, n = r.add(n, find(lead, "pick", ruin=rid(1)),
                 hint="Two ruins of one rank can be led together as a set.")
    r, n2 = r.add(n, find(r.state(n), "pick", ruin=rid(1, 1)))
    r, _ = r.add(n, find(r.state(n), "done"), mark="mistake",
                 comment=("A single 1 is a legal lead, but it leaves the other 1 in your hand for a later turn. "
                          "Lead both 1s together as a set."))
    r, n = r.add(n2, find(r.state(n2), "done"))
    r, n = r.add(n, find(r.state(n), "play"), mark="good",
                 comment=("A lead may be one ruin or a set of 2 or more of the same rank (Player Turns): two "
                          "ruins leave your hand in one turn, and Bo now has to follow with two ruins of one "
                          "rank, 1 or higher. Playing sets empties your hand faster (Overview)."))
    return r


# ----- Lesson B: a scoring rule (Going Out: the "Round 2" row of the score sheet) ------------------------
def going_out_start():
    """Round 2: Ada leads with 9, 9, 4, 4; Bo holds 10 and 6. Nobody has a lit torch."""
    return position(2, hands=[[rid(9), rid(9, 1), rid(4, 2), rid(4, 3)], [rid(10), rid(6)]], round=2,
                    vp=(2, 3), torches=(0, 0), upgrades={rid(5): (0, 0, -1, -1, -1), rid(5, 1): (0, 0, -1, -1, -1),
                                                          rid(7): (0, 1, -1, -1, -1), rid(7, 1): (0, 1, -1, -1, -1)},
                    market=(PLUS3, MID_PLUS1, BOT_PLUS1, DRAW1))


def lesson_going_out():
    s = going_out_start()
    r = Record.new(s, title="Ruins: go out first and score the Round row",
                   comment=("Round 2, you (Ada) lead. You hold two 9s and two 4s; Bo holds a 10 and a 6 and "
                            "nobody has a lit torch. The earlier you go out, the more VP you score on the score "
                            "sheet's 'Round 2' row (Overview; Going Out)."),
                   student_seats=(0,))
    r, n = r.add(ROOT, find(s, "pick", ruin=rid(9)),
                 hint="Bo holds two ruins of different ranks: what can he never follow?")
    r, n2 = r.add(n, find(r.state(n), "pick", ruin=rid(9, 1)))
    r, _ = r.add(n, find(r.state(n), "done"), mark="mistake",
                 comment=("A single 9 is legal, but Bo can follow it with his 10 (one ruin, higher rank), then "
                          "lead his 6: he would be out before you."))
    r, _ = r.add(ROOT, find(s, "pick", ruin=rid(4, 2)))
    alt = r.children(ROOT)[-1]
    r, alt2 = r.add(alt, find(r.state(alt), "pick", ruin=rid(4, 3)))
    r, alt3 = r.add(alt2, find(r.state(alt2), "done"))
    r, _ = r.add(alt3, find(r.state(alt3), "play"), mark="good",
                 comment=("Leading the pair of 4s first works as well: Bo cannot follow a pair either."))
    r, n = r.add(n2, find(r.state(n2), "done"))
    r, n = r.add(n, find(r.state(n), "play"), mark="good",
                 comment=("A pair must be followed by exactly two ruins of one rank, 9 or higher (Player Turns). "
                          "Bo's 10 and 6 are not a pair and he has no lit torch to upgrade them, so he must pass, "
                          "and the lead comes back to you."))
    r, n = add_chance(r, n)
    r, n = r.add(n, find(r.state(n), "pass"), comment="Bo passes: the trick ends and Ada leads again.")
    lead = r.state(n)
    assert lead.step == "lead" and lead.to_move == 0, lead.events
    r, n = r.add(n, find(lead, "pick", ruin=rid(4, 2)), hint="Can you play your last two ruins in one turn?")
    r, n2 = r.add(n, find(r.state(n), "pick", ruin=rid(4, 3)))
    r, _ = r.add(n, find(r.state(n), "done"), mark="mistake",
                 comment=("A single 4 keeps the other 4 in your hand: Bo follows with the 6 or the 10 and the race "
                          "goes on. Both 4s together empty your hand now."))
    r, n = r.add(n2, find(r.state(n2), "done"))
    r, n = r.add(n, find(r.state(n), "play"), mark="good",
                 comment=("Your hand is empty: you are out first. On the score sheet's 'Round 2' row you get the "
                          "first place's VP and Bo, the last player left, the last place's (Going Out; Round End). "
                          "In this project's ASSUMED 2-player scoreboard that is +3 for you and -1 for Bo: the "
                          "rulebook's text does not print the scoreboard's numbers."))
    return r


# ----- questions ------------------------------------------------------------------------------------
def questions():
    from widgets.lesson import question_json
    out = []
    # 1. the score track's cap: Ada on 8 VP goes out first
    cap = play(position(2, hands=[[rid(7)], [rid(8), rid(1)]], torches=(0, 0), vp=(8, 3), round=2), [rid(7)],
               resolve=False)
    out.append(question_json(cap, "score", seat=0, rule="Round 2",
                             prompt=("Ada started round 2 on 8 VP and went out first (first place: +3 VP in this "
                                     "project's ASSUMED 2-player scoreboard). How many VP does the score sheet "
                                     "give her for Round 2? (The Score Track)")))
    # 2. the floor: Bo on 0 VP is last
    floor = play(position(2, hands=[[rid(7)], [rid(8), rid(1)]], torches=(0, 0), vp=(4, 0), round=2), [rid(7)],
                 resolve=False)
    out.append(question_json(floor, "score", seat=1, rule="Round 2",
                             prompt=("Bo was on 0 VP and finished last (last place: -1 VP in this project's ASSUMED "
                                     "2-player scoreboard). How many VP does the score sheet give him for "
                                     "Round 2? (The Score Track)")))
    # 3. which pick can follow a single 6?
    s = follow_start()
    from mars_rules import Action
    out.append(question_json(s, "legal_choice",
                             actions=[Action("pick", 0, {"ruin": rid(1)}), Action("pick", 0, {"ruin": rid(3)}),
                                      Action("done", 0, {})],
                             prompt=("Bo led a single 6; Ada holds ruins 1 (#0), 1 (#1), 3 (#10), 8 (#35) and 3 lit "
                                     "torches. Which of these actions is legal for Ada? (Player Turns)")))
    # 4. the discovery step: rank changes are mandatory
    chosen = act(s, "pick", ruin=rid(3))
    out.append(question_json(chosen, "legal_choice",
                             actions=[Action("play", 0, {}), Action("discover", 0, {"slot": 1, "ruin": rid(3)}),
                                      Action("discover", 0, {"slot": 0, "ruin": rid(3)})],
                             prompt=("Ada chose her 3 (#10) to follow Bo's 6. Which of these actions is legal now? "
                                     "(Upgrading Ruins: B. Add Discoveries; Clarifications & Tips)")))
    return [json.loads(q) for q in out]


LESSONS = {"follow_with_an_upgrade.json": lesson_follow, "going_out_first.json": lesson_going_out}


def main():
    from widgets.lesson import save_lessons
    save_lessons(HERE, {name: make() for name, make in LESSONS.items()}, questions())

if __name__ == "__main__":
    main()
