"""The hex map: Buildings, Complexes, Building Zones (axial coordinates, see data.HEXES).

A Building record is ((q, r), type, advanced owner or -1, blueprint card or -1, miner seat or -1).
"""
from __future__ import annotations

from . import data as D
from .options import DEFAULT_RULES, build_costs

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


_zones = {}


def zone_hexes(pl) -> tuple:
    """Every hex in one of the player's Building Zones (sorted, no repeats)."""
    bots = pl.bots
    z = _zones.get(bots)
    if z is None:
        out = set()
        for b in bots:
            out.update(D.ZONE[b])
        z = tuple(sorted(out))
        if len(_zones) > 20_000:
            _zones.clear()
        _zones[bots] = z
    return z


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
    if btype == "mine" and pl.lq < 1:
        return "A Mine needs a Miner: you have no Colonist in your Living Quarters."
    cost = build_costs(state.options)[btype][0]
    from .tx import can_pay, words
    if not can_pay(pl, cost):
        return f"A {name} costs {words(cost)}; you do not have it."
    return None


def _needs(items) -> tuple:
    """('battery', 'battery', 'mineral') -> ((0, 2), (4, 1)): Storage index (-1 for Crystals) and count."""
    need = {}
    for item in items:
        need[item] = need.get(item, 0) + 1
    return tuple((-1 if item == "crystal" else D.RES_INDEX[item], n) for item, n in need.items())




def has(pl, needs) -> bool:
    """`can_pay(pl, items)` for items given as `_needs(items)`."""
    res = pl.res
    for i, n in needs:
        if (pl.crystals if i < 0 else res[i]) < n:
            return False
    return True


def _affordable(pl, btype, rules) -> bool:
    if btype == "mine" and pl.lq < 1:
        return False
    return has(pl, build_costs(rules)[btype][1])


_afford_memo = {}


def affordable_types(pl, lq=None, rules=DEFAULT_RULES) -> tuple:
    """The Building types (BUILDINGS order) whose cost (`rules.building_cost`) the player can pay (a Mine: a
    Colonist for its Miner besides). `lq` replaces the player's Colonists in the Living Quarters."""
    if lq is None:
        lq = pl.lq
    table = rules.building_cost
    key = (pl.res, pl.crystals, lq >= 1, table)
    out = _afford_memo.get(key)
    if out is None:
        if len(_afford_memo) > 50_000:
            _afford_memo.clear()
        costs = build_costs(rules)
        out = _afford_memo[key] = tuple(b for b in D.BUILDINGS
                                        if (lq >= 1 or b != "mine") and has(pl, costs[b][1]))
    return out


_near_cache = [None, None]
_NOWHERE = (frozenset(), frozenset())


def near_types(state) -> dict:
    """btype -> (free hexes next to a Building of that type, other free hexes exactly 2 from one), cached
    for the last `state.buildings` asked: where a new Building of the type would join a Complex (the
    Tech level decides), and where it may stand alone."""
    b = state.buildings
    if _near_cache[0] is b:
        return _near_cache[1]
    sets = {}
    for rec in b:
        pair = sets.get(rec[1])
        if pair is None:
            pair = sets[rec[1]] = (set(), set())
        pair[0].update(D.NEIGHBOURS[rec[0]])
        pair[1].update(D.RING2[rec[0]])
    taken = {rec[0] for rec in b}
    out = {btype: (frozenset(adj - taken), frozenset(ring2 - adj - taken)) for btype, (adj, ring2) in sets.items()}
    _near_cache[0] = b
    _near_cache[1] = out
    return out


_zone_sets = {}


def zone_set(pl) -> frozenset:
    z = _zone_sets.get(pl.bots)
    if z is None:
        if len(_zone_sets) > 20_000:
            _zone_sets.clear()
        z = _zone_sets[pl.bots] = frozenset(zone_hexes(pl))
    return z


def buildable(state, seat, btype, pl=None) -> list:
    """The hexes where the player may construct `btype` now (the same rules as construct_problem, faster).

    `pl` replaces the player's record (a Main action check passes it with the Colonist placed)."""
    if pl is None:
        pl = state.pieces[seat]
    if not _affordable(pl, btype, state.options):
        return []
    join, alone = near_types(state).get(btype, _NOWHERE)
    out = []
    level = None
    m = None
    for h in zone_hexes(pl):
        if h in alone:
            out.append(h)
        elif h in join:
            if level is None:
                level = tech_level(pl, btype)
                m = bmap(state)
            if level >= joined_size(m, btype, h):
                out.append(h)
    return out


def buildable_types(state, seat, pl=None, first=False, lq=None) -> list:
    """The Building types (in BUILDINGS order) the player may construct somewhere now (a cheap test of
    set overlaps first; the Complex size only where a Building would join one). With `first`, stop at
    the first type found. `lq` replaces the player's Colonists in the Living Quarters (a Main action check
    judges it after the Colonist is placed)."""
    if pl is None:
        pl = state.pieces[seat]
    todo = affordable_types(pl, lq, state.options)
    if not todo:
        return []
    near = near_types(state)
    zone = zone_set(pl)
    out = []
    for btype in todo:
        join, alone = near.get(btype, _NOWHERE)
        if not alone.isdisjoint(zone):
            out.append(btype)
            if first:
                break
            continue
        if join.isdisjoint(zone):
            continue
        level = tech_level(pl, btype)
        if level < 2:  # joining makes a Complex of 2 or more
            continue
        m = bmap(state)
        if any(level >= joined_size(m, btype, h) for h in join & zone):
            out.append(btype)
            if first:
                break
    return out


def advanced_count(state, btype=None, owner=None) -> int:
    """Advanced Buildings on Mars (of a type, of an owner)."""
    n = 0
    for _h, t, adv, _card, _miner in state.buildings:
        if adv >= 0 and (btype is None or t == btype) and (owner is None or adv == owner):
            n += 1
    return n
