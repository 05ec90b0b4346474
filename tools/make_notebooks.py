"""Write notebooks/*.ipynb from the lesson texts in tools/lessons/*.md.

Each lesson is one Markdown file. A line ``+++`` separates cells. A fenced block
```` ```python ```` is a code cell; ```` ```python checked ```` followed by an ```` ```output ````
block is a cell nbval checks: the text it must print is kept in the cell's metadata
(``thirtyone.expected_output``; tests/conftest.py hands it to nbval as the cell's output).
Everything else is a Markdown cell. Every page gets the course bar (where the learner is,
previous, next, all lessons, the glossary) at its top and bottom, from :data:`COURSE`.

No execution counts and no outputs. Edit a lesson's .md, run ``.venv/bin/python tools/make_notebooks.py``,
commit both.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LESSONS_DIR = Path(__file__).resolve().parent / "lessons"
BINDER = ("https://mybinder.org/v2/gh/thirtyone/thirtyone/HEAD"
          "?urlpath=voila%2Frender%2Fnotebooks%2Findex.ipynb")

COURSE: list[tuple[str, str]] = [
    ("01-scoring", "What is a hand worth?"),
    ("02-scat", "A round of Scat"),
    ("03-schwimmen", "A round of Schwimmen"),
    ("04-variants", "One game, many rule sets"),
    ("05-knock-timing", "When to knock"),
    ("06-play", "A whole game, with a coach"),
]
"""The lessons in order: file stem and title (the course bar and the index use these)."""
PAGES = ["index", *(stem for stem, _ in COURSE), "glossary"]
"""Every page written, lessons and the two pages around them."""


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


def course_bar(stem: str) -> str:
    """The small bar at the top and bottom of every page: where you are, previous, next, all lessons,
    the glossary."""
    stems = [s for s, _ in COURSE]
    titles = dict(COURSE)
    links: list[str] = []
    if stem in stems:
        i = stems.index(stem)
        where = f"Lesson {i + 1} of {len(COURSE)}"
        prev = ("index", "The course") if i == 0 else (stems[i - 1], f"Lesson {i}: {titles[stems[i - 1]]}")
        nxt = ("glossary", "The glossary") if i == len(stems) - 1 else (
            stems[i + 1], f"Lesson {i + 2}: {titles[stems[i + 1]]}")
        links.append(f'<a href="{prev[0]}.ipynb" rel="prev">← Previous: {prev[1]}</a>')
        links.append(f'<a href="{nxt[0]}.ipynb" rel="next">Next: {nxt[1]} →</a>')
    elif stem == "index":
        where = "The course"
        links.append(f'<a href="{stems[0]}.ipynb" rel="next">Next: Lesson 1: {titles[stems[0]]} →</a>')
    else:
        where = "The glossary"
        links.append(f'<a href="{stems[-1]}.ipynb" rel="prev">← Previous: Lesson {len(stems)}: '
                     f'{titles[stems[-1]]}</a>')
        links.append('<a href="index.ipynb" rel="next">Next: All lessons →</a>')
    if stem in stems:
        links.append('<a href="index.ipynb">All lessons</a>')
    if stem != "glossary":
        links.append('<a href="glossary.ipynb">Glossary</a>')
    return (f'<nav class="to-course-bar" aria-label="Course"><strong>{where}</strong> · '
            + " · ".join(links) + "</nav>")


_FENCE = re.compile(r"^```(\w*)( checked)?\n(.*?)\n```$", re.S)


def parse(text: str) -> list[dict]:
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
                cells.append(md(block.replace("{BINDER}", BINDER)))
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


def lesson_cells(stem: str, folder: Path = LESSONS_DIR) -> list[dict]:
    """A page's cells: the course bar, the lesson, the course bar."""
    bar = md(course_bar(stem))
    return [bar, *parse((folder / f"{stem}.md").read_text(encoding="utf-8")), dict(bar)]


def write(name: str, cells: list[dict], folder: Path = NOTEBOOKS) -> None:
    nb = {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    cells = [dict(c) for c in cells]
    nb["cells"] = cells
    for i, cell in enumerate(cells):
        cell["id"] = f"{name.split('.')[0]}-{i:02d}"
    (folder / name).write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def main(folder: Path = NOTEBOOKS) -> None:
    """Write every page into ``folder``."""
    for stem in PAGES:
        write(f"{stem}.ipynb", lesson_cells(stem), folder)


if __name__ == "__main__":
    main()
