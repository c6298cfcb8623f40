"""Sentences for actions (built only when a student reads them). A rule value in a sentence (a cost, the
Hourglasses of a die face) is the game's option, bound into the text function when the action is made."""
from __future__ import annotations

from functools import partial

from .data import ICONS, LANGUAGES, RESOURCES, SITE_ACTION, SITES, reward_text, cost_text


_WORDS = {}


def tile_words(icons: str) -> str:
    words = _WORDS.get(icons)
    if words is None:
        words = _WORDS[icons] = " + ".join(ICONS.get(c, c) for c in icons)
    return words


def place_rover(a):
    site = a.get("site")
    return f"Place the Rover on the {site} ({SITE_ACTION[SITES.index(site)].capitalize()})"


def transfer_text(icons, second, active, cost):
    def f(a):
        t = (f"Transfer tile {a.get('tile')} ({tile_words(icons)}) from the {a.get('from')} to the bottom of the "
             f"{active} (the Active Site), paying {cost} {a.get('pay')}")
        return t + (" and 1 more Hourglass (the Savant's second transfer)" if second else "")
    return f


SKIP_TEXT = {
    "start_of_turn": "Done with start-of-turn abilities: go on to place the Rover",
    "transfer": "Skip the transfer: go on to Take Radiation",
    "wrench": "Do not use the remaining Wrench bonus: go on to the Site's Action",
    "replicate": "Do not replicate a Tech this turn: go on to reallocate the Action tiles",
}


def skip(a):
    if a.get("step") == "replicate" and a.get("level"):
        return f"Close the Level {a.get('level')} deck without taking a Tech (shuffle it back)"
    return SKIP_TEXT.get(a.get("step"), "Skip")


def wrench(site, a):
    choice = a.get("choice")
    if site == 0:
        return "Wrench bonus at the Wasteland: roll the Wasteland die for Hourglasses"
    if site == 1:
        return f"Wrench bonus at the Laboratory: gain 1 {choice}"
    if site == 2:
        return f"Wrench bonus at the Workshop: +1 on the {choice} Language track"
    if site == 3:
        return "Wrench bonus at the Dormitory: gain 1 Hourglass"
    return "Wrench bonus at the Infirmary: remove 1 Radiation"


def wrench_for(site):
    return partial(wrench, site)


def die(table, a):
    """The Wasteland die's face and its Hourglasses (`table`: the option ``wasteland_hourglass``)."""
    f = a.get("face")
    n = table[f - 1]
    return f"The Wasteland die shows {f}: {n} Hourglass{'es' if n > 1 else ''}"


def solo_die(a):
    f = a.get("face")
    if f == 6:
        return "The solo die shows 6: no Site is reallocated (the AI takes the leftmost tied Site)"
    return f"The solo die shows {f}: reallocate the tiles of the {SITES[f - 1]}"


def star(a):
    return f"Discover: take 1 {a.get('resource')} for the star icon"


def counts_text(counts, names):
    return ", ".join(f"{n} {names[i]}" for i, n in enumerate(counts) if n)


def pass_rover(name, a):
    return f"Pass the Rover to {name} (end of the turn)"


def draw_tile(icons, a):
    return f"The next face-down tile is tile {a.get('tile')} ({tile_words(icons)}): place it at the {a.get('site')}"


def card_line(card):
    return f"{card.name} ({card.id}, Level {card.level}, class {card.classification}; {reward_text(card)})"


def replicate(card, display_oxygen, a):
    space = a.get("space")
    ox = display_oxygen[space - 1]
    return (f"Replicate {card_line(card)} from the +{ox} Oxygen space: pay {cost_text(card.cost)}"
            f"{f' + {ox} Oxygen' if ox else ''}; place it in row {a.get('row')}")


def take_from_deck(card, deck_oxygen, a):
    return (f"Take {card_line(card)} from the Level {card.level} deck: pay {deck_oxygen} Oxygen + "
            f"{cost_text(card.cost)}; place it in row {a.get('row')}")


def search_deck(deck_oxygen, a):
    return f"Search the Level {a.get('level')} deck (pay {deck_oxygen} Oxygen plus the cost of the Tech you take)"


def refill(card, top, a):
    return f"Reveal {card.name} ({card.id}) into the +{top} Oxygen space of the Level {a.get('level')} column"


def language_list(counts):
    return ", ".join(f"+{n} {LANGUAGES[i]}" for i, n in enumerate(counts) if n)


def resource_list(counts):
    return ", ".join(f"{n} {RESOURCES[i]}" for i, n in enumerate(counts) if n)


def tiles_phrase(n, site):
    """Subject and verb for n face-down tiles: "the 1 tile of the Dormitory is", "the 3 tiles ... are"."""
    return f"the {n} tile of the {site} is" if n == 1 else f"the {n} tiles of the {site} are"
