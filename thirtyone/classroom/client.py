"""A client of the class table service: what lesson 6's "Play with others" page (in its Voilà kernel), the
benchmark and the tests use. It imports only Tornado (already in every kernel), so the page can import it.

::

    client = ClassClient("ws://127.0.0.1:8867/ws")
    await client.connect()
    await client.send({"op": "join", "code": "KX7PA", "name": "Ana", "seat": 1})
    async for msg in client:          # every server message, in order (see .protocol)
        ...

It keeps its seat: the ``created``/``joined`` answers' seat token is remembered (or given with :meth:`remember`,
from the browser), and whenever the connection is lost it reconnects by itself (waiting 0.25 s, then twice as
long each time, at most 8 s) and sends ``resume`` (and ``watch`` again for a teacher). It then yields
``{"op": "connection", "state": "lost"}`` and ``{"op": "connection", "state": "back"}`` (the only messages the
client makes itself), so the page can say so. Works in any asyncio loop, a Jupyter kernel's too.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Mapping
from typing import Any

from tornado import httpclient, websocket

__all__ = ["ClassClient"]


class ClassClient:
    """One connection to the service that comes back by itself."""

    def __init__(self, url: str, headers: Mapping[str, str] | None = None, backoff: float = 0.25,
                 max_backoff: float = 8.0, connect_timeout: float = 10.0) -> None:
        self.url = url
        self.headers = dict(headers or {})
        self.backoff, self.max_backoff, self.connect_timeout = backoff, max_backoff, connect_timeout
        self.ticket: dict[str, Any] | None = None
        """``{"code", "seat", "token"}`` of the seat held (what ``resume`` sends)."""
        self.teacher_key: str | None = None
        self.messages: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.reconnects = 0
        self._ws: websocket.WebSocketClientConnection | None = None
        self._up = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._closed = False
        self._rng = random.Random()

    def remember(self, code: str, seat: int, token: str) -> None:
        """The seat to resume (a token the browser kept); sent now if connected, and after every reconnect."""
        self.ticket = {"code": code, "seat": seat, "token": token}

    async def connect(self) -> None:
        """Connect (raises ``OSError`` / ``HTTPClientError`` if the first try fails), then keep connected."""
        self._ws = await self._open()
        self._up.set()
        if self.ticket is not None:
            await self._write({"op": "resume", **self.ticket})
        self._task = asyncio.ensure_future(self._run())

    async def _open(self) -> websocket.WebSocketClientConnection:
        request = httpclient.HTTPRequest(self.url, headers=self.headers, connect_timeout=self.connect_timeout,
                                         request_timeout=self.connect_timeout)
        return await websocket.websocket_connect(request)

    async def _run(self) -> None:
        wait = self.backoff
        while not self._closed:
            ws = self._ws
            if ws is not None:
                while True:
                    raw = await ws.read_message()
                    if raw is None:
                        break
                    msg = json.loads(raw)
                    self._note(msg)
                    self.messages.put_nowait(msg)
                self._up.clear()
                self._ws = None
                if self._closed:
                    break
                self.messages.put_nowait({"op": "connection", "state": "lost"})
            await asyncio.sleep(wait * (0.75 + 0.5 * self._rng.random()))
            try:
                self._ws = await self._open()
            except (OSError, httpclient.HTTPClientError, asyncio.TimeoutError):
                wait = min(self.max_backoff, wait * 2)
                continue
            wait = self.backoff
            self.reconnects += 1
            self._up.set()
            if self.ticket is not None:
                await self._write({"op": "resume", **self.ticket})
            if self.teacher_key is not None:
                await self._write({"op": "watch", "key": self.teacher_key})
            self.messages.put_nowait({"op": "connection", "state": "back"})

    def _note(self, msg: dict[str, Any]) -> None:
        if msg.get("op") in ("created", "joined"):
            self.ticket = {"code": msg["code"], "seat": msg["seat"], "token": msg["token"]}

    async def _write(self, msg: Mapping[str, Any]) -> None:
        ws = self._ws
        if ws is None:
            raise websocket.WebSocketClosedError()
        await ws.write_message(json.dumps(msg))

    async def send(self, msg: Mapping[str, Any], timeout: float = 30.0) -> None:
        """Send one message, waiting (up to ``timeout``) while the connection is being made again."""
        if msg.get("op") == "watch":
            self.teacher_key = str(msg.get("key"))
        if msg.get("op") == "resume":
            self.ticket = {"code": msg["code"], "seat": msg["seat"], "token": msg["token"]}
        while True:
            await asyncio.wait_for(self._up.wait(), timeout)
            try:
                await self._write(msg)
                return
            except websocket.WebSocketClosedError:
                self._up.clear()
                await asyncio.sleep(0.05)

    async def send_raw(self, text: str | bytes) -> None:
        """Send bytes as they are (the tests' malformed and oversized messages)."""
        await asyncio.wait_for(self._up.wait(), 30.0)
        ws = self._ws
        if ws is None:
            raise websocket.WebSocketClosedError()
        await ws.write_message(text, binary=isinstance(text, bytes))

    async def recv(self, timeout: float | None = None) -> dict[str, Any]:
        """The next message (``asyncio.TimeoutError`` after ``timeout`` seconds)."""
        return await asyncio.wait_for(self.messages.get(), timeout)

    def __aiter__(self) -> ClassClient:
        return self

    async def __anext__(self) -> dict[str, Any]:
        if self._closed and self.messages.empty():
            raise StopAsyncIteration
        return await self.messages.get()

    async def close(self) -> None:
        self._closed = True
        if self._ws is not None:
            self._ws.close()
        await cancelled(self._task)


async def cancelled(task: asyncio.Future[Any] | None) -> None:
    """Cancel ``task`` (``None``: nothing to do) and wait until it has ended, whatever it raised (closing)."""
    if task is None:
        return
    task.cancel()
    try:
        await task
    except (asyncio.CancelledError, Exception):  # noqa: BLE001 - closing
        pass
