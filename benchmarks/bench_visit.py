"""What one page visit costs the server: a fresh kernel that runs the page's notebook, as Voilà does.

For every page (index, lessons 1–6, glossary) a kernel is started the way Voilà starts one (jupyter_client's
KernelManager, the environment's ``python3`` kernel, working directory ``notebooks/``) and the notebook's code
cells are executed one by one as Voilà executes them (nbclient, ``store_history=False``). Then the kernel
process is read: its CPU time (user + system) after start alone and after the cells, and its memory (USS, the
memory only this kernel holds, and RSS, which counts shared libraries too).

Every CPU figure is also given as a multiple of an empty 10-million-step Python loop timed just before that
visit in the same process (``loops``): this machine's speed swings about 2x from minute to minute, the multiple
much less. Medians of 3 runs.

Targets (issue 10): total CPU per visit ≤ 1 s for every page; memory per kernel at most half of the "before"
column below.

Before (measured on the 2-core machine at commit bbc5404, before issue 10's changes; median of 3 runs;
L = the empty loop, 0.17-0.21 s then):

    page             start CPU       cells CPU       total CPU      USS     RSS
    bare kernel      0.36 s  2.0 L   0.00 s  0.0 L   0.36 s  2.0 L   36 MB   51 MB
    index            0.43 s  2.1 L   0.13 s  0.6 L   0.56 s  2.7 L   43 MB   58 MB
    01-scoring       0.37 s  1.8 L   0.35 s  1.7 L   0.72 s  3.6 L   44 MB   59 MB
    02-scat          0.43 s  2.1 L   1.16 s  5.6 L   1.60 s  7.7 L   79 MB   95 MB
    03-schwimmen     0.33 s  1.6 L   0.86 s  4.1 L   1.22 s  6.1 L   79 MB   94 MB
    04-variants      0.33 s  1.6 L   2.22 s 12.9 L   2.49 s 14.5 L  158 MB  174 MB
    05-knock-timing  0.43 s  2.0 L   2.41 s 14.0 L   2.86 s 16.0 L  139 MB  155 MB
    06-play          0.31 s  1.8 L   0.99 s  4.7 L   1.30 s  6.2 L   84 MB  100 MB
    glossary         0.32 s  1.6 L   0.07 s  0.3 L   0.39 s  1.9 L   40 MB   56 MB

Run: ``.venv/bin/python benchmarks/bench_visit.py [runs] [page ...]``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import nbformat
import psutil
from nbclient import NotebookClient
from nbclient.util import run_sync

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
PAGES = ["index", "01-scoring", "02-scat", "03-schwimmen", "04-variants", "05-knock-timing", "06-play",
         "glossary"]
BARE = "bare kernel"
"""A kernel that runs no cell: what starting Python and ipykernel costs here, before any page."""

BEFORE: dict[str, tuple[float, float, float]] = {
    # page: (total CPU in seconds, USS MB, RSS MB) before issue 10
    BARE: (0.36, 36, 51),
    "index": (0.56, 43, 58),
    "01-scoring": (0.72, 44, 59),
    "02-scat": (1.60, 79, 95),
    "03-schwimmen": (1.22, 79, 94),
    "04-variants": (2.49, 158, 174),
    "05-knock-timing": (2.86, 139, 155),
    "06-play": (1.30, 84, 100),
    "glossary": (0.39, 40, 56),
}
CPU_TARGET = 1.0
MB = 1024 * 1024


def empty_loop() -> float:
    """CPU seconds of an empty 10-million-step Python loop (this machine's speed right now)."""
    start = time.process_time()
    for _ in range(10_000_000):
        pass
    return time.process_time() - start


def cpu_of(process: psutil.Process) -> float:
    """CPU seconds (user + system) the process and its finished children have used."""
    t = process.cpu_times()
    return t.user + t.system + t.children_user + t.children_system


def visit(page: str) -> dict[str, float]:
    """One visit: start a kernel as Voilà does, run the page's code cells, read CPU and memory."""
    loop = empty_loop()
    if page == BARE:
        nb = nbformat.v4.new_notebook()
    else:
        nb = nbformat.read(NOTEBOOKS / f"{page}.ipynb", as_version=4)
    client = NotebookClient(nb, kernel_name="python3", timeout=600, allow_errors=False,
                            resources={"metadata": {"path": str(NOTEBOOKS)}})
    client.km = client.create_kernel_manager()
    try:
        client.start_new_kernel(cwd=str(NOTEBOOKS))
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
    runs = int(args.pop(0)) if args and args[0].isdigit() else 3
    pages = args or [BARE, *PAGES]
    results: dict[str, list[dict[str, float]]] = {page: [] for page in pages}
    for _ in range(runs):
        for page in pages:
            results[page].append(visit(page))
    print(f"One visit per page: a fresh kernel runs the page's cells (median of {runs}; "
          f"L = one empty 10-million-step loop, timed before each visit)\n")
    head = (f"{'page':16} {'start CPU':>15} {'cells CPU':>15} {'total CPU':>15} {'USS':>7} {'RSS':>7}   "
            f"{'before: CPU, USS':>17}")
    print(head)
    print("-" * len(head))
    failures = []
    for page in pages:
        med = {key: statistics.median(r[key] for r in results[page]) for key in results[page][0]}
        ratio = {key: statistics.median(r[key] / r["loop"] for r in results[page]) for key in ("start", "cells",
                                                                                                "total")}
        before = BEFORE.get(page)
        line = (f"{page:16} {med['start']:6.2f} s {ratio['start']:4.1f} L {med['cells']:6.2f} s "
                f"{ratio['cells']:4.1f} L {med['total']:6.2f} s {ratio['total']:4.1f} L "
                f"{med['uss']:4.0f} MB {med['rss']:4.0f} MB")
        if before:
            line += f"   {before[0]:5.2f} s {before[1]:4.0f} MB"
        if page != BARE:
            if med["total"] > CPU_TARGET:
                failures.append(f"{page}: CPU {med['total']:.2f} s > {CPU_TARGET:.0f} s")
                line += "  CPU over"
            if before and med["uss"] > before[1] / 2:
                failures.append(f"{page}: USS {med['uss']:.0f} MB > half of {before[1]:.0f} MB")
                line += "  memory over"
        print(line)
    print(f"\nTargets: total CPU per visit ≤ {CPU_TARGET:.0f} s; kernel memory (USS) ≤ half of before.")
    if BARE in results:
        bare = statistics.median(r["total"] for r in results[BARE])
        print(f"A bare kernel (Python + ipykernel, no cell) alone costs {bare:.2f} s CPU here.")
    print("All within target." if not failures else "Over target: " + "; ".join(failures))


if __name__ == "__main__":
    main()
