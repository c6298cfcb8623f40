"""Each game's rules reference (game.RULES): an entry for every section the engine names, and no other.

The names come from play (tests/rule_names.py: steps, score rows, refusals of actions from elsewhere in
the game, the end). Entries are in the project's own words (no run of 12 words copied from the
rulebook, when the rulebooks are present beside the project), name coverage items that exist, and
docs/rules/<game>.md is the page `tools/make_rules_reference.py` writes from them.
"""
import pathlib
import re
import sys

import pytest

import mars_rules
from mars_rules.core.reference import RulesReference

from .rule_names import rule_names

ROOT = pathlib.Path(__file__).resolve().parents[1]
RULEBOOKS = ROOT.parent / "shared" / "rulebooks"
BOOK = {"ruins_of_mars": "ruins_of_mars.txt", "mars_colony": "mars.txt", "ruins": "ruins.txt", "on_mars": "on_mars.txt"}
WITH_RULES = [n for n in sorted(mars_rules.GAMES) if hasattr(mars_rules.load(n), "RULES")]


@pytest.mark.parametrize("name", WITH_RULES)
def test_every_section_the_engine_names_has_an_entry_and_every_entry_is_named(name):
    ref = mars_rules.load(name).RULES
    assert isinstance(ref, RulesReference)
    names = rule_names(name)
    missing = sorted(r for r in names if ref.entry(r) is None)
    assert not missing, f"{name}: sections with no entry in RULES: {missing}"
    named = {ref.entry(r).section for r in names}
    unnamed = [e.section for e in ref if e.section not in named]
    assert not unnamed, f"{name}: entries no play of the engine names: {unnamed}"


def _words(text):
    return re.findall(r"[a-z0-9']+", text.lower())


@pytest.mark.parametrize("name", WITH_RULES)
def test_entries_are_in_the_projects_words_and_teach_real_items(name):
    game = mars_rules.load(name)
    items = set(game.COVERAGE.items())
    book = RULEBOOKS / BOOK[name]
    grams = set()
    if book.exists():
        words = _words(book.read_text(encoding="utf-8", errors="replace"))
        grams = {tuple(words[i:i + 12]) for i in range(len(words) - 11)}
    for e in game.RULES:
        assert e.text.strip() and e.part, e.section
        for item in e.teaches:
            assert item in items, f"{name}: {e.section}: {item} is not a coverage item"
        words = _words(e.text)
        copied = [" ".join(words[i:i + 12]) for i in range(len(words) - 11) if tuple(words[i:i + 12]) in grams]
        assert not copied, f"{name}: {e.section} copies the rulebook: {copied[0]!r}"


@pytest.mark.parametrize("name", WITH_RULES)
def test_the_reference_page_is_current(name):
    sys.path.insert(0, str(ROOT / "tools"))
    import make_rules_reference
    page = (ROOT / "docs" / "rules" / f"{name}.md").read_text(encoding="utf-8")
    assert page == make_rules_reference.page(name), f"run python tools/make_rules_reference.py {name}"


def test_every_game_has_a_reference_and_reads_its_board_in_words():
    for name in sorted(mars_rules.GAMES):
        game = mars_rules.load(name)
        assert isinstance(getattr(game, "RULES", None), RulesReference), f"{name} has no RULES"
        state = game.new_game(players=game.PLAYER_COUNTS[-1], seed=2)
        assert state.describe().strip() and state.describe(0).strip(), name


def _slug(heading: str) -> str:
    """GitHub's anchor of a Markdown heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_notebook_links_to_the_reference_name_real_sections():
    import json
    anchors = {}
    for page in (ROOT / "docs" / "rules").glob("*.md"):
        seen = {}
        for line in page.read_text(encoding="utf-8").splitlines():
            if line.startswith("#"):
                slug = _slug(line.lstrip("#"))
                n = seen.get(slug, 0)
                seen[slug] = n + 1
                anchors.setdefault(page.name, set()).add(slug if n == 0 else f"{slug}-{n}")
    links = 0
    for path in sorted(ROOT.glob("notebooks/**/*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            for target in re.findall(r"\]\(([^)\s]*docs/rules/[^)\s]*)\)", "".join(cell["source"])):
                file, _, anchor = target.partition("#")
                assert (path.parent / file).resolve().exists(), f"{path.name}: {target} is not a file"
                name = pathlib.Path(file).name
                assert not anchor or anchor in anchors.get(name, ()), f"{path.name}: no section #{anchor} in {name}"
                links += 1
    assert links > 0, "no notebook links to the rules reference"


def test_every_refusal_the_tests_met_has_an_entry():
    """Run last (the root conftest.py): every section a refusal named anywhere in this session's tests
    (scenario tests included) has its entry in that game's RULES. With xdist each process checks what it
    met here, and the main process checks them all at the end (conftest.pytest_sessionfinish)."""
    from .rule_names import SEEN, missing_entries
    missing = missing_entries(SEEN)
    assert not missing, f"refusals whose section has no entry: {missing[:10]}"
