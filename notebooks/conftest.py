"""pytest configuration for the notebooks nbval runs (make test collects notebooks/*.ipynb)."""

from __future__ import annotations

from typing import Any

import pytest


# -- notebooks: the outputs nbval checks live in cell metadata -----------------------------
def pytest_configure(config: pytest.Config) -> None:  # noqa: ARG001
    """Notebooks are committed without outputs. A cell marked ``# NBVAL_CHECK_OUTPUT`` keeps the text
    it must print in ``metadata.thirtyone.expected_output`` (written by tools/make_notebooks.py); here
    nbval is handed that text as the cell's stored output, and compares it with a fresh run."""
    try:
        import nbformat
        from nbval.plugin import IPyNbFile
    except ImportError:  # pragma: no cover - nbval is pinned
        return
    if getattr(IPyNbFile.collect, "expects_from_metadata", False):
        return
    collect = IPyNbFile.collect

    def collect_with_expected_outputs(self: Any) -> Any:
        for item in collect(self):
            cell = item.cell
            expected = cell.metadata.get("thirtyone", {}).get("expected_output")
            if expected is not None and not cell.outputs:
                cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=expected)]
                cell.execution_count = 1
            yield item

    collect_with_expected_outputs.expects_from_metadata = True  # type: ignore[attr-defined]
    IPyNbFile.collect = collect_with_expected_outputs
