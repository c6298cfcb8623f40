"""The Explorer in a real browser: Voilà serves a notebook, headless Chromium clicks an action.

The notebook is the Ruins of Mars turn notebook when it exists and ends with a live Explorer,
otherwise notebooks/00_start_here.ipynb (which always ends with one). The test checks that the
board image changes and the highlighted turn step moves on, and saves a screenshot in its tmp folder
(set MR_SCREENSHOT=<path> to keep a copy). Every process it starts (Voilà, its kernel, the browser)
is stopped at the end.

Chromium is Debian's (`chromium` on the PATH), driven by Playwright. Without it the test is skipped,
unless REQUIRE_BROWSER=1 (CI), where a missing browser is a failure.
"""
from __future__ import annotations

import json
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import sys
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
TURN_NOTEBOOK = ROOT / "notebooks" / "ruins_of_mars" / "01_setup_and_one_turn.ipynb"
START_NOTEBOOK = ROOT / "notebooks" / "00_start_here.ipynb"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
START_TIMEOUT_S = 90     # Voilà starts a kernel and runs the whole notebook before the page is complete
STEP_TIMEOUT_S = 30      # one click -> the kernel redraws -> the page updates


def unavailable(reason: str):
    if os.environ.get("REQUIRE_BROWSER") == "1":
        pytest.fail(f"REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(reason)


def ends_with_explorer(path: pathlib.Path) -> bool:
    """True if the notebook's last code cell builds or shows an Explorer."""
    try:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    except (OSError, ValueError, KeyError):
        return False
    code = ["".join(c.get("source", "")) for c in cells if c.get("cell_type") == "code"]
    return bool(code) and "Explorer" in code[-1]


def notebook_to_serve() -> pathlib.Path:
    return TURN_NOTEBOOK if TURN_NOTEBOOK.exists() and ends_with_explorer(TURN_NOTEBOOK) else START_NOTEBOOK


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, proc, timeout: float) -> None:
    import urllib.error
    import urllib.request
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"Voilà exited with code {proc.returncode}")
        try:
            with urllib.request.urlopen(url + "api", timeout=2):
                return
        except urllib.error.HTTPError:
            return  # the server answers (an error page is an answer)
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"Voilà did not answer on {url} within {timeout} s")


def stop_tree(proc) -> list:
    """Stop Voilà's process group and every process it started (its kernel runs in its own session).
    Returns the pids still alive afterwards (none expected)."""
    import psutil
    try:
        family = psutil.Process(proc.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        family = []
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(timeout=10)
    _gone, alive = psutil.wait_procs(family, timeout=10)
    for p in alive:
        try:
            p.kill()
        except psutil.NoSuchProcess:
            pass
    _gone, alive = psutil.wait_procs(alive, timeout=5)
    return [p.pid for p in alive]


@pytest.fixture
def chromium():
    """Debian's Chromium and Playwright, checked before anything is started."""
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        unavailable("Chromium is not installed (apt-get install chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        unavailable("Playwright is not installed")
    try:
        import voila  # noqa: F401
    except ImportError:
        unavailable("Voilà is not installed")
    return path


@pytest.fixture
def voila_url(chromium, tmp_path):
    notebook = notebook_to_serve()
    port = free_port()
    log = open(tmp_path / "voila.log", "wb")
    env = dict(os.environ, MPLBACKEND="Agg", PYTHONHASHSEED="0")
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
         "--show_tracebacks=True", str(notebook.name)],
        cwd=notebook.parent, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env,
        start_new_session=True)  # its own process group, killed as a whole below
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_http(url, proc, START_TIMEOUT_S)
        yield url, notebook, tmp_path
    finally:
        left = stop_tree(proc)
        log.close()
        assert not left, f"processes still running after the test: {left}"


def test_click_an_action_in_the_browser(chromium, voila_url):
    from playwright.sync_api import sync_playwright
    url, notebook, tmp = voila_url
    shot = tmp / "explorer.png"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.set_default_timeout(STEP_TIMEOUT_S * 1000)
            page.goto(url, timeout=START_TIMEOUT_S * 1000, wait_until="domcontentloaded")
            page.wait_for_selector(".mr-explorer .mr-board img", timeout=START_TIMEOUT_S * 1000)
            page.wait_for_selector(".mr-explorer .mr-steps li.mr-current")
            explorer = page.locator(".mr-explorer").last
            first_img = explorer.locator(".mr-board img").first.get_attribute("src")
            first_step = explorer.locator(".mr-steps li.mr-current").first.get_attribute("data-key")
            assert first_img and first_img.startswith("data:image/png")

            images, steps = {first_img}, [first_step]
            for _click in range(20):  # click until the highlighted step moves on (bounded)
                label = explorer.locator(".mr-history-label").first
                before = label.inner_text()
                draw = explorer.locator(".mr-draw")
                actions = explorer.locator(".mr-action")
                if draw.count() and draw.first.is_visible():
                    draw.first.click()       # a chance node: draw at random
                elif actions.count():
                    actions.first.click()    # apply the first legal action
                else:                        # another seat's hidden turn: let the computer play it
                    explorer.locator(".mr-autoplay").first.click()
                page.wait_for_function("([el, text]) => el.textContent !== text",
                                       arg=[label.element_handle(), before])
                images.add(explorer.locator(".mr-board img").first.get_attribute("src"))
                steps.append(explorer.locator(".mr-steps li.mr-current").first.get_attribute("data-key"))
                assert explorer.locator(".mr-error").count() == 0, explorer.locator(".mr-error").inner_text()
                if steps[-1] != first_step and len(images) > 1:
                    break
            page.set_viewport_size({"width": 1280, "height": 1600})  # the whole Explorer in one picture
            page.wait_for_timeout(300)
            page.screenshot(path=str(tmp / "page.png"), full_page=True)
            explorer.screenshot(path=str(shot))
            if os.environ.get("MR_SCREENSHOT"):
                shutil.copy(shot, os.environ["MR_SCREENSHOT"])
        finally:
            browser.close()
    assert len(images) > 1, "the board image never changed"
    assert steps[-1] != first_step, f"the highlighted step stayed at {first_step!r} ({notebook.name})"
    assert shot.stat().st_size > 10_000
