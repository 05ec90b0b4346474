"""The teacher's view (``thirtyone.widgets.classteacher``) driven in pure Python against a real table service in the
same process (its Tornado app on a free loopback port, its SQLite file in a temporary folder): a key refused with a
sentence, every table a key opens listed with whose turn and how long, pause and go on, every hand and the coach's
verdict on each knock after a round, a finished game replayed move by move to the engine's own end. The
``widget_errors`` fixture (conftest) fails any test in which a widget callback or a message handler raised."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from helpers.classroom import client, engine_state, eventually, run, serving
from helpers.classroom import until as next_message

from thirtyone import i18n
from thirtyone.i18n import cards_text
from thirtyone.widgets.classteacher import TeacherView, knock_sentences, round_sentences, table_sentences


def words(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def said(v: TeacherView) -> str:
    return words(v.connection.value + " " + v.message.value + " " + v.summary.value)


def http(ws: str) -> str:
    return ws.replace("ws://", "http://").removesuffix("ws")


async def table(url: str, seats: int = 3, rules: Any = "scat", name: str = "Ana") -> tuple[Any, dict[str, Any]]:
    """A learner creates a table of ``seats`` (seat 1) and starts it: the learner's client and ``created``."""
    c = await client(url)
    await c.send({"op": "create", "rules": rules, "seats": seats, "level": "beginner", "name": name, "seed": 11})
    created = await next_message(c, lambda m: m["op"] == "created")
    await c.send({"op": "start", "code": created["code"], "token": created["token"]})
    await next_message(c, lambda m: m["op"] == "table" and m["status"] == "playing")
    return c, created


def test_no_key_and_a_wrong_key_are_refused_in_a_sentence(tmp_path: Path) -> None:
    async def test() -> None:
        async with serving(str(tmp_path / "t.db")) as (url, _service):
            ana, _created = await table(url)
            v = TeacherView(http(url))
            try:
                assert "Type the teacher key and press Show the tables." in said(v)
                assert not v.show() and "Type the teacher key first." in said(v)
                v.key_box.value = "not the key"
                assert v.show()
                await eventually(lambda: "opens no table" in said(v))
                assert v.panels == {} and not v.watching and v.tables_box.children == ()
                assert "Connected to the table service." in said(v)
            finally:
                await v.disconnect()
                await ana.close()

    run(test)


def test_the_keys_tables_are_listed_with_whose_turn_and_can_be_paused_and_go_on(tmp_path: Path) -> None:
    async def test() -> None:
        async with serving(str(tmp_path / "t.db"), bot_delay=0.0, away_seconds=600.0) as (url, _service):
            ana, created = await table(url)
            cy, other = await table(url, seats=2, name="Cy")
            v = TeacherView(http(url), key=created["teacher_key"])  # the table's own key: that table only
            try:
                v.show_button.click()
                await eventually(lambda: v.panels and "to play" in v.panels[created["code"]].head.value)
                assert list(v.panels) == [created["code"]] and "The key opens 1 table." in said(v)
                panel = v.panels[created["code"]]
                head = words(panel.head.value)
                assert created["code"] in head and "They play Scat" in head and "This is round 1." in head
                assert "Ana" in head and "a learner" in head and "a bot" in head and "Bot 2" in head
                assert re.search(r"It is Ana's turn, for \d+ seconds? now\.", head), head  # bots play at once
                assert "Ana (to play) a learner 3" in head  # the seat's row: name, who plays it, lives
                panel.at -= 7  # the wait counts on between two messages
                panel.draw()
                assert re.search(r"for (7|8) seconds now", words(panel.head.value))
                # pause: the learner's move is refused, the page says so; go on: it is taken
                assert panel.pause_button.description == "Pause"
                panel.pause_button.click()
                await eventually(lambda: v.panels[created["code"]].row.get("paused"))
                assert "You have paused this table" in words(panel.head.value)
                assert panel.pause_button.description == "Go on"
                seen = await next_message(ana, lambda m: m["op"] == "table" and m["paused"])
                await ana.send({"op": "move", "code": created["code"], "token": created["token"], "n": seen["n"],
                                "action": seen["view"]["legal"][0]})
                refused = await next_message(ana, lambda m: m["op"] == "refused")
                assert refused["reason"] == "paused"
                panel.pause_button.click()
                await eventually(lambda: not v.panels[created["code"]].row.get("paused"))
                assert panel.pause_button.description == "Pause"
                await ana.send({"op": "move", "code": created["code"], "token": created["token"], "n": seen["n"],
                                "action": seen["view"]["legal"][0]})
                await eventually(lambda: v.panels[created["code"]].row["n"] > seen["n"])
                # the service's key opens every table
                v.key_box.value = "TEACHER"
                v.show_button.click()
                await eventually(lambda: set(v.panels) == {created["code"], other["code"]})
                assert "The key opens 2 tables." in said(v)
            finally:
                await v.disconnect()
                await ana.close()
                await cy.close()

    run(test)


def test_after_each_round_every_hand_and_the_knock_verdict_and_the_game_replayed_to_the_engines_end(
        tmp_path: Path) -> None:
    async def test() -> None:
        async with serving(str(tmp_path / "t.db"), bot_delay=0.0, away_seconds=0.0) as (url, service):
            v = TeacherView(http(url), key="TEACHER")
            v.show()
            await eventually(lambda: v.watching)
            ana, created = await table(url, seats=2, rules={"preset": "scat", "lives": 2})
            code = created["code"]
            await ana.close()  # Ana's page is gone: a bot plays her seat, the game runs to its end
            await eventually(lambda: code in v.panels and v.panels[code].row.get("status") == "over", 60)
            row = v.panels[code].row
            assert row["rounds"] and any(r["knock"] for r in row["rounds"])
            await eventually(lambda: "still weighing" not in v.panels[code].rounds.value, 90)
            row = v.panels[code].row
            text = words(v.panels[code].rounds.value)
            record = service.hall.tables[code].record()
            end = engine_state(record["rules"], record["seats"], record["seed"], record["moves"])
            first = end.rules  # every hand of round 1 as the engine dealt it at the showdown
            names = ["Ana", "Bot 2"]
            r1 = row["rounds"][0]
            for seat, hand in enumerate(r1["hands"]):
                assert f"{names[seat]} held {cards_text(hand)}, worth" in text
            knocked = [r for r in row["rounds"] if r["knock"]]
            for r in knocked:
                k = r["knock"]
                assert k["verdict"] in ("knock", "play on", "about as good", "")
                assert f"{names[k['seat']]} knocked on" in text
            assert re.search(r"The coach (agreed|would rather|found the knock)", text), text
            assert "The game is over" in words(v.panels[code].head.value) and first.lives == 2
            assert v.panels[code].replay_button.layout.display is None
            assert v.panels[code].pause_button.layout.display == "none"
            v.panels[code].replay_button.click()
            await eventually(lambda: v.replay_view is not None)
            rep = v.replay_view
            assert rep is not None and rep.at == 0 and rep.back_button.disabled
            assert all(len(row.cards) == 3 for row in rep.rows)  # every hand shown
            assert rep.next_button.click() is None and rep.at == 1 and "Move 1 of" in words(rep.said.value)
            rep.back_button.click()
            assert rep.at == 0
            steps = 0
            while not rep.next_button.disabled:
                rep.next_button.click()
                steps += 1
            assert steps == len(record["moves"]) and rep.state.events == end.events and rep.state.lives == end.lives
            assert rep.state.game_over and [r.cards for r in rep.rows] == [[int(c) for c in h] for h in end.hands]
            rep.first_button.click()
            rep.last_button.click()
            assert rep.state.events == end.events and rep.at == steps
        await v.disconnect()

    run(test)


def test_the_sentences_are_whole_in_every_language() -> None:
    row = {"code": "ABCDE", "status": "playing", "paused": False, "n": 4, "rules": "scat", "round": 2,
           "seats": [{"name": "Ana", "kind": "human"}, {"name": None, "kind": "bot"}, {"name": "Ben", "kind": "away"}],
           "lives": [3, 0, 2], "out": [False, False, False], "turn": 2, "waited": 65.2, "rounds": []}
    entry = {"round": 1, "hands": [[0, 4, 8], [51, 47, 43], None], "values": [5, 31, None], "losses": [1, 0, 0],
             "knock": {"seat": 0, "turns": 3, "value": 5, "verdict": "play on", "knock_lives": 0.91,
                       "other": "draw stock", "other_lives": 0.4}}
    english = table_sentences(row) + round_sentences(entry, ["Ana", "Bot 2", "Ben"])
    assert english[-1] == "The coach would rather Ana had played on: knocking lost 0.91 lives on average, playing on 0.40."
    assert "It is Ben's turn, for 65 seconds now." in english
    for lang in ("es", "de"):
        with i18n.using(lang):
            other = table_sentences(row) + round_sentences(entry, ["Ana", "Bot 2", "Ben"])
            other += knock_sentences(dict(entry["knock"], verdict="pending"), ["Ana"])
        assert len(other) == len(english) + 2
        for a, b in zip(english, other, strict=False):
            assert a != b and b[0].isupper() and b.endswith("."), (lang, b)
