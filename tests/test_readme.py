"""The README's Python examples run as written (except the one that needs a dask cluster)."""
import pathlib
import re

README = pathlib.Path(__file__).parents[1] / "README.md"


def test_readme_examples_run():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    runnable = [b for b in blocks if "dask" not in b]
    assert len(runnable) >= 2
    namespace = {}
    for block in runnable:
        exec(compile(block, str(README), "exec"), namespace)  # our own README, not user input
