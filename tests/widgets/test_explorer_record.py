"""The Explorer keeps variations (its record panel), driven from Python as a student or teacher clicks:
an action after an undo starts a variation, comments and marks go into the record, the record is saved
as JSON text (and a download link) and opened from text or a file; a broken record changes nothing."""
import base64
import datetime
import json

import mars_rules
from mars_rules.core.record import ROOT, Record
from widgets.common import TextBoard
from widgets.explorer import Explorer

from . import fakeboard, fakegame

GAME = mars_rules.load("ruins_of_mars")


def _explorer():
    return Explorer(GAME.new_game(players=2, seed=7, characters="deal"), board=TextBoard)


def _with_variation():
    """Click the first action, then undo and click the second one: two lines from the start."""
    ex = _explorer()
    ex.action_buttons[0].click()
    first = ex.history.node
    ex.undo_button.click()
    ex.action_buttons[1].click()
    return ex, first, ex.history.node


def test_another_action_after_an_undo_is_a_variation_listed_in_the_dropdown():
    ex, first, second = _with_variation()
    panel = ex.record_panel
    assert ex.error_text == "" and ex.record.children(ROOT) == (first, second)
    assert [v for _label, v in panel.variation_select.options] == [first, second]
    assert panel.variation_select.value == second and panel.variation_select.layout.display == ""
    labels = [label for label, _v in panel.variation_select.options]
    assert labels[0].startswith("main line: ") and labels[1].startswith("variation 1: ")
    assert "[line 2 of 2]" in ex.history_select.options[-1][0]
    panel.variation_select.value = first  # what choosing in the dropdown does
    assert ex.history.node == first and ex.state == ex.record.state(first)
    panel.variation_select.value = second
    assert not panel.main_button.disabled
    panel.main_button.click()
    assert ex.history.node == ROOT and ex.history.line == (first,) and ex.error_text == ""


def test_a_comment_and_a_mark_typed_go_into_the_record():
    ex, first, second = _with_variation()
    panel = ex.record_panel
    panel.comment_box.value = "Trying the other character"
    panel.mark_select.value = "mistake"
    node = ex.record.node(second)
    assert node.comment == "Trying the other character" and node.mark == "mistake" and ex.error_text == ""
    assert "?" in ex.history_select.options[-1][0] and "(comment)" in ex.history_select.options[-1][0]
    ex.undo()
    assert panel.comment_box.value == "" and panel.mark_select.disabled  # the start: the record's comment
    panel.comment_box.value = "Two characters to choose from"
    assert ex.record.comment == "Two characters to choose from"
    assert panel.variation_select.layout.display == "none"  # no variations to choose at the start
    ex.redo()
    assert panel.comment_box.value == "Trying the other character" and panel.mark_select.value == "mistake"


def test_save_gives_the_record_text_and_a_download_link():
    ex, first, second = _with_variation()
    ex.record_panel.comment_box.value = "a comment"
    ex.record_panel.save_button.click()
    text = ex.record_panel.record_text.value
    assert Record.from_json(text, GAME) == ex.record.canonical() and "Saved" in ex.message.value
    link = ex.record_panel.link.value
    assert "data:application/json;base64," in link and 'download="' in link
    data = link.split("base64,")[1].split('"')[0]
    assert base64.b64decode(data).decode("utf-8") == text


def test_open_a_pasted_record_shows_its_start_with_the_main_line_ahead():
    ex, first, second = _with_variation()
    ex.redo()
    ex.record_panel.save_button.click()
    text = ex.record_panel.record_text.value
    other = _explorer()
    other.record_panel.record_text.value = text
    other.record_panel.open_button.click()
    record = Record.from_json(text, GAME)
    assert other.error_text == "" and "Opened" in other.message.value
    assert other.record == record and other.state == record.state(ROOT) and other.history.index == 0
    assert len(other.history) == len(record.main_line()) + 1
    other.redo_button.click()
    assert other.state == record.state(record.main_line()[0]) and len(other.history.variations()) == 2


def test_open_a_file_upload():
    ex, first, second = _with_variation()
    text = ex.record_panel.save()
    other = _explorer()
    content = memoryview(text.encode("utf-8"))
    other.record_panel.upload.value = ({"name": "lesson.json", "type": "application/json", "size": len(content),
                                        "content": content,
                                        "last_modified": datetime.datetime.now(datetime.timezone.utc)},)
    assert other.error_text == "" and other.record == Record.from_json(text, GAME)


def test_a_broken_record_goes_to_the_error_line_and_loses_nothing():
    ex, first, second = _with_variation()
    data = json.loads(ex.record_panel.save())
    data["moves"][0]["params"] = {"character": "nobody"}
    before, state = ex.record, ex.state
    ex.record_panel.record_text.value = json.dumps(data)
    ex.record_panel.open_button.click()
    assert "The record was not opened" in ex.error_text and "moves[0]" in ex.error_text
    assert ex.record == before and ex.state is state
    ex.record_panel.open_text("{not json")
    assert "not JSON" in ex.error_text and "Traceback" not in ex.message.value and ex.record == before
    other = Record.new(mars_rules.load("ruins").new_game(2, seed=1)).to_json()
    assert not ex.record_panel.open_text(other) and "of the game 'ruins'" in ex.error_text


def test_promote_and_delete_a_variation():
    ex, first, second = _with_variation()
    panel = ex.record_panel
    assert not panel.promote_button.disabled and not panel.delete_button.disabled
    panel.promote_button.click()
    assert ex.record.children(ROOT) == (second, first) and "Promoted" in ex.message.value
    assert panel.promote_button.disabled and panel.main_button.disabled  # it is the main line now
    panel.delete_button.click()
    assert ex.record.children(ROOT) == (first,) and ex.history.node == ROOT and "Deleted" in ex.message.value
    assert panel.delete_button.disabled and ex.error_text == ""
    panel.delete()
    assert "Nothing to delete" in ex.message.value and ex.record.children(ROOT) == (first,)


def test_from_record_and_the_record_property():
    ex, first, second = _with_variation()
    record = Record.from_json(ex.record.to_json(), GAME)
    again = Explorer.from_record(record, board=TextBoard)
    assert again.record == record and again.state == record.state(ROOT) and again.shown_png
    fake = Record.new(fakegame.new_game(2, seed=3))  # a game mars_rules.load does not know: pass it
    ex3 = Explorer.from_record(fake, game=fakegame, board=fakeboard.Board)
    assert ex3.draw_random() and ex3.record.main_line() == (0,) and ex3.error_text == ""


def test_a_teacher_tries_the_record_as_a_lesson_without_writing_code():
    """Play a line, comment it, play a wrong try as a variation with a note, then "Try as a lesson": the
    Lesson below the panel asks the first move, says the note to the wrong try and plays on after the right one."""
    from widgets.lesson import Lesson
    ex, first, second = _with_variation()
    panel = ex.record_panel
    panel.comment_box.value = "Not this one: see the note."
    panel.mark_select.value = "mistake"
    panel.switch(first)
    panel.comment_box.value = "The move this lesson is about."
    panel.lesson_button.click()
    assert ex.error_text == "" and len(panel.lesson_box.children) == 1
    lesson = panel.lesson_box.children[0]
    assert isinstance(lesson, Lesson) and lesson.progress.startswith("Question 1 of 1")
    record = ex.record
    wrong, right = (record.state(ROOT).legal_twin(record.node(n).action()) for n in (second, first))
    assert lesson.choose(wrong) == "try" and "Not this one" in lesson.feedback
    assert lesson.choose(right) == "right" and lesson.finished and "The move this lesson is about." in lesson.feedback
