"""The static edition in the browser: how long each page takes until its widgets answer, and what a first visit
downloads.

build/static/ (``make static``; built here first if it is missing) is served on loopback by Python's http.server in
a thread, which counts the bytes of every file it sends. Debian's chromium (Playwright) opens each page:

- cold: in a fresh browser profile (empty cache, no service worker): the runtime (Pyodide, the wheels, Voici's
  front end) comes over the network;
- warm: in a profile that has opened lesson 1 once (the runtime in the browser's cache and JupyterLite's service
  worker): what a learner waits for on every page after their first. Once lesson 1 was ready, its page watch had
  every file it fetched, and every page of its language, kept by the service worker for offline use
  (tools/static/template/static/watch.js, ``keepForOffline``), so a warm visit downloads nothing.

What a first visit downloads is counted twice: until the page answers (in the cold profiles), and in all once the
page has kept the course for offline use, in a profile whose requests are not routed through Playwright (routing
turns the browser's own cache off, so the files kept would all be downloaded again; a learner's browser answers
them from its cache).

A page counts as answering when the page watch says it is ready (tools/static/template/static/watch.js: every cell
shown and every output drawn, which the page's Python does only once it has run every cell, so a click is answered
from then on). Every request that leaves 127.0.0.1 is aborted and counted (it must stay 0). Each time is also given
as a multiple of an empty 10-million-step Python loop (``for _ in range(10_000_000): pass``) timed in the same run
(``L``): this machine's speed swings from minute to minute, the multiple much less.

Lesson 6 in the browser: a seeded game (3 bots, 2 lives each, the bots' pace "instant") played through the page to
its end for each level of bot (tests/helpers/lesson6.py: the coach asked on the first turn of the first 3 rounds,
then draws, throws and knocks): **a bot's turn** is the time from the learner's move that hands the table to the
bots until it waits for the learner again, divided by the bots' turns the log shows meanwhile; **the coach** is the
time from a click on "Ask the coach" until its advice is shown.

``--voila`` measures the same on Voilà (``make tutorial``'s server, notebooks/voila.py: preheated kernels; the server
started here and left 25 s to preheat, 8 s between two visits for its pools to refill), for a table side by side:
cold there is a fresh browser profile, warm one that has opened lesson 1; Voilà's bytes are not counted.

Aims (issue 32): lesson 1 cold ≤ 12 s, any page warm ≤ 5 s, a first visit ≤ 30 MB, a bot's turn ≤ 1 s and the coach
≤ 3 s in the browser.

Run: ``.venv/bin/python benchmarks/bench_static.py [--voila] [--no-game] [page ...]`` (pages as "01-scoring",
"es/06-play"; default: every English page).
"""

from __future__ import annotations

import functools
import http.server
import os
import statistics
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
AIM_COLD, AIM_WARM, AIM_BYTES, AIM_BOT, AIM_COACH = 12.0, 5.0, 30e6, 1.0, 3.0
LEVELS = ("beginner", "intermediate", "expert")
sys.path.insert(0, str(ROOT / "tests"))


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


def game_page() -> str:
    """Lesson 6: the page whose exercise, in the course manifest, is its games."""
    from thirtyone import course

    return next(p.stem for p in course.PAGES if "games" in p.exercises)


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

    def url(self, path: str) -> str:
        return self.base + f"voici/render/{path}.html"

    def visit(self, path: str) -> tuple[float, int, str]:
        """Seconds until the page answers, bytes the server sent meanwhile, and the watch's verdict."""
        url = self.url(path)
        Counted.sent = 0
        t = time.perf_counter()
        self.page.goto(url)
        self.page.wait_for_function(READY, timeout=300_000, polling=100)
        took = time.perf_counter() - t
        return took, Counted.sent, self.page.evaluate("document.body.dataset.thirtyoneWatch")


class VoilaProfile(Profile):
    """A browser profile on a Voilà server (``base``: its root URL): pages at voila/render/<page>.ipynb."""

    def url(self, path: str) -> str:
        time.sleep(PAUSE)  # the server's pool refills after the last visit took its kernel
        return self.base + f"voila/render/{path}.ipynb"


PAUSE = 8.0
SETTLE = 25.0


def play_game(profile: Profile, level: str) -> tuple[list[float], list[float]]:
    """Lesson 6's seeded game at ``level``, played to its end: seconds per bot's turn, and the coach's answers."""
    from helpers.browser import start_game
    from helpers.lesson6 import play_to_the_end

    profile.visit(game_page())
    page = profile.page
    root = page.locator(".to-play")
    root.get_by_label("Bots' level").select_option(label=level)
    root.get_by_role("button", name="Change single rules").click()
    root.get_by_label("Lives", exact=True).select_option(label="2")
    number = root.get_by_label("Game number")
    number.fill("5")
    number.press("Enter")
    table = start_game(page, root, 4)
    played = play_to_the_end(page, root, table, coach_rounds=3)
    return played.per_bot_turn(), played.coach


def measure(browser: Any, base: str, pages: list[str], kind: type[Profile], game: bool) -> dict[str, Any]:
    """Each page cold and warm, and (``game``) lesson 6's game at every level."""
    rows, left, games = [], [], {}
    warm = kind(browser, base)
    warm.visit("01-scoring")  # the runtime into this profile's cache and service worker
    if kind is Profile:
        warm.page.wait_for_function(KEPT, timeout=120_000, polling=100)
    for page in pages:
        loop = empty_loop()
        cold = kind(browser, base)
        cold_s, cold_bytes, cold_state = cold.visit(page)
        left += cold.left
        cold.context.close()
        warm_s, warm_bytes, warm_state = warm.visit(page)
        rows.append((page, loop, cold_s, cold_bytes, cold_state, warm_s, warm_bytes, warm_state))
        print(f"  {page}: cold {cold_s:.1f} s, warm {warm_s:.1f} s", flush=True)
    if game:
        for level in LEVELS:
            games[level] = play_game(warm, level)
            bots, coach = games[level]
            print(f"  lesson 6, {level} bots: a bot's turn {statistics.median(bots):.2f} s (max {max(bots):.2f}), "
                  f"the coach {statistics.median(coach):.2f} s (max {max(coach):.2f})", flush=True)
    left += warm.left
    warm.context.close()
    return {"rows": rows, "left": left, "games": games}


KEPT = "() => document.body.dataset.thirtyoneOffline === 'kept'"


def first_visit(browser: Any, base: str) -> tuple[int, int, int]:
    """Lesson 1 in a fresh profile with no routing: bytes until it answers, bytes in all once it has kept the course
    for offline use, and the files it kept."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    Counted.sent = 0
    page.goto(base + "voici/render/01-scoring.html")
    page.wait_for_function(READY, timeout=300_000, polling=100)
    ready = Counted.sent
    page.wait_for_function(KEPT, timeout=120_000, polling=100)
    kept = page.evaluate("window.thirtyoneWatch.log.map(e => e[1]).filter(s => s.startsWith('kept '))[0]")
    total = Counted.sent
    context.close()
    return ready, total, int(kept.split()[1])


def print_pages(title: str, found: dict[str, Any], counted: bool) -> None:
    print(f"\n{title}")
    print(f"{'page':<18} {'cold':>14} {'warm':>14} {'first visit':>12} {'warm visit':>11}   (L = the empty loop)")
    for page, loop, cs, cb, cst, ws, wb, wst in found["rows"]:
        flag = "" if cst == wst == "ready" else f"   (the page watch said {cst}/{wst})"
        sizes = f"{cb / 1e6:9.1f} MB {wb / 1e6:8.2f} MB" if counted else f"{'-':>12} {'-':>11}"
        print(f"{page:<18} {cs:6.1f} s {cs / loop:4.0f} L {ws:6.1f} s {ws / loop:4.0f} L {sizes}{flag}   L = {loop:.3f} s")
    for level, (bots, coach) in found["games"].items():
        print(f"lesson 6, {level + ' bots:':<18} a bot's turn median {statistics.median(bots):.2f} s, max "
              f"{max(bots):.2f} s ({len(bots)} hand-overs); the coach median {statistics.median(coach):.2f} s, "
              f"max {max(coach):.2f} s ({len(coach)} answers)")


def main(argv: list[str]) -> int:
    voila = "--voila" in argv
    game = "--no-game" not in argv
    argv = [a for a in argv if not a.startswith("--")]
    if not (SITE / "index.html").exists():
        print("build/static/ is missing: building it (make static)", flush=True)
        subprocess.run([sys.executable, str(ROOT / "tools" / "static" / "build.py")], check=True)
    pages = argv or english_pages()
    from playwright.sync_api import sync_playwright

    server, base = serve()
    size = sum(p.stat().st_size for p in SITE.rglob("*") if p.is_file())
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        first = first_visit(browser, base)
        static = measure(browser, base, pages, Profile, game)
        if voila:
            from conftest import ARTIFACTS, start_voila

            voila_server = start_voila(Path(sys.executable).parent, ARTIFACTS / "bench-static-voila.log")
            try:
                time.sleep(SETTLE)
                on_voila = measure(browser, voila_server.url(""), pages, VoilaProfile, game)
            finally:
                voila_server.stop()
        browser.close()
    server.shutdown()

    left = static["left"]
    print(f"\nThe static site: {size / 1e6:.1f} MB on disk; requests that left 127.0.0.1: {len(left)}")
    print_pages("The static edition (Pyodide in the browser):", static, counted=True)
    print(f"A first visit (lesson 1, the browser's own cache on): {first[0] / 1e6:.1f} MB until it answers, "
          f"{first[1] / 1e6:.1f} MB in all once it has kept {first[2]} files (every page of its language) for "
          "offline use")
    if voila:
        print_pages("Voilà (make tutorial's server, preheated kernels):", on_voila, counted=False)
    rows = static["rows"]
    worst_cold = max((r[2] for r in rows if r[0] == "01-scoring"), default=None)
    worst_warm = max(r[5] for r in rows)
    most_bytes = max(first[1], *(r[3] for r in rows))
    print(f"\naims: lesson 1 cold ≤ {AIM_COLD:.0f} s: "
          f"{'-' if worst_cold is None else f'{worst_cold:.1f} s'}; any page warm ≤ {AIM_WARM:.0f} s: "
          f"{worst_warm:.1f} s; a first visit ≤ {AIM_BYTES / 1e6:.0f} MB: {most_bytes / 1e6:.1f} MB", end="")
    if static["games"]:
        bot = max(max(b) for b, _ in static["games"].values())
        coach = max(max(c) for _, c in static["games"].values())
        print(f"; a bot's turn ≤ {AIM_BOT:.0f} s: {bot:.2f} s; the coach ≤ {AIM_COACH:.0f} s: {coach:.2f} s")
    else:
        print()
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
