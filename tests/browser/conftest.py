"""One Chromium and one Voilà server (for the notebooks folder) for every browser test of the session."""
import os
import sys

import pytest

from .serve import CHROMIUM_ARGS, ROOT, chromium_path, free_port, serve, unavailable


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="session")
def voila(browser, tmp_path_factory):
    """One Voilà server for the notebooks folder: yields its base URL."""
    try:
        import voila  # noqa: F401
    except ImportError:
        unavailable("Voilà is not installed")
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    env = dict(os.environ, MPLBACKEND="Agg", PYTHONHASHSEED="0")
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    with serve([sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                "--show_tracebacks=True", "."], ROOT / "notebooks", log, url + "api", env):
        yield url
