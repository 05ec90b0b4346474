"""The server's settings (thirtyone/server.py, which notebooks/voila.py loads) as a classroom meets them.

* Kernels end with their visitors: a page's kernel that never gets a browser (a plain GET: a link
  preview, a crawler) or loses it is shut down after ``VisitorKernelManager.unconnected_timeout``
  (90 s in voila.py; a few seconds here, set on the command line); a page with its browser keeps its
  kernel; kernels waiting in the preheat pools stay.
* Odd addresses never answer 5xx, and no file outside notebooks/ is served.
* A page whose kernel dies as it starts ends at once (its watch then reloads it), never left open.
* ``make tutorial`` prints the URL of the course's index in each language (English, then each other language on disk) once the
  server answers them; Ctrl-C stops the server and its kernels.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest
from conftest import ARTIFACTS, ROOT, Server, free_port, kernel_model, start_voila
from helpers.browser import generator, page_title
from helpers.languages import page_languages

# every test here starts a real Voilà server (or `make tutorial`) and waits for kernels: ~50 s in all
pytestmark = [pytest.mark.slow, pytest.mark.server]

UNCONNECTED = 10
"""Seconds a page's kernel may go without a browser, in these tests (voila.py says 90)."""
INTERVAL = 1
"""Seconds between two passes of the culler, in these tests (voila.py says 15)."""
GONE_WITHIN = UNCONNECTED + 2 * INTERVAL + 25
"""A kernel left without a browser must be gone by then (margin: a busy 2-core machine)."""
LESSON_1 = "voila/render/01-scoring.ipynb"
GLOSSARY = "voila/render/glossary.ipynb"
INDEX = "voila/render/index.ipynb"
PRELOADED = {"index.ipynb", "01-scoring.ipynb", "02-scat.ipynb", "03-schwimmen.ipynb", "04-variants.ipynb",
             "05-knock-timing.ipynb", "06-play.ipynb", "es/index.ipynb", "de/index.ipynb"}
"""The pages voila.py preheats from the start, one kernel each, without THIRTYONE_CLASS_SIZE (the other
languages' lessons get theirs when a page in that language is visited)."""


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    """Voilà as ``make tutorial`` runs it, with the culler's times made short."""
    srv = start_voila(Path(sys.executable).parent, ARTIFACTS / "voila-serve.log",
                      args=(f"--MappingKernelManager.cull_interval={INTERVAL}",
                            f"--VisitorKernelManager.unconnected_timeout={UNCONNECTED}"))
    try:
        wait_until_idle(srv)
        yield srv
    finally:
        srv.stop()


def kernel_processes(server: Server) -> dict[str, psutil.Process]:
    """The server's kernels by id (read from each kernel's connection file name)."""
    found = {}
    for p in psutil.Process(server.proc.pid).children(recursive=True):
        try:
            m = re.search(r"kernel-([0-9a-f-]{36})\.json", " ".join(p.cmdline()))
        except psutil.Error:
            continue
        if m:
            found[m.group(1)] = p
    return found


def wait_until_idle(server: Server, limit: float = 240.0) -> None:
    """Until every pool is full and has run its notebook: the server and its kernels idle for 2 s."""
    def cpu() -> float:
        root = psutil.Process(server.proc.pid)
        total = 0.0
        for p in [root, *root.children(recursive=True)]:
            try:
                total += sum(p.cpu_times()[:2])
            except psutil.Error:
                pass
        return total

    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        before = cpu()
        time.sleep(2)
        if len(kernel_processes(server)) >= len(PRELOADED) and (cpu() - before) / 2 < 0.05:
            return
    raise AssertionError(f"the server was still starting its kernels after {limit:.0f} s")


KERNEL_SHUTDOWN_RACE = re.compile(
    r"(?:ERROR:tornado\.general:Uncaught exception in ZMQStream callback|\[IPKernelApp\] ERROR \| Exception in message handler:)\n"
    r"Traceback \(most recent call last\):\n(?:(?:  |\s{4}).*\n)*?zmq\.error\.ZMQError: Socket operation on non-socket\n")
"""A kernel's own last words as it is shut down (it writes to the server's log): ipykernel 7.4, handling the
shutdown request on its control channel, flushes stderr after its output thread's pipe has closed (or answers a
request on a socket its shutdown closed). It is the kernel process ending, not the server failing (the kernel is gone
either way), and it comes at random."""


def server_log(server: Server) -> str:
    """The server's log without the kernels' shutdown race (:data:`KERNEL_SHUTDOWN_RACE`, only where its traceback
    runs through ipykernel's control channel)."""
    log = server.log.read_text(errors="replace")
    return KERNEL_SHUTDOWN_RACE.sub(lambda m: "" if "ipykernel/kernelbase.py" in m.group(0) else m.group(0), log)


def kernel_of(html: str) -> str:
    m = re.search(r'"kernelId": "([0-9a-f-]{36})"', html)
    assert m, "the page names no kernel"
    return m.group(1)


def plain_get(server: Server, path: str) -> str:
    """What a link preview does: GET the page, read it, never run its scripts. Returns the page's kernel."""
    with urllib.request.urlopen(server.url(path), timeout=120) as r:
        assert r.status == 200
        return kernel_of(r.read().decode("utf-8"))


def wait_gone(server: Server, kernel_id: str, within: float = GONE_WITHIN) -> float:
    """Seconds until the kernel is shut down (its process gone too); fails after ``within``."""
    start = time.monotonic()
    while time.monotonic() - start < within:
        if kernel_model(server, kernel_id) is None and kernel_id not in kernel_processes(server):
            return time.monotonic() - start
        time.sleep(0.5)
    raise AssertionError(f"kernel {kernel_id} still runs {within:.0f} s after its visitor left: "
                         f"{kernel_model(server, kernel_id)}")


def test_the_kernels_talk_to_the_server_over_unix_sockets_not_tcp(server: Server) -> None:
    """Over TCP a kernel binds ports the server picked free a moment before; with some 20 kernels starting at once
    another process took one ("ZMQError: Address already in use"), the kernel died and its page never ended."""
    kernels = kernel_processes(server)
    assert kernels
    for kernel_id, process in kernels.items():
        found = re.search(rf"\S*kernel-{kernel_id}\.json", " ".join(process.cmdline()))
        assert found, f"kernel {kernel_id} names no connection file"
        connection = json.loads(Path(found.group(0)).read_text())
        assert connection["transport"] == "ipc", f"kernel {kernel_id} listens on {connection['transport']}"
        for channel in ("shell_port", "iopub_port", "stdin_port", "control_port", "hb_port"):
            assert Path(f"{connection['ip']}-{connection[channel]}").is_socket()
    assert "running over TCP" not in server_log(server)


def test_a_plain_get_leaves_no_kernel_behind_and_the_pools_stay(server: Server) -> None:
    pooled = dict(kernel_processes(server))
    assert len(pooled) == len(PRELOADED)  # one per preheated page, nothing else yet
    lesson = plain_get(server, LESSON_1)  # a preheated page: the GET takes the pool's kernel
    model = kernel_model(server, lesson)  # never connected (or, on a slow machine, already shut down)
    assert model is None or model["connections"] == 0
    glossary = plain_get(server, GLOSSARY)  # not preheated: the GET starts a kernel
    assert lesson in pooled and glossary not in pooled
    wait_gone(server, lesson)
    wait_gone(server, glossary)
    # the other pools' kernels are older than the timeout and still there, and lesson 1's pool is full again
    now = kernel_processes(server)
    assert set(pooled) - {lesson} <= set(now)
    assert len(now) == len(PRELOADED)
    assert all(kernel_model(server, k) is not None for k in set(pooled) - {lesson})


def test_a_kernel_whose_browser_goes_away_is_shut_down(server: Server) -> None:
    """A page's connection lost without Voilà's goodbye (a laptop closed, a network gone)."""
    import websocket

    kernel = plain_get(server, INDEX)
    ws = websocket.create_connection(
        f"ws://127.0.0.1:{server.port}/api/kernels/{kernel}/channels?session_id=test-serve", timeout=30)
    try:
        model = kernel_model(server, kernel)
        assert model is not None and model["connections"] == 1
        time.sleep(UNCONNECTED + 3 * INTERVAL + 1)  # longer than the timeout: connected, it stays
        model = kernel_model(server, kernel)
        assert model is not None and model["connections"] == 1
    finally:
        ws.close()
    took = wait_gone(server, kernel)
    assert took >= UNCONNECTED - 1  # counted from the disconnect, not from the page's visit


@pytest.mark.browser
def test_a_page_with_its_browser_keeps_its_kernel(server: Server, page: Any) -> None:
    page.goto(server.url(LESSON_1))
    card = '.to-sandbox .to-picker button[data-card="K♥"]'
    page.wait_for_selector(card, state="visible", timeout=60_000)
    kernel = kernel_of(page.content())
    left = plain_get(server, LESSON_1)  # a second visit, never connected: culled meanwhile
    wait_gone(server, left)
    time.sleep(UNCONNECTED + 2 * INTERVAL)
    model = kernel_model(server, kernel)
    assert model is not None and model["connections"] >= 1
    score = page.locator(".to-sandbox .to-score-view .to-score")
    before = score.inner_text()
    page.click(card)  # and it still answers
    page.wait_for_function(
        "([sel, old]) => document.querySelector(sel).innerText !== old",
        arg=[".to-sandbox .to-score-view .to-score", before])


# -- odd addresses --------------------------------------------------------------------------------------
ODD = [
    ("GET", "/logout"), ("POST", "/logout"), ("GET", "/login"), ("POST", "/login"),
    ("GET", "/voila/templates/../voila.py"), ("GET", "/voila/templates/..%2fvoila.py"),
    ("GET", "/voila/templates/x"), ("GET", "/voila/templates/"), ("GET", "/voila/templates/thirtyone/"),
    ("GET", "/voila/templates/thirtyone/static/"), ("GET", "/voila/templates/thirtyone/static/../../../../voila.py"),
    ("GET", "/voila/templates/thirtyone/static/../../../../../../../../etc/passwd"),
    ("GET", "/voila/templates/thirtyone/static/a/../../../voila.py"), ("GET", "/voila/templates//etc/passwd"),
    ("GET", "/voila/templates/thirtyone/static/%00"), ("GET", "/voila/static/../voila.py"),
    ("GET", "/voila/static/..%2f..%2f..%2fMakefile"), ("GET", "/voila/static//etc/passwd"), ("GET", "/voila/static/%00"),
    ("GET", "/voila/files/voila.py"), ("GET", "/voila/files/../README.md"), ("GET", "/voila/files/%2e%2e/Makefile"),
    ("GET", "/voila/files//etc/passwd"), ("GET", "/voila/files/index.ipynb"), ("GET", "/voila/files/%00.png"),
    ("GET", "/voila/files/"), ("PUT", "/voila/files/x.png"),
    ("GET", "/voila/render/../README.md"), ("GET", "/voila/render/%2e%2e/README.md"), ("GET", "/voila/render/voila.py"),
    ("GET", "/voila/render//etc/passwd"), ("GET", "/voila/render/nope.ipynb"), ("GET", "/voila/render/%00"),
    ("GET", "/voila/render/"), ("GET", "/voila/render/.ipynb_checkpoints"), ("POST", "/voila/render/index.ipynb"),
    ("HEAD", "/voila/render/index.ipynb"), ("GET", "/voila/render/index.ipynb?template=../../../etc"),
    ("GET", "/voila/render/index.ipynb?theme=../x"), ("GET", "/voila/tree/.."), ("GET", "/voila/tree/%00"),
    ("GET", "/voila"), ("GET", "/voila/api/themes/x"), ("GET", "/voila/api/themes/../../voila.py"),
    ("GET", "/voila/api/themes/%00"), ("GET", "/voila/labextensions/../voila.py"), ("GET", "/voila/labextensions/%00"),
    ("GET", "/voila/api/shutdown/x"), ("POST", "/voila/api/shutdown/12345678-1234-1234-1234-123456789012"),
    ("GET", "/api/kernels"), ("GET", "/api/kernels/%00"), ("GET", "/api/kernels/12345678-1234-1234-1234-123456789012"),
    ("DELETE", "/api/kernels/12345678-1234-1234-1234-123456789012"),
    ("GET", "/api/kernels/12345678-1234-1234-1234-123456789012/channels"),
    ("GET", "/voila/query/12345678-1234-1234-1234-123456789012"), ("GET", "/favicon.ico"), ("GET", "/static/favicon.ico"),
    ("GET", "/..%2fMakefile"), ("GET", "/%2e%2e/README.md"),
]
"""Addresses a crawler, a typo or a probe sends (the ?template= and ?theme= ones answered 500 before)."""

OUTSIDE = {  # a line of each file a response must never contain
    "notebooks/voila.py": "get_config()",
    "README.md": "## How it fits together",
    "Makefile": ".PHONY:",
    "pyproject.toml": "[build-system]",
    "/etc/passwd": "root:x:0:0",
}


def test_odd_addresses_never_answer_5xx_nor_a_file_outside_the_notebooks(server: Server) -> None:
    for path, line in OUTSIDE.items():
        assert line in (Path(path) if path.startswith("/") else ROOT / path).read_text()
    bad = []
    for method, path in ODD:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
        try:
            conn.request(method, path)  # sent as written: no client-side clean-up of "..", "%2e" or "//"
            r = conn.getresponse()
            body = r.read().decode("utf-8", "replace")
            location = r.getheader("Location") or ""
        finally:
            conn.close()
        if r.status >= 500:
            bad.append(f"{method} {path}: {r.status}")
        leaked = [name for name, line in OUTSIDE.items() if line in body]
        if leaked:
            bad.append(f"{method} {path}: served {', '.join(leaked)}")
        if location and not location.startswith(("/", f"http://127.0.0.1:{server.port}/")):
            bad.append(f"{method} {path}: redirected off the server to {location}")
    assert not bad, "\n".join(bad)
    log = server_log(server)
    assert "Uncaught exception" not in log and "Traceback" not in log, "the server logged an uncaught exception"


def test_a_visit_in_spanish_preheats_the_spanish_lessons(server: Server) -> None:
    """Only the English pages had pools: a Spanish class waited for a cold kernel on every page."""
    before = set(kernel_processes(server))
    index = plain_get(server, "voila/render/es/index.ipynb")
    assert index in before  # the Spanish index's own pool
    deadline = time.monotonic() + 240
    while len(set(kernel_processes(server)) - {index}) < len(PRELOADED) + 6:  # Spanish lessons 1-6, pooled
        assert time.monotonic() < deadline, "the Spanish lessons got no pools after a Spanish page was visited"
        time.sleep(1)
    ready = set(kernel_processes(server))
    lesson = plain_get(server, "voila/render/es/02-scat.ipynb")
    assert lesson in ready, "the Spanish lesson 2 started a cold kernel"
    log = server_log(server)
    assert "Traceback" not in log and "Culling '" not in log, "the server culled a kernel or logged a traceback"


def test_a_page_whose_kernel_dies_as_it_starts_ends_at_once(tmp_path: Path) -> None:
    """A kernel that died before running its page's notebook ("Kernel died before replying to kernel_info": in CI
    a TCP port was taken as some 20 kernels started) left its page open for ever, Voilà sending a heartbeat every
    10 s. The page ends, cut short (its watch sees that and reloads it: test_browser_serve.py's
    test_a_page_cut_short_is_retried), and the server says why in one line. A kernel that exits at once is such a
    kernel, every time."""
    from concurrent.futures import ThreadPoolExecutor

    spec = tmp_path / "kernels" / "dies"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-c", "raise SystemExit(3)", "-f", "{connection_file}"],
        "display_name": "dies", "language": "python"}))
    pages = tmp_path / "pages"
    pages.mkdir()
    shutil.copy(ROOT / "notebooks" / "voila.py", pages)
    (pages / "dies.ipynb").write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": "c1", "metadata": {}, "outputs": [],
                   "source": "print(1)"}],
        "metadata": {"kernelspec": {"name": "dies", "display_name": "dies", "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5}))
    server = start_voila(Path(sys.executable).parent, ARTIFACTS / "voila-dies.log", cwd=pages,
                         environ={"JUPYTER_PATH": str(tmp_path)})

    def read_page() -> tuple[int, str]:
        with urllib.request.urlopen(server.url("voila/render/dies.ipynb"), timeout=120) as r:
            return r.status, r.read().decode("utf-8", "replace")

    pool = ThreadPoolExecutor(1)
    try:
        start = time.monotonic()
        status, body = pool.submit(read_page).result(timeout=90)  # a page left open: TimeoutError
        took = time.monotonic() - start
    finally:
        server.stop()  # ends a read still waiting
        pool.shutdown()
    assert status == 200 and "thirtyoneWatch" in body
    assert took < 60, f"the page took {took:.0f} s to end"
    log = server_log(server)
    assert "The page dies.ipynb ended early: its kernel failed (RuntimeError: Kernel died" in log
    assert "Traceback" not in log and "Task exception was never retrieved" not in log


# -- make tutorial ----------------------------------------------------------------------------------------
def test_make_tutorial_prints_every_languages_urls_once_it_answers_and_ctrl_c_leaves_nothing_running() -> None:
    port = free_port(span=2)  # the class's table service is served on PORT + 1
    # -o: take the installed virtual environment as it is (never reinstall in a test)
    make = subprocess.Popen(["make", "-s", "-o", ".venv/.installed", "tutorial", f"PORT={port}"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # as from a terminal
    assert make.stdout is not None
    try:
        url, said = None, []
        for line in make.stdout:
            said.append(line)
            m = re.search(r"thirtyone tutorial: (http://\S+)", line)
            if m:
                url = m.group(1)
                break
        assert url == f"http://127.0.0.1:{port}/voila/render/index.ipynb", "".join(said)
        addresses = [(url, page_title("index"))]
        for code, language in generator().LANGUAGES.items():  # each other language with an index, one line each
            if code == "en" or "index" not in generator().pages(code):
                continue
            line = re.fullmatch(rf"\s*{re.escape(language.name)}:\s+(http://\S+)\s*", make.stdout.readline())
            assert line, f"no {language.name} address under the English one"
            assert line.group(1) == f"http://127.0.0.1:{port}/voila/render/{code}/index.ipynb"
            addresses.append((line.group(1), page_title("index", f"{code}/")))
        assert len(addresses) == 1 + len(page_languages())
        for address, heading in addresses:
            with urllib.request.urlopen(address, timeout=120) as r:  # the first click after the URL appears
                assert r.status == 200 and heading in r.read().decode("utf-8"), address
        servers = [p for p in psutil.Process(make.pid).children(recursive=True)
                   if "voila" in p.name() and f"--port={port}" in p.cmdline()]
        assert len(servers) == 1
        started = [servers[0], *servers[0].children(recursive=True)]
        assert any("ipykernel_launcher" in " ".join(p.cmdline()) for p in started)
        tables = [p for p in psutil.Process(make.pid).children(recursive=True)
                  if "thirtyone.classroom" in p.cmdline() and str(port + 1) in p.cmdline()]
        assert len(tables) == 1, "make tutorial did not start the class's table service on PORT + 1"
        with urllib.request.urlopen(f"http://127.0.0.1:{port + 1}/health", timeout=30) as r:
            assert r.status == 200
        started += tables
        os.killpg(make.pid, signal.SIGINT)  # Ctrl-C: the terminal signals the whole foreground group
        make.communicate(timeout=60)
        gone, alive = psutil.wait_procs(started, timeout=30)
        assert not alive, f"left running after Ctrl-C: {[p.cmdline() for p in alive]}"
    finally:
        if make.poll() is None:
            os.killpg(make.pid, signal.SIGTERM)
            make.wait(timeout=30)


def test_make_tutorial_refuses_a_port_in_use() -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        out = subprocess.run(["make", "-s", "-o", ".venv/.installed", "tutorial", f"PORT={port}"], cwd=ROOT,
                             capture_output=True, text=True, timeout=120)
    assert out.returncode != 0
    assert f"cannot serve on 127.0.0.1:{port}" in out.stderr and f"PORT={port + 1}" in out.stderr
