"""The SQLite store: every table comes back after a restart, its moves replayed through the engine, and a file
whose last write was cut off comes back with every complete move."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3

from helpers.classroom import Clock, db_path, engine_state

from thirtyone.classroom.protocol import parse
from thirtyone.classroom.store import Store
from thirtyone.classroom.tables import AWAY_SECONDS, Conn, Hall


def played(path: str, moves: int, seed: int = 9) -> tuple[str, list[str], str]:
    """A Scat table of 3 in the file at ``path`` (two learners, a bot), ``moves`` moves made: code, moves, token."""
    store = Store(path)
    clock = Clock()
    hall = Hall(store, "TEACHER", clock, timing={"bot_delay": 1.0, "round_pause": 1.0})  # one move a step
    ana, bo = Conn(), Conn()
    (made,), _ = hall.handle(ana, parse(json.dumps({"op": "create", "rules": "schwimmen", "seats": 3, "name": "Ana",
                                                    "seed": seed})))
    code = made["code"]
    hall.handle(bo, parse(json.dumps({"op": "join", "code": code, "name": "Bo", "seat": 2})))
    hall.handle(ana, parse(json.dumps({"op": "start", "code": code, "token": made["token"]})))
    hall.release(ana)
    hall.release(bo)
    t = hall.tables[code]
    while t.n < moves:
        clock.advance(AWAY_SECONDS)
        hall.step()
    store.close()
    return code, list(t.moves[:moves]), made["token"]


def reopened(path: str) -> tuple[Hall, Store]:
    store = Store(path)
    hall = Hall(store, "TEACHER", Clock())
    store.load(hall)
    return hall, store


def test_every_table_comes_back_as_the_engine_replays_it(tmp_path) -> None:
    path = db_path(tmp_path)
    code, moves, token = played(path, 40)
    hall, store = reopened(path)
    t = hall.tables[code]
    assert t.moves[:40] == moves and store.dropped == 0
    s = engine_state("schwimmen", 3, 9, t.moves)
    assert t.state.events == s.events and t.state.hands == s.hands and t.state.lives == s.lives
    assert [x["kind"] for x in t.seats_json()] == ["human", "bot", "human"] and t.seat_of(token) == 0
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    store.close()


def test_a_wal_cut_off_mid_record_keeps_every_complete_move(tmp_path) -> None:
    path = db_path(tmp_path)
    code, moves, _ = played(path, 30)
    copy = os.path.join(tmp_path, "copy.sqlite3")
    # the file as a killed process leaves it: the WAL not yet checkpointed, its last frame half written
    store = Store(path)
    store.db.execute("PRAGMA wal_autocheckpoint=0")
    clock = Clock()
    hall = Hall(store, "TEACHER", clock, timing={"bot_delay": 1.0})
    store.load(hall)
    t = hall.tables[code]
    size = os.path.getsize(path + "-wal") if os.path.exists(path + "-wal") else 0
    clock.advance(AWAY_SECONDS)
    hall.step()  # one move: a bot's, or an away learner's
    assert t.n == 31 and os.path.getsize(path + "-wal") > size
    shutil.copy(path, copy)
    with open(path + "-wal", "rb") as f:
        wal = f.read()
    with open(copy + "-wal", "wb") as f:
        f.write(wal[: len(wal) - 100])  # the last frame (the 31st move's commit) cut off
    store.close()
    hall2, store2 = reopened(copy)
    back = hall2.tables[code]
    assert back.moves == t.moves[:30] and back.state.events == engine_state("schwimmen", 3, 9, moves).events
    store2.close()


def test_a_half_written_or_misplaced_move_ends_the_record_there(tmp_path) -> None:
    path = db_path(tmp_path)
    code, moves, _ = played(path, 25)
    db = sqlite3.connect(path)
    db.execute("UPDATE moves SET action = 'disc' WHERE code = ? AND n = 20", (code,))  # a half row
    db.commit()
    db.close()
    hall, store = reopened(path)
    assert hall.tables[code].moves == moves[:20] and store.dropped == 5
    store.close()
    hall, store = reopened(path)  # the rest was deleted: the table plays on from move 20
    assert hall.tables[code].moves == moves[:20] and store.dropped == 0
    store.db.execute("INSERT INTO moves(code, n, action) VALUES (?, 22, ?)", (code, moves[20]))  # a gap
    store.close()
    hall, store = reopened(path)
    assert hall.tables[code].moves == moves[:20] and store.dropped == 1
    store.close()


def test_a_file_sqlite_cannot_read_is_set_aside_and_what_can_be_read_kept(tmp_path) -> None:
    path = db_path(tmp_path)
    code, moves, _ = played(path, 10)
    with open(path, "r+b") as f:  # the file's header destroyed
        f.write(b"\0" * 100)
    hall, store = reopened(path)
    assert store.salvaged is not None and os.path.exists(store.salvaged)
    assert code not in hall.tables or hall.tables[code].moves == moves[: hall.tables[code].n]
    store.close()
