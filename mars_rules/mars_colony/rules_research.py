"""2) R&D: the die, drawing R&D cards, playing them at once or keeping them; playing kept cards later."""
from __future__ import annotations

from mars_rules.core import CHANCE, Action

from .data import DIE_FACES, KEEPABLE, MATERIALS
from .flow import add, check_magna, enter_resupply, set_col
from .rules_event import start_supply_draws
from .state import lookup, summary

RULE = "2) R&D"
R_CENTRES = "6) Construction: h) Research and Development (R&D) centres"
DECK_NAME = {"rd1": "R&D1", "rd2": "R&D2"}
FACE_TEXT = {"rd1": "The R&D die shows R&D1", "rd2": "The R&D die shows R&D2", "blank": "The R&D die shows a blank"}
ROLL = tuple(Action.fast("roll_die", p, (), "Roll the R&D die") for p in range(4))
SKIP = tuple(Action.fast("skip_research", p, (), "Do not roll the R&D die this turn") for p in range(4))


def legal_research(s):
    p = s.to_move
    return (ROLL[p], SKIP[p])


def play_roll(s, a, log):
    return s._replace(step="research_die", to_move=CHANCE)


def play_skip(s, a, log):
    return enter_resupply(s, log)


def outcomes_die(s):
    return tuple((Action.fast("die", CHANCE, (("face", f),), FACE_TEXT[f]), w)
                 for f, w in zip(DIE_FACES, s.cards.die) if w)


def deck_of(s, cid):
    return "rd1" if any(c.id == cid for c in s.cards.rd1) else "rd2"


def _ensure(s, deck, log):
    if any(getattr(s, deck + "_deck")):
        return s
    disc = getattr(s, deck + "_discard")
    if any(disc):
        log.append(f"The {DECK_NAME[deck]} deck is empty: its discard pile is shuffled into a new deck.")
        return s._replace(**{deck + "_deck": disc, deck + "_discard": (0,) * len(disc)})
    return s


def play_die(s, a, log):
    face = a[2][0][1]
    p = s.active
    if face == "blank":
        log.append("The R&D die shows a blank: no card.")
        return enter_resupply(s, log)
    if face == "rd2" and summary(s.colonies[p].staff).rnd < 2:
        log.append("The R&D die shows R&D2, but only a level-1 centre is active: no card.")
        return enter_resupply(s, log)
    s = _ensure(s, face, log)
    if not any(getattr(s, face + "_deck")):
        log.append(f"The R&D die shows {DECK_NAME[face]}, but no such card is left.")
        return enter_resupply(s, log)
    log.append(f"The R&D die shows {DECK_NAME[face]}: {s.players[p]} draws an {DECK_NAME[face]} card.")
    return s._replace(step="research_draw", to_move=CHANCE, task=(face,))


def outcomes_draw(s):
    deck = s.task[0]
    cards = getattr(s.cards, deck)
    return tuple((Action.fast("draw_rd", CHANCE, (("card", cards[i].id),),
                              lambda a, n=cards[i].name: f"The {DECK_NAME[deck]} card is {n}"), c)
                 for i, c in enumerate(getattr(s, deck + "_deck")) if c)


def play_draw_rd(s, a, log):
    cid = a[2][0][1]
    deck = s.task[0]
    cards = getattr(s.cards, deck)
    i = next(k for k, c in enumerate(cards) if c.id == cid)
    s = s._replace(**{deck + "_deck": add(getattr(s, deck + "_deck"), i, -1)}, card=cid)
    card = cards[i]
    log.append(f"{s.players[s.active]} draws {card.name}: {card.text}")
    if card.effect in KEEPABLE:  # the draw is over (its task too): play the card now or keep it
        return s._replace(step="research_keep", to_move=s.active, task=())
    col = s.colonies[s.active]
    s = set_col(s, s.active, col._replace(played=tuple(sorted(col.played + (cid,)))))
    s = check_magna(s, s.active, log)
    return enter_resupply(s._replace(card=""), log)


def play_actions(s, p, cid, source):
    """Ways to play one keepable card (source "new": just drawn; "kept": from the hand)."""
    card = lookup(s.cards)[cid]
    if card.effect == "prospecting":
        return tuple(Action.fast("play_card", p, (("card", cid), ("material", m)),
                                 lambda a, n=card.name:
                                 f"Play {n}: take {MATERIALS[a[2][1][1]]} cards from the reserve")
                     for m in range(5) if s.reserve[m])
    return (Action.fast("play_card", p, (("card", cid), ("material", -1)),
                        lambda a, n=card.name: f"Play {n} now"),)


def legal_keep(s):
    p = s.to_move
    cid = s.card
    return play_actions(s, p, cid, "new") + (
        Action.fast("keep_card", p, (("card", cid),), lambda a, n=lookup(s.cards)[cid].name:
                    f"Keep {n} in your hand to play later (in a trade or construction phase)"),)


def play_keep(s, a, log):
    p = s.active
    col = s.colonies[p]
    s = set_col(s, p, col._replace(kept=tuple(sorted(col.kept + (s.card,)))))
    log.append(f"{s.players[p]} keeps the R&D card in hand (hidden).")
    return enter_resupply(s._replace(card=""), log)


def play_card(s, a, log):
    """Play a keepable card, just drawn (step research_keep) or kept from an earlier turn."""
    cid, m = a[2][0][1], a[2][1][1]
    p = s.active
    col = s.colonies[p]
    if s.step != "research_keep":
        kept = list(col.kept)
        kept.remove(cid)
        col = col._replace(kept=tuple(kept))
    card = lookup(s.cards)[cid]
    deck = deck_of(s, cid)
    i = next(k for k, c in enumerate(getattr(s.cards, deck)) if c.id == cid)
    s = s._replace(**{deck + "_discard": add(getattr(s, deck + "_discard"), i)}, card="")
    resume = "research" if s.step == "research_keep" else s.step
    if card.effect == "prospecting":
        n = min(card.value, s.reserve[m])
        col = col._replace(hand=add(col.hand, m, n))
        s = set_col(s, p, col, reserve=add(s.reserve, m, -n))
        log.append(f"{s.players[p]} plays {card.name} and takes {n} {MATERIALS[m]} cards from the reserve.")
        if resume == "research":
            return enter_resupply(s, log)
        return s
    s = set_col(s, p, col)
    log.append(f"{s.players[p]} plays {card.name} and draws {card.value} cards from the supply deck.")
    return start_supply_draws(s, (p,) * card.value, resume, log)


def legal_kept(s):
    """Kept R&D cards can be played during your trade and construction phases."""
    col = s.colonies[s.to_move]
    if not col.kept:
        return ()
    out = ()
    for cid in sorted(set(col.kept)):
        out += play_actions(s, s.to_move, cid, "kept")
    return out


def why_research(s, a):
    if a.kind == "play_card":
        cid = a.get("card")
        col = s.colonies[s.to_move] if isinstance(s.to_move, int) else None
        if col is not None and cid not in col.kept and cid != s.card:
            return f"You hold no kept R&D card {cid!r} to play.", RULE
        if s.step not in ("trade", "build", "research_keep"):
            return "Kept R&D cards are played during your trade or construction phase.", RULE
        return "Choose a material the reserve still has for that card.", RULE
    if a.kind in ("roll_die", "skip_research"):
        return "You need an active R&D centre to roll the R&D die, once, in phase 2.", R_CENTRES
    if a.kind == "keep_card" and s.step == "research_keep" and a.get("card") != s.card:
        return (f"Only the R&D card just drawn ({s.card}) can be kept now, not {a.get('card')!r:.30}.", RULE)
    return "That is not possible now.", RULE
