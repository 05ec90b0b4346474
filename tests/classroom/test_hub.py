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
