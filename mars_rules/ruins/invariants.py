"""The invariants of a Ruins position, in one list: `problems(state)`.

`problems(state)` returns one sentence per broken rule (an empty list for a position the rules can
continue from). `from_json` runs it on every position it reads, once the JSON shapes and types are
checked, and the property tests run it after every action of random games: what the codec refuses and
what legal play keeps are the same list, so they cannot drift apart. Each sentence starts with the
field path (the JSON key, e.g. `torches[0]` or `passed[1]`) and, where it can, says what would make the
position consistent.

Three groups, in this order:

1. Values, one field at a time: ranges (3 torches, 2 claims, 0-10 VP, seats, ruin and discovery ids),
   increasing order, no repeats, the shape of `resume` and `results`.

Every number a rule option sets (torches, claims, the hand dealt, the scoreboard, the instant-win VP,
the rounds before the showdown) is the position's own, `s.options`: a position is checked against
its own options, so a variant game always reloads, and the same position may be refused under
other options only where it could not happen under them.
2. The box: every used ruin in exactly one hand, the deck or the trick; each of the 39 discoveries in
   the market, the discovery deck or on one ruin; 2 claims per player, used or left.
3. The flow (run only when every value is in range, since it indexes by them): the player to move for
   the step (the passes come in turn order after the last play; the night flips are chosen in turn from
   the first player), the last play and its rank, the market refill, the pending chance nodes and what
   comes after them, who has gone out and the VP each place scored, the showdown seats, the end of the
   game, and that the ruins being chosen can still become a legal play (so no decision is a dead end).

Positions built by hand (`scenario.position`, the notebooks) may start mid-game without the history of
earlier rounds: `results` may leave out the earliest rounds (never one in between), a round may start
on any VP, and without the last round's rows `first_player` is taken as given. What they do record
must add up: an earlier round has one row per player, each row is what its place scored on the track
(back from `start_vp`), this round's rows are `out` in order and give `vp` from `start_vp`. Play from
such a position keeps every invariant (tests/ruins/test_positions.py plays on from some).

What play cannot show is left free: lit torches mid-round, which ruins were flipped in earlier
rounds, who leads a trick after the first, the tie-break of the first player (it needs the previous
first player), the order of forced draws already made.
"""
from __future__ import annotations

from mars_rules.core import CHANCE

from . import legal
from .crafting import derived, set_rank
from .data import COPIES, DISCOVERY_COUNT, MARKET_SIZE, MAX_VP, POSITIONS, RUIN_COUNT, RUINS_USED
from .flow import next_active, seats_from
from .options import conflicts
from .state import NO_FLIP, UNDECIDED

CHANCE_STEPS = ("deal", "draw", "refill")
CHOOSING = ("lead", "follow", "claim", "discover")  # the steps of a play being built (`selection`)
_BLANK = (0, -1, -1, -1, -1)
_ALL_DISCOVERIES = list(range(DISCOVERY_COUNT))
_STEPS: tuple = ()


def _steps() -> tuple:
    global _STEPS
    if not _STEPS:
        from . import TURN_STEPS
        _STEPS = tuple(st.key for st in TURN_STEPS)
    return _STEPS


def listed(values, noun: str = "ruin", plural: str = "", limit: int = 10) -> str:
    """Ids in words, never a Python list: 'ruin 7', 'ruins 3, 7, 12', 'ruins 0, 1, 2, ... (14 in all)'.

    >>> listed([3, 7]), listed([5], "discovery", "discoveries"), listed(range(12))
    ('ruins 3, 7', 'discovery 5', 'ruins 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, ... (12 in all)')
    """
    values = list(values)
    plural = plural or noun + "s"
    if not values:
        return f"no {plural}"
    head = ", ".join(str(v) for v in values[:limit])
    more = f", ... ({len(values)} in all)" if len(values) > limit else ""
    return f"{plural if len(values) > 1 else noun} {head}{more}"


def _n(k: int, noun: str, plural: str = "") -> str:
    """'1 ruin', '3 ruins'."""
    return f"{k} {noun if k == 1 else plural or noun + 's'}"


def _not_ids(bad, what: str) -> str:
    """'50 is not a ruin id', '50, -1 are not ruin ids'."""
    words = ", ".join(str(x) for x in bad[:10]) + (", ..." if len(bad) > 10 else "")
    return f"{words} {'is not a ' + what if len(bad) == 1 else 'are not ' + what + 's'}"


def _who(s, q: int) -> str:
    return f"{s.players[q]} (seat {q})"


def _people(s, seats) -> str:
    return ", ".join(_who(s, q) for q in seats) if seats else "nobody"


def problems(s) -> list:
    """Every broken invariant of position `s` (a State), one sentence each; [] when it is consistent."""
    out: list = []
    values_ok = _values(s, out)
    _box(s, out)
    if values_ok:
        _flow(s, out)
    return out


# ----- 1. values, field by field ----------------------------------------------------------------------
def _in(out, path, v, lo, hi, what="") -> bool:
    if type(v) is not int or not lo <= v <= hi:
        out.append(f"{path}: {v!r:.40} is outside {lo}..{hi}{what}")
        return False
    return True


def _values(s, out) -> bool:
    start = len(out)
    n = len(s.players)
    seat_hi = n - 1
    if s.step not in _steps():
        out.append(f"step: {s.step!r:.40} is not a step of Ruins (one of {', '.join(_steps())})")
    tm = s.to_move
    if not (tm is None or tm == CHANCE or (type(tm) is int and 0 <= tm < n)):
        out.append(f'to_move: {tm!r:.40} is not a seat 0..{seat_hi}, "chance" or null')
    if s.seed < 0:
        out.append(f"seed: {s.seed} is negative; a seed is 0 or more")
    if s.draws < 0:
        out.append(f"draws: {s.draws} is negative; it counts the chance outcomes drawn so far")
    if s.viewer != -1:
        out.append(f"viewer: {s.viewer} makes this a player's view (hidden cards replaced); only the full "
                   "position (viewer -1) can be loaded and played on")
    rules = s.options
    last = rules.rounds
    _in(out, "round", s.round, 1, last + 1, f" (rounds 1-{last}, {last + 1} = the showdown)")
    out += conflicts(rules, n, "options.")
    if s.cards.costs != rules.market_costs or s.cards.scoreboard != tuple(zip((2, 3, 4, 5), rules.scoreboard)):
        out.append("cards: its market costs and scoreboard are not those of the rule options (options.market_costs, "
                   "options.scoreboard): a game's card set carries its options' values")
    _in(out, "first_player", s.first_player, 0, seat_hi)
    _in(out, "last_player", s.last_player, -1, seat_hi, " (-1 when nothing has been played in the trick)")
    if s.last_rank < -1:
        out.append(f"last_rank: {s.last_rank} is below -1 (-1 when nothing has been played in the trick)")
    # the ruins used with this player count
    used = s.used
    ids_ok = all(type(x) is int and 0 <= x < RUIN_COUNT for x in used)
    per = RUINS_USED.get(n, 0) // 10
    if len(used) != RUINS_USED.get(n, -1):
        out.append(f"used: {len(used)} ids; with {n} players the game uses {RUINS_USED.get(n)} ruins")
    elif not ids_ok or list(used) != sorted(set(used)):
        out.append("used: the ruins used are different ruin ids 0-49, in increasing order")
    else:
        counts = [0] * 10
        for x in used:
            counts[x // COPIES] += 1
        for r, k in enumerate(counts):
            if k != per:
                out.append(f"used: {k} ruins of rank {r + 1} ({listed([x for x in used if x // COPIES == r])}); "
                           f"with {n} players each rank keeps {per}")
    used_set = set(used)
    # ruin records
    disc_pos = s.cards.disc_pos
    top = DISCOVERY_COUNT
    for i, rec in enumerate(s.ruins):
        if rec == _BLANK:
            continue
        if i not in used_set:
            out.append(f"ruins[{i}]: ruin {i} is not used with {n} players (see used) but carries upgrades or a night "
                       f"side: set it to 0, -1, -1, -1, -1")
            continue
        night, owner, a, b, c = rec
        if (night == 0 or night == 1) and -1 <= owner <= seat_hi \
                and (a == -1 or (0 <= a < top and disc_pos[a] == 0)) \
                and (b == -1 or (0 <= b < top and disc_pos[b] == 1)) \
                and (c == -1 or (0 <= c < top and disc_pos[c] == 2)):
            continue  # the usual record, checked at once; the messages below only when something is wrong
        p = f"ruins[{i}]"
        _in(out, p + "[0] (night side)", night, 0, 1)
        _in(out, p + "[1] (claim owner)", owner, -1, seat_hi, " (-1 when unclaimed)")
        for k in range(3):
            d = rec[2 + k]
            if _in(out, f"{p}[{2 + k}] ({POSITIONS[k]} discovery)", d, -1, top - 1, " (-1 when empty)") \
                    and d >= 0 and disc_pos[d] != k:
                out.append(f"{p}[{2 + k}]: discovery {d} is a {POSITIONS[disc_pos[d]]} card; it cannot go in "
                           f"the {POSITIONS[k]} position: move it to ruins[{i}][{2 + disc_pos[d]}]")
    # where the ruins are
    for path, ids in [(f"hands[{q}]", h) for q, h in enumerate(s.hands)] + [("deck", s.deck), ("trick", s.trick)]:
        bad = [x for x in ids if not 0 <= x < RUIN_COUNT]
        if bad:
            out.append(f"{path}: {_not_ids(bad, 'ruin id')} (0-49)")
        elif any(ids[j] > ids[j + 1] for j in range(len(ids) - 1)):
            out.append(f"{path}: the ids must be in increasing order (as the game keeps them)")
    for path, ids in (("last_play", s.last_play), ("selection", s.selection)):
        bad = [x for x in ids if not 0 <= x < RUIN_COUNT]
        if bad:
            out.append(f"{path}: {_not_ids(bad, 'ruin id')} (0-49)")
        twice = sorted({x for x in ids if ids.count(x) > 1})
        if twice:
            out.append(f"{path}: {listed(twice)} {'is' if len(twice) == 1 else 'are'} listed twice (a ruin is "
                       f"played once in a play): remove the repeat")
    # discoveries
    if min(s.market) < -1 or max(s.market) >= DISCOVERY_COUNT:
        for j, d in enumerate(s.market):
            _in(out, f"market[{j}]", d, -1, DISCOVERY_COUNT - 1, " (-1 for an empty slot)")
    bad = [d for d in s.ddeck if not 0 <= d < DISCOVERY_COUNT]
    if bad:
        out.append(f"ddeck: {_not_ids(bad, 'discovery id')} (0-38)")
    elif any(s.ddeck[j] > s.ddeck[j + 1] for j in range(len(s.ddeck) - 1)):
        out.append("ddeck: the ids must be in increasing order (as the game keeps them)")
    # per player
    for key, lo, hi, what in (("torches", 0, rules.torches, " (lit torches)"), ("claims_left", 0, rules.claims, ""),
                              ("vp", 0, MAX_VP, " (the score track)"), ("start_vp", 0, MAX_VP, " (the score track)"),
                              ("seated", 0, 1, "")):
        vals = getattr(s, key)
        if min(vals) < lo or max(vals) > hi:
            for q, v in enumerate(vals):
                _in(out, f"{key}[{q}]", v, lo, hi, what)
    for q, f in enumerate(s.flips):
        if not (f in (UNDECIDED, NO_FLIP) or 0 <= f < RUIN_COUNT):
            out.append(f"flips[{q}]: {f} is not a ruin id (0-49), {NO_FLIP} (no flip) or {UNDECIDED} (not chosen yet)")
    for key, seats in (("passed", s.passed), ("out", s.out), ("to_deal", s.to_deal), ("winners", s.winners_)):
        if seats and (min(seats) < 0 or max(seats) > seat_hi):
            for i, q in enumerate(seats):
                _in(out, f"{key}[{i}]", q, 0, seat_hi, " (a seat)")
        if key != "to_deal" and len(set(seats)) != len(seats):
            out.append(f"{key}: lists a player twice: remove the repeat")
    r = s.resume
    if not (r == () or r == ("deal",) or (len(r) == 3 and r[0] == "next")):
        out.append(f'resume: must be empty, hold "deal", or hold "next", a seat and 0/1; it holds {len(r)} values')
    elif r and r[0] == "next":
        _in(out, "resume[1]", r[1], 0, seat_hi, " (the seat that just played)")
        _in(out, "resume[2]", r[2], 0, 1, " (1 when the next player is skipped)")
    for i, row in enumerate(s.results):
        if 1 <= row[0] <= last and 0 <= row[1] <= seat_hi and 1 <= row[2] <= n and -MAX_VP <= row[3] <= MAX_VP:
            continue
        p = f"results[{i}]"
        ok = _in(out, p + "[0] (round)", row[0], 1, last)
        ok &= _in(out, p + "[1] (seat)", row[1], 0, seat_hi)
        ok &= _in(out, p + "[2] (place)", row[2], 1, n)
        ok &= _in(out, p + "[3] (VP change)", row[3], -MAX_VP, MAX_VP)
    return len(out) == start


# ----- 2. the box -------------------------------------------------------------------------------------
def _box(s, out) -> None:
    n = len(s.players)
    used = s.used
    placed = [x for h in s.hands for x in h]
    placed += s.deck
    placed += s.trick
    placed.sort()
    used_ok = len(used) == RUINS_USED.get(n) and list(used) == sorted(set(used)) and 0 <= used[0] \
        and used[-1] < RUIN_COUNT  # else `used` itself is reported (values)
    if placed != list(used) and used_ok:
        places: dict = {}
        for q, h in enumerate(s.hands):
            for x in h:
                places.setdefault(x, []).append(f"hands[{q}]")
        for key in ("deck", "trick"):
            for x in getattr(s, key):
                places.setdefault(x, []).append(key)
        used_set = set(used)
        total = sum(len(v) for v in places.values())
        issues = []
        missing = [x for x in used if x not in places]
        if missing:
            issues.append(f"{listed(missing)} {'is' if len(missing) == 1 else 'are'} nowhere: add "
                          f"{'it' if len(missing) == 1 else 'them'} to a hand or the deck")
        for x in sorted(places):
            where = places[x]
            if x not in used_set:
                issues.append(f"ruin {x} is not used with {n} players but is in {' and '.join(where)}: remove it")
            elif len(where) > 1:
                issues.append(f"ruin {x} is in {' and '.join(where)}: keep it in one place only")
        if issues:
            count = (f"{total} ruins, the game uses {len(used)}" if total != len(used) else
                     f"{total} ruins, as many as the game uses, but not each once")
            out.append(f"hands, deck, trick: {count} (every used ruin is in exactly one hand, the deck or the "
                       f"trick): " + "; ".join(issues[:6]) + ("; ..." if len(issues) > 6 else ""))
    claimed = [0] * n
    found = [d for d in s.market if d != -1]
    found += s.ddeck
    for rec in s.ruins:
        if rec != _BLANK:
            found += [d for d in rec[2:] if d != -1]
            if 0 <= rec[1] < n:
                claimed[rec[1]] += 1
    found.sort()
    if found != _ALL_DISCOVERIES:
        _discoveries(s, out)
    claims = s.options.claims
    for q in range(n):
        left = s.claims_left[q]
        if claimed[q] + left != claims:
            fix = claims - claimed[q]
            how = (f"set claims_left[{q}] to {fix}" if 0 <= fix <= claims else
                   f"remove {claimed[q] - claims} of their claims from the ruins (ruins[i][1])")
            out.append(f"claims_left[{q}]: {left}, but {_who(s, q)} has {_n(claimed[q], 'claimed ruin')}; claims "
                       f"on ruins and claims left make {claims}: {how}")


def _discoveries(s, out) -> None:
    """Where each discovery is, when they do not make the 39 once each."""
    seen: dict = {}
    for j, d in enumerate(s.market):
        if d != -1:
            seen.setdefault(d, []).append(f"market[{j}]")
    for d in s.ddeck:
        seen.setdefault(d, []).append("ddeck")
    for i, rec in enumerate(s.ruins):
        for k in range(3):
            d = rec[2 + k]
            if d != -1:
                seen.setdefault(d, []).append(f"ruins[{i}]")
    total = sum(len(v) for v in seen.values())
    issues = []
    missing = [d for d in range(DISCOVERY_COUNT) if d not in seen]
    if missing:
        issues.append(f"{listed(missing, 'discovery', 'discoveries')} {'is' if len(missing) == 1 else 'are'} "
                      f"nowhere: add {'it' if len(missing) == 1 else 'them'} to the discovery deck (ddeck)")
    for d in sorted(seen):
        if len(seen[d]) > 1:
            issues.append(f"discovery {d} is in {' and '.join(seen[d])}: keep it in one place only")
    if issues:
        count = (f"{total} discoveries, the game has {DISCOVERY_COUNT}" if total != DISCOVERY_COUNT else
                 f"{total} discoveries, as many as the game has, but not each once")
        out.append(f"market, ddeck, ruins: {count} (each of the 39 discoveries is in the market, the discovery "
                   f"deck or on one ruin): " + "; ".join(issues[:6]) + ("; ..." if len(issues) > 6 else ""))


# ----- 3. the flow ------------------------------------------------------------------------------------
def _flow(s, out) -> None:
    start = len(out)
    n = len(s.players)
    rules = s.options
    last_round = rules.rounds  # the showdown is round last_round + 1
    step, tm = s.step, s.to_move
    seat = tm if type(tm) is int else -1
    pending = s.resume == ("deal",)  # a round has ended (or the game is being set up): the deal comes next
    dealt = s.round - 1 if pending else s.round  # the round whose cards are (or were last) in play; 0 = set-up
    playing = (1,) * n if pending else s.seated  # who plays (played) that round
    outs = s.out
    finished = dealt > 0 and len(outs) == sum(playing)
    active = [q for q in range(n) if playing[q] and q not in outs]

    # step and to_move
    if step in CHANCE_STEPS and tm != CHANCE:
        out.append(f'to_move: {tm!r:.20}, but "{step}" is a chance step: set it to "chance"')
    elif step == "game_over" and tm is not None:
        out.append(f"to_move: {tm!r:.20}, but the game is over: set it to null")
    elif step not in CHANCE_STEPS and step != "game_over" and seat < 0:
        out.append(f'to_move: {tm!r:.20}, but the step "{step}" is a player\'s decision: set it to the seat to move')
    if seat >= 0 and seat not in active and step != "game_over":
        why = "does not play this round (seated)" if not s.seated[seat] else "has gone out this round (out)"
        out.append(f"to_move: {_who(s, seat)} {why}: set it to a player still holding ruins "
                   f"({_people(s, active)})")
        seat = -1

    # the seats of the round: everybody in rounds 1-4; the showdown leaves some out
    if s.round <= last_round:
        for q in range(n):
            if not s.seated[q]:
                out.append(f"seated[{q}]: 0, but every player plays rounds 1-{last_round} (only the showdown, round "
                           f"{last_round + 1}, leaves players out): set it to 1")
    else:
        top = max(s.vp)
        first4 = [row[1] for row in s.results if row[0] == last_round and row[2] == 1]
        group = {q for q in range(n) if s.vp[q] == top} | set(first4)
        for q in range(n):
            if s.vp[q] == top and not s.seated[q]:
                out.append(f"seated[{q}]: 0, but {_who(s, q)} has the most VP ({top}) and plays the showdown: "
                           f"set it to 1")
            elif first4 and s.seated[q] and q not in group:
                out.append(f"seated[{q}]: 1, but {_who(s, q)} neither has the most VP ({top}) nor went out first "
                           f"in round {last_round}: set it to 0")
        extra = [q for q in range(n) if s.seated[q] and s.vp[q] != top]
        if len(extra) > 1:
            out.append(f"seated: {_people(s, extra)} play the showdown without the most VP; only the first player "
                       f"out in round {last_round} joins the leaders: set all but one of them to 0")
        if sum(s.seated) < 2:
            out.append(f"seated: the showdown needs 2 players or more (a player alone in it has won after round "
                       f"{last_round}): seat the leaders and the first player out in round {last_round}")
    if not s.seated[s.first_player]:
        out.append(f"first_player: {_who(s, s.first_player)} does not play this round (seated[{s.first_player}] is "
                   f"0): set it to a seated player")

    # what comes after the pending chance nodes
    r = s.resume
    if r and step not in ("draw", "refill"):
        out.append(f'resume: only a pending draw or refill has a continuation, not the step "{step}": empty it')
    elif not r and step in ("draw", "refill"):
        out.append(f'resume: empty, but after the {step} the game goes on: "deal" after a round, or "next", the seat '
                   f'that just played and 0/1 (skip) after a turn')
    elif r == ("deal",):
        if step == "draw":
            out.append('resume: "deal" (the round has ended), but forced draws come only during a round: '
                       'set step to "refill" or resume to "next", seat, skip')
        if dealt == 0:
            held = [q for q in range(n) if s.hands[q]]
            if held or outs or s.results or s.trick:
                out.append("resume: \"deal\" in round 1 is the set-up, but ruins have been dealt or played "
                           f"(hands of {_people(s, held)}, out, results or trick): empty them, or set round to "
                           "the next round")
        elif not finished:
            out.append(f"out: {len(outs)} players went out, but the round has ended (resume is \"deal\"): list all "
                       f"{n} in going-out order, or continue the round (resume \"next\", seat, skip)")
    elif r:
        p, skip = r[1], r[2]
        if p != s.last_player:
            if s.last_player < 0:
                out.append('resume: "next" goes on after a play, but nothing has been played in this trick '
                           '(last_play is empty)')
            else:
                out.append(f"resume[1]: {_who(s, p)}, but the last play was made by {_who(s, s.last_player)} "
                           f"(last_player): set it to {s.last_player}")
        if skip and len(s.trick) < 2 * max(1, len(s.last_play)):
            out.append("resume[2]: 1 (the next player is skipped), but the last play led the trick: nothing was "
                       "matched exactly: set it to 0")
        if len(active) < 2:
            out.append(f"resume: the turn goes on, but only {_people(s, active)} still "
                       f"hold{'s' if len(active) == 1 else ''} ruins: with one player "
                       "left the round ends")

    # pending ruins to hand out
    if step == "deal":
        order = seats_from(s, s.first_player)
        full = order * rules.hand_size
        k = len(full) - len(s.to_deal)
        if not s.to_deal or k < 0 or tuple(full[k:]) != s.to_deal:
            out.append(f"to_deal: a deal hands out {rules.hand_size} ruins to each seated player in turn from the "
                       f"first player ({_people(s, order)}); to_deal must be the rest of that order")
        else:
            for q in range(n):
                got = full[:k].count(q)
                if len(s.hands[q]) != got:
                    out.append(f"hands[{q}]: {len(s.hands[q])} ruins, but {got} have been dealt to {_who(s, q)} so "
                               f"far (to_deal holds the rest): set the hand to {got} ruins")
        if any(t != rules.torches for t in s.torches):
            out.append(f"torches: every torch is relit before the deal: set them all to {rules.torches}")
    elif step == "draw":
        p = r[1] if len(r) == 3 else -1
        if not s.to_deal:
            out.append("to_deal: a draw step needs a player to draw: list them, or set step to \"refill\"")
        if len(s.to_deal) > len(s.deck):
            out.append(f"to_deal: {len(s.to_deal)} draws, but the deck holds {len(s.deck)} ruins: forced draws stop "
                       f"when the deck runs out: shorten it to {len(s.deck)}")
        opponents = [q for q in ((p + k) % n for k in range(1, n)) if q in active]
        for i, q in enumerate(s.to_deal):
            if q not in opponents:
                out.append(f"to_deal[{i}]: {_who(s, q)} is not an opponent of the player who played (resume[1]) "
                           f"still holding ruins: forced draws go to {_people(s, opponents)}")
                break
            if i and opponents.index(q) != (opponents.index(s.to_deal[i - 1]) + 1) % len(opponents):
                out.append(f"to_deal[{i}]: the opponents draw in turn clockwise ({_people(s, opponents)}), so "
                           f"{_who(s, q)} cannot come after {_who(s, s.to_deal[i - 1])}")
                break
    elif s.to_deal:
        out.append(f'to_deal: only a deal or draw step has ruins to hand out, not "{step}": empty it')

    # the play being built
    sel = s.selection
    if sel and step not in CHOOSING:
        out.append(f'selection: {listed(sel)} chosen, but nobody builds a play in the step "{step}": empty it')
    elif seat >= 0 and step in CHOOSING:
        hand = s.hands[seat]
        away = [x for x in sel if x not in hand]
        if away:
            out.append(f"selection: {listed(away)} {'is' if len(away) == 1 else 'are'} not in hands[{seat}] "
                       f"({s.players[seat]}'s hand): choose ruins of the player to move")
        need = len(s.last_play)
        if step == "follow" and need and len(sel) >= need:
            out.append(f"selection: {len(sel)} ruins chosen, but a follow of {need} moves on to the upgrades once "
                       f"{need} are chosen: remove {len(sel) - need + 1}")
        if step in ("claim", "discover"):
            if not sel:
                out.append(f'selection: empty, but the step "{step}" upgrades a play: list the ruins being played')
            elif s.last_play and len(sel) != need:
                out.append(f"selection: {len(sel)} ruins, but a follow plays exactly as many as the last play "
                           f"({need}): choose {need}")
        if step == "claim" and sel and (s.claims_left[seat] == 0 or all(s.ruins[x][1] >= 0 for x in sel)):
            out.append(f"step: \"claim\", but {s.players[seat]} has no claim left or no unclaimed ruin in the play "
                       f"(the claims step is skipped then): set step to \"discover\"")

    # the trick: the last play, its rank and who made it
    lp = s.last_play
    if not lp:
        if s.last_player != -1:
            out.append(f"last_player: {s.last_player}, but nothing has been played in this trick (last_play is "
                       f"empty): set it to -1")
        if s.last_rank != -1:
            out.append(f"last_rank: {s.last_rank}, but nothing has been played in this trick (last_play is empty): "
                       f"set it to -1")
        if s.trick:
            out.append(f"trick: {listed(s.trick)}, but there is no last play: a trick ends with its last play "
                       f"(last_play): set last_play, or move the trick to the deck")
        if step == "follow":
            out.append('step: "follow", but there is no play to follow (last_play is empty): set step to "lead"')
    else:
        if step in ("lead", "night_flip", "deal"):
            out.append(f'last_play: {listed(lp)}, but the step "{step}" starts with an empty trick: empty trick '
                       f'and last_play (their ruins go to the deck)')
        missing = [x for x in lp if x not in s.trick]
        if missing:
            out.append(f"last_play: {listed(missing)} {'is' if len(missing) == 1 else 'are'} not in the trick: "
                       f"the last play lies on the trick")
        elif len(s.trick) % len(lp):
            out.append(f"trick: {len(s.trick)} ruins, but every play of a trick has as many ruins as the lead "
                       f"({len(lp)}, as last_play): the trick holds a multiple of {len(lp)}")
        rank = set_rank([(s.rank[x], s.wild[x]) for x in lp])
        if rank < 0:
            ranks = ", ".join(str(s.rank[x]) for x in lp)
            out.append(f"last_play: ruins of ranks {ranks} do not make a set (one rank, or wild ruins): "
                       f"no play could have put them on the trick together")
        elif s.last_rank != rank:
            out.append(f"last_rank: {s.last_rank}, but the last play ({listed(lp)}) has rank {rank}: "
                       f"set last_rank to {rank}")
        lpl = s.last_player
        if lpl < 0:
            out.append(f"last_player: -1, but last_play holds {listed(lp)}: set it to the seat that played "
                       f"{'it' if len(lp) == 1 else 'them'}")
        elif not playing[lpl]:
            out.append(f"last_player: {_who(s, lpl)} does not play this round (seated[{lpl}] is 0)")
        elif finished and len(outs) >= 2 and lpl != outs[-2]:
            out.append(f"last_player: {_who(s, lpl)}, but the round ended when {_who(s, outs[-2])} went out with "
                       f"the last play: set it to {outs[-2]}")
        elif step == "game_over" and outs and not finished and lpl != outs[-1]:
            out.append(f"last_player: {_who(s, lpl)}, but the game ended when {_who(s, outs[-1])} went out with "
                       f"the last play: set it to {outs[-1]}")
        elif not finished and lpl in outs and lpl != outs[-1]:
            out.append(f"last_player: {_who(s, lpl)} went out before {_who(s, outs[-1])} (out), so the last play "
                       f"cannot be theirs: set it to {outs[-1]} or to the seat that played last_play")
    # the passes since the last play come in turn order; then the next player is to move
    if s.passed and (not lp or step not in ("follow", "claim", "discover")):
        out.append(f'passed: {_people(s, s.passed)}, but passes are kept only while a play is being answered '
                   f'(steps follow, claim, discover): empty it')
    elif lp and s.last_player >= 0 and step in ("follow", "claim", "discover") and len(out) == start:
        cur = s.last_player
        chain_ok = True
        for i, q in enumerate(s.passed):
            want = next_active(s, cur)
            if q != want:
                if i == 0:
                    out.append(f"passed[0]: {_who(s, q)}, but the players pass in turn order and after the last "
                               f"play (by {_who(s, cur)}, last_player) comes {_who(s, want)}: set it to {want}"
                               + _other_last_player(s, q))
                else:
                    out.append(f"passed[{i}]: {_who(s, q)}, but the players pass in turn order and after "
                               f"{_who(s, cur)} comes {_who(s, want)}: set it to {want}")
                chain_ok = False
                break
            cur = q
        need = len(active) - (0 if s.last_player in outs else 1)
        if chain_ok and len(s.passed) >= need:
            out.append(f"passed: {len(s.passed)} passes in a row, so the trick would have ended (it ends when "
                       f"{need} players pass after the last play): remove {len(s.passed) - need + 1}")
        elif chain_ok and seat >= 0:
            want = next_active(s, cur)
            if seat != want:
                out.append(f"to_move: {_who(s, seat)}, but after the last play (by {_who(s, s.last_player)}, "
                           f"last_player) and the passes ({_people(s, s.passed)}, passed) it is {_who(s, want)}'s "
                           f"turn: set to_move to {want}" + ("" if s.passed else _other_last_player(s, seat)))

    # who has gone out, and who still holds ruins
    for i, q in enumerate(outs):
        if not playing[q]:
            out.append(f"out[{i}]: {_who(s, q)} does not play this round (seated[{q}] is 0): remove them")
        elif s.hands[q] and not (finished and q == outs[-1]) and step != "deal":
            out.append(f"out[{i}]: {_who(s, q)} has gone out but holds {_n(len(s.hands[q]), 'ruin')} (hands[{q}]): "
                       f"remove them from out, or move the ruins")
    if step == "deal" and outs:
        out.append("out: the deal starts a round, before anybody goes out: empty it")
    if finished and not s.hands[outs[-1]]:
        out.append(f"hands[{outs[-1]}]: {_who(s, outs[-1])}, last in out, is the player left holding ruins when "
                   f"the round ended, but holds none: give them their ruins, or list the players in the order "
                   f"they went out")
    if step != "deal" and dealt > 0:
        for q in active:
            if not s.hands[q]:
                out.append(f"hands[{q}]: {_who(s, q)} holds no ruin but has not gone out: add them to out in the "
                           f"order they went out, or give them ruins")
    if not pending:
        for q in range(n):
            if not s.seated[q] and s.hands[q]:
                out.append(f"hands[{q}]: {_who(s, q)} sits out the showdown (seated[{q}] is 0) but holds ruins: "
                           f"move them to the deck")
    if step in ("night_flip", "lead", "follow", "claim", "discover", "draw") and len(active) < 2:
        out.append(f"out: only {_people(s, active)} still hold{'s' if len(active) == 1 else ''} ruins; the round "
                   f"ends when one player is left")

    # places and VP: this round's places are `out`, and they turn start_vp into vp
    _scores(s, out, dealt, pending)

    # the end of the game
    w = s.winners_
    if step == "game_over":
        if len(w) != 1:
            out.append(f"winners: {len(w)} seats, but a finished game of Ruins has exactly one winner")
        else:
            p = w[0]
            if s.round > last_round:
                ok = outs == (p,)
            elif len(outs) == 1:
                ok = outs[0] == p and s.start_vp[p] >= rules.instant_win_vp
            else:
                ok = (s.round == last_round and finished and outs[0] == p
                      and all(s.vp[q] < s.vp[p] for q in range(n) if q != p))
            if not ok:
                out.append(f"winners: {_who(s, p)} cannot have won here: the game ends when a player who started a "
                           f"round on {rules.instant_win_vp}+ VP goes out first (out lists only them), when the first "
                           f"player out in round {last_round} is also the only VP leader, or when a player goes out "
                           f"first in the showdown (round {last_round + 1})")
    else:
        if w:
            out.append("winners: only a finished game has winners: empty it (or set step to \"game_over\")")
        if outs and dealt <= last_round and dealt > 0 and s.start_vp[outs[0]] >= rules.instant_win_vp:
            out.append(f"out: {_who(s, outs[0])} went out first having started the round on "
                       f"{s.start_vp[outs[0]]} VP (start_vp[{outs[0]}]): that is an instant win, so the game "
                       f"would be over; lower start_vp[{outs[0]}] below {rules.instant_win_vp}")
        if dealt == last_round + 1 and outs:
            out.append(f"out: {_who(s, outs[0])} went out first in the showdown and would have won: the game "
                       f"would be over")

    # night flips: chosen in turn from the first player, a day-side ruin of one's own hand, or none
    flips = s.flips
    if step == "night_flip":
        order = seats_from(s, s.first_player)
        undecided = [q for q in order if flips[q] == UNDECIDED]
        if not undecided:
            out.append("flips: every player has chosen, so the flips would have been revealed: set the flips of "
                       f"the player to move and those after them to {UNDECIDED} (not chosen yet)")
        else:
            nxt = undecided[0]
            after = order[order.index(nxt):]
            for q in after:
                if flips[q] != UNDECIDED:
                    out.append(f"flips[{q}]: {flips[q]}, but the players choose in turn from the first player "
                               f"({_people(s, order)}) and {_who(s, nxt)} has not chosen yet, so "
                               f"{s.players[q]} has not either: set it to {UNDECIDED} (not chosen yet)")
            if seat >= 0 and seat != nxt:
                out.append(f"to_move: {_who(s, seat)}, but the next player to choose a night flip is {_who(s, nxt)} "
                           f"(in turn from first_player): set it to {nxt}")
        for q in range(n):
            f = flips[q]
            if not s.seated[q] and f != NO_FLIP:
                out.append(f"flips[{q}]: {f}, but {_who(s, q)} sits out this round: set it to {NO_FLIP}")
            elif f >= 0 and (f not in s.hands[q] or s.ruins[f][0]):
                out.append(f"flips[{q}]: ruin {f} is not a day-side ruin in {s.players[q]}'s hand (hands[{q}]): "
                           f"choose one of theirs, or {NO_FLIP} (no flip)")
        for q in range(n):
            for x in s.hands[q]:
                owner = s.ruins[x][1]
                if owner >= 0 and owner != q and s.seated[owner]:
                    out.append(f"hands[{q}]: ruin {x} is claimed by {_who(s, owner)} and goes to them right after "
                               f"the deal: move it to hands[{owner}]")
        if outs:
            out.append("out: the night flips start a round, before anybody goes out: empty it")
        if any(t != rules.torches for t in s.torches):
            out.append(f"torches: every torch is relit before the deal: set them all to {rules.torches}")
    else:
        chosen = [f for f in flips if f >= 0]
        for q, f in enumerate(flips):
            if f == UNDECIDED:
                out.append(f"flips[{q}]: {UNDECIDED} (not chosen yet) outside the night flips: set it to {NO_FLIP} "
                           "or to the ruin flipped")
            elif f >= 0 and (not s.ruins[f][0] or f not in s.used):
                out.append(f"flips[{q}]: ruin {f} was flipped this round, but ruins[{f}] is not a used ruin on its "
                           f"night side: set ruins[{f}][0] to 1, or flips[{q}] to {NO_FLIP}")
        if len(set(chosen)) != len(chosen):
            out.append("flips: two players flipped the same ruin: each flips one of their own")

    # the market: gaps fill from the discovery deck at the end of every turn
    market = s.market
    gaps = [j for j, d in enumerate(market) if d < 0]
    slid = all(d < 0 for d in market[:len(gaps)])
    if step != "discover" and not slid:
        out.append(f"market: the discoveries slide away from the deck to close gaps, so the empty slots (-1) come "
                   f"first: move slot{'s' if len(gaps) > 1 else ''} {', '.join(map(str, gaps))} to the front")
    if step == "refill" and not (gaps and s.ddeck):
        out.append("step: \"refill\", but " + ("no market slot is empty" if not gaps else "the discovery deck "
                   "(ddeck) is empty") + ": set step to what comes next")
    elif step in ("deal", "night_flip", "lead", "follow", "claim") and gaps and s.ddeck:
        out.append(f"market: {_n(len(gaps), 'empty slot')} while the discovery deck (ddeck) holds {len(s.ddeck)}: the "
                   f"market is refilled to {MARKET_SIZE} at the end of every turn: fill them from ddeck")
    elif step == "discover" and gaps and s.ddeck:
        bought = sum(1 for x in sel for d in s.ruins[x][2:] if d >= 0)
        if len(gaps) > bought:
            out.append(f"market: {_n(len(gaps), 'empty slot')}, but the play bought at most "
                       f"{_n(bought, 'discovery', 'discoveries')} this turn "
                       f"(the market was full at the start of the turn): fill {len(gaps) - bought} from ddeck")

    # the derived values (a State's `rank`, `wild`, `free`, `light` and `draw` follow the ruin records)
    cards = s.cards
    day, ruins, rank, wild, free, light, draw = cards.day, s.ruins, s.rank, s.wild, s.free, s.light, s.draw
    for c in s.used:
        if ruins[c] == _BLANK and rank[c] == day[c] and not wild[c] and free[c] == 7 and not light[c] and not draw[c]:
            continue
        want = derived(cards, c, ruins[c])
        if (rank[c], wild[c], free[c], light[c], draw[c]) != want:
            out.append(f"ruins[{c}]: the derived values (rank {rank[c]}, wild {wild[c]}, free positions {free[c]}, "
                       f"light {light[c]}, draw {draw[c]}) do not follow the record; it gives rank {want[0]}, wild "
                       f"{want[1]}, free positions {want[2]}, light {want[3]}, draw {want[4]}")

    # the play being built can still become a legal play (so no step of it is a dead end)
    if len(out) == start and sel and seat >= 0 and step in CHOOSING and not _completable(s, seat):
        r_min = s.last_rank if s.last_player >= 0 else 0
        aim = f"a follow of rank {r_min} or more" if s.last_player >= 0 else "a lead (one rank)"
        out.append(f"selection: {listed(sel)} cannot become {aim} with the discoveries {s.players[seat]} can "
                   f"afford ({_n(s.torches[seat], 'torch', 'torches')} lit, market): choose other ruins")


def _other_last_player(s, nxt: int) -> str:
    """', or last_player to k' when exactly one seat k could have made the last play with `nxt` next."""
    outs = s.out
    could = [c for c in range(len(s.players)) if c != nxt and s.seated[c] and next_active(s, c) == nxt
             and (c not in outs or c == outs[-1])]
    return f", or last_player to {could[0]}" if len(could) == 1 and could[0] != s.last_player else ""


def _completable(s, p: int) -> bool:
    sel = s.selection
    if s.step in ("lead", "follow"):  # the rule of a pick (legal.play_exists)
        return legal.play_exists(s, sel)
    return legal.finishable(s, legal._items(s, sel), s.torches[p])


def _scores(s, out, dealt, pending) -> None:
    """`results`, `vp`, `start_vp` and `first_player` against each other.

    The rows are in the order the players went out; this round's rows are `out`, with places 1, 2, ...,
    and they turn start_vp into vp (the track stays in 0..10). Each earlier round has one row per player;
    a position built by hand may leave out the earliest rounds (never one in between), and may start
    round 1 on any VP. Back from start_vp, each recorded round's rows must be what the places scored
    (each round starts on the next one's VP less its rows). When the last round is recorded,
    first_player is one of the seated players with the fewest VP at its end."""
    n = len(s.players)
    table = s.options.scoreboard[n - 2]  # VP per place (the rows are for 2, 3, 4 and 5 players)
    last_round = s.options.rounds
    rows = s.results
    start = len(out)
    prev = 0
    for i, row in enumerate(rows):
        if row[0] < prev:
            out.append(f"results[{i}]: round {row[0]} after a row of round {prev}: the rows are kept in the order "
                       f"the players went out")
            return
        prev = row[0]
        if row[0] > min(dealt, last_round):
            out.append(f"results[{i}]: round {row[0]} has not been played yet (round is {s.round}): remove the row")
            return
    current = dealt if dealt <= last_round else 0  # the round being scored (0: none, set-up or showdown)
    last = min(dealt - 1, last_round)  # the earlier rounds are 1..last
    by_round = [[] for _ in range(last_round + 1)]
    for i, row in enumerate(rows):
        by_round[row[0]].append((i, row))
    if current:
        seats = [row[1] for _, row in by_round[current]]
        if seats != list(s.out):
            out.append(f"results: the rows of round {current} list {_people(s, seats)}, but out lists "
                       f"{_people(s, s.out)}: a player scores as they go out, so the two match in order")
            return
    recorded = [rnd for rnd in range(1, last + 1) if by_round[rnd]]
    if recorded and recorded != list(range(recorded[0], last + 1)):
        gap = [rnd for rnd in range(recorded[0], last + 1) if not by_round[rnd]]
        out.append(f"results: {listed(recorded, 'round')} {'is' if len(recorded) == 1 else 'are'} recorded but "
                   f"not "
                   f"{listed(gap, 'round')}: a position may leave out the earliest rounds, not one in between")
        return
    for rnd in recorded + ([current] if current else []):
        these = by_round[rnd]
        if rnd != current and len(these) != n:
            out.append(f"results: round {rnd} has {_n(len(these), 'row')}; a finished round has one per player ({n}): "
                       f"add the missing places")
            return
        for k, (i, row) in enumerate(these):
            if row[2] != k + 1:
                out.append(f"results[{i}][2]: place {row[2]}, but it is row {k + 1} of round {rnd} (the places go "
                           f"1, 2, 3, ... in the order the players went out): set it to {k + 1}")
                return
        if len({row[1] for _, row in these}) != len(these):
            out.append(f"results: a player goes out twice in round {rnd}: each goes out once")
            return

    def replay(score, rnd, what):
        """Score the rows of round `rnd` from `score` (a list, changed); False at a wrong change (reported)."""
        for i, row in by_round[rnd]:
            p = row[1]
            old = score[p]
            new = min(MAX_VP, max(0, old + table[row[2] - 1]))
            if row[3] != new - old:
                out.append(f"results[{i}][3]: {row[3]:+d} VP, but {_who(s, p)} had {old} VP {what} and place "
                           f"{row[2]} scores {table[row[2] - 1]:+d}, so the track moved {new - old:+d}: set it to "
                           f"{new - old}")
                return False
            score[p] = new
        return True

    if len(out) == start:
        _history(s, out, recorded, by_round, table)
    # this round: vp = start_vp plus the places scored so far
    score = list(s.start_vp)
    if current and not replay(score, current, "at the start of the round (start_vp)"):
        return
    for q in range(n):
        if s.vp[q] != score[q]:
            gained = [f"{row[3]:+d}" for _, row in by_round[current] if row[1] == q] if current else []
            since = (f"scored {', '.join(gained)} this round (results)" if gained else
                     "has not scored this round (no row of this round in results)")
            out.append(f"vp[{q}]: {s.vp[q]}, but {_who(s, q)} started the round on {s.start_vp[q]} VP (start_vp[{q}]) "
                       f"and {since}: set vp[{q}] to {score[q]}, or start_vp[{q}] to "
                       f"{s.start_vp[q] + s.vp[q] - score[q]}")
    # the first player of a round has the fewest VP at the end of the one before (among those seated)
    if s.round >= 2 and (pending or (last >= 1 and by_round[last])):
        at_end = s.vp if pending else s.start_vp
        seated = [q for q in range(n) if s.seated[q]]
        low = min(at_end[q] for q in seated)
        if at_end[s.first_player] != low:
            fewest = [q for q in seated if at_end[q] == low]
            out.append(f"first_player: {_who(s, s.first_player)} had {at_end[s.first_player]} VP at the end of round "
                       f"{s.round - 1}, but the first player of a round is one with the fewest VP then ({low}: "
                       f"{_people(s, fewest)}): set it to {fewest[0] if len(fewest) == 1 else 'one of them'}")


def _history(s, out, recorded, by_round, table) -> None:
    """The recorded earlier rounds, back from start_vp: each round starts on the next one's VP less its
    rows, and each row is what its place scored from there (the track stays in 0..10)."""
    later = list(s.start_vp)
    for rnd in reversed(recorded):
        before = list(later)
        for _i, row in by_round[rnd]:
            before[row[1]] -= row[3]
        for i, row in by_round[rnd]:
            p, delta = row[1], table[row[2] - 1]
            old = before[p]
            if not 0 <= old <= MAX_VP or row[3] != min(MAX_VP, max(0, old + delta)) - old:
                out.append(f"results[{i}][3]: {row[3]:+d} VP, but then {_who(s, p)} had {old} VP before round {rnd} "
                           f"(start_vp[{p}] less the VP of the rows after it) and place {row[2]} scores "
                           f"{delta:+d} on a track of 0-{MAX_VP}: set it to {delta:+d}, or correct start_vp[{p}]")
                return
        later = before
