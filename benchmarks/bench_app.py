"""How fast the lessons answer in Chromium, against a real Voilà server.

* page to widgets: from ``page.goto`` until the page's cards are drawn and a click on one
  comes back from the kernel (index: "Deal another hand"; lesson 1: a sandbox card);
* click round trip: a click on a sandbox card until its "selected" state is drawn back
  (browser → kernel → browser).

Targets (issue 4): page to widgets ≤ 3 s, click round trip ≤ 150 ms. Medians of several runs.
Run: ``.venv/bin/python benchmarks/bench_app.py [runs]``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from conftest import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, start_voila  # noqa: E402

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 5
SETTLE = 25.0
"""Seconds after the server starts: Voilà pre-executes every lesson in a kernel of its own."""
PAUSE = 8.0
"""Seconds between two visits of the same page (a learner reads before opening another page): Voilà
starts and pre-executes a fresh kernel for the next visitor in the meantime."""


def page_to_widgets(browser: object, url: str, probe: str, answer: str) -> float:
    """Seconds from opening ``url`` until clicking ``probe`` makes ``answer`` true."""
    time.sleep(PAUSE)
    context = browser.new_context()  # type: ignore[attr-defined]
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url)
    page.click(probe, timeout=60_000)
    page.wait_for_function(answer, timeout=60_000)
    elapsed = time.perf_counter() - start
    context.close()
    return elapsed


def click_round_trips(browser: object, url: str, n: int) -> list[float]:
    """Milliseconds for a card click to come back selected, ``n`` times."""
    context = browser.new_context()  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(url)
    card = '.to-sandbox .to-picker button[data-card="K♥"]'
    page.wait_for_selector(card, timeout=60_000)
    times = []
    for i in range(n + 1):
        want = "false" if i % 2 else "true"
        start = time.perf_counter()
        page.click(card)
        page.wait_for_function(
            f"() => document.querySelector('{card}').getAttribute('aria-pressed') === '{want}'", polling="raf")
        if i:  # the first click warms up the comm
            times.append((time.perf_counter() - start) * 1000)
    context.close()
    return times


def main() -> None:
    from playwright.sync_api import sync_playwright

    server = start_voila(Path(sys.executable).parent, ARTIFACTS / "bench-voila.log")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            time.sleep(SETTLE)
            # one unmeasured visit warms the server's caches, as a second learner would find them
            page_to_widgets(browser, server.url("voila/render/index.ipynb"), ".to-score-view button.jupyter-button",
                            "() => document.querySelectorAll('.to-score-view .to-card').length === 3")
            index = [page_to_widgets(
                browser, server.url("voila/render/index.ipynb"), ".to-score-view button.jupyter-button",
                "() => [...document.querySelectorAll('.to-score-view .to-card')].map(e => e.dataset.card)"
                ".join(' ') !== 'K♥ 9♥ 4♣'") for _ in range(RUNS)]
            lesson = [page_to_widgets(
                browser, server.url("voila/render/01-scoring.ipynb"), '.to-sandbox button[data-card="A♠"]',
                "() => document.querySelector('.to-sandbox button[data-card=\"A♠\"]')"
                ".getAttribute('aria-pressed') === 'true'") for _ in range(RUNS)]
            clicks = click_round_trips(browser, server.url("voila/render/01-scoring.ipynb"), 4 * RUNS)
            browser.close()
    finally:
        server.stop()
    print(f"index page to widgets answering:    median {statistics.median(index):.2f} s "
          f"(runs: {', '.join(f'{t:.2f}' for t in index)}; target ≤ 3 s)")
    print(f"lesson 1 page to widgets answering: median {statistics.median(lesson):.2f} s "
          f"(runs: {', '.join(f'{t:.2f}' for t in lesson)}; target ≤ 3 s)")
    print(f"click round trip (lesson 1 sandbox): median {statistics.median(clicks):.0f} ms "
          f"over {len(clicks)} clicks; target ≤ 150 ms")
    print(f"index {statistics.median(index):.2f} s, lesson 1 {statistics.median(lesson):.2f} s, "
          f"click {statistics.median(clicks):.0f} ms")


if __name__ == "__main__":
    main()
