"""Helpers for the class table service's tests (tests/classroom/, tests/widgets/test_class*.py and
benchmarks/bench_class.py): a clock the test moves, an in-process service on a free 127.0.0.1 port (:func:`serving`,
or :class:`Service` that stops and starts again), the service as its own process (:func:`start_service`), waiting
for a condition (:func:`eventually`), the engine's own state after a table's moves."""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from thirtyone.classroom.client import ClassClient
from thirtyone.classroom.service import ClassService, make_app, open_service
from thirtyone.game import State, new_game
from thirtyone.rules import Rules

ROOT = Path(__file__).resolve().parents[2]


class Clock:
    """A clock that moves only when the test says."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@contextlib.asynccontextmanager
async def serving(db: str, teacher_key: str = "TEACHER", rate: float = 1000.0, burst: float = 1000.0,
                  **timing: float) -> AsyncIterator[tuple[str, ClassService]]:
    """The service over ``db`` on a free port, in this loop: (its WebSocket URL, the service). Bots play at once
    and the pages' rate limit is high (the tests' pages answer faster than anyone clicks), unless told."""
    timing = {"bot_delay": 0.0, "round_pause": 0.0} | timing
    service, store = open_service(db, teacher_key, rate=rate, burst=burst, **timing)
    server = make_app(service).listen(0, "127.0.0.1")
    port = next(iter(server._sockets.values())).getsockname()[1]
    service.schedule()
    try:
        yield f"ws://127.0.0.1:{port}/ws", service
    finally:
        server.stop()
        for sock in list(service.conns):
            sock.close()
        service.pool.shutdown(wait=False, cancel_futures=True)
        store.close()


async def client(url: str) -> ClassClient:
    c = ClassClient(url, backoff=0.05, max_backoff=0.2)
    await c.connect()
    return c


async def until(c: ClassClient, pred: Any, timeout: float = 10.0) -> dict[str, Any]:
    """The first message from ``c`` that ``pred`` accepts (those before it are dropped)."""
    while True:
        m = await c.recv(timeout)
        if pred(m):
            return m


def engine_state(rules: Rules | dict[str, Any] | str, seats: int, seed: int, moves: list[str]) -> State:
    """What the engine makes of a table's record."""
    from thirtyone.classroom.protocol import rules_from_json

    s = new_game(rules if isinstance(rules, Rules) else rules_from_json(rules), seats, seed=seed)
    for m in moves:
        s = s.apply(m)
    return s


def db_path(tmp: Any) -> str:
    return os.path.join(str(tmp), "class.sqlite3")


def choose(view: dict[str, Any], n: int, seat: int) -> str:
    """A learner's move that depends only on what their page shows (so a replayed game is the same game)."""
    legal = view["legal"]
    return str(legal[(n * 7 + seat * 3) % len(legal)])


async def seat_table(url: str, seats: int, humans: list[int], rules: Any = "scat", seed: int = 1,
                     level: str = "beginner") -> tuple[str, dict[int, ClassClient]]:
    """A table whose learners sit in ``humans`` (the first creates it), bots in the other seats, started."""
    clients = {seat: await client(url) for seat in humans}
    first = clients[humans[0]]
    await first.send({"op": "create", "rules": rules, "seats": seats, "name": "P0", "seat": humans[0], "seed": seed,
                      "level": level})
    code = (await until(first, lambda m: m["op"] == "created"))["code"]
    for seat in humans[1:]:
        await clients[seat].send({"op": "join", "code": code, "name": f"P{seat}", "seat": seat})
        await until(clients[seat], lambda m: m["op"] == "joined")
    assert first.ticket is not None
    await first.send({"op": "start", "code": code, "token": first.ticket["token"]})
    return code, clients


async def drive(c: ClassClient, log: list[dict[str, Any]], timeout: float = 20.0) -> None:
    """Play this page's seat to the end of the game, keeping every message it receives in ``log``."""
    while True:
        m = await c.recv(timeout)
        log.append(m)
        if m["op"] != "table":
            continue
        if m["status"] == "over":
            return
        v = m["view"]
        if v is not None and v["legal"] and not m["paused"] and c.ticket is not None:
            await c.send({"op": "move", "code": m["code"], "token": c.ticket["token"], "n": m["n"],
                          "action": choose(v, m["n"], m["seat"])})


class Service:
    """The class's table service on a loopback port, over a database file; :meth:`stop` and :meth:`start` again
    (the same port and file) stand for a service killed and started anew."""

    def __init__(self, db: Path, port: int | None = None, away_seconds: float = 60.0) -> None:
        self.db, self.port, self.away_seconds = db, port, away_seconds
        self.server: Any = None
        self.service: Any = None
        self.store: Any = None

    def start(self) -> Service:
        from tornado.httpserver import HTTPServer
        from tornado.netutil import bind_sockets

        self.service, self.store = open_service(str(self.db), "teacher", bot_delay=0.0, round_pause=30.0,
                                                away_seconds=self.away_seconds)
        sockets = bind_sockets(self.port or 0, "127.0.0.1")
        self.port = sockets[0].getsockname()[1]
        self.server = HTTPServer(make_app(self.service))
        self.server.add_sockets(sockets)
        self.service.schedule()
        return self

    def stop(self) -> None:
        """The service gone at once: no new connection, every open one cut, its file closed."""
        self.server.stop()
        self.service.schedule = lambda: None  # a socket closing below must not set the timer again
        for timer in (self.service.timer, self.service.teacher_timer):
            if timer is not None:
                timer.cancel()
        for sock in list(self.service.conns):
            sock.close()
        self.store.close()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"


async def eventually(what: Callable[[], Any], timeout: float = 30.0) -> None:
    """Wait (letting the loop run) until ``what()`` is true."""
    deadline = time.monotonic() + timeout
    while not what():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout} s in vain")
        await asyncio.sleep(0.01)


def run(test: Callable[[], Awaitable[None]]) -> None:
    """A test's coroutine to its end (two minutes at the most)."""
    asyncio.run(asyncio.wait_for(test(), 120))


def start_service(db: str, port: int, options: Sequence[str], prefix: Sequence[str] = (),
                  timeout: float = 15.0) -> subprocess.Popen[bytes]:
    """The service as its own process (``python -m thirtyone.classroom``, teacher key ``T``, ``options`` after,
    ``prefix`` before, e.g. ``taskset``) over ``db`` on ``port``, once it answers ``/health``."""
    cmd = [*prefix, sys.executable, "-m", "thirtyone.classroom", "--port", str(port), "--db", db,
           "--teacher-key", "T", *options]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=os.environ | {"PYTHONPATH": str(ROOT)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1):
                return proc
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                raise RuntimeError("the service did not start") from None
            time.sleep(0.05)
