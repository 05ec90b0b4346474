"""Lessons 2 and 3 as a learner meets them: Debian's chromium against a real Voilà server.

In each lesson the learner completes the staged walkthrough and a free round against the bots,
one of the two with the keyboard only (Tab, Enter, Space). The showdown panel is checked
against the engine; axe-core must report no serious or critical violation; screenshots of the
tables go to test-artifacts/.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

import pytest
from conftest import ARTIFACTS, KERNEL_IDLE, wait_for_layout, watch_console
from helpers.browser import check_accessibility, keep
from helpers.languages import page_languages

from thirtyone import Card, Rules, State, hand_value, i18n, new_game, parse_cards
from thirtyone.game import RoundEnd, parse_action
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
# The oracle never reads the page's verdict to learn how the round ended: it takes what the page
# shows as facts (each seat's hand, the "knocked" badge, the lives at the round's start), lets the
# engine judge those hands (State._judge, what the game itself calls at a showdown), and compares the
# engine's own narration, losses and lives with the page's.
def round_ends(start: State, hands: Sequence[tuple[Card, ...] | None]) -> list[tuple[str, tuple[int, ...]]]:
    """Every way the engine can end a round with these final ``hands`` (seats out: ``None``), as
    ``(how, holders)``. A hand of three aces under Feuer, or of 31, ends the round the moment it is
    held (dealt, drawn or taken: decisions 4 and 14), so when one is shown the round ended with it;
    otherwise it ended by a knock, by everyone passing, or with the stock run out, and those three
    judge the hands alike (only the opening sentence differs)."""
    rules = start.rules
    seats = [p for p, h in enumerate(hands) if h is not None]
    fire = [p for p in seats if rules.fire and len(hands[p] or ()) == 3 and all(c.rank == 12 for c in hands[p] or ())]
    if fire:
        return [(RoundEnd.FIRE, tuple(fire))]
    held_31 = tuple(p for p in seats if hand_value(hands[p] or (), rules) == 31)
    if held_31:
        return [(RoundEnd.THIRTY_ONE, held_31)]
    return [(RoundEnd.KNOCK, ()), (RoundEnd.ALL_PASS, ()), (RoundEnd.EMPTY_STOCK, ())]


def engine_verdicts(start: State, hands: Sequence[tuple[Card, ...] | None], knocker: int | None) -> dict[str, State]:
    """The engine's judgement of the final ``hands`` of the round that began at ``start`` (lives, seats
    out, rules), ``knocker`` having knocked: every possible end's state after the showdown, keyed by the
    engine's own narration of it (:meth:`RoundResult.explain` with the page's labels comes later)."""
    played = start._evolve(hands=tuple(h if h is not None else start.hands[p] for p, h in enumerate(hands)),
                           knocker=knocker)
    out = {}
    for how, holders in round_ends(start, hands):
        if how == RoundEnd.KNOCK and knocker is None:
            continue
        if how == RoundEnd.ALL_PASS and knocker is not None:  # a knock's last turns end as a knock
            continue
        out[how] = played._judge(how, holders)
    return out


def _lives_shown(text: str) -> tuple[int, bool]:
    """The showdown's "Lives left" cell as (lives, out)."""
    if text == "out":
        return 0, True
    return (0, False) if text == "swimming" else (int(text), False)


def check_showdown(root: Any, start: State) -> str:
    """Judge the hands the panel shows with the engine (the round began at ``start``: its rules, lives
    and seats out) and compare everything the panel says with the engine's; returns the verdict."""
    panel = root.locator(".to-showdown")
    rows = panel.locator("tbody tr").evaluate_all(
        "trs => trs.map(tr => [+tr.dataset.seat, ...[...tr.children].map(c => c.innerText.trim())])")
    explain = panel.locator(".to-explain").inner_text()
    badges = root.locator(".to-seat-head:has(.to-knock) strong").all_inner_texts()
    names = [""] * start.players
    hands: list[tuple[Card, ...] | None] = [None] * start.players
    shown: dict[int, tuple[str, str, str, str]] = {}
    for seat, name, hand, value, why, lost, left in rows:
        names[seat] = name
        hands[seat] = tuple(parse_cards(hand))
        shown[seat] = (value, why, lost, left)
    assert sorted(shown) == [p for p in range(start.players) if not start.out[p]], rows
    assert len(badges) <= 1, f"more than one seat marked as the knocker: {badges}"
    knocker = names.index(badges[0]) if badges else None
    verdicts = engine_verdicts(start, hands, knocker)
    narrated = {how: s.result.explain(names) for how, s in verdicts.items() if s.result is not None}
    matches = [how for how, text in narrated.items() if text == explain]
    assert len(matches) == 1, f"the page says {explain!r}; the engine, for these hands: {narrated}"
    after = verdicts[matches[0]]
    result = after.result
    assert result is not None
    for seat, (value, why, lost, left) in shown.items():
        sc = result.scores[seat]
        assert sc is not None and value == number(sc.value) and why == sc.explanation, (seat, value, why)
        n = result.losses[seat]
        assert lost == (f"{n} ({result.reasons[seat]})" if n else "0"), (seat, lost)
        assert _lives_shown(left) == (after.lives[seat], after.out[seat]), (seat, left)
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
        page.wait_for_function(KERNEL_IDLE, timeout=60_000)  # the status line and buttons too
    else:
        raise AssertionError("the free round did not end")
    root.locator(".to-showdown table").wait_for()
    return root


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
        assert check_showdown(root, tour.start()) == final.result.explain(labels)
        keep(page, root, f"{shot}-walkthrough-{name}")
    if path == LESSON_2:
        logs = page.locator(".to-walkthrough .to-log").all_inner_texts()
        assert "Sam (you) took the 9♥ from the discard pile and threw the 4♣." in logs[0]
        assert "Ben is out of the game." in logs[1]
    rules = TOURS[tours[0]].start().rules
    table = play_free_round(page, rules, keyboard=not walk_by_keyboard)
    # the lesson's table: three players, round 1. Only its rules, lives and seats out matter here, so the
    # deal is seeded: an unseeded one is a dealt 31 or Feuer now and then, judged (lives lost) at once.
    start = new_game(rules, players=3, seed=0)
    assert start.result is None and start.lives == (rules.lives,) * 3
    check_showdown(table, start)
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
    root.locator(".to-narration .to-hint", has_text=tour.steps[1].hint).wait_for()  # beside the step's text
    check_accessibility(page)


@pytest.mark.parametrize(("path", "tour"), [(LESSON_2, "scat"), (LESSON_3, "schwimmen")], ids=["lesson-2", "lesson-3"])
def test_a_walkthrough_and_its_showdown_read_at_390_px(browser: Any, voila_server: Any, path: str, tour: str) -> None:
    """On a phone the narration, the table and the showdown fit the screen: nothing clipped sideways,
    no sideways scrolling; the showdown is one box per player."""
    context = browser.new_context(viewport={"width": 390, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    watch_console(page, errors.append)
    try:
        open_lesson(page, voila_server, path)
        root = play_walkthrough(page, 0, tour, keyboard=False)
        wait_for_layout(page)
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


# -- the oracle itself, against the engine's own rounds (no browser) ------------------------------
def engine_rounds(rules: Rules, games: int) -> Iterator[tuple[State, State]]:
    """Whole games of bots under ``rules``: each round's start (lives and seats out as it was dealt)
    and its end, as the game played it (every way a round ends comes up: knocks, 31s, Feuer, passes)."""
    from thirtyone.bots import make_bot

    for seed in range(games):
        players = 2 + seed % 3
        bots = [make_bot("random" if (seed + i) % 3 == 0 else "greedy", seed=seed * 10 + i) for i in range(players)]
        rng = random.Random(seed)
        s = new_game(rules, players=players, seed=seed)
        start = s._evolve(lives=(rules.lives,) * players, out=(False,) * players)
        for _round in range(40):
            for _move in range(2000):
                if s.round_over:
                    break
                p = s.current_player
                assert p is not None
                if seed % 4 == 3 and rules.family == "draw" and s.phase == "turn" and s.stock and s.discard_pile:
                    s = s._evolve(stock=())  # the next turn finds no stock and no pile to turn over
                if seed % 4 == 3:  # nobody knocks, everyone passes when they may: the stock runs out
                    legal = [a for a in s.legal_actions() if a.kind != "knock"] or list(s.legal_actions())
                    passes = [a for a in legal if a.kind in ("pass", "draw discard")]
                    s = s.apply(passes[0] if passes else rng.choice(legal))
                else:
                    s = s.apply(bots[p](s.view(p)))
            else:
                raise AssertionError("a round of 2000 moves")
            yield start, s
            if s.game_over:
                break
            start, s = s, s.apply("next round")


@pytest.mark.parametrize("preset", ["scat", "schwimmen", "feuer", "bga-draw", "bga-commerce", "schwimmen/all_pass"])
def test_the_showdown_oracle_agrees_with_the_engine_on_every_kind_of_round(preset: str) -> None:
    """What check_showdown concludes from a finished table (hands, knocker, lives at the start) is what
    the game itself decided, for every round of many bot games: a knock, a 31 or Feuer (after a knock or
    not, on the deal or not), all passes, the stock run out, seats out, swimming, a void round."""
    name, _, showdown = preset.partition("/")
    rules = Rules.coerce(name).replace(all_pass="showdown") if showdown else Rules.coerce(name)
    seen: set[str] = set()
    for start, end in engine_rounds(rules, 60):
        result = end.result
        assert result is not None
        names = [f"P{i}" for i in range(end.players)]
        verdicts = engine_verdicts(start, result.hands, end.knocker)
        narrated = {how: v.result.explain(names) for how, v in verdicts.items() if v.result is not None}
        truth = result.explain(names)
        matches = [how for how, text in narrated.items() if text == truth]
        assert matches == [result.how], (truth, narrated)
        judged = verdicts[result.how]
        assert judged.result is not None and replace(judged.result, round=result.round) == result and (judged.lives, judged.out) == (end.lives, end.out)
        seen.add(result.how + (" after a knock" if end.knocker is not None and result.how in ("31", "fire") else ""))
    assert {"knock", "31", "all_pass" if rules.all_pass == "showdown" else "empty_stock"} <= seen, seen


# -- a wrong tap's hint on a phone -----------------------------------------------------------------
IN_VIEW = """el => { const r = el.getBoundingClientRect();
  return r.height > 0 && r.top >= -1 && r.bottom <= window.innerHeight + 1; }"""
"""The element is wholly on the screen, top to bottom."""


def phone_targets(root: Any, tour_name: str, index: int) -> tuple[list[Any], Any]:
    """The elements a learner taps for step ``index``'s asked move, and what they might tap instead: the
    stock for the pile and the other way round, another card of the hand for a throw, Next for a button's
    move. Found by the labels of the page's language (:mod:`thirtyone.i18n` in use)."""
    tour = TOURS[tour_name]
    a = parse_action(tour.steps[index].moves[0])
    state = tour.states()[index]
    stock = root.get_by_role("button", name=i18n._("Draw from the stock"))
    pile = root.locator(".to-felt .to-row button")  # the discard pile's top card: the felt's only card button
    if a.kind == "draw discard":
        return [pile], stock
    if a.kind == "draw stock":
        return [stock], pile
    if a.kind == "discard":
        mine = root.locator(f'.to-row[aria-label="{i18n._("your hand")}"]')
        other = next(c for c in state.hands[tour.seat] if c != a.cards[0] and c != state.taken)
        return ([mine.locator(f'button[data-card="{a.cards[0]}"]')],
                mine.locator(f'button[data-card="{other}"]'))
    label = {"knock": i18n._("Knock")}[a.kind]
    return [root.get_by_role("button", name=label, exact=True)], root.get_by_role(
        "button", name=i18n._("Next"), exact=True)


@pytest.mark.parametrize("lang", ["en", *page_languages()])
def test_on_a_phone_a_wrong_taps_hint_shows_beside_the_cards(browser: Any, voila_server: Any, lang: str) -> None:
    """Lesson 2 at 390 px: at every step that asks for a move, the learner reads the step with its text at
    the top of the screen; the cards to tap are on the screen without scrolling; after a wrong tap the hint
    is on the screen together with the card tapped and the card asked for."""
    context = browser.new_context(viewport={"width": 390, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    watch_console(page, errors.append)
    name = "scat"
    tour = TOURS[name]
    try:
        with i18n.using(lang):
            open_lesson(page, voila_server, LESSON_2 if lang == "en" else LESSON_2.replace("render/", f"render/{lang}/"))
            root = page.locator(".to-walkthrough").first
            asked = 0
            for i, step in enumerate(tour.steps[:-1]):
                root.locator(".to-narration", has_text=i18n._(step.say)[:40]).wait_for()
                if not step.ask:
                    root.get_by_role("button", name=i18n._("Next"), exact=True).click()
                    continue
                wait_for_layout(page)
                root.locator(".to-narration").evaluate("el => el.scrollIntoView({block: 'start'})")  # reading
                targets, wrong = phone_targets(root, name, i)
                for el in [*targets, wrong]:
                    assert el.evaluate(IN_VIEW), f"step {i + 1}: {step.moves[0]}: the cards are below the screen"
                before = page.evaluate("window.scrollY")
                wrong.dispatch_event("click")  # a tap where it is, without scrolling
                hint = root.locator(".to-narration .to-hint", has_text=i18n._(step.hint))
                hint.wait_for()
                wait_for_layout(page)
                assert page.evaluate("window.scrollY") == before
                assert hint.evaluate(IN_VIEW), f"step {i + 1}: the hint is off the screen"
                for el in [*targets, wrong]:
                    assert el.evaluate(IN_VIEW), f"step {i + 1}: the hint pushed the cards off the screen"
                if asked == 0:
                    page.screenshot(path=str(ARTIFACTS / f"phone-wrong-tap-lesson-2-{lang}.png"))
                asked += 1
                for target in targets:
                    target.click()
            assert asked == sum(1 for s in tour.steps if s.ask)
    finally:
        context.close()
    assert not errors, errors
