"""The files shipped in thirtyone/data/ (thirtyone/shipped.py): each is what its builder computes now, byte for
byte; each is read once per process; a missing or damaged one is computed instead, never an error.

When the engine, a study or a chart changes, a file here goes stale: `make data` (`python -m thirtyone
build-data`) writes them all afresh.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from thirtyone import shipped

SHIPPED_DIR = shipped.DIR
"""The real folder (the tests below that move :data:`thirtyone.shipped.DIR` compare with it)."""


SLOW = {"knock_rules.json"}
"""Files that take a minute or more to compute (120 knock rules × 30 tables × 10,000 rounds, 3 to 5 minutes): checked by
``make test``, not by ``make check``."""


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n in SLOW else n
                                  for n, f in shipped.FILES.items() if not f.measured])  # measured: test_strength.py
def test_each_shipped_file_is_what_its_builder_computes_now(name: str) -> None:
    same = shipped.FILES[name].path.read_bytes() == shipped.build(name)
    assert same, f"thirtyone/data/{name} is stale: run `make data` (python -m thirtyone build-data {name})"


def test_every_file_in_the_data_folder_is_registered() -> None:
    assert sorted(p.name for p in SHIPPED_DIR.iterdir()) == sorted(shipped.FILES)


def test_a_file_is_read_once_and_shared() -> None:
    tables = shipped.load("knock_tables.json")
    assert shipped.load("knock_tables.json") is tables
    assert tables == json.loads((SHIPPED_DIR / "knock_tables.json").read_text(encoding="utf-8"))
    assert bytes(shipped.load("hand_tables.bin")) == (SHIPPED_DIR / "hand_tables.bin").read_bytes()


@pytest.fixture
def elsewhere(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """An empty folder in place of thirtyone/data/, and nothing read yet but the knock-rule tournament (the
    intermediate's thresholds, which other builders read: a minute to compute, checked on its own above)."""
    kept = {"knock_rules.json": shipped.load("knock_rules.json")}
    monkeypatch.setattr(shipped, "DIR", tmp_path)
    monkeypatch.setattr(shipped, "_CACHE", kept)
    return tmp_path


def test_a_missing_file_is_computed_instead(elsewhere: Path) -> None:
    assert bytes(shipped.load("hand_tables.bin")) == (SHIPPED_DIR / "hand_tables.bin").read_bytes()
    assert not (elsewhere / "hand_tables.bin").exists()  # computed, not written


def test_a_damaged_file_is_computed_instead(elsewhere: Path) -> None:
    (elsewhere / "hand_tables.bin").write_bytes(bytes(1000))  # the wrong length
    (elsewhere / "precomputed.json").write_text('{"results": ', encoding="utf-8")  # cut short
    assert bytes(shipped.load("hand_tables.bin")) == (SHIPPED_DIR / "hand_tables.bin").read_bytes()
    assert shipped.load("precomputed.json") == json.loads((SHIPPED_DIR / "precomputed.json").read_text("utf-8"))


def test_write_replaces_the_file_and_what_is_read_after_it(elsewhere: Path) -> None:
    (elsewhere / "precomputed.json").write_text('{"results": {}}', encoding="utf-8")
    assert shipped.load("precomputed.json") == {"results": {}}
    assert shipped.write("precomputed.json") == elsewhere / "precomputed.json"
    assert (elsewhere / "precomputed.json").read_bytes() == (SHIPPED_DIR / "precomputed.json").read_bytes()
    assert shipped.load("precomputed.json") == json.loads((SHIPPED_DIR / "precomputed.json").read_text("utf-8"))
    assert sorted(p.name for p in elsewhere.iterdir()) == ["precomputed.json"]  # no part file left


def test_an_unknown_name_says_which_files_there_are() -> None:
    with pytest.raises(ValueError, match=r"no shipped file 'tables\.json'; the files are: hand_tables\.bin, "):
        shipped.load("tables.json")


def test_a_missing_measurement_is_none_never_hours_of_play(elsewhere: Path) -> None:
    """The bots' strength (a measured file, hours to compute) is ``None`` when missing or damaged, and only
    ``build-data strength.json`` computes it."""
    assert shipped.FILES["strength.json"].measured and not shipped.FILES["knock_tables.json"].measured
    assert shipped.load("strength.json") is None
    (elsewhere / "strength.json").write_text("{", encoding="utf-8")
    shipped._CACHE.pop("strength.json")
    assert shipped.load("strength.json") is None
