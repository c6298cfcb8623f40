"""Run the output and coverage checks on some notebooks from the command line (while writing them):

    .venv/bin/python -m tests.notebooks.check notebooks/ruins/*.ipynb [--game ruins] [--save DIR]

prints every problem per cell, the coverage of the games whose folders were given (or --game), and
with --save writes each executed notebook and the PNGs it shows into DIR, to be opened and looked at.
"""
from __future__ import annotations

import argparse
import base64
import pathlib
import re
import sys

import mars_rules

from .coverage import check, table
from .executed import ROOT, execute_all
from .judge import problems


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--game", action="append", default=[])
    ap.add_argument("--save")
    args = ap.parse_args(argv)
    paths = [pathlib.Path(p).resolve() for p in args.paths]
    executed = execute_all(paths)
    bad = 0
    for path, (nb, error) in executed.items():
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        print(f"== {shown}" + (f": DID NOT RUN: {error}" if error else ""))
        for i, cell in enumerate(nb.cells):
            if cell.cell_type == "code":
                for p in problems(cell):
                    bad += 1
                    print(f"  cell {i}: {p}")
        if args.save:
            import nbformat
            out = pathlib.Path(args.save)
            out.mkdir(parents=True, exist_ok=True)
            nbformat.write(nb, out / path.name)
            for i, cell in enumerate(nb.cells):
                for k, o in enumerate(cell.get("outputs", [])):
                    data = o.get("data") or {}
                    png = data.get("image/png")
                    found = re.search(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', str(data.get("text/html", "")))
                    png = png or (found.group(1) if found else None)
                    if png:
                        (out / f"{path.stem}_cell{i}_{k}.png").write_bytes(base64.b64decode(png))
    games = set(args.game) | {p.parent.name for p in paths if p.parent.name in mars_rules.GAMES}
    rows, cover = check(executed)
    cover = [c for c in cover if any(c.startswith((f"{g}/", f"{g}:")) for g in games)]
    print(table([r for r in rows if r[0] in games]))
    for c in cover:
        print("  coverage:", c)
    return 1 if bad or cover else 0


if __name__ == "__main__":
    sys.exit(main())
