"""What one page visit costs the server: a fresh kernel that runs the page's notebook, as Voilà does.

For every page of the course (:data:`thirtyone.course.PAGES`: the index, lessons 1–6, the glossary, the Review) a
kernel is started the way Voilà starts one (jupyter_client's KernelManager, the environment's ``python3`` kernel,
working directory ``notebooks/``) and the notebook's code
cells are executed one by one as Voilà executes them (nbclient, ``store_history=False``). Then the kernel
process is read: its CPU time (user + system) after start alone and after the cells, and its memory (USS, the
memory only this kernel holds, and RSS, which counts shared libraries too).

The kernel caches compiled bytecode as a server does (this workplace sets PYTHONDONTWRITEBYTECODE, which would
make every kernel compile thirtyone from source again: the benchmark lifts it and keeps the bytecode in a
temporary folder), and each page is visited once before the measured runs.

Every CPU figure is also given as a multiple of an empty 10-million-step Python loop timed just before that
visit in the same process (``loops``): this machine's speed swings about 2x from minute to minute, the multiple
much less. Medians of 3 runs.

Targets (issue 10): total CPU per visit ≤ 1 s for every page; memory per kernel at most half of the "before"
column below.

Before (measured on the 2-core machine on the package and notebooks of commit bbc5404, before issue 10's
changes, with ``--tree``; median of 3 runs; L = the empty loop, 0.14-0.17 s then):

    page             start CPU       cells CPU       total CPU      USS     RSS
    bare kernel      0.28 s  1.9 L   0.00 s  0.0 L   0.28 s  1.9 L   35 MB   51 MB
    index            0.28 s  1.7 L   0.07 s  0.5 L   0.35 s  2.1 L   40 MB   56 MB
    01-scoring       0.27 s  1.6 L   0.17 s  1.0 L   0.44 s  2.6 L   40 MB   57 MB
    02-scat          0.26 s  1.7 L   0.58 s  4.0 L   0.84 s  5.7 L   76 MB   93 MB
    03-schwimmen     0.25 s  1.6 L   0.61 s  3.8 L   0.86 s  5.4 L   76 MB   93 MB
    04-variants      0.23 s  2.0 L   1.79 s 15.0 L   2.02 s 17.5 L  155 MB  172 MB
    05-knock-timing  0.25 s  1.7 L   1.96 s 12.7 L   2.21 s 14.4 L  137 MB  155 MB
    06-play          0.24 s  1.6 L   0.53 s  3.5 L   0.77 s  5.2 L   81 MB   98 MB
    glossary         0.23 s  1.6 L   0.02 s  0.1 L   0.25 s  1.8 L   37 MB   53 MB

After (issue 10's changes, the same machine and method, L = 0.13-0.17 s; own = USS above a bare kernel):

    page                  start CPU      cells CPU      total CPU    USS    RSS    own
    bare kernel       0.27 s  1.9 L  0.00 s  0.0 L  0.27 s  1.9 L  35 MB  51 MB   0 MB
    index             0.26 s  1.9 L  0.08 s  0.6 L  0.36 s  2.6 L  38 MB  56 MB   3 MB
    01-scoring        0.25 s  1.5 L  0.17 s  1.1 L  0.41 s  2.6 L  39 MB  57 MB   4 MB
    02-scat           0.27 s  1.7 L  0.20 s  1.3 L  0.47 s  3.0 L  41 MB  58 MB   6 MB
    03-schwimmen      0.25 s  1.6 L  0.22 s  1.6 L  0.47 s  3.1 L  41 MB  58 MB   6 MB
    04-variants       0.24 s  1.7 L  0.38 s  3.1 L  0.61 s  4.8 L  42 MB  60 MB   7 MB
    05-knock-timing   0.26 s  1.6 L  0.26 s  1.6 L  0.54 s  3.4 L  44 MB  61 MB   9 MB
    06-play           0.25 s  1.7 L  0.13 s  0.8 L  0.38 s  2.4 L  40 MB  57 MB   5 MB
    glossary          0.25 s  1.9 L  0.02 s  0.1 L  0.26 s  1.9 L  36 MB  52 MB   1 MB

A bare kernel (Python, ipykernel, no page) holds 35 MB of its own and any page with a widget about 4 MB more, so
"half of before" cannot be met by the pages that were light already (index, lesson 1, the glossary) nor by lessons
2 and 3 (38 MB would be below that floor; they hold 41 MB, their own memory down from 41 MB to 6 MB): the table
also shows each page's memory above a bare kernel's ("own").

Run: ``.venv/bin/python benchmarks/bench_visit.py [runs] [page ...] [--tree DIR]``; ``--tree`` measures another
checkout's notebooks and package (say a ``git worktree`` of an older commit), for a before/after table.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from pathlib import Path

import nbformat
import psutil
from nbclient import NotebookClient
from nbclient.util import run_sync
from yardstick import empty_loop

from thirtyone import course

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
PAGES = [page.stem for page in course.PAGES]
BARE = "bare kernel"
"""A kernel that runs no cell: what starting Python and ipykernel costs here, before any page."""

BEFORE: dict[str, tuple[float, float, float]] = {
    # page: (total CPU in seconds, USS MB, RSS MB) before issue 10 (measured then: the pages of that day)
    BARE: (0.28, 35, 51),
    "index": (0.35, 40, 56),
    "01-scoring": (0.44, 40, 57),
    "02-scat": (0.84, 76, 93),
    "03-schwimmen": (0.86, 76, 93),
    "04-variants": (2.02, 155, 172),
    "05-knock-timing": (2.21, 137, 155),
    "06-play": (0.77, 81, 98),
    "glossary": (0.25, 37, 53),
}
CPU_TARGET = 1.0
WIDGETS_MB = 4
"""What ipywidgets, anywidget and thirtyone's card widget add to a bare kernel (the index page, above): the
floor of any page that shows a widget."""
MB = 1024 * 1024



def cpu_of(process: psutil.Process) -> float:
    """CPU seconds (user + system) the process and its finished children have used."""
    t = process.cpu_times()
    return t.user + t.system + t.children_user + t.children_system


def kernel_env(tree: Path | None, cache: str) -> dict[str, str]:
    """The kernel's environment: the server's, with bytecode cached (in ``cache``) and, for ``tree``, that
    checkout's package first on the path."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = cache
    if tree is not None:
        env["PYTHONPATH"] = str(tree) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def visit(page: str, notebooks: Path = NOTEBOOKS, env: dict[str, str] | None = None) -> dict[str, float]:
    """One visit: start a kernel as Voilà does, run the page's code cells, read CPU and memory."""
    loop = empty_loop()
    if page == BARE:
        nb = nbformat.v4.new_notebook()
    else:
        nb = nbformat.read(notebooks / f"{page}.ipynb", as_version=4)
    client = NotebookClient(nb, kernel_name="python3", timeout=600, allow_errors=False,
                            resources={"metadata": {"path": str(notebooks)}})
    client.km = client.create_kernel_manager()
    try:
        client.start_new_kernel(cwd=str(notebooks), env=env)
        client.start_new_kernel_client()
        pid = client.km.provisioner.pid  # type: ignore[union-attr]
        process = psutil.Process(pid)
        started = cpu_of(process)
        for index, cell in enumerate(nb.cells):
            client.execute_cell(cell, index, store_history=False)
        total = cpu_of(process)
        memory = process.memory_full_info()
        return {"loop": loop, "start": started, "cells": total - started, "total": total,
                "uss": memory.uss / MB, "rss": memory.rss / MB}
    finally:
        if client.kc is not None:
            client.kc.stop_channels()
        run_sync(client.km.shutdown_kernel)(now=True)  # type: ignore[union-attr]


def main() -> None:
    args = sys.argv[1:]
    tree = None
    if "--tree" in args:
        at = args.index("--tree")
        tree = Path(args[at + 1]).resolve()
        del args[at:at + 2]
    runs = int(args.pop(0)) if args and args[0].isdigit() else 3
    pages = args or [BARE, *PAGES]
    notebooks = tree / "notebooks" if tree is not None else NOTEBOOKS
    results: dict[str, list[dict[str, float]]] = {page: [] for page in pages}
    with tempfile.TemporaryDirectory(prefix="bench-visit-") as cache:
        env = kernel_env(tree, cache)
        for page in pages:  # warm up: the bytecode is compiled and cached once, as on a server
            visit(page, notebooks, env)
        for _ in range(runs):
            for page in pages:
                results[page].append(visit(page, notebooks, env))
    if tree is not None:
        print(f"Measured the checkout in {tree}")
    print(f"One visit per page: a fresh kernel runs the page's cells (median of {runs}; "
          f"L = one empty 10-million-step loop, timed before each visit)\n")
    bare_uss = statistics.median(r["uss"] for r in results[BARE]) if BARE in results else BEFORE[BARE][1]
    head = (f"{'page':16} {'start CPU':>14} {'cells CPU':>14} {'total CPU':>14} {'USS':>6} {'RSS':>6} "
            f"{'own':>6}   {'before: CPU':>11} {'USS':>6} {'own':>6}")
    print(head)
    print("-" * len(head))
    failures: list[str] = []
    floored: list[str] = []
    for page in pages:
        med = {key: statistics.median(r[key] for r in results[page]) for key in results[page][0]}
        ratio = {key: statistics.median(r[key] / r["loop"] for r in results[page]) for key in ("start", "cells",
                                                                                                "total")}
        before = BEFORE.get(page)
        line = (f"{page:16} {med['start']:5.2f} s {ratio['start']:4.1f} L {med['cells']:5.2f} s "
                f"{ratio['cells']:4.1f} L {med['total']:5.2f} s {ratio['total']:4.1f} L "
                f"{med['uss']:3.0f} MB {med['rss']:3.0f} MB {med['uss'] - bare_uss:3.0f} MB")
        if before:
            line += f"   {before[0]:9.2f} s {before[1]:3.0f} MB {before[1] - BEFORE[BARE][1]:3.0f} MB"
        if page != BARE:
            if med["total"] > CPU_TARGET:
                failures.append(f"{page}: CPU {med['total']:.2f} s > {CPU_TARGET:.0f} s")
                line += "  CPU over"
            if before and med["uss"] > before[1] / 2:
                if before[1] / 2 < bare_uss + WIDGETS_MB:
                    line += f"  (half of before is below the floor, {bare_uss + WIDGETS_MB:.0f} MB)"
                    floored.append(f"{page} {med['uss']:.0f} MB")
                else:
                    failures.append(f"{page}: USS {med['uss']:.0f} MB > half of {before[1]:.0f} MB")
                    line += "  memory over"
        print(line)
    print(f"\nTargets: total CPU per visit ≤ {CPU_TARGET:.0f} s; kernel memory (USS) ≤ half of before. "
          "own = USS above a bare kernel's.")
    if BARE in results:
        bare = statistics.median(r["total"] for r in results[BARE])
        print(f"A bare kernel (Python + ipykernel, no cell) alone costs {bare:.2f} s CPU and {bare_uss:.0f} MB "
              f"here; ipywidgets, anywidget and thirtyone's cards add about {WIDGETS_MB} MB to any page with a widget.")
    if floored:
        print(f"Half of before is below the floor ({bare_uss:.0f} MB bare + {WIDGETS_MB} MB widgets) for: "
              + ", ".join(floored) + ".")
    print("Every other figure within target." if not failures else "Over target: " + "; ".join(failures))


if __name__ == "__main__":
    main()
