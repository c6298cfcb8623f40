"""What the browser tests share: Debian's Chromium through Playwright, servers started on 127.0.0.1 in
their own process group and stopped with every process they started (kernels included).

Without Chromium, Playwright, Voilà or JupyterLab a browser test is skipped, unless REQUIRE_BROWSER=1
(CI), where a missing piece is a failure.
"""
from __future__ import annotations

import os
import pathlib
import shutil
import signal
import socket
import subprocess
import time
from contextlib import contextmanager

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
START_TIMEOUT_S = 90     # a server starts a kernel and runs a whole notebook before the page is complete
STEP_TIMEOUT_S = 30      # one click -> the kernel redraws -> the page updates


def unavailable(reason: str):
    if os.environ.get("REQUIRE_BROWSER") == "1":
        pytest.fail(f"REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(reason)


def chromium_path() -> str:
    """Debian's Chromium and Playwright, checked before anything is started (else skip or fail)."""
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        unavailable("Chromium is not installed (apt-get install chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        unavailable("Playwright is not installed")
    return path


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, proc, timeout: float) -> None:
    """Wait until `url` answers (any HTTP answer), failing early when the server exits."""
    import urllib.error
    import urllib.request
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with code {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except urllib.error.HTTPError:
            return  # the server answers (an error page is an answer)
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"no answer on {url} within {timeout} s")


def stop_tree(proc) -> list:
    """Stop a server's process group and every process it started (kernels run in their own session).
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


@contextmanager
def serve(cmd, cwd, log_path, probe_url, env=None):
    """Run a server command in its own process group; yield the process once `probe_url` answers; stop
    the whole family afterwards and fail if any process is left."""
    log = open(log_path, "wb")
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                            env=env, start_new_session=True)
    try:
        wait_http(probe_url, proc, START_TIMEOUT_S)
        yield proc
    finally:
        left = stop_tree(proc)
        log.close()
        assert not left, f"processes still running after the test: {left}"
