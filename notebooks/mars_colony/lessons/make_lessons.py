"""Writes the Mars lessons and questions of notebooks/mars_colony/06_lessons.ipynb.

    .venv/bin/python notebooks/mars_colony/lessons/make_lessons.py

Every position is built through the checks (`quick_start`, then the position builder `state.edit() ...
.done()`), every move is played through the engine (`Record.add` refuses an illegal one), and each
question is read back by `question_from_json` before it is written. The files it writes:

- trade_with_earth.json   Lesson A, a turn step: 5) Trade (trade with Earth), then the construction and the
                          end of the turn it prepares.
- communications_vp.json  Lesson B, a scoring rule: a communications module is worth 1 VP, counted only
                          while it is staffed (the "Communications" row of the score sheet).
- questions.json          four questions: two score rows, two "which of these actions is legal?".

Materials are numbered 0..4 = iron, carbon, silicon, water, oxygen (`data.MATERIALS`).
"""
from __future__ import annotations

import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SEED = 5
IRON, CARBON, SILICON, WATER, OXYGEN = range(5)


def _start():
    """Ada (seat 0, iron and water mines) and Bo (carbon and oxygen mines) after the deal, seed 5."""
    from mars_rules.mars_colony import quick_start
    return quick_start(["Ada", "Bo"], seed=SEED, mines=["IW", "CO"])


def _action(state, kind, **params):
    from mars_rules.mars_colony import find_action
    return find_action(state, kind, **params)


def _play(record, parent, kind, **fields):
    """Add the legal action of `kind` (its params in `fields`, besides comment / mark / hint) after `parent`."""
    words = {k: fields.pop(k) for k in ("comment", "mark", "hint") if k in fields}
    return record.add(parent, _action(record.state(parent), kind, **fields), **words)


def _forced(record, node):
    """Play the positions with a single legal action (the lesson plays them by itself)."""
    while len(record.state(node).legal_actions()) == 1:
        record, node = record.add(node, record.state(node).legal_actions()[0])
    return record, node


def trade_lesson():
    """Lesson A: 5) Trade, a) Trade with Earth: three identical cards for the one a build needs."""
    from mars_rules.core.record import ROOT as START, Record
    from mars_rules.mars_colony.builder import SLOT_NAMES
    s = _start().edit().hand("Ada", "IIIW").set_turn("Ada", "trade").done()
    r = Record.new(s, title="Mars: trading with Earth for the card you need",
                   comment=("Ada's turn has reached 5) Trade. She holds 3 iron and 1 water and wants a "
                            "level-1 power plant, which costs 1 water + 1 silicon (rulebook: 6) Construction: "
                            "c) Power plants). She has no silicon, no trade contract and no communications "
                            "module. Plan the trade, the build and the end of the turn."),
                   student_seats=(0,))
    r, trade = _play(r, START, "earth_trade", give=IRON, get=SILICON, count=3, mark="good",
                     hint="Earth takes three identical cards and gives one card of your choice: which card "
                          "is missing for the plant?",
                     comment=("Earth takes three identical cards and gives back one card of the player's "
                              "choice from the reserve (rulebook: 5) Trade: a) Trade with Earth). Three iron "
                              "become the silicon the plant needs; the water is kept for it."))
    r, _ = _play(r, START, "earth_trade", give=IRON, get=WATER, count=3, mark="mistake",
                 comment=("A second water does not help: the plant needs 1 water + 1 silicon, and without "
                          "silicon nothing can be built with 2 water (rulebook: 6) Construction: c) Power plants)."))
    r, _ = _play(r, START, "end_trade", mark="mistake",
                 comment=("Finishing the trade now leaves Ada without silicon, so she cannot pay for the "
                          "plant in the construction phase (rulebook: 6) Construction)."))
    r, node = _forced(r, trade)           # nothing is left to trade: on to construction
    r, build = _play(r, node, "build", installation="plant", level=1, mark="good",
                     comment=("The cards are handed back to the reserve and the level-1 plant is placed "
                              "(rulebook: 6) Construction). Built is not yet working: it still needs a colonist."))
    r, _ = _play(r, node, "end_construction", mark="mistake",
                 comment=("Ada keeps her silicon and water but builds nothing: the trade was made for this "
                          "plant, and trade and construction come only once a turn."))
    r, node = _forced(r, build)           # nothing else to build: on to the end of the turn
    r, _staff = _play(r, node, "staff", slot=SLOT_NAMES["plant1"], mark="good",
                      hint="An installation with no colonist is inactive.",
                      comment=("Only a staffed installation is active (rulebook: 6) Construction: Active or "
                               "inactive installations). With a colonist the new plant adds 5 to the energy "
                               "Ada may use, from 5 to 10 (rulebook: 6) Construction: c) Power plants)."))
    r, _ = _play(r, node, "end_moves", mark="mistake",
                 comment=("Ending the turn now leaves the new plant without a colonist: it is inactive and "
                          "adds no energy, so Ada still may not use more than 5."))
    return r


def communications_lesson():
    """Lesson B: a new communications module is worth 1 VP, recounted at the end of the turn while staffed."""
    from mars_rules.core.record import ROOT as START, Record
    from mars_rules.mars_colony.builder import SLOT_NAMES
    s = _start().edit().hand("Ada", "COW").set_turn("Ada", "build").done()
    r = Record.new(s, title="Mars: a communications module on the score sheet",
                   comment=("Ada is in 6) Construction with 1 carbon, 1 oxygen and 1 water, and 0 VP. Each new "
                            "communications module is worth 1 VP (rulebook: 6) Construction: e) Communications "
                            "modules), but victory points are recounted at the end of the turn from what is "
                            "active then (rulebook: 7) End of Turn). Score a point this turn."),
                   student_seats=(0,))
    r, comm = _play(r, START, "build", installation="comm", level=1, mark="good",
                    hint="Which of these builds has a row on the score sheet?",
                    comment=("A level-1 communications module costs 1 carbon + 1 oxygen and is worth 1 VP: "
                             "the score sheet's Communications row (rulebook: 6) Construction: e) "
                             "Communications modules). Once staffed, it also lets Ada trade with other colonies in her trade "
                             "phase."))
    r, _ = _play(r, START, "acquire_contract", give=IRON, get=CARBON, mark="mistake",
                 comment=("A trade contract (1 carbon + 1 water) makes trading cheaper, but the rulebook "
                          "lists no victory points for it (rulebook: 6) Construction: f) Trade contracts): "
                          "it scores nothing this turn."))
    r, node = _forced(r, comm)            # nothing else to build: on to the end of the turn
    r, staff = _play(r, node, "staff", slot=SLOT_NAMES["comm1"], mark="good",
                     hint="A building with no colonist is inactive: does it count at the recount?",
                     comment=("With a colonist the module is active and counts: an installation with no "
                              "colonist gives no VP (rulebook: 6) Construction: Active or inactive "
                              "installations). Ada's plant has the spare energy for it."))
    r, _ = _play(r, node, "end_moves", mark="mistake",
                 comment=("The module would stay without a colonist: inactive, so the recount at the end "
                          "of the turn gives Ada 0 VP for it (rulebook: 7) End of Turn)."))
    r, _end = _play(r, staff, "end_moves", mark="good",
                    comment=("The recount at the end of the turn: the Communications row gives Ada 1 VP and "
                             "her VP cube moves to 1 (rulebook: 7) End of Turn). Points are never banked: if "
                             "the colonist leaves the module in a later turn, the point goes with it."))
    return r


def questions():
    """Four questions, each the JSON text of `question_json` (the engine computes the answer)."""
    from mars_rules import Action
    from widgets.lesson import question_json
    start = _start()
    idle = (start.edit().build("Ada", "communications module", 3).build("Ada", "power plant", 1)
            .staff("Ada", "plant1", "comm2", "comm3").done())
    dark = start.edit().build("Ada", "habitat", 2).habitats("Ada", "powered", "dark").done()
    trade = start.edit().hand("Ada", "IIIWS").set_turn("Ada", "trade").done()
    build = start.edit().hand("Ada", "CCOOWSI").set_turn("Ada", "build").done()
    return [
        question_json(idle, "score", seat=0, rule="Communications",
                      prompt=("Ada has built communications modules 1, 2 and 3. Modules 2 and 3 have a "
                              "colonist, module 1 has none. How many VP does Ada score for Communications?")),
        question_json(dark, "score", seat=0, rule="Habitats (powered)",
                      prompt=("Ada has built two new habitats; the second is dark (not powered). The rulebook "
                              "gives 1 VP for each new habitat; this project reads it as 1 VP while the habitat "
                              "is powered (ASSUMED, the rulebook does not say). How many VP does Ada score for "
                              "Habitats (powered)?")),
        question_json(trade, "legal_choice", actions=[
            Action("build", 0, {"installation": "plant", "level": 1}),
            Action("start_offer", 0, {"partner": 1}),
            Action("earth_trade", 0, {"give": IRON, "get": OXYGEN, "count": 3}),
        ], prompt=("Ada is in her trade phase with 3 iron, 1 water and 1 silicon, and no communications "
                   "module. Which of these actions is legal now?")),
        question_json(build, "legal_choice", actions=[
            Action("build", 0, {"installation": "comm", "level": 2}),
            Action("build", 0, {"installation": "port", "level": 1}),
            Action("build", 0, {"installation": "comm", "level": 1}),
        ], prompt=("Ada holds 2 carbon, 2 oxygen, 1 water, 1 silicon and 1 iron, and has no communications "
                   "module yet. Which of these builds is legal?")),
    ]


LESSONS = {"trade_with_earth.json": trade_lesson, "communications_vp.json": communications_lesson}


def main() -> None:
    from widgets.lesson import save_lessons
    save_lessons(HERE, {name: make() for name, make in LESSONS.items()}, questions())

if __name__ == "__main__":
    main()
