"""Helpers the browser tests share: the course's pages (from tools/make_notebooks.py), the words a page
must not show (the engine's internals), the in-page checks (ready, shape, course bar, what a screen reader
reads, sideways overflow), ``Walk`` (one tab walking the course, collecting every failure), and a widget's
screenshot and accessibility check (axe)."""

from __future__ import annotations

import importlib.util
import re
import time
from typing import Any

from conftest import ARTIFACTS, ROOT, watch_console

from thirtyone import names, rules

__all__ = ["generator", "PAGES", "NEXT", "WITHOUT_WIDGETS", "WIDE", "PHONE", "PROSE_WORDS", "ENGINE_NAMES",
           "internal_words", "english_words", "page_title", "READY", "PENDING", "SHAPE", "COURSE_BAR", "READ_ALOUD",
           "OVERFLOW", "SHOWN", "RECORD_SHOWN", "PAGE_TEXT", "Walk", "check_accessibility", "keep"]


def generator() -> Any:
    """tools/make_notebooks.py, loaded as a module."""
    spec = importlib.util.spec_from_file_location("make_notebooks", ROOT / "tools" / "make_notebooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PAGES: list[str] = list(generator().PAGES)
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


# -- English on a page in another language ---------------------------------------------------------------
ENGLISH = frozenset("""
    the and of to is are was were be been your you with this that these those from for what when which who how
    it its in on by or not but if then than will would should could have does don't doesn't at after before
    every each any one two three loading widget running executing reading page server reload lesson lessons
    next previous glossary course hand hands card cards knock knocks knocked round rounds turn turns player
    players life lives play plays win wins loses lose lost score points deal dealt draw discard pass take keep
    undo show new game rules seat suit suits value worth please wait try again spin""".split())
"""English words that are not Spanish words: a page in Spanish shows none of them (words both languages have,
"a", "no", "as", "once", "total", "bot", "error", are left out)."""
SHARED = {"de": frozenset({"in", "was", "will", "hand", "not", "lose", "server"})}
"""Words of :data:`ENGLISH` that are words of another language too (German "in", "was", "will", "Hand", "Not",
"lose", "Server"): a page in that language may show them."""
NAMES = ("Ride the Bus", "Board Game Arena", "GameCircle", "Thirty-one")
"""Names that keep their English words in every language: games and a source."""


def english_words(text: str, lang: str = "es") -> list[str]:
    """The English words of :data:`ENGLISH` in ``text`` read as a page in ``lang`` (names of :data:`NAMES` and the
    words ``lang`` shares with English, :data:`SHARED`, left out), in order."""
    for name in NAMES:
        text = text.replace(name, " ")
    english = ENGLISH - SHARED.get(lang, frozenset())
    return [w for w in re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", text) if w.lower() in english]  # "prohíbe" is one word


def page_title(name: str, folder: str = "") -> str:
    """The title a page's notebook gives it (``notebooks/<folder><name>.ipynb``, metadata ``title``)."""
    import json

    notebook = json.loads((ROOT / "notebooks" / f"{folder}{name}.ipynb").read_text(encoding="utf-8"))
    return str(notebook["metadata"].get("title", ""))


SHOWN = r"""(() => {
  // Every text the page shows, from its first byte: each text node added or changed, read as the browser
  // paints it (in the next animation frame: the page's own observers have made their changes by then, and a
  // text gone before it was painted was never seen), kept if it is visible, with the language of the element
  // it stands in. A script for page.add_init_script: window.__thirtyoneShown.
  if (window.__thirtyoneShown) return;
  const shown = [], seen = new Set();
  let pending = [];
  window.__thirtyoneShown = shown;
  const keep = t => {
    const el = t.parentElement;
    if (!t.isConnected || !el || el.closest('script, style, noscript, template, title')) return;
    const text = t.data.replace(/\s+/g, ' ').trim();
    if (!text || (el.checkVisibility && !el.checkVisibility({visibilityProperty: true}))) return;
    const lang = (el.closest('[lang]') || document.documentElement).lang || '';
    const key = lang + '\n' + text;
    if (!seen.has(key)) { seen.add(key); shown.push([text, lang]); }
  };
  const read = () => {
    const nodes = pending;
    pending = [];
    for (const n of nodes) {
      if (n.nodeType === 3) { keep(n); continue; }
      const walk = document.createTreeWalker(n, NodeFilter.SHOW_TEXT);
      for (let t = walk.nextNode(); t; t = walk.nextNode()) keep(t);
    }
  };
  new MutationObserver(records => {
    if (!pending.length) requestAnimationFrame(read);
    for (const r of records) {
      if (r.type === 'characterData') pending.push(r.target);
      else pending.push(...[...r.addedNodes].filter(n => n.nodeType === 1 || n.nodeType === 3));
    }
  }).observe(document, {childList: true, subtree: true, characterData: true});
})()"""
"""An init script (``page.add_init_script``): it keeps every text a page shows while it loads and after,
as ``[text, language]`` in ``window.__thirtyoneShown``; :data:`RECORD_SHOWN` reads them."""
RECORD_SHOWN = "() => window.__thirtyoneShown || null"

PAGE_TEXT = r"""() => {
  // what the page shows now and what a screen reader reads: [text, language of its element]
  const out = [];
  const lang = el => (el.closest('[lang]') || document.documentElement).lang || '';
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let t = walk.nextNode(); t; t = walk.nextNode()) {
    const el = t.parentElement, text = t.data.replace(/\s+/g, ' ').trim();
    if (!text || el.closest('script, style, noscript, template')) continue;
    if (el.checkVisibility && !el.checkVisibility({visibilityProperty: true})) continue;
    out.push([text, lang(el)]);
  }
  for (const el of document.body.querySelectorAll('[aria-label], [alt]')) {
    if (!el.getClientRects().length) continue;
    for (const a of ['aria-label', 'alt']) if (el.getAttribute(a)) out.push([el.getAttribute(a), lang(el)]);
  }
  return out;
}"""
"""The texts of the page as it is (visible text nodes, names and alt texts), each with its language."""


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
  // data tables scroll in their own box; cards and the insides of menus are not prose; text for a screen reader
  // only (the progress marks' "2 of 3 stars") is clipped to one pixel on purpose; pictures count
  const skip = 'table, select, option, .to-card, style, script, .jp-Collapser, .to-watch-sr';
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
    """Where the pages are under ``voila/render/`` (``"es/"`` for the Spanish course, ``"de/"`` the German)."""

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
        self.check_title(name)
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

    def check_title(self, name: str) -> None:
        """The browser's tab names the page: the title its notebook gives it (its heading), not a file name."""
        title, wanted = self.page.title(), page_title(name, self.FOLDER)
        if not wanted:
            self.fail("its notebook gives it no title (metadata title: tools/make_notebooks.py)")
        elif title != wanted:
            self.fail(f"its <title> is {title!r}, not its own title {wanted!r}")

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


def start_game(page: Any, root: Any, players: int) -> Any:
    """Press lesson 6's "Start the game" (``root``: its ``.to-play``), wait for the table's ``players`` seats, set
    the bots' pace to instant; the table's locator."""
    root.get_by_role("button", name="Start the game").click()
    table = root.locator(".to-table")
    page.wait_for_function(f"el => el.querySelectorAll('.to-table .to-seat').length === {players}",
                           arg=root.element_handle())
    table.get_by_label("Bots' pace").select_option(label="instant")
    return table


def set_up_game(root: Any, lives: int, seed: int) -> None:
    """On lesson 6's setup (``root``: its ``.to-play``): one bot, ``lives`` lives each, game number ``seed``."""
    root.get_by_label("Number of bots").select_option(label="1")
    root.get_by_role("button", name="Change single rules").click()
    root.get_by_label("Lives", exact=True).select_option(label=str(lives))
    number = root.get_by_label("Game number")
    number.fill(str(seed))
    number.press("Enter")
