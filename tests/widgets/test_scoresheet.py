"""The score sheet table: players as columns, categories as rows, totals, tie-break, final or not."""
import html
import re

from mars_rules import playout
from mars_rules.core import ScoreRow, ScoreSheet as Sheet

from widgets.scoresheet import ScoreSheet, to_html


def cells(text):
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", text)
    return [[re.sub(r"<span class=\"mr-rule\">.*?</span>", "", c) for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", r)]
            for r in rows]


def test_table_layout_totals_and_tiebreak():
    sheet = Sheet(("Ada", "Bo <3"), (ScoreRow(0, "Language", 5, "Final Scoring: Language"),
                                    ScoreRow(1, "Language", 3, "Final Scoring: Language"),
                                    ScoreRow(1, "Radiation", -2, "Final Scoring: Radiation"),
                                    ScoreRow(0, "Language", 1, "Final Scoring: Language")),
                  "least Radiation, then most Language points")
    text = to_html(sheet)
    table = cells(text)
    assert table[0] == ["Category", "Ada", "Bo &lt;3"]          # players as columns, names escaped
    assert table[1] == ["Language", "6", "3"]                     # rows of one category are summed
    assert table[2] == ["Radiation", "0", "-2"]                   # an absent cell is 0
    assert table[3] == ["Total", "6", "1"]
    assert 'title="Final Scoring: Radiation"' in text and '<span class="mr-rule">Final Scoring: Language</span>' in text
    assert "Tie-break: least Radiation, then most Language points" in text
    assert "Provisional" in text and "Final</b>" not in text


def test_final_sheet_marks_winners(case):
    end = playout(case.new(seed=2), seed=2)
    view = ScoreSheet(end)
    sheet = end.score()
    assert view.sheet == sheet and sheet.final
    assert "<b>Final</b>" in view.value and "Provisional" not in view.value
    totals = cells(view.value)[-1]
    assert totals == ["Total", *map(str, sheet.totals)]
    for p in end.winners():
        assert f"{html.escape(str(end.players[p]))} ★" in view.value
    for category in sheet.categories:
        assert html.escape(category) in view.value and html.escape(sheet.rule_of(category)) in view.value


def test_update_from_a_state_mid_game(case):
    state = case.new(seed=4)
    view = ScoreSheet()
    view.update(state)
    assert view.sheet == state.score() and "Provisional" in view.value
    assert view._repr_html_() == view.value
