"""A lesson page never fails silently: Debian's chromium against real Voilà servers (issue 10).

The template's page watch (share/jupyter/voila/templates/thirtyone/static/watch.js) says when a page's
kernel or connection is lost (role="alert", a "Reload the page" button) and when its widgets did not come
(role="status": "The server is busy: trying again in N seconds…", then it reloads itself a bounded number
of times, then offers the button). Here each failure is made for real — a burst of learners, a kernel
killed with SIGKILL or frozen with SIGSTOP, the server stopped, a cell whose output comes too late for the
server — or, for a widget model the kernel does not have, by changing one model id in the page on its
way to the browser.

Console errors fail a test unless the failure itself causes them; each test lists exactly which.
Screenshots of every message at 1280 and 390 px go to test-artifacts/serve-*.png.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import conftest
import jinja2
import nbformat
import pytest
from conftest import ARTIFACTS, NOTEBOOKS, ROOT, Server, start_voila, watch_console

LESSON_1 = "voila/render/01-scoring.ipynb"
TEMPLATE = ROOT / "share" / "jupyter" / "voila" / "templates" / "thirtyone"
LOST = ("The lesson lost its connection to the server. Your moves here are not saved. "
        "Reload the page to start it again.")
GAVE_UP = "The server is still too busy to start this lesson. Wait a minute, then reload the page."
NO_ANSWER = "The server does not answer yet. This page reloads by itself as soon as it does."
BUSY = re.compile(r"^The server is busy: trying again in (\d+) seconds?…$")
SANDBOX_CARD = '.to-sandbox .to-picker button[data-card="K♥"]'
STATE = "() => document.body ? (document.body.dataset.thirtyoneWatch || 'loading') : 'loading'"


# -- which code cells must show something (no browser) --------------------------------------------
def shows_output(source: str) -> bool:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATE)))
    return env.get_template("watch.macro.html.j2").module.shows_output(source).strip() == "yes"  # type: ignore[attr-defined]


@pytest.mark.parametrize(("source", "expected"), [
    ("CardValues()", True),
    ('print(score("K♥ 9♥ 4♣").explanation)', True),
    ("from thirtyone.widgets import Quiz\n\nQuiz(choices=('scat', 'schwimmen'))", True),
    ("f(\n    a=1,\n)", True),
    ("a == b", True),
    ("x[1:2]", True),
    ('Markdown("\\n".join(f"- {t}" for t in rules))', True),
    ("x = 1", False),
    ("x = f(\n    a,\n)", False),
    ("x = a == b", False),
    ("x += 1", False),
    ("d['k'] = 3", False),
    ("x: int = 3", False),
    ("import os", False),
    ("for i in x:\n    print(i)", False),
    ("def f():\n    return 1", False),
    ("f();", False),
    ("%matplotlib inline", False),
    ("# a comment", False),
    ("", False),
])
def test_the_template_knows_which_cells_show_something(source: str, expected: bool) -> None:
    """A cell that shows something but came without output lost it; a cell it cannot judge never counts."""
    assert shows_output(source) is expected


def test_every_code_cell_of_the_course_shows_something() -> None:
    """Else a normal visit would count that cell as lost and reload the page for nothing."""
    silent = [(path.name, cell.source[-60:]) for path in sorted(NOTEBOOKS.glob("*.ipynb"))
              for cell in nbformat.read(path, as_version=4).cells
              if cell.cell_type == "code" and not shows_output(cell.source)]
    assert not silent


# -- servers, learners ----------------------------------------------------------------------------
@dataclass
class Servers:
    """The module's server; a test that stops it starts it again on the same port."""

    main: Server
    log: Path

    def restart(self, monkeypatch: pytest.MonkeyPatch) -> None:
        port = self.main.port
        monkeypatch.setattr(conftest, "free_port", lambda: port)
        self.main = start_voila(Path(sys.executable).parent, self.log)


@pytest.fixture(scope="module")
def servers() -> Iterator[Servers]:
    """Voilà on notebooks/ with the repo's config (its own: these tests kill kernels and stop it)."""
    log = ARTIFACTS / "voila-serve.log"
    holder = Servers(start_voila(Path(sys.executable).parent, log), log)
    try:
        yield holder
    finally:
        holder.main.stop()


@dataclass
class Learner:
    """One browser context and page, with what the page logged and how often it loaded."""

    context: Any
    page: Any
    errors: list[tuple[int, str]] = field(default_factory=list)  # (which load, what)
    loads: int = 0
    crashed: bool = False

    def error(self, text: str) -> None:
        self.errors.append((self.loads, text))

    def state(self) -> str:
        try:
            return str(self.page.evaluate(STATE))
        except Exception:  # the page is navigating
            return "loading"

    def inside(self) -> str:
        """What a page that does not end is doing: its address, how far it arrived, its watch's logs
        (this load's and the earlier ones'), its spinner's text and the errors it logged."""
        page = self.page
        try:
            seen = page.evaluate("""() => ({
              ready: document.readyState,
              watch: window.thirtyoneWatch ? {log: window.thirtyoneWatch.log,
                                              earlier: window.thirtyoneWatch.earlier} : null,
              spinner: (document.getElementById('loading_text') || {}).textContent || null,
              text: document.body ? document.body.innerText.slice(0, 300) : null})""")
        except Exception as e:  # noqa: BLE001 (a crashed or navigating page: say so)
            seen = f"cannot be read: {e}"
        return f"url {page.url}, loads {self.loads}, crashed {self.crashed}, {seen}, errors {self.errors}"

    def wait(self, *states: str, timeout: float = 120) -> str:
        try:
            self.page.wait_for_function(f"() => {list(states)!r}.includes(({STATE})())",
                                        timeout=timeout * 1000, polling=250)
        except Exception as e:  # noqa: BLE001 (said again, with what the page was doing)
            raise AssertionError(f"not {' or '.join(states)} after {timeout} s: {self.inside()}") from e
        return self.state()

    def log(self) -> list[list[Any]]:
        return list(self.page.evaluate("() => window.thirtyoneWatch.log"))

    def kernel_id(self) -> str:
        return str(self.page.evaluate("() => window.jupyterapp.widgetManager.kernel.id"))

    def unexpected(self, *allowed: str, in_last_load: bool = False) -> list[str]:
        """Errors the failure did not cause: those not matched by one of the ``allowed`` patterns, and any
        error of the page's last load (the one that works) unless the page recovered ``in_last_load``."""
        return [f"load {n}: {e}" for n, e in self.errors
                if (n == self.loads and not in_last_load) or not any(re.search(a, e) for a in allowed)]


@pytest.fixture
def learners(browser: Any, request: pytest.FixtureRequest) -> Iterator[Callable[..., Learner]]:
    """``learners(width=1280, init=None)`` opens a new learner; all are closed (and screenshot) after."""
    made: list[Learner] = []

    def make(width: int = 1280, init: str | None = None) -> Learner:
        context = browser.new_context(viewport={"width": width, "height": 800})
        if init:
            context.add_init_script(init)
        page = context.new_page()
        page.set_default_timeout(30_000)
        learner = Learner(context, page)
        watch_console(page, learner.error)
        page.on("response", lambda r: learner.error(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)
        # a beacon sent while the page unloads (Voilà shutting its kernel down) reports ERR_ABORTED
        page.on("requestfailed", lambda r: learner.error(f"request failed: {r.url} ({r.failure})")
                if "ERR_ABORTED" not in str(r.failure) else None)

        def loaded(frame: Any) -> None:
            if frame == page.main_frame and frame.url.startswith("http"):
                learner.loads += 1

        page.on("framenavigated", loaded)
        page.on("crash", lambda _: setattr(learner, "crashed", True))
        made.append(learner)
        return learner

    yield make
    ARTIFACTS.mkdir(exist_ok=True)
    for i, learner in enumerate(made):
        try:
            learner.page.screenshot(path=str(ARTIFACTS / f"serve-{request.node.name}-{i}.png"))
        except Exception:
            pass
        learner.context.close()


def open_lesson(learner: Learner, server: Server, path: str = LESSON_1) -> None:
    learner.page.goto(server.url(path))


def assert_widgets(learner: Learner) -> None:
    """Every widget the server sent is drawn, and the page is told it is ready."""
    assert learner.state() == "ready", learner.log()
    count = learner.page.evaluate("() => window.thirtyoneWatch.widgets()")
    sent = learner.page.locator("[data-thirtyone-widget]").count()
    assert sent > 0 and count == {"drawn": sent, "loading": 0, "broken": 0}, count
    assert learner.page.locator(".to-watch > div:not(:empty)").count() == 0  # no message


def shots(learner: Learner, name: str) -> None:
    """The message at 1280 and at 390 px: it fits, nothing scrolls sideways."""
    page = learner.page
    size = page.viewport_size
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 800})
        box = page.locator(".to-watch > div:not(:empty)").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, (width, box)
        page.screenshot(path=str(ARTIFACTS / f"serve-{name}-{width}.png"))
    page.set_viewport_size(size)


def assert_alert(learner: Learner, text: str) -> None:
    """The message is an alert, with a focused button a keyboard reaches; axe finds nothing serious in it."""
    from axe_playwright_python.sync_playwright import Axe

    page = learner.page
    alert = page.get_by_role("alert")
    assert alert.locator("p").inner_text() == text
    button = alert.get_by_role("button", name="Reload the page", exact=True)
    assert button.is_visible()
    assert page.evaluate("() => document.activeElement.textContent") == "Reload the page"
    results = Axe().run(page, context=".to-watch")
    bad = [v["id"] for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad


# every visible broken-link icon the widget manager puts on a widget whose kernel link is down
BROKEN_LINK_ICONS = """() => [...document.querySelectorAll('.jupyter-widgets-disconnected')].filter(el => {
  const icon = getComputedStyle(el, '::before');
  return icon.content !== 'none' && icon.content !== 'normal' && icon.display !== 'none';
}).length"""


def assert_one_alert(learner: Learner, marked: bool = False) -> None:
    """A lost page says so once: one alert, and no widget has a broken-link icon of its own. With
    ``marked``, first wait until the widget manager has marked the widgets disconnected (it does when the
    kernel dies; a stopped server leaves them unmarked until the websocket gives up), so the icons were due."""
    page = learner.page
    if marked:
        page.wait_for_function("() => document.querySelectorAll('.jupyter-widgets-disconnected').length > 0",
                               timeout=30_000, polling=250)
    alerts = page.get_by_role("alert")  # the visible ones
    assert alerts.count() == 1, alerts.all_inner_texts()
    assert page.evaluate(BROKEN_LINK_ICONS) == 0


def kernel_pid(kernel_id: str) -> int:
    """The kernel's process, found by its connection file on its command line."""
    pids = []
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and f"kernel-{kernel_id}.json".encode() in (proc / "cmdline").read_bytes():
                pids.append(int(proc.name))
        except OSError:  # gone meanwhile
            pass
    assert len(pids) == 1, (kernel_id, pids)
    return pids[0]


def card_click_answers(learner: Learner) -> None:
    """The lesson's sandbox still scores a card: the page talks to a live kernel."""
    learner.page.locator(SANDBOX_CARD).click()
    learner.page.wait_for_function(
        "() => document.querySelector('.to-sandbox .to-score').innerText.includes('Worth 10')")


# -- the tests ----------------------------------------------------------------------------------------
# The page watch's own bound on a wait with nothing said: a page arrives (at most arriveTimeout without a
# new cell, 60 s), its front end starts (appTimeout, 60 s), its widgets come (hardTimeout, 120 s after
# that); then it has said the server is busy. A page that tried again may take longer to end: each try
# ends in widgets or in a message, and after the last one it offers the Reload button.
SILENT = 60 + 60 + 120 + 30
SETTLED = 600


@pytest.mark.browser
def test_a_burst_of_six_learners_all_get_their_widgets(servers: Servers, learners: Callable[..., Learner]) -> None:
    """Six learners open lesson 1 at the same moment: every page ends with its widgets (a page may say
    the server is busy and try again, but none waits without widgets and without a message)."""
    group = [learners() for _ in range(6)]
    url = servers.main.url(LESSON_1)
    start = time.monotonic()
    for learner in group:  # all six navigations start at once (page.goto would wait for each)
        learner.page.evaluate("url => { location.href = url }", url)
    seen: dict[int, set[str]] = {i: set() for i in range(len(group))}
    silent_since = dict.fromkeys(range(len(group)), start)  # when each page last began to show nothing
    pending = set(range(len(group)))
    while pending and time.monotonic() - start < SETTLED:
        now = time.monotonic()
        for i in sorted(pending):
            state = group[i].state()
            seen[i].add(state)
            if state in ("ready", "busy"):
                pending.discard(i)
            elif state != "loading":  # it says the server is busy and tries again
                silent_since[i] = now
        silent = {i: round(now - silent_since[i]) for i in pending if now - silent_since[i] > SILENT}
        assert not silent, f"pages without widgets or a message for so many seconds: {silent}\n" + "\n".join(
            [f"learner {i}, states {sorted(seen[i])}: {group[i].inside()}" for i in sorted(silent)]
            + ["the server's log ends:", *servers.log.read_text(errors="replace").splitlines()[-40:]])
        time.sleep(0.5)
    assert not pending, f"pages still trying after {SETTLED} s: {sorted(pending)}\n" + "\n".join(
        f"learner {i}, states {sorted(seen[i])}: {group[i].inside()}" for i in sorted(pending))
    report = []
    for i, learner in enumerate(group):
        assert_widgets(learner)
        marks = {event: t for t, event in learner.log()}
        report.append(f"learner {i}: loads {learner.loads}, states {sorted(seen[i])}, page complete "
                      f"{marks.get('page complete')} s, ready {marks.get('ready')} s after its last load")
        # a page that tried again may have logged what its failed loads caused; its last load, nothing
        assert not learner.unexpected(*FAILED_LOAD_NOISE), report[-1]
    print("\n".join(report))


# what @jupyterlab/services' kernel connection logs (console.warn, in its reconnect) each time the
# websocket drops: the tests that kill a kernel, stop the server or cut the network cause exactly that,
# and the page says it in its own alert; any other warning still fails them
CONNECTION_LOST = r"^console\.warning: Connection lost, reconnecting in \d+ seconds\.$"

# what a page whose widgets did not come logs before it reloads (Voilà's widget renderer, the page's
# websocket torn down by the reload)
FAILED_LOAD_NOISE = (
    r"^console\.error: Error: widget model not found(\n|$)",
    # (chromium says it as a warning when the reload closes the websocket before its handshake ended)
    r"^console\.(error|warning): WebSocket connection to 'ws://127\.0\.0\.1:\d+/api/kernels/[\w-]+/channels\?.*' failed",
)


@pytest.mark.browser
def test_a_killed_kernel_says_so_and_a_reload_brings_the_widgets_back(
        servers: Servers, learners: Callable[..., Learner]) -> None:
    learner = learners()
    open_lesson(learner, servers.main)
    learner.wait("ready", timeout=120)
    pid = kernel_pid(learner.kernel_id())
    killed = time.monotonic()
    os.kill(pid, signal.SIGKILL)
    learner.wait("lost", timeout=30)
    noticed = time.monotonic() - killed
    assert_alert(learner, LOST)
    assert_one_alert(learner, marked=True)
    # its widgets answer nothing now, and look it
    assert learner.page.locator("[data-thirtyone-widget]:not([inert])").count() == 0
    shots(learner, "lost")
    print(f"a killed kernel is said after {noticed:.1f} s: {learner.log()}")
    assert noticed < 15
    learner.page.get_by_role("button", name="Reload the page").click()
    learner.wait("ready", timeout=120)
    assert_widgets(learner)
    card_click_answers(learner)
    assert not learner.unexpected(CONNECTION_LOST)


# Changes the first widget's model id in the page before Voilà's front end reads it, on every load
# until this tab's sessionStorage says "healed" (or, with "once", on the first load only): the kernel
# has no such model, as when a page came while its kernel was still running the cells.
BREAK_A_MODEL = """
document.addEventListener('DOMContentLoaded', () => {
  if (sessionStorage.getItem('healed')) return;
  if (%(once)s) sessionStorage.setItem('healed', '1');
  for (const s of document.querySelectorAll('script[type="application/vnd.voila.cell-output+json"]')) {
    if (s.textContent.includes('"model_id"')) {
      s.textContent = s.textContent.replace(/"model_id": "\\w+"/, '"model_id": "' + '0'.repeat(32) + '"');
      break;
    }
  }
});
"""


@pytest.mark.browser
def test_a_widget_the_kernel_does_not_have_is_retried(servers: Servers, learners: Callable[..., Learner]) -> None:
    """"Error displaying widget: model not found": the page says the server is busy, reloads by itself
    after about 5 s, and the next load has its widgets."""
    learner = learners(init=BREAK_A_MODEL % {"once": "true"})
    page = learner.page
    open_lesson(learner, servers.main)
    learner.wait("retrying", timeout=120)
    status = page.get_by_role("status")
    said = status.locator(".to-watch-sr").inner_text()
    seconds = BUSY.match(said)
    assert seconds and 5 <= int(seconds.group(1)) <= 7, said
    assert BUSY.match(status.locator("[aria-hidden=true]").inner_text())  # the visible countdown
    shots(learner, "busy")
    assert any("widget(s) missing" in event for _, event in learner.log()), learner.log()
    learner.wait("ready", timeout=120)  # it reloads by itself
    assert learner.loads == 2
    assert_widgets(learner)
    assert not learner.unexpected(*FAILED_LOAD_NOISE)


@pytest.mark.browser
def test_widgets_that_never_come_end_in_a_reload_button(servers: Servers, learners: Callable[..., Learner]) -> None:
    """After its automatic tries (two here, of 1 s) the page stops and offers the button; once the server
    is well again, the button brings the widgets."""
    learner = learners(init="window.THIRTYONE_WATCH = {retries: [1, 1]};" + BREAK_A_MODEL % {"once": "false"})
    page = learner.page
    open_lesson(learner, servers.main)
    learner.wait("busy", timeout=180)
    assert learner.loads == 3
    assert_alert(learner, GAVE_UP)
    shots(learner, "gave-up")
    page.evaluate("() => sessionStorage.setItem('healed', '1')")
    page.get_by_role("button", name="Reload the page").click()
    learner.wait("ready", timeout=120)
    assert learner.loads == 4
    assert_widgets(learner)
    assert not learner.unexpected(*FAILED_LOAD_NOISE)


@pytest.mark.browser
def test_a_frozen_kernel_is_noticed_and_the_page_tries_again(
        servers: Servers, learners: Callable[..., Learner]) -> None:
    """The kernel stops answering (SIGSTOP, as a starved kernel would) just before the page connects
    to it: nothing comes for stallTimeout (20 s), so the page says the server is busy and tries again."""
    learner = learners()
    page = learner.page
    frozen: list[int] = []

    def freeze_its_kernel(route: Any) -> None:
        # the widget manager asks the server for its kernel's model, then opens the kernel's websocket
        if not frozen and route.request.method == "GET":
            frozen.append(kernel_pid(route.request.url.rsplit("/", 1)[1].split("?")[0]))
            os.kill(frozen[0], signal.SIGSTOP)
        route.continue_()

    page.route(re.compile(r"/api/kernels/[\w-]+(\?.*)?$"), freeze_its_kernel)
    try:
        open_lesson(learner, servers.main)
        learner.wait("retrying", timeout=120)
        assert frozen
        marks = {event: t for t, event in learner.log()}
        failed = next(t for event, t in marks.items() if event.startswith("failed: nothing from the kernel"))
        waited = failed - marks["front end started"]
        print(f"a frozen kernel: the page gave up waiting {waited:.1f} s after its front end started")
        assert 19 <= waited <= 25
        learner.wait("ready", timeout=120)
        assert learner.loads == 2
        assert_widgets(learner)
    finally:
        for pid in frozen:
            try:
                os.kill(pid, signal.SIGCONT)
            except ProcessLookupError:
                pass
    assert not learner.unexpected(*FAILED_LOAD_NOISE)


@pytest.mark.browser
def test_a_page_cut_short_is_retried(servers: Servers, learners: Callable[..., Learner]) -> None:
    """The connection breaks while the server is still sending the page (its last part never comes):
    Voilà's spinner would turn for ever; the page says the server is busy and tries again."""
    learner = learners()
    page = learner.page
    cut: list[int] = []

    def cut_short(route: Any) -> None:
        response = route.fetch()
        body = response.text()
        if not cut:
            cut.append(body.index("window.voila_finish();"))
            body = body[:cut[0]]
        route.fulfill(response=response, body=body)

    page.route("**/" + LESSON_1, cut_short)
    open_lesson(learner, servers.main)
    learner.wait("retrying", timeout=120)
    assert any("cut short" in event for _, event in learner.log()), learner.log()
    page.unroute("**/" + LESSON_1)  # (a page served by the route has no websocket: it lacks the login cookie)
    learner.wait("ready", timeout=120)
    assert learner.loads == 2
    assert_widgets(learner)
    assert not learner.unexpected()


@pytest.mark.browser
def test_a_kernel_gone_before_the_page_connects_is_retried(
        servers: Servers, learners: Callable[..., Learner]) -> None:
    """The server no longer has the page's kernel when its front end asks for it (culled, restarted):
    Voilà makes no widget manager and the widgets fall back to their text form. The page hides that text,
    says the server is busy and tries again; the next load has its widgets."""
    learner = learners()
    page = learner.page
    gone: list[str] = []

    def not_there(route: Any) -> None:
        if not gone and route.request.method == "GET":
            gone.append(route.request.url)
            route.fulfill(status=404, content_type="application/json",
                          body='{"message": "Kernel does not exist", "reason": null}')
        else:
            route.continue_()

    page.route(re.compile(r"/api/kernels/[\w-]+(\?.*)?$"), not_there)
    open_lesson(learner, servers.main)
    learner.wait("retrying", timeout=120)
    assert any("widget(s) missing" in event for _, event in learner.log()), learner.log()
    # no widget's text form ("CardValues(children=…") shows
    assert page.locator("[data-thirtyone-widget] > .jp-OutputArea-output:visible").count() == 0
    learner.wait("ready", timeout=120)
    assert learner.loads == 2
    assert_widgets(learner)
    kernel = gone[0].rsplit("/", 1)[1].split("?")[0]
    assert not learner.unexpected(
        rf"^HTTP 404: http://127\.0\.0\.1:\d+/api/kernels/{kernel}(\?\d+)?$",
        r"^console\.error: Failed to load resource: the server responded with a status of 404 \(Not Found\)$",
        # the widget registry Voilà hands out without a kernel refuses every widget library
        rf"^console\.error: Plugin '[\w@/:.-]+' failed to activate\. Error: The model for kernel id {kernel} "
        r"does not exist(\n|$)")


LATE_NOTEBOOK = """\
from ipywidgets import Button

Button(description="Early")
+++
import pathlib
import threading

from IPython.display import display

late = Button(description="Late")
+++
(threading.Timer(6, display, [late]).start() if pathlib.Path("slow").exists() else display(late))
"""


STALLING_NOTEBOOK = """\
from ipywidgets import Button

Button(description="Before")
+++
import pathlib
import time

while pathlib.Path("stall").exists():  # a kernel that stops answering in the middle of the page
    time.sleep(0.2)
+++
Button(description="After")
"""


def serve_one(folder: Path, name: str, source: str, flag: str) -> Server:
    """Voilà with the repo's config on ``folder``, holding one notebook ``name`` made of ``source``'s
    cells (split at "+++" lines), and a file ``flag`` that makes it misbehave until it is removed."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in source.split("+++\n")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / f"{name}.ipynb")
    shutil.copy(NOTEBOOKS / "voila.py", folder / "voila.py")
    (folder / flag).touch()
    return start_voila(Path(sys.executable).parent, ARTIFACTS / f"voila-serve-{name}.log", cwd=folder)


@pytest.fixture
def late_server(tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    """Voilà with the repo's config on one notebook whose last output, while a file ``slow`` exists,
    comes 6 s after its cell finished: the server has rendered the cell without it by then."""
    server = serve_one(tmp_path, "late", LATE_NOTEBOOK, "slow")
    try:
        yield server, tmp_path
    finally:
        server.stop()


@pytest.fixture
def stalling_server(tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    """Voilà with the repo's config on one notebook whose second cell runs as long as a file ``stall``
    exists: the server keeps the page's connection open with Voilà's heartbeats, and no cell comes."""
    server = serve_one(tmp_path, "stalling", STALLING_NOTEBOOK, "stall")
    try:
        yield server, tmp_path
    finally:
        server.stop()


@pytest.mark.browser
def test_a_page_that_stops_arriving_is_retried(
        stalling_server: tuple[Server, Path], learners: Callable[..., Learner]) -> None:
    """The page's kernel stops in the middle of the page: Voilà's spinner would turn for ever ("Loading the
    page: 2 of 3…"). After arriveTimeout without a new cell the page says the server is busy and tries again."""
    server, folder = stalling_server
    learner = learners(init="window.THIRTYONE_WATCH = {arriveTimeout: 4, retries: [2, 2, 2]};")
    learner.page.goto(server.url("voila/render/stalling.ipynb"), wait_until="commit")
    learner.wait("retrying", timeout=60)
    events = [event for _, event in learner.log()]
    assert "failed: no new cell for 4 s while the page arrived" in events, events
    assert "load" not in events  # it had not arrived: the watch did not wait for the browser's load
    assert BUSY.match(learner.page.get_by_role("status").locator(".to-watch-sr").inner_text())
    shots(learner, "stalled")
    (folder / "stall").unlink()  # the server is well again
    learner.wait("ready", timeout=120)
    assert learner.page.get_by_role("button", name="After").is_visible()
    assert_widgets(learner)
    assert not learner.unexpected(*FAILED_LOAD_NOISE)


@pytest.mark.browser
def test_a_cell_whose_output_came_too_late_is_retried(
        late_server: tuple[Server, Path], learners: Callable[..., Learner]) -> None:
    """What the server's "Timeout waiting for IOPub output" leaves under load: a cell whose output came
    after the server stopped waiting for it shows nothing (here the output comes 6 s after its cell).
    The page notices at once, says the server is busy, and tries again until the output comes."""
    server, folder = late_server
    learner = learners(init="window.THIRTYONE_WATCH = {retries: [2, 2, 2]};")
    open_lesson(learner, server, "voila/render/late.ipynb")
    learner.wait("retrying", timeout=120)
    assert any("came without their output" in event for _, event in learner.log())
    (folder / "slow").unlink()  # the server is well again
    learner.wait("ready", timeout=120)
    assert 2 <= learner.loads <= 4
    assert learner.page.get_by_role("button", name="Late").is_visible()
    assert_widgets(learner)
    assert not learner.unexpected(*FAILED_LOAD_NOISE)


@pytest.mark.browser
def test_a_slow_front_end_after_the_last_cell_is_not_a_stalled_page(
        servers: Servers, learners: Callable[..., Learner]) -> None:
    """On a slow network Voilà's front end (voila.js, fetched after the page's last cell) may take longer to
    come than arriveTimeout: the server has sent every cell, so the page waits for it, and never reloads."""
    learner = learners(init="window.THIRTYONE_WATCH = {arriveTimeout: 10};")
    delayed: list[float] = []

    def slow(route: Any) -> None:
        if route.request.method == "GET" and not delayed:
            delayed.append(time.monotonic())
            time.sleep(14)  # longer than arriveTimeout
        route.continue_()

    learner.page.route("**/voila/static/voila.js", slow)
    open_lesson(learner, servers.main)
    learner.wait("ready", timeout=120)
    assert delayed and learner.loads == 1
    events = [event for _, event in learner.log()]
    assert not [e for e in events if e.startswith("failed")], events
    assert_widgets(learner)
    assert not learner.unexpected()


@pytest.mark.browser
def test_a_stopped_server_says_so_and_the_page_comes_back_with_it(
        servers: Servers, learners: Callable[..., Learner], monkeypatch: pytest.MonkeyPatch) -> None:
    """(It stops the module's server, and starts it again.) The alert comes within seconds; the button
    waits for the server, saying so, and the page reloads by itself once the server answers again."""
    learner = learners(width=390)
    open_lesson(learner, servers.main)
    learner.wait("ready", timeout=120)
    kernel = learner.kernel_id()
    servers.main.stop()  # (it may take a while on a busy machine: Voilà shuts its kernels down first)
    try:
        stopped = time.monotonic()  # from here the server is gone for sure
        learner.wait("lost", timeout=30)
        noticed = time.monotonic() - stopped
        print(f"a stopped server is said at most {noticed:.1f} s after it was gone: {learner.log()}")
        assert noticed < 10
        assert_alert(learner, LOST)
        assert_one_alert(learner)
        learner.page.get_by_role("button", name="Reload the page").click()
        learner.page.get_by_role("alert").get_by_text(NO_ANSWER).wait_for(timeout=15_000)
        shots(learner, "no-answer")
    finally:  # the module's later tests need their server, whatever happened here
        servers.restart(monkeypatch)
    learner.wait("ready", timeout=120)  # it reloads by itself
    assert learner.loads == 2
    assert_widgets(learner)
    # what the page logged while the server was away (its websocket and its questions, refused, or reset
    # when the server stopped in the middle of one) and
    # when it came back (its old kernel is not on the new server: 404 to the websocket, the questions
    # and the request to shut it down)
    port = servers.main.port
    kernel_url = rf"http://127\.0\.0\.1:{port}/api/kernels/{kernel}"
    assert not learner.unexpected(
        CONNECTION_LOST,
        r"^console\.error: Failed to load resource: net::ERR_CONNECTION_(REFUSED|RESET)$",
        rf"^console\.error: WebSocket connection to 'ws://127\.0\.0\.1:{port}/api/kernels/{kernel}"
        r".* failed: .*net::ERR_CONNECTION_(REFUSED|RESET)\)?$",
        rf"^request failed: ({kernel_url}(\?\d+)?|http://127\.0\.0\.1:{port}/voila/static/voila\.js) "
        r"\(net::ERR_CONNECTION_(REFUSED|RESET)\)$",
        rf"^HTTP 404: ({kernel_url}(/channels\?session_id=[\w-]+|\?\d+)?"
        rf"|http://127\.0\.0\.1:{port}/voila/api/shutdown/{kernel})$",  # Voilà's beacon on leaving
        r"^console\.error: Failed to load resource: the server responded with a status of 404 \(Not Found\)$",
        rf"^console\.error: WebSocket connection to 'ws://127\.0\.0\.1:{port}/api/kernels/{kernel}/channels\?"
        r"session_id=[\w-]+' failed: Error during WebSocket handshake: Unexpected response code: 404$",
    )


@pytest.mark.browser
def test_a_short_break_in_the_connection_is_not_a_lost_page(
        servers: Servers, learners: Callable[..., Learner]) -> None:
    """The websocket drops and comes straight back to a kernel that is still there: no message. When it
    cannot come back for a while and the server cannot be reached, the alert shows; it goes once the
    connection is back (the kernel kept everything)."""
    learner = learners()
    page = learner.page
    sockets: list[Any] = []
    refuse: list[bool] = []

    def through(ws: Any) -> None:
        sockets.append(ws)
        if refuse:
            ws.close()  # the network is down
        else:
            ws.connect_to_server()

    page.route_web_socket(re.compile(r"/api/kernels/[\w-]+/channels"), through)
    open_lesson(learner, servers.main)
    learner.wait("ready", timeout=120)
    sockets[-1].close()  # the network drops the connection; it reconnects at once
    page.wait_for_function("() => window.thirtyoneWatch.log.some(([, e]) => e === 'connection connected')")
    time.sleep(3)
    assert learner.state() == "ready" and len(sockets) == 2, learner.log()
    assert page.locator(".to-watch > div:not(:empty)").count() == 0
    card_click_answers(learner)

    # the network stays down a few seconds: the websocket cannot come back, the server cannot be asked
    asked: list[str] = []

    def unreachable(route: Any) -> None:
        asked.append(route.request.url)
        route.abort("internetdisconnected")

    page.route(re.compile(r"/api/kernels/[\w-]+$"), unreachable)
    refuse.append(True)
    sockets[-1].close()
    learner.wait("lost", timeout=15)
    assert asked
    assert_alert(learner, LOST)
    refuse.clear()
    page.unroute(re.compile(r"/api/kernels/[\w-]+$"))
    learner.wait("ready", timeout=60)  # the websocket came back by itself
    assert learner.loads == 1, learner.log()
    assert page.locator(".to-watch > div:not(:empty)").count() == 0
    assert page.locator("[data-thirtyone-widget][inert]").count() == 0
    page.locator(SANDBOX_CARD).click()  # picked before: this unpicks it, on the same kernel
    page.wait_for_function("() => !document.querySelector('.to-sandbox .to-score').innerText.includes('Worth 10')")
    # what the page logged while the network was down: its questions to the server, refused
    assert not learner.unexpected(CONNECTION_LOST,
                                  r"^console\.error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED$",
                                  r"^request failed: .*/api/kernels/[\w-]+ \(net::ERR_INTERNET_DISCONNECTED\)$",
                                  in_last_load=True)
