"""Why an action is not legal here: (reason, rulebook section)."""
from __future__ import annotations

from mars_rules.core import CHANCE, Action

KINDS = ("first_player", "choose_character", "deal_character", "skip", "place_rover", "transfer_tile",
         "use_wrench", "wasteland_die", "discover", "decipher", "discover_star", "replicate", "search_deck",
         "take_from_deck", "refill_display", "draw_tile", "solo_die", "pass_rover", "ai_replicate",
         "character_ability", "tech_ability", "use_free_ability")


def why(s, a):
    from . import TURN_STEPS
    rule_of = {st.key: st.rule for st in TURN_STEPS}
    rule = rule_of.get(s.step, "The game contract")
    if not isinstance(a, Action):
        return f"{a!r:.60} is not an Action; choose one of state.legal_actions().", "The game contract"
    kind = a.kind
    if kind not in KINDS:
        return (f"There is no action {kind!r:.40} in Ruins of Mars; the kinds are: {', '.join(KINDS)}.",
                "The game contract")
    if s.to_move is None:
        return "The game is over: no more actions can be taken.", "End of the Game"
    if s.to_move == CHANCE:
        if a.player != CHANCE:
            return (f"This is a chance node ({s.chance.replace('_', ' ')}): apply one of its outcomes or call "
                    f"resolve_chance().", rule)
        return f"That is not one of the possible outcomes of this {s.chance.replace('_', ' ')}.", rule
    if a.player != s.to_move:
        return (f"It is {s.players[s.to_move]}'s decision (seat {s.to_move}), not seat {a.player!r:.20}'s.",
                "Gameplay: players take turns in clockwise order")
    from .why_detail import detail
    return detail(s, a, rule)
