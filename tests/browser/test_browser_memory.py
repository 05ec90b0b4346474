"""The course remembers the learner (issue 22): lesson 1's quizzes keep their counts and misses in the browser's
localStorage, across a reload; a corrupted record leaves every page working; a quiz hand and a drill spot missed
come back on the Review page a day later (the test clock), and a right answer moves each one step on; in English
and Spanish, on a wide screen and a phone's. Real chromium against Voilà."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from conftest import ARTIFACTS, settle, wait_for_layout

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
    settle(page)  # every widget drawn: a page left half loaded (a reload, the next page) logs a closed WebSocket


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
    settle(page)  # leave a page only once its widgets are drawn: a page left half loaded logs errors of its own
    page.goto(voila_server.url("voila/render/index.ipynb"))
    page.wait_for_selector("#rendered_cells li > a[href='01-scoring.ipynb'] + .to-progress-mark", timeout=60_000)
    bar = " (☆☆☆0 of 3 stars) | ☆☆☆"  # after the link "Next: Lesson 1" on both bars
    assert marks(page) == [bar] * 3  # read from the browser, no kernel needed
    record = progress.mark_done(progress.answered(progress.fresh(), "01-scoring", "quiz", True), "01-scoring")
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [storage_key("es"), progress.dump(record)])
    settle(page)
    page.goto(voila_server.url("voila/render/es/index.ipynb"))
    page.wait_for_selector("#rendered_cells li > a[href='01-scoring.ipynb'] + .to-progress-mark", timeout=60_000)
    bar = " (terminada, ★★☆2 de 3 estrellas) | ★★☆"
    assert marks(page) == [bar] * 3  # "Cuándo golpear (terminada, ★★☆): lo seguro…", never "· terminada: lo…"
    settle(page)


# -- the Review page (issue 22): a quiz hand and a drill spot missed come back a day later, in both languages ------
WORDS = {
    "en": {"folder": "", "stars": "of 3 stars", "knock": "Knock", "play on": "Play on (draw)",
           "next situation": "Next situation", "next": "Next", "forget": "Forget my progress",
           "yes": "Yes, forget it", "tomorrow": "Next review: tomorrow.", "two due": "2 exercises to review",
           "nothing yet": "Nothing to review yet", "forgotten": "is forgotten", "unreadable": "could not be read",
           "practise": "Practise a new hand", "review": "Review", "review page": "The Review page"},
    "es": {"folder": "es/", "stars": "de 3 estrellas", "knock": "Golpear", "play on": "Seguir jugando (robar)",
           "next situation": "Otra situación", "next": "Siguiente", "forget": "Olvidar mi progreso",
           "yes": "Sí, olvidarlo", "tomorrow": "Próximo repaso: mañana.", "two due": "2 ejercicios por repasar",
           "nothing yet": "Todavía no hay nada que repasar", "forgotten": "Se ha olvidado",
           "unreadable": "No se pudo leer", "practise": "Practica con una mano nueva", "review": "Repaso",
           "review page": "La página de repaso"},
}
"""What each language's pages say, as a learner finds the buttons and reads the notes."""
CORRUPT = '{"version": 1, "pages": [oops'


def render(lang: str, stem: str) -> str:
    return f"voila/render/{WORDS[lang]['folder']}{stem}.ipynb"


def record_of(page: Any, lang: str) -> dict[str, Any]:
    record, note = progress.read(page.evaluate("key => localStorage.getItem(key)", storage_key(lang)))
    assert note is progress.Note.OK
    return record


def wait_record(page: Any, lang: str, condition: str) -> dict[str, Any]:
    """Wait until the stored record ``r`` meets ``condition`` (JavaScript), then read it as the course does."""
    page.wait_for_function(f"key => {{ try {{ const r = JSON.parse(localStorage.getItem(key)); return !!({condition}); }}"
                           " catch (e) { return false; } }", arg=storage_key(lang), timeout=60_000)
    return record_of(page, lang)


def open_memory_page(page: Any, server: Any, lang: str, stem: str, ready: str) -> None:
    """Open a page that keeps the record and wait until ``ready`` shows and its memory has read the record."""
    page.goto(server.url(render(lang, stem)))
    page.wait_for_selector(ready, state="visible", timeout=90_000)
    page.wait_for_selector(".to-memory", state="visible", timeout=90_000)
    settle(page)


def bar_marks(page: Any) -> list[str]:
    page.wait_for_function("() => document.querySelectorAll('nav.to-course-bar .to-progress-mark').length === 2")
    return page.locator("nav.to-course-bar .to-progress-mark").all_inner_texts()


def review_heading(page: Any, text: str) -> None:
    page.wait_for_function("t => (document.querySelector('.to-review .to-review-head')?.innerText || '').includes(t)",
                           arg=text, timeout=60_000)


def miss_a_drill_spot(page: Any, lang: str) -> None:
    """Answer "knock" until the drill marks it wrong (either answer counts where the two are too close)."""
    words, drill = WORDS[lang], page.locator(".to-drill")
    for _ in range(20):
        drill.get_by_role("button", name=words["knock"], exact=True).click()
        page.wait_for_selector(".to-drill .to-feedback", timeout=60_000)
        if drill.locator(".to-wrong").count():
            return
        drill.get_by_role("button", name=words["next situation"], exact=True).click()
        page.wait_for_function("() => !document.querySelector('.to-drill .to-feedback')")
    raise AssertionError("knocking was right in 20 situations in a row")


def shoot(page: Any, name: str, width: int) -> None:
    """The whole page at ``width`` (Voilà's layout scrolls inside #rendered_cells: the window grows to hold it)."""
    from helpers.browser import OVERFLOW

    ARTIFACTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": width, "height": 900})
    wait_for_layout(page)
    if width <= 390:
        assert page.evaluate(OVERFLOW) == []
    height = int(page.evaluate("document.querySelector('#rendered_cells').scrollHeight"))
    page.set_viewport_size({"width": width, "height": max(900, min(height, 20_000))})
    wait_for_layout(page)
    page.screenshot(path=str(ARTIFACTS / f"{name}-{width}.png"), full_page=True)


@pytest.mark.parametrize(("lang", "width"), [("en", 1280), ("es", 390)])
def test_the_review_brings_back_a_missed_hand_and_a_drill_spot_a_day_later(page: Any, voila_server: Any,
                                                                         lang: str, width: int) -> None:
    words = WORDS[lang]
    page.set_viewport_size({"width": width, "height": 900})
    # lesson 1: a quiz hand missed
    open_memory_page(page, voila_server, lang, "01-scoring", ".to-quiz .to-card")
    hand = [str(c) for c in quiz_hand(page)]
    answer(page, "0", ".to-wrong")
    wait_record(page, lang, "r.missed.length === 1")
    # lesson 5: a drill spot missed
    open_memory_page(page, voila_server, lang, "05-knock-timing", ".to-drill .to-card")
    miss_a_drill_spot(page, lang)
    record = wait_record(page, lang, "r.missed.some(m => m.kind === 'drill')")
    quiz, drill = record["missed"]
    assert (quiz["kind"], quiz["cards"], drill["kind"], drill["given"]) == ("quiz", hand, "drill", "knock")
    assert drill["right"] == "play on" and set(drill["cards"]) == {"hand", "players", "seat", "turns", "seed"}
    # back on the page later: its bar shows what was done there, and leads to the Review page
    settle(page)
    page.reload()
    page.wait_for_selector(".to-drill .to-card", state="visible", timeout=90_000)
    assert all(words["stars"] in mark for mark in bar_marks(page))
    link = page.locator("nav.to-course-bar").first.get_by_role("link", name=words["review"], exact=True)
    assert link.get_attribute("href") == "review.ipynb"
    # the index shows both lessons' progress, and leads to the Review page too; nothing is due before tomorrow
    settle(page)
    page.goto(voila_server.url(render(lang, "index")))
    for stem in ("01-scoring", "05-knock-timing"):
        page.wait_for_selector(f"#rendered_cells li > a[href='{stem}.ipynb'] + .to-progress-mark", timeout=60_000)
    shoot(page, f"index-progress-{lang}", width)
    settle(page)
    with page.expect_navigation():
        page.get_by_role("link", name=words["review page"], exact=True).click()
    page.wait_for_selector(".to-review", state="visible", timeout=90_000)
    review_heading(page, words["tomorrow"])
    # a day on (the test clock), both come back
    page.evaluate("([key, days]) => localStorage.setItem(key, days)", [CLOCK_KEY, "1"])
    settle(page)
    page.reload()
    review_heading(page, words["two due"])
    shoot(page, f"review-{lang}", 1280)
    shoot(page, f"review-{lang}", 390)
    page.set_viewport_size({"width": width, "height": 900})
    review = page.locator(".to-review")
    shown = review.locator(".to-quiz .to-card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert shown == hand  # the very hand missed, first: it was missed first
    box = review.locator(".to-quiz input[type=text]")
    box.fill(number(score(parse_cards(" ".join(hand)), Rules.preset("scat")).value))
    box.press("Enter")
    page.wait_for_selector(".to-review .to-quiz .to-right")
    review.get_by_role("button", name=words["next"], exact=True).click()
    page.wait_for_selector(".to-review .to-drill .to-card", state="visible")
    shoot(page, f"review-drill-{lang}", width)
    review.get_by_role("button", name=words["play on"], exact=True).click()  # the answer the lesson's drill wanted
    page.wait_for_selector(".to-review .to-drill .to-right", timeout=60_000)
    now = time.time() / 86400 + 1  # the page's clock: a day on
    record = wait_record(page, lang, "r.missed.every(m => m.step === 1)")
    assert [(m["kind"], m["step"]) for m in record["missed"]] == [("quiz", 1), ("drill", 1)]
    for item in record["missed"]:  # one step on: due three days from the page's now
        assert now + 3 - 0.01 < item["due"] < time.time() / 86400 + 1 + 3 + 0.01
    assert record["pages"]["01-scoring"]["exercises"]["quiz"] == {"right": 0, "asked": 1}  # counted once
    # forget it all (the learner confirms): the review has nothing left
    page.get_by_role("button", name=words["forget"]).click()
    page.get_by_role("button", name=words["yes"]).click()
    review_heading(page, words["nothing yet"])
    assert wait_record(page, lang, "r.missed.length === 0") == progress.fresh()
    page.wait_for_function("t => document.querySelector('.to-memory').innerText.includes(t)", arg=words["forgotten"])


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_corrupted_record_leaves_every_page_that_keeps_it_working(page: Any, voila_server: Any, lang: str) -> None:
    words = WORDS[lang]
    ready = {"01-scoring": ".to-quiz .to-card", "02-scat": ".to-walkthrough .to-card",
             "03-schwimmen": ".to-walkthrough .to-card", "04-variants": ".to-replay .to-card",
             "05-knock-timing": ".to-drill .to-card", "review": ".to-review"}
    page.goto(voila_server.url(render(lang, "glossary")))  # a page of the course, to reach its storage
    settle(page)
    for stem, selector in ready.items():
        page.evaluate("([key, text]) => localStorage.setItem(key, text)", [storage_key(lang), CORRUPT])
        open_memory_page(page, voila_server, lang, stem, selector)
        page.wait_for_function("t => document.querySelector('.to-memory').innerText.includes(t)",
                               arg=words["unreadable"], timeout=60_000)
        assert page.evaluate("key => localStorage.getItem(key + '.set-aside')", storage_key(lang)) == CORRUPT
        assert record_of(page, lang) == progress.fresh()  # afresh, and sound again
    review_heading(page, words["nothing yet"])
    page.get_by_role("button", name=words["practise"]).click()  # the Review page works: fresh practice
    page.wait_for_selector(".to-review .to-quiz .to-card", state="visible")
    answer(page, "0", ".to-wrong")
