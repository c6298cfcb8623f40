"""Step 6: Replicate 1 Tech (optional), the display refill, and One-Time rewards."""
from __future__ import annotations

from functools import partial

from mars_rules.core import CHANCE, Action

from . import texts
from .effects import advance, can_pay, empty_rows, level_ok, set_board
from .flow import enter_reallocate

fast = Action.fast


def price(cost, oxygen):
    return cost[:3] + (cost[3] + oxygen,)


def legal(s, seat):
    b = s.boards[seat]
    res = b.resources
    tech = s.cards.tech
    rules = s.options
    deck_oxygen = rules.deck_oxygen
    out = []
    if s.search > 0:
        level = s.search
        rows = empty_rows(b, level)
        for cid in s.decks[level - 1]:
            card = tech[cid]
            if can_pay(res, price(card.cost, deck_oxygen)):
                text = partial(texts.take_from_deck, card, deck_oxygen)
                for r in rows:
                    out.append(fast("take_from_deck", seat, (("card", cid), ("row", r + 1)), text))
        out.append(fast("skip", seat, (("step", "replicate"), ("level", level)), texts.skip))
        return tuple(out)
    if s.search == 0:
        display_oxygen = rules.display_oxygen
        for level in (1, 2, 3):
            if not level_ok(b, level, rules):
                continue
            rows = empty_rows(b, level)
            if not rows:
                continue
            col = s.display[level - 1]
            for k in range(4):
                cid = col[k]
                if cid is None:
                    continue
                card = tech[cid]
                if can_pay(res, price(card.cost, display_oxygen[k])):
                    text = partial(texts.replicate, card, display_oxygen)
                    for r in rows:
                        out.append(fast("replicate", seat, (("level", level), ("space", k + 1), ("row", r + 1)), text))
            if res[3] >= deck_oxygen:
                for cid in s.decks[level - 1]:
                    if can_pay(res, price(tech[cid].cost, deck_oxygen)):
                        out.append(fast("search_deck", seat, (("level", level),),
                                        partial(texts.search_deck, deck_oxygen)))
                        break
    out.append(fast("skip", seat, (("step", "replicate"),), texts.skip))
    return tuple(out)


def one_time(s, seat, card, events):
    """Apply a One-Time reward (Tech Rewards)."""
    name = s.players[seat]
    if card.hourglass:
        b = s.boards[seat]
        s = s._replace(boards=set_board(s, seat, b._replace(hourglass=b.hourglass + card.hourglass)))
        return s, events + (f"One-Time reward: {name} gains {card.hourglass} Hourglass"
                            f"{'es' if card.hourglass > 1 else ''}.",)
    if card.language >= 0 and card.steps:
        s, text = advance(s, seat, card.language, card.steps)
        return s, events + (f"One-Time reward: {text}.",)
    return s, events


def place(s, seat, card, row):
    b = s.boards[seat]
    slot = row * 3 + card.level - 1
    techs = b.techs[:slot] + (card.id,) + b.techs[slot + 1:]
    return s._replace(boards=set_board(s, seat, b._replace(techs=techs)))


def _remove_from_display(s, level, k):
    col = s.display[level - 1]
    col = (None,) + col[:k] + col[k + 1:]
    return s.display[:level - 1] + (col,) + s.display[level:]


def after_display_change(s, level, events):
    """Refill the top space of the column from the deck (a chance node) or go on to Step 7."""
    if s.decks[level - 1] and s.display[level - 1][0] is None:
        return s._replace(chance="refill_display", pending=level, to_move=CHANCE, events=events)
    if not s.decks[level - 1]:
        events += (f"The Level {level} deck is empty: the top space stays empty.",)
    return enter_reallocate(s._replace(pending=0), events)


def apply_replicate(s, a):
    seat = s.current
    level, k, row = a.get("level"), a.get("space") - 1, a.get("row") - 1
    cid = s.display[level - 1][k]
    card = s.cards.tech[cid]
    b = s.boards[seat]
    oxygen = s.options.display_oxygen[k]
    cost = price(card.cost, oxygen)
    r = b.resources
    b = b._replace(resources=(r[0] - cost[0], r[1] - cost[1], r[2] - cost[2], r[3] - cost[3]))
    s = s._replace(boards=set_board(s, seat, b), search=-1, display=_remove_from_display(s, level, k))
    s = place(s, seat, card, row)
    events = (f"Step 6: {s.players[seat]} replicates {card.name} ({cid}) from the +{oxygen} Oxygen "
              f"space and places it in row {row + 1}.",)
    s, events = one_time(s, seat, card, events)
    return after_display_change(s, level, events)


def apply_search_deck(s, a):
    level = a.get("level")
    return s._replace(search=level, events=(f"{s.players[s.current]} searches the Level {level} deck.",))


def apply_take_from_deck(s, a):
    seat = s.current
    cid, row = a.get("card"), a.get("row") - 1
    card = s.cards.tech[cid]
    level = card.level
    b = s.boards[seat]
    oxygen = s.options.deck_oxygen
    cost = price(card.cost, oxygen)
    r = b.resources
    b = b._replace(resources=(r[0] - cost[0], r[1] - cost[1], r[2] - cost[2], r[3] - cost[3]))
    deck = tuple(c for c in s.decks[level - 1] if c != cid)
    s = s._replace(boards=set_board(s, seat, b), search=-1, decks=s.decks[:level - 1] + (deck,) + s.decks[level:])
    s = place(s, seat, card, row)
    events = (f"Step 6: {s.players[seat]} pays {oxygen} Oxygen, takes {card.name} ({cid}) from the Level "
              f"{level} deck, places it in row {row + 1} and shuffles the deck.",)
    s, events = one_time(s, seat, card, events)
    return enter_reallocate(s, events)


def refill_outcomes(s):
    level = s.pending
    tech = s.cards.tech
    top = s.options.display_oxygen[0]
    return tuple((fast("refill_display", CHANCE, (("level", level), ("card", cid)),
                       partial(texts.refill, tech[cid], top)), 1) for cid in s.decks[level - 1])


def apply_refill(s, a):
    level, cid = a.get("level"), a.get("card")
    col = s.display[level - 1]
    col = (cid,) + col[1:]
    deck = tuple(c for c in s.decks[level - 1] if c != cid)
    s = s._replace(display=s.display[:level - 1] + (col,) + s.display[level:],
                   decks=s.decks[:level - 1] + (deck,) + s.decks[level:], chance="", pending=0)
    return enter_reallocate(s, (f"{s.cards.tech[cid].name} ({cid}) is revealed into the "
                                f"+{s.options.display_oxygen[0]} Oxygen space of the "
                                f"Level {level} column.",))
