"""``python -m thirtyone.classroom --port 8867 --db class.sqlite3 [--base-url /services/class/]``: the class
table service (see :mod:`thirtyone.classroom.protocol` for the messages). On a JupyterHub the hub starts it
(``binder/class/config.yaml``) and its address and prefix come from ``JUPYTERHUB_SERVICE_URL`` and
``JUPYTERHUB_SERVICE_PREFIX``."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import secrets
import signal
import sys
from urllib.parse import urlparse

from .protocol import RATE
from .service import make_app, open_service
from .tables import AWAY_SECONDS, BOT_DELAY, ROUND_PAUSE


def parser() -> argparse.ArgumentParser:
    hub_url = urlparse(os.environ.get("JUPYTERHUB_SERVICE_URL", ""))
    p = argparse.ArgumentParser(prog="python -m thirtyone.classroom", description="The class table service.")
    p.add_argument("--port", type=int, default=hub_url.port or 8867)
    p.add_argument("--host", default=hub_url.hostname or "127.0.0.1")
    p.add_argument("--db", required=True, help="the SQLite file (made if missing)")
    p.add_argument("--base-url", default=os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/"))
    p.add_argument("--teacher-key", default=os.environ.get("THIRTYONE_TEACHER_KEY"),
                   help="the key that shows every table (default: $THIRTYONE_TEACHER_KEY, else made and printed)")
    p.add_argument("--synchronous", default="FULL", choices=("OFF", "NORMAL", "FULL"), help="SQLite's setting")
    p.add_argument("--rate", type=float, default=RATE, help="messages a second a connection may send (bursts: twice)")
    p.add_argument("--bot-delay", type=float, default=BOT_DELAY)
    p.add_argument("--round-pause", type=float, default=ROUND_PAUSE)
    p.add_argument("--away-seconds", type=float, default=AWAY_SECONDS)
    p.add_argument("--seed", type=int, default=None,
                   help="draw the new tables' codes and deals from this seed (tests, demonstrations); tokens stay secret")
    return p


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s class tables: %(message)s")
    key = args.teacher_key
    if not key:
        key = secrets.token_urlsafe(9)
        print(f"thirtyone class tables: teacher key {key}", flush=True)
    asyncio.run(serve(args, key))


async def serve(args: argparse.Namespace, key: str) -> None:
    service, store = open_service(args.db, key, args.synchronous, rate=args.rate, burst=2 * args.rate, seed=args.seed,
                                  bot_delay=args.bot_delay,
                                  round_pause=args.round_pause, away_seconds=args.away_seconds)
    app = make_app(service, args.base_url)
    server = app.listen(args.port, args.host, xheaders=True)
    base = "/" + args.base_url.strip("/") + "/" if args.base_url.strip("/") else "/"
    print(f"thirtyone class tables: ws://{args.host}:{args.port}{base}ws ({len(service.hall.tables)} tables)",
          flush=True)
    service.schedule()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    server.stop()
    store.close()


if __name__ == "__main__":
    main(sys.argv[1:])
