"""The static edition in the browser: how long each page takes until its widgets answer, and what a first visit
downloads.

build/static/ (``make static``; built here first if it is missing) is served on loopback by Python's http.server in
a thread, which counts the bytes of every file it sends. Debian's chromium (Playwright) opens each page:

- cold: in a fresh browser profile (empty cache, no service worker): the runtime (Pyodide, the wheels, Voici's
  front end) comes over the network;
- warm: in a profile that has opened lesson 1 once (the runtime in the browser's cache and JupyterLite's service
  worker): what a learner waits for on every page after their first.

A page counts as answering when the page watch says it is ready (tools/static/template/static/watch.js: every cell
shown and every output drawn, which the page's Python does only once it has run every cell, so a click is answered
from then on). Every request that leaves 127.0.0.1 is aborted and counted (it must stay 0). Each time is also given
as a multiple of an empty 10-million-step Python loop (``for _ in range(10_000_000): pass``) timed in the same run
(``L``): this machine's speed swings from minute to minute, the multiple much less.

Aims (issue 32): lesson 1 cold ≤ 12 s, any page warm ≤ 5 s, a first visit ≤ 30 MB.

Run: ``.venv/bin/python benchmarks/bench_static.py [page ...]`` (pages as "01-scoring", "es/06-play"; default:
every English page).
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "build" / "static"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
READY = "() => !!document.body && ['ready', 'lost'].includes(document.body.dataset.thirtyoneWatch)"
AIM_COLD, AIM_WARM, AIM_BYTES = 12.0, 5.0, 30e6


def empty_loop() -> float:
    t = time.perf_counter()
    for _ in range(10_000_000):
        pass
    return time.perf_counter() - t


class Counted(http.server.SimpleHTTPRequestHandler):
    """Serves the site and adds the size of every file sent to ``sent``."""

    sent = 0

    def log_message(self, *args: Any) -> None:
        pass

    def copyfile(self, source: Any, outputfile: Any) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        type(self).sent += source.tell() - start


def serve() -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counted, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def english_pages() -> list[str]:
    """The course's English pages, as its manifest lists them."""
    from thirtyone import course

    return [listed.stem for listed in course.pages("en")]


class Profile:
    def __init__(self, browser: Any, base: str) -> None:
        self.base = base
        self.left: list[str] = []
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()

    def _route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith(self.base) or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.left.append(url)
            route.abort()

    def visit(self, path: str) -> tuple[float, int, str]:
        """Seconds until the page answers, bytes the server sent meanwhile, and the watch's verdict."""
        Counted.sent = 0
        t = time.perf_counter()
        self.page.goto(self.base + f"voici/render/{path}.html")
        self.page.wait_for_function(READY, timeout=300_000, polling=100)
        took = time.perf_counter() - t
        return took, Counted.sent, self.page.evaluate("document.body.dataset.thirtyoneWatch")


def main(argv: list[str]) -> int:
    if not (SITE / "index.html").exists():
        print("build/static/ is missing: building it (make static)", flush=True)
        subprocess.run([sys.executable, str(ROOT / "tools" / "static" / "build.py")], check=True)
    pages = argv or english_pages()
    from playwright.sync_api import sync_playwright

    server, base = serve()
    size = sum(p.stat().st_size for p in SITE.rglob("*") if p.is_file())
    rows = []
    left = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        warm = Profile(browser, base)
        warm.visit("01-scoring")  # the runtime into this profile's cache and service worker
        for page in pages:
            loop = empty_loop()
            cold = Profile(browser, base)
            cold_s, cold_bytes, cold_state = cold.visit(page)
            left += cold.left
            cold.context.close()
            warm_s, warm_bytes, warm_state = warm.visit(page)
            rows.append((page, loop, cold_s, cold_bytes, cold_state, warm_s, warm_bytes, warm_state))
            print(f"  {page}: cold {cold_s:.1f} s, warm {warm_s:.1f} s", flush=True)
        left += warm.left
        browser.close()
    server.shutdown()

    print(f"\nThe static site: {size / 1e6:.1f} MB on disk; requests that left 127.0.0.1: {len(left)}")
    print(f"{'page':<18} {'cold':>14} {'warm':>14} {'first visit':>12} {'warm visit':>11}   (L = the empty loop)")
    for page, loop, cs, cb, cst, ws, wb, wst in rows:
        flag = "" if cst == wst == "ready" else f"   (the page watch said {cst}/{wst})"
        print(f"{page:<18} {cs:6.1f} s {cs / loop:4.0f} L {ws:6.1f} s {ws / loop:4.0f} L "
              f"{cb / 1e6:9.1f} MB {wb / 1e6:8.2f} MB{flag}   L = {loop:.3f} s")
    worst_cold = max(r[2] for r in rows if r[0] == "01-scoring") if any(r[0] == "01-scoring" for r in rows) else None
    worst_warm = max(r[5] for r in rows)
    most_bytes = max(r[3] for r in rows)
    print(f"\naims: lesson 1 cold ≤ {AIM_COLD:.0f} s: "
          f"{'-' if worst_cold is None else f'{worst_cold:.1f} s'}; any page warm ≤ {AIM_WARM:.0f} s: "
          f"{worst_warm:.1f} s; a first visit ≤ {AIM_BYTES / 1e6:.0f} MB: {most_bytes / 1e6:.1f} MB")
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
