"""Lessons 2 and 3 as a learner meets them: Debian's chromium against a real Voilà server.

In each lesson the learner completes the staged walkthrough and a free round against the bots,
one of the two with the keyboard only (Tab, Enter, Space). The showdown panel is checked
against the engine; axe-core must report no serious or critical violation; screenshots of the
tables go to test-artifacts/.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import ARTIFACTS

from thirtyone import Rules, parse_cards, score
from thirtyone.game import RoundResult, judge, parse_action
from thirtyone.widgets.guide import TOURS
from thirtyone.widgets.views import number

pytestmark = pytest.mark.browser

LESSON_2 = "voila/render/02-scat.ipynb"
LESSON_3 = "voila/render/03-schwimmen.ipynb"


# -- moving around the page -------------------------------------------------------------------
def open_lesson(page: Any, server: Any, path: str) -> None:
    page.goto(server.url(path))
    page.wait_for_selector(".to-walkthrough .to-card", state="visible", timeout=60_000)


def activate(page: Any, target: Any, keyboard: bool, key: str = "Enter") -> None:
    """Click ``target``, or Tab to it (Shift+Tab when it is above the focus) and press ``key``."""
    if not keyboard:
        target.click()
        return
    handle = target.element_handle()
    for _ in range(400):
        if handle.evaluate("el => el === document.activeElement"):
            page.keyboard.press(key)
            return
        above = handle.evaluate(
            "el => !!document.activeElement && document.activeElement !== document.body &&"
            " !!(el.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING)")
        page.keyboard.press("Shift+Tab" if above else "Tab")
    raise AssertionError("Tab never reached the target")


def hand_card(root: Any, card: str) -> Any:
    return root.locator(f'.to-row[aria-label="your hand"] button[data-card="{card}"]')


def move_targets(root: Any, text: str) -> list[Any]:
    """The elements a learner activates, in order, to make the move ``text``."""
    a = parse_action(text)
    k = a.kind
    if k == "draw stock":
        return [root.get_by_role("button", name="Draw from the stock")]
    if k == "draw discard":
        return [root.locator('.to-row[aria-label="discard pile, top card"] button')]
    if k == "discard":
        return [hand_card(root, str(a.cards[0]))]
    if k == "swap":
        return [hand_card(root, str(a.cards[0])),
                root.locator(f'.to-row[aria-label="the center"] button[data-card="{a.cards[1]}"]')]
    name = {"knock": "Knock", "pass": "Pass", "swap all": "Swap all three", "keep hand": "Keep my hand",
            "take center": "Take the center hand"}[k]
    return [root.get_by_role("button", name=name, exact=True)]


def play_walkthrough(page: Any, index: int, name: str, keyboard: bool) -> Any:
    """Complete the ``index``-th walkthrough of the page, a tour of :data:`TOURS`."""
    tour = TOURS[name]
    root = page.locator(".to-walkthrough").nth(index)
    n = len(tour.steps)
    for i, step in enumerate(tour.steps[:-1]):
        root.locator(".to-progress", has_text=f"step {i + 1} of {n}").wait_for()
        if step.ask:
            for target in move_targets(root, step.moves[0]):
                activate(page, target, keyboard, key="Space" if keyboard and i % 2 else "Enter")
        else:
            activate(page, root.get_by_role("button", name="Next", exact=True), keyboard)
    root.locator(".to-progress", has_text=f"step {n} of {n}").wait_for()
    root.locator(".to-showdown table").wait_for()
    return root


# -- the showdown panel against the engine ------------------------------------------------------
def check_showdown(root: Any, rules: Rules) -> str:
    """Recompute the panel's verdict with the engine from the hands it shows; returns the verdict."""
    panel = root.locator(".to-showdown")
    rows = panel.locator("tbody tr").evaluate_all(
        "trs => trs.map(tr => [+tr.dataset.seat, ...[...tr.children].map(c => c.innerText.trim())])")
    explain = panel.locator(".to-explain").inner_text()
    seats = 1 + max(r[0] for r in rows)
    scores: list[Any] = [None] * seats
    names = [""] * seats
    shown_losses = [0] * seats
    for seat, name, hand, value, why, lost, _left in rows:
        sc = score(parse_cards(hand), rules)
        assert value == number(sc.value) and why == sc.explanation
        scores[seat], names[seat] = sc, name
        m = re.match(r"loses (\d+)", lost)
        shown_losses[seat] = int(m.group(1)) if m else 0
    knocker = next((i for i, x in enumerate(names) if explain.startswith(f"{x} knocked")), None)
    how = ("knock" if knocker is not None else "fire" if "showed three aces" in explain
           else "31" if "showed 31" in explain else "all_pass" if "Everyone passed" in explain else "empty_stock")
    holders = [i for i, sc in enumerate(scores) if sc is not None and (
        (how == "31" and sc.value == 31) or (how == "fire" and sc.rule == "three_aces"))]
    winner, lowest, losses, reasons = judge(rules, scores, knocker, how, holders)
    assert losses == shown_losses
    hands = tuple(sc.cards if sc is not None else None for sc in scores)
    expected = RoundResult(1, how, hands, tuple(scores), knocker, winner, lowest, tuple(losses), tuple(reasons))
    assert explain == expected.explain(names)
    return explain


# -- a free round ---------------------------------------------------------------------------------
STATUS = ("el => { const s = el.querySelector('.to-status'); const t = s ? s.innerText : '';"
          " return t.includes('Your turn') || t.includes('Now throw') || t.includes('You deal')"
          " || t.includes('is over'); }")


def play_free_round(page: Any, rules: Rules, keyboard: bool) -> Any:
    """The learner plays the page's last table to the showdown: draws (or swaps) once, then knocks."""
    root = page.locator(".to-table").last
    root.scroll_into_view_if_needed()
    if keyboard:  # the bots' pace, chosen with the keyboard: down to "fast"
        activate(page, root.get_by_label("Bots' pace"), keyboard=True, key="ArrowDown")
    else:
        root.get_by_label("Bots' pace").select_option(label="fast (0.3 s a move)")
    moved = 0
    for _ in range(60):
        handle = root.element_handle()
        page.wait_for_function(STATUS, arg=handle, timeout=30_000)
        status = root.locator(".to-status").inner_text()
        log = root.locator(".to-log li").count()
        if "is over" in status:
            break
        enabled = root.get_by_role("button", name="Knock", exact=True).is_enabled()
        if "You deal" in status:
            target = [root.get_by_role("button", name="Keep my hand")]
        elif "Now throw" in status:
            target = [root.locator('.to-row[aria-label="your hand"] button:not(.to-disabled)').first]
        elif moved and enabled:
            target = [root.get_by_role("button", name="Knock", exact=True)]
        elif rules.family == "draw":
            target = [root.get_by_role("button", name="Draw from the stock")]
            moved += 1
        else:
            target = [root.locator('.to-row[aria-label="your hand"] button').first,
                      root.locator('.to-row[aria-label="the center"] button').first]
            moved += 1
        for t in target:
            activate(page, t, keyboard)
        page.wait_for_function(f"el => el.querySelectorAll('.to-log li').length > {log}", arg=handle)
    else:
        raise AssertionError("the free round did not end")
    root.locator(".to-showdown table").wait_for()
    return root


def check_accessibility(page: Any) -> None:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, "\n".join(f"{v['id']} ({v['impact']}): {v['help']}: "
                              f"{[n['target'] for n in v['nodes']][:5]}" for v in bad)


def keep(page: Any, root: Any, name: str) -> None:
    """A screenshot of the whole widget (the viewport grows to hold it, then shrinks back)."""
    ARTIFACTS.mkdir(exist_ok=True)
    size = page.viewport_size
    height = int(root.evaluate("el => el.getBoundingClientRect().height")) + 80
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], height)})
    root.scroll_into_view_if_needed()
    root.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    page.set_viewport_size(size)


# -- the tests --------------------------------------------------------------------------------------
LESSONS = [
    # page, the two tours, walkthroughs by keyboard?, screenshot prefix
    (LESSON_2, ("scat", "scat-31"), False, "lesson2"),
    (LESSON_3, ("schwimmen", "feuer"), True, "lesson3"),
]


@pytest.mark.parametrize(("path", "tours", "walk_by_keyboard", "shot"), LESSONS, ids=["lesson-2", "lesson-3"])
def test_a_lesson_walkthroughs_and_a_free_round(page: Any, voila_server: Any, path: str, tours: tuple[str, str],
                                                walk_by_keyboard: bool, shot: str) -> None:
    """The two walkthroughs by mouse and the free round by keyboard, or the other way round."""
    open_lesson(page, voila_server, path)
    for index, name in enumerate(tours):
        tour = TOURS[name]
        root = play_walkthrough(page, index, name, keyboard=walk_by_keyboard)
        final = tour.states()[-1]
        assert final.result is not None
        labels = tuple(f"{x} (you)" if i == tour.seat else x for i, x in enumerate(tour.names))
        assert check_showdown(root, final.rules) == final.result.explain(labels)
        keep(page, root, f"{shot}-walkthrough-{name}")
    if path == LESSON_2:
        logs = page.locator(".to-walkthrough .to-log").all_inner_texts()
        assert "Sam (you) took the 9♥ from the discard pile and threw the 4♣." in logs[0]
        assert "Ben is out of the game." in logs[1]
    rules = TOURS[tours[0]].start().rules
    table = play_free_round(page, rules, keyboard=not walk_by_keyboard)
    check_showdown(table, rules)
    keep(page, table, f"{shot}-free-round-showdown")
    check_accessibility(page)


@pytest.mark.parametrize("path", [LESSON_2, LESSON_3])
def test_lessons_2_and_3_on_arrival(page: Any, voila_server: Any, path: str) -> None:
    """No source code, links between lessons, a hint for a wrong move, and axe-core at the start."""
    open_lesson(page, voila_server, path)
    body = page.inner_text("body")
    for source in ("import ", "from thirtyone", "NBVAL", "Walkthrough(", "CardTable(", "Traceback"):
        assert source not in body
    links = page.locator("a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert "index.ipynb" in links
    assert ("03-schwimmen.ipynb" if path == LESSON_2 else "02-scat.ipynb") in links
    root = page.locator(".to-walkthrough").first
    root.get_by_role("button", name="Next", exact=True).click()
    root.locator(".to-progress", has_text="step 2 of").wait_for()
    wrong = root.get_by_role("button", name="Draw from the stock" if path == LESSON_2 else "Keep my hand")
    wrong.click()
    tour = TOURS["scat" if path == LESSON_2 else "schwimmen"]
    root.locator(".to-message", has_text=tour.steps[1].hint).wait_for()
    check_accessibility(page)


@pytest.mark.parametrize(("path", "tour"), [(LESSON_2, "scat"), (LESSON_3, "schwimmen")], ids=["lesson-2", "lesson-3"])
def test_a_walkthrough_and_its_showdown_read_at_390_px(browser: Any, voila_server: Any, path: str, tour: str) -> None:
    """On a phone the narration, the table and the showdown fit the screen: nothing clipped sideways,
    no sideways scrolling; the showdown is one box per player."""
    context = browser.new_context(viewport={"width": 390, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        open_lesson(page, voila_server, path)
        root = play_walkthrough(page, 0, tour, keyboard=False)
        report = root.evaluate("""root => {
          const W = document.documentElement.clientWidth, out = [];
          for (const e of [root, ...root.querySelectorAll('*')]) {
            const r = e.getBoundingClientRect(), cs = getComputedStyle(e);
            if (r.width <= 1 || r.height <= 1) continue;  // nothing, or visually hidden for screen readers
            if (r.right > W + 1) out.push('wider than the screen: ' + (e.className || e.tagName));
            if (cs.overflowX !== 'visible' && e.scrollWidth > e.clientWidth + 2)
              out.push('clipped sideways: ' + (e.className || e.tagName));
          }
          return {page: document.documentElement.scrollWidth, W, out: out.slice(0, 10)};
        }""")
        assert report["page"] <= report["W"] and not report["out"], report
        rows = root.locator(".to-showdown tbody tr")
        assert rows.count() == 3
        assert rows.first.evaluate("el => getComputedStyle(el).display") == "block"  # one box per player
        keep(page, root, f"phone-walkthrough-{tour}")
    finally:
        context.close()
    assert not errors, errors
