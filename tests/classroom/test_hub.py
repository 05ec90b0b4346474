"""The hub's side, as far as it can be checked without a hub: binder/class/config.yaml starts the service with a
command line the service reads, on the port the hub's Service and network policy open, its file on the hub's
volume; outside a hub no hub code is imported."""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

from thirtyone.classroom.__main__ import parser
from thirtyone.classroom.service import hub_auth

ROOT = Path(__file__).resolve().parents[2]


def test_the_hub_config_starts_the_service_as_a_managed_service() -> None:
    hub = yaml.safe_load((ROOT / "binder/class/config.yaml").read_text())["hub"]
    service = hub["services"]["class"]
    command = service["command"]
    assert command[:3] == ["python3", "-m", "thirtyone.classroom"]
    args = parser().parse_args(command[3:])
    assert args.db.startswith("/srv/jupyterhub/") and args.host == "0.0.0.0"
    assert service["url"] == f"http://hub:{args.port}"
    assert [p["port"] for p in hub["service"]["extraPorts"]] == [args.port]
    assert hub["networkPolicy"]["ingress"][0]["ports"] == [{"port": args.port}]


def test_the_learners_servers_are_told_where_the_service_is_through_the_proxy() -> None:
    from urllib.parse import urlparse

    from thirtyone.widgets.classlink import URL_VARIABLE

    conf = yaml.safe_load((ROOT / "binder/class/config.yaml").read_text())
    url = urlparse(conf["singleuser"]["extraEnv"][URL_VARIABLE])
    (name,) = conf["hub"]["services"]
    assert url.path == f"/services/{name}/" and url.hostname == "proxy-public"


def test_outside_a_hub_no_hub_code_is_imported(monkeypatch) -> None:
    monkeypatch.delenv("JUPYTERHUB_API_TOKEN", raising=False)
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/services/class/")
    assert hub_auth() is None and "jupyterhub" not in sys.modules
    monkeypatch.setenv("JUPYTERHUB_SERVICE_URL", "http://hub:8867")
    args = parser().parse_args(["--db", "x.sqlite3"])
    assert args.base_url == "/services/class/" and args.port == 8867


def test_under_the_hubs_prefix_the_socket_and_health_are_at_the_prefix(tmp_path) -> None:
    import asyncio
    import json

    from tornado.httpclient import AsyncHTTPClient

    from thirtyone.classroom.client import ClassClient
    from thirtyone.classroom.service import make_app, open_service

    async def run() -> None:
        service, store = open_service(str(tmp_path / "c.sqlite3"), "T")
        server = make_app(service, "/services/class/").listen(0, "127.0.0.1")
        port = next(iter(server._sockets.values())).getsockname()[1]
        try:
            r = await AsyncHTTPClient().fetch(f"http://127.0.0.1:{port}/services/class/health")
            assert json.loads(r.body)["ok"] is True
            c = ClassClient(f"ws://127.0.0.1:{port}/services/class/ws")
            await c.connect()
            await c.send({"op": "ping"})
            assert await c.recv(5) == {"op": "pong"}
            await c.close()
            r = await AsyncHTTPClient().fetch(f"http://127.0.0.1:{port}/health", raise_error=False)
            assert r.code == 404
        finally:
            server.stop()
            store.close()

    asyncio.run(run())


class FakeHubAuth:
    """What the service uses of ``jupyterhub.services.auth.HubAuth``: ``get_token`` (the ``Authorization`` header)
    and ``user_for_token`` (the hub's ``GET /hub/api/user`` answer for that token: a user's model or a service's)."""

    MODELS = {"tok-ana": {"kind": "user", "name": "ana"}, "tok-ben": {"kind": "user", "name": "ben"},
              "tok-culler": {"kind": "service", "name": "cull-idle"}}

    def get_token(self, handler, in_cookie: bool = True) -> str:
        header = handler.request.headers.get("Authorization", "")
        return header[len("token "):] if header.startswith("token ") else ""

    async def user_for_token(self, token: str, use_cache: bool = True, session_id: str = "", *, sync: bool = True):
        return self.MODELS.get(token)


def test_on_a_hub_the_learners_hub_name_is_their_name_and_others_are_refused_not_signed_in(tmp_path) -> None:
    import asyncio

    import pytest
    from tornado.httpclient import HTTPClientError

    from thirtyone.classroom.client import ClassClient
    from thirtyone.classroom.service import make_app, open_service

    async def run() -> None:
        service, store = open_service(str(tmp_path / "c.sqlite3"), "T")
        service.auth = FakeHubAuth()
        server = make_app(service, "/services/class/").listen(0, "127.0.0.1")
        port = next(iter(server._sockets.values())).getsockname()[1]
        url = f"ws://127.0.0.1:{port}/services/class/ws"
        try:
            ana = ClassClient(url, headers={"Authorization": "token tok-ana"})
            ben = ClassClient(url, headers={"Authorization": "token tok-ben"})
            await ana.connect()
            await ben.connect()
            await ana.send({"op": "create", "rules": "scat", "seats": 3, "name": "Queen of Hearts", "seat": 0})
            created = await ana.recv(5)
            assert created["op"] == "created"
            await ben.send({"op": "join", "code": created["code"], "name": "ana", "seat": 1})
            msg = await ben.recv(5)
            while msg["op"] != "table":
                msg = await ben.recv(5)
            assert [s["name"] for s in msg["seats"]] == ["ana", "ben", None]
            await ana.close()
            await ben.close()
            for headers in ({}, {"Authorization": "token forged"}, {"Authorization": "token tok-culler"}):
                with pytest.raises(HTTPClientError) as refused:
                    await ClassClient(url, headers=headers, connect_timeout=5).connect()
                assert (refused.value.code, refused.value.message) == (403, "not-signed-in")
        finally:
            server.stop()
            store.close()

    asyncio.run(run())
