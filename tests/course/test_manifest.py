"""The course manifest (thirtyone/course.py) is the one place the pages are declared: a page added there (and its
text written) is written with its course bar, preheated on a server, remembered with its exercises and listed for
the static build, with no other edit; no other module of the package, the tools, the template or the benchmarks
lists the pages; each language's texts on disk are the pages the manifest titles in it."""

from __future__ import annotations

import ast
import importlib.util
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from helpers.languages import lessons, notebooks, page_languages

from thirtyone import course, progress
from thirtyone.course import Done, Kind, Page, Pool

ROOT = Path(__file__).resolve().parents[2]
PROGRESS_JS = ROOT / "share" / "jupyter" / "voila" / "templates" / "thirtyone" / "static" / "progress.js"


def generator() -> Any:
    """tools/make_notebooks.py, loaded as a module (tools/ is no package)."""
    spec = importlib.util.spec_from_file_location("make_notebooks_manifest", ROOT / "tools" / "make_notebooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bars(path: Path) -> list[str]:
    """A written page's course bars (its first and last cells)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [cells[0]["source"], cells[-1]["source"]]


# -- adding a page ---------------------------------------------------------------------------------------------------
ENDGAME = Page("07-endgame", Kind.LESSON, {"en": "The endgame"}, Pool.ONE_AT_A_TIME,
               exercises=("puzzle",), done=Done({"puzzle": 2}))
"""A seventh lesson, in English only: two answers to its puzzle make it done."""

ENDGAME_TEXT = """# Lesson 7: The endgame

When two players are left, every life counts.

+++

```python
from thirtyone.widgets import Memory

memory = Memory("07-endgame")
memory
```
"""


@pytest.fixture
def seventh_lesson(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The course with :data:`ENDGAME` added to the manifest after lesson 6 and its text written: nothing else."""
    pages = list(course.PAGES)
    pages.insert([p.stem for p in pages].index("06-play") + 1, ENDGAME)
    monkeypatch.setattr(course, "PAGES", tuple(pages))
    texts = tmp_path / "lessons"
    shutil.copytree(ROOT / "tools" / "lessons", texts)
    (texts / "07-endgame.md").write_text(ENDGAME_TEXT, encoding="utf-8")
    return texts


def test_a_page_added_to_the_manifest_is_written_with_the_course_bar(seventh_lesson: Path, tmp_path: Path) -> None:
    course.check()
    written = tmp_path / "notebooks"
    written.mkdir()
    generator().main(written, seventh_lesson)
    page = written / "07-endgame.ipynb"
    assert page.exists() and not (written / "es" / "07-endgame.ipynb").exists()
    assert json.loads(page.read_text(encoding="utf-8"))["metadata"]["title"] == "Lesson 7: The endgame"
    for bar in bars(page):
        assert "<strong>Lesson 7 of 7</strong>" in bar
        assert '<a href="06-play.ipynb" rel="prev">← Previous: Lesson 6: A whole game, with a coach</a>' in bar
        assert '<a href="glossary.ipynb" rel="next">Next: The glossary →</a>' in bar
        assert '<a href="index.ipynb">All lessons</a>' in bar and '<a href="review.ipynb">Review</a>' in bar
    for bar in bars(written / "06-play.ipynb"):
        assert "<strong>Lesson 6 of 7</strong>" in bar
        assert '<a href="07-endgame.ipynb" rel="next">Next: Lesson 7: The endgame →</a>' in bar
    assert '<a href="07-endgame.ipynb" rel="prev">← Previous: Lesson 7: The endgame</a>' in bars(
        written / "glossary.ipynb")[0]
    assert "<strong>Lesson 1 of 7</strong>" in bars(written / "01-scoring.ipynb")[0]
    # a language the lesson is not translated into links to the English page, and says so in its own words
    spanish = bars(written / "es" / "06-play.ipynb")[0]
    assert '<a href="../07-endgame.ipynb" rel="next">Siguiente: Lección 7: The endgame (en inglés) →</a>' in spanish
    assert "<strong>Lección 6 de 7</strong>" in spanish


def test_a_page_added_to_the_manifest_has_its_kernels_on_a_server(seventh_lesson: Path) -> None:
    from thirtyone.server import language_pools, pools

    assert pools({})["07-endgame.ipynb"] == {"pool_size": 1}
    assert pools({"THIRTYONE_CLASS_SIZE": "16"})["07-endgame.ipynb"] == {"pool_size": 2}
    assert "es/07-endgame.ipynb" not in language_pools("es")  # not translated: no page to preheat


def test_a_page_added_to_the_manifest_is_remembered_with_its_exercises(seventh_lesson: Path) -> None:
    from thirtyone.widgets import Memory

    stored = progress.answered(progress.fresh(), "07-endgame", "puzzle", True)
    stored = progress.answered(stored, "07-endgame", "gone", True)  # an exercise the page no longer has: dropped
    m = Memory("07-endgame")
    m.set_state({"loaded": progress.dump(stored), "clock_days": 0.0})
    assert m.record["pages"]["07-endgame"] == {"done": False, "exercises": {"puzzle": {"right": 1, "asked": 1}}}
    m.answered("puzzle", False)
    assert m.record["pages"]["07-endgame"]["done"] is True  # its second answer: done, as the manifest says


def test_a_page_added_to_the_manifest_is_listed_for_the_static_build(seventh_lesson: Path, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    listed = course.pages("en")
    assert listed[[p.stem for p in listed].index("06-play") + 1] == course.Listed(
        "07-endgame", "07-endgame.ipynb", "The endgame", Kind.LESSON)
    assert "07-endgame" not in [p.stem for p in course.pages("es")]
    # the static build takes these pages, and only these: a notebook lying in notebooks/ is no page of the course
    written = tmp_path / "notebooks"
    written.mkdir()
    generator().main(written, seventh_lesson)
    (written / "scratch.ipynb").write_text((written / "index.ipynb").read_text(encoding="utf-8"), encoding="utf-8")
    spec = importlib.util.spec_from_file_location("static_build_manifest", ROOT / "tools" / "static" / "build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    monkeypatch.setattr(build, "NOTEBOOKS", written)
    built = [path.as_posix() for path in build.notebook_pages()]
    assert sorted(built) == sorted(p.path for lang in ["en", *page_languages()] for p in course.pages(lang))
    assert built[built.index("06-play.ipynb") + 1] == "07-endgame.ipynb" and "scratch.ipynb" not in built


# -- the manifest itself ---------------------------------------------------------------------------------------------
def test_the_manifest_is_a_course() -> None:
    course.check()
    assert [p.stem for p in course.lessons()][:1] == ["01-scoring"] and course.PAGES[0].stem == "index"


@pytest.mark.parametrize(("change", "said"), [
    (lambda pages: [*pages[:2], pages[3], pages[2], *pages[4:]], "lesson 2's stem is 02-<name>"),
    (lambda pages: [pages[1], pages[0], *pages[2:]], "the index comes first"),
    (lambda pages: [*pages, ENDGAME], "the index comes first, then the lessons"),
    (lambda pages: [*pages, ENDGAME._replace(kind=Kind.AFTER, link={"en": "End"})], "only a lesson's stem"),
    (lambda pages: [*pages[:7], ENDGAME._replace(exercises=())], "done by exercises it does not keep"),
    (lambda pages: [*pages[:7], ENDGAME._replace(done=Done({}))], "done by nothing"),
    (lambda pages: [*pages[:7], ENDGAME._replace(titles={"es": "El final"})], "a title in English"),
    (lambda pages: [*pages, pages[-1]._replace(link=None)], "a stem is used twice"),
    (lambda pages: [*pages[:-1], pages[-1]._replace(link={"en": "Review"})], "a short name for the bars"),
])
def test_a_manifest_that_cannot_be_the_course_is_refused_saying_why(change: Any, said: str) -> None:
    with pytest.raises(ValueError, match=re.escape(said)):
        course.check(tuple(change(list(course.PAGES))))


@pytest.mark.parametrize("lang", ["en", *page_languages()])
def test_each_languages_texts_are_the_pages_the_manifest_titles_in_it(lang: str) -> None:
    """A language has a page when the manifest titles it in that language; its text and its notebook are there."""
    titled = sorted(p.stem for p in course.pages(lang))
    assert sorted(path.stem for path in lessons(lang)) == titled
    assert sorted(path.stem for path in notebooks(lang)) == titled


@pytest.mark.parametrize("lang", ["en", *page_languages()])
def test_each_lessons_heading_is_its_title_in_the_manifest(lang: str) -> None:
    """A lesson's page opens with the heading the course bar names it by ("Lesson 2: a round of Scat", the
    manifest's title after the lesson's number, a capital aside): the text and the manifest agree."""
    from thirtyone import i18n

    assert {lang for p in course.PAGES for lang in p.titles} <= set(i18n.LANGUAGES)
    words = generator().LANGUAGES[lang].words
    numbers = {p.stem: n for n, p in enumerate(course.lessons(), start=1)}
    for listed in course.pages(lang):
        if listed.kind is Kind.LESSON:
            notebook = json.loads((ROOT / "notebooks" / listed.path).read_text(encoding="utf-8"))
            named = words["lesson_title"].format(n=numbers[listed.stem], title=listed.title)
            assert notebook["metadata"]["title"].casefold() == named.casefold(), listed.path


def test_progress_js_tells_a_lesson_and_its_number_by_the_manifests_stems() -> None:
    """The course bar's progress marks (static/progress.js) read a lesson from its stem: the manifest's lessons, and
    only they, have the stem it takes for a lesson, beginning with their number."""
    found = re.search(r"function isLesson\(stem\) \{\s*return /(.+?)/\.test\(stem\);", PROGRESS_JS.read_text())
    assert found, "progress.js: isLesson(stem) is not a regular expression test any more"
    pattern = re.compile(found.group(1))
    for number, page in enumerate(course.lessons(), start=1):
        assert pattern.search(page.stem) and int(page.stem[:2]) == number, page.stem
    assert not any(pattern.search(p.stem) for p in course.PAGES if p.kind is not Kind.LESSON)


# -- nothing else lists the pages ------------------------------------------------------------------------------------
ALLOWED: dict[str, str] = {
    "benchmarks/bench_visit.py": "BEFORE: the figures measured for each page before issue 10, a record of that day",
}
"""Files that may name several pages, and why."""


def _names_a_page(text: str, stems: set[str]) -> set[str]:
    """The pages a piece of code names: a string that is a page's stem, or a path to its notebook or its text."""
    found = set()
    for stem in stems:
        if text == stem or re.search(rf"(^|/){re.escape(stem)}\.(ipynb|md|html)$", text):
            found.add(stem)
    return found


def _prose(tree: ast.AST) -> set[int]:
    """The strings that stand alone as statements: docstrings (a module's, a class's, a function's, an
    attribute's)."""
    return {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}


def pages_named(path: Path, stems: set[str]) -> set[str]:
    """The pages a file names in its code (not in its prose: docstrings and comments say which page they mean)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        tree = ast.parse(text)
        prose = _prose(tree)
        return {stem for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in prose for stem in _names_a_page(node.value, stems)}
    code = re.sub(r"/\*.*?\*/|//[^\n]*|\{#.*?#\}|^\s*#[^\n]*", "", text, flags=re.S | re.M)
    return {stem for quoted in re.findall(r"""["']([^"'\n]*)["']""", code) for stem in _names_a_page(quoted, stems)}


def checked_files() -> list[Path]:
    """The package, the tools (not the lesson texts: a page's text may name other pages), the Voilà template, the
    benchmarks, Binder's files, notebooks/voila.py and the Makefile."""
    files = [*(ROOT / "thirtyone").rglob("*.py"), *(ROOT / "tools").glob("*.py"), *(ROOT / "tools").glob("*/*.py"),
             *(ROOT / "share").rglob("*.js"), *(ROOT / "share").rglob("*.j2"), *(ROOT / "benchmarks").glob("*.py"),
             *(ROOT / "binder").glob("*.py"), ROOT / "notebooks" / "voila.py", ROOT / "Makefile"]
    return sorted(f for f in files if f.is_file() and f != ROOT / "thirtyone" / "course.py")


def test_no_other_module_lists_the_pages() -> None:
    """A module that names two pages or more in its code keeps a list of the pages the manifest should give it
    (naming one page, to measure or explain it, is not a list; nor is naming the index, the landing page every
    server and site opens as ``index``)."""
    stems = {p.stem for p in course.PAGES if p.kind is not Kind.INDEX}
    listing = {}
    for path in checked_files():
        name = path.relative_to(ROOT).as_posix()
        named = pages_named(path, stems)
        if len(named) > 1 and name not in ALLOWED:
            listing[name] = sorted(named)
    assert listing == {}, "these list pages that thirtyone/course.py declares: read them from it"
    assert all(len(pages_named(ROOT / name, stems)) > 1 for name in ALLOWED if (ROOT / name).exists()), (
        "an allowance no longer needed")  # (a copy of the package for make mutate has no benchmarks)


def test_the_check_for_lists_of_pages_finds_one(tmp_path: Path) -> None:
    """What the old server settings and memory held is found; a docstring naming pages is not."""
    stems = {p.stem for p in course.PAGES if p.kind is not Kind.INDEX}
    old = tmp_path / "old.py"
    old.write_text('"""Lesson 1 (01-scoring.md) and the glossary (glossary.ipynb)."""\n'
                   'LESSONS = ("02-scat", "03-schwimmen")\n'
                   'sizes = {"index.ipynb": 1, "01-scoring.ipynb": 1, "review.ipynb": 0}\n', encoding="utf-8")
    assert pages_named(old, stems) == {"02-scat", "03-schwimmen", "01-scoring", "review"}
    script = tmp_path / "old.js"
    script.write_text("// the index and 01-scoring\nvar LESSONS = ['01-scoring', 'glossary.ipynb'];\n")
    assert pages_named(script, stems) == {"01-scoring", "glossary"}
