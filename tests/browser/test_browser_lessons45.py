"""Lessons 4 and 5 as a learner meets them: Debian's chromium against a real Voilà server.

Lesson 4: the presets' table and the replays render, choosing another situation of a group redraws under
a heading that names it, and at 390 px the page is short enough to navigate (below PHONE_HEIGHT), the
explanations wrap in the page and only the data table scrolls in its own box.
Lesson 5: the charts are images with alt text; the advisor answers for a hand picked by clicks;
the drill marks an answer; the table of the bots' strength changes table size from the keyboard; at 390 px every
menu (the advisor's "Your turn" too) lies inside the screen and shows its choice whole. axe-core must report no serious or critical violation; no source code
shows. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import ARTIFACTS, wait_for_layout
from helpers.browser import OVERFLOW
from helpers.charts import CUT_WORDS_JS

pytestmark = pytest.mark.browser

LESSON_4 = "voila/render/04-variants.ipynb"
LESSON_5 = "voila/render/05-knock-timing.ipynb"
PHONE_HEIGHT = 16_000
"""Lesson 4's height at 390 px, at most: 12,500 px now (five groups of examples, one situation at a time);
33,500 px when each of its 17 menus offered every situation. The margin keeps a font or a wrap from failing it."""


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


PROSE_FITS = """() => {
  const W = document.documentElement.clientWidth, out = [];
  for (const el of document.querySelectorAll('.to-variants p, .to-variants li, .to-variants h3, .to-variants h4, .to-variants summary')) {
    if (el.closest('table')) continue;
    const r = el.getBoundingClientRect();
    if (r.width && (r.right > W + 1 || r.left < -1)) out.push(el.innerText.slice(0, 60));
  }
  return out;
}"""


MENUS_FIT = """() => {
  const W = document.documentElement.clientWidth, c = document.createElement('canvas').getContext('2d'), seen = [], out = [];
  for (const s of document.querySelectorAll('#rendered_cells select')) {
    const r = s.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue;  // a menu not shown
    const box = s.closest('.widget-dropdown'), label = box && box.querySelector('label');
    const name = (label ? label.innerText : '?') + ': ' + (s.selectedOptions[0] ? s.selectedOptions[0].text : '');
    seen.push(name);
    const b = (box || s).getBoundingClientRect();
    if (b.left < -1 || b.right > W + 1 || r.left < -1 || r.right > W + 1) out.push('past the edge: ' + name);
    const cs = getComputedStyle(s);
    c.font = cs.font;
    const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    if (s.selectedOptions[0] && c.measureText(s.selectedOptions[0].text).width > room + 1) out.push('cut: ' + name);
  }
  return {seen, out};
}"""
"""Every menu shown lies inside the screen (its box, the label's included) and shows its choice whole."""


def test_lesson_4_tables_and_replays(page: Any, voila_server: Any) -> None:
    open_page(page, voila_server, LESSON_4, ".to-replay .to-card")
    page.wait_for_function("() => document.querySelectorAll('.to-replay .to-outcomes').length >= 6")  # five groups, own hands
    no_source(page)
    table = page.locator(".to-presets table.to-data")
    assert table.locator("caption").inner_text().startswith("Where these rule sets differ")
    assert table.locator("thead th").count() == 7  # option, six presets
    assert "Scat with a widow" in table.locator("thead").inner_text()
    first = page.locator(".to-replay").first
    assert first.locator("h3.to-situation").inner_text() == "Everyone under 21"
    assert first.locator(".to-outcome").count() == 2  # four rule sets end alike, and the two of Board Game Arena
    assert "under 21" in first.inner_text() and "(the lives end differently from Scat)" in first.inner_text()
    assert [t.replace("\xa0", " ") for t in first.locator("select option").all_inner_texts()] == [
        "Everyone under 21", "A tie for the lowest hand", "The knocker is lowest", "The knocker ties for lowest"]
    # the round move by move opens from the keyboard
    summary = first.locator("summary").first
    summary.focus()
    page.keyboard.press("Enter")
    assert "Sam knocked" in first.locator("details").first.inner_text()
    # choose another situation of the group: the heading names it, the results below redraw in the engine's words
    first.locator("select").select_option(label="A tie for the lowest hand")
    page.wait_for_function("() => document.querySelector('.to-replay .to-outcomes').innerText.includes('tied for the lowest hand')")
    assert first.locator("h3.to-situation").inner_text() == "A tie for the lowest hand"
    assert "Ana and Ben both hold 19" in first.inner_text()
    page.screenshot(path=str(ARTIFACTS / "lesson4-page.png"), full_page=True)
    no_serious_violations(page)
    # at 390 px the explanations wrap in the page; only the data table scrolls, inside its own box
    page.set_viewport_size({"width": 390, "height": 900})
    page.evaluate("document.querySelectorAll('#rendered_cells details').forEach(d => { d.open = false; })")
    wait_for_layout(page)
    height = page.evaluate("document.querySelector('#rendered_cells').scrollHeight")
    assert height < PHONE_HEIGHT, f"lesson 4 is {height} px tall at 390 px"
    assert page.evaluate(PROSE_FITS) == []
    assert page.evaluate(OVERFLOW) == []  # no prose, of the lesson or of a widget, runs off or scrolls sideways
    box = page.locator(".to-presets .to-scroll")
    assert box.evaluate("b => b.scrollWidth > b.clientWidth")  # the wide table scrolls in its box
    assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1")


def check_verdict_and_figures(text: str) -> None:
    """The advisor's verdict agrees with the figure it is made on, as the page shows it: "Too close to tell"
    exactly when the two intervals of lives lost on average overlap; and when the chances of losing a life,
    read alone, would say otherwise, a note beside the verdict says which figure it goes by."""
    lives = [(float(lo), float(hi)) for lo, hi in
             re.findall(r"Lives lost on average: [\d.]+ \(95% interval ([\d.]+) to ([\d.]+)\)", text)]
    chances = [(int(lo), int(hi)) for lo, hi in
               re.findall(r"Chance of losing a life: \d+% \(95% interval (\d+)% to (\d+)%\)", text)]
    assert len(lives) == len(chances) == 2, text
    (a, b), (c, d) = lives
    close = a <= d and c <= b
    assert ("Too close to tell" in text) == close, text
    (e, f), (g, h) = chances
    if close and (f < g or h < e):
        assert "The advice goes by lives lost on average, not by the chance of losing a life" in text, text


def check_strength_table(page: Any) -> None:
    """The bots' strength: one row per level, the menu (from the keyboard) picks the table size, and the verdict
    under the table names each game."""
    box = page.locator(".to-strength")
    rows = box.locator("tbody tr")
    assert [rows.nth(i).locator("th").inner_text() for i in range(rows.count())] == [
        "beginner bot", "intermediate bot", "expert bot", "coach of lesson 6"]
    assert "against 3 intermediate bots" in box.locator("caption").inner_text()
    assert "The coach's row: the move the coach advises, made on every turn" in box.locator(".to-note").inner_text()
    box.locator("select").focus()
    page.keyboard.press("ArrowUp")  # 4 → 3 players
    page.wait_for_function("() => document.querySelector('.to-strength caption').innerText.includes("
                           "'against 2 intermediate bots')", timeout=30_000)
    verdict = box.locator(".to-verdict").inner_text()
    assert verdict.startswith("In Scat ") and "In Schwimmen " in verdict
    assert "followed on every turn, the coach lost" in verdict  # the coach's sentences follow the expert's


def test_lesson_5_advisor_answers_for_a_chosen_hand(page: Any, voila_server: Any) -> None:
    open_page(page, voila_server, LESSON_5, ".to-advisor .to-advice")
    page.wait_for_selector(".to-survival figure svg.to-plot", state="visible")
    no_source(page)
    plots = page.locator(".to-study figure svg.to-plot").all()
    assert len(plots) >= 6  # lesson 5's charts: inline SVG, each named for a screen reader
    for plot in plots:
        assert plot.get_attribute("role") == "img" and len(plot.get_attribute("aria-label") or "") > 40
    assert page.evaluate(CUT_WORDS_JS) == []  # every word of every chart inside its picture
    body = page.inner_text("body")
    for internal in ("(003)", "None", "greedy", "commerce", "turn of the table", "Compute this cell"):
        assert internal not in body, internal
    assert "An intermediate bot knocks as soon as its hand is worth its threshold or more" in body
    advisor = page.locator(".to-advisor")
    check_verdict_and_figures(advisor.locator(".to-advice-box").inner_text())  # the lesson's own hand, on arrival
    advisor.get_by_role("button", name="Put the cards back").click()
    page.wait_for_function("() => document.querySelector('.to-advisor').innerText.includes('Pick three cards')")
    for card in ("A♠", "K♠", "9♠"):
        advisor.locator(f'.to-picker button[data-card="{card}"]').click()
    page.wait_for_function("() => document.querySelector('.to-advisor .to-value')"
                           " && document.querySelector('.to-advisor .to-value').innerText.includes('30')"
                           " && document.querySelector('.to-advisor .to-advice-box')", timeout=30_000)
    text = advisor.locator(".to-advice-box").inner_text()
    assert "Knock now" in text and "Play on" in text and "95% interval" in text
    assert "Advice:" in text
    # the turn menu offers only the seat's own turns: seat 2 of 4 plays after 1, 5, 9, ... turns
    turns = [t.replace("\xa0", " ") for t in advisor.locator("select").nth(-1).locator("option").all_inner_texts()]
    assert turns[0].startswith("your 1st turn, on the deal: 1 turn played") and "5 turns played" in turns[1]
    advisor.screenshot(path=str(ARTIFACTS / "lesson5-advisor.png"))
    drill = page.locator(".to-drill")
    drill.get_by_role("button", name="Knock", exact=True).click()
    page.wait_for_selector(".to-drill .to-feedback", timeout=30_000)
    assert "right out of 1" in drill.locator(".to-tally").inner_text()
    assert "The simulation judged this situation:" in drill.inner_text()
    check_strength_table(page)
    page.screenshot(path=str(ARTIFACTS / "lesson5-page.png"), full_page=True)
    no_serious_violations(page)
    # a phone: the prose wraps, nothing a learner reads runs off the right edge
    page.set_viewport_size({"width": 390, "height": 900})
    wait_for_layout(page)
    wide = page.evaluate("""() => [...document.querySelectorAll('p, li, h1, h2, h3, figcaption, td, th')]
        .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.right > window.innerWidth + 1; })
        .map(e => e.tagName + ': ' + e.innerText.slice(0, 60))""")
    assert not wide, wide
    menus = page.evaluate(MENUS_FIT)
    assert any(m.startswith("Your turn") for m in menus["seen"]), menus  # the advisor's menu of the seat's turns
    assert not menus["out"], menus["out"]
    assert page.evaluate(CUT_WORDS_JS) == []  # the charts scale to the column, their words whole, legends wrapped
    legend = page.locator(".to-survival ul.to-legend").first.bounding_box()
    assert legend is not None and legend["x"] + legend["width"] <= 391
    page.screenshot(path=str(ARTIFACTS / "lesson5-page-390.png"), full_page=True)
