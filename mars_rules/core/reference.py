"""A rules reference in the project's own words: one entry per rulebook section the engine names.

Every refusal (`IllegalAction.rule`), turn step (`Step.rule`), score row (`ScoreRow.rule`) and end
trigger names a rulebook section. A game's `RULES` (a `RulesReference`) has an `Entry` for each: what the
rule says, in short sentences of this project (no rulebook sentence copied), the numbers the engine uses
(each marked printed or ASSUMED) and the teaching-coverage items that show it in the notebooks.

>>> ref = RulesReference("Demo", [Entry("Step 2: Transfer", "Move one tile to the active Site.",
...                                     numbers=(Number("cost", "2 Hourglasses or 2 Oxygen", True),),
...                                     teaches=("action:transfer_tile",))])
>>> ref.entry("Step 2: Transfer (the tile must come from a neighbour)").section
'Step 2: Transfer'
>>> ref.entry("Scoring") is None
True
"""
from __future__ import annotations

from typing import NamedTuple


class Number(NamedTuple):
    """A value the rule uses: what it is, its value in words, printed in the rulebook or ASSUMED here."""
    what: str
    value: str
    printed: bool


class Entry(NamedTuple):
    """One section: its name exactly as the engine writes it, the rule in the project's words (Markdown),
    the numbers, the coverage items that teach it (`"action:transfer_tile"`), and other names the engine
    uses for the same section."""
    section: str
    text: str
    numbers: tuple = ()
    teaches: tuple = ()
    aliases: tuple = ()
    part: str = ""  # the chapter it belongs to: "Setup", "The turn", "Scoring", "The end", "Clarifications"


class RulesReference:
    """A game's entries, found by the section name the engine gives (exactly, by an alias, or as the
    longest entry name the given name starts with: "Step 2: Transfer (…)" finds "Step 2: Transfer")."""

    def __init__(self, title: str, entries):
        self.title = title
        self.entries = tuple(entries)
        self._names = {}
        for e in self.entries:
            for name in (e.section, *e.aliases):
                assert name not in self._names, f"{title}: the section {name!r} has two entries"
                self._names[name] = e

    def __iter__(self):
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def entry(self, rule: str):
        """The Entry for a section name the engine produced, or None."""
        if not isinstance(rule, str) or not rule:
            return None
        hit = self._names.get(rule)
        if hit is not None:
            return hit
        best = max((n for n in self._names if rule.startswith(n)), key=len, default=None)
        return self._names[best] if best is not None else None

    def markdown(self, links=None) -> str:
        """The reference as one Markdown page; `links` maps a coverage item to [(label, url)] (the
        notebook cells that teach it)."""
        links = links or {}
        out = [f"# {self.title}: rules reference", "",
               "This project's summary of each rulebook section the engine names (in refusals, turn steps, "
               "score rows and end triggers). Numbers marked **ASSUMED** are not printed in the rulebook: "
               "they are this project's illustrative values (each game's `OPTIONS` lets a teacher change "
               "many of them).", ""]
        part = None
        for e in self.entries:
            if e.part and e.part != part:
                part = e.part
                out += [f"## {part}", ""]
            out += [f"### {e.section}", "", e.text.strip(), ""]
            if e.numbers:
                out += ["| value | | source |", "|---|---|---|"]
                out += [f"| {n.what} | {n.value} | {'printed' if n.printed else '**ASSUMED**'} |" for n in e.numbers]
                out.append("")
            shown = [f"[{label}]({url})" for item in e.teaches for label, url in links.get(item, ())]
            if shown:
                out += ["Taught in: " + ", ".join(dict.fromkeys(shown)), ""]
            if e.aliases:
                out += ["Also named: " + "; ".join(f"*{a}*" for a in e.aliases), ""]
        return "\n".join(out).rstrip() + "\n"
