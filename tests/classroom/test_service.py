"""The service over real WebSockets on 127.0.0.1: pages at one table see each other's moves, a page can act only
for its own seat, and a malformed, oversized or flooding connection is refused with a reason while the table goes
on. Also the teacher's view and the health check."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from helpers.classroom import client, db_path, drive, seat_table, serving, until
from tornado.httpclient import AsyncHTTPClient

from thirtyone.classroom.protocol import BURST, MAX_MESSAGE, RATE


def table_msg(m: dict[str, Any]) -> bool:
    return m["op"] == "table" and m["view"] is not None


def test_pages_see_each_others_moves_and_act_only_for_their_own_seat(tmp_path) -> None:
    async def run() -> None:
        async with serving(db_path(tmp_path)) as (url, service):
            code, clients = await seat_table(url, 3, [0, 2], "scat", seed=3)
            a, b = clients[0], clients[2]
            ma = await until(a, lambda m: table_msg(m) and m["turn"] in (0, 2))
            mover, other = (a, b) if ma["turn"] == 0 else (b, a)
            mm = await until(mover, lambda m: table_msg(m) and m["n"] == ma["n"])
            action = mm["view"]["legal"][0]
            # the other page tries the mover's move with its own token, then with the mover's token
            await other.send({"op": "move", "code": code, "token": other.ticket["token"], "n": mm["n"],
                              "action": action, "ref": 1})
            assert (await until(other, lambda m: m["op"] == "refused"))["reason"] == "out-of-turn"
            await other.send({"op": "move", "code": code, "token": mover.ticket["token"], "n": mm["n"],
                              "action": action, "ref": 2})
            r = await until(other, lambda m: m["op"] == "refused")
            assert r["reason"] == "not-your-seat" and r["ref"] == 2 and r["to"] == "move"
            await other.send({"op": "move", "code": code, "token": "x" * 24, "n": mm["n"], "action": action})
            assert (await until(other, lambda m: m["op"] == "refused"))["reason"] == "bad-token"
            assert service.hall.tables[code].n == mm["n"]
            await mover.send({"op": "move", "code": code, "token": mover.ticket["token"], "n": mm["n"],
                              "action": action})
            seen = await until(other, lambda m: table_msg(m) and m["n"] > mm["n"])
            assert seen["view"]["events"][-1]["kind"] in ("draw stock", "draw discard", "knock") or seen["n"] > mm["n"] + 1
            assert seen["seat"] == (2 if other is b else 0)
            await mover.send({"op": "move", "code": code, "token": mover.ticket["token"], "n": mm["n"],
                              "action": action})  # the double click
            assert (await until(mover, lambda m: m["op"] == "refused"))["reason"] == "stale"
            for c in clients.values():
                await c.close()

    asyncio.run(run())


def test_malformed_oversized_and_flooding_messages_are_refused_and_the_connection_goes_on(tmp_path) -> None:
    async def run() -> None:
        async with serving(db_path(tmp_path), rate=RATE, burst=BURST) as (url, service):
            c = await client(url)
            for raw, reason in [("not json", "malformed"), (b"\xff\xfe", "malformed"), ('{"op": 3}', "malformed"),
                                (json.dumps({"op": "ping", "pad": "x" * MAX_MESSAGE}), "too-big")]:
                await c.send_raw(raw)
                m = await c.recv(5)
                assert m["op"] == "refused" and m["reason"] == reason, raw
            await asyncio.sleep(1.0)  # the bucket fills again
            for i in range(60):
                await c.send({"op": "ping", "ref": i})
            answers = [await c.recv(5) for _ in range(60)]
            pongs = [m for m in answers if m["op"] == "pong"]
            flood = [m for m in answers if m["op"] == "refused"]
            assert BURST <= len(pongs) < BURST + 10 and all(m["reason"] == "too-fast" for m in flood)
            assert all(m["retry"] > 0 for m in flood)
            await asyncio.sleep(0.3)
            await c.send({"op": "ping", "ref": "after"})
            assert await c.recv(5) == {"op": "pong", "ref": "after"}
            assert len(service.conns) == 1
            await c.close()

    asyncio.run(run())


def test_the_teacher_watches_every_table_and_pauses_one(tmp_path) -> None:
    async def run() -> None:
        async with serving(db_path(tmp_path), bot_delay=0.05) as (url, service):
            code, clients = await seat_table(url, 2, [0], "scat", seed=2)
            port = url.split(":")[2].split("/")[0]
            r = await AsyncHTTPClient().fetch(f"http://127.0.0.1:{port}/health")
            assert json.loads(r.body) == {"ok": True, "tables": 1, "connections": 1}
            t = await client(url)
            await t.send({"op": "watch", "key": "wrong"})
            assert (await t.recv(5))["reason"] == "bad-key"
            await t.send({"op": "watch", "key": "TEACHER"})
            m = await until(t, lambda m: m["op"] == "teacher")
            (row,) = m["tables"]
            assert row["code"] == code and row["round"] == 1 and len(row["seats"]) == 2
            await t.send({"op": "pause", "code": code, "key": "TEACHER"})
            page = await until(clients[0], lambda m: m["op"] == "table" and m["paused"])
            n = page["n"]
            await asyncio.sleep(0.3)
            assert service.hall.tables[code].n == n  # nobody moves, no bot either
            await t.send({"op": "resume-table", "code": code, "key": "TEACHER"})
            await until(clients[0], lambda m: m["op"] == "table" and not m["paused"])
            await t.close()
            await clients[0].close()

    asyncio.run(run())


def test_after_a_round_the_teacher_gets_every_hand_and_the_coachs_verdict_on_the_knock(tmp_path) -> None:
    async def run() -> None:
        async with serving(db_path(tmp_path)) as (url, service):
            code, clients = await seat_table(url, 2, [0], "scat", seed=6)
            t = await client(url)
            await t.send({"op": "watch", "key": "TEACHER"})
            page = asyncio.ensure_future(drive(clients[0], []))
            m = await until(t, lambda m: m["op"] == "teacher" and any(
                r["knock"] is not None and r["knock"]["verdict"] != "pending" for r in m["tables"][0]["rounds"]),
                timeout=20)
            page.cancel()
            (row,) = m["tables"]
            r = next(r for r in row["rounds"] if r["knock"] is not None and r["knock"]["verdict"] != "pending")
            assert r["knock"]["verdict"] in ("knock", "play on", "about as good")
            assert isinstance(r["knock"]["knock_lives"], float) and r["knock"]["other"]
            assert all(len(h) == 3 for h in r["hands"]) and len(r["values"]) == 2
            await t.close()
            await clients[0].close()

    asyncio.run(run())
