"""The ``peek`` op (the join form's free seats) and a table's own teacher key, as pure logic: a table's seats before
joining it, nothing secret in the answer, an unknown code refused; the key ``created`` gives opens that table (and
only it) to the teacher."""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers.classroom import Clock

from thirtyone.classroom.protocol import Refusal, parse
from thirtyone.classroom.tables import Conn, Hall


def ask(hall: Hall, conn: Conn, **msg: Any) -> list[dict[str, Any]]:
    return hall.handle(conn, parse(json.dumps(msg)))[0]


def refused(hall: Hall, conn: Conn, **msg: Any) -> str:
    with pytest.raises(Refusal) as info:
        hall.handle(conn, parse(json.dumps(msg)))
    return info.value.reason.value


def test_peek_shows_a_tables_seats_and_nothing_secret() -> None:
    hall = Hall(None, "TEACHER", Clock())
    ana, bo, someone = Conn(), Conn(), Conn()
    (created,) = ask(hall, ana, op="create", rules="schwimmen", seats=4, name="Ana", seat=1, seed=3)
    code = created["code"]
    (lobby,) = ask(hall, someone, op="peek", code=code.lower())
    assert lobby["op"] == "lobby" and lobby["code"] == code and lobby["status"] == "lobby"
    assert [s["kind"] for s in lobby["seats"]] == ["open", "human", "open", "open"]
    assert lobby["seats"][1]["name"] == "Ana" and lobby["rules"]["family"] == "commerce"
    text = json.dumps(lobby)
    assert created["token"] not in text and created["teacher_key"] not in text and "hash" not in text
    assert someone.code is None and someone.seat is None  # peeking takes no seat
    (joined,) = ask(hall, bo, op="join", code=code, name="Bo", seat=3)
    (lobby,) = ask(hall, someone, op="peek", code=code)
    assert [i for i, s in enumerate(lobby["seats"]) if s["kind"] == "open"] == [0, 2]
    ask(hall, ana, op="start", code=code, token=created["token"])
    (lobby,) = ask(hall, someone, op="peek", code=code)
    assert lobby["status"] == "playing" and "view" not in lobby and "hand" not in json.dumps(lobby)
    assert refused(hall, someone, op="peek", code="ZZZZZ") == "unknown-table"
    assert refused(hall, someone, op="peek") == "malformed"
    assert joined["token"] not in json.dumps(lobby)


def test_a_tables_own_key_opens_that_table_to_the_teacher_and_no_other() -> None:
    hall = Hall(None, "TEACHER", Clock())
    ana, cy, teacher = Conn(), Conn(), Conn()
    (one,) = ask(hall, ana, op="create", rules="scat", seats=2, name="Ana", seed=1)
    (two,) = ask(hall, cy, op="create", rules="scat", seats=3, name="Cy", seed=2)
    (msg,) = ask(hall, teacher, op="watch", key=one["teacher_key"])
    assert [t["code"] for t in msg["tables"]] == [one["code"]]
    (msg,) = ask(hall, teacher, op="watch", key="TEACHER")
    assert {t["code"] for t in msg["tables"]} == {one["code"], two["code"]}
    assert refused(hall, Conn(), op="watch", key="nobody's") == "bad-key"
    assert refused(hall, Conn(), op="pause", code=two["code"], key=one["teacher_key"]) == "bad-key"
    ask(hall, Conn(), op="pause", code=one["code"], key=one["teacher_key"])
    assert hall.tables[one["code"]].paused and not hall.tables[two["code"]].paused
