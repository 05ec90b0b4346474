"""Shared test fixtures. Add yours here; keep each one generic and documented.

* ``widget_errors`` (automatic): ipywidgets swallows exceptions raised in widget callbacks
  (``on_click``, ``on_msg``, ``observe`` run from a front-end message) and only logs them on
  the ``traitlets`` logger. This fixture turns any such log record into a test failure.
* ``voila_server`` (session): a real Voilà serving ``notebooks/`` with the repo's config
  (``notebooks/voila.py``) on a free localhost port; ``.url(path)`` builds addresses.
* ``browser`` (module) and ``page``: Debian's chromium driven by Playwright; ``page`` fails
  the test on any console error or warning or page error (``watch_console``) and keeps a
  screenshot in ``test-artifacts/``.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from helpers.ports import free_port

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


# -- exceptions inside widget callbacks ------------------------------------------------------
class _CallbackErrors(logging.Handler):
    """Collects the records ipywidgets logs when a callback raises (outside IPython)."""

    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info or str(record.msg).startswith("Exception in"):
            self.records.append(record)


@pytest.fixture(autouse=True)
def widget_errors() -> Iterator[list[logging.LogRecord]]:
    """Fail the test if a widget callback raised; yields the list (clear it to expect an error)."""
    handler = _CallbackErrors()
    # ipywidgets' CallbackDispatcher and _show_traceback log via traitlets.log.get_logger(),
    # which is the "traitlets" logger when no Application is running (as under pytest).
    logger = logging.getLogger("traitlets")
    logger.addHandler(handler)
    try:
        yield handler.records
    finally:
        logger.removeHandler(handler)
    if handler.records:
        first = handler.records[0]
        detail = logging.Formatter().formatException(first.exc_info) if first.exc_info else ""
        pytest.fail(f"a widget callback raised: {first.getMessage()}\n{detail}", pytrace=False)


# -- a real Voilà server ----------------------------------------------------------------------
def wait_for_http(url: str, timeout: float = 60.0, proc: subprocess.Popen[bytes] | None = None) -> None:
    """Wait until ``url`` answers 200, or fail (early, if ``proc`` exits)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"server exited with code {proc.returncode} before answering {url}")
        try:
            with urllib.request.urlopen(url, timeout=5) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.25)
    raise RuntimeError(f"{url} did not answer within {timeout:.0f} s")


@dataclass
class Server:
    """A server process started by a fixture."""

    proc: subprocess.Popen[bytes]
    port: int
    log: Path
    prefix: str = "/"
    extra: dict[str, Any] = field(default_factory=dict)

    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self.port}{self.prefix}{path.lstrip('/')}"

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)


def kernel_model(server: Server, kernel_id: str) -> dict[str, Any] | None:
    """Jupyter's model of a kernel (connections, execution_state), or None once it is shut down."""
    import json

    try:
        with urllib.request.urlopen(server.url(f"api/kernels/{kernel_id}"), timeout=30) as r:
            return dict(json.load(r))
    except urllib.error.HTTPError as e:
        assert e.code == 404
        return None


def start_voila(bin_dir: Path, log: Path, cwd: Path = NOTEBOOKS, args: tuple[str, ...] = (),
                environ: dict[str, str] | None = None) -> Server:
    """Run ``voila`` from ``cwd`` (so it reads ``cwd/voila.py``) on a free port, and wait for it (``environ``: more
    variables for it and its kernels)."""
    port = free_port()
    log.parent.mkdir(parents=True, exist_ok=True)
    out = log.open("wb")
    env = {**os.environ, **(environ or {}), "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    proc = subprocess.Popen([str(bin_dir / "voila"), f"--port={port}", *args],
                            cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env=env)
    server = Server(proc, port, log)
    try:
        wait_for_http(server.url("voila/static/voila.js"), proc=proc)
    except Exception:
        server.stop()
        raise
    return server


@pytest.fixture(scope="session")
def voila_server() -> Iterator[Server]:
    """Voilà on ``notebooks/`` with the repo's config, as ``make tutorial`` runs it: its kernels are told where the
    class's table service would be (THIRTYONE_CLASS_URL, a free port kept in ``extra["class_port"]``); nothing
    listens there unless a test starts the service (tests/browser/test_browser_class.py)."""
    class_port = free_port()
    server = start_voila(Path(sys.executable).parent, ARTIFACTS / "voila.log",
                         environ={"THIRTYONE_CLASS_URL": f"http://127.0.0.1:{class_port}/"})
    server.extra["class_port"] = class_port
    try:
        yield server
    finally:
        server.stop()


# -- a real browser -----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Debian chromium under Playwright (skips when chromium is not installed).

    Module-scoped on purpose: while Playwright's sync API runs, its event loop counts as running
    in this thread, so a later test calling ``asyncio.run()`` would fail if it outlived the module.
    """
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


# What a page may log on the console without failing its test: nothing above console.info. A warning
# is a problem a learner's browser reports (the widget manager's "Unsatisfied version" of a shared
# module was one: binder/requirements.txt pins a Voilà whose parts agree), so it fails like an error.
FAILING_CONSOLE = ("error", "warning", "assert")
ALLOWED_WARNINGS: tuple[str, ...] = ()
"""Warnings we cannot control, each argued here (none so far)."""


def console_problem(message: Any) -> str | None:
    """``console.<type>: <text>`` for a Playwright console message that fails a test, else ``None``."""
    if message.type not in FAILING_CONSOLE:
        return None
    if message.type == "warning" and any(allowed in message.text for allowed in ALLOWED_WARNINGS):
        return None
    return f"console.{message.type}: {message.text}"


def watch_console(pg: Any, report: Any) -> None:
    """Call ``report(problem)`` for each console error or warning and each page error of ``pg``."""
    pg.on("console", lambda m: report(p) if (p := console_problem(m)) else None)
    pg.on("pageerror", lambda e: report(f"page error: {e}"))


# -- waiting for a page by what it shows, never by the clock ----------------------------------------
WATCH_READY = "() => !!document.body && document.body.dataset.thirtyoneWatch === 'ready'"
"""The page watch (the template's static/watch.js) found every widget the server sent drawn."""
KERNEL_IDLE = """() => { const m = window.jupyterapp && window.jupyterapp.widgetManager;
  return !!m && !!m.kernel && m.kernel.status === 'idle'; }"""
"""The page's kernel is idle: every update of what it last did has reached the page (iopub sends a
request's updates before its 'idle'). After a click changed one widget (the log), the others (the
status line, the buttons) may still be on their way: wait for this before reading them."""
LAYOUT = """() => { const d = document.documentElement, rc = document.querySelector('#rendered_cells') || d;
  return [d.scrollWidth, d.scrollHeight, rc.scrollHeight, document.querySelectorAll('*').length].join(' '); }"""
"""A signature of the page's layout: its sizes and how many elements it has."""


def wait_for_layout(pg: Any, quiet: float = 0.6, limit: float = 20.0) -> None:
    """Wait until the layout (:data:`LAYOUT`) has not changed for ``quiet`` s (anywidget views and
    resize observers redraw a moment after a change), at most ``limit`` s, and the fonts are loaded.
    On a loaded machine it simply takes longer: it waits for the page, not for a fixed time."""
    deadline = time.monotonic() + limit
    last, since = None, time.monotonic()
    while time.monotonic() < deadline:
        now = pg.evaluate(LAYOUT)
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            break
        pg.wait_for_timeout(100)
    pg.evaluate("document.fonts.ready.then(() => true)")


def settle(pg: Any, timeout: float = 120.0) -> None:
    """Wait until the page watch says every widget is drawn, then until the layout is still."""
    pg.wait_for_function(WATCH_READY, timeout=timeout * 1000, polling=200)
    wait_for_layout(pg)


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh page; console errors and warnings, and page errors, fail the test; a screenshot is kept."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    errors: list[str] = []
    watch_console(pg, errors.append)
    pg.on("response", lambda r: errors.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)
    # a beacon sent while the page unloads (Voilà shutting its kernel down) reports ERR_ABORTED: not a failure
    pg.on("requestfailed", lambda r: errors.append(f"request failed: {r.url} ({r.failure})")
          if "ERR_ABORTED" not in str(r.failure) else None)
    pg.set_default_timeout(30_000)
    try:
        yield pg
        # what the page logged while the test used it; closing the page below tears the widgets down
        # while the kernel may still be sending them messages (bots playing at their pace), and what
        # that logs ("Cannot read properties of null (reading 'processLuminoMessage')") no learner sees
        seen = list(errors)
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        name = re.sub(r"[^\w.-]+", "_", request.node.name)
        try:
            pg.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
        finally:
            context.close()
    assert not seen, "browser console errors:\n" + "\n".join(seen)


# -- property tests: the same examples on every run -----------------------------------------
# A test never depends on luck: hypothesis draws the same examples in every run (make test, make check,
# CI). To hunt for new counterexamples on purpose: HYPOTHESIS_PROFILE=explore .venv/bin/python -m pytest ...
try:
    from hypothesis import settings as _hypothesis_settings

    _hypothesis_settings.register_profile("fixed", derandomize=True, database=None)
    _hypothesis_settings.register_profile("explore", derandomize=False)
    _hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fixed"))
except ImportError:  # pragma: no cover - hypothesis is pinned
    pass


@pytest.fixture(autouse=True)
def _english_after_every_test() -> Iterator[None]:
    """Fail a test that leaves another language switched on (the next test would read Spanish)."""
    from thirtyone import i18n

    yield
    left = i18n.language()
    if left != "en":
        i18n.use("en")
        pytest.fail(f"the test left the language {left!r} switched on (use i18n.using(...))", pytrace=False)


# -- notebooks: the outputs nbval checks live in cell metadata -----------------------------
def pytest_configure(config: pytest.Config) -> None:
    """(make test collects tests/ first, so this runs before nbval reads notebooks/*.ipynb.)
    Notebooks are committed without outputs. A cell marked ``# NBVAL_CHECK_OUTPUT`` keeps the text
    it must print in ``metadata.thirtyone.expected_output`` (written by tools/make_notebooks.py); here
    nbval is handed that text as the cell's stored output, and compares it with a fresh run."""
    try:
        import nbformat
        from nbval.plugin import IPyNbFile
    except ImportError:  # pragma: no cover - nbval is pinned
        return
    if getattr(IPyNbFile.collect, "expects_from_metadata", False):
        return
    collect = IPyNbFile.collect

    def collect_with_expected_outputs(self: Any) -> Any:
        for item in collect(self):
            cell = item.cell
            expected = cell.metadata.get("thirtyone", {}).get("expected_output")
            if expected is not None and not cell.outputs:
                cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=expected)]
                cell.execution_count = 1
            yield item

    collect_with_expected_outputs.expects_from_metadata = True  # type: ignore[attr-defined]
    IPyNbFile.collect = collect_with_expected_outputs
