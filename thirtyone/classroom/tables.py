"""The class's tables, as pure logic (no Tornado, no SQLite): seats, seat tokens, bots, the teacher's view.

A :class:`ClassTable` is one game: its rules, seed, seats and the moves made, every move through
``State.apply``. A seat is ``open`` (nobody yet: a bot once the game starts), ``bot``, ``human`` (a learner holds
its token) or ``away`` (a learner gone longer than :data:`AWAY_SECONDS` on their turn: a bot plays it until they
are back). Tokens are random; only their SHA-256 is kept. Every change goes first to a :class:`Journal` (the
SQLite store), then into memory, then out to the pages: a change the journal refused never happened.

:class:`Hall` holds every table and answers the protocol's ops (:mod:`.protocol`) for one connection
(:class:`Conn`); the service only moves bytes and runs :meth:`Hall.step` when a table says something is due.
Time comes from an injectable clock (tests pass their own).

Bots: each bot decision is made by ``make_bot(level, seed)`` with the seed the table's seeded generator gives
for that move number (:func:`bot_seed`), so the record replays the same game, and a table rebuilt after a
restart plays on as it would have.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..bots import make_bot
from ..coach import coach
from ..game import Action, IllegalActionError, State, new_game, parse_action
from ..rules import Rules
from .protocol import LEVELS, MAX_SEATS, Reason, Refusal, rules_from_json, rules_json, view_json

__all__ = ["AWAY_SECONDS", "BOT_DELAY", "ROUND_PAUSE", "ClassTable", "Hall", "Conn", "Journal", "Seat",
           "bot_seed", "token_hash", "judge_knock", "CODE_ALPHABET"]

AWAY_SECONDS = 60.0
"""A learner whose page is gone this long on their turn has a bot play for them (marked ``away``)."""
BOT_DELAY = 0.8
"""Seconds a bot waits before its move, so the pages show one move at a time."""
ROUND_PAUSE = 12.0
"""Seconds after a round before the next is dealt, when no seat asks for it sooner."""
KNOCK_ROLLOUTS = 200
"""The coach's play-outs for the teacher's knock verdicts."""
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 5
MAX_TABLES = 500

Clock = Callable[[], float]


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def bot_seed(seed: int, n: int) -> int:
    """The seed of the bot decision at move ``n`` of a table seeded ``seed``."""
    return random.Random(f"{seed}:bot:{n}").getrandbits(32)


class Journal(Protocol):
    """Where every change is written before it happens (:class:`thirtyone.classroom.store.Store`)."""

    def created(self, table: ClassTable) -> None: ...
    def seated(self, code: str, seat: int, name: str, token_hash: str) -> None: ...
    def started(self, code: str) -> None: ...
    def moved(self, code: str, n: int, action: str) -> None: ...
    def paused(self, code: str, paused: bool) -> None: ...


class NoJournal:
    """Keeps nothing (tests of the logic alone)."""

    def created(self, table: ClassTable) -> None: pass
    def seated(self, code: str, seat: int, name: str, token_hash: str) -> None: pass
    def started(self, code: str) -> None: pass
    def moved(self, code: str, n: int, action: str) -> None: pass
    def paused(self, code: str, paused: bool) -> None: pass


@dataclass
class Seat:
    name: str | None = None
    token_hash: str | None = None
    connected: int = 0
    """Connections holding this seat now."""
    since: float = 0.0
    """When the last connection went (the clock's time)."""
    away: bool = False


def judge_knock(before: State, seat: int, rollouts: int = KNOCK_ROLLOUTS, seed: int = 0) -> dict[str, Any]:
    """The coach's verdict on ``seat`` knocking in ``before`` (:func:`thirtyone.coach.coach`, as
    :meth:`thirtyone.coach.GameRecord.note_move` judges a learner's knock), as codes and numbers."""
    advice = coach(before, seat, rollouts=rollouts, knock_rollouts=rollouts, seed=seed)
    knock, other = advice.knock_move, advice.other_move
    return {"verdict": advice.knock_verdict or "", "advised": advice.best.kind == "knock",
            "knock_lives": None if knock is None else round(knock.estimate.expected_lives, 4),
            "other": None if other is None else str(other.action),
            "other_lives": None if other is None else round(other.estimate.expected_lives, 4)}


@dataclass
class ClassTable:
    code: str
    rules: Rules
    seed: int
    level: str
    creator: int
    teacher_hash: str
    seats: list[Seat]
    clock: Clock = time.monotonic
    state: State | None = None
    moves: list[str] = field(default_factory=list)
    paused: bool = False
    since: float = 0.0
    """When the table last changed (the seat to act has waited since then)."""
    rounds: list[dict[str, Any]] = field(default_factory=list)
    """Each finished round for the teacher: hands, values, losses and the knock (``knock``: the coach's verdict)."""
    knocks: dict[int, tuple[int, State]] = field(default_factory=dict)
    """Round → (knocker, the state just before the knock), for the coach's verdict."""
    bot_delay: float = BOT_DELAY
    round_pause: float = ROUND_PAUSE
    away_seconds: float = AWAY_SECONDS

    # -- what the table is ---------------------------------------------------------------------------------
    @property
    def n(self) -> int:
        """Moves made so far (the move number a page must send with its move)."""
        return len(self.moves)

    @property
    def status(self) -> str:
        if self.state is None:
            return "lobby"
        return "over" if self.state.game_over else "playing"

    def kind(self, seat: int) -> str:
        s = self.seats[seat]
        if s.token_hash is None:
            return "open" if self.state is None else "bot"
        return "away" if s.away else "human"

    def seat_of(self, token: str) -> int | None:
        h = token_hash(token)
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, h):
                return i
        return None

    def seats_json(self) -> list[dict[str, Any]]:
        return [{"name": s.name, "kind": self.kind(i), "connected": s.connected > 0} for i, s in enumerate(self.seats)]

    def message(self, seat: int) -> dict[str, Any]:
        """The ``table`` message for ``seat``: built from ``state.view(seat)`` alone."""
        st = self.state
        return {"op": "table", "code": self.code, "seat": seat, "n": self.n, "status": self.status,
                "creator": self.creator, "level": self.level, "rules": rules_json(self.rules),
                "seats": self.seats_json(), "turn": None if st is None else st.current_player,
                "paused": self.paused, "view": None if st is None else view_json(st.view(seat))}

    # -- changes (each written to the journal first) ----------------------------------------------------------
    def take_seat(self, seat: int, name: str, journal: Journal) -> str:
        if not 0 <= seat < len(self.seats):
            raise Refusal(Reason.BAD_SEAT, seats=len(self.seats))
        if self.state is not None:
            raise Refusal(Reason.ALREADY_STARTED)
        if self.seats[seat].token_hash is not None:
            raise Refusal(Reason.SEAT_TAKEN, seat=seat)
        token = secrets.token_urlsafe(18)
        h = token_hash(token)
        journal.seated(self.code, seat, name, h)
        self.seats[seat] = Seat(name, h, since=self.clock())
        return token

    def start(self, journal: Journal) -> None:
        if self.state is not None:
            raise Refusal(Reason.ALREADY_STARTED)
        journal.started(self.code)
        self._deal()

    def _deal(self) -> None:
        self.state = new_game(self.rules, len(self.seats), seed=self.seed)
        self.since = self.clock()

    def check(self, seat: int, n: int, text: str) -> Action:
        """The action ``seat`` may make now, or :class:`Refusal` saying why not (nothing changes)."""
        st = self.state
        if st is None:
            raise Refusal(Reason.NOT_STARTED)
        if self.paused:
            raise Refusal(Reason.PAUSED)
        if n != self.n:
            raise Refusal(Reason.STALE, n=self.n)
        if st.game_over:
            raise Refusal(Reason.GAME_OVER)
        action = parse_action(text)
        if st.round_over:
            if st.out[seat] or action.kind != "next round":
                raise Refusal(Reason.OUT_OF_TURN, turn=None)
        elif st.current_player != seat:
            raise Refusal(Reason.OUT_OF_TURN, turn=st.current_player)
        if action not in st.legal_actions():
            raise Refusal(Reason.ILLEGAL, why=str(st.why_illegal(action).code))
        return action

    def play(self, action: Action, journal: Journal) -> None:
        """Apply a checked action: journal first, then the engine."""
        st = self.state
        assert st is not None
        try:
            after = st.apply(action)
        except IllegalActionError as exc:  # check() said it was legal: the engine is the judge
            raise Refusal(Reason.ILLEGAL, why=str(exc.why.code) if exc.why else "") from None
        journal.moved(self.code, self.n, str(action))
        self._advance(st, action, after)

    def _advance(self, before: State, action: Action, after: State) -> None:
        if action.kind == "knock" and before.current_player is not None:
            self.knocks[before.round] = (before.current_player, before)
        self.state = after
        self.moves.append(str(action))
        self.since = self.clock()
        if after.round_over and after.result is not None and (not self.rounds or self.rounds[-1]["round"] != after.round):
            r = after.result
            knock = self.knocks.get(r.round)
            self.rounds.append({
                "round": r.round, "how": str(r.how), "hands": [None if h is None else [int(c) for c in h] for h in r.hands],
                "values": [None if v is None else float(v) for v in r.values], "losses": list(r.losses),
                "knocker": r.knocker,
                "knock": None if knock is None else {"seat": knock[0], "turns": knock[1].turns,
                                                     "value": float(knock[1].values()[knock[0]] or 0.0),
                                                     "verdict": "pending"}})

    def replay(self, action: str) -> None:
        """Apply a move read back from the journal (rebuilding after a restart); ``IllegalActionError`` if it
        does not fit (a damaged record)."""
        st = self.state
        if st is None:
            raise IllegalActionError("the table has not started")
        a = parse_action(action)
        self._advance(st, a, st.apply(a))

    def set_paused(self, paused: bool, journal: Journal) -> None:
        if paused != self.paused:
            journal.paused(self.code, paused)
            self.paused = paused
            self.since = self.clock()

    # -- the clock: bots, away learners, the next round -------------------------------------------------------
    def due_at(self) -> float | None:
        """When the service must act for this table (a bot's move, an away learner's turn, the next deal)."""
        st = self.state
        if st is None or self.paused or st.game_over:
            return None
        if st.round_over:
            return self.since + self.round_pause
        p = st.current_player
        assert p is not None
        s = self.seats[p]
        if s.token_hash is None or s.away:
            return self.since + self.bot_delay
        if s.connected:
            return None
        return max(self.since, s.since) + self.away_seconds

    def step(self, journal: Journal) -> bool:
        """Do what is due now (see :meth:`due_at`); True when the table changed."""
        due = self.due_at()
        if due is None or self.clock() < due:
            return False
        st = self.state
        assert st is not None
        if st.round_over:
            self.play(parse_action("next round"), journal)
            return True
        p = st.current_player
        assert p is not None
        if self.seats[p].token_hash is not None:
            self.seats[p].away = True
        action = make_bot(self.level, seed=bot_seed(self.seed, self.n)).choose(st.view(p))
        self.play(parse_action(action), journal)
        return True

    def connect(self, seat: int) -> None:
        s = self.seats[seat]
        s.connected += 1
        s.away = False

    def disconnect(self, seat: int) -> None:
        s = self.seats[seat]
        s.connected = max(0, s.connected - 1)
        if not s.connected:
            s.since = self.clock()

    # -- the teacher ---------------------------------------------------------------------------------------
    def progress(self) -> dict[str, Any]:
        st = self.state
        return {"code": self.code, "status": self.status, "paused": self.paused, "n": self.n,
                "rules": self.rules.name, "seats": self.seats_json(),
                "round": None if st is None else st.round, "lives": None if st is None else list(st.lives),
                "out": None if st is None else list(st.out), "turn": None if st is None else st.current_player,
                "waited": round(self.clock() - self.since, 1), "rounds": self.rounds}

    def pending_knocks(self) -> list[tuple[dict[str, Any], State, int]]:
        """The knocks the coach has yet to judge: (their entry in :attr:`rounds`, the state before, the knocker)."""
        out = []
        for r in self.rounds:
            k = r["knock"]
            if k is not None and k["verdict"] == "pending":
                seat, before = self.knocks[r["round"]]
                out.append((k, before, seat))
        return out

    def record(self) -> dict[str, Any]:
        return {"op": "record", "code": self.code, "rules": rules_json(self.rules), "seed": self.seed,
                "seats": len(self.seats), "names": [s.name for s in self.seats], "moves": list(self.moves)}


@dataclass
class Conn:
    """One connection's standing: the seat it holds, the tables it watches as the teacher."""

    code: str | None = None
    seat: int | None = None
    watching: set[str] | None = None
    """The codes whose progress it is sent (``None``: not a teacher)."""
    user: str | None = None
    """On a JupyterHub: the learner's hub name (their name at the table)."""


class Hall:
    """Every table of the service, and the ops of the protocol."""

    def __init__(self, journal: Journal | None = None, teacher_key: str | None = None, clock: Clock = time.monotonic,
                 rng: random.Random | None = None, timing: dict[str, float] | None = None) -> None:
        self.tables: dict[str, ClassTable] = {}
        self.journal: Journal = journal if journal is not None else NoJournal()
        self.teacher_hash = None if not teacher_key else token_hash(teacher_key)
        self.clock = clock
        self.rng = rng if rng is not None else random.SystemRandom()
        self.timing = dict(timing or {})
        """``bot_delay``, ``round_pause``, ``away_seconds`` for every table (the defaults where missing)."""

    def make_table(self, code: str, rules: Rules, seed: int, level: str, creator: int, teacher_hash: str,
                   seats: int) -> ClassTable:
        t = self.timing
        table = ClassTable(code, rules, seed, level, creator, teacher_hash, [Seat() for _ in range(seats)], self.clock,
                           bot_delay=t.get("bot_delay", BOT_DELAY), round_pause=t.get("round_pause", ROUND_PAUSE),
                           away_seconds=t.get("away_seconds", AWAY_SECONDS))
        table.since = self.clock()
        return table

    def _code(self) -> str:
        while True:
            code = "".join(self.rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.tables:
                return code

    def table(self, code: str) -> ClassTable:
        t = self.tables.get(code.strip().upper())
        if t is None:
            raise Refusal(Reason.UNKNOWN_TABLE)
        return t

    def _hold(self, conn: Conn, table: ClassTable, seat: int) -> None:
        self.release(conn)
        conn.code, conn.seat = table.code, seat
        table.connect(seat)

    def release(self, conn: Conn) -> str | None:
        """The connection gives up its seat (closed, or took another); the table's code if it held one."""
        code, seat = conn.code, conn.seat
        conn.code = conn.seat = None
        if code is not None and seat is not None and code in self.tables:
            self.tables[code].disconnect(seat)
            return code
        return None

    def _seat_token(self, conn: Conn, table: ClassTable, token: str) -> int:
        seat = table.seat_of(token)
        if seat is None:
            raise Refusal(Reason.BAD_TOKEN)
        if conn.code != table.code:
            raise Refusal(Reason.NOT_SEATED)
        if conn.seat != seat:
            raise Refusal(Reason.NOT_YOUR_SEAT)
        return seat

    def _teacher(self, table: ClassTable, key: str) -> None:
        h = token_hash(key)
        if self.teacher_hash is not None and hmac.compare_digest(self.teacher_hash, h):
            return
        if hmac.compare_digest(table.teacher_hash, h):
            return
        raise Refusal(Reason.BAD_KEY)

    def handle(self, conn: Conn, msg: dict[str, Any]) -> tuple[list[dict[str, Any]], set[str]]:
        """Answer one checked message (:func:`.protocol.parse`): the direct replies and the codes of the tables
        that changed (every page there gets its ``table``). Raises :class:`Refusal`; then nothing changed."""
        op = msg["op"]
        j = self.journal
        if op == "ping":
            return [{"op": "pong"}], set()
        if op == "create":
            if len(self.tables) >= MAX_TABLES:
                raise Refusal(Reason.TOO_MANY_TABLES)
            rules = rules_from_json(msg.get("rules"))
            n = msg["seats"]
            if not 2 <= n <= min(MAX_SEATS, rules.max_players):
                raise Refusal(Reason.BAD_SEATS, low=2, high=min(MAX_SEATS, rules.max_players))
            level = msg.get("level", "intermediate")
            if level not in LEVELS:
                raise Refusal(Reason.BAD_LEVEL)
            seat = msg.get("seat", 0)
            if not 0 <= seat < n:
                raise Refusal(Reason.BAD_SEAT, seats=n)
            seed = msg.get("seed")
            if seed is None:
                seed = self.rng.getrandbits(32)
            key = secrets.token_urlsafe(12)
            code = self._code()
            table = self.make_table(code, rules, seed, level, seat, token_hash(key), n)
            token = table.take_seat(seat, conn.user or msg["name"], j)  # the creator's seat is written first:
            j.created(table)  # a table is never kept without its creator
            self.tables[code] = table
            self._hold(conn, table, seat)
            return [{"op": "created", "code": code, "seat": seat, "token": token, "teacher_key": key}], {code}
        if op == "watch":  # the service's key (every table) or a table's (the tables it opens)
            h = token_hash(msg["key"])
            everything = self.teacher_hash is not None and hmac.compare_digest(self.teacher_hash, h)
            opened = {t.code for t in self.tables.values() if hmac.compare_digest(t.teacher_hash, h)}
            if not everything and not opened:
                raise Refusal(Reason.BAD_KEY)
            conn.watching = set(self.tables) if everything else opened
            if everything:
                conn.watching.add("*")
            return [self.teacher_message(conn)], set()
        if op in ("pause", "resume-table"):
            target = self.table(msg["code"])
            self._teacher(target, msg["key"])
            target.set_paused(op == "pause", j)
            return [], {target.code}
        table = self.table(msg["code"])
        if op == "join":
            token = table.take_seat(msg["seat"], conn.user or msg["name"], j)
            self._hold(conn, table, msg["seat"])
            return [{"op": "joined", "code": table.code, "seat": msg["seat"], "token": token}], {table.code}
        if op == "resume":
            seat = msg["seat"]
            if not 0 <= seat < len(table.seats):
                raise Refusal(Reason.BAD_SEAT, seats=len(table.seats))
            if table.seat_of(msg["token"]) != seat:
                raise Refusal(Reason.BAD_TOKEN)
            self._hold(conn, table, seat)
            return [{"op": "resumed", "code": table.code, "seat": seat}], {table.code}
        if op == "start":
            seat = self._seat_token(conn, table, msg["token"])
            if seat != table.creator:
                raise Refusal(Reason.NOT_CREATOR)
            table.start(j)
            return [], {table.code}
        if op == "move":
            seat = self._seat_token(conn, table, msg["token"])
            table.play(table.check(seat, msg["n"], msg["action"]), j)
            return [], {table.code}
        if op == "peek":
            return [{"op": "lobby", "code": table.code, "seats": table.seats_json(), "status": table.status,
                     "rules": rules_json(table.rules)}], set()
        if op == "replay":
            if table.state is None or not table.state.game_over:
                raise Refusal(Reason.NOT_FINISHED)
            return [table.record()], set()
        raise Refusal(Reason.MALFORMED, field="op")

    def teacher_message(self, conn: Conn) -> dict[str, Any]:
        codes = conn.watching or set()
        if "*" in codes:
            codes |= set(self.tables)
        return {"op": "teacher", "tables": [self.tables[c].progress() for c in sorted(codes) if c in self.tables]}

    def step(self) -> set[str]:
        """Every table's due bot move, away learner or next deal, done now: the codes of those that changed."""
        changed = set()
        for code, table in self.tables.items():
            while table.step(self.journal):  # a bot with no delay may play several moves at once
                changed.add(code)
                if table.bot_delay > 0:
                    break
        return changed

    def due_at(self) -> float | None:
        times = [t for t in (table.due_at() for table in self.tables.values()) if t is not None]
        return min(times) if times else None
