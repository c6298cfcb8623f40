"""Small helpers shared by the steps: gains under the cap, Language moves under the mastery rules,
Tech board queries. Each returns new tuples; nothing is mutated. The rule values come from the game's
options (``rules`` = ``state.options``), never from the data module."""
from __future__ import annotations

from .data import CAPSTONE, LANGUAGES, RESOURCES


def set_board(s, seat, board):
    b = s.boards
    return b[:seat] + (board,) + b[seat + 1:]


def gain(board, r, n, cap):
    """(new board, amount lost to the cap: ``options.resource_cap``, 7 in the rulebook)."""
    res = board.resources
    have = res[r] + n
    lost = have - cap if have > cap else 0
    return board._replace(resources=res[:r] + (have - lost,) + res[r + 1:]), lost


def gain_text(name, r, n, lost, cap):
    t = f"{name} gains {n - lost} {RESOURCES[r]}"
    if lost:
        t += f" ({lost} lost: no more than {cap} {RESOURCES[r]})"
    return t


def level3_count(board):
    """Completed Level 3 Techs (face-up ones for the solo AI)."""
    t, d = board.techs, board.face_down
    return (t[2] is not None and not d[2]) + (t[5] is not None and not d[5]) + (t[8] is not None and not d[8])


def mastered_count(board):
    return sum(1 for x in board.languages if x == CAPSTONE)


def master_of(s, track):
    for i, b in enumerate(s.boards):
        if b.languages[track] == CAPSTONE:
            return i
    return -1


def can_master(s, seat, track):
    """'' if `seat` may step onto the Capstone of `track`, else the reason it may not."""
    m = master_of(s, track)
    if m >= 0 and m != seat:
        return f"{s.players[m]} has already mastered the {LANGUAGES[track]} Language"
    b = s.boards[seat]
    need = mastered_count(b) + 1
    have = level3_count(b)
    if have < need:
        return (f"mastering a {'first' if need == 1 else 'second' if need == 2 else 'third' if need == 3 else 'fourth'} "
                f"Language needs {need} Level 3 Tech{'s' if need > 1 else ''}; {s.players[seat]} has {have}")
    return ""


def track_limit(s, seat, track):
    """The highest space `seat` can reach on `track` now (8 if mastering is blocked)."""
    return CAPSTONE if not can_master(s, seat, track) else CAPSTONE - 1


def advance(s, seat, track, n):
    """(new State with the boards changed, the sentence). Movement past the limit is lost."""
    b = s.boards[seat]
    pos = b.languages[track]
    if pos >= CAPSTONE:
        return s, f"{s.players[seat]} cannot move on the {LANGUAGES[track]} track (already mastered): {n} lost"
    target = pos + n
    limit = CAPSTONE
    why = ""
    if target >= CAPSTONE:
        why = can_master(s, seat, track)
        if why:
            limit = CAPSTONE - 1
    new = min(target, limit)
    lost = target - new
    langs = b.languages[:track] + (new,) + b.languages[track + 1:]
    s = s._replace(boards=set_board(s, seat, b._replace(languages=langs)))
    text = f"{s.players[seat]} moves {new - pos} on the {LANGUAGES[track]} track to space {new}"
    if new == CAPSTONE:
        text += f" and masters the {LANGUAGES[track]} Language"
    if lost:
        text += f" ({lost} lost: {why})" if why else f" ({lost} lost)"
    return s, text


def can_advance(s, seat, track):
    return s.boards[seat].languages[track] < track_limit(s, seat, track)


def a_b_counts(board, rules):
    """How many of the board's tracks reached the A space and the B space (``rules.space_a``, ``.space_b``)."""
    langs = board.languages
    space_a, space_b = rules.space_a, rules.space_b
    return sum(1 for x in langs if x >= space_a), sum(1 for x in langs if x >= space_b)


def level_ok(board, level, rules):
    """Whether `board` meets the Language requirement of a Tech of `level` under `rules`."""
    if level == 1:
        return True
    a, b = a_b_counts(board, rules)
    if level == 2:
        return a >= 2
    return a >= 2 and b >= 1


def level_reason(s, seat, level):
    """Why `seat` may not replicate a Tech of `level` ('' if it may)."""
    board = s.boards[seat]
    rules = s.options
    if level_ok(board, level, rules):
        return ""
    a_tracks = [LANGUAGES[i] for i, x in enumerate(board.languages) if x >= rules.space_a]
    b_tracks = [LANGUAGES[i] for i, x in enumerate(board.languages) if x >= rules.space_b]
    have = (f"you have A on {' and '.join(a_tracks)}" if a_tracks else "you have A on no track")
    if level == 3:
        have += f", B on {' and '.join(b_tracks)}" if b_tracks else ", B on none"
        return f"A Level 3 Tech needs the A space on 2 Language tracks and the B space on 1; {have}"
    return f"A Level 2 Tech needs the A space on 2 Language tracks; {have}"


def empty_rows(board, level):
    t = board.techs
    return tuple(r for r in range(3) if t[r * 3 + level - 1] is None)


def can_pay(res, cost):
    return res[0] >= cost[0] and res[1] >= cost[1] and res[2] >= cost[2] and res[3] >= cost[3]


def pay(board, cost):
    r = board.resources
    return board._replace(resources=(r[0] - cost[0], r[1] - cost[1], r[2] - cost[2], r[3] - cost[3]))


def wasteland_hourglass(rules, face):
    """Hourglasses the Wasteland die gives for `face` (1..6) under `rules`."""
    return rules.wasteland_hourglass[face - 1]


def tech_count(board):
    return sum(1 for c in board.techs if c is not None and True) - sum(1 for d in board.face_down if d)
