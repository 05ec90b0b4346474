"""The course remembers the learner (issue 22): lesson 1's quizzes keep their counts and misses in the browser's
localStorage, across a reload; a corrupted record leaves the page working. Real chromium against Voilà."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from thirtyone import Rules, parse_cards, progress, score
from thirtyone.widgets.memory import CLOCK_KEY, storage_key
from thirtyone.widgets.views import number

pytestmark = pytest.mark.browser

LESSON_1 = "voila/render/01-scoring.ipynb"
KEY = storage_key("en")


def open_lesson(page: Any, server: Any, reload: bool = False) -> None:
    """Open lesson 1 (``reload``: load it again, as the learner coming back does)."""
    if reload:
        page.reload()
    else:
        page.goto(server.url(LESSON_1))
    page.wait_for_selector(".to-quiz .to-card", state="visible", timeout=60_000)
    page.wait_for_selector(".to-memory", state="visible", timeout=60_000)


def quiz_hand(page: Any) -> tuple[Any, ...]:
    text = page.locator(".to-quiz .to-card").evaluate_all("els => els.map(e => e.dataset.card).join(' ')")
    return parse_cards(text)


def answer(page: Any, text: str, verdict: str) -> None:
    box = page.locator(".to-quiz input[type=text]")
    box.fill(text)
    box.press("Enter")
    page.wait_for_selector(f".to-quiz {verdict}")


def stored(page: Any, asked: int) -> dict[str, Any]:
    """The record in localStorage once it counts ``asked`` answers to the quiz (read as the course reads it)."""
    page.wait_for_function(
        """([key, asked]) => { try { const r = JSON.parse(localStorage.getItem(key));
             return r.pages["01-scoring"].exercises.quiz.asked === asked; } catch (e) { return false; } }""",
        arg=[KEY, asked], timeout=30_000)
    record, note = progress.read(page.evaluate("key => localStorage.getItem(key)", KEY))
    assert note is progress.Note.OK
    return record


def test_a_missed_hand_is_kept_across_a_reload(page: Any, voila_server: Any) -> None:
    open_lesson(page, voila_server)
    hand = quiz_hand(page)
    worth = score(hand, Rules.preset("scat")).value
    answer(page, "0", ".to-wrong")  # no hand is worth 0
    today = time.time() / 86400
    record = stored(page, 1)
    assert record["pages"]["01-scoring"]["exercises"]["quiz"] == {"right": 0, "asked": 1}
    [item] = record["missed"]
    assert (item["kind"], item["rules"], item["cards"], item["given"], item["step"]) == (
        "quiz", "scat", [str(c) for c in hand], 0, 0)
    assert number(item["right"]) == number(worth)
    assert today + 1 - 0.01 < item["due"] < time.time() / 86400 + 1 + 0.01

    open_lesson(page, voila_server, reload=True)
    assert quiz_hand(page)  # the page works as before
    answer(page, number(score(quiz_hand(page), Rules.preset("scat")).value), ".to-right")
    record = stored(page, 2)  # counted on top of what was kept: the reload read the record
    assert record["pages"]["01-scoring"]["exercises"]["quiz"] == {"right": 1, "asked": 2}
    assert [m["cards"] for m in record["missed"]] == [[str(c) for c in hand]]


def test_a_corrupted_record_leaves_the_page_working(page: Any, voila_server: Any) -> None:
    open_lesson(page, voila_server)
    page.evaluate("([key, clock]) => { localStorage.setItem(key, '{\"version\": 1, \"pages\": [oops');"
                  " localStorage.setItem(clock, '3'); }", [KEY, CLOCK_KEY])
    open_lesson(page, voila_server, reload=True)
    page.wait_for_function("() => (document.querySelector('.to-memory')?.innerText || '').includes('could not be "
                           "read')")
    answer(page, "0", ".to-wrong")
    record = stored(page, 1)
    assert record["missed"][0]["due"] > time.time() / 86400 + 3.9  # the test clock moved three days on
    assert page.evaluate("key => localStorage.getItem(key + '.set-aside')", KEY) == '{"version": 1, "pages": [oops'
    assert json.loads(page.evaluate("key => localStorage.getItem(key)", KEY))["version"] == 1


def test_forget_my_progress_asks_first_then_clears(page: Any, voila_server: Any) -> None:
    open_lesson(page, voila_server)
    answer(page, "0", ".to-wrong")
    stored(page, 1)
    page.get_by_role("button", name="Forget my progress").click()
    page.get_by_role("button", name="Keep it").click()
    assert stored(page, 1)["missed"]  # kept: the learner said no
    page.get_by_role("button", name="Forget my progress").click()
    page.get_by_role("button", name="Yes, forget it").click()
    page.wait_for_function("key => JSON.parse(localStorage.getItem(key)).missed.length === 0", arg=KEY)
    assert progress.read(page.evaluate("key => localStorage.getItem(key)", KEY)) == (progress.fresh(),
                                                                                    progress.Note.OK)
    page.wait_for_function("() => (document.querySelector('.to-memory')?.innerText || '').includes('is "
                           "forgotten')")


def marks(page: Any) -> list[str]:
    """The progress marks' text (what a screen reader reads: the drawn stars are hidden from it)."""
    return page.locator(".to-progress-mark").evaluate_all(
        "els => els.map(e => e.textContent + ' | ' + [...e.querySelectorAll('[aria-hidden]')].map(h => "
        "h.textContent).join(''))")


def test_the_course_bar_and_the_index_show_the_stars_in_both_languages(page: Any, voila_server: Any) -> None:
    open_lesson(page, voila_server)
    assert marks(page) == []  # a first visit: nothing to show
    answer(page, "0", ".to-wrong")
    stored(page, 1)
    page.wait_for_function("() => document.querySelectorAll('nav.to-course-bar .to-progress-mark').length === 2")
    assert marks(page) == [" · ☆☆☆0 of 3 stars | ☆☆☆"] * 2  # the bars at the top and the bottom, as it happens
    page.goto(voila_server.url("voila/render/index.ipynb"))
    page.wait_for_selector("#rendered_cells li > a[href='01-scoring.ipynb'] + .to-progress-mark", timeout=60_000)
    bar = " (☆☆☆0 of 3 stars) | ☆☆☆"  # after the link "Next: Lesson 1" on both bars
    assert marks(page) == [bar, " · ☆☆☆0 of 3 stars | ☆☆☆", bar]  # read from the browser, no kernel needed
    record = progress.mark_done(progress.answered(progress.fresh(), "01-scoring", "quiz", True), "01-scoring")
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [storage_key("es"), progress.dump(record)])
    page.goto(voila_server.url("voila/render/es/index.ipynb"))
    page.wait_for_selector("#rendered_cells li > a[href='01-scoring.ipynb'] + .to-progress-mark", timeout=60_000)
    bar = " (terminada, ★★☆2 de 3 estrellas) | ★★☆"
    assert marks(page) == [bar, " · terminada, ★★☆2 de 3 estrellas | ★★☆", bar]
