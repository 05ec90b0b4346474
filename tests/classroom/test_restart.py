"""The service killed (SIGKILL) mid-round and started again on the same file: every page reconnects on its own,
keeps its seat, and the game ends exactly as it ends when nothing is killed (the engine's game of the same seed
and the same choices)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
from pathlib import Path
from typing import Any

from helpers.classroom import db_path, drive, seat_table, serving, start_service, until
from helpers.ports import free_port

ROOT = Path(__file__).resolve().parents[2]


def start(db: str, port: int) -> subprocess.Popen[bytes]:
    return start_service(db, port, ["--bot-delay", "0", "--round-pause", "0", "--rate", "1000"])


async def game(url: str, kill: Any = None) -> tuple[list[str], dict[int, list[dict[str, Any]]]]:
    code, clients = await seat_table(url, 4, [0, 1, 2], "scat", seed=12)
    logs: dict[int, list[dict[str, Any]]] = {s: [] for s in clients}
    tasks = [asyncio.ensure_future(drive(c, logs[s])) for s, c in clients.items()]
    if kill is not None:
        await kill(logs)
    await asyncio.gather(*tasks)
    await clients[0].send({"op": "replay", "code": code})
    record = await until(clients[0], lambda m: m["op"] == "record")
    for c in clients.values():
        await c.close()
    return record["moves"], logs


def test_a_killed_service_comes_back_and_the_round_ends_as_the_engine_would_end_it(tmp_path) -> None:
    async def reference() -> list[str]:
        async with serving(os.path.join(tmp_path, "reference.sqlite3")) as (url, _service):
            return (await game(url))[0]

    expected = asyncio.run(reference())
    port = free_port()
    db = db_path(tmp_path)
    procs = [start(db, port)]
    seen: dict[str, Any] = {}

    async def kill(logs: dict[int, list[dict[str, Any]]]) -> None:
        while True:  # mid-round: at move 15 or later, in round 2 or later, while it is someone's turn
            tables = [m for m in logs[0] if m["op"] == "table" and m["view"] is not None]
            if tables and tables[-1]["n"] >= 15 and tables[-1]["view"]["round"] >= 2 and tables[-1]["turn"] is not None:
                seen["n"], seen["round"] = tables[-1]["n"], tables[-1]["view"]["round"]
                break
            await asyncio.sleep(0.005)
        procs[0].send_signal(signal.SIGKILL)
        procs[0].wait()
        await asyncio.sleep(0.3)  # the pages see the connection go and try again
        procs.append(start(db, port))

    try:
        moves, logs = asyncio.run(game(f"ws://127.0.0.1:{port}/ws", kill))
    finally:
        for p in procs:
            p.kill()
            p.wait()
    assert moves == expected and len(moves) > seen["n"] + 5
    for seat, log in logs.items():  # every page lost the connection, got it back and kept its seat
        states = [m.get("state") for m in log if m["op"] == "connection"]
        assert states[:2] == ["lost", "back"], seat
        back = log.index({"op": "connection", "state": "back"})
        assert any(m["op"] == "resumed" and m["seat"] == seat for m in log[back:]), seat
        assert [m for m in log if m["op"] == "table"][-1]["status"] == "over"
