"""Notebook widgets for mars_rules: the Explorer, the score sheet, the position editor, lessons and
questions, and one board per game (`widgets.<game>`). They import mars_rules, never the reverse.

    from widgets import Explorer, ScoreSheet, PositionEditor, Lesson, Question

The names are imported on first use, so drawing a board (`widgets.<game>.draw`) does not load
ipywidgets.
"""
_LAZY = {"Explorer": "explorer", "ScoreSheet": "scoresheet", "PositionEditor": "editor", "Lesson": "lesson",
         "Question": "lesson"}

__all__ = list(_LAZY)


def __getattr__(name):
    if name in _LAZY:
        import importlib
        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
