"""The class table service's protocol: JSON messages both ways over one WebSocket, and their validation.

Start the service (``make tutorial`` does it beside Voilà)::

    python -m thirtyone.classroom --port 8867 --db class.sqlite3 [--host 127.0.0.1] [--base-url /services/class/]
                                  [--teacher-key KEY]

The WebSocket is ``ws://HOST:PORT{base_url}ws`` (``base_url`` defaults to ``/``), the health check
``GET {base_url}health`` (``{"ok": true, "tables": n, "connections": n}``). On a JupyterHub the service runs
under ``/services/class/`` and the WebSocket handshake must carry the learner's hub token
(``Authorization: token <JUPYTERHUB_API_TOKEN>``, which a kernel has in its environment): the learner's hub name
is then their name at the table. :class:`thirtyone.classroom.client.ClassClient` speaks this protocol (it also
yields ``{"op": "connection", "state": "lost" | "back"}`` of its own when it loses and regains the service, and
resumes its seat by itself). For ``make tutorial`` beside Voilà: ``python -m thirtyone.classroom --port 8867 --db
class.sqlite3`` (the teacher key printed at start unless ``--teacher-key``/``THIRTYONE_TEACHER_KEY`` gives one); the
pages then connect to ``ws://127.0.0.1:8867/ws``. Options for tests: ``--bot-delay`` (seconds a bot waits, 0.8),
``--round-pause`` (seconds before the next deal, 12), ``--away-seconds`` (60), ``--rate`` (messages a second).

Every message is one JSON object with an ``"op"``. A client may add ``"ref"`` (a number or a short string) to
any message; every direct answer to it (a refusal, ``created``, ``joined``, ``resumed``, ``record``, ``pong``)
carries the same ``"ref"`` (``lobby`` too). Everything the server sends is codes and numbers, never words: each page words them
in its own language. A card is its engine code, an int ``rank * 4 + suit`` (:class:`thirtyone.cards.Card`), an
action the engine's own text (``"draw stock"``, ``"discard K♥"``, ``"swap 9♥ A♥"``,
:func:`thirtyone.game.parse_action`).

Client → server
---------------
``{"op": "create", "rules": R, "seats": 2..8, "level": L, "name": N, "seat": S}``
    a new table. ``R``: a preset name (``"scat"``) or a dict of :class:`thirtyone.rules.Rules` fields
    (``dataclasses.asdict(rules)`` of the rule editor's rules; a ``"preset"`` key may name the base, the other
    fields change it). ``seats`` ≤ the rule set's ``max_players`` (and at most 8). ``L``: the bots' level for
    seats nobody takes (``"beginner"``, ``"intermediate"``, ``"expert"``; default intermediate). ``N``: the
    creator's name (1-24 characters); ``S``: the creator's seat (default 0). Answer: ``created``, then ``table``.
``{"op": "join", "code": C, "name": N, "seat": S}``
    take free seat ``S`` at table ``C`` (before the creator starts it). Answer: ``joined``, then ``table``.
``{"op": "resume", "code": C, "seat": S, "token": T}``
    come back to one's seat (after a reload or a lost connection) with the seat token. Answer: ``resumed``, then
    ``table``. A seat a bot played while its learner was away is theirs again.
``{"op": "start", "code": C, "token": T}``
    the creator starts the game; the seats nobody took get bots. Every page at the table gets ``table``.
``{"op": "move", "code": C, "token": T, "n": M, "action": A}``
    play ``A`` for the page's own seat; ``M`` is the move number of the last ``table`` the page saw, so a stale or
    double click is refused (``stale``). ``"next round"`` after a round may come from any seat still in (the
    service also deals on its own after a short pause). Every page at the table gets the new ``table``.
``{"op": "watch", "key": K}``
    the teacher: ``K`` is the service's teacher key (every table) or a table's (the one given by ``created``).
    Answer: ``teacher``, and a new one whenever a table changes (at most a few a second).
``{"op": "pause", "code": C, "key": K}`` / ``{"op": "resume-table", "code": C, "key": K}``
    the teacher pauses a table (no move, no bot plays) and lets it go on.
``{"op": "peek", "code": C}``
    the seats of table ``C`` before joining it (the join form offers only the free ones): answer ``lobby``. Nothing
    secret: no cards, no names of tokens, no teacher key.
``{"op": "replay", "code": C}``
    a finished game's record (answer ``record``; ``not-finished`` while it is played).
``{"op": "ping"}``
    answer ``pong``.

Server → client
---------------
``{"op": "created", "code", "seat", "token", "teacher_key"}`` · ``{"op": "joined", "code", "seat", "token"}`` ·
``{"op": "resumed", "code", "seat"}``
    the seat token is the page's proof of its seat (keep it in the browser); the service stores only its hash.
``{"op": "table", "code", "seat", "n", "status", "creator", "level", "rules", "seats", "turn", "paused", "view"}``
    the table as seat ``seat`` sees it, after move ``n`` (moves applied so far). ``status``: ``"lobby"``,
    ``"playing"``, ``"over"`` (the game is over). ``rules``: every :class:`~thirtyone.rules.Rules` field.
    ``seats``: per seat ``{"name": str | null, "kind": "open" | "human" | "bot" | "away", "connected": bool}``
    (``away``: a learner gone longer than ``AWAY_SECONDS`` on their turn, played by a bot until they are back).
    ``turn``: the seat to act (``null`` between rounds and in the lobby). ``view``: ``null`` in the lobby, else
    :func:`view_json` of ``state.view(seat)`` ONLY: the seat's own hand, the hand sizes, the face-up center and
    discard pile, lives, who knocked, the legal actions when it is this seat's turn, the round's events
    (:func:`event_json`, other seats' stock draws hidden), and every hand only once the round is over.
``{"op": "lobby", "code", "seats", "status", "rules"}``
    the answer to ``peek``: the table's ``seats`` (as in ``table``: name, kind, connected), its ``status`` and
    ``rules`` (every field); no cards and nothing secret. Refused ``unknown-table``.
``{"op": "teacher", "tables": [...]}``
    each table the key opens: ``code``, ``status``, ``paused``, ``n``, ``rules`` (preset name or ``"custom"``),
    ``seats`` (as above), ``round``, ``lives``, ``out``, ``turn``, ``waited`` (seconds the seat to act has had
    the turn), and ``rounds``: per finished round ``{"round", "how", "hands", "values", "losses", "knocker",
    "knock"}``, ``knock`` being ``null`` or the coach's verdict on the knock (:func:`thirtyone.coach.coach` at
    that moment): ``{"seat", "turns", "value", "verdict": "knock" | "play on" | "about as good" | "",
    "knock_lives", "other", "other_lives"}`` (``verdict`` ``"pending"`` while the coach is still computing).
``{"op": "record", "code", "rules", "seed", "seats", "names", "moves"}``
    a finished game: ``new_game(rules, seats, seed)`` and each move of ``moves`` applied in turn replays it, every
    hand shown.
``{"op": "refused", "reason": R, "to": op, ...}``
    the message was refused and nothing changed; ``R`` is one of :data:`REASONS`. ``illegal`` adds ``"why"``
    (the engine's :class:`~thirtyone.game.Illegal` code); ``stale`` adds ``"n"`` (the table's move number);
    ``too-fast`` adds ``"retry"`` (seconds).
``{"op": "pong"}``

Limits: a message is at most :data:`MAX_MESSAGE` bytes (``too-big``); each connection may send
:data:`RATE` messages a second with bursts of :data:`BURST` (a token bucket, ``too-fast``).
"""

from __future__ import annotations

import dataclasses
import json
import math
from typing import Any

from ..game import Event, IllegalActionError, PlayerView, RoundResult, parse_action
from ..rules import RULE_FIELDS, Rules
from ..rules import Named as _Named

__all__ = [
    "Refusal", "Reason", "REASONS", "MAX_MESSAGE", "RATE", "BURST", "TokenBucket", "LEVELS", "MAX_SEATS", "OPS",
    "parse", "rules_from_json", "rules_json", "view_json", "event_json", "result_json", "dumps",
]

MAX_MESSAGE = 4096
"""Bytes (UTF-8) a client message may have."""
RATE = 10.0
"""Messages a second a connection may send, on average."""
BURST = 20.0
"""Messages a connection may send at once."""
MAX_SEATS = 8
MAX_NAME = 24
LEVELS = ("beginner", "intermediate", "expert")
"""The bots' levels (:data:`thirtyone.bots.LEVELS`)."""


class Reason(_Named):
    """Why a message was refused (the ``reason`` of a ``refused`` message): the fixed set."""

    MALFORMED = "malformed"
    """Not a JSON object, an unknown op, or a field missing or of the wrong type."""
    TOO_BIG = "too-big"
    TOO_FAST = "too-fast"
    UNKNOWN_TABLE = "unknown-table"
    BAD_RULES = "bad-rules"
    BAD_SEATS = "bad-seats"
    """``seats`` out of 2..8 or above the rule set's ``max_players``."""
    BAD_LEVEL = "bad-level"
    BAD_NAME = "bad-name"
    BAD_SEAT = "bad-seat"
    """No such seat at this table."""
    SEAT_TAKEN = "seat-taken"
    BAD_TOKEN = "bad-token"
    """The token is no seat's at this table (forged, or of another table)."""
    NOT_YOUR_SEAT = "not-your-seat"
    """The token is another seat's than the one this connection holds."""
    NOT_SEATED = "not-seated"
    """This connection holds no seat at that table (join or resume first)."""
    NOT_CREATOR = "not-creator"
    ALREADY_STARTED = "already-started"
    NOT_STARTED = "not-started"
    OUT_OF_TURN = "out-of-turn"
    STALE = "stale"
    """The move number is not the table's: the page saw an older table (a stale or double click)."""
    ILLEGAL = "illegal"
    """The engine refuses the action now (``why``: its :class:`~thirtyone.game.Illegal` code)."""
    GAME_OVER = "game-over"
    PAUSED = "paused"
    BAD_KEY = "bad-key"
    NOT_FINISHED = "not-finished"
    TOO_MANY_TABLES = "too-many-tables"
    NOT_SIGNED_IN = "not-signed-in"
    """On a JupyterHub: the connection carried no valid hub token."""


REASONS: tuple[str, ...] = tuple(r.value for r in Reason)


class Refusal(Exception):
    """A refused message: its reason code and details (sent as ``{"op": "refused", "reason": ..., **details}``)."""

    def __init__(self, reason: Reason, **details: Any) -> None:
        super().__init__(reason.value)
        self.reason = reason
        self.details = details

    def message(self, to: str | None = None, ref: Any = None) -> dict[str, Any]:
        out: dict[str, Any] = {"op": "refused", "reason": self.reason.value, **self.details}
        if to is not None:
            out["to"] = to
        if ref is not None:
            out["ref"] = ref
        return out


class TokenBucket:
    """``rate`` tokens a second up to ``burst``; :meth:`take` spends one or says how long until there is one."""

    def __init__(self, rate: float = RATE, burst: float = BURST, now: float = 0.0) -> None:
        self.rate, self.burst, self.tokens, self.at = rate, burst, burst, now

    def take(self, now: float) -> float:
        """0.0 when a token was spent; else the seconds to wait (nothing spent)."""
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return 0.0
        return (1.0 - self.tokens) / self.rate


# -- client messages: each op's fields and their types ---------------------------------------------------------
_STR, _INT, _ANY = str, int, object
OPS: dict[str, dict[str, tuple[type, bool]]] = {
    # op: {field: (type, required)}
    "create": {"rules": (_ANY, False), "seats": (_INT, True), "level": (_STR, False), "name": (_STR, True),
               "seat": (_INT, False), "seed": (_INT, False)},
    "join": {"code": (_STR, True), "name": (_STR, True), "seat": (_INT, True)},
    "resume": {"code": (_STR, True), "seat": (_INT, True), "token": (_STR, True)},
    "start": {"code": (_STR, True), "token": (_STR, True)},
    "move": {"code": (_STR, True), "token": (_STR, True), "n": (_INT, True), "action": (_STR, True)},
    "watch": {"key": (_STR, True)},
    "pause": {"code": (_STR, True), "key": (_STR, True)},
    "resume-table": {"code": (_STR, True), "key": (_STR, True)},
    "peek": {"code": (_STR, True)},
    "replay": {"code": (_STR, True)},
    "ping": {},
}
"""Every client op and its fields: (type, required). Other fields are ignored; ``ref`` is echoed."""


def parse(raw: str | bytes) -> dict[str, Any]:
    """A client message, checked: size, JSON object, a known op, each field of the right type and bounded.
    Raises :class:`Refusal` (``too-big``, ``malformed``, ``bad-name``)."""
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE:
        raise Refusal(Reason.TOO_BIG, limit=MAX_MESSAGE)
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        raise Refusal(Reason.MALFORMED) from None
    if not isinstance(msg, dict):
        raise Refusal(Reason.MALFORMED)
    op = msg.get("op")
    if not isinstance(op, str) or op not in OPS:
        raise Refusal(Reason.MALFORMED, field="op")
    for name, (kind, required) in OPS[op].items():
        if name not in msg:
            if required:
                raise Refusal(Reason.MALFORMED, field=name)
            continue
        value = msg[name]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int) or abs(value) > 2**53):
            raise Refusal(Reason.MALFORMED, field=name)
        if kind is str and (not isinstance(value, str) or len(value) > 200):
            raise Refusal(Reason.MALFORMED, field=name)
    ref = msg.get("ref")
    if ref is not None and not (isinstance(ref, (int, str)) and not isinstance(ref, bool) and len(str(ref)) <= 40):
        raise Refusal(Reason.MALFORMED, field="ref")
    if "name" in msg:
        msg["name"] = check_name(msg["name"])
    if op == "move":
        try:
            parse_action(msg["action"])
        except IllegalActionError:
            raise Refusal(Reason.MALFORMED, field="action") from None
    return msg


def check_name(name: str) -> str:
    """A learner's name: 1-24 printable characters, spaces at the ends dropped (``bad-name``)."""
    name = " ".join(name.split())
    if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
        raise Refusal(Reason.BAD_NAME, limit=MAX_NAME)
    return name


def rules_from_json(value: Any) -> Rules:
    """The rules of a ``create``: ``None`` (Scat), a preset name, or a dict of fields (``preset``: the base).
    Raises :class:`Refusal` ``bad-rules``."""
    try:
        if value is None or isinstance(value, str):
            return Rules.coerce(value)
        if not isinstance(value, dict):
            raise Refusal(Reason.BAD_RULES)
        fields = dict(value)
        base = fields.pop("preset", "scat")
        if not isinstance(base, str) or any(k not in RULE_FIELDS for k in fields):
            raise Refusal(Reason.BAD_RULES)
        if "family" in fields and fields["family"] != Rules.preset(base).family and all(
                k in fields for k in RULE_FIELDS):
            return Rules(**fields)  # every field given: exactly those
        return Rules.preset(base).replace(**fields)
    except (ValueError, TypeError):
        raise Refusal(Reason.BAD_RULES) from None


def rules_json(rules: Rules) -> dict[str, Any]:
    """Every field of a rule set (what :func:`rules_from_json` reads back)."""
    return {k: (str(v) if k == "family" else v) for k, v in dataclasses.asdict(rules).items()}


# -- server messages: the engine's objects as codes --------------------------------------------------------------
def _cards(cards: Any) -> list[int] | None:
    return None if cards is None else [int(c) for c in cards]


def _num(x: float | None) -> float | int | None:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return None
    return int(x) if float(x).is_integer() else float(x)


def event_json(e: Event) -> dict[str, Any]:
    """One event as codes: round, kind, player, public cards, secret cards (only where the view kept them)."""
    out: dict[str, Any] = {"round": e.round, "kind": str(e.kind), "player": e.player}
    if e.cards:
        out["cards"] = _cards(e.cards)
    if e.secret:
        out["secret"] = _cards(e.secret)
    if e.note:
        out["note"] = str(e.note)
    if e.values:
        out["values"] = [_num(v) for v in e.values]
    if e.loss is not None:
        out["loss"] = _loss(e.loss)
    return out


def _loss(loss: Any) -> dict[str, Any]:
    return {k: (_num(v) if isinstance(v, float) else (str(v) if isinstance(v, str) else v))
            for k, v in dataclasses.asdict(loss).items()}


def result_json(r: RoundResult) -> dict[str, Any]:
    """How a round ended, as codes (every hand: it is shown at the showdown)."""
    return {"round": r.round, "how": str(r.how), "hands": [_cards(h) for h in r.hands],
            "values": [_num(v) for v in r.values], "knocker": r.knocker, "winner": r.winner,
            "lowest": list(r.lowest), "losses": list(r.losses),
            "why": [None if w is None else _loss(w) for w in r.why], "void": r.void, "holders": list(r.holders)}


def view_json(v: PlayerView) -> dict[str, Any]:
    """What ``state.view(seat)`` shows, as codes, and nothing else: this seat's hand, the other hands only once the
    round is over, the round's events with other seats' secrets hidden (:attr:`PlayerView.round_events`)."""
    return {
        "player": v.player, "round": v.round, "dealer": v.dealer, "lives": list(v.lives), "out": list(v.out),
        "current_player": v.current_player, "phase": str(v.phase), "hand": _cards(v.hand),
        "hands": None if v.hands is None else [_cards(h) for h in v.hands], "hand_sizes": list(v.hand_sizes),
        "center": _cards(v.center), "discard_pile": _cards(v.discard_pile), "stock_count": v.stock_count,
        "out_of_play": _cards(v.out_of_play), "knocker": v.knocker, "turns": v.turns, "played": list(v.played),
        "passes": v.passes, "known": [_cards(k) for k in v.known], "taken": None if v.taken is None else int(v.taken),
        "result": None if v.result is None else result_json(v.result),
        "legal": [str(a) for a in v.legal_actions], "events": [event_json(e) for e in v.round_events()],
    }


def dumps(msg: dict[str, Any]) -> str:
    """A server message as compact JSON (cards as ints, no words)."""
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False)
