"""The PositionEditor: a form generated from the JSON, the JSON text, validation, opening an Explorer."""
import html
import json

import pytest

from mars_rules import CHANCE

from widgets.editor import PositionEditor, common_fields

from .cases import find, is_decision


def editor(case, state, **kw):
    opts = {"board": case.board} if case.board is not None else {}
    return PositionEditor(state, explorer_options=opts, **kw)


def test_form_fields_come_from_the_json(case):
    state = case.new()
    ed = editor(case, state)
    data = json.loads(state.to_json())
    assert json.loads(ed.text.value) == data
    fields = common_fields(data)
    paths = set(ed.field_widgets)
    for key in fields["top"]:
        assert (key,) in paths and ed.field_widgets[(key,)].value == data[key]
    for list_key, names in fields["per_player"].items():
        for i, rec in enumerate(data[list_key]):
            for name in names:
                if name in rec:
                    assert ed.field_widgets[(list_key, i, name)].value == rec[name]
    assert ("format",) not in paths and ("game",) not in paths
    assert paths, "the form shows no field"


def test_valid_position_opens_in_an_explorer(case):
    state = find(case.new(), is_decision)
    ed = editor(case, state)
    assert ed.validate().to_json() == state.to_json() and ed.problems == []
    ed.open_button.click()
    assert ed.explorer is not None and ed.explorer.state.to_json() == state.to_json()
    assert ed.explorer_box.children == (ed.explorer,) and "Valid position" in ed.status.value
    ed.explorer.apply(state.legal_actions()[0])
    assert ed.explorer.error_text == ""


def test_editing_a_field_rewrites_the_json_and_validation_lists_every_problem(case):
    state = case.new()
    ed = editor(case, state)
    ints = [p for p, w in ed.field_widgets.items() if isinstance(w.value, int) and not isinstance(w.value, bool)]
    assert ints, "no integer field to edit"
    path = ints[0]
    ed.set_field(path, 12345678)
    data = json.loads(ed.text.value)
    target = data
    for part in path:
        target = target[part]
    assert target == 12345678 and "validate" in ed.status.value
    # break two things at once: every problem is listed
    data["format"] = 99
    data["game"] = "chess"
    ed.text.value = json.dumps(data)
    assert ed.validate() is None
    assert len(ed.problems) >= 2 and ed.open_explorer() is None and ed.explorer is None
    for p in ed.problems:
        assert f"<li>{html.escape(p)}</li>" in ed.status.value
    assert "2 problems" in ed.status.value or f"{len(ed.problems)} problems" in ed.status.value


def test_rule_level_problem_is_reported(case):
    state = case.new()
    data = json.loads(state.to_json())
    ed = editor(case, state)
    # an integer field set far out of any range must be refused by from_json, never crash
    ints = [p for p, w in ed.field_widgets.items() if isinstance(w.value, int) and not isinstance(w.value, bool)]
    bad = 0
    for path in ints:
        ed.set_text(json.dumps(data))
        ed.set_field(path, -7)
        if ed.validate() is None:
            bad += 1
            assert ed.problems and all(isinstance(p, str) for p in ed.problems)
            assert not any(p.startswith("from_json failed unexpectedly") for p in ed.problems), ed.problems
    assert bad >= 1, "no field refused a negative value"


def test_bad_text_and_editing_the_text_rebuilds_the_form(case):
    state = case.new()
    ed = editor(case, state)
    ed.text.value = "{not json"
    assert "does not parse" in ed.status.value
    assert ed.validate() is None and ed.problems and "mr-problems" in ed.status.value
    data = json.loads(state.to_json())
    data["extra_number"] = 5
    ed.text.value = json.dumps(data)
    assert ed.field_widgets[("extra_number",)].value == 5
    assert ed.validate() is None  # from_json refuses the unknown key (or anything it does not expect)
    ed.text.value = "[1, 2]"
    assert ed.field_widgets == {} and ed.validate() is None


def test_editor_from_game_and_text(case):
    state = case.new()
    ed = PositionEditor(case.game, state.to_json())
    assert ed.validate().to_json() == state.to_json()
    with pytest.raises(ValueError):
        PositionEditor(case.game)
    assert state.to_move is None or state.to_move == CHANCE or isinstance(state.to_move, int)


def test_the_builder_verbs_as_forms_change_the_position_or_list_every_problem():
    import mars_rules
    from widgets.editor import PositionEditor
    s = mars_rules.load("ruins_of_mars").new_game(players=["Ada", "Bo"], seed=7, characters="deal")
    ed = PositionEditor(s)
    assert "set_turn" in ed.builder_verbs() and "player" in ed.verb_forms
    who, field, value, go = ed.verb_forms["player"]
    who.value, field.value, value.value = "Ada", "hourglass", "5"
    go.click()
    assert ed.position is not None and ed.position.boards[0].hourglass == 5
    before = ed.text.value
    field.value, value.value = "fuel", "99"     # beyond the cap of 7
    go.click()
    assert ed.text.value == before and ed.problems and "not applied" in ed.status_text
    assert ed.apply_verb("set_turn", "Bo") is not None and '"to_move":1' in ed.text.value.replace(" ", "")
