"""The class table service over Tornado: one WebSocket (``{base_url}ws``) and a health check (``{base_url}health``).

Tornado is already here (Voilà and Jupyter Server run on it): one event loop, one process, WebSockets without
another dependency; JupyterHub's own services are Tornado apps too. The logic is :mod:`.tables`; this module only
reads messages (:func:`.protocol.parse`, the size and rate limits), hands them to the :class:`~.tables.Hall`,
and sends each page at a changed table its own ``table`` message. A move is committed to the SQLite
:class:`~.store.Store` inside :meth:`Hall.handle <thirtyone.classroom.tables.Hall.handle>`, before anything is
sent. Bots, away learners and the next deal run on a timer set to the earliest table's due time.

On a JupyterHub (``JUPYTERHUB_API_TOKEN`` and ``JUPYTERHUB_SERVICE_PREFIX`` set, as the hub sets them for a
managed service) every WebSocket handshake must carry a hub token (``Authorization: token ...`` or ``?token=``):
:class:`jupyterhub.services.auth.HubAuth` asks the hub whose it is (``GET /hub/api/user`` with that token: the
service's own token needs no role for it), and that learner's hub name is their name at the table. A handshake with
no token, a token the hub does not know, or a service's token is refused with HTTP 403 and the status line
``403 not-signed-in``. jupyterhub is imported only then (``tools/hub_check.py`` runs it all on a real hub).
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import os
import random
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from tornado import web, websocket

from .protocol import BURST, MAX_MESSAGE, RATE, Reason, Refusal, TokenBucket, dumps, parse
from .store import Store
from .tables import Conn, Hall, judge_knock

__all__ = ["ClassService", "make_app", "hub_auth"]

log = logging.getLogger("thirtyone.classroom")

TEACHER_EVERY = 0.5
"""Seconds between two ``teacher`` messages to one teacher (at most)."""


def hub_auth() -> Any | None:
    """JupyterHub's ``HubAuth`` when this process runs as a hub-managed service, else ``None``."""
    if not (os.environ.get("JUPYTERHUB_API_TOKEN") and os.environ.get("JUPYTERHUB_SERVICE_PREFIX")):
        return None
    from jupyterhub.services.auth import HubAuth  # only on a hub

    return HubAuth(cache_max_age=60)


class ClassService:
    """The connections and the hall: who is at which table, what to send when a table changes."""

    def __init__(self, hall: Hall, auth: Any | None = None, clock: Callable[[], float] = time.monotonic,
                 rate: float = RATE, burst: float = BURST) -> None:
        self.hall = hall
        self.rate, self.burst = rate, burst
        self.auth = auth
        self.clock = clock
        self.conns: dict[TableSocket, Conn] = {}
        self.buckets: dict[TableSocket, TokenBucket] = {}
        self.timer: asyncio.TimerHandle | None = None
        self.teacher_timer: asyncio.TimerHandle | None = None
        self.judging = False
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="coach")

    # -- connections ---------------------------------------------------------------------------------------
    def opened(self, sock: TableSocket, user: str | None) -> None:
        self.conns[sock] = Conn(user=user)
        self.buckets[sock] = TokenBucket(self.rate, self.burst, self.clock())

    def closed(self, sock: TableSocket) -> None:
        conn = self.conns.pop(sock, None)
        self.buckets.pop(sock, None)
        if conn is not None:
            code = self.hall.release(conn)
            if code is not None:
                self.changed({code})

    def received(self, sock: TableSocket, raw: str | bytes) -> None:
        conn = self.conns.get(sock)
        if conn is None:
            return
        op, ref = None, None
        try:
            wait = self.buckets[sock].take(self.clock())
            if wait:
                raise Refusal(Reason.TOO_FAST, retry=round(wait, 3))
            msg = parse(raw)
            op, ref = msg["op"], msg.get("ref")
            replies, changed = self.hall.handle(conn, msg)
        except Refusal as r:
            sock.send(r.message(op, ref))
            return
        for reply in replies:
            if ref is not None:
                reply["ref"] = ref
            sock.send(reply)
        if op == "watch":
            self.judge()
        self.changed(changed)

    # -- what changed goes out -----------------------------------------------------------------------------
    def changed(self, codes: set[str]) -> None:
        if codes:
            by_seat: dict[tuple[str, int], str] = {}
            for sock, conn in list(self.conns.items()):
                if conn.code in codes and conn.seat is not None:
                    key = (conn.code, conn.seat)
                    text = by_seat.get(key)
                    if text is None:
                        text = by_seat[key] = dumps(self.hall.tables[conn.code].message(conn.seat))
                    sock.send_text(text)
            if any(c.watching is not None for c in self.conns.values()):
                self.teachers_later()
        self.schedule()

    def schedule(self) -> None:
        """Set the timer for the earliest due bot move, away learner or deal."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        due = self.hall.due_at()
        if due is not None:
            loop = asyncio.get_event_loop()
            self.timer = loop.call_later(max(0.0, due - self.clock()), self.tick)

    def tick(self) -> None:
        self.timer = None
        try:
            changed = self.hall.step()
        except Refusal as r:  # a bot's move the table refused: log it, the table waits for the next tick
            log.warning("a bot's move was refused: %s", r.reason)
            changed = set()
        self.changed(changed)
        if self.timer is None:
            self.schedule()

    # -- the teacher ---------------------------------------------------------------------------------------
    def teachers_later(self) -> None:
        if self.teacher_timer is None:
            self.teacher_timer = asyncio.get_event_loop().call_later(TEACHER_EVERY, self.teachers_now)

    def teachers_now(self) -> None:
        self.teacher_timer = None
        for sock, conn in list(self.conns.items()):
            if conn.watching is not None:
                if "*" in conn.watching:
                    conn.watching |= set(self.hall.tables)
                sock.send(self.hall.teacher_message(conn))
        self.judge()

    def judge(self) -> None:
        """The coach's verdict on each knock the teachers are shown, one at a time in a worker thread."""
        if self.judging:
            return
        watched: set[str] = set()
        for conn in self.conns.values():
            if conn.watching is not None:
                watched |= set(self.hall.tables) if "*" in conn.watching else conn.watching
        for code in sorted(watched):
            table = self.hall.tables.get(code)
            pending = table.pending_knocks() if table is not None else []
            if pending:
                entry, before, seat = pending[0]
                self.judging = True
                future = asyncio.get_event_loop().run_in_executor(self.pool, judge_knock, before, seat)
                future.add_done_callback(functools.partial(self._judged, entry))
                return

    def _judged(self, entry: dict[str, Any], future: Any) -> None:
        self.judging = False
        try:
            entry.update(future.result())
        except Exception:  # noqa: BLE001 - a verdict that failed is shown as none, the tables go on
            log.exception("the coach could not judge a knock")
            entry["verdict"] = ""
        self.teachers_later()


class TableSocket(websocket.WebSocketHandler):
    """One page's connection."""

    service: ClassService
    user: str | None = None

    def initialize(self, service: ClassService) -> None:
        self.service = service

    def check_origin(self, origin: str) -> bool:
        return True  # pages on Voilà's port and kernels connect; a seat needs its token, the teacher the key

    async def prepare(self) -> None:
        auth = self.service.auth
        if auth is not None:
            token = auth.get_token(self, in_cookie=False)
            model = await auth.user_for_token(token, sync=False) if token else None
            # the hub answers for any of its tokens, a service's too (kind "service"): only a user is a learner
            if not model or model.get("kind", "user") != "user":
                # the reason is the status line's phrase (a WebSocket handshake has no JSON to refuse with)
                raise web.HTTPError(403, reason=Reason.NOT_SIGNED_IN.value)
            self.user = str(model["name"])

    def open(self, *args: Any, **kwargs: Any) -> None:
        self.set_nodelay(True)
        self.service.opened(self, self.user)

    def on_message(self, message: str | bytes) -> None:
        self.service.received(self, message)

    def on_close(self) -> None:
        self.service.closed(self)

    def send(self, msg: dict[str, Any]) -> None:
        self.send_text(dumps(msg))

    def send_text(self, text: str) -> None:
        try:
            self.write_message(text)
        except websocket.WebSocketClosedError:
            pass


class Health(web.RequestHandler):
    def initialize(self, service: ClassService) -> None:
        self.service = service

    def get(self) -> None:
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"ok": True, "tables": len(self.service.hall.tables),
                                "connections": len(self.service.conns)}))


def make_app(service: ClassService, base_url: str = "/") -> web.Application:
    base = "/" + base_url.strip("/") + "/" if base_url.strip("/") else "/"
    return web.Application([(base + "ws", TableSocket, {"service": service}),
                            (base + "health", Health, {"service": service})],
                           websocket_max_message_size=16 * MAX_MESSAGE, websocket_ping_interval=20)


def open_service(db: str, teacher_key: str | None = None, synchronous: str = "FULL",
                 clock: Callable[[], float] = time.monotonic, rate: float = RATE, burst: float = BURST,
                 seed: int | None = None, **timing: float) -> tuple[ClassService, Store]:
    """The service over the database at ``db``, every table in it rebuilt. ``seed``: the new tables' codes and deals
    drawn from a generator seeded so (for tests and demonstrations; by default from the system's randomness). The
    seat tokens and keys are always the system's secrets."""
    store = Store(db, synchronous)
    hall = Hall(store, teacher_key, clock, None if seed is None else random.Random(seed), timing=timing)
    store.load(hall)
    if store.dropped:
        log.warning("%d move(s) that did not fit their table's record were dropped", store.dropped)
    if store.salvaged:
        log.warning("the database could not be read; it was moved to %s and what could be read copied back",
                    store.salvaged)
    return ClassService(hall, hub_auth(), clock, rate, burst), store
