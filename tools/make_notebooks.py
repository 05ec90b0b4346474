"""Write notebooks/*.ipynb from the lesson texts in tools/lessons/*.md.

Each lesson is one Markdown file. A line ``+++`` separates cells. A fenced block
```` ```python ```` is a code cell; ```` ```python checked ```` followed by an ```` ```output ````
block is a cell nbval checks: the text it must print is kept in the cell's metadata
(``thirtyone.expected_output``; tests/conftest.py hands it to nbval as the cell's output).
Everything else is a Markdown cell. Every page gets the course bar (where the learner is,
previous, next, all lessons, the glossary, the Review) at its top and bottom, from the course manifest
(:mod:`thirtyone.course`: which pages there are, in which order, and their titles in each language).

Languages (issue 13): ``tools/lessons/<lang>/*.md`` are the course in another language, each a whole text
translated from the English one, written to ``notebooks/<lang>/`` with the bar in that language
(:data:`LANGUAGES`) and every link within it. Such a page's first code cell starts by choosing its language
(``thirtyone.i18n.use("es")``: the widgets speak it). A page the language does not have yet is linked in
English, said so. Every page's bar ends with the language switch (English · Español · Deutsch: every language of
:data:`LANGUAGES` that has the page) to its twins.

No execution counts and no outputs. Edit a lesson's .md, run ``.venv/bin/python tools/make_notebooks.py``,
commit both.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import NamedTuple

from thirtyone import course

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LESSONS_DIR = Path(__file__).resolve().parent / "lessons"
BINDER = ("https://mybinder.org/v2/gh/thirtyone/thirtyone/HEAD"
          "?urlpath=voila%2Frender%2Fnotebooks%2Findex.ipynb")
PAGES = [p.stem for p in course.PAGES]
"""Every page's stem, in the course's order (:data:`thirtyone.course.PAGES`, the one list of the pages: their
titles, exercises and server pools are there; the generator reads it anew on every call, so this list is only
for those who walk the course as it was when they imported it)."""


class Language(NamedTuple):
    """One language of the course: the words of the course bar and the switch (the pages' titles and the short
    names the bars link to them by are the course manifest's, :mod:`thirtyone.course`)."""

    code: str
    name: str
    """The language's name in itself (what the switch shows)."""
    words: dict[str, str]
    page_words: dict[str, str]
    """What the page itself says around the lesson, in this language: while it loads (Voilà's spinner, a widget
    not drawn yet) and when its kernel is lost (the page watch). English: the template's and
    static/watch.js's own words (empty here); another language: each of watch.js's ``WORDS`` and of
    static/progress.js's (the progress marks of the course bar), translated, but for ``lesson_title``, which
    :func:`page_words` takes from :attr:`words` (a page's metadata ``thirtyone.words``, which the template hands
    to both scripts)."""


LANGUAGES: dict[str, Language] = {lang.code: lang for lang in (
    Language("en", "English", {
        "lesson": "Lesson {n}", "where": "Lesson {n} of {total}", "prev": "← Previous: {page}",
        "next": "Next: {page} →", "lesson_title": "Lesson {n}: {title}", "bar": "Course", "switch": "Language",
        "in_english": "{page} (in English)"}, {}),
    Language("es", "Español", {
        "lesson": "Lección {n}", "where": "Lección {n} de {total}", "prev": "← Anterior: {page}",
        "next": "Siguiente: {page} →", "lesson_title": "Lección {n}: {title}", "bar": "Curso", "switch": "Idioma",
        "in_english": "{page} (en inglés)"}, {
        "loading_page": "Cargando la página…", "loading_step": "Cargando la página: {i} de {n}…",
        "loading_widget": "Cargando…",
        "lost": "La lección perdió la conexión con el servidor. Tus jugadas de esta página no se guardan. "
                "Recarga la página para empezar de nuevo.",
        "gave_up": "El servidor sigue demasiado ocupado para abrir esta lección. Espera un minuto y recarga la página.",
        "no_answer": "El servidor todavía no responde. Esta página se recargará sola en cuanto responda.",
        "reload": "Recargar la página",
        "busy_one": "El servidor está ocupado: lo intentamos de nuevo en {n} segundo…",
        "busy_many": "El servidor está ocupado: lo intentamos de nuevo en {n} segundos…",
        "stars": "{n} de 3 estrellas", "done": "terminada",
        "continue": "Sigue donde lo dejaste: {name}"}),
    Language("de", "Deutsch", {
        "lesson": "Lektion {n}", "where": "Lektion {n} von {total}", "prev": "← Zurück: {page}",
        "next": "Weiter: {page} →", "lesson_title": "Lektion {n}: {title}", "bar": "Kurs", "switch": "Sprache",
        "in_english": "{page} (auf Englisch)"}, {
        "loading_page": "Die Seite wird geladen …", "loading_step": "Die Seite wird geladen: {i} von {n} …",
        "loading_widget": "Wird geladen …",
        "lost": "Die Lektion hat die Verbindung zum Server verloren. Deine Züge auf dieser Seite werden nicht "
                "gespeichert. Lade die Seite neu, um von vorn zu beginnen.",
        "gave_up": "Der Server ist noch zu stark ausgelastet, um diese Lektion zu öffnen. Warte eine Minute und "
                   "lade die Seite dann neu.",
        "no_answer": "Der Server antwortet noch nicht. Diese Seite lädt sich von selbst neu, sobald er antwortet.",
        "reload": "Seite neu laden",
        "busy_one": "Der Server ist ausgelastet: neuer Versuch in {n} Sekunde …",
        "busy_many": "Der Server ist ausgelastet: neuer Versuch in {n} Sekunden …",
        "stars": "{n} von 3 Sternen", "done": "abgeschlossen",
        "continue": "Mach weiter, wo du aufgehört hast: {name}"}),
)}
"""The course's languages: English first (the source), then each translation."""


def binder(lang: str = "en") -> str:
    """The Binder link to a language's index."""
    return BINDER if lang == "en" else BINDER.replace("%2Findex.ipynb", f"%2F{lang}%2Findex.ipynb")


def pages(lang: str = "en", lessons: Path = LESSONS_DIR) -> list[str]:
    """The pages a language has, in the course's order (:data:`thirtyone.course.PAGES`; English: every one;
    another: those whose text is translated, ``lessons/<lang>/<stem>.md``)."""
    stems = [p.stem for p in course.PAGES]
    if lang == "en":
        return stems
    return [stem for stem in stems if (lessons / lang / f"{stem}.md").exists()]


def md(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": text.strip("\n")}


def code(text: str) -> dict:
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
            "source": text.strip("\n")}


def checked(text: str, printed: str) -> dict:
    """A deterministic cell nbval checks: the text it must print is kept in its metadata (the
    notebook itself carries no outputs)."""
    cell = code("# NBVAL_CHECK_OUTPUT\n" + text.strip("\n"))
    cell["metadata"] = {"thirtyone": {"expected_output": printed.strip("\n") + "\n"}}
    return cell


def course_bar(stem: str, lang: str = "en", have: list[str] | None = None) -> str:
    """The small bar at the top and bottom of every page (in ``lang``; ``have``: the pages that language has, the
    others are linked in English, said so): where the learner is ("Lesson 2 of 6", or the page's title), previous
    and next in the course's order (:data:`thirtyone.course.PAGES`: the index, the lessons, the pages after them,
    and round to the index again: "Next: All lessons"), then, on the index and every lesson, the index ("All
    lessons") and each page after the lessons by its short name; on a page after the lessons, the index unless it
    is next already."""
    word = LANGUAGES[lang].words
    order = list(course.PAGES)
    here = next(p for p in order if p.stem == stem)
    numbers = {p.stem: n for n, p in enumerate(course.lessons(), start=1)}
    index = order[0]
    have = pages(lang) if have is None else have

    def href(page: str) -> str:
        return f"{page}.ipynb" if page in have else f"../{page}.ipynb"

    def name(page: str, text: str) -> str:
        return text if page in have else word["in_english"].format(page=text)

    def shown_lang(page: str) -> str:
        return lang if page in have else "en"

    def called(page: course.Page) -> str:  # a page as "Previous" or "Next" names it
        title = course.title(page.stem, shown_lang(page.stem))
        if page.stem in numbers:
            title = word["lesson_title"].format(n=numbers[page.stem], title=title)
        return name(page.stem, title)

    def short(page: course.Page) -> str:  # a page as the links every lesson's bar has name it
        return name(page.stem, course.link(page.stem, shown_lang(page.stem)))

    i = order.index(here)
    prev = order[i - 1] if here is not index else None
    nxt = order[(i + 1) % len(order)]
    if here.stem in numbers:
        where = word["where"].format(n=numbers[here.stem], total=len(numbers))
    else:
        where = course.title(stem, shown_lang(stem))
    links: list[str] = []
    if prev is not None:
        links.append(f'<a href="{href(prev.stem)}" rel="prev">{word["prev"].format(page=called(prev))}</a>')
    going_round = nxt is index  # the last page leads back to the index, by the name the bars link it by
    links.append(f'<a href="{href(nxt.stem)}" rel="next">'
                 f'{word["next"].format(page=short(nxt) if going_round else called(nxt))}</a>')
    after = [p for p in order if p.kind is course.Kind.AFTER]
    if here.kind is course.Kind.LESSON or (here.kind is course.Kind.AFTER and not going_round):
        links.append(f'<a href="{href(index.stem)}">{short(index)}</a>')
    if here.kind is not course.Kind.AFTER:
        links += [f'<a href="{href(p.stem)}">{short(p)}</a>' for p in after]
    bar = (f'<nav class="to-course-bar" aria-label="{word["bar"]}"><strong>{where}</strong> · '
           + " · ".join(links) + "</nav>")
    return bar + language_switch(stem, lang)


def language_switch(stem: str, lang: str) -> str:
    """English · Español · Deutsch: this page in each language of :data:`LANGUAGES` that has it, in their order,
    the one shown not a link."""
    parts = []
    for code, other in LANGUAGES.items():
        if code == lang:
            parts.append(f'<strong lang="{code}" aria-current="page">{other.name}</strong>')
        elif code == "en" or stem in pages(code):
            up = "" if lang == "en" else "../"
            href = f"{up}{stem}.ipynb" if code == "en" else f"{up}{code}/{stem}.ipynb"
            parts.append(f'<a href="{href}" lang="{code}" hreflang="{code}">{other.name}</a>')
    return (f' <nav class="to-language" aria-label="{LANGUAGES[lang].words["switch"]}">'
            + " · ".join(parts) + "</nav>")


_FENCE = re.compile(r"^```(\w*)( checked)?\n(.*?)\n```$", re.S)


def parse(text: str, binder_link: str = BINDER) -> list[dict]:
    """A lesson's Markdown as cells (see the module docstring)."""
    cells: list[dict] = []
    pending: str | None = None
    for chunk in (c.strip("\n") for c in text.split("\n+++\n")):
        if not chunk:
            continue
        blocks = re.split(r"\n\n(?=```)", chunk)
        for block in blocks:
            m = _FENCE.match(block.strip("\n"))
            if m is None:
                if pending is not None:
                    raise ValueError(f"a checked cell needs its ```output block right after it: {pending[:60]!r}")
                cells.append(md(block.replace("{BINDER}", binder_link)))
            elif m.group(1) == "output":
                if pending is None:
                    raise ValueError(f"an ```output block without a checked cell before it: {block[:60]!r}")
                cells.append(checked(pending, m.group(3)))
                pending = None
            elif m.group(2):
                pending = m.group(3)
            else:
                cells.append(code(m.group(3)))
    if pending is not None:
        raise ValueError(f"a checked cell needs its ```output block: {pending[:60]!r}")
    return cells


def lesson_cells(stem: str, folder: Path = LESSONS_DIR, lang: str = "en") -> list[dict]:
    """A page's cells: the course bar, the lesson, the course bar. Another language's lesson is read from
    ``folder/<lang>/`` and its first code cell chooses the language."""
    bar = md(course_bar(stem, lang, pages(lang, folder)))
    source = folder / f"{stem}.md" if lang == "en" else folder / lang / f"{stem}.md"
    cells = parse(source.read_text(encoding="utf-8"), binder(lang))
    if lang != "en":
        choose = f'from thirtyone.i18n import use\n\nuse("{lang}")  # this page speaks {LANGUAGES[lang].name}'
        first = next((c for c in cells if c["cell_type"] == "code"), None)
        if first is None:
            cells.insert(0, code(choose))
        else:
            first["source"] = choose + "\n\n" + first["source"]
    return [bar, *cells, dict(bar)]


def page_title(cells: list[dict]) -> str:
    """A page's title (the browser's tab, a bookmark): its first heading, as the page shows it."""
    for cell in cells:
        if cell["cell_type"] != "markdown":
            continue
        m = re.search(r"^# +(.+?) *#*$", cell["source"], re.M)
        if m:
            text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", m.group(1))  # a link: its words
            return re.sub(r"[*_`]", "", text).strip()
    raise ValueError("a page needs a heading (# …) to take its title from")


def page_words(lang: str) -> dict[str, str]:
    """What a page in ``lang`` says around the lesson (:attr:`Language.page_words`), with the course bar's name of a
    lesson (``lesson_title``: progress.js's "Continue where you left off" names the lesson as the bar does)."""
    language = LANGUAGES[lang]
    return {**language.page_words, "lesson_title": language.words["lesson_title"]}


def write(name: str, cells: list[dict], folder: Path = NOTEBOOKS, lang: str = "en") -> None:
    """Write one notebook. Its metadata gives the page's title (``title``: the template's ``<title>``, from
    the page's first heading); a page in another language than English says which (``thirtyone.language``,
    for the template's ``<html lang>``) and the words the page says around the lesson (``thirtyone.words``:
    :func:`page_words`)."""
    metadata: dict = {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
        "title": page_title(cells),
    }
    if lang != "en":
        metadata["thirtyone"] = {"language": lang, "words": page_words(lang)}
    nb = {
        "cells": cells,
        "metadata": metadata,
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    cells = [dict(c) for c in cells]
    nb["cells"] = cells
    for i, cell in enumerate(cells):
        cell["id"] = f"{name.split('.')[0]}-{i:02d}"
    (folder / name).write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def write_pseudo(folder: Path, lessons: Path = LESSONS_DIR) -> list[Path]:
    """Every English page with its first code cell choosing the pseudo-locale (``use("pseudo")``: every
    translated message wrapped in ``⟦…⟧``), for a browser walk that looks for words outside the markers in
    the widgets' output (the Markdown prose is translated as whole texts, not through the catalog)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for stem in pages("en", lessons):
        cells = lesson_cells(stem, lessons)
        first = next(c for c in cells if c["cell_type"] == "code")
        first["source"] = 'from thirtyone.i18n import use\n\nuse("pseudo")\n\n' + first["source"]
        write(f"{stem}.ipynb", cells, folder)
        written.append(folder / f"{stem}.ipynb")
    return written


def stale_translations(lessons: Path = LESSONS_DIR) -> list[str]:
    """The translated pages whose English text changed since they were translated: each language's
    ``translated-from.json`` keeps the SHA-256 of the English ``.md`` each page was translated from."""
    import hashlib

    stale = []
    for lang in LANGUAGES:
        record = lessons / lang / "translated-from.json"
        if lang == "en" or not record.exists():
            continue
        hashes = json.loads(record.read_text(encoding="utf-8"))
        for stem in pages(lang, lessons):
            now = hashlib.sha256((lessons / f"{stem}.md").read_bytes()).hexdigest()
            if hashes.get(stem) != now:
                stale.append(f"{lang}/{stem}.md")
    return stale


def main(folder: Path = NOTEBOOKS, lessons: Path = LESSONS_DIR) -> None:
    """Write every page into ``folder``, and each other language's pages into ``folder/<lang>/``."""
    course.check()
    for stem in pages("en", lessons):
        write(f"{stem}.ipynb", lesson_cells(stem, lessons), folder)
    for lang in LANGUAGES:
        if lang == "en" or not pages(lang, lessons):
            continue
        (folder / lang).mkdir(exist_ok=True)
        for stem in pages(lang, lessons):
            write(f"{stem}.ipynb", lesson_cells(stem, lessons, lang), folder / lang, lang)


if __name__ == "__main__":
    main()
    for page in stale_translations():
        print(f"make_notebooks: tools/lessons/{page} was translated from an older English text: bring it up to "
              "date, then record the English file's SHA-256 in its translated-from.json")
