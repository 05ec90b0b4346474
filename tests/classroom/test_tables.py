"""The class tables as pure logic (no network): seats, codes, tokens, every refusal, bots, away learners, pause,
the record, the teacher's view. Every game seeded; time from a clock the test moves."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from helpers.classroom import Clock, engine_state

from thirtyone.classroom.protocol import MAX_MESSAGE, REASONS, Reason, Refusal, parse
from thirtyone.classroom.tables import AWAY_SECONDS, CODE_ALPHABET, Conn, Hall, judge_knock
from thirtyone.coach import coach


def ask(hall: Hall, conn: Conn, **msg: Any) -> tuple[list[dict[str, Any]], set[str]]:
    return hall.handle(conn, parse(json.dumps(msg)))


def refused(hall: Hall, conn: Conn, raw: str | dict[str, Any]) -> str:
    with pytest.raises(Refusal) as info:
        hall.handle(conn, parse(raw if isinstance(raw, str) else json.dumps(raw)))
    return info.value.reason.value


def table_of_three(clock: Clock | None = None, seed: int = 7, **timing: float) -> tuple[Hall, list[Conn], str, list[str]]:
    """Ana creates a Scat table of 3 (seat 0), Bo takes seat 2, seat 1 is left to a bot; started."""
    hall = Hall(None, "TEACHER", clock or Clock(), timing={"bot_delay": 0.0, "round_pause": 0.0} | timing)
    ana, bo = Conn(), Conn()
    (created,), _ = ask(hall, ana, op="create", rules="scat", seats=3, name="Ana", seed=seed)
    code = created["code"]
    (joined,), _ = ask(hall, bo, op="join", code=code, name="Bo", seat=2)
    ask(hall, ana, op="start", code=code, token=created["token"])
    return hall, [ana, bo], code, [created["token"], joined["token"]]


def snapshot(hall: Hall, code: str) -> Any:
    t = hall.tables[code]
    return (t.n, list(t.moves), t.state, t.paused, json.dumps(t.seats_json()), t.status)


def test_a_table_is_created_joined_and_started_with_bots_in_the_empty_seats() -> None:
    hall = Hall(None, None, Clock())
    ana, bo, cy = Conn(), Conn(), Conn()
    (created,), changed = ask(hall, ana, op="create", rules={"preset": "schwimmen", "lives": 2}, seats=4,
                              level="beginner", name="  Ana  ", seat=1, seed=3)
    code = created["code"]
    assert len(code) == 5 and set(code) <= set(CODE_ALPHABET) and changed == {code}
    table = hall.tables[code]
    assert table.rules.lives == 2 and table.rules.family == "commerce" and table.creator == 1
    assert [s["kind"] for s in table.seats_json()] == ["open", "human", "open", "open"]
    assert table.seats[1].name == "Ana" and table.seats[1].token_hash != created["token"]  # only the hash is kept
    assert refused(hall, bo, {"op": "join", "code": code, "name": "Bo", "seat": 1}) == "seat-taken"
    assert refused(hall, bo, {"op": "join", "code": code, "name": "Bo", "seat": 4}) == "bad-seat"
    assert refused(hall, bo, {"op": "join", "code": "ZZZZZ", "name": "Bo", "seat": 0}) == "unknown-table"
    (joined,), _ = ask(hall, bo, op="join", code=code.lower(), name="Bo", seat=3)
    assert joined["seat"] == 3 and hall.tables[code].seats[3].name == "Bo"
    assert refused(hall, bo, {"op": "start", "code": code, "token": joined["token"]}) == "not-creator"
    assert table.state is None
    ask(hall, ana, op="start", code=code, token=created["token"])
    assert [s["kind"] for s in table.seats_json()] == ["bot", "human", "bot", "human"]
    assert table.status == "playing" and table.state is not None and table.state.rules == table.rules
    assert refused(hall, cy, {"op": "join", "code": code, "name": "Cy", "seat": 0}) == "already-started"
    assert refused(hall, ana, {"op": "start", "code": code, "token": created["token"]}) == "already-started"
    msg = table.message(3)
    assert msg["view"]["hand"] == [int(c) for c in table.state.hands[3]] and msg["view"]["hands"] is None


def test_create_refuses_bad_rules_seats_levels_and_names() -> None:
    hall = Hall(None, None, Clock())
    c = Conn()
    base = {"op": "create", "rules": "scat", "seats": 3, "name": "Ana"}
    assert refused(hall, c, base | {"rules": "poker"}) == "bad-rules"
    assert refused(hall, c, base | {"rules": {"lives": 0}}) == "bad-rules"
    assert refused(hall, c, base | {"rules": {"colour": "red"}}) == "bad-rules"
    assert refused(hall, c, base | {"seats": 1}) == "bad-seats"
    assert refused(hall, c, base | {"seats": 9}) == "bad-seats"  # 52 cards allow 9, the service 8
    assert refused(hall, c, base | {"rules": "schwimmen", "seats": 9}) == "bad-seats"
    assert refused(hall, c, base | {"level": "godlike"}) == "bad-level"
    assert refused(hall, c, base | {"name": "   "}) == "bad-name"
    assert refused(hall, c, base | {"name": "x" * 25}) == "bad-name"
    assert refused(hall, c, base | {"seat": 3}) == "bad-seat"
    assert hall.tables == {}
    (ok,), _ = ask(hall, c, **(base | {"rules": "schwimmen", "seats": 8}))
    assert len(hall.tables[ok["code"]].seats) == 8


def test_every_refusal_changes_nothing_and_the_table_goes_on() -> None:
    hall, (ana, bo), code, (ta, tb) = table_of_three()
    t = hall.tables[code]
    hall.step()  # the bot in seat 1 plays until it is a learner's turn
    assert t.state is not None and t.state.current_player in (0, 2)
    me, other = (ana, bo) if t.state.current_player == 0 else (bo, ana)
    my_token, other_token = (ta, tb) if me is ana else (tb, ta)
    legal = str(t.state.legal_actions()[0])
    stranger = Conn()
    before = snapshot(hall, code)
    cases = {
        "out-of-turn": (other, {"op": "move", "code": code, "token": other_token, "n": t.n, "action": legal}),
        "stale": (me, {"op": "move", "code": code, "token": my_token, "n": t.n - 1, "action": legal}),
        "bad-token": (me, {"op": "move", "code": code, "token": "forged-token", "n": t.n, "action": legal}),
        "not-your-seat": (other, {"op": "move", "code": code, "token": my_token, "n": t.n, "action": legal}),
        "not-seated": (stranger, {"op": "move", "code": code, "token": my_token, "n": t.n, "action": legal}),
        "illegal": (me, {"op": "move", "code": code, "token": my_token, "n": t.n, "action": "discard 2♣"}),
        "unknown-table": (me, {"op": "move", "code": "QQQQQ", "token": my_token, "n": t.n, "action": legal}),
        "bad-key": (stranger, {"op": "pause", "code": code, "key": "guess"}),
        "not-finished": (stranger, {"op": "replay", "code": code}),
    }
    for reason, (conn, msg) in cases.items():
        assert refused(hall, conn, msg) == reason, reason
        assert snapshot(hall, code) == before, reason
    for raw, reason in [("{", "malformed"), ("[1]", "malformed"), ('{"op": "dance"}', "malformed"),
                        ('{"op": "move", "code": "A", "token": "t", "n": "1", "action": "knock"}', "malformed"),
                        ('{"op": "move", "code": "A", "token": "t", "n": 1, "action": "fold"}', "malformed"),
                        ('{"op": "ping", "x": "' + "y" * MAX_MESSAGE + '"}', "too-big")]:
        assert refused(hall, me, raw) == reason
    assert snapshot(hall, code) == before
    ask(hall, me, op="move", code=code, token=my_token, n=t.n, action=legal)  # the table goes on
    assert t.n == before[0] + 1 and t.moves[-1] == legal
    # a double click: the same message again is stale
    assert refused(hall, me, {"op": "move", "code": code, "token": my_token, "n": t.n - 1, "action": legal}) == "stale"
    assert set(REASONS) >= {r.value for r in Reason}


def test_a_paused_table_waits_for_the_teacher() -> None:
    hall, (ana, bo), code, (ta, tb) = table_of_three()
    t = hall.tables[code]
    teacher = Conn()
    assert refused(hall, teacher, {"op": "pause", "code": code, "key": "nope"}) == "bad-key"
    ask(hall, teacher, op="pause", code=code, key="TEACHER")
    assert t.paused and t.due_at() is None and hall.step() == set()
    p = t.state.current_player
    conn, token = (ana, ta) if p == 0 else (bo, tb)
    if p in (0, 2):
        assert refused(hall, conn, {"op": "move", "code": code, "token": token, "n": t.n,
                                    "action": str(t.state.legal_actions()[0])}) == "paused"
    (created,), _ = ask(hall, Conn(), op="create", rules="scat", seats=2, name="Di", seed=1)
    own_key = created["teacher_key"]  # a table's own key opens that table, not another
    assert refused(hall, teacher, {"op": "resume-table", "code": code, "key": own_key}) == "bad-key"
    ask(hall, teacher, op="resume-table", code=code, key="TEACHER")
    assert not t.paused
    assert (t.due_at() is None) == (p in (0, 2))  # a bot's seat is due again, a learner's waits for them


def test_a_learner_away_on_their_turn_is_played_by_a_bot_until_back() -> None:
    clock = Clock()
    hall, (ana, bo), code, (ta, tb) = table_of_three(clock, seed=11, bot_delay=0.5)
    t = hall.tables[code]
    while t.state.current_player == 1:  # the bot in seat 1 plays first
        clock.advance(0.5)
        hall.step()
    p = t.state.current_player
    conn = ana if p == 0 else bo
    assert t.due_at() is None  # a learner who is here is never hurried
    hall.release(conn)  # the page closes
    clock.advance(AWAY_SECONDS - 1)
    assert hall.step() == set() and t.seats_json()[p]["kind"] == "human"
    clock.advance(1)
    n = t.n
    assert hall.step() == {code}
    assert t.n == n + 1 and t.seats_json()[p] == {"name": t.seats[p].name, "kind": "away", "connected": False}
    ask(hall, conn, op="resume", code=code, seat=p, token=ta if p == 0 else tb)
    assert t.seats_json()[p]["kind"] == "human" and t.seats_json()[p]["connected"]
    assert refused(hall, Conn(), {"op": "resume", "code": code, "seat": p, "token": "forged"}) == "bad-token"
    other = 2 if p == 0 else 0
    assert refused(hall, Conn(), {"op": "resume", "code": code, "seat": other,
                                  "token": ta if p == 0 else tb}) == "bad-token"


def finish(hall: Hall, code: str, conns: list[Conn], clock: Clock) -> None:
    """Everyone leaves; bots play the game to its end."""
    for c in conns:
        hall.release(c)
    t = hall.tables[code]
    while t.status != "over":
        clock.advance(AWAY_SECONDS)
        hall.step()


def test_the_record_replays_the_game_and_a_seed_gives_the_same_game() -> None:
    games = []
    for _ in range(2):
        clock = Clock()
        hall, conns, code, _tokens = table_of_three(clock, seed=21)
        finish(hall, code, conns, clock)
        t = hall.tables[code]
        (record,), _ = ask(hall, Conn(), op="replay", code=code)
        s = engine_state(record["rules"], record["seats"], record["seed"], record["moves"])
        assert s.game_over and s.events == t.state.events and s.lives == t.state.lives
        assert record["names"] == ["Ana", None, "Bo"]
        games.append(record["moves"])
    assert games[0] == games[1] and len(games[0]) > 10


def test_the_teacher_sees_progress_every_hand_after_a_round_and_the_coach_on_each_knock() -> None:
    clock = Clock()
    hall, conns, code, _tokens = table_of_three(clock, seed=5)
    teacher = Conn()
    (msg,), _ = ask(hall, teacher, op="watch", key="TEACHER")
    (row,) = msg["tables"]
    assert row["code"] == code and row["round"] == 1 and row["lives"] == [3, 3, 3] and row["rounds"] == []
    clock.advance(7)
    assert hall.teacher_message(teacher)["tables"][0]["waited"] == 7.0
    finish(hall, code, conns, clock)
    t = hall.tables[code]
    rounds = t.progress()["rounds"]
    assert [r["round"] for r in rounds] == list(range(1, t.state.round + 1))
    for r in rounds:
        assert all(h is None or len(h) == 3 for h in r["hands"]) and sum(r["losses"]) >= 0
    knocked = [r for r in rounds if r["knock"] is not None]
    assert knocked and all(r["knock"]["verdict"] == "pending" for r in knocked)
    entry, before, seat = t.pending_knocks()[0]
    verdict = judge_knock(before, seat, rollouts=20, seed=3)
    advice = coach(before, seat, rollouts=20, knock_rollouts=20, seed=3)
    assert verdict["verdict"] == advice.knock_verdict and verdict["other"] == str(advice.other_move.action)
    assert before.current_player == seat == entry["seat"] and before.apply("knock").knocker == seat


def test_a_refused_join_leaves_the_connection_where_it_was() -> None:
    hall, (ana, bo), code, _tokens = table_of_three()
    held = copy.copy(bo)
    assert refused(hall, bo, {"op": "join", "code": code, "name": "Bo", "seat": 1}) == "already-started"
    assert (bo.code, bo.seat) == (held.code, held.seat) and hall.tables[code].seats[2].connected == 1
