"""The learner owns their progress and the course remembers their games (issue 22), in real chromium against Voilà:
"Save to a file" downloads the record the browser keeps; "Load from a file" in a fresh browser brings back the
course bar's and the index's marks, and a bad file changes nothing and says so; the index offers to continue at the
last lesson opened, in English and in Spanish, at 390 px; a game of lesson 6 played to its end is kept, marks the
page done and the summary shows how the last games went. Screenshots go to test-artifacts/ (games-*.png).

(The Voilà template these pages use is the installed one: run with ``JUPYTER_PATH=$PWD/share/jupyter`` to test a
changed template before it is installed.)
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ARTIFACTS, KERNEL_IDLE, settle, watch_console
from helpers.browser import check_accessibility, keep, set_up_game, start_game
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from thirtyone import progress
from thirtyone.widgets.memory import storage_key

pytestmark = pytest.mark.browser

SIDEWAYS = "() => document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth"
READY = ("el => { const s = el.querySelector('.to-status'); const t = s ? s.innerText : '';"
         " return /Your turn|Now throw|You deal|is over/.test(t); }")
CHANGED = ("([el, status, log]) => { const s = el.querySelector('.to-status');"
           " return (s ? s.innerText : '') !== status || el.querySelectorAll('.to-log li').length !== log; }")


def some_record() -> dict[str, Any]:
    """Lesson 1 done with two stars, lesson 5 done, and a game of lesson 6 won."""
    r = progress.answered(progress.fresh(), "01-scoring", "quiz", True)
    r = progress.answered(r, "01-scoring", "quiz", True)
    r = progress.answered(r, "01-scoring", "quiz", False)
    r = progress.mark_done(progress.mark_done(r, "01-scoring"), "05-knock-timing")
    return progress.played(r, "06-play", progress.game_entry("schwimmen", 3, "expert", 2, 1, [3, 2, 2], 1, 1, 1,
                                                             20420.0))


def url(server: Any, stem: str, lang: str = "en") -> str:
    return server.url(f"voila/render/{'' if lang == 'en' else lang + '/'}{stem}.ipynb")


def open_memory_page(page: Any, server: Any, lang: str = "en") -> None:
    """Lesson 6, its memory line drawn and the page settled."""
    page.goto(url(server, "06-play", lang))
    page.wait_for_selector(".to-memory button", state="visible", timeout=60_000)
    settle(page)


def stored(page: Any, lang: str = "en") -> str | None:
    return page.evaluate("key => localStorage.getItem(key)", storage_key(lang))


def marks(page: Any, where: str) -> list[str]:
    """The progress marks in ``where`` as a screen reader reads them (the drawn stars are hidden from it)."""
    return page.locator(f"{where} .to-progress-mark").evaluate_all(
        "els => els.map(e => [...e.childNodes].filter(n => !(n.getAttribute && n.getAttribute('aria-hidden')))"
        ".map(n => n.textContent).join(''))")


def whole_page(page: Any, name: str) -> None:
    """A screenshot of the whole page (the window grows to hold what Voilà's column scrolls, then shrinks back)."""
    ARTIFACTS.mkdir(exist_ok=True)
    size = page.viewport_size
    height = page.evaluate("() => Math.max(document.scrollingElement.scrollHeight, "
                           "document.querySelector('#rendered_cells').scrollHeight)")
    page.set_viewport_size({"width": size["width"], "height": height + 40})
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    page.set_viewport_size(size)


@pytest.fixture
def fresh_page(browser: Any) -> Iterator[Any]:
    """A page in a second, fresh browser context (another browser: nothing stored); console errors fail the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    pg = context.new_page()
    errors: list[str] = []
    watch_console(pg, errors.append)
    pg.set_default_timeout(30_000)
    try:
        yield pg
        seen = list(errors)
    finally:
        context.close()
    assert not seen, "browser console errors:\n" + "\n".join(seen)


def test_save_then_load_in_another_browser_brings_the_marks_back(page: Any, fresh_page: Any, voila_server: Any,
                                                                  tmp_path: Path) -> None:
    open_memory_page(page, voila_server)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [storage_key("en"), progress.dump(some_record())])
    open_memory_page(page, voila_server)
    save = page.get_by_role("button", name="Save to a file")
    save.focus()
    with page.expect_download() as download:
        page.keyboard.press("Enter")  # keyboard-usable
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name == "thirtyone-progress-en.json"
    assert json.loads(saved.read_text(encoding="utf-8")) == json.loads(stored(page) or "")
    assert progress.read(saved.read_text(encoding="utf-8")) == (some_record(), progress.Note.OK)

    other = fresh_page  # another browser: nothing stored, no marks
    open_memory_page(other, voila_server)
    assert stored(other) is None and marks(other, "nav.to-course-bar") == []
    bad = tmp_path / "not-progress.json"
    bad.write_text('{"version": 1, "pages": [oops', encoding="utf-8")
    with other.expect_file_chooser() as chooser:
        other.get_by_role("button", name="Load from a file").click()
    chooser.value.set_files(str(bad))
    other.wait_for_function("() => document.querySelector('.to-memory').innerText.includes('nothing was changed')")
    assert stored(other) is None and marks(other, "nav.to-course-bar") == []  # everything as it was
    with other.expect_file_chooser() as chooser:
        other.get_by_role("button", name="Load from a file").click()
    chooser.value.set_files(str(saved))
    other.wait_for_function("() => document.querySelector('.to-memory').innerText.includes('loaded from the file')")
    other.wait_for_function("() => document.querySelectorAll('nav.to-course-bar .to-progress-mark').length === 4")
    assert progress.read(stored(other)) == (some_record(), progress.Note.OK)
    # the page's own mark after "Lesson 6 of 6", and lesson 5's after the link to it, in both bars
    assert marks(other, "nav.to-course-bar") == [" · done, 2 of 3 stars", " (done)"] * 2
    other.goto(url(voila_server, "index"))
    other.wait_for_selector("#rendered_cells li > a[href='06-play.ipynb'] + .to-progress-mark", timeout=60_000)
    assert marks(other, "#rendered_cells li") == [" (done, 2 of 3 stars)", " (done)", " (done, 2 of 3 stars)"]
    settle(other)  # leave a page only once its widgets are drawn: one left half loaded logs a closed WebSocket
    # the bad file, loaded now, leaves the loaded record alone
    open_memory_page(other, voila_server)
    with other.expect_file_chooser() as chooser:
        other.get_by_role("button", name="Load from a file").click()
    chooser.value.set_files(str(bad))
    other.wait_for_function("() => document.querySelector('.to-memory').innerText.includes('nothing was changed')")
    assert progress.read(stored(other)) == (some_record(), progress.Note.OK)


@pytest.mark.parametrize(("lang", "words", "width"), [
    ("en", "Continue where you left off: Lesson 6: A whole game, with a coach", 1280),
    ("es", "Sigue donde lo dejaste: Lección 6: Una partida entera, con entrenador", 390),
])
def test_the_index_offers_to_continue_at_the_last_lesson_opened(page: Any, voila_server: Any, lang: str,
                                                                words: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(url(voila_server, "index", lang))
    page.wait_for_selector("#rendered_cells li > a[href='01-scoring.ipynb']", timeout=60_000)
    assert page.locator(".to-continue").count() == 0  # a first visit: nowhere to continue
    settle(page)  # leave a page only once its widgets are drawn: one left half loaded logs a closed WebSocket
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [storage_key(lang), progress.dump(some_record())])
    open_memory_page(page, voila_server, lang)  # a lesson opened
    assert page.evaluate("key => localStorage.getItem(key + '.last')", storage_key(lang)) == "06-play"
    page.goto(url(voila_server, "index", lang))
    link = page.locator(".to-continue a")
    link.wait_for(timeout=60_000)
    assert link.inner_text() == words and link.get_attribute("href") == "06-play.ipynb"
    settle(page)
    assert page.evaluate(SIDEWAYS) <= 0, f"the index scrolls sideways at {width} px"
    whole_page(page, f"games-index-{lang}-{width}")
    page.set_viewport_size({"width": 1280 if width == 390 else 390, "height": 844})
    settle(page)
    assert page.evaluate(SIDEWAYS) <= 0
    whole_page(page, f"games-index-{lang}-{1280 if width == 390 else 390}")
    check_accessibility(page)
    link.click()  # it goes there
    page.wait_for_selector(".to-memory button", state="visible", timeout=60_000)
    assert page.url.endswith("06-play.ipynb")
    settle(page)


def test_a_whole_game_is_kept_and_the_summary_shows_the_last_games(page: Any, voila_server: Any) -> None:
    open_memory_page(page, voila_server)
    earlier = progress.played(progress.fresh(), "06-play", progress.game_entry(
        "scat", 4, "intermediate", 1, 3, [3, 1, -1], 4, 2, 1, 20420.0))
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [storage_key("en"), progress.dump(earlier)])
    open_memory_page(page, voila_server)
    memory = page.locator(".to-memory")
    keep(page, memory, "games-memory-line-1280")
    root = page.locator(".to-play")
    set_up_game(root, lives=1, seed=5)
    table = start_game(page, root, 2)
    handle = table.element_handle()
    for _ in range(300):  # the coach's move every time: the same game on every run
        page.wait_for_function(READY, arg=handle, timeout=60_000)
        status = table.locator(".to-status").inner_text()
        log = table.locator(".to-log li").count()
        if "game is over" in status:
            break
        try:
            if "round is over" in status:
                table.get_by_role("button", name="Next round").click(timeout=10_000)
            else:
                root.get_by_role("button", name="Ask the coach").click(timeout=10_000)
                root.locator(".to-coach-advice").wait_for()
                root.get_by_role("button", name="Play the coach's move").click(timeout=10_000)
        except PlaywrightTimeoutError:  # the table moved on meanwhile: look again
            continue
        page.wait_for_function(CHANGED, arg=[handle, status, log], timeout=60_000)
        page.wait_for_function(KERNEL_IDLE, timeout=60_000)
    else:
        raise AssertionError("the game did not end")
    summary = root.locator(".to-game-summary")
    summary.get_by_text("How your last games went").wait_for()
    alt = summary.locator("svg.to-plot").nth(1).get_attribute("aria-label") or ""
    assert alt.startswith("Your place in each of your last games") and "game 1: place 3 of 4; game 2: " in alt
    text = summary.inner_text()
    assert "Your last 2 games:" in text and "Scat, 4 players" in text and "Scat, 2 players" in text
    page.wait_for_function("key => (JSON.parse(localStorage.getItem(key)).games || []).length === 2",
                           arg=storage_key("en"))
    record, note = progress.read(stored(page))
    assert note is progress.Note.OK and record["pages"]["06-play"]["done"] is True
    last = record["games"][-1]
    assert (last["rules"], last["players"], last["seed"], last["lives"][0]) == ("scat", 2, 5, 1)
    won = last["place"] == 1
    assert ("You win the game!" in text) == won
    stars = "2 of 3 stars" if won else "1 of 3 stars"
    page.wait_for_function("() => document.querySelectorAll('nav.to-course-bar .to-progress-mark').length >= 2")
    assert marks(page, "nav.to-course-bar")[0] == f" · done, {stars}"
    keep(page, summary, "games-summary-1280")
    check_accessibility(page)
    page.set_viewport_size({"width": 390, "height": 844})
    settle(page)
    assert page.evaluate(SIDEWAYS) <= 0, "the summary scrolls sideways at 390 px"
    keep(page, summary, "games-summary-390")
    keep(page, memory, "games-memory-line-390")
    box = memory.evaluate("el => { const W = document.documentElement.clientWidth; return [...el.querySelectorAll("
                          "'button')].filter(b => b.offsetParent).map(b => { const r = b.getBoundingClientRect(); "
                          "return [r.left >= 0 && r.right <= W, b.scrollWidth <= b.clientWidth + 1]; }); }")
    assert box and all(all(x) for x in box), box  # every button whole on the screen, its words not cut
