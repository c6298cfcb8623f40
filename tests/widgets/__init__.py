"""Tests of the notebook widgets: Explorer, ScoreSheet, PositionEditor (and the bench helpers).

tests/ is not a package and pytest puts it on sys.path, so this folder can be imported under the
name "widgets" and shadow the project's own `widgets` package. When that happens, this module puts
the real package in its place, with this folder added to its search path so that the test modules
(widgets.test_explorer, ...) still import. Imported as tests.widgets, it does nothing special.
"""
import importlib.util
import os
import sys

if __name__ == "widgets":
    _here = os.path.dirname(os.path.abspath(__file__))
    _init = os.path.join(os.path.dirname(os.path.dirname(_here)), "widgets", "__init__.py")
    _spec = importlib.util.spec_from_file_location("widgets", _init,
                                                   submodule_search_locations=[os.path.dirname(_init), _here])
    _real = importlib.util.module_from_spec(_spec)
    sys.modules["widgets"] = _real
    _spec.loader.exec_module(_real)
