"""The test suite's own shape: no test file imports another (what tests share lives in ``tests/helpers/``
or ``conftest.py``), so a test file runs, and is collected, on its own."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


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
    files = sorted([*TESTS.glob("*.py"), *(TESTS / "helpers").glob("*.py")])
    assert len(files) > 40
    imports = {f.relative_to(TESTS).as_posix(): imported_test_files(f.read_text(encoding="utf-8")) for f in files}
    assert {name: found for name, found in imports.items() if found} == {}
