"""Write docs/rules/<game>.md from each game's RULES (`python tools/make_rules_reference.py [game ...]`).

Each entry links to the notebooks whose cells teach it: an entry's `teaches` items (coverage items such
as "action:transfer_tile") are matched with the notebooks' `teaches:` cell tags.
"""
from __future__ import annotations

import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import mars_rules  # noqa: E402


def notebook_links(name: str) -> dict:
    """{coverage item: [(notebook title, relative url)]} from the `teaches:` tags of the game's notebooks."""
    links: dict = {}
    for path in sorted((ROOT / "notebooks" / name).glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        label = path.stem.replace("_", " ")
        label = label[:2] + " " + label[3:].capitalize() if label[:2].isdigit() else label
        for cell in cells:
            for tag in cell.get("metadata", {}).get("tags", []):
                parts = tag.split(":")
                if parts[0] != "teaches":
                    continue
                item = ":".join(parts[1:]) if len(parts) == 3 else (":".join(parts[2:]) if parts[1] == name else None)
                if item:
                    url = f"../../notebooks/{name}/{path.name}"
                    if (label, url) not in links.setdefault(item, []):
                        links[item].append((label, url))
    return links


def page(name: str) -> str:
    game = mars_rules.load(name)
    return game.RULES.markdown(notebook_links(name))


def main(names):
    for name in names or [n for n in sorted(mars_rules.GAMES) if hasattr(mars_rules.load(n), "RULES")]:
        out = ROOT / "docs" / "rules" / f"{name}.md"
        out.write_text(page(name), encoding="utf-8")
        print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main(sys.argv[1:])
