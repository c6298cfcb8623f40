"""Why an action is not legal here: (reason in plain words, rulebook section)."""
from __future__ import annotations

from mars_rules.core import CHANCE, Action

from .crafting import set_rank

STEP_RULES = {
    "deal": "Setup; Round End", "night_flip": "Start of Round", "lead": "Player Turns", "follow": "Player Turns",
    "claim": "Upgrading Ruins: A. Add Claim", "discover": "Upgrading Ruins: B. Add Discoveries",
    "draw": "Clarifications & Tips", "refill": "Upgrading Ruins: B. Add Discoveries", "game_over": "Game End",
}
STEP_KINDS = {
    "night_flip": ("flip", "no_flip"), "lead": ("pick", "done"), "follow": ("pick", "pass"),
    "claim": ("claim", "done"), "discover": ("discover", "play"),
}
PARAMS = {"flip": ("ruin",), "no_flip": (), "pick": ("ruin",), "done": (), "pass": (), "claim": ("ruin",),
          "discover": ("slot", "ruin"), "play": ()}
CRAFT = "Crafting Cards"
TIPS = "Clarifications & Tips"
TURNS = "Player Turns"


def why(s, a):
    if not isinstance(a, Action):
        return f"{a!r:.60} is not an Action; choose one of state.legal_actions().", "The game contract"
    rule = STEP_RULES.get(s.step, TURNS)
    if s.viewer >= 0:
        return ("This is one player's view of the game (hidden cards face down), for display only; "
                "apply actions to the full state.", "The game contract")
    if s.to_move is None:
        return "The game is over: no more actions can be taken.", "Game End"
    if s.to_move == CHANCE:
        return ("This is a chance node (a card dealt, drawn or revealed): apply one of "
                "state.chance_outcomes() or call state.resolve_chance().", rule)
    p = s.to_move
    name = s.players[p]
    if a.player != p:
        q = a.player
        if isinstance(q, int) and 0 <= q < len(s.players):
            other = s.players[q]
            if not s.seated[q]:
                return (f"{other} does not play the showdown round: only the VP leader(s) and round "
                        f"{s.options.rounds}'s first player out take part.", "Game End")
            if q in s.out:
                return (f"{other} has gone out this round (no ruins left) and takes no more turns until the "
                        "next round.", "Going Out")
            if s.step == "follow" and s.passed[:1] == (q,) and \
                    any(e.startswith(f"{other} is skipped") for e in s.events):
                return (f"{other} was skipped: the last play matched the rank exactly, so they had to pass "
                        "(even if they could follow).", "Skipping an Opponent's Turn")
        who = s.players[a.player] if isinstance(a.player, int) and 0 <= a.player < len(s.players) else a.player
        if s.step == "night_flip":  # the rulebook's flips are simultaneous: the order is the engine's
            return (f"It is {name}'s turn to choose a night flip, not {who}'s: the secret choices are made one "
                    f"player at a time, from the first player clockwise, and revealed together.",
                    "The game contract")
        return f"It is {name}'s turn to decide, not {who}'s.", rule
    kinds = STEP_KINDS.get(s.step, ())
    if a.kind not in kinds:
        if a.kind == "pass" and s.step == "lead":
            return "The leader cannot pass: lead any 1 ruin or any set of ruins of one rank.", TURNS
        if a.kind in ("claim", "discover", "play") and s.step in ("lead", "follow"):
            return ("Choose the ruins you play first; claims, discoveries and the confirmation come after "
                    "(you may only upgrade ruins you play).", "Upgrading Ruins")
        return (f"Now ({s.step.replace('_', ' ')}) the possible actions are: {', '.join(kinds)}; "
                f"not {a.kind!r}.", rule)
    want = PARAMS[a.kind]
    got = tuple(k for k, _ in a.items)
    if got != want:
        needs = f"the parameters {', '.join(want)}, in that order" if want else "no parameters"
        return f"'{a.kind}' takes {needs}; this action has {', '.join(map(str, got)) or 'none'}.", rule
    cid = a.get("ruin")
    hand = s.hands[p]
    if a.kind in ("flip", "pick", "claim", "discover") and not (isinstance(cid, int) and 0 <= cid < len(s.ruins)):
        return f"{cid!r:.40} is not a ruin id (0-49).", rule
    if a.kind == "flip":
        if cid not in hand:
            return f"Ruin #{cid} is not in your hand: you can only flip a ruin you hold.", "Start of Round"
        return (f"Ruin #{cid} is already on its night side: flipping is permanent and goes one way only.",
                "Start of Round")
    if a.kind == "pick":
        return _why_pick(s, p, cid)
    if a.kind == "done":
        if s.step == "lead":
            return "Choose at least one ruin to lead first.", TURNS
        return "That is not legal here.", rule
    if a.kind == "claim":
        if s.claims_left[p] == 0:
            k = s.options.claims
            return (f"You have used {'both of your' if k == 2 else 'all your'} claim cards this game"
                    f"{'' if k == 2 else f' ({k} a player)'}.", "Upgrading Ruins: A. Add Claim")
        if cid not in s.selection:
            return (f"Ruin #{cid} is not one of the ruins you are playing: you may only upgrade ruins you play.",
                    "Upgrading Ruins")
        return (f"Ruin #{cid} already carries {s.players[s.ruins[cid][1]]}'s claim: a ruin holds at most 1 claim.",
                CRAFT)
    if a.kind == "discover":
        return _why_discover(s, p, a.get("slot"), cid)
    if a.kind == "play":
        return _why_play(s)
    return "That is not legal here.", rule


def _target_words(s):
    if s.last_player < 0:
        return 0, 0, "a lead"
    n = len(s.last_play)
    return s.last_rank, n, f"a follow ({n} ruin{'s' if n > 1 else ''} of one rank {s.last_rank} or higher)"


def _why_pick(s, p, cid):
    if cid not in s.hands[p]:
        return f"Ruin #{cid} is not in your hand.", TURNS
    if cid in s.selection:
        return f"Ruin #{cid} is already chosen for this play.", TURNS
    r, n, what = _target_words(s)
    if n and len(s.selection) >= n:
        return f"You must follow with exactly {n} ruins, no more.", TURNS
    ranks = sorted({s.rank[c] for c in s.selection if not s.wild[c]})
    if n and len(s.hands[p]) < n:
        return (f"You hold {len(s.hands[p])} ruin{'s' if len(s.hands[p]) > 1 else ''}; to follow you must play "
                f"exactly {n}: pass instead.", TURNS)
    if n and (s.rank[cid] < r or (ranks and ranks[0] < r)):
        return (f"Ruin #{cid} has rank {s.rank[cid]}; {what} needs rank {r} or higher, and no discovery you "
                f"can afford ({s.torches[p]} lit torches) gets it there.", TURNS)
    if n and (not ranks or s.rank[cid] in ranks or s.wild[cid]):
        return (f"Ruin #{cid} fits so far, but your hand does not hold {n} ruins of one rank (wild ruins "
                f"included) to finish {what}.", TURNS)
    return (f"Ruin #{cid} has rank {s.rank[cid]} but the ruins chosen so far have rank "
            f"{', '.join(map(str, ranks)) or 'wild'}: a set must share one rank after upgrades, and no discovery "
            f"you can afford makes them match.", TIPS)


def _why_discover(s, p, slot, cid):
    rule = "Upgrading Ruins: B. Add Discoveries"
    if not (isinstance(slot, int) and 0 <= slot < len(s.market)):
        return f"{slot!r:.20} is not a market slot (0-{len(s.market) - 1}).", rule
    d = s.market[slot]
    if d < 0:
        return f"Market slot {slot + 1} is empty (it is refilled at the end of the turn).", rule
    cost = s.options.market_costs[slot]
    if cost > s.torches[p]:
        return f"The discovery in slot {slot + 1} costs {cost} lit torches; you have {s.torches[p]}.", rule
    if cid not in s.selection:
        return (f"Ruin #{cid} is not one of the ruins you are playing: you may only upgrade ruins you play.",
                "Upgrading Ruins")
    pos = s.cards.disc_pos[d]
    if s.ruins[cid][2 + pos] >= 0:
        names = ("top", "middle", "bottom")
        return (f"Ruin #{cid} already has a {names[pos]} discovery: one per position, and an upgrade can never "
                "be covered or removed.", CRAFT)
    return ("Rank changes are mandatory and a set must share one rank after its upgrades: with this discovery "
            "your play could no longer be made legal with the torches you have left.", TIPS)


def _why_play(s):
    sel = s.selection
    r, n, what = _target_words(s)
    got = set_rank([(s.rank[c], s.wild[c]) for c in sel])
    if got < 0:
        return ("The chosen ruins do not share one rank yet: add a discovery that makes them match "
                "(rank changes are mandatory).", TIPS)
    return (f"Your play has rank {got}; {what} needs rank {r} or higher: add a rank discovery first.", TURNS)
