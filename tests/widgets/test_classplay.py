"""Lesson 6's "Play with others" (``thirtyone.widgets.classplay``) driven in pure Python against a real table
service in the same process (``thirtyone.classroom``: its Tornado app on a free loopback port, its SQLite file in a
temporary folder): create, join, start, play to the end, the coach for one's own hand, every refusal said, a
reload that keeps its seat, a service stopped and started again on the same file. The ``widget_errors`` fixture
(conftest) fails any test in which a widget callback or a message handler raised."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.classroom import Service, eventually, run

from thirtyone import i18n, new_game
from thirtyone.classroom.protocol import REASONS, view_json
from thirtyone.game import State
from thirtyone.rules import Rules
from thirtyone.widgets.classcontrol import REFUSALS, refusal_text, view_state
from thirtyone.widgets.classlink import URL_VARIABLE, service_url
from thirtyone.widgets.classplay import SEAT_PREFIX, ClassPlay

LESSON = Path(__file__).resolve().parents[2] / "tools" / "lessons" / "06-play.md"


# -- the service in this process ------------------------------------------------------------------------------
def page(url: str | None, stored: dict[str, Any] | None = None, **kwargs: Any) -> ClassPlay:
    """The section as a page shows it: drawn (its seat store's first message, with what this browser keeps)."""
    p = ClassPlay(url, rollouts=20, **kwargs)
    p.store.sent = []  # type: ignore[attr-defined]
    p.store.send = lambda content, buffers=None: p.store.sent.append(content)  # type: ignore[method-assign]
    p.store.loaded = json.dumps({code: json.dumps(entry) for code, entry in (stored or {}).items()})
    return p


def said(p: ClassPlay) -> str:
    """What the section says now: its connection line and its message, as words."""
    return re.sub(r"<[^>]+>", " ", p.connection.value + " " + p.message.value)


async def seated(service: Service, level: str = "beginner", seats: int = 3,
                 rules: Rules | None = None) -> tuple[ClassPlay, ClassPlay]:
    """Ana creates a table of ``seats`` (seat 1; ``rules``: the rule editor's choice), Ben joins it in the last
    seat."""
    ana, ben = page(service.url), page(service.url)
    await ana.connect()  # a page does it once drawn; here the loop of the test runs
    await ben.connect()
    await eventually(lambda: ana.connected and ben.connected)
    if rules is not None:
        ana.rules_editor.rules = rules
    ana.create_name.value = "Ana"
    ana.seats_menu.value = seats
    ana.level_menu.value = level
    ana.create_button.click()
    await eventually(lambda: ana.code is not None and ana.last is not None)
    ben.code_box.value = ana.code.lower()  # as typed: small letters are the same code
    ben.join_name.value = "Ben"
    await eventually(lambda: ben.seat_menu.options)  # the free seats only, once the code is typed
    assert [v for _label, v in ben.seat_menu.options] == list(range(1, seats))
    ben.seat_menu.value = seats - 1
    ben.join_button.click()
    await eventually(lambda: ben.last is not None and ana.last is not None and len(
        [s for s in ana.last["seats"] if s.get("name")]) == 2)
    return ana, ben


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path / "tables.db"


# -- the service's messages read back ---------------------------------------------------------------------------
def test_a_state_made_from_a_seats_message_shows_that_seat_exactly_what_the_service_saw() -> None:
    """For every seat, at every step of random games under six rule sets: the state rebuilt from the ``table``
    message's view has that very view (hand, piles, hand sizes, known cards, legal moves, the round's events and
    result): the card table and the coach read nothing else."""
    checked = 0
    for preset in ("scat", "schwimmen", "feuer", "bga-commerce", "widow", "bga-draw"):
        for seed in range(4):
            rng = random.Random(seed)
            s = new_game(preset, players=rng.randint(2, 6), seed=seed)
            while not s.game_over and s.round <= 3:
                for seat in range(s.players):
                    want = s.view(seat)
                    got = view_state(json.loads(json.dumps(view_json(want))), s.rules).view(seat)
                    for f in dataclasses.fields(want):
                        if f.name != "_log":
                            assert getattr(got, f.name) == getattr(want, f.name), (preset, seed, f.name)
                    assert got.round_events() == want.round_events()
                    checked += 1
                s = s.apply(rng.choice(s.legal_actions()))
    assert checked > 1000


def test_every_refusal_of_the_protocol_is_a_whole_sentence_in_every_language() -> None:
    assert set(REFUSALS) == set(REASONS)
    for reason in REASONS:
        english = refusal_text(reason)
        assert english.endswith(".") and english[0].isupper() and "-" not in english.split()[0]
        for lang in ("es", "de"):
            with i18n.using(lang):
                assert refusal_text(reason) != english, (lang, reason)


# -- no service ---------------------------------------------------------------------------------------------------
def test_without_a_service_the_section_says_so_and_offers_nothing_to_click(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(URL_VARIABLE, raising=False)
    assert service_url() is None
    p = page(None)
    assert "not running on this server" in said(p) and "works as before" in said(p)
    assert p.choose_box.layout.display == "none" and p.lobby_box.layout.display == "none"
    monkeypatch.setenv(URL_VARIABLE, "http://127.0.0.1:1/")
    assert ClassPlay().url == "http://127.0.0.1:1/"


def test_a_service_that_does_not_answer_is_said_and_found_once_it_starts(db: Path) -> None:
    async def test() -> None:
        from tornado.netutil import bind_sockets

        port = bind_sockets(0, "127.0.0.1")[0]
        number = port.getsockname()[1]
        port.close()
        p = page(f"http://127.0.0.1:{number}/")
        assert "Connecting" in said(p)
        await p.connect()
        await eventually(lambda: "does not answer" in said(p))
        assert p.choose_box.layout.display == "none"
        service = Service(db, number).start()
        try:
            await eventually(lambda: p.connected, 20)
            assert "Connected to the table service." in said(p) and p.choose_box.layout.display is None
        finally:
            await p.disconnect()
            service.stop()

    run(test)


# -- a table, from its creation to the end of its game ------------------------------------------------------------
def test_two_learners_and_a_bot_play_a_whole_game_each_seeing_only_their_own_hand(db: Path) -> None:
    async def test() -> None:
        service = Service(db).start()
        ana, ben = await seated(service, rules=Rules.preset("scat").replace(lives=2))
        try:
            assert ana.code is not None and re.fullmatch(r"[A-Z2-9]{5}", ana.code)
            assert ana.code in ana.lobby.value and "Seat 1: Ana (you)" in ana.lobby.value
            assert "Seat 2: free" in ben.lobby.value and "Seat 3: Ben (you)" in ben.lobby.value
            assert ana.start_button.layout.display is None and ben.start_button.layout.display == "none"
            ben.start()  # only the creator starts
            await eventually(lambda: "Only whoever created the table" in said(ben))
            ana.start_button.click()
            await eventually(lambda: ana.table is not None and ben.table is not None)
            assert ana.table is not None and ben.table is not None
            assert ana.table.names == ("Ana", "Bot 2", "Ben") and ana.table.labels[0] == "Ana (you)"
            coached = 0
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                for p in (ana, ben):
                    t = p.table
                    assert t is not None
                    board = t.control.board()
                    if not t.state.round_over:  # another seat's hand is never there to be drawn before the showdown
                        assert board.hands is None or all(
                            h == () or i == t.seat for i, h in enumerate(board.hands)), board.hands
                        assert all(all(c is None for c in t.card_row_cards(box.row)) for box in t.seats.values())
                    if t.state.game_over or t.control.waiting:
                        continue
                    if t.my_turn:
                        if coached < 3:
                            advice = p.ask_coach()
                            assert advice is not None and "to-coach-advice" in p.coach_html.value
                            coached += 1
                            assert p.follow()
                        else:  # knock when the rules let you: short rounds
                            knock = [a for a in t.legal() if a.kind == "knock"]
                            t.play((knock or list(t.legal()))[0])
                    elif t.state.round_over:
                        t.click_next_round()
                if ana.table.state.game_over and ben.table.state.game_over:
                    break
                await asyncio.sleep(0.005)
            assert ana.table.state.game_over and ben.table.state.game_over
            assert ana.table.state.winner == ben.table.state.winner and ana.table.state.rules.lives == 2
            assert "Game log" in ana.game_log.value and "Round 1:" in ana.game_log.value
            assert ana.ask_coach() is None and "on your turn" in ana.coach_html.value.lower()
            # the record the service keeps replays to the very end every page showed
            record = service.service.hall.tables[ana.code]
            replayed: State = new_game(record.rules, players=len(record.seats), seed=record.seed)
            for move in record.moves:
                replayed = replayed.apply(move)
            assert replayed.lives == ana.table.state.lives and replayed.winner == ana.table.state.winner
        finally:
            await ana.disconnect()
            await ben.disconnect()
            service.stop()

    run(test)


def test_the_seat_token_is_kept_in_the_browser_per_table_and_a_reload_sits_down_at_the_same_seat(db: Path) -> None:
    async def test() -> None:
        service = Service(db).start()
        ana, ben = await seated(service)
        try:
            kept = [m for m in ben.store.sent if m["event"] == "keep"]  # type: ignore[attr-defined]
            assert [m["code"] for m in kept] == [ana.code]
            entry = json.loads(kept[0]["text"])
            assert entry["seat"] == 2 and entry["token"] == ben.token
            ana.start()
            await eventually(lambda: ben.table is not None)
            n = ben.last["n"] if ben.last else 0
            await ben.disconnect()  # the page is reloaded: a new page, with what this browser keeps
            again = page(service.url, stored={ana.code: entry, "OLD22": {"seat": 0, "token": "x", "at": 0}})
            await again.connect()
            await eventually(lambda: again.table is not None)
            assert again.seat == 2 and again.code == ana.code and again.table is not None
            assert again.table.labels[2] == "Ben (you)" and again.last is not None and again.last["n"] >= n
            assert "Reconnected: you kept your seat." in said(again)
            await again.disconnect()
        finally:
            await ana.disconnect()
            service.stop()

    run(test)


def test_a_seat_kept_in_the_browser_that_the_service_no_longer_knows_is_forgotten_and_said(db: Path) -> None:
    async def test() -> None:
        service = Service(db).start()
        p = page(service.url, stored={"ZZZZZ": {"seat": 1, "token": "forged", "at": 5}})
        try:
            await p.connect()
            await eventually(lambda: "no longer there" in said(p))
            assert {"event": "forget", "code": "ZZZZZ"} in p.store.sent  # type: ignore[attr-defined]
            assert p.code is None and p.choose_box.layout.display is None
        finally:
            await p.disconnect()
            service.stop()

    run(test)


def test_each_refusal_is_said_and_changes_nothing(db: Path) -> None:
    async def test() -> None:
        service = Service(db).start()
        ana, ben = await seated(service)
        carl = page(service.url)
        try:
            await carl.connect()
            await eventually(lambda: carl.connected)
            carl.code_box.value = ""
            carl.join()
            assert "Type the table's code" in said(carl)
            carl.code_box.value = "QQQQQ"
            carl.join_name.value = "Carl"
            await eventually(lambda: "no table with that code" in carl.seats_note.value)
            assert carl.seat_menu.layout.display == "none" and carl.join_button.disabled
            assert not carl.join() and "Choose a free seat" in said(carl)
            carl.code_box.value = ana.code or ""
            await eventually(lambda: carl.seat_menu.options)
            assert [v for _label, v in carl.seat_menu.options] == [1]  # Ana's and Ben's seats are not offered
            carl.seat_menu.options = [("3", 2), ("2", 1)]  # a menu shown before Ben sat down
            carl.seat_menu.value = 2
            carl.join()
            await eventually(lambda: "already taken that seat" in said(carl))
            await eventually(lambda: [v for _label, v in carl.seat_menu.options] == [1])  # the free seats shown again
            carl.seat_menu.options = [("7", 6)]
            carl.seat_menu.value = 6
            carl.join()
            await eventually(lambda: "has no such seat" in said(carl))
            carl.join_name.value = " "
            carl.seat_menu.options = [("2", 1)]
            carl.seat_menu.value = 1
            carl.join()
            await eventually(lambda: "Type your name" in said(carl))
            assert carl.code is None
            ana.start()
            await eventually(lambda: ana.table is not None and ben.table is not None)
            assert ana.table is not None and ben.table is not None
            mover, other = (ana, ben) if ana.table.my_turn else (ben, ana)
            while not (mover.table and mover.table.my_turn):  # the bot may be first
                await asyncio.sleep(0.01)
                mover, other = (ana, ben) if ana.table.my_turn else (ben, ana)
            t = mover.table
            assert t is not None
            before = mover.last["n"] if mover.last else -1
            assert t.play(t.legal()[0])
            assert not t.play(t.legal()[0] if t.legal() else "knock")  # a double click: stale, nothing sent
            await eventually(lambda: mover.last is not None and mover.last["n"] == before + 1)
            # a move sent for a table the page has not seen yet (a click that crossed the next table): refused
            assert mover.last is not None
            stale = dict(mover.last, n=before)
            mover.last = stale
            mover.move(t.legal()[0] if t.legal() else other.table.legal()[0])  # type: ignore[union-attr]
            await eventually(lambda: any(w in said(mover) + t.message for w in ("moved on", "not your turn")))
            carl.code_box.value = ""
            carl.code_box.value = ana.code or ""  # typed again once the game has started: no seat to offer
            await eventually(lambda: "already started" in carl.seats_note.value)
            assert carl.join_button.disabled and not carl.seat_menu.options
        finally:
            for p in (ana, ben, carl):
                await p.disconnect()
            service.stop()

    run(test)


def test_a_service_stopped_mid_round_and_started_again_is_reconnected_with_the_seat_kept(db: Path) -> None:
    async def test() -> None:
        service = Service(db).start()
        ana, ben = await seated(service, seats=2)
        try:
            ana.start()
            await eventually(lambda: ana.table is not None and ben.table is not None)
            assert ana.last is not None
            n = ana.last["n"]
            service.stop()
            await eventually(lambda: "Connection to the table lost: reconnecting…" in said(ana)
                        and "reconnecting" in said(ben))
            assert ana.table is not None and ana.table_box.layout.display is None  # the table stays on screen
            service = Service(db, service.port).start()
            await eventually(lambda: "Reconnected: you kept your seat." in said(ana)
                        and "Reconnected: you kept your seat." in said(ben), 30)
            assert ana.last is not None and ana.last["n"] == n and ana.seat == 0 and ben.seat == 1
            assert "Connected to the table service." in said(ana)
            t = ana.table if ana.table.my_turn else ben.table  # play on where the round was
            assert t is not None and t.play(t.legal()[0])
            await eventually(lambda: ana.last is not None and ana.last["n"] == n + 1)
        finally:
            await ana.disconnect()
            await ben.disconnect()
            service.stop()

    run(test)


def test_a_learner_away_on_their_turn_is_played_by_a_bot_and_the_others_read_so(db: Path) -> None:
    async def test() -> None:
        service = Service(db, away_seconds=0.3).start()
        ana, ben = await seated(service, seats=2)
        try:
            ana.start()
            await eventually(lambda: ana.table is not None and ben.table is not None)
            await ben.disconnect()  # Ben's page is closed
            await eventually(lambda: "Ben is away, so a bot plays their seat until they are back." in ana.away_html.value,
                        20)
            assert ana.table is not None and "Ben (away: a bot plays)" in ana.table.labels
        finally:
            await ana.disconnect()
            service.stop()

    run(test)


def test_a_page_left_in_its_browser_lets_go_of_the_table_and_a_bot_plays_for_its_learner(db: Path) -> None:
    """A closed tab leaves its kernel running a while: the page says it is left (or falls silent), and the kernel
    lets go of the table, so that the service counts the learner away."""
    from thirtyone.widgets.classplay import GONE_SECONDS

    async def test() -> None:
        service = Service(db, away_seconds=0.3).start()
        ana, ben = await seated(service, seats=2)
        try:
            ana.start()
            await eventually(lambda: ana.table is not None and ben.table is not None)
            ben.store._handle_custom_msg({"event": "alive"}, [])
            assert not ben.store.gone() and ben.connected
            ben.store._handle_custom_msg({"event": "gone"}, [])  # the tab is closed: its pagehide
            await eventually(lambda: "Ben is away, so a bot plays their seat until they are back." in ana.away_html.value,
                             20)
            assert ana.table is not None and "Ben (away: a bot plays)" in ana.table.labels
            assert ana.store.seen is not None and not ana.store.gone()
            assert ana.store.gone(ana.store.seen + GONE_SECONDS + 1), "a page silent that long has been left"
        finally:
            await ana.disconnect()
            await ben.disconnect()
            service.stop()

    run(test)


def test_the_lesson_builds_the_section_in_one_call() -> None:
    text = LESSON.read_text(encoding="utf-8")
    cell = re.search(r"```python\n(from thirtyone.widgets import ClassPlay\n\nClassPlay\(.*?\))\n```", text)
    assert cell, "lesson 6 has no cell that is one call to ClassPlay"
    for lang in ("es", "de"):
        assert cell.group(1) in (LESSON.parent / lang / "06-play.md").read_text(encoding="utf-8")
    assert SEAT_PREFIX.startswith("thirtyone.")


def test_the_creator_reads_the_tables_teacher_key_kept_in_the_browser_and_a_full_table_offers_no_seat(db: Path) -> None:
    async def test() -> None:
        service = Service(db).start()
        ana, ben = await seated(service, seats=2)
        carl = page(service.url)
        try:
            key = service.service.hall.tables[ana.code]
            assert ana.teacher_key and "Teacher key:" in ana.lobby.value and ana.teacher_key in ana.lobby.value
            assert "your teacher can follow this table" in ana.lobby.value
            assert ben.teacher_key is None and "Teacher key" not in ben.lobby.value  # only whoever created it
            from thirtyone.classroom.tables import token_hash

            assert token_hash(ana.teacher_key) == key.teacher_hash
            kept = [json.loads(m["text"]) for m in ana.store.sent if m["event"] == "keep"]  # type: ignore[attr-defined]
            assert kept[-1]["teacher_key"] == ana.teacher_key
            assert all("teacher_key" not in json.loads(m["text"]) for m in ben.store.sent  # type: ignore[attr-defined]
                       if m["event"] == "keep")
            await carl.connect()
            await eventually(lambda: carl.connected)
            carl.code_box.value = ana.code or ""
            await eventually(lambda: "Every seat at table" in carl.seats_note.value)
            assert carl.join_button.disabled and carl.seat_menu.layout.display == "none"
            ana.start()
            await eventually(lambda: ana.table is not None)
            assert ana.teacher_key in ana.away_html.value
            await ana.disconnect()  # a reload: the key is still shown, from this browser's keeping
            again = page(service.url, stored={ana.code: kept[-1]})
            await again.connect()
            await eventually(lambda: again.table is not None and again.teacher_key is not None)
            assert again.teacher_key == kept[-1]["teacher_key"] and again.teacher_key in again.away_html.value
            await again.disconnect()
        finally:
            for p in (ben, carl):
                await p.disconnect()
            service.stop()

    run(test)
