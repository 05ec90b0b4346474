"""The committed notebooks, in every language on disk: no outputs, and exactly what tools/make_notebooks.py writes."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from helpers.languages import notebooks, page_languages

from thirtyone import course

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("lang", ["en", *page_languages()])
def test_notebooks_are_committed_without_outputs(lang: str) -> None:
    """Every language's pages (English: ``notebooks/*.ipynb``; another: ``notebooks/<lang>/``)."""
    assert [p.name for p in NOTEBOOKS] == sorted(p.path for p in course.pages("en"))  # every page of the manifest
    assert notebooks("en") == NOTEBOOKS
    for path in notebooks(lang):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            assert not cell.get("outputs") and not cell.get("execution_count"), f"{path.name}: {cell['id']}"
            if cell["cell_type"] == "code" and "# NBVAL_CHECK_OUTPUT" in cell["source"]:
                assert cell["metadata"]["thirtyone"]["expected_output"].strip(), f"{path.name}: {cell['id']}"


def test_notebooks_are_what_the_generator_writes(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("make_notebooks", ROOT / "tools" / "make_notebooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(tmp_path)
    for path in NOTEBOOKS:
        assert (tmp_path / path.name).read_text(encoding="utf-8") == path.read_text(encoding="utf-8"), (
            f"{path.name} differs from tools/make_notebooks.py: run it and commit both")
