"""Run the class table service on a real JupyterHub, on this machine, as ``binder/class/config.yaml`` sets it up.

Not part of ``make test``: jupyterhub is not among the pinned packages. Run it with an environment of its own::

    python3 -m venv /tmp/hubenv
    /tmp/hubenv/bin/pip install -r binder/requirements.txt jupyterhub
    /tmp/hubenv/bin/pip install --no-deps -e .
    (cd /tmp/chp && npm install configurable-http-proxy)
    /tmp/hubenv/bin/python tools/hub_check.py --proxy /tmp/chp/node_modules/.bin/configurable-http-proxy

It writes a ``jupyterhub_config.py`` in a temporary folder (127.0.0.1 only, free ports, DummyAuthenticator with a
password, SimpleLocalProcessSpawner, and ``hub.services.class`` of config.yaml as ``c.JupyterHub.services``, its
host, port and database file made local), starts the hub, and checks:

(a) two learners log in through the hub's login form and get a hub API token each; two
    :class:`~thirtyone.classroom.client.ClassClient` connect through the hub's proxy to ``/services/class/ws`` with
    ``Authorization: token ...``, one creates a table, the other joins, the game starts: each name at the table is
    the learner's hub name, and each learner is dealt a hand;
(b) a handshake with no token, a forged token or a service's token is refused ``403 not-signed-in``;
(c) one learner's server (jupyterhub-singleuser of this environment, ``singleuser.defaultUrl`` and
    ``singleuser.extraEnv`` of config.yaml, ``THIRTYONE_CLASS_URL`` pointed at this hub's proxy) opens on the Voilà
    index, and a kernel started there sees ``THIRTYONE_CLASS_URL`` and ``JUPYTERHUB_API_TOKEN`` and, as lesson 6's
    page does, reaches the service with them and sits at a table under its learner's hub name.

It prints each check and exits 1 if any fails (2 if jupyterhub or the proxy is missing).
"""

from __future__ import annotations

import argparse
import asyncio
import html
import http.cookiejar
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CONFIG_YAML = ROOT / "binder" / "class" / "config.yaml"
LEARNERS = ("ana", "ben")
PASSWORD = "class-" + secrets.token_hex(4)

failures: list[str] = []


def check(ok: bool, what: str, detail: str = "") -> bool:
    print(f"  {'ok  ' if ok else 'FAIL'} {what}" + (f" ({detail})" if detail and not ok else ""), flush=True)
    if not ok:
        failures.append(what)
    return ok


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def needs(proxy: str | None) -> str:
    """The proxy's command; exits 2 saying what is missing."""
    missing = []
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        missing.append(f"jupyterhub is not installed in {sys.executable} (pip install jupyterhub; not pinned here)")
    found = proxy or shutil.which("configurable-http-proxy")
    if not found or not os.access(found, os.X_OK):
        missing.append("configurable-http-proxy was not found: `npm install configurable-http-proxy` in a folder "
                       "and pass --proxy <folder>/node_modules/.bin/configurable-http-proxy (or put it on PATH)")
    for name, what in (("jupyterhub-singleuser", "jupyterhub"), ("voila", "-r binder/requirements.txt")):
        if not (Path(sys.executable).parent / name).exists():
            missing.append(f"{name} is not in {Path(sys.executable).parent} (pip install {what})")
    if missing:
        print("tools/hub_check.py needs:\n  " + "\n  ".join(missing), file=sys.stderr)
        sys.exit(2)
    assert found is not None
    return found


def class_service(port: int, db: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """config.yaml's ``hub.services.class`` as z2jh hands it to ``c.JupyterHub.services`` (name from its key), with
    its python, host, port and file made local; and config.yaml's ``singleuser`` settings."""
    import yaml

    conf = yaml.safe_load(CONFIG_YAML.read_text())
    service = dict(conf["hub"]["services"]["class"], name="class")
    command = [str(a) for a in service["command"]]
    assert command[0] == "python3", command
    command[0] = sys.executable
    for flag, value in (("--host", "127.0.0.1"), ("--port", str(port)), ("--db", str(db))):
        command[command.index(flag) + 1] = value
    service["command"] = command
    service["url"] = f"http://127.0.0.1:{port}"
    service["environment"] = dict(service.get("environment") or {})
    return service, conf["singleuser"]


def write_config(folder: Path, proxy: str, ports: dict[str, int], admin_token: str) -> tuple[dict[str, Any], str]:
    service, singleuser = class_service(ports["service"], folder / "thirtyone-class.sqlite3")
    env = dict(singleuser.get("extraEnv") or {})
    config_url = env.get("THIRTYONE_CLASS_URL", "")
    check(urllib.parse.urlparse(str(config_url)).path == "/services/class/",
          "config.yaml's singleuser.extraEnv sets THIRTYONE_CLASS_URL to the proxy's /services/class/", config_url)
    public = f"http://127.0.0.1:{ports['public']}"
    env["THIRTYONE_CLASS_URL"] = public + "/services/class/"  # this hub's proxy instead of the cluster's
    services = [service, {"name": "hub-check", "api_token": admin_token}]
    roles = [{"name": "hub-check", "services": ["hub-check"],
              "scopes": ["admin:users", "admin:servers", "tokens", "access:servers"]}]
    config = f"""# written by tools/hub_check.py
c = get_config()  # noqa
c.JupyterHub.bind_url = {public + '/'!r}
c.JupyterHub.hub_ip = '127.0.0.1'
c.JupyterHub.hub_port = {ports['hub']}
c.ConfigurableHTTPProxy.api_url = 'http://127.0.0.1:{ports['proxy_api']}'
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.ConfigurableHTTPProxy.auth_token = {secrets.token_hex(16)!r}
c.JupyterHub.db_url = 'sqlite:///{folder / 'jupyterhub.sqlite'}'
c.JupyterHub.cookie_secret = bytes.fromhex({secrets.token_hex(32)!r})
c.JupyterHub.pid_file = {str(folder / 'jupyterhub.pid')!r}
c.JupyterHub.authenticator_class = 'dummy'
c.DummyAuthenticator.password = {PASSWORD!r}
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = 'simple'
c.Spawner.cmd = [{str(Path(sys.executable).parent / 'jupyterhub-singleuser')!r}]
c.Spawner.args = {['--allow-root'] if os.geteuid() == 0 else []!r}  # a container's root (as here) only
c.Spawner.default_url = {singleuser['defaultUrl']!r}
c.Spawner.notebook_dir = {str(ROOT)!r}
c.Spawner.environment = {env!r}
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.SimpleLocalProcessSpawner.home_dir_template = {str(folder / 'home' / '{username}')!r}
c.JupyterHub.services = {services!r}
c.JupyterHub.load_roles = {roles!r}
"""
    (folder / "jupyterhub_config.py").write_text(config)
    return service, public


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def request(url: str, method: str = "GET", token: str | None = None, body: Any = None,
            opener: urllib.request.OpenerDirector | None = None, form: dict[str, str] | None = None,
            timeout: float = 30) -> tuple[int, dict[str, str], bytes]:
    headers = {"Authorization": f"token {token}"} if token else {}
    data = None
    if body is not None:
        data, headers["Content-Type"] = json.dumps(body).encode(), "application/json"
    if form is not None:
        data = urllib.parse.urlencode(form).encode()
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    opener = opener or urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(req, timeout=timeout) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def wait_for(what: str, probe: Any, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if probe():
                return True
        except OSError:
            pass
        time.sleep(0.5)
    return check(False, what, f"not within {timeout:.0f} s")


def log_in(public: str, name: str, password: str) -> bool:
    """The hub's login form, as a browser fills it in: True if the hub let the learner in."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(NoRedirect, urllib.request.HTTPCookieProcessor(jar))
    status, _, page = request(public + "/hub/login", opener=opener)
    m = re.search(rb'name="_xsrf"\s+value="([^"]+)"', page)
    xsrf = html.unescape(m.group(1).decode()) if m else ""
    status, headers, _ = request(public + "/hub/login", "POST", opener=opener,
                                 form={"username": name, "password": password, "_xsrf": xsrf})
    return status == 302 and any(c.name.startswith("jupyterhub-session") for c in jar)


async def until(client: Any, op: str, timeout: float = 15) -> dict[str, Any]:
    while True:
        msg = await client.recv(timeout)
        if msg.get("op") == op:
            return msg  # type: ignore[no-any-return]
        if msg.get("op") == "refused":
            raise AssertionError(f"refused: {msg}")


async def table_checks(public: str, tokens: dict[str, str], admin_token: str) -> None:
    from tornado.httpclient import HTTPClientError

    from thirtyone.classroom.client import ClassClient

    ws = public.replace("http://", "ws://") + "/services/class/ws"
    print(f"(a) two learners at one table through the proxy ({ws})")
    ana = ClassClient(ws, headers={"Authorization": f"token {tokens['ana']}"})
    ben = ClassClient(ws, headers={"Authorization": f"token {tokens['ben']}"})
    try:
        await ana.connect()
        await ben.connect()
        check(True, "both learners' WebSockets were let in with their hub tokens")
        await ana.send({"op": "create", "rules": "scat", "seats": 3, "level": "beginner", "name": "Someone Else",
                        "seat": 0})
        created = await until(ana, "created")
        await ben.send({"op": "join", "code": created["code"], "name": "ana", "seat": 1})
        await until(ben, "joined")
        seen = await until(ben, "table")
        names = [s["name"] for s in seen["seats"]]
        check(names == ["ana", "ben", None], "each learner's name at the table is their hub name, whatever they typed",
              str(names))
        await ana.send({"op": "start", "code": created["code"], "token": created["token"]})
        for name, client in (("ana", ana), ("ben", ben)):
            msg = await until(client, "table")
            while msg["status"] != "playing":
                msg = await until(client, "table")
            hand = (msg.get("view") or {}).get("hand")
            check(msg["seat"] == LEARNERS.index(name) and bool(hand),
                  f"{name} sees the game started at seat {LEARNERS.index(name)} with a hand of their own", str(msg))
    except (AssertionError, OSError, HTTPClientError, asyncio.TimeoutError) as e:
        check(False, "two learners play at one table through the hub", repr(e))
    finally:
        await ana.close()
        await ben.close()

    print("(b) handshakes that are no learner's are refused")
    for what, headers in (("no token", {}), ("a forged token", {"Authorization": "token " + secrets.token_hex(16)}),
                          ("a service's token (not a learner)", {"Authorization": f"token {admin_token}"})):
        try:
            c = ClassClient(ws, headers=headers, connect_timeout=10)
            await c.connect()
            await c.close()
            check(False, f"{what} is refused", "it was let in")
        except HTTPClientError as e:
            check((e.code, e.message) == (403, "not-signed-in"), f"{what} is refused 403 not-signed-in",
                  f"{e.code} {e.message}")


KERNEL_CODE = """
import os, json
from thirtyone.widgets.classlink import service_url, websocket_url
from thirtyone.classroom.client import ClassClient
_c = ClassClient(websocket_url(service_url()), headers={"Authorization": "token " + os.environ["JUPYTERHUB_API_TOKEN"]})
await _c.connect()
await _c.send({"op": "create", "rules": "scat", "seats": 2, "name": "kernel", "seat": 0})
_m = await _c.recv(15)
while _m["op"] != "table":
    _m = await _c.recv(15)
await _c.close()
print(json.dumps({"url": os.environ.get("THIRTYONE_CLASS_URL"), "token": bool(os.environ.get("JUPYTERHUB_API_TOKEN")),
                  "name": _m["seats"][0]["name"]}))
"""


async def kernel_run(public: str, user: str, token: str, code: str) -> dict[str, Any]:
    """Start a kernel on the learner's server (its REST API, the learner's token), run ``code``, read its output."""
    from tornado import httpclient, websocket

    base = f"{public}/user/{user}/api/kernels"
    auth = {"Authorization": f"token {token}"}
    r = await httpclient.AsyncHTTPClient().fetch(base, method="POST", body="{}", headers=auth, request_timeout=60)
    kernel = json.loads(r.body)["id"]
    ws = await websocket.websocket_connect(httpclient.HTTPRequest(
        f"{public.replace('http://', 'ws://')}/user/{user}/api/kernels/{kernel}/channels", headers=auth))
    msg_id, session = uuid.uuid4().hex, uuid.uuid4().hex
    await ws.write_message(json.dumps({
        "header": {"msg_id": msg_id, "msg_type": "execute_request", "session": session, "username": user,
                   "version": "5.3", "date": ""},
        "parent_header": {}, "metadata": {}, "channel": "shell",
        "content": {"code": code, "silent": False, "store_history": False, "user_expressions": {},
                    "allow_stdin": False, "stop_on_error": True}}))
    out: list[str] = []
    errors: list[str] = []
    end = time.monotonic() + 90
    while time.monotonic() < end:
        raw = await asyncio.wait_for(ws.read_message(), 90)
        if raw is None:
            break
        msg = json.loads(raw)
        if msg.get("parent_header", {}).get("msg_id") != msg_id:
            continue
        kind = msg["header"]["msg_type"]
        if kind == "stream":
            out.append(msg["content"]["text"])
        elif kind == "error":
            errors.append("\n".join(msg["content"]["traceback"]))
        elif kind == "status" and msg["content"]["execution_state"] == "idle":
            break
    ws.close()
    await httpclient.AsyncHTTPClient().fetch(f"{base}/{kernel}", method="DELETE", headers=auth, raise_error=False)
    if errors:
        raise AssertionError(re.sub(r"\x1b\[[0-9;]*m", "", errors[0])[-1500:])
    return json.loads("".join(out).strip().splitlines()[-1])  # type: ignore[no-any-return]


def singleuser_checks(public: str, admin_token: str, tokens: dict[str, str], default_url: str) -> None:
    user = "ana"
    print(f"(c) {user}'s own server (jupyterhub-singleuser, SimpleLocalProcessSpawner) and a kernel there")
    status, _, body = request(f"{public}/hub/api/users/{user}/server", "POST", token=admin_token, body={})
    if not check(status in (201, 202), f"the hub starts {user}'s server", f"{status} {body[:300]!r}"):
        return

    def ready() -> bool:
        s, _, b = request(f"{public}/hub/api/users/{user}", token=admin_token)
        return s == 200 and bool((json.loads(b).get("servers") or {}).get("", {}).get("ready"))

    if not wait_for(f"{user}'s server is ready", ready, 120):
        return
    check(True, f"{user}'s server is ready")
    status, headers, _ = request(f"{public}/user/{user}/", token=tokens[user])
    location = {k.lower(): v for k, v in headers.items()}.get("location", "")
    if check(status == 302 and location.split("?")[0].endswith(f"/user/{user}{default_url}"),
             f"it opens on singleuser.defaultUrl ({default_url})", f"{status} {location}"):
        status, _, page = request(f"{public}/user/{user}{default_url}", token=tokens[user], timeout=120)
        check(status == 200 and b"voila" in page.lower(), "Voila renders the lessons' index there",
              f"{status} {page[:300]!r}")
    try:
        seen = asyncio.run(kernel_run(public, user, tokens[user], KERNEL_CODE))
    except Exception as e:  # noqa: BLE001 - reported as a failed check
        check(False, "a kernel on the learner's server reaches the table service", repr(e))
        return
    check(seen["url"] == public + "/services/class/" and seen["token"],
          "a kernel there sees THIRTYONE_CLASS_URL (config.yaml's extraEnv) and JUPYTERHUB_API_TOKEN", str(seen))
    check(seen["name"] == user,
          "with them, as lesson 6's page does, it reaches the service and sits at a table as its hub user",
          str(seen))
    request(f"{public}/hub/api/users/{user}/server", "DELETE", token=admin_token)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="tools/hub_check.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--proxy", help="configurable-http-proxy's command (default: on PATH)")
    p.add_argument("--no-server", action="store_true", help="skip (c), the learner's own server")
    p.add_argument("--keep", action="store_true", help="keep the temporary folder (config, logs)")
    args = p.parse_args(argv)
    proxy = needs(args.proxy)
    import jupyterhub

    print(f"jupyterhub {jupyterhub.__version__}, {Path(proxy).name} "
          f"{subprocess.run([proxy, '--version'], capture_output=True, text=True).stdout.strip()}, "
          f"python {sys.version.split()[0]} ({sys.executable})")
    folder = Path(tempfile.mkdtemp(prefix="thirtyone-hub-"))
    ports = {k: free_port() for k in ("public", "hub", "proxy_api", "service")}
    admin_token = secrets.token_hex(32)
    service, public = write_config(folder, proxy, ports, admin_token)
    print(f"the hub at {public}, the class service as config.yaml declares it: {' '.join(service['command'])}")
    log = (folder / "jupyterhub.log").open("w")
    hub = subprocess.Popen([str(Path(sys.executable).parent / "jupyterhub"), "-f", "jupyterhub_config.py"],
                           cwd=folder, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                           env={**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"})
    try:
        if not wait_for("the hub answers", lambda: request(public + "/hub/api/")[0] == 200, 90):
            return 1
        print("the hub is up")
        if not wait_for("the class service answers through the proxy under /services/class/",
                        lambda: request(public + "/services/class/health")[0] == 200, 60):
            return 1
        check(True, "the class service (hub-managed) answers through the proxy under /services/class/health")
        tokens: dict[str, str] = {}
        check(not log_in(public, "ana", "wrong-" + PASSWORD), "a wrong password is refused at the hub's login form")
        for name in LEARNERS:
            if check(log_in(public, name, PASSWORD), f"{name} logs in through the hub's login form"):
                status, _, body = request(f"{public}/hub/api/users/{name}/tokens", "POST", token=admin_token,
                                          body={"note": "tools/hub_check.py", "expires_in": 3600})
                if check(status == 201, f"{name} gets a hub API token", f"{status} {body[:200]!r}"):
                    tokens[name] = json.loads(body)["token"]
        if len(tokens) == len(LEARNERS):
            asyncio.run(table_checks(public, tokens, admin_token))
            if not args.no_server:
                singleuser_checks(public, admin_token, tokens, service_default_url())
    finally:
        hub.send_signal(signal.SIGTERM)
        try:
            hub.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(hub.pid, signal.SIGKILL)
            hub.wait()
        log.close()
        if failures:
            print(f"\nthe hub's log ({folder / 'jupyterhub.log'}), its end:")
            print("".join((folder / "jupyterhub.log").read_text().splitlines(keepends=True)[-40:]))
        if not args.keep and not failures:
            shutil.rmtree(folder, ignore_errors=True)
    print(f"\n{'FAILED: ' + '; '.join(failures) if failures else 'every check passed'}")
    return 1 if failures else 0


def service_default_url() -> str:
    import yaml

    return str(yaml.safe_load(CONFIG_YAML.read_text())["singleuser"]["defaultUrl"])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
