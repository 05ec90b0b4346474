"""The tutorial as a learner meets it: Debian's chromium against a real Voilà server.

Console errors fail every test here (see the ``page`` fixture); screenshots go to test-artifacts/.
"""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from typing import Any

import pytest

from thirtyone import Rules, parse_cards, score
from thirtyone.widgets.views import number

pytestmark = pytest.mark.browser

INDEX = "voila/render/index.ipynb"
LESSON_1 = "voila/render/01-scoring.ipynb"
SANDBOX = ".to-sandbox"


def open_page(page: Any, server: Any, path: str, ready: str) -> None:
    page.goto(server.url(path))
    page.wait_for_selector(ready, state="visible", timeout=60_000)


def sandbox_card(page: Any, card: str) -> Any:
    return page.locator(f'{SANDBOX} .to-picker button[data-card="{card}"]')


def sandbox_score(page: Any) -> Any:
    return page.locator(f"{SANDBOX} .to-score-view .to-score")


def test_index_renders_and_links_to_lesson_1(page: Any, voila_server: Any) -> None:
    open_page(page, voila_server, INDEX, ".to-score-view .to-card")
    assert page.locator("h1").first.inner_text().startswith("31")
    assert "Schwimmen" in page.inner_text("body")
    hand = page.locator(".to-score-view .to-card")
    assert hand.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))") == [
        "king of hearts", "nine of hearts", "four of clubs"]
    page.get_by_role("button", name="Deal another hand").click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('.to-score-view .to-card')].map(e => e.dataset.card).join(' ')"
        " !== 'K♥ 9♥ 4♣'")
    assert page.get_by_role("link", name="The glossary", exact=True).get_attribute("href") == "glossary.ipynb"
    assert "How the course goes" in page.inner_text("body")
    link = page.get_by_role("link", name="What is a hand worth?", exact=True)
    assert link.get_attribute("href") == "01-scoring.ipynb"
    link.click()
    page.wait_for_url("**/voila/render/01-scoring.ipynb")
    page.wait_for_selector(f'{SANDBOX} button[data-card="K♥"]', timeout=60_000)


def test_lesson_1_pick_by_clicking(page: Any, voila_server: Any) -> None:
    open_page(page, voila_server, LESSON_1, f'{SANDBOX} button[data-card="K♥"]')
    for card in ("K♥", "9♥", "4♣"):
        sandbox_card(page, card).click()
    expected = score("K♥ 9♥ 4♣").explanation
    page.wait_for_function(f"() => document.querySelector('{SANDBOX} .to-score').innerText.includes({expected!r})")
    text = sandbox_score(page).inner_text()
    assert "Worth 19" in text and expected in text
    assert sandbox_card(page, "K♥").get_attribute("aria-pressed") == "true"
    counting = page.locator(f"{SANDBOX} .to-score-view .to-highlighted")
    assert sorted(counting.evaluate_all("els => els.map(e => e.dataset.card)")) == ["9♥", "K♥"]


def tab_to(page: Any, card: str, limit: int = 300) -> None:
    """Press Tab until the sandbox's ``card`` has the focus, as a keyboard user would."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate(
            f"() => {{ const e = document.activeElement; return !!e && e.dataset.card === {card!r}"
            f" && !!e.closest('{SANDBOX} .to-picker'); }}")
        if focused:
            return
    raise AssertionError(f"Tab never reached {card}")


def test_lesson_1_pick_with_the_keyboard_only(page: Any, voila_server: Any) -> None:
    open_page(page, voila_server, LESSON_1, f'{SANDBOX} button[data-card="K♥"]')
    tab_to(page, "4♣")
    page.keyboard.press("Space")
    tab_to(page, "K♥")
    page.keyboard.press("Enter")
    tab_to(page, "9♥")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelector('{SANDBOX} .to-score').innerText.includes('Worth 19')")
    assert score("K♥ 9♥ 4♣").explanation in sandbox_score(page).inner_text()


def test_lesson_1_preset_turns_three_tens_into_30_5(page: Any, voila_server: Any) -> None:
    open_page(page, voila_server, LESSON_1, f'{SANDBOX} button[data-card="K♥"]')
    for card in ("10♠", "10♥", "10♦"):
        sandbox_card(page, card).click()
    page.wait_for_function(f"() => document.querySelector('{SANDBOX} .to-score').innerText.includes('Worth 10')")
    page.locator(f"{SANDBOX} .to-rule-picker select").select_option(label="Schwimmen")
    page.wait_for_function(f"() => document.querySelector('{SANDBOX} .to-score').innerText.includes('Worth 30.5')")
    assert "three of a kind counts 30.5" in sandbox_score(page).inner_text()
    assert page.locator(f'{SANDBOX} .to-picker button[data-card="2♣"]').count() == 0


# words lesson 1 has not taught yet: the rest of the game
LATER_WORDS = ("knock", "swim", "stock", "commerce", "center", "discard", "feuer", "fire", "dealer")


def test_lesson_1_says_only_what_it_has_taught(page: Any, voila_server: Any) -> None:
    """The sandbox's rules say what decides a hand's value and a tie, nothing of knocking or the center;
    Skat order is taught where hands are compared, with a tie to settle; the quiz names its rules."""
    open_page(page, voila_server, LESSON_1, ".to-tie-quiz .to-card")
    summary = page.locator(f"{SANDBOX} .to-summary")
    for preset in ("Scat", "Schwimmen"):
        page.locator(f"{SANDBOX} .to-rule-picker select").select_option(label=preset)
        summary.filter(has_text=preset).wait_for()
        text = summary.inner_text().lower()
        assert "three of a kind" in text and "three aces" in text and "tie" in text
        for word in LATER_WORDS:
            assert word not in text, f"{word!r} in the lesson 1 sandbox: {text}"
    body = page.inner_text("body")
    assert "Skat order" in body and "clubs ♣ > spades ♠ > hearts ♥ > diamonds ♦" in body
    tie = page.locator(".to-tie-quiz")
    assert "Skat order" in tie.inner_text()
    tie.get_by_role("button", name="Hand 1 loses").click()
    tie.locator(".to-feedback").wait_for()
    assert "Skat order" in tie.locator(".to-feedback").inner_text()
    quiz = page.locator(".to-quiz")
    assert "Scored by the Scat rules" in quiz.inner_text() and "no house rules" in quiz.inner_text()
    quiz.locator("select").select_option(label="Schwimmen")
    quiz.locator(".to-quiz-rules", has_text="Schwimmen rules").wait_for()
    assert "three of a kind counts 30.5" in quiz.inner_text()
    answer = quiz.locator("input[type=text]")
    answer.fill("1e309")
    answer.press("Enter")
    quiz.locator(".to-note", has_text="Type a number").wait_for()
    assert "0 right out of 0" in quiz.locator(".to-tally").inner_text()


PHONE_PAGES = [INDEX, LESSON_1, "voila/render/02-scat.ipynb", "voila/render/03-schwimmen.ipynb"]


@pytest.mark.parametrize("path", PHONE_PAGES, ids=["index", "lesson-1", "lesson-2", "lesson-3"])
def test_the_page_reads_at_390_px(browser: Any, voila_server: Any, path: str) -> None:
    """At a phone's 390 px: no sideways scrolling, nothing wider than the screen or clipped sideways in a
    box, and every card still has its spoken name."""
    from conftest import ARTIFACTS, settle, watch_console

    context = browser.new_context(viewport={"width": 390, "height": 800})
    pg = context.new_page()
    errors: list[str] = []
    watch_console(pg, errors.append)
    try:
        open_page(pg, voila_server, path, ".to-card")
        settle(pg)
        report = pg.evaluate("""() => {
          const W = document.documentElement.clientWidth, out = [];
          for (const e of document.querySelectorAll('body *')) {
            const r = e.getBoundingClientRect(), cs = getComputedStyle(e);
            if (r.width <= 1 || r.height <= 1 || cs.visibility === 'hidden') continue;
            if (r.right > W + 1) out.push('wider than the screen: ' + (e.className || e.tagName));
            if (cs.overflowX !== 'visible' && e.scrollWidth > e.clientWidth + 2)
              out.push('clipped or scrolls sideways: ' + (e.className || e.tagName));
          }
          return {page: document.documentElement.scrollWidth, W, out: out.slice(0, 10)};
        }""")
        assert report["page"] <= report["W"] and not report["out"], report
        labels = pg.locator(".to-card").evaluate_all("els => els.map(e => e.getAttribute('aria-label') || '')")
        assert labels and all(re.fullmatch(r"(two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace) of "
                                           r"(clubs|spades|hearts|diamonds)|face-down card", x) for x in labels)
        ARTIFACTS.mkdir(exist_ok=True)
        name = path.rsplit("/", 1)[-1].replace(".ipynb", "")
        pg.screenshot(path=str(ARTIFACTS / f"phone-{name}.png"), full_page=True)
    finally:
        context.close()
    assert not errors, errors


def quiz_hand(page: Any) -> tuple[Any, ...]:
    text = page.locator(".to-quiz .to-card").evaluate_all("els => els.map(e => e.dataset.card).join(' ')")
    return parse_cards(text)


def test_lesson_1_quiz_marks_a_right_and_a_wrong_answer(page: Any, voila_server: Any) -> None:
    open_page(page, voila_server, LESSON_1, ".to-quiz .to-card")
    answer = page.locator(".to-quiz input[type=text]")
    answer.fill(number(score(quiz_hand(page), Rules()).value))
    answer.press("Enter")
    page.wait_for_selector(".to-quiz .to-right")
    page.get_by_role("button", name="Next hand").click()
    page.wait_for_function("() => !document.querySelector('.to-quiz .to-feedback')")
    # no hand is worth 0: wrong whatever the next hand is, even were its cards still being drawn
    answer.fill("0")
    page.locator(".to-quiz").get_by_role("button", name="Check").click()
    page.wait_for_selector(".to-quiz .to-wrong")
    assert "1 right out of 2" in page.locator(".to-quiz .to-tally").inner_text()


@pytest.mark.parametrize("path", [INDEX, LESSON_1])
def test_no_source_code_and_no_serious_accessibility_violation(page: Any, voila_server: Any, path: str) -> None:
    from axe_playwright_python.sync_playwright import Axe
    from conftest import settle

    open_page(page, voila_server, path, ".to-card")
    settle(page)
    body = page.inner_text("body")
    for source in ("import ", "from thirtyone", "NBVAL", "Sandbox(", "ScoreView(", "Traceback"):
        assert source not in body
    assert page.locator(".jp-InputArea-editor, .jp-CodeMirrorEditor, .cm-editor").count() == 0
    assert "from thirtyone" not in page.content()
    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, "\n".join(f"{v['id']} ({v['impact']}): {v['help']}: "
                              f"{[n['target'] for n in v['nodes']][:5]}" for v in bad)


@pytest.mark.parametrize("path", [
    "voila/files/..%2Fpyproject.toml", "voila/files/%2E%2E/pyproject.toml", "voila/files/..%2FMakefile",
    "voila/render/..%2FMakefile", "voila/render/..%2Fpyproject.toml", "voila/tree/..%2F",
    "voila/static/..%2F..%2F..%2Fpyproject.toml", "voila/files/voila.py", "files/..%2Fpyproject.toml",
    "voila/render/%2E%2E%2FMakefile", "..%2FMakefile", "voila/..%2F..%2Fpyproject.toml",
])
def test_files_outside_notebooks_are_not_served(voila_server: Any, path: str) -> None:
    try:
        with urllib.request.urlopen(voila_server.url(path), timeout=30) as r:
            body = r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        assert e.code in (403, 404)
        return
    assert "[build-system]" not in body and ".PHONY" not in body and "VoilaConfiguration" not in body
