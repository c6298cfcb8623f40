"""The teaching-coverage map of each game checked against the notebooks' cell tags.

A game declares `COVERAGE` (mars_rules.core.Coverage) and `end_reason(state)`. A code cell that
teaches an item carries the tag `teaches:<kind>:<key>` (in the game's own notebook folder) or
`teaches:<game>:<kind>:<key>` (anywhere), and shows a board or a score sheet whose display metadata
(widgets.common.display_meta, under "mars_rules") proves it:

- `step:<key>`: a board or score sheet of this game at that step, or just after the engine went through
  it without a decision (the game's `passed_steps(state)`, e.g. Ruins of Mars' Step 3);
- `action:<kind>`: a position just made by an action of that kind;
- `score:<key>`: a score sheet showing that row (or that tie-breaker deciding);
- `end:<key>`: a finished game that ended that way.

Items not taught yet are listed, one a line, in `notebooks/<game>/coverage_todo.txt` ("#" starts a
comment).
"""
from __future__ import annotations

import pathlib

import mars_rules

from .executed import NOTEBOOKS

KINDS = ("step", "action", "score", "end")


def todo_items(game_name: str) -> list:
    path = NOTEBOOKS / game_name / "coverage_todo.txt"
    if not path.exists():
        return []
    lines = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line]


def tags_of(path: pathlib.Path, cell) -> list:
    """[(game, item)] for every teaches: tag of a cell (game None when the tag names none and the
    notebook is not in a game's folder)."""
    folder = path.parent.name if path.parent != NOTEBOOKS else None
    out = []
    for tag in cell.get("metadata", {}).get("tags", []):
        if not tag.startswith("teaches:"):
            continue
        parts = tag.split(":")[1:]
        if len(parts) == 3:
            out.append((parts[0], f"{parts[1]}:{parts[2]}"))
        elif len(parts) == 2:
            out.append((folder, f"{parts[0]}:{parts[1]}"))
        else:
            out.append((folder, ":".join(parts)))
    return out


def shown(cell, game_name) -> list:
    """The display metadata of every board or score sheet of `game_name` the cell shows."""
    out = []
    for o in cell.get("outputs", []):
        meta = (o.get("metadata") or {}).get("mars_rules")
        if meta and meta.get("game") == game_name:
            out.append(meta)
    return out


def proves(game, item: str, metas: list) -> bool:
    kind, _, key = item.partition(":")
    for m in metas:
        if kind == "step" and (m.get("step") == key or key in m.get("passed", ())):
            return True
        if kind == "action" and m.get("last_action") == key:
            return True
        if kind == "end" and m.get("over") and m.get("end") == key:
            return True
        if kind == "score" and "score" in m:
            spec = game.COVERAGE.score_item(key)
            if spec is not None and spec.shown_by(m["score"], m.get("tiebreak", "")):
                return True
    return False


def check(executed: dict) -> tuple:
    """(table rows, problems): per game (name, taught, todo, items) and every problem in a sentence."""
    taught: dict = {name: set() for name in mars_rules.GAMES}
    problems = []
    for path, (nb, _error) in executed.items():
        if not path.is_relative_to(NOTEBOOKS):  # a notebook outside the project (the check tool) teaches nothing
            continue
        for i, cell in enumerate(nb.cells):
            for game_name, item in tags_of(path, cell):
                where = f"{path.relative_to(NOTEBOOKS).as_posix()} cell {i}"
                game = mars_rules.GAMES.get(game_name)
                if game is None:
                    problems.append(f"{where}: the tag teaches:{item} names no game (put the game in the tag)")
                    continue
                if getattr(game, "COVERAGE", None) is None:
                    problems.append(f"{where}: {game_name} declares no COVERAGE map")
                    continue
                if item not in game.COVERAGE.items():
                    problems.append(f"{where}: teaches:{item} is not an item of {game_name}'s coverage map")
                    continue
                if not proves(game, item, shown(cell, game_name)):
                    problems.append(f"{where}: tagged teaches:{item}, but what the cell displays does not show it "
                                    f"(displayed: {shown(cell, game_name) or 'no board or score sheet'})")
                    continue
                taught[game_name].add(item)
    rows = []
    for name, game in mars_rules.GAMES.items():
        if getattr(game, "COVERAGE", None) is None:
            problems.append(f"{name}: the game declares no COVERAGE map")
            continue
        items = game.COVERAGE.items()
        todo = todo_items(name)
        for t in todo:
            if t not in items:
                problems.append(f"{name}/coverage_todo.txt: {t} is not an item of the coverage map")
            elif t in taught[name]:
                problems.append(f"{name}/coverage_todo.txt: {t} is taught now: remove it from the todo list")
        for item in items:
            if item not in taught[name] and item not in todo:
                problems.append(f"{name}: {item} is neither taught by a tagged cell nor listed in coverage_todo.txt")
        rows.append((name, len(taught[name] & set(items)), len([t for t in todo if t in items]), len(items)))
    return rows, problems


def table(rows) -> str:
    lines = [f"{'game':<16}{'taught':>8}{'todo':>6}{'items':>7}"]
    lines += [f"{name:<16}{t:>8}{d:>6}{n:>7}" for name, t, d, n in rows]
    return "\n".join(lines)
