"""The hex map: Buildings, Complexes, Building Zones (axial coordinates, see data.HEXES).

A Building record is ((q, r), type, advanced owner or -1, blueprint card or -1, miner seat or -1).
"""
from __future__ import annotations

from . import data as D

_cache = [None, None]


def bmap(state) -> dict:
    """hex -> Building record (cached for the last State asked)."""
    b = state.buildings
    if _cache[0] is b:
        return _cache[1]
    m = {rec[0]: rec for rec in b}
    _cache[0] = b
    _cache[1] = m
    return m


def complex_of(m: dict, h) -> list:
    """The hexes of the Complex (connected Buildings of one type) that holds the Building at h."""
    btype = m[h][1]
    seen = {h}
    todo = [h]
    while todo:
        x = todo.pop()
        for n in D.NEIGHBOURS[x]:
            if n not in seen and n in m and m[n][1] == btype:
                seen.add(n)
                todo.append(n)
    return sorted(seen)


def tech_level(pl, tech) -> int:
    """The level (Lab column) of the player's Tech tile of this type, 0 if none."""
    for t, _row, col in pl.lab:
        if t == tech:
            return col
    return 0


def joined_size(m: dict, btype: str, h) -> int:
    """Size of the Complex a new Building of `btype` at h would form (0 if it touches none)."""
    groups = set()
    for n in D.NEIGHBOURS[h]:
        rec = m.get(n)
        if rec is not None and rec[1] == btype:
            groups.update(complex_of(m, n))
    return len(groups) + 1 if groups else 0


def zone_hexes(pl) -> tuple:
    """Every hex in one of the player's Building Zones (sorted, no repeats)."""
    out = set()
    for b in pl.bots:
        out.update(D.ZONE[b])
    return tuple(sorted(out))


def construct_problem(state, seat, btype, h):
    """Why the player may not construct `btype` at h now (None if they may)."""
    pl = state.pieces[seat]
    if h not in D.HEX_SET:
        return f"{h} is not a hex of the map."
    if not any(h in D.ZONE[b] for b in pl.bots):
        return (f"{h} is not in a Building Zone of yours: a Bot's hex and the hexes next to it "
                f"({', '.join(map(str, pl.bots)) or 'you have no Bot on Mars'}).")
    m = bmap(state)
    if h in m:
        return f"{h} already holds a {D.BUILDING_NAME[m[h][1]]}."
    name = D.BUILDING_NAME[btype]
    size = joined_size(m, btype, h)
    if size:
        level = tech_level(pl, btype)
        if level < size:
            return (f"Next to a {name} this would form a Complex of {size} Buildings: that needs a {name} "
                    f"Tech tile of level {size} or more; yours is "
                    f"{'level %d' % level if level else 'missing'}.")
    elif not any(x in m and m[x][1] == btype for x in D.RING2[h]):
        return f"A new {name} must stand exactly 2 hexes from a {name} (or next to one, forming a Complex)."
    if btype == "mine":
        if pl.lq < 1:
            return "A Mine needs a Miner: you have no Colonist in your Living Quarters."
    else:
        from .tx import can_pay, words
        if not can_pay(pl, D.BUILD_COST[btype]):
            return f"A {name} costs {words(D.BUILD_COST[btype])}; you do not have it."
    return None


def buildable(state, seat, btype) -> list:
    """The hexes where the player may construct `btype` now (the same rules as construct_problem, faster)."""
    pl = state.pieces[seat]
    if btype == "mine":
        if pl.lq < 1:
            return []
    else:
        from .tx import can_pay
        if not can_pay(pl, D.BUILD_COST[btype]):
            return []
    m = bmap(state)
    level = None
    out = []
    for h in zone_hexes(pl):
        if h in m:
            continue
        size = joined_size(m, btype, h)
        if size:
            if level is None:
                level = tech_level(pl, btype)
            if level < size:
                continue
        elif not any(x in m and m[x][1] == btype for x in D.RING2[h]):
            continue
        out.append(h)
    return out


def advanced_count(state, btype=None, owner=None) -> int:
    """Advanced Buildings on Mars (of a type, of an owner)."""
    n = 0
    for _h, t, adv, _card, _miner in state.buildings:
        if adv >= 0 and (btype is None or t == btype) and (owner is None or adv == owner):
            n += 1
    return n
