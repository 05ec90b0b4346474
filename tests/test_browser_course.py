"""The whole course as a newcomer walks it: every page the generator writes, in Chromium, reached by
the course bar's "Next" link, opened on a 390 px wide screen and then seen 1280 px wide.

Each page fails on:

* an internal word in its visible text, folded-away parts (``<details>``) opened, or in the alt text and
  labels a screen reader reads: an option value, field or preset key of the engine (taken from its own
  tables, so the list stays complete), a source file number (000-003), ``None``/``True``/``False``, a
  Python repr, a snake_case identifier;
* a missing course bar (top and bottom) or a "Next" link that is missing or leads elsewhere;
* at 390 px: a page that scrolls sideways, or prose (Markdown cells, printed output, widget text outside a
  data table) wider than the screen or clipped by a box that overflows;
* an error shown on the page, and console errors (the ``page`` fixture fails on those).

All failures of every page are collected and reported at once, by page and width. A full-page screenshot
of every page at both widths is kept as ``test-artifacts/course-<page>-<width>.png``.
"""

from __future__ import annotations

import importlib.util
import re
import time
from typing import Any

import pytest
from conftest import ARTIFACTS, ROOT, watch_console

from thirtyone import names, rules


def _generator() -> Any:
    spec = importlib.util.spec_from_file_location("make_notebooks", ROOT / "tools" / "make_notebooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PAGES: list[str] = list(_generator().PAGES)
"""Every page tools/make_notebooks.py writes, in the order the "Next" links walk them."""
NEXT = {page: PAGES[(i + 1) % len(PAGES)] for i, page in enumerate(PAGES)}
"""Where each page's "Next" link leads (the glossary leads back to the index)."""
WITHOUT_WIDGETS = {"glossary"}
WIDE = 1280
PHONE = 390


# -- internal words -----------------------------------------------------------------------------------
# The engine's names. Those that are also ordinary words of the lessons' prose ("draw", "showdown",
# "lives", "widow", ...) count only where they read as code: quoted ("showdown"), as keyword=, or as
# .attribute; every other name counts wherever it stands as a word.
PROSE_WORDS = frozenset({"draw", "commerce", "showdown", "lowest", "anytime", "dealer", "deck", "family", "lives",
                         "swimming", "fire", "ties", "loser", "widow", "classic"})
OPTION_VALUES = sorted({v for values in rules._CHOICES.values() for v in values if isinstance(v, str)})
ENGINE_NAMES = sorted({*OPTION_VALUES, *rules.RULE_FIELDS, *rules.PRESETS, *names.SOURCES})
SOURCE_NUMBERS = [f"{i:03d}" for i in range(len(names.SOURCES))]  # the seed texts' file numbers

_QUOTES = "\"'“”‘’`"


def _word(name: str) -> str:
    """``name`` as a whole word: not part of a longer word, identifier or hyphenated key."""
    return rf"(?<![\w-]){re.escape(name)}(?![\w-])"


def _internal_patterns() -> list[tuple[str, re.Pattern[str]]]:
    patterns: list[tuple[str, re.Pattern[str]]] = []
    for name in ENGINE_NAMES:
        if name in PROSE_WORDS:
            code = (rf"[{_QUOTES}]{re.escape(name)}[{_QUOTES}]|(?<![\w-]){re.escape(name)}=|"
                    rf"\.{re.escape(name)}(?![\w-])")
            patterns.append((f'"{name}" (an engine name, written as code)', re.compile(code)))
        else:
            patterns.append((f'"{name}" (an engine name)', re.compile(_word(name))))
    patterns += [
        (f'"{n}" (a source file number: say the source by name)',
         re.compile(rf"(?<![\d.,])(?<!\d[ \u00a0\u202f]){n}(?!\d)(?![.,]\d)")) for n in SOURCE_NUMBERS]
    patterns += [
        ('"None" (a Python value)', re.compile(r"(?<![\w-])None(?![\w-])(?!\s+[a-z])")),
        ('"True" (a Python value)', re.compile(r"(?<![\w-])True(?![\w-])(?!\s+[a-z])")),
        ('"False" (a Python value)', re.compile(r"(?<![\w-])False(?![\w-])(?!\s+[a-z])")),
        ('"seed text" (the project\'s word for its sources)', re.compile(r"(?i)seed texts?")),
        ("a Python repr", re.compile(r"\b[A-Z]\w*\((?:\)|\w+=)|\bRules\(|\bFraction\(|<\w+(?:\.\w+)* object at")),
        ("a dict or list repr", re.compile(r"[{\[]'\w+'[:,]")),
        ("a keyword argument", re.compile(r"(?<![\w-])[a-z]\w*=[\w\"']")),
        ("an identifier (snake_case)", re.compile(r"(?<![\w-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w-])")),
        ("a Python error", re.compile(r"Traceback|\b[A-Z]\w*(?:Error|Exception)\b|NBVAL")),
    ]
    return patterns


INTERNAL = _internal_patterns()
ERRORS_SHOWN = ("There was an error when executing", "Error displaying widget", "Failed to load model",
                "Kernel error", "Traceback")


def internal_words(text: str) -> list[tuple[str, str]]:
    """Each internal word in ``text``: what it is, and the words around it (a word is named once, by the
    first, most specific, pattern that matches it)."""
    found: list[tuple[str, str]] = []
    taken: list[tuple[int, int]] = []
    for what, pattern in INTERNAL:
        for m in pattern.finditer(text):
            if any(m.start() < end and start < m.end() for start, end in taken):
                continue
            taken.append(m.span())
            found.append((what, "…" + " ".join(text[max(0, m.start() - 45):m.end() + 45].split()) + "…"))
    return found


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


# -- in the page ----------------------------------------------------------------------------------------
READY = """() => {
  const rc = document.querySelector('#rendered_cells');
  if (!rc || getComputedStyle(rc).display === 'none') return false;
  if (document.querySelector('script[type="application/vnd.voila.cell-output+json"]')) return false;
  return [...rc.querySelectorAll('.jp-OutputArea-output')].every(o =>
    o.matches('.jp-RenderedText, .jp-RenderedHTMLCommon, .jp-RenderedImage, .jp-RenderedSVG')
    || o.querySelector('.jupyter-widgets'));
}"""
"""Voilà has shown the cells and every widget output has its view."""

PENDING = """() => {
  const rc = document.querySelector('#rendered_cells');
  if (!rc) return 'no cells on the page';
  if (getComputedStyle(rc).display === 'none') return 'the cells are still hidden (Voilà is still loading)';
  const outs = [...rc.querySelectorAll('.jp-OutputArea-output')];
  const bare = outs.filter(o => !o.matches('.jp-RenderedText, .jp-RenderedHTMLCommon, .jp-RenderedImage, .jp-RenderedSVG')
                                && !o.querySelector('.jupyter-widgets'));
  return `${bare.length} of ${outs.length} outputs have no widget view: ` +
    bare.map(o => (o.closest('.jp-Cell') || o).id).join(', ');
}"""
"""What READY still waits for."""

SHAPE = """() => { const rc = document.querySelector('#rendered_cells');
  return rc.querySelectorAll('*').length + ':' + rc.scrollHeight; }"""

COURSE_BAR = """() => {
  const rc = document.querySelector('#rendered_cells');
  const cells = [...rc.querySelectorAll('.jp-Cell')].filter(c => c.getClientRects().length);
  const bar = c => c && c.querySelector('nav.to-course-bar');
  const next = b => { const a = b && b.querySelector('a[rel=next]'); return a ? a.getAttribute('href') : null; };
  return {top: !!bar(cells[0]), bottom: !!bar(cells[cells.length - 1]),
          topNext: next(bar(cells[0])), bottomNext: next(bar(cells[cells.length - 1]))};
}"""

READ_ALOUD = """() => [...document.querySelectorAll('#rendered_cells [alt], #rendered_cells [aria-label]')]
  .filter(e => e.getClientRects().length)
  .map(e => [e.getAttribute('alt'), e.getAttribute('aria-label')].filter(Boolean).join(' · ')).join('\\n')"""

OVERFLOW = r"""() => {
  const de = document.documentElement, rc = document.querySelector('#rendered_cells');
  const W = de.clientWidth, out = [];
  if (de.scrollWidth > W + 1) out.push(['the page scrolls sideways', `${de.scrollWidth} px wide on a ${W} px screen`]);
  if (rc.scrollWidth > rc.clientWidth + 1)
    out.push(["the lesson's column scrolls sideways", `${rc.scrollWidth} px wide in ${rc.clientWidth} px`]);
  const desc = e => e.tagName.toLowerCase() + [...e.classList].filter(c => !c.startsWith('lm-')).slice(0, 4)
    .map(c => '.' + c).join('');
  const said = t => '"' + t.replace(/\s+/g, ' ').trim().slice(0, 60) + '"';
  const px = r => `${Math.round(r.left)}..${Math.round(r.right)} px`;
  // data tables scroll in their own box; cards and the insides of menus are not prose; pictures count
  const skip = 'table, select, option, .to-card, style, script, .jp-Collapser';
  const hasText = e => !e.closest('svg') && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
  const picture = e => e.matches('img, svg') && !(e.parentElement && e.parentElement.closest('svg'));
  for (const el of rc.querySelectorAll('*')) {
    const pic = picture(el);
    if (!(pic || hasText(el)) || el.closest(skip)) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const what = pic ? `a picture (${desc(el)})` : `text (${desc(el)})`;
    const text = pic ? said(el.getAttribute('alt') || el.getAttribute('aria-label') || '') : said(el.innerText);
    if (r.right > W + 1 || r.left < -1) {
      out.push([`${what} wider than the screen`, `${text} at ${px(r)} of ${W}`]);
      continue;
    }
    if (!pic && getComputedStyle(el).display !== 'inline' && el.scrollWidth > el.clientWidth + 1) {
      out.push([`${what} that overflows its own box`, `${text}: ${el.scrollWidth} px of text in ${el.clientWidth} px`]);
      continue;
    }
    for (let a = el.parentElement; a && a !== rc; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === 'visible') continue;
      const ar = a.getBoundingClientRect(), left = ar.left + a.clientLeft, right = left + a.clientWidth;
      if (r.right > right + 1 || r.left < left - 1) {
        out.push([`${what} cut off by the scroll box ${desc(a)}`,
                  `${text} at ${px(r)}; the box shows ${Math.round(left)}..${Math.round(right)} px`]);
        break;
      }
    }
  }
  return out;
}"""
"""Sideways scrolling and prose that does not fit, one sentence per problem."""


class Walk:
    """One browser tab walking the course; every failure is kept with its page and width."""

    FOLDER = ""
    """Where the pages are under ``voila/render/`` (``"es/"`` for the Spanish course)."""

    def __init__(self, page: Any, server: Any) -> None:
        self.page = page
        self.server = server
        self.found: dict[tuple[str, str], dict[str, Any]] = {}
        self.name, self.width = "(before the first page)", 0
        watch_console(page, lambda problem: self.fail(problem[:300]))

    def fail(self, problem: str, example: str = "") -> None:
        """A problem on the current page; the same problem again (another place, the other width) is counted."""
        entry = self.found.setdefault((self.name, problem), {"widths": [], "count": 0, "example": example})
        if self.width not in entry["widths"]:
            entry["widths"].append(self.width)
        entry["count"] += 1

    def report(self) -> str:
        """Every problem, page by page in the course's order."""
        order = {name: i for i, name in enumerate(PAGES)}
        lines = []
        for (name, problem), entry in sorted(self.found.items(), key=lambda kv: order.get(kv[0][0], -1)):
            widths = " and ".join(f"{w} px" for w in entry["widths"])
            times = f" ({entry['count']} times)" if entry["count"] > len(entry["widths"]) else ""
            example = f"\n      e.g. {entry['example']}" if entry["example"] else ""
            lines.append(f"  {name} at {widths}: {problem}{times}{example}")
        return (f"{len(lines)} problems on the course's pages (folded parts, <details>, opened; "
                f"screenshots: test-artifacts/course-*.png):\n" + "\n".join(lines))

    def url(self, name: str) -> str:
        return self.server.url(f"voila/render/{self.FOLDER}{name}.ipynb")

    def wait_until_drawn(self, name: str) -> bool:
        """Cells shown, every widget drawn, and the page has stopped changing (at most a few seconds)."""
        try:
            self.page.wait_for_function(READY, timeout=90_000, polling=100)
        except Exception as exc:  # noqa: BLE001 - the timeout is the failure, reported with the others
            self.fail(f"did not finish drawing its cells and widgets ({type(exc).__name__})",
                      str(self.page.evaluate(PENDING)))
            return False
        if name not in WITHOUT_WIDGETS and not self.page.locator("#rendered_cells .jupyter-widgets").count():
            self.fail("shows no widgets")
        shape, deadline = "", time.monotonic() + 5
        while time.monotonic() < deadline:  # anywidget views draw themselves a moment later
            now = self.page.evaluate(SHAPE)
            if now == shape:
                break
            shape = now
            self.page.wait_for_timeout(300)
        self.page.evaluate("document.fonts.ready.then(() => true)")
        return True

    def check(self, name: str, width: int) -> None:
        """Everything this page must be, at this width; then its screenshot."""
        self.name, self.width = name, width
        if not self.wait_until_drawn(name):
            return
        # what a learner can unfold is read too: open every <details> ("The round move by move", ...)
        self.page.evaluate("document.querySelectorAll('#rendered_cells details').forEach(d => { d.open = true; })")
        body = self.page.inner_text("body")
        for shown in ERRORS_SHOWN:
            if shown in body:
                self.fail(f"shows an error: {shown!r}")
        for what, around in internal_words(body):
            self.fail(f"internal word {what}", around)
        for what, around in internal_words(self.page.evaluate(READ_ALOUD)):
            self.fail(f"internal word in alt text or a label a screen reader reads: {what}", around)
        bar = self.page.evaluate(COURSE_BAR)
        for end in ("top", "bottom"):
            if not bar[end]:
                self.fail(f"has no course bar (nav.to-course-bar) at its {end}")
            elif bar[f"{end}Next"] != f"{NEXT[name]}.ipynb":
                self.fail(f"the course bar at its {end} has no Next link (a[rel=next]) to {NEXT[name]}.ipynb "
                          f"(found {bar[f'{end}Next']!r})")
        if width <= PHONE:
            for problem, example in self.page.evaluate(OVERFLOW):
                self.fail(problem, example)
        self.screenshot(name, width)

    def screenshot(self, name: str, width: int) -> None:
        """The whole page: Voilà's lab layout scrolls inside #rendered_cells, so the window grows to hold it."""
        ARTIFACTS.mkdir(exist_ok=True)
        size = self.page.viewport_size
        height = int(self.page.evaluate("document.querySelector('#rendered_cells').scrollHeight"))
        self.page.set_viewport_size({"width": width, "height": max(size["height"], min(height, 100_000))})
        self.page.wait_for_timeout(200)
        self.page.screenshot(path=str(ARTIFACTS / f"course-{name}-{width}.png"), full_page=True)
        self.page.set_viewport_size(size)

    def follow_next(self, name: str) -> bool:
        """Click the bottom course bar's Next link; True when it led to the next page."""
        target = NEXT[name]
        link = self.page.locator("#rendered_cells nav.to-course-bar a[rel=next]").last
        if not link.count():
            return False
        try:
            with self.page.expect_navigation(timeout=30_000):
                link.click()
        except Exception as exc:  # noqa: BLE001 - reported with the others
            self.fail(f"clicking Next did not open a page ({type(exc).__name__})")
            return False
        if not self.page.url.split("?")[0].endswith(f"/voila/render/{self.FOLDER}{target}.ipynb"):
            self.fail(f"Next led to {self.page.url}, not {self.FOLDER}{target}.ipynb")
            return False
        return True

    def walk(self) -> None:
        """Open the first page, then go from page to page by the Next links (opening a page directly
        when a link fails); the last page's Next leads back to the first, which must render.

        Each page is opened once, on a phone's screen, and checked; then the window is made wide and
        the page checked again. (Opening a page a second time soon after the first races Voilà's
        pre-heated kernels: a page asked for while its next kernel still runs its cells can lose
        widgets, "widget model not found".)"""
        self.page.set_viewport_size({"width": PHONE, "height": 900})
        self.page.goto(self.url(PAGES[0]))
        for i, name in enumerate(PAGES):
            self.check(name, PHONE)
            self.page.set_viewport_size({"width": WIDE, "height": 900})
            self.check(name, WIDE)
            self.page.set_viewport_size({"width": PHONE, "height": 900})
            if i + 1 < len(PAGES) and not self.follow_next(name):
                self.page.goto(self.url(PAGES[i + 1]))
        if self.follow_next(PAGES[-1]):
            self.name, self.width = f"{PAGES[0]} (reached by Next from {PAGES[-1]})", PHONE
            if self.wait_until_drawn(PAGES[0]) and not self.page.evaluate(COURSE_BAR)["top"]:
                self.fail("has no course bar")


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


def test_the_walk_covers_every_notebook() -> None:
    """Every notebook there is gets walked (a new page must be in the generator's PAGES, with its bar)."""
    assert sorted(PAGES) == sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))
