"""The static edition (make static, tools/static/build.py) as a learner meets it: no server but files.

The site is built once for the session into a temporary folder, served on loopback by a thread running Python's
http.server, and walked in Debian's chromium with every request that leaves 127.0.0.1 aborted and counted (a
page must need nothing from outside the site). Every page of every language shows its widgets; a quiz answer, a
walkthrough step and a card-table move answer; lesson 5's advisor, drill and live charts answer without NumPy;
lesson 6's game plays to its end against bots, with the coach; progress survives a reload; a page loaded once works
offline; no page logs an error. One build and one browser serve every test (module-scoped), and each test opens as
few pages as it needs.

Marked ``static`` (``make test-static`` runs only these) and ``browser`` (``make test`` runs them with the other
browser tests; ``make check`` leaves them out).
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import json
import re
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, ROOT, console_problem
from helpers.browser import set_up_game, start_game
from helpers.languages import page_languages
from helpers.lesson6 import play_to_the_end

from thirtyone import Rules, course, score
from thirtyone.widgets.guide import TOURS
from thirtyone.widgets.views import number

pytestmark = [pytest.mark.static, pytest.mark.browser]

READY = "() => !!document.body && document.body.dataset.thirtyoneWatch === 'ready'"
"""The static page watch (tools/static/template/static/watch.js): the cells are shown and every output drawn."""
LOST = "() => !!document.body && document.body.dataset.thirtyoneWatch === 'lost'"
KNOWN_WARNINGS = (
    # Voici's widget manager asks the page's Python for every widget's state at once while that Python is still
    # starting in the browser, gives up after a few seconds and then fetches each widget's state by itself
    # (which works: every test below sees the widgets). A server's kernel is up before the page asks.
    'Failed to fetch ipywidgets through the "jupyter.widget.control" comm channel',
    # JupyterLite's collaborative document model, written twice into one shared document by Voici's app
    "[yjs#509] Not same Y.Doc",
)
"""Console warnings of Voici and JupyterLite themselves, each argued here; any other warning fails a test."""
WITHOUT_WIDGETS = {"glossary"}
TIMEOUT = 240_000  # ms: a cold page starts Python in the browser (under a minute here; the machine is shared)


# -- the site ----------------------------------------------------------------------------------------------
def _builder() -> Any:
    spec = importlib.util.spec_from_file_location("static_build", ROOT / "tools" / "static" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def static_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """make static's site, built once, served on a free loopback port: yields its base URL."""
    if not shutil.which("npm"):
        pytest.skip("npm is missing: make static fetches Pyodide with it (apt-get install npm)")
    out = tmp_path_factory.mktemp("static") / "site"
    _builder().main(["--out", str(out)])

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(out)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


class Visit:
    """One browser profile on the site: every request that leaves the site aborted and kept in ``left``, every
    console error or warning (but :data:`KNOWN_WARNINGS`) and page error in ``problems``."""

    def __init__(self, chromium: Any, base: str, width: int = 1280, height: int = 900) -> None:
        self.base = base
        self.left: list[str] = []
        self.problems: list[str] = []
        self.context = chromium.new_context(viewport={"width": width, "height": height})
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))

    def _route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith(self.base) or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.left.append(url)
            route.abort()

    def _console(self, message: Any) -> None:
        problem = console_problem(message)
        if problem and not any(known in message.text for known in KNOWN_WARNINGS):
            where = (message.location or {}).get("url")  # which file did not load
            self.problems.append(problem + (f" ({where})" if "Failed to load resource" in problem and where else ""))

    def open(self, path: str) -> Any:
        """Open ``path`` (a page: "01-scoring", "es/06-play") and wait until the page watch says it is ready."""
        self.page.goto(self.base + f"voici/render/{path}.html")
        self.wait_ready(path)
        return self.page

    def wait_ready(self, path: str) -> None:
        self.page.wait_for_function(f"() => ({READY})() || ({LOST})()", timeout=TIMEOUT, polling=250)
        assert self.page.evaluate(READY), f"{path}: the page gave up: {self.page.evaluate('thirtyoneWatch.log')}"

    def close(self) -> None:
        self.context.close()

    def check(self) -> None:
        assert self.left == [], f"requests that left the site: {self.left}"
        assert self.problems == [], "\n".join(self.problems)


@pytest.fixture
def visit(chromium: Any, static_site: str, request: pytest.FixtureRequest) -> Iterator[Visit]:
    v = Visit(chromium, static_site)
    try:
        yield v
        v.check()
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        try:  # what the page showed last, for whoever reads a failure
            v.page.screenshot(path=str(ARTIFACTS / f"static-{request.node.name}.png"), full_page=False)
        except Exception:  # noqa: BLE001 - a screenshot is only a help
            pass
        v.close()


def errors_shown(page: Any) -> list[str]:
    """What the page shows of a Python error (a traceback in an output)."""
    return page.evaluate("""() => [...document.querySelectorAll('#rendered_cells .jp-OutputArea-output')]
        .filter(o => (o.dataset.mimeType || '').includes('error') || o.textContent.includes('Traceback'))
        .map(o => o.textContent.slice(0, 400))""")


# -- the tests ---------------------------------------------------------------------------------------------
def pages_of(lang: str) -> list[str]:
    """The pages of ``lang`` as the course manifest lists them, by their address under voici/render/ (no suffix)."""
    return [listed.path.removesuffix(".ipynb") for listed in course.pages(lang)]


IN_EVERY_LANGUAGE = ("index", "01-", "05-", "06-")
"""The pages walked in every translated language too (the index, the first lesson, lesson 5's charts and lesson 6's
game): a language reaches the browser's Python the same way on every page (its catalog in the package's wheel), and
every translated page's every widget is walked in Voilà by tests/browser/test_browser_i18n.py; here English walks
every page, so make test stays within its time."""


@pytest.mark.parametrize("lang", ["en", *page_languages()])  # (page_languages: those translated)
def test_every_page_shows_its_widgets(visit: Visit, lang: str) -> None:
    """Every page in English, and the pages of :data:`IN_EVERY_LANGUAGE` in each translated language, one after the
    other in one browser (the runtime cached after the first)."""
    shown = {}
    paths = pages_of(lang)
    if lang != "en":
        paths = [p for p in paths if p.rsplit("/", 1)[-1].startswith(IN_EVERY_LANGUAGE)]
        assert len(paths) == len(IN_EVERY_LANGUAGE), paths
    for path in paths:
        page = visit.open(path)
        assert errors_shown(page) == [], path
        assert page.evaluate("() => document.documentElement.lang") == lang, path
        widgets = page.locator("#rendered_cells .jupyter-widgets").count()
        bar = page.locator("nav.to-course-bar a").first.get_attribute("href") or ""
        assert bar.endswith(".html"), f"{path}: the course bar links to {bar}"
        shown[path] = widgets
        if path.rsplit("/", 1)[-1] not in WITHOUT_WIDGETS:
            assert widgets > 0, f"{path} shows no widget"
    assert len(shown) >= (9 if lang == "en" else len(IN_EVERY_LANGUAGE)), shown


def test_the_landing_page_is_the_english_index_with_its_language_switch(visit: Visit) -> None:
    visit.page.goto(visit.base)
    visit.wait_ready("index")
    assert visit.page.url.endswith("voici/render/index.html")
    switch = visit.page.locator("nav.to-language").first.locator("a")
    assert [switch.nth(i).get_attribute("hreflang") for i in range(switch.count())] == ["es", "de"]
    assert switch.first.get_attribute("href") == "es/index.html"


def quiz_hand(page: Any) -> str:
    return page.locator(".to-quiz .to-card").evaluate_all("els => els.map(e => e.dataset.card).join(' ')")


def test_a_quiz_answer_is_marked_and_the_progress_survives_a_reload(visit: Visit) -> None:
    page = visit.open("01-scoring")
    page.locator(".to-quiz .to-card").first.wait_for()
    answer = page.locator(".to-quiz input[type=text]")
    answer.fill("0")  # no hand is worth 0
    answer.press("Enter")
    page.wait_for_selector(".to-quiz .to-wrong")
    page.wait_for_function("() => !!localStorage.getItem('thirtyone.progress.en')")
    record = json.loads(page.evaluate("() => localStorage.getItem('thirtyone.progress.en')"))
    assert record["version"] == 1  # the record Voilà's pages keep, under the same key
    quiz = record["pages"]["01-scoring"]["exercises"]["quiz"]
    assert (quiz["right"], quiz["asked"]) == (0, 1)

    page.reload()
    visit.wait_ready("01-scoring (reloaded)")
    page.locator(".to-quiz .to-card").first.wait_for()
    hand = quiz_hand(page)
    answer = page.locator(".to-quiz input[type=text]")
    answer.fill(number(score(hand, Rules()).value))
    answer.press("Enter")
    page.wait_for_selector(".to-quiz .to-right")
    assert "1 right out of 2" in page.locator(".to-quiz .to-tally").inner_text()  # counted on from the record
    page.wait_for_function("() => JSON.parse(localStorage.getItem('thirtyone.progress.en'))"
                           ".pages['01-scoring'].exercises.quiz.asked === 2")


def test_a_walkthrough_step_and_a_card_table_move_answer(visit: Visit) -> None:
    page = visit.open("02-scat")
    tour = TOURS["scat"]
    root = page.locator(".to-walkthrough").first
    n = len(tour.steps)
    root.locator(".to-progress", has_text=f"step 1 of {n}").wait_for()
    assert not tour.steps[0].ask
    root.get_by_role("button", name="Next", exact=True).click()
    root.locator(".to-progress", has_text=f"step 2 of {n}").wait_for(timeout=30_000)

    table = page.locator(".to-table").last
    table.scroll_into_view_if_needed()
    handle = table.element_handle()
    page.wait_for_function("el => (el.querySelector('.to-status') || {}).innerText?.includes('Your turn')",
                           arg=handle, timeout=60_000)
    before = table.locator(".to-log li").count()
    table.get_by_role("button", name="Draw from the stock").click()
    page.wait_for_function(f"el => el.querySelectorAll('.to-log li').length > {before}", arg=handle,
                           timeout=30_000)
    page.wait_for_function("el => el.querySelector('.to-status').innerText.includes('Now throw')", arg=handle,
                           timeout=30_000)


def test_lesson_5_advisor_drill_and_charts_answer(visit: Visit) -> None:
    """Lesson 5 without NumPy (thirtyone/compute.py's pure-Python path): its charts are drawn, the advisor answers
    for a hand picked by clicks, the drill marks an answer, and the charts that simulate live draw what they
    simulated (the survival chart's line simulated now, the threshold tournament's further rounds)."""
    page = visit.open("05-knock-timing")
    plots = page.locator(".to-study figure svg.to-plot")
    assert plots.count() >= 6
    advisor = page.locator(".to-advisor")
    advisor.get_by_role("button", name="Put the cards back").click()
    page.wait_for_function("() => document.querySelector('.to-advisor').innerText.includes('Pick three cards')")
    for card in ("A♠", "K♠", "9♠"):
        advisor.locator(f'.to-picker button[data-card="{card}"]').click()
    page.wait_for_function("() => document.querySelector('.to-advisor .to-value')"
                           " && document.querySelector('.to-advisor .to-value').innerText.includes('30')"
                           " && document.querySelector('.to-advisor .to-advice-box')", timeout=60_000)
    text = advisor.locator(".to-advice-box").inner_text()
    assert "Knock now" in text and "Play on" in text and "95% interval" in text and "Advice:" in text
    drill = page.locator(".to-drill")
    drill.get_by_role("button", name="Knock", exact=True).click()
    page.wait_for_selector(".to-drill .to-feedback", timeout=60_000)
    assert "right out of 1" in drill.locator(".to-tally").inner_text()
    assert "The simulation judged this situation:" in drill.inner_text()

    survival = page.locator(".to-survival").first
    lines = survival.locator("svg.to-plot g.to-line")
    before = lines.count()
    survival.get_by_role("button", name="Simulate this chart now", exact=False).click()
    page.wait_for_function(f"el => el.querySelectorAll('svg.to-plot g.to-line').length > {before}",
                           arg=survival.element_handle(), timeout=60_000)
    assert "The dashed line was simulated just now." in survival.inner_text()

    thresholds = page.locator(".to-thresholds")
    rounds = re.compile(r"([\d,]+) rounds per threshold")

    def shown() -> int:
        found = rounds.search(thresholds.locator("svg.to-plot").get_attribute("aria-label") or "")
        assert found, "the threshold chart says no number of rounds"
        return int(found.group(1).replace(",", ""))

    first = shown()
    thresholds.get_by_role("button", name="more rounds per threshold", exact=False).click()
    page.wait_for_function(f"el => (el.querySelector('svg.to-plot') || {{}}).getAttribute?.('aria-label')"
                           f" && !el.querySelector('svg.to-plot').getAttribute('aria-label').includes('{first:,} rounds')",
                           arg=thresholds.element_handle(), timeout=60_000)
    assert shown() > first
    assert errors_shown(page) == []
    assert page.locator("#rendered_cells .to-error").count() == 0, "a simulation failed on the page"


def test_lesson_6_plays_a_whole_game_against_bots_with_the_coach(visit: Visit) -> None:
    """A seeded game against two bots, two lives each, played through the page to its end: the coach asked on the
    first turn (and its move played), then draws, throws and knocks, Next round after each showdown; the summary
    says who won and that the coach was asked; the game is kept in the learner's record."""
    page = visit.open("06-play")
    root = page.locator(".to-play")
    set_up_game(root, lives=2, seed=5)
    root.get_by_label("Number of bots").select_option(label="2")
    table = start_game(page, root, 3)
    played = play_to_the_end(page, root, table)
    assert played.asked == 1 and played.rounds >= 1 and played.per_bot_turn(), played
    summary = root.locator(".to-game-summary")
    summary.locator("svg.to-plot").first.wait_for()
    text = summary.inner_text()
    assert "wins the game" in text or "You win the game!" in text
    assert "You asked the coach once." in text
    assert root.locator(".to-game-log details").count() == played.rounds + 1
    page.wait_for_function("() => (JSON.parse(localStorage.getItem('thirtyone.progress.en') || '{}').games || [])"
                           ".length === 1", timeout=30_000)


def test_once_a_page_has_loaded_the_course_works_offline(visit: Visit) -> None:
    """One visit to lesson 1: once it is ready its page watch has the service worker keep every file the page
    fetched and every page of its language (the index lists them). With the network gone, lesson 1 reloads and its
    quiz answers, and lesson 6, which the learner never opened, opens and its table starts."""
    page = visit.open("01-scoring")
    page.wait_for_function("() => document.body.dataset.thirtyoneOffline === 'kept'", timeout=120_000)
    kept = page.evaluate("thirtyoneWatch.log.map(e => e[1]).filter(s => s.startsWith('kept '))[0]")
    assert int(kept.split()[1]) > 50, kept
    visit.context.set_offline(True)
    try:
        page.reload()
        visit.wait_ready("01-scoring (offline)")
        answer = page.locator(".to-quiz input[type=text]")
        answer.fill("0")
        answer.press("Enter")
        page.wait_for_selector(".to-quiz .to-wrong")
        page = visit.open("06-play")
        root = page.locator(".to-play")
        set_up_game(root, lives=2, seed=5)
        start_game(page, root, 2)
    finally:
        visit.context.set_offline(False)
