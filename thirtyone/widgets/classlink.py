"""The connection to the class's table service that lesson 6's "Play with others"
(:class:`~thirtyone.widgets.classplay.ClassPlay`) and the teacher's view
(:class:`~thirtyone.widgets.classteacher.TeacherView`) both hold, in one place: :class:`ClassLink`.

Where the service is: :data:`URL_VARIABLE`, or the address given. The page's kernel reaches it over one WebSocket
(:class:`thirtyone.classroom.client.ClassClient`), trying again (:data:`RETRY`) until it answers; the client then
reconnects by itself. The connection line says where things stand in a sentence; each page words its own states
where they differ (:meth:`ClassLink._off_text` and the others), the states both pages share are worded here.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

import ipywidgets as w

from ..i18n import _
from ._html import esc

__all__ = ["ClassLink", "RETRY", "URL_VARIABLE", "service_url", "websocket_url"]

URL_VARIABLE = "THIRTYONE_CLASS_URL"
"""The environment variable that holds the table service's address (``http://127.0.0.1:8867/``)."""
RETRY = (0.25, 0.5, 1.0, 2.0, 3.0)
"""Seconds between two attempts to reach the service (the last one repeats)."""


def service_url(environ: dict[str, str] | None = None) -> str | None:
    """The table service's address from :data:`URL_VARIABLE` (``None``: not configured)."""
    env = os.environ if environ is None else environ
    url = (env.get(URL_VARIABLE) or "").strip()
    return url or None


def websocket_url(url: str) -> str:
    """The service's WebSocket for its address: ``http://host:port/base/`` → ``ws://host:port/base/ws``."""
    if url.startswith("https://"):
        url = "wss://" + url[len("https://"):]
    elif url.startswith("http://"):
        url = "ws://" + url[len("http://"):]
    return url.rstrip("/") + "/ws"


class ClassLink(w.VBox):
    """A page's part that talks to the table service: its address, the connection's lifecycle (connect, lost,
    back), the connection line (:attr:`connection`) and the message line (:attr:`message`, :meth:`_say`).

    A subclass builds its parts, calls ``super().__init__(children)``, then :meth:`_link`; it gives
    :meth:`receive` (one message of the service), :meth:`_draw` (every part; it calls :meth:`_draw_connection`)
    and its own sentences (:meth:`_off_text`, :meth:`_lost_text`, :meth:`_idle_text`, :meth:`_trying_text`), and
    may add to :meth:`_prepare` (the client before it connects) and :meth:`_reached` (once it has)."""

    connection: w.HTML
    message: w.HTML

    def _link(self, url: str | None, headers: dict[str, str] | None) -> None:
        """The service's address (default: :data:`URL_VARIABLE`) and the handshake's headers (default: the hub
        token of the kernel, ``JUPYTERHUB_API_TOKEN``, when there is one); not connected yet."""
        self.url = url if url is not None else service_url()
        token = os.environ.get("JUPYTERHUB_API_TOKEN")
        self.headers = headers if headers is not None else ({"Authorization": f"token {token}"} if token else {})
        self.client: Any = None
        """The :class:`thirtyone.classroom.client.ClassClient` once the service was reached."""
        self.connected = False
        self.ever_connected = False
        self.lost = False
        """The connection was lost and is being made again."""
        self.refused_handshake = False
        """The service refused the connection itself (on a hub: no valid hub token)."""
        self._task: asyncio.Task[None] | None = None
        self._closed = False

    # -- the connection ------------------------------------------------------------------------------------------
    def _begin(self) -> bool:
        """Start reaching the service, unless it is under way or there is none; False also in plain Python without
        an event loop (:meth:`connect` from a coroutine)."""
        if self._task is not None or self.url is None:
            return False
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        self._task = loop.create_task(self._run())
        return True

    async def connect(self) -> None:
        """Start the connection from a coroutine (tests, scripts); a page does it on its own."""
        self._begin()

    async def disconnect(self) -> None:
        """Stop: close the connection to the service, try no more."""
        from ..classroom.client import cancelled

        self._closed = True
        if self.client is not None:
            await self.client.close()
        await cancelled(self._task)
        self._task = None

    async def _run(self) -> None:
        """Reach the service (trying again until it answers), then read its messages; the client
        (:class:`thirtyone.classroom.client.ClassClient`) reconnects by itself and sends ``resume``."""
        from tornado.httpclient import HTTPClientError

        from ..classroom.client import ClassClient

        assert self.url is not None
        client = ClassClient(websocket_url(self.url), headers=self.headers, connect_timeout=5.0)
        self._prepare(client)
        tries = 0
        while not self._closed:
            try:
                await client.connect()
                break
            except asyncio.CancelledError:
                raise
            except HTTPClientError as e:  # the handshake was refused (on a hub: no valid hub token)
                self.refused_handshake = e.code == 403
            except Exception:  # noqa: BLE001 - the service is not there (yet): said on the page, tried again
                pass
            self._draw()
            await asyncio.sleep(RETRY[min(tries, len(RETRY) - 1)])
            tries += 1
        self.client = client
        self.connected = self.ever_connected = True
        self.refused_handshake = False
        self._draw()
        await self._reached(client)
        async for msg in client:
            try:
                self.receive(msg)
            except Exception:
                self.log.exception("Exception in a message of the table service")

    def _prepare(self, client: Any) -> None:
        """The client made, before it first connects."""

    async def _reached(self, client: Any) -> None:
        """The service answered for the first time."""

    def receive(self, msg: dict[str, Any]) -> None:
        """One message of the service."""
        raise NotImplementedError

    # -- drawing ------------------------------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self.message.value = f'<div role="alert"><p>{esc(text)}</p></div>' if text else ""
        self.message.layout.display = None if text else "none"

    def _draw(self) -> None:
        raise NotImplementedError

    def _draw_connection(self) -> None:
        self.connection.value = f'<div role="status"><p>{esc(self._connection_text())}</p></div>'

    def _connection_text(self) -> str:
        if self.url is None:
            return self._off_text()
        if self.connected:
            return _("Connected to the table service.")
        if self.lost:
            return self._lost_text()
        if self.ever_connected:
            return _("The table service does not answer just now: this page keeps trying.")
        if self._task is None:
            return self._idle_text()
        return self._trying_text()

    def _off_text(self) -> str:
        """No service here (no address)."""
        raise NotImplementedError

    def _lost_text(self) -> str:
        """The connection was lost and is being made again."""
        raise NotImplementedError

    def _idle_text(self) -> str:
        """Not trying yet."""
        raise NotImplementedError

    def _trying_text(self) -> str:
        """Trying, never reached yet."""
        raise NotImplementedError
