"""The position of On Mars in short sentences: what a sighted student reads off the board
(`widgets/on_mars.py`), for a student who reads it as text (`state.describe(player=None)`).

`describe_position(state)` gives, one line each: the round, the step (with its rulebook section) and who
decides; the Colony (level, Remaining Missions, the end, the LSS tracks); the Shuttle; the Missions; what
is under way in this turn; the Orbit and the Colony action spaces with the Colonists on their slots; the
Turn Order; the Buildings on Mars; Crystals and tiles on the ground; the displays, the Tech Grid, the
Warehouse and the decks. Then four lines per player: the score and side; Colonists and pieces on Mars;
Storage, Depot, Hangar and Lab; cards (Blueprints, Scientists, Earth Contracts, Private Goals).

Hexes are written (q, r), axial coordinates with (0, 0) in the middle of the map, as actions name them.
On a player's view (`state.view(seat)`) it says only what that view shows: the other players' Private
Goals and the Goal deck are counted, never named.

>>> from mars_rules.on_mars import new_game
>>> s = new_game(players=2, seed=7)
>>> print(describe_position(s).splitlines()[0])
On Mars, round 1, Colonization Phase: Colonization turn. Orange decides (in Orbit).
>>> seen_by_blue = describe_position(s.view(1)).splitlines()
>>> print(next(line for line in seen_by_blue if line.startswith("Orange's cards")))
Orange's cards: Blueprints none; Scientists none; Earth Contracts none; Private Goals: 3 hidden.
"""
from __future__ import annotations

from mars_rules.core import CHANCE

from . import data as D
from .board import complex_of
from .options import mission_target

__all__ = ["describe_position"]

CHANCE_WORDS = {"order": "which player takes the next Orbit Turn Order space", "mission": "a Mission for the board",
                "blueprint": "a Blueprint for the display", "scientist": "a Scientist for the display",
                "contract": "an Earth Contract for the display", "discovery": "the Discovery tile to place"}
MISSION_WORDS = {"upgrade": "upgrade a Building", "ship": "welcome a Ship", "tech": "learn or develop a Tech tile",
                 "claim": "claim a tile with a Rover"}
PLURAL_BUILDING = {"mine": "Mines", "generator": "Generators", "water": "Water Extractors",
                   "greenhouse": "Greenhouses", "oxygen": "Oxygen Condensers", "shelter": "Shelters"}
BONUS_WORDS = {"crystal": "1 Crystal", "choice": "1 Resource of choice", "": "no bonus"}
ITEM_WORDS = {"battery": "Battery", "water": "Water", "plant": "Plant", "oxygen": "Oxygen", "mineral": "Mineral",
              "crystal": "Crystal", "colonist": "Colonist"}
ITEMS_WORDS = {"battery": "Batteries", "water": "Water", "plant": "Plants", "oxygen": "Oxygen", "mineral": "Minerals",
               "crystal": "Crystals", "colonist": "Colonists"}


def _n(n, word, plural=None):
    return f"{n} {word if n == 1 else plural or word + 's'}"


def _hex(h):
    return f"({h[0]}, {h[1]})"


def _and(items):
    items = list(items)
    if not items:
        return ""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _items(pairs):
    """(("water", 2), ("plant", 1)) -> "2 Water + 1 Plant"."""
    return " + ".join(f"{n} {(ITEM_WORDS if n == 1 else ITEMS_WORDS).get(i, i)}" for i, n in pairs)


def _side(s, p):
    if s.order[p] < 0:
        return "not on a Turn Order space yet"
    return "in Orbit" if s.order[p] < D.TURN_ORDER_SPACES else "at the Colony"


def _is_view(s):
    """(a player's view?, the seat that sees it or None): a view hides the seed (-1) and the others' Goals."""
    if s.seed >= 0:
        return False, None
    shown = [p for p, pl in enumerate(s.pieces) if pl.goals and -1 not in pl.goals]
    return True, shown[0] if len(shown) == 1 else None


def _step(s):
    step = next(st for st in s.game.TURN_STEPS if st.key == s.step)
    where = "Setup" if "(" in step.rule else step.rule
    return step.title if step.title.startswith(where) else f"{where}: {step.title}"


# ----------------------------------------------------------------- the shared board
def _header(s):
    final = " (the final round)" if s.final_round and not s.is_over else ""
    head = f"On Mars, round {s.round}{final}, {_step(s)}."
    if s.is_over:
        win = s.winners()
        how = "the Missions" if s.game.end_reason(s) == "missions" else "the round-limit safeguard, ASSUMED"
        head += (f" The game is over, ended by {how}: {_and(s.players[w] for w in win)} "
                 f"{'share the win' if len(win) > 1 else 'wins'}.")
    elif s.to_move == CHANCE:
        task = s.pending[0]
        what = (f"a secret Private Goal for {s.players[int(task[5:])]}" if task.startswith("goal:")
                else CHANCE_WORDS.get(task, task))
        head += f" Chance draws {what} ({_n(len(s.pending), 'draw')} to make)."
    else:
        head += f" {s.players[s.to_move]} decides ({_side(s, s.to_move)})."
    variant = s.variant()
    if variant:
        head += f" Variant rules: {variant}."
    view, seat = _is_view(s)
    if view:
        whose = f"{s.players[seat]} sees" if seat is not None else "a player sees"
        head += f" As {whose} it: the other players' Private Goals are hidden."
    return head


def _colony(s):
    o = s.options
    line = f"Colony level {s.level} of {D.MAX_LEVEL}; Remaining Missions {s.remaining} of {o.missions_to_end}"
    if s.end_triggered and not s.is_over:
        why = "" if s.remaining >= o.missions_to_end else " by the round-limit safeguard (ASSUMED)"
        line += (f"; END TRIGGERED{why}: this is the final round, no Shuttle Phase after it" if s.final_round
                 else f"; END TRIGGERED{why}: this round ends, then one final round")
    tracks = ", ".join(f"{D.BUILDING_NAME[t]} {v}" for t, v in zip(D.LSS_TRACKS, s.lss))
    line += f". LSS tracks: {tracks}"
    if s.level < D.MAX_LEVEL:
        line += f" (the Colony rises to level {s.level + 1} when all four reach {o.level_up_at[s.level - 1]})"
    return line + "."


def _shuttle(s):
    side = "Orbit" if s.shuttle_side == "orbit" else "Colony"
    line = f"Shuttle: on the {side} side, {_n(s.shuttle_pos, 'space')} from the middle"
    if s.shuttle_left:
        line += f"; it left the {s.shuttle_left.capitalize()} this Shuttle Phase"
    if s.phase == "shuttle" and s.queue:
        line += f"; still to decide whether to travel: {_and(s.players[p] for p in s.queue)}"
    return line + "."


def _mission_words(kind):
    if kind.startswith("construct:"):
        name = D.BUILDING_NAME[kind[10:]]
        return f"construct {'an' if name[0] in 'AEIOU' else 'a'} {name}"
    return MISSION_WORDS.get(kind, kind)


def _missions(s):
    table = s.cards.missions
    parts = [f"{table[c][0]} ({_mission_words(table[c][1])}) {n} of {mission_target(s, c)}" for c, n in s.missions]
    if not parts:
        return f"Missions on the board: {'none yet' if s.phase == 'setup' else 'none left'}."
    return "Missions on the board (contributions of the target): " + "; ".join(parts) + "."


def _this_turn(s):
    """What is under way: the Main action, its uses or payments, the Executive action; or the Shuttle Phase."""
    if s.is_over or s.phase not in ("colonization",) or s.step == "setup":
        return None
    name = s.players[s.active]
    out = []
    if s.main and s.main != "pass":
        out.append(f"Main action {D.ACTION_NAME[s.main]}")
    if s.step == "pay":
        out.append(f"{_n(s.pay_left, 'other colour')} still to pay for (1 Crystal or 1 Colonist each)")
    if s.step in ("blueprint", "learn", "resupply", "welcome", "upgrade"):
        out.append(f"{s.used} of {_n(s.allow, 'use')} made")
    if s.step == "rnd":
        done = _and(D.TECH_NAME[t] for t in s.moves) or "nothing yet"
        out.append(f"developed {done}; {_n(s.allow, 'tile move')} allowed")
    if s.step == "control" and s.moves:
        moves = [f"Rover {s.moves[0]}"] + [f"Bot {i} {m}" for i, m in enumerate(s.moves[1:], 1)]
        out.append("movement left: " + ", ".join(moves))
    if s.step == "construct_hex":
        out.append(f"constructing {'an' if s.build == 'oxygen' else 'a'} {D.BUILDING_NAME[s.build]}")
    if s.step == "resource":
        out.append(f"{_n(s.choices, 'Resource')} of choice to take")
    if s.step == "turn_order":
        out.append("landed at the Colony: choosing a Turn Order space")
    out.append("Executive action taken" if s.exec_used else "Executive action still available")
    return f"{name}'s turn: " + "; ".join(out) + "."


def _discovery_tile(s):
    if s.tile < 0:
        return None
    name, gain = s.cards.discovery_tiles[s.tile]
    return (f"{s.players[s.active]} is travelling to the Colony with the Discovery tile {name} ({_items(gain)}) to "
            f"place 3 hexes from their Rover.")


def _actions(s):
    n = len(s.players)
    lines = []
    for side, acts in (("Orbit", D.ORBIT_ACTIONS), ("Colony", D.COLONY_ACTIONS)):
        parts = []
        for a in acts:
            on = s.slots[D.ACTIONS.index(a)]
            who = ", ".join(s.players[p] for p in on) or "empty"
            taking = " (being taken)" if s.main == a and isinstance(s.to_move, int) else ""
            parts.append(f"{D.ACTION_NAME[a]}{taking} {len(on)}/{D.slots_for(a, n)}: {who}")
        lines.append(f"{side} actions (Colonists on the slots): " + "; ".join(parts) + ".")
    return lines


def _turn_order(s):
    parts = []
    for p in sorted(range(len(s.players)), key=s.order.__getitem__):
        sp = s.order[p]
        if sp < 0:
            continue
        side = "Orbit" if sp < D.TURN_ORDER_SPACES else "Colony"
        down = " (marker down)" if s.done[p] else ""
        parts.append(f"{s.players[p]} on {side} {sp % D.TURN_ORDER_SPACES + 1}{down}")
    bonus = ", ".join(f"{BONUS_WORDS[b]} on space {k + 1}" for k, b in enumerate(D.TURN_ORDER_BONUS) if b)
    return (f"Turn Order (Orbit 1-4, then Colony 1-4): {'; '.join(parts) or 'nobody placed yet'}. "
            f"Bonuses for a traveller: {bonus}.")


def _buildings(s):
    m = {rec[0]: rec for rec in s.buildings}
    groups = []
    for btype in D.BUILDINGS:
        recs = [rec for rec in s.buildings if rec[1] == btype]
        if not recs:
            continue
        items = []
        for h, _b, adv, card, miner in recs:
            tags = []
            size = len(complex_of(m, h))
            if size > 1:
                tags.append(f"Complex of {size}")
            if adv >= 0:
                lvl = f", Level {s.cards.blueprints[card][1]} Blueprint" if card >= 0 else ""
                tags.append(f"Advanced by {s.players[adv]}{lvl}")
            if miner >= 0:
                tags.append(f"Miner: {s.players[miner]}")
            items.append(_hex(h) + (f" [{'; '.join(tags)}]" if tags else ""))
        word = D.BUILDING_NAME[btype] if len(recs) == 1 else PLURAL_BUILDING[btype]
        groups.append(f"{word} {', '.join(items)}")
    return f"Buildings on Mars ({len(s.buildings)}; hexes (q, r), (0, 0) in the middle): " + "; ".join(groups) + "."


def _ground(s):
    crystals = ", ".join(_hex(h) for h in s.map_crystals) or "none"
    research = [_hex(h) for h, kind, _t in s.tiles if kind == "research"]
    table = s.cards.discovery_tiles
    found = [f"{table[t][0]} ({_items(table[t][1])}) on {_hex(h)}" for h, kind, t in s.tiles if kind == "discovery"]
    return (f"On the ground: {_n(len(s.map_crystals), 'Crystal')} ({crystals}); "
            f"Research tiles ({_items(D.RESEARCH_REWARD)} each): {', '.join(research) or 'none'}; "
            f"Discovery tiles: {'; '.join(found) or 'none'}.")


def _blueprint(s, card):
    b, lvl, gain = s.cards.blueprints[card]
    return f"{D.BUILDING_NAME[b]} Level {lvl} (+1 {ITEM_WORDS[gain]})"


def _contract(s, card):
    name, kind, what, plus, minus = s.cards.contracts[card]
    need = _items(what) if kind == "delivery" else f"an Advanced {D.BUILDING_NAME[what]}"
    return f"{name} ({need}: +{plus} OP, else -{minus})"


def _scientist(s, card):
    name, btype = s.cards.scientists[card]
    return f"{name} ({D.BUILDING_NAME[btype]})"


def _displays(s):
    decks = s.decks
    bps = "; ".join(_blueprint(s, c) for c in s.bp_display) or "empty"
    sci = "; ".join(_scientist(s, c) for c in s.sci_display) or "none"
    con = "; ".join(_contract(s, c) for c in s.con_display) or "none"
    grid = ", ".join(f"{D.TECH_NAME[t]} {k}" for t, k in zip(D.TECHS, s.tech_grid))
    wh = ", ".join(f"{ITEM_WORDS[i]} {k}" for i, k in zip(D.ITEMS, s.warehouse))
    goals = len(decks[4])
    return [f"Blueprint display: {bps} (deck: {_n(len(decks[0]), 'card')}).",
            f"Scientists on display: {sci} (deck: {len(decks[1])}). Earth Contracts on display: {con} "
            f"(deck: {len(decks[2])}).",
            f"Tech Grid: {grid}. Warehouse: {wh}. Crystal supply: {s.supply}. Discovery stack: "
            f"{_n(len(decks[3]), 'tile')}; Mission deck: {_n(len(decks[5]), 'card')}; Private Goal deck: "
            f"{_n(goals, 'card')}, face down."]


# ----------------------------------------------------------------- the players
def _score_line(s, p, sheet):
    tags = []
    if s.to_move == p:
        tags.append("to move")
    if s.is_over and p in s.winners():
        tags.append("WINNER")
    if s.done[p] and not s.is_over and s.phase == "colonization":
        tags.append("marker down")
    sp = s.order[p]
    where = _side(s, p) + (f", Turn Order space {sp % D.TURN_ORDER_SPACES + 1}" if sp >= 0 else "")
    rows = [f"{r.category} {r.points:+d}" for r in sheet.rows if r.player == p and r.points]
    total = sheet.totals[p]
    kind = "final" if sheet.final else "so far"
    return (f"{s.players[p]} ({where}){' [' + ', '.join(tags) + ']' if tags else ''}: {total} OP {kind}"
            + (f" ({', '.join(rows)})" if rows else "") + ".")


def _pieces_line(s, p):
    pl = s.pieces[p]
    on_slots = sum(on.count(p) for on in s.slots)
    miners = [_hex(rec[0]) for rec in s.buildings if rec[4] == p]
    bots = ", ".join(_hex(h) for h in pl.bots)
    return (f"{s.players[p]}'s Colonists: Living Quarters {pl.lq}, Working Area {pl.wa}, on action slots {on_slots}, "
            f"Miners {len(miners)}{' (' + ', '.join(miners) + ')' if miners else ''}, reserve {pl.reserve}. Rover on "
            f"{_hex(pl.rover)}; Bots {len(pl.bots)} of {D.BOTS} on {bots or 'no hex'}; Progress cubes "
            f"{pl.progress} of {D.PROGRESS_CUBES}; Tiles claimed {pl.claimed}.")


def _store_line(s, p):
    pl = s.pieces[p]
    o = s.options
    res = ", ".join(f"{ITEM_WORDS[r]} {v}" for r, v in zip(D.RESOURCES, pl.res))
    uncovered = D.DEPOT_SPACES - pl.depot_ships
    cap = o.crystal_cap_base + uncovered
    limit = o.ship_limit[s.level - 1]
    lab = ", ".join(f"{D.TECH_NAME[t]} ({row} row, column {col})" for t, row, col in
                    sorted(pl.lab, key=lambda x: (-D.LAB_ROWS.index(x[1]), x[2])))
    return (f"{s.players[p]}'s Storage: {res} (at most {o.resource_cap} each). Depot: {_n(pl.crystals, 'Crystal')} "
            f"(room for {cap}); {_n(pl.depot_ships, 'Ship')} on it, Executive actions on its bottom {uncovered} "
            f"spaces. Hangar: {_n(pl.hangar, 'Ship')} (at most {limit} at this level). Lab: {lab or 'empty'}.")


def _cards_line(s, p):
    pl = s.pieces[p]
    cards = s.cards
    bps = ", ".join(_blueprint(s, c) + (" used" if built else "") for c, built in pl.blueprints) or "none"
    sci = ", ".join(_scientist(s, c)[:-1] + (f"; working on {_hex(h)})" if h else ")") for c, h in pl.scientists)
    con = ", ".join(_contract(s, c) for c in pl.contracts) or "none"
    hidden = sum(1 for g in pl.goals if g < 0)
    known = []
    for g in pl.goals:
        if g >= 0:
            name, measure, at_least, op = cards.goals[g]
            need = (f"a Tech tile at level {at_least} or more" if measure == "tech_level"
                    else f"{at_least} {D.GOAL_TEXT[measure]}")
            known.append(f"{name} ({need}: {op} OP)")
    goals = ", ".join(known + ([f"{hidden} hidden"] if hidden else [])) or "none in hand"
    done = ""
    if pl.goal_done >= 0:
        name, _m, _a, op = cards.goals[pl.goal_done]
        done = f"; completed: {name} ({op} OP)"
    return (f"{s.players[p]}'s cards: Blueprints {bps}; Scientists {sci or 'none'}; Earth Contracts {con}; "
            f"Private Goals: {goals}{done}.")


def describe_position(state) -> str:
    """The position in short sentences, one line per element group of the board (see the module)."""
    s = state
    lines = [_header(s), _colony(s), _shuttle(s), _missions(s)]
    for extra in (_this_turn(s), _discovery_tile(s)):
        if extra:
            lines.append(extra)
    lines += _actions(s)
    lines += [_turn_order(s), _buildings(s), _ground(s)]
    lines += _displays(s)
    sheet = s.score()
    for p in range(len(s.players)):
        lines += [_score_line(s, p, sheet), _pieces_line(s, p), _store_line(s, p), _cards_line(s, p)]
    return "\n".join(lines)
