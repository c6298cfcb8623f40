"""Components and tables of Ruins of Mars.

Every value the rulebook does not print is marked ``ASSUMED`` with the rulebook section it fills
(see the project's rules notes, gaps G1-G16). Replace them by passing your own data to
``new_game`` (``tiles=``, ``cards=``) or by loading a card file with :func:`load_cards`.

The constants marked *option* are only the defaults of the rule options (``options.OPTIONS``): a game
reads the value in effect from ``state.options`` (``new_game(..., resource_cap=5)``), never from here,
so assigning one of them changes nothing.

>>> SITES[0], SITES[4]
('Wasteland', 'Infirmary')
>>> CARDS.tech["L1-01"].level
1
>>> len(CARDS.tech), len(CARDS.ai)
(48, 12)
"""
from __future__ import annotations

import json
import os
from typing import NamedTuple

# ----- the planet -------------------------------------------------------------------------------
SITES = ("Wasteland", "Laboratory", "Workshop", "Dormitory", "Infirmary")
"""Left to right. Wasteland = Site 1 and Infirmary = Site 5 are stated (Solo Variant); the order of the
three middle Sites is ASSUMED (Setup / Site Bonuses: the order of the Site bonus list)."""

SITE_ACTION = ("discover", "decipher", "discover", "decipher", "discover")
"""ASSUMED except Workshop = Discover and Dormitory = Decipher, which the worked examples show
(Step 5: Take the Site's Action)."""

SITE_RADIATION = (1, 0, 0, 0, 0)
"""Radiation icons printed on each Site. ASSUMED (Step 3: Take Radiation). Option ``site_radiation``."""

WRENCH_BONUS = ("die", "resource", "language", "hourglass", "radiation")
"""What one Wrench does at each Site (Step 4: Use Wrench Bonus)."""

WASTELAND_HOURGLASS = (1, 1, 2, 2, 3, 3)
"""Hourglasses for the die faces 1..6 at the Wasteland (Wasteland die results). Option
``wasteland_hourglass``."""

# ----- icons, resources, languages --------------------------------------------------------------
RESOURCES = ("Fuel", "Parts", "Plans", "Oxygen")
"""Top to bottom on the Player board (the order of the Setup sentence; used by the solo AI's
'topmost' rule). ASSUMED order."""
FUEL, PARTS, PLANS, OXYGEN = range(4)

LANGUAGES = ("red", "orange", "green", "blue", "star")
"""Left to right on the Language board (solo AI 'leftmost track'). ASSUMED order (icon table order)."""
STAR = 4

ICONS = {"R": "red", "O": "orange", "G": "green", "B": "blue", "S": "star", "W": "wrench", "X": "radiation"}
"""One letter per Action tile icon. R/O/G/B = Fuel/Parts/Plans/Oxygen or that Language, S = star
(any Resource, or the star Language), W = Wrench, X = Radiation (Action Tile Icons)."""
COLOUR_INDEX = {"R": 0, "O": 1, "G": 2, "B": 3, "S": 4}

TILES = ("RR", "OO", "GG", "BB", "SS", "RW", "OW", "GW", "BW", "SX", "WX")
"""The faces of the 11 Action tiles, tile id = index. ASSUMED (Action Tiles: the rulebook does not
list the icons of each tile). Tests use their own explicit tiles."""
N_TILES = 11

# ----- Language tracks ----------------------------------------------------------------------------
CAPSTONE = 9
"""Spaces 0 (start) .. 9 (the Capstone). ASSUMED length (Mastering a Language)."""
SPACE_A = 3
SPACE_B = 6
"""The "A" and "B" spaces. ASSUMED positions (Tech Level and Language Requirements). Options
``space_a``, ``space_b``."""
TRACK_PP = (0, 0, 1, 2, 3, 4, 6, 8, 10, 15)
"""PP printed on each space 0..9. ASSUMED values (Final Scoring). Option ``track_pp``."""

# ----- resources, tokens, costs -----------------------------------------------------------------
RESOURCE_CAP = 7  # Discover Action: no more than 7 of any resource. Option resource_cap.
TRANSFER_COST = 2  # Step 2: 2 Hourglass OR 2 Oxygen. Option transfer_cost.
TRANSFER_WRAPS = False
"""Whether the Wasteland and the Infirmary are adjacent for a transfer. ASSUMED: no, the Sites are a row
(Step 2; rules notes G12). Option ``transfer_wraps``."""
DISPLAY_OXYGEN = (3, 2, 1, 0)
"""Oxygen added to the price of a face-up Tech by display space, top (newest) to bottom. ASSUMED
except +3 for the top space, which the rulebook names (Paying for Tech). Option ``display_oxygen``."""
DECK_OXYGEN = 4  # Paying for Tech: "+4 Oxygen [SEARCH DECK]". Option deck_oxygen.
DISPLAY_SIZE = 4
START_HOURGLASS = 2
"""Hourglasses each human player starts with. ASSUMED: the rulebook is silent (Setup); option
``hourglass``."""
END_TECHS = 9
"""Completed Techs on one board that trigger the end: a full Tech board (End of the Game). Option
``end_techs``."""
END_LANGUAGES = 4
"""Mastered Languages in total that trigger the end (End of the Game). Option ``end_languages``."""
ROW_BONUS = (9, 6, 3)
"""PP of a complete Tech board row: its 3 Techs share a Classification, all 3 differ, any other (printed:
Final Scoring). Option ``row_bonus``."""
RADIATION_MOST = 2
"""PP each Radiation costs the player or players holding the most (the others pay 1 PP each; printed:
Final Scoring). Option ``radiation_most``."""

CHARACTERS = ("Doctor", "Miner", "Trader", "Professor", "Stowaway")
KICKSTARTER_CHARACTERS = ("Engineer", "Savant")
CHARACTER_TEXT = {
    "Doctor": "1 Hourglass: remove 1 Radiation (once per turn)",
    "Miner": "1 Hourglass: take any 2 of Fuel, Parts, Plans (once per turn)",
    "Trader": "1 Hourglass: use the Active Site's Wrench bonus (up to twice per turn)",
    "Professor": "1 Hourglass + 1 resource: +1 on your most advanced Language track that can move (once per turn)",
    "Stowaway": "1 Hourglass: use an Hourglass ability of a Tech on another player's board (once per turn)",
    "Engineer": "1 Hourglass: use again a Tech ability already used this turn (twice per turn, different abilities)",
    "Savant": "1 Hourglass + the transfer cost: transfer a second Action tile",
}

# ----- Tech cards ---------------------------------------------------------------------------------
CLASSIFICATIONS = ("A", "B", "C", "D")
REWARD_KINDS = ("one_time", "end_game", "free_ability", "ability")
TRIGGERS = ("start_of_turn", "after_action")
"""When a Free Ability may be used: at the start of the turn (before placing the Rover) or after the
Site's Action (during Step 6)."""


class Card(NamedTuple):
    """A Tech card. ``effect`` is ``()`` or one of ('gain', resource, n), ('radiation', n),
    ('advance', track, n), ('hourglass', n), ('wrench',). ``cost`` is (Fuel, Parts, Plans, Oxygen)."""
    id: str
    name: str
    level: int
    classification: str
    cost: tuple
    kind: str          # one of REWARD_KINDS
    pp: int = 0        # end_game
    hourglass: int = 0  # one_time
    language: int = -1  # one_time: a track index
    steps: int = 0      # one_time: spaces on that track
    trigger: str = ""   # free_ability
    effect: tuple = ()  # free_ability / ability


class AICard(NamedTuple):
    """A solo AI Tech card: its back shows ``cost``; its face a reward (PP or a One-Time reward)."""
    id: str
    level: int
    cost: tuple
    pp: int = 0
    hourglass: int = 0
    language: int = -1
    steps: int = 0


class CardSet:
    """The Tech cards (48: 16 per Level) and the solo AI's Tech cards (12: 4 per Level) in use."""

    __slots__ = ("tech", "ai", "levels", "ai_levels", "source", "default", "_hash")

    def __init__(self, source: dict, default: bool = False):
        self.source = source
        self.default = default
        self._hash = None
        self.tech = {}
        self.ai = {}
        for c in source["tech"]:
            self.tech[c["id"]] = _card(c)
        for c in source["ai"]:
            self.ai[c["id"]] = _ai_card(c)
        self.levels = tuple(tuple(sorted(i for i, c in self.tech.items() if c.level == lv)) for lv in (1, 2, 3))
        self.ai_levels = tuple(tuple(sorted(i for i, c in self.ai.items() if c.level == lv)) for lv in (1, 2, 3))

    def __eq__(self, other):
        return isinstance(other, CardSet) and (self is other or self.source == other.source)

    def __hash__(self):
        if self._hash is None:
            self._hash = hash(json.dumps(self.source, sort_keys=True))
        return self._hash

    def __repr__(self):
        return f"CardSet({len(self.tech)} Techs, {len(self.ai)} AI Techs{', default' if self.default else ''})"


def _cost(d):
    return tuple(int(d.get(r.lower(), 0)) for r in RESOURCES)


def _effect(e):
    if not e:
        return ()
    if "gain" in e:
        return ("gain", RESOURCES.index(e["gain"].capitalize()), int(e.get("amount", 1)))
    if "remove_radiation" in e:
        return ("radiation", int(e["remove_radiation"]))
    if "advance" in e:
        return ("advance", LANGUAGES.index(e["advance"]), int(e.get("amount", 1)))
    if "hourglass" in e:
        return ("hourglass", int(e["hourglass"]))
    if "wrench" in e:
        return ("wrench",)
    raise ValueError(f"unknown effect {e!r}")


def _card(c):
    r = c["reward"]
    return Card(c["id"], c["name"], int(c["level"]), c["classification"], _cost(c["cost"]), r["kind"],
                pp=int(r.get("pp", 0)), hourglass=int(r.get("hourglass", 0)),
                language=LANGUAGES.index(r["language"]) if r.get("language") else -1,
                steps=int(r.get("steps", 0)), trigger=r.get("trigger", ""), effect=_effect(r.get("effect")))


def _ai_card(c):
    r = c.get("reward", {})
    return AICard(c["id"], int(c["level"]), _cost(c["cost"]), pp=int(r.get("pp", 0)),
                  hourglass=int(r.get("hourglass", 0)),
                  language=LANGUAGES.index(r["language"]) if r.get("language") else -1,
                  steps=int(r.get("steps", 0)))


def effect_text(e, short: bool = False) -> str:
    """A Tech effect in words, or as a short label for the board (`short`).

    >>> effect_text(("gain", 1, 2)), effect_text(("gain", 1, 2), short=True)
    ('gain 2 Parts', '+2 Parts')
    """
    if not e:
        return "-" if short else "nothing"
    kind = e[0]
    if kind == "gain":
        return f"{'+' if short else 'gain '}{e[2]} {RESOURCES[e[1]]}"
    if kind == "radiation":
        return f"-{e[1]} Rad" if short else f"remove {e[1]} Radiation"
    if kind == "advance":
        return f"+{e[2]} {LANGUAGES[e[1]]}" if short else f"+{e[2]} on the {LANGUAGES[e[1]]} Language track"
    if kind == "hourglass":
        return f"+{e[1]} HG" if short else f"gain {e[1]} Hourglass" + ("es" if e[1] > 1 else "")
    return "Wrench" if short else "use the Active Site's Wrench bonus"


def reward_text(c: Card) -> str:
    if c.kind == "end_game":
        return f"{c.pp} PP at the end of the game"
    if c.kind == "one_time":
        if c.hourglass:
            return f"one time: {c.hourglass} Hourglass" + ("es" if c.hourglass > 1 else "")
        return f"one time: +{c.steps} on the {LANGUAGES[c.language]} Language track"
    if c.kind == "free_ability":
        when = "at the start of your turn" if c.trigger == "start_of_turn" else "after your Site Action"
        return f"free ability {when}: {effect_text(c.effect)}"
    return f"ability (1 Hourglass): {effect_text(c.effect)}"


def cost_text(cost) -> str:
    parts = [f"{n} {RESOURCES[i]}" for i, n in enumerate(cost) if n]
    return ", ".join(parts) if parts else "nothing"


# ASSUMED (Tech Rewards / Tech cards, gap G10): an illustrative set, not the published cards. Per
# Level 4 cards of each Classification; Level 1 costs 3 resources, Level 2 costs 5, Level 3 costs 7.
_NAMES = (
    "Dust Filter", "Signal Lamp", "Glyph Rubbing", "Air Recycler", "Solar Kite", "Sand Sled", "Rune Lens",
    "Water Still", "Drill Bit", "Pressure Seal", "Map Fragment", "Seed Vault", "Beacon", "Cargo Winch",
    "Echo Stone", "Thermal Tent",
    "Crystal Battery", "Gravity Anchor", "Star Chart", "Oxygen Garden", "Ion Forge", "Rover Hitch",
    "Cipher Wheel", "Bio Lab", "Plasma Torch", "Dune Skimmer", "Memory Glass", "Greenhouse Dome",
    "Relay Mast", "Magnet Loom", "Resonance Bell", "Med Bay",
    "Fusion Core", "Sky Elevator", "Codex of Stars", "Terraform Engine", "Quantum Loom", "Ancient Gate",
    "Living Archive", "Atmosphere Plant", "Singularity Key", "Planet Lens", "Echo Library", "Ark Seedbank",
    "Void Compass", "Time Crystal", "Orbital Mirror", "Heart of Mars",
)

_COST_PATTERNS = {
    1: ((1, 1, 1, 0), (2, 1, 0, 0), (0, 2, 1, 0), (1, 0, 1, 1)),
    2: ((2, 1, 1, 1), (1, 2, 2, 0), (2, 2, 0, 1), (1, 1, 2, 1)),
    3: ((2, 2, 2, 1), (3, 1, 2, 1), (1, 3, 2, 1), (2, 2, 1, 2)),
}


def _reward(level, k):
    """Reward of the k-th card (0..15) of a Level: all four kinds appear at every Level."""
    langs = LANGUAGES
    if level == 1:
        table = (
            {"kind": "one_time", "hourglass": 1}, {"kind": "one_time", "language": langs[k % 5], "steps": 1},
            {"kind": "one_time", "hourglass": 2}, {"kind": "end_game", "pp": 1},
            {"kind": "free_ability", "trigger": "start_of_turn", "effect": {"gain": RESOURCES[k % 4].lower()}},
            {"kind": "ability", "effect": {"remove_radiation": 1}}, {"kind": "one_time", "hourglass": 1},
            {"kind": "one_time", "language": langs[(k + 2) % 5], "steps": 1},
        )
    elif level == 2:
        table = (
            {"kind": "free_ability", "trigger": "start_of_turn", "effect": {"hourglass": 1}},
            {"kind": "ability", "effect": {"gain": RESOURCES[k % 4].lower(), "amount": 2}},
            {"kind": "ability", "effect": {"wrench": True}}, {"kind": "end_game", "pp": 2},
            {"kind": "free_ability", "trigger": "after_action", "effect": {"remove_radiation": 1}},
            {"kind": "ability", "effect": {"advance": langs[k % 5]}},
            {"kind": "one_time", "language": langs[(k + 1) % 5], "steps": 2},
            {"kind": "end_game", "pp": 3},
        )
    else:
        table = (
            {"kind": "end_game", "pp": 5}, {"kind": "end_game", "pp": 4}, {"kind": "end_game", "pp": 6},
            {"kind": "ability", "effect": {"advance": langs[k % 5]}},
            {"kind": "end_game", "pp": 3}, {"kind": "one_time", "hourglass": 3},
            {"kind": "free_ability", "trigger": "start_of_turn", "effect": {"gain": "oxygen", "amount": 2}},
            {"kind": "end_game", "pp": 5},
        )
    return table[k % 8]


def _default_source():
    tech = []
    for level in (1, 2, 3):
        for k in range(16):
            cost = dict(zip((r.lower() for r in RESOURCES), _COST_PATTERNS[level][(k + k // 4) % 4]))
            tech.append({"id": f"L{level}-{k + 1:02d}", "name": _NAMES[(level - 1) * 16 + k], "level": level,
                         "classification": CLASSIFICATIONS[k % 4], "cost": cost, "reward": _reward(level, k)})
    ai = []
    ai_costs = {1: ((2, 1, 1, 0), (1, 2, 0, 1), (1, 1, 2, 0), (0, 1, 1, 2)),
                2: ((2, 2, 1, 1), (1, 2, 2, 1), (2, 1, 2, 1), (1, 1, 2, 2)),
                3: ((3, 2, 2, 1), (2, 3, 2, 1), (2, 2, 3, 1), (2, 2, 2, 2))}
    ai_rewards = {1: ({"pp": 1}, {"hourglass": 1}, {"pp": 1}, {"language": "red", "steps": 1}),
                  2: ({"pp": 2}, {"pp": 2}, {"hourglass": 2}, {"language": "star", "steps": 1}),
                  3: ({"pp": 4}, {"pp": 4}, {"pp": 3}, {"pp": 5})}
    for level in (1, 2, 3):
        for k in range(4):
            ai.append({"id": f"AI{level}-{k + 1}", "level": level,
                       "cost": dict(zip((r.lower() for r in RESOURCES), ai_costs[level][k])),
                       "reward": ai_rewards[level][k]})
    return {"assumed": True, "tech": tech, "ai": ai}


def check_card_source(data) -> list:
    """Problems with a card file's data (the schema of :func:`default_card_data`); [] if it is fine."""
    problems = []
    if not isinstance(data, dict):
        return ["the card data is not a JSON object"]
    for key in data:
        if key not in ("assumed", "tech", "ai"):
            problems.append(f'cards: unexpected key "{str(key)[:40]}"')
    if "assumed" in data and not isinstance(data["assumed"], bool):
        problems.append("cards.assumed: not true or false")
    tech, ai = data.get("tech"), data.get("ai")
    if not isinstance(tech, list):
        return problems + ["cards.tech: not a list"]
    if not isinstance(ai, list):
        return problems + ["cards.ai: not a list"]
    seen = set()
    counts = {1: 0, 2: 0, 3: 0}
    for i, c in enumerate(tech[:200]):
        problems += _check_card(c, f"cards.tech[{i}]", seen, counts, ai=False)
    if len(tech) != 48 or list(counts.values()) != [16, 16, 16]:
        problems.append(f"cards.tech: needs 16 Techs of each Level (48), found {len(tech)}")
    counts = {1: 0, 2: 0, 3: 0}
    for i, c in enumerate(ai[:200]):
        problems += _check_card(c, f"cards.ai[{i}]", seen, counts, ai=True)
    if not all(n >= 3 for n in counts.values()) or len(ai) > 60:
        problems.append("cards.ai: needs at least 3 AI Techs of each Level")
    return problems


def _is_int(v, lo, hi):
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _check_card(c, path, seen, counts, ai):
    p = []
    if not isinstance(c, dict):
        return [f"{path}: not an object"]
    keys = ("id", "level", "cost", "reward") if ai else ("id", "name", "level", "classification", "cost", "reward")
    for k in keys:
        if k not in c:
            p.append(f'{path}: missing key "{k}"')
    for k in c:
        if k not in keys:
            p.append(f'{path}: unexpected key "{str(k)[:40]}"')
    if p:
        return p
    if not isinstance(c["id"], str) or not 0 < len(c["id"]) <= 40 or c["id"] in seen:
        p.append(f"{path}.id: not a new short string")
    else:
        seen.add(c["id"])
    if not ai and (not isinstance(c["name"], str) or len(c["name"]) > 80):
        p.append(f"{path}.name: not a short string")
    if not _is_int(c["level"], 1, 3):
        p.append(f"{path}.level: not 1, 2 or 3")
    else:
        counts[c["level"]] += 1
    if not ai and c["classification"] not in CLASSIFICATIONS:
        p.append(f"{path}.classification: not A, B, C or D")
    cost = c["cost"]
    if not isinstance(cost, dict) or any(k not in ("fuel", "parts", "plans", "oxygen") for k in cost) \
            or not all(_is_int(v, 0, 7) for v in cost.values()):
        p.append(f"{path}.cost: an object of fuel/parts/plans/oxygen amounts 0..7")
    p += _check_reward(c["reward"], f"{path}.reward", ai)
    return p


def _check_reward(r, path, ai):
    if not isinstance(r, dict):
        return [f"{path}: not an object"]
    kind = r.get("kind", "end_game" if ai and "pp" in r else "one_time")
    allowed = {"one_time": {"kind", "hourglass", "language", "steps"}, "end_game": {"kind", "pp"},
               "free_ability": {"kind", "trigger", "effect"}, "ability": {"kind", "effect"}}
    if ai:
        allowed = {"one_time": {"kind", "hourglass", "language", "steps"}, "end_game": {"kind", "pp"}}
    if kind not in allowed:
        return [f"{path}.kind: not one of {', '.join(allowed)}"]
    bad = [k for k in r if k not in allowed[kind]]
    if bad:
        return [f'{path}: unexpected key "{str(bad[0])[:40]}" for a {kind} reward']
    p = []
    if kind == "end_game" and not _is_int(r.get("pp"), 0, 50):
        p.append(f"{path}.pp: not 0..50")
    if kind == "one_time":
        if "language" in r:
            if r["language"] not in LANGUAGES or not _is_int(r.get("steps"), 1, 9):
                p.append(f"{path}: a language reward needs a track ({', '.join(LANGUAGES)}) and steps 1..9")
        elif not _is_int(r.get("hourglass"), 1, 20):
            p.append(f"{path}: a one_time reward gives hourglass 1..20 or language + steps")
    if kind in ("free_ability", "ability"):
        if kind == "free_ability" and r.get("trigger") not in TRIGGERS:
            p.append(f"{path}.trigger: not one of {', '.join(TRIGGERS)}")
        e = r.get("effect")
        try:
            eff = _effect(e) if isinstance(e, dict) and len(e) <= 2 else None
        except (ValueError, KeyError, AttributeError, TypeError):
            eff = None
        if not eff or any(isinstance(x, int) and not 0 <= x <= 9 for x in eff[1:]) or \
                (eff[0] == "wrench" and kind == "free_ability"):
            p.append(f"{path}.effect: one of gain (+amount), remove_radiation, advance (+amount), hourglass, "
                     "wrench (wrench only for an ability)")
    return p


def load_cards(path_or_data) -> CardSet:
    """A CardSet from a JSON file path (or the already parsed data) with the schema of the default set.

    Raises ValueError listing every problem.
    """
    if isinstance(path_or_data, (dict, list)):
        data = path_or_data
    else:
        with open(path_or_data, encoding="utf-8") as f:
            data = json.load(f)
    problems = check_card_source(data)
    if problems:
        raise ValueError("; ".join(problems))
    return CardSet(json.loads(json.dumps(data)))


def default_card_data() -> dict:
    """The illustrative (ASSUMED) card data as JSON-ready dicts: a template for your own file."""
    return _default_source()


DEFAULT_CARDS_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tech_cards.json")
"""A copy of the default (ASSUMED) card data as a JSON file: copy it, edit it, load it with load_cards."""

CARDS = CardSet(_default_source(), default=True)
"""The default, illustrative card set (ASSUMED)."""
