"""Words for ruins, discoveries and actions (built only when a student reads them)."""
from __future__ import annotations

from .data import POSITIONS


def a_rank(r: int) -> str:
    """'a 7', 'an 8', 'an 11', 'an 18'."""
    return f"{'an' if str(r).startswith('8') or r in (11, 18) else 'a'} {r}"


def effect_words(effect) -> str:
    kind, amount = effect
    if kind == "rank":
        return f"+{amount} rank"
    if kind == "wild":
        return "wild rank"
    if kind == "draw":
        return f"each opponent draws {amount}"
    return f"light {amount} torches"


def discovery_words(state, d: int) -> str:
    c = state.cards
    return f"{POSITIONS[c.disc_pos[d]]} discovery #{d} ({effect_words(c.disc_effect[d])})"


def ruin_words(state, cid: int) -> str:
    """'ruin #12 (rank 6: night side, +2 rank, wild; claimed by Bo)'."""
    c = state.cards
    rec = state.ruins[cid]
    parts = ["night side" if rec[0] else "day side"]
    if rec[0] and c.night_effect[cid] is not None:
        parts.append("night: " + effect_words(c.night_effect[cid]))
    for d in rec[2:]:
        if d >= 0:
            parts.append(effect_words(c.disc_effect[d]))
    if rec[1] >= 0:
        parts.append(f"claimed by {state.players[rec[1]]}")
    return f"ruin #{cid} (rank {state.rank[cid]}: {', '.join(parts)})"


def short(state, cid: int) -> str:
    """'6#12': rank and id, for lists."""
    return f"{state.rank[cid]}{'*' if state.wild[cid] else ''}#{cid}"


def play_words(state, ids) -> str:
    return ", ".join(short(state, c) for c in ids)


# ----- events: words put together only when read ---------------------------------------------------
class Event(tuple):
    """An event not yet put into words: `(fn, *args)`, its text `fn(*args)` (the args are plain values,
    never a State). It compares and hashes as its text, so a State holding it equals the same State
    read back from JSON (which holds the text). Build with `tuple.__new__(Event, (fn, ...))`."""

    __slots__ = ()

    def __str__(self):
        return self[0](*self[1:])

    def __eq__(self, other):
        if isinstance(other, (str, Event)):
            return str(self) == str(other)
        return NotImplemented

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self):
        return hash(str(self))

    def __repr__(self):
        return repr(str(self))


def play_event(name, following, r, sel, rank, wild) -> str:
    """'Ada leads a set of 2 7s: 7#3, 7*#12.' (`rank`, `wild`: the State's, when the play is made)."""
    what = a_rank(r) if len(sel) == 1 else f"a set of {len(sel)} {r}s"
    words = ", ".join(f"{rank[c]}{'*' if wild[c] else ''}#{c}" for c in sel)
    return f"{name} {'follows with' if following else 'leads'} {what}: {words}."


def _discover_words(cards, cost, slot, d, cid, rank) -> str:
    return (f"Spend {cost} torch{'es' if cost > 1 else ''} on {POSITIONS[cards.disc_pos[d]]} discovery #{d} "
            f"({effect_words(cards.disc_effect[d])}) from slot {slot + 1} and add it to ruin #{cid} (rank {rank})")


def discover_event(cards, cost, slot, d, cid, old, rk, w, amount, left, now, torches) -> str:
    """A discovery bought (for `cost` torches, the game's `market_costs` of the slot): the action's words, the
    new rank, and the torches a "light" discovery lights (up to `torches`, the game's number)."""
    ev = _discover_words(cards, cost, slot, d, cid, old) + f": ruin #{cid} is now rank {rk}{', wild' if w else ''}."
    if amount:
        ev += f" It lights {amount} torches at once: {now - left} lit ({now} of {torches})."
    return ev


def with_period(a) -> str:
    """A chance outcome's event: its action's words and a full stop."""
    return str(a) + "."


# ----- action texts: text(state, action) -----------------------------------------------------------
class _Text:
    """A picklable text function for actions whose words need no position."""

    __slots__ = ("fmt", "args")

    def __init__(self, fmt, *args):
        self.fmt = fmt
        self.args = args

    def __call__(self, a):
        values = dict(a[2])
        return self.fmt.format(*self.args, **values, day=values.get("ruin", 0) // 5 + 1,
                               slot1=values.get("slot", 0) + 1)


def deal_text_of(name):
    return _Text("{0} is dealt ruin #{ruin} (printed day rank {day})", name)


def draw_text_of(name):
    return _Text("{0} draws ruin #{ruin} from the deck (each opponent must draw)", name)


def reveal_text_of(pos, effect):
    return _Text("Reveal {0} discovery #{discovery} ({1}) into market slot {slot1}", POSITIONS[pos],
                 effect_words(effect))


def flip_text(state, a):
    cid = a[2][0][1]
    c = state.cards
    extra = c.night_effect[cid]
    eff = f", and gains '{effect_words(extra)}'" if extra else ""
    return (f"Secretly flip ruin #{cid} to its night side for good: day rank {c.day[cid]} "
            f"becomes night rank {c.night[cid]}{eff}")


def no_flip_text(state, a):
    return "Keep all your ruins day side up this round"


def pick_text(state, a):
    cid = a[2][0][1]
    n = len(state.selection)
    verb = "Lead" if state.step == "lead" else "Follow"
    return f"{verb}: add {ruin_words(state, cid)} to your play (ruin {n + 1})"


def pass_text(state, a):
    if state.selection:
        return "Pass: put the chosen ruins back in your hand and end your turn"
    return f"Pass (do not follow the {state.last_rank}s)"


def lead_done_text(state, a):
    k = len(state.selection)
    return (f"Done choosing: lead {'this ruin' if k == 1 else f'these {k} ruins'} "
            "(claims, discoveries and the confirmation come next)")


def claim_text(state, a):
    cid = a[2][0][1]
    return f"Claim {ruin_words(state, cid)} with one of your claim cards (it comes back to you at each deal)"


def claims_done_text(state, a):
    return "No more claims this turn"


def discover_text(state, a):
    slot, cid = a[2][0][1], a[2][1][1]
    return _discover_words(state.cards, state.options.market_costs[slot], slot, state.market[slot], cid,
                           state.rank[cid])


def confirm_text(state, a):
    from .crafting import set_rank
    ids = state.selection
    r = set_rank([(state.rank[c], state.wild[c]) for c in ids])
    what = a_rank(r) if len(ids) == 1 else f"a set of {len(ids)} {r}s"
    same = " (same rank: the next player is skipped)" if state.step == "discover" and state.last_rank == r else ""
    return f"Play {what}: {play_words(state, ids)}{same}"
