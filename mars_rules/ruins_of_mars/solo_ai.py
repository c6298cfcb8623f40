"""The solo game's AI opponent (Solo Variant): each of its decisions is the one action its procedure
picks, with the reason in the action's text. The AI is seat 1."""
from __future__ import annotations

from functools import partial

from mars_rules.core import Action

from .data import LANGUAGES, RESOURCES, SITE_ACTION, SITES, CardSet
from .effects import advance, can_pay, level_ok, set_board, track_limit
from .flow import enter_reallocate
from .replicate import after_display_change

fast = Action.fast
AI = 1


def _text(reason, a):
    return reason


def _act(kind, items, reason):
    return fast(kind, AI, items, partial(_text, reason))


def rover_site(s, six=None):
    """(site, reason): the Site with the most tiles; rightmost of the tied, leftmost if the solo die showed 6.
    `six=False` ignores the die (for a seat other than the solo AI's, whose turn has no extra roll)."""
    counts = [len(c) for c in s.sites]
    top = max(counts)
    tied = [i for i in range(5) if counts[i] == top]
    if six is None:
        six = s.solo_die == 6
    site = tied[0] if six else tied[-1]
    if len(tied) == 1:
        why = f"most tiles ({top})"
    else:
        names = ", ".join(SITES[i] for i in tied)
        why = (f"most tiles ({top}), {'leftmost' if six else 'rightmost'} of the tied Sites ({names})"
               + ("; leftmost because the solo die showed 6" if six else ""))
    return site, f"{SITES[site]}: {why}"


def least_resource(board):
    """The resource the AI has least of (topmost on a tie)."""
    res = board.resources
    low = min(res)
    return res.index(low)


def best_track(s, seat=AI):
    """The track with the AI's highest marker that can still advance (leftmost on a tie). `seat` plays
    the AI's procedure for another seat (mars_rules.ruins_of_mars.policies.ai_policy)."""
    langs = s.boards[seat].languages
    movable = [t for t in range(5) if langs[t] < track_limit(s, seat, t)]
    if not movable:
        return 0, "tracks are all blocked: the step is lost (leftmost track)"
    top = max(langs[t] for t in movable)
    t = next(t for t in movable if langs[t] == top)
    tied = sum(1 for u in movable if langs[u] == top)
    return t, ("highest marker that can advance" + (", leftmost of the tied tracks" if tied > 1 else ""))


def replicate_choice(s):
    """(slot, card id) of the AI Tech to replicate, or None."""
    b = s.boards[AI]
    ai = s.cards.ai
    best = None
    for slot in range(9):
        cid = b.techs[slot]
        if cid is None or not b.face_down[slot]:
            continue
        card = ai[cid]
        if not level_ok(b, card.level, s.options) or not can_pay(b.resources, card.cost):
            continue
        key = (sum(card.cost), card.level, -(slot // 3))
        if best is None or key > best[0]:
            best = (key, slot, cid)
    return None if best is None else (best[1], best[2])


def legal(s):
    step = s.step
    b = s.boards[AI]
    if step == "place_rover":
        site, why = rover_site(s)
        return (_act("place_rover", (("site", SITES[site]),), f"Place the Rover on the {why}"),)
    if step == "transfer":
        return (_act("skip", (("step", "transfer"),), "Skip the transfer: the AI never makes the optional transfer"),)
    if step == "wrench":
        site = s.rover
        if site == 1:
            r = least_resource(b)
            return (_act("use_wrench", (("choice", RESOURCES[r]),),
                         f"Wrench bonus at the Laboratory: gain 1 {RESOURCES[r]} (the AI's least resource, "
                         f"topmost on a tie)"),)
        if site == 2:
            t, why = best_track(s)
            return (_act("use_wrench", (("choice", LANGUAGES[t]),),
                         f"Wrench bonus at the Workshop: +1 on the {LANGUAGES[t]} track (the AI's {why})"),)
        what = {0: "roll the Wasteland die", 3: "gain 1 Hourglass", 4: "remove 1 Radiation"}[site]
        return (_act("use_wrench", (), f"Wrench bonus at the {SITES[site]}: {what} (the AI uses every Wrench)"),)
    if step == "action":
        if not s.acted:
            kind = SITE_ACTION[s.rover]
            return (_act(kind, (), f"{kind.capitalize()} at the {SITES[s.rover]} (the AI always takes the Site's "
                               f"Action)"),)
        r = least_resource(b)
        return (_act("discover_star", (("resource", RESOURCES[r]),),
                     f"Discover: take 1 {RESOURCES[r]} for the star icon (the AI's least resource, topmost on a tie)"),)
    if step == "replicate":
        pick = replicate_choice(s)
        if pick is None:
            return (_act("skip", (("step", "replicate"),),
                         "Do not replicate: no face-down AI Tech is affordable with its Language requirements met"),)
        slot, cid = pick
        card = s.cards.ai[cid]
        return (_act("ai_replicate", (("card", cid), ("row", slot // 3 + 1)),
                     f"Replicate the AI's Level {card.level} AI Tech in row {slot // 3 + 1} (cost {sum(card.cost)}): "
                     f"the most expensive it can afford, topmost of the highest Level on a tie"),)
    if step == "pass_rover":
        return (_act("pass_rover", (), f"Pass the Rover to {s.players[0]} (end of the AI's turn)"),)
    return ()


def apply_ai_replicate(s, a):
    cid = a.get("card")
    card = s.cards.ai[cid]
    b = s.boards[AI]
    slot = (a.get("row") - 1) * 3 + card.level - 1
    r = b.resources
    c = card.cost
    b = b._replace(resources=(r[0] - c[0], r[1] - c[1], r[2] - c[2], r[3] - c[3]),
                   face_down=b.face_down[:slot] + (False,) + b.face_down[slot + 1:])
    s = s._replace(boards=set_board(s, AI, b), search=-1)
    events = (f"Step 6: the AI pays {sum(c)} resources and reveals its Level {card.level} AI Tech {cid}"
              + (f" ({card.pp} PP)" if card.pp else "") + ".",)
    if card.hourglass:
        b = s.boards[AI]
        s = s._replace(boards=set_board(s, AI, b._replace(hourglass=b.hourglass + card.hourglass)))
        events += (f"Its reward: the AI gains {card.hourglass} Hourglass{'es' if card.hourglass > 1 else ''}.",)
    elif card.language >= 0 and card.steps:
        s, text = advance(s, AI, card.language, card.steps)
        events += (f"Its reward: {text}.",)
    level = card.level
    col = s.display[level - 1]
    k = max((i for i in range(4) if col[i] is not None), default=-1)
    if k < 0:
        return enter_reallocate(s, events + (f"The Level {level} display is empty: nothing to discard.",))
    gone = col[k]
    col = (None,) + col[:k] + col[k + 1:]
    s = s._replace(display=s.display[:level - 1] + (col,) + s.display[level:], removed=s.removed + (gone,))
    events += (f"The bottom-most Level {level} Tech, {s.cards.tech[gone].name} ({gone}), is removed from the game.",)
    return after_display_change(s, level, events)


def spend_hourglasses(s):
    """The AI spends all the Hourglasses it can on Radiation, one for one, as soon as it holds both."""
    b = s.boards[AI]
    if b.radiation and b.hourglass:
        n = min(b.radiation, b.hourglass)
        b = b._replace(radiation=b.radiation - n, hourglass=b.hourglass - n)
        s = s._replace(boards=set_board(s, AI, b),
                       events=s.events + (f"The AI spends {n} Hourglass{'es' if n > 1 else ''} to remove {n} "
                                          f"Radiation (it always does).",))
    return s



# ----- what the players may see -------------------------------------------------------------------
HIDDEN_ID = "hidden-L{level}-row{row}"
"""The id a face-down AI Tech gets in ``state.view(player)``: its Level and row, nothing of its face."""


def masked_view(s):
    """The solo position as a player sees it (``State.view``): every face-down AI Tech is replaced by an
    anonymous card of the same Level and cost (the back shows the cost: Solo Variant, Replicate 1 Tech),
    no reward and no PP, whose id names only its Level and row; the AI Techs returned to the box are not
    listed. Face-up AI Techs, the Tech cards and everything else are unchanged. Nobody looks at the faces
    before they are revealed (Solo Variant: Setup), so every seat gets the same view; the teacher's view
    is the State itself. The view is a valid position (``from_json(view.to_json())`` reads it back);
    ``State.view`` also replaces its seed by -1, so it describes the table, not a way to replay the deal."""
    b = s.boards[AI]
    if not any(b.face_down):
        return s
    ai = s.cards.ai
    by_id = {c["id"]: c for c in s.cards.source["ai"]}
    cards, techs = [], list(b.techs)
    for slot, (cid, down) in enumerate(zip(b.techs, b.face_down)):
        if cid is None:
            continue
        if not down:
            cards.append(by_id[cid])
            continue
        card = ai[cid]
        pid = HIDDEN_ID.format(level=card.level, row=slot // 3 + 1)
        cards.append({"id": pid, "level": card.level,
                      "cost": {r.lower(): n for r, n in zip(RESOURCES, card.cost) if n},
                      "reward": {"kind": "end_game", "pp": 0}})
        techs[slot] = pid
    source = {k: v for k, v in s.cards.source.items() if k != "ai"}
    source["ai"] = cards
    board = b._replace(techs=tuple(techs))
    return s._replace(cards=CardSet(source), boards=set_board(s, AI, board))
