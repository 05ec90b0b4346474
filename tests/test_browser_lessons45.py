"""Lessons 4 and 5 as a learner meets them: Debian's chromium against a real Voilà server.

Lesson 4: the presets' table and the replays render, and choosing another situation redraws.
Lesson 5: the charts are images with alt text; the advisor answers for a hand picked by clicks;
the drill marks an answer. axe-core must report no serious or critical violation; no source code
shows. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import ARTIFACTS

pytestmark = pytest.mark.browser

LESSON_4 = "voila/render/04-variants.ipynb"
LESSON_5 = "voila/render/05-knock-timing.ipynb"


def open_page(page: Any, server: Any, path: str, ready: str) -> None:
    page.goto(server.url(path))
    page.wait_for_selector(ready, state="visible", timeout=90_000)


def no_serious_violations(page: Any) -> None:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, "\n".join(f"{v['id']} ({v['impact']}): {v['help']}: "
                              f"{[n['target'] for n in v['nodes']][:5]}" for v in bad)


def no_source(page: Any) -> None:
    body = page.inner_text("body")
    for source in ("import ", "from thirtyone", "NBVAL", "RuleReplay(", "KnockAdvisor(", "Traceback"):
        assert source not in body


def test_lesson_4_tables_and_replays(page: Any, voila_server: Any) -> None:
    open_page(page, voila_server, LESSON_4, ".to-replay .to-card")
    page.wait_for_function("() => document.querySelectorAll('.to-replay table.to-data').length >= 7")
    no_source(page)
    table = page.locator(".to-presets table.to-data")
    assert table.locator("caption").inner_text().startswith("Where these rule sets differ")
    assert table.locator("thead th").count() == 8  # option, six presets, who plays what
    first = page.locator(".to-replay").first
    assert first.locator("tbody tr").count() == 6
    assert "31" in first.inner_text()
    # choose another situation: the table below redraws with the engine's words
    first.locator("select").select_option(label="Three aces")
    page.wait_for_function("() => document.querySelector('.to-replay table.to-data').innerText.includes('Fire')")
    page.screenshot(path=str(ARTIFACTS / "lesson4-page.png"), full_page=True)
    no_serious_violations(page)


def test_lesson_5_advisor_answers_for_a_chosen_hand(page: Any, voila_server: Any) -> None:
    open_page(page, voila_server, LESSON_5, ".to-advisor .to-advice")
    page.wait_for_selector(".to-survival figure img", state="visible")
    no_source(page)
    for img in page.locator(".to-study figure img").all():
        assert len(img.get_attribute("alt") or "") > 40
    advisor = page.locator(".to-advisor")
    advisor.get_by_role("button", name="Put the cards back").click()
    page.wait_for_function("() => document.querySelector('.to-advisor').innerText.includes('Pick three cards')")
    for card in ("A♠", "K♠", "9♠"):
        advisor.locator(f'.to-picker button[data-card="{card}"]').click()
    page.wait_for_function("() => document.querySelector('.to-advisor .to-explanation')"
                           " && document.querySelector('.to-advisor .to-explanation').innerText.includes('With 30')",
                           timeout=30_000)
    text = advisor.locator(".to-advice-box").inner_text()
    assert "Knock now" in text and "Play on" in text and "95% interval" in text
    assert "Advice:" in text
    advisor.screenshot(path=str(ARTIFACTS / "lesson5-advisor.png"))
    drill = page.locator(".to-drill")
    drill.get_by_role("button", name="Knock").click()
    page.wait_for_selector(".to-drill .to-feedback", timeout=30_000)
    assert "right out of 1" in drill.locator(".to-tally").inner_text()
    page.screenshot(path=str(ARTIFACTS / "lesson5-page.png"), full_page=True)
    no_serious_violations(page)
