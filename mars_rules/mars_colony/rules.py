"""Legality, transitions and explanations of Mars: one table per step, one function per action kind.

`legal(state)` is the one place legality is decided; `play(state, action)` dispatches to the
`play_<kind>` functions of the phase modules; `why(state, action)` explains a refusal.
"""
from __future__ import annotations

from mars_rules.core import CHANCE
from mars_rules.core.state import check_seat

from . import rules_build as B
from . import rules_end as E
from . import rules_event as V
from . import rules_research as R
from . import rules_setup as S
from . import rules_trade as T

LEGAL = {
    "mine_draft": S.legal_draft,
    "event_choice": V.legal_event_choice,
    "attack": V.legal_attack,
    "research": R.legal_research,
    "research_keep": R.legal_keep,
    "trade": T.legal_trade,
    "trade_offer": T.legal_offer,
    "trade_reply": T.legal_reply,
    "build": B.legal_build,
    "move_colonists": E.legal_moves,
    "discard": E.legal_discard,
}
OUTCOMES = {
    "deal": S.outcomes_deal,
    "event": V.outcomes_event,
    "event_take": V.outcomes_take,
    "attack_take": V.outcomes_take,
    "supply_draw": V.outcomes_supply_draw,
    "research_die": R.outcomes_die,
    "research_draw": R.outcomes_draw,
    "resupply": None,  # filled below
}
PLAY = {
    "choose_mine": S.play_choose_mine, "deal": S.play_deal,
    "reveal_event": V.play_reveal, "choose_rival": V.play_choose_rival, "contest": V.play_contest,
    "take_reserve": V.play_take_reserve, "take_card": V.play_take_card, "supply_card": V.play_supply_card,
    "attack": V.play_attack, "no_attack": V.play_no_attack,
    "roll_die": R.play_roll, "skip_research": R.play_skip, "die": R.play_die, "draw_rd": R.play_draw_rd,
    "keep_card": R.play_keep, "play_card": R.play_card,
    "earth_trade": T.play_earth, "contract_trade": T.play_contract, "start_offer": T.play_start_offer,
    "offer_give": T.play_give, "offer_ask": T.play_ask, "send_offer": T.play_send,
    "withdraw_offer": T.play_withdraw, "accept_offer": T.play_accept, "refuse_offer": T.play_refuse,
    "end_trade": T.play_end_trade,
    "build": B.play_build, "acquire_contract": B.play_acquire, "cancel_contract": B.play_cancel,
    "end_construction": B.play_end_build,
    "staff": E.play_staff, "unstaff": E.play_unstaff, "power_habitat": E.play_power, "end_moves": E.play_end_moves,
    "discard": E.play_discard, "return_contract": E.play_return,
}
# the step where each decision kind belongs, and the rule to cite when it is asked for elsewhere
HOME = {
    "choose_mine": ("mine_draft", "Setup"),
    "choose_rival": ("event_choice", V.R_CONFLICT), "contest": ("event_choice", V.R_SUPREMACY),
    "take_reserve": ("event_choice", V.R_EVENT),
    "attack": ("attack", V.R_MILITARY), "no_attack": ("attack", V.R_MILITARY),
    "roll_die": ("research", R.RULE), "skip_research": ("research", R.RULE),
    "keep_card": ("research_keep", R.RULE), "play_card": ("trade, build or research_keep", R.RULE),
    "earth_trade": ("trade", T.R_EARTH), "contract_trade": ("trade", T.R_CONTRACT),
    "start_offer": ("trade", T.R_COLONY), "end_trade": ("trade", T.RULE),
    "offer_give": ("trade_offer", T.R_COLONY), "offer_ask": ("trade_offer", T.R_COLONY),
    "send_offer": ("trade_offer", T.R_COLONY), "withdraw_offer": ("trade_offer", T.R_COLONY),
    "accept_offer": ("trade_reply", T.R_COLONY), "refuse_offer": ("trade_reply", T.R_COLONY),
    "build": ("build", B.RULE), "acquire_contract": ("build", B.rule_of("contract")),
    "cancel_contract": ("build", B.rule_of("contract")), "end_construction": ("build", B.RULE),
    "staff": ("move_colonists", E.RULE), "unstaff": ("move_colonists", E.RULE),
    "power_habitat": ("move_colonists", E.RULE), "end_moves": ("move_colonists", E.RULE),
    "discard": ("discard", E.RULE), "return_contract": ("discard", E.RULE),
}
WHY = {"choose_mine": S.why_choose_mine}
for _k in ("choose_rival", "contest", "take_reserve", "attack", "no_attack"):
    WHY[_k] = V.why_event
for _k in ("roll_die", "skip_research", "keep_card", "play_card"):
    WHY[_k] = R.why_research
for _k in ("earth_trade", "contract_trade", "start_offer", "end_trade", "offer_give", "offer_ask", "send_offer",
           "withdraw_offer", "accept_offer", "refuse_offer"):
    WHY[_k] = T.why_trade
for _k in ("build", "acquire_contract", "cancel_contract", "end_construction"):
    WHY[_k] = B.why_build
for _k in ("staff", "unstaff", "power_habitat", "end_moves", "discard", "return_contract"):
    WHY[_k] = E.why_end


def _outcomes_resupply(s):
    from mars_rules.core import Action
    from .data import a_material
    name = s.players[s.active]
    return tuple((Action.fast("resupply", CHANCE, (("material", m),),
                              lambda a, name=name: f"Earth sends {name} {a_material(a[2][0][1])} card"), c)
                 for m, c in enumerate(s.supply) if c)


def _play_resupply(s, a, log):
    from .flow import add, enter_mining, set_col
    m = a[2][0][1]
    p = s.active
    col = s.colonies[p]
    s = set_col(s, p, col._replace(hand=add(col.hand, m)), supply=add(s.supply, m, -1))
    log.append(f"Resupply: {s.players[p]} draws a card from the supply deck.")
    return enter_mining(s, log)


OUTCOMES["resupply"] = _outcomes_resupply
PLAY["resupply"] = _play_resupply


def legal(s):
    if s.viewer >= 0:
        return ()
    return LEGAL[s.step](s)


def outcomes(s):
    if s.viewer >= 0:
        return ()
    return OUTCOMES[s.step](s)


_new = tuple.__new__


def play(s, action):
    log = []
    nxt = list(PLAY[action[0]](s, action, log))
    nxt[5] = tuple(log)          # the events field
    return _new(type(s), nxt)


def why(s, a):
    from mars_rules.core import Action
    if s.viewer >= 0:
        return ("This is one player's view of the game, with hidden cards blanked: apply actions to the full "
                "game state instead.", "The game contract")
    if not isinstance(a, Action):
        return f"{a!r:.60} is not an Action; choose one of state.legal_actions().", "The game contract"
    if s.to_move is None:
        return "The game is over: no more actions can be taken.", "End of the Game"
    if s.to_move == CHANCE:
        return ("This is a chance node (a card draw or a die roll): apply one of the outcomes in "
                "state.legal_actions() or call state.resolve_chance().", _chance_rule(s))
    if a.kind in PLAY and a.kind not in HOME:
        return (f"'{a.kind}' is a chance outcome, but this is a decision of {s.players[s.to_move]} "
                f"(step {s.step}).", "The game contract")
    if a.kind not in PLAY:
        return (f"Mars has no action {a.kind!r}. Here {s.players[s.to_move]} may: "
                + "; ".join(sorted({x.kind for x in s.legal_actions()})) + ".", "The game contract")
    if a.player != s.to_move:
        who = (s.players[a.player] if isinstance(a.player, int) and 0 <= a.player < len(s.players)
               else repr(a.player))
        return f"It is {s.players[s.to_move]}'s decision now (step {s.step}), not {who}'s.", HOME[a.kind][1]
    home, rule = HOME[a.kind]
    missing = _missing_installation(s, a, home)
    if missing:
        return missing
    if s.step not in home.split(", ") and not (a.kind == "play_card" and s.step in ("trade", "build")):
        return (f"'{a.kind}' belongs to step {home}, and the game is at step {s.step}. Here you may: "
                + "; ".join(sorted({x.kind for x in s.legal_actions()})) + ".", rule)
    return WHY[a.kind](s, a)


def _missing_installation(s, a, home):
    """The die and the attack are offered only with an active centre or base: say so, not just the step."""
    if s.step == home or not isinstance(s.to_move, int):
        return None
    from .state import summary
    sm = summary(s.colonies[s.to_move].staff)
    if a.kind in ("roll_die", "skip_research") and not sm.rnd:
        return ("Rolling the R&D die needs an active R&D centre (a colonist on your level-1 centre).",
                R.R_CENTRES)
    if a.kind in ("attack", "no_attack") and not sm.mil:
        return ("A military attack needs an active military base (a colonist on your level-1 base).",
                V.R_MILITARY)
    return None


def _chance_rule(s):
    return {"deal": "Setup", "event": "1) Event", "event_take": "1) Event: a) Conflicts",
            "attack_take": "6) Construction: g) Military bases", "supply_draw": "1) Event",
            "research_die": "2) R&D", "research_draw": "2) R&D", "resupply": "3) Resupply"}.get(s.step, "Setup")


def view(s, player):
    """What `player` may see: the others' hands and kept R&D cards are blanked, and so is the make-up of
    the face-down decks (supply, R&D1, R&D2: their counts would reveal which cards are kept). `masked`
    holds what is public about them: (hand sizes, kept R&D counts, supply size, R&D1 size, R&D2 size)."""
    if s.viewer >= 0:
        raise ValueError("this is already a player's view")
    if player is not None:
        check_seat(s, player)
    if player is None:
        return s
    if not isinstance(player, int) or not 0 <= player < len(s.players):
        raise ValueError(f"no seat {player!r}: seats are 0..{len(s.players) - 1}")
    cols = []
    for q, c in enumerate(s.colonies):
        if q != player:
            c = c._replace(hand=(0, 0, 0, 0, 0), kept=())
        cols.append(c)
    masked = (tuple(sum(c.hand) for c in s.colonies), tuple(len(c.kept) for c in s.colonies), sum(s.supply),
              sum(s.rd1_deck), sum(s.rd2_deck))
    zeros1, zeros2 = (0,) * len(s.rd1_deck), (0,) * len(s.rd2_deck)
    extra = {}
    if s.step == "research_keep" and player != s.active:
        # the drawn card may still be kept hidden: the others only know that a card was drawn
        extra = {"card": "", "events": (f"{s.players[s.active]} draws an R&D card that may be kept in hand.",)}
    # the seed goes too (-1): with it, the future draws could be worked out
    return s._replace(colonies=tuple(cols), supply=(0, 0, 0, 0, 0), rd1_deck=zeros1, rd2_deck=zeros2,
                      viewer=player, masked=masked, seed=-1, **extra)
