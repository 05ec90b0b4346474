"""The whole course as a newcomer walks it: every page the generator writes, in Chromium, reached by
the course bar's "Next" link, opened on a 390 px wide screen and then seen 1280 px wide.

Each page fails on:

* an internal word in its visible text, folded-away parts (``<details>``) opened, or in the alt text and
  labels a screen reader reads: an option value, field or preset key of the engine (taken from its own
  tables, so the list stays complete), a source file number (000-003), ``None``/``True``/``False``, a
  Python repr, a snake_case identifier;
* a missing course bar (top and bottom) or a "Next" link that is missing or leads elsewhere;
* a ``<title>`` that is not the page's own (its heading, from its notebook's metadata ``title``): a tab named
  "index" or "01-scoring";
* at 390 px: a page that scrolls sideways, or prose (Markdown cells, printed output, widget text outside a
  data table) wider than the screen or clipped by a box that overflows;
* an error shown on the page, and console errors (the ``page`` fixture fails on those).

All failures of every page are collected and reported at once, by page and width. A full-page screenshot
of every page at both widths is kept as ``test-artifacts/course-<page>-<width>.png``. The walk (``Walk``)
and its in-page checks are in tests/helpers/browser.py, which the walk of each translated course (test_browser_i18n.py) shares.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import ROOT
from helpers.browser import (
    COURSE_BAR,
    ENGINE_NAMES,
    OVERFLOW,
    PAGES,
    PHONE,
    PROSE_WORDS,
    READ_ALOUD,
    Walk,
    internal_words,
    page_title,
)


def test_the_word_list_catches_internals_and_spares_prose() -> None:
    """The matching itself: what the walk below flags and what it lets through (no browser needed)."""
    assert set(PROSE_WORDS) <= set(ENGINE_NAMES), "every prose exception is one of the engine's names"
    for bad in ('Instant 31: "others_lose" (everyone else loses a life)', "two_if_sole", "not_first_orbit",
                '"left_of_dealer" or None', "None: three of a kind scores as a normal hand", "knocker_lowest",
                "instant_31", "bga-commerce (Board Game Arena)", "scores bga-draw", "The Scat text (003) says",
                "source texts: 000 GameCircle", "001 Board Game Arena", "002, 003", "Rules(deck=52)",
                "allowed: True, False", "seed text 003", '"showdown"', "family='draw'", "rules.fire",
                "gamecircle", "scat: the Scat house rules", "ValueError: bad", "[None]"):
        assert internal_words(bad), bad
    for fine in ("31 ends the round at once", "a hand worth 30.5 beats 0.5 less", "None of the others loses.",
                 "True or false?", "10,000 deals", "1.003", "Board Game Arena's Blitz (draw and discard)",
                 "Scat with a widow", "the showdown", "everyone under 21 loses", "K♥ + 9♥ = 19",
                 "you have 3 lives", "Feuer: three aces end the round", "the classic rules",
                 "Lesson 4 of 6 · Next: Lesson 5: When to knock →", "a tie-break by suit", "20 000 rounds"):
        assert not internal_words(fine), (fine, internal_words(fine))


@pytest.mark.browser
def test_every_page_reads_as_a_course_at_1280_and_390_px(page: Any, voila_server: Any) -> None:
    walk = Walk(page, voila_server)
    walk.walk()
    walk.name = "(after the walk)"
    if walk.found:
        pytest.fail(walk.report(), pytrace=False)

FIXTURE_PAGE = """<!DOCTYPE html><html><body style="margin:0"><div id="rendered_cells" style="width:390px">
<div class="jp-Cell"><nav class="to-course-bar"><a rel="next" href="02-scat.ipynb">Next</a></nav></div>
<div class="jp-Cell"><p>Prose that wraps as it should, at any width at all, fits.</p></div>
<div class="jp-Cell"><p style="width:600px">A paragraph wider than the screen</p></div>
<div class="jp-Cell"><div style="overflow:auto;width:200px"><div style="width:300px">
  <p>Text cut off inside a scroll box</p></div></div></div>
<div class="jp-Cell"><div style="overflow:auto;width:200px"><table><tr>
  <td style="white-space:nowrap">A data table scrolls in its own box, that is fine</td></tr></table></div></div>
<div class="jp-Cell"><p style="width:100px">Averyveryverylongunbreakablewordhere</p></div>
<div class="jp-Cell"><button aria-label="knocker_lowest">Knock</button></div>
<div class="jp-Cell"><div style="overflow:hidden;width:300px"><svg width="350" height="10" aria-label="A chart"></svg>
  <svg width="250" height="10" aria-label="A small chart"></svg></div></div>
<div class="jp-Cell"><nav class="to-course-bar">a bar without a Next link</nav></div>
</div></body></html>"""


@pytest.mark.browser
def test_the_page_checks_catch_what_they_should(browser: Any) -> None:
    """The walk's in-page checks on a page made to fail them (no Voilà needed)."""
    context = browser.new_context(viewport={"width": PHONE, "height": 600})
    try:
        page = context.new_page()
        page.set_content(FIXTURE_PAGE)
        problems = page.evaluate(OVERFLOW)
        kinds = [kind for kind, _ in problems]
        said = " ".join(example for _, example in problems)
        assert "the page scrolls sideways" in kinds and "the lesson's column scrolls sideways" in kinds
        assert "text (p) wider than the screen" in kinds and "A paragraph wider" in said
        assert any(k.startswith("text (p) cut off by the scroll box div") for k in kinds), kinds
        assert "Text cut off" in said
        assert "text (p) that overflows its own box" in kinds and "Averyvery" in said
        assert any(k.startswith("a picture (svg) cut off by the scroll box") for k in kinds), kinds
        assert '"A chart"' in said and "A small chart" not in said
        assert "Prose that wraps" not in said and "data table" not in said
        assert page.evaluate(COURSE_BAR) == {"top": True, "bottom": True, "topNext": "02-scat.ipynb",
                                             "bottomNext": None}
        assert [w for w, _ in internal_words(page.evaluate(READ_ALOUD))] == ['"knocker_lowest" (an engine name)']
    finally:
        context.close()


def test_every_page_has_a_title_of_its_own_in_its_language() -> None:
    """The browser's tab and a bookmark name the page, in its language: its notebook's title (metadata
    ``title``, the template's ``<title>``) is its heading, not its file name, and no two pages share one.
    The walks check that the browser shows it; this, that every page has one (no browser needed)."""
    for folder in ("", "es/"):
        titles = {name: page_title(name, folder) for name in PAGES}
        for name, title in titles.items():
            notebook = json.loads((ROOT / "notebooks" / f"{folder}{name}.ipynb").read_text(encoding="utf-8"))
            heading = next(c["source"] for c in notebook["cells"] if c["source"].startswith("# "))
            assert title and title == heading.split("\n")[0][2:].strip(), (folder, name, title)
            assert name not in title, (folder, name, title)
        assert len(set(titles.values())) == len(PAGES), titles
    assert page_title("01-scoring", "es/") == "Lección 1: ¿cuánto vale una mano?"
    assert page_title("index") == "31: learn the card game"


def test_the_walk_covers_every_notebook() -> None:
    """Every notebook there is gets walked (a new page must be in the generator's PAGES, with its bar)."""
    assert sorted(PAGES) == sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))
