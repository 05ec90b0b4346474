"""Lesson 6's "Play with others" in Debian's chromium: the class's table service (``python -m thirtyone.classroom``,
its tables in a temporary SQLite file) beside the session's Voilà, whose kernels learn its address from
THIRTYONE_CLASS_URL (conftest's ``voila_server``).

Three learners in three browser contexts, each in their own language, and a bot at one table (the service seeded,
so the deal is the same each run): Ana (English) creates it (4 seats, beginner bots) and reads its code; Inés
(Spanish, at 390 px) and Jonas (German) join it by the code, each with a name and a free seat; Ana starts the game.
The service is killed (SIGKILL) mid-round and started again on the same file, and every page reconnects on its own
and says so in its language. Inés reloads her page and sits at her seat again with the same hand; Jonas closes his,
and a bot plays his turns while the others read that he is away; Ana knocks. The round ends, and the showdown the
pages show (every hand's value, every seat's lives) is the one the engine gives when the service's record (the
rules, seed and moves in its file) is replayed through it, whatever the timing made the bots play.

While the round is played, the teacher opens the page for the teacher in a fourth context with the service's key,
sees the table listed with whose turn it is, pauses it and lets it go on.

Screenshots of a table at 1280 and 390 px: test-artifacts/class-table-*.png, and of the teacher's view:
test-artifacts/class-teacher-*.png, copied to /work/notes when it exists.
"""

from __future__ import annotations

import json
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ARTIFACTS, KERNEL_IDLE, ROOT, wait_for_http, watch_console

from thirtyone import new_game
from thirtyone.classroom.protocol import rules_from_json

pytestmark = pytest.mark.browser

LESSON = "voila/render/{folder}06-play.ipynb"
TEACHER_PAGE = "voila/render/class-teacher.ipynb"
NOTES = Path("/work/notes")
SECTION = ".to-classplay"
CONNECTED = {"": "Connected to the table service.", "es/": "Conexión establecida con el servicio de mesas.",
             "de/": "Mit dem Tischdienst verbunden."}
LOST = {"": "Connection to the table lost: reconnecting…", "es/": "Se perdió la conexión con la mesa: reconectando…",
        "de/": "Verbindung zum Tisch verloren: Sie wird wiederhergestellt …"}
BACK = {"": "Reconnected: you kept your seat.", "es/": "Conexión recuperada: conservas tu asiento.",
        "de/": "Wieder verbunden: Du hast deinen Platz behalten."}
WORDS = {
    "": {"name": "Your name", "seats": "Seats at the table", "level": "Bots' level", "create": "Create a table",
         "code": "Table code", "seat": "Your seat", "join": "Join", "start": "Start the game",
         "stock": "Draw from the stock", "hand": "your hand", "knock": "Knock", "beginner": "beginner"},
    "es/": {"name": "Tu nombre", "seats": "Asientos en la mesa", "level": "Nivel de los bots",
            "create": "Crear una mesa", "code": "Código de la mesa", "seat": "Tu asiento", "join": "Unirse",
            "start": "Empezar la partida", "stock": "Robar del mazo", "hand": "tu mano", "knock": "Golpear",
            "beginner": "principiante"},
    "de/": {"name": "Dein Name", "seats": "Plätze am Tisch", "level": "Stärke der Bots", "create": "Tisch anlegen",
            "code": "Code des Tisches", "seat": "Dein Platz", "join": "Beitreten", "start": "Partie starten",
            "stock": "Vom Stapel ziehen", "hand": "deine Hand", "knock": "Klopfen", "beginner": "Anfänger"},
}
"""The words a learner finds the controls by, in each language (the catalogs' own translations)."""
MY_TURN = re.compile(r"Your turn|Tu turno|Du bist am Zug")
"""The status line on the learner's turn, in each language."""


class ClassService:
    """``python -m thirtyone.classroom`` on the port Voilà's kernels were told, over ``db``."""

    def __init__(self, port: int, db: Path) -> None:
        self.port, self.db = port, db
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = ARTIFACTS / "class-service.log"

    def start(self) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        out = self.log.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "thirtyone.classroom", "--port", str(self.port), "--db", str(self.db),
             "--teacher-key", "teacher", "--bot-delay", "0.3", "--round-pause", "600", "--away-seconds", "6",
             "--seed", "7"],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
        wait_for_http(f"http://127.0.0.1:{self.port}/health", timeout=60, proc=self.proc)

    def kill(self) -> None:
        """SIGKILL: no goodbye, nothing flushed but what SQLite committed."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def record(self, code: str) -> tuple[Any, int, int, list[str]]:
        """The table's rules, seats, seed and moves as the service's file holds them."""
        db = sqlite3.connect(str(self.db))
        try:
            rules, seats, seed = db.execute("SELECT rules, seats, seed FROM tables WHERE code = ?", (code,)).fetchone()
            moves = [a for (a,) in db.execute("SELECT action FROM moves WHERE code = ? ORDER BY n", (code,))]
        finally:
            db.close()
        return rules_from_json(json.loads(rules)), seats, seed, moves


@pytest.fixture(scope="module")
def service(voila_server: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassService]:
    s = ClassService(voila_server.extra["class_port"], tmp_path_factory.mktemp("class") / "tables.db")
    s.start()
    try:
        yield s
    finally:
        s.stop()


class Learner:
    """One learner: a browser context of their own (their own localStorage), lesson 6 in ``folder``'s language."""

    def __init__(self, browser: Any, server: Any, name: str, folder: str = "", width: int = 1280) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": 900})
        self.page = self.context.new_page()
        self.name, self.folder, self.server = name, folder, server
        self.errors: list[str] = []
        watch_console(self.page, self.errors.append)
        self.page.set_default_timeout(60_000)
        self.words = WORDS[folder]

    def open(self) -> None:
        """Ask for the page (its cells run while the other learners' pages are asked for too: see :meth:`ready`)."""
        self.page.goto(self.server.url(LESSON.format(folder=self.folder)), wait_until="commit")

    def ready(self) -> None:
        """Wait until the page has connected to the table service."""
        self.section.locator(".to-class-connection").get_by_text(CONNECTED[self.folder]).wait_for(timeout=120_000)

    @property
    def section(self) -> Any:
        return self.page.locator(SECTION)

    def says(self, text: str, timeout: float = 60_000) -> None:
        """Wait until the section shows ``text`` (its connection line, its message, the away line...)."""
        self.page.wait_for_function("([sel, text]) => { const s = document.querySelector(sel);"
                                    " return !!s && s.innerText.includes(text); }", arg=[SECTION, text],
                                    timeout=timeout, polling=100)

    def create(self, seats: int) -> str:
        box = self.section.locator(".to-class-panel").first
        box.get_by_label(self.words["seats"]).select_option(label=str(seats))
        box.get_by_label(self.words["level"]).select_option(label=self.words["beginner"])
        box.get_by_label(self.words["name"]).fill(self.name)
        box.get_by_role("button", name=self.words["create"]).click()
        code = self.section.locator(".to-class-code")
        code.wait_for()
        return code.inner_text().strip()

    def join(self, code: str, seat: int) -> None:
        box = self.section.locator(".to-class-panel").nth(1)
        box.get_by_label(self.words["code"]).fill(code)
        box.get_by_label(self.words["name"], exact=True).fill(self.name)
        box.get_by_label(self.words["seat"]).select_option(label=str(seat))
        box.get_by_role("button", name=self.words["join"], exact=True).click()
        self.section.locator(".to-class-code").wait_for()

    def start(self) -> None:
        self.section.get_by_role("button", name=self.words["start"]).click()

    @property
    def table(self) -> Any:
        return self.section.locator(".to-table")

    def status(self) -> str:
        s = self.table.locator(".to-status")
        return s.inner_text() if s.count() else ""

    def hand(self) -> list[str]:
        group = self.table.get_by_role("group", name=self.words["hand"])
        return [c.get_attribute("aria-label") or "" for c in group.locator("[aria-label]").all()]

    def wait_for_table(self) -> None:
        self.table.locator(".to-status").wait_for(timeout=60_000)
        self.page.wait_for_function("el => el.querySelectorAll('[aria-label]').length >= 3",
                                    arg=self.table.get_by_role("group", name=self.words["hand"]).element_handle())

    def settled(self) -> None:
        self.page.wait_for_function(KERNEL_IDLE, timeout=60_000, polling=100)

    def move(self, knock: bool = False) -> str:
        """Play this learner's turn through the page: knock (if ``knock`` and allowed), or draw from the stock and
        throw the first card that may be thrown; returns what was done. Waits until the table has moved on."""
        before = self.status()
        button = self.table.get_by_role("button", name=self.words["knock"], exact=True)
        if knock and button.is_enabled():
            button.click()
            self._changed(before)
            return "knock"
        self.table.get_by_role("button", name=self.words["stock"]).click()
        self._changed(before)
        throw = self.status()
        group = self.table.get_by_role("group", name=self.words["hand"])
        group.locator("button:not([aria-disabled=true])").first.click()
        self._changed(throw)
        return "draw and throw"

    def _changed(self, before: str) -> None:
        self.page.wait_for_function("([el, text]) => { const s = el.querySelector('.to-status');"
                                    " return s && s.innerText !== text; }",
                                    arg=[self.table.element_handle(), before], polling=100)

    def my_turn(self) -> bool:
        return bool(MY_TURN.search(self.status()))

    def close(self) -> None:
        self.context.close()


def shoot(learner: Learner, width: int) -> None:
    """The section at ``width`` px (the whole of it), kept in test-artifacts/ and in /work/notes."""
    page = learner.page
    size = page.viewport_size
    page.set_viewport_size({"width": width, "height": 900})
    page.wait_for_timeout(400)
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"class-table-{width}.png"
    learner.section.screenshot(path=str(path))
    if NOTES.is_dir():
        shutil.copy(path, NOTES / path.name)
    assert page.evaluate("() => document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth") <= 1
    page.set_viewport_size(size)


def open_teacher(browser: Any, server: Any) -> tuple[Any, Any, list[str]]:
    """The teacher's page asked for in a context of its own (its cells run while the learners' pages load)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    watch_console(page, errors.append)
    page.set_default_timeout(60_000)
    page.goto(server.url(TEACHER_PAGE), wait_until="commit")
    return context, page, errors


def follow_as_teacher(teacher: tuple[Any, Any, list[str]], code: str) -> None:
    """On the teacher's page, the service's key shows the table with whose turn it is; Pause pauses it, Go on lets it
    go on; screenshots at 1280 and 390 px."""
    context, page, errors = teacher
    try:
        view = page.locator(".to-teacher")
        view.get_by_label("Teacher key").fill("teacher", timeout=120_000)
        view.get_by_role("button", name="Show the tables").click()
        panel = view.locator(".to-teacher-table").filter(has_text=code)
        panel.get_by_text(re.compile(r"It is [^']+'s turn, for \d+ seconds? now\.")).wait_for()
        assert "(to play)" in panel.inner_text() and "a learner" in panel.inner_text()
        panel.get_by_role("button", name="Pause", exact=True).click()
        panel.get_by_text("You have paused this table").wait_for()
        for width in (1280, 390):
            page.set_viewport_size({"width": width, "height": 900})
            page.wait_for_timeout(300)
            path = ARTIFACTS / f"class-teacher-{width}.png"
            view.screenshot(path=str(path))
            if NOTES.is_dir():
                shutil.copy(path, NOTES / path.name)
            assert page.evaluate("() => document.scrollingElement.scrollWidth"
                                 " - document.scrollingElement.clientWidth") <= 1, width
        panel.get_by_role("button", name="Go on", exact=True).click()
        panel.get_by_role("button", name="Pause", exact=True).wait_for()
        assert "You have paused" not in panel.inner_text()
        assert not errors, errors
    finally:
        context.close()


def showdown(learner: Learner) -> list[tuple[int, str, str]]:
    """The showdown the page shows: per seat, its value and lives left (the cells' text)."""
    rows = learner.table.locator(".to-showdown tr[data-seat]")
    rows.first.wait_for(timeout=120_000)
    return [(int(r.get_attribute("data-seat") or -1), r.locator("td").nth(1).inner_text().strip(),
             r.locator("td").nth(4).inner_text().strip()) for r in rows.all()]


def wait(until: Any, timeout: float = 120.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not until():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:.0f} s for {what}")
        time.sleep(0.2)


def test_three_learners_in_three_languages_and_a_bot_play_a_round_through_a_killed_service_a_reload_and_a_closed_page(
        browser: Any, voila_server: Any, service: ClassService) -> None:
    ana = Learner(browser, voila_server, "Ana")  # English, at 1280 px
    ines = Learner(browser, voila_server, "Inés", "es/", width=390)
    jonas = Learner(browser, voila_server, "Jonas", "de/")
    everyone = (ana, ines, jonas)
    statuses = lambda: {x.name: x.status() for x in everyone if x in live}  # noqa: E731 - what a failure shows
    live = [ana, ines, jonas]
    try:
        for learner in everyone:
            learner.open()
        teacher = open_teacher(browser, voila_server)
        for learner in everyone:
            learner.ready()
        code = ana.create(4)
        assert re.fullmatch(r"[A-Z2-9]{5}", code)
        ines.join(code, 2)
        jonas.join(code, 3)
        ana.says("Seat 3: Jonas")
        ana.start()
        for learner in everyone:
            learner.wait_for_table()
        # every page shows its own hand only: the other seats' cards face down
        for learner in everyone:
            backs = learner.table.locator(".to-seats .to-card")
            assert backs.count() == 9 and all((c.get_attribute("data-card") == "back") for c in backs.all())
        assert len({tuple(x.hand()) for x in everyone}) == 3
        shoot(ana, 1280)
        shoot(ana, 390)
        follow_as_teacher(teacher, code)

        # the service is killed mid-round and started again: every page says so in its language and sits down again
        service.kill()
        for learner in everyone:
            learner.says(LOST[learner.folder])
        service.start()
        for learner in everyone:
            learner.says(BACK[learner.folder])
            learner.wait_for_table()
        assert "Inés (tú)" in ines.table.inner_text() and "Jonas (du)" in jonas.table.inner_text()

        done = {"reloaded": False, "closed": False}
        deadline = time.monotonic() + 240
        while not ana.table.locator(".to-showdown tr[data-seat]").count():
            assert time.monotonic() < deadline, f"the round did not end: {statuses()}"
            mover = next((x for x in live if x.my_turn()), None)
            if mover is None:
                time.sleep(0.2)
                continue
            away = "Jonas (away: a bot plays)" in ana.table.locator(".to-seats").inner_text()
            mover.move(knock=mover is ana and done["closed"] and away)
            if mover is ines and not done["reloaded"]:
                hand = ines.hand()
                ines.page.reload()
                ines.says(BACK["es/"], timeout=120_000)
                ines.wait_for_table()
                assert ines.hand() == hand, "the reload dealt Inés another hand"
                done["reloaded"] = True
            elif mover is jonas and not done["closed"]:
                jonas.close()
                live.remove(jonas)
                done["closed"] = True
        assert all(done.values()), f"the round ended before the page was reloaded and closed: {done}"
        ana.says("Jonas is away, so a bot plays their seat until they are back.")
        shown = showdown(ana)
        assert showdown(ines) == shown
        rules, seats, seed, moves = service.record(code)
        state = new_game(rules, players=seats, seed=seed)
        for move in moves:
            state = state.apply(move)
        assert state.round_over and state.round == 1 and state.result is not None
        from thirtyone.i18n import number

        assert [(p, v, left) for p, v, left in shown] == [
            (p, number(sc.value), str(state.lives[p]) if state.lives[p] else "swimming")
            for p, sc in enumerate(state.result.scores) if sc is not None], "the pages' showdown is not the engine's"
        assert not ana.errors and not ines.errors, ana.errors + ines.errors
    finally:
        for learner in everyone:
            try:
                learner.close()
            except Exception:  # noqa: BLE001 - closed already
                pass
