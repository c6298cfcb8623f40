"""The turn's invariants of a Mars position (part of `invariants.problems`): the step, the player to move,
the step's task, the card being resolved, the open offer, the turn's counters, Magna Scientia, the
result of a finished game, and dead ends (a player to move with nothing to do).

>>> from mars_rules.mars_colony import quick_start
>>> s = quick_start(2, seed=1)
>>> out = []
>>> turn_problems(s._replace(to_move=1), out)
>>> out
['to_move: 1 at step event, where it is "chance" (a card or die decides): set `to_move` to "chance"']
"""
from __future__ import annotations

from mars_rules.core import CHANCE

from .data import MATERIALS, MINES_IN_DRAFT, SLOTS
from .invariants import CHANCE_STEPS, card_kinds, show
from .state import summary

RESUME = ("event", "research", "trade", "build")   # where play goes on after supply draws
# steps that come before the trade phase of a turn: no offer has been made yet
BEFORE_TRADE = ("mine_draft", "deal", "event", "event_choice", "event_take", "attack", "attack_take", "research",
                "research_die", "research_draw", "research_keep", "resupply")
# steps that come before (or are) the event's own resolution: no dust storm has been drawn yet this turn
BEFORE_DUST = ("mine_draft", "deal", "event", "event_choice", "event_take", "resupply")
TASK_WORDS = {
    "mine_draft": "one number, the draft pick in progress",
    "deal": "one number, the cards dealt so far",
    "event_choice": '"rival", "contest", or "deposit" followed by the cards still to take',
    "event_take": 'the winner\'s seat, the loser\'s seat, the cards still to take, then "take" or "discard"',
    "attack_take": 'the winner\'s seat, the loser\'s seat, 1, then "take"',
    "supply_draw": 'the step to resume ("event", "research", "trade" or "build"), then the seat of each draw to come',
    "research_draw": '"rd1" or "rd2"',
    "move_colonists": "one number, the bit mask of the slots moved this turn",
}


# ----- the turn: step, player to move, task, card, offer, counters, result ------------------------------
def turn_problems(s, out):
    """Add to `out` what is wrong with the turn's state (the step, who moves, task, card, offer, counters)."""
    from .rules import LEGAL, OUTCOMES
    step, tm, n = s.step, s.to_move, len(s.players)
    if step != "game_over" and step not in LEGAL and step not in OUTCOMES:
        out.append(f"step: {step} is passed through at once (it needs no decision), so no position rests "
                   "there: use the step after it")
        return
    if step == "game_over":
        want = None
    elif step in CHANCE_STEPS:
        want = CHANCE
    elif step == "trade_reply":
        want = s.offer[0] if s.offer else None
    else:
        want = s.active
    if step == "trade_reply" and not s.offer:
        pass  # reported with the offer
    elif type(tm) is not type(want) or tm != want:
        who = {None: "null (the game is over)", CHANCE: '"chance" (a card or die decides)'}.get(
            want, f"{want} (the {'partner of the offer' if step == 'trade_reply' else 'active seat'})")
        out.append(f"to_move: {show(tm)} at step {step}, where it is {who}: set `to_move` to {show(want)}")
    rules = s.options
    if rules.turn_limit and s.round > rules.turn_limit:
        out.append(f"round: {s.round} is past the turn limit {rules.turn_limit}, where the game ends: raise "
                   f"`turn_limit` to {s.round} or more (0 for no limit)")
    _task(s, out)
    _card(s, out)
    _offer(s, out)
    if s.dust and (step in BEFORE_DUST or (step == "supply_draw" and s.task[:1] == ("event",))):
        out.append(f"dust: 1 at step {step}, before any dust storm of this turn could be drawn: set `dust` to 0")
    if s.offers > rules.max_offers:
        out.append(f"offers: {s.offers} offers this turn, at most {rules.max_offers} (option max_offers, an ASSUMED "
                   f"limit): lower `offers` to {rules.max_offers}")
    elif s.offers and (step in BEFORE_TRADE or (step == "supply_draw" and s.task[:1] in (("event",), ("research",)))):
        out.append(f"offers: {s.offers} at step {step}, before this turn's trade phase: set `offers` to 0")
    elif not s.offers and step in ("trade_offer", "trade_reply"):
        out.append(f"offers: 0 at step {step}, where an offer has been started: set `offers` to 1")
    _magna(s, out)
    if step == "game_over":
        _result(s, out)
    elif s.result:
        out.append(f"result: winners {show(s.result)} are set but the game is not over: set `result` to none")
    sm = summary(s.colonies[s.active].staff)
    if step == "attack" and (n < 2 or not sm.mil):
        out.append(f"step: attack needs an active military base in colonies[{s.active}] (the active seat)")
    if step in ("research", "research_die") and not sm.rnd:
        out.append(f"step: {step} needs an active R&D centre in colonies[{s.active}] (the active seat)")
    if step == "research_draw" and s.task == ("rd2",) and sm.rnd < 2:
        out.append(f"task: an R&D2 card is drawn only with an active level-2 R&D centre, which colonies[{s.active}] "
                   "lacks: use rd1")


def _task(s, out):
    step, task, n = s.step, s.task, len(s.players)

    def seat(x):
        return type(x) is int and 0 <= x < n

    def number(x, lo, hi):
        return type(x) is int and lo <= x < hi
    if step == "mine_draft":
        from .rules_setup import draft_order
        ok = len(task) == 1 and number(task[0], 0, MINES_IN_DRAFT * n)
        if ok and draft_order(n)[task[0]] != s.active:
            out.append(f"active: {s.active} at draft pick {task[0]}, where seat {draft_order(n)[task[0]]} picks: set "
                       f"`active` to {draft_order(n)[task[0]]}")
    elif step == "deal":
        ok = len(task) == 1 and number(task[0], 0, s.options.start_hand * n)
    elif step == "event_choice":
        ok = task in (("rival",), ("contest",)) or (len(task) == 2 and task[0] == "deposit"
                                                    and number(task[1], 1, 6))
    elif step in ("event_take", "attack_take"):
        ok = (len(task) == 4 and seat(task[0]) and seat(task[1]) and task[0] != task[1]
              and s.active in task[:2] and number(task[2], 0, 6) and task[3] in ("take", "discard"))
        if ok and step == "attack_take":
            ok = task[2:] == (1, "take")
    elif step == "supply_draw":
        ok = len(task) >= 2 and task[0] in RESUME and all(seat(x) for x in task[1:])
        if ok and task[0] != "event" and any(x != s.active for x in task[1:]):
            out.append(f"task: the draws of an R&D card go to the active seat {s.active} only, not to seats "
                       f"{show(task[1:])}")
    elif step == "research_draw":
        ok = task in (("rd1",), ("rd2",))
    elif step == "move_colonists":
        ok = len(task) == 1 and number(task[0], 0, 1 << len(SLOTS))
    else:
        ok = task == ()
    if not ok:
        out.append(f"task: {show(task)} does not fit step {step}, where it is "
                   f"{TASK_WORDS.get(step, 'empty')}")


def _card(s, out):
    """The card being resolved: set only while its own step lasts, and of the kind that step needs."""
    step, cid, task = s.step, s.card, s.task
    kinds = card_kinds(s.cards)
    need = None
    if step == "event_choice" and task[:1]:
        need = {"rival": "conflict", "contest": "contested", "deposit": "deposit"}.get(task[0])
    elif step == "event_take":
        need = "conflict"
    elif step == "supply_draw" and task[:1] == ("event",):
        need = "supply_ship"
    elif step == "research_keep":
        need = "keepable"
    if need is None:
        if cid:
            out.append(f"card: {show(cid)} is being resolved at step {step}, where no card is: set `card` to \"\"")
        return
    if kinds.get(cid) != need:
        words = {"conflict": "a conflict event card", "contested": "a Contested Supremacy event card",
                 "deposit": "a deposit event card", "supply_ship": "a supply ship event card",
                 "keepable": "a keepable R&D card"}[need]
        out.append(f"card: {show(cid) if cid else 'no card'} at step {step}, where {words} is being resolved")
        return
    if step == "event_take":
        ev = next(e for e in s.cards.events if e.id == cid)
        mode = {"take_cards": "take", "discard_cards": "discard"}.get(ev.effect)
        if mode is None:
            out.append(f"card: {ev.id} ({ev.effect}) takes no cards, yet step event_take is taking some")
        elif len(task) == 4 and (task[3] != mode or not isinstance(task[2], int)
                                 or not min(1, ev.amount) <= task[2] <= ev.amount):
            # the count goes down from the card's amount to 1 (a card of amount 0 takes 1, its count staying 0)
            out.append(f"task: {show(task)} does not fit {ev.id}, whose winner {mode}s "
                       + (f"1 to {ev.amount} card(s) (the count still to take)" if ev.amount else
                          "one card (its count 0)") + f": the 4 values are the winner, the loser, the count, {mode}")
    if step == "event_choice" and task[:1] == ("deposit",) and len(task) == 2:
        ev = next(e for e in s.cards.events if e.id == cid)
        if isinstance(task[1], int) and task[1] > max(1, ev.amount):
            out.append(f"task: {task[1]} reserve card(s) still to take, but {ev.id} gives {max(1, ev.amount)}")
    if step == "supply_draw" and task[:1] == ("event",):
        n = len(s.players)
        ev = next(e for e in s.cards.events if e.id == cid)
        order = tuple((s.active + k) % n for k in range(n)) * max(1, ev.amount)
        rest = task[1:]
        if rest != order[len(order) - len(rest):]:
            out.append(f"task: the draws to come ({show(rest)}) are not the end of {ev.id}'s draws, one per seat "
                       f"from the active seat on ({show(order)})")


def _offer(s, out):
    step, offer = s.step, s.offer
    if step not in ("trade_offer", "trade_reply"):
        if offer:
            out.append(f"offer: an offer is open at step {step}, where there is none: set `offer` to none")
        return
    if not offer or offer[0] == s.active:
        out.append(f"offer: step {step} needs an offer to another colony: the partner's seat, 5 counts given, 5 "
                   "counts asked")
        return
    q, give, ask = offer
    hand = s.colonies[s.active].hand
    for m in range(5):
        if give[m] > hand[m]:
            out.append(f"offer: gives {give[m]} {MATERIALS[m]} card(s), but the active player holds {hand[m]}: "
                       f"lower the {MATERIALS[m]} count of what is given to {hand[m]}")
        if give[m] and ask[m]:
            out.append(f"offer: {MATERIALS[m]} is both given and asked for: keep it on one side only")
    if sum(ask) > sum(s.colonies[q].hand):
        out.append(f"offer: asks for {sum(ask)} cards, but the partner holds {sum(s.colonies[q].hand)}")
    if step == "trade_reply" and not (sum(give) and sum(ask)):
        out.append("offer: a sent offer gives at least one card and asks at least one back (cards are never "
                   "given away)")
    if not summary(s.colonies[s.active].staff).comm:
        out.append(f"offer: offers to other colonies need an active communications module, which "
                   f"colonies[{s.active}] lacks")


def _magna(s, out):
    """h) Magna Scientia: the first to `science_for_magna` (3) science points takes it; it passes only to one
    who has more."""
    from .flow import science
    need = s.options.science_for_magna
    sci = [science(col, s.cards) for col in s.colonies]
    best = max(sci)
    h = s.magna
    if h < 0:
        if best >= need:
            top = sci.index(best)
            out.append(f"magna: nobody holds Magna Scientia, but seat {top} has {best} science points (it goes to "
                       f"the first with {need}): set `magna` to {top}")
        return
    if h >= len(sci):
        out.append(f"magna: {h} is not a seat")
    elif sci[h] < need:
        out.append(f"magna: seat {h} holds Magna Scientia with {sci[h]} science point(s), where it takes "
                   f"{need}: set `magna` to -1 or give that colony science cards")
    elif best > sci[h]:
        top = sci.index(best)
        out.append(f"magna: seat {top} has {best} science points, more than the holder's {sci[h]}, so it would "
                   f"have taken Magna Scientia: set `magna` to {top}")


def _result(s, out):
    from .scoring import victory_points
    n = len(s.players)
    res = s.result
    if not res:
        out.append("result: a finished game has at least one winner: list the winners' seats in `result`")
        return
    if list(res) != sorted(set(res)) or not all(0 <= w < n for w in res):
        out.append(f"result: {show(res)} must be seats 0..{n - 1}, each once, in increasing order")
        return
    vp = victory_points(s, s.active)
    target, limit = s.options.target, s.options.turn_limit
    if vp >= target:
        if res != (s.active,):
            out.append(f"result: seat {s.active} ended the game with {vp} VP (target {target}), so the "
                       f"winner is that seat alone: set `result` to {s.active}")
        return
    if not limit or s.round != limit or s.active != n - 1:
        out.append(f"result: the game is over but seat {s.active} ended the last turn with {vp} VP, below the "
                   f"target {target}, and the turn limit ({limit or 'none'}) does not end it after round "
                   f"{s.round}: set `step` back to a step of the turn")
        return
    vps = [col.vp for col in s.colonies]
    win = tuple(q for q in range(n) if vps[q] == max(vps))
    if res != win:
        out.append(f"result: at the turn limit the highest VP on the track wins: seats {show(win)} with "
                   f"{max(vps)}: set `result` to {show(win)}")


# ----- dead ends: a player to move with nothing to do ----------------------------------------------------
def dead_ends(s, out):
    """Positions that no play reaches because nothing could happen next (an empty list of choices)."""
    from .flow import over_limits
    step, task = s.step, s.task
    if step in ("deal", "resupply", "supply_draw") and not any(s.supply):
        out.append(f"supply: empty at step {step}, which draws from it: put cards in `supply`")
    if step == "event" and not any(s.event_deck):
        out.append("event_deck: empty at step event (an empty deck is reshuffled from the discard pile first): "
                   "put cards in `event_deck`")
    if step in ("event_take", "attack_take") and not any(s.colonies[task[1]].hand):
        out.append(f"colonies[{task[1]}].hand: empty at step {step}, where the loser gives up a card")
    if step == "research_draw" and not any(getattr(s, task[0] + "_deck")):
        out.append(f"{task[0]}_deck: empty at step research_draw (an empty deck is reshuffled from its discard pile "
                   f"first): put cards in `{task[0]}_deck`")
    if step == "discard" and not over_limits(s):
        out.append(f"step: discard, but colonies[{s.active}] is within the hand and contract limits: use the next "
                   "player's turn instead")
    if step == "event_choice" and task == ("contest",) and not any(c.supremacies for c in s.colonies):
        out.append("task: Contested Supremacy needs a supremacy that someone holds (in `supremacies`)")
    if step == "event_choice" and task[0] == "deposit" and not any(s.reserve):
        out.append("reserve: empty at a deposit, which takes a card from it")
    if not out and s.to_move is not None and not s.legal_actions():
        out.append(f"step: at {step} the player to move would have nothing to do (no legal action)")
