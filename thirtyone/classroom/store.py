"""The class's tables on disk: one SQLite file (stdlib ``sqlite3``) in WAL mode, beside the service.

A table is its rules, seed, seats (names and seat-token hashes), its teacher key's hash, and its moves in order;
each change is one statement committed before the service announces it (autocommit; ``synchronous=FULL`` by
default, so a committed move survives a power cut too, not only a killed process). :meth:`Store.load` rebuilds
every table by replaying its moves through the engine (``State.apply``).

A write cut off (the process killed, the disk full, the power gone) leaves at worst an incomplete last frame in
the WAL, which SQLite's own recovery drops: the table comes back with every complete move. Whatever else does not
fit (a gap in the move numbers, a move the engine refuses at that point: a damaged or hand-edited file) ends the
table's record there; the moves after it are deleted and counted in :attr:`Store.dropped`. A file SQLite cannot
read at all is moved aside (``PATH.damaged-<time>``) and what could be read of it is copied into a new file.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time

from ..game import IllegalActionError
from .protocol import rules_from_json, rules_json
from .tables import ClassTable, Hall, Seat

__all__ = ["Store", "SCHEMA"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables(code TEXT PRIMARY KEY, rules TEXT NOT NULL, seed INTEGER NOT NULL,
    seats INTEGER NOT NULL, level TEXT NOT NULL, creator INTEGER NOT NULL, teacher_hash TEXT NOT NULL,
    started INTEGER NOT NULL DEFAULT 0, paused INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS seats(code TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,
    token_hash TEXT NOT NULL, PRIMARY KEY(code, seat));
CREATE TABLE IF NOT EXISTS moves(code TEXT NOT NULL, n INTEGER NOT NULL, action TEXT NOT NULL,
    PRIMARY KEY(code, n)) WITHOUT ROWID;
"""


def _connect(path: str, synchronous: str) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute(f"PRAGMA synchronous={synchronous}")
    db.executescript(SCHEMA)
    return db


class Store:
    """The journal of :class:`~thirtyone.classroom.tables.Hall`: every change written and committed first."""

    def __init__(self, path: str, synchronous: str = "FULL") -> None:
        if synchronous not in ("OFF", "NORMAL", "FULL"):
            raise ValueError(f"synchronous must be OFF, NORMAL or FULL, not {synchronous!r}")
        self.path = path
        self.dropped = 0
        """Moves deleted at :meth:`load` because they did not fit the record before them."""
        self.salvaged: str | None = None
        """Where a file SQLite could not read was moved (``None``: it could)."""
        try:
            self.db = _connect(path, synchronous)
            self.db.execute("SELECT count(*) FROM tables").fetchone()
            self.db.execute("SELECT count(*) FROM moves").fetchone()
            self.db.execute("SELECT count(*) FROM seats").fetchone()
        except sqlite3.DatabaseError:
            self.db = self._salvage(path, synchronous)

    def close(self) -> None:
        self.db.close()

    # -- the journal -------------------------------------------------------------------------------------------
    def created(self, table: ClassTable) -> None:
        self.db.execute("INSERT INTO tables(code, rules, seed, seats, level, creator, teacher_hash) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (table.code, json.dumps(rules_json(table.rules)), table.seed, len(table.seats), table.level,
                         table.creator, table.teacher_hash))

    def seated(self, code: str, seat: int, name: str, token_hash: str) -> None:
        self.db.execute("INSERT INTO seats(code, seat, name, token_hash) VALUES (?, ?, ?, ?)",
                        (code, seat, name, token_hash))

    def started(self, code: str) -> None:
        self.db.execute("UPDATE tables SET started = 1 WHERE code = ?", (code,))

    def moved(self, code: str, n: int, action: str) -> None:
        self.db.execute("INSERT INTO moves(code, n, action) VALUES (?, ?, ?)", (code, n, action))

    def paused(self, code: str, paused: bool) -> None:
        self.db.execute("UPDATE tables SET paused = ? WHERE code = ?", (int(paused), code))

    # -- back from the file ------------------------------------------------------------------------------------
    def load(self, hall: Hall) -> None:
        """Every table into ``hall``, its moves replayed through the engine."""
        rows = self.db.execute("SELECT code, rules, seed, seats, level, creator, teacher_hash, started, paused "
                               "FROM tables ORDER BY rowid").fetchall()
        for code, rules, seed, seats, level, creator, teacher_hash, started, paused in rows:
            table = hall.make_table(code, rules_from_json(json.loads(rules)), seed, level, creator, teacher_hash, seats)
            for seat, name, h in self.db.execute("SELECT seat, name, token_hash FROM seats WHERE code = ?", (code,)):
                if 0 <= seat < seats:
                    table.seats[seat] = Seat(name, h, since=hall.clock())
            if started:
                table._deal()
                self._replay(table)
            table.paused = bool(paused)
            table.since = hall.clock()
            hall.tables[code] = table

    def _replay(self, table: ClassTable) -> None:
        moves = self.db.execute("SELECT n, action FROM moves WHERE code = ? ORDER BY n", (table.code,)).fetchall()
        for i, (n, action) in enumerate(moves):
            try:
                if n != i:
                    raise IllegalActionError(f"move {i} is missing")
                table.replay(action)
            except (IllegalActionError, ValueError, TypeError, AttributeError):
                self.dropped += len(moves) - i
                self.db.execute("DELETE FROM moves WHERE code = ? AND n >= ?", (table.code, i))
                return

    def _salvage(self, path: str, synchronous: str) -> sqlite3.Connection:
        """Move an unreadable file aside and copy into a new one every row that can still be read."""
        aside = f"{path}.damaged-{int(time.time())}"
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.replace(path + suffix, aside + suffix)
        self.salvaged = aside
        db = _connect(path, synchronous)
        try:
            old = sqlite3.connect(f"file:{aside}?mode=ro", uri=True)
        except sqlite3.DatabaseError:
            return db
        copy = (("tables", "code, rules, seed, seats, level, creator, teacher_hash, started, paused"),
                ("seats", "code, seat, name, token_hash"), ("moves", "code, n, action"))
        for name, columns in copy:
            marks = ", ".join("?" * (columns.count(",") + 1))
            try:
                for row in old.execute(f"SELECT {columns} FROM {name}"):  # noqa: S608 (fixed names)
                    db.execute(f"INSERT OR IGNORE INTO {name}({columns}) VALUES ({marks})", row)  # noqa: S608
            except sqlite3.DatabaseError:
                continue  # what was read before the damage is kept
        old.close()
        return db
