"""Classroom mode: serve one notebook as an app with Voilà, with a pool of pre-heated kernels sized for a class.

    python tools/present.py NOTEBOOK [--class N] [--port 8866] [--ip 127.0.0.1] [--dry-run]
    make present NB=NOTEBOOK [CLASS=N] [PORT=8866] [IP=0.0.0.0]

Without a pool, Voilà starts a kernel and runs the whole notebook when a student opens the page: a class
opening the page at the same moment waits for all of those notebooks to run at once (benchmarks/bench_class.py
measures it). With `--preheat_kernel=True --pool_size=N`, Voilà runs the notebook in N kernels when it starts,
and a student who arrives takes one that is ready: the page comes at once. The pool is sized for the class
(`--class`, DEFAULT_CLASS when not given; 0 serves in plain mode).

A pre-heated kernel has run the notebook before the student arrives. A notebook that must not be run early
(it reads, at open time, something that may change before the student comes) says so in its metadata,
`"mars_rules": {"preheat": false, "preheat_why": "..."}`, and a markdown line for the reader; it is served
in plain mode, and the reason is printed.

Before starting, this prints the URL to share, how much memory the pool takes and how to stop the server;
`--dry-run` prints that and the command, and starts nothing.
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import shlex
import socket
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
DEFAULT_CLASS = 30

# One kernel once it has run a notebook: its memory, the resident set (RSS) of the kernel process read with
# psutil once it has run the whole notebook and gone idle, and the CPU seconds it took to start and run it.
# Measured with a pool of 2 for each game's Explorer notebook on the project's 2-core machine (Python 3.11,
# Voilà 0.5.13); benchmarks/bench_class.py prints the memory figure again on every run ("MiB each"). RSS
# counts the shared libraries in every kernel (its own memory, USS, is about 30 MiB less), so the estimate
# errs on the high side. A notebook not measured here is counted as the heaviest one.
KERNELS = {  # notebook: (MiB, CPU s)
    "notebooks/ruins_of_mars/01_setup_and_one_turn.ipynb": (220, 4.0),
    "notebooks/ruins/01_a_round_step_by_step.ipynb": (195, 3.5),
    "notebooks/mars_colony/01_setup_and_one_turn.ipynb": (180, 3.4),
    "notebooks/on_mars/01_the_round.ipynb": (360, 6.2),
}
UNMEASURED = (max(m for m, _ in KERNELS.values()), max(c for _, c in KERNELS.values()))
# The Voilà server itself (RSS, benchmarks/bench_class.py): about 100 MiB, and 12-18 MiB more for each kernel
# it holds (it keeps each pre-rendered page: 117 MiB with a pool of 1, 182 with 5, 281 with 10).
SERVER_MIB, SERVER_MIB_PER_KERNEL = 100, 18
SERVER_HEAT_CPU_S = 4.0   # the server's own share of a pool's warm-up (same measurement)


def kernel_figures(path: pathlib.Path):
    """(MiB, CPU seconds) of one kernel that has run the notebook at `path`."""
    try:
        key = path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        key = None
    return KERNELS.get(key, UNMEASURED)


def notebook_metadata(path: pathlib.Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8")).get("metadata", {})


def preheat_refusal(path: pathlib.Path):
    """None if the notebook may be pre-heated, else the reason (from its metadata) why it must not be."""
    meta = notebook_metadata(path).get("mars_rules", {})
    if meta.get("preheat", True) is False:
        return meta.get("preheat_why") or "its metadata says it must not be pre-heated"
    return None


# How long Voilà waits for a cell's outputs once the kernel says the cell is done. Its default, 4 s, is too
# short when a class's kernels run the notebook at once on a few cores: Voilà then logs "Timeout waiting for
# IOPub output" and sends the page without the cell's output (benchmarks/bench_class.py saw 10 pages at once
# on 2 busy cores come without their Explorer, with or without a pool). Waiting longer only delays a page
# on a loaded machine; an idle one answers in milliseconds.
IOPUB_TIMEOUT_S = 60


def voila_command(notebook, port: int, ip: str = "127.0.0.1", pool: int = 0, python: str = sys.executable) -> list:
    """The Voilà command line: a pool of `pool` pre-heated kernels, or plain mode when pool is 0."""
    cmd = [python, "-m", "voila", "--no-browser", f"--Voila.ip={ip}", f"--port={port}",
           f"--NotebookClient.iopub_timeout={IOPUB_TIMEOUT_S}"]
    if pool > 0:
        cmd += ["--preheat_kernel=True", f"--pool_size={pool}"]
    return cmd + [str(notebook)]


def gib(mib: float) -> str:
    return f"{mib / 1024:.1f} GiB" if mib >= 1024 else f"{mib:.0f} MiB"


def available_mib():
    """The memory this computer has available (MemAvailable of /proc/meminfo, else psutil's), or None."""
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        import psutil
        return psutil.virtual_memory().available / 2 ** 20
    except ImportError:
        return None


def plan(notebook: pathlib.Path, class_size, port: int, ip: str, free=None):
    """(pool size, lines to print): the pool for the class, or plain mode and why. Without a class size the
    pool is DEFAULT_CLASS kernels, or as many as the available memory (`free`, MiB) holds with the refill."""
    lines = []
    kernel_mib, heat_cpu_s = kernel_figures(notebook)
    pool = DEFAULT_CLASS if class_size is None else max(0, class_size)
    students = pool if class_size is None else class_size
    if class_size is None:
        fits = DEFAULT_CLASS if free is None else max(1, int((free - SERVER_MIB) // (2 * (kernel_mib + SERVER_MIB_PER_KERNEL))))
        pool = students = min(DEFAULT_CLASS, fits)
        lines.append(f"CLASS not given: a pool for a class of {pool}"
                     + (f" (what this computer's {gib(free)} of available memory holds; a class of "
                        f"{DEFAULT_CLASS} needs more)" if pool < DEFAULT_CLASS else "")
                     + " (CLASS=N sets the class size, CLASS=0 serves without a pool).")
    why = preheat_refusal(notebook)
    if why and pool:
        lines.append(f"Plain mode, no pre-heated kernels: {notebook.name} must not be pre-heated: {why}")
        pool = 0
    host = socket.gethostname() if ip in ("0.0.0.0", "", "*") else ip
    url = f"http://{host}:{port}/"
    lines.append(f"URL to share with the class: {url}")
    if ip in ("127.0.0.1", "localhost"):
        lines.append("  (this address works on this computer only; for students on other computers: "
                     "make present IP=0.0.0.0 ... and share the address it prints)")
    if pool:
        server = SERVER_MIB + SERVER_MIB_PER_KERNEL * pool
        peak = 2 * pool * (kernel_mib + SERVER_MIB_PER_KERNEL) + SERVER_MIB
        lines.append(f"Memory: pool of {pool} kernel{'s' if pool != 1 else ''}: about {gib(pool * kernel_mib)} "
                     f"({kernel_mib} MiB each), and the server about {gib(server)}.")
        lines.append(f"  Once {pool} students have opened the page the pool refills itself: about {gib(peak)} "
                     "in all while their pages are open.")
        cores = os.cpu_count() or 1
        heat = (pool * heat_cpu_s + SERVER_HEAT_CPU_S) / cores
        lines.append(f"  The pool is ready about {round(heat)} s after the start ({cores} cores, nothing else "
                     "running): start it before the class arrives.")
        if free is not None and peak > free:
            lines.append(f"  WARNING: this computer has {gib(free)} available: use a smaller CLASS, "
                         "or a bigger server.")
    else:
        lines.append(f"Memory: no pool; each open page runs its own kernel (about {kernel_mib} MiB each"
                     + (f", {gib(students * kernel_mib)} for {students} students" if students else "")
                     + "), started when the student opens the page.")
    lines.append("Stop the server with Ctrl+C in this terminal: every kernel stops with it.")
    return pool, lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebook", type=pathlib.Path)
    parser.add_argument("--class", dest="class_size", type=int, default=None,
                        help=f"students who may open the page at once (default {DEFAULT_CLASS}; 0: no pool)")
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--ip", default="127.0.0.1", help="0.0.0.0 to serve other computers of the network")
    parser.add_argument("--dry-run", action="store_true", help="print the plan and the command, start nothing")
    args = parser.parse_args(argv)
    if not args.notebook.is_file():
        print(f"no notebook at {args.notebook}", file=sys.stderr)
        return 2
    pool, lines = plan(args.notebook, args.class_size, args.port, args.ip, available_mib())
    cmd = voila_command(args.notebook, args.port, args.ip, pool)
    print("\n".join(lines))
    print("Command: " + shlex.join(cmd), flush=True)
    if args.dry_run:
        return 0
    os.execv(cmd[0], cmd)  # Voilà in this process: Ctrl+C reaches it, and it stops its kernels


if __name__ == "__main__":
    sys.exit(main())
