"""Lesson 6 as a learner meets it: Debian's chromium against a real Voilà server.

The learner sets up a short seeded game (one bot, two lives), asks the coach and plays its move or
draws and knocks, clicks Next round after each showdown, and plays the whole game to its end through
the page; the summary (lives chart with alt text, lives table, knocks against the coach) and the game
log are checked; axe-core must report no serious or critical violation; screenshots go to test-artifacts/.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from test_browser_table import check_accessibility, keep

pytestmark = pytest.mark.browser

LESSON_6 = "voila/render/06-play.ipynb"

READY = ("el => { const s = el.querySelector('.to-status'); const t = s ? s.innerText : '';"
         " return /Your turn|Now throw|You deal|is over/.test(t); }")
CHANGED = ("([el, status, log]) => { const s = el.querySelector('.to-status');"
           " return (s ? s.innerText : '') !== status || el.querySelectorAll('.to-log li').length !== log; }")


def test_a_seeded_whole_game_plays_to_its_end_through_the_page(page: Any, voila_server: Any) -> None:
    t0 = time.monotonic()
    page.goto(voila_server.url(LESSON_6))
    page.wait_for_selector(".to-play .to-table .to-card", state="visible", timeout=60_000)
    root = page.locator(".to-play")
    root.get_by_label("Number of bots").select_option(label="1")
    root.get_by_label("Lives").select_option(label="2")
    seed = root.get_by_label("Deal number")
    seed.fill("5")
    seed.press("Enter")
    root.get_by_role("button", name="Start the game").click()
    table = root.locator(".to-table")
    page.wait_for_function("el => el.querySelectorAll('.to-table .to-seat').length === 2",
                           arg=root.element_handle())
    table.get_by_label("Bots' pace").select_option(label="instant")
    handle = table.element_handle()
    coach = root.get_by_role("button", name="Ask the coach")
    follow = root.get_by_role("button", name="Play the coach's move")
    rounds = 0
    asked = 0
    drew = 0
    for _ in range(200):
        page.wait_for_function(READY, arg=handle, timeout=30_000)
        status = table.locator(".to-status").inner_text()
        log = table.locator(".to-log li").count()
        if "game is over" in status:
            break
        if "round is over" in status:
            if rounds == 0:
                keep(page, root, "lesson6-first-showdown")
            rounds += 1
            drew = 0
            table.get_by_role("button", name="Next round").click()
        elif "Now throw" in status or drew < 2:
            coach.click()
            root.locator(".to-coach-advice").wait_for()
            if asked == 0:
                keep(page, root, "lesson6-coach")
                check_accessibility(page)
            asked += 1
            follow.click()
            drew += "Now throw" not in status
        else:
            knock = table.get_by_role("button", name="Knock", exact=True)
            (knock if knock.is_enabled() else table.get_by_role("button", name="Draw from the stock")).click()
        page.wait_for_function(CHANGED, arg=[handle, status, log], timeout=30_000)
    else:
        raise AssertionError("the game did not end")
    summary = root.locator(".to-summary")
    summary.locator("img").wait_for()
    alt = summary.locator("img").get_attribute("alt") or ""
    assert alt.startswith("Lives of each player") and "Sam (you)" in alt
    text = summary.inner_text()
    assert "wins the game" in text or "You win the game!" in text
    assert f"You asked the coach {asked} time" in text
    assert summary.locator("table tbody tr").count() == 2
    assert root.locator(".to-game-log details").count() == rounds + 1
    assert root.get_by_role("button", name="Ask the coach").is_disabled()
    keep(page, root, "lesson6-summary")
    check_accessibility(page)
    assert time.monotonic() - t0 < 90
