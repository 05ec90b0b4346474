"""The course in other languages, in Chromium against a real Voilà server (issue 13).

* The pseudo-locale walk: every English page written with ``use("pseudo")`` (tools/make_notebooks.py,
  ``write_pseudo``), where every message that went through :mod:`thirtyone.i18n` is wrapped in ``⟦…⟧``.
  Each page is opened, its widgets driven a little (its buttons clicked, its menus changed), and every word
  its outputs show (widgets and printed text, not the Markdown prose, which is translated as whole texts)
  and every ``aria-label``, ``title`` and ``alt`` in them must be inside the markers, once card codes
  (``K♥``), numbers and the players' names are taken out. A word outside them is a string nobody passed
  through ``_()``: all of them are reported at once, page by page.
* The walk of each translated course on disk (Spanish, German, …: tests/helpers/languages.py): from
  ``<lang>/index.ipynb`` by the course bar's Next links through every page, at 390 and 1280 px, with everything
  the English walk checks (tests/browser/test_browser_course.py: course bar, no internal words, its own
  ``<title>``, no sideways scrolling at 390 px, no console errors) and: ``<html lang="<lang>">``, the language
  switch linking to the English twin page, no English (tests/helpers/browser.py ``ENGLISH``, less the words the
  language shares with English) in its title, in what it shows (or a screen reader reads) once drawn, nor in
  anything it showed while it loaded (Voilà's spinner, "Loading widget..."; recorded from the page's first byte,
  ``SHOWN``), every card named in the language (its catalog's words), no button or label cut off, axe-core finds
  nothing serious or critical, and a widget answers a click. Screenshots:
  ``test-artifacts/course-<lang>-<page>-<width>.png``.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ARTIFACTS, NOTEBOOKS, Server, start_voila, watch_console
from helpers.browser import (
    PAGE_TEXT,
    PAGES,
    READY,
    RECORD_SHOWN,
    SHAPE,
    SHOWN,
    WIDE,
    WITHOUT_WIDGETS,
    Walk,
    english_words,
    generator,
    page_title,
)
from helpers.languages import page_languages

PLAYERS = ("Sam", "Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana")
"""The players' names (thirtyone.names): names, in every language."""


# -- words outside the markers ------------------------------------------------------------------------
_MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
_CARD = re.compile(r"(?<!\w)(?:10|[2-9AKQJ])[♣♠♥♦]")
_PLAYER = re.compile(r"(?<!\w)(?:" + "|".join(PLAYERS) + r")(?!\w)")
_WORD = re.compile(r"[^\W\d_]+")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def unmarked_texts(text: str) -> list[str]:
    """The runs of ``text`` outside ``⟦…⟧`` that hold a word (markers nest: ``⟦⟦king⟧ of ⟦hearts⟧⟧``), card
    codes, numbers and players' names taken out first; one line of text at a time."""
    before = None
    while before != text:  # innermost markers first
        before, text = text, _MARKED.sub("\n", text)
    runs = []
    for line in text.split("\n"):
        if _WORD.search(_PLAYER.sub(" ", _CARD.sub(" ", line))):
            runs.append(" ".join(line.split()))
    return runs


def unmarked_words(text: str) -> list[str]:
    """The words of ``text`` outside ``⟦…⟧``, card codes, numbers and players' names taken out."""
    return [w for run in unmarked_texts(text) for w in _WORD.findall(_PLAYER.sub(" ", _CARD.sub(" ", run)))]


def test_unmarked_words_sees_what_nobody_translated() -> None:
    """The matching itself (no browser needed)."""
    assert unmarked_words("⟦⟦king⟧ of ⟦hearts⟧⟧ · K♥ 9♥ 10♦ · 30,5 · Sam, Hana") == []
    assert unmarked_words("⟦{name} knocked.⟧".format(name="Cleo")) == []
    assert unmarked_words("⟦Worth⟧ 19: K♥ + 9♥ = 19; 4♣ is another suit") == ["is", "another", "suit"]
    assert unmarked_words("Knock ⟦Pass⟧") == ["Knock"]
    assert unmarked_words("⟦golpe⟧ Samuel") == ["Samuel"]
    assert unmarked_words("⟦a⟦b⟧c⟧ d ⟦e⟧") == ["d"]
    assert unmarked_texts("⟦Worth⟧ 19\nK♥ + 9♥ = 19; 4♣ is another  suit ⟦and⟧ 9♥\n") == ["K♥ + 9♥ = 19; 4♣ is another suit"]


# -- the pseudo-locale pages ----------------------------------------------------------------------------
@pytest.fixture
def pseudo_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Voilà with the repo's config on every page written in the pseudo-locale (no preheated kernels:
    each page is opened once)."""
    folder = tmp_path_factory.mktemp("pseudo")
    generator().write_pseudo(folder)
    config = (NOTEBOOKS / "voila.py").read_text(encoding="utf-8")
    (folder / "voila.py").write_text(
        config + '\nc.VoilaKernelManager.kernel_pools_config = {"default": {"pool_size": 0}}\n', encoding="utf-8")
    for picture in [*NOTEBOOKS.glob("*.png"), *NOTEBOOKS.glob("*.svg"), *NOTEBOOKS.glob("*.jpg")]:
        shutil.copy(picture, folder / picture.name)
    server = start_voila(Path(sys.executable).parent, ARTIFACTS / "voila-pseudo.log", cwd=folder)
    try:
        yield server
    finally:
        server.stop()


OUTPUT_TEXT = """() => {
  const rc = document.querySelector('#rendered_cells');
  rc.querySelectorAll('details').forEach(d => { d.open = true; });
  // a card's corners (K, 9: its code, drawn) are not words; the card is read by its name, below
  const hide = document.createElement('style');
  hide.textContent = '.to-card .to-corner { display: none !important; }';
  document.head.appendChild(hide);
  const parts = [];
  const desc = e => e.tagName.toLowerCase() + [...e.classList].filter(c => !c.startsWith('lm-')).slice(0, 3)
    .map(c => '.' + c).join('');
  try {
    for (const o of rc.querySelectorAll('.jp-OutputArea-output')) {
      parts.push([o.innerText, '']);
      for (const e of o.querySelectorAll('[aria-label], [title], [alt]')) {
        if (!e.getClientRects().length) continue;  // a hidden label nobody reads or hovers
        for (const a of ['aria-label', 'title', 'alt'])
          if (e.getAttribute(a)) parts.push([e.getAttribute(a), `${a} of ${desc(e)}`]);
      }
      for (const t of o.querySelectorAll('svg title, svg desc')) parts.push([t.textContent, `${desc(t)}`]);
    }
  } finally { hide.remove(); }
  return parts;
}"""
"""Every text of the page's outputs (folded parts opened) and the names and tooltips in them, each with
where it stands ('' for the text shown, ``"title of button.to-x"`` for an attribute)."""

BUTTONS = """() => (document.querySelectorAll('[data-thirtyone-click]')
    .forEach(e => { delete e.dataset.thirtyoneClick; }), [...document.querySelectorAll('#rendered_cells .jp-OutputArea-output button')]
  .filter(b => b.getClientRects().length && !b.disabled && b.getAttribute('aria-disabled') !== 'true'
               && !b.classList.contains('to-card'))
  .map((b, i) => { b.dataset.thirtyoneClick = String(i); return (b.innerText || b.getAttribute('aria-label') || '').trim(); }))"""
"""Marks the page's enabled, visible buttons (not cards) with their order; returns their texts."""


def settle(page: Any, limit: float = 4.0) -> None:
    """Wait until the cells stop changing (at most ``limit`` seconds)."""
    shape = ""
    for _ in range(int(limit / 0.3)):
        now = page.evaluate(SHAPE)
        if now == shape:
            return
        shape = now
        page.wait_for_timeout(300)


class PseudoWalk:
    """Opens every pseudo-locale page, drives it, and keeps each word outside the markers with an example."""

    CLICKS = 24
    """Buttons clicked per page: each time the first of those clicked least (at most :data:`AGAIN` times
    each), the list read again after every click (a walkthrough's Next goes a few steps on)."""
    AGAIN = 3

    def __init__(self, page: Any, server: Any) -> None:
        self.page, self.server = page, server
        self.name = "(before the first page)"
        self.words: dict[str, dict[str, None]] = {}  # page -> the texts outside the markers, in order seen
        self.problems: dict[str, list[str]] = {}
        self.keys: set[str] = set()
        watch_console(page, lambda problem: self.problem(problem[:200]))

    def problem(self, what: str) -> None:
        found = self.problems.setdefault(self.name, [])
        if what not in found:
            found.append(what)

    def read(self) -> None:
        """Every word outside the markers on the page as it is now."""
        for text, where in self.page.evaluate(OUTPUT_TEXT):
            seen = self.words.setdefault(self.name, {})
            for run in unmarked_texts(text):
                # a table's rows differ in their numbers only: each text once
                key = f"{self.name}\n{where}\n{_NUMBER.sub('#', run)}"
                if key not in self.keys:
                    self.keys.add(key)
                    seen[run[:200] + (f"   [{where}]" if where else "")] = None

    def drive(self) -> None:
        """Click the page's buttons, one after another, and pick the last choice of every menu."""
        clicked: dict[str, int] = {}
        for _ in range(self.CLICKS):
            texts = self.page.evaluate(BUTTONS)
            todo = sorted((clicked.get(t, 0), i) for i, t in enumerate(texts) if clicked.get(t, 0) < self.AGAIN)
            if not todo:
                break
            i = todo[0][1]
            clicked[texts[i]] = clicked.get(texts[i], 0) + 1
            try:
                self.page.locator(f'[data-thirtyone-click="{i}"]').click(timeout=3_000)
            except Exception:  # noqa: BLE001 - a button that went away while we looked: the next one
                continue
            settle(self.page)
            self.read()
        menus = self.page.locator("#rendered_cells .jp-OutputArea-output select")
        for k in range(min(menus.count(), 6)):
            menu = menus.nth(k)
            try:
                values = menu.evaluate("s => [...s.options].map(o => o.value)")
                if len(values) > 1 and menu.is_visible() and menu.is_enabled():
                    menu.select_option(values[-1], timeout=3_000)
                    settle(self.page)
                    self.read()
            except Exception:  # noqa: BLE001 - a menu redrawn meanwhile
                continue

    def walk(self) -> None:
        self.page.set_viewport_size({"width": WIDE, "height": 900})
        for name in PAGES:
            self.name = name
            self.page.goto(self.server.url(f"voila/render/{name}.ipynb"))
            try:
                self.page.wait_for_function(READY, timeout=90_000, polling=200)
            except Exception as exc:  # noqa: BLE001 - reported with the rest
                self.problem(f"did not finish drawing ({type(exc).__name__})")
                continue
            settle(self.page, 5)
            self.read()
            if name not in WITHOUT_WIDGETS:
                self.drive()
            # Voilà's lab layout scrolls inside #rendered_cells: the window grows to hold the page
            height = int(self.page.evaluate("document.querySelector('#rendered_cells').scrollHeight"))
            self.page.set_viewport_size({"width": WIDE, "height": max(900, min(height, 100_000))})
            self.page.screenshot(path=str(ARTIFACTS / f"pseudo-{name}.png"), full_page=True)
            self.page.set_viewport_size({"width": WIDE, "height": 900})

    def report(self) -> str:
        lines = []
        for name in PAGES:
            texts = list(self.words.get(name, {}))
            problems = self.problems.get(name, [])
            if not texts and not problems:
                continue
            words = sorted({w for t in texts for w in unmarked_words(t.split("   [")[0])}, key=str.lower)
            lines.append(f"{name}: {len(texts)} texts outside ⟦…⟧ ({len(words)} words: {', '.join(words)})")
            lines += [f"    {t}" for t in texts]
            lines += [f"    {p}" for p in problems]
        return ("Texts the pseudo-locale pages show outside ⟦…⟧ (strings nobody passed through _()), "
                "by page (screenshots: test-artifacts/pseudo-*.png):\n" + "\n".join(lines))


@pytest.mark.browser
@pytest.mark.slow
def test_every_word_a_widget_shows_went_through_the_catalog(page: Any, pseudo_server: Server) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    walk = PseudoWalk(page, pseudo_server)
    walk.walk()
    (ARTIFACTS / "pseudo-words.txt").write_text(walk.report() + "\n", encoding="utf-8")
    if any(walk.words.values()) or any(walk.problems.values()):  # read() opens an entry for every page it reads
        pytest.fail(walk.report(), pytrace=False)


# -- the translated pages ---------------------------------------------------------------------------------
LANG = "es"
"""The language of the checks that test the checks (a page made for them, in Spanish)."""
TRANSLATED = page_languages()
"""Every language with pages on disk: each is walked."""

SWITCH = """() => [...document.querySelectorAll('#rendered_cells nav.to-language')].map(nav => {
  const a = nav.querySelector('a[hreflang="en"]');
  return a ? a.href : null; })"""
"""Each language switch on the page: where its English link leads (null: no English link)."""

CLICK_ONE = """() => {
  const usable = b => b.getClientRects().length && !b.disabled && b.getAttribute('aria-disabled') !== 'true';
  const outs = '#rendered_cells .jp-OutputArea-output ';
  const all = [...document.querySelectorAll(outs + 'button')].filter(usable);
  const b = all.find(b => !b.classList.contains('to-card')) || all[0]
    || [...document.querySelectorAll(outs + 'input[type=checkbox], ' + outs + 'select')].filter(usable)[0];
  if (!b) return null;
  b.dataset.thirtyoneAnswer = 'yes';
  const what = b.tagName === 'SELECT' ? 'menu' : b.tagName === 'INPUT' ? 'checkbox' : 'button';
  const name = b.innerText || b.getAttribute('aria-label') || (b.labels && b.labels[0] && b.labels[0].innerText) || '';
  return [what, name.trim()];
}"""
"""Marks the first control of a widget: a button that is not a card if there is one, else a card, else a
checkbox or a menu; returns what it is and its name."""

CARD_NAMES = """() => [...document.querySelectorAll('#rendered_cells .to-card')]
  .map(e => [e.getAttribute('aria-label') || '', e.getAttribute('title') || ''])"""
"""Each drawn card's accessible name and tooltip."""

CARD_FACES = """() => [...document.querySelectorAll('#rendered_cells .to-card:not(.to-back)')]
  .map(e => [e.dataset.card || '', [...e.querySelectorAll('.to-corner')].map(c => c.textContent.trim())])"""
"""Each face-up card's engine code (``data-card``, ``"Q♥"`` in every language) and the letters on its corners."""


def card_faces(lang: str) -> dict[str, str]:
    """What each card's corners say on a page in ``lang``, by its engine code: German decks print D for the queen
    and B for the jack (``{"Q♥": "D", ...}``; :func:`thirtyone.i18n.card_text` without the suit)."""
    from thirtyone import i18n
    from thirtyone.cards import ALL_CARDS

    with i18n.using(lang):
        return {str(c): i18n.card_text(c)[:-1] for c in ALL_CARDS}


def card_words(lang: str) -> tuple[set[str], str]:
    """Every name a card may have on a page in ``lang`` (:func:`thirtyone.i18n.card_name` of each rank and suit,
    and "face-down card", as widgets/card.py's card_words says them) and its "counts" tooltip."""
    from thirtyone import i18n
    from thirtyone.cards import RANK_NAMES, SUIT_NAMES

    with i18n.using(lang):
        names = {i18n.card_name(rank, suit) for rank in RANK_NAMES for suit in SUIT_NAMES}
        return names | {i18n._("face-down card")}, i18n._("counts")

CUT_OFF = """() => [...document.querySelectorAll(
    '#rendered_cells .jp-OutputArea-output :is(button, label, .widget-label, .widget-label-basic)')]
  .filter(e => e.getClientRects().length && !e.closest('.to-card') && e.scrollWidth > e.clientWidth + 1)
  .map(e => `"${e.innerText.trim().slice(0, 60)}": ${e.scrollWidth} px of text in ${e.clientWidth} px`)"""
"""Buttons and labels whose words do not fit them (cut off, or "…"): Spanish and German run longer than English."""

CELL_OF_CLICKED = """() => { const b = document.querySelector('[data-thirtyone-answer]');
  const cell = b && (b.closest('.jp-OutputArea') || b.closest('.jp-Cell'));
  return cell ? cell.innerHTML : ''; }"""


class TranslatedWalk(Walk):
    """The English walk of tests/browser/test_browser_course.py on one language's pages, plus what a translated
    page must be (its language said, its switch to English, its cards named in it, axe, a widget that answers)."""

    def __init__(self, page: Any, server: Any, lang: str) -> None:
        super().__init__(page, server)
        self.lang = lang
        self.FOLDER = f"{lang}/"
        self.cards, self.counts = card_words(lang)
        self.faces = card_faces(lang)
        page.add_init_script(SHOWN)  # every text each page shows, from its first byte (while it loads too)

    def check(self, name: str, width: int) -> None:
        super().check(name, width)
        if not self.page.evaluate(READY):  # reported by the English walk's check
            return
        lang = self.page.evaluate("document.documentElement.lang")
        if lang != self.lang:
            self.fail(f'<html lang="{lang}">, not lang="{self.lang}"')
        self.check_english()
        switches = self.page.evaluate(SWITCH)
        twin = self.server.url(f"voila/render/{name}.ipynb")
        if not switches:
            self.fail("has no language switch (nav.to-language)")
        for href in switches:
            if href != twin:
                self.fail(f"its language switch's English link leads to {href!r}, not the English page {twin}")
        for label, title in self.page.evaluate(CARD_NAMES):
            if label not in self.cards:
                self.fail(f"a card's accessible name is not a card's name in {self.lang!r}", repr(label))
            if title and title != self.counts:
                self.fail(f"a card's tooltip is not in {self.lang!r}", repr(title))
        for code, corners in self.page.evaluate(CARD_FACES):
            if code not in self.faces or corners != [self.faces[code]] * 2:
                self.fail(f"a card's face does not show the letters of {self.lang!r} decks", f"{code}: {corners}")
        if width == WIDE:  # (at 390 px the English walk's check says so)
            for cut in self.page.evaluate(CUT_OFF):
                self.fail("a button's or label's words do not fit it", cut)
        self.axe()
        if width == WIDE and name not in WITHOUT_WIDGETS:
            self.answers_a_click()

    def check_english(self) -> None:
        """No English on the page: not in its tab's title, not in what it shows now (or a screen reader reads),
        not in what it showed while it loaded (Voilà's spinner, a widget's placeholder before it is drawn);
        only the parts marked as English (the language switch's "English") may be."""
        title = self.page.title()
        if english_words(title, self.lang):
            self.fail(f"English in its <title>: {', '.join(english_words(title, self.lang))}", repr(title))
        shown = self.page.evaluate(RECORD_SHOWN)
        heading = page_title(self.name, self.FOLDER)
        if shown is None or not any(text == heading for text, _ in shown):
            self.fail("the record of what it showed while it loaded misses its heading (SHOWN did not run)",
                      repr(heading))
        for where, texts in (("shows", self.page.evaluate(PAGE_TEXT)), ("showed while it loaded", shown or [])):
            for text, lang in texts:
                if lang.split("-")[0] == self.lang and english_words(text, self.lang):
                    self.fail(f"{where} English words: {', '.join(english_words(text, self.lang))}", repr(text[:120]))

    def axe(self) -> None:
        from axe_playwright_python.sync_playwright import Axe

        results = Axe().run(self.page)
        for v in results.response["violations"]:
            if v["impact"] in ("serious", "critical"):
                self.fail(f"axe: {v['id']} ({v['impact']}): {v['help']}",
                          str([n["target"] for n in v["nodes"]][:5]))

    def answers_a_click(self) -> None:
        """The first control of the page's widgets, clicked (a menu: its last choice picked), changes what
        its widget shows: the page's kernel is there and answers."""
        control = self.page.evaluate(CLICK_ONE)
        if control is None:
            self.fail("has widgets but no button, checkbox or menu to use")
            return
        what, label = control
        before = self.page.evaluate(CELL_OF_CLICKED)
        target = self.page.locator("[data-thirtyone-answer]").first
        if what == "menu":
            target.select_option(target.evaluate("s => s.options[s.options.length - 1].value"))
        else:
            target.click()
        try:
            self.page.wait_for_function(f"() => ({CELL_OF_CLICKED})() !== {before!r}", timeout=60_000, polling=200)
        except Exception:  # noqa: BLE001 - reported with the rest
            self.fail(f"its widget did not answer the {what} {label!r} within 60 s")

    def screenshot(self, name: str, width: int) -> None:
        super().screenshot(f"{self.lang}-{name}", width)  # test-artifacts/course-<lang>-<page>-<width>.png


def test_english_words_finds_english_and_spares_spanish() -> None:
    """The matching itself (no browser needed): the English a Spanish page must not show, and what it may."""
    for english in ("Loading widget...", "Running ...", "Executing 3 of 17", "Lesson 1: what is a hand worth?",
                    "Reload the page", "The server is busy: trying again in 5 seconds…", "Next: Lesson 2 →",
                    "Sam knocks", "Your hand"):
        assert english_words(english), english
    for spanish in ("Cargando…", "Cargando la página: 3 de 17…", "Lección 1: ¿cuánto vale una mano?",
                    "El 31: aprende el juego de cartas", "Glosario: las palabras del 31", "Recargar la página",
                    "no, a Ana le quedan 2 vidas", "un as y once puntos", "total: 30,5", "juega contra los bots",
                    "Tiene muchos nombres: Treinta y uno, Scat, Blitz, Ride the Bus", "Board Game Arena y GameCircle",
                    "Error: el servidor no responde", "El Blitz de Board Game Arena prohíbe devolverla",
                    "tómala si piensas quedártela", "Thirty-one, Schwimmen, Knack"):
        assert not english_words(spanish), (spanish, english_words(spanish))


def test_english_words_spares_the_words_german_shares_with_english() -> None:
    """A German page may say "in", "was", "will", "Hand" and "Server"; "the", "knock" or "Loading" it may not."""
    for german in ("Deine Hand ist 24 wert", "Was tust du, wenn Anna klopft?", "Wer will, tauscht in der Mitte",
                   "Der Server antwortet noch nicht", "Lektion 3 von 6: Eine Runde Schwimmen"):
        assert not english_words(german, "de"), (german, english_words(german, "de"))
    for english in ("Loading widget...", "Next: Lesson 2 →", "Sam knocks", "Your hand"):
        assert english_words(english, "de"), english


WATCH = NOTEBOOKS.parent / "share" / "jupyter" / "voila" / "templates" / "thirtyone" / "static" / "watch.js"


def watch_words(script: Path = WATCH) -> dict[str, str]:
    """The page watch's own words (static/watch.js, ``WORDS``; or another of the template's scripts'):
    key -> the English text."""
    block = re.search(r"var WORDS = Object\.assign\(\s*\{(.*?)\n    \},", script.read_text(encoding="utf-8"), re.S)
    assert block, f"static/{script.name} has no WORDS = Object.assign({{…}}, …)"
    words = {}
    for key, text in re.findall(r"^      (\w+):\s*((?:'[^']*'(?:\s*\+\s*)?)+)", block.group(1), re.M):
        words[key] = "".join(re.findall(r"'([^']*)'", text))
    return words


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_translated_page_says_every_word_of_its_own_in_its_language(lang: str) -> None:
    """What the page says around the lesson (the spinner, a widget not drawn yet, the page watch's messages)
    is in static/watch.js's ``WORDS``; every page in ``lang`` brings each of them in ``lang`` (its metadata
    ``thirtyone.words``, from tools/make_notebooks.py), with the same numbers in them."""
    english = watch_words() | watch_words(WATCH.with_name("progress.js"))  # and the progress marks' words
    assert {"loading_page", "loading_step", "loading_widget", "lost", "reload", "stars"} <= set(english), english
    assert english["reload"] == "Reload the page" and english["loading_widget"] == "Loading…"
    words = generator().page_words(lang)
    assert set(words) == set(english), f"the {lang!r} words of the page are not watch.js's and progress.js's WORDS"
    for key, text in words.items():
        assert re.findall(r"\{\w+\}", text) == re.findall(r"\{\w+\}", english[key]), key
        assert not english_words(text, lang), (key, text)
    for notebook in sorted((NOTEBOOKS / lang).glob("*.ipynb")):
        metadata = json.loads(notebook.read_text(encoding="utf-8"))["metadata"]
        assert metadata["thirtyone"] == {"language": lang, "words": words}, notebook.name


FIXTURE_PAGE = """<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>01-scoring</title>{head}</head>
<body><div id="loading"><h2 id="loading_text">{running}</h2></div>
<script>window.update_loading_text = (i, n, text) => {{
  document.getElementById('loading_text').innerHTML = text ?? `Executing ${{i}} of ${{n}}`; }};
window.voila_process = window.update_loading_text;</script>{spinner}
<div id="rendered_cells"><div class="jp-OutputArea-output" id="out"></div>
<nav class="to-language"><strong>Español</strong> · <a href="#" lang="en" hreflang="en">English</a></nav></div>
<script>(async () => {{  // each state painted (two frames) before the next
  const frames = () => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  await frames();
  voila_process(1, 3);
  await frames();
  document.getElementById('loading').remove();
  document.getElementById('out').textContent = 'Loading widget...';
  await frames();
  document.getElementById('out').innerHTML = '<button>Golpear</button>';
}})();</script>
</body></html>"""


@pytest.mark.browser
def test_the_spanish_checks_see_english_while_a_page_loads_and_the_watch_says_it_in_spanish(browser: Any) -> None:
    """The Spanish walk's record of what a page shows (SHOWN, from its first byte) on a page made to load as
    Voilà's does, without Voilà: the spinner's "Running ...", "Executing 1 of 3", a widget's "Loading
    widget..." are seen though they are gone once the page is drawn; the language switch's "English" is
    English on purpose. Then the same page with the template's additions (the spinner's text taken out, the
    page's Spanish words and static/watch.js, spinner()): everything it ever shows is Spanish, the watch's own message too."""
    spanish = json.dumps(generator().page_words(LANG))
    watch = WATCH.read_text(encoding="utf-8")
    pages = {
        "voila": FIXTURE_PAGE.format(head="", running="Running ...", spinner=""),
        # the watch gives up at once (no retries) on a page that never says it arrived whole: its alert shows
        "ours": FIXTURE_PAGE.format(
            running="",  # the template takes Voilà's "Running ..." out
            head=f"<script>window.THIRTYONE_WORDS = {spanish}; window.THIRTYONE_WATCH = {{retries: []}};</script>"
                 f"<script>{watch}</script>",
            spinner="<script>window.thirtyoneWatch.spinner();</script>"),
    }
    context = browser.new_context(viewport={"width": 390, "height": 600})
    try:
        context.route("http://fixture.test/**", lambda route: route.fulfill(
            content_type="text/html; charset=utf-8", body=pages[route.request.url.rsplit("/", 1)[1]]))
        context.add_init_script(SHOWN)
        page = context.new_page()
        found = {}
        for name in pages:
            page.goto(f"http://fixture.test/{name}")
            page.wait_for_selector("#out button")
            if name == "ours":
                page.wait_for_selector(".to-watch-alert button")
            shown = page.evaluate(RECORD_SHOWN)
            found[name] = ([t for t, lang in shown if lang == LANG and english_words(t)],
                           [t for t, lang in page.evaluate(PAGE_TEXT) if lang == LANG and english_words(t)],
                           [t for t, _ in shown])
        assert found["voila"][0] == ["Running ...", "Executing 1 of 3", "Loading widget..."], found["voila"]
        assert found["voila"][1] == [], "once drawn, the page shows no English (the switch's is marked lang=en)"
        assert "English" in found["voila"][2] and "Golpear" in found["voila"][2]
        assert found["ours"][0] == [] and found["ours"][1] == [], found["ours"]
        assert {"Cargando la página: 1 de 3…", "Cargando…", "Recargar la página",
                generator().page_words(LANG)["gave_up"]} <= set(found["ours"][2]), found["ours"][2]
    finally:
        context.close()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_page_has_its_twin_in_each_language(lang: str) -> None:
    """The walk below covers the whole course in each language: every page is there in it."""
    assert sorted(generator().pages(lang)) == sorted(PAGES)
    assert sorted(p.stem for p in (NOTEBOOKS / lang).glob("*.ipynb")) == sorted(PAGES)


def test_the_card_names_are_each_languages_own() -> None:
    """The names a walk accepts for a card (no browser needed): the catalog's, whole."""
    names, counts = card_words(LANG)
    assert {"rey de corazones", "as de picas", "carta boca abajo"} <= names and counts == "cuenta"
    assert "king of hearts" not in names and len(names) == 53
    assert card_faces("es")["Q♥"] == "Q" and card_faces("de")["Q♥"] == "D" and card_faces("de")["J♠"] == "B"
    assert card_faces("de")["K♦"] == "K" and card_faces("de")["10♣"] == "10"


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_translated_course_reads_at_1280_and_390_px(page: Any, voila_server: Server, lang: str) -> None:
    walk = TranslatedWalk(page, voila_server, lang)
    walk.walk()
    walk.name = "(after the walk)"
    if walk.found:
        pytest.fail(walk.report().replace("course-*.png", f"course-{lang}-*.png"), pytrace=False)

