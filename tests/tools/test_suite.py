"""The test suite's own shape: every test file sits in the folder of the layer it tests, and no test file
imports another (what tests share lives in ``tests/helpers/`` or ``conftest.py``), so a test file runs, and
is collected, on its own."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]

LAYERS = {
    "engine": "cards, rules, scoring, the game and its words, the shipped data, the layers themselves",
    "sim": "the simulation engine, the bots, the studies, the coach, the strength arena, the command line",
    "widgets": "the lesson widgets and the card table, driven in pure Python",
    "course": "the pages as a learner reads them: notebooks, languages, what they claim, what a visit loads",
    "server": "the server settings and Binder",
    "classroom": "the class's table service (thirtyone.classroom): its tables, store, protocol and WebSockets",
    "browser": "Debian's chromium against a real Voila server",
    "static": "the static edition (make static) as built, served from files, in Debian's chromium",
    "tools": "the project's own tools (make mutate, the fingerprints) and this suite's shape",
}
"""The folders of ``tests/``: where a new test goes, by what it tests."""


def imported_test_files(source: str) -> list[str]:
    """The test modules (``test_*``) that ``source`` imports, however it names them."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            modules = [node.module or ""] + [f"{node.module or ''}.{a.name}" for a in node.names]
        else:
            continue
        found += [m for m in modules if any(part.startswith("test_") for part in m.split("."))]
    return found


def test_the_check_sees_every_way_to_import_a_test_file() -> None:
    for source in ("import test_cards", "from test_browser_table import keep", "from tests.test_cards import x",
                   "from . import test_cards", "import tests.test_cards as t"):
        assert imported_test_files(source), source
    assert imported_test_files("from helpers.browser import keep\nimport pytest\nfrom conftest import ROOT") == []


def test_no_test_file_imports_another() -> None:
    files = sorted(TESTS.rglob("*.py"))
    assert len(files) > 40
    imports = {f.relative_to(TESTS).as_posix(): imported_test_files(f.read_text(encoding="utf-8")) for f in files}
    assert {name: found for name, found in imports.items() if found} == {}


def test_every_test_file_sits_in_its_layers_folder() -> None:
    tests = sorted(f.relative_to(TESTS) for f in TESTS.rglob("test_*.py"))
    assert len(tests) > 40
    assert [str(f) for f in tests if f.parent.as_posix() not in LAYERS] == []
    assert {f.parent.as_posix() for f in tests} == set(LAYERS)  # no empty layer, none unknown
    assert all(f.name.startswith("test_browser") == (f.parent.as_posix() == "browser") for f in tests)
