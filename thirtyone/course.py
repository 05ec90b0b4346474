"""The course manifest: which pages the course has, in which order, their titles in each language, each page's
exercises and what makes it done, and its preheated kernels on a server. Declared once, here, and read by

- ``tools/make_notebooks.py``, which writes every page with its course bar (where the learner is, previous, next,
  the pages every bar links to, the language switch) from :data:`PAGES` and :func:`title`;
- :mod:`thirtyone.widgets.memory`, whose ``Memory(stem)`` keeps the page's :attr:`Page.exercises` and marks the
  page done by its :attr:`Page.done`;
- :mod:`thirtyone.server`, whose preheat pools give each page the kernels its :attr:`Page.pool` says;
- the static build (``tools/static/``), which takes the pages of each language from :func:`pages`.

Adding a page: write its text (``tools/lessons/<stem>.md``, and ``tools/lessons/<lang>/<stem>.md`` for each
language it is translated into), add a :class:`Page` to :data:`PAGES` where the course bar should walk to it, with
its title in English and in each language it is translated into, then run ``.venv/bin/python
tools/make_notebooks.py``. Nothing else needs an edit: the bars of every page, the server's pools, the memory and
the static site follow. A lesson (:attr:`Kind.LESSON`) goes among the lessons, in their order; its stem is its
two-digit number in the course and a name (``07-endgame``): the course bar counts the lessons, and the page's
progress marks (the template's ``static/progress.js``) tell a lesson and its number from its stem. A page that is
not a lesson (:attr:`Kind.AFTER`, like the glossary) comes after them, has a short name for the other pages' bars
(:attr:`Page.link`) and a stem without a number. What a page's exercises are called is up to the page's code,
which reports them to its ``Memory``; name them here, with how many answers make the page done.

Pure data (no Jupyter import); it sits above :mod:`thirtyone.side_by_side`, whose staged examples lesson 4 is done
with, and below the widgets. Nothing here reads files: which pages a language has is what the manifest titles in
it, and a test checks that each is the set of texts on disk.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import Enum
from typing import NamedTuple

from .side_by_side import GROUPS

__all__ = ["Kind", "Pool", "Done", "Page", "PAGES", "Listed", "page", "pages", "lessons", "title", "link",
           "exercises", "done", "check"]


class Kind(str, Enum):
    """What part a page plays in the course bar."""

    INDEX = "index"
    """The course's first page (its landing page): every lesson listed; the bars' "All lessons"."""
    LESSON = "lesson"
    """A numbered lesson ("Lesson 3 of 6"), walked in order from the index."""
    AFTER = "after"
    """A page after the lessons (the glossary, the Review): linked from the index's and every lesson's bar."""


class Pool(str, Enum):
    """How many kernels wait for a page on a server, already run (``thirtyone.server``'s preheat pools)."""

    ARRIVAL = "arrival"
    """Where learners arrive: one kernel, and a class's size of them where a class arrives together (the index and
    the first lesson)."""
    ONE_AT_A_TIME = "one-at-a-time"
    """Reached one learner at a time, minutes apart (the later lessons): one kernel, two for a class."""
    NONE = "none"
    """No kernel waits: one starts when the page is visited (a side trip from the bar, light to start)."""


class Done(NamedTuple):
    """When a page is done: each exercise of ``needs`` answered (or finished) at least that many times, and every
    one of ``sights`` seen in one visit."""

    needs: Mapping[str, int]
    sights: tuple[str, ...] = ()


class Page(NamedTuple):
    """One page of the course."""

    stem: str
    """Its file name without ``.md``/``.ipynb``; also its name in the learner's record."""
    kind: Kind
    titles: Mapping[str, str]
    """Its title in each language it is written in (English first; a language it is not translated into has none,
    and links to the English page): a lesson's title after "Lesson N:", another page's name where the bar says
    where the learner is, or links to it as previous or next."""
    pool: Pool
    link: Mapping[str, str] | None = None
    """A page that is no lesson: its short name in each language, for the links every lesson's bar has to it
    ("Glossary"; the index: "All lessons")."""
    exercises: tuple[str, ...] = ()
    """The exercises the learner's record keeps for the page (the names its code reports to its ``Memory``)."""
    done: Done | None = None
    """What makes the page done; ``None``: only the page's code says so (lesson 6, by a game played to its end), or
    it is never done (the Review has no end)."""


PAGES: tuple[Page, ...] = (
    Page("index", Kind.INDEX, {"en": "The course", "es": "El curso", "de": "Der Kurs"}, Pool.ARRIVAL,
         link={"en": "All lessons", "es": "Todas las lecciones", "de": "Alle Lektionen"}),
    Page("01-scoring", Kind.LESSON, {"en": "What is a hand worth?", "es": "¿Cuánto vale una mano?",
                                     "de": "Was ist eine Hand wert?"}, Pool.ARRIVAL,
         exercises=("quiz", "tie"), done=Done({"quiz": 5, "tie": 3})),
    Page("02-scat", Kind.LESSON, {"en": "A round of Scat", "es": "Una ronda de Scat", "de": "Eine Runde Scat"},
         Pool.ONE_AT_A_TIME, exercises=("scat", "scat-31"), done=Done({"scat": 1, "scat-31": 1})),
    Page("03-schwimmen", Kind.LESSON, {"en": "A round of Schwimmen", "es": "Una ronda de Schwimmen",
                                       "de": "Eine Runde Schwimmen"}, Pool.ONE_AT_A_TIME,
         exercises=("schwimmen", "feuer"), done=Done({"schwimmen": 1, "feuer": 1})),
    Page("04-variants", Kind.LESSON, {"en": "One game, many rule sets", "es": "Un juego, muchos reglamentos",
                                      "de": "Ein Spiel, viele Regelwerke"}, Pool.ONE_AT_A_TIME,
         done=Done({}, tuple(key for group in GROUPS.values() for key in group))),
    Page("05-knock-timing", Kind.LESSON, {"en": "When to knock", "es": "Cuándo golpear", "de": "Wann klopfen?"},
         Pool.ONE_AT_A_TIME, exercises=("drill", "read"), done=Done({"drill": 5, "read": 3})),
    Page("06-play", Kind.LESSON, {"en": "A whole game, with a coach", "es": "Una partida entera, con entrenador",
                                  "de": "Eine ganze Partie, mit Trainer"}, Pool.ONE_AT_A_TIME,
         exercises=("games",)),
    Page("glossary", Kind.AFTER, {"en": "The glossary", "es": "El glosario", "de": "Das Glossar"}, Pool.NONE,
         link={"en": "Glossary", "es": "Glosario", "de": "Glossar"}),
    Page("review", Kind.AFTER, {"en": "Review", "es": "Repaso", "de": "Wiederholung"}, Pool.NONE,
         link={"en": "Review", "es": "Repaso", "de": "Wiederholung"}),
    Page("class-teacher", Kind.AFTER, {"en": "For the teacher: the class's tables",
                                       "es": "Para docentes: las mesas de la clase",
                                       "de": "Für Lehrkräfte: die Tische der Klasse"}, Pool.NONE,
         link={"en": "For the teacher", "es": "Para docentes", "de": "Für Lehrkräfte"}),
)
"""Every page, in the order the course bar's "Next" links walk them: the index, the lessons, the pages after them
(the last page's "Next" leads back to the index).

When a page is done (``Memory`` marks it as soon as it is):

- lesson 1, "What is a hand worth?": its quiz answered 5 times and its tie quiz 3 times, right or wrong (in this
  visit or before: the record's counts);
- lessons 2 and 3: both of the page's walkthroughs played to their last step (``Memory.finished``);
- lesson 4: every staged example of its five sections shown (the first of each section shows when the page opens,
  the others when chosen from the section's menu), in one visit (``Memory.saw``);
- lesson 5: its drill answered 5 times and its table reading (``TableReading``) 3 times, right or wrong;
- lesson 6: a game played to its end (``progress.played``, which also counts the games won of played).

The index, the glossary, the Review and the page for the teacher (the class's tables, lesson 6's "Play with
others") are never done (the Review has no end).
Preheated kernels: one waits for the index and for each lesson, a class's size of them at the index and lesson 1
(where a class arrives together); none for the glossary, the Review and the teacher's page (side trips from the bar,
quick to start fresh); ``thirtyone/server.py`` says what was measured."""



class Listed(NamedTuple):
    """A page as one language has it (:func:`pages`)."""

    stem: str
    path: str
    """Where it is written under ``notebooks/``: ``01-scoring.ipynb``, ``es/01-scoring.ipynb``."""
    title: str
    """Its title in that language (:attr:`Page.titles`)."""
    kind: Kind


def page(stem: str) -> Page | None:
    """The page ``stem`` (``None``: the course has no such page)."""
    return next((p for p in PAGES if p.stem == stem), None)


def pages(lang: str = "en") -> list[Listed]:
    """The pages ``lang`` has (those titled in it), in the course's order, with where each is written and its
    title: what a build of the whole course in that language takes (the static site, the notebooks)."""
    folder = "" if lang == "en" else f"{lang}/"
    return [Listed(p.stem, f"{folder}{p.stem}.ipynb", p.titles[lang], p.kind) for p in PAGES if lang in p.titles]


def lessons() -> tuple[Page, ...]:
    """The lessons, in order (lesson 1 first)."""
    return tuple(p for p in PAGES if p.kind is Kind.LESSON)


def title(stem: str, lang: str = "en") -> str:
    """Page ``stem``'s title in ``lang``, in English if it has none there."""
    found = _page(stem)
    return found.titles.get(lang) or found.titles["en"]


def link(stem: str, lang: str = "en") -> str:
    """The short name other pages' bars link to page ``stem`` by, in ``lang`` (English if it has none there); a
    lesson's is its title."""
    found = _page(stem)
    names = found.link or found.titles
    return names.get(lang) or names["en"]


def exercises(stem: str) -> tuple[str, ...]:
    """The exercises the record keeps for page ``stem`` (none for a page the course does not have)."""
    found = page(stem)
    return found.exercises if found else ()


def done(stem: str) -> Done | None:
    """What makes page ``stem`` done (``None``: only its code says so, or the course has no such page)."""
    found = page(stem)
    return found.done if found else None


def _page(stem: str) -> Page:
    found = page(stem)
    if found is None:
        raise KeyError(f"the course has no page {stem!r} (thirtyone/course.py: PAGES)")
    return found


def check(course: tuple[Page, ...] | None = None) -> None:
    """Raise a ``ValueError`` saying what is wrong if the manifest (:data:`PAGES`, or ``course``) cannot be the
    course: one index first, the lessons next, numbered in order by their stems, the other pages after them with a
    short name for the bars, every title in English, and no page done by an exercise it does not keep."""
    course = PAGES if course is None else course
    problems = []
    stems = [p.stem for p in course]
    if len(set(stems)) != len(stems):
        problems.append(f"a stem is used twice: {stems}")
    kinds = [p.kind for p in course]
    if kinds != sorted(kinds, key=list(Kind).index) or kinds[:1] != [Kind.INDEX] or kinds.count(Kind.INDEX) != 1:
        problems.append("the index comes first, then the lessons, then the pages after them")
    number = 0
    for p in course:
        if "en" not in p.titles or any(not t for t in p.titles.values()):
            problems.append(f"{p.stem}: a title in English, and no empty title")
        if p.kind is Kind.LESSON:
            number += 1
            if not re.fullmatch(rf"{number:02d}-[a-z0-9]+(-[a-z0-9]+)*", p.stem):
                problems.append(f"{p.stem}: lesson {number}'s stem is {number:02d}-<name> (progress.js reads it)")
            if p.link is not None:
                problems.append(f"{p.stem}: a lesson is linked by its title, not a short name")
        else:
            if re.match(r"[0-9]", p.stem):
                problems.append(f"{p.stem}: only a lesson's stem starts with a number (progress.js reads it)")
            if not p.link or "en" not in p.link or set(p.link) != set(p.titles):
                problems.append(f"{p.stem}: a short name for the bars in each language it is titled in")
        if p.done is not None and not set(p.done.needs) <= set(p.exercises):
            problems.append(f"{p.stem}: done by exercises it does not keep: {sorted(set(p.done.needs))}")
        if p.done is not None and not (p.done.needs or p.done.sights):
            problems.append(f"{p.stem}: done by nothing: give it needs or sights, or no Done")
    if problems:
        raise ValueError("the course manifest (thirtyone/course.py): " + "; ".join(problems))
