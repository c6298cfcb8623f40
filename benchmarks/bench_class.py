"""A whole class opening the classroom page at once: Voilà with and without a pool of pre-heated kernels.

    python benchmarks/bench_class.py [--nb NOTEBOOK] [--pages 1,5,10] [--browser K]

For each number of pages N and each mode (plain: a kernel started and the notebook run per page; pool: Voilà
started as `make present CLASS=N` starts it, tools/present.py's command, with N kernels pre-heated and
waited for), a Voilà server is started on 127.0.0.1, N pages are requested at the same moment over HTTP, and
this prints the time until the slowest page has arrived whole, the pool's warm-up time, and the memory (RSS)
of the server and of its kernels before and after the pages (the kernels the pages took, and in pool mode
the pool refilling itself).

--browser K (optional): K pages opened at once in headless Chromium, in each mode; once every page shows its
Explorer, each clicks one legal action at the same moment: the time from the click to the new board image.

Every process started (Voilà, its kernels, Chromium) is stopped at the end of its run (tests/browser/serve.py).
Figures only, no pass/fail: the timings depend on the machine.
"""
from __future__ import annotations

import argparse
import os
import pathlib
import shutil
import sys
import threading
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
import present  # noqa: E402  (tools/present.py: the command `make present` runs)
from tests.browser.serve import CHROMIUM_ARGS, free_port, serve  # noqa: E402

DEFAULT_NB = ROOT / "notebooks" / "ruins_of_mars" / "01_setup_and_one_turn.ipynb"
PAGE_TIMEOUT_S = 300      # one page over HTTP, however loaded the machine
WARM_TIMEOUT_S = 300      # a pool of N kernels running the notebook
CLICK_TIMEOUT_S = 60      # one click to its new board
MIB = 2 ** 20


def family(pid):
    """(server RSS MiB, [kernel RSS MiB]) of the Voilà server and the kernels it started."""
    import psutil
    server = psutil.Process(pid)
    kernels = []
    for child in server.children(recursive=True):
        try:
            if "ipykernel" in " ".join(child.cmdline()):
                kernels.append(child.memory_info().rss / MIB)
        except psutil.NoSuchProcess:
            pass
    return server.memory_info().rss / MIB, kernels


def cpu_seconds(pid) -> float:
    import psutil
    total = 0.0
    procs = [psutil.Process(pid)]
    procs += procs[0].children(recursive=True)
    for p in procs:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.NoSuchProcess:
            pass
    return total


def wait_warm(pid, kernels: int, timeout: float = WARM_TIMEOUT_S) -> None:
    """Wait until `kernels` kernels run and the server and kernels have been idle for a second (every
    pre-heated kernel has run the notebook)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if len(family(pid)[1]) >= kernels:
            before = cpu_seconds(pid)
            time.sleep(1.0)
            if cpu_seconds(pid) - before < 0.1:
                return
        else:
            time.sleep(0.3)
    raise TimeoutError(f"the pool of {kernels} was not warm within {timeout} s")


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=PAGE_TIMEOUT_S) as answer:
        return answer.read().decode("utf-8", "replace")


def burst(url: str, n: int):
    """n pages requested at the same moment: (seconds until the slowest arrived, problems)."""
    gate = threading.Barrier(n + 1)
    done, problems = [None] * n, []

    def one(i):
        gate.wait()
        try:
            page = fetch(url)
            done[i] = time.perf_counter()
            if "voila_finish()" not in page or "</html>" not in page:
                problems.append(f"page {i} arrived incomplete")
            elif "There was an error when executing cell" in page:
                problems.append(f"page {i} shows an error")
            elif "application/vnd.jupyter.widget-view+json" not in page:  # Voilà gave up waiting for an
                problems.append(f"page {i} came without its Explorer")      # output (an IOPub timeout)
        except Exception as e:  # noqa: BLE001 - reported with the figures
            problems.append(f"page {i}: {e}")

    threads = [threading.Thread(target=one, args=(i,), daemon=True) for i in range(n)]
    for t in threads:
        t.start()
    gate.wait()
    t0 = time.perf_counter()
    for t in threads:
        t.join(PAGE_TIMEOUT_S + 10)
    arrived = [d for d in done if d is not None]
    return (max(arrived) - t0 if arrived else float("nan")), problems


def start(nb: pathlib.Path, pool: int, log_dir: pathlib.Path):
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    cmd = present.voila_command(nb.relative_to(ROOT), port, pool=pool)
    log = log_dir / f"voila-{'pool' if pool else 'plain'}-{pool}-{port}.log"
    # probe a route that answers without rendering the notebook (every other path of a one-notebook
    # server renders it, starting a kernel)
    return url, serve(cmd, ROOT, log, url + "voila/files/-", env=dict(os.environ))


def http_run(nb, pages: int, pooled: bool, log_dir):
    url, server = start(nb, pages if pooled else 0, log_dir)
    t0 = time.monotonic()
    with server as proc:
        warm = None
        if pooled:
            wait_warm(proc.pid, pages)
            warm = time.monotonic() - t0
        else:
            time.sleep(1.0)
        srv_before, k_before = family(proc.pid)
        slowest, problems = burst(url, pages)
        time.sleep(2.0)  # Voilà starts refilling its pool 1 s after a kernel is taken
        srv_after, k_after = family(proc.pid)
    return dict(mode="pool" if pooled else "plain", pages=pages, slowest=slowest, warm=warm,
                before=srv_before + sum(k_before), kernels_before=len(k_before), server=srv_after,
                kernels_after=len(k_after), after=srv_after + sum(k_after),
                each=(max(k_before) if k_before else (max(k_after) if k_after else float("nan"))),
                problems=problems)


def browser_run(nb, k: int, pooled: bool, log_dir):
    """K pages in Chromium at once; then one click in each at the same moment: (seconds until every page
    showed its Explorer, [seconds from each click to its new board image], problems)."""
    from playwright.sync_api import sync_playwright
    from tests.browser.serve import chromium_path
    path = chromium_path()
    url, server = start(nb, k if pooled else 0, log_dir)
    problems, clicks = [], []
    with server as proc, sync_playwright() as pw:
        if pooled:
            wait_warm(proc.pid, k)
        b = pw.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
        try:
            # a context each, as each student has a browser of their own (one context's pages would share
            # its 6 connections to the server, and Voilà's streamed pages hold one each until they end)
            pages = [b.new_context(viewport={"width": 1280, "height": 1000}).new_page() for _ in range(k)]
            t0 = time.perf_counter()
            for p in pages:
                p.set_default_timeout(CLICK_TIMEOUT_S * 1000)
                p.goto(url, wait_until="commit", timeout=PAGE_TIMEOUT_S * 1000)
            alive = []
            for i, p in enumerate(pages):
                try:
                    p.wait_for_selector(".mr-explorer .mr-board img", timeout=PAGE_TIMEOUT_S * 1000)
                    p.wait_for_selector(".mr-explorer .mr-action")
                    alive.append(p)
                except Exception as e:  # noqa: BLE001 - reported with the figures
                    problems.append(f"page {i} showed no Explorer ({type(e).__name__})")
            shown = time.perf_counter() - t0
            srcs = [p.locator(".mr-explorer .mr-board img").first.get_attribute("src") for p in alive]
            for p, src in zip(alive, srcs):  # each page times its own click (the clicks go out back to back)
                p.evaluate("""(src) => {
                    window.__done = null;
                    new MutationObserver((m, o) => {
                        const now = document.querySelector('.mr-explorer .mr-board img');
                        if (now && now.getAttribute('src') !== src) { window.__done = performance.now(); o.disconnect(); }
                    }).observe(document.querySelector('.mr-explorer'), {subtree: true, childList: true, attributes: true});
                    window.__t0 = performance.now();
                    document.querySelector('.mr-explorer .mr-action').click();
                }""", src)
            for i, p in enumerate(alive):
                try:
                    p.wait_for_function("() => window.__done !== null")
                    clicks.append(p.evaluate("() => (window.__done - window.__t0) / 1000"))
                except Exception as e:  # noqa: BLE001
                    problems.append(f"a click got no new board within {CLICK_TIMEOUT_S} s ({type(e).__name__})")
        finally:
            b.close()
    return shown, clicks, problems


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nb", type=pathlib.Path, default=DEFAULT_NB)
    parser.add_argument("--pages", default="1,5,10", help="numbers of pages opened at once (default 1,5,10)")
    parser.add_argument("--browser", type=int, default=0, metavar="K",
                        help="also K pages in headless Chromium, one click each (default: none)")
    args = parser.parse_args(argv)
    nb = args.nb.resolve()
    import tempfile
    log_dir = pathlib.Path(tempfile.mkdtemp(prefix="bench_class-"))
    print(f"{nb.relative_to(ROOT)} on {os.cpu_count()} cores; Voilà logs in {log_dir}")
    print(f"{'mode':6} {'pages':>5} {'slowest page s':>14} {'pool warm s':>11} {'MiB before':>10} "
          f"{'MiB after':>9} {'kernels':>7} {'server MiB':>10} {'MiB each':>8}")
    for n in [int(x) for x in args.pages.split(",") if x.strip()]:
        for pooled in (False, True):
            r = http_run(nb, n, pooled, log_dir)
            warm = f"{r['warm']:.1f}" if r["warm"] is not None else "-"
            print(f"{r['mode']:6} {n:5d} {r['slowest']:14.2f} {warm:>11} {r['before']:10.0f} {r['after']:9.0f} "
                  f"{r['kernels_before']:>3}->{r['kernels_after']:<3} {r['server']:10.0f} {r['each']:8.0f}",
                  flush=True)
            for p in r["problems"]:
                print(f"       ! {p}")
    print("slowest page: from the moment every request goes out to the last page whole. MiB: RSS of the Voilà "
          "server and its kernels before and 2 s after the pages (kernels: before -> after; in pool mode the "
          "pool has started to refill itself: its new kernels have not run the notebook yet). MiB each: the largest kernel that has run the notebook.")
    if args.browser and not (shutil.which("chromium") or shutil.which("chromium-browser")):
        print("--browser: Chromium is not installed (apt-get install chromium)")
    elif args.browser:
        for pooled in (False, True):
            shown, clicks, problems = browser_run(nb, args.browser, pooled, log_dir)
            print(f"browser, {'pool' if pooled else 'plain'}: {args.browser} page{'s' if args.browser > 1 else ''} shown in {shown:.1f} s; "
                  f"click to new board: " + (", ".join(f"{c:.2f}" for c in sorted(clicks)) or "-") + " s",
                  flush=True)
            for p in problems:
                print(f"       ! {p}")


if __name__ == "__main__":
    main()
