"""The class table service holding a class: 16 tables of 4 learners, 64 real WebSocket clients.

The service runs in its own process pinned to core 0 (``taskset -c 0 python -m thirtyone.classroom``, SQLite
``synchronous=FULL``: every move committed and synced before it is sent); the 64 clients
(:class:`thirtyone.classroom.client.ClassClient`) run in this process, pinned to core 1. Every seat is a learner
who answers ``--think`` seconds after their turn comes (each from their own page's view), so the service sees
what a class that plays briskly makes. For each move a learner sends, the time from sending it until every page at
its table has received the table after it. Prints p50/p95/max of that, the moves timed, and the empty
10-million-step loop (this machine's speed; :func:`yardstick.empty_loop`) with p95 as a multiple of it.

    .venv/bin/python benchmarks/bench_class.py [--tables 16] [--seconds 60] [--think 0.5]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT / "tests"))

from helpers.classroom import start_service  # noqa: E402
from yardstick import empty_loop  # noqa: E402

from thirtyone.classroom.client import ClassClient  # noqa: E402

SEATS = 4
RULES = {"preset": "scat", "lives": 5}
"""Five lives: games long enough for the run."""


class Table:
    def __init__(self, code: str, clients: list[ClassClient]) -> None:
        self.code, self.clients = code, clients
        self.sent: dict[int, float] = {}
        """Move number → when its mover sent it."""
        self.seen: dict[int, int] = {}
        """Move number (after) → pages that have received it."""
        self.latencies: list[float] = []


async def page(table: Table, c: ClassClient, think: float, until: float) -> None:
    while time.monotonic() < until:
        try:
            m = await c.recv(timeout=max(0.1, until - time.monotonic()))
        except asyncio.TimeoutError:
            return
        if m["op"] != "table" or m["view"] is None:
            continue
        n = m["n"]
        table.seen[n] = table.seen.get(n, 0) + 1
        if table.seen[n] == SEATS and n - 1 in table.sent:
            table.latencies.append(time.perf_counter() - table.sent.pop(n - 1))
        if m["status"] == "over":
            return
        legal = m["view"]["legal"]
        if legal:
            await asyncio.sleep(think)
            if c.ticket is None:
                continue
            action = legal[(n * 7 + m["seat"]) % len(legal)]
            table.sent[n] = time.perf_counter()
            await c.send({"op": "move", "code": table.code, "token": c.ticket["token"], "n": n, "action": action})


async def run(url: str, tables: int, seconds: float, think: float) -> list[Table]:
    out: list[Table] = []
    for i in range(tables):
        clients = [ClassClient(url) for _ in range(SEATS)]
        for c in clients:
            await c.connect()
        await clients[0].send({"op": "create", "rules": RULES, "seats": SEATS, "name": "P0", "seed": 1000 + i})
        while (m := await clients[0].recv(10))["op"] != "created":
            pass
        for s, c in enumerate(clients[1:], 1):
            await c.send({"op": "join", "code": m["code"], "name": f"P{s}", "seat": s})
            while (await c.recv(10))["op"] != "joined":
                pass
        out.append(Table(m["code"], clients))
    until = time.monotonic() + seconds
    tasks = [page(t, c, think, until) for t in out for c in t.clients]
    for t in out:
        c = t.clients[0]
        assert c.ticket is not None
        await c.send({"op": "start", "code": t.code, "token": c.ticket["token"]})
    await asyncio.gather(*tasks)
    for t in out:
        for c in t.clients:
            await c.close()
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=16)
    p.add_argument("--seconds", type=float, default=60.0)
    p.add_argument("--think", type=float, default=0.5, help="seconds a learner takes for a move")
    p.add_argument("--port", type=int, default=8897)
    args = p.parse_args()
    if hasattr(os, "sched_setaffinity") and len(os.sched_getaffinity(0)) > 1:
        os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})
    loop_s = empty_loop()
    tmp = tempfile.mkdtemp()
    proc = start_service(os.path.join(tmp, "class.sqlite3"), args.port, ["--round-pause", "0.5", "--rate", "20"],
                         prefix=["taskset", "-c", "0"] if shutil.which("taskset") else [], timeout=30.0)
    try:
        load = os.getloadavg()
        tables = asyncio.run(run(f"ws://127.0.0.1:{args.port}/ws", args.tables, args.seconds, args.think))
    finally:
        proc.terminate()
        proc.wait()
        shutil.rmtree(tmp, ignore_errors=True)
    lat = sorted(x for t in tables for x in t.latencies)
    quiet = [t.code for t in tables if not t.latencies]
    if quiet:
        sys.exit(f"no move was timed at tables {', '.join(quiet)}")
    if not lat:
        sys.exit("no move was timed")
    p95 = lat[min(len(lat) - 1, int(0.95 * len(lat)))]
    print(f"{args.tables} tables x {SEATS} learners ({args.tables * SEATS} WebSocket clients), think {args.think} s, "
          f"{args.seconds:.0f} s; load average before: {load[0]:.2f}")
    print(f"moves timed: {len(lat)} ({len(lat) / args.seconds:.1f} a second)")
    print(f"move seen by every page at its table: p50 {1000 * statistics.median(lat):.1f} ms, "
          f"p95 {1000 * p95:.1f} ms, max {1000 * lat[-1]:.1f} ms")
    print(f"empty 10-million-step loop: {loop_s:.3f} s; p95 = {p95 / loop_s:.2f} x the empty loop")


if __name__ == "__main__":
    main()
